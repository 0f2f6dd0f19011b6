/* run_job_mpi.c - the job of an MPI program (kperm-tsp-mpi): the ranks of an
 * MPI job (Open MPI, started by mpirun or Slurm's srun). Requests and grants
 * are small messages of one size, sent as bytes (every rank runs the same
 * binary). Rank 0's main thread alone calls MPI there; a worker rank's main
 * thread and its heartbeat thread take turns under mpi_lock
 * (MPI_THREAD_SERIALIZED). The collectives wait by polling, so that rank 0
 * hears the heartbeats and notices a silent rank meanwhile. */
#define _POSIX_C_SOURCE 200809L
#include "run_job.h"
#include "run_checkpoint.h"
#include "run_output.h"
#include "run_engine.h"
#include <mpi.h>
#include <pthread.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

enum { TAG_REQUEST = 1, TAG_GRANT = 2, TAG_BEAT = 3 };

static const char *prog_name;
static int my_rank, ranks = 1, local_rank, local_ranks = 1;

static pthread_mutex_t mpi_lock = PTHREAD_MUTEX_INITIALIZER;
static double timeout;     /* seconds a rank may be silent; 0: not watched (yet) */
static double *heard;      /* rank 0: when each rank was last heard from; -1: told to stop, not watched */
static int told_to_stop;   /* a worker: its last grant came, no more heartbeats (under mpi_lock) */

/* a worker's heartbeat thread, running while `beating` (under beat_lock) */
static pthread_t beat_thread;
static pthread_mutex_t beat_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t beat_wake = PTHREAD_COND_INITIALIZER;
static int beating;

/* the rank on this host: Open MPI's or Slurm's variable, else MPI-3's
 * shared-memory split */
static void find_local(void)
{
    const char *r = getenv("OMPI_COMM_WORLD_LOCAL_RANK"), *s = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
    MPI_Comm host;
    if (!r)
        r = getenv("SLURM_LOCALID");
    if (r && s) {
        local_rank = atoi(r);
        local_ranks = atoi(s) > 0 ? atoi(s) : 1;
        return;
    }
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host);
    MPI_Comm_size(host, &local_ranks);
    if (!r)
        MPI_Comm_rank(host, &local_rank);
    else
        local_rank = atoi(r);
    MPI_Comm_free(&host);
}

void run_job_init(const char *prog, int *argc, char ***argv)
{
    int provided, r;
    prog_name = prog;
    MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (provided < MPI_THREAD_SERIALIZED) {
        if (my_rank == 0)
            fprintf(stderr, "%s: this MPI library does not allow threads (MPI_THREAD_SERIALIZED)\n", prog);
        MPI_Abort(MPI_COMM_WORLD, 4);
    }
    if (my_rank == 0 && !(heard = (double *)malloc(sizeof *heard * (size_t)ranks))) {
        fprintf(stderr, "%s: out of memory\n", prog);
        MPI_Abort(MPI_COMM_WORLD, 4);
    }
    for (r = 0; my_rank == 0 && r < ranks; r++)
        heard[r] = run_now();
    find_local();
}

int run_job_rank(void) { return my_rank; }
int run_job_ranks(void) { return ranks; }
int run_job_local_rank(void) { return local_rank; }
int run_job_local_ranks(void) { return local_ranks; }

/* a worker: one heartbeat, unless its last grant came (then rank 0 may no
 * longer listen) */
static void beat(void)
{
    char b = 0;
    pthread_mutex_lock(&mpi_lock);
    if (!told_to_stop)
        MPI_Send(&b, 1, MPI_BYTE, 0, TAG_BEAT, MPI_COMM_WORLD);
    pthread_mutex_unlock(&mpi_lock);
}

/* a worker's heartbeat thread: one beat at once, then every timeout / 4 */
static void *beat_main(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&beat_lock);
    while (beating) {
        struct timespec until;
        pthread_mutex_unlock(&beat_lock);
        beat();
        pthread_mutex_lock(&beat_lock);
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += (time_t)(timeout / 4);
        until.tv_nsec += (long)((timeout / 4 - (double)(time_t)(timeout / 4)) * 1e9);
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        while (beating && pthread_cond_timedwait(&beat_wake, &beat_lock, &until) != ETIMEDOUT)
            ;
    }
    pthread_mutex_unlock(&beat_lock);
    return NULL;
}

void run_job_watch(double seconds)
{
    int r;
    if (timeout > 0 || seconds <= 0 || ranks == 1)
        return;
    /* the heartbeat's wait, timeout / 4, must fit a time_t and not spin */
    timeout = seconds < 0.1 ? 0.1 : seconds > 1e9 ? 1e9 : seconds;
    for (r = 0; my_rank == 0 && r < ranks; r++)
        heard[r] = run_now();
    if (my_rank == 0)
        return;
    beating = 1;
    if (pthread_create(&beat_thread, NULL, beat_main, NULL) != 0) {
        fprintf(stderr, "%s: rank %d: cannot start a thread\n", prog_name, my_rank);
        MPI_Abort(MPI_COMM_WORLD, 4);
    }
}

