/* ptest_kernels.h - the CPU backend's compiled variants of
 * python/kperm/stats_kernel.h: one object per line of ptest_variants.h
 * (ptest_cpu_variant.c), each its kernels as host functions. */
#ifndef PTEST_KERNELS_H
#define PTEST_KERNELS_H

#include "ptest.h"

typedef void (*ptest_values_fn)(const long long *v, const double *d, const unsigned char *sizes,
                                const unsigned long long *aux, const double *par, int n, int m,
                                unsigned long long begin, unsigned long long count, unsigned long long *out,
                                double *x);
typedef void (*ptest_count_fn)(const long long *v, const double *d, const unsigned char *sizes,
                               const unsigned long long *aux, const unsigned long long *obs, const double *par, int n,
                               int m, unsigned long long begin, unsigned long long end, int bins,
                               unsigned long long *counts, double *extremes, unsigned long long *hist);

typedef void (*ptest_sample_fn)(const long long *v, const double *d, const unsigned char *sizes,
                                const unsigned long long *aux, const unsigned long long *obs, const double *par, int n,
                                int m, unsigned long long seed, unsigned long long total,
                                unsigned long long total_hi, unsigned long long begin, unsigned long long end,
                                int bins, unsigned long long *counts, double *extremes, unsigned long long *hist);

typedef void (*ptest_maxt_fn)(const long long *v, const double *d, const unsigned char *sizes,
                              const unsigned long long *aux, const unsigned long long *obs, const double *par, int n,
                              int m, int cols, unsigned long long begin, unsigned long long end,
                              unsigned long long *counts);

typedef struct {
    int walk, stat, exact, wide, k, columns; /* the variant's PS_WALK ... PS_K, PS_COLUMNS */
    ptest_values_fn values;
    ptest_count_fn count;
    ptest_maxt_fn maxt;
    ptest_sample_fn sample; /* ps_sample: draws of a seed for ranks (stats_sample.h) */
} ptest_kernel;

/* the compiled variant that runs p, or NULL (a C statistic has none) */
const ptest_kernel *ptest_cpu_kernel(const ptest_problem *p);

#endif
