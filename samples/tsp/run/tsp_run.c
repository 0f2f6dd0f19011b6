/* tsp_run.c - the coordinator and the worker loop (see tsp_run.h).
 *
 * Rank 0's backend searches in a thread of its own while the main thread
 * serves requests, so a worker rank never waits for rank 0's device and a
 * signal is answered within a fraction of a millisecond. Every worker sizes its next chunk
 * from its own measured rate, so a GPU takes more than a CPU. */
#define _POSIX_C_SOURCE 200809L
#include "tsp_run.h"
#include "tsp_units.h"
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHUNK_SECONDS 0.25      /* a worker's chunk: about this long */
#define FIRST_CHUNK (TSP_BLOCK * 1024.0)
#define FIRST_UNITS 256.0       /* the pruned search's first chunk: enough units for every thread */
#define ESTIMATE_AFTER 0.5      /* seconds of search before the estimate */
#define PRUNED_ESTIMATE_AFTER 60.0 /* ...of pruned search, whose pace settles later */
#define HOPELESS_SECONDS 86400.0 /* refuse runs estimated to take over a day */
#define PROGRESS_BAR 2.0        /* seconds before the bar appears on a terminal */
#define PROGRESS_LINE 10.0      /* seconds between progress lines elsewhere (a log, mpirun) */
#define SILENT_CHUNKS 20.0      /* a worker rank is lost when silent this many of its longest chunks... */

static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
    caught = sig;
}

void tsp_run_catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

double tsp_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* asks for the next chunk (reporting the last one finished): 1 with the
 * shortest length known, or 0 = stop */
typedef int (*take_fn)(void *ctx, const tsp_request *req, tsp_range *chunk, kperm_u64 *known);

/* The worker loop: search each chunk (of ranks, or of the pruned search's
 * units: tsp_units.h), then report it with the running best and ask for the
 * next, sized to take about CHUNK_SECONDS. */
static int work(tsp_backend *b, const tsp_instance *inst, int prune, take_fn take, void *ctx, char *err,
                size_t errsize)
{
    tsp_request req;
    tsp_range c;
    kperm_u64 known;
    int p = tsp_unit_cities(inst->n, prune);
    memset(&req, 0, sizeof req);
    req.want = (kperm_u64)(p ? FIRST_UNITS : FIRST_CHUNK);
    req.best.length = req.best.rank = TSP_NONE;
    while (take(ctx, &req, &c, &known)) {
        double t0 = tsp_now(), took;
        tsp_task task = tsp_task_of(c.begin, c.end, known, p);
        if (b->search(b, &task, err, errsize) || b->result(b, &req.best, &req.tally, err, errsize))
            return -1;
        took = tsp_now() - t0;
        req.want = (kperm_u64)((double)(c.end - c.begin) / (took > 1e-6 ? took : 1e-6) * CHUNK_SECONDS);
    }
    return 0;
}

static int remote_take(void *ctx, const tsp_request *req, tsp_range *chunk, kperm_u64 *known)
{
    tsp_grant g;
    (void)ctx;
    tsp_job_ask(req, &g);
    chunk->begin = g.begin;
    chunk->end = g.end;
    *known = g.known;
    return !g.stop;
}

void tsp_run_worker(tsp_backend *b, const tsp_run_options *o)
{
    char err[TSP_ERR_SIZE];
    if (work(b, o->inst, o->prune, remote_take, NULL, err, sizeof err)) {
        fprintf(stderr, "%s: rank %d: %s\n", o->prog, tsp_job_rank(), err);
        tsp_job_abort(4);
    }
}

/* rank 0's own backend, in a thread, drawing from the pool under the lock */
typedef struct {
    tsp_pool *pool;
    tsp_backend *b;
    const tsp_instance *inst;
    int prune;
    pthread_mutex_t lock;
    int failed;
    char err[TSP_ERR_SIZE];
} local_worker;

static int local_take(void *ctx, const tsp_request *req, tsp_range *chunk, kperm_u64 *known)
{
    local_worker *w = (local_worker *)ctx;
    int more;
    pthread_mutex_lock(&w->lock);
    more = tsp_pool_next(w->pool, 0, req->want, &req->best, &req->tally, chunk);
    *known = tsp_pool_known(w->pool);
    pthread_mutex_unlock(&w->lock);
    return more;
}

static void *local_main(void *arg)
{
    local_worker *w = (local_worker *)arg;
    char err[TSP_ERR_SIZE];
    if (work(w->b, w->inst, w->prune, local_take, w, err, sizeof err)) {
        pthread_mutex_lock(&w->lock);
        memcpy(w->err, err, sizeof err);
        w->failed = 1;
        pthread_mutex_unlock(&w->lock);
    }
    return NULL;
}

