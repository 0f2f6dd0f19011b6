/* tsp_handover.h - kperm-tsp --prune --backend auto: the C backend starts at
 * once while a GPU backend opens in a thread of its own (CUDA's start-up
 * alone costs more than an easy instance's whole search); once the GPU is
 * open it takes the open work: the rest of the chunk in hand, and every
 * chunk after. So an easy instance is done on the host's cores before the
 * GPU is ready, and a hard one runs on the GPU but for its first fraction of
 * a second. Each backend folds what it searched into its own running best;
 * the result is the better of the two by (length, rank), so the answer is
 * the one either backend alone gives, ties included.
 *
 * A unit alone may take the host seconds, so the GPU's thread, once open,
 * cuts the host's slice in progress short (tsp_cpu_abandon) and the GPU
 * searches that slice again with the rest.
 *
 * Two test switches. KPERM_TSP_HANDOVER_AFTER=K fixes the moment: the GPU
 * takes over once the host has searched K units (0: from the start; a K
 * past the instance's units: never), waiting for the GPU to open.
 * KPERM_TSP_HANDOVER_ANY=1 keeps the moment the GPU's own. Under either the
 * GPU side may be any OpenCL device, POCL's too, so that the hand-over is
 * tested where no GPU is. */
#ifndef TSP_HANDOVER_H
#define TSP_HANDOVER_H

#include "tsp_backend.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int (*tsp_open_fn)(tsp_backend *b, const tsp_instance *inst, int gpu_only, const tsp_place *place, char *err,
                           size_t errsize);

/* Opens the hand-over for inst on place (pruned): the C backend now, and in
 * a thread the first of gpu[0..ngpu) that opens (prog names the program in
 * a warning, when one is there but fails). 0, or -1 with err when the C
 * backend cannot open. b's name is "auto". */
int tsp_handover_open(tsp_backend *b, const tsp_instance *inst, const tsp_place *place, const tsp_open_fn *gpu,
                      int ngpu, const char *prog, char *err, size_t errsize);

/* what each side did so far, for the report: the units each searched, and
 * the GPU backend's name and device ("" when none opened) */
typedef struct {
    kperm_u64 cpu_units, gpu_units;
    const char *cpu_device, *gpu_name, *gpu_device;
} tsp_handover_share;

/* b opened by tsp_handover_open */
void tsp_handover_shares(const tsp_backend *b, tsp_handover_share *share);

#ifdef __cplusplus
}
#endif

#endif
