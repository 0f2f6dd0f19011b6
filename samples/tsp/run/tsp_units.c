/* tsp_units.c - the pool's units and their counts (see tsp_units.h). */
#include "tsp_units.h"
#include "kperm.h"
#include <stdlib.h>
#include <string.h>

int tsp_unit_cities(int n, int prune)
{
    kperm_rank count = 0;
    int p = 1;
    if (!prune)
        return 0;
#ifdef TSP_FAULTS
    if (getenv("KPERM_TSP_UNIT_CITIES") && atoi(getenv("KPERM_TSP_UNIT_CITIES")) >= 1)
        return atoi(getenv("KPERM_TSP_UNIT_CITIES")) < n - 1 ? atoi(getenv("KPERM_TSP_UNIT_CITIES")) : n - 1;
#endif
    while (p < n - 1 && kperm_kp_count(n - 1, p, &count) == KPERM_OK && count < TSP_UNITS_MIN)
        p++;
    return p;
}

kperm_rank tsp_unit_total(int n, int p)
{
    kperm_rank total = 0;
    if (p)
        kperm_kp_count(n - 1, p, &total);
    else
        kperm_count(n - 1, &total);
    return total;
}

void tsp_unit_tour(int n, int p, const tsp_best *best, kperm_u8 *tour)
{
    int i;
    if (!p)
        kperm_unrank(best->rank, n - 1, tour);
    for (i = 0; p && i < n - 1; i++) /* the pruned search's tour holds cities 1..n-1 */
        tour[i] = (kperm_u8)(best->tour[i] - 1);
}

/* Numbers past 64 bits (63! < 2^296): base 2^32 limbs, least significant first */
#define LIMBS 10
typedef struct {
    kperm_u32 limb[LIMBS];
} big;

static big big_of(kperm_u64 v)
{
    big b;
    memset(&b, 0, sizeof b);
    b.limb[0] = (kperm_u32)v;
    b.limb[1] = (kperm_u32)(v >> 32);
    return b;
}

/* b * m + a */
static void big_muladd(big *b, kperm_u32 m, kperm_u32 a)
{
    kperm_u64 carry = a;
    int i;
    for (i = 0; i < LIMBS; i++) {
        carry += (kperm_u64)b->limb[i] * m;
        b->limb[i] = (kperm_u32)carry;
        carry >>= 32;
    }
}

/* b / d, the remainder returned */
static kperm_u32 big_divmod(big *b, kperm_u32 d)
{
    kperm_u64 rem = 0;
    int i;
    for (i = LIMBS - 1; i >= 0; i--) {
        rem = rem << 32 | b->limb[i];
        b->limb[i] = (kperm_u32)(rem / d);
        rem %= d;
    }
    return (kperm_u32)rem;
}

static int big_zero(const big *b)
{
    int i;
    for (i = 0; i < LIMBS; i++)
        if (b->limb[i])
            return 0;
    return 1;
}

/* b in decimal into out; b as a double returned */
static double big_decimal(big b, char *out, size_t size)
{
    char digits[LIMBS * 10 + 1];
    double value = 0;
    int k = 0, i;
    for (i = LIMBS - 1; i >= 0; i--)
        value = value * 4294967296.0 + b.limb[i];
    do
        digits[k++] = (char)('0' + big_divmod(&b, 10));
    while (!big_zero(&b));
    if (size > 0) {
        size_t j;
        for (j = 0; j + 1 < size && k > 0; j++)
            out[j] = digits[--k];
        out[j] = 0;
    }
    return value;
}

double tsp_unit_tours(int n, int p, int symmetric, kperm_rank count, char *out, size_t size)
{
    big v = big_of(count);
    int f;
    for (f = 2; p && f <= n - 1 - p; f++)
        big_muladd(&v, (kperm_u32)f, 0);
    if (symmetric)
        big_divmod(&v, 2);
    return big_decimal(v, out, size);
}

void tsp_tour_rank(int n, const kperm_u8 *tour, char *out, size_t size)
{
    big v = big_of(0);
    kperm_u64 left = tsp_cities_below(n - 1);
    int i;
    for (i = 0; i < n - 1; i++) { /* Horner on the Lehmer digits: rank = sum digit_i (n-2-i)! */
        big_muladd(&v, (kperm_u32)(n - 1 - i), (kperm_u32)kperm_popcount64(left & ((KPERM_U64(1) << tour[i]) - 1)));
        left &= ~(KPERM_U64(1) << tour[i]);
    }
    big_decimal(v, out, size);
}
