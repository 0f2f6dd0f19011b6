"""kperm's C headers for kernels compiled from Python.

    import kperm
    kperm.get_include()   # -I for CUDA and host C: kperm.h, kperm/*.h
    kperm.cuda_options()  # options for cupy.RawModule / RawKernel
    kperm.cl_options()    # build options for pyopencl.Program: #include "kperm.cl"
    kperm.cl_source()     # or prepend this string and pass no -I
    kperm.cupy.upload_tables(module)  # CuPy: fill a RawModule's tables

Nothing here imports numpy, CuPy or PyOpenCL.
"""
import os
import re

_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


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


def cl_source():
    """kperm.cl with every #include "..." replaced by the file, each file
    once: the string kperm_cl_source() returns, to put in front of a kernel's
    source. The package's build made it with the repository's one include
    inliner (tools/cl_inline.awk)."""
    with open(os.path.join(_DATA, "kperm_cl_source.cl")) as f:
        return f.read()
