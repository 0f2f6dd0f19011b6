#!/usr/bin/python3
"""strata_check.py - rearrangements within strata (kperm-ptest --strata,
kperm.stats.permutation_test(..., strata=)) against a brute force written
here: every rearrangement of the labels within each stratum (itertools) and
the mean difference in fractions. Random small cases (2 to 4 strata, ties,
strata where a group is missing or of one row), on the CLI's CPU and OpenCL
backends and in Python; one stratum against no strata; a paired test, which
strata leave as it is; the refusals; R coin's exact oneway_test(y ~ g | s)
(SKIP without Rscript and coin); 10 strata of 15 + 15 in Python, timed,
and kperm-ptest's counts of it; k groups within strata (anova, kruskal)
and pairings within strata (pearson, kendall) against brute forces of their
own.
Prints PASS/FAIL/SKIP lines; exits 1 on a failure.

    python3 tests/ptest/strata_check.py build/kperm-ptest
"""
import itertools
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import harness  # noqa: E402
import kperm.stats as ks  # noqa: E402
import reference  # noqa: E402
from harness import Report, notes  # noqa: E402

CASES = 40
COIN_CASES = 30
report = Report("strata")


def draw_case(rng, places=(0, 1, 2), both=False):
    """rows (group, value text, stratum), the first row's group A (as the CLI reads it);
    2 to 4 strata of 0 to 4 rows of each group (1 to 4 where `both`: coin
    takes no stratum of one row); None where a group has fewer than 2 rows"""
    rows = []
    for h in range(rng.randint(2, 4)):
        sizes = [0, 0]
        while sum(sizes) == 0 or (both and min(sizes) == 0):
            sizes = [rng.randint(0, 4), rng.randint(0, 4)]
        for group, size in zip("AB", sizes):
            rows += [(group, harness.tied_value(rng, places), "s%d" % h) for _ in range(size)]
    rng.shuffle(rows)
    if min(sum(r[0] == g for r in rows) for g in "AB") < 2:
        return None
    return rows


def mean_difference(a, b):
    return Fraction(sum(a), len(a)) - Fraction(sum(b), len(b))


# a statistic's exact key, monotone in it: reference.py's (signed t^2 for Welch's t)
KEYS = {"mean_difference": mean_difference, "welch_t": reference._welch_t_sq,
        "variance_ratio": reference._var_ratio}


def brute_force(rows, statistic="mean_difference"):
    """(less, equal, greater, abs_ge, total): the statistic of every
    rearrangement within strata against the observed, in fractions (its
    undefined values, 0/0, compared with nothing); None where the observed
    one is undefined"""
    first = rows[0][0]
    values = [Fraction(v) for _, v, _ in rows]
    in_a = [g == first for g, _, _ in rows]

    def stat(a_rows):
        a = set(a_rows)
        try:
            return KEYS[statistic]([values[i] for i in a], [v for i, v in enumerate(values) if i not in a])
        except reference.Undefined:
            return None

    observed = stat([i for i in range(len(rows)) if in_a[i]])
    if observed is None:
        return None
    per_stratum = []
    for h in sorted(set(r[2] for r in rows)):
        members = [i for i, r in enumerate(rows) if r[2] == h]
        per_stratum.append(list(itertools.combinations(members, sum(in_a[i] for i in members))))
    counts = [0] * 4
    for choice in itertools.product(*per_stratum):
        t = stat([i for part in choice for i in part])
        if t is not None:
            counts[0 if t < observed else 1 if t == observed else 2] += 1
            counts[3] += abs(t) >= abs(observed)
    return counts + [math.prod(len(p) for p in per_stratum)]


def python_counts(rows, strata=True, statistic="mean_difference", **kw):
    first = rows[0][0]
    x = [v for g, v, _ in rows if g == first]
    y = [v for g, v, _ in rows if g != first]
    labels = ([h for g, _, h in rows if g == first], [h for g, _, h in rows if g != first]) if strata else None
    r = ks.permutation_test((x, y), statistic, strata=labels, bins=0, **kw)
    return [r.less, r.equal, r.greater, r.abs_ge, r.n_rearrangements]


def write_csv(rows, folder, name="case.csv"):
    path = os.path.join(folder, name)
    harness.write(path, "g,y,s\n" + "".join("%s,%s,%s\n" % r for r in rows))
    return path


