/* ptest_steps.h - the steps of one test that every front end takes in the
 * same order (kperm-ptest's main, the R package's glue): choose how the
 * problem is counted, count it on the host, or open a backend and observe
 * before the kernels count. None prints or ends the process: each returns
 * a status with its error. */
#ifndef PTEST_STEPS_H
#define PTEST_STEPS_H

#include <stddef.h>
#include "ptest.h"
#include "ptest_backend.h"

/* how p is counted, given the --method asked (PTEST_METHOD_AUTO ...):
 * PTEST_METHOD_ENUMERATE (the kernels, and every Monte Carlo run),
 * PTEST_METHOD_SHIFT or PTEST_METHOD_MITM (ptest_linear.h), PTEST_METHODS
 * (a dynamic program, ptest_rank.h); or -1 with err */
int ptest_plan(const ptest_problem *p, int asked, char *err, size_t errsize);

/* counts p on the host by the plan's method (not ENUMERATE) into r and
 * big, the observed statistic into *observed, and what counted it (for
 * the report's method and device) into *method_name and *device: 0, or -1
 * with err */
int ptest_count_on_host(ptest_problem *p, int plan, int have_range, ptest_result *r, ptest_big_result *big,
                        double *observed, const char **method_name, const char **device, char *err,
                        size_t errsize);

/* opens backend ("auto", "cpu", "opencl", "cuda") for p into b: auto takes
 * the first that opens of CUDA, an OpenCL GPU (any OpenCL device for a C
 * statistic, which the cpu backend cannot run) and the cpu. device: the
 * --device asked, or NULL; threads: the cpu's (0: one a core); which: the
 * GPU of this process (run_job_local_rank); program: a trial's (NULL:
 * none). 0, or an exit status with err: 4, or 2 for a C statistic that
 * does not compile. */
int ptest_open_backend(ptest_backend *b, const ptest_problem *p, const char *backend, const char *device,
                       int threads, int which, const void *program, char *err, size_t errsize);

/* the backends this build has, as --backend names them, in the order
 * auto tries them: their number, at most PTEST_BACKENDS, into names */
#define PTEST_BACKENDS 3
int ptest_backend_names(const char *names[PTEST_BACKENDS]);

/* every column's observed statistic and the band around it, and the
 * histogram's range unless have_range, into p; *x column 0's: 0, or an
 * exit status with err */
int ptest_observe(ptest_problem *p, ptest_backend *b, int have_range, double *x, char *err, size_t errsize);

#endif
