/* tsp_bound.c - the root's bound before a pruned search (tsp_bound.h): the
 * costs it is taken on, their penalties by subgradient ascent (on a 1-tree,
 * or a 1-arborescence), and the arcs no tour as short as the first one can
 * use. */
#include "tsp_bound.h"
#include "tsp_assign.h"
#include <stdlib.h>
#include <math.h>
#include <string.h>

#define SCALE 65536 /* penalties in 1/65536ths of a length unit; lengths < 2^38, so scaled sums stay below 2^62 */

/* x's costs from per-city terms a (leaving a city) and b (entering one),
 * scaled: cost = SCALE d + a_i + b_j; a path last -> R -> 0 then costs
 * SCALE times its length plus a_last + the sum over R of (a + b) + b_0,
 * which inner, tail and head take back */
static void penalise(const unsigned *dist, int n, const tsp_s64 *a, const tsp_s64 *b, tsp_relax *x)
{
    int i, j;
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++)
            x->cost[i * n + j] = SCALE * (tsp_s64)dist[i * n + j] + a[i] + b[j];
        x->inner[i] = -a[i] - b[i];
        x->tail[i] = -a[i];
    }
    x->head = -b[0];
    x->scale = SCALE;
}

/* the parent of each city but the first of a spanning tree recorded in t
 * (the cities of rest, as tsp_one_tree joined them): an earlier city whose
 * edge to it costs its key, so the edges form a tree as cheap as t's */
static void tree_parents(const tsp_relax *x, int n, const tsp_tree *t, int r, int *from)
{
    int k, j;
    for (k = 1; k < r; k++) {
        int v = t->order[k];
        for (j = 0; j < k; j++) {
            int u = t->order[j];
            if (tsp_min64(x->cost[u * n + v], x->cost[v * n + u]) == t->key[v])
                break;
        }
        from[v] = t->order[j < k ? j : 0];
    }
}

/* the root's 1-tree on x (recorded in *t): its cost (scaled, with the
 * terms); g[i], each city's degree in it minus 2, its degree in a tour
 * (city 0's, whose terms stay 0, is 0) */
static tsp_s64 root_tree(const tsp_relax *x, int n, tsp_tree *t, int *g)
{
    int from[TSP_MAX_CITIES], k;
    tsp_s64 sum = tsp_one_tree(x, n, 0, tsp_cities_after_first(n), t);
    for (k = 1; k < n; k++)
        g[k] = -2;
    g[0] = 0;
    tree_parents(x, n, t, n - 1, from);
    g[t->out]++;
    g[t->home]++;
    for (k = 1; k < n - 1; k++) {
        g[t->order[k]]++;
        g[from[t->order[k]]]++;
    }
    return sum;
}

/* The arc into each city of the root's 1-arborescence recorded in *a (the
 * levels' chosen arcs, unwound from the last level down): parent[v] -> v.
 * A supernode of level L takes the arc into the supernode holding it at
 * level L + 1 when that arc's head is in it, else its own level's choice
 * (an arc of the contracted cycle). */
static void arborescence_parents(const tsp_arbo *a, int n, int *parent)
{
    int from[TSP_MAX_CITIES], to[TSP_MAX_CITIES], up_from[TSP_MAX_CITIES], up_to[TSP_MAX_CITIES], v;
    int level = a->levels - 1;
    for (v = 1; v < n; v++)
        if (a->comp[level][v] == v) {
            from[v] = a->from[level][v];
            to[v] = a->to[level][v];
        }
    for (level--; level >= 0; level--) {
        memcpy(up_from, from, sizeof from); /* level + 1's arcs, by supernode */
        memcpy(up_to, to, sizeof to);
        for (v = 1; v < n; v++)
            if (a->comp[level][v] == v) {
                int z = a->comp[level + 1][v], in = a->comp[level][up_to[z]] == v;
                from[v] = in ? up_from[z] : a->from[level][v];
                to[v] = in ? up_to[z] : a->to[level][v];
            }
    }
    for (v = 1; v < n; v++)
        parent[v] = from[v];
}

