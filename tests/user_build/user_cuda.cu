/* user_cuda.cu - the body in CUDA kernels whose sizes are kernel arguments
 * (compiled, not run). */
#include "kperm_cuda.h"
#include "user_body.h"

__global__ void user_plan(int n, kperm_u64 *plan)
{
    if (blockIdx.x == 0 && threadIdx.x == 0)
        user_ms_make_plan(n, plan);
}

__global__ void user_kernel(int n, int k, int j, kperm_rank rank, const kperm_u64 *plan,
                            const kperm_u64 *binomials, kperm_u64 *out)
{
    kperm_u64 id = (kperm_u64)blockIdx.x * blockDim.x + threadIdx.x;
    out[id] = user_body(n, k, j, rank, (kperm_u64)gridDim.x * blockDim.x, id, plan, binomials);
}
