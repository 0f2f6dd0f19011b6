"""kperm.stats' Python statistics: a callable evaluated on the host with
numpy, in batches, over every rearrangement of the data or over uniform
random ones, with scipy.stats.permutation_test's meaning of vectorized,
batch, axis and permutation_type (one sample under "samples": sign flips),
and independent samples' labels moved only within strata where given.
Its values are kept, as scipy keeps them: null_distribution."""
import inspect
import itertools
import math

import numpy as np

from ._strata import labels_of, stratum_indices

SCIPY_TOLERANCE = (1e-14, 1e-14)  # scipy 1.10's band: max(1e-14, 1e-14 * |observed|)
MAX_REARRANGEMENTS = 10 ** 8  # enumerated by default at most: the null distribution is kept (8 bytes a value)
BATCH_VALUES = 1 << 22  # batch=None: rearrangements a call, about this many data values in all


def vectorize(statistic, vectorized):
    """statistic(*samples, axis=...) for a statistic of 1-d samples or a
    vectorized one; vectorized None: whether it takes `axis`"""
    if vectorized not in (True, False, None):
        raise ValueError("vectorized: True, False or None, not %r" % (vectorized,))
    if vectorized is None:
        try:
            vectorized = "axis" in inspect.signature(statistic).parameters
        except (TypeError, ValueError):  # a builtin without a signature
            vectorized = False
    if vectorized:
        return statistic

    def along_axis(*samples, axis):
        """the statistic of each 1-d slice along axis: the samples are
        concatenated, and each slice split again (as scipy does)"""
        splits = np.cumsum([s.shape[axis] for s in samples])[:-1]
        z = np.moveaxis(np.concatenate(samples, axis=axis), axis, 0)
        return np.apply_along_axis(lambda v: statistic(*np.split(v, splits)), 0, z)[()]
    return along_axis


def samples_along(data, axis):
    """the samples as arrays broadcast to one shape but along axis (a
    sample of fewer dimensions gets leading ones), axis moved last"""
    try:
        arrays = [np.atleast_1d(np.asarray(s)) for s in data]
    except (TypeError, ValueError) as e:
        raise TypeError("data: a sequence of samples, each an array of numbers (%s)" % e) from None
    if not arrays:
        raise ValueError("data: no sample")
    if any(a.dtype.kind not in "biuf" for a in arrays):
        raise TypeError("data: samples of numbers, not %s" % ", ".join(sorted({str(a.dtype) for a in arrays})))
    ndim = max(a.ndim for a in arrays)
    if not (isinstance(axis, (int, np.integer)) and -ndim <= axis < ndim):
        raise ValueError("axis: an int from %d to %d for data of %d dimensions, not %r" % (-ndim, ndim - 1, ndim, axis))
    arrays = [np.moveaxis(a.reshape((1,) * (ndim - a.ndim) + a.shape), axis, -1) for a in arrays]
    try:
        shape = np.broadcast_shapes(*(a.shape[:-1] for a in arrays))
    except ValueError:
        raise ValueError("data: samples whose shapes do not broadcast but along axis: %s"
                         % ", ".join(str(a.shape) for a in arrays)) from None
    return [np.broadcast_to(a, shape + a.shape[-1:]) for a in arrays]


def layout(samples, permutation_type, labels=None):
    """(number of rearrangements, rearrange, every, draw, samples passed):
    rearrange(rows) is the samples of a batch of index rows, each with the
    batch first; every(batch) yields the index rows of all rearrangements,
    the data's own first, batch at a time; draw(rng, b) b random rows.
    labels: the pooled observations' strata (independent samples), or None"""
    m, sizes = len(samples), [s.shape[-1] for s in samples]
    if min(sizes) < 2:
        raise ValueError("data: each sample needs two or more observations along axis")
    if permutation_type == "independent":
        if m < 2:
            raise ValueError("data: two or more samples for permutation_type 'independent'")
        pooled, n, cuts = np.concatenate(samples, axis=-1), sum(sizes), np.cumsum(sizes)[:-1]

        def rearrange(rows):
            return np.split(np.moveaxis(pooled[..., rows], -2, 0), cuts, axis=-1)
        if labels is not None:
            total, every, draw = _within_strata(sizes, labels)
            return total, rearrange, every, draw, m
        total = math.factorial(n)
        for s in sizes:
            total //= math.factorial(s)
        return (total, rearrange, lambda batch: _batches(_splits(sizes), batch),
                lambda rng, b: np.argsort(rng.random((b, n)), axis=-1), m)
    if len(set(sizes)) > 1:
        raise ValueError("permutation_type %r: samples of the same length, not %s" % (permutation_type, sizes))
    n = sizes[0]
    if permutation_type == "pairings":
        def rearrange(rows):  # rows[b, i]: the order of sample i
            return [np.moveaxis(s[..., rows[:, i]], -2, 0) for i, s in enumerate(samples)]
        if labels is not None:
            total, every, draw = _pairings_within_strata(labels, n, m)
            return total, rearrange, every, draw, m
        # product() reads its input whole: made only once the count is allowed
        return (math.factorial(n) ** m, rearrange,
                lambda batch: _batches(itertools.product(itertools.permutations(range(n)), repeat=m), batch),
                lambda rng, b: np.argsort(rng.random((b, m, n)), axis=-1), m)
    # "samples": in each pair the observations change samples; one sample:
    # its sign flips, as scipy does it, the second sample being its negative
    passed = m
    if m == 1:
        samples, m = [samples[0], -samples[0]], 2
    stacked = np.stack(samples, axis=-2)  # (..., m, n)

    def rearrange(rows):  # rows[b, j, i]: the sample whose observation j goes to sample i
        moved = np.moveaxis(stacked[..., rows.transpose(0, 2, 1), np.arange(n)], -3, 0)
        return [moved[..., i, :] for i in range(passed)]
    return (math.factorial(m) ** n, rearrange, lambda batch: _assignments(m, n, batch),
            lambda rng, b: np.argsort(rng.random((b, n, m)), axis=-1), passed)