def cli_counts(prog, path, backend, extra=()):
    """the counts of kperm-ptest --strata s, or the error"""
    rc, out, err = harness.run(prog, ["--backend", backend, "--columns", "y", "--strata", "s", *extra, path])
    if rc:
        return "exit %d: %s" % (rc, err.strip())
    j = json.loads(out)
    return [j["less"], j["equal"], j["greater"], j["abs_ge"], j["n_rearrangements"]]


def check_random(prog, backends, folder):
    rng = random.Random(42)
    bad = []
    for rows in harness.random_cases(CASES, lambda: draw_case(rng)):
        want = brute_force(rows)
        got = {"python auto": python_counts(rows), "python shift": python_counts(rows, method="shift")}
        path = write_csv(rows, folder)
        for b in backends:
            got["cli " + b] = cli_counts(prog, path, b)
        bad += ["%s: %s, not %s for %s" % (k, v, want, rows) for k, v in got.items() if v != want]
    report(not bad, "%d random cases (2-4 strata, ties, strata missing a group) against the brute force: python, "
           "cli %s%s" % (CASES, ", ".join(backends), notes(bad, 3)))


def check_walk(prog, backends, folder):
    """the kernels' walk within strata (stats_strata.h): the CLI's backends
    and PyOpenCL, every two-group statistic, against the brute force"""
    try:
        import pyopencl  # noqa: F401
        python = True
    except ImportError:
        print("SKIP strata: the kernels' walk within strata from Python: no pyopencl")
        python = False
    rng = random.Random(17)
    bad, done = [], 0
    for statistic, name in (("mean_difference", "mean"), ("welch_t", "welch"), ("variance_ratio", "var-ratio")):
        for rows in harness.random_cases(12, lambda: draw_case(rng)):
            want = brute_force(rows, statistic)
            if want is None:
                continue
            done += 1
            got = {"cli " + b: cli_counts(prog, write_csv(rows, folder), b, ["--stat", name, "--method", "enumerate"])
                   for b in backends}
            if python:
                got["python"] = python_counts(rows, statistic=statistic, method="enumerate", backend="pyopencl")
            bad += ["%s %s: %s, not %s for %s" % (statistic, k, v, want, rows) for k, v in got.items() if v != want]
    report(not bad, "%d random cases of mean, welch and var-ratio enumerated within strata (stats_strata.h) against "
           "the brute force: cli %s%s%s" % (done, ", ".join(backends), ", python (pyopencl)" if python else "",
                                             notes(bad, 3)))


def check_one_stratum(prog, folder):
    rng = random.Random(7)
    bad = []
    for rows in harness.random_cases(20, lambda: draw_case(rng)):
        rows = [(g, v, "all") for g, v, _ in rows]
        if python_counts(rows) != python_counts(rows, strata=False):
            bad.append("python: %s" % rows)
        path = write_csv(rows, folder)
        with_strata = cli_counts(prog, path, "cpu")
        rc, out, _ = harness.run(prog, ["--backend", "cpu", "--columns", "y", path])
        j = json.loads(out) if rc == 0 else {}
        if with_strata != [j.get(k) for k in ("less", "equal", "greater", "abs_ge", "n_rearrangements")]:
            bad.append("cli: %s" % rows)
    report(not bad, "one stratum gives the counts of no strata (python and cli)%s" % notes(bad, 3))


def check_paired(prog, folder):
    rng = random.Random(3)
    rows = [(harness.tied_value(rng), harness.tied_value(rng), "s%d" % rng.randint(0, 2)) for _ in range(8)]
    path = os.path.join(folder, "pairs.csv")
    harness.write(path, "x,y,s\n" + "".join("%s,%s,%s\n" % r for r in rows))
    outs = [harness.run(prog, ["--test", "paired", "--columns", "x,y", "--backend", "cpu", *extra, path])
            for extra in ([], ["--strata", "s"])]
    x, y, s = ([r[i] for r in rows] for i in range(3))
    same = ks.permutation_test((x, y), "mean_difference", permutation_type="samples", strata=(s, s), bins=0) \
        == ks.permutation_test((x, y), "mean_difference", permutation_type="samples", bins=0)
    fields = [{k: v for k, v in json.loads(out).items() if k != "seconds"} for rc, out, _ in outs if rc == 0]
    report(len(fields) == 2 and fields[0] == fields[1] and "changes nothing" in outs[1][2] and same,
           "a paired test: --strata and strata= change nothing (a note on stderr)")


