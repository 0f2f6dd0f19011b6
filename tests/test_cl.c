/* test_cl.c - the lexicographic vectors computed by an OpenCL kernel on every
 * OpenCL device present (POCL's CPU device in CI), byte for byte against the
 * host C results, once with -I and #include "kperm.cl" and once with the
 * concatenated kperm_cl_source() string; and the combination unrank over a
 * binomial table the host puts in a __global buffer.
 *
 *   test_cl TESTS_DIR */
#include "cl_util.h"
#include "check.h"
#include "kperm_cl.h"
#include "lex_vectors.h"
#include "kperm.h"
#include "rng.h"

/* releases what a run made (any of them may be NULL) */
static void release(cl_context ctx, cl_command_queue q, cl_program prog, cl_kernel k, cl_mem a, cl_mem b)
{
    if (a) clReleaseMemObject(a);
    if (b) clReleaseMemObject(b);
    if (k) clReleaseKernel(k);
    if (prog) clReleaseProgram(prog);
    if (q) clReleaseCommandQueue(q);
    if (ctx) clReleaseContext(ctx);
}

static int run_lex(cl_device_id dev, const char *source, const char *options,
                   const unsigned long long *in, const unsigned char *want, size_t count)
{
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_command_queue q = ctx ? clCreateCommandQueue(ctx, dev, 0, &err) : NULL;
    cl_program prog = q ? cl_build(ctx, dev, source, options) : NULL;
    cl_kernel k = prog ? clCreateKernel(prog, "kperm_test_lex", &err) : NULL;
    size_t in_size = count * 5 * sizeof *in, out_size = count * kperm_test_record, global = (count + 63) / 64 * 64;
    cl_mem din = NULL, dout = NULL;
    unsigned char *got = (unsigned char *)malloc(out_size);
    cl_uint n32 = (cl_uint)count;
    int ok = 0;
    if (!k || !got) {
        check_fail("could not build or set up the kernel (error %d)", err);
        goto done;
    }
    din = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, in_size, (void *)in, &err);
    dout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, out_size, NULL, &err);
    memset(got, 0x5a, out_size);
    err = clEnqueueWriteBuffer(q, dout, CL_TRUE, 0, out_size, got, 0, NULL, NULL);
    err |= clSetKernelArg(k, 0, sizeof din, &din);
    err |= clSetKernelArg(k, 1, sizeof dout, &dout);
    err |= clSetKernelArg(k, 2, sizeof n32, &n32);
    err |= clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL);
    err |= clEnqueueReadBuffer(q, dout, CL_TRUE, 0, out_size, got, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        check_fail("OpenCL call failed (%d)", err);
        goto done;
    }
    if (kperm_test_lex_compare(in, got, want, count) != count)
        check_fail("%zu vectors: records differ from host C", count);
    else
        ok = 1;
done:
    release(ctx, q, prog, k, din, dout);
    free(got);
    return ok;
}

/* kperm_comb_unrank_mask_in on the device with the host's kperm_comb_table in
 * a __global buffer (and once with a buffer of zeros: KPERM_E_TABLES), against
 * kperm_comb_unrank_mask on the host for random n, k and ranks, the count
 * itself and bad n among them */
