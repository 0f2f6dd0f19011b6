/* ptest_report.c - the text report and the JSON object (ptest_report.h).
 * Counts are exact integers; each p-value is given as the fraction it is
 * and as the double nearest it. */
#include "ptest_report.h"
#include "ptest_problem.h"
#include "ptest_rank.h"
#include "ptest_answer.h"
#include "ptest_decimal.h"
#include "run_json.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* what the statistic is, in words */
static const char *meaning(const ptest_problem *p)
{
    static const char *const words[] = {"", "mean(A) - mean(B)", "Welch's t of A against B",
                                        "var(A) / var(B)", "one-way ANOVA F", "Pearson's r of (x, y)",
                                        "Kendall's tau-b of (x, y)", "the C statistic",
                                        "t of x's coefficient in y ~ 1 + x + Z", "F of the tested columns"};
    static const char *const paired[] = {"", "mean(x) - mean(y)", "Welch's t of x against y", "var(x) / var(y)"};
    if (p->rank)
        return ptest_rank_meaning(p->rank);
    return p->walk == PTEST_FLIPS && p->stat < PTEST_ANOVA ? paired[p->stat] : words[p->stat];
}

static void text_groups(const ptest_problem *p)
{
    int g;
    if (p->walk == PTEST_TWO || p->walk == PTEST_GROUPS) {
        printf("groups          ");
        for (g = 0; g < p->k; g++)
            printf("%s%s (%d)", g ? ", " : "", p->names[g], p->group_sizes[g]);
        printf("%s\n", p->walk == PTEST_TWO ? "   (A, B)" : "");
    } else if (p->stat >= PTEST_REG_T) { /* names: y, the tested columns (aux[0]), the covariates */
        printf("columns         y = %s, tested", p->names[0]);
        for (g = 1; g < p->k; g++)
            printf("%s %s", g == 1 + (int)p->aux[0] ? ", covariates" : g > 1 ? "," : "", p->names[g]);
        printf("%s (%d rows)\n", p->k > 1 + (int)p->aux[0] ? "" : ", no covariates", p->n);
    } else
        printf("columns         x = %s, y = %s (%d pairs)\n", p->names[0], p->names[1], p->n);
}

/* the histogram's edge i of bins + 1 */
static double edge(const ptest_problem *p, int i)
{
    double e = p->hist_lo + (p->hist_hi - p->hist_lo) * i / p->bins;
    return p->rank ? ptest_rank_value(p, e) : e;
}

/* the widest of a string and the widest so far */
static int widest(int w, const char *s)
{
    int n = (int)strlen(s);
    return n > w ? n : w;
}

/* maxT: each column's own |T| >= |t| p-value and its Westfall-Young
 * single-step adjusted one, #(max_i |T_i| >= |t_j|) / N, in a table whose
 * columns are as wide as their widest entry (the fractions of a large N
 * run long) */
static void text_maxt(const ptest_problem *p, const ptest_result *r)
{
    static const char *const head[] = {"column", "|T| >= |t|", "adjusted"};
    char x[PTEST_MAX_COLS][40], own[PTEST_MAX_COLS][80], adj[PTEST_MAX_COLS][80], a[40];
    int j, w[3];
    w[0] = widest(0, head[0]);
    w[1] = widest(0, ptest_stat_name(p->stat));
    w[2] = widest(0, head[1]);
    for (j = 0; j < p->cols; j++) {
        ptest_format_double(x[j], sizeof x[j], p->par[PAR_COUNT * j + PAR_OBS_X]);
        ptest_format_double(a, sizeof a, (double)r->maxt[j][0] / (double)p->total);
        snprintf(own[j], sizeof own[j], "%llu/%llu = %s", r->maxt[j][0], (unsigned long long)p->total, a);
        ptest_format_double(a, sizeof a, (double)r->maxt[j][1] / (double)p->total);
        snprintf(adj[j], sizeof adj[j], "%llu/%llu = %s", r->maxt[j][1], (unsigned long long)p->total, a);
        w[0] = widest(w[0], p->col_names[j]);
        w[1] = widest(w[1], x[j]);
        w[2] = widest(w[2], own[j]);
    }
    printf("maxT            Westfall-Young single-step over %d columns, two-sided: max |T| >= |t_j|\n", p->cols);
    printf("  %-*s   %-*s   %-*s   %s\n", w[0], head[0], w[1], ptest_stat_name(p->stat), w[2], head[1], head[2]);
    for (j = 0; j < p->cols; j++)
        printf("  %-*s   %-*s   %-*s   %s\n", w[0], p->col_names[j], w[1], x[j], w[2], own[j], adj[j]);
}

