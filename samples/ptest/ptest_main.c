/* kperm-ptest - exact permutation tests from a data file: every split into
 * the groups, every sign flip of pairs or every pairing of two columns is
 * walked on the CPU's cores, an OpenCL device or a CUDA GPU, and counted
 * against the observed statistic in exact integer arithmetic. As
 * kperm-ptest-mpi, the same on the ranks of an MPI job (linked with
 * run_job_mpi.c instead of run_job_local.c). samples/ptest/README.md is the
 * guide; the statistics are python/kperm/stats_kernel.h's, the run
 * (checkpoints, progress, MPI) samples/run's.
 *
 * Exit status: 0 done, 1 the output could not be written, 2 bad input or
 * usage (or a bad or busy checkpoint), 3 refused as hopeless (see --force), 4
 * the backend failed (or an MPI rank stopped answering), 128 + the signal when
 * interrupted (the checkpoint keeps the work done). */
#define _POSIX_C_SOURCE 200809L
#include "run_engine.h"
#include "run_output.h"
#include "run_file.h"
#include "ptest_sample.h"
#include "ptest_problem.h"
#include "ptest_report.h"
#include "ptest_linear.h"
#include "ptest_guard.h"
#include "ptest_steps.h"
#include "ptest_user_check.h"
#include "ptest_resample.h"
#if defined(PTEST_HAVE_OPENCL) || defined(PTEST_HAVE_CUDA)
#include "ptest_device.h"
#endif
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_BINS 20
#define STATISTIC_TIMEOUT 30 /* seconds a C statistic's observed value may take */
#define COMPILER_SECONDS 60  /* ... its compile: POCL's takes 4 on a 2-core machine, NVRTC's 2 */
#define COMPILER_MIB 512     /* a compiler's memory past what kperm-ptest holds: POCL's takes about 150 */
#define PROGRAM_MIB 64       /* a compiled program a trial hands back at most: a CUBIN is about 65 KB */
#define TEXT(x) #x
#define NUMBER(x) TEXT(x)

typedef struct {
    ptest_spec spec;
    const char *file, *backend, *device, *checkpoint;
    int json, force, quiet, threads;
    int method; /* PTEST_METHOD_AUTO ... */
    unsigned long long chunk;
    double checkpoint_every, worker_timeout, statistic_timeout;
    unsigned long long resamples, seed; /* --resamples N (0: every rearrangement), --seed S */
    int have_seed;
} options;

static const char *prog = "kperm-ptest";

/* rank 0 says "PROG: WHAT" (once for the job); every rank ends with status */
static void die(int status, const char *what)
{
    if (run_job_rank() == 0)
        fprintf(stderr, "%s: %s\n", prog, what);
    run_job_exit(status);
}

static void usage(const char *why)
{
    if (run_job_rank() == 0)
        fprintf(stderr, "%s: %s (--help lists the options)\n", prog, why);
    run_job_exit(2);
}

