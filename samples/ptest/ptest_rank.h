/* ptest_rank.h - rank statistics with ties (midranks), counted as a kernel
 * statistic of integer scores: Mann-Whitney's U and the Wilcoxon signed-rank
 * T+ as the mean difference of 2*midrank (shift, meet in the middle or
 * enumeration), Kruskal-Wallis' H as the one-way F of 2*midrank. Each is an
 * increasing function of the kernel's statistic, so the counts are the
 * kernel's; the report says the statistic in its own units. Jonckheere-
 * Terpstra's JT is counted by a dynamic program of its own, and so is
 * Kruskal-Wallis where its program fits (ptest_kruskal.h). */
#ifndef PTEST_RANK_H
#define PTEST_RANK_H

#include <stddef.h>
#include "ptest.h"

#define PTEST_RANK_MEMORY ((double)(1 << 28)) /* bytes of a dynamic program's two tables, as kperm._rank_dp.LIMIT_BYTES */

/* the rank statistic named (PTEST_MANN_WHITNEY ...), or 0 */
int ptest_rank_code(const char *name);

/* the kernel statistic that counts it: PTEST_MEAN or PTEST_ANOVA */
int ptest_rank_kernel_stat(int rank);

/* what it is, for the report */
const char *ptest_rank_meaning(int rank);

/* p's values (exact integers, p->rank set) replaced by the rank scores, and
 * the map back to the rank statistic kept in p. Returns 0, or -1 with err. */
int ptest_rank_scores(ptest_problem *p, char *err, size_t errsize);

/* the rank statistic of the kernel's value x, and back */
double ptest_rank_value(const ptest_problem *p, double x);
double ptest_rank_kernel_value(const ptest_problem *p, double value);

/* observed, least and greatest as the rank statistic (U and T+ are whole or half) */
void ptest_rank_units(const ptest_problem *p, double *observed, double *lo, double *hi);

/* qsort's order of long longs, ascending */
int ptest_rank_ascending(const void *a, const void *b);

/* the multinomial coefficient (part[0] + ... + part[k-1])! / (part[0]! ... part[k-1]!)
 * into *ways, exactly: 0, or -1 where it passes 2^64 */
int ptest_multinomial(const int *part, int k, unsigned long long *ways);

/* whether a dynamic program counts p, asked the method `asked`: JT always
 * (the only way it is counted), Kruskal-Wallis with --method auto where
 * ptest_kruskal_fits (else it is enumerated) */
int ptest_rank_dynamic(const ptest_problem *p, int asked);

/* --stat jonckheere, or kruskal where ptest_rank_dynamic: every labelling of
 * p counted by a dynamic program over the tie blocks (no enumeration);
 * *observed its JT, or the kernels' F (ptest_kruskal.h). Sets p->hist_lo and
 * hist_hi without have_range. Returns 0, or -1 with err (the tables would
 * pass 256 MiB, or out of memory). */
int ptest_rank_count(ptest_problem *p, int have_range, ptest_result *r, double *observed, char *err,
                     size_t errsize);

#endif
