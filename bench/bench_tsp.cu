/* bench_tsp.cu - the TSP kernel benchmark on the GPU: kperm-tsp's kernel against
 * a Cudafy-style kernel (one work-item per tour number, the tour rebuilt from
 * its rank by Wong's unrank, every edge summed), the plain
 * incremental kernel (unrank once per chunk, textbook next, the path re-added
 * from the changed position: tsp_search_range) and kperm-tsp's kernel before
 * the 6! block tree (tsp_v1.h: blocks of 5!), in one run, on random symmetric EUC_2D
 * instances and burma14. Every optimum is checked against Held-Karp and the
 * kernels must agree on the tour's rank.
 *
 *   bench_tsp [DATA_DIR]
 *   bench_tsp --one METHOD N    one timed launch of method 0..3 on random N (for ncu) */
#include "kperm_cuda.h"
#define TSP_BARRIER() __syncthreads()
#define TSP_GROUP_FN static __device__ __forceinline__
#include "tsp_backend.h"
#include "tsp_search.h"
#include "bench_cuda.h"
#include "held_karp.h"
#include "tsp_v1.h"

enum { CUDAFY, PLAIN, KPERM_V1, KPERM, METHODS };
static const char *method_names[METHODS] = {"Cudafy style (rebuild + sum all)", "plain incremental (textbook next)",
                                            "kperm-tsp, previous kernel (5!)", "kperm-tsp (blocks of 6!)"};

/* one work-item per rank: the Cudafy series' kernel, with its per-block
 * reduction, and the same final pass on the device as the others */
static __device__ void cudafy_range(const kperm_u32 *d, int n, kperm_rank begin, kperm_rank end,
                                    kperm_u64 item, kperm_u64 items, kperm_u64 *len, kperm_rank *rank)
{
    kperm_u8 p[KPERM_MAX_N];
    for (kperm_rank r = begin + item; r < end; r += items) {
        kperm_u64 total = 0;
        int from = 0;
        bench_seed_unrank(r, n - 1, p);
        for (int i = 0; i < n - 1; i++) {
            total += d[from * n + p[i] + 1];
            from = p[i] + 1;
        }
        total += d[from * n];
        if (total < *len) {
            *len = total;
            *rank = r;
        }
    }
}

__global__ void __launch_bounds__(TSP_GROUP)
k_tsp(int method, const kperm_u32 *dist, int n, kperm_rank begin, kperm_rank end, tsp_best *groups)
{
    __shared__ tsp_scratch mem;
    kperm_u32 *d = mem.d;
    kperm_u64 item = (kperm_u64)blockIdx.x * blockDim.x + threadIdx.x, items = (kperm_u64)gridDim.x * blockDim.x;
    if (method == KPERM) { /* exactly what kperm-tsp runs */
        tsp_task task = tsp_task_on(tsp_task_of(begin, end, TSP_NONE, 0), n, 1, TSP_BLOCKS);
        tsp_group_search(dist, &task, item, items, threadIdx.x, TSP_GROUP, &mem, &groups[blockIdx.x]);
        return;
    }
    kperm_u64 len = TSP_NONE;
    kperm_rank rank = TSP_NONE, b, e;
    for (int i = threadIdx.x; i < n * n; i += TSP_GROUP)
        d[i] = dist[i];
    __syncthreads();
    if (method == CUDAFY)
        cudafy_range(d, n, begin, end, item, items, &len, &rank);
    else if (method == KPERM_V1) { /* whole blocks of 5!, one contiguous part each */
        kperm_split(begin / TSP_V1_BLOCK, end / TSP_V1_BLOCK, items, item, &b, &e);
        tsp_v1_search_blocks(d, n, 1, b, e, &len, &rank);
    } else {
        kperm_split(begin, end, items, item, &b, &e);
        tsp_search_range(d, n, 1, b, e, &len, &rank);
    }
    mem.lens[threadIdx.x] = len;
    mem.ranks[threadIdx.x] = rank;
    tsp_group_fold(mem.lens, mem.ranks, threadIdx.x, TSP_GROUP);
    if (threadIdx.x == 0) {
        groups[blockIdx.x].length = mem.lens[0];
        groups[blockIdx.x].rank = mem.ranks[0];
    }
}

__global__ void __launch_bounds__(TSP_GROUP) k_final(const tsp_best *groups, int count, tsp_best *best)
{
    __shared__ tsp_scratch mem;
    tsp_group_final(groups, count, best, threadIdx.x, TSP_GROUP, &mem);
}

