/* test_contract.c - every function of the API table called with inputs
 * outside its contract: n and k out of range (negative, zero, one past the
 * limit, INT_MIN/INT_MAX), ranks at and past the count, repeated values and
 * values out of range, ranges with begin > end, cursors whose init failed.
 * Each call must return a status its entry in docs/ lists (a status that is
 * no KPERM_ code fails on its own), leave its outputs
 * untouched on an error, and read or write nothing outside the buffers it was
 * given: arrays are heap blocks of exactly the size the contract allows, so
 * that AddressSanitizer sees one byte too far, and the test also runs under
 * UndefinedBehaviorSanitizer (make test builds it both ways), where a shift
 * past the word or a clz of zero ends it. */
#include "kperm.h"
#include "check.h"
#include "reference.h"
#include "rng.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define CALLS 40000 /* per function */
#define FILL 0xA5   /* what an output holds before the call */

static unsigned long long seed = 0x5eedc0de;

static unsigned long long rnd(void) { return test_splitmix(&seed); }

/* n, k, m or j: the edges of every limit and a few values inside */
static int any_int(void)
{
    static const int pool[] = {INT_MIN, -1000, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 15, 16, 17,
                               19, 20, 21, 33, 34, 35, 63, 64, 65, 255, 256, 1000, INT_MAX};
    return rnd() % 4 ? pool[rnd() % (sizeof pool / sizeof pool[0])] : (int)(rnd() % 40) - 4;
}

/* a rank near count: 0, count - 1, count, count + 1, 2^64 - 1, or any */
static kperm_rank any_rank(kperm_rank count)
{
    switch (rnd() % 7) {
    case 0: return 0;
    case 1: return count - 1;
    case 2: return count;
    case 3: return count + 1;
    case 4: return ~(kperm_rank)0;
    case 5: return count ? rnd() % count : 0;
    default: return rnd();
    }
}

/* len bytes: a permutation of 0..len-1, or one with a value repeated or out
 * of range, sorted, all equal, or random bytes */
