#!/usr/bin/python3
"""scipy_calls_check.py - kperm.stats.permutation_test called as scipy's:
scipy 1.10's own permutation_test doc examples run unchanged but for the
import (and a seed for their rng), giving scipy's p-values exactly where
scipy is exact and close where it samples; a Python statistic (vectorized
or not, any batch, N-d data along any axis) against
scipy.stats.permutation_test(..., n_resamples=np.inf) on random small cases
of every permutation type, one-sample sign flips included: the same
statistic, p-values and null distribution; the counts of the built-in
statistics in tolerance mode where a Python statistic is the same one;
random rearrangements (n_resamples): uniform, reproducible from rng, with
scipy's +1; a Python statistic within strata against a brute force; and
the refusals. Prints PASS/FAIL/SKIP lines; exits 1 on a
failure.

    /usr/bin/python3 tests/ptest/scipy_calls_check.py
"""
import contextlib
import doctest
import io
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.join(os.path.dirname(os.path.dirname(HERE)), "python"))
try:
    import numpy as np
    from scipy import stats
except ImportError as e:
    print("SKIP scipy calls: %s for %s (Debian's /usr/bin/python3 has numpy and scipy)" % (e, sys.executable))
    sys.exit(0)
import kperm.stats as ks  # noqa: E402
from harness import Report  # noqa: E402
import reference as ref  # noqa: E402

report = Report("kperm.stats called as scipy")
SEED = 20261128


def doc_examples():
    """scipy's doc examples of permutation_test, run once with scipy's and
    once with kperm's (the import line changed, default_rng() seeded, the
    plot skipped): the value of res after each call, and what each example
    prints"""
    examples = [e for e in doctest.DocTestParser().get_examples(stats.permutation_test.__doc__)
                if "plt." not in e.source and "matplotlib" not in e.source]
    runs = {}
    for who in ("scipy", "kperm"):
        namespace, results, printed = {}, [], []
        for e in examples:
            source = e.source.replace("np.random.default_rng()", "np.random.default_rng(%d)" % SEED)
            if who == "kperm":
                source = source.replace("from scipy.stats import permutation_test",
                                        "from kperm.stats import permutation_test")
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(source, "<doc example>", "single"), namespace)
            printed.append(out.getvalue())
            if source.lstrip().startswith("res = permutation_test"):
                results.append(namespace["res"])
        runs[who] = results, printed, namespace
    (want, want_printed, _), (got, got_printed, space) = runs["scipy"], runs["kperm"]
    exact = [w.null_distribution.size < 10 ** 5 for w in want]  # scipy enumerated; the other drew 100000
    report(len(got) == 3 and all(g.pvalue == w.pvalue and g.statistic == w.statistic
                                 for g, w, e in zip(got, want, exact) if e),
           "scipy's doc examples (%d calls): scipy's exact p-values exactly (%s)"
           % (len(got), ", ".join("%.6g" % g.pvalue for g, e in zip(got, exact) if e)))
    sampled = [(g, w) for g, w, e in zip(got, want, exact) if not e]
    report(len(sampled) == 1 and all(g.sampled and not g.exact and g.n_resamples == 100000
                                     and abs(g.pvalue - w.pvalue) * 100001 <= 5 * math.sqrt(w.pvalue * 100001 + 4)
                                     for g, w in sampled),
           "scipy's doc example of 100000 random splits of 100 + 120: p %s, scipy's %s (within 5 sd), 100000 drawn"
           % tuple("%.3g" % r.pvalue for r in sampled[0]))
    same = [i for i, (g, w) in enumerate(zip(got_printed, want_printed)) if g == w]
    mixed = [i for i, e in enumerate(examples) if "print(res.pvalue)" in e.source]
    report(len(same) == len(examples) - 1 and set(range(len(examples))) - set(same) <= set(mixed)
           and space["r"] == 0.8 and len(space["null"]) == 576 and space["res"].pvalue == space["correct_pvalue"],
           "scipy's doc examples print what scipy prints (all but the sampled p-value), pearsonr's 576 pairings")


