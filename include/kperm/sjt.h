/* kperm/sjt.h - plain changes (Steinhaus-Johnson-Trotter): the permutations
 * of 0..n-1 in the order of Knuth's Algorithm P (TAOCP 7.2.1.2) started from
 * the identity, where each one differs from the one before by a swap of two
 * adjacent positions. For n = 3: 012, 021, 201, 210, 120, 102 (and after the
 * last, one more swap returns to the first).
 *
 * The order is recursive: element v sweeps across the v + 1 places among the
 * elements 0..v-1, right to left while the rank of their arrangement R_v is
 * even, left to right while it is odd. So rank = R_n with
 *     R_1 = 0,  R_{v+1} = R_v * (v + 1) + t_v,
 * where t_v (0..v) is how far element v has moved in its sweep: its place
 * among 0..v is v - t_v (R_v even) or t_v (R_v odd). Rank and unrank are O(n)
 * from these digits; the cursor keeps the digits and the directions in
 * registers, so a step finds the element that moves and swaps it with its
 * neighbour in a few word operations.
 */
#ifndef KPERM_SJT_H
#define KPERM_SJT_H

#include "platform.h"
#include "status.h"
#include "tables.h"
#include "bits.h"
#include "lex.h"
#include "packed.h"
#include "walk.h"

/* The permutation of plain-changes rank `rank` (1 <= n <= 20): the digits
 * t_v from the low end (radix n first), then each element from the largest
 * down takes its place among the positions the larger ones left free. */
KPERM_FN int kperm_sjt_unrank(kperm_rank rank, int n, kperm_u8 *perm)
{
    kperm_u64 total;
    kperm_u32 free;
    int v, rc = kperm_internal_fact_checked(n, &total);
    if (rc != KPERM_OK)
        return rc;
    if (rank >= total)
        return KPERM_E_RANK;
    free = (kperm_u32)((KPERM_U64(1) << n) - 1);
    for (v = n - 1; v >= 1; v--) {
        int t = (int)(rank % (kperm_u64)(v + 1)), slot;
        rank /= (kperm_u64)(v + 1); /* now R_v */
        slot = kperm_select64(free, (rank & 1u) ? t : v - t);
        perm[slot] = (kperm_u8)v;
        free &= ~(1u << slot);
    }
    perm[kperm_lowest64(free)] = 0;
    return KPERM_OK;
}

/* The inverse, validating perm: x_v = how many smaller elements lie left of
 * v (its place among 0..v), then Horner's rule over the digits. */
KPERM_FN int kperm_sjt_rank_of(const kperm_u8 *perm, int n, kperm_rank *rank)
{
    kperm_u8 place[KPERM_MAX_N];
    kperm_u32 seen = 0;
    kperm_u64 r = 0;
    int i, v;
    if (n < 1 || n > KPERM_MAX_N)
        return KPERM_E_N;
    for (i = 0; i < n; i++) {
        v = perm[i];
        if (v >= n || ((seen >> v) & 1u))
            return KPERM_E_PERM;
        place[v] = (kperm_u8)kperm_internal_popcount32(seen & ((1u << v) - 1u));
        seen |= 1u << v;
    }
    for (v = 1; v < n; v++)
        r = r * (kperm_u64)(v + 1) + (kperm_u64)((r & 1u) ? place[v] : v - place[v]);
    *rank = r;
    return KPERM_OK;
}

/* ---- the plain-changes cursor: n <= 16, everything in registers */
typedef struct {
    kperm_u64 word;   /* the permutation: position i in bits 4i..4i+3 */
    kperm_u64 digits; /* nibble v: t_v, how far element v has moved in its sweep */
    kperm_u32 right;  /* bit v: element v sweeps to the right */
    int n, pivot;     /* pivot: the pair last swapped is (pivot, pivot + 1) */
    kperm_rank rank, end;
} kperm_sjt_cursor;

/* One plain change on c's permutation, whatever its range: the largest
 * element that has not finished its sweep (t_v < v) moves one place, the
 * larger ones (at the ends of theirs) turn round. Returns the position q of
 * the swap (positions q and q + 1 traded their elements), or KPERM_END after
 * the last permutation, which swaps back to the first (the identity);
 * KPERM_E_N for a cursor whose n is not 1..16. */
