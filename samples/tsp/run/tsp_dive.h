/* tsp_dive.h - the first tour moved to the smallest rank of its length when
 * the root bound proves it optimal.
 *
 * With thousands of optimal tours (a lattice, a hub that makes every tour
 * tie) the pruned search closes a path whose bound equals the first tour's
 * length only once a tour as short and first in rank order is known (the tie
 * rule, tsp_branch.h). The seed's local search ends at any optimal tour, so
 * a device's frontier, which bounds a whole level before it goes deeper,
 * kept every path before the seed open and widened level after level. When
 * the root bound equals the seed's length, the answer is the smallest-rank
 * tour of that length, and a depth-first walk in rank order (children by
 * increasing city, not cheapest first) that cuts each path the bound or the
 * tie rule cuts reaches it as its first complete tour. The walk is capped:
 * where the bound misleads it, the seed stays the first tour. */
#ifndef TSP_DIVE_H
#define TSP_DIVE_H

#include "tsp_types.h"
#include "tsplib.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the paths the walk may try (bound, or cut by a dropped edge or a twin),
 * per city squared: kperm-tsp's cap */
#define TSP_DIVE_STEPS 4

/* When bound (the root's, tsp_bound_root) equals x->first's length, x->first
 * becomes the first tour in rank order that the walk finds of that length,
 * if it finds one within `steps` paths tried. Returns 1 when it did, 0
 * otherwise (x->first unchanged). Deterministic: every MPI rank finds the
 * same tour. */
int tsp_dive_first(const tsp_instance *inst, tsp_relax *x, kperm_u64 bound, long steps);

#ifdef __cplusplus
}
#endif

#endif
