/* arrays_kernel.h - the kernel behind kperm.cupy's arrays: rows start ..
 * start + count - 1 of one family, each row its arrangement's bytes.
 * NVRTC compiles it once per shape, with literals (so that the loops unroll):
 *   KA_FAMILY  1 permutations of KA_N (n <= 20), 2 k-subsets of KA_N
 *              (n <= 64), 3 k-permutations of KA_N, 4 multiset permutations
 *              of KA_N elements over KA_M values (counts a kernel argument)
 *   KA_L       the row's length: KA_N, or KA_K for families 2 and 3
 * A thread makes KA_ROWS consecutive rows into shared memory, a word at a
 * time (each thread's rows KA_PITCH words apart, an odd number, so that a
 * warp's stores fall in different banks); the block then copies its rows,
 * which are adjacent in the output, with coalesced 32-bit stores.
 *
 * Permutations of 5 <= n <= 16 take the block path: a thread's rows are the
 * 4! = 24 ranks of one aligned block (one prefix, its last 4 positions in
 * every order), one kperm_unrank_packed and 24 unrolled arrangements with
 * constant digits. The other shapes walk their rows with kperm's cursors
 * (or unrank, then next) from the thread's first rank. */
#include "kperm_cuda_device.h"

#define KA_BLOCKED (KA_FAMILY == 1 && KA_N >= 5 && KA_N <= 16)
/* rows a thread: 24 on the block path; else a stage within 48 KB */
#define KA_ROWS (KA_BLOCKED ? 24 : KA_L <= 16 ? 16 : 320 / KA_L)
#define KA_WORDS ((KA_ROWS * KA_L + 3) / 4)
#define KA_PITCH (KA_WORDS | 1)
/* threads a block: 128, fewer where 128 stages would pass 48 KB (n = 16's
 * block path: 97 words a thread) */
#define KA_THREADS (KA_PITCH * 4 * 128 <= 48 * 1024 ? 128 : 96)
static_assert(KA_THREADS * KA_PITCH * 4 <= 48 * 1024, "the stage fits 48 KB of shared memory");

/* the first error a thread met, for the host to raise */
__device__ static void kperm_arrays_fail(int *status, int rc)
{
    if (rc != KPERM_OK)
        atomicCAS(status, KPERM_OK, rc);
}

/* appends byte b to the thread's stage row, a 32-bit word at a time */
__device__ static void kperm_arrays_put(unsigned int *stage, int *at, kperm_u32 *acc, int *bytes, kperm_u32 b)
{
    *acc |= b << (8 * *bytes);
    if (++*bytes == 4) {
        stage[(*at)++] = *acc;
        *acc = 0;
        *bytes = 0;
    }
}

/* this thread's rows (from rank first, `rows` of them) into its stage */
__device__ static void kperm_arrays_rows(kperm_rank first, int rows, const kperm_u8 *counts, unsigned int *stage,
                                         int *status)
{
    kperm_u32 acc = 0;
    int at = 0, bytes = 0, i;
#if KA_BLOCKED
    kperm_u64 w = 0, prefix, list;
    int k;
    (void)rows;
    (void)counts;
    kperm_arrays_fail(status, kperm_unrank_packed(first, KA_N, &w));
    prefix = w & ((KPERM_U64(1) << (4 * (KA_N - 4))) - 1);
    list = w >> (4 * (KA_N - 4));
#pragma unroll
    for (k = 0; k < 24; k++) {
        kperm_u64 row = prefix | kperm_internal_arrange_packed(list, 4, (kperm_u32)k) << (4 * (KA_N - 4));
#pragma unroll
        for (i = 0; i < KA_N; i++)
            kperm_arrays_put(stage, &at, &acc, &bytes, (kperm_u32)(row >> (4 * i)) & 15u);
    }
#elif KA_FAMILY == 1
    kperm_cursor c;
    (void)counts;
    kperm_arrays_fail(status, kperm_cursor_init(&c, KA_N, first, first + (kperm_rank)rows));
    while (kperm_cursor_next(&c)) {
#pragma unroll
        for (i = 0; i < KA_L; i++)
            kperm_arrays_put(stage, &at, &acc, &bytes, (kperm_u32)kperm_cursor_get(&c, i));
    }
#elif KA_FAMILY == 2
    kperm_comb_cursor c;
    (void)counts;
    kperm_arrays_fail(status, kperm_comb_cursor_init(&c, KA_N, KA_L, first, first + (kperm_rank)rows));
    while (kperm_comb_cursor_next(&c)) {
        kperm_u64 m = c.mask;
#pragma unroll
        for (i = 0; i < KA_L; i++) { /* the subset's values, ascending: its set bits, lowest first */
            kperm_arrays_put(stage, &at, &acc, &bytes, (kperm_u32)(__ffsll((long long)m) - 1));
            m &= m - 1;
        }
    }
#else
    kperm_u8 row[KA_L];
    int r, rc;
#if KA_FAMILY == 3
    (void)counts;
    rc = kperm_kp_unrank(first, KA_N, KA_L, row);
#else
    rc = kperm_ms_unrank(first, counts, KA_M, row);
#endif
    kperm_arrays_fail(status, rc);
    for (r = 0; r < rows && rc == KPERM_OK; r++) {
#pragma unroll
        for (i = 0; i < KA_L; i++)
            kperm_arrays_put(stage, &at, &acc, &bytes, row[i]);
#if KA_FAMILY == 3
        kperm_kp_next(row, KA_N, KA_L);
#else
        kperm_ms_next(row, KA_N);
#endif
    }
#endif
    if (bytes)
        stage[at] = acc;
}

