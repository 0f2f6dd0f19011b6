/* run_checkpoint.h - what survives a crash: the problem's fingerprint, the
 * finished rank ranges and their result, in a small text file that is
 * replaced atomically (written beside it, flushed, renamed), and that one run
 * at a time may use (a lock file beside it):
 *
 *   NAME checkpoint VERSION    (the sample's: "kperm-tsp checkpoint 1")
 *   fingerprint 0123456789abcdef
 *   ...                        (the sample's problem lines: "n 14")
 *   total 6227020800
 *   ...                        (the sample's result lines: "best 3323 1234567")
 *   done 600 3                 (the ranks finished, the ranges)
 *   0 240
 *   360 480
 *   ...                        (one "BEGIN END" line per finished range)
 *   sum 89abcdef01234567       (FNV-1a of every byte before this line)
 *
 * The sum catches truncation and corruption; the fingerprint another
 * problem; the sample checks its own lines. */
#ifndef RUN_CHECKPOINT_H
#define RUN_CHECKPOINT_H

#include "run_pool.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RUN_FNV_BASIS KPERM_U64(0xcbf29ce484222325)

/* FNV-1a (64 bits) of size bytes, from h (RUN_FNV_BASIS at the start): the
 * checkpoint's sum, and the samples' fingerprints */
kperm_u64 run_fnv(kperm_u64 h, const void *data, size_t size);

/* Takes the checkpoint `path` for this run, before it is loaded: follows
 * symbolic links to the file they name (saves replace that file, so the links
 * stay); refuses anything but a regular file, and a file whose owner may not
 * write it (by its mode bits, so root is refused too); locks PATH.lock so that
 * a second run on the same checkpoint stops at once, naming the process that
 * holds it; removes the temporary file a killed run may have left. Returns the
 * path to load and save (malloc'ed), or NULL with err. The lock holds until
 * run_checkpoint_release or the end of the process. */
char *run_checkpoint_claim(const char *path, char *err, size_t errsize);

/* removes the lock file of the claimed checkpoint (if any) */
void run_checkpoint_release(void);

/* Reads path into p (fresh from run_pool_init). Returns 1 when loaded, 0
 * when there is no such file, -1 with err "PATH: what is wrong" when it is
 * not a complete checkpoint of this problem. */
int run_checkpoint_load(const char *path, run_pool *p, char *err, size_t errsize);

/* What run_checkpoint_load does with the file's bytes: text[0..size), with
 * text[size] = 0 and writable (the fuzz target feeds it directly). 1 or -1. */
int run_checkpoint_read(char *text, size_t size, const char *path, run_pool *p, char *err, size_t errsize);

/* the value of the "sum" line for the text before it */
kperm_u64 run_checkpoint_sum(const char *text, size_t size);

/* Writes p's finished ranges and result to path (claimed): to PATH.tmp,
 * synced, renamed over path, then the directory synced. Returns 0, or -1
 * with err (the previous checkpoint is then still intact). */
int run_checkpoint_save(const char *path, const run_pool *p, char *err, size_t errsize);

#ifdef __cplusplus
}
#endif

#endif