static void save(const tsp_pool *pool, const tsp_run_options *o)
{
    char err[TSP_ERR_SIZE];
    if (o->checkpoint && tsp_checkpoint_save(o->checkpoint, o->inst, pool, err, sizeof err))
        fprintf(stderr, "%s: %s\n", o->prog, err);
}

/* the pruned search's state: the best length, the lower bound, the gap */
static void pruned_state(const tsp_pool *pool, const tsp_run_options *o)
{
    kperm_u64 best = tsp_pool_known(pool);
    if (best == TSP_NONE)
        return;
    fprintf(stderr, "  best %llu  bound %llu  gap %.2f%%", best, o->bound,
            best ? 100.0 * (double)(best - (o->bound < best ? o->bound : best)) / (double)best : 0.0);
}

/* the progress: on a terminal a bar redrawn in place, elsewhere one plain
 * line "PROG: 12.5% ..."; pruned, the share of the units closed (searched
 * or cut off whole), which is exact, and the best length, bound and gap */
static void progress(const tsp_pool *pool, const tsp_run_options *o, double elapsed)
{
    double done = (double)pool->done_ranks / (double)pool->total;
    double rate = (double)(pool->done_ranks - pool->resumed) / elapsed;
    double eta = rate > 0 ? (double)(pool->total - pool->done_ranks) / rate : 0;
    int width = 30, fill = (int)(width * done), i;
    if (o->bar) {
        fprintf(stderr, "\r[");
        for (i = 0; i < width; i++)
            fputc(i < fill ? '#' : '.', stderr);
        fprintf(stderr, "] %5.1f%%%s", 100.0 * done, o->prune ? " closed" : "");
    } else
        fprintf(stderr, "%s: %.1f%%%s after %.0f s", o->prog, 100.0 * done, o->prune ? " closed" : "", elapsed);
    if (o->prune)
        pruned_state(pool, o);
    else {
        fprintf(stderr, "  %.3g tours/s  ETA %.0f s", rate / (o->inst->symmetric ? 2 : 1), eta);
        if (pool->best.length != TSP_NONE)
            fprintf(stderr, "  best %llu", pool->best.length);
    }
    fprintf(stderr, o->bar ? " " : "\n");
}

/* when each worker rank last heard from rank 0 (0: told to stop), and the
 * longest it has taken to come back */
typedef struct {
    double *since, *longest;
} watch;

/* serves the waiting worker ranks from the pool (lock held) */
static void serve(tsp_pool *pool, watch *wt)
{
    tsp_request req;
    tsp_range c;
    tsp_grant g;
    int from;
    while (tsp_job_poll(&from, &req)) {
        double now = tsp_now();
        g.stop = !tsp_pool_next(pool, from, req.want, &req.best, &req.tally, &c);
        g.begin = g.stop ? 0 : c.begin;
        g.end = g.stop ? 0 : c.end;
        g.known = tsp_pool_known(pool);
        tsp_job_reply(from, &g);
        if (now - wt->since[from] > wt->longest[from])
            wt->longest[from] = now - wt->since[from];
        wt->since[from] = g.stop ? 0 : now;
    }
}

/* a worker rank that has not come back for `timeout` seconds, and for
 * SILENT_CHUNKS of its longest chunk (a stopped or hung process: its chunk
 * would never finish), or 0 */
static int lost_worker(const watch *wt, int ranks, double timeout, double *silent)
{
    double now = tsp_now();
    int r;
    for (r = 1; r < ranks; r++) {
        *silent = now - wt->since[r];
        if (wt->since[r] > 0 && *silent > timeout && *silent > SILENT_CHUNKS * wt->longest[r])
            return r;
    }
    return 0;
}

/* Ends every rank at once, the work done saved first, when a signal came,
 * rank 0's own search failed or a worker rank is lost (lock held); else
 * returns. `shown`: a progress bar is on the terminal's line. */
static void end_if_stopped(const tsp_pool *pool, const tsp_run_options *o, const local_worker *w, const watch *wt,
                           int shown)
{
    double silent = 0;
    int lost = lost_worker(wt, pool->workers, o->worker_timeout, &silent);
    const char *nl = shown ? "\n" : "", *kept = o->checkpoint ? "; the work done is in " : "";
    const char *where = o->checkpoint ? o->checkpoint : "";
    if (!caught && !w->failed && !lost)
        return;
    save(pool, o);
    tsp_checkpoint_release(); /* the abort ends the process without its exit handlers */
    if (w->failed)
        fprintf(stderr, "%s: %s\n", o->prog, w->err);
    else if (lost)
        fprintf(stderr, "%s%s: rank %d has not answered for %.0f s (its chunks took at most %.3g s): "
                        "stopped or hung; ending the job%s%s\n", nl, o->prog, lost, silent, wt->longest[lost], kept,
                where);
    else
        fprintf(stderr, "%s%s: interrupted by signal %d%s%s\n", nl, o->prog, (int)caught, kept, where);
    tsp_job_abort(w->failed || lost ? 4 : 128 + caught);
}

