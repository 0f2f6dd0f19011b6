/* user_body.h - what a user's kernel does with kperm, written once for every
 * wrapper (host C and C++, CUDA, OpenCL), which includes kperm first.
 *
 * Every size here (n, k, m, a rank, a skip position) is a run-time value, a
 * kernel argument in the GPU wrappers: so no loop of the core gets a constant
 * trip count, the case where a compiler reports an unroll it could not do.
 * Each family's calls fold into one word that the wrappers store, so that no
 * call is dead code the compiler could drop before warning about it.
 */
#ifndef KPERM_USER_BODY_H
#define KPERM_USER_BODY_H

KPERM_FN kperm_u64 user_mix(kperm_u64 h, kperm_u64 v)
{
    return (h ^ v) * KPERM_U64(0x100000001b3);
}

KPERM_FN kperm_u64 user_mix_bytes(kperm_u64 h, const kperm_u8 *p, int n)
{
    int i;
    for (i = 0; i < n; i++)
        h = user_mix(h, p[i]);
    return h;
}

/* byte permutations: count, unrank, rank_of, next, prev, the skips, 128 bits */
KPERM_FN kperm_u64 user_lex(int n, int k, kperm_rank rank)
{
    kperm_u8 p[KPERM_MAX_N128];
    kperm_rank r = 0;
    kperm_rank128 r128 = {0, 0}, c128 = {0, 0}, out128 = {0, 0};
    kperm_u64 h = (kperm_u64)kperm_count(n, &r);
    h = user_mix(h, (kperm_u64)kperm_unrank(rank, n, p));
    h = user_mix(h, (kperm_u64)kperm_rank_of(p, n, &r) + r);
    h = user_mix(h, (kperm_u64)kperm_next(p, n));
    h = user_mix(h, (kperm_u64)kperm_prev(p, n));
    h = user_mix(h, (kperm_u64)kperm_skip(p, n, k));
    h = user_mix(h, (kperm_u64)kperm_skip_rank(rank, n, k, &r) + r);
    r128.lo = rank;
    h = user_mix(h, (kperm_u64)kperm_count128(n, &c128) + c128.hi);
    h = user_mix(h, (kperm_u64)kperm_unrank128(r128, n, p));
    h = user_mix(h, (kperm_u64)kperm_rank128_of(p, n, &r128) + r128.lo);
    h = user_mix(h, (kperm_u64)kperm_skip_rank128(r128, n, k, &out128) + out128.hi);
    return user_mix_bytes(h, p, n);
}

/* the cursors over a part of the ranks: split, init, next, get, perm, skip */
KPERM_FN kperm_u64 user_cursors(int n, int k, kperm_rank begin, kperm_u64 parts, kperm_u64 part)
{
    kperm_u8 p[KPERM_MAX_N128];
    kperm_rank total = 0, lo = 0, hi = 0;
    kperm_rank128 b128 = {0, 0}, e128 = {0, 0};
    kperm_cursor c;
    kperm_cursor128 c128;
    kperm_u64 h = (kperm_u64)kperm_count(n, &total);
    h = user_mix(h, (kperm_u64)kperm_split(begin, total, parts, part, &lo, &hi));
    h = user_mix(h, (kperm_u64)kperm_cursor_init(&c, n, lo, hi));
    while (kperm_cursor_next(&c)) {
        h = user_mix(h, (kperm_u64)kperm_cursor_get(&c, c.pivot));
        if (c.pivot < k)
            h = user_mix(h, (kperm_u64)kperm_cursor_skip(&c, k));
    }
    kperm_cursor_perm(&c, p);
    h = user_mix_bytes(h, p, n);
    b128.lo = lo;
    e128.lo = hi;
    h = user_mix(h, (kperm_u64)kperm_split128(b128, e128, (kperm_u32)parts, (kperm_u32)part, &b128, &e128));
    h = user_mix(h, (kperm_u64)kperm_cursor128_init(&c128, n, b128, e128));
    while (kperm_cursor128_next(&c128))
        h = user_mix(h, (kperm_u64)kperm_cursor128_get(&c128, c128.pivot));
    kperm_cursor128_perm(&c128, p);
    return user_mix_bytes(h, p, n);
}

