/* run_checkpoint.h - what survives a crash: the problem's fingerprint, the
 * finished rank ranges and their result, in a small text file that is
 * replaced atomically (written beside it under a name no one can predict,
 * flushed, renamed), and that one run at a time may use (a lock file beside
 * it):
 *
 *   NAME checkpoint VERSION    (the sample's: "kperm-tsp checkpoint 2")
 *   fingerprint 64 HEX DIGITS  (SHA-256 of the sample's identity: data and options)
 *   ...                        (the sample's problem lines: "n 14")
 *   total 6227020800
 *   ...                        (the sample's result lines: "best 3323 1234567")
 *   done 600 3                 (the ranks finished, the ranges)
 *   0 240
 *   360 480
 *   ...                        (one "BEGIN END" line per finished range)
 *   sum 64 HEX DIGITS          (SHA-256 of every byte before this line)
 *
 * The sum catches truncation and corruption; the fingerprint another
 * problem; the sample checks its own lines. Both are SHA-256 (run_digest.h),
 * so that no file of other data or options, and no damaged one, passes by
 * accident or by a collision made on purpose. A file of another VERSION is
 * refused (those before 2 had 64-bit FNV-1a sums). None of this proves who
 * wrote the file: a checkpoint is trusted as the data are, and a run should
 * use one only where no one else may write. */
#ifndef RUN_CHECKPOINT_H
#define RUN_CHECKPOINT_H

#include "run_pool.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Takes the checkpoint `path` for this run, before it is loaded: follows
 * symbolic links to the file they name (saves replace that file, so the links
 * stay), but not another user's link in a sticky directory that anyone may
 * write (the kernel's fs.protected_symlinks rule); refuses anything but a
 * regular file, a file whose owner may not write it (by its mode bits, so
 * root is refused too) and a directory this process may not write (where a
 * save cannot create its new file); locks PATH.lock, never through a link
 * planted there, so that a second run on the same checkpoint stops at once,
 * naming the process that holds it; removes the temporaries a killed run of
 * this user left (regular files PATH.tmp-XXXXXX). Returns the
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

/* the "sum" line for the text before it ("sum HEX\n"), into line
 * (RUN_CHECKPOINT_SUM_LINE bytes); -1 when out of memory */
#define RUN_CHECKPOINT_SUM_LINE (RUN_DIGEST_DIGITS + 6)
int run_checkpoint_sum(const char *text, size_t size, char line[RUN_CHECKPOINT_SUM_LINE]);

/* Writes p's finished ranges and result to path (claimed): to a new file
 * PATH.tmp-XXXXXX (mkstemp: created exclusively, never through a link),
 * synced, renamed over path, then the directory synced. Returns 0, or -1
 * with err (the previous checkpoint is then still intact). */
int run_checkpoint_save(const char *path, const run_pool *p, char *err, size_t errsize);

#ifdef __cplusplus
}
#endif

#endif
