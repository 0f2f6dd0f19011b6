/* tsp_simd_body.h - the block search with one block a vector lane, included
 * by tsp_simd.c once per instruction set with TSP_SIMD_W (lanes),
 * TSP_SIMD_FN (the function's name), TSP_SIMD_V (a GCC vector of TSP_SIMD_W
 * kperm_u32) and TSP_SIMD_VMIN(a, b) defined, under that set's target pragma;
 * it undefines them at its end. The tree is tsp_block_tree.h's: the same
 * source as every other backend. */

#define TSP_SIMD_LANES TSP_SIMD_JOIN(TSP_SIMD_FN, _lanes)
typedef struct {
    TSP_SIMD_V to[TSP_SUFFIX], home[TSP_SUFFIX], dd[TSP_SUFFIX][TSP_SUFFIX];
    TSP_SIMD_V skip[TSP_SUFFIX]; /* all ones in the lanes where group g does not count */
    int skip_all[TSP_SUFFIX];    /* no lane counts group g */
} TSP_SIMD_LANES;

#define TSP_SIMD_TREE TSP_SIMD_JOIN(TSP_SIMD_FN, _tree)
#define TSP_TREE_FN TSP_SIMD_TREE
#define TSP_TREE_T TSP_SIMD_V
#define TSP_TREE_BLOCK TSP_SIMD_LANES
#define TSP_TREE_MIN(a, b) TSP_SIMD_VMIN(a, b)
#define TSP_TREE_SKIP(k, g) ((k)->skip_all[g])
#define TSP_TREE_KEEP(k, g, key) ((key) | (k)->skip[g])
#include "tsp_block_tree.h"

/* Whole blocks [b0, b1) in runs of TSP_SIMD_W consecutive blocks, run
 * item, item + items, ... folded into (*len, *rank) in rank order, strict
 * improvements only (tsp_search_blocks' contract). */
static void TSP_SIMD_FN(const kperm_u32 *d, int n, int symmetric, kperm_u64 b0, kperm_u64 b1, kperm_u64 item,
                        kperm_u64 items, kperm_u64 *len, kperm_rank *rank)
{
    kperm_u64 run;
    for (run = b0 + item * TSP_SIMD_W; run < b1; run += items * TSP_SIMD_W) {
        TSP_SIMD_LANES v;
        TSP_SIMD_V key[TSP_SUFFIX], least;
        int lane, i, j, g;
        for (g = 0; g < TSP_SUFFIX; g++)
            v.skip_all[g] = 1;
        for (lane = 0; lane < TSP_SIMD_W; lane++) {
            tsp_block k;
            int live = run + (kperm_u64)lane < b1 && tsp_block_load(d, n, symmetric, run + (kperm_u64)lane, &k);
            for (i = 0; i < TSP_SUFFIX; i++) {
                v.to[i][lane] = live ? k.to[i] : 0;
                v.home[i][lane] = live ? k.home[i] : 0;
                for (j = 0; j < TSP_SUFFIX; j++)
                    v.dd[i][j][lane] = live ? k.dd[i][j] : 0;
                v.skip[i][lane] = !live || k.x[i] < k.below ? TSP_NONE32 : 0;
                v.skip_all[i] &= v.skip[i][lane] != 0;
            }
        }
        least = TSP_SIMD_TREE(&v, key);
        for (lane = 0; lane < TSP_SIMD_W; lane++) { /* in rank order */
            kperm_u32 lane_key[TSP_SUFFIX];
            for (g = 0; g < TSP_SUFFIX; g++)
                lane_key[g] = key[g][lane];
            tsp_block_fold(run + (kperm_u64)lane, least[lane], lane_key, len, rank);
        }
    }
}

#undef TSP_SIMD_LANES
#undef TSP_SIMD_TREE
#undef TSP_SIMD_W
#undef TSP_SIMD_FN
#undef TSP_SIMD_V
#undef TSP_SIMD_VMIN
