/* ptest_answer.h - what a test's counts answer, in exact integers: the
 * rearrangements, the counts and the p-values' numerators, and each
 * p-value as the double nearest its fraction. Every front end reports
 * these (kperm-ptest's text and JSON, the R package's htest). */
#ifndef PTEST_ANSWER_H
#define PTEST_ANSWER_H

#include "ptest.h"

enum { PTEST_P_LESS, PTEST_P_GREATER, PTEST_P_TWO_SIDED, PTEST_P_ABS, PTEST_PVALUES };

typedef struct {
    ptest_big total;                 /* the rearrangements (a Monte Carlo run: its draws) */
    ptest_big drawn_from;            /* a Monte Carlo run: the rearrangements it drew from; else total */
    ptest_big counts[PTEST_COUNTS];  /* less, equal, greater, abs_ge, in_band, undefined */
    ptest_big num[PTEST_PVALUES];    /* the p-values' numerators: less, greater, two-sided (2*min, at most N), abs */
    double pvalue[PTEST_PVALUES];    /* num / N; a Monte Carlo run's as scipy's, (num + 1) / (N + 1) */
} ptest_answer;

/* p's answer from r, or from big where the host counted (NULL: r's counts
 * are exact) */
void ptest_answer_make(const ptest_problem *p, const ptest_result *r, const ptest_big_result *big, ptest_answer *a);

/* bin i of the histogram, exactly */
ptest_big ptest_answer_bin(const ptest_result *r, const ptest_big_result *big, int i);

#endif