def zea_mays():
    """docs/stats.md's example: Fisher's sign flips of Darwin's 15
    differences (samples/ptest/data/README.md), his published counts 835
    greater and 28 equal of 32768, by scipy's one-sample call"""
    d = [49, -67, 8, 16, 6, 23, 28, 41, 14, 29, 56, 24, 75, 60, -48]
    exact = ks.permutation_test((d,), lambda v, axis: np.mean(v, axis=axis), permutation_type="samples",
                                n_resamples=np.inf, alternative="greater")
    named = ks.permutation_test((d,), "mean_difference", permutation_type="samples", alternative="greater")
    report((exact.greater, exact.equal, exact.n_rearrangements) == (835, 28, 32768) == (named.greater, named.equal,
                                                                                       named.n_rearrangements)
           and exact.pvalue == named.pvalue == 863 / 32768 and exact.statistic == named.statistic == 314 / 15,
           "Darwin's Zea mays, one sample (d,) under 'samples': Fisher's 835 greater and 28 equal of 2^15, p %.6g, "
           "a Python mean and 'mean_difference' alike" % exact.pvalue)


def random_data(rng, shape, ties):
    return rng.integers(-3, 4, shape).astype(float) if ties else rng.normal(size=shape)


def agrees(got, want):
    """the same statistic and p-values; the same null distribution but for
    rounding (scipy puts each group's indices in a set's order, kperm in
    increasing order: a sum may differ in its last bit)"""
    return (np.array_equal(got.statistic, want.statistic) and np.array_equal(got.pvalue, want.pvalue)
            and np.allclose(np.sort(got.null_distribution, axis=0), np.sort(want.null_distribution, axis=0),
                            rtol=1e-13, atol=1e-13, equal_nan=True))


def against_scipy():
    """random small cases of every permutation type: statistic, p-values
    and null distribution as scipy's exact test gives them"""
    rng, bad, cases = np.random.default_rng(SEED), [], 0

    def mean_diff(x, y, axis):
        return np.mean(x, axis=axis) - np.mean(y, axis=axis)

    def spread(*g, axis):
        return np.ptp([np.mean(s, axis=axis) for s in g], axis=0)

    def corr(x, y):  # not vectorized: 1-d samples only
        return np.corrcoef(x, y)[0, 1]

    def flips(d, axis):
        return np.mean(d, axis=axis)

    def paired_t(x, y, axis):
        return stats.ttest_rel(x, y, axis=axis).statistic

    kinds = [("independent", mean_diff, (5, 4)), ("independent", spread, (3, 3, 2)),
             ("independent", lambda x, y: np.median(x) - np.median(y), (4, 5)),
             ("pairings", corr, (4, 4)), ("pairings", lambda x: np.sum(x * np.arange(5)), (5,)),
             ("samples", flips, (7,)), ("samples", paired_t, (6, 6)), ("samples", lambda *g: np.max(g[0]), (4, 4, 4))]
    for trial in range(60):
        permutation_type, statistic, sizes = kinds[trial % len(kinds)]
        ties, alternative = trial % 3 == 0, ("two-sided", "less", "greater")[trial % 3]
        data = [random_data(rng, n, ties) for n in sizes]
        args = dict(permutation_type=permutation_type, alternative=alternative)
        with np.errstate(all="ignore"):
            want = stats.permutation_test(data, statistic, n_resamples=np.inf, **args)
            got = ks.permutation_test(data, statistic, batch=[None, 7, 1000][trial % 3], **args)
        cases += 1
        if not (agrees(got, want) and got.n_resamples == got.n_rearrangements == want.null_distribution.shape[0]
                and not got.sampled):
            bad.append("%s %s: p %r, scipy's %r" % (permutation_type, data, got.pvalue, want.pvalue))
    # N-d data along each axis, a statistic vectorized or not, a sample broadcast
    x, y = rng.normal(size=(2, 4, 3)), rng.normal(size=(5, 1))
    for axis in (-2, 1):
        for vectorized in (True, False):
            def statistic(a, b, axis=None):
                return np.mean(a, axis=axis) - np.median(b, axis=axis)
            with np.errstate(all="ignore"):
                want = stats.permutation_test((x, y), statistic, vectorized=vectorized, axis=axis,
                                              n_resamples=np.inf)
                got = ks.permutation_test((x, y), statistic, vectorized=vectorized, axis=axis, batch=50)
            cases += 1
            if not (agrees(got, want) and got.statistic.shape == (2, 3) and got.less.shape == (2, 3)):
                bad.append("N-d, axis %d, vectorized %s: p %r, scipy's %r"
                           % (axis, vectorized, got.pvalue, want.pvalue))
    report(not bad, "a Python statistic = scipy's exact test (statistic, p-value, null distribution) in %d random "
           "cases, every permutation type, N-d data%s" % (cases, "".join("\n# " + b for b in bad[:5])))


