/* ptest_strata.c - rearrangements within strata (ptest_strata.h).
 *
 * Within strata the mean difference's key K = S1*n2 - S2*n1 is still an
 * affine function of S, group A's sum, and S is the sum of independent
 * per-stratum sums: stratum h gives a subset of size m_h (its group A rows)
 * of its n_h values. So S's distribution is the convolution of the strata's
 * subset-sum distributions, which ptest_linear.c's shift algorithm counts
 * through the strata, a block of values each (ptest_strata_blocks); every
 * count of ptest_linear_count then follows from #(S < s) as without
 * strata. */
#include "ptest_strata.h"
#include "ptest_linear.h"
#include "ptest_problem.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long u64;

/* the stratum of a label (added when new): its index */
static int stratum_of(const char **labels, int *count, const char *label)
{
    int h;
    for (h = 0; h < *count; h++)
        if (strcmp(labels[h], label) == 0)
            return h;
    labels[*count] = label;
    return (*count)++;
}

/* the rows of p's observations in p's order: independent, group after group
 * (as ptest_problem.c's independent), else row after row */
static int observation_rows(const ptest_table *t, const char *group, const ptest_problem *p, int *rows)
{
    int label = group ? ptest_table_column(t, group) : 0, g, r, n = 0;
    if (p->walk != PTEST_TWO && p->walk != PTEST_GROUPS) {
        for (r = 0; r < p->n; r++)
            rows[n++] = r;
        return n;
    }
    for (g = 0; g < p->k; g++)
        for (r = 0; r < t->rows; r++)
            if (strcmp(t->field[r][label], p->names[g]) == 0)
                rows[n++] = r;
    return n;
}

/* n_h and m_h: each stratum's observations and those of group A */
static void stratum_sizes(const ptest_problem *p, int *size, int *size_a)
{
    int i;
    memset(size, 0, (size_t)p->strata * sizeof *size);
    memset(size_a, 0, (size_t)p->strata * sizeof *size_a);
    for (i = 0; i < p->n; i++) {
        size[p->stratum[i]]++;
        size_a[p->stratum[i]] += i < p->m;
    }
}

/* the bits of aux: where each walked stratum's rows start among one
 * group's, rows from .. to - 1 of p in walk order, and where the last ends */
static unsigned long long starts(const ptest_problem *p, const int *walked, int count, int from, int to)
{
    unsigned long long bits = 1;
    int at = 0, h, i;
    for (h = 0; h < count; h++) {
        for (i = from; i < to; i++)
            at += p->stratum[i] == walked[h];
        bits |= 1ULL << at;
    }
    return bits;
}

/* each group's rows in stratum order, the strata with rows of both groups
 * first (the same order in both), and aux[0], aux[1]: the layout the kernels'
 * walk within strata takes (python/kperm/stats_strata.h). No statistic
 * depends on the order of rows within a group. */
static void walk_layout(ptest_problem *p, const int *size, const int *size_a)
{
    static const int none = PTEST_MAXN; /* sorts last: a stratum not walked */
    int walked[PTEST_MAXN], rank[PTEST_MAXN], order[PTEST_MAXN], count = 0, h, i, j, g;
    long long v[PTEST_MAXN];
    double d[PTEST_MAXN];
    unsigned short stratum[PTEST_MAXN];
    for (h = 0; h < p->strata; h++) {
        rank[h] = size_a[h] && size[h] > size_a[h] ? count : none;
        if (rank[h] != none)
            walked[count++] = h;
    }
    for (g = 0; g < 2; g++) { /* a stable insertion sort of each group's rows by their stratum's rank */
        int from = g ? p->m : 0, to = g ? p->n : p->m;
        for (i = from; i < to; i++) {
            for (j = i; j > from && rank[p->stratum[order[j - 1]]] > rank[p->stratum[i]]; j--)
                order[j] = order[j - 1];
            order[j] = i;
        }
    }
    for (i = 0; i < p->n; i++)
        v[i] = p->v[order[i]], d[i] = p->d[order[i]], stratum[i] = p->stratum[order[i]];
    memcpy(p->v, v, (size_t)p->n * sizeof *v);
    memcpy(p->d, d, (size_t)p->n * sizeof *d);
    memcpy(p->stratum, stratum, (size_t)p->n * sizeof *stratum);
    p->aux[0] = starts(p, walked, count, 0, p->m);
    p->aux[1] = starts(p, walked, count, p->m, p->n);
}

/* observation i's group: p's values lie group after group */
static int group_of_row(const ptest_problem *p, int i)
{
    int g = 0;
    for (; i >= p->group_sizes[g]; g++)
        i -= p->group_sizes[g];
    return g;
}

/* k groups (the label of a row its group) or pairings and regression
 * (y's rows, each its own): the rows stratum by stratum, those of one
 * arrangement first, each stratum's rows by label; after the values (x and
 * y for pairings, a regression's p->k columns) each row's 8 * stratum +
 * label, the layout the kernels' walk within strata takes
 * (python/kperm/stats_strata.h); total_big the product of the strata's
 * multinomials (n_h! for pairings) */
