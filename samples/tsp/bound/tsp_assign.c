/* tsp_assign.c - the assignment problem and its branch and bound (tsp_assign.h). */
#include "tsp_assign.h"
#include <string.h>

#define INF ((tsp_s64)1 << 50) /* a banned arc: above every real reduced cost (costs < 2^32, duals < 2^39) */
#define MAX_DEPTH 256          /* subproblems nested deeper give up (a frame is about 3 KB) */

/* An assignment in the Hungarian method's terms (rows leave, columns
 * enter; both 1-based, column 0 the start of an augmenting path) under a
 * subproblem's arcs. */
typedef struct {
    tsp_s64 u[TSP_MAX_CITIES + 1], v[TSP_MAX_CITIES + 1];
    int p[TSP_MAX_CITIES + 1];        /* p[j]: the row assigned to column j, 0 none */
    kperm_u64 banned[TSP_MAX_CITIES]; /* bit j of banned[i]: the arc i -> j is out */
    kperm_u64 forced;                 /* bit i: city i's arc out is forced */
    tsp_s64 cost;
} assignment;

static tsp_s64 arc(const unsigned *dist, int n, const assignment *a, int i, int j)
{
    return i == j || (a->banned[i] >> j & 1) ? INF : (tsp_s64)dist[i * n + j];
}

/* Row i assigned by a shortest augmenting path in reduced costs, which
 * keeps the duals feasible and the assignment the cheapest of its rows.
 * 0, or -1 when every path takes a banned arc (*a then spoilt). */
static int augment(const unsigned *dist, int n, assignment *a, int i)
{
    tsp_s64 minv[TSP_MAX_CITIES + 1];
    int way[TSP_MAX_CITIES + 1], used[TSP_MAX_CITIES + 1], j, j0 = 0;
    for (j = 0; j <= n; j++) {
        minv[j] = INF;
        used[j] = 0;
    }
    a->p[0] = i;
    do {
        int i0 = a->p[j0], j1 = 0;
        tsp_s64 delta = INF;
        used[j0] = 1;
        for (j = 1; j <= n; j++)
            if (!used[j]) {
                tsp_s64 c = arc(dist, n, a, i0 - 1, j - 1) - a->u[i0] - a->v[j];
                if (c < minv[j]) {
                    minv[j] = c;
                    way[j] = j0;
                }
                if (minv[j] < delta) {
                    delta = minv[j];
                    j1 = j;
                }
            }
        if (delta >= INF / 2)
            return -1;
        for (j = 0; j <= n; j++)
            if (used[j]) {
                a->u[a->p[j]] += delta;
                a->v[j] -= delta;
            } else
                minv[j] -= delta;
        j0 = j1;
    } while (a->p[j0] != 0);
    do {
        int j1 = way[j0];
        a->p[j0] = a->p[j1];
        j0 = j1;
    } while (j0);
    return 0;
}

static void cost_of(const unsigned *dist, int n, assignment *a)
{
    int j;
    a->cost = 0;
    for (j = 1; j <= n; j++)
        a->cost += dist[(a->p[j] - 1) * n + j - 1];
}

/* the cheapest assignment of all n cities, no arc banned */
static void solve(const unsigned *dist, int n, assignment *a)
{
    int i;
    memset(a, 0, sizeof *a);
    for (i = 1; i <= n; i++)
        augment(dist, n, a, i); /* n >= 2: never without a path */
    cost_of(dist, n, a);
}

void tsp_assign_duals(const unsigned *dist, int n, tsp_s64 *u, tsp_s64 *v)
{
    assignment a;
    int i;
    solve(dist, n, &a);
    for (i = 0; i < n; i++) {
        u[i] = a.u[i + 1];
        v[i] = a.v[i + 1];
    }
}

typedef struct {
    const unsigned *dist;
    int n, found, ties;              /* found: the best known is no longer the start's */
    tsp_s64 best;                    /* the shortest tour's length known */
    kperm_u8 succ[TSP_MAX_CITIES];   /* its arcs */
    long nodes;                      /* subproblems left to solve */
} prover;

/* Child t of a (arcs from[0..t-1] forced, from[t] banned; from[k] -> succ[from[k]])
 * into *c: 0, or -1 when it has no assignment. */
