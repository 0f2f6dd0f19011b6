/* lex_body.h - one test kernel body for every backend (Random123's pattern).
 *
 * Vector i is 5 words in[5i..5i+4] = kind, a, b, c, d; it writes the 128-byte
 * record out[128i..]. The C, CUDA and OpenCL drivers define KPERM_TEST_GLOBAL
 * (their global-memory qualifier), include this file, and compare the records
 * byte for byte with the host C ones.
 *
 *  kind 0: n = a - 1000, rank = b, mutation c (0 none, 1 a value n at d % n,
 *          2 perm[1] = perm[0]): unrank, rank_of, next, prev, count
 *  kind 1: split(begin a, end b, parts c, i d)
 *  kind 2: cursor over [b, c) of n = a - 1000, at most d visits, folded
 *  kind 3: unrank_packed(rank b, n = a - 1000), arrange_packed(list c, s = d % 13,
 *          k = d >> 8)
 *  kind 4: multiset, m = a - 1000 values with counts the nibbles of c, rank b,
 *          mutation d (1: the first element raised past the last value)
 *  kind 5: k-permutation, n = a - 1000, k = c, rank b, mutation d as above
 *  kind 6: 128-bit, n = a - 1000, rank (hi c, lo b)
 *  kind 7: block walk over [b, c) of n = a - 1000, at most d visits, folded
 *  kind 8: packed cursor over [b, c) of n = a - 1000, at most d visits, folded
 *  kind 9: multiset packed cursor, m = a >> 60 values with counts the nibbles
 *          of a's low 60 bits, over [b, c), at most d visits, folded
 *  kind 10: k-permutation cursor, n = (a - 1000) % 100, k = (a - 1000) / 100,
 *          over [b, c), at most d visits, folded
 *  kind 11: the skips of permutation rank b of n = a - 1000 at k = c (as an
 *          int: bad k too), for bytes, ranks, packed, multisets (its values
 *          halved), k-permutations (its first d % (n + 1) values) and 128 bits
 *          (n + 14, rank hi d, lo b), and a cursor's skip
 *  kind 12: the cursor, packed cursor, multiset cursor (n elements, values
 *          twice each) and block walk over [b, c) of n = a - 1000, skipping
 *          where pattern d says, at most 2000 visits each, folded
 *  kind 13: combinations, n = a - 1000, k = c, rank b, mutation d & 3 (1: the
 *          first value raised to n, 2: the second made the first), skip at
 *          j = d >> 8 (as an int: bad j too)
 *  kind 14: the combination cursor over [b, c) of n = (a - 1000) % 100,
 *          k = (a - 1000) / 100, skipping where pattern d says, at most 2000
 *          visits, folded
 *  kind 15: combinations with 128-bit ranks, n = a - 1000, k = d, rank (hi c,
 *          lo b)
 *  kind 16: plain changes, n = a - 1000, rank b, mutation d & 3 as kind 0's;
 *          the cursor over [b, c), at most d >> 8 visits, folded, and one
 *          step past its last visit
 *  kind 17: a multiset's plan, m = a - 1000 values with counts the nibbles of
 *          c, made in the record from byte 64 when it fits there (56
 *          entries), and the planned unrank of rank b
 *  kind 18: the 128-bit cursor over [begin, begin + (d & 0xffff)) of
 *          n = a - 1000, begin = (hi c, lo b), folded; and kperm_split128 of
 *          [begin, (hi c + 3, lo ~b)) into d >> 32 parts, part (d >> 16) & 0xffff
 *  kind 19: Gray code subsets, n = a - 1000, rank b: count, unrank, rank_of
 *          (of the subset with a bit at n or above when d & 3 is 1), next,
 *          skip by d >> 8; the cursor over [b, c), skipping where pattern d
 *          says, at most 2000 visits, folded
 *  kind 20: revolving door, n = (a - 1000) % 100, k = (a - 1000) / 100,
 *          rank b: unrank, rank_of (mutation d & 3 as kind 19's); up to
 *          (d >> 8) & 255 steps of next from a mask made of b (table-free,
 *          so CUDA before the upload gives the same); the cursor over
 *          [b, c), at most 2000 visits, folded
 *  kind 21: kperm_strerror(a - 1000) as text, up to 511 bytes and a NUL
 */
#ifndef KPERM_TEST_LEX_BODY_H
#define KPERM_TEST_LEX_BODY_H

#define KPERM_TEST_WORDS 5
#define KPERM_TEST_RECORD 512
#define KPERM_TEST_POISON 0xee

KPERM_FN void kperm_test_put8(KPERM_TEST_GLOBAL kperm_u8 *o, int off, int v)
{
    o[off] = (kperm_u8)(v & 0xff);
}

KPERM_FN void kperm_test_put64(KPERM_TEST_GLOBAL kperm_u8 *o, int off, kperm_u64 v)
{
    int i;
    for (i = 0; i < 8; i++)
        o[off + i] = (kperm_u8)((v >> (8 * i)) & 0xff);
}

