/* ptest_table.h - an input file as a table of text fields: CSV (commas) or
 * columns separated by blanks, fields in double quotes unquoted (RFC 4180),
 * '#' comment lines and blank lines skipped, a UTF-8 byte-order mark
 * dropped, a header line when none of its fields is a number (its names
 * each used once). */
#ifndef PTEST_TABLE_H
#define PTEST_TABLE_H

#include <stddef.h>

#define PTEST_MAX_COLUMNS 64
#define PTEST_MAX_ROWS 4096

typedef struct {
    const char *file;
    char *text;                        /* the file, its separators overwritten by NULs */
    int columns, rows;
    const char *header[PTEST_MAX_COLUMNS]; /* names, or "1", "2", ... without a header line */
    char *field[PTEST_MAX_ROWS][PTEST_MAX_COLUMNS];
    int line[PTEST_MAX_ROWS];          /* each row's line in the file, from 1 */
    char numbers[PTEST_MAX_COLUMNS][4]; /* the names of columns without a header */
    int numbers_first;                 /* no header, the first line all numbers (a header of years
                                        * would read so): its row is data */
} ptest_table;

/* Reads path into t (static storage: it is large). Returns 0, or -1 with err
 * "FILE:LINE: what is wrong" (or "FILE: ..."). */
int ptest_table_read(const char *path, ptest_table *t, char *err, size_t errsize);

/* A table made of columns already in memory (a front end's data frame):
 * header[i] names column i (unique; kept, not copied); cells holds its
 * rows' texts column after column (copied). Its messages say name:ROW:
 * (rows from 1). 0, or -1 with err; ptest_table_free frees it. */
int ptest_table_of_columns(ptest_table *t, const char *name, int columns, int rows, const char *const *header,
                           const char *const *cells, char *err, size_t errsize);

/* the column named `name` (its header, or its number from 1): its index, or -1 */
int ptest_table_column(const ptest_table *t, const char *name);

void ptest_table_free(ptest_table *t);

#endif
