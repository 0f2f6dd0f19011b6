/* kperm/tables.h - constant tables, one initialised copy for every backend.
 *
 * On the host and in OpenCL C this is the table the code reads (OpenCL puts it
 * in program-scope __constant memory). CUDA device code reads the __constant__
 * copy declared in cu/kperm_cuda.h, which kperm_cuda_upload_tables() fills from
 * this array.
 */
#ifndef KPERM_TABLES_H
#define KPERM_TABLES_H

#include "platform.h"
#include "status.h"

/* kperm_fact_table[i] = i! for i = 0..KPERM_MAX_N */
KPERM_HOST_TABLE(kperm_u64, kperm_fact_table)[KPERM_MAX_N + 1] = {
    KPERM_U64(1), KPERM_U64(1), KPERM_U64(2), KPERM_U64(6), KPERM_U64(24),
    KPERM_U64(120), KPERM_U64(720), KPERM_U64(5040), KPERM_U64(40320),
    KPERM_U64(362880), KPERM_U64(3628800), KPERM_U64(39916800),
    KPERM_U64(479001600), KPERM_U64(6227020800), KPERM_U64(87178291200),
    KPERM_U64(1307674368000), KPERM_U64(20922789888000),
    KPERM_U64(355687428096000), KPERM_U64(6402373705728000),
    KPERM_U64(121645100408832000), KPERM_U64(2432902008176640000)
};

/* kperm_inv_fact_table[i] = 1/i! in single precision: an estimate of a Lehmer
 * digit costs a multiply instead of a 64-bit division (see kperm_internal_fact_digit) */
KPERM_HOST_TABLE(float, kperm_inv_fact_table)[KPERM_MAX_N + 1] = {
    1.0f, 1.0f, 1.0f / 2.0f, 1.0f / 6.0f, 1.0f / 24.0f, 1.0f / 120.0f, 1.0f / 720.0f,
    1.0f / 5040.0f, 1.0f / 40320.0f, 1.0f / 362880.0f, 1.0f / 3628800.0f,
    1.0f / 39916800.0f, 1.0f / 479001600.0f, 1.0f / 6227020800.0f, 1.0f / 87178291200.0f,
    1.0f / 1307674368000.0f, 1.0f / 20922789888000.0f, 1.0f / 355687428096000.0f,
    1.0f / 6402373705728000.0f, 1.0f / 121645100408832000.0f, 1.0f / 2432902008176640000.0f
};

/* n! for 1 <= n <= KPERM_MAX_N into *f. Reads the table's 0! first: a CUDA
 * kernel that runs before the upload finds 0 there and reports it instead of
 * computing with zeros. */
KPERM_FN int kperm_internal_fact_checked(int n, kperm_u64 *f)
{
    if (KPERM_TABLE(kperm_fact_table)[0] != 1)
        return KPERM_E_TABLES;
    if (n < 1 || n > KPERM_MAX_N)
        return KPERM_E_N;
    *f = KPERM_TABLE(kperm_fact_table)[n];
    return KPERM_OK;
}

/* The Lehmer digit d = *rest / k! (with *rest < (k+1)!, so d <= k), leaving
 * *rest - d * k!. The quotient is estimated in single precision (relative
 * error below 2^-21, so it is off by at most one) and fixed with one exact
 * product: no 64-bit division, which GPUs run as a long subroutine. Once
 * (k+1)! < 2^32 everything fits 32 bits; with a literal n the unrolled caller
 * knows k, so only one of the two paths is compiled per digit. */
KPERM_FN int kperm_internal_fact_digit(kperm_u64 *rest, int k)
{
    float inv = KPERM_TABLE(kperm_inv_fact_table)[k];
    if (k <= 11) {
        kperm_u32 r = (kperm_u32)*rest, f = (kperm_u32)KPERM_TABLE(kperm_fact_table)[k];
        kperm_u32 d = (kperm_u32)((float)r * inv), m = d * f;
        d = m > r ? d - 1 : r - m >= f ? d + 1 : d;
        *rest = r - d * f;
        return (int)d;
    } else {
        kperm_u64 r = *rest, f = KPERM_TABLE(kperm_fact_table)[k], m;
        float rf = (float)(kperm_u32)(r >> 32) * 4294967296.0f + (float)(kperm_u32)r;
        kperm_u32 d = (kperm_u32)(rf * inv);
        m = (kperm_u64)d * f;
        d = m > r ? d - 1 : r - m >= f ? d + 1 : d;
        *rest = r - (kperm_u64)d * f;
        return (int)d;
    }
}

#endif /* KPERM_TABLES_H */
