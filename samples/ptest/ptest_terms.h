/* ptest_terms.h - how the kernels compare and scale a problem: exactly or in
 * floating point, 64- or 128-bit sums of squares, the scale that turns an
 * integer key into the statistic (python/kperm/stats.py's _kernel_terms, for
 * the same kernel). */
#ifndef PTEST_TERMS_H
#define PTEST_TERMS_H

#include "ptest.h"
#include <stddef.h>

/* Sets p->exact, wide, aux and par[PAR_SCALE] from p's walk, statistic,
 * values and sizes (p->exact on entry: whether exact comparison is wanted).
 * Returns 0, or -1 with err when the statistic is undefined for every
 * rearrangement (a constant column). */
int ptest_terms(ptest_problem *p, char *err, size_t errsize);

/* the greatest common divisor (a when b is 0) */
unsigned long long ptest_gcd(unsigned long long a, unsigned long long b);

#endif
