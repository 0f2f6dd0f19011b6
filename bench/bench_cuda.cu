/* bench_cuda.cu - benchmarks 1-3 (materialize, unrank, fused) on the GPU, kperm against Wong's
 * article's method, a plain chunked loop and the card's write bandwidth, all
 * in one run. Every kernel's result is checked before it is timed; times are
 * CUDA-event medians of BENCH_REPS runs after one warm-up.
 *
 *   bench_cuda [--quick] [materialize] [unrank] [fused] [family] [derange] [walks] [comb] [sjt] [gray]
 * --quick: fewer ranks, no n = 14, 2^26 Gray code subsets for 2^34; naming
 * sections runs only those.
 * The benchmarks themselves are in bench_host.h, shared with bench_cl.c. */
#include "bench_cuda.h"

#define SUM_ITEMS (1u << 20) /* work-items of the checksum kernels, at most */
static int sms;
static kperm_u64 *d_sums;
static kperm_u8 *d_buf;

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
template <int N, int M> __global__ void k_unrank(kperm_rank total, kperm_u64 count, kperm_u64 *sums)
{ sums[ITEM] = bench_unrank(M, N, total, count, ITEM, ITEMS); }
template <int N> __global__ void k_fused_seed(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_seed(N, total, ITEM, ITEMS); }
template <int N> __global__ void k_fused_plain(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_bytes(0, N, total, ITEM, ITEMS); }
template <int N> __global__ void k_fused_cursor(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_cursor(0, N, total, ITEM, ITEMS); }
template <int F> __global__ void k_family(kperm_u64 count, kperm_u64 *sums, const kperm_u64 *plan)
{ sums[ITEM] = bench_family(F, count, ITEM, ITEMS, plan); }
template <int N> __global__ void k_fused_cursor128(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_cursor(1, N, total, ITEM, ITEMS); }
template <int N> __global__ void k_fused_next(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_bytes(1, N, total, ITEM, ITEMS); }
template <int N> __global__ void k_fused_pcursor(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_pcursor(N, total, ITEM, ITEMS); }
template <int N> __global__ void k_fused_walk(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_walk(N, total, ITEM, ITEMS); }
template <int N> __global__ void k_fused_walk_whole(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_walk_whole(N, total, ITEM, ITEMS); }
template <int N, int M> __global__ void k_derange(kperm_rank total, kperm_u64 *sums)
{
    sums[ITEM] = M == D_PLAIN ? bench_derange_plain(N, total, ITEM, ITEMS)
               : M == D_CURSOR ? bench_derange_cursor(N, total, ITEM, ITEMS)
               : M == D_PCURSOR ? bench_derange_pcursor(N, total, ITEM, ITEMS)
               : M == D_SKIP ? bench_derange_skip(N, total, ITEM, ITEMS)
               : bench_derange_walk(N, total, ITEM, ITEMS);
}
template <int M> __global__ void k_walks(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_walks(M, total, ITEM, ITEMS); }
template <int M> __global__ void k_comb(kperm_u64 count, kperm_u64 *sums)
{ sums[ITEM] = bench_comb(M, count, ITEM, ITEMS, KPERM_TABLE(kperm_comb_table)); }
template <int M> __global__ void k_sjt(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_sjt(M, total, ITEM, ITEMS); }
template <int M> __global__ void k_gray(int n, kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_gray(M, n, total, ITEM, ITEMS); }
template <int N, int S> __global__ void k_fused_blocks(kperm_rank total, kperm_u64 *sums)
{ sums[ITEM] = bench_fused_blocks(N, S, total, ITEM, ITEMS); }

/* ---- the backend for bench_host.h --------------------------------------- */

static unsigned blocks(void) { return (unsigned)sms * 16; } /* of 256 threads */
static unsigned items(void) { return blocks() * 256; }

template <int N> static void launch_materialize(int m)
{
    kperm_rank total = bench_fact(N);
    if (m == M_SEED) k_mat_seed<N><<<blocks(), 256>>>(total, d_buf);
    else if (m == M_PLAIN) k_mat_plain<N><<<blocks(), 256>>>(total, d_buf);
    else k_mat_kperm<N><<<sms * 8, BENCH_GROUP>>>(total, (kperm_u32 *)d_buf);
}

template <int N> static void launch_unrank(int m, kperm_u64 count)
{
    kperm_rank total = bench_fact(N);
    if (m == U_SEED) k_unrank<N, U_SEED><<<blocks(), 256>>>(total, count, d_sums);
    else if (m == U_KPERM) k_unrank<N, U_KPERM><<<blocks(), 256>>>(total, count, d_sums);
    else k_unrank<N, U_PACKED><<<blocks(), 256>>>(total, count, d_sums);
}

