/* Count the derangements of 10 (no element in its own place) through OpenCL,
   on the first device of the first platform: each work-item walks its part of
   the 10! ranks with a cursor. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include "kperm_cl.h"

static const char *source =
    "#include \"kperm.cl\"\n"
    "__kernel void derangements(__global uint *found) {\n"
    "    const int n = 10;   /* a literal n: kperm's loops unroll */\n"
    "    kperm_rank total, begin, end;\n"
    "    kperm_cursor c;\n"
    "    uint mine = 0;\n"
    "    kperm_count(n, &total);\n"
    "    kperm_split(0, total, get_global_size(0), get_global_id(0), &begin, &end);\n"
    "    kperm_cursor_init(&c, n, begin, end);\n"
    "    while (kperm_cursor_next(&c)) {\n"
    "        int fixed = 0;\n"
    "        for (int i = 0; i < n; i++)\n"
    "            fixed |= kperm_cursor_get(&c, i) == i;\n"
    "        mine += !fixed;\n"
    "    }\n"
    "    atomic_add(found, mine);\n"
    "}\n";

int main(void)
{
    cl_platform_id plat; cl_device_id dev; cl_int err; cl_uint result = 0;
    size_t global = 4096;
    if (clGetPlatformIDs(1, &plat, NULL) || clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)) {
        fprintf(stderr, "derangements_cl: no OpenCL device\n");
        return 1;
    }
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    if (clBuildProgram(prog, 1, &dev, kperm_cl_build_options(), NULL, NULL)) {
        fprintf(stderr, "derangements_cl: build failed\n");
        return 1;
    }
    cl_kernel k = clCreateKernel(prog, "derangements", &err);
    cl_mem found = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof result, &result, &err);
    clSetKernelArg(k, 0, sizeof found, &found);
    err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL);
    if (err || clEnqueueReadBuffer(q, found, CL_TRUE, 0, sizeof result, &result, 0, NULL, NULL)) {
        fprintf(stderr, "derangements_cl: run failed (%d)\n", err);
        return 1;
    }
    printf("derangements of 10: %u\n", result);   /* 1334961 */
    return result != 1334961;
}
