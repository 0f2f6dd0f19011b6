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
                 order; greater = increasing: a dynamic program over tie
                 blocks (jonckheere_distribution), no enumeration.

Each of the first three is an increasing function of the one counted, so the counts
are that statistic's (on the device, or by the shift algorithm / meet in the
middle); the statistic, null range and bin edges are mapped back."""
import dataclasses
import math
from fractions import Fraction

from . import _exact_data

STATISTICS = {"mann_whitney": ("mean_difference", ("independent",)),
              "wilcoxon": ("mean_difference", ("samples",)),
              "kruskal_wallis": ("anova_f", ("independent",)),
              "jonckheere_terpstra": (None, ("independent",))}  # its own dynamic program
MEMORY = 1 << 28  # bytes the dynamic program's tables may take


def midrank_scores(values):
    """2 * the midrank of each value among values (ties share theirs)"""
    order = sorted(range(len(values)), key=lambda i: values[i])
    scores = [0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and values[order[j]] == values[order[i]]:
            j += 1
        for t in range(i, j):
            scores[order[t]] = i + j + 1  # positions i+1 .. j
        i = j
    return scores


def signed_scores(d):
    """sign(d_i) * 2 * the midrank of |d_i| among all |d| (Pratt: the zeros
    ranked too, scoring 0): the Wilcoxon signed-rank scores of differences d"""
    ranks = midrank_scores([abs(x) for x in d])
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
    scores = midrank_scores([v for sample in ints for v in sample])
    if name == "kruskal_wallis" and len(set(scores)) == 1:
        raise ValueError("statistic 'kruskal_wallis': H is 0/0 for data whose values are all equal")
    split, at = [], 0
    for size in sizes:
        split.append(scores[at:at + size])
        at += size
    return split, _Map(name, at, sizes)


def test(permutation_test, data, name, permutation_type, hist_range, tolerance, strata, result, **options):
    """permutation_test(data, name, ...) for a rank statistic name: the
    counted statistic's result, its statistic, null range and bin edges
    given as the rank statistic's"""
    if permutation_type not in STATISTICS[name][1]:
        raise ValueError("statistic %r goes with permutation_type %r, not %r"
                         % (name, STATISTICS[name][1][0], permutation_type))
    if tolerance is not None or strata is not None:
        raise ValueError("statistic %r: ranks are compared exactly (no tolerance) and not within strata yet" % name)
    try:
        samples = [list(s) for s in data]
    except TypeError:
        raise TypeError("data: a sequence of samples, each a sequence of numbers") from None
    if name == "jonckheere_terpstra":
        if len(samples) < 2 or min(map(len, samples)) < 1 or options["method"] not in ("auto", "dynamic program"):
            raise ValueError("statistic 'jonckheere_terpstra': two or more ordered samples, method 'auto'")
        if options["n_resamples"] is not None:
            raise ValueError("statistic 'jonckheere_terpstra' is counted exactly: n_resamples None")
        return jonckheere_test(samples, options["alternative"], options["bins"], hist_range, result)
    scores, to = _scores(name, samples)
    if hist_range is not None:
        hist_range = tuple(to.kernel(v) for v in hist_range)
    res = permutation_test(scores, STATISTICS[name][0], permutation_type=permutation_type, hist_range=hist_range,
                           **options)
    return dataclasses.replace(res, statistic=to.value(res.statistic), null_min=to.value(res.null_min),
                               null_max=to.value(res.null_max), bin_edges=[to.edge(e) for e in res.bin_edges],
                               decimals=0)


def _compositions(t, k):
    """every (t_1, ..., t_k) of non-negative ints summing to t"""
    if k == 1:
        yield (t,)
        return
    for first in range(t + 1):
        for rest in _compositions(t - first, k - 1):
            yield (first,) + rest


