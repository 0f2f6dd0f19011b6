/* test_lex.c - the lexicographic family against an independent reference:
 * factorials by multiplication, unrank by scanning a taken[] array (Wong's
 * article's method), successors by a plain textbook next_permutation. */
#include "kperm.h"
#include "check.h"
#include "rng.h"
#include "reference.h"
#include <string.h>

typedef unsigned long long u64;

static u64 ref_fact(int n)
{
    return (u64)fact128(n);
}

static void ref_unrank(u64 r, int n, kperm_u8 *p)
{
    ref_unrank128(r, n, p);
}

/* textbook successor; 0 when p was the last permutation (p left as it was) */
static int ref_next(kperm_u8 *p, int n)
{
    int i = n - 2, j, a, b;
    while (i >= 0 && p[i] >= p[i + 1])
        i--;
    if (i < 0)
        return 0;
    j = n - 1;
    while (p[j] <= p[i])
        j--;
    a = p[i]; p[i] = p[j]; p[j] = (kperm_u8)a;
    for (a = i + 1, b = n - 1; a < b; a++, b--) {
        kperm_u8 t = p[a]; p[a] = p[b]; p[b] = t;
    }
    return 1;
}

static int first_diff(const kperm_u8 *a, const kperm_u8 *b, int n)
{
    int i = 0;
    while (i < n && a[i] == b[i])
        i++;
    return i;
}

static u64 rng_state = 0x9e3779b97f4a7c15ULL;
static u64 rng(void)
{
    return test_splitmix(&rng_state);
}

static void test_count(void)
{
    int n;
    kperm_rank c;
    check_begin("lex count n=1..20 equals n!");
    for (n = 1; n <= KPERM_MAX_N; n++) {
        int rc = kperm_count(n, &c);
        CHECK(rc == KPERM_OK && c == ref_fact(n), "n=%d rc=%d count=%llu", n, rc, c);
    }
    check_end();
}

static void test_exhaustive(int n)
{
    char name[96];
    kperm_u8 p[KPERM_MAX_N], q[KPERM_MAX_N], chain[KPERM_MAX_N], e[KPERM_MAX_N];
    u64 r, total = ref_fact(n);
    int i;
    snprintf(name, sizeof name, "lex exhaustive n=%d: unrank, rank_of, next pivots, prev, wrap", n);
    check_begin(name);
    ref_unrank(0, n, chain);
    for (r = 0; r < total; r++) {
        kperm_rank back = ~0ULL;
        int rc = kperm_unrank(r, n, p), pv;
        CHECK(rc == KPERM_OK && memcmp(p, chain, (size_t)n) == 0, "n=%d unrank(%llu) differs from the next chain", n, r);
        ref_unrank(r, n, e);
        CHECK(memcmp(p, e, (size_t)n) == 0, "n=%d unrank(%llu) differs from the reference", n, r);
        rc = kperm_rank_of(p, n, &back);
        CHECK(rc == KPERM_OK && back == r, "n=%d rank_of(unrank(%llu)) = %llu rc %d", n, r, back, rc);
        memcpy(q, p, (size_t)n);
        pv = kperm_next(q, n);
        if (ref_next(chain, n)) {
            CHECK(pv == first_diff(p, chain, n) && memcmp(q, chain, (size_t)n) == 0,
                  "n=%d next after rank %llu: pivot %d, want %d", n, r, pv, first_diff(p, chain, n));
            pv = kperm_prev(q, n);
            CHECK(pv == first_diff(p, chain, n) && memcmp(q, p, (size_t)n) == 0,
                  "n=%d prev of rank %llu: pivot %d", n, r + 1, pv);
        } else {
            for (i = 0; i < n; i++)
                e[i] = (kperm_u8)i;
            CHECK(r == total - 1 && pv == KPERM_END && memcmp(q, e, (size_t)n) == 0,
                  "n=%d next at rank %llu: %d, want KPERM_END and the first permutation", n, r, pv);
            pv = kperm_prev(q, n);
            CHECK(pv == KPERM_END && memcmp(q, p, (size_t)n) == 0, "n=%d prev of the first: %d", n, pv);
        }
    }
    check_end();
}

