/* stats_kernel.h - the kernels behind kperm.stats.permutation_test: every
 * rearrangement of the data is visited on the device, its statistic compared
 * with the observed one and counted, and nothing is written per rearrangement.
 * One source for OpenCL C 1.2 (after kperm.cl_source()), CUDA (after
 * kperm_cuda_device.h, through NVRTC) and host C99 (after kperm.h: the CPU
 * backend of kperm-ptest); python/kperm/stats.py and samples/ptest put it
 * together and define:
 *
 *   PS_WALK   which rearrangements: PS_TWO (the splits of n observations
 *             into groups of m and n - m: kperm's k-subsets, a mask each),
 *             PS_FLIPS (the 2^n ways to swap x_i and y_i within pairs: the
 *             mask is the rank), PS_GROUPS (the labellings of n observations
 *             with PS_K group labels: kperm's multiset permutations),
 *             PS_PAIRINGS (the n! orders of y against x: kperm's permutations)
 *   PS_STAT   the statistic: PS_MEAN_DIFF, PS_WELCH_T, PS_VAR_RATIO (with
 *             PS_TWO, PS_FLIPS), PS_ANOVA_F (PS_GROUPS), PS_PEARSON_R,
 *             PS_KENDALL_TAU (PS_PAIRINGS), PS_USER (any walk: the caller's C
 *             function ps_user_statistic, defined after this text)
 *   PS_EXACT  1: compare the exact key (sign, num/den); 0: the double, with
 *             the tolerance band the host passes
 *   PS_WIDE   1: sums of squares and cross products in 128 bits (the host
 *             found they may pass 2^63)
 *
 * A walk reports each change of the arrangement to the statistic's running
 * sums as a move of one element (ps_toggle: element i enters or leaves group
 * 1; ps_move: element i goes from group or partner a to b), so a walk in a
 * minimal-change order (a Gray code, a revolving door, adjacent swaps) would
 * update them in O(1) a step; the lexicographic walks here change a few
 * elements a step on average.
 *
 * The integer data v are the values times 10^d, |v| < 2^53 (checked on the
 * host): sums of up to 128 of them stay below 2^60 and fit 64 bits.
 */
#ifndef KPERM_STATS_KERNEL_H
#define KPERM_STATS_KERNEL_H

#include "stats_wide.h"

#if defined(__OPENCL_VERSION__)
#define PS_KERNEL __kernel void
#define PS_G __global
#define PS_LOCAL_UINTS(name, size) __local uint name[size]
#define PS_SYNC() barrier(CLK_LOCAL_MEM_FENCE)
#define PS_LOCAL_INC(p) atomic_inc(p)
#define PS_GLOBAL_ID ((ps_u64)get_global_id(0))
#define PS_GLOBAL_SIZE ((ps_u64)get_global_size(0))
#define PS_LOCAL_ID ((int)get_local_id(0))
#define PS_LOCAL_SIZE ((int)get_local_size(0))
#define PS_GROUP_ID ((ps_u64)get_group_id(0))
#elif defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define PS_KERNEL extern "C" __global__ void
#define PS_G
#define PS_LOCAL_UINTS(name, size) __shared__ unsigned int name[size]
#define PS_SYNC() __syncthreads()
#define PS_LOCAL_INC(p) atomicAdd(p, 1u)
#define PS_GLOBAL_ID ((ps_u64)blockIdx.x * blockDim.x + threadIdx.x)
#define PS_GLOBAL_SIZE ((ps_u64)gridDim.x * blockDim.x)
#define PS_LOCAL_ID ((int)threadIdx.x)
#define PS_LOCAL_SIZE ((int)blockDim.x)
#define PS_GROUP_ID ((ps_u64)blockIdx.x)
#else
/* host C: a kernel is a function that one thread calls as the one
 * work-item of a one-item work-group (samples/ptest/ptest_cpu_variant.c) */
#define PS_KERNEL static inline void
#define PS_G
#define PS_LOCAL_UINTS(name, size) unsigned int name[size]
#define PS_SYNC()
#define PS_LOCAL_INC(p) (++*(p))
#define PS_GLOBAL_ID ((ps_u64)0)
#define PS_GLOBAL_SIZE ((ps_u64)1)
#define PS_LOCAL_ID 0
#define PS_LOCAL_SIZE 1
#define PS_GROUP_ID ((ps_u64)0)
#endif

