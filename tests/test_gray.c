/* test_gray.c - the two minimal-change orders against independent
 * references. The Gray code: the list built by reflection (G(n) = G(n-1),
 * then G(n-1) reversed with bit n-1 set) for every subset of n <= 16, and
 * that recursive definition followed down for any rank to n = 64. The
 * revolving door: the lists built by Knuth's recursive definition (the list
 * for (n, k) = the list for (n-1, k), then the list for (n-1, k-1) reversed
 * with n-1 added) for every k-subset of n <= 14, checked against a
 * transcription of Algorithm R and against the Gray list's subsets of k
 * elements; for n up to 64 the same recursion followed down with a Pascal
 * triangle in unsigned __int128. Covers count, unrank, rank, next (with the
 * one element that changes, and the wrap), skip against repeated next, the
 * cursors over every small range start and random ranges, the Gray
 * cursor's skip, and every error with its outputs untouched. */
#include "kperm.h"
#include "check.h"
#include "rng.h"
#include "reference.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long u64;

static u64 seed = 0x6a7;

static u64 rnd(void)
{
    return test_splitmix(&seed);
}

static u64 bit(int i)
{
    return 1ull << i;
}

/* ---- the Gray code */

#define GRAY_LIST_N 16
static u64 glist[1 << GRAY_LIST_N]; /* G(16); its first 2^n entries are G(n) */

static void gray_list_fill(void)
{
    u64 half, i;
    int m;
    glist[0] = 0;
    for (m = 1; m <= GRAY_LIST_N; m++)
        for (half = bit(m - 1), i = 0; i < half; i++)
            glist[half + i] = glist[half - 1 - i] | half;
}

/* rank r of G(n), any n <= 64, by the definition: the second half holds the
 * first half's subsets in reverse with bit n-1 added */
static u64 ref_gray(u64 r, int n)
{
    u64 mask = 0;
    int m;
    for (m = n; m >= 1; m--) {
        u64 half = bit(m - 1);
        if (r >= half) {
            mask |= half;
            r = half - 1 - (r - half);
        }
    }
    return mask;
}

/* 2^n, n = 64 included */
static u128 gray_total(int n)
{
    return (u128)1 << n;
}

static void test_gray_exhaustive(void)
{
    int n, i;
    check_begin("gray code = the reflected list for every subset of n = 0..16 (count, unrank, rank_of, next, cursor)");
    gray_list_fill();
    for (n = 0; n <= GRAY_LIST_N; n++) {
        u64 total = 0, r;
        kperm_gray_cursor c;
        CHECK(kperm_gray_count(n, &total) == KPERM_OK && total == bit(n), "count n=%d: %llu", n, total);
        for (r = 0; r < total; r++) {
            u64 m = ~0ull, back = ~0ull;
            int rc;
            CHECK(kperm_gray_unrank(r, n, &m) == KPERM_OK && m == glist[r], "unrank n=%d %llu: %llx", n, r, m);
            CHECK(kperm_gray_rank_of(glist[r], n, &back) == KPERM_OK && back == r, "rank_of n=%d %llu", n, r);
            m = glist[r];
            rc = kperm_gray_next(&m, n);
            if (r + 1 < total)
                CHECK(rc >= 0 && rc < n && m == glist[r + 1] && (glist[r] ^ m) == bit(rc), "next n=%d %llu: %d", n, r,
                      rc);
            else
                CHECK(rc == KPERM_END && m == 0, "next past the last of n=%d: %d, %llx", n, rc, m);
        }
        CHECK(kperm_gray_cursor_init(&c, n, 0, total) == KPERM_OK, "init n=%d", n);
        for (r = 0; kperm_gray_cursor_next(&c); r++) {
            CHECK(c.rank == r && c.mask == glist[r], "cursor n=%d at %llu: %llx", n, r, c.mask);
            CHECK(r == 0 ? c.bit == 0 : (glist[r - 1] ^ c.mask) == bit(c.bit), "cursor n=%d %llu: bit %d", n, r, c.bit);
        }
        CHECK(r == total, "cursor n=%d visited %llu", n, r);
        for (i = 0; i < 30; i++) { /* ranges from anywhere */
            u64 b = rnd() % (total + 1), e = b + rnd() % (total - b + 1);
            CHECK(kperm_gray_cursor_init(&c, n, b, e) == KPERM_OK, "init n=%d [%llu, %llu)", n, b, e);
            for (r = b; kperm_gray_cursor_next(&c); r++)
                CHECK(c.rank == r && c.mask == glist[r] && (r == b ? c.bit == 0 : (glist[r - 1] ^ c.mask) == bit(c.bit)),
                      "cursor n=%d [%llu, %llu) at %llu", n, b, e, r);
            CHECK(r == e, "cursor n=%d [%llu, %llu) ended at %llu", n, b, e, r);
        }
    }
    check_end();
}

