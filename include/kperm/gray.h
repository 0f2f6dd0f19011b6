/* kperm/gray.h - the subsets of 0..n-1, 0 <= n <= 64, in binary-reflected
 * Gray code order: each subset is a 64-bit mask (bit i set when element i is
 * in it), and each differs from the one before by one element, added or
 * removed. For n = 3 the ranks 0..7 are the masks 000, 001, 011, 010, 110,
 * 111, 101, 100 (bit 2 first); after the last, removing element n - 1 returns
 * to the first, the empty set.
 *
 * The subset of rank r is r ^ (r >> 1), and the rank of a mask g is the
 * running XOR of its bits from the top (bit i of the rank = the parity of g's
 * bits i..63). Going from rank r to r + 1 flips the bit of g at the lowest
 * set bit of r + 1, which is what the cursor does with the rank it counts;
 * next, which has only the mask, flips bit 0 when the mask has an even number
 * of elements, else the bit above its lowest element.
 *
 * There are 2^n subsets: ranks are 64-bit, so kperm_gray_count reports
 * KPERM_E_OVERFLOW for n = 64, and a range [begin, end) there ends at
 * 2^64 - 1 at the latest; the last subset of 64 (rank 2^64 - 1, the mask
 * with bit 63 alone) is reached by unrank, next and skip. No call needs a
 * table.
 */
#ifndef KPERM_GRAY_H
#define KPERM_GRAY_H

#include "platform.h"
#include "status.h"
#include "bits.h"
#include "partial.h"
#include "range.h"

#define KPERM_MAX_GRAY_N 64

/* the rank of Gray code word g: bit i = the parity of g's bits i and up */
KPERM_FN kperm_u64 kperm_internal_gray_inverse(kperm_u64 g)
{
    g ^= g >> 1;
    g ^= g >> 2;
    g ^= g >> 4;
    g ^= g >> 8;
    g ^= g >> 16;
    return g ^ (g >> 32);
}

/* KPERM_E_N unless 0 <= n <= 64, KPERM_E_PERM for a mask with a bit at n or
 * above: the checks of every call that takes a mask */
KPERM_FN int kperm_internal_mask_check(kperm_u64 mask, int n)
{
    if (n < 0 || n > KPERM_MAX_GRAY_N)
        return KPERM_E_N;
    return mask & ~kperm_internal_kp_all(n) ? KPERM_E_PERM : KPERM_OK;
}

/* 2^n into *count; KPERM_E_OVERFLOW for n = 64 (2^64 does not fit the
 * rank), KPERM_E_N unless 0 <= n <= 64 */
KPERM_FN int kperm_gray_count(int n, kperm_rank *count)
{
    if (n < 0 || n > KPERM_MAX_GRAY_N)
        return KPERM_E_N;
    if (n == KPERM_MAX_GRAY_N)
        return KPERM_E_OVERFLOW;
    *count = KPERM_U64(1) << n;
    return KPERM_OK;
}

/* the subset of rank `rank`: KPERM_E_N unless 0 <= n <= 64, KPERM_E_RANK
 * for rank >= 2^n (every rank is below 2^64) */
KPERM_FN int kperm_gray_unrank(kperm_rank rank, int n, kperm_u64 *mask)
{
    if (n < 0 || n > KPERM_MAX_GRAY_N)
        return KPERM_E_N;
    if (rank & ~kperm_internal_kp_all(n))
        return KPERM_E_RANK;
    *mask = rank ^ (rank >> 1);
    return KPERM_OK;
}

/* the rank of the subset `mask` of 0..n-1; KPERM_E_N, KPERM_E_PERM (a bit
 * at n or above) */
KPERM_FN int kperm_gray_rank_of(kperm_u64 mask, int n, kperm_rank *rank)
{
    int rc = kperm_internal_mask_check(mask, n);
    if (rc != KPERM_OK)
        return rc;
    *rank = kperm_internal_gray_inverse(mask);
    return KPERM_OK;
}

/* The next subset in place: returns the element that was added or removed
 * (the bit flipped), or KPERM_END after the last (the mask is then the
 * first, 0: the step that closes the cycle removes element n - 1);
 * KPERM_E_N, KPERM_E_PERM, the mask untouched on errors. The bit above the
 * lowest element is tested against n before any shift: at the last subset
 * of 64 it would be bit 64. */
