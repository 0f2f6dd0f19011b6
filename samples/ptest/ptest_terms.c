/* ptest_terms.c - the kernels' terms for a problem (ptest_terms.h). The
 * bounds are proved in doubles with a margin: a bound that fails only sends
 * the run to the slower path (128-bit sums, floating-point comparison), never
 * to a wrong count. */
#include "ptest_terms.h"
#include "stats_wide.h"
#include <math.h>
#include <stdio.h>

#define MARGIN (1 - 1e-9) /* doubles within this of a bound count as past it */

static double two_to(int e)
{
    return ldexp(1.0, e);
}

unsigned long long ptest_gcd(unsigned long long a, unsigned long long b)
{
    while (b) {
        unsigned long long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* pearson: n*Sxx - Sx^2 exactly, as a double; kendall: the pairs not tied */
static double spread(const long long *x, int n, int stat)
{
    int i, j;
    if (stat == PTEST_PEARSON) {
        ps_u128 q = ps_make(0, 0);
        ps_i64 s = 0;
        for (i = 0; i < n; i++) {
            q = ps_add(q, ps_mul_i64(x[i], x[i]));
            s += x[i];
        }
        return ps_to_double(ps_sub(ps_mul_small(q, (ps_u64)n), ps_mul_i64(s, s)));
    } else {
        long long untied = 0;
        for (i = 0; i < n; i++)
            for (j = i + 1; j < n; j++)
                untied += x[i] != x[j];
        return (double)untied;
    }
}

/* mean_difference's x = key * unit / scale, scale = n1*n2*10^d: unit 1
 * where that scale is a double, else 2^-UNIT_SHIFT and the scale as much
 * smaller (10^d = 5^d * 2^d; d stays below 400, as every value is at least
 * the least double, 4.9e-324, and has at most 17 digits): key * unit is
 * exact, and the one division rounds x, a subnormal one too */
#define UNIT_SHIFT 256
static void mean_scale(ptest_problem *p, double n1n2)
{
    double scale = n1n2 * pow(10, p->decimals);
    p->par[PAR_UNIT] = 1;
    if (scale - scale != 0) {
        scale = ldexp(n1n2 * pow(5, p->decimals), p->decimals - UNIT_SHIFT);
        p->par[PAR_UNIT] = two_to(-UNIT_SHIFT);
    }
    p->par[PAR_SCALE] = scale;
}

int ptest_terms(ptest_problem *p, char *err, size_t errsize)
{
    int count = ptest_column_size(p) * p->cols, i, g; /* every column's values bound the sums */
    double biggest = 0, abs_sum = 0, squares = 0;
    double n1 = p->m, n2 = p->n - p->m, n = p->n;
    for (i = 0; i < count; i++) {
        double a = fabs((double)p->v[i]);
        biggest = a > biggest ? a : biggest;
        abs_sum += a;
        squares += a * a;
    }
    if (p->walk == PTEST_FLIPS)
        n1 = n2 = p->n;
    /* 64-bit sums of squares and cross products where n times one cannot
     * pass 2^62 (stats_kernel.h: Welch's terms then fit 64 bits too) */
    p->wide = (double)(count + 2) * (count + 2) * biggest * biggest >= two_to(62) * MARGIN;
    for (g = 0; g < PTEST_MAX_K; g++)
        p->aux[g] = 0;
    p->par[PAR_UNIT] = 1;
    switch (p->stat) {
    case PTEST_MEAN:
        mean_scale(p, n1 * n2);
        break;
    case PTEST_WELCH: {
        double k1 = n1 * n1 * (n1 - 1), k2 = n2 * n2 * (n2 - 1);
        p->exact &= abs_sum * (n1 > n2 ? n1 : n2) < two_to(64) * MARGIN
                    && squares * (n1 * k2 + n2 * k1) < two_to(128) * MARGIN;
        p->par[PAR_SCALE] = (n1 - 1) * (n2 - 1);
        break;
    }
    case PTEST_VAR_RATIO:
        p->par[PAR_SCALE] = n2 * (n2 - 1) / (n1 * (n1 - 1));
        break;
    case PTEST_ANOVA: {
        long long lcm = 1;
        int same = 1, fits;
        for (g = 0; g < p->k; g++)
            lcm = lcm / (long long)ptest_gcd((unsigned long long)lcm, p->sizes[g]) * p->sizes[g]; /* sizes <= 64, k <= 8: below 2^63 */
        fits = (double)lcm * abs_sum * abs_sum < two_to(128) * MARGIN;
        p->exact &= fits;
        for (g = 0; g < p->k; g++) /* the key, also F's identity in floating point (stats_kernel.h's ps_same) */
            p->aux[g] = fits ? (unsigned long long)(lcm / p->sizes[g]) : 0;
        p->par[PAR_SCALE] = (n - p->k) / (n * n * (p->k - 1));
        for (i = 1; i < count; i++)
            same &= p->v[i] == p->v[0];
        if (same) {
            snprintf(err, errsize, "statistic anova is 0/0 for data whose values are all equal");
            return -1;
        }
        break;
    }
    case PTEST_PEARSON:
    case PTEST_KENDALL: {
        double sx = spread(p->v, p->n, p->stat), sy = spread(p->v + p->n, p->n, p->stat);
        if (sx == 0 || sy == 0) {
            snprintf(err, errsize, "statistic %s is undefined: column %s is constant",
                     p->stat == PTEST_PEARSON ? "pearson" : "kendall", sx == 0 ? p->names[0] : p->names[1]);
            return -1;
        }
        p->par[PAR_SCALE] = sqrt(sx * sy);
        break;
    }
    default:
        p->par[PAR_SCALE] = 1;
        p->exact = 0;
    }
    return 0;
}
