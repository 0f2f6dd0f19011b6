/* ptest_cuda.c - the CUDA backend: python/kperm/stats_kernel.h after
 * kperm_cuda_device.h (both built into the program at build time, as the
 * OpenCL backend carries its source), compiled by NVRTC at run time for the
 * problem's variant and the GPU's architecture, with a C statistic's body
 * appended, and run through the driver API.
 *
 * The driver (libcuda.so.1) is opened with dlopen rather than linked: it
 * comes with the GPU's kernel driver, not the toolkit, so a machine that
 * builds with nvcc but has no GPU (CI) has none, and a program linked with
 * it would not start there at all; this way its CPU and OpenCL backends run
 * and --backend cuda says what is missing. */
#include "ptest_device.h"
#include "kperm.h"
#include <cuda.h>
#include <dlfcn.h>
#include <nvrtc.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const char ptest_cuda_kperm_text[]; /* cu/kperm_cuda_device.h with its includes inlined */

/* the driver's calls this backend makes, found in libcuda.so.1 by their
 * versioned names (those cuda.h's macros give the unversioned ones) */
typedef struct {
    CUresult (*init)(unsigned int);
    CUresult (*error_name)(CUresult, const char **);
    CUresult (*device_count)(int *);
    CUresult (*device_get)(CUdevice *, int);
    CUresult (*device_name)(char *, int, CUdevice);
    CUresult (*device_attribute)(int *, CUdevice_attribute, CUdevice);
    CUresult (*context_retain)(CUcontext *, CUdevice);
    CUresult (*context_release)(CUdevice);
    CUresult (*context_set)(CUcontext);
    CUresult (*module_load)(CUmodule *, const void *);
    CUresult (*module_unload)(CUmodule);
    CUresult (*module_function)(CUfunction *, CUmodule, const char *);
    CUresult (*module_global)(CUdeviceptr *, size_t *, CUmodule, const char *);
    CUresult (*function_attribute)(int *, CUfunction_attribute, CUfunction);
    CUresult (*occupancy)(int *, CUfunction, int, size_t);
    CUresult (*alloc)(CUdeviceptr *, size_t);
    CUresult (*free)(CUdeviceptr);
    CUresult (*to_device)(CUdeviceptr, const void *, size_t);
    CUresult (*to_host)(void *, CUdeviceptr, size_t);
    CUresult (*launch)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                       void **, void **);
} cuda_driver;

static const struct {
    const char *name;
    size_t at;
} driver_calls[] = {
    {"cuInit", offsetof(cuda_driver, init)},
    {"cuGetErrorName", offsetof(cuda_driver, error_name)},
    {"cuDeviceGetCount", offsetof(cuda_driver, device_count)},
    {"cuDeviceGet", offsetof(cuda_driver, device_get)},
    {"cuDeviceGetName", offsetof(cuda_driver, device_name)},
    {"cuDeviceGetAttribute", offsetof(cuda_driver, device_attribute)},
    {"cuDevicePrimaryCtxRetain", offsetof(cuda_driver, context_retain)},
    {"cuDevicePrimaryCtxRelease_v2", offsetof(cuda_driver, context_release)},
    {"cuCtxSetCurrent", offsetof(cuda_driver, context_set)},
    {"cuModuleLoadData", offsetof(cuda_driver, module_load)},
    {"cuModuleUnload", offsetof(cuda_driver, module_unload)},
    {"cuModuleGetFunction", offsetof(cuda_driver, module_function)},
    {"cuModuleGetGlobal_v2", offsetof(cuda_driver, module_global)},
    {"cuFuncGetAttribute", offsetof(cuda_driver, function_attribute)},
    {"cuOccupancyMaxActiveBlocksPerMultiprocessor", offsetof(cuda_driver, occupancy)},
    {"cuMemAlloc_v2", offsetof(cuda_driver, alloc)},
    {"cuMemFree_v2", offsetof(cuda_driver, free)},
    {"cuMemcpyHtoD_v2", offsetof(cuda_driver, to_device)},
    {"cuMemcpyDtoH_v2", offsetof(cuda_driver, to_host)},
    {"cuLaunchKernel", offsetof(cuda_driver, launch)},
};

static cuda_driver cu;

