/* bench_body.h - the benchmark kernels' bodies, one source for CUDA and OpenCL
 * (like tests/lex_body.h). The includer defines BENCH_GLOBAL, BENCH_LOCAL,
 * BENCH_BARRIER() and BENCH_DEVICE_FN, and BENCH_SEED_TABLE(i, j) reading the
 * Wong's table i! * j from constant memory.
 *
 * Work is split over `items` work-items; item `item` is this one, `lid` its
 * index in a group of BENCH_GROUP. Checksum kernels write one partial sum per
 * item; the host adds them (outside the timed region). */
#ifndef BENCH_BODY_H
#define BENCH_BODY_H

#define BENCH_SUFFIX 4       /* materialize: rows per kperm block = 4! */
#define BENCH_SUFFIX_ROWS 24

#include "bench_fold.h"

/* ---- the baselines ------------------------------------------------------- */

/* Wong's unrank: digit by digit, the largest j with i!*j <= rank
 * from the 20x20 table, then a scan of taken[] for the j-th free element. */
BENCH_DEVICE_FN void bench_seed_unrank(kperm_rank rank, int n, kperm_u8 *perm)
{
    int taken[KPERM_MAX_N], i, j, k, seen;
    for (i = 0; i < n; i++)
        taken[i] = 0;
    for (i = 0; i < n; i++) {
        j = n - 1 - i;
        while (BENCH_SEED_TABLE(n - 1 - i, j) > rank)
            j--;
        rank -= BENCH_SEED_TABLE(n - 1 - i, j);
        for (k = 0, seen = -1; k < n; k++)
            if (!taken[k] && ++seen == j)
                break;
        taken[k] = 1;
        perm[i] = (kperm_u8)k;
    }
}

/* std::next_permutation as a textbook writes it */
KPERM_FN int bench_textbook_next(kperm_u8 *a, int n)
{
    int i = n - 2, j;
    kperm_u8 t;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return 0;
    j = n - 1;
    while (a[j] <= a[i])
        j--;
    t = a[i]; a[i] = a[j]; a[j] = t;
    for (i++, j = n - 1; i < j; i++, j--) {
        t = a[i]; a[i] = a[j]; a[j] = t;
    }
    return 1;
}

/* ---- 1. materialize: all n! rows of n bytes ------------------------------ */

/* Wong's article: one work-item per rank, writing chars */
BENCH_DEVICE_FN void bench_materialize_seed(int n, kperm_rank total, kperm_u64 item, kperm_u64 items,
                                     BENCH_GLOBAL kperm_u8 *out)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_rank r;
    int i;
    for (r = item; r < total; r += items) {
        bench_seed_unrank(r, n, p);
        for (i = 0; i < n; i++)
            out[r * n + i] = p[i];
    }
}

/* plain chunked: unrank once per contiguous chunk, then textbook next */
BENCH_DEVICE_FN void bench_materialize_plain(int n, kperm_rank total, kperm_u64 item, kperm_u64 items,
                                      BENCH_GLOBAL kperm_u8 *out)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_rank r, b, e;
    int i;
    kperm_split(0, total, items, item, &b, &e);
    if (b < e)
        bench_seed_unrank(b, n, p);
    for (r = b; r < e; r++) {
        for (i = 0; i < n; i++)
            out[r * n + i] = p[i];
        bench_textbook_next(p, n);
    }
}

/* spreads the 4 nibbles of x (low 16 bits) into the 4 bytes of the result */
KPERM_FN kperm_u32 bench_spread(kperm_u32 x)
{
    x = (x | (x << 8)) & 0x00ff00ffu;
    return (x | (x << 4)) & 0x0f0f0f0fu;
}

/* kperm: each work-item makes one block of 4! rows with one kperm_unrank_packed
 * and 24 kperm_internal_arrange_packed (constants after unrolling), as bytes into the
 * group's staging area; the group then writes its blocks, which are adjacent
 * in the output, with coalesced 32-bit stores. */
