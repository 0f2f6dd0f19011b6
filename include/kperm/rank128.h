/* kperm/rank128.h - permutations of 0..n-1 with 128-bit ranks, 1 <= n <= 34
 * (34! < 2^128 <= 35!). The 128-bit arithmetic is done here on two 64-bit
 * halves, in 32-bit pieces where it divides, so every backend computes it the
 * same way without a compiler's 128-bit type. On any error the outputs are
 * left untouched.
 */
#ifndef KPERM_RANK128_H
#define KPERM_RANK128_H

#include "platform.h"
#include "status.h"
#include "bits.h"

typedef struct {
    kperm_u64 lo, hi;
} kperm_rank128;

/* a < b */
KPERM_FN int kperm_lt128(kperm_rank128 a, kperm_rank128 b)
{
    return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

/* a * m + add for m, add < 2^32; 1 when the result does not fit 128 bits */
KPERM_FN int kperm_muladd128(kperm_rank128 *a, kperm_u32 m, kperm_u32 add)
{
    kperm_u64 l0 = (a->lo & 0xffffffffu) * m + add, l1 = (a->lo >> 32) * m + (l0 >> 32);
    kperm_u64 h0 = (a->hi & 0xffffffffu) * m + (l1 >> 32), h1 = (a->hi >> 32) * m + (h0 >> 32);
    a->lo = (l1 << 32) | (l0 & 0xffffffffu);
    a->hi = (h1 << 32) | (h0 & 0xffffffffu);
    return (h1 >> 32) != 0;
}

/* a / d in place for 0 < d < 2^32, returning a % d: long division, 32 bits a step */
KPERM_FN kperm_u32 kperm_divmod128(kperm_rank128 *a, kperm_u32 d)
{
    kperm_u64 r = 0, part[4];
    int i;
    part[0] = a->hi >> 32;
    part[1] = a->hi & 0xffffffffu;
    part[2] = a->lo >> 32;
    part[3] = a->lo & 0xffffffffu;
    for (i = 0; i < 4; i++) {
        kperm_u64 cur = (r << 32) | part[i];
        part[i] = cur / d;
        r = cur % d;
    }
    a->hi = (part[0] << 32) | part[1];
    a->lo = (part[2] << 32) | part[3];
    return (kperm_u32)r;
}

KPERM_FN int kperm_count128(int n, kperm_rank128 *count)
{
    kperm_rank128 c;
    int i;
    if (n < 1 || n > KPERM_MAX_N128)
        return KPERM_E_N;
    c.lo = 1;
    c.hi = 0;
    for (i = 2; i <= n; i++)
        kperm_muladd128(&c, (kperm_u32)i, 0); /* 34! fits: no overflow here */
    *count = c;
    return KPERM_OK;
}

/* Lehmer digits from the low end (rank mod 2, mod 3, ...), then the d-th
 * unused value of a 64-bit mask at each position */
KPERM_FN int kperm_unrank128(kperm_rank128 rank, int n, kperm_u8 *perm)
{
    kperm_rank128 total;
    kperm_u8 digit[KPERM_MAX_N128];
    kperm_u64 unused;
    int i, rc = kperm_count128(n, &total);
    if (rc != KPERM_OK)
        return rc;
    if (!kperm_lt128(rank, total))
        return KPERM_E_RANK;
    for (i = n - 1; i >= 0; i--)
        digit[i] = (kperm_u8)kperm_divmod128(&rank, (kperm_u32)(n - i));
    unused = (KPERM_U64(1) << n) - 1;
    for (i = 0; i < n; i++) {
        perm[i] = (kperm_u8)kperm_select64(unused, digit[i]);
        unused &= ~(KPERM_U64(1) << perm[i]);
    }
    return KPERM_OK;
}

KPERM_FN int kperm_rank128_of(const kperm_u8 *perm, int n, kperm_rank128 *rank)
{
    kperm_rank128 r;
    kperm_u64 unused;
    int i;
    if (n < 1 || n > KPERM_MAX_N128)
        return KPERM_E_N;
    r.lo = 0;
    r.hi = 0;
    unused = (KPERM_U64(1) << n) - 1;
    for (i = 0; i < n; i++) {
        int v = perm[i];
        if (v >= n || !((unused >> v) & 1u))
            return KPERM_E_PERM;
        kperm_muladd128(&r, (kperm_u32)(n - i),
                        (kperm_u32)kperm_popcount64(unused & ((KPERM_U64(1) << v) - 1)));
        unused &= ~(KPERM_U64(1) << v);
    }
    *rank = r;
    return KPERM_OK;
}

#endif /* KPERM_RANK128_H */
