/* kperm-tsp - exact brute-force TSP on CUDA, OpenCL or every CPU core; as
 * kperm-tsp-mpi, on the ranks of an MPI job (the same source, linked with
 * tsp_job_mpi.c instead of tsp_job_local.c).
 *
 *   kperm-tsp [--backend auto|cuda|opencl|cpu] [--gpus all|N] [--prune] [--json] [--force]
 *             [--checkpoint FILE [--checkpoint-every SECONDS]] [--chunk ORDERS]
 *             FILE | --random N [--seed S]
 *
 * Exit status: 0 solved, 2 bad input or usage (or a bad checkpoint), 3
 * refused as hopeless (see --force), 4 the backend failed, 128 + the signal
 * when interrupted by SIGINT or SIGTERM (the checkpoint keeps the work done).
 */
#define _POSIX_C_SOURCE 200809L
#include "tsp_run.h"
#include "tsp_seed.h"
#include "tsp_units.h"
#include "tsp_simd.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CPU_TRIAL ((kperm_u64)TSP_BLOCK << 15) /* ranks each CPU path searches to compare them */

typedef struct {
    const char *backend, *file, *checkpoint, *device;
    int json, force, prune, random_n, gpus, threads; /* gpus: -1 = not given, 0 = all; threads: 0 = all cores */
    unsigned long long seed, chunk;
    double checkpoint_every;
} options;

static const char *prog = "kperm-tsp";

/* a failure of this process: under MPI it names the rank */
static void say_error(const char *what)
{
    if (tsp_job_ranks() > 1)
        fprintf(stderr, "%s: rank %d: %s\n", prog, tsp_job_rank(), what);
    else
        fprintf(stderr, "%s: %s\n", prog, what);
}

typedef int (*open_fn)(tsp_backend *, const tsp_instance *, int, const tsp_place *, char *, size_t);
static const struct {
    const char *name;
    open_fn open;
    void (*list)(void);
} backends[] = {
#ifdef TSP_HAVE_CUDA
    {"cuda", tsp_cuda_open, tsp_cuda_list},
#endif
#ifdef TSP_HAVE_OPENCL
    {"opencl", tsp_opencl_open, tsp_opencl_list},
#endif
    {"cpu", tsp_cpu_open, tsp_cpu_list},
};
#define NBACKENDS ((int)(sizeof backends / sizeof backends[0]))

#define USAGE "usage: %s [options] FILE | --random N [--seed S]     (--help for all)\n"

/* rank 0 says it once; every rank ends with status 2 */
static void usage(const char *why)
{
    if (tsp_job_rank() == 0)
        fprintf(stderr, "%s: %s\n" USAGE, prog, why, prog);
    tsp_job_exit(2);
}

/* --help: every option and exit status, to stdout */
static void help(void)
{
    printf(USAGE, prog);
    printf("Exact travelling-salesman tour of a TSPLIB file (TSP or ATSP, 3..21 cities; 3..30\n"
           "with --prune) by enumeration on the GPU or the CPU, with kperm. Ties go to the\n"
           "smallest rank.\n\n"
           "  FILE                  a TSPLIB file\n"
           "  --random N            a random EUC_2D instance of N cities instead; --seed S picks it\n"
           "  --backend B           auto (default: CUDA, else an OpenCL GPU, else the C backend),\n"
           "                        cuda, opencl or cpu\n"
           "  --gpus all|N          CUDA: every GPU of the host (default), or N of them\n"
           "  --device D            OpenCL: gpu, cpu, or P:D as --list-devices numbers them\n"
           "  --threads N           the C backend: N threads (default: one per core)\n"
           "  --prune               skip every prefix that cannot beat the shortest tour known\n"
           "                        (a spanning-tree bound): the same answer, far sooner\n"
           "  --list-devices        list the devices every backend could use, then exit\n"
           "  --json                one JSON object instead of the text report\n"
           "  --force               run even when the estimate says more than a day\n"
           "  --checkpoint FILE     save progress to FILE and resume from it\n"
           "  --checkpoint-every S  seconds between saves (default 60)\n"
           "  --chunk ORDERS        the most orders a chunk of work may have\n"
           "  --version             the version, then exit\n"
           "  --help                this text\n\n"
           "Environment: KPERM_TSP_SIMD=scalar|avx2|avx512 forces the C backend's instruction set.\n"
           "Exit status: 0 solved; 2 bad input, usage or checkpoint; 3 refused as hopeless\n"
           "(more than a day; --force); 4 a backend failed; 128 + the signal after SIGINT or\n"
           "SIGTERM (the checkpoint is written first).\n");
    tsp_job_exit(0);
}

