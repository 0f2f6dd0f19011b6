/* run_text.c - the checkpoint's lines (see run_text.h). */
#include "run_text.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int run_text_put(run_text *t, const char *fmt, ...)
{
    va_list ap;
    int k;
    va_start(ap, fmt);
    k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0)
        return -1;
    if (t->len + (size_t)k + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 + (size_t)k : 4096 + (size_t)k;
        char *s = (char *)realloc(t->s, cap);
        if (!s)
            return -1;
        t->s = s;
        t->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(t->s + t->len, (size_t)k + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)k;
    return 0;
}

char *run_lines_next(run_lines *in)
{
    char *start = in->at, *nl;
    if (!*start)
        return NULL;
    nl = strchr(start, '\n');
    if (nl) {
        *nl = 0;
        in->at = nl + 1;
    } else
        in->at = start + strlen(start);
    return start;
}

run_words run_words_of(const char *line)
{
    run_words w;
    w.at = line;
    w.ok = line != NULL;
    w.first = 1;
    return w;
}

/* the next word, [*start, start + length): after one space but for the
 * first; a missing or empty word fails */
static size_t next_word(run_words *w, const char **start)
{
    if (w->ok && !w->first) {
        w->ok = *w->at == ' ';
        w->at += w->ok;
    }
    w->first = 0;
    if (!w->ok)
        return 0;
    *start = w->at;
    while (*w->at && *w->at != ' ')
        w->at++;
    w->ok = w->at > *start;
    return (size_t)(w->at - *start);
}

int run_word_is(run_words *w, const char *word)
{
    const char *s = NULL;
    size_t len = next_word(w, &s);
    w->ok = w->ok && len == strlen(word) && memcmp(s, word, len) == 0;
    return w->ok;
}

int run_word_u64(run_words *w, kperm_u64 max, kperm_u64 *v)
{
    const char *s = NULL;
    size_t len = next_word(w, &s), i;
    kperm_u64 x = 0;
    if (w->ok && len > 1 && s[0] == '0') /* the writers never pad */
        w->ok = 0;
    for (i = 0; w->ok && i < len; i++) {
        kperm_u64 d = (kperm_u64)(unsigned char)s[i] - '0';
        if (d > 9 || d > max || x > (max - d) / 10) /* x * 10 + d would pass max */
            w->ok = 0;
        else
            x = x * 10 + d;
    }
    if (w->ok)
        *v = x;
    return w->ok;
}

int run_word_hex(run_words *w, size_t digits, char *out)
{
    const char *s = NULL;
    size_t len = next_word(w, &s), i;
    w->ok = w->ok && len == digits;
    for (i = 0; w->ok && i < len; i++)
        w->ok = strchr("0123456789abcdef", s[i]) != NULL && s[i];
    if (w->ok) {
        memcpy(out, s, digits);
        out[digits] = 0;
    }
    return w->ok;
}

int run_word_hexfloat(run_words *w, double *v)
{
    const char *s = NULL;
    size_t len = next_word(w, &s);
    char word[32], again[32]; /* "-0x1.fffffffffffffp+1023" is the longest, 24 */
    double x = 0;
    if (w->ok && len < sizeof word) {
        memcpy(word, s, len);
        word[len] = 0;
        x = strtod(word, NULL);
        /* strtod takes many spellings of one value (and of inf and nan):
         * the word is accepted only where printf writes that value back as
         * the same word, which no other spelling is */
        snprintf(again, sizeof again, "%a", x);
        w->ok = isfinite(x) && strcmp(word, again) == 0;
    } else
        w->ok = 0;
    if (w->ok)
        *v = x;
    return w->ok;
}

int run_words_end(const run_words *w)
{
    return w->ok && !w->first && *w->at == 0;
}
