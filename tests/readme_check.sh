#!/bin/sh
# readme_check.sh - every code block in README.md that follows a line
# <!-- file: PATH --> must equal PATH, so the examples shown cannot rot; every
# TSPLIB file the README's commands name exists; the LICENSE is the license
# the Python package declares.
awk '
    /^<!-- file: .* -->$/ { path = $3; want = 1; next }
    want && /^```/ { if (inblock) { compare(); want = 0; inblock = 0 } else { inblock = 1; body = "" } ; next }
    inblock { body = body $0 "\n" }
    function compare(   file, line, text) {
        text = ""
        while ((getline line < path) > 0) text = text line "\n"
        close(path)
        checked++
        if (text != body) { print "FAIL README block differs from " path; bad++ }
    }
    END {
        if (checked == 0) { print "FAIL README shows no <!-- file: --> block"; exit 1 }
        if (!bad) print "PASS README examples equal their files (" checked " blocks)"
    }
' README.md

# the .tsp files named in the README's shell blocks, run from the top directory
missing=$(awk '/^```sh/ { sh = 1; next } /^```/ { sh = 0 } sh' README.md \
          | grep -o '[A-Za-z0-9_./-]*\.tsp' | sort -u | while read -r f; do [ -f "$f" ] || printf '%s ' "$f"; done)
[ -z "$missing" ] && echo "PASS every .tsp file the README's commands name exists" \
    || echo "FAIL the README's commands name files that are not in the repository: $missing"
if head -1 LICENSE | grep -q '^MIT License$' && grep -q 'License: MIT' python/kperm_build.py; then
    echo "PASS LICENSE is the MIT license the Python package declares"
else
    echo "FAIL LICENSE and the Python package's License disagree"
fi
