/* kperm/walk.h - walking a rank range of packed permutations (n <= 16) with
 * the word in registers: kperm_packed_next (std::next_permutation on the
 * word), the packed cursor (one permutation a call), and the block walk (a
 * block of 5! = 120 consecutive ranks a call, whose permutations the caller
 * visits in an unrolled loop over a literal k: each word then folds into a few
 * shifts, as in the hand-written fast path of the README). */
#ifndef KPERM_WALK_H
#define KPERM_WALK_H

#include "platform.h"
#include "status.h"
#include "packed.h"
#include "range.h"

#define KPERM_WALK_S 5       /* the walk's block orders the last 5 positions */
#define KPERM_WALK_BLOCK 120 /* 5! ranks a block */
#define KPERM_INTERNAL_NIBBLES(count) ((count) >= 16 ? ~KPERM_U64(0) : (KPERM_U64(1) << (4 * (count))) - 1)

/* the 16 nibbles of x in reverse order (nibble i to 15 - i) */
KPERM_FN kperm_u64 kperm_internal_nibbles_reverse(kperm_u64 x)
{
    x = (x >> 32) | (x << 32);
    x = ((x >> 16) & KPERM_U64(0x0000ffff0000ffff)) | ((x & KPERM_U64(0x0000ffff0000ffff)) << 16);
    x = ((x >> 8) & KPERM_U64(0x00ff00ff00ff00ff)) | ((x & KPERM_U64(0x00ff00ff00ff00ff)) << 8);
    return ((x >> 4) & KPERM_U64(0x0f0f0f0f0f0f0f0f)) | ((x & KPERM_U64(0x0f0f0f0f0f0f0f0f)) << 4);
}

/* x rotated right by r bits, 0 <= r < 64 */
KPERM_FN kperm_u64 kperm_internal_rotr64(kperm_u64 x, int r)
{
    return (x >> r) | (x << ((64 - r) & 63));
}

/* Nibble i of w against v, every i at once: bit 4i set where element i >= v
 * (v <= 16). The nibbles go to byte lanes (even and odd positions apart) with
 * a guard bit each, so one subtraction compares them all without borrows. */
KPERM_FN kperm_u64 kperm_internal_packed_at_least(kperm_u64 w, kperm_u64 v)
{
    const kperm_u64 low = KPERM_U64(0x0f0f0f0f0f0f0f0f), guard = KPERM_U64(0x1010101010101010);
    kperm_u64 lanes = v * KPERM_U64(0x0101010101010101);
    kperm_u64 even = (((w & low) | guard) - lanes) & guard, odd = ((((w >> 4) & low) | guard) - lanes) & guard;
    return even >> 4 | odd;
}

/* kperm_internal_packed_at_least on 8 nibbles: half the instructions of the 64-bit
 * form, which the GPU's 32-bit ALU runs as pairs */
KPERM_FN kperm_u32 kperm_internal_window_at_least(kperm_u32 w, kperm_u32 v)
{
    const kperm_u32 low = 0x0f0f0f0fu, guard = 0x10101010u, lanes = v * 0x01010101u;
    return ((((w & low) | guard) - lanes) & guard) >> 4 | (((((w >> 4) & low) | guard) - lanes) & guard);
}

/* std::next_permutation within the m <= 8 nibbles of *x, if they are not
 * descending: the pivot; else -1 and *x untouched. Strict compares, so
 * repeated values (multisets) step as std::next_permutation does. */