KPERM_FN void kperm_test_putperm(KPERM_TEST_GLOBAL kperm_u8 *o, int off, const kperm_u8 *p)
{
    int i;
    for (i = 0; i < KPERM_MAX_N; i++)
        o[off + i] = p[i];
}

KPERM_FN void kperm_test_copy(kperm_u8 *dst, const kperm_u8 *src)
{
    int i;
    for (i = 0; i < KPERM_MAX_N; i++)
        dst[i] = src[i];
}

KPERM_FN void kperm_test_lex_one(int n, kperm_rank rank, kperm_u64 mutation, kperm_u64 where,
                                 KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u8 p[KPERM_MAX_N], q[KPERM_MAX_N];
    kperm_rank r = KPERM_U64(0x0123456789abcdef), count = KPERM_U64(0xfedcba9876543210);
    int i, nn = n >= 1 && n <= KPERM_MAX_N ? n : KPERM_MAX_N;
    for (i = 0; i < KPERM_MAX_N; i++)
        p[i] = KPERM_TEST_POISON;
    kperm_test_put8(o, 0, kperm_unrank(rank, n, p));
    kperm_test_putperm(o, 1, p);
    if (mutation == 1)
        p[where % (kperm_u64)nn] = (kperm_u8)nn;
    else if (mutation == 2)
        p[1] = p[0];
    kperm_test_put8(o, 21, kperm_rank_of(p, n, &r));
    kperm_test_put64(o, 22, r);
    kperm_test_copy(q, p);
    /* (next and prev take any n >= 1: past the 20 bytes here they are test_wide's) */
    kperm_test_put8(o, 30, n <= KPERM_MAX_N ? kperm_next(q, n) : 99);
    kperm_test_putperm(o, 31, q);
    kperm_test_copy(q, p);
    kperm_test_put8(o, 51, n <= KPERM_MAX_N ? kperm_prev(q, n) : 99);
    kperm_test_putperm(o, 52, q);
    kperm_test_put8(o, 72, kperm_count(n, &count));
    kperm_test_put64(o, 73, count);
}

KPERM_FN void kperm_test_split_one(kperm_u64 b, kperm_u64 e, kperm_u64 parts, kperm_u64 i,
                                   KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_rank pb = KPERM_U64(0x1111111111111111), pe = KPERM_U64(0x2222222222222222);
    kperm_test_put8(o, 0, kperm_split(b, e, parts, i, &pb, &pe));
    kperm_test_put64(o, 1, pb);
    kperm_test_put64(o, 9, pe);
}

KPERM_FN void kperm_test_cursor_one(int n, kperm_rank b, kperm_rank e, kperm_u64 most,
                                    KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_cursor c;
    kperm_u8 p[KPERM_MAX_N];
    kperm_u64 visits = 0, fold = 0;
    int i;
    for (i = 0; i < KPERM_MAX_N; i++)
        p[i] = KPERM_TEST_POISON;
    kperm_test_put8(o, 0, kperm_cursor_init(&c, n, b, e));
    while (visits < most && kperm_cursor_next(&c)) {
        fold = fold * KPERM_U64(1099511628211) + c.rank;
        fold = fold * KPERM_U64(1099511628211) + (kperm_u64)c.pivot;
        kperm_cursor_perm(&c, p);
        for (i = 0; i < KPERM_MAX_N; i++)
            fold = fold * KPERM_U64(1099511628211) + p[i];
        visits++;
    }
    kperm_test_put64(o, 1, visits);
    kperm_test_put64(o, 9, fold);
    kperm_test_putperm(o, 17, p);
}

KPERM_FN void kperm_test_packed_one(int n, kperm_rank rank, kperm_u64 list, kperm_u64 d,
                                    KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u64 w = KPERM_U64(0x0123456789abcdef);
    int s = (int)(d % 13);
    kperm_test_put8(o, 0, kperm_unrank_packed(rank, n, &w));
    kperm_test_put64(o, 1, w);
    if (s >= 1)
        kperm_test_put64(o, 9, kperm_internal_arrange_packed(list, s, (kperm_u32)(d >> 8)));
}

/* the fold of one visit, as kperm_test_cursor_one folds */
KPERM_FN kperm_u64 kperm_test_fold_word(kperm_u64 fold, kperm_rank rank, int pivot, kperm_u64 word)
{
    fold = fold * KPERM_U64(1099511628211) + rank;
    fold = fold * KPERM_U64(1099511628211) + (kperm_u64)pivot;
    return fold * KPERM_U64(1099511628211) + word;
}

/* the walk's documented loop (whole blocks unrolled, ragged ends at run
 * time) into offsets 1..24, the one-loop kperm_walk_has form into 25..40 */
