/* run_job_local.c - the job of one process: rank 0 of 1. */
#include "run_job.h"
#include "run_checkpoint.h"
#include "run_output.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void run_job_init(const char *prog, int *argc, char ***argv)
{
    (void)prog;
    (void)argc;
    (void)argv;
}

int run_job_rank(void) { return 0; }
int run_job_ranks(void) { return 1; }
int run_job_local_rank(void) { return -1; }
int run_job_local_ranks(void) { return 1; }
int run_job_max(int v) { return v; }
void run_job_share(void *data, size_t size)
{
    (void)data;
    (void)size;
}

void run_job_gather(const void *mine, void *all, size_t size)
{
    memcpy(all, mine, size);
}

void run_job_exit(int status)
{
    exit(status);
}

void run_job_exit_now(int status)
{
    run_checkpoint_release();
    run_output_check();
    _exit(status);
}

/* _exit: another thread may be inside a device call */
void run_job_abort(int status)
{
    _exit(status);
}

void run_job_watch(double seconds)
{
    (void)seconds;
}

double run_job_silent(int r)
{
    (void)r;
    return 0;
}

int run_job_poll(int *from, run_request *req, size_t size)
{
    (void)from;
    (void)req;
    (void)size;
    return 0;
}

void run_job_reply(int to, const run_grant *grant)
{
    (void)to;
    (void)grant;
}

void run_job_ask(const run_request *req, size_t size, run_grant *grant)
{
    (void)req;
    (void)size;
    grant->begin = grant->end = 0;
    grant->stop = 1;
}
