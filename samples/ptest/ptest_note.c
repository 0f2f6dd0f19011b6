/* ptest_note.c - kperm-ptest's notes (ptest_note in ptest.h): one line on
 * stderr, named by the program. */
#include "ptest.h"
#include <stdio.h>

void ptest_note(const char *line)
{
    fprintf(stderr, "kperm-ptest: %s\n", line);
}
