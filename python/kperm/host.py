"""Host-side count, unrank and rank_of for every family of the C library, in
pure Python: the same orders, the same limits and the same statuses, so a
rank computed here means the same arrangement in a kernel.

    Python                      C                                            limits
    count(n)                    kperm_count, kperm_count128                  1 <= n <= 34
    unrank(rank, n)             kperm_unrank, kperm_unrank128
    rank_of(perm)               kperm_rank_of, kperm_rank128_of              n = len(perm)
    ms_count(counts)            kperm_ms_count                               m = len(counts)
    ms_unrank(rank, counts)     kperm_ms_unrank
    ms_rank_of(seq, counts)     kperm_ms_rank_of
    kp_count(n, k)              kperm_kp_count
    kp_unrank(rank, n, k)       kperm_kp_unrank
    kp_rank_of(seq, n)          kperm_kp_rank_of                             k = len(seq)
    comb_count(n, k)            kperm_comb_count, kperm_comb_count128        0 <= k <= n <= 128
    comb_unrank(rank, n, k)     kperm_comb_unrank, kperm_comb_unrank128
    comb_rank_of(comb, n)       kperm_comb_rank_of, kperm_comb_rank128_of    k = len(comb)
    sjt_unrank(rank, n)         kperm_sjt_unrank                             1 <= n <= 20
    sjt_rank_of(perm)           kperm_sjt_rank_of                            n = len(perm)
    gray_count(n)               kperm_gray_count                             0 <= n <= 63
    gray_unrank(rank, n)        kperm_gray_unrank                            0 <= n <= 64
    gray_rank_of(mask, n)       kperm_gray_rank_of
    revdoor_unrank(rank, n, k)  kperm_revdoor_unrank_mask                    0 <= k <= n <= 64
    revdoor_rank_of(mask, n)    kperm_revdoor_rank_of_mask                   k = popcount(mask)

Ranks and counts are Python ints, so the lexicographic permutations and the
combinations reach as far as the C library's 128-bit calls (n <= 34, n <= 128)
with one function each; the other families stop where the C library does
(counts below 2^64, n <= 20 for plain changes). Arrangements come back as
lists of ints; any sequence of ints goes in (a list, a tuple, bytes, a numpy
array). Subsets (the Gray code and revolving-door orders) are masks instead,
ints with bit i set when element i is in the subset, as in C. Bad input raises Error, never a wrong answer."""
import math
import operator

# the C library's statuses (kperm/status.h) for what these functions reject
E_N = -2
E_RANK = -3
E_PERM = -4
E_OVERFLOW = -5
E_ARG = -7
_STATUS_NAMES = {E_N: "KPERM_E_N", E_RANK: "KPERM_E_RANK", E_PERM: "KPERM_E_PERM",
                 E_OVERFLOW: "KPERM_E_OVERFLOW", E_ARG: "KPERM_E_ARG"}

# the C library's limits (kperm/status.h, kperm/comb.h, kperm/comb_table.h)
MAX_N = 20
MAX_N128 = 34
MAX_MS_N = 64
MAX_KP_N = 64
MAX_COMB128_N = 128
MAX_GRAY_N = 64  # also kperm_revdoor_*'s n: a mask is 64 bits
COMB_TABLE_SIZE = 2145

_RANK_LIMIT = 1 << 64  # kperm_rank: the families without 128-bit calls stop below it


class Error(ValueError):
    """Bad input to a host helper; .status is the C library's KPERM_E_* value
    for it (kperm.E_N, E_RANK, E_PERM, E_OVERFLOW, or E_ARG for an argument of
    the wrong type), which the C call given the same input returns."""

    __module__ = "kperm"  # where users find it: tracebacks say kperm.Error

    def __init__(self, status, message):
        ValueError.__init__(self, "%s (%s)" % (message, _STATUS_NAMES[status]))
        self.status = status

    def __reduce__(self):  # so that it pickles (multiprocessing) despite its two arguments
        return _error_from_pickle, (self.status, str(self))


def _error_from_pickle(status, text):
    e = Error.__new__(Error)
    ValueError.__init__(e, text)
    e.status = status
    return e


def _int(x, what):
    try:
        return operator.index(x)
    except TypeError:
        raise Error(E_ARG, "%s must be an integer, not %s" % (what, type(x).__name__)) from None


def _ints(seq, what):
    """seq as a list of ints (any iterable of integers: numpy ones too)"""
    try:
        items = list(seq)
    except TypeError:
        raise Error(E_ARG, "%s must be a sequence of integers, not %s" % (what, type(seq).__name__)) from None
    return [_int(x, "%s[%d]" % (what, i)) for i, x in enumerate(items)]


