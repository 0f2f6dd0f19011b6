/* kperm/skip.h - skipping a prefix: from a permutation, straight to the first
 * one in lexicographic order whose first k + 1 elements differ from its own,
 * past every permutation that shares perm[0..k] (a search that has found the
 * prefix hopeless abandons all of them at once). The step is the last
 * permutation with that prefix (its suffix in descending order) followed by
 * one next, so the pivot and the wrap are next's. */
#ifndef KPERM_SKIP_H
#define KPERM_SKIP_H

#include "platform.h"
#include "status.h"
#include "lex.h"
#include "range.h"
#include "cursor.h"
#include "walk.h"
#include "partial.h"
#include "multiset.h"
#include "rank128.h"

/* The first permutation after every one sharing perm[0..k]: the last one
 * with that prefix (its suffix in descending order), then one kperm_next.
 * Returns the pivot (<= k), or KPERM_END past the last prefix (perm is then
 * the first arrangement); KPERM_E_N for n < 1, KPERM_E_ARG for k outside
 * 0..n-1 (perm untouched on errors). Any n (no table); repeated values are
 * stepped as kperm_next steps them. k = n - 1 (or n - 2) is one kperm_next. */
KPERM_FN int kperm_skip(kperm_u8 *perm, int n, int k)
{
    if (n < 1)
        return KPERM_E_N;
    if (k < 0 || k >= n)
        return KPERM_E_ARG;
    kperm_internal_sort_descending(perm, k + 1, n);
    return kperm_next(perm, n);
}

/* The rank kperm_skip moves rank to: the next multiple of (n-k-1)!, into
 * *out; KPERM_END (and *out = 0) past the last; KPERM_E_N, KPERM_E_ARG,
 * KPERM_E_RANK (rank >= n!), KPERM_E_TABLES. */
KPERM_FN int kperm_skip_rank(kperm_rank rank, int n, int k, kperm_rank *out)
{
    kperm_u64 total = 0, block = 1; /* set by the calls; gcc cannot always see it */
    int rc = kperm_internal_fact_checked(n, &total);
    if (rc != KPERM_OK)
        return rc;
    if (k < 0 || k >= n)
        return KPERM_E_ARG;
    if (rank >= total)
        return KPERM_E_RANK;
    kperm_internal_fact_checked(n - k - 1 > 0 ? n - k - 1 : 1, &block);
    rank = (rank / block + 1) * block;
    *out = rank < total ? rank : 0;
    return rank < total ? KPERM_OK : KPERM_END;
}

/* kperm_skip on an arrangement of a multiset: the same call, named for the
 * family */
KPERM_FN int kperm_ms_skip(kperm_u8 *perm, int n, int k)
{
    return kperm_skip(perm, n, k);
}

/* packed permutation w with positions k+1..n-1 in descending order (the last
 * permutation sharing positions 0..k), from a mask of their values */
KPERM_FN kperm_u64 kperm_internal_packed_last(kperm_u64 w, int n, int k)
{
    kperm_u32 values = 0;
    int i;
    for (i = k + 1; i < n; i++)
        values |= 1u << kperm_packed_get(w, i);
    w &= KPERM_INTERNAL_NIBBLES(k + 1);
    for (i = k + 1; i < n; i++) {
        int v = kperm_internal_highest32(values);
        w |= (kperm_u64)v << (4 * i);
        values &= ~(1u << v);
    }
    return w;
}

/* kperm_skip on a packed permutation of n <= 16 distinct values; KPERM_E_PERM
 * (w untouched) when a value repeats: the descending suffix is built from the
 * set of its values, which a repeat would leave short */
KPERM_FN int kperm_packed_skip(kperm_u64 *w, int n, int k)
{
    kperm_u32 values = 0;
    int i;
    if (n < 1 || n > KPERM_MAX_PACKED_N)
        return KPERM_E_N;
    if (k < 0 || k >= n)
        return KPERM_E_ARG;
    for (i = 0; i < n; i++)
        values |= 1u << kperm_packed_get(*w, i);
    if (kperm_internal_popcount32(values) != n)
        return KPERM_E_PERM;
    *w = kperm_internal_packed_last(*w, n, k);
    return kperm_packed_next(w, n);
}

/* The cursors' side of a skip from *rank (a visited rank of [.., end)) past
 * the permutations sharing positions 0..k of n: 1 with *rank one before the
 * first after them (the cursor then holds the last of them), or 0 with
 * *rank = end - 1 when the range ends among them. */
KPERM_FN int kperm_internal_skip_cursor_rank(kperm_rank *rank, kperm_rank end, int n, int k)
{
    kperm_rank next = 0;
    if (kperm_skip_rank(*rank, n, k, &next) != KPERM_OK || next >= end) {
        *rank = end - 1;
        return 0;
    }
    *rank = next - 1;
    return 1;
}