/* Once, after ESTIMATE_AFTER seconds of exhaustive search (pruned:
 * PRUNED_ESTIMATE_AFTER): whether the rest would take more than a day at the
 * measured rate (then said, and the pool stops handing out work, unless
 * --force) */
static int hopeless(tsp_pool *pool, const tsp_run_options *o, double elapsed)
{
    double rate = (double)(pool->done_ranks - pool->resumed) / elapsed;
    double eta = rate > 0 ? (double)(pool->total - pool->done_ranks) / rate : 1e30;
    if (eta <= HOPELESS_SECONDS || o->force)
        return 0;
    if (o->prune) { /* a unit in progress may itself take days: the job ends here, its work saved */
        fprintf(stderr, "%s: hopeless for the pruned search: %.2f%% closed in %.0f s on %s, so about %.3g days at "
                        "this pace; the bound is too weak here", o->prog, 100.0 * (double)pool->done_ranks
                        / (double)pool->total, elapsed, o->where, eta / 86400);
        pruned_state(pool, o);
        fprintf(stderr, "; --force runs it anyway\n");
        save(pool, o);
        tsp_checkpoint_release();
        tsp_job_abort(3);
    } else
        fprintf(stderr, "%s: about %.3g s (%.1f days) at the measured %.3g orders/s on %s; --force runs it anyway\n",
                o->prog, eta, eta / 86400, rate, o->where);
    pool->stopping = 1;
    return 1;
}

/* the worker ranks' watch: each is expected to ask for its first chunk at once */
static watch watch_workers(int workers, double t0, const char *prog)
{
    watch wt;
    int r;
    wt.since = (double *)calloc((size_t)workers, sizeof(double));
    wt.longest = (double *)calloc((size_t)workers, sizeof(double));
    if (!wt.since || !wt.longest) {
        fprintf(stderr, "%s: out of memory\n", prog);
        tsp_job_abort(4);
    }
    for (r = 1; r < workers; r++)
        wt.since[r] = t0;
    return wt;
}

int tsp_run_coordinator(tsp_pool *pool, tsp_backend *b, const tsp_run_options *o)
{
    local_worker w;
    pthread_t thread;
    double t0 = tsp_now(), last_save = t0, last_line = 0, elapsed;
    struct timespec nap = {0, 200000}; /* 0.2 ms: a worker rank waits at most this for its chunk */
    int estimated = 0, shown = 0, status = 0, finished = 0;
    watch wt = watch_workers(pool->workers, t0, o->prog);
    memset(&w, 0, sizeof w);
    w.pool = pool;
    w.b = b;
    w.inst = o->inst;
    w.prune = o->prune;
    pthread_mutex_init(&w.lock, NULL);
    if (pthread_create(&thread, NULL, local_main, &w) != 0) {
        fprintf(stderr, "%s: cannot start a thread\n", o->prog);
        tsp_job_abort(4);
    }
    while (!finished) {
        pthread_mutex_lock(&w.lock);
        serve(pool, &wt);
        elapsed = tsp_now() - t0;
        end_if_stopped(pool, o, &w, &wt, shown);
        if (!estimated && elapsed >= (o->prune ? PRUNED_ESTIMATE_AFTER : ESTIMATE_AFTER)
            && (o->prune || pool->done_ranks > pool->resumed)) {
            estimated = 1;
            status = hopeless(pool, o, elapsed) ? 3 : 0;
        }
        if (o->checkpoint && tsp_now() - last_save >= o->checkpoint_every) {
            save(pool, o);
            last_save = tsp_now();
        }
        if (!o->quiet && (o->bar ? elapsed > PROGRESS_BAR : elapsed >= last_line + PROGRESS_LINE)) {
            progress(pool, o, elapsed);
            shown = o->bar;
            last_line = elapsed;
        }
        finished = pool->active == 0;
        pthread_mutex_unlock(&w.lock);
        if (!finished)
            nanosleep(&nap, NULL);
    }
    pthread_join(thread, NULL);
    if (shown)
        fprintf(stderr, "\r%90s\r", "");
    if (status == 0)
        save(pool, o);
    pthread_mutex_destroy(&w.lock);
    free(wt.since);
    free(wt.longest);
    return status;
}
