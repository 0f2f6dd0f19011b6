/* tsp_opencl.c - the OpenCL backend: a GPU first, else any device (POCL's CPU).
 * One search launch per call (pruning: the frontier's launches), then the
 * final pass on the device; the host reads one tsp_item at the end. */
#define CL_TARGET_OPENCL_VERSION 120
#include "tsp_backend.h"
#include "tsp_branch.h" /* tsp_item_first */
#include "tsp_frontier.h"
#include "cl_build_quiet.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const char tsp_kernel_source_text[]; /* generated from tsp_kernel.cl */

/* the kernels' arguments, in tsp_kernel.cl's order */
enum search_arg { SEARCH_DIST, SEARCH_TASK, SEARCH_GROUPS };
enum final_arg { FINAL_GROUPS, FINAL_COUNT, FINAL_RESULT };
enum branch_arg { BRANCH_DIST, BRANCH_RELAX, BRANCH_TASK, BRANCH_COUNTER, BRANCH_SHARED, BRANCH_INCUMBENT, BRANCH_ITEMS };
enum fold_arg { FOLD_ITEMS, FOLD_COUNT, FOLD_OUT };
enum frontier_arg {
    F_DIST, F_RELAX, F_TASK, F_SHARED, F_COUNTER, F_CAP, F_IN, F_LO, F_NIN, F_SLOTS, F_OUT, F_OPEN, F_SUMS, F_INCUMBENT,
    F_ITEMS
};
enum frontier_kernel { ROOTS, EXPAND, SUMS, OFFSETS, PLACE, BELOW, FRONTIER_KERNELS };
static const char *frontier_names[FRONTIER_KERNELS] = {"tsp_root_kernel",    "tsp_expand_kernel", "tsp_sums_kernel",
                                                       "tsp_offsets_kernel", "tsp_place_kernel",  "tsp_nodes_kernel"};

typedef struct {
    cl_context ctx;
    cl_command_queue queue;
    cl_program prog;
    cl_kernel search, final; /* tsp_search_kernel and tsp_final, or pruning tsp_branch_kernel and tsp_branch_fold */
    cl_mem dist, groups, result, relax, counter, shared, items, fold; /* the last five: see tsp_cuda.cu's cuda_gpu */
    cl_kernel frontier[FRONTIER_KERNELS]; /* pruning: tsp_frontier.h's launches */
    cl_mem level[2], open, sums;          /* and their buffers, as tsp_cuda.cu's */
    cl_uint cap;
    cl_int n, symmetric, mode, ngroups;
} opencl_state;

static int opencl_fail(char *err, size_t errsize, const char *what, cl_int code)
{
    snprintf(err, errsize, "opencl: %s failed (error %d)", what, (int)code);
    return -1;
}

/* every device of `type` on the platforms, in platform order, into devs */
static cl_uint devices_of(const cl_platform_id *plats, cl_uint np, cl_device_type type, cl_device_id *devs)
{
    cl_uint p, nd, n = 0;
    for (p = 0; p < np && n < 64; p++)
        if (clGetDeviceIDs(plats[p], type, 64 - n, devs + n, &nd) == CL_SUCCESS)
            n += nd < 64 - n ? nd : 64 - n;
    return n;
}

/* The device `want` names: "P:D" (platform P's device D, as --list-devices
 * numbers them), "cpu" or "gpu" (the first of that type), or NULL: GPU
 * number `which` (modulo the GPUs of every platform), else (unless
 * gpu_only) the first device. 0, or -1 with err said. */
