/* bench_fold.h - what every benchmark method folds its permutations into,
 * and the random ranks of the unrank benchmark: portable (KPERM_FN), so the
 * host computes the same checksums as the kernels; and the one launch
 * constant both sides need. */
#ifndef BENCH_FOLD_H
#define BENCH_FOLD_H

#define BENCH_GROUP 128 /* work-items per group of the staged materialize kernel */

/* a 64-bit mixer (splitmix64's finaliser): no closed form for the sums */
KPERM_FN kperm_u64 bench_mix(kperm_u64 z)
{
    z = (z ^ (z >> 30)) * KPERM_U64(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * KPERM_U64(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* every element in: element i added at bit 4i (mod 64), so for n <= 16 this
 * is the packed word itself; summed in two 32-bit halves (carries out of the
 * low half dropped), which costs a GPU half the instructions of 64-bit adds */
KPERM_FN kperm_u64 bench_key(const kperm_u8 *p, int n)
{
    kperm_u32 lo = 0, hi = 0;
    int i;
    KPERM_UNROLL
    for (i = 0; i < n; i++) {
        int at = (4 * i) & 63;
        if (at < 32)
            lo += (kperm_u32)p[i] << at;
        else
            hi += (kperm_u32)p[i] << (at - 32);
    }
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

#endif
