/* bench_host.h - what the CUDA and OpenCL benchmark drivers share: the
 * benchmarks themselves (sizes, methods, verification, the printed table),
 * written once against a small backend interface that each driver fills in.
 * Plain C, also compiled as the CUDA driver's host code. */
#ifndef BENCH_HOST_H
#define BENCH_HOST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_fold.h"

#define BENCH_REPS 7
#define BENCH_UNRANK_CHECK (1ull << 20)                  /* ranks checked against the host */

typedef struct bench_backend bench_backend;
struct bench_backend {
    char device[256];
    /* one launch of a method (section, method, n; count: ranks for unrank) */
    void (*launch)(bench_backend *b, int section, int method, int n, kperm_u64 count);
    /* median milliseconds of BENCH_REPS timed launches after a warm-up */
    double (*time_ms)(bench_backend *b, int section, int method, int n, kperm_u64 count);
    /* the write ceiling: GB/s of a plain 16-byte store kernel over `bytes`
     * (or over the whole buffer, where that is smaller) */
    double (*store_gbs)(bench_backend *b, size_t bytes);
    kperm_u64 (*sum)(bench_backend *b);                  /* the last launch's partial sums, added */
    void (*poison)(bench_backend *b, size_t bytes);      /* the materialize buffer set to 0xff */
    void (*row)(bench_backend *b, int n, kperm_rank r, kperm_u8 *row); /* a row of it */
    kperm_u64 (*buffer_sum)(bench_backend *b, size_t bytes); /* checksum of the whole buffer */
    void (*upload)(bench_backend *b, const void *data, size_t bytes); /* into the buffer's start */
    void *state;
};

static inline double bench_median(const float *t, int count)
{
    float s[64];
    int i, j;
    memcpy(s, t, sizeof *t * (size_t)count);
    for (i = 1; i < count; i++)
        for (j = i; j > 0 && s[j - 1] > s[j]; j--) {
            float x = s[j];
            s[j] = s[j - 1];
            s[j - 1] = x;
        }
    return count % 2 ? s[count / 2] : 0.5 * (s[count / 2 - 1] + s[count / 2]);
}

/* Wong's table: i! * j */
static inline void bench_seed_table(kperm_u64 table[KPERM_MAX_N + 1][KPERM_MAX_N + 1])
{
    int i, j;
    for (i = 0; i <= KPERM_MAX_N; i++)
        for (j = 0; j <= KPERM_MAX_N; j++) {
            kperm_rank f = 1;
            kperm_count(i ? i : 1, &f);
            table[i][j] = f * (kperm_u64)j;
        }
}

static inline kperm_rank bench_fact(int n)
{
    kperm_rank f = 0;
    kperm_count(n, &f);
    return f;
}

/* the fused checksum over all n! permutations, by a recursive generator that
 * builds the packed word position by position (independent of kperm) */
static inline kperm_u64 bench_fused_rec(int n, int i, kperm_u32 unused, kperm_u64 w)
{
    kperm_u64 sum = 0;
    int v;
    if (i == n)
        return bench_mix(w);
    for (v = 0; v < n; v++)
        if (unused >> v & 1u)
            sum += bench_fused_rec(n, i + 1, unused & ~(1u << v), w | (kperm_u64)v << (4 * i));
    return sum;
}

static inline void bench_wrong(const char *what, int n, const char *method, kperm_u64 got, kperm_u64 want)
{
    printf("%s n=%d %s: WRONG, %016llx where %016llx was expected\n", what, n, method, got, want);
    exit(1);
}