#define PS_TWO 1
#define PS_FLIPS 2
#define PS_GROUPS 3
#define PS_PAIRINGS 4
#define PS_MEAN_DIFF 1
#define PS_WELCH_T 2
#define PS_VAR_RATIO 3
#define PS_ANOVA_F 4
#define PS_PEARSON_R 5
#define PS_KENDALL_TAU 6
#define PS_USER 7

#define PS_MAXN 64       /* observations (pairs for PS_FLIPS, 20 for PS_PAIRINGS) */
#define PS_MAX_BINS 1024 /* the histogram's bins */
#define PS_HUGE 1.7976931348623157e308 /* the largest double */
#ifndef PS_K
#define PS_K 2 /* groups, or samples the statistic sees */
#endif

/* the counters each work-item keeps, in this order (stats.py reads them) */
#define PS_LESS 0
#define PS_EQUAL 1
#define PS_GREATER 2
#define PS_ABS_GE 3    /* |statistic| >= |observed| */
#define PS_IN_BAND 4   /* counted equal only through the tolerance */
#define PS_UNDEFINED 5 /* 0/0: compared with nothing */
#define PS_COUNTS 6

/* the doubles the host passes, in this order */
#define PS_SCALE 0 /* divides an integer key into the statistic, scales a ratio (see ps_eval) */
#define PS_OBS_X 1 /* the observed statistic */
#define PS_LO 2    /* equal: PS_LO <= x <= PS_HI */
#define PS_HI 3
#define PS_ABS_LO 4  /* abs_ge: |x| >= PS_ABS_LO */
#define PS_HIST_LO 5 /* bin of x: (x - PS_HIST_LO) * PS_HIST_INV */
#define PS_HIST_INV 6

#define PS_MASKS (PS_WALK == PS_TWO || PS_WALK == PS_FLIPS)
#define PS_TWO_SAMPLE (PS_STAT == PS_MEAN_DIFF || PS_STAT == PS_WELCH_T || PS_STAT == PS_VAR_RATIO)
#define PS_SQUARES (PS_STAT == PS_WELCH_T || PS_STAT == PS_VAR_RATIO) /* group 1's sum of squares */

/* the running sum of squares or cross products: 64 bits where the host
 * proved it fits, else 128 */
#if PS_WIDE
typedef ps_u128 ps_acc;
PS_FN ps_acc ps_acc_zero(void) { return ps_make(0, 0); }
PS_FN ps_acc ps_acc_add(ps_acc s, ps_i64 a, ps_i64 b) { return ps_add(s, ps_mul_i64(a, b)); }
PS_FN ps_acc ps_acc_sub(ps_acc s, ps_i64 a, ps_i64 b) { return ps_sub(s, ps_mul_i64(a, b)); }
PS_FN ps_u128 ps_acc_wide(ps_acc s) { return s; }
#else
typedef ps_i64 ps_acc;
PS_FN ps_acc ps_acc_zero(void) { return 0; }
PS_FN ps_acc ps_acc_add(ps_acc s, ps_i64 a, ps_i64 b) { return s + a * b; }
PS_FN ps_acc ps_acc_sub(ps_acc s, ps_i64 a, ps_i64 b) { return s - a * b; }
PS_FN ps_u128 ps_acc_wide(ps_acc s) { return ps_from_i64(s); }
#endif

/* the data, as the kernels receive them */
typedef struct {
    int n, m;      /* observations (pairs); group 1's size (PS_TWO) */
    ps_u64 aux[PS_K];        /* PS_ANOVA_F: L / n_g, L = lcm of the sizes */
    kperm_u8 sizes[PS_K];    /* PS_GROUPS: the group sizes */
} ps_shape;

