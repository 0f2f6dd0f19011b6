/* ptest_opencl.c - the OpenCL backend: python/kperm/stats_kernel.h (built
 * into the program at build time, as kperm.stats sends it) compiled at run
 * time for the problem's variant, with a C statistic's body appended. */
#define CL_TARGET_OPENCL_VERSION 120
#include "ptest_device.h"
#include "kperm_cl.h"
#include "cl_build_quiet.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    cl_context ctx;
    cl_command_queue queue;
    cl_program prog;
    cl_kernel count, values, maxt;
    cl_mem in[PTEST_INPUTS];
    ptest_launcher launcher; /* its state is this */
} cl_state;

static int cl_fail(char *err, size_t errsize, const char *what, cl_int code)
{
    snprintf(err, errsize, "opencl: %s failed (error %d)", what, (int)code);
    return -1;
}

/* --device P:D, or the GPU `which` (modulo the GPUs), else (unless gpu_only)
 * the first device */
static int pick(const char *want, int which, int gpu_only, cl_device_id *dev, char *err, size_t errsize)
{
    cl_platform_id plats[16];
    cl_device_id devs[64];
    cl_uint np = 0, p, nd, n = 0;
    unsigned pi, di;
    char tail;
    if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS || np == 0) {
        snprintf(err, errsize, "opencl: no OpenCL platform (no ICD installed, e.g. pocl-opencl-icd)");
        return 1;
    }
    np = np < 16 ? np : 16;
    if (want) {
        if (sscanf(want, "%u:%u%c", &pi, &di, &tail) == 2 && pi < np
            && clGetDeviceIDs(plats[pi], CL_DEVICE_TYPE_ALL, 64, devs, &nd) == CL_SUCCESS && di < nd) {
            *dev = devs[di];
            return 0;
        }
        snprintf(err, errsize, "opencl: no device %s (see --list-devices)", want);
        return 1;
    }
    for (p = 0; p < np && n < 64; p++)
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_GPU, 64 - n, devs + n, &nd) == CL_SUCCESS)
            n += nd;
    if (n) {
        *dev = devs[(cl_uint)(which < 0 ? 0 : which) % n];
        return 0;
    }
    for (p = 0; p < np && !gpu_only; p++)
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 1, dev, &nd) == CL_SUCCESS && nd)
            return 0;
    snprintf(err, errsize, "opencl: no %sdevice", gpu_only ? "GPU " : "");
    return 1;
}

void ptest_opencl_list(FILE *out)
{
    cl_platform_id plats[16];
    cl_device_id devs[64];
    cl_uint np = 0, p, nd, d;
    if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS || np == 0)
        fprintf(out, "opencl      no OpenCL platform\n");
    for (p = 0; p < np && p < 16; p++)
        for (d = 0; clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 64, devs, &nd) == CL_SUCCESS && d < nd && d < 64;
             d++) {
            char name[200] = "";
            clGetDeviceInfo(devs[d], CL_DEVICE_NAME, sizeof name - 1, name, NULL);
            fprintf(out, "opencl %u:%u  %s (--backend opencl --device %u:%u)\n", p, d, name, p, d);
        }
}

/* clang's warnings of undefined behaviour as errors (POCL and NVIDIA's
 * OpenCL compile with clang): falling off a function's end, reading a
 * variable not set on some path */
static const char strict[] = "#pragma clang diagnostic error \"-Wreturn-type\"\n"
                             "#pragma clang diagnostic error \"-Wuninitialized\"\n";

/* the program and its inputs on dev, and the launch's shape: s->launcher.local
 * (set by the caller) lowered where a kernel needs it, and s->launcher.groups
 * for `units` compute units */