/* libcuda.so.1 loaded and cuInit called, once: 0, or 1 with err (no driver, no GPU) */
static int driver_open(char *err, size_t errsize)
{
    static int state = -1; /* -1: not tried; else the answer, its reason kept in why */
    static char why[200];
    void *lib;
    size_t i;
    CUresult rc;
    const char *name = "";
    if (state < 0) {
        state = 1;
        if (!(lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL)))
            snprintf(why, sizeof why, "cuda: no CUDA GPU here (no NVIDIA driver: libcuda.so.1 not found)");
        for (i = 0; lib && i < sizeof driver_calls / sizeof driver_calls[0]; i++) {
            void *call = dlsym(lib, driver_calls[i].name);
            if (!call) {
                snprintf(why, sizeof why, "cuda: the CUDA driver has no %s (too old)", driver_calls[i].name);
                break;
            }
            /* a function pointer from dlsym's void *, as POSIX has it (ISO C has no such cast) */
            memcpy((char *)&cu + driver_calls[i].at, &call, sizeof call);
        }
        if (lib && i == sizeof driver_calls / sizeof driver_calls[0]) {
            if ((rc = cu.init(0)) != CUDA_SUCCESS) {
                cu.error_name(rc, &name);
                snprintf(why, sizeof why, "cuda: no usable CUDA GPU (cuInit: %s)", name ? name : "?");
            } else
                state = 0;
        }
    }
    if (state)
        snprintf(err, errsize, "%s", why);
    return state;
}

static int cuda_fail(char *err, size_t errsize, const char *what, CUresult rc)
{
    const char *name = NULL;
    cu.error_name(rc, &name);
    snprintf(err, errsize, "cuda: %s failed (%s)", what, name ? name : "an unknown error");
    return -1;
}

void ptest_cuda_list(FILE *out)
{
    char err[200], name[200];
    int n = 0, i;
    CUdevice dev;
    if (driver_open(err, sizeof err)) {
        fprintf(out, "cuda        %s\n", err + strlen("cuda: "));
        return;
    }
    if (cu.device_count(&n) != CUDA_SUCCESS || n == 0)
        fprintf(out, "cuda        no CUDA GPU\n");
    for (i = 0; i < n; i++)
        if (cu.device_get(&dev, i) == CUDA_SUCCESS && cu.device_name(name, sizeof name, dev) == CUDA_SUCCESS)
            fprintf(out, "cuda %d      %s (--backend cuda --device %d)\n", i, name, i);
}

typedef struct {
    CUdevice dev;
    CUcontext ctx; /* the device's primary context, retained */
    CUmodule module;
    CUfunction count, values, maxt;
    CUdeviceptr in[PTEST_INPUTS];
    CUdeviceptr out; /* a launch's counters (and ps_values' key and value), read back after it */
    ptest_launcher launcher; /* its state is this */
    char *cubin; /* the program as compiled here, NULL where it was given one; its size */
    size_t cubin_size;
} cuda_state;

/* the newest architecture NVRTC builds for that the GPU runs: its compute
 * capability, or the nearest below it when NVRTC is older than the GPU */
static int arch_of(CUdevice dev)
{
    int major = 9, minor = 0, n = 0, best = 0, want, i, *archs;
    cu.device_attribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
    cu.device_attribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
    want = 10 * major + minor;
    if (nvrtcGetNumSupportedArchs(&n) == NVRTC_SUCCESS && n > 0 && (archs = (int *)malloc((size_t)n * sizeof *archs))) {
        if (nvrtcGetSupportedArchs(archs) == NVRTC_SUCCESS)
            for (i = 0; i < n; i++)
                best = archs[i] <= want && archs[i] > best ? archs[i] : best;
        free(archs);
    }
    return best ? best : want;
}

/* NVRTC's log has "FILE(LINE): error: WHAT", the source line and a caret
 * under the column for each message. Its errors become the lines
 * "FILE:LINE:COL: WHAT" that the OpenCL backend's log (clang's, through
 * POCL) has, the rest is dropped (kperm's unused functions alone give dozens
 * of warnings), so that both report a C statistic's error alike. NULL when
 * out of memory. */