typedef struct {
    ps_u64 rank, first, end;
#if PS_MASKS
    ps_u64 mask; /* bit i: element i is in group 1 (PS_TWO), pair i is swapped (PS_FLIPS) */
#if PS_WALK == PS_TWO
    kperm_comb_cursor c;
#endif
#else
    kperm_u8 next[PS_MAXN]; /* the arrangement reached: labels, or y's order */
    kperm_u8 cur[PS_MAXN];  /* the one the sums describe */
#endif
#if PS_TWO_SAMPLE
    ps_i64 s, total; /* sum of group 1 (x'), of everything */
    ps_acc q;        /* sum of squares of group 1 */
    ps_u128 total_q;
#elif PS_STAT == PS_ANOVA_F
    ps_i64 s[PS_K], total;
    ps_acc q[PS_K];
#elif PS_STAT == PS_PEARSON_R
    ps_acc sxy;
    ps_i64 sx, sy;
#elif PS_STAT == PS_KENDALL_TAU
    ps_i64 con; /* concordant minus discordant pairs */
#endif
} ps_walk;

typedef struct {
    int sign;          /* -1, 0, 1, or PS_NAN: 0/0 */
    ps_u128 num, den;  /* PS_EXACT: |statistic| orders as num/den */
    double x;          /* the statistic */
} ps_value;
#define PS_NAN 2

PS_FN int ps_sgn(ps_i64 a)
{
    return (a > 0) - (a < 0);
}

/* ---- the statistics' running sums: ps_build at the observed arrangement,
 * then one call a moved element */

#if PS_MASKS
/* the value group 1 holds at element i when its bit is set, and when clear */
#if PS_WALK == PS_FLIPS
#define PS_IN(v, n, i) v[(n) + (i)]
#define PS_OUT(v, n, i) v[i]
#else
#define PS_IN(v, n, i) v[i]
#define PS_OUT(v, n, i) ((ps_i64)0)
#endif

PS_FN void ps_build(ps_walk *w, const PS_G ps_i64 *v, const ps_shape *sh)
{
#if PS_TWO_SAMPLE
    int i;
    w->s = 0;
    w->total = 0;
    w->q = ps_acc_zero();
    w->total_q = ps_make(0, 0);
    for (i = 0; i < sh->n; i++) {
        ps_i64 a = PS_IN(v, sh->n, i), b = PS_OUT(v, sh->n, i);
        w->s += b;
        w->total += a + b;
#if PS_SQUARES
        w->q = ps_acc_add(w->q, b, b);
        w->total_q = ps_add(w->total_q, ps_add(ps_mul_i64(a, a), ps_mul_i64(b, b)));
#endif
    }
#endif
}

PS_FN void ps_toggle(ps_walk *w, const PS_G ps_i64 *v, const ps_shape *sh, int i, int in)
{
    (void)sh; /* PS_TWO finds group 1's value without it */
#if PS_TWO_SAMPLE
    ps_i64 a = PS_IN(v, sh->n, i), b = PS_OUT(v, sh->n, i);
    if (!in) {
        ps_i64 t = a;
        a = b;
        b = t;
    }
    w->s += a - b;
#if PS_SQUARES
    w->q = ps_acc_sub(ps_acc_add(w->q, a, a), b, b);
#endif
#endif
}
#else
/* the observed arrangement: each observation in the group it came from (the
 * labels sorted: multiset rank 0), each y with its own x (rank 0) */
PS_FN int ps_identity(const ps_shape *sh, int i)
{
#if PS_WALK == PS_GROUPS
    int g = 0, end = sh->sizes[0];
    while (i >= end)
        end += sh->sizes[++g];
    return g;
#else
    (void)sh;
    return i;
#endif
}

PS_FN void ps_build(ps_walk *w, const PS_G ps_i64 *v, const ps_shape *sh)
{
    int i, n = sh->n;
    for (i = 0; i < n; i++)
        w->cur[i] = (kperm_u8)ps_identity(sh, i);
#if PS_STAT == PS_ANOVA_F
    for (i = 0; i < PS_K; i++) {
        w->s[i] = 0;
        w->q[i] = ps_acc_zero();
    }
    w->total = 0;
    for (i = 0; i < n; i++) {
        w->s[w->cur[i]] += v[i];
        w->q[w->cur[i]] = ps_acc_add(w->q[w->cur[i]], v[i], v[i]);
        w->total += v[i];
    }
#elif PS_STAT == PS_PEARSON_R
    w->sxy = ps_acc_zero();
    w->sx = w->sy = 0;
    for (i = 0; i < n; i++) {
        w->sxy = ps_acc_add(w->sxy, v[i], v[n + i]);
        w->sx += v[i];
        w->sy += v[n + i];
    }
#elif PS_STAT == PS_KENDALL_TAU
    w->con = 0;
    for (i = 0; i < n; i++) {
        int j;
        for (j = i + 1; j < n; j++)
            w->con += ps_sgn(v[i] - v[j]) * ps_sgn(v[n + i] - v[n + j]);
    }
#endif
}

