/* ptest_steps.c - the steps every front end takes (ptest_steps.h). */
#include "ptest_steps.h"
#include "ptest_linear.h"
#include "ptest_rank.h"
#include "ptest_range.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

int ptest_plan(const ptest_problem *p, int asked, char *err, size_t errsize)
{
    int dp = ptest_rank_dynamic(p, asked); /* JT, and Kruskal-Wallis where it fits */
    int method = dp ? PTEST_METHODS : ptest_linear_choose(p, asked, err, errsize);
    if (method == PTEST_METHOD_ENUMERATE || p->resamples)
        return PTEST_METHOD_ENUMERATE;
    if (method >= 0 && dp && asked != PTEST_METHOD_AUTO) {
        snprintf(err, errsize, "--stat jonckheere is counted by a dynamic program: --method auto");
        return -1;
    }
    return method;
}

int ptest_count_on_host(ptest_problem *p, int plan, int have_range, ptest_result *r, ptest_big_result *big,
                        double *observed, const char **method_name, const char **device, char *err,
                        size_t errsize)
{
    int dp = plan == PTEST_METHODS;
    *method_name = dp ? "dynamic program" : ptest_method_names[plan];
    *device = dp ? "dynamic program" : ptest_linear_device(plan);
    if (dp) { /* its counts are below 2^64: big holds them too */
        int i, status = ptest_rank_count(p, have_range, r, observed, err, errsize);
        for (i = 0; !status && i < PTEST_COUNTS; i++)
            ptest_big_set(&big->counts[i], r->counts[i]);
        for (i = 0; !status && i < p->bins; i++)
            ptest_big_set(&big->hist[i], r->hist[i]);
        return status;
    }
    return ptest_linear_count(p, plan, have_range, r, big, observed, err, errsize);
}

typedef int (*open_fn)(ptest_backend *b, const ptest_problem *p, const char *device, int threads, int which,
                       int gpu_only, const void *program, char *err, size_t errsize);

static int open_cpu(ptest_backend *b, const ptest_problem *p, const char *device, int threads, int which,
                    int gpu_only, const void *program, char *err, size_t errsize)
{
    (void)device, (void)which, (void)gpu_only, (void)program; /* the host's cores: nothing to pick or compile */
    return ptest_cpu_open(b, p, threads, err, errsize);
}

#ifdef PTEST_HAVE_OPENCL
static int open_opencl(ptest_backend *b, const ptest_problem *p, const char *device, int threads, int which,
                       int gpu_only, const void *program, char *err, size_t errsize)
{
    (void)threads;
    (void)program; /* none: it compiles again, from the OpenCL implementation's cache where it keeps one */
    return ptest_opencl_open(b, p, device, which, gpu_only, err, errsize);
}
#endif
#ifdef PTEST_HAVE_CUDA
static int open_cuda(ptest_backend *b, const ptest_problem *p, const char *device, int threads, int which,
                     int gpu_only, const void *program, char *err, size_t errsize)
{
    (void)threads, (void)gpu_only;
    return ptest_cuda_open(b, p, device, which, program, err, errsize);
}
#endif

static const struct {
    const char *name;
    open_fn open;
} backends[] = {
#ifdef PTEST_HAVE_CUDA
    {"cuda", open_cuda},
#endif
#ifdef PTEST_HAVE_OPENCL
    {"opencl", open_opencl},
#endif
    {"cpu", open_cpu},
};
#define NBACKENDS (int)(sizeof backends / sizeof backends[0])

int ptest_backend_names(const char *names[PTEST_BACKENDS])
{
    int k;
    for (k = 0; k < NBACKENDS; k++)
        names[k] = backends[k].name;
    return NBACKENDS;
}

int ptest_open_backend(ptest_backend *b, const ptest_problem *p, const char *backend, const char *device,
                       int threads, int which, const void *program, char *err, size_t errsize)
{
    char first[PTEST_ERR_SIZE] = "";
    int k, rc = 1, automatic = !strcmp(backend, "auto");
    /* auto: a GPU; the C backend beats POCL on the CPU, but runs no C statistic */
    int gpu_only = automatic && p->stat != PTEST_USER;
    for (k = 0; k < NBACKENDS && rc; k++)
        if (automatic || !strcmp(backend, backends[k].name)) {
            rc = backends[k].open(b, p, device, threads, which, gpu_only, program, err, errsize);
            if (rc && !*first)
                snprintf(first, sizeof first, "%s", err);
            if (rc < 0)
                return p->stat == PTEST_USER ? 2 : 4;
        }
    if (rc && !*first)
        snprintf(first, sizeof first, "backend %s was not built into this program", backend);
    if (rc)
        snprintf(err, errsize, "%s", first);
    return rc ? 4 : 0;
}

int ptest_observe(ptest_problem *p, ptest_backend *b, int have_range, double *x, char *err, size_t errsize)
{
    int status = 0, c;
    for (c = 0; c < p->cols && !status; c++)
        status = ptest_backend_observe(p, b, c, err, errsize);
    *x = p->par[PAR_OBS_X];
    p->band = p->exact ? 0 : p->rel_tol * fabs(*x);
    if (!status && p->bins && !have_range && ptest_range(p, b, *x, err, errsize))
        status = 4;
    p->par[PAR_HIST_LO] = p->hist_lo;
    p->par[PAR_HIST_INV] = p->bins / (p->hist_hi - p->hist_lo);
    return status;
}
