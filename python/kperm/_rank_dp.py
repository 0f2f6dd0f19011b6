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


def _program(groups, start, place):
    """run the program over the tie blocks: start the array of the empty
    state; place(old, full, parts, score, ways) the array that state full
    (every group's count so far) sends to full + parts.  Returns the array
    of the final state."""
    sizes = [len(g) for g in groups]
    states = {(0,) * (len(sizes) - 1): start}
    seen = 0
    for _, t in tie_blocks([v for g in groups for v in g]):
        score = 2 * seen + t + 1  # 2 * the midrank of the block
        new = {}
        for c, old in states.items():
            full = c + (seen - sum(c),)
            for parts, ways in _splits(t, [n - x for n, x in zip(sizes, full)]):
                key = tuple(x + p for x, p in zip(c, parts))
                add = place(old, full, parts, score, ways)
                new[key] = new[key] + add if key in new else add
        states, seen = new, seen + t
    return states[tuple(sizes[:-1])]


def _compare(counts, keys, observed, total):
    """(less, equal, greater) of the keys against observed, each key counted
    counts times; they sum to total"""
    less, equal, greater = (int(counts[m].sum()) for m in (keys < observed, keys == observed, keys > observed))
    assert less + equal + greater == total
    return less, equal, greater


def _dtype(total):
    """int64 where every count fits, exact Python integers past that"""
    return np.int64 if total < 1 << 62 else object


def jt2(groups):
    """2*JT of the groups in their order"""
    return sum((a < b) * 2 + (a == b) for gi, gj in itertools.combinations(groups, 2) for a in gi for b in gj)


def jonckheere_terpstra(groups):
    """(2*JT observed, less, equal, greater, total) over every labelling of
    the pooled values with the groups' sizes, the groups in their order"""
    sizes = _sizes(groups, "jonckheere_terpstra")
    top = 2 * sum(a * b for a, b in itertools.combinations(sizes, 2))
    _check_memory(2 * math.prod(n + 1 for n in sizes[:-1]) * (top + 1), "jonckheere_terpstra")
    total = labellings(sizes)
    dtype = _dtype(total)

    def place(old, full, parts, score, ways):
        # each new value of group j is above every earlier value of the
        # groups before j; in the block each pair of groups i < j ties (1/2)
        gain = sum(2 * p * sum(full[:j]) for j, p in enumerate(parts))
        gain += sum(a * b for a, b in itertools.combinations(parts, 2))
        out = np.zeros(top + 1, dtype)
        out[gain:] = old[:top + 1 - gain] * ways
        return out

    start = np.zeros(top + 1, dtype)
    start[0] = 1
    counts = _program(groups, start, place)
    observed = jt2(groups)
    return (observed,) + _compare(counts, np.arange(top + 1), observed, total) + (total,)


def _q_key(sums, sizes):
    """lcm(sizes) * sum_g S_g^2 / n_g, an integer ordering as H does"""
    scale = math.lcm(*sizes)
    return sum(s * s * (scale // n) for s, n in zip(sums, sizes))


def kruskal_wallis(groups):
    """(Q key observed, less, equal, greater, total) of H over every
    labelling (see _q_key; H is increasing in it)"""
    sizes = _sizes(groups, "kruskal_wallis")
    n = sum(sizes)
    top = 2 * n  # a score is at most 2N
    shapes = {c: tuple(x * top + 1 for x in c)
              for c in itertools.product(*(range(m + 1) for m in sizes[:-1]))}
    _check_memory(2 * sum(math.prod(s) for s in shapes.values()), "kruskal_wallis")
    total = labellings(sizes)
    dtype = _dtype(total)

    def place(old, full, parts, score, ways):
        c = tuple(x + p for x, p in zip(full[:-1], parts))
        out = np.zeros(shapes[c], dtype)
        out[tuple(slice(p * score, p * score + m) for p, m in zip(parts, old.shape))] = old * ways
        return out

    counts = _program(groups, np.ones((1,) * (len(sizes) - 1), dtype), place)
    grand = n * (n + 1)  # the sum of every score
    sums = np.indices(counts.shape).reshape(len(sizes) - 1, -1)
    held = counts.reshape(-1) != 0
    sums = [list(map(int, row)) for row in sums[:, held]]
    keys = np.array([_q_key(s + (grand - sum(s),), sizes) for s in zip(*sums)], dtype=object)
    scores = _scores([v for g in groups for v in g])
    at, observed_sums = 0, []
    for m in sizes:
        observed_sums.append(sum(scores[at:at + m]))
        at += m
    return (_q_key(observed_sums, sizes),) + _compare(counts.reshape(-1)[held], keys, _q_key(observed_sums, sizes),
                                                      total) + (total,)


def _scores(values):
    """2 * the midrank of each value, in the values' order"""
    rank, seen = {}, 0
    for v, t in tie_blocks(values):
        rank[v] = 2 * seen + t + 1
        seen += t
    return [rank[v] for v in values]
