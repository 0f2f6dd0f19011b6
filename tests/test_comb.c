/* test_comb.c - combinations against independent references: every
 * k-subset of n <= 14 listed in lexicographic order as Python's
 * itertools.combinations lists them (nested loops, recursively), and for
 * n up to 64 (128 for the 128-bit calls) an unrank that counts with a
 * Pascal triangle in unsigned __int128. Covers the table, count, unrank,
 * rank_of, the mask forms, next, skip, the cursor and its skip, 128-bit
 * ranks, and every error. */
#include "kperm.h"
#include "check.h"
#include "rng.h"
#include "reference.h"
#include <string.h>

static unsigned long long seed = 0xc0b;

/* every k-subset of 0..n-1 in order, into out (rows of k bytes) */
static long list_rec(int n, int k, int i, int from, kperm_u8 *cur, kperm_u8 *out, long count)
{
    int v;
    if (i == k) {
        memcpy(out + count * k, cur, (size_t)k);
        return count + 1;
    }
    for (v = from; v <= n - (k - i); v++) {
        cur[i] = (kperm_u8)v;
        count = list_rec(n, k, i + 1, v + 1, cur, out, count);
    }
    return count;
}

/* value by value: C(n - v - 1, j - 1) subsets take v next */
static void ref_unrank(u128 r, int n, int k, kperm_u8 *out)
{
    int v, i = 0;
    for (v = 0; i < k; v++) {
        u128 take = test_pascal[n - v - 1][k - i - 1];
        if (r < take)
            out[i++] = (kperm_u8)v;
        else
            r -= take;
    }
}

static kperm_u64 mask_of(const kperm_u8 *c, int k)
{
    kperm_u64 m = 0;
    int i;
    for (i = 0; i < k; i++)
        m |= 1ull << c[i];
    return m;
}

static kperm_u8 rows[3432 * 14];

static void test_table(void)
{
    int d, j;
    check_begin("kperm_comb_table: C(d, j) = C(d-1, j-1) + C(d-1, j), 0 <= j <= d <= 64");
    CHECK(KPERM_COMB_TABLE_SIZE == 65 * 66 / 2, "size %d", KPERM_COMB_TABLE_SIZE);
    for (d = 0; d <= 64; d++)
        for (j = 0; j <= d; j++)
            CHECK(kperm_binomial(d, j) == (kperm_u64)test_pascal[d][j], "C(%d, %d)", d, j);
    check_end();
}

static void test_exhaustive(void)
{
    int n, k, i;
    check_begin("combinations = itertools order for every k-subset of n <= 14 (unrank, rank_of, masks, next, cursor)");
    for (n = 0; n <= 14; n++)
        for (k = 0; k <= n; k++) {
            kperm_u8 cur[14], c[15];
            kperm_rank total = 0, r;
            kperm_comb_cursor cc;
            long count = list_rec(n, k, 0, 0, cur, rows, 0);
            CHECK(kperm_comb_count(n, k, &total) == KPERM_OK && total == (kperm_rank)count, "count C(%d, %d)", n, k);
            for (r = 0; r < total; r++) {
                const kperm_u8 *want = rows + r * k;
                kperm_u64 m = 0;
                kperm_rank back = ~0ull;
                memset(c, 0xee, sizeof c);
                CHECK(kperm_comb_unrank(r, n, k, c) == KPERM_OK && !memcmp(c, want, (size_t)k) && c[k] == 0xee,
                      "unrank C(%d, %d) rank %llu", n, k, r);
                CHECK(kperm_comb_unrank_mask(r, n, k, &m) == KPERM_OK && m == mask_of(want, k), "unrank_mask %llu", r);
                CHECK(kperm_comb_rank_of(want, n, k, &back) == KPERM_OK && back == r, "rank_of C(%d, %d) %llu", n, k, r);
                back = ~0ull;
                CHECK(kperm_comb_rank_of_mask(m, n, &back) == KPERM_OK && back == r, "rank_of_mask %llu", r);
                memcpy(c, want, (size_t)k);
                i = kperm_comb_next(c, n, k);
                if (r + 1 < total) {
                    const kperm_u8 *next = want + k;
                    int pivot = 0;
                    while (want[pivot] == next[pivot])
                        pivot++;
                    CHECK(i == pivot && !memcmp(c, next, (size_t)k), "next C(%d, %d) from %llu: %d", n, k, r, i);
                } else
                    CHECK(i == KPERM_END && !memcmp(c, rows, (size_t)k), "next past the last C(%d, %d): %d", n, k, i);
            }
            CHECK(kperm_comb_cursor_init(&cc, n, k, 0, total) == KPERM_OK, "cursor init");
            for (r = 0; kperm_comb_cursor_next(&cc); r++) {
                CHECK(cc.rank == r && cc.mask == mask_of(rows + r * k, k), "cursor C(%d, %d) at %llu", n, k, r);
                if (r > 0) {
                    int pivot = 0;
                    while (rows[r * k + pivot] == rows[(r - 1) * k + pivot])
                        pivot++;
                    CHECK(cc.pivot == pivot, "cursor pivot %d where %d", cc.pivot, pivot);
                } else
                    CHECK(cc.pivot == 0, "first pivot");
            }
            CHECK(r == total, "cursor C(%d, %d) visited %llu", n, k, r);
            for (i = 0; i < 20 && total > 1; i++) { /* ranges from anywhere */
                kperm_rank b = test_splitmix(&seed) % total, e = b + test_splitmix(&seed) % (total - b + 1);
                kperm_comb_cursor_init(&cc, n, k, b, e);
                for (r = b; kperm_comb_cursor_next(&cc); r++)
                    CHECK(cc.mask == mask_of(rows + r * k, k), "cursor [%llu, %llu) at %llu", b, e, r);
                CHECK(r == e, "cursor [%llu, %llu) ended at %llu", b, e, r);
            }
        }
    check_end();
}

