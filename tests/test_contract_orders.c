/* test_contract_orders.c - the contract of the minimal-change orders
 * (kperm/gray.h, kperm/revdoor.h): every public function called with random
 * and adversarial arguments (n and k at and past every limit, INT_MIN,
 * INT_MAX; ranks 0, at and past the count, 2^64 - 1; masks with bits at n
 * and above; cursors after a failed init and past their end). Each call must
 * return the status its entry in docs/ gives for those arguments (and no
 * value that is no KPERM_ code), leave its outputs untouched on an error,
 * and give outputs inside the contract on success. Outputs are heap blocks
 * of their exact size, and make test also builds this under ASan and UBSan,
 * where a shift past the word or a read past a block ends it. */
#include "kperm.h"
#include "check.h"
#include "rng.h"
#include "reference.h"
#include <limits.h>
#include <stdlib.h>

#define CALLS 200000 /* per group */
#define FILL 0xA5A5A5A5A5A5A5A5ull

typedef unsigned long long u64;

static u64 seed = 0x0dd5;

static u64 rnd(void)
{
    return test_splitmix(&seed);
}

/* n or k: the edges of every limit, and values inside */
static int any_int(void)
{
    static const int pool[] = {INT_MIN, -1000, -65, -64, -2, -1, 0, 1, 2, 3, 31, 32, 33, 62, 63, 64, 65, 66,
                               127, 128, 1000, INT_MAX};
    return rnd() % 3 ? pool[rnd() % (sizeof pool / sizeof pool[0])] : (int)(rnd() % 70) - 2;
}

/* a rank near count: 0, count - 1, count, count + 1, 2^64 - 1, or any */
static u64 any_rank(u64 count)
{
    switch (rnd() % 7) {
    case 0: return 0;
    case 1: return count - 1;
    case 2: return count;
    case 3: return count + 1;
    case 4: return ~0ull;
    case 5: return count ? rnd() % count : 0;
    default: return rnd();
    }
}

/* 0..n-1 as a mask, for any n */
static u64 all_of(int n)
{
    return n <= 0 ? 0 : n >= 64 ? ~0ull : (1ull << n) - 1;
}

/* a mask for n: inside it, with one high bit, all ones, bit 63, or any */
static u64 any_mask(int n)
{
    switch (rnd() % 6) {
    case 0: return rnd() & all_of(n);
    case 1: return (rnd() & all_of(n)) | 1ull << (63 - rnd() % 8);
    case 2: return ~0ull;
    case 3: return 1ull << 63;
    case 4: return all_of(n) ^ all_of((int)(rnd() % 65));
    default: return rnd();
    }
}

static int any_status(int rc)
{
    return rc == KPERM_OK || rc == KPERM_END || rc == KPERM_E_N || rc == KPERM_E_RANK || rc == KPERM_E_PERM ||
           rc == KPERM_E_OVERFLOW || rc == KPERM_E_TABLES || rc == KPERM_E_ARG;
}

static u64 *heap_u64(void)
{
    u64 *p = (u64 *)malloc(sizeof *p);
    *p = FILL;
    return p;
}

static int *heap_int(void)
{
    int *p = (int *)malloc(sizeof *p);
    *p = -77;
    return p;
}

/* C(n, k) for 0 <= k <= n <= 64 from the tests' Pascal triangle, else 0 */
static u64 choose(int n, int k)
{
    return n < 0 || n > 64 || k < 0 || k > n ? 0 : (u64)test_pascal[n][k];
}

