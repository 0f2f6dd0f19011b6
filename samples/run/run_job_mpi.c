/* run_job_mpi.c - the job of an MPI program (kperm-tsp-mpi): the ranks of an
 * MPI job (Open MPI, started by mpirun or Slurm's srun). Only rank 0's main
 * thread talks to workers (MPI_THREAD_FUNNELED): requests and grants are
 * small messages of one size, sent as bytes (every rank runs the same
 * binary). */
#include "run_job.h"
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { TAG_REQUEST = 1, TAG_GRANT = 2 };

static int my_rank, ranks = 1, local_rank, local_ranks = 1;

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
    int provided;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (provided < MPI_THREAD_FUNNELED) {
        if (my_rank == 0)
            fprintf(stderr, "%s: this MPI library does not allow threads (MPI_THREAD_FUNNELED)\n", prog);
        MPI_Abort(MPI_COMM_WORLD, 4);
    }
    find_local();
}

int run_job_rank(void) { return my_rank; }
int run_job_ranks(void) { return ranks; }
int run_job_local_rank(void) { return local_rank; }
int run_job_local_ranks(void) { return local_ranks; }

int run_job_max(int v)
{
    int all = v;
    MPI_Allreduce(&v, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return all;
}

void run_job_share(void *data, size_t size)
{
    MPI_Bcast(data, (int)size, MPI_BYTE, 0, MPI_COMM_WORLD);
}

void run_job_gather(const void *mine, void *all, size_t size)
{
    MPI_Gather((void *)mine, (int)size, MPI_BYTE, all, (int)size, MPI_BYTE, 0, MPI_COMM_WORLD);
}

void run_job_exit(int status)
{
    fflush(stdout);
    MPI_Finalize();
    exit(status);
}

void run_job_abort(int status)
{
    fflush(stdout);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, status);
    exit(status);
}

int run_job_poll(int *from, run_request *req, size_t size)
{
    int waiting = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, &waiting, &st);
    if (!waiting)
        return 0;
    MPI_Recv(req, (int)size, MPI_BYTE, st.MPI_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    *from = st.MPI_SOURCE;
    return 1;
}

void run_job_reply(int to, const run_grant *grant)
{
    MPI_Send((void *)grant, (int)sizeof *grant, MPI_BYTE, to, TAG_GRANT, MPI_COMM_WORLD);
}

void run_job_ask(const run_request *req, size_t size, run_grant *grant)
{
    MPI_Send((void *)req, (int)size, MPI_BYTE, 0, TAG_REQUEST, MPI_COMM_WORLD);
    MPI_Recv(grant, (int)sizeof *grant, MPI_BYTE, 0, TAG_GRANT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
