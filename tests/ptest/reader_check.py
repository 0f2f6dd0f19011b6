#!/usr/bin/python3
"""reader_check.py - kperm-ptest's reader against an independent one: random
tables (CSV or blank-separated; a UTF-8 byte-order mark or not; a header or
not; CRLF or LF line ends; comment and blank lines; quoted fields holding
separators, quotes and blanks; labels that look like numbers; missing labels
and values) are written out, read here with Python's csv module by the rules
samples/ptest/README.md states, and run through the program. Either both
accept the file and the program's groups (or columns), their sizes and the
observed mean difference are the reference's, with the note about a first
line of numbers on stderr exactly when the reference expects it; or both
refuse it, and the program's one line on stderr is the reference's, word for
word, FILE:LINE: included. Prints PASS/FAIL lines; exits 1 on a failure.

    python3 tests/ptest/reader_check.py build/kperm-ptest
"""
import csv
import json
import os
import random
import re
import sys
import tempfile
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import notes, run  # noqa: E402

CASES = 200
NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?\Z")  # the README's numbers
MISSING = ["NA", "N/A", "NaN", "nan", "NULL", "None", "."]  # and any empty or blank field
PLAIN = ["a", "b", "ctrl", "treat", "x1", "é", "Zürich"]
NUMERIC = ["1", "2", "-3", "2.5", "1e2", "+4", ".5", "007"]
QUOTED = ["two words", 'say "hi"']  # need quotes in either layout
COMMAS = ["a,b", "x, y"]            # CSV only: a comma in a blank-separated file would make it CSV
NAMES = ["group", "value", "extra", "the label", 'q"t', "dose (mg)", "y2019"]
REFUSE_TAIL = ": missing values are not supported; remove the row"


class Refused(Exception):
    """the program must refuse the file with exactly this line"""


def is_missing(field):
    return field.strip(" \t") == "" or field in MISSING


def draw_value(rng):
    if rng.random() < 0.03:
        return rng.choice(MISSING + ["", " "])
    return "%.*f" % (rng.choice((0, 1, 2)), rng.uniform(-50, 50))


def draw_table(rng, csv_mode):
    """(test, rows of fields, names or None, --groups or None)"""
    test = rng.choice(["independent"] * 3 + ["paired"])
    extra = rng.random() < 0.3
    pool = PLAIN + NUMERIC + QUOTED + (COMMAS if csv_mode else [])
    if test == "paired":
        rows = [[draw_value(rng), draw_value(rng)] for _ in range(rng.randint(2, 8))]
    else:
        labels = rng.sample(pool, rng.choice((2, 2, 3)))
        rows = [[g, draw_value(rng)] for g in labels for _ in range(rng.randint(2, 4))]
        rng.shuffle(rows)
        if rng.random() < 0.08:
            rows[rng.randrange(len(rows))][0] = rng.choice(MISSING + ["", " "])
    if extra:  # between the label and the value, or before x and y: not one the test reads
        for r in rows:
            r.insert(1 if test == "independent" else 0, rng.choice(pool + [draw_value(rng)]))
    names = None
    if rng.random() < 0.6:
        names = rng.sample(NAMES if csv_mode else [n for n in NAMES if "," not in n], len(rows[0]))
    groups = None
    if test == "independent" and rng.random() < 0.3:
        present = list(dict.fromkeys(r[0] for r in rows if not is_missing(r[0])))
        groups = rng.sample(present, 2) if len(present) >= 2 else present
        if rng.random() < 0.25:
            groups[-1] = "zz"  # a label the file does not have
        if any("," in g for g in groups):
            groups = None  # --groups cannot name it
    return test, rows, names, groups


def write_field(rng, field, csv_mode):
    must = field == "" or any(c in field for c in ' ,"') or field != field.strip()
    if must or rng.random() < 0.15:
        return '"' + field.replace('"', '""') + '"'
    return field


def write_file(rng, rows, names, csv_mode):
    """the file's bytes"""
    lines = []
    if rng.random() < 0.2:
        lines.append("# a comment, with a comma")
    for r in ([names] if names else []) + rows:
        if rng.random() < 0.1:
            lines.append(rng.choice(["", "   ", "# note"]))
        fields = [write_field(rng, f, csv_mode) for f in r]
        if csv_mode:
            line = "".join((", " if rng.random() < 0.3 else ",") + f for f in fields)[1:]
        else:
            line = "".join(rng.choice([" ", "  ", "\t", " \t "]) + f for f in fields)[1:]
        lines.append(rng.choice(["", " ", "\t"]) + line if not csv_mode else line)
    end = "\r\n" if rng.random() < 0.3 else "\n"
    text = end.join(lines) + (end if rng.random() < 0.8 else "")
    return (b"\xef\xbb\xbf" if rng.random() < 0.3 else b"") + text.encode("utf-8")


def read_reference(data):
    """(rows as (line, fields)) by Python's csv module: comments and blank
    lines skipped, CSV when the first line has a comma, else runs of blanks"""
    text = data.decode("utf-8-sig")
    rows, csv_mode = [], None
    for number, line in enumerate(text.split("\n"), 1):
        line = line.strip(" \t\r")
        if not line or line.startswith("#"):
            continue
        if csv_mode is None:
            csv_mode = "," in line
        if csv_mode:
            fields = next(csv.reader([line], skipinitialspace=True))
        else:
            fields = next(csv.reader([line.replace("\t", " ")], delimiter=" ", skipinitialspace=True))
        rows.append((number, fields))
    return rows


