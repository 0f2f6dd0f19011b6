/* kperm/comb.h - combinations: the k-subsets of 0..n-1, 0 <= k <= n <= 64,
 * each as its k values in increasing order (comb[0] < comb[1] < ...), in
 * lexicographic order of those lists: for n = 4, k = 2 the ranks 0..5 are
 * 01, 02, 03, 12, 13, 23. C(64, 32) < 2^64, so every count fits the 64-bit
 * rank; kperm_comb_count128 and the 128-bit calls go to n = 128.
 *
 * Ranks go through the combinatorial number system: with d_i = n - 1 - comb[i],
 *     C(n, k) - 1 - rank = C(d_0, k) + C(d_1, k - 1) + ... + C(d_{k-1}, 1),
 * d_0 > d_1 > ... >= 0, and each d_i is the largest d with C(d, k - i) <= what
 * is left: a binary search in a table of binomials (kperm/comb_table.h)
 * instead of a scan over the values. A subset is also a 64-bit mask (bit v set
 * when v is in it): the cursor holds it so, in one register, and steps it with
 * a few bit operations. On any error the outputs are left untouched.
 */
#ifndef KPERM_COMB_H
#define KPERM_COMB_H

#include "platform.h"
#include "status.h"
#include "bits.h"
#include "comb_table.h"
#include "partial.h"
#include "range.h"
#include "rank128.h"

#define KPERM_MAX_COMB_N 64
#define KPERM_MAX_COMB_LIST_N 255 /* kperm_comb_next and kperm_comb_skip: values are bytes */
#define KPERM_MAX_COMB128_N 128 /* C(128, 64) < 2^128 */

/* C(d, j) from a table laid out as kperm_comb_table, 0 <= d, j <= 64 (not
 * checked: the inner loop); 0 for d < j */
#define KPERM_INTERNAL_BINOMIAL_IN(table, d, j) ((d) < (j) ? 0 : (table)[65 * (j) - (j) * ((j) - 1) / 2 + (d) - (j)])

/* C(d, j) from this backend's table; 0 unless 0 <= j <= d <= 64 */
KPERM_FN kperm_u64 kperm_binomial(int d, int j)
{
    if (d < 0 || d > KPERM_MAX_COMB_N || j < 0)
        return 0;
    return KPERM_INTERNAL_BINOMIAL_IN(KPERM_TABLE(kperm_comb_table), d, j);
}

/* KPERM_E_TABLES before the CUDA upload, KPERM_E_N unless 0 <= k <= n <= 64 */
KPERM_FN int kperm_internal_comb_check(int n, int k)
{
    if (KPERM_TABLE(kperm_comb_table)[0] != 1)
        return KPERM_E_TABLES;
    return n < 0 || n > KPERM_MAX_COMB_N || k < 0 || k > n ? KPERM_E_N : KPERM_OK;
}

/* C(n, k) into *count; KPERM_E_N unless 0 <= k <= n <= 64 (every such count
 * fits 64 bits, so KPERM_E_OVERFLOW never comes from here) */
KPERM_FN int kperm_comb_count(int n, int k, kperm_rank *count)
{
    int rc = kperm_internal_comb_check(n, k);
    if (rc != KPERM_OK)
        return rc;
    *count = kperm_binomial(n, k);
    return KPERM_OK;
}

/* d = the largest d in j - 1..n - 1 with C(d, j) <= left over the binomials
 * in `table` (C(j - 1, j) = 0 <= left: the search's floor), 1 <= j <= n <= 64
 * not checked: a binary search of six probes, whatever n. The unranks of
 * this order and of kperm/revdoor.h share it; a macro for the reason below. */
#define KPERM_INTERNAL_BINOMIAL_FLOOR(table, left, n, j, d)                                    \
    do {                                                                                    \
        int kperm_internal_step;                                                            \
        (d) = (j) - 1;                                                                      \
        KPERM_UNROLL                                                                        \
        for (kperm_internal_step = 32; kperm_internal_step >= 1; kperm_internal_step >>= 1) \
            if ((d) + kperm_internal_step < (n) &&                                          \
                KPERM_INTERNAL_BINOMIAL_IN(table, (d) + kperm_internal_step, j) <= (left))  \
                (d) += kperm_internal_step;                                                 \
    } while (0)

