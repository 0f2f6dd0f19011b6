/* ptest_sample.c - kperm-ptest's run_sample (see ptest_sample.h).
 *
 * Its checkpoint lines (run_checkpoint.h has the rest of the file):
 *
 *   arrangements 11440
 *   counts 9827 26 1587 3184 0 0      (less equal greater abs_ge in_band undefined)
 *   extremes -0x1.2p+5 0x1.ep+5       (the least and greatest finite statistic, exactly)
 *   hist 20 0 3 17 ...                (the bins, then each one's count)
 *   maxt 3 120 40 ...                 (maxT only: the columns, then each one's
 *                                      |T_j| >= |t_j| and max |T| >= |t_j| counts)
 *
 * The fingerprint (the SHA-256 of identity's text) covers the data, the
 * test, the statistic, the comparison and the histogram's bins and range, so
 * a checkpoint resumes only the same run. Each line is read back only in the form written (run_words: another
 * spelling is damage or forgery), and the counts only where they agree as
 * the kernels' counting makes them (plausible). */
#include "ptest_sample.h"
#include <float.h>
#include <stdio.h>
#include <string.h>

#define FIRST_CHUNK ((kperm_rank)1 << 16) /* a worker's first chunk: its pace is then measured */
#define MIN_CHUNK ((kperm_rank)1 << 12)   /* below it a launch costs more than it walks */
#define ESTIMATE_AFTER 0.5

/* the data, the test and its options as text, so that every machine of an
 * MPI job and every later run agree */
static int identity(const void *ctx, run_text *out)
{
    const ptest_problem *p = (const ptest_problem *)ctx;
    /* a regression's v holds n rows of its k columns (ptest_regression.c) */
    int i, bad, count = p->stat >= PTEST_REG_T ? p->n * p->k
                        : (p->walk == PTEST_FLIPS || p->walk == PTEST_PAIRINGS ? 2 * p->n : p->n) * p->cols;
    bad = run_text_put(out, "%d %d %d %d %d %d %d %d %a %a %a %d %d", p->walk, p->stat, p->exact, p->wide, p->k, p->n,
                       p->m, p->bins, p->hist_lo, p->hist_hi, p->exact ? 0.0 : p->rel_tol, p->decimals, p->cols);
    for (i = 0; i < count; i++)
        bad |= run_text_put(out, " %lld", p->v[i]);
    for (i = 0; i < p->k; i++)
        bad |= run_text_put(out, " %d", p->sizes[i]);
    for (i = 0; p->stat >= PTEST_REG_T && i < 3; i++) /* its scale, degrees of freedom and zero */
        bad |= run_text_put(out, " %a", p->d[i]);
    /* within strata: each row's stratum and the layout in aux (nothing
     * without, so that a checkpoint made before strata existed resumes) */
    for (i = 0; p->strata && i < p->n; i++)
        bad |= run_text_put(out, "%s %d", i ? "" : " strata", p->stratum[i]);
    for (i = 0; p->strata && i < 2; i++)
        bad |= run_text_put(out, " %llu", p->aux[i]);
    if (p->resamples) /* Monte Carlo: the draws are the seed's */
        bad |= run_text_put(out, " resamples %llu seed %llu", p->resamples, p->seed);
    return bad | run_text_put(out, " %s", p->user);
}

static void empty(const void *ctx, void *result)
{
    (void)ctx;
    ptest_result_empty((ptest_result *)result);
}

static void fold(const void *ctx, void *into, const void *part)
{
    const ptest_problem *p = (const ptest_problem *)ctx;
    ptest_result_fold((ptest_result *)into, (const ptest_result *)part, p->bins, p->cols);
}

static int write_problem(const void *ctx, run_text *out)
{
    return run_text_put(out, "arrangements %llu\n", (unsigned long long)((const ptest_problem *)ctx)->total);
}

static const char *read_problem(const void *ctx, run_lines *in)
{
    kperm_u64 total = ((const ptest_problem *)ctx)->total, n = 0;
    run_words w = run_words_of(run_lines_next(in));
    run_word_is(&w, "arrangements");
    run_word_u64(&w, total, &n);
    return run_words_end(&w) && n == total ? NULL : "arrangements line";
}

static int write_result(const void *ctx, const void *result, run_text *out)
{
    const ptest_result *r = (const ptest_result *)result;
    const ptest_problem *p = (const ptest_problem *)ctx;
    int bins = p->bins, i, bad;
    bad = run_text_put(out, "counts %llu %llu %llu %llu %llu %llu\nextremes %a %a\nhist %d", r->counts[0],
                       r->counts[1], r->counts[2], r->counts[3], r->counts[4], r->counts[5], r->lo, r->hi, bins);
    for (i = 0; i < bins; i++)
        bad |= run_text_put(out, " %llu", r->hist[i]);
    bad |= run_text_put(out, "\n");
    if (p->cols > 1) { /* maxt |T_j| counts then max counts, column after column */
        bad |= run_text_put(out, "maxt %d", p->cols);
        for (i = 0; i < p->cols; i++)
            bad |= run_text_put(out, " %llu %llu", r->maxt[i][0], r->maxt[i][1]);
        bad |= run_text_put(out, "\n");
    }
    return bad;
}

/* each line exactly as write_result writes it, every count at most the
 * arrangements; whether the counts agree is plausible's to judge */
