/* tsp_kernel.cl - the OpenCL kernels around tsp_search.h. kperm-tsp embeds this
 * file, with kperm and tsp_search.h inlined, as a string at build time. */
#define TSP_BARRIER() barrier(CLK_LOCAL_MEM_FENCE)
#define TSP_GROUP_FN static inline
#include "kperm.cl"
#include "tsp_search.h"

/* the arguments in this order: tsp_opencl.c's enum search_arg */
__kernel __attribute__((reqd_work_group_size(TSP_GROUP, 1, 1)))
void tsp_search_kernel(__global const uint *dist, tsp_task task, __global tsp_best *groups)
{
    __local tsp_scratch mem;
    tsp_group_search(dist, &task, get_global_id(0), get_global_size(0), (int)get_local_id(0), TSP_GROUP, &mem,
                     &groups[get_group_id(0)]);
}

/* the arguments in this order: tsp_opencl.c's enum final_arg */
__kernel __attribute__((reqd_work_group_size(TSP_GROUP, 1, 1)))
void tsp_final(__global const tsp_best *groups, int count, __global tsp_item *result)
{
    __local tsp_scratch mem;
    tsp_group_final(groups, count, &result->best, (int)get_local_id(0), TSP_GROUP, &mem);
}

/* the arguments in this order: tsp_opencl.c's enum branch_arg */
__kernel __attribute__((reqd_work_group_size(TSP_GROUP, 1, 1)))
void tsp_branch_kernel(__global const uint *dist, __global const tsp_relax *relax, tsp_task task,
                       volatile __global uint *counter, volatile __global uint *shared,
                       __global const tsp_item *incumbent, __global tsp_item *items)
{
    tsp_item_join(&items[get_global_id(0)], incumbent);
    tsp_branch_units(dist, relax, &task, counter, shared, &items[get_global_id(0)]);
}

/* the frontier's kernels (tsp_frontier.h); their arguments in this order:
 * tsp_opencl.c's enum frontier_arg, the same for all of them */
#define TSP_FRONTIER_ARGS                                                                                            \
    __global const uint *dist, __global const tsp_relax *relax, tsp_task task, volatile __global uint *shared,        \
        volatile __global uint *counter, uint cap, __global const tsp_node *in, uint lo, uint nin, int slots,       \
        __global tsp_node *out, __global uint *open, __global uint *sums,                                            \
        __global const tsp_item *incumbent, __global tsp_item *items

__kernel __attribute__((reqd_work_group_size(TSP_GROUP, 1, 1)))
void tsp_root_kernel(TSP_FRONTIER_ARGS)
{
    tsp_branch_root(dist, relax, &task, get_global_id(0), incumbent, shared, out);
}

__kernel __attribute__((reqd_work_group_size(TSP_GROUP, 1, 1)))
void tsp_expand_kernel(TSP_FRONTIER_ARGS)
{
    ulong g = get_global_id(0);
    if (lo + g / (ulong)slots < nin)
        tsp_branch_expand(dist, relax, &task, in, lo + (uint)(g / (ulong)slots), (int)(g % (ulong)slots), incumbent,
                          shared, open);
}

__kernel __attribute__((reqd_work_group_size(TSP_GROUP, 1, 1)))
void tsp_sums_kernel(TSP_FRONTIER_ARGS)
{
    __local uint mem[TSP_GROUP];
    tsp_level_sums(open, nin, (int)get_group_id(0), sums, (int)get_local_id(0), TSP_GROUP, mem);
}

__kernel __attribute__((reqd_work_group_size(TSP_GROUP, 1, 1)))
void tsp_offsets_kernel(TSP_FRONTIER_ARGS)
{
    __local uint mem[TSP_GROUP];
    tsp_level_offsets(sums, nin, counter, (int)get_local_id(0), TSP_GROUP, mem);
}

__kernel __attribute__((reqd_work_group_size(TSP_GROUP, 1, 1)))
void tsp_place_kernel(TSP_FRONTIER_ARGS)
{
    __local uint mem[TSP_GROUP];
    tsp_level_place(dist, &task, in, nin, open, sums, cap, out, (int)get_group_id(0),
                    (int)get_local_id(0), TSP_GROUP, mem);
}

__kernel __attribute__((reqd_work_group_size(TSP_GROUP, 1, 1)))
void tsp_nodes_kernel(TSP_FRONTIER_ARGS)
{
    tsp_branch_nodes(dist, relax, &task, in, lo, nin, counter, shared, incumbent, &items[get_global_id(0)]);
}

/* the arguments in this order: tsp_opencl.c's enum fold_arg */
__kernel __attribute__((reqd_work_group_size(TSP_GROUP, 1, 1)))
void tsp_branch_fold_kernel(__global const tsp_item *items, int count, __global tsp_item *out)
{
    __local tsp_branch_scratch mem;
    tsp_branch_fold(items, count, (int)get_group_id(0), (int)get_num_groups(0), out, (int)get_local_id(0), TSP_GROUP,
                    &mem);
}
