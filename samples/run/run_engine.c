/* run_engine.c - the coordinator and the worker loop (see run_engine.h).
 *
 * Rank 0's own search runs in a thread of its own while the main thread
 * serves requests, so a worker rank never waits for rank 0's device and,
 * with worker ranks, a signal is answered within a fraction of a
 * millisecond. A job of one rank has no requests to serve: its main thread
 * sleeps until the search takes a chunk or LONE_WAIT passes (a signal then
 * waits at most that long), rather than waking thousands of times a second
 * on the cores the search uses. Every worker sizes its next chunk from its
 * own measured rate, so a GPU takes more than a CPU. */
#define _POSIX_C_SOURCE 200809L
#include "run_engine.h"
#include "run_meter.h"
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHUNK_SECONDS 0.25      /* a worker's chunk: about this long */
#define HOPELESS_SECONDS 86400.0 /* refuse runs estimated to take over a day */
#define HOPELESS_AT_ONCE 10.0    /* ...at once when estimated at this many times more */
#define HOPELESS_HOLD 10.0       /* ...else when the estimate stays over a day this many seconds */
#define ESTIMATE_CHUNKS 3        /* chunks measured before the estimate (but long_chunks) */
#define PROGRESS_BAR 2.0        /* seconds before the bar appears on a terminal */
#define PROGRESS_LINE 10.0      /* seconds between progress lines elsewhere (a log, mpirun) */
#define LONE_WAIT 0.02          /* a job of one rank: its main thread's longest sleep (a signal waits this long) */

static volatile sig_atomic_t caught;

/* what the checkpoint file holds: the ranks of the last save that
 * succeeded and when (run_now), and whether the latest save failed */
static struct {
    kperm_rank done;
    double at;
    int failing;
} saved;

static void on_signal(int sig)
{
    caught = sig;
}

void run_catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL); /* the terminal closed, or a scheduler's warning: saved as on SIGTERM */
}

double run_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* a request's bytes: the wish and the sample's result */
static size_t request_size(const run_sample *s)
{
    return sizeof(run_request) + s->size;
}

/* asks for the next chunk (reporting the last one finished, req->part its
 * result): 1 with the sample's hint, or 0 = stop */
typedef int (*take_fn)(void *ctx, const run_request *req, run_range *chunk, kperm_u64 *hint);

/* The worker loop: search each chunk, then report it with its result and
 * ask for the next, sized to take about CHUNK_SECONDS. */
static int work(const run_sample *s, run_search_fn search, void *search_ctx, take_fn take, void *ctx, char *err,
                size_t errsize)
{
    run_request *req = (run_request *)malloc(request_size(s));
    run_range c;
    kperm_u64 hint;
    int rc = 0;
    if (!req) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    req->want = s->first_chunk;
    s->empty(s->ctx, req->part);
    while (rc == 0 && take(ctx, req, &c, &hint)) {
        double t0 = run_now(), took;
        s->empty(s->ctx, req->part);
        rc = search(search_ctx, c.begin, c.end, hint, req->part, err, errsize);
        took = run_now() - t0;
        req->want = (kperm_u64)((double)(c.end - c.begin) / (took > 1e-6 ? took : 1e-6) * CHUNK_SECONDS);
    }
    free(req);
    return rc ? -1 : 0;
}

static int remote_take(void *ctx, const run_request *req, run_range *chunk, kperm_u64 *hint)
{
    run_grant g;
    run_job_ask(req, request_size((const run_sample *)ctx), &g);
    chunk->begin = g.begin;
    chunk->end = g.end;
    *hint = g.hint;
    return !g.stop;
}

void run_worker(const run_sample *sample, run_search_fn search, void *ctx, const run_options *o)
{
    char err[RUN_ERR_SIZE];
    run_job_watch(o->worker_timeout); /* its heartbeats, if the sample has not started them */
    if (work(sample, search, ctx, remote_take, (void *)sample, err, sizeof err)) {
        fprintf(stderr, "%s: rank %d: %s\n", o->prog, run_job_rank(), err);
        run_job_abort(4);
    }
}

