"""pyopencl_check.py - builds the user's kernels through PyOpenCL on every
OpenCL device, with kperm.cl_options() (#include "kperm.cl") and with
kperm.cl_source() in front, every warning an error: a non-empty build log is
a pyopencl.CompilerWarning, which then fails the check. What the driver says
about every kernel, kperm or not (NVIDIA's drivers since 550: "Function NAME
is a kernel, so overriding noinline attribute"), is set aside: a probe kernel
without kperm shows those lines, and a line of the warning that is one of
them with another kernel's name is not kperm's.

    python pyopencl_check.py BODY KERNELS   (user_body.h, user_kernel.cl)

One PASS or FAIL line per device and way, SKIP without PyOpenCL or devices."""
import os
import re
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


PROBE = "kperm_probe"


def build_warnings(ctx, source, options):
    """the lines of every warning the build gives (it raises on an error)"""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cl.Program(ctx, source).build(options=options)
    return [line for w in caught for line in str(w.message).splitlines() if line.strip()]


def driver_notes(ctx):
    """patterns of the lines the driver writes for any kernel"""
    lines = build_warnings(ctx, "__kernel void %s(__global int *x) { x[0] = 1; }" % PROBE, "")
    return [re.compile("^" + r"\w+".join(re.escape(part) for part in line.split(PROBE)) + "$") for line in lines]


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
        notes = driver_notes(ctx)
        for way, head, options in ways:
            try:
                lines = build_warnings(ctx, "\n".join((head, body, kernels)), options)
            except Exception as e:  # the build's own error
                lines = ["error: " + line for line in str(e).splitlines()] or ["error"]
            ours = [line for line in lines if not any(p.match(line) for p in notes)]
            aside = len(lines) - len(ours)
            if ours:
                print("\n".join("# " + line for line in lines))
            print("%s PyOpenCL build with warnings as errors on %s: %s, run-time n%s"
                  % ("FAIL" if ours else "PASS", dev.name, way,
                     " (%d line%s the driver writes for any kernel set aside)" % (aside, "s" if aside > 1 else "")
                     if aside else ""))
            failed = failed or bool(ours)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
