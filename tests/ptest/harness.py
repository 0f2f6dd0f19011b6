"""harness.py - what the checks of kperm-ptest in this folder share
(cli_check.py, maxt_check.py, checkpoint_check.py, linear_check.py): running
the program for its JSON, the PASS/FAIL lines, random data with ties, and the
path of samples/ptest/data. Not a check itself."""
import os
import subprocess

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "samples", "ptest", "data")


def run(prog, args, timeout=None):
    """kperm-ptest --json --quiet ARGS: (exit status, stdout, stderr);
    subprocess.TimeoutExpired past `timeout` seconds"""
    out = subprocess.run([prog, "--json", "--quiet"] + args, capture_output=True, text=True, timeout=timeout)
    return out.returncode, out.stdout, out.stderr


def notes(bad, most):
    """the first `most` of the failures `bad`, each on a '# ' line of its own"""
    return "".join("\n# " + b for b in bad[:most])


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def tied_value(rng, places=(0, 1, 2)):
    """a decimal with ties likely: one of a few values, with one of `places` places"""
    return "%.*f" % (rng.choice(places), rng.choice((-3, -1.5, 0, 0.25, 1, 2.5, 4, 7.75)) + rng.choice((0, 0.1)))


def random_cases(count, draw):
    """the first `count` results of draw() that are not None (None: a case
    the reference refuses, drawn again)"""
    done = 0
    while done < count:
        got = draw()
        if got is not None:
            done += 1
            yield got


class Report:
    """report(ok, what) prints 'PASS PREFIX: what' or 'FAIL PREFIX: what';
    report.failed lists what failed"""

    def __init__(self, prefix):
        self.prefix, self.failed = prefix, []

    def __call__(self, ok, what):
        print("%s %s: %s" % ("PASS" if ok else "FAIL", self.prefix, what))
        if not ok:
            self.failed.append(what)