template <int N> static void launch_fused(int m)
{
    kperm_rank total = bench_fact(N);
    if (m == F_SEED) k_fused_seed<N><<<blocks(), 256>>>(total, d_sums);
    else if (m == F_PLAIN) k_fused_plain<N><<<blocks(), 256>>>(total, d_sums);
    else if (m == F_CURSOR) k_fused_cursor<N><<<blocks(), 256>>>(total, d_sums);
    else if (m == F_BLOCKS4) k_fused_blocks<N, 4><<<blocks(), 256>>>(total, d_sums);
    else if (m == F_BLOCKS5) k_fused_blocks<N, 5><<<blocks(), 256>>>(total, d_sums);
    else if (m == F_PCURSOR) k_fused_pcursor<N><<<blocks(), 256>>>(total, d_sums);
    else if (m == F_WALK) k_fused_walk<N><<<blocks(), 256>>>(total, d_sums);
    else if (m == F_CURSOR128) k_fused_cursor128<N><<<blocks(), 256>>>(total, d_sums);
    else if (m == F_NEXT) k_fused_next<N><<<blocks(), 256>>>(total, d_sums);
    else k_fused_walk_whole<N><<<blocks(), 256>>>(total, d_sums);
}

template <int N> static void launch_derange(int m)
{
    kperm_rank total = bench_fact(N);
    if (m == D_PLAIN) k_derange<N, D_PLAIN><<<blocks(), 256>>>(total, d_sums);
    else if (m == D_CURSOR) k_derange<N, D_CURSOR><<<blocks(), 256>>>(total, d_sums);
    else if (m == D_PCURSOR) k_derange<N, D_PCURSOR><<<blocks(), 256>>>(total, d_sums);
    else if (m == D_SKIP) k_derange<N, D_SKIP><<<blocks(), 256>>>(total, d_sums);
    else k_derange<N, D_WALK><<<blocks(), 256>>>(total, d_sums);
}

static void enqueue(int section, int m, int n, kperm_u64 count)
{
    if (section == BENCH_MATERIALIZE) {
        if (n == 10) launch_materialize<10>(m);
        else if (n == 11) launch_materialize<11>(m);
        else launch_materialize<12>(m);
    } else if (section == BENCH_UNRANK) {
        if (n == 12) launch_unrank<12>(m, count);
        else if (n == 16) launch_unrank<16>(m, count);
        else launch_unrank<20>(m, count);
    } else if (section == BENCH_FAMILY) {
        const kperm_u64 *plan = (const kperm_u64 *)d_buf;
        if (m == 0) k_family<0><<<blocks(), 256>>>(count, d_sums, plan);
        else if (m == 1) k_family<1><<<blocks(), 256>>>(count, d_sums, plan);
        else if (m == 2) k_family<2><<<blocks(), 256>>>(count, d_sums, plan);
        else if (m == 4) k_family<4><<<blocks(), 256>>>(count, d_sums, plan);
        else if (m == 5) k_family<5><<<blocks(), 256>>>(count, d_sums, plan);
        else k_family<3><<<blocks(), 256>>>(count, d_sums, plan);
    } else if (section == BENCH_WALKS) {
        if (m == W_MS_TEXTBOOK) k_walks<W_MS_TEXTBOOK><<<blocks(), 256>>>(count, d_sums);
        else if (m == W_MS_PCURSOR) k_walks<W_MS_PCURSOR><<<blocks(), 256>>>(count, d_sums);
        else if (m == W_KP_TEXTBOOK) k_walks<W_KP_TEXTBOOK><<<blocks(), 256>>>(count, d_sums);
        else if (m == W_KP_NEXT) k_walks<W_KP_NEXT><<<blocks(), 256>>>(count, d_sums);
        else k_walks<W_KP_CURSOR><<<blocks(), 256>>>(count, d_sums);
    } else if (section == BENCH_COMB) {
        if (m == C_UNRANK_MASK) k_comb<C_UNRANK_MASK><<<blocks(), 256>>>(count, d_sums);
        else if (m == C_UNRANK_BYTES) k_comb<C_UNRANK_BYTES><<<blocks(), 256>>>(count, d_sums);
        else if (m == C_UNRANK_TABLE) k_comb<C_UNRANK_TABLE><<<blocks(), 256>>>(count, d_sums);
        else if (m == C_WALK_TEXTBOOK) k_comb<C_WALK_TEXTBOOK><<<blocks(), 256>>>(count, d_sums);
        else if (m == C_WALK_CURSOR) k_comb<C_WALK_CURSOR><<<blocks(), 256>>>(count, d_sums);
        else if (m == C_WALK_REVDOOR) k_comb<C_WALK_REVDOOR><<<blocks(), 256>>>(count, d_sums);
        else if (m == C_TEST_CURSOR) k_comb<C_TEST_CURSOR><<<blocks(), 256>>>(count, d_sums);
        else k_comb<C_TEST_REVDOOR><<<blocks(), 256>>>(count, d_sums);
    } else if (section == BENCH_SJT) {
        kperm_rank total = bench_fact(BENCH_SJT_N);
        if (m == S_LEX_TEXTBOOK) k_sjt<S_LEX_TEXTBOOK><<<blocks(), 256>>>(total, d_sums);
        else if (m == S_SJT_CURSOR) k_sjt<S_SJT_CURSOR><<<blocks(), 256>>>(total, d_sums);
        else if (m == S_ADJ_TEXTBOOK) k_sjt<S_ADJ_TEXTBOOK><<<blocks(), 256>>>(total, d_sums);
        else k_sjt<S_ADJ_SJT><<<blocks(), 256>>>(total, d_sums);
    } else if (section == BENCH_GRAY) {
        if (m == G_TEXTBOOK) k_gray<G_TEXTBOOK><<<blocks(), 256>>>(n, count, d_sums);
        else if (m == G_CURSOR) k_gray<G_CURSOR><<<blocks(), 256>>>(n, count, d_sums);
        else if (m == G_TEST_TEXTBOOK) k_gray<G_TEST_TEXTBOOK><<<blocks(), 256>>>(n, count, d_sums);
        else k_gray<G_TEST_CURSOR><<<blocks(), 256>>>(n, count, d_sums);
    } else if (section == BENCH_DERANGE) {
        if (n == 12) launch_derange<12>(m);
        else launch_derange<13>(m);
    } else {
        if (n == 12) launch_fused<12>(m);
        else if (n == 13) launch_fused<13>(m);
        else launch_fused<14>(m);
    }
    CK(cudaGetLastError());
}

