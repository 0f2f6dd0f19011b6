/* user_kernel.cl - the body in OpenCL kernels whose sizes are kernel
 * arguments. Not a whole program: the checks put the core in front (as
 * #include "kperm.cl" or as kperm_cl_source()), then user_body.h, then this. */
__kernel void user_plan(int n, __global ulong *plan)
{
    if (get_global_id(0) == 0)
        user_ms_make_plan(n, plan);
}

__kernel void user_kernel(int n, int k, int j, ulong rank, __global const ulong *plan,
                          __global const ulong *binomials, __global ulong *out)
{
    ulong id = get_global_id(0);
    out[id] = user_body(n, k, j, rank, get_global_size(0), id, plan, binomials);
}
