/* run_pool.c - the chunk source (see run_pool.h). */
#include "run_pool.h"
#include "run_text.h"
#include <stdlib.h>
#include <string.h>

/* Several workers on chunks whose costs vary (long_chunks): a chunk is at
 * most 1/(2 LONG_SHARE workers) of what is left. Measured on a 64-city
 * instance whose two costliest units (90 % of its work) lie 29 000 units
 * apart in 238 266: two ranks took 1.02-1.14x one rank's time with shares
 * of 1/4, which put both units in one chunk, and 0.47-0.57x with 1/32
 * (bench/RESULTS.md). */
#define LONG_SHARE 8

/* the SHA-256 of the sample's identity into p->fingerprint: 0, or -1 */
static int fingerprint(run_pool *p)
{
    run_text id = {NULL, 0, 0};
    int bad = p->sample->identity(p->sample->ctx, &id) || run_digest(id.s ? id.s : "", id.len, p->fingerprint);
    free(id.s);
    return bad ? -1 : 0;
}

int run_pool_init(run_pool *p, const run_sample *sample, void *result, int workers, kperm_rank chunk_max)
{
    kperm_rank align = sample->align;
    memset(p, 0, sizeof *p);
    p->sample = sample;
    p->result = result;
    p->total = sample->total;
    p->chunk_max = chunk_max ? (chunk_max + align - 1) / align * align : 0;
    p->workers = p->active = workers;
    sample->empty(sample->ctx, result);
    p->done_cap = 16;
    p->done = (run_range *)malloc(sizeof *p->done * (size_t)p->done_cap);
    p->out = (run_range *)calloc((size_t)workers, sizeof *p->out);
    p->searched = (kperm_rank *)calloc((size_t)workers, sizeof *p->searched);
    p->stopped = (char *)calloc((size_t)workers, 1);
    if (p->done && p->out && p->searched && p->stopped && fingerprint(p) == 0)
        return 0;
    run_pool_free(p);
    return -1;
}

void run_pool_free(run_pool *p)
{
    free(p->done);
    free(p->out);
    free(p->searched);
    free(p->stopped);
    memset(p, 0, sizeof *p);
}

static int on_bound(const run_pool *p, kperm_rank r)
{
    return r % p->sample->align == 0 || r == p->total;
}

/* inserts [b, e), which overlaps no done range, merging with its neighbours */
static int insert_done(run_pool *p, kperm_rank b, kperm_rank e)
{
    int i = 0, j;
    while (i < p->ndone && p->done[i].end < b)
        i++;
    p->done_ranks += e - b;
    if (i < p->ndone && p->done[i].end == b) { /* extends done[i] */
        p->done[i].end = e;
        if (i + 1 < p->ndone && p->done[i + 1].begin == e) {
            p->done[i].end = p->done[i + 1].end;
            memmove(&p->done[i + 1], &p->done[i + 2], sizeof *p->done * (size_t)(p->ndone - i - 2));
            p->ndone--;
        }
        return 0;
    }
    if (i < p->ndone && p->done[i].begin == e) {
        p->done[i].begin = b;
        return 0;
    }
    if (p->ndone == p->done_cap) {
        run_range *more = (run_range *)realloc(p->done, sizeof *more * (size_t)p->done_cap * 2);
        if (!more) {
            p->done_ranks -= e - b;
            return -1;
        }
        p->done = more;
        p->done_cap *= 2;
    }
    for (j = p->ndone; j > i; j--)
        p->done[j] = p->done[j - 1];
    p->done[i].begin = b;
    p->done[i].end = e;
    p->ndone++;
    return 0;
}

int run_pool_add_done(run_pool *p, kperm_rank begin, kperm_rank end)
{
    int i;
    if (begin >= end || end > p->total || !on_bound(p, begin) || !on_bound(p, end))
        return -1;
    for (i = 0; i < p->ndone; i++)
        if (begin < p->done[i].end && p->done[i].begin < end)
            return -1;
    if (insert_done(p, begin, end))
        return -1;
    p->resumed += end - begin;
    return 0;
}

static int stop(run_pool *p, int w)
{
    if (!p->stopped[w]) {
        p->stopped[w] = 1;
        p->active--;
    }
    return 0;
}

kperm_u64 run_pool_hint(const run_pool *p)
{
    return p->sample->hint ? p->sample->hint(p->sample->ctx, p->result) : 0;
}

int run_pool_next(run_pool *p, int w, kperm_rank want, const void *part, run_range *chunk)
{
    const run_sample *s = p->sample;
    run_range *mine = &p->out[w];
    kperm_rank gap_end = p->total, left, size, share;
    int i;
    if (mine->begin < mine->end) {
        /* The result is folded exactly when the ranges are recorded: a
         * checkpoint never holds a result without its ranges, which a resume
         * would search and fold a second time (a sum would count them twice).
         * Out of memory here, the chunk is dropped whole and the run must end
         * (run_pool.h); its ranges are searched again after a resume. */
        if (insert_done(p, mine->begin, mine->end) == 0) {
            p->searched[w] += mine->end - mine->begin;
            if (part)
                s->fold(s->ctx, p->result, part);
        } else
            p->failed = p->stopping = 1;
        mine->begin = mine->end = 0;
    }
    if (p->stopping || p->stopped[w])
        return stop(p, w);
    /* next moves past the done ranges it meets (they are sorted); the gap
     * ends at the first one above it */
    for (i = 0; i < p->ndone; i++)
        if (p->done[i].begin <= p->next && p->next < p->done[i].end)
            p->next = p->done[i].end;
    if (p->next >= p->total)
        return stop(p, w);
    left = p->total - p->next;
    for (i = 0; i < p->ndone; i++)
        if (p->done[i].begin >= p->next) {
            gap_end = gap_end < p->done[i].begin ? gap_end : p->done[i].begin;
            left -= p->done[i].end - p->done[i].begin;
        }
    /* the worker's wish in whole multiples of align, capped by a share of
     * what is left (guided scheduling: the last chunks are small, so nobody
     * waits long). A lone worker waits for nobody, so its wish stands, unless
     * its chunks' costs vary (long_chunks): then a wish from one chunk's
     * rate may be the whole rest, and the checkpoints would record nothing
     * until the end. Several workers on chunks whose costs vary get a
     * smaller share: a pruned search's work may sit in a few units far
     * apart, which one chunk of a larger share would hold together. */
    size = (want + s->align - 1) / s->align * s->align;
    share = 2 * (kperm_rank)p->workers * (p->workers > 1 && s->long_chunks ? LONG_SHARE : 1);
    if ((p->workers > 1 || s->long_chunks) && size > left / share)
        size = left / share / s->align * s->align;
    if (size < s->min_chunk)
        size = s->min_chunk;
    if (p->chunk_max && size > p->chunk_max)
        size = p->chunk_max;
    chunk->begin = p->next;
    chunk->end = gap_end - p->next <= size ? gap_end : p->next + size;
    p->next = chunk->end;
    *mine = *chunk;
    return 1;
}

int run_pool_complete(const run_pool *p)
{
    return p->done_ranks == p->total;
}
