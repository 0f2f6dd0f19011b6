#!/usr/bin/python3
"""rank_check.py - the rank statistics with ties (kperm-ptest --stat
mann-whitney, wilcoxon, kruskal; kperm.stats 'mann_whitney', 'wilcoxon',
'kruskal_wallis') against a brute force written here: every rearrangement
(itertools), its statistic computed directly from midranks in Fractions
(U = R1 - n1(n1+1)/2; T+ over d > 0 with zeros ranked, Pratt; scipy's tie
corrected H), and the counts less / equal / greater (and |U - n1n2/2|,
|T+ - sum/2| at least the observed for abs_ge). Random small cases with ties
and zeros: the CLI on each backend named, Python with method auto and
enumerate; R coin's exact wilcox_test (without and within strata, Python
and the CLI) and wilcoxsign_test p-values on random cases with ties (SKIP
without Rscript and coin). kperm-ptest's dynamic
program for kruskal (ptest_kruskal.c) against its enumeration, field for
field, and kperm.stats' counts; its fallback to enumeration past 256 MiB. Prints PASS/FAIL/SKIP lines;
exits 1 on a failure.

    python3 tests/ptest/rank_check.py [build/kperm-ptest [cpu opencl ...]]
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
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
from harness import DATA, Report, notes, run, write  # noqa: E402
import kperm.stats as ks  # noqa: E402

report = Report("ranks")
VALUES = (0, 1, 1, 2, 3, 3, 5, -1, -2)  # few values: ties likely, zero differences too


def midranks(values):
    """each value's midrank among values, as a Fraction"""
    ordered = sorted(values)
    return [Fraction(2 * ordered.index(v) + ordered.count(v) + 1, 2) for v in values]


def u_of(x, y):
    return sum(midranks(x + y)[:len(x)]) - Fraction(len(x) * (len(x) + 1), 2)


def t_plus(d):
    r = midranks([abs(v) for v in d])
    return sum(ri for ri, v in zip(r, d) if v > 0)


def h_of(groups):
    """scipy's tie corrected H of groups of values"""
    pooled = [v for g in groups for v in g]
    r, at, sums = midranks(pooled), 0, []
    for g in groups:
        sums.append(sum(r[at:at + len(g)]))
        at += len(g)
    return h_of_sums(sums, [len(g) for g in groups], pooled)


def h_of_sums(sums, sizes, pooled):
    n = len(pooled)
    h = Fraction(12, n * (n + 1)) * sum(s * s / m for s, m in zip(sums, sizes)) - 3 * (n + 1)
    ties = sum(pooled.count(v) ** 3 - pooled.count(v) for v in set(pooled))
    return h / (1 - Fraction(ties, n ** 3 - n))


def jt_of(groups):
    return sum(Fraction(2 * (x < y) + (x == y), 2) for i, a in enumerate(groups) for b in groups[i + 1:]
               for x in a for y in b)


def splits(values, sizes):
    """every assignment of values to groups of these sizes (each once)"""
    if len(sizes) == 1:
        yield [list(values)]
        return
    for first in itertools.combinations(range(len(values)), sizes[0]):
        rest = [v for i, v in enumerate(values) if i not in first]
        for tail in splits(rest, sizes[1:]):
            yield [[values[i] for i in first]] + tail


def tally(stats, observed, centre):
    """[less, equal, greater, abs_ge] of the null statistics"""
    c = [0, 0, 0, 0]
    for s in stats:
        c[(s > observed) - (s < observed) + 1] += 1
        c[3] += centre is not None and abs(s - centre) >= abs(observed - centre)
    return c


