#!/usr/bin/python3
"""checkpoint_check.py - kperm-ptest's checkpoint reader takes only what its
writer writes. Its own lines (arrangements, counts, extremes, hist, maxt) of
real checkpoints are damaged, the sum line (SHA-256) made right again each
time, as a forger would: every one-bit flip and every byte deleted, in a
finished checkpoint (histogram; maxT) so that an accepted one answers at
once, and forged lines (leading zeros, '+', past 2^64, spaces, upper case,
other spellings of a double, counts that do not add up) in one interrupted
by SIGINT. Each must be refused as a corrupt checkpoint (exit 2), or be a
line the writer could have written that changes none of less, equal,
greater, undefined and the histogram: those must add up to the ranks done,
so no flip there passes. A checkpoint in the form of version 1 (FNV-1a
sums), made right, is refused as such. Then the engine's checks on
kperm-ptest: links planted beside a checkpoint (tests/checkpoint_links.sh),
SIGHUP, a full disk and a read-only file system (tests/checkpoint_faults.sh),
and a stall early in a run of hours that must not be refused as hopeless
(tests/estimate_stall.sh). Prints PASS/FAIL lines; exits 1 on a failure.

    python3 tests/ptest/checkpoint_check.py build/kperm-ptest
"""
import hashlib
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import DATA, Report, run  # noqa: E402

OWN = ("arrangements ", "counts ", "extremes ", "hist ", "maxt ")  # the sample's lines; the rest are the engine's
DECIMAL = r"(0|[1-9][0-9]*)"
report = Report("kperm-ptest checkpoint")


def fnv(data):
    """FNV-1a, 64 bits: the sum and fingerprint of version 1 checkpoints"""
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def resum(body):
    """body (every line but the sum line) with the sum line the writer gives
    it (run_checkpoint_sum: SHA-256)"""
    return body + b"sum %s\n" % hashlib.sha256(body).hexdigest().encode()


def old_style(case, text):
    """text as version 1 wrote it, FNV-1a sums made right: the first line,
    a 16-digit fingerprint (that of this run's data, as far as this check can
    tell) and the sum. Refused (exit 2) as a version 1 checkpoint, never read."""
    lines = body_of(text).split(b"\n")
    lines[0] = lines[0].replace(b"checkpoint 2", b"checkpoint 1")
    lines[1] = b"fingerprint %016x" % fnv(b"another run's data")
    body = b"\n".join(lines)
    rc, _, err = case.run(body + b"sum %016x\n" % fnv(body))
    report(rc == 2 and "a checkpoint of kperm-ptest version 1, not 2" in err and err.count("\n") == 1,
           "%s: a version 1 checkpoint (FNV-1a sums made right) refused as such (exit %s, %s)"
           % (case.name, rc, err.strip()))


def body_of(text):
    return text[:text.rindex(b"sum ")]


def hexfloat(x):
    """x as C's printf %a writes it (glibc): float.hex less its trailing zeros"""
    mantissa, exponent = x.hex().split("p")
    return mantissa.rstrip("0").rstrip(".") + "p" + exponent


def writable(line, bins, cols):
    """whether the writer could have written this line of a checkpoint with
    `bins` bins and `cols` columns (its form, not its values)"""
    words = line.split(" ")
    if words[0] == "extremes":
        try:
            return len(words) == 3 and all(math.isfinite(float.fromhex(w)) and hexfloat(float.fromhex(w)) == w
                                           for w in words[1:])
        except (ValueError, OverflowError):  # not hexadecimal, or past the largest double
            return False
    n = {"arrangements": 1, "counts": 6, "hist": 1 + bins, "maxt": 1 + 2 * cols}.get(words[0])
    return n == len(words) - 1 and all(re.fullmatch(DECIMAL, w) for w in words[1:])


def whole(word):
    """another spelling of the %a word's value: its mantissa a whole number"""
    x = float.fromhex(word)
    m, e = math.frexp(abs(x))
    return "%s0x%xp%+d" % ("-" if x < 0 else "", int(m * 2 ** 53), e - 53)


def answer(out):
    """the fields that every rank finished must add up to"""
    j = json.loads(out)
    return [j[k] for k in ("less", "equal", "greater", "undefined")] + [j["histogram"]]


