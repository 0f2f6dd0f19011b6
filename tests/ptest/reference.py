#!/usr/bin/python3
"""Brute-force exact permutation tests: the reference kperm-ptest is checked against.

Pure Python (itertools, fractions, math); no numpy, no scipy.  Every
permutation of the null distribution is enumerated one by one:

  independent  every split of the pooled values into groups of the given
               sizes (2 or k groups), each split once, in
               itertools.combinations order: multinomial(N; n1, ..., nk) splits
               (scipy's permutation_type='independent').
  paired       every one of the 2**n ways of swapping x_i and y_i within pairs
               (scipy's permutation_type='samples' with data (x, y)); for
               one-sample statistics of the differences this is the 2**n sign
               flips of d_i = x_i - y_i (scipy's 'samples' with data (d,)).
  pairings     every one of the n! orders of y against a fixed x
               (scipy's permutation_type='pairings' with data (y,) and x held
               in the statistic).  Repeated values are not merged: n! always.

Statistics (each one a Statistic below; every one is computed exactly):

  MEAN_DIFF   mean(g1) - mean(g2); paired: mean(x) - mean(y)
  WELCH_T     (mean1 - mean2) / sqrt(var1/n1 + var2/n2), var with ddof=1
  VAR_RATIO   var(g1) / var(g2), ddof=1
  PEARSON_R   Pearson's r of (x, y)
  KENDALL_TAU Kendall's tau-b of (x, y), with ties (scipy.stats.kendalltau's
              default variant)
  PAIRED_T    one-sample t of the differences x_i - y_i (scipy.stats.ttest_rel)
  ANOVA_F     one-way ANOVA F of k groups (scipy.stats.f_oneway's statistic)
  SUM         independent: sum of group 1; paired: sum of (x_i - y_i);
              pairings: sum of x_i*y_i; sign flips: sum of d_i

Exactness.  Every input value is turned into a Fraction (a CSV field such as
"0.1" is read as the decimal 1/10, a Python float as its exact binary value)
and every statistic is evaluated in exact rational arithmetic.  Pass the CSV
strings, not floats parsed from them: exact ties that hold for the decimals
can fail for their binary approximations (the collagen/proline data: Pearson
r ties 8 arrangements with the decimals, 4 with the doubles).  The rational
statistics (MEAN_DIFF, VAR_RATIO, ANOVA_F, SUM) are compared as they are.  The
four that carry a square root (WELCH_T, PEARSON_R, KENDALL_TAU, PAIRED_T) are
compared through their signed square s*|s| (a Fraction): it orders values,
and their absolute values, exactly as the statistic itself does, so "equal"
means mathematically equal.  A statistic that is undefined for some permutation
(a zero variance in a denominator, a constant column) raises Undefined.

How "equal" is decided (the `mode` argument), and so what less/equal/greater
count:

  'exact'       exact comparison of the rational (or signed-square) values.
  'scipy-1.10'  scipy 1.10.1 (scipy/stats/_resampling.py, permutation_test,
                lines 1574-1586 of the v1.10.1 tag; the same through v1.12.x):
                    eps = 1e-14
                    gamma = np.maximum(eps, np.abs(eps * observed))
                    cmps = null_distribution <= observed + gamma   # 'less'
                    cmps = null_distribution >= observed - gamma   # 'greater'
                an absolute floor of 1e-14 and a relative 1e-14, applied to
                every statistic, integer-valued or not.  See gamma_scipy_1_10.
  'scipy-1.13'  scipy >= 1.13 (same file, v1.13.0 lines 1703-1705; the
                array-API versions 1.14 to 1.18 keep the rule):
                    eps = (0 if not np.issubdtype(observed.dtype, np.inexact)
                           else np.finfo(observed.dtype).eps*100)
                    gamma = np.abs(eps * observed)
                purely relative, 100 ulp-units of the statistic's dtype
                (100 * 2**-52 for float64), no absolute floor (so an observed
                value of exactly 0 has gamma 0), and gamma 0 for an
                integer-dtype statistic.  See gamma_scipy_1_13.
                (Its docstring still says "max(1e-14, abs(r)*1e-14)": stale.)

In the two scipy modes the statistic is first rounded to a float64 (from its
exact value: float(Fraction), or sign*sqrt(float(square)) for the square-root
statistics) and the comparisons are the float comparisons above:
    less    = #(v <  observed - gamma)
    equal   = #(observed - gamma <= v <= observed + gamma)
    greater = #(v >  observed + gamma)
so less + equal = scipy's count for 'less' and greater + equal its count for
'greater'.  Because the floats come from exact values, mathematically equal
statistics give identical floats here; scipy's own floats carry rounding
noise of a few ulps, which its gamma absorbs.  Where the two disagree with
'exact' (values closer than gamma that are not equal, or an absolute floor
that swallows tiny statistics) the float modes follow scipy.

p-values (Fractions; float() of them is what scipy prints for an exact test):
    p_less       = (less + equal) / N
    p_greater    = (greater + equal) / N
    p_two_sided  = min(1, 2 * min(p_less, p_greater))     scipy's definition
    p_abs        = #(|v| >= |observed|) / N               'as or more extreme'
                   (scipy modes: #(|v| >= |observed| - gamma))
p_abs is the definition of Fisher (Zea mays) and of R's coin (its exact
two-sided p-value); it equals p_two_sided when the
null distribution is symmetric about 0 and observed is not 0 (sign flips of a
sum, or a balanced split of a mean difference), and not in general.

maxT (Westfall & Young single-step): maxt() applies one permutation to m
value columns at once and compares each column's observed statistic with the
permutation's maximum over the columns: adjusted p_j = #(max_k T_k >= T_j)/N,
with T = the statistic (alternative 'greater'), -statistic ('less') or
|statistic| ('two-sided').  maxt(..., stepdown=True) gives the step-down
variant (what R multtest's mt.maxT reports as adjp).

Run as a script it prints the data sets of samples/ptest/data with their
exact p-values.
"""

