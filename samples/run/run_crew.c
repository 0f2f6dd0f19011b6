/* run_crew.c - threads started once, spinning briefly between chunks (see
 * run_crew.h). job, busy and quit change under the lock, and are read
 * without it (atomically) by whoever spins. */
#define _POSIX_C_SOURCE 200809L
#include "run_crew.h"
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>

typedef struct {
    run_crew *c;
    int part;
    pthread_t id;
} crew_thread;

struct run_crew {
    pthread_mutex_t lock;
    pthread_cond_t go, done;
    int parts, started; /* threads started: for parts 1 .. started */
    unsigned job;       /* bumped for every run: the threads' signal */
    unsigned busy;      /* the started threads not done with this job */
    unsigned quit;
    run_crew_fn fn;
    void *ctx;
    crew_thread *threads;
};

static unsigned crew_load(const unsigned *word)
{
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static void crew_store(unsigned *word, unsigned value)
{
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

static double crew_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* what a thread waits for: a job after `seen` (or the end) */
static int crew_job_came(run_crew *c, unsigned seen)
{
    return crew_load(&c->job) != seen || crew_load(&c->quit);
}

/* what the caller waits for: every thread done */
static int crew_job_done(run_crew *c, unsigned unused)
{
    (void)unused;
    return crew_load(&c->busy) == 0;
}

/* spins until ready or RUN_CREW_SPIN seconds have passed; the caller then
 * sleeps on the condition (under the lock) if it must */
static void crew_spin(int (*ready)(run_crew *, unsigned), run_crew *c, unsigned arg)
{
    double until = crew_now() + RUN_CREW_SPIN;
    int i;
    for (i = 1; !ready(c, arg); i++) {
        if (i % 64 == 0 && crew_now() > until)
            return;
        sched_yield(); /* a thread that wants this core gets it */
    }
}

static void *crew_main(void *arg)
{
    crew_thread *t = (crew_thread *)arg;
    run_crew *c = t->c;
    unsigned seen = 0;
    for (;;) {
        run_crew_fn fn;
        void *ctx;
        crew_spin(crew_job_came, c, seen);
        pthread_mutex_lock(&c->lock);
        while (!crew_job_came(c, seen))
            pthread_cond_wait(&c->go, &c->lock);
        if (crew_load(&c->quit)) {
            pthread_mutex_unlock(&c->lock);
            return NULL;
        }
        seen = crew_load(&c->job);
        fn = c->fn;
        ctx = c->ctx;
        pthread_mutex_unlock(&c->lock);
        fn(ctx, t->part);
        pthread_mutex_lock(&c->lock);
        crew_store(&c->busy, crew_load(&c->busy) - 1);
        if (!crew_load(&c->busy))
            pthread_cond_signal(&c->done);
        pthread_mutex_unlock(&c->lock);
    }
}

run_crew *run_crew_new(int parts)
{
    run_crew *c = (run_crew *)calloc(1, sizeof *c);
    int p;
    if (!c || !(c->threads = (crew_thread *)calloc((size_t)(parts > 1 ? parts : 1), sizeof *c->threads))) {
        free(c);
        return NULL;
    }
    c->parts = parts;
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->go, NULL);
    pthread_cond_init(&c->done, NULL);
    for (p = 1; p < parts; p++) {
        c->threads[p].c = c;
        c->threads[p].part = p;
        if (pthread_create(&c->threads[p].id, NULL, crew_main, &c->threads[p]) != 0)
            break;
        c->started = p;
    }
    return c;
}

void run_crew_run(run_crew *c, run_crew_fn fn, void *ctx)
{
    int p;
    pthread_mutex_lock(&c->lock);
    c->fn = fn;
    c->ctx = ctx;
    crew_store(&c->busy, (unsigned)c->started);
    crew_store(&c->job, crew_load(&c->job) + 1);
    pthread_cond_broadcast(&c->go);
    pthread_mutex_unlock(&c->lock);
    for (p = c->started + 1; p < c->parts; p++) /* parts whose thread did not start */
        fn(ctx, p);
    fn(ctx, 0);
    crew_spin(crew_job_done, c, 0);
    pthread_mutex_lock(&c->lock);
    while (!crew_job_done(c, 0))
        pthread_cond_wait(&c->done, &c->lock);
    pthread_mutex_unlock(&c->lock);
}

void run_crew_free(run_crew *c)
{
    int p;
    if (!c)
        return;
    pthread_mutex_lock(&c->lock);
    crew_store(&c->quit, 1);
    pthread_cond_broadcast(&c->go);
    pthread_mutex_unlock(&c->lock);
    for (p = 1; p <= c->started; p++)
        pthread_join(c->threads[p].id, NULL);
    pthread_cond_destroy(&c->go);
    pthread_cond_destroy(&c->done);
    pthread_mutex_destroy(&c->lock);
    free(c->threads);
    free(c);
}
