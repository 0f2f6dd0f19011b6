"""test_python.py - the installed kperm package, run by tests/python_check.sh
inside a virtual environment: nothing heavy imported by `import kperm`,
its headers and version, cl_source() byte-identical to the C library's
kperm_cl_source(); the host helpers against the C library's answers
(host_vectors.jsonl: every family, bad input with its status), round trips,
the bad input only Python can pass, the statuses and limits against the
headers, comb_table() against kperm_comb_table; and on every PyOpenCL device
the cross-backend vectors, through get_include()/cl_options() and through
cl_source(), byte-identical to host C, and comb_table() uploaded for
kperm_comb_unrank_mask_in.
    python test_python.py FIXTURES_DIR TESTS_DIR [editable]
(editable: the package is an editable install, so it must be the
repository's python/kperm reading the repository's headers)."""
import json
import os
import pickle
import random
import re
import struct
import sys
import warnings

fixtures, tests = sys.argv[1], sys.argv[2]
editable = sys.argv[3:] == ["editable"]
label = "python (editable): " if editable else "python: "
repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
failed = 0


def check(ok, name):
    global failed
    print(("PASS " if ok else "FAIL ") + label + name)
    failed += not ok


import kperm  # noqa: E402

check("numpy" not in sys.modules and "cupy" not in sys.modules and "pyopencl" not in sys.modules,
      "import kperm imports neither numpy, CuPy nor PyOpenCL")
header = open(os.path.join(repo, "include", "kperm", "status.h")).read()
check(os.path.exists(os.path.join(kperm.get_include(), "kperm.h"))
      and os.path.exists(os.path.join(kperm.get_cuda_include(), "kperm_cuda.h"))
      and os.path.exists(os.path.join(kperm.get_cl_include(), "kperm.cl"))
      and '#define KPERM_VERSION "%s"' % kperm.__version__ in header,
      "get_include() and friends hold the headers; __version__ = KPERM_VERSION")
if editable:
    check(os.path.samefile(kperm.__file__, os.path.join(repo, "python", "kperm", "__init__.py"))
          and os.path.samefile(kperm.get_include(), os.path.join(repo, "include")),
          "kperm is the repository's python/kperm, its headers the repository's include/")
with open(os.path.join(fixtures, "cl_source.txt")) as f:
    check(kperm.cl_source() == f.read(), "kperm.cl_source() is kperm_cl_source()'s string, byte for byte")
cuda_text = kperm.cuda_source()
check('#include "' not in cuda_text and cuda_text.count("#define KPERM_CUDA_DEVICE_H") == 1
      and all(cuda_text.count("#define KPERM_%s_H" % h) == 1 for h in ("PLATFORM", "WALK", "REVDOOR", "COMB_TABLE")),
      "kperm.cuda_source() is kperm_cuda_device.h with every header inlined once")


# ---- the host helpers

def header_value(name, path):
    with open(os.path.join(kperm.get_include(), "kperm", path)) as f:
        return int(re.search(r"#define KPERM_%s \(?(-?\d+)\)?" % name, f.read()).group(1))


names = [("E_N", "status.h"), ("E_RANK", "status.h"), ("E_PERM", "status.h"), ("E_OVERFLOW", "status.h"),
         ("E_ARG", "status.h"), ("MAX_N", "status.h"), ("MAX_N128", "status.h"), ("MAX_MS_N", "status.h"),
         ("MAX_KP_N", "status.h"), ("MAX_COMB128_N", "comb.h"), ("MAX_GRAY_N", "gray.h"),
         ("COMB_TABLE_SIZE", "comb_table.h")]
wrong = [n for n, path in names if getattr(kperm, n) != header_value(n, path)]
check(not wrong, "kperm.E_* and the limits are the headers' KPERM_* values%s" % (": not %s" % wrong if wrong else ""))


def raises(status, f, *args):
    """'' when f(*args) raises kperm.Error, a ValueError, with this status and
    its KPERM_E_ name in the message; else what it did"""
    try:
        got = f(*args)
    except kperm.Error as e:
        if not isinstance(e, ValueError) or e.status != status or kperm.host._STATUS_NAMES[status] not in str(e):
            return "%s%r raised status %r: %s" % (f.__name__, args, e.status, e)
        return ""
    except Exception as e:  # noqa: BLE001 - any other exception is the failure reported
        return "%s%r raised %s: %s" % (f.__name__, args, type(e).__name__, e)
    return "%s%r returned %r" % (f.__name__, args, got)