BENCH_DEVICE_FN void bench_materialize_kperm(int n, kperm_rank total, kperm_u64 group, kperm_u64 groups,
                                            int lid, BENCH_LOCAL kperm_u32 *stage,
                                            BENCH_GLOBAL kperm_u32 *out)
{
    const int words = 6 * n, pitch = 6 * n + 1; /* 24 rows of n bytes; +1 spreads the banks */
    kperm_u64 blocks = total / BENCH_SUFFIX_ROWS, base;
    for (base = group * BENCH_GROUP; base < blocks; base += groups * BENCH_GROUP) {
        kperm_u64 block = base + (kperm_u64)lid, have = blocks - base < BENCH_GROUP ? blocks - base : BENCH_GROUP;
        kperm_u64 w;
        kperm_u32 i, all;
        int k, c, at = lid * pitch;
        if (block < blocks) {
            kperm_u64 prefix, list, acc = 0;
            int bits = 0;
            kperm_unrank_packed(block * BENCH_SUFFIX_ROWS, n, &w);
            prefix = w & ((KPERM_U64(1) << (4 * (n - BENCH_SUFFIX))) - 1);
            list = w >> (4 * (n - BENCH_SUFFIX));
            KPERM_UNROLL
            for (k = 0; k < BENCH_SUFFIX_ROWS; k++) {
                kperm_u64 row = prefix | kperm_internal_arrange_packed(list, BENCH_SUFFIX, (kperm_u32)k) << (4 * (n - BENCH_SUFFIX));
                KPERM_UNROLL
                for (c = 0; c < (n + 3) / 4; c++) {
                    acc |= (kperm_u64)bench_spread((kperm_u32)(row >> (16 * c)) & 0xffffu) << bits;
                    bits += 8 * (n - 4 * c < 4 ? n - 4 * c : 4);
                    if (bits >= 32) {
                        stage[at++] = (kperm_u32)acc;
                        acc >>= 32;
                        bits -= 32;
                    }
                }
            }
        }
        BENCH_BARRIER();
        all = (kperm_u32)have * (kperm_u32)words;
        for (i = (kperm_u32)lid; i < all; i += BENCH_GROUP)
            out[base * words + i] = stage[(i / (kperm_u32)words) * (kperm_u32)pitch + i % (kperm_u32)words];
        BENCH_BARRIER();
    }
}

/* ---- 2. unrank: random ranks, one permutation each, folded --------------- */

/* method (a literal in each kernel, so the other branches vanish): U_SEED the
 * Wong's unrank, U_KPERM kperm_unrank, U_PACKED kperm_unrank_packed */
BENCH_DEVICE_FN kperm_u64 bench_unrank(int method, int n, kperm_rank total, kperm_u64 count, kperm_u64 item,
                                       kperm_u64 items)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_u64 i, w = 0, sum = 0;
    for (i = item; i < count; i += items) {
        kperm_rank r = bench_random_rank(i, total);
        if (method == U_PACKED)
            kperm_unrank_packed(r, n, &w);
        else {
            if (method == U_SEED)
                bench_seed_unrank(r, n, p);
            else
                kperm_unrank(r, n, p);
            w = bench_key(p, n);
        }
        sum += bench_mix(w);
    }
    return sum;
}

/* ---- 3. fused: every permutation visited in registers, folded ------------ */

BENCH_DEVICE_FN kperm_u64 bench_fused_seed(int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_u64 r, sum = 0;
    for (r = item; r < total; r += items) {
        bench_seed_unrank(r, n, p);
        sum += bench_mix(bench_key(p, n));
    }
    return sum;
}

/* a byte array over a contiguous part: Wong's unrank and the textbook next,
 * or (kperm, a literal in each kernel) kperm_unrank and kperm_next */
BENCH_DEVICE_FN kperm_u64 bench_fused_bytes(int kperm, int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_rank r, b, e;
    kperm_u64 sum = 0;
    kperm_split(0, total, items, item, &b, &e);
    if (b < e && kperm)
        kperm_unrank(b, n, p);
    else if (b < e)
        bench_seed_unrank(b, n, p);
    for (r = b; r < e; r++) {
        sum += bench_mix(bench_key(p, n));
        if (kperm)
            kperm_next(p, n);
        else
            bench_textbook_next(p, n);
    }
    return sum;
}