static int setup(cl_state *s, const ptest_problem *p, cl_device_id dev, cl_uint units, char *err, size_t errsize)
{
    cl_int rc;
    char *src = ptest_device_source(p, kperm_cl_source(), strict);
    const void *host[PTEST_INPUTS];
    size_t bytes[PTEST_INPUTS];
    int i, body_line = src ? ptest_device_body_line(src) : 0;
    int bound = cl_has_nv_options(dev) ? ptest_device_register_bound(p) : 0; /* NVIDIA's build option only */
    char options[40] = "";
    ptest_device_inputs(p, host, bytes);
    if (!src)
        return cl_fail(err, errsize, "malloc", 0);
    s->ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &rc);
    if (rc != CL_SUCCESS) {
        free(src);
        return cl_fail(err, errsize, "clCreateContext", rc);
    }
    s->queue = clCreateCommandQueue(s->ctx, dev, 0, &rc);
    if (rc == CL_SUCCESS)
        s->prog = clCreateProgramWithSource(s->ctx, 1, (const char **)&src, NULL, &rc);
    free(src);
    if (rc != CL_SUCCESS)
        return cl_fail(err, errsize, "clCreateProgramWithSource", rc);
    if (bound)
        snprintf(options, sizeof options, "-cl-nv-maxrregcount=%d", bound);
    ptest_device_compiling(1);
    rc = cl_build_quietly(s->prog, dev, options);
    ptest_device_compiling(0);
    if (rc != CL_SUCCESS) {
        size_t len = 0;
        char *log;
        clGetProgramBuildInfo(s->prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &len);
        log = (char *)calloc(len + 1, 1);
        if (log)
            clGetProgramBuildInfo(s->prog, dev, CL_PROGRAM_BUILD_LOG, len, log, NULL);
        ptest_device_build_failed("opencl", p->user_file, log, body_line, err, errsize);
        free(log);
        return -1;
    }
    s->count = clCreateKernel(s->prog, p->resamples ? "ps_sample" : "ps_count", &rc);
    if (rc == CL_SUCCESS)
        s->values = clCreateKernel(s->prog, "ps_values", &rc);
    if (rc == CL_SUCCESS)
        s->maxt = clCreateKernel(s->prog, "ps_maxt", &rc);
    for (i = 0; i < 2 && rc == CL_SUCCESS; i++) { /* fewer work-items a group where a kernel's registers need it */
        size_t most = 0;
        rc = clGetKernelWorkGroupInfo(i ? s->maxt : s->count, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof most, &most,
                                      NULL);
        s->launcher.local = most > 0 && most < s->launcher.local ? most : s->launcher.local;
    }
    /* with a register bound, the groups an NVIDIA multiprocessor (65 536
     * registers) runs at once; else 4 a compute unit (OpenCL has no
     * occupancy query), one wave where a kernel needs at most 64 */
    s->launcher.groups = bound ? 65536 / ((size_t)bound * s->launcher.local) : 4;
    s->launcher.groups = (size_t)units * (s->launcher.groups > 0 ? s->launcher.groups : 1);
    for (i = 0; i < PTEST_INPUTS && rc == CL_SUCCESS; i++)
        s->in[i] = clCreateBuffer(s->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes[i], (void *)host[i], &rc);
    return rc == CL_SUCCESS ? 0 : cl_fail(err, errsize, "clCreateKernel or clCreateBuffer", rc);
}

/* the observed value and the band (set after opening) to the device */
static cl_int upload(cl_state *s, const ptest_problem *p)
{
    cl_int rc = clEnqueueWriteBuffer(s->queue, s->in[PTEST_IN_OBS], CL_TRUE, 0, sizeof p->obs, p->obs, 0, NULL,
                                     NULL);
    return rc != CL_SUCCESS ? rc : clEnqueueWriteBuffer(s->queue, s->in[PTEST_IN_PAR], CL_TRUE, 0, sizeof p->par,
                                                        p->par, 0, NULL, NULL);
}

/* sets arguments 0 .. of k: the inputs (obs only for ps_count), n, m, then `more` */
static cl_int set_inputs(cl_state *s, cl_kernel k, const ptest_problem *p, int with_obs, int *arg)
{
    cl_int rc = CL_SUCCESS, n = p->n, m = p->m;
    int i;
    for (i = 0; i < PTEST_INPUTS && rc == CL_SUCCESS; i++)
        if (i != PTEST_IN_OBS || with_obs)
            rc = clSetKernelArg(k, (cl_uint)(*arg)++, sizeof(cl_mem), &s->in[i]);
    if (rc == CL_SUCCESS)
        rc = clSetKernelArg(k, (cl_uint)(*arg)++, sizeof n, &n);
    if (rc == CL_SUCCESS)
        rc = clSetKernelArg(k, (cl_uint)(*arg)++, sizeof m, &m);
    return rc;
}

/* ps_values of column col: its values (a buffer of their own past the
 * first column) as argument 0, its block of par as argument 4 */