/* the first rank after r whose first j + 1 values differ from r's, or total */
static kperm_rank ref_skip(const kperm_u8 *all, kperm_rank total, int k, kperm_rank r, int j)
{
    kperm_rank s = r + 1;
    while (s < total && !memcmp(all + s * k, all + r * k, (size_t)j + 1))
        s++;
    return s;
}

static void test_skip(void)
{
    int n, k, j;
    check_begin("kperm_comb_skip and kperm_comb_cursor_skip = the first subset with another prefix (every n <= 12)");
    for (n = 1; n <= 12; n++)
        for (k = 1; k <= n; k++) {
            kperm_u8 cur[12], c[12];
            kperm_rank total = (kperm_rank)list_rec(n, k, 0, 0, cur, rows, 0), r;
            for (r = 0; r < total; r++)
                for (j = 0; j < k; j++) {
                    kperm_rank want = ref_skip(rows, total, k, r, j);
                    kperm_comb_cursor cc;
                    int rc;
                    memcpy(c, rows + r * k, (size_t)k);
                    rc = kperm_comb_skip(c, n, k, j);
                    if (want < total) {
                        int pivot = 0;
                        while (rows[r * k + pivot] == rows[want * k + pivot])
                            pivot++;
                        CHECK(rc == pivot && !memcmp(c, rows + want * k, (size_t)k), "skip C(%d,%d) %llu j=%d", n, k, r, j);
                    } else
                        CHECK(rc == KPERM_END && !memcmp(c, rows, (size_t)k), "skip past the last C(%d,%d) %llu", n, k, r);
                    /* a cursor over [r, total) that skips at its first visit */
                    kperm_comb_cursor_init(&cc, n, k, r, total);
                    kperm_comb_cursor_next(&cc);
                    CHECK(kperm_comb_cursor_skip(&cc, j) == KPERM_OK, "cursor skip");
                    if (kperm_comb_cursor_next(&cc)) {
                        CHECK(cc.rank == want && cc.mask == mask_of(rows + want * k, k), "cursor skip C(%d,%d) %llu j=%d",
                              n, k, r, j);
                    } else
                        CHECK(want == total, "cursor skip ended early, C(%d,%d) %llu j=%d", n, k, r, j);
                }
        }
    check_end();
}