/* kperm_gray_skip against d calls of kperm_gray_next (every start of n <= 8,
 * d to three times round), and against the list for huge d */
static void test_gray_skip(void)
{
    int n, i;
    check_begin("kperm_gray_skip = d steps of kperm_gray_next (n <= 8 every start, d to 3 * 2^n; huge d to n = 16)");
    for (n = 0; n <= 8; n++) {
        u64 total = bit(n), r, d;
        for (r = 0; r < total; r++) {
            u64 want = glist[r]; /* d steps of next from glist[r] */
            int wrapped = 0;
            for (d = 0; d <= 3 * total; d++) {
                u64 m = glist[r];
                int rc = kperm_gray_skip(&m, n, d);
                CHECK(m == want && rc == (wrapped ? KPERM_END : KPERM_OK), "skip n=%d from %llu by %llu: %d", n, r, d, rc);
                wrapped |= kperm_gray_next(&want, n) == KPERM_END;
            }
        }
    }
    for (n = 0; n <= GRAY_LIST_N; n++)
        for (i = 0; i < 2000; i++) {
            u64 r = rnd() % bit(n), d = i % 3 ? rnd() : ~0ull - rnd() % 4, m = glist[r];
            int rc = kperm_gray_skip(&m, n, d);
            u128 to = (u128)r + d;
            CHECK(m == glist[(u64)(to % gray_total(n))] && rc == (to >= gray_total(n) ? KPERM_END : KPERM_OK),
                  "skip n=%d from %llu by %llu: %d", n, r, d, rc);
        }
    check_end();
}

/* The cursor skipping by random amounts over random ranges against the
 * rule: a skip of d after visiting rank v makes the next visit v + 1 + d,
 * before the first visit begin + d; KPERM_END when that is at end or past */
static void test_gray_cursor_skip(void)
{
    int t;
    check_begin("kperm_gray_cursor_skip over random ranges of n <= 16 and n = 64, before and after the first visit");
    for (t = 0; t < 20000; t++) {
        int n = t % 10 == 0 ? 64 : (int)(rnd() % 17), visits = 0, rc;
        u128 total = gray_total(n);
        u64 b = n == 64 ? ~0ull - 500 + rnd() % 500 : rnd() % (u64)(total + 1);
        u64 e = b + rnd() % ((n == 64 ? ~0ull : (u64)total) - b + 1), want, prev = 0;
        kperm_gray_cursor c;
        if (e - b > 600)
            e = b + rnd() % 600;
        CHECK(kperm_gray_cursor_init(&c, n, b, e) == KPERM_OK, "init n=%d [%llu, %llu)", n, b, e);
        want = b;
        if (rnd() % 2) {
            u64 d = rnd() % 4 ? rnd() % 8 : rnd();
            rc = kperm_gray_cursor_skip(&c, d);
            want = d >= e - b ? e : b + d;
            CHECK(rc == (want == e ? KPERM_END : KPERM_OK), "skip %llu before the first of [%llu, %llu): %d", d, b, e, rc);
        }
        while (kperm_gray_cursor_next(&c)) {
            CHECK(c.rank == want && c.mask == ref_gray(want, n), "n=%d [%llu, %llu): visited %llu, want %llu", n, b, e,
                  c.rank, want);
            CHECK(visits == 0 ? c.bit == 0 : (ref_gray(want - 1, n) ^ c.mask) == bit(c.bit),
                  "n=%d rank %llu: bit %d", n, want, c.bit);
            if (visits++ > 0)
                CHECK(c.mask != prev, "n=%d rank %llu: nothing changed", n, want);
            prev = c.mask;
            want++;
            if (rnd() % 3 == 0) {
                u64 d = rnd() % 4 ? rnd() % 8 : rnd();
                rc = kperm_gray_cursor_skip(&c, d);
                want = d >= e - want ? e : want + d;
                CHECK(rc == (want == e ? KPERM_END : KPERM_OK), "skip %llu to %llu of [%llu, %llu): %d", d, want, b, e, rc);
            }
        }
        CHECK(want == e, "n=%d [%llu, %llu): ended where the next visit was %llu", n, b, e, want);
        CHECK(kperm_gray_cursor_skip(&c, 1) == KPERM_END && !kperm_gray_cursor_next(&c), "skip after the end");
    }
    check_end();
}

