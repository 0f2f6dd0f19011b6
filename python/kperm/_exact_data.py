"""The data of kperm.stats as exact integers: every value is read as the
decimal it is written as (an int as it is, a float by its shortest repr,
which is what Python prints for it, a str or Decimal as written, a Fraction
only if it is a finite decimal), and all are scaled by 10**d for the least d
that makes each an integer. The kernels add and multiply those integers
exactly; each must stay below 2**53 in magnitude, so that it is also exact as
a double and sums of up to 128 of them stay below 2**60. A value below the
least double (4.9e-324), which would read as 0, is refused: so d stays
below 400, within the doubles' exponents."""
import numbers
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

LIMIT = 2 ** 53
_TOO_LARGE = "data: %r is 2**53 or more in magnitude; exact sums need every value below 2**53: rescale the data"


def _decimal(value):
    """value as a Decimal, digit for digit as written"""
    if isinstance(value, bool):
        raise TypeError("data: %r is a bool, not a number" % (value,))
    if isinstance(value, numbers.Integral):
        return Decimal(int(value))
    if isinstance(value, Decimal):
        dec = value
    elif isinstance(value, str):
        try:
            dec = Decimal(value.strip())
        except InvalidOperation:
            number = re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+", value.strip())
            raise ValueError("data: %r %s" % (value, "has an exponent out of range" if number else "is not a number")) \
                from None
    elif isinstance(value, numbers.Rational):
        dec = _fraction(Fraction(value))
    elif isinstance(value, numbers.Real):
        dec = Decimal(repr(float(value)))
    else:
        raise TypeError("data: %r is not a number" % (value,))
    if not dec.is_finite():
        raise ValueError("data: %r is not finite" % (value,))
    return dec


def _fraction(frac):
    """a Fraction whose denominator is 2**a * 5**b as the decimal it is"""
    rest, places = frac.denominator, 0
    for p in (2, 5):
        count = 0
        while rest % p == 0:
            rest, count = rest // p, count + 1
        places = max(places, count)
    if rest != 1:
        raise ValueError("data: %s is not a finite decimal" % (frac,))
    coefficient = abs(frac.numerator) * 10 ** places // frac.denominator
    return Decimal((int(frac < 0), tuple(map(int, str(coefficient))), -places))


def _parse(value):
    """(sign, coefficient, exponent) of value with no trailing zeros in the
    coefficient (0 for 0)"""
    sign, digits, exponent = _decimal(value).as_tuple()
    coefficient = int("".join(map(str, digits)))
    while coefficient and coefficient % 10 == 0:
        coefficient //= 10
        exponent += 1
    return -1 if sign else 1, coefficient, exponent if coefficient else 0


def _as_float(sign, coefficient, exponent):
    return float(Decimal((int(sign < 0), tuple(map(int, str(coefficient))), exponent)))


def _in_range(flat):
    """refuses a value below the least double, and one of 17 digits or more
    before the point (so at least 2**53) before 10**exponent is computed"""
    for (s, c, e), value in flat:
        if c and _as_float(s, c, e) == 0:
            raise ValueError("data: %r underflows: it is below the least double (4.9e-324) and would read as 0; "
                             "rescale the data" % (value,))
        if len(str(c)) + e > 16:
            raise ValueError(_TOO_LARGE % (value,))


def read(samples):
    """(ints, floats, d) for a list of samples (each a sequence of numbers):
    the values times 10**d, and as Python floats (the doubles a statistic in
    C sees: for a float, the float itself)"""
    parsed = [[_parse(v) for v in sample] for sample in samples]
    flat = [(p, v) for sample, values in zip(parsed, samples) for p, v in zip(sample, values)]
    _in_range(flat)
    d = max((max(0, -e) for (_, _, e), _ in flat), default=0)
    ints = [[s * c * 10 ** (e + d) for s, c, e in sample] for sample in parsed]
    (s, c, e), worst = max(flat, key=lambda t: t[0][1] * 10 ** (t[0][2] + d), default=((1, 0, 0), 0))
    if c * 10 ** (e + d) >= LIMIT:
        if d == 0:
            raise ValueError(_TOO_LARGE % (worst,))
        longest = min(flat, key=lambda t: t[0][2])[1]
        raise ValueError(
            "data: exact sums need every value times 10**d below 2**53 in magnitude, where d = %d is the most decimal "
            "places a value has (%r has them, a float counting by its shortest repr); %r times 10**%d is %d. Round "
            "the data to the digits they carry (round(x, 6), or strings such as '0.3') or rescale them"
            % (d, longest, worst, d, c * 10 ** (e + d)))
    floats = [[_as_float(s, c, e) for s, c, e in sample] for sample in parsed]
    return ints, floats, d
