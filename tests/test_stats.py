"""test_stats.py - kperm.stats.permutation_test on every backend present
(PyOpenCL's devices, CuPy where a GPU is): the p-values of
scipy.stats.permutation_test(..., n_resamples=np.inf) on random small cases
of every permutation type and statistic (1040 of them, 208 with KPERM_QUICK
set, as make test-quick sets it), compared under the installed scipy's own
tolerance rule; the exact counts against the brute force in rational
arithmetic of tests/ptest/reference.py, on random cases with ties and on the
textbook data sets of samples/ptest/data; infinite and undefined values; the
128-bit sums, the floating-point fallback, the histogram; kendall_tau's pairs
sorted by x; every error path, a C statistic's compile error as one line with
nothing on stderr, and each compiler's log reduced to that line.
mean_difference's host methods (the shift algorithm, meet in the middle)
give every field of the enumeration's result, on random cases and on tests
too large to enumerate; method='auto' picks them by the documented rule.
Prints PASS/FAIL/SKIP lines; exits 1 on a failure.
    /usr/bin/python3 tests/test_stats.py [pyopencl] [cupy]
(Debian's python3 has scipy, numpy and PyOpenCL; the arguments name the
backends to test, all present by default). Uses the installed kperm, else
the repository's python/."""
import dataclasses
import functools
import inspect
import itertools
import math
import os
import random
import re
import sys
import tempfile
import time
import warnings
import zlib
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "ptest"))
try:
    import numpy as np
    import kperm
except ImportError as e:
    if "kperm" not in str(e):
        print("SKIP stats: %s for %s (Debian's /usr/bin/python3 has numpy, scipy and PyOpenCL)" % (e, sys.executable))
        sys.exit(0)
    sys.path.insert(1, os.path.join(os.path.dirname(HERE), "python"))
    import kperm  # noqa: F811
import kperm.stats as ks  # noqa: E402
from kperm import _stats_device  # noqa: E402
import reference as ref  # noqa: E402

failed = 0
started = time.time()
QUICK = bool(os.environ.get("KPERM_QUICK"))
HOST_METHODS = ("shift", "mitm")


def check(ok, name):
    global failed
    print(("PASS " if ok else "FAIL ") + "stats: " + name)
    failed += not ok


# ---- the statistics, as scipy's statistic and as the names or C bodies kperm takes

MEDIAN_DIFFERENCE = r"""
double m[2];
for (int j = 0; j < 2; j++) {
    double s[128];
    int n = start[j + 1] - start[j];
    for (int i = 0; i < n; i++) {  /* insertion sort */
        double v = x[start[j] + i];
        int p = i;
        for (; p > 0 && s[p - 1] > v; p--)
            s[p] = s[p - 1];
        s[p] = v;
    }
    m[j] = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}
return m[0] - m[1];"""
MEANS_RANGE = r"""
double lo = 1e308, hi = -1e308;
for (int j = 0; j < k; j++) {
    double s = 0;
    for (int i = start[j]; i < start[j + 1]; i++)
        s += x[i];
    s /= start[j + 1] - start[j];
    lo = fmin(lo, s);
    hi = fmax(hi, s);
}
return hi - lo;"""
L1_DISTANCE = r"""
double s = 0;
for (int i = 0; i < start[1]; i++)
    s += fabs(x[i] - x[start[1] + i]);
return s;"""


def scipy_statistic(name, permutation_type, x=None):
    """(statistic, vectorized) as scipy takes it; pairings get (y,) and hold x"""
    from scipy import stats

    if permutation_type == "pairings":
        one = {"pearson_r": lambda y: stats.pearsonr(x, y)[0], "kendall_tau": lambda y: stats.kendalltau(x, y)[0],
               L1_DISTANCE: lambda y: np.sum(np.abs(np.asarray(x) - y))}[name]
        return one, False
    return {"mean_difference": lambda a, b, axis: np.mean(a, axis=axis) - np.mean(b, axis=axis),
            "welch_t": lambda a, b, axis: stats.ttest_ind(a, b, equal_var=False, axis=axis).statistic,
            "variance_ratio": lambda a, b, axis: np.var(a, ddof=1, axis=axis) / np.var(b, ddof=1, axis=axis),
            "anova_f": lambda *g, axis: stats.f_oneway(*g, axis=axis).statistic,
            MEDIAN_DIFFERENCE: lambda a, b, axis: np.median(a, axis=axis) - np.median(b, axis=axis),
            MEANS_RANGE: lambda *g, axis: np.ptp([np.mean(s, axis=axis) for s in g], axis=0)}[name], True


EXACT = {"mean_difference": ref.MEAN_DIFF, "welch_t": ref.WELCH_T, "variance_ratio": ref.VAR_RATIO,
         "anova_f": ref.ANOVA_F, "pearson_r": ref.PEARSON_R, "kendall_tau": ref.KENDALL_TAU}
# (permutation type, statistic, group counts): the cases each check draws
KINDS = [("independent", s, (2,)) for s in ("mean_difference", "welch_t", "variance_ratio", MEDIAN_DIFFERENCE)] + [
    ("independent", "anova_f", (2, 3, 4)), ("independent", MEANS_RANGE, (3, 4))] + [
    ("samples", s, (2,)) for s in ("mean_difference", "welch_t", "variance_ratio", MEDIAN_DIFFERENCE)] + [
    ("pairings", s, (2,)) for s in ("pearson_r", "kendall_tau", L1_DISTANCE)]


