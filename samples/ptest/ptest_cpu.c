/* ptest_cpu.c - the C backend: the compiled variants of stats_kernel.h
 * (ptest_variants.h) on every core, each thread of a crew (run_crew.h) a
 * work-item walking its part of a chunk; two groups with a statistic of
 * sums go through the join (ptest_join.h), which calls the same kernel
 * where it must. */
#define _POSIX_C_SOURCE 200809L /* sysconf */
#include "ptest_backend.h"
#include "ptest_join.h"
#include "ptest_kernels.h"
#include "run_crew.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PTEST_VARIANT(w, s, e, x, k, c) extern const ptest_kernel ptest_cpu_##w##_##s##_##e##_##x##_##k##_##c;
#include "ptest_variants.h"
#undef PTEST_VARIANT
#define PTEST_VARIANT(w, s, e, x, k, c) &ptest_cpu_##w##_##s##_##e##_##x##_##k##_##c,
static const ptest_kernel *const variants[] = {
#include "ptest_variants.h"
};
#undef PTEST_VARIANT
#define PTEST_STRATA_VARIANT(w, s, e, x, k) extern const ptest_kernel ptest_cpu_strata_##w##_##s##_##e##_##x##_##k;
#include "ptest_strata_variants.h"
#undef PTEST_STRATA_VARIANT
#define PTEST_STRATA_VARIANT(w, s, e, x, k) &ptest_cpu_strata_##w##_##s##_##e##_##x##_##k,
static const ptest_kernel *const strata_variants[] = { /* the walk within strata (PS_STRATA) */
#include "ptest_strata_variants.h"
};
#undef PTEST_STRATA_VARIANT
#define MAX_THREADS 256

typedef struct {
    kperm_rank begin, end;
    ptest_result r;
} cpu_part;

typedef struct {
    const ptest_kernel *k;
    ptest_join *join; /* two groups' sum statistics: the screened join (ptest_join.h), else NULL */
    int threads;
    run_crew *crew;
    const ptest_problem *p;
    cpu_part *parts; /* one a thread */
} cpu_state;

/* one thread's part, in launches small enough for the 32-bit histogram */
static void cpu_walk(void *state, int part)
{
    const cpu_state *s = (const cpu_state *)state;
    cpu_part *t = &s->parts[part];
    const ptest_problem *p = s->p;
    kperm_rank at;
    if (s->join) {
        ptest_join_count(s->join, p, s->k->count, t->begin, t->end, &t->r, NULL);
        return;
    }
    for (at = t->begin; at < t->end;) {
        kperm_rank end = t->end - at > PTEST_LAUNCH ? at + PTEST_LAUNCH : t->end;
        unsigned long long counts[PTEST_MAXT_STRIDE(PTEST_MAX_COLS)], hist[PTEST_MAX_BINS];
        double extremes[2];
        if (p->cols > 1) {
            s->k->maxt(p->v, p->d, p->sizes, p->aux, p->obs, p->par, p->n, p->m, p->cols, at, end, counts);
            ptest_backend_add_maxt(&t->r, counts, 1, p->cols);
        } else if (p->resamples) {
            s->k->sample(p->v, p->d, p->sizes, p->aux, p->obs, p->par, p->n, p->m, p->seed, p->rearrangements[0],
                         p->rearrangements[1], at, end, p->bins, counts, extremes, hist);
            ptest_backend_add(&t->r, counts, extremes, hist, 1, 1, p->bins);
        } else {
            s->k->count(p->v, p->d, p->sizes, p->aux, p->obs, p->par, p->n, p->m, at, end, p->bins, counts,
                        extremes, hist);
            ptest_backend_add(&t->r, counts, extremes, hist, 1, 1, p->bins);
        }
        at = end;
    }
}

static int cpu_count(ptest_backend *b, kperm_rank begin, kperm_rank end, ptest_result *out, char *err,
                     size_t errsize)
{
    cpu_state *s = (cpu_state *)b->state;
    int t;
    (void)err, (void)errsize;
    for (t = 0; t < s->threads; t++) {
        kperm_split(begin, end, (kperm_u64)s->threads, (kperm_u64)t, &s->parts[t].begin, &s->parts[t].end);
        ptest_result_empty(&s->parts[t].r);
    }
    run_crew_run(s->crew, cpu_walk, s);
    for (t = 0; t < s->threads; t++)
        ptest_result_fold(out, &s->parts[t].r, b->p->bins, b->p->cols);
    return 0;
}

static int cpu_value(ptest_backend *b, int col, kperm_rank rank, unsigned long long *key, double *x, char *err,
                     size_t errsize)
{
    const ptest_problem *p = b->p;
    (void)err, (void)errsize;
    ((const cpu_state *)b->state)->k->values(p->v + (long)col * ptest_column_size(p), p->d, p->sizes, p->aux,
                                             p->par + PAR_COUNT * col, p->n, p->m, rank, 1, key, x);
    return 0;
}

static void cpu_free(cpu_state *s)
{
    run_crew_free(s->crew);
    ptest_join_free(s->join);
    free(s->parts);
    free(s);
}

static void cpu_close(ptest_backend *b)
{
    cpu_free((cpu_state *)b->state);
    b->state = NULL;
}

const ptest_kernel *ptest_cpu_kernel(const ptest_problem *p)
{
    size_t i;
    for (i = 0; i < sizeof strata_variants / sizeof strata_variants[0] && p->strata; i++)
        if (strata_variants[i]->walk == p->walk && strata_variants[i]->stat == p->stat
            && strata_variants[i]->exact == p->exact && strata_variants[i]->wide == p->wide
            && strata_variants[i]->k == p->k && p->cols == 1)
            return strata_variants[i];
    for (i = 0; i < sizeof variants / sizeof variants[0] && !p->strata; i++)
        if (variants[i]->walk == p->walk && variants[i]->stat == p->stat && variants[i]->exact == p->exact
            && variants[i]->wide == p->wide && variants[i]->k == p->k
            && variants[i]->columns == (p->cols > 1 ? PTEST_MAX_COLS : 1))
            return variants[i];
    return NULL;
}

int ptest_cpu_open(ptest_backend *b, const ptest_problem *p, int threads, char *err, size_t errsize)
{
    cpu_state *s;
    const ptest_kernel *k = ptest_cpu_kernel(p);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (!k) {
        snprintf(err, errsize, "cpu: %s", p->stat == PTEST_USER ? "a C statistic runs on --backend opencl or cuda "
                                                                  "(POCL runs OpenCL on the CPU)"
                                                                : "no compiled kernel for this test");
        return 1;
    }
    threads = threads > 0 ? threads : cores > 0 ? (int)(cores < MAX_THREADS ? cores : MAX_THREADS) : 1;
    if (!(s = (cpu_state *)calloc(1, sizeof *s)) || !(s->parts = (cpu_part *)calloc((size_t)threads, sizeof *s->parts))
        || !(s->crew = run_crew_new(threads))) {
        if (s)
            cpu_free(s);
        snprintf(err, errsize, "cpu: out of memory");
        return -1;
    }
    s->k = k;
    s->join = p->strata || p->resamples ? NULL : ptest_join_new(p, ptest_join_low(p)); /* the join walks no strata, and ranks, not draws */
    s->threads = threads;
    s->p = p;
    memset(b, 0, sizeof *b);
    b->name = "cpu";
    snprintf(b->device, sizeof b->device, "%d thread%s", s->threads, s->threads == 1 ? "" : "s");
    b->p = p;
    b->value = cpu_value;
    b->count = cpu_count;
    b->close = cpu_close;
    b->state = s;
    return 0;
}