static inline void bench_materialize(bench_backend *b, int n, double ceiling_gbs)
{
    static const char *names[3] = {"seed (unrank per rank, chars)", "plain chunked + textbook next",
                                   "kperm blocks + staged stores"};
    kperm_rank total = bench_fact(n);
    size_t bytes = (size_t)total * (size_t)n;
    kperm_u64 ref = 0;
    double ms[3];
    int m, k;
    for (m = 0; m < 3; m++) {
        kperm_u8 got[KPERM_MAX_N], want[KPERM_MAX_N];
        kperm_u64 sum;
        int bad = 0;
        /* poisoned buffer, one run, rows 0..999, the last 1000 and 20000 random
         * ones against host kperm_unrank, and the whole buffer's checksum
         * equal for every method */
        b->poison(b, bytes);
        b->launch(b, BENCH_MATERIALIZE, m, n, 0);
        for (k = 0; k < 22000; k++) {
            kperm_rank r = k < 1000 ? (kperm_rank)k : k < 2000 ? total - 2000 + (kperm_rank)k
                                                               : bench_random_rank((kperm_u64)k, total);
            b->row(b, n, r, got);
            kperm_unrank(r, n, want);
            bad += memcmp(got, want, (size_t)n) != 0;
        }
        sum = b->buffer_sum(b, bytes);
        if (m == 0)
            ref = sum;
        if (bad)
            bench_wrong("materialize (bad rows)", n, names[m], (kperm_u64)bad, 0);
        if (sum != ref)
            bench_wrong("materialize (buffer checksum)", n, names[m], sum, ref);
        ms[m] = b->time_ms(b, BENCH_MATERIALIZE, m, n, 0);
    }
    for (m = 0; m < 3; m++) {
        double gbs = (double)bytes / ms[m] / 1e6;
        printf("| materialize | %2d | %-31s | %8.3f | %7.2f G/s | %6.1f GB/s = %5.1f%% of the write ceiling | %5.2fx seed | %5.2fx plain |\n",
               n, names[m], ms[m], (double)total / ms[m] / 1e6, gbs, 100 * gbs / ceiling_gbs, ms[0] / ms[m],
               ms[1] / ms[m]);
    }
}

static inline void bench_unrank(bench_backend *b, int n, kperm_u64 count)
{
    static const char *names[3] = {"seed (table + taken[] scan)", "kperm_unrank (bytes)", "kperm_unrank_packed"};
    kperm_rank total = bench_fact(n);
    kperm_u64 want = 0, i;
    kperm_u8 p[KPERM_MAX_N];
    double ms[3];
    int m, methods = n <= KPERM_MAX_PACKED_N ? 3 : 2;
    for (i = 0; i < BENCH_UNRANK_CHECK; i++) {
        kperm_unrank(bench_random_rank(i, total), n, p);
        want += bench_mix(bench_key(p, n));
    }
    for (m = 0; m < methods; m++) {
        kperm_u64 got;
        b->launch(b, BENCH_UNRANK, m, n, BENCH_UNRANK_CHECK);
        got = b->sum(b);
        if (got != want)
            bench_wrong("unrank", n, names[m], got, want);
        ms[m] = b->time_ms(b, BENCH_UNRANK, m, n, count);
    }
    for (m = 0; m < methods; m++)
        printf("| unrank      | %2d | %-31s | %8.3f | %7.2f G/s | %llu random ranks | %5.2fx seed | |\n", n, names[m],
               ms[m], (double)count / ms[m] / 1e6, count, ms[0] / ms[m]);
}

static inline void bench_fused(bench_backend *b, int n, int with_seed)
{
    static const char *names[F_METHODS] = {"seed (unrank per rank)", "plain chunked + textbook next",
                                           "kperm cursor (general API)", "kperm blocks s=4 (packed)",
                                           "kperm blocks s=5 (packed)", "kperm packed cursor",
                                           "kperm walk, kperm_walk_has per k", "kperm walk (documented loop)",
                                           "kperm cursor128 (128-bit ranks)", "kperm_unrank + kperm_next (bytes)"};
    kperm_rank total = bench_fact(n);
    kperm_u64 ref = 0;
    double ms[F_METHODS] = {0};
    int m, have_ref = n <= 12, first = with_seed ? F_SEED : F_PLAIN;
    if (have_ref)
        ref = bench_fused_rec(n, 0, (1u << n) - 1, 0);
    for (m = first; m < F_METHODS; m++) {
        kperm_u64 got;
        b->launch(b, BENCH_FUSED, m, n, 0);
        got = b->sum(b);
        if (!have_ref) { /* n > 12: every method must agree with the first */
            ref = got;
            have_ref = 1;
        }
        if (got != ref)
            bench_wrong("fused", n, names[m], got, ref);
        ms[m] = b->time_ms(b, BENCH_FUSED, m, n, 0);
    }
    for (m = first; m < F_METHODS; m++)
        printf("| fused       | %2d | %-31s | %8.3f | %7.2f G/s | checksum %016llx | %s | %5.2fx plain |\n", n, names[m],
               ms[m], (double)total / ms[m] / 1e6, ref, with_seed ? "" : "seed skipped (hours)", ms[F_PLAIN] / ms[m]);
}