def label(name):
    return {MEDIAN_DIFFERENCE: "C median difference", MEANS_RANGE: "C range of the means",
            L1_DISTANCE: "C sum |x - y|"}.get(name, name)


def draw(rng, permutation_type, groups):
    """random samples of short decimals, as floats; often from a small pool,
    so that ties are common; never constant"""
    pool = [rng.randint(-40, 40) / rng.choice((1, 10, 4)) for _ in range(rng.choice((3, 5, 40)))]
    while True:
        if permutation_type == "independent":
            k = rng.choice(groups)
            sizes = [rng.randint(2, {2: 6, 3: 3, 4: 2}[k]) for _ in range(k)]
        else:
            sizes = [rng.randint(3, 8 if permutation_type == "samples" else 6)] * 2
        samples = [[rng.choice(pool) for _ in range(s)] for s in sizes]
        if all(len(set(s)) > 1 for s in samples):
            return samples


def reference(samples, permutation_type, name, **kwargs):
    """the brute force's exact Result (tests/ptest/reference.py), floats read
    as the decimals they print as, the way kperm reads them"""
    decimals = [[repr(v) if isinstance(v, float) else v for v in s] for s in samples]
    if permutation_type == "independent":
        return ref.independent(decimals, EXACT[name], **kwargs)
    pair = ref.paired if permutation_type == "samples" else ref.pairings
    return pair(decimals[0], decimals[1], EXACT[name], **kwargs)


def counts(res):
    """(less, equal, greater, abs_ge, n) of a kperm or a reference Result"""
    if isinstance(res, ref.Result):
        return res.less, res.equal, res.greater, res.abs_ge, res.n
    return res.less, res.equal, res.greater, res.abs_ge, res.n_rearrangements


def scipy_rule():
    """the installed scipy's tolerance, as (relative, absolute) for
    kperm.stats: its source says which rule it follows"""
    from scipy.stats import _resampling

    src = inspect.getsource(_resampling.permutation_test)
    return (1e-14, 1e-14) if "eps = 1e-14" in src else (ks.DEFAULT_TOLERANCE, 0.0)


def methods_of(name, backend):
    """(method, backend) of each way a statistic is counted: on the
    backend, and mean_difference on the host too"""
    return [("enumerate", backend)] + [(m, None) for m in HOST_METHODS if name == "mean_difference"]


def against_scipy(backend, cases):
    """the p-values of scipy's exact test, in scipy's tolerance mode, by
    every method; returns the number of cases"""
    for permutation_type, name, groups in KINDS:
        scipy_cases(backend, permutation_type, name, groups, cases)
    return cases * len(KINDS)


def scipy_cases(backend, permutation_type, name, groups, cases):
    import scipy
    from scipy import stats

    rule, methods = scipy_rule(), methods_of(name, backend)
    rng, bad, seen = random.Random(zlib.crc32((permutation_type + label(name)).encode())), [], 0
    by_rounding = 0
    for _ in range(cases):
        samples = draw(rng, permutation_type, groups)
        alternative = rng.choice(("less", "greater", "two-sided"))
        statistic, vectorized = scipy_statistic(name, permutation_type, samples[0])
        with warnings.catch_warnings(), np.errstate(all="ignore"):  # scipy on zero variances
            warnings.simplefilter("ignore", RuntimeWarning)
            want = stats.permutation_test(samples[1:] if permutation_type == "pairings" else samples,
                                          statistic, permutation_type=permutation_type, vectorized=vectorized,
                                          n_resamples=np.inf, alternative=alternative)
        for method, where in methods:
            run = functools.partial(ks.permutation_test, samples, name, permutation_type=permutation_type,
                                    alternative=alternative, backend=where, bins=0, method=method)
            got = run(tolerance=rule)
            seen += got.in_band
            if abs(got.statistic - want.statistic) > 1e-12 * max(1, abs(got.statistic)) or (
                    got.pvalue != want.pvalue and not rounded(run(tolerance=NEAR), alternative, want.pvalue)):
                bad.append("%s %s %s: p %r, scipy %r; statistic %r, scipy %r"
                           % (method, samples, alternative, got.pvalue, want.pvalue, got.statistic, want.statistic))
            elif got.pvalue != want.pvalue:
                by_rounding += 1
    check(not bad, "%s %s, %s (%s): %d random cases, the p-values of scipy %s's exact test (tolerance %r; %d null "
          "values inside the band; %d decided by scipy's rounding of near ties)%s"
          % (backend, permutation_type, label(name), ", ".join(m for m, _ in methods), cases, scipy.__version__, rule,
             seen, by_rounding, "".join("\n# " + b for b in bad[:3])))


# A band wide enough to hold any double's rounding error on these small
# decimals, yet narrower than the gap between two distinct exact values.
NEAR = (1e-9, 1e-9)


def rounded(near, alternative, scipy_p):
    """True when scipy's p-value is one that counting only some of the near
    ties gives: the values equal to the observed one or inside the band NEAR
    that scipy's floating point put on either side of it (scipy >= 1.13's
    band is relative: none at all when the observed value is 0). near is
    kperm's result with that band, where every near tie counts as equal."""
    n, low, high = near.n_rearrangements, {}, {}
    for side, strict in (("less", near.less), ("greater", near.greater)):
        low[side], high[side] = strict / n, (strict + near.equal) / n
    if alternative == "two-sided":
        low[alternative] = min(1.0, 2 * min(low["less"], low["greater"]))
        high[alternative] = min(1.0, 2 * min(high["less"], high["greater"]))
    return low[alternative] <= scipy_p <= high[alternative]


