/* kperm-tsp - exact brute-force TSP on CUDA, OpenCL or every CPU core; as
 * kperm-tsp-mpi, on the ranks of an MPI job (the same source, linked with
 * run_job_mpi.c instead of run_job_local.c).
 *
 *   kperm-tsp [--backend auto|cuda|opencl|cpu] [--gpus all|N] [--prune] [--json] [--force]
 *             [--checkpoint FILE [--checkpoint-every SECONDS]] [--chunk ORDERS] [--quiet]
 *             FILE | --random N [--seed S]
 *
 * (every --option VALUE may also be written --option=VALUE)
 *
 * Exit status: 0 solved, 1 the output could not be written, 2 bad input or
 * usage (or a bad or busy checkpoint), 3 refused as hopeless (see --force), 4
 * the backend failed (or an MPI rank stopped answering), 128 + the signal when
 * interrupted by SIGINT, SIGTERM or SIGHUP (the checkpoint keeps the work done).
 */
#define _POSIX_C_SOURCE 200809L
#include "run_engine.h"
#include "run_output.h"
#include "tsp_sample.h"
#include "tsp_report.h"
#include "tsp_start.h"
#include "tsp_units.h"
#include "tsp_simd.h"
#include "tsp_handover.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CPU_TRIAL ((kperm_u64)TSP_BLOCK << 15) /* ranks each CPU path searches to compare them */

typedef struct {
    const char *backend, *file, *checkpoint, *device;
    int json, force, prune, quiet, random_n, gpus, threads; /* gpus: -1 = not given, 0 = all; threads: 0 = all cores */
    unsigned long long seed, chunk;
    double checkpoint_every; /* 0: not given */
    double worker_timeout;
} options;

static const char *prog = "kperm-tsp";

/* a failure of this process: under MPI it names the rank */
static void say_error(const char *what)
{
    if (run_job_ranks() > 1)
        fprintf(stderr, "%s: rank %d: %s\n", prog, run_job_rank(), what);
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
    if (run_job_rank() == 0)
        fprintf(stderr, "%s: %s\n" USAGE, prog, why, prog);
    run_job_exit(2);
}

/* --help: every option and exit status, to stdout, from rank 0 */
static void help(void)
{
    if (run_job_rank() != 0)
        run_job_exit(0);
    printf(USAGE, prog);
    printf("Exact travelling-salesman tour of a TSPLIB file (TSP or ATSP, 3..21 cities; 3..64\n"
           "with --prune) by enumeration on the GPU or the CPU, with kperm. Ties go to the\n"
           "smallest rank.\n\n"
           "  FILE                  a TSPLIB file\n"
           "  --random N            a random EUC_2D instance of N cities instead; --seed S picks it\n"
           "  --backend B           auto (default: CUDA, else an OpenCL GPU, else the C backend;\n"
           "                        with --prune the C backend at once, a GPU from when it has\n"
           "                        opened), cuda, opencl or cpu\n"
           "  --gpus all|N          CUDA: every GPU of the host (default), or N (at most 16)\n"
           "  --device D            OpenCL: gpu, cpu, or P:D as --list-devices numbers them\n"
           "  --threads N           the C backend: N threads (default: one per core)\n"
           "  --prune               branch and bound: skip every path that cannot beat the\n"
           "                        shortest tour known (a Held-Karp bound; ATSP: the assignment\n"
           "                        bound): the same answer, far sooner\n"
           "  --list-devices        list the devices every backend could use, then exit\n"
           "  --json                one JSON object instead of the text report\n"
           "  --force               run even when the estimate says more than a day\n"
           "  --checkpoint FILE     save progress to FILE and resume from it\n"
           "  --checkpoint-every S  seconds between saves (default 60)\n"
           "  --chunk ORDERS        the most orders (--prune: units) a chunk of work may have\n"
           "  --worker-timeout S    MPI: a rank silent for S seconds (default 60; a busy rank says\n"
           "                        it is alive every S/4 s) is lost: the job ends, naming it (exit 4)\n"
           "  --quiet               no progress on stderr (a bar on a terminal, else a line\n"
           "                        every 10 s)\n"
           "  --version             the version, then exit\n"
           "  --help                this text\n"
           "Every --option VALUE may also be written --option=VALUE.\n\n"
           "Environment: KPERM_TSP_SIMD=scalar|avx2|avx512 forces the C backend's instruction set.\n"
           "Exit status: 0 solved; 1 the output could not be written; 2 bad input, usage or\n"
           "checkpoint (or one in use by another run); 3 refused as hopeless (more than a day;\n"
           "--force); 4 a backend failed, or an MPI rank stopped answering; 128 + the signal\n"
           "after SIGINT, SIGTERM or SIGHUP (the checkpoint is written first).\n");
    run_job_exit(0);
}

