/* tsp_cuda.cu - the CUDA backend: tsp_search.h in a kernel (pruning:
 * tsp_branch.h), the distances in shared memory, a block reduction, and the
 * final pass in a one-block kernel, so one tsp_best is all that comes back. */
#include "kperm_cuda.h"
#define TSP_BARRIER() __syncthreads()
#define TSP_GROUP_FN static __device__ __forceinline__
#include "tsp_backend.h"
#include "tsp_search.h"
#include "tsp_frontier.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__global__ void __launch_bounds__(TSP_GROUP)
tsp_search_kernel(const kperm_u32 *dist, tsp_task task, tsp_best *groups)
{
    __shared__ tsp_scratch mem;
    tsp_group_search(dist, &task, (kperm_u64)blockIdx.x * blockDim.x + threadIdx.x, (kperm_u64)gridDim.x * blockDim.x,
                     (int)threadIdx.x, TSP_GROUP, &mem, &groups[blockIdx.x]);
}

__global__ void __launch_bounds__(TSP_GROUP)
tsp_final_kernel(const tsp_best *groups, int count, tsp_item *result)
{
    __shared__ tsp_scratch mem;
    tsp_group_final(groups, count, &result->best, (int)threadIdx.x, TSP_GROUP, &mem);
}

__global__ void __launch_bounds__(TSP_GROUP)
tsp_branch_kernel(const kperm_u32 *dist, const tsp_relax *relax, tsp_task task, volatile kperm_u32 *counter,
                  volatile kperm_u32 *shared, const tsp_item *incumbent, tsp_item *items)
{
    tsp_item_join(&items[blockIdx.x * blockDim.x + threadIdx.x], incumbent);
    tsp_branch_units(dist, relax, &task, counter, shared, &items[blockIdx.x * blockDim.x + threadIdx.x]);
}

/* the frontier's kernels (tsp_frontier.h, tsp_branch.h) */
__global__ void __launch_bounds__(TSP_GROUP)
tsp_root_kernel(const kperm_u32 *dist, const tsp_relax *relax, tsp_task task, const tsp_item *incumbent,
                volatile kperm_u32 *shared, tsp_node *out)
{
    tsp_branch_root(dist, relax, &task, (kperm_u64)blockIdx.x * blockDim.x + threadIdx.x, incumbent, shared, out);
}

__global__ void __launch_bounds__(TSP_GROUP)
tsp_expand_kernel(const kperm_u32 *dist, const tsp_relax *relax, tsp_task task, const tsp_node *in, kperm_u32 lo,
                  kperm_u32 nin, int slots, const tsp_item *incumbent, volatile kperm_u32 *shared, kperm_u32 *open)
{
    kperm_u64 g = (kperm_u64)blockIdx.x * blockDim.x + threadIdx.x;
    if (lo + g / (kperm_u64)slots < nin)
        tsp_branch_expand(dist, relax, &task, in, lo + (kperm_u32)(g / (kperm_u64)slots), (int)(g % (kperm_u64)slots),
                          incumbent, shared, open);
}

__global__ void __launch_bounds__(TSP_GROUP)
tsp_sums_kernel(const kperm_u32 *open, kperm_u32 nin, kperm_u32 *sums)
{
    __shared__ kperm_u32 mem[TSP_GROUP];
    tsp_level_sums(open, nin, (int)blockIdx.x, sums, (int)threadIdx.x, TSP_GROUP, mem);
}

__global__ void __launch_bounds__(TSP_GROUP)
tsp_offsets_kernel(kperm_u32 *sums, kperm_u32 nin, volatile kperm_u32 *count)
{
    __shared__ kperm_u32 mem[TSP_GROUP];
    tsp_level_offsets(sums, nin, count, (int)threadIdx.x, TSP_GROUP, mem);
}

