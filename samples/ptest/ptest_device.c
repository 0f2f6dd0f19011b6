/* ptest_device.c - see ptest_device.h */
#define _POSIX_C_SOURCE 200809L
#include "ptest_device.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

void ptest_device_inputs(const ptest_problem *p, const void *host[PTEST_INPUTS], size_t bytes[PTEST_INPUTS])
{
    host[PTEST_IN_V] = p->v, bytes[PTEST_IN_V] = sizeof p->v;
    host[PTEST_IN_D] = p->d, bytes[PTEST_IN_D] = sizeof p->d;
    host[PTEST_IN_SIZES] = p->sizes, bytes[PTEST_IN_SIZES] = sizeof p->sizes;
    host[PTEST_IN_AUX] = p->aux, bytes[PTEST_IN_AUX] = sizeof p->aux;
    host[PTEST_IN_OBS] = p->obs, bytes[PTEST_IN_OBS] = sizeof p->obs;
    host[PTEST_IN_PAR] = p->par, bytes[PTEST_IN_PAR] = sizeof p->par;
}

char *ptest_device_source(const ptest_problem *p, const char *prelude, const char *strict)
{
    size_t size = strlen(prelude) + strlen(strict) + strlen(ptest_stats_kernel_text) + strlen(p->user) + 1024;
    char *s = (char *)malloc(size), file[sizeof p->user_file];
    size_t i;
    if (!s)
        return NULL;
    snprintf(file, sizeof file, "%s", p->user_file);
    for (i = 0; file[i]; i++) /* inside #line's string */
        file[i] = file[i] == '"' || file[i] == '\\' ? '_' : file[i];
    snprintf(s, size, "%s\n%s#define PS_WALK %d\n#define PS_STAT %d\n#define PS_EXACT %d\n#define PS_WIDE %d\n"
             "#define PS_K %d\n#define PS_COLUMNS %d\n#define PS_STRATA %d\n%s", prelude, strict, p->walk, p->stat,
             p->exact, p->wide, p->k, p->cols, p->strata > 0, ptest_stats_kernel_text);
    if (p->stat == PTEST_USER)
        snprintf(s + strlen(s), size - strlen(s), "\nPS_FN double ps_user_statistic(const double *x, const int *start, "
                 "int k)\n{\n#line 1 \"%s\"\n%s\n}\n", file, p->user);
    return s;
}

static size_t compiler_bytes;
static struct rlimit before; /* the limit ptest_device_compiling(1) lowered */
static int lowered;

void ptest_device_compiler_bound(size_t bytes)
{
    compiler_bytes = bytes;
}

/* the bytes RLIMIT_DATA counts that the process holds (the data and stack
 * pages of /proc/self/statm, a little more), 0 where unknown */
static size_t data_bytes(void)
{
    unsigned long pages[6] = {0, 0, 0, 0, 0, 0};
    FILE *f = fopen("/proc/self/statm", "r");
    long page = sysconf(_SC_PAGESIZE);
    int got = f ? fscanf(f, "%lu %lu %lu %lu %lu %lu", &pages[0], &pages[1], &pages[2], &pages[3], &pages[4],
                         &pages[5])
                : 0;
    if (f)
        fclose(f);
    return got == 6 && page > 0 ? pages[5] * (size_t)page : 0;
}

void ptest_device_compiling(int on)
{
    struct rlimit bound;
    size_t held;
    if (!on && lowered)
        setrlimit(RLIMIT_DATA, &before);
    lowered = 0;
    if (!on || !compiler_bytes || getrlimit(RLIMIT_DATA, &before) != 0 || !(held = data_bytes()))
        return;
    bound = before;
    bound.rlim_cur = (rlim_t)(held + compiler_bytes);
    if (before.rlim_cur == RLIM_INFINITY || bound.rlim_cur < before.rlim_cur)
        lowered = setrlimit(RLIMIT_DATA, &bound) == 0;
}

int ptest_device_register_bound(const ptest_problem *p)
{
    if (p->wide)
        return 0;
    if (p->cols > 1)
        return 64;
    return p->exact && (p->stat == PTEST_WELCH || p->stat == PTEST_VAR_RATIO) ? 80 : 0;
}

