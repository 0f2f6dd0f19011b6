/* ptest_answer.c - a test's answer from its counts (ptest_answer.h). */
#include "ptest_answer.h"

/* the rearrangements, counted exactly: p->total_big past 2^64 (the
 * host's counts, ptest_is_big), else p->total */
static ptest_big total_of(const ptest_problem *p)
{
    ptest_big n = p->total_big;
    if (!ptest_is_big(p))
        ptest_big_set(&n, p->total);
    return n;
}

/* what a Monte Carlo run drew from: rearrangements[1] * 2^64 + [0] */
static ptest_big drawn_from(const ptest_problem *p)
{
    ptest_big n, low;
    ptest_big_set(&n, p->rearrangements[1]);
    ptest_big_shift_left(&n, 64);
    ptest_big_set(&low, p->rearrangements[0]);
    ptest_big_add(&n, &low);
    return n;
}

/* a count: the host's big one where it has one, else r's */
static ptest_big exact_of(const ptest_big *big, unsigned long long value)
{
    ptest_big c;
    if (big)
        return *big;
    ptest_big_set(&c, value);
    return c;
}

ptest_big ptest_answer_bin(const ptest_result *r, const ptest_big_result *big, int i)
{
    return exact_of(big ? &big->hist[i] : NULL, r->hist[i]);
}

/* p-value i of the numerators num over N: num/N (the double nearest it
 * past 2^64; below, the quotient of the two doubles as it always was); a
 * Monte Carlo run's (--resamples) as scipy's, (num + 1)/(N + 1), two-sided
 * twice the smaller one-sided, at most 1 */
static double pvalue(const ptest_problem *p, const ptest_big *num, int i)
{
    double n = (double)p->total, x = (double)ptest_big_low(&num[i]);
    double least = (double)ptest_big_low(ptest_big_cmp(&num[0], &num[1]) < 0 ? &num[0] : &num[1]);
    ptest_big total = p->total_big;
    if (ptest_is_big(p))
        return ptest_big_ratio(&num[i], &total);
    if (!p->resamples)
        return x / n;
    return i == PTEST_P_TWO_SIDED ? (2 * (least + 1) < n + 1 ? 2 * (least + 1) / (n + 1) : 1) : (x + 1) / (n + 1);
}

void ptest_answer_make(const ptest_problem *p, const ptest_result *r, const ptest_big_result *big, ptest_answer *a)
{
    ptest_big least;
    int i;
    a->total = total_of(p);
    a->drawn_from = p->resamples ? drawn_from(p) : a->total;
    for (i = 0; i < PTEST_COUNTS; i++)
        a->counts[i] = exact_of(big ? &big->counts[i] : NULL, r->counts[i]);
    a->num[PTEST_P_LESS] = a->counts[PTEST_LESS];
    a->num[PTEST_P_GREATER] = a->counts[PTEST_GREATER];
    ptest_big_add(&a->num[PTEST_P_LESS], &a->counts[PTEST_EQUAL]);
    ptest_big_add(&a->num[PTEST_P_GREATER], &a->counts[PTEST_EQUAL]);
    least = ptest_big_cmp(&a->num[0], &a->num[1]) < 0 ? a->num[0] : a->num[1];
    ptest_big_shift_left(&least, 1);
    a->num[PTEST_P_TWO_SIDED] = ptest_big_cmp(&least, &a->total) > 0 ? a->total : least;
    a->num[PTEST_P_ABS] = a->counts[PTEST_ABS_GE];
    for (i = 0; i < PTEST_PVALUES; i++)
        a->pvalue[i] = pvalue(p, a->num, i);
}
