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

/* n! for 1 <= n <= KPERM_MAX_N into *f. Reads the table's 0! first: a CUDA
 * kernel that runs before the upload finds 0 there and reports it instead of
 * computing with zeros. */
KPERM_FN int kperm_fact_checked(int n, kperm_u64 *f)
{
    if (KPERM_TABLE(kperm_fact_table)[0] != 1)
        return KPERM_E_TABLES;
    if (n < 1 || n > KPERM_MAX_N)
        return KPERM_E_N;
    *f = KPERM_TABLE(kperm_fact_table)[n];
    return KPERM_OK;
}

#endif /* KPERM_TABLES_H */
