"""test_arrays.py - kperm's host arrays against itertools: kperm.permutations,
combinations, k_permutations and multiset_permutations over every start and
many counts of small spaces, ranges from ranks past 2^32 and 2^64 against
the one-rank host helpers, unrank and rank_of over arrays, and every bad
argument's status.   python test_arrays.py"""
import itertools
import random
import sys

import numpy as np

import kperm

failed = 0


def check(ok, what):
    global failed
    print("%s arrays: %s" % ("PASS" if ok else "FAIL", what))
    failed += not ok


def table(rows, width):
    rows = list(rows)
    return np.array(rows, np.uint8).reshape(len(rows), width)


def ranges(total):
    """(start, count) pairs: every start with a few counts, then to the end"""
    for start in range(total + 1):
        for count in {0, 1, 2, 7, total - start}:
            if start + count <= total:
                yield start, count


def all_ranges(make, want):
    got = make(0, None)
    ok = got.dtype == np.uint8 and got.shape == want.shape and (got == want).all()
    for start, count in ranges(len(want)):
        ok &= (make(start, count) == want[start:start + count]).all() and make(start, count).shape[0] == count
    return ok


ok = True
for n in range(1, 8):
    want = table(itertools.permutations(range(n)), n)
    ok &= all_ranges(lambda s, c: kperm.permutations(n, s, c), want)
check(ok, "permutations(n) for n = 1..7, every start, counts 0, 1, 2, 7 and to the end: itertools' rows")
ok = True
for n in range(0, 9):
    for k in range(0, n + 1):
        ok &= all_ranges(lambda s, c: kperm.combinations(n, k, s, c), table(itertools.combinations(range(n), k), k))
check(ok, "combinations(n, k) for 0 <= k <= n <= 8, every start: itertools' rows")
ok = True
for n in range(1, 7):
    for k in range(1, n + 1):
        ok &= all_ranges(lambda s, c: kperm.k_permutations(n, k, s, c),
                         table(itertools.permutations(range(n), k), k))
check(ok, "k_permutations(n, k) for 1 <= k <= n <= 6, every start: itertools' rows")
ok = True
for counts in ([1], [3], [2, 1], [1, 2], [2, 2, 1], [0, 3, 1], [1, 0, 2, 2], [2, 1, 1, 2], [1, 1, 1, 1, 1]):
    items = [v for v, c in enumerate(counts) for _ in range(c)]
    ok &= all_ranges(lambda s, c: kperm.multiset_permutations(counts, s, c),
                     table(sorted(set(itertools.permutations(items))), len(items)))
check(ok, "multiset_permutations for 9 multisets (zero counts among them), every start: sorted distinct rows")

rng = random.Random(44)
ok = True
for n, start, count in ((13, 2 ** 32 - 3000, 6000), (20, 2 ** 61 + 99, 5000), (21, 2 ** 64 - 10, 20),
                        (34, kperm.count(34) - 777, 777), (30, 2 ** 100 + rng.randrange(2 ** 90), 3000)):
    rows = kperm.permutations(n, start, count)
    picks = [0, 1, count - 1] + [rng.randrange(count) for _ in range(20)]
    ok &= rows.shape == (count, n) and all(rows[i].tolist() == kperm.unrank(start + i, n) for i in picks)
    ok &= (np.diff(rows.astype(np.int16), axis=0) != 0).any(axis=1).all()  # no row repeated
for n, k, start, count in ((64, 32, 2 ** 60 + 5, 4000), (100, 50, 2 ** 95 + 3, 3000), (128, 64, 0, 100),
                           (128, 64, kperm.comb_count(128, 64) - 100, 100), (128, 7, 2 ** 33, 1000)):
    rows = kperm.combinations(n, k, start, count)
    picks = [0, count - 1] + [rng.randrange(count) for _ in range(20)]
    ok &= rows.shape == (count, k) and all(rows[i].tolist() == kperm.comb_unrank(start + i, n, k) for i in picks)
