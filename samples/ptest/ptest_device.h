/* ptest_device.h - what the two backends that compile stats_kernel.h at run
 * time (OpenCL, and CUDA through NVRTC) share: the program's text for a
 * problem, a count split into launches with their counters read back and
 * added up, and a compiler's log made one line. */
#ifndef PTEST_DEVICE_H
#define PTEST_DEVICE_H

#include "ptest_backend.h"

extern const char ptest_stats_kernel_text[]; /* stats_kernel.h with stats_wide.h inlined */

/* the kernels' inputs, in the order of their arguments */
enum { PTEST_IN_V, PTEST_IN_D, PTEST_IN_SIZES, PTEST_IN_AUX, PTEST_IN_OBS, PTEST_IN_PAR, PTEST_INPUTS };

/* each input's bytes in p, and how many */
void ptest_device_inputs(const ptest_problem *p, const void *host[PTEST_INPUTS], size_t bytes[PTEST_INPUTS]);

/* The program's text: prelude (kperm for the device), strict (the
 * backend's pragmas that make its compiler's warnings of undefined
 * behaviour errors: a C statistic that may fall off its end or read a
 * variable never set is refused, not run), the problem's variant as PS_*
 * macros, stats_kernel.h, and a C statistic's body under a #line naming its
 * file, so that the compiler's messages point into it. NULL when out of
 * memory; the caller frees it. */
char *ptest_device_source(const ptest_problem *p, const char *prelude, const char *strict);

/* A bound on a compiler's memory in a trial's child process (ptest_guard.h):
 * with bytes > 0, ptest_device_compiling(1) sets the process's soft
 * RLIMIT_DATA to what it holds then plus bytes, so that a statistic whose
 * macros expand without end makes its compiler fail, not the machine swap,
 * and ptest_device_compiling(0) lifts it again. RLIMIT_DATA (the heap and
 * private writable mappings, from Linux 4.7), not RLIMIT_AS: the CUDA
 * driver reserves address space far past any such bound. No bound (0)
 * unless set, as in the parent. */
void ptest_device_compiler_bound(size_t bytes);
void ptest_device_compiling(int on);

/* The registers a work-item may use on an NVIDIA GPU, 0 for no bound: the
 * CUDA backend passes it to NVRTC as -maxrregcount, the OpenCL one to
 * NVIDIA's OpenCL as -cl-nv-maxrregcount. 64 for maxT, where ps_maxt keeps
 * every column's sums (its __launch_bounds__ say the same to CUDA): 4
 * groups of 256 work-items on a multiprocessor. 80 for Welch's t and the
 * variance ratio compared exactly: 3 groups, where ps_count's 90 registers
 * let 2 run (bench/RESULTS.md). None elsewhere: the other statistics need
 * fewer (Pearson's r, 46: 3 groups instead of 4 made NVIDIA's OpenCL 20 %
 * slower), and a C statistic's body is the user's. */
int ptest_device_register_bound(const ptest_problem *p);

/* A backend's two launches over ranks [begin, end), each on `groups`
 * work-groups of local items, their counters copied into the host's arrays
 * (sized for groups * local items): ps_count's counters, extremes and
 * per-group histograms, or ps_maxt's counters. 0, or -1 with err. */
typedef struct {
    void *state;
    size_t local;  /* work-items a work-group */
    size_t groups; /* work-groups a launch at most */
    int (*count)(void *state, const ptest_problem *p, kperm_rank begin, kperm_rank end, size_t groups,
                 unsigned long long *counts, double *extremes, unsigned long long *hist, char *err, size_t errsize);
    int (*maxt)(void *state, const ptest_problem *p, kperm_rank begin, kperm_rank end, size_t groups,
                unsigned long long *counts, char *err, size_t errsize);
} ptest_launcher;

/* ranks [begin, end) of p added into out: one ps_maxt launch with several
 * columns (it keeps no histogram, so any number of ranks), else ps_count
 * launches of at most PTEST_LAUNCH ranks. 0, or -1 with err. */
int ptest_device_count(const ptest_launcher *l, const ptest_problem *p, kperm_rank begin, kperm_rank end,
                       ptest_result *out, char *err, size_t errsize);

/* the line of `source` (from ptest_device_source) where the C statistic's
 * body starts, 0 without one */
int ptest_device_body_line(const char *source);

/* "BACKEND: FILE does not compile: " and the log's lines joined by " | ",
 * so that the error stays one line; with body_line > 0, a compiler's
 * "<kernel>:LINE:" (NVIDIA's OpenCL, which ignores #line) becomes FILE and
 * the line within the body */
int ptest_device_build_failed(const char *backend, const char *file, const char *log, int body_line, char *err,
                              size_t errsize);

#endif
