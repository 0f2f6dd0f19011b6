/* cuda_exit_cost.cu - what it costs a process to end while another of its
 * threads is inside CUDA's start-up (the driver and the GPU's context, as
 * kperm-tsp's warm-up thread begins it): the process's whole time, from
 * its start to its parent seeing it end, when the main thread calls _exit
 * T ms in, with and without that thread; medians of REPS runs. kperm-tsp
 * --prune --backend auto starts CUDA only where the search is long enough
 * to pay this (samples/tsp/backends/tsp_handover.h).
 *
 *   cuda_exit_cost [REPS]    (default 5) */
#include <cuda_runtime.h>
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *start_cuda(void *)
{
    cudaFree(0);
    return NULL;
}

/* the child: a CUDA start-up thread (or none), then _exit after ms */
static int child(int ms, int with_cuda)
{
    pthread_t t;
    struct timespec d = {ms / 1000, (long)(ms % 1000) * 1000000L};
    if (with_cuda && pthread_create(&t, NULL, start_cuda, NULL) != 0)
        return 1;
    nanosleep(&d, NULL);
    _exit(0);
}

/* seconds of one child's whole life (this program again, as
 * /proc/self/exe: argv[0] may be a name found on PATH), or -1 */
static double run(int ms, int with_cuda)
{
    const char *self = "/proc/self/exe";
    char a[16], b[4];
    char *args[] = {(char *)self, (char *)"--child", a, b, NULL};
    pid_t pid;
    int status;
    double s = now();
    snprintf(a, sizeof a, "%d", ms);
    snprintf(b, sizeof b, "%d", with_cuda);
    if (posix_spawn(&pid, self, NULL, NULL, args, environ) != 0 || waitpid(pid, &status, 0) != pid
        || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    return now() - s;
}

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
    static const int delays[] = {5, 20, 50, 100, 200, 300, 500};
    int reps = 5, d, r, w, count = 0;
    if (argc == 4 && strcmp(argv[1], "--child") == 0)
        return child(atoi(argv[2]), atoi(argv[3]));
    if (argc == 2)
        reps = atoi(argv[1]);
    if (argc > 2 || reps < 1 || reps > 99) {
        fprintf(stderr, "usage: cuda_exit_cost [REPS 1..99]\n");
        return 2;
    }
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) { /* asked here, in a child: the parent stays bare */
        fprintf(stderr, "cuda_exit_cost: no CUDA device\n");
        return 1;
    }
    printf("| _exit after ms | without CUDA s | with CUDA starting s | the end's cost s |\n|---|---|---|---|\n");
    for (d = 0; d < (int)(sizeof delays / sizeof *delays); d++) {
        double med[2];
        for (w = 0; w < 2; w++) {
            double t[99];
            for (r = 0; r < reps; r++)
                if ((t[r] = run(delays[d], w)) < 0) {
                    fprintf(stderr, "cuda_exit_cost: a child failed\n");
                    return 4;
                }
            qsort(t, (size_t)reps, sizeof *t, by_value);
            med[w] = t[reps / 2];
        }
        printf("| %d | %.3f | %.3f | %.3f |\n", delays[d], med[0], med[1], med[1] - med[0]);
    }
    return 0;
}
