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
TSP_GROUP_FN void tsp_group_search(TSP_GLOBAL const kperm_u32 *dist, int n, int symmetric,
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
    kperm_split(begin, end, items, item, &b, &e);
    tsp_search_range(d, n, symmetric, b, e, &len, &rank);
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