/* element i goes from group a to group b (PS_GROUPS), or x_i's partner from
 * y_a to y_b (PS_PAIRINGS); the other elements hold w->cur */
PS_FN void ps_move(ps_walk *w, const PS_G ps_i64 *v, const ps_shape *sh, int i, int a, int b)
{
    (void)sh; /* anova_f moves a value between groups without it */
#if PS_STAT == PS_ANOVA_F
    w->s[a] -= v[i];
    w->s[b] += v[i];
    w->q[a] = ps_acc_sub(w->q[a], v[i], v[i]);
    w->q[b] = ps_acc_add(w->q[b], v[i], v[i]);
#elif PS_STAT == PS_PEARSON_R
    w->sxy = ps_acc_add(w->sxy, v[i], v[sh->n + b] - v[sh->n + a]);
#elif PS_STAT == PS_KENDALL_TAU
    int j, n = sh->n;
    for (j = 0; j < n; j++)
        if (j != i) {
            ps_i64 yj = v[n + w->cur[j]];
            w->con += ps_sgn(v[i] - v[j]) * (ps_sgn(v[n + b] - yj) - ps_sgn(v[n + a] - yj));
        }
#endif
}
#endif /* PS_MASKS */

/* ---- the walks: ps_walk_init, then ps_walk_next until it returns 0 */

PS_FN void ps_walk_init(ps_walk *w, const PS_G ps_i64 *v, const ps_shape *sh, ps_u64 begin, ps_u64 end)
{
    ps_build(w, v, sh);
    w->rank = w->first = begin;
    w->end = end;
#if PS_MASKS
    w->mask = 0;
#if PS_WALK == PS_TWO
    kperm_comb_cursor_init(&w->c, sh->n, sh->m, begin, end);
#endif
#else
    if (begin < end) {
#if PS_WALK == PS_GROUPS
        kperm_ms_unrank(begin, sh->sizes, PS_K, w->next);
#else
        kperm_unrank(begin, sh->n, w->next);
#endif
    }
#endif
}

/* 1: the walk and the sums hold the next arrangement; 0: the range is done */
PS_FN int ps_walk_next(ps_walk *w, const PS_G ps_i64 *v, const ps_shape *sh)
{
#if PS_MASKS
    ps_u64 mask, diff;
#if PS_WALK == PS_TWO
    if (!kperm_comb_cursor_next(&w->c))
        return 0;
    mask = w->c.mask;
#else
    if (w->rank == w->end)
        return 0;
    mask = w->rank++;
#endif
    for (diff = w->mask ^ mask; diff; diff &= diff - 1) {
        int i = kperm_lowest64(diff);
        ps_toggle(w, v, sh, i, (int)(mask >> i) & 1);
    }
    w->mask = mask;
    return 1;
#else
    int i, from = 0;
    if (w->rank == w->end)
        return 0;
    if (w->rank++ != w->first) {
#if PS_WALK == PS_GROUPS
        from = kperm_ms_next(w->next, sh->n);
#else
        from = kperm_next(w->next, sh->n);
#endif
    }
    for (i = from; i < sh->n; i++)
        if (w->next[i] != w->cur[i]) {
            ps_move(w, v, sh, i, w->cur[i], w->next[i]);
            w->cur[i] = w->next[i];
        }
    return 1;
#endif
}

/* ---- the statistic of the arrangement the walk holds */

#if PS_STAT == PS_USER
PS_FN double ps_user_statistic(const double *x, const int *start, int k);

/* the samples as the caller's statistic sees them, scipy's *samples
 * concatenated: sample j is x[start[j] .. start[j+1]-1] */
