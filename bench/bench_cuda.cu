/* bench_cuda.cu - DESIGN.md benchmarks 1-3 on the GPU, kperm against the seed
 * article's method, a plain chunked loop and the card's write bandwidth, all
 * in one run. Every kernel's result is checked before it is timed; times are
 * CUDA-event medians of BENCH_REPS runs after one warm-up.
 *
 *   bench_cuda [--quick] [materialize] [unrank] [fused]
 * --quick: fewer ranks and no n = 14; naming sections runs only those. */
#include "kperm_cuda.h"
#define BENCH_GLOBAL
#define BENCH_LOCAL
#define BENCH_BARRIER() __syncthreads()
#define BENCH_DEVICE_FN static __device__ __forceinline__
static __constant__ kperm_u64 seed_table[KPERM_MAX_N + 1][KPERM_MAX_N + 1];
#define BENCH_SEED_TABLE(i, j) seed_table[i][j]
#include "bench_body.h"
#include "bench_host.h"

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

static int sms;
static kperm_u64 *d_sums;
#define SUM_ITEMS (1u << 20) /* work-items of the checksum kernels, at most */

/* ---- kernels: thin wrappers that give the bodies a literal n -------------- */
#define ITEM ((kperm_u64)blockIdx.x * blockDim.x + threadIdx.x)
#define ITEMS ((kperm_u64)gridDim.x * blockDim.x)

__global__ void k_store(uint4 *out, kperm_u64 count)
{
    for (kperm_u64 i = ITEM; i < count; i += ITEMS)
        out[i] = make_uint4((unsigned)i, (unsigned)i ^ 1u, (unsigned)i ^ 2u, (unsigned)i ^ 3u);
}

__global__ void k_words_sum(const kperm_u32 *buf, kperm_u64 words, kperm_u64 *sums)
{
    kperm_u64 s = 0;
    for (kperm_u64 i = ITEM; i < words; i += ITEMS)
        s += bench_mix(buf[i] + (i << 32));
    sums[ITEM] = s;
}

template <int N> __global__ void k_mat_seed(kperm_rank total, kperm_u8 *out)
{ bench_materialize_seed(N, total, ITEM, ITEMS, out); }
template <int N> __global__ void k_mat_plain(kperm_rank total, kperm_u8 *out)
{ bench_materialize_plain(N, total, ITEM, ITEMS, out); }
template <int N> __global__ void __launch_bounds__(BENCH_GROUP) k_mat_kperm(kperm_rank total, kperm_u32 *out)
{
    __shared__ kperm_u32 stage[BENCH_GROUP * (6 * N + 1)];
    bench_materialize_kperm(N, total, blockIdx.x, gridDim.x, threadIdx.x, stage, out);
}
template <int N> __global__ void k_unrank_seed(kperm_rank total, kperm_u64 count, kperm_u64 *sums)
{ sums[ITEM] = bench_unrank_seed(N, total, count, ITEM, ITEMS); }
template <int N> __global__ void k_unrank_kperm(kperm_rank total, kperm_u64 count, kperm_u64 *sums)
{ sums[ITEM] = bench_unrank_kperm(N, total, count, ITEM, ITEMS); }
template <int N> __global__ void k_unrank_packed(kperm_rank total, kperm_u64 count, kperm_u64 *sums)
{ sums[ITEM] = bench_unrank_packed(N, total, count, ITEM, ITEMS); }
template <int N> __global__ void k_fused_seed(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_seed(N, total, ITEM, ITEMS); }
template <int N> __global__ void k_fused_plain(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_plain(N, total, ITEM, ITEMS); }
template <int N> __global__ void k_fused_cursor(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_cursor(N, total, ITEM, ITEMS); }
template <int N, int S> __global__ void k_fused_blocks(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_blocks(N, S, total, ITEM, ITEMS); }

/* ---- timing --------------------------------------------------------------- */

/* median milliseconds of BENCH_REPS launches after one warm-up */
template <typename F> static double time_ms(F launch)
{
    cudaEvent_t a, b;
    float t[BENCH_REPS];
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    launch();
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    for (int r = 0; r < BENCH_REPS; r++) {
        CK(cudaEventRecord(a));
        launch();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaGetLastError());
        CK(cudaEventElapsedTime(&t[r], a, b));
    }
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return bench_median(t, BENCH_REPS);
}

