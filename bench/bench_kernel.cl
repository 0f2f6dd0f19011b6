/* bench_kernel.cl - the benchmark kernels for OpenCL around bench_body.h.
 * bench_cl builds it once per n with -DBENCH_N=n, after kperm (#include
 * "kperm.cl") and Wong's table as a program-scope constant. */
#define BENCH_GLOBAL __global
#define BENCH_LOCAL __local
#define BENCH_BARRIER() barrier(CLK_LOCAL_MEM_FENCE)
#define BENCH_DEVICE_FN static inline
#define BENCH_SEED_TABLE(i, j) seed_table[i][j]
#include "bench_body.h"

#define N BENCH_N
#define ITEM ((ulong)get_global_id(0))
#define ITEMS ((ulong)get_global_size(0))

__kernel void store(__global uint4 *out, ulong count)
{
    for (ulong i = ITEM; i < count; i += ITEMS)
        out[i] = (uint4)((uint)i, (uint)i ^ 1u, (uint)i ^ 2u, (uint)i ^ 3u);
}

__kernel void words_sum(__global const uint *buf, ulong words, __global ulong *sums)
{
    ulong s = 0;
    for (ulong i = ITEM; i < words; i += ITEMS)
        s += bench_mix(buf[i] + (i << 32));
    sums[ITEM] = s;
}

__kernel void mat_seed(ulong total, __global uchar *out) { bench_materialize_seed(N, total, ITEM, ITEMS, out); }
__kernel void mat_plain(ulong total, __global uchar *out) { bench_materialize_plain(N, total, ITEM, ITEMS, out); }
__kernel __attribute__((reqd_work_group_size(BENCH_GROUP, 1, 1)))
void mat_kperm(ulong total, __global uint *out)
{
    __local uint stage[BENCH_GROUP * (6 * N + 1)];
    bench_materialize_kperm(N, total, get_group_id(0), get_num_groups(0), (int)get_local_id(0), stage, out);
}

__kernel void unrank_seed(ulong total, ulong count, __global ulong *sums)
{ sums[ITEM] = bench_unrank(U_SEED, N, total, count, ITEM, ITEMS); }
__kernel void unrank_kperm(ulong total, ulong count, __global ulong *sums)
{ sums[ITEM] = bench_unrank(U_KPERM, N, total, count, ITEM, ITEMS); }
__kernel void unrank_packed(ulong total, ulong count, __global ulong *sums)
{ sums[ITEM] = bench_unrank(U_PACKED, N, total, count, ITEM, ITEMS); }

__kernel void fused_seed(ulong total, __global ulong *sums) { sums[ITEM] = bench_fused_seed(N, total, ITEM, ITEMS); }
__kernel void fused_plain(ulong total, __global ulong *sums) { sums[ITEM] = bench_fused_bytes(0, N, total, ITEM, ITEMS); }
__kernel void fused_cursor(ulong total, __global ulong *sums) { sums[ITEM] = bench_fused_cursor(0, N, total, ITEM, ITEMS); }
__kernel void fused_blocks4(ulong total, __global ulong *sums) { sums[ITEM] = bench_fused_blocks(N, 4, total, ITEM, ITEMS); }
__kernel void fused_blocks5(ulong total, __global ulong *sums) { sums[ITEM] = bench_fused_blocks(N, 5, total, ITEM, ITEMS); }
__kernel void fused_pcursor(ulong total, __global ulong *sums) { sums[ITEM] = bench_fused_pcursor(N, total, ITEM, ITEMS); }
__kernel void fused_walk(ulong total, __global ulong *sums) { sums[ITEM] = bench_fused_walk(N, total, ITEM, ITEMS); }
__kernel void fused_walk_whole(ulong total, __global ulong *sums) { sums[ITEM] = bench_fused_walk_whole(N, total, ITEM, ITEMS); }
__kernel void fused_cursor128(ulong total, __global ulong *sums) { sums[ITEM] = bench_fused_cursor(1, N, total, ITEM, ITEMS); }
__kernel void fused_next(ulong total, __global ulong *sums) { sums[ITEM] = bench_fused_bytes(1, N, total, ITEM, ITEMS); }

