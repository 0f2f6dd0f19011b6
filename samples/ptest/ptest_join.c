/* ptest_join.c - two groups' splits as high part plus table entry, screened
 * in doubles (ptest_join.h). */
#include "ptest_join.h"
#include "ptest_backend.h"
#include "kperm.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PTEST_JOIN_TILE 256                   /* ranks a screen decides, or the kernel counts, at once */
#define PTEST_JOIN_TOL 9.313225746154785e-10 /* 2^-30: rounding moves g by about 2^-47 of its bound */
#define PTEST_JOIN_SMALL 16   /* sorted entries a small box bounds at once (join_boxes) */
#define PTEST_JOIN_LARGE 128  /* and a large one, 8 small ones */
#define PTEST_JOIN_BOXES 128  /* the most large boxes of a table: C(16, 8) / 128, rounded up, is 101 */

/* boxes of `size` consecutive sorted entries of every table: table t's
 * are boxes start[t] .. start[t + 1] - 1, each with the least and the
 * greatest s, u and w of its entries (s's are its first and last entry's,
 * copied so that join_boxes reads every bound from its own array) */
typedef struct {
    int size;
    double *s_lo, *s_hi, *u_lo, *u_hi, *w_lo, *w_hi;
    kperm_rank start[PTEST_JOIN_LOW + 2];
} join_level;

struct ptest_join {
    int stat, n, m, low;
    double x[PTEST_MAXN];     /* the values less their mean rounded to an integer (the statistics do not move) */
    double sum, sum_sq, abs_sum; /* of x, x^2 and |x| */
    double k1, k2;            /* Welch's n1^2 (n1 - 1) and n2^2 (n2 - 1) */
    double p_max, r_max;      /* every term of P, and of R, is at most this (join_bounds) */
    double e_p, e_r;          /* bounds on the rounding error of N (A) and D (B) as the screen computes them */
    kperm_rank start[PTEST_JOIN_LOW + 2]; /* table t: entries start[t] .. start[t + 1] - 1 */
    double *s, *q, *u, *w;    /* an entry's sum of x and of x^2, and the terms of P and R that depend on it alone */
    /* Where every sum of x and of x^2 is an integer below 2^53 (so exact in
     * doubles), the splits whose (s, q) are the observed ones have its
     * statistic, and with n1 = n2 those with (S - s_obs, Q - q_obs) its
     * negative (the mean difference and Welch's t): ties decided without
     * the kernel. Else NaN, equal to nothing. Where the statistic does not
     * depend on q (the mean difference; Welch's t for n1 = n2, whose q
     * terms cancel, compared exactly) q_weight is 0, else 1: q's compared
     * are times it. */
    double s_obs, q_obs, s_mirror, q_mirror, q_weight;
    /* Each table again, sorted by s (whole blocks, join_sorted): the
     * entries' s, q, u, w in that order, each one's place in its table's
     * revolving-door order, and their small and large boxes. */
    double *ss, *sq, *su, *sw, *bounds;
    int *place;
    join_level small, large;
};

/* the columns a screen reads: a table's, in rank order or sorted */
typedef struct {
    const double *s, *q, *u, *w;
} join_cols;

/* compare with c: g = P - c*R, decided where |g| > g_max */
typedef struct {
    double c, g_max;
} join_edge;

typedef struct {
    join_edge lo, hi, abs; /* the observed value (or the band's edges), and |observed| */
    join_edge least, most; /* the extremes so far: a split inside them cannot move them */
    double scale;          /* PAR_SCALE */
    int bins;              /* the histogram's (0: none), over [hist_lo, +bins/hist_inv) */
    double hist_lo, hist_inv;
} join_edges;

typedef struct {
    long long less, equal, greater, abs_ge, sure;
} join_tally;

/* ---- the statistics as P/R over s = group 1's sum, q = its sum of squares.
 * With S, Q the totals, n = n1 + n2:
 *   mean:  P = N = n*s - S*n1 (the kernel's key), R = 1, |P| for |x|
 *   welch: P = N*|N|, R = D = k2*(n1*q - s^2) + k1*(n2*(Q - q) - (S - s)^2), N^2 for |x|
 *   var:   P = A = n1*q - s^2, R = B = n2*(Q - q) - (S - s)^2 (x >= 0)
 * With s = sH + sL and q = qH + qL (the high part's and a table entry's):
 *   N = n*sL + a,  D = u + gam*sL + del,  u = alpha*qL - (k1 + k2)*sL^2, alpha = k2*n1 - k1*n2
 *   A = u + gA*sL + dA, u = n1*qL - sL^2;  B = w + gB*sL + dB, w = -n2*qL - sL^2 */

static double join_alpha(const ptest_join *J)
{
    return J->k2 * J->m - J->k1 * (J->n - J->m);
}

/* the table entry's own terms */
static void join_terms(const ptest_join *J, double s, double q, double *u, double *w)
{
    *u = *w = 0;
    if (J->stat == PTEST_WELCH)
        *u = join_alpha(J) * q - (J->k1 + J->k2) * s * s;
    else if (J->stat == PTEST_VAR_RATIO) {
        *u = J->m * q - s * s;
        *w = -(J->n - J->m) * q - s * s;
    }
}

/* a block's constants: mean a; welch a, gam, del; var gA, dA, gB, dB; then
 * k[4], k[5] the high part's sums */
static void join_block(const ptest_join *J, double sh, double qh, double *k)
{
    k[4] = sh;
    k[5] = qh;
    double n = J->n, n1 = J->m, n2 = n - n1, S = J->sum, Q = J->sum_sq, rest = S - sh;
    k[0] = n * sh - S * n1;
    if (J->stat == PTEST_WELCH) {
        k[1] = -2 * (J->k2 * sh - J->k1 * rest);
        k[2] = join_alpha(J) * qh + J->k1 * n2 * Q - J->k2 * sh * sh - J->k1 * rest * rest;
    } else if (J->stat == PTEST_VAR_RATIO) {
        k[0] = -2 * sh;
        k[1] = n1 * qh - sh * sh;
        k[2] = 2 * rest;
        k[3] = n2 * (Q - qh) - rest * rest;
    }
}