def against_brute_force(backend, cases):
    """exact counts, ties included, in the default (exact) mode; cases the
    brute force finds undefined somewhere (a zero variance) are drawn again"""
    for permutation_type, name, groups in KINDS:
        if name not in EXACT:
            continue
        rng, bad, ties, done = random.Random(zlib.crc32((permutation_type + name).encode()) + 1), [], 0, 0
        while done < cases:
            samples = draw(rng, permutation_type, groups)
            try:
                want = reference(samples, permutation_type, name)
            except ref.Undefined:
                continue
            done, ties = done + 1, ties + (want.equal > 1)
            for method, where in methods_of(name, backend):
                got = ks.permutation_test(samples, name, permutation_type=permutation_type, backend=where, bins=0,
                                          method=method)
                if counts(got) != counts(want) or got.undefined or not got.exact:
                    bad.append("%s %s: %s, brute force %s" % (method, samples, counts(got), counts(want)))
        check(not bad, "%s %s, %s (%s): %d random cases (%d with ties), exact counts less/equal/greater/|t|>= = "
              "the brute force's%s" % (backend, permutation_type, name, ", ".join(m for m, _ in methods_of(name, 0)),
                                       cases, ties, "".join("\n# " + b for b in bad[:3])))


def textbook(backend):
    """the data sets of samples/ptest/data (their published p-values are
    checked by tests/ptest/check_reference.py) against the brute force"""
    def column(name, key):
        return [r[key] for r in ref.read_csv(name)]

    def groups(name, order):
        rows = ref.read_csv(name)
        return [[r["value"] for r in rows if r["group"] == g] for g in order]

    spearman = [ref.ranks([Fraction(v) for v in column("scipy_doc_spearmanr.csv", k)]) for k in ("x", "y")]
    cases = {"zea_mays": ("samples", "mean_difference", [column("zea_mays.csv", k) for k in ("crossed", "self")]),
             "sleep": ("samples", "mean_difference", [column("sleep.csv", k) for k in ("drug2", "drug1")]),
             "mouse": ("independent", "mean_difference", groups("mouse.csv", ("treatment", "control"))),
             "mouse_rpkg_bootstrap": ("independent", "mean_difference",
                                      groups("mouse_rpkg_bootstrap.csv", ("treatment", "control"))),
             "scipy_doc_pearsonr": ("pairings", "pearson_r", [column("scipy_doc_pearsonr.csv", k) for k in "xy"]),
             "scipy_doc_spearmanr": ("pairings", "pearson_r", spearman),
             "scipy_tutorial_collagen_proline": ("pairings", "kendall_tau",
                                                 [column("scipy_tutorial_collagen_proline.csv", k)
                                                  for k in ("collagen", "proline")])}
    for name, what, run in ref.datasets():
        if name == "scipy_doc_meandiff":
            samples = groups("scipy_doc_meandiff.csv", ("x", "y"))
            try:
                ks.permutation_test(samples, "mean_difference", backend=backend)
                refused = False
            except ValueError as e:
                refused = "2**53" in str(e)
            rounded = ks.permutation_test([[round(float(v), 9) for v in s] for s in samples], "mean_difference",
                                          backend=backend, alternative="less")
            check(refused and rounded.pvalue == float(run().p_less) == 2 / 462,
                  "%s %s (%s): its 17-digit floats refused, past 2^53 at a common scale; rounded to 9 decimals, "
                  "p = 2/462 as published" % (backend, name, what))
            continue
        permutation_type, statistic, samples = cases[name]
        want = run()
        for method, where in methods_of(statistic, backend):
            got = ks.permutation_test(samples, statistic, permutation_type=permutation_type, backend=where,
                                      method=method)
            check(counts(got) == counts(want), "%s %s (%s): less, equal, greater, |t|>= %s, as the brute force"
                  % (where or method, name, what, counts(got)))


def kendall_pair_order(backend):
    """kendall_tau's pairs reach the kernel in order of x (ps_swap's O(1)
    step needs x nondecreasing), and the pairs in any order give the same
    result, with the brute force's counts"""
    x, y = [1.5, -2, 3, 0.5, -2, 4, 1.5, -1], [2, 0, -1, 3, 5, 1, -2, 0]
    want = counts(reference([x, y], "pairings", "kendall_tau"))
    dev = _stats_device.open_backend(backend, None)
    handed = []  # the x of each call, as the device gets them

    def values(program, data, begin, count):
        handed.append(list(data["v"][:len(x)]))
        return type(dev).values(dev, program, data, begin, count)

    orders = [list(range(len(x))), sorted(range(len(x)), key=x.__getitem__), list(range(len(x)))[::-1],
              [3, 7, 0, 5, 1, 6, 2, 4]]
    dev.values = values
    try:
        got = [strip(ks.permutation_test(([x[i] for i in order], [y[i] for i in order]), "kendall_tau",
                                         permutation_type="pairings", backend=backend)) for order in orders]
    finally:
        del dev.values
    check(all(g == got[0] for g in got) and counts(got[0]) == want and handed
          and all(h == sorted(h) for h in handed),
          "%s kendall_tau: the pairs go to the device in order of x; in %d orders the same result, less, equal, "
          "greater, |t|>= %s as the brute force" % (backend, len(orders), counts(got[0])))