static void test_random(void)
{
    int n, k;
    kperm_u8 p[KPERM_MAX_N], e[KPERM_MAX_N];
    check_begin("lex random ranks n=10..20: unrank vs reference, rank_of round trip");
    for (n = 10; n <= KPERM_MAX_N; n++) {
        for (k = 0; k < 20000; k++) {
            u64 r = rng() % ref_fact(n);
            kperm_rank back = 0;
            int rc = kperm_unrank(r, n, p);
            ref_unrank(r, n, e);
            CHECK(rc == KPERM_OK && memcmp(p, e, (size_t)n) == 0, "n=%d rank %llu", n, r);
            rc = kperm_rank_of(p, n, &back);
            CHECK(rc == KPERM_OK && back == r, "n=%d rank_of round trip %llu -> %llu", n, r, back);
        }
    }
    check_end();
}

static void test_boundaries(void)
{
    int n, i;
    kperm_u8 p[KPERM_MAX_N], e[KPERM_MAX_N];
    check_begin("lex boundaries: rank 0, n!-1, n!, 2^64-1, 20!-1");
    for (n = 1; n <= KPERM_MAX_N; n++) {
        u64 f = ref_fact(n);
        kperm_rank back;
        CHECK(kperm_unrank(0, n, p) == KPERM_OK, "n=%d rank 0", n);
        for (i = 0; i < n; i++)
            CHECK(p[i] == i, "n=%d rank 0 is not the identity", n);
        CHECK(kperm_unrank(f - 1, n, p) == KPERM_OK, "n=%d rank n!-1", n);
        for (i = 0; i < n; i++)
            CHECK(p[i] == n - 1 - i, "n=%d rank n!-1 is not descending", n);
        CHECK(kperm_rank_of(p, n, &back) == KPERM_OK && back == f - 1, "n=%d rank_of(last)", n);
        memset(p, 0xee, sizeof p);
        memcpy(e, p, sizeof p);
        CHECK(kperm_unrank(f, n, p) == KPERM_E_RANK, "n=%d rank n! accepted", n);
        CHECK(kperm_unrank(~0ULL, n, p) == KPERM_E_RANK, "n=%d rank 2^64-1 accepted", n);
        CHECK(memcmp(p, e, sizeof p) == 0, "n=%d a rejected unrank wrote its output", n);
    }
    ref_unrank(ref_fact(20) - 1, 20, e);
    CHECK(kperm_unrank(ref_fact(20) - 1, 20, p) == KPERM_OK && memcmp(p, e, 20) == 0, "20!-1");
    check_end();
}

static void test_errors(void)
{
    static const int bad_n[] = {0, -1, -1000, KPERM_MAX_N + 1, 64, 1000};
    kperm_u8 p[64], keep[64];
    kperm_rank r = 12345, c = 777;
    kperm_cursor cur;
    unsigned k;
    check_begin("lex error paths: bad n, repeated value, value >= n; outputs untouched");
    memset(p, 0xee, sizeof p);
    memcpy(keep, p, sizeof p);
    for (k = 0; k < sizeof bad_n / sizeof bad_n[0]; k++) {
        int n = bad_n[k];
        CHECK(kperm_count(n, &c) == KPERM_E_N && c == 777, "count(%d)", n);
        CHECK(kperm_unrank(0, n, p) == KPERM_E_N, "unrank(n=%d)", n);
        CHECK(kperm_rank_of(p, n, &r) == KPERM_E_N && r == 12345, "rank_of(n=%d)", n);
        if (n < 1) {
            CHECK(kperm_next(p, n) == KPERM_E_N, "next(n=%d)", n);
            CHECK(kperm_prev(p, n) == KPERM_E_N, "prev(n=%d)", n);
        }
        CHECK(kperm_cursor_init(&cur, n, 0, 1) == KPERM_E_N && kperm_cursor_next(&cur) == 0,
              "cursor_init(n=%d)", n);
        CHECK(memcmp(p, keep, sizeof p) == 0, "n=%d: output written on error", n);
    }
    /* not a permutation: each value of a valid one in turn repeated, or pushed to n */
    {
        int n, i;
        for (n = 1; n <= KPERM_MAX_N; n++) {
            for (i = 0; i < n; i++) {
                kperm_unrank(rng() % ref_fact(n), n, p);
                p[i] = (kperm_u8)n;
                CHECK(kperm_rank_of(p, n, &r) == KPERM_E_PERM && r == 12345, "n=%d value n at %d", n, i);
                p[i] = 255;
                CHECK(kperm_rank_of(p, n, &r) == KPERM_E_PERM, "n=%d value 255 at %d", n, i);
                if (n > 1) {
                    p[i] = p[(i + 1) % n];
                    CHECK(kperm_rank_of(p, n, &r) == KPERM_E_PERM && r == 12345, "n=%d repeat at %d", n, i);
                }
            }
        }
    }
    check_end();
}

