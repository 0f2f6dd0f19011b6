/* test_run_pool.c - the run engine's chunk pool and checkpoint file
 * (samples/run/), with kperm-tsp's sample (the best tour as the result):
 *  - random schedules (workers asking in random order with random wishes,
 *    ranges already done, chunk limits, a stop): every order is handed out
 *    exactly once, on chunk bounds, and the folded best is the smallest
 *    (length, rank) reported;
 *  - save, load into a fresh pool, go on: the same coverage and best;
 *  - every one-byte change, every one-bit change and every truncation of a
 *    checkpoint is refused, as are other instances, bad ranges and numbers
 *    past their range or in another spelling (with a correct sum);
 *  - out of memory recording a finished chunk (realloc fails: the test is
 *    linked with -Wl,--wrap=realloc), with a sample whose result is a sum:
 *    the chunk's result is not folded, the checkpoint loads, and the resumed
 *    run counts every rank exactly once. */
#define _POSIX_C_SOURCE 200809L
#include "run_checkpoint.h"
#include "run_meter.h"
#include "tsp_sample.h"
#include "kperm.h"
#include "check.h"
#include "rng.h"
#include <stdlib.h>
#include <string.h>

#define FILE_PATH "build/test_pool.ckpt"
#define MAX_RANGES 100000

/* realloc, failing on request: every realloc of the pool's done set and of
 * the checkpoint's text comes here */
void *__real_realloc(void *p, size_t size);
void *__wrap_realloc(void *p, size_t size);
static int realloc_fails;
void *__wrap_realloc(void *p, size_t size)
{
    return realloc_fails ? NULL : __real_realloc(p, size);
}

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

/* checkpoint `path` (at most 4096 bytes) into text; its size */
static size_t read_checkpoint(const char *path, char *text, size_t size)
{
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(text, 1, size - 1, f) : 0;
    if (f)
        fclose(f);
    text[got] = 0;
    return got;
}

/* every one-bit change of a mid-run checkpoint, the sum line's included
 * (where "sum" was read case-insensitively, an upper-case hex digit passed) */
static void every_bit(void)
{
    tsp_instance t;
    run_pool p, q;
    tsp_sample sp, sq;
    tsp_item rp, rq;
    char err[TSP_ERR_SIZE], text[4096], copy[4096];
    size_t size, at;
    int bit, rc;
    FILE *f;
    check_begin("checkpoint: every one-bit change is refused, the sum line's included");
    tsp_random(9, 6, &t, err, sizeof err);
    t.symmetric = 0;
    open_pool(&p, &sp, &rp, &t, 2, 1200);
    nhanded = 0;
    run(&p, &t, 9, tsp_best_none());
    CHECK(run_checkpoint_save(FILE_PATH, &p, err, sizeof err) == 0, "save: %s", err);
    size = read_checkpoint(FILE_PATH, text, sizeof text);
    for (at = 0; at < size; at++)
        for (bit = 0; bit < 8; bit++) {
            memcpy(copy, text, size);
            copy[at] = (char)(copy[at] ^ 1 << bit);
            f = fopen(FILE_PATH, "wb");
            fwrite(copy, 1, size, f);
            fclose(f);
            open_pool(&q, &sq, &rq, &t, 2, 0);
            rc = run_checkpoint_load(FILE_PATH, &q, err, sizeof err);
            CHECK(rc == -1, "bit %d of byte %zu ('%c' to '%c'): load gave %d", bit, at, text[at], copy[at], rc);
            run_pool_free(&q);
        }
    run_pool_free(&p);
    check_end();
}

/* text with line `line` (0-based) replaced by `with`, its sum line made right
 * again: what a forger or another writer would give */
static void rewrite(const char *text, int line, const char *with, char *out, size_t size)
{
    const char *at = text;
    size_t len = 0;
    int k;
    out[0] = 0;
    for (k = 0; *at && strncmp(at, "sum ", 4) != 0; k++) {
        const char *nl = strchr(at, '\n');
        size_t n = (size_t)(nl - at) + 1;
        len += (size_t)snprintf(out + len, size - len, "%.*s", (int)(k == line ? strlen(with) : n),
                                k == line ? with : at);
        at += n;
    }
    run_checkpoint_sum(out, len, out + len);
}