/* Positions c so that its next kperm_cursor_next visits the first permutation
 * after every one sharing the cursor's positions 0..k (or ends the range, when
 * that one is past it): c becomes the last permutation with that prefix.
 * KPERM_OK, or KPERM_E_ARG (k outside 0..n-1, or c not on a visited
 * permutation). */
KPERM_FN int kperm_cursor_skip(kperm_cursor *c, int k)
{
    kperm_u8 p[KPERM_MAX_N];
    int h = kperm_internal_cursor_head(c->n);
    if (c->pivot < 0 || c->rank >= c->end || k < 0 || k >= c->n)
        return KPERM_E_ARG;
    if (!kperm_internal_skip_cursor_rank(&c->rank, c->end, c->n, k))
        return KPERM_OK;
    if (k >= h) /* the prefix's last permutation: labels order as their values do */
        c->word = kperm_internal_packed_last(c->word, c->n - h, k - h);
    else {
        kperm_cursor_perm(c, p);
        kperm_internal_sort_descending(p, k + 1, c->n);
        kperm_internal_cursor_load(c, p);
    }
    return KPERM_OK;
}

/* kperm_cursor_skip for a packed cursor over permutations (kperm_pcursor_init;
 * not one over a multiset, whose rank steps differ). KPERM_OK, or KPERM_E_ARG
 * (k outside 0..n-1, or nothing visited yet). */
KPERM_FN int kperm_pcursor_skip(kperm_pcursor *c, int k)
{
    if (c->pivot < 0 || c->rank >= c->end || k < 0 || k >= c->n)
        return KPERM_E_ARG;
    if (kperm_internal_skip_cursor_rank(&c->rank, c->end, c->n, k))
        c->word = kperm_internal_packed_last(c->word, c->n, k);
    return KPERM_OK;
}

/* The rank kperm_ms_skip moves the arrangement perm (of the multiset of
 * its own n elements) to, exactly: its rank, less the rank of its suffix
 * perm[k+1..] among the arrangements of the suffix's elements, plus their
 * number. KPERM_OK, KPERM_END (*out = 0) past the last, KPERM_E_N, KPERM_E_ARG
 * (k outside 0..n-1), KPERM_E_PERM (a value of 64 or more), KPERM_E_OVERFLOW
 * (more arrangements than 64 bits count). */
KPERM_FN int kperm_ms_skip_rank(const kperm_u8 *perm, int n, int k, kperm_rank *out)
{
    kperm_u8 counts[KPERM_MAX_MS_N];
    kperm_rank rank = 0, total = 0, inner = 0, size = 1;
    int i, m = 1, rc;
    if (n < 1 || n > KPERM_MAX_MS_N)
        return KPERM_E_N;
    if (k < 0 || k >= n)
        return KPERM_E_ARG;
    for (i = 0; i < KPERM_MAX_MS_N; i++)
        counts[i] = 0;
    for (i = 0; i < n; i++) {
        if (perm[i] >= KPERM_MAX_MS_N)
            return KPERM_E_PERM;
        counts[perm[i]]++;
        m = perm[i] >= m ? perm[i] + 1 : m;
    }
    rc = kperm_ms_rank_of(perm, counts, m, &rank);
    if (rc == KPERM_OK)
        rc = kperm_ms_count(counts, m, &total);
    if (rc != KPERM_OK)
        return rc;
    for (i = 0; i <= k; i++)
        counts[perm[i]]--;
    if (k < n - 1) { /* the suffix's counts fit: they are at most the whole's */
        kperm_ms_rank_of(perm + k + 1, counts, m, &inner);
        kperm_ms_count(counts, m, &size);
    }
    rank = rank - inner + size;
    *out = rank < total ? rank : 0;
    return rank < total ? KPERM_OK : KPERM_END;
}

/* kperm_pcursor_skip for a packed cursor over a multiset's arrangements
 * (kperm_ms_pcursor_init), its rank by kperm_ms_skip_rank. KPERM_OK, or
 * KPERM_E_ARG (k outside 0..n-1, or nothing visited yet). */
KPERM_FN int kperm_ms_pcursor_skip(kperm_pcursor *c, int k)
{
    kperm_u8 p[KPERM_MAX_PACKED_N];
    kperm_rank next = 0;
    if (c->pivot < 0 || c->rank >= c->end || k < 0 || k >= c->n)
        return KPERM_E_ARG;
    kperm_unpack(c->word, c->n, p);
    if (kperm_ms_skip_rank(p, c->n, k, &next) != KPERM_OK || next >= c->end) {
        c->rank = c->end - 1;
        return KPERM_OK;
    }
    kperm_internal_sort_descending(p, k + 1, c->n); /* the prefix's last arrangement */
    c->word = kperm_pack(p, c->n);
    c->rank = next - 1;
    return KPERM_OK;
}