static kperm_u64 device_sum(unsigned items)
{
    static kperm_u64 h[SUM_ITEMS];
    kperm_u64 s = 0;
    CK(cudaMemcpy(h, d_sums, items * sizeof *h, cudaMemcpyDeviceToHost));
    for (unsigned i = 0; i < items; i++)
        s += h[i];
    return s;
}

/* ---- 1. materialize -------------------------------------------------------- */

template <int N> static void materialize(kperm_u8 *buf, double ceiling_gbs)
{
    kperm_rank total;
    kperm_count(N, &total);
    size_t bytes = (size_t)total * N;
    kperm_u64 ref = 0;
    const char *names[3] = {"seed (unrank per rank, chars)", "plain chunked + textbook next", "kperm blocks + staged stores"};
    double ms[3];
    unsigned blocks = (unsigned)(sms * 16), threads = 256, kblocks = (unsigned)(sms * 8);
    for (int m = 0; m < 3; m++) {
        auto launch = [&] {
            if (m == 0) k_mat_seed<N><<<blocks, threads>>>(total, buf);
            else if (m == 1) k_mat_plain<N><<<blocks, threads>>>(total, buf);
            else k_mat_kperm<N><<<kblocks, BENCH_GROUP>>>(total, (kperm_u32 *)buf);
        };
        /* verify: poison, run, sampled rows against host kperm_unrank, and the
         * whole buffer's checksum equal across methods */
        CK(cudaMemset(buf, 0xff, bytes));
        launch();
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
        int bad = bench_check_rows(N, total, [&](kperm_rank r, kperm_u8 *row) {
            CK(cudaMemcpy(row, buf + (size_t)r * N, N, cudaMemcpyDeviceToHost));
        });
        k_words_sum<<<SUM_ITEMS / 256, 256>>>((const kperm_u32 *)buf, bytes / 4, d_sums);
        kperm_u64 sum = device_sum(SUM_ITEMS);
        if (m == 0) ref = sum;
        if (bad || sum != ref) {
            printf("materialize n=%d %s: WRONG (%d bad rows, checksum %016llx vs %016llx)\n", N, names[m], bad, sum, ref);
            exit(1);
        }
        ms[m] = time_ms(launch);
    }
    for (int m = 0; m < 3; m++) {
        double gbs = bytes / ms[m] / 1e6;
        printf("| materialize | %2d | %-34s | %9.3f | %8.2f G/s | %7.1f GB/s | %5.1f%% of write BW | %6.2fx seed | %6.2fx plain |\n",
               N, names[m], ms[m], total / ms[m] / 1e6, gbs, 100 * gbs / ceiling_gbs, ms[0] / ms[m], ms[1] / ms[m]);
    }
}

/* ---- 2. unrank -------------------------------------------------------------- */

template <int N> static void unrank(int quick)
{
    kperm_rank total;
    kperm_count(N, &total);
    kperm_u64 count = quick ? (1ull << 22) : (1ull << 26), check = 1ull << 20;
    const char *names[3] = {"seed (table + taken[] scan)", "kperm_unrank (bytes)", "kperm_unrank_packed"};
    int methods = N <= KPERM_MAX_PACKED_N ? 3 : 2;
    unsigned blocks = (unsigned)(sms * 16), threads = 256, items = blocks * threads;
    double ms[3];
    kperm_u64 want = bench_host_unrank_sum(N, total, check);
    for (int m = 0; m < methods; m++) {
        kperm_u64 n_ranks = check;
        auto launch = [&] {
            if (m == 0) k_unrank_seed<N><<<blocks, threads>>>(total, n_ranks, d_sums);
            else if (m == 1) k_unrank_kperm<N><<<blocks, threads>>>(total, n_ranks, d_sums);
            else k_unrank_packed<N><<<blocks, threads>>>(total, n_ranks, d_sums);
        };
        launch();
        CK(cudaGetLastError());
        kperm_u64 got = device_sum(items);
        if (got != want) {
            printf("unrank n=%d %s: WRONG checksum %016llx, host %016llx\n", N, names[m], got, want);
            exit(1);
        }
        n_ranks = count;
        ms[m] = time_ms(launch);
    }
    for (int m = 0; m < methods; m++)
        printf("| unrank      | %2d | %-34s | %9.3f | %8.2f G/s | %6.2fx seed |\n", N, names[m], ms[m],
               count / ms[m] / 1e6, ms[0] / ms[m]);
}

/* ---- 3. fused --------------------------------------------------------------- */

