/* run_output.c - the check at exit that what a sample printed was written
 * (run_output.h): a report lost to a full disk must not end with status 0. */
#include "run_output.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *output_prog = "";

void run_output_check(void)
{
    int bad = fflush(stdout) != 0 || ferror(stdout);
    if (bad)
        fprintf(stderr, "%s: cannot write the output: %s\n", output_prog, errno ? strerror(errno) : "write error");
    if (fflush(stderr) != 0 || ferror(stderr) || bad)
        _exit(1);
}

void run_output_check_at_exit(const char *prog)
{
    output_prog = prog;
    atexit(run_output_check);
}
