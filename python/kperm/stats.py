"""kperm.stats: exact permutation tests with scipy.stats.permutation_test's
API, every rearrangement of the data enumerated on the device (CuPy on a GPU,
or PyOpenCL on any OpenCL device) and none ever stored.

    import kperm.stats
    res = kperm.stats.permutation_test((x, y), "mean_difference")
    res.pvalue, res.less, res.equal, res.greater, res.histogram

docs/stats.md says what is computed and how exactly; stats_kernel.h holds
the kernels. mean_difference, linear in one sum, is counted on the host
instead where _linear's shift algorithm or meet in the middle is cheaper
(method='auto'). Imports numpy, and CuPy or PyOpenCL when a test runs."""
import dataclasses
import math
import numbers
import re
import sys
from fractions import Fraction
from typing import List

from . import _callable, _exact_data, _linear, _ranks, _regression, _resample, _strata, _stats_device

# built-in statistics: their code in stats_kernel.h (PS_STAT) and the
# permutation types they go with
STATISTICS = {"mean_difference": (1, ("independent", "samples")), "welch_t": (2, ("independent", "samples")),
              "variance_ratio": (3, ("independent", "samples")), "anova_f": (4, ("independent",)),
              "pearson_r": (5, ("pairings",)), "kendall_tau": (6, ("pairings",))}
_USER = 7
_TWO, _FLIPS, _GROUPS, _PAIRINGS = 1, 2, 3, 4  # PS_WALK
_NAN = 2  # PS_NAN
_MAX_N = {_TWO: 64, _GROUPS: 64, _FLIPS: 63, _PAIRINGS: 20}
_SAMPLE_MAXN = 128  # two samples drawn from at random (stats_kernel.h's PS_SAMPLE_MAXN)
DEFAULT_TOLERANCE = 100 * sys.float_info.epsilon  # relative, for statistics compared in floating point
MAX_BINS = 1024
METHODS = ("auto", "enumerate", "shift", "mitm")
_HOST_DEVICE = {"shift": "host (numpy, shift algorithm)", "mitm": "host (numpy, meet in the middle)"}
C_SIGNATURE = "double statistic(const double *x, const int *start, int k)"
_UNIT_SHIFT = 256  # mean_difference's unit past the doubles (_mean_scale)


@dataclasses.dataclass(frozen=True)
class PermutationTestResult:
    """What permutation_test found. The counts are exact and add up to
    n_resamples: less + equal + greater + undefined (0/0 values, compared
    with nothing). p-values are count / n_rearrangements, as scipy's exact
    test gives them; when sampled, (count + 1) / (n_resamples + 1), scipy's
    for random rearrangements. For a Python statistic of N-d data the
    statistic, p-values and counts are arrays of its shape."""
    statistic: float         # the observed statistic
    pvalue: float            # for the alternative asked
    pvalue_less: float       # (less + equal) / n
    pvalue_greater: float    # (greater + equal) / n
    pvalue_two_sided: float  # min(1, 2 * min(pvalue_less, pvalue_greater)): scipy's two-sided
    pvalue_abs: float        # abs_ge / n: |statistic| >= |observed|
    less: int
    equal: int
    greater: int
    abs_ge: int
    in_band: int             # counted equal only through the tolerance (0 when exact)
    undefined: int
    n_rearrangements: int
    exact: bool              # every rearrangement counted and compared exactly (else sampled, or within `tolerance`)
    tolerance: float         # the band's half-width around the observed value (0.0 when exact)
    decimals: int            # d: the data were read as integers times 10**-d
    null_min: float          # least and greatest finite value of the null distribution (nan: none)
    null_max: float
    histogram: List[int]     # the null distribution's counts in bins ...
    bin_edges: List[float]   # ... between these edges (len(histogram) + 1 of them)
    device: str
    method: str              # how they were counted: 'enumerate' (on the device), 'shift' or 'mitm' (on the host),
    #                          'python' (a Python statistic on the host)
    sampled: bool = False    # random rearrangements drawn (Monte Carlo), not every one enumerated
    n_resamples: int = None  # the rearrangements counted: n_rearrangements unless sampled
    null_distribution: object = None  # a Python statistic's values (a numpy array, one row a rearrangement), else None

    def __post_init__(self):
        if self.n_resamples is None:
            object.__setattr__(self, "n_resamples", self.n_rearrangements)