/* rank 0 says "PROG: OPT 'VALUE' WHY"; every rank ends with status 2 */
static void bad_value(const char *opt, const char *s, const char *why)
{
    if (run_job_rank() == 0)
        fprintf(stderr, "%s: %s '%s' %s\n", prog, opt, s, why);
    run_job_exit(2);
}

/* an integer in lo..hi: anything else, overflow included, is an error naming
 * the option */
static unsigned long long parse_count(const char *opt, const char *s, unsigned long long lo, unsigned long long hi,
                                      const char *what)
{
    char *end;
    unsigned long long v;
    char why[128];
    errno = 0;
    v = strtoull(s, &end, 10);
    if (end == s || *end || s[0] == '-' || s[0] == '+' || errno == ERANGE || v < lo || v > hi) {
        snprintf(why, sizeof why, "is not %s, %llu..%llu", what, lo, hi);
        bad_value(opt, s, why);
    }
    return v;
}

static double parse_seconds(const char *opt, const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v > 0 && v < 1e9))
        bad_value(opt, s, "is not a number of seconds above 0");
    return v;
}

/* --device: gpu, cpu or P:D */
static const char *parse_device(const char *s)
{
    unsigned p, d;
    char tail;
    if (strcmp(s, "gpu") && strcmp(s, "cpu") && sscanf(s, "%u:%u%c", &p, &d, &tail) != 2)
        bad_value("--device", s, "is not gpu, cpu or P:D (platform:device, as --list-devices numbers them)");
    return s;
}

/* the options that take a value */
static const char *const valued[] = {"--backend", "--gpus", "--checkpoint", "--checkpoint-every", "--chunk",
                                     "--random", "--seed", "--device", "--threads", "--worker-timeout"};

/* argv[*i] as an option name and its value: "--name=value", or "--name" and
 * the next argument (*i moves past it). *value is NULL for a flag. */
static void split_option(int argc, char **argv, int *i, char *name, size_t size, const char **value)
{
    const char *a = argv[*i], *eq = strchr(a, '=');
    size_t k, len = eq && a[0] == '-' && a[1] == '-' ? (size_t)(eq - a) : strlen(a);
    snprintf(name, size, "%.*s", (int)len, a);
    *value = NULL;
    for (k = 0; k < sizeof valued / sizeof valued[0]; k++)
        if (strcmp(name, valued[k]) == 0) {
            if (len < strlen(a))
                *value = eq + 1;
            else if (*i + 1 < argc)
                *value = argv[++*i];
            else {
                char why[64];
                snprintf(why, sizeof why, "%s needs a value", valued[k]);
                usage(why);
            }
            return;
        }
    if (len < strlen(a)) {
        char why[300];
        snprintf(why, sizeof why, "%.200s takes no value (in '%.60s')", name, a);
        usage(why);
    }
}

/* the options that only make sense with others, and the defaults that
 * depend on them */