def brute(name, samples):
    if name == "mann_whitney":
        x, y = samples
        r, least = midranks(x + y), Fraction(len(x) * (len(x) + 1), 2)
        stats = [sum(a) - least for a, _ in splits(r, [len(x), len(y)])]
        return tally(stats, u_of(x, y), Fraction(len(x) * len(y), 2)), u_of(x, y)
    if name == "wilcoxon":
        d = [a - b for a, b in zip(*samples)]
        stats = [t_plus([s * v for s, v in zip(signs, d)]) for signs in itertools.product((1, -1), repeat=len(d))]
        return tally(stats, t_plus(d), sum(midranks([abs(v) for v in d])[i] for i in range(len(d)) if d[i]) / 2), \
            t_plus(d)
    if name == "jonckheere_terpstra":
        pooled = [v for g in samples for v in g]
        stats = [jt_of(g) for g in splits(pooled, [len(g) for g in samples])]
        pairs = sum(len(a) * len(b) for i, a in enumerate(samples) for b in samples[i + 1:])
        return tally(stats, jt_of(samples), Fraction(pairs, 2)), jt_of(samples)
    pooled = [v for g in samples for v in g]  # each split's rank sums of the midranks, fixed by the pooled values
    sizes, r = [len(g) for g in samples], midranks(pooled)
    stats = [h_of_sums([sum(g) for g in split], sizes, pooled) for split in splits(r, sizes)]
    return tally(stats, h_of(samples), None), h_of(samples)


def draw(rng, name):
    if name == "mann_whitney":
        return [[rng.choice(VALUES) for _ in range(rng.randint(2, 6))] for _ in range(2)]
    if name == "wilcoxon":
        n = rng.randint(2, 8)
        return [[rng.choice(VALUES) for _ in range(n)] for _ in range(2)]
    groups = [[rng.choice(VALUES) for _ in range(rng.randint(2, 4))] for _ in range(rng.randint(2, 3))]
    return groups if len(set(v for g in groups for v in g)) > 1 else None


CLI = {"mann_whitney": ("independent", "mann-whitney"), "wilcoxon": ("paired", "wilcoxon"),
       "kruskal_wallis": ("independent", "kruskal"), "jonckheere_terpstra": ("independent", "jonckheere")}


def csv_of(name, samples):
    if name == "wilcoxon":
        return "x,y\n" + "".join("%s,%s\n" % p for p in zip(*samples))
    return "g,v\n" + "".join("g%d,%s\n" % (i, v) for i, g in enumerate(samples) for v in g)


def differs(counts, statistic, got, stat_got, abs_too):
    keys = ("less", "equal", "greater", "abs_ge")[:4 if abs_too else 3]
    return [k for k, c in zip(keys, counts) if got[k] != c] + \
        (["statistic %s != %s" % (stat_got, float(statistic))] if not math.isclose(stat_got, statistic) else [])


def check_random(prog, backends, folder):
    rng = random.Random(42)
    for name, cases in (("mann_whitney", 100), ("wilcoxon", 100), ("kruskal_wallis", 40), ("jonckheere_terpstra", 50)):
        bad, cli_runs = [], 0
        for c in range(cases):
            samples = None
            while samples is None:
                samples = draw(rng, name)
            counts, statistic = brute(name, samples)
            ptype = "samples" if name == "wilcoxon" else "independent"
            for method in ("auto", "enumerate") if c % 5 == 0 and name != "jonckheere_terpstra" else ("auto",):
                r = ks.permutation_test(samples, name, permutation_type=ptype, method=method, bins=4)
                got = {"less": r.less, "equal": r.equal, "greater": r.greater, "abs_ge": r.abs_ge}
                bad += ["%s %s %s: %s" % (name, method, samples, w)
                        for w in differs(counts, statistic, got, r.statistic, name != "kruskal_wallis")]
            if c % 2:  # the CLI on every other case (a process each), each backend on every tenth
                continue
            path = os.path.join(folder, "case.csv")
            write(path, csv_of(name, samples))
            for backend in backends if c % 10 == 0 else backends[:1]:
                test, stat = CLI[name]
                rc, out, err = run(prog, ["--backend", backend, "--test", test, "--stat", stat, "--bins", "4", path])
                cli_runs += 1
                if rc:
                    bad.append("%s %s %s: exit %d: %s" % (name, backend, samples, rc, err.strip()))
                    continue
                j = json.loads(out)
                bad += ["%s cli %s %s: %s" % (name, backend, samples, w)
                        for w in differs(counts, statistic, j, j["observed"], name != "kruskal_wallis")]
        report(not bad, "%s: %d random cases with ties and zeros against the brute force (Python auto/enumerate, "
               "%d CLI runs on %s)%s" % (name, cases, cli_runs, ", ".join(backends), notes(bad, 3)))


