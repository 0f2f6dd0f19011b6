/* test_skip.c - kperm/skip.h against a reference that steps with next until
 * the prefix changes: every permutation of n = 1..8 at every k (bytes, packed,
 * and the rank arithmetic against kperm_rank_of), every arrangement of every
 * multiset of up to 7 elements over up to 3 values at every k, every
 * k-permutation of n <= 7 at every j (and its rank), 128-bit skip ranks
 * against unsigned __int128, cursors (permutations, multisets) and the block
 * walk skipping while they walk random ranges, and every error path. */
#include "kperm.h"
#include "check.h"
#include "rng.h"
#include <limits.h>
#include <string.h>

typedef unsigned long long u64;

static u64 rng_state = 99;
static u64 rng(void)
{
    return test_splitmix(&rng_state);
}

/* the reference: next until perm[0..k] differs (or the wrap) */
static int reference(kperm_u8 *p, int n, int k, int ms)
{
    kperm_u8 start[KPERM_MAX_N];
    int pivot;
    memcpy(start, p, (size_t)n);
    do {
        pivot = ms ? kperm_ms_next(p, n) : kperm_next(p, n);
    } while (pivot != KPERM_END && memcmp(p, start, (size_t)k + 1) == 0);
    if (pivot == KPERM_END)
        return KPERM_END;
    for (pivot = 0; p[pivot] == start[pivot]; pivot++)
        ;
    return pivot;
}

static void test_permutations(void)
{
    kperm_u8 p[KPERM_MAX_N], q[KPERM_MAX_N];
    kperm_rank total, r, got_rank, want_rank;
    int n, k, a, b, c;
    check_begin("kperm_skip, kperm_packed_skip, kperm_skip_rank: every permutation of n = 1..8 at every k "
                "against next-until-the-prefix-changes");
    for (n = 1; n <= 8; n++) {
        kperm_count(n, &total);
        for (r = 0; r < total; r++)
            for (k = 0; k < n; k++) {
                kperm_u64 w;
                kperm_unrank(r, n, p);
                memcpy(q, p, (size_t)n);
                w = kperm_pack(p, n);
                a = kperm_skip(p, n, k);
                b = reference(q, n, k, 0);
                c = kperm_packed_skip(&w, n, k);
                CHECK(a == b && memcmp(p, q, (size_t)n) == 0 && c == b && w == kperm_pack(q, n),
                      "n = %d rank %llu k = %d: pivot %d / packed %d, want %d", n, r, k, a, c, b);
                want_rank = 0;
                kperm_rank_of(q, n, &want_rank);
                CHECK(kperm_skip_rank(r, n, k, &got_rank) == (b == KPERM_END ? KPERM_END : KPERM_OK)
                      && got_rank == want_rank, "n = %d rank %llu k = %d: skip_rank %llu, want %llu", n, r, k,
                      got_rank, want_rank);
            }
    }
    check_end();
}

static void test_multisets(void)
{
    kperm_u8 counts[3], p[8], q[8];
    kperm_rank total, r;
    int m, code, n, k, v, a, b;
    check_begin("kperm_ms_skip, kperm_ms_skip_rank: every arrangement of every multiset of up to 7 elements over up "
                "to 3 values at every k");
    for (m = 1; m <= 3; m++)
        for (code = 0; code < 27; code++) {
            int c = code;
            for (n = 0, v = 0; v < m; v++, c /= 3)
                n += counts[v] = (kperm_u8)(1 + c % 3);
            if (c || n > 7)
                continue;
            kperm_ms_count(counts, m, &total);
            for (r = 0; r < total; r++)
                for (k = 0; k < n; k++) {
                    kperm_ms_unrank(r, counts, m, p);
                    memcpy(q, p, (size_t)n);
                    a = kperm_ms_skip(p, n, k);
                    b = reference(q, n, k, 1);
                    CHECK(a == b && memcmp(p, q, (size_t)n) == 0, "multiset %d values, rank %llu k = %d: %d, want %d",
                          m, r, k, a, b);
                    {
                        kperm_rank got = 99, want = 0;
                        kperm_ms_unrank(r, counts, m, p);
                        kperm_ms_rank_of(q, counts, m, &want);
                        CHECK(kperm_ms_skip_rank(p, n, k, &got) == (b == KPERM_END ? KPERM_END : KPERM_OK)
                              && got == want, "multiset %d values, rank %llu k = %d: skip rank %llu, want %llu", m, r,
                              k, got, want);
                    }
                }
        }
    check_end();
}

/* a cursor (packed: 1) over a random range that skips at random: it visits
 * exactly the ranks the skips leave, in order */