__global__ void __launch_bounds__(TSP_GROUP)
tsp_place_kernel(const kperm_u32 *dist, tsp_task task, const tsp_node *in, kperm_u32 nin, kperm_u32 *open,
                 const kperm_u32 *sums, kperm_u32 cap, tsp_node *out)
{
    __shared__ kperm_u32 mem[TSP_GROUP];
    tsp_level_place(dist, &task, in, nin, open, sums, cap, out, (int)blockIdx.x, (int)threadIdx.x, TSP_GROUP, mem);
}

__global__ void __launch_bounds__(TSP_GROUP)
tsp_nodes_kernel(const kperm_u32 *dist, const tsp_relax *relax, tsp_task task, const tsp_node *nodes, kperm_u32 lo,
                 kperm_u32 hi, volatile kperm_u32 *counter, volatile kperm_u32 *shared, const tsp_item *incumbent,
                 tsp_item *items)
{
    tsp_branch_nodes(dist, relax, &task, nodes, lo, hi, counter, shared, incumbent,
                     &items[blockIdx.x * blockDim.x + threadIdx.x]);
}

__global__ void __launch_bounds__(TSP_GROUP)
tsp_branch_fold_kernel(const tsp_item *items, int count, tsp_item *out)
{
    __shared__ tsp_branch_scratch mem;
    tsp_branch_fold(items, count, (int)blockIdx.x, (int)gridDim.x, out, (int)threadIdx.x, TSP_GROUP, &mem);
}

#define TSP_MAX_GPUS 16

/* one GPU's share: its copy of the distances, its groups' results, and its
 * running best (with pruning's tally; pruning, the incumbent of every
 * launch: the first tour until the first fold); pruning, the costs it bounds
 * on, the counter of the units taken, the shortest length its work-items
 * know, their running bests and tallies, and the fold's groups' results */
typedef struct {
    kperm_u32 *dist, *shared, *counter;
    tsp_best *groups;
    tsp_item *result;
    tsp_relax *relax;
    tsp_item *items, *fold;
    tsp_node *level[2]; /* the frontier: two levels, the open paths of one and of the next */
    kperm_u32 *open, *sums; /* a level's parents' open children (2 words each, zero between levels), its groups' counts */
    int ngroups;
} cuda_gpu;

typedef struct {
    cuda_gpu gpu[TSP_MAX_GPUS];
    int id[TSP_MAX_GPUS]; /* CUDA device number of each */
    int gpus, n, symmetric, mode;
} cuda_state;

static int cuda_fail(char *err, size_t errsize, const char *what, cudaError_t e)
{
    snprintf(err, errsize, "cuda: %s: %s", what, cudaGetErrorString(e));
    return -1;
}

/* one GPU's pruned task, for tsp_frontier_run */
typedef struct {
    cuda_gpu *d;
    tsp_task t;
} cuda_prune_ctx;

static unsigned blocks_for(kperm_u64 threads)
{
    return (unsigned)((threads + TSP_GROUP - 1) / TSP_GROUP);
}

static int cuda_units(void *ctx)
{
    cuda_prune_ctx *c = (cuda_prune_ctx *)ctx;
    tsp_branch_kernel<<<c->d->ngroups, TSP_GROUP>>>(c->d->dist, c->d->relax, c->t, c->d->counter, c->d->shared,
                                                     c->d->result, c->d->items);
    return (int)cudaGetLastError();
}

static int cuda_roots(void *ctx, kperm_u64 units)
{
    cuda_prune_ctx *c = (cuda_prune_ctx *)ctx;
    tsp_root_kernel<<<blocks_for(units), TSP_GROUP>>>(c->d->dist, c->d->relax, c->t, c->d->result, c->d->shared,
                                                       c->d->level[0]);
    return (int)cudaGetLastError();
}

