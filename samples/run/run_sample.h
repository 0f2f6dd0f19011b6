/* run_sample.h - what a sample tells the run engine (samples/run/, every name
 * prefixed run_): its problem's rank space, how its checkpoint is named, and
 * the result a chunk of ranks produces, which the engine keeps, folds, saves
 * and hands back without knowing what is inside. kperm-tsp's is
 * samples/tsp/run/tsp_sample.c; samples/run/README.md describes the engine. */
#ifndef RUN_SAMPLE_H
#define RUN_SAMPLE_H

#include <stddef.h>
#include "kperm/platform.h"
#include "run_text.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the state of a run, for the sample's progress and refusal messages */
typedef struct {
    kperm_rank done, total; /* ranks finished (those resumed included), of total */
    double elapsed;         /* seconds of search in this run */
    double rate;            /* ranks finished per second in this run */
    double eta;             /* seconds left at that rate */
    const char *where;      /* what searches: "cpu", "4 ranks" */
} run_pace;

typedef struct {
    /* the checkpoint: its first line is "NAME checkpoint VERSION"; a file of
     * another fingerprint (the SHA-256 of the identity's text) is refused as
     * "a checkpoint of another PROBLEM" */
    const char *name;    /* "kperm-tsp" */
    int version;
    const char *problem; /* "instance" */
    /* writes every byte of the problem that matters, its data and options,
     * in a form that every machine and every later run writes alike (text,
     * or bytes of a fixed order); -1 when out of memory */
    int (*identity)(const void *ctx, run_text *out);

    /* the ranks [0, total): chunks end on multiples of align (or total), hold
     * at least min_chunk ranks (but at the end), and a worker's first one
     * first_chunk; after that each worker asks for what its rate allows */
    kperm_rank total, align, min_chunk, first_chunk;

    /* The result of some chunks: `size` bytes, no pointers (they travel
     * between MPI ranks as bytes). The engine keeps the result of the
     * finished ranges and folds each chunk's into it; fold must be
     * associative and commutative, as the chunks finish in any order. */
    size_t size;
    const void *ctx; /* the sample's own, passed to every call below */
    void (*empty)(const void *ctx, void *result);                /* the result of no ranks */
    void (*fold)(const void *ctx, void *into, const void *part); /* into = into + part */
    /* the word the coordinator sends with every chunk it grants, derived from
     * what is known so far (kperm-tsp: the shortest length, for pruning);
     * NULL: 0 */
    kperm_u64 (*hint)(const void *ctx, const void *result);

    /* The checkpoint's lines: the problem's own (after the fingerprint;
     * NULL: none), then the result's. Each writer returns -1 when out of
     * memory; each reader takes its lines from `in` and returns NULL, or
     * what is wrong ("n line"), which the engine reports as a corrupt
     * checkpoint. */
    int (*write_problem)(const void *ctx, run_text *out);
    const char *(*read_problem)(const void *ctx, run_lines *in);
    int (*write_result)(const void *ctx, const void *result, run_text *out);
    const char *(*read_result)(const void *ctx, void *result, run_lines *in);
    /* whether a loaded result can be that of `done` of the ranks (NULL:
     * always); if not, the checkpoint is corrupt */
    int (*plausible)(const void *ctx, const void *result, kperm_rank done);

    /* Progress and the refusal of hopeless runs. The estimate comes once,
     * after estimate_after seconds of search. long_chunks: one chunk may
     * itself take days, so the estimate comes even before any has finished,
     * a hopeless run ends at once, its work saved, rather than finish the
     * chunks in progress, and a lone worker's chunks shrink towards the end
     * as several workers' do (a rate measured on one chunk says little). done_word follows the percentage ("closed";
     * NULL: none). The sample's words go to stderr: progress (NULL: none),
     * what follows the engine's "12.5% after 40 s" (or its bar); hopeless,
     * why the run is refused (after "PROG: ", before "; --force runs it
     * anyway"). */
    double estimate_after;
    int long_chunks;
    const char *done_word;
    void (*progress)(const void *ctx, const void *result, const run_pace *pace);
    void (*hopeless)(const void *ctx, const void *result, const run_pace *pace);
} run_sample;

/* Searches the chunk [begin, end) (the hint from the coordinator) and puts
 * its result into part (emptied before the call). Returns 0, or -1 with err:
 * the job then ends. ctx: the sample's worker, one a process. */
typedef int (*run_search_fn)(void *ctx, kperm_rank begin, kperm_rank end, kperm_u64 hint, void *part, char *err,
                             size_t errsize);

#ifdef __cplusplus
}
#endif

#endif
