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
 *          (subset size, sum): a (k + 1) x (largest sum + 1) table. Within
 *          strata the values come in blocks, a stratum each, S a sum of an
 *          m_h-subset of each: the table runs through the blocks, the end
 *          of one (its row m_h) the start of the next (its row 0).
 *   mitm   meet in the middle: the sums of each half's subsets, sorted per
 *          subset size; the pairs below a threshold counted by two pointers.
 *
 * Mirrored from the kernel, because the result must be its own to the bit:
 * x(K) = ps_to_double(K) * PS_UNIT / PS_SCALE (ps_eval, through stats_wide.h itself),
 * the tolerance band's comparisons (ps_tally, ps_abs_ge) and the histogram's
 * bin (ps_count). Each is monotone in K, so a binary search over the integer
 * keys finds where it changes, and each field is a difference of counts.
 *
 * Counts past 2^64 (more than 64 values: C(200, 100) is about 2^196) are
 * exact multi-word integers: each cell of the table is several 64-bit
 * lanes holding 32-bit limbs, added limb by limb without carrying, and the
 * carries are propagated only every 32 values. Adding a value at most
 * doubles a cell, so a limb below 2^32 stays below 2^64 for 32 values. This
 * keeps the inner loop a plain vectorized add, as for one 64-bit count, and
 * its result is the integer itself (residues modulo primes would need a
 * reduction as often, a division each, and the CRT to read a count). The
 * limbs a cell can use grow with the values added so far (a count of
 * subsets of P values is below 2^P), and only those are added. */
#include "ptest_linear.h"
#include "ptest_problem.h"
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
    long long values[PTEST_HOST_MAXN]; /* non-negative integers, block after block, each ascending */
    int count, size;
    int blocks, block_count[PTEST_HOST_MAXN], block_size[PTEST_HOST_MAXN]; /* strata: one a stratum; else one */
    long long alpha, beta, observed; /* observed: K of rank 0 */
    long long sum_lo, sum_hi;        /* S's least and greatest */
    long long key_min, key_max;
    int zeros;         /* each count is 2^zeros (the pairs that differ by 0) times a count of subsets */
    ptest_big subsets; /* rearrangements / 2^zeros */
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
    L->zeros = 0;
    L->subsets = p->total_big;
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
    L->zeros = (int)n - L->count;
    ptest_big_set(&L->subsets, 1);
    ptest_big_shift_left(&L->subsets, L->count);
}

/* the key of p, each block's values sorted (no count depends on their order
 * within a block), and S's range: each block's least and greatest sum */
static void ptest_linear_key_of(const ptest_problem *p, ptest_linear_key *L)
{
    long long a, b;
    int h, i, at = 0;
    if (p->walk == PTEST_FLIPS)
        ptest_linear_flips(p, L);
    else
        ptest_linear_split(p, L);
    if (p->strata) { /* the values in p's order, each in its stratum: regrouped */
        long long values[PTEST_HOST_MAXN];
        memcpy(values, L->values, (size_t)L->count * sizeof *values);
        L->blocks = ptest_strata_blocks(p, values, L->values, L->block_count, L->block_size);
    } else {
        L->blocks = 1;
        L->block_count[0] = L->count;
        L->block_size[0] = L->size;
    }
    L->sum_lo = L->sum_hi = 0;
    for (h = 0; h < L->blocks; at += L->block_count[h++]) {
        int n = L->block_count[h], size = L->block_size[h] < 0 ? n : L->block_size[h];
        qsort(L->values + at, (size_t)n, sizeof *L->values, ascending);
        for (i = 0; i < n; i++) {
            L->sum_hi += i >= n - size ? L->values[at + i] : 0;
            L->sum_lo += L->block_size[h] >= 0 && i < size ? L->values[at + i] : 0;
        }
    }
    a = L->alpha * L->sum_lo + L->beta;
    b = L->alpha * L->sum_hi + L->beta;
    L->key_min = a < b ? a : b;
    L->key_max = a < b ? b : a;
}