/* With T = sum |x| and V = sum x^2 every |s|, |sH|, |sL|, |S - s| <= T and
 * q, qH, qL, Q - q <= V: |N| and its terms <= 3nT, each term of D <=
 * (k1 + k2)(3nV + 10T^2) (alpha <= (k1 + k2)n), of A and B <= 2nV + 9T^2. */
static void join_bounds(ptest_join *J)
{
    double t = J->abs_sum * (1 + 1e-9), v = J->sum_sq * (1 + 1e-9), n = J->n; /* with their own rounding */
    J->p_max = 3 * n * t;
    J->r_max = 1;
    if (J->stat == PTEST_WELCH) {
        J->p_max *= J->p_max;
        J->r_max = (J->k1 + J->k2) * (3 * n * v + 10 * t * t);
    } else if (J->stat == PTEST_VAR_RATIO)
        J->p_max = J->r_max = 2 * n * v + 9 * t * t;
    /* a handful of roundings of 2^-53 each, on terms no larger than these */
    J->e_p = 0x1p-40 * (J->stat == PTEST_VAR_RATIO ? J->p_max : 3 * n * t);
    J->e_r = J->stat == PTEST_MEAN ? 0 : 0x1p-40 * J->r_max;
}

/* J's s_obs ... q_mirror (rank 0 holds group 1 in elements 0 .. m - 1) */
static void join_ties(ptest_join *J, int exact)
{
    double so = 0, qo = 0;
    int i;
    for (i = 0; i < J->n; i++) {
        so += i < J->m ? J->x[i] : 0;
        qo += i < J->m ? J->x[i] * J->x[i] : 0;
    }
    J->s_obs = J->q_obs = J->s_mirror = J->q_mirror = NAN;
    /* Welch's exact key ignores q for n1 = n2, but its double (compared
     * within a tolerance) is rounded from terms that depend on q */
    J->q_weight = J->stat == PTEST_MEAN || (J->stat == PTEST_WELCH && 2 * J->m == J->n && exact) ? 0 : 1;
    if (J->abs_sum < 0x1p53 && J->sum_sq < 0x1p53) { /* every partial sum exact, and so these two */
        J->s_obs = so;
        J->q_obs = J->q_weight * qo;
        if (2 * J->m == J->n && J->stat != PTEST_VAR_RATIO) {
            J->s_mirror = J->sum - so;
            J->q_mirror = J->q_weight * (J->sum_sq - qo);
        }
    }
}

typedef struct {
    double s;
    int place;
} join_key;

static int join_key_cmp(const void *a, const void *b)
{
    const join_key *x = (const join_key *)a, *y = (const join_key *)b;
    return x->s < y->s ? -1 : x->s > y->s ? 1 : x->place - y->place;
}

/* L's boxes of J's sorted tables, their bounds from *bounds on (which it moves past them) */
static void join_level_build(ptest_join *J, join_level *L, double **bounds)
{
    kperm_rank boxes = 0, b, k;
    int t;
    for (t = 0; t <= J->low; t++) {
        L->start[t] = boxes;
        boxes += (J->start[t + 1] - J->start[t] + L->size - 1) / L->size;
    }
    L->start[J->low + 1] = boxes;
    L->s_lo = *bounds;
    L->s_hi = L->s_lo + boxes;
    L->u_lo = L->s_hi + boxes;
    L->u_hi = L->u_lo + boxes;
    L->w_lo = L->u_hi + boxes;
    L->w_hi = L->w_lo + boxes;
    *bounds = L->w_hi + boxes;
    for (t = 0; t <= J->low; t++)
        for (b = L->start[t]; b < L->start[t + 1]; b++) {
            kperm_rank lo = J->start[t] + (b - L->start[t]) * L->size;
            kperm_rank end = J->start[t + 1] - lo > (kperm_rank)L->size ? lo + L->size : J->start[t + 1];
            L->s_lo[b] = J->ss[lo];
            L->s_hi[b] = J->ss[end - 1];
            L->u_lo[b] = L->u_hi[b] = J->su[lo];
            L->w_lo[b] = L->w_hi[b] = J->sw[lo];
            for (k = lo; k < end; k++) {
                L->u_lo[b] = J->su[k] < L->u_lo[b] ? J->su[k] : L->u_lo[b];
                L->u_hi[b] = J->su[k] > L->u_hi[b] ? J->su[k] : L->u_hi[b];
                L->w_lo[b] = J->sw[k] < L->w_lo[b] ? J->sw[k] : L->w_lo[b];
                L->w_hi[b] = J->sw[k] > L->w_hi[b] ? J->sw[k] : L->w_hi[b];
            }
        }
}

/* J's sorted tables and their boxes (J->ss ...): 0, or -1 where memory ran out */
static int join_sort(ptest_join *J)
{
    kperm_rank entries = J->start[J->low + 1], k, largest = 0;
    kperm_rank boxes = 2 * (entries / PTEST_JOIN_SMALL + J->low + 1); /* both levels' at most */
    join_key *key = (join_key *)malloc(entries * sizeof *key);
    double *bounds;
    int t;
    J->ss = (double *)malloc(4 * entries * sizeof(double));
    J->bounds = (double *)malloc(6 * boxes * sizeof(double));
    J->place = (int *)malloc(entries * sizeof(int));
    if (!key || !J->ss || !J->bounds || !J->place) {
        free(key);
        return -1;
    }
    J->sq = J->ss + entries;
    J->su = J->sq + entries;
    J->sw = J->su + entries;
    for (t = 0; t <= J->low; t++) {
        kperm_rank base = J->start[t], size = J->start[t + 1] - base;
        largest = size > largest ? size : largest;
        for (k = 0; k < size; k++) {
            key[k].s = J->s[base + k];
            key[k].place = (int)k;
        }
        qsort(key, size, sizeof *key, join_key_cmp);
        for (k = 0; k < size; k++) {
            kperm_rank from = base + (kperm_rank)key[k].place, to = base + k;
            J->ss[to] = J->s[from];
            J->sq[to] = J->q[from];
            J->su[to] = J->u[from];
            J->sw[to] = J->w[from];
            J->place[to] = key[k].place;
        }
    }
    free(key);
    if (largest > (kperm_rank)PTEST_JOIN_BOXES * PTEST_JOIN_LARGE) /* not for PTEST_JOIN_LOW <= 16 */
        return -1;
    bounds = J->bounds;
    J->small.size = PTEST_JOIN_SMALL;
    J->large.size = PTEST_JOIN_LARGE;
    join_level_build(J, &J->small, &bounds);
    join_level_build(J, &J->large, &bounds);
    return 0;
}

