/* consumer.cu - kperm from CUDA through find_package(kperm): rank 5 of 4 on
 * the GPU, or the reason it cannot run. */
#include <cstdio>
#include "kperm_cuda.h"

__global__ void unrank5(kperm_u8 *p, int *rc) { *rc = kperm_unrank(5, 4, p); }

int main()
{
    kperm_u8 *p, h[4];
    int *rc, hrc = -100;
    if (kperm_cuda_upload_tables() != cudaSuccess) {
        printf("no CUDA device\n");
        return 0;
    }
    cudaMalloc(&p, 4);
    cudaMalloc(&rc, sizeof(int));
    unrank5<<<1, 1>>>(p, rc);
    cudaMemcpy(h, p, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hrc, rc, sizeof(int), cudaMemcpyDeviceToHost);
    printf("rank 5 of 4 on the GPU: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
    return !(hrc == KPERM_OK && h[0] == 0 && h[1] == 3 && h[2] == 2 && h[3] == 1);
}