from fractions import Fraction
from itertools import combinations, permutations, product
from math import factorial, sqrt, copysign, isnan
import csv
import os

__all__ = [
    "Undefined", "Statistic", "MEAN_DIFF", "WELCH_T", "VAR_RATIO", "PEARSON_R",
    "KENDALL_TAU", "PAIRED_T", "ANOVA_F", "SUM_GROUP1", "SUM_DIFF", "SUM_PRODUCTS",
    "SUM_SIGNFLIP", "gamma_scipy_1_10", "gamma_scipy_1_13", "Result",
    "independent", "paired", "sign_flip", "pairings", "maxt", "to_fraction",
    "read_csv", "ranks",
]


class Undefined(ValueError):
    """The statistic is undefined for some arrangement (e.g. a zero variance)."""


# --------------------------------------------------------------------------
# the two scipy tolerance rules
# --------------------------------------------------------------------------

def gamma_scipy_1_10(observed):
    """scipy 1.10.1 to 1.12.x: gamma = max(1e-14, |1e-14 * observed|).

    Computed in float64 exactly as numpy does it (np.maximum(eps,
    np.abs(eps * observed))).  Applies to integer statistics too.
    """
    eps = 1e-14
    return max(eps, abs(eps * float(observed)))


def gamma_scipy_1_13(observed, inexact=True, dtype_eps=2.0 ** -52):
    """scipy >= 1.13: gamma = |100 * finfo(dtype).eps * observed|, 0 for ints.

    `inexact` says whether the statistic's dtype is a floating dtype
    (np.issubdtype(observed.dtype, np.inexact)); `dtype_eps` is that dtype's
    machine epsilon (2**-52 for float64, 2**-23 for float32).
    """
    if not inexact:
        return 0.0
    return abs(dtype_eps * 100 * float(observed))


# --------------------------------------------------------------------------
# exact arithmetic helpers
# --------------------------------------------------------------------------

def to_fraction(v):
    """A Fraction equal to v: str as a decimal, float as its binary value."""
    if isinstance(v, Fraction):
        return v
    if isinstance(v, str):
        return Fraction(v.strip())
    if isinstance(v, float):
        if isnan(v) or v in (float("inf"), float("-inf")):
            raise ValueError("value is not finite: %r" % v)
        return Fraction(v)
    return Fraction(v)


