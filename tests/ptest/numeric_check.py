#!/usr/bin/python3
"""numeric_check.py - kperm-ptest on numbers at the edges of the doubles,
against reference.py's brute force in rational arithmetic:

  - small integer data with ties written as DIGITSeE for exponents E across
    the doubles' whole range (1e-323, subnormals, 1e-308, ..., 1e15 and the
    integers near 2^53), every statistic, every test type, every method of
    the mean difference (enumerate, shift, mitm), exact and --tolerance
    1e-9: the counts are the brute force's, or the data are refused in one
    line with exit 2 (values of 2^53 or more); the observed statistic,
    the null's range and the histogram's edges are finite and of the
    statistic's size (never -0 or 0 for a nonzero difference);
  - --tolerance on random near ties (values near +-10^15 apart by a few
    units, Welch's t, the mean, the variance ratio, anova, pearson and
    kendall, independent, paired and pairings): the C backend and POCL's
    OpenCL give the same JSON bit for bit, `observed` included;
  - Welch's t past its exact bounds (2 + 62 values near +-2^53): in_band
    counts every split the band called equal that is not the observed split's
    sums, on every backend alike, so that equal - in_band are exact ties;
  - the readers' messages on exponents out of range.
Prints PASS/FAIL lines; exits 1 on a failure.

    python3 tests/ptest/numeric_check.py build/kperm-ptest [BACKEND...]

(the backends: cpu and those --list-devices numbers, by default)
"""
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
from fractions import Fraction
from itertools import combinations

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference as ref  # noqa: E402
from harness import Report, notes, run, write  # noqa: E402

report = Report("kperm-ptest numbers")
# exponents E of the values DIGITSeE: the least doubles (subnormal below
# 2.2e-308), the normal ones, and the integers near and past 2^53
EXPONENTS = (-323, -316, -308, -300, -100, 0, 15)
KINDS = [("independent", "mean", ref.MEAN_DIFF), ("independent", "welch", ref.WELCH_T),
         ("independent", "var-ratio", ref.VAR_RATIO), ("independent", "anova", ref.ANOVA_F),
         ("paired", "mean", ref.MEAN_DIFF), ("paired", "welch", ref.WELCH_T), ("paired", "var-ratio", ref.VAR_RATIO),
         ("pairings", "pearson", ref.PEARSON_R), ("pairings", "kendall", ref.KENDALL_TAU)]
NOT_COMPARED = ("backend", "device", "seconds")


def table(test, columns):
    if test == "independent":
        return "group,value\n" + "".join("g%d,%s\n" % (g, v) for g, vs in enumerate(columns) for v in vs)
    return "x,y\n" + "".join("%s,%s\n" % p for p in zip(*columns))


def brute_force(test, stat, columns):
    """the reference's exact result and null distribution (the exact keys),
    None where the statistic is undefined somewhere"""
    try:
        if test == "independent":
            return ref.independent(columns, stat, return_null=True)
        return (ref.paired if test == "paired" else ref.pairings)(columns[0], columns[1], stat, return_null=True)
    except (ref.Undefined, ZeroDivisionError):
        return None


def banded(want, keys, r):
    """(n, less, equal, greater, abs_ge) of the null distribution `keys`
    within r*|observed|, on the doubles of the exact values (kperm-ptest's
    are a few ulps from them: a value that close to the band's edge would
    tell them apart)"""
    values = [want.stat.value(k) for k in keys]
    x = want.stat.value(want.key_exact)
    band = r * abs(x)
    less, greater = sum(v < x - band for v in values), sum(v > x + band for v in values)
    return len(values), less, len(values) - less - greater, greater, sum(abs(v) >= abs(x) - band for v in values)


def draw(rng, test, stat, exponent):
    """(columns of DIGITSeE strings, reference result, its null distribution)
    of one random case of small integers with ties (some values 0, and for
    E 0 some near 2^53)"""
    while True:
        if test == "independent":
            sizes = [rng.randint(2, 3 if stat is ref.ANOVA_F else 4) for _ in range(3 if stat is ref.ANOVA_F else 2)]
        else:
            sizes = [rng.randint(3, 6)] * 2
        top = 2 ** 53 - 1 if exponent == 0 and rng.random() < 0.5 else 9
        digits = [[rng.choice((0, 1, 2, 2, 5, 7, top, -3, -top)) for _ in range(s)] for s in sizes]
        columns = [["%de%d" % (v, exponent) for v in c] for c in digits]
        got = brute_force(test, stat, columns)
        if got is not None:
            return (columns,) + got


