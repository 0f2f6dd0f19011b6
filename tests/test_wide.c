/* test_wide.c - the calls for n past 20: kperm_next, kperm_prev,
 * kperm_ms_next, kperm_skip and kperm_ms_skip for any n against a textbook
 * next_permutation, kperm_split128 against exact 128-bit
 * arithmetic, and kperm_cursor128 against reference.h's unrank rank by rank
 * (across the packed word's wraps, every 16! ranks), with their errors. */
#include "kperm.h"
#include "check.h"
#include "reference.h"
#include "rng.h"
#include <stdlib.h>
#include <string.h>

static unsigned long long seed = 0x771de5eedull;

static unsigned long long rnd(void) { return test_splitmix(&seed); }

static u128 u128_of(kperm_rank128 r) { return (u128)r.hi << 64 | r.lo; }

static kperm_rank128 rank128_of(u128 r)
{
    kperm_rank128 out;
    out.lo = (kperm_u64)r;
    out.hi = (kperm_u64)(r >> 64);
    return out;
}

/* a random rank below bound (bound > 0) */
static u128 below(u128 bound) { return ((u128)rnd() << 64 | rnd()) % bound; }

/* std::next_permutation (dir 1) or prev_permutation (dir -1), written plainly */
static int ref_step(kperm_u8 *p, int n, int dir)
{
    int i = n - 2, j, lo, hi;
    while (i >= 0 && dir * (p[i + 1] - p[i]) <= 0)
        i--;
    if (i >= 0) {
        kperm_u8 t;
        for (j = n - 1; dir * (p[j] - p[i]) <= 0; j--)
            ;
        t = p[i], p[i] = p[j], p[j] = t;
    }
    for (lo = i + 1, hi = n - 1; lo < hi; lo++, hi--) {
        kperm_u8 t = p[lo];
        p[lo] = p[hi];
        p[hi] = t;
    }
    return i >= 0 ? i : KPERM_END;
}

static int descending(const void *a, const void *b)
{
    return *(const kperm_u8 *)b - *(const kperm_u8 *)a;
}

/* the last arrangement sharing p[0..k] (the rest sorted descending), then a step */
static int ref_skip(kperm_u8 *p, int n, int k)
{
    qsort(p + k + 1, (size_t)(n - k - 1), 1, descending);
    return ref_step(p, n, 1);
}

static void test_next_any_n(void)
{
    static const int sizes[] = {21, 25, 34, 35, 64, 200, 255, 256, 1000};
    kperm_u8 p[1000], q[1000];
    unsigned s;
    int t, dir, i;
    check_begin("kperm_next, kperm_prev, kperm_ms_next, kperm_skip, kperm_ms_skip for n > 20 (repeats included) = a textbook next_permutation");
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s];
        for (t = 0; t < 300; t++) {
            int range = t % 3 == 0 ? 3 : 256; /* few values: many repeats, long runs */
            for (i = 0; i < n; i++)
                p[i] = (kperm_u8)(rnd() % (unsigned)range);
            if (t % 10 == 0) /* the last arrangement: the step wraps to the first */
                for (i = 0; i < n; i++)
                    p[i] = (kperm_u8)(n - 1 - i);
            for (dir = -1; dir <= 1; dir += 2) {
                int got, want;
                memcpy(q, p, (size_t)n);
                got = dir > 0 ? kperm_next(p, n) : kperm_prev(p, n);
                want = ref_step(q, n, dir);
                CHECK(got == want && memcmp(p, q, (size_t)n) == 0, "n=%d dir=%d: %d, want %d", n, dir, got, want);
            }
            {
                int k = (int)(rnd() % (unsigned)n), got, want;
                memcpy(q, p, (size_t)n);
                got = t % 2 ? kperm_ms_next(p, n) : kperm_next(p, n);
                want = ref_step(q, n, 1);
                CHECK(got == want && memcmp(p, q, (size_t)n) == 0, "n=%d ms_next: %d, want %d", n, got, want);
                got = t % 2 ? kperm_ms_skip(p, n, k) : kperm_skip(p, n, k);
                want = ref_skip(q, n, k);
                CHECK(got == want && memcmp(p, q, (size_t)n) == 0, "n=%d k=%d skip: %d, want %d", n, k, got, want);
            }
        }
    }
    memcpy(q, p, sizeof p);
    CHECK(kperm_next(p, 0) == KPERM_E_N && kperm_prev(p, -5) == KPERM_E_N && kperm_ms_next(p, 0) == KPERM_E_N
              && kperm_skip(p, -1, 0) == KPERM_E_N && kperm_ms_skip(p, 1000, 1000) == KPERM_E_ARG
              && memcmp(p, q, sizeof p) == 0,
          "n < 1, k outside 0..n-1: the error, perm untouched");
    check_end();
}

