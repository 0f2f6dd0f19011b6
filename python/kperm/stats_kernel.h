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
 *             found that n times a sum of squares may pass 2^62); 0: they
 *             and every term of ps_eval fit 64 bits
 *   PS_COLUMNS  (default 1) the most value columns ps_maxt walks together,
 *             each v's layout repeated column after column
 *   PS_STRATA (default 0) 1: the splits, labellings or orders (pairings,
 *     regression) within strata (stats_strata.h)
 *
 * The walks are minimal-change orders wherever kperm has one: splits in
 * revolving-door order (kperm_revdoor_cursor), sign flips in Gray code order
 * (kperm_gray_cursor), pairings of n <= 16 in plain changes
 * (kperm_sjt_cursor), so that each step updates the statistic's running sums
 * from the one or two elements that changed, in O(1) (see "the walks"
 * below); k-group labellings and pairings above 16 stay lexicographic.
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
#define PS_LOCAL __local
#define PS_SYNC() barrier(CLK_LOCAL_MEM_FENCE)
#define PS_LOCAL_INC(p) atomic_inc(p)
#define PS_GLOBAL_ID ((ps_u64)get_global_id(0))
#define PS_GLOBAL_SIZE ((ps_u64)get_global_size(0))
#define PS_LOCAL_ID ((int)get_local_id(0))
#define PS_LOCAL_SIZE ((int)get_local_size(0))
#define PS_GROUP_ID ((ps_u64)get_group_id(0))
#elif defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define PS_KERNEL extern "C" __global__ void
/* maxT keeps every column's sums: at most 64 registers (4 blocks of 256 an
 * SM) beat the spills they cost (10 x 32 flips on an H100: 4.04 -> 3.44 s) */
#if !PS_WIDE
#define PS_MAXT_BOUNDS __launch_bounds__(256, 4)
#endif
#define PS_G
#define PS_LOCAL_UINTS(name, size) __shared__ unsigned int name[size]
#define PS_LOCAL __shared__
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
#define PS_LOCAL
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
#define PS_REG_T 8 /* PS_PAIRINGS: a regression coefficient's t (stats_regression.h) */
#define PS_REG_F 9 /* ... the F of a set of columns */
#define PS_REGRESSION (PS_STAT == PS_REG_T || PS_STAT == PS_REG_F)

#define PS_MAXN 64       /* observations (pairs for PS_FLIPS, 20 for PS_PAIRINGS) */
#define PS_SAMPLE_MAXN 128 /* observations of two groups drawn from at random (ps_walk_at): 2 * PS_MAXN */
#define PS_MAX_BINS 1024 /* the histogram's bins */
#define PS_HUGE 1.7976931348623157e308 /* the largest double */
#ifndef PS_K
#define PS_K 2 /* groups, or samples the statistic sees */
#endif
#ifndef PS_STRATA
#define PS_STRATA 0
#endif
#ifndef PS_COLUMNS
#define PS_COLUMNS 1
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
#define PS_UNIT 7 /* a power of two: mean_difference's x = key * PS_UNIT / PS_SCALE (1 unless 10^d is past the doubles) */
#define PS_PARS 8 /* the doubles of one column (ps_maxt: a block each) */

#define PS_MASKS (PS_WALK == PS_TWO || PS_WALK == PS_FLIPS)
#define PS_TWO_SAMPLE (PS_STAT == PS_MEAN_DIFF || PS_STAT == PS_WELCH_T || PS_STAT == PS_VAR_RATIO)
#define PS_SQUARES (PS_STAT == PS_WELCH_T || PS_STAT == PS_VAR_RATIO) /* group 1's sum of squares */
#define PS_DEFERRED (PS_EXACT && PS_STAT == PS_WELCH_T && PS_COLUMNS == 1) /* the key made when compared (ps_key); not for maxT, whose registers it would fill */

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
    int cols;      /* value columns (ps_maxt), 1 elsewhere */
    ps_u64 aux[PS_K];        /* PS_ANOVA_F: L / n_g, L = lcm of the sizes */
    kperm_u8 sizes[PS_K];    /* PS_GROUPS: the group sizes */
} ps_shape;

/* the running sums of the statistic over one column of values */
typedef struct {
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
    int sorted; /* x is nondecreasing: an adjacent swap changes O(1) pairs (ps_swap) */
#elif PS_REGRESSION
    ps_u128 acc[PS_K - 1]; /* stats_regression.h's exact sums */
#else
    int none; /* a C statistic keeps no sums (and C has no empty struct) */
#endif
} ps_sums;

#include "stats_strata.h"

/* The arrangement and the cursor of its order. Rank 0 is always the
 * observed arrangement: the revolving door's first subset is the m lowest
 * elements (group 1 as observed), the Gray code's first mask 0 (nothing
 * swapped), plain changes and kperm_unrank start at the identity (each y
 * with its own x), the multiset order at the sorted labels. */
typedef struct {
#if PS_WALK != PS_TWO
    ps_u64 first; /* the range's first rank: its visit changes nothing */
#endif
#if PS_STRATA && PS_WALK == PS_TWO
    ps_strata c;            /* c.mask: bit i set, element i is in group 1 */
#elif PS_WALK == PS_TWO
    kperm_revdoor_cursor c; /* c.mask: bit i set, element i is in group 1 */
#if PS_STAT == PS_USER /* read by ps_user_eval only: the others' walks (ps_maxt's in local memory) stay as small */
    ps_u64 mask_hi;         /* past PS_MAXN (ps_walk_at only): bit i - 64 set, element i is in group 1 */
#endif
#elif PS_WALK == PS_FLIPS
    kperm_gray_cursor c;    /* c.mask: bit i set, pair i is swapped */
#else
    ps_u64 rank, end;
    /* the arrangement the lexicographic step reached, and the one the sums
     * describe: labels, or y's order (plain changes: the cursor's word,
     * with cur kept up to date for a C statistic only) */
    kperm_u8 next[PS_MAXN];
    kperm_u8 cur[PS_MAXN];
#if PS_STRATA
    ps_u64 starts; /* bit i set: row i starts a stratum (stats_strata.h) */
#endif
#if PS_WALK == PS_PAIRINGS
    kperm_sjt_cursor c;     /* n <= 16: plain changes, one adjacent swap a step */
    int plain;
#endif
#endif
    ps_sums sums[PS_COLUMNS]; /* one a value column */
} ps_walk;