def _sgn(v):
    return (v > 0) - (v < 0)


def _signed_sqrt_float(key):
    """float(s) from s*|s| = key, correctly rounded up to one sqrt rounding."""
    if key == 0:
        return 0.0
    return copysign(sqrt(float(abs(key))), key)


def _sums(vals):
    s = sum(vals)
    return s, sum(v * v for v in vals)


def _centered_ss(vals):
    """n*sum(v^2) - sum(v)^2  (= n*(n-1)*var, ddof=1)."""
    s, ss = _sums(vals)
    return len(vals) * ss - s * s


def ranks(vals):
    """Mid-ranks (1-based, ties averaged) as Fractions, like scipy.stats.rankdata."""
    order = sorted(range(len(vals)), key=lambda i: vals[i])
    out = [None] * len(vals)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and vals[order[j + 1]] == vals[order[i]]:
            j += 1
        r = Fraction(i + 1 + j + 1, 2)
        for k in range(i, j + 1):
            out[order[k]] = r
        i = j + 1
    return out


# --------------------------------------------------------------------------
# statistics
# --------------------------------------------------------------------------

class Statistic:
    """A statistic: `key(args)` gives an exact comparison key (Fraction),
    `value(key)` the float64 of the statistic from that key.

    For rational statistics the key is the statistic itself; for those with a
    square root it is the signed square s*|s|.  In both cases key(-s) =
    -key(s), so |key| orders |s| too.
    """

    def __init__(self, name, key, squared, arity):
        self.name = name
        self.key = key
        self.squared = squared
        self.arity = arity  # 'groups2', 'groupsk', 'pair', 'one'

    def value(self, key):
        return _signed_sqrt_float(key) if self.squared else float(key)

    def exact_value(self, key):
        """The exact statistic when rational, else None."""
        return None if self.squared else key

    def __repr__(self):
        return "Statistic(%s)" % self.name


def _mean_diff(a, b):
    if not a or not b:
        raise Undefined("empty group")
    return Fraction(sum(a), len(a)) - Fraction(sum(b), len(b))


def _welch_t_sq(a, b):
    n1, n2 = len(a), len(b)
    if n1 < 2 or n2 < 2:
        raise Undefined("Welch's t needs two values in each group")
    s1, s2 = sum(a), sum(b)
    A1, A2 = _centered_ss(a), _centered_ss(b)
    # t^2 = d^2 (n1-1)(n2-1) / (A1 n2^2 (n2-1) + A2 n1^2 (n1-1)), d = s1 n2 - s2 n1
    den = A1 * n2 * n2 * (n2 - 1) + A2 * n1 * n1 * (n1 - 1)
    if den == 0:
        raise Undefined("Welch's t: both groups constant")
    d = s1 * n2 - s2 * n1
    return _sgn(d) * Fraction(d * d * (n1 - 1) * (n2 - 1), 1) / den


def _var_ratio(a, b):
    n1, n2 = len(a), len(b)
    if n1 < 2 or n2 < 2:
        raise Undefined("variance ratio needs two values in each group")
    A1, A2 = _centered_ss(a), _centered_ss(b)
    if A2 == 0:
        raise Undefined("variance ratio: second group constant")
    # var1/var2 = (A1/(n1(n1-1))) / (A2/(n2(n2-1)))
    return Fraction(A1 * n2 * (n2 - 1), 1) / (A2 * n1 * (n1 - 1))


def _pearson_sq(x, y):
    n = len(x)
    if n != len(y) or n < 2:
        raise Undefined("Pearson's r needs two equal-length columns, n >= 2")
    sx, sy = sum(x), sum(y)
    sxy = n * sum(u * v for u, v in zip(x, y)) - sx * sy
    sxx = _centered_ss(x)
    syy = _centered_ss(y)
    if sxx == 0 or syy == 0:
        raise Undefined("Pearson's r: a constant column")
    return _sgn(sxy) * Fraction(sxy * sxy, 1) / (sxx * syy)


