/* test_run_pool.c - the run engine's chunk pool and checkpoint file
 * (samples/run/), with kperm-tsp's sample (the best tour as the result):
 *  - random schedules (workers asking in random order with random wishes,
 *    ranges already done, chunk limits, a stop): every order is handed out
 *    exactly once, on chunk bounds, and the folded best is the smallest
 *    (length, rank) reported;
 *  - save, load into a fresh pool, go on: the same coverage and best;
 *  - every one-byte change and every truncation of a checkpoint is refused, as
 *    are other instances and bad ranges. */
#define _POSIX_C_SOURCE 200809L
#include "run_checkpoint.h"
#include "tsp_sample.h"
#include "kperm.h"
#include "check.h"
#include "rng.h"
#include <stdlib.h>
#include <string.h>

#define FILE_PATH "build/test_pool.ckpt"
#define MAX_RANGES 100000

static unsigned long long rng_state = 7;
static unsigned long long rng(void)
{
    return test_splitmix(&rng_state);
}

static run_range handed[MAX_RANGES];
static int nhanded;

static int by_begin(const void *a, const void *b)
{
    kperm_rank x = ((const run_range *)a)->begin, y = ((const run_range *)b)->begin;
    return x < y ? -1 : x > y;
}

/* handed[] (with the pool's pre-done ranges) tiles [0, total) exactly */
static void check_tiles(kperm_rank total, const char *what)
{
    kperm_rank at = 0;
    int i;
    qsort(handed, (size_t)nhanded, sizeof *handed, by_begin);
    for (i = 0; i < nhanded; i++) {
        CHECK(handed[i].begin == at, "%s: range %d starts at %llu, want %llu", what, i, handed[i].begin, at);
        at = handed[i].end;
    }
    CHECK(at == total, "%s: the ranges end at %llu, want %llu", what, at, total);
}

/* the length of the tour of rank r, for a best that the checkpoint accepts */
static kperm_u64 tour_length(const tsp_instance *t, kperm_rank r)
{
    kperm_u8 perm[KPERM_MAX_N];
    kperm_u64 sum = 0;
    int i, prev = 0;
    kperm_unrank(r, t->n - 1, perm);
    for (i = 0; i < t->n - 1; i++) {
        sum += t->dist[prev * t->n + perm[i] + 1];
        prev = perm[i] + 1;
    }
    return sum + t->dist[prev * t->n];
}

/* an empty pool of kperm-tsp's sample of t (exhaustive) */
static void open_pool(run_pool *p, tsp_sample *s, tsp_item *result, const tsp_instance *t, int workers,
                      kperm_rank chunk_max)
{
    tsp_sample_init(s, t, 0, TSP_NONE, 0);
    CHECK(run_pool_init(p, &s->run, result, workers, chunk_max) == 0, "run_pool_init: out of memory");
}

/* Runs workers on p until it stops them all (or `steps` grants when steps
 * > 0, leaving the pool mid-run); chunks go to handed[]. Each worker reports
 * as its best the tour of a random rank of its last chunk. Returns the
 * smallest (length, rank) reported. */
static tsp_best run(run_pool *p, const tsp_instance *t, int steps, tsp_best best_seen)
{
    tsp_item mine[8];
    run_range c;
    int w, live[8], granted = 0;
    for (w = 0; w < p->workers; w++) {
        mine[w].best = tsp_best_none();
        mine[w].tally.visited = mine[w].tally.pruned = 0;
        live[w] = !p->stopped[w];
    }
    while (p->active > 0 && (steps == 0 || granted < steps)) {
        kperm_u64 want = rng() % 3 == 0 ? rng() % 100000 : rng() % (p->total / 4 + 1);
        do
            w = (int)(rng() % (kperm_u64)p->workers);
        while (!live[w]);
        if (!run_pool_next(p, w, want, &mine[w], &c)) {
            live[w] = 0;
            continue;
        }
        granted++;
        CHECK(c.begin < c.end && c.end <= p->total, "chunk [%llu, %llu) of %llu", c.begin, c.end, p->total);
        CHECK(c.begin % TSP_BLOCK == 0 && (c.end % TSP_BLOCK == 0 || c.end == p->total),
              "chunk [%llu, %llu) is not on block bounds", c.begin, c.end);
        CHECK(!p->chunk_max || c.end - c.begin <= p->chunk_max, "chunk over --chunk");
        if (nhanded < MAX_RANGES)
            handed[nhanded++] = c;
        else
            check_fail("too many chunks");
        {
            kperm_rank r = c.begin + rng() % (c.end - c.begin);
            tsp_best b;
            b.rank = r;
            b.length = tour_length(t, r);
            if (tsp_better(b.length, b.rank, mine[w].best.length, mine[w].best.rank))
                mine[w].best = b;
            if (tsp_better(b.length, b.rank, best_seen.length, best_seen.rank))
                best_seen = b;
        }
    }
    return best_seen;
}

