/* ptest_problem.c - a table and the command line's choices as a problem
 * (ptest_problem.h): which values go where in the kernels' arrays, the
 * number of rearrangements, the exact integers. */
#include "ptest_problem.h"
#include "ptest_decimal.h"
#include "ptest_rank.h"
#include "ptest_regression.h"
#include "ptest_strata.h"
#include "ptest_terms.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_TOLERANCE (100 * 2.220446049250313e-16) /* scipy >= 1.13: 100 eps, relative */

static const char *const stat_names[] = {"", "mean", "welch", "var-ratio", "anova", "pearson", "kendall", "user",
                                         "t", "F", "mann-whitney", "wilcoxon", "kruskal", "jonckheere"};

const char *ptest_stat_name(int stat)
{
    return stat >= 1 && stat <= PTEST_JONCKHEERE && *stat_names[stat] ? stat_names[stat] : "?";
}

static int fail(char *err, size_t errsize, const char *what)
{
    snprintf(err, errsize, "%s", what);
    return -1;
}

/* the table's column names for an error, ", "-separated (an empty one,
 * as R's write.csv names its row names, as '') */
static const char *column_names(const ptest_table *t, char *buf, size_t size)
{
    size_t at = 0;
    int i, w;
    buf[0] = 0;
    for (i = 0; i < t->columns && at < size; i++)
        if ((w = snprintf(buf + at, size - at, "%s%s", i ? ", " : "", *t->header[i] ? t->header[i] : "''")) > 0)
            at += (size_t)w;
    return buf;
}

/* the comma-separated names of list into cols (column indices): their count, or -1 */
static int column_list(const ptest_table *t, const char *list, int *cols, int max, char *err, size_t errsize)
{
    int n = 0;
    while (list && *list) {
        char name[PTEST_NAME];
        size_t len = strcspn(list, ",");
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), list);
        if (n == max) {
            snprintf(err, errsize, "--columns: more than %d columns", max);
            return -1;
        }
        if ((cols[n++] = ptest_table_column(t, name)) < 0) {
            char names[1024];
            snprintf(err, errsize, "%s: no column '%s' (the columns: %s)", t->file, name,
                     column_names(t, names, sizeof names));
            return -1;
        }
        list += len + (list[len] == ',');
    }
    return n;
}

/* an empty or blank field, or a missing value as R, pandas or a spreadsheet
 * writes one: refused as a value and as a label alike */
static int is_missing(const char *s)
{
    static const char *const na[] = {"NA", "N/A", "NaN", "nan", "NULL", "None", "."};
    size_t i;
    if (strspn(s, " \t") == strlen(s))
        return 1;
    for (i = 0; i < sizeof na / sizeof na[0]; i++)
        if (strcmp(s, na[i]) == 0)
            return 1;
    return 0;
}

int ptest_is_missing(const char *s)
{
    return is_missing(s);
}

/* the distinct labels of column c in order of appearance, ", "-separated,
 * "..." for those that do not fit */
static const char *label_names(const ptest_table *t, int c, char *buf, size_t size)
{
    size_t at = 0; /* at + sizeof ", ..." <= size: the end always fits */
    int r, q;
    buf[0] = 0;
    for (r = 0; r < t->rows; r++) {
        const char *label = t->field[r][c], *sep = at ? ", " : "";
        for (q = 0; q < r && strcmp(t->field[q][c], label); q++)
            ;
        if (q < r)
            continue;
        if (at + strlen(sep) + strlen(label) + sizeof ", ..." > size) {
            snprintf(buf + at, size - at, "%s...", sep);
            break;
        }
        at += (size_t)snprintf(buf + at, size - at, "%s%s", sep, label);
    }
    return buf;
}