/* rank 0's own search, in a thread, drawing from the pool under the lock */
typedef struct {
    run_pool *pool;
    run_search_fn search;
    void *search_ctx;
    pthread_mutex_t lock;
    pthread_cond_t took; /* signalled when the search asks for a chunk (and so when it ends) */
    run_meter meter;     /* every worker's pace, for the estimate */
    int failed;
    char err[RUN_ERR_SIZE];
} local_worker;

/* worker `from` reports its chunk in progress and takes the next (the lock
 * held): run_pool_next, with the chunk's pace measured */
static int next_chunk(run_pool *pool, run_meter *meter, int from, const run_request *req, run_range *chunk)
{
    kperm_rank ranks = pool->out[from].end - pool->out[from].begin;
    int more = run_pool_next(pool, from, req->want, req->part, chunk);
    run_meter_next(meter, from, ranks, run_now());
    return more;
}

static int local_take(void *ctx, const run_request *req, run_range *chunk, kperm_u64 *hint)
{
    local_worker *w = (local_worker *)ctx;
    int more;
    pthread_mutex_lock(&w->lock);
    more = next_chunk(w->pool, &w->meter, 0, req, chunk);
    *hint = run_pool_hint(w->pool);
    pthread_cond_signal(&w->took);
    pthread_mutex_unlock(&w->lock);
    return more;
}

static void *local_main(void *arg)
{
    local_worker *w = (local_worker *)arg;
    char err[RUN_ERR_SIZE];
    if (work(w->pool->sample, w->search, w->search_ctx, local_take, w, err, sizeof err)) {
        pthread_mutex_lock(&w->lock);
        memcpy(w->err, err, sizeof err);
        w->failed = 1;
        pthread_cond_signal(&w->took);
        pthread_mutex_unlock(&w->lock);
    }
    return NULL;
}

static void save(const run_pool *pool, const run_options *o)
{
    char err[RUN_ERR_SIZE];
    int was_failing = saved.failing;
    if (!o->checkpoint)
        return;
    saved.failing = run_checkpoint_save(o->checkpoint, pool, err, sizeof err) != 0;
    if (saved.failing && !was_failing) /* once a streak: a full disk fails every save */
        fprintf(stderr, "%s: %s\n", o->prog, err);
    else if (!saved.failing) {
        saved.done = pool->done_ranks;
        saved.at = run_now();
    }
}

/* what the checkpoint holds, for the message of a run that ends early:
 * "; the work done is in FILE" when the last save succeeded, else what the
 * file still holds (a full disk fails every save after some point) */
static void kept(const run_pool *pool, const run_options *o, char *out, size_t size)
{
    if (!o->checkpoint)
        *out = 0;
    else if (!saved.failing)
        snprintf(out, size, "; the work done is in %s", o->checkpoint);
    else
        snprintf(out, size, "; the work done since the last save, %.0f s ago, is lost: %s holds %.1f%% of the ranks",
                 run_now() - saved.at, o->checkpoint, 100.0 * (double)saved.done / (double)pool->total);
}

/* the run's pace after `elapsed` seconds; the time left is `idle_eta`
 * while nothing has been done */
static run_pace pace_of(const run_pool *pool, const run_options *o, double elapsed, double idle_eta)
{
    run_pace p;
    p.done = pool->done_ranks;
    p.total = pool->total;
    p.elapsed = elapsed;
    p.rate = (double)(pool->done_ranks - pool->resumed) / elapsed;
    p.eta = p.rate > 0 ? (double)(pool->total - pool->done_ranks) / p.rate : idle_eta;
    p.where = o->where;
    return p;
}

/* the progress: on a terminal a bar redrawn in place, elsewhere one plain
 * line "PROG: 12.5% ..."; the sample says the rest */