/* the other families' unrank rates (method = family: multiset, k-permutation,
 * 128-bit, the multiset through its plan, which goes to the device buffer) */
static inline void bench_families(bench_backend *b, kperm_u64 count)
{
    static const char *names[BENCH_FAMILIES] = {"kperm_ms_unrank, 4 values x 4", "kperm_kp_unrank, P(32, 8)",
                                                "kperm_unrank128, n = 30", "kperm_ms_unrank_plan, 4 x 4",
                                                "kperm_cursor, a walk from 20!/2", "kperm_cursor128, the same walk"};
    static const int ns[BENCH_FAMILIES] = {16, BENCH_KP_N, BENCH_N128, 16, BENCH_LONG_N, BENCH_LONG_N};
    static kperm_u64 plan[KPERM_MAX_MS_PLAN];
    kperm_u8 counts[BENCH_MS_VALUES] = {4, 4, 4, 4};
    int f;
    kperm_ms_plan(counts, BENCH_MS_VALUES, plan);
    b->upload(b, plan, sizeof plan);
    for (f = 0; f < BENCH_FAMILIES; f++) {
        /* the walks: 256 times as many ranks timed, 64 times fewer checked (the host's walk is slow) */
        kperm_u64 check = f >= 4 ? BENCH_UNRANK_CHECK / 64 : BENCH_UNRANK_CHECK, visited = f >= 4 ? count * 256 : count;
        kperm_u64 got, want = bench_family(f, check, 0, 1, plan); /* the host, all of it */
        double ms;
        b->launch(b, BENCH_FAMILY, f, 0, check);
        got = b->sum(b);
        if (got != want)
            bench_wrong("family", 0, names[f], got, want);
        ms = b->time_ms(b, BENCH_FAMILY, f, 0, visited);
        printf("| family      | %2d | %-31s | %8.3f | %7.2f G/s | %llu %s | | |\n", ns[f], names[f], ms,
               (double)visited / ms / 1e6, visited, f >= 4 ? "permutations" : "random ranks");
    }
}

/* derangements of n, counted four ways; each count checked against D(n) */
static inline void bench_derange(bench_backend *b, int n)
{
    static const char *names[D_METHODS] = {"textbook loop (bytes, scan)", "kperm cursor (general API)",
                                           "kperm packed cursor", "kperm walk (README example)",
                                           "kperm_skip at the first fixed point"};
    kperm_u64 want = 1, got;
    double ms[D_METHODS];
    int m, k;
    for (k = 2; k <= n; k++) /* D(k) = k D(k-1) + (-1)^k, D(1) = 0 */
        want = k == 2 ? 1 : (kperm_u64)k * want + (k % 2 ? (kperm_u64)-1 : 1);
    for (m = 0; m < D_METHODS; m++) {
        b->launch(b, BENCH_DERANGE, m, n, 0);
        got = b->sum(b);
        if (got != want)
            bench_wrong("derange", n, names[m], got, want);
        ms[m] = b->time_ms(b, BENCH_DERANGE, m, n, 0);
    }
    for (m = 0; m < D_METHODS; m++)
        printf("| derange     | %2d | %-31s | %8.3f | %7.2f G/s | %llu derangements | | %5.2fx textbook |\n", n,
               names[m], ms[m], (double)bench_fact(n) / ms[m] / 1e6, want, ms[D_PLAIN] / ms[m]);
}

/* the multiset and k-permutation spaces walked whole, the textbook loop
 * against kperm's cursor; the methods of a family must agree on the sum */