static void schedules(void)
{
    static const int ns[] = {3, 4, 5, 6, 7, 9, 12, 15, 21};
    tsp_instance t;
    char err[TSP_ERR_SIZE];
    int k, trial;
    check_begin("pool: random schedules hand out every order exactly once, on block bounds; best = min reported");
    for (k = 0; k < (int)(sizeof ns / sizeof ns[0]); k++)
        for (trial = 0; trial < 20; trial++) {
            run_pool p;
            tsp_sample s;
            tsp_item result;
            tsp_best best;
            kperm_rank total = 0;
            int workers = 1 + (int)(rng() % 5), i;
            tsp_random(ns[k], rng(), &t, err, sizeof err);
            kperm_count(ns[k] - 1, &total);
            open_pool(&p, &s, &result, &t, workers, trial % 3 ? 0 : total / 37 + 1);
            nhanded = 0;
            /* some ranges already done (as a checkpoint leaves them) */
            for (i = 0; i < trial % 4 && total >= 2 * TSP_BLOCK; i++) {
                kperm_rank blocks = total / TSP_BLOCK, b = rng() % blocks, e = b + 1 + rng() % (blocks - b);
                kperm_rank b0 = b * TSP_BLOCK, e0 = e == blocks ? total : e * TSP_BLOCK;
                if (run_pool_add_done(&p, b0, e0) == 0) {
                    handed[nhanded].begin = b0;
                    handed[nhanded++].end = e0;
                }
            }
            best = run(&p, &t, 0, tsp_best_none());
            CHECK(p.total == total, "n = %d: the sample has %llu ranks, want %llu", ns[k], p.total, total);
            CHECK(run_pool_complete(&p), "n = %d: not complete (%llu of %llu)", ns[k], p.done_ranks, total);
            CHECK(result.best.length == best.length && result.best.rank == best.rank, "n = %d: best (%llu, %llu), "
                  "want (%llu, %llu)", ns[k], result.best.length, result.best.rank, best.length, best.rank);
            check_tiles(total, "schedule");
            run_pool_free(&p);
        }
    check_end();
}

static void round_trip(void)
{
    tsp_instance t, other;
    run_pool p, q;
    tsp_sample sp, sq, so;
    tsp_item rp, rq;
    tsp_best best;
    char err[TSP_ERR_SIZE];
    kperm_rank total = 0;
    int i, rc;
    check_begin("checkpoint: save mid-run, load into a fresh pool, go on: every order once, the same best");
    tsp_random(11, 3, &t, err, sizeof err);
    t.symmetric = 0; /* every rank is a tour: any reported best is valid */
    strcpy(t.type, "ATSP");
    kperm_count(10, &total);
    open_pool(&p, &sp, &rp, &t, 3, total / 50);
    nhanded = 0;
    best = run(&p, &t, 20, tsp_best_none());
    CHECK(run_checkpoint_save(FILE_PATH, &p, err, sizeof err) == 0, "save: %s", err);
    open_pool(&q, &sq, &rq, &t, 2, total / 50);
    rc = run_checkpoint_load(FILE_PATH, &q, err, sizeof err);
    CHECK(rc == 1, "load: %d %s", rc, err);
    CHECK(q.done_ranks == p.done_ranks && q.resumed == p.done_ranks && q.ndone == p.ndone,
          "loaded %llu orders in %d ranges, saved %llu in %d", q.done_ranks, q.ndone, p.done_ranks, p.ndone);
    CHECK(rq.best.length == rp.best.length && rq.best.rank == rp.best.rank, "loaded best differs");
    /* the chunks in progress when it was saved were not finished: handed
     * again after the resume, so only the finished ones stay in handed[] */
    nhanded = 0;
    for (i = 0; i < q.ndone; i++)
        handed[nhanded++] = q.done[i];
    best = run(&q, &t, 0, rq.best);
    CHECK(run_pool_complete(&q), "the resumed pool is not complete");
    CHECK(rq.best.length == best.length && rq.best.rank == best.rank, "best after the resume differs");
    check_tiles(total, "resume");
    CHECK(run_checkpoint_save(FILE_PATH, &q, err, sizeof err) == 0, "final save: %s", err);
    run_pool_free(&q);
    open_pool(&q, &sq, &rq, &t, 1, 0);
    CHECK(run_checkpoint_load(FILE_PATH, &q, err, sizeof err) == 1 && run_pool_complete(&q),
          "a finished checkpoint does not load as complete");
    run_pool_free(&q);
    tsp_random(11, 4, &other, err, sizeof err);
    open_pool(&q, &so, &rq, &other, 1, 0);
    CHECK(run_checkpoint_load(FILE_PATH, &q, err, sizeof err) == -1 && strstr(err, "another instance"),
          "another instance's checkpoint was accepted (%s)", err);
    run_pool_free(&q);
    open_pool(&q, &sq, &rq, &t, 1, 0);
    CHECK(run_checkpoint_load("build/no-such-checkpoint", &q, err, sizeof err) == 0, "a missing file is not 0");
    run_pool_free(&q);
    run_pool_free(&p);
    check_end();
}