static void progress(const run_pool *pool, const run_options *o, double elapsed)
{
    const run_sample *s = pool->sample;
    run_pace pace = pace_of(pool, o, elapsed, 0);
    double done = (double)pool->done_ranks / (double)pool->total;
    const char *space = s->done_word ? " " : "", *word = s->done_word ? s->done_word : "";
    int width = 30, fill = (int)(width * done), i;
    if (o->bar) {
        fprintf(stderr, "\r[");
        for (i = 0; i < width; i++)
            fputc(i < fill ? '#' : '.', stderr);
        fprintf(stderr, "] %5.1f%%%s%s", 100.0 * done, space, word);
    } else
        fprintf(stderr, "%s: %.1f%%%s%s after %.0f s", o->prog, 100.0 * done, space, word, elapsed);
    if (s->progress)
        s->progress(s->ctx, pool->result, &pace);
    fprintf(stderr, o->bar ? " " : "\n");
}

/* serves the waiting worker ranks from the pool (lock held); req: room for
 * one request */
static void serve(run_pool *pool, run_meter *meter, run_request *req)
{
    run_range c;
    run_grant g;
    int from;
    while (run_job_poll(&from, req, request_size(pool->sample))) {
        g.stop = !next_chunk(pool, meter, from, req, &c);
        g.begin = g.stop ? 0 : c.begin;
        g.end = g.stop ? 0 : c.end;
        g.hint = run_pool_hint(pool);
        run_job_reply(from, &g);
    }
}

/* a worker rank still at work that has not been heard from (a request or a
 * heartbeat, which comes every timeout / 4 while it searches) for `timeout`
 * seconds: stopped, hung or gone; or 0 */
static int lost_worker(const run_pool *pool, double timeout, double *silent)
{
    int r;
    for (r = 1; r < pool->workers; r++) {
        *silent = run_job_silent(r);
        if (!pool->stopped[r] && *silent > timeout)
            return r;
    }
    return 0;
}

/* Ends every rank at once, the work done saved first, when a signal came,
 * rank 0's own search failed, a finished chunk could not be recorded or a
 * worker rank is lost (lock held); else returns. `shown`: a progress bar is
 * on the terminal's line. */
static void end_if_stopped(const run_pool *pool, const run_options *o, const local_worker *w, int shown)
{
    double silent = 0;
    int lost = lost_worker(pool, o->worker_timeout, &silent);
    const char *nl = shown ? "\n" : "";
    char note[RUN_ERR_SIZE];
    if (!caught && !w->failed && !pool->failed && !lost)
        return;
    save(pool, o);
    kept(pool, o, note, sizeof note);
    run_checkpoint_release(); /* the abort ends the process without its exit handlers */
    if (w->failed)
        fprintf(stderr, "%s: %s\n", o->prog, w->err);
    else if (pool->failed)
        fprintf(stderr, "%s%s: out of memory recording a finished chunk; ending the run%s\n", nl, o->prog, note);
    else if (lost)
        fprintf(stderr, "%s%s: rank %d has not answered for %.0f s: stopped or hung; ending the job%s\n", nl, o->prog,
                lost, silent, note);
    else
        fprintf(stderr, "%s%s: interrupted by signal %d%s\n", nl, o->prog, (int)caught, note);
    run_job_abort(w->failed || pool->failed || lost ? 4 : 128 + caught);
}

/* Whether the run is hopeless: from the sample's estimate_after seconds of
 * search on, the time left at the measured pace, until settled. 0: not yet
 * settled; 1: the run goes on (--force, or a day at most); 3: refused, said
 * (the pool then stops handing out work). A pace measured on too little is
 * not trusted: the workers' own chunks (run_meter.h), ESTIMATE_CHUNKS of
 * them, and a refusal at once only when the estimate is more than
 * HOPELESS_AT_ONCE days, else when it stays over a day for HOPELESS_HOLD
 * seconds. long_chunks: one chunk may take days, so the pace is that of the
 * ranks done over the time elapsed, from the start. `over`: when the
 * estimate went over a day (< 0: it is not). */
