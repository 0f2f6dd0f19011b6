/* tsp_pool.c - the chunk source (see tsp_pool.h). */
#include "tsp_pool.h"
#include <stdlib.h>
#include <string.h>

/* chunks of ranks are never smaller than this (except at the very end or
 * where chunk_max says so): below it a GPU launch costs more than it
 * searches; a unit of the pruned search is work enough to stand alone */
#define TSP_MIN_CHUNK ((kperm_rank)TSP_BLOCK << 10)

/* chunks of ranks end on multiples of this (or total); units stand alone */
static kperm_rank align(const tsp_pool *p)
{
    return p->units ? 1 : TSP_BLOCK;
}

static kperm_rank min_chunk(const tsp_pool *p)
{
    return p->units ? 1 : TSP_MIN_CHUNK;
}

int tsp_pool_init(tsp_pool *p, kperm_rank total, int units, int workers, kperm_rank chunk_max)
{
    memset(p, 0, sizeof *p);
    p->total = total;
    p->units = units;
    p->chunk_max = chunk_max ? (chunk_max + align(p) - 1) / align(p) * align(p) : 0;
    p->workers = p->active = workers;
    p->best.length = p->best.rank = p->known = TSP_NONE;
    p->done_cap = 16;
    p->done = (tsp_range *)malloc(sizeof *p->done * (size_t)p->done_cap);
    p->out = (tsp_range *)calloc((size_t)workers, sizeof *p->out);
    p->searched = (kperm_rank *)calloc((size_t)workers, sizeof *p->searched);
    p->stopped = (char *)calloc((size_t)workers, 1);
    p->tallies = (tsp_tally *)calloc((size_t)workers, sizeof *p->tallies);
    if (p->done && p->out && p->searched && p->stopped && p->tallies)
        return 0;
    tsp_pool_free(p);
    return -1;
}

void tsp_pool_free(tsp_pool *p)
{
    free(p->done);
    free(p->out);
    free(p->searched);
    free(p->stopped);
    free(p->tallies);
    memset(p, 0, sizeof *p);
}

static int on_bound(const tsp_pool *p, kperm_rank r)
{
    return r % align(p) == 0 || r == p->total;
}

/* inserts [b, e), which overlaps no done range, merging with its neighbours */
static int insert_done(tsp_pool *p, kperm_rank b, kperm_rank e)
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
        tsp_range *more = (tsp_range *)realloc(p->done, sizeof *more * (size_t)p->done_cap * 2);
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

int tsp_pool_add_done(tsp_pool *p, kperm_rank begin, kperm_rank end)
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

void tsp_pool_fold(tsp_pool *p, const tsp_best *best)
{
    if (tsp_best_better(best, &p->best))
        p->best = *best;
}

static int stop(tsp_pool *p, int w)
{
    if (!p->stopped[w]) {
        p->stopped[w] = 1;
        p->active--;
    }
    return 0;
}

kperm_u64 tsp_pool_known(const tsp_pool *p)
{
    return p->best.length < p->known ? p->best.length : p->known;
}

tsp_tally tsp_pool_tally(const tsp_pool *p)
{
    tsp_tally sum = {0, 0};
    int w;
    for (w = 0; w < p->workers; w++) {
        sum.visited += p->tallies[w].visited;
        sum.pruned += p->tallies[w].pruned;
    }
    return sum;
}

int tsp_pool_next(tsp_pool *p, int w, kperm_rank want, const tsp_best *best, const tsp_tally *tally,
                  tsp_range *chunk)
{
    tsp_range *mine = &p->out[w];
    kperm_rank gap_end = p->total, left, size;
    int i;
    if (mine->begin < mine->end) {
        /* a chunk only finishes once: out of memory here loses nothing but
         * the merge, so it is searched again after a resume */
        if (insert_done(p, mine->begin, mine->end) == 0)
            p->searched[w] += mine->end - mine->begin;
        mine->begin = mine->end = 0;
    }
    if (best)
        tsp_pool_fold(p, best);
    if (tally)
        p->tallies[w] = *tally;
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
    /* the worker's wish, whole blocks, capped by a share of what is left
     * (guided scheduling: the last chunks are small, so nobody waits long) */
    size = (want + align(p) - 1) / align(p) * align(p);
    if (size > left / (2 * (kperm_rank)p->workers))
        size = left / (2 * (kperm_rank)p->workers) / align(p) * align(p);
    if (size < min_chunk(p))
        size = min_chunk(p);
    if (p->chunk_max && size > p->chunk_max)
        size = p->chunk_max;
    chunk->begin = p->next;
    chunk->end = gap_end - p->next <= size ? gap_end : p->next + size;
    p->next = chunk->end;
    *mine = *chunk;
    return 1;
}

int tsp_pool_complete(const tsp_pool *p)
{
    return p->done_ranks == p->total;
}
