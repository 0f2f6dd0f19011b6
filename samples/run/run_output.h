/* run_output.h - every sample's last word at exit: the output it printed
 * must have reached its file or pipe, else exit status 1 with a message. */
#ifndef RUN_OUTPUT_H
#define RUN_OUTPUT_H

/* Registers (atexit) the check that flushes stdout and stderr at exit and,
 * when either failed (a full disk, a closed pipe), says so as "PROG: cannot
 * write the output: ..." and ends with status 1. prog must outlive the
 * process's run (argv's, or a literal). */
void run_output_check_at_exit(const char *prog);

/* the same check, now: for an exit that runs no exit handlers
 * (run_job_exit_now) */
void run_output_check(void);

#endif
