/* kperm/lex.h - permutations of 0..n-1 in lexicographic order, 64-bit ranks.
 *
 * rank r <-> Lehmer code d[0..n-1] with r = sum d[i]*(n-1-i)!, d[i] < n-i;
 * perm[i] is the d[i]-th smallest value not used by perm[0..i-1].
 * Unranking keeps the unused values as a packed list in one word (a shift
 * picks one), ranking keeps the used ones as a bit mask (a popcount counts
 * the smaller unused ones): no O(n) scan of a taken[] array as in Wong's article.
 * On any error the output arguments are left untouched.
 */
#ifndef KPERM_LEX_H
#define KPERM_LEX_H

#include "platform.h"
#include "status.h"
#include "tables.h"

KPERM_FN int kperm_count(int n, kperm_rank *count)
{
    return kperm_internal_fact_checked(n, count);
}

/* Takes the field at index d (of `bits` bits) out of list, a packed list of
 * values in ascending order; the fields above it move down. A shift and two
 * masks, where a bit mask would need a select-the-d-th-set-bit search.
 * 1 <= bits < 32 and bits * d < 64, not checked (the inner loop of unrank);
 * outside that the shift counts are taken modulo 64 and 32, so no call shifts
 * past a word (with a literal bits the masks fold away). */
KPERM_FN int kperm_internal_list_take(kperm_u64 *list, int d, int bits)
{
    int at = (int)(((kperm_u32)bits * (kperm_u32)d) & 63u), b = bits & 63, w = bits & 31;
    kperm_u64 l = *list, low = (KPERM_U64(1) << at) - 1;
    *list = (l & low) | ((l >> b) & ~low);
    return (int)((l >> at) & ((1u << w) - 1u));
}

#define KPERM_INTERNAL_IDENTITY_LIST KPERM_U64(0xfedcba9876543210) /* 0..15 as nibbles */

/* perm[0..n-1] from its Lehmer digits (digit[i] < n - i), 17 <= n <= 34:
 * the first n - t values by decoding their digits right to left (each later
 * value moves up past each earlier one it is not below: small integers, no
 * set to search), then the last t from a list of fields in one word: t = 12
 * fields of 5 bits while the values fit 5 bits (n <= 32), else 10 of 6.
 * With a literal n every index is a constant and digit[] stays in registers. */
KPERM_FN void kperm_internal_perm_of_digits(int *digit, int n, kperm_u8 *perm)
{
    int tail = n > 32 ? 10 : 12, bits = n > 32 ? 6 : 5, head = n - tail, i, j;
    kperm_u64 unused = (KPERM_U64(1) << n) - 1, list = 0;
    kperm_u32 lane[(KPERM_MAX_N128 - 10 + 3) / 4] = {0};
    /* the head digits in byte lanes, four to a word, so that one subtraction
     * compares a digit with four later ones: (x | 0x80) - d has its top bit
     * set exactly when x >= d (both below 128, so no borrow crosses a lane) */
    KPERM_UNROLL
    for (j = 0; j < head; j++)
        lane[j / 4] |= (kperm_u32)digit[j] << (8 * (j % 4));
    KPERM_UNROLL
    for (i = head - 2; i >= 0; i--) {
        KPERM_UNROLL
        for (j = (i + 1) / 4; j <= (head - 1) / 4; j++) {
            kperm_u32 later = j == (i + 1) / 4 ? 0x80808080u << (8 * ((i + 1) % 4)) : 0x80808080u;
            lane[j] += (((lane[j] | 0x80808080u) - (kperm_u32)digit[i] * 0x01010101u) & later) >> 7;
        }
    }
    KPERM_UNROLL
    for (i = 0; i < head; i++) {
        kperm_u8 v = (kperm_u8)(lane[i / 4] >> (8 * (i % 4)));
        unused &= ~(KPERM_U64(1) << v);
        perm[i] = v;
    }
    KPERM_UNROLL
    for (j = 0; j < tail; j++) {
        kperm_u64 below = (unused & (0 - unused)) - 1; /* the lowest unused value's index, as a popcount */
        list |= (kperm_u64)(n > 32 ? kperm_popcount64(below) : kperm_internal_popcount32((kperm_u32)below)) << (bits * j);
        unused &= unused - 1;
    }
    KPERM_UNROLL
    for (; i < n; i++)
        perm[i] = (kperm_u8)kperm_internal_list_take(&list, digit[i], bits);
}

