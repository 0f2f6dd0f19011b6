#!/usr/bin/python3
"""large_check.py - kperm.stats and kperm-ptest past 64 observations,
where they count without enumerating: the shift algorithm's counts past 2^63 (kept modulo
primes, python/kperm/_linear.py) against a plain dynamic program over
(subset size, sum) in Python integers written here; mean_difference,
mann_whitney and wilcoxon of 40 + 40, 70 + 3 and 80 pairs (ties, zeros)
against counts from that program, within strata of 70 + 70 and 40 + 40
too, in kperm.stats and, given its path,
kperm-ptest (every count's digits in its JSON); Mann-Whitney 100 + 100
against R's coin (SKIP without Rscript and coin); the refusals of what the
kernels would have to enumerate or draw. Prints PASS/FAIL/SKIP lines; exits
1 on a failure.

    python3 tests/ptest/large_check.py [build/kperm-ptest]
"""
import csv
import itertools
import json
import os
import random
import subprocess
import sys
import tempfile
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, HERE)
from harness import Report  # noqa: E402
from kperm import _linear  # noqa: E402
from kperm.stats import permutation_test  # noqa: E402

report = Report("kperm.stats past 64 observations")
BENCH = os.path.join(HERE, "..", "..", "bench", "data", "ptest")
CLI = sys.argv[1] if len(sys.argv) > 1 else None


def sums_of(values, size):
    """{sum: how many subsets of `size` values (any size for None) have it}"""
    table = {(0, 0): 1}
    for v in values:
        grown = dict(table)
        for (j, s), c in table.items():
            if size is None or j < size:
                grown[j + 1, s + v] = grown.get((j + 1, s + v), 0) + c
        table = grown
    found = {}
    for (j, s), c in table.items():
        if size is None or j == size:
            found[s] = found.get(s, 0) + c
    return found


def midranks2(values):
    """2 * each value's midrank"""
    return [2 * sum(w < v for w in values) + sum(w == v for w in values) + 1 for v in values]


def shift_cases(rng):
    """_linear.Shift's cumulative counts against sums_of, counts past 2^63 included"""
    bad, wide = [], 0
    for case in range(40):
        n = rng.randint(66, 90) if case % 2 else rng.randint(2, 20)
        values = [rng.randint(0, rng.choice((1, 4, 12))) for _ in range(n)]
        size = None if case % 5 == 0 else rng.randint(1, n)
        want = sums_of(values, size)
        top = max(want)
        cumulative = list(itertools.accumulate((want.get(s, 0) for s in range(top + 1)), initial=0))
        shift = _linear.Shift(values, size)
        wide += shift.moduli is not None
        got = shift.below(list(range(top + 2)))
        if got != cumulative:
            bad.append("n %d size %s values %s" % (n, size, values))
    report(not bad and wide >= 10, "the shift algorithm's counts equal a plain dynamic program's on 40 cases, %d of "
           "them past 2^63%s" % (wide, "".join("\n# " + b for b in bad[:3])))


def counts(keys):
    """(less, equal, greater, abs_ge) of {key: count} against key 0 = observed"""
    less = sum(c for k, c in keys.items() if k < 0)
    equal = keys.get(0, 0)
    return less, equal, sum(keys.values()) - less - equal


def two_sample(x, y):
    """{S1 * n - total * n1 - observed's: count} over the splits: the key
    of the mean difference (and of a sum of scores), shifted to observed 0"""
    n1, n, total = len(x), len(x) + len(y), sum(x) + sum(y)
    observed = sum(x) * n - total * n1
    return {s * n - total * n1 - observed: c for s, c in sums_of(x + y, n1).items()}


def flips(x, y):
    """{sum of signed differences - observed's: count} over the 2^n swaps"""
    d = [a - b for a, b in zip(x, y)]
    zeros = sum(v == 0 for v in d)
    magnitudes = [abs(v) for v in d if v]
    # signs: sum = sum|d| - 2 * (the |d| given a minus); zero differences double each count
    return {sum(magnitudes) - 2 * s - sum(d): c * 2 ** zeros for s, c in sums_of(magnitudes, None).items()}


