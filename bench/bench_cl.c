/* bench_cl.c - the benchmarks of bench_host.h through OpenCL on the first GPU
 * (the kernels of bench_kernel.cl: the same bodies as the CUDA driver), timed
 * with profiling events.   bench_cl BENCH_DIR [--quick] [sections] */
#include "kperm.h"
#include "kperm_cl.h"
#include "cl_util.h"
#include "bench_host.h"

#define SUM_ITEMS (1u << 20)
#define NPROGRAMS (KPERM_MAX_N + 1)

typedef struct {
    cl_context ctx;
    cl_command_queue q;
    cl_device_id dev;
    cl_program prog[NPROGRAMS];
    cl_mem sums, buf;
    size_t buf_size;
    cl_uint units;
    char *source;
    const char *dir;
} cl_bench;

static void ck(cl_int e, const char *what)
{
    if (e != CL_SUCCESS) {
        fprintf(stderr, "bench_cl: %s failed (%d)\n", what, (int)e);
        exit(1);
    }
}

static cl_program program(cl_bench *s, int n)
{
    char opts[8192];
    if (!s->prog[n]) {
        snprintf(opts, sizeof opts, "%s -I %s -DBENCH_N=%d", kperm_cl_build_options(), s->dir, n);
        s->prog[n] = cl_build(s->ctx, s->dev, s->source, opts);
        if (!s->prog[n]) {
            fprintf(stderr, "bench_cl: the kernels do not build for n = %d\n", n);
            exit(1);
        }
    }
    return s->prog[n];
}

static const char *kernel_name(int section, int m)
{
    static const char *mat[] = {"mat_seed", "mat_plain", "mat_kperm"};
    static const char *unr[] = {"unrank_seed", "unrank_kperm", "unrank_packed"};
    static const char *fus[] = {"fused_seed", "fused_plain", "fused_cursor", "fused_blocks4", "fused_blocks5",
                                "fused_pcursor", "fused_walk", "fused_walk_whole", "fused_cursor128", "fused_next"};
    static const char *der[] = {"derange_plain", "derange_cursor", "derange_pcursor", "derange_walk", "derange_skip"};
    static const char *wlk[] = {"walk_ms_textbook", "walk_ms_pcursor", "walk_kp_textbook", "walk_kp_next",
                                "walk_kp_cursor"};
    static const char *cmb[] = {"comb_unrank_mask", "comb_unrank_bytes", "comb_unrank_table", "comb_walk_textbook",
                                "comb_walk_cursor", "comb_walk_revdoor", "comb_test_cursor", "comb_test_revdoor"};
    static const char *sjt[] = {"sjt_lex_textbook", "sjt_cursor", "sjt_adj_textbook", "sjt_adj_cursor"};
    static const char *gry[] = {"gray_textbook", "gray_cursor", "gray_test_textbook", "gray_test_cursor"};
    static const char *fam[] = {"family_ms", "family_kp", "family_128", "family_ms_plan", "family_cursor",
                                "family_cursor128"};
    return section == BENCH_MATERIALIZE ? mat[m] : section == BENCH_UNRANK ? unr[m] : section == BENCH_FUSED ? fus[m]
         : section == BENCH_DERANGE ? der[m] : section == BENCH_WALKS ? wlk[m] : section == BENCH_COMB ? cmb[m]
         : section == BENCH_SJT ? sjt[m] : section == BENCH_GRAY ? gry[m] : fam[m];
}

/* enqueues one launch; *ev (if not NULL) receives its event */
static void enqueue(cl_bench *s, int section, int m, int n, kperm_u64 count, cl_event *ev)
{
    cl_int e;
    int fixed = section == BENCH_FAMILY || section == BENCH_WALKS || section == BENCH_COMB || section == BENCH_SJT
             || section == BENCH_GRAY;
    cl_kernel k = clCreateKernel(program(s, fixed ? 12 : n), kernel_name(section, m), &e);
    cl_ulong total = section == BENCH_WALKS || section == BENCH_COMB || section == BENCH_FAMILY || section == BENCH_GRAY
                   ? count : bench_fact(n),
             c = count;
    cl_int gray_n = n;
    size_t local = section == BENCH_MATERIALIZE && m == M_KPERM ? BENCH_GROUP : 256;
    size_t global = section == BENCH_MATERIALIZE && m == M_KPERM ? (size_t)s->units * 8 * BENCH_GROUP
                                                                 : (size_t)s->units * 16 * 256;
    ck(e, "clCreateKernel");
    ck(clSetKernelArg(k, 0, sizeof total, &total), "clSetKernelArg");
    if (section == BENCH_MATERIALIZE)
        ck(clSetKernelArg(k, 1, sizeof s->buf, &s->buf), "clSetKernelArg");
    else if (section == BENCH_UNRANK) {
        ck(clSetKernelArg(k, 1, sizeof c, &c), "clSetKernelArg");
        ck(clSetKernelArg(k, 2, sizeof s->sums, &s->sums), "clSetKernelArg");
    } else
        ck(clSetKernelArg(k, 1, sizeof s->sums, &s->sums), "clSetKernelArg");
    if (section == BENCH_FAMILY || section == BENCH_COMB) /* the multiset's plan or the binomials, in the buffer */
        ck(clSetKernelArg(k, 2, sizeof s->buf, &s->buf), "clSetKernelArg");
    if (section == BENCH_GRAY) /* its n at run time: past the n = 20 the programs are built for */
        ck(clSetKernelArg(k, 2, sizeof gray_n, &gray_n), "clSetKernelArg");
    ck(clEnqueueNDRangeKernel(s->q, k, 1, NULL, &global, &local, 0, NULL, ev), "clEnqueueNDRangeKernel");
    clReleaseKernel(k);
}

