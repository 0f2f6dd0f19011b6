/* ptest_resample.c - see ptest_resample.h */
#include "ptest_resample.h"
#include <stdio.h>

int ptest_resample_setup(ptest_problem *p, unsigned long long resamples, unsigned long long seed, char *err,
                         size_t errsize)
{
    int i;
    if (!ptest_is_big(p) && resamples >= p->total)
        return 1;
    if (p->rank == PTEST_JONCKHEERE) {
        snprintf(err, errsize, "--resamples: --stat jonckheere is counted exactly by a dynamic program");
        return -1;
    }
    if (p->cols > 1) {
        snprintf(err, errsize, "--resamples: maxT over several columns is counted exactly only");
        return -1;
    }
    for (i = 2; i < PTEST_BIG_LIMBS / 2; i++)
        if (ptest_big_word(&p->total_big, i)) { /* ps_draw_rank draws ranks below 2^128 */
            snprintf(err, errsize, "--resamples: 2^128 or more rearrangements to draw from");
            return -1;
        }
    if (p->walk != PTEST_TWO && ptest_is_big(p)) { /* the walks' unranking takes 64-bit ranks */
        snprintf(err, errsize, "--resamples: 2^64 or more rearrangements: random ones are drawn from fewer, but for "
                               "two groups (up to %d observations)", PTEST_SAMPLE_MAXN);
        return -1;
    }
    p->resamples = resamples;
    p->seed = seed;
    p->rearrangements[0] = ptest_big_word(&p->total_big, 0);
    p->rearrangements[1] = ptest_big_word(&p->total_big, 1);
    p->total = resamples;
    ptest_big_set(&p->total_big, resamples); /* the counts' total: the draws */
    return 0;
}
