/* ptest_kruskal.c - Kruskal-Wallis by a dynamic program (ptest_kruskal.h).
 *
 * The kernels count F of the scores 2*midrank; with the scores fixed, F
 * grows with the key sum_g S_g^2 * L/n_g (L the sizes' lcm, S_g group g's
 * sum), so the counts depend on the vector of sums alone. The program walks
 * the tie blocks of the sorted scores, as _rank_dp.py: the state is how many
 * of each of the first k-1 groups came so far (the last group's count
 * follows) and holds an array over those groups' sums (in units of the
 * scores' gcd), from the least to the greatest sum that many scores can
 * have. A block of t equal scores put into the groups as (t_1 ... t_k)
 * happens in t!/(t_1! ... t_k!) ways. Every partial count is at most the
 * number of labellings, below 2^64 (ptest_kruskal_fits).
 *
 * The extremes and the histogram take F as the kernel computes it from the
 * sums; the kernel's within-groups sum of squares is a sum of rounded terms
 * of each labelling, so its F of labellings with the same sums can differ
 * from this one in the last bits. */
#include "ptest_kruskal.h"
#include "ptest_backend.h"
#include "ptest_range.h"
#include "ptest_rank.h"
#include "ptest_terms.h"
#include "stats_wide.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long u64;
#define DIMS (PTEST_MAX_K - 1)

typedef struct {
    int k, dims, sizes[PTEST_MAX_K];
    long long unit, bottom[PTEST_MAXN + 1], top[PTEST_MAXN + 1]; /* c scores' least and greatest sum, in units */
    size_t states, radix[PTEST_MAX_K], *offset;                /* state = sum_g c_g radix[g], g < dims */
    u64 *from, *to;
} kw_table;

/* group g's count in state s */
static int count_of(const kw_table *T, size_t s, int g)
{
    return (int)(s / T->radix[g] % (size_t)(T->sizes[g] + 1));
}

/* the extent of state s's array along g */
static size_t extent(const kw_table *T, size_t s, int g)
{
    int c = count_of(T, s, g);
    return (size_t)(T->top[c] - T->bottom[c] + 1);
}

/* T's shape from p (no tables): 0, or -1 where the states alone pass the memory */
static int kw_shape(const ptest_problem *p, kw_table *T, long long *sorted)
{
    int g, i;
    memset(T, 0, sizeof *T);
    T->k = p->k;
    T->dims = p->k - 1;
    for (i = 0; i < p->n; i++)
        T->unit = (long long)ptest_gcd((u64)T->unit, (u64)p->v[i]);
    for (i = 0; i < p->n; i++)
        sorted[i] = p->v[i] / T->unit;
    qsort(sorted, (size_t)p->n, sizeof *sorted, ptest_rank_ascending);
    for (i = 0; i < p->n; i++) {
        T->bottom[i + 1] = T->bottom[i] + sorted[i];
        T->top[i + 1] = T->top[i] + sorted[p->n - 1 - i];
    }
    T->states = 1;
    for (g = 0; g < p->k; g++) {
        T->sizes[g] = p->sizes[g];
        if (g < T->dims) {
            T->radix[g] = T->states;
            T->states *= (size_t)p->sizes[g] + 1;
            if ((double)T->states * 16 > PTEST_RANK_MEMORY)
                return -1;
        }
    }
    return 0;
}

/* the cells of state s's array (a double: the memory check may see more than size_t holds) */
static double state_cells(const kw_table *T, size_t s)
{
    double size = 1;
    int g;
    for (g = 0; g < T->dims; g++)
        size *= (double)extent(T, s, g);
    return size;
}

/* the cells of every state's array, as _rank_dp's _check_memory counts them */
static double kw_cells(const kw_table *T)
{
    double cells = 0;
    size_t s;
    for (s = 0; s < T->states; s++)
        cells += state_cells(T, s);
    return cells;
}

int ptest_kruskal_fits(const ptest_problem *p)
{
    kw_table T;
    long long sorted[PTEST_MAXN];
    u64 total;
    if (p->rank != PTEST_KRUSKAL || !p->exact || p->strata || p->resamples || p->cols != 1
        || kw_shape(p, &T, sorted) || ptest_multinomial(T.sizes, p->k, &total))
        return 0;
    return 2 * kw_cells(&T) * 8 <= PTEST_RANK_MEMORY;
}