def _samples(data):
    try:
        if isinstance(data, (str, bytes, bytearray)) or any(isinstance(s, (str, bytes, bytearray)) for s in data):
            raise TypeError  # a sequence of characters or bytes: their codes are no data
        return [list(sample) for sample in data]
    except TypeError:
        raise TypeError("data: a sequence of samples, each a sequence of numbers (not str or bytes)") from None


def _statistic(statistic):
    """(code, C body or None) of a statistic name or C source"""
    if not isinstance(statistic, str):
        raise TypeError("statistic: a built-in name (%s), C source as a str, or a Python callable, not %s"
                        % (", ".join(STATISTICS), type(statistic).__name__))
    if re.fullmatch(r"\s*[A-Za-z_]\w*\s*", statistic):
        name = statistic.strip()
        if name not in STATISTICS:
            raise ValueError("statistic: unknown name %r; the built-in ones are %s, or give the body of the C "
                             "function %s" % (name, ", ".join(STATISTICS), C_SIGNATURE))
        return STATISTICS[name][0], None
    return _USER, statistic


def _walk(samples, code, permutation_type):
    """(walk, sizes, number of rearrangements) for the data's shape (its
    size is checked by _check_size once the method is known)"""
    sizes = [len(s) for s in samples]
    name = {v[0]: k for k, v in STATISTICS.items()}.get(code)
    if name and permutation_type not in STATISTICS[name][1]:
        raise ValueError("statistic %r goes with permutation_type %s, not %r"
                         % (name, " or ".join(map(repr, STATISTICS[name][1])), permutation_type))
    if min(sizes, default=0) < 2 or len(sizes) < 2:
        raise ValueError("data: two or more samples of two or more observations each")
    n = sum(sizes)
    if permutation_type == "independent":
        if code in (1, 2, 3) and len(sizes) != 2:
            raise ValueError("statistic %r compares two samples, not %d" % (name, len(sizes)))
        walk = _TWO if len(sizes) == 2 and code != 4 else _GROUPS
        count = math.factorial(n)
        for s in sizes:
            count //= math.factorial(s)
    else:
        if len(sizes) != 2 or sizes[0] != sizes[1]:
            raise ValueError("permutation_type %r: two samples of the same length" % permutation_type)
        n = sizes[0]
        walk = _FLIPS if permutation_type == "samples" else _PAIRINGS
        count = 2 ** n if walk == _FLIPS else math.factorial(n)
    return walk, sizes, count


def _check_size(walk, sizes, strata, drawn=False):
    """refuses data too large for the kernels, which enumerate or draw (two
    samples are drawn from up to _SAMPLE_MAXN): the host's counts
    (mean_difference and the rank statistics of its kind) take any size
    their memory allows"""
    paired = walk in (_FLIPS, _PAIRINGS)
    n = sizes[0] if paired else sum(sizes)
    most = _SAMPLE_MAXN if drawn and walk == _TWO and not strata else _MAX_N[walk]
    if n > most:
        raise ValueError("data: %d %s; at most %d %swhere rearrangements are %s (mean_difference, mann_whitney and "
                         "wilcoxon of two samples or pairs are counted at any size that fits %d MiB%s)"
                         % (n, "pairs" if paired else "observations", most, "within strata " if strata else "",
                            "drawn" if drawn else "enumerated or drawn", _linear.MEMORY >> 20,
                            "; two samples are drawn from up to %d" % _SAMPLE_MAXN if walk == _TWO and most < _SAMPLE_MAXN
                            else ""))


def _mean_scale(n1n2, decimals):
    """mean_difference's (scale, unit), x = key * unit / scale
    (samples/ptest/ptest_terms.c's mean_scale): unit 1 where n1*n2*10**d is
    a double, else 2**-256 and the scale as much smaller, so that x keeps
    its digits down to the least double"""
    try:
        return float(n1n2 * 10 ** decimals), 1.0
    except OverflowError:
        return float(Fraction(n1n2 * 10 ** decimals, 2 ** _UNIT_SHIFT)), 2.0 ** -_UNIT_SHIFT


