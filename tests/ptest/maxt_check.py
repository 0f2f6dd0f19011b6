#!/usr/bin/python3
"""maxt_check.py - kperm-ptest's maxT (several value columns) against
reference.maxt's brute force (Westfall-Young single-step, two-sided): random
small cases of independent two-group and paired tests with 2 to 4 columns
(mean, welch, var-ratio; exact and with --tolerance), and the data sets of
samples/ptest/data with several columns, on each backend named. Compares
each column's #(|T_j| >= |t_j|) and #(max_i |T_i| >= |t_j|). Prints
PASS/FAIL lines; exits 1 on a failure.

    python3 tests/ptest/maxt_check.py build/kperm-ptest cpu opencl
"""
import json
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference as ref  # noqa: E402
from harness import DATA, notes, random_cases, run, tied_value, write  # noqa: E402

CASES = 4  # random cases a (test, statistic, comparison) and backend
STATS = [("mean", ref.MEAN_DIFF), ("welch", ref.WELCH_T), ("var-ratio", ref.VAR_RATIO)]


def value(rng):
    """a decimal with ties likely, 0 or 1 places"""
    return tied_value(rng, (0, 1))


def case(rng, test, stat):
    """(csv text, --columns, reference result) of one random case, None when
    a statistic is undefined somewhere"""
    m = rng.randint(2, 4)
    if test == "independent":
        n1, n2 = rng.randint(2, 4), rng.randint(2, 4)
        cols = [[value(rng) for _ in range(n1 + n2)] for _ in range(m)]
        names = ["v%d" % j for j in range(m)]
        text = "group," + ",".join(names) + "\n" + "".join(
            "%s,%s\n" % ("A" if i < n1 else "B", ",".join(c[i] for c in cols)) for i in range(n1 + n2))
        run = lambda mode: ref.maxt(cols, "independent", stat, mode=mode, sizes=(n1, n2))  # noqa: E731
    else:
        n = rng.randint(3, 7)
        pairs = [([value(rng) for _ in range(n)], [value(rng) for _ in range(n)]) for _ in range(m)]
        names = ["%s%d" % (c, j) for j in range(m) for c in "xy"]
        text = ",".join(names) + "\n" + "".join(
            ",".join("%s,%s" % (x[i], y[i]) for x, y in pairs) + "\n" for i in range(n))
        run = lambda mode: ref.maxt(pairs, "paired", stat, mode=mode)  # noqa: E731
    try:
        return text, ",".join(names), run
    except (ref.Undefined, ZeroDivisionError):
        return None


def drawn(rng, test, stat, mode):
    """(csv text, --columns, the reference's result in `mode`) of one random
    case, None when a statistic is undefined somewhere"""
    got = case(rng, test, stat)
    if got is None:
        return None
    text, columns, reference = got
    try:
        return text, columns, reference(mode)
    except (ref.Undefined, ZeroDivisionError):
        return None


def compare(prog, backend, path, args, want):
    """'' when kperm-ptest's maxT counts are the reference's, else why not"""
    rc, out, err = run(prog, ["--backend", backend] + args + [path])
    if rc != 0:
        return "exit %d: %s" % (rc, err.strip())
    got = [(c["abs_ge"], c["max_ge"]) for c in json.loads(out)["maxt"]]
    n = want["n"]
    theirs = [(int(r * n), int(a * n)) for r, a in zip(want["raw"], want["adjusted"])]
    return "" if got == theirs else "kperm-ptest %s, reference %s" % (got, theirs)


def main():
    prog, backends = sys.argv[1], sys.argv[2:]
    rng = random.Random(20261127)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "case.csv")
        for backend in backends:
            for test in ("independent", "paired"):
                for name, stat in STATS:
                    for mode, extra in (("exact", []), ("scipy-1.13", ["--tolerance", "2.220446049250313e-14"])):
                        bad = []
                        for text, columns, want in random_cases(CASES, lambda: drawn(rng, test, stat, mode)):
                            write(path, text)
                            why = compare(prog, backend, path, ["--test", test, "--stat", name, "--columns", columns]
                                          + extra, want)
                            if why:
                                bad.append("%r: %s" % (text, why))
                        print("%s %s maxT %s --stat %s (%s), %d random cases of 2-4 columns: each column's |T|>=|t| "
                              "and max|T|>=|t| counts as the brute force%s"
                              % ("FAIL" if bad else "PASS", backend, test, name, mode, CASES, notes(bad, 3)))
                        failed += bool(bad)
            # the data sets with several columns: Zea mays' (crossed, self) with (pot, pair) as a second
            # pair of columns, the sleep data's two drugs against each other and against the patient number
            zea = ref.read_csv("zea_mays.csv")
            sleep = ref.read_csv("sleep.csv")
            col = lambda rows, k: [r[k] for r in rows]  # noqa: E731
            sets = [
                ("zea_mays.csv", ["--test", "paired", "--columns", "crossed,self,pot,pair"],
                 ref.maxt([(col(zea, "crossed"), col(zea, "self")), (col(zea, "pot"), col(zea, "pair"))], "paired",
                          ref.MEAN_DIFF)),
                ("sleep.csv", ["--test", "paired", "--stat", "welch", "--columns", "drug2,drug1,drug2,patient"],
                 ref.maxt([(col(sleep, "drug2"), col(sleep, "drug1")), (col(sleep, "drug2"), col(sleep, "patient"))],
                          "paired", ref.WELCH_T)),
            ]
            for name, args, want in sets:
                why = compare(prog, backend, os.path.join(DATA, name), args, want)
                print("%s %s maxT on %s %s: as the brute force%s" % ("FAIL" if why else "PASS", backend, name,
                                                                      " ".join(args), "\n# " + why if why else ""))
                failed += bool(why)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
