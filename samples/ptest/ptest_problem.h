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

/* The ways p's size lets it be counted (known once p is built, strata
 * aside): PTEST_BY_ENUMERATION (at most PTEST_MAXN observations, or 63 pairs,
 * below 2^64 rearrangements: the kernels' walks), PTEST_BY_HOST (the mean
 * difference of two groups or pairs, Mann-Whitney and Wilcoxon, one value
 * column, at most PTEST_HOST_MAXN: ptest_linear.h counts it without
 * enumerating), PTEST_BY_SAMPLING (--resamples: where enumerated, or two
 * groups of at most PTEST_SAMPLE_MAXN). ptest_problem_build refuses a
 * problem none allows; the method chosen later checks its own. */
enum { PTEST_BY_ENUMERATION = 1, PTEST_BY_HOST = 2, PTEST_BY_SAMPLING = 4 };
int ptest_size_allows(const ptest_problem *p);

/* the one-line refusal of enumerating p, "WHAT: ...", naming the way its
 * size allows instead (--method shift, --resamples) or the statistics the
 * host counts */
void ptest_size_refusal(const ptest_problem *p, const char *what, char *err, size_t errsize);

/* Fills p from the table. Returns 0, or -1 with err (one line, naming
 * FILE:LINE: where a value is at fault). */
int ptest_problem_build(const ptest_table *t, const ptest_spec *s, ptest_problem *p, char *err, size_t errsize);

#endif
