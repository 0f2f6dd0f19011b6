/* ptest_report.h - the answer: the text report, or one JSON object. */
#ifndef PTEST_REPORT_H
#define PTEST_REPORT_H

#include <stddef.h>
#include "ptest.h"

typedef struct {
    const char *file, *test;      /* the data file; "independent", "paired", "pairings" */
    const ptest_problem *p;
    const ptest_result *r;
    const ptest_big_result *big;  /* the host's exact counts, or NULL (r's are exact) */
    double observed;              /* the observed statistic */
    const char *method;           /* "enumerate", or the host's "shift" or "mitm" (ptest_linear.h) */
    const char *backend, *device; /* what searched */
    double seconds;
    kperm_rank resumed;           /* ranks a checkpoint had done */
    const char *checkpoint;
} ptest_report;

void ptest_report_write(const ptest_report *rep, int json);

#endif
