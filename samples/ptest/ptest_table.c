/* ptest_table.c - the input file as a table (ptest_table.h). */
#include "ptest_table.h"
#include "ptest_decimal.h"
#include "run_file.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILE (64L << 20)

static char *trim(char *s)
{
    char *end = s + strlen(s);
    while (*s == ' ' || *s == '\t')
        s++;
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        *--end = 0;
    return s;
}

/* the fields of one line, in place: separated by commas (csv) or by runs
 * of blanks. A field in double quotes loses them and may hold the
 * separator, "" inside standing for one quote (RFC 4180: R's write.csv and
 * write.table quote every name so). The count, or -1 with *why. */
static int split(char *s, int csv, char **out, int max, const char **why)
{
    int n = 0;
    for (;;) {
        char *field;
        int last, quoted;
        s += strspn(s, " \t\r");
        quoted = *s == '"';
        if (!csv && !*s)
            return n;
        if (n == max) {
            *why = NULL; /* the caller names the limit */
            return -1;
        }
        if (quoted) {
            char *w = field = ++s;
            while (*s != '"' || s[1] == '"') {
                if (!*s) {
                    *why = "a quoted field is not closed (a line break inside quotes is not read)";
                    return -1;
                }
                s += *s == '"'; /* "" is one quote */
                *w++ = *s++;
            }
            *w = 0; /* w <= s: the text still to read is intact */
            s++;
            if (csv)
                s += strspn(s, " \t\r");
            if (*s && !strchr(csv ? "," : " \t\r", *s)) {
                *why = "text after a closing quote (a quote inside a quoted field is written \"\")";
                return -1;
            }
        } else {
            field = s;
            s += strcspn(s, csv ? "," : " \t\r");
        }
        last = !*s;
        if (*s)
            *s++ = 0;
        out[n++] = csv && !quoted ? trim(field) : field;
        if (csv && last)
            return n;
    }
}

static int fail(char *err, size_t errsize, const char *file, int line, const char *what)
{
    snprintf(err, errsize, "%s:%d: %s", file, line, what);
    return -1;
}

/* how many fields of f are numbers: none makes the first line a header */
static int numbers_in(char **f, int n)
{
    int i, count = 0;
    for (i = 0; i < n; i++)
        count += ptest_decimal_is_number(f[i]);
    return count;
}

/* a header naming two columns alike: -1 with the error, else 0 (a name
 * must pick one column) */
static int names_once(const ptest_table *t, int lineno, char *err, size_t errsize)
{
    int i, j;
    for (i = 0; i < t->columns; i++)
        for (j = i + 1; j < t->columns; j++)
            if (strcmp(t->header[i], t->header[j]) == 0) {
                char what[200];
                snprintf(what, sizeof what, "columns %d and %d are both named '%.100s': name each column once",
                         i + 1, j + 1, t->header[i]);
                return fail(err, errsize, t->file, lineno, what);
            }
    return 0;
}

/* a byte-order mark at the start of the text: UTF-8's is dropped (Windows'
 * editors write one; it is no part of the first name or number); UTF-16's
 * is refused by name. -1 with the error, else 0 */
static int byte_order_mark(ptest_table *t, long *size, char *err, size_t errsize)
{
    if (*size >= 3 && memcmp(t->text, "\xef\xbb\xbf", 3) == 0) {
        *size -= 3;
        memmove(t->text, t->text + 3, (size_t)*size + 1); /* with the NUL run_read_file ends it with */
    } else if (*size >= 2 && (memcmp(t->text, "\xff\xfe", 2) == 0 || memcmp(t->text, "\xfe\xff", 2) == 0))
        return fail(err, errsize, t->file, 1, "UTF-16 text (its byte-order mark): save the file as UTF-8");
    return 0;
}

