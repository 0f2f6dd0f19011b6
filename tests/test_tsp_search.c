/* test_tsp_search.c - the block search of samples/tsp/search/tsp_search.h (what
 * every backend runs) and the C backend's vector form of it (tsp_simd.c, on
 * every instruction set this CPU has, and forced scalar) against the general
 * search (kperm's cursor, one order at a time in rank order, strict
 * improvements only), on the host: the same length and the same rank, the
 * smallest among equal tours. Random symmetric and asymmetric instances
 * n = 8..12 with weights drawn from wide, narrow (tie-heavy: 1..3) and
 * single-valued ranges, searched whole and dealt out over 1..700 work-items,
 * each work-item's result merged by (length, rank). Also: the block index
 * conversion against kperm_rank_of for every order. */
#include "tsp_simd.h"
#include "tsp_search.h"
#include "check.h"
#include "rng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng_state = 5;
static unsigned long long rng(void)
{
    return test_splitmix(&rng_state);
}

/* index of order o (a permutation of the 6 suffix positions) in its block,
 * found the slow way: kperm_rank_of, against tsp_block_index(last, index in
 * the group of orders ending at the same position) */
static void test_block_index(void)
{
    kperm_u8 o[TSP_SUFFIX], g[TSP_SUFFIX - 1];
    kperm_rank want = 0, in_group = 0;
    int r, i;
    check_begin("tsp_block_index = kperm_rank_of for all 720 orders of a block");
    for (r = 0; r < TSP_BLOCK; r++) {
        kperm_unrank((kperm_rank)r, TSP_SUFFIX, o);
        kperm_rank_of(o, TSP_SUFFIX, &want);
        for (i = 0; i < TSP_SUFFIX - 1; i++) /* the first five, renumbered without the last */
            g[i] = (kperm_u8)(o[i] - (o[i] > o[TSP_SUFFIX - 1]));
        kperm_rank_of(g, TSP_SUFFIX - 1, &in_group);
        CHECK(tsp_block_index(o[TSP_SUFFIX - 1], (int)in_group) == (int)want, "order %d: index %d", r,
              tsp_block_index(o[TSP_SUFFIX - 1], (int)in_group));
    }
    check_end();
}

/* tsp_block_cities for m = 7..20 (both of its ways: kperm_unrank up to 16,
 * digits and a mask past it) against kperm_unrank of rank 720 b */
static void test_block_cities(void)
{
    kperm_u8 want[KPERM_MAX_N], got[KPERM_MAX_N];
    kperm_rank total;
    int m, t, i, x[TSP_SUFFIX];
    check_begin("tsp_block_cities = kperm_unrank(720 b): random blocks of m = 7..20, the last, past the last");
    for (m = 7; m <= 20; m++) {
        kperm_count(m, &total);
        for (t = 0; t < 300; t++) {
            kperm_u64 b = t == 0 ? total / TSP_BLOCK - 1 : rng() % (total / TSP_BLOCK);
            kperm_unrank(b * TSP_BLOCK, m, want);
            CHECK(tsp_block_cities(m, b, got, x), "m = %d block %llu refused", m, b);
            for (i = 0; i < m; i++)
                CHECK(i < m - TSP_SUFFIX ? got[i] == want[i] : x[i - (m - TSP_SUFFIX)] == want[i],
                      "m = %d block %llu: position %d", m, b, i);
        }
        CHECK(!tsp_block_cities(m, total / TSP_BLOCK, got, x), "m = %d: the block past the last accepted", m);
    }
    check_end();
}

/* simd: 0 tsp_search (the kernels' source), 1 tsp_simd_search as the C
 * backend runs it */
static void test_against_general(int simd)
{
    static kperm_u32 d[KPERM_MAX_N * KPERM_MAX_N];
    char name[300];
    int t;
    snprintf(name, sizeof name, "%s = general search (length and smallest rank): n = 8..12, symmetric and not, "
             "wide, tie-heavy and all-equal weights, 1..700 work-items", simd ? tsp_simd_name() : "block search");
    check_begin(name);
    for (t = 0; t < 120; t++) {
        int n = 8 + t % 5, symmetric = t % 2, spread = t % 3 == 0 ? 1000 : t % 3 == 1 ? 3 : 1, i, j;
        kperm_u64 items = t % 5 == 0 ? 1 : 1 + rng() % 700, item;
        kperm_u64 len_g = TSP_NONE, len_b = TSP_NONE;
        kperm_rank rank_g = TSP_NONE, rank_b = TSP_NONE, total;
        tsp_task task;
        for (i = 0; i < n; i++)
            for (j = 0; j <= i; j++) {
                d[i * n + j] = i == j ? 0 : 1 + (kperm_u32)(rng() % (kperm_u64)spread);
                d[j * n + i] = symmetric || i == j ? d[i * n + j] : 1 + (kperm_u32)(rng() % (kperm_u64)spread);
            }
        kperm_count(n - 1, &total);
        CHECK(tsp_narrow_ok(d, n), "n = %d: the block search does not apply", n);
        tsp_search_range(d, n, symmetric, 0, total, &len_g, &rank_g);
        task = tsp_task_on(tsp_task_of(0, total, TSP_NONE, 0), n, symmetric, TSP_BLOCKS);
        for (item = 0; item < items; item++) {
            kperm_u64 l = TSP_NONE;
            kperm_rank r = TSP_NONE;
            if (simd)
                tsp_simd_search(d, &task, item, items, &l, &r);
            else
                tsp_search(d, &task, item, items, &l, &r);
            if (tsp_better(l, r, len_b, rank_b)) {
                len_b = l;
                rank_b = r;
            }
        }
        CHECK(len_b == len_g && rank_b == rank_g, "n = %d sym %d spread %d items %llu: block (%llu, %llu), "
              "general (%llu, %llu)", n, symmetric, spread, items, len_b, rank_b, len_g, rank_g);
    }
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    static const char *sets[3] = {"scalar", "avx2", "avx512"};
    int i;
    test_block_index();
    test_block_cities();
    test_against_general(0);
    for (i = 0; i < 3; i++) { /* each set this CPU has: KPERM_TSP_SIMD falls back to the best it has */
        setenv("KPERM_TSP_SIMD", sets[i], 1);
        if (strcmp(tsp_simd_name(), sets[i]) == 0)
            test_against_general(1);
        else
            printf("SKIP tsp_simd_search on %s: this CPU does not have it\n", sets[i]);
    }
    return check_any_failed;
}
