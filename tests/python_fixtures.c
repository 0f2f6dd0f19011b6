/* python_fixtures.c - what tests/test_python.py checks the package against,
 * from the C side: the cross-backend vectors and their host C records
 * (DIR/vectors_in.bin, DIR/vectors_want.bin), kperm_cl_source()
 * (DIR/cl_source.txt), kperm_comb_table (DIR/comb_table.bin, little-endian
 * uint64) and the host helpers' answers (DIR/host_vectors.jsonl).
 *     python_fixtures DIR
 *
 * host_vectors.jsonl: one JSON array a line, [python_name, args, result,
 * status]: what the C call that kperm.<python_name>(*args) mirrors returned
 * for those arguments (status, and the result where it is KPERM_OK, else
 * null). Exhaustive small cases of every family, random large ranks (n = 21..34
 * through kperm_unrank128/kperm_rank128_of, combinations to n = 128 through
 * the 128-bit calls, the 64-bit and 128-bit calls side by side where both
 * reach), counts at the overflow edges, and bad input; the subsets in Gray
 * code and revolving-door order as masks (JSON numbers), n = 0 to 64. */
#include "kperm.h"
#include "kperm_cl.h"
#include "lex_vectors.h"
#include "rng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long u64;

static FILE *out;
static u64 rng_state = 0x5eed;

static u64 rng(void)
{
    return test_splitmix(&rng_state);
}

static kperm_rank128 wide(u64 lo)
{
    kperm_rank128 r;
    r.lo = lo;
    r.hi = 0;
    return r;
}

/* r in decimal (JSON numbers are unbounded): long division by 10 on 32-bit pieces */
static void put_rank(kperm_rank128 r)
{
    char buf[48];
    int i = (int)sizeof buf - 1, j;
    buf[i] = 0;
    do {
        u64 part[4], rem = 0;
        part[0] = r.hi >> 32;
        part[1] = r.hi & 0xffffffffu;
        part[2] = r.lo >> 32;
        part[3] = r.lo & 0xffffffffu;
        for (j = 0; j < 4; j++) {
            u64 cur = rem << 32 | part[j];
            part[j] = cur / 10;
            rem = cur % 10;
        }
        r.hi = part[0] << 32 | part[1];
        r.lo = part[2] << 32 | part[3];
        buf[--i] = (char)('0' + rem);
    } while (r.hi || r.lo);
    fputs(buf + i, out);
}

static void put_list(const kperm_u8 *v, int n)
{
    int i;
    fputc('[', out);
    for (i = 0; i < n; i++)
        fprintf(out, "%s%d", i ? ", " : "", v[i]);
    fputc(']', out);
}

/* the line's result and status: the rank, or null on an error */
static void end_rank(int rc, kperm_rank128 r)
{
    fputs("], ", out);
    if (rc == KPERM_OK)
        put_rank(r);
    else
        fputs("null", out);
    fprintf(out, ", %d]\n", rc);
}

static void end_list(int rc, const kperm_u8 *v, int n)
{
    fputs("], ", out);
    if (rc == KPERM_OK)
        put_list(v, n);
    else
        fputs("null", out);
    fprintf(out, ", %d]\n", rc);
}

/* ---- one line per call; `use128`: the 128-bit call where the 64-bit one reaches too */

static void lex_count(int n)
{
    kperm_rank128 c = wide(0);
    int rc = n <= KPERM_MAX_N ? kperm_count(n, &c.lo) : kperm_count128(n, &c);
    fprintf(out, "[\"count\", [%d", n);
    end_rank(rc, c);
}

static void lex_unrank(kperm_rank128 rank, int n, int use128)
{
    kperm_u8 p[64];
    int rc = n <= KPERM_MAX_N && rank.hi == 0 && !use128 ? kperm_unrank(rank.lo, n, p) : kperm_unrank128(rank, n, p);
    fputs("[\"unrank\", [", out);
    put_rank(rank);
    fprintf(out, ", %d", n);
    end_list(rc, p, n);
}

static void lex_rank_of(const kperm_u8 *p, int n, int use128)
{
    kperm_rank128 r = wide(0);
    int rc = n <= KPERM_MAX_N && !use128 ? kperm_rank_of(p, n, &r.lo) : kperm_rank128_of(p, n, &r);
    fputs("[\"rank_of\", [", out);
    put_list(p, n);
    end_rank(rc, r);
}

