/* ptest_user_check.c - see ptest_user_check.h */
#include "ptest_user_check.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the directives a body may use: none reads a file, sets a pragma or renames the source */
static const char *const allowed[] = {"define", "undef", "if", "ifdef", "ifndef", "elif", "else", "endif", "error"};

#define OUTPUT "a C statistic may not write output (stdout is the report's)"
#define FILES "a C statistic may not reach files or pragmas through the preprocessor"
#define ASM "a C statistic may not hold assembly"
static const struct {
    const char *name, *why;
} refused[] = {
    {"printf", OUTPUT},        {"vprintf", OUTPUT},        {"__builtin_printf", OUTPUT}, {"puts", OUTPUT},
    {"putchar", OUTPUT},       {"fputs", OUTPUT},          {"fputc", OUTPUT},            {"fprintf", OUTPUT},
    {"fwrite", OUTPUT},        {"assert", OUTPUT},         {"__assertfail", OUTPUT},     {"__assert_fail", OUTPUT},
    {"_Pragma", FILES},        {"__pragma", FILES},        {"__has_include", FILES},     {"__has_include_next", FILES},
    {"__has_embed", FILES},    {"asm", ASM},               {"__asm", ASM},               {"__asm__", ASM},
};

/* the C++ prefixes of a raw string literal, which NVRTC reads and this lexer does not */
static const char *const raw_prefixes[] = {"R", "LR", "uR", "UR", "u8R"};

typedef struct {
    const char *file;
    char *err;
    size_t errsize;
} report;

static int fail(const report *r, int line, const char *what, const char *why)
{
    snprintf(r->err, r->errsize, "%s:%d: %s%s%s", r->file, line, what, *what ? ": " : "", why);
    return -1;
}

static int ident_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$'
           || c >= 0x80;
}

static int digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static int blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r';
}

/* what the lexer could read otherwise than a compiler: 0, or -1 with err */
static int ambiguous(const char *s, size_t n, const report *r)
{
    size_t i, k;
    int line = 1;
    for (i = 0; i < n; line += s[i++] == '\n') {
        if (!s[i])
            return fail(r, line, "a NUL byte", "not a C source");
        if (s[i] == '?' && i + 2 < n && s[i + 1] == '?' && strchr("=/'()!<>-", s[i + 2]) && s[i + 2]) {
            char what[16];
            snprintf(what, sizeof what, "'??%c'", s[i + 2]);
            return fail(r, line, what, "a C statistic may not hold trigraphs");
        }
        if (s[i] == '\r' && (i + 1 == n || s[i + 1] != '\n'))
            return fail(r, line, "a carriage return without a line feed", "not a line end every compiler reads alike");
        for (k = i + 1; s[i] == '\\' && k < n && blank((unsigned char)s[k]) && s[k] != '\r'; k++)
            ;
        if (s[i] == '\\' && k > i + 1 && k < n && (s[k] == '\n' || (s[k] == '\r' && k + 1 < n && s[k + 1] == '\n')))
            return fail(r, line, "a backslash before blanks at a line's end",
                        "remove the blanks (compilers differ on whether it joins the lines)");
    }
    return 0;
}

/* s with its backslash-newlines removed into t, the line of each of t's characters in line; t's length */
static size_t splice(const char *s, size_t n, char *t, int *line)
{
    size_t i, m = 0;
    int at = 1;
    for (i = 0; i < n; i++) {
        if (s[i] == '\\' && ((i + 1 < n && s[i + 1] == '\n') || (i + 2 < n && s[i + 1] == '\r' && s[i + 2] == '\n'))) {
            i += s[i + 1] == '\r' ? 2 : 1;
            at++;
            continue;
        }
        t[m] = s[i];
        line[m++] = at;
        at += s[i] == '\n';
    }
    t[m] = 0;
    return m;
}

/* past the string or character literal at t[j]; it ends at its quote or before its line's end */
static size_t literal(const char *t, size_t m, size_t j)
{
    char quote = t[j++];
    while (j < m && t[j] != quote && t[j] != '\n')
        j += t[j] == '\\' && j + 1 < m && t[j + 1] != '\n' ? 2 : 1;
    return j < m && t[j] == quote ? j + 1 : j;
}

/* past the preprocessing number at t[j], up to a quote: C++ (NVRTC) reads
 * 1'a as one number with a digit separator, C (OpenCL) as 1 and a character
 * literal, so a quote there is refused by the caller */
static size_t number(const char *t, size_t m, size_t j)
{
    for (j++; j < m; j++)
        if ((t[j] == '+' || t[j] == '-') && strchr("eEpP", t[j - 1]))
            continue;
        else if (!ident_char((unsigned char)t[j]) && t[j] != '.')
            break;
    return j;
}