/* the root's 1-arborescence on x (recorded in *a): its cost (scaled, with
 * the terms); g[i], each city's out-degree in it minus 1, its out-degree
 * in a tour */
static tsp_s64 root_arborescence(const tsp_relax *x, int n, tsp_arbo *a, int *g)
{
    int parent[TSP_MAX_CITIES], v;
    tsp_s64 sum = tsp_one_arborescence(x, n, 0, tsp_cities_after_first(n), a);
    arborescence_parents(a, n, parent);
    for (v = 0; v < n; v++)
        g[v] = -1;
    g[a->home]++;
    for (v = 1; v < n; v++)
        g[parent[v]]++;
    return sum;
}

/* the root's structure on x (recorded in *t or *a), its cost and g as above */
static tsp_s64 root_structure(const tsp_relax *x, int n, int symmetric, tsp_tree *t, tsp_arbo *a, int *g)
{
    return symmetric ? root_tree(x, n, t, g) : root_arborescence(x, n, a, g);
}

/* the class of twins of city c (tsp_relax.twins) by its smallest city */
static int twin_class(const tsp_relax *x, int c)
{
    return x->twins[c] ? kperm_lowest64(x->twins[c]) : c;
}

/* v[0..n-1] replaced by its mean over each class of twins: the ascent's
 * step. The bound is the same function of the penalties with two twins'
 * exchanged, and concave, so the mean of a maximum and its exchanged copy,
 * which prices the twins alike, is a maximum too; the mean of the
 * subgradient is a subgradient among such penalties. Without it, p43's
 * ascent (30 pairs of twins) stalled at 2656 in its 100 n steps, 52.7 %
 * below the optimum 5620; with it, it reaches the LP bound, 5611, in
 * 2738. */
static void twin_mean(const tsp_relax *x, int n, double *v)
{
    double sum[TSP_MAX_CITIES] = {0};
    int count[TSP_MAX_CITIES] = {0}, i;
    for (i = 0; i < n; i++) {
        sum[twin_class(x, i)] += v[i];
        count[twin_class(x, i)]++;
    }
    for (i = 0; i < n; i++)
        v[i] = sum[twin_class(x, i)] / count[twin_class(x, i)];
}

/* Held-Karp and its directed analogue: the penalties p that (nearly)
 * maximise the root's bound, by subgradient ascent (step: Polyak's, towards
 * `upper`, halved whenever n steps bring no gain; the subgradient averaged
 * over twins, twin_mean), on costs penalised by
 * a = a0 + p when leaving a city and b = b0 (+ p, symmetric) when entering
 * one: on a 1-arborescence every city but the root is entered once, so
 * only the out-degrees can be priced. It stops once the bound, rounded up
 * to a length, is upper: no tour is shorter than the one of that length. */