static void test_gray_random(void)
{
    int n, t;
    check_begin("gray code n = 17..64: random ranks against the recursive definition, round trips, next, one bit a step");
    for (n = 17; n <= 64; n++) {
        u64 last = n == 64 ? ~0ull : bit(n) - 1, total = 0;
        kperm_gray_cursor c;
        CHECK(n == 64 ? kperm_gray_count(n, &total) == KPERM_E_OVERFLOW && total == 0
                      : kperm_gray_count(n, &total) == KPERM_OK && total == bit(n),
              "count n=%d", n);
        for (t = 0; t < 3000; t++) {
            u64 r = t == 0 ? 0 : t == 1 ? last : t == 2 ? last - 1 : rnd() & last, m = 0, back = 0, want = ref_gray(r, n);
            int rc;
            CHECK(kperm_gray_unrank(r, n, &m) == KPERM_OK && m == want, "unrank n=%d %llu: %llx", n, r, m);
            CHECK(kperm_gray_rank_of(m, n, &back) == KPERM_OK && back == r, "rank_of n=%d %llu", n, r);
            rc = kperm_gray_next(&m, n);
            if (r < last)
                CHECK(rc >= 0 && rc < n && m == ref_gray(r + 1, n) && (m ^ want) == bit(rc), "next n=%d %llu: %d", n, r,
                      rc);
            else
                CHECK(rc == KPERM_END && m == 0 && want == bit(n - 1), "next past the last n=%d: %d", n, rc);
        }
        for (t = 0; t < 40; t++) { /* the cursor: random ranges of up to 300, the top one too */
            u64 b = t == 0 ? last - 299 : rnd() & last, e, r;
            e = b + (last - b < 300 ? last - b : 300) + (n < 64 && t == 0);
            CHECK(kperm_gray_cursor_init(&c, n, b, e) == KPERM_OK, "init n=%d [%llu, %llu)", n, b, e);
            for (r = b; kperm_gray_cursor_next(&c); r++)
                CHECK(c.rank == r && c.mask == ref_gray(r, n) && (r == b || (ref_gray(r - 1, n) ^ c.mask) == bit(c.bit)),
                      "cursor n=%d at %llu", n, r);
            CHECK(r == e, "cursor n=%d [%llu, %llu) ended at %llu", n, b, e, r);
        }
    }
    check_end();
}

/* ---- the revolving door */

#define RD_N 14
static u64 *rd[RD_N + 1][RD_N + 1]; /* rd[n][k]: the list, C(n, k) masks */

static long binom(int n, int k)
{
    return k < 0 || k > n ? 0 : (long)test_pascal[n][k];
}

static void rd_lists_fill(void)
{
    int n, k;
    long i, first;
    for (n = 0; n <= RD_N; n++)
        for (k = 0; k <= n; k++) {
            rd[n][k] = (u64 *)malloc((size_t)binom(n, k) * sizeof(u64));
            if (n == 0 || k == 0) {
                rd[n][k][0] = 0;
                continue;
            }
            first = binom(n - 1, k);
            if (first > 0)
                memcpy(rd[n][k], rd[n - 1][k], (size_t)first * sizeof(u64));
            for (i = 0; i < binom(n - 1, k - 1); i++)
                rd[n][k][first + i] = rd[n - 1][k - 1][binom(n - 1, k - 1) - 1 - i] | bit(n - 1);
        }
}