def infinite_and_undefined(backend):
    """variance_ratio where group 2 can be constant: x/0 = inf is compared
    (the observed one too), 0/0 is counted undefined, as scipy's nan is"""
    a = ks.permutation_test(([1, 2], [1, 2]), "variance_ratio", backend=backend, bins=4)
    b = ks.permutation_test(([1, 1, 2], [1, 1]), "variance_ratio", backend=backend, alternative="greater")
    check((a.equal, a.undefined, a.less + a.greater, a.pvalue_less, sum(a.histogram)) == (4, 2, 0, 4 / 6, 4)
          and (b.statistic, b.equal, b.less, b.pvalue) == (float("inf"), 6, 4, 0.6),
          "%s variance ratios 0/0 counted undefined (2 of 6), an infinite observed ratio compared exactly (6 of 10 "
          "equal)" % backend)


def wide_and_fallback(backend):
    """values near 2^40: 128-bit sums, counted exactly; Welch's t on values
    near 2^52, too large for its exact compare: floating point, which must
    count as the same data scaled down (t does not change) counts exactly"""
    rng = random.Random(7)
    for permutation_type, name in (("independent", "welch_t"), ("independent", "variance_ratio"),
                                   ("independent", "anova_f"), ("pairings", "pearson_r"), ("samples", "welch_t")):
        sizes = (6, 3) if permutation_type == "independent" else (6, 6)
        samples = [[rng.randint(-2 ** 40, 2 ** 40) for _ in range(s)] for s in sizes]
        got = ks.permutation_test(samples, name, permutation_type=permutation_type, backend=backend, bins=0)
        check(got.exact and counts(got) == counts(reference(samples, permutation_type, name)),
              "%s %s, %s on values near 2^40 (sums of squares past 2^64): exact counts" % (backend, permutation_type,
                                                                                        name))
    small = [[rng.choice((4, 5, 6, 7)) for _ in range(20)] for _ in range(2)]
    big = [[v * 2 ** 50 for v in s] for s in small]
    a = ks.permutation_test(small, "welch_t", permutation_type="samples", backend=backend, bins=0)
    b = ks.permutation_test(big, "welch_t", permutation_type="samples", backend=backend, bins=0)
    check(a.exact and not b.exact and b.tolerance > 0 and counts(a) == counts(b),
          "%s samples, welch_t on 20 pairs near 2^52: past the exact compare's 256 bits, counted in floating point "
          "(%d of 2^20 inside the band) as the same data scaled down are counted exactly" % (backend, b.in_band))


def limits(backend):
    """64 observations (the mask's top bit); many launches adding up"""
    rng = random.Random(64)
    samples = [[rng.randint(0, 9) for _ in range(2)], [rng.randint(0, 9) for _ in range(62)]]
    got = ks.permutation_test(samples, "welch_t", backend=backend, bins=0)
    check(counts(got) == counts(reference(samples, "independent", "welch_t")),
          "%s 2 + 62 observations, every one of C(64, 2) = 2016 splits: exact counts" % backend)
    samples = [[rng.randint(0, 9) for _ in range(8)] for _ in range(2)]
    whole = ks.permutation_test(samples, "mean_difference", backend=backend, method="enumerate")
    launch, _stats_device.LAUNCH = _stats_device.LAUNCH, 97
    try:
        parts = ks.permutation_test(samples, "mean_difference", backend=backend, method="enumerate")
    finally:
        _stats_device.LAUNCH = launch
    check(whole == parts, "%s the C(16, 8) = 12870 splits in launches of 97 ranks: the same result" % backend)


def histogram(backend):
    x, y = [19.2, 21.5, 23.1, 24.8, 25.0, 26.3], [17.9, 18.4, 20.0, 20.7, 22.2, 23.4]
    null = sorted(float(key) for key in reference((x, y), "independent", "mean_difference", return_null=True)[1])
    for method, where in methods_of("mean_difference", backend):
        res = ks.permutation_test((x, y), "mean_difference", backend=where, bins=10, method=method)
        want = np.histogram(null, bins=res.bin_edges)[0].tolist()
        check(res.histogram == want and res.null_min == null[0] and res.null_max == null[-1] and sum(want) == 924,
              "%s the histogram of all 924 mean differences in 10 bins over [min, max] is numpy's" % (where or method))
        fixed = ks.permutation_test((x, y), "mean_difference", backend=where, bins=4, hist_range=(-1.0, 1.0),
                                    method=method)
        want = [sum(v < -0.5 for v in null), sum(-0.5 <= v < 0 for v in null), sum(0 <= v < 0.5 for v in null),
                sum(v >= 0.5 for v in null)]
        check(fixed.histogram == want and fixed.bin_edges == [-1.0, -0.5, 0.0, 0.5, 1.0],
              "%s hist_range=(-1, 1), 4 bins: values outside fall in the end bins" % (where or method))
        check(res.pvalue_greater == 32 / 924 and res.less + res.equal + res.greater == 924 and res.exact,
              "%s the README's treated/control example: one-sided p = 32/924" % (where or method))


def strip(res):
    """a result without where and how it was counted"""
    return dataclasses.replace(res, device="", method="")