KPERM_FN void kperm_test_walk_one(int n, kperm_rank b, kperm_rank e, kperm_u64 most, KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_walk w;
    kperm_u64 visits = 0, fold = 0, word = 0;
    kperm_u32 k;
    kperm_test_put8(o, 0, kperm_walk_init(&w, n, b, e));
    while (visits < most && kperm_walk_block(&w)) {
        kperm_rank base = n >= KPERM_WALK_S ? w.block * KPERM_WALK_BLOCK : 0;
        if (kperm_walk_whole(&w)) {
            KPERM_UNROLL
            for (k = 0; k < KPERM_WALK_BLOCK; k++)
                if (visits < most) {
                    word = kperm_walk_word(&w, k);
                    fold = kperm_test_fold_word(fold, base + k, kperm_walk_pivot(&w, k), word);
                    visits++;
                }
        } else
            for (k = w.first; k < w.last && visits < most; k++) {
                word = kperm_walk_word(&w, k);
                fold = kperm_test_fold_word(fold, base + k, kperm_walk_pivot(&w, k), word);
                visits++;
            }
    }
    kperm_test_put64(o, 1, visits);
    kperm_test_put64(o, 9, fold);
    kperm_test_put64(o, 17, word);
    visits = fold = 0;
    kperm_walk_init(&w, n, b, e);
    while (visits < most && kperm_walk_block(&w)) {
        KPERM_UNROLL
        for (k = 0; k < KPERM_WALK_BLOCK; k++)
            if (kperm_walk_has(&w, k) && visits < most) {
                fold = kperm_test_fold_word(fold, (n >= KPERM_WALK_S ? w.block * KPERM_WALK_BLOCK : 0) + k,
                                            kperm_walk_pivot(&w, k), kperm_walk_word(&w, k));
                visits++;
            }
    }
    kperm_test_put64(o, 25, visits);
    kperm_test_put64(o, 33, fold);
}

/* at most `most` visits of a packed cursor, folded, into offsets 1..24 */
KPERM_FN void kperm_test_pcursor_walk(kperm_pcursor *c, kperm_u64 most, KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u64 visits = 0, fold = 0;
    while (visits < most && kperm_pcursor_next(c)) {
        fold = kperm_test_fold_word(fold, c->rank, c->pivot, c->word);
        visits++;
    }
    kperm_test_put64(o, 1, visits);
    kperm_test_put64(o, 9, fold);
    kperm_test_put64(o, 17, c->word);
}

KPERM_FN void kperm_test_pcursor_one(int n, kperm_rank b, kperm_rank e, kperm_u64 most,
                                     KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_pcursor c;
    kperm_test_put8(o, 0, kperm_pcursor_init(&c, n, b, e));
    kperm_test_pcursor_walk(&c, most, o);
}

KPERM_FN void kperm_test_ms_pcursor_one(kperm_u64 a, kperm_rank b, kperm_rank e, kperm_u64 most,
                                        KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u8 counts[15];
    kperm_pcursor c;
    int i;
    for (i = 0; i < 15; i++)
        counts[i] = (kperm_u8)((a >> (4 * i)) & 15u);
    kperm_test_put8(o, 0, kperm_ms_pcursor_init(&c, counts, (int)(a >> 60), b, e));
    kperm_test_pcursor_walk(&c, most, o);
}

KPERM_FN void kperm_test_kcursor_one(int nk, kperm_rank b, kperm_rank e, kperm_u64 most,
                                     KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_kcursor c;
    kperm_u64 visits = 0, fold = 0;
    kperm_test_put8(o, 0, kperm_kcursor_init(&c, nk % 100, nk / 100, b, e));
    while (visits < most && kperm_kcursor_next(&c)) {
        fold = kperm_test_fold_word(fold, c.rank, c.pivot, c.word);
        visits++;
    }
    kperm_test_put64(o, 1, visits);
    kperm_test_put64(o, 9, fold);
    kperm_test_put64(o, 17, c.word);
    kperm_test_put64(o, 25, c.used);
}

KPERM_FN void kperm_test_putn(KPERM_TEST_GLOBAL kperm_u8 *o, int off, const kperm_u8 *p, int count)
{
    int i;
    for (i = 0; i < count; i++)
        o[off + i] = p[i];
}

