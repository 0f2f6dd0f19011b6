/* ptest_regression.c - the design of a regression test (ptest_regression.h).
 * The projections are made in long double by modified Gram-Schmidt, each
 * projection done twice (the second pass removes what rounding left of the
 * first); kperm.stats makes them in Fractions, so the two round the
 * integers alike but for the last bit. A column whose residual on the
 * columns before it is below 2^-20 of its own spread (both centred) is
 * collinear with them, by the same rule as kperm.stats. */
#include "ptest_regression.h"
#include "ptest_decimal.h"
#include "stats_wide.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define ONE 4503599627370496.0L      /* 2^52: the integers' unit */
#define COLLINEAR 9.094947017729282e-13L /* 2^-40: a residual's squared norm over the column's */
#define ZERO 9.094947017729282e-13   /* 2^-40: an RSS at most this times S is a perfect fit */
#define MAX_COLS (PTEST_MAX_K - 1)   /* x and the covariates: stats_regression.h's PS_K - 1 sums */

typedef long double real;

static real dot(const real *a, const real *b, int n)
{
    real s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

/* a minus its projections on the q orthonormal columns of basis, twice;
 * returns |a|^2 before, *after |a|^2 after */
static real residualize(real *a, real (*basis)[PTEST_REG_MAXN], int q, int n, real *after)
{
    real before = dot(a, a, n);
    int pass, j, i;
    for (pass = 0; pass < 2; pass++)
        for (j = 0; j < q; j++) {
            real c = dot(a, basis[j], n);
            for (i = 0; i < n; i++)
                a[i] -= c * basis[j][i];
        }
    *after = dot(a, a, n);
    return before;
}

/* each value times scale rounded to an integer, ties to even (as Python's round) */
static void grid(const real *a, real scale, int n, long long *out)
{
    int i;
    for (i = 0; i < n; i++)
        out[i] = (long long)rintl(a[i] * scale);
}

/* the numbers of columns cols[0 .. count - 1] as exact integers times
 * 10^-decimals (one scale for all), column after column into out */
static int read_values(const ptest_table *t, const int *cols, int count, long long *out, ptest_problem *p, char *err,
                       size_t errsize)
{
    static ptest_source src[(MAX_COLS + 1) * PTEST_REG_MAXN];
    static ptest_decimal x[(MAX_COLS + 1) * PTEST_REG_MAXN];
    int c, r, n = t->rows;
    for (c = 0; c < count; c++)
        for (r = 0; r < n; r++) {
            src[c * n + r].text = t->field[r][cols[c]];
            src[c * n + r].line = t->line[r];
            if (ptest_decimal_parse(src[c * n + r].text, &x[c * n + r])) {
                snprintf(err, errsize, "%s:%d: '%s' is not a number (column '%s')", t->file, t->line[r],
                         src[c * n + r].text, t->header[cols[c]]);
                return -1;
            }
        }
    return ptest_decimal_scale(x, src, count * n, t->file, out, &p->decimals, err, errsize);
}

/* whether column c holds a label that is not a number: a factor */
static int is_factor(const ptest_table *t, int c)
{
    int r;
    for (r = 0; r < t->rows; r++)
        if (!ptest_decimal_is_number(t->field[r][c]))
            return 1;
    return 0;
}

/* a factor's dummies into a (1 where the row has the level, for each level
 * after the first) and their names into p->names from 1: their count, or -1
 * with err when there are too many for PS_K (q covariates) */
static int dummies(const ptest_table *t, int c, int q, real (*a)[PTEST_REG_MAXN], ptest_problem *p, char *err,
                   size_t errsize)
{
    const char *level[MAX_COLS + 2];
    int levels = 0, r, l;
    for (r = 0; r < t->rows && levels <= MAX_COLS + 1 - q; r++) {
        for (l = 0; l < levels && strcmp(level[l], t->field[r][c]); l++)
            ;
        if (l == levels)
            level[levels++] = t->field[r][c];
    }
    if (levels - 1 + q > MAX_COLS || levels < 2) {
        snprintf(err, errsize, "%s: x, column '%s', is a factor of %s%d level%s: it takes 2 to %d with %d covariate%s",
                 t->file, t->header[c], levels < 2 ? "" : "more than ", levels - (levels >= 2), levels == 1 ? "" : "s",
                 MAX_COLS + 1 - q, q, q == 1 ? "" : "s");
        return -1;
    }
    for (l = 1; l < levels; l++) {
        for (r = 0; r < t->rows; r++)
            a[l - 1][r] = strcmp(t->field[r][c], level[l]) == 0;
        snprintf(p->names[l], PTEST_NAME, "%.30s=%.30s", t->header[c], level[l]);
    }
    return levels - 1;
}

static void centre(real *a, int n)
{
    real mean = 0;
    int i;
    for (i = 0; i < n; i++)
        mean += a[i];
    for (i = 0; i < n; i++)
        a[i] -= mean / n;
}

/* column a residualized on the first `done` columns of basis and made a
 * unit vector as basis[done]: 0, or -1 when it is collinear with them */
static int extend(real (*basis)[PTEST_REG_MAXN], int done, const real *a, int n)
{
    real before, after;
    int i;
    memcpy(basis[done], a, sizeof basis[done]);
    before = residualize(basis[done], basis, done, n, &after);
    if (after <= COLLINEAR * before)
        return -1;
    for (i = 0; i < n; i++)
        basis[done][i] /= sqrtl(after);
    return 0;
}

int ptest_regression_build(const ptest_table *t, const ptest_spec *s, const int *cols, int ncols, ptest_problem *p,
                           char *err, size_t errsize)
{
    static long long flat[(MAX_COLS + 1) * PTEST_REG_MAXN];
    real a[MAX_COLS + 1][PTEST_REG_MAXN], basis[MAX_COLS][PTEST_REG_MAXN], v[PTEST_REG_MAXN], biggest = 0, after;
    int n = t->rows, q = ncols - 2, c, i, k = 1, factor, permute_y = s->scheme && !strcmp(s->scheme, "permute-y");
    int numeric[MAX_COLS + 1], count = 0; /* the columns read as numbers: y, the covariates, x unless a factor */
    ps_u128 squares = ps_make(0, 0);
    ps_i64 sum = 0;
    kperm_rank total = 0;
    if (ncols < 2 || ncols > MAX_COLS + 1) {
        snprintf(err, errsize, "a regression test takes --columns Y,X[,Z...]: the response, the tested column "
                 "and 0 to %d covariates", MAX_COLS - 1);
        return -1;
    }
    factor = n <= PTEST_REG_MAXN && is_factor(t, cols[1]);
    if (factor && (k = dummies(t, cols[1], q, a + 1, p, err, errsize)) < 0)
        return -1;
    if (n > PTEST_REG_MAXN || n < 2 + q + k) {
        snprintf(err, errsize, "%s: %d rows: a regression test of %d coefficients takes %d to %d (n must exceed the "
                 "coefficients for a residual variance, and n! orders are enumerated)", t->file, n, 1 + q + k,
                 2 + q + k, PTEST_REG_MAXN);
        return -1;
    }
    numeric[count++] = cols[0];
    for (c = factor ? 2 : 1; c < ncols; c++)
        numeric[count++] = cols[c];
    if (read_values(t, numeric, count, flat, p, err, errsize))
        return -1;
    /* a: y, the tested columns, the covariates, each centred (the
     * intercept's column is constant in the sums) */
    for (c = 0; c < count; c++)
        for (i = 0; i < n; i++)
            a[c == 0 ? 0 : c + k - !factor][i] = (real)flat[c * n + i];
    for (c = 0; c < 1 + k + q; c++)
        centre(a[c], n);
    /* the covariates' orthonormal basis, then the tested columns' on it */
    for (c = 0; c < q; c++)
        if (extend(basis, c, a[1 + k + c], n)) {
            snprintf(err, errsize, "%s: covariate '%s' is collinear with the intercept%s: drop it", t->file,
                     t->header[cols[2 + c]], c ? " and the covariates before it" : "");
            return -1;
        }
    for (c = 0; c < k; c++)
        if (extend(basis, q + c, a[1 + c], n)) {
            int constant = !factor && dot(a[1], a[1], n) == 0;
            snprintf(err, errsize, "%s: x, column '%s', is %s", t->file, t->header[cols[1]],
                     constant ? "constant" : "collinear with the covariates");
            return -1;
        }
    residualize(a[0], basis, q, n, &after);
    for (i = 0; i < n; i++) {
        v[i] = permute_y ? (real)flat[i] : a[0][i];
        biggest = fabsl(v[i]) > biggest ? fabsl(v[i]) : biggest;
    }
    p->walk = PTEST_PAIRINGS;
    p->stat = factor ? PTEST_REG_F : PTEST_REG_T;
    p->k = 1 + k + q; /* PS_K: the sums of the tested columns and the covariates, and one */
    p->n = p->m = n;
    p->cols = 1;
    grid(v, biggest > 0 ? ONE / biggest : 0, n, p->v);
    for (c = 0; c < k + q; c++) /* the tested columns first, then the covariates */
        grid(basis[c < k ? q + c : c - k], ONE, n, p->v + (1 + c) * n);
    for (i = 0; i < n; i++) {
        squares = ps_add(squares, ps_mul_i64(p->v[i], p->v[i]));
        sum += p->v[i];
    }
    /* S = v'v - (1'v)^2 / n, in the sums' unit 2^-104 */
    p->d[0] = ldexp(ps_to_double(ps_sub(ps_mul_small(squares, (ps_u64)n), ps_mul_i64(sum, sum))) / n, -104);
    if (p->d[0] == 0) {
        snprintf(err, errsize, "%s: y, column '%s', is %s, so the statistic is 0/0 for every order", t->file,
                 t->header[cols[0]], permute_y ? "constant" : "fitted exactly by the covariates (zero residuals)");
        return -1;
    }
    p->d[1] = n - 1 - q - k;
    p->d[2] = ZERO * p->d[0];
    p->aux[0] = (unsigned long long)k;
    p->par[PAR_SCALE] = p->par[PAR_UNIT] = 1;
    snprintf(p->names[0], PTEST_NAME, "%s", t->header[cols[0]]);
    if (!factor)
        snprintf(p->names[1], PTEST_NAME, "%s", t->header[cols[1]]);
    for (c = 0; c < q; c++)
        snprintf(p->names[1 + k + c], PTEST_NAME, "%s", t->header[cols[2 + c]]);
    kperm_count(n, &total);
    p->total = total;
    p->exact = 0;
    p->rel_tol = s->tolerance >= 0 ? s->tolerance : PTEST_REG_TOLERANCE;
    p->bins = s->bins;
    p->hist_lo = s->hist_lo;
    p->hist_hi = s->hist_hi;
    return 0;
}
