"""CuPy: kperm's __constant__ tables in a RawModule.

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
