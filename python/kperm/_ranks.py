"""Rank statistics with ties (midranks) for kperm.stats.permutation_test,
counted as a built-in statistic of integer scores, 2*midrank (a tie block
at sorted positions i..j, from 1, scores i + j):

  mann_whitney   scipy.stats.mannwhitneyu's U of the first sample: the
                 mean_difference D of the scores; U = a*D + b, a = n1 n2/(2N).
  wilcoxon       T+, the midranks of |d| summed over d = x - y > 0, zeros
                 ranked with the others and contributing nothing (Pratt, R
                 coin's wilcoxsign_test default): the mean_difference of the
                 pairs (sign(d)*score(|d|), 0) under swaps, T+ = n D/4 + sum|s|/4.
  kruskal_wallis scipy.stats.kruskal's H (tie corrected) = (N-1) SSB/SST,
                 increasing in anova_f's F of the scores (SST is fixed):
                 H = (N-1) F(k-1) / (F(k-1) + N-k).

  jonckheere_terpstra  JT = sum_{i<j} U_ij (ties 1/2), the samples in their
                 order; greater = increasing.

kruskal_wallis (method 'auto', where its program fits) and
jonckheere_terpstra are counted by _rank_dp's dynamic programs over the tie
blocks, on the data's exact decimals (within strata, which the programs
do not take, Kruskal-Wallis is enumerated and Jonckheere-Terpstra counted
as a Python statistic on the host). Each of the first three is an
increasing function of the one counted, so the counts
are that statistic's (on the device, or by the shift algorithm / meet in the
middle); the statistic, null range and bin edges are mapped back."""
import dataclasses
from fractions import Fraction

from . import _exact_data, _rank_dp

STATISTICS = {"mann_whitney": ("mean_difference", ("independent",)),
              "wilcoxon": ("mean_difference", ("samples",)),
              "kruskal_wallis": ("anova_f", ("independent",)),
              "jonckheere_terpstra": (None, ("independent",))}  # _rank_dp's program alone


def signed_scores(d):
    """sign(d_i) * 2 * the midrank of |d_i| among all |d| (Pratt: the zeros
    ranked too, scoring 0): the Wilcoxon signed-rank scores of differences d"""
    ranks = _rank_dp.midrank_scores([abs(x) for x in d])
    return [r if x > 0 else -r if x < 0 else 0 for r, x in zip(ranks, d)]


class _Map:
    """the rank statistic of the counted one, value(x), and back, kernel(v)"""

    def __init__(self, name, n, sizes, magnitude=0):
        self.name, n = name, Fraction(n)
        if name == "mann_whitney":
            n1, n2 = sizes
            self.a = Fraction(n1 * n2) / (2 * n)
            self.b = self.a * n * (n + 1) / n2 - Fraction(n1 * (n1 + 1), 2)
        elif name == "wilcoxon":
            self.a, self.b = n / 4, Fraction(magnitude, 4)
        else:
            self.n, self.k = n, len(sizes)

    def value(self, x):
        if x != x:  # nan: none
            return x
        if self.name != "kruskal_wallis":
            return round(2 * float(self.a * Fraction(x) + self.b)) / 2  # U and T+ are whole or half
        if x == float("inf"):
            return float(self.n - 1)
        return float((self.n - 1) * Fraction(x) * (self.k - 1) / (Fraction(x) * (self.k - 1) + self.n - self.k))

    def edge(self, x):
        """a bin edge: as value, not rounded"""
        if self.name != "kruskal_wallis":
            return float(self.a * Fraction(x) + self.b)
        return self.value(x)

    def kernel(self, v):
        if self.name != "kruskal_wallis":
            return float((Fraction(v) - self.b) / self.a)
        v = Fraction(v)
        return float("inf") if v >= self.n - 1 else float(v * (self.n - self.k) / ((self.k - 1) * (self.n - 1 - v)))


def _scores(name, samples):
    """(the samples as scores, the map back)"""
    ints = _exact_data.read(samples)[0]
    if name == "wilcoxon":
        if len(ints) == 1:  # scipy's one-sample form: d itself
            d = ints[0]
        elif len(ints) == 2 and len(ints[0]) == len(ints[1]):
            d = [x - y for x, y in zip(*ints)]
        else:
            raise ValueError("statistic 'wilcoxon': pairs (x, y) of the same length, or the differences (d,)")
        s = signed_scores(d)
        return [s, [0] * len(s)], _Map(name, len(s), None, sum(abs(v) for v in s))
    sizes = [len(x) for x in ints]
    if name == "mann_whitney" and len(sizes) != 2:
        raise ValueError("statistic 'mann_whitney' compares two samples, not %d" % len(sizes))
    scores = _rank_dp.midrank_scores([v for sample in ints for v in sample])
    if name == "kruskal_wallis" and len(set(scores)) == 1:
        raise ValueError("statistic 'kruskal_wallis': H is 0/0 for data whose values are all equal")
    split, at = [], 0
    for size in sizes:
        split.append(scores[at:at + size])
        at += size
    return split, _Map(name, at, sizes)