/* kperm's general cursor (wide = 0) or kperm_cursor128 over a contiguous
 * part (bench_cursor_walk) */
KPERM_FN kperm_u64 bench_fused_cursor(int wide, int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_rank b, e;
    kperm_split(0, total, items, item, &b, &e);
    return bench_cursor_walk(wide, n, b, e);
}

/* kperm blocks: one kperm_unrank_packed per s! permutations, the suffixes by
 * kperm_internal_arrange_packed with constant k: each permutation costs a few shifts */
KPERM_FN kperm_u64 bench_fused_blocks(int n, int s, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_u64 sum = 0, block, blocks, w = 0;
    kperm_rank fs = 1;
    int k;
    for (k = 2; k <= s; k++)
        fs *= (kperm_rank)k;
    blocks = total / fs;
    for (block = item; block < blocks; block += items) {
        kperm_u64 prefix, list;
        kperm_unrank_packed(block * fs, n, &w);
        prefix = w & ((KPERM_U64(1) << (4 * (n - s))) - 1);
        list = w >> (4 * (n - s));
        KPERM_UNROLL
        for (k = 0; k < (int)fs; k++)
            sum += bench_mix(prefix | kperm_internal_arrange_packed(list, s, (kperm_u32)k) << (4 * (n - s)));
    }
    return sum;
}

/* the packed cursor over the same contiguous part as the cursors: one
 * kperm_packed_next per permutation, the word in registers */
KPERM_FN kperm_u64 bench_fused_pcursor(int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_pcursor c;
    kperm_rank b, e;
    kperm_u64 sum = 0;
    kperm_split(0, total, items, item, &b, &e);
    kperm_pcursor_init(&c, n, b, e);
    while (kperm_pcursor_next(&c))
        sum += bench_mix(c.word);
    return sum;
}

/* the block walk over the same part, one unrolled loop testing every k */
KPERM_FN kperm_u64 bench_fused_walk(int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_walk w;
    kperm_rank b, e;
    kperm_u64 sum = 0;
    kperm_u32 k;
    kperm_split(0, total, items, item, &b, &e);
    kperm_walk_init(&w, n, b, e);
    while (kperm_walk_block(&w)) {
        KPERM_UNROLL
        for (k = 0; k < KPERM_WALK_BLOCK; k++)
            if (kperm_walk_has(&w, k))
                sum += bench_mix(kperm_walk_word(&w, k));
    }
    return sum;
}

/* the block walk as walk.h documents it: whole blocks unrolled without a
 * test, the ragged ends of the part (at most two blocks) with k at run time */
KPERM_FN kperm_u64 bench_fused_walk_whole(int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_walk w;
    kperm_rank b, e;
    kperm_u64 sum = 0;
    kperm_u32 k;
    kperm_split(0, total, items, item, &b, &e);
    kperm_walk_init(&w, n, b, e);
    while (kperm_walk_block(&w)) {
        if (kperm_walk_whole(&w)) {
            KPERM_UNROLL
            for (k = 0; k < KPERM_WALK_BLOCK; k++)
                sum += bench_mix(kperm_walk_word(&w, k));
        } else
            for (k = w.first; k < w.last; k++)
                sum += bench_mix(kperm_walk_word(&w, k));
    }
    return sum;
}

/* ---- 4. derangements: the README's kernel (no element in its own place) --- */

/* the textbook loop: unrank once, textbook next, a scan of the bytes */
BENCH_DEVICE_FN kperm_u64 bench_derange_plain(int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_rank r, b, e;
    kperm_u64 count = 0;
    int i, fixed;
    kperm_split(0, total, items, item, &b, &e);
    if (b < e)
        bench_seed_unrank(b, n, p);
    for (r = b; r < e; r++) {
        for (fixed = 0, i = 0; i < n; i++)
            fixed |= p[i] == i;
        count += !fixed;
        bench_textbook_next(p, n);
    }
    return count;
}

