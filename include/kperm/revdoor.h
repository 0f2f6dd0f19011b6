/* kperm/revdoor.h - combinations in revolving-door order: the k-subsets of
 * 0..n-1, 0 <= k <= n <= 64, as masks, in the order of Knuth's Algorithm R
 * (TAOCP 7.2.1.3), where each subset differs from the one before by one
 * element that leaves and one that comes in. For n = 4, k = 2 the ranks 0..5
 * are {0,1}, {1,2}, {0,2}, {2,3}, {1,3}, {0,3}; after the last, 3 out and 1
 * in returns to the first. The count is kperm_comb_count's C(n, k).
 *
 * The order is recursive: the list for (n, k) is the list for (n - 1, k),
 * then the list for (n - 1, k - 1) reversed, with n - 1 added to each. So a
 * subset c_1 < c_2 < ... < c_k is in the second half of the list for
 * (c_k + 1, k), and
 *     rank = C(c_k + 1, k) - C(c_{k-1} + 1, k - 1) + ... -+ C(c_1 + 1, 1) - [k odd],
 * taken one element at a time from the lowest as R_i = C(c_i + 1, i) - 1 -
 * R_{i-1} (every R_i is a rank, so nothing goes below zero). Unrank inverts
 * it from the top: c_j is the largest d with C(d, j) <= what is left, the
 * binary search of kperm/comb.h's unrank (KPERM_INTERNAL_BINOMIAL_FLOOR) in
 * the same table of binomials.
 *
 * The order is also the binary-reflected Gray code (kperm/gray.h) with the
 * subsets of any other size left out, which gives a step of a few word
 * operations and no loop: the next subset changes the lowest bit i that
 * the Gray code changes at a rank bit of 0 (so that moving i goes forward in
 * the code) and that can still be completed below to k elements; the bits
 * below i then become the first completion the code reaches, k - (elements
 * at and above i) elements: the lowest ones but one, and bit i - 1.
 */
#ifndef KPERM_REVDOOR_H
#define KPERM_REVDOOR_H

#include "platform.h"
#include "status.h"
#include "bits.h"
#include "comb.h"
#include "gray.h"
#include "range.h"

/* The subset of revolving-door rank `rank` as a mask. KPERM_E_TABLES,
 * KPERM_E_N unless 0 <= k <= n <= 64, KPERM_E_RANK for rank >= C(n, k). */
KPERM_FN int kperm_revdoor_unrank_mask(kperm_rank rank, int n, int k, kperm_u64 *mask)
{
    kperm_u64 out = 0;
    int j, d, rc = kperm_internal_comb_check(n, k);
    if (rc != KPERM_OK)
        return rc;
    if (rank >= kperm_binomial(n, k))
        return KPERM_E_RANK;
    KPERM_UNROLL
    for (j = k; j >= 1; j--) {
        KPERM_INTERNAL_BINOMIAL_FLOOR(KPERM_TABLE(kperm_comb_table), rank, n, j, d); /* c_j */
        out |= KPERM_U64(1) << d;
        rank = kperm_binomial(d + 1, j) - 1 - rank;   /* its rank among the j - 1 below, reversed */
    }
    *mask = out;
    return KPERM_OK;
}

/* The revolving-door rank of the subset `mask` of 0..n-1 (its k is the
 * popcount). KPERM_E_TABLES, KPERM_E_N unless 0 <= n <= 64, KPERM_E_PERM for
 * a bit at n or above. */
KPERM_FN int kperm_revdoor_rank_of_mask(kperm_u64 mask, int n, kperm_rank *rank)
{
    kperm_u64 r = 0;
    int i, rc = kperm_internal_comb_check(n, 0);
    if (rc == KPERM_OK)
        rc = kperm_internal_mask_check(mask, n);
    if (rc != KPERM_OK)
        return rc;
    for (i = 1; mask; i++, mask &= mask - 1)
        r = kperm_binomial(kperm_lowest64(mask) + 1, i) - 1 - r;
    *rank = r;
    return KPERM_OK;
}

/* The step on a k-subset of 0..n-1 (all: the mask of 0..n-1) whose Gray
 * rank is *gray (kperm_internal_gray_inverse of the mask), the header's
 * rule. Returns 1 with the next subset and its Gray rank, and *out, *in the
 * elements that left and came in, or 0 when mask is the last subset (both
 * left as they are). Not validated: a mask with bits outside all is the
 * caller's error. No variable shift: "the bits above the lowest set bit of
 * x" is ~(x ^ (x - 1)), 0 for x = 0. The Gray rank is carried rather than
 * recomputed: bit i of it is the parity of the mask's bits i and above, so
 * moving one element e flips its bits 0..e, a few word operations where
 * recomputing takes six dependent shift-and-xor rounds. */
