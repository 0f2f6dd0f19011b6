"""kperm-ptest's C backend against scipy.stats.permutation_test, side by side
on one machine: Welch's t, two samples of 12 (the first 12 values of each
group of bench/data/ptest/welch_20_20.csv, C(24, 12) = 2 704 156 splits),
alternative "greater", exact (n_resamples=np.inf). scipy runs once (about
20 s); kperm-ptest 5 times after a warm-up, median, with its default 20-bin
histogram and with --bins 0; "seconds" is its own search time, "wall" the
whole process. The same p-value is required of both.

    /usr/bin/python3 bench/ptest_scipy.py [KPERM_PTEST ...]

Run from the repository root after make build/kperm-ptest; each argument is
a kperm-ptest binary to time (default build/kperm-ptest), e.g. an older
build for a before-and-after in the same run.
"""
import csv
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import scipy
from scipy import stats

DATA = "bench/data/ptest/welch_20_20.csv"


def median_run(cmd, reps=5):
    subprocess.run(cmd, capture_output=True, check=True)  # warm-up
    runs = []
    for _ in range(reps):
        t = time.perf_counter()
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        runs.append((time.perf_counter() - t, json.loads(out)))
    runs.sort(key=lambda r: r[1]["seconds"])
    wall = sorted(r[0] for r in runs)[reps // 2]
    return runs[reps // 2][1], wall


def main():
    binaries = sys.argv[1:] or ["build/kperm-ptest"]
    with open(DATA) as f:
        rows = list(csv.reader(f))[1:]
    a = [float(v) for g, v in rows if g == "A"][:12]
    b = [float(v) for g, v in rows if g != "A"][:12]
    fd, path = tempfile.mkstemp(suffix=".csv")
    with os.fdopen(fd, "w") as f:
        f.write("group,value\n" + "".join("A,%r\n" % v for v in a) + "".join("B,%r\n" % v for v in b))
    try:
        welch = lambda x, y, axis: stats.ttest_ind(x, y, equal_var=False, axis=axis).statistic
        t = time.perf_counter()
        r = stats.permutation_test((a, b), welch, n_resamples=np.inf, vectorized=True, alternative="greater")
        scipy_s = time.perf_counter() - t
        n = 2704156
        print("scipy %s permutation_test: %.2f s, p = %.10g (%.4g splits/s)" % (scipy.__version__, scipy_s, r.pvalue,
                                                                                   n / scipy_s))
        print("| binary | bins | seconds | wall | splits/s | ratio to scipy (seconds) | (wall) | p |")
        print("|---|---|---|---|---|---|---|---|")
        for binary in binaries:
            for bins in ("20", "0"):
                j, wall = median_run([binary, "--backend", "cpu", "--json", "--quiet", "--bins", bins, "--stat",
                                      "welch", path])
                p = j["pvalue_greater"]
                if abs(p - r.pvalue) > 1e-12:
                    sys.exit("p-values differ: kperm-ptest %r, scipy %r" % (p, r.pvalue))
                print("| %s | %s | %.4f | %.4f | %.4g | %.0f | %.0f | %.10g |" % (
                    binary, bins, j["seconds"], wall, n / j["seconds"], scipy_s / j["seconds"], scipy_s / wall, p))
    finally:
        os.unlink(path)


if __name__ == "__main__":
    main()
