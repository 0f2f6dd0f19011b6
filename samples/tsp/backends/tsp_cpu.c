/* tsp_cpu.c - the C backend: tsp_simd_search on every core, with pthreads. Each
 * thread is one work-item of tsp_search over the whole range; the threads'
 * results are folded by (length, rank), so ties go to the smallest rank.
 * Pruning, each thread runs tsp_prune_range on its contiguous share, the
 * threads sharing the shortest length found through one atomic word. */
#define _GNU_SOURCE /* sysconf's _SC_NPROCESSORS_ONLN */
#include "tsp_backend.h"
#include "tsp_search.h"
#include "tsp_simd.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_THREADS 256

typedef struct {
    const tsp_instance *inst;
    tsp_task task;
    int thread, threads;
    kperm_u64 len;
    kperm_rank rank;
    kperm_u32 *shared;
    tsp_tally tally;
} part;

typedef struct {
    tsp_instance inst;
    int threads, mode;
    kperm_u32 shared; /* pruning: the shortest length known (TSP_NONE32: none) */
    tsp_best best;
    tsp_tally tally;
    part parts[MAX_THREADS];
} cpu_state;

static void *run_part(void *arg)
{
    part *p = (part *)arg;
    kperm_rank b = 0, e = 0;
    if (p->task.mode != TSP_PRUNED)
        tsp_simd_search(p->inst->dist, &p->task, (kperm_u64)p->thread, (kperm_u64)p->threads, &p->len, &p->rank);
    else if (kperm_split(p->task.begin, p->task.end, (kperm_u64)p->threads, (kperm_u64)p->thread, &b, &e) == KPERM_OK)
        tsp_prune_range(p->inst->dist, &p->task, b, e, p->shared, &p->len, &p->rank, &p->tally);
    return NULL;
}

static int cpu_search(tsp_backend *b, const tsp_task *task, char *err, size_t errsize)
{
    cpu_state *s = (cpu_state *)b->state;
    pthread_t tid[MAX_THREADS];
    int t, started = 0;
    for (t = 0; t < s->threads; t++) {
        part *p = &s->parts[t];
        p->inst = &s->inst;
        p->task = tsp_task_on(*task, s->inst.n, s->inst.symmetric, s->mode);
        p->shared = &s->shared;
        p->tally.visited = p->tally.pruned = 0;
        p->len = TSP_NONE;
        p->rank = TSP_NONE;
        p->thread = t;
        p->threads = s->threads; /* tsp_search deals the range out among them */
    }
    for (t = 1; t < s->threads; t++)
        if (pthread_create(&tid[t], NULL, run_part, &s->parts[t]) == 0)
            started = t;
        else
            break;
    for (t = started + 1; t < s->threads; t++) /* threads that did not start: run here */
        run_part(&s->parts[t]);
    run_part(&s->parts[0]);
    for (t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
    for (t = 0; t < s->threads; t++) {
        if (tsp_better(s->parts[t].len, s->parts[t].rank, s->best.length, s->best.rank)) {
            s->best.length = s->parts[t].len;
            s->best.rank = s->parts[t].rank;
        }
        s->tally.visited += s->parts[t].tally.visited;
        s->tally.pruned += s->parts[t].tally.pruned;
    }
    (void)err;
    (void)errsize;
    return 0;
}

static int cpu_result(tsp_backend *b, tsp_best *best, tsp_tally *tally, char *err, size_t errsize)
{
    (void)err;
    (void)errsize;
    *best = ((cpu_state *)b->state)->best;
    *tally = ((cpu_state *)b->state)->tally;
    return 0;
}

static int cpu_restart(tsp_backend *b, char *err, size_t errsize)
{
    cpu_state *s = (cpu_state *)b->state;
    (void)err;
    (void)errsize;
    s->best.length = s->best.rank = TSP_NONE;
    return 0;
}

static void cpu_close(tsp_backend *b)
{
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
    if (place->threads > 0)
        cores = place->threads;
    s->threads = cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : (int)cores;
    s->best.length = s->best.rank = TSP_NONE;
    s->best.unit = 0;
    cpu_model(model, sizeof model);
    b->name = "cpu";
    snprintf(b->device, sizeof b->device, "%d thread%s on %s, %s", s->threads, s->threads > 1 ? "s" : "", model,
             tsp_simd_name());
    b->is_gpu = 0;
    b->search = cpu_search;
    b->result = cpu_result;
    b->restart = cpu_restart;
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
