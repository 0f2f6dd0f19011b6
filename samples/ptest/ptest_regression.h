/* ptest_regression.h - kperm-ptest --test regression: the test of x's
 * coefficient in OLS y ~ 1 + x + Z (its t; where x is a label column, a
 * factor, the F of its dummies) over every order of the rearranged
 * vector, the design made into python/kperm/stats_regression.h's integers
 * (the residualized columns' orthonormal bases and the rearranged vector,
 * each rounded once to a multiple of 2^-52). */
#ifndef PTEST_REGRESSION_H
#define PTEST_REGRESSION_H

#include "ptest_problem.h"

#define PTEST_REG_TOLERANCE 1e-9 /* the default band, relative to |observed t| (docs/stats.md) */
#define PTEST_REG_MAXN 20        /* the pairings walk's orders */

/* Fills p from the table's columns cols[0] = y, cols[1] = x (numbers, or
 * labels: a factor), cols[2..] = the covariates (ncols of them),
 * s->scheme "freedman-lane" (NULL: it) or "permute-y". Returns 0, or -1
 * with err (one line). */
int ptest_regression_build(const ptest_table *t, const ptest_spec *s, const int *cols, int ncols, ptest_problem *p,
                           char *err, size_t errsize);

#endif
