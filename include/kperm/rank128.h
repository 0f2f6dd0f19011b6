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
#include "tables.h"
#include "lex.h"

typedef struct {
    kperm_u64 lo, hi;
} kperm_rank128;

/* a < b */
KPERM_FN int kperm_internal_lt128(kperm_rank128 a, kperm_rank128 b)
{
    return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

/* a + b (modulo 2^128) */
KPERM_FN kperm_rank128 kperm_internal_add128(kperm_rank128 a, kperm_rank128 b)
{
    a.lo += b.lo;
    a.hi += b.hi + (a.lo < b.lo);
    return a;
}

/* a - b for b <= a */
KPERM_FN kperm_rank128 kperm_internal_sub128(kperm_rank128 a, kperm_rank128 b)
{
    kperm_rank128 r;
    r.lo = a.lo - b.lo;
    r.hi = a.hi - b.hi - (a.lo < b.lo);
    return r;
}

/* a * m + add for m, add < 2^32; 1 when the result does not fit 128 bits */
KPERM_FN int kperm_internal_muladd128(kperm_rank128 *a, kperm_u32 m, kperm_u32 add)
{
    kperm_u64 l0 = (a->lo & 0xffffffffu) * m + add, l1 = (a->lo >> 32) * m + (l0 >> 32);
    kperm_u64 h0 = (a->hi & 0xffffffffu) * m + (l1 >> 32), h1 = (a->hi >> 32) * m + (h0 >> 32);
    a->lo = (l1 << 32) | (l0 & 0xffffffffu);
    a->hi = (h1 << 32) | (h0 & 0xffffffffu);
    return (h1 >> 32) != 0;
}

/* a / d in place for 0 < d < 2^32, returning a % d: long division, 32 bits a step */
KPERM_FN kperm_u32 kperm_internal_divmod128(kperm_rank128 *a, kperm_u32 d)
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
    KPERM_UNROLL /* with a literal n the count folds to a constant */
    for (i = 2; i <= n; i++)
        kperm_internal_muladd128(&c, (kperm_u32)i, 0); /* 34! fits: no overflow here */
    *count = c;
    return KPERM_OK;
}

/* a / d in place for 0 < d < 2^32, returning a % d: one 64-bit division
 * (by a constant where d is one) once a fits 64 bits, else the long division */
KPERM_FN kperm_u32 kperm_internal_divmod128_fit(kperm_rank128 *a, kperm_u32 d)
{
    kperm_u32 r;
    if (a->hi)
        return kperm_internal_divmod128(a, d);
    r = (kperm_u32)(a->lo % d);
    a->lo /= d;
    return r;
}

/* The rank as mixed-radix digits, taken in 32-bit groups: rank % 12! gives
 * the last 12 Lehmer digits (factorial digits, 32-bit), and the quotient's
 * radixes 13, 14, ..., n go in groups whose product fits 32 bits (13..17,
 * 18..20, 21..25, 26..30, 31..34): one division of the wide quotient per
 * group, then divisions of a 32-bit group value by its radixes. With a
 * literal n every divisor is a constant, which the compiler multiplies by
 * instead of dividing; the last group is what the quotient has left, with no
 * division. kperm_internal_perm_of_digits turns the n digits into the permutation. */
KPERM_FN int kperm_unrank128(kperm_rank128 rank, int n, kperm_u8 *perm)
{
    kperm_rank128 total = {0, 0};
    kperm_u64 rest;
    int digit[KPERM_MAX_N128], i, g, r, rc = kperm_internal_fact_checked(1, &rest); /* the tables first, as everywhere */
    if (rc == KPERM_OK)
        rc = kperm_count128(n, &total);
    if (rc != KPERM_OK)
        return rc;
    if (!kperm_internal_lt128(rank, total))
        return KPERM_E_RANK;
    if (n <= KPERM_MAX_N)
        return kperm_unrank(rank.lo, n, perm);
    rest = kperm_internal_divmod128(&rank, 479001600u); /* 12! */
    KPERM_UNROLL
    for (i = n - 12; i < n; i++)
        digit[i] = kperm_internal_fact_digit(&rest, n - 1 - i);
    KPERM_UNROLL
    for (g = 0; g < 5; g++) {
        int first = g == 0 ? 13 : g == 1 ? 18 : 11 + 5 * g, last = g == 0 ? 17 : g == 1 ? 20 : first + 4;
        kperm_u32 group, product = 1;
        last = last < n ? last : n;
        if (first > n)
            break;
        KPERM_UNROLL
        for (r = first; r <= last; r++)
            product *= (kperm_u32)r;
        group = last == n ? (kperm_u32)rank.lo : kperm_internal_divmod128_fit(&rank, product);
        KPERM_UNROLL
        for (r = first; r <= last; r++) {
            digit[n - r] = (int)(group % (kperm_u32)r);
            group /= (kperm_u32)r;
        }
    }
    kperm_internal_perm_of_digits(digit, n, perm);
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
        kperm_internal_muladd128(&r, (kperm_u32)(n - i),
                        (kperm_u32)kperm_popcount64(unused & ((KPERM_U64(1) << v) - 1)));
        unused &= ~(KPERM_U64(1) << v);
    }
    *rank = r;
    return KPERM_OK;
}

#endif /* KPERM_RANK128_H */
