/* ptest_linear.c - the mean difference counted without enumerating
 * (ptest_linear.h); python/kperm/_linear.py in C, the same keys, thresholds,
 * cost rule and memory limit.
 *
 * The kernel's key (stats_kernel.h, ps_eval) is K = S1*n2 - S2*n1. For two
 * groups K = alpha*S + beta, S the sum of a k-subset of the pooled values
 * (k = min(n1, n2)), shifted by the least and divided by their gcd; for
 * swaps within pairs K = n*sum(+-|d_i|) = n*sum|d| - 2n*unit*S, S the sum of
 * the |d_i|/unit given a minus sign (zero differences move nothing and
 * double every count). Every count of K below a key is a count of S below a
 * threshold, given by one of two counters:
 *
 *   shift  the number of k-subsets of each sum, dynamic programming over
 *          (subset size, sum): a (k + 1) x (largest sum + 1) table.
 *   mitm   meet in the middle: the sums of each half's subsets, sorted per
 *          subset size; the pairs below a threshold counted by two pointers.
 *
 * Mirrored from the kernel, because the result must be its own to the bit:
 * x(K) = ps_to_double(K) * PS_UNIT / PS_SCALE (ps_eval, through stats_wide.h itself),
 * the tolerance band's comparisons (ps_tally, ps_abs_ge) and the histogram's
 * bin (ps_count). Each is monotone in K, so a binary search over the integer
 * keys finds where it changes, and each field is a difference of counts. */
#include "ptest_linear.h"
#include "ptest_range.h"
#include "ptest_strata.h"
#include "ptest_terms.h"
#include "kperm.h"
#include "stats_wide.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* bytes a host method may allocate (kperm._linear.MEMORY); past it, enumeration */
#define PTEST_LINEAR_MEMORY ((double)(1 << 28))
/* every key and every intermediate below stays under 2^62 (ptest_linear_fits) */
#define PTEST_KEY_LIMIT 4611686018427387904.0

typedef unsigned long long u64;

const char *const ptest_method_names[PTEST_METHODS] = {"auto", "enumerate", "shift", "mitm"};

/* K = alpha*S + beta over the rearrangements, S the sum of a subset of
 * values (size of them, or any number for size < 0); each count is
 * multiplier times a count of subsets */
typedef struct {
    long long values[PTEST_MAXN]; /* non-negative integers */
    int count, size;
    long long alpha, beta, observed; /* observed: K of rank 0 */
    long long sum_lo, sum_hi;        /* S's least and greatest */
    long long key_min, key_max;
    u64 multiplier, subsets; /* subsets = rearrangements / multiplier */
} ptest_linear_key;

