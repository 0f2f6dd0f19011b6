/* test_ptest_join.c - kperm-ptest's join (samples/ptest/ptest_join.h)
 * against the kernel's own walk (stats_kernel.h's ps_count, the C backend's
 * variant), field for field: the six counters and the extremes, for the
 * mean difference, Welch's t and the variance ratio, exact and within a
 * tolerance, with a histogram of 0, 1 or 7 bins, on data with many ties, on decimals, on a large offset, for
 * every split of the low part and for ranges that start and end inside
 * blocks (whole blocks go through the sorted tables' boxes, the rest tile
 * by tile). And the screen must decide most splits of continuous data: a join
 * that always fell back to the kernel would pass the rest. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include "ptest_backend.h"
#include "ptest_join.h"
#include "ptest_kernels.h"
#include "ptest_problem.h"
#include "ptest_table.h"
#include "rng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures, checks;
static ptest_table table; /* large: static */

/* the data as a CSV file: group A the first m values, B the rest */
static int problem(ptest_problem *p, const char *stat, double tolerance, int bins, const double *x, int n, int m,
                   int decimals)
{
    char path[] = "/tmp/test_ptest_join_XXXXXX", err[PTEST_ERR_SIZE];
    int fd = mkstemp(path), i, rc;
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    ptest_spec spec;
    if (!f) {
        printf("FAIL cannot write %s\n", path);
        exit(1);
    }
    fprintf(f, "group,value\n");
    for (i = 0; i < n; i++)
        fprintf(f, "%s,%.*f\n", i < m ? "A" : "B", decimals, x[i]);
    fclose(f);
    memset(&spec, 0, sizeof spec);
    spec.test = "independent";
    spec.stat = stat;
    spec.tolerance = tolerance;
    spec.bins = bins;
    spec.have_range = 1; /* the histogram over [-3, 3): some values in the end bins */
    spec.hist_lo = -3;
    spec.hist_hi = 3;
    rc = ptest_table_read(path, &table, err, sizeof err) || ptest_problem_build(&table, &spec, p, err, sizeof err);
    ptest_table_free(&table);
    unlink(path);
    if (rc) {
        printf("FAIL %s: %s\n", stat, err);
        exit(1);
    }
    return 0;
}

static int same(const ptest_result *a, const ptest_result *b)
{
    int j;
    for (j = 0; j < PTEST_COUNTS; j++)
        if (a->counts[j] != b->counts[j])
            return 0;
    for (j = 0; j < PTEST_MAX_BINS; j++)
        if (a->hist[j] != b->hist[j])
            return 0;
    return (a->lo > a->hi && b->lo > b->hi) || (a->lo == b->lo && a->hi == b->hi);
}

static void show(const char *what, const ptest_result *r)
{
    int j;
    printf("#   %s: histogram", what);
    for (j = 0; j < 8; j++)
        printf(" %llu", r->hist[j]);
    printf("\n");
    printf("#   %s: less %llu equal %llu greater %llu abs_ge %llu in_band %llu undefined %llu, extremes %.17g %.17g\n",
           what, r->counts[0], r->counts[1], r->counts[2], r->counts[3], r->counts[4], r->counts[5], r->lo, r->hi);
}

/* ranks [begin, end) both ways; returns the ranks the screen decided */
static kperm_rank compare(const ptest_problem *p, const ptest_join *J, const ptest_kernel *k, kperm_rank begin,
                          kperm_rank end, const char *what)
{
    static ptest_result want, got;
    unsigned long long counts[PTEST_COUNTS], hist[PTEST_MAX_BINS];
    double extremes[2];
    kperm_rank screened = 0;
    ptest_result_empty(&want);
    ptest_result_empty(&got);
    k->count(p->v, p->d, p->sizes, p->aux, p->obs, p->par, p->n, p->m, begin, end, p->bins, counts, extremes, hist);
    ptest_backend_add(&want, counts, extremes, hist, 1, 1, p->bins);
    ptest_join_count(J, p, k->count, begin, end, &got, &screened);
    checks++;
    if (!same(&want, &got)) {
        failures++;
        printf("FAIL %s, ranks %llu..%llu\n", what, (unsigned long long)begin, (unsigned long long)end);
        show("walk", &want);
        show("join", &got);
    }
    return screened;
}

/* every statistic, exact and within a tolerance, every low part, the whole
 * range and random ones; returns the fraction the screen decided of the
 * whole ranges */
