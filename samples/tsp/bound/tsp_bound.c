/* tsp_bound.c - the root's bound before a pruned search (tsp_bound.h): the
 * costs it is taken on, their penalties by subgradient ascent, and the edges
 * no tour as short as the first one can use. */
#include "tsp_bound.h"
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

/* the root's 1-tree on x: its cost (scaled, with the terms), the tree in
 * *t and each city's degree in it in deg[] */
static tsp_s64 root_tree(const tsp_relax *x, int n, tsp_tree *t, int *deg)
{
    int from[TSP_MAX_CITIES], k;
    tsp_s64 sum = tsp_one_tree(x, n, 0, tsp_cities_after_first(n), t);
    memset(deg, 0, sizeof *deg * (size_t)n);
    tree_parents(x, n, t, n - 1, from);
    deg[t->out]++;
    deg[t->home]++;
    for (k = 1; k < n - 1; k++) {
        deg[t->order[k]]++;
        deg[from[t->order[k]]]++;
    }
    return sum;
}

/* Held-Karp: the penalties that (nearly) maximise the root's bound, by
 * subgradient ascent (step: Polyak's, towards `upper`, halved whenever n
 * steps bring no gain). */
static void held_karp(const unsigned *dist, int n, kperm_u64 upper, tsp_relax *x)
{
    tsp_s64 p[TSP_MAX_CITIES] = {0}, best[TSP_MAX_CITIES] = {0}, most = TSP_S64_MAX;
    double lambda = 2.0;
    int deg[TSP_MAX_CITIES], i, step, stale = 0;
    tsp_s64 top = -TSP_S64_MAX;
    tsp_tree t;
    for (step = 0; step < 100 * n && lambda > 1e-4; step++) {
        tsp_s64 bound, norm = 0;
        penalise(dist, n, p, p, x);
        bound = root_tree(x, n, &t, deg);
        if (bound > top) {
            top = bound;
            memcpy(best, p, sizeof best);
            stale = 0;
        } else if (++stale >= n) {
            lambda /= 2;
            stale = 0;
        }
        for (i = 1; i < n; i++)
            norm += (tsp_s64)(deg[i] - 2) * (deg[i] - 2);
        if (norm == 0 || (upper != TSP_NONE && bound >= (tsp_s64)upper * SCALE))
            break; /* a tour, or as high as it can go */
        most = upper == TSP_NONE ? bound / 10 + SCALE : (tsp_s64)upper * SCALE - bound;
        for (i = 1; i < n; i++)
            p[i] += (tsp_s64)floor(lambda * (double)most / (double)norm * (deg[i] - 2) + 0.5);
    }
    penalise(dist, n, best, best, x);
}

/* the assignment problem on d (the diagonal excluded) by the Hungarian
 * method, O(n^3): duals u (rows), v (columns) with d_ij - u_i - v_j >= 0
 * for i != j and equality on an optimal assignment */