static char *diagnostics(const char *log)
{
    size_t size = 2 * strlen(log) + 64, o = 0;
    char *out = (char *)malloc(size);
    const char *line = log;
    if (!out)
        return NULL;
    out[0] = 0;
    while (*line) {
        const char *end = line + strcspn(line, "\n"), *close = strstr(line, "): "), *digits = close, *what;
        size_t kind;
        while (close && close < end && digits > line && digits[-1] >= '0' && digits[-1] <= '9')
            digits--;
        if (!close || close >= end || digits == close || digits - 1 == line || digits[-1] != '(') {
            line = end + (*end != 0);
            continue;
        }
        kind = strcspn(close + 3, ":\n"); /* "error", "catastrophic error", "warning #177-D" */
        what = close + 3 + kind + (close[3 + kind] == ':' ? 2 : 0);
        what = what < end ? what : end;
        if (kind >= 5 && !strncmp(close + 3 + kind - 5, "error", 5) && o + 1 < size) {
            const char *source = end + (*end != 0), *caret = source + strcspn(source, "\n"), *hat;
            int col = 1;
            caret += *caret != 0;
            hat = caret + strspn(caret, " ");
            if (*hat == '^' && (hat[1] == '\n' || !hat[1]) && hat - caret > 1)
                col = (int)(hat - caret) - 1; /* NVRTC indents the source line by 2 */
            o += (size_t)snprintf(out + o, size - o, "%.*s:%.*s:%d: %.*s\n", (int)(digits - 1 - line), line,
                                  (int)(close - digits), digits, col, (int)(end - what), what);
        }
        line = end + (*end != 0);
    }
    return out;
}

static int compile_failed(nvrtcProgram prog, const ptest_problem *p, char *err, size_t errsize)
{
    size_t len = 0;
    char *log = NULL, *lines = NULL;
    if (nvrtcGetProgramLogSize(prog, &len) == NVRTC_SUCCESS && (log = (char *)calloc(len + 1, 1))
        && nvrtcGetProgramLog(prog, log) == NVRTC_SUCCESS)
        lines = diagnostics(log);
    ptest_device_build_failed("cuda", p->user_file, lines && *lines ? lines : log, 0, err, errsize);
    free(lines);
    free(log);
    return -1;
}

/* NVRTC's warnings of undefined behaviour as errors: 940, a missing return
 * at a function's end; 549, a variable read before it is set (NVRTC finds
 * only those read unset on every path, clang those on some path too) */
static const char strict[] = "#pragma nv_diag_error 940\n#pragma nv_diag_error 549\n";

/* the program for p, as a CUBIN for sm_<arch> (no PTX: the driver's JIT
 * may be older than NVRTC's PTX): 0 with *cubin (the caller frees it) and
 * its *size, or -1 with err */
static int compile(const ptest_problem *p, int arch, char **cubin, size_t *size, char *err, size_t errsize)
{
    char arch_option[32], bound_option[32], *src = ptest_device_source(p, ptest_cuda_kperm_text, strict);
    /* -default-device: the statistic's helper functions are device code without __device__;
     * -fmad=false: no fused multiply-add, the roundings of the C backend and OpenCL
     * (stats_wide.h turns contraction off there), so that every backend computes the
     * same doubles; the register bound stays last (counted out when there is none) */
    const char *options[] = {arch_option, "-default-device", "-fmad=false", bound_option};
    int bound = ptest_device_register_bound(p);
    nvrtcProgram prog;
    nvrtcResult rc;
    *cubin = NULL;
    *size = 0;
    if (!src) {
        snprintf(err, errsize, "cuda: out of memory");
        return -1;
    }
    snprintf(arch_option, sizeof arch_option, "-arch=sm_%d", arch);
    snprintf(bound_option, sizeof bound_option, "-maxrregcount=%d", bound);
    rc = nvrtcCreateProgram(&prog, src, "ptest_stats.cu", 0, NULL, NULL);
    free(src);
    if (rc != NVRTC_SUCCESS) {
        snprintf(err, errsize, "cuda: nvrtcCreateProgram failed (%s)", nvrtcGetErrorString(rc));
        return -1;
    }
    ptest_device_compiling(1);
    rc = nvrtcCompileProgram(prog, (int)(sizeof options / sizeof options[0]) - !bound, options); /* the bound last */
    ptest_device_compiling(0);
    if (rc == NVRTC_ERROR_COMPILATION)
        compile_failed(prog, p, err, errsize);
    else if (rc != NVRTC_SUCCESS || (rc = nvrtcGetCUBINSize(prog, size)) != NVRTC_SUCCESS
             || !(*cubin = (char *)malloc(*size)) || (rc = nvrtcGetCUBIN(prog, *cubin)) != NVRTC_SUCCESS)
        snprintf(err, errsize, "cuda: NVRTC failed (%s)", nvrtcGetErrorString(rc));
    nvrtcDestroyProgram(&prog);
    if (rc == NVRTC_SUCCESS && *cubin)
        return 0;
    free(*cubin);
    *cubin = NULL;
    return -1;
}

