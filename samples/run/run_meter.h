/* run_meter.h - the pace of a run's workers, for the estimate that refuses
 * hopeless runs: each worker's rate measured on each chunk it finishes, from
 * the moment the chunk was handed out to the moment it is reported.
 *
 * A run stopped for a while (SIGSTOP, a suspended job, a machine busy with
 * something else for a moment) slows the chunks in progress then, not the
 * others: so a worker's pace is the median of its last few chunks' rates,
 * which one stalled chunk cannot move, rather than the ranks done over the
 * time elapsed, which a stall at the start can make look hopeless. */
#ifndef RUN_METER_H
#define RUN_METER_H

#include "kperm/platform.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RUN_METER_KEPT 7 /* a worker's last chunks whose rates are kept */

typedef struct {
    int workers;
    int chunks;       /* chunks measured, of every worker */
    double *granted;  /* when each worker's chunk in progress was handed out (< 0: none) */
    double *rates;    /* each worker's last RUN_METER_KEPT rates in ranks/s, a ring */
    int *measured;    /* chunks measured per worker */
} run_meter;

/* a meter of `workers` workers; -1 when out of memory */
int run_meter_init(run_meter *m, int workers);
void run_meter_free(run_meter *m);

/* Worker w reports, at time now (seconds), that it finished the `ranks` of
 * its chunk in progress (0: it had none) and takes its next one. */
void run_meter_next(run_meter *m, int w, kperm_rank ranks, double now);

/* the run's rate in ranks/s: the sum over the workers measured so far of
 * the median of each one's kept rates (0 before any) */
double run_meter_rate(const run_meter *m);

#ifdef __cplusplus
}
#endif

#endif