def between(groups):
    """sum over groups of S_g^2 / n_g: F (and H of midranks) grows with it,
    the total sum of squares being the same in every labelling"""
    return sum(Fraction(sum(g)) ** 2 / len(g) for g in groups)


def groups_brute_force(values, groups, strata, k):
    """(less, equal, greater, total) of `between` over every labelling that
    keeps each stratum's own labels (its distinct orders), in fractions"""
    members = [[i for i, h in enumerate(strata) if h == s] for s in sorted(set(strata))]
    choices = [sorted(set(itertools.permutations([groups[i] for i in at]))) for at in members]

    def stat(labels):
        return between([[values[i] for i, g in enumerate(labels) if g == j] for j in range(k)])

    observed, counts = stat(groups), [0, 0, 0]
    for choice in itertools.product(*choices):
        labels = list(groups)
        for at, part in zip(members, choice):
            for i, g in zip(at, part):
                labels[i] = g
        t = stat(labels)
        counts[(t > observed) - (t < observed) + 1] += 1
    return counts + [math.prod(len(c) for c in choices)]


def midranks(values):
    return [Fraction(2 * sum(w < v for w in values) + sum(w == v for w in values) + 1, 2) for v in values]


def check_groups(prog, backends, folder):
    """k groups within strata: anova and Kruskal-Wallis (the midranks of the
    whole data) against the brute force, the CLI on each backend and Python"""
    rng = random.Random(11)
    bad, done = [], 0
    while done < 24:
        k = rng.randint(2, 4)
        groups = [g for g in range(k) for _ in range(rng.randint(2, 4))]
        values = [rng.randint(0, 5) for _ in groups]
        strata = [rng.choice("pqr") for _ in groups]
        if len(set(values)) == 1:
            continue
        done += 1
        stat, name, scores = (("anova", "anova_f", values) if done % 2 else
                              ("kruskal", "kruskal_wallis", midranks(values)))
        want = groups_brute_force(scores, groups, strata, k)
        path = os.path.join(folder, "groups.csv")
        harness.write(path, "g,y,s\n" + "".join("G%d,%d,%s\n" % r for r in zip(groups, values, strata)))
        for backend in backends:
            rc, out, err = harness.run(prog, ["--backend", backend, "--bins", "0", "--stat", stat, "--columns", "y",
                                              "--strata", "s", path])
            j = json.loads(out) if rc == 0 else {}
            got = [j.get(f) for f in ("less", "equal", "greater", "n_rearrangements")]
            if got != want:
                bad.append("%s %s %s: %s, not %s %s" % (backend, stat, list(zip(groups, values, strata)), got, want,
                                                        err.strip()))
        samples = [[v for g, v in zip(groups, values) if g == j] for j in range(k)]
        labels = [[h for g, h in zip(groups, strata) if g == j] for j in range(k)]
        r = ks.permutation_test(samples, name, strata=labels, bins=0)
        if [r.less, r.equal, r.greater, r.n_rearrangements] != want:
            bad.append("python %s: %s, not %s" % (name, [r.less, r.equal, r.greater, r.n_rearrangements], want))
    report(not bad, "k groups within strata: 24 random cases (2-4 groups, ties), anova and kruskal, the CLI (%s) and "
           "Python count as the brute force%s" % (", ".join(backends), notes(bad, 3)))