def _jt_within_strata(permutation_test, samples, strata, hist_range, options):
    """jonckheere_terpstra within strata: its program counts labellings of
    the whole data, so those within the strata are enumerated (or drawn) on
    the host as a Python statistic's are (_callable), of JT - E(JT) so that
    abs_ge is |JT - E(JT)| at least the observed; then shifted back"""
    import numpy as np

    sizes = [len(s) for s in samples]
    centre = sum(a * b for i, a in enumerate(sizes) for b in sizes[i + 1:]) / 2  # E(JT): an exact half-integer

    def centred(*groups, axis):
        groups = [np.moveaxis(g, axis, -1) for g in groups]
        jt = 0
        for i, a in enumerate(groups):
            for b in groups[i + 1:]:
                x, y = a[..., :, None], b[..., None, :]
                jt = jt + np.sum((x < y) + 0.5 * (x == y), axis=(-2, -1))
        return jt - centre  # half-integers: exact in doubles

    shifted = None if hist_range is None else tuple(v - centre for v in hist_range)
    options = {k: v for k, v in options.items() if k not in ("method", "backend", "device")}
    res = permutation_test(samples, centred, strata=strata, vectorized=True, hist_range=shifted, **options)
    # compared within scipy's 1e-14 * |JT - E|: half-integers apart, so the counts are exact where not drawn
    return dataclasses.replace(res, statistic=res.statistic + centre, null_min=res.null_min + centre,
                               null_max=res.null_max + centre, bin_edges=[e + centre for e in res.bin_edges],
                               null_distribution=res.null_distribution + centre, exact=not res.sampled,
                               tolerance=0.0, method="python within strata")


def test(permutation_test, data, name, permutation_type, hist_range, tolerance, strata, result, **options):
    """permutation_test(data, name, ...) for a rank statistic name: the
    counted statistic's result, its statistic, null range and bin edges
    given as the rank statistic's"""
    if permutation_type not in STATISTICS[name][1]:
        raise ValueError("statistic %r goes with permutation_type %r, not %r"
                         % (name, STATISTICS[name][1][0], permutation_type))
    if tolerance is not None:
        raise ValueError("statistic %r: ranks are compared exactly (no tolerance)" % name)
    try:
        samples = [list(s) for s in data]
    except TypeError:
        raise TypeError("data: a sequence of samples, each a sequence of numbers") from None
    if name == "jonckheere_terpstra" and options["method"] != "auto":
        raise ValueError("statistic 'jonckheere_terpstra' is counted by its dynamic program: method 'auto'")
    if name == "jonckheere_terpstra" and strata is not None:
        return _jt_within_strata(permutation_test, samples, strata, hist_range, options)
    # Kruskal-Wallis' program counts labellings of the whole data: within strata they are enumerated
    if name in ("jonckheere_terpstra", "kruskal_wallis") and options["method"] == "auto" and strata is None:
        if options["n_resamples"] is not None or hist_range is not None:
            raise ValueError("statistic %r by its dynamic program: no n_resamples and no hist_range" % name)
        try:
            return _rank_dp.test(result, _exact_data.read(samples)[0], name, options["alternative"],
                                 options["bins"])
        except ValueError as e:  # Kruskal-Wallis' program too big, or H 0/0: enumeration's turn (it says which)
            if name == "jonckheere_terpstra" or options["method"] != "auto":
                raise
            program_refused = str(e)
    scores, to = _scores(name, samples)
    if hist_range is not None:
        hist_range = tuple(to.kernel(v) for v in hist_range)
    try:
        res = permutation_test(scores, STATISTICS[name][0], permutation_type=permutation_type,
                               hist_range=hist_range, strata=strata, **options)
    except ValueError as e:  # where the program was tried first, both refusals
        if name != "kruskal_wallis" or options["method"] != "auto":
            raise
        raise ValueError("%s; and enumeration: %s" % (program_refused, e)) from None
    return dataclasses.replace(res, statistic=to.value(res.statistic), null_min=to.value(res.null_min),
                               null_max=to.value(res.null_max), bin_edges=[to.edge(e) for e in res.bin_edges],
                               decimals=0)