def draw_linear(rng, permutation_type):
    """samples for mean_difference: negative values, ties (a small pool),
    decimals; up to 9 + 9 observations or 14 pairs"""
    scale = rng.choice((1, 10, 100, 4))
    pool = [rng.randint(-50, 50) / scale for _ in range(rng.choice((2, 4, 12, 60)))]
    if permutation_type == "independent":
        sizes = [rng.randint(2, 9), rng.randint(2, 9)]
    else:
        sizes = [rng.randint(2, 14)] * 2
    return [[rng.choice(pool) for _ in range(n)] for n in sizes]


def linear_methods(backend, cases):
    """mean_difference by the shift algorithm and by meet in the middle:
    every field of the enumeration's result (counts, p-values, the observed
    statistic, the null's extremes, the histogram), for both permutation
    types, every alternative, exact and in floating point within scipy's
    tolerances or a wide band, the histogram over the null's range or a
    given one; returns the number of cases"""
    rng, bad, ties, in_band = random.Random(2024), [], 0, 0
    for i in range(cases):
        permutation_type = ("independent", "samples")[i % 2]
        samples = draw_linear(rng, permutation_type)
        bins = rng.choice((0, 1, 7, 64))
        options = dict(permutation_type=permutation_type, alternative=rng.choice(("less", "greater", "two-sided")),
                       tolerance=rng.choice((None, (1e-14, 1e-14), ks.DEFAULT_TOLERANCE, 0.05, (0, 0.3))),
                       bins=bins, hist_range=rng.choice((None, (-1, 1.5))) if bins else None)
        want = ks.permutation_test(samples, "mean_difference", backend=backend, method="enumerate", **options)
        ties, in_band = ties + (want.equal > 1), in_band + (want.in_band > 0)
        for method in HOST_METHODS:
            got = ks.permutation_test(samples, "mean_difference", method=method, **options)
            if strip(got) != strip(want) or got.method != method:
                bad.append("%s %s %s:\n#   %s\n#   enumeration %s" % (method, samples, options, got, want))
    check(not bad, "%s mean_difference, %d random cases (%d with ties, %d with values inside a tolerance band): the "
          "shift algorithm and meet in the middle give every field of the enumeration's result%s"
          % (backend, cases, ties, in_band, "".join("\n# " + b for b in bad[:2])))
    return cases


def linear_large():
    """tests too large to enumerate here: C(40, 20) splits of 0/1 values
    (S1 hypergeometric) and 2^40 swaps of differences +-1 and 0 (binomial
    times 2^zeros) against their closed forms; shift and mitm on random
    integers, exact and within a tolerance, every field equal"""
    x, y = [1] * 13 + [0] * 7, [1] * 5 + [0] * 15  # 18 ones; group 1 holds 13
    res = {m: ks.permutation_test((x, y), "mean_difference", method=m, bins=0) for m in HOST_METHODS}
    split = [math.comb(18, s) * math.comb(22, 20 - s) for s in range(19)]
    # S1 ones in group 1, the key 40*S1 - 18*20: |key| >= 160 for S1 >= 13 or S1 <= 5
    want = (sum(split[:13]), split[13], sum(split[14:]), sum(split[:6]) + sum(split[13:]), math.comb(40, 20))
    check(all(counts(r) == want for r in res.values()),
          "20 + 20 observations of 0 and 1, all C(40, 20) splits: shift and mitm count less, equal, greater, |t|>= "
          "%s, the hypergeometric's" % (want,))
    d = [1] * 21 + [-1] * 9 + [0] * 10  # sum 12
    res = {m: ks.permutation_test((d, [0] * 40), "mean_difference", permutation_type="samples", method=m, bins=0)
           for m in HOST_METHODS}
    flips = [2 ** 10 * math.comb(30, g) for g in range(31)]  # sum 30 - 2g, g the differences negative
    # below 12 for g > 9, |sum| >= 12 for g <= 9 or g >= 21
    want = (sum(flips[10:]), flips[9], sum(flips[:9]), sum(flips[:10]) + sum(flips[21:]), 2 ** 40)
    check(all(counts(r) == want for r in res.values()),
          "40 pairs, differences +-1 and 10 of 0, all 2^40 swaps: shift and mitm count less, equal, greater, |t|>= "
          "%s, the binomial's times 2^10" % (want,))
    rng = random.Random(40)
    for permutation_type, samples in (("independent", [[rng.randint(-99, 99) for _ in range(20)] for _ in "xy"]),
                                      ("samples", [[rng.randint(-99, 99) for _ in range(40)], [0] * 40])):
        for tolerance in (None, 1e-3):
            got = [ks.permutation_test(samples, "mean_difference", permutation_type=permutation_type, method=m,
                                       tolerance=tolerance) for m in HOST_METHODS]
            check(strip(got[0]) == strip(got[1]) and sum(got[0].histogram) == got[0].n_rearrangements,
                  "%s, %d rearrangements of random integers, tolerance %r: shift and mitm give the same result, %d "
                  "of them inside the band" % (permutation_type, got[0].n_rearrangements, tolerance, got[0].in_band))