KPERM_FN int kperm_internal_revdoor_step(kperm_u64 *mask, kperm_u64 *gray, kperm_u64 all, int k, int *out, int *in)
{
    kperm_u64 w = *mask, zeros = ~w & all, move, at, above, low, next, left, came;
    int r;
    /* the Gray rank bit is 0 at i, and below i there is an element to take
     * (when bit i comes in) or a gap to fill (when it leaves) */
    move = ~*gray & all & ((~w & ~(w ^ (w - 1))) | (w & ~(zeros ^ (zeros - 1))));
    if (!move)
        return 0;
    at = move & (KPERM_U64(0) - move); /* bit i; i >= 1 */
    above = ~(at ^ (at - 1));
    r = k - kperm_popcount64((w & above) | (~w & at)); /* elements left for the bits below i */
    low = r == 0 ? 0 : ((KPERM_U64(1) << (r - 1)) - 1) | (at >> 1);
    next = (w & above) | (~w & at) | low;
    left = w & ~next; /* one bit each: the order changes one element out and one in */
    came = next & ~w;
    *mask = next;
    *gray ^= (left | (left - 1)) ^ (came | (came - 1));
    *out = kperm_popcount64(left - 1);
    *in = kperm_popcount64(came - 1);
    return 1;
}

/* The next subset of a mask of any k (its popcount) in revolving-door
 * order: KPERM_OK with *out and *in the element that left and the one that
 * came in; KPERM_END after the last subset (the mask is then the first, the
 * k lowest bits; out and in are not written), KPERM_E_N unless 0 <= n <= 64,
 * KPERM_E_PERM for a bit at n or above (nothing written). k = 0 and k = n
 * have one subset: they end at once. Needs no table. */
KPERM_FN int kperm_revdoor_next_mask(kperm_u64 *mask, int n, int *out, int *in)
{
    int rc = kperm_internal_mask_check(*mask, n), k;
    kperm_u64 gray;
    if (rc != KPERM_OK)
        return rc;
    k = kperm_popcount64(*mask);
    gray = kperm_internal_gray_inverse(*mask);
    if (kperm_internal_revdoor_step(mask, &gray, kperm_internal_kp_all(n), k, out, in))
        return KPERM_OK;
    *mask = kperm_internal_kp_all(k);
    return KPERM_END;
}

/* ---- the revolving-door cursor: the subset in one register */
typedef struct {
    kperm_u64 mask; /* bit v set: element v is in the subset */
    kperm_u64 gray; /* internal: the mask's Gray rank, which each step updates */
    int n, k, out, in; /* the last step: element out left, element in came in */
    kperm_rank rank, end;
} kperm_revdoor_cursor;

/* Prepares c to visit revolving-door ranks [begin, end) of the k-subsets of
 * 0..n-1. On error (KPERM_E_TABLES, KPERM_E_N, KPERM_E_RANK) c is an empty
 * range; n and k are kept as given. */
KPERM_FN int kperm_revdoor_cursor_init(kperm_revdoor_cursor *c, int n, int k, kperm_rank begin, kperm_rank end)
{
    int rc = kperm_internal_comb_range_check(n, k, begin, end);
    c->mask = c->gray = 0;
    c->n = n;
    c->k = k;
    c->out = -1; /* (-1: not started, the bookkeeping's mark) */
    c->in = 0;
    c->rank = c->end = 0;
    if (rc != KPERM_OK)
        return rc;
    if (begin < end)
        kperm_revdoor_unrank_mask(begin, n, k, &c->mask);
    c->gray = kperm_internal_gray_inverse(c->mask);
    c->rank = begin;
    c->end = end;
    return KPERM_OK;
}

/* 1: c->mask is the subset of rank c->rank; element c->out left it and
 * c->in came in (both 0 on the first call, which changed nothing); 0: the
 * range is done. */
KPERM_FN int kperm_revdoor_cursor_next(kperm_revdoor_cursor *c)
{
    int step = kperm_internal_cursor_advance(&c->rank, c->end, &c->out);
    if (step == 2)
        kperm_internal_revdoor_step(&c->mask, &c->gray, kperm_internal_kp_all(c->n), c->k, &c->out, &c->in);
    return step != 0;
}

#endif /* KPERM_REVDOOR_H */