static int cl_value(ptest_backend *b, int col, kperm_rank rank, unsigned long long *key, double *x, char *err,
                    size_t errsize)
{
    cl_state *s = (cl_state *)b->state;
    const ptest_problem *p = b->p;
    cl_ulong begin = rank, one = 1;
    cl_int rc;
    cl_mem out = NULL, dx = NULL, column = NULL, par = NULL;
    size_t items = 1;
    int arg = 0;
    if (col > 0) {
        column = clCreateBuffer(s->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                (size_t)ptest_column_size(p) * sizeof(cl_long), (void *)(p->v + (long)col *
                                ptest_column_size(p)), &rc);
        if (rc == CL_SUCCESS)
            par = clCreateBuffer(s->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, PAR_COUNT * sizeof(double),
                                 (void *)(p->par + PAR_COUNT * col), &rc);
        if (rc != CL_SUCCESS)
            return cl_fail(err, errsize, "clCreateBuffer", rc);
    }
    out = clCreateBuffer(s->ctx, CL_MEM_WRITE_ONLY, 5 * sizeof(cl_ulong), NULL, &rc);
    if (rc == CL_SUCCESS)
        dx = clCreateBuffer(s->ctx, CL_MEM_WRITE_ONLY, sizeof(double), NULL, &rc);
    if (rc == CL_SUCCESS && (rc = upload(s, b->p)) == CL_SUCCESS && (rc = set_inputs(s, s->values, b->p, 0, &arg)) == 0
        && (rc = clSetKernelArg(s->values, 7, sizeof begin, &begin)) == 0
        && (rc = clSetKernelArg(s->values, 8, sizeof one, &one)) == 0
        && (rc = clSetKernelArg(s->values, 9, sizeof out, &out)) == 0
        && (rc = clSetKernelArg(s->values, 10, sizeof dx, &dx)) == 0
        && (!column || ((rc = clSetKernelArg(s->values, 0, sizeof column, &column)) == 0
                        && (rc = clSetKernelArg(s->values, 4, sizeof par, &par)) == 0))
        && (rc = clEnqueueNDRangeKernel(s->queue, s->values, 1, NULL, &items, NULL, 0, NULL, NULL)) == 0
        && (rc = clEnqueueReadBuffer(s->queue, out, CL_TRUE, 0, 5 * sizeof(cl_ulong), key, 0, NULL, NULL)) == 0)
        rc = clEnqueueReadBuffer(s->queue, dx, CL_TRUE, 0, sizeof(double), x, 0, NULL, NULL);
    if (out)
        clReleaseMemObject(out);
    if (dx)
        clReleaseMemObject(dx);
    if (column)
        clReleaseMemObject(column);
    if (par)
        clReleaseMemObject(par);
    return rc == CL_SUCCESS ? 0 : cl_fail(err, errsize, "ps_values", rc);
}

/* ps_count over [begin, end) on `groups` work-groups, its buffers read back into the host's arrays;
 * --resamples: ps_sample, whose seed and rearrangements come before begin */
static int launch(void *state, const ptest_problem *p, kperm_rank begin, kperm_rank end, size_t groups,
                  unsigned long long *counts, double *extremes, unsigned long long *hist, char *err, size_t errsize)
{
    cl_state *s = (cl_state *)state;
    size_t local = s->launcher.local, items = groups * local;
    size_t bytes[3] = {items * PTEST_COUNTS * sizeof(cl_ulong), items * 2 * sizeof(double),
                       groups * (size_t)(p->bins ? p->bins : 1) * sizeof(cl_ulong)};
    void *host[3] = {counts, extremes, hist};
    cl_ulong first = begin, last = end, seed = p->seed;
    cl_ulong total = p->rearrangements[0], total_hi = p->rearrangements[1];
    cl_int rc = CL_SUCCESS, bins = p->bins;
    cl_mem buf[3] = {NULL, NULL, NULL};
    int arg = 0, i, at = p->resamples ? 11 : 8;
    for (i = 0; i < 3 && rc == CL_SUCCESS; i++)
        buf[i] = clCreateBuffer(s->ctx, CL_MEM_WRITE_ONLY, bytes[i], NULL, &rc);
    if (rc == CL_SUCCESS && (rc = set_inputs(s, s->count, p, 1, &arg)) == 0
        && (!p->resamples || ((rc = clSetKernelArg(s->count, 8, sizeof seed, &seed)) == 0
                              && (rc = clSetKernelArg(s->count, 9, sizeof total, &total)) == 0
                              && (rc = clSetKernelArg(s->count, 10, sizeof total_hi, &total_hi)) == 0))
        && (rc = clSetKernelArg(s->count, (cl_uint)at, sizeof first, &first)) == 0
        && (rc = clSetKernelArg(s->count, (cl_uint)at + 1, sizeof last, &last)) == 0
        && (rc = clSetKernelArg(s->count, (cl_uint)at + 2, sizeof bins, &bins)) == 0) {
        for (i = 0; i < 3 && rc == CL_SUCCESS; i++)
            rc = clSetKernelArg(s->count, (cl_uint)(at + 3 + i), sizeof(cl_mem), &buf[i]);
        if (rc == CL_SUCCESS)
            rc = clEnqueueNDRangeKernel(s->queue, s->count, 1, NULL, &items, &local, 0, NULL, NULL);
        for (i = 0; i < 3 && rc == CL_SUCCESS; i++)
            rc = clEnqueueReadBuffer(s->queue, buf[i], CL_TRUE, 0, bytes[i], host[i], 0, NULL, NULL);
    }
    for (i = 0; i < 3; i++)
        if (buf[i])
            clReleaseMemObject(buf[i]);
    return rc == CL_SUCCESS ? 0 : cl_fail(err, errsize, "ps_count", rc);
}