static void check_options(options *o)
{
    if (o->file && o->random_n)
        usage("give one FILE or --random N, not both");
    if (!o->file && !o->random_n)
        usage("give a FILE or --random N");
    if (strcmp(o->backend, "auto") && strcmp(o->backend, "cuda") && strcmp(o->backend, "opencl")
        && strcmp(o->backend, "cpu"))
        usage("--backend is auto, cuda, opencl or cpu");
    if (o->device && strcmp(o->backend, "opencl"))
        usage("--device goes with --backend opencl");
    if (o->threads && strcmp(o->backend, "cpu") && strcmp(o->backend, "auto"))
        usage("--threads goes with --backend cpu (or auto)");
    if (o->checkpoint_every > 0 && !o->checkpoint)
        usage("--checkpoint-every goes with --checkpoint FILE");
    if (o->checkpoint_every == 0)
        o->checkpoint_every = 60;
}

static options parse_args(int argc, char **argv)
{
    options o;
    int i;
    memset(&o, 0, sizeof o);
    o.backend = "auto";
    o.gpus = -1;
    o.worker_timeout = 60;
    for (i = 1; i < argc; i++) {
        char a[64];
        const char *v;
        split_option(argc, argv, &i, a, sizeof a, &v);
        if (strcmp(a, "--backend") == 0)
            o.backend = v;
        else if (strcmp(a, "--gpus") == 0)
            o.gpus = strcmp(v, "all") == 0 ? 0 : (int)parse_count(a, v, 1, 64, "all or a number of GPUs");
        else if (strcmp(a, "--checkpoint") == 0) {
            if (!*v)
                usage("--checkpoint needs a file name");
            o.checkpoint = v;
        } else if (strcmp(a, "--checkpoint-every") == 0)
            o.checkpoint_every = parse_seconds(a, v);
        else if (strcmp(a, "--worker-timeout") == 0)
            o.worker_timeout = parse_seconds(a, v);
        else if (strcmp(a, "--chunk") == 0)
            o.chunk = parse_count(a, v, 1, ~0ULL, "a number of orders");
        else if (strcmp(a, "--json") == 0)
            o.json = 1;
        else if (strcmp(a, "--force") == 0)
            o.force = 1;
        else if (strcmp(a, "--prune") == 0)
            o.prune = 1;
        else if (strcmp(a, "--quiet") == 0)
            o.quiet = 1;
        else if (strcmp(a, "--random") == 0)
            o.random_n = (int)parse_count(a, v, 3, TSP_MAX_CITIES, "a number of cities");
        else if (strcmp(a, "--seed") == 0)
            o.seed = parse_count(a, v, 0, ~0ULL, "an integer");
        else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            help();
        else if (strcmp(a, "--version") == 0) {
            if (run_job_rank() == 0)
                printf("%s %s\n", prog, KPERM_VERSION);
            run_job_exit(0);
        } else if (strcmp(a, "--list-devices") == 0) {
            int k;
            for (k = 0; k < NBACKENDS && run_job_rank() == 0; k++)
                backends[k].list();
            run_job_exit(0);
        } else if (strcmp(a, "--device") == 0)
            o.device = parse_device(v);
        else if (strcmp(a, "--threads") == 0)
            o.threads = (int)parse_count(a, v, 1, 256, "a number of threads");
        else if (argv[i][0] == '-' && argv[i][1]) {
            char why[120];
            snprintf(why, sizeof why, "unknown option '%.80s'", argv[i]);
            usage(why);
        } else if (o.file)
            usage("more than one FILE");
        else
            o.file = argv[i];
    }
    check_options(&o);
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
    t0 = run_now();
    tsp_task trial_task = tsp_task_of(0, trial, TSP_NONE, 0);
    if (b->search(b, &trial_task, err, sizeof err)) {
        say_error(err);
        return -1;
    }
    t_cpu = run_now() - t0;
    b->close(b); /* its threads would spin beside OpenCL's trial (run_crew.h); reopened if it wins */
    t0 = run_now();
    if (other.search(&other, &trial_task, err, sizeof err))
        t_cl = 1e30;
    else
        t_cl = run_now() - t0;
    if (t_cl < t_cpu) {
        *b = other;
        return 0;
    }
    other.close(&other);
    if (tsp_cpu_open(b, inst, 0, place, err, sizeof err)) {
        say_error(err);
        return -1;
    }
    return 0;
}

/* the answer and how it was found; info (one per rank) is NULL when a
 * finished checkpoint gave it */