/* the group of a label (adding it when the order is open): its index, or -1 */
static int group_of(ptest_problem *p, const char *label, int open)
{
    int g;
    for (g = 0; g < p->k; g++)
        if (strcmp(p->names[g], label) == 0)
            return g;
    if (!open || p->k == PTEST_MAX_K)
        return open ? -2 : -1;
    snprintf(p->names[p->k], PTEST_NAME, "%s", label);
    return p->k++;
}

/* whether column c holds row numbers (increasing integers from 1), as R's
 * write.csv writes first: a label column by default that is no label */
static int row_numbers(const ptest_table *t, int c)
{
    long last = 0;
    int r;
    for (r = 0; r < t->rows; r++) {
        const char *f = t->field[r][c];
        size_t len = strlen(f);
        if (!len || len > 9 || strspn(f, "0123456789") != len || atol(f) <= last)
            return 0;
        last = atol(f);
    }
    return 1;
}

/* the end of an error about the groups: a hint at --group when the label
 * column holds row numbers, else nothing */
static const char *group_hint(const ptest_table *t, int label, char *buf, size_t size)
{
    char names[1024];
    if (!row_numbers(t, label))
        return "";
    snprintf(buf, size, "; the label column, %d ('%s'), holds row numbers: name the label column with --group "
             "(the columns: %s)", label + 1, t->header[label], column_names(t, names, sizeof names));
    return buf;
}

/* independent: the rows of each group in order into src, value column
 * after column (p->cols of them, values[]); p->sizes, k, n, m */
static int independent(const ptest_table *t, const ptest_spec *s, ptest_problem *p, const int *values,
                       ptest_source *src, char *err, size_t errsize)
{
    int label = s->group ? ptest_table_column(t, s->group) : 0, r, g, c, at = 0, counts[PTEST_MAX_K] = {0};
    char hint[1200];
    if (label < 0) {
        snprintf(err, errsize, "%s: no column '%s' for --group (the columns: %s)", t->file, s->group,
                 column_names(t, hint, sizeof hint));
        return -1;
    }
    if (s->groups) {
        const char *list = s->groups;
        while (*list) {
            char name[PTEST_NAME];
            size_t len = strcspn(list, ",");
            snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), list);
            if (group_of(p, name, 0) >= 0 || group_of(p, name, 1) < 0)
                return fail(err, errsize, "--groups: more than 8 groups, or one named twice");
            list += len + (list[len] == ',');
        }
    }
    for (r = 0; r < t->rows; r++) {
        if (is_missing(t->field[r][label])) {
            snprintf(err, errsize, "%s:%d: a missing label ('%s'): missing values are not supported; remove the row",
                     t->file, t->line[r], t->field[r][label]);
            return -1;
        }
        g = group_of(p, t->field[r][label], !s->groups);
        if (g == -2) {
            snprintf(err, errsize, "%s:%d: a ninth group, '%s': at most %d groups%s", t->file, t->line[r],
                     t->field[r][label], PTEST_MAX_K, group_hint(t, label, hint, sizeof hint));
            return -1;
        }
        if (g >= 0)
            counts[g]++;
    }
    for (g = 0; g < p->k; g++) {
        if (counts[g] == 0 && s->groups) {
            char labels[1024];
            snprintf(err, errsize, "%s: --groups: no label '%s' in the label column, %d ('%s'); its labels: %s",
                     t->file, p->names[g], label + 1, t->header[label], label_names(t, label, labels, sizeof labels));
            return -1;
        }
        if (counts[g] < 2) {
            snprintf(err, errsize, "%s: group '%s' has %d value%s: every group needs two or more%s", t->file,
                     p->names[g], counts[g], counts[g] == 1 ? "" : "s", group_hint(t, label, hint, sizeof hint));
            return -1;
        }
        p->n += counts[g];
        p->group_sizes[g] = counts[g];
        p->sizes[g] = (unsigned char)(counts[g] <= PTEST_MAXN ? counts[g] : 0);
    }
    if (p->k < 2)
        return fail(err, errsize, "an independent test needs two or more groups in the label column");
    if (p->n > PTEST_HOST_MAXN) {
        snprintf(err, errsize, "%s: %d observations: at most %d (%d where enumerated)", t->file, p->n,
                 PTEST_HOST_MAXN, PTEST_MAXN);
        return -1;
    }
    for (c = 0; c < p->cols; c++) {
        snprintf(p->col_names[c], sizeof p->col_names[c], "%s", t->header[values[c]]);
        for (g = 0; g < p->k; g++)
            for (r = 0; r < t->rows; r++)
                if (strcmp(t->field[r][label], p->names[g]) == 0) {
                    src[at].text = t->field[r][values[c]];
                    src[at++].line = t->line[r];
                }
    }
    p->m = counts[0];
    return 0;
}

