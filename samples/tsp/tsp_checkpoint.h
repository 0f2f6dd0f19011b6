/* tsp_checkpoint.h - what survives a crash: the instance's fingerprint, the
 * finished rank ranges and the best tour in them, in a small text file that is
 * replaced atomically (written beside it, flushed, renamed). */
#ifndef TSP_CHECKPOINT_H
#define TSP_CHECKPOINT_H

#include "tsp_pool.h"

#ifdef __cplusplus
extern "C" {
#endif

/* FNV-1a (64 bits) of n, the type and every weight of the matrix */
kperm_u64 tsp_fingerprint(const tsp_instance *inst);

/* Reads path into p (fresh from tsp_pool_init for inst). Returns 1 when
 * loaded, 0 when there is no such file, -1 with err "PATH: what is wrong" when
 * it is not a complete checkpoint of this instance. */
int tsp_checkpoint_load(const char *path, const tsp_instance *inst, tsp_pool *p, char *err, size_t errsize);

/* Writes p's finished ranges and best to path. Returns 0, or -1 with err (the
 * previous checkpoint is then still intact). */
int tsp_checkpoint_save(const char *path, const tsp_instance *inst, const tsp_pool *p, char *err, size_t errsize);

#ifdef __cplusplus
}
#endif

#endif