static void help(void)
{
    if (run_job_rank() == 0)
        printf("usage: %s [options] FILE\n"
               "Exact permutation test of the data in FILE (CSV, or columns separated by blanks; a\n"
               "header line names the columns): every rearrangement is enumerated and counted.\n\n"
               "  --test T             independent (default): a label column and a value column,\n"
               "                       every split into the groups; paired: two columns x, y, every\n"
               "                       swap within pairs (sign flips of x - y); pairings: two\n"
               "                       columns, every order of y against x; regression: the t of\n"
               "                       x's coefficient in y ~ 1 + x + Z (--columns Y,X[,Z...]),\n"
               "                       every order of the residuals or of y (--scheme)\n"
               "  --scheme S           regression: freedman-lane (default: the residuals of\n"
               "                       y ~ 1 + Z rearranged and added to its fit) or permute-y\n"
               "  --stat S             mean (default for two groups and pairs), welch, var-ratio,\n"
               "                       anova (default for 3+ groups), pearson (default for\n"
               "                       pairings), kendall; with midranks and ties: mann-whitney (U),\n"
               "                       wilcoxon (paired, T+), kruskal (H), jonckheere (JT)\n"
               "  --statistic FILE     the body of a C function double statistic(const double *x,\n"
               "                       const int *start, int k) instead (OpenCL or CUDA)\n"
               "  --statistic-timeout S seconds its observed value may take, computed first in a\n"
               "                       child process (default " NUMBER(STATISTIC_TIMEOUT) "; its compile: "
               NUMBER(COMPILER_SECONDS) ")\n"
               "  --columns A[,B...]   the value column (independent) or x,y (names or numbers\n"
               "                       from 1; default: the last one or two); several value\n"
               "                       columns, or pairs x,y,x2,y2 (paired): maxT adjusted p-values\n"
               "  --group C            the label column (default: the first)\n"
               "  --groups A,B,...     the groups in this order, others left out (default: in\n"
               "                       order of appearance; the first is A)\n"
               "  --strata C           rearrange only within the strata of label column C\n"
               "                       (blocks; two groups; a paired test: no change)\n"
               "  --tolerance R        compare in floating point: equal within R*|observed|\n"
               "                       (default: exact; a C statistic: 100 eps; regression: 1e-9)\n"
               "  --bins N             histogram bins, 0..1024 (default 20)\n"
               "  --hist-range LO:HI   the histogram's range\n"
               "  --method M           auto (default), enumerate, shift or mitm: --stat mean of two\n"
               "                       groups or pairs is counted on the host without enumerating\n"
               "                       (the shift algorithm or meet in the middle) where cheaper\n"
               "  --backend B          auto (default), cpu, opencl or cuda\n"
               "  --device P:D | N     OpenCL: device P:D; CUDA: GPU N (as --list-devices\n"
               "                       numbers them)\n"
               "  --threads N          cpu: N threads (default: one per core)\n"
               "  --json               one JSON object instead of the text report\n"
               "  --checkpoint FILE    save progress to FILE and resume from it\n"
               "  --checkpoint-every S seconds between saves (default 60)\n"
               "  --chunk N            the most rearrangements a chunk of work may have\n"
               "  --worker-timeout S   MPI: a rank silent this long is lost (default 60)\n"
               "  --resamples N        count N uniform random rearrangements (Monte Carlo, p =\n"
               "                       (count + 1) / (N + 1)); N >= all of them: exact\n"
               "  --seed S             the draws' seed, 0 .. 2^64 - 1 (default " NUMBER(PTEST_DEFAULT_SEED) ")\n"
               "  --force              run even when the estimate says more than a day\n"
               "  --quiet              no progress on stderr\n"
               "  --list-devices, --version, --help\n"
               "Every --option VALUE may also be written --option=VALUE.\n"
               "Exit status: 0 done; 1 output not written; 2 bad input, usage or checkpoint; 3\n"
               "refused as hopeless (--force); 4 a backend failed; 128 + signal when interrupted.\n",
               prog);
    run_job_exit(0);
}

static void bad_value(const char *opt, const char *v, const char *why)
{
    char what[300];
    snprintf(what, sizeof what, "%s '%.100s' %s", opt, v, why);
    die(2, what);
}

static unsigned long long parse_count(const char *opt, const char *s, unsigned long long lo, unsigned long long hi)
{
    char *end, why[100];
    unsigned long long v;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (end == s || *end || *s == '-' || *s == '+' || errno == ERANGE || v < lo || v > hi) {
        snprintf(why, sizeof why, "is not an integer from %llu to %llu", lo, hi);
        bad_value(opt, s, why);
    }
    return v;
}

static double parse_real(const char *opt, const char *s, double lo)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v >= lo && v < 1e300))
        bad_value(opt, s, lo > 0 ? "is not a number above 0" : "is not a number, 0 or more");
    return v;
}

