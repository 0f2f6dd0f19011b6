/* ptest_rank.c - rank statistics as kernel statistics of midrank scores
 * (ptest_rank.h).
 *
 * Scores are 2*midrank, integers: a tie block at sorted positions i..j
 * (from 1) scores i + j.
 *   Mann-Whitney: D = mean(A's scores) - mean(B's) = 2N R1/(n1 n2) - N(N+1)/n2,
 *     so U1 = R1 - n1(n1+1)/2 = a*D + b, a = n1 n2/(2N).
 *   Wilcoxon (swaps within pairs, Pratt's zeros): x_i = sign(d_i)*score(|d_i|),
 *     y_i = 0, the zeros ranked with the others; D = mean(x - y) =
 *     2(T+ - T-)/n and T+ + T- = sum|x|/2, so T+ = n D/4 + sum|x|/4.
 *   Kruskal-Wallis: with the total sum of squares fixed, H (scipy's, tie
 *     corrected) = (N-1) SSB/SST = (N-1) F(k-1)/(F(k-1) + N-k), increasing in F. */
#include "ptest_rank.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[] = {"mann-whitney", "wilcoxon", "kruskal", "jonckheere"};
static const char *const meanings[] = {"Mann-Whitney U of A, midranks",
                                       "Wilcoxon signed-rank T+ of x - y, midranks, zeros ranked (Pratt)",
                                       "Kruskal-Wallis H, midranks, tie corrected", "Jonckheere-Terpstra JT"};

int ptest_rank_code(const char *name)
{
    int i;
    for (i = 0; name && i < 4; i++)
        if (strcmp(name, names[i]) == 0)
            return PTEST_MANN_WHITNEY + i;
    return 0;
}

int ptest_rank_kernel_stat(int rank)
{
    return rank == PTEST_KRUSKAL ? PTEST_ANOVA : PTEST_MEAN;
}

const char *ptest_rank_meaning(int rank)
{
    return meanings[rank - PTEST_MANN_WHITNEY];
}

static const long long *sort_base;

static int by_value(const void *a, const void *b)
{
    long long x = sort_base[*(const int *)a], y = sort_base[*(const int *)b];
    return (x > y) - (x < y);
}

/* score[i] = 2 * the midrank of value[i] among value[0..n) */
static void midrank_scores(const long long *value, int n, long long *score)
{
    int order[PTEST_VALUES], i, j, t;
    for (i = 0; i < n; i++)
        order[i] = i;
    sort_base = value;
    qsort(order, (size_t)n, sizeof *order, by_value);
    for (i = 0; i < n; i = j) {
        for (j = i; j < n && value[order[j]] == value[order[i]]; j++)
            ;
        for (t = i; t < j; t++)
            score[order[t]] = (long long)i + j + 1; /* positions i+1 .. j */
    }
}

int ptest_rank_scores(ptest_problem *p, char *err, size_t errsize)
{
    long long score[PTEST_VALUES], d[PTEST_MAXN];
    double n = p->n;
    int i;
    if (p->rank == PTEST_JONCKHEERE) {
        snprintf(err, errsize, "--stat jonckheere is not counted by kperm-ptest yet");
        return -1;
    }
    if (p->rank == PTEST_WILCOXON) {
        double magnitude = 0;
        for (i = 0; i < p->n; i++) {
            long long x = p->v[i] - p->v[p->n + i];
            d[i] = x < 0 ? -x : x;
        }
        midrank_scores(d, p->n, score);
        for (i = 0; i < p->n; i++) {
            long long x = p->v[i] - p->v[p->n + i];
            p->v[i] = x > 0 ? score[i] : x < 0 ? -score[i] : 0;
            p->v[p->n + i] = 0;
            magnitude += fabs((double)p->v[i]);
        }
        p->rank_map[0] = n / 4;
        p->rank_map[1] = magnitude / 4;
    } else {
        midrank_scores(p->v, p->n, score);
        memcpy(p->v, score, (size_t)p->n * sizeof *score);
        if (p->rank == PTEST_MANN_WHITNEY) {
            double n1 = p->m, n2 = n - n1, a = n1 * n2 / (2 * n);
            p->rank_map[0] = a;
            p->rank_map[1] = a * n * (n + 1) / n2 - n1 * (n1 + 1) / 2;
        } else {
            p->rank_map[0] = n - 1;
            p->rank_map[1] = p->k - 1;
            p->rank_map[2] = n - p->k;
        }
    }
    for (i = 0; i < ptest_column_size(p); i++)
        p->d[i] = (double)p->v[i];
    p->decimals = 0;
    return 0;
}

double ptest_rank_value(const ptest_problem *p, double x)
{
    const double *m = p->rank_map;
    if (p->rank != PTEST_KRUSKAL)
        return m[0] * x + m[1];
    return isinf(x) ? m[0] : m[0] * x * m[1] / (x * m[1] + m[2]);
}

double ptest_rank_kernel_value(const ptest_problem *p, double value)
{
    const double *m = p->rank_map;
    if (p->rank != PTEST_KRUSKAL)
        return (value - m[1]) / m[0];
    return value >= m[0] ? INFINITY : value * m[2] / (m[1] * (m[0] - value));
}

/* U and T+ are whole or half: rounded there, off the doubles' last bits */
static double in_units(const ptest_problem *p, double x)
{
    double v = ptest_rank_value(p, x);
    return p->rank == PTEST_KRUSKAL ? v : round(2 * v) / 2;
}

void ptest_rank_units(const ptest_problem *p, double *observed, double *lo, double *hi)
{
    *observed = in_units(p, *observed);
    *lo = in_units(p, *lo);
    *hi = in_units(p, *hi);
}