static int pick_device(const char *want, int gpu_only, int which, cl_device_id *dev, char *err, size_t errsize)
{
    cl_platform_id plats[16];
    cl_device_id devs[64];
    cl_uint np = 0, n;
    unsigned pi, di;
    char tail;
    int cpu = want && strcmp(want, "cpu") == 0;
    if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS || np == 0) {
        snprintf(err, errsize, "opencl: no OpenCL platform (no ICD installed, e.g. pocl-opencl-icd)");
        return -1;
    }
    np = np < 16 ? np : 16;
    if (want && sscanf(want, "%u:%u%c", &pi, &di, &tail) == 2) {
        if (pi < np && clGetDeviceIDs(plats[pi], CL_DEVICE_TYPE_ALL, 64, devs, &n) == CL_SUCCESS && di < n) {
            *dev = devs[di];
            return 0;
        }
        snprintf(err, errsize, "opencl: no device %s (see --list-devices)", want);
        return -1;
    }
    n = devices_of(plats, np, cpu ? CL_DEVICE_TYPE_CPU : CL_DEVICE_TYPE_GPU, devs);
    if (n) {
        *dev = devs[cpu ? 0 : (cl_uint)which % n];
        return 0;
    }
    if (!want && !gpu_only && devices_of(plats, np, CL_DEVICE_TYPE_ALL, devs)) {
        *dev = devs[0];
        return 0;
    }
    snprintf(err, errsize, "opencl: no %s device", cpu ? "CPU" : "GPU");
    return -1;
}

void tsp_opencl_list(void)
{
    cl_platform_id plats[16];
    cl_device_id devs[64];
    cl_uint np = 0, p, nd, d;
    if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS)
        np = 0;
    for (p = 0; p < np && p < 16; p++) {
        char pname[100] = "";
        clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL);
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 64, devs, &nd) != CL_SUCCESS)
            nd = 0;
        for (d = 0; d < nd && d < 64; d++) {
            char name[200] = "";
            cl_device_type type = 0;
            clGetDeviceInfo(devs[d], CL_DEVICE_NAME, sizeof name - 1, name, NULL);
            clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
            printf("opencl %u:%u  %s (%s, %s) (--backend opencl --device %u:%u)\n", p, d, name,
                   type & CL_DEVICE_TYPE_GPU ? "GPU" : type & CL_DEVICE_TYPE_CPU ? "CPU" : "other", pname, p, d);
        }
    }
    if (np == 0)
        printf("opencl      no OpenCL platform\n");
}

/* a launch over `items` work-items (rounded up to whole groups) */
static cl_int launch(opencl_state *s, cl_kernel k, kperm_u64 items)
{
    size_t local = TSP_GROUP, global = (size_t)((items + TSP_GROUP - 1) / TSP_GROUP * TSP_GROUP);
    return clEnqueueNDRangeKernel(s->queue, k, 1, NULL, &global, &local, 0, NULL, NULL);
}

/* tsp_frontier.h's launches on this device */
static int cl_units(void *ctx)
{
    opencl_state *s = (opencl_state *)ctx;
    return launch(s, s->search, (kperm_u64)s->ngroups * TSP_GROUP);
}

static int cl_roots(void *ctx, kperm_u64 units)
{
    opencl_state *s = (opencl_state *)ctx;
    return launch(s, s->frontier[ROOTS], units);
}

/* level from's open children marked, counted and placed in order (tsp_level_place) */
static int cl_expand(void *ctx, int from, kperm_u32 lo, kperm_u32 open, int slots)
{
    static const int steps[] = {EXPAND, SUMS, OFFSETS, PLACE};
    opencl_state *s = (opencl_state *)ctx;
    cl_int rc = CL_SUCCESS;
    int i;
    for (i = 0; i < 4 && rc == CL_SUCCESS; i++) {
        cl_kernel k = s->frontier[steps[i]];
        rc = clSetKernelArg(k, F_IN, sizeof(cl_mem), &s->level[from]);
        rc |= clSetKernelArg(k, F_OUT, sizeof(cl_mem), &s->level[1 - from]);
        rc |= clSetKernelArg(k, F_LO, sizeof lo, &lo);
        rc |= clSetKernelArg(k, F_NIN, sizeof open, &open);
        rc |= clSetKernelArg(k, F_SLOTS, sizeof slots, &slots);
        if (rc == CL_SUCCESS) /* one work-item per child to bound, then one per parent (OFFSETS: one group) */
            rc = launch(s, k, steps[i] == EXPAND ? (kperm_u64)(open - lo) * (kperm_u64)slots : steps[i] == OFFSETS ? 1 : open);
    }
    return rc;
}

static int cl_count(void *ctx, kperm_u32 *count)
{
    opencl_state *s = (opencl_state *)ctx;
    cl_uint zero = 0;
    cl_int rc = clEnqueueReadBuffer(s->queue, s->counter, CL_TRUE, 0, sizeof *count, count, 0, NULL, NULL);
    return rc != CL_SUCCESS ? rc : clEnqueueWriteBuffer(s->queue, s->counter, CL_TRUE, 0, sizeof zero, &zero, 0, NULL, NULL);
}

