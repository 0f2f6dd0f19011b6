/* test_walk.c - kperm/walk.h on the host, against kperm_next on byte arrays
 * and kperm_unrank_packed:
 *  - kperm_packed_next: every permutation of n = 1..9 (and random ones up to
 *    16), the same word and pivot as kperm_next on the bytes, the wrap;
 *  - the packed cursor and the block walk: every range [b, e) of n = 1..6,
 *    random ranges of n = 7..9 (starting and ending inside blocks, empty,
 *    whole) and of n = 10..16: exactly the ranks of the range, in order, each
 *    word kperm_unrank_packed's, each pivot the first position that differs
 *    from the previous word (0 for the first);
 *  - bad arguments: the error, and an empty walk. */
#include "kperm.h"
#include "check.h"
#include "rng.h"
#include <stdlib.h>
#include <string.h>

static unsigned long long rng_state = 11;
static unsigned long long rng(void)
{
    return test_splitmix(&rng_state);
}

static kperm_u64 pack(const kperm_u8 *p, int n)
{
    kperm_u64 w = 0;
    int i;
    for (i = 0; i < n; i++)
        w |= (kperm_u64)p[i] << (4 * i);
    return w;
}

/* first position where a and b differ (independent of the library) */
static int first_diff(kperm_u64 a, kperm_u64 b, int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (((a >> (4 * i)) & 15) != ((b >> (4 * i)) & 15))
            return i;
    return n;
}

static void packed_next(void)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_u64 w;
    kperm_rank total, r;
    int n, i, a, b;
    check_begin("kperm_packed_next = kperm_next on bytes: every permutation n = 1..9, random n = 10..16 (half with "
                "the last 8 descending), the wrap; kperm_pack = an independent pack");
    for (n = 1; n <= 16; n++) {
        kperm_count(n, &total);
        for (r = 0; r < (n <= 9 ? total : 20000); r++) {
            if (n <= 9)
                kperm_unrank(r, n, p);
            else if (r % 2) /* the last 8 positions descending: the pivot is left of the 32-bit window */
                kperm_unrank(rng() % (total / 40320) * 40320 + 40319, n, p);
            else
                kperm_unrank(r == 0 ? total - 1 : rng() % total, n, p);
            w = pack(p, n);
            CHECK(kperm_pack(p, n) == w, "n = %d: kperm_pack %llx, want %llx", n, kperm_pack(p, n), w);
            a = kperm_packed_next(&w, n);
            b = kperm_next(p, n);
            CHECK(a == b && w == pack(p, n), "n = %d rank %llu: pivot %d word %llx, bytes pivot %d word %llx", n, r,
                  a, w, b, pack(p, n));
        }
    }
    for (i = 0; i < 3; i++) {
        int bad[3] = {0, 17, -1};
        w = 0x1234;
        CHECK(kperm_packed_next(&w, bad[i]) == KPERM_E_N && w == 0x1234, "n = %d accepted", bad[i]);
    }
    check_end();
}

/* repeated values: kperm_packed_next = kperm_ms_next on the bytes, through
 * every arrangement of every multiset shape of n <= 8 and from random words of
 * n = 9..16 values < 4 */
static void packed_next_multiset(void)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_u64 w;
    int n, i, t, a, b, steps;
    check_begin("kperm_packed_next on repeated values = kperm_ms_next: every arrangement of 2^n words (n <= 8), "
                "random n = 9..16");
    for (n = 1; n <= 16; n++)
        for (t = 0; t < (n <= 8 ? 1 << n : 3000); t++) {
            for (i = 0; i < n; i++) /* n <= 8: bit i of t starts a new value at i, sorted; else random values */
                p[i] = (kperm_u8)(n <= 8 ? kperm_internal_popcount32((kperm_u32)t & ((1u << i) - 1)) : (int)(rng() % 4));
            for (steps = 0; steps < (n <= 8 ? 100000 : 40); steps++) {
                w = pack(p, n);
                a = kperm_packed_next(&w, n);
                b = kperm_ms_next(p, n);
                CHECK(a == b && w == pack(p, n), "n = %d: pivot %d word %llx, bytes pivot %d word %llx", n, a, w, b,
                      pack(p, n));
                if (b == KPERM_END)
                    break;
            }
        }
    check_end();
}

/* visits [b, e) of n with the packed cursor (walk = 0) or the block walk
 * (walk = 1), checking every visit; returns the number of visits */