static double event_ms(cl_event ev)
{
    cl_ulong a = 0, b = 0;
    ck(clWaitForEvents(1, &ev), "clWaitForEvents");
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof a, &a, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL);
    clReleaseEvent(ev);
    return (double)(b - a) / 1e6;
}

static void cl_upload(bench_backend *b, const void *data, size_t bytes)
{
    cl_bench *s = (cl_bench *)b->state;
    ck(clEnqueueWriteBuffer(s->q, s->buf, CL_TRUE, 0, bytes, data, 0, NULL, NULL), "clEnqueueWriteBuffer");
}

static void cl_launch(bench_backend *b, int section, int m, int n, kperm_u64 count)
{
    cl_bench *s = (cl_bench *)b->state;
    enqueue(s, section, m, n, count, NULL);
    ck(clFinish(s->q), "clFinish");
}

static double cl_time(bench_backend *b, int section, int m, int n, kperm_u64 count)
{
    cl_bench *s = (cl_bench *)b->state;
    float t[BENCH_REPS];
    int r;
    cl_launch(b, section, m, n, count);
    for (r = 0; r < BENCH_REPS; r++) {
        cl_event ev;
        enqueue(s, section, m, n, count, &ev);
        t[r] = (float)event_ms(ev);
    }
    return bench_median(t, BENCH_REPS);
}

static double cl_store(bench_backend *b, size_t bytes)
{
    cl_bench *s = (cl_bench *)b->state;
    float t[BENCH_REPS];
    cl_ulong count = (bytes < s->buf_size ? bytes : s->buf_size) / 16;
    size_t global = (size_t)s->units * 16 * 256, local = 256;
    int r;
    cl_int e;
    cl_kernel k = clCreateKernel(program(s, 12), "store", &e);
    ck(e, "clCreateKernel");
    ck(clSetKernelArg(k, 0, sizeof s->buf, &s->buf), "clSetKernelArg");
    ck(clSetKernelArg(k, 1, sizeof count, &count), "clSetKernelArg");
    for (r = -1; r < BENCH_REPS; r++) {
        cl_event ev;
        ck(clEnqueueNDRangeKernel(s->q, k, 1, NULL, &global, &local, 0, NULL, &ev), "store");
        if (r >= 0)
            t[r] = (float)event_ms(ev);
        else
            ck(clWaitForEvents(1, &ev), "clWaitForEvents"), clReleaseEvent(ev);
    }
    clReleaseKernel(k);
    return (double)count * 16 / bench_median(t, BENCH_REPS) / 1e6;
}

static kperm_u64 cl_sum(bench_backend *b)
{
    cl_bench *s = (cl_bench *)b->state;
    static cl_ulong h[SUM_ITEMS];
    size_t items = (size_t)s->units * 16 * 256, i;
    kperm_u64 sum = 0;
    ck(clEnqueueReadBuffer(s->q, s->sums, CL_TRUE, 0, items * sizeof *h, h, 0, NULL, NULL), "read sums");
    for (i = 0; i < items; i++)
        sum += h[i];
    return sum;
}

static void cl_poison(bench_backend *b, size_t bytes)
{
    cl_bench *s = (cl_bench *)b->state;
    cl_uchar ff = 0xff;
    ck(clEnqueueFillBuffer(s->q, s->buf, &ff, 1, 0, bytes, 0, NULL, NULL), "fill");
    ck(clFinish(s->q), "clFinish");
}

static void cl_row(bench_backend *b, int n, kperm_rank r, kperm_u8 *row)
{
    cl_bench *s = (cl_bench *)b->state;
    ck(clEnqueueReadBuffer(s->q, s->buf, CL_TRUE, (size_t)r * (size_t)n, (size_t)n, row, 0, NULL, NULL), "read row");
}

