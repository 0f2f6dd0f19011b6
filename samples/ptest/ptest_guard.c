/* ptest_guard.c - see ptest_guard.h */
#define _POSIX_C_SOURCE 200809L
#include "ptest_guard.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* the pipe's messages from the child: a step's index as it starts, then DONE, or FAILED, the status and the error */
enum { DONE = 0xFE, FAILED = 0xFF };

static const struct {
    int sig;
    const char *name;
} watched[] = {{SIGINT, "SIGINT"}, {SIGTERM, "SIGTERM"}, {SIGHUP, "SIGHUP"}};
#define NWATCHED (int)(sizeof watched / sizeof watched[0])

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
    stop_signal = sig;
}

static void say(int fd, const void *bytes, size_t size)
{
    while (size > 0) {
        ssize_t k = write(fd, bytes, size);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return;
        bytes = (const char *)bytes + k;
        size -= (size_t)k;
    }
}

static void child(int fd, const ptest_guard_step *steps, int count, void *arg)
{
    char err[4096] = "";
    unsigned char byte;
    int null = open("/dev/null", O_WRONLY), i, status = 0;
    struct rlimit core = {0, 0}, cpu;
    double seconds = 0;
    for (i = 0; i < count; i++)
        seconds += steps[i].seconds;
    if (null >= 0) {
        dup2(null, 1);
        dup2(null, 2);
    }
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* no orphan spinning on when the parent is killed */
#endif
    setrlimit(RLIMIT_CORE, &core);
    /* the same where no parent's death kills it: a compiler's or a POCL
     * work-item's threads may spend CPU time faster than the clock */
    cpu.rlim_cur = (rlim_t)(4 * seconds) + 10;
    cpu.rlim_max = cpu.rlim_cur + 5;
    setrlimit(RLIMIT_CPU, &cpu);
    for (i = 0; i < count && !status; i++) {
        byte = (unsigned char)i;
        say(fd, &byte, 1);
        status = steps[i].run(arg, err, sizeof err);
    }
    byte = status ? FAILED : DONE;
    say(fd, &byte, 1);
    if (status) {
        byte = (unsigned char)status;
        say(fd, &byte, 1);
        say(fd, err, strlen(err));
    }
    _exit(0);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* the child's messages into got (size bytes at most) until it closes the
 * pipe, a step's time passes or a watched signal comes: the bytes read;
 * *late set when a step's time passed */
static size_t collect(int fd, const ptest_guard_step *steps, int count, unsigned char *got, size_t size, int *late)
{
    double deadline = now() + steps[0].seconds;
    size_t have = 0, i;
    char sink[256];
    *late = 0;
    while (!stop_signal) {
        struct pollfd pfd;
        double left = deadline - now();
        ssize_t k;
        if (left <= 0) {
            *late = 1;
            break;
        }
        pfd.fd = fd, pfd.events = POLLIN, pfd.revents = 0;
        if (poll(&pfd, 1, left > 0.1 ? 100 : (int)(left * 1000) + 1) <= 0)
            continue; /* a signal (the loop's test), or 0.1 s gone */
        k = have < size ? read(fd, got + have, size - have) : read(fd, sink, sizeof sink);
        if (k == 0 || (k < 0 && errno != EINTR))
            break;
        for (i = have; k > 0 && have < size && i < have + (size_t)k; i++)
            if (got[i] < count) /* a step starts: its own time */
                deadline = now() + steps[got[i]].seconds;
        have += k > 0 && have < size ? (size_t)k : 0;
    }
    return have;
}

static const char *signal_name(int sig)
{
    int i;
    for (i = 0; i < NWATCHED; i++)
        if (watched[i].sig == sig)
            return watched[i].name;
    return strsignal(sig);
}

int ptest_guard_run(const char *what, const ptest_guard_step *steps, int count, void *arg, char *err, size_t errsize)
{
    struct sigaction act, old[NWATCHED];
    unsigned char got[4200];
    size_t have, i;
    int fds[2], late, wstatus = 0, step = -1, sig, k;
    pid_t pid;
    fflush(stdout);
    fflush(stderr);
    if (pipe(fds) != 0) {
        snprintf(err, errsize, "%s: no pipe to try it in a child process: %s", what, strerror(errno));
        return 4;
    }
    if ((pid = fork()) < 0) {
        snprintf(err, errsize, "%s: no child process to try it in: %s", what, strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return 4;
    }
    if (pid == 0) {
        close(fds[0]);
        child(fds[1], steps, count, arg);
    }
    close(fds[1]);
    memset(&act, 0, sizeof act);
    act.sa_handler = on_signal; /* no SA_RESTART: poll returns at once */
    sigemptyset(&act.sa_mask);
    stop_signal = 0;
    for (k = 0; k < NWATCHED; k++)
        sigaction(watched[k].sig, &act, &old[k]);
    have = collect(fds[0], steps, count, got, sizeof got - 1, &late);
    if (stop_signal || late)
        kill(pid, SIGKILL);
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
    for (k = 0; k < NWATCHED; k++)
        sigaction(watched[k].sig, &old[k], NULL);
    close(fds[0]);
    for (i = 0; i < have && got[i] < count; i++)
        step = got[i];
    sig = stop_signal ? stop_signal : WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0;
    for (k = 0; k < NWATCHED && !stop_signal; k++)
        if (sig == watched[k].sig) /* sent to the child (or its process group) from outside */
            stop_signal = sig;
    if (stop_signal) {
        snprintf(err, errsize, "%s: interrupted by %s while %s", what, signal_name(stop_signal),
                 step >= 0 ? steps[step].doing : "starting");
        return 128 + stop_signal;
    }
    if (late && step >= 0) {
        snprintf(err, errsize, "%s: still %s after %g s: %s", what, steps[step].doing, steps[step].seconds,
                 steps[step].timeout_hint);
        return 2;
    }
    if (i + 1 < have && got[i] == FAILED) {
        got[have] = 0;
        snprintf(err, errsize, "%s", (const char *)got + i + 2);
        return got[i + 1];
    }
    if (i < have && got[i] == DONE && WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0)
        return 0;
    if (sig && step >= 0)
        snprintf(err, errsize, "%s: crashed while %s (%s): %s", what, steps[step].doing, strsignal(sig),
                 steps[step].crash_hint);
    else
        snprintf(err, errsize, "%s: its trial in a child process ended without an answer (%s %d)", what,
                 sig ? "signal" : "exit status", sig ? sig : WEXITSTATUS(wstatus));
    return 2;
}

static char last_words[512];
static size_t last_length;

static void say_last_words(int sig)
{
    ssize_t k = write(2, last_words, last_length);
    (void)k;
    (void)sig; /* SA_RESETHAND: returning faults again, and the default action ends the process */
}

void ptest_guard_last_words(const char *line)
{
    static const int faults[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
    struct sigaction act;
    size_t i;
    snprintf(last_words, sizeof last_words, "%s\n", line);
    last_length = strlen(last_words);
    memset(&act, 0, sizeof act);
    act.sa_handler = say_last_words;
    act.sa_flags = SA_RESETHAND;
    sigemptyset(&act.sa_mask);
    for (i = 0; i < sizeof faults / sizeof faults[0]; i++)
        sigaction(faults[i], &act, NULL);
}