static void ms_count(const kperm_u8 *counts, int m)
{
    kperm_rank128 c = wide(0);
    int rc = kperm_ms_count(counts, m, &c.lo);
    fputs("[\"ms_count\", [", out);
    put_list(counts, m);
    end_rank(rc, c);
}

static int ms_size(const kperm_u8 *counts, int m)
{
    int v, n = 0;
    for (v = 0; v < m; v++)
        n += counts[v];
    return n;
}

static void ms_unrank(u64 rank, const kperm_u8 *counts, int m)
{
    kperm_u8 p[256];
    int rc = kperm_ms_unrank(rank, counts, m, p);
    fprintf(out, "[\"ms_unrank\", [%llu, ", rank);
    put_list(counts, m);
    end_list(rc, p, ms_size(counts, m));
}

static void ms_rank_of(const kperm_u8 *p, const kperm_u8 *counts, int m)
{
    kperm_rank128 r = wide(0);
    int rc = kperm_ms_rank_of(p, counts, m, &r.lo);
    fputs("[\"ms_rank_of\", [", out);
    put_list(p, ms_size(counts, m));
    fputs(", ", out);
    put_list(counts, m);
    end_rank(rc, r);
}

static void kp_count(int n, int k)
{
    kperm_rank128 c = wide(0);
    int rc = kperm_kp_count(n, k, &c.lo);
    fprintf(out, "[\"kp_count\", [%d, %d", n, k);
    end_rank(rc, c);
}

static void kp_unrank(u64 rank, int n, int k)
{
    kperm_u8 p[64];
    int rc = kperm_kp_unrank(rank, n, k, p);
    fprintf(out, "[\"kp_unrank\", [%llu, %d, %d", rank, n, k);
    end_list(rc, p, k);
}

static void kp_rank_of(const kperm_u8 *p, int n, int k)
{
    kperm_rank128 r = wide(0);
    int rc = kperm_kp_rank_of(p, n, k, &r.lo);
    fputs("[\"kp_rank_of\", [", out);
    put_list(p, k);
    fprintf(out, ", %d", n);
    end_rank(rc, r);
}

static void comb_count(int n, int k, int use128)
{
    kperm_rank128 c = wide(0);
    int rc = n <= KPERM_MAX_COMB_N && !use128 ? kperm_comb_count(n, k, &c.lo) : kperm_comb_count128(n, k, &c);
    fprintf(out, "[\"comb_count\", [%d, %d", n, k);
    end_rank(rc, c);
}

static void comb_unrank(kperm_rank128 rank, int n, int k, int use128)
{
    kperm_u8 p[KPERM_MAX_COMB128_N];
    int rc = n <= KPERM_MAX_COMB_N && rank.hi == 0 && !use128 ? kperm_comb_unrank(rank.lo, n, k, p)
                                                               : kperm_comb_unrank128(rank, n, k, p);
    fputs("[\"comb_unrank\", [", out);
    put_rank(rank);
    fprintf(out, ", %d, %d", n, k);
    end_list(rc, p, k);
}

static void comb_rank_of(const kperm_u8 *p, int n, int k, int use128)
{
    kperm_rank128 r = wide(0);
    int rc = n <= KPERM_MAX_COMB_N && !use128 ? kperm_comb_rank_of(p, n, k, &r.lo) : kperm_comb_rank128_of(p, n, k, &r);
    fputs("[\"comb_rank_of\", [", out);
    put_list(p, k);
    fprintf(out, ", %d", n);
    end_rank(rc, r);
}

static void sjt_unrank(u64 rank, int n)
{
    kperm_u8 p[64];
    int rc = kperm_sjt_unrank(rank, n, p);
    fprintf(out, "[\"sjt_unrank\", [%llu, %d", rank, n);
    end_list(rc, p, n);
}

static void sjt_rank_of(const kperm_u8 *p, int n)
{
    kperm_rank128 r = wide(0);
    int rc = kperm_sjt_rank_of(p, n, &r.lo);
    fputs("[\"sjt_rank_of\", [", out);
    put_list(p, n);
    end_rank(rc, r);
}

