/* tsp_handover.c - kperm-tsp --prune --backend auto: the C backend until a
 * GPU backend has opened in a thread of its own, then the GPU (tsp_handover.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tsp_handover.h"
#include "tsplib.h"

/* The host searches a chunk a slice at a time, looking at the GPU between
 * slices: first SLICE_UNITS units a thread, each slice twice the last, so
 * that an easy instance's many small units cost a few calls (a call wakes
 * every thread), and a slice cut short (tsp_cpu_abandon) loses at most the
 * work of the slices before it. */
#define SLICE_UNITS 4
#define MAX_GPU_OPENS 4

/* When the GPU begins to open. A process that ends while CUDA starts up
 * waits 0.05-0.13 s for the driver (bench/cuda_exit_cost.cu on an H200
 * host): more than an easy instance's whole search. So the GPU opens only
 * for a search the host would not finish before the GPU could: once the
 * host's projected time left passes GPU_START, its pace measured over at
 * least MIN_PACE seconds; at once after a long start (tsp_handover.h). */
#define GPU_START 0.4    /* seconds: CUDA's start-up; a whole run of --backend cuda on a trivial file takes 0.35-0.41 s on an H200 host */
#define MIN_PACE 0.005   /* seconds of search before the pace is trusted */
#define POLL_NS 1000000L /* how often the GPU's thread looks at the pace */

enum { WAITING, OPENING, CALLED_OFF }; /* the GPU's thread: phase */

typedef struct {
    tsp_backend cpu, gpu;
    const tsp_instance *inst;
    tsp_place place;
    tsp_open_fn open[MAX_GPU_OPENS];
    int nopen;
    pthread_t thread;
    int joined;
    int phase;          /* WAITING for the host's pace, OPENING the GPU (for good), CALLED_OFF by close (atomic) */
    int eager;          /* open at once: a long start, or a test switch */
    int trace;          /* KPERM_TSP_HANDOVER_TRACE=1: say on stderr when and why the GPU opens */
    kperm_u64 units;    /* this rank's share of the units not yet searched */
    /* the host's pace, written by the searching thread (atomic): the units
     * and nanoseconds of its finished slices, the slice in progress (0
     * between slices: the host is searching when it is not) and when it
     * began */
    kperm_u64 done_units, done_ns, slice_units, slice_began_ns;
    int ready;          /* 0: the GPU is opening; 1: open; -1: none (atomic) */
    int abandoned;      /* the GPU thread cut that slice short: it is searched again (atomic) */
    int forced;         /* the test switch is set: the GPU takes over after `after` host units */
    int any;            /* the test switches: the GPU side may be any device */
    kperm_u64 after;
    kperm_u64 cpu_units, gpu_units;
    kperm_u64 slice;    /* the host's next slice, in units */
    const char *prog;
} handover;

static kperm_u64 now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (kperm_u64)t.tv_sec * 1000000000u + (kperm_u64)t.tv_nsec;
}

/* Seconds the host still needs for `units`, projected from its pace: `done`
 * units in done_s seconds, and a slice of `slice` units running for
 * `running` seconds, whose units cost at least running / slice each (the
 * first units of a lattice hold nearly all of its search). */
static double host_left(kperm_u64 units, kperm_u64 done, double done_s, kperm_u64 slice, double running)
{
    double each = done ? done_s / (double)done : 0;
    if (slice && running / (double)slice > each)
        each = running / (double)slice;
    return each * (double)(units > done ? units - done : 0) - running;
}

/* Waits until the host's pace says the GPU is worth opening (1), or close
 * calls the GPU off (0). */