static void gray_calls(void)
{
    int t;
    check_begin("contract: kperm_gray_count, unrank, rank_of, next, skip out of contract");
    for (t = 0; t < CALLS; t++) {
        int n = any_int(), valid = n >= 0 && n <= 64, rc;
        u64 all = all_of(n), count = n >= 0 && n < 64 ? 1ull << n : 0, rank = any_rank(count), mask = any_mask(n);
        u64 d = rnd() % 3 ? rnd() % 100 : any_rank(count);
        u64 *out = heap_u64();
        int fits = valid && (mask & ~all) == 0;
        rc = kperm_gray_count(n, out);
        CHECK(any_status(rc) && (!valid ? rc == KPERM_E_N : n == 64 ? rc == KPERM_E_OVERFLOW : rc == KPERM_OK),
               "count n=%d: %d", n, rc);
        CHECK(rc == KPERM_OK ? *out == count : *out == FILL, "count n=%d output %llx", n, *out);
        *out = FILL;
        rc = kperm_gray_unrank(rank, n, out);
        CHECK(any_status(rc) && (!valid ? rc == KPERM_E_N : (rank & ~all) ? rc == KPERM_E_RANK : rc == KPERM_OK),
               "unrank n=%d rank %llu: %d", n, rank, rc);
        CHECK(rc == KPERM_OK ? (*out & ~all) == 0 : *out == FILL, "unrank n=%d output %llx", n, *out);
        *out = FILL;
        rc = kperm_gray_rank_of(mask, n, out);
        CHECK(any_status(rc) && (!valid ? rc == KPERM_E_N : !fits ? rc == KPERM_E_PERM : rc == KPERM_OK),
               "rank_of n=%d mask %llx: %d", n, mask, rc);
        CHECK(rc == KPERM_OK ? (*out & ~all) == 0 : *out == FILL, "rank_of n=%d output %llx", n, *out);
        *out = mask;
        rc = kperm_gray_next(out, n);
        CHECK(!valid ? rc == KPERM_E_N : !fits ? rc == KPERM_E_PERM : rc == KPERM_END || (rc >= 0 && rc < n),
               "next n=%d mask %llx: %d", n, mask, rc);
        CHECK(rc >= 0 ? *out == (mask ^ (1ull << rc)) : rc == KPERM_END ? *out == 0 : *out == mask,
               "next n=%d mask %llx: %d, %llx", n, mask, rc, *out);
        *out = mask;
        rc = kperm_gray_skip(out, n, d);
        CHECK(any_status(rc) &&
                   (!valid ? rc == KPERM_E_N : !fits ? rc == KPERM_E_PERM : rc == KPERM_OK || rc == KPERM_END),
               "skip n=%d mask %llx d %llu: %d", n, mask, d, rc);
        CHECK(rc == KPERM_OK || rc == KPERM_END ? (*out & ~all) == 0 && (d != 0 || *out == mask) : *out == mask,
               "skip n=%d mask %llx d %llu: %d, %llx", n, mask, d, rc, *out);
        free(out);
    }
    check_end();
}

static void gray_cursor_calls(void)
{
    int t, steps;
    check_begin("contract: kperm_gray_cursor init, next, skip out of contract (and after a failed init or the end)");
    for (t = 0; t < CALLS / 4; t++) {
        int n = any_int(), valid = n >= 0 && n <= 64, rc;
        u64 all = all_of(n), count = n >= 0 && n < 64 ? 1ull << n : 0, b = any_rank(count), e = any_rank(count);
        kperm_gray_cursor *c = (kperm_gray_cursor *)malloc(sizeof *c);
        if (rnd() % 2 && b <= ~0ull - 50) /* short ranges, so that some end inside the loop */
            e = b + rnd() % 50;
        rc = kperm_gray_cursor_init(c, n, b, e);
        CHECK(any_status(rc) &&
                   (!valid ? rc == KPERM_E_N : b > e || (n < 64 && e > count) ? rc == KPERM_E_RANK : rc == KPERM_OK),
               "init n=%d [%llu, %llu): %d", n, b, e, rc);
        CHECK(c->n == n && (rc == KPERM_OK || (c->rank == c->end && !kperm_gray_cursor_next(c))),
               "init n=%d [%llu, %llu): %d, not an empty range", n, b, e, rc);
        for (steps = 0; steps < 60 && kperm_gray_cursor_next(c); steps++) {
            CHECK(rc == KPERM_OK && c->rank >= b && c->rank < e && (c->mask & ~all) == 0 && c->bit >= 0 && c->bit < 64,
                   "next n=%d [%llu, %llu): rank %llu mask %llx bit %d", n, b, e, c->rank, c->mask, c->bit);
            if (rnd() % 4 == 0) {
                rc = kperm_gray_cursor_skip(c, rnd() % 3 ? rnd() % 20 : any_rank(count));
                CHECK(rc == KPERM_OK || rc == KPERM_END, "skip: %d", rc);
            }
        }
        rc = kperm_gray_cursor_skip(c, any_rank(count));
        CHECK(rc == KPERM_OK || rc == KPERM_END, "skip at the end: %d", rc);
        free(c);
    }
    check_end();
}