def scaled_like(x, exponent, name):
    """x is finite and, for a nonzero mean difference, not below a hundredth
    of 10^E (anything smaller is the -0 of old)"""
    if not isinstance(x, (int, float)) or x != x:
        return False
    if name != "mean" or x == 0:
        return True
    return abs(x) >= 10.0 ** exponent / 100 if exponent > -320 else abs(x) > 0


def near(x, exact):
    """x within 2 ulps of the double nearest the exact value"""
    return abs(x - exact) <= 2 * math.ulp(exact)


def one_case(prog, path, test, name, stat, exponent, rng, backend):
    """the failures of one random case in exact mode and with --tolerance"""
    columns, want, keys = draw(rng, test, stat, exponent)
    write(path, table(test, columns))
    methods = ("enumerate", "shift", "mitm") if name == "mean" and backend == "cpu" else ("enumerate",)
    bad = []
    for method in methods:
        for tolerance in ([], ["--tolerance", "1e-9"]):
            rc, out, err = run(prog, ["--test", test, "--stat", name, "--method", method, "--backend", backend,
                                      "--bins", "8"] + tolerance + [path])
            if rc == 2 and err.count("\n") == 1 and "2^53 or more" in err:
                if max(abs(Fraction(v)) for c in columns for v in c) * 10 ** max(0, -exponent) < 2 ** 53:
                    bad.append("%s: refused though below 2^53: %s" % (columns, err.strip()))
                continue
            if rc != 0:
                bad.append("%s %s %s: exit %d, %s" % (columns, method, tolerance, rc, err.strip()))
                continue
            r = json.loads(out)
            mine = (r["n_rearrangements"], r["less"], r["equal"], r["greater"], r["abs_ge"])
            theirs = banded(want, keys, 1e-9) if tolerance else (want.n, want.less, want.equal, want.greater,
                                                                  want.abs_ge)
            edges_ok = all(isinstance(e, (int, float)) and e == e for e in r["bin_edges"]) and len(r["bin_edges"]) == 9
            sized = all(scaled_like(r[k], exponent, name) for k in ("observed", "null_min", "null_max"))
            exact_obs = near(r["observed"], want.statistic)
            if mine != theirs or not edges_ok or not sized or not exact_obs or r["in_band"] > r["equal"]:
                bad.append("%s %s %s %s: kperm-ptest %s observed %r range %r..%r, reference %s observed %r"
                           % (test, columns, method, tolerance, mine, r["observed"], r["null_min"], r["null_max"],
                              theirs, want.statistic))
    return bad


def edges(prog, path, backends):
    """every kind and exponent on the C backend (every method), the least
    doubles and the first normal ones on the others (a run of POCL takes
    five of the C backend's)"""
    rng = random.Random(41)
    for test, name, stat in KINDS:
        for backend in backends:
            bad = []
            for exponent in EXPONENTS if backend == "cpu" else (-323, -308):
                bad += one_case(prog, path, test, name, stat, exponent, rng, backend)
            report(not bad, "%s %s --stat %s, values DIGITSeE for E in %s (exact and --tolerance 1e-9%s): the "
                   "brute force's counts, or 2^53 refused%s"
                   % (backend, test, name, EXPONENTS if backend == "cpu" else (-323, -308),
                      ", every --method" if name == "mean" and backend == "cpu" else "", notes(bad, 3)))


def near_ties(rng, test, name):
    """values near +-10^15, a few units apart, as CSV"""
    def value():
        return rng.choice((-1, 1)) * 10 ** 15 + rng.randint(-3, 3)
    if test == "independent":
        sizes = (3, 3, 3) if name == "anova" else (5, 4)
        return table(test, [[value() for _ in range(s)] for s in sizes])
    n = 5 if test == "pairings" else 6
    return table(test, [[value() for _ in range(n)], [value() for _ in range(n)]])


