/* test_family_cursors.c - the multiset packed cursor (kperm_ms_pcursor_init +
 * kperm_pcursor_next) and the k-permutation cursor (kperm_kcursor), against
 * the byte-array unrank of their family:
 *  - every multiset of up to 6 elements and every (n, k), n <= 6: every
 *    range [b, e) up to 120 ranks, else every one from 0 or to the end; random ranges of random multisets up to 16
 *    elements and of k-permutations up to n = 64, k <= 8 (some ending at the
 *    last rank): exactly the ranks of the range, in order, each word the
 *    unrank's, each pivot the first position that differs from the previous
 *    one (0 for the first);
 *  - bad arguments: the documented error and an empty range. */
#include "kperm.h"
#include "check.h"
#include "rng.h"

typedef unsigned long long u64;

static u64 rng_state = 23;
static u64 rng(void)
{
    return test_splitmix(&rng_state);
}

/* k-permutation bytes in a word (position i at bits 8i), or packed nibbles */
static u64 word_of(const kperm_u8 *p, int count, int bits)
{
    u64 w = 0;
    int i;
    for (i = 0; i < count; i++)
        w |= (u64)p[i] << (bits * i);
    return w;
}

static int first_diff(u64 a, u64 b, int count, int bits)
{
    int i;
    for (i = 0; i < count; i++)
        if (((a ^ b) >> (bits * i)) & ((1u << bits) - 1))
            return i;
    return count;
}

/* visits [b, e) of the multiset with the packed cursor; returns the visits */
static u64 ms_range(const kperm_u8 *counts, int m, int n, u64 b, u64 e)
{
    kperm_pcursor c;
    kperm_u8 p[16];
    u64 expect = b, prev = 0;
    CHECK(kperm_ms_pcursor_init(&c, counts, m, b, e) == KPERM_OK, "ms init m = %d n = %d [%llu, %llu)", m, n, b, e);
    while (kperm_pcursor_next(&c)) {
        kperm_ms_unrank(expect, counts, m, p);
        CHECK(c.rank == expect && c.word == word_of(p, n, 4), "ms m = %d n = %d: rank %llu word %llx, want %llu %llx",
              m, n, c.rank, c.word, expect, word_of(p, n, 4));
        CHECK(c.pivot == (expect == b ? 0 : first_diff(prev, c.word, n, 4)), "ms n = %d rank %llu: pivot %d", n,
              expect, c.pivot);
        prev = c.word;
        expect++;
    }
    return expect - b;
}

static u64 kp_range(int n, int k, u64 b, u64 e)
{
    kperm_kcursor c;
    kperm_u8 p[8];
    u64 expect = b, prev = 0;
    int i;
    CHECK(kperm_kcursor_init(&c, n, k, b, e) == KPERM_OK, "kcursor init n = %d k = %d [%llu, %llu)", n, k, b, e);
    while (kperm_kcursor_next(&c)) {
        kperm_kp_unrank(expect, n, k, p);
        CHECK(c.rank == expect && c.word == word_of(p, k, 8), "kcursor n = %d k = %d: rank %llu word %llx, want %llx",
              n, k, c.rank, c.word, word_of(p, k, 8));
        CHECK(c.pivot == (expect == b ? 0 : first_diff(prev, c.word, k, 8)), "kcursor n = %d k = %d rank %llu: "
              "pivot %d", n, k, expect, c.pivot);
        for (i = 0; i < k; i++)
            CHECK(kperm_kcursor_get(&c, i) == p[i], "kcursor_get(%d) = %d, want %d", i, kperm_kcursor_get(&c, i), p[i]);
        prev = c.word;
        expect++;
    }
    return expect - b;
}

/* the range [b, e) of total: random, but a tenth end at total, a tenth empty */
static void random_range(u64 total, u64 most, u64 *b, u64 *e, int t)
{
    u64 len = rng() % (most + 1);
    *b = rng() % (total + 1);
    if (t % 10 == 1)
        *b = total > most ? total - len : 0;
    *e = t % 10 == 2 ? *b : total - *b < len ? total : *b + len;
}

