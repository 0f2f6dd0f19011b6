/* tsp_cpu.c - the C backend: tsp_simd_search on every core, with a crew of
 * threads (run_crew.h). Each thread is one work-item of tsp_search over the
 * whole range; the threads' results are folded by (length, rank), so ties
 * go to the smallest rank.
 * Pruning, each thread is one work-item of tsp_branch_units, taking units
 * from one counter and sharing the shortest length found through one
 * atomic word. */
#define _GNU_SOURCE /* sysconf's _SC_NPROCESSORS_ONLN */
#include "tsp_backend.h"
#include "tsp_search.h"
#include "tsp_simd.h"
#include "run_crew.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_THREADS 256

typedef struct cpu_state cpu_state;

typedef struct {
    tsp_task task;
    int thread;
    kperm_u64 len;
    kperm_rank rank;
    tsp_item item; /* pruning: this thread's running best and tally */
} part;

struct cpu_state {
    tsp_instance inst;
    tsp_relax relax; /* pruning */
    int threads, mode;
    kperm_u32 shared;  /* pruning: the shortest length known (TSP_NONE32: none) */
    kperm_u32 counter; /* pruning: the units of the task taken so far */
    tsp_best best;
    run_crew *crew;
    part parts[MAX_THREADS];
};

static void run_part(void *state, int thread)
{
    cpu_state *s = (cpu_state *)state;
    part *p = &s->parts[thread];
    if (p->task.mode == TSP_PRUNED)
        tsp_branch_units(s->inst.dist, &s->relax, &p->task, &s->counter, &s->shared, &p->item);
    else
        tsp_simd_search(s->inst.dist, &p->task, (kperm_u64)p->thread, (kperm_u64)s->threads, &p->len, &p->rank);
}

static int cpu_search(tsp_backend *b, const tsp_task *task, char *err, size_t errsize)
{
    cpu_state *s = (cpu_state *)b->state;
    int t;
    s->counter = 0;
    for (t = 0; t < s->threads; t++) {
        part *p = &s->parts[t];
        p->task = tsp_task_on(*task, s->inst.n, s->inst.symmetric, s->mode);
        p->len = TSP_NONE;
        p->rank = TSP_NONE;
    }
    run_crew_run(s->crew, run_part, s);
    for (t = 0; t < s->threads; t++)
        if (tsp_better(s->parts[t].len, s->parts[t].rank, s->best.length, s->best.rank)) {
            s->best.length = s->parts[t].len;
            s->best.rank = s->parts[t].rank;
        }
    (void)err;
    (void)errsize;
    return 0;
}

static int cpu_result(tsp_backend *b, tsp_best *best, tsp_tally *tally, char *err, size_t errsize)
{
    cpu_state *s = (cpu_state *)b->state;
    int t;
    (void)err;
    (void)errsize;
    *best = s->best;
    tally->visited = tally->pruned = 0;
    for (t = 0; s->mode == TSP_PRUNED && t < s->threads; t++) {
        if (tsp_best_better(&s->parts[t].item.best, best))
            *best = s->parts[t].item.best;
        tally->visited += s->parts[t].item.tally.visited;
        tally->pruned += s->parts[t].item.tally.pruned;
    }
    return 0;
}

void tsp_cpu_abandon(tsp_backend *b)
{
    __atomic_store_n(&((cpu_state *)b->state)->shared, 0u, __ATOMIC_RELEASE);
}

void tsp_cpu_fence(const tsp_backend *b)
{
    (void)__atomic_load_n(&((const cpu_state *)b->state)->shared, __ATOMIC_ACQUIRE);
}

int tsp_cpu_threads(const tsp_backend *b)
{
    return ((const cpu_state *)b->state)->threads;
}

static void cpu_close(tsp_backend *b)
{
    run_crew_free(((cpu_state *)b->state)->crew);
    free(b->state);
    b->state = NULL;
}

/* "AMD EPYC 7B13" from /proc/cpuinfo, or "CPU" */
static void cpu_model(char *out, size_t size)
{
    char line[512];
    FILE *f = fopen("/proc/cpuinfo", "r");
    snprintf(out, size, "CPU");
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon) {
            colon += 2;
            colon[strcspn(colon, "\n")] = 0;
            snprintf(out, size, "%.200s", colon);
            break;
        }
    }
    if (f)
        fclose(f);
}

int tsp_cpu_open(tsp_backend *b, const tsp_instance *inst, int gpu_only, const tsp_place *place, char *err,
                 size_t errsize)
{
    cpu_state *s;
    int t;
    long cores = sysconf(_SC_NPROCESSORS_ONLN) / (place->share > 1 ? place->share : 1);
    char model[220];
    if (gpu_only) {
        snprintf(err, errsize, "cpu: not a GPU");
        return 1;
    }
    s = (cpu_state *)calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "cpu: out of memory");
        return -1;
    }
    s->inst = *inst;
    s->mode = tsp_mode_for(inst->dist, inst->n, place->prune);
    s->shared = TSP_NONE32;
    if (place->relax)
        s->relax = *place->relax;
    if (place->threads > 0)
        cores = place->threads;
    s->threads = cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : (int)cores;
    if (!(s->crew = run_crew_new(s->threads))) {
        free(s);
        snprintf(err, errsize, "cpu: out of memory");
        return -1;
    }
    s->best = tsp_best_none();
    for (t = 0; t < s->threads; t++) {
        s->parts[t].thread = t;
        s->parts[t].item = tsp_item_first(&s->relax);
    }
    cpu_model(model, sizeof model);
    b->name = "cpu";
    snprintf(b->device, sizeof b->device, "%d thread%s on %s, %s", s->threads, s->threads > 1 ? "s" : "", model,
             tsp_simd_name());
    b->is_gpu = 0;
    b->search = cpu_search;
    b->result = cpu_result;
    b->close = cpu_close;
    b->state = s;
    return 0;
}

void tsp_cpu_list(void)
{
    char model[220];
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    cpu_model(model, sizeof model);
    printf("cpu         %s: %ld cores, %s (--backend cpu [--threads N])\n", model, cores, tsp_simd_name());
}
