/* main.cu - kperm from a CUDA project through find_package(kperm): one
 * thread per chunk of derangements.h on the GPU, the host's count beside it. */
#include <cstdio>
#include "kperm_cuda.h"
#include "derangements.h"

__global__ void count_chunks(int *found)
{
    int chunk = threadIdx.x;
    found[chunk] = derangements((kperm_rank)chunk * DERANGE_CHUNK, DERANGE_CHUNK, DERANGE_N);
}

int main()
{
    int *d_found, found[DERANGE_N], total = 0, host = derangements(0, DERANGE_N * DERANGE_CHUNK, DERANGE_N);
    if (kperm_cuda_upload_tables() != cudaSuccess || cudaMalloc(&d_found, sizeof found) != cudaSuccess) {
        std::printf("CUDA: no device\n");
        return 1;
    }
    count_chunks<<<1, DERANGE_N>>>(d_found);
    if (cudaMemcpy(found, d_found, sizeof found, cudaMemcpyDeviceToHost) != cudaSuccess)
        return 1;
    for (int chunk = 0; chunk < DERANGE_N; chunk++)
        total += found[chunk]; /* a -1 leaves it short */
    std::printf("CUDA: %d derangements of %d on the GPU, %d on the host (want %d)\n", total, DERANGE_N, host,
                DERANGE_WANT);
    cudaFree(d_found);
    return !(total == DERANGE_WANT && host == DERANGE_WANT);
}