def _tie_pairs(vals):
    counts = {}
    for v in vals:
        counts[v] = counts.get(v, 0) + 1
    return sum(c * (c - 1) // 2 for c in counts.values())


def _kendall_sq(x, y):
    n = len(x)
    if n != len(y) or n < 2:
        raise Undefined("Kendall's tau needs two equal-length columns, n >= 2")
    s = 0
    for i in range(n):
        xi, yi = x[i], y[i]
        for j in range(i + 1, n):
            s += _sgn(xi - x[j]) * _sgn(yi - y[j])
    n0 = n * (n - 1) // 2
    d = (n0 - _tie_pairs(x)) * (n0 - _tie_pairs(y))
    if d == 0:
        raise Undefined("Kendall's tau: a constant column")
    return _sgn(s) * Fraction(s * s, d)


def _paired_t_sq(x, y):
    n = len(x)
    if n != len(y) or n < 2:
        raise Undefined("paired t needs two equal-length columns, n >= 2")
    d = [u - v for u, v in zip(x, y)]
    S = sum(d)
    den = _centered_ss(d)  # n*sum(d^2) - S^2 = n(n-1) var(d)
    if den == 0:
        raise Undefined("paired t: all differences equal")
    # t = mean(d) / (sd(d)/sqrt(n))  ->  t^2 = S^2 (n-1) / (n sum(d^2) - S^2)
    return _sgn(S) * Fraction(S * S * (n - 1), den)


def _anova_f(*groups):
    k = len(groups)
    N = sum(len(g) for g in groups)
    if k < 2 or N <= k or any(len(g) == 0 for g in groups):
        raise Undefined("ANOVA F needs k >= 2 non-empty groups and N > k")
    S = sum(sum(g) for g in groups)
    between = sum(Fraction(sum(g) ** 2, len(g)) for g in groups)
    total_sq = sum(v * v for g in groups for v in g)
    ssb = between - Fraction(S * S, N)
    ssw = total_sq - between
    if ssw == 0:
        raise Undefined("ANOVA F: no variation within groups")
    return (ssb / (k - 1)) / (ssw / (N - k))


MEAN_DIFF = Statistic("mean_diff", lambda g: _mean_diff(g[0], g[1]), False, "groups2")
WELCH_T = Statistic("welch_t", lambda g: _welch_t_sq(g[0], g[1]), True, "groups2")
VAR_RATIO = Statistic("var_ratio", lambda g: _var_ratio(g[0], g[1]), False, "groups2")
PEARSON_R = Statistic("pearson_r", lambda g: _pearson_sq(g[0], g[1]), True, "pair")
KENDALL_TAU = Statistic("kendall_tau_b", lambda g: _kendall_sq(g[0], g[1]), True, "pair")
PAIRED_T = Statistic("paired_t", lambda g: _paired_t_sq(g[0], g[1]), True, "pair")
ANOVA_F = Statistic("anova_f", lambda g: _anova_f(*g), False, "groupsk")
SUM_GROUP1 = Statistic("sum_group1", lambda g: Fraction(sum(g[0])), False, "groups2")
SUM_DIFF = Statistic("sum_diff", lambda g: Fraction(sum(u - v for u, v in zip(g[0], g[1]))), False, "pair")
SUM_PRODUCTS = Statistic("sum_products", lambda g: Fraction(sum(u * v for u, v in zip(g[0], g[1]))), False, "pair")
SUM_SIGNFLIP = Statistic("sum", lambda g: Fraction(sum(g[0])), False, "one")

STATISTICS = {s.name: s for s in (MEAN_DIFF, WELCH_T, VAR_RATIO, PEARSON_R,
                                  KENDALL_TAU, PAIRED_T, ANOVA_F, SUM_GROUP1, SUM_DIFF,
                                  SUM_PRODUCTS, SUM_SIGNFLIP)}


# --------------------------------------------------------------------------
# counting
# --------------------------------------------------------------------------

class Result:
    """Counts and p-values of one exact test.

    n        number of arrangements enumerated (the observed one included)
    less, equal, greater   counts relative to the observed statistic
    abs_ge   #(|v| >= |observed|) (with the mode's tolerance)
    statistic        float64 of the observed statistic
    statistic_exact  the exact observed statistic (Fraction) when rational,
                     else None; key_exact its comparison key
    p_less, p_greater, p_two_sided, p_abs   Fractions (see the module doc)
    """

    def __init__(self, stat, mode, n, less, equal, greater, abs_ge, key_obs, gamma):
        self.stat = stat
        self.mode = mode
        self.n = n
        self.less = less
        self.equal = equal
        self.greater = greater
        self.abs_ge = abs_ge
        self.key_exact = key_obs
        self.statistic = stat.value(key_obs)
        self.statistic_exact = stat.exact_value(key_obs)
        self.gamma = gamma
        self.p_less = Fraction(less + equal, n)
        self.p_greater = Fraction(greater + equal, n)
        self.p_two_sided = min(Fraction(1), 2 * min(self.p_less, self.p_greater))
        self.p_abs = Fraction(abs_ge, n)

    def pvalue(self, alternative):
        return {"less": self.p_less, "greater": self.p_greater,
                "two-sided": self.p_two_sided, "abs": self.p_abs}[alternative]

    def __repr__(self):
        return ("Result(%s, mode=%s, n=%d, less=%d, equal=%d, greater=%d, "
                "abs_ge=%d, statistic=%r, p_less=%s, p_greater=%s, "
                "p_two_sided=%s, p_abs=%s)" % (
                    self.stat.name, self.mode, self.n, self.less, self.equal,
                    self.greater, self.abs_ge, self.statistic, self.p_less,
                    self.p_greater, self.p_two_sided, self.p_abs))


MODES = ("exact", "scipy-1.10", "scipy-1.13")


def _count(stat, keys, key_obs, mode, inexact=True):
    n = len(keys)
    if mode == "exact":
        less = sum(1 for k in keys if k < key_obs)
        greater = sum(1 for k in keys if k > key_obs)
        equal = n - less - greater
        a = abs(key_obs)
        abs_ge = sum(1 for k in keys if abs(k) >= a)
        return Result(stat, mode, n, less, equal, greater, abs_ge, key_obs, 0.0)
    vals = [stat.value(k) for k in keys]
    obs = stat.value(key_obs)
    if mode == "scipy-1.10":
        gamma = gamma_scipy_1_10(obs)
    elif mode == "scipy-1.13":
        gamma = gamma_scipy_1_13(obs, inexact=inexact)
    else:
        raise ValueError("mode must be one of %s" % (MODES,))
    hi = obs + gamma
    lo = obs - gamma
    less = sum(1 for v in vals if v < lo)
    greater = sum(1 for v in vals if v > hi)
    le = sum(1 for v in vals if v <= hi)
    equal = le - less
    a = abs(obs) - gamma
    abs_ge = sum(1 for v in vals if abs(v) >= a)
    return Result(stat, mode, n, less, equal, greater, abs_ge, key_obs, gamma)


def _results(stat, keys, key_obs, modes, inexact):
    if isinstance(modes, str):
        return _count(stat, keys, key_obs, modes, inexact)
    return {m: _count(stat, keys, key_obs, m, inexact) for m in modes}


def _check_stat(stat, allowed):
    if stat.arity not in allowed:
        raise ValueError("%s does not fit this permutation type" % stat.name)


def _split_keys(pooled, sizes, fn):
    """fn(groups) over every split of `pooled` (by index) into `sizes`."""
    out = []
    idx_all = tuple(range(len(pooled)))

    def rec(remaining, level, acc):
        if level == len(sizes) - 1:
            acc.append(remaining)
            out.append(fn([[pooled[i] for i in grp] for grp in acc]))
            acc.pop()
            return
        for chosen in combinations(remaining, sizes[level]):
            cs = set(chosen)
            rest = tuple(i for i in remaining if i not in cs)
            acc.append(chosen)
            rec(rest, level + 1, acc)
            acc.pop()

    rec(idx_all, 0, [])
    return out


def independent(groups, stat, mode="exact", return_null=False,
                inexact=True):
    """Exact test over every split of the pooled values into the group sizes.

    groups: a list of 2 or more sequences of numbers (Fraction, int, str,
    float).  stat: MEAN_DIFF, WELCH_T, VAR_RATIO, SUM_GROUP1 (2 groups) or
    ANOVA_F (k groups).  mode: 'exact', 'scipy-1.10', 'scipy-1.13' or a tuple
    of them (then a dict mode -> Result is returned).  inexact=False tells
    'scipy-1.13' that the caller's statistic has an integer dtype (gamma 0).
    return_null=True returns (result, keys): the exact key of every
    arrangement, in enumeration order.
    """
    _check_stat(stat, ("groups2", "groupsk"))
    gs = [[to_fraction(v) for v in g] for g in groups]
    if stat.arity == "groups2" and len(gs) != 2:
        raise ValueError("%s takes exactly 2 groups" % stat.name)
    sizes = [len(g) for g in gs]
    pooled = [v for g in gs for v in g]
    key_obs = stat.key(gs)
    keys = _split_keys(pooled, sizes, stat.key)
    total = factorial(len(pooled))
    for s in sizes:
        total //= factorial(s)
    assert len(keys) == total
    res = _results(stat, keys, key_obs, mode, inexact)
    return (res, keys) if return_null else res


def paired(x, y, stat, mode="exact", return_null=False,
           inexact=True):
    """Exact test over the 2**n swaps of x_i and y_i within pairs.

    stat: any two-argument statistic of (x, y): MEAN_DIFF, WELCH_T,
    VAR_RATIO, PEARSON_R, KENDALL_TAU, SUM_DIFF.
    """
    _check_stat(stat, ("groups2", "pair"))
    xs = [to_fraction(v) for v in x]
    ys = [to_fraction(v) for v in y]
    if len(xs) != len(ys):
        raise ValueError("x and y differ in length")
    n = len(xs)
    key_obs = stat.key([xs, ys])
    keys = []
    for mask in range(1 << n):
        a = [ys[i] if (mask >> i) & 1 else xs[i] for i in range(n)]
        b = [xs[i] if (mask >> i) & 1 else ys[i] for i in range(n)]
        keys.append(stat.key([a, b]))
    res = _results(stat, keys, key_obs, mode, inexact)
    return (res, keys) if return_null else res


def sign_flip(d, stat=SUM_SIGNFLIP, mode="exact", return_null=False,
              inexact=True):
    """Exact one-sample test over the 2**n sign flips of d (SUM_SIGNFLIP)."""
    _check_stat(stat, ("one",))
    ds = [to_fraction(v) for v in d]
    key_obs = stat.key([ds])
    keys = [stat.key([[s * v for s, v in zip(signs, ds)]])
            for signs in product((1, -1), repeat=len(ds))]
    res = _results(stat, keys, key_obs, mode, inexact)
    return (res, keys) if return_null else res


def pairings(x, y, stat, mode="exact", return_null=False,
             inexact=True):
    """Exact test over the n! orders of y against a fixed x.

    stat: PEARSON_R, KENDALL_TAU, SUM_PRODUCTS, or any statistic of (x, y).
    """
    _check_stat(stat, ("groups2", "pair"))
    xs = [to_fraction(v) for v in x]
    ys = [to_fraction(v) for v in y]
    if len(xs) != len(ys):
        raise ValueError("x and y differ in length")
    key_obs = stat.key([xs, ys])
    keys = [stat.key([xs, [ys[i] for i in perm]])
            for perm in permutations(range(len(ys)))]
    res = _results(stat, keys, key_obs, mode, inexact)
    return (res, keys) if return_null else res


# --------------------------------------------------------------------------
# maxT (Westfall-Young single-step)
# --------------------------------------------------------------------------

def _arrangements(kind, n_or_sizes):
    """Yield index arrangements: for 'independent' a tuple of group-1 indices
    (2 groups) and for 'paired' a mask of swapped pairs."""
    if kind == "independent":
        n1, n2 = n_or_sizes
        for chosen in combinations(range(n1 + n2), n1):
            yield chosen
    elif kind == "paired":
        for mask in range(1 << n_or_sizes):
            yield mask
    else:
        raise ValueError("kind must be 'independent' or 'paired'")


def maxt(columns, kind, stat, alternative="two-sided", mode="exact", sizes=None,
         stepdown=False):
    """Westfall-Young maxT adjusted p-values over m columns (single-step, or
    step-down with stepdown=True).

    kind 'independent': columns is a list of m value columns of equal length
    N; `sizes` = (n1, n2) says the first n1 rows are group 1 and the rest
    group 2; every one of the C(N, n1) splits is applied to all columns.
    kind 'paired': columns is a list of m (x, y) pairs of equal-length
    columns; every one of the 2**n swap patterns is applied to all columns.
    stat: a two-group statistic (MEAN_DIFF, WELCH_T, SUM_GROUP1, SUM_DIFF...).
    Returns a dict: 'n' arrangements, 'observed' (floats), 'raw' (per-column
    p-values, Fractions) and 'adjusted' (Fractions):
        raw_j      = #(T_j(perm) >= T_j(obs)) / N
        adjusted_j = #(max_k T_k(perm) >= T_j(obs)) / N          (single-step)
    with T = stat ('greater'), -stat ('less') or |stat| ('two-sided'),
    compared exactly ('exact') or with a scipy tolerance rule on T_j(obs).
    Step-down (Westfall & Young 1993, Algorithm 4.1; what R multtest's
    mt.maxT computes): with the columns ordered by T(obs) descending,
    r_1..r_m, the maximum for r_j runs over r_j..r_m only,
        q_{r_j} = #(max_{i>=j} T_{r_i}(perm) >= T_{r_j}(obs)) / N,
    and adjusted_{r_j} = max(q_{r_1}, ..., q_{r_j}).
    """
    if alternative not in ("two-sided", "greater", "less"):
        raise ValueError("alternative must be two-sided, greater or less")
    sign = -1 if alternative == "less" else 1

    def t_of(key):
        k = key * sign
        return abs(k) if alternative == "two-sided" else k

    if kind == "independent":
        cols = [[to_fraction(v) for v in c] for c in columns]
        N = len(cols[0])
        if sizes is None or sum(sizes) != N or any(len(c) != N for c in cols):
            raise ValueError("sizes must split the columns' common length")
        n1 = sizes[0]

        def key_for(col, arr):
            cs = set(arr)
            a = [col[i] for i in arr]
            b = [col[i] for i in range(N) if i not in cs]
            return stat.key([a, b])

        obs_arr = tuple(range(n1))
        arrs = list(_arrangements("independent", sizes))
    else:
        cols = [([to_fraction(v) for v in x], [to_fraction(v) for v in y]) for x, y in columns]
        n = len(cols[0][0])

        def key_for(col, mask):
            x, y = col
            a = [y[i] if (mask >> i) & 1 else x[i] for i in range(n)]
            b = [x[i] if (mask >> i) & 1 else y[i] for i in range(n)]
            return stat.key([a, b])

        obs_arr = 0
        arrs = list(_arrangements("paired", n))

    m = len(cols)
    obs_t = [t_of(key_for(c, obs_arr)) for c in cols]
    per = [[t_of(key_for(c, arr)) for c in cols] for arr in arrs]
    Nperm = len(arrs)
    obs_f = [stat.value(t) for t in obs_t]
    if mode == "exact":
        rows, obs_c, thr = per, obs_t, obs_t
    else:
        rows = [[stat.value(t) for t in row] for row in per]
        gfun = gamma_scipy_1_10 if mode == "scipy-1.10" else gamma_scipy_1_13
        obs_c = obs_f
        thr = [o - gfun(o) for o in obs_f]
    raw = [Fraction(sum(1 for row in rows if row[j] >= thr[j]), Nperm) for j in range(m)]
    if not stepdown:
        mx = [max(row) for row in rows]
        adj = [Fraction(sum(1 for v in mx if v >= thr[j]), Nperm) for j in range(m)]
    else:
        order = sorted(range(m), key=lambda j: obs_c[j], reverse=True)
        counts = [0] * m
        for row in rows:
            u = None
            for j in reversed(order):
                u = row[j] if u is None else max(u, row[j])
                if u >= thr[j]:
                    counts[j] += 1
        adj = [None] * m
        running = Fraction(0)
        for j in order:
            running = max(running, Fraction(counts[j], Nperm))
            adj[j] = running
    return {"n": Nperm, "observed": obs_f, "raw": raw, "adjusted": adj}


# --------------------------------------------------------------------------
# the data sets of samples/ptest/data
# --------------------------------------------------------------------------

DATA_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                         "..", "..", "samples", "ptest", "data"))