/* the general cursor, as the README's first example had it */
KPERM_FN kperm_u64 bench_derange_cursor(int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_cursor c;
    kperm_rank b, e;
    kperm_u64 count = 0;
    int i, fixed;
    kperm_split(0, total, items, item, &b, &e);
    kperm_cursor_init(&c, n, b, e);
    while (kperm_cursor_next(&c)) {
        for (fixed = 0, i = 0; i < n; i++)
            fixed |= kperm_cursor_get(&c, i) == i;
        count += !fixed;
    }
    return count;
}

/* 1 if packed w of n has no fixed point: w ^ identity has no zero nibble */
KPERM_FN int bench_deranged(kperm_u64 w, int n)
{
    kperm_u64 low = KPERM_INTERNAL_NIBBLES(n), x = w ^ (KPERM_INTERNAL_IDENTITY_LIST & low);
    return ((x - (KPERM_U64(0x1111111111111111) & low)) & ~x & KPERM_U64(0x8888888888888888) & low) == 0;
}

KPERM_FN kperm_u64 bench_derange_pcursor(int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_pcursor c;
    kperm_rank b, e;
    kperm_u64 count = 0;
    kperm_split(0, total, items, item, &b, &e);
    kperm_pcursor_init(&c, n, b, e);
    while (kperm_pcursor_next(&c))
        count += (kperm_u64)bench_deranged(c.word, n);
    return count;
}

/* the README's example: the block walk's documented loop */
KPERM_FN kperm_u64 bench_derange_walk(int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_walk w;
    kperm_rank b, e;
    kperm_u64 count = 0;
    kperm_u32 k;
    kperm_split(0, total, items, item, &b, &e);
    kperm_walk_init(&w, n, b, e);
    while (kperm_walk_block(&w))
        if (kperm_walk_whole(&w)) {
            KPERM_UNROLL
            for (k = 0; k < KPERM_WALK_BLOCK; k++)
                count += (kperm_u64)bench_deranged(kperm_walk_word(&w, k), n);
        } else
            for (k = w.first; k < w.last; k++)
                count += (kperm_u64)bench_deranged(kperm_walk_word(&w, k), n);
    return count;
}

/* the lexicographic walk that abandons a prefix at its first fixed point:
 * kperm_skip passes every permutation sharing it in one call, and
 * kperm_skip_rank tells where that lands, so a part stops at its end */
KPERM_FN kperm_u64 bench_derange_skip(int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_rank r, b, e;
    kperm_u64 count = 0;
    int i;
    kperm_split(0, total, items, item, &b, &e);
    if (b < e)
        kperm_unrank(b, n, p);
    for (r = b; r < e;) {
        for (i = 0; i < n && p[i] != i; i++)
            ;
        if (i == n) {
            count++;
            kperm_next(p, n);
            r++;
        } else if (kperm_skip_rank(r, n, i, &r) == KPERM_OK)
            kperm_skip(p, n, i);
        else
            break; /* KPERM_END: past the last permutation */
    }
    return count;
}

/* ---- 5. the other families walked: a multiset and k-permutations -------- */

/* the k values as bytes of one word, as kperm_kcursor holds them */
KPERM_FN kperm_u64 bench_bytes_word(const kperm_u8 *p, int k)
{
    kperm_u64 w = 0;
    int i;
    KPERM_UNROLL
    for (i = 0; i < k; i++)
        w |= (kperm_u64)p[i] << (8 * i);
    return w;
}

/* the textbook loop on repeated values: unrank once, textbook next on bytes */
BENCH_DEVICE_FN kperm_u64 bench_walk_ms_textbook(kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_u8 p[BENCH_WALK_MS_N], counts[BENCH_WALK_MS_M];
    kperm_rank r, b, e;
    kperm_u64 sum = 0;
    bench_walk_counts(counts);
    kperm_split(0, total, items, item, &b, &e);
    if (b < e)
        kperm_ms_unrank(b, counts, BENCH_WALK_MS_M, p);
    for (r = b; r < e; r++) {
        sum += bench_mix(bench_key(p, BENCH_WALK_MS_N));
        bench_textbook_next(p, BENCH_WALK_MS_N);
    }
    return sum;
}

