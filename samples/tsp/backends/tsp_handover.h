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
 * The GPU begins to open only when it can help: at once after a start (the
 * first tour and bounds, tsp_start.h) of TSP_HANDOVER_LONG_START seconds or
 * more (CUDA's start-up then begins during the start), else once the host's
 * pace projects more search left than a GPU takes to open. A process that
 * ends while CUDA starts up waits about 0.1 s for the driver, which would
 * double an easy instance's time.
 *
 * Two test switches. KPERM_TSP_HANDOVER_AFTER=K fixes the moment: the GPU
 * takes over once the host has searched K units (0: from the start; a K
 * past the instance's units: never), waiting for the GPU to open.
 * KPERM_TSP_HANDOVER_ANY=1 keeps the moment the GPU's own. Under either the
 * GPU side may be any OpenCL device, POCL's too, so that the hand-over is
 * tested where no GPU is. KPERM_TSP_HANDOVER_TRACE=1 says on stderr when
 * the GPU begins to open, and why. */
#ifndef TSP_HANDOVER_H
#define TSP_HANDOVER_H

#include "tsp_backend.h"

#ifdef __cplusplus
extern "C" {
#endif

/* seconds of start after which the GPU opens at once (and CUDA's start-up
 * begins during the start: tsp_cuda_warm) */
#define TSP_HANDOVER_LONG_START 0.1

typedef int (*tsp_open_fn)(tsp_backend *b, const tsp_instance *inst, int gpu_only, const tsp_place *place, char *err,
                           size_t errsize);

/* Opens the hand-over for inst on place (pruned): the C backend now, and in
 * a thread, when it can help, the first of gpu[0..ngpu) that opens (prog
 * names the program in a warning, when one is there but fails). units is
 * this process's share of the units not yet searched; at_once opens the GPU
 * without waiting for the host's pace (after a long start). 0, or -1 with
 * err when the C backend cannot open. b's name is "auto". */
int tsp_handover_open(tsp_backend *b, const tsp_instance *inst, const tsp_place *place, kperm_u64 units, int at_once,
                      const tsp_open_fn *gpu, int ngpu, const char *prog, char *err, size_t errsize);

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