/* the work-groups of a launch over `ranks`: enough for one rank an item, at most l->groups, at least one */
static size_t groups_for(const ptest_launcher *l, kperm_rank ranks)
{
    kperm_rank want = (ranks + l->local - 1) / l->local;
    return want == 0 ? 1 : want < l->groups ? (size_t)want : l->groups;
}

static int out_of_memory(char *err, size_t errsize)
{
    snprintf(err, errsize, "out of host memory for a launch's counters");
    return -1;
}

static int launch_maxt(const ptest_launcher *l, const ptest_problem *p, kperm_rank begin, kperm_rank end,
                       ptest_result *out, char *err, size_t errsize)
{
    size_t groups = groups_for(l, end - begin), items = groups * l->local;
    unsigned long long *counts = (unsigned long long *)malloc(items * PTEST_MAXT_STRIDE(p->cols) * sizeof *counts);
    int rc = counts ? l->maxt(l->state, p, begin, end, groups, counts, err, errsize) : out_of_memory(err, errsize);
    if (rc == 0)
        ptest_backend_add_maxt(out, counts, (long)items, p->cols);
    free(counts);
    return rc;
}

static int launch_count(const ptest_launcher *l, const ptest_problem *p, kperm_rank begin, kperm_rank end,
                        ptest_result *out, char *err, size_t errsize)
{
    size_t groups = groups_for(l, end - begin), items = groups * l->local;
    unsigned long long *counts = (unsigned long long *)malloc(items * PTEST_COUNTS * sizeof *counts);
    double *extremes = (double *)malloc(items * 2 * sizeof *extremes);
    unsigned long long *hist = (unsigned long long *)malloc(groups * (size_t)(p->bins ? p->bins : 1) * sizeof *hist);
    int rc = counts && extremes && hist
                 ? l->count(l->state, p, begin, end, groups, counts, extremes, hist, err, errsize)
                 : out_of_memory(err, errsize);
    if (rc == 0)
        ptest_backend_add(out, counts, extremes, hist, (long)items, (long)groups, p->bins);
    free(counts);
    free(extremes);
    free(hist);
    return rc;
}

int ptest_device_count(const ptest_launcher *l, const ptest_problem *p, kperm_rank begin, kperm_rank end,
                       ptest_result *out, char *err, size_t errsize)
{
    int rc = 0;
    if (p->cols > 1)
        return launch_maxt(l, p, begin, end, out, err, errsize);
    while (rc == 0 && begin < end) {
        kperm_rank stop = end - begin > PTEST_LAUNCH ? begin + PTEST_LAUNCH : end;
        rc = launch_count(l, p, begin, stop, out, err, errsize);
        begin = stop;
    }
    return rc;
}

int ptest_device_body_line(const char *source)
{
    const char *at = strstr(source, "\n#line 1 \"");
    int line = 3; /* 1, + 1 for each newline before `at`, + 1 for the one at `at`: the directive; + 1: the body */
    if (!at)
        return 0;
    for (; source < at; source++)
        line += *source == '\n';
    return line;
}

int ptest_device_build_failed(const char *backend, const char *file, const char *log, int body_line, char *err,
                              size_t errsize)
{
    static const char kernel[] = "<kernel>:";
    size_t i, o = (size_t)snprintf(err, errsize, "%s: %s does not compile: ", backend, *file ? file : "the kernel");
    for (i = 0; log && log[i] && o + 4 < errsize; i++)
        if (body_line > 0 && strncmp(log + i, kernel, sizeof kernel - 1) == 0 && log[i + sizeof kernel - 1] >= '0'
            && log[i + sizeof kernel - 1] <= '9') {
            /* NVIDIA's OpenCL ignores #line: its "<kernel>:LINE:" counts from the composed source's start */
            char *end;
            long line = strtol(log + i + sizeof kernel - 1, &end, 10);
            o += (size_t)snprintf(err + o, errsize - o, "%s:%ld", file, line - body_line + 1);
            i = (size_t)(end - log) - 1;
        } else if (log[i] == '\n') {
            if (log[i + 1])
                o += (size_t)snprintf(err + o, errsize - o, " | ");
        } else
            err[o++] = log[i];
    err[o < errsize ? o : errsize - 1] = 0;
    return -1;
}
