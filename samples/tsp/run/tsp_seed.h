/* tsp_seed.h - a good tour found quickly, before the pruned search: its
 * length is the first "shortest known", so the search prunes from its first
 * step, and the tour itself is every work-item's first own best (a candidate
 * answer, which the search replaces by any tour shorter or as short and
 * first in rank order: README, "Pruning"). */
#ifndef TSP_SEED_H
#define TSP_SEED_H

#include "tsp_types.h"
#include "tsplib.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A tour of inst into *best (length, rank 0, tour[0..n-2]: the cities after
 * city 1 as 0-based indices, a symmetric tour in the orientation the search
 * counts: its second city below its last). Iterated local search: the
 * nearest-neighbour tour from city 1, improved by reversing a stretch
 * (2-opt) or moving one of up to 3 cities, reversed or not (or-opt), until
 * neither shortens it; then, a fixed number of times, the best tour so far
 * cut in four and put together in another order (a double bridge) and
 * improved again, kept when shorter. Then the same again with the moves
 * of an asymmetric instance: segment exchanges (three edges cut, the two
 * stretches between them swapped, none reversed; every improving one is
 * found through the cities nearer to a city than its successor, retried
 * only at cities whose edges changed), kicked by a double bridge of three
 * short stretches. Every move is priced in O(1) on the direction it is
 * travelled in, so ATSP instances are handled alike. A fixed pseudo-random
 * sequence: every MPI rank finds the same tour. */
void tsp_seed_tour(const tsp_instance *inst, tsp_best *best);

#ifdef __cplusplus
}
#endif

#endif
