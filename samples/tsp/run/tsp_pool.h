/* tsp_pool.h - where the work comes from: the rank space [0, total) of one
 * instance, or the pruned search's units (tsp_units.h), handed out to
 * workers as chunks (contiguous ranges whose ends are multiples of TSP_BLOCK
 * for ranks, or total), the set of finished ranges, and the
 * best tour found in them. The same pool serves one process and an MPI job
 * (rank 0 keeps it); it knows nothing of threads, MPI or files. */
#ifndef TSP_POOL_H
#define TSP_POOL_H

#include "tsp_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    kperm_rank begin, end;
} tsp_range;

typedef struct {
    kperm_rank total;      /* (n-1)! orders, or units */
    int units;             /* whether they are the pruned search's units */
    kperm_rank chunk_max;  /* largest chunk handed out (0: no limit) */
    tsp_range *done;       /* finished ranges: sorted, disjoint, not touching */
    int ndone, done_cap;
    kperm_rank done_ranks; /* orders in done */
    kperm_rank resumed;    /* orders that were done before this run */
    kperm_rank next;       /* no chunk of this run starts below next */
    int workers, active;   /* active: workers not yet told to stop */
    tsp_range *out;        /* each worker's chunk in progress (empty: none) */
    kperm_rank *searched;  /* orders each worker finished in this run */
    char *stopped;         /* whether a worker was told to stop */
    int stopping;          /* hand out nothing more (refused, interrupted) */
    tsp_best best;         /* the best tour of the finished ranges (or better) */
    kperm_u64 known;       /* pruning: the length of a tour known before the search (TSP_NONE: none) */
    tsp_tally *tallies;    /* pruning: what each worker has done in this run */
} tsp_pool;

/* An empty pool of `total` ranks (units: pruned units) for `workers`
 * workers. Returns -1 when out of memory. */
int tsp_pool_init(tsp_pool *p, kperm_rank total, int units, int workers, kperm_rank chunk_max);
void tsp_pool_free(tsp_pool *p);

/* Marks [begin, end) finished (a loaded checkpoint). Returns -1 if the range
 * is empty, out of [0, total), not on chunk bounds or overlaps a done one. */
int tsp_pool_add_done(tsp_pool *p, kperm_rank begin, kperm_rank end);

/* best folded in: shorter, then smaller rank (tsp_best_better) */
void tsp_pool_fold(tsp_pool *p, const tsp_best *best);

/* Worker w reports that its chunk in progress (if any) is finished and that
 * `best` is its running best (`tally` what its pruning did; either may be
 * NULL); asks for about `want` orders more. Returns 1
 * with the next chunk in *chunk, or 0 when w must stop (nothing left to hand
 * out, or stopping). Chunks shrink towards the end so that the workers finish
 * together. */
int tsp_pool_next(tsp_pool *p, int w, kperm_rank want, const tsp_best *best, const tsp_tally *tally,
                  tsp_range *chunk);

/* the shortest length known: the best found, or the one known before */
kperm_u64 tsp_pool_known(const tsp_pool *p);

/* the workers' tallies added up */
tsp_tally tsp_pool_tally(const tsp_pool *p);

/* whether every order of [0, total) is finished */
int tsp_pool_complete(const tsp_pool *p);

#ifdef __cplusplus
}
#endif

#endif