static void check_split_parts(u64 b, u64 e, u64 parts)
{
    kperm_rank pb = 0, pe = 0, prev_end = b;
    u64 size = e - b, lo = size / parts, i;
    u64 sample[6];
    int s;
    if (parts <= 4096) {
        for (i = 0; i < parts; i++) {
            int rc = kperm_split(b, e, parts, i, &pb, &pe);
            CHECK(rc == KPERM_OK && pb == prev_end && pe >= pb && (pe - pb == lo || pe - pb == lo + 1),
                  "split [%llu,%llu) parts=%llu i=%llu -> [%llu,%llu)", b, e, parts, i, pb, pe);
            prev_end = pe;
        }
        CHECK(prev_end == e, "split [%llu,%llu) parts=%llu ends at %llu", b, e, parts, prev_end);
        return;
    }
    /* too many parts to walk: neighbours agree at sampled places, and the ends */
    sample[0] = 0; sample[1] = parts - 2; sample[2] = size % parts;
    sample[3] = size % parts ? size % parts - 1 : 0; sample[4] = rng() % (parts - 1);
    sample[5] = parts / 2;
    for (s = 0; s < 6; s++) {
        kperm_rank b2, e2;
        i = sample[s];
        CHECK(kperm_split(b, e, parts, i, &pb, &pe) == KPERM_OK
              && kperm_split(b, e, parts, i + 1, &b2, &e2) == KPERM_OK
              && pe == b2 && pe - pb >= lo && pe - pb <= lo + 1 && e2 - b2 >= lo && e2 - b2 <= lo + 1,
              "split [%llu,%llu) parts=%llu at %llu", b, e, parts, i);
    }
    CHECK(kperm_split(b, e, parts, 0, &pb, &pe) == KPERM_OK && pb == b, "split first begin");
    CHECK(kperm_split(b, e, parts, parts - 1, &pb, &pe) == KPERM_OK && pe == e, "split last end");
}

static void test_split(void)
{
    u64 f20 = ref_fact(20);
    int k;
    kperm_rank pb = 5, pe = 6;
    check_begin("split covers [begin,end) exactly, in order, sizes within one");
    check_split_parts(0, 0, 1);
    check_split_parts(0, 0, 7);
    check_split_parts(3, 10, 1);
    check_split_parts(3, 10, 7);
    check_split_parts(3, 10, 8);
    check_split_parts(3, 10, 1000);
    check_split_parts(0, f20, 1);
    check_split_parts(0, f20, 3);
    check_split_parts(0, f20, 4096);
    check_split_parts(0, f20, ~0ULL);
    check_split_parts(0, ~0ULL, ~0ULL);
    check_split_parts(0, ~0ULL, ~0ULL - 1);
    check_split_parts(1, ~0ULL, 1ULL << 63);
    check_split_parts(f20 - 100, f20, 1ULL << 40);
    for (k = 0; k < 300; k++) {
        u64 b = rng() % 100000, e = b + rng() % 5000, parts = 1 + rng() % 3000;
        check_split_parts(b, e, parts);
        b = rng() % f20;
        e = b + rng() % (f20 - b);
        check_split_parts(b, e, 1 + rng() % 4096);
        check_split_parts(b, e, 4097 + rng());
    }
    CHECK(kperm_split(5, 4, 1, 0, &pb, &pe) == KPERM_E_RANK, "begin > end");
    CHECK(kperm_split(0, 4, 0, 0, &pb, &pe) == KPERM_E_ARG, "parts = 0");
    CHECK(kperm_split(0, 4, 3, 3, &pb, &pe) == KPERM_E_ARG, "i = parts");
    CHECK(pb == 5 && pe == 6, "a rejected split wrote its output");
    check_end();
}

