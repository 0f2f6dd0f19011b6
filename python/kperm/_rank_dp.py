"""Exact null distributions of k-sample rank statistics with ties by dynamic
programs over the sorted pooled values, in place of enumerating the
multinomial(N; n1, ..., nk) labellings:

  jonckheere_terpstra  JT = sum over groups i < j of U_ij, the pairs
                       (a in group i, b in group j) with a < b, ties 1/2;
                       counted in halves, 2*JT, as integers.
  kruskal_wallis       scipy.stats.kruskal's H (tie corrected) is increasing
                       in Q = sum_g S_g^2 / n_g, S_g the groups' sums of the
                       scores 2*midrank (the ties correction and the total
                       are fixed); the program counts the vectors of sums.

Both walk the tie blocks of the sorted pooled values.  The state is how many
of each of the first k-1 groups came so far (the last group's count follows)
and, in an array, the statistic so far: 2*JT, or the first k-1 groups' sums.
Putting the t values of a block into the groups as (t_1, ..., t_k) happens in
multinomial(t; t_1, ..., t_k) of the labellings, so every labelling counts
once, as in the enumeration, and the counts are the enumeration's.  A program
whose arrays would pass LIMIT_BYTES is refused (ValueError), not run."""
import itertools
import math
from fractions import Fraction

import numpy as np

LIMIT_BYTES = 1 << 28


def tie_blocks(values):
    """[(value, how many)] of values, ascending"""
    return [(v, len(list(run))) for v, run in itertools.groupby(sorted(values))]


def labellings(sizes):
    """multinomial(N; sizes): the labellings of N values with these group sizes"""
    return math.factorial(sum(sizes)) // math.prod(math.factorial(n) for n in sizes)


def _splits(t, room):
    """every (t_1, ..., t_k) with sum t and t_g <= room[g], with its multinomial"""
    for head in itertools.product(*(range(min(t, r) + 1) for r in room[:-1])):
        last = t - sum(head)
        if 0 <= last <= room[-1]:
            parts = head + (last,)
            yield parts, math.factorial(t) // math.prod(math.factorial(p) for p in parts)


def _sizes(groups, name):
    sizes = [len(g) for g in groups]
    if len(sizes) < 2 or min(sizes) < 1:
        raise ValueError("statistic %r: two or more groups, each with a value" % name)
    return sizes


def _check_memory(cells, name):
    if cells * 8 > LIMIT_BYTES:
        raise ValueError("statistic %r: its dynamic program would hold %d counts (more than %d MiB), too many "
                         "for the host" % (name, cells, LIMIT_BYTES >> 20))


def _program(groups, start, make, place, unit=1):
    """run the program over the tie blocks: start the array of the empty
    state, make(c) a zero array of state c; place(target, old, full, parts,
    score, ways) adds to target what state full (every group's count so far)
    sends to full + parts, score the block's 2*midrank / unit.  Returns the
    array of the final state."""
    sizes = [len(g) for g in groups]
    states = {(0,) * (len(sizes) - 1): start}
    seen = 0
    for _, t in tie_blocks([v for g in groups for v in g]):
        score = (2 * seen + t + 1) // unit  # 2 * the midrank of the block
        new = {}
        for c, old in states.items():
            full = c + (seen - sum(c),)
            for parts, ways in _splits(t, [n - x for n, x in zip(sizes, full)]):
                key = tuple(x + p for x, p in zip(c, parts))
                if key not in new:
                    new[key] = make(key)
                place(new[key], old, full, parts, score, ways)
        states, seen = new, seen + t
    return states[tuple(sizes[:-1])]


def _dtype(total):
    """int64 where every count fits, exact Python integers past that"""
    return np.int64 if total < 1 << 62 else object


def jt2(groups):
    """2*JT of the groups in their order"""
    return sum((a < b) * 2 + (a == b) for gi, gj in itertools.combinations(groups, 2) for a in gi for b in gj)


def jonckheere_terpstra(groups):
    """(2*JT observed, the values of 2*JT, how many labellings give each)
    over every labelling of the pooled values with the groups' sizes, the
    groups in their order"""
    sizes = _sizes(groups, "jonckheere_terpstra")
    top = 2 * sum(a * b for a, b in itertools.combinations(sizes, 2))
    _check_memory(2 * math.prod(n + 1 for n in sizes[:-1]) * (top + 1), "jonckheere_terpstra")
    total = labellings(sizes)
    dtype = _dtype(total)

    def place(target, old, full, parts, score, ways):
        # each new value of group j is above every earlier value of the
        # groups before j; in the block each pair of groups i < j ties (1/2)
        gain = sum(2 * p * sum(full[:j]) for j, p in enumerate(parts))
        gain += sum(a * b for a, b in itertools.combinations(parts, 2))
        target[gain:] += old[:top + 1 - gain] * ways

    start = np.zeros(top + 1, dtype)
    start[0] = 1
    counts = _program(groups, start, lambda c: np.zeros(top + 1, dtype), place)
    held = counts != 0
    return jt2(groups), np.arange(top + 1)[held], counts[held]


