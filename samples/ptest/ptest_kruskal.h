/* ptest_kruskal.h - Kruskal-Wallis' H counted by a dynamic program over the
 * groups' sums of midrank scores (the C port of python/kperm/_rank_dp.py's
 * kruskal_wallis), in place of enumerating every labelling. */
#ifndef PTEST_KRUSKAL_H
#define PTEST_KRUSKAL_H

#include <stddef.h>
#include "ptest.h"

/* whether the program counts p (--stat kruskal, its scores set by
 * ptest_rank_scores): exact comparison, no strata or draws, the labellings
 * below 2^64 and its two tables within PTEST_RANK_MEMORY bytes */
int ptest_kruskal_fits(const ptest_problem *p);

/* every labelling of p counted by the program: the result field for field
 * as the enumeration's (the kernels' F, less / equal / greater / abs_ge by
 * the exact key); *observed the observed F. Sets p->hist_lo and hist_hi as
 * the enumeration does (ptest_range) without have_range. Returns 0, or -1
 * with err. */
int ptest_kruskal_count(ptest_problem *p, int have_range, ptest_result *r, double *observed, char *err,
                        size_t errsize);

#endif
