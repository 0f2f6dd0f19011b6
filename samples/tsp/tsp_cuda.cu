/* tsp_cuda.cu - the CUDA backend: tsp_search.h in a kernel, the distances in
 * shared memory, a block reduction, and the final pass in a one-block kernel,
 * so one tsp_best is all that comes back. */
#include "kperm_cuda.h"
#define TSP_BARRIER() __syncthreads()
#define TSP_GROUP_FN static __device__ __forceinline__
#include "tsp_backend.h"
#include <stdio.h>
#include <stdlib.h>

__global__ void __launch_bounds__(TSP_GROUP)
tsp_search_kernel(const kperm_u32 *dist, int n, int symmetric, int narrow, kperm_rank begin, kperm_rank end,
                  tsp_best *groups)
{
    __shared__ kperm_u32 d[(KPERM_MAX_N + 1) * (KPERM_MAX_N + 1)];
    __shared__ kperm_u64 lens[TSP_GROUP];
    __shared__ kperm_rank ranks[TSP_GROUP];
    tsp_group_search(dist, n, symmetric, narrow, begin, end, (kperm_u64)blockIdx.x * blockDim.x + threadIdx.x,
                     (kperm_u64)gridDim.x * blockDim.x, (int)threadIdx.x, TSP_GROUP, d, lens, ranks,
                     &groups[blockIdx.x]);
}

__global__ void __launch_bounds__(TSP_GROUP)
tsp_final_kernel(const tsp_best *groups, int count, tsp_best *best)
{
    __shared__ kperm_u64 lens[TSP_GROUP];
    __shared__ kperm_rank ranks[TSP_GROUP];
    tsp_group_final(groups, count, best, (int)threadIdx.x, TSP_GROUP, lens, ranks);
}

typedef struct {
    kperm_u32 *dist;
    tsp_best *groups, *best;
    int n, symmetric, narrow, ngroups;
} cuda_state;

static int cuda_fail(char *err, size_t errsize, const char *what, cudaError_t e)
{
    snprintf(err, errsize, "cuda: %s: %s", what, cudaGetErrorString(e));
    return -1;
}

static int cuda_search(tsp_backend *b, kperm_rank begin, kperm_rank end, char *err, size_t errsize)
{
    cuda_state *s = (cuda_state *)b->state;
    cudaError_t e;
    tsp_search_kernel<<<s->ngroups, TSP_GROUP>>>(s->dist, s->n, s->symmetric, s->narrow, begin, end, s->groups);
    tsp_final_kernel<<<1, TSP_GROUP>>>(s->groups, s->ngroups, s->best);
    e = cudaGetLastError();
    if (e == cudaSuccess)
        e = cudaDeviceSynchronize();
    return e == cudaSuccess ? 0 : cuda_fail(err, errsize, "running the search kernel", e);
}

static int cuda_result(tsp_backend *b, tsp_best *best, char *err, size_t errsize)
{
    cuda_state *s = (cuda_state *)b->state;
    cudaError_t e = cudaMemcpy(best, s->best, sizeof *best, cudaMemcpyDeviceToHost);
    return e == cudaSuccess ? 0 : cuda_fail(err, errsize, "reading the result", e);
}

static void cuda_close(tsp_backend *b)
{
    cuda_state *s = (cuda_state *)b->state;
    if (!s)
        return;
    cudaFree(s->dist);
    cudaFree(s->groups);
    cudaFree(s->best);
    free(s);
    b->state = NULL;
}

extern "C" int tsp_cuda_open(tsp_backend *b, const tsp_instance *inst, int gpu_only, char *err, size_t errsize)
{
    int count = 0;
    cudaDeviceProp prop;
    cudaError_t e = cudaGetDeviceCount(&count);
    cuda_state *s;
    tsp_best none = {TSP_NONE, TSP_NONE};
    (void)gpu_only;
    if (e != cudaSuccess || count == 0) {
        snprintf(err, errsize, "cuda: no CUDA device (%s)", e != cudaSuccess ? cudaGetErrorString(e) : "none found");
        return -1;
    }
    e = cudaGetDeviceProperties(&prop, 0);
    s = (cuda_state *)calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "cuda: out of memory");
        return -1;
    }
    b->state = s;
    s->n = inst->n;
    s->symmetric = inst->symmetric;
    s->narrow = tsp_narrow_ok(inst->dist, inst->n);
    s->ngroups = prop.multiProcessorCount * 16; /* enough blocks to fill every SM */
    if (e == cudaSuccess) e = kperm_cuda_upload_tables();
    if (e == cudaSuccess) e = cudaMalloc(&s->dist, sizeof(kperm_u32) * inst->n * inst->n);
    if (e == cudaSuccess) e = cudaMalloc(&s->groups, sizeof(tsp_best) * s->ngroups);
    if (e == cudaSuccess) e = cudaMalloc(&s->best, sizeof(tsp_best));
    if (e == cudaSuccess)
        e = cudaMemcpy(s->dist, inst->dist, sizeof(kperm_u32) * inst->n * inst->n, cudaMemcpyHostToDevice);
    if (e == cudaSuccess) e = cudaMemcpy(s->best, &none, sizeof none, cudaMemcpyHostToDevice);
    if (e != cudaSuccess) {
        cuda_fail(err, errsize, "setting up", e);
        cuda_close(b);
        return -1;
    }
    b->name = "cuda";
    snprintf(b->device, sizeof b->device, "%s", prop.name);
    b->is_gpu = 1;
    b->search = cuda_search;
    b->result = cuda_result;
    b->close = cuda_close;
    return 0;
}
