/* kperm/multiset.h - arrangements of a multiset in lexicographic order.
 *
 * counts[v] = how many times value v occurs, v = 0..m-1; n = the sum, at most
 * KPERM_MAX_MS_N (1 <= m <= KPERM_MAX_MS_N, n >= 1). The count n!/prod(c_v!)
 * is built up one element at a time (count * t / j, each step an exact
 * multinomial, divided exactly through a 128-bit product), so any multiset whose count fits
 * 64 bits is counted without overflow on the way: 30 elements of 3 values
 * give 5 550 996 791 340 although 30! does not fit.
 * On any error the outputs are left untouched.
 */
#ifndef KPERM_MULTISET_H
#define KPERM_MULTISET_H

#include "platform.h"
#include "status.h"
#include "bits.h"
#include "lex.h"
#include "walk.h"

/* n = sum of counts into *n, after checking m; KPERM_E_N for a bad m or n */
KPERM_FN int kperm_internal_ms_size(const kperm_u8 *counts, int m, int *n)
{
    int v, total = 0;
    if (m < 1 || m > KPERM_MAX_MS_N)
        return KPERM_E_N;
    for (v = 0; v < m; v++)
        total += counts[v];
    if (total < 1 || total > KPERM_MAX_MS_N)
        return KPERM_E_N;
    *n = total;
    return KPERM_OK;
}

KPERM_FN int kperm_ms_count(const kperm_u8 *counts, int m, kperm_rank *count)
{
    kperm_u64 c = 1;
    int v, j, t = 0, n, rc = kperm_internal_ms_size(counts, m, &n);
    if (rc != KPERM_OK)
        return rc;
    for (v = 0; v < m; v++)
        for (j = 1; j <= counts[v]; j++)
            if (kperm_internal_mul_div(c, (kperm_u64)++t, (kperm_u64)j, &c) != KPERM_OK)
                return KPERM_E_OVERFLOW;
    *count = c;
    return KPERM_OK;
}

/* Position by position: the arrangements that put value v next number
 * total * c_v / rest (rest = elements left), an exact quotient: one inverse
 * of rest per position, one multiplication per value, no division; skip whole
 * groups until rank falls inside one. */
KPERM_FN int kperm_ms_unrank(kperm_rank rank, const kperm_u8 *counts, int m, kperm_u8 *perm)
{
    kperm_u8 c[KPERM_MAX_MS_N], out[KPERM_MAX_MS_N];
    kperm_u64 total = 0, group = 0;
    int n = 0, i, v, rc = kperm_ms_count(counts, m, &total);
    if (rc != KPERM_OK)
        return rc;
    if (rank >= total)
        return KPERM_E_RANK;
    kperm_internal_ms_size(counts, m, &n);
    for (v = 0; v < m; v++)
        c[v] = counts[v];
    for (i = 0; i < n; i++) {
        int s = kperm_lowest64((kperm_u64)(n - i));
        kperm_u64 inv = kperm_internal_inverse64((kperm_u64)((n - i) >> s));
        for (v = 0; v < m; v++) {
            if (!c[v])
                continue;
            group = kperm_internal_div_exact(total, c[v], s, inv);
            if (rank < group)
                break;
            rank -= group;
        }
        out[i] = (kperm_u8)v;
        c[v]--;
        total = group;
    }
    for (i = 0; i < n; i++)
        perm[i] = out[i];
    return KPERM_OK;
}

/* validates that perm (n = sum of counts elements) is an arrangement of the
 * multiset, then sums the groups skipped before each element */
KPERM_FN int kperm_ms_rank_of(const kperm_u8 *perm, const kperm_u8 *counts, int m, kperm_rank *rank)
{
    kperm_u8 c[KPERM_MAX_MS_N];
    kperm_u64 total, r = 0;
    int n = 0, i, v, rc = kperm_ms_count(counts, m, &total);
    if (rc != KPERM_OK)
        return rc;
    kperm_internal_ms_size(counts, m, &n);
    for (v = 0; v < m; v++)
        c[v] = counts[v];
    for (i = 0; i < n; i++) {
        int s = kperm_lowest64((kperm_u64)(n - i));
        kperm_u64 inv = kperm_internal_inverse64((kperm_u64)((n - i) >> s));
        if (perm[i] >= m || !c[perm[i]])
            return KPERM_E_PERM;
        for (v = 0; v < perm[i]; v++)
            r += kperm_internal_div_exact(total, c[v], s, inv);
        total = kperm_internal_div_exact(total, c[perm[i]], s, inv);
        c[perm[i]]--;
    }
    *rank = r;
    return KPERM_OK;
}

/* std::next_permutation on repeated values: the pivot, or KPERM_END after the
 * last arrangement (perm is then the first, sorted), KPERM_E_N for n < 1; any
 * n >= 1 (no table): the same step as kperm_next. */
KPERM_FN int kperm_ms_next(kperm_u8 *perm, int n)
{
    return kperm_internal_step(perm, n, 1);
}

/* The packed cursor over ranks [begin, end) of the arrangements of a multiset
 * of at most 16 elements over m <= 16 values: kperm_pcursor_next steps it
 * with kperm_packed_next, whose strict compares treat repeated values as
 * std::next_permutation does; c->word holds the arrangement (value at
 * position i in bits 4i..4i+3). On error (KPERM_E_N, KPERM_E_OVERFLOW,
 * KPERM_E_RANK) c is an empty range. */
KPERM_FN int kperm_ms_pcursor_init(kperm_pcursor *c, const kperm_u8 *counts, int m, kperm_rank begin,
                                   kperm_rank end)
{
    kperm_u8 p[KPERM_MAX_PACKED_N];
    kperm_rank total = 0;
    int n = 0, rc = kperm_internal_ms_size(counts, m, &n);
    if (rc == KPERM_OK && (m > KPERM_MAX_PACKED_N || n > KPERM_MAX_PACKED_N))
        rc = KPERM_E_N;
    if (rc == KPERM_OK)
        rc = kperm_ms_count(counts, m, &total);
    if (rc == KPERM_OK && (begin > end || end > total))
        rc = KPERM_E_RANK;
    c->word = 0;
    c->n = rc == KPERM_OK ? n : 1;
    c->pivot = -1;
    c->rank = c->end = 0;
    if (rc != KPERM_OK)
        return rc;
    if (begin < end) {
        kperm_ms_unrank(begin, counts, m, p);
        c->word = kperm_pack(p, n);
    }
    c->rank = begin;
    c->end = end;
    return KPERM_OK;
}

#endif /* KPERM_MULTISET_H */