static int cl_below(void *ctx, int level, kperm_u32 lo, kperm_u32 hi)
{
    opencl_state *s = (opencl_state *)ctx;
    cl_kernel k = s->frontier[BELOW];
    cl_uint zero = 0;
    cl_int rc = clEnqueueWriteBuffer(s->queue, s->counter, CL_TRUE, 0, sizeof zero, &zero, 0, NULL, NULL);
    rc |= clSetKernelArg(k, F_IN, sizeof(cl_mem), &s->level[level]);
    rc |= clSetKernelArg(k, F_LO, sizeof lo, &lo);
    rc |= clSetKernelArg(k, F_NIN, sizeof hi, &hi);
    return rc != CL_SUCCESS ? rc : launch(s, k, (kperm_u64)s->ngroups * TSP_GROUP);
}

/* the pruned search's fold (tsp_branch_fold): the work-items' items into
 * TSP_FOLD_GROUPS results, those into the one result */
static int cl_fold(void *ctx)
{
    opencl_state *s = (opencl_state *)ctx;
    cl_int count = s->ngroups * TSP_GROUP, groups = TSP_FOLD_GROUPS;
    cl_int rc = clSetKernelArg(s->final, FOLD_ITEMS, sizeof s->items, &s->items);
    rc |= clSetKernelArg(s->final, FOLD_COUNT, sizeof count, &count);
    rc |= clSetKernelArg(s->final, FOLD_OUT, sizeof s->fold, &s->fold);
    if (rc == CL_SUCCESS)
        rc = launch(s, s->final, (kperm_u64)TSP_FOLD_GROUPS * TSP_GROUP);
    if (rc == CL_SUCCESS) {
        rc = clSetKernelArg(s->final, FOLD_ITEMS, sizeof s->fold, &s->fold);
        rc |= clSetKernelArg(s->final, FOLD_COUNT, sizeof groups, &groups);
        rc |= clSetKernelArg(s->final, FOLD_OUT, sizeof s->result, &s->result);
    }
    return rc == CL_SUCCESS ? launch(s, s->final, TSP_GROUP) : rc;
}

/* as cuda_search, on one device: the task is the kernels' one argument
 * that changes with every search */
static int opencl_search(tsp_backend *b, const tsp_task *task, char *err, size_t errsize)
{
    opencl_state *s = (opencl_state *)b->state;
    size_t local = TSP_GROUP;
    tsp_task mine = tsp_task_on(*task, s->n, s->symmetric, s->mode);
    tsp_frontier_ops ops = {NULL, 0, 0, cl_units, cl_roots, cl_expand, cl_count, cl_below, cl_fold};
    cl_uint zero = 0;
    cl_int rc;
    int k;
    ops.ctx = s;
    ops.cap = s->cap;
    ops.width = (kperm_u32)s->ngroups * TSP_GROUP;
    rc = clSetKernelArg(s->search, s->mode == TSP_PRUNED ? BRANCH_TASK : SEARCH_TASK, sizeof mine, &mine);
    for (k = 0; s->mode == TSP_PRUNED && k < FRONTIER_KERNELS; k++)
        rc |= clSetKernelArg(s->frontier[k], F_TASK, sizeof mine, &mine);
    if (rc != CL_SUCCESS)
        return opencl_fail(err, errsize, "clSetKernelArg", rc);
    if (s->mode == TSP_PRUNED) {
        rc = clEnqueueWriteBuffer(s->queue, s->counter, CL_TRUE, 0, sizeof zero, &zero, 0, NULL, NULL);
        if (rc == CL_SUCCESS)
            rc = tsp_frontier_run(&ops, &mine);
    } else {
        rc = cl_units(s);
        if (rc == CL_SUCCESS)
            rc = clEnqueueNDRangeKernel(s->queue, s->final, 1, NULL, &local, &local, 0, NULL, NULL);
    }
    if (rc == CL_SUCCESS)
        rc = clFinish(s->queue);
    return rc == CL_SUCCESS ? 0 : opencl_fail(err, errsize, "running the search kernel", rc);
}