static void ascend(const unsigned *dist, int n, int symmetric, const tsp_s64 *a0, const tsp_s64 *b0, kperm_u64 upper,
                   tsp_relax *x)
{
    tsp_s64 p[TSP_MAX_CITIES] = {0}, a[TSP_MAX_CITIES] = {0}, b[TSP_MAX_CITIES] = {0}, best[TSP_MAX_CITIES] = {0};
    tsp_s64 top = -TSP_S64_MAX, most;
    double lambda = 2.0, s[TSP_MAX_CITIES];
    int g[TSP_MAX_CITIES], i, step, stale = 0;
    tsp_arbo arbo; /* 45 KB on the stack: as a function-level static, gcc 12.2 -O2 miscompiled its writes
                    * (ipa-cp with ipa-reference-addressable placed it in .rodata; -O1 or either flag off was
                    * right, the sanitizers found no undefined behaviour) */
    tsp_tree tree;
    for (step = 0; step < 100 * n && lambda > 1e-4; step++) {
        tsp_s64 bound;
        double norm = 0;
        for (i = 0; i < n; i++) {
            a[i] = a0[i] + p[i];
            b[i] = b0[i] + (symmetric ? p[i] : 0);
        }
        penalise(dist, n, a, b, x);
        bound = root_structure(x, n, symmetric, &tree, &arbo, g);
        if (bound > top) {
            top = bound;
            memcpy(best, p, sizeof best);
            stale = 0;
        } else if (++stale >= n) {
            lambda /= 2;
            stale = 0;
        }
        for (i = 0; i < n; i++)
            s[i] = g[i];
        twin_mean(x, n, s);
        for (i = 0; i < n; i++)
            norm += s[i] * s[i];
        if (norm == 0 || (upper != TSP_NONE && bound > ((tsp_s64)upper - 1) * SCALE))
            break; /* a tour (or twins' degrees off by as much each way), or as high as it can go */
        most = upper == TSP_NONE ? bound / 10 + SCALE : (tsp_s64)upper * SCALE - bound;
        for (i = 0; i < n; i++)
            p[i] += (tsp_s64)floor(lambda * (double)most / norm * s[i] + 0.5);
    }
    for (i = 0; i < n; i++) {
        a[i] = a0[i] + best[i];
        b[i] = b0[i] + (symmetric ? best[i] : 0);
    }
    penalise(dist, n, a, b, x);
}

/* forced[i][j]: a lower bound (scaled) on the tours through the edge
 * i -> j, the root's 1-tree L (recorded in t, of cost root) with that edge
 * forced into it: for an edge out of city 0, L - (its cheapest edge out) +
 * c_0j; into city 0, L - (its cheapest edge in) + c_i0; between two others,
 * the spanning tree of cities 1..n-1 made to hold {i, j}: L - (the dearest
 * edge on the tree's path from i to j) + c_ij */
static void forced_tree(const tsp_relax *x, int n, const tsp_tree *t, tsp_s64 root, tsp_s64 (*forced)[TSP_MAX_CITIES])
{
    static tsp_s64 most[TSP_MAX_CITIES][TSP_MAX_CITIES]; /* the dearest tree edge between two cities */
    int from[TSP_MAX_CITIES], i, j, k;
    tree_parents(x, n, t, n - 1, from);
    for (k = 0; k < n - 1; k++) { /* each city joined the tree as a leaf of its parent: its paths run through it */
        int v = t->order[k];
        most[v][v] = 0;
        for (j = 0; j < k; j++) {
            int u = t->order[j];
            most[u][v] = most[v][u] = most[u][from[v]] > t->key[v] ? most[u][from[v]] : t->key[v];
        }
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            forced[i][j] = i == 0   ? root - x->cost[t->out] + x->cost[j]
                           : j == 0 ? root - x->cost[t->home * n] + x->cost[i * n]
                                    : root - most[i][j] + x->cost[i * n + j];
}

/* forced[i][j] as above on the root's 1-arborescence (recorded in a, of
 * cost root): an arc into city 0, L - (the cheapest arc home) + c_i0; any
 * other, L + its reduced cost: c_ij less what it was reduced by at every
 * level that had i and j in different supernodes. Those reductions are a
 * feasible dual of the arborescence's linear programme (each arc's reduced
 * cost stays >= 0, each supernode is entered at least once), so every
 * arborescence through i -> j costs at least L plus that reduced cost. */
static void forced_arborescence(const tsp_relax *x, int n, const tsp_arbo *a, tsp_s64 root,
                                tsp_s64 (*forced)[TSP_MAX_CITIES])
{
    int i, j, level;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            tsp_s64 rc = x->cost[i * n + j];
            if (j == 0) {
                forced[i][j] = root - x->cost[a->home * n] + rc;
                continue;
            }
            for (level = 0; level < a->levels; level++)
                if (a->comp[level][i] != a->comp[level][j])
                    rc -= a->least[level][a->comp[level][j]];
            forced[i][j] = root + rc;
        }
}