/* the columns the walk keeps sums of (a constant where there is one), and
 * where column c's values start */
#define PS_NCOLS(sh) (PS_COLUMNS == 1 ? 1 : (sh)->cols)
#define PS_COL(v, sh, c) ((v) + (c) * ((PS_WALK == PS_TWO || PS_WALK == PS_GROUPS) ? (sh)->n : 2 * (sh)->n))

typedef struct {
    int sign;          /* -1, 0, 1, or PS_NAN: 0/0 */
    ps_u128 num, den;  /* PS_EXACT: |statistic| orders as num/den */
    double x;          /* the statistic */
#if PS_DEFERRED
    int deferred;      /* num holds |N|, den nothing yet: ps_key makes N^2 / (A*k2 + B*k1) */
    ps_u128 a, b;
    ps_u64 k1, k2;
#endif
} ps_value;
#define PS_NAN 2

#if PS_REGRESSION
#include "stats_regression.h"
#endif

PS_FN int ps_sgn(ps_i64 a)
{
    return (a > 0) - (a < 0);
}

/* ---- the statistics' running sums: ps_build for the arrangement the walk
 * holds, then one call for each element the walk moves */

#if PS_MASKS
/* the value group 1 holds at element i when its bit is set, and when clear */
#if PS_WALK == PS_FLIPS
#define PS_IN(v, n, i) v[(n) + (i)]
#define PS_OUT(v, n, i) v[i]
#else
#define PS_IN(v, n, i) v[i]
#define PS_OUT(v, n, i) ((ps_i64)0)
#endif

PS_FN void ps_build(ps_sums *s, const PS_G ps_i64 *v, const ps_shape *sh, ps_u64 mask)
{
#if PS_TWO_SAMPLE
    int i;
    s->s = 0;
    s->total = 0;
    s->q = ps_acc_zero();
    s->total_q = ps_make(0, 0);
    for (i = 0; i < sh->n; i++) {
        ps_i64 a = PS_IN(v, sh->n, i), b = PS_OUT(v, sh->n, i), g = i < 64 && (mask >> i) & 1 ? a : b;
        s->s += g;
        s->total += a + b;
#if PS_SQUARES
        s->q = ps_acc_add(s->q, g, g);
        s->total_q = ps_add(s->total_q, ps_add(ps_mul_i64(a, a), ps_mul_i64(b, b)));
#endif
    }
#else
    (void)s, (void)v, (void)sh, (void)mask; /* a C statistic reads the mask itself */
#endif
}

/* element i enters group 1 (in = 1: its bit was set) or leaves it */
PS_FN void ps_toggle(ps_sums *s, const PS_G ps_i64 *v, const ps_shape *sh, int i, int in)
{
    (void)sh; /* PS_TWO finds group 1's value without it */
#if PS_TWO_SAMPLE
    ps_i64 a = PS_IN(v, sh->n, i), b = PS_OUT(v, sh->n, i);
    if (!in) {
        ps_i64 t = a;
        a = b;
        b = t;
    }
    s->s += a - b;
#if PS_SQUARES
    s->q = ps_acc_sub(ps_acc_add(s->q, a, a), b, b);
#endif
#else
    (void)s, (void)v, (void)sh, (void)i, (void)in;
#endif
}
#else
PS_FN void ps_build(ps_sums *s, const PS_G ps_i64 *v, const ps_shape *sh, const kperm_u8 *cur)
{
    int i, n = sh->n;
#if PS_STAT == PS_ANOVA_F
    for (i = 0; i < PS_K; i++) {
        s->s[i] = 0;
        s->q[i] = ps_acc_zero();
    }
    s->total = 0;
    for (i = 0; i < n; i++) {
        s->s[cur[i]] += v[i];
        s->q[cur[i]] = ps_acc_add(s->q[cur[i]], v[i], v[i]);
        s->total += v[i];
    }
#elif PS_STAT == PS_PEARSON_R
    s->sxy = ps_acc_zero();
    s->sx = s->sy = 0;
    for (i = 0; i < n; i++) {
        s->sxy = ps_acc_add(s->sxy, v[i], v[n + cur[i]]);
        s->sx += v[i];
        s->sy += v[n + i];
    }
#elif PS_STAT == PS_KENDALL_TAU
    s->con = 0;
    s->sorted = 1;
    for (i = 0; i < n; i++) {
        int j;
        for (j = i + 1; j < n; j++)
            s->con += ps_sgn(v[i] - v[j]) * ps_sgn(v[n + cur[i]] - v[n + cur[j]]);
        s->sorted &= i == 0 || v[i - 1] <= v[i];
    }
#elif PS_REGRESSION
    (void)i, (void)n;
    ps_reg_build(s->acc, v, sh, cur);
#else
    (void)s, (void)v, (void)cur, (void)i, (void)n; /* a C statistic reads cur itself */
#endif
}

/* element i goes from group a to group b (PS_GROUPS), or x_i's partner from
 * y_a to y_b (PS_PAIRINGS); the other elements hold cur, which only Kendall's
 * tau reads (ps_swap, which handles Kendall's plain changes itself, passes
 * none) */
PS_FN void ps_move(ps_sums *s, const PS_G ps_i64 *v, const ps_shape *sh, const kperm_u8 *cur, int i, int a, int b)
{
    (void)sh, (void)cur; /* anova_f and pearson_r move one value without them */
#if PS_STAT == PS_ANOVA_F
    s->s[a] -= v[i];
    s->s[b] += v[i];
    s->q[a] = ps_acc_sub(s->q[a], v[i], v[i]);
    s->q[b] = ps_acc_add(s->q[b], v[i], v[i]);
#elif PS_STAT == PS_PEARSON_R
    s->sxy = ps_acc_add(s->sxy, v[i], v[sh->n + b] - v[sh->n + a]);
#elif PS_STAT == PS_KENDALL_TAU
    int j, n = sh->n;
    for (j = 0; j < n; j++)
        if (j != i) {
            ps_i64 yj = v[n + cur[j]];
            s->con += ps_sgn(v[i] - v[j]) * (ps_sgn(v[n + b] - yj) - ps_sgn(v[n + a] - yj));
        }
#elif PS_REGRESSION
    ps_reg_move(s->acc, v, sh, i, 0, a, b);
#else
    (void)s, (void)v, (void)i, (void)a, (void)b;
#endif
}

