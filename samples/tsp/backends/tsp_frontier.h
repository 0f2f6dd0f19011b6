/* tsp_frontier.h - the order of a device's pruned search, the same for CUDA
 * and OpenCL: the units' fixed paths, then level after level of their open
 * children (tsp_branch.h's frontier), each level in rank order, while more
 * than TSP_FRONTIER_LEFT cities are left and a level fits in
 * TSP_FRONTIER_CAP paths, then depth first below the last level that fit,
 * in chunks from its smallest rank with the device's best tour folded
 * between them; a level as wide as the device is first searched below its
 * first path. Small instances, and tasks with more units than a level
 * holds, go depth first from the units. Each backend supplies the
 * launches. */
#ifndef TSP_FRONTIER_H
#define TSP_FRONTIER_H

#include "tsp_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TSP_FRONTIER_CAP (1u << 22) /* paths a level may hold on a GPU */
#define TSP_FRONTIER_LEFT 10        /* the levels stop where this many cities are left */

/* a backend's launches for one task; each returns 0, or its own error code */
typedef struct {
    void *ctx;
    kperm_u32 cap;   /* paths a level holds (at most TSP_FRONTIER_CAP) */
    kperm_u32 width; /* the work-items of a depth-first launch (at least TSP_GROUP) */
    /* depth first from every unit */
    int (*units)(void *ctx);
    /* every unit's fixed path, open or closed, into level 0 */
    int (*roots)(void *ctx, kperm_u64 units);
    /* the open children of level from's paths lo..open-1 into the other
     * level, in rank order, and their count into the counter */
    int (*expand)(void *ctx, int from, kperm_u32 lo, kperm_u32 open, int slots);
    /* the counter (the paths of the last level), then zeroed */
    int (*count)(void *ctx, kperm_u32 *count);
    /* depth first below level's paths lo..hi-1 */
    int (*below)(void *ctx, int level, kperm_u32 lo, kperm_u32 hi);
    /* the work-items' bests and tallies into the result: the incumbent of
     * the launches after it */
    int (*fold)(void *ctx);
} tsp_frontier_ops;

/* runs task t (its range, n and fixed set) through ops, its result folded:
 * 0, or the first error code */
int tsp_frontier_run(const tsp_frontier_ops *ops, const tsp_task *t);

#ifdef __cplusplus
}
#endif

#endif
