"""kperm.stats' mean_difference within strata, counted on the host without
enumerating (permutation_test's strata=; samples/ptest/ptest_strata.c in C).

Labels are rearranged only within each stratum (R coin's blocks, y ~ g |
block); the statistic is computed on the whole data as without strata. Its
key K = S1*n2 - S2*n1 is still _linear.LinearKey's affine function of S, the
sum of the smaller group (the first if they tie), and S is a sum of
independent per-stratum sums: stratum h gives a subset of size m_h (its rows
of that group) of its values. So S's distribution is the convolution of the
strata's subset-sum distributions, each the shift algorithm's (_linear.Shift).

The counts are exact at any size (10 strata of 15 + 15 have 8e81
rearrangements): the convolution is one product of Python integers, each
distribution packed into one integer with a slot of bits per sum wide
enough for any count (Kronecker substitution). GMP multiplies them (through
gmpy2, Debian's python3-gmpy2) where it is installed, 20 to 30 times
faster than Python's Karatsuba on these sizes (1.6 s to 0.1 s for 10
strata of 15 + 15); numpy only otherwise."""
import itertools
import math

import numpy as np

from . import _linear

try:
    from gmpy2 import mpz as _big  # GMP's multiplication: the product below in a fraction of the time
except ImportError:
    _big = int


def stratum_indices(labels):
    """{label: [positions]} of a sequence of hashable labels, in order of appearance"""
    found = {}
    for i, label in enumerate(labels):
        try:
            found.setdefault(label, []).append(i)
        except TypeError:
            raise TypeError("strata: each label must be hashable (a str, an int, ...), not %r" % (label,)) from None
    return found


class StrataKey(_linear.LinearKey):
    """LinearKey for two samples whose labels move only within strata:
    `labels` holds each pooled observation's stratum (x's, then y's)"""

    def __init__(self, ints, labels):
        self.labels = list(labels)
        super().__init__(ints, False)

    def _split(self, x, y):
        super()._split(x, y)
        mine = range(len(x)) if self.size == len(x) else range(len(x), len(x) + len(y))  # S's group
        self.strata = []  # (its values, the size of S's subset in it)
        for rows in stratum_indices(self.labels).values():
            self.strata.append(([self.values[i] for i in rows], sum(i in mine for i in rows)))
        self.count = math.prod(math.comb(len(v), m) for v, m in self.strata)

    def _sum_range(self):
        low = high = 0
        for values, m in self.strata:
            ordered = sorted(values)
            low, high = low + sum(ordered[:m]), high + sum(ordered[len(ordered) - m:])
        return low, high


class Convolution:
    """#(S < t) within strata: the convolution of the strata's subset-sum
    counts (the shift algorithm's), as one product of packed integers"""
    name = "shift"

    def __init__(self, key):
        slot = (key.count.bit_length() + 8) // 8  # bytes a sum's count takes: no count exceeds the total
        product = _product([_packed(_linear.Shift(values, m), slot) for values, m in key.strata])
        width = key._sum_range()[1] + 1
        raw = product.to_bytes(width * slot, "little")
        counts = (int.from_bytes(raw[s * slot:(s + 1) * slot], "little") for s in range(width))
        self.cumulative = [0] + list(itertools.accumulate(counts))

    def below(self, thresholds):
        """#(S < t) for each t of an int64 array clamped to [0, largest + 1]"""
        return [self.cumulative[t] for t in thresholds]


def _product(factors):
    """their product (a Python int), multiplied pairwise: fastest on operands of one size"""
    factors = [_big(f) for f in factors]
    while len(factors) > 1:
        factors = [math.prod(factors[i:i + 2]) for i in range(0, len(factors), 2)]
    return int(factors[0])


def _packed(shift, slot):
    """sum(counts[s] * 2**(8*slot*s)) of a stratum's subset-sum counts (a
    _linear.Shift) as one integer: from its uint64 counts, or past 2^64
    (counts kept modulo primes) from the Python integers they stand for"""
    if shift.moduli is not None:
        cumulative = shift.below(np.arange(len(shift.cumulative)))
        return int.from_bytes(b"".join((b - a).to_bytes(slot, "little")
                                       for a, b in zip(cumulative, cumulative[1:])), "little")
    counts = np.diff(shift.cumulative)
    cells = np.zeros((len(counts), slot), dtype=np.uint8)
    low = counts.astype("<u8").view(np.uint8).reshape(len(counts), 8)
    cells[:, :min(8, slot)] = low[:, :min(8, slot)]
    return int.from_bytes(cells.tobytes(), "little")