double run_job_silent(int r)
{
    return heard[r] < 0 ? 0 : run_now() - heard[r];
}

/* rank 0: the heartbeats waiting, taken */
static void take_beats(void)
{
    int waiting = 0;
    char b;
    MPI_Status st;
    for (;;) {
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_BEAT, MPI_COMM_WORLD, &waiting, &st);
        if (!waiting)
            return;
        MPI_Recv(&b, 1, MPI_BYTE, st.MPI_SOURCE, TAG_BEAT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (heard[st.MPI_SOURCE] >= 0)
            heard[st.MPI_SOURCE] = run_now();
    }
}

/* rank 0, waiting in a collective: ends the job when a rank is silent too long */
static void end_if_silent(void)
{
    int r;
    for (r = 1; r < ranks && timeout > 0; r++)
        if (run_job_silent(r) > timeout) {
            fprintf(stderr, "%s: rank %d has not answered for %.0f s: stopped or hung; ending the job\n", prog_name,
                    r, run_job_silent(r));
            run_job_abort(4);
        }
}

/* waits for the collective *req by polling it; rank 0 meanwhile takes the
 * heartbeats and watches for a silent rank */
static void wait_for(MPI_Request *req)
{
    struct timespec nap = {0, 100000}; /* 0.1 ms */
    int done = 0;
    for (;;) {
        pthread_mutex_lock(&mpi_lock);
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (my_rank == 0)
            take_beats();
        pthread_mutex_unlock(&mpi_lock);
        if (done)
            return;
        if (my_rank == 0)
            end_if_silent();
        nanosleep(&nap, NULL);
    }
}

int run_job_max(int v)
{
    int all = v;
    MPI_Request req;
    pthread_mutex_lock(&mpi_lock);
    MPI_Iallreduce(&v, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &req);
    pthread_mutex_unlock(&mpi_lock);
    wait_for(&req);
    return all;
}

void run_job_share(void *data, size_t size)
{
    MPI_Request req;
    pthread_mutex_lock(&mpi_lock);
    MPI_Ibcast(data, (int)size, MPI_BYTE, 0, MPI_COMM_WORLD, &req);
    pthread_mutex_unlock(&mpi_lock);
    wait_for(&req);
}

void run_job_gather(const void *mine, void *all, size_t size)
{
    MPI_Request req;
    pthread_mutex_lock(&mpi_lock);
    MPI_Igather((void *)mine, (int)size, MPI_BYTE, all, (int)size, MPI_BYTE, 0, MPI_COMM_WORLD, &req);
    pthread_mutex_unlock(&mpi_lock);
    wait_for(&req);
}

/* a worker: its heartbeat thread ended (before MPI_Finalize) */
static void stop_beating(void)
{
    int was;
    pthread_mutex_lock(&beat_lock);
    was = beating;
    beating = 0;
    pthread_cond_signal(&beat_wake);
    pthread_mutex_unlock(&beat_lock);
    if (was)
        pthread_join(beat_thread, NULL);
}

/* what every end of a rank does first */
static void finish(void)
{
    stop_beating();
    fflush(stdout);
    MPI_Finalize();
}

void run_job_exit(int status)
{
    finish();
    exit(status);
}

void run_job_exit_now(int status)
{
    finish();
    run_checkpoint_release();
    run_output_check();
    _exit(status);
}

/* without mpi_lock: the job must end even when a heartbeat is stuck in a send */
void run_job_abort(int status)
{
    fflush(stdout);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, status);
    exit(status);
}

/* rank 0 only (its main thread), so without mpi_lock; messages from one
 * rank are taken in the order sent, so a worker's heartbeats are all taken
 * before its last request */
int run_job_poll(int *from, run_request *req, size_t size)
{
    int waiting = 0;
    char b;
    MPI_Status st;
    for (;;) {
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &waiting, &st);
        if (!waiting)
            return 0;
        if (heard[st.MPI_SOURCE] >= 0)
            heard[st.MPI_SOURCE] = run_now();
        if (st.MPI_TAG != TAG_BEAT)
            break;
        MPI_Recv(&b, 1, MPI_BYTE, st.MPI_SOURCE, TAG_BEAT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Recv(req, (int)size, MPI_BYTE, st.MPI_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    *from = st.MPI_SOURCE;
    return 1;
}

/* a rank told to stop beats no more (its last heartbeat came before its
 * last request): from now on it is not watched */
void run_job_reply(int to, const run_grant *grant)
{
    if (grant->stop)
        heard[to] = -1;
    MPI_Send((void *)grant, (int)sizeof *grant, MPI_BYTE, to, TAG_GRANT, MPI_COMM_WORLD);
}

void run_job_ask(const run_request *req, size_t size, run_grant *grant)
{
    pthread_mutex_lock(&mpi_lock);
    MPI_Send((void *)req, (int)size, MPI_BYTE, 0, TAG_REQUEST, MPI_COMM_WORLD);
    MPI_Recv(grant, (int)sizeof *grant, MPI_BYTE, 0, TAG_GRANT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    told_to_stop = grant->stop != 0;
    pthread_mutex_unlock(&mpi_lock);
}