static unsigned long long parse_count(const char *opt, const char *s)
{
    char *end;
    unsigned long long v;
    if (!s)
        usage("an option needs a value");
    v = strtoull(s, &end, 10);
    if (end == s || *end || s[0] == '-') {
        if (tsp_job_rank() == 0)
            fprintf(stderr, "%s: %s '%s' is not a non-negative integer\n", prog, opt, s);
        tsp_job_exit(2);
    }
    return v;
}

static double parse_seconds(const char *opt, const char *s)
{
    char *end;
    double v;
    if (!s)
        usage("an option needs a value");
    v = strtod(s, &end);
    if (end == s || *end || !(v > 0 && v < 1e9)) {
        if (tsp_job_rank() == 0)
            fprintf(stderr, "%s: %s '%s' is not a number of seconds above 0\n", prog, opt, s);
        tsp_job_exit(2);
    }
    return v;
}

static options parse_args(int argc, char **argv)
{
    options o;
    int i;
    memset(&o, 0, sizeof o);
    o.backend = "auto";
    o.gpus = -1;
    o.checkpoint_every = 60;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--backend") == 0 && i + 1 < argc)
            o.backend = argv[++i];
        else if (strcmp(a, "--gpus") == 0 && i + 1 < argc) {
            const char *v = argv[++i];
            o.gpus = strcmp(v, "all") == 0 ? 0 : (int)parse_count("--gpus", v);
            if (strcmp(v, "all") && (o.gpus < 1 || o.gpus > 64))
                usage("--gpus is all or a number of GPUs, 1..64");
        } else if (strcmp(a, "--checkpoint") == 0 && i + 1 < argc)
            o.checkpoint = argv[++i];
        else if (strcmp(a, "--checkpoint-every") == 0)
            o.checkpoint_every = parse_seconds(a, i + 1 < argc ? argv[++i] : NULL);
        else if (strcmp(a, "--chunk") == 0) {
            o.chunk = parse_count(a, i + 1 < argc ? argv[++i] : NULL);
            if (o.chunk == 0)
                usage("--chunk is a number of orders above 0");
        } else if (strcmp(a, "--json") == 0)
            o.json = 1;
        else if (strcmp(a, "--force") == 0)
            o.force = 1;
        else if (strcmp(a, "--prune") == 0)
            o.prune = 1;
        else if (strcmp(a, "--random") == 0) {
            unsigned long long n = parse_count("--random", argv[i + 1 < argc ? ++i : i]);
            o.random_n = n > 1000 ? 1000 : (int)n;
        } else if (strcmp(a, "--seed") == 0)
            o.seed = parse_count("--seed", i + 1 < argc ? argv[++i] : NULL);
        else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            help();
        else if (strcmp(a, "--version") == 0) {
            if (tsp_job_rank() == 0)
                printf("%s %s\n", prog, KPERM_VERSION);
            tsp_job_exit(0);
        } else if (strcmp(a, "--list-devices") == 0) {
            int k;
            for (k = 0; k < NBACKENDS && tsp_job_rank() == 0; k++)
                backends[k].list();
            tsp_job_exit(0);
        } else if (strcmp(a, "--device") == 0 && i + 1 < argc)
            o.device = argv[++i];
        else if (strcmp(a, "--threads") == 0) {
            unsigned long long t = parse_count(a, i + 1 < argc ? argv[++i] : NULL);
            if (t < 1 || t > 256)
                usage("--threads is a number of threads, 1..256");
            o.threads = (int)t;
        }
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
    if (o.device && strcmp(o.backend, "opencl"))
        usage("--device goes with --backend opencl");
    if (o.threads && strcmp(o.backend, "cpu") && strcmp(o.backend, "auto"))
        usage("--threads goes with --backend cpu (or auto)");
    return o;
}

/* Opens the backend named by --backend (for auto: the first of cuda, opencl,
 * cpu that opens, GPUs only when gpu_only). Returns 0 with *b open. */