KPERM_FN kperm_u64 bench_walk_ms_pcursor(kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_u8 counts[BENCH_WALK_MS_M];
    kperm_pcursor c;
    kperm_rank b, e;
    kperm_u64 sum = 0;
    bench_walk_counts(counts);
    kperm_split(0, total, items, item, &b, &e);
    kperm_ms_pcursor_init(&c, counts, BENCH_WALK_MS_M, b, e);
    while (kperm_pcursor_next(&c))
        sum += bench_mix(c.word);
    return sum;
}

/* the textbook k-permutation loop: all n values in bytes, the unused ones
 * ascending after the first k; a step reverses those, then next_permutation
 * (method W_KP_TEXTBOOK); or kperm_kp_next on the first k bytes (W_KP_NEXT) */
BENCH_DEVICE_FN kperm_u64 bench_walk_kp_bytes(int method, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_u8 p[BENCH_WALK_KP_N], t;
    kperm_rank r, b, e;
    kperm_u64 sum = 0, used = 0;
    int i, j;
    kperm_split(0, total, items, item, &b, &e);
    if (b < e)
        kperm_kp_unrank(b, BENCH_WALK_KP_N, BENCH_WALK_KP_K, p);
    for (i = 0; i < BENCH_WALK_KP_K; i++)
        used |= KPERM_U64(1) << p[i];
    for (i = BENCH_WALK_KP_K, j = 0; i < BENCH_WALK_KP_N; j++)
        if (!((used >> j) & 1u))
            p[i++] = (kperm_u8)j;
    for (r = b; r < e; r++) {
        sum += bench_mix(bench_bytes_word(p, BENCH_WALK_KP_K));
        if (method == W_KP_NEXT)
            kperm_kp_next(p, BENCH_WALK_KP_N, BENCH_WALK_KP_K);
        else {
            for (i = BENCH_WALK_KP_K, j = BENCH_WALK_KP_N - 1; i < j; i++, j--) {
                t = p[i]; p[i] = p[j]; p[j] = t;
            }
            bench_textbook_next(p, BENCH_WALK_KP_N);
        }
    }
    return sum;
}

KPERM_FN kperm_u64 bench_walk_kp_cursor(kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_kcursor c;
    kperm_rank b, e;
    kperm_u64 sum = 0;
    kperm_split(0, total, items, item, &b, &e);
    kperm_kcursor_init(&c, BENCH_WALK_KP_N, BENCH_WALK_KP_K, b, e);
    while (kperm_kcursor_next(&c))
        sum += bench_mix(c.word);
    return sum;
}

BENCH_DEVICE_FN kperm_u64 bench_walks(int method, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    return method == W_MS_TEXTBOOK ? bench_walk_ms_textbook(total, item, items)
         : method == W_MS_PCURSOR ? bench_walk_ms_pcursor(total, item, items)
         : method == W_KP_CURSOR ? bench_walk_kp_cursor(total, item, items)
         : bench_walk_kp_bytes(method, total, item, items);
}

/* ---- 6. combinations: all C(34, 17) walked -------------------------------- */

/* the next k-subset of 0..n-1 as a textbook writes it: 0 after the last */
KPERM_FN int bench_textbook_comb_next(kperm_u8 *a, int n, int k)
{
    int i = k - 1, j;
    while (i >= 0 && a[i] == n - k + i)
        i--;
    if (i < 0)
        return 0;
    a[i]++;
    for (j = i + 1; j < k; j++)
        a[j] = (kperm_u8)(a[j - 1] + 1);
    return 1;
}

/* one unrank per chunk, then the textbook next-combination on bytes */
BENCH_DEVICE_FN kperm_u64 bench_comb_walk_textbook(kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_u8 c[BENCH_CWALK_K];
    kperm_rank r, b, e;
    kperm_u64 sum = 0;
    kperm_split(0, total, items, item, &b, &e);
    if (b < e)
        kperm_comb_unrank(b, BENCH_CWALK_N, BENCH_CWALK_K, c);
    for (r = b; r < e; r++) {
        sum += bench_mix(bench_comb_key(c, BENCH_CWALK_K));
        bench_textbook_comb_next(c, BENCH_CWALK_N, BENCH_CWALK_K);
    }
    return sum;
}

