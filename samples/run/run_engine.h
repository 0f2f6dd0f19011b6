/* run_engine.h - one run over a sample's pool: rank 0 coordinates (hands out
 * chunks to its own search and to the worker ranks, writes checkpoints,
 * shows the progress, refuses hopeless runs, handles SIGINT, SIGTERM and
 * SIGHUP); the other ranks search what they are given. The engine sees rank ranges and
 * the sample's result as bytes (run_sample.h); the sample's search sees only
 * chunks. */
#ifndef RUN_ENGINE_H
#define RUN_ENGINE_H

#include "run_pool.h"
#include "run_checkpoint.h"
#include "run_job.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RUN_ERR_SIZE 512 /* room for one error message */

typedef struct {
    const char *prog;          /* "kperm-tsp", for messages */
    const char *where;         /* "cpu", "4 ranks", ...: for the estimate's message */
    const char *checkpoint;    /* file (claimed), or NULL */
    double checkpoint_every;   /* seconds between checkpoints */
    double worker_timeout;     /* seconds a worker rank may be silent before the job ends (run_job_watch) */
    int force;                 /* run even when the estimate says over a day */
    int bar;                   /* progress as a bar on stderr (a terminal), else as a line every PROGRESS_LINE s */
    int quiet;                 /* no progress at all (--quiet) */
} run_options;

/* seconds on a monotonic clock */
double run_now(void);

/* Catches SIGINT, SIGTERM and SIGHUP from now on, so that rank 0 can write
 * the checkpoint before it ends; its message says what the checkpoint holds
 * (the work done, or what the last save that succeeded kept). */
void run_catch_signals(void);

/* Rank 0: searches the pool with search(ctx, ...) and the worker ranks until
 * it is complete. Returns the exit status: 0 done (pool->result is the
 * answer), 3 refused as hopeless; it ends the job itself (4 on a failure,
 * 128 + the signal when interrupted) after writing the checkpoint. */
int run_coordinator(run_pool *pool, run_search_fn search, void *ctx, const run_options *o);

/* Ranks > 0: searches the chunks rank 0 hands out until told to stop. */
void run_worker(const run_sample *sample, run_search_fn search, void *ctx, const run_options *o);

#ifdef __cplusplus
}
#endif

#endif
