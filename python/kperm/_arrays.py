"""Rank ranges as numpy arrays on the host, and unrank / rank_of over arrays
of ranks: kperm.permutations, combinations, multiset_permutations,
k_permutations, and the array forms of kperm.unrank and kperm.rank_of.

Rows come in kperm's lexicographic order, itertools' order. A range is cut
into the blocks of its arrangements that share a prefix: a block the range
holds whole is one table of its shape (made once per call, from the tables
of its children, by relabelling), the range's two partial ends recurse. So
the Python work grows with the depth and not with the rows, and starts past
2^64 cost nothing more (ranks are Python ints throughout)."""
import math

from .host import E_ARG, E_PERM, E_RANK, MAX_N, Error, comb_count, kp_count, ms_count, _int, _ints
from .host import count as _perm_count


def _numpy():
    import numpy
    return numpy


def _range(start, n_rows, total, what):
    """(start, rows) checked against the family's total; rows=None: to the end"""
    start = _int(start, "start")
    if not 0 <= start <= total:
        raise Error(E_RANK, "start %d outside 0..%d (%s = %d)" % (start, total, what, total))
    rows = total - start if n_rows is None else _int(n_rows, "count")
    if rows < 0 or start + rows > total:
        raise Error(E_RANK, "count %d from start %d passes the last rank %d (%s = %d)"
                    % (rows, start, total - 1, what, total))
    return start, rows


class _Arrangements:
    """Arrangements of `length` values drawn from a multiset (counts[v] of
    value v), in lexicographic order: permutations (every count 1, length
    n), k-permutations (every count 1, length k) and multiset permutations
    (length the counts' sum). A table is keyed by its shape, the nonzero
    counts in value order and the length; its entries index those values."""

    def __init__(self, np, counts, length):
        self.np, self.counts, self.length, self.tables = np, list(counts), length, {}

    def size(self, counts, length):
        """the number of arrangements of `length` values drawn from counts"""
        if length == sum(counts):
            total = math.factorial(length)
            for c in counts:
                total //= math.factorial(c)
            return total
        return math.perm(sum(counts), length)  # only distinct values are drawn short

    def table(self, shape, length):
        np = self.np
        key = (shape, length)
        if key not in self.tables:
            if length == 0:
                self.tables[key] = np.zeros((1, 0), np.uint8)
            else:
                parts = []
                for j, c in enumerate(shape):
                    child = shape[:j] + ((c - 1,) if c > 1 else ()) + shape[j + 1:]
                    sub = self.table(child, length - 1)
                    if c == 1:  # value j left the shape: the values above it move down one
                        sub = sub + (sub >= j).astype(np.uint8)
                    part = np.empty((len(sub), length), np.uint8)
                    part[:, 0] = j
                    part[:, 1:] = sub
                    parts.append(part)
                self.tables[key] = np.concatenate(parts)
        return self.tables[key]

    def fill(self, out, row, col, counts, length, start, rows):
        """rows [row, row + rows) of out, columns col..: ranks start.. of the
        arrangements of `length` values drawn from counts"""
        np = self.np
        if rows == self.size(counts, length):  # the whole block: its table, relabelled in place
            values = np.array([v for v, c in enumerate(counts) if c], np.uint8)
            np.take(values, self.table(tuple(c for c in counts if c), length), out=out[row:row + rows, col:],
                    mode="clip")
            return
        for v, c in enumerate(counts):
            if not c:
                continue
            counts[v] -= 1
            block = self.size(counts, length - 1)
            if start < block:
                take = min(rows, block - start)
                out[row:row + take, col] = v
                self.fill(out, row, col + 1, counts, length - 1, start, take)
                row, rows, start = row + take, rows - take, 0
            else:
                start -= block
            counts[v] += 1
            if not rows:
                return

    def rows(self, start, rows):
        out = self.np.empty((rows, self.length), self.np.uint8)
        if rows:
            self.fill(out, 0, 0, list(self.counts), self.length, start, rows)
        return out


class _Combinations:
    """The k-subsets of 0..n-1 as ascending rows, in lexicographic order. A
    table is keyed by (m, k): the k-subsets of 0..m-1."""

    def __init__(self, np, n, k):
        self.np, self.n, self.k, self.tables = np, n, k, {}

    def table(self, m, k):
        np = self.np
        if (m, k) not in self.tables:
            if k == 0:
                self.tables[m, k] = np.zeros((1, 0), np.uint8)
            else:
                parts = []
                for a in range(m - k + 1):
                    sub = self.table(m - 1 - a, k - 1)
                    part = np.empty((len(sub), k), np.uint8)
                    part[:, 0] = a
                    part[:, 1:] = sub + np.uint8(a + 1)
                    parts.append(part)
                self.tables[m, k] = np.concatenate(parts)
        return self.tables[m, k]

    def fill(self, out, row, col, low, k, start, rows):
        """rows of out from column col: ranks start.. of the k-subsets of low..n-1"""
        if rows == math.comb(self.n - low, k):
            out[row:row + rows, col:] = self.table(self.n - low, k) + self.np.uint8(low)
            return
        for a in range(low, self.n - k + 1):
            block = math.comb(self.n - 1 - a, k - 1)
            if start < block:
                take = min(rows, block - start)
                out[row:row + take, col] = a
                self.fill(out, row, col + 1, a + 1, k - 1, start, take)
                row, rows, start = row + take, rows - take, 0
                if not rows:
                    return
            else:
                start -= block

    def rows(self, start, rows):
        out = self.np.empty((rows, self.k), self.np.uint8)
        if rows:
            self.fill(out, 0, 0, 0, self.k, start, rows)
        return out


