// Count the derangements of n = 10 (no element in its own place) on the GPU.
#include <cstdio>
#include "kperm_cuda.h"

__global__ void derangements(int n, unsigned long long *found)
{
    kperm_rank total, begin, end;
    kperm_cursor c;
    unsigned long long mine = 0, threads = (unsigned long long)gridDim.x * blockDim.x;
    kperm_count(n, &total);
    kperm_split(0, total, threads, blockIdx.x * blockDim.x + threadIdx.x, &begin, &end);
    kperm_cursor_init(&c, n, begin, end);
    while (kperm_cursor_next(&c)) {      // unranks once, then steps with kperm_next
        int fixed = 0;
        for (int i = 0; i < n; i++)
            fixed |= c.perm[i] == i;
        mine += !fixed;
    }
    atomicAdd(found, mine);
}

int main(void)
{
    unsigned long long *found, result = 0;
    cudaError_t err = kperm_cuda_upload_tables();   // factorials into __constant__
    if (err == cudaSuccess) err = cudaMalloc(&found, sizeof *found);
    if (err == cudaSuccess) err = cudaMemset(found, 0, sizeof *found);
    if (err == cudaSuccess) derangements<<<132, 256>>>(10, found);
    if (err == cudaSuccess) err = cudaMemcpy(&result, found, sizeof result, cudaMemcpyDeviceToHost);
    if (err != cudaSuccess) {
        fprintf(stderr, "derangements: %s\n", cudaGetErrorString(err));
        return 1;
    }
    printf("derangements of 10: %llu\n", result);   // 1334961
    return result != 1334961;
}