typedef struct {
    const run_pool *pool;
    tsp_item *result;       /* the pool's */
    tsp_report_rank *info;
    const char *checkpoint;
    int ranks;
    double seconds;
    kperm_u64 bound;       /* pruned: the lower bound of every tour */
    double start;          /* pruned: the start's seconds (rank 0's) */
} report;

/* --prune --backend auto: what the hand-over is told (tsp_handover_open) */
typedef struct {
    int at_once;     /* the GPU opens without waiting for the host's pace */
    kperm_u64 units; /* this rank's share of the units not yet searched */
} handover_plan;

/* the backend and device of the report: the one rank's, or a summary */
static void summary(const report *r, tsp_report *out)
{
    int k, same = 1;
    if (!r->info) {
        snprintf(out->backend, sizeof out->backend, "checkpoint");
        snprintf(out->device, sizeof out->device, "%s", r->checkpoint);
        return;
    }
    for (k = 1; k < r->ranks; k++)
        same &= strcmp(r->info[k].backend, r->info[0].backend) == 0;
    snprintf(out->backend, sizeof out->backend, "%s", same ? r->info[0].backend : "mixed");
    if (r->ranks == 1)
        snprintf(out->device, sizeof out->device, "%s", r->info[0].device);
    else
        snprintf(out->device, sizeof out->device, "%d MPI ranks", r->ranks);
}

/* the pool's answer and counts (ranks, or the pruned search's units) as a
 * report: tours and ranks in decimal */
static void print_result(const options *o, const tsp_instance *inst, const report *r)
{
    const run_pool *pool = r->pool;
    tsp_report out;
    kperm_u8 perm[TSP_MAX_CITIES];
    double searched;
    int i, p = tsp_unit_cities(inst->n, o->prune);
    memset(&out, 0, sizeof out);
    out.inst = inst;
    out.prune = o->prune;
    out.length = r->result->best.length;
    out.bound = r->bound;
    out.start_seconds = r->start;
    tsp_unit_tour(inst->n, p, &r->result->best, perm);
    out.tour[0] = 1;
    for (i = 1; i < inst->n; i++)
        out.tour[i] = perm[i - 1] + 2;
    tsp_tour_rank(inst->n, perm, out.rank, sizeof out.rank);
    tsp_unit_tours(inst->n, p, inst->symmetric, pool->total, out.tours, sizeof out.tours);
    tsp_unit_tours(inst->n, p, inst->symmetric, pool->resumed, out.resumed, sizeof out.resumed);
    searched = tsp_unit_tours(inst->n, p, inst->symmetric, pool->done_ranks - pool->resumed, out.searched,
                              sizeof out.searched);
    out.resumed_from = pool->resumed ? o->checkpoint : NULL;
    out.seconds = r->seconds;
    out.tally = r->result->tally;
    if (o->prune) /* the tours evaluated, not those the bound skipped */
        searched = (double)out.tally.visited;
    out.tours_per_second = searched / (r->seconds > 0 ? r->seconds : 1e-9);
    out.ranks = r->ranks;
    for (i = 0; r->info && i < r->ranks; i++)
        tsp_unit_tours(inst->n, p, inst->symmetric, pool->searched[i], r->info[i].searched,
                       sizeof r->info[i].searched);
    out.per_rank = r->info;
    summary(r, &out);
    tsp_report_write(&out, o->json);
}

/* this rank's GPUs: one per MPI rank by its rank on the host (a lone
 * process takes all), or --gpus of them */
static void place_gpus(const options *o, tsp_place *place)
{
    int local = run_job_local_rank();
    if (o->gpus < 0) {
        place->first_gpu = local < 0 ? 0 : local;
        place->gpus = local < 0 ? 0 : 1;
    } else {
        place->first_gpu = local < 0 || o->gpus == 0 ? 0 : local * o->gpus;
        place->gpus = o->gpus;
    }
}

/* the backend of this rank, by --backend and its place on the host; seconds
 * of search start before the CPU paths' trial. Returns 0, or 4 with the
 * error said. */
