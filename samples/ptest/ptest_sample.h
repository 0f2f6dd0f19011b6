/* ptest_sample.h - kperm-ptest's side of the run engine (samples/run): the
 * ranks are the rearrangements, a chunk's result a ptest_result. */
#ifndef PTEST_SAMPLE_H
#define PTEST_SAMPLE_H

#include "run_sample.h"
#include "ptest.h"
#include "ptest_backend.h"

typedef struct {
    run_sample run;
    const ptest_problem *p;
} ptest_sample;

/* the sample of p (which must outlive it) */
void ptest_sample_init(ptest_sample *s, const ptest_problem *p);

/* run_search_fn: worker is the process's ptest_backend */
int ptest_search_chunk(void *worker, kperm_rank begin, kperm_rank end, kperm_u64 hint, void *part, char *err,
                       size_t errsize);

#endif
