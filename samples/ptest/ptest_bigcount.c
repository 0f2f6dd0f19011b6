/* ptest_bigcount.c - exact counts past 2^64 (ptest_bigcount.h): schoolbook
 * arithmetic on 32 limbs, no more than the report and the counters ask for
 * (a handful of operations a test, so plain loops). */
#include "ptest_bigcount.h"
#include <math.h>
#include <string.h>

typedef unsigned long long u64;

#define LIMB_BITS 32
#define LIMB_MASK 0xffffffffULL

void ptest_big_set(ptest_big *a, u64 value)
{
    memset(a, 0, sizeof *a);
    a->limb[0] = (unsigned int)(value & LIMB_MASK);
    a->limb[1] = (unsigned int)(value >> LIMB_BITS);
}

int ptest_big_fits(const ptest_big *a)
{
    int i;
    for (i = 2; i < PTEST_BIG_LIMBS; i++)
        if (a->limb[i])
            return 0;
    return 1;
}

u64 ptest_big_low(const ptest_big *a)
{
    return ptest_big_word(a, 0);
}

u64 ptest_big_word(const ptest_big *a, int j)
{
    return (u64)a->limb[2 * j + 1] << LIMB_BITS | a->limb[2 * j];
}

int ptest_big_cmp(const ptest_big *a, const ptest_big *b)
{
    int i;
    for (i = PTEST_BIG_LIMBS - 1; i >= 0; i--)
        if (a->limb[i] != b->limb[i])
            return a->limb[i] < b->limb[i] ? -1 : 1;
    return 0;
}

void ptest_big_add(ptest_big *a, const ptest_big *b)
{
    u64 carry = 0;
    int i;
    for (i = 0; i < PTEST_BIG_LIMBS; i++) {
        carry += (u64)a->limb[i] + b->limb[i];
        a->limb[i] = (unsigned int)(carry & LIMB_MASK);
        carry >>= LIMB_BITS;
    }
}

void ptest_big_sub(ptest_big *a, const ptest_big *b)
{
    u64 borrow = 0;
    int i;
    for (i = 0; i < PTEST_BIG_LIMBS; i++) {
        u64 take = (u64)b->limb[i] + borrow;
        borrow = a->limb[i] < take;
        a->limb[i] = (unsigned int)(((u64)a->limb[i] - take) & LIMB_MASK);
    }
}

void ptest_big_mul_small(ptest_big *a, unsigned int m)
{
    u64 carry = 0;
    int i;
    for (i = 0; i < PTEST_BIG_LIMBS; i++) {
        carry += (u64)a->limb[i] * m;
        a->limb[i] = (unsigned int)(carry & LIMB_MASK);
        carry >>= LIMB_BITS;
    }
}

void ptest_big_mul(ptest_big *a, const ptest_big *b)
{
    ptest_big product;
    int i, j;
    memset(&product, 0, sizeof product);
    for (i = 0; i < PTEST_BIG_LIMBS; i++) {
        u64 carry = 0;
        for (j = 0; i + j < PTEST_BIG_LIMBS; j++) {
            carry += (u64)a->limb[i] * b->limb[j] + product.limb[i + j]; /* below 2^64: (2^32 - 1)^2 + 2 (2^32 - 1) */
            product.limb[i + j] = (unsigned int)(carry & LIMB_MASK);
            carry >>= LIMB_BITS;
        }
    }
    *a = product;
}

void ptest_big_shift_left(ptest_big *a, int bits)
{
    int words = bits / LIMB_BITS, shift = bits % LIMB_BITS, i;
    for (i = PTEST_BIG_LIMBS - 1; i >= 0; i--) {
        u64 high = i - words >= 0 ? a->limb[i - words] : 0, low = i - words - 1 >= 0 ? a->limb[i - words - 1] : 0;
        a->limb[i] = (unsigned int)(((high << shift) | (shift ? low >> (LIMB_BITS - shift) : 0)) & LIMB_MASK);
    }
}

/* a /= d (d > 0): the remainder */
static unsigned int div_small(ptest_big *a, unsigned int d)
{
    u64 rest = 0;
    int i;
    for (i = PTEST_BIG_LIMBS - 1; i >= 0; i--) {
        rest = rest << LIMB_BITS | a->limb[i];
        a->limb[i] = (unsigned int)(rest / d);
        rest %= d;
    }
    return (unsigned int)rest;
}

void ptest_big_binomial(int n, int k, ptest_big *out)
{
    int i;
    ptest_big_set(out, k >= 0 && k <= n);
    k = k > n - k ? n - k : k;
    for (i = 1; i <= k; i++) { /* C(n - k + i, i) = C(n - k + i - 1, i - 1) * (n - k + i) / i, exactly */
        ptest_big_mul_small(out, (unsigned int)(n - k + i));
        div_small(out, (unsigned int)i);
    }
}

char *ptest_big_text(const ptest_big *a, char *buf)
{
    ptest_big rest = *a;
    ptest_big zero;
    char digits[PTEST_BIG_DIGITS];
    int at = 0, i;
    ptest_big_set(&zero, 0);
    do { /* nine digits at a time, least first */
        unsigned int part = div_small(&rest, 1000000000u);
        for (i = 0; i < 9; i++, part /= 10)
            digits[at++] = (char)('0' + part % 10);
    } while (ptest_big_cmp(&rest, &zero));
    while (at > 1 && digits[at - 1] == '0')
        at--;
    for (i = 0; i < at; i++)
        buf[i] = digits[at - 1 - i];
    buf[at] = 0;
    return buf;
}

/* the number of bits of a (0 for 0) */
static int bit_length(const ptest_big *a)
{
    int i, bits;
    for (i = PTEST_BIG_LIMBS - 1; i >= 0 && !a->limb[i]; i--)
        ;
    if (i < 0)
        return 0;
    for (bits = 0; a->limb[i] >> bits; bits++)
        ;
    return i * LIMB_BITS + bits;
}

double ptest_big_ratio(const ptest_big *num, const ptest_big *den)
{
    ptest_big rest = *num;
    u64 bits = 0; /* the quotient's 54 leading bits: 53 of the double and one to round with */
    int first = 0, taken = 0, c = ptest_big_cmp(num, den);
    if (!bit_length(num) || c >= 0)
        return c >= 0 ? 1.0 : 0.0;
    /* binary long division: each step doubles rest (< den < 2^1001, so 2*rest fits) and takes den
     * out where it goes; the first bit set is 2^-first */
    while (taken < 54) {
        int bit;
        ptest_big_shift_left(&rest, 1);
        bit = ptest_big_cmp(&rest, den) >= 0;
        if (bit)
            ptest_big_sub(&rest, den);
        first += !taken;
        if (bit || taken)
            bits = bits << 1 | (u64)bit, taken++;
    }
    {
        u64 mantissa = bits >> 1;
        int sticky = bit_length(&rest) > 0;
        if ((bits & 1) && (sticky || (mantissa & 1)))
            mantissa++; /* past halfway, or halfway to an odd mantissa: up (ties to even) */
        return ldexp((double)mantissa, -(first + 52));
    }
}
