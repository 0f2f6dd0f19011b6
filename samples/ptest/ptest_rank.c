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
#include "ptest_kruskal.h"
#include "ptest_linear.h"
#include "ptest_terms.h"
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
    return rank == PTEST_KRUSKAL || rank == PTEST_JONCKHEERE ? PTEST_ANOVA : PTEST_MEAN; /* JT: any k groups */
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
    int order[PTEST_HOST_MAXN], i, j, t;
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
    long long score[PTEST_HOST_MAXN], d[PTEST_HOST_MAXN];
    double n = p->n;
    int i;
    for (i = 1; i < p->n && p->v[i] == p->v[0]; i++)
        ;
    if (p->rank == PTEST_KRUSKAL && i == p->n) {
        snprintf(err, errsize, "--stat kruskal: H is 0/0 for data whose values are all equal");
        return -1;
    }
    if (p->rank == PTEST_JONCKHEERE) { /* counted by ptest_rank_count on the values themselves */
        p->rank_map[0] = 1;
        return 0;
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

/* ---- Jonckheere-Terpstra by a dynamic program over the tie blocks of the
 * sorted pooled values. State: how many of each group so far (a mixed-radix
 * index) and 2*JT so far. A block of t tied values putting t_j into group j
 * adds sum_j t_j (2 * (the earlier groups' count so far) + the earlier
 * groups' t_i), in t! / (t_1! ... t_k!) ways. Every partial count is at most
 * the number of labellings, below 2^64. */

typedef unsigned long long u64;

typedef struct {
    int k, sizes[PTEST_MAX_K], radix[PTEST_MAX_K]; /* state = sum count_j * radix[j] */
    size_t states, length;                         /* length: 2*JT from 0 to 2 * pairs */
    u64 *from, *to;
} jt_table;

/* multinomial(sum part; part) into *ways: 0, or -1 where it passes 2^64 */
int ptest_multinomial(const int *part, int k, u64 *ways)
{
    u64 w = 1;
    int j, i, used = 0;
    for (j = 0; j < k; j++)
        for (i = 1; i <= part[j]; i++) { /* w * used / i, exact: i / gcd(w, i) divides used */
            u64 d = ptest_gcd(w % (u64)i, (u64)i);
            if (__builtin_mul_overflow(w / d, (u64)++used / ((u64)i / d), &w))
                return -1;
        }
    *ways = w;
    return 0;
}

/* one block of t: every state of `before` values into `to` */
static void jt_block(jt_table *T, int t, int before)
{
    int part[PTEST_MAX_K] = {0}, count[PTEST_MAX_K], j;
    size_t s, x;
    memset(T->to, 0, T->states * T->length * sizeof *T->to);
    for (;;) { /* every composition part of t into k, odometer-wise */
        int sum = 0;
        for (j = 0; j < T->k; j++)
            sum += part[j];
        if (sum == t) {
            u64 ways;
            ptest_multinomial(part, T->k, &ways); /* below 2^64: at most the labellings, kept below it */
            for (s = 0; s < T->states; s++) {
                size_t rest = s, target = s, step = 0;
                int fits = 1, total = 0, earlier = 0, earlier_part = 0;
                for (j = 0; j < T->k; j++) {
                    count[j] = (int)(rest % (size_t)(T->sizes[j] + 1));
                    rest /= (size_t)(T->sizes[j] + 1);
                    total += count[j];
                    fits = fits && count[j] + part[j] <= T->sizes[j];
                    step += (size_t)part[j] * (size_t)(2 * earlier + earlier_part);
                    earlier += count[j];
                    earlier_part += part[j];
                    target += (size_t)part[j] * (size_t)T->radix[j];
                }
                if (!fits || total != before)
                    continue;
                for (x = 0; x + step < T->length; x++)
                    T->to[target * T->length + x + step] += ways * T->from[s * T->length + x];
            }
        }
        for (j = 0; j < T->k && ++part[j] > t; j++)
            part[j] = 0;
        if (j == T->k)
            break;
    }
    {
        u64 *swap = T->from;
        T->from = T->to;
        T->to = swap;
    }
}

int ptest_rank_ascending(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static int jt_count(ptest_problem *p, int have_range, ptest_result *r, double *observed, char *err,
                    size_t errsize)
{
    jt_table T;
    long long sorted[PTEST_MAXN];
    size_t pairs = 0, obs = 0, x;
    const u64 *counts;
    int g, h, i, j, at, start[PTEST_MAX_K + 1];
    u64 least = 0;
    double lo = -1, hi = -1;
    memset(&T, 0, sizeof T);
    T.k = p->k;
    T.states = 1;
    for (g = 0, start[0] = 0; g < p->k; g++) {
        T.sizes[g] = p->sizes[g];
        T.radix[g] = (int)T.states;
        T.states *= (size_t)p->sizes[g] + 1;
        start[g + 1] = start[g] + p->sizes[g];
    }
    for (g = 0; g < p->k; g++)
        for (h = g + 1; h < p->k; h++) {
            pairs += (size_t)p->sizes[g] * p->sizes[h];
            for (i = start[g]; i < start[g + 1]; i++)
                for (j = start[h]; j < start[h + 1]; j++)
                    obs += 2 * (p->v[i] < p->v[j]) + (p->v[i] == p->v[j]);
        }
    T.length = 2 * pairs + 1;
    if ((double)T.states * (double)T.length * 16 > PTEST_RANK_MEMORY) {
        snprintf(err, errsize, "--stat jonckheere: the dynamic program would need %.0f MiB (%zu states of %zu "
                 "values), more than %.0f MiB", (double)T.states * (double)T.length * 16 / 1048576, T.states,
                 T.length, PTEST_RANK_MEMORY / 1048576);
        return -1;
    }
    T.from = calloc(T.states * T.length, sizeof *T.from);
    T.to = malloc(T.states * T.length * sizeof *T.to);
    if (!T.from || !T.to) {
        free(T.from);
        free(T.to);
        snprintf(err, errsize, "out of memory for the dynamic program");
        return -1;
    }
    T.from[0] = 1;
    memcpy(sorted, p->v, (size_t)p->n * sizeof *sorted);
    qsort(sorted, (size_t)p->n, sizeof *sorted, ptest_rank_ascending);
    for (at = 0; at < p->n; at = j) {
        for (j = at; j < p->n && sorted[j] == sorted[at]; j++)
            ;
        jt_block(&T, j - at, at);
    }
    counts = T.from + (T.states - 1) * T.length; /* every group full */
    ptest_result_empty(r);
    *observed = (double)obs / 2;
    if (!have_range) { /* the null's range, as the enumeration's ptest_range finds it */
        for (x = 0; x < T.length; x++)
            if (counts[x]) {
                lo = lo < 0 ? (double)x / 2 : lo;
                hi = (double)x / 2;
            }
        p->hist_lo = lo;
        p->hist_hi = hi > lo ? hi : lo + 1;
    }
    for (x = 0; x < T.length; x++) {
        double v = (double)x / 2, t = (v - p->hist_lo) * (p->bins / (p->hist_hi - p->hist_lo));
        size_t distance = x > pairs ? x - pairs : pairs - x, seen = obs > pairs ? obs - pairs : pairs - obs;
        if (!counts[x])
            continue;
        r->counts[x < obs ? PTEST_LESS : x == obs ? PTEST_EQUAL : PTEST_GREATER] += counts[x];
        r->counts[PTEST_ABS_GE] += distance >= seen ? counts[x] : 0; /* |JT - E(JT)| >= observed's, E = pairs/2 */
        if (!least++)
            r->lo = v;
        r->hi = v;
        if (p->bins)
            r->hist[t <= 0 ? 0 : t >= p->bins - 1 ? p->bins - 1 : (int)t] += counts[x];
    }
    free(T.from);
    free(T.to);
    return 0;
}

int ptest_rank_dynamic(const ptest_problem *p, int asked)
{
    /* Kruskal-Wallis' program counts labellings of the whole data: within strata they are enumerated */
    return p->rank == PTEST_JONCKHEERE || (asked == PTEST_METHOD_AUTO && !p->strata && ptest_kruskal_fits(p));
}

int ptest_rank_count(ptest_problem *p, int have_range, ptest_result *r, double *observed, char *err,
                     size_t errsize)
{
    return p->rank == PTEST_KRUSKAL ? ptest_kruskal_count(p, have_range, r, observed, err, errsize)
                                    : jt_count(p, have_range, r, observed, err, errsize);
}
