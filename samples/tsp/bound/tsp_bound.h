/* tsp_bound.h - the pruned search's lower bounds, in one place: the bound on
 * the rest of a tour below a path (tsp_bound_rest, what the search and the
 * devices' frontier call, one source for C, CUDA and OpenCL) and, on the
 * host, the root's (tsp_bound_root, tsp_bound.c): the penalties that make it
 * strong, found by subgradient ascent, and the arcs it drops. Both take the
 * same structure on the same costs (tsp_relax, tsp_types.h), so that the
 * penalties the ascent finds at the root are the ones the search bounds on.
 *
 * The rest of a tour whose path ends at city `last`, with the cities R left,
 * is a path last -> R -> city 0. Its cost is at least that of the cheapest
 * structure that every such path is an instance of: on a symmetric instance
 * a 1-tree (an edge from last into R, a spanning tree of R, an edge from R
 * home); on an asymmetric one a 1-arborescence (a spanning arborescence of
 * R rooted at last, an arc from R home). Every bound here is exact integer
 * arithmetic on scaled costs (tsp_relax.scale). */
#ifndef TSP_BOUND_H
#define TSP_BOUND_H

#include "kperm.h"
#include "tsp_types.h"

#define TSP_S64_MAX ((tsp_s64)(~KPERM_U64(0) >> 1))

KPERM_FN tsp_s64 tsp_min64(tsp_s64 a, tsp_s64 b)
{
    return a < b ? a : b;
}

/* What the root's ascent and dropped edges need to know of a 1-tree
 * (host only; the search passes none): the cities of R in the order they
 * joined the spanning tree, the cost of the edge each joined by (key[c],
 * key of the first 0), the cities of the cheapest edge out of last and the
 * cheapest edge home. */
typedef struct {
    kperm_u8 order[TSP_MAX_CITIES];
    tsp_s64 key[TSP_MAX_CITIES];
    int out, home;
} tsp_tree;

/* A lower bound, times x->scale, on the rest of a tour whose path ends at
 * city `last` with the cities of `rest` (a mask, not empty) still to visit:
 * the cheapest 1-tree (Prim's, O(r^2), an edge costing the cheaper of its
 * two directions), plus the terms. One city left, it is exact. When tree is
 * not null, the 1-tree is recorded in it. */
KPERM_FN tsp_s64 tsp_one_tree(const TSP_GLOBAL tsp_relax *x, int n, int last, kperm_u64 rest, tsp_tree *tree)
{
    kperm_u8 city[TSP_MAX_CITIES];
    tsp_s64 key[TSP_MAX_CITIES], out = TSP_S64_MAX, home = TSP_S64_MAX, sum = x->tail[last] + x->head;
    int r = 0, j, at, left, joined = 1;
    city[0] = 0; /* rest is never empty, which the compiler cannot know */
    for (; rest; rest &= rest - 1) {
        int c = kperm_lowest64(rest);
        city[r] = (kperm_u8)c;
        key[r++] = TSP_S64_MAX;
        if (tree && x->cost[last * n + c] < out)
            tree->out = c;
        if (tree && x->cost[c * n] < home)
            tree->home = c;
        out = tsp_min64(out, x->cost[last * n + c]);
        home = tsp_min64(home, x->cost[c * n]);
        sum += x->inner[c];
    }
    sum += out + home;
    at = city[0]; /* the tree grows from city[0]; the ones still out sit in city[1..left-1] */
    if (tree) {
        tree->order[0] = (kperm_u8)at;
        tree->key[at] = 0;
    }
    for (left = r; left > 1;) {
        int next = 1;
        for (j = 1; j < left; j++) {
            int c = city[j];
            key[j] = tsp_min64(key[j], tsp_min64(x->cost[at * n + c], x->cost[c * n + at]));
            if (key[j] < key[next])
                next = j;
        }
        sum += key[next];
        at = city[next];
        if (tree) {
            tree->order[joined++] = (kperm_u8)at;
            tree->key[at] = key[next];
        }
        left--;
        city[next] = city[left];
        key[next] = key[left];
    }
    return sum;
}

/* What the root's ascent and dropped arcs need to know of a
 * 1-arborescence (host only; the search passes none): per level L of
 * Edmonds' algorithm (levels of them), each city's supernode comp[L][c] (a
 * city of it), and for each supernode Y the arc chosen into it,
 * from[L][Y] -> to[L][Y], and what every arc into it was reduced by,
 * least[L][Y]; and the city of the cheapest arc home. */
typedef struct {
    int levels, home;
    kperm_u8 comp[TSP_MAX_CITIES][TSP_MAX_CITIES];
    kperm_u8 from[TSP_MAX_CITIES][TSP_MAX_CITIES], to[TSP_MAX_CITIES][TSP_MAX_CITIES];
    tsp_s64 least[TSP_MAX_CITIES][TSP_MAX_CITIES];
} tsp_arbo;

