/* ptest_resample.h - kperm-ptest --resamples N --seed S: N uniform random
 * rearrangements (python/kperm/stats_sample.h's draws) counted in place of
 * every one of them. */
#ifndef PTEST_RESAMPLE_H
#define PTEST_RESAMPLE_H

#include <stddef.h>
#include "ptest.h"

#define PTEST_DEFAULT_SEED 20240521 /* --seed's default, python/kperm/_resample.py's DEFAULT_SEED */

/* Makes p a run of `resamples` draws of seed `seed`: p->total becomes the
 * draws, rearrangements and seed what ps_sample draws from. Returns
 * 0, or 1 where resamples covers every rearrangement (p is left to be
 * enumerated exactly), or -1 with err. */
int ptest_resample_setup(ptest_problem *p, unsigned long long resamples, unsigned long long seed, char *err,
                         size_t errsize);

#endif
