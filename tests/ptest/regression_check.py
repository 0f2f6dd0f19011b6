#!/usr/bin/python3
"""regression_check.py - the exact test of a regression coefficient
(kperm.stats.regression_test, kperm-ptest --test regression) against a
brute force written here: every order of small n (itertools.permutations),
each refitted by exact OLS in Fractions (its own normal equations, not
kperm's projections), t or F compared with the observed one by the same
rule as kperm (equal within 1e-9 of |observed|). Random cases with ties in
y, 0 to 2 covariates, both schemes; the observed t against numpy's lstsq;
the refusals. Python on PyOpenCL, the CLI on each backend named. Prints
PASS/FAIL/SKIP lines; exits 1 on a failure.

    python3 tests/ptest/regression_check.py [build/kperm-ptest [cpu opencl ...]]
"""
import itertools
import json
import math
import os
import random
import sys
import tempfile
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
from harness import Report, notes, run, write  # noqa: E402

BAND = 1e-9  # kperm's default tolerance for regression, relative
report = Report("regression")


def inverse(a):
    """the inverse of a square matrix of Fractions (Gauss-Jordan)"""
    m = len(a)
    aug = [list(row) + [Fraction(int(i == j)) for j in range(m)] for i, row in enumerate(a)]
    for c in range(m):
        p = next(r for r in range(c, m) if aug[r][c] != 0)
        aug[c], aug[p] = aug[p], aug[c]
        aug[c] = [v / aug[c][c] for v in aug[c]]
        for r in range(m):
            if r != c:
                aug[r] = [v - aug[r][c] * w for v, w in zip(aug[r], aug[c])]
    return [row[m:] for row in aug]


def fitter(columns):
    """beta(y): the exact OLS coefficients of y on columns, and (X'X)^-1"""
    xtx = inverse([[sum(a * b for a, b in zip(u, w)) for w in columns] for u in columns])
    hat = [[sum(g * u[i] for g, u in zip(row, columns)) for i in range(len(columns[0]))] for row in xtx]
    return (lambda y: [sum(h * v for h, v in zip(row, y)) for row in hat]), xtx


def statistic(y, columns, beta, xtx, k, f):
    """(t^2 or F as a Fraction, sign of x's coefficient; 1 for F) of y, x's
    columns 1..k of columns; None: undefined (0/0), inf: a perfect fit"""
    b = beta(y)
    n, p = len(y), len(columns)
    rss = sum(v * v for v in y) - sum(c * sum(a * v for a, v in zip(u, y)) for c, u in zip(b, columns))
    tested = b[1:1 + k]
    if k == 1:
        num = tested[0] ** 2 / xtx[1][1]
    else:
        sub = inverse([row[1:1 + k] for row in xtx[1:1 + k]])
        num = sum(tested[i] * sub[i][j] * tested[j] for i in range(k) for j in range(k)) / k
    sign = 1 if f else (tested[0] > 0) - (tested[0] < 0)
    if rss == 0:
        return (None, 0) if num == 0 else (math.inf, sign)
    return num * (n - p) / rss, sign


def as_float(value):
    t2, sign = value
    if t2 is None:
        return math.nan
    return sign * math.sqrt(t2) if sign != 0 or t2 == 0 else 0.0


def orders(n, strata=None):
    """every order of range(n), or every one that moves rows only within
    their stratum (strata: a label a row)"""
    if strata is None:
        yield from itertools.permutations(range(n))
        return
    members = [[i for i in range(n) if strata[i] == h] for h in sorted(set(strata))]
    for choice in itertools.product(*(itertools.permutations(at) for at in members)):
        order = list(range(n))
        for at, moved in zip(members, choice):
            for i, j in zip(at, moved):
                order[i] = j
        yield order


