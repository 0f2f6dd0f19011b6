/* tsp_frontier.c - a device's pruned search, level by level (see tsp_frontier.h). */
#include "tsp_frontier.h"

int tsp_frontier_run(const tsp_frontier_ops *ops, const tsp_task *t)
{
    kperm_u32 open = 0, next = 0;
    int depth = t->fixed, cur = 0, rc;
    if (t->n - 1 - t->fixed <= TSP_FRONTIER_LEFT)
        return ops->units(ops->ctx);
    rc = ops->roots(ops->ctx, t->end - t->begin);
    if (rc == 0)
        rc = ops->count(ops->ctx, &open);
    if (rc == 0 && open > ops->cap) /* more open units than a level holds: depth first from them all */
        return ops->units(ops->ctx);
    while (rc == 0 && open > 0 && open <= ops->cap && t->n - 1 - depth > TSP_FRONTIER_LEFT) {
        rc = ops->expand(ops->ctx, cur, open, t->n - 1 - depth);
        if (rc == 0)
            rc = ops->count(ops->ctx, &next);
        if (rc || next > ops->cap) /* too wide: depth first from this level */
            break;
        cur = 1 - cur;
        open = next;
        depth++;
    }
    if (rc == 0 && open > 0)
        rc = ops->below(ops->ctx, cur, open);
    return rc;
}