# ---- each family's arguments, checked and made ints: (its sizes, start, rows);
# kperm.cupy's arrays check theirs with the same calls

def permutation_range(n, start, count):
    n = _int(n, "n")
    return (n,) + _range(start, count, _perm_count(n), "%d!" % n)


def k_permutation_range(n, k, start, count):
    n, k = _int(n, "n"), _int(k, "k")
    return (n, k) + _range(start, count, kp_count(n, k), "P(%d, %d)" % (n, k))


def multiset_range(counts, start, count):
    counts = _ints(counts, "counts")
    return (counts,) + _range(start, count, ms_count(counts), "the multiset's count")


def combination_range(n, k, start, count):
    n, k = _int(n, "n"), _int(k, "k")
    return (n, k) + _range(start, count, comb_count(n, k), "C(%d, %d)" % (n, k))


def permutations(n, start=0, count=None):
    """The permutations of 0..n-1 of lexicographic ranks start .. start +
    count - 1 (count=None: to the last) as a (count, n) uint8 numpy array,
    the rows of itertools.permutations(range(n)) in the same order.
    1 <= n <= 34; start may pass 2^64 (a Python int)."""
    n, start, rows = permutation_range(n, start, count)
    return _Arrangements(_numpy(), [1] * n, n).rows(start, rows)


def k_permutations(n, k, start=0, count=None):
    """The k-permutations of 0..n-1 (ordered, no repeats) of lexicographic
    ranks start .. start + count - 1 as a (count, k) uint8 array:
    itertools.permutations(range(n), k)'s rows. 1 <= k <= n <= 64, P(n, k)
    below 2^64 (kperm.kp_count's limits)."""
    n, k, start, rows = k_permutation_range(n, k, start, count)
    return _Arrangements(_numpy(), [1] * n, k).rows(start, rows)


def multiset_permutations(counts, start=0, count=None):
    """The distinct arrangements of the multiset holding counts[v] copies of
    each value v, of lexicographic ranks start .. start + count - 1, as a
    (count, sum(counts)) uint8 array: sorted(set(itertools.permutations(
    items)))'s rows. The limits of kperm.ms_count."""
    counts, start, rows = multiset_range(counts, start, count)
    return _Arrangements(_numpy(), counts, sum(counts)).rows(start, rows)


def combinations(n, k, start=0, count=None):
    """The k-subsets of 0..n-1 as ascending rows, of lexicographic ranks
    start .. start + count - 1, as a (count, k) uint8 array:
    itertools.combinations(range(n), k)'s rows. 0 <= k <= n <= 128; start
    may pass 2^64."""
    n, k, start, rows = combination_range(n, k, start, count)
    return _Combinations(_numpy(), n, k).rows(start, rows)


def unrank_many(ranks, n):
    """kperm.unrank over a 1-D numpy array of ranks: a (len, n) uint8 array.
    Integer arrays are worked in uint64 (n <= 20); an object array of Python
    ints reaches n = 34."""
    np = _numpy()
    n = _int(n, "n")
    total = _perm_count(n)
    ranks = np.asarray(ranks)
    if ranks.ndim != 1 or ranks.dtype.kind not in "iuO":
        raise Error(E_ARG, "ranks must be a 1-D array of integers, not %s of %s" % (ranks.shape, ranks.dtype))
    wide = ranks.dtype.kind == "O" or n > MAX_N
    if wide:
        rest = np.array([_int(r, "ranks[%d]" % i) for i, r in enumerate(ranks)] + [0], dtype=object)[:-1]
    else:
        rest = ranks
    # the extremes as Python ints: numpy 1.x compares a uint64 with a Python
    # int through float64, which rounds ranks near 20! up to it
    for bad in (int(rest.min()), int(rest.max())) if rest.size else ():
        if not 0 <= bad < total:
            raise Error(E_RANK, "rank %d outside 0..%d (%d! = %d)" % (bad, total - 1, n, total))
    if not wide:
        rest = rest.astype(np.uint64)
    perm = np.empty((len(rest), n), np.uint8)
    for i in range(n):  # the Lehmer digits, place values (n - 1 - i)!
        place = math.factorial(n - 1 - i)
        digit = rest // (place if wide else np.uint64(place))
        perm[:, i] = digit.astype(np.uint8)
        rest = rest - digit * (place if wide else np.uint64(place))
    for i in range(n - 2, -1, -1):  # digit i counts the smaller values to its right: lift those at or above it
        perm[:, i + 1:] += (perm[:, i + 1:] >= perm[:, i:i + 1]).astype(np.uint8)
    return perm


def rank_of_many(perms):
    """kperm.rank_of over the rows of a 2-D array of permutations of
    0..n-1: a uint64 array (n <= 20) or an object array of Python ints."""
    np = _numpy()
    perms = np.asarray(perms)
    if perms.ndim != 2 or perms.dtype.kind not in "iu":
        raise Error(E_ARG, "perms must be a 2-D array of integers, not %s of %s" % (perms.shape, perms.dtype))
    n = perms.shape[1]
    _perm_count(n)
    bad = np.nonzero((np.sort(perms, axis=1) != np.arange(n)).any(axis=1))[0]
    if bad.size:
        raise Error(E_PERM, "row %d, %r, is not a permutation of 0..%d" % (bad[0], perms[bad[0]].tolist(), n - 1))
    wide = n > MAX_N
    rank = np.zeros(len(perms), dtype=object if wide else np.uint64)
    for i in range(n):
        digit = (perms[:, i + 1:] < perms[:, i:i + 1]).sum(axis=1)
        rank = rank * (n - i if wide else np.uint64(n - i)) + (digit.astype(object) if wide else digit.astype(np.uint64))
    return rank
