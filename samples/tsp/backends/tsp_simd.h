/* tsp_simd.h - the C backend's block search on the CPU's vector unit. */
#ifndef TSP_SIMD_H
#define TSP_SIMD_H

#include "tsp_backend.h"

/* The instruction set tsp_simd_search uses: "avx512", "avx2" or "scalar".
 * The best the CPU has (x86-64 with GCC or clang; elsewhere "scalar"), unless
 * the environment variable KPERM_TSP_SIMD names another one the CPU has. */
const char *tsp_simd_name(void);

/* tsp_search for work-item `item` of `items` (the task's begin and end
 * multiples of TSP_BLOCK in TSP_BLOCKS mode), with the whole blocks on the
 * vector unit */
void tsp_simd_search(const kperm_u32 *d, const tsp_task *task, kperm_u64 item, kperm_u64 items, kperm_u64 *len,
                     kperm_rank *rank);

#endif
