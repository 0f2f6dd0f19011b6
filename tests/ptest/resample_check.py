#!/usr/bin/python3
"""resample_check.py - Monte Carlo counting (kperm.stats.permutation_test
with n_resamples below the number of rearrangements: stats_sample.h's
ps_sample through python/kperm/_resample.py) on the OpenCL backend.

- the draws: for each walk and several seeds, the counts ps_sample makes
  equal those of the ranks kperm._resample.draw_ranks draws in numpy, each
  valued on its own (ps_values) and compared in fractions here;
- the 128-bit rank of a draw's two words (ps_scale128) on the device
  against Python integers, edge and random words;
- past 64 observations (50 + 50, 64 + 64, 100 + 28: ranks past 2^64): the
  counts those of the lexicographic subsets of draw_ranks' ranks, written
  and valued in fractions here;
- totals below 2^64 draw as before totals past it were drawn: a fixed
  seed's counts for each walk as kperm.stats counted them at 7cc67a2;
- uniformity: the 20 ranks of C(6,3) over 10^5 numpy draws pass a
  chi-square test at a fixed seed;
- the Monte Carlo p within 4 standard errors of the exact p (10 + 10, and
  50 + 50 against the host's exact count of mean_difference);
- the same seed the same counts, another seed other counts; scipy's p;
- refusals: n_resamples 0, a seed out of range.
Prints PASS/FAIL/SKIP lines; exits 1 on a failure.

    python3 tests/ptest/resample_check.py
"""
import math
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import numpy as np  # noqa: E402
import reference as ref  # noqa: E402
import kperm._resample as kr  # noqa: E402
import kperm.stats as ks  # noqa: E402

FAILED = []


def report(ok, what):
    print("%s: %s" % ("PASS" if ok else "FAIL", what))
    if not ok:
        FAILED.append(what)


def signed(key):
    sign, num, den = key
    return None if sign == 2 else sign * Fraction(num, den)


def draws_equal(name, data, kind, seed, n):
    """ps_sample's counters against draw_ranks' ranks valued one by one"""
    seen = {}
    count_random = kr.count_random

    def spy(dev, program, data_, seed_, total, draws, bins):
        seen.update(dev=dev, program=program, data=data_, total=total)
        return count_random(dev, program, data_, seed_, total, draws, bins)

    kr.count_random = spy
    try:
        r = ks.permutation_test(data, name, permutation_type=kind, n_resamples=n, rng=seed, backend="pyopencl",
                                bins=0)
    finally:
        kr.count_random = count_random
    dev, program, d = seen["dev"], seen["program"], seen["data"]
    observed = signed(dev.values(program, d, 0, 1)[0][0])
    less = equal = greater = undefined = 0
    for rank in kr.draw_ranks(seed, 0, n, seen["total"]):
        x = signed(dev.values(program, d, int(rank), 1)[0][0])
        if x is None:
            undefined += 1
        else:
            less, equal, greater = less + (x < observed), equal + (x == observed), greater + (x > observed)
    return (r.less, r.equal, r.greater, r.undefined) == (less, equal, greater, undefined) and r.sampled


def splitmix_rank(seed, i, total):
    """draw i's rank written from the definition in Python integers:
    SplitMix64's outputs 2i + 1 and 2i + 2 from state mix(seed) as the 128
    bits of a fraction w, the rank floor(w * total)"""
    mask = 2 ** 64 - 1

    def mix(z):
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    high, low = (mix((mix(seed) + j * 0x9E3779B97F4A7C15) & mask) for j in (2 * i + 1, 2 * i + 2))
    return ((high << 64) | low) * total >> 128


def ranks_by_definition():
    """the kernel's and numpy's ranks (the same, checked below on the device)
    are floor(w * total) of a 128-bit w: a 64-bit w would favour some ranks
    by a factor up to total / 2^64 (10 % at C(64, 32))"""
    for seed in (0, 1, 2 ** 64 - 1):
        for total in (20, 184756, 2 ** 40 + 3, 1832624140942590534, 2 ** 64 - 1, 2 ** 64, math.comb(100, 50),
                      math.comb(128, 64), 2 ** 128 - 1):
            got = [int(r) for r in kr.draw_ranks(seed, 10 ** 6, 10 ** 6 + 300, total)]
            if got != [splitmix_rank(seed, i, total) for i in range(10 ** 6, 10 ** 6 + 300)]:
                return report(False, "draw_ranks = floor(w * total), w SplitMix64's 128 bits (seed %d, total %d)"
                              % (seed, total))
    report(True, "draw_ranks = floor(w * total), w SplitMix64's 128 bits, totals up to 2^128 - 1")