KPERM_FN int kperm_internal_window_next(kperm_u32 *x, int m)
{
    const kperm_u32 ones = 0x11111111u, low = 0x0f0f0f0fu, guard = 0x10101010u;
    const kperm_u32 live = m >= 8 ? ~0u : (1u << (4 * m)) - 1;
    kperm_u32 v = *x, up, mask, seg, ab;
    int i, j, d;
    /* ascents: bit 4i where element i < element i + 1, i <= m - 2 ("+ ones"
     * turns the lanes' >= into >) */
    up = ((((v >> 4) & low) | guard) - (v & low) - 0x01010101u) & guard;
    up = up >> 4 | (((((v >> 8) & low) | guard) - ((v >> 4) & low) - 0x01010101u) & guard);
    up &= ones & (live >> 4);
    if (!up)
        return -1;
    i = kperm_internal_highest32(up) >> 2;
    ab = (v >> (4 * i)) & 15u;
    j = kperm_internal_highest32(kperm_internal_window_at_least(v, ab + 1) & ones & live) >> 2; /* the last larger value */
    ab ^= (v >> (4 * j)) & 15u;
    v ^= ab << (4 * i) | ab << (4 * j);
    /* reverse positions i+1..m-1: a byte swap and a nibble swap reverse all 8,
     * moving nibble p to 7 - p; it belongs at i + m - p */
    mask = live & ~((16u << (4 * i)) - 1); /* positions above i */
    seg = v & mask;
    seg = (seg >> 24) | ((seg >> 8) & 0xff00u) | ((seg << 8) & 0xff0000u) | (seg << 24);
    seg = ((seg >> 4) & low) | ((seg & low) << 4);
    d = i + m - 7;
    *x = (v & ~mask) | (d >= 0 ? seg << (4 * d) : seg >> (-4 * d));
    return i;
}

/* std::next_permutation on packed word *w of n <= 16 elements: the pivot
 * (first position that changed), or KPERM_END after the last permutation
 * (*w is then the first), or KPERM_E_N. Repeated values step as
 * std::next_permutation does. All but one step in 8! has its pivot among the
 * last 8 positions: those run on that 32-bit window; the rest on the word,
 * branch-free apart from the checks (nibble-parallel compares find the pivot
 * and the value to swap; one nibble reversal of the word the suffix). */
KPERM_FN int kperm_packed_next(kperm_u64 *w, int n)
{
    const kperm_u64 ones = KPERM_U64(0x1111111111111111), step = KPERM_U64(0x0101010101010101);
    const kperm_u64 low = KPERM_U64(0x0f0f0f0f0f0f0f0f), guard = KPERM_U64(0x1010101010101010);
    kperm_u64 x = *w, seg, mask, up;
    kperm_u32 window;
    int i = -1, j, a, b, lo, d, base;
    if (n < 1 || n > KPERM_MAX_PACKED_N)
        return KPERM_E_N;
    base = n > 8 ? n - 8 : 0;
    window = (kperm_u32)(x >> (4 * base));
    i = kperm_internal_window_next(&window, n - base);
    if (i >= 0) {
        *w = (x & KPERM_INTERNAL_NIBBLES(base)) | (kperm_u64)window << (4 * base);
        return base + i;
    }
    /* ascents: bit 4i where element i < element i + 1 (i <= n - 2) */
    up = ((((x >> 4) & low) | guard) - (x & low) - step) & guard; /* even i: element i+1 vs element i */
    up = up >> 4 | (((((x >> 8) & low) | guard) - ((x >> 4) & low) - step) & guard); /* odd i */
    up &= ones & KPERM_INTERNAL_NIBBLES(n - 1);
    if (up) { /* swap position i with the last position holding a larger value */
        i = kperm_highest64(up) >> 2;
        a = kperm_packed_get(x, i);
        j = kperm_highest64(kperm_internal_packed_at_least(x, (kperm_u64)a + 1) & ones & KPERM_INTERNAL_NIBBLES(n)) >> 2;
        b = kperm_packed_get(x, j);
        x ^= ((kperm_u64)(a ^ b) << (4 * i)) | ((kperm_u64)(a ^ b) << (4 * j));
    }
    lo = i + 1; /* reverse positions lo..n-1 */
    mask = KPERM_INTERNAL_NIBBLES(n) & ~KPERM_INTERNAL_NIBBLES(lo);
    seg = kperm_internal_nibbles_reverse(x & mask); /* nibble p now at 15 - p, wanted at lo + n - 1 - p */
    d = 16 - lo - n;
    seg = d >= 0 ? seg >> (4 * d) : seg << (-4 * d);
    *w = (x & ~mask) | seg;
    return i >= 0 ? i : KPERM_END;
}

