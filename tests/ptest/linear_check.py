#!/usr/bin/python3
"""linear_check.py - kperm-ptest's host methods for the mean difference
(--method shift and mitm, samples/ptest/ptest_linear.c) against enumeration
on the CPU backend, field for field: every count, the statistic, the
tolerance, the null's extremes, the histogram and its edges. Random cases of
both test types (ties, negatives, decimals, zero differences, every kind of
--bins and --hist-range, exact and --tolerance), the textbook data sets, the
refusals, --checkpoint (neither read nor written by a host method), and a
32 + 32 test of 1.8e18 splits answered at once. Prints PASS/FAIL lines;
exits 1 on a failure.

    python3 tests/ptest/linear_check.py build/kperm-ptest
"""
import json
import os
import random
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import DATA, Report, notes  # noqa: E402

CASES = 40
NOT_COMPARED = ("method", "backend", "device", "seconds")  # what searched, and how long
report = Report("kperm-ptest --method")


def run(prog, args):
    """kperm-ptest on the CPU backend: (exit status, stdout, stderr)"""
    return harness.run(prog, ["--backend", "cpu"] + args)


def answers(prog, args):
    """{method: JSON} for enumerate, shift and mitm; None where all three
    refuse the data alike (exit 2, the same words); else a message"""
    got, refusals = {}, set()
    for method in ("enumerate", "shift", "mitm"):
        rc, out, err = run(prog, ["--method", method] + args)
        if rc == 2 and "--method" not in err:
            refusals.add(err)
            continue
        if rc:
            return "--method %s: exit %d: %s" % (method, rc, err.strip())
        got[method] = json.loads(out)
    if refusals:
        return None if len(refusals) == 1 and not got else "refused by some methods only: %s" % refusals
        if got[method]["method"] != method:
            return "--method %s ran %s" % (method, got[method]["method"])
    return got


def differences(got):
    """the fields where shift or mitm differ from enumerate"""
    want = {k: v for k, v in got["enumerate"].items() if k not in NOT_COMPARED}
    bad = []
    for method in ("shift", "mitm"):
        have = {k: v for k, v in got[method].items() if k not in NOT_COMPARED}
        bad += ["%s %s: %r, not %r" % (method, k, have.get(k), want[k]) for k in want if have.get(k) != want[k]]
    return bad


def value(rng, places):
    """ties likely, negatives, `places` decimals"""
    return "%.*f" % (places, rng.choice((-3, -1, 0, 0, 1, 2, 5)) * rng.choice((1, 1.5, 7.25)) + rng.randint(-2, 2)
                     * 10 ** -places)


def random_case(rng, path):
    """a random data file and the options that go with it"""
    places = rng.choice((0, 0, 1, 2))
    options = []
    if rng.random() < 0.5:
        n1, n2 = rng.randint(1, 8), rng.randint(1, 8)
        with open(path, "w") as f:
            f.write("group,value\n" + "".join("%s,%s\n" % ("A" if i < n1 else "B", value(rng, places))
                                              for i in range(n1 + n2)))
    else:
        options = ["--test", "paired"]
        with open(path, "w") as f:
            f.write("x,y\n")
            for _ in range(rng.randint(1, 13)):
                x = value(rng, places)
                f.write("%s,%s\n" % (x, x if rng.random() < 0.2 else value(rng, places)))  # zero differences
    options += ["--bins", str(rng.choice((0, 1, 2, 7, 20, 64, 1024)))]
    if rng.random() < 0.2:
        options += ["--hist-range", rng.choice(("-1:1", "-0.3:2.5", "0:0.001", "-100:100"))]
    if rng.random() < 0.35:
        options += ["--tolerance", rng.choice(("1e-14", "0.01", "0.3", "1", "5"))]
    return options + [path]


def main():
    prog = sys.argv[1]
    rng = random.Random(20261127)
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "case.csv")
        bad, done = [], 0
        while done < CASES:
            args = random_case(rng, path)
            got = answers(prog, args)
            if got is None:
                continue  # data no test takes (one pair, a constant column)
            if isinstance(got, str):
                bad.append("%s: %s\n%s" % (" ".join(args), got, open(path).read()))
            else:
                bad += ["%s: %s" % (" ".join(args), d) for d in differences(got)]
            done += 1
        report(not bad, "%d random cases (two groups and pairs, ties, negatives, decimals, every bins, the band): "
               "shift and mitm give enumeration's every field%s" % (CASES, notes(bad, 5)))

        for name, args in (("mouse.csv", ["mouse.csv"]), ("zea_mays.csv", ["--test", "paired", "--columns",
                                                                             "crossed,self", "zea_mays.csv"]),
                           ("sleep.csv", ["--test", "paired", "sleep.csv"])):
            for extra in ([], ["--tolerance", "1e-12"]):
                args_here = extra + args[:-1] + [os.path.join(DATA, args[-1])]
                got = answers(prog, args_here)
                bad = [got] if isinstance(got, str) else differences(got)
                report(not bad, "the textbook %s%s: every method the same%s"
                       % (name, " " + " ".join(extra) if extra else "", notes(bad, 5)))

        # 32 + 32 integers 0..99: C(64, 32) = 1.8e18 splits, the shift algorithm at once
        with open(path, "w") as f:
            f.write("group,value\n" + "".join("%s,%d\n" % ("AB"[i // 32], rng.randint(0, 99)) for i in range(64)))
        start = time.time()
        rc, out, err = run(prog, [path])
        took = time.time() - start
        ok = rc == 0 and json.loads(out)["method"] == "shift" and json.loads(out)["n_rearrangements"] == 1832624140942590534
        report(ok and took < 5, "32 + 32 integers: auto takes the shift algorithm, %.3f s (exit %d %s)"
               % (took, rc, err.strip()))
        mitm = run(prog, ["--method", "mitm", path])
        report(mitm[0] == 2 and "--method mitm would need" in mitm[2],
               "32 + 32: --method mitm, past the memory limit, is refused (exit %d: %s)" % (mitm[0], mitm[2].strip()))

        # a host method neither reads nor writes --checkpoint's file
        ck = os.path.join(work, "ck")
        rc, out, err = run(prog, ["--checkpoint", ck, path])
        report(rc == 0 and not os.path.exists(ck) and json.loads(out)["resumed"] == 0,
               "--checkpoint with a host method: answered (exit %d), no file written" % rc)

        # refusals: a forced host method where it does not apply, a bad --method
        mouse = os.path.join(DATA, "mouse.csv")
        for args, want in ((["--method", "shift", "--stat", "welch", mouse], "counts only --stat mean"),
                           (["--method", "mitm", "--columns", "value,value", mouse], "counts only --stat mean"),
                           (["--method", "fast", mouse], "--method 'fast' is not auto, enumerate, shift or mitm")):
            rc, out, err = run(prog, args)
            report(rc == 2 and want in err and not out and err.count("\n") == 1,
                   "%s: refused in one line, exit 2 (exit %d: %s)" % (" ".join(args[:4]), rc, err.strip()))
        rc, out, err = run(prog, ["--method", "auto", "--stat", "welch", mouse])
        report(rc == 0 and json.loads(out)["method"] == "enumerate", "--method auto enumerates Welch's t")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