#if PS_WALK == PS_PAIRINGS
/* y's index at position j of a plain-changes arrangement (kperm_sjt_cursor's word) */
#define PS_AT(word, j) ((int)(((word) >> (4 * (j))) & 15u))

/* x_q and x_{q+1} trade partners; word is the arrangement after the swap
 * (plain changes, n <= 16, read from the cursor's word rather than an
 * array, which a GPU would keep in local memory). Pearson's r: two moves.
 * Kendall's tau: the pair (q, q+1) turns round, and a third x_j sees the
 * two partners differently only if it lies between x_q and x_{q+1}; when x
 * is sorted (kperm-ptest sorts the pairs by x) those are the x_j tied with
 * x_q or x_{q+1}, so the step is O(1) without ties in x, O(n) at worst. */
PS_FN void ps_swap(ps_sums *s, const PS_G ps_i64 *v, const ps_shape *sh, kperm_u64 word, int q)
{
    int a = PS_AT(word, q + 1), b = PS_AT(word, q); /* x_q's partner before the swap, and after */
#if PS_STAT == PS_KENDALL_TAU
    int j, lo = 0, n = sh->n, hi = n;
    ps_i64 ya = v[n + a], yb = v[n + b];
    s->con -= 2 * ps_sgn(v[q] - v[q + 1]) * ps_sgn(ya - yb);
    if (s->sorted) {
        for (lo = q; lo > 0 && v[lo - 1] == v[q]; lo--)
            ;
        for (hi = q + 2; hi < n && v[hi] == v[q + 1]; hi++)
            ;
    }
    for (j = lo; j < hi; j++)
        if (j != q && j != q + 1) {
            ps_i64 yj = v[n + PS_AT(word, j)];
            s->con += (ps_sgn(v[q] - v[j]) - ps_sgn(v[q + 1] - v[j])) * (ps_sgn(yb - yj) - ps_sgn(ya - yj));
        }
#elif PS_REGRESSION
    ps_reg_move(s->acc, v, sh, q, 1, a, b); /* one move: position q gains b, q + 1 loses it */
#else
    ps_move(s, v, sh, 0, q, a, b);
    ps_move(s, v, sh, 0, q + 1, b, a);
#endif
}
#endif
#endif /* PS_MASKS */

/* s given the sums that no step changes (two samples: the totals) from
 * fixed, any arrangement's sums of the same column: ps_maxt keeps those once
 * a work-group, not in every work-item's registers or local memory. s by
 * pointer: NVIDIA's OpenCL compiler copied a ps_sums passed by value a byte
 * at a time (16 byte loads a column and rank in ps_maxt's PTX); fixed by
 * value, since ps_maxt's is in local memory and OpenCL 1.2 has no pointer
 * to any address space. */
PS_FN void ps_steady(ps_sums *s, ps_sums fixed)
{
#if PS_TWO_SAMPLE
    s->total = fixed.total;
    s->total_q = fixed.total_q;
#endif
    (void)s;
    (void)fixed; /* maxT is for two samples only */
}

/* ---- the walks: ps_walk_init, then ps_walk_next until it returns 0. Each
 * step hands the sums the elements it changed: the revolving door one out
 * and one in (two ps_toggle), the Gray code one flipped pair (one
 * ps_toggle), plain changes one adjacent swap (ps_swap), so each step is
 * O(1). The multiset walk of PS_GROUPS (and pairings above 16, past the
 * plain-changes cursor) is lexicographic: a step rewrites the suffix after
 * its pivot, and every element of it whose label changed is moved (ps_move),
 * a few on average and n at worst. */

PS_FN void ps_walk_init(ps_walk *w, const PS_G ps_i64 *v, const ps_shape *sh, ps_u64 begin, ps_u64 end)
{
    int c;
#if PS_WALK != PS_TWO
    w->first = begin;
#endif
#if PS_WALK == PS_TWO
#if PS_STRATA
    ps_strata_init(&w->c, sh, begin, end);
#else
    kperm_revdoor_cursor_init(&w->c, sh->n, sh->m, begin, end);
#endif
    for (c = 0; c < PS_NCOLS(sh); c++)
        ps_build(&w->sums[c], PS_COL(v, sh, c), sh, w->c.mask);
#elif PS_WALK == PS_FLIPS
    kperm_gray_cursor_init(&w->c, sh->n, begin, end);
    for (c = 0; c < PS_NCOLS(sh); c++)
        ps_build(&w->sums[c], PS_COL(v, sh, c), sh, w->c.mask);
#else
    int i;
    w->rank = begin;
    w->end = end;
    for (i = 0; i < sh->n; i++)
        w->next[i] = 0;
#if PS_STRATA
    w->starts = ps_strata_starts(v, sh);
#endif
#if PS_WALK == PS_PAIRINGS
    w->plain = !PS_STRATA && sh->n <= KPERM_MAX_PACKED_N; /* within strata: the lexicographic walk */
    if (w->plain) {
        kperm_sjt_cursor_init(&w->c, sh->n, begin, end);
        for (i = 0; i < sh->n; i++)
            w->next[i] = (kperm_u8)((w->c.word >> (4 * i)) & 15u);
    } else
#endif
    if (begin < end)
#if PS_STRATA
        ps_strata_unrank(begin, v, sh, w->starts, w->next);
#elif PS_WALK == PS_PAIRINGS
        kperm_unrank(begin, sh->n, w->next);
#else
        kperm_ms_unrank(begin, sh->sizes, PS_K, w->next);
#endif
    for (i = 0; i < sh->n; i++)
        w->cur[i] = w->next[i];
    for (c = 0; c < PS_NCOLS(sh); c++)
        ps_build(&w->sums[c], PS_COL(v, sh, c), sh, w->cur);
#endif
}