static int opencl_result(tsp_backend *b, tsp_best *best, tsp_tally *tally, char *err, size_t errsize)
{
    opencl_state *s = (opencl_state *)b->state;
    tsp_item mine;
    cl_int rc = clEnqueueReadBuffer(s->queue, s->result, CL_TRUE, 0, sizeof mine, &mine, 0, NULL, NULL);
    if (rc != CL_SUCCESS)
        return opencl_fail(err, errsize, "reading the result", rc);
    *best = mine.best;
    *tally = mine.tally;
    return 0;
}

static void opencl_close(tsp_backend *b)
{
    opencl_state *s = (opencl_state *)b->state;
    int i;
    if (!s)
        return;
    if (s->dist) clReleaseMemObject(s->dist);
    if (s->groups) clReleaseMemObject(s->groups);
    if (s->result) clReleaseMemObject(s->result);
    if (s->relax) clReleaseMemObject(s->relax);
    if (s->counter) clReleaseMemObject(s->counter);
    if (s->shared) clReleaseMemObject(s->shared);
    if (s->items) clReleaseMemObject(s->items);
    if (s->fold) clReleaseMemObject(s->fold);
    if (s->level[0]) clReleaseMemObject(s->level[0]);
    if (s->level[1]) clReleaseMemObject(s->level[1]);
    if (s->open) clReleaseMemObject(s->open);
    if (s->sums) clReleaseMemObject(s->sums);
    for (i = 0; i < FRONTIER_KERNELS; i++)
        if (s->frontier[i])
            clReleaseKernel(s->frontier[i]);
    if (s->search) clReleaseKernel(s->search);
    if (s->final) clReleaseKernel(s->final);
    if (s->prog) clReleaseProgram(s->prog);
    if (s->queue) clReleaseCommandQueue(s->queue);
    if (s->ctx) clReleaseContext(s->ctx);
    free(s);
    b->state = NULL;
}

/* the device's buffers: the distances, the groups' results, the running
 * best (and pruning's tally; pruning's incumbent, the first tour before the
 * first fold); pruning, the costs, the units' counter, the shared shortest
 * length, each work-item's running best and tally (the first tour, nothing
 * counted), the fold's groups' results, the frontier's two levels, each
 * parent's marks (none) and each group's count */
static cl_int make_buffers(opencl_state *s, const tsp_instance *inst, const tsp_relax *relax)
{
    const cl_mem_flags rw = CL_MEM_READ_WRITE, init = CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR;
    size_t items = (size_t)s->ngroups * TSP_GROUP, i;
    cl_uint unknown = TSP_NONE32;
    const cl_uint zero = 0;
    tsp_item none, *fresh;
    cl_int rc;
    none.best = tsp_best_none();
    none.tally.visited = none.tally.pruned = 0;
    if (s->mode == TSP_PRUNED)
        none = tsp_item_first(relax);
    s->dist = clCreateBuffer(s->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                             sizeof(cl_uint) * (size_t)(inst->n * inst->n), (void *)inst->dist, &rc);
    if (rc == CL_SUCCESS)
        s->groups = clCreateBuffer(s->ctx, rw, sizeof(tsp_best) * (size_t)s->ngroups, NULL, &rc);
    if (rc == CL_SUCCESS)
        s->result = clCreateBuffer(s->ctx, init, sizeof none, &none, &rc);
    if (rc != CL_SUCCESS || s->mode != TSP_PRUNED)
        return rc;
    if (!(fresh = (tsp_item *)malloc(sizeof *fresh * items)))
        return CL_OUT_OF_HOST_MEMORY;
    for (i = 0; i < items; i++)
        fresh[i] = tsp_item_first(relax);
    s->relax = clCreateBuffer(s->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof *relax, (void *)relax, &rc);
    if (rc == CL_SUCCESS)
        s->counter = clCreateBuffer(s->ctx, rw, sizeof(cl_uint), NULL, &rc);
    if (rc == CL_SUCCESS)
        s->shared = clCreateBuffer(s->ctx, init, sizeof unknown, &unknown, &rc);
    if (rc == CL_SUCCESS)
        s->items = clCreateBuffer(s->ctx, init, sizeof *fresh * items, fresh, &rc);
    if (rc == CL_SUCCESS)
        s->fold = clCreateBuffer(s->ctx, rw, sizeof *fresh * TSP_FOLD_GROUPS, NULL, &rc);
    for (i = 0; i < 2 && rc == CL_SUCCESS; i++)
        s->level[i] = clCreateBuffer(s->ctx, rw, sizeof(tsp_node) * s->cap, NULL, &rc);
    if (rc == CL_SUCCESS)
        s->open = clCreateBuffer(s->ctx, rw, sizeof(cl_uint) * 2 * s->cap, NULL, &rc);
    if (rc == CL_SUCCESS)
        rc = clEnqueueFillBuffer(s->queue, s->open, &zero, sizeof zero, 0, sizeof(cl_uint) * 2 * s->cap, 0, NULL, NULL);
    if (rc == CL_SUCCESS)
        s->sums = clCreateBuffer(s->ctx, rw, sizeof(cl_uint) * (s->cap / TSP_GROUP), NULL, &rc);
    free(fresh);
    return rc;
}

