/* ptest_problem.h - what the command line asks of a table: the test, the
 * statistic, the columns and groups; made into a ptest_problem. */
#ifndef PTEST_PROBLEM_H
#define PTEST_PROBLEM_H

#include "ptest.h"
#include "ptest_table.h"

typedef struct {
    const char *test;      /* "independent", "paired", "pairings" */
    const char *stat;      /* a built-in name, or NULL: the test's default */
    const char *columns;   /* "A,B": the value columns (names or numbers from 1), or NULL */
    const char *group;     /* independent: the label column, or NULL: the first */
    const char *groups;    /* independent: "A,B,...": the groups in order (others left out), or NULL */
    const char *user_file; /* a C statistic's body, or NULL */
    const char *user_text; /* ...its text (read by the caller) */
    double tolerance;      /* compare in floating point within tolerance*|observed|; < 0: not given */
    int bins;
    int have_range;
    double hist_lo, hist_hi;
    const char *scheme;    /* regression: "freedman-lane" (NULL: it) or "permute-y" */
    const char *strata;    /* --strata: the stratum label column, or NULL */
} ptest_spec;

/* the statistic's name for output ("mean", ...) */
const char *ptest_stat_name(int stat);

/* whether a field is a missing value (empty, blank, NA, NaN, ...) */
int ptest_is_missing(const char *s);

/* Fills p from the table. Returns 0, or -1 with err (one line, naming
 * FILE:LINE: where a value is at fault). */
int ptest_problem_build(const ptest_table *t, const ptest_spec *s, ptest_problem *p, char *err, size_t errsize);

#endif