static int open_backend(const options *o, const tsp_instance *inst, const tsp_place *place, tsp_backend *b,
                        int gpu_only)
{
    char err[TSP_ERR_SIZE];
    int k;
    for (k = 0; k < NBACKENDS; k++) {
        if (strcmp(o->backend, "auto") && strcmp(o->backend, backends[k].name))
            continue;
        int rc = backends[k].open(b, inst, gpu_only, place, err, sizeof err);
        if (rc == 0)
            return 0;
        if (strcmp(o->backend, "auto") == 0) { /* absent: the next, quietly; failed: say so first */
            if (rc < 0) {
                char warning[TSP_ERR_SIZE + 64];
                snprintf(warning, sizeof warning, "warning: %.*s; trying the next backend", TSP_ERR_SIZE, err);
                say_error(warning);
            }
            continue;
        }
        say_error(err);
        return -1;
    }
    if (strcmp(o->backend, "auto")) {
        snprintf(err, sizeof err, "backend %s was not built into this program", o->backend);
        say_error(err);
    }
    return -1;
}

/* --backend auto without a GPU, on a CPU without AVX2 (where the C backend
 * has no vector path, and POCL's vectorised kernel may be faster): the C
 * backend and OpenCL's CPU device both search the first `trial` ranks; the
 * faster one goes on from there. */
