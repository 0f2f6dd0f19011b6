/* cl.cu - kperm::opencl in a CUDA-only project: kperm_cl.h and CL/cl.h are
 * found and libkperm_cl and OpenCL link. Host code only: runs without a GPU. */
#include <cstdio>
#include <cstring>
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include "kperm_cl.h"

int main()
{
    cl_uint platforms = 0;
    cl_int err = clGetPlatformIDs(0, NULL, &platforms); /* linked: any answer will do */
    std::printf("kperm_cl_source: %zu characters; OpenCL platforms: %u (status %d)\n",
                std::strlen(kperm_cl_source()), platforms, err);
    return std::strstr(kperm_cl_source(), "kperm_unrank") == NULL;
}