KPERM_FN int kperm_gray_next(kperm_u64 *mask, int n)
{
    kperm_u64 m = *mask;
    int bit, rc = kperm_internal_mask_check(m, n);
    if (rc != KPERM_OK)
        return rc;
    bit = (kperm_popcount64(m) & 1) ? kperm_lowest64(m) + 1 : 0;
    if (bit >= n) {
        *mask = 0;
        return KPERM_END;
    }
    *mask = m ^ (KPERM_U64(1) << bit);
    return bit;
}

/* d steps of kperm_gray_next at once: the subset of rank (rank + d) modulo
 * 2^n. KPERM_OK, or KPERM_END when the steps passed the last subset and went
 * on from the first, as next does; KPERM_E_N, KPERM_E_PERM, the mask
 * untouched on errors. (rank + d overflows exactly when it passes 2^64, and
 * 2^n divides 2^64: the wrapped sum, masked, is the rank.) */
KPERM_FN int kperm_gray_skip(kperm_u64 *mask, int n, kperm_u64 d)
{
    kperm_u64 all = kperm_internal_kp_all(n), rank;
    int rc = kperm_internal_mask_check(*mask, n);
    if (rc != KPERM_OK)
        return rc;
    rank = kperm_internal_gray_inverse(*mask);
    kperm_gray_unrank((rank + d) & all, n, mask);
    return d > all - rank ? KPERM_END : KPERM_OK;
}

/* ---- the Gray code cursor: the subset in one register */
typedef struct {
    kperm_u64 mask; /* bit i set: element i is in the subset */
    int n, bit;     /* bit: the element the last step added or removed */
    kperm_rank rank, end;
} kperm_gray_cursor;

/* Prepares c to visit ranks [begin, end) of the subsets of 0..n-1; end <=
 * 2^n (for n = 64 every end is). On error (KPERM_E_N, KPERM_E_RANK) c is an
 * empty range, n kept as given. */
KPERM_FN int kperm_gray_cursor_init(kperm_gray_cursor *c, int n, kperm_rank begin, kperm_rank end)
{
    int rc = n < 0 || n > KPERM_MAX_GRAY_N ? KPERM_E_N : KPERM_OK;
    if (rc == KPERM_OK && (begin > end || (n < KPERM_MAX_GRAY_N && end > KPERM_U64(1) << n)))
        rc = KPERM_E_RANK;
    c->n = n;
    c->bit = -1;
    c->mask = c->rank = c->end = 0;
    if (rc != KPERM_OK)
        return rc;
    c->mask = begin ^ (begin >> 1);
    c->rank = begin;
    c->end = end;
    return KPERM_OK;
}

/* 1: c->mask is the subset of rank c->rank, and c->bit the element this
 * step added or removed (it differs from the previous subset in that bit
 * alone; 0 on the first call, which changed nothing); 0: the range is done.
 * The step flips bit ctz(rank) of the mask: rank > 0 inside the range. */
KPERM_FN int kperm_gray_cursor_next(kperm_gray_cursor *c)
{
    int step = kperm_internal_cursor_advance(&c->rank, c->end, &c->bit);
    if (step == 2) {
        c->bit = kperm_lowest64(c->rank);
        c->mask ^= KPERM_U64(1) << c->bit;
    }
    return step != 0;
}

/* Passes over the next d subsets unvisited: the next kperm_gray_cursor_next
 * visits the subset d ranks further on than it would have (c->bit is then
 * the bit its own step flipped; the subset differs from the last one
 * visited in the bits of their XOR). KPERM_OK, or KPERM_END when that is
 * past the range: the cursor is then done, its mask as it was. */
KPERM_FN int kperm_gray_cursor_skip(kperm_gray_cursor *c, kperm_u64 d)
{
    /* the rank the cursor holds once the range is done with nothing more
     * to visit: its end before the first visit, its last rank after */
    kperm_rank last = c->bit < 0 ? c->end : c->end - 1;
    if (c->rank >= last)
        return KPERM_END;
    if (d >= last - c->rank) {
        c->rank = last;
        return KPERM_END;
    }
    c->rank += d;
    c->mask = c->rank ^ (c->rank >> 1);
    return KPERM_OK;
}

#endif /* KPERM_GRAY_H */
