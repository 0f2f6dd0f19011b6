/* tsp_job.h - the processes of one run: a single process (tsp_job_local.c,
 * in kperm-tsp) or the ranks of an MPI job (tsp_job_mpi.c, in kperm-tsp-mpi).
 * Rank 0 keeps the chunk pool and prints; the other ranks ask it for chunks.
 * Everything here is collective unless it says otherwise. */
#ifndef TSP_JOB_H
#define TSP_JOB_H

#include "tsp_types.h"
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* what a worker rank sends rank 0: its chunk in progress is finished, its
 * running best and tally, and how many orders it would like next */
typedef struct {
    kperm_u64 want;
    tsp_best best;
    tsp_tally tally;
} tsp_request;

/* rank 0's answer: the next chunk, or stop; and the shortest length known */
typedef struct {
    kperm_rank begin, end;
    kperm_u64 stop, known;
} tsp_grant;

void tsp_job_init(int *argc, char ***argv);
int tsp_job_rank(void);
int tsp_job_ranks(void);
/* which GPU(s) a rank takes by default: its rank on its host, and how many
 * ranks share the host; -1 and 1 in a single process (which takes them all) */
int tsp_job_local_rank(void);
int tsp_job_local_ranks(void);
/* the largest of every rank's v, on every rank: ranks agree on a status */
int tsp_job_max(int v);
/* rank 0's bytes to every rank */
void tsp_job_share(void *data, size_t size);
/* every rank's `size` bytes, in rank order, into rank 0's all[] */
void tsp_job_gather(const void *mine, void *all, size_t size);
/* ends this process with `status` (MPI: after MPI_Finalize) */
void tsp_job_exit(int status);
/* ends every rank at once (any rank may call it; MPI_Abort) */
void tsp_job_abort(int status);

/* rank 0: a request waiting from a worker rank: 1 with *from, else 0 */
int tsp_job_poll(int *from, tsp_request *req);
void tsp_job_reply(int to, const tsp_grant *grant);
/* ranks > 0: sends req to rank 0 and waits for its grant */
void tsp_job_ask(const tsp_request *req, tsp_grant *grant);

#ifdef __cplusplus
}
#endif

#endif