class Case:
    def __init__(self, prog, work, name, args):
        self.prog, self.work, self.name, self.args = prog, work, name, args
        self.path = os.path.join(work, name + ".ck")

    def run(self, text, timeout=30):
        """kperm-ptest resumed from checkpoint `text` (None: a fresh run that
        writes one): (exit status, stdout, stderr)"""
        if text is None:
            if os.path.exists(self.path):
                os.remove(self.path)
        else:
            with open(self.path, "wb") as f:
                f.write(text)
        try:
            return run(self.prog, ["--backend", "cpu", "--checkpoint", self.path] + self.args, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, "", "still running after %d s" % timeout

    def refused(self, text):
        rc, _, err = self.run(text)
        return rc == 2 and "corrupt checkpoint" in err and err.count("\n") == 1


def damage(case, text, want, bins, cols):
    """every bit of the sample's lines flipped, every byte deleted, the sum
    made right: refused, or a line the writer could write with want's totals"""
    body = body_of(text)
    lines = body.split(b"\n")
    tried = accepted = 0
    bad = []
    at = 0
    for line in lines:
        if line.decode().startswith(OWN):
            for i in range(at, at + len(line)):
                forged = [body[:i] + bytes([body[i] ^ (1 << k)]) + body[i + 1:] for k in range(8)]
                for forgery in forged + [body[:i] + body[i + 1:]]:
                    tried += 1
                    rc, out, err = case.run(resum(forgery))
                    if rc == 2 and "corrupt checkpoint" in err:
                        continue
                    new = forgery[at:].split(b"\n")[0].decode("latin-1")
                    if rc == 0 and writable(new, bins, cols) and answer(out) == want:
                        accepted += 1
                    else:
                        bad.append("%r: exit %s %s" % (new, rc, (err or out)[:200]))
        at += len(line) + 1
    report(not bad, "%s: %d one-bit flips and deleted bytes of its own lines, sum made right: %d refused, "
           "%d a line the writer could write with the same counts%s"
           % (case.name, tried, tried - accepted - len(bad), accepted, "; " + "; ".join(bad[:5]) if bad else ""))


def with_line(text, key, new):
    """text with its line starting `key ` replaced by new (None: removed), its sum right"""
    lines = body_of(text).decode().split("\n")
    lines = [new if l.startswith(key + " ") else l for l in lines]
    return resum("\n".join(l for l in lines if l is not None).encode())


def interrupted(prog, work):
    """a run of 2^26 sign flips on one thread stopped by SIGINT mid-way:
    (its checkpoint, its args), or None when it finished first"""
    rng = random.Random(7)
    data = os.path.join(work, "p26.csv")
    with open(data, "w") as f:
        f.write("x,y\n" + "".join("%d,%d\n" % (rng.randint(0, 99), rng.randint(0, 99)) for _ in range(26)))
    args = ["--bins", "8", "--test", "paired", "--method", "enumerate", "--threads", "1", data]  # not the host's shift
    path = os.path.join(work, "mid.ck")
    run = subprocess.Popen([prog, "--json", "--quiet", "--backend", "cpu", "--checkpoint", path,
                            "--checkpoint-every", "0.05", "--chunk", "100000"] + args,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    run.send_signal(signal.SIGINT)
    run.wait()
    with open(path, "rb") as f:
        text = f.read()
    done = re.search(rb"\ndone ([0-9]+) ", text)
    return (text, args) if done and int(done.group(1)) < 1 << 26 else None


def forged_lines(case, text, want):
    """other spellings and values that do not add up, each refused"""
    line = {l.split(" ")[0]: l for l in body_of(text).decode().split("\n")}
    c = [int(w) for w in line["counts"].split()[1:]]
    lo, hi = line["extremes"].split()[1:]
    h = [int(w) for w in line["hist"].split()[1:]]
    total = line["arrangements"].split()[1]
    counts = lambda v: "counts " + " ".join(map(str, v))  # noqa: E731
    forged = [
        ("arrangements", "arrangements 0" + total), ("arrangements", "arrangements +" + total),
        ("arrangements", "arrangements " + total + " "), ("arrangements", "arrangements  " + total),
        ("arrangements", "arrangements %d" % (int(total) + 1)),
        ("arrangements", "arrangements %d" % (int(total) + (1 << 64))), ("arrangements", "Arrangements " + total),
        ("counts", "counts 0%d" % c[0] + line["counts"][len("counts %d" % c[0]):]),
        ("counts", "counts +%d" % c[0] + line["counts"][len("counts %d" % c[0]):]),
        ("counts", line["counts"] + " "), ("counts", line["counts"] + " 0"), ("counts", counts(c[:5])),
        ("counts", line["counts"].replace(" ", "  ", 1)), ("counts", line["counts"].replace(" ", "\t", 1)),
        ("counts", counts([c[0] + (1 << 64)] + c[1:])), ("counts", counts([c[0] + 1] + c[1:])),
        ("counts", counts(c[:5] + [1])),  # one rank counted twice
        ("counts", counts([c[0] + 1] + c[1:5] + [(1 << 64) - 1])),  # adds up to the ranks only past 2^64
        ("counts", counts(c[:3] + [c[0] + c[1] + c[2] + 1] + c[4:])),  # abs_ge past the defined ranks
        ("counts", counts(c[:4] + [1] + c[5:])),  # in_band in an exact run
        ("counts", counts(c[:4] + [c[1] + 1] + c[5:])),  # in_band past equal
        ("extremes", "extremes %s %s" % (lo.upper().replace("0X", "0x"), hi)),
        ("extremes", "extremes %s %s" % (lo.upper(), hi)), ("extremes", "extremes %s %s" % (lo, hi) + " "),
        ("extremes", "extremes %s %s" % (hi, lo)),  # the least above the greatest
        ("extremes", "extremes %r %s" % (float.fromhex(lo), hi)), ("extremes", "extremes %s +%s" % (lo, hi)),
        ("extremes", "extremes %s %s" % (lo.replace("p", "0p"), hi)),
        ("extremes", "extremes %s %s" % (lo.replace("p+", "p+0"), hi)),
        ("extremes", "extremes %s %s" % (lo.replace("p+", "p"), hi)),
        ("extremes", "extremes %s %s" % (lo, whole(hi))),
        ("extremes", "extremes %s inf" % lo), ("extremes", "extremes nan %s" % hi), ("extremes", "extremes %s" % lo),
        ("hist", "hist %d " % (len(h) - 2) + " ".join(map(str, h[1:]))),
        ("hist", "hist %d " % (len(h) - 1) + " ".join(map(str, h[1:] + [0]))),
        ("hist", "hist %d " % h[0] + " ".join(map(str, [h[1] + 1] + h[2:]))),  # a rank binned twice
        ("hist", "hist %d " % h[0] + " ".join(map(str, [h[1] + 1, h[2] - 1 + (1 << 64)] + h[3:]))),
        ("hist", "hist %d 0" % h[0] + " ".join(map(str, h[1:]))), ("hist", line["hist"] + " "),
        ("hist", "hist 0%d " % h[0] + " ".join(map(str, h[1:]))), ("hist", None),
        ("hist", line["hist"] + "\nmaxt 1 0 0"),  # a maxT line in a run of one column
    ]
    bad = [new for key, new in forged if not case.refused(with_line(text, key, new))]
    report(not bad, "%s: %d forged lines (leading zeros, '+', past 2^64, spaces, upper case, other spellings, "
           "counts that do not add up) refused%s" % (case.name, len(forged), ": not " + repr(bad) if bad else ""))
    rc, out, err = case.run(text, timeout=120)
    report(rc == 0 and answer(out) == want and '"resumed": 0' not in out,
           "%s: resumed, the counts and histogram of the run without one (exit %s)" % (case.name, rc))


def engine_checks(prog, work):
    """tests/checkpoint_links.sh and checkpoint_faults.sh on kperm-ptest:
    links planted beside its checkpoint, SIGHUP, a full disk; their lines
    passed on"""
    rng = random.Random(7)
    data = os.path.join(work, "p26.csv")
    with open(data, "w") as f:
        f.write("x,y\n" + "".join("%d,%d\n" % (rng.randint(0, 99), rng.randint(0, 99)) for _ in range(26)))
    command = [os.path.abspath(prog), "--quiet", "--backend", "cpu", "--threads", "1", "--test", "paired", "--method",
               "enumerate", "--checkpoint-every", "0.01", "--checkpoint", "d/c.ckpt", data]
    for script in ("checkpoint_links.sh", "checkpoint_faults.sh"):
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", script)
        out = subprocess.run(["sh", path, "kperm-ptest"] + command, capture_output=True, text=True, timeout=120).stdout
        sys.stdout.write(out)
        report.failed += [line for line in out.splitlines() if line.startswith("FAIL")]
    # 2^40 sign flips, an hour or two on one core: a stall is no reason to refuse it
    data = os.path.join(work, "p40.csv")
    with open(data, "w") as f:
        f.write("x,y\n" + "".join("%d,%d\n" % (rng.randint(0, 99), rng.randint(0, 99)) for _ in range(40)))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "estimate_stall.sh")
    out = subprocess.run(["sh", path, "kperm-ptest estimate", os.path.abspath(prog), "--quiet", "--backend", "cpu",
                          "--test", "paired", "--method", "enumerate", data], capture_output=True, text=True,
                         timeout=60).stdout
    sys.stdout.write(out)
    report.failed += [line for line in out.splitlines() if line.startswith("FAIL")]


def main():
    prog = sys.argv[1]
    with tempfile.TemporaryDirectory() as work:
        # a finished checkpoint with a histogram: an accepted one answers at once
        mouse = Case(prog, work, "mouse", ["--bins", "4", os.path.join(DATA, "mouse.csv")])
        rc, out, _ = mouse.run(None)
        with open(mouse.path, "rb") as f:
            text = f.read()
        damage(mouse, text, answer(out), 4, 1)
        old_style(mouse, text)
        # maxT over three columns: its maxt line, and extremes it never keeps
        rng = random.Random(5)
        data = os.path.join(work, "m3.csv")
        with open(data, "w") as f:
            f.write("group,v0,v1,v2\n" + "".join("%s,%d,%d,%d\n" % ("AB"[i // 6], rng.randint(0, 20), rng.randint(
                0, 20), rng.randint(0, 20)) for i in range(12)))
        maxt = Case(prog, work, "maxt", ["--columns", "v0,v1,v2", data])
        rc, out, _ = maxt.run(None)
        with open(maxt.path, "rb") as f:
            text = f.read()
        damage(maxt, text, answer(out), 0, 3)
        m = [int(w) for w in re.search(rb"\nmaxt ([0-9 ]+)\n", text).group(1).split()]
        forged = ["maxt 2 " + " ".join(map(str, m[1:5])), "maxt 3 " + " ".join(map(str, m[1:] + [0, 0])),
                  "maxt 3 %d %d " % (m[2] + 1, m[2]) + " ".join(map(str, m[3:])),  # |T_j| counted, max |T| not
                  "maxt 3 %d %d " % (m[1], 925) + " ".join(map(str, m[3:])),  # past the ranks
                  "maxt 03 " + " ".join(map(str, m[1:])), "maxt 3 " + " ".join(map(str, m[1:])) + " "]
        bad = [new for new in forged if not maxt.refused(with_line(text, "maxt", new))]
        bad += [new for new in ("extremes 0x1p+0 0x1p+1",) if not maxt.refused(with_line(text, "extremes", new))]
        report(not bad, "maxt: the maxt line in another form or not adding up, and extremes maxT never keeps, "
               "refused%s" % (": not " + repr(bad) if bad else ""))
        # a run stopped by SIGINT mid-way, resumed to the uninterrupted run's counts
        stopped = interrupted(prog, work)
        if stopped is None:
            print("SKIP kperm-ptest checkpoint: the run finished before SIGINT")
        else:
            text, args = stopped
            mid = Case(prog, work, "interrupted", args)
            _, out, _ = run(prog, ["--backend", "cpu"] + args)
            forged_lines(mid, text, answer(out))
        engine_checks(prog, work)
    sys.exit(1 if report.failed else 0)


if __name__ == "__main__":
    main()