static void cuda_launch(bench_backend *, int section, int m, int n, kperm_u64 count)
{
    enqueue(section, m, n, count);
    CK(cudaDeviceSynchronize());
}

/* median of BENCH_REPS event-timed runs after one warm-up */
template <typename F> static double event_ms(F run)
{
    cudaEvent_t a, b;
    float t[BENCH_REPS];
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    run();
    CK(cudaDeviceSynchronize());
    for (int r = 0; r < BENCH_REPS; r++) {
        CK(cudaEventRecord(a));
        run();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaGetLastError());
        CK(cudaEventElapsedTime(&t[r], a, b));
    }
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return bench_median(t, BENCH_REPS);
}

static double cuda_time(bench_backend *, int section, int m, int n, kperm_u64 count)
{
    return event_ms([&] { enqueue(section, m, n, count); });
}

static double cuda_store(bench_backend *, size_t bytes)
{
    return bytes / event_ms([&] { k_store<<<blocks(), 256>>>((uint4 *)d_buf, bytes / 16); }) / 1e6;
}

static kperm_u64 cuda_sum(bench_backend *)
{
    static kperm_u64 h[SUM_ITEMS];
    kperm_u64 s = 0;
    CK(cudaMemcpy(h, d_sums, items() * sizeof *h, cudaMemcpyDeviceToHost));
    for (unsigned i = 0; i < items(); i++)
        s += h[i];
    return s;
}

static void cuda_poison(bench_backend *, size_t bytes) { CK(cudaMemset(d_buf, 0xff, bytes)); }

static void cuda_upload(bench_backend *, const void *data, size_t bytes)
{
    CK(cudaMemcpy(d_buf, data, bytes, cudaMemcpyHostToDevice));
}

static void cuda_row(bench_backend *, int n, kperm_rank r, kperm_u8 *row)
{
    CK(cudaMemcpy(row, d_buf + (size_t)r * n, (size_t)n, cudaMemcpyDeviceToHost));
}

static kperm_u64 cuda_buffer_sum(bench_backend *b, size_t bytes)
{
    k_words_sum<<<blocks(), 256>>>((const kperm_u32 *)d_buf, bytes / 4, d_sums);
    CK(cudaGetLastError());
    return cuda_sum(b);
}

int main(int argc, char **argv)
{
    int dev = 0;
    cudaDeviceProp prop;
    bench_backend b;
    if (cudaGetDeviceCount(&dev) != cudaSuccess || dev == 0) {
        printf("SKIP bench_cuda: no CUDA device\n");
        return 0;
    }
    CK(cudaGetDeviceProperties(&prop, 0));
    sms = prop.multiProcessorCount;
    bench_cuda_upload_tables();
    CK(cudaMalloc(&d_sums, SUM_ITEMS * sizeof *d_sums));
    CK(cudaMalloc(&d_buf, (size_t)bench_fact(12) * 12));
    memset(&b, 0, sizeof b);
    snprintf(b.device, sizeof b.device, "%.200s, %d SMs, CUDA (events)", prop.name, sms);
    b.launch = cuda_launch;
    b.time_ms = cuda_time;
    b.store_gbs = cuda_store;
    b.sum = cuda_sum;
    b.poison = cuda_poison;
    b.row = cuda_row;
    b.buffer_sum = cuda_buffer_sum;
    b.upload = cuda_upload;
    bench_main(&b, argc, argv);
    cudaFree(d_buf);
    cudaFree(d_sums);
    return 0;
}