static int ascending(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* whether |values| bound every key below 2^62: |K| and alpha*S + beta are at
 * most 4*n^2*max|v| (n <= 64, so data of up to 2^48 fit) */
static int ptest_linear_fits(const ptest_problem *p)
{
    double most = 0;
    int i;
    for (i = 0; i < ptest_column_size(p); i++)
        most = fmax(most, fabs((double)p->v[i]));
    return 4.0 * p->n * p->n * most < PTEST_KEY_LIMIT;
}

static void ptest_linear_split(const ptest_problem *p, ptest_linear_key *L)
{
    long long n = p->n, n1 = p->m, n2 = n - n1, least = p->v[0], total = 0, s1 = 0, offset;
    u64 unit = 0;
    int i;
    for (i = 0; i < n; i++) {
        least = p->v[i] < least ? p->v[i] : least;
        total += p->v[i];
        s1 += i < n1 ? p->v[i] : 0; /* rank 0 holds group A in elements 0 .. m - 1 */
    }
    for (i = 0; i < n; i++)
        unit = ptest_gcd(unit, (u64)(p->v[i] - least));
    unit = unit ? unit : 1;
    L->count = (int)n;
    for (i = 0; i < n; i++)
        L->values[i] = (long long)((u64)(p->v[i] - least) / unit);
    L->size = (int)(n1 < n2 || p->strata ? n1 : n2); /* strata: S is group A's sum (ptest_strata.c) */
    /* S = size*least + unit*S'; K = n*S1 - total*n1 = total*n2 - n*S2 */
    offset = n * L->size * least;
    if (L->size == n1) {
        L->alpha = n * (long long)unit;
        L->beta = offset - total * n1;
    } else {
        L->alpha = -n * (long long)unit;
        L->beta = total * n2 - offset;
    }
    L->observed = s1 * n2 - (total - s1) * n1;
    L->multiplier = 1;
    L->subsets = p->total;
}

static void ptest_linear_flips(const ptest_problem *p, ptest_linear_key *L)
{
    long long n = p->n, sum = 0, magnitudes = 0;
    u64 unit = 0;
    int i;
    L->count = 0;
    for (i = 0; i < n; i++) {
        long long d = p->v[i] - p->v[n + i]; /* x_i - y_i: rank 0 swaps nothing */
        sum += d;
        if (d) {
            L->values[L->count++] = d < 0 ? -d : d;
            magnitudes += d < 0 ? -d : d;
            unit = ptest_gcd(unit, (u64)(d < 0 ? -d : d));
        }
    }
    unit = unit ? unit : 1;
    for (i = 0; i < L->count; i++)
        L->values[i] /= (long long)unit;
    L->size = -1;
    L->alpha = -2 * n * (long long)unit;
    L->beta = n * magnitudes;
    L->observed = n * sum;
    L->multiplier = p->total >> L->count;
    L->subsets = (u64)1 << L->count;
}

/* the key of p, values sorted (neither count depends on their order) */
static void ptest_linear_key_of(const ptest_problem *p, ptest_linear_key *L)
{
    long long a, b;
    int i, low = 0;
    if (p->walk == PTEST_FLIPS)
        ptest_linear_flips(p, L);
    else
        ptest_linear_split(p, L);
    L->sum_lo = L->sum_hi = 0;
    if (p->strata) /* the values stay in p's order, each in its stratum */
        ptest_strata_bounds(p, L->values, &L->sum_lo, &L->sum_hi);
    else
        qsort(L->values, (size_t)L->count, sizeof *L->values, ascending);
    if (L->size >= 0)
        low = L->count - L->size;
    for (i = 0; i < L->count && !p->strata; i++) {
        L->sum_hi += i >= low ? L->values[i] : 0;
        L->sum_lo += L->size >= 0 && i < L->size ? L->values[i] : 0;
    }
    a = L->alpha * L->sum_lo + L->beta;
    b = L->alpha * L->sum_hi + L->beta;
    L->key_min = a < b ? a : b;
    L->key_max = a < b ? b : a;
}

/* ---- the counters: #(S < t) for t in [sum_lo, sum_hi + 1] */

typedef struct {
    int method;
    u64 *cumulative; /* shift: cumulative[s] = #(S < s) */
    /* mitm: for each pair of subset sizes (j, size - j), the sorted sums of
     * the first half's j-subsets and of the second half's others */
    int pairs;
    long long *first[PTEST_MAXN + 1], *second[PTEST_MAXN + 1];
    size_t first_count[PTEST_MAXN + 1], second_count[PTEST_MAXN + 1];
    long long *blocks[2]; /* what first and second point into */
} ptest_counter;

static double binomial(int n, int k)
{
    double c = 1;
    int i;
    for (i = 1; i <= k; i++)
        c = c * (n - k + i) / i;
    return c;
}

/* the subsets of `count` values with at most `size` elements (all: size < 0) */
static double subsets_upto(int count, int size)
{
    double s = 0;
    int j;
    if (size < 0 || size >= count)
        return ldexp(1, count);
    for (j = 0; j <= size; j++)
        s += binomial(count, j);
    return s;
}

static double shift_memory(const ptest_linear_key *L)
{
    return ((L->size < 0 ? 1 : L->size + 1) + 1.0) * ((double)L->sum_hi + 2) * 8;
}

static double shift_cost(const ptest_linear_key *L)
{
    return (double)L->count * (L->size < 0 ? 1 : L->size) * ((double)L->sum_hi + 1);
}

static double mitm_subsets(const ptest_linear_key *L)
{
    int half = L->count / 2;
    return subsets_upto(half, L->size) + subsets_upto(L->count - half, L->size);
}

/* the sums, and a merge buffer as large as the sums of one half */
static double mitm_memory(const ptest_linear_key *L)
{
    return mitm_subsets(L) * 8 * 2;
}

/* _linear.Halves.cost: the sums generated and sorted, and a pass over them
 * for each threshold, each step about 10 of the shift algorithm's */
static double mitm_cost(const ptest_linear_key *L, int thresholds)
{
    double s = mitm_subsets(L);
    return 10 * s * (floor(log2(fmax(1, s))) + 1 + thresholds);
}

u64 *ptest_shift_counts(const long long *values, int count, int size, size_t width)
{
    size_t rows = size < 0 ? 1 : (size_t)size + 1, s;
    u64 *table = calloc(rows * width, sizeof *table), *last;
    size_t reach = 0; /* no sum so far passes it: the columns worth adding */
    int i, j;
    if (!table)
        return NULL;
    table[0] = 1;
    /* each cell counts subsets of one size: at most C(64, 32) < 2^64, or
     * 2^63 for the sign flips of at most 63 pairs */
    for (i = 0; i < count; i++) {
        size_t v = (size_t)values[i];
        reach = reach + v < width - 1 ? reach + v : width - 1;
        if (size < 0) { /* any size, in place: downwards, so that each value joins a subset once (v >= 1) */
            for (s = reach; s >= v; s--)
                table[s] += table[s - v];
            continue;
        }
        for (j = i + 1 < size ? i + 1 : size; j > 0; j--) { /* downwards: row j - 1 still without values[i] */
            u64 *to = table + (size_t)j * width, *from = to - width;
            for (s = v; s <= reach; s++)
                to[s] += from[s - v];
        }
    }
    if (rows == 1)
        return table;
    last = malloc(width * sizeof *last);
    if (last)
        memcpy(last, table + (rows - 1) * width, width * sizeof *last);
    free(table);
    return last;
}

static int shift_build(ptest_counter *c, const ptest_linear_key *L)
{
    size_t width = (size_t)L->sum_hi + 1, s;
    u64 *counts = ptest_shift_counts(L->values, L->count, L->size, width);
    c->cumulative = malloc((width + 1) * sizeof *c->cumulative);
    if (!counts || !c->cumulative) {
        free(counts);
        return -1;
    }
    c->cumulative[0] = 0;
    for (s = 0; s < width; s++)
        c->cumulative[s + 1] = c->cumulative[s] + counts[s];
    free(counts);
    return 0;
}

static void merge_shifted(long long *dst, const long long *a, size_t na, const long long *b, size_t nb, long long v)
{
    size_t i = 0, j = 0, k = 0;
    while (i < na && j < nb)
        dst[k++] = a[i] <= b[j] + v ? a[i++] : b[j++] + v;
    while (i < na)
        dst[k++] = a[i++];
    while (j < nb)
        dst[k++] = b[j++] + v;
}

/* sums[j] (j <= top, of count[j] each): the sorted sums of the j-subsets of
 * values[0..h), or sums[0] every subset's for size < 0; block holds them */
static int half_sums(const long long *values, int h, int size, long long *block, long long *scratch,
                     long long **sums, size_t *count)
{
    int top = size < 0 || size > h ? h : size, i, j;
    long long *at = block;
    for (j = 0; j <= (size < 0 ? 0 : top); j++) {
        sums[j] = at;
        count[j] = 0;
        at += size < 0 ? (size_t)1 << h : (size_t)binomial(h, j);
    }
    sums[0][0] = 0;
    count[0] = 1;
    for (i = 0; i < h; i++) {
        if (size < 0) {
            merge_shifted(scratch, sums[0], count[0], sums[0], count[0], values[i]);
            count[0] *= 2;
            memcpy(sums[0], scratch, count[0] * sizeof *scratch);
            continue;
        }
        for (j = i + 1 < top ? i + 1 : top; j > 0; j--) { /* downwards: sums[j - 1] still without values[i] */
            merge_shifted(scratch, sums[j], count[j], sums[j - 1], count[j - 1], values[i]);
            count[j] += count[j - 1];
            memcpy(sums[j], scratch, count[j] * sizeof *scratch);
        }
    }
    return top;
}

static int mitm_build(ptest_counter *c, const ptest_linear_key *L)
{
    int half = L->count / 2, h2 = L->count - half, top1, top2, j;
    size_t n1 = (size_t)subsets_upto(half, L->size), n2 = (size_t)subsets_upto(h2, L->size);
    long long *scratch = malloc((n1 > n2 ? n1 : n2) * sizeof *scratch);
    long long *sums1[PTEST_MAXN + 1], *sums2[PTEST_MAXN + 1];
    size_t count1[PTEST_MAXN + 1], count2[PTEST_MAXN + 1];
    c->blocks[0] = malloc(n1 * sizeof *scratch);
    c->blocks[1] = malloc(n2 * sizeof *scratch);
    if (!scratch || !c->blocks[0] || !c->blocks[1]) {
        free(scratch);
        return -1;
    }
    top1 = half_sums(L->values, half, L->size, c->blocks[0], scratch, sums1, count1);
    top2 = half_sums(L->values + half, h2, L->size, c->blocks[1], scratch, sums2, count2);
    free(scratch);
    c->pairs = 0;
    for (j = 0; j <= (L->size < 0 ? 0 : top1); j++) {
        int k = L->size < 0 ? 0 : L->size - j;
        if (k < 0 || k > top2)
            continue;
        c->first[c->pairs] = sums1[j];
        c->first_count[c->pairs] = count1[j];
        c->second[c->pairs] = sums2[k];
        c->second_count[c->pairs++] = count2[k];
    }
    return 0;
}

/* #(S < t), t in [sum_lo, sum_hi + 1] */
static u64 counter_below(const ptest_counter *c, long long t)
{
    u64 found = 0;
    int k;
    if (c->method == PTEST_METHOD_SHIFT)
        return c->cumulative[t];
    for (k = 0; k < c->pairs; k++) { /* for each a ascending, the b with a + b < t: fewer and fewer */
        const long long *a = c->first[k], *b = c->second[k];
        size_t i, nb = c->second_count[k];
        for (i = 0; i < c->first_count[k] && nb; i++) {
            while (nb && a[i] + b[nb - 1] >= t)
                nb--;
            found += nb;
        }
    }
    return found;
}

static void counter_free(ptest_counter *c)
{
    free(c->cumulative);
    free(c->blocks[0]);
    free(c->blocks[1]);
}

/* floor(a / b), b > 0 */
static long long floor_div(long long a, long long b)
{
    long long q = a / b;
    return q - (a % b != 0 && a < 0);
}

/* #(K < key) over the rearrangements (_linear.LinearKey.below) */
static u64 key_below(const ptest_linear_key *L, const ptest_counter *c, long long key)
{
    long long t;
    u64 found;
    if (L->alpha > 0)
        t = -floor_div(L->beta - key, L->alpha); /* the least S with alpha*S + beta >= key */
    else
        t = floor_div(L->beta - key, -L->alpha) + 1; /* the least S with alpha*S + beta < key */
    t = t < L->sum_lo ? L->sum_lo : t > L->sum_hi + 1 ? L->sum_hi + 1 : t;
    found = counter_below(c, t);
    return L->multiplier * (L->alpha > 0 ? found : L->subsets - found);
}

/* the kernel's statistic of key K (ps_eval: ps_to_double(key) * unit / scale) */
static double key_x(long long key, const ptest_problem *p)
{
    return ps_to_double(ps_from_i64(key)) * p->par[PAR_UNIT] / p->par[PAR_SCALE];
}

/* what the binary search asks of x: the kernel's comparisons, each false
 * below some key and true from it on */
typedef enum { AT_LEAST, ABOVE, ABS_AT_LEAST, IN_BIN } ptest_test;

static int passes(ptest_test test, double x, double bound, const ptest_problem *p)
{
    double t;
    switch (test) {
    case AT_LEAST:
        return x >= bound;
    case ABOVE:
        return x > bound;
    case ABS_AT_LEAST:
        return fabs(x) >= bound;
    default: /* ps_count's bin, at least `bound` */
        t = (x - p->par[PAR_HIST_LO]) * p->par[PAR_HIST_INV];
        t = t > 0 ? t : 0;
        return (t < p->bins - 1 ? (int)t : p->bins - 1) >= bound;
    }
}

/* the least key in [low, high] whose x passes, high + 1 if none */
static long long first_key(long long low, long long high, ptest_test test, double bound, const ptest_problem *p)
{
    high++;
    while (low < high) {
        long long mid = low + (high - low) / 2;
        if (passes(test, key_x(mid, p), bound, p))
            high = mid;
        else
            low = mid + 1;
    }
    return low;
}

const char *ptest_linear_device(int method)
{
    return method == PTEST_METHOD_SHIFT ? "shift algorithm" : "meet in the middle";
}

/* ptest_linear_choose within strata: SHIFT (the convolution) where it
 * applies and fits, else ENUMERATE (the kernels' walk within strata), or -1
 * with err where the method asked does not apply */
static int ptest_linear_strata(const ptest_problem *p, int linear, int asked, char *err, size_t errsize)
{
    ptest_linear_key L;
    if (asked == PTEST_METHOD_MITM || (asked == PTEST_METHOD_SHIFT && !linear)) {
        snprintf(err, errsize, "--strata: --method %s does not count this test within strata (--method auto, "
                 "enumerate%s)", ptest_method_names[asked], linear ? " or shift" : "");
        return -1;
    }
    if (asked == PTEST_METHOD_ENUMERATE || !linear)
        return PTEST_METHOD_ENUMERATE;
    ptest_linear_key_of(p, &L);
    if (shift_memory(&L) <= PTEST_LINEAR_MEMORY)
        return PTEST_METHOD_SHIFT;
    if (asked == PTEST_METHOD_AUTO)
        return PTEST_METHOD_ENUMERATE;
    snprintf(err, errsize, "--strata: --method shift would need %.0f MiB here, more than %.0f MiB: --method auto or "
             "enumerate", shift_memory(&L) / 1048576, PTEST_LINEAR_MEMORY / 1048576);
    return -1;
}

int ptest_linear_choose(const ptest_problem *p, int asked, char *err, size_t errsize)
{
    ptest_linear_key L;
    double memory[2], cost[2], limit = PTEST_LINEAR_MEMORY;
    int linear = p->stat == PTEST_MEAN && p->cols == 1 && (p->walk == PTEST_TWO || p->walk == PTEST_FLIPS), best;
    linear = linear && ptest_linear_fits(p);
    if (p->strata) /* counted by convolution (ptest_strata.h) alone: nothing else walks within strata yet */
        return ptest_linear_strata(p, linear, asked, err, errsize);
    if (asked == PTEST_METHOD_ENUMERATE || (asked == PTEST_METHOD_AUTO && !linear))
        return PTEST_METHOD_ENUMERATE;
    if (!linear) {
        snprintf(err, errsize, "--method %s counts only --stat mean of two groups or of pairs, one value column, "
                 "|values| * 4n^2 below 2^62 (--method auto or enumerate for the rest)", ptest_method_names[asked]);
        return -1;
    }
    ptest_linear_key_of(p, &L);
    memory[0] = shift_memory(&L);
    memory[1] = mitm_memory(&L);
    cost[0] = shift_cost(&L);
    cost[1] = mitm_cost(&L, 4 + p->bins); /* _linear.plan: the 4 counts and the histogram's */
    if (asked != PTEST_METHOD_AUTO) {
        if (memory[asked - PTEST_METHOD_SHIFT] <= limit)
            return asked;
        snprintf(err, errsize, "--method %s would need %.0f MiB here, more than %.0f MiB: --method auto or "
                 "enumerate", ptest_method_names[asked], memory[asked - PTEST_METHOD_SHIFT] / 1048576, limit / 1048576);
        return -1;
    }
    best = memory[0] <= limit && (memory[1] > limit || cost[0] <= cost[1]) ? 0 : memory[1] <= limit ? 1 : -1;
    return best >= 0 && cost[best] < (double)p->total ? PTEST_METHOD_SHIFT + best : PTEST_METHOD_ENUMERATE;
}

/* #(|K| >= c) for the key c >= 0 where |x| first passes: K >= c or K <= -c,
 * disjoint unless c = 0 */
static u64 abs_at_least(const ptest_linear_key *L, const ptest_counter *c, long long k)
{
    if (k == 0)
        return (u64)L->multiplier * L->subsets;
    return L->multiplier * L->subsets - key_below(L, c, k) + key_below(L, c, 1 - k);
}

int ptest_linear_count(ptest_problem *p, int method, int have_range, ptest_result *r, double *observed, char *err,
                       size_t errsize)
{
    ptest_linear_key L;
    ptest_counter c;
    u64 total = p->total, less, not_above, previous;
    double x;
    int j;
    ptest_linear_key_of(p, &L);
    memset(&c, 0, sizeof c);
    c.method = method;
    if (p->strata ? ptest_strata_cumulative(p, L.values, L.sum_hi, &c.cumulative)
                  : method == PTEST_METHOD_SHIFT ? shift_build(&c, &L) : mitm_build(&c, &L)) {
        counter_free(&c);
        snprintf(err, errsize, "out of memory for the %s", ptest_linear_device(method));
        return -1;
    }
    ptest_result_empty(r);
    x = *observed = key_x(L.observed, p);
    ptest_backend_band(p, 0, x);
    if (p->exact) {
        less = key_below(&L, &c, L.observed);
        not_above = key_below(&L, &c, L.observed + 1);
        r->counts[PTEST_ABS_GE] = abs_at_least(&L, &c, L.observed < 0 ? -L.observed : L.observed);
    } else { /* ps_tally's band: less below x - band, greater above x + band, in_band the equal whose key is
              * not the observed one (ps_same) */
        less = key_below(&L, &c, first_key(L.key_min, L.key_max, AT_LEAST, p->par[PAR_LO], p));
        not_above = key_below(&L, &c, first_key(L.key_min, L.key_max, ABOVE, p->par[PAR_HI], p));
        r->counts[PTEST_IN_BAND] = not_above - less
                                   - (key_below(&L, &c, L.observed + 1) - key_below(&L, &c, L.observed));
        /* ps_abs_ge: fabs(x(K)) >= |observed| - band, and fabs(x(K)) = x(|K|) */
        r->counts[PTEST_ABS_GE] = p->par[PAR_ABS_LO] <= 0 ? total
            : abs_at_least(&L, &c, first_key(0, L.key_max > -L.key_min ? L.key_max : -L.key_min, ABS_AT_LEAST,
                                             p->par[PAR_ABS_LO], p));
    }
    r->counts[PTEST_LESS] = less;
    r->counts[PTEST_EQUAL] = not_above - less;
    r->counts[PTEST_GREATER] = total - not_above;
    r->lo = key_x(L.key_min, p); /* x is monotone in K: its extremes are the keys' */
    r->hi = key_x(L.key_max, p);
    if (p->bins) {
        if (!have_range)
            ptest_range(p, NULL, x, err, errsize); /* the mean's range needs no backend */
        p->par[PAR_HIST_LO] = p->hist_lo; /* as main's observe */
        p->par[PAR_HIST_INV] = p->bins / (p->hist_hi - p->hist_lo);
        previous = 0;
        for (j = 1; j <= p->bins; j++) { /* bin j - 1 holds the keys from its first to bin j's first */
            u64 below = j == p->bins ? total : key_below(&L, &c, first_key(L.key_min, L.key_max, IN_BIN, j, p));
            r->hist[j - 1] = below - previous;
            previous = below;
        }
    }
    counter_free(&c);
    return 0;
}
