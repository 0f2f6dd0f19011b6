/* ptest_backend.c - what the backends share: a count's per-work-item
 * counters, extremes and per-group histograms added up on the host. */
#include "ptest_backend.h"

void ptest_backend_add(ptest_result *out, const unsigned long long *counts, const double *extremes,
                       const unsigned long long *hist, long items, long groups, int bins)
{
    long i;
    int j;
    for (i = 0; i < items; i++) {
        for (j = 0; j < PTEST_COUNTS; j++)
            out->counts[j] += counts[PTEST_COUNTS * i + j];
        out->lo = extremes[2 * i] < out->lo ? extremes[2 * i] : out->lo;
        out->hi = extremes[2 * i + 1] > out->hi ? extremes[2 * i + 1] : out->hi;
    }
    for (i = 0; i < groups; i++)
        for (j = 0; j < bins; j++)
            out->hist[j] += hist[(long)bins * i + j];
}