MEAN_DIFFERENCE_C = """double a = 0, b = 0;
for (int i = start[0]; i < start[1]; i++) a += x[i];
for (int i = start[1]; i < start[2]; i++) b += x[i];
return a / (start[1] - start[0]) - b / (start[2] - start[1]);"""


def scale128_on_device():
    """stats_sample.h's ps_scale128 (a draw's rank: floor(w * total / 2^128)
    from 64-bit words) run on the OpenCL device against Python integers:
    every combination of edge words (carries out of each partial sum) and
    random words"""
    import itertools
    import pyopencl as cl
    from kperm import cl_source

    edges = [0, 1, 2, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 63 - 1, 2 ** 63, 2 ** 64 - 2, 2 ** 64 - 1]
    rs = np.random.RandomState(5)
    cases = list(itertools.product(edges, repeat=4)) + [tuple(map(int, rs.randint(0, 2 ** 64, 4, dtype=np.uint64)))
                                                         for _ in range(10000)]
    source = cl_source() + ks._source(1, 2, 1, 0, 2, None) + """
__kernel void scale128_check(__global const ulong *in, __global ulong *out)
{
    size_t i = get_global_id(0);
    ulong high;
    out[2 * i] = ps_scale128(in[4 * i], in[4 * i + 1], in[4 * i + 2], in[4 * i + 3], &high);
    out[2 * i + 1] = high;
}
"""
    ctx = cl.create_some_context(interactive=False)
    queue, flags = cl.CommandQueue(ctx), cl.mem_flags
    kernel = cl.Program(ctx, source).build().scale128_check
    words = np.array(cases, dtype=np.uint64)
    out = np.zeros(2 * len(cases), dtype=np.uint64)
    buf_in = cl.Buffer(ctx, flags.READ_ONLY | flags.COPY_HOST_PTR, hostbuf=words)
    buf_out = cl.Buffer(ctx, flags.WRITE_ONLY, out.nbytes)
    kernel(queue, (len(cases),), None, buf_in, buf_out)
    cl.enqueue_copy(queue, out, buf_out)
    bad = [(c, int(out[2 * i + 1]) << 64 | int(out[2 * i])) for i, c in enumerate(cases)
           if int(out[2 * i + 1]) << 64 | int(out[2 * i]) != (c[0] << 64 | c[1]) * (c[3] << 64 | c[2]) >> 128]
    report(not bad, "ps_scale128 on the device = floor(w * total / 2^128) in Python integers, %d edge and 10^4 random "
           "words%s" % (len(edges) ** 4, "".join("\n# w1 w0 total total_hi %s: %d" % b for b in bad[:4])))


def lex_subset(rank, n, m):
    """the rank-th m-subset of range(n) in lexicographic order, written here"""
    chosen, v = [], 0
    while len(chosen) < m:
        with_v = math.comb(n - v - 1, m - len(chosen) - 1)  # the subsets whose next element is v
        if rank < with_v:
            chosen.append(v)
        else:
            rank -= with_v
        v += 1
    return chosen