def _batches(rows, batch):
    """the tuples of the iterator rows as arrays of up to batch rows"""
    while True:
        chunk = np.array(list(itertools.islice(rows, batch)))
        if not len(chunk):
            return
        yield chunk


def _assignments(m, n, batch):
    """every choice of an order of the m samples in each of n pairs, as
    itertools.product(permutations(range(m)), repeat=n) gives them: rank r's
    digits in base m!, the last pair's fastest, each an order's index"""
    orders = np.array(list(itertools.permutations(range(m))))
    base, total = len(orders), len(orders) ** n
    powers = np.array([base ** (n - 1 - j) for j in range(n)], dtype=np.int64)
    for start in range(0, total, batch):
        ranks = np.arange(start, min(start + batch, total), dtype=np.int64)
        yield orders[ranks[:, None] // powers % base]


def _within_strata(sizes, labels):
    """(number, every(batch), draw(rng, b)) of the rearrangements of the
    pooled samples (sizes) whose labels move only within strata (labels:
    each pooled observation's stratum). A rearrangement is a vector of
    group labels, stratum by stratum one of the distinct orders of that
    stratum's own labels; its index row lists group 0's observations, then
    group 1's ..., each in pooled order (a stable sort of the vector), so the
    data's own labels give the identity, first."""
    group = np.repeat(np.arange(len(sizes)), sizes)
    members = [np.array(i) for i in stratum_indices(labels).values()]
    orders = []  # each stratum's distinct labellings, its own first
    for at in members:
        shares = np.bincount(group[at], minlength=len(sizes))
        rows = np.array(list(_splits([c for c in shares if c])), dtype=np.int64).reshape(-1, len(at))
        present = np.flatnonzero(shares)  # the stratum's groups; _splits numbers them 0, 1, ...
        ways = np.empty_like(rows)
        ways[np.arange(len(rows))[:, None], rows] = present[np.repeat(np.arange(len(present)), shares[present])]
        orders.append(ways)
    total = math.prod(len(w) for w in orders)
    radix = [len(w) for w in orders]

    def rows_of(vectors):
        return np.argsort(vectors, axis=-1, kind="stable")

    def every(batch):
        for start in range(0, total, batch):
            rank = np.arange(start, min(start + batch, total), dtype=np.int64)
            vectors = np.empty((len(rank), len(group)), dtype=np.int64)
            for at, ways, base in zip(members, orders, radix):  # the first stratum the fastest digit
                vectors[:, at] = ways[rank % base]
                rank //= base
            yield rows_of(vectors)

    def draw(rng, b):
        vectors = np.empty((b, len(group)), dtype=np.int64)
        for at in members:
            vectors[:, at] = rng.permuted(np.broadcast_to(group[at], (b, len(at))), axis=-1)
        return rows_of(vectors)
    return total, every, draw


def _pairings_within_strata(labels, n, m):
    """(number, every(batch), draw(rng, b)) of the pairings whose samples'
    orders move only within strata of pairs (labels: each sample's, the
    same pair for pair): rows[b, i] sample i's order, every sample's the
    product of its strata's permutations, the data's own first"""
    if any(labels[i * n:(i + 1) * n] != labels[:n] for i in range(m)):
        raise ValueError("strata: pairings are rearranged within strata of pairs: every sample's labels the same, "
                         "pair for pair")
    members = list(stratum_indices(labels[:n]).values())
    total = math.prod(math.factorial(len(at)) for at in members) ** m

    def orders():
        for choice in itertools.product(*(itertools.permutations(at) for at in members)):
            order = [0] * n
            for at, moved in zip(members, choice):
                for i, j in zip(at, moved):
                    order[i] = j
            yield order

    def draw(rng, b):
        rows = np.tile(np.arange(n), (b, m, 1))
        for at in members:
            rows[..., at] = rng.permuted(np.broadcast_to(np.array(at), (b, m, len(at))), axis=-1)
        return rows
    return total, lambda batch: _batches(itertools.product(orders(), repeat=m), batch), draw


def _splits(sizes):
    """every split of range(sum(sizes)) into groups of these sizes, each
    group's indices in order, concatenated; the first is the data's own"""
    def split(pool, sizes):
        if len(sizes) == 1:
            yield tuple(pool)
            return
        for chosen in itertools.combinations(pool, sizes[0]):
            taken = set(chosen)
            rest = [i for i in pool if i not in taken]
            for tail in split(rest, sizes[1:]):
                yield chosen + tail
    return split(list(range(sum(sizes))), sizes)


def generator(rng, random_state):
    """numpy's random generator from rng or random_state (scipy's name
    until 1.15): None, an int seed, a Generator or a RandomState"""
    if rng is not None and random_state is not None:
        raise ValueError("rng and random_state: give one of them")
    seed = rng if rng is not None else random_state
    if isinstance(seed, (np.random.Generator, np.random.RandomState)):
        return seed
    if seed is None or (isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0):
        return np.random.default_rng(seed)
    raise ValueError("rng: None, an int seed >= 0 or a numpy.random.Generator, not %r" % (seed,))


def null_values(statistic, rearrange, chunks):
    """the statistic of every rearrangement of each chunk of index rows"""
    return np.concatenate([np.asarray(statistic(*rearrange(rows), axis=-1), dtype=float) for rows in chunks], axis=0)


def run(data, statistic, permutation_type, vectorized, n_resamples, batch, axis, rng, random_state, band,
        max_rearrangements, strata=None):
    """(observed, gamma, null distribution, number of rearrangements,
    number counted, sampled) for a Python statistic; band(observed) the
    tolerance's half-width; strata as permutation_test's (under "samples"
    they change nothing: each pair is a stratum already)"""
    statistic = vectorize(statistic, vectorized)
    samples = samples_along(data, axis)
    labels = None
    if strata is not None and permutation_type != "samples":
        labels = labels_of(strata, [s.shape[-1] for s in samples])
    total, rearrange, every, draw, passed = layout(samples, permutation_type, labels)
    if batch is not None and not (isinstance(batch, (int, np.integer)) and batch > 0):
        raise ValueError("batch: a positive int or None, not %r" % (batch,))
    sampled = n_resamples is not None and n_resamples < total
    count = int(n_resamples) if sampled else total
    if not sampled and total > max_rearrangements:
        raise ValueError("%d rearrangements is more than max_rearrangements = %d for a Python statistic (its "
                         "values are kept); raise it, or give n_resamples to draw that many at random"
                         % (total, max_rearrangements))
    observed = np.asarray(statistic(*samples[:passed], axis=-1), dtype=float)[()]
    if np.any(np.isnan(observed)) or np.any(np.isinf(observed)):
        raise ValueError("statistic: %r for the data as observed (a zero variance?)" % (observed,))
    gamma = np.vectorize(band, otypes=[float])(observed)[()]
    per_row = max(1, sum(s.size for s in samples))
    batch = int(batch) if batch is not None else max(1, BATCH_VALUES // per_row)
    if sampled:
        drawn_by = generator(rng, random_state)
        chunks = (draw(drawn_by, min(batch, count - start)) for start in range(0, count, batch))
    else:
        chunks = every(batch)
    null = null_values(statistic, rearrange, chunks)
    return observed, gamma, null, total, count, sampled


def tally(null, observed, gamma):
    """(less, equal, greater, abs_ge, in_band, undefined) of the null
    values against the observed one within gamma, as stats_kernel.h
    counts in floating point (each an int, or an array of them)"""
    undefined = np.isnan(null)
    less, greater = null < observed - gamma, null > observed + gamma
    equal = ~(less | greater | undefined)
    counts = (less, equal, greater, np.abs(null) >= np.abs(observed) - gamma, equal & (null != observed), undefined)
    return tuple(np.count_nonzero(c, axis=0)[()] for c in counts)


def histogram(null, bins, hist_range):
    """(lo, hi, histogram, hist_range) of a scalar statistic's null values
    as stats_kernel.h bins them: finite extremes, values outside the range
    in the end bins, 0/0 in none"""
    from ._linear import histogram_range

    finite = null[np.isfinite(null)]
    lo, hi = (float(finite.min()), float(finite.max())) if finite.size else (math.nan, math.nan)
    if not bins:
        return lo, hi, [], hist_range
    if hist_range is None:
        hist_range = histogram_range(lo, hi, bins) if finite.size else (0.0, 0.0)
    inv = bins / (hist_range[1] - hist_range[0]) if hist_range[1] > hist_range[0] else 0.0
    with np.errstate(invalid="ignore"):
        t = (null[~np.isnan(null)] - hist_range[0]) * inv
        t = np.minimum(np.where(t > 0, t, 0), bins - 1)
    return lo, hi, np.bincount(t.astype(np.int64), minlength=bins).tolist(), hist_range