# every line: [python_name, args, result, status] from the C call it mirrors
results = {}
with open(os.path.join(fixtures, "host_vectors.jsonl")) as f:
    for line in f:
        name, args, want, status = json.loads(line)
        ok, bad, first = results.get(name, (0, 0, ""))
        if status:
            why = raises(status, getattr(kperm, name), *args)
            bad += 1
        else:
            try:
                got = getattr(kperm, name)(*args)
            except Exception as e:  # noqa: BLE001 - reported as this vector's failure
                got = "%s: %s" % (type(e).__name__, e)
            why = "" if got == want else "%s%r = %r, C says %r" % (name, tuple(args), got, want)
        results[name] = (ok + (why == ""), bad, first or why)
for name in ("count", "unrank", "rank_of", "ms_count", "ms_unrank", "ms_rank_of", "kp_count", "kp_unrank",
             "kp_rank_of", "comb_count", "comb_unrank", "comb_rank_of", "sjt_unrank", "sjt_rank_of", "gray_count",
             "gray_unrank", "gray_rank_of", "revdoor_unrank", "revdoor_rank_of"):
    ok, bad, first = results.get(name, (0, 0, "no vectors"))
    check(not first, "kperm.%s agrees with the C library on %d vectors (%d of them bad input, each the C status)%s"
          % (name, ok, bad, ": " + first if first else ""))

# round trips, each way, on random ranks and arrangements (the vectors hold
# the C library's; these add many more where a count is large)
rng = random.Random(2026)
trips = []
for n in range(1, kperm.MAX_N128 + 1):
    for r in [0, kperm.count(n) - 1] + [rng.randrange(kperm.count(n)) for _ in range(30)]:
        trips.append((kperm.unrank, kperm.rank_of, (r, n), ()))
        if n <= kperm.MAX_N:
            trips.append((kperm.sjt_unrank, kperm.sjt_rank_of, (r, n), ()))
for _ in range(300):
    counts = [rng.randrange(4) for _ in range(rng.randrange(1, 9))] + [1]
    counts[0] += rng.randrange(2)
    total = kperm.ms_count(counts)
    trips.append((kperm.ms_unrank, kperm.ms_rank_of, (rng.randrange(total), counts), (counts,)))
for n in range(1, kperm.MAX_KP_N + 1):
    k = rng.randrange(1, min(n, 9) + 1)
    trips.append((kperm.kp_unrank, kperm.kp_rank_of, (rng.randrange(kperm.kp_count(n, k)), n, k), (n,)))
for n in range(kperm.MAX_COMB128_N + 1):
    k = rng.randrange(n + 1)
    trips.append((kperm.comb_unrank, kperm.comb_rank_of, (rng.randrange(kperm.comb_count(n, k)), n, k), (n,)))
for n in range(kperm.MAX_GRAY_N + 1):
    k = rng.randrange(n + 1)
    trips.append((kperm.gray_unrank, kperm.gray_rank_of, (rng.randrange(1 << n), n), (n,)))
    trips.append((kperm.revdoor_unrank, kperm.revdoor_rank_of, (rng.randrange(kperm.comb_count(n, k)), n, k), (n,)))
why = ""
for unrank, rank_of, args, more in trips:
    seq = unrank(*args)
    if rank_of(seq, *more) != args[0] or unrank(args[0], *args[1:]) != seq:
        why = why or "%s%r = %r, whose rank is %r" % (unrank.__name__, args, seq, rank_of(seq, *more))
check(not why, "round trips rank -> arrangement -> rank, %d in all families%s"
      % (len(trips), ": " + why if why else ""))

