/* bench_cuda.h - what the CUDA benchmark drivers share: bench_body.h's
 * qualifiers for CUDA, Wong's table in __constant__ memory (upload
 * it with bench_cuda_upload_seed_table), the host side, and CK(). */
#ifndef BENCH_CUDA_H
#define BENCH_CUDA_H

#include "kperm_cuda.h"
#define BENCH_GLOBAL
#define BENCH_LOCAL
#define BENCH_BARRIER() __syncthreads()
#define BENCH_DEVICE_FN static __device__ __forceinline__
static __constant__ kperm_u64 seed_table[KPERM_MAX_N + 1][KPERM_MAX_N + 1];
#define BENCH_SEED_TABLE(i, j) seed_table[i][j]
#include "bench_body.h"
#include "bench_host.h"

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

/* the kperm tables and Wong's table, both to __constant__ memory */
static inline void bench_cuda_upload_tables(void)
{
    kperm_u64 table[KPERM_MAX_N + 1][KPERM_MAX_N + 1];
    CK(kperm_cuda_upload_tables());
    bench_seed_table(table);
    CK(cudaMemcpyToSymbol(seed_table, table, sizeof table));
}

#endif
