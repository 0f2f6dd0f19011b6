/* kperm/cursor128.h - the cursor for 128-bit ranks: the permutations of
 * 1 <= n <= 34 over a rank range, one per call, with the first index that
 * changed. The same walk as kperm/cursor.h (one unrank, then one next a
 * step, in registers), for the n whose n! passes 2^64. */
#ifndef KPERM_CURSOR128_H
#define KPERM_CURSOR128_H

#include "platform.h"
#include "status.h"
#include "bits.h"
#include "lex.h"
#include "packed.h"
#include "range.h"
#include "rank128.h"
#include "walk.h"

/* As in kperm_cursor, the last m = min(n, 16) positions are a packed word
 * that kperm_packed_next steps (16! steps between wraps), and for n > 16 the
 * first n - 16 positions (at most 18) are bytes, here of three named words so
 * that no index is taken at run time (which would put the struct in local
 * memory on a GPU). Past 16 the word holds labels: label l stands for the
 * l-th smallest value not in the head, the l-th set bit of `unused`. Read
 * elements with kperm_cursor128_get or copy them out with
 * kperm_cursor128_perm. */
typedef struct {
    kperm_u64 word;               /* nibble i: position n - m + i */
    kperm_u64 head0, head1, head2; /* n > 16: byte i % 8 of head(i / 8) is position i */
    kperm_u64 unused;             /* n > 16: the values not in the head */
    int n, pivot;
    kperm_rank128 rank, end;
} kperm_cursor128;

/* how many leading positions the cursor keeps as bytes: n - 16, or 0 */
KPERM_FN int kperm_internal_cursor128_head(int n)
{
    return n > KPERM_MAX_PACKED_N ? n - KPERM_MAX_PACKED_N : 0;
}

/* Element i of the cursor's permutation, or KPERM_E_ARG for i outside
 * 0..n-1 (or a cursor whose init failed on n). */
KPERM_FN int kperm_cursor128_get(const kperm_cursor128 *c, int i)
{
    int h = kperm_internal_cursor128_head(c->n), label;
    kperm_u64 bytes;
    if (i < 0 || i >= c->n || c->n > KPERM_MAX_N128)
        return KPERM_E_ARG;
    if (i < h) {
        bytes = i < 8 ? c->head0 : i < 16 ? c->head1 : c->head2;
        return (int)((bytes >> (8 * (i & 7))) & 255u);
    }
    label = (int)((c->word >> (4 * ((i - h) & 15))) & 15u);
    return h ? kperm_select64(c->unused, label) : label;
}

/* perm[0..n-1] = the cursor's permutation (nothing written for a cursor
 * whose init failed on n) */
KPERM_FN void kperm_cursor128_perm(const kperm_cursor128 *c, kperm_u8 *perm)
{
    int i;
    for (i = 0; i < c->n && c->n <= KPERM_MAX_N128; i++)
        perm[i] = (kperm_u8)kperm_cursor128_get(c, i);
}

/* the cursor's registers from the bytes of a permutation of c->n */
KPERM_FN void kperm_internal_cursor128_load(kperm_cursor128 *c, const kperm_u8 *perm)
{
    int h = kperm_internal_cursor128_head(c->n), i;
    kperm_u64 used = 0;
    c->head0 = c->head1 = c->head2 = c->word = 0;
    for (i = 0; i < h; i++) {
        kperm_u64 byte = (kperm_u64)perm[i] << (8 * (i & 7));
        if (i < 8)
            c->head0 |= byte;
        else if (i < 16)
            c->head1 |= byte;
        else
            c->head2 |= byte;
        used |= KPERM_U64(1) << perm[i];
    }
    c->unused = ~used;
    for (i = h; i < c->n; i++)
        c->word |= (kperm_u64)(perm[i] - kperm_popcount64(used & ((KPERM_U64(1) << perm[i]) - 1)))
                   << (4 * (i - h));
}

/* Prepares c to visit ranks [begin, end) of the permutations of n, 1 <= n <=
 * 34. KPERM_E_N, KPERM_E_RANK (begin > end or end > n!), KPERM_E_TABLES; on
 * error c is an empty range (kperm_cursor128_next returns 0). c->n is set as
 * given even then, so that a literal n stays a constant after inlining. */
KPERM_FN int kperm_cursor128_init(kperm_cursor128 *c, int n, kperm_rank128 begin, kperm_rank128 end)
{
    kperm_u8 p[KPERM_MAX_N128];
    kperm_rank128 total;
    kperm_u64 one;
    int rc = kperm_internal_fact_checked(1, &one); /* the tables first, as everywhere */
    c->n = n;
    c->pivot = -1;
    c->rank.lo = c->rank.hi = c->end.lo = c->end.hi = 0;
    c->word = c->head0 = c->head1 = c->head2 = c->unused = 0;
    if (rc == KPERM_OK)
        rc = kperm_count128(n, &total);
    if (rc != KPERM_OK)
        return rc;
    if (kperm_internal_lt128(end, begin) || kperm_internal_lt128(total, end))
        return KPERM_E_RANK;
    if (kperm_internal_lt128(begin, end)) {
        kperm_unrank128(begin, n, p);
        kperm_internal_cursor128_load(c, p);
    }
    c->rank = begin;
    c->end = end;
    return KPERM_OK;
}

/* kperm_next on the cursor: the word's step, or (n > 16, once in 16! steps,
 * when the word wraps) kperm_next on the bytes of the permutation the word
 * came from (its last 16 positions descending) */
KPERM_FN int kperm_internal_cursor128_step(kperm_cursor128 *c)
{
    kperm_u8 p[KPERM_MAX_N128];
    int h = kperm_internal_cursor128_head(c->n), pivot = kperm_packed_next(&c->word, c->n - h);
    if (pivot >= 0 || h == 0 || c->n > KPERM_MAX_N128) /* (the last: a struct overwritten since its init) */
        return pivot >= 0 ? pivot + h : pivot;
    kperm_cursor128_perm(c, p);
    kperm_internal_sort_descending(p, h, c->n);
    pivot = kperm_next(p, c->n);
    kperm_internal_cursor128_load(c, p);
    return pivot;
}

/* 1: the cursor holds the permutation of rank c->rank and c->pivot is the
 * first index that differs from the previous one (0 on the first call);
 * 0: range done. */
KPERM_FN int kperm_cursor128_next(kperm_cursor128 *c)
{
    int step = kperm_internal_cursor_advance128(&c->rank, c->end, &c->pivot);
    if (step == 2)
        c->pivot = kperm_internal_cursor128_step(c);
    return step != 0;
}

#endif /* KPERM_CURSOR128_H */