/* packed words (n <= 16): unrank, pack, unpack, get, next, skip, the packed
 * cursor and the block walk */
KPERM_FN kperm_u64 user_packed(int n, int k, kperm_rank begin, kperm_rank end)
{
    /* set: for n <= 0 kperm_unpack writes nothing, and gcc 13 warns (maybe
     * uninitialized) about the array passed on to kperm_pack's const pointer */
    kperm_u8 p[KPERM_MAX_PACKED_N] = {0};
    kperm_u64 w = 0;
    kperm_u32 j;
    kperm_pcursor c;
    kperm_walk walk;
    kperm_u64 h = (kperm_u64)kperm_unrank_packed(begin, n, &w);
    h = user_mix(h, (kperm_u64)kperm_packed_get(w, k));
    kperm_unpack(w, n, p);
    w = kperm_pack(p, n);
    h = user_mix(h, (kperm_u64)kperm_packed_next(&w, n));
    h = user_mix(h, (kperm_u64)kperm_packed_skip(&w, n, k) + w);
    h = user_mix(h, (kperm_u64)kperm_pcursor_init(&c, n, begin, end));
    while (kperm_pcursor_next(&c)) {
        h = user_mix(h, c.word);
        if (c.pivot < k)
            h = user_mix(h, (kperm_u64)kperm_pcursor_skip(&c, k));
    }
    h = user_mix(h, (kperm_u64)kperm_walk_init(&walk, n, begin, end));
    while (kperm_walk_block(&walk)) {
        if (kperm_walk_whole(&walk))
            for (j = 0; j < KPERM_WALK_BLOCK; j++)
                h = user_mix(h, kperm_walk_word(&walk, j));
        else
            for (j = 0; j < KPERM_WALK_BLOCK; j++)
                if (kperm_walk_has(&walk, j))
                    h = user_mix(h, kperm_walk_word(&walk, j) + (kperm_u64)kperm_walk_pivot(&walk, j));
        h = user_mix(h, (kperm_u64)kperm_walk_skip(&walk, k));
    }
    return h;
}

/* the multiset for size n: m = n % 16 values, value v (v + 1) % 3 + 1 times.
 * user_multiset calls count, unrank, rank_of, next, the skips and the packed
 * cursor, and the plan's unrank with the plan user_ms_make_plan made. */
KPERM_FN int user_ms_counts(int m, kperm_u8 *counts)
{
    int v, n = 0;
    for (v = 0; v < m; v++)
        n += counts[v] = (kperm_u8)((v + 1) % 3 + 1);
    return n;
}

KPERM_FN kperm_u64 user_ms_make_plan(int n, KPERM_GLOBAL kperm_u64 *plan)
{
    kperm_u8 counts[KPERM_MAX_PACKED_N];
    kperm_u32 states = 0;
    int m = n % 16;
    user_ms_counts(m, counts);
    if (kperm_ms_plan_size(counts, m, &states) != KPERM_OK)
        return 0;
    return (kperm_u64)kperm_ms_plan(counts, m, plan) + states;
}

KPERM_FN kperm_u64 user_multiset(int size, int k, kperm_rank rank, const KPERM_GLOBAL kperm_u64 *plan)
{
    kperm_u8 counts[KPERM_MAX_PACKED_N], p[KPERM_MAX_MS_N];
    kperm_rank r = 0;
    kperm_pcursor c;
    int m = size % 16, n = user_ms_counts(m, counts);
    kperm_u64 h = (kperm_u64)kperm_ms_count(counts, m, &r);
    h = user_mix(h, (kperm_u64)kperm_ms_unrank(rank, counts, m, p));
    h = user_mix(h, (kperm_u64)kperm_ms_rank_of(p, counts, m, &r) + r);
    h = user_mix(h, (kperm_u64)kperm_ms_next(p, n));
    h = user_mix(h, (kperm_u64)kperm_ms_skip_rank(p, n, k, &r) + r);
    h = user_mix(h, (kperm_u64)kperm_ms_skip(p, n, k));
    h = user_mix(h, (kperm_u64)kperm_ms_plan_check(counts, m, plan));
    h = user_mix(h, (kperm_u64)kperm_ms_unrank_plan(rank, counts, m, plan, p));
    h = user_mix(h, (kperm_u64)kperm_ms_pcursor_init(&c, counts, m, rank, rank + 100));
    while (kperm_pcursor_next(&c)) {
        h = user_mix(h, c.word);
        if (c.pivot < k)
            h = user_mix(h, (kperm_u64)kperm_ms_pcursor_skip(&c, k));
    }
    return user_mix_bytes(h, p, n);
}