static void test_random(void)
{
    int i;
    check_begin("combinations, random n <= 64 and k: unrank = the reference, round trips; 128-bit calls agree up to n = 128");
    for (i = 0; i < 200000; i++) {
        int n = (int)(test_splitmix(&seed) % 65), k = n ? (int)(test_splitmix(&seed) % (kperm_u64)(n + 1)) : 0;
        kperm_rank total = 0, r, back = 0;
        kperm_rank128 wide, wback = {0, 0}, wtotal = {0, 0};
        kperm_u8 c[64], want[64], c128[64];
        kperm_comb_count(n, k, &total);
        CHECK((u128)total == test_pascal[n][k], "count C(%d, %d)", n, k);
        r = i % 7 == 0 ? total - 1 : test_splitmix(&seed) % total;
        ref_unrank(r, n, k, want);
        CHECK(kperm_comb_unrank(r, n, k, c) == KPERM_OK && !memcmp(c, want, (size_t)k), "unrank C(%d, %d) %llu", n, k, r);
        CHECK(kperm_comb_rank_of(c, n, k, &back) == KPERM_OK && back == r, "rank_of C(%d, %d) %llu", n, k, r);
        wide.lo = r;
        wide.hi = 0;
        CHECK(kperm_comb_unrank128(wide, n, k, c128) == KPERM_OK && !memcmp(c128, want, (size_t)k), "unrank128 n=%d", n);
        CHECK(kperm_comb_rank128_of(want, n, k, &wback) == KPERM_OK && wback.lo == r && wback.hi == 0, "rank128_of n=%d", n);
        CHECK(kperm_comb_count128(n, k, &wtotal) == KPERM_OK && wtotal.lo == total && wtotal.hi == 0, "count128");
        if (k > 0) { /* next, by the list and by the mask, against the reference's next rank */
            kperm_u64 m = 0;
            int pivot = kperm_comb_next(c, n, k), first = 0;
            kperm_comb_unrank_mask(r, n, k, &m);
            CHECK(kperm_comb_next_mask(&m, n) == pivot, "next_mask pivot C(%d, %d) %llu", n, k, r);
            ref_unrank(r + 1 < total ? r + 1 : 0, n, k, c128);
            while (r + 1 < total && want[first] == c128[first])
                first++;
            CHECK(pivot == (r + 1 < total ? first : KPERM_END) && !memcmp(c, c128, (size_t)k) &&
                  m == mask_of(c128, k), "next C(%d, %d) from %llu: %d", n, k, r, pivot);
        }
    }
    for (i = 0; i < 100000; i++) {
        int n = 65 + (int)(test_splitmix(&seed) % 64), k = (int)(test_splitmix(&seed) % (kperm_u64)(n + 1));
        kperm_rank128 wide, back = {0, 0}, total = {0, 0};
        kperm_u8 c[128], want[128];
        u128 r = (((u128)test_splitmix(&seed) << 64) | test_splitmix(&seed)) % test_pascal[n][k];
        if (i % 9 == 0)
            r = test_pascal[n][k] - 1;
        ref_unrank(r, n, k, want);
        wide.lo = (kperm_u64)r;
        wide.hi = (kperm_u64)(r >> 64);
        CHECK(kperm_comb_count128(n, k, &total) == KPERM_OK && (((u128)total.hi << 64) | total.lo) == test_pascal[n][k],
              "count128 C(%d, %d)", n, k);
        CHECK(kperm_comb_unrank128(wide, n, k, c) == KPERM_OK && !memcmp(c, want, (size_t)k), "unrank128 C(%d, %d)", n, k);
        CHECK(kperm_comb_rank128_of(c, n, k, &back) == KPERM_OK && back.lo == wide.lo && back.hi == wide.hi,
              "rank128_of C(%d, %d)", n, k);
        if (k > 0) { /* the list's next past 64, against the reference's next rank */
            int pivot = kperm_comb_next(c, n, k), first = 0, last = r + 1 == test_pascal[n][k];
            kperm_u8 old[128];
            memcpy(old, want, (size_t)k);
            ref_unrank(last ? 0 : r + 1, n, k, want);
            while (!last && old[first] == want[first])
                first++;
            CHECK(pivot == (last ? KPERM_END : first) && !memcmp(c, want, (size_t)k), "next C(%d, %d): %d", n, k, pivot);
        }
    }
    check_end();
}

/* kperm_comb_next and kperm_comb_skip up to n = 255, where values are bytes */
static void test_list_255(void)
{
    kperm_u8 c[4];
    check_begin("kperm_comb_next and kperm_comb_skip on lists up to n = 255: the step, the wrap, the skip, n = 256 refused");
    memcpy(c, "\0\1\2", 3);
    CHECK(kperm_comb_next(c, 255, 3) == 2 && c[0] == 0 && c[1] == 1 && c[2] == 3, "first step");
    c[0] = 0, c[1] = 253, c[2] = 254;
    CHECK(kperm_comb_next(c, 255, 3) == 0 && c[0] == 1 && c[1] == 2 && c[2] == 3, "carry into the first value");
    c[0] = 252, c[1] = 253, c[2] = 254;
    CHECK(kperm_comb_next(c, 255, 3) == KPERM_END && c[0] == 0 && c[1] == 1 && c[2] == 2, "the last wraps to the first");
    c[0] = 5, c[1] = 100, c[2] = 200;
    CHECK(kperm_comb_skip(c, 255, 3, 0) == 0 && c[0] == 6 && c[1] == 7 && c[2] == 8, "skip past prefix 5");
    c[0] = 5, c[1] = 100, c[2] = 200;
    CHECK(kperm_comb_skip(c, 255, 3, 1) == 1 && c[0] == 5 && c[1] == 101 && c[2] == 102, "skip past prefix 5, 100");
    c[0] = 5, c[1] = 100, c[2] = 200;
    CHECK(kperm_comb_next(c, 256, 3) == KPERM_E_N && kperm_comb_skip(c, 256, 3, 0) == KPERM_E_N && c[2] == 200,
          "n = 256 refused, the list untouched");
    CHECK(kperm_comb_next(c, 200, 3) == KPERM_E_PERM && c[2] == 200, "a value of n refused");
    check_end();
}