/* 1: the walk and the sums hold the next arrangement; 0: the range is done */
PS_FN int ps_walk_next(ps_walk *w, const PS_G ps_i64 *v, const ps_shape *sh)
{
    int c;
#if PS_STRATA && PS_WALK == PS_TWO
    (void)c;
    return ps_strata_next(&w->c, w->sums, v, sh);
#elif PS_WALK == PS_TWO
    /* no test of the first rank: its step (out = in = 0, see
     * kperm_revdoor_cursor_next) takes element 0 out and puts it back,
     * which leaves the integer sums as they were */
    if (!kperm_revdoor_cursor_next(&w->c))
        return 0;
    for (c = 0; c < PS_NCOLS(sh); c++) {
        ps_toggle(&w->sums[c], PS_COL(v, sh, c), sh, w->c.out, 0);
        ps_toggle(&w->sums[c], PS_COL(v, sh, c), sh, w->c.in, 1);
    }
    return 1;
#elif PS_WALK == PS_FLIPS
    if (!kperm_gray_cursor_next(&w->c))
        return 0;
    if (w->c.rank != w->first)
        for (c = 0; c < PS_NCOLS(sh); c++)
            ps_toggle(&w->sums[c], PS_COL(v, sh, c), sh, w->c.bit, (int)(w->c.mask >> w->c.bit) & 1);
    return 1;
#else
    int i, from = 0;
#if PS_WALK == PS_PAIRINGS
    if (w->plain) {
        if (!kperm_sjt_cursor_next(&w->c))
            return 0;
        if (w->c.rank != w->first) {
            int q = w->c.pivot;
            for (c = 0; c < PS_NCOLS(sh); c++)
                ps_swap(&w->sums[c], PS_COL(v, sh, c), sh, w->c.word, q);
#if PS_STAT == PS_USER /* only a C statistic reads cur: the others' steps keep to the word */
            w->cur[q] = (kperm_u8)PS_AT(w->c.word, q);
            w->cur[q + 1] = (kperm_u8)PS_AT(w->c.word, q + 1);
#endif
        }
        return 1;
    }
#endif
    if (w->rank == w->end)
        return 0;
    if (w->rank++ != w->first) {
#if PS_STRATA
        from = ps_strata_ms_next(w->next, sh->n, w->starts);
#elif PS_WALK == PS_GROUPS
        from = kperm_ms_next(w->next, sh->n);
#else
        from = kperm_next(w->next, sh->n);
#endif
    }
    for (i = from; i < sh->n; i++)
        if (w->next[i] != w->cur[i]) {
            for (c = 0; c < PS_NCOLS(sh); c++)
                ps_move(&w->sums[c], PS_COL(v, sh, c), sh, w->cur, i, w->cur[i], w->next[i]);
            w->cur[i] = w->next[i];
        }
    return 1;
#endif
}

/* ---- the statistic of the arrangement the walk holds */

#if PS_STAT == PS_USER
PS_FN double ps_user_statistic(const double *x, const int *start, int k);

/* whether element i is in group 1 (PS_TWO): past 64, ps_walk_at's mask_hi */
#if PS_WALK == PS_TWO && !PS_STRATA
#define PS_GROUP1(w, i) ((i) < 64 ? ((w)->c.mask >> (i)) & 1 : ((w)->mask_hi >> ((i)-64)) & 1)
#else
#define PS_GROUP1(w, i) (((w)->c.mask >> (i)) & 1)
#endif

/* the samples as the caller's statistic sees them, scipy's *samples
 * concatenated: sample j is x[start[j] .. start[j+1]-1] */
