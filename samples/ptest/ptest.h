/* ptest.h - kperm-ptest's problem: the data as exact integers, what is
 * rearranged and which statistic, as python/kperm/stats_kernel.h (the one
 * statistics source every backend runs) takes them; and the result a range
 * of ranks adds up to. A problem holds no pointer: MPI sends it as bytes. */
#ifndef PTEST_H
#define PTEST_H

#include "kperm.h"
#include "ptest_bigcount.h"

#define PTEST_MAXN 64       /* observations enumerated (pairs for paired, 20 for pairings): PS_MAXN */
#define PTEST_HOST_MAXN 1000 /* observations (or pairs) counted on the host without enumerating (ptest_linear.h) */
/* observations of two groups --resamples draws from (one value column):
 * PS_SAMPLE_MAXN, ranks below C(128, 64) < 2^127 (python/kperm/stats_sample.h) */
#define PTEST_SAMPLE_MAXN 128
#define PTEST_MAX_K 8       /* groups of a k-sample test: the CPU backend's PS_K variants */
#define PTEST_MAX_BINS 1024 /* PS_MAX_BINS */
#define PTEST_MAX_USER 16384 /* bytes of a C statistic's body */
#define PTEST_NAME 64        /* a group's or column's name */
#define PTEST_COUNTS 6       /* PS_COUNTS: less, equal, greater, abs_ge, in_band, undefined */
#define PTEST_MAX_COLS 16    /* value columns of a maxT run: the CPU backend's PS_COLUMNS */
#define PTEST_VALUES (2 * PTEST_MAXN) /* a column's values at most (x then y for pairs) */

/* stats_kernel.h's codes */
enum { PTEST_TWO = 1, PTEST_FLIPS, PTEST_GROUPS, PTEST_PAIRINGS };
enum { PTEST_MEAN = 1, PTEST_WELCH, PTEST_VAR_RATIO, PTEST_ANOVA, PTEST_PEARSON, PTEST_KENDALL, PTEST_USER };
enum { PTEST_REG_T = 8, PTEST_REG_F }; /* PS_REG_T, PS_REG_F: --test regression (ptest_regression.h) */
/* rank statistics (ptest_rank.h): p->rank; the kernels count p->stat, MEAN or ANOVA, of their scores */
enum { PTEST_MANN_WHITNEY = 10, PTEST_WILCOXON, PTEST_KRUSKAL, PTEST_JONCKHEERE };
enum { PTEST_LESS, PTEST_EQUAL, PTEST_GREATER, PTEST_ABS_GE, PTEST_IN_BAND, PTEST_UNDEFINED };
enum { PAR_SCALE, PAR_OBS_X, PAR_LO, PAR_HI, PAR_ABS_LO, PAR_HIST_LO, PAR_HIST_INV, PAR_UNIT, PAR_COUNT };

typedef struct {
    int walk, stat, exact, wide, k; /* PS_WALK, PS_STAT, PS_EXACT, PS_WIDE, PS_K */
    int n, m;                       /* the kernels' n (observations, or pairs) and m (group 1's size) */
    int cols;                       /* value columns: several for maxT (ps_maxt), else 1 */
    long long v[PTEST_MAX_COLS * PTEST_VALUES]; /* the values times 10^decimals, column after column */
    double d[2 * PTEST_MAXN];       /* the values as doubles (a C statistic's x) */
    unsigned char sizes[PTEST_MAX_K];
    unsigned long long aux[PTEST_MAX_K];
    double par[PTEST_MAX_COLS * PAR_COUNT]; /* the doubles the kernels read (PS_SCALE ...), a block a column */
    unsigned long long obs[PTEST_MAX_COLS * 5]; /* each column's observed exact key: sign, num lo/hi, den lo/hi */
    kperm_rank total;               /* rearrangements */
    int decimals;
    int bins;                       /* the histogram's bins (0: none) */
    double hist_lo, hist_hi;        /* its range */
    double rel_tol;                 /* the tolerance band: rel_tol * |observed| (0: exact) */
    double band;                    /* that half-width, once observed */
    char names[PTEST_MAX_K][PTEST_NAME]; /* the groups, or the two columns */
    char col_names[PTEST_MAX_COLS][2 * PTEST_NAME]; /* maxT: each value column, or "X,Y" pair */
    char user[PTEST_MAX_USER];      /* a C statistic's body, or empty */
    char user_file[256];            /* where it came from, for its compiler's messages */
    int strata;                     /* --strata: the strata (0: none) */
    unsigned short stratum[PTEST_HOST_MAXN]; /* each observation's stratum, in v's order */
    int rank;                       /* a rank statistic (PTEST_MANN_WHITNEY ...), or 0 */
    double rank_map[3];             /* ptest_rank.c: from the kernel's statistic to it */
    /* Monte Carlo (--resamples): total is then the draws, rearrangements the
     * number drawn from (low and high words), seed the generator's
     * (python/kperm/stats_sample.h); resamples 0: every rearrangement */
    unsigned long long resamples, seed, rearrangements[2];
    /* past PTEST_MAXN observations (the host's counting): the groups' sizes
     * (sizes above holds the kernels' bytes, 0 past PTEST_MAXN), and the
     * rearrangements exactly (total saturates at 2^64 - 1: ptest_is_big) */
    int group_sizes[PTEST_MAX_K];
    ptest_big total_big;
} ptest_problem;

/* one column of v holds the host's values: n, or 2n for pairs */
typedef char ptest_host_values_fit[2 * PTEST_HOST_MAXN <= PTEST_MAX_COLS * PTEST_VALUES ? 1 : -1];

/* what a range of ranks adds up to: the run engine folds, sends and saves it */
typedef struct {
    unsigned long long counts[PTEST_COUNTS];
    double lo, hi; /* the least and greatest finite statistic (lo > hi: none) */
    unsigned long long hist[PTEST_MAX_BINS];
    /* maxT: for column j, #(|T_j| >= |t_j|) and #(max_i |T_i| >= |t_j|) */
    unsigned long long maxt[PTEST_MAX_COLS][2];
} ptest_result;

/* the host's counts (ptest_linear.h), exact past 2^64 where the
 * rearrangements are (ptest_is_big). Apart from ptest_result, which the run
 * engine keeps, sends and saves a chunk at a time: the kernels never count
 * so many, and these are 130 KiB. */
typedef struct {
    ptest_big counts[PTEST_COUNTS], hist[PTEST_MAX_BINS];
} ptest_big_result;

/* the values of one column in v: n, or 2n (x then y) for pairs */
#define ptest_column_size(p) ((p)->walk == PTEST_FLIPS || (p)->walk == PTEST_PAIRINGS ? 2 * (p)->n : (p)->n)

/* whether p's rearrangements are 2^64 or more: its counts are then ptest_big */
#define ptest_is_big(p) (!ptest_big_fits(&(p)->total_big))

/* a note to the user that is not an error (a test that --strata does not
 * change, a header read as data): each front end shows it its own way
 * (kperm-ptest on stderr: ptest_note.c; the R package as a warning) */
void ptest_note(const char *line);

void ptest_result_empty(ptest_result *r);
void ptest_result_fold(ptest_result *into, const ptest_result *part, int bins, int cols);

/* the host's counts big into r's counts and hist: exact below 2^64, else
 * 2^64 - 1 (the report then reads the big ones) */
void ptest_result_settle(ptest_result *r, const ptest_big_result *big, int bins);

#endif