/* k-permutations of n: count, unrank, rank_of, next, the skips, the kcursor */
KPERM_FN kperm_u64 user_kperm(int n, int k, int j, kperm_rank rank)
{
    kperm_u8 p[KPERM_MAX_KP_N];
    kperm_rank r = 0;
    kperm_kcursor c;
    kperm_u64 h = (kperm_u64)kperm_kp_count(n, k, &r);
    h = user_mix(h, (kperm_u64)kperm_kp_unrank(rank, n, k, p));
    h = user_mix(h, (kperm_u64)kperm_kp_rank_of(p, n, k, &r) + r);
    h = user_mix(h, (kperm_u64)kperm_kp_next(p, n, k));
    h = user_mix(h, (kperm_u64)kperm_kp_skip_rank(rank, n, k, j, &r) + r);
    h = user_mix(h, (kperm_u64)kperm_kp_skip(p, n, k, j));
    h = user_mix(h, (kperm_u64)kperm_kcursor_init(&c, n, k, rank, rank + 100));
    while (kperm_kcursor_next(&c))
        h = user_mix(h, (kperm_u64)kperm_kcursor_get(&c, c.pivot));
    return user_mix_bytes(h, p, k);
}

/* k-subsets of n: masks and sorted lists, ranks both ways, next, skip, the
 * cursor, 128-bit ranks, a binomial table in global memory, the bit helpers */
KPERM_FN kperm_u64 user_comb(int n, int k, int j, kperm_rank rank, const KPERM_GLOBAL kperm_u64 *binomials)
{
    kperm_u8 s[KPERM_MAX_COMB_LIST_N]; /* next and skip take any n <= 255 */
    kperm_u64 mask = 0;
    kperm_rank r = 0;
    kperm_rank128 r128 = {0, 0};
    kperm_comb_cursor c;
    kperm_u64 h = (kperm_u64)kperm_comb_count(n, k, &r) + kperm_binomial(n, k);
    h = user_mix(h, (kperm_u64)kperm_comb_unrank_mask(rank, n, k, &mask));
    h = user_mix(h, (kperm_u64)kperm_comb_unrank_mask_in(binomials, rank, n, k, &mask));
    h = user_mix(h, (kperm_u64)kperm_comb_rank_of_mask(mask, n, &r) + r);
    h = user_mix(h, (kperm_u64)kperm_comb_next_mask(&mask, n));
    h = user_mix(h, (kperm_u64)(kperm_select64(mask, j) + kperm_lowest64(mask) + kperm_popcount64(mask) +
                                kperm_highest64(mask)));
    kperm_comb_from_mask(mask, k, s);
    h = user_mix(h, (kperm_u64)kperm_comb_unrank(rank, n, k, s));
    h = user_mix(h, (kperm_u64)kperm_comb_mask_of(s, n, k, &mask) + mask);
    h = user_mix(h, (kperm_u64)kperm_comb_rank_of(s, n, k, &r) + r);
    h = user_mix(h, (kperm_u64)kperm_comb_next(s, n, k));
    h = user_mix(h, (kperm_u64)kperm_comb_skip(s, n, k, j));
    h = user_mix(h, (kperm_u64)kperm_comb_cursor_init(&c, n, k, rank, rank + 100));
    while (kperm_comb_cursor_next(&c)) {
        h = user_mix(h, c.mask);
        if (c.pivot < j)
            h = user_mix(h, (kperm_u64)kperm_comb_cursor_skip(&c, j));
    }
    r128.lo = rank;
    h = user_mix(h, (kperm_u64)kperm_comb_count128(n, k, &r128) + r128.hi);
    r128.hi = 0;
    r128.lo = rank;
    h = user_mix(h, (kperm_u64)kperm_comb_unrank128(r128, n, k, s));
    h = user_mix(h, (kperm_u64)kperm_comb_rank128_of(s, n, k, &r128) + r128.lo);
    return user_mix_bytes(h, s, k);
}

