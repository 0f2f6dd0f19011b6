/* tsp_frontier.h - the order of a device's pruned search, the same for CUDA
 * and OpenCL: the units' open paths, then level after level of their open
 * children (tsp_branch.h's frontier) while more than TSP_FRONTIER_LEFT
 * cities are left and a level fits in TSP_FRONTIER_CAP paths, then depth
 * first below the last level that fit. Small instances, and tasks with more
 * open units than a level holds, go depth first from the units. Each
 * backend supplies the launches. */
#ifndef TSP_FRONTIER_H
#define TSP_FRONTIER_H

#include "tsp_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TSP_FRONTIER_CAP (1u << 22) /* open paths a level may hold on a GPU */
#define TSP_FRONTIER_LEFT 10        /* the levels stop where this many cities are left */

/* a backend's launches for one task; each returns 0, or its own error code */
typedef struct {
    void *ctx;
    kperm_u32 cap;                                          /* paths a level holds (at most TSP_FRONTIER_CAP) */
    int (*units)(void *ctx);                                /* depth first from every unit */
    int (*roots)(void *ctx, kperm_u64 units);               /* the units' open paths into level 0 */
    int (*expand)(void *ctx, int from, kperm_u32 open, int slots); /* level from's children into the other */
    int (*count)(void *ctx, kperm_u32 *count);              /* the paths written since, the counter zeroed */
    int (*below)(void *ctx, int level, kperm_u32 open);      /* depth first below level's open paths */
} tsp_frontier_ops;

/* runs task t (its n and fixed set) through ops: 0, or the first error code */
int tsp_frontier_run(const tsp_frontier_ops *ops, const tsp_task *t);

#ifdef __cplusplus
}
#endif

#endif