static void test_cursor(int packed)
{
    int t;
    check_begin(packed ? "kperm_pcursor_skip: random ranges of n = 2..10, skipping at random: the visits the skips leave"
                       : "kperm_cursor_skip: random ranges of n = 2..10, skipping at random: the visits the skips leave");
    for (t = 0; t < 3000; t++) {
        int n = 2 + (int)(rng() % 9), k, more;
        kperm_rank total, b, e, expect, at;
        kperm_cursor c;
        kperm_pcursor pc;
        kperm_u8 want[KPERM_MAX_N], got[KPERM_MAX_N];
        kperm_count(n, &total);
        b = rng() % total;
        e = b + 1 + rng() % (total - b);
        expect = b;
        kperm_cursor_init(&c, n, b, e);
        kperm_pcursor_init(&pc, n, b, e);
        while ((more = packed ? kperm_pcursor_next(&pc) : kperm_cursor_next(&c)) != 0) {
            at = packed ? pc.rank : c.rank;
            if (packed)
                kperm_unpack(pc.word, n, got);
            else
                kperm_cursor_perm(&c, got);
            kperm_unrank(expect, n, want);
            CHECK(at == expect && memcmp(got, want, (size_t)n) == 0, "n = %d: cursor at %llu, want %llu", n, at,
                  expect);
            if (rng() % 4 == 0) {
                kperm_rank next = 0;
                k = (int)(rng() % (kperm_u64)n);
                CHECK((packed ? kperm_pcursor_skip(&pc, k) : kperm_cursor_skip(&c, k)) == KPERM_OK,
                      "skip refused k = %d", k);
                expect = kperm_skip_rank(expect, n, k, &next) == KPERM_END ? e : next;
            } else
                expect++;
            if (expect >= e)
                expect = e;
        }
        CHECK(expect == e, "n = %d [%llu, %llu): ended at %llu", n, b, e, expect);
    }
    check_end();
}

/* the packed multiset cursor over a random range of a random multiset (up to
 * 16 elements over up to 5 values), skipping at random: it visits exactly
 * the arrangements the skips leave, ranked by kperm_ms_skip_rank */
static void test_ms_cursor(void)
{
    int t;
    check_begin("kperm_ms_pcursor_skip: random ranges of random multisets of up to 16 elements, skipping at random");
    for (t = 0; t < 3000; t++) {
        kperm_u8 counts[5], want[16], got[16];
        int m = 1 + (int)(rng() % 5), n = 0, v, k;
        kperm_rank total = 0, b, e, expect;
        kperm_pcursor c;
        for (v = 0; v < m; v++)
            n += counts[v] = (kperm_u8)(rng() % (kperm_u64)(16 / m + 1));
        if (n == 0 || kperm_ms_count(counts, m, &total) != KPERM_OK)
            continue;
        b = rng() % total;
        e = b + 1 + rng() % (total - b < 5000 ? total - b : 5000);
        expect = b;
        kperm_ms_pcursor_init(&c, counts, m, b, e);
        while (kperm_pcursor_next(&c)) {
            kperm_unpack(c.word, n, got);
            kperm_ms_unrank(expect, counts, m, want);
            CHECK(c.rank == expect && memcmp(got, want, (size_t)n) == 0, "multiset cursor at %llu, want %llu", c.rank,
                  expect);
            if (rng() % 4 == 0) {
                kperm_rank next = 0;
                k = (int)(rng() % (kperm_u64)n);
                CHECK(kperm_ms_pcursor_skip(&c, k) == KPERM_OK, "skip refused k = %d", k);
                expect = kperm_ms_skip_rank(want, n, k, &next) == KPERM_END ? e : next;
            } else
                expect++;
            if (expect >= e)
                expect = e;
        }
        CHECK(expect == e, "multiset [%llu, %llu): ended at %llu", b, e, expect);
    }
    check_end();
}

/* the block walk over random ranges of n = 6..12, visiting some ranks of
 * each block, then skipping a prefix at random: the ranks it visits */
