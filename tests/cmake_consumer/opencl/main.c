/* main.c - kperm's OpenCL helper from a C project through find_package(kperm):
 * one work-item per chunk of derangements.h on the first OpenCL device, the
 * kernel built with kperm_cl_build_options() and #include "kperm.cl", the
 * host's count beside it. Exit status 77: no OpenCL device. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include "kperm_cl.h"
#include "kperm.h"
#include "derangements.h"

static const char *source =
    "#include \"kperm.cl\"\n"
    "#include \"derangements.h\"\n"
    "__kernel void count_chunks(__global int *found)\n"
    "{\n"
    "    int chunk = get_global_id(0);\n"
    "    found[chunk] = derangements((kperm_rank)chunk * DERANGE_CHUNK, DERANGE_CHUNK, DERANGE_N);\n"
    "}\n";

int main(void)
{
    cl_platform_id platform;
    cl_device_id dev;
    cl_int err;
    cl_context ctx;
    cl_command_queue q;
    cl_program prog;
    cl_kernel k;
    cl_mem buf;
    char options[8192], log[4096] = "";
    int found[DERANGE_N], total = 0, i, host = derangements(0, DERANGE_N * DERANGE_CHUNK, DERANGE_N);
    size_t global = DERANGE_N;
    if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) {
        printf("OpenCL: no device\n");
        return 77;
    }
    snprintf(options, sizeof options, "%s -I %s", kperm_cl_build_options(), CONSUMER_DIR);
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    q = clCreateCommandQueue(ctx, dev, 0, &err);
    prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    if (clBuildProgram(prog, 1, &dev, options, NULL, NULL) != CL_SUCCESS) {
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        printf("clBuildProgram failed with options %s:\n%s\n", options, log);
        return 1;
    }
    k = clCreateKernel(prog, "count_chunks", &err);
    buf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof found, NULL, &err);
    err |= clSetKernelArg(k, 0, sizeof buf, &buf);
    err |= clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL);
    err |= clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof found, found, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        printf("OpenCL call failed (%d)\n", err);
        return 1;
    }
    for (i = 0; i < DERANGE_N; i++)
        total += found[i]; /* a -1 leaves it short */
    printf("OpenCL: %d derangements of %d on the device, %d on the host (want %d)\n", total, DERANGE_N, host,
           DERANGE_WANT);
    clReleaseMemObject(buf);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return !(total == DERANGE_WANT && host == DERANGE_WANT);
}
