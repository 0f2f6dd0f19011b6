/* tsp_units.h - what the pool hands out and how its counts read. Without
 * --prune the pool's units are the tours' ranks. Pruned, a unit fixes the
 * first p cities after city 1 (unit u: the k-permutation of rank u of
 * cities 2..n, p at a time), the backends search below it by branch and
 * bound (tsp_branch.h), and the answer comes as a tour, whose rank (past 21
 * cities beyond 64 bits) is computed here, in decimal. */
#ifndef TSP_UNITS_H
#define TSP_UNITS_H

#include <stddef.h>
#include "tsp_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* how many cities a unit fixes: 0 (units are ranks) unless pruning, then
 * the fewest that make at least TSP_UNITS_MIN units (or n - 1). The fault
 * tests' build (-DTSP_FAULTS) takes KPERM_TSP_UNIT_CITIES=P instead (at
 * most n - 1), so that the tests can try every unit depth. */
#define TSP_UNITS_MIN 20000
int tsp_unit_cities(int n, int prune);

/* the pool's total: (n-1)! ranks, or P(n-1, p) units */
kperm_rank tsp_unit_total(int n, int p);

/* best's tour: cities 2..n as 0..n-2, in order, into tour[0..n-2] */
void tsp_unit_tour(int n, int p, const tsp_best *best, kperm_u8 *tour);

/* count units (or ranks) as tours: times (n-1-p)! for units, halved when
 * symmetric; in decimal into out, and returned as a double (for rates) */
double tsp_unit_tours(int n, int p, int symmetric, kperm_rank count, char *out, size_t size);

/* the rank of the tour tour[0..n-2] among all (n-1)! orders, in decimal */
void tsp_tour_rank(int n, const kperm_u8 *tour, char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
