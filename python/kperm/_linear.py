"""kperm.stats' linear statistics counted on the host, without enumerating.

mean_difference's integer key K = S1*n2 - S2*n1 (stats_kernel.h) is an
affine function K = alpha*S + beta of one subset sum S: for two independent
samples S is the sum of the smaller group, a k-subset of the pooled values;
for swaps within pairs K = n*sum(+-d_i), and S is the sum of the |d_i| whose
sign is negative, a subset of any size. So the counts below, equal to and
above the observed key are counts of subset sums below thresholds, which two
methods give exactly without visiting each rearrangement:

  shift  the shift algorithm (dynamic programming over the integer sums, as
         R's coin and exactRankTests do): the number of subsets of each sum,
         a table of (k + 1) x (largest sum + 1) counts.
  mitm   meet in the middle: the subset sums of each half of the values,
         sorted (for each subset size), and the pairs below a threshold
         counted with searchsorted: about 2^(n/2) sums a half.

The statistic's double, the tolerance band and the histogram's bins are
computed from K exactly as the kernel computes them (the same IEEE
operations in the same order), and all of them are monotone in K: every
field of the result is the enumeration's. numpy only."""
import functools
import itertools
import math

import numpy as np

MEMORY = 1 << 28  # bytes a host method's arrays may take; past it, enumeration
_CHUNK = 1 << 22  # searchsorted queries at a time


def to_double(key):
    """ps_to_double of stats_wide.h: |key| as hi*2^64 + lo, each limb
    rounded to a double, then the sign"""
    m = abs(key)
    d = float(m >> 64) * 18446744073709551616.0 + float(m & (2 ** 64 - 1))
    return -d if key < 0 else d


class Shift:
    """The shift algorithm: the subsets (of `size` values, or of any size
    for None) of each sum s, values non-negative ints. Counts below 2^63
    are uint64; past it (C(200, 100) ~ 2^196) each count is kept modulo
    several primes below 2^31, a uint64 lane each, and put back together
    by the Chinese remainder theorem: a lane is reduced only every 32
    values, since a value at most doubles a count."""
    name = "shift"

    def __init__(self, values, size):
        moduli, lanes = _moduli(_subsets(values, size)), _lanes(values, size)
        values = sorted(values)  # ascending: a row's sums lie between its count of least and of greatest values
        prefix = list(itertools.accumulate(values, initial=0))
        rows, n = 1 if size is None else size + 1, len(values)
        table = np.zeros((rows, _largest_sum(values, size) + 1, lanes), dtype=np.uint64)
        table[0, 0] = 1
        grown = 0  # values added since the lanes were reduced
        for i, v in enumerate(values):
            if size is None:
                table[0, v:prefix[i + 1] + 1] += table[0, :prefix[i] + 1]  # numpy buffers the overlap
            else:  # downwards, each value joins a subset once; rows that can no longer reach size are left behind
                for j in range(min(i + 1, size), max(1, size - (n - 1 - i)) - 1, -1):
                    lo, hi = prefix[j - 1], prefix[i] - prefix[i - j + 1]  # row j - 1's sums over the first i values
                    table[j, lo + v:hi + v + 1] += table[j - 1, lo:hi + 1]
            grown += 1
            if moduli is not None and grown == 32:  # the rows and sums still to be read
                first, last = (0, 0) if size is None else (max(0, size - (n - 1 - i) - 1), min(i + 1, size))
                table[first:last + 1, :prefix[i + 1] + 1] %= moduli
                grown = 0
        last = table[-1] if moduli is None else table[-1] % moduli
        self.moduli = moduli
        self.cumulative = np.concatenate((np.zeros((1, lanes), np.uint64), np.cumsum(last, axis=0, dtype=np.uint64)))
        if moduli is None:
            self.cumulative = self.cumulative[:, 0]
        else:
            self.cumulative %= moduli  # each sum of at most 2^32 residues below 2^31

    def below(self, thresholds):
        """#(S < t) for each t of an int64 array clamped to [0, largest + 1]"""
        if self.moduli is None:
            return [int(c) for c in self.cumulative[thresholds]]
        return [_crt(row, self.moduli) for row in self.cumulative[thresholds].tolist()]

    @staticmethod
    def memory(values, size):
        return (1 if size is None else size + 1) * (_largest_sum(values, size) + 1) * 8 * _lanes(values, size)

    @staticmethod
    def cost(values, size):
        """cells added"""
        return len(values) * (1 if size is None else size) * (_largest_sum(values, size) + 1) * _lanes(values, size)


