/* kperm/bits.h - small integer helpers the families share: the position of
 * the k-th set bit of a 64-bit mask, the lowest set bit, exact a * b / c. */
#ifndef KPERM_BITS_H
#define KPERM_BITS_H

#include "platform.h"
#include "status.h"

/* position of the k-th (0-based) set bit of m, which has more than k: a
 * popcount binary search, six steps, no loop over bits */
KPERM_FN int kperm_select64(kperm_u64 m, int k)
{
    int pos = 0, c, step;
    KPERM_UNROLL
    for (step = 32; step >= 1; step >>= 1) {
        c = kperm_popcount64(m & ((KPERM_U64(1) << step) - 1));
        if (k >= c) {
            k -= c;
            m >>= step;
            pos += step;
        }
    }
    return pos;
}

/* index of the lowest set bit of m != 0 */
KPERM_FN int kperm_lowest64(kperm_u64 m)
{
    return kperm_popcount64((m & (KPERM_U64(0) - m)) - 1);
}

/* the inverse of odd c modulo 2^64: Newton's iteration from a guess good to
 * 5 bits, each step doubling the correct bits */
KPERM_FN kperm_u64 kperm_internal_inverse64(kperm_u64 c)
{
    kperm_u64 x = (3 * c) ^ 2;
    int i;
    KPERM_UNROLL
    for (i = 0; i < 4; i++)
        x *= 2 - c * x;
    return x;
}

/* a * b / c for c = odd * 2^s and inv = kperm_internal_inverse64(odd), when the
 * quotient is an integer below 2^64: the 128-bit product shifted right by s,
 * times inv modulo 2^64 (exact division needs no division) */
KPERM_FN kperm_u64 kperm_internal_div_exact(kperm_u64 a, kperm_u64 b, int s, kperm_u64 inv)
{
    kperm_u64 lo = a * b;
    if (s)
        lo = (lo >> s) | (kperm_internal_mulhi64(a, b) << (64 - s));
    return lo * inv;
}

/* a * b / c where the result is known to be an integer (c > 0).
 * KPERM_E_OVERFLOW (and *out untouched) when it does not fit 64 bits. */
KPERM_FN int kperm_internal_mul_div(kperm_u64 a, kperm_u64 b, kperm_u64 c, kperm_u64 *out)
{
    int s = kperm_lowest64(c);
    if (kperm_internal_mulhi64(a, b) >= c) /* the quotient would be 2^64 or more */
        return KPERM_E_OVERFLOW;
    *out = kperm_internal_div_exact(a, b, s, kperm_internal_inverse64(c >> s));
    return KPERM_OK;
}

#endif /* KPERM_BITS_H */