/* to[lo + d ...] += ways * from[lo ...] along dims g.. (the rows of both
 * arrays' remaining dimensions), lo the cells whose target is inside */
static void shift_add(u64 *to, const u64 *from, const size_t *to_dim, const size_t *from_dim, const long long *d,
                      int g, int dims, u64 ways)
{
    size_t to_stride = 1, from_stride = 1;
    long long lo = d[g] < 0 ? -d[g] : 0, hi = (long long)from_dim[g], i;
    int h;
    if ((long long)to_dim[g] - d[g] < hi)
        hi = (long long)to_dim[g] - d[g];
    for (h = g + 1; h < dims; h++)
        to_stride *= to_dim[h], from_stride *= from_dim[h];
    for (i = lo; i < hi; i++) {
        u64 *t = to + (size_t)(i + d[g]) * to_stride;
        const u64 *f = from + (size_t)i * from_stride;
        if (g + 1 == dims)
            *t += ways * *f;
        else
            shift_add(t, f, to_dim, from_dim, d, g + 1, dims, ways);
    }
}

/* one block of t scores `score` (units) after `seen` scores */
static void kw_block(kw_table *T, int t, int seen, long long score)
{
    int part[PTEST_MAX_K] = {0}, c[PTEST_MAX_K], g;
    size_t s, to_dim[DIMS + 1], from_dim[DIMS + 1];
    long long d[DIMS + 1];
    for (s = 0; s < T->states; s++) { /* empty the states the block fills */
        int sum = 0;
        for (g = 0; g < T->dims; g++)
            sum += count_of(T, s, g);
        if (sum <= seen + t && seen + t - sum <= T->sizes[T->dims])
            memset(T->to + T->offset[s], 0, (T->offset[s + 1] - T->offset[s]) * sizeof *T->to);
    }
    for (;;) { /* every split part of t into k, odometer-wise */
        int sum = 0;
        u64 ways;
        for (g = 0; g < T->k; g++)
            sum += part[g];
        if (sum == t && !ptest_multinomial(part, T->k, &ways))
            for (s = 0; s < T->states; s++) {
                size_t target = s;
                int fits = 1, before = 0;
                for (g = 0; g < T->dims; g++) {
                    c[g] = count_of(T, s, g);
                    before += c[g];
                }
                c[T->dims] = seen - before;
                for (g = 0; g < T->k; g++)
                    fits = fits && c[g] >= 0 && c[g] + part[g] <= T->sizes[g];
                if (!fits)
                    continue;
                for (g = 0; g < T->dims; g++) {
                    target += (size_t)part[g] * T->radix[g];
                    from_dim[g] = extent(T, s, g);
                    to_dim[g] = (size_t)(T->top[c[g] + part[g]] - T->bottom[c[g] + part[g]] + 1);
                    d[g] = T->bottom[c[g]] + part[g] * score - T->bottom[c[g] + part[g]];
                }
                shift_add(T->to + T->offset[target], T->from + T->offset[s], to_dim, from_dim, d, 0, T->dims, ways);
            }
        for (g = 0; g < T->k && ++part[g] > t; g++)
            part[g] = 0;
        if (g == T->k)
            break;
    }
    {
        u64 *swap = T->from;
        T->from = T->to;
        T->to = swap;
    }
}

/* the kernel's key sum_g S_g^2 aux[g] of the sums S (scores, not units) */
static ps_u128 key_of(const ptest_problem *p, const long long *S)
{
    ps_u128 key = ps_make(0, 0);
    int g;
    for (g = 0; g < p->k; g++)
        key = ps_add(key, ps_mul_small(ps_mul_i64(S[g], S[g]), p->aux[g]));
    return key;
}

/* F of the sums S as the kernel's between-groups sum (ps_eval), the within
 * one as L*Q - key, exact, over L */
static double f_of(const ptest_problem *p, const long long *S, long long total, ps_u128 lq, ps_u128 key)
{
    double between = 0, L = (double)p->aux[0] * p->sizes[0], within;
    int g;
    for (g = 0; g < p->k; g++) {
        double c = ps_to_double(ps_sub(ps_mul_i64(p->n, S[g]), ps_mul_i64(p->sizes[g], total)));
        between += c * c / (double)p->sizes[g];
    }
    within = ps_to_double(ps_sub(lq, key)) / L;
    return between * p->par[PAR_SCALE] / within;
}