def check_pairings(prog, backends, folder):
    """pairings within strata (y's order permuted within each stratum of
    pairs): Pearson's r (its key the sum of x*y) and Kendall's tau (C - D,
    the ties' terms fixed) against the brute force, the CLI on each backend
    and Python"""
    rng = random.Random(13)
    bad, done = [], 0
    while done < 20:
        n = rng.randint(3, 7)
        x, y = [rng.randint(0, 4) for _ in range(n)], [rng.randint(0, 4) for _ in range(n)]
        strata = [rng.choice("pq") for _ in range(n)]
        if len(set(x)) == 1 or len(set(y)) == 1:
            continue
        done += 1
        stat, name = ("pearson", "pearson_r") if done % 2 else ("kendall", "kendall_tau")

        def key(ys):
            if stat == "pearson":
                return sum(a * b for a, b in zip(x, ys))
            return sum(((x[i] > x[j]) - (x[i] < x[j])) * ((ys[i] > ys[j]) - (ys[i] < ys[j]))
                       for i in range(n) for j in range(i + 1, n))

        members = [[i for i in range(n) if strata[i] == h] for h in sorted(set(strata))]
        observed, want = key(y), [0, 0, 0, 0]
        for choice in itertools.product(*(itertools.permutations(at) for at in members)):
            ys = list(y)
            for at, order in zip(members, choice):
                for i, j in zip(at, order):
                    ys[i] = y[j]
            t = key(ys)
            want[(t > observed) - (t < observed) + 1] += 1
            want[3] += 1
        path = os.path.join(folder, "pairs.csv")
        harness.write(path, "x,y,s\n" + "".join("%d,%d,%s\n" % r for r in zip(x, y, strata)))
        for backend in backends:
            rc, out, err = harness.run(prog, ["--backend", backend, "--bins", "0", "--test", "pairings", "--stat", stat,
                                              "--columns", "x,y", "--strata", "s", path])
            j = json.loads(out) if rc == 0 else {}
            got = [j.get(f) for f in ("less", "equal", "greater", "n_rearrangements")]
            if got != want:
                bad.append("%s %s %s: %s, not %s %s" % (backend, stat, list(zip(x, y, strata)), got, want, err.strip()))
        r = ks.permutation_test((x, y), name, permutation_type="pairings", strata=(strata, strata), bins=0)
        if [r.less, r.equal, r.greater, r.n_rearrangements] != want:
            bad.append("python %s: %s, not %s" % (name, [r.less, r.equal, r.greater, r.n_rearrangements], want))
    report(not bad, "pairings within strata: 20 random cases (ties), pearson and kendall, the CLI (%s) and Python "
           "count as the brute force%s" % (", ".join(backends), notes(bad, 3)))


def check_jonckheere():
    """Jonckheere-Terpstra within strata (kperm.stats: the labellings
    within the strata enumerated on the host) against the brute force"""
    rng = random.Random(17)

    def jt(groups):
        return sum(Fraction(int(a < b)) + Fraction(int(a == b), 2)
                   for i, g in enumerate(groups) for h in groups[i + 1:] for a in g for b in h)

    bad = []
    for _ in range(12):
        k = rng.randint(2, 3)
        samples = [[rng.randint(0, 4) for _ in range(rng.randint(2, 4))] for _ in range(k)]
        labels = [[rng.choice("pq") for _ in s] for s in samples]
        values = [v for s in samples for v in s]
        groups = [g for g, s in enumerate(samples) for _ in s]
        strata = [h for hs in labels for h in hs]
        members = [[i for i, h in enumerate(strata) if h == s] for s in sorted(set(strata))]
        observed, centre = jt(samples), Fraction(sum(len(a) * len(b) for i, a in enumerate(samples)
                                                     for b in samples[i + 1:]), 2)
        want = [0, 0, 0, 0]
        for choice in itertools.product(*(sorted(set(itertools.permutations([groups[i] for i in at])))
                                          for at in members)):
            labelled = list(groups)
            for at, part in zip(members, choice):
                for i, g in zip(at, part):
                    labelled[i] = g
            t = jt([[values[i] for i in range(len(values)) if labelled[i] == g] for g in range(k)])
            want[(t > observed) - (t < observed) + 1] += 1
            want[3] += abs(t - centre) >= abs(observed - centre)
        r = ks.permutation_test(samples, "jonckheere_terpstra", strata=labels, bins=0)
        got = [r.less, r.equal, r.greater, r.abs_ge]
        if got != want or r.statistic != observed or not r.exact:
            bad.append("%s %s: %s %s, not %s %s" % (samples, labels, got, r.statistic, want, observed))
    report(not bad, "jonckheere_terpstra within strata: 12 random cases (2-3 samples, ties) as the brute force "
           "counts them%s" % notes(bad, 3))