/* what a packed walk of [begin, end) checks first: the tables, 1 <= n <= 16,
 * begin <= end <= n! */
KPERM_FN int kperm_internal_packed_range_check(int n, kperm_rank begin, kperm_rank end)
{
    kperm_u64 total;
    int rc = kperm_internal_fact_checked(n, &total);
    if (rc != KPERM_OK)
        return rc;
    if (n > KPERM_MAX_PACKED_N)
        return KPERM_E_N;
    return begin > end || end > total ? KPERM_E_RANK : KPERM_OK;
}

/* ---- the packed cursor: kperm_cursor with the permutation in one word */
typedef struct {
    kperm_u64 word;
    int n, pivot;
    kperm_rank rank, end;
} kperm_pcursor;

/* Prepares c to visit ranks [begin, end) of the permutations of n <= 16. On
 * error (KPERM_E_N, KPERM_E_RANK, KPERM_E_TABLES) c is an empty range. */
KPERM_FN int kperm_pcursor_init(kperm_pcursor *c, int n, kperm_rank begin, kperm_rank end)
{
    int rc = kperm_internal_packed_range_check(n, begin, end);
    c->word = 0;
    c->n = n; /* as given even on error (the range is then empty): a literal n stays constant */
    c->pivot = -1;
    c->rank = c->end = 0;
    if (rc != KPERM_OK)
        return rc;
    if (begin < end)
        kperm_unrank_packed(begin, n, &c->word);
    c->rank = begin;
    c->end = end;
    return KPERM_OK;
}

/* 1: c->word is the permutation of rank c->rank, c->pivot the first position
 * that differs from the previous one (0 on the first call); 0: range done. */
KPERM_FN int kperm_pcursor_next(kperm_pcursor *c)
{
    int step = kperm_internal_cursor_advance(&c->rank, c->end, &c->pivot);
    if (step == 2)
        c->pivot = kperm_packed_next(&c->word, c->n);
    return step != 0;
}

/* ---- the block walk
 * Block b holds ranks 120b .. 120b + 119 (for n < 5: one block of n! ranks):
 * they share positions 0..n-6 (the prefix) and order the block's 5 remaining
 * values in every way. kperm_walk_block moves to the next block of the range;
 * the caller visits its ranks k in [w.first, w.last), the whole blocks with a
 * literal k in an unrolled loop (each word folds into a few shifts), the
 * ragged ends of the range (at most two blocks) with k at run time:
 *
 *     kperm_walk w;
 *     kperm_walk_init(&w, n, begin, end);
 *     while (kperm_walk_block(&w))
 *         if (kperm_walk_whole(&w)) {
 *             #pragma unroll
 *             for (int k = 0; k < KPERM_WALK_BLOCK; k++)
 *                 visit(kperm_walk_word(&w, k), kperm_walk_pivot(&w, k));
 *         } else
 *             for (kperm_u32 k = w.first; k < w.last; k++)
 *                 visit(kperm_walk_word(&w, k), kperm_walk_pivot(&w, k));
 *
 * in rank order: rank 120 * w.block + k (n < 5: k), each word the packed
 * permutation, each pivot the first position that differs from the previous
 * permutation visited (0 for the first). One unrolled loop with
 * `if (kperm_walk_has(&w, k))` also works, but the test on every k costs a
 * third of the speed (bench/RESULTS.md). */
typedef struct {
    kperm_u64 prefix; /* the block's positions 0..n-6, packed */
    kperm_u64 list;   /* its 5 remaining values, ascending, in nibbles 0..4 */
    kperm_rank block; /* the block's index */
    kperm_u32 first, last; /* the block's visited k: [first, last) */
    int n, pivot;     /* pivot: of the permutation at k = first */
    int rot;          /* kperm_walk_word rotates the suffix right by rot bits */
    kperm_rank next, end; /* the range left after this block */
} kperm_walk;

