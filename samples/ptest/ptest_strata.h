/* ptest_strata.h - --strata COLUMN: labels rearranged only within each
 * stratum (coin's blocks, y ~ g | block), the statistic computed on the
 * whole data as without strata; two groups so far. The mean difference is
 * counted on the host by convolving the strata's exact distributions of
 * group A's sum (no enumeration); the other statistics are enumerated by the
 * kernels' walk within strata (python/kperm/stats_strata.h, PS_STRATA). */
#ifndef PTEST_STRATA_H
#define PTEST_STRATA_H

#include <stddef.h>
#include "ptest.h"
#include "ptest_table.h"

/* Reads the stratum of every observation of p (built by ptest_problem_build
 * without strata) from the column `column` of t, as p->stratum and
 * p->strata; orders each group's rows by stratum for the walk, its layout in
 * p->aux; sets p->total to the rearrangements within strata. A paired test
 * ignores the strata (each pair is its own block already; stderr says so).
 * Returns 0, or -1 with err (FILE:LINE: for a missing label). */
int ptest_strata_read(const ptest_table *t, const char *column, const char *group, ptest_problem *p, char *err,
                      size_t errsize);

/* S's least and greatest over the rearrangements within strata, S the sum of
 * group A's values, values[i] being observation i's (non-negative) */
void ptest_strata_bounds(const ptest_problem *p, const long long *values, long long *lo, long long *hi);

/* cumulative[s] = #(S < s) for s in [0, hi + 1] (hi from ptest_strata_bounds),
 * the shift algorithm within each stratum, then their convolution: allocated
 * here (free it). Returns 0, or -1 out of memory. */
int ptest_strata_cumulative(const ptest_problem *p, const long long *values, long long hi,
                            unsigned long long **cumulative);

#endif