/* Moves a block walk past every permutation that shares positions 0..k of
 * its block's prefix (k <= n - 6): the next kperm_walk_block is the first
 * block after them, or ends the range. (Within a block the caller picks the
 * ranks k it visits, so the block's own 5 positions are its to skip.)
 * KPERM_OK, or KPERM_E_ARG (k outside 0..n-6, or no block yet). */
KPERM_FN int kperm_walk_skip(kperm_walk *w, int k)
{
    kperm_rank next = 0;
    kperm_u64 last;
    if (w->pivot < 0 || k < 0 || k > w->n - KPERM_WALK_S - 1)
        return KPERM_E_ARG;
    if (kperm_skip_rank(w->block * KPERM_WALK_BLOCK, w->n, k, &next) != KPERM_OK || next >= w->end) {
        w->next = w->end;
        return KPERM_OK;
    }
    /* the block of the prefix's last permutation, as kperm_walk_block
     * leaves it, so that its next step is the fast one */
    last = kperm_internal_packed_last(kperm_walk_word(w, 0), w->n, k);
    w->prefix = last & KPERM_INTERNAL_NIBBLES(w->n - KPERM_WALK_S);
    w->list = kperm_internal_nibbles_reverse(kperm_internal_rotr64(last, (64 - w->rot) & 63) & KPERM_INTERNAL_NIBBLES(KPERM_WALK_S)) >> 44;
    w->next = next;
    return KPERM_OK;
}

/* kperm_skip_rank for 128-bit ranks (n <= 34): rank / (n-k-1)! by the
 * radixes 2..n-k-1 one at a time, plus one, times them again */
KPERM_FN int kperm_skip_rank128(kperm_rank128 rank, int n, int k, kperm_rank128 *out)
{
    kperm_rank128 total = {0, 0}; /* gcc 12 cannot see count128 set it */
    int r, rc = kperm_count128(n, &total);
    if (rc != KPERM_OK)
        return rc;
    if (k < 0 || k >= n)
        return KPERM_E_ARG;
    if (!kperm_internal_lt128(rank, total))
        return KPERM_E_RANK;
    for (r = 2; r <= n - k - 1; r++)
        kperm_internal_divmod128(&rank, (kperm_u32)r);
    kperm_internal_muladd128(&rank, 1, 1);
    for (r = 2; r <= n - k - 1; r++)
        kperm_internal_muladd128(&rank, (kperm_u32)r, 0);
    if (!kperm_internal_lt128(rank, total)) {
        out->lo = out->hi = 0;
        return KPERM_END;
    }
    *out = rank;
    return KPERM_OK;
}

/* The first k-permutation of n after every one sharing perm[0..j]: the
 * positions after j take the largest values left, descending (the last with
 * that prefix), then kperm_kp_next. The pivot (<= j), KPERM_END past the last
 * (perm is then 0, 1, ..., k-1), KPERM_E_N, KPERM_E_PERM (perm is not a
 * k-permutation), KPERM_E_ARG (j outside 0..k-1); perm untouched on errors. */
KPERM_FN int kperm_kp_skip(kperm_u8 *perm, int n, int k, int j)
{
    kperm_u64 used = 0;
    int i;
    if (n < 1 || n > KPERM_MAX_KP_N || k < 1 || k > n)
        return KPERM_E_N;
    if (j < 0 || j >= k)
        return KPERM_E_ARG;
    for (i = 0; i < k; i++) {
        if (perm[i] >= n || ((used >> perm[i]) & 1u))
            return KPERM_E_PERM;
        used |= KPERM_U64(1) << perm[i];
    }
    for (used = 0, i = 0; i <= j; i++)
        used |= KPERM_U64(1) << perm[i];
    for (i = j + 1; i < k; i++) {
        perm[i] = (kperm_u8)kperm_highest64(kperm_internal_kp_all(n) & ~used);
        used |= KPERM_U64(1) << perm[i];
    }
    return kperm_kp_next(perm, n, k);
}

/* the rank kperm_kp_skip moves rank to: the next multiple of P(n-j-1, k-j-1);
 * KPERM_END (and *out = 0) past the last; KPERM_E_N, KPERM_E_OVERFLOW,
 * KPERM_E_ARG, KPERM_E_RANK */
KPERM_FN int kperm_kp_skip_rank(kperm_rank rank, int n, int k, int j, kperm_rank *out)
{
    kperm_u64 total, block = 1;
    int i, rc = kperm_kp_count(n, k, &total);
    if (rc != KPERM_OK)
        return rc;
    if (j < 0 || j >= k)
        return KPERM_E_ARG;
    if (rank >= total)
        return KPERM_E_RANK;
    for (i = n - k + 1; i <= n - j - 1; i++)
        block *= (kperm_u64)i;
    rank = (rank / block + 1) * block;
    *out = rank < total ? rank : 0;
    return rank < total ? KPERM_OK : KPERM_END;
}

#endif /* KPERM_SKIP_H */