static void rows_layout(ptest_problem *p)
{
    int pairs = p->walk == PTEST_PAIRINGS, labels = pairs ? 1 : p->k, regression = p->stat >= PTEST_REG_T;
    int width = regression ? p->k : pairs ? 2 : 1;
    int order[PTEST_MAXN], count = 0, h, g, i, c, walked, seen[PTEST_MAX_K];
    long long v[PTEST_MAX_K * PTEST_MAXN];
    double d[2 * PTEST_MAXN];
    unsigned short stratum[PTEST_MAXN];
    ptest_big_set(&p->total_big, 1);
    for (walked = 0; walked < 2; walked++)
        for (h = 0; h < p->strata; h++) {
            int left = 0, distinct = 0;
            memset(seen, 0, sizeof seen);
            for (i = 0; i < p->n; i++)
                if (p->stratum[i] == h)
                    seen[pairs ? 0 : group_of_row(p, i)]++, left++;
            for (g = 0; g < labels; g++)
                distinct += seen[g] > 0;
            if ((pairs ? left > 1 : distinct > 1) != walked)
                continue;
            for (i = 2; pairs && i <= left; i++) /* pairings: the stratum's left! orders */
                ptest_big_mul_small(&p->total_big, (unsigned int)i);
            for (g = 0; g < labels; left -= seen[g++]) {
                ptest_big ways; /* groups: the multinomial, a binomial a group */
                if (!pairs) {
                    ptest_big_binomial(left, seen[g], &ways);
                    ptest_big_mul(&p->total_big, &ways);
                }
                for (i = 0; i < p->n; i++)
                    if (p->stratum[i] == h && (pairs || group_of_row(p, i) == g))
                        order[count++] = i;
            }
        }
    for (c = 0; c < width; c++)
        for (i = 0; i < p->n; i++)
            v[c * p->n + i] = p->v[c * p->n + order[i]];
    for (c = 0; c < width && !regression; c++) /* a regression's d holds its scalars (stats_regression.h) */
        for (i = 0; i < p->n; i++)
            d[c * p->n + i] = p->d[c * p->n + order[i]];
    for (i = 0; i < p->n; i++)
        stratum[i] = p->stratum[order[i]];
    for (i = 0; i < p->n; i++) {
        p->v[width * p->n + i] = 8LL * stratum[i] + (pairs ? 0 : group_of_row(p, order[i]));
        p->stratum[i] = stratum[i];
    }
    memcpy(p->v, v, (size_t)(width * p->n) * sizeof *v);
    if (!regression)
        memcpy(p->d, d, (size_t)(width * p->n) * sizeof *d);
}

int ptest_strata_read(const ptest_table *t, const char *column, const char *group, ptest_problem *p, char *err,
                      size_t errsize)
{
    static const char *labels[PTEST_HOST_MAXN];
    static int rows[PTEST_HOST_MAXN], size[PTEST_HOST_MAXN], size_a[PTEST_HOST_MAXN];
    int c = ptest_table_column(t, column), n, i, h;
    if (c < 0) {
        snprintf(err, errsize, "%s: no column '%s' for --strata", t->file, column);
        return -1;
    }
    if (p->walk == PTEST_FLIPS) {
        ptest_note("note: --strata changes nothing in a paired test: each pair is a stratum of its own already");
        return 0;
    }
    if (p->cols != 1) {
        snprintf(err, errsize, "--strata: one value column (or pair) is rearranged within strata");
        return -1;
    }
    if (p->walk == PTEST_GROUPS && p->n > PTEST_MAXN) {
        snprintf(err, errsize, "--strata: %d observations: k groups within strata are enumerated, at most %d", p->n,
                 PTEST_MAXN);
        return -1;
    }
    n = observation_rows(t, group, p, rows);
    p->strata = 0;
    for (i = 0; i < n; i++) {
        const char *label = t->field[rows[i]][c];
        if (ptest_is_missing(label)) {
            snprintf(err, errsize, "%s:%d: a missing stratum ('%s'): every row of the test needs one", t->file,
                     t->line[rows[i]], label);
            return -1;
        }
        p->stratum[i] = (unsigned short)stratum_of(labels, &p->strata, label);
    }
    if (p->walk == PTEST_GROUPS || p->walk == PTEST_PAIRINGS) {
        rows_layout(p);
        p->total = ptest_is_big(p) ? ~(kperm_rank)0 : ptest_big_low(&p->total_big);
        return 0;
    }
    stratum_sizes(p, size, size_a);
    ptest_big_set(&p->total_big, 1);
    for (h = 0; h < p->strata; h++) {
        ptest_big ways;
        ptest_big_binomial(size[h], size_a[h], &ways);
        ptest_big_mul(&p->total_big, &ways);
    }
    p->total = ptest_is_big(p) ? ~(kperm_rank)0 : ptest_big_low(&p->total_big);
    if (p->n <= PTEST_MAXN) /* else only counted on the host, which takes the strata as they are */
        walk_layout(p, size, size_a);
    return 0;
}

int ptest_strata_blocks(const ptest_problem *p, const long long *values, long long *out, int *count, int *size)
{
    static int size_all[PTEST_HOST_MAXN];
    int h, i, at = 0;
    stratum_sizes(p, size_all, size);
    for (h = 0; h < p->strata; h++) {
        count[h] = size_all[h];
        for (i = 0; i < p->n; i++)
            if (p->stratum[i] == h)
                out[at++] = values[i];
    }
    return p->strata;
}