def _q_key(sums, sizes):
    """lcm(sizes) * sum_g S_g^2 / n_g, an integer ordering as H does"""
    scale = math.lcm(*sizes)
    return sum(s * s * (scale // n) for s, n in zip(sums, sizes))


def kruskal_wallis(groups):
    """(Q observed, the values of Q, how many labellings give each, unit)
    over every labelling: Q = sum_g R_g^2 / n_g of the groups' midrank sums
    R_g (H is increasing in it) as whole multiples of the Fraction unit"""
    sizes = _sizes(groups, "kruskal_wallis")
    n = sum(sizes)
    scores = midrank_scores([v for g in groups for v in g])
    unit = math.gcd(*scores)  # 2 where there are no ties: sums in ranks, arrays a quarter the size
    # c_g values of a group sum to at most the c_g largest scores
    # c values of a group sum to bottom[c] .. top[c], the c least and greatest
    # scores: a state's array holds just these sums
    bottom, top = (list(itertools.accumulate(sorted((v // unit for v in scores), reverse=way), initial=0))
                   for way in (False, True))
    shapes = {c: tuple(top[x] - bottom[x] + 1 for x in c)
              for c in itertools.product(*(range(m + 1) for m in sizes[:-1]))}
    _check_memory(2 * sum(math.prod(s) for s in shapes.values()), "kruskal_wallis")
    total = labellings(sizes)
    dtype = _dtype(total)

    def place(target, old, full, parts, score, ways):
        # old's cells that fall outside target are zeros (no sum reaches them)
        shifts = [bottom[c] + p * score - bottom[c + p] for c, p in zip(full, parts)]
        spans = [(max(0, -d), min(m, t - d)) for d, m, t in zip(shifts, old.shape, target.shape)]
        if all(lo < hi for lo, hi in spans):
            target[tuple(slice(lo + d, hi + d) for (lo, hi), d in zip(spans, shifts))] += \
                old[tuple(slice(lo, hi) for lo, hi in spans)] * ways

    counts = _program(groups, np.ones((1,) * (len(sizes) - 1), dtype), lambda c: np.zeros(shapes[c], dtype), place,
                      unit)
    grand = n * (n + 1) // unit  # the sum of every score
    held = counts.reshape(-1) != 0
    sums = [row + bottom[m] for row, m in
            zip(np.indices(counts.shape).reshape(len(sizes) - 1, -1)[:, held].astype(object), sizes)]
    keys = _q_key(sums + [grand - sum(sums)], sizes)  # Python integers: exact
    at, observed_sums = 0, []
    for m in sizes:
        observed_sums.append(sum(scores[at:at + m]) // unit)
        at += m
    to_q = Fraction(unit * unit, 4 * math.lcm(*sizes))  # S_g is 2 R_g / unit
    return _q_key(observed_sums, sizes), keys, counts.reshape(-1)[held], to_q


def midrank_scores(values):
    """2 * the midrank of each value, in the values' order"""
    rank, seen = {}, 0
    for v, t in tie_blocks(values):
        rank[v] = 2 * seen + t + 1
        seen += t
    return [rank[v] for v in values]


def h_of_q(q, values):
    """scipy.stats.kruskal's H of Q for the pooled values (ValueError where
    every value is tied: H is 0/0)"""
    n = len(values)
    ties = sum(t ** 3 - t for _, t in tie_blocks(values))
    if ties == n ** 3 - n:
        raise ValueError("statistic 'kruskal_wallis': every value is tied, H is undefined")
    return (Fraction(12, n * (n + 1)) * q - 3 * (n + 1)) / (1 - Fraction(ties, n ** 3 - n))


def test(result, groups, name, alternative, bins):
    """permutation_test's result for name, counted by its program; result is
    kperm.stats' _result (statistic, counters, total, alternative, fields)"""
    groups = [list(g) for g in groups]
    pooled = [v for g in groups for v in g]
    if name == "jonckheere_terpstra":
        observed, values, counts = jonckheere_terpstra(groups)
        middle = sum(a * b for a, b in itertools.combinations(map(len, groups), 2))  # 2*JT's mean: symmetric about it
        far = abs(values - middle) >= abs(observed - middle)
        as_float = values / 2
        statistic = observed / 2
    else:
        observed, values, counts, unit = kruskal_wallis(groups)
        far = values >= observed  # H >= 0: |H| is H
        at_0, at_1 = h_of_q(0, pooled), h_of_q(unit, pooled)  # H is linear in Q
        as_float = values.astype(float) * float(at_1 - at_0) + float(at_0)
        statistic = float(h_of_q(observed * unit, pooled))
    counters = tuple(int(counts[m].sum()) for m in (values < observed, values == observed, values > observed, far))
    lo, hi = float(as_float.min()), float(as_float.max())
    edges = np.linspace(lo, hi, bins + 1) if bins else []
    histogram = np.zeros(bins, counts.dtype)
    if bins:
        at = np.minimum(((as_float - lo) * (bins / (hi - lo)) if hi > lo else 0 * as_float).astype(int), bins - 1)
        np.add.at(histogram, at, counts)
    return result(statistic, counters + (0, 0), labellings([len(g) for g in groups]), alternative, exact=True,
                  tolerance=0.0, decimals=0, null_min=lo, null_max=hi, histogram=histogram.tolist(),
                  bin_edges=[float(e) for e in edges], device="host", method="dynamic program")