/* paired, pairings: x then y into src, pair of columns after pair (p->cols
 * of them); p->n */
static int two_columns(const ptest_table *t, const int *cols, ptest_problem *p, ptest_source *src, char *err,
                       size_t errsize)
{
    int r, c, limit = p->walk == PTEST_FLIPS ? PTEST_HOST_MAXN : 20;
    if (t->rows > limit) {
        snprintf(err, errsize, p->walk == PTEST_FLIPS ? "%s: %d pairs: a paired test takes at most %d (63 where "
                 "enumerated)" : "%s: %d pairs: a pairings test takes at most %d", t->file, t->rows, limit);
        return -1;
    }
    if (t->rows < 2)
        return fail(err, errsize, "two or more pairs are needed");
    p->n = p->m = t->rows;
    p->group_sizes[0] = p->group_sizes[1] = p->n;
    for (c = 0; c < 2; c++)
        snprintf(p->names[c], PTEST_NAME, "%s", t->header[cols[c]]);
    for (c = 0; c < 2 * p->cols; c++) {
        if (c % 2 == 0)
            snprintf(p->col_names[c / 2], sizeof p->col_names[0], "%s,%s", t->header[cols[c]], t->header[cols[c + 1]]);
        for (r = 0; r < t->rows; r++) {
            src[c * p->n + r].text = t->field[r][cols[c]];
            src[c * p->n + r].line = t->line[r];
        }
    }
    return 0;
}

static int pairs_test(const ptest_spec *s)
{
    return strcmp(s->test, "paired") == 0;
}

/* the statistic and the walk for the test; -1 with err when they do not go together */
static int choose(const ptest_spec *s, ptest_problem *p, char *err, size_t errsize)
{
    int st = 0, i;
    if (s->user_file)
        st = PTEST_USER;
    else if (s->stat) {
        for (i = 1; i < PTEST_USER; i++)
            if (strcmp(s->stat, stat_names[i]) == 0)
                st = i;
        if (!st && (p->rank = ptest_rank_code(s->stat)))
            st = ptest_rank_kernel_stat(p->rank);
        if (!st) {
            snprintf(err, errsize, "--stat '%s': mean, welch, var-ratio, anova, pearson, kendall, mann-whitney, "
                     "wilcoxon, kruskal or jonckheere (or --statistic FILE for a C statistic)", s->stat);
            return -1;
        }
    }
    if (p->rank && (p->rank == PTEST_WILCOXON ? !pairs_test(s) : strcmp(s->test, "independent")
                                                                || (p->rank == PTEST_MANN_WHITNEY && p->k != 2))) {
        snprintf(err, errsize, "--stat %s goes with %s", ptest_stat_name(p->rank), p->rank == PTEST_WILCOXON
                 ? "a paired test" : p->rank == PTEST_MANN_WHITNEY ? "an independent test of two groups"
                 : "an independent test");
        return -1;
    }
    if (strcmp(s->test, "independent") == 0) {
        st = st ? st : p->k == 2 ? PTEST_MEAN : PTEST_ANOVA;
        p->walk = p->k == 2 && st != PTEST_ANOVA ? PTEST_TWO : PTEST_GROUPS;
        if (st == PTEST_PEARSON || st == PTEST_KENDALL || (p->walk == PTEST_GROUPS && st != PTEST_ANOVA
                                                            && st != PTEST_USER)) {
            snprintf(err, errsize, "--stat %s does not go with an independent test of %d groups (mean, welch and "
                     "var-ratio take 2, anova any number)", ptest_stat_name(st), p->k);
            return -1;
        }
    } else {
        int pairs = strcmp(s->test, "paired") == 0;
        st = st ? st : pairs ? PTEST_MEAN : PTEST_PEARSON;
        if (pairs != (st != PTEST_PEARSON && st != PTEST_KENDALL) && st != PTEST_USER) {
            snprintf(err, errsize, "--stat %s does not go with a %s test (paired: mean, welch, var-ratio; pairings: "
                     "pearson, kendall)", ptest_stat_name(st), s->test);
            return -1;
        }
        if (st == PTEST_ANOVA)
            return fail(err, errsize, "--stat anova goes with an independent test");
        p->walk = pairs ? PTEST_FLIPS : PTEST_PAIRINGS;
    }
    p->stat = st;
    return 0;
}

