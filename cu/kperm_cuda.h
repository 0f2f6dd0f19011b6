/* kperm_cuda.h - kperm for CUDA: the core as __host__ __device__ functions.
 *
 * Device code reads its tables from __constant__ memory. They start out zero:
 * call kperm_cuda_upload_tables() once before the first kernel that uses kperm,
 * in every translation unit that launches such kernels (the tables are static,
 * one copy per .cu file, so that no -rdc build is needed). A kernel launched
 * before the upload never computes a wrong permutation: every call that needs
 * a table returns KPERM_E_TABLES and leaves its outputs untouched.
 */
#ifndef KPERM_CUDA_H
#define KPERM_CUDA_H

#include <cuda_runtime.h>
#include "kperm_cuda_device.h"

/* Copies the host's tables (kperm/tables.h, kperm/comb_table.h) into this
 * translation unit's device copies on the current device. */
static inline cudaError_t kperm_cuda_upload_tables(void)
{
    /* the factorials last: their 0! = 1 is what says "uploaded" */
    cudaError_t e = cudaMemcpyToSymbol(kperm_inv_fact_table_device, kperm_inv_fact_table,
                                       sizeof kperm_inv_fact_table);
    if (e == cudaSuccess)
        e = cudaMemcpyToSymbol(kperm_comb_table_device, kperm_comb_table, sizeof kperm_comb_table);
    if (e != cudaSuccess)
        return e;
    return cudaMemcpyToSymbol(kperm_fact_table_device, kperm_fact_table, sizeof kperm_fact_table);
}

#endif /* KPERM_CUDA_H */