static void rd_lists_free(void)
{
    int n, k;
    for (n = 0; n <= RD_N; n++)
        for (k = 0; k <= n; k++)
            free(rd[n][k]);
}

/* Algorithm R, TAOCP 7.2.1.3, as printed (1-based, n > t > 1): every
 * t-combination into out as a mask, in order; returns how many */
static long algorithm_r(int n, int t, u64 *out)
{
    int c[RD_N + 2], j, up;
    long count = 0;
    for (j = 1; j <= t; j++) /* R1 */
        c[j] = j - 1;
    c[t + 1] = n;
    for (;;) {
        u64 m = 0;
        for (j = 1; j <= t; j++) /* R2: visit */
            m |= bit(c[j]);
        out[count++] = m;
        if (t % 2 && c[1] + 1 < c[2]) { /* R3: the easy cases */
            c[1]++;
            continue;
        }
        if (t % 2 == 0 && c[1] > 0) {
            c[1]--;
            continue;
        }
        /* R4 (try to decrease c_j) and R5 (try to increase c_j) in turn
         * from j = 2, R5 first when t is even; done when j passes t */
        for (j = 2, up = t % 2 == 0;; j++, up = !up) {
            if (j > t)
                return count;
            if (!up && c[j] >= j) { /* R4: c_j = c_{j-1} + 1 here */
                c[j] = c[j - 1];
                c[j - 1] = j - 2;
                break;
            }
            if (up && c[j] + 1 < c[j + 1]) { /* R5: c_{j-1} = j - 2 here */
                c[j - 1] = c[j];
                c[j]++;
                break;
            }
        }
    }
}

static void test_rd_references(void)
{
    static u64 seq[3432];
    int n, k;
    check_begin("revolving door references agree: the recursive lists = Algorithm R (1 < k < n <= 14) = the Gray list's k-subsets");
    for (n = 0; n <= RD_N; n++)
        for (k = 0; k <= n; k++) {
            long i, count = 0;
            u64 g;
            for (g = 0; g < bit(n); g++) /* the Gray code's subsets of k, in its order */
                if (kperm_popcount64(glist[g]) == k) {
                    if (count < binom(n, k))
                        CHECK(rd[n][k][count] == glist[g], "gray filter n=%d k=%d at %ld", n, k, count);
                    count++;
                }
            CHECK(count == binom(n, k), "gray filter n=%d k=%d: %ld", n, k, count);
            if (k < 2 || k >= n)
                continue;
            count = algorithm_r(n, k, seq);
            CHECK(count == binom(n, k), "Algorithm R n=%d t=%d gave %ld", n, k, count);
            for (i = 0; i < count && i < binom(n, k); i++)
                CHECK(seq[i] == rd[n][k][i], "Algorithm R n=%d t=%d at %ld", n, k, i);
        }
    check_end();
}

/* the step from a to b exchanges one element: out in a only, in in b only */
static int one_exchange(u64 a, u64 b, int out, int in)
{
    return out >= 0 && out < 64 && in >= 0 && in < 64 && (a ^ b) == (bit(out) | bit(in)) && ((a >> out) & 1) &&
           ((b >> in) & 1);
}