# what only Python can pass: other types, negative numbers, lengths that disagree
cases = [
    (kperm.E_ARG, kperm.unrank, 1.5, 3), (kperm.E_ARG, kperm.unrank, 0, "3"), (kperm.E_ARG, kperm.count, None),
    (kperm.E_ARG, kperm.rank_of, 5), (kperm.E_ARG, kperm.rank_of, [0, 1.0]), (kperm.E_ARG, kperm.rank_of, "01"),
    (kperm.E_ARG, kperm.ms_count, None), (kperm.E_ARG, kperm.ms_unrank, 0, [1, "a"]),
    (kperm.E_ARG, kperm.kp_rank_of, [0, 1], 2.0), (kperm.E_ARG, kperm.comb_unrank, 0, 4, None),
    (kperm.E_ARG, kperm.sjt_rank_of, [[0]]), (kperm.E_ARG, kperm.gray_unrank, 0, 2.0),
    (kperm.E_ARG, kperm.gray_rank_of, [1], 3), (kperm.E_ARG, kperm.revdoor_unrank, 0, 4, "2"),
    (kperm.E_ARG, kperm.revdoor_rank_of, 1.0, 3),
    (kperm.E_RANK, kperm.unrank, -1, 3), (kperm.E_RANK, kperm.unrank, -1, 30), (kperm.E_RANK, kperm.ms_unrank, -1, [1, 1]),
    (kperm.E_RANK, kperm.kp_unrank, -1, 4, 2), (kperm.E_RANK, kperm.comb_unrank, -1, 4, 2),
    (kperm.E_RANK, kperm.comb_unrank, 1, 0, 0), (kperm.E_RANK, kperm.sjt_unrank, -1, 3),
    (kperm.E_RANK, kperm.gray_unrank, -1, 3), (kperm.E_RANK, kperm.gray_unrank, 1 << 64, 64),
    (kperm.E_RANK, kperm.revdoor_unrank, -1, 4, 2),
    (kperm.E_N, kperm.ms_count, [-1, 3]), (kperm.E_N, kperm.ms_count, []), (kperm.E_N, kperm.ms_rank_of, [0], [-1, 2]),
    (kperm.E_N, kperm.kp_count, 5, -1), (kperm.E_N, kperm.kp_unrank, 0, -1, -1), (kperm.E_N, kperm.count, 10 ** 30),
    (kperm.E_PERM, kperm.ms_rank_of, [0, 1], [1, 1, 1]), (kperm.E_PERM, kperm.ms_rank_of, [0, 1, 1], [1, 1]),
    (kperm.E_PERM, kperm.ms_rank_of, [0, -1], [1, 1]), (kperm.E_PERM, kperm.rank_of, [-1, 0]),
    (kperm.E_PERM, kperm.rank_of, [0, 256]), (kperm.E_PERM, kperm.kp_rank_of, [-1, 2], 5),
    (kperm.E_PERM, kperm.comb_rank_of, [-1, 2], 5), (kperm.E_PERM, kperm.sjt_rank_of, [0, -1]),
    (kperm.E_PERM, kperm.gray_rank_of, -1, 5), (kperm.E_PERM, kperm.gray_rank_of, 1 << 64, 64),
    (kperm.E_PERM, kperm.revdoor_rank_of, -2, 5),
]
why = [w for w in (raises(c[0], *c[1:]) for c in cases) if w]
check(not why, "%d bad inputs C cannot express raise kperm.Error with their status%s"
      % (len(cases), ": " + "; ".join(why) if why else ""))
try:
    kperm.kp_count(64, 20)
except kperm.Error as e:
    back = pickle.loads(pickle.dumps(e))
    check(type(back) is kperm.Error and back.status == e.status == kperm.E_OVERFLOW and str(back) == str(e)
          and isinstance(e, ValueError),
          "kperm.Error is a ValueError and pickles with its status (%s)" % e)
check(kperm.unrank(5, 3) == [2, 1, 0] and kperm.rank_of(b"\x02\x01\x00") == 5 and kperm.rank_of((2, 1, 0)) == 5
      and kperm.comb_unrank(0, 4, 0) == [] and kperm.comb_count(0, 0) == 1,
      "lists come back; bytes and tuples go in; the empty combination")

with open(os.path.join(fixtures, "comb_table.bin"), "rb") as f:
    c_table = list(struct.unpack("<%dQ" % kperm.COMB_TABLE_SIZE, f.read()))
check(kperm.comb_table(as_numpy=False) == c_table and "numpy" not in sys.modules,
      "kperm.comb_table(as_numpy=False) is kperm_comb_table, entry for entry, and the helpers import no numpy")

try:
    import numpy as np
except ImportError as e:
    print("SKIP %snumpy: comb_table() as an array, numpy input, PyOpenCL: %s" % (label, e))
    sys.exit(failed != 0)
table = kperm.comb_table()
check(isinstance(table, np.ndarray) and table.dtype == np.uint64 and table.tolist() == c_table,
      "kperm.comb_table() is a numpy uint64 array equal to kperm_comb_table")