static int pick_cpu(const options *o, const tsp_instance *inst, const tsp_place *place, tsp_backend *b,
                    kperm_rank trial)
{
    tsp_backend other;
    char err[TSP_ERR_SIZE];
    double t0, t_cpu, t_cl;
    memset(&other, 0, sizeof other);
    if (tsp_cpu_open(b, inst, 0, place, err, sizeof err)) {
        say_error(err);
        return -1;
    }
    if (open_backend(o, inst, place, &other, 0) || strcmp(other.name, "opencl")) {
        if (other.close)
            other.close(&other);
        return 0;
    }
    t0 = tsp_now();
    tsp_sub whole = tsp_sub_whole(inst->n);
    if (b->search(b, &whole, 0, trial, TSP_NONE, err, sizeof err)) {
        say_error(err);
        return -1;
    }
    t_cpu = tsp_now() - t0;
    t0 = tsp_now();
    if (other.search(&other, &whole, 0, trial, TSP_NONE, err, sizeof err))
        t_cl = 1e30;
    else
        t_cl = tsp_now() - t0;
    if (t_cl < t_cpu) {
        b->close(b);
        *b = other;
    } else
        other.close(&other);
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

/* what each rank searched with, gathered on rank 0 */
typedef struct {
    char backend[16], device[256];
} rank_info;

/* the answer and how it was found; info is NULL when a finished checkpoint
 * gave it */
typedef struct {
    const tsp_pool *pool;
    const rank_info *info;
    const char *checkpoint;
    int ranks;
    double seconds;
} report;

static void summary(const report *r, char *backend, size_t bsize, char *device, size_t dsize)
{
    int k, same = 1;
    if (!r->info) {
        snprintf(backend, bsize, "checkpoint");
        snprintf(device, dsize, "%s", r->checkpoint);
        return;
    }
    for (k = 1; k < r->ranks; k++)
        same &= strcmp(r->info[k].backend, r->info[0].backend) == 0;
    snprintf(backend, bsize, "%s", same ? r->info[0].backend : "mixed");
    if (r->ranks == 1) {
        snprintf(device, dsize, "%s", r->info[0].device);
        return;
    }
    snprintf(device, dsize, "%d MPI ranks", r->ranks);
}

/* the pool's counts (ranks, or units past 21 cities) as tours, in decimal */
typedef struct {
    char tours[48], resumed[48], searched[48], rank[48];
} counts;

static void count_tours(const tsp_instance *inst, int p, const tsp_pool *pool, counts *c, double *searched)
{
    kperm_rank done = pool->done_ranks - pool->resumed;
    tsp_unit_tours(inst->n, p, inst->symmetric, pool->total, c->tours, sizeof c->tours);
    tsp_unit_tours(inst->n, p, inst->symmetric, pool->resumed, c->resumed, sizeof c->resumed);
    *searched = tsp_unit_tours(inst->n, p, inst->symmetric, done, c->searched, sizeof c->searched);
    tsp_unit_rank(inst->n, p, &pool->best, c->rank, sizeof c->rank);
}

static void print_result(const options *o, const tsp_instance *inst, const report *r)
{
    const tsp_pool *pool = r->pool;
    const tsp_best *best = &pool->best;
    tsp_tally tally = tsp_pool_tally(pool);
    counts c;
    double searched, rate;
    kperm_u8 perm[TSP_MAX_CITIES];
    char backend[32], device[300], mine[48];
    int i, m = inst->n - 1, p = tsp_unit_cities(inst->n, o->prune);
    count_tours(inst, p, pool, &c, &searched);
    rate = searched / (r->seconds > 0 ? r->seconds : 1e-9);
    tsp_unit_tour(inst->n, p, best, perm);
    summary(r, backend, sizeof backend, device, sizeof device);
    if (o->json) {
        printf("{\"name\": ");
        json_string(inst->name);
        printf(", \"n\": %d, \"type\": \"%s\", \"length\": %llu, \"tour\": [1", inst->n, inst->type,
               best->length);
        for (i = 0; i < m; i++)
            printf(", %d", perm[i] + 2);
        printf("], \"rank\": %s, \"backend\": \"%s\", \"device\": ", c.rank, backend);
        json_string(device);
        printf(", \"tours\": %s, \"seconds\": %.6f, \"tours_per_second\": %.6g, \"resumed_tours\": %s, "
               "\"searched_tours\": %s, \"prune\": %s, \"visited\": ", c.tours, r->seconds, rate, c.resumed,
               c.searched, o->prune ? "true" : "false");
        if (o->prune)
            printf("%llu", tally.visited);
        else
            printf("%s", c.searched);
        printf(", \"pruned_prefixes\": %llu, \"ranks\": %d, \"devices\": [", tally.pruned, r->ranks);
        for (i = 0; r->info && i < r->ranks; i++) {
            printf("%s{\"rank\": %d, \"backend\": \"%s\", \"device\": ", i ? ", " : "", i, r->info[i].backend);
            json_string(r->info[i].device);
            tsp_unit_tours(inst->n, p, inst->symmetric, pool->searched[i], mine, sizeof mine);
            printf(", \"searched_tours\": %s}", mine);
        }
        printf("]}\n");
        return;
    }
    printf("instance: %s (%d cities, %s, %s)\n", inst->name, inst->n, inst->type, inst->weight_type);
    printf("optimal length: %llu\n", best->length);
    printf("tour: 1");
    for (i = 0; i < m; i++)
        printf(" %d", perm[i] + 2);
    printf("\nbackend: %s (%s)\n", backend, device);
    for (i = 0; r->info && r->ranks > 1 && i < r->ranks; i++) {
        tsp_unit_tours(inst->n, p, inst->symmetric, pool->searched[i], mine, sizeof mine);
        printf("  rank %d: %s (%s), %s tours\n", i, r->info[i].backend, r->info[i].device, mine);
    }
    printf("tours%s: %s%s\n", o->prune ? "" : " evaluated", c.tours,
           inst->symmetric ? " (each tour once, not with its reverse)" : "");
    if (o->prune)
        printf("pruned: %llu tours evaluated, %llu prefixes skipped\n", tally.visited, tally.pruned);
    if (pool->resumed)
        printf("resumed: %s tours were done before, from %s\n", c.resumed, o->checkpoint);
    printf("time: %.3f s, %.4g tours/s\n", r->seconds, rate);
}

/* the backend of this rank, by --backend and its place on the host; seconds
 * of search start before the CPU paths' trial. Returns 0, or 4 with the
 * error said. */
static int open_mine(const options *o, const tsp_instance *inst, tsp_backend *b, double *t0)
{
    tsp_place place;
    kperm_rank total = 0;
    int local = tsp_job_local_rank();
    char err[TSP_ERR_SIZE];
    place.share = tsp_job_local_ranks();
    place.threads = o->threads;
    place.device = o->device;
    place.prune = o->prune;
    if (o->gpus < 0) { /* one GPU per MPI rank by its rank on the host; a lone process takes all */
        place.first_gpu = local < 0 ? 0 : local;
        place.gpus = local < 0 ? 0 : 1;
    } else {
        place.first_gpu = local < 0 || o->gpus == 0 ? 0 : local * o->gpus;
        place.gpus = o->gpus;
    }
    kperm_count(inst->n - 1, &total);
    memset(b, 0, sizeof *b);
    if (strcmp(o->backend, "auto"))
        return open_backend(o, inst, &place, b, 0) ? 4 : (*t0 = tsp_now(), 0);
    if (open_backend(o, inst, &place, b, 1) == 0) {
        *t0 = tsp_now();
        return 0;
    }
    *t0 = tsp_now();
    if (!o->prune && total > CPU_TRIAL && strcmp(tsp_simd_name(), "scalar") == 0) /* the trial's ranks are searched again
                                                                        * from the pool: a min is idempotent */
        return pick_cpu(o, inst, &place, b, CPU_TRIAL) ? 4 : 0;
    if (tsp_cpu_open(b, inst, 0, &place, err, sizeof err) == 0)
        return 0;
    say_error(err);
    return 4;
}

int main(int argc, char **argv)
{
    static tsp_instance inst;
    static tsp_pool pool;
    options o;
    tsp_backend b;
    tsp_run_options run;
    report r;
    rank_info mine, *info = NULL;
    char err[TSP_ERR_SIZE];
    kperm_rank total = 0;
    double t0 = 0;
    int status = 0, rank, complete = 0;
    const char *slash = strrchr(argv[0], '/');
    prog = slash ? slash + 1 : argv[0];
    tsp_job_init(&argc, &argv);
    rank = tsp_job_rank();
    o = parse_args(argc, argv);
    memset(&r, 0, sizeof r);
    r.ranks = tsp_job_ranks();
    r.pool = &pool;
    r.checkpoint = o.checkpoint;
    /* rank 0 reads the instance and the checkpoint; the ranks get the instance */
    if (rank == 0 && (o.file ? tsp_read(o.file, &inst, err, sizeof err)
                             : tsp_random(o.random_n, o.seed, &inst, err, sizeof err))) {
        fprintf(stderr, "%s\n", err);
        status = 2;
    } else if (rank == 0 && inst.n > TSP_MAX_EXHAUSTIVE && (!o.prune || o.checkpoint)) {
        fprintf(stderr, "%s: %s: %d cities: %s handles at most %d (64-bit ranks); --prune goes to %d\n", prog,
                o.file ? o.file : "--random", inst.n, o.prune ? "--checkpoint" : "the exhaustive search",
                TSP_MAX_EXHAUSTIVE, TSP_MAX_CITIES);
        status = 2;
    }
    if (tsp_job_max(status))
        tsp_job_exit(2);
    tsp_job_share(&inst, sizeof inst);
    total = tsp_unit_total(inst.n, tsp_unit_cities(inst.n, o.prune));
    if (rank == 0) {
        if (tsp_pool_init(&pool, total, r.ranks, o.chunk)) {
            fprintf(stderr, "%s: out of memory\n", prog);
            status = 4;
        } else if (o.checkpoint && tsp_checkpoint_load(o.checkpoint, &inst, &pool, err, sizeof err) < 0) {
            fprintf(stderr, "%s\n", err);
            status = 2;
        }
        if (status == 0 && o.prune)
            pool.known = tsp_seed_length(&inst);
        complete = status == 0 && tsp_pool_complete(&pool);
        if (complete) /* a finished run: its answer at once */
            print_result(&o, &inst, &r);
        else if (status == 0 && o.checkpoint && tsp_checkpoint_save(o.checkpoint, &inst, &pool, err, sizeof err)) {
            fprintf(stderr, "%s\n", err); /* better now than after hours of search */
            status = 2;
        }
    }
    status = tsp_job_max(status);
    tsp_job_share(&complete, sizeof complete);
    if (status || complete)
        tsp_job_exit(status);
    if (rank == 0 && o.checkpoint)
        tsp_run_catch_signals();
    status = open_mine(&o, &inst, &b, &t0);
    if (tsp_job_max(status)) {
        if (status == 0)
            b.close(&b);
        tsp_job_exit(status ? status : 4);
    }
    memset(&mine, 0, sizeof mine);
    snprintf(mine.backend, sizeof mine.backend, "%s", b.name);
    snprintf(mine.device, sizeof mine.device, "%s", b.device);
    if (rank == 0 && !(info = (rank_info *)calloc((size_t)r.ranks, sizeof *info))) {
        fprintf(stderr, "%s: out of memory\n", prog);
        tsp_job_abort(4);
    }
    tsp_job_gather(&mine, info, sizeof mine);
    run.prog = prog;
    run.inst = &inst;
    run.checkpoint = o.checkpoint;
    run.checkpoint_every = o.checkpoint_every;
    run.force = o.force;
    run.prune = o.prune;
    run.bar = isatty(2);
    if (rank) {
        run.where = b.name;
        tsp_run_worker(&b, &run);
    } else {
        char where[300];
        if (r.ranks > 1)
            snprintf(where, sizeof where, "%d ranks", r.ranks);
        else
            snprintf(where, sizeof where, "%s", b.name);
        run.where = where;
        status = tsp_run_coordinator(&pool, &b, &run);
        r.seconds = tsp_now() - t0;
        r.info = info;
        if (status == 0)
            print_result(&o, &inst, &r);
        free(info);
        tsp_pool_free(&pool);
    }
    b.close(&b);
    tsp_job_exit(status);
    return status;
}