static void test_cursor(void)
{
    int n, k;
    check_begin("cursor visits exactly the ranks of its range, pivots as next reports");
    for (n = 1; n <= 7; n++) {
        u64 total = ref_fact(n);
        for (k = 0; k < 60; k++) {
            u64 b = rng() % (total + 1), e = b + rng() % (total - b + 1), want = b;
            kperm_u8 ref[KPERM_MAX_N], last[KPERM_MAX_N];
            kperm_cursor c;
            if (k == 0) { b = 0; e = total; want = 0; }
            CHECK(kperm_cursor_init(&c, n, b, e) == KPERM_OK, "init n=%d [%llu,%llu)", n, b, e);
            while (kperm_cursor_next(&c)) {
                ref_unrank(want, n, ref);
                kperm_u8 got[KPERM_MAX_N];
                kperm_cursor_perm(&c, got);
                CHECK(c.rank == want && memcmp(got, ref, (size_t)n) == 0,
                      "n=%d [%llu,%llu): visit %llu, want %llu", n, b, e, c.rank, want);
                CHECK(c.pivot == (want == b ? 0 : first_diff(last, ref, n)),
                      "n=%d rank %llu pivot %d", n, want, c.pivot);
                memcpy(last, ref, (size_t)n);
                if (++want > e + 1)
                    break;
            }
            CHECK(want == e, "n=%d [%llu,%llu): stopped at %llu", n, b, e, want);
            CHECK(kperm_cursor_next(&c) == 0, "n=%d cursor restarted after its end", n);
        }
    }
    {
        kperm_cursor c;
        CHECK(kperm_cursor_init(&c, 5, 3, 2) == KPERM_E_RANK && kperm_cursor_next(&c) == 0, "begin > end");
        CHECK(kperm_cursor_init(&c, 5, 0, 121) == KPERM_E_RANK && kperm_cursor_next(&c) == 0, "end > n!");
        CHECK(kperm_cursor_init(&c, 20, ref_fact(20) - 2, ref_fact(20)) == KPERM_OK
              && kperm_cursor_next(&c) == 1 && kperm_cursor_next(&c) == 1 && c.pivot == 18
              && kperm_cursor_next(&c) == 0, "the last two of 20!");
    }
    check_end();
}

static void test_packed(void)
{
    int n, k, i;
    kperm_u8 p[KPERM_MAX_N], e[KPERM_MAX_N];
    check_begin("packed: unrank_packed = unrank (every rank n<=9, random n<=16), arrange_packed vs reference, errors");
    for (n = 1; n <= KPERM_MAX_PACKED_N; n++) {
        u64 total = ref_fact(n), r, w = 0;
        for (k = 0; k < (n <= 9 ? (int)total : 20000); k++) {
            r = n <= 9 ? (u64)k : rng() % total;
            ref_unrank(r, n, e);
            CHECK(kperm_unrank_packed(r, n, &w) == KPERM_OK, "n=%d rank %llu rejected", n, r);
            kperm_unpack(w, n, p);
            CHECK(memcmp(p, e, (size_t)n) == 0 && (n == 16 || w >> (4 * n) == 0), "n=%d rank %llu: packed %llx", n, r, w);
            for (i = 0; i < n; i++)
                CHECK(kperm_packed_get(w, i) == e[i], "n=%d rank %llu: get(%d)", n, r, i);
        }
        w = 12345;
        CHECK(kperm_unrank_packed(total, n, &w) == KPERM_E_RANK && w == 12345, "n=%d rank n! accepted", n);
    }
    for (n = 17; n <= 22; n++) {
        u64 w = 12345;
        CHECK(kperm_unrank_packed(0, n, &w) == KPERM_E_N && w == 12345, "n=%d accepted", n);
    }
    {
        u64 w = 12345;
        CHECK(kperm_unrank_packed(0, 0, &w) == KPERM_E_N && kperm_unrank_packed(0, -3, &w) == KPERM_E_N && w == 12345,
              "n <= 0 accepted");
    }
    /* arrange: the k-th arrangement of s ascending values picked from 0..15 */
    for (n = 1; n <= KPERM_MAX_ARRANGE_N; n++) {
        int t;
        for (t = 0; t < (n <= 8 ? 20 : 2); t++) {
            int vals[16], m = 0, v;
            u64 list = 0, total = ref_fact(n);
            for (v = 0; v < 16 && m < n; v++)
                if ((int)(rng() % (u64)(16 - v)) < n - m)
                    vals[m++] = v;
            for (i = 0; i < n; i++)
                list |= (u64)vals[i] << (4 * i);
            for (k = 0; k < (int)(n <= 8 ? total : 5000); k++) {
                u64 r = n <= 8 ? (u64)k : rng() % total, w = kperm_internal_arrange_packed(list, n, (kperm_u32)r);
                ref_unrank(r, n, e);
                for (i = 0; i < n; i++)
                    CHECK(kperm_packed_get(w, i) == vals[e[i]], "arrange s=%d k=%llu position %d", n, r, i);
                CHECK(n == 16 || w >> (4 * n) == 0, "arrange s=%d k=%llu: stray bits", n, r);
            }
        }
    }
    check_end();
}

