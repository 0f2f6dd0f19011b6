/* run_job.h - the processes of one run: a single process (run_job_local.c)
 * or the ranks of an MPI job (run_job_mpi.c); a sample links one of the two.
 * Rank 0 keeps the chunk pool and prints; the other ranks ask it for chunks.
 * Everything here is collective unless it says otherwise. */
#ifndef RUN_JOB_H
#define RUN_JOB_H

#include <stddef.h>
#include "kperm/platform.h"

#ifdef __cplusplus
extern "C" {
#endif

/* what a worker rank sends rank 0: its chunk in progress is finished, the
 * result of what it searched since it last asked (the sample's `size`
 * bytes), and how many ranks it would like next */
typedef struct {
    kperm_u64 want;
    unsigned char part[]; /* the sample's result */
} run_request;

/* rank 0's answer: the next chunk, or stop; and the sample's hint */
typedef struct {
    kperm_rank begin, end;
    kperm_u64 stop, hint;
} run_grant;

/* MPI: prog names the program in the one message of a failed start */
void run_job_init(const char *prog, int *argc, char ***argv);
int run_job_rank(void);
int run_job_ranks(void);
/* which GPU(s) a rank takes by default: its rank on its host, and how many
 * ranks share the host; -1 and 1 in a single process (which takes them all) */
int run_job_local_rank(void);
int run_job_local_ranks(void);
/* the largest of every rank's v, on every rank: ranks agree on a status */
int run_job_max(int v);
/* rank 0's bytes to every rank */
void run_job_share(void *data, size_t size);
/* every rank's `size` bytes, in rank order, into rank 0's all[] */
void run_job_gather(const void *mine, void *all, size_t size);
/* ends this process with `status` (MPI: after MPI_Finalize) */
void run_job_exit(int status);
/* run_job_exit without the process's exit handlers, for a process with a
 * thread still starting a device (kperm-tsp's GPU, opening while the host's
 * cores answered): the output's check (run_output.h) and the checkpoint's
 * release (run_checkpoint.h) run first, and the driver's own teardown does
 * not run beside that thread */
void run_job_exit_now(int status);
/* ends every rank at once (any rank may call it; MPI_Abort) */
void run_job_abort(int status);

/* Liveness, from the first call on (later calls change nothing; a single
 * process has nothing to watch): every worker rank tells rank 0 that it is
 * alive every seconds / 4, from a thread of its own, whatever its search is
 * doing, so a busy rank is never taken for a lost one however long its
 * chunks take; and while rank 0 waits in one of the calls above for a rank
 * silent longer than `seconds`, it ends the job (status 4) naming it, so a
 * rank stopped during start-up cannot hang the job. A stopped rank 0 is not
 * watched, nor a rank stopped inside MPI_Init (run_job_init), where every
 * rank waits before any of this runs. */
void run_job_watch(double seconds);
/* rank 0 (not collective): seconds since worker rank r was last heard from
 * (0 in a single process) */
double run_job_silent(int r);

/* rank 0: a request of `size` bytes waiting from a worker rank: 1 with
 * *from, else 0 (a rank's heartbeats are taken in passing) */
int run_job_poll(int *from, run_request *req, size_t size);
void run_job_reply(int to, const run_grant *grant);
/* ranks > 0: sends req (`size` bytes) to rank 0 and waits for its grant */
void run_job_ask(const run_request *req, size_t size, run_grant *grant);

#ifdef __cplusplus
}
#endif

#endif