/* ---- the counters: #(S < t) for t in [sum_lo, sum_hi + 1] */

typedef struct {
    int method;
    int lanes;       /* shift: a count's 64-bit lanes, 32-bit limbs each where more than one */
    u64 *cumulative; /* shift: cumulative[s * lanes ...] = #(S < s) */
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

/* a count's lanes in the shift algorithm: one 64-bit count where every
 * count fits (no more than 64 values: a count of subsets of P values is
 * below 2^P), else enough 32-bit limbs for 2^count */
static int shift_lanes(const ptest_linear_key *L)
{
    return L->count <= 64 && ptest_big_fits(&L->subsets) ? 1 : L->count / 32 + 1;
}

/* a row of counts for each subset size up to the largest block's */
static int shift_rows(const ptest_linear_key *L)
{
    int rows = 1, h;
    for (h = 0; h < L->blocks; h++)
        rows = L->block_size[h] + 1 > rows ? L->block_size[h] + 1 : rows;
    return rows;
}

/* the table and the cumulative counts */
static double shift_memory(const ptest_linear_key *L)
{
    return (shift_rows(L) + 1.0) * ((double)L->sum_hi + 2) * 8 * shift_lanes(L);
}

static double shift_cost(const ptest_linear_key *L)
{
    return (double)L->count * shift_rows(L) * ((double)L->sum_hi + 1) * shift_lanes(L);
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

/* the shift algorithm's table: for each lane, `rows` rows of `width`
 * counts; row j is held in slot[j] (the end of a block's walk is the next
 * one's row 0) */
typedef struct {
    u64 *cells;
    size_t width, plane; /* plane: one lane's rows */
    int lanes, active;   /* active: the lanes any count uses so far */
    int slot[PTEST_HOST_MAXN + 1];
} shift_table;

static u64 *shift_row(const shift_table *T, int lane, int j)
{
    return T->cells + (size_t)lane * T->plane + (size_t)T->slot[j] * T->width;
}

/* rows 0 .. last over sums from .. to with their carries propagated (below
 * 2^(32 * active) each), past `values` values added so far */
static void shift_carry(shift_table *T, int last, size_t from, size_t to, int values)
{
    int l, j;
    size_t s;
    T->active = values / 32 + 1 < T->lanes ? values / 32 + 1 : T->lanes; /* counts below 2^values */
    for (j = 0; j <= last; j++)
        for (l = 0; l + 1 < T->active; l++) {
            u64 *a = shift_row(T, l, j), *b = shift_row(T, l + 1, j);
            for (s = from; s <= to; s++) {
                b[s] += a[s] >> 32;
                a[s] &= 0xffffffffULL;
            }
        }
}

/* one block of values (ascending) added to the table: row j counts the
 * subsets with j of the block's values so far, whose sums lie from
 * lo + (the j least) to hi + (the j greatest); size < 0: any number, in
 * row 0. Then row `size` holds the block's end, moved into row 0. */
static void shift_block(shift_table *T, const long long *v, int n, int size, long long lo, long long hi,
                        int *added, int *grown)
{
    long long prefix[PTEST_HOST_MAXN + 1];
    int i, j, l, swap;
    size_t s;
    for (prefix[0] = 0, i = 0; i < n; i++)
        prefix[i + 1] = prefix[i] + v[i];
    for (j = 1; *added && j <= size; j++) /* an earlier block's rows, to be counted afresh */
        for (l = 0; l < T->lanes; l++)
            memset(shift_row(T, l, j), 0, T->width * sizeof(u64));
    for (i = 0; i < n; i++) {
        size_t shift = (size_t)v[i];
        if (size < 0) /* in place, downwards: each value joins a subset once (v >= 1) */
            for (l = 0; l < T->active; l++) {
                u64 *row = shift_row(T, l, 0);
                for (s = (size_t)(hi + prefix[i + 1]); s >= shift; s--)
                    row[s] += row[s - shift];
            }
        /* downwards: row j - 1 still without v[i]; rows that can no longer reach size are left */
        for (j = i + 1 < size ? i + 1 : size; j >= 1 && j >= size - (n - 1 - i); j--)
            for (l = 0; l < T->active; l++) {
                const u64 *from = shift_row(T, l, j - 1);
                u64 *to = shift_row(T, l, j) + shift;
                for (s = (size_t)(lo + prefix[j - 1]); s <= (size_t)(hi + prefix[i] - prefix[i - j + 1]); s++)
                    to[s] += from[s];
            }
        ++*added;
        if (T->lanes > 1 && ++*grown == 32) { /* each limb below 2^32 again before it can pass 2^64 */
            int most = size < 0 || size > i + 1 ? i + 1 : size; /* the sums reach the `most` greatest so far */
            shift_carry(T, size < 0 ? 0 : size, 0, (size_t)(hi + prefix[i + 1] - prefix[i + 1 - most]), *added);
            *grown = 0;
        }
    }
    swap = T->slot[0];
    T->slot[0] = T->slot[size < 0 ? 0 : size];
    T->slot[size < 0 ? 0 : size] = swap;
}

/* the shift algorithm through L's blocks, then the cumulative counts */
static int shift_build(ptest_counter *c, const ptest_linear_key *L)
{
    shift_table T;
    size_t s;
    long long lo = 0, hi = 0;
    int h, j, l, rows = shift_rows(L), at = 0, added = 0, grown = 0;
    u64 *last[PTEST_BIG_LIMBS], sum[PTEST_BIG_LIMBS] = {0};
    T.width = (size_t)L->sum_hi + 1;
    T.plane = (size_t)rows * T.width;
    T.lanes = c->lanes = shift_lanes(L);
    T.active = 1;
    for (j = 0; j < rows; j++)
        T.slot[j] = j;
    T.cells = calloc((size_t)T.lanes * T.plane, sizeof *T.cells);
    c->cumulative = malloc((T.width + 1) * (size_t)T.lanes * sizeof *c->cumulative);
    if (!T.cells || !c->cumulative) {
        free(T.cells);
        return -1;
    }
    T.cells[0] = 1; /* no value yet: the empty sum, once */
    for (h = 0; h < L->blocks; at += L->block_count[h++]) {
        int n = L->block_count[h], size = L->block_size[h], k = size < 0 ? n : size, i;
        shift_block(&T, L->values + at, n, size, lo, hi, &added, &grown);
        for (i = 0; i < k; i++) { /* S's range so far */
            lo += size < 0 ? 0 : L->values[at + i];
            hi += L->values[at + n - 1 - i];
        }
    }
    if (T.lanes > 1)
        shift_carry(&T, 0, 0, T.width - 1, L->count);
    for (l = 0; l < T.lanes; l++)
        last[l] = shift_row(&T, l, 0);
    for (s = 0; s <= T.width; s++) { /* cumulative[s] = the counts below s, carried limb by limb */
        memcpy(c->cumulative + s * (size_t)T.lanes, sum, (size_t)T.lanes * sizeof *sum);
        for (l = 0; s < T.width && l < T.lanes; l++) {
            sum[l] += last[l][s];
            if (l + 1 < T.lanes) {
                sum[l + 1] += sum[l] >> 32;
                sum[l] &= 0xffffffffULL;
            }
        }
    }
    free(T.cells);
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
static ptest_big counter_below(const ptest_counter *c, long long t)
{
    ptest_big count;
    u64 found = 0; /* mitm: below 2^63, as its sums fit 256 MiB */
    int k;
    if (c->method == PTEST_METHOD_SHIFT && c->lanes == 1)
        ptest_big_set(&count, c->cumulative[t]);
    else if (c->method == PTEST_METHOD_SHIFT) {
        memset(&count, 0, sizeof count);
        for (k = 0; k < c->lanes; k++)
            count.limb[k] = (unsigned int)c->cumulative[(size_t)t * (size_t)c->lanes + (size_t)k];
    }
    if (c->method == PTEST_METHOD_SHIFT)
        return count;
    for (k = 0; k < c->pairs; k++) { /* for each a ascending, the b with a + b < t: fewer and fewer */
        const long long *a = c->first[k], *b = c->second[k];
        size_t i, nb = c->second_count[k];
        for (i = 0; i < c->first_count[k] && nb; i++) {
            while (nb && a[i] + b[nb - 1] >= t)
                nb--;
            found += nb;
        }
    }
    ptest_big_set(&count, found);
    return count;
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
static ptest_big key_below(const ptest_linear_key *L, const ptest_counter *c, long long key)
{
    long long t;
    ptest_big found, rest = L->subsets;
    if (L->alpha > 0)
        t = -floor_div(L->beta - key, L->alpha); /* the least S with alpha*S + beta >= key */
    else
        t = floor_div(L->beta - key, -L->alpha) + 1; /* the least S with alpha*S + beta < key */
    t = t < L->sum_lo ? L->sum_lo : t > L->sum_hi + 1 ? L->sum_hi + 1 : t;
    found = counter_below(c, t);
    if (L->alpha < 0) {
        ptest_big_sub(&rest, &found);
        found = rest;
    }
    ptest_big_shift_left(&found, L->zeros);
    return found;
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

/* the method for p by cost and memory alone (ptest_linear_choose's
 * first step): enumerate, shift or mitm, or -1 with err */
static int linear_method(const ptest_problem *p, int asked, int ways, char *err, size_t errsize)
{
    ptest_linear_key L;
    double memory[2], cost[2], limit = PTEST_LINEAR_MEMORY;
    int linear = p->stat == PTEST_MEAN && p->cols == 1 && (p->walk == PTEST_TWO || p->walk == PTEST_FLIPS), best;
    linear = linear && ptest_linear_fits(p);
    if (p->strata) /* counted by the shift algorithm through the strata alone: nothing else walks within them yet */
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
        snprintf(err, errsize, "--method %s would need %.0f MiB here, more than %.0f MiB%s", ptest_method_names[asked],
                 memory[asked - PTEST_METHOD_SHIFT] / 1048576, limit / 1048576,
                 ways & PTEST_BY_ENUMERATION ? ": --method auto or enumerate" : "");
        return -1;
    }
    best = memory[0] <= limit && (memory[1] > limit || cost[0] <= cost[1]) ? 0 : memory[1] <= limit ? 1 : -1;
    if (best < 0 && !(ways & PTEST_BY_ENUMERATION)) { /* nothing else counts it */
        snprintf(err, errsize, "--method shift would need %.0f MiB here, more than %.0f MiB (meet in the middle "
                 "%.0f MiB), and %d %s are too many to enumerate", memory[0] / 1048576, limit / 1048576,
                 memory[1] / 1048576, p->n, p->walk == PTEST_FLIPS ? "pairs" : "observations");
        return -1;
    }
    return best >= 0 && (cost[best] < (double)p->total || !(ways & PTEST_BY_ENUMERATION)) ? PTEST_METHOD_SHIFT + best
                                                                                        : PTEST_METHOD_ENUMERATE;
}

int ptest_linear_choose(const ptest_problem *p, int asked, char *err, size_t errsize)
{
    int ways = ptest_size_allows(p), method = linear_method(p, asked, ways, err, errsize);
    if (method == PTEST_METHOD_ENUMERATE && !(ways & (p->resamples ? PTEST_BY_SAMPLING : PTEST_BY_ENUMERATION))) {
        char what[200];
        snprintf(what, sizeof what, "%s%s", p->resamples ? "--resamples" : asked == PTEST_METHOD_ENUMERATE
                 ? "--method enumerate" : "--stat ", p->resamples || asked == PTEST_METHOD_ENUMERATE ? ""
                 : p->stat == PTEST_USER ? "(a C statistic)" : ptest_stat_name(p->rank ? p->rank : p->stat));
        ptest_size_refusal(p, what, err, errsize);
        return -1;
    }
    return method;
}

/* a - b (b <= a) */
static ptest_big minus(ptest_big a, const ptest_big *b)
{
    ptest_big_sub(&a, b);
    return a;
}

/* #(|K| >= c) for the key c >= 0 where |x| first passes: K >= c or K <= -c,
 * disjoint unless c = 0 */
static ptest_big abs_at_least(const ptest_linear_key *L, const ptest_counter *c, long long k, const ptest_big *total)
{
    ptest_big found = *total, below = key_below(L, c, k), low = key_below(L, c, 1 - k);
    if (k == 0)
        return found;
    ptest_big_sub(&found, &below);
    ptest_big_add(&found, &low);
    return found;
}

int ptest_linear_count(ptest_problem *p, int method, int have_range, ptest_result *r, ptest_big_result *big,
                       double *observed, char *err, size_t errsize)
{
    ptest_linear_key L;
    ptest_counter c;
    ptest_big total = p->total_big, less, not_above, previous, at, same, *counts = big->counts;
    double x;
    int j;
    ptest_linear_key_of(p, &L);
    memset(&c, 0, sizeof c);
    c.method = method;
    if (method == PTEST_METHOD_SHIFT ? shift_build(&c, &L) : mitm_build(&c, &L)) {
        counter_free(&c);
        snprintf(err, errsize, "out of memory for the %s", ptest_linear_device(method));
        return -1;
    }
    ptest_result_empty(r);
    memset(big, 0, sizeof *big);
    x = *observed = key_x(L.observed, p);
    ptest_backend_band(p, 0, x);
    if (p->exact) {
        less = key_below(&L, &c, L.observed);
        not_above = key_below(&L, &c, L.observed + 1);
        counts[PTEST_ABS_GE] = abs_at_least(&L, &c, L.observed < 0 ? -L.observed : L.observed, &total);
    } else { /* ps_tally's band: less below x - band, greater above x + band, in_band the equal whose key is
              * not the observed one (ps_same) */
        less = key_below(&L, &c, first_key(L.key_min, L.key_max, AT_LEAST, p->par[PAR_LO], p));
        not_above = key_below(&L, &c, first_key(L.key_min, L.key_max, ABOVE, p->par[PAR_HI], p));
        at = key_below(&L, &c, L.observed);
        same = minus(key_below(&L, &c, L.observed + 1), &at);
        counts[PTEST_IN_BAND] = minus(minus(not_above, &less), &same);
        /* ps_abs_ge: fabs(x(K)) >= |observed| - band, and fabs(x(K)) = x(|K|) */
        counts[PTEST_ABS_GE] = p->par[PAR_ABS_LO] <= 0 ? total
            : abs_at_least(&L, &c, first_key(0, L.key_max > -L.key_min ? L.key_max : -L.key_min, ABS_AT_LEAST,
                                             p->par[PAR_ABS_LO], p), &total);
    }
    counts[PTEST_LESS] = less;
    counts[PTEST_EQUAL] = minus(not_above, &less);
    counts[PTEST_GREATER] = minus(total, &not_above);
    r->lo = key_x(L.key_min, p); /* x is monotone in K: its extremes are the keys' */
    r->hi = key_x(L.key_max, p);
    if (p->bins) {
        if (!have_range)
            ptest_range(p, NULL, x, err, errsize); /* the mean's range needs no backend */
        p->par[PAR_HIST_LO] = p->hist_lo; /* as main's observe */
        p->par[PAR_HIST_INV] = p->bins / (p->hist_hi - p->hist_lo);
        ptest_big_set(&previous, 0);
        for (j = 1; j <= p->bins; j++) { /* bin j - 1 holds the keys from its first to bin j's first */
            ptest_big below = j == p->bins ? total
                                           : key_below(&L, &c, first_key(L.key_min, L.key_max, IN_BIN, j, p));
            big->hist[j - 1] = minus(below, &previous);
            previous = below;
        }
    }
    counter_free(&c);
    ptest_result_settle(r, big, p->bins);
    return 0;
}
