/* tsp_sample.c - kperm-tsp's side of the run engine (see tsp_sample.h).
 *
 * Its checkpoint lines (run_checkpoint.h has the rest of the file):
 *
 *   n 14
 *   best 3323 1234567          ("best none" before any tour; --prune:
 *                              "best 3323 tour 1 13 2 ...", the cities after
 *                              city 1, numbered from 0)
 *
 * The best tour is re-measured against the matrix when it is loaded. */
#include "tsp_sample.h"
#include "tsp_units.h"
#include "kperm.h"
#include <stdio.h>
#include <string.h>

#define FIRST_CHUNK (TSP_BLOCK * 1024) /* a worker's first chunk of ranks */
#define FIRST_UNITS 256                /* ...of units: enough for every thread */
#define MIN_CHUNK ((kperm_rank)TSP_BLOCK << 10) /* below it a GPU launch costs more than it searches */
#define ESTIMATE_AFTER 0.5             /* seconds of search before the estimate */
#define PRUNED_ESTIMATE_AFTER 60.0     /* ...of pruned search, whose pace settles later */

/* n, the type and the whole weight matrix, as text: the same everywhere */
static int identity(const void *ctx, run_text *out)
{
    const tsp_instance *inst = ((const tsp_sample *)ctx)->inst;
    int i, bad = run_text_put(out, "%d %s", inst->n, inst->type);
    for (i = 0; i < inst->n * inst->n; i++)
        bad |= run_text_put(out, " %lu", (unsigned long)inst->dist[i]);
    return bad;
}

static void empty(const void *ctx, void *result)
{
    tsp_item *r = (tsp_item *)result;
    (void)ctx;
    r->best = tsp_best_none();
    r->tally.visited = r->tally.pruned = 0;
}

/* the shorter tour, then the smaller rank (tsp_best_better); the tallies added */
static void fold(const void *ctx, void *into, const void *part)
{
    tsp_item *a = (tsp_item *)into;
    const tsp_item *b = (const tsp_item *)part;
    (void)ctx;
    if (tsp_best_better(&b->best, &a->best))
        a->best = b->best;
    a->tally.visited += b->tally.visited;
    a->tally.pruned += b->tally.pruned;
}

/* the shortest length known: the best found, or the first tour's */
static kperm_u64 known(const void *ctx, const void *result)
{
    const tsp_sample *s = (const tsp_sample *)ctx;
    kperm_u64 best = ((const tsp_item *)result)->best.length;
    return best < s->seed ? best : s->seed;
}

static int write_problem(const void *ctx, run_text *out)
{
    return run_text_put(out, "n %d\n", ((const tsp_sample *)ctx)->inst->n);
}

static const char *read_problem(const void *ctx, run_lines *in)
{
    run_words w = run_words_of(run_lines_next(in));
    kperm_u64 n = 0;
    run_word_is(&w, "n");
    run_word_u64(&w, TSP_MAX_CITIES, &n);
    return run_words_end(&w) && n == (kperm_u64)((const tsp_sample *)ctx)->inst->n ? NULL : "n line";
}

static int write_result(const void *ctx, const void *result, run_text *out)
{
    const tsp_sample *s = (const tsp_sample *)ctx;
    const tsp_best *best = &((const tsp_item *)result)->best;
    int i, bad;
    if (best->length == TSP_NONE)
        return run_text_put(out, "best none\n");
    if (!s->prune)
        return run_text_put(out, "best %llu %llu\n", best->length, best->rank);
    bad = run_text_put(out, "best %llu tour", best->length);
    for (i = 0; i < s->inst->n - 1; i++)
        bad |= run_text_put(out, " %u", (unsigned)best->tour[i]);
    return bad | run_text_put(out, "\n");
}

/* whether city[0..n-2] are cities 1..n-1 in an order the search counts
 * (symmetric: the first below the last) making a tour of this length */
static int tour_ok(const tsp_instance *inst, kperm_u64 length, const kperm_u8 *city)
{
    kperm_u64 sum = 0, seen = 1;
    int m = inst->n - 1, i, prev = 0;
    for (i = 0; i < m; i++) {
        if (city[i] < 1 || city[i] >= inst->n || (seen >> city[i] & 1))
            return 0;
        seen |= KPERM_U64(1) << city[i];
        sum += inst->dist[prev * inst->n + city[i]];
        prev = city[i];
    }
    return !(inst->symmetric && city[0] > city[m - 1]) && sum + inst->dist[prev * inst->n] == length;
}

/* the best line's tour: "RANK" (the exhaustive search's) or, pruned, "tour
 * C C ..." into *best; 0, or -1 when it is not a tour of this instance */
static int parse_best(const char *l, const tsp_sample *s, tsp_best *best)
{
    const tsp_instance *inst = s->inst;
    run_words w = run_words_of(l);
    kperm_u64 len = 0, rank = 0, c = 0;
    kperm_u8 city[TSP_MAX_CITIES];
    int i;
    run_word_is(&w, "best");
    run_word_u64(&w, ~(kperm_u64)0, &len);
    if (s->prune) {
        run_word_is(&w, "tour");
        for (i = 0; i < inst->n - 1; i++) {
            run_word_u64(&w, TSP_MAX_CITIES - 1, &c);
            city[i] = (kperm_u8)c;
        }
    } else if (run_word_u64(&w, ~(kperm_u64)0, &rank) && kperm_unrank(rank, inst->n - 1, city) == KPERM_OK) {
        for (i = 0; i < inst->n - 1; i++)
            city[i]++;
    } else
        return -1;
    if (!run_words_end(&w) || !tour_ok(inst, len, city))
        return -1;
    memset(best->tour, 0, sizeof best->tour);
    if (s->prune)
        memcpy(best->tour, city, (size_t)(inst->n - 1));
    best->rank = rank;
    best->length = len;
    return 0;
}