/* level from's open children marked, counted and placed in order (tsp_level_place) */
static int cuda_expand(void *ctx, int from, kperm_u32 lo, kperm_u32 open, int slots)
{
    cuda_prune_ctx *c = (cuda_prune_ctx *)ctx;
    cuda_gpu *d = c->d;
    tsp_expand_kernel<<<blocks_for((kperm_u64)(open - lo) * (kperm_u64)slots), TSP_GROUP>>>(
        d->dist, d->relax, c->t, d->level[from], lo, open, slots, d->result, d->shared, d->open);
    tsp_sums_kernel<<<blocks_for(open), TSP_GROUP>>>(d->open, open, d->sums);
    tsp_offsets_kernel<<<1, TSP_GROUP>>>(d->sums, open, d->counter);
    tsp_place_kernel<<<blocks_for(open), TSP_GROUP>>>(d->dist, c->t, d->level[from], open, d->open, d->sums,
                                                       TSP_FRONTIER_CAP, d->level[1 - from]);
    return (int)cudaGetLastError();
}

static int cuda_count(void *ctx, kperm_u32 *count)
{
    cuda_prune_ctx *c = (cuda_prune_ctx *)ctx;
    cudaError_t e = cudaMemcpy(count, c->d->counter, sizeof *count, cudaMemcpyDeviceToHost);
    if (e == cudaSuccess)
        e = cudaMemset(c->d->counter, 0, sizeof *c->d->counter);
    return (int)e;
}

static int cuda_below(void *ctx, int level, kperm_u32 lo, kperm_u32 hi)
{
    cuda_prune_ctx *c = (cuda_prune_ctx *)ctx;
    cudaError_t e = cudaMemset(c->d->counter, 0, sizeof *c->d->counter);
    if (e != cudaSuccess)
        return (int)e;
    tsp_nodes_kernel<<<c->d->ngroups, TSP_GROUP>>>(c->d->dist, c->d->relax, c->t, c->d->level[level], lo, hi,
                                                    c->d->counter, c->d->shared, c->d->result, c->d->items);
    return (int)cudaGetLastError();
}

/* the work-items' bests and tallies folded (tsp_branch_fold) by
 * TSP_FOLD_GROUPS groups, then by one into the result */
static int cuda_fold(void *ctx)
{
    cuda_prune_ctx *c = (cuda_prune_ctx *)ctx;
    tsp_branch_fold_kernel<<<TSP_FOLD_GROUPS, TSP_GROUP>>>(c->d->items, c->d->ngroups * TSP_GROUP, c->d->fold);
    tsp_branch_fold_kernel<<<1, TSP_GROUP>>>(c->d->fold, TSP_FOLD_GROUPS, c->d->result);
    return (int)cudaGetLastError();
}

/* the pruned search of task t on one GPU (tsp_frontier.h) */
static cudaError_t cuda_prune(cuda_gpu *d, tsp_task t)
{
    cuda_prune_ctx c = {d, t};
    tsp_frontier_ops ops = {&c, TSP_FRONTIER_CAP, (kperm_u32)d->ngroups * TSP_GROUP, cuda_units, cuda_roots, cuda_expand, cuda_count, cuda_below,
                            cuda_fold};
    cudaError_t e = cudaMemset(d->counter, 0, sizeof *d->counter);
    return e == cudaSuccess ? (cudaError_t)tsp_frontier_run(&ops, &t) : e;
}

/* one GPU's part of a pruned task, searched by a host thread of its own:
 * the frontier waits for its GPU between launches (tsp_frontier.h), so
 * GPUs driven from one thread would take turns */
typedef struct {
    cuda_state *s;
    int g;
    tsp_task t;
    cudaError_t e;
} cuda_part;

static void *cuda_prune_part(void *arg)
{
    cuda_part *p = (cuda_part *)arg;
    p->e = cudaSetDevice(p->s->id[p->g]);
    if (p->e == cudaSuccess && p->t.begin < p->t.end)
        p->e = cuda_prune(&p->s->gpu[p->g], p->t);
    if (p->e == cudaSuccess)
        p->e = cudaDeviceSynchronize();
    return NULL;
}

