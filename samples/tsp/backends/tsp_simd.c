/* tsp_simd.c - the block search with one block a vector lane: 16 lanes with
 * AVX-512, 8 with AVX2, the tree of tsp_block_tree.h on GCC vectors compiled
 * once per instruction set (target pragmas), the set picked at run time, so
 * one binary runs on any x86-64 CPU; other CPUs and compilers get the scalar
 * path (tsp_search). */
#include "tsp_simd.h"
#include "tsp_search.h"
#include <stdlib.h>
#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <immintrin.h>
#define TSP_SIMD_JOIN2(a, b) a##b
#define TSP_SIMD_JOIN(a, b) TSP_SIMD_JOIN2(a, b)

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif
typedef kperm_u32 tsp_v8 __attribute__((vector_size(32)));
#define TSP_SIMD_W 8
#define TSP_SIMD_FN tsp_blocks_avx2
#define TSP_SIMD_V tsp_v8
#define TSP_SIMD_VMIN(a, b) ((tsp_v8)_mm256_min_epu32((__m256i)(a), (__m256i)(b)))
#include "tsp_simd_body.h"
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f")
#endif
typedef kperm_u32 tsp_v16 __attribute__((vector_size(64)));
#define TSP_SIMD_W 16
#define TSP_SIMD_FN tsp_blocks_avx512
#define TSP_SIMD_V tsp_v16
#define TSP_SIMD_VMIN(a, b) ((tsp_v16)_mm512_min_epu32((__m512i)(a), (__m512i)(b)))
#include "tsp_simd_body.h"
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

typedef void (*tsp_blocks_fn)(const kperm_u32 *, int, int, kperm_u64, kperm_u64, kperm_u64, kperm_u64, kperm_u64 *,
                              kperm_rank *);

/* the set to use: 2 AVX-512, 1 AVX2, 0 scalar */
static int pick(void)
{
    const char *want = getenv("KPERM_TSP_SIMD");
    int best;
    __builtin_cpu_init();
    best = __builtin_cpu_supports("avx512f") ? 2 : __builtin_cpu_supports("avx2") ? 1 : 0;
    if (want && strcmp(want, "scalar") == 0)
        return 0;
    if (want && strcmp(want, "avx2") == 0 && best >= 1)
        return 1;
    return best;
}

const char *tsp_simd_name(void)
{
    static const char *names[3] = {"scalar", "avx2", "avx512"};
    return names[pick()];
}

void tsp_simd_search(const kperm_u32 *d, const tsp_task *task, kperm_u64 item, kperm_u64 items, kperm_u64 *len,
                     kperm_rank *rank)
{
    static const tsp_blocks_fn fns[3] = {NULL, tsp_blocks_avx2, tsp_blocks_avx512};
    int set = task->mode == TSP_BLOCKS ? pick() : 0;
    if (set)
        fns[set](d, task->n, task->symmetric, task->begin / TSP_BLOCK, task->end / TSP_BLOCK, item, items, len, rank);
    else
        tsp_search(d, task, item, items, len, rank);
}

#else /* no x86 vectors: the scalar path */

const char *tsp_simd_name(void)
{
    return "scalar";
}

void tsp_simd_search(const kperm_u32 *d, const tsp_task *task, kperm_u64 item, kperm_u64 items, kperm_u64 *len,
                     kperm_rank *rank)
{
    tsp_search(d, task, item, items, len, rank);
}

#endif