def cli(x, y, paired, statistic):
    """kperm-ptest's JSON for x, y (groups A, B, or pairs), every count an int"""
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        if paired:
            f.write("x,y\n" + "".join("%r,%r\n" % xy for xy in zip(x, y)))
        else:
            f.write("group,value\n" + "".join("%s,%r\n" % (g, v) for g, vs in (("A", x), ("B", y)) for v in vs))
    try:
        out = subprocess.run([CLI, "--json", "--bins", "0", "--stat", statistic] + (["--test", "paired"] if paired else [])
                             + [f.name], capture_output=True, text=True, timeout=120)
    finally:
        os.unlink(f.name)
    if out.returncode:
        return None, out.stderr.strip()
    return json.loads(out.stdout), ""


def agrees(result, keys, what, cli_call=None):
    """result's counts and p against keys'; then kperm-ptest's, given cli_call = (x, y, paired, statistic)"""
    less, equal, greater = counts(keys)
    total = less + equal + greater
    want = (less, equal, greater, total)
    got = (result.less, result.equal, result.greater, result.n_rearrangements)
    ok = got == want and result.pvalue_greater == float(Fraction(greater + equal, total))
    report(ok, "%s: %d rearrangements (%d bits), %s counted as the plain program%s"
           % (what, total, total.bit_length(), result.method, "" if ok else ": %s, not %s" % (got, want)))
    if CLI and cli_call:
        j, err = cli(*cli_call)
        got = j and (j["less"], j["equal"], j["greater"], j["n_rearrangements"])
        ok = got == want and j["pvalue_greater_numerator"] == greater + equal and \
            j["pvalue_greater"] == float(Fraction(greater + equal, total)) and j["method"] == result.method
        report(ok, "kperm-ptest: %s counted as the plain program, every digit, by %s%s"
               % (what, j and j["method"], "" if ok else ": %s, not %s %s" % (got, want, err)))


def designs(rng):
    x = [rng.randint(0, 9) for _ in range(40)]
    y = [rng.randint(2, 11) for _ in range(40)]
    agrees(permutation_test((x, y), "mean_difference", bins=0), two_sample(x, y), "mean_difference 40 + 40, ties",
           (x, y, False, "mean"))
    pooled = midranks2(x + y)
    agrees(permutation_test((x, y), "mann_whitney", bins=0), two_sample(pooled[:40], pooled[40:]),
           "mann_whitney 40 + 40, ties", (x, y, False, "mann-whitney"))
    x = [rng.randint(0, 5) for _ in range(70)]
    y = [rng.randint(3, 8) for _ in range(3)]
    agrees(permutation_test((x, y), "mean_difference", bins=0), two_sample(x, y), "mean_difference 70 + 3",
           (x, y, False, "mean"))
    x = [rng.randint(0, 6) for _ in range(80)]
    y = [v + rng.choice((-2, -1, 0, 0, 1, 2, 3)) for v in x]
    agrees(permutation_test((x, y), "mean_difference", permutation_type="samples", bins=0), flips(x, y),
           "mean_difference of 80 pairs, zero differences and ties", (x, y, True, "mean"))
    d = [a - b for a, b in zip(x, y)]
    ranked = midranks2([abs(v) for v in d])  # Pratt's zeros, coin's default: ranked, then given no sign
    signed = [(v > 0) - (v < 0) for v in d]
    agrees(permutation_test((x, y), "wilcoxon", permutation_type="samples", bins=0),
           flips([s * r for s, r in zip(signed, ranked)], [0] * len(d)), "wilcoxon of 80 pairs, zeros and ties", (x, y, True, "wilcoxon"))


def strata_cases(rng):
    """mean_difference within strata of 70 + 70 and 40 + 40 (each past 2^64
    splits): the strata's subset-sum counts convolved here against
    kperm.stats' and kperm-ptest's"""
    sizes = ((70, 70), (40, 40))
    x, y, sx, sy, want = [], [], [], [], {0: 1}
    for h, (a, b) in enumerate(sizes):
        xs, ys = [rng.randint(0, 12) for _ in range(a)], [rng.randint(2, 14) for _ in range(b)]
        x, y, sx, sy = x + xs, y + ys, sx + ["s%d" % h] * a, sy + ["s%d" % h] * b
        stratum = sums_of(xs + ys, a)
        grown = {}
        for s, c in want.items():
            for t, d in stratum.items():
                grown[s + t] = grown.get(s + t, 0) + c * d
        want = grown
    n1, n, total = len(x), len(x) + len(y), sum(x) + sum(y)
    observed = sum(x) * n - total * n1
    keys = {s * n - total * n1 - observed: c for s, c in want.items()}
    agrees(permutation_test((x, y), "mean_difference", strata=(sx, sy), bins=0), keys,
           "mean_difference within strata of 70 + 70 and 40 + 40")
    if CLI:
        with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
            f.write("g,v,s\n" + "".join("%s,%d,%s\n" % (g, v, h) for g, vs, hs in (("A", x, sx), ("B", y, sy))
                                        for v, h in zip(vs, hs)))
        out = subprocess.run([CLI, "--json", "--bins", "0", "--columns", "v", "--strata", "s", f.name],
                             capture_output=True, text=True, timeout=120)
        os.unlink(f.name)
        j = json.loads(out.stdout) if out.returncode == 0 else {}
        less, equal, greater = counts(keys)
        got = [j.get(k) for k in ("less", "equal", "greater", "n_rearrangements")]
        report(got == [less, equal, greater, less + equal + greater],
               "kperm-ptest: mean_difference within strata of 70 + 70 and 40 + 40 counted as the plain program%s"
               % ("" if out.returncode == 0 else ": " + out.stderr.strip()))


