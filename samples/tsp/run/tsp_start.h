/* tsp_start.h - what the pruned search starts from, on every MPI rank
 * alike: the first tour (tsp_seed.h), the root's bound and penalties
 * (tsp_bound.h), and, when they settle the answer before any search, the
 * answer itself. In order:
 *   - on an asymmetric instance, the assignment problem's own branch and
 *     bound (tsp_assign.h) within TSP_ASSIGN_QUICK subproblems per city:
 *     when it ends, it has the optimum and its first tour in rank order,
 *     and neither the penalties nor the dropped arcs are computed (no
 *     search needs them);
 *   - the root's bound; when it equals the first tour's length, the tour
 *     is optimal, and the first of that length in rank order
 *     (tsp_dive.h) is the answer;
 *   - on an asymmetric instance, the assignment's branch and bound again,
 *     within TSP_ASSIGN_NODES subproblems per city.
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

/* x->first the first tour of inst, and x filled for a pruned search
 * unless the quick try settled the answer; *bound gets the lower bound on
 * every tour. Returns 1 when x->first is
 * the answer (length and, on ties, smallest rank) and *bound its length,
 * else 0. */
int tsp_start(const tsp_instance *inst, tsp_relax *x, kperm_u64 *bound);

#ifdef __cplusplus
}
#endif

#endif
