/* ptest_resample.c - see ptest_resample.h */
#include "ptest_resample.h"
#include <stdio.h>

int ptest_resample_setup(ptest_problem *p, unsigned long long resamples, unsigned long long seed, char *err,
                         size_t errsize)
{
    if (resamples >= p->total)
        return 1;
    if (p->rank == PTEST_JONCKHEERE) {
        snprintf(err, errsize, "--resamples: --stat jonckheere is counted exactly by a dynamic program");
        return -1;
    }
    if (p->strata) {
        snprintf(err, errsize, "--resamples: random rearrangements within strata are not drawn yet");
        return -1;
    }
    if (p->cols > 1) {
        snprintf(err, errsize, "--resamples: maxT over several columns is counted exactly only");
        return -1;
    }
    p->resamples = resamples;
    p->seed = seed;
    p->rearrangements[0] = p->total;
    p->rearrangements[1] = 0;
    p->total = resamples;
    return 0;
}