static int open_mine(const options *o, const tsp_instance *inst, const tsp_relax *relax, const handover_plan *plan,
                     tsp_backend *b, double *t0)
{
    tsp_place place;
    kperm_rank total = 0;
    char err[TSP_ERR_SIZE];
    place.share = run_job_local_ranks();
    place.threads = o->threads;
    place.device = o->device;
    place.prune = o->prune;
    place.relax = relax;
    place.quiet = o->quiet || run_job_rank() != 0;
    place_gpus(o, &place);
    kperm_count(inst->n - 1, &total);
    memset(b, 0, sizeof *b);
    if (strcmp(o->backend, "auto"))
        return open_backend(o, inst, &place, b, 0) ? 4 : (*t0 = run_now(), 0);
    if (o->prune) { /* the host's cores at once, the GPU when it can help (tsp_handover.h) */
        tsp_open_fn gpu[NBACKENDS];
        int k, n = 0;
        for (k = 0; k < NBACKENDS; k++)
            if (strcmp(backends[k].name, "cpu"))
                gpu[n++] = backends[k].open;
        *t0 = run_now();
        if (tsp_handover_open(b, inst, &place, plan->units, plan->at_once, gpu, n, prog, err, sizeof err) == 0)
            return 0;
        say_error(err);
        return 4;
    }
    if (open_backend(o, inst, &place, b, 1) == 0) {
        *t0 = run_now();
        return 0;
    }
    *t0 = run_now();
    if (total > CPU_TRIAL && strcmp(tsp_simd_name(), "scalar") == 0) /* the trial's ranks are searched again
                                                                        * from the pool: a min is idempotent */
        return pick_cpu(o, inst, &place, b, CPU_TRIAL) ? 4 : 0;
    if (tsp_cpu_open(b, inst, 0, &place, err, sizeof err) == 0)
        return 0;
    say_error(err);
    return 4;
}

#ifdef TSP_HAVE_CUDA
/* CUDA's start-up begun for this rank's first GPU, after delay seconds (tsp_cuda_warm) */
static void warm_cuda(const options *o, double delay)
{
    tsp_place gpus;
    place_gpus(o, &gpus);
    tsp_cuda_warm(gpus.first_gpu, delay);
}
#endif

/* Ends the job: without the exit handlers where a GPU may still be opening
 * in a thread of its own (--prune --backend auto's hand-over, and CUDA's
 * start-up begun for it), so that neither its end nor CUDA's teardown
 * waits for it (run_job_exit_now) */
static void end_job(const options *o, int status)
{
    if (o->prune && strcmp(o->backend, "auto") == 0)
        run_job_exit_now(status);
    run_job_exit(status);
}

/* At exit: output that could not be written (a full disk, a closed pipe) is
 * an error, never a silent success. */

/* Rank 0 reads the instance (a file or --random) and checks its size;
 * every rank gets it. Ends the job with status 2 on bad input. */
static void read_instance(const options *o, tsp_instance *inst)
{
    char err[TSP_ERR_SIZE];
    int status = 0;
    if (run_job_rank() == 0 && (o->file ? tsp_read(o->file, inst, err, sizeof err)
                                        : tsp_random(o->random_n, o->seed, inst, err, sizeof err))) {
        fprintf(stderr, "%s: %s\n", prog, err);
        status = 2;
    } else if (run_job_rank() == 0 && inst->n > TSP_MAX_EXHAUSTIVE && !o->prune) {
        fprintf(stderr, "%s: %s: %d cities: the exhaustive search handles at most %d (64-bit ranks); --prune goes to %d\n",
                prog, o->file ? o->file : "--random", inst->n, TSP_MAX_EXHAUSTIVE, TSP_MAX_CITIES);
        status = 2;
    }
    if (run_job_max(status))
        run_job_exit(2);
    run_job_share(inst, sizeof *inst);
}

/* Rank 0: the run's pool of the sample's ranks (with --prune's first tour
 * known), with the work a checkpoint says is done (the checkpoint claimed
 * into *claimed and saved at once: better now than after hours of search).
 * A finished checkpoint's answer is printed at once. Every rank ends here
 * when that is all, or on an error. */
