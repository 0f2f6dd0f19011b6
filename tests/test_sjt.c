/* test_sjt.c - plain changes against a direct transcription of Knuth's
 * Algorithm P (every permutation of n <= 9, in order) and against the
 * recursive definition (random ranks up to n = 20): unrank, rank_of, the
 * cursor over every range and its step, and every error. */
#include "kperm.h"
#include "check.h"
#include "rng.h"
#include <string.h>

static unsigned long long seed = 0x5117;

/* Algorithm P, TAOCP 7.2.1.2, 1-based as printed: every permutation of n
 * into out (n! rows of n bytes), in order; returns how many */
static long algorithm_p(int n, kperm_u8 *out)
{
    int a[KPERM_MAX_N + 1], c[KPERM_MAX_N + 1], o[KPERM_MAX_N + 1], j, s, q, t;
    long count = 0;
    for (j = 1; j <= n; j++) {
        a[j] = j - 1;
        c[j] = 0;
        o[j] = 1;
    }
    for (;;) {
        for (j = 1; j <= n; j++) /* P2: visit */
            out[count * n + j - 1] = (kperm_u8)a[j];
        count++;
        j = n; /* P3 */
        s = 0;
        for (;;) {
            q = c[j] + o[j]; /* P4 */
            if (q >= 0 && q != j)
                break;
            if (q == j) { /* P6 */
                if (j == 1)
                    return count;
                s++;
            }
            o[j] = -o[j]; /* P7 */
            j--;
        }
        t = a[j - c[j] + s]; /* P5: swap a[j-c_j+s] and a[j-q+s] */
        a[j - c[j] + s] = a[j - q + s];
        a[j - q + s] = t;
        c[j] = q;
    }
}

/* the recursive definition: the arrangement of 0..n-2 of rank r / n, with
 * n - 1 inserted at place n-1-t (that rank even) or t, t = r % n */
static void ref_unrank(kperm_u64 r, int n, kperm_u8 *p)
{
    int t = (int)(r % (kperm_u64)n), at, i;
    if (n == 1) {
        p[0] = 0;
        return;
    }
    ref_unrank(r / (kperm_u64)n, n - 1, p);
    at = (r / (kperm_u64)n) % 2 ? t : n - 1 - t;
    for (i = n - 1; i > at; i--)
        p[i] = p[i - 1];
    p[at] = (kperm_u8)(n - 1);
}

static kperm_u8 seq[362880 * 9];

static void check_word(kperm_u64 w, const kperm_u8 *want, int n, const char *what, kperm_u64 r)
{
    kperm_u8 got[16];
    kperm_unpack(w, n, got);
    CHECK(memcmp(got, want, (size_t)n) == 0 && (n == 16 || w >> (4 * n) == 0), "%s n=%d rank %llu", what, n, r);
}

static void test_exhaustive(void)
{
    int n;
    check_begin("plain changes = Algorithm P for every permutation of n = 1..9 (unrank, rank_of, cursor, step)");
    for (n = 1; n <= 9; n++) {
        kperm_u64 total, r;
        kperm_u8 p[KPERM_MAX_N];
        kperm_sjt_cursor c;
        long count = algorithm_p(n, seq);
        int q, i;
        kperm_count(n, &total);
        CHECK((kperm_u64)count == total, "Algorithm P gave %ld of %d!", count, n);
        for (r = 0; r < total; r++) {
            kperm_rank back = ~0ull;
            CHECK(kperm_sjt_unrank(r, n, p) == KPERM_OK && memcmp(p, seq + r * n, (size_t)n) == 0,
                  "unrank n=%d rank %llu", n, r);
            CHECK(kperm_sjt_rank_of(seq + r * n, n, &back) == KPERM_OK && back == r, "rank_of n=%d rank %llu", n, r);
        }
        CHECK(kperm_sjt_cursor_init(&c, n, 0, total) == KPERM_OK, "init n=%d", n);
        for (r = 0; kperm_sjt_cursor_next(&c); r++) {
            const kperm_u8 *want = seq + r * n;
            CHECK(c.rank == r, "cursor rank %llu where %llu", c.rank, r);
            check_word(c.word, want, n, "cursor", r);
            if (r == 0) {
                CHECK(c.pivot == 0, "first pivot %d", c.pivot);
                continue;
            }
            /* differs from the one before exactly by a swap of pivot, pivot + 1 */
            for (i = 0; i < n; i++) {
                int in_pair = i == c.pivot || i == c.pivot + 1;
                CHECK(in_pair == (want[i] != want[i - n]), "n=%d rank %llu pivot %d position %d", n, r, c.pivot, i);
            }
        }
        CHECK(r == total, "cursor visited %llu of %llu", r, total);
        /* after the last, one more step swaps back to the identity */
        q = kperm_internal_sjt_step(&c);
        CHECK(q == KPERM_END && c.word == (KPERM_INTERNAL_IDENTITY_LIST & KPERM_INTERNAL_NIBBLES(n)), "step past the last: %d", q);
        CHECK(kperm_internal_sjt_step(&c) == (n == 1 ? KPERM_END : n - 2), "the first step again");
        /* ranges starting anywhere */
        for (i = 0; i < 40 && n >= 2; i++) {
            kperm_u64 b = test_splitmix(&seed) % total, e = b + test_splitmix(&seed) % (total - b + 1);
            CHECK(kperm_sjt_cursor_init(&c, n, b, e) == KPERM_OK, "init [%llu, %llu)", b, e);
            for (r = b; kperm_sjt_cursor_next(&c); r++)
                check_word(c.word, seq + r * n, n, "cursor from the middle", r);
            CHECK(r == e, "range [%llu, %llu) ended at %llu", b, e, r);
        }
    }
    check_end();
}

