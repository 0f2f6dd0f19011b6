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
#define TSP_MAX_CITIES 30     /* the most cities of any search (--prune) */
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

/* which search a backend runs */
typedef enum {
    TSP_GENERAL = 0, /* the cursor over every rank (tsp_search_range) */
    TSP_BLOCKS = 1,  /* blocks of 6! summed as a tree (tours below 2^25: tsp_narrow_ok) */
    TSP_PRUNED = 2   /* --prune: a bound skips hopeless prefixes (tsp_prune_range) */
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

/* a tour's length and rank; past 21 cities (the pruned search only) the
 * rank is unit * 20! + rank, the unit being its first n - 21 cities' rank
 * among the k-permutations (tsp_units.c); the device never sets unit */
typedef struct {
    kperm_u64 length;
    kperm_rank rank;
    kperm_u64 unit;
} tsp_best;

/* what the pruned search did */
typedef struct {
    kperm_u64 visited; /* complete tours evaluated */
    kperm_u64 pruned;  /* prefixes skipped */
} tsp_tally;

/* What the pruned search completes: a path from city 0 of length `base`,
 * ending at city `last`, its first city `first` (-1: none yet), then every
 * order of the cities of `rest` (bit c: city c), then home. The whole
 * problem is {rest: cities 1..n-1, base 0, last 0, first -1}; past 21 cities
 * tsp_units.c fixes the first n - 21 cities and hands out the rest. */
typedef struct {
    kperm_u64 rest, base;
    int last, first;
} tsp_sub;

KPERM_FN tsp_sub tsp_sub_whole(int n)
{
    tsp_sub s;
    s.rest = (KPERM_U64(1) << n) - 2;
    s.base = 0;
    s.last = 0;
    s.first = -1;
    return s;
}

/* One search request: what the backends' search, the group search and the
 * kernels take (OpenCL: one struct argument). The host fills the range,
 * known and sub (tsp_task_of); the backend n, symmetric and mode, which it
 * fixed when it opened (tsp_task_on). 8-byte fields first and an explicit
 * pad, so that host C and OpenCL C lay it out alike. */
typedef struct {
    kperm_rank begin, end; /* ranks [begin, end): the tours', or, pruned, those of sub's orders */
    kperm_u64 known;       /* pruned: the shortest length known anywhere (TSP_NONE: none) */
    tsp_sub sub;           /* pruned: what to complete (tsp_sub_whole: the whole problem) */
    int n, symmetric, mode; /* mode: a tsp_mode */
    int pad;
} tsp_task;

KPERM_FN tsp_task tsp_task_of(tsp_sub sub, kperm_rank begin, kperm_rank end, kperm_u64 known)
{
    tsp_task t;
    t.begin = begin;
    t.end = end;
    t.known = known;
    t.sub = sub;
    t.n = t.symmetric = t.mode = t.pad = 0;
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

/* tsp_better with the unit: the host's folds */
KPERM_FN int tsp_best_better(const tsp_best *a, const tsp_best *b)
{
    return a->length < b->length || (a->length == b->length && (a->unit < b->unit
                                                                 || (a->unit == b->unit && a->rank < b->rank)));
}

#endif /* TSP_TYPES_H */
