/* stats_regression_sweep.h - ps_count's walk of the regression statistics
 * (stats_regression.h) on the host, n <= 16: plain changes taken a sweep
 * at a time, with the sums in registers. kperm-ptest's C backend only: a
 * GPU would keep the tables below in local memory, so OpenCL and CUDA walk
 * step by step (ps_walk_next).
 *
 * In plain changes the largest element, n - 1, sweeps through the n
 * positions while the others keep their order, and that order is the
 * others' own plain changes: rank R n + t is the others' rank R with n - 1
 * at position n - 1 - t (R even: it sweeps to the left) or t (R odd: to
 * the right; kperm_sjt_unrank's digits). n - 1 of every n steps therefore
 * move n - 1 past one other element, the others' q-th, sub[q], and add
 *   (w_j[q] - w_j[q+1]) * (v[sub[q]] - v[n-1])   (left: its negative)
 * to each sum j, both factors read from tables made once a sweep; the step
 * between two sweeps is the others' plain change (kperm's cursor over n - 1
 * elements), at the same positions, shifted by one where n - 1 stands at
 * the left end. The sums are exact integers, the same whatever the path,
 * so every count, extreme and bin is ps_walk_next's. Regression n = 11 with
 * 2 covariates on one thread: 1.22 -> 0.71 s (the step's call into the
 * cursor, and the sums it kept in memory, were most of an order's time). */
#ifndef KPERM_STATS_REGRESSION_SWEEP_H
#define KPERM_STATS_REGRESSION_SWEEP_H

#define PS_REG_SWEEPS (PS_REG_INT128 && PS_WALK == PS_PAIRINGS)

#if PS_REG_SWEEPS
/* the sums after x_q and x_{q+1} trade partners: dw the columns' w_j[q] -
 * w_j[q+1], dv the value x_q gains */
PS_FN void ps_reg_trade(ps_u128 *acc, const ps_i64 *dw, ps_i64 dv)
{
    int j;
#pragma GCC unroll 8
    for (j = 0; j < PS_REG_COLS; j++)
        acc[j] = ps_reg_add_product(acc[j], dw[j], dv);
}

/* ps_count's loop over the ranks w holds (ps_walk_init made its sums; n <=
 * 16: w->plain): each rank's statistic noted as ps_count notes it */
PS_FN void ps_reg_sweeps(const ps_walk *w, const ps_i64 *v, const double *d, const ps_shape *sh, const double *par,
                         const ps_obs *o, kperm_u32 *count, int bins, double *lo, double *hi, unsigned int *hist)
{
    ps_i64 dw[KPERM_MAX_PACKED_N][PS_REG_COLS], du[2][KPERM_MAX_PACKED_N];
    ps_u128 acc[PS_REG_COLS];
    kperm_sjt_cursor others;
    int n = sh->n, last = n - 1, j, q, t;
    ps_u64 rank = w->c.rank, end = w->c.end, sweep = rank / (ps_u64)n;
    if (rank >= end)
        return;
    for (j = 0; j < PS_REG_COLS; j++) {
        acc[j] = w->sums[0].acc[j];
        for (q = 0; q < last; q++)
            dw[q][j] = v[n + j * n + q] - v[n + j * n + q + 1];
    }
    kperm_sjt_cursor_init(&others, last, sweep, (end - 1) / (ps_u64)n + 1);
    kperm_sjt_cursor_next(&others);
    for (q = 0; q < last; q++) { /* du[1][q] = v[sub[q]] - v[n-1], du[0] its negative */
        du[1][q] = v[PS_AT(others.word, q)] - v[last];
        du[0][q] = -du[1][q];
    }
    for (t = (int)(rank % (ps_u64)n);; t = 0) {
        int right = (int)(sweep & 1);
        /* the step from t to t + 1: n - 1 goes from t to t + 1 (right), or
         * from n - 1 - t to n - 2 - t (left) */
        for (q = right ? t : last - 1 - t;; q += right ? 1 : -1) {
            ps_value r;
            int bin;
            ps_reg_eval(&r, acc, d, sh);
            bin = ps_note(&r, o, par, count, bins, lo, hi);
            if (bin >= 0)
                hist[bin]++;
            if (++rank == end)
                return;
            if (++t == n)
                break;
            ps_reg_trade(acc, dw[q], du[right][q]);
        }
        kperm_sjt_cursor_next(&others);
        q = others.pivot; /* the others at q and q + 1 trade places */
        ps_reg_trade(acc, dw[q + !right], v[PS_AT(others.word, q)] - v[PS_AT(others.word, q + 1)]);
        for (j = 0; j < 2; j++) {
            ps_i64 a = du[j][q];
            du[j][q] = du[j][q + 1];
            du[j][q + 1] = a;
        }
        sweep++;
    }
}
#endif

#endif /* KPERM_STATS_REGRESSION_SWEEP_H */
