/* tsp_search.h - the tour search, one source for the C, CUDA and OpenCL
 * backends (like kperm's core). City 0 (TSPLIB's city 1) is fixed first; rank r
 * names the order of cities 1..n-1 that kperm_unrank(r, n-1) gives (+1 each).
 *
 * The includer defines TSP_LOCAL and TSP_GLOBAL (address spaces of the
 * work-group's copy of the distances and of device buffers); device backends
 * also define TSP_BARRIER() and TSP_GROUP_FN for the work-group reductions.
 */
#ifndef TSP_SEARCH_H
#define TSP_SEARCH_H

#define TSP_NONE (~KPERM_U64(0)) /* length and rank of "no tour yet" */
#define TSP_GROUP 256            /* work-items per group in the device backends */

typedef struct {
    kperm_u64 length;
    kperm_rank rank;
} tsp_best;

/* shorter first, then the smaller rank: every backend breaks ties alike */
KPERM_FN int tsp_better(kperm_u64 la, kperm_rank ra, kperm_u64 lb, kperm_rank rb)
{
    return la < lb || (la == lb && ra < rb);
}

/* Folds the tours of ranks [begin, end) into (*len, *rank). The path length
 * from city 0 through position i is kept in prefix[i]; after a step only the
 * positions from the pivot on are recomputed. On symmetric instances a tour
 * and its reverse are the same: only the orientation whose first city is
 * smaller than its last is counted, which is also the lexicographically (and
 * so rank-) smaller one, so the smallest-rank optimum is kept. */
KPERM_FN void tsp_search_range(const TSP_LOCAL kperm_u32 *d, int n, int symmetric,
                               kperm_rank begin, kperm_rank end, kperm_u64 *len, kperm_rank *rank)
{
    kperm_cursor c;
    kperm_u64 prefix[KPERM_MAX_N];
    int m = n - 1, i;
    if (kperm_cursor_init(&c, m, begin, end) != KPERM_OK)
        return;
    while (kperm_cursor_next(&c)) {
        kperm_u64 total;
        for (i = c.pivot; i < m; i++) {
            int from = i ? c.perm[i - 1] + 1 : 0;
            prefix[i] = (i ? prefix[i - 1] : 0) + d[from * n + c.perm[i] + 1];
        }
        if (symmetric && c.perm[0] > c.perm[m - 1])
            continue;
        total = prefix[m - 1] + d[(c.perm[m - 1] + 1) * n];
        if (total < *len) {
            *len = total;
            *rank = c.rank;
        }
    }
}

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
#define TSP_SUFFIX 5
#define TSP_BLOCK 120
/* the block's loops have constant trip counts, so host gcc may unroll them too */
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__) && !defined(__OPENCL_VERSION__)
#define TSP_UNROLL _Pragma("GCC unroll 8")
#else
#define TSP_UNROLL KPERM_UNROLL
#endif
#define TSP_NARROW_LIMIT (KPERM_U64(1) << 25)

/* min over the kept orders of the suffix cities (values x[0..4] ascending,
 * city x+1) of (length << 7 | k); kept: every order, or on symmetric
 * instances those whose last city is above `first` (the tour's first city
 * after city 0, see tsp_search_range) */