static void any_values(kperm_u8 *p, int len, int range)
{
    int i, mode = (int)(rnd() % 6);
    for (i = 0; i < len; i++)
        p[i] = (kperm_u8)i;
    for (i = len - 1; i > 0; i--) {
        int j = (int)(rnd() % (unsigned long long)(i + 1));
        kperm_u8 t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
    if (len == 0)
        return;
    if (mode == 1)
        p[rnd() % (unsigned)len] = p[rnd() % (unsigned)len];
    else if (mode == 2)
        p[rnd() % (unsigned)len] = (kperm_u8)(range + rnd() % 3);
    else if (mode == 3)
        for (i = 0; i < len; i++)
            p[i] = (kperm_u8)(len - 1 - i);
    else if (mode == 4)
        memset(p, (int)(rnd() % 3), (size_t)len);
    else if (mode == 5)
        for (i = 0; i < len; i++)
            p[i] = (kperm_u8)rnd();
}

/* an exact-size heap block for n elements (one when n is out of range: a
 * function must not touch it then) */
static kperm_u8 *block(int n, int max)
{
    size_t size = n >= 1 && n <= max ? (size_t)n : 1;
    kperm_u8 *p = (kperm_u8 *)malloc(size);
    memset(p, FILL, size);
    return p;
}

static int untouched(const kperm_u8 *p, int n, int max)
{
    int i, size = n >= 1 && n <= max ? n : 1;
    for (i = 0; i < size; i++)
        if (p[i] != FILL)
            return 0;
    return 1;
}

/* perm[0..len) are distinct values below range */
static int distinct_below(const kperm_u8 *p, int len, int range)
{
    kperm_u8 seen[256] = {0};
    int i;
    for (i = 0; i < len; i++) {
        if (p[i] >= range || seen[p[i]])
            return 0;
        seen[p[i]] = 1;
    }
    return 1;
}

static kperm_rank fact(int n)
{
    kperm_rank f = 1;
    while (n > 1)
        f *= (kperm_rank)n--;
    return f;
}

#define EXPECT(cond, ...) do { if (!(cond)) check_fail(__VA_ARGS__); } while (0)

/* KPERM_OK, KPERM_END or one of the KPERM_E_ codes */
static int is_status(int rc)
{
    return rc == KPERM_OK || rc == KPERM_END || rc == KPERM_E_N || rc == KPERM_E_RANK || rc == KPERM_E_PERM
           || rc == KPERM_E_OVERFLOW || rc == KPERM_E_TABLES || rc == KPERM_E_ARG;
}

/* the table-free steps take any n >= 1, so the block has n bytes: up to this
 * many (an n of INT_MAX is a caller's buffer the test cannot give) */
#define STEP_MAX_N 1000

static void lex(void)
{
    int t;
    check_begin("contract: kperm_count, unrank, rank_of, next, prev out of contract");
    for (t = 0; t < CALLS; t++) {
        int n = any_int(), valid = n >= 1 && n <= KPERM_MAX_N, rc;
        kperm_rank count = valid ? fact(n) : 1, rank = any_rank(count), out = 0x1234;
        kperm_u8 *p = block(n, KPERM_MAX_N);
        rc = kperm_count(n, &out);
        EXPECT(valid ? rc == KPERM_OK && out == count : rc == KPERM_E_N && out == 0x1234, "count n=%d: %d", n, rc);
        rc = kperm_unrank(rank, n, p);
        EXPECT(!valid ? rc == KPERM_E_N : rank >= count ? rc == KPERM_E_RANK : rc == KPERM_OK,
               "unrank n=%d rank=%llu: %d", n, rank, rc);
        EXPECT(rc == KPERM_OK ? distinct_below(p, n, n) : untouched(p, n, KPERM_MAX_N), "unrank n=%d output", n);
        if (valid)
            any_values(p, n, n);
        out = 0x1234;
        rc = kperm_rank_of(p, n, &out);
        EXPECT(!valid ? rc == KPERM_E_N : distinct_below(p, n, n) ? rc == KPERM_OK && out < count
                                                               : rc == KPERM_E_PERM && out == 0x1234,
               "rank_of n=%d: %d", n, rc);
        free(p);
    }
    check_end();
}

/* kperm_next, kperm_prev, kperm_ms_next, kperm_skip, kperm_ms_skip: any n >= 1,
 * any bytes (repeats are stepped as std::next_permutation steps them) */
static void steps_any_n(void)
{
    int t;
    check_begin("contract: next, prev, ms_next, skip, ms_skip for any n and any bytes");
    for (t = 0; t < CALLS; t++) {
        int n = any_int(), k = any_int(), rc, which = (int)(rnd() % 5);
        int size = n >= 1 && n <= STEP_MAX_N ? n : 1;
        kperm_u8 *p = (kperm_u8 *)malloc((size_t)size), *before = (kperm_u8 *)malloc((size_t)size);
        if (n > STEP_MAX_N)
            n = -n; /* an n past the block: the same call with a bad n instead */
        any_values(p, size, size);
        memcpy(before, p, (size_t)size);
        rc = which == 0 ? kperm_next(p, n) : which == 1 ? kperm_prev(p, n) : which == 2 ? kperm_ms_next(p, n)
             : which == 3 ? kperm_skip(p, n, k) : kperm_ms_skip(p, n, k);
        EXPECT(is_status(rc) || rc >= 0, "step %d n=%d k=%d: %d", which, n, k, rc);
        if (n < 1)
            EXPECT(rc == KPERM_E_N && memcmp(p, before, (size_t)size) == 0, "step %d n=%d: %d", which, n, rc);
        else if (which >= 3 && (k < 0 || k >= n))
            EXPECT(rc == KPERM_E_ARG && memcmp(p, before, (size_t)size) == 0, "skip n=%d k=%d: %d", n, k, rc);
        else
            EXPECT(rc == KPERM_END || (rc >= 0 && rc < n - 1 && (which < 3 || rc <= k)), "step %d n=%d: %d", which, n,
                   rc);
        free(p);
        free(before);
    }
    check_end();
}

static void ranges(void)
{
    int t, steps;
    check_begin("contract: kperm_split, cursors and walks out of contract (and after a failed init)");
    for (t = 0; t < CALLS; t++) {
        int n = any_int(), rc, packed = rnd() & 1;
        kperm_rank count = n >= 1 && n <= KPERM_MAX_N ? fact(n) : 1, b = any_rank(count), e = any_rank(count);
        kperm_rank pb = 7, pe = 7;
        kperm_u64 parts = rnd() % 4 ? rnd() % 5 : ~(kperm_u64)0, i = rnd() % 3 ? rnd() % 6 : ~(kperm_u64)0;
        kperm_cursor c;
        kperm_pcursor pc;
        kperm_walk w;
        rc = kperm_split(b, e, parts, i, &pb, &pe);
        EXPECT(b > e ? rc == KPERM_E_RANK : parts == 0 || i >= parts ? rc == KPERM_E_ARG
                                                                   : rc == KPERM_OK && b <= pb && pb <= pe && pe <= e,
               "split %llu %llu %llu %llu: %d", b, e, parts, i, rc);
        if (rc != KPERM_OK)
            EXPECT(pb == 7 && pe == 7, "split wrote its outputs on an error");
        rc = kperm_cursor_init(&c, n, b, e);
        EXPECT(rc == KPERM_OK || rc == KPERM_E_N || rc == KPERM_E_RANK, "cursor_init: %d", rc);
        for (steps = 0; steps < 3 && kperm_cursor_next(&c); steps++) {
            kperm_u8 got[KPERM_MAX_N];
            kperm_cursor_perm(&c, got);
            EXPECT(rc == KPERM_OK && c.rank >= b && c.rank < e && distinct_below(got, n, n), "cursor_next");
        }
        if (packed) {
            rc = kperm_pcursor_init(&pc, n, b, e);
            EXPECT(rc == KPERM_OK || rc == KPERM_E_N || rc == KPERM_E_RANK, "pcursor_init: %d", rc);
            for (steps = 0; steps < 3 && kperm_pcursor_next(&pc); steps++)
                EXPECT(rc == KPERM_OK && pc.rank >= b && pc.rank < e, "pcursor_next");
            rc = kperm_pcursor_skip(&pc, any_int());
            EXPECT(rc == KPERM_OK || rc == KPERM_E_ARG, "pcursor_skip: %d", rc);
        } else {
            int init = kperm_walk_init(&w, n, b, e);
            EXPECT(init == KPERM_OK || init == KPERM_E_N || init == KPERM_E_RANK, "walk_init: %d", init);
            for (steps = 0; steps < 2 && kperm_walk_block(&w); steps++) {
                kperm_u32 k = (kperm_u32)(rnd() % 130);
                EXPECT(init == KPERM_OK, "walk_block after a failed init");
                (void)kperm_walk_whole(&w);
                (void)kperm_walk_pivot(&w, k);
                if (kperm_walk_has(&w, k))
                    (void)kperm_walk_word(&w, k);
                rc = kperm_walk_skip(&w, any_int());
                EXPECT(rc == KPERM_OK || rc == KPERM_E_ARG, "walk_skip: %d", rc);
            }
        }
        rc = kperm_cursor_skip(&c, any_int());
        EXPECT(rc == KPERM_OK || rc == KPERM_E_ARG, "cursor_skip: %d", rc);
    }
    check_end();
}

static void families(void)
{
    int t, steps;
    check_begin("contract: multisets, k-permutations, 128-bit ranks out of contract");
    for (t = 0; t < CALLS; t++) {
        kperm_u8 counts[80], *p;
        int m = any_int(), n = 0, i, rc, k = any_int(), kn = any_int();
        kperm_rank count = 0, out = 0x1234;
        kperm_rank128 big, big_out = {1, 2};
        kperm_pcursor pc;
        kperm_kcursor kc;
        for (i = 0; i < 80; i++)
            counts[i] = (kperm_u8)(rnd() % 4 ? rnd() % 4 : rnd());
        rc = kperm_ms_count(counts, m, &count);
        EXPECT(rc == KPERM_OK || rc == KPERM_E_N || rc == KPERM_E_OVERFLOW, "ms_count m=%d: %d", m, rc);
        if (kperm_internal_ms_size(counts, m, &n) != KPERM_OK)
            n = 0;
        p = block(n, KPERM_MAX_MS_N);
        rc = kperm_ms_unrank(any_rank(count), counts, m, p);
        EXPECT(rc == KPERM_OK || rc == KPERM_E_N || rc == KPERM_E_RANK || rc == KPERM_E_OVERFLOW,
               "ms_unrank: %d", rc);
        if (rc != KPERM_OK)
            EXPECT(untouched(p, n, KPERM_MAX_MS_N), "ms_unrank wrote on an error");
        if (n >= 1 && rnd() & 1)
            any_values(p, n, m);
        rc = kperm_ms_rank_of(p, counts, m, &out);
        EXPECT(rc == KPERM_OK || rc == KPERM_E_N || rc == KPERM_E_PERM || rc == KPERM_E_OVERFLOW,
               "ms_rank_of: %d", rc);
        if (n >= 1) {
            rc = kperm_ms_skip_rank(p, n, k, &out);
            EXPECT(is_status(rc) && rc != KPERM_E_RANK && rc != KPERM_E_TABLES, "ms_skip_rank: %d", rc);
        }
        free(p);
        rc = kperm_ms_pcursor_init(&pc, counts, m, any_rank(count), any_rank(count));
        EXPECT(rc == KPERM_OK || rc == KPERM_E_N || rc == KPERM_E_RANK || rc == KPERM_E_OVERFLOW,
               "ms_pcursor_init: %d", rc);
        for (steps = 0; steps < 3 && kperm_pcursor_next(&pc); steps++)
            EXPECT(rc == KPERM_OK, "pcursor_next after a failed ms init");
        rc = kperm_ms_pcursor_skip(&pc, any_int());
        EXPECT(rc == KPERM_OK || rc == KPERM_E_ARG, "ms_pcursor_skip: %d", rc);

        /* k-permutations: P(kn, k) */
        count = 1;
        rc = kperm_kp_count(kn, k, &count);
        EXPECT(rc == KPERM_OK || rc == KPERM_E_N || rc == KPERM_E_OVERFLOW, "kp_count %d %d: %d", kn, k, rc);
        p = block(k, KPERM_MAX_KP_N);
        rc = kperm_kp_unrank(any_rank(count), kn, k, p);
        EXPECT(rc == KPERM_OK ? distinct_below(p, k, kn) : untouched(p, k, KPERM_MAX_KP_N), "kp_unrank output");
        if (k >= 1 && k <= KPERM_MAX_KP_N && rnd() & 1)
            any_values(p, k, kn);
        rc = kperm_kp_rank_of(p, kn, k, &out);
        EXPECT(rc == KPERM_OK || rc == KPERM_E_N || rc == KPERM_E_PERM || rc == KPERM_E_OVERFLOW, "kp_rank_of");
        rc = kperm_kp_next(p, kn, k);
        EXPECT(rc == KPERM_END || rc == KPERM_E_N || rc == KPERM_E_PERM || (rc >= 0 && rc < k), "kp_next: %d", rc);
        rc = kperm_kp_skip(p, kn, k, any_int());
        EXPECT(rc == KPERM_END || rc == KPERM_E_N || rc == KPERM_E_PERM || rc == KPERM_E_ARG || (rc >= 0 && rc < k),
               "kp_skip: %d", rc);
        rc = kperm_kp_skip_rank(any_rank(count), kn, k, any_int(), &out);
        EXPECT(is_status(rc) && rc != KPERM_E_PERM, "kp_skip_rank: %d", rc);
        free(p);
        rc = kperm_kcursor_init(&kc, kn, k, any_rank(count), any_rank(count));
        for (steps = 0; steps < 3 && kperm_kcursor_next(&kc); steps++)
            EXPECT(rc == KPERM_OK && kperm_kcursor_get(&kc, steps % (k > 0 ? k : 1)) < kn, "kcursor");
        i = any_int();
        rc = kperm_kcursor_get(&kc, i);
        EXPECT(i >= 0 && i < kc.k && i < 8 ? rc >= 0 : rc == KPERM_E_ARG, "kcursor_get k=%d i=%d: %d", kc.k, i, rc);

        /* 128-bit ranks */
        big.lo = any_rank(fact(20));
        big.hi = rnd() % 3 ? rnd() % 0x10000000ull : rnd();
        rc = kperm_count128(kn, &big_out);
        EXPECT(rc == (kn >= 1 && kn <= KPERM_MAX_N128 ? KPERM_OK : KPERM_E_N), "count128 %d: %d", kn, rc);
        p = block(kn, KPERM_MAX_N128);
        rc = kperm_unrank128(big, kn, p);
        EXPECT(rc == KPERM_OK ? distinct_below(p, kn, kn) : untouched(p, kn, KPERM_MAX_N128), "unrank128 output");
        if (kn >= 1 && kn <= KPERM_MAX_N128)
            any_values(p, kn, kn);
        big_out.lo = 1;
        rc = kperm_rank128_of(p, kn, &big_out);
        EXPECT(rc == KPERM_OK || rc == KPERM_E_N || rc == KPERM_E_PERM, "rank128_of: %d", rc);
        rc = kperm_skip_rank128(big, kn, k, &big_out);
        EXPECT(is_status(rc) && rc != KPERM_E_PERM, "skip_rank128: %d", rc);
        free(p);
    }
    check_end();
}

static void packed_and_skips(void)
{
    int t;
    check_begin("contract: packed words, list helpers and skips out of contract");
    for (t = 0; t < CALLS; t++) {
        static kperm_u8 wide[KPERM_MAX_PACKED_N]; /* kperm_pack reads at most 16 elements, whatever n says */
        int n = any_int(), k = any_int(), rc, len = n >= 1 && n <= KPERM_MAX_N ? n : 1;
        kperm_u64 w = rnd(), list = rnd(), w0;
        kperm_rank out = 0x1234;
        kperm_u8 *p = block(n, KPERM_MAX_N);
        rc = kperm_packed_next(&w, n);
        EXPECT(n < 1 || n > KPERM_MAX_PACKED_N ? rc == KPERM_E_N : rc == KPERM_END || (rc >= 0 && rc < n),
               "packed_next n=%d: %d", n, rc);
        w0 = w = rnd() & 1 ? rnd() : kperm_pack(p, len); /* FILL bytes: every value repeated */
        rc = kperm_packed_skip(&w, n, k);
        EXPECT(rc == KPERM_END || rc == KPERM_E_N || rc == KPERM_E_ARG || rc == KPERM_E_PERM || (rc >= 0 && rc <= k),
               "packed_skip n=%d k=%d: %d", n, k, rc);
        if (rc < 0 && rc != KPERM_END)
            EXPECT(w == w0, "packed_skip wrote on an error");
        rc = kperm_unrank_packed(any_rank(len <= 16 ? fact(len) : 1), n, &w);
        EXPECT(rc == KPERM_OK || rc == KPERM_E_N || rc == KPERM_E_RANK, "unrank_packed: %d", rc);
        kperm_unpack(w, len < 16 ? len : 16, p);
        (void)kperm_packed_get(w, any_int());
        (void)kperm_internal_arrange_packed(list, any_int(), (kperm_u32)rnd());
        (void)kperm_internal_list_take(&list, any_int(), any_int());
        rc = kperm_skip_rank(any_rank(len <= 20 ? fact(len) : 1), n, k, &out);
        EXPECT(rc == KPERM_OK || rc == KPERM_END || rc == KPERM_E_N || rc == KPERM_E_ARG || rc == KPERM_E_RANK,
               "skip_rank: %d", rc);
        (void)kperm_pack(wide, any_int());
        free(p);
    }
    check_end();
}

/* len sorted-or-not bytes for a combination: increasing below range, or
 * broken by any_values' damage */
static void any_comb(kperm_u8 *p, int len, int range)
{
    int i, v = 0;
    for (i = 0; i < len; i++) {
        v += 1 + (int)(rnd() % 2);
        p[i] = (kperm_u8)(v - 1 < range ? v - 1 : range - len + i);
    }
    if (rnd() % 3 == 0)
        any_values(p, len, range);
}

static void combinations_and_plain_changes(void)
{
    int t, steps;
    check_begin("contract: combinations and plain changes out of contract");
    for (t = 0; t < CALLS; t++) {
        int n = any_int(), k = any_int(), j = any_int(), rc, valid = n >= 0 && n <= 64 && k >= 0 && k <= n;
        int size = valid && k > 0 ? k : 1, wide = n >= 0 && n <= 128 && k >= 0 && k <= n;
        int list = n >= 0 && n <= KPERM_MAX_COMB_LIST_N && k >= 0 && k <= n; /* what next and skip read */
        kperm_rank count = 1, out = 0x1234;
        kperm_rank128 big, big_out = {0x1234, 0};
        kperm_u64 mask = 0x1234;
        kperm_u8 *p = (kperm_u8 *)malloc((size_t)(list && k > 0 ? k : 1));
        kperm_comb_cursor cc;
        kperm_sjt_cursor sc;
        memset(p, FILL, (size_t)(list && k > 0 ? k : 1));
        rc = kperm_comb_count(n, k, &count);
        EXPECT(valid ? rc == KPERM_OK : rc == KPERM_E_N && count == 1, "comb_count %d %d: %d", n, k, rc);
        rc = kperm_comb_unrank(any_rank(count), n, k, p);
        EXPECT(rc == KPERM_OK || (!valid && rc == KPERM_E_N) || rc == KPERM_E_RANK, "comb_unrank: %d", rc);
        if (rc != KPERM_OK)
            EXPECT(untouched(p, size, 64), "comb_unrank wrote on an error");
        rc = kperm_comb_unrank_mask(any_rank(count), n, k, &mask);
        EXPECT(rc == KPERM_OK ? kperm_popcount64(mask) == k : mask == 0x1234, "comb_unrank_mask: %d", rc);
        if (valid)
            any_comb(p, k, n);
        rc = kperm_comb_rank_of(p, n, k, &out);
        EXPECT(rc == KPERM_OK ? out < count : out == 0x1234, "comb_rank_of: %d", rc);
        rc = kperm_comb_rank_of_mask(rnd() >> (rnd() % 64), n, &out);
        EXPECT(rc == KPERM_OK || rc == KPERM_E_N || rc == KPERM_E_PERM, "comb_rank_of_mask: %d", rc);
        if (list && !valid)
            any_comb(p, k, n);
        rc = rnd() & 1 ? kperm_comb_next(p, n, k) : kperm_comb_skip(p, n, k, j);
        EXPECT(rc == KPERM_END || rc == KPERM_E_N || rc == KPERM_E_PERM || rc == KPERM_E_ARG || (rc >= 0 && rc < k),
               "comb_next/skip n=%d k=%d j=%d: %d", n, k, j, rc);
        big.lo = rnd();
        big.hi = rnd() % 3 ? rnd() >> (rnd() % 64) : rnd();
        rc = kperm_comb_unrank128(big, n, k, p);
        EXPECT(rc == KPERM_OK || rc == KPERM_E_N || rc == KPERM_E_RANK, "comb_unrank128: %d", rc);
        if (wide)
            any_comb(p, k, n);
        rc = kperm_comb_rank128_of(p, n, k, &big_out);
        EXPECT(rc == KPERM_OK || (is_status(rc) && big_out.lo == 0x1234), "comb_rank128_of: %d", rc);
        rc = kperm_comb_cursor_init(&cc, n, k, any_rank(count), any_rank(count));
        for (steps = 0; steps < 3 && kperm_comb_cursor_next(&cc); steps++) {
            EXPECT(rc == KPERM_OK && kperm_popcount64(cc.mask) == k, "comb_cursor_next after %d", rc);
            EXPECT(is_status(kperm_comb_cursor_skip(&cc, any_int())), "comb_cursor_skip");
        }
        rc = kperm_sjt_cursor_init(&sc, n, any_rank(n >= 1 && n <= 20 ? fact(n) : 1), any_rank(n >= 1 && n <= 20 ? fact(n) : 1));
        for (steps = 0; steps < 3 && kperm_sjt_cursor_next(&sc); steps++)
            EXPECT(rc == KPERM_OK && sc.pivot >= 0 && sc.pivot < n, "sjt_cursor_next after %d", rc);
        rc = kperm_internal_sjt_step(&sc);
        EXPECT(rc == KPERM_END || rc == KPERM_E_N || (rc >= 0 && rc < n - 1), "sjt_step n=%d: %d", n, rc);
        free(p);
        p = block(n, KPERM_MAX_N);
        rc = kperm_sjt_unrank(any_rank(n >= 1 && n <= 20 ? fact(n) : 1), n, p);
        EXPECT(rc == KPERM_OK ? distinct_below(p, n, n) : untouched(p, n, KPERM_MAX_N), "sjt_unrank: %d", rc);
        if (n >= 1 && n <= KPERM_MAX_N)
            any_values(p, n, n);
        out = 0x1234;
        rc = kperm_sjt_rank_of(p, n, &out);
        EXPECT(rc == KPERM_OK ? out < fact(n) : out == 0x1234, "sjt_rank_of: %d", rc);
        free(p);
    }
    check_end();
}

/* a word with the edges: 0, all ones, one bit, a low run, or any */
static kperm_u64 any_word(void)
{
    switch (rnd() % 5) {
    case 0: return 0;
    case 1: return ~(kperm_u64)0;
    case 2: return (kperm_u64)1 << (rnd() % 64);
    case 3: return rnd() >> (rnd() % 64);
    default: return rnd();
    }
}

static int naive_popcount(kperm_u64 x)
{
    int c = 0;
    for (; x; x >>= 1)
        c += (int)(x & 1);
    return c;
}

/* the position of set bit number k (from 0 at the lowest), -1 if none */
static int naive_select(kperm_u64 x, int k)
{
    int i;
    for (i = 0; i < 64; i++)
        if (x >> i & 1 && k-- == 0)
            return i;
    return -1;
}

static void bits(void)
{
    int t;
    check_begin("contract: popcount64, highest64, lowest64, select64 on every kind of word, 0 included");
    for (t = 0; t < CALLS; t++) {
        kperm_u64 x = any_word();
        int k = any_int(), pc = naive_popcount(x), hi = pc ? naive_select(x, pc - 1) : -1, sel = kperm_select64(x, k);
        EXPECT(kperm_popcount64(x) == pc, "popcount64 %llx", x);
        EXPECT(kperm_highest64(x) == hi, "highest64 %llx: %d", x, kperm_highest64(x));
        EXPECT(kperm_lowest64(x) == (x ? naive_select(x, 0) : 64), "lowest64 %llx", x);
        EXPECT(k >= 0 && k < pc ? sel == naive_select(x, k) : sel >= 0 && sel <= 63, "select64 %llx %d: %d", x, k, sel);
    }
    check_end();
}

/* every status has its own text, every other int one of the two catch-alls;
 * never NULL or empty, whatever the int */
static void strerror_texts(void)
{
    static const int codes[] = {KPERM_END, KPERM_E_N, KPERM_E_RANK, KPERM_E_PERM, KPERM_E_OVERFLOW,
                                KPERM_E_TABLES, KPERM_E_ARG};
    const char *unknown = kperm_strerror(INT_MIN), *success = kperm_strerror(KPERM_OK);
    int i, j, t;
    check_begin("contract: strerror gives each status its own text, every other int a catch-all");
    for (i = 0; i < (int)(sizeof codes / sizeof codes[0]); i++) {
        const char *text = kperm_strerror(codes[i]);
        EXPECT(text != NULL && text[0] != 0, "strerror(%d) empty", codes[i]);
        EXPECT(strcmp(text, unknown) != 0 && strcmp(text, success) != 0, "strerror(%d): %s", codes[i], text);
        for (j = 0; j < i; j++)
            EXPECT(strcmp(text, kperm_strerror(codes[j])) != 0, "strerror(%d) = strerror(%d)", codes[i], codes[j]);
    }
    EXPECT(strcmp(success, "success") == 0 && strcmp(unknown, "unknown kperm status") == 0, "catch-alls: %s, %s",
           success, unknown);
    for (t = 0; t < CALLS; t++) {
        int status = rnd() % 2 ? any_int() : (int)rnd();
        const char *text = kperm_strerror(status);
        int known = status >= KPERM_E_ARG && status <= KPERM_END;
        EXPECT(text != NULL && text[0] != 0, "strerror(%d) empty", status);
        EXPECT(known || text == (status >= 0 ? success : unknown), "strerror(%d): %s", status, text);
    }
    check_end();
}

/* the k lowest bits */
static kperm_u64 pc_mask(int k) { return k >= 64 ? ~(kperm_u64)0 : ((kperm_u64)1 << k) - 1; }

static void comb_masks(void)
{
    static kperm_u64 table[KPERM_COMB_TABLE_SIZE];
    int t;
    test_pascal_fill();
    check_begin("contract: combination masks, binomials, a table in global memory, 128-bit counts");
    for (t = 0; t < CALLS; t++) {
        int n = any_int(), k = any_int(), d = any_int(), rc, i, valid_n = n >= 0 && n <= 64;
        int valid = valid_n && k >= 0 && k <= n, len = k >= 1 && k <= 64 ? k : 1;
        kperm_u64 mask = any_word(), before = mask, out = 0x1234, want = 0x1234;
        kperm_rank r0 = 0, r1 = 0, rank;
        kperm_rank128 big = {0x1234, 0x5678};
        kperm_u8 *p = (kperm_u8 *)malloc((size_t)len);

        if (valid_n && n < 64 && (before >> n) != 0 && rnd() % 2)
            mask = before &= ((kperm_u64)1 << n) - 1; /* half the time a mask that fits */
        rc = kperm_comb_next_mask(&mask, n);
        if (!valid_n)
            EXPECT(rc == KPERM_E_N && mask == before, "comb_next_mask n=%d: %d", n, rc);
        else if (n < 64 && before >> n)
            EXPECT(rc == KPERM_E_PERM && mask == before, "comb_next_mask %llx n=%d: %d", before, n, rc);
        else if (rc == KPERM_END)
            EXPECT(mask == (pc_mask(naive_popcount(before))) && kperm_comb_rank_of_mask(before, n, &r0) == KPERM_OK
                       && r0 + 1 == (kperm_u64)test_pascal[n][naive_popcount(before)],
                   "comb_next_mask %llx n=%d: the end from the last", before, n);
        else
            EXPECT(rc >= 0 && rc < naive_popcount(before) && kperm_comb_rank_of_mask(before, n, &r0) == KPERM_OK
                       && kperm_comb_rank_of_mask(mask, n, &r1) == KPERM_OK && r1 == r0 + 1,
                   "comb_next_mask %llx n=%d: %d, rank %llu then %llu", before, n, rc, r0, r1);

        rc = (int)(rnd() % 3) - 1; /* j: -1, 0, 1 around k, or any */
        i = rnd() % 2 && k > -1000 && k < 1000 ? k + rc : any_int();
        EXPECT(kperm_binomial(d, i) == (d >= 0 && d <= 64 && i >= 0 && i <= d ? (kperm_u64)test_pascal[d][i] : 0),
               "binomial %d %d: %llu", d, i, kperm_binomial(d, i));

        /* the table in global memory: the built-in one, never filled, or damaged */
        memcpy(table, kperm_comb_table, sizeof table);
        i = (int)(rnd() % 4);
        if (i == 1)
            table[0] = 0;
        else if (i == 2)
            table[rnd() % KPERM_COMB_TABLE_SIZE] = rnd();
        rank = any_rank(valid ? (kperm_u64)test_pascal[n][k] : 1);
        rc = kperm_comb_unrank_mask_in(table, rank, n, k, &out);
        if (i == 1)
            EXPECT(rc == KPERM_E_TABLES && out == 0x1234, "comb_unrank_mask_in, table never filled: %d", rc);
        else if (i == 2)
            EXPECT(is_status(rc) && (rc == KPERM_OK || out == 0x1234), "comb_unrank_mask_in, damaged table: %d", rc);
        else {
            int rc_want = kperm_comb_unrank_mask(rank, n, k, &want);
            EXPECT(rc == rc_want && out == want, "comb_unrank_mask_in %llu %d %d: %d", rank, n, k, rc);
        }

        /* comb_from_mask writes k values: the mask's, then 64 past its last bit */
        if (k >= 0 && k <= 64) {
            kperm_comb_from_mask(before, k, p);
            for (i = 0; i < k; i++)
                EXPECT(p[i] == (i < naive_popcount(before) ? naive_select(before, i) : 64), "comb_from_mask %llx %d",
                       before, k);
        }
        if (valid && k > 0)
            any_comb(p, k, n);
        out = 0x1234;
        rc = kperm_comb_mask_of(p, n, k, &out);
        if (!valid)
            EXPECT(rc == KPERM_E_N && out == 0x1234, "comb_mask_of n=%d k=%d: %d", n, k, rc);
        else
            EXPECT(rc == KPERM_OK ? naive_popcount(out) == k && (k == 0 || naive_select(out, 0) == p[0])
                                  : rc == KPERM_E_PERM && out == 0x1234,
                   "comb_mask_of n=%d k=%d: %d", n, k, rc);

        rc = kperm_comb_count128(n, k, &big);
        if (n >= 0 && n <= 128 && k >= 0 && k <= n)
            EXPECT(rc == KPERM_OK && (n > 64 || (big.hi == 0 && big.lo == (kperm_u64)test_pascal[n][k])), "comb_count128 %d %d", n, k);
        else
            EXPECT(rc == KPERM_E_N && big.lo == 0x1234 && big.hi == 0x5678, "comb_count128 %d %d: %d", n, k, rc);
        free(p);
    }
    check_end();
}

static kperm_rank128 rank128(kperm_u64 hi, kperm_u64 lo)
{
    kperm_rank128 r;
    r.hi = hi;
    r.lo = lo;
    return r;
}

/* a 128-bit rank near n!'s: 0, the count or one either side, or any */
static kperm_rank128 any_rank128(kperm_rank128 count)
{
    switch (rnd() % 6) {
    case 0: return rank128(0, 0);
    case 1: return count;
    case 2: return count.lo ? rank128(count.hi, count.lo - 1) : rank128(count.hi - 1, ~(kperm_u64)0);
    case 3: return count.lo + 1 ? rank128(count.hi, count.lo + 1) : rank128(count.hi + 1, 0);
    case 4: return rank128(count.hi ? rnd() % count.hi : 0, rnd());
    default: return rank128(rnd() >> (rnd() % 64), rnd());
    }
}

static int lt128(kperm_rank128 a, kperm_rank128 b) { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo); }