PS_FN double ps_user_eval(const ps_walk *w, const PS_G double *d, const ps_shape *sh)
{
    double x[2 * PS_MAXN];
    int start[PS_K + 1], i, n = sh->n;
#if PS_WALK == PS_TWO
    int in = 0, out = sh->m;
    for (i = 0; i < n; i++)
        x[(w->mask >> i) & 1 ? in++ : out++] = d[i];
    start[0] = 0, start[1] = sh->m, start[2] = n;
#elif PS_WALK == PS_GROUPS
    int at[PS_K];
    start[0] = 0;
    for (i = 0; i < PS_K; i++)
        at[i] = start[i], start[i + 1] = start[i] + sh->sizes[i];
    for (i = 0; i < n; i++)
        x[at[w->cur[i]]++] = d[i];
#else
    for (i = 0; i < n; i++) {
#if PS_WALK == PS_FLIPS
        int swap = (int)(w->mask >> i) & 1;
        x[i] = d[swap ? n + i : i];
        x[n + i] = d[swap ? i : n + i];
#else
        x[i] = d[i];
        x[n + i] = d[n + w->cur[i]];
#endif
    }
    start[0] = 0, start[1] = n, start[2] = 2 * n;
#endif
    return ps_user_statistic(x, start, PS_K);
}
#endif

/* The statistic of the walk's arrangement: x, and where PS_EXACT its exact
 * key. Integer keys (den = 1), the statistic x = key / PS_SCALE:
 * mean_difference's N = S1*n2 - S2*n1 (= n1*n2*10^d*(mean1 - mean2)),
 * pearson_r's n*Sxy - Sx*Sy, kendall_tau's concordant minus discordant pairs;
 * anova_f's sum of L*S_g^2/n_g (F grows with it; x from the sums of squares).
 * Ratios, with A = n1*Q1 - S1^2, B = n2*Q2 - S2^2 and D = A*n2^2*(n2-1) +
 * B*n1^2*(n1-1): welch_t = sign(N)*sqrt(PS_SCALE*N^2/D), the key N^2/D;
 * variance_ratio = PS_SCALE*A/B, the key A/B. x comes from the exact sums. */
PS_FN ps_value ps_eval(const ps_walk *w, const PS_G ps_i64 *v, const PS_G double *d, const ps_shape *sh,
                       const PS_G double *par)
{
    ps_value r;
#if PS_STAT != PS_USER
    double scale = par[PS_SCALE];
#endif
    r.num = ps_make(0, 0);
    r.den = ps_make(1, 0);
#if PS_TWO_SAMPLE
    ps_i64 n1 = sh->m, n2 = sh->n - sh->m, s2 = w->total - w->s;
#if PS_WALK == PS_FLIPS
    n1 = n2 = sh->n;
#endif
    {
        ps_u128 key = ps_sub(ps_mul_i64(w->s, n2), ps_mul_i64(s2, n1));
#if PS_STAT == PS_MEAN_DIFF
        r.sign = ps_sign(key);
        r.num = ps_abs(key);
        r.x = ps_to_double(key) / scale;
#else
        ps_u128 q1 = ps_acc_wide(w->q), q2 = ps_sub(w->total_q, q1);
        ps_u128 a = ps_sub(ps_mul_small(q1, (ps_u64)n1), ps_mul_i64(w->s, w->s));
        ps_u128 b = ps_sub(ps_mul_small(q2, (ps_u64)n2), ps_mul_i64(s2, s2));
        double ad = ps_to_double(a), bd = ps_to_double(b);
        int zero = (a.lo | a.hi) == 0 && (b.lo | b.hi) == 0;
#if PS_STAT == PS_WELCH_T
        ps_u64 k1 = (ps_u64)(n1 * n1 * (n1 - 1)), k2 = (ps_u64)(n2 * n2 * (n2 - 1));
        r.sign = zero && ps_sign(key) == 0 ? PS_NAN : ps_sign(key);
        r.x = ps_to_double(key) * sqrt(scale / (ad * (double)k2 + bd * (double)k1));
#if PS_EXACT
        ps_u128 mag = ps_abs(key);
        r.num = ps_mul_u64(mag.lo, mag.lo); /* the host proved |key| < 2^64 and D < 2^128 */
        r.den = ps_add(ps_mul_small(a, k2), ps_mul_small(b, k1));
#endif
#else
        (void)key; /* the variance ratio needs no difference of means */
        r.sign = zero ? PS_NAN : (a.lo | a.hi) != 0;
        r.num = a;
        r.den = b;
        r.x = ad / bd * scale;
#endif
#endif
    }
#elif PS_STAT == PS_ANOVA_F
    {
        /* between and within sums of squares as sums of positive terms, so
         * that x loses nothing to cancellation: n^2*SSB = sum C_g^2/n_g with
         * C_g = n*S_g - n_g*T, SSW = sum (n_g*Q_g - S_g^2)/n_g */
        double between = 0, within = 0;
        int g;
        for (g = 0; g < PS_K; g++) {
            ps_i64 ng = sh->sizes[g];
            double c = ps_to_double(ps_sub(ps_mul_i64(sh->n, w->s[g]), ps_mul_i64(ng, w->total)));
            ps_u128 a = ps_sub(ps_mul_small(ps_acc_wide(w->q[g]), (ps_u64)ng), ps_mul_i64(w->s[g], w->s[g]));
            between += c * c / (double)ng;
            within += ps_to_double(a) / (double)ng;
#if PS_EXACT
            r.num = ps_add(r.num, ps_mul_small(ps_mul_i64(w->s[g], w->s[g]), sh->aux[g]));
#endif
        }
        r.sign = 1; /* F >= 0, and all-equal data (0/0) are refused */
        r.x = between * scale / within;
    }
#elif PS_STAT == PS_PEARSON_R
    {
        ps_u128 key = ps_sub(ps_mul_small(ps_acc_wide(w->sxy), (ps_u64)sh->n), ps_mul_i64(w->sx, w->sy));
        r.sign = ps_sign(key);
        r.num = ps_abs(key);
        r.x = ps_to_double(key) / scale;
    }
#elif PS_STAT == PS_KENDALL_TAU
    r.sign = ps_sgn(w->con);
    r.num = ps_from_i64(w->con < 0 ? -w->con : w->con);
    r.x = (double)w->con / scale;
#else
    r.x = ps_user_eval(w, d, sh);
    r.sign = r.x != r.x ? PS_NAN : 0;
#endif
    (void)v, (void)d, (void)sh, (void)par;
    return r;
}

