/* bench_fold.h - the portable (KPERM_FN) half of the benchmarks, which the
 * host runs too to check the kernels: what every method folds its
 * permutations into, the random ranks, the other families' unrank loop, and
 * the one launch constant both sides need. */
#ifndef BENCH_FOLD_H
#define BENCH_FOLD_H

#define BENCH_GROUP 128 /* work-items per group of the staged materialize kernel */

/* the benchmarks and their methods, named alike by the drivers and the kernels */
enum { BENCH_MATERIALIZE, BENCH_UNRANK, BENCH_FUSED, BENCH_FAMILY, BENCH_DERANGE, BENCH_WALKS, BENCH_COMB, BENCH_SJT,
       BENCH_GRAY, BENCH_SECTIONS };
enum { M_SEED, M_PLAIN, M_KPERM };                       /* materialize */
enum { U_SEED, U_KPERM, U_PACKED };                      /* unrank */
enum { F_SEED, F_PLAIN, F_CURSOR, F_BLOCKS4, F_BLOCKS5, F_PCURSOR, F_WALK, F_WALK_WHOLE, F_CURSOR128, F_NEXT, F_METHODS }; /* fused */
enum { D_PLAIN, D_CURSOR, D_PCURSOR, D_WALK, D_SKIP, D_METHODS };               /* derangements */
enum { W_MS_TEXTBOOK, W_MS_PCURSOR, W_KP_TEXTBOOK, W_KP_NEXT, W_KP_CURSOR, W_METHODS }; /* family walks */
enum { C_UNRANK_MASK, C_UNRANK_BYTES, C_UNRANK_TABLE, C_WALK_TEXTBOOK, C_WALK_CURSOR, C_WALK_REVDOOR, C_TEST_CURSOR,
       C_TEST_REVDOOR, C_METHODS };                                                      /* combinations */
enum { S_LEX_TEXTBOOK, S_SJT_CURSOR, S_ADJ_TEXTBOOK, S_ADJ_SJT, S_METHODS };             /* plain changes */
enum { G_TEXTBOOK, G_CURSOR, G_TEST_TEXTBOOK, G_TEST_CURSOR, G_METHODS };               /* Gray code */

