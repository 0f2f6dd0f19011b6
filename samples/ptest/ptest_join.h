/* ptest_join.h - the C backend's fast way through two groups when the
 * statistic is one of group 1's sum s and sum of squares q (the mean
 * difference, Welch's t, the variance ratio) and there is one value
 * column.
 *
 * The revolving-door list is recursive (include/kperm/revdoor.h), so the
 * ranks whose elements j and above are one fixed set H form one block of
 * consecutive ranks, the t-subsets of the j low elements in their own
 * revolving-door order (or its reverse), t = m - |H|. A table holds, for
 * every t-subset of the low elements in that order, its sum and the terms
 * of the statistic that depend on it alone; a split of the block is then H's
 * terms plus one table entry, a few multiply-adds in doubles on two arrays,
 * which the compiler vectorizes.
 *
 * The doubles only screen. Each statistic orders as P/R (R >= 0), compared
 * with a constant c (the observed value's, the tolerance band's edges, the
 * least and greatest values so far), through the sign of g = P - c*R. Every
 * term of P and R is bounded by one constant of the data, so rounding moves
 * g by far less than PTEST_JOIN_TOL times c's bound; a split whose |g| is
 * above it is decided by the sign. Its histogram bin is decided where both
 * ends of its statistic's error bar fall in the same bin. Ties with the
 * observed split are found exactly, where the sums are integers below 2^53,
 * by comparing (s, q). Any split left open on any count is counted by the
 * kernel itself (stats_kernel.h's ps_count, the exact keys), which also
 * gives the extremes: a whole tile of PTEST_JOIN_TILE ranks where more
 * than an eighth are open. So the result is the walk's, field for field.
 *
 * A whole block (once some extremes are known) goes through a second copy
 * of its table sorted by s instead, in boxes of consecutive entries: where
 * bounds over a box's ranges of s and of the other terms decide every
 * comparison and the bin, the box counts at once; else its splits are
 * screened one by one, and after the block the kernel counts those left
 * open, each run of consecutive ranks at once. Counts are sums over the
 * block, so its order does not matter. A table whose boxes decide too few
 * of its splits (the variance ratio, mostly) goes back to the tiles. */
#ifndef PTEST_JOIN_H
#define PTEST_JOIN_H

#include "ptest.h"
#include "ptest_kernels.h"

#define PTEST_JOIN_LOW 16 /* elements in the low part, at most: 2^16 table entries */

typedef struct ptest_join ptest_join;

/* the low part for p: as small as keeps its blocks to about a thousandth
 * of the splits, so that building the table and the blocks' own work both
 * stay small */
int ptest_join_low(const ptest_problem *p);

/* the tables for p split at min(low, n, PTEST_JOIN_LOW) low elements, or
 * NULL where the join does not apply to p (or memory ran out): then the
 * caller walks */
ptest_join *ptest_join_new(const ptest_problem *p, int low);
void ptest_join_free(ptest_join *J);

/* Adds ranks [begin, end) of p into r as count (p's ps_count) would,
 * calling it for the tiles the screen cannot decide; *screened (if not
 * NULL) gets the ranks decided without it. p->obs and p->par must hold
 * the observed value (counting reads them at every call). */
void ptest_join_count(const ptest_join *J, const ptest_problem *p, ptest_count_fn count, kperm_rank begin,
                      kperm_rank end, ptest_result *r, kperm_rank *screened);

#endif
