/* test_ptest_guard.c - what a trial's child process hands back to its
 * parent (samples/ptest/ptest_guard.h): bytes past a pipe's buffer come
 * back whole, none come back as none, more than the parent takes is an
 * error (exit status 4, one line), and a step that fails or crashes hands
 * back nothing. Prints PASS/FAIL lines; exits 1 on a failure. */
#define _POSIX_C_SOURCE 200809L
#include "ptest_guard.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* what the step does in the child: hand back size bytes of a pattern, fail, or crash */
typedef struct {
    size_t size;
    int fail, crash;
    ptest_guard_back *back;
} plan;

static unsigned char pattern(size_t i)
{
    return (unsigned char)(i * 2654435761u >> 13);
}

static int step(void *arg, char *err, size_t errsize)
{
    plan *w = (plan *)arg;
    size_t i;
    if (w->crash)
        raise(SIGSEGV);
    if (w->fail) {
        snprintf(err, errsize, "it failed");
        return 3;
    }
    if (w->size && (w->back->bytes = malloc(w->size))) {
        for (i = 0; i < w->size; i++)
            ((unsigned char *)w->back->bytes)[i] = pattern(i);
        w->back->size = w->size;
    }
    return 0;
}

static int fails;

static void check(int ok, const char *what, int status, const char *err)
{
    printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", what, ok ? "" : ": ", ok ? "" : err);
    if (!ok)
        printf("#   status %d\n", status);
    fails += !ok;
}

/* the trial of w with a parent that takes most bytes: its status, *back and err */
static int trial(plan *w, size_t most, ptest_guard_back *back, char *err, size_t errsize)
{
    ptest_guard_step steps[] = {{"handing back", "a fault", "a loop", 20, step}};
    back->most = most;
    w->back = back;
    *err = 0;
    return ptest_guard_run("the test step", steps, 1, w, back, err, errsize);
}

int main(void)
{
    static const size_t sizes[] = {1, 4200, 3 << 20}; /* one byte, past the messages' room, past a pipe's buffer */
    ptest_guard_back back;
    char err[4096], what[200];
    size_t i, k;
    int status;
    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        plan w = {0, 0, 0, NULL};
        int same;
        w.size = sizes[k];
        status = trial(&w, 64 << 20, &back, err, sizeof err);
        same = status == 0 && back.size == sizes[k] && back.bytes;
        for (i = 0; same && i < back.size; i++)
            same = ((unsigned char *)back.bytes)[i] == pattern(i);
        snprintf(what, sizeof what, "%zu bytes handed back come back whole", sizes[k]);
        check(same, what, status, err);
        free(back.bytes);
    }
    {
        plan w = {0, 0, 0, NULL};
        status = trial(&w, 64 << 20, &back, err, sizeof err);
        check(status == 0 && !back.bytes && back.size == 0, "none handed back comes back as none", status, err);
    }
    {
        plan w = {101, 0, 0, NULL};
        status = trial(&w, 100, &back, err, sizeof err);
        check(status == 4 && !back.bytes && strstr(err, "101 bytes, more than the 100 allowed") && !strchr(err, '\n'),
              "101 bytes where the parent takes 100: exit status 4, one line", status, err);
    }
    {
        plan w = {10, 1, 0, NULL};
        status = trial(&w, 100, &back, err, sizeof err);
        check(status == 3 && !back.bytes && !strcmp(err, "it failed"), "a step that fails hands back nothing", status,
              err);
    }
    {
        plan w = {10, 0, 1, NULL};
        status = trial(&w, 100, &back, err, sizeof err);
        check(status == 2 && !back.bytes && strstr(err, "crashed while handing back"),
              "a step that crashes hands back nothing", status, err);
    }
    return fails ? 1 : 0;
}
