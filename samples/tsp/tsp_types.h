/* tsp_types.h - kperm-tsp's vocabulary: its limits and the values every part
 * of the solver passes around (a tour found, what pruning did, a sub-problem,
 * which search runs), in portable C that the host modules, every backend and
 * the kernels (CUDA and OpenCL C) share. No search code but the choice of
 * search (tsp_mode_for): the host modules include this alone; the search is in
 * search/tsp_search.h. */
#ifndef TSP_TYPES_H
#define TSP_TYPES_H

#include "kperm/platform.h"

/* the address spaces of the search's pointers: the distances' copy in a
 * work-group's fast memory, and device buffers (only OpenCL names them) */
#ifdef __OPENCL_VERSION__
#define TSP_LOCAL __local
#define TSP_GLOBAL __global
#else
#define TSP_LOCAL
#define TSP_GLOBAL
#endif

#define TSP_MIN_CITIES 3
#define TSP_MAX_CITIES 64     /* the most cities of any search (--prune: one bit per city) */
#define TSP_MAX_EXHAUSTIVE 21 /* the exhaustive search: city 1 fixed, 20 permuted, 64-bit ranks */

/* "no tour yet", as a length or a rank; TSP_NONE32 is the same in a 32-bit
 * word (the device's shared shortest length, the block tree's keys) */
#define TSP_NONE (~KPERM_U64(0))
#define TSP_NONE32 ((kperm_u32)TSP_NONE)

/* the block search's unit: 6! ranks that share all but the last 6 positions;
 * the chunks the host hands out end on multiples of it */
#define TSP_SUFFIX 6
#define TSP_BLOCK 720

#define TSP_GROUP 256 /* work-items per group in the device backends */
#define TSP_FOLD_GROUPS 256 /* groups of the pruned search's fold (tsp_branch_fold) */

/* which search a backend runs */
typedef enum {
    TSP_GENERAL = 0, /* the cursor over every rank (tsp_search_range) */
    TSP_BLOCKS = 1,  /* blocks of 6! summed as a tree (tours below 2^25: tsp_narrow_ok) */
    TSP_PRUNED = 2   /* --prune: branch and bound over units (tsp_branch.h) */
} tsp_mode;

#define TSP_MIN_BLOCK_N (TSP_SUFFIX + 2)       /* the block search: city 0 and a prefix of at least one city */
#define TSP_NARROW_LIMIT (KPERM_U64(1) << 25) /* ...and tours that fit its keys (length * 128 + index) */

/* whether the block search applies: n >= 8 and every tour shorter than 2^25 */
KPERM_FN int tsp_narrow_ok(const TSP_GLOBAL kperm_u32 *dist, int n)
{
    kperm_u64 bound = 0;
    int i, j;
    for (i = 0; i < n; i++) {
        kperm_u32 most = 0;
        for (j = 0; j < n; j++)
            most = dist[i * n + j] > most ? dist[i * n + j] : most;
        bound += most;
    }
    return n >= TSP_MIN_BLOCK_N && bound < TSP_NARROW_LIMIT;
}

/* the search a backend runs on dist: pruned, else the blocks where they apply */
KPERM_FN tsp_mode tsp_mode_for(const TSP_GLOBAL kperm_u32 *dist, int n, int prune)
{
    return prune ? TSP_PRUNED : tsp_narrow_ok(dist, n) ? TSP_BLOCKS : TSP_GENERAL;
}

#ifdef __OPENCL_VERSION__
typedef long tsp_s64;
#else
typedef long long tsp_s64;
#endif

/* A tour's length and rank, or, from the pruned search, its length and its
 * cities after city 0 (tour[0..n-2]; rank 0): past 21 cities ranks outgrow
 * 64 bits, and the host computes one from the tour (tsp_units.h). */
typedef struct {
    kperm_u64 length;
    kperm_rank rank;
    kperm_u8 tour[TSP_MAX_CITIES];
} tsp_best;

/* what the pruned search did */
typedef struct {
    kperm_u64 visited; /* complete tours evaluated */
    kperm_u64 pruned;  /* paths skipped by the bound */
} tsp_tally;

/* a running best and tally: a work-item's in the pruned search
 * (tsp_branch.h); on the host, a chunk's result and the run's (tsp_sample.h) */
typedef struct {
    tsp_best best;
    tsp_tally tally;
} tsp_item;

/* a path of a device's breadth-first frontier (tsp_branch.h): open, or in
 * the first level a unit closed by the bound (rest 0, no children) */
typedef struct {
    kperm_u64 base, rest;          /* the path's length, the cities left */
    kperm_u8 path[TSP_MAX_CITIES]; /* path[0..depth], path[0] = 0 */
    int depth, pad;
} tsp_node;