/* The pruned task t cut into one contiguous part per GPU, all searched at
 * once: the first GPU's by this thread, each other's by a thread of its
 * own (by this thread after the first, where none can start). Contiguous
 * parts cost each GPU one frontier, as before; a search whose costly
 * units lie in one part is as fast as on one GPU, and MPI ranks, one per
 * GPU, share such a search in smaller chunks (samples/tsp/README.md). */
static int cuda_prune_all(cuda_state *s, tsp_task t, char *err, size_t errsize)
{
    cuda_part part[TSP_MAX_GPUS];
    pthread_t thread[TSP_MAX_GPUS];
    int started[TSP_MAX_GPUS], g;
    cudaError_t e = cudaSuccess;
    for (g = 0; g < s->gpus; g++) {
        part[g].s = s;
        part[g].g = g;
        part[g].t = t;
        kperm_split(t.begin, t.end, (kperm_u64)s->gpus, (kperm_u64)g, &part[g].t.begin, &part[g].t.end);
        started[g] = g > 0 && pthread_create(&thread[g], NULL, cuda_prune_part, &part[g]) == 0;
    }
    for (g = 0; g < s->gpus; g++) {
        if (started[g])
            pthread_join(thread[g], NULL);
        else
            cuda_prune_part(&part[g]);
        if (e == cudaSuccess)
            e = part[g].e;
    }
    return e == cudaSuccess ? 0 : cuda_fail(err, errsize, "running the search kernel", e);
}

/* The task's range cut into one contiguous part per GPU (whole blocks
 * where the block search runs), launched on all of them with the final
 * pass, then waited for; pruned, cuda_prune_all. */
static int cuda_search(tsp_backend *b, const tsp_task *task, char *err, size_t errsize)
{
    cuda_state *s = (cuda_state *)b->state;
    kperm_u64 unit = s->mode == TSP_BLOCKS ? TSP_BLOCK : 1;
    cudaError_t e = cudaSuccess;
    tsp_task mine = tsp_task_on(*task, s->n, s->symmetric, s->mode);
    int g;
    if (s->mode == TSP_PRUNED)
        return cuda_prune_all(s, mine, err, errsize);
    for (g = 0; g < s->gpus && e == cudaSuccess; g++) {
        cuda_gpu *d = &s->gpu[g];
        kperm_split(task->begin / unit, task->end / unit, (kperm_u64)s->gpus, (kperm_u64)g, &mine.begin, &mine.end);
        mine.begin *= unit;
        mine.end *= unit; /* the block search gets whole blocks: kperm-tsp aligns its batches */
        e = cudaSetDevice(s->id[g]);
        if (e == cudaSuccess && mine.begin < mine.end) {
            tsp_search_kernel<<<d->ngroups, TSP_GROUP>>>(d->dist, mine, d->groups);
            tsp_final_kernel<<<1, TSP_GROUP>>>(d->groups, d->ngroups, d->result);
        }
        if (e == cudaSuccess)
            e = cudaGetLastError();
    }
    for (g = 0; g < s->gpus && e == cudaSuccess; g++) {
        e = cudaSetDevice(s->id[g]);
        if (e == cudaSuccess)
            e = cudaDeviceSynchronize();
    }
    return e == cudaSuccess ? 0 : cuda_fail(err, errsize, "running the search kernel", e);
}

/* the GPUs' running bests folded: shorter, then first in rank order */
static int cuda_result(tsp_backend *b, tsp_best *best, tsp_tally *tally, char *err, size_t errsize)
{
    cuda_state *s = (cuda_state *)b->state;
    tsp_item mine;
    int g;
    *best = tsp_best_none();
    tally->visited = tally->pruned = 0;
    for (g = 0; g < s->gpus; g++) {
        cudaError_t e = cudaSetDevice(s->id[g]);
        if (e == cudaSuccess)
            e = cudaMemcpy(&mine, s->gpu[g].result, sizeof mine, cudaMemcpyDeviceToHost);
        if (e != cudaSuccess)
            return cuda_fail(err, errsize, "reading the result", e);
        if (tsp_best_better(&mine.best, best))
            *best = mine.best;
        tally->visited += mine.tally.visited;
        tally->pruned += mine.tally.pruned;
    }
    return 0;
}

