/* kperm/lex.h - permutations of 0..n-1 in lexicographic order, 64-bit ranks.
 *
 * rank r <-> Lehmer code d[0..n-1] with r = sum d[i]*(n-1-i)!, d[i] < n-i;
 * perm[i] is the d[i]-th smallest value not used by perm[0..i-1].
 * The set of unused values is a bit mask, so picking and ranking are popcounts
 * on one word instead of the seed article's O(n) scan of a taken[] array.
 * On any error the output arguments are left untouched.
 */
#ifndef KPERM_LEX_H
#define KPERM_LEX_H

#include "platform.h"
#include "status.h"
#include "tables.h"

/* position of the k-th (0-based) set bit of m; m has more than k set bits.
 * A popcount binary search: five steps, no loop, no table. (CUDA's __fns
 * measured 13% slower in kperm_unrank at n = 20 on an H100.) */
KPERM_FN int kperm_select32(kperm_u32 m, int k)
{
    int pos = 0, c;
    c = kperm_popcount32(m & 0xffffu);
    if (k >= c) { k -= c; m >>= 16; pos += 16; }
    c = kperm_popcount32(m & 0xffu);
    if (k >= c) { k -= c; m >>= 8; pos += 8; }
    c = kperm_popcount32(m & 0xfu);
    if (k >= c) { k -= c; m >>= 4; pos += 4; }
    c = kperm_popcount32(m & 0x3u);
    if (k >= c) { k -= c; m >>= 2; pos += 2; }
    return pos + (k >= (int)(m & 1u));
}

KPERM_FN int kperm_count(int n, kperm_rank *count)
{
    return kperm_fact_checked(n, count);
}

KPERM_FN int kperm_unrank(kperm_rank rank, int n, kperm_u8 *perm)
{
    kperm_u64 total, rest = rank;
    kperm_u32 unused;
    int i, rc = kperm_fact_checked(n, &total);
    if (rc != KPERM_OK)
        return rc;
    if (rank >= total)
        return KPERM_E_RANK;
    unused = (kperm_u32)((KPERM_U64(1) << n) - 1);
    KPERM_UNROLL
    for (i = 0; i < n; i++) {
        int v = kperm_select32(unused, kperm_fact_digit(&rest, n - 1 - i));
        unused &= ~(1u << v);
        perm[i] = (kperm_u8)v;
    }
    return KPERM_OK;
}

/* Horner's rule over the Lehmer digits (Korf's popcount of the values already
 * seen), so ranking needs no table and validates as it goes. */
KPERM_FN int kperm_rank_of(const kperm_u8 *perm, int n, kperm_rank *rank)
{
    kperm_u64 r = 0;
    kperm_u32 unused;
    int i;
    if (n < 1 || n > KPERM_MAX_N)
        return KPERM_E_N;
    unused = (kperm_u32)((KPERM_U64(1) << n) - 1);
    for (i = 0; i < n; i++) {
        int v = perm[i];
        if (v >= n || !((unused >> v) & 1u))
            return KPERM_E_PERM;
        r = r * (kperm_u64)(n - i)
            + (kperm_u64)kperm_popcount32(unused & ((1u << v) - 1u));
        unused &= ~(1u << v);
    }
    *rank = r;
    return KPERM_OK;
}

KPERM_FN void kperm_reverse(kperm_u8 *a, int lo, int hi)
{
    for (; lo < hi; lo++, hi--) {
        kperm_u8 t = a[lo];
        a[lo] = a[hi];
        a[hi] = t;
    }
}

/* One step of std::next_permutation (dir = 1) or std::prev_permutation
 * (dir = -1): the two differ only in the direction of every comparison.
 * Returns the pivot, the first index that changed, or KPERM_END after
 * reversing the whole array back to the first (last) arrangement. */
KPERM_FN int kperm_step(kperm_u8 *perm, int n, int dir)
{
    int i, j;
    if (n < 1 || n > KPERM_MAX_N)
        return KPERM_E_N;
    i = n - 2;
    while (i >= 0 && dir * ((int)perm[i + 1] - (int)perm[i]) <= 0)
        i--;
    if (i < 0) {
        kperm_reverse(perm, 0, n - 1);
        return KPERM_END;
    }
    j = n - 1;
    while (dir * ((int)perm[j] - (int)perm[i]) <= 0)
        j--;
    {
        kperm_u8 t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    kperm_reverse(perm, i + 1, n - 1);
    return i;
}

/* Next permutation in lexicographic order: returns the pivot (positions before
 * it are unchanged), or KPERM_END after the last one, leaving the first in perm.
 * The contents are not validated (that would cost O(n) per step); like
 * std::next_permutation it never reads or writes outside perm[0..n-1]. */
KPERM_FN int kperm_next(kperm_u8 *perm, int n)
{
    return kperm_step(perm, n, 1);
}

/* Mirror of kperm_next: the previous permutation, KPERM_END before the first
 * one, leaving the last in perm. */
KPERM_FN int kperm_prev(kperm_u8 *perm, int n)
{
    return kperm_step(perm, n, -1);
}

#endif /* KPERM_LEX_H */
