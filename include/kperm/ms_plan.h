/* kperm/ms_plan.h - a plan for one multiset, made once (like a cuFFT plan),
 * that turns kperm_ms_unrank's arithmetic into lookups and compares.
 *
 * While unranking, what is left of the multiset is a vector of remaining
 * counts r_v <= counts[v]; the plan holds, for every such vector, how many
 * arrangements it has. The entries are grouped by the vector's size L (the
 * values still to place): entry s = L * P + sum_{v < m-1} (r_v + 1) * stride_v
 * with stride_v = prod_{u < v} (counts[u] + 2) and P = stride_{m-1}; r_{m-1}
 * is what L leaves. Taking one v moves s down by P + stride_v (P alone for
 * the last value), and plan[s] = the sum over the values of those entries.
 * The digits run from 1, and the entries with a digit 0 (an r_v of -1) hold
 * 0, as do those whose r_{m-1} falls outside 0..counts[m-1]: taking a value
 * that is used up finds 0 there, so the unrank needs no counts of its own.
 * Every work-item at position i of an unrank reads from the same group of P
 * entries, so a warp's scattered lookups fall on a few cache lines. Every
 * entry fits 64 bits when the whole count does. The caller keeps the plan
 * where its work-items read it (global memory: KPERM_GLOBAL, which is
 * __global in OpenCL) and passes it with the counts it was made for.
 */
#ifndef KPERM_MS_PLAN_H
#define KPERM_MS_PLAN_H

#include "platform.h"
#include "status.h"
#include "multiset.h"

#define KPERM_MAX_MS_PLAN 16384 /* entries of a plan at most: (n + 1) * P */

/* the plan's stride of each value but the last (stride[m - 1] = P, the size
 * of a group) and its entry count (n + 1) * P; 0 when that passes
 * KPERM_MAX_MS_PLAN. counts must be valid (0 < m <= KPERM_MAX_MS_N). */
KPERM_FN kperm_u32 kperm_internal_ms_plan_strides(const kperm_u8 *counts, int m, kperm_u32 *stride)
{
    kperm_u32 p = 1, n = 0;
    int v;
    KPERM_UNROLL
    for (v = 0; v < m; v++) {
        stride[v] = p;
        n += counts[v];
        if (v < m - 1)
            p *= (kperm_u32)counts[v] + 2;
        if (p > KPERM_MAX_MS_PLAN)
            return 0;
    }
    return (n + 1) * p > KPERM_MAX_MS_PLAN ? 0 : (n + 1) * p;
}

/* counts' plan layout: its strides and, into *states, its entry count;
 * KPERM_E_N (bad m or size, as kperm_ms_count), KPERM_E_OVERFLOW (more
 * arrangements than 64 bits count), KPERM_E_ARG (more than
 * KPERM_MAX_MS_PLAN entries) */
KPERM_FN int kperm_internal_ms_plan_layout(const kperm_u8 *counts, int m, kperm_u32 *stride, kperm_u32 *states)
{
    kperm_rank total;
    kperm_u32 size;
    int rc = kperm_ms_count(counts, m, &total);
    if (rc != KPERM_OK)
        return rc;
    size = kperm_internal_ms_plan_strides(counts, m, stride);
    if (size == 0)
        return KPERM_E_ARG;
    *states = size;
    return KPERM_OK;
}

/* The entries of counts' plan into *states (errors as the layout's) */
KPERM_FN int kperm_ms_plan_size(const kperm_u8 *counts, int m, kperm_u32 *states)
{
    kperm_u32 stride[KPERM_MAX_MS_N] = {0};
    return kperm_internal_ms_plan_layout(counts, m, stride, states);
}

/* What plan[s] holds, from the entries below it (a size down): 1 for the
 * empty multiset, 0 for a vector with a value used up, else the sum of the
 * entries one value less. stride and group as kperm_internal_ms_plan_strides
 * gives them for valid counts. */
KPERM_FN kperm_u64 kperm_internal_ms_plan_entry(const kperm_u8 *counts, int m, const kperm_u32 *stride,
                                                kperm_u32 s, const KPERM_GLOBAL kperm_u64 *plan)
{
    kperm_u32 group = stride[m - 1];
    kperm_u64 sum = 0;
    int v, last = (int)(s / group), used_up = 0; /* last: r_{m-1}, L less the others */
    for (v = 0; v < m - 1; v++) {
        int digit = (int)(s / stride[v] % ((kperm_u32)counts[v] + 2));
        used_up |= digit == 0;
        last -= digit - 1;
    }
    if (used_up || last < 0 || last > counts[m - 1])
        return 0;
    if (s < group)
        return 1; /* L = 0: the empty multiset */
    for (v = 0; v < m; v++) /* the entries one size down; 0 for a value used up */
        sum += plan[s - group - (v < m - 1 ? stride[v] : 0)];
    return sum;
}

