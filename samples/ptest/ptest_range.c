/* ptest_range.c - the histogram's range (ptest_range.h). */
#include "ptest_range.h"
#include <math.h>
#include <stdlib.h>

#define SAMPLES 256
#define DRAWS 4096 /* --resamples: the draws whose extremes set the range */

static int descending(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x < y) - (x > y);
}

/* the mean difference of key k, as the kernel scales it */
static double mean_of(const ptest_problem *p, double k)
{
    return k * p->par[PAR_UNIT] / p->par[PAR_SCALE];
}

/* the sums of group 1 (the first m values) at its extremes: it holds the
 * largest values it can (top) or the smallest (bottom), within each stratum
 * where there are strata, as the labels move only there */
static void group_extremes(const ptest_problem *p, long long *top, long long *bottom)
{
    long long v[PTEST_HOST_MAXN];
    int s, i, size, first;
    *top = *bottom = 0;
    for (s = 0; s < (p->strata ? p->strata : 1); s++) {
        size = first = 0;
        for (i = 0; i < p->n; i++)
            if (!p->strata || p->stratum[i] == s) {
                first += i < p->m; /* group 1's observations in this stratum */
                v[size++] = p->v[i];
            }
        qsort(v, (size_t)size, sizeof *v, descending);
        for (i = 0; i < first; i++) {
            *top += v[i];
            *bottom += v[size - 1 - i];
        }
    }
}

/* the mean difference's extremes: group 1 at its extremes (two groups), or
 * every pair swapped its larger value into x (pairs) */
static void mean_extremes(const ptest_problem *p, double *lo, double *hi)
{
    long long s1 = 0, total = 0, top, bottom;
    int i;
    if (p->walk == PTEST_FLIPS) {
        for (i = 0; i < p->n; i++)
            s1 += llabs(p->v[i] - p->v[p->n + i]);
        *hi = mean_of(p, (double)s1 * p->n);
        *lo = -*hi;
        return;
    }
    for (i = 0; i < p->n; i++)
        total += p->v[i];
    group_extremes(p, &top, &bottom);
    /* S1 (n - m) - S2 m with S2 = total - S1 */
    *hi = mean_of(p, (double)top * p->n - (double)total * p->m);
    *lo = mean_of(p, (double)bottom * p->n - (double)total * p->m);
}

/* a Monte Carlo run's sampled extremes: those of its first draws, counted
 * without a histogram (the ranks below the draws' count would all be alike) */
static int draws_extremes(ptest_problem *p, ptest_backend *b, double *lo, double *hi, char *err, size_t errsize)
{
    static ptest_result r;
    int bins = p->bins, status;
    ptest_result_empty(&r);
    p->bins = 0;
    status = b->count(b, 0, p->total < DRAWS ? p->total : DRAWS, &r, err, errsize);
    p->bins = bins;
    *lo = r.lo < *lo ? r.lo : *lo;
    *hi = r.hi > *hi ? r.hi : *hi;
    return status;
}

int ptest_range(ptest_problem *p, ptest_backend *b, double observed, char *err, size_t errsize)
{
    double lo = HUGE_VAL, hi = -HUGE_VAL, x; /* lo > hi: no finite value yet */
    unsigned long long key[5];
    int i;
    if (observed - observed == 0) /* an infinite one (a variance ratio's x/0) would make the range infinite */
        lo = hi = observed;
    if (p->stat == PTEST_MEAN)
        mean_extremes(p, &lo, &hi);
    else if (p->stat == PTEST_PEARSON || p->stat == PTEST_KENDALL)
        lo = -1, hi = 1;
    else {
        if (p->resamples && draws_extremes(p, b, &lo, &hi, err, errsize))
            return -1;
        for (i = 0; !p->resamples && i < SAMPLES; i++) {
            kperm_rank r = p->total <= SAMPLES ? (kperm_rank)i : p->total / SAMPLES * (kperm_rank)i;
            if (r >= p->total)
                break;
            if (b->value(b, 0, r, key, &x, err, errsize))
                return -1;
            if (x - x == 0) { /* finite */
                lo = x < lo ? x : lo;
                hi = x > hi ? x : hi;
            }
        }
        if (!(lo <= hi)) /* nothing finite among them */
            lo = hi = 0;
        x = (hi - lo) / 10;
        lo -= x;
        hi += x;
        if (p->stat == PTEST_VAR_RATIO || p->stat == PTEST_ANOVA)
            lo = lo > 0 ? lo : 0; /* never below 0 */
    }
    if (!(hi > lo)) { /* a single value */
        x = fabs(lo) > 0 ? fabs(lo) / 2 : 1;
        lo -= x;
        hi += x;
    }
    x = ldexp(p->bins, -1020); /* bins / (hi - lo), the kernels' PS_HIST_INV, must be a double */
    if (hi - lo < x) {         /* values near the doubles' least: a wider range about the middle */
        lo = lo / 2 + hi / 2 - x / 2;
        hi = lo + x;
    }
    p->hist_lo = lo;
    p->hist_hi = hi;
    return 0;
}
