/* ptest_backend.h - what each backend of kperm-ptest provides: the kernels
 * of python/kperm/stats_kernel.h run on the host's threads (cpu), an OpenCL
 * device or a CUDA GPU, for one problem. */
#ifndef PTEST_BACKEND_H
#define PTEST_BACKEND_H

#include <stddef.h>
#include <stdio.h>
#include "ptest.h"

#define PTEST_ERR_SIZE 4096 /* room for an error, a compiler's log included */
#define PTEST_LAUNCH 4294967295ULL /* ranks a launch at most: a work-group's 32-bit histogram counters hold them */

typedef struct ptest_backend ptest_backend;
struct ptest_backend {
    const char *name;   /* "cpu", "opencl", "cuda" */
    char device[256];   /* what it runs on, for the output */
    const ptest_problem *p; /* the problem; par and obs are read at every count */
    /* the exact key (sign, num lo, num hi, den lo, den hi) and the statistic of one rank, value column col */
    int (*value)(ptest_backend *b, int col, kperm_rank rank, unsigned long long *key, double *x, char *err,
                 size_t errsize);
    /* the result of ranks [begin, end) into out (emptied by the caller): ps_count's, or with several
     * columns ps_maxt's */
    int (*count)(ptest_backend *b, kperm_rank begin, kperm_rank end, ptest_result *out, char *err, size_t errsize);
    void (*close)(ptest_backend *b);
    void *state;
    /* the program it compiled, as it loaded it (CUDA: the CUBIN), NULL where
     * it keeps none: what a C statistic's trial hands back from its child
     * process, so that the parent need not compile it again */
    void *program;
    size_t program_size;
};

/* Each opens its backend for p: 0; 1 with err when what it needs is absent
 * (no device, or the statistic is one it cannot run), -1 with err when
 * setting it up failed (a compiler's log for a C statistic). */
int ptest_cpu_open(ptest_backend *b, const ptest_problem *p, int threads, char *err, size_t errsize);
int ptest_opencl_open(ptest_backend *b, const ptest_problem *p, const char *device, int which, int gpu_only,
                      char *err, size_t errsize);
/* the GPU numbered device (--list-devices), else the GPU `which` modulo the
 * GPUs: with several, one process uses one (MPI: one a rank). cubin: the
 * program for p and this GPU as a trial compiled it (its b->program), to
 * load instead of compiling; NULL to compile. */
int ptest_cuda_open(ptest_backend *b, const ptest_problem *p, const char *device, int which, const void *cubin,
                    char *err, size_t errsize);

/* --list-devices: one line a device, to out */
void ptest_opencl_list(FILE *out);
void ptest_cuda_list(FILE *out);

/* a count's work-items' counters, extremes and histograms added into out */
void ptest_backend_add(ptest_result *out, const unsigned long long *counts, const double *extremes,
                       const unsigned long long *hist, long items, long groups, int bins);

/* ps_maxt's counters of items work-items over cols columns added into out */
void ptest_backend_add_maxt(ptest_result *out, const unsigned long long *counts, long items, int cols);

/* The tolerance band around column c's observed statistic x into its block
 * of p->par (the kernels' PS_OBS_X, PS_LO, PS_HI, PS_ABS_LO), and for
 * column 0 its half-width into p->band: the one rule of every method and
 * backend (0 when exact). */
void ptest_backend_band(ptest_problem *p, int c, double x);

/* Column c's observed statistic (rank 0, through b->value) and the band
 * around it into its blocks of p->obs and p->par: 0, or an exit status (2
 * the statistic undefined or infinite, 4 the backend failed) with err. */
int ptest_backend_observe(ptest_problem *p, ptest_backend *b, int c, char *err, size_t errsize);

/* the counters ps_maxt writes a work-item */
#define PTEST_MAXT_STRIDE(cols) (PTEST_COUNTS + 2 * (cols))

#endif
