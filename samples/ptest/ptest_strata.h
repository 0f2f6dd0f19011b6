/* ptest_strata.h - --strata COLUMN: labels rearranged only within each
 * stratum (coin's blocks, y ~ g | block), the statistic computed on the
 * whole data as without strata; two groups so far. The mean difference is
 * counted on the host by the shift algorithm through the strata (no
 * enumeration; up to PTEST_HOST_MAXN observations); the other statistics
 * are enumerated by the kernels' walk within strata
 * (python/kperm/stats_strata.h, PS_STRATA). */
#ifndef PTEST_STRATA_H
#define PTEST_STRATA_H

#include <stddef.h>
#include "ptest.h"
#include "ptest_table.h"

/* Reads the stratum of every observation of p (built by ptest_problem_build
 * without strata) from the column `column` of t, as p->stratum and
 * p->strata; orders each group's rows by stratum for the walk, its layout in
 * p->aux (at most PTEST_MAXN observations: the walk's); sets p->total_big
 * (and p->total) to the rearrangements within strata. A paired test
 * ignores the strata (each pair is its own block already; stderr says so).
 * Returns 0, or -1 with err (FILE:LINE: for a missing label). */
int ptest_strata_read(const ptest_table *t, const char *column, const char *group, ptest_problem *p, char *err,
                      size_t errsize);

/* The values of p's observations (values[i] observation i's) stratum by
 * stratum into out, count[h] of stratum h, size[h] of them in group A:
 * the number of strata (the blocks of ptest_linear.c's shift algorithm). */
int ptest_strata_blocks(const ptest_problem *p, const long long *values, long long *out, int *count, int *size);

#endif