/* numbers past their range, or spelt otherwise than the writers spell them,
 * in checkpoints with a correct sum (sscanf's %d read n 4294967313 as 17) */
static void strict_numbers(void)
{
    static const struct {
        int line;
        const char *with;
    } forged[] = {
        {2, "n 4294967313\n"},              /* 2^32 + 17 */
        {2, "n 18446744073709551633\n"},    /* 2^64 + 17 */
        {2, "n 017\n"},
        {2, "n +17\n"},
        {2, "n  17\n"},
        {2, "n 17 \n"},
        {2, "N 17\n"},
        {3, "total 20922789888000 \n"},
        {3, "total 020922789888000\n"},
        {3, "total 18446744094632341504\n"}, /* 2^64 + 16! */
        {4, "best none \n"},
        {5, "done 0 18446744073709551616\n"},
        {5, "done -0 0\n"},
        {5, "done 0 0 0\n"},
        {1, "fingerprint +ABCDEF\n"},
        {1, "fingerprint 0x123\n"},
        {1, "fingerprint 0123456789abcdef\n"}, /* 16 digits, as before SHA-256 */
    };
    tsp_instance t;
    run_pool p, q;
    tsp_sample sp, sq;
    tsp_item rp, rq;
    char err[TSP_ERR_SIZE], text[4096], copy[4096], fp[RUN_DIGEST_DIGITS + 16], *c;
    unsigned k;
    int rc;
    FILE *f;
    check_begin("checkpoint: numbers past their range or spelt otherwise are refused, with a correct sum");
    tsp_random(17, 1, &t, err, sizeof err);
    open_pool(&p, &sp, &rp, &t, 1, 0);
    CHECK(run_checkpoint_save(FILE_PATH, &p, err, sizeof err) == 0, "save: %s", err);
    read_checkpoint(FILE_PATH, text, sizeof text);
    for (k = 0; k <= sizeof forged / sizeof forged[0]; k++) {
        if (k < sizeof forged / sizeof forged[0])
            rewrite(text, forged[k].line, forged[k].with, copy, sizeof copy);
        else { /* the fingerprint in upper case: the same number, another spelling */
            snprintf(fp, sizeof fp, "fingerprint %s\n", p.fingerprint);
            for (c = fp; *c; c++)
                *c = (char)(*c >= 'a' && *c <= 'f' ? *c - 'a' + 'A' : *c);
            rewrite(text, 1, fp, copy, sizeof copy);
        }
        f = fopen(FILE_PATH, "wb");
        fputs(copy, f);
        fclose(f);
        open_pool(&q, &sq, &rq, &t, 1, 0);
        rc = run_checkpoint_load(FILE_PATH, &q, err, sizeof err);
        CHECK(rc == -1 && strstr(err, "corrupt") != NULL, "%.40s: load gave %d (%s)", k < sizeof forged / sizeof
              forged[0] ? forged[k].with : fp, rc, rc < 0 ? err : "accepted");
        run_pool_free(&q);
    }
    rewrite(text, 2, "n 17\n", copy, sizeof copy); /* the rewriting itself changes nothing */
    CHECK(strcmp(copy, text) == 0, "rewrite() changed the checkpoint: %s", copy);
    run_pool_free(&p);
    check_end();
}

/* a sample whose result is a sum, as a permutation test's counts are: the
 * ranks searched, which must equal the ranks done at every moment */
static void count_empty(const void *ctx, void *r)
{
    (void)ctx;
    *(kperm_u64 *)r = 0;
}

static void count_fold(const void *ctx, void *into, const void *part)
{
    (void)ctx;
    *(kperm_u64 *)into += *(const kperm_u64 *)part;
}

static int count_write(const void *ctx, const void *r, run_text *out)
{
    (void)ctx;
    return run_text_put(out, "count %llu\n", *(const kperm_u64 *)r);
}

static const char *count_read(const void *ctx, void *r, run_lines *in)
{
    run_words w = run_words_of(run_lines_next(in));
    (void)ctx;
    run_word_is(&w, "count");
    run_word_u64(&w, ~(kperm_u64)0, (kperm_u64 *)r);
    return run_words_end(&w) ? NULL : "count line";
}

static int count_plausible(const void *ctx, const void *r, kperm_rank done)
{
    (void)ctx;
    return *(const kperm_u64 *)r == done;
}

