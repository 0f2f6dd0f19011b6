/* tsp_relax.h - the costs the pruned search bounds on (tsp_relax in
 * tsp_types.h), computed once per instance on the host: Held-Karp node
 * penalties by subgradient ascent for a symmetric instance, the assignment
 * problem's duals for an asymmetric one. */
#ifndef TSP_RELAX_H
#define TSP_RELAX_H

#include "tsp_types.h"
#include "tsplib.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fills *x for inst (upper: the length of a tour, which steers the ascent)
 * and returns the lower bound it gives on every tour (the root's). */
kperm_u64 tsp_relax_of(const tsp_instance *inst, kperm_u64 upper, tsp_relax *x);

#ifdef __cplusplus
}
#endif

#endif
