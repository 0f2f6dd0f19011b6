/* tsp_run.h - one search over the pool: rank 0 coordinates (hands out chunks
 * to its own backend and to the worker ranks, writes checkpoints, shows the
 * progress, refuses hopeless runs, handles SIGINT/SIGTERM); the other ranks
 * search what they are given. The backends only ever see rank ranges. */
#ifndef TSP_RUN_H
#define TSP_RUN_H

#include "tsp_backend.h"
#include "tsp_checkpoint.h"
#include "tsp_job.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *prog;          /* "kperm-tsp", for messages */
    const char *where;         /* "cpu", "4 ranks", ...: for the estimate's message */
    const tsp_instance *inst;
    const char *checkpoint;    /* file, or NULL */
    double checkpoint_every;   /* seconds between checkpoints */
    double worker_timeout;     /* seconds a worker rank may be silent (and 20 of its chunk times) before the job ends */
    int force;                 /* run even when the estimate says over a day */
    int prune;                 /* pruned: the estimate from the units closed, after a minute */
    kperm_u64 bound;           /* pruned: the lower bound on every tour, for the gap */
    int bar;                   /* progress as a bar on stderr (a terminal), else as a line every PROGRESS_LINE s */
    int quiet;                 /* no progress at all (--quiet) */
} tsp_run_options;

/* seconds on a monotonic clock */
double tsp_now(void);

/* Catches SIGINT and SIGTERM from now on, so that rank 0 can write the
 * checkpoint before it ends. */
void tsp_run_catch_signals(void);

/* Rank 0: searches the pool with b and the worker ranks until it is
 * complete. Returns the exit status: 0 done (pool->best is the answer), 3
 * refused as hopeless; it ends the job itself (4 on a failure, 128 + the
 * signal when interrupted) after writing the checkpoint. */
int tsp_run_coordinator(tsp_pool *pool, tsp_backend *b, const tsp_run_options *o);

/* Ranks > 0: searches the chunks rank 0 hands out until told to stop. */
void tsp_run_worker(tsp_backend *b, const tsp_run_options *o);

#ifdef __cplusplus
}
#endif

#endif