static kperm_rank visit_range(int n, kperm_rank b, kperm_rank e, int walk)
{
    kperm_rank expect = b, count = 0;
    kperm_u64 prev = 0, want = 0;
    int first = 1;
    if (walk) {
        kperm_walk wk;
        kperm_u32 k;
        CHECK(kperm_walk_init(&wk, n, b, e) == KPERM_OK, "walk init n = %d [%llu, %llu)", n, b, e);
        while (kperm_walk_block(&wk))
            for (k = 0; k < KPERM_WALK_BLOCK; k++) {
                kperm_rank r;
                kperm_u64 word;
                int pivot;
                CHECK(kperm_walk_whole(&wk) == (wk.first == 0 && wk.last == KPERM_WALK_BLOCK),
                      "walk n = %d: whole %d for [%u, %u)", n, kperm_walk_whole(&wk), wk.first, wk.last);
                /* walk 1: the test on every k; walk 2: whole blocks, or k in [first, last) */
                if (walk == 1 ? !kperm_walk_has(&wk, k)
                              : !kperm_walk_whole(&wk) && (k < wk.first || k >= wk.last))
                    continue;
                r = (n >= 5 ? wk.block * KPERM_WALK_BLOCK : 0) + k;
                word = kperm_walk_word(&wk, k);
                pivot = kperm_walk_pivot(&wk, k);
                kperm_unrank_packed(expect, n, &want);
                CHECK(r == expect && word == want, "walk n = %d: rank %llu word %llx, want rank %llu word %llx", n,
                      r, word, expect, want);
                CHECK(pivot == (first ? 0 : first_diff(prev, word, n)), "walk n = %d rank %llu: pivot %d, want %d",
                      n, r, pivot, first ? 0 : first_diff(prev, word, n));
                prev = word;
                first = 0;
                expect++;
                count++;
            }
    } else {
        kperm_pcursor c;
        CHECK(kperm_pcursor_init(&c, n, b, e) == KPERM_OK, "pcursor init n = %d [%llu, %llu)", n, b, e);
        while (kperm_pcursor_next(&c)) {
            kperm_unrank_packed(expect, n, &want);
            CHECK(c.rank == expect && c.word == want, "pcursor n = %d: rank %llu word %llx, want %llu %llx", n,
                  c.rank, c.word, expect, want);
            CHECK(c.pivot == (first ? 0 : first_diff(prev, c.word, n)), "pcursor n = %d rank %llu: pivot %d", n,
                  c.rank, c.pivot);
            prev = c.word;
            first = 0;
            expect++;
            count++;
        }
    }
    CHECK(count == e - b, "n = %d [%llu, %llu): %llu visits (%s)", n, b, e, count, walk ? "walk" : "pcursor");
    return count;
}

static void ranges(int walk)
{
    kperm_rank total, b, e;
    int n, t;
    char name[200];
    snprintf(name, sizeof name, "%s: every range of n = 1..6, random ranges n = 7..16 (in and across blocks, "
             "empty, whole): ranks in order, words, pivots", walk == 2 ? "block walk (whole blocks, ragged ends)"
             : walk ? "block walk (kperm_walk_has)" : "packed cursor");
    check_begin(name);
    for (n = 1; n <= 6; n++) {
        kperm_count(n, &total);
        for (b = 0; b <= total; b++)
            for (e = b; e <= total; e += (n == 6 ? 7 : 1))
                visit_range(n, b, e, walk);
    }
    for (n = 7; n <= 16; n++) {
        kperm_count(n, &total);
        visit_range(n, 0, n <= 9 ? total : 5000, walk);
        visit_range(n, total - 1000, total, walk);
        for (t = 0; t < 60; t++) {
            b = rng() % total;
            e = b + (t % 3 == 0 ? rng() % 120 : rng() % 2000);
            if (t % 5 == 0) /* starts on a block bound */
                b -= b % 120;
            visit_range(n, b, e < total ? e : total, walk);
        }
        b = rng() % total;
        visit_range(n, b, b, walk);
    }
    check_end();
}

static void errors(void)
{
    kperm_walk w;
    kperm_pcursor c;
    kperm_rank total;
    check_begin("walk and packed cursor: bad n, begin > end, end > n! give the error and an empty range");
    kperm_count(8, &total);
    CHECK(kperm_walk_init(&w, 0, 0, 1) == KPERM_E_N && !kperm_walk_block(&w), "walk n = 0");
    CHECK(kperm_walk_init(&w, 17, 0, 1) == KPERM_E_N && !kperm_walk_block(&w), "walk n = 17");
    CHECK(kperm_walk_init(&w, 8, 5, 4) == KPERM_E_RANK && !kperm_walk_block(&w), "walk begin > end");
    CHECK(kperm_walk_init(&w, 8, 0, total + 1) == KPERM_E_RANK && !kperm_walk_block(&w), "walk end > n!");
    CHECK(kperm_pcursor_init(&c, 0, 0, 1) == KPERM_E_N && !kperm_pcursor_next(&c), "pcursor n = 0");
    CHECK(kperm_pcursor_init(&c, 17, 0, 1) == KPERM_E_N && !kperm_pcursor_next(&c), "pcursor n = 17");
    CHECK(kperm_pcursor_init(&c, 8, 5, 4) == KPERM_E_RANK && !kperm_pcursor_next(&c), "pcursor begin > end");
    CHECK(kperm_pcursor_init(&c, 8, 0, total + 1) == KPERM_E_RANK && !kperm_pcursor_next(&c), "pcursor end > n!");
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    packed_next();
    packed_next_multiset();
    ranges(0);
    ranges(1);
    ranges(2);
    errors();
    return check_any_failed;
}