/* -1, 0, 1 as |a| is below, equal to, above |b| (exact keys) */
PS_FN int ps_cmp_abs(const ps_value *a, const ps_value *b)
{
    return ps_cmp_products(a->num, b->den, b->num, a->den);
}

PS_FN int ps_cmp(const ps_value *a, const ps_value *b)
{
    if (a->sign != b->sign)
        return a->sign < b->sign ? -1 : 1;
    return a->sign < 0 ? -ps_cmp_abs(a, b) : ps_cmp_abs(a, b);
}

/* the counters of one value against the observed one */
PS_FN void ps_tally(const ps_value *r, const ps_value *obs, const PS_G double *par, ps_u64 *count)
{
    (void)par; /* exact comparisons need no band */
    if (r->sign == PS_NAN || r->x != r->x) {
        count[PS_UNDEFINED]++;
        return;
    }
#if PS_EXACT
    {
        int c = ps_cmp(r, obs);
        count[c < 0 ? PS_LESS : c > 0 ? PS_GREATER : PS_EQUAL]++;
        count[PS_ABS_GE] += ps_cmp_abs(r, obs) >= 0;
    }
#else
    if (r->x < par[PS_LO]) {
        count[PS_LESS]++;
    } else if (r->x > par[PS_HI]) {
        count[PS_GREATER]++;
    } else {
        count[PS_EQUAL]++;
        count[PS_IN_BAND] += r->x != obs->x;
    }
    count[PS_ABS_GE] += fabs(r->x) >= par[PS_ABS_LO];
#endif
}

PS_FN void ps_shape_load(ps_shape *sh, int n, int m, const PS_G kperm_u8 *sizes, const PS_G ps_u64 *aux)
{
    int g;
    sh->n = n;
    sh->m = m;
    for (g = 0; g < PS_K; g++) {
        sh->sizes[g] = sizes[g];
        sh->aux[g] = aux[g];
    }
}

/* ---- the kernels */