/* Fills plan[0 .. states - 1] for counts (errors as kperm_ms_plan_size, plan
 * untouched): plan[states - 1] is the count of the whole multiset. */
KPERM_FN int kperm_ms_plan(const kperm_u8 *counts, int m, KPERM_GLOBAL kperm_u64 *plan)
{
    kperm_u32 states = 0, stride[KPERM_MAX_MS_N] = {0}, s;
    int rc = kperm_internal_ms_plan_layout(counts, m, stride, &states);
    for (s = 0; rc == KPERM_OK && s < states; s++)
        plan[s] = kperm_internal_ms_plan_entry(counts, m, stride, s, plan);
    return rc;
}

/* KPERM_OK when plan[0 .. states - 1] is what kperm_ms_plan makes for counts
 * (each entry against the sum of the ones below it, so the whole plan is
 * proved), KPERM_E_ARG when an entry differs; else errors as
 * kperm_ms_plan_size. Once per plan, where it was uploaded or read in, so
 * that the unrank need not check it. */
KPERM_FN int kperm_ms_plan_check(const kperm_u8 *counts, int m, const KPERM_GLOBAL kperm_u64 *plan)
{
    kperm_u32 states = 0, stride[KPERM_MAX_MS_N] = {0}, s;
    int rc = kperm_internal_ms_plan_layout(counts, m, stride, &states);
    for (s = 0; rc == KPERM_OK && s < states; s++)
        if (plan[s] != kperm_internal_ms_plan_entry(counts, m, stride, s, plan))
            rc = KPERM_E_ARG;
    return rc;
}

KPERM_FN kperm_u32 kperm_internal_min32(kperm_u32 a, kperm_u32 b)
{
    return a < b ? a : b;
}

/* kperm_ms_unrank with counts' plan: position by position, the values in
 * turn, each a lookup of how many arrangements follow it (0 for a value used
 * up) and a compare. With a literal m the loops unroll and the strides stay
 * in registers. KPERM_E_N (bad m or size), KPERM_E_ARG (counts no plan is
 * made for), KPERM_E_RANK (rank >= the count the plan holds); the plan must
 * be kperm_ms_plan's for these counts: not checked, as that would cost what
 * the plan saves (kperm_ms_plan_check proves a plan once). A plan that is not
 * gives a wrong arrangement, never a read outside plan[0 .. states - 1]: each
 * index is clamped there, one min against a load. */
KPERM_FN int kperm_ms_unrank_plan(kperm_rank rank, const kperm_u8 *counts, int m,
                                  const KPERM_GLOBAL kperm_u64 *plan, kperm_u8 *perm)
{
    kperm_u32 stride[KPERM_MAX_MS_N] = {0}, states, s;
    int n = 0, i, v, rc = kperm_internal_ms_size(counts, m, &n);
    if (rc != KPERM_OK)
        return rc;
    states = kperm_internal_ms_plan_strides(counts, m, stride);
    if (states == 0)
        return KPERM_E_ARG; /* no plan has that many entries: nothing is read */
    s = states - 1;
    if (rank >= plan[s])
        return KPERM_E_RANK;
    KPERM_UNROLL /* a constant bound, so that a literal multiset unrolls whole */
    for (i = 0; i < KPERM_MAX_MS_N && i < n; i++) {
        kperm_u64 group[KPERM_MAX_MS_N];
        int chosen = 0;
        s -= stride[m - 1]; /* one size down */
        /* every lookup first, then the compares: the loads of a position
         * are independent, so they wait on memory together */
        KPERM_UNROLL
        for (v = 0; v < m - 1; v++)
            group[v] = plan[kperm_internal_min32(s - stride[v], states - 1)];
        KPERM_UNROLL
        for (v = 0; v < m; v++)
            if (!chosen) {
                /* the last value needs no lookup: the rank falls among its
                 * arrangements once it has passed all the others' */
                if (v == m - 1 || rank < group[v]) { /* every index stays a constant */
                    chosen = 1;
                    perm[i] = (kperm_u8)v;
                    s -= v == m - 1 ? 0 : stride[v];
                } else
                    rank -= group[v];
            }
    }
    return KPERM_OK;
}

#endif /* KPERM_MS_PLAN_H */