/* the cities 0..n-1 as a mask (bit c: city c), 0 <= n <= 64 */
KPERM_FN kperm_u64 tsp_cities_below(int n)
{
    return n >= 64 ? ~KPERM_U64(0) : (KPERM_U64(1) << n) - 1;
}

/* the cities after city 0 as a mask, n <= 64 */
KPERM_FN kperm_u64 tsp_cities_after_first(int n)
{
    return tsp_cities_below(n) & ~KPERM_U64(1);
}

/* The costs the pruned search bounds on: the distances scaled and shifted by
 * per-city terms that leave every tour's length unchanged (tsp_bound.c
 * computes them once per instance):
 *   scale * length(a path last -> the cities R -> 0) = the sum of cost[i*n+j]
 *     over its edges + the sum of inner[i] over R + tail[last] + head
 * A symmetric instance takes Held-Karp node penalties p (cost = scale d_ij +
 * p_i + p_j, inner = -2 p, tail = -p, head = -p_0); an asymmetric one the
 * assignment problem's duals u, v (cost = scale (d_ij - u_i - v_j) >= 0,
 * inner = scale (u + v), tail = scale u, head = scale v_0). An edge that
 * no tour as short as the first one can use (tsp_bound.c: its reduced cost)
 * is out of allowed[] (bit j of allowed[i]: the edge i -> j) and costs
 * TSP_FORBIDDEN. Bit i of twins[j] (i < j, neither city 0) says that
 * cities i and j are twins: exchanging them in any tour keeps its length
 * (tsp_bound.c), so a path that visits j before i is never the answer's. It
 * also carries the first tour (tsp_seed.c): every work-item's own best
 * before it finds one, so the tie rule skips what comes after it from the
 * start. */
typedef struct {
    tsp_s64 cost[TSP_MAX_CITIES * TSP_MAX_CITIES];
    tsp_s64 inner[TSP_MAX_CITIES], tail[TSP_MAX_CITIES];
    tsp_s64 head, scale;
    kperm_u64 allowed[TSP_MAX_CITIES], twins[TSP_MAX_CITIES];
    tsp_best first;
} tsp_relax;

/* a dropped edge's cost: above every real one (scaled lengths stay below
 * 2^54), and 64 of them still sum below 2^63 */
#define TSP_FORBIDDEN ((tsp_s64)1 << 52)

/* One search request: what the backends' search, the group search and the
 * kernels take (OpenCL: one struct argument). The host fills the range,
 * known and fixed (tsp_task_of); the backend n, symmetric and mode, which it
 * fixed when it opened (tsp_task_on). 8-byte fields first, so that host C
 * and OpenCL C lay it out alike. */
typedef struct {
    kperm_rank begin, end; /* ranks [begin, end): the tours', or, pruned, the units' (tsp_branch.h) */
    kperm_u64 known;       /* pruned: the shortest length known anywhere (TSP_NONE: none) */
    int fixed;             /* pruned: the cities after city 0 that a unit fixes */
    int n, symmetric, mode; /* mode: a tsp_mode */
} tsp_task;

KPERM_FN tsp_task tsp_task_of(kperm_rank begin, kperm_rank end, kperm_u64 known, int fixed)
{
    tsp_task t;
    t.begin = begin;
    t.end = end;
    t.known = known;
    t.fixed = fixed;
    t.n = t.symmetric = t.mode = 0;
    return t;
}

/* t as a backend runs it: on n cities, symmetric or not, in that mode */
KPERM_FN tsp_task tsp_task_on(tsp_task t, int n, int symmetric, int mode)
{
    t.n = n;
    t.symmetric = symmetric;
    t.mode = mode;
    return t;
}

/* shorter first, then the smaller rank: every backend breaks ties alike */
KPERM_FN int tsp_better(kperm_u64 la, kperm_rank ra, kperm_u64 lb, kperm_rank rb)
{
    return la < lb || (la == lb && ra < rb);
}

/* whether tour a comes before tour b in rank order: their cities after city
 * 0, compared lexicographically (unused places are 0 in both) */
KPERM_FN int tsp_tour_before(const kperm_u8 *a, const kperm_u8 *b)
{
    int i;
    for (i = 0; i < TSP_MAX_CITIES; i++)
        if (a[i] != b[i])
            return a[i] < b[i];
    return 0;
}

/* tsp_better with the pruned search's tours: the host's folds */
/* no tour yet: worse than every tour (tsp_best_better) */
KPERM_FN tsp_best tsp_best_none(void)
{
    tsp_best b;
    int i;
    b.length = b.rank = TSP_NONE;
    for (i = 0; i < TSP_MAX_CITIES; i++)
        b.tour[i] = 0;
    return b;
}

KPERM_FN int tsp_best_better(const tsp_best *a, const tsp_best *b)
{
    return a->length < b->length
           || (a->length == b->length && (a->rank < b->rank || (a->rank == b->rank && tsp_tour_before(a->tour, b->tour))));
}

#endif /* TSP_TYPES_H */