KPERM_FN void kperm_test_skip_one(int n, kperm_rank rank, int k, kperm_u64 d, KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u8 p0[KPERM_MAX_N], p[KPERM_MAX_N], q[KPERM_MAX_MS_N];
    kperm_rank r = 77, total = 0;
    kperm_rank128 wide, out;
    kperm_u64 w;
    kperm_cursor c;
    int i, kk = (int)(d % (kperm_u64)(n >= 0 ? n + 1 : 1));
    for (i = 0; i < KPERM_MAX_N; i++)
        p0[i] = (kperm_u8)i;
    kperm_unrank(rank, n, p0);
    kperm_test_copy(p, p0);
    /* the skips take any n >= 1: an n past the buffers (the bad n's 21, 22,
     * 200) goes in negated, still an error on every backend */
    kperm_test_put8(o, 0, kperm_skip(p, n > KPERM_MAX_N ? -n : n, k));
    kperm_test_putperm(o, 1, p);
    kperm_test_put8(o, 21, kperm_skip_rank(rank, n, k, &r));
    kperm_test_put64(o, 22, r);
    w = n >= 1 && n <= KPERM_MAX_PACKED_N ? kperm_pack(p0, n) : 0;
    kperm_test_put8(o, 30, kperm_packed_skip(&w, n, k));
    kperm_test_put64(o, 31, w);
    for (i = 0; i < KPERM_MAX_MS_N; i++)
        q[i] = (kperm_u8)((i < KPERM_MAX_N ? p0[i] : i) / 2);
    kperm_test_put8(o, 56, kperm_ms_skip_rank(q, n, k, &r));
    kperm_test_put64(o, 57, r);
    kperm_test_put8(o, 39, kperm_ms_skip(q, n > KPERM_MAX_N ? -n : n, k));
    kperm_test_putn(o, 40, q, 16);
    kperm_test_copy(p, p0);
    r = 77;
    kperm_test_put8(o, 86, kperm_kp_rank_of(p, n, kk, &r) == KPERM_OK ? kperm_kp_skip_rank(r, n, kk, k, &r) : 99);
    kperm_test_put64(o, 87, r);
    kperm_test_put8(o, 65, kperm_kp_skip(p, n, kk, k));
    kperm_test_putperm(o, 66, p);
    wide.lo = rank;
    wide.hi = d;
    out.lo = out.hi = 77;
    kperm_test_put8(o, 95, kperm_skip_rank128(wide, n + 14, k, &out));
    kperm_test_put64(o, 96, out.lo);
    kperm_test_put64(o, 104, out.hi);
    kperm_count(n, &total);
    for (i = 0; i < KPERM_MAX_N; i++)
        p[i] = KPERM_TEST_POISON;
    kperm_cursor_init(&c, n, rank, rank + 1000 < total ? rank + 1000 : total);
    kperm_cursor_next(&c);
    kperm_test_put8(o, 112, kperm_cursor_skip(&c, k));
    kperm_test_put8(o, 113, kperm_cursor_next(&c));
    kperm_test_put64(o, 114, c.rank);
    kperm_cursor_perm(&c, p);
    kperm_test_putn(o, 122, p, 6);
}

/* whether pattern d skips at visit v, and where (at most `most`) */
KPERM_FN int kperm_test_skip_at(kperm_u64 d, kperm_u64 v, int most)
{
    return (v * 7 + d) % 5 == 0 ? (int)((v + d) % (kperm_u64)most) : -1;
}

KPERM_FN void kperm_test_skipping_one(int n, kperm_rank b, kperm_rank e, kperm_u64 d, KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_cursor c;
    kperm_pcursor pc;
    kperm_walk w;
    kperm_u8 counts[KPERM_MAX_N];
    kperm_rank total = 0, mb;
    kperm_u64 visits = 0, fold = 0;
    int i, k;
    kperm_test_put8(o, 0, kperm_cursor_init(&c, n, b, e));
    while (visits < 2000 && kperm_cursor_next(&c)) {
        fold = kperm_test_fold_word(fold, c.rank, c.pivot,
                                    (kperm_u64)kperm_cursor_get(&c, 0) + 256 * (kperm_u64)kperm_cursor_get(&c, n - 1));
        if ((k = kperm_test_skip_at(d, visits, n)) >= 0)
            kperm_cursor_skip(&c, k);
        visits++;
    }
    kperm_test_put64(o, 1, visits);
    kperm_test_put64(o, 9, fold);
    visits = fold = 0;
    kperm_pcursor_init(&pc, n, b, e);
    while (visits < 2000 && kperm_pcursor_next(&pc)) {
        fold = kperm_test_fold_word(fold, pc.rank, pc.pivot, pc.word);
        if ((k = kperm_test_skip_at(d, visits, n)) >= 0)
            kperm_pcursor_skip(&pc, k);
        visits++;
    }
    kperm_test_put64(o, 17, visits);
    kperm_test_put64(o, 25, fold);
    visits = fold = 0;
    for (i = 0; i < KPERM_MAX_N; i++)
        counts[i] = (kperm_u8)(2 * i + 2 <= n ? 2 : 2 * i + 1 == n ? 1 : 0);
    if (kperm_ms_count(counts, (n + 1) / 2, &total) != KPERM_OK || total == 0)
        total = 1;
    mb = b % total; /* the same range, moved inside the multiset's ranks */
    kperm_ms_pcursor_init(&pc, counts, (n + 1) / 2, mb, mb + (e - b < total - mb ? e - b : total - mb));
    while (visits < 2000 && kperm_pcursor_next(&pc)) {
        fold = kperm_test_fold_word(fold, pc.rank, pc.pivot, pc.word);
        if ((k = kperm_test_skip_at(d, visits, n)) >= 0)
            kperm_ms_pcursor_skip(&pc, k);
        visits++;
    }
    kperm_test_put64(o, 33, visits);
    kperm_test_put64(o, 41, fold);
    visits = fold = 0;
    kperm_walk_init(&w, n, b, e);
    while (visits < 2000 && kperm_walk_block(&w)) {
        fold = kperm_test_fold_word(fold, w.block, w.pivot, kperm_walk_word(&w, w.first));
        if (n > KPERM_WALK_S && (k = kperm_test_skip_at(d, visits, n - KPERM_WALK_S)) >= 0)
            kperm_walk_skip(&w, k);
        visits++;
    }
    kperm_test_put64(o, 49, visits);
    kperm_test_put64(o, 57, fold);
}