def _subsets(values, size):
    return 2 ** len(values) if size is None else math.comb(len(values), size)


def _lanes(values, size):
    """the uint64 lanes a count of Shift takes"""
    moduli = _moduli(_subsets(values, size))
    return 1 if moduli is None else len(moduli)


def _primes_below(limit, count):
    """the `count` greatest primes below limit (< 3.2e9: Miller-Rabin with
    the bases 2, 3, 5, 7 decides)"""
    def prime(q):
        d, r = q - 1, 0
        while d % 2 == 0:
            d, r = d // 2, r + 1
        for a in (2, 3, 5, 7):
            x = pow(a, d, q)
            if x in (1, q - 1):
                continue
            for _ in range(r - 1):
                x = x * x % q
                if x == q - 1:
                    break
            else:
                return False
        return True

    found, q = [], limit - 1
    while len(found) < count:
        if prime(q):
            found.append(q)
        q -= 1
    return found


@functools.lru_cache(maxsize=None)
def _primes():
    """moduli for counts up to about 2^3900, found on first use (12 ms)"""
    return _primes_below(1 << 31, 128)


def _moduli(bound):
    """None where every count (at most bound) fits uint64 exactly, else a
    uint64 array of primes whose product exceeds bound"""
    if bound < 1 << 63:
        return None
    primes, lanes, product = _primes(), 0, 1
    while product <= bound:
        if lanes == len(primes):
            raise ValueError("the shift algorithm keeps counts below 2^3900; this test has %d-bit counts"
                             % bound.bit_length())
        product, lanes = product * primes[lanes], lanes + 1
    return np.array(primes[:lanes], dtype=np.uint64)


def _crt(residues, moduli):
    """the least non-negative integer with these residues (Chinese remainder theorem)"""
    moduli = [int(p) for p in moduli]
    product, value = math.prod(moduli), 0
    for r, p in zip(residues, moduli):
        rest = product // p
        value += r * rest * pow(rest, -1, p)
    return value % product


