/* tsp_search.h - the tour search, one source for the C, CUDA and OpenCL
 * backends (like kperm's core). City 0 (TSPLIB's city 1) is fixed first; rank r
 * names the order of cities 1..n-1 that kperm_unrank(r, n-1) gives (+1 each).
 *
 * Device backends define TSP_BARRIER() and TSP_GROUP_FN for the work-group
 * reductions. The values it passes around are in tsp_types.h; the pruned
 * search (--prune) is tsp_branch.h.
 */
#ifndef TSP_SEARCH_H
#define TSP_SEARCH_H

#include "kperm.h"
#include "tsp_types.h"


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
            int from = i ? kperm_cursor_get(&c, i - 1) + 1 : 0;
            prefix[i] = (i ? prefix[i - 1] : 0) + d[from * n + kperm_cursor_get(&c, i) + 1];
        }
        if (symmetric && kperm_cursor_get(&c, 0) > kperm_cursor_get(&c, m - 1))
            continue;
        total = prefix[m - 1] + d[(kperm_cursor_get(&c, m - 1) + 1) * n];
        if (total < *len) {
            *len = total;
            *rank = c.rank;
        }
    }
}

#include "tsp_branch.h"

/* ---- the block search --------------------------------------------------
 * The 6! = 720 ranks of a block share positions 0..m-7 (the prefix) and order
 * the 6 remaining cities in every way. Per block: one unrank, the prefix path,
 * the 42 distances among the suffix cities into registers. The orders are
 * then grouped by their last city: a group (120 orders) whose tours a
 * symmetric instance counts in the other orientation (last city below the
 * first, see tsp_search_range) is skipped whole, the others are summed as a
 * tree, fully unrolled so that every index is a constant. Every distance is
 * kept times 128 and each tree level adds its part of the order's index in
 * the group (a constant), so a leaf is one 3-input addition giving the key
 * length * 128 + index, and one min: the shortest tour of the group and,
 * among equals, its first in rank order. This needs tours shorter than 2^25
 * (tsp_narrow_ok), else the general search runs. */
/* the block's loops have constant trip counts, so host gcc may unroll them too */
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__) && !defined(__OPENCL_VERSION__)
#define TSP_UNROLL _Pragma("GCC unroll 8")
#else
#define TSP_UNROLL KPERM_UNROLL
#endif
#define TSP_KEY_BITS 7 /* a group's 120 orders */

/* one block, its distances times 128: the suffix cities x[0..5] ascending
 * (city x + 1), the prefix path's length plus the step to each (to), the step
 * home from each, the distances among them, and `below`: an order counts
 * only if its last city is above it (symmetric instances: the tour's first
 * city after city 0, see tsp_search_range; else -1) */
typedef struct {
    kperm_u32 to[TSP_SUFFIX], home[TSP_SUFFIX], dd[TSP_SUFFIX][TSP_SUFFIX];
    int x[TSP_SUFFIX], below;
} tsp_block;

/* the prefix of block b into cities[0..m-7] and its 6 other cities into
 * x[0..5], ascending; 0 when b is past the last. The prefix's Lehmer digits
 * are those of rank 720 b (the suffix's are 0). Up to 16 cities kperm_unrank
 * does it; past 16, where kperm_unrank takes its slow path, each digit picks
 * its city from a mask of the cities left. */
KPERM_FN int tsp_block_cities(int m, kperm_u64 b, kperm_u8 *cities, int *x)
{
    kperm_u64 rest = b * TSP_BLOCK, total = 0, left = (KPERM_U64(1) << m) - 1;
    int i, p = m - TSP_SUFFIX;
    if (kperm_count(m, &total) != KPERM_OK || b >= total / TSP_BLOCK)
        return 0;
    if (m <= KPERM_MAX_PACKED_N)
        kperm_unrank(rest, m, cities);
    else
        for (i = 0; i < p; i++) {
            /* the library's own digit step (internal: its precondition, rest < (k+1)!, is what this loop keeps) */
            cities[i] = (kperm_u8)kperm_select64(left, kperm_internal_fact_digit(&rest, m - 1 - i));
            left &= ~(KPERM_U64(1) << cities[i]);
        }
    for (i = 0; i < TSP_SUFFIX; i++) {
        if (m <= KPERM_MAX_PACKED_N)
            x[i] = cities[p + i]; /* ascending: rank 720 b orders the suffix first */
        else {
            x[i] = kperm_lowest64(left);
            left &= left - 1;
        }
    }
    return 1;
}