static void gray_count(int n)
{
    kperm_rank128 c = wide(0);
    int rc = kperm_gray_count(n, &c.lo);
    fprintf(out, "[\"gray_count\", [%d", n);
    end_rank(rc, c);
}

static void gray_unrank(u64 rank, int n)
{
    kperm_rank128 m = wide(0);
    int rc = kperm_gray_unrank(rank, n, &m.lo);
    fprintf(out, "[\"gray_unrank\", [%llu, %d", rank, n);
    end_rank(rc, m);
}

static void gray_rank_of(u64 mask, int n)
{
    kperm_rank128 r = wide(0);
    int rc = kperm_gray_rank_of(mask, n, &r.lo);
    fprintf(out, "[\"gray_rank_of\", [%llu, %d", mask, n);
    end_rank(rc, r);
}

static void revdoor_unrank(u64 rank, int n, int k)
{
    kperm_rank128 m = wide(0);
    int rc = kperm_revdoor_unrank_mask(rank, n, k, &m.lo);
    fprintf(out, "[\"revdoor_unrank\", [%llu, %d, %d", rank, n, k);
    end_rank(rc, m);
}

static void revdoor_rank_of(u64 mask, int n)
{
    kperm_rank128 r = wide(0);
    int rc = kperm_revdoor_rank_of_mask(mask, n, &r.lo);
    fprintf(out, "[\"revdoor_rank_of\", [%llu, %d", mask, n);
    end_rank(rc, r);
}

/* ---- the cases */