static void assignment(const unsigned *dist, int n, tsp_s64 *u, tsp_s64 *v)
{
    const tsp_s64 inf = (tsp_s64)1 << 50;
    tsp_s64 uu[TSP_MAX_CITIES + 1] = {0}, vv[TSP_MAX_CITIES + 1] = {0}, minv[TSP_MAX_CITIES + 1];
    int p[TSP_MAX_CITIES + 1] = {0}, way[TSP_MAX_CITIES + 1], used[TSP_MAX_CITIES + 1], i, j;
    for (i = 1; i <= n; i++) { /* rows and columns 1-based, column 0 the start */
        int j0 = 0;
        p[0] = i;
        for (j = 0; j <= n; j++) {
            minv[j] = inf;
            used[j] = 0;
        }
        do {
            int i0 = p[j0], j1 = 0;
            tsp_s64 delta = inf;
            used[j0] = 1;
            for (j = 1; j <= n; j++)
                if (!used[j]) {
                    tsp_s64 c = (i0 == j ? inf : (tsp_s64)dist[(i0 - 1) * n + j - 1]) - uu[i0] - vv[j];
                    if (c < minv[j]) {
                        minv[j] = c;
                        way[j] = j0;
                    }
                    if (minv[j] < delta) {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            for (j = 0; j <= n; j++)
                if (used[j]) {
                    uu[p[j]] += delta;
                    vv[j] -= delta;
                } else
                    minv[j] -= delta;
            j0 = j1;
        } while (p[j0] != 0);
        do {
            int j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
        } while (j0);
    }
    for (i = 0; i < n; i++) {
        u[i] = uu[i + 1];
        v[i] = vv[i + 1];
    }
}

/* Drops the edges no tour of length `upper` or less can use, by their
 * reduced costs at the root: a tour through i -> j costs at least the
 * root's bound L (`root`, scaled, with the terms) with that edge forced into its structure: for an edge out
 * of city 0, L - (its cheapest edge out) + c_0j; into city 0, L - (its
 * cheapest edge in) + c_i0; between two others, the spanning tree of cities
 * 1..n-1 made to hold {i, j}: L - (the dearest edge on the tree's path from
 * i to j) + c_ij. An edge whose bound exceeds upper (strictly, so that a
 * tour as long as upper and first in rank order is never lost) is dropped:
 * out of allowed[] and priced TSP_FORBIDDEN, which only raises the bound of
 * tours that cannot be the answer. */
static void drop_edges(int n, kperm_u64 upper, tsp_relax *x)
{
    static tsp_s64 most[TSP_MAX_CITIES][TSP_MAX_CITIES]; /* the dearest tree edge between two cities */
    tsp_s64 limit = (tsp_s64)upper * x->scale, root;
    int from[TSP_MAX_CITIES], deg[TSP_MAX_CITIES], i, j, k;
    kperm_u64 drop[TSP_MAX_CITIES] = {0};
    tsp_tree t;
    root = root_tree(x, n, &t, deg);
    tree_parents(x, n, &t, n - 1, from);
    for (k = 0; k < n - 1; k++) { /* each city joined the tree as a leaf of its parent: its paths run through it */
        int v = t.order[k];
        most[v][v] = 0;
        for (j = 0; j < k; j++) {
            int u = t.order[j];
            most[u][v] = most[v][u] = most[u][from[v]] > t.key[v] ? most[u][from[v]] : t.key[v];
        }
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            tsp_s64 forced = i == 0   ? root - x->cost[t.out] + x->cost[j]
                             : j == 0 ? root - x->cost[t.home * n] + x->cost[i * n]
                                      : root - most[i][j] + x->cost[i * n + j];
            if (i != j && forced > limit)
                drop[i] |= KPERM_U64(1) << j;
        }
    for (i = 0; i < n; i++) {
        x->allowed[i] &= ~drop[i];
        for (j = 0; j < n; j++)
            if ((drop[i] >> j) & 1)
                x->cost[i * n + j] = TSP_FORBIDDEN;
    }
}

kperm_u64 tsp_bound_root(const unsigned *dist, int n, int symmetric, kperm_u64 upper, tsp_relax *x)
{
    tsp_s64 bound;
    int i;
    if (symmetric)
        held_karp(dist, n, upper, x);
    else { /* the assignment problem's duals: cost = SCALE (d_ij - u_i - v_j) >= 0 */
        tsp_s64 u[TSP_MAX_CITIES] = {0}, v[TSP_MAX_CITIES] = {0};
        assignment(dist, n, u, v);
        for (i = 0; i < n; i++) {
            u[i] *= -SCALE;
            v[i] *= -SCALE;
        }
        penalise(dist, n, u, v, x);
    }
    bound = tsp_bound_rest(x, n, 0, tsp_cities_after_first(n));
    for (i = 0; i < TSP_MAX_CITIES; i++)
        x->allowed[i] = ~KPERM_U64(0);
    if (upper != TSP_NONE)
        drop_edges(n, upper, x);
    return bound <= 0 ? 0 : (kperm_u64)((bound + SCALE - 1) / SCALE);
}