static const char *read_result(const void *ctx, void *result, run_lines *in)
{
    ptest_result *r = (ptest_result *)result;
    const ptest_problem *p = (const ptest_problem *)ctx;
    kperm_u64 n = 0;
    int i;
    run_words w = run_words_of(run_lines_next(in));
    run_word_is(&w, "counts");
    for (i = 0; i < PTEST_COUNTS; i++)
        run_word_u64(&w, p->total, &r->counts[i]);
    if (!run_words_end(&w))
        return "counts line";
    w = run_words_of(run_lines_next(in));
    run_word_is(&w, "extremes");
    run_word_hexfloat(&w, &r->lo);
    run_word_hexfloat(&w, &r->hi);
    if (!run_words_end(&w))
        return "extremes line";
    w = run_words_of(run_lines_next(in));
    run_word_is(&w, "hist");
    run_word_u64(&w, PTEST_MAX_BINS, &n);
    for (i = 0; i < p->bins; i++)
        run_word_u64(&w, p->total, &r->hist[i]);
    if (!run_words_end(&w) || n != (kperm_u64)p->bins)
        return "hist line";
    if (p->cols == 1)
        return NULL;
    w = run_words_of(run_lines_next(in));
    run_word_is(&w, "maxt");
    run_word_u64(&w, PTEST_MAX_COLS, &n);
    for (i = 0; i < p->cols; i++) {
        run_word_u64(&w, p->total, &r->maxt[i][0]);
        run_word_u64(&w, p->total, &r->maxt[i][1]);
    }
    return run_words_end(&w) && n == (kperm_u64)p->cols ? NULL : "maxt line";
}

/* *left less the count, if it is at most *left: counts that add up to a
 * whole are taken from it one at a time, so that no sum of forged counts
 * can wrap around */
static int take(kperm_u64 *left, kperm_u64 count)
{
    if (count > *left)
        return 0;
    *left -= count;
    return 1;
}

/* what the kernels' counting (ps_tally, ps_count and ps_maxt in
 * stats_kernel.h) makes true of any range of ranks: each one counted once in
 * less, equal, greater or undefined; abs_ge and in_band among the defined and
 * the equal (in_band never when exact); each defined value in one bin; the
 * extremes those of a finite statistic, or none as ptest_result_empty leaves
 * them (always none for maxT, which keeps none); and for each maxT column
 * |T_j| >= |t_j| counted only where max |T| >= |t_j| is */
static int plausible(const void *ctx, const void *result, kperm_rank done)
{
    const ptest_result *r = (const ptest_result *)result;
    const ptest_problem *p = (const ptest_problem *)ctx;
    kperm_u64 defined = done, left;
    int i;
    if (!take(&defined, r->counts[PTEST_UNDEFINED]))
        return 0;
    left = defined;
    if (!take(&left, r->counts[PTEST_LESS]) || !take(&left, r->counts[PTEST_EQUAL])
        || left != r->counts[PTEST_GREATER])
        return 0;
    if (r->counts[PTEST_ABS_GE] > defined || r->counts[PTEST_IN_BAND] > r->counts[PTEST_EQUAL]
        || (p->exact && r->counts[PTEST_IN_BAND]))
        return 0;
    left = defined;
    for (i = 0; i < p->bins; i++)
        if (!take(&left, r->hist[i]))
            return 0;
    if (p->bins && left)
        return 0;
    if (!(r->lo == DBL_MAX && r->hi == -DBL_MAX) && !(r->lo <= r->hi && defined && p->cols == 1))
        return 0;
    for (i = 0; i < p->cols; i++) /* (one column: both 0, as no maxt line sets them) */
        if (r->maxt[i][0] > r->maxt[i][1] || r->maxt[i][1] > done)
            return 0;
    return 1;
}

static void progress(const void *ctx, const void *result, const run_pace *pace)
{
    (void)ctx, (void)result;
    fprintf(stderr, "  %.3g rearrangements/s  ETA %.0f s", pace->rate, pace->eta);
}

static void hopeless(const void *ctx, const void *result, const run_pace *pace)
{
    (void)result;
    fprintf(stderr, "about %.3g s (%.1f days) for %llu rearrangements at the measured %.3g a second on %s",
            pace->eta, pace->eta / 86400, (unsigned long long)pace->total, pace->rate, pace->where);
    if (!((const ptest_problem *)ctx)->resamples)
        fprintf(stderr, "; --resamples N estimates p from N random ones");
}

void ptest_sample_init(ptest_sample *s, const ptest_problem *p)
{
    run_sample *r = &s->run;
    memset(s, 0, sizeof *s);
    s->p = p;
    r->name = "kperm-ptest";
    r->version = 2; /* 1: FNV-1a sums, refused */
    r->problem = "test"; /* data, test, statistic, comparison or histogram */
    r->identity = identity;
    r->total = p->total;
    r->align = 1;
    r->min_chunk = MIN_CHUNK;
    r->first_chunk = FIRST_CHUNK;
    r->size = sizeof(ptest_result);
    r->ctx = p;
    r->empty = empty;
    r->fold = fold;
    r->write_problem = write_problem;
    r->read_problem = read_problem;
    r->write_result = write_result;
    r->read_result = read_result;
    r->plausible = plausible;
    r->estimate_after = ESTIMATE_AFTER;
    r->progress = progress;
    r->hopeless = hopeless;
}

int ptest_search_chunk(void *worker, kperm_rank begin, kperm_rank end, kperm_u64 hint, void *part, char *err,
                       size_t errsize)
{
    ptest_backend *b = (ptest_backend *)worker;
    (void)hint;
    return b->count(b, begin, end, (ptest_result *)part, err, errsize);
}