static void test_errors(void)
{
    static const int bad[][2] = {{-1, 0}, {0, -1}, {3, 4}, {65, 1}, {65, 0}, {1000, 2}, {2, -5}};
    kperm_u8 c[130], keep[130];
    kperm_rank r = 77, total = 0;
    kperm_rank128 w = {77, 77}, big;
    kperm_u64 m = 77;
    kperm_comb_cursor cc;
    int i;
    check_begin("combinations: bad n or k, ranks, lists, masks, prefixes and ranges give their errors and touch nothing");
    memset(c, 0xee, sizeof c);
    memcpy(keep, c, sizeof c);
    for (i = 0; i < 7; i++) {
        int n = bad[i][0], k = bad[i][1];
        CHECK(kperm_comb_count(n, k, &r) == KPERM_E_N && r == 77, "count n=%d k=%d", n, k);
        CHECK(kperm_comb_unrank(0, n, k, c) == KPERM_E_N && !memcmp(c, keep, sizeof c), "unrank n=%d k=%d", n, k);
        CHECK(kperm_comb_unrank_mask(0, n, k, &m) == KPERM_E_N && m == 77, "unrank_mask n=%d k=%d", n, k);
        CHECK(kperm_comb_rank_of(c, n, k, &r) == KPERM_E_N && r == 77, "rank_of n=%d k=%d", n, k);
        if (n != 65) { /* the lists take n up to 255 (test_list_255) */
            CHECK(kperm_comb_next(c, n, k) == KPERM_E_N && !memcmp(c, keep, sizeof c), "next n=%d k=%d", n, k);
            CHECK(kperm_comb_skip(c, n, k, 0) == KPERM_E_N && !memcmp(c, keep, sizeof c), "skip n=%d k=%d", n, k);
        }
        CHECK(kperm_comb_cursor_init(&cc, n, k, 0, 1) == KPERM_E_N && !kperm_comb_cursor_next(&cc), "cursor n=%d", n);
    }
    CHECK(kperm_comb_count128(129, 3, &w) == KPERM_E_N && kperm_comb_count128(5, 6, &w) == KPERM_E_N && w.lo == 77,
          "count128 n=129, k > n");
    CHECK(kperm_comb_unrank128(w, 129, 3, c) == KPERM_E_N && !memcmp(c, keep, sizeof c), "unrank128 n=129");
    CHECK(kperm_comb_rank128_of(c, -1, 0, &w) == KPERM_E_N && w.lo == 77, "rank128_of n=-1");
    kperm_comb_count(20, 10, &total);
    CHECK(kperm_comb_unrank(total, 20, 10, c) == KPERM_E_RANK && !memcmp(c, keep, sizeof c), "unrank at the count");
    CHECK(kperm_comb_unrank_mask(~0ull, 64, 32, &m) == KPERM_E_RANK && m == 77, "unrank_mask 2^64 - 1");
    kperm_comb_count128(128, 64, &big);
    CHECK(kperm_comb_unrank128(big, 128, 64, c) == KPERM_E_RANK && !memcmp(c, keep, sizeof c), "unrank128 at C(128, 64)");
    c[0] = 3, c[1] = 3, c[2] = 5;
    CHECK(kperm_comb_rank_of(c, 10, 3, &r) == KPERM_E_PERM && r == 77, "a value twice");
    CHECK(kperm_comb_rank128_of(c, 10, 3, &w) == KPERM_E_PERM && w.lo == 77, "128: a value twice");
    CHECK(kperm_comb_next(c, 10, 3) == KPERM_E_PERM && c[1] == 3, "next: a value twice");
    c[0] = 4, c[1] = 3;
    CHECK(kperm_comb_rank_of(c, 10, 3, &r) == KPERM_E_PERM && r == 77, "decreasing");
    c[0] = 1, c[1] = 2, c[2] = 10;
    CHECK(kperm_comb_rank_of(c, 10, 3, &r) == KPERM_E_PERM && r == 77, "a value of n");
    CHECK(kperm_comb_skip(c, 10, 3, 0) == KPERM_E_PERM && c[2] == 10, "skip: a value of n");
    CHECK(kperm_comb_rank_of_mask(1ull << 10, 10, &r) == KPERM_E_PERM && r == 77, "mask: a value of n");
    CHECK(kperm_comb_rank_of_mask(0, 65, &r) == KPERM_E_N && r == 77, "mask: n = 65");
    c[2] = 9;
    CHECK(kperm_comb_skip(c, 10, 3, 3) == KPERM_E_ARG && kperm_comb_skip(c, 10, 3, -1) == KPERM_E_ARG && c[2] == 9,
          "skip: j outside 0..k-1");
    CHECK(kperm_comb_cursor_init(&cc, 10, 3, 5, 4) == KPERM_E_RANK && !kperm_comb_cursor_next(&cc), "begin > end");
    CHECK(kperm_comb_cursor_init(&cc, 10, 3, 0, 121) == KPERM_E_RANK && !kperm_comb_cursor_next(&cc), "end > C(10, 3)");
    CHECK(kperm_comb_cursor_skip(&cc, 0) == KPERM_E_ARG, "skip of a cursor that visited nothing");
    kperm_comb_cursor_init(&cc, 10, 3, 0, 120);
    kperm_comb_cursor_next(&cc);
    CHECK(kperm_comb_cursor_skip(&cc, 3) == KPERM_E_ARG && kperm_comb_cursor_skip(&cc, -1) == KPERM_E_ARG, "cursor skip j");
    c[0] = 0;
    CHECK(kperm_comb_next(c, 0, 0) == KPERM_END && kperm_comb_next(c, 5, 0) == KPERM_END, "k = 0: one subset");
    check_end();
}