def jonckheere_distribution(samples):
    """(2*JT observed, counts): counts[v] = the labellings (group sizes
    kept) whose 2*JT is v, JT = sum_{i<j} #(x in group i < y in group j) +
    #(ties)/2. A dynamic program over the tie blocks of the sorted pooled
    values, state = (how many of each group so far, 2*JT so far): a block
    of t tied values put t_j into group j adds
    sum_j t_j (2 * (the earlier groups' count so far) + the earlier groups'
    t_i), in C(t; t_1..t_k) ways."""
    import numpy as np

    ints = _exact_data.read(samples)[0]
    sizes = [len(g) for g in ints]
    k, pooled = len(sizes), sorted(v for g in ints for v in g)
    pairs = sum(sizes[i] * sizes[j] for i in range(k) for j in range(i + 1, k))
    total = math.factorial(len(pooled))
    for s in sizes:
        total //= math.factorial(s)
    states = math.prod(s + 1 for s in sizes)
    if total >= 2 ** 64:
        raise ValueError("jonckheere_terpstra: %d labellings: the dynamic program counts in 64 bits" % total)
    if states * (2 * pairs + 1) * 8 * 2 > MEMORY:
        raise ValueError("jonckheere_terpstra: the dynamic program would need %d MiB (%d states of %d values), more "
                         "than %d MiB" % (states * (2 * pairs + 1) * 16 >> 20, states, 2 * pairs + 1, MEMORY >> 20))
    observed = sum(2 * (x < y) + (x == y) for i in range(k) for j in range(i + 1, k) for x in ints[i] for y in ints[j])
    length = 2 * pairs + 1
    dp = {(0,) * k: np.zeros(length, dtype=np.uint64)}
    dp[(0,) * k][0] = 1
    at = 0
    while at < len(pooled):
        t = pooled.count(pooled[at])
        at += t
        ways = [(c, math.factorial(t) // math.prod(math.factorial(x) for x in c)) for c in _compositions(t, k)]
        grown = {}
        for state, counts in dp.items():
            below = [sum(state[:j]) for j in range(k)]  # the earlier groups' values so far
            for comp, multiplicity in ways:
                new = tuple(s + c for s, c in zip(state, comp))
                if any(x > n for x, n in zip(new, sizes)):
                    continue
                step = sum(comp[j] * (2 * below[j] + sum(comp[:j])) for j in range(k))
                into = grown.setdefault(new, np.zeros(length, dtype=np.uint64))
                into[step:] += counts[:length - step] * np.uint64(multiplicity)
        dp = grown
    return observed, dp[tuple(sizes)], pairs


def jonckheere_test(samples, alternative, bins, hist_range, result):
    """permutation_test(samples, 'jonckheere_terpstra'): counted by the
    dynamic program; result(observed, counters, total, alternative,
    **fields) makes the result"""
    import numpy as np

    observed, counts, pairs = jonckheere_distribution(samples)
    values = np.nonzero(counts)[0]
    total = int(counts.sum())
    less, equal = int(counts[:observed].sum()), int(counts[observed])
    centre = np.abs(np.arange(len(counts)) - pairs)  # |2JT - 2E(JT)|, E(JT) = pairs / 2
    abs_ge = int(counts[centre >= abs(observed - pairs)].sum())
    lo, hi = values[0] / 2, values[-1] / 2
    hist, edges = [], []
    if bins:
        lo_edge, hi_edge = hist_range if hist_range is not None else (lo, hi if hi > lo else lo + 1)
        edges = [float(e) for e in np.linspace(lo_edge, hi_edge, bins + 1)]
        where = np.clip(((values / 2 - lo_edge) * (bins / (hi_edge - lo_edge))).astype(np.int64), 0, bins - 1)
        hist = np.zeros(bins, dtype=np.uint64)
        np.add.at(hist, where, counts[values])
        hist = [int(h) for h in hist]
    return result(observed / 2, (less, equal, total - less - equal, abs_ge, 0, 0), total, alternative, exact=True,
                  tolerance=0.0, decimals=0, null_min=float(lo), null_max=float(hi), histogram=hist, bin_edges=edges,
                  device="host (numpy, dynamic program)", method="dynamic program")