/* The body of the unrank to a mask over the binomials in `table`: each value
 * is KPERM_INTERNAL_BINOMIAL_FLOOR's search; a literal k unrolls the
 * positions and makes every table row a constant. A macro, because OpenCL C
 * 1.2 has no pointer that reaches both the built-in __constant table and one
 * in __global memory: the two unranks below are this one source. */
#define KPERM_INTERNAL_COMB_UNRANK_MASK_BODY(table, rank, n, k, mask)                      \
    kperm_u64 left, out = 0;                                                        \
    int i;                                                                          \
    if ((table)[0] != 1)                                                            \
        return KPERM_E_TABLES;                                                      \
    if (n < 0 || n > KPERM_MAX_COMB_N || k < 0 || k > n)                            \
        return KPERM_E_N;                                                           \
    if (rank >= KPERM_INTERNAL_BINOMIAL_IN(table, n, k))                                     \
        return KPERM_E_RANK;                                                        \
    left = KPERM_INTERNAL_BINOMIAL_IN(table, n, k) - 1 - rank;                               \
    KPERM_UNROLL                                                                    \
    for (i = 0; i < k; i++) {                                                       \
        int j = k - i, d;                                                           \
        KPERM_INTERNAL_BINOMIAL_FLOOR(table, left, n, j, d);                        \
        left -= KPERM_INTERNAL_BINOMIAL_IN(table, d, j);                                     \
        out |= KPERM_U64(1) << (n - 1 - d);                                         \
    }                                                                               \
    *(mask) = out;                                                                  \
    return KPERM_OK

/* The subset of rank `rank` as a mask (bit v: value v is in it) */
KPERM_FN int kperm_comb_unrank_mask(kperm_rank rank, int n, int k, kperm_u64 *mask)
{
    KPERM_INTERNAL_COMB_UNRANK_MASK_BODY(KPERM_TABLE(kperm_comb_table), rank, n, k, mask);
}

/* kperm_comb_unrank_mask with the binomials read from `binomials`, a copy of
 * kperm_comb_table (KPERM_COMB_TABLE_SIZE entries) the caller keeps in global
 * memory: in OpenCL a __global buffer made from the host's kperm_comb_table,
 * passed to the kernel. NVIDIA's OpenCL has only __constant memory for the
 * built-in table, where a warp's scattered probes are read one address at a
 * time; a __global copy is read through the cache. KPERM_E_TABLES when
 * binomials[0] is not 1 (a buffer never filled), else as kperm_comb_unrank_mask. */
KPERM_FN int kperm_comb_unrank_mask_in(const KPERM_GLOBAL kperm_u64 *binomials, kperm_rank rank, int n, int k,
                                       kperm_u64 *mask)
{
    KPERM_INTERNAL_COMB_UNRANK_MASK_BODY(binomials, rank, n, k, mask);
}

/* comb[0..k-1] from a mask of k values, ascending */
KPERM_FN void kperm_comb_from_mask(kperm_u64 mask, int k, kperm_u8 *comb)
{
    int i;
    KPERM_UNROLL
    for (i = 0; i < k; i++) {
        comb[i] = (kperm_u8)kperm_lowest64(mask);
        mask &= mask - 1;
    }
}

KPERM_FN int kperm_comb_unrank(kperm_rank rank, int n, int k, kperm_u8 *comb)
{
    kperm_u64 mask = 0;
    int rc = kperm_comb_unrank_mask(rank, n, k, &mask);
    if (rc == KPERM_OK)
        kperm_comb_from_mask(mask, k, comb);
    return rc;
}

/* the rank of the subset `mask` of 0..n-1 (its k = popcount); KPERM_E_PERM
 * when it holds a value of n or more */
KPERM_FN int kperm_comb_rank_of_mask(kperm_u64 mask, int n, kperm_rank *rank)
{
    kperm_u64 sum = 0;
    int i, k, rc = kperm_internal_comb_check(n, 0);
    if (rc != KPERM_OK)
        return rc;
    if (n < KPERM_MAX_COMB_N && (mask >> n) != 0)
        return KPERM_E_PERM;
    k = kperm_popcount64(mask);
    for (i = 0; mask; i++, mask &= mask - 1)
        sum += kperm_binomial(n - 1 - kperm_lowest64(mask), k - i);
    *rank = kperm_binomial(n, k) - 1 - sum;
    return KPERM_OK;
}

