/* stats_regression.h - the regression statistics of stats_kernel.h (PS_STAT
 * PS_REG_T, PS_REG_F) over the n! orders of the pairings walk: the t of one
 * tested column x, or the F of k tested columns, in OLS y* ~ 1 + X + Z, where
 * y* is a rearrangement of the data (python/kperm/_regression.py and
 * samples/ptest/ptest_regression.c build the design; docs/stats.md derives
 * the formulas).
 *
 * With Q an orthonormal basis of Z's columns centred (the intercept's own
 * column, constant, is taken out of the sums), W one of the tested columns
 * residualized on [1, Z], and v the vector rearranged (Freedman-Lane: the
 * residuals of y ~ 1 + Z; permuting y: y), the order P gives
 *   b = W'Pv (k values), c = Q'Pv, RSS = S - |c|^2 - |b|^2,
 *   S = v'v - (1'v)^2/n (the same for every order),
 *   t = b sqrt(df / RSS), F = (|b|^2 / k) / (RSS / df), df = n - 1 - q - k.
 * The host rounds v (scaled to |v| <= 1) and the unit columns of W and Q to
 * integers times 2^-52, once: the sums b and c are then exact 128-bit
 * integers, each step of plain changes adds (w_q - w_{q+1})(v_b - v_a) to
 * each in O(k + q), and a sum is the same whatever the path that reached the
 * order (every backend and every split of the ranks gets the same bits).
 * Only the statistic is computed in doubles, compared with the observed one
 * within the tolerance band the host passes (PS_EXACT is 0).
 *
 * v holds v's integers (n), then column after column W's k and Q's q (n
 * each); PS_K - 1 = k + q columns of sums; aux[0] = k; d[PS_REG_S] = S,
 * d[PS_REG_DF] = df, d[PS_REG_ZERO]: an RSS at most this (a relative 2^-40
 * of S) is a perfect fit: t is then +-inf, or undefined where b is as small. */
#ifndef KPERM_STATS_REGRESSION_H
#define KPERM_STATS_REGRESSION_H

#define PS_REG_COLS (PS_K - 1) /* columns of sums: the tested ones, then the covariates */
#define PS_REG_S 0
#define PS_REG_DF 1
#define PS_REG_ZERO 2

PS_FN void ps_reg_build(ps_u128 *acc, const PS_G ps_i64 *v, const ps_shape *sh, const kperm_u8 *cur)
{
    int i, j, n = sh->n;
    for (j = 0; j < PS_REG_COLS; j++) {
        acc[j] = ps_make(0, 0);
        for (i = 0; i < n; i++)
            acc[j] = ps_add(acc[j], ps_mul_i64(v[n + j * n + i], v[cur[i]]));
    }
}

/* the host's own 128-bit integers where the compiler has them (one multiply
 * for a product; stats_wide.h's portable one takes four: n = 11 with 2
 * covariates on one core, 1.87 -> 1.68 s) */
#if !defined(__OPENCL_VERSION__) && !defined(__CUDACC__) && !defined(__CUDACC_RTC__) && defined(__SIZEOF_INT128__)
#define PS_REG_INT128 1
#else
#define PS_REG_INT128 0
#endif

/* a + w * dv */
PS_FN ps_u128 ps_reg_add_product(ps_u128 a, ps_i64 w, ps_i64 dv)
{
#if PS_REG_INT128
    __extension__ typedef unsigned __int128 wide;
    wide r = ((wide)a.hi << 64 | a.lo) + (wide)((__extension__(__int128)w) * dv);
    return ps_make((ps_u64)r, (ps_u64)(r >> 64));
#else
    return ps_add(a, ps_mul_i64(w, dv));
#endif
}

/* position i's value goes from v_a to v_b (weight the column's entry at i,
 * or for an adjacent swap the difference of two entries) */
PS_FN void ps_reg_move(ps_u128 *acc, const PS_G ps_i64 *v, const ps_shape *sh, int i, int next, int a, int b)
{
    int j, n = sh->n;
    ps_i64 dv = v[b] - v[a];
    for (j = 0; j < PS_REG_COLS; j++) {
        const PS_G ps_i64 *w = v + n + j * n;
        acc[j] = ps_reg_add_product(acc[j], next ? w[i] - w[i + 1] : w[i], dv);
    }
}

/* a sum's value: its two's complement as hi * 2^64 + lo, lo's 11 low bits
 * dropped (2^-93 at most, far below any statistic's band) so that both
 * halves convert as signed integers, without ps_to_double's branches on the
 * sign, which a CPU mispredicts half the time here (n = 11 on one core:
 * 2.2 -> 1.9 s). The unit 2^-104 is taken into each half's scale, (hi *
 * 2^64 + lo' * 2^11) * 2^-104 = hi * 2^-40 + lo' * 2^-93, the same double:
 * a power of two only moves the exponent, and the sum, an integer multiple
 * of 2^11 before the scaling, is 0 or at least 2^-93 after it, far from
 * the subnormals, so the one rounding falls on the same bit. */
PS_FN double ps_reg_value(ps_u128 a)
{
    return (double)(ps_i64)a.hi * 9.094947017729282e-13 + (double)(ps_i64)(a.lo >> 11) * 1.0097419586828951e-28;
}

PS_FN void ps_reg_eval(ps_value *r, const ps_u128 *acc, const PS_G double *d, const ps_shape *sh)
{
    int j;
    double b = ps_reg_value(acc[0]), tested = b * b, rss = d[PS_REG_S] - tested;
#if PS_STAT == PS_REG_F
    int k = (int)sh->aux[0];
#else
    (void)sh; /* t: one tested column, k = 1 */
#endif
    for (j = 1; j < PS_REG_COLS; j++) {
        double c = ps_reg_value(acc[j]);
        rss -= c * c;
#if PS_STAT == PS_REG_F
        tested += j < k ? c * c : 0;
#endif
    }
    r->sign = ps_sign(acc[0]);
    if (rss <= d[PS_REG_ZERO]) { /* a perfect fit */
        r->sign = tested <= d[PS_REG_ZERO] ? PS_NAN : r->sign;
        r->x = r->sign == PS_NAN ? 0 : PS_STAT == PS_REG_F || r->sign > 0 ? PS_HUGE * 2 : -PS_HUGE * 2;
        return;
    }
#if PS_STAT == PS_REG_T
    r->x = b * sqrt(d[PS_REG_DF] / rss);
#else
    r->sign = tested > 0;
    r->x = tested / k * d[PS_REG_DF] / rss;
#endif
}

#endif /* KPERM_STATS_REGRESSION_H */