/* Counts ranks [begin, end): each work-item walks its part (kperm_split)
 * and writes its PS_COUNTS counters to counts[PS_COUNTS*id ...] and the least
 * and greatest finite statistic to extremes[2*id ...]; with bins > 0 each
 * work-group adds its histogram (bins over [PS_HIST_LO, +bins/PS_HIST_INV),
 * values outside in the end bins) to hist[bins*group ...] in 32-bit local
 * counters, which the host keeps from overflowing by launching at most 2^32 - 1
 * ranks at a time. obs: the observed value as ps_observe wrote it. */
PS_KERNEL ps_count(const PS_G ps_i64 *v, const PS_G double *d, const PS_G kperm_u8 *sizes, const PS_G ps_u64 *aux,
                   const PS_G ps_u64 *obs, const PS_G double *par, int n, int m, ps_u64 begin, ps_u64 end,
                   int bins, PS_G ps_u64 *counts, PS_G double *extremes, PS_G ps_u64 *hist)
{
    PS_LOCAL_UINTS(local_hist, PS_MAX_BINS);
    ps_u64 me = PS_GLOBAL_ID, b = 0, e = 0, count[PS_COUNTS];
    double lo = PS_HUGE, hi = -PS_HUGE;
    ps_shape sh;
    ps_walk w;
    ps_value o;
    int j;
    ps_shape_load(&sh, n, m, sizes, aux);
    o.sign = (int)(ps_i64)obs[0];
    o.num = ps_make(obs[1], obs[2]);
    o.den = ps_make(obs[3], obs[4]);
    o.x = par[PS_OBS_X];
    for (j = 0; j < PS_COUNTS; j++)
        count[j] = 0;
    for (j = PS_LOCAL_ID; j < bins; j += PS_LOCAL_SIZE)
        local_hist[j] = 0;
    PS_SYNC();
    kperm_split(begin, end, PS_GLOBAL_SIZE, me, &b, &e);
    ps_walk_init(&w, v, &sh, b, e);
    while (ps_walk_next(&w, v, &sh)) {
        ps_value r = ps_eval(&w, v, d, &sh, par);
        ps_tally(&r, &o, par, count);
        if (r.x - r.x == 0) { /* finite */
            lo = fmin(lo, r.x);
            hi = fmax(hi, r.x);
        }
        if (bins > 0 && r.sign != PS_NAN && r.x == r.x) {
            double t = (r.x - par[PS_HIST_LO]) * par[PS_HIST_INV];
            t = t > 0 ? t : 0;
            PS_LOCAL_INC(&local_hist[t < bins - 1 ? (int)t : bins - 1]);
        }
    }
    for (j = 0; j < PS_COUNTS; j++)
        counts[PS_COUNTS * me + j] = count[j];
    extremes[2 * me] = lo;
    extremes[2 * me + 1] = hi;
    PS_SYNC();
    for (j = PS_LOCAL_ID; j < bins; j += PS_LOCAL_SIZE)
        hist[(ps_u64)bins * PS_GROUP_ID + j] = local_hist[j];
}

/* The value of each rank in [begin, begin + count): out[5*i ...] the exact
 * key (sign, num.lo, num.hi, den.lo, den.hi), x[i] the statistic. Rank 0 is
 * the observed arrangement. */
PS_KERNEL ps_values(const PS_G ps_i64 *v, const PS_G double *d, const PS_G kperm_u8 *sizes, const PS_G ps_u64 *aux,
                    const PS_G double *par, int n, int m, ps_u64 begin, ps_u64 count, PS_G ps_u64 *out, PS_G double *x)
{
    ps_u64 i = PS_GLOBAL_ID;
    ps_shape sh;
    ps_walk w;
    ps_value r;
    if (i >= count)
        return;
    ps_shape_load(&sh, n, m, sizes, aux);
    ps_walk_init(&w, v, &sh, begin + i, begin + i + 1);
    ps_walk_next(&w, v, &sh);
    r = ps_eval(&w, v, d, &sh, par);
    out[5 * i] = (ps_u64)(ps_i64)r.sign;
    out[5 * i + 1] = r.num.lo;
    out[5 * i + 2] = r.num.hi;
    out[5 * i + 3] = r.den.lo;
    out[5 * i + 4] = r.den.hi;
    x[i] = r.x;
}

#endif /* KPERM_STATS_KERNEL_H */
