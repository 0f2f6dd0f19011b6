/* ptest_guard.h - work that runs a user's code tried first in a child
 * process: kperm-ptest compiles a C statistic and computes its observed
 * value there before doing either itself, so that a statistic that never
 * returns, crashes, or makes its compiler run away is reported in one line
 * instead of hanging or killing the program without a word. The child gets
 * no terminal output (stdout and stderr go to /dev/null), no core file and
 * a CPU-time bound; the parent a wall-clock timeout, and SIGINT, SIGTERM
 * and SIGHUP end the trial with a message. Call it before the process
 * creates an OpenCL or CUDA context: a child may not use its parent's.
 * What the child built may come back to the parent (ptest_guard_back), so
 * that the parent need not build it again. */
#ifndef PTEST_GUARD_H
#define PTEST_GUARD_H

#include <stddef.h>

/* one step of the trial: 0, or an exit status with err */
typedef struct {
    const char *doing;         /* "compiling it": what the messages say was under way */
    const char *crash_hint;    /* a likely cause when the child dies of a signal in this step */
    const char *timeout_hint;  /* ... when its time passes */
    double seconds;            /* its time */
    int (*run)(void *arg, char *err, size_t errsize);
} ptest_guard_step;

/* Bytes the child hands back to its parent once every step returned 0 (a
 * compiled program). In the child the steps set bytes and size (through
 * their arg); the parent gets them in bytes (malloc'd: the caller frees
 * them) and size, NULL and 0 where the child handed back none. most: the
 * size the parent takes at most; more is an error. */
typedef struct {
    void *bytes;
    size_t size, most;
} ptest_guard_back;

/* Runs steps[0 .. count) in order in a child process, each within its
 * seconds, and takes back what they left in *back (NULL: nothing). 0 when
 * every one returned 0; else an exit status with err (one line naming
 * `what`, the user's code): a step's own status and error, 2 when the child
 * crashed or ran past the timeout, 128 + the signal when SIGINT, SIGTERM or
 * SIGHUP came meanwhile, 4 when no child could be made or what it handed
 * back came cut short, longer than announced or past back->most. */
int ptest_guard_run(const char *what, const ptest_guard_step *steps, int count, void *arg, ptest_guard_back *back,
                    char *err, size_t errsize);

/* After a trial: a fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL) later in this
 * process writes `line` and a newline to stderr before the process dies of
 * it, since the user's code may fault on an input the trial did not give it.
 * Where the faulting thread can run a handler: not on a stack overflow in a
 * thread without an alternate stack (POCL's), which still dies silently. */
void ptest_guard_last_words(const char *line);

#endif
