"""CuPy: kperm's __constant__ tables in a RawModule, and rank ranges made
on the GPU as CuPy arrays.

    mod = cupy.RawModule(code=src, options=kperm.cuda_options())
    kperm.cupy.upload_tables(mod)   # once, before the first kernel

The same values kperm_cuda_upload_tables() copies: n! for n = 0..20, their
single-precision reciprocals, and the binomials C(d, j), 0 <= j <= d <= 64,
row by row (kperm/comb_table.h, as kperm.comb_table() gives them). Imports
numpy and CuPy when called."""

# comb_table stays here under its old name, kperm.cupy.comb_table
from .host import MAX_N as KPERM_MAX_N, comb_table  # noqa: F401


def host_tables():
    """(factorials as uint64, their float32 reciprocals), as in kperm/tables.h."""
    import numpy

    fact = numpy.ones(KPERM_MAX_N + 1, dtype=numpy.uint64)
    for n in range(2, KPERM_MAX_N + 1):
        fact[n] = fact[n - 1] * numpy.uint64(n)
    inv = numpy.float32(1.0) / fact.astype(numpy.float32)
    return fact, inv


def upload_tables(module):
    """Copies the tables into `module`'s kperm_inv_fact_table_device,
    kperm_comb_table_device and kperm_fact_table_device (the factorials last:
    their 0! = 1 is what says "uploaded", as in kperm_cuda_upload_tables)."""
    import cupy

    fact, inv = host_tables()
    for name, values in (("kperm_inv_fact_table_device", inv), ("kperm_comb_table_device", comb_table()),
                         ("kperm_fact_table_device", fact)):
        ptr = module.get_global(name)
        cupy.ndarray(values.shape, values.dtype, ptr).set(values)


# ---- rank ranges as CuPy arrays, made on the GPU (arrays_kernel.h)

_MODULES = {}


def _module(family, n, length, m):
    """(RawModule of arrays_kernel.h for one shape, its threads a block, rows
    a block makes, the multiple its first block starts at), compiled once a
    process (and by CuPy's cache once a machine)"""
    import os
    import cupy
    from . import cuda_options

    key = (family, n, length, m)
    if key not in _MODULES:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "arrays_kernel.h")) as f:
            code = f.read()
        mod = cupy.RawModule(code=code, options=cuda_options() + (
            "-DKA_FAMILY=%d" % family, "-DKA_N=%d" % n, "-DKA_L=%d" % length, "-DKA_M=%d" % m))
        upload_tables(mod)
        _MODULES[key] = (mod,) + tuple(int(cupy.ndarray((1,), cupy.uint32, mod.get_global(name)).get()[0])
                                       for name in ("kperm_arrays_threads", "kperm_arrays_block_rows",
                                                    "kperm_arrays_align"))
    return _MODULES[key]


def _rows(family, n, length, start, rows, counts=()):
    """rows start .. start + rows - 1 of a family as a (rows, length) uint8 CuPy array"""
    import cupy
    import numpy
    from .host import Error

    out = cupy.empty((rows, length), dtype=cupy.uint8)
    if rows == 0 or length == 0:
        return out
    status = cupy.zeros(1, dtype=cupy.int32)
    mod, threads, per_block, align = _module(family, n, length, len(counts))
    lead = start - start % align
    mod.get_function("kperm_arrays")(((start + rows - lead + per_block - 1) // per_block,), (threads,),
                                     (numpy.uint64(start), numpy.uint64(rows),
                                      cupy.asarray(numpy.array(list(counts) or [0], numpy.uint8)), out, status))
    rc = int(status.get()[0])
    if rc:  # the host checked every argument: a kernel's error is kperm's own fault
        raise Error(rc, "kperm.cupy: the array kernel failed")
    return out


def permutations(n, start=0, count=None):
    """kperm.permutations made on the GPU: the permutations of 0..n-1 of
    lexicographic ranks start .. start + count - 1 (count=None: to the last),
    a (count, n) uint8 CuPy array. 1 <= n <= 20."""
    from ._arrays import permutation_range
    from .host import E_N, Error

    n, start, rows = permutation_range(n, start, count)
    if n > KPERM_MAX_N:
        raise Error(E_N, "n = %d: kperm.cupy makes permutations of n <= %d (kperm.permutations reaches 34)"
                    % (n, KPERM_MAX_N))
    return _rows(1, n, n, start, rows)


def combinations(n, k, start=0, count=None):
    """kperm.combinations made on the GPU: the k-subsets of 0..n-1 as
    ascending rows, lexicographic ranks start .. start + count - 1, a
    (count, k) uint8 CuPy array. 0 <= k <= n <= 64."""
    from ._arrays import combination_range
    from .host import E_N, Error

    n, k, start, rows = combination_range(n, k, start, count)
    if n > 64:
        raise Error(E_N, "n = %d: kperm.cupy makes combinations of n <= 64 (kperm.combinations reaches 128)" % n)
    return _rows(2, n, k, start, rows)


def k_permutations(n, k, start=0, count=None):
    """kperm.k_permutations made on the GPU: a (count, k) uint8 CuPy array.
    1 <= k <= n <= 64 and P(n, k) below 2^64, as kperm.kp_count."""
    from ._arrays import k_permutation_range

    n, k, start, rows = k_permutation_range(n, k, start, count)
    return _rows(3, n, k, start, rows)


def multiset_permutations(counts, start=0, count=None):
    """kperm.multiset_permutations made on the GPU: the distinct arrangements
    of counts[v] copies of each value v, a (count, sum(counts)) uint8 CuPy
    array; the limits of kperm.ms_count."""
    from ._arrays import multiset_range

    counts, start, rows = multiset_range(counts, start, count)
    return _rows(4, sum(counts), sum(counts), start, rows, counts)