static void cuda_close(tsp_backend *b)
{
    cuda_state *s = (cuda_state *)b->state;
    int g;
    if (!s)
        return;
    for (g = 0; g < s->gpus; g++) {
        cudaSetDevice(s->id[g]);
        cudaFree(s->gpu[g].dist);
        cudaFree(s->gpu[g].groups);
        cudaFree(s->gpu[g].result);
        cudaFree(s->gpu[g].shared);
        cudaFree(s->gpu[g].counter);
        cudaFree(s->gpu[g].relax);
        cudaFree(s->gpu[g].items);
        cudaFree(s->gpu[g].level[0]);
        cudaFree(s->gpu[g].level[1]);
        cudaFree(s->gpu[g].open);
        cudaFree(s->gpu[g].sums);
        cudaFree(s->gpu[g].fold);
    }
    free(s);
    b->state = NULL;
}

/* one GPU made ready: tables, distances, buffers (pruning: the costs, every
 * work-item's running best and the incumbent, the first tour, and the
 * frontier's levels, with no child marked) */
static cudaError_t cuda_setup(cuda_gpu *d, int g, const tsp_instance *inst, const tsp_place *place,
                              cudaDeviceProp *prop)
{
    tsp_item none;
    tsp_item *fresh = NULL;
    kperm_u32 unknown = TSP_NONE32;
    size_t bytes = sizeof(kperm_u32) * inst->n * inst->n, items;
    cudaError_t e = cudaSetDevice(g);
    int i;
    none.best = tsp_best_none();
    none.tally.visited = none.tally.pruned = 0;
    if (e == cudaSuccess) e = cudaGetDeviceProperties(prop, g);
    d->ngroups = prop->multiProcessorCount * 16; /* enough blocks to fill every SM */
    items = (size_t)d->ngroups * TSP_GROUP;
    if (e == cudaSuccess) e = kperm_cuda_upload_tables(); /* per device */
#ifdef TSP_FAULTS /* kperm-tsp-faults, the fault tests' build, only */
    if (e == cudaSuccess && getenv("KPERM_TSP_FAULT_CUDA_MALLOC"))
        e = cudaErrorMemoryAllocation;
#endif
    if (e == cudaSuccess) e = cudaMalloc(&d->dist, bytes);
    if (e == cudaSuccess) e = cudaMalloc(&d->groups, sizeof(tsp_best) * d->ngroups);
    if (e == cudaSuccess) e = cudaMalloc(&d->result, sizeof(tsp_item));
    if (e == cudaSuccess) e = cudaMalloc(&d->shared, sizeof(kperm_u32));
    if (e == cudaSuccess) e = cudaMalloc(&d->counter, sizeof(kperm_u32));
    if (e == cudaSuccess) e = cudaMemcpy(d->shared, &unknown, sizeof unknown, cudaMemcpyHostToDevice);
    if (e == cudaSuccess) e = cudaMemcpy(d->dist, inst->dist, bytes, cudaMemcpyHostToDevice);
    if (place->prune)
        none = tsp_item_first(place->relax);
    if (e == cudaSuccess) e = cudaMemcpy(d->result, &none, sizeof none, cudaMemcpyHostToDevice);
    if (e != cudaSuccess || !place->prune)
        return e;
    if (!(fresh = (tsp_item *)malloc(sizeof *fresh * items)))
        return cudaErrorMemoryAllocation;
    for (i = 0; i < (int)items; i++)
        fresh[i] = tsp_item_first(place->relax);
    e = cudaMalloc(&d->relax, sizeof(tsp_relax));
    if (e == cudaSuccess) e = cudaMalloc(&d->items, sizeof(tsp_item) * items);
    if (e == cudaSuccess) e = cudaMalloc(&d->fold, sizeof(tsp_item) * TSP_FOLD_GROUPS);
    if (e == cudaSuccess) e = cudaMalloc(&d->level[0], sizeof(tsp_node) * TSP_FRONTIER_CAP);
    if (e == cudaSuccess) e = cudaMalloc(&d->level[1], sizeof(tsp_node) * TSP_FRONTIER_CAP);
    if (e == cudaSuccess) e = cudaMalloc(&d->open, sizeof(kperm_u32) * 2 * TSP_FRONTIER_CAP);
    if (e == cudaSuccess) e = cudaMemset(d->open, 0, sizeof(kperm_u32) * 2 * TSP_FRONTIER_CAP);
    if (e == cudaSuccess) e = cudaMalloc(&d->sums, sizeof(kperm_u32) * (TSP_FRONTIER_CAP / TSP_GROUP));
    if (e == cudaSuccess) e = cudaMemcpy(d->relax, place->relax, sizeof(tsp_relax), cudaMemcpyHostToDevice);
    if (e == cudaSuccess) e = cudaMemcpy(d->items, fresh, sizeof(tsp_item) * items, cudaMemcpyHostToDevice);
    free(fresh);
    return e;
}