def automatic(backend):
    """method='auto': enumeration for a small test, the shift algorithm for
    integers of a small range, meet in the middle for many digits,
    enumeration where neither fits in memory; 'enumerate' forces it"""
    rng = random.Random(3)
    ints = [[rng.randint(0, 9) for _ in range(20)] for _ in "xy"]
    digits = [[rng.randint(0, 10 ** 9) / 10 ** 6 for _ in range(20)] for _ in "xy"]
    wide = [[rng.randint(0, 2 ** 50) for _ in range(32)] for _ in "xy"]
    cases = [("4 + 4", ([1, 5, 2, 8], [3, 4, 9, 7]), {}, "enumerate"),
             ("20 + 20 digits 0-9", ints, {}, "shift"),
             ("20 + 20 values of 9 digits", digits, {}, "mitm"),
             ("40 pairs of digits 0-9", ints, dict(permutation_type="samples"), "shift"),
             ("32 + 32 values near 2^50: neither fits, C(64, 32) past max_rearrangements", wide, dict(bins=0),
              "refused"),
             ("20 + 20 digits 0-9 by 'enumerate', max_rearrangements 10^6", ints,
              dict(method="enumerate", max_rearrangements=10 ** 6), "refused")]
    got = []
    for name, samples, options, want in cases:
        try:
            res = ks.permutation_test(samples, "mean_difference", backend=backend, **options)
            got.append(res.method)
        except ValueError as e:  # past memory the test is enumeration's, past max_rearrangements refused
            got.append("refused" if "max_rearrangements" in str(e) else str(e))
    check(got == [c[3] for c in cases], "method='auto' picks %s" % ", ".join(
        "%s for %s" % (g, c[0]) for g, c in zip(got, cases)))


def stderr_of(f, *args, **kwargs):
    """(the exception f(*args, **kwargs) raised or None, what reached file
    descriptor 2 meanwhile): a compiler writes there itself, past sys.stderr"""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as captured:
        try:
            os.dup2(captured.fileno(), 2)
            f(*args, **kwargs)
            raised = None
        except Exception as e:  # noqa: BLE001 - the caller checks which
            raised = e
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        captured.seek(0)
        return raised, captured.read().decode(errors="replace")


def errors(backend):
    x, y = [1.5, 2.5, 3.0, 4.0], [2.0, 3.5, 1.0, 0.5]
    clang = backend == "pyopencl"  # OpenCL's compilers are clang's, which give the column; NVRTC gives none
    big = [2 ** 50 + 7 * i ** 5 + i for i in range(32)]  # differences up to 2^28, their gcd 2
    cases = [
        ("bad data: a word", dict(data=([1, "abc"], [1, 2])), ValueError, "'abc' is not a number"),
        ("bad data: NaN", dict(data=([1, float("nan")], [1, 2])), ValueError, "not finite"),
        ("bad data: a list in a sample", dict(data=([1, [2]], [1, 2])), TypeError, "not a number"),
        ("bad data: one sample", dict(data=([1, 2, 3],)), ValueError, "two or more samples"),
        ("bad data: a sample of one", dict(data=([1], [1, 2])), ValueError, "two or more observations"),
        ("lost digits: 0.1 + 0.2", dict(data=([0.1 + 0.2, 1.0], [2.0, 3.0])), ValueError, "0.30000000000000004"),
        ("lost digits: a Fraction 1/3", dict(data=([Fraction(1, 3), 1], [2, 3])), ValueError, "not a finite decimal"),
        ("too many rearrangements", dict(data=(list(range(30)), list(range(30))), max_rearrangements=10 ** 6,
                                         method="enumerate"), ValueError, "more than max_rearrangements"),
        ("bad method", dict(method="fast"), ValueError, "method: 'auto'"),
        ("a host method for another statistic", dict(statistic="welch_t", method="shift"), ValueError,
         "counts mean_difference only"),
        ("the shift algorithm past its memory", dict(data=(big, big), method="shift"), ValueError, "MiB"),
        ("meet in the middle past its memory", dict(data=(big, big), method="mitm"), ValueError, "MiB"),
        ("too many pairings", dict(data=(list(range(21)), list(range(21))), permutation_type="pairings",
                                   statistic="pearson_r", max_rearrangements=10 ** 30), ValueError, "at most 20"),
        ("bad statistic name", dict(statistic="mean_diff"), ValueError, "unknown name 'mean_diff'"),
        ("a number for a statistic", dict(statistic=42), TypeError, "C source as a str, or a Python callable"),
        ("statistic and permutation type", dict(statistic="pearson_r"), ValueError, "goes with permutation_type"),
        ("three samples, two-sample statistic", dict(data=(x, y, y)), ValueError, "compares two samples"),
        ("paired samples of two lengths", dict(data=(x, y[:3]), permutation_type="samples"), ValueError,
         "same length"),
        ("constant x for pearson_r", dict(data=([1, 1, 1], [1, 2, 3]), permutation_type="pairings",
                                          statistic="pearson_r"), ValueError, "x is constant"),
        ("0/0 observed", dict(data=([1, 1, 1], [1, 1, 1]), statistic="welch_t"), ValueError, "nan"),
        ("bad permutation_type", dict(permutation_type="paired"), ValueError, "permutation_type"),
        ("bad alternative", dict(alternative="two_sided"), ValueError, "alternative"),
        ("bad tolerance", dict(tolerance=-1.0), ValueError, "tolerance"),
        ("bad bins", dict(bins=5000), ValueError, "bins"),
        ("bytes for samples", dict(data=(b"12", b"34")), TypeError, "not str or bytes"),
        ("a str for a sample", dict(data=("12", "34")), TypeError, "not str or bytes"),
        ("an infinite hist_range", dict(hist_range=(-math.inf, math.inf)), ValueError, "hist_range"),
        ("a NaN in hist_range", dict(hist_range=(0, math.nan)), ValueError, "hist_range"),
        ("hist_range wider than a double", dict(hist_range=(-1e308, 1e308)), ValueError, "hist_range"),
        ("hist_range too narrow for its bins", dict(hist_range=(0, 1e-320)), ValueError, "hist_range"),
        ("a value below the least double", dict(data=(["1e-400", 1], [2, 3])), ValueError, "'1e-400' underflows"),
        ("an exponent past Decimal's", dict(data=(["1e-99999999999999999999", 1], [2, 3])), ValueError,
         "exponent out of range"),
        ("bad backend", dict(backend="opencl"), ValueError, "backend"),
        # the whole message, one line
        ("C that does not compile", dict(statistic="return x[0] +;"), ValueError,
         re.compile(r"statistic:1%s: error: expected [a-z ]+" % (":14" if clang else ""))),
        ("C with an undeclared name on its line 2", dict(statistic="double a = 1.0;\nreturn a + mean(x);"),
         ValueError, re.compile(r"statistic:2%s: error: [^\n]*\bmean\b[^\n]*" % (":12" if clang else ""))),
    ]
    bad = []
    for name, kwargs, kind, text in cases:
        args = dict(data=(x, y), statistic="mean_difference", backend=backend)
        args.update(kwargs)
        data, statistic = args.pop("data"), args.pop("statistic")
        e, printed = stderr_of(ks.permutation_test, data, statistic, **args)
        if e is None:
            bad.append("%s: no error" % name)
        elif not isinstance(e, kind) or not (text.fullmatch(str(e)) if isinstance(text, re.Pattern)
                                             else text in str(e)):
            bad.append("%s: %s: %r" % (name, type(e).__name__, str(e)[:300]))
        if printed:
            bad.append("%s: printed %r" % (name, printed[:300]))
    check(not bad, "%s every error path (%d) raises its exception with a clear message, printing nothing%s"
          % (backend, len(cases), "".join("\n# " + b for b in bad)))