def expect(path, test, data, groups):
    """what the program must report: a dict, or Refused(line)"""
    rows = read_reference(data)
    first_line, first = rows[0]
    numbers = sum(bool(NUMBER.match(f)) for f in first)
    if numbers == 0:
        names = first
        for i in range(len(names)):
            for j in range(i + 1, len(names)):
                if names[i] == names[j]:
                    raise Refused("%s:%d: columns %d and %d are both named '%s': name each column once"
                                  % (path, first_line, i + 1, j + 1, names[i]))
        rows = rows[1:]
    else:
        names = [str(i + 1) for i in range(len(first))]
    assert all(len(f) == len(names) for _, f in rows), "the generator wrote a ragged table"
    numbers_first = numbers == len(first)
    if test == "paired":
        if len(rows) < 2:
            raise Refused("two or more pairs are needed")
        cols = [len(names) - 2, len(names) - 1]
        order = [(line, f[c]) for c in cols for line, f in rows]
        used_first = True
        result = {"columns": [(names[c], len(rows)) for c in cols]}
        parts = [[f[c] for _, f in rows] for c in cols]
    else:
        value = len(names) - 1
        for line, f in rows:
            if is_missing(f[0]):
                raise Refused("%s:%d: a missing label ('%s')%s" % (path, line, f[0], REFUSE_TAIL))
        present = list(dict.fromkeys(f[0] for _, f in rows))
        chosen = groups or present
        for g in chosen:
            count = sum(f[0] == g for _, f in rows)
            if count == 0:
                raise Refused("%s: --groups: no label '%s' in the label column, 1 ('%s'); its labels: %s"
                              % (path, g, names[0], ", ".join(present)))
            if count < 2:
                raise Refused("%s: group '%s' has %d value%s: every group needs two or more"
                              % (path, g, count, "" if count == 1 else "s"))
        order = [(line, f[value]) for g in chosen for line, f in rows if f[0] == g]
        if len(chosen) < 2:
            raise Refused("an independent test needs two or more groups in the label column")
        used_first = first[0] in chosen
        result = {"groups": [(g, sum(f[0] == g for _, f in rows)) for g in chosen]}
        parts = [[f[value] for _, f in rows if f[0] == g] for g in chosen]
    for line, v in order:
        if is_missing(v):
            raise Refused("%s:%d: a missing value ('%s')%s" % (path, line, v, REFUSE_TAIL))
        assert NUMBER.match(v), "the generator wrote a value that is no number"
    if len(parts) == 2:
        mean = [sum(map(Fraction, p)) / len(p) for p in parts]
        result["observed"] = float(mean[0] - mean[1])
    result["note"] = numbers_first and used_first and (
        "%s:%d: note: the first line is all numbers, so it is read as data, not as a header (a header needs a "
        "name that is not a number)" % (path, first_line))
    return result


def compare(prog, path, test, data, groups):
    """None when the program agrees with the reference, else what differs"""
    try:
        want = expect(path, test, data, groups)
    except Refused as refused:
        want = refused
    args = ["--bins", "0", "--backend", "cpu", "--test", test] + (["--groups", ",".join(groups)] if groups else [])
    rc, out, err = run(prog, args + [path])
    lines = err.splitlines()
    if isinstance(want, Refused):
        line = "kperm-ptest: " + str(want)
        return None if rc == 2 and lines == [line] and not out else "want exit 2, '%s'; got exit %d, %r" % (line, rc, err)
    if rc != 0:
        return "want %r; got exit %d: %s" % (want, rc, err.strip())
    got = json.loads(out)
    key = "groups" if test == "independent" else "columns"
    mine = [(g["name"], g["size"]) for g in got[key]]
    note = ["kperm-ptest: " + want["note"]] if want["note"] else []
    if mine != want[key] or lines != note:
        return "want %s %r, stderr %r; got %r, stderr %r" % (key, want[key], note, mine, lines)
    if "observed" in want and abs(got["observed"] - want["observed"]) > 1e-9 * max(1, abs(want["observed"])):
        return "want observed %r; got %r" % (want["observed"], got["observed"])
    return None


def main():
    prog = sys.argv[1]
    rng = random.Random(20261128)
    bad, refused = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "t.csv")
        for case in range(CASES):
            csv_mode = rng.random() < 0.6
            test, rows, names, groups = draw_table(rng, csv_mode)
            data = write_file(rng, rows, names, csv_mode)
            with open(path, "wb") as f:
                f.write(data)
            try:
                expect(path, test, data, groups)
            except Refused:
                refused += 1
            why = compare(prog, path, test, data, groups)
            if why:
                bad.append("case %d, %r: %s" % (case, data, why))
    print("%s kperm-ptest's reader = Python's csv module on %d random tables (BOM, header or not, CRLF, quotes, "
          "blanks, comments, numeric and missing labels; %d refused, word for word)%s"
          % ("FAIL" if bad else "PASS", CASES, refused, notes(bad, 3)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