def read_csv(name):
    """Rows of samples/ptest/data/NAME as dicts of strings (header line first)."""
    with open(os.path.join(DATA_DIR, name), newline="") as f:
        return list(csv.DictReader(f))


def _column(rows, key):
    return [r[key] for r in rows]


def _groups(rows, order):
    return [[r["value"] for r in rows if r["group"] == g] for g in order]


def datasets():
    """(name, description, Result-producing thunk) for every data set."""
    zea = read_csv("zea_mays.csv")
    d8 = [to_fraction(r["crossed"]) - to_fraction(r["self"]) for r in zea]
    sleep = read_csv("sleep.csv")
    mouse = read_csv("mouse.csv")
    mouse_r = read_csv("mouse_rpkg_bootstrap.csv")
    md = read_csv("scipy_doc_meandiff.csv")
    pe = read_csv("scipy_doc_pearsonr.csv")
    sp = read_csv("scipy_doc_spearmanr.csv")
    kt = read_csv("scipy_tutorial_collagen_proline.csv")
    return [
        ("zea_mays", "sign flips of the 15 differences, sum",
         lambda: sign_flip(d8)),
        ("sleep", "swaps within the 10 pairs, sum of drug2 - drug1",
         lambda: paired(_column(sleep, "drug2"), _column(sleep, "drug1"), SUM_DIFF)),
        ("mouse", "splits 7 + 9, mean(treatment) - mean(control)",
         lambda: independent(_groups(mouse, ("treatment", "control")), MEAN_DIFF)),
        ("mouse_rpkg_bootstrap", "the same, R package bootstrap's copy",
         lambda: independent(_groups(mouse_r, ("treatment", "control")), MEAN_DIFF)),
        ("scipy_doc_meandiff", "splits 5 + 6, mean(x) - mean(y)",
         lambda: independent(_groups(md, ("x", "y")), MEAN_DIFF)),
        ("scipy_doc_pearsonr", "4! orders of y, Pearson r",
         lambda: pairings(_column(pe, "x"), _column(pe, "y"), PEARSON_R)),
        ("scipy_doc_spearmanr", "6! orders of y, Pearson r of the ranks",
         lambda: pairings(ranks([to_fraction(v) for v in _column(sp, "x")]),
                          ranks([to_fraction(v) for v in _column(sp, "y")]), PEARSON_R)),
        ("scipy_tutorial_collagen_proline", "7! orders of y, Kendall tau-b",
         lambda: pairings(_column(kt, "collagen"), _column(kt, "proline"), KENDALL_TAU)),
    ]


def _main():
    for name, what, run in datasets():
        r = run()
        print("%-32s %s" % (name, what))
        print("    n=%d less=%d equal=%d greater=%d abs_ge=%d statistic=%r"
              % (r.n, r.less, r.equal, r.greater, r.abs_ge, r.statistic))
        print("    p_less=%s (%r) p_greater=%s (%r)" % (r.p_less, float(r.p_less),
                                                       r.p_greater, float(r.p_greater)))
        print("    p_two_sided=%s (%r) p_abs=%s (%r)" % (r.p_two_sided, float(r.p_two_sided),
                                                        r.p_abs, float(r.p_abs)))


if __name__ == "__main__":
    _main()