/* the block of ranks 720 b.. of n cities; 0 when b is past the last */
KPERM_FN int tsp_block_load(const TSP_LOCAL kperm_u32 *d, int n, int symmetric, kperm_u64 b, tsp_block *k)
{
    kperm_u8 perm[KPERM_MAX_N];
    kperm_u32 pre = 0;
    int m = n - 1, p = m - TSP_SUFFIX, i, j, from = 0;
    if (!tsp_block_cities(m, b, perm, k->x))
        return 0;
    for (i = 0; i < p; i++) {
        pre += d[from * n + perm[i] + 1];
        from = perm[i] + 1;
    }
    k->below = symmetric ? perm[0] : -1;
    TSP_UNROLL
    for (i = 0; i < TSP_SUFFIX; i++) {
        k->to[i] = (pre + d[from * n + k->x[i] + 1]) << TSP_KEY_BITS;
        k->home[i] = d[(k->x[i] + 1) * n] << TSP_KEY_BITS;
        TSP_UNROLL
        for (j = 0; j < TSP_SUFFIX; j++)
            k->dd[i][j] = d[(k->x[i] + 1) * n + k->x[j] + 1] << TSP_KEY_BITS;
    }
    return 1;
}

/* the tree on one block (tsp_block_tree.h) */
#define TSP_TREE_FN tsp_block_min
#define TSP_TREE_T kperm_u32
#define TSP_TREE_BLOCK tsp_block
#define TSP_TREE_MIN(a, b) ((a) < (b) ? (a) : (b))
#define TSP_TREE_SKIP(k, g) ((k)->x[g] < (k)->below)
#define TSP_TREE_KEEP(k, g, key) (key)
#include "tsp_block_tree.h"

/* the block index (rank 720 b + index) of group i6's order at index `at`:
 * the order's digits in the block are its digits in the group, each raised
 * by one where i6, still to come, is smaller than the city placed */
KPERM_FN int tsp_block_index(int i6, int at)
{
    kperm_u64 left = 0x3fu & ~(KPERM_U64(1) << i6);
    int j, index = 0, place = 120, group_place = 24; /* 5!, 4!: the place values in the block and the group */
    for (j = 0; j < TSP_SUFFIX - 1; j++) {
        int radix = TSP_SUFFIX - 1 - j, digit = at / group_place % radix, city = kperm_select64(left, digit);
        index += (digit + (i6 < city)) * place;
        left &= ~(KPERM_U64(1) << city);
        place /= radix;
        group_place /= radix > 1 ? radix - 1 : 1;
    }
    return index;
}

/* Folds block b (its least key and its groups' keys) into (*len, *rank) if
 * it is strictly shorter; the rank is then the first order of that length in
 * rank order, whichever group holds it. */
KPERM_FN void tsp_block_fold(kperm_u64 b, kperm_u32 least, const kperm_u32 *key, kperm_u64 *len, kperm_rank *rank)
{
    int g, index = TSP_BLOCK;
    if (least == TSP_NONE32 || (least >> TSP_KEY_BITS) >= *len)
        return;
    *len = least >> TSP_KEY_BITS;
    for (g = 0; g < TSP_SUFFIX; g++)
        if (key[g] >> TSP_KEY_BITS == *len && tsp_block_index(g, (int)(key[g] & 127u)) < index)
            index = tsp_block_index(g, (int)(key[g] & 127u));
    *rank = b * TSP_BLOCK + (kperm_rank)index;
}

/* Folds blocks b0, b0 + step, ... below b1 into (*len, *rank), in that order;
 * a block only replaces a strictly shorter tour, so ties keep the smallest
 * rank. n >= TSP_MIN_BLOCK_N and tours shorter than 2^25. */
