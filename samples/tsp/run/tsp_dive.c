/* tsp_dive.c - the first tour moved to the smallest rank of its length (tsp_dive.h). */
#include "tsp_dive.h"
#include "tsp_branch.h"

typedef struct {
    const tsp_instance *inst;
    const tsp_relax *x;
    tsp_task t;
    tsp_brancher w;
    long steps; /* paths left to try */
} dive;

/* below path[0..depth] of length base with rest left, children by
 * increasing city: 1 at the first tour folded into v->w, -1 out of steps,
 * else 0 */
static int walk(dive *v, kperm_u8 *path, int depth, kperm_u64 base, kperm_u64 rest)
{
    kperm_u64 left;
    for (left = rest; left; left &= left - 1) {
        int c = kperm_lowest64(left), r;
        kperm_u64 length = base + v->inst->dist[path[depth] * v->inst->n + c], after = rest & ~(KPERM_U64(1) << c);
        if (v->steps-- == 0)
            return -1;
        path[depth + 1] = (kperm_u8)c;
        if (tsp_branch_skip(v->inst->dist, v->x, &v->t, path, depth + 1, length, after, &v->w)) {
            if (v->w.tally.visited)
                return 1;
            continue;
        }
        r = walk(v, path, depth + 1, length, after);
        if (r)
            return r;
    }
    return 0;
}

int tsp_dive_first(const tsp_instance *inst, tsp_relax *x, kperm_u64 bound, long steps)
{
    kperm_u32 shared = TSP_NONE32;
    kperm_u8 path[TSP_MAX_CITIES] = {0};
    dive v;
    int n = inst->n;
    if (bound != x->first.length)
        return 0;
    v.inst = inst;
    v.x = x;
    v.t = tsp_task_on(tsp_task_of(0, 0, x->first.length, 0), n, inst->symmetric, TSP_PRUNED);
    v.w = tsp_brancher_on(&v.t, &shared, tsp_item_first(x));
    v.steps = steps;
    if (walk(&v, path, 0, 0, tsp_cities_after_first(n)) != 1)
        return 0;
    x->first = v.w.best;
    return 1;
}