static void write_text(const ptest_report *rep)
{
    const ptest_problem *p = rep->p;
    const ptest_result *r = rep->r;
    static const char *const names[] = {"less", "greater", "two-sided (2*min)", "|T| >= |t|"};
    static ptest_answer ans;
    const ptest_big *num = ans.num, *c = ans.counts;
    ptest_big most;
    char x[40], a[40], b[40], digits[PTEST_COUNTS + 1][PTEST_BIG_DIGITS];
    int i;
    ptest_answer_make(p, r, rep->big, &ans);
    ptest_format_double(x, sizeof x, rep->observed);
    printf("kperm-ptest     %s: %s test\n", rep->file, rep->test);
    text_groups(p);
    printf("statistic       %s = %s   (%s)\n", ptest_stat_name(p->rank ? p->rank : p->stat), x, meaning(p));
    if (p->exact && p->decimals)
        printf("comparison      exact (the data read as integers times 10^-%d)\n", p->decimals);
    else if (p->exact) /* 10^-0 says nothing */
        printf("comparison      exact (the data read as integers)\n");
    else {
        ptest_format_double(a, sizeof a, p->band);
        printf("comparison      floating point: equal within %s of the observed value\n", a);
    }
    if (p->resamples)
        printf("resamples       %llu random rearrangements of %s, seed %llu: a Monte Carlo estimate, p = (count + "
               "1) / (%llu + 1)\n", p->resamples, ptest_big_text(&ans.drawn_from, digits[0]), p->seed, p->resamples);
    else
        printf("rearrangements  %s\n", ptest_big_text(&ans.total, digits[0]));
    printf("counts          less %s  equal %s  greater %s  undefined %s  |T| >= |t| %s\n",
           ptest_big_text(&c[PTEST_LESS], digits[0]), ptest_big_text(&c[PTEST_EQUAL], digits[1]),
           ptest_big_text(&c[PTEST_GREATER], digits[2]), ptest_big_text(&c[PTEST_UNDEFINED], digits[3]),
           ptest_big_text(&c[PTEST_ABS_GE], digits[4]));
    if (!p->exact)
        printf("tolerance band  %s counted equal only through the tolerance\n",
               ptest_big_text(&c[PTEST_IN_BAND], digits[0]));
    for (i = 0; i < PTEST_PVALUES; i++) {
        ptest_format_double(a, sizeof a, ans.pvalue[i]);
        if (p->resamples) /* the one-sided counts + 1 over N + 1 */
            printf("%-15s %s from count %s: %s\n", i ? "" : "p-values", names[i], ptest_big_text(&num[i], digits[0]),
                   a);
        else
            printf("%-15s %s %s/%s = %s\n", i ? "" : "p-values", names[i], ptest_big_text(&num[i], digits[0]),
                   ptest_big_text(&ans.total, digits[1]), a);
    }
    if (p->cols > 1)
        text_maxt(p, r);
    if (r->lo <= r->hi) {
        ptest_format_double(a, sizeof a, r->lo);
        ptest_format_double(b, sizeof b, r->hi);
        printf("null range      %s .. %s\n", a, b);
    }
    ptest_big_set(&most, 0);
    for (i = 0; i < p->bins; i++) {
        ptest_big bin = ptest_answer_bin(r, rep->big, i);
        most = ptest_big_cmp(&bin, &most) > 0 ? bin : most;
    }
    if (p->bins)
        printf("histogram       %d bins (the first and last also hold the values beyond them)\n", p->bins);
    for (i = 0; i < p->bins; i++) {
        ptest_big bin = ptest_answer_bin(r, rep->big, i);
        int bar = ptest_is_big(p) ? (int)(40.0 * ptest_big_ratio(&bin, &most) + 0.5) /* most > 0: the total's */
                  : ptest_big_low(&most) ? (int)(40.0 * (double)r->hist[i] / (double)ptest_big_low(&most) + 0.5) : 0;
        printf("  %12.6g .. %-12.6g %20s %.*s\n", edge(p, i), edge(p, i + 1), ptest_big_text(&bin, digits[0]), bar,
               "########################################");
    }
    if (rep->resumed)
        printf("resumed         %llu rearrangements from %s\n", (unsigned long long)rep->resumed, rep->checkpoint);
    printf("method          %s\n", rep->method);
    printf("searched        in %.3f s on %s (%s)\n", rep->seconds, rep->backend, rep->device);
}

/* "key": "s", with s escaped as run_json_string does (valid UTF-8 always) */
static void json_string(const char *key, const char *s)
{
    printf("\"%s\": ", key);
    run_json_string(s);
    fputs(", ", stdout);
}