def _rank(rank, count, what):
    rank = _int(rank, "rank")
    if not 0 <= rank < count:
        raise Error(E_RANK, "rank %d outside 0..%d (%s = %d)" % (rank, count - 1, what, count))
    return rank


def _permutation(perm, n):
    """KPERM_E_PERM unless perm (of length n) holds each of 0..n-1 once"""
    if sorted(perm) != list(range(n)):
        raise Error(E_PERM, "%r is not a permutation of 0..%d" % (perm, n - 1))


# ---- permutations in lexicographic order: kperm/lex.h and kperm/rank128.h

def count(n):
    """n!, the number of permutations of 0..n-1, for 1 <= n <= 34 (as
    kperm_count for n <= 20, kperm_count128 beyond)."""
    n = _int(n, "n")
    if not 1 <= n <= MAX_N128:
        raise Error(E_N, "n = %d outside 1..%d" % (n, MAX_N128))
    return math.factorial(n)


def unrank(rank, n):
    """The permutation of 0..n-1 of lexicographic rank `rank`, 0 <= rank < n!,
    1 <= n <= 34 (kperm_unrank, kperm_unrank128). A 1-D numpy array of
    ranks gives a (len, n) uint8 array, one permutation a row."""
    if getattr(rank, "ndim", 0) >= 1:
        from ._arrays import unrank_many
        return unrank_many(rank, n)
    rank = _rank(rank, count(n), "%d!" % n)
    unused, perm = list(range(n)), []
    for i in range(n - 1, -1, -1):  # the Lehmer digit of place value i!
        d, rank = divmod(rank, math.factorial(i))
        perm.append(unused.pop(d))
    return perm


def rank_of(perm):
    """The lexicographic rank of perm, a permutation of 0..n-1 with
    n = len(perm) <= 34 (kperm_rank_of, kperm_rank128_of). A 2-D numpy
    array gives the rank of each row: uint64 (n <= 20) or Python ints."""
    if getattr(perm, "ndim", 0) == 2:
        from ._arrays import rank_of_many
        return rank_of_many(perm)
    perm = _ints(perm, "perm")
    n = len(perm)
    count(n)
    _permutation(perm, n)
    unused, rank = list(range(n)), 0
    for i, v in enumerate(perm):
        rank = rank * (n - i) + unused.index(v)
        unused.remove(v)
    return rank


# ---- arrangements of a multiset: kperm/multiset.h

def ms_count(counts):
    """The number of arrangements of the multiset holding value v counts[v]
    times: n!/prod(counts[v]!) with n = sum(counts). 1 <= len(counts) <= 64,
    1 <= n <= 64, and the count below 2^64 (kperm_ms_count)."""
    counts = _ints(counts, "counts")
    if not 1 <= len(counts) <= MAX_MS_N:
        raise Error(E_N, "%d values (len(counts)) outside 1..%d" % (len(counts), MAX_MS_N))
    if min(counts) < 0:
        raise Error(E_N, "counts %r holds a negative count" % (counts,))
    n = sum(counts)
    if not 1 <= n <= MAX_MS_N:
        raise Error(E_N, "%d elements (sum(counts)) outside 1..%d" % (n, MAX_MS_N))
    total = math.factorial(n)
    for c in counts:
        total //= math.factorial(c)
    if total >= _RANK_LIMIT:
        raise Error(E_OVERFLOW, "the multiset %r has %d arrangements, 2^64 or more" % (counts, total))
    return total


def ms_unrank(rank, counts):
    """The arrangement of lexicographic rank `rank` of the multiset `counts`
    (see ms_count): sum(counts) values (kperm_ms_unrank)."""
    total = ms_count(counts)
    rank = _rank(rank, total, "ms_count(counts)")
    left = _ints(counts, "counts")
    out = []
    for rest in range(sum(left), 0, -1):
        # the arrangements that put v next: total * left[v] / rest, exactly
        for v, c in enumerate(left):
            group = total * c // rest
            if rank < group:
                break
            rank -= group
        out.append(v)
        left[v] -= 1
        total = group
    return out


