/* run_file.c - a file read whole (see run_file.h). */
#define _POSIX_C_SOURCE 200809L /* stat, open, read */
#include "run_file.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* what kind of file st is, for a refusal */
static const char *file_kind(const struct stat *st)
{
    return S_ISDIR(st->st_mode) ? "a directory" : S_ISFIFO(st->st_mode) ? "a FIFO" : S_ISCHR(st->st_mode)
         ? "a character device" : S_ISBLK(st->st_mode) ? "a block device" : S_ISSOCK(st->st_mode) ? "a socket"
         : "not a regular file";
}

char *run_read_file(const char *path, long max, const char *what, long *size, int *absent, char *err,
                    size_t errsize)
{
    struct stat st;
    char *text = NULL;
    long got = 0;
    int fd = -1;
    *absent = 0;
    /* stat first, then open without blocking and check what was opened:
     * a FIFO swapped in between cannot hold the open either */
    if (stat(path, &st) != 0 || (S_ISREG(st.st_mode) && (fd = open(path, O_RDONLY | O_NONBLOCK)) < 0)
        || (fd >= 0 && fstat(fd, &st) != 0)) {
        *absent = errno == ENOENT;
        snprintf(err, errsize, "%s: cannot open: %s", path, strerror(errno));
    } else if (!S_ISREG(st.st_mode))
        snprintf(err, errsize, "%s: %s, not a %s", path, file_kind(&st), what);
    else if (st.st_size > max)
        snprintf(err, errsize, "%s: %lld bytes, over the %ld bytes a %s may have", path, (long long)st.st_size,
                 max, what);
    else if (!(text = (char *)malloc((size_t)st.st_size + 1)))
        snprintf(err, errsize, "%s: out of memory", path);
    else {
        ssize_t k = 1;
        while (got < (long)st.st_size && (k = read(fd, text + got, (size_t)(st.st_size - got))) != 0)
            if (k > 0)
                got += (long)k;
            else if (errno != EINTR)
                break;
        if (got < (long)st.st_size) {
            snprintf(err, errsize, "%s: cannot read: %s", path, k < 0 ? strerror(errno) : "the file shrank");
            free(text);
            text = NULL;
        } else {
            text[got] = 0;
            *size = got;
        }
    }
    if (fd >= 0)
        close(fd);
    return text;
}