def labels_of(strata, sizes):
    """the pooled observations' strata from strata=, a sequence of label
    sequences shaped like data; ValueError for another shape"""
    try:
        groups = [list(s) for s in strata]
    except TypeError:
        raise TypeError("strata: a sequence of label sequences, one label per observation, shaped like data") from None
    if [len(g) for g in groups] != list(sizes) or isinstance(strata, (str, bytes)):
        raise ValueError("strata: one label per observation, shaped like data (sizes %s), not %s"
                         % (list(sizes), [len(g) for g in groups]))
    return [label for g in groups for label in g]


def walk_layout(labels_x, labels_y):
    """(x's order, y's order, aux, number of rearrangements) for the
    kernels' walk within strata (stats_strata.h, PS_STRATA): the strata with
    rows of both samples first, in one order in x and in y, then the others
    (one arrangement each, not walked); aux: the bits that mark where each
    walked stratum's rows start in x and in y, and where they end"""
    in_x, in_y = stratum_indices(labels_x), stratum_indices(labels_y)
    walked = [h for h in in_x if h in in_y]
    orders, aux = [], []
    for rows, other in ((in_x, in_y), (in_y, in_x)):
        orders.append([i for h in walked for i in rows[h]] + [i for h in rows if h not in other for i in rows[h]])
        starts = itertools.accumulate([len(rows[h]) for h in walked], initial=0)
        aux.append(sum(1 << a for a in starts))
    total = math.prod(math.comb(len(in_x[h]) + len(in_y[h]), len(in_x[h])) for h in walked)
    return orders[0], orders[1], aux, total


def rows_layout(labels, sizes, pairs=False):
    """(order, tags, number of rearrangements) for the kernels' walk of k
    groups, or of pairings (pairs: y's order), within strata
    (stats_strata.h, PS_GROUPS and PS_PAIRINGS): the pooled observations'
    (or the pairs') order, stratum by stratum (those of one arrangement
    first), each stratum's by group; tags[i] = 8 * stratum + group of the
    row there, which the kernel reads after the values"""
    group = [0] * sizes[0] if pairs else [g for g, size in enumerate(sizes) for _ in range(size)]
    strata = list(stratum_indices(labels).values())
    walked = sorted(range(len(strata)), key=lambda h: len(strata[h]) > 1 if pairs
                    else len({group[i] for i in strata[h]}) > 1)
    order, tags, total = [], [], 1
    for place, h in enumerate(walked):
        rows = sorted(strata[h], key=lambda i: group[i])
        order += rows
        tags += [8 * place + group[i] for i in rows]
        total *= math.factorial(len(rows))
        for g in set(group[i] for i in rows) if not pairs else ():
            total //= math.factorial(sum(group[i] == g for i in rows))
    return order, tags, total


def pair_labels(labels, n):
    """each pair's stratum from strata= of pairings (x's labels and y's,
    which must agree); ValueError where they do not"""
    if labels[:n] != labels[n:]:
        raise ValueError("strata: pairings are rearranged within strata of pairs: x's and y's labels must be the "
                         "same, pair for pair")
    return labels[:n]


def plan(method, ints, labels):
    """(StrataKey, counter class) for permutation_test: the convolution
    counts within strata ('auto' or 'shift'); None where 'auto' finds it
    past MEMORY (enumeration then)"""
    if method not in ("auto", "shift"):
        raise ValueError("strata: method=%r does not count within strata; method='auto', 'shift' or 'enumerate'"
                         % method)
    key = StrataKey(ints, labels)
    slot = (key.count.bit_length() + 8) // 8
    need = max(_linear.Shift.memory(v, m) for v, m in key.strata) + (key._sum_range()[1] + 1) * (slot * 3 + 8)
    if need > _linear.MEMORY and method == "auto":
        return None
    if need > _linear.MEMORY:
        raise ValueError("strata: counting within strata would need %d MiB here, more than %d MiB (values of fewer "
                         "digits need less)" % (need >> 20, _linear.MEMORY >> 20))
    return key, lambda values, size: Convolution(key)