/* every one-byte change and every truncation of a mid-run checkpoint */
static void corruption(void)
{
    tsp_instance t;
    run_pool p, q;
    tsp_sample sp, sq;
    tsp_item rp, rq;
    char err[TSP_ERR_SIZE], text[4096];
    kperm_rank total = 0;
    size_t size, i;
    FILE *f;
    check_begin("checkpoint: every one-byte change and every truncation is refused");
    tsp_random(9, 5, &t, err, sizeof err);
    t.symmetric = 0;
    kperm_count(8, &total);
    open_pool(&p, &sp, &rp, &t, 2, 1200);
    nhanded = 0;
    run(&p, &t, 9, tsp_best_none());
    run_checkpoint_save(FILE_PATH, &p, err, sizeof err);
    f = fopen(FILE_PATH, "rb");
    size = f ? fread(text, 1, sizeof text, f) : 0;
    if (f)
        fclose(f);
    CHECK(size > 100 && size < sizeof text, "checkpoint of %zu bytes", size);
    for (i = 0; i < 2 * size; i++) {
        size_t at = i / 2, len = i % 2 ? size : at; /* odd: byte `at` changed; even: cut at `at` */
        char copy[4096];
        int rc;
        memcpy(copy, text, size);
        if (i % 2)
            copy[at] ^= (char)(1 + rng() % 255);
        f = fopen(FILE_PATH, "wb");
        fwrite(copy, 1, len, f);
        fclose(f);
        open_pool(&q, &sq, &rq, &t, 2, 0);
        rc = run_checkpoint_load(FILE_PATH, &q, err, sizeof err);
        CHECK(rc == -1 && strncmp(err, FILE_PATH ": ", strlen(FILE_PATH) + 2) == 0,
              "%s at byte %zu: load gave %d (%s)", i % 2 ? "changed" : "cut", at, rc, err);
        run_pool_free(&q);
    }
    run_pool_free(&p);
    check_end();
}

static void bad_ranges(void)
{
    const kperm_rank B = TSP_BLOCK;
    tsp_instance t;
    run_pool p;
    tsp_sample s;
    tsp_item result;
    char err[TSP_ERR_SIZE];
    kperm_rank total = 0;
    check_begin("pool: add_done refuses empty, reversed, out-of-range, off-block and overlapping ranges");
    kperm_count(9, &total);
    tsp_random(10, 1, &t, err, sizeof err);
    open_pool(&p, &s, &result, &t, 1, 0);
    CHECK(run_pool_add_done(&p, 0, 0) == -1, "empty");
    CHECK(run_pool_add_done(&p, 2 * B, B) == -1, "reversed");
    CHECK(run_pool_add_done(&p, 0, total + B) == -1, "past the end");
    CHECK(run_pool_add_done(&p, 1, 2 * B) == -1 && run_pool_add_done(&p, 0, 2 * B - 1) == -1, "off the block bounds");
    CHECK(run_pool_add_done(&p, 2 * B, 4 * B) == 0 && run_pool_add_done(&p, 3 * B, 5 * B) == -1
          && run_pool_add_done(&p, B, 3 * B) == -1, "overlaps");
    CHECK(run_pool_add_done(&p, 4 * B, 5 * B) == 0 && p.ndone == 1 && p.done[0].end == 5 * B, "no merge");
    CHECK(run_pool_add_done(&p, 0, total) == -1 && p.done_ranks == 3 * B, "the pool changed on error");
    run_pool_free(&p);
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    schedules();
    round_trip();
    corruption();
    bad_ranges();
    remove(FILE_PATH);
    return check_any_failed;
}