/* the kernels' arguments that stay the same for every search */
static cl_int set_fixed_args(opencl_state *s)
{
    cl_int rc;
    int k;
    if (s->mode != TSP_PRUNED) {
        rc = clSetKernelArg(s->search, SEARCH_DIST, sizeof s->dist, &s->dist);
        rc |= clSetKernelArg(s->search, SEARCH_GROUPS, sizeof s->groups, &s->groups);
        rc |= clSetKernelArg(s->final, FINAL_GROUPS, sizeof s->groups, &s->groups);
        rc |= clSetKernelArg(s->final, FINAL_COUNT, sizeof s->ngroups, &s->ngroups);
        return rc | clSetKernelArg(s->final, FINAL_RESULT, sizeof s->result, &s->result);
    }
    rc = clSetKernelArg(s->search, BRANCH_DIST, sizeof s->dist, &s->dist);
    rc |= clSetKernelArg(s->search, BRANCH_RELAX, sizeof s->relax, &s->relax);
    rc |= clSetKernelArg(s->search, BRANCH_COUNTER, sizeof s->counter, &s->counter);
    rc |= clSetKernelArg(s->search, BRANCH_SHARED, sizeof s->shared, &s->shared);
    rc |= clSetKernelArg(s->search, BRANCH_INCUMBENT, sizeof s->result, &s->result);
    rc |= clSetKernelArg(s->search, BRANCH_ITEMS, sizeof s->items, &s->items);
    for (k = 0; k < FRONTIER_KERNELS; k++) { /* the level arguments get their values before each launch */
        cl_uint none = 0; /* the roots' out stays level 0 */
        cl_int one = 1;
        rc |= clSetKernelArg(s->frontier[k], F_DIST, sizeof s->dist, &s->dist);
        rc |= clSetKernelArg(s->frontier[k], F_RELAX, sizeof s->relax, &s->relax);
        rc |= clSetKernelArg(s->frontier[k], F_SHARED, sizeof s->shared, &s->shared);
        rc |= clSetKernelArg(s->frontier[k], F_COUNTER, sizeof s->counter, &s->counter);
        rc |= clSetKernelArg(s->frontier[k], F_CAP, sizeof s->cap, &s->cap);
        rc |= clSetKernelArg(s->frontier[k], F_IN, sizeof s->level[0], &s->level[0]);
        rc |= clSetKernelArg(s->frontier[k], F_LO, sizeof none, &none);
        rc |= clSetKernelArg(s->frontier[k], F_NIN, sizeof none, &none);
        rc |= clSetKernelArg(s->frontier[k], F_SLOTS, sizeof one, &one);
        rc |= clSetKernelArg(s->frontier[k], F_OUT, sizeof s->level[0], &s->level[0]);
        rc |= clSetKernelArg(s->frontier[k], F_OPEN, sizeof s->open, &s->open);
        rc |= clSetKernelArg(s->frontier[k], F_SUMS, sizeof s->sums, &s->sums);
        rc |= clSetKernelArg(s->frontier[k], F_INCUMBENT, sizeof s->result, &s->result);
        rc |= clSetKernelArg(s->frontier[k], F_ITEMS, sizeof s->items, &s->items);
    }
    return rc;
}

