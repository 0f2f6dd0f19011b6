/* kperm/range.h - splitting a rank range over workers, and the cursor that walks
 * one part: unrank once, then kperm_next, reporting what changed. */
#ifndef KPERM_RANGE_H
#define KPERM_RANGE_H

#include "platform.h"
#include "status.h"
#include "lex.h"

/* Part i of [begin, end) cut into `parts` contiguous parts, in order, whose
 * sizes differ by at most one (the first size % parts parts get the extra
 * rank). No intermediate exceeds end - begin, so nothing overflows. */
KPERM_FN int kperm_split(kperm_rank begin, kperm_rank end, kperm_u64 parts,
                         kperm_u64 i, kperm_rank *part_begin, kperm_rank *part_end)
{
    kperm_u64 size, q, r, b;
    if (begin > end)
        return KPERM_E_RANK;
    if (parts == 0 || i >= parts)
        return KPERM_E_ARG;
    size = end - begin;
    q = size / parts;
    r = size - q * parts;
    b = begin + i * q + (i < r ? i : r);
    *part_begin = b;
    *part_end = b + q + (i < r ? 1 : 0);
    return KPERM_OK;
}

typedef struct {
    kperm_u8 perm[KPERM_MAX_N];
    int n, pivot;
    kperm_rank rank, end;
} kperm_cursor;

/* Prepares c to visit ranks [begin, end) of the permutations of n. pivot = -1
 * marks "not started". On error c is made an empty range (cursor_next returns 0).
 * c->n is set as given even then, so that a literal n stays a constant through
 * the caller's loop after inlining. */
KPERM_FN int kperm_cursor_init(kperm_cursor *c, int n, kperm_rank begin, kperm_rank end)
{
    kperm_u64 total;
    int rc = kperm_fact_checked(n, &total);
    c->n = n;
    c->pivot = -1;
    c->rank = 0;
    c->end = 0;
    if (rc != KPERM_OK)
        return rc;
    if (begin > end || end > total)
        return KPERM_E_RANK;
    if (begin < end)
        kperm_unrank(begin, n, c->perm);
    c->rank = begin;
    c->end = end;
    return KPERM_OK;
}

/* The bookkeeping of every cursor over [rank, end): 0 when the range is
 * done, 1 on the first visit (*pivot becomes 0), 2 when the caller steps to
 * the next permutation (rank already counted). pivot = -1: not started. */
KPERM_FN int kperm_cursor_advance(kperm_rank *rank, kperm_rank end, int *pivot)
{
    if (*rank >= end)
        return 0;
    if (*pivot < 0) {
        *pivot = 0;
        return 1;
    }
    if (end - *rank == 1) {
        *rank = end;
        return 0;
    }
    ++*rank;
    return 2;
}

/* 1: c->perm is the permutation of rank c->rank and c->pivot the first index
 * that differs from the previous one (0 on the first call); 0: range done. */
KPERM_FN int kperm_cursor_next(kperm_cursor *c)
{
    int step = kperm_cursor_advance(&c->rank, c->end, &c->pivot);
    if (step == 2)
        c->pivot = kperm_next(c->perm, c->n);
    return step != 0;
}

#endif /* KPERM_RANGE_H */
