/* tsp_start.c - what the pruned search starts from (tsp_start.h). */
#include "tsp_start.h"
#include "tsp_seed.h"
#include "tsp_bound.h"
#include "tsp_dive.h"
#include "tsp_assign.h"
#include <stdlib.h>

/* whether the start may settle the answer and try the assignment's branch
 * and bound: always, but in the tests' build on request */
static int may_settle(void)
{
#ifdef TSP_FAULTS
    const char *all = getenv("KPERM_TSP_SEARCH_ALL");
    return !(all && atoi(all) == 1);
#else
    return 1;
#endif
}

/* the assignment's branch and bound on an asymmetric instance, within
 * nodes subproblems per city */
static int assign(const tsp_instance *inst, tsp_relax *x, long nodes)
{
    return !inst->symmetric && may_settle() && tsp_assign_prove(inst->dist, inst->n, &x->first, nodes * inst->n, 1);
}

int tsp_start(const tsp_instance *inst, tsp_relax *x, kperm_u64 *bound)
{
    int n = inst->n;
    tsp_seed_tour(inst, &x->first);
    if (!assign(inst, x, TSP_ASSIGN_QUICK)) { /* (when it settles, no search needs the penalties) */
        *bound = tsp_bound_root(inst->dist, n, inst->symmetric, x->first.length, x);
        if (!tsp_dive_first(inst, x, *bound, (long)TSP_DIVE_STEPS * n * n) && !assign(inst, x, TSP_ASSIGN_NODES))
            return 0;
    }
    *bound = x->first.length;
    return may_settle();
}