int ptest_table_read(const char *path, ptest_table *t, char *err, size_t errsize)
{
    long size = 0;
    int absent = 0, lineno = 0, csv = -1, i;
    char *at, *next, *fields[PTEST_MAX_COLUMNS], what[160];
    const char *why;
    memset(t, 0, sizeof *t);
    t->file = path;
    t->text = run_read_file(path, MAX_FILE, "data file", &size, &absent, err, errsize);
    if (!t->text)
        return -1;
    if (byte_order_mark(t, &size, err, errsize))
        return -1;
    if (memchr(t->text, 0, (size_t)size))
        return fail(err, errsize, path, 1, "a NUL byte: not a text file");
    for (at = t->text; at; at = next) {
        char *line;
        int n;
        next = strchr(at, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        line = trim(at);
        if (!*line || *line == '#')
            continue;
        if (csv < 0) {
            csv = strchr(line, ',') != NULL;
            /* a spreadsheet's export where the decimal point is a comma:
             * read as blank-separated it would be one field a line */
            if (!csv && strchr(line, ';'))
                return fail(err, errsize, path, lineno, "';' is not a separator: fields are separated by commas "
                                                        "or blanks, with a decimal point (save the file as CSV "
                                                        "with commas)");
        }
        n = split(line, csv, fields, PTEST_MAX_COLUMNS, &why);
        if (n < 0) {
            snprintf(what, sizeof what, "more than %d fields", PTEST_MAX_COLUMNS);
            return fail(err, errsize, path, lineno, why ? why : what);
        }
        if (t->columns == 0) {
            int numbers = numbers_in(fields, n);
            t->columns = n;
            if (numbers == 0) {
                for (i = 0; i < n; i++)
                    t->header[i] = fields[i];
                if (names_once(t, lineno, err, errsize))
                    return -1;
                continue;
            }
            t->numbers_first = numbers == n;
            for (i = 0; i < n; i++) {
                snprintf(t->numbers[i], sizeof t->numbers[i], "%d", i + 1);
                t->header[i] = t->numbers[i];
            }
        }
        if (n != t->columns) {
            snprintf(what, sizeof what, "%d field%s where the first line has %d (%s)", n, n == 1 ? "" : "s",
                     t->columns, csv ? "separated by commas, as the first line is"
                                     : "separated by blanks: the first line has no comma");
            return fail(err, errsize, path, lineno, what);
        }
        if (t->rows == PTEST_MAX_ROWS) {
            snprintf(what, sizeof what, "more than %d rows", PTEST_MAX_ROWS);
            return fail(err, errsize, path, lineno, what);
        }
        memcpy(t->field[t->rows], fields, (size_t)n * sizeof *fields);
        t->line[t->rows++] = lineno;
    }
    if (t->rows == 0)
        return fail(err, errsize, path, lineno ? lineno : 1, "no data rows");
    return 0;
}

int ptest_table_of_columns(ptest_table *t, const char *name, int columns, int rows, const char *const *header,
                           const char *const *cells, char *err, size_t errsize)
{
    size_t size = 1, at = 0, len;
    int i, r;
    memset(t, 0, sizeof *t);
    t->file = name;
    if (columns < 1 || columns > PTEST_MAX_COLUMNS || rows < 1 || rows > PTEST_MAX_ROWS) {
        snprintf(err, errsize, "%s: %d columns of %d rows: 1 to %d columns of 1 to %d rows", name, columns, rows,
                 PTEST_MAX_COLUMNS, PTEST_MAX_ROWS);
        return -1;
    }
    for (i = 0; i < columns * rows; i++)
        size += strlen(cells[i]) + 1;
    if (!(t->text = (char *)malloc(size))) {
        snprintf(err, errsize, "%s: out of memory", name);
        return -1;
    }
    t->columns = columns;
    t->rows = rows;
    for (i = 0; i < columns; i++)
        t->header[i] = header[i];
    for (i = 0; i < columns; i++)
        for (r = 0; r < rows; r++) {
            len = strlen(cells[i * rows + r]) + 1;
            memcpy(t->text + at, cells[i * rows + r], len);
            t->field[r][i] = t->text + at;
            at += len;
        }
    for (r = 0; r < rows; r++)
        t->line[r] = r + 1;
    if (names_once(t, 0, err, errsize)) {
        ptest_table_free(t);
        return -1;
    }
    return 0;
}

int ptest_table_column(const ptest_table *t, const char *name)
{
    int i;
    for (i = 0; i < t->columns; i++)
        if (strcmp(t->header[i], name) == 0)
            return i;
    i = atoi(name);
    return *name && strspn(name, "0123456789") == strlen(name) && i >= 1 && i <= t->columns ? i - 1 : -1;
}

void ptest_table_free(ptest_table *t)
{
    free(t->text);
    t->text = NULL;
}