/* place->gpus GPUs (0: all) from place->first_gpu on, modulo the GPUs seen */
/* why cudaGetDeviceCount found no GPU, in words: without a GPU there is no
 * driver either, which the runtime reports as "CUDA driver version is
 * insufficient"; a plain "no CUDA device" is what that user needs to hear */
static const char *no_device(cudaError_t e)
{
    static char why[200];
    if (e == cudaSuccess || e == cudaErrorNoDevice
        || (e == cudaErrorInsufficientDriver && access("/proc/driver/nvidia", F_OK) != 0))
        return "no CUDA device";
    snprintf(why, sizeof why, "no usable CUDA device (%s)", cudaGetErrorString(e));
    return why;
}

static pthread_t warm_thread;
static int warming, warm_gpu;
static double warm_delay;
static pthread_mutex_t warm_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t warm_cond; /* on warm_clock, set up by tsp_cuda_warm */
static clockid_t warm_clock = CLOCK_MONOTONIC;
static int warm_set_up; /* warm_cond and warm_clock */
static int warm_begun, warm_called_off; /* under warm_lock */

/* waits warm_delay seconds unless called off first; 1: go on */
static int warm_after_delay(void)
{
    struct timespec until;
    int go;
    clock_gettime(warm_clock, &until);
    until.tv_sec += (time_t)warm_delay;
    until.tv_nsec += (long)((warm_delay - (double)(time_t)warm_delay) * 1e9);
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&warm_lock);
    while (!warm_called_off && pthread_cond_timedwait(&warm_cond, &warm_lock, &until) == 0)
        ;
    go = warm_begun = !warm_called_off;
    pthread_mutex_unlock(&warm_lock);
    return go;
}

/* the context of the GPU tsp_cuda_open will take first (modulo the GPUs
 * seen); an error shows again where it matters, in tsp_cuda_open */
static void *warm(void *)
{
    int count = 0;
    if (!warm_after_delay())
        return NULL;
    if (cudaGetDeviceCount(&count) == cudaSuccess && count > 0 && cudaSetDevice(warm_gpu % count) == cudaSuccess)
        cudaFree(0);
    return NULL;
}

static void warm_wait(void)
{
    if (warming)
        pthread_join(warm_thread, NULL);
    warming = 0;
}

/* at exit: a start-up not begun never begins */
static void warm_end(void)
{
    tsp_cuda_warm_call_off();
    warm_wait();
}

