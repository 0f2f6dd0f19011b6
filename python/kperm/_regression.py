"""kperm.stats.regression_test's design on the host: the test of x's
coefficient (t) or of a set of columns (F) in OLS y ~ 1 + X + Z over every
one of the n! orders of the rearranged vector, counted on the device by
stats_kernel.h's pairings walk with stats_regression.h's statistics.

The projections are made exactly, in Fractions of the data's decimals: the
residuals r of y ~ 1 + Z (Freedman-Lane rearranges r; permute_y, y itself)
and the tested columns residualized on [1, Z]; collinearity is found
exactly. Then v, an orthonormal basis W of the residualized tested columns
and one Q of Z's centred columns are rounded once to integers times 2**-52
(v scaled to |v| <= 1), so that the kernel's sums W'Pv and Q'Pv are exact
integers whatever the order of the walk; docs/stats.md derives the formulas."""
import math
from fractions import Fraction

import numpy as np

from . import _exact_data

SCHEMES = ("freedman_lane", "permute_y")
MAX_N = 20  # the pairings walk's orders: plain changes to 16, lexicographic to 20
MAX_COLUMNS = 7  # tested columns and covariates together: PS_K - 1 sums, PS_K <= 8
TOLERANCE = 1e-9  # the default band, relative to |observed|: t is computed in doubles (docs/stats.md)
ONE = 2 ** 52  # the integers' unit
ZERO = 2.0 ** -40  # an RSS at most this times S is a perfect fit (stats_regression.h)
# a column whose residual on the intercept and the columns before it has a
# squared norm at most this times its centred one is collinear with them (as
# samples/ptest/ptest_regression.c, which projects in long double)
COLLINEAR = Fraction(1, 2 ** 40)


def _columns(values, name, n):
    """values (None, a sequence of n numbers, or an (n, m) array-like) as a
    list of m columns, each a list of n numbers"""
    if values is None:
        return []
    array = np.asarray(values, dtype=object)
    if array.ndim == 1:
        array = array.reshape(-1, 1)
    if array.ndim != 2 or array.shape[0] != n:
        raise ValueError("%s: %d values, or an (%d, m) array of m columns, not shape %s" % (name, n, n, array.shape))
    return [list(array[:, j]) for j in range(array.shape[1])]


def _solve(gram, rhs):
    """gram^-1 rhs in Fractions, or None where gram is singular"""
    m = len(gram)
    a = [list(row) + [b] for row, b in zip(gram, rhs)]
    for c in range(m):
        pivot = next((r for r in range(c, m) if a[r][c] != 0), None)
        if pivot is None:
            return None
        a[c], a[pivot] = a[pivot], a[c]
        for r in range(m):
            if r != c and a[r][c] != 0:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [a[r][m] / a[r][r] for r in range(m)]


def _residuals(col, basis):
    """col minus its least-squares fit on the basis columns, exactly; None
    where the basis columns are linearly dependent"""
    gram = [[sum(a * b for a, b in zip(u, w)) for w in basis] for u in basis]
    coef = _solve(gram, [sum(a * b for a, b in zip(u, col)) for u in basis])
    if coef is None:
        return None
    return [c - sum(k * u[i] for k, u in zip(coef, basis)) for i, c in enumerate(col)]


def _orthonormal(cols):
    """an orthonormal basis (columns) of the span of cols, as doubles; cols
    independent. One column keeps its sign: t's sign is b's."""
    if not cols:
        return []
    a = np.array([[float(c) for c in col] for col in cols]).T
    if a.shape[1] == 1:
        return [a[:, 0] / np.linalg.norm(a[:, 0])]
    return list(np.linalg.qr(a)[0].T)


def _grid(values, scale):
    """each value times scale rounded to the nearest integer (ties to even)"""
    return [round(Fraction(v) * scale) for v in values]


def design(y, x, covariates, scheme):
    """(v, columns, k, df, S): the kernel's integers (v, then the k tested
    and the covariates' unit columns, n each), the degrees of freedom and
    S = v'v - (1'v)^2/n in the same units. Raises ValueError for a design
    the test is undefined for."""
    if scheme not in SCHEMES:
        raise ValueError("scheme: 'freedman_lane' or 'permute_y', not %r" % (scheme,))
    try:
        y = list(y)
    except TypeError:
        raise TypeError("y: a sequence of numbers") from None
    n = len(y)
    xs, zs = _columns(x, "x", n), _columns(covariates, "covariates", n)
    k, q = len(xs), len(zs)
    if n > MAX_N:
        raise ValueError("y: %d observations; at most %d (every one of the n! orders is enumerated)" % (n, MAX_N))
    if k == 0 or k + q > MAX_COLUMNS:
        raise ValueError("x and covariates: 1 to %d columns together, not %d" % (MAX_COLUMNS, k + q))
    df = n - 1 - q - k
    if df < 1:
        raise ValueError("%d observations are too few for %d coefficients: n must exceed the intercept, x's and "
                         "the covariates' columns (%d) for a residual variance" % (n, 1 + q + k, 1 + q + k))
    # each value as the decimal it is written as (_exact_data's reading),
    # with no bound on its digits: the projections are made in Fractions
    exact = [[Fraction(_exact_data._decimal(v)) for v in col] for col in [y] + xs + zs]
    yv, xv, zv = exact[0], exact[1:1 + k], exact[1 + k:]
    basis = [[Fraction(1)] * n]
    for j, col in enumerate(zv + xv):  # each column against the intercept and those before it
        centred = [c - sum(col) / n for c in col]
        spread = sum(c * c for c in centred)
        if sum(r * r for r in _residuals(col, basis)) <= COLLINEAR * spread:
            if j < q:
                raise ValueError("covariates: column %d is collinear with the intercept%s: drop it"
                                 % (j, " and the columns before it" if j else ""))
            raise ValueError("x: constant" if spread == 0 else "x: collinear with the covariates or the intercept")
        basis.append(col)
    tested = [_residuals(c, basis[:1 + q]) for c in xv]
    v = _residuals(yv, basis[:1 + q]) if scheme == "freedman_lane" else yv
    centred = [[c - sum(col) / n for c in col] for col in zv]
    biggest = max(map(abs, v))
    vi = _grid(v, Fraction(ONE) / biggest if biggest else 0)
    s = Fraction(sum(a * a for a in vi) * n - sum(vi) ** 2, n * ONE * ONE)
    if s == 0:
        raise ValueError("y: %s, so t is 0/0 for every order" % (
            "constant" if scheme == "permute_y" else "fitted exactly by the covariates (zero residuals)"))
    cols = [_grid(w, ONE) for w in _orthonormal(tested) + _orthonormal(centred)]
    return vi, cols, k, df, float(s)