int ptest_join_low(const ptest_problem *p)
{
    int low = 1;
    while (low < PTEST_JOIN_LOW && kperm_binomial(low, low / 2) * 1024 < p->total)
        low++;
    return low;
}

ptest_join *ptest_join_new(const ptest_problem *p, int low)
{
    ptest_join *J;
    long long total = 0, centre;
    kperm_rank entries = 0;
    int i, t;
    if (p->walk != PTEST_TWO || p->cols != 1 || p->user[0] || p->n < 2 || p->m < 1 || p->m >= p->n
        || (p->stat != PTEST_MEAN && p->stat != PTEST_WELCH && p->stat != PTEST_VAR_RATIO)
        || p->par[PAR_UNIT] != 1) /* the screen's x = key / scale: not for values near the doubles' least */
        return NULL;
    if (!(J = (ptest_join *)calloc(1, sizeof *J)))
        return NULL;
    J->stat = p->stat;
    J->n = p->n;
    J->m = p->m;
    J->low = low < p->n ? low : p->n;
    J->low = J->low < PTEST_JOIN_LOW ? J->low : PTEST_JOIN_LOW;
    for (i = 0; i < p->n; i++)
        total += p->v[i]; /* |v| < 2^53, n <= 64 */
    centre = total / p->n;
    for (i = 0; i < p->n; i++) {
        J->x[i] = (double)(p->v[i] - centre);
        J->sum += J->x[i];
        J->sum_sq += J->x[i] * J->x[i];
        J->abs_sum += fabs(J->x[i]);
    }
    J->k1 = (double)J->m * J->m * (J->m - 1);
    J->k2 = (double)(J->n - J->m) * (J->n - J->m) * (J->n - J->m - 1);
    join_bounds(J);
    for (t = 0; t <= J->low; t++) {
        J->start[t] = entries;
        entries += kperm_binomial(J->low, t);
    }
    J->start[J->low + 1] = entries;
    J->s = (double *)malloc(4 * entries * sizeof(double));
    if (!J->s) {
        free(J);
        return NULL;
    }
    J->q = J->s + entries;
    J->u = J->q + entries;
    J->w = J->u + entries;
    join_ties(J, p->exact);
    /* table t: the t-subsets of the low elements in revolving-door order */
    for (t = 0; t <= J->low; t++) {
        kperm_u64 mask = t ? ((kperm_u64)1 << t) - 1 : 0;
        kperm_rank e = J->start[t];
        int out, in;
        do {
            double s = 0, q = 0;
            for (i = 0; i < J->low; i++)
                if (mask >> i & 1) {
                    s += J->x[i];
                    q += J->x[i] * J->x[i];
                }
            J->s[e] = s;
            J->q[e] = q;
            join_terms(J, s, q, &J->u[e], &J->w[e]);
            e++;
        } while (kperm_revdoor_next_mask(&mask, J->low, &out, &in) == KPERM_OK);
    }
    if (join_sort(J)) {
        ptest_join_free(J);
        return NULL;
    }
    return J;
}

void ptest_join_free(ptest_join *J)
{
    if (J) {
        free(J->s);
        free(J->ss);
        free(J->bounds);
        free(J->place);
    }
    free(J);
}

/* ---- the screen: the comparisons of one tile's splits, counted without
 * branches so that the compiler vectorizes each loop. JOIN_DECIDE takes one
 * split's P, R and the P of |x| against the edges held in locals: it adds
 * to the counters and, as OUT asks, writes the split's code, 0 where any
 * comparison (or the histogram's bin) is left open, else 1 + [less] +
 * 2[greater] + 4[|x| >= |observed|] + 8[equal] + 16*bin. Without a
 * histogram a tile is screened first for its counts alone (JOIN_COUNTS):
 * the codes are needed only where it is not decided whole, which is
 * rare (0.60 -> 0.54 s on the case below). Each loop is compiled for
 * ONE, the two edges one (exact counting: hi's comparison is lo's), and
 * for QW, q_weight 1 (else 0: ties are found on s alone), so that the
 * common case does neither the second comparison nor q's (Welch's t on
 * 16 + 16, one thread of the 2-core EPYC: 0.70 -> 0.60 s). */

enum { JOIN_COUNTS, JOIN_CODES, JOIN_BINS }; /* OUT: the counters; and the codes; and the codes' bins */

#define JOIN_MAX(a, b) ((a) > (b) ? (a) : (b)) /* not libm's fmax: a call a use, for NaNs that none of these is */
#define JOIN_MIN(a, b) ((a) < (b) ? (a) : (b))

/* The kernel's bin of every x in [X_LO, X_HI] with error bar DX, into
 * bin_ with binned_ 1 where both ends of the range's error bar fall in
 * that bin, else binned_ 0 (one split: X_LO = X_HI) */
#define JOIN_BIN(X_LO, X_HI, DX)                                                                         \
    do {                                                                                                 \
        double t0_ = ((X_LO) - hist_lo) * hist_inv, t1_ = ((X_HI) - hist_lo) * hist_inv;                 \
        double dt_ = hist_inv * ((DX) + 0x1p-46 * (JOIN_MAX(fabs(X_LO), fabs(X_HI)) + fabs(hist_lo)))    \
                     + 0x1p-46 * (JOIN_MAX(fabs(t0_), fabs(t1_)) + 1);                                   \
        double b0_ = floor(t0_ - dt_), b1_ = floor(t1_ + dt_);                                           \
        b0_ = b0_ < 0 ? 0 : b0_ > last_bin ? last_bin : b0_;                                             \
        b1_ = b1_ < 0 ? 0 : b1_ > last_bin ? last_bin : b1_;                                             \
        binned_ = b0_ == b1_ ? 1.0 : 0.0;                                                                \
        bin_ = b0_ == b1_ ? b0_ : 0; /* not 0*b0_: b0_ may be NaN */                                     \
    } while (0)