PS_FN double ps_user_eval(const ps_walk *w, const PS_G double *d, const ps_shape *sh)
{
    double x[2 * PS_MAXN];
    int start[PS_K + 1], i, n = sh->n;
#if PS_WALK == PS_TWO
    int in = 0, out = sh->m;
    for (i = 0; i < n; i++)
        x[PS_GROUP1(w, i) ? in++ : out++] = d[i];
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
        int swap = (int)(w->c.mask >> i) & 1;
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
 * variance_ratio = PS_SCALE*A/B, the key A/B. x comes from the exact sums.
 * Without PS_EXACT the key is an identity (ps_same): the integer keys and
 * A/B as they are, welch_t's group 1 sums (q, s), anova_f's key where the
 * host gave aux (else den 0: none). */
/* Welch's exact key N^2 / (A*k2 + B*k1) from |N| (the host proved |N| < 2^64
 * and the denominator < 2^128) */
PS_FN void ps_welch_key(ps_u128 mag, ps_u128 a, ps_u128 b, ps_u64 k1, ps_u64 k2, ps_u128 *num, ps_u128 *den)
{
    *num = ps_mul_u64(mag.lo, mag.lo);
    *den = ps_add(ps_mul_small(a, k2), ps_mul_small(b, k1));
}

PS_FN ps_value ps_eval(const ps_walk *w, const ps_sums *s, const PS_G ps_i64 *v, const PS_G double *d,
                       const ps_shape *sh, const PS_G double *par)
{
    ps_value r;
#if PS_STAT != PS_USER
    double scale = par[PS_SCALE];
#endif
    r.num = ps_make(0, 0);
    r.den = ps_make(1, 0);
#if PS_DEFERRED
    r.deferred = 0;
#endif
#if PS_TWO_SAMPLE
    ps_i64 n1 = sh->m, n2 = sh->n - sh->m, s2 = s->total - s->s;
#if PS_WALK == PS_FLIPS
    n1 = n2 = sh->n;
#endif
    {
        ps_u128 key;
#if PS_STAT == PS_MEAN_DIFF
        key = ps_sub(ps_mul_i64(s->s, n2), ps_mul_i64(s2, n1));
        r.sign = ps_sign(key);
        r.num = ps_abs(key);
        r.x = ps_to_double(key) * par[PS_UNIT] / scale; /* key * unit exact, then one rounding */
#else
        /* A, B and N in 64-bit integers unless PS_WIDE (the common case,
         * and several times cheaper on a GPU than 128 bits): the host made
         * n*Q < 2^62, so n1*Q1 and S1^2 <= n1*Q1 (Cauchy-Schwarz) are below
         * 2^62, and so are group 2's and |N|. The doubles are the same
         * either way, each one rounding. */
        ps_u128 a, b;
        double ad, bd, kd;
#if !PS_WIDE
        ps_i64 q1 = s->q, a64 = q1 * n1 - s->s * s->s;
        ps_i64 b64 = ((ps_i64)s->total_q.lo - q1) * n2 - s2 * s2, key64 = s->s * n2 - s2 * n1;
        a = ps_from_i64(a64), b = ps_from_i64(b64), key = ps_from_i64(key64);
        ad = (double)a64, bd = (double)b64, kd = (double)key64;
#else
        ps_u128 q1 = s->q, q2 = ps_sub(s->total_q, q1);
        a = ps_sub(ps_mul_small(q1, (ps_u64)n1), ps_mul_i64(s->s, s->s));
        b = ps_sub(ps_mul_small(q2, (ps_u64)n2), ps_mul_i64(s2, s2));
        key = ps_sub(ps_mul_i64(s->s, n2), ps_mul_i64(s2, n1));
        ad = ps_to_double(a), bd = ps_to_double(b), kd = ps_to_double(key);
#endif
        int zero = (a.lo | a.hi) == 0 && (b.lo | b.hi) == 0;
#if PS_STAT == PS_WELCH_T
        ps_u64 k1 = (ps_u64)(n1 * n1 * (n1 - 1)), k2 = (ps_u64)(n2 * n2 * (n2 - 1));
        r.sign = zero && ps_sign(key) == 0 ? PS_NAN : ps_sign(key);
        r.x = kd * sqrt(scale / (ad * (double)k2 + bd * (double)k1));
#if PS_DEFERRED
        r.num = ps_abs(key);
        r.deferred = 1, r.a = a, r.b = b, r.k1 = k1, r.k2 = k2;
#elif PS_EXACT
        ps_welch_key(ps_abs(key), a, b, k1, k2, &r.num, &r.den);
#else
        r.num = ps_acc_wide(s->q); /* t's identity in floating point: group 1's sums (ps_same), */
        r.den = ps_make((ps_u64)s->s, 1); /* |s| < 2^60 in the low word, the high one never 0 */
#endif
#else
        (void)kd, (void)key; /* the variance ratio needs no difference of means */
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
            double c = ps_to_double(ps_sub(ps_mul_i64(sh->n, s->s[g]), ps_mul_i64(ng, s->total)));
            ps_u128 a = ps_sub(ps_mul_small(ps_acc_wide(s->q[g]), (ps_u64)ng), ps_mul_i64(s->s[g], s->s[g]));
            between += c * c / (double)ng;
            within += ps_to_double(a) / (double)ng;
            r.num = ps_add(r.num, ps_mul_small(ps_mul_i64(s->s[g], s->s[g]), sh->aux[g]));
        }
        r.den = ps_make(sh->aux[0] != 0, 0); /* the key is F's identity where the host proved it fits (aux) */
        r.sign = 1; /* F >= 0, and all-equal data (0/0) are refused */
        r.x = between * scale / within;
    }
#elif PS_STAT == PS_PEARSON_R
    {
        ps_u128 key = ps_sub(ps_mul_small(ps_acc_wide(s->sxy), (ps_u64)sh->n), ps_mul_i64(s->sx, s->sy));
        r.sign = ps_sign(key);
        r.num = ps_abs(key);
        r.x = ps_to_double(key) / scale;
    }
#elif PS_STAT == PS_KENDALL_TAU
    r.sign = ps_sgn(s->con);
    r.num = ps_from_i64(s->con < 0 ? -s->con : s->con);
    r.x = (double)s->con / scale;
#elif PS_REGRESSION
    (void)scale;
    ps_reg_eval(&r, s->acc, d, sh);
#else
    r.x = ps_user_eval(w, d, sh);
    r.sign = r.x != r.x ? PS_NAN : 0;
#endif
    (void)w, (void)s, (void)v, (void)d, (void)sh, (void)par;
    return r;
}

/* PS_EXACT's screen for the ratio keys (Welch's t, the variance ratio),
 * whose exact comparison multiplies 128-bit numbers into 256 bits. x is the
 * statistic computed in doubles from the exact sums: a few roundings of
 * terms of one sign, each of 2^-53 (ps_to_double's two, a product, a sum, a
 * quotient, a square root, a product: 6 in all, 2^-50.4), so within a
 * relative e = 2^-50 of the real value of the same formula, which orders as
 * the key (the scale is positive and at least 2^-12, so nothing underflows). If a < b - 2^-30 |b| then a + e|a| <
 * b - e|b|: for |a| <= 2|b| because 2^-30 > 3e, and for |a| > 2|b| because
 * a is then negative. So where two finite x differ by more than 2^-30 of
 * the second, x alone orders them (-1, 1); otherwise 0 and the keys decide.
 * The bounds are b's alone (ps_bounds_of), so that the observed value's are
 * made once, not for every rank. */
#define PS_SCREENED (PS_EXACT && (PS_STAT == PS_WELCH_T || PS_STAT == PS_VAR_RATIO))
typedef struct {
    double lo, hi; /* a < lo: -1, a > hi: 1 */
} ps_bounds;

PS_FN ps_bounds ps_bounds_of(double b)
{
    double margin = fabs(b) * 9.313225746154785e-10; /* 2^-30 */
    ps_bounds k;
    k.lo = b - margin;
    k.hi = b + margin;
    if (!(fabs(b) <= PS_HUGE)) /* no finite a is outside */
        k.lo = -PS_HUGE, k.hi = PS_HUGE;
    return k;
}

PS_FN int ps_screen(double a, ps_bounds k)
{
    if (!(fabs(a) <= PS_HUGE))
        return 0;
    return a < k.lo ? -1 : a > k.hi ? 1 : 0;
}

/* the exact key of r, num/den, made here where ps_eval deferred it */
PS_FN void ps_key(const ps_value *r, ps_u128 *num, ps_u128 *den)
{
    *num = r->num;
    *den = r->den;
#if PS_DEFERRED
    if (r->deferred)
        ps_welch_key(r->num, r->a, r->b, r->k1, r->k2, num, den);
#endif
}