def against_built_ins():
    """a Python statistic that is a built-in one gives its counts in
    tolerance mode (scipy 1.10's band): mean_difference's (counted on the
    host), and for Welch's t, Pearson's r and the paired t those of the
    brute force of reference.py in its 'scipy-1.10' mode (exact values
    rounded once), which tests/test_stats.py holds the built-ins to"""
    rng, bad, band = np.random.default_rng(SEED + 1), [], (1e-14, 1e-14)
    fields = ("less", "equal", "greater", "abs_ge")

    def check(name, data, statistic, want, permutation_type):
        got = ks.permutation_test(data, statistic, permutation_type=permutation_type)
        if isinstance(want, str):
            want = ks.permutation_test(data, want, permutation_type=permutation_type, tolerance=band)
        if any(int(getattr(got, f)) != getattr(want, f) for f in fields):
            bad.append("%s %s: %s, want %s" % (name, data, [getattr(got, f) for f in fields],
                                                [getattr(want, f) for f in fields]))

    for _ in range(12):
        x, y, z = rng.integers(-4, 5, 6).tolist(), rng.integers(-4, 5, 5).tolist(), rng.integers(-4, 5, 6).tolist()
        check("mean difference", (x, y), lambda a, b, axis: np.mean(a, axis=axis) - np.mean(b, axis=axis),
              "mean_difference", "independent")
        check("one-sample mean", (x,), lambda d, axis: np.mean(d, axis=axis), "mean_difference", "samples")
        check("paired mean difference", (x, z), lambda a, b, axis: np.mean(a - b, axis=axis),
              "mean_difference", "samples")
        if len(set(x + y)) > 1:
            check("Welch's t", (x, y), lambda a, b, axis: stats.ttest_ind(a, b, equal_var=False, axis=axis).statistic,
                  ref.independent([x, y], ref.WELCH_T, mode="scipy-1.10"), "independent")
        if len(set(x)) > 1 and len(set(z)) > 1:
            check("Pearson's r", (z,), lambda b: np.corrcoef(x, b)[0, 1],
                  ref.pairings(x, z, ref.PEARSON_R, mode="scipy-1.10"), "pairings")
        d = [a - b for a, b in zip(x, z)]
        if any(d):
            check("one-sample t", (d,), lambda v, axis: stats.ttest_1samp(v, 0, axis=axis).statistic,
                  ref.paired(x, z, ref.PAIRED_T, mode="scipy-1.10"), "samples")
    report(not bad, "a Python statistic's counts in tolerance mode = mean_difference's; Welch's t, Pearson's r and "
           "the one-sample t = the brute force's (12 random cases each, ties)%s" % "".join("\n# " + b for b in bad[:5]))


def sampled():
    """n_resamples below the count: uniform random rearrangements, the same
    for the same seed, scipy's p-value with its +1"""
    x, y = [1.0, 2.0, 3.0], [4.0, 5.0, 6.0]

    def first_sum(a, b, axis):
        return np.sum(a, axis=axis)

    res = ks.permutation_test((x, y), first_sum, n_resamples=19, rng=1)
    again = ks.permutation_test((x, y), first_sum, n_resamples=19, random_state=np.random.default_rng(1))
    other = ks.permutation_test((x, y), first_sum, n_resamples=19, rng=2, batch=5)
    batched = ks.permutation_test((x, y), first_sum, n_resamples=19.0, rng=1, batch=4)  # scipy takes 19.0 too
    report(res.sampled and not res.exact and res.n_resamples == 19 and res.n_rearrangements == 20
           and res.null_distribution.shape == (19,) and np.array_equal(res.null_distribution, again.null_distribution)
           and np.array_equal(res.null_distribution, batched.null_distribution)
           and not np.array_equal(res.null_distribution, other.null_distribution)
           and res.pvalue_less == (res.less + res.equal + 1) / 20 and sum(res.histogram) == 19,
           "n_resamples=19 of 20 splits: 19 drawn, sampled, not exact, the same for the same seed and any batch, "
           "(count + 1) / 20")
    whole = ks.permutation_test((x, y), first_sum, n_resamples=20, rng=7)
    report(not whole.sampled and whole.n_resamples == 20 and whole.pvalue_less == (whole.less + whole.equal) / 20,
           "n_resamples = the number of rearrangements counts them all, once each (sampled False, no +1)")
    # integers: a first sum is the same double whatever the order of its terms
    draws, pooled = 40000, list(range(18))
    sampled_big = ks.permutation_test((pooled[:9], pooled[9:]), first_sum, n_resamples=draws, rng=7)
    exact_big = ks.permutation_test((pooled[:9], pooled[9:]), first_sum)
    values, want = np.unique(exact_big.null_distribution, return_counts=True)
    got = np.array([np.count_nonzero(sampled_big.null_distribution == v) for v in values])
    expected = want / exact_big.n_rearrangements * draws
    chi2 = float(np.sum((got - expected) ** 2 / expected))
    dof = len(values) - 1
    report(chi2 < dof + 6 * math.sqrt(2 * dof),
           "%d random splits of 9 + 9: the first sum's %d values as often as among all 48620 (chi2 %.1f, %d dof)"
           % (draws, len(values), chi2, dof))


