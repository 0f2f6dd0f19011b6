/* tsp_seed.h - a good tour found quickly, before the pruned search: its
 * length is the first "shortest known", so the search prunes from its first
 * step. Only the length is used; the answer always comes from the search. */
#ifndef TSP_SEED_H
#define TSP_SEED_H

#include "tsplib.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The length of a tour of inst: the nearest-neighbour tour from city 1,
 * improved by reversing a stretch (2-opt) or moving one of up to 3 cities
 * (or-opt) while either shortens it. Every move is priced by the whole tour's
 * length, so ATSP instances are handled alike. O(n^3) per round; n <= 21. */
unsigned long long tsp_seed_length(const tsp_instance *inst);

#ifdef __cplusplus
}
#endif

#endif