static void wide_cursors(void)
{
    int t, steps;
    check_begin("contract: kperm_cursor_get, kperm_split128 and the 128-bit cursor out of contract");
    for (t = 0; t < CALLS; t++) {
        int n = any_int(), i = any_int(), rc, v, valid = n >= 1 && n <= KPERM_MAX_N128;
        kperm_rank128 count = rank128(0, 1), b, e, pb = rank128(7, 7), pe = rank128(7, 7);
        kperm_u32 parts = (kperm_u32)(rnd() % 3 ? rnd() % 5 : rnd()), part = (kperm_u32)(rnd() % 3 ? rnd() % 6 : rnd());
        kperm_cursor c;
        kperm_cursor128 c128;
        kperm_u8 *p;
        if (valid)
            kperm_count128(n, &count);
        b = any_rank128(count);
        e = any_rank128(count);
        rc = kperm_split128(b, e, parts, part, &pb, &pe);
        if (lt128(e, b))
            EXPECT(rc == KPERM_E_RANK, "split128 with begin > end: %d", rc);
        else if (parts == 0 || part >= parts)
            EXPECT(rc == KPERM_E_ARG, "split128 parts=%u i=%u: %d", parts, part, rc);
        else
            EXPECT(rc == KPERM_OK && !lt128(pb, b) && !lt128(pe, pb) && !lt128(e, pe), "split128: %d", rc);
        if (rc != KPERM_OK)
            EXPECT(pb.hi == 7 && pb.lo == 7 && pe.hi == 7 && pe.lo == 7, "split128 wrote on an error");

        rc = kperm_cursor128_init(&c128, n, b, e);
        EXPECT(!valid ? rc == KPERM_E_N : lt128(e, b) || lt128(count, e) ? rc == KPERM_E_RANK : rc == KPERM_OK,
               "cursor128_init n=%d: %d", n, rc);
        p = block(n, KPERM_MAX_N128);
        for (steps = 0; steps < 3 && kperm_cursor128_next(&c128); steps++) {
            kperm_cursor128_perm(&c128, p);
            EXPECT(rc == KPERM_OK && distinct_below(p, n, n), "cursor128_next after %d", rc);
        }
        if (steps == 0)
            EXPECT(untouched(p, n, KPERM_MAX_N128) || rc == KPERM_OK, "cursor128_perm never called");
        if (!valid) {
            kperm_cursor128_perm(&c128, p);
            EXPECT(untouched(p, n, KPERM_MAX_N128), "cursor128_perm after a failed init wrote");
        }
        v = kperm_cursor128_get(&c128, i); /* some value before a first visit */
        if (!valid || i < 0 || i >= n)
            EXPECT(v == KPERM_E_ARG, "cursor128_get n=%d i=%d: %d", n, i, v);
        else
            EXPECT(v >= 0 && (steps == 0 || v < n), "cursor128_get n=%d i=%d: %d", n, i, v);
        free(p);

        /* kperm_cursor_get: any i gives some byte value, never a read outside */
        kperm_cursor_init(&c, n, 0, n >= 1 && n <= KPERM_MAX_N ? fact(n) : 1);
        kperm_cursor_next(&c);
        v = kperm_cursor_get(&c, i);
        EXPECT(v >= 0 && v <= 255, "cursor_get n=%d i=%d: %d", n, i, v);
        if (n >= 1 && n <= KPERM_MAX_N && i >= 0 && i < n)
            EXPECT(v == i, "cursor_get n=%d i=%d on the identity: %d", n, i, v);
    }
    check_end();
}

