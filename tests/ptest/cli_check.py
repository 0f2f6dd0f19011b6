#!/usr/bin/python3
"""cli_check.py - kperm-ptest's exact counts against the brute force of
reference.py: random small cases of every test type and statistic (with ties,
values of one or two decimals) written as CSV, run through the program on
each backend named, and compared count by count (less, equal, greater,
|T| >= |t|). Prints PASS/FAIL lines; exits 1 on a failure.

    python3 tests/ptest/cli_check.py build/kperm-ptest cpu opencl
"""
import json
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference as ref  # noqa: E402
from harness import notes, random_cases, run, tied_value as value, write  # noqa: E402

CASES = 5  # random cases a (test, statistic) and backend

# (test, --stat, reference statistic, the reference's call)
KINDS = [
    ("independent", "mean", ref.MEAN_DIFF), ("independent", "welch", ref.WELCH_T),
    ("independent", "var-ratio", ref.VAR_RATIO), ("independent", "anova", ref.ANOVA_F),
    ("paired", "mean", ref.MEAN_DIFF), ("paired", "welch", ref.WELCH_T), ("paired", "var-ratio", ref.VAR_RATIO),
    ("pairings", "pearson", ref.PEARSON_R), ("pairings", "kendall", ref.KENDALL_TAU),
]


def case(rng, test, stat):
    """(csv text, reference result) of one random case; None when the
    statistic is undefined somewhere (the reference refuses it)"""
    if test == "independent":
        sizes = [rng.randint(2, 4) for _ in range(3 if stat is ref.ANOVA_F else 2)]
        groups = [[value(rng) for _ in range(s)] for s in sizes]
        text = "group,value\n" + "".join("g%d,%s\n" % (g, v) for g, vs in enumerate(groups) for v in vs)
        run = lambda: ref.independent(groups, stat)  # noqa: E731
    else:
        n = rng.randint(3, 8 if test == "paired" else 6)
        x, y = [value(rng) for _ in range(n)], [value(rng) for _ in range(n)]
        text = "x,y\n" + "".join("%s,%s\n" % p for p in zip(x, y))
        run = (lambda: ref.paired(x, y, stat)) if test == "paired" else (lambda: ref.pairings(x, y, stat))
    try:
        return text, run()
    except (ref.Undefined, ZeroDivisionError):
        return None


# Welch's t on data whose splits tie the observed |t| exactly while their
# doubles differ in the last bits (found by search): a comparison decided by
# the double alone, without the exact key, miscounts them. On --backend cpu
# two groups go through the join (ptest_join.c): its own screen, and the
# kernel's (stats_kernel.h) for the splits it leaves open; elsewhere the kernel
NEAR_TIES = [[[8, 2, 2], [0, 3, 2, 0, 2, 8]], [[3, 7, 6], [9, 9, 6, 4, 10, 7, 9]],
             [[5, 9, 10, 2], [7, 4, 3, 6, 4, 7]], [[1, 3, 1], [0, 9, 9, 3, 9, 1]],
             [[11, 22, 18], [25, 25, 21, 15, 24, 17, 2]]]  # the last ties t itself, not only |t|


# values near 2^29.4: (n + 2)^2 times the largest square passes 2^62, so the
# hosts build the kernel with 128-bit sums of squares (PS_WIDE)
BIG = [[[720000000, 720000011, 719999980, 720000003, 719999999, 720000007], [1, 2, 3, 4, 5, 6]],
       [[3, 720000000, 5, 719999990, 1, 720000020], [719999999, 2, 720000001, 4, 6, 720000005]]]


def groups_csv(groups):
    return "group,value\n" + "".join("g%d,%s\n" % (g, v) for g, vs in enumerate(groups) for v in vs)


def main():
    prog, backends = sys.argv[1], sys.argv[2:]
    rng = random.Random(20261126)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "case.csv")
        kinds = KINDS + [("independent", "welch", None), ("independent", "welch", "big"),
                         ("independent", "var-ratio", "big")]
        for test, name, stat in kinds:
            for backend in backends:
                bad = []
                if stat == "big":
                    drawn = [(groups_csv(g), ref.independent(g, ref.WELCH_T if name == "welch" else ref.VAR_RATIO))
                             for g in BIG]
                else:
                    drawn = (random_cases(CASES, lambda: case(rng, test, stat)) if stat else
                             [(groups_csv(g), ref.independent(g, ref.WELCH_T)) for g in NEAR_TIES])
                for text, want in drawn:
                    write(path, text)
                    rc, out, err = run(prog, ["--bins", "0", "--test", test, "--stat", name, "--backend", backend,
                                              path])
                    if rc != 0:
                        bad.append("exit %d: %s" % (rc, err.strip()))
                        continue
                    r = json.loads(out)
                    mine = (r["n_rearrangements"], r["less"], r["equal"], r["greater"], r["abs_ge"], r["undefined"])
                    theirs = (want.n, want.less, want.equal, want.greater, want.abs_ge, 0)
                    if mine != theirs:
                        bad.append("%r: kperm-ptest %s, reference %s" % (text, mine, theirs))
                cases = ("%d cases of sums of squares near 2^62" % len(BIG) if stat == "big" else
                         "%d random cases" % CASES if stat else "%d cases of exact ties unequal as doubles" % len(NEAR_TIES))
                print("%s %s %s --stat %s, %s: n, less, equal, greater, |T|>=|t| as the brute force%s"
                      % ("FAIL" if bad else "PASS", backend, test, name, cases, notes(bad, 3)))
                failed += bool(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
