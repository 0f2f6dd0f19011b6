/* kperm-tsp - exact brute-force TSP on CUDA, OpenCL or every CPU core.
 *
 *   kperm-tsp [--backend auto|cuda|opencl|cpu] [--gpus all|N] [--json] [--force] FILE
 *   kperm-tsp ... --random N [--seed S]
 *
 * Exit status: 0 solved, 2 bad input or usage, 3 refused as hopeless (see
 * --force), 4 the backend failed.
 */
#define _POSIX_C_SOURCE 200809L
#include "tsp_backend.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define HOPELESS_SECONDS 86400.0 /* refuse runs estimated to take over a day */
#define BATCH_SECONDS 0.25       /* aim of one search call: progress and estimate */
#define FIRST_BATCH (120.0 * 1024)
#define CPU_TRIAL (KPERM_U64(120) << 17) /* ranks each CPU path searches to compare them */

typedef struct {
    const char *backend, *file;
    int json, force, random_n, gpus; /* gpus: 0 = all */
    unsigned long long seed;
} options;

typedef int (*open_fn)(tsp_backend *, const tsp_instance *, int, int, char *, size_t);
static const struct {
    const char *name;
    open_fn open;
} backends[] = {
#ifdef TSP_HAVE_CUDA
    {"cuda", tsp_cuda_open},
#endif
#ifdef TSP_HAVE_OPENCL
    {"opencl", tsp_opencl_open},
#endif
    {"cpu", tsp_cpu_open},
};
#define NBACKENDS ((int)(sizeof backends / sizeof backends[0]))

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void usage(const char *why)
{
    fprintf(stderr, "kperm-tsp: %s\nusage: kperm-tsp [--backend auto|cuda|opencl|cpu] [--gpus all|N] [--json] [--force] "
                    "FILE | --random N [--seed S]\n", why);
    exit(2);
}

static unsigned long long parse_count(const char *opt, const char *s)
{
    char *end;
    unsigned long long v;
    if (!s)
        usage("an option needs a value");
    v = strtoull(s, &end, 10);
    if (end == s || *end || s[0] == '-') {
        fprintf(stderr, "kperm-tsp: %s '%s' is not a non-negative integer\n", opt, s);
        exit(2);
    }
    return v;
}

static options parse_args(int argc, char **argv)
{
    options o;
    int i;
    memset(&o, 0, sizeof o);
    o.backend = "auto";
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--backend") == 0 && i + 1 < argc)
            o.backend = argv[++i];
        else if (strcmp(a, "--gpus") == 0 && i + 1 < argc) {
            const char *v = argv[++i];
            o.gpus = strcmp(v, "all") == 0 ? 0 : (int)parse_count("--gpus", v);
            if (strcmp(v, "all") && (o.gpus < 1 || o.gpus > 64))
                usage("--gpus is all or a number of GPUs, 1..64");
        } else if (strcmp(a, "--json") == 0)
            o.json = 1;
        else if (strcmp(a, "--force") == 0)
            o.force = 1;
        else if (strcmp(a, "--random") == 0) {
            unsigned long long n = parse_count("--random", argv[i + 1 < argc ? ++i : i]);
            o.random_n = n > 1000 ? 1000 : (int)n;
        } else if (strcmp(a, "--seed") == 0)
            o.seed = parse_count("--seed", i + 1 < argc ? argv[++i] : NULL);
        else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            usage("exact brute-force TSP with kperm");
        else if (a[0] == '-' && a[1])
            usage("unknown option or missing value");
        else if (o.file)
            usage("more than one FILE");
        else
            o.file = a;
    }
    if (!o.file == !o.random_n)
        usage("give one FILE or --random N");
    if (strcmp(o.backend, "auto") && strcmp(o.backend, "cuda") && strcmp(o.backend, "opencl")
        && strcmp(o.backend, "cpu"))
        usage("--backend is auto, cuda, opencl or cpu");
    return o;
}

/* Opens the backend named by --backend (for auto: the first of cuda, opencl,
 * cpu that opens, GPUs only when gpu_only). Returns 0 with *b open. */
static int open_backend(const options *o, const tsp_instance *inst, tsp_backend *b, int gpu_only)
{
    char err[TSP_ERR_SIZE];
    int k;
    for (k = 0; k < NBACKENDS; k++) {
        if (strcmp(o->backend, "auto") && strcmp(o->backend, backends[k].name))
            continue;
        if (backends[k].open(b, inst, gpu_only, o->gpus, err, sizeof err) == 0)
            return 0;
        if (strcmp(o->backend, "auto") == 0)
            continue;
        fprintf(stderr, "kperm-tsp: %s\n", err);
        return -1;
    }
    if (strcmp(o->backend, "auto"))
        fprintf(stderr, "kperm-tsp: backend %s was not built into this program\n", o->backend);
    return -1;
}

static void progress(double done, double total, double elapsed)
{
    int width = 40, fill = (int)(width * done / total), i;
    double eta = done > 0 ? elapsed * (total - done) / done : 0;
    fprintf(stderr, "\r[");
    for (i = 0; i < width; i++)
        fputc(i < fill ? '#' : '.', stderr);
    fprintf(stderr, "] %5.1f%%  ETA %.0f s ", 100.0 * done / total, eta);
}

/* --backend auto without a GPU: the C backend and OpenCL's CPU device (POCL)
 * both search the first `trial` ranks; the faster one goes on from there. */
