/* tsp_checkpoint.h - what survives a crash: the instance's fingerprint, the
 * finished rank ranges and the best tour in them, in a small text file that is
 * replaced atomically (written beside it, flushed, renamed), and that one run
 * at a time may use (a lock file beside it). */
#ifndef TSP_CHECKPOINT_H
#define TSP_CHECKPOINT_H

#include "tsp_pool.h"
#include "tsplib.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Takes the checkpoint `path` for this run, before it is loaded: follows
 * symbolic links to the file they name (saves replace that file, so the links
 * stay); refuses anything but a regular file, and a file whose owner may not
 * write it (by its mode bits, so root is refused too); locks PATH.lock so that
 * a second run on the same checkpoint stops at once, naming the process that
 * holds it; removes the temporary file a killed run may have left. Returns the
 * path to load and save (malloc'ed), or NULL with err. The lock holds until
 * tsp_checkpoint_release or the end of the process. */
char *tsp_checkpoint_claim(const char *path, char *err, size_t errsize);

/* removes the lock file of the claimed checkpoint (if any) */
void tsp_checkpoint_release(void);

/* FNV-1a (64 bits) of n, the type and every weight of the matrix */
kperm_u64 tsp_fingerprint(const tsp_instance *inst);

/* Reads path into p (fresh from tsp_pool_init for inst). Returns 1 when
 * loaded, 0 when there is no such file, -1 with err "PATH: what is wrong" when
 * it is not a complete checkpoint of this instance. */
int tsp_checkpoint_load(const char *path, const tsp_instance *inst, tsp_pool *p, char *err, size_t errsize);

/* What tsp_checkpoint_load does with the file's bytes: text[0..size), with
 * text[size] = 0 and writable (the fuzz target feeds it directly). 1 or -1. */
int tsp_checkpoint_read(char *text, size_t size, const char *path, const tsp_instance *inst, tsp_pool *p,
                        char *err, size_t errsize);

/* the value of the "sum" line for the text before it */
kperm_u64 tsp_checkpoint_sum(const char *text, size_t size);

/* Writes p's finished ranges and best to path (claimed): to PATH.tmp, synced,
 * renamed over path, then the directory synced. Returns 0, or -1 with err (the
 * previous checkpoint is then still intact). */
int tsp_checkpoint_save(const char *path, const tsp_instance *inst, const tsp_pool *p, char *err, size_t errsize);

#ifdef __cplusplus
}
#endif

#endif