check(kperm.rank_of(np.array([2, 1, 0], dtype=np.uint8)) == 5 and kperm.unrank(np.uint64(5), np.int32(3)) == [2, 1, 0]
      and kperm.comb_rank_of(np.arange(3), np.int64(5)) == 0 and kperm.gray_unrank(np.uint64(2 ** 64 - 1), 64) == 1 << 63,
      "numpy integers and arrays go in")

try:
    import pyopencl as cl
except ImportError as e:
    print("SKIP %sPyOpenCL vectors: %s (Debian: python3-pyopencl)" % (label, e))
    sys.exit(failed != 0)


def build(ctx, src, opts=""):
    """The program built, without the compiler's remarks: POCL prints "loop
    not unrolled" for every loop whose bound is not a constant, noise here,
    where the results are what is checked. A failed build still raises, its
    log in the exception. PyOpenCL's cache is off: it keys a program by its
    text, and a kernel that includes tests/lex_body.h from a string of
    another text than an #include "kperm.cl" line came back as built from
    an older lex_body.h."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", cl.CompilerWarning)
        sys.stderr.flush()
        saved = os.dup(2)
        try:
            with open(os.devnull, "w") as null:
                os.dup2(null.fileno(), 2)
                return cl.Program(ctx, src).build(options=opts, cache_dir=False)
        finally:
            os.dup2(saved, 2)
            os.close(saved)


COMB_KERNEL = r"""
__kernel void comb_unrank_in(__global const ulong *binomials, __global const ulong *ranks, int n, int k,
                             __global ulong *masks, __global int *status) {
    size_t i = get_global_id(0);
    kperm_u64 mask = 0;
    status[i] = kperm_comb_unrank_mask_in(binomials, ranks[i], n, k, &mask);
    masks[i] = mask;
}
"""

vin = np.fromfile(os.path.join(fixtures, "vectors_in.bin"), dtype=np.uint64)
want = np.fromfile(os.path.join(fixtures, "vectors_want.bin"), dtype=np.uint8)
count = len(vin) // 5
record = len(want) // count  # the bytes of one vector's record
kernel = open(os.path.join(tests, "lex_kernel.cl")).read()
devices = [d for p in cl.get_platforms() for d in p.get_devices()]
if not devices:
    print("SKIP %sPyOpenCL vectors: no OpenCL device" % label)
for dev in devices:
    ctx = cl.Context([dev])
    queue = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    for how, src, opts in (("get_include()", '#include "kperm.cl"\n' + kernel, kperm.cl_options() + " -I " + tests),
                           ("cl_source()", kperm.cl_source() + kernel, "-I " + tests)):
        prog = build(ctx, src, opts)
        din = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=vin)
        got = np.full(count * record, 0x5a, dtype=np.uint8)
        dout = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=got)
        prog.kperm_test_lex(queue, ((count + 63) // 64 * 64,), None, din, dout, np.uint32(count))
        cl.enqueue_copy(queue, got, dout)
        bad = np.nonzero(got != want)[0]
        check(len(bad) == 0, "PyOpenCL lex vectors (%d) via %s on %s byte-identical to host C%s"
              % (count, how, dev.name.strip(), "" if len(bad) == 0 else ": vector %d differs" % (bad[0] // record)))
    # comb_table() as the __global buffer kperm_comb_unrank_mask_in reads
    prog = build(ctx, kperm.cl_source() + COMB_KERNEL)
    binomials = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=kperm.comb_table())
    why = ""
    for n, k in ((10, 3), (64, 32), (64, 1), (40, 20)):
        ranks = sorted({0, kperm.comb_count(n, k) - 1} | {rng.randrange(kperm.comb_count(n, k)) for _ in range(200)})
        masks, status = np.zeros(len(ranks), np.uint64), np.ones(len(ranks), np.int32)
        dranks = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.array(ranks, np.uint64))
        dmasks, dstatus = cl.Buffer(ctx, mf.WRITE_ONLY, masks.nbytes), cl.Buffer(ctx, mf.WRITE_ONLY, status.nbytes)
        prog.comb_unrank_in(queue, (len(ranks),), None, binomials, dranks, np.int32(n), np.int32(k), dmasks, dstatus)
        cl.enqueue_copy(queue, masks, dmasks)
        cl.enqueue_copy(queue, status, dstatus)
        for r, mask, st in zip(ranks, masks.tolist(), status.tolist()):
            if st != 0 or mask != sum(1 << v for v in kperm.comb_unrank(r, n, k)):
                why = why or "n = %d, k = %d, rank %d: status %d, mask %#x" % (n, k, r, st, mask)
    check(not why, "kperm.comb_table() uploaded: kperm_comb_unrank_mask_in on %s agrees with kperm.comb_unrank%s"
          % (dev.name.strip(), ": " + why if why else ""))
if editable or not devices:  # the C statistics' checks once: the same package in both installs
    sys.exit(failed != 0)


# ---- kperm.stats' C statistics: the rules and compile errors of
# tests/ptest/statistic_cases.py, as kperm-ptest keeps them; Ctrl-C

import select  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402

import kperm.stats  # noqa: E402

sys.path.insert(0, os.path.join(tests, "ptest"))
import statistic_cases  # noqa: E402

MICE = ([94, 197, 16, 38, 99, 141, 23], [52, 104, 146, 10, 51, 30, 40, 27, 46])
# Ctrl-C: a statistic that never returns for values other than the mice's
# first (94), once built (by a call on data that starts with 94 alone), on
# 17 + 17 values: in the count (the observed value starts with 94), then in
# the observed value itself; SIGINT must raise KeyboardInterrupt within 2 s,
# and on PyOpenCL (POCL) the interpreter then end though the kernel runs on.
# CuPy's exit frees device memory, which waits for the endless kernel: there
# the process ends only when killed (the driver then ends the kernel too)
CHILD = r"""
import sys, time
import kperm.stats
# (10^18 steps that end with the value returned: NVIDIA's compilers delete a
# loop without side effects, while (1) {} and a volatile local's alike)
body = ("double s = x[0];\nif (x[0] != 94)\n    for (long i = 0; i < 1000000000000000000L; i++)\n"
        "        s += x[i % 7];\nreturn s;\n")