static int pick_cpu(const options *o, const tsp_instance *inst, tsp_backend *b, kperm_rank trial)
{
    tsp_backend other;
    char err[TSP_ERR_SIZE];
    double t0, t_cpu, t_cl;
    memset(&other, 0, sizeof other);
    if (tsp_cpu_open(b, inst, 0, 0, err, sizeof err))
        return -1;
    if (open_backend(o, inst, &other, 0) || strcmp(other.name, "opencl")) {
        if (other.close)
            other.close(&other);
        return 0;
    }
    t0 = now();
    if (b->search(b, 0, trial, err, sizeof err))
        return -1;
    t_cpu = now() - t0;
    t0 = now();
    if (other.search(&other, 0, trial, err, sizeof err))
        t_cl = 1e30;
    else
        t_cl = now() - t0;
    if (t_cl < t_cpu) {
        b->close(b);
        *b = other;
    } else
        other.close(&other);
    return 0;
}

/* Searches ranks [next, total); returns the exit status. */
static int solve(const options *o, tsp_backend *b, kperm_rank next, kperm_rank total, double *seconds)
{
    char err[TSP_ERR_SIZE];
    double t0 = now(), size = FIRST_BATCH;
    int bar = isatty(2), shown = 0, estimated = 0;
    while (next < total) {
        /* batches end on block boundaries (see TSP_BLOCK), except the last */
        kperm_rank end = (double)(total - next) <= size ? total : (next + (kperm_rank)size) / TSP_BLOCK * TSP_BLOCK;
        double t1 = now(), took, rate;
        if (b->search(b, next, end, err, sizeof err)) {
            fprintf(stderr, "kperm-tsp: %s\n", err);
            return 4;
        }
        took = now() - t1;
        rate = (double)(end - next) / (took > 1e-6 ? took : 1e-6);
        next = end;
        if (!estimated && took >= BATCH_SECONDS / 2 && next < total) {
            double eta = (double)(total - next) / rate;
            estimated = 1;
            if (eta > HOPELESS_SECONDS && !o->force) {
                fprintf(stderr, "kperm-tsp: about %.3g s (%.1f days) at the measured %.3g orders/s on %s; "
                                "--force runs it anyway\n", eta, eta / 86400, rate, b->name);
                return 3;
            }
        }
        size = rate * BATCH_SECONDS;
        if (size < FIRST_BATCH)
            size = FIRST_BATCH;
        if (bar && now() - t0 > 2.0) {
            progress((double)next, (double)total, now() - t0);
            shown = 1;
        }
    }
    if (shown)
        fprintf(stderr, "\r%60s\r", "");
    *seconds = now() - t0;
    return 0;
}

/* s as a JSON string */
static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 32)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void print_result(const options *o, const tsp_instance *inst, const tsp_backend *b,
                         const tsp_best *best, kperm_u64 tours, double seconds)
{
    kperm_u8 perm[KPERM_MAX_N];
    int i, m = inst->n - 1;
    kperm_unrank(best->rank, m, perm);
    if (o->json) {
        printf("{\"name\": ");
        json_string(inst->name);
        printf(", \"n\": %d, \"type\": \"%s\", \"length\": %llu, \"tour\": [1", inst->n, inst->type,
               best->length);
        for (i = 0; i < m; i++)
            printf(", %d", perm[i] + 2);
        printf("], \"rank\": %llu, \"backend\": \"%s\", \"device\": ", best->rank, b->name);
        json_string(b->device);
        printf(", \"tours\": %llu, \"seconds\": %.6f, \"tours_per_second\": %.6g}\n", tours, seconds,
               tours / (seconds > 0 ? seconds : 1e-9));
        return;
    }
    printf("instance: %s (%d cities, %s, %s)\n", inst->name, inst->n, inst->type, inst->weight_type);
    printf("optimal length: %llu\n", best->length);
    printf("tour: 1");
    for (i = 0; i < m; i++)
        printf(" %d", perm[i] + 2);
    printf("\nbackend: %s (%s)\n", b->name, b->device);
    printf("tours evaluated: %llu%s\n", tours, inst->symmetric ? " (each tour once, not with its reverse)" : "");
    printf("time: %.3f s, %.4g tours/s\n", seconds, tours / (seconds > 0 ? seconds : 1e-9));
}

int main(int argc, char **argv)
{
    options o = parse_args(argc, argv);
    static tsp_instance inst;
    tsp_backend b;
    tsp_best best;
    char err[TSP_ERR_SIZE];
    kperm_rank total = 0;
    double seconds = 0, t0;
    kperm_rank start = 0;
    int rc;
    if (o.file ? tsp_read(o.file, &inst, err, sizeof err)
               : tsp_random(o.random_n, o.seed, &inst, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    kperm_count(inst.n - 1, &total);
    memset(&b, 0, sizeof b);
    /* seconds count the search (with the CPU paths' trial), not device setup */
    if (strcmp(o.backend, "auto") == 0) {
        if (open_backend(&o, &inst, &b, 1) == 0)
            t0 = now();
        else if (total > CPU_TRIAL) {
            t0 = now();
            if (pick_cpu(&o, &inst, &b, CPU_TRIAL))
                return 4;
            start = CPU_TRIAL;
        } else if (tsp_cpu_open(&b, &inst, 0, 0, err, sizeof err) == 0)
            t0 = now();
        else
            return 4;
    } else if (open_backend(&o, &inst, &b, 0) == 0)
        t0 = now();
    else
        return 4;
    rc = solve(&o, &b, start, total, &seconds);
    seconds = now() - t0;
    if (rc == 0 && b.result(&b, &best, err, sizeof err)) {
        fprintf(stderr, "kperm-tsp: %s\n", err);
        rc = 4;
    }
    if (rc == 0)
        print_result(&o, &inst, &b, &best, inst.symmetric ? total / 2 : total, seconds);
    b.close(&b);
    return rc;
}