/* -1, 0, 1 as |a| is below, equal to, above |b| (exact keys); kb:
 * ps_bounds_of(|b.x|) */
PS_FN int ps_cmp_abs(const ps_value *a, const ps_value *b, ps_bounds kb)
{
    ps_u128 an, ad, bn, bd;
#if PS_SCREENED
    int c = ps_screen(fabs(a->x), kb);
    if (c)
        return c;
#endif
    (void)kb; /* no screen */
    ps_key(a, &an, &ad);
    ps_key(b, &bn, &bd);
#if !PS_SQUARES && PS_STAT != PS_USER
    (void)ad, (void)bd; /* an integer key: den is 1 */
    return ps_cmp_u(an, bn);
#else
    return ps_cmp_products(an, bd, bn, ad);
#endif
}

/* the observed value, and the screen's bounds of its x and |x| */
typedef struct {
    ps_value v;
    ps_bounds x, abs;
} ps_obs;

/* -1, 1 as a is below, above the observed value b where the screen or
 * the signs decide it, else 0 */
PS_FN int ps_cmp_cheap(const ps_value *a, const ps_obs *b)
{
#if PS_SCREENED
    int c = ps_screen(a->x, b->x);
    if (c)
        return c;
#endif
    return a->sign == b->v.sign ? 0 : a->sign < b->v.sign ? -1 : 1;
}

/* -1, 0, 1 as a is below, equal to, above the observed value b (exact
 * keys), given abs = ps_cmp_abs(a, b) */
PS_FN int ps_cmp(const ps_value *a, const ps_obs *b, int abs)
{
    int c = ps_cmp_cheap(a, b);
    return c ? c : a->sign < 0 ? -abs : abs;
}

/* |r| >= |observed|: exactly, or past the band's lower edge */
PS_FN int ps_abs_ge(const ps_value *r, const ps_obs *obs, const PS_G double *par)
{
#if PS_EXACT
    (void)par;
    return ps_cmp_abs(r, &obs->v, obs->abs) >= 0;
#else
    (void)obs;
    return fabs(r->x) >= par[PS_ABS_LO];
#endif
}

/* the observed value as the host passes it: obs its exact key, par[PS_OBS_X] its x */
PS_FN ps_obs ps_observed(const PS_G ps_u64 *obs, const PS_G double *par)
{
    ps_obs o;
    o.v.sign = (int)(ps_i64)obs[0];
    o.v.num = ps_make(obs[1], obs[2]);
    o.v.den = ps_make(obs[3], obs[4]);
#if PS_DEFERRED
    o.v.deferred = 0;
#endif
    o.v.x = par[PS_OBS_X];
    o.x = ps_bounds_of(o.v.x);
    o.abs = ps_bounds_of(fabs(o.v.x));
    return o;
}

/* Without PS_EXACT: whether r is the observed value itself, which its band
 * does not decide: the same exact identity (ps_eval's key), none where den
 * is 0. Equal doubles are not enough: the doubles of two different values
 * past the exact bounds (welch_t near 2^53) can round alike. A C
 * statistic's value is its double. */
PS_FN int ps_same(const ps_value *r, const ps_value *obs)
{
#if PS_STAT == PS_USER || PS_REGRESSION /* the statistic's bits: its sums are exact (stats_regression.h) */
    return r->x == obs->x;
#else
    return r->sign == obs->sign && (r->den.lo | r->den.hi) != 0 && r->num.lo == obs->num.lo
           && r->num.hi == obs->num.hi && r->den.lo == obs->den.lo && r->den.hi == obs->den.hi;
#endif
}

/* The counters of one value against the observed one, each by a constant
 * index: an index chosen at run time would put the counters in local
 * memory on a GPU (Welch's ps_count kept them in a 48-byte stack frame).
 * 32 bits, half the adds and registers of 64 on a GPU: ps_count's walk (a
 * launch: the hosts launch at most 2^32 - 1 ranks at a time) and each part
 * of ps_maxt's have at most 2^32 - 1 ranks. PS_EQUAL is left to
 * ps_tally_add: each rank is exactly one of less, equal, greater and
 * undefined, so the ranks walked give it without an add a rank.
 * Exact keys: with cheap_first 0, one |r| comparison serves the order and
 * PS_ABS_GE, which takes ps_count from 114 to 90 registers for sm_90 (an
 * H100); ps_maxt, bounded to 64, passes 1 and compares |r| only where the
 * screen and the signs leave the order open (with 0 it spills more and
 * maxT took 1.22 s, not 1.05: bench/RESULTS.md). Returns 0 for an
 * undefined value, else 1. */
PS_FN int ps_tally(const ps_value *r, const ps_obs *obs, const PS_G double *par, kperm_u32 *count, int cheap_first)
{
    int c;
    if (r->sign == PS_NAN || r->x != r->x) {
        count[PS_UNDEFINED]++;
        return 0;
    }
#if PS_EXACT
    if (cheap_first) { /* ps_cmp's tail written out: through ps_cmp, ps_maxt spills more (ptxas) */
        c = ps_cmp_cheap(r, obs);
        c = c ? c : r->sign < 0 ? -ps_cmp_abs(r, &obs->v, obs->abs) : ps_cmp_abs(r, &obs->v, obs->abs);
        count[PS_ABS_GE] += ps_abs_ge(r, obs, par);
    } else {
        int abs = ps_cmp_abs(r, &obs->v, obs->abs);
        c = ps_cmp(r, obs, abs);
        count[PS_ABS_GE] += abs >= 0;
    }
#else
    (void)cheap_first;
    c = r->x < par[PS_LO] ? -1 : r->x > par[PS_HI];
    count[PS_IN_BAND] += c == 0 && !ps_same(r, &obs->v);
    count[PS_ABS_GE] += ps_abs_ge(r, obs, par);
#endif
    (void)par; /* exact comparisons need no band */
    count[PS_LESS] += c < 0;
    count[PS_GREATER] += c > 0;
    return 1;
}