#define JOIN_DECIDE(P, R, PA, OUT, ONE, QW, X, DX)                                                      \
    do {                                                                                                 \
        double lo_ = (P) - lo_c * (R), hi_ = (ONE) ? lo_ : (P) - hi_c * (R), ab_ = (PA) - abs_c * (R);   \
        double si_ = sh + s[i], qi_ = (QW) ? qh + q[i] : 0;                                              \
        double eq_ = si_ == s_obs && qi_ == q_obs ? 1.0 : 0.0;                                           \
        double mirror_ = si_ == s_mirror && qi_ == q_mirror ? 1.0 : 0.0;                                 \
        double less_ = lo_ < -lo_g ? 1.0 : 0.0, greater_ = hi_ > hi_g ? 1.0 : 0.0;                       \
        double ge_ = ab_ > abs_g || eq_ + mirror_ > 0 ? 1.0 : 0.0;                                       \
        double abs_ = fabs(ab_) > abs_g || eq_ + mirror_ > 0 ? 1.0 : 0.0;                                \
        double least_ = (P) - least_c * (R) > least_g ? 1.0 : 0.0;                                       \
        double most_ = (P) - most_c * (R) < -most_g ? 1.0 : 0.0;                                         \
        double bin_ = 0, binned_ = 1;                                                                    \
        if ((OUT) == JOIN_BINS) {                                                                        \
            double x_ = (X);                                                                             \
            JOIN_BIN(x_, x_, DX);                                                                        \
        }                                                                                                \
        /* less_, greater_ and eq_ exclusive: eq_'s g is a rounding error */                             \
        double sure_ = (less_ + greater_ + eq_) * abs_ * least_ * most_ * binned_;                       \
        less += less_;                                                                                   \
        equal += eq_;                                                                                    \
        greater += greater_;                                                                             \
        abs_ge += ge_;                                                                                   \
        sure += sure_;                                                                                   \
        if ((OUT) != JOIN_COUNTS)                                                                        \
            code[i - a] = sure_ > 0 ? 1 + less_ + 2 * greater_ + 4 * ge_ + 8 * eq_ + 16 * bin_ : 0;      \
    } while (0)

/* the counters' sums may be added in any order (they are counts, exact
 * in doubles), which lets the compiler keep one in each vector lane */
#define JOIN_SIMD _Pragma("omp simd reduction(+ : less, equal, greater, abs_ge, sure)")

/* each statistic's loop; with JOIN_BINS, x and its error bar for the bin: N, D,
 * A, B err by at most e_p, e_r (join_bounds), the rest by a few ulps. The
 * mean difference's q_weight is always 0, the variance ratio's always 1
 * (join_ties). */
#define JOIN_MEAN(OUT, ONE, QW)                                                                         \
    JOIN_SIMD for (i = a; i < b; i++) {                                                                  \
        double N = n * s[i] + k0;                                                                        \
        JOIN_DECIDE(N, 1.0, fabs(N), OUT, ONE, QW, N / scale, e_p / scale + fabs(x_) * 0x1p-46);         \
    }
#define JOIN_WELCH(OUT, ONE, QW)                                                                        \
    JOIN_SIMD for (i = a; i < b; i++) {                                                                  \
        double N = n * s[i] + k0, D = u[i] + k1 * s[i] + k2, r_ = (OUT) == JOIN_BINS ? sqrt(scale / D) : 0;          \
        JOIN_DECIDE(N * fabs(N), D, N * N, OUT, ONE, QW, N * r_, r_ * e_p + fabs(x_) * (0.5 * e_r / D + 0x1p-46)); \
    }
#define JOIN_VAR(OUT, ONE, QW)                                                                          \
    JOIN_SIMD for (i = a; i < b; i++) {                                                                  \
        double A = u[i] + k0 * s[i] + k1, B = w[i] + k2 * s[i] + k3, inv_ = 1 / B;                       \
        /* x's error from A's is scale * e_p / B (for any A, 0 too) */                                   \
        JOIN_DECIDE(A, B, A, OUT, ONE, QW, A * inv_ * scale,                                             \
                    scale * e_p * fabs(inv_) + fabs(x_) * (e_r * fabs(inv_) + 0x1p-46));                 \
    }
/* LOOP(OUT, ONE, QW) for the tile's ONE */
#define JOIN_ONE(LOOP, OUT, QW)                                                                         \
    do {                                                                                                 \
        if (one)                                                                                         \
            LOOP(OUT, 1, QW)                                                                            \
        else                                                                                             \
            LOOP(OUT, 0, QW)                                                                            \
    } while (0)
#define JOIN_LOOPS(OUT)                                                                                 \
    do {                                                                                                 \
        if (J->stat == PTEST_MEAN)                                                                       \
            JOIN_ONE(JOIN_MEAN, OUT, 0);                                                                \
        else if (J->stat == PTEST_WELCH && J->q_weight != 0)                                             \
            JOIN_ONE(JOIN_WELCH, OUT, 1);                                                               \
        else if (J->stat == PTEST_WELCH)                                                                 \
            JOIN_ONE(JOIN_WELCH, OUT, 0);                                                               \
        else                                                                                             \
            JOIN_ONE(JOIN_VAR, OUT, 1);                                                                 \
    } while (0)

#if defined(__GNUC__) && defined(__x86_64__)
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#endif
static join_tally join_screen(const ptest_join *J, join_cols cols, const double *k6, const join_edges *e,
                              kperm_rank from, kperm_rank to, double *restrict code) /* code NULL: JOIN_COUNTS */
{
    const double *restrict s = cols.s, *restrict q = cols.q, *restrict u = cols.u, *restrict w = cols.w;
    const double n = J->n, k0 = k6[0], k1 = k6[1], k2 = k6[2], k3 = k6[3], sh = k6[4], qh = k6[5];
    const double s_obs = J->s_obs, q_obs = J->q_obs, s_mirror = J->s_mirror, q_mirror = J->q_mirror;
    const double e_p = J->e_p, e_r = J->e_r;
    const int one = e->lo.c == e->hi.c && e->lo.g_max == e->hi.g_max;
    const double lo_c = e->lo.c, lo_g = e->lo.g_max, hi_c = e->hi.c, hi_g = e->hi.g_max, abs_c = e->abs.c,
                 abs_g = e->abs.g_max, least_c = e->least.c, least_g = e->least.g_max, most_c = e->most.c,
                 most_g = e->most.g_max;
    const double scale = e->scale, hist_lo = e->hist_lo, hist_inv = e->hist_inv, last_bin = e->bins - 1;
    double less = 0, equal = 0, greater = 0, abs_ge = 0, sure = 0; /* counts below 2^53: exact, and SSE2 vectorizes them */
    long i, a = (long)from, b = (long)to;
    join_tally k;
    if (!code)
        JOIN_LOOPS(JOIN_COUNTS);
    else if (e->bins)
        JOIN_LOOPS(JOIN_BINS);
    else
        JOIN_LOOPS(JOIN_CODES);
    k.less = (long long)less;
    k.equal = (long long)equal;
    k.greater = (long long)greater;
    k.abs_ge = (long long)abs_ge;
    k.sure = (long long)sure;
    return k;
}

