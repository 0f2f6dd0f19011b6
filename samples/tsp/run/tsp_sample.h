/* tsp_sample.h - kperm-tsp as a sample of the run engine (samples/run/): its
 * rank space (the tours' ranks, or --prune's units: tsp_units.h), the result
 * of a chunk (tsp_item: the best tour and what pruning did), that result's
 * lines in the checkpoint, its words for the progress and for a hopeless
 * run, and the search of one chunk on a backend. */
#ifndef TSP_SAMPLE_H
#define TSP_SAMPLE_H

#include "run_sample.h"
#include "tsp_backend.h"

#ifdef __cplusplus
extern "C" {
#endif

/* kperm-tsp's sample of one instance; run.ctx points to it, so it stays
 * where tsp_sample_init put it */
typedef struct {
    run_sample run;
    const tsp_instance *inst;
    int prune;       /* the pool's ranks are the pruned search's units */
    int fixed;       /* the cities after city 1 that a unit fixes (tsp_unit_cities; 0 without --prune) */
    kperm_u64 seed;  /* pruned: the first tour's length (tsp_seed.h), the shortest known before the search; else TSP_NONE */
    kperm_u64 bound; /* pruned: the lower bound on every tour, for the gap */
    const tsp_best *answer; /* pruned: the answer when the start settled it (tsp_start.h), else NULL */
} tsp_sample;

/* s for inst, pruned or not (seed and bound count only when pruned) */
void tsp_sample_init(tsp_sample *s, const tsp_instance *inst, int prune, kperm_u64 seed, kperm_u64 bound);

/* one process's worker: its backend, and the tally the backend gave last */
typedef struct {
    tsp_backend *b;
    const tsp_sample *sample;
    tsp_tally last;
} tsp_worker;

/* the engine's run_search_fn for a tsp_worker: the chunk's ranks (or units)
 * searched by the backend, the hint being the shortest length known; part
 * (a tsp_item) gets the backend's running best and the tally of this chunk.
 * With an answer settled, nothing is searched: every unit's best is it. */
int tsp_search_chunk(void *worker, kperm_rank begin, kperm_rank end, kperm_u64 hint, void *part, char *err,
                     size_t errsize);

#ifdef __cplusplus
}
#endif

#endif