/* kperm's tables into the module's globals, as kperm_cuda_upload_tables()
 * and kperm.cupy.upload_tables() do: the factorials last, their 0! = 1
 * being what says "uploaded" */
static CUresult upload_tables(cuda_state *s)
{
    const struct {
        const char *name;
        const void *host;
        size_t bytes;
    } tables[] = {
        {"kperm_inv_fact_table_device", kperm_inv_fact_table, sizeof kperm_inv_fact_table},
        {"kperm_comb_table_device", kperm_comb_table, sizeof kperm_comb_table},
        {"kperm_fact_table_device", kperm_fact_table, sizeof kperm_fact_table},
    };
    CUresult rc = CUDA_SUCCESS;
    size_t i, size = 0;
    for (i = 0; i < sizeof tables / sizeof tables[0] && rc == CUDA_SUCCESS; i++) {
        CUdeviceptr at;
        rc = cu.module_global(&at, &size, s->module, tables[i].name);
        if (rc == CUDA_SUCCESS)
            rc = size == tables[i].bytes ? cu.to_device(at, tables[i].host, size) : CUDA_ERROR_INVALID_VALUE;
    }
    return rc;
}

/* the observed value and the band (set after opening) to the device */
static CUresult upload(cuda_state *s, const ptest_problem *p)
{
    CUresult rc = cu.context_set(s->ctx); /* the run engine may call from a thread of its own */
    if (rc == CUDA_SUCCESS)
        rc = cu.to_device(s->in[PTEST_IN_OBS], p->obs, sizeof p->obs);
    return rc != CUDA_SUCCESS ? rc : cu.to_device(s->in[PTEST_IN_PAR], p->par, sizeof p->par);
}

/* ps_values of column col: its values and its block of par are further on in the same buffers */
static int cuda_value(ptest_backend *b, int col, kperm_rank rank, unsigned long long *key, double *x, char *err,
                      size_t errsize)
{
    cuda_state *s = (cuda_state *)b->state;
    const ptest_problem *p = b->p;
    CUdeviceptr v = s->in[PTEST_IN_V] + (size_t)col * (size_t)ptest_column_size(p) * sizeof p->v[0];
    CUdeviceptr par = s->in[PTEST_IN_PAR] + (size_t)col * PAR_COUNT * sizeof p->par[0];
    CUdeviceptr dx = s->out + 5 * sizeof *key;
    kperm_u64 first = rank, one = 1;
    int n = p->n, m = p->m;
    void *args[] = {&v, &s->in[PTEST_IN_D], &s->in[PTEST_IN_SIZES], &s->in[PTEST_IN_AUX], &par, &n, &m, &first, &one,
                    &s->out, &dx};
    CUresult rc = upload(s, p);
    if (rc == CUDA_SUCCESS)
        rc = cu.launch(s->values, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL);
    if (rc == CUDA_SUCCESS)
        rc = cu.to_host(key, s->out, 5 * sizeof *key);
    if (rc == CUDA_SUCCESS)
        rc = cu.to_host(x, dx, sizeof *x);
    return rc == CUDA_SUCCESS ? 0 : cuda_fail(err, errsize, "ps_values", rc);
}

/* ps_count over [begin, end) on `groups` blocks, its counters (in s->out:
 * counters, extremes, histograms) read back into the host's arrays;
 * --resamples: ps_sample, whose seed and rearrangements come before begin */
static int launch(void *state, const ptest_problem *p, kperm_rank begin, kperm_rank end, size_t groups,
                  unsigned long long *counts, double *extremes, unsigned long long *hist, char *err, size_t errsize)
{
    cuda_state *s = (cuda_state *)state;
    size_t items = groups * s->launcher.local;
    size_t bytes[3] = {items * PTEST_COUNTS * sizeof *counts, items * 2 * sizeof *extremes,
                       groups * (size_t)(p->bins ? p->bins : 1) * sizeof *hist};
    void *host[3] = {counts, extremes, hist};
    CUdeviceptr buf[3] = {s->out, s->out + bytes[0], s->out + bytes[0] + bytes[1]};
    kperm_u64 first = begin, last = end, seed = p->seed;
    kperm_u64 total = p->rearrangements[0], total_hi = p->rearrangements[1];
    int n = p->n, m = p->m, bins = p->bins, i;
    void *args[] = {&s->in[PTEST_IN_V], &s->in[PTEST_IN_D], &s->in[PTEST_IN_SIZES], &s->in[PTEST_IN_AUX],
                    &s->in[PTEST_IN_OBS], &s->in[PTEST_IN_PAR], &n, &m, &first, &last, &bins, &buf[0], &buf[1],
                    &buf[2]};
    void *sampled[] = {args[0], args[1], args[2], args[3], args[4], args[5], &n, &m, &seed, &total, &total_hi, &first,
                       &last, &bins, &buf[0], &buf[1], &buf[2]};
    CUresult rc = cu.launch(s->count, (unsigned)groups, 1, 1, (unsigned)s->launcher.local, 1, 1, 0, NULL,
                            p->resamples ? sampled : args, NULL);
    for (i = 0; i < 3 && rc == CUDA_SUCCESS; i++)
        rc = cu.to_host(host[i], buf[i], bytes[i]); /* after the launch: the copy waits for it */
    return rc == CUDA_SUCCESS ? 0 : cuda_fail(err, errsize, "ps_count", rc);
}

