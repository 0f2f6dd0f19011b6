/* tsp_frontier.c - a device's pruned search, level by level (see tsp_frontier.h). */
#include "tsp_frontier.h"

int tsp_frontier_run(const tsp_frontier_ops *ops, const tsp_task *t)
{
    kperm_u64 units = t->end - t->begin;
    kperm_u32 open, next = 0, lo = 0, hi, size;
    int depth = t->fixed, cur = 0, rc;
    if (t->n - 1 - t->fixed <= TSP_FRONTIER_LEFT || units > ops->cap) { /* no levels, or too wide for one */
        rc = ops->units(ops->ctx);
        return rc ? rc : ops->fold(ops->ctx);
    }
    open = (kperm_u32)units;
    rc = ops->roots(ops->ctx, units);
    while (rc == 0 && open > 0 && t->n - 1 - depth > TSP_FRONTIER_LEFT) {
        /* A level with a path for every work-item is searched depth first
         * below its first path before it is expanded: below one path of so
         * many, that costs about what one work-item's share of the search
         * does, and when many paths have the optimum for their bound (many
         * tours of that length) it finds a tour of small rank that closes the
         * paths after it here, before they multiply level after level. */
        lo = open >= ops->width;
        if (lo)
            rc = ops->below(ops->ctx, cur, 0, lo);
        if (rc == 0 && lo)
            rc = ops->fold(ops->ctx);
        if (rc == 0)
            rc = ops->expand(ops->ctx, cur, lo, open, t->n - 1 - depth);
        if (rc == 0)
            rc = ops->count(ops->ctx, &next);
        if (rc || next > ops->cap) /* too wide: depth first from this level, past its first path if searched */
            break;
        cur = 1 - cur;
        open = next;
        lo = 0;
        depth++;
    }
    /* Depth first below the level in chunks of 1, 2, 4, ... paths from its
     * smallest rank, the result folded after each: the first chunks find a
     * tour of small rank, as the C backend's first units do, and as every
     * later chunk's incumbent it closes by the tie rule each path after it
     * whose bound is its length, instead of each work-item finding a tour
     * of its own first. Without an open path no kernel has changed a
     * work-item's best since the last fold, so the result stands. */
    for (size = 1; rc == 0 && lo < open; lo = hi, size *= 2) {
        hi = open - lo > size ? lo + size : open;
        rc = ops->below(ops->ctx, cur, lo, hi);
        if (rc == 0)
            rc = ops->fold(ops->ctx);
    }
    return rc;
}
