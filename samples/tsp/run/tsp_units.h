/* tsp_units.h - the pruned search past 21 cities, where the tours' ranks
 * outgrow 64 bits. Its units: unit u fixes the first p = n - 21 cities after
 * city 1 (the k-permutation of rank u of cities 2..n taken p at a time), and
 * its own ranks 0..20! - 1 order the 20 cities left, so the tour's rank is
 * u * 20! + rank (tsp_best.unit and .rank). The pool hands out units where it
 * would hand out ranks. A unit whose fixed path the bound prunes is skipped
 * with every unit that shares the pruned part (kperm_kp_skip); the others
 * are searched by the backend as a tsp_sub, one at a time. Up to 21 cities,
 * and without --prune, a unit is a rank (p = 0) and none of this applies.
 * The functions below take n and p = tsp_unit_cities(n, prune). */
#ifndef TSP_UNITS_H
#define TSP_UNITS_H

#include "tsp_backend.h"

#ifdef __cplusplus
extern "C" {
#endif

/* how many cities a unit fixes: n - 21 when pruning, or 0 (units are
 * ranks). The fault tests' build (-DTSP_FAULTS) reads KPERM_TSP_UNIT_SPAN=S
 * (1..19): units of S cities from n = S + 2 on, so that the exhaustive
 * answer can check them. */
int tsp_unit_cities(int n, int prune);

/* the pool's total: (n-1)! ranks, or P(n-1, p) units */
kperm_rank tsp_unit_total(int n, int p);

/* Searches units [ub, ue) with b (opened with place->prune), pruned against
 * `known` and *best, folding into *best. *tally becomes b's tally plus the
 * unit prefixes skipped, counted in *skipped (this worker's, so far). 0, or
 * -1 with err. */
int tsp_units_search(tsp_backend *b, const tsp_instance *inst, int p, kperm_rank ub, kperm_rank ue,
                     kperm_u64 known, tsp_best *best, tsp_tally *tally, kperm_u64 *skipped, char *err,
                     size_t errsize);

/* best's tour: cities 2..n as 0..n-2, in order, into tour[0..n-2] */
void tsp_unit_tour(int n, int p, const tsp_best *best, kperm_u8 *tour);

/* count units (or ranks) as tours: times (n-1-p)! for units, halved when
 * symmetric; in decimal into out, and returned as a double (for rates) */
double tsp_unit_tours(int n, int p, int symmetric, kperm_rank count, char *out, size_t size);

/* best's rank among all orders, in decimal into out */
void tsp_unit_rank(int n, int p, const tsp_best *best, char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