def brute(y, x, z, scheme, k, f=None, strata=None):
    """(less, equal, greater, abs_ge, undefined) over every order (within
    strata where given), and the observed statistic: t, or F (f true; by
    default for k > 1)"""
    f = k > 1 if f is None else f
    ones = [Fraction(1)] * len(y)
    y = [Fraction(v) for v in y]
    xs = [[Fraction(v) for v in c] for c in x]
    zs = [[Fraction(v) for v in c] for c in z]
    columns = [ones] + xs + zs
    beta, xtx = fitter(columns)
    reduced, _ = fitter([ones] + zs)
    g = reduced(y)
    fit = [sum(c * u[i] for c, u in zip(g, [ones] + zs)) for i in range(len(y))]
    v = [a - f for a, f in zip(y, fit)] if scheme == "freedman_lane" else y
    base = fit if scheme == "freedman_lane" else [0] * len(y)
    tf = (lambda s: s[0] if s[0] is None else float(s[0])) if f else as_float
    obs_key = statistic(y, columns, beta, xtx, k, f)
    obs = tf(obs_key)
    band = BAND * abs(obs)
    counts = [0] * 5
    for order in orders(len(y), strata):
        key = statistic([b + v[i] for b, i in zip(base, order)], columns, beta, xtx, k, f)
        if key[0] is None:
            counts[4] += 1
            continue
        t = tf(key)
        c = 0 if key == obs_key or abs(t - obs) <= band else (1 if t > obs else -1)
        counts[c + 1] += 1
        counts[3] += abs(t) >= abs(obs) - band
    return counts, obs


def draw(rng, k):
    """(y, x columns, z columns) with ties in y; n > covariates + k + 1"""
    q = rng.randint(0, 2)
    n = rng.randint(q + k + 2, 6 if q + k > 1 else 7)
    y = [rng.choice((0, 1, 1, 2, 3, 3.5, 5)) for _ in range(n)]
    cols = [[rng.randint(-3, 6) + rng.choice((0, 0.5)) for _ in range(n)] for _ in range(k + q)]
    return y, cols[:k], cols[k:]


def python_cases(rng, count):
    import numpy as np
    import kperm.stats as ks

    bad, done = [], 0
    while done < count:
        k = 1 if done % 4 else 2
        y, x, z = draw(rng, k)
        scheme = ("freedman_lane", "permute_y")[done % 2]
        xa = x[0] if k == 1 else np.array(x, dtype=float).T
        za = np.array(z, dtype=float).T if z else None
        try:
            r = ks.regression_test(y, xa, za, scheme=scheme, backend="pyopencl", bins=0)
        except ValueError:
            continue  # a design the test refuses (collinear, constant): the refusals are checked below
        want, obs = brute(y, x, z, scheme, k)
        got = [r.less, r.equal, r.greater, r.abs_ge, r.undefined]
        if got != want or not math.isclose(r.statistic, obs, rel_tol=1e-12):
            bad.append("y=%s x=%s z=%s %s: kperm %s t=%r, brute force %s t=%r" % (y, x, z, scheme, got, r.statistic,
                                                                                   want, obs))
        done += 1
    report(not bad, "%d random cases (n <= 7, 0-2 covariates, t and F, both schemes) against the brute force%s"
           % (count, notes(bad, 3)))


def lstsq_cases(rng, count):
    import numpy as np
    import kperm.stats as ks

    bad = []
    for _ in range(count):
        n, q = 8, rng.randint(0, 3)
        a = np.column_stack([np.ones(n)] + [[rng.gauss(0, 1) for _ in range(n)] for _ in range(q + 1)])
        y = [rng.gauss(0, 2) for _ in range(n)]
        beta = np.linalg.lstsq(a, y, rcond=None)[0]
        resid = np.asarray(y) - a @ beta
        se = math.sqrt(resid @ resid / (n - q - 2) * np.linalg.inv(a.T @ a)[1, 1])
        r = ks.regression_test(y, a[:, 1], a[:, 2:] if q else None, backend="pyopencl", bins=0)
        if not math.isclose(r.statistic, beta[1] / se, rel_tol=1e-9):
            bad.append("n=%d q=%d: kperm t=%r, lstsq %r" % (n, q, r.statistic, beta[1] / se))
    report(not bad, "the observed t of %d random float designs against numpy.linalg.lstsq%s" % (count, notes(bad, 3)))


def python_refusals():
    import kperm.stats as ks

    cases = [("collinear covariates", ([1, 2, 3, 5, 4, 6], [1, 0, 2, 3, 1, 1], [[1, 2], [2, 4], [3, 6], [4, 8],
                                                                                [5, 10], [6, 12]]), "collinear"),
             ("constant x", ([1, 2, 3, 5, 4], [2, 2, 2, 2, 2], None), "x: constant"),
             ("x a covariate", ([1, 2, 3, 5, 4], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]), "collinear with the cov"),
             ("n too small", ([1, 2, 3, 4], [1, 3, 2, 4], [[1, 0], [0, 1], [1, 1], [2, 0]]), "too few"),
             ("too many rows", (list(range(21)), [i % 5 for i in range(21)], None), "at most 20"),
             ("constant y", ([3, 3, 3, 3, 3], [1, 3, 2, 4, 5], None), "y: constant")]
    bad = []
    for what, args, text in cases:
        try:
            ks.regression_test(*args, scheme="permute_y" if what == "constant y" else "freedman_lane",
                               backend="pyopencl")
            bad.append("%s: accepted" % what)
        except ValueError as e:
            if text not in str(e):
                bad.append("%s: %s" % (what, e))
    report(not bad, "Python refuses collinear covariates, constant x, x among the covariates, n too small, 21 rows "
           "and constant y with a ValueError naming the problem%s" % notes(bad, 6))


