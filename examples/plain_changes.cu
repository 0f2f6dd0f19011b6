// Sum |p[i+1] - p[i]| over every permutation p of n = 12, visited in plain-changes
// order: each step swaps two neighbours, so only the differences beside them change.
#include <cstdio>
#include "kperm_cuda.h"

__device__ unsigned gap(kperm_u64 w, int i, int j)         // |p[i] - p[j]| of packed permutation w
{
    int a = kperm_packed_get(w, i), b = kperm_packed_get(w, j);
    return a > b ? a - b : b - a;
}

__global__ void adjacent_sums(int n, unsigned long long *total)
{
    kperm_rank count, begin, end;
    kperm_sjt_cursor c;
    unsigned long long mine = 0;
    unsigned s = 0;
    kperm_count(n, &count);
    kperm_split(0, count, (kperm_u64)gridDim.x * blockDim.x, blockIdx.x * blockDim.x + threadIdx.x, &begin, &end);
    kperm_sjt_cursor_init(&c, n, begin, end);
    while (kperm_sjt_cursor_next(&c)) {
        int q = c.pivot;                                   // positions q and q + 1 were swapped
        if (c.rank == begin)                               // the first one: every difference
            for (int i = 0; i + 1 < n; i++) s += gap(c.word, i, i + 1);
        else {                                             // before the swap, q held what q + 1 holds now
            if (q > 0) s += gap(c.word, q - 1, q) - gap(c.word, q - 1, q + 1);
            if (q + 2 < n) s += gap(c.word, q + 1, q + 2) - gap(c.word, q, q + 2);
        }
        mine += s;
    }
    atomicAdd(total, mine);
}

int main(void)
{
    unsigned long long *total, result = 0, want = 479001600ull / 3 * 143;   // n! (n^2 - 1) / 3
    cudaError_t err = kperm_cuda_upload_tables();
    if (err == cudaSuccess) err = cudaMalloc(&total, sizeof *total);
    if (err == cudaSuccess) err = cudaMemset(total, 0, sizeof *total);
    if (err == cudaSuccess) adjacent_sums<<<132, 256>>>(12, total);
    if (err == cudaSuccess) err = cudaMemcpy(&result, total, sizeof result, cudaMemcpyDeviceToHost);
    if (err != cudaSuccess) {
        fprintf(stderr, "plain_changes: %s\n", cudaGetErrorString(err));
        return 1;
    }
    printf("sum of adjacent differences over all 12!: %llu\n", result);   // 22832409600
    return result != want;
}