/* ---- the comparisons' constants */

/* the statistic x as the constant c of P/R (monotone, so orders agree) */
static double join_c(const ptest_join *J, double x, double scale)
{
    return J->stat == PTEST_MEAN ? x * scale : J->stat == PTEST_WELCH ? x * fabs(x) / scale : x / scale;
}

static join_edge join_edge_of(const ptest_join *J, double c)
{
    join_edge e;
    e.c = c;
    e.g_max = PTEST_JOIN_TOL * (J->p_max + fabs(c) * J->r_max);
    return e;
}

/* 1 with the edges, 0 where they are not finite (the observed value
 * infinite or 0/0): then the kernel counts everything */
static int join_edges_of(const ptest_join *J, const ptest_problem *p, const ptest_result *r, join_edges *e)
{
    double scale = p->par[PAR_SCALE], c, a;
    e->scale = scale;
    e->bins = p->bins;
    e->hist_lo = p->par[PAR_HIST_LO];
    e->hist_inv = p->par[PAR_HIST_INV];
    if (p->exact) { /* the observed key: sign, |key| = num/den */
        double num = (double)p->obs[1] + ldexp((double)p->obs[2], 64);
        double den = (double)p->obs[3] + ldexp((double)p->obs[4], 64);
        long long sign = (long long)p->obs[0];
        if (sign == 2 || den == 0)
            return 0;
        a = num / den;
        c = sign < 0 ? -a : sign > 0 ? a : 0;
        e->lo = e->hi = join_edge_of(J, c);
    } else {
        e->lo = join_edge_of(J, join_c(J, p->par[PAR_LO], scale));
        e->hi = join_edge_of(J, join_c(J, p->par[PAR_HI], scale));
        a = p->par[PAR_ABS_LO];
        a = J->stat == PTEST_WELCH ? a * fabs(a) / scale : join_c(J, a, scale);
    }
    e->abs = join_edge_of(J, a);
    if (r->lo <= r->hi) {
        e->least = join_edge_of(J, join_c(J, r->lo, scale));
        e->most = join_edge_of(J, join_c(J, r->hi, scale));
    } else { /* nothing yet: no split is inside */
        e->least.c = e->least.g_max = e->most.g_max = HUGE_VAL;
        e->most.c = -HUGE_VAL;
    }
    return e->lo.g_max - e->lo.g_max == 0 && e->hi.g_max - e->hi.g_max == 0 && e->abs.g_max - e->abs.g_max == 0;
}

/* the kernel over ranks [begin, end) */
static void join_walk(const ptest_problem *p, ptest_count_fn count, kperm_rank begin, kperm_rank end,
                      ptest_result *r)
{
    while (begin < end) {
        kperm_rank stop = end - begin > PTEST_LAUNCH ? begin + PTEST_LAUNCH : end;
        unsigned long long counts[PTEST_COUNTS], hist[PTEST_MAX_BINS];
        double extremes[2];
        count(p->v, p->d, p->sizes, p->aux, p->obs, p->par, p->n, p->m, begin, stop, p->bins, counts, extremes,
              hist);
        ptest_backend_add(r, counts, extremes, hist, 1, 1, p->bins);
        begin = stop;
    }
}

/* ---- the blocks */

static kperm_u64 join_first(int t)
{
    return t ? ((kperm_u64)1 << t) - 1 : 0;
}

/* the last t-subset of 0..low-1 in revolving-door order: 0..t-2 and low-1 */
static kperm_u64 join_last(int low, int t)
{
    return t ? join_first(t - 1) | (kperm_u64)1 << (low - 1) : 0;
}

/* a screen's tally of `splits` splits it decided all of into r, their
 * bins from their codes */
static void join_add_tally(ptest_result *r, const join_tally *k, const double *code, kperm_rank splits, int bins)
{
    kperm_rank y;
    r->counts[PTEST_LESS] += (unsigned long long)k->less;
    r->counts[PTEST_EQUAL] += (unsigned long long)k->equal;
    r->counts[PTEST_GREATER] += (unsigned long long)k->greater;
    r->counts[PTEST_ABS_GE] += (unsigned long long)k->abs_ge;
    for (y = 0; bins && y < splits; y++)
        r->hist[(int)code[y] >> 4]++;
}

/* k splits of one code (JOIN_DECIDE's, not 0) into r */
static void join_add_code(ptest_result *r, int c, int bins, kperm_rank k)
{
    r->counts[PTEST_LESS] += ((unsigned)(c - 1) & 1) * k;
    r->counts[PTEST_GREATER] += ((unsigned)(c - 1) >> 1 & 1) * k;
    r->counts[PTEST_ABS_GE] += ((unsigned)(c - 1) >> 2 & 1) * k;
    r->counts[PTEST_EQUAL] += ((unsigned)(c - 1) >> 3 & 1) * k;
    r->hist[c >> 4] += bins ? k : 0;
}

/* Ranks [x, xe) of the block [b0, b1) whose table starts at base (entries
 * in rank order when forward, else backwards from b1), into r: the
 * screen's counts, and the kernel's for the ranks it leaves open (the whole
 * tile where they are many). Returns the ranks the screen decided. */