def csv_of(y, x, z):
    cols = [y] + x + z
    names = ["y", "x"] + ["z%d" % j for j in range(len(z))]
    return names, ",".join(names) + "\n" + "".join(",".join(str(c[i]) for c in cols) + "\n" for i in range(len(y)))


def cli_cases(rng, prog, backends, count):
    bad, done = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "reg.csv")
        while done < count:
            y, x, z = draw(rng, 1)
            names, text = csv_of(y, x, z)
            write(path, text)
            scheme = ("freedman-lane", "permute-y")[done % 2]
            want = None
            for backend in backends if done < 3 else backends[:1]:  # a device build each: 3 cases
                rc, out, err = run(prog, ["--test", "regression", "--columns", ",".join(names), "--scheme", scheme,
                                          "--backend", backend, "--bins", "0", path])
                if rc == 2 and backend == backends[0]:
                    break  # refused (collinear, constant): the refusals are checked below
                if want is None:
                    want, obs = brute(y, x, z, scheme.replace("-", "_"), 1)
                got = json.loads(out) if rc == 0 else {}
                counts = [got.get(c) for c in ("less", "equal", "greater", "abs_ge", "undefined")]
                if counts != want or not math.isclose(got["observed"], obs, rel_tol=1e-12):
                    bad.append("%s %s %s: rc %d %s %s, brute force %s" % (text.replace("\n", " "), scheme, backend, rc,
                                                                         counts, err.strip(), want))
            done += want is not None
    report(not bad, "kperm-ptest --test regression: %d random cases against the brute force on %s (the first 3 on %s)%s"
           % (count, backends[0], ", ".join(backends), notes(bad, 3)))


def strata_cases(rng, prog, backends, count):
    """the orders within strata (2 or 3 strata of the rows): the CLI's
    --strata on each backend and regression_test(strata=) against the
    brute force"""
    import kperm.stats as ks

    bad, done = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "reg.csv")
        while done < count:
            y, x, z = draw(rng, 1)
            strata = [rng.choice("ab" if done % 2 else "abc") for _ in y]
            names, text = csv_of(y, x, z)
            lines = text.split("\n")
            write(path, "\n".join([lines[0] + ",s"] + ["%s,%s" % (l, h) for l, h in zip(lines[1:], strata)]) + "\n")
            scheme = ("freedman_lane", "permute_y")[done % 2]
            rc, out, err = run(prog, ["--test", "regression", "--columns", ",".join(names), "--scheme",
                                      scheme.replace("_", "-"), "--strata", "s", "--backend", backends[0], "--bins", "0",
                                      path])
            if rc == 2:
                continue  # refused (collinear, constant): the refusals are checked elsewhere
            done += 1
            want, obs = brute(y, x, z, scheme, 1, strata=strata)
            for backend in backends:
                rc, out, err = run(prog, ["--test", "regression", "--columns", ",".join(names), "--scheme",
                                          scheme.replace("_", "-"), "--strata", "s", "--backend", backend, "--bins",
                                          "0", path])
                got = json.loads(out) if rc == 0 else {}
                counts = [got.get(c) for c in ("less", "equal", "greater", "abs_ge", "undefined")]
                if counts != want:
                    bad.append("%s %s %s %s: %s %s, brute force %s" % (text.replace("\n", " "), strata, scheme, backend,
                                                                       counts, err.strip(), want))
            r = ks.regression_test(y, x[0], [list(c) for c in zip(*z)] if z else None, scheme=scheme, strata=strata,
                                   bins=0)
            if [r.less, r.equal, r.greater, r.abs_ge, r.undefined] != want:
                bad.append("python %s %s: %s, brute force %s" % (strata, scheme, [r.less, r.equal, r.greater,
                                                                                 r.abs_ge, r.undefined], want))
    report(not bad, "regression within strata: %d random cases, the CLI (%s) and Python against the brute force%s"
           % (count, ", ".join(backends), notes(bad, 3)))


