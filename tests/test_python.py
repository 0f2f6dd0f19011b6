"""test_python.py - the installed kperm package, run by tests/python_check.sh
inside a virtual environment: nothing heavy imported by `import kperm`,
its headers and version, cl_source() byte-identical to the C library's
kperm_cl_source(), and the cross-backend vectors on every PyOpenCL device,
through get_include()/cl_options() and through cl_source(), byte-identical to
host C.   python test_python.py FIXTURES_DIR TESTS_DIR"""
import os
import sys

fixtures, tests = sys.argv[1], sys.argv[2]
failed = 0


def check(ok, name):
    global failed
    print(("PASS " if ok else "FAIL ") + name)
    failed += not ok


import kperm  # noqa: E402

check("numpy" not in sys.modules and "cupy" not in sys.modules and "pyopencl" not in sys.modules,
      "python: import kperm imports neither numpy, CuPy nor PyOpenCL")
header = open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                           "include", "kperm", "status.h")).read()
check(os.path.exists(os.path.join(kperm.get_include(), "kperm.h"))
      and os.path.exists(os.path.join(kperm.get_cuda_include(), "kperm_cuda.h"))
      and os.path.exists(os.path.join(kperm.get_cl_include(), "kperm.cl"))
      and '#define KPERM_VERSION "%s"' % kperm.__version__ in header,
      "python: get_include() and friends hold the headers; __version__ = KPERM_VERSION")
with open(os.path.join(fixtures, "cl_source.txt")) as f:
    check(kperm.cl_source() == f.read(), "python: kperm.cl_source() is kperm_cl_source()'s string, byte for byte")

try:
    import numpy as np
    import pyopencl as cl
except ImportError as e:
    print("SKIP python: PyOpenCL vectors: %s (Debian: python3-pyopencl)" % e)
    sys.exit(failed != 0)

vin = np.fromfile(os.path.join(fixtures, "vectors_in.bin"), dtype=np.uint64)
want = np.fromfile(os.path.join(fixtures, "vectors_want.bin"), dtype=np.uint8)
count = len(vin) // 5
record = len(want) // count  # the bytes of one vector's record
kernel = open(os.path.join(tests, "lex_kernel.cl")).read()
devices = [d for p in cl.get_platforms() for d in p.get_devices()]
if not devices:
    print("SKIP python: PyOpenCL vectors: no OpenCL device")
for dev in devices:
    ctx = cl.Context([dev])
    queue = cl.CommandQueue(ctx)
    for how, src, opts in (("get_include()", '#include "kperm.cl"\n' + kernel, kperm.cl_options() + " -I " + tests),
                           ("cl_source()", kperm.cl_source() + kernel, "-I " + tests)):
        prog = cl.Program(ctx, src).build(options=opts)
        din = cl.Buffer(ctx, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR, hostbuf=vin)
        got = np.full(count * record, 0x5a, dtype=np.uint8)
        dout = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=got)
        prog.kperm_test_lex(queue, ((count + 63) // 64 * 64,), None, din, dout, np.uint32(count))
        cl.enqueue_copy(queue, got, dout)
        bad = np.nonzero(got != want)[0]
        check(len(bad) == 0, "python: PyOpenCL lex vectors (%d) via %s on %s byte-identical to host C%s"
              % (count, how, dev.name.strip(), "" if len(bad) == 0 else ": vector %d differs" % (bad[0] // record)))
sys.exit(failed != 0)