static int count_identity(const void *ctx, run_text *out)
{
    (void)ctx;
    return run_text_put(out, "count");
}

static run_sample count_sample(kperm_rank total)
{
    run_sample s;
    memset(&s, 0, sizeof s);
    s.name = "count";
    s.version = 1;
    s.problem = "problem";
    s.identity = count_identity;
    s.total = total;
    s.align = s.min_chunk = s.first_chunk = 1;
    s.size = sizeof(kperm_u64);
    s.empty = count_empty;
    s.fold = count_fold;
    s.write_result = count_write;
    s.read_result = count_read;
    s.plausible = count_plausible;
    return s;
}

/* the count sample's workers (at most 4) ask in random order until the pool
 * stops them all, each reporting its chunk's size as its result */
static void count_run(run_pool *p)
{
    kperm_u64 part[4] = {0, 0, 0, 0};
    int live[4] = {1, 1, 1, 1}, alive = p->workers, w;
    run_range c;
    while (alive > 0) {
        w = (int)(rng() % (kperm_u64)p->workers);
        if (!live[w])
            continue;
        if (run_pool_next(p, w, rng() % 20, &part[w], &c))
            part[w] = c.end - c.begin;
        else {
            live[w] = 0;
            alive--;
        }
    }
}

/* the chunk worker w is granted for `want` after reporting `done` ranks */
static kperm_rank grant(run_pool *p, int w, kperm_u64 want, kperm_u64 done)
{
    run_range c;
    return run_pool_next(p, w, want, &done, &c) ? c.end - c.begin : 0;
}

/* A lone worker's wish stands: nobody waits for it. With two workers, or
 * one whose chunks vary in cost (long_chunks: a wish from one chunk's rate
 * may be the whole rest), a chunk is at most 1/(2 workers) of what is left;
 * with two workers and long chunks, 1/(16 workers): the costly units of a
 * pruned search, far apart, fall into chunks of their own. */
static void chunk_sizes(void)
{
    const kperm_rank total = 100000;
    run_sample s = count_sample(total);
    run_pool p;
    kperm_u64 count = 0;
    check_begin("pool: a lone worker gets the chunk it asks for; with two workers or long chunks, at most "
                "1/(2 workers) of what is left; with both, 1/(16 workers)");
    CHECK(run_pool_init(&p, &s, &count, 1, 0) == 0, "run_pool_init: out of memory");
    CHECK(grant(&p, 0, 1000, 0) == 1000, "a lone worker's first chunk is not its wish");
    CHECK(grant(&p, 0, total, 1000) == total - 1000, "a lone worker does not get the whole rest");
    run_pool_free(&p);
    s.long_chunks = 1;
    CHECK(run_pool_init(&p, &s, &count, 1, 0) == 0, "run_pool_init: out of memory");
    CHECK(grant(&p, 0, 1000, 0) == 1000, "a lone worker's first chunk is not its wish");
    CHECK(grant(&p, 0, total, 1000) == (total - 1000) / 2, "long chunks: the whole rest to a lone worker");
    run_pool_free(&p);
    s.long_chunks = 0;
    CHECK(run_pool_init(&p, &s, &count, 2, 0) == 0, "run_pool_init: out of memory");
    CHECK(grant(&p, 0, total, 0) == total / 4, "two workers: the first chunk is not a quarter");
    CHECK(grant(&p, 1, total, 0) == (total - total / 4) / 4,
          "two workers: the second chunk is not a quarter of the rest");
    run_pool_free(&p);
    s.long_chunks = 1;
    CHECK(run_pool_init(&p, &s, &count, 2, 0) == 0, "run_pool_init: out of memory");
    CHECK(grant(&p, 0, total, 0) == total / 32, "two workers, long chunks: the first chunk is not 1/32");
    CHECK(grant(&p, 1, 10, 0) == 10, "two workers, long chunks: a small wish is not granted whole");
    CHECK(grant(&p, 1, total, 10) == (total - total / 32 - 10) / 32,
          "two workers, long chunks: the third chunk is not 1/32 of the rest");
    run_pool_free(&p);
    check_end();
}