/* a number of seconds in (0, 10^9): what the run engine's clocks take */
static double parse_seconds(const char *opt, const char *s)
{
    double v = parse_real(opt, s, 1e-9);
    if (v >= 1e9)
        bad_value(opt, s, "is more than 10^9 seconds");
    return v;
}

static void parse_range(ptest_spec *s, const char *v)
{
    char *end, *mid;
    s->hist_lo = strtod(v, &mid);
    if (mid == v || *mid != ':' || (s->hist_hi = strtod(mid + 1, &end), end == mid + 1) || *end
        || !(s->hist_lo < s->hist_hi))
        bad_value("--hist-range", v, "is not LO:HI with LO < HI");
    if (!(s->hist_hi - s->hist_lo <= 1e300)) /* the bins' scale, bins / (HI - LO), would be 0 or lose its digits */
        bad_value("--hist-range", v, "spans more than 1e300 (HI - LO): more than the histogram divides into bins");
    if (!(PTEST_MAX_BINS / (s->hist_hi - s->hist_lo) < HUGE_VAL)) /* the bins' scale would overflow */
        bad_value("--hist-range", v, "is too narrow (HI - LO) for the histogram's bins to be told apart in doubles");
    s->have_range = 1;
}

static const char *const valued[] = {"--test", "--stat", "--statistic", "--statistic-timeout", "--columns",
                                     "--group", "--groups", "--strata", "--tolerance", "--bins", "--hist-range", "--method",
                                     "--backend", "--device", "--threads", "--checkpoint", "--checkpoint-every",
                                     "--chunk", "--worker-timeout", "--scheme", "--resamples", "--seed"};
#define NVALUED (int)(sizeof valued / sizeof valued[0])

/* one option and its value (NULL for a flag) */
static void option(options *o, const char *a, const char *v)
{
    ptest_spec *s = &o->spec;
    if (!strcmp(a, "--test")) {
        if (strcmp(v, "independent") && strcmp(v, "paired") && strcmp(v, "pairings") && strcmp(v, "regression"))
            bad_value(a, v, "is not independent, paired, pairings or regression");
        s->test = v;
    } else if (!strcmp(a, "--scheme")) {
        if (strcmp(v, "freedman-lane") && strcmp(v, "permute-y"))
            bad_value(a, v, "is not freedman-lane or permute-y");
        s->scheme = v;
    } else if (!strcmp(a, "--stat"))
        s->stat = v;
    else if (!strcmp(a, "--statistic"))
        s->user_file = v;
    else if (!strcmp(a, "--statistic-timeout"))
        o->statistic_timeout = parse_seconds(a, v);
    else if (!strcmp(a, "--columns"))
        s->columns = v;
    else if (!strcmp(a, "--group"))
        s->group = v;
    else if (!strcmp(a, "--groups"))
        s->groups = v;
    else if (!strcmp(a, "--strata"))
        s->strata = v;
    else if (!strcmp(a, "--tolerance"))
        s->tolerance = parse_real(a, v, 0);
    else if (!strcmp(a, "--bins"))
        s->bins = (int)parse_count(a, v, 0, PTEST_MAX_BINS);
    else if (!strcmp(a, "--hist-range"))
        parse_range(s, v);
    else if (!strcmp(a, "--method")) {
        for (o->method = 0; o->method < PTEST_METHODS && strcmp(v, ptest_method_names[o->method]); o->method++)
            ;
        if (o->method == PTEST_METHODS)
            bad_value(a, v, "is not auto, enumerate, shift or mitm");
    } else if (!strcmp(a, "--backend")) {
        if (strcmp(v, "auto") && strcmp(v, "cpu") && strcmp(v, "opencl") && strcmp(v, "cuda"))
            bad_value(a, v, "is not auto, cpu, opencl or cuda");
        o->backend = v;
    } else if (!strcmp(a, "--device"))
        o->device = v;
    else if (!strcmp(a, "--threads"))
        o->threads = (int)parse_count(a, v, 1, 256);
    else if (!strcmp(a, "--checkpoint")) {
        if (!*v)
            usage("--checkpoint needs a file name");
        o->checkpoint = v;
    } else if (!strcmp(a, "--checkpoint-every"))
        o->checkpoint_every = parse_seconds(a, v);
    else if (!strcmp(a, "--chunk"))
        o->chunk = parse_count(a, v, 1, ~0ULL);
    else if (!strcmp(a, "--worker-timeout"))
        o->worker_timeout = parse_seconds(a, v);
    else if (!strcmp(a, "--resamples"))
        o->resamples = parse_count(a, v, 1, ~0ULL);
    else if (!strcmp(a, "--seed"))
        o->seed = parse_count(a, v, 0, ~0ULL), o->have_seed = 1;
    else if (!strcmp(a, "--json"))
        o->json = 1;
    else if (!strcmp(a, "--force"))
        o->force = 1;
    else if (!strcmp(a, "--quiet"))
        o->quiet = 1;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
        help();
    else if (!strcmp(a, "--version")) {
        if (run_job_rank() == 0)
            printf("%s %s\n", prog, KPERM_VERSION);
        run_job_exit(0);
    } else if (!strcmp(a, "--list-devices")) {
        if (run_job_rank() == 0) {
            printf("cpu         the host's cores (--backend cpu)\n");
#ifdef PTEST_HAVE_OPENCL
            ptest_opencl_list(stdout);
#endif
#ifdef PTEST_HAVE_CUDA
            ptest_cuda_list(stdout);
#endif
        }
        run_job_exit(0);
    } else {
        char why[160];
        snprintf(why, sizeof why, "unknown option '%.100s'", a);
        usage(why);
    }
}