static void open_pool(const options *o, const tsp_instance *inst, const tsp_sample *sample, run_pool *pool,
                      char **claimed, const report *r)
{
    char err[TSP_ERR_SIZE];
    int status = 0, complete = 0;
    if (run_job_rank() == 0) {
        if (run_pool_init(pool, &sample->run, r->result, r->ranks, o->chunk)) {
            snprintf(err, sizeof err, "out of memory");
            status = 4;
        } else if (o->checkpoint && (!(*claimed = run_checkpoint_claim(o->checkpoint, err, sizeof err))
                                     || run_checkpoint_load(*claimed, pool, err, sizeof err) < 0))
            status = 2;
        complete = status == 0 && run_pool_complete(pool);
        if (complete)
            print_result(o, inst, r);
        else if (status == 0 && o->checkpoint && run_checkpoint_save(*claimed, pool, err, sizeof err))
            status = 2;
        if (status)
            fprintf(stderr, "%s: %s\n", prog, err);
    }
    status = run_job_max(status);
    run_job_share(&complete, sizeof complete);
    if (status || complete)
        end_job(o, status);
}

/* Every rank opens its backend; t0 is when its search began. Ends the job
 * with status 4 when one fails. */
static void open_everywhere(const options *o, const tsp_instance *inst, const tsp_relax *relax,
                            const handover_plan *plan, tsp_backend *b, double *t0)
{
    int status = open_mine(o, inst, relax, plan, b, t0);
    if (run_job_max(status)) {
        if (status == 0)
            b->close(b);
        end_job(o, status ? status : 4);
    }
}

/* this rank's share of the units not yet searched (a resumed run's
 * fewer), about: rank 0 holds the pool. A collective. */
static kperm_u64 units_share(const run_pool *pool, int ranks)
{
    kperm_rank left = run_job_rank() == 0 ? pool->total - pool->done_ranks : 0;
    run_job_share(&left, sizeof left);
    return (kperm_u64)(left / (kperm_rank)ranks);
}

/* what each rank searches with, gathered on rank 0 (NULL elsewhere) */
static tsp_report_rank *gather_devices(const tsp_backend *b, int ranks)
{
    tsp_report_rank mine, *info = NULL;
    memset(&mine, 0, sizeof mine);
    snprintf(mine.backend, sizeof mine.backend, "%s", b->name);
    snprintf(mine.device, sizeof mine.device, "%s", b->device);
    if (strcmp(b->name, "auto") == 0) { /* the hand-over: the sides that searched */
        tsp_handover_share share;
        tsp_handover_shares(b, &share);
        mine.handover = 1;
        mine.cpu_units = share.cpu_units;
        mine.gpu_units = share.gpu_units;
        snprintf(mine.gpu, sizeof mine.gpu, "%s", share.gpu_name);
        if (share.gpu_units == 0)
            snprintf(mine.backend, sizeof mine.backend, "cpu");
        else if (share.cpu_units == 0)
            snprintf(mine.backend, sizeof mine.backend, "%s", share.gpu_name);
        else
            snprintf(mine.backend, sizeof mine.backend, "cpu+%s", share.gpu_name);
        snprintf(mine.device, sizeof mine.device, "%.120s%s%.120s", share.gpu_units ? share.gpu_device : share.cpu_device,
                 share.gpu_units && share.cpu_units ? " after " : "", share.gpu_units && share.cpu_units ? share.cpu_device : "");
    }
    if (run_job_rank() == 0 && !(info = (tsp_report_rank *)calloc((size_t)ranks, sizeof *info))) {
        fprintf(stderr, "%s: out of memory\n", prog);
        run_job_abort(4);
    }
    run_job_gather(&mine, info, sizeof mine);
    return info;
}

/* The search: rank 0 coordinates (and searches), the others work. Returns
 * rank 0's exit status (run_coordinator), 0 elsewhere. */