def _kernel_terms(code, walk, ints, decimals, sizes, tolerance):
    """(exact, wide, scale, unit, aux): how the kernel compares and scales;
    raises ValueError where the statistic is undefined for every
    rearrangement"""
    flat = [v for s in ints for v in s]
    biggest, abs_sum, squares = max(map(abs, flat)), sum(map(abs, flat)), sum(v * v for v in flat)
    # 64-bit sums of squares and cross products where n times one cannot pass
    # 2^62 (stats_kernel.h: Welch's terms then fit 64 bits too)
    wide = (len(flat) + 2) ** 2 * biggest ** 2 >= 2 ** 62
    exact, aux, unit = tolerance is None and code != _USER, [0] * len(sizes), 1.0
    n1, n2 = (sizes[0], sizes[0]) if walk == _FLIPS else sizes[:2]
    n, k = sum(sizes), len(sizes)
    if code == 1:
        scale, unit = _mean_scale(n1 * n2, decimals)
    elif code == 2:
        k1, k2 = n1 * n1 * (n1 - 1), n2 * n2 * (n2 - 1)
        exact = exact and abs_sum * max(n1, n2) < 2 ** 64 and squares * (n1 * k2 + n2 * k1) < 2 ** 128
        scale = (n1 - 1) * (n2 - 1)
    elif code == 3:
        scale = n2 * (n2 - 1) / (n1 * (n1 - 1))
    elif code == 4:
        lcm = 1
        for s in sizes:
            lcm = lcm * s // math.gcd(lcm, s)
        fits = lcm * abs_sum ** 2 < 2 ** 128
        exact = exact and fits
        aux = [lcm // s if fits else 0 for s in sizes]  # the key, F's identity in floating point too (ps_same)
        scale = (n - k) / (n * n * (k - 1))
        if len(set(flat)) == 1:
            raise ValueError("statistic 'anova_f' is 0/0 for data whose values are all equal")
    elif code in (5, 6):
        spread = [_spread(s, code) for s in ints]
        if 0 in spread:
            raise ValueError("statistic %r is undefined: %s is constant" % ("pearson_r" if code == 5 else "kendall_tau",
                                                                            "x" if spread[0] == 0 else "y"))
        scale = math.sqrt(spread[0] * spread[1])
    else:
        scale = 1.0
    return exact, wide, scale, unit, aux


def _spread(values, code):
    """pearson_r: n*Sxx - Sx^2; kendall_tau: the pairs not tied"""
    n = len(values)
    if code == 5:
        return n * sum(v * v for v in values) - sum(values) ** 2
    return n * (n - 1) // 2 - sum(values.count(v) * (values.count(v) - 1) // 2 for v in set(values))


def _pairs_by_x(ints, floats):
    """x and y (as ints and as floats) with the pairs in order of x, ties
    keeping theirs, as kperm-ptest orders them for Kendall's tau. A pairings
    test rearranges y against x, and tau is the same for the pairs in any
    order, so the observed value and the null distribution stay as they
    were; stats_kernel.h's ps_swap then updates tau in O(1), not O(n), for
    each plain change of up to 16 pairs whose x are distinct."""
    order = sorted(range(len(ints[0])), key=ints[0].__getitem__)
    return [[s[i] for i in order] for s in ints], [[s[i] for i in order] for s in floats]


def _band(x, tolerance):
    """the tolerance band's half-width around the observed value x"""
    try:
        rel, absolute = (DEFAULT_TOLERANCE, 0.0) if tolerance is None else (
            (float(tolerance), 0.0) if isinstance(tolerance, numbers.Real) else map(float, tolerance))
    except (TypeError, ValueError):
        rel = absolute = -1.0
    if not (0 <= rel < math.inf and 0 <= absolute < math.inf):
        raise ValueError("tolerance: None, a relative tolerance r >= 0, or (r, a) for max(a, r*|observed|), not %r"
                         % (tolerance,))
    return max(absolute, rel * abs(x))


def _source(walk, code, exact, wide, k, body, strata=False):
    head = "#define PS_WALK %d\n#define PS_STAT %d\n#define PS_EXACT %d\n#define PS_WIDE %d\n#define PS_K %d\n" % (
        walk, code, exact, wide, k) + ("#define PS_STRATA 1\n" if strata else "")
    tail = "" if body is None else "\nPS_FN double ps_user_statistic(const double *x, const int *start, int k)\n{\n" \
                                   "%s%s\n}\n" % (_stats_device.BODY_LINE, body)
    return head + _stats_device.kernel_source() + tail


def _register_bound(code, exact, wide):
    """the registers a work-item may use on an NVIDIA GPU, 0 for no bound:
    as kperm-ptest (samples/ptest/ptest_device.c), 80 for Welch's t and the
    variance ratio compared exactly, whose ps_count otherwise takes 90 and
    lets 2 groups of 256 share a multiprocessor instead of 3"""
    bounded = (STATISTICS["welch_t"][0], STATISTICS["variance_ratio"][0])
    return 80 if exact and not wide and code in bounded else 0


def _check_options(permutation_type, alternative, tolerance, bins, hist_range, backend, method):
    if backend not in (None, "cupy", "pyopencl"):  # checked here too: a host method opens no backend
        raise ValueError("backend: 'pyopencl', 'cupy' or None, not %r" % (backend,))
    if method not in METHODS:
        raise ValueError("method: %s, not %r" % (", ".join(map(repr, METHODS)), method))
    if permutation_type not in ("independent", "samples", "pairings"):
        raise ValueError("permutation_type: 'independent', 'samples' or 'pairings', not %r" % (permutation_type,))
    if alternative not in ("two-sided", "less", "greater"):
        raise ValueError("alternative: 'two-sided', 'less' or 'greater', not %r" % (alternative,))
    if not (isinstance(bins, numbers.Integral) and 0 <= bins <= MAX_BINS):
        raise ValueError("bins: an int from 0 to %d, not %r" % (MAX_BINS, bins))
    _band(0.0, tolerance)
    if hist_range is not None:
        try:
            lo, hi = map(float, hist_range)
        except (TypeError, ValueError):
            lo = hi = math.nan
        if not (math.isfinite(hi - lo) and lo < hi and math.isfinite(bins / (hi - lo))):
            raise ValueError("hist_range: (lo, hi) with lo < hi, hi - lo and bins / (hi - lo) finite doubles, or None "
                             "for the null distribution's own range; not %r" % (hist_range,))


def _observe(dev, program, data, exact, tolerance):
    """the observed statistic (rank 0) and the band around it; puts both
    where the counting kernel reads them"""
    keys, xs = dev.values(program, data, 0, 1)
    (sign, num, den), observed = keys[0], xs[0]
    if sign == _NAN or math.isnan(observed) or (not exact and math.isinf(observed)):
        raise ValueError("statistic: %r for the data as observed (a zero variance?)" % observed)
    gamma = 0.0 if exact else _band(observed, tolerance)
    data["par"][1:5] = observed, observed - gamma, observed + gamma, abs(observed) - gamma
    data["obs"][:] = sign % 2 ** 64, num % 2 ** 64, num >> 64, den % 2 ** 64, den >> 64
    return observed, gamma


def _count(dev, program, data, total, bins, hist_range, draws=None):
    """(counters, lo, hi, hist, hist_range): one pass over every
    rearrangement (draws = (seed, n): over n random ones, _resample), two
    when the histogram's range is the null's own"""
    def count(bins):
        if draws:
            return _resample.count_random(dev, program, data, draws[0], total, draws[1], bins)
        return dev.count(program, data, 0, total, bins)

    def set_range(lo, hi):
        data["par"][5:7] = lo, bins / (hi - lo) if hi > lo else 0.0

    if hist_range is not None:
        set_range(*hist_range)
    counters, lo, hi, hist = count(bins if hist_range is not None else 0)
    drawn = draws[1] if draws else total
    if sum(counters[:3]) + counters[5] != drawn:
        raise RuntimeError("kperm.stats: the device counted %d of %d rearrangements" % (sum(counters[:3]), drawn))
    if lo > hi:  # no finite value
        lo = hi = math.nan
    if hist_range is None and bins:
        hist_range = _linear.histogram_range(lo, hi, bins) if lo == lo else (0.0, 0.0)
        set_range(*hist_range)
        hist = count(bins)[3]
    return counters, lo, hi, hist, hist_range


def _host_plan(method, code, walk, ints, bins, labels=None):
    """(LinearKey, counter class) where the host counts the test (see
    _linear.plan; within strata, the pooled observations' `labels`:
    _strata.plan), else None: enumeration"""
    if labels is not None:
        if walk in (_GROUPS, _PAIRINGS) or code != STATISTICS["mean_difference"][0] or method == "enumerate":
            return None  # enumerated within strata
        return _strata.plan(method, ints, labels)
    linear = code == STATISTICS["mean_difference"][0] and walk in (_TWO, _FLIPS)
    if method in ("shift", "mitm") and not linear:
        raise ValueError("method=%r counts mean_difference only (two independent samples, or swaps within pairs); "
                         "method='auto' or 'enumerate' for the others" % method)
    if method == "enumerate" or not linear:
        return None
    plan = _linear.plan(method, ints, walk == _FLIPS, 4 + bins)
    return plan if plan[1] is not None else None


def _enumerate(walk, code, body, ints, floats, sizes, exact, wide, scale, unit, aux, tolerance, bins, hist_range,
               backend, device, total, strata=False, draws=None):
    """(observed, gamma, counters, lo, hi, hist, hist_range, device): every
    rearrangement counted on the device (strata: within them, aux their
    layout, _strata.walk_layout)"""
    import numpy as np

    k = len(sizes) if walk == _GROUPS else 2
    data = {"v": np.array([v for s in ints for v in s], dtype=np.int64),
            "d": np.array([v for s in floats for v in s], dtype=np.float64),
            "sizes": np.array(sizes if walk == _GROUPS else [sizes[0], 0], dtype=np.uint8),
            "aux": np.array(aux if walk == _GROUPS or strata else [0, 0], dtype=np.uint64),
            "par": np.array([scale, 0, 0, 0, 0, 0, 0, unit], dtype=np.float64), "obs": np.zeros(5, dtype=np.uint64),
            "n": sizes[0] if walk in (_FLIPS, _PAIRINGS) else sum(sizes), "m": sizes[0]}
    dev = _stats_device.open_backend(backend, device)
    try:
        program = dev.build(_source(walk, code, exact, wide, k, body, strata), _register_bound(code, exact, wide))
    except _stats_device.BuildFailed as e:
        if body is None:
            raise
        raise ValueError(str(e)) from None  # statistic:LINE:COL: error: WHAT
    observed, gamma = _observe(dev, program, data, exact, tolerance)
    counters, lo, hi, hist, hist_range = _count(dev, program, data, total, bins, hist_range, draws)
    return observed, gamma, counters, lo, hi, hist, hist_range, dev.device


def permutation_test(data, statistic, *, permutation_type="independent", vectorized=None, n_resamples=None, batch=None,
                     alternative="two-sided", axis=0, random_state=None, rng=None, backend=None, device=None,
                     tolerance=None, bins=64, hist_range=None, max_rearrangements=None, method="auto", strata=None):
    """An exact permutation test: the statistic of every rearrangement of
    data, counted against the observed one on the device. statistic is a
    name of STATISTICS, the body of the C function C_SIGNATURE, or a Python
    callable (scipy's: vectorized, batch and axis as scipy takes them),
    evaluated on the host. tolerance None compares the built-in statistics
    exactly, C statistics within DEFAULT_TOLERANCE*|observed| and Python
    ones as scipy 1.10 does, _callable.SCIPY_TOLERANCE; r or (r, a) compares
    every statistic in floating point within max(a, r*|observed|). method
    'auto' counts mean_difference on the host (the shift algorithm or meet
    in the middle, the same counts) where that is cheaper than enumerating;
    'enumerate', 'shift' or 'mitm' forces one. n_resamples None, inf or at
    least the number of rearrangements enumerates them all; fewer draws that
    many at random (rng or random_state: a seed or a numpy Generator).
    max_rearrangements bounds enumeration (None: 10**12, a Python
    statistic's _callable.MAX_REARRANGEMENTS). strata, a sequence of label
    sequences shaped like data (one label per observation, or per pair),
    rearranges labels only within each stratum (two independent samples:
    mean_difference counted by convolution, the others enumerated within
    strata; with swaps within pairs it changes nothing). See docs/stats.md."""
    import numpy as np

    _check_options(permutation_type, alternative, tolerance, bins, hist_range, backend, method)
    n_resamples = _resamples(n_resamples)
    if callable(statistic):
        return _python_test(data, statistic, permutation_type, vectorized, n_resamples, batch, alternative, axis,
                            random_state, rng, tolerance, bins, hist_range, max_rearrangements, strata)
    if vectorized is not None or batch is not None or axis not in (0, -1):
        raise ValueError("vectorized, batch and axis go with a Python statistic; a built-in or C statistic takes "
                         "1-d samples")
    if isinstance(statistic, str) and statistic.strip() in _ranks.STATISTICS:  # counted as a statistic of midranks
        return _ranks.test(permutation_test, data, statistic.strip(), permutation_type, hist_range, tolerance, strata,
                           _result,
                           n_resamples=n_resamples, alternative=alternative, backend=backend, device=device, bins=bins,
                           max_rearrangements=max_rearrangements, method=method, random_state=random_state, rng=rng)
    code, body = _statistic(statistic)
    samples = _samples(data)
    # with swaps within pairs each pair is a stratum of its own already: strata change nothing
    labels = None if strata is None or permutation_type == "samples" else _strata.labels_of(strata, map(len, samples))
    samples = _one_sample_flips(samples, code, permutation_type)
    walk, sizes, total = _walk(samples, code, permutation_type)
    if labels is not None and walk == _PAIRINGS:
        labels = _strata.pair_labels(labels, sizes[0])
    layout = None
    if labels is not None:  # the rearrangements within strata, and where the kernels find each stratum
        layout = (_strata.rows_layout(labels, sizes, walk == _PAIRINGS) if walk in (_GROUPS, _PAIRINGS)
                  else _strata.walk_layout(labels[:sizes[0]], labels[sizes[0]:]))
        total = layout[-1]
    draws = (_resample.seed_of(random_state if rng is None else rng), n_resamples) if n_resamples is not None and n_resamples < total else None
    if draws and total >= 2 ** 64 and (walk != _TWO or labels is not None):  # the walks' unranking: 64-bit ranks
        raise ValueError("n_resamples: %d rearrangements: random ones are drawn from fewer than 2**64 but for two "
                         "samples without strata (up to %d observations)" % (total, _SAMPLE_MAXN))
    max_rearrangements = 10 ** 12 if max_rearrangements is None else max_rearrangements
    ints, floats, decimals = _exact_data.read(samples)
    if code == STATISTICS["kendall_tau"][0] and labels is None:  # within strata the pairs stay as the labels give them
        ints, floats = _pairs_by_x(ints, floats)
    exact, wide, scale, unit, aux = _kernel_terms(code, walk, ints, decimals, sizes, tolerance)
    host = None if draws else _host_plan(method, code, walk, ints, bins, labels)
    if host is None:
        _check_size(walk, sizes, labels is not None, draws is not None)
    if host is None and labels is not None and walk == _PAIRINGS:  # pair by pair, the tags after x and y
        order, tags, total = layout
        ints, floats = [[s[i] for i in order] for s in ints] + [tags], [[s[i] for i in order] for s in floats]
    elif host is None and labels is not None and walk == _GROUPS:  # stratum by stratum, each stratum's tags after them
        order, tags, total = layout
        pooled = [[v for s in data_ for v in s] for data_ in (ints, floats)]
        ints, floats = [[pooled[0][i] for i in order], tags], [[pooled[1][i] for i in order]]
    elif host is None and labels is not None:  # the kernels' walk within strata: each sample's rows in stratum order
        order_x, order_y, aux, total = layout
        ints, floats = ([[s[0][i] for i in order_x], [s[1][i] for i in order_y]] for s in (ints, floats))
    if host is None and labels is not None and not draws and total >= 2 ** 64:  # the kernels' 64-bit ranks
        raise ValueError("strata: %d rearrangements within strata, 2**64 or more: at most 2**64 - 1 are enumerated "
                         "(n_resamples draws from more)" % total)
    if host is not None:
        total = host[0].count
        band = None if exact else (lambda observed: _band(observed, tolerance))
        observed, gamma, counters, lo, hi, hist, hist_range, used = _linear.count(*host, scale, unit, band,
                                                                                   bins, hist_range)
        where = _HOST_DEVICE[used]
    elif total > max_rearrangements and not draws:
        raise ValueError("%d rearrangements is more than max_rearrangements = %d; raise it to enumerate them all"
                         % (total, max_rearrangements))
    else:
        observed, gamma, counters, lo, hi, hist, hist_range, where = _enumerate(
            walk, code, body, ints, floats, sizes, exact, wide, scale, unit, aux, tolerance, bins, hist_range, backend,
            device, total, labels is not None, draws)
        used = "sample" if draws else "enumerate"
    return _result(observed, counters, total, alternative, draws is not None, draws and draws[1], exact=exact and not draws, tolerance=gamma, decimals=decimals,
                   null_min=lo, null_max=hi, histogram=hist,
                   bin_edges=[float(e) for e in np.linspace(*hist_range, bins + 1)] if bins else [], device=where,
                   method=used)


def _result(observed, counters, total, alternative, sampled=False, n_resamples=None, **fields):
    """the result of counters (less, equal, greater, abs_ge, in_band,
    undefined) over n_resamples rearrangements (total: all of them, the
    default); sampled adds scipy's 1 to each count and to n_resamples"""
    import numpy as np

    less, equal, greater, abs_ge, in_band, undefined = counters
    adjust, drawn = int(sampled), total if n_resamples is None else n_resamples
    p_less, p_greater = (less + equal + adjust) / (drawn + adjust), (greater + equal + adjust) / (drawn + adjust)
    p_two = np.minimum(1.0, 2 * np.minimum(p_less, p_greater))
    p_two = float(p_two) if np.ndim(p_two) == 0 else p_two  # arrays for a Python statistic's N-d data
    return PermutationTestResult(
        statistic=observed, pvalue={"less": p_less, "greater": p_greater, "two-sided": p_two}[alternative],
        pvalue_less=p_less, pvalue_greater=p_greater, pvalue_two_sided=p_two,
        pvalue_abs=(abs_ge + adjust) / (drawn + adjust), less=less, equal=equal, greater=greater, abs_ge=abs_ge,
        in_band=in_band, undefined=undefined, n_rearrangements=total, sampled=sampled, n_resamples=drawn, **fields)


def _resamples(n_resamples):
    """None (every rearrangement), or a positive int; scipy's np.inf is None,
    and a whole float (1e5) its int"""
    whole = (isinstance(n_resamples, numbers.Real) and not isinstance(n_resamples, bool)
             and (n_resamples == math.inf or (math.isfinite(n_resamples) and n_resamples == int(n_resamples) > 0)))
    if n_resamples is not None and not whole:
        raise ValueError("n_resamples: None or numpy.inf (every rearrangement) or a positive whole number, not %r"
                         % (n_resamples,))
    return None if n_resamples is None or n_resamples == math.inf else int(n_resamples)


def _one_sample_flips(samples, code, permutation_type):
    """scipy's one-sample "samples" test, the signs of d flipped: the pairs
    (d_i, 0) for mean_difference, whose statistic is then mean(d). The
    other statistics of pairs would not be d's (welch_t of (d_i, 0)
    swapped is not the one-sample t), so they are refused."""
    if permutation_type != "samples" or len(samples) != 1:
        return samples
    if code != STATISTICS["mean_difference"][0]:
        raise ValueError("one sample under permutation_type 'samples' (its signs flipped) goes with "
                         "'mean_difference' (the mean) or a Python statistic, e.g. lambda d, axis: "
                         "scipy.stats.ttest_1samp(d, 0, axis=axis).statistic")
    return [samples[0], [0] * len(samples[0])]


def _python_test(data, statistic, permutation_type, vectorized, n_resamples, batch, alternative, axis, random_state,
                 rng, tolerance, bins, hist_range, max_rearrangements, strata):
    """permutation_test of a Python statistic, on the host (_callable)"""
    import numpy as np

    tolerance = _callable.SCIPY_TOLERANCE if tolerance is None else tolerance
    bound = _callable.MAX_REARRANGEMENTS if max_rearrangements is None else max_rearrangements
    observed, gamma, null, total, drawn, sampled = _callable.run(
        data, statistic, permutation_type, vectorized, n_resamples, batch, axis, rng, random_state,
        lambda x: _band(x, tolerance), bound, strata)
    if np.ndim(observed) == 0:
        lo, hi, hist, hist_range = _callable.histogram(null, bins, hist_range)
        edges = [float(e) for e in np.linspace(*hist_range, bins + 1)] if bins else []
    else:  # no histogram of an array of statistics
        finite = np.where(np.isfinite(null), null, np.nan)
        lo, hi, hist, edges = np.nanmin(finite, axis=0), np.nanmax(finite, axis=0), [], []
    return _result(float(observed) if np.ndim(observed) == 0 else observed, _callable.tally(null, observed, gamma),
                   total, alternative, sampled, drawn, exact=False, tolerance=gamma, decimals=0, null_min=lo,
                   null_max=hi, histogram=hist, bin_edges=edges, device="host (numpy)", method="python",
                   null_distribution=null)


@dataclasses.dataclass(frozen=True)
class RegressionTestResult(PermutationTestResult):
    """regression_test's result: PermutationTestResult's fields (statistic:
    the observed t, or F) and the design's"""
    scheme: str = "freedman_lane"
    df: int = 0  # the residual degrees of freedom, n - 1 - covariates - tested columns


def regression_test(y, x, covariates=None, *, scheme="freedman_lane", alternative="two-sided", strata=None,
                    backend=None, device=None, tolerance=None, bins=64, hist_range=None, max_rearrangements=10 ** 12):
    """The exact permutation test of x's coefficient in OLS y ~ 1 + x + Z
    (Z: covariates, an (n, q) array or n values), over every one of the n!
    orders: scheme 'freedman_lane' rearranges the residuals of y ~ 1 + Z
    and adds them back to its fit, 'permute_y' rearranges y. x of n values
    gives t (pvalue two-sided: |t| >= |t_obs|); an (n, k) x the F of its k
    columns (pvalue: F >= F_obs). The statistic is computed in doubles from
    exact sums and compared within max(a, r*|observed|), tolerance r or
    (r, a), default r = 1e-9 (docs/stats.md). strata, one label a row,
    rearranges the rows only within each stratum."""
    import numpy as np

    _check_options("pairings", alternative, tolerance, bins, hist_range, backend, "enumerate")
    v, cols, k, df, s = _regression.design(y, x, covariates, scheme)
    code = 9 if np.ndim(x) == 2 else 8  # stats_kernel.h's PS_REG_F, PS_REG_T
    if code == 9 and alternative != "two-sided":
        raise ValueError("alternative: an F test is one-sided (F >= F_obs): leave alternative 'two-sided'")
    total, tags = math.factorial(len(v)), []
    if strata is not None:  # the rows stratum by stratum, their tags after the columns (stats_strata.h)
        labels = list(strata) if not isinstance(strata, (str, bytes)) else None
        if labels is None or len(labels) != len(v):
            raise ValueError("strata: one label per row (%d), not %r" % (len(v), strata))
        order, tags, total = _strata.rows_layout(labels, [len(v)], True)
        v, cols = [v[i] for i in order], [[col[i] for i in order] for col in cols]
    if total > max_rearrangements:
        raise ValueError("%d rearrangements is more than max_rearrangements = %d; raise it to enumerate them all"
                         % (total, max_rearrangements))
    width = 1 + len(cols)  # PS_K: the sums' columns and one
    data = {"v": np.array(v + [c for col in cols for c in col] + tags, dtype=np.int64),
            "d": np.array([s, df, _regression.ZERO * s], dtype=np.float64),
            "sizes": np.zeros(width, dtype=np.uint8), "aux": np.array([k] + [0] * len(cols), dtype=np.uint64),
            "par": np.array([1, 0, 0, 0, 0, 0, 0, 1], dtype=np.float64), "obs": np.zeros(5, dtype=np.uint64),
            "n": len(v), "m": len(v)}
    dev = _stats_device.open_backend(backend, device)
    program = dev.build(_source(_PAIRINGS, code, 0, 0, width, None, strata is not None))
    observed = dev.values(program, data, 0, 1)[1][0]
    if not math.isfinite(observed) or dev.values(program, data, 0, 1)[0][0][0] == _NAN:
        raise ValueError("y: fitted exactly by x and the covariates, so the observed %s is not finite"
                         % ("t" if code == 8 else "F"))
    gamma = _band(observed, _regression.TOLERANCE if tolerance is None else tolerance)
    data["par"][1:5] = observed, observed - gamma, observed + gamma, abs(observed) - gamma
    counters, lo, hi, hist, hist_range = _count(dev, program, data, total, bins, hist_range)
    less, equal, greater, abs_ge, in_band, undefined = counters
    p_less, p_greater = (less + equal) / total, (greater + equal) / total
    p_two = min(1.0, 2 * min(p_less, p_greater))
    pvalue = {"less": p_less, "greater": p_greater, "two-sided": abs_ge / total if code == 8 else p_greater}
    return RegressionTestResult(
        statistic=observed, pvalue=pvalue[alternative], pvalue_less=p_less, pvalue_greater=p_greater,
        pvalue_two_sided=p_two, pvalue_abs=abs_ge / total, less=less, equal=equal, greater=greater, abs_ge=abs_ge,
        in_band=in_band, undefined=undefined, n_rearrangements=total, exact=False, tolerance=gamma, decimals=0,
        null_min=lo, null_max=hi, histogram=hist,
        bin_edges=[float(e) for e in np.linspace(*hist_range, bins + 1)] if bins else [], device=dev.device,
        method="enumerate", scheme=scheme, df=df)
