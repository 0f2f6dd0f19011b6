#!/usr/bin/python3
"""resample_cli_check.py - kperm-ptest --resamples N --seed S against
kperm.stats.permutation_test(n_resamples=N, rng=S), whose draws
resample_check.py checks against numpy's: for each walk (two groups, flips,
k groups, pairings) and several seeds the CLI's counts on each backend
named equal Python's (two groups of 50 + 50 and 64 + 64 too, past 2^64, and
two groups within strata);
the same counts whatever splits the draws (threads,
small chunks, MPI ranks); the Monte Carlo p near the exact p; the JSON's
fields; the refusals (N = 0, seeds outside 0 .. 2^64 - 1, --seed alone,
--method shift, a checkpoint of another seed, two groups past 128
observations, k groups past 2^64 labellings or 64 observations, pairs past
63) and N past every rearrangement counted exactly; 50 + 50's Monte Carlo p
near the host's exact one; a fixed seed's counts as before totals past 2^64
were drawn. Prints PASS/FAIL/SKIP lines; exits 1 on a failure.

    python3 tests/ptest/resample_cli_check.py build/kperm-ptest [cpu opencl ...]
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
from harness import DATA, Report, notes, run, write  # noqa: E402
from kperm import stats  # noqa: E402

report = Report("resample CLI")
SEEDS = (0, 7, 2 ** 64 - 1)
DRAWS = 400


def cases():
    """(label, CLI arguments, Python samples, statistic, permutation type,
    CSV, Python's strata or None)"""
    a, b = [3, 1.5, 4, 1, 5, 9], [2, 6, 5, 3.5, 5, 8, 9]
    x, y = [1.2, 3, 4.5, 2, 7, 1, 8, 2.5, 3], [1, 2.5, 4, 3, 5, 1, 6, 2.5, 4]
    groups = [[1, 4, 9], [2, 8, 3, 7], [5, 6, 12]]
    wide = [[round(math.sin(7 * i + k) * 4, 1) for i in range(50)] for k in (1, 2)]  # 100 values: ranks past 2^64
    widest = [[round(math.cos(5 * i + k) * 3, 1) for i in range(64)] for k in (1, 2)]  # C(128, 64) > 2^126
    return [
        ("two groups of 64 + 64", ["--stat", "var-ratio"], tuple(widest), "variance_ratio", "independent",
         "g,v\n" + "".join("%s,%s\n" % (g, v) for g, vs in zip("AB", widest) for v in vs), None),
        ("two groups of 50 + 50", ["--stat", "welch"], tuple(wide), "welch_t", "independent",
         "g,v\n" + "".join("%s,%s\n" % (g, v) for g, vs in zip("AB", wide) for v in vs), None),
        ("two groups within 3 strata", ["--stat", "welch", "--columns", "v", "--strata", "s"], tuple(w[:12] for w in wide),
         "welch_t", "independent", "g,v,s\n" + "".join("%s,%s,s%d\n" % (g, v, i % 3) for g, vs in zip("AB", wide)
                                                      for i, v in enumerate(vs[:12])),
         tuple(["s%d" % (i % 3) for i in range(12)] for _ in "AB")),  # C(8, 4)^3 = 343000 splits
        ("two groups", ["--stat", "welch"], (a, b), "welch_t", "independent",
         "g,v\n" + "".join("A,%s\n" % v for v in a) + "".join("B,%s\n" % v for v in b), None),
        ("flips", ["--test", "paired"], (x, y), "mean_difference", "samples",
         "x,y\n" + "".join("%s,%s\n" % p for p in zip(x, y)), None),
        ("k groups", ["--stat", "anova"], tuple(groups), "anova_f", "independent",
         "g,v\n" + "".join("%s,%d\n" % ("ABC"[g], v) for g in range(3) for v in groups[g]), None),
        ("pairings", ["--test", "pairings", "--stat", "pearson"], (x[:7], y[:7]), "pearson_r", "pairings",
         "x,y\n" + "".join("%s,%s\n" % p for p in zip(x[:7], y[:7])), None),
    ]


def check_counts(prog, backends, tmp):
    for label, args, samples, name, ptype, text, strata in cases():
        path = os.path.join(tmp, label.replace(" ", "_") + ".csv")
        write(path, text)
        bad = []
        for seed in SEEDS:
            r = stats.permutation_test(samples, name, permutation_type=ptype, n_resamples=DRAWS, rng=seed,
                                       backend="pyopencl", bins=0, strata=strata)
            want = [r.less, r.equal, r.greater, r.abs_ge]
            for backend in backends if seed == SEEDS[0] else backends[:1]:  # a device build each: one seed
                rc, out, err = run(prog, [path, "--resamples", str(DRAWS), "--seed", str(seed), "--backend", backend,
                                          "--bins", "0"] + args)
                got = json.loads(out) if rc == 0 else {}
                c = [got.get(k) for k in ("less", "equal", "greater", "abs_ge")]
                if c != want or got.get("n_resamples") != DRAWS or got.get("seed") != seed \
                        or got.get("pvalue_less") != r.pvalue_less or not got.get("monte_carlo"):
                    bad.append("seed %d %s: %s, Python %s %s" % (seed, backend, c, want, err.strip()))
        report(not bad, "%s: %d draws of seeds %s, the CLI (%s) counts as Python, p = (count + 1)/(N + 1)%s"
               % (label, DRAWS, SEEDS, ", ".join(backends), notes(bad, 3)))


def check_ranges(prog):
    """the same counts whatever splits the draws"""
    path, args = os.path.join(DATA, "mouse.csv"), ["--stat", "mean", "--bins", "0", "--resamples", "5000"]
    runs = {"one thread": ["--backend", "cpu", "--threads", "1"],
            "3 threads, chunks of 64": ["--backend", "cpu", "--threads", "3", "--chunk", "64"]}
    counts = {k: json.loads(run(prog, [path] + args + v)[1])["less"] for k, v in runs.items()}
    mpi = os.path.join(os.path.dirname(prog), "kperm-ptest-mpi")
    if os.access(mpi, os.X_OK) and shutil.which("mpirun"):
        out = subprocess.run(["mpirun", "--allow-run-as-root", "--oversubscribe", "-n", "2", mpi, "--json", "--quiet",
                              "--chunk", "300", path] + args, capture_output=True, text=True).stdout
        counts["2 MPI ranks"] = json.loads(out)["less"] if out.strip() else None
    report(set(counts.values()) == {4303}, "mouse.csv, 5000 draws: the same counts over %s (%s), 4303 as "
           "kperm-ptest drew them at 7cc67a2 (totals below 2^64 draw as before 128-bit totals)"
           % (", ".join(counts), sorted(set(map(str, counts.values())))))


def check_exact_p(prog):
    """the Monte Carlo p of mouse.csv's Welch t within 4 standard errors of the exact p"""
    path = os.path.join(DATA, "mouse.csv")
    exact = json.loads(run(prog, [path, "--stat", "welch", "--bins", "0"])[1])["pvalue_greater"]
    rc, out, err = run(prog, [path, "--stat", "welch", "--bins", "0", "--resamples", "10000"])
    got = json.loads(out) if rc == 0 else {}
    p, se = got.get("pvalue_greater", -1), math.sqrt(exact * (1 - exact) / 10000)
    report(abs(p - exact) < 4 * se and got.get("n_rearrangements") == 11440, "mouse.csv Welch: Monte Carlo p %r "
           "(10^4 draws, the default seed) within 4 standard errors (%.4f) of the exact %r %s"
           % (p, se, exact, err.strip()))


def check_wide_exact_p(prog, tmp):
    """50 + 50 (C(100, 50) = 1.0e29): --stat mean's Monte Carlo p within 4
    standard errors of its exact p, counted on the host"""
    path = os.path.join(tmp, "wide_mean.csv")
    write(path, "g,v\n" + "".join("%s,%s\n" % (g, round(math.sin(3 * i + k) * 5 + k * 0.3, 1))
                                  for k, g in enumerate("AB") for i in range(50)))
    exact = json.loads(run(prog, [path, "--stat", "mean", "--bins", "0"])[1])
    rc, out, err = run(prog, [path, "--stat", "mean", "--bins", "0", "--resamples", "20000", "--seed", "3"])
    got = json.loads(out) if rc == 0 else {}
    sides = [(got.get(k, -1), exact[k]) for k in ("pvalue_less", "pvalue_greater", "pvalue_two_sided")]
    report(got.get("monte_carlo") and exact.get("n_rearrangements") == math.comb(100, 50)
           and all(abs(p - q) < 4 * math.sqrt(q * (1 - q) / 20000) + 1 / 20000 for p, q in sides),
           "50 + 50 --stat mean: Monte Carlo p (less, greater, two-sided) %s within 4 standard errors of the exact %s %s"
           % (["%.4f" % p for p, _ in sides], ["%.4f" % q for _, q in sides], err.strip()))


def check_refusals(prog, tmp):
    path = os.path.join(DATA, "mouse.csv")
    bad = []
    for args, want in ((["--resamples", "0"], "--resamples '0'"), (["--resamples", "5", "--seed", "-1"], "--seed"),
                       (["--resamples", "5", "--seed", str(2 ** 64)], "--seed"), (["--seed", "3"], "--resamples"),
                       (["--resamples", "5", "--method", "shift"], "--method"),
                       (["--resamples", "5", "--stat", "jonckheere"], "dynamic program")):
        rc, _, err = run(prog, [path] + args)
        if rc != 2 or want not in err or err.count("\n") != 1:
            bad.append("%s: status %d, %r" % (" ".join(args), rc, err))
    wide = os.path.join(tmp, "wide.csv")
    write(wide, "g,v\n" + "".join("A,%d\n" % i for i in range(65)) + "".join("B,%d\n" % i for i in range(64)))
    groups = os.path.join(tmp, "groups.csv")
    write(groups, "g,v\n" + "".join("%s,%d\n" % (g, i % 7) for g in "ABCDEFGH" for i in range(8)))
    groups66 = os.path.join(tmp, "groups66.csv")
    write(groups66, "g,v\n" + "".join("%s,%d\n" % (g, i % 5) for g in "ABC" for i in range(22)))
    pairs = os.path.join(tmp, "pairs64.csv")
    write(pairs, "x,y\n" + "".join("%d,%d\n" % (i % 7, i % 5) for i in range(64)))
    for path_, args, want in ((wide, ["--stat", "welch"], "129 observations"),
                              (groups, ["--stat", "anova"], "2^64 or more rearrangements"),
                              (groups66, ["--stat", "anova"], "66 observations: at most 64"),
                              (pairs, ["--test", "paired"], "2^64 or more rearrangements")):
        rc, _, err = run(prog, [path_, "--resamples", "1000"] + args)
        if rc != 2 or want not in err or "up to 128" not in err or err.count("\n") != 1:
            bad.append("%s: status %d, %r" % (want, rc, err))
    ck = os.path.join(tmp, "mc.ckpt")
    rc1 = run(prog, [path, "--resamples", "100", "--seed", "1", "--checkpoint", ck])[0]
    rc2, _, err = run(prog, [path, "--resamples", "100", "--seed", "2", "--checkpoint", ck])
    if rc1 != 0 or rc2 != 2 or "checkpoint" not in err:
        bad.append("a checkpoint of seed 1 resumed with seed 2: status %d then %d, %r" % (rc1, rc2, err))
    out = subprocess.run([prog, path, "--resamples", "100000", "--bins", "0"], capture_output=True, text=True)
    if out.returncode != 0 or "exactly" not in out.stderr or "rearrangements  11440" not in out.stdout:
        bad.append("--resamples past every rearrangement: status %d, %r" % (out.returncode, out.stderr))
    report(not bad, "refusals: N = 0, seeds outside 0 .. 2^64 - 1, --seed alone, --method shift, jonckheere, a "
           "checkpoint of another seed, two groups of 129, 8 groups of 8 (2^64 or more labellings), 3 groups of 22, 64 "
           "pairs; N past every "
           "rearrangement counted exactly%s" % notes(bad, 3))


def main():
    prog, backends = sys.argv[1], sys.argv[2:] or ["cpu"]
    with tempfile.TemporaryDirectory() as tmp:
        check_counts(prog, backends, tmp)
        check_exact_p(prog)
        check_wide_exact_p(prog, tmp)
        check_ranges(prog)
        check_refusals(prog, tmp)
    sys.exit(1 if report.failed else 0)


if __name__ == "__main__":
    main()
