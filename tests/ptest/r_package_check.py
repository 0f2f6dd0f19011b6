"""r_package_check.py KPERM_PTEST RLIB [BACKEND] - the R package's perm_test() counts
what kperm-ptest --json counts, field for field, for every statistic on
random data with ties: two groups, k groups, pairs, pairings, regression,
within strata, and Monte Carlo draws of one seed. RLIB is the library the
package is installed in (R CMD check's kperm.Rcheck); BACKEND (default
cpu) is both programs'. Prints PASS/FAIL lines; exit status 1 when one
failed."""
import json
import os
import random
import subprocess
import sys
import tempfile

from harness import Report, run, tied_value

FIELDS = ("less", "equal", "greater", "abs_ge", "in_band", "undefined", "n_rearrangements")


def cases(rng):
    """(name, CSV text, kperm-ptest's options, perm_test's call on `d`)"""
    for stat, r_stat in (("mean", "mean_difference"), ("welch", "welch_t"), ("var-ratio", "variance_ratio"),
                         ("mann-whitney", "mann_whitney")):
        n1, n2 = rng.randint(4, 8), rng.randint(4, 8)
        rows = ["g,y"] + ["%s,%s" % ("ab"[i >= n1], tied_value(rng)) for i in range(n1 + n2)]
        yield ("two groups %d + %d, %s" % (n1, n2, stat), rows, ["--stat", stat],
               'perm_test(y ~ factor(g, levels = c("a", "b")), data = d, statistic = "%s"' % r_stat)
    for stat, r_stat in (("anova", "anova_f"), ("kruskal", "kruskal_wallis"), ("jonckheere", "jonckheere_terpstra")):
        sizes = [rng.randint(3, 4) for _ in range(3)]
        rows = ["g,y"] + ["%s,%s" % ("abc"[j], tied_value(rng)) for j in range(3) for _ in range(sizes[j])]
        yield ("3 groups %s, %s" % ("+".join(map(str, sizes)), stat), rows, ["--stat", stat],
               'perm_test(y ~ factor(g, levels = c("a", "b", "c")), data = d, statistic = "%s"' % r_stat)
    for stat, r_stat in (("mean", "mean_difference"), ("wilcoxon", "wilcoxon")):
        n = rng.randint(8, 12)
        rows = ["x,y"] + ["%s,%s" % (tied_value(rng), tied_value(rng)) for _ in range(n)]
        yield ("%d pairs, %s" % (n, stat), rows, ["--test", "paired", "--stat", stat, "--columns", "x,y"],
               'perm_test(d$x, d$y, type = "paired", statistic = "%s"' % r_stat)
    for stat, r_stat in (("pearson", "pearson_r"), ("kendall", "kendall_tau")):
        n = 7
        rows = ["x,y"] + ["%s,%s" % (tied_value(rng), tied_value(rng)) for _ in range(n)]
        yield ("pairings of %d, %s" % (n, stat), rows, ["--test", "pairings", "--stat", stat, "--columns", "x,y"],
               'perm_test(y ~ x, data = d, type = "pairings", statistic = "%s"' % r_stat)
    n = 8
    rows = ["y,x,z"] + ["%s,%s,%s" % (tied_value(rng), tied_value(rng), tied_value(rng)) for _ in range(n)]
    yield ("regression of %d rows" % n, rows, ["--test", "regression", "--columns", "y,x,z"],
           'perm_test(y ~ x + z, data = d, type = "regression"')
    # within strata: one-sided (two-sided, R centres the values within the strata: coin's comparison)
    rows = ["g,s,y"] + ["%s,%s,%s" % ("ab"[rng.random() < 0.5], "st"[i % 2], tied_value(rng)) for i in range(14)]
    yield ("two groups within 2 strata, mean", rows, ["--strata", "s", "--group", "g", "--columns", "y",
                                                       "--groups", "a,b"],
           'perm_test(y ~ factor(g, levels = c("a", "b")) | s, data = d, alternative = "greater"')
    rows = ["g,y"] + ["%s,%s" % ("ab"[i >= 30], tied_value(rng)) for i in range(70)]
    yield ("Monte Carlo, 30 + 40, welch", rows, ["--stat", "welch", "--resamples", "20000", "--seed", "7"],
           'perm_test(y ~ factor(g, levels = c("a", "b")), data = d, statistic = "welch_t", n_resamples = 20000, '
           'seed = 7')


def main():
    prog, rlib = sys.argv[1], sys.argv[2]
    backend = sys.argv[3] if len(sys.argv) > 3 else "cpu"
    report, rng = Report("R package, %s" % backend), random.Random(20261129)
    with tempfile.TemporaryDirectory() as tmp:
        todo, script = [], ["library(kperm)", "show <- function(r) cat(paste(c(r$exact$counts, "
                                                  "r$exact$n_rearrangements, sprintf('%.17g', r$statistic)), "
                                                  "collapse = ' '), '\\n')"]
        for i, (name, rows, options, call) in enumerate(cases(rng)):
            path = os.path.join(tmp, "case%d.csv" % i)
            with open(path, "w") as f:
                f.write("\n".join(rows) + "\n")
            todo.append((name, path, options))
            script.append("d <- read.csv('%s')" % path)
            script.append("show(%s, backend = '%s'))" % (call, backend))
        out = subprocess.run(["Rscript", "-e", "\n".join(script)], capture_output=True, text=True,
                             env=dict(os.environ, R_LIBS=rlib))
        lines = out.stdout.splitlines()
        if out.returncode or len(lines) != len(todo):
            report(False, "Rscript failed: %s" % out.stderr.strip()[-600:])
            sys.exit(1)
        for (name, path, options), line in zip(todo, lines):
            rc, text, err = run(prog, ["--backend", backend, "--bins", "0"] + options + [path])
            if rc:
                report(False, "%s: kperm-ptest failed: %s" % (name, err.strip()))
                continue
            cli = json.loads(text)
            words = line.split()
            ours = dict(zip(FIELDS, words[:7]))
            theirs = {k: str(cli[k]) for k in FIELDS}
            observed = float(words[7])
            same_observed = abs(observed - cli["observed"]) <= 1e-12 * max(1.0, abs(cli["observed"]))
            report(ours == theirs and same_observed,
                   "%s: counts %s, observed %.10g (kperm-ptest: %s, %.10g)"
                   % (name, " ".join(words[:7]), observed, " ".join(theirs[k] for k in FIELDS), cli["observed"]))
    sys.exit(1 if report.failed else 0)


if __name__ == "__main__":
    main()