def check_refused(prog, folder):
    """what the rank statistics refuse: exit status 2 with a one-line
    error, ValueError in Python"""
    path = os.path.join(folder, "refused.csv")
    write(path, "g,s,v,e\na,p,1,1\na,q,2,1\nb,p,2,1\nb,q,3,1\nc,p,4,1\nc,q,5,1\n")
    bad = []
    for args in (["--stat", "mann-whitney", "--columns", "v"], ["--stat", "wilcoxon", "--columns", "v"],
                 ["--test", "paired", "--stat", "kruskal", "--columns", "v,e"],
                 ["--stat", "jonckheere", "--columns", "v", "--strata", "s", "--groups", "a,b"],
                 ["--stat", "kruskal", "--columns", "v", "--tolerance", "0"],
                 ["--stat", "jonckheere", "--columns", "v", "--method", "enumerate"],
                 ["--stat", "kruskal", "--columns", "e"]):
        rc, out, err = run(prog, args + [path])
        if rc != 2 or err.count("\n") != 1 or ("--stat" in err and args[args.index("--stat") + 1] not in err):
            bad.append("%s: exit %d, %r" % (" ".join(args), rc, err))
    rc, out, err = run(prog, ["--stat", "jonckheere", "--columns", "e", path])  # JT of all ties: one value, counted
    if rc or json.loads(out)["equal"] != 90 or json.loads(out)["observed"] != 6:
        bad.append("--stat jonckheere of values all equal: exit %d, %s%s" % (rc, out[:200], err))
    big = os.path.join(folder, "tied63.csv")  # one tie block of 63: its ways once passed 2^64 mid-product
    write(big, "g,v\n" + "a,5\n" * 28 + "b,5\n" * 35)
    rc, out, err = run(prog, ["--stat", "jonckheere", big])
    if rc or json.loads(out)["equal"] != math.comb(63, 28):
        bad.append("--stat jonckheere of 28 + 35 values all equal: exit %d, %s%s" % (rc, out[:200], err))
    for data, name, kw in ((([1, 2], [3, 4], [5, 6]), "mann_whitney", {}),
                           (([1, 2], [3, 4]), "kruskal_wallis", {"tolerance": 1e-9}),
                           (([1, 2], [3, 4]), "wilcoxon", {}),
                           (([1, 1], [1, 1]), "kruskal_wallis", {}),
                           (([1, 2], [3, 4]), "jonckheere_terpstra", {"method": "enumerate"}),
                           (([1, 2], [3, 4], [5, 6]), "jonckheere_terpstra",
                            {"strata": (["a", "b"], ["a", "b"], ["a", "b"]), "method": "enumerate"})):
        try:
            ks.permutation_test(data, name, **kw)
            bad.append("%s %s: no ValueError" % (name, kw))
        except ValueError:
            pass
    report(not bad, "refused: a rank statistic with the wrong test or group count, jonckheere --strata, --tolerance; H of "
           "values all equal (JT of them counted); jonckheere with --method enumerate%s" % notes(bad, 3))


KW_FIELDS = ("n_rearrangements", "less", "equal", "greater", "abs_ge", "observed", "histogram")


