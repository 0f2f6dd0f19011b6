/* stats_strata.h - PS_STRATA 1: the splits of two groups (PS_TWO), the
 * labellings of k groups (PS_GROUPS) or the orders of pairings and
 * regression (PS_PAIRINGS) within strata (blocks): each stratum's labels
 * are rearranged among its own rows only, and the statistic is computed on
 * the whole data as without strata. Included by stats_kernel.h before its
 * walk, which holds a ps_strata where it would hold a revolving-door cursor
 * (PS_TWO), or its labels (the others).
 *
 * Two groups:
 *
 * The order is a mixed-radix odometer over the strata's revolving-door
 * orders: rank r's digit h is (r / (N_0 ... N_{h-1})) mod N_h, N_h =
 * C(n_h, m_h). A step moves stratum 0 by one subset (one element out, one
 * in: two ps_toggle); where stratum 0 was at its last subset it goes back to
 * its first (O(n_0) toggles, once in N_0 steps) and stratum 1 steps, and so
 * on: O(1) amortized, as without strata.
 *
 * The layout (the host orders the rows so): group 1's rows of walked stratum
 * h are a[h] .. a[h+1] - 1, group 2's m + b[h] .. m + b[h+1] - 1, with group 1
 * first in each stratum's own numbering, so that every stratum's first
 * subset, and so rank 0, is the observed arrangement. Strata of one group
 * only have one arrangement and are not walked: their rows follow. The host
 * passes a[] and b[] as bits: aux[0] has bit a[h] set for h = 0 .. S (the
 * last one ends the walked rows of group 1), aux[1] bit b[h]. */
#if PS_STRATA && PS_WALK == PS_FLIPS
#error "PS_STRATA: swaps within pairs need no strata (each pair is one)"
#endif
#if PS_STRATA && PS_WALK == PS_TWO
#define PS_MAX_STRATA (PS_MAXN / 2) /* a walked stratum has a row of each group */

typedef struct {
    ps_u64 rank, end, first; /* first: the range's first rank, whose visit changes nothing */
    ps_u64 mask;             /* bit i set: element i is in group 1 (as the revolving door's c.mask) */
    int strata;              /* the walked strata, S */
    kperm_u8 a[PS_MAX_STRATA + 1], b[PS_MAX_STRATA + 1];
    ps_u64 sub[PS_MAX_STRATA], gray[PS_MAX_STRATA]; /* stratum h's subset of its rows, and its Gray rank */
} ps_strata;

PS_FN void ps_toggle(ps_sums *s, const PS_G ps_i64 *v, const ps_shape *sh, int i, int in);

/* stratum h's row j (group 1's first) as an element of the whole data */
PS_FN int ps_strata_row(const ps_strata *t, const ps_shape *sh, int h, int j)
{
    int m = t->a[h + 1] - t->a[h];
    return j < m ? t->a[h] + j : sh->m + t->b[h] + j - m;
}

/* element i of group 1 (in = 1) or not, in every column's sums and the mask */
PS_FN void ps_strata_toggle(ps_strata *t, ps_sums *sums, const PS_G ps_i64 *v, const ps_shape *sh, int i, int in)
{
    int c;
    for (c = 0; c < (PS_COLUMNS == 1 ? 1 : sh->cols); c++)
        ps_toggle(&sums[c], v + c * sh->n, sh, i, in);
    t->mask = in ? t->mask | ((ps_u64)1 << i) : t->mask & ~((ps_u64)1 << i);
}

/* the walk of ranks [begin, end); the sums are built from t->mask after */
PS_FN void ps_strata_init(ps_strata *t, const ps_shape *sh, ps_u64 begin, ps_u64 end)
{
    ps_u64 r = begin;
    int h = 0, g = 0, i, j;
    for (i = 0; i < 64; i++) {
        if ((sh->aux[0] >> i) & 1)
            t->a[h++] = (kperm_u8)i;
        if ((sh->aux[1] >> i) & 1)
            t->b[g++] = (kperm_u8)i;
    }
    t->strata = h - 1;
    /* group 1's rows of the strata not walked stay in it */
    t->mask = kperm_internal_kp_all(sh->m) & ~kperm_internal_kp_all(t->a[t->strata]);
    for (h = 0; h < t->strata; h++) {
        int m = t->a[h + 1] - t->a[h], n = m + t->b[h + 1] - t->b[h];
        kperm_rank count = 1;
        kperm_comb_count(n, m, &count);
        t->sub[h] = kperm_internal_kp_all(m);
        if (begin < end)
            kperm_revdoor_unrank_mask(r % count, n, m, &t->sub[h]);
        r /= count;
        t->gray[h] = kperm_internal_gray_inverse(t->sub[h]);
        for (j = 0; j < n; j++)
            if ((t->sub[h] >> j) & 1)
                t->mask |= (ps_u64)1 << ps_strata_row(t, sh, h, j);
    }
    t->rank = t->first = begin;
    t->end = end;
}

