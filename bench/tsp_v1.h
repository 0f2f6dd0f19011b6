/* tsp_v1.h - the block search kperm-tsp ran before the 6! block tree (blocks of 5!,
 * one contiguous part of blocks per work-item, a 32-bit key length * 128 + k
 * per order), kept verbatim apart from its names as the benchmark's baseline.
 * Needs tsp_search.h first (tsp_search_range's conventions, TSP_LOCAL). */
#ifndef TSP_V1_H
#define TSP_V1_H

/* ---- the block search --------------------------------------------------
 * The 5! = 120 ranks of a block share positions 0..m-6 (the prefix) and order
 * the 5 remaining cities in every way. Per block the prefix path is updated
 * from the pivot, the 35 distances among the suffix cities are loaded into
 * registers, and the 120 orders are summed as a tree (5 + 20 + 60 partial
 * sums, then 2 additions a tour), fully unrolled so that every index is a
 * constant. Lengths and the order's index within the block share one 32-bit
 * key, length * 128 + k, so a single min keeps the shortest tour and, among
 * equals, the smallest rank; this needs tours shorter than 2^25
 * (tsp_narrow_ok), else the general search runs. */
#define TSP_V1_SUFFIX 5
#define TSP_V1_BLOCK 120

/* min over the kept orders of the suffix cities (values x[0..4] ascending,
 * city x+1) of (length << 7 | k); kept: every order, or on symmetric
 * instances those whose last city is above `first` (the tour's first city
 * after city 0, see tsp_search_range) */
KPERM_FN kperm_u32 tsp_v1_block_min(const TSP_LOCAL kperm_u32 *d, int n, kperm_u32 pre, int from, int first,
                                 int symmetric, const int *x)
{
    kperm_u32 to[TSP_V1_SUFFIX], home[TSP_V1_SUFFIX], dd[TSP_V1_SUFFIX][TSP_V1_SUFFIX], best = 0xffffffffu, k = 0;
    int keep[TSP_V1_SUFFIX], i1, i2, i3, i4;
    TSP_UNROLL
    for (i1 = 0; i1 < TSP_V1_SUFFIX; i1++) {
        to[i1] = pre + d[from * n + x[i1] + 1];
        home[i1] = d[(x[i1] + 1) * n];
        keep[i1] = !symmetric || x[i1] > first;
        TSP_UNROLL
        for (i2 = 0; i2 < TSP_V1_SUFFIX; i2++)
            dd[i1][i2] = d[(x[i1] + 1) * n + x[i2] + 1];
    }
    TSP_UNROLL
    for (i1 = 0; i1 < TSP_V1_SUFFIX; i1++) {
        TSP_UNROLL
        for (i2 = 0; i2 < TSP_V1_SUFFIX; i2++) {
            kperm_u32 s2 = to[i1] + dd[i1][i2];
            if (i2 == i1)
                continue;
            TSP_UNROLL
            for (i3 = 0; i3 < TSP_V1_SUFFIX; i3++) {
                kperm_u32 s3 = s2 + dd[i2][i3];
                if (i3 == i1 || i3 == i2)
                    continue;
                TSP_UNROLL
                for (i4 = 0; i4 < TSP_V1_SUFFIX; i4++) {
                    int i5 = 10 - i1 - i2 - i3 - i4; /* the one index left */
                    kperm_u32 key;
                    if (i4 == i1 || i4 == i2 || i4 == i3)
                        continue;
                    key = (s3 + dd[i3][i4] + dd[i4][i5] + home[i5]) << 7 | k++;
                    if (keep[i5] && key < best)
                        best = key;
                }
            }
        }
    }
    return best;
}

/* Folds the tours of blocks [block_begin, block_end) into (*len, *rank):
 * n >= 7 and tours shorter than 2^25. Blocks go in rank order and a block
 * only replaces a strictly shorter tour, so ties keep the smallest rank. */
KPERM_FN void tsp_v1_search_blocks(const TSP_LOCAL kperm_u32 *d, int n, int symmetric, kperm_u64 block_begin,
                                kperm_u64 block_end, kperm_u64 *len, kperm_rank *rank)
{
    kperm_u8 perm[KPERM_MAX_N];
    kperm_u32 pre[KPERM_MAX_N];
    int x[TSP_V1_SUFFIX], m = n - 1, p = m - TSP_V1_SUFFIX, pivot = 0, i;
    kperm_u64 b;
    if (block_begin >= block_end || kperm_unrank(block_begin * TSP_V1_BLOCK, m, perm) != KPERM_OK)
        return;
    for (b = block_begin;;) {
        kperm_u32 best;
        for (i = pivot; i < p; i++)
            pre[i] = (i ? pre[i - 1] : 0) + d[(i ? perm[i - 1] + 1 : 0) * n + perm[i] + 1];
        TSP_UNROLL
        for (i = 0; i < TSP_V1_SUFFIX; i++)
            x[i] = perm[p + i];
        best = tsp_v1_block_min(d, n, pre[p - 1], perm[p - 1] + 1, perm[0], symmetric, x);
        if (best != 0xffffffffu && (kperm_u64)(best >> 7) < *len) {
            *len = best >> 7;
            *rank = b * TSP_V1_BLOCK + (best & 127u);
        }
        if (++b == block_end)
            break;
        kperm_internal_reverse(perm, p, m - 1); /* the block's last order: next moves the prefix */
        pivot = kperm_next(perm, m);
    }
}

#endif /* TSP_V1_H */