static inline void bench_family_walks(bench_backend *b)
{
    static const char *names[W_METHODS] = {"textbook loop (bytes)", "kperm_ms_pcursor_init + pcursor",
                                           "textbook (reverse + next)", "kperm_kp_next (bytes)", "kperm_kcursor"};
    kperm_u8 counts[BENCH_WALK_MS_M];
    kperm_rank total[2];
    kperm_u64 sums[W_METHODS];
    double ms[W_METHODS];
    int m;
    bench_walk_counts(counts);
    kperm_ms_count(counts, BENCH_WALK_MS_M, &total[0]);
    kperm_kp_count(BENCH_WALK_KP_N, BENCH_WALK_KP_K, &total[1]);
    for (m = 0; m < W_METHODS; m++) {
        int f = m >= W_KP_TEXTBOOK, base = f ? W_KP_TEXTBOOK : W_MS_TEXTBOOK;
        b->launch(b, BENCH_WALKS, m, 0, total[f]);
        sums[m] = b->sum(b);
        if (sums[m] != sums[base])
            bench_wrong("walks", 0, names[m], sums[m], sums[base]);
        ms[m] = b->time_ms(b, BENCH_WALKS, m, 0, total[f]);
    }
    for (m = 0; m < W_METHODS; m++) {
        int f = m >= W_KP_TEXTBOOK, base = f ? W_KP_TEXTBOOK : W_MS_TEXTBOOK;
        printf("| walks %-5s | %2d | %-31s | %8.3f | %7.2f G/s | checksum %016llx | | %5.2fx textbook |\n",
               f ? "P(n,8)" : "3333 22", f ? BENCH_WALK_KP_N : BENCH_WALK_MS_N, names[m], ms[m],
               (double)total[f] / ms[m] / 1e6, sums[m], ms[base] / ms[m]);
    }
}

/* the subsets of 0..n-1 of k elements (k < 0: of any size) whose group sum
 * is at least `at`, counted by size and sum one element at a time (no walk,
 * no kperm): what the permutation tests' counts must be */
static inline kperm_u64 bench_count_at_least(int n, int k, int at)
{
    int most = 1023 * n, i, j, s;
    size_t row = (size_t)most + 1;
    kperm_u64 *ways = (kperm_u64 *)calloc((size_t)(n + 1) * row, sizeof *ways), count = 0; /* [size][sum] */
    if (!ways) {
        printf("bench_count_at_least: out of memory\n");
        exit(1);
    }
    ways[0] = 1;
    for (i = 0; i < n; i++) /* element i joins the subsets of the elements below it */
        for (j = i; j >= 0; j--)
            for (s = most - bench_value(i); s >= 0; s--)
                ways[(size_t)(j + 1) * row + (size_t)(s + bench_value(i))] += ways[(size_t)j * row + (size_t)s];
    for (j = 0; j <= n; j++)
        for (s = at < 0 ? 0 : at; s <= most && (k < 0 || j == k); s++)
            count += ways[(size_t)j * row + (size_t)s];
    free(ways);
    return count;
}

/* a combinations method's kind: 0 random ranks, 1 a walk's checksum, 2 the test's count */
static inline int bench_comb_kind(int m)
{
    return m < C_WALK_TEXTBOOK ? 0 : m < C_TEST_CURSOR ? 1 : 2;
}

/* combinations: random ranks of C(64, 8) (checked against the host); all
 * C(34, 17) walked by the textbook loop, the cursor and the revolving door
 * (the checksums agree: a sum does not depend on the order); and the
 * two-sample permutation test's count, the group sum recomputed a subset
 * against kept up to date in O(1) a step (checked against the host's count) */