/* 1: the sums hold the next arrangement; 0: the range is done */
PS_FN int ps_strata_next(ps_strata *t, ps_sums *sums, const PS_G ps_i64 *v, const ps_shape *sh)
{
    int h, j, out, in;
    if (t->rank == t->end)
        return 0;
    if (t->rank++ == t->first)
        return 1;
    for (h = 0; h < t->strata; h++) {
        int m = t->a[h + 1] - t->a[h], n = m + t->b[h + 1] - t->b[h];
        ps_u64 first = kperm_internal_kp_all(m), moved;
        if (kperm_internal_revdoor_step(&t->sub[h], &t->gray[h], kperm_internal_kp_all(n), m, &out, &in)) {
            ps_strata_toggle(t, sums, v, sh, ps_strata_row(t, sh, h, out), 0);
            ps_strata_toggle(t, sums, v, sh, ps_strata_row(t, sh, h, in), 1);
            return 1;
        }
        /* stratum h was at its last subset: back to its first, and the next stratum steps */
        for (moved = t->sub[h] ^ first, j = 0; j < n; j++)
            if ((moved >> j) & 1)
                ps_strata_toggle(t, sums, v, sh, ps_strata_row(t, sh, h, j), (int)(first >> j) & 1);
        t->sub[h] = first;
        t->gray[h] = kperm_internal_gray_inverse(first);
    }
    return 1; /* past the last rank: not within a range of the host's */
}

#elif PS_STRATA
/* k groups (PS_GROUPS), or pairings (PS_PAIRINGS: y's order within each
 * stratum): the order is lexicographic over the labels (or y's rows) of
 * the rows laid out stratum after stratum, each stratum's rows by their
 * observed label, so that every stratum's first arrangement (its labels
 * sorted, y's rows as they are), and so rank 0, is the observed one.
 * Lexicographic order of the whole sequence, where each stratum keeps its
 * own labels, is the odometer whose fastest digit is the last stratum: a
 * step is that stratum's next (multiset) permutation (kperm_ms_next);
 * where it was its last (and so is back at its first), the stratum before
 * it steps. Strata of one arrangement (one label, or one pair) come first.
 * The host puts each row's stratum and observed label after the values
 * (x and y for pairings, the PS_K columns of a regression):
 * v[PS_TAGS(sh) + i] = 8 * stratum + label. */
#define PS_TAGS(sh) ((PS_REGRESSION ? PS_K : PS_WALK == PS_PAIRINGS ? 2 : 1) * (sh)->n)
#define PS_STRATUM_OF(v, sh, i) ((v)[PS_TAGS(sh) + (i)] >> 3)

/* bit i set: row i starts a stratum */
PS_FN ps_u64 ps_strata_starts(const PS_G ps_i64 *v, const ps_shape *sh)
{
    ps_u64 starts = 1;
    int i;
    for (i = 1; i < sh->n; i++)
        if (PS_STRATUM_OF(v, sh, i) != PS_STRATUM_OF(v, sh, i - 1))
            starts |= (ps_u64)1 << i;
    return starts;
}

/* where the stratum that ends before row `end` starts */
PS_FN int ps_strata_start(ps_u64 starts, int end)
{
    return kperm_highest64(end >= 64 ? starts : starts & (((ps_u64)1 << end) - 1));
}

/* the labels of rank r: from the last stratum, each its arrangement of
 * rank r mod N_h (its own labels' count, or its rows'), r then divided by N_h */
PS_FN void ps_strata_unrank(ps_u64 r, const PS_G ps_i64 *v, const ps_shape *sh, ps_u64 starts, kperm_u8 *labels)
{
    int end = sh->n, start, g;
    for (; end > 0; end = start) {
        kperm_rank count = 1;
        start = ps_strata_start(starts, end);
#if PS_WALK == PS_PAIRINGS
        (void)v; /* every row of a stratum its own label */
        kperm_count(end - start, &count);
        kperm_unrank(r % count, end - start, labels + start);
        for (g = start; g < end; g++) /* y's rows of the stratum */
            labels[g] = (kperm_u8)(labels[g] + start);
#else
        kperm_u8 counts[PS_K];
        for (g = 0; g < PS_K; g++)
            counts[g] = 0;
        for (g = start; g < end; g++)
            counts[v[PS_TAGS(sh) + g] & 7]++;
        kperm_ms_count(counts, PS_K, &count);
        kperm_ms_unrank(r % count, counts, PS_K, labels + start);
#endif
        r /= count;
    }
}

/* the next labels: the first row whose label changed (0 past the last) */
PS_FN int ps_strata_ms_next(kperm_u8 *labels, int n, ps_u64 starts)
{
    int end = n, start;
    for (; end > 0; end = start) {
        int pivot;
        start = ps_strata_start(starts, end);
        pivot = kperm_ms_next(labels + start, end - start);
        if (pivot != KPERM_END)
            return start + pivot;
    }
    return 0;
}
#endif