/* pairings, Kendall's tau: the pairs in order of x (ties keep theirs), which
 * leaves every pairing and the observed one as they were and makes each
 * plain change of the walk O(1) (stats_kernel.h's ps_swap) */
static void sort_pairs_by_x(ptest_problem *p)
{
    int i, j, n = p->n;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && p->v[j - 1] > p->v[j]; j--) {
            long long tv = p->v[j - 1], ty = p->v[n + j - 1];
            double dv = p->d[j - 1], dy = p->d[n + j - 1];
            p->v[j - 1] = p->v[j], p->v[n + j - 1] = p->v[n + j];
            p->d[j - 1] = p->d[j], p->d[n + j - 1] = p->d[n + j];
            p->v[j] = tv, p->v[n + j] = ty;
            p->d[j] = dv, p->d[n + j] = dy;
        }
}

/* A first line of numbers is read as data (ptest_table.h), as is a header
 * of numbers (years, say): where its row is in the test, a note says so,
 * since as a header it would change the test. */
static void note_numbers_first(const ptest_table *t, const ptest_spec *s, ptest_problem *p)
{
    int label = s->group ? ptest_table_column(t, s->group) : 0;
    char line[1024];
    if (!t->numbers_first || (!strcmp(s->test, "independent") && group_of(p, t->field[0][label], 0) < 0))
        return;
    snprintf(line, sizeof line, "%s:%d: note: the first line is all numbers, so it is read as data, not as a header "
             "(a header needs a name that is not a number)", t->file, t->line[0]);
    ptest_note(line);
}

/* the number of rearrangements exactly into total_big, and into total
 * where below 2^64 (else 2^64 - 1: ptest_is_big) */
static void count_of(ptest_problem *p)
{
    ptest_big *total = &p->total_big, c;
    int g, i, left = p->n;
    ptest_big_set(total, 1);
    if (p->walk == PTEST_FLIPS)
        ptest_big_shift_left(total, p->n);
    for (i = 2; p->walk == PTEST_PAIRINGS && i <= p->n; i++)
        ptest_big_mul_small(total, (unsigned int)i);
    for (g = 0; (p->walk == PTEST_TWO || p->walk == PTEST_GROUPS) && g < p->k; left -= p->group_sizes[g++]) {
        ptest_big_binomial(left, p->group_sizes[g], &c);
        ptest_big_mul(total, &c);
    }
    p->total = ptest_is_big(p) ? ~(kperm_rank)0 : ptest_big_low(total);
}

/* whether the host counts p without enumerating: the mean difference of
 * two groups or of pairs in one value column (Mann-Whitney's and
 * Wilcoxon's scores too), by ptest_linear.c */
