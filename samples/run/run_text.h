/* run_text.h - the checkpoint's text as the engine and a sample's lines see
 * it: a growing buffer to write lines into, and the lines of a file read. */
#ifndef RUN_TEXT_H
#define RUN_TEXT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* text written so far: s[0..len), NUL-terminated; start with all zero */
typedef struct {
    char *s;
    size_t len, cap;
} run_text;

/* appends printf's fmt to t; -1 when out of memory (t is then unchanged) */
int run_text_put(run_text *t, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* the lines of a NUL-terminated text, taken one at a time */
typedef struct {
    char *at;
} run_lines;

/* the next line, its newline overwritten by NUL; NULL at the end */
char *run_lines_next(run_lines *in);

#ifdef __cplusplus
}
#endif

#endif