/* ps_maxt over [begin, end) on `groups` blocks, its counters read back into counts */
static int launch_maxt(void *state, const ptest_problem *p, kperm_rank begin, kperm_rank end, size_t groups,
                       unsigned long long *counts, char *err, size_t errsize)
{
    cuda_state *s = (cuda_state *)state;
    size_t bytes = groups * s->launcher.local * PTEST_MAXT_STRIDE(p->cols) * sizeof *counts;
    kperm_u64 first = begin, last = end;
    int n = p->n, m = p->m, cols = p->cols;
    void *args[] = {&s->in[PTEST_IN_V], &s->in[PTEST_IN_D], &s->in[PTEST_IN_SIZES], &s->in[PTEST_IN_AUX],
                    &s->in[PTEST_IN_OBS], &s->in[PTEST_IN_PAR], &n, &m, &cols, &first, &last, &s->out};
    CUresult rc = cu.launch(s->maxt, (unsigned)groups, 1, 1, (unsigned)s->launcher.local, 1, 1, 0, NULL, args, NULL);
    if (rc == CUDA_SUCCESS)
        rc = cu.to_host(counts, s->out, bytes);
    return rc == CUDA_SUCCESS ? 0 : cuda_fail(err, errsize, "ps_maxt", rc);
}

static int cuda_count(ptest_backend *b, kperm_rank begin, kperm_rank end, ptest_result *out, char *err,
                      size_t errsize)
{
    cuda_state *s = (cuda_state *)b->state;
    CUresult rc = upload(s, b->p);
    if (rc != CUDA_SUCCESS)
        return cuda_fail(err, errsize, "cuMemcpyHtoD", rc);
    return ptest_device_count(&s->launcher, b->p, begin, end, out, err, errsize);
}

static void cuda_close(ptest_backend *b)
{
    cuda_state *s = (cuda_state *)b->state;
    int i;
    if (!s)
        return;
    if (s->ctx && cu.context_set(s->ctx) == CUDA_SUCCESS) {
        for (i = 0; i < PTEST_INPUTS; i++)
            if (s->in[i])
                cu.free(s->in[i]);
        if (s->out)
            cu.free(s->out);
        if (s->module)
            cu.module_unload(s->module);
    }
    if (s->ctx)
        cu.context_release(s->dev);
    free(s->cubin);
    free(s);
    b->state = NULL;
    b->program = NULL;
    b->program_size = 0;
}

/* the largest s->out a launch needs: ps_count's counters, extremes and
 * histograms, or ps_maxt's counters, of a launch of s->launcher.groups */
static size_t out_bytes(const cuda_state *s, const ptest_problem *p)
{
    size_t groups = s->launcher.groups, items = groups * s->launcher.local;
    size_t count = items * (PTEST_COUNTS + 2) * 8 + groups * (size_t)(p->bins ? p->bins : 1) * 8;
    size_t maxt = items * PTEST_MAXT_STRIDE(p->cols) * 8;
    return p->cols > 1 ? maxt : count;
}

/* the module (cubin, else compiled and kept in s), its kernels, the tables
 * and the inputs on the device: 0, or -1 with err */