static int host_counts(const ptest_problem *p)
{
    return p->stat == PTEST_MEAN && p->cols == 1 && (p->walk == PTEST_TWO || p->walk == PTEST_FLIPS);
}

int ptest_size_allows(const ptest_problem *p)
{
    int enumerate = p->n <= PTEST_MAXN && !ptest_is_big(p), ways = 0;
    ways |= enumerate ? PTEST_BY_ENUMERATION : 0;
    ways |= host_counts(p) && p->n <= PTEST_HOST_MAXN ? PTEST_BY_HOST : 0;
    ways |= enumerate || (p->walk == PTEST_TWO && p->cols == 1 && p->n <= PTEST_SAMPLE_MAXN) ? PTEST_BY_SAMPLING : 0;
    return ways;
}

void ptest_size_refusal(const ptest_problem *p, const char *what, char *err, size_t errsize)
{
    int ways = ptest_size_allows(p), pairs = p->walk == PTEST_FLIPS;
    char size[80], others[300];
    if (p->n > (pairs ? 63 : PTEST_MAXN))
        snprintf(size, sizeof size, "%d %s: at most %d", p->n, pairs ? "pairs" : "observations",
                 pairs ? 63 : PTEST_MAXN);
    else
        snprintf(size, sizeof size, "2^64 or more rearrangements: fewer");
    snprintf(others, sizeof others, "--stat mean, mann-whitney and wilcoxon of two groups or pairs (one value column) "
             "are counted without enumerating up to %d, and --resamples draws from two groups (one value column) of up "
             "to %d", PTEST_HOST_MAXN, PTEST_SAMPLE_MAXN);
    snprintf(err, errsize, "%s: %s are enumerated; %s", what, size,
             ways & PTEST_BY_HOST ? "--method auto or shift counts this test exactly without enumerating"
             : ways & PTEST_BY_SAMPLING ? "--resamples N draws N random rearrangements instead" : others);
}

