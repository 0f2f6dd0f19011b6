/* kperm_cuda_device.h - kperm for CUDA device code alone: the core as
 * __host__ __device__ functions and its tables in __constant__ memory (the
 * binomials of kperm/comb_table.h in global memory: reads that scatter
 * across a warp serialize in constant memory), with
 * no CUDA runtime API, so that NVRTC (CuPy's RawModule and RawKernel)
 * compiles it as well as nvcc. nvcc users include kperm_cuda.h, which adds
 * kperm_cuda_upload_tables(); CuPy users call kperm.cupy.upload_tables(module).
 * The tables start out zero, and every call that needs one returns
 * KPERM_E_TABLES until they are filled; NVRTC code defining
 * KPERM_CUDA_TABLES_IN_SOURCE has them initialised instead.
 */
#ifndef KPERM_CUDA_DEVICE_H
#define KPERM_CUDA_DEVICE_H

#include "kperm/platform.h"
#include "kperm/status.h"
#include "kperm/comb_table.h"

#if defined(KPERM_CUDA_TABLES_IN_SOURCE)
#if !defined(__CUDACC_RTC__)
#error "KPERM_CUDA_TABLES_IN_SOURCE is for NVRTC: nvcc's host code would read the device's tables"
#endif
/* the tables of kperm/tables.h and kperm/comb_table.h are themselves
 * initialised __device__ arrays: nothing to upload (kperm.numba links this way) */
#elif defined(__CUDACC_RTC__)
/* NVRTC compiles one unit: C linkage keeps the names plain for get_global() */
extern "C" {
__constant__ kperm_u64 kperm_fact_table_device[KPERM_MAX_N + 1];
__constant__ float kperm_inv_fact_table_device[KPERM_MAX_N + 1];
__device__ kperm_u64 kperm_comb_table_device[KPERM_COMB_TABLE_SIZE];
}
#else
/* nvcc: one copy per .cu file, so that no -rdc build is needed */
static __constant__ kperm_u64 kperm_fact_table_device[KPERM_MAX_N + 1];
static __constant__ float kperm_inv_fact_table_device[KPERM_MAX_N + 1];
static __device__ kperm_u64 kperm_comb_table_device[KPERM_COMB_TABLE_SIZE];
#endif

#include "kperm.h"

#endif /* KPERM_CUDA_DEVICE_H */