/* ps_maxt over [begin, end) on `groups` work-groups, its counters read back into counts */
static int launch_maxt(void *state, const ptest_problem *p, kperm_rank begin, kperm_rank end, size_t groups,
                       unsigned long long *counts, char *err, size_t errsize)
{
    cl_state *s = (cl_state *)state;
    size_t local = s->launcher.local, items = groups * local;
    size_t bytes = items * PTEST_MAXT_STRIDE(p->cols) * sizeof(cl_ulong);
    cl_ulong first = begin, last = end;
    cl_int rc, cols = p->cols;
    cl_mem buf = clCreateBuffer(s->ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &rc);
    int arg = 0;
    if (rc == CL_SUCCESS && (rc = set_inputs(s, s->maxt, p, 1, &arg)) == 0
        && (rc = clSetKernelArg(s->maxt, 8, sizeof cols, &cols)) == 0
        && (rc = clSetKernelArg(s->maxt, 9, sizeof first, &first)) == 0
        && (rc = clSetKernelArg(s->maxt, 10, sizeof last, &last)) == 0
        && (rc = clSetKernelArg(s->maxt, 11, sizeof buf, &buf)) == 0
        && (rc = clEnqueueNDRangeKernel(s->queue, s->maxt, 1, NULL, &items, &local, 0, NULL, NULL)) == 0)
        rc = clEnqueueReadBuffer(s->queue, buf, CL_TRUE, 0, bytes, counts, 0, NULL, NULL);
    if (buf)
        clReleaseMemObject(buf);
    return rc == CL_SUCCESS ? 0 : cl_fail(err, errsize, "ps_maxt", rc);
}

static int cl_count(ptest_backend *b, kperm_rank begin, kperm_rank end, ptest_result *out, char *err, size_t errsize)
{
    cl_state *s = (cl_state *)b->state;
    cl_int rc = upload(s, b->p);
    if (rc != CL_SUCCESS)
        return cl_fail(err, errsize, "clEnqueueWriteBuffer", rc);
    return ptest_device_count(&s->launcher, b->p, begin, end, out, err, errsize);
}

static void cl_close(ptest_backend *b)
{
    cl_state *s = (cl_state *)b->state;
    int i;
    if (!s)
        return;
    for (i = 0; i < PTEST_INPUTS; i++)
        if (s->in[i])
            clReleaseMemObject(s->in[i]);
    if (s->count)
        clReleaseKernel(s->count);
    if (s->values)
        clReleaseKernel(s->values);
    if (s->maxt)
        clReleaseKernel(s->maxt);
    if (s->prog)
        clReleaseProgram(s->prog);
    if (s->queue)
        clReleaseCommandQueue(s->queue);
    if (s->ctx)
        clReleaseContext(s->ctx);
    free(s);
    b->state = NULL;
}

int ptest_opencl_open(ptest_backend *b, const ptest_problem *p, const char *device, int which, int gpu_only,
                      char *err, size_t errsize)
{
    cl_device_id dev;
    cl_state *s;
    cl_device_type type = 0;
    cl_uint units = 1;
    size_t max_local = 1;
    char name[200] = "", ext[4096] = "";
    int rc = pick(device, which, gpu_only, &dev, err, errsize);
    if (rc)
        return rc;
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name - 1, name, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof ext - 1, ext, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof max_local, &max_local, NULL);
    if (!strstr(ext, "cl_khr_fp64")) {
        snprintf(err, errsize, "opencl: the device %s has no double precision (cl_khr_fp64)", name);
        return 1;
    }
    memset(b, 0, sizeof *b);
    if (!(s = (cl_state *)calloc(1, sizeof *s)))
        return cl_fail(err, errsize, "calloc", 0);
    b->state = s;
    b->name = "opencl";
    b->p = p;
    b->value = cl_value;
    b->count = cl_count;
    b->close = cl_close;
    snprintf(b->device, sizeof b->device, "%s", name);
    s->launcher.state = s;
    /* a GPU takes CUDA's shape, 256 work-items a group and one wave of
     * groups: on an H100, 128 and 16 a compute unit (two waves where
     * registers allow 8 of 128 at once) made maxT 2.1 times as slow and
     * Welch's t 7 % slower (bench/RESULTS.md) */
    s->launcher.local = type & CL_DEVICE_TYPE_CPU ? 64 : 256;
    s->launcher.local = s->launcher.local < max_local ? s->launcher.local : max_local;
    s->launcher.count = launch;
    s->launcher.maxt = launch_maxt;
    if (setup(s, p, dev, units, err, errsize)) {
        cl_close(b);
        return -1;
    }
    return 0;
}
