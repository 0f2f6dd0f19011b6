/* cl_build_quiet.c - clBuildProgram with stderr muted (cl_build_quiet.h). */
#define _POSIX_C_SOURCE 200809L /* dup, dup2 */
#include "cl_build_quiet.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

cl_int cl_build_quietly(cl_program prog, cl_device_id dev, const char *options)
{
    int null = open("/dev/null", O_WRONLY), saved;
    cl_int rc;
    fflush(NULL); /* stderr too, before its descriptor is muted */
    saved = null >= 0 ? dup(2) : -1;
    if (saved >= 0 && dup2(null, 2) < 0) {
        close(saved);
        saved = -1;
    }
    rc = clBuildProgram(prog, 1, &dev, options, NULL, NULL);
    if (saved >= 0) {
        dup2(saved, 2);
        close(saved);
    }
    if (null >= 0)
        close(null);
    return rc;
}

int cl_has_nv_options(cl_device_id dev)
{
    size_t len = 0;
    char *ext;
    int has;
    if (clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, 0, NULL, &len) != CL_SUCCESS || !(ext = (char *)calloc(len + 1, 1)))
        return 0;
    has = clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, len, ext, NULL) == CL_SUCCESS
          && strstr(ext, "cl_nv_compiler_options") != NULL;
    free(ext);
    return has;
}