/* kinds 4 and 5 share a layout: unrank, rank_of, next, count */
#define KPERM_TEST_FAMILY_N 32

KPERM_FN void kperm_test_ms_one(int m, kperm_rank rank, kperm_u64 packed, kperm_u64 mutation,
                                KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u8 counts[KPERM_MAX_MS_N], p[KPERM_MAX_MS_N], q[KPERM_MAX_MS_N];
    kperm_rank r = KPERM_U64(0x0123456789abcdef), count = r;
    int i, n = 0;
    for (i = 0; i < KPERM_MAX_MS_N; i++) { /* values 16 and up occur 0 times */
        counts[i] = (kperm_u8)(i < 16 ? (packed >> (4 * i)) & 15u : 0u);
        n += i < m ? counts[i] : 0;
    }
    for (i = 0; i < KPERM_MAX_MS_N; i++)
        p[i] = KPERM_TEST_POISON;
    kperm_test_put8(o, 0, kperm_ms_unrank(rank, counts, m, p));
    kperm_test_putn(o, 1, p, KPERM_TEST_FAMILY_N);
    if (mutation == 1)
        p[0] = (kperm_u8)m;
    kperm_test_put8(o, 33, kperm_ms_rank_of(p, counts, m, &r));
    kperm_test_put64(o, 34, r);
    for (i = 0; i < KPERM_MAX_MS_N; i++)
        q[i] = p[i];
    kperm_test_put8(o, 42, kperm_ms_next(q, n < KPERM_TEST_FAMILY_N ? n : KPERM_TEST_FAMILY_N));
    kperm_test_putn(o, 43, q, KPERM_TEST_FAMILY_N);
    kperm_test_put8(o, 75, kperm_ms_count(counts, m, &count));
    kperm_test_put64(o, 76, count);
}

KPERM_FN void kperm_test_kp_one(int n, kperm_rank rank, int k, kperm_u64 mutation, KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u8 p[KPERM_MAX_KP_N], q[KPERM_MAX_KP_N];
    kperm_rank r = KPERM_U64(0x0123456789abcdef), count = r;
    int i;
    for (i = 0; i < KPERM_MAX_KP_N; i++)
        p[i] = KPERM_TEST_POISON;
    kperm_test_put8(o, 0, kperm_kp_unrank(rank, n, k, p));
    kperm_test_putn(o, 1, p, KPERM_TEST_FAMILY_N);
    if (mutation == 1)
        p[0] = (kperm_u8)n;
    kperm_test_put8(o, 33, kperm_kp_rank_of(p, n, k, &r));
    kperm_test_put64(o, 34, r);
    for (i = 0; i < KPERM_MAX_KP_N; i++)
        q[i] = p[i];
    kperm_test_put8(o, 42, kperm_kp_next(q, n, k));
    kperm_test_putn(o, 43, q, KPERM_TEST_FAMILY_N);
    kperm_test_put8(o, 75, kperm_kp_count(n, k, &count));
    kperm_test_put64(o, 76, count);
}

KPERM_FN void kperm_test_128_one(int n, kperm_u64 lo, kperm_u64 hi, KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u8 p[KPERM_MAX_N128];
    kperm_rank128 r, back, count;
    int i;
    r.lo = lo;
    r.hi = hi;
    back.lo = back.hi = count.lo = count.hi = KPERM_U64(0x0123456789abcdef);
    for (i = 0; i < KPERM_MAX_N128; i++)
        p[i] = KPERM_TEST_POISON;
    kperm_test_put8(o, 0, kperm_unrank128(r, n, p));
    kperm_test_putn(o, 1, p, KPERM_MAX_N128);
    kperm_test_put8(o, 35, kperm_rank128_of(p, n, &back));
    kperm_test_put64(o, 36, back.lo);
    kperm_test_put64(o, 44, back.hi);
    kperm_test_put8(o, 52, kperm_count128(n, &count));
    kperm_test_put64(o, 53, count.lo);
    kperm_test_put64(o, 61, count.hi);
}

