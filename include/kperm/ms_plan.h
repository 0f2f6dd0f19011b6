/* kperm/ms_plan.h - a plan for one multiset, made once (like a cuFFT plan),
 * that turns kperm_ms_unrank's arithmetic into lookups and compares.
 *
 * While unranking, what is left of the multiset is a vector of remaining
 * counts r_v <= counts[v]; the plan holds, for every such vector, how many
 * arrangements it has. The vector is numbered s = sum r_v * stride_v with
 * stride_v = prod_{u < v} (counts[u] + 1), so taking one v moves s down by
 * stride_v, and plan[s] = sum over the v left of plan[s - stride_v] (plan[0]
 * = 1): every entry fits 64 bits when the whole count does. The caller keeps
 * the plan where its work-items read it (global memory: KPERM_GLOBAL, which is
 * __global in OpenCL) and passes it with the counts it was made for.
 */
#ifndef KPERM_MS_PLAN_H
#define KPERM_MS_PLAN_H

#include "platform.h"
#include "status.h"
#include "multiset.h"

#define KPERM_MAX_MS_PLAN 4096 /* entries of a plan at most: prod (counts[v] + 1) */

/* The entries of counts' plan into *states: KPERM_E_N (bad m or size, as
 * kperm_ms_count), KPERM_E_OVERFLOW (more arrangements than 64 bits count),
 * KPERM_E_ARG (more than KPERM_MAX_MS_PLAN entries) */
KPERM_FN int kperm_ms_plan_size(const kperm_u8 *counts, int m, kperm_u32 *states)
{
    kperm_rank total;
    kperm_u32 size = 1;
    int v, rc = kperm_ms_count(counts, m, &total);
    if (rc != KPERM_OK)
        return rc;
    for (v = 0; v < m; v++) {
        size *= (kperm_u32)counts[v] + 1;
        if (size > KPERM_MAX_MS_PLAN)
            return KPERM_E_ARG;
    }
    *states = size;
    return KPERM_OK;
}

/* Fills plan[0 .. states - 1] for counts (errors as kperm_ms_plan_size, plan
 * untouched): plan[states - 1] is the count of the whole multiset. */
KPERM_FN int kperm_ms_plan(const kperm_u8 *counts, int m, KPERM_GLOBAL kperm_u64 *plan)
{
    kperm_u32 states = 0, s, stride;
    int v, rc = kperm_ms_plan_size(counts, m, &states);
    if (rc != KPERM_OK)
        return rc;
    plan[0] = 1;
    for (s = 1; s < states; s++) {
        kperm_u64 sum = 0;
        for (v = 0, stride = 1; v < m; stride *= (kperm_u32)counts[v] + 1, v++)
            if ((s / stride) % ((kperm_u32)counts[v] + 1) != 0)
                sum += plan[s - stride];
        plan[s] = sum;
    }
    return KPERM_OK;
}

/* kperm_ms_unrank with counts' plan: position by position, the values still
 * left in turn, each a lookup of how many arrangements follow it and a
 * compare. With a literal m the loops unroll and the remaining counts and
 * strides stay in registers. KPERM_E_N (bad m or size), KPERM_E_ARG (counts
 * no plan is made for), KPERM_E_RANK (rank >= the count the plan holds); the
 * plan must be kperm_ms_plan's for these counts (not checked: that would cost
 * what the plan saves). */
KPERM_FN int kperm_ms_unrank_plan(kperm_rank rank, const kperm_u8 *counts, int m,
                                  const KPERM_GLOBAL kperm_u64 *plan, kperm_u8 *perm)
{
    kperm_u32 stride[KPERM_MAX_MS_N], s = 0, next = 0;
    int left[KPERM_MAX_MS_N], n = 0, i, v, rc = kperm_ms_size(counts, m, &n);
    if (rc != KPERM_OK)
        return rc;
    KPERM_UNROLL
    for (v = 0; v < m; v++) {
        stride[v] = v ? stride[v - 1] * ((kperm_u32)counts[v - 1] + 1) : 1;
        if (stride[v] * ((kperm_u32)counts[v] + 1) > KPERM_MAX_MS_PLAN)
            return KPERM_E_ARG; /* no plan has that many entries: nothing is read */
        left[v] = counts[v];
        s += (kperm_u32)counts[v] * stride[v];
    }
    if (rank >= plan[s])
        return KPERM_E_RANK;
    KPERM_UNROLL
    for (i = 0; i < n; i++) {
        int chosen = 0;
        KPERM_UNROLL
        for (v = 0; v < m; v++)
            if (!chosen && left[v]) {
                /* the last value needs no lookup: the rank falls among its
                 * arrangements once it has passed all the others' */
                kperm_u64 group = v == m - 1 ? rank + 1 : plan[s - stride[v]];
                if (rank < group) { /* v goes here: every index stays a constant */
                    chosen = 1;
                    perm[i] = (kperm_u8)v;
                    left[v]--;
                    next = s - stride[v];
                } else
                    rank -= group;
            }
        s = next;
    }
    return KPERM_OK;
}

#endif /* KPERM_MS_PLAN_H */