static void test_rd_exhaustive(void)
{
    int n, k, t;
    check_begin("revolving door = the recursive lists for every k-subset of n <= 14 (unrank, rank_of, next, cursor)");
    for (n = 0; n <= RD_N; n++)
        for (k = 0; k <= n; k++) {
            const u64 *list = rd[n][k];
            u64 total = (u64)binom(n, k), r;
            kperm_revdoor_cursor c;
            for (r = 0; r < total; r++) {
                u64 m = ~0ull, back = ~0ull;
                int out = -5, in = -5, rc;
                CHECK(kperm_revdoor_unrank_mask(r, n, k, &m) == KPERM_OK && m == list[r], "unrank C(%d,%d) %llu: %llx", n,
                      k, r, m);
                CHECK(kperm_revdoor_rank_of_mask(list[r], n, &back) == KPERM_OK && back == r, "rank_of C(%d,%d) %llu", n,
                      k, r);
                m = list[r];
                rc = kperm_revdoor_next_mask(&m, n, &out, &in);
                if (r + 1 < total)
                    CHECK(rc == KPERM_OK && m == list[r + 1] && one_exchange(list[r], m, out, in),
                          "next C(%d,%d) from %llu: %d, out %d in %d", n, k, r, rc, out, in);
                else
                    CHECK(rc == KPERM_END && m == list[0] && out == -5 && in == -5, "next past the last C(%d,%d): %d", n,
                          k, rc);
            }
            CHECK(kperm_revdoor_cursor_init(&c, n, k, 0, total) == KPERM_OK, "init C(%d,%d)", n, k);
            for (r = 0; kperm_revdoor_cursor_next(&c); r++)
                CHECK(c.rank == r && c.mask == list[r] &&
                          (r == 0 ? c.out == 0 && c.in == 0 : one_exchange(list[r - 1], c.mask, c.out, c.in)),
                      "cursor C(%d,%d) at %llu: out %d in %d", n, k, r, c.out, c.in);
            CHECK(r == total, "cursor C(%d,%d) visited %llu", n, k, r);
            for (t = 0; t < 10; t++) {
                u64 b = rnd() % (total + 1), e = b + rnd() % (total - b + 1);
                CHECK(kperm_revdoor_cursor_init(&c, n, k, b, e) == KPERM_OK, "init C(%d,%d) [%llu, %llu)", n, k, b, e);
                for (r = b; kperm_revdoor_cursor_next(&c); r++)
                    CHECK(c.rank == r && c.mask == list[r] && (r == b || one_exchange(list[r - 1], c.mask, c.out, c.in)),
                          "cursor C(%d,%d) [%llu, %llu) at %llu", n, k, b, e, r);
                CHECK(r == e, "cursor C(%d,%d) [%llu, %llu) ended at %llu", n, k, b, e, r);
            }
        }
    check_end();
}

/* rank r of the (n, k) list by the recursive definition, followed down:
 * the first C(n-1, k) are the list for (n-1, k), the rest the list for
 * (n-1, k-1) reversed with n-1 added */
static u64 ref_rd_unrank(u128 r, int n, int k)
{
    u64 mask = 0;
    for (; n > 0 && k > 0; n--) {
        u128 first = test_pascal[n - 1][k];
        if (r >= first) {
            mask |= bit(n - 1);
            r = test_pascal[n - 1][k - 1] - 1 - (r - first);
            k--;
        }
    }
    return mask;
}

static void test_rd_random(void)
{
    int t;
    check_begin("revolving door n = 15..64: random ranks against the recursive definition, round trips, next, the cursor");
    for (t = 0; t < 200000; t++) {
        int n = 15 + (int)(rnd() % 50), k = (int)(rnd() % (u64)(n + 1)), out = -5, in = -5, rc;
        u64 total = (u64)test_pascal[n][k], r = t % 10 == 0 ? total - 1 : t % 10 == 1 ? 0 : rnd() % total;
        u64 m = 0, back = ~0ull, want = ref_rd_unrank(r, n, k);
        CHECK(kperm_revdoor_unrank_mask(r, n, k, &m) == KPERM_OK && m == want, "unrank C(%d,%d) %llu: %llx", n, k, r, m);
        CHECK(kperm_revdoor_rank_of_mask(want, n, &back) == KPERM_OK && back == r, "rank_of C(%d,%d) %llu: %llu", n, k, r,
              back);
        rc = kperm_revdoor_next_mask(&m, n, &out, &in);
        if (r + 1 < total)
            CHECK(rc == KPERM_OK && m == ref_rd_unrank(r + 1, n, k) && one_exchange(want, m, out, in),
                  "next C(%d,%d) from %llu: %d", n, k, r, rc);
        else
            CHECK(rc == KPERM_END && m == (k == 64 ? ~0ull : bit(k) - 1), "next past the last C(%d,%d): %d", n, k, rc);
    }
    for (t = 0; t < 2000; t++) {
        int n = 15 + (int)(rnd() % 50), k = (int)(rnd() % (u64)(n + 1));
        u64 total = (u64)test_pascal[n][k], b = t % 5 == 0 ? total - total % 200 : rnd() % (total + 1), e, r;
        kperm_revdoor_cursor c;
        e = b + (total - b < 200 ? total - b : rnd() % 200);
        CHECK(kperm_revdoor_cursor_init(&c, n, k, b, e) == KPERM_OK, "init C(%d,%d) [%llu, %llu)", n, k, b, e);
        for (r = b; kperm_revdoor_cursor_next(&c); r++)
            CHECK(c.rank == r && c.mask == ref_rd_unrank(r, n, k) &&
                      (r == b || one_exchange(ref_rd_unrank(r - 1, n, k), c.mask, c.out, c.in)),
                  "cursor C(%d,%d) [%llu, %llu) at %llu", n, k, b, e, r);
        CHECK(r == e, "cursor C(%d,%d) [%llu, %llu) ended at %llu", n, k, b, e, r);
    }
    check_end();
}