static int setup(cuda_state *s, const ptest_problem *p, int arch, const void *cubin, char *err, size_t errsize)
{
    const void *host[PTEST_INPUTS];
    size_t bytes[PTEST_INPUTS];
    const char *what = "cuDevicePrimaryCtxRetain";
    CUresult rc;
    int i;
    if (!cubin && compile(p, arch, &s->cubin, &s->cubin_size, err, errsize))
        return -1;
    cubin = cubin ? cubin : s->cubin;
    ptest_device_inputs(p, host, bytes);
    rc = cu.context_retain(&s->ctx, s->dev);
    if (rc == CUDA_SUCCESS && (what = "cuCtxSetCurrent", rc = cu.context_set(s->ctx)) == CUDA_SUCCESS)
        what = "cuModuleLoadData", rc = cu.module_load(&s->module, cubin);
    if (rc == CUDA_SUCCESS
        && (what = "cuModuleGetFunction",
            rc = cu.module_function(&s->count, s->module, p->resamples ? "ps_sample" : "ps_count")) == CUDA_SUCCESS
        && (rc = cu.module_function(&s->values, s->module, "ps_values")) == CUDA_SUCCESS)
        rc = cu.module_function(&s->maxt, s->module, "ps_maxt");
    for (i = 0; i < 2 && rc == CUDA_SUCCESS; i++) { /* fewer threads a block where a kernel's registers need it */
        int most = 0;
        what = "cuFuncGetAttribute";
        rc = cu.function_attribute(&most, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, i ? s->maxt : s->count);
        s->launcher.local = most > 0 && (size_t)most < s->launcher.local ? (size_t)most : s->launcher.local;
    }
    if (rc == CUDA_SUCCESS) { /* one wave: every block runs at once, so the items' equal shares end together */
        int blocks = 0;
        what = "cuOccupancyMaxActiveBlocksPerMultiprocessor";
        rc = cu.occupancy(&blocks, p->cols > 1 ? s->maxt : s->count, (int)s->launcher.local, 0);
        s->launcher.groups *= (size_t)(blocks > 0 ? blocks : 1);
    }
    if (rc == CUDA_SUCCESS)
        what = "uploading kperm's tables", rc = upload_tables(s);
    for (i = 0; i < PTEST_INPUTS && rc == CUDA_SUCCESS; i++)
        if ((what = "cuMemAlloc", rc = cu.alloc(&s->in[i], bytes[i])) == CUDA_SUCCESS)
            what = "cuMemcpyHtoD", rc = cu.to_device(s->in[i], host[i], bytes[i]);
    if (rc == CUDA_SUCCESS)
        what = "cuMemAlloc", rc = cu.alloc(&s->out, out_bytes(s, p));
    return rc == CUDA_SUCCESS ? 0 : cuda_fail(err, errsize, what, rc);
}

int ptest_cuda_open(ptest_backend *b, const ptest_problem *p, const char *device, int which, const void *cubin,
                    char *err, size_t errsize)
{
    cuda_state *s;
    char name[200] = "", tail;
    int n = 0, sms = 1, arch;
    unsigned want;
    if (driver_open(err, errsize))
        return 1;
    if (cu.device_count(&n) != CUDA_SUCCESS || n == 0) {
        snprintf(err, errsize, "cuda: no CUDA GPU");
        return 1;
    }
    if (device && (sscanf(device, "%u%c", &want, &tail) != 1 || want >= (unsigned)n)) {
        snprintf(err, errsize, "cuda: no device %s (see --list-devices)", device);
        return 1;
    }
    memset(b, 0, sizeof *b);
    if (!(s = (cuda_state *)calloc(1, sizeof *s))) {
        snprintf(err, errsize, "cuda: out of memory");
        return -1;
    }
    b->state = s;
    b->name = "cuda";
    b->p = p;
    b->value = cuda_value;
    b->count = cuda_count;
    b->close = cuda_close;
    /* without --device, the GPU `which` (the rank on its host) modulo the GPUs: one GPU an MPI rank */
    want = device ? want : (unsigned)(which < 0 ? 0 : which) % (unsigned)n;
    if (cu.device_get(&s->dev, (int)want) != CUDA_SUCCESS) {
        snprintf(err, errsize, "cuda: no device %u", want);
        cuda_close(b);
        return 1;
    }
    cu.device_name(name, sizeof name, s->dev);
    cu.device_attribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, s->dev);
    arch = arch_of(s->dev);
    snprintf(b->device, sizeof b->device, "%s (CUDA device %u, sm_%d)", name, want, arch);
    /* 256 threads a block, and (setup) as many blocks as the SMs run at once */
    s->launcher.state = s;
    s->launcher.local = 256;
    s->launcher.groups = (size_t)(sms > 0 ? sms : 1);
    s->launcher.count = launch;
    s->launcher.maxt = launch_maxt;
    if (setup(s, p, arch, cubin, err, errsize)) {
        cuda_close(b);
        return -1;
    }
    b->program = s->cubin;
    b->program_size = s->cubin_size;
    return 0;
}
