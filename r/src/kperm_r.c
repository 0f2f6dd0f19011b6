/* kperm_r.c - the R package's entry points (.Call) over kperm-ptest's
 * engine (samples/ptest), which the package's build compiles in from the
 * tree. It takes the steps kperm-ptest takes (ptest_steps.h) on a table
 * made in memory from R's vectors, and walks the rearrangements a few
 * tenths of a second at a time (kperm_r_step), so that R shows the
 * progress and an interrupt (Esc, Ctrl-C) stops the run between two chunks;
 * the run's memory and backend are freed by kperm_r_close or, where R
 * drops the run unclosed, by its finalizer. Nothing here prints or ends
 * the process: errors are R's. */
#define _POSIX_C_SOURCE 200809L
#include "ptest_answer.h"
#include "ptest_linear.h"
#include "ptest_problem.h"
#include "ptest_rank.h"
#include "ptest_resample.h"
#include "ptest_steps.h"
#include <R.h>
#include <Rinternals.h>
#include <R_ext/Rdynload.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FIRST_CHUNK ((kperm_rank)1 << 16) /* the first chunk, kperm-ptest's, and the least */
#define MOST_CHUNK PTEST_LAUNCH

typedef struct {
    ptest_problem p;
    ptest_backend b;
    int backend_open, on_host;
    ptest_result result, part;
    ptest_big_result big;
    kperm_rank next, chunk;
    double observed, seconds;
    const char *method, *device;
    char backend[16];
    char notes[1024];
} r_run;

static char notes[1024]; /* the notes of the run being opened (ptest_note) */