static void test_random(void)
{
    int n, i, k;
    check_begin("plain changes, random ranks n = 10..20: the recursive definition, round trips, adjacent swaps");
    for (n = 10; n <= KPERM_MAX_N; n++) {
        kperm_u64 total;
        kperm_count(n, &total);
        for (k = 0; k < 2000; k++) {
            kperm_u64 r = k == 0 ? total - 1 : k == 1 ? 0 : test_splitmix(&seed) % total;
            kperm_u8 p[KPERM_MAX_N], q[KPERM_MAX_N], want[KPERM_MAX_N];
            kperm_rank back = 0;
            int diff = 0, first = -1;
            ref_unrank(r, n, want);
            CHECK(kperm_sjt_unrank(r, n, p) == KPERM_OK && memcmp(p, want, (size_t)n) == 0, "unrank n=%d %llu", n, r);
            CHECK(kperm_sjt_rank_of(p, n, &back) == KPERM_OK && back == r, "rank_of n=%d %llu", n, r);
            kperm_sjt_unrank(r + 1 < total ? r + 1 : 0, n, q);
            for (i = 0; i < n; i++)
                if (p[i] != q[i]) {
                    diff++;
                    first = first < 0 ? i : first;
                }
            CHECK(diff == 2 && p[first] == q[first + 1] && p[first + 1] == q[first], "n=%d %llu and the next", n, r);
        }
    }
    for (n = 10; n <= 16; n++) { /* the cursor and its step agree with unrank */
        kperm_u64 total, b;
        kperm_sjt_cursor c;
        kperm_count(n, &total);
        for (k = 0; k < 20; k++) {
            kperm_u64 r;
            b = k == 0 ? total - 300 : test_splitmix(&seed) % (total - 300);
            kperm_sjt_cursor_init(&c, n, b, b + 300);
            for (r = b; kperm_sjt_cursor_next(&c); r++) {
                kperm_u8 want[KPERM_MAX_N];
                ref_unrank(r, n, want);
                check_word(c.word, want, n, "cursor", r);
            }
            CHECK(r == b + 300, "cursor n=%d ended at %llu", n, r);
        }
    }
    check_end();
}

static void test_errors(void)
{
    static const int bad_n[] = {0, -1, 21, 1000};
    kperm_u8 p[KPERM_MAX_N], keep[KPERM_MAX_N];
    kperm_rank r = 77, total = 0;
    kperm_sjt_cursor c;
    int i;
    check_begin("plain changes: bad n, ranks, permutations and ranges give their errors and touch nothing");
    memset(p, 0xee, sizeof p);
    memcpy(keep, p, sizeof p);
    for (i = 0; i < 4; i++) {
        CHECK(kperm_sjt_unrank(0, bad_n[i], p) == KPERM_E_N && !memcmp(p, keep, sizeof p), "unrank n=%d", bad_n[i]);
        CHECK(kperm_sjt_rank_of(p, bad_n[i], &r) == KPERM_E_N && r == 77, "rank_of n=%d", bad_n[i]);
        CHECK(kperm_sjt_cursor_init(&c, bad_n[i], 0, 1) == KPERM_E_N && !kperm_sjt_cursor_next(&c), "init n=%d", bad_n[i]);
    }
    kperm_count(12, &total);
    CHECK(kperm_sjt_unrank(total, 12, p) == KPERM_E_RANK && !memcmp(p, keep, sizeof p), "unrank 12!");
    CHECK(kperm_sjt_unrank(~0ull, 20, p) == KPERM_E_RANK, "unrank 2^64 - 1");
    CHECK(kperm_sjt_cursor_init(&c, 17, 0, 1) == KPERM_E_N && !kperm_sjt_cursor_next(&c), "cursor n=17");
    CHECK(kperm_internal_sjt_step(&c) == KPERM_E_N, "step of a cursor with n = 17");
    CHECK(kperm_sjt_cursor_init(&c, 12, 5, 4) == KPERM_E_RANK && !kperm_sjt_cursor_next(&c), "begin > end");
    CHECK(kperm_sjt_cursor_init(&c, 12, 0, total + 1) == KPERM_E_RANK && !kperm_sjt_cursor_next(&c), "end > 12!");
    CHECK(kperm_sjt_cursor_init(&c, 12, total, total) == KPERM_OK && !kperm_sjt_cursor_next(&c), "empty range");
    for (i = 0; i < 12; i++)
        p[i] = (kperm_u8)i;
    p[3] = 12;
    CHECK(kperm_sjt_rank_of(p, 12, &r) == KPERM_E_PERM && r == 77, "a value of n");
    p[3] = 2;
    CHECK(kperm_sjt_rank_of(p, 12, &r) == KPERM_E_PERM && r == 77, "a value twice");
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    test_exhaustive();
    test_random();
    test_errors();
    return check_any_failed;
}