/* word i of a block's stage stream, each thread's rows KA_PITCH words apart */
__device__ static kperm_u32 kperm_arrays_stage_word(const unsigned int *stage, kperm_u64 i)
{
    return stage[(i / (KA_ROWS * KA_L / 4)) * KA_PITCH + i % (KA_ROWS * KA_L / 4)];
}

/* output byte x from byte x + shift (modulo 2^64) of the block's stage stream */
__device__ static void kperm_arrays_byte(kperm_u8 *out, const unsigned int *stage, kperm_u64 x, kperm_u64 shift)
{
    kperm_u64 y = x + shift;
    out[x] = ((const kperm_u8 *)(stage + (y / (KA_ROWS * KA_L)) * KA_PITCH))[y % (KA_ROWS * KA_L)];
}

/* for the host's grid: threads a block, the rows a block makes, and the
 * multiple the first block starts at (lead, start rounded down to it);
 * enough blocks cover ranks [lead, start + count) */
extern "C" __constant__ unsigned int kperm_arrays_threads = KA_THREADS;
extern "C" __constant__ unsigned int kperm_arrays_block_rows = KA_THREADS * KA_ROWS;
extern "C" __constant__ unsigned int kperm_arrays_align = KA_BLOCKED ? 24 : 1;

/* Block b makes the rows of ranks [base, base + KA_THREADS * KA_ROWS) with
 * base = lead + b * KA_THREADS * KA_ROWS, where lead = start on the cursor
 * path and start rounded down to a multiple of 24 on the block path; rows
 * outside [start, start + count) are made but not copied. */
extern "C" __global__ void __launch_bounds__(KA_THREADS) kperm_arrays(kperm_rank start, kperm_u64 count,
                                                                   const kperm_u8 *counts, kperm_u8 *out,
                                                                   int *status)
{
    __shared__ unsigned int stage[KA_THREADS * KA_PITCH];
    const kperm_u64 per_block = KA_THREADS * KA_ROWS;
    kperm_rank lead = start - start % (KA_BLOCKED ? 24 : 1);
    kperm_rank base = lead + (kperm_u64)blockIdx.x * per_block, mine = base + (kperm_u64)threadIdx.x * KA_ROWS;
    kperm_rank end = start + count;
    /* the output bytes this block copies: rows [lo, hi) of the output */
    kperm_u64 lo = base > start ? base - start : 0, hi = base + per_block - start, x;
    hi = hi < count ? hi : count;
    if (mine < end)
        kperm_arrays_rows(mine, (int)(end - mine < KA_ROWS ? end - mine : KA_ROWS), counts,
                          stage + threadIdx.x * KA_PITCH, status);
    __syncthreads();
    /* Output byte x is byte y = x + skew - origin of the block's stage
     * stream (thread y / (KA_ROWS * KA_L), the rest its byte), where
     * skew = (start - lead) * KA_L and origin = (base - lead) * KA_L, a
     * multiple of 4. The whole output words between the two ragged ends
     * are each two stage words shifted by skew % 4 bytes. */
    kperm_u64 skew = (start - lead) * KA_L, origin = (base - lead) * KA_L, from = lo * KA_L, to = hi * KA_L;
    kperm_u64 first = KA_ROWS * KA_L % 4 ? to / 4 : (from + 3) / 4, last = to / 4, w;
    for (w = first + threadIdx.x; w < last; w += KA_THREADS) {
        kperm_u64 q = w + skew / 4 - origin / 4; /* the stage word holding the word's first byte */
        kperm_u32 low = kperm_arrays_stage_word(stage, q);
        kperm_u32 high = skew % 4 ? kperm_arrays_stage_word(stage, q + 1) : 0;
        ((unsigned int *)out)[w] = __funnelshift_r(low, high, (unsigned int)(8 * (skew % 4)));
    }
    /* the ragged ends a byte at a time: before the first whole word (all of
     * the block's bytes when there is none) and after the last */
    for (x = from + threadIdx.x; x < (first < last ? 4 * first : to); x += KA_THREADS)
        kperm_arrays_byte(out, stage, x, skew - origin);
    for (x = 4 * last + threadIdx.x; first < last && x < to; x += KA_THREADS)
        kperm_arrays_byte(out, stage, x, skew - origin);
}