/* a 64-bit mixer (splitmix64's finaliser): no closed form for the sums */
KPERM_FN kperm_u64 bench_mix(kperm_u64 z)
{
    z = (z ^ (z >> 30)) * KPERM_U64(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * KPERM_U64(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* every element in: element i added at bit 4i (mod 64), so for n <= 16 the
 * key is the packed word itself; summed in two 32-bit halves (carries out of
 * the low half dropped), which costs a GPU half the instructions of 64-bit
 * adds. bench_key_put adds one element, bench_key a whole array. */
KPERM_FN void bench_key_put(kperm_u32 *lo, kperm_u32 *hi, int i, kperm_u32 v)
{
    int at = (4 * i) & 63;
    if (at < 32)
        *lo += v << at;
    else
        *hi += v << (at - 32);
}

KPERM_FN kperm_u64 bench_key(const kperm_u8 *p, int n)
{
    kperm_u32 lo = 0, hi = 0;
    int i;
    KPERM_UNROLL
    for (i = 0; i < n; i++)
        bench_key_put(&lo, &hi, i, p[i]);
    return (kperm_u64)hi << 32 | lo;
}

/* bench_key of a cursor's permutation, element by element */
KPERM_FN kperm_u64 bench_cursor_key(const kperm_cursor *c, int n)
{
    kperm_u32 lo = 0, hi = 0;
    int i;
    KPERM_UNROLL
    for (i = 0; i < n; i++)
        bench_key_put(&lo, &hi, i, (kperm_u32)kperm_cursor_get(c, i));
    return (kperm_u64)hi << 32 | lo;
}

KPERM_FN kperm_u64 bench_cursor128_key(const kperm_cursor128 *c, int n)
{
    kperm_u32 lo = 0, hi = 0;
    int i;
    KPERM_UNROLL
    for (i = 0; i < n; i++)
        bench_key_put(&lo, &hi, i, (kperm_u32)kperm_cursor128_get(c, i));
    return (kperm_u64)hi << 32 | lo;
}

/* high 64 bits of a * b, in 32-bit pieces so every backend computes it alike */
KPERM_FN kperm_u64 bench_mulhi(kperm_u64 a, kperm_u64 b)
{
    kperm_u64 al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    kperm_u64 lo = al * bl, m1 = ah * bl + (lo >> 32), m2 = al * bh + (m1 & 0xffffffffu);
    return ah * bh + (m1 >> 32) + (m2 >> 32);
}

/* the i-th random rank of the unrank benchmark, uniform in [0, total) */
KPERM_FN kperm_rank bench_random_rank(kperm_u64 i, kperm_rank total)
{
    return bench_mulhi(bench_mix(i + KPERM_U64(0x9e3779b97f4a7c15)), total);
}

/* the other families: random ranks unranked and folded like the unrank
 * benchmark; portable, so the host checks the kernels' sums */

#define BENCH_MS_VALUES 4  /* multiset: 4 values, 4 of each: 16!/(4!^4) = 63 063 000 */
#define BENCH_KP_N 32      /* k-permutations: P(32, 8) */
#define BENCH_KP_K 8
#define BENCH_N128 30      /* 128-bit ranks: 30! */
#define BENCH_LONG_N 20    /* the cursors past 16 (families 4, 5): a walk of count ranks from 20!/2 */
#define BENCH_FAMILIES 6

/* the family walks' spaces, walked whole */
#define BENCH_WALK_MS_N 16 /* 3, 3, 3, 3, 2, 2 of the values 0..5: 4 036 032 000 arrangements */
#define BENCH_WALK_MS_M 6
#define BENCH_WALK_KP_N 20 /* P(20, 8) = 5 079 110 400 */
#define BENCH_WALK_KP_K 8

/* combinations: random ranks of C(64, 8); all C(34, 17) = 2 333 606 220 walked */
#define BENCH_COMB_N 64
#define BENCH_COMB_K 8
#define BENCH_CWALK_N 34
#define BENCH_CWALK_K 17
#define BENCH_SJT_N 13 /* plain changes: all 13! */
/* Gray code: all 2^34 subsets (each launch tens of ms on an H100); --quick
 * 2^26, which POCL's two CPU cores walk in seconds */
#define BENCH_GRAY_N 34
#define BENCH_GRAY_QUICK_N 26

/* the permutation tests' values x[i], 0..1023: a multiplicative hash of i,
 * computed where it is needed, so that no memory read enters the timings and
 * every backend (and the host's count) has the same values */
KPERM_FN int bench_value(int i)
{
    return (int)(((kperm_u32)i + 1u) * 0x9e3779b1u >> 22);
}

/* a subset's group sum from its elements, one at a time (the lowest set bit
 * taken off the mask): what a loop without the minimal-change order
 * recomputes for every subset */
KPERM_FN int bench_group_sum(kperm_u64 mask)
{
    int s = 0;
    for (; mask; mask &= mask - 1)
        s += bench_value(kperm_lowest64(mask));
    return s;
}

/* the tests' threshold: the group sum of the "observed" group, elements
 * 0..k-1; it counts itself, so no count is 0 */
KPERM_FN int bench_observed(int k)
{
    return bench_group_sum((KPERM_U64(1) << k) - 1);
}

/* a subset's key: its mask, from the sorted list */
KPERM_FN kperm_u64 bench_comb_key(const kperm_u8 *c, int k)
{
    kperm_u64 m = 0;
    int i;
    KPERM_UNROLL
    for (i = 0; i < k; i++)
        m |= KPERM_U64(1) << c[i];
    return m;
}

/* random ranks of C(64, 8) unranked to a mask, to the sorted list and then
 * its mask (C_UNRANK_BYTES), or to a mask over the table the caller passes in
 * global memory (C_UNRANK_TABLE), folded */
KPERM_FN kperm_u64 bench_comb_unrank(int method, kperm_u64 count, kperm_u64 item, kperm_u64 items,
                                     const KPERM_GLOBAL kperm_u64 *table)
{
    kperm_u8 c[BENCH_COMB_K];
    kperm_u64 i, m = 0, sum = 0;
    kperm_rank total = 0;
    kperm_comb_count(BENCH_COMB_N, BENCH_COMB_K, &total);
    for (i = item; i < count; i += items) {
        kperm_rank r = bench_random_rank(i, total);
        if (method == C_UNRANK_MASK)
            kperm_comb_unrank_mask(r, BENCH_COMB_N, BENCH_COMB_K, &m);
        else if (method == C_UNRANK_TABLE)
            kperm_comb_unrank_mask_in(table, r, BENCH_COMB_N, BENCH_COMB_K, &m);
        else {
            kperm_comb_unrank(r, BENCH_COMB_N, BENCH_COMB_K, c);
            m = bench_comb_key(c, BENCH_COMB_K);
        }
        sum += bench_mix(m);
    }
    return sum;
}

KPERM_FN void bench_walk_counts(kperm_u8 *counts)
{
    int v;
    for (v = 0; v < BENCH_WALK_MS_M; v++)
        counts[v] = (kperm_u8)(v < 4 ? 3 : 2);
}

/* ranks [b, e) of n walked by kperm_cursor (wide = 0) or kperm_cursor128
 * (its ranks 128-bit), every element read with the cursor's get, folded */
KPERM_FN kperm_u64 bench_cursor_walk(int wide, int n, kperm_rank b, kperm_rank e)
{
    kperm_cursor c;
    kperm_cursor128 c128;
    kperm_rank128 b128 = {0, 0}, e128 = {0, 0};
    kperm_u64 sum = 0;
    if (!wide) {
        kperm_cursor_init(&c, n, b, e);
        while (kperm_cursor_next(&c))
            sum += bench_mix(bench_cursor_key(&c, n));
        return sum;
    }
    b128.lo = b;
    e128.lo = e;
    kperm_cursor128_init(&c128, n, b128, e128);
    while (kperm_cursor128_next(&c128))
        sum += bench_mix(bench_cursor128_key(&c128, n));
    return sum;
}

/* families 4 and 5: the cursors past 16 elements, kperm_cursor or
 * kperm_cursor128 over the same `count` ranks of BENCH_LONG_N from the
 * middle of its range, split in contiguous parts; the sums must agree */
KPERM_FN kperm_u64 bench_long_walk(int wide, kperm_u64 count, kperm_u64 item, kperm_u64 items)
{
    kperm_rank total = 0, b = 0, e = 0;
    kperm_count(BENCH_LONG_N, &total);
    kperm_split(total / 2, total / 2 + count, items, item, &b, &e);
    return bench_cursor_walk(wide, BENCH_LONG_N, b, e);
}

/* the families' unrank of random ranks: 0 the multiset, 1 k-permutations,
 * 2 128-bit ranks, 3 the multiset through its plan (made by the host, in
 * global memory) */
KPERM_FN kperm_u64 bench_family(int family, kperm_u64 count, kperm_u64 item, kperm_u64 items,
                                const KPERM_GLOBAL kperm_u64 *plan)
{
    kperm_u8 p[KPERM_MAX_MS_N], counts[BENCH_MS_VALUES] = {4, 4, 4, 4};
    kperm_u64 i, sum = 0;
    kperm_rank total = 0;
    kperm_rank128 total128, r128;
    int n = family == 0 || family == 3 ? 16 : family == 1 ? BENCH_KP_K : BENCH_N128;
    if (family >= 4)
        return bench_long_walk(family == 5, count, item, items);
    if (family == 0 || family == 3)
        kperm_ms_count(counts, BENCH_MS_VALUES, &total);
    else if (family == 1)
        kperm_kp_count(BENCH_KP_N, BENCH_KP_K, &total);
    kperm_count128(BENCH_N128, &total128);
    for (i = item; i < count; i += items) {
        if (family == 0)
            kperm_ms_unrank(bench_random_rank(i, total), counts, BENCH_MS_VALUES, p);
        else if (family == 3)
            kperm_ms_unrank_plan(bench_random_rank(i, total), counts, BENCH_MS_VALUES, plan, p);
        else if (family == 1)
            kperm_kp_unrank(bench_random_rank(i, total), BENCH_KP_N, BENCH_KP_K, p);
        else {
            r128.hi = bench_random_rank(i, total128.hi); /* below 30!'s high word: below 30! */
            r128.lo = bench_mix(i ^ KPERM_U64(0x5555555555555555));
            kperm_unrank128(r128, BENCH_N128, p);
        }
        sum += bench_mix(bench_key(p, n));
    }
    return sum;
}

#endif