static void shuffle(kperm_u8 *p, int n)
{
    int i;
    for (i = 0; i < n; i++)
        p[i] = (kperm_u8)i;
    for (i = n - 1; i > 0; i--) {
        int j = (int)(rng() % (u64)(i + 1));
        kperm_u8 t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
}

static void lex_cases(void)
{
    kperm_u8 p[40];
    kperm_rank128 r, last;
    u64 total = 0;
    int n, i;
    for (n = -1; n <= KPERM_MAX_N128 + 1; n++)
        lex_count(n);
    for (n = 1; n <= 7; n++) { /* every rank */
        kperm_count(n, &total);
        for (r = wide(0); r.lo < total; r.lo++) {
            lex_unrank(r, n, 0);
            kperm_unrank(r.lo, n, p);
            lex_rank_of(p, n, 0);
        }
    }
    for (n = 8; n <= KPERM_MAX_N; n++) { /* random ranks, the 64-bit and the 128-bit calls */
        kperm_count(n, &total);
        for (i = 0; i < 20; i++) {
            r = wide(i ? rng() % total : total - 1);
            lex_unrank(r, n, i & 1);
            kperm_unrank(r.lo, n, p);
            lex_rank_of(p, n, i & 1);
        }
    }
    for (n = KPERM_MAX_N + 1; n <= KPERM_MAX_N128; n++) { /* random permutations, then the edges of 64 bits and the last */
        for (i = 0; i < 20; i++) {
            shuffle(p, n);
            lex_rank_of(p, n, 1);
            kperm_rank128_of(p, n, &r);
            lex_unrank(r, n, 1);
        }
        kperm_count128(n, &last);
        last.hi -= last.lo == 0;
        last.lo--;
        for (i = 0; i < 4; i++) { /* 2^64 - 1, 2^64, 2^64 + 1, the last */
            r = i == 3 ? last : wide(i == 0 ? ~0ULL : (u64)i - 1);
            r.hi = i == 1 || i == 2;
            lex_unrank(r, n, 1);
            kperm_unrank128(r, n, p);
            lex_rank_of(p, n, 1);
        }
    }
    /* bad input: ranks at the count, n outside 1..34, repeated or large values */
    lex_unrank(wide(120), 5, 0);
    kperm_count128(25, &r);
    lex_unrank(r, 25, 1);
    lex_unrank(wide(0), 0, 0);
    lex_unrank(wide(0), 35, 1);
    lex_rank_of(p, 0, 0);
    shuffle(p, 35);
    lex_rank_of(p, 35, 1);
    shuffle(p, 25);
    p[3] = p[7];
    lex_rank_of(p, 25, 1);
    p[3] = 25;
    lex_rank_of(p, 25, 1);
    p[0] = 0, p[1] = 0, p[2] = 1;
    lex_rank_of(p, 3, 0);
    p[2] = 3;
    lex_rank_of(p, 3, 0);
}

static void ms_cases(void)
{
    kperm_u8 c[70], p[256];
    u64 total = 0, r;
    int m, code, v, i, n;
    for (m = 1; m <= 3; m++) /* every multiset of up to 3 values, each at most 3 times, every rank */
        for (code = 0; code < 1 << (2 * m); code++) {
            for (v = 0; v < m; v++)
                c[v] = (kperm_u8)((code >> (2 * v)) & 3);
            ms_count(c, m);
            if (kperm_ms_count(c, m, &total) != KPERM_OK)
                continue;
            for (r = 0; r < total; r++) {
                ms_unrank(r, c, m);
                kperm_ms_unrank(r, c, m, p);
                ms_rank_of(p, c, m);
            }
        }
    for (i = 0; i < 400; i++) { /* random multisets of up to 64 elements: large ranks, and overflows */
        m = 1 + (int)(rng() % (i & 1 ? 64 : 4)); /* few values: most counts fit 64 bits */
        n = 1 + (int)(rng() % 64);
        memset(c, 0, sizeof c);
        for (v = 0; v < n; v++)
            c[rng() % (u64)m]++;
        ms_count(c, m);
        if (kperm_ms_count(c, m, &total) != KPERM_OK)
            continue;
        for (v = 0; v < 3; v++) {
            r = v ? rng() % total : total - 1;
            ms_unrank(r, c, m);
            kperm_ms_unrank(r, c, m, p);
            ms_rank_of(p, c, m);
        }
    }
    for (n = 1; n <= 64; n++) { /* the overflow edge: n elements over 2 or 3 values */
        c[0] = (kperm_u8)(n / 2);
        c[1] = (kperm_u8)(n - n / 2);
        ms_count(c, 2);
        c[0] = (kperm_u8)(n / 3);
        c[1] = (kperm_u8)(n / 3);
        c[2] = (kperm_u8)(n - 2 * (n / 3));
        ms_count(c, 3);
    }
    /* bad input: m or n outside 1..64, a rank at the count, values not in the
     * multiset, a count of 2^64 or more */
    memset(c, 1, sizeof c);
    memset(p, 0, sizeof p);
    ms_count(c, 0);
    ms_count(c, 65);
    c[0] = 0, c[1] = 0;
    ms_count(c, 2);
    c[0] = 65;
    ms_count(c, 1);
    c[0] = 1, c[1] = 2;
    ms_unrank(3, c, 2);
    p[0] = 0, p[1] = 0, p[2] = 1;
    ms_rank_of(p, c, 2);
    p[0] = 2;
    ms_rank_of(p, c, 2);
    c[0] = 20, c[1] = 20, c[2] = 20;
    ms_unrank(0, c, 3);
    ms_rank_of(p, c, 3);
}

static void kp_cases(void)
{
    kperm_u8 p[64];
    u64 total = 0, r;
    int n, k, i;
    for (n = 1; n <= 6; n++) /* every rank */
        for (k = 1; k <= n; k++) {
            kp_count(n, k);
            kperm_kp_count(n, k, &total);
            for (r = 0; r < total; r++) {
                kp_unrank(r, n, k);
                kperm_kp_unrank(r, n, k, p);
                kp_rank_of(p, n, k);
            }
        }
    for (n = 7; n <= KPERM_MAX_KP_N; n++) /* the counts to the overflow edge, and random ranks */
        for (k = 1; k <= n; k++) {
            kp_count(n, k);
            if (kperm_kp_count(n, k, &total) != KPERM_OK)
                break;
            for (i = 0; i < 3; i++) {
                r = i ? rng() % total : total - 1;
                kp_unrank(r, n, k);
                kperm_kp_unrank(r, n, k, p);
                kp_rank_of(p, n, k);
            }
        }
    /* bad input: n or k outside 1 <= k <= n <= 64, a rank at the count, repeated or large values */
    kp_count(0, 0);
    kp_count(5, 0);
    kp_count(5, 6);
    kp_count(65, 1);
    kp_unrank(60, 5, 3);
    kp_unrank(0, 64, 12);
    p[0] = 3, p[1] = 1, p[2] = 3;
    kp_rank_of(p, 5, 3);
    p[2] = 5;
    kp_rank_of(p, 5, 3);
    kp_rank_of(p, 5, 0);
    kp_rank_of(p, 2, 3);
}

static void comb_cases(void)
{
    kperm_u8 p[KPERM_MAX_COMB128_N], pick[KPERM_MAX_COMB128_N];
    kperm_rank128 r;
    u64 total = 0;
    int n, k, i, j;
    for (n = 0; n <= 10; n++) /* every rank */
        for (k = 0; k <= n; k++) {
            comb_count(n, k, 0);
            kperm_comb_count(n, k, &total);
            for (r = wide(0); r.lo < total; r.lo++) {
                comb_unrank(r, n, k, 0);
                kperm_comb_unrank(r.lo, n, k, p);
                comb_rank_of(p, n, k, 0);
            }
        }
    for (n = 11; n <= KPERM_MAX_COMB128_N; n++) { /* random subsets, to 64 through both calls */
        for (k = 0; k <= n; k += 1 + n / 16)
            comb_count(n, k, n & 1);
        for (i = 0; i < 8; i++) {
            k = (int)(rng() % (u64)(n + 1));
            shuffle(pick, n);
            memset(p, 0, sizeof p);
            for (j = 0; j < k; j++)
                p[pick[j]] = 1;
            for (j = 0, k = 0; j < n; j++)
                if (p[j])
                    pick[k++] = (kperm_u8)j;
            comb_rank_of(pick, n, k, i & 1);
            kperm_comb_rank128_of(pick, n, k, &r);
            comb_unrank(r, n, k, i & 1);
        }
    }
    /* bad input: n or k outside 0 <= k <= n <= 128, a rank at the count, values out of order or too large */
    comb_count(-1, 0, 0);
    comb_count(5, -1, 0);
    comb_count(5, 6, 0);
    comb_count(129, 1, 1);
    comb_unrank(wide(10), 5, 2, 0);
    kperm_comb_count128(128, 64, &r);
    comb_unrank(r, 128, 64, 1);
    p[0] = 2, p[1] = 1;
    comb_rank_of(p, 5, 2, 0);
    p[0] = 1;
    comb_rank_of(p, 5, 2, 0);
    p[1] = 5;
    comb_rank_of(p, 5, 2, 0);
    p[1] = 100;
    comb_rank_of(p, 100, 2, 1);
    comb_rank_of(p, 1, 2, 0);
}

static void sjt_cases(void)
{
    kperm_u8 p[32];
    u64 total = 0, r;
    int n, i;
    for (n = 1; n <= 7; n++) { /* every rank */
        kperm_count(n, &total);
        for (r = 0; r < total; r++) {
            sjt_unrank(r, n);
            kperm_sjt_unrank(r, n, p);
            sjt_rank_of(p, n);
        }
    }
    for (n = 8; n <= KPERM_MAX_N; n++) {
        kperm_count(n, &total);
        for (i = 0; i < 20; i++) {
            r = i ? rng() % total : total - 1;
            sjt_unrank(r, n);
            kperm_sjt_unrank(r, n, p);
            sjt_rank_of(p, n);
        }
    }
    /* bad input: n outside 1..20, a rank at the count, repeated or large values */
    sjt_unrank(0, 0);
    sjt_unrank(0, 21);
    sjt_unrank(24, 4);
    shuffle(p, 21);
    sjt_rank_of(p, 21);
    sjt_rank_of(p, 0);
    p[0] = 1, p[1] = 1, p[2] = 0;
    sjt_rank_of(p, 3);
    p[1] = 3;
    sjt_rank_of(p, 3);
}

static void gray_cases(void)
{
    u64 all, r, m = 0;
    int n, i;
    for (n = -1; n <= KPERM_MAX_GRAY_N + 1; n++)
        gray_count(n);
    for (n = 0; n <= 8; n++) /* every rank */
        for (r = 0; r < 1ULL << n; r++) {
            gray_unrank(r, n);
            kperm_gray_unrank(r, n, &m);
            gray_rank_of(m, n);
        }
    for (n = 9; n <= KPERM_MAX_GRAY_N; n++) { /* random ranks and the last, random masks */
        all = kperm_internal_kp_all(n);
        for (i = 0; i < 20; i++) {
            r = i ? rng() & all : all;
            gray_unrank(r, n);
            kperm_gray_unrank(r, n, &m);
            gray_rank_of(m, n);
            gray_rank_of(rng() & all, n);
        }
    }
    /* bad input: n outside 0..64, a rank at 2^n, a bit at n or above */
    gray_unrank(0, -1);
    gray_unrank(0, 65);
    gray_unrank(8, 3);
    gray_unrank(1ULL << 63, 63);
    gray_unrank(~0ULL, 10);
    gray_rank_of(0, -1);
    gray_rank_of(0, 65);
    gray_rank_of(8, 3);
    gray_rank_of(~0ULL, 63);
    gray_rank_of(1, 0);
}

static void revdoor_cases(void)
{
    u64 total = 0, all, r, m = 0;
    int n, k, i;
    for (n = 0; n <= 10; n++) /* every rank */
        for (k = 0; k <= n; k++) {
            kperm_comb_count(n, k, &total);
            for (r = 0; r < total; r++) {
                revdoor_unrank(r, n, k);
                kperm_revdoor_unrank_mask(r, n, k, &m);
                revdoor_rank_of(m, n);
            }
        }
    for (n = 11; n <= KPERM_MAX_COMB_N; n++) { /* k = 0, n and random; random ranks and the last, random masks */
        all = kperm_internal_kp_all(n);
        for (i = 0; i < 12; i++) {
            k = i == 0 ? 0 : i == 1 ? n : (int)(rng() % (u64)(n + 1));
            kperm_comb_count(n, k, &total);
            r = i & 1 ? total - 1 : rng() % total;
            revdoor_unrank(r, n, k);
            kperm_revdoor_unrank_mask(r, n, k, &m);
            revdoor_rank_of(m, n);
            revdoor_rank_of(rng() & all, n);
        }
    }
    /* bad input: n or k outside 0 <= k <= n <= 64, a rank at the count, a bit at n or above */
    revdoor_unrank(0, -1, 0);
    revdoor_unrank(0, 5, -1);
    revdoor_unrank(0, 5, 6);
    revdoor_unrank(0, 65, 1);
    revdoor_unrank(10, 5, 2);
    revdoor_unrank(1, 64, 64);
    kperm_comb_count(64, 32, &total);
    revdoor_unrank(total, 64, 32);
    revdoor_rank_of(0, -1);
    revdoor_rank_of(0, 65);
    revdoor_rank_of(32, 5);
    revdoor_rank_of(~0ULL, 63);
    revdoor_rank_of(1, 0);
}

static int write_file(const char *dir, const char *name, const void *data, size_t size)
{
    char path[4096];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size) {
        fprintf(stderr, "python_fixtures: cannot write %s\n", path);
        if (f)
            fclose(f);
        return 1;
    }
    return fclose(f) != 0;
}