def cli_factor_cases(rng, prog, count):
    """x a label column: the F of its dummies (levels after the first)"""
    bad, done = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "factor.csv")
        while done < count:
            q, levels = rng.randint(0, 1), rng.choice(("ab", "abc"))
            n = rng.randint(len(levels) + q + 1, 7)
            y = [rng.choice((0, 1, 1, 2, 3, 3.5, 5)) for _ in range(n)]
            g = list(levels) + [rng.choice(levels) for _ in range(n - len(levels))]
            z = [[rng.randint(-3, 6) for _ in range(n)] for _ in range(q)]
            write(path, "y,g" + "".join(",z%d" % j for j in range(q)) + "\n" + "".join(
                "%s,%s%s\n" % (y[i], g[i], "".join(",%s" % c[i] for c in z)) for i in range(n)))
            rc, out, err = run(prog, ["--test", "regression", "--columns", "y,g" + "".join(",z%d" % j for j in range(q)),
                                      "--bins", "0", path])
            if rc == 2:
                continue  # a design the test refuses
            dummy = [[int(v == level) for v in g] for level in levels[1:]]
            want, obs = brute(y, dummy, z, "freedman_lane", len(dummy), True)
            got = json.loads(out) if rc == 0 else {}
            counts = [got.get(c) for c in ("less", "equal", "greater", "abs_ge", "undefined")]
            if counts != want or got.get("statistic") != "F" or not math.isclose(got["observed"], obs, rel_tol=1e-12):
                bad.append("y=%s g=%s z=%s: rc %d %s %s, brute force %s" % (y, g, z, rc, counts, err.strip(), want))
            done += 1
    report(not bad, "kperm-ptest --test regression with a factor x: %d random cases of F against the brute force%s"
           % (count, notes(bad, 3)))


def cli_refusals(prog):
    cases = [("collinear covariates", "y,x,a,b\n1,1,1,2\n2,0,2,4\n3,2,3,6\n5,3,4,8\n4,1,5,10\n6,1,6,12\n",
              ["--columns", "y,x,a,b"], "collinear"),
             ("constant x", "y,x\n1,2\n2,2\n3,2\n5,2\n", ["--columns", "y,x"], "is constant"),
             ("n too small", "y,x,a,b\n1,1,1,0\n2,3,0,1\n3,2,1,1\n4,4,2,0\n", ["--columns", "y,x,a,b"], "4 rows"),
             ("too many rows", "y,x\n" + "".join("%d,%d\n" % (i, i % 5) for i in range(21)), ["--columns", "y,x"],
              "21 rows"),
             ("one column", "y,x\n1,2\n2,3\n3,1\n", ["--columns", "y"], "--columns Y,X"),
             ("a factor of 9 levels", "y,g\n" + "".join("%d,L%d\n" % (i, i) for i in range(12)), ["--columns", "y,g"],
              "more than 8 levels"),
             ("a bad value", "y,x\n1,2\n2,3\nfoo,1\n4,5\n", ["--columns", "y,x"], ":4: 'foo' is not a number"),
             ("--scheme elsewhere", "y,x\n1,2\n2,3\n3,1\n", ["--test", "pairings", "--scheme", "permute-y"],
              "--scheme goes with --test regression")]
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bad.csv")
        for what, text, args, want in cases:
            write(path, text)
            rc, _, err = run(prog, (["--test", "regression"] if "--test" not in args else []) + args + [path])
            if rc != 2 or want not in err or len(err.strip().splitlines()) != 1 or not err.startswith("kperm-ptest: "):
                bad.append("%s: rc %d, %r" % (what, rc, err.strip()))
    report(not bad, "kperm-ptest refuses collinear covariates, constant x, n too small, 21 rows, one column, a factor "
           "of 9 levels, a bad value and --scheme without --test regression: exit 2, one line naming the problem%s" % notes(bad, 7))


def main():
    rng = random.Random(42)
    if len(sys.argv) > 1:
        cli_cases(rng, sys.argv[1], sys.argv[2:] or ["cpu"], 8)
        cli_factor_cases(rng, sys.argv[1], 6)
        strata_cases(rng, sys.argv[1], sys.argv[2:] or ["cpu"], 8)
        cli_refusals(sys.argv[1])
    try:
        import pyopencl  # noqa: F401
    except ImportError:
        print("SKIP regression: no pyopencl for Python")
    else:
        python_cases(rng, 24)
        lstsq_cases(rng, 4)
        python_refusals()
    sys.exit(1 if report.failed else 0)


if __name__ == "__main__":
    main()
