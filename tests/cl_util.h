/* cl_util.h - what the OpenCL test drivers share: device listing, building
 * with the log shown on failure, reading a kernel file. */
#ifndef KPERM_TEST_CL_UTIL_H
#define KPERM_TEST_CL_UTIL_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CL_MAX_DEVICES 16

/* every device of every platform; 0 when there is no OpenCL at all */
static inline int cl_all_devices(cl_device_id *out, int max)
{
    cl_platform_id plats[8];
    cl_uint np = 0, p;
    int count = 0;
    if (clGetPlatformIDs(8, plats, &np) != CL_SUCCESS)
        return 0;
    for (p = 0; p < np && p < 8; p++) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, (cl_uint)(max - count),
                           out + count, &nd) == CL_SUCCESS)
            count += (int)nd;
    }
    return count;
}

static inline void cl_device_name(cl_device_id d, char *name, size_t size)
{
    if (clGetDeviceInfo(d, CL_DEVICE_NAME, size, name, NULL) != CL_SUCCESS)
        snprintf(name, size, "(unnamed device)");
}

/* the whole file as a NUL-terminated string, or NULL */
static inline char *cl_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    long size;
    char *text;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = (char *)malloc((size_t)size + 1);
    if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
        free(text);
        text = NULL;
    }
    if (text)
        text[size] = 0;
    fclose(f);
    return text;
}

/* builds source for one device; on failure prints the log behind '# ' and returns NULL */
static inline cl_program cl_build(cl_context ctx, cl_device_id dev, const char *source,
                                  const char *options)
{
    cl_int err;
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    if (err != CL_SUCCESS)
        return NULL;
    err = clBuildProgram(prog, 1, &dev, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        size_t size = 0;
        char *log;
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &size);
        log = (char *)malloc(size + 1);
        if (log && clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, size, log, NULL) == CL_SUCCESS) {
            log[size] = 0;
            printf("# clBuildProgram failed (%d) with options '%s':\n# %s\n", err, options, log);
        }
        free(log);
        clReleaseProgram(prog);
        return NULL;
    }
    return prog;
}

/* "a" then "b" in one new string */
static inline char *cl_concat(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = (char *)malloc(la + lb + 1);
    if (s) {
        memcpy(s, a, la);
        memcpy(s + la, b, lb + 1);
    }
    return s;
}

#endif