/* the cursor's checksum (C_WALK_CURSOR), or the two-sample permutation
 * test's count (C_TEST_CURSOR): the subsets whose group sum reaches the
 * observed group's, each sum recomputed from its k elements, as a loop in
 * lexicographic order must (a step there can change them all) */
KPERM_FN kperm_u64 bench_comb_walk_cursor(int method, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_comb_cursor c;
    kperm_rank b, e;
    kperm_u64 sum = 0;
    int observed = bench_observed(BENCH_CWALK_K);
    kperm_split(0, total, items, item, &b, &e);
    kperm_comb_cursor_init(&c, BENCH_CWALK_N, BENCH_CWALK_K, b, e);
    while (kperm_comb_cursor_next(&c))
        sum += method == C_TEST_CURSOR ? (kperm_u64)(bench_group_sum(c.mask) >= observed) : bench_mix(c.mask);
    return sum;
}

/* the revolving door over the same ranks: the same subsets in another order,
 * so the same checksum (C_WALK_REVDOOR) and the same count (C_TEST_REVDOOR),
 * whose group sum is kept up to date in O(1) a step: one element left, one
 * came in */
KPERM_FN kperm_u64 bench_comb_walk_revdoor(int method, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_revdoor_cursor c;
    kperm_rank b, e;
    kperm_u64 sum = 0;
    int s = 0, observed = bench_observed(BENCH_CWALK_K);
    kperm_split(0, total, items, item, &b, &e);
    kperm_revdoor_cursor_init(&c, BENCH_CWALK_N, BENCH_CWALK_K, b, e);
    while (kperm_revdoor_cursor_next(&c))
        if (method == C_WALK_REVDOOR)
            sum += bench_mix(c.mask);
        else {
            s = c.rank == b ? bench_group_sum(c.mask) /* the first: every element */
                            : s + bench_value(c.in) - bench_value(c.out);
            sum += (kperm_u64)(s >= observed);
        }
    return sum;
}

BENCH_DEVICE_FN kperm_u64 bench_comb(int method, kperm_u64 count, kperm_u64 item, kperm_u64 items,
                                     const KPERM_GLOBAL kperm_u64 *table)
{
    return method == C_WALK_TEXTBOOK ? bench_comb_walk_textbook(count, item, items)
         : method == C_WALK_CURSOR || method == C_TEST_CURSOR ? bench_comb_walk_cursor(method, count, item, items)
         : method == C_WALK_REVDOOR || method == C_TEST_REVDOOR ? bench_comb_walk_revdoor(method, count, item, items)
         : bench_comb_unrank(method, count, item, items, table);
}

/* ---- 7. plain changes: all 13! ------------------------------------------- */

KPERM_FN kperm_u64 bench_sjt_cursor(kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_sjt_cursor c;
    kperm_rank b, e;
    kperm_u64 sum = 0;
    kperm_split(0, total, items, item, &b, &e);
    kperm_sjt_cursor_init(&c, BENCH_SJT_N, b, e);
    while (kperm_sjt_cursor_next(&c))
        sum += bench_mix(c.word);
    return sum;
}

KPERM_FN kperm_u32 bench_absdiff(int a, int b)
{
    return (kperm_u32)(a > b ? a - b : b - a);
}

/* the sum over every permutation of its adjacent differences |p[i+1] - p[i]|:
 * the textbook lexicographic loop recomputes each one's sum (O(n)) */
BENCH_DEVICE_FN kperm_u64 bench_adj_textbook(kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_u8 p[BENCH_SJT_N];
    kperm_rank r, b, e;
    kperm_u64 sum = 0;
    int i;
    kperm_split(0, total, items, item, &b, &e);
    if (b < e)
        bench_seed_unrank(b, BENCH_SJT_N, p);
    for (r = b; r < e; r++) {
        kperm_u32 s = 0;
        for (i = 0; i + 1 < BENCH_SJT_N; i++)
            s += bench_absdiff(p[i + 1], p[i]);
        sum += s;
        bench_textbook_next(p, BENCH_SJT_N);
    }
    return sum;
}