/* A lower bound, times x->scale, on the rest of a tour as tsp_one_tree's,
 * on an asymmetric instance: the cheapest 1-arborescence, by Edmonds'
 * (Chu-Liu) algorithm without a contracted copy of the costs: each level
 * reduces every arc into each supernode by the cheapest of them (and adds
 * that to the bound: every arborescence enters every supernode), and
 * contracts each cycle of the arcs so chosen into one supernode; a level
 * without a cycle ends it, its chosen arcs an arborescence of reduced cost
 * 0. O(r^2) a level, at most r levels, mostly a few. When arbo is not
 * null, the levels are recorded in it. */
KPERM_FN tsp_s64 tsp_one_arborescence(const TSP_GLOBAL tsp_relax *x, int n, int last, kperm_u64 rest, tsp_arbo *arbo)
{
    kperm_u8 city[TSP_MAX_CITIES + 1], comp[TSP_MAX_CITIES], pick[TSP_MAX_CITIES], seen[TSP_MAX_CITIES],
        rep[TSP_MAX_CITIES];
    tsp_s64 red[TSP_MAX_CITIES], least[TSP_MAX_CITIES], home = TSP_S64_MAX, sum = x->tail[last] + x->head;
    kperm_u64 open = rest, cycles = 1, m;
    int r = 0, level, i, j;
    for (; rest; rest &= rest - 1) {
        int c = kperm_lowest64(rest);
        city[r++] = (kperm_u8)c;
        comp[c] = (kperm_u8)c;
        red[c] = 0;
        sum += x->inner[c];
        if (arbo && x->cost[c * n] < home)
            arbo->home = c;
        home = tsp_min64(home, x->cost[c * n]);
    }
    sum += home;
    city[r] = (kperm_u8)last; /* a source of arcs, never a head */
    comp[last] = (kperm_u8)last;
    for (level = 0; cycles; level++) {
        for (m = open; m; m &= m - 1)
            least[kperm_lowest64(m)] = TSP_S64_MAX;
        for (j = 0; j < r; j++) { /* the cheapest arc into each supernode, from outside it */
            int v = city[j], y = comp[v];
            for (i = 0; i <= r; i++) {
                int u = city[i];
                tsp_s64 c = x->cost[u * n + v] - red[v];
                if (c < least[y] && comp[u] != y) {
                    least[y] = c;
                    pick[y] = comp[u];
                    if (arbo) {
                        arbo->from[level][y] = (kperm_u8)u;
                        arbo->to[level][y] = (kperm_u8)v;
                    }
                }
            }
        }
        for (m = open; m; m &= m - 1) {
            int y = kperm_lowest64(m);
            sum += least[y];
            seen[y] = 0;
            if (arbo)
                arbo->least[level][y] = least[y];
        }
        for (j = 0; j < r; j++) {
            red[city[j]] += least[comp[city[j]]];
            if (arbo)
                arbo->comp[level][city[j]] = comp[city[j]];
        }
        if (arbo)
            arbo->comp[level][last] = (kperm_u8)last;
        cycles = 0; /* follow the chosen arcs back from each supernode, walk k stamping k: a stamp of its own is a cycle */
        for (m = open, i = 1; m; m &= m - 1, i++) {
            int z = kperm_lowest64(m), w;
            while (z != last && !seen[z]) {
                seen[z] = (kperm_u8)i;
                z = pick[z];
            }
            if (z == last || seen[z] != i)
                continue;
            w = z;
            do {
                cycles |= KPERM_U64(1) << w;
                rep[w] = (kperm_u8)z;
                w = pick[w];
            } while (w != z);
        }
        open &= ~cycles;
        for (m = cycles; m; m &= m - 1) /* each cycle's supernode: its stamping city */
            open |= KPERM_U64(1) << rep[kperm_lowest64(m)];
        for (j = 0; j < r; j++)
            if ((cycles >> comp[city[j]]) & 1)
                comp[city[j]] = rep[comp[city[j]]];
    }
    if (arbo)
        arbo->levels = level;
    return sum;
}

/* The bound on the rest of a tour below the path ending at `last` (the
 * cities of rest, not empty, left), times x->scale: what the search and the
 * frontier skip paths by. */
KPERM_FN tsp_s64 tsp_bound_rest(const TSP_GLOBAL tsp_relax *x, int n, int symmetric, int last, kperm_u64 rest)
{
    return symmetric ? tsp_one_tree(x, n, last, rest, 0) : tsp_one_arborescence(x, n, last, rest, 0);
}

#ifndef __OPENCL_VERSION__
#ifdef __cplusplus
extern "C" {
#endif

/* Fills *x for the instance of n cities with distances dist (d(i,j) =
 * dist[i*n+j]; symmetric or not) before a pruned search: the penalties, the
 * twins (cities that can exchange places in any tour), and the edges
 * dropped, that no tour of length `upper` or less can use (upper: the
 * first tour's length, which also steers the ascent; TSP_NONE: none).
 * Returns the lower bound the root gives on every tour, in lengths (rounded
 * up). x->first is left as it is. */
kperm_u64 tsp_bound_root(const unsigned *dist, int n, int symmetric, kperm_u64 upper, tsp_relax *x);

#ifdef __cplusplus
}
#endif
#endif

#endif /* TSP_BOUND_H */