KPERM_FN void kperm_test_comb_one(int n, kperm_rank rank, int k, kperm_u64 d, KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u8 p[KPERM_MAX_COMB_N], q[KPERM_MAX_COMB_N];
    kperm_rank r = KPERM_U64(0x0123456789abcdef), count = r;
    kperm_u64 mask = r;
    int i;
    for (i = 0; i < KPERM_MAX_COMB_N; i++)
        p[i] = KPERM_TEST_POISON;
    kperm_test_put8(o, 0, kperm_comb_unrank(rank, n, k, p));
    kperm_test_putn(o, 1, p, KPERM_TEST_FAMILY_N);
    kperm_test_put8(o, 33, kperm_comb_unrank_mask(rank, n, k, &mask));
    kperm_test_put64(o, 34, mask);
    if ((d & 3u) == 1)
        p[0] = (kperm_u8)n;
    else if ((d & 3u) == 2)
        p[1] = p[0];
    kperm_test_put8(o, 42, kperm_comb_rank_of(p, n, k, &r));
    kperm_test_put64(o, 43, r);
    for (i = 0; i < KPERM_MAX_COMB_N; i++)
        q[i] = p[i];
    kperm_test_put8(o, 51, kperm_comb_next(q, n, k));
    kperm_test_putn(o, 52, q, KPERM_TEST_FAMILY_N);
    for (i = 0; i < KPERM_MAX_COMB_N; i++)
        q[i] = p[i];
    kperm_test_put8(o, 84, kperm_comb_skip(q, n, k, (int)(kperm_u32)(d >> 8)));
    kperm_test_putn(o, 85, q, 24);
    kperm_test_put8(o, 109, kperm_comb_count(n, k, &count));
    kperm_test_put64(o, 110, count);
    kperm_test_put8(o, 118, kperm_comb_rank_of_mask(mask, n, &r));
    kperm_test_put64(o, 119, r);
}

KPERM_FN void kperm_test_comb_cursor_one(int nk, kperm_rank b, kperm_rank e, kperm_u64 d,
                                         KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_comb_cursor c;
    kperm_u64 visits = 0, fold = 0;
    int j;
    kperm_test_put8(o, 0, kperm_comb_cursor_init(&c, nk % 100, nk / 100, b, e));
    while (visits < 2000 && kperm_comb_cursor_next(&c)) {
        fold = kperm_test_fold_word(fold, c.rank, c.pivot, c.mask);
        if (c.k > 0 && (j = kperm_test_skip_at(d, visits, c.k)) >= 0)
            kperm_comb_cursor_skip(&c, j);
        visits++;
    }
    kperm_test_put64(o, 1, visits);
    kperm_test_put64(o, 9, fold);
    kperm_test_put64(o, 17, c.mask);
}

KPERM_FN void kperm_test_comb128_one(int n, kperm_u64 lo, kperm_u64 hi, int k, KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u8 p[KPERM_MAX_COMB128_N];
    kperm_rank128 r, back, count;
    int i;
    r.lo = lo;
    r.hi = hi;
    back.lo = back.hi = count.lo = count.hi = KPERM_U64(0x0123456789abcdef);
    for (i = 0; i < KPERM_MAX_COMB128_N; i++)
        p[i] = KPERM_TEST_POISON;
    kperm_test_put8(o, 0, kperm_comb_unrank128(r, n, k, p));
    kperm_test_putn(o, 1, p, 64);
    kperm_test_put8(o, 65, kperm_comb_rank128_of(p, n, k, &back));
    kperm_test_put64(o, 66, back.lo);
    kperm_test_put64(o, 74, back.hi);
    kperm_test_put8(o, 82, kperm_comb_count128(n, k, &count));
    kperm_test_put64(o, 83, count.lo);
    kperm_test_put64(o, 91, count.hi);
    kperm_test_putn(o, 99, p + 64, 29);
}

KPERM_FN void kperm_test_sjt_one(int n, kperm_rank rank, kperm_rank end, kperm_u64 d, KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_rank r = KPERM_U64(0x0123456789abcdef);
    kperm_sjt_cursor c;
    kperm_u64 visits = 0, fold = 0;
    int i, nn = n >= 1 && n <= KPERM_MAX_N ? n : KPERM_MAX_N;
    for (i = 0; i < KPERM_MAX_N; i++)
        p[i] = KPERM_TEST_POISON;
    kperm_test_put8(o, 0, kperm_sjt_unrank(rank, n, p));
    kperm_test_putperm(o, 1, p);
    if ((d & 3u) == 1)
        p[(d >> 2) % (kperm_u64)nn] = (kperm_u8)nn;
    else if ((d & 3u) == 2)
        p[1] = p[0];
    kperm_test_put8(o, 21, kperm_sjt_rank_of(p, n, &r));
    kperm_test_put64(o, 22, r);
    kperm_test_put8(o, 30, kperm_sjt_cursor_init(&c, n, rank, end));
    while (visits < (d >> 8) && kperm_sjt_cursor_next(&c)) {
        fold = kperm_test_fold_word(fold, c.rank, c.pivot, c.word);
        visits++;
    }
    kperm_test_put64(o, 31, visits);
    kperm_test_put64(o, 39, fold);
    kperm_test_put8(o, 47, kperm_internal_sjt_step(&c));
    kperm_test_put64(o, 48, c.word);
    kperm_test_put64(o, 56, c.digits);
    kperm_test_put64(o, 64, c.right);
}

