/* kperm/cursor.h - the general cursor: the permutations of n <= 20 over a
 * rank range, one per call, with the first index that changed. One unrank,
 * then one next a step, in registers. */
#ifndef KPERM_CURSOR_H
#define KPERM_CURSOR_H

#include "platform.h"
#include "status.h"
#include "lex.h"
#include "packed.h"
#include "range.h"
#include "walk.h"

/* The cursor keeps its permutation in registers, never in an array indexed
 * at run time (which would put the whole struct in local memory on a GPU):
 * the last m = min(n, 16) positions as a packed word that kperm_packed_next
 * steps, and for n > 16 the first n - 16 positions as the bytes of `head`.
 * Past 16 the word holds labels, not values: label l stands for the l-th
 * smallest value not in the head (`sorted` holds the head's values in
 * ascending order, to map back). Read elements with kperm_cursor_get or copy
 * them out with kperm_cursor_perm. */
typedef struct {
    kperm_u64 word;   /* nibble i: position n - m + i (a label when n > 16) */
    kperm_u32 head;   /* n > 16: byte i is position i, i < n - 16 */
    kperm_u32 sorted; /* n > 16: the head's values, ascending, a byte each */
    int n, pivot;
    kperm_rank rank, end;
} kperm_cursor;

/* how many leading positions the cursor keeps as bytes: n - 16, or 0 */
KPERM_FN int kperm_internal_cursor_head(int n)
{
    return n > KPERM_MAX_PACKED_N ? n - KPERM_MAX_PACKED_N : 0;
}

/* element i (0 <= i < n) of the cursor's permutation: a shift of the word,
 * plus (n > 16) a compare against each head value to turn a label into its
 * value */
KPERM_FN int kperm_cursor_get(const kperm_cursor *c, int i)
{
    int h = kperm_internal_cursor_head(c->n), v, j;
    if (i < h)
        return (int)((c->head >> (8 * (i & 3))) & 255u);
    v = (int)((c->word >> (4 * ((i - h) & 15))) & 15u);
    KPERM_UNROLL
    for (j = 0; j < h && j < 4; j++)
        v += (int)((c->sorted >> (8 * j)) & 255u) <= v;
    return v;
}

/* perm[0..n-1] = the cursor's permutation */
KPERM_FN void kperm_cursor_perm(const kperm_cursor *c, kperm_u8 *perm)
{
    int i;
    for (i = 0; i < c->n && i < KPERM_MAX_N; i++)
        perm[i] = (kperm_u8)kperm_cursor_get(c, i);
}

/* the cursor's registers from the bytes of a permutation of c->n */
KPERM_FN void kperm_internal_cursor_load(kperm_cursor *c, const kperm_u8 *perm)
{
    int h = kperm_internal_cursor_head(c->n), i, j = 0;
    kperm_u32 in_head = 0, rest;
    c->head = c->sorted = 0;
    c->word = 0;
    for (i = 0; i < h; i++) {
        c->head |= (kperm_u32)perm[i] << (8 * i);
        in_head |= 1u << perm[i];
    }
    for (rest = in_head; rest; rest &= rest - 1)
        c->sorted |= (kperm_u32)kperm_internal_popcount32((rest & (0u - rest)) - 1u) << (8 * j++);
    for (i = h; i < c->n; i++)
        c->word |= (kperm_u64)(perm[i] - kperm_internal_popcount32(in_head & ((1u << perm[i]) - 1u))) << (4 * (i - h));
}

/* Prepares c to visit ranks [begin, end) of the permutations of n. pivot = -1
 * marks "not started". On error c is made an empty range (cursor_next returns 0).
 * c->n is set as given even then, so that a literal n stays a constant through
 * the caller's loop after inlining. */
KPERM_FN int kperm_cursor_init(kperm_cursor *c, int n, kperm_rank begin, kperm_rank end)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_u64 total = 0; /* set by the call; gcc cannot always see it */
    int rc = kperm_internal_fact_checked(n, &total);
    c->n = n;
    c->pivot = -1;
    c->rank = 0;
    c->end = 0;
    c->word = 0;
    c->head = c->sorted = 0;
    if (rc != KPERM_OK)
        return rc;
    if (begin > end || end > total)
        return KPERM_E_RANK;
    if (begin < end && n <= KPERM_MAX_PACKED_N)
        kperm_unrank_packed(begin, n, &c->word);
    else if (begin < end) {
        kperm_unrank(begin, n, p);
        kperm_internal_cursor_load(c, p);
    }
    c->rank = begin;
    c->end = end;
    return KPERM_OK;
}

/* kperm_next on the cursor: the word's step, or (n > 16, once in 16! steps,
 * when the word wraps) kperm_next on the bytes of the permutation the word
 * came from (its labels descending) */
KPERM_FN int kperm_internal_cursor_step(kperm_cursor *c)
{
    kperm_u8 p[KPERM_MAX_N];
    int h = kperm_internal_cursor_head(c->n), pivot = kperm_packed_next(&c->word, c->n - h);
    if (pivot >= 0 || h == 0)
        return pivot >= 0 ? pivot + h : pivot;
    kperm_cursor_perm(c, p);
    kperm_internal_sort_descending(p, h, c->n);
    pivot = kperm_next(p, c->n);
    kperm_internal_cursor_load(c, p);
    return pivot;
}

/* 1: the cursor holds the permutation of rank c->rank and c->pivot is the
 * first index that differs from the previous one (0 on the first call);
 * 0: range done. */
KPERM_FN int kperm_cursor_next(kperm_cursor *c)
{
    int step = kperm_internal_cursor_advance(&c->rank, c->end, &c->pivot);
    if (step == 2)
        c->pivot = kperm_internal_cursor_step(c);
    return step != 0;
}

#endif /* KPERM_CURSOR_H */
