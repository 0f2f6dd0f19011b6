/* ptest_linear.h - the mean difference counted on the host without
 * enumerating, as python/kperm/_linear.py counts it for kperm.stats: its key
 * is an affine function of one subset sum, so every count is a count of
 * subset sums below a threshold, which the shift algorithm or meet in the
 * middle gives exactly (docs/stats.md, "Linear statistics, counted without
 * enumerating"). */
#ifndef PTEST_LINEAR_H
#define PTEST_LINEAR_H

#include <stddef.h>
#include "ptest.h"

/* --method: the order of ptest_method_names */
enum { PTEST_METHOD_AUTO, PTEST_METHOD_ENUMERATE, PTEST_METHOD_SHIFT, PTEST_METHOD_MITM, PTEST_METHODS };

/* "auto", "enumerate", "shift", "mitm" */
extern const char *const ptest_method_names[PTEST_METHODS];

/* what searched, for the report's device: "shift algorithm" or "meet in the middle" */
const char *ptest_linear_device(int method);

/* The method that counts p for the one `asked`: PTEST_METHOD_ENUMERATE,
 * SHIFT or MITM (auto: the cheaper host method where it fits in memory and
 * costs less than enumerating, _linear.plan's rule). Returns -1 with err
 * where a forced host method does not apply to p or would not fit. */
int ptest_linear_choose(const ptest_problem *p, int asked, char *err, size_t errsize);

/* Counts every rearrangement of p by `method` (SHIFT or MITM, as chosen):
 * the result the enumeration's ps_count gives, field for field. Sets
 * p->band and, without have_range, p->hist_lo and hist_hi (as ptest_range
 * does for the enumeration); *observed is the observed statistic. Returns 0,
 * or -1 with err (out of memory). */
int ptest_linear_count(ptest_problem *p, int method, int have_range, ptest_result *r, double *observed, char *err,
                       size_t errsize);

/* The shift algorithm: the number of the size-element subsets (any size
 * where size < 0) of values[0..count) (non-negative) whose sum is s, for
 * each s in [0, width), sums past width - 1 left out. A malloc'd array of
 * width counts, or NULL out of memory. */
unsigned long long *ptest_shift_counts(const long long *values, int count, int size, size_t width);

#endif