static void test_walk(void)
{
    int t;
    check_begin("kperm_walk_skip: random ranges of n = 6..12, skipping block prefixes at random");
    for (t = 0; t < 2000; t++) {
        int n = 6 + (int)(rng() % 7);
        kperm_rank total, b, e, expect;
        kperm_walk w;
        kperm_u8 want[KPERM_MAX_N];
        kperm_count(n, &total);
        b = rng() % total;
        e = b + 1 + rng() % ((total - b) < 100000 ? total - b : 100000);
        expect = b;
        kperm_walk_init(&w, n, b, e);
        while (kperm_walk_block(&w)) {
            kperm_u32 k;
            kperm_rank first = w.block * KPERM_WALK_BLOCK + w.first;
            CHECK(first == expect, "n = %d: block starts at %llu, want %llu", n, first, expect);
            for (k = w.first; k < w.last; k++) {
                kperm_unrank(w.block * KPERM_WALK_BLOCK + k, n, want);
                CHECK(kperm_walk_word(&w, k) == kperm_pack(want, n), "n = %d: the word of rank %llu", n,
                      w.block * KPERM_WALK_BLOCK + k);
            }
            expect = w.block * KPERM_WALK_BLOCK + w.last;
            if (rng() % 3 == 0) {
                kperm_rank next = 0;
                int j = (int)(rng() % (kperm_u64)(n - 5));
                CHECK(kperm_walk_skip(&w, j) == KPERM_OK, "walk skip refused j = %d", j);
                expect = kperm_skip_rank(w.block * KPERM_WALK_BLOCK, n, j, &next) == KPERM_END || next >= e ? e : next;
            }
        }
        CHECK(expect == e, "n = %d [%llu, %llu): ended at %llu", n, b, e, expect);
    }
    check_end();
}

/* the reference for k-permutations: kperm_kp_next until perm[0..j] differs */
static int kp_reference(kperm_u8 *p, int n, int k, int j)
{
    kperm_u8 start[KPERM_MAX_KP_N];
    int pivot;
    memcpy(start, p, (size_t)k);
    do {
        pivot = kperm_kp_next(p, n, k);
    } while (pivot != KPERM_END && memcmp(p, start, (size_t)j + 1) == 0);
    if (pivot == KPERM_END)
        return KPERM_END;
    for (pivot = 0; p[pivot] == start[pivot]; pivot++)
        ;
    return pivot;
}

static void test_kp(void)
{
    kperm_u8 p[8], q[8];
    kperm_rank total = 0, r, got = 0, want;
    int n, k, j, a, b;
    check_begin("kperm_kp_skip, kperm_kp_skip_rank: every k-permutation of every (n, k), n <= 7, at every j");
    for (n = 1; n <= 7; n++)
        for (k = 1; k <= n; k++) {
            kperm_kp_count(n, k, &total);
            for (r = 0; r < total; r++)
                for (j = 0; j < k; j++) {
                    kperm_kp_unrank(r, n, k, p);
                    memcpy(q, p, (size_t)k);
                    a = kperm_kp_skip(p, n, k, j);
                    b = kp_reference(q, n, k, j);
                    want = 0;
                    kperm_kp_rank_of(q, n, k, &want);
                    CHECK(a == b && memcmp(p, q, (size_t)k) == 0, "P(%d, %d) rank %llu j = %d: %d, want %d", n, k, r,
                          j, a, b);
                    CHECK(kperm_kp_skip_rank(r, n, k, j, &got) == (b == KPERM_END ? KPERM_END : KPERM_OK)
                          && got == want, "P(%d, %d) rank %llu j = %d: rank %llu, want %llu", n, k, r, j, got, want);
                }
        }
    check_end();
}

/* 128-bit: against the host compiler's unsigned __int128 */
static void test_rank128(void)
{
    __extension__ typedef unsigned __int128 u128;
    int n, k, t;
    check_begin("kperm_skip_rank128: n = 1..34, every k, random ranks and the last, against unsigned __int128");
    for (n = 1; n <= 34; n++) {
        u128 total = 1, block;
        int i;
        for (i = 2; i <= n; i++)
            total *= (u128)i;
        for (k = 0; k < n; k++) {
            for (block = 1, i = 2; i <= n - k - 1; i++)
                block *= (u128)i;
            for (t = 0; t < 40; t++) {
                u128 r = t == 0 ? total - 1 : (((u128)rng() << 64) | rng()) % total, want = (r / block + 1) * block;
                kperm_rank128 in, out = {7, 7};
                int rc;
                in.lo = (u64)r;
                in.hi = (u64)(r >> 64);
                rc = kperm_skip_rank128(in, n, k, &out);
                if (want >= total)
                    want = 0;
                CHECK(rc == (want == 0 ? KPERM_END : KPERM_OK) && out.lo == (u64)want && out.hi == (u64)(want >> 64),
                      "n = %d k = %d: rc %d", n, k, rc);
            }
        }
    }
    check_end();
}