KPERM_FN void kperm_test_ms_plan_one(int m, kperm_rank rank, kperm_u64 packed, KPERM_TEST_GLOBAL kperm_u8 *o)
{
    KPERM_TEST_GLOBAL kperm_u64 *plan = (KPERM_TEST_GLOBAL kperm_u64 *)(o + 64);
    kperm_u8 counts[16], p[16];
    kperm_u32 states = 0;
    int i, rc;
    for (i = 0; i < 16; i++) {
        counts[i] = (kperm_u8)((packed >> (4 * i)) & 15u);
        p[i] = KPERM_TEST_POISON;
    }
    rc = kperm_ms_plan_size(counts, m, &states);
    kperm_test_put8(o, 0, rc);
    kperm_test_put64(o, 1, states);
    if (rc == KPERM_OK && states > (KPERM_TEST_RECORD - 64) / 8)
        return; /* (the record holds 56 entries) */
    kperm_test_put8(o, 9, kperm_ms_plan(counts, m, plan));
    if (rc == KPERM_E_OVERFLOW)
        return; /* no plan exists to unrank with */
    kperm_test_put8(o, 10, kperm_ms_unrank_plan(rank, counts, m, plan, p));
    kperm_test_putn(o, 11, p, 16);
}

KPERM_FN void kperm_test_cursor128_one(int n, kperm_u64 lo, kperm_u64 hi, kperm_u64 d,
                                       KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_cursor128 c;
    kperm_rank128 b, e, pb, pe;
    kperm_u8 p[KPERM_MAX_N128];
    kperm_u64 visits = 0, fold = 0;
    int i;
    for (i = 0; i < KPERM_MAX_N128; i++)
        p[i] = KPERM_TEST_POISON;
    b.lo = lo;
    b.hi = hi;
    e.lo = lo + (d & 0xffffu);
    e.hi = hi + (e.lo < lo);
    kperm_test_put8(o, 0, kperm_cursor128_init(&c, n, b, e));
    while (kperm_cursor128_next(&c)) {
        fold = kperm_test_fold_word(fold, c.rank.lo ^ c.rank.hi, c.pivot, 0);
        kperm_cursor128_perm(&c, p);
        for (i = 0; i < KPERM_MAX_N128; i++)
            fold = fold * KPERM_U64(1099511628211) + p[i];
        visits++;
    }
    kperm_test_put64(o, 1, visits);
    kperm_test_put64(o, 9, fold);
    kperm_test_putn(o, 17, p, KPERM_MAX_N128);
    e.lo = ~lo;
    e.hi = hi + 3;
    pb.lo = pb.hi = pe.lo = pe.hi = KPERM_U64(0x0123456789abcdef);
    kperm_test_put8(o, 51, kperm_split128(b, e, (kperm_u32)(d >> 32), (kperm_u32)((d >> 16) & 0xffffu), &pb, &pe));
    kperm_test_put64(o, 52, pb.lo);
    kperm_test_put64(o, 60, pb.hi);
    kperm_test_put64(o, 68, pe.lo);
    kperm_test_put64(o, 76, pe.hi);
}

/* mutation 1 of kinds 19 and 20: a bit at n or above (n < 64), chosen by d */
KPERM_FN kperm_u64 kperm_test_high_bit(int n, kperm_u64 d)
{
    return n >= 0 && n < 64 && (d & 3u) == 1 ? KPERM_U64(1) << (n + (int)((d >> 2) % (kperm_u64)(64 - n))) : 0;
}

KPERM_FN void kperm_test_gray_one(int n, kperm_rank rank, kperm_rank end, kperm_u64 d, KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u64 mask = KPERM_U64(0x0123456789abcdef), m, visits = 0, fold = 0;
    kperm_rank r = mask;
    kperm_gray_cursor c;
    int skip;
    kperm_test_put8(o, 0, kperm_gray_count(n, &r));
    kperm_test_put64(o, 1, r);
    kperm_test_put8(o, 9, kperm_gray_unrank(rank, n, &mask));
    kperm_test_put64(o, 10, mask);
    mask |= kperm_test_high_bit(n, d);
    kperm_test_put8(o, 18, kperm_gray_rank_of(mask, n, &r));
    kperm_test_put64(o, 19, r);
    m = mask;
    kperm_test_put8(o, 27, kperm_gray_next(&m, n));
    kperm_test_put64(o, 28, m);
    m = mask;
    kperm_test_put8(o, 36, kperm_gray_skip(&m, n, d >> 8));
    kperm_test_put64(o, 37, m);
    kperm_test_put8(o, 45, kperm_gray_cursor_init(&c, n, rank, end));
    while (visits < 2000 && kperm_gray_cursor_next(&c)) {
        fold = kperm_test_fold_word(fold, c.rank, c.bit, c.mask);
        if ((skip = kperm_test_skip_at(d, visits, 9)) >= 0)
            kperm_test_put8(o, 70, kperm_gray_cursor_skip(&c, (kperm_u64)skip));
        visits++;
    }
    kperm_test_put64(o, 46, visits);
    kperm_test_put64(o, 54, fold);
    kperm_test_put64(o, 62, c.mask);
    kperm_test_put8(o, 71, kperm_gray_cursor_skip(&c, d));
}