/* adds the counters of the `ranks` ranks ps_tally saw (at most 2^32 - 1)
 * to out, PS_EQUAL those it counted as nothing else, and empties them */
PS_FN void ps_tally_add(PS_G ps_u64 *out, kperm_u32 *count, ps_u64 ranks)
{
    int j;
    count[PS_EQUAL] = (kperm_u32)ranks - count[PS_LESS] - count[PS_GREATER] - count[PS_UNDEFINED];
    for (j = 0; j < PS_COUNTS; j++) {
        out[j] += count[j];
        count[j] = 0;
    }
}

/* ps_tally of r, and r into the extremes lo, hi; returns r's histogram bin
 * (of bins), or -1 where there is none */
PS_FN int ps_note(const ps_value *r, const ps_obs *o, const PS_G double *par, kperm_u32 *count, int bins, double *lo,
                  double *hi)
{
    int defined = ps_tally(r, o, par, count, 0);
    double t;
    if (r->x - r->x == 0) { /* finite: no NaN for fmin and fmax to handle, and comparisons cost less */
        *lo = r->x < *lo ? r->x : *lo;
        *hi = r->x > *hi ? r->x : *hi;
    }
    if (!defined || bins <= 0)
        return -1;
    t = (r->x - par[PS_HIST_LO]) * par[PS_HIST_INV];
    t = t > 0 ? t : 0;
    return t < bins - 1 ? (int)t : bins - 1;
}

PS_FN void ps_shape_load(ps_shape *sh, int n, int m, int cols, const PS_G kperm_u8 *sizes, const PS_G ps_u64 *aux)
{
    int g;
    sh->n = n;
    sh->m = m;
    sh->cols = cols;
    for (g = 0; g < PS_K; g++) {
        sh->sizes[g] = sizes[g];
        sh->aux[g] = aux[g];
    }
}

#if PS_REGRESSION
#include "stats_regression_sweep.h"
#endif

/* The arrangement of one rank, hi * 2^64 + lo, for ps_values and ps_sample:
 * the walk's own, stepped onto. Two groups past PS_MAXN observations (drawn
 * from only, up to PS_SAMPLE_MAXN: no walk steps from them) take group 1 as
 * the rank's m-subset in lexicographic order (kperm_comb_unrank128), its
 * sums built an element at a time; hi is 0 but there. */
PS_FN void ps_walk_at(ps_walk *w, const PS_G ps_i64 *v, const ps_shape *sh, ps_u64 lo, ps_u64 hi)
{
#if PS_WALK == PS_TWO && !PS_STRATA
    if (sh->n > PS_MAXN) {
        kperm_rank128 rank;
        kperm_u8 comb[PS_SAMPLE_MAXN];
        ps_u64 mask = 0, mask_hi = 0;
        int c, j;
        rank.lo = lo, rank.hi = hi;
        kperm_comb_unrank128(rank, sh->n, sh->m, comb); /* rank < C(n, m): the host's total */
        for (c = 0; c < PS_NCOLS(sh); c++)
            ps_build(&w->sums[c], PS_COL(v, sh, c), sh, 0);
        for (j = 0; j < sh->m; j++) {
            int i = comb[j];
            for (c = 0; c < PS_NCOLS(sh); c++)
                ps_toggle(&w->sums[c], PS_COL(v, sh, c), sh, i, 1);
            if (i < 64)
                mask |= (ps_u64)1 << i;
            else
                mask_hi |= (ps_u64)1 << (i - 64);
        }
        w->c.mask = mask;
#if PS_STAT == PS_USER
        w->mask_hi = mask_hi;
#else
        (void)mask_hi;
#endif
        return;
    }
#endif
    (void)hi;
    ps_walk_init(w, v, sh, lo, lo + 1);
    ps_walk_next(w, v, sh);
}

/* ---- the kernels */

/* Counts ranks [begin, end): each work-item walks its part (kperm_split)
 * and writes its PS_COUNTS counters to counts[PS_COUNTS*id ...] and the least
 * and greatest finite statistic to extremes[2*id ...]; with bins > 0 each
 * work-group adds its histogram (bins over [PS_HIST_LO, +bins/PS_HIST_INV),
 * values outside in the end bins) to hist[bins*group ...] in 32-bit local
 * counters. Those and ps_tally's 32-bit counters the host keeps from
 * overflowing by launching at most 2^32 - 1 ranks at a time. obs: the
 * observed value as ps_observe wrote it. */
PS_KERNEL ps_count(const PS_G ps_i64 *v, const PS_G double *d, const PS_G kperm_u8 *sizes, const PS_G ps_u64 *aux,
                   const PS_G ps_u64 *obs, const PS_G double *par, int n, int m, ps_u64 begin, ps_u64 end,
                   int bins, PS_G ps_u64 *counts, PS_G double *extremes, PS_G ps_u64 *hist)
{
    PS_LOCAL_UINTS(local_hist, PS_MAX_BINS);
    ps_u64 me = PS_GLOBAL_ID, b = 0, e = 0;
    kperm_u32 count[PS_COUNTS];
    PS_G ps_u64 *out = counts + PS_COUNTS * me;
    double lo = PS_HUGE, hi = -PS_HUGE;
    ps_shape sh;
    ps_walk w;
    ps_obs o;
    int j;
    ps_shape_load(&sh, n, m, 1, sizes, aux);
    o = ps_observed(obs, par);
    for (j = 0; j < PS_COUNTS; j++)
        count[j] = 0, out[j] = 0;
    for (j = PS_LOCAL_ID; j < bins; j += PS_LOCAL_SIZE)
        local_hist[j] = 0;
    PS_SYNC();
    kperm_split(begin, end, PS_GLOBAL_SIZE, me, &b, &e);
    ps_walk_init(&w, v, &sh, b, e);
#if PS_REGRESSION && PS_REG_SWEEPS
    if (w.plain) /* a sweep at a time on the host (stats_regression_sweep.h) */
        ps_reg_sweeps(&w, v, d, &sh, par, &o, count, bins, &lo, &hi, local_hist);
    else
#endif
    while (ps_walk_next(&w, v, &sh)) {
        ps_value r = ps_eval(&w, w.sums, v, d, &sh, par);
        int bin = ps_note(&r, &o, par, count, bins, &lo, &hi);
        if (bin >= 0)
            PS_LOCAL_INC(&local_hist[bin]);
    }
    ps_tally_add(out, count, e - b);
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
    ps_u128 num, den;
    if (i >= count)
        return;
    ps_shape_load(&sh, n, m, 1, sizes, aux);
    ps_walk_at(&w, v, &sh, begin + i, 0);
    r = ps_eval(&w, w.sums, v, d, &sh, par);
    ps_key(&r, &num, &den);
    out[5 * i] = (ps_u64)(ps_i64)r.sign;
    out[5 * i + 1] = num.lo;
    out[5 * i + 2] = num.hi;
    out[5 * i + 3] = den.lo;
    out[5 * i + 4] = den.hi;
    x[i] = r.x;
}

