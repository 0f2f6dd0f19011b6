/* tsp_start.h - what the pruned search starts from, on every MPI rank
 * alike: the first tour (tsp_seed.h), the root's bound and penalties
 * (tsp_bound.h), and, when they settle the answer before any search, the
 * answer itself:
 *   - the root's bound equals the first tour's length: the tour is
 *     optimal, and the first of that length in rank order (tsp_dive.h) is
 *     the answer;
 *   - else, on an asymmetric instance, the assignment problem's own branch
 *     and bound (tsp_assign.h) proves the optimum and finds its first tour
 *     in rank order, within TSP_ASSIGN_NODES subproblems per city.
 * The test build (-DTSP_FAULTS) takes KPERM_TSP_SEARCH_ALL=1 to settle
 * nothing and skip the assignment's branch and bound, so that the tests
 * check each backend's search on instances the start would settle. */
#ifndef TSP_START_H
#define TSP_START_H

#include "tsp_types.h"
#include "tsplib.h"

#ifdef __cplusplus
extern "C" {
#endif

/* x filled for a pruned search of inst (x->first the first tour); *seed
 * gets the local search's length, *bound the lower bound on every tour.
 * Returns 1 when x->first is the answer (length and, on ties, smallest
 * rank) and *bound its length, else 0. */
int tsp_start(const tsp_instance *inst, tsp_relax *x, kperm_u64 *seed, kperm_u64 *bound);

#ifdef __cplusplus
}
#endif

#endif