static kperm_rank join_tile(const ptest_join *J, const ptest_problem *p, ptest_count_fn count, const double *k6,
                            join_edges *e, int forward, kperm_rank base, kperm_rank b0, kperm_rank b1, kperm_rank x,
                            kperm_rank xe, ptest_result *r)
{
    double code[PTEST_JOIN_TILE];
    kperm_rank y, done = 0, from = forward ? base + (x - b0) : base + (b1 - xe), to = from + (xe - x);
    join_cols cols = {J->s, J->q, J->u, J->w};
    join_tally k = join_screen(J, cols, k6, e, from, to, e->bins ? code : NULL);
    if ((kperm_rank)k.sure != xe - x && xe - x - (kperm_rank)k.sure <= PTEST_JOIN_TILE / 8 && !e->bins)
        k = join_screen(J, cols, k6, e, from, to, code); /* the codes, which the counts alone did not need */
    if ((kperm_rank)k.sure == xe - x) {
        join_add_tally(r, &k, code, xe - x, e->bins);
        return xe - x;
    }
    if (xe - x - (kperm_rank)k.sure > PTEST_JOIN_TILE / 8) {
        join_walk(p, count, x, xe, r);
        join_edges_of(J, p, r, e); /* the extremes may have moved */
        return 0;
    }
    /* a decided split stays decided: the extremes only move outwards */
#define JOIN_CODE(y) ((int)code[forward ? (y) - x : xe - 1 - (y)]) /* rank y's */
    for (y = x; y < xe; y++) {
        int c = JOIN_CODE(y);
        if (c) {
            join_add_code(r, c, e->bins, 1);
            done++;
        } else { /* the kernel walks the open ranks that follow each other at once */
            kperm_rank z = y + 1;
            while (z < xe && !JOIN_CODE(z))
                z++;
            join_walk(p, count, y, z, r);
            y = z - 1;
        }
    }
#undef JOIN_CODE
    join_edges_of(J, p, r, e);
    return done;
}

/* ---- whole blocks through the sorted tables. A box of consecutive sorted
 * entries is decided at once where bounds over its range of s and its
 * ranges of u and w decide every comparison as JOIN_DECIDE decides one
 * split, and put both ends of its range of x in one bin. Sorted by s, a
 * box's splits lie close together (the mean difference depends on s alone,
 * and with n1 = n2 so does Welch's t), so most boxes are far from every
 * edge. */

/* Each box's code (JOIN_DECIDE's; 0 where open, equal never set), in one
 * loop the compiler vectorizes over the boxes of a table. A split whose
 * statistic ties the observed one (or its mirror) has g within rounding of
 * 0 on the order's edge (or |x|'s), far inside the edge's margin, so no box
 * holding one is decided. RANGE sets a box's bounds over its s
 * in [s_lo, s_hi] and its u, w ranges: P, R, the P of |x|, x and its error
 * bar, and ok_ 0 where R may not be positive (or 0/0 be inside). Each bound
 * is a term of the screen's at one end of a range (P, N^2, x monotone in
 * N; A, B, D linear in s), so it errs as one split's does, and the edges'
 * margins cover it. */
#define JOIN_BOXES(RANGE)                                                                                \
    JOIN_BOX_SIMD for (i = 0; i < boxes; i++) {                                                          \
        double s_lo = bs_lo[i], s_hi = bs_hi[i], p_lo, p_hi, r_lo, r_hi, pa_lo, pa_hi, x_lo, x_hi, dx, ok_; \
        RANGE;                                                                                           \
        double less_ = p_hi - lo_c * (lo_c >= 0 ? r_lo : r_hi) < -lo_g ? 1.0 : 0.0;                      \
        double greater_ = p_lo - hi_c * (hi_c >= 0 ? r_hi : r_lo) > hi_g ? 1.0 : 0.0;                    \
        double ge_ = pa_lo - abs_c * (abs_c >= 0 ? r_hi : r_lo) > abs_g ? 1.0 : 0.0;                     \
        double lt_ = pa_hi - abs_c * (abs_c >= 0 ? r_lo : r_hi) < -abs_g ? 1.0 : 0.0;                    \
        double least_ = p_lo - least_c * (least_c >= 0 ? r_hi : r_lo) > least_g ? 1.0 : 0.0;             \
        double most_ = p_hi - most_c * (most_c >= 0 ? r_lo : r_hi) < -most_g ? 1.0 : 0.0;                \
        double bin_ = 0, binned_ = 1;                                                                    \
        if (bins)                                                                                        \
            JOIN_BIN(x_lo, x_hi, dx);                                                                    \
        double sure_ = ok_ * (less_ + greater_) * (ge_ + lt_) * least_ * most_ * binned_;                \
        code[i] = sure_ > 0 ? 1 + less_ + 2 * greater_ + 4 * ge_ + 16 * bin_ : 0;                        \
    }
#define JOIN_BOX_SIMD _Pragma("omp simd")
/* mean: P = N, R = 1, |x| as |N|, x = N/scale */
#define JOIN_BOX_MEAN                                                                                    \
    double n_lo = n * s_lo + k0, n_hi = n * s_hi + k0;                                                   \
    p_lo = n_lo, p_hi = n_hi, r_lo = r_hi = 1, ok_ = 1;                                                  \
    pa_lo = n_lo <= 0 && n_hi >= 0 ? 0 : JOIN_MIN(fabs(n_lo), fabs(n_hi)), pa_hi = JOIN_MAX(fabs(n_lo), fabs(n_hi)); \
    x_lo = n_lo / scale, x_hi = n_hi / scale;                                                            \
    dx = e_p / scale + JOIN_MAX(fabs(x_lo), fabs(x_hi)) * 0x1p-46
/* Welch: P = N|N|, R = D = u + k1*s + k2, |x| as N^2, x = N*sqrt(scale/D) */
#define JOIN_BOX_WELCH                                                                                   \
    double n_lo = n * s_lo + k0, n_hi = n * s_hi + k0, a_lo, a_hi, root_lo, root_hi;                     \
    p_lo = n_lo * fabs(n_lo), p_hi = n_hi * fabs(n_hi);                                                  \
    r_lo = bu_lo[i] + JOIN_MIN(k1 * s_lo, k1 * s_hi) + k2, r_hi = bu_hi[i] + JOIN_MAX(k1 * s_lo, k1 * s_hi) + k2; \
    a_lo = n_lo <= 0 && n_hi >= 0 ? 0 : JOIN_MIN(fabs(n_lo), fabs(n_hi)), a_hi = JOIN_MAX(fabs(n_lo), fabs(n_hi)); \
    pa_lo = a_lo * a_lo, pa_hi = a_hi * a_hi;                                                            \
    ok_ = r_lo > 2 * e_r ? 1.0 : 0.0; /* every D > 0 */                                                  \
    root_lo = sqrt(scale / JOIN_MAX(r_hi, 2 * e_r)), root_hi = sqrt(scale / JOIN_MAX(r_lo, 2 * e_r));    \
    x_lo = n_lo * (n_lo >= 0 ? root_lo : root_hi), x_hi = n_hi * (n_hi >= 0 ? root_hi : root_lo);        \
    dx = root_hi * e_p + JOIN_MAX(fabs(x_lo), fabs(x_hi)) * (e_r / JOIN_MAX(r_lo, 2 * e_r) + 0x1p-46)