/* the observed F as the kernel gives it, and the histogram's range as the enumeration finds it */
static int observe(ptest_problem *p, int have_range, double *observed, char *err, size_t errsize)
{
    ptest_backend b;
    unsigned long long key[5];
    int status = ptest_cpu_open(&b, p, 1, err, errsize);
    if (status)
        return -1;
    status = b.value(&b, 0, 0, key, observed, err, errsize);
    if (!status && p->bins && !have_range)
        status = ptest_range(p, &b, *observed, err, errsize);
    b.close(&b);
    return status ? -1 : 0;
}

static void tally(const ptest_problem *p, const kw_table *T, const u64 *counts, ptest_result *r)
{
    long long S[PTEST_MAX_K], total = 0, grand = 0;
    size_t index[DIMS + 1] = {0}, dim[DIMS + 1], cell = 0, full = T->states - 1;
    ps_u128 lq = ps_make(0, 0), obs;
    double inv = p->bins / (p->hist_hi - p->hist_lo);
    int g, i, at = 0;
    for (i = 0; i < p->n; i++) {
        total += p->v[i];
        lq = ps_add(lq, ps_mul_i64(p->v[i], p->v[i]));
    }
    lq = ps_mul_small(lq, p->aux[0] * (u64)p->sizes[0]);
    for (g = 0; g < p->k; g++)
        for (S[g] = 0, i = 0; i < p->sizes[g]; i++)
            S[g] += p->v[at++];
    obs = key_of(p, S);
    grand = total / T->unit;
    for (g = 0; g < T->dims; g++)
        dim[g] = extent(T, full, g);
    for (;;) {
        u64 n = counts[cell++];
        if (n) {
            ps_u128 key;
            double x, t;
            long long rest = grand;
            int c;
            for (g = 0; g < T->dims; g++) {
                long long units = (long long)index[g] + T->bottom[T->sizes[g]];
                rest -= units;
                S[g] = units * T->unit;
            }
            S[T->dims] = rest * T->unit;
            key = key_of(p, S);
            c = ps_cmp_u(key, obs);
            r->counts[c < 0 ? PTEST_LESS : c == 0 ? PTEST_EQUAL : PTEST_GREATER] += n;
            r->counts[PTEST_ABS_GE] += c >= 0 ? n : 0; /* F >= 0 */
            x = f_of(p, S, total, lq, key);
            if (x - x == 0) {
                r->lo = x < r->lo ? x : r->lo;
                r->hi = x > r->hi ? x : r->hi;
            }
            t = (x - p->hist_lo) * inv;
            t = t > 0 ? t : 0;
            if (p->bins)
                r->hist[t < p->bins - 1 ? (int)t : p->bins - 1] += n;
        }
        for (g = T->dims - 1; g >= 0 && ++index[g] == dim[g]; g--)
            index[g] = 0;
        if (g < 0)
            break;
    }
}

int ptest_kruskal_count(ptest_problem *p, int have_range, ptest_result *r, double *observed, char *err,
                        size_t errsize)
{
    kw_table T;
    long long sorted[PTEST_MAXN];
    size_t s;
    int at, j;
    if (observe(p, have_range, observed, err, errsize))
        return -1;
    kw_shape(p, &T, sorted);
    T.offset = malloc((T.states + 1) * sizeof *T.offset);
    if (T.offset)
        for (s = 0, T.offset[0] = 0; s < T.states; s++)
            T.offset[s + 1] = T.offset[s] + (size_t)state_cells(&T, s); /* within the memory: exact */
    T.from = T.offset ? calloc(T.offset[T.states], sizeof *T.from) : NULL;
    T.to = T.offset ? malloc(T.offset[T.states] * sizeof *T.to) : NULL;
    if (!T.from || !T.to) {
        free(T.offset);
        free(T.from);
        free(T.to);
        snprintf(err, errsize, "out of memory for the dynamic program");
        return -1;
    }
    T.from[0] = 1; /* no values yet: the sums 0 */
    for (at = 0; at < p->n; at = j) {
        for (j = at; j < p->n && sorted[j] == sorted[at]; j++)
            ;
        kw_block(&T, j - at, at, sorted[at]);
    }
    ptest_result_empty(r);
    tally(p, &T, T.from + T.offset[T.states - 1], r);
    free(T.offset);
    free(T.from);
    free(T.to);
    return 0;
}