KPERM_FN void tsp_search_blocks(const TSP_LOCAL kperm_u32 *d, int n, int symmetric, kperm_u64 b0, kperm_u64 b1,
                                kperm_u64 step, kperm_u64 *len, kperm_rank *rank)
{
    tsp_block k;
    kperm_u32 key[TSP_SUFFIX];
    kperm_u64 b;
    for (b = b0; b < b1 && tsp_block_load(d, n, symmetric, b, &k); b += step)
        tsp_block_fold(b, tsp_block_min(&k, key), key, len, rank);
}

/* Work-item `item` of `items` on the task (TSP_GENERAL or TSP_BLOCKS): by
 * the block search where it applies (begin and end are then multiples of
 * TSP_BLOCK: the callers align their batches), the blocks dealt round-robin,
 * so that neighbouring work-items get neighbouring blocks, whose symmetric
 * groups mostly skip alike; else one contiguous part each by the general
 * search. */
KPERM_FN void tsp_search(const TSP_LOCAL kperm_u32 *d, const tsp_task *t, kperm_u64 item, kperm_u64 items,
                         kperm_u64 *len, kperm_rank *rank)
{
    kperm_rank b = 0, e = 0;
    if (t->mode == TSP_BLOCKS)
        tsp_search_blocks(d, t->n, t->symmetric, t->begin / TSP_BLOCK + item, t->end / TSP_BLOCK, items, len, rank);
    else if (kperm_split(t->begin, t->end, items, item, &b, &e) == KPERM_OK)
        tsp_search_range(d, t->n, t->symmetric, b, e, len, rank);
}

#ifdef TSP_BARRIER

/* a work-group's fast memory: the distances, and one best per work-item for
 * the reductions */
typedef struct {
    kperm_u32 d[TSP_MAX_EXHAUSTIVE * TSP_MAX_EXHAUSTIVE];
    kperm_u64 lens[TSP_GROUP];
    kperm_rank ranks[TSP_GROUP];
} tsp_scratch;

/* lens/ranks[0] becomes the group's best; size is a power of two */
TSP_GROUP_FN void tsp_group_fold(TSP_LOCAL kperm_u64 *lens, TSP_LOCAL kperm_rank *ranks, int lid, int size)
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

/* One work-item (`lid` of the group's `size`, `item` of all `items`) on the
 * task (TSP_GENERAL or TSP_BLOCKS), the distances first copied to the
 * group's fast memory, the group's best written to *out. */
TSP_GROUP_FN void tsp_group_search(TSP_GLOBAL const kperm_u32 *dist, const tsp_task *t, kperm_u64 item,
                                   kperm_u64 items, int lid, int size, TSP_LOCAL tsp_scratch *mem,
                                   TSP_GLOBAL tsp_best *out)
{
    kperm_rank rank = TSP_NONE;
    kperm_u64 len = TSP_NONE;
    int i;
    for (i = lid; i < t->n * t->n; i += size)
        mem->d[i] = dist[i];
    TSP_BARRIER();
    tsp_search(mem->d, t, item, items, &len, &rank);
    mem->lens[lid] = len;
    mem->ranks[lid] = rank;
    tsp_group_fold(mem->lens, mem->ranks, lid, size);
    if (lid == 0) {
        out->length = mem->lens[0];
        out->rank = mem->ranks[0];
    }
}

/* The final pass, by one group: the groups' results and the running best
 * folded into *best, so one small result is all the host ever reads. */
TSP_GROUP_FN void tsp_group_final(TSP_GLOBAL const tsp_best *groups, int count, TSP_GLOBAL tsp_best *best,
                                  int lid, int size, TSP_LOCAL tsp_scratch *mem)
{
    kperm_u64 len = TSP_NONE;
    kperm_rank rank = TSP_NONE;
    int i;
    for (i = lid; i < count; i += size)
        if (tsp_better(groups[i].length, groups[i].rank, len, rank)) {
            len = groups[i].length;
            rank = groups[i].rank;
        }
    mem->lens[lid] = len;
    mem->ranks[lid] = rank;
    tsp_group_fold(mem->lens, mem->ranks, lid, size);
    if (lid == 0 && tsp_better(mem->lens[0], mem->ranks[0], best->length, best->rank)) {
        best->length = mem->lens[0];
        best->rank = mem->ranks[0];
    }
}

#endif /* TSP_BARRIER */
#endif /* TSP_SEARCH_H */
