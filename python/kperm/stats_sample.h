/* stats_sample.h - Monte Carlo counting: draw i of seed S is a uniform
 * random rank in [0, total), the arrangement of that rank is built from
 * scratch (the walk's own unranking, or past 64 observations the
 * lexicographic one: stats_kernel.h's ps_walk_at) and
 * counted as ps_count counts a rank. Included by stats_kernel.h after
 * ps_count; the same text on OpenCL, CUDA and host C, and
 * python/kperm/_resample.py draws the same ranks in numpy.
 *
 * The generator is counter-based, so that any range of draws can be run
 * anywhere (chunks, processes, checkpoints) with no state: word j of draw i
 * is output 2i + j + 1 of SplitMix64 (Steele, Lea and Flood, "Fast
 * splittable pseudorandom number generators", OOPSLA 2014; the constants of
 * java.util.SplittableRandom) started at state mix(S), i.e.
 * mix(mix(S) + (2i + j + 1) * golden). The two words make a 128-bit
 * fraction w = (word0 * 2^64 + word1) / 2^128 and the rank is
 * floor(w * total) (Lemire's multiply-high range reduction, widened), total
 * below 2^128 (C(128, 64) < 2^127: ps_walk_at's lexicographic subsets): each
 * rank has floor or ceil of 2^128 / total of the 2^128 pairs of words, so
 * its probability is off 1 / total by at most a factor total / 2^128, below
 * 2^-64 where total < 2^64 (64 bits would give a factor total / 2^64: 10 %
 * at C(64, 32)) and below 2^-29 for C(100, 50). */
#ifndef KPERM_STATS_SAMPLE_H
#define KPERM_STATS_SAMPLE_H

#define PS_GOLDEN 0x9e3779b97f4a7c15ull

PS_FN ps_u64 ps_mix64(ps_u64 z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* word j (0 or 1) of draw i of seed s */
PS_FN ps_u64 ps_draw_word(ps_u64 seed, ps_u64 i, int j)
{
    return ps_mix64(ps_mix64(seed) + (2 * i + (ps_u64)j + 1) * PS_GOLDEN);
}

/* the high 64 bits of a * b, in 32-bit halves: the same on every target */
PS_FN ps_u64 ps_mul_high64(ps_u64 a, ps_u64 b)
{
    ps_u64 al = a & 0xffffffffull, ah = a >> 32, bl = b & 0xffffffffull, bh = b >> 32;
    ps_u64 ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    ps_u64 mid = (ll >> 32) + (lh & 0xffffffffull) + (hl & 0xffffffffull);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/* floor(w * total / 2^128), w = w1 * 2^64 + w0 and total = total_hi * 2^64 +
 * total, its high word in *high: the high 128 bits of w * total. With
 * w1 * total = a1:a0, w0 * total = c1:c0 and w0 * total_hi = b1:b0
 * (high:low words) that is w1 * total_hi + a1 + b1 + the carry out of
 * a0 + b0 + c1 (c0 adds less than one to a sum of whole 2^64s); for
 * total_hi = 0, a1 plus the carry out of a0 + c1 */
PS_FN ps_u64 ps_scale128(ps_u64 w1, ps_u64 w0, ps_u64 total, ps_u64 total_hi, ps_u64 *high)
{
    ps_u64 a0 = w1 * total, b0 = w0 * total_hi, a1 = ps_mul_high64(w1, total), b1 = ps_mul_high64(w0, total_hi);
    ps_u64 low = a0 + b0, carry = low < a0, q, hi = ps_mul_high64(w1, total_hi);
    carry += low + ps_mul_high64(w0, total) < low;
    q = w1 * total_hi + a1;
    hi += q < a1;
    q += b1;
    hi += q < b1;
    q += carry;
    hi += q < carry;
    *high = hi;
    return q;
}

/* the rank of draw i of seed s among total = total_hi * 2^64 + total
 * rearrangements, its high word in *rank_hi: floor(w * total / 2^128) of
 * the draw's 128 bits w (word 0 the high one) */
PS_FN ps_u64 ps_draw_rank(ps_u64 seed, ps_u64 i, ps_u64 total, ps_u64 total_hi, ps_u64 *rank_hi)
{
    return ps_scale128(ps_draw_word(seed, i, 0), ps_draw_word(seed, i, 1), total, total_hi, rank_hi);
}

/* ps_count's counting over draws [begin, end) of seed `seed` (ranks below
 * total) in place of ranks: the same counters, extremes and histogram */
PS_KERNEL ps_sample(const PS_G ps_i64 *v, const PS_G double *d, const PS_G kperm_u8 *sizes, const PS_G ps_u64 *aux,
                    const PS_G ps_u64 *obs, const PS_G double *par, int n, int m, ps_u64 seed, ps_u64 total,
                    ps_u64 total_hi, ps_u64 begin, ps_u64 end, int bins, PS_G ps_u64 *counts, PS_G double *extremes,
                    PS_G ps_u64 *hist)
{
    PS_LOCAL_UINTS(local_hist, PS_MAX_BINS);
    ps_u64 me = PS_GLOBAL_ID, b = 0, e = 0, i;
    kperm_u32 count[PS_COUNTS];
    double lo = PS_HUGE, hi = -PS_HUGE;
    ps_shape sh;
    ps_obs o;
    int j;
    ps_shape_load(&sh, n, m, 1, sizes, aux);
    o = ps_observed(obs, par);
    for (j = 0; j < PS_COUNTS; j++)
        count[j] = 0, counts[PS_COUNTS * me + j] = 0;
    for (j = PS_LOCAL_ID; j < bins; j += PS_LOCAL_SIZE)
        local_hist[j] = 0;
    PS_SYNC();
    kperm_split(begin, end, PS_GLOBAL_SIZE, me, &b, &e);
    for (i = b; i < e; i++) {
        ps_u64 rank_hi, rank = ps_draw_rank(seed, i, total, total_hi, &rank_hi);
        ps_walk w;
        ps_value r;
        ps_walk_at(&w, v, &sh, rank, rank_hi);
        r = ps_eval(&w, w.sums, v, d, &sh, par);
        j = ps_note(&r, &o, par, count, bins, &lo, &hi);
        if (j >= 0)
            PS_LOCAL_INC(&local_hist[j]);
    }
    ps_tally_add(counts + PS_COUNTS * me, count, e - b);
    extremes[2 * me] = lo;
    extremes[2 * me + 1] = hi;
    PS_SYNC();
    for (j = PS_LOCAL_ID; j < bins; j += PS_LOCAL_SIZE)
        hist[(ps_u64)bins * PS_GROUP_ID + j] = local_hist[j];
}

#endif
