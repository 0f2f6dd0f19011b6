/* tsp_kernel.cl - the OpenCL kernels around tsp_search.h. kperm-tsp embeds this
 * file, with kperm and tsp_search.h inlined, as a string at build time. */
#define TSP_BARRIER() barrier(CLK_LOCAL_MEM_FENCE)
#define TSP_GROUP_FN static inline
#include "kperm.cl"
#include "tsp_search.h"

__kernel __attribute__((reqd_work_group_size(TSP_GROUP, 1, 1)))
void tsp_search_kernel(__global const uint *dist, int n, int symmetric, int mode, ulong begin, ulong end,
                       __global tsp_best *groups, ulong rest, ulong base, int last, int first,
                       volatile __global uint *shared, __global tsp_tally *tallies)
{
    tsp_sub sub;
    sub.rest = rest;
    sub.base = base;
    sub.last = last;
    sub.first = first;
    __local uint d[TSP_MAX_CITIES * TSP_MAX_CITIES];
    __local ulong lens[TSP_GROUP], ranks[TSP_GROUP];
    tsp_group_search(dist, n, symmetric, mode, begin, end, get_global_id(0), get_global_size(0),
                     (int)get_local_id(0), TSP_GROUP, d, lens, ranks, &groups[get_group_id(0)], sub, shared,
                     &tallies[get_group_id(0)]);
}

__kernel __attribute__((reqd_work_group_size(TSP_GROUP, 1, 1)))
void tsp_final(__global const tsp_best *groups, int count, __global tsp_best *best, int tallied,
               __global const tsp_tally *tallies, __global tsp_tally *total)
{
    __local ulong lens[TSP_GROUP], ranks[TSP_GROUP];
    tsp_group_final(groups, count, best, (int)get_local_id(0), TSP_GROUP, lens, ranks, tallied, tallies, total);
}

/* the shortest length known elsewhere, into the shared word (one work-item) */
__kernel void tsp_share(volatile __global uint *shared, ulong known)
{
    tsp_shared_min(shared, known);
}