static options parse_args(int argc, char **argv)
{
    options o;
    int i, k;
    memset(&o, 0, sizeof o);
    o.spec.test = "independent";
    o.spec.tolerance = -1;
    o.spec.bins = DEFAULT_BINS;
    o.backend = "auto";
    o.worker_timeout = 60;
    for (i = 1; i < argc; i++) {
        char name[64];
        const char *a = argv[i], *eq = strchr(a, '='), *v = NULL;
        size_t len = a[0] == '-' && a[1] == '-' && eq ? (size_t)(eq - a) : strlen(a);
        if (a[0] != '-' || !a[1]) {
            if (o.file)
                usage("more than one FILE");
            o.file = a;
            continue;
        }
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), a);
        for (k = 0; k < NVALUED && strcmp(name, valued[k]); k++)
            ;
        if (k < NVALUED) {
            if (!eq && i + 1 == argc) {
                char why[100];
                snprintf(why, sizeof why, "%s needs a value", name);
                usage(why);
            }
            v = eq ? eq + 1 : argv[++i];
        } else if (eq && a[1] == '-') {
            char why[160];
            snprintf(why, sizeof why, "%.60s takes no value", name);
            usage(why);
        }
        option(&o, name, v);
    }
    if (!o.file)
        usage("give a data FILE");
    if (o.checkpoint_every > 0 && !o.checkpoint)
        usage("--checkpoint-every goes with --checkpoint FILE");
    if (o.statistic_timeout > 0 && !o.spec.user_file)
        usage("--statistic-timeout goes with --statistic FILE");
    if (o.device && strcmp(o.backend, "opencl") && strcmp(o.backend, "cuda"))
        usage("--device goes with --backend opencl or cuda");
    if (o.threads && strcmp(o.backend, "cpu") && strcmp(o.backend, "auto"))
        usage("--threads goes with --backend cpu");
    if (o.spec.user_file && o.spec.stat)
        usage("give --stat or --statistic, not both");
    if (o.spec.user_file && !strcmp(o.backend, "cpu")) /* the C backend's kernels are compiled in */
        usage("a C statistic (--statistic) runs on --backend opencl or cuda (POCL runs OpenCL on the CPU)");
    if (o.have_seed && !o.resamples)
        usage("--seed goes with --resamples N");
    if (o.resamples && o.method != PTEST_METHOD_AUTO && o.method != PTEST_METHOD_ENUMERATE)
        usage("--resamples draws through the kernels: --method auto or enumerate");
    if (!o.have_seed)
        o.seed = PTEST_DEFAULT_SEED;
    if (o.checkpoint_every == 0)
        o.checkpoint_every = 60;
    if (o.statistic_timeout == 0)
        o.statistic_timeout = STATISTIC_TIMEOUT;
    return o;
}