backend, first = sys.argv[1], 94 if sys.argv[2] == "count" else 1
kperm.stats.permutation_test(([94, 94], [94, 94]), body, backend=backend, bins=0)
print("ready", flush=True)
try:
    kperm.stats.permutation_test(([first] + list(range(16)), list(range(17))), body, backend=backend, bins=0,
                                 max_rearrangements=10 ** 13)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
"""
for backend in ["pyopencl"] + (["cupy"] if kperm.stats._stats_device.gpu_present() else []):
    for what, body, pattern, only in statistic_cases.REFUSED:
        if only is None or backend in only:
            try:
                got = "ran: %r" % kperm.stats.permutation_test(MICE, body, backend=backend, bins=0).statistic
            except ValueError as e:
                got = str(e)
            check(re.search("^statistic" + pattern if pattern.startswith(":") else pattern, got) is not None
                  and "\n" not in got, "kperm.stats (%s) refuses a C statistic: %s (ValueError: %s)"
                  % (backend, what, got))
    try:
        got = kperm.stats.permutation_test(MICE, statistic_cases.ALLOWED, backend=backend, bins=0).statistic
    except ValueError as e:
        got = str(e)
    check(got == 94, "kperm.stats (%s) runs the refused words in comments and strings, %d bytes: observed %r"
          % (backend, statistic_cases.MAX_BYTES, got))
    for phase in ("count", "observed value"):
        child = subprocess.Popen([sys.executable, "-c", CHILD, backend, phase.split()[0]], stdout=subprocess.PIPE,
                                 text=True)
        ready = child.stdout.readline().strip()
        time.sleep(1)
        sent = time.monotonic()
        child.send_signal(2)  # SIGINT
        line = child.stdout.readline().strip() if select.select([child.stdout], [], [], 10)[0] else "nothing in 10 s"
        took = time.monotonic() - sent
        try:
            ended = child.wait(timeout=10 if backend == "pyopencl" else 1) == 0
        except subprocess.TimeoutExpired:
            ended = False
            child.kill()
            child.wait()
        ended = ended or backend == "cupy"
        check(ready == "ready" and line == "KeyboardInterrupt" and took < 2 and ended,
              "kperm.stats (%s): Ctrl-C in the %s of a statistic that never returns raises KeyboardInterrupt in "
              "%.2f s%s%s" % (backend, phase, took, "" if backend == "cupy" else ", and Python ends",
                              "" if line == "KeyboardInterrupt" and ended else " (got %r, %r%s)"
                              % (ready, line, "" if ended else ", still running 10 s later")))
sys.exit(failed != 0)
