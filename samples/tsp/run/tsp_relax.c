/* tsp_relax.c - the pruned search's costs (see tsp_relax.h). */
#include "tsp_relax.h"
#include "tsp_branch.h"
#include <math.h>
#include <string.h>

#define SCALE 65536 /* penalties in 1/65536ths of a length unit; lengths < 2^38, so scaled sums stay below 2^62 */

/* x's costs from penalties p (scaled): cost = SCALE d + p_i + p_j */
static void penalise(const tsp_instance *inst, const tsp_s64 *p, tsp_relax *x)
{
    int n = inst->n, i, j;
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++)
            x->cost[i * n + j] = SCALE * (tsp_s64)inst->dist[i * n + j] + p[i] + p[j];
        x->inner[i] = -2 * p[i];
        x->tail[i] = -p[i];
    }
    x->head = -p[0];
    x->scale = SCALE;
}

/* The spanning tree of cities 1..n-1 on x, each edge at its cheaper
 * direction (as tsp_rest_bound takes it), by Prim's from city 1: the cities
 * in the order they join, order[0..n-2], each one's parent from[] and the
 * cost key[] of the edge to it (key[1] = 0). */
static void spanning_tree(const tsp_relax *x, int n, int *order, int *from, tsp_s64 *key)
{
    int in[TSP_MAX_CITIES] = {0}, i, k;
    for (i = 1; i < n; i++)
        key[i] = TSP_S64_MAX;
    key[1] = 0;
    from[1] = 1;
    for (k = 0; k < n - 1; k++) {
        int next = 0;
        for (i = 1; i < n; i++)
            if (!in[i] && (!next || key[i] < key[next]))
                next = i;
        in[next] = 1;
        order[k] = next;
        for (i = 1; i < n; i++) {
            tsp_s64 c = tsp_min64(x->cost[next * n + i], x->cost[i * n + next]);
            if (!in[i] && c < key[i]) {
                key[i] = c;
                from[i] = next;
            }
        }
    }
}

/* The root's structure on x (as tsp_rest_bound builds it from city 0): each
 * city's degree in it into deg[], its cost (scaled, with the terms) returned. */
static tsp_s64 one_tree(const tsp_relax *x, int n, int *deg)
{
    tsp_s64 key[TSP_MAX_CITIES], sum = x->tail[0] + x->head, out = TSP_S64_MAX, home = TSP_S64_MAX;
    int from[TSP_MAX_CITIES], order[TSP_MAX_CITIES], i, o = 1, h = 1;
    memset(deg, 0, sizeof *deg * (size_t)n);
    for (i = 1; i < n; i++) {
        sum += x->inner[i];
        if (x->cost[i] < out)
            out = x->cost[o = i];
        if (x->cost[i * n] < home)
            home = x->cost[(h = i) * n];
    }
    deg[o]++;
    deg[h]++;
    sum += out + home;
    spanning_tree(x, n, order, from, key);
    for (i = 2; i < n; i++) {
        sum += key[i];
        deg[i]++;
        deg[from[i]]++;
    }
    return sum;
}

/* Held-Karp: the penalties that (nearly) maximise the root's bound, by
 * subgradient ascent (step: Polyak's, towards `upper`, halved whenever n
 * steps bring no gain). */
static void held_karp(const tsp_instance *inst, kperm_u64 upper, tsp_relax *x)
{
    tsp_s64 p[TSP_MAX_CITIES] = {0}, best[TSP_MAX_CITIES] = {0}, most = TSP_S64_MAX;
    double lambda = 2.0;
    int deg[TSP_MAX_CITIES], n = inst->n, i, step, stale = 0;
    tsp_s64 top = -TSP_S64_MAX;
    for (step = 0; step < 100 * n && lambda > 1e-4; step++) {
        tsp_s64 bound, norm = 0;
        penalise(inst, p, x);
        bound = one_tree(x, n, deg);
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
    penalise(inst, best, x);
}

/* the assignment problem on d (the diagonal excluded) by the Hungarian
 * method, O(n^3): duals u (rows), v (columns) with d_ij - u_i - v_j >= 0
 * for i != j and equality on an optimal assignment */
static void assignment(const tsp_instance *inst, tsp_s64 *u, tsp_s64 *v)
{
    const tsp_s64 inf = (tsp_s64)1 << 50;
    tsp_s64 uu[TSP_MAX_CITIES + 1] = {0}, vv[TSP_MAX_CITIES + 1] = {0}, minv[TSP_MAX_CITIES + 1];
    int p[TSP_MAX_CITIES + 1] = {0}, way[TSP_MAX_CITIES + 1], used[TSP_MAX_CITIES + 1], n = inst->n, i, j;
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
                    tsp_s64 c = (i0 == j ? inf : (tsp_s64)inst->dist[(i0 - 1) * n + j - 1]) - uu[i0] - vv[j];
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
static void drop_edges(int n, kperm_u64 upper, tsp_s64 root, tsp_relax *x)
{
    static tsp_s64 most[TSP_MAX_CITIES][TSP_MAX_CITIES]; /* the dearest tree edge between two cities */
    tsp_s64 key[TSP_MAX_CITIES], out = TSP_S64_MAX, home = TSP_S64_MAX, limit = (tsp_s64)upper * x->scale;
    int from[TSP_MAX_CITIES], order[TSP_MAX_CITIES], i, j, k;
    kperm_u64 drop[TSP_MAX_CITIES] = {0};
    for (i = 1; i < n; i++) {
        out = tsp_min64(out, x->cost[i]);
        home = tsp_min64(home, x->cost[i * n]);
    }
    spanning_tree(x, n, order, from, key);
    for (k = 0; k < n - 1; k++) { /* each city joined the tree as a leaf of its parent: its paths run through it */
        int v = order[k];
        most[v][v] = 0;
        for (j = 0; j < k; j++) {
            int u = order[j];
            most[u][v] = most[v][u] = most[u][from[v]] > key[v] ? most[u][from[v]] : key[v];
        }
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            tsp_s64 forced = i == 0 ? root - out + x->cost[j] : j == 0 ? root - home + x->cost[i * n]
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

kperm_u64 tsp_relax_of(const tsp_instance *inst, kperm_u64 upper, tsp_relax *x)
{
    tsp_s64 bound;
    int n = inst->n, i, j;
    if (inst->symmetric)
        held_karp(inst, upper, x);
    else {
        tsp_s64 u[TSP_MAX_CITIES] = {0}, v[TSP_MAX_CITIES] = {0};
        assignment(inst, u, v);
        for (i = 0; i < n; i++) {
            for (j = 0; j < n; j++)
                x->cost[i * n + j] = SCALE * ((tsp_s64)inst->dist[i * n + j] - u[i] - v[j]);
            x->inner[i] = SCALE * (u[i] + v[i]);
            x->tail[i] = SCALE * u[i];
        }
        x->head = SCALE * v[0];
        x->scale = SCALE;
    }
    bound = tsp_rest_bound(x, n, 0, tsp_cities_after_first(n));
    for (i = 0; i < TSP_MAX_CITIES; i++)
        x->allowed[i] = ~KPERM_U64(0);
    if (upper != TSP_NONE)
        drop_edges(n, upper, bound, x);
    return bound <= 0 ? 0 : (kperm_u64)((bound + SCALE - 1) / SCALE);
}
