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
    KPERM_UNROLL /* with a literal n the count folds to a constant */
    for (i = 2; i <= n; i++)
        kperm_muladd128(&c, (kperm_u32)i, 0); /* 34! fits: no overflow here */
    *count = c;
    return KPERM_OK;
}

/* One split, then the 64-bit paths: rank = q * 20! + rest. q (below
 * n!/20!, 64 bits up to n = 33) gives the first n - 20 Lehmer digits by its
 * radixes n, n-1, ..., 21; rest (below 20!) the last 20, as kperm_unrank
 * finds them; kperm_perm_of_digits turns all n into the permutation. 20! is
 * 12! * (13 * ... * 17) * (18 * 19 * 20), three divisors below 2^32 for the
 * long division: with a literal n every divisor is a constant, which the
 * compiler multiplies by instead of dividing. */
KPERM_FN int kperm_unrank128(kperm_rank128 rank, int n, kperm_u8 *perm)
{
    kperm_rank128 total = {0, 0};
    kperm_u64 rest;
    int digit[KPERM_MAX_N128], i, rc = kperm_fact_checked(1, &rest); /* the tables first, as everywhere */
    if (rc == KPERM_OK)
        rc = kperm_count128(n, &total);
    if (rc != KPERM_OK)
        return rc;
    if (!kperm_lt128(rank, total))
        return KPERM_E_RANK;
    if (n <= KPERM_MAX_N)
        return kperm_unrank(rank.lo, n, perm);
    rest = kperm_divmod128(&rank, 479001600u);
    rest += KPERM_U64(479001600) * kperm_divmod128(&rank, 742560u);
    rest += KPERM_U64(355687428096000) * kperm_divmod128(&rank, 6840u);
    KPERM_UNROLL
    for (i = n - 21; i >= 0; i--) {
        kperm_u32 radix = (kperm_u32)(n - i);
        if (rank.hi) /* n = 34's first digits */
            digit[i] = (int)kperm_divmod128(&rank, radix);
        else {
            digit[i] = (int)(rank.lo % radix);
            rank.lo /= radix;
        }
    }
    KPERM_UNROLL
    for (i = n - 20; i < n; i++)
        digit[i] = kperm_fact_digit(&rest, n - 1 - i);
    kperm_perm_of_digits(digit, n, perm);
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
