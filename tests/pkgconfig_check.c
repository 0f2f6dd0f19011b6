/* pkgconfig_check.c - built against an installed kperm through pkg-config:
 * the host API works, and (with OpenCL) a kernel that says #include "kperm.cl"
 * builds with the installed helper's options. */
#include <stdio.h>
#include <string.h>
#include <kperm.h>
#include <kperm_cl.h>
#ifdef WITH_OPENCL
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#endif

int main(int argc, char **argv)
{
    kperm_u8 p[5];
    if (argc != 2 || kperm_unrank(119, 5, p) != KPERM_OK || p[0] != 4 || p[4] != 0) {
        printf("FAIL installed kperm.h: unrank(119, 5) is not 4 3 2 1 0\n");
        return 1;
    }
    if (!strstr(kperm_cl_build_options(), argv[1]) || !strstr(kperm_cl_source(), "kperm_unrank")) { /* argv[1]: the prefix */
        printf("FAIL installed libkperm_cl: options '%s' do not name the prefix\n", kperm_cl_build_options());
        return 1;
    }
    printf("PASS installed headers and libkperm_cl found through pkg-config\n");
#ifdef WITH_OPENCL
    {
        const char *src = "#include \"kperm.cl\"\n__kernel void k(__global uchar *o)"
                          " { kperm_u8 p[5]; kperm_unrank(119, 5, p); o[0] = p[0]; }\n";
        cl_platform_id plat;
        cl_device_id dev;
        cl_int err;
        cl_context ctx;
        cl_program prog;
        if (clGetPlatformIDs(1, &plat, NULL) || clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)) {
            printf("SKIP installed kperm.cl builds: no OpenCL device\n");
            return 0;
        }
        ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
        prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
        err = clBuildProgram(prog, 1, &dev, kperm_cl_build_options(), NULL, NULL);
        printf("%s installed kperm.cl builds with kperm_cl_build_options()\n", err ? "FAIL" : "PASS");
        return err != 0;
    }
#endif
    return 0;
}