static inline void bench_combinations(bench_backend *b, kperm_u64 count)
{
    static const char *names[C_METHODS] = {"kperm_comb_unrank_mask", "kperm_comb_unrank (bytes)",
                                           "unrank_mask_in (global table)", "textbook (unrank + next, bytes)",
                                           "kperm_comb_cursor (mask)", "kperm_revdoor_cursor (mask)",
                                           "kperm_comb_cursor, recomputed", "kperm_revdoor_cursor, O(1) sum"};
    static const char *kinds[3] = {"unrank", "walk", "test"};
    int observed = bench_observed(BENCH_CWALK_K);
    kperm_rank walk = 0;
    kperm_u64 sums[C_METHODS], want[3];
    double ms[C_METHODS];
    int m;
    want[0] = bench_comb_unrank(C_UNRANK_MASK, BENCH_UNRANK_CHECK, 0, 1, kperm_comb_table);
    want[2] = bench_count_at_least(BENCH_CWALK_N, BENCH_CWALK_K, observed);
    b->upload(b, kperm_comb_table, sizeof kperm_comb_table); /* the binomials in global memory, for C_UNRANK_TABLE */
    kperm_comb_count(BENCH_CWALK_N, BENCH_CWALK_K, &walk);
    for (m = 0; m < C_METHODS; m++) {
        int kind = bench_comb_kind(m);
        b->launch(b, BENCH_COMB, m, 0, kind ? walk : BENCH_UNRANK_CHECK);
        sums[m] = b->sum(b);
        want[1] = sums[C_WALK_TEXTBOOK]; /* the walks agree with the first */
        if (sums[m] != want[kind])
            bench_wrong("comb", 0, names[m], sums[m], want[kind]);
        ms[m] = b->time_ms(b, BENCH_COMB, m, 0, kind ? walk : count);
    }
    for (m = 0; m < C_METHODS; m++) {
        int kind = bench_comb_kind(m);
        char what[64];
        if (kind == 2)
            snprintf(what, sizeof what, "count %llu, group sum >= %d", sums[m], observed);
        printf("| comb %-6s | %2d | %-31s | %8.3f | %7.2f G/s | %s | | %5.2fx %s |\n", kinds[kind],
               kind ? BENCH_CWALK_N : BENCH_COMB_N, names[m], ms[m], (double)(kind ? walk : count) / ms[m] / 1e6,
               kind == 0 ? "random ranks of C(64, 8)" : kind == 1 ? "all C(34, 17), checksums agree" : what,
               ms[kind == 0 ? C_UNRANK_BYTES : kind == 1 ? C_WALK_TEXTBOOK : C_TEST_CURSOR] / ms[m],
               kind == 0 ? "bytes" : kind == 1 ? "textbook" : "recomputed");
    }
}

/* plain changes: all 13! folded through the step against the textbook
 * lexicographic loop (the sums agree: a sum does not depend on the order),
 * and the sum of adjacent differences, O(n) a permutation against O(1) a
 * step (checked against its closed form (n^2 - 1) / 3 * n!) */
static inline void bench_plain_changes(bench_backend *b)
{
    static const char *names[S_METHODS] = {"textbook lex loop (checksum)", "kperm_sjt_cursor (checksum)",
                                           "textbook lex, sum recomputed", "kperm_sjt_cursor, O(1) update"};
    kperm_rank total = bench_fact(BENCH_SJT_N);
    kperm_u64 sums[S_METHODS], adj = total / 3 * (BENCH_SJT_N * BENCH_SJT_N - 1);
    double ms[S_METHODS];
    int m;
    for (m = 0; m < S_METHODS; m++) {
        kperm_u64 want = m == S_SJT_CURSOR ? sums[S_LEX_TEXTBOOK] : adj;
        b->launch(b, BENCH_SJT, m, BENCH_SJT_N, 0);
        sums[m] = b->sum(b);
        if (m != S_LEX_TEXTBOOK && sums[m] != want)
            bench_wrong("plain changes", BENCH_SJT_N, names[m], sums[m], want);
        ms[m] = b->time_ms(b, BENCH_SJT, m, BENCH_SJT_N, 0);
    }
    for (m = 0; m < S_METHODS; m++)
        printf("| plain chg   | %2d | %-31s | %8.3f | %7.2f G/s | sum %016llx | | %5.2fx textbook |\n", BENCH_SJT_N,
               names[m], ms[m], (double)total / ms[m] / 1e6, sums[m], ms[m < S_ADJ_TEXTBOOK ? S_LEX_TEXTBOOK : S_ADJ_TEXTBOOK] / ms[m]);
}

/* Gray code: all 2^n subsets of n folded by the textbook loop (r ^ (r >> 1)
 * a rank) and by the cursor (the checksums agree), and the test's count of
 * the subsets whose group sum reaches the observed one, recomputed a subset
 * against kept up to date in O(1) a step (both checked against the host's
 * count) */