def check_refusals(prog, folder):
    rows = [("A", "1", "a"), ("A", "2", "b"), ("B", "3", "a"), ("B", "4", "b"), ("B", "5", "")]
    path = write_csv(rows, folder, "bad.csv")
    good = write_csv(rows[:4], folder, "good.csv")
    cases = [(["--strata", "s", path], "bad.csv:6: a missing stratum"),
             (["--strata", "nope", good], "no column 'nope' for --strata"),
             (["--strata", "s", "--stat", "jonckheere", good], "--strata: jonckheere"),
             (["--strata", "s", "--stat", "welch", "--method", "shift", good], "--strata: --method shift"),
             (["--strata", "s", "--method", "mitm", good], "--strata: --method mitm"),
             (["--strata", "s", "--test", "paired", "--columns", "y,y", "--stat", "anova", good], "--stat anova goes with an independent test")]
    bad = []
    for args, words in cases:
        rc, _, err = harness.run(prog, ["--backend", "cpu", "--columns", "y"] + args)
        if rc != 2 or words not in err or len(err.strip().splitlines()) != 1:
            bad.append("%s: exit %d, %r" % (" ".join(args), rc, err.strip()))
    try:  # 3 x 20 in 2 strata: 3e25 labellings, past the kernels' 64-bit ranks whatever max_rearrangements says
        ks.permutation_test([list(range(20))] * 3, "anova_f", strata=[[i // 10 for i in range(20)]] * 3,
                            max_rearrangements=10 ** 40)
        bad.append("python: 3e25 labellings within strata accepted")
    except ValueError as e:
        if "2**64" not in str(e):
            bad.append("python: 3e25 labellings within strata: %s" % e)
    for kw, kind in (({"strata": (["a", "b"], ["a"])}, ValueError), ({"strata": "ab"}, ValueError),
                     ({"strata": (["a", "b"], ["a", "b"]), "method": "mitm"}, ValueError)):
        try:
            ks.permutation_test(([1, 2], [3, 4]), "mean_difference", **kw)
            bad.append("python %s: accepted" % kw)
        except kind as e:
            if "strata" not in str(e):
                bad.append("python %s: %s" % (kw, e))
    for data, statistic, kind, strata in ((([1, 2, 3], [3, 5, 4]), "pearson_r", "pairings", (["a", "b", "a"],
                                                                                             ["a", "a", "b"])),
                                          (([1, 2, 3], [3, 5, 4]), "mann_whitney", "independent",
                                           (["a", "b"], ["a", "b", "a"]))):
        try:
            ks.permutation_test(data, statistic, permutation_type=kind, strata=strata)
            bad.append("python %s within strata: accepted" % statistic)
        except ValueError:
            pass
    report(not bad, "the refusals: one line, exit 2 (cli), ValueError (python)%s" % notes(bad, 5))


COIN = """suppressMessages(library(coin))
d <- read.csv("%s", colClasses = c("integer", "character", "numeric", "character"))
for (c in unique(d$case)) {
    e <- d[d$case == c, ]
    e$g <- factor(e$g, levels = unique(e$g)); e$s <- factor(e$s)
    p <- sapply(c("less", "greater"), function(a)
        pvalue(oneway_test(y ~ g | s, data = e, distribution = "exact", alternative = a)))
    cat(c, sprintf("%%.15g", p), "\\n")
}
"""


def check_coin(folder):
    if not shutil.which("Rscript"):
        print("SKIP strata: R coin's exact oneway_test(y ~ g | s): no Rscript")
        return
    rng = random.Random(11)
    cases = list(harness.random_cases(COIN_CASES, lambda: draw_case(rng, places=(0, 1), both=True)))
    path = os.path.join(folder, "coin.csv")
    harness.write(path, "case,g,y,s\n" + "".join("%d,%s,%s,%s\n" % ((c,) + r) for c, rows in enumerate(cases)
                                                   for r in rows))
    script = os.path.join(folder, "coin.R")
    harness.write(script, COIN % path)
    out = subprocess.run(["Rscript", "--vanilla", script], capture_output=True, text=True, timeout=120)
    if out.returncode and "there is no package called" in out.stderr:
        print("SKIP strata: R coin's exact oneway_test(y ~ g | s): no coin (apt-get install r-cran-coin)")
        return
    bad = [] if out.returncode == 0 else ["Rscript: %s" % out.stderr.strip()[-300:]]
    for line in out.stdout.split("\n") if out.returncode == 0 else []:
        if not line.strip():
            continue
        c, less, greater = line.split()
        first = cases[int(c)][0][0]
        x = [v for g, v, _ in cases[int(c)] if g == first]
        y = [v for g, v, _ in cases[int(c)] if g != first]
        sx = [h for g, _, h in cases[int(c)] if g == first]
        sy = [h for g, _, h in cases[int(c)] if g != first]
        r = ks.permutation_test((x, y), "mean_difference", strata=(sx, sy), bins=0)
        if less == "NA":  # coin's statistic has no variance: the null is one value
            if r.null_min != r.null_max:
                bad.append("case %s: coin's p is NA, the null not one value" % c)
        elif not (math.isclose(r.pvalue_less, float(less), rel_tol=1e-9)
                and math.isclose(r.pvalue_greater, float(greater), rel_tol=1e-9)):
            bad.append("case %s: %s, %s against coin's %s, %s" % (c, r.pvalue_less, r.pvalue_greater, less, greater))
    report(not bad and len(out.stdout.split()) == 3 * COIN_CASES,
           "%d random cases: one-sided p-values equal R coin's exact oneway_test(y ~ g | s)%s"
           % (COIN_CASES, notes(bad, 3)))


def check_warpbreaks(prog):
    """the worked example of docs/stats.md and samples/ptest/README.md: R's
    warpbreaks, wool blocked by tension; R coin 1.4-2's exact oneway_test
    printed p_greater 0.037751764292759 and two-sided 0.075503528585518"""
    path = os.path.join(harness.DATA, "warpbreaks.csv")
    rc, out, err = harness.run(prog, ["--backend", "cpu", "--columns", "breaks", "--strata", "tension", path])
    j = json.loads(out) if rc == 0 else {}
    with open(path) as f:
        rows = [line.strip().split(",") for line in f][1:]
    a, b = ([r for r in rows if r[0] == g] for g in "AB")
    r = ks.permutation_test(([int(x[1]) for x in a], [int(x[1]) for x in b]), "mean_difference",
                            strata=([x[2] for x in a], [x[2] for x in b]))
    want = [4338924730798, 8677849461596, 114933031928000]
    ok = [j.get("pvalue_greater_numerator"), j.get("abs_ge"), j.get("n_rearrangements")] == want \
        and [r.greater + r.equal, r.abs_ge, r.n_rearrangements] == want \
        and ("%.15g" % (want[0] / want[2]), "%.15g" % (want[1] / want[2])) == ("0.037751764292759", "0.075503528585518")
    report(ok, "warpbreaks (wool | tension): the documented counts, coin's exact p-values (cli and python)")


def check_large(prog, folder):
    """10 strata of 15 + 15: Python's counts; kperm-ptest's, every digit, the
    same (each counts by its own convolution of the strata)"""
    rng = random.Random(5)
    x = [rng.randint(0, 99) for _ in range(150)]
    y = [rng.randint(5, 104) for _ in range(150)]
    s = [i // 15 for i in range(150)]
    t0 = time.monotonic()
    r = ks.permutation_test((x, y), "mean_difference", strata=(s, s))
    seconds = time.monotonic() - t0
    ok = r.n_rearrangements == math.comb(30, 15) ** 10 and r.less + r.equal + r.greater == r.n_rearrangements
    report(ok and sum(r.histogram) == r.n_rearrangements,
           "10 strata of 15 + 15 (integers 0..104): %.3g rearrangements, exact, in %.2f s" % (r.n_rearrangements,
                                                                                          seconds))
    path = os.path.join(folder, "large.csv")
    with open(path, "w") as f:
        f.write("g,v,s\n" + "".join("%s,%d,s%d\n" % (g, v, k) for g, vs in (("A", x), ("B", y))
                                    for v, k in zip(vs, s)))
    rc, out, err = harness.run(prog, ["--json", "--bins", str(len(r.histogram)), "--columns", "v", "--strata", "s", path])
    j = json.loads(out) if rc == 0 else {}
    fields = ("n_rearrangements", "less", "equal", "greater", "abs_ge", "histogram", "pvalue_two_sided")
    got = [j.get(k) for k in fields]
    want = [r.n_rearrangements, r.less, r.equal, r.greater, r.abs_ge, list(r.histogram), r.pvalue_two_sided]
    wrong = [k for k, g, w in zip(fields, got, want) if g != w]
    report(not wrong, "kperm-ptest --strata: 10 strata of 15 + 15, every count and bin as kperm.stats'%s"
           % ("" if not wrong else ": not %s %s" % (", ".join(wrong), err)))


def main():
    prog = sys.argv[1]
    rc, out, _ = harness.run(prog, ["--list-devices"])
    backends = ["cpu"] + (["opencl"] if "opencl " in out else [])
    with tempfile.TemporaryDirectory() as folder:
        check_random(prog, backends, folder)
        check_walk(prog, backends, folder)
        check_one_stratum(prog, folder)
        check_paired(prog, folder)
        check_groups(prog, backends, folder)
        check_pairings(prog, backends, folder)
        check_jonckheere()
        check_refusals(prog, folder)
        check_coin(folder)
        check_large(prog, folder)
    check_warpbreaks(prog)
    sys.exit(1 if report.failed else 0)


if __name__ == "__main__":
    main()