/* rank 0 reads the data (and a C statistic) into p; every rank gets p */
static void read_problem(const options *o, ptest_problem *p)
{
    static ptest_table table;
    char err[PTEST_ERR_SIZE];
    char *user = NULL;
    int status = 0;
    if (run_job_rank() == 0) {
        ptest_spec spec = o->spec;
        long size;
        int absent;
        if (spec.user_file && (!(user = run_read_file(spec.user_file, PTEST_MAX_USER - 1, "C statistic", &size,
                                                      &absent, err, sizeof err))
                               || ptest_user_check(user, (size_t)size, spec.user_file, err, sizeof err)))
            status = 2;
        spec.user_text = user;
        if (!status && (ptest_table_read(o->file, &table, err, sizeof err)
                        || ptest_problem_build(&table, &spec, p, err, sizeof err)))
            status = 2;
        if (status)
            fprintf(stderr, "%s: %s\n", prog, err);
        ptest_table_free(&table);
        free(user);
    }
    if (run_job_max(status))
        run_job_exit(status);
    run_job_share(p, sizeof *p);
}

/* every rank opens its own backend (program: rank 0's trial's, else NULL);
 * the job ends when one fails */
static void open_backend(const options *o, const ptest_problem *p, const void *program, ptest_backend *b)
{
    char err[PTEST_ERR_SIZE] = "";
    int status = ptest_open_backend(b, p, o->backend, o->device, o->threads, run_job_local_rank(), program, err,
                                    sizeof err);
    if (status)
        fprintf(stderr, "%s: %s\n", prog, err);
    if (run_job_max(status)) {
        if (status == 0)
            b->close(b);
        run_job_exit(status ? status : 4);
    }
}

/* rank 0 observes (ptest_observe); every rank gets p and column 0's observed value */
static double observe(const options *o, ptest_problem *p, ptest_backend *b)
{
    char err[PTEST_ERR_SIZE];
    double x = 0;
    int status = 0;
    if (run_job_rank() == 0) {
        status = ptest_observe(p, b, o->spec.have_range, &x, err, sizeof err);
        if (status)
            fprintf(stderr, "%s: %s\n", prog, err);
    }
    if (run_job_max(status)) {
        b->close(b);
        run_job_exit(status);
    }
    run_job_share(p, sizeof *p);
    run_job_share(&x, sizeof x);
    return x;
}

/* A C statistic's trial (ptest_guard.h): rank 0 opens the backend, its
 * compiler bounded, and observes in a child process first, so that what
 * the statistic does there (a hang, a crash, a compiler running away) ends
 * the job with a message; then it does both again itself. The program the
 * child compiled comes back with its answer where the backend keeps one
 * (CUDA's CUBIN, which the parent loads instead of compiling again); POCL
 * takes it from its cache. */
typedef struct {
    const options *o;
    ptest_problem *p;
    ptest_backend b;
    ptest_guard_back back;
} trial;

static int trial_open(void *arg, char *err, size_t errsize)
{
    trial *t = (trial *)arg;
    int status;
#if defined(PTEST_HAVE_OPENCL) || defined(PTEST_HAVE_CUDA)
    ptest_device_compiler_bound((size_t)COMPILER_MIB << 20);
#endif
    status = ptest_open_backend(&t->b, t->p, t->o->backend, t->o->device, t->o->threads, run_job_local_rank(), NULL,
                                err, errsize);
    if (status == 0) /* in the child: what it hands back once every step is done */
        t->back.bytes = t->b.program, t->back.size = t->b.program_size;
    return status;
}

