/* run_text.c - the checkpoint's lines (see run_text.h). */
#include "run_text.h"
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
