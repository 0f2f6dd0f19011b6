/* run_file.h - the one way the samples read a file whole: their inputs and
 * the engine's checkpoints. */
#ifndef RUN_FILE_H
#define RUN_FILE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The whole of the regular file at path, NUL-terminated, if it has at most
 * max bytes: a malloc'ed buffer and *size; or NULL with err "PATH: what is
 * wrong" (*absent = 1 when there is no such file). Anything but a regular
 * file (a directory, a FIFO, a device) is refused before it is opened, so
 * nothing blocks on it; `what` names the file in messages ("TSPLIB file"). */
char *run_read_file(const char *path, long max, const char *what, long *size, int *absent, char *err,
                    size_t errsize);

#ifdef __cplusplus
}
#endif

#endif