/* v as a JSON number, or null where it is not finite (JSON has no NaN or infinity) */
static void json_number(double v)
{
    char buf[40];
    ptest_format_double(buf, sizeof buf, v);
    fputs(v - v == 0 ? buf : "null", stdout);
}

static void json_double(const char *key, double v)
{
    printf("\"%s\": ", key);
    json_number(v);
    fputs(", ", stdout);
}

static void write_json(const ptest_report *rep)
{
    const ptest_problem *p = rep->p;
    const ptest_result *r = rep->r;
    static const char *const pnames[] = {"pvalue_less", "pvalue_greater", "pvalue_two_sided", "pvalue_abs"};
    static const char *const cnames[] = {"less", "equal", "greater", "abs_ge", "in_band", "undefined"};
    static ptest_answer ans;
    ptest_big c;
    char digits[PTEST_BIG_DIGITS];
    int i, two = p->walk == PTEST_TWO || p->walk == PTEST_GROUPS;
    ptest_answer_make(p, r, rep->big, &ans);
    printf("{");
    json_string("file", rep->file);
    json_string("test", rep->test);
    json_string("statistic", ptest_stat_name(p->rank ? p->rank : p->stat));
    json_double("observed", rep->observed);
    printf("\"%s\": [", two ? "groups" : "columns");
    for (i = 0; i < p->k; i++) {
        printf("%s{", i ? ", " : "");
        json_string("name", p->names[i]);
        printf("\"size\": %d}", two ? p->group_sizes[i] : p->n);
    }
    printf("], \"n_rearrangements\": %s, ", ptest_big_text(&ans.drawn_from, digits));
    if (p->resamples) /* a Monte Carlo estimate: the counts are over the draws */
        printf("\"monte_carlo\": true, \"n_resamples\": %llu, \"seed\": %llu, ", p->resamples, p->seed);
    for (i = 0; i < PTEST_COUNTS; i++) {
        printf("\"%s\": %s, ", cnames[i], ptest_big_text(&ans.counts[i], digits)); /* every digit: JSON's integers have no bound */
    }
    for (i = 0; i < PTEST_PVALUES; i++) {
        printf("\"%s_numerator\": %s, ", pnames[i], ptest_big_text(&ans.num[i], digits));
        json_double(pnames[i], ans.pvalue[i]);
    }
    if (p->cols > 1) {
        char buf[40];
        printf("\"maxt\": [");
        for (i = 0; i < p->cols; i++) {
            printf("%s{", i ? ", " : "");
            json_string("column", p->col_names[i]);
            json_double("observed", p->par[PAR_COUNT * i + PAR_OBS_X]);
            printf("\"abs_ge\": %llu, ", r->maxt[i][0]);
            json_double("pvalue_abs", (double)r->maxt[i][0] / (double)p->total);
            ptest_format_double(buf, sizeof buf, (double)r->maxt[i][1] / (double)p->total);
            printf("\"max_ge\": %llu, \"pvalue_adjusted\": %s}", r->maxt[i][1], buf);
        }
        printf("], ");
    }
    printf("\"exact\": %s, ", p->exact ? "true" : "false");
    json_double("tolerance", p->exact ? 0.0 : p->band);
    printf("\"decimals\": %d, ", p->decimals);
    json_double("null_min", r->lo <= r->hi ? r->lo : NAN);
    json_double("null_max", r->lo <= r->hi ? r->hi : NAN);
    printf("\"histogram\": [");
    for (i = 0; i < p->bins; i++) {
        c = ptest_answer_bin(r, rep->big, i);
        printf("%s%s", i ? ", " : "", ptest_big_text(&c, digits));
    }
    printf("], \"bin_edges\": [");
    for (i = 0; p->bins && i <= p->bins; i++) {
        fputs(i ? ", " : "", stdout);
        json_number(edge(p, i));
    }
    printf("], \"resumed\": %llu, ", (unsigned long long)rep->resumed);
    json_string("method", rep->method);
    json_string("backend", rep->backend);
    json_string("device", rep->device);
    printf("\"seconds\": %.6f}\n", rep->seconds);
}

void ptest_report_write(const ptest_report *rep, int json)
{
    ptest_report ranked;
    static ptest_result r;
    if (rep->p->rank) { /* counted as the kernel's statistic of the scores: said in the rank statistic's units */
        ranked = *rep;
        r = *rep->r;
        ptest_rank_units(rep->p, &ranked.observed, &r.lo, &r.hi);
        ranked.r = &r;
        rep = &ranked;
    }
    if (json)
        write_json(rep);
    else
        write_text(rep);
}