/* variance ratio: P = A = u + k0*s + k1, R = B = w + k2*s + k3, x = scale*A/B */
#define JOIN_BOX_VAR                                                                                     \
    double b_lo;                                                                                         \
    p_lo = pa_lo = bu_lo[i] + JOIN_MIN(k0 * s_lo, k0 * s_hi) + k1;                                       \
    p_hi = pa_hi = bu_hi[i] + JOIN_MAX(k0 * s_lo, k0 * s_hi) + k1;                                       \
    r_lo = bw_lo[i] + JOIN_MIN(k2 * s_lo, k2 * s_hi) + k3, r_hi = bw_hi[i] + JOIN_MAX(k2 * s_lo, k2 * s_hi) + k3; \
    ok_ = r_lo > 2 * e_r ? 1.0 : 0.0; /* every B > 0 */                                                  \
    b_lo = JOIN_MAX(r_lo, 2 * e_r);                                                                      \
    x_lo = (p_lo >= 0 ? p_lo / r_hi : p_lo / b_lo) * scale, x_hi = (p_hi >= 0 ? p_hi / b_lo : p_hi / r_hi) * scale; \
    dx = scale * e_p / b_lo + JOIN_MAX(fabs(x_lo), fabs(x_hi)) * (e_r / b_lo + 0x1p-46)

#if defined(__GNUC__) && defined(__x86_64__)
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#endif
static void join_boxes(const ptest_join *J, const join_level *L, const double *k6, const join_edges *e, int t,
                       kperm_rank from, kperm_rank to, double *restrict code)
{
    const kperm_rank first = L->start[t] + from;
    const double *restrict bs_lo = L->s_lo + first, *restrict bs_hi = L->s_hi + first;
    const double *restrict bu_lo = L->u_lo + first, *restrict bu_hi = L->u_hi + first;
    const double *restrict bw_lo = L->w_lo + first, *restrict bw_hi = L->w_hi + first;
    const double n = J->n, k0 = k6[0], k1 = k6[1], k2 = k6[2], k3 = k6[3], e_p = J->e_p, e_r = J->e_r;
    const double lo_c = e->lo.c, lo_g = e->lo.g_max, hi_c = e->hi.c, hi_g = e->hi.g_max, abs_c = e->abs.c,
                 abs_g = e->abs.g_max, least_c = e->least.c, least_g = e->least.g_max, most_c = e->most.c,
                 most_g = e->most.g_max;
    const double scale = e->scale, hist_lo = e->hist_lo, hist_inv = e->hist_inv, last_bin = e->bins - 1;
    const int bins = e->bins;
    long i, boxes = (long)(to - from);
    if (J->stat == PTEST_MEAN)
        JOIN_BOXES(JOIN_BOX_MEAN)
    else if (J->stat == PTEST_WELCH)
        JOIN_BOXES(JOIN_BOX_WELCH)
    else
        JOIN_BOXES(JOIN_BOX_VAR)
}
#undef JOIN_BOXES
#undef JOIN_BOX_SIMD
#undef JOIN_BOX_MEAN
#undef JOIN_BOX_WELCH
#undef JOIN_BOX_VAR
#undef JOIN_MAX
#undef JOIN_MIN
#undef JOIN_BIN

/* the places (in a table's rank order) of a block's open splits: each
 * set in `set`, and the first JOIN_LISTED also in `list` */
#define JOIN_LISTED 64
typedef struct {
    unsigned char *set;
    int list[JOIN_LISTED];
    kperm_rank count;
} join_open;

/* sorted entries [lo, hi) of table t of the block k6 into r split by
 * split as the screen decides them, adding those it leaves open to *open.
 * Returns the ranks decided. */
static kperm_rank join_each(const ptest_join *J, const double *k6, const join_edges *e, int t, kperm_rank lo,
                            kperm_rank hi, join_open *open, ptest_result *r)
{
    const join_cols cols = {J->ss, J->sq, J->su, J->sw};
    const kperm_rank base = J->start[t];
    double code[PTEST_JOIN_SMALL];
    kperm_rank y, done = 0;
    int c;
    join_tally k = join_screen(J, cols, k6, e, base + lo, base + hi, code);
    if ((kperm_rank)k.sure == hi - lo) { /* the common case */
        join_add_tally(r, &k, code, hi - lo, e->bins);
        return hi - lo;
    }
    for (y = 0; y < hi - lo; y++)
        if ((c = (int)code[y]) != 0) {
            join_add_code(r, c, e->bins, 1);
            done++;
        } else {
            int place = J->place[base + lo + y];
            open->set[place] = 1;
            if (open->count < JOIN_LISTED)
                open->list[open->count] = place;
            open->count++;
        }
    return done;
}

/* The kernel over the open places of a block [b0, b1) of `size` ranks (in
 * rank order when forward), each run of consecutive ones at once (tie-heavy
 * data leave most of a block open: one call a rank took them 6-27 times
 * longer); open->set left all 0 again. A few are sorted from the list, more
 * found in the set (scanning it for each block cost 3 times the join's
 * time on 15 + 15). */