static kperm_u64 cl_buffer_sum(bench_backend *b, size_t bytes)
{
    cl_bench *s = (cl_bench *)b->state;
    cl_ulong words = bytes / 4;
    size_t global = (size_t)s->units * 16 * 256, local = 256;
    cl_int e;
    cl_kernel k = clCreateKernel(program(s, 12), "words_sum", &e);
    ck(e, "clCreateKernel");
    ck(clSetKernelArg(k, 0, sizeof s->buf, &s->buf), "arg");
    ck(clSetKernelArg(k, 1, sizeof words, &words), "arg");
    ck(clSetKernelArg(k, 2, sizeof s->sums, &s->sums), "arg");
    ck(clEnqueueNDRangeKernel(s->q, k, 1, NULL, &global, &local, 0, NULL, NULL), "words_sum");
    clReleaseKernel(k);
    return cl_sum(b);
}

/* Wong's table as OpenCL source, then the kernels */
static char *make_source(const char *dir)
{
    kperm_u64 table[KPERM_MAX_N + 1][KPERM_MAX_N + 1];
    char path[4096], *kernels, *text, *at;
    int i, j;
    size_t size;
    snprintf(path, sizeof path, "%s/bench_kernel.cl", dir);
    kernels = cl_read_file(path);
    if (!kernels) {
        fprintf(stderr, "bench_cl: cannot read %s\n", path);
        exit(1);
    }
    bench_seed_table(table);
    size = strlen(kernels) + 20000;
    text = at = (char *)malloc(size);
    at += sprintf(at, "#include \"kperm.cl\"\n__constant ulong seed_table[%d][%d] = {", KPERM_MAX_N + 1, KPERM_MAX_N + 1);
    for (i = 0; i <= KPERM_MAX_N; i++)
        for (j = 0; j <= KPERM_MAX_N; j++)
            at += sprintf(at, "%lluUL,", table[i][j]);
    sprintf(at, "};\n%s", kernels);
    free(kernels);
    return text;
}

int main(int argc, char **argv)
{
    cl_device_id devs[CL_MAX_DEVICES];
    int ndev = cl_all_devices(devs, CL_MAX_DEVICES), d;
    cl_bench s;
    bench_backend b;
    cl_int e;
    char name[200] = "";
    cl_device_type type = 0;
    memset(&s, 0, sizeof s);
    if (argc < 2) {
        fprintf(stderr, "usage: bench_cl BENCH_DIR [--quick] [materialize] [unrank] [fused] [family] [derange] [walks] "
                        "[comb] [sjt] [gray]\n");
        return 2;
    }
    for (d = 0; d < ndev; d++) { /* BENCH_CL_ANY=1: any device (a smoke test on POCL) */
        clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
        if ((type & CL_DEVICE_TYPE_GPU) || getenv("BENCH_CL_ANY"))
            break;
    }
    if (d == ndev) {
        printf("SKIP bench_cl: no OpenCL GPU\n");
        return 0;
    }
    s.dev = devs[d];
    s.dir = argv[1];
    clGetDeviceInfo(s.dev, CL_DEVICE_NAME, sizeof name - 1, name, NULL);
    clGetDeviceInfo(s.dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof s.units, &s.units, NULL);
    s.ctx = clCreateContext(NULL, 1, &s.dev, NULL, NULL, &e);
    ck(e, "clCreateContext");
    s.q = clCreateCommandQueue(s.ctx, s.dev, CL_QUEUE_PROFILING_ENABLE, &e);
    ck(e, "clCreateCommandQueue");
    s.sums = clCreateBuffer(s.ctx, CL_MEM_READ_WRITE, SUM_ITEMS * sizeof(cl_ulong), NULL, &e);
    ck(e, "clCreateBuffer");
    /* the n = 12 table, or (BENCH_CL_ANY, for POCL's allocation limit) n = 10 */
    s.buf_size = (size_t)bench_fact(getenv("BENCH_CL_ANY") ? 10 : 12) * 12;
    s.buf = clCreateBuffer(s.ctx, CL_MEM_READ_WRITE, s.buf_size, NULL, &e);
    ck(e, "clCreateBuffer");
    s.source = make_source(s.dir);
    memset(&b, 0, sizeof b);
    snprintf(b.device, sizeof b.device, "%s, %u compute units, OpenCL (profiling events)", name, s.units);
    b.launch = cl_launch;
    b.time_ms = cl_time;
    b.store_gbs = cl_store;
    b.sum = cl_sum;
    b.poison = cl_poison;
    b.row = cl_row;
    b.buffer_sum = cl_buffer_sum;
    b.upload = cl_upload;
    b.state = &s;
    return bench_main(&b, argc - 1, argv + 1);
}
