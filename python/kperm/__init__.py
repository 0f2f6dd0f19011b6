"""kperm's C headers for kernels compiled from Python, and the library's
count, unrank and rank_of on the host.

    import kperm
    kperm.get_include()   # -I for CUDA and host C: kperm.h, kperm/*.h
    kperm.cuda_options()  # options for cupy.RawModule / RawKernel
    kperm.cl_options()    # build options for pyopencl.Program: #include "kperm.cl"
    kperm.cl_source()     # or prepend this string and pass no -I
    kperm.cupy.upload_tables(module)  # CuPy: fill a RawModule's tables
    kperm.comb_table()    # the binomials kperm_comb_unrank_mask_in reads
    kperm.unrank(5, 3)    # [2, 1, 0]: every family's count/unrank/rank_of, see kperm.host
    kperm.permutations(12, start, count)  # rank ranges as numpy arrays (also combinations,
                          # multiset_permutations, k_permutations; unrank/rank_of take arrays)
    kperm.numba           # kperm's device functions in @numba.cuda.jit kernels
    kperm.cupy.permutations(12, start, count)  # the same arrays made on the GPU
    kperm.stats.permutation_test((x, y), "mean_difference")  # exact tests on the device

Nothing here imports numpy, CuPy or PyOpenCL (comb_table() imports numpy
when called; import kperm.stats imports numpy).
"""
import os
import re
import subprocess

from .host import (COMB_TABLE_SIZE, E_ARG, E_N, E_OVERFLOW, E_PERM, E_RANK, MAX_COMB128_N, MAX_GRAY_N,
                   MAX_KP_N, MAX_MS_N, MAX_N, MAX_N128, Error, comb_count, comb_rank_of, comb_table,
                   comb_unrank, count, gray_count, gray_rank_of, gray_unrank, kp_count, kp_rank_of, kp_unrank,
                   ms_count, ms_rank_of, ms_unrank, rank_of, revdoor_rank_of, revdoor_unrank, sjt_rank_of,
                   sjt_unrank, unrank)
from ._arrays import combinations, k_permutations, multiset_permutations, permutations

__all__ = ["get_include", "get_cuda_include", "get_cl_include", "cuda_options", "cl_options", "cl_source", "cuda_source",
           "Error", "E_N", "E_RANK", "E_PERM", "E_OVERFLOW", "E_ARG",
           "MAX_N", "MAX_N128", "MAX_MS_N", "MAX_KP_N", "MAX_COMB128_N", "MAX_GRAY_N", "COMB_TABLE_SIZE",
           "count", "unrank", "rank_of", "ms_count", "ms_unrank", "ms_rank_of", "kp_count", "kp_unrank",
           "kp_rank_of", "comb_count", "comb_unrank", "comb_rank_of", "comb_table", "sjt_unrank", "sjt_rank_of",
           "gray_count", "gray_unrank", "gray_rank_of", "revdoor_unrank", "revdoor_rank_of",
           "permutations", "combinations", "multiset_permutations", "k_permutations"]

_HERE = os.path.dirname(os.path.abspath(__file__))
# An installed wheel holds the headers under kperm/data. An editable install
# (pip install -e ./python) runs this file from the repository's python/kperm,
# which has no data/: its headers are the repository's include/, cu/ and cl/,
# the same layout, read as they are now.
_DATA = os.path.join(_HERE, "data")
_EDITABLE = not os.path.isdir(_DATA)
if _EDITABLE:
    _DATA = os.path.dirname(os.path.dirname(_HERE))


def _header_version():
    """KPERM_VERSION of the headers this package holds: one version for both"""
    with open(os.path.join(_DATA, "include", "kperm", "status.h")) as f:
        return re.search(r'#define KPERM_VERSION "([^"]+)"', f.read()).group(1)


__version__ = _header_version()


def get_include():
    """The directory holding kperm.h and kperm/*.h (like numpy.get_include())."""
    return os.path.join(_DATA, "include")


def get_cuda_include():
    """The directory holding kperm_cuda.h."""
    return os.path.join(_DATA, "cu")


def get_cl_include():
    """The directory holding kperm.cl."""
    return os.path.join(_DATA, "cl")


def cuda_options():
    """Options for cupy.RawModule(options=...): the include directories."""
    return ("-I" + get_include(), "-I" + get_cuda_include())


def cl_options():
    """Build options for pyopencl.Program(...).build(options=...), as
    kperm_cl_build_options() gives them: kernels then #include "kperm.cl"."""
    return "-I %s -I %s" % (get_include(), get_cl_include())


def _inlined(root, built):
    """root (a file under the headers' directory) with every #include "..."
    replaced by the file, each file once. The repository's one include
    inliner (tools/cl_inline.awk) made it: the package's build (the file
    `built` in kperm/data), or in an editable install this call, from the
    repository's headers as they are now."""
    if _EDITABLE:
        return subprocess.run(["awk", "-f", os.path.join(_DATA, "tools", "cl_inline.awk"),
                               os.path.join(_DATA, root), get_include()],
                              check=True, stdout=subprocess.PIPE, universal_newlines=True).stdout
    with open(os.path.join(_DATA, built)) as f:
        return f.read()


def cl_source():
    """kperm.cl with every include inlined: the string kperm_cl_source()
    returns, to put in front of a kernel's source."""
    return _inlined(os.path.join("cl", "kperm.cl"), "kperm_cl_source.cl")


def cuda_source():
    """kperm_cuda_device.h with every include inlined: CUDA source for NVRTC
    that needs no -I (kperm.numba links it)."""
    return _inlined(os.path.join("cu", "kperm_cuda_device.h"), "kperm_cuda_source.cu")