/* the unrank over a caller's copy of the table (kperm_comb_unrank_mask_in):
 * the same masks as the built-in table's for random n, k and ranks (and the
 * reference's subsets), and its errors, a table never filled included */
static void test_table_in(void)
{
    static kperm_u64 copy[KPERM_COMB_TABLE_SIZE];
    int i;
    check_begin("kperm_comb_unrank_mask_in over a copy of the table = kperm_comb_unrank_mask, and its errors");
    memcpy(copy, kperm_comb_table, sizeof copy);
    for (i = 0; i < 100000; i++) {
        int n = (int)(test_splitmix(&seed) % 65), k = n ? (int)(test_splitmix(&seed) % (kperm_u64)(n + 1)) : 0;
        kperm_rank total = 0, r;
        kperm_u64 got = 1, want = 2;
        kperm_u8 c[64], ref[64];
        kperm_comb_count(n, k, &total);
        r = i % 5 == 0 ? total - 1 : test_splitmix(&seed) % total;
        ref_unrank(r, n, k, ref);
        kperm_comb_unrank_mask(r, n, k, &want);
        kperm_comb_from_mask(want, k, c);
        CHECK(kperm_comb_unrank_mask_in(copy, r, n, k, &got) == KPERM_OK && got == want && !memcmp(c, ref, (size_t)k),
              "C(%d, %d) rank %llu", n, k, r);
        got = 7;
        CHECK(kperm_comb_unrank_mask_in(copy, total, n, k, &got) == KPERM_E_RANK && got == 7, "rank C(%d, %d) accepted", n, k);
    }
    {
        kperm_u64 m = 7;
        CHECK(kperm_comb_unrank_mask_in(copy, 0, 65, 1, &m) == KPERM_E_N && kperm_comb_unrank_mask_in(copy, 0, 5, 6, &m) == KPERM_E_N
              && kperm_comb_unrank_mask_in(copy, 0, 5, -1, &m) == KPERM_E_N && m == 7, "bad n or k");
        memset(copy, 0, sizeof copy);
        CHECK(kperm_comb_unrank_mask_in(copy, 0, 5, 2, &m) == KPERM_E_TABLES && m == 7, "a table never filled");
    }
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    test_pascal_fill();
    test_table();
    test_exhaustive();
    test_skip();
    test_random();
    test_list_255();
    test_table_in();
    test_errors();
    return check_any_failed;
}
