/* bench_host.h - the host side the benchmark drivers share: references to
 * check results against, the seed article's table, the median. */
#ifndef BENCH_HOST_H
#define BENCH_HOST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BENCH_REPS 7

static double bench_median(const float *t, int count)
{
    float s[64];
    int i, j;
    memcpy(s, t, sizeof *t * (size_t)count);
    for (i = 1; i < count; i++)
        for (j = i; j > 0 && s[j - 1] > s[j]; j--) {
            float x = s[j];
            s[j] = s[j - 1];
            s[j - 1] = x;
        }
    return count % 2 ? s[count / 2] : 0.5 * (s[count / 2 - 1] + s[count / 2]);
}

/* the seed article's table: i! * j */
static void bench_seed_table(kperm_u64 table[KPERM_MAX_N + 1][KPERM_MAX_N + 1])
{
    int i, j;
    for (i = 0; i <= KPERM_MAX_N; i++)
        for (j = 0; j <= KPERM_MAX_N; j++) {
            kperm_rank f = 1;
            kperm_count(i ? i : 1, &f);
            table[i][j] = f * (kperm_u64)j;
        }
}

/* the unrank benchmark's checksum over its first `count` random ranks */
static kperm_u64 bench_host_unrank_sum(int n, kperm_rank total, kperm_u64 count)
{
    kperm_u8 p[KPERM_MAX_N];
    kperm_u64 i, sum = 0;
    for (i = 0; i < count; i++) {
        kperm_unrank(bench_random_rank(i, total), n, p);
        sum += bench_mix(bench_key(p, n));
    }
    return sum;
}

/* the fused checksum over all n! permutations, by a recursive generator that
 * builds the packed word position by position (independent of kperm) */
static kperm_u64 bench_fused_rec(int n, int i, kperm_u32 unused, kperm_u64 w)
{
    kperm_u64 sum = 0;
    int v;
    if (i == n)
        return bench_mix(w);
    for (v = 0; v < n; v++)
        if (unused >> v & 1u)
            sum += bench_fused_rec(n, i + 1, unused & ~(1u << v), w | (kperm_u64)v << (4 * i));
    return sum;
}

static kperm_u64 bench_host_fused_sum(int n)
{
    return bench_fused_rec(n, 0, (1u << n) - 1, 0);
}

/* rows 0..999, the last 1000 and 20000 random ones against kperm_unrank on the
 * host; fetch(r, row) copies row r of the device buffer. Returns the bad rows. */
template <typename F> static int bench_check_rows(int n, kperm_rank total, F fetch)
{
    kperm_u8 got[KPERM_MAX_N], want[KPERM_MAX_N];
    int bad = 0, k;
    for (k = 0; k < 22000; k++) {
        kperm_rank r = k < 1000 ? (kperm_rank)k : k < 2000 ? total - 2000 + k : bench_random_rank((kperm_u64)k, total);
        fetch(r, got);
        kperm_unrank(r, n, want);
        bad += memcmp(got, want, (size_t)n) != 0;
    }
    return bad;
}

#endif