/* KPERM_OK when comb[0..k-1] is strictly increasing and below n, else
 * KPERM_E_PERM */
KPERM_FN int kperm_internal_comb_valid(const kperm_u8 *comb, int n, int k)
{
    int i;
    for (i = 0; i < k; i++)
        if (comb[i] >= n || (i > 0 && comb[i] <= comb[i - 1]))
            return KPERM_E_PERM;
    return KPERM_OK;
}

/* the mask of comb[0..k-1]: KPERM_E_N unless 0 <= k <= n <= 64, KPERM_E_PERM
 * unless comb is valid */
KPERM_FN int kperm_comb_mask_of(const kperm_u8 *comb, int n, int k, kperm_u64 *mask)
{
    kperm_u64 m = 0;
    int i;
    if (n < 0 || n > KPERM_MAX_COMB_N || k < 0 || k > n)
        return KPERM_E_N;
    if (kperm_internal_comb_valid(comb, n, k) != KPERM_OK)
        return KPERM_E_PERM;
    for (i = 0; i < k; i++)
        m |= KPERM_U64(1) << comb[i];
    *mask = m;
    return KPERM_OK;
}

KPERM_FN int kperm_comb_rank_of(const kperm_u8 *comb, int n, int k, kperm_rank *rank)
{
    kperm_u64 mask = 0;
    int rc = kperm_internal_comb_check(n, k);
    if (rc == KPERM_OK)
        rc = kperm_comb_mask_of(comb, n, k, &mask);
    return rc == KPERM_OK ? kperm_comb_rank_of_mask(mask, n, rank) : rc;
}

/* The next subset of mask (k values of 0..n-1, 0 <= k <= n <= 64) in the
 * order above, for a mask that is not the last subset: the run of values
 * g+1..n-1 above the highest value g missing from the subset cannot move; the
 * highest value h below g moves up by one and the run follows it: h's bit
 * becomes the bits h+1..h+len+1, which adding (2^(len+2) - 3) << h does
 * (modulo 2^64, which the result fits). Returns the pivot (the index in the
 * sorted list of the value that moved). Not validated and no test for the
 * end: the cursor's step, which never passes its range's last subset. */
KPERM_FN int kperm_internal_comb_step_within(kperm_u64 *mask, int n, int k)
{
    kperm_u64 m = *mask, rest;
    int g = kperm_highest64(kperm_internal_kp_all(n) & ~m), len = n - 1 - g;
    rest = m & ((KPERM_U64(1) << g) - 1);
    *mask = rest + (((KPERM_U64(4) << len) - 3) << kperm_highest64(rest));
    return k - len - 1;
}

/* kperm_internal_comb_step_within, or KPERM_END after the last subset (the k largest
 * values; with k = n the only one), leaving the first (0, 1, ..., k - 1) */
KPERM_FN int kperm_internal_comb_step(kperm_u64 *mask, int n, int k)
{
    if (*mask == (kperm_internal_kp_all(n) ^ kperm_internal_kp_all(n - k))) {
        *mask = kperm_internal_kp_all(k);
        return KPERM_END;
    }
    return kperm_internal_comb_step_within(mask, n, k);
}

/* The next subset of a mask of any k (its popcount): the pivot, or KPERM_END
 * after the last (the mask is then the first); KPERM_E_N unless 0 <= n <= 64,
 * KPERM_E_PERM for a bit at n or above (mask untouched on errors). The two
 * checks are what keeps the step's shifts inside the word. */
KPERM_FN int kperm_comb_next_mask(kperm_u64 *mask, int n)
{
    if (n < 0 || n > KPERM_MAX_COMB_N)
        return KPERM_E_N;
    if (*mask & ~kperm_internal_kp_all(n))
        return KPERM_E_PERM;
    return kperm_internal_comb_step(mask, n, kperm_popcount64(*mask));
}

/* KPERM_E_N unless 0 <= k <= n <= KPERM_MAX_COMB_LIST_N, KPERM_E_PERM
 * unless comb[0..k-1] is strictly increasing below n */
KPERM_FN int kperm_internal_comb_list_check(const kperm_u8 *comb, int n, int k)
{
    if (n < 0 || n > KPERM_MAX_COMB_LIST_N || k < 0 || k > n)
        return KPERM_E_N;
    return kperm_internal_comb_valid(comb, n, k);
}