static int hopeless(run_pool *pool, const run_meter *meter, const run_options *o, double elapsed, double *over)
{
    const run_sample *s = pool->sample;
    run_pace pace = pace_of(pool, o, elapsed, 1e30);
    if (o->force)
        return 1;
    if (!s->long_chunks) {
        if (meter->chunks < ESTIMATE_CHUNKS)
            return 0;
        pace.rate = run_meter_rate(meter);
        pace.eta = (double)(pool->total - pool->done_ranks) / pace.rate;
    }
    if (pace.eta <= HOPELESS_SECONDS)
        return 1;
    if (*over < 0)
        *over = elapsed;
    if (pace.eta <= HOPELESS_AT_ONCE * HOPELESS_SECONDS && elapsed - *over < HOPELESS_HOLD)
        return 0;
    fprintf(stderr, "%s: ", o->prog);
    s->hopeless(s->ctx, pool->result, &pace);
    fprintf(stderr, "; --force runs it anyway\n");
    if (s->long_chunks) { /* a chunk in progress may itself take days: the job ends here, its work saved */
        save(pool, o);
        run_checkpoint_release();
        run_job_abort(3);
    }
    pool->stopping = 1;
    return 3;
}

int run_coordinator(run_pool *pool, run_search_fn search, void *ctx, const run_options *o)
{
    const run_sample *s = pool->sample;
    local_worker w;
    pthread_condattr_t took_clock;
    pthread_t thread;
    double t0 = run_now(), last_save = t0, last_line = 0, elapsed, over = -1;
    struct timespec nap = {0, 200000}; /* 0.2 ms: a worker rank waits at most this for its chunk */
    int settled = 0, shown = 0, status = 0, finished = 0;
    run_request *req = (run_request *)malloc(request_size(s));
    if (!req) {
        fprintf(stderr, "%s: out of memory\n", o->prog);
        run_job_abort(4);
    }
    run_job_watch(o->worker_timeout); /* the worker ranks' heartbeats, if the sample has not started them */
    saved.done = pool->resumed; /* the sample saved what it resumed before the search */
    saved.at = t0;
    memset(&w, 0, sizeof w);
    if (run_meter_init(&w.meter, pool->workers)) {
        fprintf(stderr, "%s: out of memory\n", o->prog);
        run_job_abort(4);
    }
    w.pool = pool;
    w.search = search;
    w.search_ctx = ctx;
    pthread_mutex_init(&w.lock, NULL);
    pthread_condattr_init(&took_clock);
    pthread_condattr_setclock(&took_clock, CLOCK_MONOTONIC); /* run_now's */
    pthread_cond_init(&w.took, &took_clock);
    pthread_condattr_destroy(&took_clock);
    if (pthread_create(&thread, NULL, local_main, &w) != 0) {
        fprintf(stderr, "%s: cannot start a thread\n", o->prog);
        run_job_abort(4);
    }
    while (!finished) {
        pthread_mutex_lock(&w.lock);
        serve(pool, &w.meter, req);
        elapsed = run_now() - t0;
        end_if_stopped(pool, o, &w, shown);
        if (!settled && elapsed >= s->estimate_after) {
            settled = hopeless(pool, &w.meter, o, elapsed, &over);
            status = settled == 3 ? 3 : 0;
        }
        if (o->checkpoint && run_now() - last_save >= o->checkpoint_every) {
            save(pool, o);
            last_save = run_now();
        }
        if (!o->quiet && (o->bar ? elapsed > PROGRESS_BAR : elapsed >= last_line + PROGRESS_LINE)) {
            progress(pool, o, elapsed);
            shown = o->bar;
            last_line = elapsed;
        }
        finished = pool->active == 0;
        if (!finished && pool->workers == 1) {
            struct timespec until;
            double t = run_now() + LONE_WAIT;
            until.tv_sec = (time_t)t;
            until.tv_nsec = (long)((t - (double)until.tv_sec) * 1e9);
            pthread_cond_timedwait(&w.took, &w.lock, &until);
        }
        pthread_mutex_unlock(&w.lock);
        if (!finished && pool->workers > 1)
            nanosleep(&nap, NULL);
    }
    pthread_join(thread, NULL);
    if (shown)
        fprintf(stderr, "\r%90s\r", "");
    if (status == 0)
        save(pool, o);
    pthread_cond_destroy(&w.took);
    pthread_mutex_destroy(&w.lock);
    run_meter_free(&w.meter);
    free(req);
    return status;
}