static void revdoor_calls(void)
{
    int t, steps;
    check_begin("contract: kperm_revdoor unrank_mask, rank_of_mask, next_mask, cursor out of contract");
    for (t = 0; t < CALLS; t++) {
        int n = any_int(), k = rnd() % 4 ? (int)(rnd() % 70) - 2 : any_int(), rc;
        int valid_n = n >= 0 && n <= 64, valid = valid_n && k >= 0 && k <= n;
        u64 all = all_of(n), count = choose(n, k), rank = any_rank(count), mask = any_mask(n);
        u64 b = any_rank(count), e = rnd() % 2 && b < ~0ull - 30 ? b + rnd() % 30 : any_rank(count);
        u64 *out = heap_u64();
        int *gone = heap_int(), *came = heap_int(), fits = valid_n && (mask & ~all) == 0;
        kperm_revdoor_cursor *c = (kperm_revdoor_cursor *)malloc(sizeof *c);
        rc = kperm_revdoor_unrank_mask(rank, n, k, out);
        CHECK(any_status(rc) && (!valid ? rc == KPERM_E_N : rank >= count ? rc == KPERM_E_RANK : rc == KPERM_OK),
               "unrank n=%d k=%d rank %llu: %d", n, k, rank, rc);
        CHECK(rc == KPERM_OK ? (*out & ~all) == 0 && kperm_popcount64(*out) == k : *out == FILL,
               "unrank n=%d k=%d output %llx", n, k, *out);
        *out = FILL;
        rc = kperm_revdoor_rank_of_mask(mask, n, out);
        CHECK(any_status(rc) && (!valid_n ? rc == KPERM_E_N : !fits ? rc == KPERM_E_PERM : rc == KPERM_OK),
               "rank_of n=%d mask %llx: %d", n, mask, rc);
        CHECK(rc == KPERM_OK ? *out < choose(n, kperm_popcount64(mask)) : *out == FILL, "rank_of n=%d output %llx", n,
               *out);
        *out = mask;
        rc = kperm_revdoor_next_mask(out, n, gone, came);
        CHECK(any_status(rc) &&
                   (!valid_n ? rc == KPERM_E_N : !fits ? rc == KPERM_E_PERM : rc == KPERM_OK || rc == KPERM_END),
               "next n=%d mask %llx: %d", n, mask, rc);
        if (rc == KPERM_OK)
            CHECK(*gone >= 0 && *gone < n && *came >= 0 && *came < n && ((mask >> *gone) & 1) && !((mask >> *came) & 1) &&
                       *out == (mask ^ (1ull << *gone) ^ (1ull << *came)),
                   "next n=%d mask %llx: out %d in %d, %llx", n, mask, *gone, *came, *out);
        else
            CHECK(*gone == -77 && *came == -77 && (rc == KPERM_END ? *out == all_of(kperm_popcount64(mask)) : *out == mask),
                   "next n=%d mask %llx: %d wrote %d %d %llx", n, mask, rc, *gone, *came, *out);
        rc = kperm_revdoor_cursor_init(c, n, k, b, e);
        CHECK(any_status(rc) && (!valid ? rc == KPERM_E_N : b > e || e > count ? rc == KPERM_E_RANK : rc == KPERM_OK),
               "cursor init n=%d k=%d [%llu, %llu): %d", n, k, b, e, rc);
        CHECK(c->n == n && c->k == k && (rc == KPERM_OK || (c->rank == c->end && !kperm_revdoor_cursor_next(c))),
               "cursor init n=%d k=%d: %d, not an empty range", n, k, rc);
        for (steps = 0; steps < 40 && kperm_revdoor_cursor_next(c); steps++)
            CHECK(rc == KPERM_OK && c->rank >= b && c->rank < e && (c->mask & ~all) == 0 &&
                       kperm_popcount64(c->mask) == k && c->out >= 0 && c->out < 64 && c->in >= 0 && c->in < 64,
                   "cursor n=%d k=%d at %llu: %llx, out %d in %d", n, k, c->rank, c->mask, c->out, c->in);
        free(out);
        free(gone);
        free(came);
        free(c);
    }
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    test_pascal_fill();
    gray_calls();
    gray_cursor_calls();
    revdoor_calls();
    return check_any_failed;
}