KPERM_FN int kperm_unrank(kperm_rank rank, int n, kperm_u8 *perm)
{
    kperm_u64 total, rest = rank, list;
    int digit[KPERM_MAX_N], i, rc = kperm_internal_fact_checked(n, &total);
    if (rc != KPERM_OK)
        return rc;
    if (rank >= total)
        return KPERM_E_RANK;
    if (n <= 16) { /* the unused values as a list of nibbles */
        list = KPERM_INTERNAL_IDENTITY_LIST;
        KPERM_UNROLL
        for (i = 0; i < n; i++)
            perm[i] = (kperm_u8)kperm_internal_list_take(&list, kperm_internal_fact_digit(&rest, n - 1 - i), 4);
        return KPERM_OK;
    }
    KPERM_UNROLL
    for (i = 0; i < n; i++)
        digit[i] = kperm_internal_fact_digit(&rest, n - 1 - i);
    kperm_internal_perm_of_digits(digit, n, perm);
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
            + (kperm_u64)kperm_internal_popcount32(unused & ((1u << v) - 1u));
        unused &= ~(1u << v);
    }
    *rank = r;
    return KPERM_OK;
}

KPERM_FN void kperm_internal_reverse(kperm_u8 *a, int lo, int hi)
{
    for (; lo < hi; lo++, hi--) {
        kperm_u8 t = a[lo];
        a[lo] = a[hi];
        a[hi] = t;
    }
}

/* perm[lo..n-1] sorted descending: the last arrangement of perm[0..lo-1]'s
 * suffix (insertion sort: n is small, and repeated values are fine) */
KPERM_FN void kperm_internal_sort_descending(kperm_u8 *perm, int lo, int n)
{
    int i, j;
    for (i = lo + 1; i < n; i++) {
        kperm_u8 v = perm[i];
        for (j = i; j > lo && perm[j - 1] < v; j--)
            perm[j] = perm[j - 1];
        perm[j] = v;
    }
}

/* One step of std::next_permutation (dir = 1) or std::prev_permutation
 * (dir = -1), for any n >= 1 (no table): the two differ only in the direction of
 * every comparison, and repeated values are handled as std does.
 * Returns the pivot, the first index that changed, or KPERM_END after
 * reversing the whole array back to the first (last) arrangement. */
KPERM_FN int kperm_internal_step(kperm_u8 *perm, int n, int dir)
{
    int i, j;
    if (n < 1)
        return KPERM_E_N;
    i = n - 2;
    while (i >= 0 && dir * ((int)perm[i + 1] - (int)perm[i]) <= 0)
        i--;
    if (i < 0) {
        kperm_internal_reverse(perm, 0, n - 1);
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
    kperm_internal_reverse(perm, i + 1, n - 1);
    return i;
}

/* Next permutation in lexicographic order, for any n >= 1 (it needs no table,
 * so no 20 limit; repeated values step as std::next_permutation does):
 * returns the pivot (positions before it are unchanged), or KPERM_END after
 * the last one, leaving the first in perm. The contents are not validated
 * (that would cost O(n) per step); like std::next_permutation it never reads
 * or writes outside perm[0..n-1]. */
KPERM_FN int kperm_next(kperm_u8 *perm, int n)
{
    return kperm_internal_step(perm, n, 1);
}

/* Mirror of kperm_next: the previous permutation, KPERM_END before the first
 * one, leaving the last in perm. */
KPERM_FN int kperm_prev(kperm_u8 *perm, int n)
{
    return kperm_internal_step(perm, n, -1);
}

#endif /* KPERM_LEX_H */
