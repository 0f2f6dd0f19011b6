/* kperm/packed.h - permutations of n <= 16 packed in one 64-bit word: the
 * element at position i in bits 4i..4i+3. A word stays in registers where an
 * array indexed at run time would go to local memory, and picking the d-th
 * unused value is a shift of a packed list instead of a scan. */
#ifndef KPERM_PACKED_H
#define KPERM_PACKED_H

#include "platform.h"
#include "status.h"
#include "tables.h"
#include "lex.h"

#define KPERM_MAX_PACKED_N 16
#define KPERM_MAX_ARRANGE_N 12 /* kperm_internal_arrange_packed: k < s! fits 32 bits */

/* the element at position i of packed permutation w (0 <= i < 16; i is taken
 * modulo 16, so no i shifts past the word: a literal i folds the mask away) */
KPERM_FN int kperm_packed_get(kperm_u64 w, int i)
{
    return (int)((w >> (4 * (i & 15))) & 15u);
}

/* The k-th (0-based) arrangement, in lexicographic order, of the s values held
 * in list's low nibbles in ascending order, packed; 1 <= s <= 12, k < s!
 * (not checked: this is the inner loop; an s over 12 is taken as 12, one
 * below 0 as 0, and a larger k as k modulo s!, so that no call writes past its
 * digits). Digits come from the low end by the radixes 2..s, so with a literal
 * s and an unrolled loop over k the whole call folds into a few shifts and
 * masks of list. */
KPERM_FN kperm_u64 kperm_internal_arrange_packed(kperm_u64 list, int s, kperm_u32 k)
{
    int digit[KPERM_MAX_ARRANGE_N], i;
    kperm_u64 out = 0;
    s = s < 0 ? 0 : s < KPERM_MAX_ARRANGE_N ? s : KPERM_MAX_ARRANGE_N;
    KPERM_UNROLL
    for (i = s - 1; i >= 0; i--) {
        kperm_u32 radix = (kperm_u32)(s - i);
        digit[i] = (int)(k % radix);
        k /= radix;
    }
    KPERM_UNROLL
    for (i = 0; i < s; i++)
        out |= (kperm_u64)kperm_internal_list_take(&list, digit[i], 4) << (4 * i);
    return out;
}

/* kperm_unrank into a packed word; n <= 16, else KPERM_E_N. */
KPERM_FN int kperm_unrank_packed(kperm_rank rank, int n, kperm_u64 *w)
{
    kperm_u64 total, rest = rank, list = KPERM_INTERNAL_IDENTITY_LIST, out = 0;
    int i, rc = kperm_internal_fact_checked(n, &total);
    if (rc != KPERM_OK)
        return rc;
    if (n > KPERM_MAX_PACKED_N)
        return KPERM_E_N;
    if (rank >= total)
        return KPERM_E_RANK;
    KPERM_UNROLL
    for (i = 0; i < n; i++)
        out |= (kperm_u64)kperm_internal_list_take(&list, kperm_internal_fact_digit(&rest, n - 1 - i), 4) << (4 * i);
    *w = out;
    return KPERM_OK;
}

/* the packed word of perm[0..n-1] (n <= 16, values < 16: not checked; past
 * 16 elements nothing more is read) */
KPERM_FN kperm_u64 kperm_pack(const kperm_u8 *perm, int n)
{
    kperm_u64 w = 0;
    int i;
    for (i = 0; i < n && i < KPERM_MAX_PACKED_N; i++)
        w |= (kperm_u64)perm[i] << (4 * i);
    return w;
}

/* perm[0..n-1] from a packed word (n <= 16; past 16, positions repeat) */
KPERM_FN void kperm_unpack(kperm_u64 w, int n, kperm_u8 *perm)
{
    int i;
    KPERM_UNROLL
    for (i = 0; i < n; i++)
        perm[i] = (kperm_u8)kperm_packed_get(w, i);
}

#endif /* KPERM_PACKED_H */
