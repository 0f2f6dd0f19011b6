"""kperm.stats' backends: stats_kernel.h built and launched through PyOpenCL
or CuPy. Each gives the same three calls: build(source) makes a program of
kperm's headers and the source, printing nothing (raising BuildFailed with
the compiler's first error, or the rule a C statistic's body breaks),
values(...) the exact value of each of a few ranks (rank 0 is the observed
arrangement), count(...) the counters, extremes and histogram of a range of
ranks, summed over work-items and launches on the host. Launches are slices
of about SLICE_SECONDS, each waited for in short sleeps, so that Ctrl-C
raises KeyboardInterrupt at once and the device stops soon after."""
import contextlib
import os
import re
import sys
import time
import warnings

import numpy as np

from . import _statistic_rules, cl_source, cuda_options

COUNTS = 6  # PS_COUNTS of stats_kernel.h
LAUNCH = (1 << 32) - 1  # ranks a launch at most: no work-group's 32-bit histogram counter can overflow
SLICE_SECONDS = 0.25  # a launch's time, about: the ranks a launch double until one takes half of it
# each compiler's warnings of undefined behaviour made errors, as kperm-ptest
# makes them (samples/ptest/ptest_opencl.c, ptest_cuda.c): a statistic that
# may fall off its end or read a variable never set is refused, not run.
# clang (POCL, NVIDIA's OpenCL) finds a variable unset on some path; NVRTC
# (940: a missing return, 549: a variable read before it is set) only one
# unset on every path.
CL_STRICT = '#pragma clang diagnostic error "-Wreturn-type"\n#pragma clang diagnostic error "-Wuninitialized"\n'
CUDA_STRICT = "#pragma nv_diag_error 940\n#pragma nv_diag_error 549\n"
_HERE = os.path.dirname(os.path.abspath(__file__))
# stats.py puts BODY_LINE before a C statistic's body, so that compilers
# number the body's lines from 1 in the file BODY_FILE
BODY_FILE = "statistic"
BODY_LINE = '#line 1 "%s"\n' % BODY_FILE
# a compiler's diagnostic line: FILE, LINE, COL (not from NVRTC), KIND (error,
# fatal error, warning, ...), WHAT
_DIAGNOSTICS = [re.compile(pattern) for pattern in (
    r"(?P<kind>[a-z ]+): (?P<file>\S+):(?P<line>\d+):(?P<col>\d+): (?P<what>.*)",  # POCL
    r"(?P<file>\S+):(?P<line>\d+):(?P<col>\d+): (?P<kind>[a-z ]+): (?P<what>.*)",  # clang, NVIDIA's OpenCL
    r"(?P<file>\S+)\((?P<line>\d+)\): (?P<kind>[a-z ]+?)(?: #[\w-]+)?: (?P<what>.*)")]  # NVRTC


class BuildFailed(Exception):
    """The kernel source did not compile; str() is the compiler's first error
    as one line, FILE:LINE:COL: error: WHAT (FILE:LINE: from NVRTC, which
    gives no column)."""


def first_error(log, source):
    """the compiler's log of source reduced to its first error, in
    BuildFailed's form. NVIDIA's OpenCL ignores #line and numbers the lines
    from source's first, as "<kernel>": those in a C statistic's body are
    mapped back to it, as kperm-ptest does (samples/ptest/ptest_device.c)."""
    at = source.find("\n" + BODY_LINE)
    body = source.count("\n", 0, at) + 3 if at >= 0 else 0  # the body's first line in source; 0: no body
    for text in log.splitlines():
        found = next(filter(None, (d.fullmatch(text.strip()) for d in _DIAGNOSTICS)), None)
        if found and "error" in found.group("kind"):
            where, line, column = found.group("file"), int(found.group("line")), found.groupdict().get("col")
            if where == "<kernel>" and 0 < body <= line:
                where, line = BODY_FILE, line - body + 1
            return "%s:%d%s: error: %s" % (where, line, ":" + column if column else "", found.group("what"))
    return next((text.strip() for text in log.splitlines() if text.strip()), "the build failed with an empty log")


def check_body(source):
    """raises BuildFailed when the C statistic's body in source (after
    BODY_LINE, before the "}" that ends its function) breaks a rule of
    _statistic_rules; a source without one passes"""
    at = source.find("\n" + BODY_LINE)
    if at >= 0:
        body = source[at + 1 + len(BODY_LINE):]
        try:
            _statistic_rules.check(body[:body.rfind("\n}\n")], BODY_FILE)
        except _statistic_rules.Refused as e:
            raise BuildFailed(str(e)) from None


