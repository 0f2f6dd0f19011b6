/* kperm/partial.h - k-permutations: ordered selections of k of 0..n-1, in
 * lexicographic order of the k values, 1 <= k <= n <= KPERM_MAX_KP_N, as long
 * as n!/(n-k)! fits 64 bits. Rank r <-> digits d[i] < n-i with place values
 * P(n-1-i, k-1-i); perm[i] is the d[i]-th value not used before it (a 64-bit
 * mask and a popcount select). On any error the outputs are left untouched.
 */
#ifndef KPERM_PARTIAL_H
#define KPERM_PARTIAL_H

#include "platform.h"
#include "status.h"
#include "bits.h"
#include "range.h"

/* the mask of values 0..n-1 (empty for n <= 0: callers validate n after) */
KPERM_FN kperm_u64 kperm_internal_kp_all(int n)
{
    return n <= 0 ? 0 : n >= 64 ? ~KPERM_U64(0) : (KPERM_U64(1) << n) - 1;
}

KPERM_FN int kperm_kp_count(int n, int k, kperm_rank *count)
{
    kperm_u64 c = 1;
    int i;
    if (n < 1 || n > KPERM_MAX_KP_N || k < 1 || k > n)
        return KPERM_E_N;
    for (i = n - k + 1; i <= n; i++) {
        if (c > ~KPERM_U64(0) / (kperm_u64)i)
            return KPERM_E_OVERFLOW;
        c *= (kperm_u64)i;
    }
    *count = c;
    return KPERM_OK;
}

KPERM_FN int kperm_kp_unrank(kperm_rank rank, int n, int k, kperm_u8 *perm)
{
    kperm_u64 total, place, unused = kperm_internal_kp_all(n);
    kperm_u8 out[KPERM_MAX_KP_N];
    int i, rc = kperm_kp_count(n, k, &total);
    if (rc != KPERM_OK)
        return rc;
    if (rank >= total)
        return KPERM_E_RANK;
    place = total;
    for (i = 0; i < k; i++) {
        kperm_u64 d;
        place /= (kperm_u64)(n - i); /* P(n-1-i, k-1-i) */
        d = rank / place;
        rank -= d * place;
        out[i] = (kperm_u8)kperm_select64(unused, (int)d);
        unused &= ~(KPERM_U64(1) << out[i]);
    }
    for (i = 0; i < k; i++)
        perm[i] = out[i];
    return KPERM_OK;
}

KPERM_FN int kperm_kp_rank_of(const kperm_u8 *perm, int n, int k, kperm_rank *rank)
{
    kperm_u64 total, place, unused = kperm_internal_kp_all(n), r = 0;
    int i, rc = kperm_kp_count(n, k, &total);
    if (rc != KPERM_OK)
        return rc;
    place = total;
    for (i = 0; i < k; i++) {
        int v = perm[i];
        if (v >= n || !((unused >> v) & 1u))
            return KPERM_E_PERM;
        place /= (kperm_u64)(n - i);
        r += place * (kperm_u64)kperm_popcount64(unused & ((KPERM_U64(1) << v) - 1));
        unused &= ~(KPERM_U64(1) << v);
    }
    *rank = r;
    return KPERM_OK;
}

/* The next k-permutation: the last position that can take a larger value not
 * used before it gets the smallest such value, and the positions after it the
 * smallest values left, ascending. Returns that position (the pivot), or
 * KPERM_END after the last one, leaving the first (0, 1, ..., k-1). Validates
 * perm (KPERM_E_PERM): a repeated value would make "unused" meaningless. */
KPERM_FN int kperm_kp_next(kperm_u8 *perm, int n, int k)
{
    kperm_u64 all, used = 0, larger;
    int i, j;
    if (n < 1 || n > KPERM_MAX_KP_N || k < 1 || k > n)
        return KPERM_E_N;
    all = kperm_internal_kp_all(n);
    for (i = 0; i < k; i++) {
        if (perm[i] >= n || ((used >> perm[i]) & 1u))
            return KPERM_E_PERM;
        used |= KPERM_U64(1) << perm[i];
    }
    for (i = k - 1; i >= 0; i--) {
        used &= ~(KPERM_U64(1) << perm[i]); /* now the values before position i */
        larger = all & ~used & ~((KPERM_U64(2) << perm[i]) - 1); /* 2 << 63 wraps to 0: none */
        if (larger) {
            perm[i] = (kperm_u8)kperm_lowest64(larger);
            used |= KPERM_U64(1) << perm[i];
            for (j = i + 1; j < k; j++) {
                perm[j] = (kperm_u8)kperm_lowest64(all & ~used);
                used |= KPERM_U64(1) << perm[j];
            }
            return i;
        }
    }
    for (i = 0; i < k; i++)
        perm[i] = (kperm_u8)i;
    return KPERM_END;
}

