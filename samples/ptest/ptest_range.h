/* ptest_range.h - the histogram's range when --hist-range does not give it,
 * found before the walk so that the null distribution is binned in one pass
 * and never stored. */
#ifndef PTEST_RANGE_H
#define PTEST_RANGE_H

#include "ptest_backend.h"

/* Sets p->hist_lo and hist_hi: the mean difference's exact least and
 * greatest values, [-1, 1] for r and tau, else the range of 256
 * rearrangements spread evenly over the ranks (a Monte Carlo run: of its
 * first 4096 draws) and the observed value, widened by a tenth (values beyond it fall in the end bins), and at least as wide
 * as keeps bins / (hi - lo) a double. 0, or -1 with err. */
int ptest_range(ptest_problem *p, ptest_backend *b, double observed, char *err, size_t errsize);

#endif
