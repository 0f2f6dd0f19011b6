/* cl_build_log.c - builds the user's kernels on every OpenCL device present,
 * the two ways a user puts kperm in front of them (#include "kperm.cl" with
 * kperm_cl_build_options(), or kperm_cl_source() with no options), and
 * requires each build to succeed with an empty log: a warning there is what
 * PyOpenCL raises as CompilerWarning.
 *
 *   cl_build_log BODY KERNELS   (tests/user_build/user_body.h, user_kernel.cl)
 *
 * One PASS or FAIL line per device and way, a SKIP line without devices;
 * exits 1 on any FAIL. */
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

/* 0: built with an empty log; else prints the log behind '# ' and returns 1 */
static int build_quietly(cl_context ctx, cl_device_id dev, const char *source, const char *options)
{
    cl_int err, built;
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    size_t size = 0;
    char *log = NULL, *line;
    int bad = 1;
    if (err != CL_SUCCESS) {
        printf("# clCreateProgramWithSource: %d\n", err);
        return 1;
    }
    built = clBuildProgram(prog, 1, &dev, options, NULL, NULL);
    if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) == CL_SUCCESS &&
        (log = (char *)calloc(size + 1, 1)) != NULL &&
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, size, log, NULL) == CL_SUCCESS) {
        bad = built != CL_SUCCESS || !blank(log);
        if (built != CL_SUCCESS)
            printf("# clBuildProgram: %d\n", built);
        if (bad)
            for (line = strtok(log, "\n"); line; line = strtok(NULL, "\n"))
                printf("# %s\n", line);
    } else
        printf("# no build log\n");
    free(log);
    clReleaseProgram(prog);
    return bad;
}

/* one check's line; 1 on FAIL */
static int check(cl_context ctx, cl_device_id dev, const char *name, const char *source, const char *options,
                 const char *way)
{
    int bad = build_quietly(ctx, dev, source, options);
    printf("%s OpenCL build log %s on %s: %s, run-time n\n", bad ? "FAIL" : "PASS", bad ? "not empty" : "empty",
           name, way);
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
        cl_int err;
        cl_context ctx = clCreateContext(NULL, 1, &devs[d], NULL, NULL, &err);
        cl_device_name(devs[d], name, sizeof name);
        if (err != CL_SUCCESS) {
            printf("FAIL OpenCL build log on %s: clCreateContext %d\n", name, err);
            failed = 1;
            continue;
        }
        failed |= check(ctx, devs[d], name, by_include, kperm_cl_build_options(), "#include \"kperm.cl\"");
        failed |= check(ctx, devs[d], name, by_source, "", "kperm_cl_source()");
        clReleaseContext(ctx);
    }
    free(body);
    free(kernels);
    free(by_include);
    free(by_source);
    return failed;
}