static void run_comb_in(cl_device_id dev, const char *source, const char *options)
{
    enum { COUNT = 20000 };
    static unsigned long long in[3 * COUNT], want[2 * COUNT], got[2 * COUNT], zeros[KPERM_COMB_TABLE_SIZE];
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_command_queue q = ctx ? clCreateCommandQueue(ctx, dev, 0, &err) : NULL;
    cl_program prog = q ? cl_build(ctx, dev, source, options) : NULL;
    cl_kernel k = prog ? clCreateKernel(prog, "kperm_test_comb_in", &err) : NULL;
    cl_mem table = NULL, din = NULL, dout = NULL;
    cl_uint n32 = COUNT;
    size_t global = COUNT, i;
    int pass;
    kperm_u64 s = 12345;
    for (i = 0; i < COUNT; i++) {
        int n = (int)(test_splitmix(&s) % 66), kk = (int)(test_splitmix(&s) % (kperm_u64)(n + 1));
        kperm_rank total = 1;
        kperm_u64 mask = 0x5a5a;
        kperm_comb_count(n, kk, &total); /* (n = 65: stays 1) */
        in[3 * i] = (unsigned long long)n;
        in[3 * i + 1] = (unsigned long long)kk;
        in[3 * i + 2] = i % 9 == 0 ? total : test_splitmix(&s) % total;
        want[2 * i] = (unsigned long long)(long long)kperm_comb_unrank_mask(in[3 * i + 2], n, kk, &mask);
        want[2 * i + 1] = mask;
    }
    if (!k) {
        check_fail("could not build or set up the kernel (error %d)", err);
        goto done;
    }
    din = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in, &err);
    dout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof got, NULL, &err);
    for (pass = 0; pass < 2; pass++) {
        table = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof zeros,
                               pass == 0 ? (void *)kperm_comb_table : (void *)zeros, &err);
        err |= clSetKernelArg(k, 0, sizeof table, &table);
        err |= clSetKernelArg(k, 1, sizeof din, &din);
        err |= clSetKernelArg(k, 2, sizeof dout, &dout);
        err |= clSetKernelArg(k, 3, sizeof n32, &n32);
        err |= clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL);
        err |= clEnqueueReadBuffer(q, dout, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL);
        clReleaseMemObject(table);
        if (err != CL_SUCCESS) {
            check_fail("OpenCL call failed (%d)", err);
            goto done;
        }
        for (i = 0; i < COUNT; i++) {
            int bad = pass == 0 ? got[2 * i] != want[2 * i] || got[2 * i + 1] != want[2 * i + 1]
                                : (long long)got[2 * i] != KPERM_E_TABLES || got[2 * i + 1] != 0x5a5a;
            if (bad) {
                check_fail("%s: C(%llu, %llu) rank %llu gave %lld, mask %llx", pass ? "zero table" : "table",
                           in[3 * i], in[3 * i + 1], in[3 * i + 2], (long long)got[2 * i], got[2 * i + 1]);
                goto done;
            }
        }
    }
done:
    release(ctx, q, prog, k, din, dout);
}

int main(int argc, char **argv)
{
    cl_device_id devs[CL_MAX_DEVICES];
    int ndev = cl_all_devices(devs, CL_MAX_DEVICES), d;
    unsigned long long *in;
    size_t count = kperm_test_lex_vectors(&in);
    unsigned char *want = (unsigned char *)malloc(count * kperm_test_record);
    char path[4096], opts[8192], *kernel, *with_include, *with_string;
    if (argc != 2 || !want) {
        fprintf(stderr, "usage: test_cl TESTS_DIR\n");
        return 2;
    }
    if (ndev == 0) {
        check_skip("opencl lex vectors", "no OpenCL platform or device (install pocl-opencl-icd: make deps)");
        return 0;
    }
    snprintf(path, sizeof path, "%s/lex_kernel.cl", argv[1]);
    kernel = cl_read_file(path);
    if (!kernel) {
        printf("FAIL opencl lex vectors: cannot read %s\n", path);
        return 1;
    }
    with_include = cl_concat("#include \"kperm.cl\"\n", kernel);
    with_string = cl_concat(kperm_cl_source(), kernel);
    kperm_test_lex_host(in, want, count);
    for (d = 0; d < ndev; d++) {
        char dev_name[256], name[512];
        cl_device_name(devs[d], dev_name, sizeof dev_name);
        snprintf(name, sizeof name, "opencl lex vectors (%zu) via -I on %s", count, dev_name);
        check_begin(name);
        snprintf(opts, sizeof opts, "%s -I %s", kperm_cl_build_options(), argv[1]);
        run_lex(devs[d], with_include, opts, in, want, count);
        check_end();
        snprintf(name, sizeof name, "opencl lex vectors (%zu) via kperm_cl_source() on %s", count, dev_name);
        check_begin(name);
        snprintf(opts, sizeof opts, "-I %s", argv[1]);
        run_lex(devs[d], with_string, opts, in, want, count);
        check_end();
        snprintf(name, sizeof name, "opencl kperm_comb_unrank_mask_in, table in a __global buffer = host C on %s", dev_name);
        check_begin(name);
        snprintf(opts, sizeof opts, "%s -I %s", kperm_cl_build_options(), argv[1]);
        run_comb_in(devs[d], with_include, opts);
        check_end();
    }
    free(kernel);
    free(with_include);
    free(with_string);
    free(want);
    free(in);
    return check_any_failed;
}
