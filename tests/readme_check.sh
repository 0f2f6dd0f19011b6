#!/bin/sh
# readme_check.sh - every code block in README.md that follows a line
# <!-- file: PATH --> must equal PATH, so the examples shown cannot rot.
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