template <int N> static void fused(int with_seed)
{
    kperm_rank total;
    kperm_count(N, &total);
    const char *names[5] = {"seed (unrank per rank)", "plain chunked + textbook next", "kperm cursor (general API)",
                            "kperm blocks s=4 (packed)", "kperm blocks s=5 (packed)"};
    unsigned blocks = (unsigned)(sms * 16), threads = 256, items = blocks * threads;
    double ms[5] = {0};
    kperm_u64 ref = 0;
    int have_ref = 0;
    if (N <= 12) {
        ref = bench_host_fused_sum(N);
        have_ref = 1;
    }
    for (int m = with_seed ? 0 : 1; m < 5; m++) {
        auto launch = [&] {
            if (m == 0) k_fused_seed<N><<<blocks, threads>>>(total, d_sums);
            else if (m == 1) k_fused_plain<N><<<blocks, threads>>>(total, d_sums);
            else if (m == 2) k_fused_cursor<N><<<blocks, threads>>>(total, d_sums);
            else if (m == 3) k_fused_blocks<N, 4><<<blocks, threads>>>(total, d_sums);
            else k_fused_blocks<N, 5><<<blocks, threads>>>(total, d_sums);
        };
        launch();
        CK(cudaGetLastError());
        kperm_u64 got = device_sum(items);
        if (!have_ref) {
            ref = got;
            have_ref = 1;
        }
        if (got != ref) {
            printf("fused n=%d %s: WRONG checksum %016llx, want %016llx\n", N, names[m], got, ref);
            exit(1);
        }
        ms[m] = time_ms(launch);
    }
    for (int m = with_seed ? 0 : 1; m < 5; m++)
        printf("| fused       | %2d | %-34s | %9.3f | %8.2f G/s | %s | %6.2fx plain |\n", N, names[m], ms[m],
               total / ms[m] / 1e6, with_seed ? "" : "(seed skipped)", ms[1] / ms[m]);
}

int main(int argc, char **argv)
{
    int quick = 0, dev = 0, only = 0, want[3] = {0, 0, 0};
    const char *sections[3] = {"materialize", "unrank", "fused"};
    for (int a = 1; a < argc; a++) {
        quick |= strcmp(argv[a], "--quick") == 0;
        for (int k = 0; k < 3; k++)
            if (strcmp(argv[a], sections[k]) == 0)
                want[k] = only = 1;
    }
    if (!only)
        want[0] = want[1] = want[2] = 1;
    cudaDeviceProp prop;
    kperm_u64 table[KPERM_MAX_N + 1][KPERM_MAX_N + 1];
    if (cudaGetDeviceCount(&dev) != cudaSuccess || dev == 0) {
        printf("SKIP bench_cuda: no CUDA device\n");
        return 0;
    }
    CK(cudaGetDeviceProperties(&prop, 0));
    sms = prop.multiProcessorCount;
    CK(kperm_cuda_upload_tables());
    bench_seed_table(table);
    CK(cudaMemcpyToSymbol(seed_table, table, sizeof table));
    CK(cudaMalloc(&d_sums, SUM_ITEMS * sizeof *d_sums));
    kperm_rank total12;
    kperm_count(12, &total12);
    size_t bytes = (size_t)total12 * 12;
    kperm_u8 *buf;
    CK(cudaMalloc(&buf, bytes));
    printf("device: %s, %d SMs; medians of %d runs after a warm-up (CUDA events)\n", prop.name, sms, BENCH_REPS);

    /* the ceiling: a plain store kernel writing as many bytes as n = 12 does */
    double ceil_ms = time_ms([&] { k_store<<<sms * 16, 256>>>((uint4 *)buf, bytes / 16); });
    double ceiling = bytes / ceil_ms / 1e6;
    printf("| write ceiling | %zu bytes by a plain 16-byte store kernel | %9.3f ms | %7.1f GB/s |\n", bytes, ceil_ms, ceiling);
    printf("| benchmark | n | method | ms | permutations/s | ... |\n|---|---|---|---|---|---|\n");
    if (want[0]) {
        materialize<10>(buf, ceiling);
        materialize<11>(buf, ceiling);
        materialize<12>(buf, ceiling);
    }
    if (want[1]) {
        unrank<12>(quick);
        unrank<16>(quick);
        unrank<20>(quick);
    }
    if (want[2]) {
        fused<12>(1);
        fused<13>(1);
        if (!quick)
            fused<14>(0);
    }
    cudaFree(buf);
    cudaFree(d_sums);
    return 0;
}