void ptest_note(const char *line)
{
    size_t used = strlen(notes);
    snprintf(notes + used, sizeof notes - used, "%s%s", used ? "\n" : "", line);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void run_free(r_run *run)
{
    if (run && run->backend_open)
        run->b.close(&run->b);
    free(run);
}

static void finalize(SEXP handle)
{
    run_free((r_run *)R_ExternalPtrAddr(handle));
    R_ClearExternalPtr(handle);
}

static r_run *run_of(SEXP handle)
{
    r_run *run = TYPEOF(handle) == EXTPTRSXP ? (r_run *)R_ExternalPtrAddr(handle) : NULL;
    if (!run)
        Rf_error("kperm: this run is closed");
    return run;
}

/* option `name` of the named list opts: its first string, or NULL */
static const char *text_option(SEXP opts, const char *name)
{
    SEXP names = Rf_getAttrib(opts, R_NamesSymbol);
    R_xlen_t i;
    for (i = 0; TYPEOF(names) == STRSXP && i < XLENGTH(opts); i++)
        if (!strcmp(CHAR(STRING_ELT(names, i)), name)) {
            SEXP v = VECTOR_ELT(opts, i);
            return TYPEOF(v) == STRSXP && XLENGTH(v) == 1 && STRING_ELT(v, 0) != NA_STRING
                       ? CHAR(STRING_ELT(v, 0)) : NULL;
        }
    return NULL;
}

/* a whole number option in [lo, hi] given as text (counts past 2^53 pass
 * R exactly so), or dflt where absent */
static unsigned long long count_option(SEXP opts, const char *name, unsigned long long lo, unsigned long long hi,
                                       unsigned long long dflt, char *err, size_t errsize)
{
    const char *s = text_option(opts, name);
    char *end;
    unsigned long long v;
    if (!s)
        return dflt;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (end == s || *end || *s == '-' || errno == ERANGE || v < lo || v > hi)
        snprintf(err, errsize, "%s = %s: not a whole number from %llu to %llu", name, s, lo, hi);
    return v;
}

/* where an opening step failed: frees the table and the run with what it
 * holds, then signals R's error err (which does not return) */
static void check(int failed, r_run *run, ptest_table *table, const char *err)
{
    char copy[PTEST_ERR_SIZE];
    if (!failed)
        return;
    snprintf(copy, sizeof copy, "%s", err);
    if (table)
        ptest_table_free(table);
    free(table);
    run_free(run);
    Rf_errorcall(R_NilValue, "%s", copy);
}

/* kperm_r_open(names, cells, opts): the table's column names, its cells
 * column after column (text: R formats nothing; numbers come as the
 * shortest text that reads back as them), and the options as kperm-ptest
 * names them, each a string. Returns the run, counted already where the
 * host counts it without enumerating. */
SEXP kperm_r_open(SEXP names, SEXP cells, SEXP opts)
{
    char err[PTEST_ERR_SIZE] = "";
    const char *header[PTEST_MAX_COLUMNS], **text;
    ptest_table *table;
    ptest_spec spec;
    r_run *run;
    SEXP handle;
    int columns = (int)XLENGTH(names), rows, i, plan, method = PTEST_METHOD_AUTO, threads;
    unsigned long long resamples, seed;
    const char *s;
    if (TYPEOF(names) != STRSXP || TYPEOF(cells) != STRSXP || TYPEOF(opts) != VECSXP || columns < 1
        || columns > PTEST_MAX_COLUMNS || XLENGTH(cells) % columns)
        Rf_error("kperm: the table's columns do not match its names");
    rows = (int)(XLENGTH(cells) / columns);
    if (rows > PTEST_MAX_ROWS)
        Rf_error("kperm: %d rows: at most %d", rows, PTEST_MAX_ROWS);
    text = (const char **)R_alloc((size_t)XLENGTH(cells) + 1, sizeof *text);
    for (i = 0; i < columns; i++)
        header[i] = CHAR(STRING_ELT(names, i));
    for (i = 0; i < (int)XLENGTH(cells); i++)
        text[i] = STRING_ELT(cells, i) == NA_STRING ? "NA" : CHAR(STRING_ELT(cells, i));
    memset(&spec, 0, sizeof spec);
    spec.test = text_option(opts, "test");
    spec.stat = text_option(opts, "stat");
    spec.columns = text_option(opts, "columns");
    spec.group = text_option(opts, "group");
    spec.groups = text_option(opts, "groups");
    spec.strata = text_option(opts, "strata");
    spec.scheme = text_option(opts, "scheme");
    spec.tolerance = (s = text_option(opts, "tolerance")) ? atof(s) : -1;
    spec.bins = (int)count_option(opts, "bins", 0, PTEST_MAX_BINS, 0, err, sizeof err);
    threads = (int)count_option(opts, "threads", 0, 256, 0, err, sizeof err);
    resamples = count_option(opts, "resamples", 0, ~0ULL, 0, err, sizeof err);
    seed = count_option(opts, "seed", 0, ~0ULL, PTEST_DEFAULT_SEED, err, sizeof err);
    for (s = text_option(opts, "method"); s && method < PTEST_METHODS && strcmp(s, ptest_method_names[method]);
         method++)
        ;
    if (*err)
        Rf_error("%s", err);
    if (method == PTEST_METHODS)
        Rf_error("method = %s: not auto, enumerate, shift or mitm", s);
    if (!spec.test)
        Rf_error("kperm: no test");
    /* the handle first: once the run is made, nothing R allocates can fail and lose it */
    handle = PROTECT(R_MakeExternalPtr(NULL, R_NilValue, R_NilValue));
    R_RegisterCFinalizerEx(handle, finalize, TRUE);
    run = (r_run *)calloc(1, sizeof *run);
    table = (ptest_table *)calloc(1, sizeof *table);
    check(!run || !table, run, table, "kperm: out of memory");
    snprintf(run->backend, sizeof run->backend, "%s", (s = text_option(opts, "backend")) ? s : "auto");
    *notes = 0;
    check(ptest_table_of_columns(table, "data", columns, rows, header, text, err, sizeof err), run, table, err);
    check(ptest_problem_build(table, &spec, &run->p, err, sizeof err), run, table, err);
    ptest_table_free(table);
    free(table);
    table = NULL;
    check(resamples && ptest_resample_setup(&run->p, resamples, seed, err, sizeof err) < 0, run, NULL, err);
    plan = ptest_plan(&run->p, method, err, sizeof err);
    check(plan < 0, run, NULL, err);
    if (plan != PTEST_METHOD_ENUMERATE) { /* seconds: the count's, as kperm-ptest's (not the opening's) */
        run->seconds = now();
        check(ptest_count_on_host(&run->p, plan, 0, &run->result, &run->big, &run->observed, &run->method,
                                  &run->device, err, sizeof err), run, NULL, err);
        run->on_host = 1;
        run->next = run->p.total;
        run->seconds = now() - run->seconds;
        snprintf(run->backend, sizeof run->backend, "host");
    } else {
        check(ptest_open_backend(&run->b, &run->p, run->backend, text_option(opts, "device"), threads, -1, NULL,
                                 err, sizeof err), run, NULL, err);
        run->backend_open = 1;
        check(ptest_observe(&run->p, &run->b, 0, &run->observed, err, sizeof err), run, NULL, err);
        snprintf(run->backend, sizeof run->backend, "%s", run->b.name);
        run->method = run->p.resamples ? "monte-carlo" : ptest_method_names[PTEST_METHOD_ENUMERATE];
        run->device = run->b.device;
        run->chunk = FIRST_CHUNK;
        ptest_result_empty(&run->result);
    }
    snprintf(run->notes, sizeof run->notes, "%s", notes);
    R_SetExternalPtrAddr(handle, run);
    UNPROTECT(1);
    return handle;
}

/* kperm_r_step(run, seconds): counts chunks of the rearrangements left for
 * about `seconds`; returns the fraction of them counted (1: all) */
SEXP kperm_r_step(SEXP handle, SEXP seconds)
{
    r_run *run = run_of(handle);
    char err[PTEST_ERR_SIZE] = "kperm: the backend failed";
    double t0 = now(), took, budget = Rf_asReal(seconds);
    while (run->next < run->p.total && now() - t0 < budget) {
        kperm_rank begin_of_chunk = run->next;
        kperm_rank end = run->p.total - run->next < run->chunk ? run->p.total : run->next + run->chunk;
        double t = now();
        ptest_result_empty(&run->part);
        if (run->b.count(&run->b, run->next, end, &run->part, err, sizeof err))
            /* the run stays open (its finalizer closes it); its next step tries again */
            Rf_errorcall(R_NilValue, "%s", err);
        ptest_result_fold(&run->result, &run->part, run->p.bins, run->p.cols);
        run->next = end;
        took = now() - t;
        run->seconds += took;
        /* the next chunk a quarter of a step at the pace measured: a few
         * calls a run, each a wake of the backend's threads or a launch */
        if (took > 0) {
            double pace = (double)(end - begin_of_chunk) / took * budget / 4;
            run->chunk = pace < (double)FIRST_CHUNK ? FIRST_CHUNK
                         : pace > (double)MOST_CHUNK ? MOST_CHUNK : (kperm_rank)pace;
        }
        /* Esc or Ctrl-C: R's error from here, the run whole between two
         * chunks; perm_test's on.exit closes it */
        R_CheckUserInterrupt();
    }
    return Rf_ScalarReal(run->p.total ? (double)run->next / (double)run->p.total : 1.0);
}

static SEXP big_texts(const ptest_big *a, int n)
{
    char digits[PTEST_BIG_DIGITS];
    SEXP v = PROTECT(Rf_allocVector(STRSXP, n));
    int i;
    for (i = 0; i < n; i++)
        SET_STRING_ELT(v, i, Rf_mkChar(ptest_big_text(&a[i], digits)));
    UNPROTECT(1);
    return v;
}

/* kperm_r_answer(run): the answer of a run counted to its end, as a list */
SEXP kperm_r_answer(SEXP handle)
{
    static const char *fields[] = {"statistic", "observed", "n_rearrangements", "counts", "numerators",
                                         "pvalues", "groups", "sizes", "exact", "decimals", "tolerance",
                                         "method", "backend", "device", "seconds", "notes", "drawn_from",
                                         "null_range", ""};
    r_run *run = run_of(handle);
    ptest_problem *p = &run->p;
    static ptest_answer a;
    const unsigned long long *c = run->result.counts;
    double observed = run->observed, lo = run->result.lo, hi = run->result.hi;
    int two = p->walk == PTEST_TWO || p->walk == PTEST_GROUPS, i;
    SEXP out, groups, sizes, range;
    if (run->next < p->total)
        Rf_error("kperm: the run is not counted to its end");
    if (!run->on_host && c[PTEST_LESS] + c[PTEST_EQUAL] + c[PTEST_GREATER] + c[PTEST_UNDEFINED] != p->total)
        Rf_error("kperm: the backend counted %llu of %llu rearrangements (a fault of kperm)",
                 c[PTEST_LESS] + c[PTEST_EQUAL] + c[PTEST_GREATER] + c[PTEST_UNDEFINED],
                 (unsigned long long)p->total);
    ptest_answer_make(p, &run->result, run->on_host ? &run->big : NULL, &a);
    if (p->rank) /* the kernels counted the scores' statistic: in the rank statistic's own units */
        ptest_rank_units(p, &observed, &lo, &hi);
    out = PROTECT(Rf_mkNamed(VECSXP, fields));
    SET_VECTOR_ELT(out, 0, Rf_mkString(ptest_stat_name(p->rank ? p->rank : p->stat)));
    SET_VECTOR_ELT(out, 1, Rf_ScalarReal(observed));
    SET_VECTOR_ELT(out, 2, big_texts(&a.total, 1));
    SET_VECTOR_ELT(out, 3, big_texts(a.counts, PTEST_COUNTS));
    SET_VECTOR_ELT(out, 4, big_texts(a.num, PTEST_PVALUES));
    SET_VECTOR_ELT(out, 5, Rf_allocVector(REALSXP, PTEST_PVALUES));
    for (i = 0; i < PTEST_PVALUES; i++)
        REAL(VECTOR_ELT(out, 5))[i] = a.pvalue[i];
    groups = Rf_allocVector(STRSXP, p->k);
    SET_VECTOR_ELT(out, 6, groups);
    sizes = Rf_allocVector(INTSXP, p->k);
    SET_VECTOR_ELT(out, 7, sizes);
    for (i = 0; i < p->k; i++) {
        SET_STRING_ELT(groups, i, Rf_mkChar(p->names[i]));
        INTEGER(sizes)[i] = two ? p->group_sizes[i] : p->n;
    }
    SET_VECTOR_ELT(out, 8, Rf_ScalarLogical(p->exact));
    SET_VECTOR_ELT(out, 9, Rf_ScalarInteger(p->decimals));
    SET_VECTOR_ELT(out, 10, Rf_ScalarReal(p->exact ? 0.0 : p->band));
    SET_VECTOR_ELT(out, 11, Rf_mkString(run->method));
    SET_VECTOR_ELT(out, 12, Rf_mkString(run->backend));
    SET_VECTOR_ELT(out, 13, Rf_mkString(run->device));
    SET_VECTOR_ELT(out, 14, Rf_ScalarReal(run->seconds));
    SET_VECTOR_ELT(out, 15, Rf_mkString(run->notes));
    SET_VECTOR_ELT(out, 16, big_texts(&a.drawn_from, 1));
    range = Rf_allocVector(REALSXP, 2);
    SET_VECTOR_ELT(out, 17, range);
    REAL(range)[0] = lo <= hi ? lo : NA_REAL;
    REAL(range)[1] = lo <= hi ? hi : NA_REAL;
    UNPROTECT(1);
    return out;
}

/* kperm_r_close(run): frees the run now (R's finalizer would, later) */
SEXP kperm_r_close(SEXP handle)
{
    if (TYPEOF(handle) == EXTPTRSXP)
        finalize(handle);
    return R_NilValue;
}

/* kperm_r_backends(): the backends compiled in, as --backend names them */
SEXP kperm_r_backends(void)
{
    const char *names[PTEST_BACKENDS];
    int n = ptest_backend_names(names), i;
    SEXP v = PROTECT(Rf_allocVector(STRSXP, n));
    for (i = 0; i < n; i++)
        SET_STRING_ELT(v, i, Rf_mkChar(names[i]));
    UNPROTECT(1);
    return v;
}

static const R_CallMethodDef calls[] = {
    {"kperm_r_open", (DL_FUNC)&kperm_r_open, 3},     {"kperm_r_step", (DL_FUNC)&kperm_r_step, 2},
    {"kperm_r_answer", (DL_FUNC)&kperm_r_answer, 1}, {"kperm_r_close", (DL_FUNC)&kperm_r_close, 1},
    {"kperm_r_backends", (DL_FUNC)&kperm_r_backends, 0}, {NULL, NULL, 0}};

void R_init_kperm(DllInfo *dll)
{
    R_registerRoutines(dll, NULL, calls, NULL, NULL);
    R_useDynamicSymbols(dll, FALSE);
}