static void test_split128(void)
{
    int t;
    check_begin("kperm_split128: parts cover [begin, end) in order, sizes within one, = kperm_split below 2^64");
    for (t = 0; t < 20000; t++) {
        u128 b = t % 4 ? below(fact128(34)) : 0, size = t % 3 ? below(fact128(34) - b) : rnd() % 1000;
        kperm_u32 parts = t % 5 ? (kperm_u32)(rnd() % 5000 + 1) : (kperm_u32)(~(kperm_u32)0 - rnd() % 3);
        u128 at = b, q = size / parts;
        kperm_u32 k, i;
        for (k = 0; k < 4; k++) {
            kperm_rank128 pb, pe;
            i = k == 0 ? 0 : k == 3 ? parts - 1 : (kperm_u32)(rnd() % parts);
            if (kperm_split128(rank128_of(b), rank128_of(b + size), parts, i, &pb, &pe) != KPERM_OK) {
                CHECK(0, "split128 refused a good range");
                continue;
            }
            CHECK(u128_of(pe) - u128_of(pb) == q + (i < size % parts),
                  "part %u of %u: size", (unsigned)i, (unsigned)parts);
            CHECK(u128_of(pb) == b + (u128)i * q + (i < size % parts ? i : size % parts),
                  "part %u of %u: begin", (unsigned)i, (unsigned)parts);
            if (k == 0)
                CHECK(u128_of(pb) == at, "the first part starts at begin");
            if (i == parts - 1)
                CHECK(u128_of(pe) == b + size, "the last part ends at end");
            if (b + size <= ~(kperm_u64)0) {
                kperm_rank sb = 0, se = 0;
                CHECK(kperm_split((kperm_rank)b, (kperm_rank)(b + size), parts, i, &sb, &se) == KPERM_OK
                          && sb == u128_of(pb) && se == u128_of(pe),
                      "split128 = split");
            }
        }
    }
    {
        kperm_rank128 lo = rank128_of(5), hi = rank128_of((u128)1 << 100), pb = rank128_of(77), pe = pb;
        CHECK(kperm_split128(hi, lo, 2, 0, &pb, &pe) == KPERM_E_RANK, "begin > end");
        CHECK(kperm_split128(lo, hi, 0, 0, &pb, &pe) == KPERM_E_ARG, "parts = 0");
        CHECK(kperm_split128(lo, hi, 3, 3, &pb, &pe) == KPERM_E_ARG, "i = parts");
        CHECK(u128_of(pb) == 77 && u128_of(pe) == 77, "outputs untouched on error");
    }
    check_end();
}

/* visits [b, b + len) of n with a cursor128 and compares each permutation,
 * its pivot and the rank with the reference */