def ms_rank_of(seq, counts):
    """The lexicographic rank of seq among the arrangements of the multiset
    `counts` (see ms_count); seq must hold each value v exactly counts[v]
    times (kperm_ms_rank_of)."""
    total = ms_count(counts)
    left = _ints(counts, "counts")
    seq = _ints(seq, "seq")
    if sorted(seq) != [v for v, c in enumerate(left) for _ in range(c)]:
        raise Error(E_PERM, "%r is not an arrangement of the multiset %r" % (seq, left))
    rank = 0
    for rest, x in zip(range(len(seq), 0, -1), seq):
        rank += sum(total * c // rest for c in left[:x])
        total = total * left[x] // rest
        left[x] -= 1
    return rank


# ---- k-permutations: kperm/partial.h

def kp_count(n, k):
    """n!/(n-k)!, the number of ordered selections of k of 0..n-1, for
    1 <= k <= n <= 64 and a count below 2^64 (kperm_kp_count)."""
    n, k = _int(n, "n"), _int(k, "k")
    if not 1 <= k <= n <= MAX_KP_N:
        raise Error(E_N, "n = %d, k = %d: not 1 <= k <= n <= %d" % (n, k, MAX_KP_N))
    total = math.factorial(n) // math.factorial(n - k)
    if total >= _RANK_LIMIT:
        raise Error(E_OVERFLOW, "%d!/%d! = %d is 2^64 or more" % (n, n - k, total))
    return total


def kp_unrank(rank, n, k):
    """The k-permutation of 0..n-1 of lexicographic rank `rank`: k distinct
    values (kperm_kp_unrank)."""
    place = kp_count(n, k)
    rank = _rank(rank, place, "kp_count(%d, %d)" % (n, k))
    unused, out = list(range(n)), []
    for i in range(k):
        place //= n - i  # the selections after i + 1 values: P(n-1-i, k-1-i)
        d, rank = divmod(rank, place)
        out.append(unused.pop(d))
    return out


def kp_rank_of(seq, n):
    """The lexicographic rank of seq, k = len(seq) distinct values of
    0..n-1, among the k-permutations of n (kperm_kp_rank_of)."""
    seq = _ints(seq, "seq")
    place = kp_count(n, len(seq))
    if len(set(seq)) != len(seq) or not all(0 <= v < n for v in seq):
        raise Error(E_PERM, "%r does not hold distinct values of 0..%d" % (seq, n - 1))
    unused, rank = list(range(n)), 0
    for i, v in enumerate(seq):
        place //= n - i
        rank += place * unused.index(v)
        unused.remove(v)
    return rank


# ---- combinations: kperm/comb.h

def comb_count(n, k):
    """C(n, k), the number of k-subsets of 0..n-1, for 0 <= k <= n <= 128
    (kperm_comb_count for n <= 64, kperm_comb_count128 beyond)."""
    n, k = _int(n, "n"), _int(k, "k")
    if not 0 <= k <= n <= MAX_COMB128_N:
        raise Error(E_N, "n = %d, k = %d: not 0 <= k <= n <= %d" % (n, k, MAX_COMB128_N))
    return math.comb(n, k)


def comb_unrank(rank, n, k):
    """The k-subset of 0..n-1 of rank `rank`, as its values ascending, in
    lexicographic order of those lists (itertools.combinations' order)
    (kperm_comb_unrank, kperm_comb_unrank128)."""
    place = comb_count(n, k)
    rank = _rank(rank, place, "comb_count(%d, %d)" % (n, k))
    out, v = [], 0
    while len(out) < k:
        # of the `place` subsets left, those that take v: C(n-v-1, k-len(out)-1)
        take = place * (k - len(out)) // (n - v)
        if rank < take:
            out.append(v)
            place = take
        else:
            rank -= take
            place -= take
        v += 1
    return out


def comb_rank_of(comb, n):
    """The rank of comb, k = len(comb) strictly increasing values of 0..n-1,
    among the k-subsets of n (kperm_comb_rank_of, kperm_comb_rank128_of)."""
    comb = _ints(comb, "comb")
    k = len(comb)
    place = comb_count(n, k)
    if any(not 0 <= v < n for v in comb) or any(a >= b for a, b in zip(comb, comb[1:])):
        raise Error(E_PERM, "%r is not strictly increasing in 0..%d" % (comb, n - 1))
    rank, j = 0, k
    for v in range(n):
        if j == 0:
            break
        take = place * j // (n - v)
        if comb[k - j] == v:
            place = take
            j -= 1
        else:
            rank += take
            place -= take
    return rank


def comb_table(as_numpy=True):
    """The binomials C(d, j), 0 <= j <= d <= 64, laid out as kperm_comb_table
    (kperm/comb_table.h): row j holds C(j, j), C(j + 1, j), ..., C(64, j) and
    starts at index 65j - j(j - 1)/2; COMB_TABLE_SIZE = 2145 entries. The
    buffer kperm_comb_unrank_mask_in reads: upload it as it is, e.g.
    pyopencl.Buffer(ctx, mem_flags.READ_ONLY | mem_flags.COPY_HOST_PTR,
    hostbuf=kperm.comb_table()).

    A new numpy array of dtype uint64 (numpy is imported by this call only),
    or with as_numpy=False a list of Python ints, which needs no numpy."""
    table = [math.comb(d, j) for j in range(65) for d in range(j, 65)]
    if not as_numpy:
        return table
    import numpy

    return numpy.array(table, dtype=numpy.uint64)


# ---- subsets as masks, in Gray code order: kperm/gray.h

def _mask_n(n):
    n = _int(n, "n")
    if not 0 <= n <= MAX_GRAY_N:
        raise Error(E_N, "n = %d outside 0..%d" % (n, MAX_GRAY_N))
    return n


def _mask(mask, n):
    """KPERM_E_PERM unless mask is a subset of 0..n-1"""
    mask = _int(mask, "mask")
    if not 0 <= mask < 1 << n:
        raise Error(E_PERM, "mask %#x is not a subset of 0..%d" % (mask, n - 1))
    return mask


def gray_count(n):
    """2^n, the number of subsets of 0..n-1, for 0 <= n <= 63: the C rank
    holds no 2^64, so n = 64 is KPERM_E_OVERFLOW (kperm_gray_count)."""
    n = _mask_n(n)
    if n == MAX_GRAY_N:
        raise Error(E_OVERFLOW, "2^%d is 2^64 or more" % n)
    return 1 << n


def gray_unrank(rank, n):
    """The subset of 0..n-1 of binary-reflected Gray code rank `rank`, as a
    mask, 0 <= rank < 2^n, 0 <= n <= 64 (kperm_gray_unrank)."""
    n = _mask_n(n)
    rank = _rank(rank, 1 << n, "2^%d" % n)
    return rank ^ (rank >> 1)


def gray_rank_of(mask, n):
    """The Gray code rank of the subset `mask` of 0..n-1, 0 <= n <= 64
    (kperm_gray_rank_of)."""
    mask = _mask(mask, _mask_n(n))
    rank = 0
    while mask:  # bit i of the rank: the parity of the mask's bits i and up
        rank ^= mask
        mask >>= 1
    return rank


# ---- k-subsets as masks, in revolving-door order: kperm/revdoor.h

def revdoor_unrank(rank, n, k):
    """The k-subset of 0..n-1 of revolving-door rank `rank` (Knuth's
    Algorithm R), as a mask, 0 <= rank < C(n, k), 0 <= k <= n <= 64
    (kperm_revdoor_unrank_mask)."""
    n, k = _int(n, "n"), _int(k, "k")
    if not 0 <= k <= n <= MAX_GRAY_N:
        raise Error(E_N, "n = %d, k = %d: not 0 <= k <= n <= %d" % (n, k, MAX_GRAY_N))
    rank = _rank(rank, math.comb(n, k), "comb_count(%d, %d)" % (n, k))
    mask, d = 0, n
    for j in range(k, 0, -1):
        # c_j: the largest d with C(d, j) <= rank; then its rank among the j - 1 below, reversed
        d = next(d for d in range(d - 1, j - 2, -1) if math.comb(d, j) <= rank)
        mask |= 1 << d
        rank = math.comb(d + 1, j) - 1 - rank
    return mask


def revdoor_rank_of(mask, n):
    """The revolving-door rank of the subset `mask` of 0..n-1 among those of
    its size, 0 <= n <= 64 (kperm_revdoor_rank_of_mask)."""
    mask = _mask(mask, _mask_n(n))
    rank, i = 0, 0
    for v in range(n):
        if mask >> v & 1:
            i += 1
            rank = math.comb(v + 1, i) - 1 - rank
    return rank


# ---- plain changes (Steinhaus-Johnson-Trotter): kperm/sjt.h

def sjt_unrank(rank, n):
    """The permutation of 0..n-1 of plain-changes rank `rank` (Knuth's
    Algorithm P from the identity), 0 <= rank < n!, 1 <= n <= 20
    (kperm_sjt_unrank)."""
    n = _int(n, "n")
    if not 1 <= n <= MAX_N:
        raise Error(E_N, "n = %d outside 1..%d" % (n, MAX_N))
    rank = _rank(rank, math.factorial(n), "%d!" % n)
    free, perm = list(range(n)), [0] * n
    for v in range(n - 1, 0, -1):
        # t: how far v has moved in its sweep; the rank left (of 0..v-1's
        # arrangement) is odd when v sweeps left to right
        rank, t = divmod(rank, v + 1)
        perm[free.pop(t if rank & 1 else v - t)] = v
    return perm


def sjt_rank_of(perm):
    """The plain-changes rank of perm, a permutation of 0..n-1 with
    n = len(perm) <= 20 (kperm_sjt_rank_of)."""
    perm = _ints(perm, "perm")
    n = len(perm)
    if not 1 <= n <= MAX_N:
        raise Error(E_N, "n = %d (len(perm)) outside 1..%d" % (n, MAX_N))
    _permutation(perm, n)
    rank = 0
    for v in range(1, n):
        place = sum(1 for x in perm[:perm.index(v)] if x < v)  # v's place among 0..v
        rank = rank * (v + 1) + (place if rank & 1 else v - place)
    return rank