/* ---- the k-permutation cursor: k <= 8 values in one word, as bytes */
#define KPERM_MAX_KCURSOR_K 8

typedef struct {
    kperm_u64 word; /* the value at position i in bits 8i..8i+7 */
    kperm_u64 used; /* the set of values in word */
    int n, k, pivot;
    kperm_rank rank, end;
} kperm_kcursor;

/* the value at position i of the cursor's k-permutation, or KPERM_E_ARG for
 * i outside 0..k-1 */
KPERM_FN int kperm_kcursor_get(const kperm_kcursor *c, int i)
{
    if (i < 0 || i >= c->k || i >= KPERM_MAX_KCURSOR_K)
        return KPERM_E_ARG;
    return (int)((c->word >> (8 * i)) & 255u);
}

/* Prepares c to visit ranks [begin, end) of the k-permutations of n
 * (1 <= k <= 8, k <= n <= 64). On error (KPERM_E_N, KPERM_E_OVERFLOW,
 * KPERM_E_RANK) c is an empty range; n and k are kept as given. */
KPERM_FN int kperm_kcursor_init(kperm_kcursor *c, int n, int k, kperm_rank begin, kperm_rank end)
{
    kperm_u8 p[KPERM_MAX_KCURSOR_K];
    kperm_rank total = 0;
    int i, rc = k > KPERM_MAX_KCURSOR_K ? KPERM_E_N : kperm_kp_count(n, k, &total);
    if (rc == KPERM_OK && (begin > end || end > total))
        rc = KPERM_E_RANK;
    c->word = c->used = 0;
    c->n = n;
    c->k = k;
    c->pivot = -1;
    c->rank = c->end = 0;
    if (rc != KPERM_OK)
        return rc;
    if (begin < end) {
        kperm_kp_unrank(begin, n, k, p);
        for (i = 0; i < k; i++) {
            c->word |= (kperm_u64)p[i] << (8 * i);
            c->used |= KPERM_U64(1) << p[i];
        }
    }
    c->rank = begin;
    c->end = end;
    return KPERM_OK;
}

/* kperm_kp_next on the cursor's word and set: the last position whose value
 * has a larger unused one takes the smallest, the positions after it the
 * smallest unused values, ascending. Usually that is the last position
 * (all but 1 in n - k + 1 steps), which costs a few mask operations. */
KPERM_FN int kperm_internal_kcursor_step(kperm_kcursor *c)
{
    kperm_u64 all = kperm_internal_kp_all(c->n), used = c->used, word = c->word, larger = 0;
    int i, v;
    for (i = c->k - 1; i >= 0; i--) {
        v = (int)((word >> (8 * i)) & 255u);
        used &= ~(KPERM_U64(1) << v); /* now the values before position i */
        larger = all & ~used & ~((KPERM_U64(2) << v) - 1); /* 2 << 63 wraps to 0: none */
        if (larger)
            break;
    }
    if (i < 0) /* past the last: the first, 0, 1, ..., k-1 */
        larger = used = 0;
    for (v = i < 0 ? 0 : i; v < c->k; v++) {
        kperm_u64 free = v == i ? larger : all & ~used, pick = free & (~free + 1); /* its lowest value */
        word = (word & ~(KPERM_U64(255) << (8 * v))) | (kperm_u64)kperm_lowest64(pick) << (8 * v);
        used |= pick;
    }
    c->word = word;
    c->used = used;
    return i < 0 ? KPERM_END : i;
}

/* 1: c's word is the k-permutation of rank c->rank, c->pivot the first
 * position that differs from the previous one (0 on the first call); 0: the
 * range is done. */
KPERM_FN int kperm_kcursor_next(kperm_kcursor *c)
{
    int step = kperm_internal_cursor_advance(&c->rank, c->end, &c->pivot);
    if (step == 2)
        c->pivot = kperm_internal_kcursor_step(c);
    return step != 0;
}

#endif /* KPERM_PARTIAL_H */