class Halves:
    """Meet in the middle: the sums of the subsets of each half of the
    values (by subset size where `size` is fixed), unique and counted; a
    subset of the whole is a pair of subsets, one from each half."""
    name = "mitm"

    def __init__(self, values, size):
        half = len(values) // 2
        first, second = _sums_by_size(values[:half], size), _sums_by_size(values[half:], size)
        # pairs of (sums of the first half, sums of the second) whose sizes add up to size
        groups = [(0, 0)] if size is None else [(j, size - j) for j in range(len(first))
                                                 if 0 <= size - j < len(second)]
        self.pairs = []
        for j, k in groups:
            a, a_count = np.unique(first[j], return_counts=True)
            b, b_count = np.unique(second[k], return_counts=True)
            self.pairs.append((a, a_count, b, np.concatenate(([0], np.cumsum(b_count)))))

    def below(self, thresholds):
        """#(S < t) for each t of an int64 array: for each sum a of the first
        half, the second half's sums below t - a"""
        total = np.zeros(len(thresholds), dtype=np.int64)  # at most N <= 2^63 by MEMORY
        for a, a_count, b, b_cumulative in self.pairs:
            rows = max(1, _CHUNK // len(a))
            for i in range(0, len(thresholds), rows):
                queries = thresholds[i:i + rows, None] - a[None, :]
                total[i:i + rows] += (b_cumulative[np.searchsorted(b, queries)] * a_count).sum(axis=1)
        return [int(c) for c in total]

    @staticmethod
    def _subsets(values, size):
        half = len(values) // 2
        return sum(_subset_count(part, size) for part in (values[:half], values[half:]))

    @classmethod
    def memory(cls, values, size):
        """the sums, their unique copies and counts, and a chunk of queries"""
        return cls._subsets(values, size) * 8 * 4 + _CHUNK * 8 * 3

    @classmethod
    def cost(cls, values, size, thresholds):
        """sums generated and sorted, and one search for each in each count,
        each about 10 times a Shift cell's time (measured on 2 cores)"""
        subsets = cls._subsets(values, size)
        return 10 * subsets * (max(1, subsets).bit_length() + thresholds)


METHODS = {"shift": Shift, "mitm": Halves}


def _largest_sum(values, size):
    return sum(sorted(values)[len(values) - (len(values) if size is None else size):])


def _subset_count(values, size):
    """the subsets of values of at most `size` elements (None: all)"""
    n = len(values)
    return 2 ** n if size is None else sum(math.comb(n, j) for j in range(min(n, size) + 1))


def _sums_by_size(values, size):
    """sums[j]: the sums of the j-subsets of values for j <= size, or
    [the sums of all subsets] for size None"""
    sums = [np.zeros(1, dtype=np.int64)]
    for v in values:
        if size is None:
            sums = [np.concatenate((sums[0], sums[0] + v))]
            continue
        grown = [np.concatenate((sums[j], sums[j - 1] + v)) for j in range(1, len(sums))]
        if len(sums) <= size:
            grown.append(sums[-1] + v)
        sums = [sums[0]] + grown
    return sums


class LinearKey:
    """mean_difference's key K = alpha*S' + beta over the rearrangements,
    S' the sum of a subset of `values` (non-negative ints, `size` of them or
    any number for None); every count is `multiplier` times a count of
    subsets (the multiplier counts the swaps of pairs whose difference is 0,
    which move nothing)."""

    def __init__(self, ints, paired):
        if paired:
            self._flips(*ints)
        else:
            self._split(*ints)
        self.key_min, self.key_max = sorted(self.alpha * s + self.beta for s in self._sum_range())

    def _split(self, x, y):
        """two independent samples: S the sum of the smaller group (x's if
        they tie), shifted by the least value and divided by the values' gcd"""
        pooled, n1, n2 = x + y, len(x), len(y)
        n, total, self.size = n1 + n2, sum(x) + sum(y), min(n1, n2)
        least = min(pooled)
        unit = math.gcd(*(v - least for v in pooled)) or 1
        self.values = [(v - least) // unit for v in pooled]
        # S = size*least + unit*S'; K = n*S1 - total*n1 = total*n2 - n*S2
        offset = n * self.size * least
        if self.size == n1:
            self.alpha, self.beta = n * unit, offset - total * n1
        else:
            self.alpha, self.beta = -n * unit, total * n2 - offset
        self.observed = sum(x) * n2 - sum(y) * n1
        self.multiplier, self.count = 1, math.comb(n, n1)

    def _flips(self, x, y):
        """swaps within pairs: K = n*sum(e_i*|d_i|) over signs e_i, = n*(sum
        |d_i| - 2*S), S the sum of the |d_i| whose sign is negative"""
        n, d = len(x), [a - b for a, b in zip(x, y)]
        magnitudes = [abs(v) for v in d if v]
        unit = math.gcd(*magnitudes) or 1
        self.values, self.size = [v // unit for v in magnitudes], None
        self.alpha, self.beta = -2 * n * unit, n * sum(magnitudes)
        self.observed = n * sum(d)
        self.multiplier, self.count = 2 ** (n - len(magnitudes)), 2 ** n

    def _sum_range(self):
        ordered = sorted(self.values)
        if self.size is None:
            return 0, sum(ordered)
        return sum(ordered[:self.size]), sum(ordered[len(ordered) - self.size:])

    def thresholds(self, keys):
        """the thresholds on S' with #(K < key) = #(S' < t) (alpha > 0) or
        count - #(S' < t) (alpha < 0), clamped into S's range"""
        low, high = self._sum_range()
        if self.alpha > 0:
            sums = [-((self.beta - key) // self.alpha) for key in keys]  # ceil((key - beta) / alpha)
        else:
            sums = [(key - self.beta) // self.alpha + 1 for key in keys]  # S' > (key - beta) / alpha
        return np.array([min(max(s, low), high + 1) for s in sums], dtype=np.int64)

    def below(self, counter, keys):
        """#(K < key) for each key, through a Shift or Halves counter"""
        found = counter.below(self.thresholds(keys))
        if self.alpha < 0:
            found = [self.count // self.multiplier - c for c in found]
        return [self.multiplier * c for c in found]


def first_key(value, low, high, passes):
    """the least integer key in [low, high] for which passes(value(key))
    holds (monotone: false, then true), high + 1 if none"""
    high += 1
    while low < high:
        mid = (low + high) // 2
        if passes(value(mid)):
            high = mid
        else:
            low = mid + 1
    return low


def plan(method, ints, paired, thresholds):
    """(LinearKey, counter class) for the method asked ('auto', 'shift' or
    'mitm'), or (LinearKey, None) where 'auto' finds enumeration cheaper or
    nothing fits in MEMORY; raises ValueError where a forced method would
    not fit. thresholds: how many counts the test takes (the histogram's)."""
    linear = LinearKey(ints, paired)
    costs = {"shift": Shift.cost(linear.values, linear.size),
             "mitm": Halves.cost(linear.values, linear.size, thresholds)}
    fits = {name: cls.memory(linear.values, linear.size) <= MEMORY for name, cls in METHODS.items()}
    if method != "auto":
        if not fits[method]:
            raise ValueError("method=%r would need %d MiB here, more than %d MiB: method='auto' or 'enumerate'"
                             % (method, METHODS[method].memory(linear.values, linear.size) >> 20, MEMORY >> 20))
        return linear, METHODS[method]
    best = min((cost, name) for name, cost in costs.items() if fits[name]) if any(fits.values()) else None
    return linear, METHODS[best[1]] if best and best[0] < linear.count else None


def histogram_range(lo, hi, bins):
    """(lo, hi) widened about its middle where bins / (hi - lo), the
    kernel's PS_HIST_INV, would pass the doubles (values near the least
    double); samples/ptest/ptest_range.c's rule"""
    width = math.ldexp(bins, -1020)
    if 0 < hi - lo < width:
        lo = lo / 2 + hi / 2 - width / 2
        hi = lo + width
    return lo, hi


def count(linear, counter_class, scale, unit, band, bins, hist_range):
    """the fields of kperm.stats' result: statistic, the six counters, the
    null's extremes, the histogram and its range. band(observed) is the
    tolerance's half-width, None when comparing exactly."""
    counter = counter_class(linear.values, linear.size)

    def x(key):
        return to_double(key) * unit / scale  # the kernel's r.x

    observed, total = x(linear.observed), linear.count
    low, high = linear.key_min, linear.key_max
    gamma = 0.0 if band is None else band(observed)
    if band is None:
        cut = linear.observed
        less, not_above = linear.below(counter, [cut, cut + 1])
        abs_ge = _abs_ge_exact(linear, counter)
        in_band = 0
    else:
        edges = [first_key(x, low, high, lambda v: v >= observed - gamma),
                 first_key(x, low, high, lambda v: v > observed + gamma), linear.observed, linear.observed + 1]
        less, not_above, same_low, same_high = linear.below(counter, edges)
        in_band = not_above - less - (same_high - same_low)  # the band's keys but the observed one (ps_same)
        abs_ge = _abs_ge_band(linear, counter, x, abs(observed) - gamma)
    counters = [less, not_above - less, total - not_above, abs_ge, in_band, 0]
    null_min, null_max = x(low), x(high)
    hist = []
    if bins:
        hist_range = hist_range if hist_range is not None else histogram_range(null_min, null_max, bins)
        hist = _histogram(linear, counter, x, bins, hist_range)
    return observed, gamma, counters, null_min, null_max, hist, hist_range, counter.name


def _abs_ge_exact(linear, counter):
    """#(|K| >= |K_obs|): K >= c or K <= -c, disjoint unless c = 0"""
    c = abs(linear.observed)
    if c == 0:
        return linear.count
    below_c, not_above_minus_c = linear.below(counter, [c, 1 - c])
    return linear.count - below_c + not_above_minus_c


def _abs_ge_band(linear, counter, x, floor):
    """#(fabs(x(K)) >= floor): |x(K)| = x(|K|), monotone in |K|"""
    if floor <= 0:
        return linear.count
    k0 = first_key(x, 0, max(-linear.key_min, linear.key_max), lambda v: v >= floor)
    below_k0, not_above_minus_k0 = linear.below(counter, [k0, 1 - k0])
    return linear.count - below_k0 + not_above_minus_k0


def _histogram(linear, counter, x, bins, hist_range):
    """the kernel's bins: t = (x - lo) * bins / (hi - lo), floored, in
    [0, bins - 1]; the bin is monotone in K, so each bin is a range of keys"""
    lo = float(hist_range[0])
    inv = bins / (hist_range[1] - hist_range[0]) if hist_range[1] > hist_range[0] else 0.0

    def bin_of(v):
        t = (v - lo) * inv
        t = t if t > 0 else 0.0
        return int(t) if t < bins - 1 else bins - 1

    starts = [first_key(lambda key: bin_of(x(key)), linear.key_min, linear.key_max, lambda b, j=j: b >= j)
              for j in range(1, bins)]
    below = [0] + linear.below(counter, starts) + [linear.count]
    return [b - a for a, b in zip(below, below[1:])]