for n, k, start, count in ((64, 10, 2 ** 58, 3000), (40, 12, 2 ** 40 + 1, 3000)):
    rows = kperm.k_permutations(n, k, start, count)
    ok &= all(rows[i].tolist() == kperm.kp_unrank(start + i, n, k) for i in (0, count // 2, count - 1))
counts = [3, 5, 2, 4, 6, 1, 3]
rows = kperm.multiset_permutations(counts, 2 ** 33, 5000)
ok &= all(rows[i].tolist() == kperm.ms_unrank(2 ** 33 + i, counts) for i in (0, 1234, 4999))
check(ok, "ranges from ranks past 2^32, 2^64 and 2^100 (n up to 34, 128): rows equal the one-rank unranks")

ranks = np.array([rng.randrange(kperm.count(12)) for _ in range(5000)], np.uint64)
perms = kperm.unrank(ranks, 12)
ok = perms.shape == (5000, 12) and all(perms[i].tolist() == kperm.unrank(int(ranks[i]), 12) for i in range(0, 5000, 97))
ok &= (kperm.rank_of(perms) == ranks).all() and kperm.rank_of(perms).dtype == np.uint64
ok &= (kperm.unrank(np.arange(120, dtype=np.int64), 5) == kperm.permutations(5)).all()
big = np.array([2 ** 100 + 7 * i for i in range(300)], dtype=object)
ok &= (kperm.rank_of(kperm.unrank(big, 30)) == big).all()
ok &= kperm.unrank(np.zeros(0, np.uint64), 4).shape == (0, 4)
edge = np.array([kperm.count(20) - 1, kperm.count(20) - 256, kperm.count(19) - 1], np.uint64)  # near 20!: exact, not float64
ok &= all(kperm.unrank(edge, 20)[i].tolist() == kperm.unrank(int(edge[i]), 20) for i in range(3))
ok &= (kperm.permutations(np.int64(5), np.uint64(7), np.int32(9)) == kperm.permutations(5, 7, 9)).all()
ok &= (kperm.combinations(np.uint8(9), np.int16(4)) == kperm.combinations(9, 4)).all()
check(ok, "unrank over arrays of ranks (uint64 near 20!, int64, Python ints past 2^64) and rank_of over rows: "
      "round trips; numpy integers as arguments")

for call, args, status in ((kperm.permutations, (0,), kperm.E_N), (kperm.permutations, (35,), kperm.E_N),
                           (kperm.permutations, (4, 25), kperm.E_RANK), (kperm.permutations, (4, -1), kperm.E_RANK),
                           (kperm.permutations, (4, 20, 5), kperm.E_RANK), (kperm.permutations, (4, 0, -1), kperm.E_RANK),
                           (kperm.permutations, (4, 1.5), kperm.E_ARG), (kperm.combinations, (129, 2), kperm.E_N),
                           (kperm.combinations, (5, 6), kperm.E_N), (kperm.k_permutations, (4, 0), kperm.E_N),
                           (kperm.k_permutations, (64, 32), kperm.E_OVERFLOW),
                           (kperm.multiset_permutations, ([2, -1],), kperm.E_N),
                           (kperm.multiset_permutations, ("ab",), kperm.E_ARG),
                           (kperm.unrank, (np.array([120], np.uint64), 5), kperm.E_RANK),
                           (kperm.unrank, (np.array([-1]), 5), kperm.E_RANK),
                           (kperm.unrank, (np.array([1.0]), 5), kperm.E_ARG),
                           (kperm.unrank, (np.zeros((2, 2), np.uint64), 5), kperm.E_ARG),
                           (kperm.rank_of, (np.array([[0, 1, 2], [0, 0, 2]]),), kperm.E_PERM),
                           (kperm.rank_of, (np.array([[0.0, 1.0]]),), kperm.E_ARG)):
    try:
        call(*args)
        check(False, "%s%r raised nothing" % (call.__name__, args))
    except kperm.Error as e:
        check(e.status == status, "%s%r: %s" % (call.__name__, args, e))
sys.exit(failed != 0)
