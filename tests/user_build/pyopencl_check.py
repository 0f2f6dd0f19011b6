"""pyopencl_check.py - builds the user's kernels through PyOpenCL on every
OpenCL device, with kperm.cl_options() (#include "kperm.cl") and with
kperm.cl_source() in front, every warning an error: a non-empty build log is
a pyopencl.CompilerWarning, which then fails the check.

    python pyopencl_check.py BODY KERNELS   (user_body.h, user_kernel.cl)

One PASS or FAIL line per device and way, SKIP without PyOpenCL or devices."""
import os
import sys
import warnings

os.environ["PYOPENCL_NO_CACHE"] = "1"  # a cached build would show no log at all
os.environ["PYOPENCL_COMPILER_OUTPUT"] = "1"  # the log itself in the warning
os.environ["POCL_KERNEL_CACHE"] = "0"
warnings.simplefilter("error")

try:
    import pyopencl as cl
except ImportError:
    print("SKIP PyOpenCL build: no PyOpenCL (make deps installs python3-pyopencl)")
    sys.exit(0)
import kperm


def main(body_path, kernels_path):
    with open(body_path) as f:
        body = f.read()
    with open(kernels_path) as f:
        kernels = f.read()
    ways = [('#include "kperm.cl"', '#include "kperm.cl"', kperm.cl_options()),
            ("kperm.cl_source()", kperm.cl_source(), "")]
    devices = [d for p in cl.get_platforms() for d in p.get_devices()]
    if not devices:
        print("SKIP PyOpenCL build: no OpenCL device")
    failed = False
    for dev in devices:
        ctx = cl.Context([dev])
        for way, head, options in ways:
            try:
                cl.Program(ctx, "\n".join((head, body, kernels))).build(options=options)
                print("PASS PyOpenCL build with warnings as errors on %s: %s, run-time n" % (dev.name, way))
            except Exception as e:  # CompilerWarning, or the build's own error
                print("\n".join("# " + line for line in str(e).splitlines()))
                print("FAIL PyOpenCL build with warnings as errors on %s: %s, run-time n" % (dev.name, way))
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