/* ---- errors */

static void test_errors(void)
{
    static const int bad_n[] = {-1, 65, 1000, INT_MIN, INT_MAX};
    u64 m = 0x77, r = 0x77, keep;
    int i, n, out = -5, in = -5;
    kperm_gray_cursor gc;
    kperm_revdoor_cursor dc;
    check_begin("minimal-change orders: bad n, k, ranks, masks and ranges give their errors and touch nothing");
    for (i = 0; i < 5; i++) {
        n = bad_n[i];
        CHECK(kperm_gray_count(n, &r) == KPERM_E_N && r == 0x77, "gray_count n=%d", n);
        CHECK(kperm_gray_unrank(0, n, &m) == KPERM_E_N && m == 0x77, "gray_unrank n=%d", n);
        CHECK(kperm_gray_rank_of(0, n, &r) == KPERM_E_N && r == 0x77, "gray_rank_of n=%d", n);
        CHECK(kperm_gray_next(&m, n) == KPERM_E_N && m == 0x77, "gray_next n=%d", n);
        CHECK(kperm_gray_skip(&m, n, 1) == KPERM_E_N && m == 0x77, "gray_skip n=%d", n);
        CHECK(kperm_gray_cursor_init(&gc, n, 0, 1) == KPERM_E_N && gc.n == n && !kperm_gray_cursor_next(&gc) &&
                  kperm_gray_cursor_skip(&gc, 0) == KPERM_END,
              "gray cursor n=%d", n);
        CHECK(kperm_revdoor_unrank_mask(0, n, 1, &m) == KPERM_E_N && m == 0x77, "revdoor_unrank n=%d", n);
        CHECK(kperm_revdoor_rank_of_mask(0, n, &r) == KPERM_E_N && r == 0x77, "revdoor_rank_of n=%d", n);
        CHECK(kperm_revdoor_next_mask(&m, n, &out, &in) == KPERM_E_N && m == 0x77 && out == -5 && in == -5,
              "revdoor_next n=%d", n);
        CHECK(kperm_revdoor_cursor_init(&dc, n, 1, 0, 1) == KPERM_E_N && dc.n == n && dc.k == 1 &&
                  !kperm_revdoor_cursor_next(&dc),
              "revdoor cursor n=%d", n);
    }
    CHECK(kperm_gray_count(64, &r) == KPERM_E_OVERFLOW && r == 0x77, "gray_count 64");
    for (n = 0; n <= 64; n++) {
        u64 high = n < 64 ? bit(n + (int)(rnd() % (u64)(64 - n))) : 0;
        kperm_rank total = n < 64 ? bit(n) : 0;
        if (n < 64) {
            CHECK(kperm_gray_unrank(total, n, &m) == KPERM_E_RANK && m == 0x77, "gray_unrank 2^%d", n);
            CHECK(kperm_gray_unrank(~0ull, n, &m) == KPERM_E_RANK && m == 0x77, "gray_unrank 2^64-1 n=%d", n);
            CHECK(kperm_gray_rank_of(high, n, &r) == KPERM_E_PERM && r == 0x77, "gray_rank_of %llx n=%d", high, n);
            keep = m = high | (n ? 1 : 0);
            CHECK(kperm_gray_next(&m, n) == KPERM_E_PERM && m == keep, "gray_next %llx n=%d", keep, n);
            CHECK(kperm_gray_skip(&m, n, 5) == KPERM_E_PERM && m == keep, "gray_skip %llx n=%d", keep, n);
            CHECK(kperm_gray_cursor_init(&gc, n, 0, total + 1) == KPERM_E_RANK && !kperm_gray_cursor_next(&gc),
                  "gray cursor end 2^%d + 1", n);
            CHECK(kperm_revdoor_rank_of_mask(high, n, &r) == KPERM_E_PERM && r == 0x77, "revdoor_rank_of %llx n=%d",
                  high, n);
            CHECK(kperm_revdoor_next_mask(&m, n, &out, &in) == KPERM_E_PERM && m == keep && out == -5 && in == -5,
                  "revdoor_next %llx n=%d", keep, n);
            m = 0x77;
        }
        CHECK(kperm_gray_cursor_init(&gc, n, 5, 4) == KPERM_E_RANK && !kperm_gray_cursor_next(&gc), "gray begin > end");
        CHECK(kperm_revdoor_unrank_mask(0, n, n + 1, &m) == KPERM_E_N && m == 0x77, "revdoor_unrank k=%d", n + 1);
        CHECK(kperm_revdoor_unrank_mask(0, n, -1, &m) == KPERM_E_N && m == 0x77, "revdoor_unrank k=-1");
        CHECK(kperm_revdoor_unrank_mask(kperm_binomial(n, n / 3), n, n / 3, &m) == KPERM_E_RANK && m == 0x77,
              "revdoor_unrank C(%d,%d)", n, n / 3);
        CHECK(kperm_revdoor_unrank_mask(~0ull, n, n / 2, &m) == KPERM_E_RANK && m == 0x77, "revdoor_unrank ~0");
        CHECK(kperm_revdoor_cursor_init(&dc, n, n / 2, 0, kperm_binomial(n, n / 2) + 1) == KPERM_E_RANK &&
                  !kperm_revdoor_cursor_next(&dc),
              "revdoor cursor end past C(%d,%d)", n, n / 2);
        CHECK(kperm_revdoor_cursor_init(&dc, n, n / 2, 1, 0) == KPERM_E_RANK && !kperm_revdoor_cursor_next(&dc),
              "revdoor cursor begin > end");
        CHECK(kperm_revdoor_cursor_init(&dc, n, n + 1, 0, 0) == KPERM_E_N && !kperm_revdoor_cursor_next(&dc),
              "revdoor cursor k > n");
    }
    /* the ends that are not errors: one subset (k = 0, k = n) ends at once */
    m = 0;
    CHECK(kperm_revdoor_next_mask(&m, 10, &out, &in) == KPERM_END && m == 0 && out == -5, "revdoor k = 0");
    m = ~0ull;
    CHECK(kperm_revdoor_next_mask(&m, 64, &out, &in) == KPERM_END && m == ~0ull && out == -5, "revdoor k = n = 64");
    m = 0;
    CHECK(kperm_gray_next(&m, 0) == KPERM_END && m == 0, "gray n = 0");
    m = bit(63);
    CHECK(kperm_gray_next(&m, 64) == KPERM_END && m == 0, "gray: the last subset of 64");
    CHECK(kperm_gray_cursor_init(&gc, 64, ~0ull, ~0ull) == KPERM_OK && !kperm_gray_cursor_next(&gc), "gray empty at 2^64-1");
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    test_pascal_fill();
    test_gray_exhaustive();
    test_gray_skip();
    test_gray_cursor_skip();
    test_gray_random();
    rd_lists_fill();
    test_rd_references();
    test_rd_exhaustive();
    test_rd_random();
    rd_lists_free();
    test_errors();
    return check_any_failed;
}
