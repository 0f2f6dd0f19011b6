/* cl_build_quiet.c - clBuildProgram with stderr muted (cl_build_quiet.h). */
#define _POSIX_C_SOURCE 200809L /* dup, dup2 */
#include "cl_build_quiet.h"
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

cl_int cl_build_quietly(cl_program prog, cl_device_id dev)
{
    int null = open("/dev/null", O_WRONLY), saved;
    cl_int rc;
    fflush(stderr);
    saved = null >= 0 ? dup(2) : -1;
    if (saved >= 0 && dup2(null, 2) < 0) {
        close(saved);
        saved = -1;
    }
    rc = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
    if (saved >= 0) {
        dup2(saved, 2);
        close(saved);
    }
    if (null >= 0)
        close(null);
    return rc;
}
