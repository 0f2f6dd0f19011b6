/* tsp_backend.h - what every backend of kperm-tsp provides. */
#ifndef TSP_BACKEND_H
#define TSP_BACKEND_H

#include <stddef.h>
#include "kperm.h"
#include "tsp_types.h"
#include "tsplib.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tsp_backend tsp_backend;
struct tsp_backend {
    const char *name;   /* "cuda", "opencl", "cpu" */
    char device[256];   /* what it runs on, for the output */
    int is_gpu;
    /* Searches the task's ranks [begin, end) (ends on multiples of
     * TSP_BLOCK, or (n-1)!), folding the result into the backend's running
     * best. Pruning (opened with place->prune), they are units, searched by
     * branch and bound (tsp_branch.h), and what cannot beat the task's known
     * either is skipped. The backend sets the task's n, symmetric and mode
     * itself. */
    int (*search)(tsp_backend *b, const tsp_task *task, char *err, size_t errsize);
    /* The running best: one small result; and what pruning has done so far. */
    int (*result)(tsp_backend *b, tsp_best *best, tsp_tally *tally, char *err, size_t errsize);
    void (*close)(tsp_backend *b);
    void *state;
};

/* how and where one process runs: pruned (--prune, on the costs relax) or not; GPUs first_gpu, first_gpu + 1, ... (modulo the
 * GPUs it sees), `gpus` of them (0: all), how many processes share the host
 * (the C backend takes their share of the cores) or `threads` (0: that
 * share), and OpenCL's `device` ("gpu", "cpu", "P:D" as --list-devices
 * numbers them, or NULL: a GPU, else any device); quiet: nothing on stderr
 * but errors */
typedef struct {
    int first_gpu, gpus, share, threads, prune, quiet;
    const char *device;
    const tsp_relax *relax;
} tsp_place;

/* Each opens its backend for inst: 0; or 1 with err when what it needs is
 * absent ("no CUDA device"; gpu_only refuses CPU devices), -1 with err when
 * it is there but setting it up failed (an allocation, a kernel build): auto
 * then warns before it tries the next backend. */
int tsp_cpu_open(tsp_backend *b, const tsp_instance *inst, int gpu_only, const tsp_place *place, char *err,
                 size_t errsize);
/* the threads a C backend (opened by tsp_cpu_open) searches with */
int tsp_cpu_threads(const tsp_backend *b);
/* Ends a pruned search the C backend is running in another thread as soon
 * as its threads next bound a path: the shortest length known becomes 0,
 * so every path is skipped and no tour is taken. What that search covered
 * is then incomplete (to be searched again elsewhere: a best is a min, so
 * searching a unit twice changes nothing), and so is every pruned search of
 * the backend after it. From any thread. */
void tsp_cpu_abandon(tsp_backend *b);
/* An acquire read of the length tsp_cpu_abandon sets: after a search of b
 * returns, what the abandoning thread wrote before it is seen (on hosts
 * that reorder stores, ARM's, a search cut short is then known as such) */
void tsp_cpu_fence(const tsp_backend *b);
int tsp_opencl_open(tsp_backend *b, const tsp_instance *inst, int gpu_only, const tsp_place *place, char *err,
                    size_t errsize);
int tsp_cuda_open(tsp_backend *b, const tsp_instance *inst, int gpu_only, const tsp_place *place, char *err,
                  size_t errsize);

/* CUDA's start-up (the driver, the GPU's context: 0.23-0.38 s on an H100)
 * begun in a thread of its own for GPU `gpu` after `delay` seconds, so that
 * it overlaps reading the instance and the pruned search's first tour;
 * tsp_cuda_open and tsp_cuda_list wait for it, and so does the process's
 * exit. tsp_cuda_warm_call_off: the start-up is not to begin; 1 when it
 * already has. */
void tsp_cuda_warm(int gpu, double delay);
int tsp_cuda_warm_call_off(void);

/* --list-devices: one line per device each backend could use, to stdout */
void tsp_cpu_list(void);
void tsp_opencl_list(void);
void tsp_cuda_list(void);

#ifdef __cplusplus
}
#endif

#endif