/* Prepares w to walk ranks [begin, end) of the permutations of n <= 16. On
 * error (KPERM_E_N, KPERM_E_RANK, KPERM_E_TABLES) w is an empty range. */
KPERM_FN int kperm_walk_init(kperm_walk *w, int n, kperm_rank begin, kperm_rank end)
{
    int rc = kperm_internal_packed_range_check(n, begin, end);
    /* n and rot are set as given even on error (the range is then empty):
     * so a literal n stays a constant through the caller's loop */
    w->prefix = w->list = 0;
    w->block = 0;
    w->first = w->last = 0;
    w->n = n;
    w->pivot = -1; /* no block yet */
    /* n >= 5: left by 4(n-5); n < 5: right by 4(5-n); unsigned, so that no n overflows */
    w->rot = (int)((((kperm_u32)KPERM_WALK_S - (kperm_u32)n) * 4u) & 63u);
    w->next = w->end = 0;
    if (rc != KPERM_OK)
        return rc;
    w->next = begin;
    w->end = end;
    return KPERM_OK;
}

/* Moves w to the next block of its range: 1, or 0 when the range is done. */
KPERM_FN int kperm_walk_block(kperm_walk *w)
{
    kperm_u64 size = w->n >= KPERM_WALK_S ? KPERM_WALK_BLOCK : 1, word = 0, left, keep;
    int i;
    if (w->next >= w->end)
        return 0;
    for (i = 2; w->n < KPERM_WALK_S && i <= w->n; i++)
        size *= (kperm_u64)i; /* n < 5: the one block of n! */
    keep = KPERM_INTERNAL_NIBBLES(w->n >= KPERM_WALK_S ? w->n - KPERM_WALK_S : 0);
    if (w->pivot >= 0 && w->next % size == 0) {
        /* from the last permutation of this block (suffix descending) */
        word = w->prefix | kperm_internal_rotr64(kperm_internal_nibbles_reverse(w->list) >> 44, w->rot);
        w->pivot = kperm_packed_next(&word, w->n);
    } else { /* the range's first block */
        kperm_unrank_packed(w->next / size * size, w->n, &word);
        w->pivot = 0;
    }
    w->prefix = word & keep;
    w->list = kperm_internal_rotr64(word, (64 - w->rot) & 63) & KPERM_INTERNAL_NIBBLES(KPERM_WALK_S);
    w->block = w->next / size;
    w->first = (kperm_u32)(w->next % size);
    left = w->end - w->next;
    w->last = left < size - w->first ? w->first + (kperm_u32)left : (kperm_u32)size;
    w->next += w->last - w->first;
    return 1;
}

/* whether the block is visited whole (k = 0..119): the caller's unrolled
 * loop then needs no kperm_walk_has */
KPERM_FN int kperm_walk_whole(const kperm_walk *w)
{
    return w->first == 0 && w->last == KPERM_WALK_BLOCK;
}

/* whether rank 120 * block + k is in the walk's range */
KPERM_FN int kperm_walk_has(const kperm_walk *w, kperm_u32 k)
{
    return k - w->first < w->last - w->first; /* one compare: below first wraps around */
}

/* the packed permutation of rank 120 * block + k (k a literal: it folds) */
KPERM_FN kperm_u64 kperm_walk_word(const kperm_walk *w, kperm_u32 k)
{
    return w->prefix | kperm_internal_rotr64(kperm_internal_arrange_packed(w->list, KPERM_WALK_S, k), w->rot);
}

/* the first position where rank 120 * block + k differs from the
 * permutation visited before it: k's lowest nonzero factorial digit */
KPERM_FN int kperm_walk_pivot(const kperm_walk *w, kperm_u32 k)
{
    if (k == w->first)
        return w->pivot;
    return w->n - 1 - (k % 24 == 0 ? 4 : k % 6 == 0 ? 3 : k % 2 == 0 ? 2 : 1);
}

#endif /* KPERM_WALK_H */
