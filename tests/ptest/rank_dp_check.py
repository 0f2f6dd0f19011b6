#!/usr/bin/python3
"""kperm's dynamic programs for Kruskal-Wallis and Jonckheere-Terpstra
(python/kperm/_rank_dp.py) against a brute force: every labelling of the
pooled values enumerated, H and JT computed from midranks in Fractions.
Random small cases with ties; plus the refusal of a program too big."""
import itertools
import os
import random
import sys
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
from kperm import _rank_dp, stats  # noqa: E402


def midranks(values):
    return [Fraction(sum(1 for w in values if w < v) * 2 + sum(1 for w in values if w == v) + 1, 2) for v in values]


def h_statistic(groups):
    """scipy.stats.kruskal's H, tie corrected, in Fractions"""
    pooled = [v for g in groups for v in g]
    n, ranks = len(pooled), midranks(pooled)
    h, at = Fraction(0), 0
    for g in groups:
        r = sum(ranks[at:at + len(g)])
        h += r * r / len(g)
        at += len(g)
    h = Fraction(12, n * (n + 1)) * h - 3 * (n + 1)
    ties = sum(t ** 3 - t for t in (pooled.count(v) for v in set(pooled)))
    correction = 1 - Fraction(ties, n ** 3 - n)
    return h / correction if correction else None


def jt(groups):
    return sum((a < b) + Fraction(a == b, 2) for gi, gj in itertools.combinations(groups, 2) for a in gi for b in gj)


def labellings(pooled, sizes):
    """every split of pooled (by position) into groups of these sizes"""
    if len(sizes) == 1:
        yield [pooled]
        return
    for pick in itertools.combinations(range(len(pooled)), sizes[0]):
        rest = [v for i, v in enumerate(pooled) if i not in pick]
        for tail in labellings(rest, sizes[1:]):
            yield [[pooled[i] for i in pick]] + tail


def brute(groups, statistic):
    observed = statistic(groups)
    less = equal = greater = 0
    for split in labellings([v for g in groups for v in g], [len(g) for g in groups]):
        v = statistic(split)
        less, equal, greater = less + (v < observed), equal + (v == observed), greater + (v > observed)
    return less, equal, greater


def counted(program):
    """(less, equal, greater) of a program's (observed, values, counts)"""
    observed, values, counts = program
    return tuple(sum(c for v, c in zip(values, counts) if test(v, observed)) for test in
                 (lambda v, o: v < o, lambda v, o: v == o, lambda v, o: v > o))


def main():
    rng = random.Random(20261128)
    failures = cases = 0
    while cases < 200:
        k = rng.choice([2, 2, 3, 3, 4])
        sizes = [rng.randint(1, 4 if k < 4 else 2) for _ in range(k)]
        if sum(sizes) > 9:  # keep the brute force quick
            continue
        top = rng.choice([2, 3, 5, 20])
        groups = [[rng.randint(0, top) for _ in range(m)] for m in sizes]
        got = counted(_rank_dp.jonckheere_terpstra(groups))
        want = brute(groups, jt)
        result = _rank_dp.test(stats._result, groups, "jonckheere_terpstra", "greater", 4)
        if got != want or result.statistic != jt(groups) or sum(result.histogram) != sum(want):
            failures += 1
            print("FAIL: JT %s: %s, brute force %s" % (groups, got, want))
        if h_statistic(groups) is not None:  # every value tied: H undefined
            got = counted(_rank_dp.kruskal_wallis(groups)[:3])
            want = brute(groups, h_statistic)
            result = _rank_dp.test(stats._result, groups, "kruskal_wallis", "greater", 4)
            if got != want or result.statistic != float(h_statistic(groups)):
                failures += 1
                print("FAIL: H %s: %s, brute force %s" % (groups, got, want))
        cases += 1
    print("%s: %d random cases of Kruskal-Wallis and Jonckheere-Terpstra with ties against the brute force"
          % ("FAIL" if failures else "PASS", cases))
    # two groups: H is increasing in |U - its mean|, U = JT; counts past 2^62
    # (exact Python integers) checked one program against the other
    groups = [[rng.randint(0, 9) for _ in range(40)] for _ in range(2)]
    h = _rank_dp.test(stats._result, groups, "kruskal_wallis", "greater", 0)
    u = _rank_dp.test(stats._result, groups, "jonckheere_terpstra", "greater", 0)
    ok = h.greater + h.equal == u.abs_ge and h.n_rearrangements > 1 << 62
    failures += not ok
    print("%s: two groups of 40 with ties (%d labellings): H >= H_obs %d times, |JT - mean| >= its observed %d times"
          % ("PASS" if ok else "FAIL", h.n_rearrangements, h.greater + h.equal, u.abs_ge))
    for program, groups in ((_rank_dp.kruskal_wallis, [list(range(30))] * 5),
                            (_rank_dp.jonckheere_terpstra, [list(range(200))] * 6)):
        try:
            program(groups)
            print("FAIL: %s: a program too big was not refused" % program.__name__)
            failures += 1
        except ValueError as e:
            print("PASS: refused: %s" % e)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