/* The next subset of comb[0..k-1] in the order above (the mask's step on a
 * list, so that n may pass 64), not validated: the last value that can
 * still grow grows by one and the values after it follow it. The pivot, or
 * KPERM_END after the last (comb is then 0, 1, ..., k - 1) */
KPERM_FN int kperm_internal_comb_list_step(kperm_u8 *comb, int n, int k)
{
    int i, j;
    for (i = k - 1; i >= 0 && comb[i] == n - k + i; i--)
        ;
    if (i < 0) {
        for (j = 0; j < k; j++)
            comb[j] = (kperm_u8)j;
        return KPERM_END;
    }
    comb[i]++;
    for (j = i + 1; j < k; j++)
        comb[j] = (kperm_u8)(comb[j - 1] + 1);
    return i;
}

/* kperm_internal_comb_list_step, validated: the pivot, KPERM_END after the
 * last, KPERM_E_N, KPERM_E_PERM; k = 0 has one subset, so it ends at once */
KPERM_FN int kperm_comb_next(kperm_u8 *comb, int n, int k)
{
    int rc = kperm_internal_comb_list_check(comb, n, k);
    return rc != KPERM_OK ? rc : kperm_internal_comb_list_step(comb, n, k);
}

/* The first subset after every one that shares comb[0..j]: the values after
 * position j become the largest ones (the last subset with that prefix), then
 * one kperm_comb_next. The pivot (<= j), KPERM_END past the last, KPERM_E_N,
 * KPERM_E_PERM, KPERM_E_ARG (j outside 0..k-1); comb untouched on errors. */
KPERM_FN int kperm_comb_skip(kperm_u8 *comb, int n, int k, int j)
{
    int i, rc = kperm_internal_comb_list_check(comb, n, k);
    if (rc != KPERM_OK)
        return rc;
    if (j < 0 || j >= k)
        return KPERM_E_ARG;
    for (i = j + 1; i < k; i++)
        comb[i] = (kperm_u8)(n - k + i);
    return kperm_internal_comb_list_step(comb, n, k); /* validated above: once is enough */
}

/* ---- the combination cursor: the subset as a mask in one register */
typedef struct {
    kperm_u64 mask; /* bit v set: value v is in the subset */
    int n, k, pivot;
    kperm_rank rank, end;
} kperm_comb_cursor;

/* The checks of a cursor over ranks [begin, end) of the k-subsets of 0..n-1
 * (in any order of them): KPERM_E_TABLES, KPERM_E_N, KPERM_E_RANK */
KPERM_FN int kperm_internal_comb_range_check(int n, int k, kperm_rank begin, kperm_rank end)
{
    kperm_rank total = 0;
    int rc = kperm_comb_count(n, k, &total);
    return rc == KPERM_OK && (begin > end || end > total) ? KPERM_E_RANK : rc;
}

/* Prepares c to visit ranks [begin, end) of the k-subsets of 0..n-1. On error
 * (KPERM_E_N, KPERM_E_RANK, KPERM_E_TABLES) c is an empty range; n and k are
 * kept as given, so that literals stay constants through the caller's loop. */
KPERM_FN int kperm_comb_cursor_init(kperm_comb_cursor *c, int n, int k, kperm_rank begin, kperm_rank end)
{
    int rc = kperm_internal_comb_range_check(n, k, begin, end);
    c->mask = 0;
    c->n = n;
    c->k = k;
    c->pivot = -1;
    c->rank = c->end = 0;
    if (rc != KPERM_OK)
        return rc;
    if (begin < end)
        kperm_comb_unrank_mask(begin, n, k, &c->mask);
    c->rank = begin;
    c->end = end;
    return KPERM_OK;
}

/* 1: c->mask is the subset of rank c->rank, c->pivot the index (in the
 * sorted list) of the first value that differs from the previous subset (0 on
 * the first call); 0: the range is done. */
KPERM_FN int kperm_comb_cursor_next(kperm_comb_cursor *c)
{
    int step = kperm_internal_cursor_advance(&c->rank, c->end, &c->pivot);
    if (step == 2)
        c->pivot = kperm_internal_comb_step_within(&c->mask, c->n, c->k);
    return step != 0;
}