static void join_walk_open(const ptest_problem *p, ptest_count_fn count, int forward, kperm_rank b0, kperm_rank b1,
                           kperm_rank size, join_open *open, ptest_result *r)
{
    kperm_rank y, z, i, j;
    if (open->count <= JOIN_LISTED) {
        for (i = 1; i < open->count; i++) /* insertion sort */
            for (j = i; j > 0 && open->list[j - 1] > open->list[j]; j--) {
                int swap = open->list[j];
                open->list[j] = open->list[j - 1];
                open->list[j - 1] = swap;
            }
        for (i = 0; i < open->count; i = j) {
            for (j = i + 1; j < open->count && open->list[j] == open->list[j - 1] + 1; j++)
                ;
            y = (kperm_rank)open->list[i];
            z = (kperm_rank)open->list[j - 1] + 1;
            join_walk(p, count, forward ? b0 + y : b1 - z, forward ? b0 + z : b1 - y, r);
            memset(open->set + y, 0, (size_t)(z - y));
        }
    } else
        for (y = 0; y < size; y = z) {
            for (; y < size && !open->set[y]; y++)
                ;
            for (z = y; z < size && open->set[z]; z++)
                open->set[z] = 0;
            if (z > y)
                join_walk(p, count, forward ? b0 + y : b1 - z, forward ? b0 + z : b1 - y, r);
        }
    open->count = 0;
}

/* The whole block [b0, b1) of k6 (table t, in rank order when forward)
 * into r through the sorted table: each large box decided whole, or each of
 * its small boxes, or their splits one by one (join_each), then the kernel
 * over the open ones (open->set all 0 before and after). Returns the ranks
 * decided without the kernel; *boxed gets those decided by boxes added. */
static kperm_rank join_sorted(const ptest_join *J, const ptest_problem *p, ptest_count_fn count, const double *k6,
                              join_edges *e, int forward, int t, kperm_rank b0, kperm_rank b1, join_open *open,
                              ptest_result *r, kperm_rank *boxed)
{
    const kperm_rank size = J->start[t + 1] - J->start[t];
    double large[PTEST_JOIN_BOXES], small[PTEST_JOIN_LARGE / PTEST_JOIN_SMALL];
    kperm_rank a, b, done = 0;
    join_boxes(J, &J->large, k6, e, t, 0, J->large.start[t + 1] - J->large.start[t], large);
    for (a = 0; a * PTEST_JOIN_LARGE < size; a++) {
        kperm_rank first = a * (PTEST_JOIN_LARGE / PTEST_JOIN_SMALL), lo = a * PTEST_JOIN_LARGE;
        kperm_rank hi = size - lo > PTEST_JOIN_LARGE ? lo + PTEST_JOIN_LARGE : size;
        if (large[a] != 0) {
            join_add_code(r, (int)large[a], e->bins, hi - lo);
            done += hi - lo;
            *boxed += hi - lo;
            continue;
        }
        join_boxes(J, &J->small, k6, e, t, first, (hi + PTEST_JOIN_SMALL - 1) / PTEST_JOIN_SMALL, small);
        for (b = first; b * PTEST_JOIN_SMALL < hi; b++) {
            kperm_rank from = b * PTEST_JOIN_SMALL, to = hi - from > PTEST_JOIN_SMALL ? from + PTEST_JOIN_SMALL : hi;
            if (small[b - first] != 0) {
                join_add_code(r, (int)small[b - first], e->bins, to - from);
                done += to - from;
                *boxed += to - from;
            } else
                done += join_each(J, k6, e, t, from, to, open, r);
        }
    }
    if (open->count) {
        join_walk_open(p, count, forward, b0, b1, size, open, r);
        join_edges_of(J, p, r, e); /* the extremes may have moved */
    }
    return done;
}

void ptest_join_count(const ptest_join *J, const ptest_problem *p, ptest_count_fn count, kperm_rank begin,
                      kperm_rank end, ptest_result *r, kperm_rank *screened)
{
    kperm_u64 mask = 0, low_mask = ((kperm_u64)1 << J->low) - 1;
    kperm_rank at = begin, done = 0;
    /* each table's splits through the sorted path, and those its boxes
     * decided: it goes on while they are at least 3/4, after two blocks
     * (Welch's t decides 0.9-0.99 of them; the variance ratio 0.3-0.4, and
     * with 20 bins almost none, and ran twice as long as through the tiles) */
    kperm_rank tried[PTEST_JOIN_LOW + 1] = {0}, boxed[PTEST_JOIN_LOW + 1] = {0};
    unsigned char set[PTEST_JOIN_BOXES * PTEST_JOIN_LARGE] = {0};
    join_open open;
    join_edges e;
    open.set = set;
    open.count = 0;
    if (begin >= end || !join_edges_of(J, p, r, &e) || kperm_revdoor_unrank_mask(begin, J->n, J->m, &mask)) {
        join_walk(p, count, begin, end, r);
        at = end;
    }
    while (at < end) {
        kperm_u64 high = mask & ~low_mask;
        int t = J->m - kperm_popcount64(high), i, out, in, forward;
        kperm_u64 first = high | join_first(t), last = high | join_last(J->low, t);
        kperm_rank r_first = 0, r_last = 0, b0, b1, stop, x;
        const kperm_rank base = J->start[t];
        double sh = 0, qh = 0, k6[6];
        kperm_revdoor_rank_of_mask(first, J->n, &r_first);
        kperm_revdoor_rank_of_mask(last, J->n, &r_last);
        forward = r_first <= r_last;
        b0 = forward ? r_first : r_last;
        b1 = b0 + kperm_binomial(J->low, t);
        stop = b1 < end ? b1 : end;
        for (i = J->low; i < J->n; i++)
            if (high >> i & 1) {
                sh += J->x[i];
                qh += J->x[i] * J->x[i];
            }
        join_block(J, sh, qh, k6);
        if (at == b0 && stop == b1 && r->lo <= r->hi /* a whole block, and extremes to compare with */
            && (tried[t] < 2 * (b1 - b0) || 4 * boxed[t] >= 3 * tried[t])) {
            done += join_sorted(J, p, count, k6, &e, forward, t, b0, b1, &open, r, &boxed[t]);
            tried[t] += b1 - b0;
        } else
            for (x = at; x < stop; x += PTEST_JOIN_TILE)
                done += join_tile(J, p, count, k6, &e, forward, base, b0, b1, x,
                                  stop - x > PTEST_JOIN_TILE ? x + PTEST_JOIN_TILE : stop, r);
        at = stop;
        /* the block's last split, then the step to the next block's first */
        mask = forward ? last : first;
        if (at < end)
            kperm_revdoor_next_mask(&mask, J->n, &out, &in);
    }
    if (screened)
        *screened = done;
}