static const char *read_result(const void *ctx, void *result, run_lines *in)
{
    const tsp_sample *s = (const tsp_sample *)ctx;
    char *l = run_lines_next(in);
    if (!l)
        return "best line";
    if (strcmp(l, "best none") != 0 && parse_best(l, s, &((tsp_item *)result)->best))
        return s->prune ? "the best tour is not a tour of this instance, or not one of --prune"
                        : "the best tour is not a tour of this instance, or one of --prune";
    return NULL;
}

/* finished ranges without a tour: pruned, units may close without one (none
 * of theirs beat the first tour's length), but not all of them: the optimum
 * is in one */
static int plausible(const void *ctx, const void *result, kperm_rank done)
{
    const tsp_sample *s = (const tsp_sample *)ctx;
    return !(done > 0 && ((const tsp_item *)result)->best.length == TSP_NONE && (!s->prune || done == s->run.total));
}

/* the pruned search's state: the best length, the lower bound, the gap */
static void pruned_state(const tsp_sample *s, const void *result)
{
    kperm_u64 best = known(s, result);
    if (best == TSP_NONE)
        return;
    fprintf(stderr, "  best %llu  bound %llu  gap %.2f%%", best, s->bound,
            best ? 100.0 * (double)(best - (s->bound < best ? s->bound : best)) / (double)best : 0.0);
}

/* pruned, the share is of the units closed (searched or cut off whole),
 * which is exact, and the best length, bound and gap follow; else tours/s,
 * the ETA and the best length */
static void progress(const void *ctx, const void *result, const run_pace *pace)
{
    const tsp_sample *s = (const tsp_sample *)ctx;
    kperm_u64 best = ((const tsp_item *)result)->best.length;
    if (s->prune) {
        pruned_state(s, result);
        return;
    }
    fprintf(stderr, "  %.3g tours/s  ETA %.0f s", pace->rate / (s->inst->symmetric ? 2 : 1), pace->eta);
    if (best != TSP_NONE)
        fprintf(stderr, "  best %llu", best);
}

static void hopeless(const void *ctx, const void *result, const run_pace *pace)
{
    const tsp_sample *s = (const tsp_sample *)ctx;
    if (!s->prune) {
        fprintf(stderr, "about %.3g s (%.1f days) at the measured %.3g orders/s on %s", pace->eta, pace->eta / 86400,
                pace->rate, pace->where);
        return;
    }
    fprintf(stderr, "hopeless for the pruned search: %.2f%% closed in %.0f s on %s, so about %.3g days at this pace; "
                    "the bound is too weak here", 100.0 * (double)pace->done / (double)pace->total, pace->elapsed,
            pace->where, pace->eta / 86400);
    pruned_state(s, result);
}

void tsp_sample_init(tsp_sample *s, const tsp_instance *inst, int prune, kperm_u64 seed, kperm_u64 bound)
{
    run_sample *r = &s->run;
    memset(s, 0, sizeof *s);
    s->inst = inst;
    s->prune = prune;
    s->fixed = tsp_unit_cities(inst->n, prune);
    s->seed = prune ? seed : TSP_NONE;
    s->bound = prune ? bound : 0;
    r->name = "kperm-tsp";
    r->version = 2; /* 1: FNV-1a sums, refused */
    r->problem = "instance";
    r->identity = identity;
    r->total = tsp_unit_total(inst->n, s->fixed);
    r->align = prune ? 1 : TSP_BLOCK; /* a unit stands alone; ranks go by search blocks */
    r->min_chunk = prune ? 1 : MIN_CHUNK;
    r->first_chunk = prune ? FIRST_UNITS : FIRST_CHUNK;
    r->size = sizeof(tsp_item);
    r->ctx = s;
    r->empty = empty;
    r->fold = fold;
    r->hint = known;
    r->write_problem = write_problem;
    r->read_problem = read_problem;
    r->write_result = write_result;
    r->read_result = read_result;
    r->plausible = plausible;
    r->estimate_after = prune ? PRUNED_ESTIMATE_AFTER : ESTIMATE_AFTER;
    r->long_chunks = prune; /* one unit may take days */
    r->done_word = prune ? "closed" : NULL;
    r->progress = progress;
    r->hopeless = hopeless;
}

int tsp_search_chunk(void *worker, kperm_rank begin, kperm_rank end, kperm_u64 hint, void *part, char *err,
                     size_t errsize)
{
    tsp_worker *w = (tsp_worker *)worker;
    tsp_item *item = (tsp_item *)part;
    tsp_task task = tsp_task_of(begin, end, hint, w->sample->fixed);
    tsp_tally now;
    if (w->sample->answer) {
        item->best = *w->sample->answer;
        memset(&item->tally, 0, sizeof item->tally);
        return 0;
    }
    if (w->b->search(w->b, &task, err, errsize) || w->b->result(w->b, &item->best, &now, err, errsize))
        return -1;
    /* the backend's tally counts from its start: this chunk's is the difference */
    item->tally.visited = now.visited - w->last.visited;
    item->tally.pruned = now.pruned - w->last.pruned;
    w->last = now;
    return 0;
}