static int wait_for_pace(handover *h)
{
    struct timespec poll = {0, POLL_NS};
    int waiting = WAITING;
    while (__atomic_load_n(&h->phase, __ATOMIC_ACQUIRE) == WAITING) {
        kperm_u64 slice = __atomic_load_n(&h->slice_units, __ATOMIC_ACQUIRE);
        kperm_u64 began = __atomic_load_n(&h->slice_began_ns, __ATOMIC_ACQUIRE);
        double done_s = (double)__atomic_load_n(&h->done_ns, __ATOMIC_ACQUIRE) * 1e-9;
        double running = slice ? (double)(now_ns() - began) * 1e-9 : 0, left;
        left = host_left(h->units, __atomic_load_n(&h->done_units, __ATOMIC_ACQUIRE), done_s, slice, running);
        if (done_s + running >= MIN_PACE && left > GPU_START) {
            if (!__atomic_compare_exchange_n(&h->phase, &waiting, OPENING, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
                return 0;
            if (h->trace)
                fprintf(stderr, "%s: hand-over: the GPU opens: the host's projected %.3f s left\n", h->prog, left);
            return 1;
        }
        nanosleep(&poll, NULL);
    }
    return 0;
}

static void *open_gpu(void *arg)
{
    handover *h = (handover *)arg;
    int k, rc = 1, waiting = WAITING;
    kperm_u64 began;
    if (h->eager) {
        if (!__atomic_compare_exchange_n(&h->phase, &waiting, OPENING, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
            return NULL;
        if (h->trace)
            fprintf(stderr, "%s: hand-over: the GPU opens at once\n", h->prog);
    } else if (!wait_for_pace(h))
        return NULL;
    began = now_ns();
    for (k = 0; k < h->nopen && rc; k++) {
        char err[TSP_ERR_SIZE];
        rc = h->open[k](&h->gpu, h->inst, !h->any, &h->place, err, sizeof err);
        if (rc < 0) /* there but failing: said at once, as --backend auto says it */
            fprintf(stderr, "%s: warning: %.*s; trying the next backend\n", h->prog, TSP_ERR_SIZE, err);
    }
    if (h->trace && rc == 0)
        fprintf(stderr, "%s: hand-over: %s open after %.3f s, the host's %llu units searched\n", h->prog, h->gpu.name,
                (double)(now_ns() - began) * 1e-9, (unsigned long long)__atomic_load_n(&h->done_units, __ATOMIC_ACQUIRE));
    __atomic_store_n(&h->ready, rc == 0 ? 1 : -1, __ATOMIC_SEQ_CST);
    /* a slice in progress on the host ends at once (its units go to the GPU
     * with the rest): one unit alone may take the host seconds. The host
     * sets slice_units before it looks at ready, this thread ready before
     * it looks at slice_units, so one of the two sees the other. */
    if (rc == 0 && !h->forced && __atomic_load_n(&h->slice_units, __ATOMIC_SEQ_CST)) {
        __atomic_store_n(&h->abandoned, 1, __ATOMIC_SEQ_CST);
        tsp_cpu_abandon(&h->cpu);
    }
    return NULL;
}

/* whether the GPU takes the work from here: open, and (under the test
 * switch) the host has searched its `after` units */
static int gpu_takes(handover *h)
{
    if (h->forced) {
        if (h->cpu_units < h->after)
            return 0;
        if (!h->joined) {
            pthread_join(h->thread, NULL);
            h->joined = 1;
        }
    }
    return __atomic_load_n(&h->ready, __ATOMIC_ACQUIRE) == 1;
}

/* the shortest length known: the task's, or a tour the host found since */
static kperm_u64 known(handover *h, kperm_u64 hint)
{
    tsp_best best;
    tsp_tally tally;
    char err[TSP_ERR_SIZE];
    if (h->cpu.result(&h->cpu, &best, &tally, err, sizeof err) == 0 && best.length < hint)
        return best.length;
    return hint;
}

static int handover_search(tsp_backend *b, const tsp_task *task, char *err, size_t errsize)
{
    handover *h = (handover *)b->state;
    tsp_task t = *task;
    kperm_rank at = task->begin;
    kperm_u64 began;
    while (at < task->end) {
        if (gpu_takes(h)) {
            t.begin = at;
            t.end = task->end;
            t.known = known(h, task->known);
            h->gpu_units += task->end - at;
            return h->gpu.search(&h->gpu, &t, err, errsize);
        }
        t.begin = at;
        t.end = task->end - at > h->slice ? at + h->slice : task->end;
        if (h->forced && h->cpu_units < h->after && h->after - h->cpu_units < t.end - at)
            t.end = at + (h->after - h->cpu_units);
        t.known = known(h, task->known);
        began = now_ns();
        __atomic_store_n(&h->slice_began_ns, began, __ATOMIC_RELEASE);
        __atomic_store_n(&h->slice_units, t.end - at, __ATOMIC_SEQ_CST);
        if (!h->forced && __atomic_load_n(&h->ready, __ATOMIC_SEQ_CST) == 1) {
            __atomic_store_n(&h->slice_units, 0, __ATOMIC_SEQ_CST);
            continue; /* opened just now: the GPU takes this slice too */
        }
        if (h->cpu.search(&h->cpu, &t, err, errsize))
            return -1;
        tsp_cpu_fence(&h->cpu); /* a cut the host's threads acted on is seen in abandoned below */
        __atomic_store_n(&h->slice_units, 0, __ATOMIC_SEQ_CST);
        if (__atomic_load_n(&h->abandoned, __ATOMIC_SEQ_CST))
            continue; /* cut short: the GPU searches it again, from at */
        h->cpu_units += t.end - at;
        /* units before time, read time before units: a reader between the
         * two sees the old time with the new units, which under-estimates */
        __atomic_store_n(&h->done_units, h->cpu_units, __ATOMIC_RELEASE);
        __atomic_store_n(&h->done_ns, h->done_ns + (now_ns() - began), __ATOMIC_RELEASE);
        if (h->slice <= (task->end - task->begin) / 2) /* no larger than the chunks: it never wraps */
            h->slice *= 2;
        at = t.end;
    }
    return 0;
}

static int handover_result(tsp_backend *b, tsp_best *best, tsp_tally *tally, char *err, size_t errsize)
{
    handover *h = (handover *)b->state;
    tsp_best other;
    tsp_tally more;
    if (h->cpu.result(&h->cpu, best, tally, err, errsize))
        return -1;
    if (h->gpu_units == 0)
        return 0;
    if (h->gpu.result(&h->gpu, &other, &more, err, errsize))
        return -1;
    if (tsp_best_better(&other, best))
        *best = other;
    tally->visited += more.visited;
    tally->pruned += more.pruned;
    return 0;
}

/* A GPU still waiting for the host's pace never opens. One opening is left
 * to it: the process ends without waiting (run_job_exit_now), as the host's
 * answer is already printed; waiting would add CUDA's whole start-up. */
static void handover_close(tsp_backend *b)
{
    handover *h = (handover *)b->state;
    int waiting = WAITING, state;
    if (!h->joined && !h->forced /* the test switch waits: its report names the GPU side */
        && !__atomic_compare_exchange_n(&h->phase, &waiting, CALLED_OFF, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)
        && __atomic_load_n(&h->ready, __ATOMIC_ACQUIRE) == 0) {
        pthread_detach(h->thread);
        h->cpu.close(&h->cpu);
        b->state = NULL; /* h stays: the thread still writes to it */
        return;
    }
    if (!h->joined)
        pthread_join(h->thread, NULL);
    state = __atomic_load_n(&h->ready, __ATOMIC_ACQUIRE);
    if (state == 1)
        h->gpu.close(&h->gpu);
    h->cpu.close(&h->cpu);
    free(h);
    b->state = NULL;
}

static int switched_on(const char *name)
{
    const char *v = getenv(name);
    return v && strcmp(v, "1") == 0;
}

int tsp_handover_open(tsp_backend *b, const tsp_instance *inst, const tsp_place *place, kperm_u64 units, int at_once,
                      const tsp_open_fn *gpu, int ngpu, const char *prog, char *err, size_t errsize)
{
    handover *h = (handover *)calloc(1, sizeof *h);
    const char *after = getenv("KPERM_TSP_HANDOVER_AFTER");
    int k;
    if (!h) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    if (tsp_cpu_open(&h->cpu, inst, 0, place, err, errsize)) {
        free(h);
        return -1;
    }
    h->inst = inst;
    h->place = *place;
    h->prog = prog;
    h->slice = (kperm_u64)tsp_cpu_threads(&h->cpu) * SLICE_UNITS;
    for (k = 0; k < ngpu && k < MAX_GPU_OPENS; k++)
        h->open[h->nopen++] = gpu[k];
    if (after && *after) {
        h->forced = 1;
        h->after = strtoull(after, NULL, 10);
    }
    h->any = h->forced || switched_on("KPERM_TSP_HANDOVER_ANY");
    h->trace = switched_on("KPERM_TSP_HANDOVER_TRACE");
    h->eager = h->forced || at_once;
    h->units = units;
    if (pthread_create(&h->thread, NULL, open_gpu, h) != 0) { /* no thread: the host alone */
        h->ready = -1;
        h->joined = 1;
    }
    memset(b, 0, sizeof *b);
    b->name = "auto";
    snprintf(b->device, sizeof b->device, "%s", h->cpu.device);
    b->search = handover_search;
    b->result = handover_result;
    b->close = handover_close;
    b->state = h;
    return 0;
}

void tsp_handover_shares(const tsp_backend *b, tsp_handover_share *share)
{
    const handover *h = (const handover *)b->state;
    int open = __atomic_load_n(&h->ready, __ATOMIC_ACQUIRE) == 1;
    share->cpu_units = h->cpu_units;
    share->gpu_units = h->gpu_units;
    share->cpu_device = h->cpu.device;
    share->gpu_name = open ? h->gpu.name : "";
    share->gpu_device = open ? h->gpu.device : "";
}
