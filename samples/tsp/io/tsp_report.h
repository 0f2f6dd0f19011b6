/* tsp_report.h - kperm-tsp's answer and how it was found, as one value that
 * both the text report and the --json object are written from. */
#ifndef TSP_REPORT_H
#define TSP_REPORT_H

#include "tsp_types.h"
#include "tsplib.h"

/* what one MPI rank searched with, and how many tours */
typedef struct {
    char backend[16], device[256];
    char searched[96];
    /* --prune --backend auto (tsp_handover.h): the units the host's cores
     * and the GPU (gpu, "" when none opened) searched; handover 0 otherwise */
    int handover;
    kperm_u64 cpu_units, gpu_units;
    char gpu[16];
} tsp_report_rank;

typedef struct {
    const tsp_instance *inst;
    int prune;
    kperm_u64 length;
    kperm_u64 bound;           /* pruning: the root's lower bound on every tour */
    int tour[TSP_MAX_CITIES];  /* TSPLIB's city numbers, tour[0] = 1 */
    /* counts in decimal: past 21 cities they pass 2^64 (63! has 88 digits) */
    char rank[96], tours[96], resumed[96], searched[96];
    char backend[32], device[300]; /* "mixed" / "N MPI ranks" over several ranks */
    const char *resumed_from;  /* the checkpoint, when tours were done before this run; else NULL */
    double seconds, tours_per_second; /* pruned: tours visited (evaluated) per second */
    double start_seconds;      /* pruning: the start's (first tour, bounds, assignment: tsp_start.h) */
    tsp_tally tally;           /* pruning */
    int ranks;
    const tsp_report_rank *per_rank; /* one per rank; NULL when a finished checkpoint gave the answer */
} tsp_report;

/* r to stdout: the text report, or one JSON object (always valid UTF-8) */
void tsp_report_write(const tsp_report *r, int json);

#endif
