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
 * costs less than enumerating, _linear.plan's rule, or where p's size
 * allows no enumeration: ptest_size_allows). Returns -1 with err where a
 * forced host method does not apply to p or would not fit, or where p is
 * too large to enumerate (or, with p->resamples, to draw from). */
int ptest_linear_choose(const ptest_problem *p, int asked, char *err, size_t errsize);

/* Counts every rearrangement of p by `method` (SHIFT or MITM, as chosen):
 * the result the enumeration's ps_count gives, field for field, in
 * big, exactly, and in r where they fit (ptest_result_settle). Sets
 * p->band and, without have_range, p->hist_lo and hist_hi (as ptest_range
 * does for the enumeration); *observed is the observed statistic. Returns 0,
 * or -1 with err (out of memory). */
int ptest_linear_count(ptest_problem *p, int method, int have_range, ptest_result *r, ptest_big_result *big,
                       double *observed, char *err, size_t errsize);

#endif
