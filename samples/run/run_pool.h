/* run_pool.h - where the work comes from: a sample's rank space [0, total)
 * handed out to workers as chunks (contiguous ranges whose ends are
 * multiples of the sample's align, or total), the set of finished ranges,
 * and the result of the finished ranges, folded by the sample's rule
 * (run_sample.h). The same pool serves one process and an MPI job (rank 0
 * keeps it); it knows nothing of threads, MPI or files. */
#ifndef RUN_POOL_H
#define RUN_POOL_H

#include "run_sample.h"
#include "run_digest.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    kperm_rank begin, end;
} run_range;

typedef struct {
    const run_sample *sample;
    char fingerprint[RUN_DIGEST_DIGITS + 1]; /* the SHA-256 of the sample's identity */
    void *result;          /* the result of the finished ranges (or more: the sample's fold decides) */
    kperm_rank total;      /* the sample's ranks */
    kperm_rank chunk_max;  /* largest chunk handed out (0: no limit) */
    run_range *done;       /* finished ranges: sorted, disjoint, not touching */
    int ndone, done_cap;
    kperm_rank done_ranks; /* ranks in done */
    kperm_rank resumed;    /* ranks that were done before this run */
    kperm_rank next;       /* no chunk of this run starts below next */
    int workers, active;   /* active: workers not yet told to stop */
    run_range *out;        /* each worker's chunk in progress (empty: none) */
    kperm_rank *searched;  /* ranks each worker finished in this run */
    char *stopped;         /* whether a worker was told to stop */
    int stopping;          /* hand out nothing more (refused, interrupted, failed) */
    int failed;            /* a finished chunk could not be recorded (out of memory): the run must end */
} run_pool;

/* An empty pool of the sample's ranks for `workers` workers, folding into
 * `result` (sample->size bytes, emptied here), with the sample's
 * fingerprint. Returns -1 when out of memory. */
int run_pool_init(run_pool *p, const run_sample *sample, void *result, int workers, kperm_rank chunk_max);
void run_pool_free(run_pool *p);

/* Marks [begin, end) finished (a loaded checkpoint). Returns -1 if the range
 * is empty, out of [0, total), not on chunk bounds or overlaps a done one. */
int run_pool_add_done(run_pool *p, kperm_rank begin, kperm_rank end);

/* Worker w reports that its chunk in progress (if any) is finished, with
 * `part` its result (NULL: none), and asks for about `want` ranks more.
 * The part is folded into the pool's result exactly when the chunk's ranges
 * are recorded as done, never otherwise. Returns 1 with the next chunk in
 * *chunk, or 0 when w must stop (nothing left to hand out, or stopping).
 * With several workers, or chunks whose costs vary (the sample's
 * long_chunks), chunks shrink towards the end so that the workers finish
 * together and the checkpoints record progress. When
 * the chunk cannot be recorded (out of memory), neither its ranges nor its
 * part count, p->failed is set and every worker is stopped: the caller ends
 * the run with an error, its checkpoint (if saved) still whole. */
int run_pool_next(run_pool *p, int w, kperm_rank want, const void *part, run_range *chunk);

/* the sample's hint from the result so far (0 without one) */
kperm_u64 run_pool_hint(const run_pool *p);

/* whether every rank of [0, total) is finished */
int run_pool_complete(const run_pool *p);

#ifdef __cplusplus
}
#endif

#endif
