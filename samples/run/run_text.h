/* run_text.h - the checkpoint's text as the engine and a sample's lines see
 * it: a growing buffer to write lines into, and the lines of a file read. */
#ifndef RUN_TEXT_H
#define RUN_TEXT_H

#include <stddef.h>
#include "kperm/platform.h"

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

/* One line's words, read in exactly the form the writers give them: one
 * space between words, decimal integers without sign or leading zero,
 * lowercase hexadecimal digits, and finite doubles as %a writes them.
 * Anything else (an overflow, "+5", "0x", upper case) is refused: a
 * checkpoint is only ever written by the engine, so another spelling is
 * damage or forgery. A failed read makes every later one fail, so a line is
 * read whole and checked once, by run_words_end. */
typedef struct {
    const char *at; /* the rest of the line */
    int ok, first;  /* every read so far succeeded; none has been made */
} run_words;

/* the words of line (NULL: a missing line, whose reads all fail) */
run_words run_words_of(const char *line);
/* the next word is `word`; returns w->ok, as do the readers below */
int run_word_is(run_words *w, const char *word);
/* the next word is a decimal integer 0..max, put in *v */
int run_word_u64(run_words *w, kperm_u64 max, kperm_u64 *v);
/* the next word is `digits` lowercase hexadecimal digits, copied into out
 * (digits + 1 bytes, NUL-terminated) */
int run_word_hex(run_words *w, size_t digits, char *out);
/* the next word is a finite double as printf's %a writes it (the one
 * spelling of each value: no "0X", "+", padding or trailing zero), put in *v */
int run_word_hexfloat(run_words *w, double *v);
/* whether every read succeeded and no word is left */
int run_words_end(const run_words *w);

#ifdef __cplusplus
}
#endif

#endif