@contextlib.contextmanager
def _quiet():
    """nothing from a build reaches stderr: POCL prints "1 error generated."
    on file descriptor 2 itself, PyOpenCL warns of a log left by a build that
    succeeded; the log is what BuildFailed reports. (Other threads' stderr
    goes to /dev/null too while a build runs.)"""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def kernel_source():
    """stats_kernel.h with each #include "stats_*.h" replaced by the file"""
    def read(name):
        with open(os.path.join(_HERE, name)) as f:
            return f.read()
    return re.sub(r'#include "(stats_\w+\.h)"\n', lambda m: read(m.group(1)), read("stats_kernel.h"))


def groups_a_unit(bound, local):
    """work-groups of `local` items a launch puts on each multiprocessor or
    compute unit: with a register bound, as many as an NVIDIA one (65 536
    registers) runs at once, so that the items' equal shares end together;
    else 4, one wave where a kernel needs at most 64"""
    return max(1, 65536 // (bound * local)) if bound else 4


class Program:
    """a built program (a pyopencl.Program or cupy.RawModule) and the
    work-groups a launch of its ps_count takes at most"""

    def __init__(self, handle, groups):
        self.handle, self.groups = handle, groups


class _Device:
    """The launches shared by both backends; a subclass supplies build
    (returning a Program), _upload, _values and _count (one launch, waited
    for through _wait before its results are read back) and sets local and
    units (multiprocessors or compute units)."""

    def _wait(self, done):
        """returns once done() is true, sleeping meanwhile, so that a signal's
        handler (Ctrl-C's KeyboardInterrupt) runs at once. On an exception
        the backend is forgotten (a kernel may still be running on its
        queue, forever where the statistic never returns): the next call
        opens the device afresh."""
        pause = 1e-4
        try:
            while not done():
                time.sleep(pause)
                pause = min(2 * pause, 0.01)
        except BaseException:
            for key in [k for k, v in _OPEN.items() if v is self]:
                del _OPEN[key]
            raise

    def values(self, program, data, begin, count):
        """(keys, x): keys[i] = (sign, num, den) of rank begin + i as Python
        ints, x[i] its statistic"""
        out, x = self._values(program.handle, self._upload(data), data, begin, count)
        sign = out.view(np.int64)
        keys = [(int(sign[5 * i]), int(out[5 * i + 1]) | int(out[5 * i + 2]) << 64,
                 int(out[5 * i + 3]) | int(out[5 * i + 4]) << 64) for i in range(count)]
        return keys, [float(v) for v in x]

    def count(self, program, data, begin, end, bins):
        """(counters, lo, hi, hist) over ranks [begin, end): the PS_COUNTS
        counters as Python ints, the least and greatest finite statistic
        (lo > hi if there was none), the histogram's bins as ints"""
        bufs = self._upload(data)
        total = np.zeros(COUNTS, dtype=object)
        hist = np.zeros(bins, dtype=object)
        lo, hi = float("inf"), float("-inf")
        first, size = begin, min(LAUNCH, 16 * program.groups * self.local)  # 16 ranks an item, then more
        while first < end:
            last, started = min(end, first + size), time.monotonic()
            groups = max(1, min(program.groups, -(-(last - first) // self.local)))
            counts, extremes, h = self._count(program.handle, bufs, data, first, last, bins, groups)
            total += counts.reshape(-1, COUNTS).sum(axis=0, dtype=np.uint64).astype(object)
            hist += h.reshape(-1, bins).sum(axis=0, dtype=np.uint64).astype(object) if bins else 0
            lo, hi = min(lo, float(extremes[0::2].min())), max(hi, float(extremes[1::2].max()))
            if time.monotonic() - started < SLICE_SECONDS / 2 and last - first == size:
                size = min(LAUNCH, 2 * size)
            first = last
        return [int(c) for c in total], lo, hi, [int(b) for b in hist]


class OpenCL(_Device):
    name = "pyopencl"

    def __init__(self, device=None):
        import pyopencl as cl

        self.cl = cl
        if device is None:
            self.ctx = cl.create_some_context(interactive=False)
        elif isinstance(device, cl.Context):
            self.ctx = device
        elif isinstance(device, cl.Device):
            self.ctx = cl.Context([device])
        else:
            raise TypeError("device: a pyopencl.Device or pyopencl.Context for backend='pyopencl', not %r" % (device,))
        dev = self.ctx.devices[0]
        if "cl_khr_fp64" not in dev.extensions.split():
            raise ValueError("the OpenCL device %s has no double precision (cl_khr_fp64)" % dev.name)
        self.queue = cl.CommandQueue(self.ctx)
        cpu = dev.type & cl.device_type.CPU
        # a GPU takes CuPy's shape, 256 work-items a group and one wave of
        # groups (kperm-ptest measured 128 and 16 a compute unit slower on an H100)
        self.local = min(64 if cpu else 256, dev.max_work_group_size)
        self.units = dev.max_compute_units
        self.nv_options = "cl_nv_compiler_options" in dev.extensions.split()
        self.device = "%s (OpenCL, %s)" % (dev.name.strip(), dev.platform.name.strip())
        self._programs = {}

    def build(self, source, bound=0):
        """source built for the device (cached); bound: the registers a
        work-item may use on an NVIDIA GPU, 0 for no bound"""
        bound = bound if self.nv_options else 0
        check_body(source)
        if source not in self._programs:
            # pyopencl.Program(...).build() would save the source of a build
            # that fails in a temporary file it never deletes and names in its
            # message; the uncached _Program beneath it does not (POCL and
            # NVIDIA's OpenCL keep their own caches of built programs). It is
            # private, but pyopencl.Program itself builds through it
            # (pyopencl/cache.py in Debian 12's 2022.3.1).
            full = cl_source() + CL_STRICT + source
            program = self.cl._cl._Program(self.ctx, full)
            try:
                with _quiet():
                    program.build(b"-cl-nv-maxrregcount=%d" % bound if bound else b"", None)
            except self.cl.RuntimeError:
                logs = [program.get_build_info(d, self.cl.program_build_info.LOG) for d in self.ctx.devices]
                raise BuildFailed(first_error("\n".join(logs), full)) from None
            dev, size = self.ctx.devices[0], self.cl.kernel_work_group_info.WORK_GROUP_SIZE
            for name in ("ps_count", "ps_values", "ps_sample"):  # fewer work-items a group where registers need it
                self.local = min(self.local, self.cl.Kernel(program, name).get_work_group_info(size, dev))
            self._programs[source] = Program(self.cl.Program(program), self.units * groups_a_unit(bound, self.local))
        return self._programs[source]

    def _upload(self, data):
        flags = self.cl.mem_flags.READ_ONLY | self.cl.mem_flags.COPY_HOST_PTR
        return [self.cl.Buffer(self.ctx, flags, hostbuf=data[k]) for k in ("v", "d", "sizes", "aux", "par")]

    def _out(self, count, dtype):
        return np.empty(max(count, 1), dtype=dtype), self.cl.Buffer(self.ctx, self.cl.mem_flags.WRITE_ONLY,
                                                                     8 * max(count, 1))

    def _read(self, launch, pairs):
        """each (host array, device buffer) of pairs copied back once launch
        (the kernel's event) has ended. The kernel's event is waited for, not
        a copy's: PyOpenCL's event of a copy into a host array waits for the
        copy when it is freed, which would hang on a kernel that never ends."""
        self.queue.flush()
        complete = self.cl.command_execution_status.COMPLETE
        self._wait(lambda: launch.command_execution_status <= complete)  # below 0: failed, and the copy raises
        for host, dev in pairs:
            self.cl.enqueue_copy(self.queue, host, dev)

    def _values(self, program, bufs, data, begin, count):
        (out, dout), (x, dx) = self._out(5 * count, np.uint64), self._out(count, np.float64)
        v, d, sizes, aux, par = bufs
        size = -(-count // self.local) * self.local
        launch = program.ps_values(self.queue, (size,), (self.local,), v, d, sizes, aux, par, np.int32(data["n"]),
                                   np.int32(data["m"]), np.uint64(begin), np.uint64(count), dout, dx)
        self._read(launch, [(out, dout), (x, dx)])
        return out, x

    def _count(self, program, bufs, data, begin, end, bins, groups):
        items = groups * self.local
        (counts, dcounts), (ext, dext), (hist, dhist) = (self._out(COUNTS * items, np.uint64),
                                                         self._out(2 * items, np.float64),
                                                         self._out(bins * groups, np.uint64))
        flags = self.cl.mem_flags.READ_ONLY | self.cl.mem_flags.COPY_HOST_PTR
        obs = self.cl.Buffer(self.ctx, flags, hostbuf=data["obs"])
        v, d, sizes, aux, par = bufs
        launch = program.ps_count(self.queue, (items,), (self.local,), v, d, sizes, aux, obs, par,
                                  np.int32(data["n"]), np.int32(data["m"]), np.uint64(begin), np.uint64(end),
                                  np.int32(bins), dcounts, dext, dhist)
        self._read(launch, [(counts, dcounts), (ext, dext), (hist, dhist)])
        return counts, ext, hist[:bins * groups]


class CuPy(_Device):
    name = "cupy"

    def __init__(self, device=None):
        import cupy

        self.cp = cupy
        self.dev = cupy.cuda.Device(0 if device is None else device)
        props = cupy.cuda.runtime.getDeviceProperties(self.dev.id)
        self.local = 256
        self.units = props["multiProcessorCount"]
        self.device = "%s (CUDA device %d, CuPy)" % (props["name"].decode(), self.dev.id)
        self._modules = {}

    def build(self, source, bound=0):
        """source built for the device (cached); bound: the registers a
        thread may use, 0 for no bound"""
        from . import cupy as kperm_cupy

        check_body(source)
        if source not in self._modules:
            with self.dev:
                full = '#include "kperm_cuda_device.h"\n' + CUDA_STRICT + source
                # -fmad=false: the roundings of the other backends (stats_wide.h)
                options = cuda_options() + ("-fmad=false",) + (("-maxrregcount=%d" % bound,) if bound else ())
                module = self.cp.RawModule(code=full, options=options)
                try:
                    with _quiet():
                        module.get_function("ps_count")  # compiles
                except self.cp.cuda.compiler.CompileException as e:
                    raise BuildFailed(first_error(str(e), full)) from None  # str(e): NVRTC's log
                kperm_cupy.upload_tables(module)
            self._modules[source] = Program(module, self.units * groups_a_unit(bound, self.local))
        return self._modules[source]

    def _upload(self, data):
        with self.dev:
            return [self.cp.asarray(data[k]) for k in ("v", "d", "sizes", "aux", "par")]

    def _ended(self):
        """waits (as _wait) for the launches made so far on the current stream"""
        ended = self.cp.cuda.Event(disable_timing=True)
        ended.record()
        self._wait(lambda: ended.done)

    def _values(self, program, bufs, data, begin, count):
        with self.dev:
            out, x = self.cp.zeros(5 * count, dtype=self.cp.uint64), self.cp.zeros(count, dtype=self.cp.float64)
            program.get_function("ps_values")((-(-count // self.local),), (self.local,),
                                              tuple(bufs) + (np.int32(data["n"]), np.int32(data["m"]),
                                                             np.uint64(begin), np.uint64(count), out, x))
            self._ended()
            return self.cp.asnumpy(out), self.cp.asnumpy(x)

    def _count(self, program, bufs, data, begin, end, bins, groups):
        items = groups * self.local
        with self.dev:
            counts = self.cp.zeros(COUNTS * items, dtype=self.cp.uint64)
            ext = self.cp.zeros(2 * items, dtype=self.cp.float64)
            hist = self.cp.zeros(max(bins * groups, 1), dtype=self.cp.uint64)
            v, d, sizes, aux, par = bufs
            program.get_function("ps_count")((groups,), (self.local,),
                                             (v, d, sizes, aux, self.cp.asarray(data["obs"]), par,
                                              np.int32(data["n"]), np.int32(data["m"]), np.uint64(begin),
                                              np.uint64(end), np.int32(bins), counts, ext, hist))
            self._ended()
            return self.cp.asnumpy(counts), self.cp.asnumpy(ext), self.cp.asnumpy(hist)[:bins * groups]


def gpu_present():
    """True when CuPy imports and sees a CUDA device"""
    try:
        import cupy

        return cupy.cuda.runtime.getDeviceCount() > 0
    except Exception:  # noqa: BLE001 - no CuPy, no driver, no device: all mean no
        return False


_OPEN = {}  # (backend, device): the backend, with its context and the programs built


def open_backend(backend, device):
    """The backend named 'pyopencl' or 'cupy' on device; None: CuPy where a
    GPU is, else PyOpenCL. Opened once for each pair and kept."""
    if backend is None:
        backend = "cupy" if gpu_present() else "pyopencl"
    kinds = {"pyopencl": OpenCL, "cupy": CuPy}
    if backend not in kinds:
        raise ValueError("backend: 'pyopencl', 'cupy' or None, not %r" % (backend,))
    if (backend, device) not in _OPEN:
        _OPEN[backend, device] = kinds[backend](device)
    return _OPEN[backend, device]