static int write_host_vectors(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/host_vectors.jsonl", dir);
    out = fopen(path, "w");
    if (!out) {
        fprintf(stderr, "python_fixtures: cannot write %s\n", path);
        return 1;
    }
    lex_cases();
    ms_cases();
    kp_cases();
    comb_cases();
    sjt_cases();
    gray_cases();
    revdoor_cases();
    return fclose(out) != 0;
}

int main(int argc, char **argv)
{
    unsigned long long *in = NULL;
    size_t count = kperm_test_lex_vectors(&in);
    unsigned char *want = (unsigned char *)malloc(count * kperm_test_record), table[8 * KPERM_COMB_TABLE_SIZE];
    const char *source = kperm_cl_source();
    int rc, i, b;
    if (argc != 2 || !want)
        return 2;
    kperm_test_lex_host(in, want, count);
    for (i = 0; i < KPERM_COMB_TABLE_SIZE; i++)
        for (b = 0; b < 8; b++)
            table[8 * i + b] = (unsigned char)(kperm_comb_table[i] >> (8 * b));
    rc = write_file(argv[1], "vectors_in.bin", in, count * 5 * sizeof *in)
         || write_file(argv[1], "vectors_want.bin", want, count * kperm_test_record)
         || write_file(argv[1], "cl_source.txt", source, strlen(source))
         || write_file(argv[1], "comb_table.bin", table, sizeof table)
         || write_host_vectors(argv[1]);
    free(in);
    free(want);
    return rc;
}