int ptest_problem_build(const ptest_table *t, const ptest_spec *s, ptest_problem *p, char *err, size_t errsize)
{
    static ptest_source src[PTEST_MAX_COLS * PTEST_VALUES];
    static ptest_decimal x[PTEST_MAX_COLS * PTEST_VALUES];
    int cols[2 * PTEST_MAX_COLS], ncols, i, count, indep = strcmp(s->test, "independent") == 0;
    memset(p, 0, sizeof *p);
    ncols = column_list(t, s->columns, cols, 2 * PTEST_MAX_COLS, err, errsize);
    if (ncols < 0)
        return -1;
    if (!strcmp(s->test, "regression")) {
        if (s->stat || s->user_file || s->group || s->groups)
            return fail(err, errsize, "a regression test takes no --stat, --statistic, --group or --groups");
        return ptest_regression_build(t, s, cols, ncols, p, err, errsize) ||
                       (s->strata && ptest_strata_read(t, s->strata, NULL, p, err, errsize)) ? -1 : 0;
    }
    if (s->scheme)
        return fail(err, errsize, "--scheme goes with --test regression");
    if (indep) {
        int label = s->group ? ptest_table_column(t, s->group) : 0;
        if (ncols == 0)
            cols[ncols++] = label == t->columns - 1 ? 0 : t->columns - 1;
        if (ncols > PTEST_MAX_COLS || t->columns < 2)
            return fail(err, errsize, "an independent test takes a label column and 1 to 16 value columns (--group, "
                                      "--columns)");
        p->cols = ncols;
        if (independent(t, s, p, cols, src, err, errsize))
            return -1;
    } else {
        if (ncols == 0 && t->columns >= 2) {
            cols[0] = t->columns - 2;
            cols[1] = t->columns - 1;
            ncols = 2;
        }
        if (ncols % 2 || ncols == 0 || (ncols > 2 && strcmp(s->test, "paired")))
            return fail(err, errsize, "a paired test takes pairs of columns x and y (--columns X,Y[,X2,Y2 ...]), a "
                                      "pairings test two (--columns X,Y)");
        p->k = 2;
        p->cols = ncols / 2;
    }
    if (choose(s, p, err, errsize))
        return -1;
    if (p->cols > 1 && ((p->walk != PTEST_TWO && p->walk != PTEST_FLIPS) || p->stat == PTEST_USER))
        return fail(err, errsize, "several value columns (maxT) go with an independent test of two groups or a "
                                  "paired test, and --stat mean, welch or var-ratio");
    if (!indep && two_columns(t, cols, p, src, err, errsize))
        return -1;
    count_of(p);
    if (!ptest_size_allows(p)) {
        char what[PTEST_NAME + 300];
        snprintf(what, sizeof what, "%s: %s%s", t->file, p->stat == PTEST_USER ? "a C statistic" : "--stat ",
                 p->stat == PTEST_USER ? "" : ptest_stat_name(p->rank ? p->rank : p->stat));
        ptest_size_refusal(p, what, err, errsize);
        return -1;
    }
    count = ptest_column_size(p) * p->cols; /* one 10^d for every column: maxT compares their keys */
    for (i = 0; i < count; i++)
        if (ptest_decimal_parse(src[i].text, &x[i])) {
            snprintf(err, errsize, is_missing(src[i].text) ? "%s:%d: a missing value ('%s'): missing values are not "
                                                             "supported; remove the row"
                                                           : "%s:%d: '%s' is not a number",
                     t->file, src[i].line, src[i].text);
            return -1;
        } else if (i < PTEST_VALUES)
            p->d[i] = strtod(src[i].text, NULL); /* the double nearest the decimal: what a C statistic sees */
    if (ptest_decimal_scale(x, src, count, t->file, p->v, &p->decimals, err, errsize))
        return -1;
    if (p->rank && (p->cols > 1 || s->tolerance >= 0))
        return fail(err, errsize, "a rank statistic takes one value column (or pair) and no --tolerance");
    /* the midranks of the whole data, then rearranged within the strata, as
     * R coin's wilcox_test(y ~ g | s); JT's dynamic program takes no strata */
    if (s->strata && p->rank == PTEST_JONCKHEERE)
        return fail(err, errsize, "--strata: jonckheere's dynamic program takes no strata: kperm.stats counts it "
                                  "within strata (jonckheere_terpstra, strata=)");
    if (p->rank && ptest_rank_scores(p, err, errsize))
        return -1;
    if (p->walk == PTEST_PAIRINGS && p->stat == PTEST_KENDALL && !s->strata) /* strata: the rows in table order */
        sort_pairs_by_x(p);
    p->exact = s->tolerance < 0 && p->stat != PTEST_USER;
    p->rel_tol = s->tolerance >= 0 ? s->tolerance : DEFAULT_TOLERANCE;
    p->bins = p->cols > 1 ? 0 : s->bins; /* ps_maxt keeps no histogram */
    p->hist_lo = s->hist_lo;
    p->hist_hi = s->hist_hi;
    if (p->rank && s->have_range) { /* given in the rank statistic's units */
        p->hist_lo = ptest_rank_kernel_value(p, s->hist_lo);
        p->hist_hi = ptest_rank_kernel_value(p, s->hist_hi);
    }
    if (s->user_text) {
        if (strlen(s->user_text) >= sizeof p->user)
            return fail(err, errsize, "--statistic: the C statistic is longer than 16 KiB");
        snprintf(p->user, sizeof p->user, "%s", s->user_text);
        snprintf(p->user_file, sizeof p->user_file, "%s", s->user_file);
    }
    if (p->rank != PTEST_JONCKHEERE && ptest_terms(p, err, errsize)) /* JT: no kernel terms (ptest_rank_count) */
        return -1;
    if (s->strata && ptest_strata_read(t, s->strata, s->group, p, err, errsize))
        return -1;
    note_numbers_first(t, s, p);
    return 0;
}
