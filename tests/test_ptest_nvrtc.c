/* test_ptest_nvrtc.c - kperm-ptest's CUDA backend as far as a machine
 * without a GPU (CI: nvcc, no driver) can take it: NVRTC compiles the
 * statistics source for sm_90 in every variant the program may ask for
 * (each line of ptest_variants.h and ptest_strata_variants.h, and a C statistic on each walk), and a C statistic that does not compile comes back as one
 * FILE:LINE:COL: line. The backend's static functions are reached by
 * including its source. Prints PASS/FAIL lines; exits 1 on a failure. */
#include "ptest_cuda.c"

static const int variants[][6] = {
#define PTEST_VARIANT(walk, stat, exact, wide, k, columns) {walk, stat, exact, wide, k, columns},
#include "ptest_variants.h"
#undef PTEST_VARIANT
};

static const int strata_variants[][5] = {
#define PTEST_STRATA_VARIANT(walk, stat, exact, wide, k) {walk, stat, exact, wide, k},
#include "ptest_strata_variants.h"
#undef PTEST_STRATA_VARIANT
};

static ptest_problem p; /* large: static */

/* p compiled for sm_90: 0, or -1 with err */
static int builds(char *err, size_t errsize)
{
    char *cubin = NULL;
    size_t size;
    int rc = compile(&p, 90, &cubin, &size, err, errsize);
    free(cubin);
    return rc;
}

/* the walk within strata (PS_STRATA) in each variant of
 * ptest_strata_variants.h: 0, or 1 on a failure */
static int strata_build(void)
{
    char err[PTEST_ERR_SIZE];
    size_t i, n = sizeof strata_variants / sizeof strata_variants[0];
    int failed = 0;
    p.cols = 1, p.strata = 2;
    for (i = 0; i < n; i++) {
        p.walk = strata_variants[i][0], p.stat = strata_variants[i][1], p.exact = strata_variants[i][2];
        p.wide = strata_variants[i][3], p.k = strata_variants[i][4];
        if (builds(err, sizeof err) && !failed++)
            printf("FAIL NVRTC: within strata, variant %d %d %d %d %d: %.500s\n", p.walk, p.stat, p.exact, p.wide,
                   p.k, err);
    }
    p.strata = 0;
    if (!failed)
        printf("PASS NVRTC compiles the walk within strata in all %d variants of ptest_strata_variants.h\n", (int)n);
    return failed > 0;
}

/* NVIDIA's OpenCL ignores #line and counts from the composed source's first
 * line: its log for bad.c, built from the line where the body starts, must
 * come back as the body's line 1 (shared with the OpenCL backend, checked
 * here where the composed source is at hand). 0, or 1 on a failure. */
static int nvidia_opencl_log(void)
{
    char *src = ptest_device_source(&p, "/* a prelude */\n", ""), log[256], err[PTEST_ERR_SIZE], *at;
    int body = src ? ptest_device_body_line(src) : 0, line = 1, ok;
    for (at = src; at && *at && line < body; at++)
        line += *at == '\n';
    ok = at && strncmp(at, "return x[0] +;", 14) == 0;
    snprintf(log, sizeof log, "<kernel>:%d:14: error: expected expression\nreturn x[0] +;\n             ^\n", body);
    ptest_device_build_failed("opencl", p.user_file, log, body, err, sizeof err);
    free(src);
    ok = ok && strcmp(err, "opencl: bad.c does not compile: bad.c:1:14: error: expected expression | "
                           "return x[0] +; |              ^") == 0;
    printf("%s NVIDIA OpenCL's <kernel>:LINE: (line %d of the composed source) read as bad.c:1:%s%.300s\n",
           ok ? "PASS" : "FAIL", body, ok ? "" : " ", ok ? "" : err);
    return !ok;
}

/* NVRTC's warnings of undefined behaviour are errors (ptest_cuda.c's
 * strict pragmas): a statistic that may fall off its end, or reads a
 * variable never set, does not compile. 0, or 1 on a failure. */
static int undefined_refused(void)
{
    static const char *const bodies[][2] = {
        {"if (x[start[0]] < 50)\n    return x[start[0]];\n", "cuda: ub.c does not compile: ub.c:4:1: missing return"},
        {"double s;\nreturn s + x[0];\n", "cuda: ub.c does not compile: ub.c:2:8: variable \"s\" is used before its"},
    };
    char err[PTEST_ERR_SIZE];
    size_t i;
    int fails = 0;
    snprintf(p.user_file, sizeof p.user_file, "ub.c");
    for (i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        snprintf(p.user, sizeof p.user, "%s", bodies[i][0]);
        if (builds(err, sizeof err) == 0 || strchr(err, '\n') || strncmp(err, bodies[i][1], strlen(bodies[i][1]))) {
            printf("FAIL NVRTC: a statistic with undefined behaviour: %.500s\n", builds(err, sizeof err) ? err : "built");
            fails = 1;
        }
    }
    if (!fails)
        printf("PASS NVRTC refuses a statistic that may fall off its end or reads a variable never set\n");
    return fails;
}

int main(void)
{
    static const char mean[] = "double s[2] = {0, 0};\nfor (int j = 0; j < 2; j++)\n"
                               "    for (int i = start[j]; i < start[j + 1]; i++)\n        s[j] += x[i];\n"
                               "return s[0] / (start[1] - start[0]) - s[1] / (start[2] - start[1]);\n";
    char err[PTEST_ERR_SIZE];
    size_t i, n = sizeof variants / sizeof variants[0];
    int fails = 0, failed = 0;
    for (i = 0; i < n; i++) {
        const int *v = variants[i];
        p.walk = v[0], p.stat = v[1], p.exact = v[2], p.wide = v[3], p.k = v[4];
        p.cols = v[5] > 1 ? 3 : 1; /* maxT's variants: the kernel is built for the problem's columns */
        if (builds(err, sizeof err) && !failed++)
            printf("FAIL NVRTC: variant %d %d %d %d %d with %d columns: %.500s\n", p.walk, p.stat, p.exact, p.wide,
                   p.k, p.cols, err);
    }
    fails += failed > 0;
    if (!failed)
        printf("PASS NVRTC compiles the statistics source (sm_90) in all %d variants of ptest_variants.h\n", (int)n);
    p.stat = PTEST_USER, p.exact = 0, p.wide = 0, p.k = 2, p.cols = 1;
    snprintf(p.user_file, sizeof p.user_file, "mean.c");
    snprintf(p.user, sizeof p.user, "%s", mean);
    for (failed = 0, p.walk = PTEST_TWO; p.walk <= PTEST_PAIRINGS; p.walk++)
        if (builds(err, sizeof err) && !failed++)
            printf("FAIL NVRTC: a C statistic on walk %d: %.500s\n", p.walk, err);
    fails += failed > 0;
    if (!failed)
        printf("PASS NVRTC compiles a C statistic (the mean difference) on every walk\n");
    p.walk = PTEST_TWO;
    snprintf(p.user_file, sizeof p.user_file, "bad.c");
    snprintf(p.user, sizeof p.user, "return x[0] +;\n");
    if (builds(err, sizeof err) == 0 || strchr(err, '\n')
        || strcmp(err, "cuda: bad.c does not compile: bad.c:1:14: expected an expression")) {
        printf("FAIL NVRTC: a C statistic that does not compile: %.500s\n", err);
        fails++;
    } else
        printf("PASS NVRTC: a C statistic that does not compile is one line: %s\n", err);
    fails += nvidia_opencl_log();
    fails += undefined_refused();
    fails += strata_build(); /* last: it leaves p a built-in statistic */
    return fails ? 1 : 0;
}