__kernel void family_ms(ulong count, __global ulong *sums, __global const ulong *plan)
{ sums[ITEM] = bench_family(0, count, ITEM, ITEMS, plan); }
__kernel void family_kp(ulong count, __global ulong *sums, __global const ulong *plan)
{ sums[ITEM] = bench_family(1, count, ITEM, ITEMS, plan); }
__kernel void family_128(ulong count, __global ulong *sums, __global const ulong *plan)
{ sums[ITEM] = bench_family(2, count, ITEM, ITEMS, plan); }
__kernel void family_ms_plan(ulong count, __global ulong *sums, __global const ulong *plan)
{ sums[ITEM] = bench_family(3, count, ITEM, ITEMS, plan); }
__kernel void family_cursor(ulong count, __global ulong *sums, __global const ulong *plan)
{ sums[ITEM] = bench_family(4, count, ITEM, ITEMS, plan); }
__kernel void family_cursor128(ulong count, __global ulong *sums, __global const ulong *plan)
{ sums[ITEM] = bench_family(5, count, ITEM, ITEMS, plan); }
__kernel void derange_plain(ulong total, __global ulong *sums) { sums[ITEM] = bench_derange_plain(N, total, ITEM, ITEMS); }
__kernel void derange_cursor(ulong total, __global ulong *sums) { sums[ITEM] = bench_derange_cursor(N, total, ITEM, ITEMS); }
__kernel void derange_pcursor(ulong total, __global ulong *sums) { sums[ITEM] = bench_derange_pcursor(N, total, ITEM, ITEMS); }
__kernel void derange_walk(ulong total, __global ulong *sums) { sums[ITEM] = bench_derange_walk(N, total, ITEM, ITEMS); }
__kernel void derange_skip(ulong total, __global ulong *sums) { sums[ITEM] = bench_derange_skip(N, total, ITEM, ITEMS); }
__kernel void walk_ms_textbook(ulong total, __global ulong *sums) { sums[ITEM] = bench_walks(W_MS_TEXTBOOK, total, ITEM, ITEMS); }
__kernel void walk_ms_pcursor(ulong total, __global ulong *sums) { sums[ITEM] = bench_walks(W_MS_PCURSOR, total, ITEM, ITEMS); }
__kernel void walk_kp_textbook(ulong total, __global ulong *sums) { sums[ITEM] = bench_walks(W_KP_TEXTBOOK, total, ITEM, ITEMS); }
__kernel void walk_kp_next(ulong total, __global ulong *sums) { sums[ITEM] = bench_walks(W_KP_NEXT, total, ITEM, ITEMS); }
__kernel void walk_kp_cursor(ulong total, __global ulong *sums) { sums[ITEM] = bench_walks(W_KP_CURSOR, total, ITEM, ITEMS); }
__kernel void comb_unrank_mask(ulong count, __global ulong *sums, __global const ulong *table)
{ sums[ITEM] = bench_comb(C_UNRANK_MASK, count, ITEM, ITEMS, table); }
__kernel void comb_unrank_bytes(ulong count, __global ulong *sums, __global const ulong *table)
{ sums[ITEM] = bench_comb(C_UNRANK_BYTES, count, ITEM, ITEMS, table); }
__kernel void comb_unrank_table(ulong count, __global ulong *sums, __global const ulong *table)
{ sums[ITEM] = bench_comb(C_UNRANK_TABLE, count, ITEM, ITEMS, table); }
__kernel void comb_walk_textbook(ulong count, __global ulong *sums, __global const ulong *table)
{ sums[ITEM] = bench_comb(C_WALK_TEXTBOOK, count, ITEM, ITEMS, table); }
__kernel void comb_walk_cursor(ulong count, __global ulong *sums, __global const ulong *table)
{ sums[ITEM] = bench_comb(C_WALK_CURSOR, count, ITEM, ITEMS, table); }
__kernel void comb_walk_revdoor(ulong count, __global ulong *sums, __global const ulong *table)
{ sums[ITEM] = bench_comb(C_WALK_REVDOOR, count, ITEM, ITEMS, table); }
__kernel void comb_test_cursor(ulong count, __global ulong *sums, __global const ulong *table)
{ sums[ITEM] = bench_comb(C_TEST_CURSOR, count, ITEM, ITEMS, table); }
__kernel void comb_test_revdoor(ulong count, __global ulong *sums, __global const ulong *table)
{ sums[ITEM] = bench_comb(C_TEST_REVDOOR, count, ITEM, ITEMS, table); }
__kernel void sjt_lex_textbook(ulong total, __global ulong *sums) { sums[ITEM] = bench_sjt(S_LEX_TEXTBOOK, total, ITEM, ITEMS); }
__kernel void sjt_cursor(ulong total, __global ulong *sums) { sums[ITEM] = bench_sjt(S_SJT_CURSOR, total, ITEM, ITEMS); }
__kernel void sjt_adj_textbook(ulong total, __global ulong *sums) { sums[ITEM] = bench_sjt(S_ADJ_TEXTBOOK, total, ITEM, ITEMS); }
__kernel void sjt_adj_cursor(ulong total, __global ulong *sums) { sums[ITEM] = bench_sjt(S_ADJ_SJT, total, ITEM, ITEMS); }
__kernel void gray_textbook(ulong total, __global ulong *sums, int n) { sums[ITEM] = bench_gray(G_TEXTBOOK, n, total, ITEM, ITEMS); }
__kernel void gray_cursor(ulong total, __global ulong *sums, int n) { sums[ITEM] = bench_gray(G_CURSOR, n, total, ITEM, ITEMS); }
__kernel void gray_test_textbook(ulong total, __global ulong *sums, int n)
{ sums[ITEM] = bench_gray(G_TEST_TEXTBOOK, n, total, ITEM, ITEMS); }
__kernel void gray_test_cursor(ulong total, __global ulong *sums, int n)
{ sums[ITEM] = bench_gray(G_TEST_CURSOR, n, total, ITEM, ITEMS); }