/* one full search: ms by CUDA events (median of reps after a warm-up), the result */
static double run(int method, const tsp_instance *t, int reps, int sms, tsp_best *out)
{
    kperm_u32 *dist;
    tsp_best *groups, *best, none = {TSP_NONE, TSP_NONE, 0};
    kperm_rank total = bench_fact(t->n - 1);
    int ngroups = sms * 16;
    float ms[BENCH_REPS];
    cudaEvent_t a, b;
    CK(cudaMalloc(&dist, sizeof(kperm_u32) * t->n * t->n));
    CK(cudaMalloc(&groups, sizeof(tsp_best) * ngroups));
    CK(cudaMalloc(&best, sizeof(tsp_best)));
    CK(cudaMemcpy(dist, t->dist, sizeof(kperm_u32) * t->n * t->n, cudaMemcpyHostToDevice));
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int r = -1; r < reps; r++) {
        CK(cudaMemcpy(best, &none, sizeof none, cudaMemcpyHostToDevice));
        CK(cudaEventRecord(a));
        k_tsp<<<ngroups, TSP_GROUP>>>(method, dist, t->n, 0, total, groups);
        k_final<<<1, TSP_GROUP>>>(groups, ngroups, best);
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaGetLastError());
        if (r >= 0)
            CK(cudaEventElapsedTime(&ms[r], a, b));
    }
    CK(cudaMemcpy(out, best, sizeof *out, cudaMemcpyDeviceToHost));
    cudaFree(dist);
    cudaFree(groups);
    cudaFree(best);
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return bench_median(ms, reps);
}

static void instance(const tsp_instance *t, int sms)
{
    kperm_u64 opt = held_karp(t);
    kperm_rank total = bench_fact(t->n - 1);
    double ms[METHODS] = {0, 0, 0, 0};
    tsp_best res[METHODS];
    int first = t->n <= 14 ? CUDAFY : t->n <= 15 ? PLAIN : KPERM_V1;
    for (int m = first; m <= KPERM; m++) {
        double seconds_guess = (double)total / (m == CUDAFY ? 1e10 : m == PLAIN ? 5e10 : 1e12);
        ms[m] = run(m, t, seconds_guess > 2 ? 3 : BENCH_REPS, sms, &res[m]);
        if (res[m].length != opt || res[m].rank != res[first].rank) {
            printf("%s %s: WRONG, length %llu (Held-Karp %llu), rank %llu\n", t->name, method_names[m],
                   res[m].length, opt, res[m].rank);
            exit(1);
        }
    }
    for (int m = first; m <= KPERM; m++) {
        double evaluated = m == CUDAFY ? (double)total : (double)total / 2;
        printf("| %-18s | %2d | %-34s | %10.3f | %9.4g | %9.4g | %llu |\n", t->name, t->n, method_names[m], ms[m],
               evaluated / ms[m] * 1e3, (double)total / ms[m] * 1e3, res[m].length);
    }
    if (first == CUDAFY)
        printf("| %-18s | %2d | **kperm-tsp: %.1fx the Cudafy style, %.1fx the plain incremental, %.2fx the previous kernel** "
               "| | | | |\n", t->name, t->n, ms[CUDAFY] / ms[KPERM], ms[PLAIN] / ms[KPERM], ms[KPERM_V1] / ms[KPERM]);
    else if (first == PLAIN)
        printf("| %-18s | %2d | **kperm-tsp: %.1fx the plain incremental, %.2fx the previous kernel** (Cudafy style skipped: "
               "minutes) | | | | |\n", t->name, t->n, ms[PLAIN] / ms[KPERM], ms[KPERM_V1] / ms[KPERM]);
    else
        printf("| %-18s | %2d | **kperm-tsp: %.2fx the previous kernel** | | | | |\n", t->name, t->n,
               ms[KPERM_V1] / ms[KPERM]);
}

int main(int argc, char **argv)
{
    int count = 0;
    cudaDeviceProp prop;
    tsp_instance t;
    char err[TSP_ERR_SIZE], path[600];
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        printf("SKIP bench_tsp: no CUDA device\n");
        return 0;
    }
    CK(cudaGetDeviceProperties(&prop, 0));
    bench_cuda_upload_tables();
    if (argc == 4 && strcmp(argv[1], "--one") == 0) {
        tsp_best res;
        int m = atoi(argv[2]);
        if (m < 0 || m >= METHODS || tsp_random(atoi(argv[3]), 1, &t, err, sizeof err)) {
            printf("bench_tsp: --one METHOD (0..%d) N\n", METHODS - 1);
            return 1;
        }
        printf("%s, n = %d: %.3f ms, length %llu\n", method_names[m], t.n, run(m, &t, 1, prop.multiProcessorCount, &res),
               res.length);
        return 0;
    }
    printf("device: %s, %d SMs; CUDA events, kernel + final pass, median after a warm-up\n", prop.name,
           prop.multiProcessorCount);
    printf("| instance | n | kernel | ms | tours evaluated/s | (n-1)! orders/s | optimum |\n|---|---|---|---|---|---|---|\n");
    for (int n = 12; n <= 17; n++) {
        tsp_random(n, 1, &t, err, sizeof err);
        instance(&t, prop.multiProcessorCount);
    }
    snprintf(path, sizeof path, "%s/burma14.tsp", argc > 1 ? argv[1] : "data");
    if (tsp_read(path, &t, err, sizeof err)) {
        printf("bench_tsp: %s\n", err);
        return 1;
    }
    instance(&t, prop.multiProcessorCount);
    return 0;
}