KPERM_FN kperm_u32 tsp_block_min(const TSP_LOCAL kperm_u32 *d, int n, kperm_u32 pre, int from, int first,
                                 int symmetric, const int *x)
{
    kperm_u32 to[TSP_SUFFIX], home[TSP_SUFFIX], dd[TSP_SUFFIX][TSP_SUFFIX], best = 0xffffffffu, k = 0;
    int keep[TSP_SUFFIX], i1, i2, i3, i4;
    TSP_UNROLL
    for (i1 = 0; i1 < TSP_SUFFIX; i1++) {
        to[i1] = pre + d[from * n + x[i1] + 1];
        home[i1] = d[(x[i1] + 1) * n];
        keep[i1] = !symmetric || x[i1] > first;
        TSP_UNROLL
        for (i2 = 0; i2 < TSP_SUFFIX; i2++)
            dd[i1][i2] = d[(x[i1] + 1) * n + x[i2] + 1];
    }
    TSP_UNROLL
    for (i1 = 0; i1 < TSP_SUFFIX; i1++) {
        TSP_UNROLL
        for (i2 = 0; i2 < TSP_SUFFIX; i2++) {
            kperm_u32 s2 = to[i1] + dd[i1][i2];
            if (i2 == i1)
                continue;
            TSP_UNROLL
            for (i3 = 0; i3 < TSP_SUFFIX; i3++) {
                kperm_u32 s3 = s2 + dd[i2][i3];
                if (i3 == i1 || i3 == i2)
                    continue;
                TSP_UNROLL
                for (i4 = 0; i4 < TSP_SUFFIX; i4++) {
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
KPERM_FN void tsp_search_blocks(const TSP_LOCAL kperm_u32 *d, int n, int symmetric, kperm_u64 block_begin,
                                kperm_u64 block_end, kperm_u64 *len, kperm_rank *rank)
{
    kperm_u8 perm[KPERM_MAX_N];
    kperm_u32 pre[KPERM_MAX_N];
    int x[TSP_SUFFIX], m = n - 1, p = m - TSP_SUFFIX, pivot = 0, i;
    kperm_u64 b;
    if (block_begin >= block_end || kperm_unrank(block_begin * TSP_BLOCK, m, perm) != KPERM_OK)
        return;
    for (b = block_begin;;) {
        kperm_u32 best;
        for (i = pivot; i < p; i++)
            pre[i] = (i ? pre[i - 1] : 0) + d[(i ? perm[i - 1] + 1 : 0) * n + perm[i] + 1];
        KPERM_UNROLL
        for (i = 0; i < TSP_SUFFIX; i++)
            x[i] = perm[p + i];
        best = tsp_block_min(d, n, pre[p - 1], perm[p - 1] + 1, perm[0], symmetric, x);
        if (best != 0xffffffffu && (kperm_u64)(best >> 7) < *len) {
            *len = best >> 7;
            *rank = b * TSP_BLOCK + (best & 127u);
        }
        if (++b == block_end)
            break;
        kperm_reverse(perm, p, m - 1); /* the block's last order: next moves the prefix */
        pivot = kperm_next(perm, m);
    }
}

/* whether the block search applies: 7 <= n and every tour shorter than 2^25 */
KPERM_FN int tsp_narrow_ok(const TSP_GLOBAL kperm_u32 *dist, int n)
{
    kperm_u64 bound = 0;
    int i, j;
    for (i = 0; i < n; i++) {
        kperm_u32 most = 0;
        for (j = 0; j < n; j++)
            most = dist[i * n + j] > most ? dist[i * n + j] : most;
        bound += most;
    }
    return n >= 7 && bound < TSP_NARROW_LIMIT;
}

/* Ranks [begin, end): whole blocks by the block search where it applies
 * (begin and end are then multiples of TSP_BLOCK), else the general one. */
KPERM_FN void tsp_search(const TSP_LOCAL kperm_u32 *d, int n, int symmetric, int narrow, kperm_rank begin,
                         kperm_rank end, kperm_u64 *len, kperm_rank *rank)
{
    if (narrow)
        tsp_search_blocks(d, n, symmetric, begin / TSP_BLOCK, end / TSP_BLOCK, len, rank);
    else
        tsp_search_range(d, n, symmetric, begin, end, len, rank);
}

#ifdef TSP_BARRIER

/* lens/ranks[0] becomes the group's best; size is a power of two */
TSP_GROUP_FN void tsp_group_min(TSP_LOCAL kperm_u64 *lens, TSP_LOCAL kperm_rank *ranks, int lid, int size)
{
    int s;
    TSP_BARRIER();
    for (s = size / 2; s > 0; s >>= 1) {
        if (lid < s && tsp_better(lens[lid + s], ranks[lid + s], lens[lid], ranks[lid])) {
            lens[lid] = lens[lid + s];
            ranks[lid] = ranks[lid + s];
        }
        TSP_BARRIER();
    }
}

/* One work-item's share of [begin, end) out of `items`, the distances first
 * copied to the group's fast memory, the group's best written to *out. */
TSP_GROUP_FN void tsp_group_search(TSP_GLOBAL const kperm_u32 *dist, int n, int symmetric, int narrow,
                                   kperm_rank begin, kperm_rank end, kperm_u64 item, kperm_u64 items,
                                   int lid, int size, TSP_LOCAL kperm_u32 *d,
                                   TSP_LOCAL kperm_u64 *lens, TSP_LOCAL kperm_rank *ranks,
                                   TSP_GLOBAL tsp_best *out)
{
    kperm_rank b = 0, e = 0, rank = TSP_NONE;
    kperm_u64 len = TSP_NONE;
    int i;
    for (i = lid; i < n * n; i += size)
        d[i] = dist[i];
    TSP_BARRIER();
    if (narrow) { /* whole blocks to each work-item */
        kperm_split(begin / TSP_BLOCK, end / TSP_BLOCK, items, item, &b, &e);
        b *= TSP_BLOCK;
        e *= TSP_BLOCK;
    } else
        kperm_split(begin, end, items, item, &b, &e);
    tsp_search(d, n, symmetric, narrow, b, e, &len, &rank);
    lens[lid] = len;
    ranks[lid] = rank;
    tsp_group_min(lens, ranks, lid, size);
    if (lid == 0) {
        out->length = lens[0];
        out->rank = ranks[0];
    }
}

/* The final pass, by one group: the groups' results and the running best
 * folded into *best, so one small result is all the host ever reads. */
TSP_GROUP_FN void tsp_group_final(TSP_GLOBAL const tsp_best *groups, int count, TSP_GLOBAL tsp_best *best,
                                  int lid, int size, TSP_LOCAL kperm_u64 *lens, TSP_LOCAL kperm_rank *ranks)
{
    kperm_u64 len = TSP_NONE;
    kperm_rank rank = TSP_NONE;
    int i;
    for (i = lid; i < count; i += size)
        if (tsp_better(groups[i].length, groups[i].rank, len, rank)) {
            len = groups[i].length;
            rank = groups[i].rank;
        }
    lens[lid] = len;
    ranks[lid] = rank;
    tsp_group_min(lens, ranks, lid, size);
    if (lid == 0 && tsp_better(lens[0], ranks[0], best->length, best->rank)) {
        best->length = lens[0];
        best->rank = ranks[0];
    }
}

#endif /* TSP_BARRIER */
#endif /* TSP_SEARCH_H */