static void walk(int n, u128 b, u128 len)
{
    kperm_cursor128 c;
    kperm_u8 want[KPERM_MAX_N128], prev[KPERM_MAX_N128], got[KPERM_MAX_N128];
    u128 r = b;
    int i, rc = kperm_cursor128_init(&c, n, rank128_of(b), rank128_of(b + len));
    CHECK(rc == KPERM_OK, "n=%d: init %d", n, rc);
    for (; kperm_cursor128_next(&c); r++) {
        int pivot = 0;
        ref_unrank128(r, n, want);
        if (r > b)
            while (pivot < n && prev[pivot] == want[pivot])
                pivot++;
        kperm_cursor128_perm(&c, got);
        for (i = 0; i < n; i++)
            CHECK(kperm_cursor128_get(&c, i) == want[i], "n=%d rank %llu: get(%d)", n, (unsigned long long)r, i);
        if (memcmp(got, want, (size_t)n) || c.pivot != pivot || u128_of(c.rank) != r) {
            CHECK(0, "n=%d rank %llu (+%llu): perm, pivot %d (want %d) or rank", n, (unsigned long long)(r >> 64),
                  (unsigned long long)r, c.pivot, pivot);
            return;
        }
        memcpy(prev, want, (size_t)n);
    }
    CHECK(r == b + len && kperm_cursor128_next(&c) == 0, "n=%d: %llu visited of %llu", n,
          (unsigned long long)(r - b), (unsigned long long)len);
}

static void test_cursor128(void)
{
    int n, t;
    check_begin("kperm_cursor128 = the reference rank by rank, n = 1..34, across the word's wraps");
    for (n = 1; n <= 7; n++)
        walk(n, 0, fact128(n));
    for (n = 8; n <= KPERM_MAX_N128; n++)
        for (t = 0; t < 12; t++) {
            u128 total = fact128(n), len = rnd() % 3000, b;
            if (n > 16 && t % 2) { /* straddle a wrap of the word: a multiple of 16! */
                u128 wraps = total / fact128(16);
                b = (below(wraps - 1) + 1) * fact128(16) - rnd() % (len + 1);
            } else
                b = below(total);
            if (t == 11)
                b = total - len % total; /* the range's end is the last permutation */
            len = len < total - b ? len : total - b;
            walk(n, b, len);
        }
    check_end();
}

static void test_cursor128_errors(void)
{
    static const int bad_n[] = {0, -1, KPERM_MAX_N128 + 1, 64, 1000};
    kperm_cursor128 c;
    kperm_rank128 zero = rank128_of(0), one = rank128_of(1);
    unsigned k;
    check_begin("kperm_cursor128 errors: bad n, begin > end, end > n!; an empty range; get outside 0..n-1");
    for (k = 0; k < sizeof bad_n / sizeof bad_n[0]; k++) {
        CHECK(kperm_cursor128_init(&c, bad_n[k], zero, one) == KPERM_E_N && kperm_cursor128_next(&c) == 0,
              "n=%d", bad_n[k]);
        CHECK(kperm_cursor128_get(&c, 0) == KPERM_E_ARG, "get on a failed cursor, n=%d", bad_n[k]);
    }
    CHECK(kperm_cursor128_init(&c, 25, one, zero) == KPERM_E_RANK && kperm_cursor128_next(&c) == 0, "begin > end");
    CHECK(kperm_cursor128_init(&c, 25, zero, rank128_of(fact128(25) + 1)) == KPERM_E_RANK
              && kperm_cursor128_next(&c) == 0, "end > n!");
    CHECK(kperm_cursor128_init(&c, 25, one, one) == KPERM_OK && kperm_cursor128_next(&c) == 0, "empty range");
    CHECK(kperm_cursor128_init(&c, 30, zero, one) == KPERM_OK && kperm_cursor128_next(&c) == 1
              && kperm_cursor128_get(&c, -1) == KPERM_E_ARG && kperm_cursor128_get(&c, 30) == KPERM_E_ARG
              && kperm_cursor128_get(&c, 29) == 29,
          "get outside 0..n-1");
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    test_next_any_n();
    test_split128();
    test_cursor128();
    test_cursor128_errors();
    return check_any_failed;
}