/* past blanks and block comments from t[j] (a comment across lines included: refusing more is safe) */
static size_t skip_blanks(const char *t, size_t m, size_t j)
{
    for (;;)
        if (j < m && blank((unsigned char)t[j]))
            j++;
        else if (j + 1 < m && t[j] == '/' && t[j + 1] == '*') {
            const char *end = strstr(t + j + 2, "*/");
            j = end ? (size_t)(end - t) + 2 : m;
        } else
            return j;
}

/* the directive after the '#' that ends at t[j]: 0 when allowed, else -1 with err */
static int directive(const char *t, size_t m, size_t j, int line, const report *r)
{
    char what[48];
    size_t k, i;
    j = skip_blanks(t, m, j);
    if (j >= m || t[j] == '\n' || (t[j] == '/' && j + 1 < m && t[j + 1] == '/'))
        return 0; /* the null directive */
    for (k = j; k < m && ident_char((unsigned char)t[k]); k++)
        ;
    for (i = 0; k > j && i < sizeof allowed / sizeof allowed[0]; i++)
        if (strlen(allowed[i]) == k - j && !strncmp(t + j, allowed[i], k - j))
            return 0;
    snprintf(what, sizeof what, "'#%.*s'", (int)(k > j ? (k - j < 32 ? k - j : 32) : 1), t + j);
    return fail(r, line, what, "a C statistic may use #define, #undef, #if, #ifdef, #ifndef, #elif, #else, #endif "
                               "and #error only (nothing outside it is read)");
}

/* the name t[j, k): 0, or -1 with err when it is refused or starts a raw string */
static int name(const char *t, size_t m, size_t j, size_t k, int line, const report *r)
{
    char what[48];
    size_t i;
    snprintf(what, sizeof what, "'%.*s'", (int)(k - j < 40 ? k - j : 40), t + j);
    for (i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (strlen(refused[i].name) == k - j && !strncmp(t + j, refused[i].name, k - j))
            return fail(r, line, what, refused[i].why);
    for (i = 0; k < m && t[k] == '"' && i < sizeof raw_prefixes / sizeof raw_prefixes[0]; i++)
        if (strlen(raw_prefixes[i]) == k - j && !strncmp(t + j, raw_prefixes[i], k - j))
            return fail(r, line, "a raw string literal", "a C statistic may not hold one");
    return 0;
}

/* the lexer over t: 0, or -1 with err */
static int lex(const char *t, size_t m, const int *line, const report *r)
{
    size_t j = 0, k;
    int start = 1; /* only blanks and comments since the last line's end */
    while (j < m) {
        char c = t[j];
        if (c == '\n' || blank((unsigned char)c)) {
            start = start || c == '\n';
            j++;
            continue;
        }
        if (c == '/' && j + 1 < m && t[j + 1] == '/') {
            j += strcspn(t + j, "\n");
            continue;
        }
        if (c == '/' && j + 1 < m && t[j + 1] == '*') {
            const char *end = strstr(t + j + 2, "*/");
            if (!end)
                return fail(r, line[j], "a comment that is not closed", "not a C source");
            for (k = j; k < (size_t)(end - t); k++)
                start = start || t[k] == '\n';
            j = (size_t)(end - t) + 2;
            continue;
        }
        if (c == '#' || (c == '%' && j + 1 < m && t[j + 1] == ':')) { /* %: is #'s digraph */
            k = j + (c == '#' ? 1 : 2);
            if (k < m && (t[k] == '#' || (t[k] == '%' && k + 1 < m && t[k + 1] == ':')))
                return fail(r, line[j], "'##'", "a C statistic may not paste tokens (it could spell a name refused "
                                                "here)");
            if (start && directive(t, m, k, line[j], r))
                return -1;
        } else if (c == '"' || c == '\'')
            k = literal(t, m, j);
        else if (digit((unsigned char)c) || (c == '.' && j + 1 < m && digit((unsigned char)t[j + 1]))) {
            k = number(t, m, j);
            if (k < m && t[k] == '\'')
                return fail(r, line[j], "a quote right after a number",
                            "C reads it as a character, C++ as a digit separator: not read alike");
        }
        else if (ident_char((unsigned char)c)) {
            for (k = j; k < m && ident_char((unsigned char)t[k]); k++)
                ;
            if (name(t, m, j, k, line[j], r))
                return -1;
        } else
            k = j + 1;
        start = 0;
        j = k;
    }
    return 0;
}

int ptest_user_check(const char *body, size_t size, const char *file, char *err, size_t errsize)
{
    report r;
    char *t;
    int *line, rc;
    r.file = file, r.err = err, r.errsize = errsize;
    if (ambiguous(body, size, &r))
        return -1;
    t = (char *)malloc(size + 1);
    line = (int *)malloc((size + 1) * sizeof *line);
    if (!t || !line) {
        snprintf(err, errsize, "%s: out of memory", file);
        rc = -1;
    } else
        rc = lex(t, splice(body, size, t, line), line, &r);
    free(t);
    free(line);
    return rc;
}