def check_kruskal_program(prog, folder):
    """--stat kruskal by its dynamic program (--method auto) equals its
    enumeration field for field on random small cases with ties, and
    kperm.stats' counts; null_min / null_max within 1e-12 (the kernel's F of
    one vector of group sums varies in its last bits with the labelling)"""
    rng, bad, path = random.Random(5), [], os.path.join(folder, "kw.csv")
    for c in range(200):
        k = rng.randint(2, 4)
        groups = [[rng.randint(0, 4) for _ in range(rng.randint(2, 5 if k < 4 else 3))] for _ in range(k)]
        if len(set(v for g in groups for v in g)) < 2:
            continue
        write(path, csv_of("kruskal_wallis", groups))
        got = []
        for method in ("auto", "enumerate"):
            rc, out, err = run(prog, ["--stat", "kruskal", "--bins", "7", "--method", method, "--backend", "cpu", path])
            got.append(json.loads(out) if rc == 0 else {"method": "exit %d: %s" % (rc, err.strip())})
        dp, walk = got
        r = ks.permutation_test(groups, "kruskal_wallis", bins=0)
        wrong = [f for f in KW_FIELDS if dp.get(f) != walk.get(f)]
        wrong += [f for f in ("null_min", "null_max") if not math.isclose(dp.get(f, 0), walk.get(f, 1), rel_tol=1e-12)]
        wrong += ["kperm.stats"] if (r.less, r.equal, r.greater, r.abs_ge) != tuple(
            dp.get(f) for f in ("less", "equal", "greater", "abs_ge")) else []
        wrong += ["methods %s, %s" % (dp["method"], walk["method"])] if (dp["method"], walk["method"]) != (
            "dynamic program", "enumerate") else []
        bad += ["%s: %s" % (groups, ", ".join(wrong))] if wrong else []
    report(not bad, "kruskal: the CLI's dynamic program equals its enumeration (counts, observed, histogram of 7 "
           "bins; range within 1e-12) and kperm.stats' counts on 200 random cases, 2-4 groups with ties%s"
           % notes(bad, 3))
    rc, out, err = run(prog, ["--stat", "kruskal", os.path.join(DATA, "plantgrowth.csv")])
    j = json.loads(out) if rc == 0 else {}
    groups = {}
    for line in open(os.path.join(DATA, "plantgrowth.csv")).read().split()[1:]:
        g, v = line.split(",")
        groups.setdefault(g, []).append(float(v))
    r = ks.permutation_test(list(groups.values()), "kruskal_wallis", bins=0)
    report(j.get("method") == "dynamic program" and j.get("pvalue_greater") == r.pvalue_greater
           and (j.get("less"), j.get("equal"), j.get("greater")) == (r.less, r.equal, r.greater),
           "kruskal: PlantGrowth (5.55e12 labellings) by the dynamic program, p = %s as kperm.stats' %s%s"
           % (j.get("pvalue_greater"), r.pvalue_greater, err.strip()))
    write(path, "g,v\n" + "".join("%s,%d\n" % (g, (7 * i) % 41) for g in "abcd" for i in range(8 * "abcd".index(g),
                                                                                          8 * "abcd".index(g) + 8)))
    rc, out, err = run(prog, ["--stat", "kruskal", path])  # tables of 14 GB: enumerated, so refused as hopeless
    report(rc == 3 and "rearrangements at the measured" in err and "--resamples" in err,
           "kruskal: 4 groups of 8, past the dynamic program's 256 MiB, falls back to enumeration (refused as "
           "too long: exit %d)" % rc)


COIN = """suppressMessages(library(coin))
d <- read.csv("%s")
for (c in unique(d$case)) {
    e <- d[d$case == c, ]
    if (e$kind[1] == "mw") {
        e$g <- factor(e$g, levels = c("a", "b"))
        t <- function(a) wilcox_test(v ~ g, data = e, distribution = "exact", alternative = a)
    } else if (e$kind[1] == "mws") {
        e$g <- factor(e$g, levels = c("a", "b"))
        e$s <- factor(e$s)
        t <- function(a) wilcox_test(v ~ g | s, data = e, distribution = "exact", alternative = a)
    } else {
        t <- function(a) wilcoxsign_test(x ~ v, data = e, distribution = "exact", alternative = a)
    }
    cat(c, sprintf("%%.15g", sapply(c("greater", "less"), function(a) pvalue(t(a)))), "\\n")
}
"""


