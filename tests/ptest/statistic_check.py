"""statistic_check.py - kperm-ptest's C statistics that must not run:
every body of statistic_cases.REFUSED refused in one line on stderr with
its words, exit 2, nothing on stdout; statistic_cases.ALLOWED (the refused
words in comments and strings, MAX_BYTES long) run; a statistic that
never returns stopped by --statistic-timeout with a message; one that
crashes (a wild index, a huge local array) named in one line instead of a
silent SIGSEGV, in its trial or (a line, then the signal) on a later
rearrangement; a macro bomb stopped by the compiler's memory bound in
seconds; SIGINT while the observed value is computed ends with a message,
exit 130; and --hist-range wider than a double divides says so. On each
OpenCL and CUDA backend given.
    python3 statistic_check.py PROG BACKEND..."""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import harness
import statistic_cases

prog, backends = sys.argv[1], sys.argv[2:]
report = harness.Report("kperm-ptest C statistic")
MICE = os.path.join(harness.DATA, "mouse.csv")
tmp = tempfile.mkdtemp()


# a loop that never ends in practice and that no compiler may delete: NVRTC
# and NVIDIA's OpenCL take a loop without side effects to end, and removed
# both while (1) {} and a loop on a volatile local; this one ends, after
# 10^18 steps, with a value the statistic returns
HANG = "double s = 0;\nfor (long i = 0; i < 1000000000000000000L; i++)\n    s += x[i % 7];\nreturn s;\n"


def body_file(name, body):
    path = os.path.join(tmp, name + ".c")
    with open(path, "wb") as f:
        f.write(body.encode("utf-8", "surrogatepass"))
    return path


def run(backend, path, *more, timeout=120):
    """(exit status, stdout, stderr, seconds) of kperm-ptest on the mice with the C statistic at path"""
    started = time.monotonic()
    out = subprocess.run([prog, "--quiet", "--bins", "0", "--backend", backend, "--statistic", path] + list(more)
                         + [MICE], capture_output=True, text=True, timeout=timeout)
    return out.returncode, out.stdout, out.stderr, time.monotonic() - started


def refused(backend, what, path, pattern, *more, status=(2,), most=None):
    """run refuses path: an exit status of status, one line on stderr matching pattern, nothing on stdout
    (within most seconds)"""
    rc, out, err, took = run(backend, path, *more)
    ok = rc in status and not out and err.count("\n") == 1 and re.search(pattern, err) is not None
    ok = ok and (most is None or took <= most)
    report(ok, "%s %s: exit %d in %.1f s, one line%s" % (backend, what, rc, took, "" if ok else ": %r %r" % (err, out)))


for backend in backends:
    for i, (what, body, pattern, only) in enumerate(statistic_cases.REFUSED):
        if only is None or backend in only:
            refused(backend, "refused: " + what, body_file("refused%d" % i, body), pattern)
    rc, out, err, took = run(backend, body_file("allowed", statistic_cases.ALLOWED))
    report(rc == 0 and re.search(r"statistic +user = 94 ", out) is not None,
           "%s runs the refused words in comments and strings, %d bytes: observed 94%s"
           % (backend, statistic_cases.MAX_BYTES, "" if rc == 0 else ": exit %d %s" % (rc, err)))
    refused(backend, "that never returns is stopped after --statistic-timeout 1", body_file("hang", HANG),
            r"^kperm-ptest: the C statistic \S+hang\.c: still computing its observed value after 1 s: an endless loop",
            "--statistic-timeout", "1")
    # on a GPU the device's error, exit 4 (the backend failed)
    refused(backend, "reading far outside x is named, not a silent SIGSEGV",
            body_file("wild", "return x[start[0] + 100000000];\n"),
            r"wild\.c: crashed while computing its observed value \(Segmentation fault\)|ps_values failed",
            status=(2, 4))
    refused(backend, "a local array of 800 MB is named, not a silent SIGSEGV",
            body_file("huge", "volatile double a[100000000];\nfor (int i = 0; i < 100000000; i += 4096)\n"
                              "    a[i] = x[i % 7];\nreturn a[4096];\n"),
            r"huge\.c: crashed while computing its observed value|huge\.c.*(local|stack|too large)|ps_values failed"
            r"|huge\.c does not compile: .*ptxas",  # NVIDIA's OpenCL: its assembler refuses the frame
            status=(2, 4))
    # a fault the trial cannot see (no histogram: it computes the observed value alone): one line, then the
    # signal (POCL), or the device's error (a GPU)
    rc, out, err, took = run(backend, body_file("later", "if (x[0] != 94)\n    return x[start[0] + 100000000];\n"
                                                          "return x[0];\n"))
    report(err.count("\n") == 1 and not out and (
        (rc == -signal.SIGSEGV and re.search(r"later\.c crashed on a rearrangement after the observed one", err))
        or (rc == 4 and re.search(r"ps_count failed", err))),
        "%s a crash on a rearrangement after the observed one is named: exit %d, %r" % (backend, rc, err.strip()))
    # 15 nested macros of 4 each, stringized: 2 * 4^14 terms, gigabytes for the preprocessor
    bomb = "#define A x[0] + x[0]\n" + "".join("#define %s %s + %s + %s + %s\n" % ((chr(66 + i),) + (chr(65 + i),) * 4)
                                                 for i in range(14))
    bomb += "#define S(x) #x\n#define T(x) S(x)\nreturn T(O)[0];\n"
    refused(backend, "a macro bomb of %d bytes stops at the compiler's memory bound within 30 s" % len(bomb),
            body_file("bomb", bomb), r"bomb\.c: crashed while compiling it \(\w[\w ]*\): past the compiler's \d+ MiB"
            r"|cuda: .*(out of memory|OUT_OF_MEMORY)", most=30)  # NVRTC: a compile error
    # SIGINT while the observed value is computed (the statistic never returns)
    proc = subprocess.Popen([prog, "--quiet", "--bins", "0", "--backend", backend, "--statistic",
                             body_file("hang", HANG), MICE], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    time.sleep(1.5)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=10)
        took = time.monotonic() - sent
        ok = proc.returncode == 130 and not out and err.count("\n") == 1 and \
            re.search(r"hang\.c: interrupted by SIGINT while (compiling it|computing its observed value)", err) \
            is not None and took < 2
        report(ok, "%s SIGINT while it never returns: exit %d after %.2f s, '%s'" % (backend, proc.returncode, took,
                                                                                  err.strip()))
    except subprocess.TimeoutExpired:
        proc.kill()
        report(False, "%s SIGINT while it never returns: still running 10 s later" % backend)
# --hist-range: a range wider than the bins divide is named as such, not "LO < HI"
rc, out, err = harness.run(prog, ["--backend", "cpu", "--hist-range=-1e308:1e308", MICE])[0:3]
report(rc == 2 and "'-1e308:1e308' spans more than 1e300 (HI - LO)" in err and err.count("\n") == 1,
       "--hist-range=-1e308:1e308 is named too wide, not 'LO < HI': %s" % err.strip())
sys.exit(1 if report.failed else 0)