static int trial_observe(void *arg, char *err, size_t errsize)
{
    trial *t = (trial *)arg;
    double x;
    return ptest_observe(t->p, &t->b, t->o->spec.have_range, &x, err, errsize);
}

/* rank 0's trial of a C statistic: the program it compiled into *program
 * (NULL where none; the caller frees it) */
static void try_statistic(const options *o, ptest_problem *p, void **program)
{
    ptest_guard_step steps[] = {
        {"compiling it", "past the compiler's " NUMBER(COMPILER_MIB) " MiB? (a macro that expands without end)",
         "a macro that expands without end?", COMPILER_SECONDS, trial_open},
        {"computing its observed value", "an index outside x or start, or a local array too large?",
         "an endless loop? (--statistic-timeout S allows more)", 0, trial_observe}};
    char err[PTEST_ERR_SIZE], what[300];
    trial t;
    int status = 0;
    *program = NULL;
    if (p->stat != PTEST_USER)
        return;
    if (run_job_rank() == 0) {
        t.o = o, t.p = p;
        t.back.most = (size_t)PROGRAM_MIB << 20;
        steps[1].seconds = o->statistic_timeout;
        if (p->bins && !o->spec.have_range)
            steps[1].doing = "computing its observed value and the histogram's samples";
        snprintf(what, sizeof what, "the C statistic %s", p->user_file);
        status = ptest_guard_run(what, steps, 2, &t, &t.back, err, sizeof err);
        if (status)
            fprintf(stderr, "%s: %s\n", prog, err);
        *program = t.back.bytes;
    }
    snprintf(err, sizeof err, "%s: the C statistic %s crashed on a rearrangement after the observed one: an index "
             "outside x or start?", prog, p->user_file);
    ptest_guard_last_words(err);
    if (run_job_max(status))
        run_job_exit(status);
}

/* --stat mean of two groups or of pairs, where the shift algorithm or meet in
 * the middle counts it (ptest_linear.h): rank 0 counts and reports, and the
 * job ends. It takes no backend, and no checkpoint: it answers in far less
 * time than one would save, so --checkpoint's file is neither read nor
 * written. */