extern "C" void tsp_cuda_warm(int gpu, double delay)
{
    pthread_condattr_t monotonic;
    if (warming)
        return;
    warm_gpu = gpu;
    warm_delay = delay;
    pthread_condattr_init(&monotonic);
    if (pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC) != 0)
        warm_clock = CLOCK_REALTIME; /* the condition's own clock */
    pthread_cond_init(&warm_cond, &monotonic);
    pthread_condattr_destroy(&monotonic);
    warm_set_up = 1;
    warming = pthread_create(&warm_thread, NULL, warm, NULL) == 0;
    if (warming)
        atexit(warm_end);
}

extern "C" int tsp_cuda_warm_call_off(void)
{
    int begun;
    if (!warm_set_up) /* tsp_cuda_warm never called */
        return 0;
    pthread_mutex_lock(&warm_lock);
    begun = warm_begun;
    warm_called_off = !begun;
    pthread_cond_signal(&warm_cond);
    pthread_mutex_unlock(&warm_lock);
    return begun;
}

extern "C" int tsp_cuda_open(tsp_backend *b, const tsp_instance *inst, int gpu_only, const tsp_place *place,
                             char *err, size_t errsize)
{
    int count = 0, g, gpus = place->gpus, most;
    cudaDeviceProp prop;
    cudaError_t e;
    cuda_state *s;
    (void)gpu_only;
    warm_wait();
    e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        snprintf(err, errsize, "cuda: %s", no_device(e));
        return 1;
    }
    most = count;
#ifdef TSP_FAULTS /* the fault tests' build only: KPERM_TSP_CUDA_SLOTS=K opens K GPUs (modulo those seen),
                   * so that the search on several GPUs runs on one */
    if (getenv("KPERM_TSP_CUDA_SLOTS")) {
        gpus = atoi(getenv("KPERM_TSP_CUDA_SLOTS")) > 0 ? atoi(getenv("KPERM_TSP_CUDA_SLOTS")) : 1;
        most = TSP_MAX_GPUS;
    }
#endif
    if (gpus > TSP_MAX_GPUS) {
        snprintf(err, errsize, "cuda: --gpus %d: a process uses at most %d", gpus, TSP_MAX_GPUS);
        return -1;
    }
    if (gpus > most) {
        snprintf(err, errsize, "cuda: --gpus %d, but this host has %d", gpus, count);
        return -1;
    }
    s = (cuda_state *)calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "cuda: out of memory");
        return -1;
    }
    b->state = s;
    s->n = inst->n;
    s->symmetric = inst->symmetric;
    s->mode = tsp_mode_for(inst->dist, inst->n, place->prune);
    s->gpus = gpus ? gpus : count < TSP_MAX_GPUS ? count : TSP_MAX_GPUS;
    for (g = 0; g < s->gpus && e == cudaSuccess; g++) {
        s->id[g] = (place->first_gpu + g) % count;
        e = cuda_setup(&s->gpu[g], s->id[g], inst, place, &prop);
    }
    if (e != cudaSuccess) {
        s->gpus = g;
        cuda_fail(err, errsize, "setting up", e);
        cuda_close(b);
        return -1;
    }
    b->name = "cuda";
    if (s->gpus > 1)
        snprintf(b->device, sizeof b->device, "%d x %.200s", s->gpus, prop.name);
    else
        snprintf(b->device, sizeof b->device, "%.200s", prop.name);
    b->is_gpu = 1;
    b->search = cuda_search;
    b->result = cuda_result;
    b->close = cuda_close;
    return 0;
}

extern "C" void tsp_cuda_list(void)
{
    int count = 0, g;
    cudaError_t e;
    warm_wait();
    e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0)
        printf("cuda        %s\n", no_device(e));
    for (g = 0; g < count; g++) {
        cudaDeviceProp prop;
        if (cudaGetDeviceProperties(&prop, g) == cudaSuccess)
            printf("cuda %d      %s, %d SMs, %.1f GiB (--backend cuda; --gpus)\n", g, prop.name,
                   prop.multiProcessorCount, (double)prop.totalGlobalMem / (1 << 30));
    }
}