static int search(const options *o, const tsp_sample *sample, run_pool *pool, tsp_backend *b, const char *claimed,
                  const report *r)
{
    int ranks = r->ranks;
    run_options run;
    tsp_worker worker;
    char where[300];
    memset(&run, 0, sizeof run);
    memset(&worker, 0, sizeof worker);
    worker.b = b;
    worker.sample = sample;
    run.prog = prog;
    run.checkpoint = claimed;
    run.checkpoint_every = o->checkpoint_every;
    run.worker_timeout = o->worker_timeout;
    run.force = o->force;
    run.bar = isatty(2);
    run.quiet = o->quiet;
    if (run_job_rank()) {
        run.where = b->name;
        run_worker(&sample->run, tsp_search_chunk, &worker, &run);
        return 0;
    }
    if (ranks > 1)
        snprintf(where, sizeof where, "%d ranks", ranks);
    else
        snprintf(where, sizeof where, "%s", b->name);
    run.where = where;
    return run_coordinator(pool, tsp_search_chunk, &worker, &run);
}

int main(int argc, char **argv)
{
    static tsp_instance inst;
    static tsp_sample sample;
    static run_pool pool;
    static tsp_item result;
    static tsp_relax relax;
    options o;
    tsp_backend b;
    report r;
    handover_plan plan = {0, 0};
    char *claimed = NULL; /* rank 0: the checkpoint file, links followed */
    double t0 = 0;
    int status, settled = 0, handover;
    const char *slash = strrchr(argv[0], '/');
    prog = slash ? slash + 1 : argv[0];
    run_output_check_at_exit(prog);
    run_job_init(prog, &argc, &argv);
    o = parse_args(argc, argv);
    run_job_watch(o.worker_timeout); /* from here on a rank that stops answering ends the job, start-up included */
    memset(&r, 0, sizeof r);
    r.ranks = run_job_ranks();
    r.pool = &pool;
    r.result = &result;
    r.checkpoint = o.checkpoint;
#ifdef TSP_HAVE_CUDA
    if (strcmp(o.backend, "cuda") == 0 || (strcmp(o.backend, "auto") == 0 && !o.prune))
        warm_cuda(&o, 0);
#endif
    read_instance(&o, &inst);
    handover = o.prune && strcmp(o.backend, "auto") == 0;
    if (o.prune) { /* every rank alike: the same instance, the same arithmetic */
#ifdef TSP_HAVE_CUDA
        if (handover) /* only once the start is long enough to hide it (tsp_handover.h) */
            warm_cuda(&o, TSP_HANDOVER_LONG_START);
#endif
        r.start = run_now();
        settled = tsp_start(&inst, &relax, &r.bound);
        r.start = run_now() - r.start;
        plan.at_once = r.start >= TSP_HANDOVER_LONG_START;
#ifdef TSP_HAVE_CUDA
        if (handover && tsp_cuda_warm_call_off())
            plan.at_once = 1; /* begun: it has nothing more to cost */
#endif
    }
    tsp_sample_init(&sample, &inst, o.prune, relax.first.length, r.bound);
    sample.answer = settled ? &relax.first : NULL;
    open_pool(&o, &inst, &sample, &pool, &claimed, &r);
    if (handover)
        plan.units = units_share(&pool, r.ranks);
    if (run_job_rank() == 0) /* with or without a checkpoint: see kperm-ptest's main */
        run_catch_signals();
    open_everywhere(&o, &inst, &relax, &plan, &b, &t0);
    status = search(&o, &sample, &pool, &b, claimed, &r);
    r.info = gather_devices(&b, r.ranks); /* after the search: what each backend did, for --backend auto's hand-over */
    if (run_job_rank() == 0) {
        r.seconds = run_now() - t0;
        if (status == 0 && result.best.length == TSP_NONE) { /* never a non-answer printed as one */
            fprintf(stderr, "%s: the search ended without a tour (a fault of this program)\n", prog);
            status = 4;
        } else if (status == 0)
            print_result(&o, &inst, &r);
        free(r.info);
        run_pool_free(&pool);
    }
    b.close(&b);
    end_job(&o, status);
    return status;
}