def numeric_edges(backend):
    """values DIGITSeE near the least doubles and near 2^53, as
    tests/ptest/numeric_check.py runs kperm-ptest: the brute force's counts
    (exact, and within 1e-9 on the exact values' doubles), a statistic
    within 2 ulps of the exact one, the null's range and the histogram of
    its size, for every statistic and mean_difference's every method; and
    Welch's t past its exact bounds: in_band every equal split but those
    with the observed split's sums"""
    rng, bad = random.Random(308), []
    for exponent in (-323, -316, -308, -300, 0):
        for permutation_type, name, groups in KINDS:
            if name not in EXACT:
                continue
            k = 3 if name == "anova_f" else 2
            n = [rng.randint(2, 3)] * k if permutation_type != "independent" or name == "anova_f" else [3, 4]
            top = 2 ** 53 - 1 if exponent == 0 else 9
            digits = [[rng.choice((0, 1, 2, 5, 7, top, -3, -top)) for _ in range(m)] for m in n]
            samples = [["%de%d" % (v, exponent) for v in s] for s in digits]
            try:
                want, keys = reference(samples, permutation_type, name, return_null=True)
            except (ref.Undefined, ZeroDivisionError):
                continue
            values = [want.stat.value(key) for key in keys]
            band = 1e-9 * abs(want.statistic)
            banded = (sum(v < want.statistic - band for v in values),
                      sum(abs(v - want.statistic) <= band for v in values),
                      sum(v > want.statistic + band for v in values))
            for method, where in methods_of(name, backend):
                for tolerance in (None, 1e-9):
                    try:
                        got = ks.permutation_test(samples, name, permutation_type=permutation_type, backend=where,
                                                  method=method, tolerance=tolerance, bins=8)
                    except ValueError as e:  # a host method's table of sums near 2^53: refused, as documented
                        if "MiB" not in str(e):
                            bad.append("%s %s %s: %s" % (name, samples, method, e))
                        continue
                    mine = (got.less, got.equal, got.greater)
                    theirs = banded if tolerance else (want.less, want.equal, want.greater)
                    sized = all(math.isfinite(v) and (name != "mean_difference" or v == 0 or abs(v) > 0)
                                for v in [got.null_min, got.null_max] + got.bin_edges)
                    if (mine != theirs or abs(got.statistic - want.statistic) > 2 * math.ulp(want.statistic)
                            or not sized or sum(got.histogram) != want.n):
                        bad.append("%s %s %s %s tolerance %s: %s statistic %r, the brute force %s %r"
                                   % (permutation_type, name, samples, method, tolerance, mine, got.statistic,
                                      theirs, want.statistic))
    check(not bad, "%s values DIGITSeE for E from -323 to 0 (near 2^53): the brute force's counts, exact and within "
          "1e-9, every statistic and method%s" % (backend, "".join("\n# " + b for b in bad[:3])))
    a = [rng.choice((-1, 1)) * (2 ** 53 - 1 - rng.randint(0, 3)) for _ in range(2)]
    b = [rng.choice((-1, 1)) * (2 ** 53 - 1 - rng.randint(0, 3)) for _ in range(62)]
    got = ks.permutation_test((a, b), "welch_t", backend=backend, bins=0)
    pooled = a + b
    same = sum((sum(pooled[i] for i in s), sum(pooled[i] ** 2 for i in s)) == (sum(a), sum(v * v for v in a))
               for s in itertools.combinations(range(64), 2))
    check(not got.exact and got.in_band == got.equal - same,
          "%s welch_t on 2 + 62 values near 2^53, past the exact bounds: in_band %d = equal %d - %d splits with the "
          "observed sums" % (backend, got.in_band, got.equal, same))