/* maxT (Westfall and Young's single-step adjusted p-values) over sh.cols
 * value columns walked together (v, obs and par a block each, PS_COL and
 * PS_PARS apart): for each rearrangement the columns' statistics, the
 * largest |T_i| among those defined, and for each column j whether
 * |T_j| >= |t_j| and whether max_i |T_i| >= |t_j| (two-sided; the same
 * exact keys or band as ps_tally, and the keys of all columns share one
 * scale: one 10^d and one group size). Each work-item writes column 0's
 * PS_COUNTS counters (so that the host sees every rank counted once), then
 * for each column j its two counts, to counts[(PS_COUNTS + 2*cols)*id ...]. */
#ifndef PS_MAXT_BOUNDS
#define PS_MAXT_BOUNDS
#endif
#define PS_PART 0xffffffffu /* the most ranks of one part of ps_maxt's walk */
#if PS_COLUMNS > 64
#error "ps_maxt keeps a bit a column in 64 bits"
#endif
PS_KERNEL PS_MAXT_BOUNDS ps_maxt(const PS_G ps_i64 *v, const PS_G double *d, const PS_G kperm_u8 *sizes, const PS_G ps_u64 *aux,
                  const PS_G ps_u64 *obs, const PS_G double *par, int n, int m, int cols, ps_u64 begin, ps_u64 end,
                  PS_G ps_u64 *counts)
{
    PS_LOCAL ps_sums fixed[PS_COLUMNS];
    ps_u64 me = PS_GLOBAL_ID, b = 0, e = 0, stop, tally[PS_COLUMNS];
    kperm_u32 count[PS_COUNTS];
    ps_value r, top;
    ps_shape sh;
    ps_walk w;
    int j, stride = PS_COUNTS + 2 * cols;
    PS_G ps_u64 *out = counts + stride * me;
    ps_shape_load(&sh, n, m, cols, sizes, aux);
    for (j = 0; j < PS_COUNTS; j++)
        count[j] = 0;
    for (j = 0; j < PS_COUNTS + 2 * PS_NCOLS(&sh); j++)
        out[j] = 0;
    /* the observed values, the same for every work-item, are read where
     * compared (mostly just x, the rest only past the screen) rather than
     * kept in an array, which a GPU would hold in local memory */
    top = ps_observed(obs, par).v; /* read only once a column defined it */
    kperm_split(begin, end, PS_GLOBAL_SIZE, me, &b, &e);
    /* column j's two counts share tally[j], |T_j| >= |t_j| in the low 32
     * bits and max |T_i| >= |t_j| in the high: one counter a column in local
     * memory rather than two. The walk goes in parts of at most 2^32 - 1
     * ranks, so that neither half nor ps_tally's 32-bit counters overflow,
     * and adds each part's to out. */
    stop = e - b > PS_PART ? b + PS_PART : e;
    ps_walk_init(&w, v, &sh, b, stop);
    for (j = PS_LOCAL_ID; j < PS_NCOLS(&sh); j += PS_LOCAL_SIZE)
        fixed[j] = w.sums[j];
    PS_SYNC();
    for (;;) {
        for (j = 0; j < PS_NCOLS(&sh); j++)
            tally[j] = 0;
        /* each column's value is compared as it is made, and only the
         * largest kept: an array of them, indexed by the largest's column,
         * would live in local memory */
        while (ps_walk_next(&w, v, &sh)) {
            ps_u64 own = 0; /* bit j: |T_j| >= |t_j| */
            int defined = 0;
            for (j = 0; j < PS_NCOLS(&sh); j++) {
                ps_sums sj = w.sums[j];
                ps_steady(&sj, fixed[j]);
                ps_obs oj = ps_observed(obs + 5 * j, par + PS_PARS * j);
                r = ps_eval(&w, &sj, PS_COL(v, &sh, j), d, &sh, par + PS_PARS * j);
                if (j == 0)
                    ps_tally(&r, &oj, par, count, 1);
                if (r.sign == PS_NAN || r.x != r.x)
                    continue;
                own |= (ps_u64)ps_abs_ge(&r, &oj, par + PS_PARS * j) << j;
                if (!defined
                    || (PS_EXACT ? ps_cmp_abs(&r, &top, ps_bounds_of(fabs(top.x))) > 0 : fabs(r.x) > fabs(top.x)))
                    top = r;
                defined = 1;
            }
            for (j = 0; j < PS_NCOLS(&sh) && defined; j++) {
                ps_obs oj = ps_observed(obs + 5 * j, par + PS_PARS * j);
                tally[j] += ((own >> j) & 1) | (ps_u64)ps_abs_ge(&top, &oj, par + PS_PARS * j) << 32;
            }
        }
        for (j = 0; j < PS_NCOLS(&sh); j++) {
            out[PS_COUNTS + 2 * j] += tally[j] & 0xffffffffu;
            out[PS_COUNTS + 2 * j + 1] += tally[j] >> 32;
        }
        ps_tally_add(out, count, stop - b);
        if (stop == e)
            break;
        b = stop;
        stop = e - b > PS_PART ? b + PS_PART : e;
        ps_walk_init(&w, v, &sh, b, stop);
    }
}

#include "stats_sample.h"

#endif /* KPERM_STATS_KERNEL_H */