/* counts of m values for a plan: small counts, so that plans stay small */
static void ms_plans(void)
{
    static kperm_u64 plan[KPERM_MAX_MS_PLAN];
    int t;
    check_begin("contract: multiset plans: sizes, plans, checks, unranks with damaged plans");
    for (t = 0; t < CALLS / 4; t++) {
        kperm_u8 counts[80], *p, *q;
        kperm_u32 states = 0x1234;
        kperm_rank count = 0, rank;
        int m = rnd() % 2 ? (int)(rnd() % 7) : any_int(), n = 0, i, rc, rc_plan, rc_check, damaged = 0;
        for (i = 0; i < 80; i++)
            counts[i] = (kperm_u8)(rnd() % 5 ? rnd() % 4 : rnd());
        if (kperm_ms_count(counts, m, &count) == KPERM_OK)
            for (i = 0; i < m; i++)
                n += counts[i];
        rc = rc_plan = kperm_ms_plan_size(counts, m, &states);
        EXPECT(rc == KPERM_OK ? states >= 1 && states <= KPERM_MAX_MS_PLAN : is_status(rc) && states == 0x1234,
               "ms_plan_size m=%d: %d", m, rc);
        plan[0] = 0x5555;
        rc_check = kperm_ms_plan(counts, m, plan);
        EXPECT(rc_check == rc && (rc == KPERM_OK ? plan[states - 1] == count : plan[0] == 0x5555),
               "ms_plan m=%d: %d, size said %d", m, rc_check, rc);
        if (rc == KPERM_OK && rnd() % 2) {
            i = (int)(rnd() % states);
            plan[i] ^= rnd() % 2 ? (kperm_u64)1 << (rnd() % 64) : rnd() | 1; /* changes the entry */
            damaged = 1;
        }
        rc_check = kperm_ms_plan_check(counts, m, plan);
        EXPECT(rc_check == (rc != KPERM_OK ? rc : damaged ? KPERM_E_ARG : KPERM_OK), "ms_plan_check: %d", rc_check);

        p = block(n, KPERM_MAX_MS_N);
        q = block(n, KPERM_MAX_MS_N);
        rank = any_rank(count);
        rc = kperm_ms_unrank_plan(rank, counts, m, plan, p);
        EXPECT(is_status(rc), "ms_unrank_plan: %d", rc);
        if (rc_plan != KPERM_OK)
            EXPECT(rc != KPERM_OK && untouched(p, n, KPERM_MAX_MS_N), "ms_unrank_plan without a plan: %d", rc);
        else if (!damaged) {
            int rc_want = kperm_ms_unrank(rank, counts, m, q);
            EXPECT(rc == rc_want && memcmp(p, q, (size_t)(n >= 1 ? n : 1)) == 0, "ms_unrank_plan: %d, want %d",
                   rc, rc_want);
        }
        free(p);
        free(q);
    }
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    lex();
    steps_any_n();
    ranges();
    families();
    packed_and_skips();
    combinations_and_plain_changes();
    bits();
    strerror_texts();
    comb_masks();
    wide_cursors();
    ms_plans();
    return check_any_failed;
}