static double check_data(const char *name, const double *x, int n, int m, int decimals, unsigned long long *seed)
{
    static const char *const stats[] = {"mean", "welch", "var-ratio"};
    static const double tolerances[] = {-1, 1e-9};
    static const int bins[] = {0, 7, 1};
    kperm_rank screened = 0, total = 0;
    int s, t, low, i;
    for (s = 0; s < 3; s++)
        for (t = 0; t < 2; t++) {
            ptest_problem p;
            ptest_backend b;
            char err[PTEST_ERR_SIZE], what[256];
            const ptest_kernel *k;
            problem(&p, stats[s], tolerances[t], bins[(s + t) % 3], x, n, m, decimals);
            if (ptest_cpu_open(&b, &p, 1, err, sizeof err) || !(k = ptest_cpu_kernel(&p))) {
                printf("FAIL %s: %s\n", name, err);
                exit(1);
            }
            if (ptest_backend_observe(&p, &b, 0, err, sizeof err)) { /* a zero variance: nothing to compare */
                b.close(&b);
                continue;
            }
            p.par[PAR_HIST_LO] = p.hist_lo; /* as kperm-ptest's observe() */
            p.par[PAR_HIST_INV] = p.bins / (p.hist_hi - p.hist_lo);
            for (low = 1; low <= n; low += low < 4 ? 1 : n / 3 + 1) {
                ptest_join *J = ptest_join_new(&p, low);
                if (!J) {
                    failures++;
                    printf("FAIL %s: no join for %s\n", name, stats[s]);
                    break;
                }
                snprintf(what, sizeof what, "%s, %s, %s, %d bins, n %d m %d, low %d", name, stats[s],
                         tolerances[t] < 0 ? "exact" : "tolerance", p.bins, n, m, low);
                screened += compare(&p, J, k, 0, p.total, what);
                total += p.total;
                for (i = 0; i < 6; i++) {
                    kperm_rank a = test_splitmix(seed) % p.total, e = test_splitmix(seed) % p.total;
                    compare(&p, J, k, a < e ? a : e, (a < e ? e : a) + 1, what);
                }
                ptest_join_free(J);
            }
            b.close(&b);
        }
    return total ? (double)screened / (double)total : 1;
}

int main(void)
{
    unsigned long long seed = 20261126;
    double x[PTEST_MAXN], decided;
    int n, i, round;
    /* continuous data: the screen must decide nearly every split */
    for (i = 0; i < 18; i++)
        x[i] = (double)(test_splitmix(&seed) % 1000000) / 1000 + (i < 9 ? 0.3 : 0);
    decided = check_data("decimals", x, 18, 9, 3, &seed);
    checks++;
    if (decided < 0.95) {
        failures++;
        printf("FAIL the screen decided %.3f of the splits of continuous data (want >= 0.95)\n", decided);
    } else
        printf("PASS the screen decided %.4f of the splits of continuous data\n", decided);
    /* a large offset: the statistics see only the spread */
    for (i = 0; i < 16; i++)
        x[i] = 1e9 + (double)(test_splitmix(&seed) % 1000) / 100;
    check_data("offset 1e9", x, 16, 7, 2, &seed);
    /* equal groups and few distinct values of many digits: ties of s whose q
     * differ, and sums of squares past 2^53, where the kernel's doubles may
     * round two such splits' statistics apart */
    for (round = 0; round < 4; round++) {
        static const double few[] = {0.000001, 1000.000003, 2000.000007, 5000.000011};
        for (i = 0; i < 16; i++)
            x[i] = few[test_splitmix(&seed) % 4] + round * 1e6;
        check_data("equal groups, few values of 6 decimals", x, 16, 8, 6, &seed);
    }
    /* small integers: ties everywhere, and zero variances */
    for (round = 0; round < 12; round++) {
        n = 4 + (int)(test_splitmix(&seed) % 13); /* groups of two or more */
        for (i = 0; i < n; i++)
            x[i] = (double)(test_splitmix(&seed) % (round % 3 ? 5 : 2));
        check_data("small integers", x, n, 2 + (int)(test_splitmix(&seed) % (unsigned long long)(n - 3)), 0, &seed);
    }
    /* the data as the benchmark's: one decimal */
    for (i = 0; i < 20; i++)
        x[i] = 50 + (double)(test_splitmix(&seed) % 100) / 10;
    check_data("one decimal", x, 20, 10, 1, &seed);
    printf("%s join = walk: %d comparisons, %d failed\n", failures ? "FAIL" : "PASS", checks, failures);
    return failures != 0;
}