static int build(opencl_state *s, cl_device_id dev, char *err, size_t errsize)
{
    const char *src = tsp_kernel_source_text;
    cl_int rc;
    int k;
#ifdef TSP_FAULTS /* kperm-tsp-faults, the fault tests' build, only */
    if (getenv("KPERM_TSP_FAULT_CL_BUILD"))
        src = "#error injected build failure\n";
#endif
    s->prog = clCreateProgramWithSource(s->ctx, 1, &src, NULL, &rc);
    if (rc != CL_SUCCESS)
        return opencl_fail(err, errsize, "clCreateProgramWithSource", rc);
    rc = cl_build_quietly(s->prog, dev, "");
    if (rc != CL_SUCCESS) {
        char log[4096] = "", *line = log, *at;
        clGetProgramBuildInfo(s->prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        if ((at = strstr(log, "error")) != NULL) { /* the log's first line with an error */
            while (at > log && at[-1] != '\n')
                at--;
            line = at;
        }
        line[strcspn(line, "\n")] = 0;
        line[300] = 0;
        snprintf(err, errsize, "opencl: building the kernel failed (%d): %s", (int)rc, line);
        return -1;
    }
    s->search = clCreateKernel(s->prog, s->mode == TSP_PRUNED ? "tsp_branch_kernel" : "tsp_search_kernel", &rc);
    if (rc == CL_SUCCESS)
        s->final = clCreateKernel(s->prog, s->mode == TSP_PRUNED ? "tsp_branch_fold_kernel" : "tsp_final", &rc);
    for (k = 0; s->mode == TSP_PRUNED && k < FRONTIER_KERNELS && rc == CL_SUCCESS; k++)
        s->frontier[k] = clCreateKernel(s->prog, frontier_names[k], &rc);
    return rc == CL_SUCCESS ? 0 : opencl_fail(err, errsize, "clCreateKernel", rc);
}

int tsp_opencl_open(tsp_backend *b, const tsp_instance *inst, int gpu_only, const tsp_place *place, char *err,
                    size_t errsize)
{
    cl_device_id dev;
    cl_device_type type;
    cl_uint units = 1;
    opencl_state *s;
    cl_int rc;
    char name[200] = "", vendor[40] = "";
    if (pick_device(place->device, gpu_only, place->first_gpu, &dev, err, errsize))
        return 1;
    s = (opencl_state *)calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "opencl: out of memory");
        return -1;
    }
    b->state = s;
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name - 1, name, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_VENDOR, sizeof vendor - 1, vendor, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL);
    s->ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &rc);
    if (rc == CL_SUCCESS)
        s->queue = clCreateCommandQueue(s->ctx, dev, 0, &rc);
    if (rc == CL_SUCCESS && !place->quiet) /* POCL's first build of the kernel takes up to a minute */
        fprintf(stderr, "opencl: building the search kernel for %s\n", name);
    s->n = inst->n;
    s->symmetric = inst->symmetric;
    s->mode = tsp_mode_for(inst->dist, inst->n, place->prune);
    if (rc != CL_SUCCESS || build(s, dev, err, errsize)) {
        if (rc != CL_SUCCESS)
            opencl_fail(err, errsize, "creating a context", rc);
        opencl_close(b);
        return -1;
    }
    /* enough groups to fill the device several times over; a CPU's frontier
     * levels stay small (their buffers are host memory) */
    s->ngroups = (cl_int)(units * (type & CL_DEVICE_TYPE_GPU ? 16 : 4));
    s->cap = type & CL_DEVICE_TYPE_GPU ? TSP_FRONTIER_CAP : TSP_FRONTIER_CAP >> 4;
    rc = make_buffers(s, inst, place->relax);
    if (rc == CL_SUCCESS) /* every argument but the search's task, which opencl_search sets */
        rc = set_fixed_args(s);
    if (rc != CL_SUCCESS) {
        opencl_fail(err, errsize, "setting up buffers", rc);
        opencl_close(b);
        return -1;
    }
    b->name = "opencl";
    snprintf(b->device, sizeof b->device, "%s, %s", name, vendor);
    b->is_gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
    b->search = opencl_search;
    b->result = opencl_result;
    b->close = opencl_close;
    return 0;
}
