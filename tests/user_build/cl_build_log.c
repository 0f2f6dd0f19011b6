/* cl_build_log.c - builds the user's kernels on every OpenCL device present,
 * the two ways a user puts kperm in front of them (#include "kperm.cl" with
 * kperm_cl_build_options(), or kperm_cl_source() with no options), and
 * requires each build to succeed with an empty log: a warning there is what
 * PyOpenCL raises as CompilerWarning. What the driver says about every
 * kernel, kperm or not, is set aside: NVIDIA's drivers since 550 write
 * "Function NAME is a kernel, so overriding noinline attribute" for each
 * kernel of any program. A probe kernel without kperm shows those lines; a
 * line of the user's log that is one of them with another kernel's name is
 * not kperm's, and is counted on the PASS line.
 *
 *   cl_build_log BODY KERNELS   (tests/user_build/user_body.h, user_kernel.cl)
 *
 * One PASS or FAIL line per device and way, a SKIP line without devices;
 * exits 1 on any FAIL. */
#include <ctype.h>
#include "cl_util.h"
#include "kperm_cl.h"

/* whether the log is only whitespace (some drivers write a newline or a NUL) */
static int blank(const char *log)
{
    for (; *log; log++)
        if (!strchr(" \t\r\n", *log))
            return 0;
    return 1;
}

#define PROBE "kperm_probe"

/* the build log of source on dev (NULL if it cannot be had); *built: the
 * build's status */
static char *build_log(cl_context ctx, cl_device_id dev, const char *source, const char *options, cl_int *built)
{
    cl_int err;
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    size_t size = 0;
    char *log = NULL;
    *built = err;
    if (err != CL_SUCCESS)
        return NULL;
    *built = clBuildProgram(prog, 1, &dev, options, NULL, NULL);
    if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) != CL_SUCCESS ||
        (log = (char *)calloc(size + 1, 1)) == NULL ||
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, size, log, NULL) != CL_SUCCESS) {
        free(log);
        log = NULL;
    }
    clReleaseProgram(prog);
    return log;
}

/* whether line is a line of the probe's log with PROBE replaced by an
 * identifier (or equal to one that names no kernel) */
static int driver_note(const char *line, const char *probe_log)
{
    const char *p = probe_log;
    size_t len = strlen(line);
    while (*p) {
        size_t plen = strcspn(p, "\n");
        const char *name = strstr(p, PROBE);
        if (name && name < p + plen) {
            size_t pre = (size_t)(name - p), post = plen - pre - strlen(PROBE), mid;
            if (len > pre + post && strncmp(line, p, pre) == 0 && strncmp(line + len - post, name + strlen(PROBE), post) == 0) {
                for (mid = pre; mid < len - post && (isalnum((unsigned char)line[mid]) || line[mid] == '_'); mid++)
                    ;
                if (mid == len - post)
                    return 1;
            }
        } else if (plen == len && strncmp(line, p, len) == 0)
            return 1;
        p += plen + (p[plen] == '\n');
    }
    return 0;
}

/* 0: built, and every line of the log blank or a driver's note (counted into
 * *notes); else prints the log behind '# ' and returns 1 */
static int build_quietly(cl_context ctx, cl_device_id dev, const char *source, const char *options,
                         const char *probe_log, int *notes)
{
    cl_int built;
    char *log = build_log(ctx, dev, source, options, &built), *line;
    int bad = built != CL_SUCCESS || log == NULL;
    if (built != CL_SUCCESS)
        printf("# clBuildProgram: %d\n", built);
    if (log == NULL)
        printf("# no build log\n");
    for (line = log ? strtok(log, "\n") : NULL; line; line = strtok(NULL, "\n")) {
        if (blank(line))
            continue;
        if (driver_note(line, probe_log))
            ++*notes;
        else
            bad = 1;
    }
    if (bad && log) { /* strtok cut it: the whole log again, for the reader */
        free(log);
        log = build_log(ctx, dev, source, options, &built);
        for (line = log ? strtok(log, "\n") : NULL; line; line = strtok(NULL, "\n"))
            printf("# %s\n", line);
    }
    free(log);
    return bad;
}

/* one check's line; 1 on FAIL */
static int check(cl_context ctx, cl_device_id dev, const char *name, const char *source, const char *options,
                 const char *way, const char *probe_log)
{
    int notes = 0, bad = build_quietly(ctx, dev, source, options, probe_log, &notes);
    char aside[96] = "";
    if (notes)
        sprintf(aside, " (%d line%s the driver writes for any kernel set aside)", notes, notes > 1 ? "s" : "");
    printf("%s OpenCL build log %s on %s: %s, run-time n%s\n", bad ? "FAIL" : "PASS", bad ? "not empty" : "empty",
           name, way, aside);
    return bad;
}

/* the program: head (the core's way in), then the body, then the kernels */
static char *join(const char *head, const char *body, const char *kernels)
{
    size_t a = strlen(head), b = strlen(body), c = strlen(kernels);
    char *s = (char *)malloc(a + b + c + 3);
    if (s)
        sprintf(s, "%s\n%s\n%s", head, body, kernels);
    return s;
}

int main(int argc, char **argv)
{
    cl_device_id devs[CL_MAX_DEVICES];
    int count = cl_all_devices(devs, CL_MAX_DEVICES), d, failed = 0;
    char *body = argc == 3 ? cl_read_file(argv[1]) : NULL, *kernels = argc == 3 ? cl_read_file(argv[2]) : NULL;
    char *by_include = body && kernels ? join("#include \"kperm.cl\"", body, kernels) : NULL;
    char *by_source = body && kernels ? join(kperm_cl_source(), body, kernels) : NULL;
    if (!by_include || !by_source) {
        fprintf(stderr, "usage: cl_build_log BODY KERNELS (both readable)\n");
        return 2;
    }
    if (count == 0)
        printf("SKIP OpenCL build log: no OpenCL device\n");
    for (d = 0; d < count; d++) {
        char name[256];
        cl_int err, built;
        cl_context ctx = clCreateContext(NULL, 1, &devs[d], NULL, NULL, &err);
        char *probe_log;
        cl_device_name(devs[d], name, sizeof name);
        if (err != CL_SUCCESS) {
            printf("FAIL OpenCL build log on %s: clCreateContext %d\n", name, err);
            failed = 1;
            continue;
        }
        probe_log = build_log(ctx, devs[d], "__kernel void " PROBE "(__global int *x) { x[0] = 1; }", "", &built);
        if (!probe_log)
            probe_log = (char *)calloc(1, 1);
        failed |= check(ctx, devs[d], name, by_include, kperm_cl_build_options(), "#include \"kperm.cl\"", probe_log);
        failed |= check(ctx, devs[d], name, by_source, "", "kperm_cl_source()", probe_log);
        free(probe_log);
        clReleaseContext(ctx);
    }
    free(body);
    free(kernels);
    free(by_include);
    free(by_source);
    return failed;
}
