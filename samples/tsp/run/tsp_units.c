/* tsp_units.c - the pruned search past 21 cities (see tsp_units.h). */
#include "tsp_units.h"
#include "tsp_bound.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tsp_unit_cities(int n, int prune)
{
    int span = TSP_MAX_EXHAUSTIVE - 1; /* the cities a unit orders: 20 */
#ifdef TSP_FAULTS
    const char *test = getenv("KPERM_TSP_UNIT_SPAN");
    if (test && atoi(test) >= 1 && atoi(test) < span)
        span = atoi(test);
#endif
    return prune && n - 1 > span ? n - 1 - span : 0;
}

kperm_rank tsp_unit_total(int n, int p)
{
    kperm_rank total = 0;
    if (p)
        kperm_kp_count(n - 1, p, &total);
    else
        kperm_count(n - 1, &total);
    return total;
}

/* the path of the unit's fixed cities pre[0..p-1] as a tsp_sub; cut: the
 * first place where its path is pruned (a symmetric tour that must end below
 * its first city, or the bound above limit), or -1 */
static tsp_sub unit_sub(const tsp_instance *inst, const kperm_u8 *pre, int p, kperm_u64 limit, int *cut)
{
    kperm_u8 city[TSP_MAX_CITIES], left[TSP_MAX_CITIES];
    tsp_sub s = tsp_sub_whole(inst->n);
    int j, i, r, n = inst->n;
    *cut = -1;
    for (j = 0; j < p && *cut < 0; j++) {
        int c = pre[j] + 1;
        s.base += inst->dist[s.last * n + c];
        s.last = c;
        s.first = j ? s.first : c;
        s.rest &= ~(KPERM_U64(1) << c);
        r = tsp_sub_cities(s.rest, city);
        for (i = 0; i < r; i++)
            left[i] = (kperm_u8)i;
        if ((inst->symmetric && tsp_all_below(city, left, r, s.first))
            || s.base + tsp_rest_bound(inst->dist, n, c, city, left, r) > limit)
            *cut = j;
    }
    return s;
}

int tsp_units_search(tsp_backend *b, const tsp_instance *inst, int p, kperm_rank ub, kperm_rank ue,
                     kperm_u64 known, tsp_best *best, tsp_tally *tally, kperm_u64 *skipped, char *err,
                     size_t errsize)
{
    kperm_u8 pre[TSP_MAX_CITIES];
    tsp_best got;
    tsp_task task;
    kperm_rank u = ub, span = 0, next = 0;
    int m = inst->n - 1, cut;
    kperm_count(m - p, &span);
    if (ub < ue && kperm_kp_unrank(ub, m, p, pre) != KPERM_OK)
        ue = ub;
    while (u < ue) {
        kperm_u64 limit = best->length < known ? best->length : known;
        tsp_sub s = unit_sub(inst, pre, p, limit, &cut);
        if (cut >= 0) { /* this unit and every one after it that shares pre[0..cut] */
            ++*skipped;
            if (kperm_kp_skip_rank(u, m, p, cut, &next) != KPERM_OK)
                break;
            kperm_kp_skip(pre, m, p, cut);
            u = next;
            continue;
        }
        task = tsp_task_of(s, 0, span, limit);
        if (b->restart(b, err, errsize) || b->search(b, &task, err, errsize)
            || b->result(b, &got, tally, err, errsize))
            return -1;
        got.unit = u;
        if (got.length != TSP_NONE && tsp_best_better(&got, best))
            *best = got;
        if (++u < ue)
            kperm_kp_next(pre, m, p);
    }
    if (b->result(b, &got, tally, err, errsize))
        return -1;
    tally->pruned += *skipped;
    return 0;
}

void tsp_unit_tour(int n, int p, const tsp_best *best, kperm_u8 *tour)
{
    kperm_u8 suffix[KPERM_MAX_N], city[TSP_MAX_CITIES];
    kperm_u64 rest = (KPERM_U64(1) << (n - 1)) - 1; /* values 0..n-2 */
    int i;
    if (!p) {
        kperm_unrank(best->rank, n - 1, tour);
        return;
    }
    kperm_kp_unrank(best->unit, n - 1, p, tour);
    for (i = 0; i < p; i++)
        rest &= ~(KPERM_U64(1) << tour[i]);
    tsp_sub_cities(rest, city);
    kperm_unrank(best->rank, n - 1 - p, suffix);
    for (i = 0; i < n - 1 - p; i++)
        tour[p + i] = city[suffix[i]];
}

/* v in decimal (at most 39 digits) into out */
static void decimal128(kperm_rank128 v, char *out, size_t size)
{
    char digits[48];
    int k = 0;
    do
        digits[k++] = (char)('0' + kperm_divmod128(&v, 10));
    while (v.hi || v.lo);
    if (size > 0) {
        size_t i;
        for (i = 0; i + 1 < size && k > 0; i++)
            out[i] = digits[--k];
        out[i] = 0;
    }
}

/* count * span! + add, the units' rank arithmetic (or count + add when
 * units are ranks: p = 0) */
static kperm_rank128 times_span(int span, int p, kperm_rank count, kperm_rank add)
{
    kperm_rank128 v;
    int f;
    v.lo = count;
    v.hi = 0;
    for (f = 2; p && f <= span; f++)
        kperm_muladd128(&v, (kperm_u32)f, 0);
    v.lo += add;
    v.hi += v.lo < add;
    return v;
}

double tsp_unit_tours(int n, int p, int symmetric, kperm_rank count, char *out, size_t size)
{
    kperm_rank128 v = times_span(n - 1 - p, p, count, 0);
    if (symmetric)
        kperm_divmod128(&v, 2);
    decimal128(v, out, size);
    return (double)v.hi * 18446744073709551616.0 + (double)v.lo;
}

void tsp_unit_rank(int n, int p, const tsp_best *best, char *out, size_t size)
{
    decimal128(times_span(n - 1 - p, p, best->unit, best->rank), out, size);
}