/* Positions c so that its next kperm_comb_cursor_next visits the first subset
 * after every one sharing the cursor's values 0..j (or ends the range, when
 * that one is past it): c becomes the last subset with that prefix.
 * KPERM_OK, or KPERM_E_ARG (j outside 0..k-1, or nothing visited yet). */
KPERM_FN int kperm_comb_cursor_skip(kperm_comb_cursor *c, int j)
{
    kperm_u64 keep = c->mask, last;
    kperm_rank rank = 0;
    int i;
    if (c->pivot < 0 || c->rank >= c->end || j < 0 || j >= c->k)
        return KPERM_E_ARG;
    for (i = 0; i <= j; i++)
        keep &= keep - 1; /* keep: the values after position j */
    last = (c->mask & ~keep) | (kperm_internal_kp_all(c->n) & ~kperm_internal_kp_all(c->n - (c->k - 1 - j)));
    kperm_comb_rank_of_mask(last, c->n, &rank);
    if (rank >= c->end - 1) {
        c->rank = c->end - 1;
        return KPERM_OK;
    }
    c->mask = last;
    c->rank = rank;
    return KPERM_OK;
}

/* ---- 128-bit ranks, n <= 128: the place values are computed as the values
 * go by (no table reaches past 64), one exact multiply and divide each */

KPERM_FN int kperm_internal_gcd(int a, int b)
{
    while (b) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* c * num / den for 0 < num, den <= 128, when the quotient is an integer:
 * c divided first by den / gcd (which divides c, as num / gcd and den / gcd
 * are coprime), so no intermediate exceeds the larger of c and the result */
KPERM_FN kperm_rank128 kperm_internal_mul_div128(kperm_rank128 c, int num, int den)
{
    int g = kperm_internal_gcd(num, den);
    kperm_internal_divmod128(&c, (kperm_u32)(den / g));
    kperm_internal_muladd128(&c, (kperm_u32)(num / g), 0);
    return c;
}

KPERM_FN int kperm_comb_count128(int n, int k, kperm_rank128 *count)
{
    kperm_rank128 c;
    int i;
    if (n < 0 || n > KPERM_MAX_COMB128_N || k < 0 || k > n)
        return KPERM_E_N;
    c.lo = 1;
    c.hi = 0;
    for (i = 1; i <= k; i++) /* C(n - k + i, i) = C(n - k + i - 1, i - 1) * (n - k + i) / i */
        c = kperm_internal_mul_div128(c, n - k + i, i);
    *count = c;
    return KPERM_OK;
}

/* Value by value: with j values still to take from the m = n - v values v..n-1
 * (place = C(m, j) ways), C(m - 1, j - 1) = place * j / m of them take v. */
KPERM_FN int kperm_comb_unrank128(kperm_rank128 rank, int n, int k, kperm_u8 *comb)
{
    kperm_rank128 place = {0, 0}, take;
    int v, j = k, rc = kperm_comb_count128(n, k, &place);
    if (rc != KPERM_OK)
        return rc;
    if (!kperm_internal_lt128(rank, place))
        return KPERM_E_RANK;
    for (v = 0; j > 0; v++) {
        take = kperm_internal_mul_div128(place, j, n - v);
        if (kperm_internal_lt128(rank, take)) {
            comb[k - j--] = (kperm_u8)v;
            place = take;
        } else {
            rank = kperm_internal_sub128(rank, take);
            place = kperm_internal_sub128(place, take);
        }
    }
    return KPERM_OK;
}

/* the inverse: every value not taken adds the subsets that take it there */
KPERM_FN int kperm_comb_rank128_of(const kperm_u8 *comb, int n, int k, kperm_rank128 *rank)
{
    kperm_rank128 place = {0, 0}, sum = {0, 0}, take;
    int v, j = k, rc = kperm_comb_count128(n, k, &place);
    if (rc != KPERM_OK)
        return rc;
    if (kperm_internal_comb_valid(comb, n, k) != KPERM_OK)
        return KPERM_E_PERM;
    for (v = 0; j > 0; v++) {
        take = kperm_internal_mul_div128(place, j, n - v);
        if (comb[k - j] == v) {
            place = take;
            j--;
        } else {
            sum = kperm_internal_add128(sum, take);
            place = kperm_internal_sub128(place, take);
        }
    }
    *rank = sum;
    return KPERM_OK;
}

#endif /* KPERM_COMB_H */