KPERM_FN void kperm_test_revdoor_one(int nk, kperm_rank rank, kperm_rank end, kperm_u64 d,
                                     KPERM_TEST_GLOBAL kperm_u8 *o)
{
    kperm_u64 mask = KPERM_U64(0x0123456789abcdef), visits = 0, fold = 0, steps;
    kperm_rank r = mask;
    kperm_revdoor_cursor c;
    int n = nk % 100, k = nk / 100, out = -1, in = -1, rc = 0;
    kperm_test_put8(o, 0, kperm_revdoor_unrank_mask(rank, n, k, &mask));
    kperm_test_put64(o, 1, mask);
    mask |= kperm_test_high_bit(n, d);
    kperm_test_put8(o, 9, kperm_revdoor_rank_of_mask(mask, n, &r));
    kperm_test_put64(o, 10, r);
    /* a subset of any k made of the rank, and a bit past n as mutation 1 */
    mask = ((rank * KPERM_U64(0x9e3779b97f4a7c15)) & kperm_internal_kp_all(n)) | kperm_test_high_bit(n, d);
    for (steps = 0; steps < ((d >> 8) & 255u) && rc == KPERM_OK; steps++) {
        rc = kperm_revdoor_next_mask(&mask, n, &out, &in);
        fold = kperm_test_fold_word(fold, (kperm_u64)(kperm_u32)rc, 64 * out + in, mask);
    }
    kperm_test_put8(o, 18, rc);
    kperm_test_put64(o, 19, steps);
    kperm_test_put64(o, 27, fold);
    kperm_test_put64(o, 35, mask);
    fold = 0;
    kperm_test_put8(o, 43, kperm_revdoor_cursor_init(&c, n, k, rank, end));
    while (visits < 2000 && kperm_revdoor_cursor_next(&c)) {
        fold = kperm_test_fold_word(fold, c.rank, 64 * c.out + c.in, c.mask);
        visits++;
    }
    kperm_test_put64(o, 44, visits);
    kperm_test_put64(o, 52, fold);
    kperm_test_put64(o, 60, c.mask);
}

KPERM_FN void kperm_test_strerror_one(int status, KPERM_TEST_GLOBAL kperm_u8 *o)
{
    KPERM_TEXT *text = kperm_strerror(status);
    int i;
    for (i = 0; i < KPERM_TEST_RECORD - 1 && text[i] != 0; i++)
        o[i] = (kperm_u8)text[i];
}

KPERM_FN void kperm_test_lex_body(kperm_u32 v, KPERM_TEST_GLOBAL const kperm_u64 *in,
                                  KPERM_TEST_GLOBAL kperm_u8 *out)
{
    KPERM_TEST_GLOBAL const kperm_u64 *w = in + (kperm_u64)v * KPERM_TEST_WORDS;
    KPERM_TEST_GLOBAL kperm_u8 *o = out + (kperm_u64)v * KPERM_TEST_RECORD;
    int n = (int)w[1] - 1000, i;
    for (i = 0; i < KPERM_TEST_RECORD; i++)
        o[i] = 0;
    if (w[0] == 0)
        kperm_test_lex_one(n, w[2], w[3], w[4], o);
    else if (w[0] == 1)
        kperm_test_split_one(w[1], w[2], w[3], w[4], o);
    else if (w[0] == 2)
        kperm_test_cursor_one(n, w[2], w[3], w[4], o);
    else if (w[0] == 3)
        kperm_test_packed_one(n, w[2], w[3], w[4], o);
    else if (w[0] == 4)
        kperm_test_ms_one(n, w[2], w[3], w[4], o);
    else if (w[0] == 5)
        kperm_test_kp_one(n, w[2], (int)w[3], w[4], o);
    else if (w[0] == 6)
        kperm_test_128_one(n, w[2], w[3], o);
    else if (w[0] == 7)
        kperm_test_walk_one(n, w[2], w[3], w[4], o);
    else if (w[0] == 8)
        kperm_test_pcursor_one(n, w[2], w[3], w[4], o);
    else if (w[0] == 9)
        kperm_test_ms_pcursor_one(w[1], w[2], w[3], w[4], o);
    else if (w[0] == 10)
        kperm_test_kcursor_one(n, w[2], w[3], w[4], o);
    else if (w[0] == 11)
        kperm_test_skip_one(n, w[2], (int)w[3], w[4], o);
    else if (w[0] == 12)
        kperm_test_skipping_one(n, w[2], w[3], w[4], o);
    else if (w[0] == 13)
        kperm_test_comb_one(n, w[2], (int)w[3], w[4], o);
    else if (w[0] == 14)
        kperm_test_comb_cursor_one(n, w[2], w[3], w[4], o);
    else if (w[0] == 15)
        kperm_test_comb128_one(n, w[2], w[3], (int)w[4], o);
    else if (w[0] == 16)
        kperm_test_sjt_one(n, w[2], w[3], w[4], o);
    else if (w[0] == 17)
        kperm_test_ms_plan_one(n, w[2], w[3], o);
    else if (w[0] == 18)
        kperm_test_cursor128_one(n, w[2], w[3], w[4], o);
    else if (w[0] == 19)
        kperm_test_gray_one(n, w[2], w[3], w[4], o);
    else if (w[0] == 20)
        kperm_test_revdoor_one(n, w[2], w[3], w[4], o);
    else
        kperm_test_strerror_one(n, o);
}

#endif