/* Drops the edges no tour of length `upper` or less can use: those whose
 * forced bound (above) exceeds upper (strictly, so that a tour as long as
 * upper and first in rank order is never lost): out of allowed[] and priced
 * TSP_FORBIDDEN, which only raises the bound of tours that cannot be the
 * answer. */
static void drop_edges(int n, int symmetric, kperm_u64 upper, tsp_relax *x)
{
    /* 32 KB on the heap, not a function-level static: see ascend's arbo */
    tsp_s64(*forced)[TSP_MAX_CITIES] = (tsp_s64(*)[TSP_MAX_CITIES])malloc(sizeof(tsp_s64[TSP_MAX_CITIES][TSP_MAX_CITIES]));
    tsp_arbo a;
    tsp_s64 limit = (tsp_s64)upper * x->scale;
    int i, j;
    kperm_u64 drop[TSP_MAX_CITIES] = {0};
    tsp_tree t;
    if (!forced)
        return; /* dropping only speeds the search up: without memory, none */
    if (symmetric)
        forced_tree(x, n, &t, tsp_one_tree(x, n, 0, tsp_cities_after_first(n), &t), forced);
    else
        forced_arborescence(x, n, &a, tsp_one_arborescence(x, n, 0, tsp_cities_after_first(n), &a), forced);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (i != j && forced[i][j] > limit)
                drop[i] |= KPERM_U64(1) << j;
    free(forced);
    for (i = 0; i < n; i++) {
        x->allowed[i] &= ~drop[i];
        for (j = 0; j < n; j++)
            if ((drop[i] >> j) & 1)
                x->cost[i * n + j] = TSP_FORBIDDEN;
    }
}

/* whether cities i and j (neither city 0) are twins: exchanging them in a
 * tour keeps its length, every other city being as far from (and to)
 * either, and d(i,j) = d(j,i) */
static int twins(const unsigned *dist, int n, int i, int j)
{
    int k;
    for (k = 0; k < n; k++)
        if (k != i && k != j && (dist[i * n + k] != dist[j * n + k] || dist[k * n + i] != dist[k * n + j]))
            return 0;
    return dist[i * n + j] == dist[j * n + i];
}

/* x->twins: bit i of twins[j] for each twin i < j of city j (twins are an
 * equivalence: two twins of one city are twins). The answer, the shortest
 * tour first in rank order, visits twins in increasing order: a tour that
 * visits j before i, the two exchanged, is as long and comes first in rank
 * order (on a symmetric instance it stays in the orientation counted: its
 * second city no larger, its last no smaller). */
static void find_twins(const unsigned *dist, int n, tsp_relax *x)
{
    int i, j;
    for (j = 0; j < TSP_MAX_CITIES; j++)
        x->twins[j] = 0;
    for (j = 2; j < n; j++)
        for (i = 1; i < j; i++)
            if (twins(dist, n, i, j))
                x->twins[j] |= KPERM_U64(1) << i;
}

kperm_u64 tsp_bound_root(const unsigned *dist, int n, int symmetric, kperm_u64 upper, tsp_relax *x)
{
    tsp_s64 a0[TSP_MAX_CITIES] = {0}, b0[TSP_MAX_CITIES] = {0}, bound;
    int i;
    if (!symmetric) { /* start from the assignment problem's duals: d_ij - u_i - v_j >= 0 */
        tsp_assign_duals(dist, n, a0, b0);
        for (i = 0; i < n; i++) {
            a0[i] *= -SCALE;
            b0[i] *= -SCALE;
        }
    }
    find_twins(dist, n, x);
    ascend(dist, n, symmetric, a0, b0, upper, x);
    bound = tsp_bound_rest(x, n, symmetric, 0, tsp_cities_after_first(n));
    for (i = 0; i < TSP_MAX_CITIES; i++)
        x->allowed[i] = ~KPERM_U64(0);
    if (upper != TSP_NONE)
        drop_edges(n, symmetric, upper, x);
    return bound <= 0 ? 0 : (kperm_u64)((bound + SCALE - 1) / SCALE);
}