def coin_mann_whitney():
    """mann_whitney 100 + 100 with ties, p as coin's exact wilcox_test"""
    path = os.path.join(BENCH, "mw_100_100.csv")
    script = ('suppressMessages(library(coin)); d <- read.csv("%s", stringsAsFactors = TRUE); '
              'for (a in c("two.sided", "less", "greater")) cat(sprintf("%%.17g\\n", pvalue(wilcox_test(value ~ group, '
              'data = d, distribution = "exact", alternative = a))))' % path)
    try:
        out = subprocess.run(["Rscript", "-e", script], capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired):
        out = None
    if out is None or out.returncode:
        print("SKIP kperm.stats past 64 observations: Mann-Whitney 100 + 100 against coin (no Rscript with coin)")
        return
    want = [float(v) for v in out.stdout.split()]
    rows = list(csv.DictReader(open(path)))
    x, y = ([float(r["value"]) for r in rows if r["group"] == g] for g in ("A", "B"))
    result = permutation_test((x, y), "mann_whitney", bins=0)
    got = [result.pvalue_two_sided, result.pvalue_less, result.pvalue_greater]
    close = all(abs(g - w) <= 1e-12 * w for g, w in zip(got, want))
    report(close, "Mann-Whitney 100 + 100 with ties: p %r, coin's %r (coin sums doubles: within 1e-12)" % (got, want))
    if CLI:
        j, err = cli(x, y, False, "mann-whitney")
        got_cli = j and [j["pvalue_two_sided"], j["pvalue_less"], j["pvalue_greater"]]
        report(got_cli == got, "kperm-ptest: Mann-Whitney 100 + 100, p %r as kperm.stats' %s" % (got_cli, err))


def refusals(rng):
    x = [round(rng.random(), 2) for _ in range(50)]
    y = [round(rng.random(), 2) for _ in range(50)]
    for statistic, options, extra, words in (("welch_t", {}, 0, "100 observations; at most 64"),
                                             ("mean_difference", {"method": "enumerate"}, 0,
                                              "100 observations; at most 64"),
                                             ("welch_t", {"n_resamples": 1000, "rng": 1}, 29,
                                              "129 observations; at most 128")):
        try:
            permutation_test((x + x[:extra], y), statistic, **options)
            ok, said = False, "accepted"
        except ValueError as e:
            said = str(e)
            ok = words in said
        report(ok, "%s %s of %d + 50 refused: %s" % (statistic, options, 50 + extra, said))
    if CLI:
        for statistic in ("welch", "var-ratio"):
            j, err = cli(x, y, False, statistic)
            report(j is None and "100 observations" in err and "\n" not in err,
                   "kperm-ptest --stat %s of 50 + 50 refused in one line: %s" % (statistic, err))
        j, err = cli(x * 11, y * 10, False, "mean")
        report(j is None and "1050 observations: at most 1000" in err,
               "kperm-ptest --stat mean of 550 + 500 refused in one line: %s" % err)
    groups = [[rng.randint(0, 9) + k for _ in range(30)] for k in range(3)]
    try:
        permutation_test(groups, "kruskal_wallis")
        said = "accepted"
    except ValueError as e:
        said = str(e)
    report("dynamic program would hold" in said and "90 observations; at most 64" in said,
           "kruskal_wallis of 3 x 30, past its program's memory and enumeration's size, names both: %s" % said)


rng = random.Random(64)
shift_cases(rng)
designs(rng)
strata_cases(rng)
coin_mann_whitney()
refusals(rng)
sys.exit(1 if report.failed else 0)