def same_on_backends(prog, path, backends):
    """--tolerance on near ties: the C backend's JSON is POCL's, bit for bit"""
    if len(backends) < 2:
        report(True, "--tolerance on near ties, backends alike: one backend here (%s), nothing to compare"
               % " ".join(backends))
        return
    rng = random.Random(7)
    bad, cases = [], 0
    for test, name, _ in KINDS:
        for tolerance in ("4e-16", "2.220446049250313e-14"):
            for _ in range(1):
                write(path, near_ties(rng, test, name))
                got = {}
                for backend in backends:
                    rc, out, err = run(prog, ["--test", test, "--stat", name, "--tolerance", tolerance, "--backend",
                                              backend, "--bins", "4", path])
                    r = json.loads(out) if rc == 0 else {"exit": rc, "stderr": err.strip()}
                    got[backend] = {k: v for k, v in r.items() if k not in NOT_COMPARED}
                cases += 1
                if any(g != got[backends[0]] for g in got.values()):
                    with open(path) as f:
                        bad.append("%s %s --tolerance %s on %r: %s" % (test, name, tolerance, f.read(), got))
    report(not bad, "--tolerance on %d cases of near ties (values near +-10^15): %s give the same JSON bit for bit, "
           "observed included%s" % (cases, " and ".join(backends), notes(bad, 2)))


def welch_fallback(prog, path, backends):
    """2 + 62 values near +-2^53: Welch's t past its exact bounds, compared
    within 100 eps; in_band is every equal split but those with the
    observed split's sums, on every backend, and at least equal minus the
    exact ties; group 1 drawn at random, then -v and v (its sum 0)"""
    rng = random.Random(3)
    near = [rng.choice((-1, 1)) * (2 ** 53 - 1 - rng.randint(0, 3)) for _ in range(64)]
    for a, b in ((near[:2], near[2:]), ([-near[0], near[0]], near[2:])):
        write(path, table("independent", [a, b]))
        pooled = a + b
        obs = (sum(a), sum(v * v for v in a))
        same = sum((sum(pooled[i] for i in s), sum(pooled[i] ** 2 for i in s)) == obs
                   for s in combinations(range(64), 2))
        exact = ref.independent([a, b], ref.WELCH_T)
        got = {}
        for backend in backends:
            rc, out, err = run(prog, ["--stat", "welch", "--backend", backend, "--bins", "0", path])
            r = json.loads(out) if rc == 0 else {"exit": rc, "stderr": err.strip(), "equal": -1, "in_band": -1}
            got[backend] = {k: v for k, v in r.items() if k not in NOT_COMPARED}
        first = got[backends[0]]
        ok = (all(g == first for g in got.values()) and not first.get("exact", True)
              and first["in_band"] == first["equal"] - same and first["in_band"] >= first["equal"] - exact.equal)
        report(ok, "welch_t, 2 + 62 values near +-2^53 (past the exact bounds), group 1 %s: in_band %s = equal %s - %d "
               "splits with the observed sums, at least equal - %d exact ties, on %s alike"
               % (a, first.get("in_band"), first.get("equal"), same, exact.equal, " and ".join(backends)))


def readers(prog, path):
    """exponents out of range and -nan: what is wrong, in one line, exit 2"""
    cases = [("1e-99999999999999999999", "underflows"), ("1e-400", "underflows"), ("2.4e-324", "underflows"),
             ("-nan", "not a number"), ("1e99999999999999999999", "2^53 or more")]
    bad = []
    for text, words in cases:
        write(path, "group,value\na,%s\na,2\nb,3\nb,4\n" % text)
        rc, out, err = run(prog, ["--backend", "cpu", path])
        if rc != 2 or out or err.count("\n") != 1 or words not in err or "999999" in err.replace(text, ""):
            bad.append("%s: exit %d, %r" % (text, rc, err))
    report(not bad, "values out of the doubles' range and -nan: one line saying so, exit 2%s" % notes(bad, 3))


def present(prog):
    """cpu, and opencl and cuda where --list-devices numbers a device"""
    listed = subprocess.run([prog, "--list-devices"], capture_output=True, text=True).stdout.splitlines()
    return ["cpu"] + [b for b in ("opencl", "cuda") if any(re.match(b + r" [0-9]", line) for line in listed)]


def main():
    prog = sys.argv[1]
    backends = sys.argv[2:] or present(prog)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "case.csv")
        readers(prog, path)
        edges(prog, path, backends)
        same_on_backends(prog, path, backends)
        welch_fallback(prog, path, backends)
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