KPERM_FN int kperm_internal_sjt_step(kperm_sjt_cursor *c)
{
    const kperm_u64 ones = KPERM_U64(0x1111111111111111);
    kperm_u64 x, moving, at, pair;
    int v, q, t;
    if (c->n < 1 || c->n > KPERM_MAX_PACKED_N)
        return KPERM_E_N;
    v = c->n - 1;
    t = (int)((c->digits >> (4 * v)) & 15u);
    if (t < v) { /* n - 1 steps in n: the largest element moves, from t or v - t */
        c->digits += KPERM_U64(1) << (4 * v);
        q = ((c->right >> v) & 1u) ? t : v - 1 - t;
    } else {
        /* the largest v with t_v != v (v = 1..n-2) */
        x = c->digits ^ KPERM_INTERNAL_IDENTITY_LIST;
        moving = (x | x >> 1 | x >> 2 | x >> 3) & ones & KPERM_INTERNAL_NIBBLES(c->n) & ~KPERM_U64(15);
        if (!moving) {
            c->word = KPERM_INTERNAL_IDENTITY_LIST & KPERM_INTERNAL_NIBBLES(c->n);
            c->digits = 0;
            c->right = 0;
            return KPERM_END;
        }
        v = kperm_highest64(moving) >> 2;
        c->digits = (c->digits & KPERM_INTERNAL_NIBBLES(v + 1)) + (KPERM_U64(1) << (4 * v));
        c->right ^= (kperm_u32)((KPERM_U64(1) << c->n) - 1) & ~((2u << v) - 1u);
        /* where v stands: the lowest zero nibble of word ^ (v in every nibble) */
        x = c->word ^ ((kperm_u64)v * ones);
        at = (x - ones) & ~x & (ones << 3);
        q = kperm_lowest64(at) >> 2;
        q = (q - (((c->right >> v) & 1u) ? 0 : 1)) & 15; /* (& 15: a state not made here shifts no further) */
    }
    pair = (c->word >> (4 * q)) & 255u;
    c->word ^= (pair ^ ((pair >> 4) | ((pair & 15u) << 4))) << (4 * q);
    return q;
}

/* Prepares c to visit plain-changes ranks [begin, end) of the permutations of
 * n <= 16. On error (KPERM_E_N, KPERM_E_RANK, KPERM_E_TABLES) c is an empty
 * range (holding the identity, rank 0's state, where n allows); n is kept as
 * given. */
KPERM_FN int kperm_sjt_cursor_init(kperm_sjt_cursor *c, int n, kperm_rank begin, kperm_rank end)
{
    kperm_u8 p[KPERM_MAX_PACKED_N];
    kperm_rank r = begin;
    int v, rc = kperm_internal_packed_range_check(n, begin, end);
    /* the first permutation's state unless begin says otherwise: after a
     * failed init too, so that a step never starts from a state not made here */
    c->word = n >= 1 && n <= KPERM_MAX_PACKED_N ? KPERM_INTERNAL_IDENTITY_LIST & KPERM_INTERNAL_NIBBLES(n) : 0;
    c->digits = 0;
    c->right = 0;
    c->n = n;
    c->pivot = -1;
    c->rank = c->end = 0;
    if (rc != KPERM_OK)
        return rc;
    if (begin < end) {
        kperm_sjt_unrank(begin, n, p);
        c->word = kperm_pack(p, n);
        for (v = n - 1; v >= 1; v--) {
            c->digits |= (r % (kperm_u64)(v + 1)) << (4 * v);
            r /= (kperm_u64)(v + 1); /* R_v: its parity is v's direction */
            c->right |= (kperm_u32)(r & 1u) << v;
        }
    }
    c->rank = begin;
    c->end = end;
    return KPERM_OK;
}

/* 1: c->word is the permutation of plain-changes rank c->rank, and c->pivot
 * the position q of the swap that made it (it differs from the previous one
 * exactly at q and q + 1; 0 on the first call); 0: the range is done. */
KPERM_FN int kperm_sjt_cursor_next(kperm_sjt_cursor *c)
{
    int step = kperm_internal_cursor_advance(&c->rank, c->end, &c->pivot);
    if (step == 2)
        c->pivot = kperm_internal_sjt_step(c);
    return step != 0;
}

#endif /* KPERM_SJT_H */