static void fold_once(void)
{
    const kperm_rank total = 20000;
    run_sample s = count_sample(total);
    run_pool p, q;
    kperm_u64 count = 0, resumed = 0;
    char err[TSP_ERR_SIZE];
    int k, rc;
    check_begin("pool: out of memory recording a finished chunk: its result is not folded, the run stops; "
                "resumed, every rank is counted once");
    CHECK(run_pool_init(&p, &s, &count, 4, 7) == 0, "run_pool_init: out of memory");
    /* 16 separate ranges done, as a checkpoint leaves them: the done set is
     * full, and the next separate range needs more memory */
    for (k = 0; k < 16; k++)
        run_pool_add_done(&p, 1000 * (kperm_rank)k + 500, 1000 * (kperm_rank)k + 600);
    count = p.done_ranks;
    realloc_fails = 1;
    count_run(&p);
    CHECK(run_checkpoint_save(FILE_PATH, &p, err, sizeof err) == -1, "a save without memory succeeded");
    realloc_fails = 0;
    CHECK(p.failed && !run_pool_complete(&p), "the pool went on (failed %d, %llu of %llu done)", p.failed,
          p.done_ranks, total);
    CHECK(count == p.done_ranks, "the sum counts %llu ranks, the pool has %llu done", count, p.done_ranks);
    CHECK(run_checkpoint_save(FILE_PATH, &p, err, sizeof err) == 0, "save: %s", err);
    CHECK(run_pool_init(&q, &s, &resumed, 3, 11) == 0, "run_pool_init: out of memory");
    rc = run_checkpoint_load(FILE_PATH, &q, err, sizeof err);
    CHECK(rc == 1, "load: %d %s", rc, err);
    count_run(&q);
    CHECK(run_pool_complete(&q) && resumed == total, "resumed: %llu of %llu ranks done, the sum counts %llu",
          q.done_ranks, total, resumed);
    run_pool_free(&q);
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

/* the meter's rate: each worker's chunks of random ranks at a rate within
 * 10 % of its own, some of the last RUN_METER_KEPT it made (under half, so
 * never a median's) stalled a thousandfold; the sum of each worker's median must lie between
 * the sums of its slowest and fastest unstalled rates, which the stalls would
 * drag far below if they counted */
static void meter(void)
{
    int round, w, i;
    check_begin("run meter: the median of each worker's last chunks' rates, summed; a stalled chunk is outvoted");
    for (round = 0; round < 200; round++) {
        run_meter m;
        int workers = 1 + (int)(rng() % 4), chunks = (int)(rng() % 12);
        double now = 0, fastest = 0, slowest = 0, got;
        CHECK(run_meter_init(&m, workers) == 0, "run_meter_init: out of memory");
        for (w = 0; w < workers; w++) {
            int stalls = 0, n = chunks < RUN_METER_KEPT ? chunks : RUN_METER_KEPT;
            double lo = 1e300, hi = 0;
            run_meter_next(&m, w, 0, now); /* its first chunk handed out */
            for (i = 0; i < chunks; i++) {
                kperm_rank ranks = 1 + rng() % 1000000;
                double rate = 1e6 * (w + 1) * (1 + 0.01 * (double)(rng() % 10));
                int kept = i >= chunks - n, stalled = kept && stalls + 1 <= (n - 1) / 2 && rng() % 4 == 0;
                now += (double)ranks / rate * (stalled ? 1000 : 1);
                run_meter_next(&m, w, ranks, now);
                stalls += stalled;
                if (kept && !stalled) {
                    lo = rate < lo ? rate : lo;
                    hi = rate > hi ? rate : hi;
                }
            }
            if (chunks) {
                fastest += hi;
                slowest += lo;
            }
        }
        got = run_meter_rate(&m);
        CHECK(m.chunks == workers * chunks, "round %d: %d chunks measured, want %d", round, m.chunks, workers * chunks);
        CHECK(chunks == 0 ? got == 0 : got >= slowest * (1 - 1e-9) && got <= fastest * (1 + 1e-9),
              "round %d: rate %g outside the unstalled chunks' [%g, %g]", round, got, slowest, fastest);
        run_meter_free(&m);
    }
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    schedules();
    round_trip();
    corruption();
    every_bit();
    strict_numbers();
    chunk_sizes();
    fold_once();
    bad_ranges();
    meter();
    remove(FILE_PATH);
    return check_any_failed;
}