def check_coin(prog, folder):
    """R coin's exact p-values: wilcox_test's statistic is R1 (greater: A's
    ranks high, as U's), within strata too (y ~ g | s: the midranks of the
    whole data, R1 rearranged within the strata), wilcoxsign_test's is T+
    of x - v; within strata the CLI's too"""
    if not shutil.which("Rscript"):
        print("SKIP ranks: R coin's exact wilcox_test / wilcoxsign_test: no Rscript")
        return
    rng = random.Random(7)
    cases, rows = [], []
    for c in range(60):
        kind = ("mw", "ws", "mws")[c % 3]
        samples = draw(rng, "wilcoxon" if kind == "ws" else "mann_whitney")
        if kind == "ws" and not any(a != b for a, b in zip(*samples)):
            samples[0][0] += 1
        strata = [["p"] * len(s) for s in samples]
        if kind == "mws":  # up to 3 strata of two or more observations each (coin refuses a block of one)
            pooled = sum(map(len, samples))
            labels = ["pqr"[i % max(1, min(3, pooled // 2))] for i in range(pooled)]
            rng.shuffle(labels)
            strata = [labels[:len(samples[0])], labels[len(samples[0]):]]
        cases.append((kind, samples, strata))
        if kind == "ws":
            rows += ["%d,%s,x,%s,%s,p" % (c, kind, a, b) for a, b in zip(*samples)]
        else:
            rows += ["%d,%s,%s,0,%s,%s" % (c, kind, g, v, h) for g, s, hs in zip("ab", samples, strata)
                     for v, h in zip(s, hs)]
    path = os.path.join(folder, "coin.csv")
    write(path, "case,kind,g,x,v,s\n" + "\n".join(rows) + "\n")
    script = os.path.join(folder, "coin.R")
    write(script, COIN % path)
    out = subprocess.run(["Rscript", "--vanilla", script], capture_output=True, text=True, timeout=120)
    if out.returncode and "there is no package called" in out.stderr:
        print("SKIP ranks: R coin's exact wilcox_test / wilcoxsign_test: no coin")
        return
    bad = [] if out.returncode == 0 else ["Rscript: %s" % out.stderr.strip()[-300:]]
    lines = [line for line in out.stdout.split("\n") if line.strip()]
    degenerate = []
    for line in lines:
        c, greater, less = line.split()
        kind, samples, strata = cases[int(c)]
        if "NA" in (greater, less):  # coin's: no variance within the strata (each holds one group, or ties)
            degenerate.append(c)
            continue
        r = ks.permutation_test(samples, "wilcoxon" if kind == "ws" else "mann_whitney",
                                permutation_type="samples" if kind == "ws" else "independent", bins=0,
                                strata=strata if kind == "mws" else None)
        got = [(r.pvalue_greater, r.pvalue_less)]
        if kind == "mws":  # the CLI within strata: midranks, their sum convolved over the strata
            one = os.path.join(folder, "mws.csv")
            write(one, "g,v,s\n" + "".join("%s,%s,%s\n" % (g, v, h) for g, s, hs in zip("ab", samples, strata)
                                           for v, h in zip(s, hs)))
            rc, out, err = run(prog, ["--json", "--stat", "mann-whitney", "--columns", "v", "--strata", "s", one])
            j = json.loads(out) if rc == 0 else {}
            got.append((j.get("pvalue_greater", -1), j.get("pvalue_less", -1)))
        if not all(math.isclose(g, float(greater), rel_tol=1e-9) and math.isclose(l, float(less), rel_tol=1e-9)
                   for g, l in got):
            bad.append("case %s %s %s %s: %s against coin's %s, %s" % (c, kind, samples, strata, got, greater, less))
    report(not bad and len(lines) == len(cases) and len(degenerate) <= 5, "%d random cases with ties (%d where coin "
           "says NA): p-values equal R coin's exact wilcox_test (without and within strata, Python and the CLI) and "
           "wilcoxsign_test%s" % (len(cases), len(degenerate), notes(bad, 3)))


def main():
    prog = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "build", "kperm-ptest")
    backends = sys.argv[2:] or ["cpu"]
    with tempfile.TemporaryDirectory() as folder:
        check_random(prog, backends, folder)
        check_refused(prog, folder)
        check_kruskal_program(prog, folder)
        check_coin(prog, folder)
    sys.exit(1 if report.failed else 0)


if __name__ == "__main__":
    main()