def wide_draws():
    """two samples past 64 observations (up to 128): ps_sample's counts on
    the device equal those of draw_ranks' ranks, each the lexicographic
    subset of its rank (written here) valued in fractions"""
    rs = np.random.RandomState(11)
    bad = []
    for m, k in ((50, 50), (64, 64), (100, 28)):
        x, y = list(np.round(rs.normal(0, 1, m), 1)), list(np.round(rs.normal(0.2, 1, k), 1))
        values = [Fraction(str(v)) for v in x + y]
        for name, key in (("mean_difference", lambda a, b: Fraction(sum(a), len(a)) - Fraction(sum(b), len(b))),
                          ("welch_t", ref._welch_t_sq), ("variance_ratio", ref._var_ratio)):
            observed = key(values[:m], values[m:])
            for seed in (0, 2 ** 64 - 1):
                r = ks.permutation_test((x, y), name, n_resamples=200, rng=seed, backend="pyopencl", bins=0)
                counts = [0, 0, 0]
                for rank in kr.draw_ranks(seed, 0, 200, math.comb(m + k, m)):
                    a = set(lex_subset(int(rank), m + k, m))
                    t = key([values[i] for i in sorted(a)], [v for i, v in enumerate(values) if i not in a])
                    counts[(t > observed) - (t < observed) + 1] += 1
                if [r.less, r.equal, r.greater] != counts or not r.sampled or r.n_rearrangements != math.comb(m + k, m):
                    bad.append("%s %d + %d seed %d: %s, not %s" % (name, m, k, seed, [r.less, r.equal, r.greater],
                                                                    counts))
        for seed in (0, 2 ** 64 - 1):  # a C statistic sees group 1 past element 64 too
            c = ks.permutation_test((x, y), MEAN_DIFFERENCE_C, n_resamples=200, rng=seed, backend="pyopencl", bins=0)
            r = ks.permutation_test((x, y), "mean_difference", n_resamples=200, rng=seed, backend="pyopencl", bins=0)
            if [c.less, c.equal, c.greater] != [r.less, r.equal, r.greater]:
                bad.append("C mean difference %d + %d seed %d: %s, not %s" % (m, k, seed, [c.less, c.equal, c.greater],
                                                                           [r.less, r.equal, r.greater]))
    report(not bad, "50 + 50, 64 + 64, 100 + 28: ps_sample counts the lexicographic subsets of draw_ranks' 128-bit "
           "ranks, valued in fractions here (Welch, mean difference, variance ratio; a C statistic's mean difference "
           "as the built-in one)%s" % "".join("\n# " + b for b in bad[:4]))
    try:
        ks.permutation_test((list(range(65)), list(range(64))), "welch_t", n_resamples=100, backend="pyopencl")
        report(False, "129 observations refused")
    except ValueError as e:
        report("129 observations; at most 128" in str(e), "129 observations refused: %s" % e)
    for data, strata in (([list(range(8))] * 8, None), ([list(range(20))] * 3, [[i // 10 for i in range(20)]] * 3)):
        try:  # k groups of 2^64 or more labellings: the walks unrank 64-bit ranks
            ks.permutation_test(data, "anova_f", strata=strata, n_resamples=100, backend="pyopencl")
            report(False, "k groups of 2^64 or more labellings drawn from")
        except ValueError as e:
            report("2**64" in str(e), "k groups of 2^64 or more labellings (strata %s) refused: %s" % (strata is not None,
                                                                                                   e))


def pinned_counts():
    """draws among fewer than 2^64 rearrangements unchanged by the 128-bit
    ranks: [less, equal, greater] of a fixed seed for each walk, as
    kperm.stats counted them at 7cc67a2 (64-bit totals only)"""
    x = [1.2, 3, 4.5, 2, 7, 1, 8, 2.5, 3, 6.1]
    y = [1, 2.5, 4, 3, 5, 1, 6, 2.5, 4, 0.5]
    z = [2.2, 5, 0.5, 3.5, 4, 9]
    cases = [("welch_t", (x, y), "independent", 5, 5000, [4055, 37, 908]),
             ("mean_difference", (x, y), "samples", 7, 500, [445, 14, 41]),
             ("anova_f", (x[:6], y[:6], z), "independent", 2 ** 64 - 1, 5000, [1840, 10, 3150]),
             ("pearson_r", (x[:8], z[::-1] + y[:2]), "pairings", 0, 5000, [1741, 6, 3253])]
    bad = []
    for name, data, kind, seed, n, want in cases:
        r = ks.permutation_test(data, name, permutation_type=kind, n_resamples=n, rng=seed, backend="pyopencl",
                                bins=0)
        if [r.less, r.equal, r.greater] != want or not r.sampled:
            bad.append("%s (%s) seed %d: %s, not %s" % (name, kind, seed, [r.less, r.equal, r.greater], want))
    report(not bad, "a fixed seed's counts for each walk as before totals past 2^64 were drawn%s"
           % "".join("\n# " + b for b in bad))


def wide_monte_carlo():
    """50 + 50 (C(100, 50) = 1.0e29 splits): the Monte Carlo p of
    mean_difference within 4 standard errors of the host's exact p, each side"""
    rs = np.random.RandomState(3)
    a, b = list(np.round(rs.normal(0, 1, 50), 1)), list(np.round(rs.normal(0.05, 1, 50), 1))
    exact = ks.permutation_test((a, b), "mean_difference")
    n = 20000
    mc = ks.permutation_test((a, b), "mean_difference", n_resamples=n, rng=9, backend="pyopencl")
    sides = [(getattr(mc, k), getattr(exact, k)) for k in ("pvalue_less", "pvalue_greater", "pvalue")]
    report(exact.exact and mc.sampled and exact.n_rearrangements == math.comb(100, 50)
           and all(abs(p - q) < 4 * math.sqrt(q * (1 - q) / n) + 1 / n for p, q in sides),
           "50 + 50: Monte Carlo p (less, greater, two-sided) %s within 4 standard errors of the exact %s"
           % (["%.4f" % p for p, _ in sides], ["%.4f" % q for _, q in sides]))


def main():
    ranks_by_definition()
    try:
        import pyopencl
        pyopencl.create_some_context(interactive=False)
    except Exception as e:  # no pyopencl or no OpenCL device
        print("SKIP: resample_check.py: no OpenCL device for pyopencl (%s)" % e)
        return
    rs = np.random.RandomState(7)
    x, y, z = (list(np.round(rs.normal(0, 1, 9), 1)) for _ in range(3))
    cases = [("welch_t", (x, y), "independent"), ("mean_difference", (x, y), "samples"),
             ("anova_f", (x[:6], y[:6], z[:6]), "independent"), ("pearson_r", (x, y), "pairings")]
    for name, data, kind in cases:
        ok = all(draws_equal(name, data, kind, seed, 300) for seed in (0, 1, 2 ** 64 - 1))
        report(ok, "%s (%s): ps_sample counts the ranks draw_ranks draws, 3 seeds" % (name, kind))
    scale128_on_device()
    wide_draws()
    pinned_counts()
    wide_monte_carlo()

    from scipy import stats
    counts = np.bincount(kr.draw_ranks(12345, 0, 10 ** 5, 20).astype(np.int64), minlength=20)
    report(stats.chisquare(counts).pvalue > 1e-3 and counts.size == 20,
           "the 20 splits of C(6,3): 10^5 draws pass a chi-square test (p = %.3g)" % stats.chisquare(counts).pvalue)

    a, b = list(np.round(rs.normal(0, 1, 10), 2)), list(np.round(rs.normal(0.8, 1, 10), 2))
    exact = ks.permutation_test((a, b), "welch_t", backend="pyopencl")
    n = 20000
    mc = ks.permutation_test((a, b), "welch_t", n_resamples=n, rng=5, backend="pyopencl")
    se = math.sqrt(exact.pvalue * (1 - exact.pvalue) / n)
    report(mc.sampled and mc.n_resamples == n and abs(mc.pvalue - exact.pvalue) < 4 * se + 1 / n,
           "Monte Carlo p %.5f within 4 standard errors of the exact %.5f" % (mc.pvalue, exact.pvalue))
    report(mc.pvalue_less == (mc.less + mc.equal + 1) / (n + 1),
           "p = (count + 1) / (n_resamples + 1), scipy's")
    again = ks.permutation_test((a, b), "welch_t", n_resamples=n, rng=5, backend="pyopencl")
    other = ks.permutation_test((a, b), "welch_t", n_resamples=n, rng=6, backend="pyopencl")
    report(again.less == mc.less and again.greater == mc.greater and other.less != mc.less,
           "the same seed draws the same counts, another seed others")
    gen = ks.permutation_test((a, b), "welch_t", n_resamples=n, rng=np.random.default_rng(5), backend="pyopencl")
    report(gen.sampled and gen.n_resamples == n, "rng= a numpy Generator")

    for bad, what in ((dict(n_resamples=0), "n_resamples=0"), (dict(n_resamples=100, rng=-1), "rng=-1"),
                      (dict(n_resamples=100, rng=2 ** 64), "rng=2^64")):
        try:
            ks.permutation_test((a, b), "welch_t", backend="pyopencl", **bad)
            report(False, "%s refused" % what)
        except ValueError as e:
            report(True, "%s refused (%s)" % (what, e))
    sys.exit(1 if FAILED else 0)


if __name__ == "__main__":
    main()