def compile_logs():
    """a compiler's log reduced to its first error, statistic:LINE[:COL]:
    error: WHAT, from each compiler's form; NVIDIA's OpenCL numbers the
    composed source's lines (a body's line 2 is the source's 6 here)"""
    source = "kernel\n\n{\n" + _stats_device.BODY_LINE + "double a = 1.0;\nreturn a + y;\n}\n"
    logs = {
        "POCL": ("warning: statistic:1:8: unused variable 'u'\nerror: statistic:2:12: use of undeclared identifier "
                 "'y'\nerror: statistic:2:13: expected ';'\nDevice cpu failed to build the program\n",
                 "statistic:2:12: error: use of undeclared identifier 'y'"),
        "clang": ("statistic:2:12: error: use of undeclared identifier 'y'\n  return a + y;\n             ^\n"
                  "1 error generated.\n", "statistic:2:12: error: use of undeclared identifier 'y'"),
        "NVIDIA's OpenCL": ("<kernel>:5:8: warning: unused variable 'u'\n<kernel>:6:12: error: use of undeclared "
                            "identifier 'y'\n  return a + y;\n             ^\n",
                            "statistic:2:12: error: use of undeclared identifier 'y'"),
        "NVIDIA's OpenCL, in kperm's code": ("<kernel>:3:1: error: expected identifier\n",
                                             "<kernel>:3:1: error: expected identifier"),
        "NVRTC": ('statistic(1): warning #177-D: variable "u" was declared but never referenced\n\nstatistic(2): '
                  'error: identifier "y" is undefined\n\n1 error detected in the compilation of "/tmp/tmpx/kern.cu".'
                  '\n', 'statistic:2: error: identifier "y" is undefined'),
    }
    bad = ["%s: %r" % (name, _stats_device.first_error(log, source)) for name, (log, want) in logs.items()
           if _stats_device.first_error(log, source) != want]
    check(not bad, "a build's log (%s) gives its first error as statistic:LINE:COL: error: WHAT%s"
          % (", ".join(logs), "".join("\n# " + b for b in bad)))


def example():
    """docs/stats.md's example, examples/permutation_test.py, runs and prints
    the counts scipy gives (32 and 41 of 924)"""
    import subprocess

    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(kperm.__file__))))
    run = subprocess.run([sys.executable, os.path.join(os.path.dirname(HERE), "examples", "permutation_test.py")],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True, env=env)
    check(run.returncode == 0 and "32 of 924 splits as large, p = 0.0346" in run.stdout
          and "41 of 924 splits as large, p = 0.0444" in run.stdout,
          "examples/permutation_test.py (docs/stats.md) runs: means 32/924, medians 41/924%s"
          % "".join("\n# " + line for line in run.stdout.splitlines()[-5:] if run.returncode))


def selection():
    """backend=None: CuPy where a GPU is, else PyOpenCL; device= picks one"""
    x, y = [1, 2, 3], [4, 5, 6]
    gpu = _stats_device.gpu_present()
    auto = ks.permutation_test((x, y), "mean_difference", method="enumerate").device
    check(("CuPy" in auto) == gpu and ("OpenCL" in auto) != gpu,
          "backend=None runs on %s (%s)" % ("CuPy: a GPU is present" if gpu else "PyOpenCL: no GPU", auto))
    try:
        import pyopencl
    except ImportError:
        return
    device = pyopencl.get_platforms()[0].get_devices()[0]
    res = ks.permutation_test((x, y), "mean_difference", backend="pyopencl", device=device, method="enumerate")
    check(res.device.startswith(device.name.strip()) and res.pvalue == 0.1,
          "backend='pyopencl', device=a pyopencl.Device: it runs there (p = 2/20)")


def main():
    wanted, backends = sys.argv[1:] or ["pyopencl", "cupy"], []
    if "pyopencl" in wanted:
        try:
            import pyopencl

            pyopencl.create_some_context(interactive=False)
            backends.append("pyopencl")
        except Exception as e:  # noqa: BLE001 - no PyOpenCL, or no device
            print("SKIP stats: PyOpenCL: %s" % e)
    if "cupy" in wanted:
        if _stats_device.gpu_present():
            backends.append("cupy")
        else:
            print("SKIP stats: CuPy: no CuPy or no GPU")
    try:
        import scipy.stats  # noqa: F401
        have_scipy = True
    except ImportError:
        have_scipy = False
        print("SKIP stats: scipy's p-values: no scipy (Debian's python3-scipy, for /usr/bin/python3)")
    compile_logs()
    if backends:
        selection()
        example()
    if backends:
        linear_large()
    for backend in backends:
        errors(backend)
        histogram(backend)
        limits(backend)
        infinite_and_undefined(backend)
        kendall_pair_order(backend)
        textbook(backend)
        against_brute_force(backend, 16)
        wide_and_fallback(backend)
        numeric_edges(backend)
        automatic(backend)
        linear = linear_methods(backend, 60 if QUICK else 300)
        scipy_cases_run = against_scipy(backend, 16 if QUICK else 80) if have_scipy else 0
        print("# %s: %d random cases against scipy (%d of mean_difference also by the host's two methods), %d of "
              "the host methods against enumeration" % (backend, scipy_cases_run, 2 * (16 if QUICK else 80), linear))
    print("# %.0f s%s" % (time.time() - started, " (KPERM_QUICK: fewer random cases)" if QUICK else ""))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
