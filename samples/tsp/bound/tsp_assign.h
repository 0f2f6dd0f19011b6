/* tsp_assign.h - the assignment problem (host only): its duals, where the
 * root's ascent starts on an asymmetric instance (tsp_bound.c), and a
 * branch and bound of its own that proves a tour optimal.
 *
 * Every tour is an assignment (each city one successor, each one
 * predecessor), so the cheapest assignment bounds every tour from below.
 * On many asymmetric instances it is close to the optimum but the prefix
 * search still walks millions of paths to prove it; branching on the
 * assignment's subtours closes them in a few hundred subproblems
 * (Carpaneto, Dell'Amico and Toth, ACM TOMS 21 (1995), Algorithm 750).
 * A subproblem bans some arcs and forces others; its assignment is
 * solved again from its parent's in O(n^2) (one augmenting path, the
 * parent's duals still feasible). When it is not a tour, one of its
 * subtours, the one with the fewest arcs not forced, say a_1 ... a_k,
 * cannot be part of any tour, so every tour of the subproblem lies in
 * exactly one child t = 1..k: a_t banned, a_1 ... a_{t-1} forced. A child
 * whose assignment costs as much as the best tour known holds no shorter
 * tour and is closed. When none is left open, the best tour is optimal. */
#ifndef TSP_ASSIGN_H
#define TSP_ASSIGN_H

#include "tsp_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the subproblems tsp_assign_prove may solve, per city: kperm-tsp's caps,
 * a quick try before the root's bound (enough for most of TSPLIB's ftv
 * files) and a long one after it (ftv55 takes 802) */
#define TSP_ASSIGN_QUICK 100
#define TSP_ASSIGN_NODES 1500

/* The cheapest assignment of the n cities of dist (d(i,j) = dist[i*n+j],
 * the diagonal excluded): duals u (leaving), v (entering), d_ij - u_i -
 * v_j >= 0 for every i != j, 0 on the assignment. */
void tsp_assign_duals(const unsigned *dist, int n, tsp_s64 *u, tsp_s64 *v);

/* The branch and bound above, from the tour *best (length, tour[0..n-2]
 * after city 0) as the best known, solving at most `nodes` subproblems.
 * A shorter tour found replaces *best (rank 0); with ties set, so does one
 * as short and earlier in rank order, and the subproblems as costly as the
 * best stay open. Returns 1 when the search ended within the cap: *best is
 * then optimal and, with ties, the first optimal tour in rank order; 0
 * when the cap ended it first (*best is still a tour, perhaps better).
 * Deterministic. */
int tsp_assign_prove(const unsigned *dist, int n, tsp_best *best, long nodes, int ties);

#ifdef __cplusplus
}
#endif

#endif