/* the README's plain-changes example: the sum kept up to date in O(1) per
 * step, as only the differences around the swapped pair change */
KPERM_FN kperm_u64 bench_adj_sjt(kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_sjt_cursor c;
    kperm_rank b, e;
    kperm_u64 sum = 0;
    kperm_u32 s = 0;
    int i;
    kperm_split(0, total, items, item, &b, &e);
    kperm_sjt_cursor_init(&c, BENCH_SJT_N, b, e);
    while (kperm_sjt_cursor_next(&c)) {
        int q = c.pivot;
        if (c.rank == b) /* the first: every difference */
            for (s = 0, i = 0; i + 1 < BENCH_SJT_N; i++)
                s += bench_absdiff(kperm_packed_get(c.word, i + 1), kperm_packed_get(c.word, i));
        else { /* q and q + 1 swapped: only the differences on either side of the pair changed */
            int a = kperm_packed_get(c.word, q), d = kperm_packed_get(c.word, q + 1);
            if (q > 0) {
                int l = kperm_packed_get(c.word, q - 1);
                s += bench_absdiff(a, l) - bench_absdiff(d, l);
            }
            if (q + 2 < BENCH_SJT_N) {
                int h = kperm_packed_get(c.word, q + 2);
                s += bench_absdiff(h, d) - bench_absdiff(h, a);
            }
        }
        sum += s;
    }
    return sum;
}

BENCH_DEVICE_FN kperm_u64 bench_sjt(int method, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    return method == S_LEX_TEXTBOOK ? bench_fused_bytes(0, BENCH_SJT_N, total, item, items)
         : method == S_SJT_CURSOR ? bench_sjt_cursor(total, item, items)
         : method == S_ADJ_TEXTBOOK ? bench_adj_textbook(total, item, items)
         : bench_adj_sjt(total, item, items);
}

/* ---- 8. Gray code: all 2^n subsets of n -------------------------------------- */

/* the textbook loop: each rank's subset r ^ (r >> 1) made on its own; its
 * checksum (G_TEXTBOOK), or the test's count (G_TEST_TEXTBOOK): the subsets,
 * of any size, whose group sum reaches that of elements 0..n/2-1 (the
 * sign-flip statistic, the sum of x over the subset minus the rest, is twice
 * the group sum less a constant: the same count), each sum recomputed */
KPERM_FN kperm_u64 bench_gray_textbook(int method, int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_rank r, b, e;
    kperm_u64 sum = 0;
    int observed = bench_observed(n / 2);
    kperm_split(0, total, items, item, &b, &e);
    for (r = b; r < e; r++) {
        kperm_u64 m = r ^ (r >> 1);
        sum += method == G_TEST_TEXTBOOK ? (kperm_u64)(bench_group_sum(m) >= observed) : bench_mix(m);
    }
    return sum;
}

/* the cursor over the same ranks: the same subsets, the same checksum
 * (G_CURSOR) and count (G_TEST_CURSOR), the group sum kept up to date in
 * O(1) a step: element c.bit came in (+x) or left (-x) */
KPERM_FN kperm_u64 bench_gray_cursor(int method, int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    kperm_gray_cursor c;
    kperm_rank b, e;
    kperm_u64 sum = 0;
    int s = 0, observed = bench_observed(n / 2);
    kperm_split(0, total, items, item, &b, &e);
    kperm_gray_cursor_init(&c, n, b, e);
    while (kperm_gray_cursor_next(&c))
        if (method == G_CURSOR)
            sum += bench_mix(c.mask);
        else {
            int x = bench_value(c.bit);
            s = c.rank == b ? bench_group_sum(c.mask) /* the first: every element */
                            : s + (c.mask >> c.bit & 1u ? x : -x);
            sum += (kperm_u64)(s >= observed);
        }
    return sum;
}

BENCH_DEVICE_FN kperm_u64 bench_gray(int method, int n, kperm_rank total, kperm_u64 item, kperm_u64 items)
{
    return method == G_TEXTBOOK || method == G_TEST_TEXTBOOK ? bench_gray_textbook(method, n, total, item, items)
         : bench_gray_cursor(method, n, total, item, items);
}

#endif