static int child(const prover *s, const assignment *a, const int *from, const int *succ, int t, assignment *c)
{
    kperm_u64 all = tsp_cities_below(s->n);
    int k, r, i = from[t];
    *c = *a;
    for (k = 0; k < t; k++) { /* every other arc out of from[k] and into its successor banned */
        int f = from[k];
        for (r = 0; r < s->n; r++)
            c->banned[r] |= KPERM_U64(1) << succ[f];
        c->banned[f] = all & ~(KPERM_U64(1) << succ[f]);
        c->forced |= KPERM_U64(1) << f;
    }
    c->banned[i] |= KPERM_U64(1) << succ[i];
    c->p[succ[i] + 1] = 0;
    if (augment(s->dist, s->n, c, i + 1))
        return -1;
    cost_of(s->dist, s->n, c);
    return 0;
}

/* The arcs not forced of the subtour with the fewest of them (the first of
 * those, by smallest city) into from[], from its smallest city on; their
 * number, or -1 when the assignment is one tour. */
static int subtour(const assignment *a, int n, int *succ, int *from)
{
    kperm_u64 seen = 0;
    int j, start, best = -1, k = 0;
    for (j = 1; j <= n; j++)
        succ[a->p[j] - 1] = j - 1;
    for (start = 0; start < n; start++) {
        int c = start, free = 0, len = 0;
        if (seen >> start & 1)
            continue;
        do {
            seen |= KPERM_U64(1) << c;
            free += !(a->forced >> c & 1);
            len++;
            c = succ[c];
        } while (c != start);
        if (len == n)
            return -1;
        if (best < 0 || free < best) {
            best = free;
            k = 0;
            c = start;
            do {
                if (!(a->forced >> c & 1))
                    from[k++] = c;
                c = succ[c];
            } while (c != start);
        }
    }
    return best;
}

/* whether the tour succ comes before the tour best in rank order (its
 * cities from city 0 on, compared in turn) */
static int earlier(const int *succ, const kperm_u8 *best, int n)
{
    int a = 0, b = 0, i;
    for (i = 0; i < n - 1; i++) {
        a = succ[a];
        b = best[b];
        if (a != b)
            return a < b;
    }
    return 0;
}

/* below the subproblem a (solved, cheaper than s->best), at nesting depth:
 * 0 when closed, -1 when the cap ended it */
static int search(prover *s, const assignment *a, int depth)
{
    int succ[TSP_MAX_CITIES], from[TSP_MAX_CITIES], order[TSP_MAX_CITIES], k, t, m, n = s->n;
    tsp_s64 cost[TSP_MAX_CITIES];
    assignment c;
    k = subtour(a, n, succ, from);
    if (k < 0) { /* a tour, as short as the best known */
        if (a->cost < s->best || earlier(succ, s->succ, n)) {
            s->best = a->cost;
            for (t = 0; t < n; t++)
                s->succ[t] = (kperm_u8)succ[t];
            s->found = 1;
        }
        if (!s->ties)
            return 0;
        k = 0; /* the subproblem's other tours: all but this one, split like a subtour */
        t = 0;
        do {
            if (!(a->forced >> t & 1))
                from[k++] = t;
            t = succ[t];
        } while (t != 0);
    }
    for (t = 0; t < k; t++) { /* the children by cost, ties in order */
        if (s->nodes-- <= 0)
            return -1;
        cost[t] = child(s, a, from, succ, t, &c) ? INF : c.cost;
        for (m = t; m > 0 && cost[order[m - 1]] > cost[t]; m--)
            order[m] = order[m - 1];
        order[m] = t;
    }
    /* each child is solved again rather than kept: up to 64 of 1.8 KB
     * each, on every level of the recursion */
    for (m = 0; m < k && cost[order[m]] < s->best + s->ties; m++) {
        if (depth == MAX_DEPTH)
            return -1;
        child(s, a, from, succ, order[m], &c);
        if (search(s, &c, depth + 1))
            return -1;
    }
    return 0;
}

int tsp_assign_prove(const unsigned *dist, int n, tsp_best *best, long nodes, int ties)
{
    assignment root;
    prover s;
    int i, closed, at = 0;
    s.dist = dist;
    s.n = n;
    s.found = 0;
    for (i = 0; i < n - 1; i++) { /* the start's arcs */
        s.succ[at] = best->tour[i];
        at = best->tour[i];
    }
    s.succ[at] = 0;
    at = 0;
    s.ties = ties;
    s.best = (tsp_s64)best->length;
    s.nodes = nodes;
    solve(dist, n, &root);
    closed = root.cost >= s.best + ties || search(&s, &root, 0) == 0;
    if (s.found) {
        best->length = (kperm_u64)s.best;
        best->rank = 0;
        for (i = 0; i < n - 1; i++)
            best->tour[i] = (kperm_u8)(at = s.succ[at]);
    }
    return closed;
}