static void count_on_host(const options *o, ptest_problem *p)
{
    static ptest_result result;
    static ptest_big_result big;
    char err[PTEST_ERR_SIZE];
    int status = 0, plan = ptest_plan(p, o->method, err, sizeof err);
    ptest_report rep;
    double t0 = run_now();
    if (plan == PTEST_METHOD_ENUMERATE)
        return;
    if (plan < 0)
        die(2, err);
    memset(&rep, 0, sizeof rep);
    if (run_job_rank() == 0 && ptest_count_on_host(p, plan, o->spec.have_range, &result, &big, &rep.observed,
                                                   &rep.method, &rep.device, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", prog, err);
        status = 4;
    } else if (run_job_rank() == 0) {
        rep.file = o->file;
        rep.test = o->spec.test;
        rep.p = p;
        rep.r = &result;
        rep.big = &big;
        rep.backend = "host";
        rep.seconds = run_now() - t0;
        ptest_report_write(&rep, o->json);
    }
    run_job_exit(run_job_max(status));
}

int main(int argc, char **argv)
{
    static ptest_problem p;
    static ptest_sample sample;
    static run_pool pool;
    static ptest_result result;
    options o;
    ptest_backend b;
    ptest_report rep;
    run_options run;
    char err[PTEST_ERR_SIZE], where[64], *claimed = NULL;
    void *program;
    double t0;
    int status = 0, complete = 0;
    const char *slash = strrchr(argv[0], '/');
    prog = slash ? slash + 1 : argv[0];
    run_output_check_at_exit(prog);
    run_job_init(prog, &argc, &argv);
    o = parse_args(argc, argv);
    run_job_watch(o.worker_timeout); /* from here on a rank that stops answering ends the job, start-up included */
    read_problem(&o, &p);
    if (o.resamples) {
        int exact = ptest_resample_setup(&p, o.resamples, o.seed, err, sizeof err);
        if (exact < 0)
            die(2, err);
        if (exact && !o.quiet && run_job_rank() == 0)
            fprintf(stderr, "%s: --resamples %llu covers all %llu rearrangements: every one is counted exactly\n",
                    prog, o.resamples, (unsigned long long)p.total);
    }
    count_on_host(&o, &p); /* returns where enumeration counts p */
    try_statistic(&o, &p, &program); /* before any OpenCL or CUDA context: a child may not use one made here */
    open_backend(&o, &p, program, &b);
    free(program);
    memset(&rep, 0, sizeof rep);
    rep.observed = observe(&o, &p, &b);
    ptest_sample_init(&sample, &p);
    if (run_job_rank() == 0) {
        if (run_pool_init(&pool, &sample.run, &result, run_job_ranks(), o.chunk)) {
            snprintf(err, sizeof err, "out of memory");
            status = 4;
        } else if (o.checkpoint && (!(claimed = run_checkpoint_claim(o.checkpoint, err, sizeof err))
                                    || run_checkpoint_load(claimed, &pool, err, sizeof err) < 0
                                    || run_checkpoint_save(claimed, &pool, err, sizeof err)))
            status = 2;
        complete = !status && run_pool_complete(&pool);
        if (status)
            fprintf(stderr, "%s: %s\n", prog, err);
    }
    status = run_job_max(status);
    run_job_share(&complete, sizeof complete);
    if (status) {
        b.close(&b);
        run_job_exit(status);
    }
    memset(&run, 0, sizeof run);
    run.prog = prog;
    run.checkpoint = claimed;
    run.checkpoint_every = o.checkpoint_every;
    run.worker_timeout = o.worker_timeout;
    run.force = o.force;
    run.bar = isatty(2);
    run.quiet = o.quiet;
    if (run_job_ranks() > 1)
        snprintf(where, sizeof where, "%d ranks", run_job_ranks());
    else
        snprintf(where, sizeof where, "%s", b.name);
    run.where = where;
    t0 = run_now();
    /* with or without a checkpoint: an OpenCL compiler (POCL's LLVM) may have
     * taken SIGINT for itself, and a statistic that never returns must still
     * be stoppable; the coordinator ends the process, saying so */
    if (!complete && run_job_rank() == 0)
        run_catch_signals();
    if (!complete && run_job_rank())
        run_worker(&sample.run, ptest_search_chunk, &b, &run);
    else if (!complete)
        status = run_coordinator(&pool, ptest_search_chunk, &b, &run);
    if (run_job_rank() == 0 && status == 0) {
        const unsigned long long *c = result.counts;
        if (c[PTEST_LESS] + c[PTEST_EQUAL] + c[PTEST_GREATER] + c[PTEST_UNDEFINED] != p.total) {
            fprintf(stderr, "%s: the backend counted %llu of %llu rearrangements (a fault of this program)\n", prog,
                    c[PTEST_LESS] + c[PTEST_EQUAL] + c[PTEST_GREATER] + c[PTEST_UNDEFINED],
                    (unsigned long long)p.total);
            status = 4;
        } else {
            rep.file = o.file;
            rep.test = o.spec.test;
            rep.p = &p;
            rep.r = &result;
            rep.method = p.resamples ? "monte-carlo" : ptest_method_names[PTEST_METHOD_ENUMERATE];
            rep.backend = complete ? "checkpoint" : run_job_ranks() > 1 ? "mpi" : b.name;
            rep.device = complete ? o.checkpoint : run_job_ranks() > 1 ? where : b.device;
            rep.seconds = run_now() - t0;
            rep.resumed = pool.resumed;
            rep.checkpoint = o.checkpoint;
            ptest_report_write(&rep, o.json);
        }
    }
    if (run_job_rank() == 0)
        run_pool_free(&pool);
    b.close(&b);
    run_job_exit(status);
    return status;
}
