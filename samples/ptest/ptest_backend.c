/* ptest_backend.c - what the backends share: a count's per-work-item
 * counters, extremes and per-group histograms (or maxT's counters) added
 * up on the host. */
#include "ptest_backend.h"
#include <math.h>
#include <stdio.h>

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

void ptest_backend_add_maxt(ptest_result *out, const unsigned long long *counts, long items, int cols)
{
    long i;
    int j;
    for (i = 0; i < items; i++) {
        const unsigned long long *c = counts + (long)PTEST_MAXT_STRIDE(cols) * i;
        for (j = 0; j < PTEST_COUNTS; j++)
            out->counts[j] += c[j];
        for (j = 0; j < cols; j++) {
            out->maxt[j][0] += c[PTEST_COUNTS + 2 * j];
            out->maxt[j][1] += c[PTEST_COUNTS + 2 * j + 1];
        }
    }
}

void ptest_backend_band(ptest_problem *p, int c, double x)
{
    double band = p->exact ? 0 : p->rel_tol * fabs(x), *par = p->par + PAR_COUNT * c;
    par[PAR_OBS_X] = x;
    par[PAR_LO] = x - band;
    par[PAR_HI] = x + band;
    par[PAR_ABS_LO] = fabs(x) - band;
    if (c == 0)
        p->band = band;
}

int ptest_backend_observe(ptest_problem *p, ptest_backend *b, int c, char *err, size_t errsize)
{
    double x = 0, *par = p->par + PAR_COUNT * c;
    unsigned long long *obs = p->obs + 5 * c;
    par[PAR_SCALE] = p->par[PAR_SCALE]; /* one scale for every column (ptest_terms) */
    par[PAR_UNIT] = p->par[PAR_UNIT];
    if (b->value(b, c, 0, obs, &x, err, errsize))
        return 4;
    if (obs[0] == 2 || x != x || (!p->exact && x - x != 0)) {
        snprintf(err, errsize, "the statistic is %g for the data as observed (a zero variance?)%s%s", x,
                 p->cols > 1 ? " in column " : "", p->cols > 1 ? p->col_names[c] : "");
        return 2;
    }
    ptest_backend_band(p, c, x);
    return 0;
}