def strata_brute_force(samples, labels, statistic):
    """(less, equal, greater, total) of statistic(*groups) over every
    labelling that moves labels only within strata (each stratum's distinct
    orders of its own group labels), in fractions"""
    from fractions import Fraction
    import itertools
    values = [Fraction(v) for s in samples for v in s]
    group = [g for g, s in enumerate(samples) for _ in s]
    strata = [h for hs in labels for h in hs]
    members = {h: [i for i, k in enumerate(strata) if k == h] for h in sorted(set(strata))}
    choices = [sorted(set(itertools.permutations([group[i] for i in at]))) for at in members.values()]

    def stat(labelling):
        return statistic(*([values[i] for i in range(len(values)) if labelling[i] == g] for g in range(len(samples))))

    observed, counts = stat(group), [0, 0, 0]
    for choice in itertools.product(*choices):
        labelling = [0] * len(values)
        for at, part in zip(members.values(), choice):
            for i, g in zip(at, part):
                labelling[i] = g
        t = stat(labelling)
        counts[0 if t < observed else 1 if t == observed else 2] += 1
    return counts + [math.prod(len(c) for c in choices)]


def within_strata():
    """a Python statistic of 2 or 3 samples within strata: every labelling
    within the strata, as a brute force here counts it; random ones drawn
    within them; with 'samples' strata change nothing"""
    import itertools
    import random
    from fractions import Fraction
    rng = random.Random(SEED)

    def between(*groups):  # the sum over groups of n_g * mean_g^2: one-way ANOVA's F grows with it
        return sum(Fraction(sum(g)) ** 2 / len(g) for g in groups)

    def between_np(*groups, axis):
        return sum(np.sum(g, axis=axis) ** 2 / g.shape[axis] for g in groups)

    bad, cases = [], 0
    while cases < 30:
        k = 2 + cases % 2
        samples = [[rng.randint(0, 4) for _ in range(rng.randint(2, 5))] for _ in range(k)]
        labels = [[rng.choice("abc") for _ in s] for s in samples]
        want = strata_brute_force(samples, labels, between)
        r = ks.permutation_test(samples, between_np, strata=labels, tolerance=1e-9, bins=0)
        got = [r.less, r.equal, r.greater, r.n_rearrangements]
        cases += 1
        if got != want:
            bad.append("%s strata %s: %s, not %s" % (samples, labels, got, want))
    report(not bad, "30 random cases of 2 and 3 samples in up to 3 strata, ties: a Python statistic's counts within "
           "strata equal a brute force's%s" % "".join("\n# " + b for b in bad[:3]))
    # integers: a first sum is the same double whatever the order of its terms
    x, y = [rng.randint(0, 30) for _ in range(12)], [rng.randint(5, 35) for _ in range(12)]
    sx = sy = [h for h in "uvw" for _ in range(4)]

    def first_sum(a, b, axis):
        return np.sum(a, axis=axis)

    exact = ks.permutation_test((x, y), first_sum, strata=(sx, sy))
    drawn = ks.permutation_test((x, y), first_sum, strata=(sx, sy), n_resamples=20000, rng=3)
    # the sums within strata: each stratum's 4 of x from its own 8 values
    reachable = {0}
    for h in range(3):
        pool = x[4 * h:4 * h + 4] + y[4 * h:4 * h + 4]
        reachable = {r + sum(c) for r in reachable for c in itertools.combinations(pool, 4)}
    p = exact.pvalue_greater
    report(exact.n_rearrangements == math.comb(8, 4) ** 3 and drawn.sampled and drawn.n_resamples == 20000
           and set(exact.null_distribution.tolist()) == reachable
           and set(drawn.null_distribution.tolist()) <= reachable
           and abs(drawn.pvalue_greater - p) < 4 * math.sqrt(p * (1 - p) / 20000) + 1e-4,
           "a Python statistic within 3 strata of 4 + 4: all 70^3 labellings; 20000 random ones drawn within the "
           "strata (p_greater %.4f, exact %.4f)" % (drawn.pvalue_greater, p))
    bad = []
    for _ in range(8):  # pairings: every sample's order within the strata of pairs, (prod n_h!)^2 orders
        n = rng.randint(3, 6)
        px, py = [rng.randint(0, 4) for _ in range(n)], [rng.randint(0, 4) for _ in range(n)]
        ps = [rng.choice("pq") for _ in range(n)]
        if len(set(px)) == 1 or len(set(py)) == 1:
            continue
        built = ks.permutation_test((px, py), "pearson_r", permutation_type="pairings", strata=(ps, ps), bins=0)
        mine = ks.permutation_test((px, py), lambda a, b, axis: np.sum(a * b, axis=axis), permutation_type="pairings",
                                   strata=(ps, ps), bins=0)
        f = math.prod(math.factorial(ps.count(h)) for h in set(ps))  # y's orders for each of x's
        if [mine.less, mine.equal, mine.greater, mine.n_rearrangements] != \
                [built.less * f, built.equal * f, built.greater * f, built.n_rearrangements * f]:
            bad.append("%s %s %s" % (px, py, ps))
    report(not bad, "pairings within strata: a Python statistic's counts are pearson_r's within the same strata, times "
           "x's own orders%s" % "".join("\n# " + b for b in bad[:3]))
    pairs = ks.permutation_test((x, y), lambda a, b, axis: np.mean(a - b, axis=axis), permutation_type="samples",
                                strata=(sx, sy))
    report(pairs.n_rearrangements == 2 ** 12, "with permutation_type='samples' strata change nothing (2^12 swaps)")