static inline void bench_gray(bench_backend *b, int n)
{
    static const char *names[G_METHODS] = {"textbook r ^ r >> 1 (checksum)", "kperm_gray_cursor (checksum)",
                                           "textbook r ^ r >> 1, recomputed", "kperm_gray_cursor, O(1) sum"};
    kperm_rank total = KPERM_U64(1) << n;
    int observed = bench_observed(n / 2), m;
    kperm_u64 sums[G_METHODS], count = bench_count_at_least(n, -1, observed);
    double ms[G_METHODS];
    char what[64];
    for (m = 0; m < G_METHODS; m++) {
        kperm_u64 want = m == G_CURSOR ? sums[G_TEXTBOOK] : count;
        b->launch(b, BENCH_GRAY, m, n, total);
        sums[m] = b->sum(b);
        if (m != G_TEXTBOOK && sums[m] != want)
            bench_wrong("gray", n, names[m], sums[m], want);
        ms[m] = b->time_ms(b, BENCH_GRAY, m, n, total);
    }
    for (m = 0; m < G_METHODS; m++) {
        if (m < G_TEST_TEXTBOOK)
            snprintf(what, sizeof what, "checksum %016llx", sums[m]);
        else
            snprintf(what, sizeof what, "count %llu, group sum >= %d", sums[m], observed);
        printf("| gray        | %2d | %-31s | %8.3f | %7.2f G/s | %s | | %5.2fx %s |\n", n, names[m], ms[m],
               (double)total / ms[m] / 1e6, what, ms[m < G_TEST_TEXTBOOK ? G_TEXTBOOK : G_TEST_TEXTBOOK] / ms[m],
               m < G_TEST_TEXTBOOK ? "textbook" : "recomputed");
    }
}

/* the whole benchmark: bench [--quick] [materialize] [unrank] [fused] [family] [derange] [walks] [comb] [sjt] [gray] */
static inline int bench_main(bench_backend *b, int argc, char **argv)
{
    static const char *sections[BENCH_SECTIONS] = {"materialize", "unrank", "fused", "family", "derange", "walks",
                                                   "comb", "sjt", "gray"};
    int quick = 0, only = 0, want[BENCH_SECTIONS] = {0}, a, k;
    double ceiling;
    size_t bytes12 = (size_t)bench_fact(12) * 12;
    for (a = 1; a < argc; a++) {
        quick |= strcmp(argv[a], "--quick") == 0;
        for (k = 0; k < BENCH_SECTIONS; k++)
            if (strcmp(argv[a], sections[k]) == 0)
                want[k] = only = 1;
    }
    for (k = 0; !only && k < BENCH_SECTIONS; k++)
        want[k] = 1;
    printf("device: %s; medians of %d runs after a warm-up\n", b->device, BENCH_REPS);
    ceiling = b->store_gbs(b, bytes12);
    printf("| write ceiling | plain 16-byte stores over %zu bytes | %6.1f GB/s |\n", bytes12, ceiling);
    printf("| benchmark | n | method | ms | permutations/s | | vs seed | vs plain |\n|---|---|---|---|---|---|---|---|\n");
    for (k = 10; want[0] && k <= 12; k++)
        bench_materialize(b, k, ceiling);
    for (k = 12; want[1] && k <= 20; k += 4)
        bench_unrank(b, k, quick ? 1ull << 22 : 1ull << 26);
    for (k = 12; want[2] && k <= (quick ? 13 : 14); k++)
        bench_fused(b, k, k <= 13);
    if (want[3])
        bench_families(b, quick ? 1ull << 22 : 1ull << 26);
    for (k = 12; want[4] && k <= 13; k++)
        bench_derange(b, k);
    if (want[5])
        bench_family_walks(b);
    if (want[6])
        bench_combinations(b, quick ? 1ull << 22 : 1ull << 26);
    if (want[7])
        bench_plain_changes(b);
    if (want[8])
        bench_gray(b, quick ? BENCH_GRAY_QUICK_N : BENCH_GRAY_N);
    return 0;
}

#endif
