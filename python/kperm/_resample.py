"""Monte Carlo counting: the statistic over n uniform random rearrangements
instead of all of them, on the device (stats_sample.h's ps_sample) through
kperm's CuPy / PyOpenCL backends (_stats_device), and the same draws in
numpy (draw_ranks) for tests and for the host.

Draw i of seed s is the rearrangement of rank floor(w * total / 2^128), w
the 128 bits of SplitMix64's outputs 2i + 1 and 2i + 2 from state mix(s):
see stats_sample.h for the generator and the bound on its bias, and
stats_kernel.h's ps_walk_at for the rearrangement of a rank."""
import numbers

import numpy as np

DEFAULT_SEED = 20240521  # the seed when none is given (kperm-ptest prints it)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_LOW = np.uint64(0xFFFFFFFF)


def _mix64(z):
    z = z.copy()
    with np.errstate(over="ignore"):
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def _mul_high64(a, b):
    """the high 64 bits of a * b (uint64 arrays), in 32-bit halves as the kernel"""
    al, ah, bl, bh = a & _LOW, a >> np.uint64(32), b & _LOW, b >> np.uint64(32)
    ll, lh, hl, hh = al * bl, al * bh, ah * bl, ah * bh
    mid = (ll >> np.uint64(32)) + (lh & _LOW) + (hl & _LOW)
    return hh + (lh >> np.uint64(32)) + (hl >> np.uint64(32)) + (mid >> np.uint64(32))


def check_seed(seed, what="seed"):
    """seed as an int in [0, 2^64), else ValueError naming it as `what`"""
    if not isinstance(seed, numbers.Integral) or isinstance(seed, bool) or not 0 <= seed < 2 ** 64:
        raise ValueError("%s: an integer in [0, 2^64) or a numpy Generator, not %r" % (what, seed))
    return int(seed)


def seed_of(rng):
    """the kernel's seed for scipy's rng= (None: DEFAULT_SEED; an int: itself;
    a numpy Generator or RandomState: one 64-bit word drawn from it)"""
    if rng is None:
        return DEFAULT_SEED
    if isinstance(rng, (np.random.Generator, np.random.RandomState)):
        return int(rng.randint(0, 2 ** 63) if isinstance(rng, np.random.RandomState)
                   else rng.integers(2 ** 64, dtype=np.uint64))
    return check_seed(rng, "rng")


def draw_ranks(seed, begin, end, total):
    """the ranks of draws [begin, end) of seed among total rearrangements:
    stats_sample.h's ps_draw_rank, draw for draw; uint64 below 2^64, else
    Python ints (an object array) below 2^128"""
    if not 0 < total < 2 ** 128:
        raise ValueError("%d rearrangements: random ranks are drawn below 2^128" % total)
    i = np.arange(begin, end, dtype=np.uint64)
    key = _mix64(np.array([check_seed(seed)], dtype=np.uint64))[0]
    with np.errstate(over="ignore"):
        high, low = (_mix64(key + (np.uint64(2) * i + np.uint64(j)) * _GOLDEN) for j in (1, 2))
        if total >= 2 ** 64:  # floor(w * total / 2^128) of the 128-bit w, in Python integers
            return np.array([(int(h) << 64 | int(w)) * total >> 128 for h, w in zip(high, low)], dtype=object)
        t = np.uint64(total)
        product = high * t
        carried = product + _mul_high64(low, t)
        return _mul_high64(high, t) + (carried < product).astype(np.uint64)


class _Sampling:
    """a built program whose ps_count launches are ps_sample's with seed and
    total put in: what _stats_device's launches pass to ps_count (begin, end
    the draws) reaches ps_sample unchanged. OpenCL calls program.ps_count(
    queue, global, local, 8 buffers, n, m, begin, ...); CuPy
    get_function("ps_count")(grid, block, (6 buffers, n, m, begin, ...))."""

    def __init__(self, handle, seed, total):
        self.handle, self.words = handle, (np.uint64(seed), np.uint64(total & (2 ** 64 - 1)), np.uint64(total >> 64))

    def get_function(self, name):
        assert name == "ps_count"
        sample = self.handle.get_function("ps_sample")
        return lambda grid, block, args: sample(grid, block, args[:8] + self.words + args[8:])

    def __getattr__(self, name):
        if name != "ps_count":
            return getattr(self.handle, name)
        return lambda *args: self.handle.ps_sample(*args[:11], *self.words, *args[11:])


def count_random(dev, program, data, seed, total, draws, bins):
    """(counters, lo, hi, hist) as _stats_device's count, over draws
    [0, draws) of seed among total rearrangements (dev, program, data as
    kperm.stats builds them)"""
    from ._stats_device import Program

    if not 0 < total < 2 ** 128:
        raise ValueError("%d rearrangements: random ranks are drawn below 2^128" % total)
    sampling = Program(_Sampling(program.handle, check_seed(seed), total), program.groups)
    return dev.count(sampling, data, 0, draws, bins)