static void test_errors(void)
{
    kperm_u8 p[KPERM_MAX_N] = {0, 1, 2, 3}, q[KPERM_MAX_N];
    kperm_u64 w = 0x3210;
    kperm_rank r = 77;
    kperm_cursor c;
    check_begin("skip: bad n, bad k, bad rank, a cursor before its first visit: the error, outputs untouched");
    memcpy(q, p, sizeof p);
    CHECK(kperm_skip(p, 4, -1) == KPERM_E_ARG && kperm_skip(p, 4, 4) == KPERM_E_ARG && memcmp(p, q, 4) == 0, "bad k");
    CHECK(kperm_skip(p, 0, 0) == KPERM_E_N && kperm_skip(p, -1, 0) == KPERM_E_N && kperm_ms_skip(p, INT_MIN, 0) == KPERM_E_N,
          "bad n");
    CHECK(kperm_packed_skip(&w, 4, 4) == KPERM_E_ARG && kperm_packed_skip(&w, 17, 0) == KPERM_E_N && w == 0x3210,
          "packed: bad k or n");
    CHECK(kperm_skip_rank(24, 4, 0, &r) == KPERM_E_RANK && kperm_skip_rank(0, 4, 4, &r) == KPERM_E_ARG
          && kperm_skip_rank(0, 21, 0, &r) == KPERM_E_N && r == 77, "skip_rank: bad rank, k or n");
    CHECK(kperm_kp_skip(p, 5, 3, 3) == KPERM_E_ARG && kperm_kp_skip(p, 5, 6, 0) == KPERM_E_N
          && kperm_kp_skip(p, 3, 4, 0) == KPERM_E_N && memcmp(p, q, 4) == 0, "kp_skip: bad j, k or n");
    p[1] = 0;
    CHECK(kperm_kp_skip(p, 5, 3, 0) == KPERM_E_PERM && p[0] == 0 && p[1] == 0 && p[2] == 2, "kp_skip: a repeat");
    p[1] = 1;
    {
        kperm_rank128 big = {0, 0}, out = {5, 5};
        kperm_count128(20, &big);
        CHECK(kperm_skip_rank128(big, 20, 0, &out) == KPERM_E_RANK && kperm_skip_rank128(out, 35, 0, &out) == KPERM_E_N
              && kperm_skip_rank128(out, 20, 20, &out) == KPERM_E_ARG && out.lo == 5 && out.hi == 5,
              "skip_rank128: bad rank, n or k");
    }
    kperm_cursor_init(&c, 4, 0, 24);
    CHECK(kperm_cursor_skip(&c, 0) == KPERM_E_ARG, "cursor skip before the first visit");
    {
        kperm_pcursor pc;
        kperm_pcursor_init(&pc, 4, 0, 24);
        CHECK(kperm_pcursor_skip(&pc, 0) == KPERM_E_ARG, "packed cursor skip before the first visit");
        kperm_pcursor_next(&pc);
        CHECK(kperm_pcursor_skip(&pc, 4) == KPERM_E_ARG && pc.word == 0x3210, "packed cursor: bad k");
    }
    kperm_cursor_next(&c);
    CHECK(kperm_cursor_skip(&c, 4) == KPERM_E_ARG && kperm_cursor_skip(&c, -1) == KPERM_E_ARG, "cursor: bad k");
    r = 77;
    p[0] = 64;
    CHECK(kperm_ms_skip_rank(q, 0, 0, &r) == KPERM_E_N && kperm_ms_skip_rank(q, 4, 4, &r) == KPERM_E_ARG
          && kperm_ms_skip_rank(p, 4, 0, &r) == KPERM_E_PERM && r == 77, "ms_skip_rank: bad n, k or value");
    p[0] = 0;
    {
        kperm_u8 counts[2] = {2, 2};
        kperm_pcursor pc;
        kperm_walk w;
        kperm_ms_pcursor_init(&pc, counts, 2, 0, 6);
        CHECK(kperm_ms_pcursor_skip(&pc, 0) == KPERM_E_ARG, "multiset cursor skip before the first visit");
        kperm_pcursor_next(&pc);
        CHECK(kperm_ms_pcursor_skip(&pc, 4) == KPERM_E_ARG && pc.word == 0x1100 && pc.rank == 0,
              "multiset cursor: bad k");
        kperm_walk_init(&w, 8, 0, 40320);
        CHECK(kperm_walk_skip(&w, 0) == KPERM_E_ARG, "walk skip before the first block");
        kperm_walk_block(&w);
        CHECK(kperm_walk_skip(&w, 3) == KPERM_E_ARG && kperm_walk_skip(&w, -1) == KPERM_E_ARG && w.next == 120,
              "walk: k inside the block's own positions");
    }
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    test_permutations();
    test_multisets();
    test_cursor(0);
    test_cursor(1);
    test_ms_cursor();
    test_walk();
    test_kp();
    test_rank128();
    test_errors();
    return check_any_failed;
}
