// Count the derangements of n = 10 (no element in its own place) on the GPU.
#include <cstdio>
#include "kperm_cuda.h"

// 1 if packed permutation w of n has no element in its own place: w ^ identity has no zero nibble
__device__ int deranged(kperm_u64 w, int n)
{
    kperm_u64 low = (1ull << (4 * n)) - 1, x = w ^ (0xfedcba9876543210ull & low);
    return ((x - (0x1111111111111111ull & low)) & ~x & 0x8888888888888888ull & low) == 0;
}

__global__ void derangements(int n, unsigned long long *found)
{
    kperm_rank total, begin, end;
    kperm_walk w;
    unsigned long long mine = 0, threads = (unsigned long long)gridDim.x * blockDim.x;
    kperm_count(n, &total);
    kperm_split(0, total, threads, blockIdx.x * blockDim.x + threadIdx.x, &begin, &end);
    kperm_walk_init(&w, n, begin, end);          // permutations as words: element i in bits 4i..4i+3
    while (kperm_walk_block(&w))
        if (kperm_walk_whole(&w)) {              // 120 permutations, each a few shifts of registers
            #pragma unroll
            for (int k = 0; k < KPERM_WALK_BLOCK; k++)
                mine += deranged(kperm_walk_word(&w, k), n);
        } else                                   // the ragged ends of the range
            for (unsigned k = w.first; k < w.last; k++)
                mine += deranged(kperm_walk_word(&w, k), n);
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