def refusals():
    x, y = [1.0, 2.0, 3.0], [4.0, 5.0, 6.5]

    def mean(d, axis):
        return np.mean(d, axis=axis)

    cases = [
        ("welch_t of one sample", ((x,), "welch_t"), dict(permutation_type="samples"), ValueError, "one sample"),
        ("vectorized with a name", ((x, y), "mean_difference"), dict(vectorized=True), ValueError, "Python statistic"),
        ("axis with a name", ((x, y), "mean_difference"), dict(axis=1), ValueError, "1-d samples"),
        ("n_resamples 0", ((x, y), mean), dict(n_resamples=0), ValueError, "n_resamples"),
        ("n_resamples 2.5", ((x, y), mean), dict(n_resamples=2.5), ValueError, "n_resamples"),
        ("n_resamples NaN", ((x, y), mean), dict(n_resamples=math.nan), ValueError, "n_resamples"),
        ("n_resamples True", ((x, y), mean), dict(n_resamples=True), ValueError, "n_resamples"),
        ("a bad seed", ((x, y), lambda a, b: 0.0), dict(n_resamples=5, rng="seed"), ValueError, "rng"),
        ("rng and random_state", ((x, y), lambda a, b: 0.0), dict(n_resamples=5, rng=1, random_state=1), ValueError,
         "one of them"),
        ("axis out of range", ((x, y), lambda a, b: 0.0), dict(axis=1), ValueError, "axis"),
        ("pairings of two lengths", ((x, y[:2]), lambda a, b: 0.0), dict(permutation_type="pairings"), ValueError,
         "same length"),
        ("one sample, independent", ((x,), mean), {}, ValueError, "two or more samples"),
        ("a number for a statistic", ((x, y), 42), {}, TypeError, "Python callable"),
        ("words for data", ((["a", "b"], y), lambda a, b: 0.0), {}, TypeError, "numbers"),
        ("NaN observed", ((x, y), lambda a, b: math.nan), {}, ValueError, "nan"),
        ("too many to enumerate", ((list(range(30)), list(range(30))), lambda a, b: 0.0), {}, ValueError,
         "n_resamples"),
        ("bad batch", ((x, y), lambda a, b: 0.0), dict(batch=0), ValueError, "batch"),
    ]
    bad = []
    for name, (data, statistic), kwargs, kind, text in cases:
        try:
            ks.permutation_test(data, statistic, **kwargs)
            bad.append("%s: no error" % name)
        except Exception as e:  # noqa: BLE001 - the kind is checked
            if not isinstance(e, kind) or text not in str(e) or "\n" in str(e):
                bad.append("%s: %s: %s" % (name, type(e).__name__, e))
    report(not bad, "every refusal (%d) raises its exception with a one-line message%s"
           % (len(cases), "".join("\n# " + b for b in bad)))


doc_examples()
zea_mays()
against_scipy()
against_built_ins()
sampled()
within_strata()
refusals()
sys.exit(1 if report.failed else 0)
