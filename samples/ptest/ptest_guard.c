/* ptest_guard.c - see ptest_guard.h */
#define _POSIX_C_SOURCE 200809L
#include "ptest_guard.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* the pipe's messages from the child: a step's index as it starts, then
 * DONE, the hand-back's size (a uint64_t) and its bytes, or FAILED, the
 * status and the error */
enum { DONE = 0xFE, FAILED = 0xFF };
#define MESSAGES 4200 /* room for the steps' indices and FAILED's: more than PTEST_ERR_SIZE */

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

static void child(int fd, const ptest_guard_step *steps, int count, void *arg, const ptest_guard_back *back)
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
    } else {
        uint64_t size = back && back->bytes ? back->size : 0;
        say(fd, &size, sizeof size);
        say(fd, back && back->bytes ? back->bytes : "", (size_t)size);
    }
    _exit(0);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* what the child said: got[0 .. have), in a buffer of size bytes grown up to most */
typedef struct {
    unsigned char *got;
    size_t have, size, most;
    int late;    /* a step's time passed */
    int too_big; /* it said more than most, or more than this process could hold */
} answer;

/* the child's messages into a until it closes the pipe, a step's time passes
 * or a watched signal comes */
static void collect(int fd, const ptest_guard_step *steps, int count, answer *a)
{
    double deadline = now() + steps[0].seconds;
    size_t scanned = 0;
    char sink[4096];
    while (!stop_signal) {
        struct pollfd pfd;
        double left = deadline - now();
        ssize_t k;
        if (left <= 0) {
            a->late = 1;
            break;
        }
        pfd.fd = fd, pfd.events = POLLIN, pfd.revents = 0;
        if (poll(&pfd, 1, left > 0.1 ? 100 : (int)(left * 1000) + 1) <= 0)
            continue; /* a signal (the loop's test), or 0.1 s gone */
        if (a->have == a->size && a->size < a->most) {
            size_t size = a->most - a->size > a->size + MESSAGES ? 2 * a->size + MESSAGES : a->most;
            unsigned char *more = (unsigned char *)realloc(a->got, size);
            if (more)
                a->got = more, a->size = size;
            else
                a->most = a->size;
        }
        k = a->have < a->size ? read(fd, a->got + a->have, a->size - a->have) : read(fd, sink, sizeof sink);
        if (k == 0 || (k < 0 && errno != EINTR))
            break;
        if (k > 0 && a->have == a->size)
            a->too_big = 1; /* read into the sink, so that the child ends */
        else if (k > 0)
            a->have += (size_t)k;
        for (; scanned < a->have && a->got[scanned] < count; scanned++) /* a step starts: its own time */
            deadline = now() + steps[a->got[scanned]].seconds;
    }
}

/* DONE's hand-back (said: the bytes after DONE) into *back: 0, or 4 with err */
static int take_back(const char *what, answer *a, size_t said, ptest_guard_back *back, char *err, size_t errsize)
{
    uint64_t size = 0;
    size_t most = back ? back->most : 0;
    char why[120] = "";
    if (said < sizeof size)
        snprintf(why, sizeof why, "too few bytes to say how many follow (%zu)", said);
    else if (memcpy(&size, a->got + a->have - said, sizeof size), size > most)
        snprintf(why, sizeof why, "%llu bytes, more than the %zu allowed", (unsigned long long)size, most);
    else if (a->too_big || size != said - sizeof size)
        snprintf(why, sizeof why, "%s bytes than the %llu it announced",
                 a->too_big || said - sizeof size > size ? "more" : "fewer", (unsigned long long)size);
    if (*why) {
        snprintf(err, errsize, "%s: its trial in a child process handed back %s", what, why);
        return 4;
    }
    if (size > 0) { /* the bytes moved to the buffer's start, which becomes back's */
        memmove(a->got, a->got + a->have - said + sizeof size, (size_t)size);
        back->bytes = a->got;
        back->size = (size_t)size;
        a->got = NULL;
    }
    return 0;
}

static const char *signal_name(int sig)
{
    int i;
    for (i = 0; i < NWATCHED; i++)
        if (watched[i].sig == sig)
            return watched[i].name;
    return strsignal(sig);
}

/* the trial's outcome from what the child said (a) and how it ended: see ptest_guard_run */
static int outcome(const char *what, const ptest_guard_step *steps, int count, answer *a, int wstatus,
                   ptest_guard_back *back, char *err, size_t errsize)
{
    const unsigned char *got = a->got;
    size_t have = a->have, i;
    int step = -1, sig, k;
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
    if (a->late && step >= 0) {
        snprintf(err, errsize, "%s: still %s after %g s: %s", what, steps[step].doing, steps[step].seconds,
                 steps[step].timeout_hint);
        return 2;
    }
    if (i + 1 < have && got[i] == FAILED) {
        snprintf(err, errsize, "%.*s", (int)(have - i - 2), (const char *)got + i + 2);
        return got[i + 1];
    }
    if (i < have && got[i] == DONE && WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0)
        return take_back(what, a, have - i - 1, back, err, errsize);
    if (sig && step >= 0)
        snprintf(err, errsize, "%s: crashed while %s (%s): %s", what, steps[step].doing, strsignal(sig),
                 steps[step].crash_hint);
    else
        snprintf(err, errsize, "%s: its trial in a child process ended without an answer (%s %d)", what,
                 sig ? "signal" : "exit status", sig ? sig : WEXITSTATUS(wstatus));
    return 2;
}

int ptest_guard_run(const char *what, const ptest_guard_step *steps, int count, void *arg, ptest_guard_back *back,
                    char *err, size_t errsize)
{
    struct sigaction act, old[NWATCHED];
    answer a;
    int fds[2], wstatus = 0, status, k;
    pid_t pid;
    if (back)
        back->bytes = NULL, back->size = 0;
    memset(&a, 0, sizeof a);
    a.most = MESSAGES + sizeof(uint64_t) + (back ? back->most : 0);
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
        child(fds[1], steps, count, arg, back);
    }
    close(fds[1]);
    memset(&act, 0, sizeof act);
    act.sa_handler = on_signal; /* no SA_RESTART: poll returns at once */
    sigemptyset(&act.sa_mask);
    stop_signal = 0;
    for (k = 0; k < NWATCHED; k++)
        sigaction(watched[k].sig, &act, &old[k]);
    collect(fds[0], steps, count, &a);
    if (stop_signal || a.late)
        kill(pid, SIGKILL);
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
    for (k = 0; k < NWATCHED; k++)
        sigaction(watched[k].sig, &old[k], NULL);
    close(fds[0]);
    status = outcome(what, steps, count, &a, wstatus, back, err, errsize);
    free(a.got);
    return status;
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
