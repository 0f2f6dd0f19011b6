/* kperm/bits.h - small integer helpers the families share: the position of
 * the k-th set bit of a 64-bit mask, the lowest set bit, a gcd. */
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

KPERM_FN kperm_u64 kperm_gcd(kperm_u64 a, kperm_u64 b)
{
    while (b) {
        kperm_u64 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* a * b / c where the result is known to be an integer, without forming
 * a * b: cancel gcd(b, c) first, after which c divides a. KPERM_E_OVERFLOW
 * (and *out untouched) when the result does not fit 64 bits. */
KPERM_FN int kperm_mul_div(kperm_u64 a, kperm_u64 b, kperm_u64 c, kperm_u64 *out)
{
    kperm_u64 g = kperm_gcd(b, c), q;
    b /= g;
    c /= g;
    q = a / c;
    if (b && q > ~KPERM_U64(0) / b)
        return KPERM_E_OVERFLOW;
    *out = q * b;
    return 0;
}

#endif /* KPERM_BITS_H */