/* plain changes: unrank, rank_of, the cursor */
KPERM_FN kperm_u64 user_sjt(int n, kperm_rank rank)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_rank r = 0;
    kperm_sjt_cursor c;
    kperm_u64 h = (kperm_u64)kperm_sjt_unrank(rank, n, p);
    h = user_mix(h, (kperm_u64)kperm_sjt_rank_of(p, n, &r) + r);
    h = user_mix(h, (kperm_u64)kperm_sjt_cursor_init(&c, n, rank, rank + 100));
    while (kperm_sjt_cursor_next(&c))
        h = user_mix(h, c.word + (kperm_u64)c.pivot);
    return user_mix_bytes(h, p, n);
}

/* the Gray code: count, unrank, rank_of, next, skip, the cursor and its skip */
KPERM_FN kperm_u64 user_gray(int n, kperm_rank rank, kperm_u64 d)
{
    kperm_u64 mask = 0;
    kperm_rank r = 0;
    kperm_gray_cursor c;
    kperm_u64 h = (kperm_u64)kperm_gray_count(n, &r) + r;
    h = user_mix(h, (kperm_u64)kperm_gray_unrank(rank, n, &mask));
    h = user_mix(h, (kperm_u64)kperm_gray_rank_of(mask, n, &r) + r);
    h = user_mix(h, (kperm_u64)kperm_gray_next(&mask, n));
    h = user_mix(h, (kperm_u64)kperm_gray_skip(&mask, n, d) + mask);
    h = user_mix(h, (kperm_u64)kperm_gray_cursor_init(&c, n, rank, rank + 100));
    while (kperm_gray_cursor_next(&c)) {
        h = user_mix(h, c.mask + (kperm_u64)c.bit);
        if (c.bit == 0)
            h = user_mix(h, (kperm_u64)kperm_gray_cursor_skip(&c, d));
    }
    return h;
}

/* the revolving door: unrank, rank_of, next, the cursor */
KPERM_FN kperm_u64 user_revdoor(int n, int k, kperm_rank rank)
{
    kperm_u64 mask = 0;
    kperm_rank r = 0;
    kperm_revdoor_cursor c;
    int out = 0, in = 0;
    kperm_u64 h = (kperm_u64)kperm_revdoor_unrank_mask(rank, n, k, &mask);
    h = user_mix(h, (kperm_u64)kperm_revdoor_rank_of_mask(mask, n, &r) + r);
    h = user_mix(h, (kperm_u64)kperm_revdoor_next_mask(&mask, n, &out, &in) + mask + (kperm_u64)(out - in));
    h = user_mix(h, (kperm_u64)kperm_revdoor_cursor_init(&c, n, k, rank, rank + 100));
    while (kperm_revdoor_cursor_next(&c))
        h = user_mix(h, c.mask + (kperm_u64)(64 * c.out + c.in));
    return h;
}

/* the whole body: one item's work, every argument a run-time value */
KPERM_FN kperm_u64 user_body(int n, int k, int j, kperm_rank rank, kperm_u64 parts, kperm_u64 part,
                             const KPERM_GLOBAL kperm_u64 *plan, const KPERM_GLOBAL kperm_u64 *binomials)
{
    kperm_u64 h = user_lex(n, k, rank);
    h = user_mix(h, user_cursors(n, k, rank, parts, part));
    h = user_mix(h, user_packed(n, k, rank, rank + 1000));
    h = user_mix(h, user_multiset(n, k, rank, plan));
    h = user_mix(h, user_kperm(n, k, j, rank));
    h = user_mix(h, user_comb(n, k, j, rank, binomials));
    h = user_mix(h, user_gray(n, rank, parts));
    h = user_mix(h, user_revdoor(n, k, rank));
    return user_mix(h, user_sjt(n, rank));
}

#endif /* KPERM_USER_BODY_H */