/* n = 17..20: the cursor keeps n - 16 positions as bytes and the rest as
 * labels in a word, which wraps every 16! ranks; ranges across those wraps,
 * and skips into the head and into the word, against kperm_unrank and
 * kperm_next on bytes */
static void test_cursor_wide(void)
{
    int n, k, j;
    check_begin("cursor for n = 17..20: across the word's wraps (every 16! ranks), skips into head and word");
    for (n = 17; n <= KPERM_MAX_N; n++) {
        u64 total = ref_fact(n), f16 = ref_fact(16);
        for (k = 0; k < 40; k++) {
            u64 at = k == 0 ? total - 1 : (1 + rng() % (total / f16 - 1)) * f16, b = at - (at < 40 ? at : 40), e, want;
            kperm_u8 got[KPERM_MAX_N], ref[KPERM_MAX_N], last[KPERM_MAX_N];
            kperm_cursor c;
            e = b + 80 < total ? b + 80 : total;
            CHECK(kperm_cursor_init(&c, n, b, e) == KPERM_OK, "init n=%d", n);
            for (want = b; kperm_cursor_next(&c); want++) {
                kperm_cursor_perm(&c, got);
                kperm_unrank(want, n, ref);
                CHECK(c.rank == want && !memcmp(got, ref, (size_t)n), "n=%d rank %llu", n, want);
                for (j = 0; j < n; j++)
                    CHECK(kperm_cursor_get(&c, j) == ref[j], "n=%d get(%d) at %llu", n, j, want);
                if (want > b) {
                    memcpy(last, ref, (size_t)n);
                    kperm_unrank(want - 1, n, last);
                    CHECK(c.pivot == first_diff(last, ref, n), "n=%d pivot %d at %llu", n, c.pivot, want);
                }
            }
            CHECK(want == e, "n=%d range ended at %llu", n, want);
            /* a skip at a random position, then the next visit */
            b = rng() % (total - 1);
            kperm_cursor_init(&c, n, b, total);
            kperm_cursor_next(&c);
            j = (int)(rng() % (u64)n);
            kperm_unrank(b, n, ref);
            kperm_skip(ref, n, j);
            CHECK(kperm_cursor_skip(&c, j) == KPERM_OK, "skip");
            if (kperm_cursor_next(&c)) {
                kperm_cursor_perm(&c, got);
                CHECK(!memcmp(got, ref, (size_t)n), "n=%d skip at %d from %llu", n, j, b);
                kperm_rank_of(ref, n, &want);
                CHECK(c.rank == want, "n=%d skip: rank %llu where %llu", n, c.rank, want);
            }
        }
    }
    check_end();
}

int main(int argc, char **argv)
{
    int n;
    if (argc > 1)
        check_prefix = argv[1];
    test_count();
    for (n = 1; n <= 9; n++)
        test_exhaustive(n);
    test_random();
    test_boundaries();
    test_errors();
    test_split();
    test_cursor();
    test_cursor_wide();
    test_packed();
    return check_any_failed;
}