static void test_ms_cursor(void)
{
    kperm_u8 counts[16];
    u64 total = 0, b, e;
    int m, n, code, v, t;
    check_begin("multiset packed cursor: the ranges of every multiset of up to 6 elements over up to 4 values, "
                "random ranges of random multisets up to 16 elements: ranks, words, pivots");
    for (m = 1; m <= 4; m++)
        for (code = 0; code < 7 * 7 * 7 * 7; code++) {
            int c = code;
            for (n = 0, v = 0; v < m; v++, c /= 7)
                n += counts[v] = (kperm_u8)(c % 7);
            if (c || n < 1 || n > 6)
                continue;
            kperm_ms_count(counts, m, &total);
            for (b = 0; b <= total; b++) /* every range up to 5! ranks, else those from 0 and those to the end */
                for (e = b; e <= total; e++)
                    if (total <= 120 || b == 0 || e == total)
                        CHECK(ms_range(counts, m, n, b, e) == e - b, "ms range [%llu, %llu) visited wrong", b, e);
        }
    for (t = 0; t < 3000; t++) {
        m = 1 + (int)(rng() % 16);
        for (n = 0, v = 0; v < m; v++)
            n += counts[v] = (kperm_u8)(rng() % (v == 0 ? 3 : 1 + 32 / (m * 2)));
        if (n < 1 || n > 16)
            continue;
        kperm_ms_count(counts, m, &total);
        random_range(total, 3000, &b, &e, t);
        CHECK(ms_range(counts, m, n, b, e) == e - b, "ms range [%llu, %llu) of %llu visited wrong", b, e, total);
    }
    check_end();
}

static void test_kp_cursor(void)
{
    u64 total = 0, b, e;
    int n, k, t;
    check_begin("k-permutation cursor: the ranges of every (n, k), n <= 6; random ranges up to n = 64, k <= 8: "
                "ranks, words, pivots");
    for (n = 1; n <= 6; n++)
        for (k = 1; k <= n; k++) {
            kperm_kp_count(n, k, &total);
            for (b = 0; b <= total; b++)
                for (e = b; e <= total; e++)
                    if (total <= 120 || b == 0 || e == total)
                        CHECK(kp_range(n, k, b, e) == e - b, "kcursor range [%llu, %llu) visited wrong", b, e);
        }
    for (t = 0; t < 3000; t++) {
        n = 1 + (int)(rng() % 64);
        k = 1 + (int)(rng() % (n < 8 ? n : 8));
        kperm_kp_count(n, k, &total);
        random_range(total, 3000, &b, &e, t);
        CHECK(kp_range(n, k, b, e) == e - b, "kcursor n = %d k = %d range [%llu, %llu) visited wrong", n, k, b, e);
    }
    check_end();
}

static void test_errors(void)
{
    kperm_u8 counts[17] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, two[2] = {9, 8}, none[1] = {0};
    kperm_pcursor c;
    kperm_kcursor kc;
    u64 total;
    int i;
    static const int bad[][2] = {{0, 1}, {65, 1}, {8, 0}, {8, 9}, {20, 9}, {5, 6}, {-1, 1}};
    check_begin("family cursors: bad arguments give the documented error and an empty range");
    CHECK(kperm_ms_pcursor_init(&c, counts, 17, 0, 1) == KPERM_E_N && !kperm_pcursor_next(&c), "m = 17 accepted");
    CHECK(kperm_ms_pcursor_init(&c, two, 2, 0, 1) == KPERM_E_N && !kperm_pcursor_next(&c), "17 elements accepted");
    CHECK(kperm_ms_pcursor_init(&c, none, 1, 0, 0) == KPERM_E_N && !kperm_pcursor_next(&c), "no element accepted");
    CHECK(kperm_ms_pcursor_init(&c, counts, 0, 0, 0) == KPERM_E_N && !kperm_pcursor_next(&c), "m = 0 accepted");
    kperm_ms_count(counts, 4, &total); /* 4! */
    CHECK(kperm_ms_pcursor_init(&c, counts, 4, 0, total + 1) == KPERM_E_RANK && !kperm_pcursor_next(&c),
          "end past the count accepted");
    CHECK(kperm_ms_pcursor_init(&c, counts, 4, 3, 2) == KPERM_E_RANK && !kperm_pcursor_next(&c),
          "begin > end accepted");
    for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++)
        CHECK(kperm_kcursor_init(&kc, bad[i][0], bad[i][1], 0, 1) == KPERM_E_N && !kperm_kcursor_next(&kc) &&
                  kc.n == bad[i][0] && kc.k == bad[i][1],
              "kcursor n = %d k = %d accepted", bad[i][0], bad[i][1]);
    CHECK(kperm_kcursor_init(&kc, 64, 8, 0, 1) == KPERM_OK, "P(64, 8) refused");
    kperm_kp_count(10, 3, &total);
    CHECK(kperm_kcursor_init(&kc, 10, 3, 0, total + 1) == KPERM_E_RANK && !kperm_kcursor_next(&kc),
          "kcursor end past the count accepted");
    CHECK(kperm_kcursor_init(&kc, 10, 3, 5, 4) == KPERM_E_RANK && !kperm_kcursor_next(&kc),
          "kcursor begin > end accepted");
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    test_ms_cursor();
    test_kp_cursor();
    test_errors();
    return check_any_failed;
}
