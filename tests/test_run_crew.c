/* test_run_crew.c - the C backends' crew of threads (samples/run/run_crew.h):
 * every part of every job runs exactly once and is finished, its writes
 * visible, when run_crew_run returns; jobs come back to back (the threads
 * spinning), after a pause past RUN_CREW_SPIN (the threads asleep), and with
 * parts of unequal length, some longer than RUN_CREW_SPIN (the caller
 * asleep). Built with ThreadSanitizer too, which checks that the lock and
 * the atomics order every write a part makes. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "run_crew.h"
#include <string.h>
#include <time.h>

#define MAX_PARTS 8

typedef struct {
    int parts;
    long runs[MAX_PARTS]; /* each written by its part's thread alone */
    double slow;          /* each part takes part * slow seconds */
} job;

static void pause_for(double seconds)
{
    struct timespec t;
    t.tv_sec = (time_t)seconds;
    t.tv_nsec = (long)((seconds - (double)t.tv_sec) * 1e9);
    nanosleep(&t, NULL);
}

static void one_part(void *ctx, int part)
{
    job *j = (job *)ctx;
    if (j->slow > 0)
        pause_for(part * j->slow);
    j->runs[part]++;
}

static void crew_runs_every_part(int parts)
{
    static char name[100];
    run_crew *c = run_crew_new(parts);
    job j;
    int k, p;
    snprintf(name, sizeof name, "run_crew: %d part%s, 300 jobs: every part once a job, done on return", parts,
             parts > 1 ? "s" : "");
    check_begin(name);
    memset(&j, 0, sizeof j);
    j.parts = parts;
    CHECK(c != NULL, "run_crew_new(%d): NULL", parts);
    for (k = 1; c && k <= 300; k++) {
        /* some jobs' parts take different times, a few past RUN_CREW_SPIN, so that the caller sleeps */
        j.slow = k % 50 == 0 ? RUN_CREW_SPIN * 0.75 : k % 7 == 0 ? 2e-4 : 0;
        if (k % 100 == 0)
            pause_for(RUN_CREW_SPIN * 1.5); /* the threads go to sleep */
        run_crew_run(c, one_part, &j);
        for (p = 0; p < parts; p++)
            CHECK(j.runs[p] == k, "job %d: part %d ran %ld times", k, p, j.runs[p]);
    }
    run_crew_free(c);
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    crew_runs_every_part(1);
    crew_runs_every_part(2);
    crew_runs_every_part(3);
    crew_runs_every_part(8);
    run_crew_free(NULL);
    return check_any_failed;
}
