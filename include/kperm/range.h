/* kperm/range.h - splitting a rank range over workers, and the bookkeeping
 * every cursor shares (kperm/cursor.h and the other families' cursors). */
#ifndef KPERM_RANGE_H
#define KPERM_RANGE_H

#include "platform.h"
#include "status.h"
#include "lex.h"
#include "rank128.h"

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

/* kperm_split for 128-bit ranks (the permutations of 21 <= n <= 34 have
 * more than 2^64): part i of [begin, end) cut into `parts` contiguous parts
 * in order, sizes within one. parts is 32-bit, so that one long division by
 * it is all the arithmetic. */
KPERM_FN int kperm_split128(kperm_rank128 begin, kperm_rank128 end, kperm_u32 parts, kperm_u32 i,
                            kperm_rank128 *part_begin, kperm_rank128 *part_end)
{
    kperm_rank128 q, b, extra = {0, 0};
    kperm_u32 r;
    if (kperm_internal_lt128(end, begin))
        return KPERM_E_RANK;
    if (parts == 0 || i >= parts)
        return KPERM_E_ARG;
    q = kperm_internal_sub128(end, begin);
    r = kperm_internal_divmod128(&q, parts);
    b = q;
    kperm_internal_muladd128(&b, i, i < r ? i : r); /* i * q + min(i, r) <= end - begin: no overflow */
    b = kperm_internal_add128(begin, b);
    extra.lo = i < r ? 1 : 0;
    *part_begin = b;
    *part_end = kperm_internal_add128(kperm_internal_add128(b, q), extra);
    return KPERM_OK;
}

/* The bookkeeping of every cursor over [rank, end): 0 when the range is
 * done, 1 on the first visit (*pivot becomes 0), 2 when the caller steps to
 * the next permutation (rank already counted). pivot = -1: not started.
 * The common case (a step inside the range) is tested first, on its own. */
KPERM_FN int kperm_internal_cursor_advance(kperm_rank *rank, kperm_rank end, int *pivot)
{
    if (*pivot >= 0 && end - *rank > 1) { /* (rank <= end always) */
        ++*rank;
        return 2;
    }
    if (*rank >= end)
        return 0;
    if (*pivot < 0) {
        *pivot = 0;
        return 1;
    }
    *rank = end; /* the last one was visited */
    return 0;
}

/* kperm_internal_cursor_advance over 128-bit ranks */
KPERM_FN int kperm_internal_cursor_advance128(kperm_rank128 *rank, kperm_rank128 end, int *pivot)
{
    kperm_rank128 one = {1, 0}, next = kperm_internal_add128(*rank, one);
    if (*pivot >= 0 && kperm_internal_lt128(next, end)) {
        *rank = next;
        return 2;
    }
    if (!kperm_internal_lt128(*rank, end))
        return 0;
    if (*pivot < 0) {
        *pivot = 0;
        return 1;
    }
    *rank = end; /* the last one was visited */
    return 0;
}

#endif /* KPERM_RANGE_H */
