#!/bin/sh
# ptest_cli.sh - kperm-ptest through its command line: the exact counts of
# random cases against tests/ptest/reference.py's brute force (every test
# type and statistic, the C backend, POCL's OpenCL and CUDA where a GPU is), the textbook data
# sets of samples/ptest/data with their published p-values, a C statistic
# (and every ```c statistic block of README.md and samples/ptest/README.md),
# quoted CSV as R writes it, the reader against Python's csv module on random
# tables (tests/ptest/reader_check.py), byte-order marks, the note on a first
# line of numbers, JSON of labels that are not UTF-8, the report's text, the
# tolerance band, every error path (one line on stderr, exit 2), and a
# checkpoint interrupted by SIGINT and resumed to the same counts, and maxT
# over several columns against the reference's (tests/ptest/maxt_check.py). Prints
# PASS/FAIL/SKIP lines. Run from the repository root after make build/kperm-ptest.
P=build/kperm-ptest
D=samples/ptest/data
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
opencl=$($P --list-devices | grep -q '^opencl [0-9]' && echo opencl)
# cuda: where a GPU answers nvidia-smi -L, every case below runs on it too;
# elsewhere a build with the CUDA backend must refuse it in one line, exit 4
cuda=""
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
    if $P --list-devices | grep -q '^cuda [0-9]'; then
        cuda=cuda
    elif $P --list-devices | grep -q '^cuda '; then
        echo "FAIL cuda: a GPU, but $($P --list-devices | grep '^cuda ')"
    else
        echo "SKIP CUDA backend: not built into $P (no nvcc)"
    fi
elif $P --list-devices | grep -q '^cuda '; then
    $P --quiet --backend cuda $D/mouse.csv >$T/out 2>$T/err; rc=$?
    if [ $rc -eq 4 ] && [ ! -s $T/out ] && [ "$(wc -l < $T/err)" -eq 1 ] && grep -q 'cuda: no CUDA' $T/err; then
        echo "SKIP CUDA backend: no GPU; --backend cuda says so in one line, exit 4: $(cat $T/err)"
    else
        echo "FAIL --backend cuda without a GPU: exit $rc, stderr: $(cat $T/err) stdout: $(head -c 200 $T/out)"
    fi
else
    echo "SKIP CUDA backend: no GPU, and not built into $P (no nvcc)"
fi
backends="cpu $opencl $cuda"

# expect NAME WANT ARGS...: the JSON's fields, as "key=value ..." of WANT, on every backend
expect() {
    name=$1 want=$2
    shift 2
    for b in $backends; do
        out=$($P --json --quiet --bins 0 --backend $b "$@" 2>&1)
        bad=""
        for kv in $want; do
            printf '%s' "$out" | grep -q "\"${kv%%=*}\": ${kv#*=}[,}]" || bad="$bad $kv"
        done
        [ -z "$bad" ] && echo "PASS $b $name" || echo "FAIL $b $name: wanted$bad; got $out"
    done
}
expect "Darwin's Zea mays, Fisher's 15 sign flips: 863 and 1726 of 32768" \
    "greater=835 equal=28 pvalue_greater_numerator=863 pvalue_abs_numerator=1726 n_rearrangements=32768" \
    --test paired --columns crossed,self $D/zea_mays.csv
expect "Student's sleep data, 1024 swaps: 2 and 4 of 1024" \
    "less=0 equal=2 pvalue_abs_numerator=4 pvalue_two_sided_numerator=4" --test paired $D/sleep.csv
expect "Efron and Tibshirani's mice, 11440 splits: 1613, 3184 and 2*min 3226" \
    "greater=1587 equal=26 pvalue_abs_numerator=3184 pvalue_two_sided=0.281993006993007" $D/mouse.csv
expect "the mice as R's bootstrap package has them: 1608 and 3182" \
    "greater=1589 equal=19 pvalue_abs_numerator=3182" $D/mouse_rpkg_bootstrap.csv
expect "scipy's Pearson example: 4 of 24 orders" "less=20 equal=3 greater=1" --test pairings $D/scipy_doc_pearsonr.csv
expect "the collagen data, Kendall's tau-b with ties: 2*min 616 and |T| 628 of 5040" \
    "equal=140 greater=168 pvalue_two_sided_numerator=616 pvalue_abs_numerator=628" \
    --test pairings --stat kendall $D/scipy_tutorial_collagen_proline.csv
expect "the collagen data, Pearson's r read as decimals: 28 of 5040 (8 ties)" "greater=20 equal=8" \
    --test pairings $D/scipy_tutorial_collagen_proline.csv
expect "three groups (anova), whitespace columns, comments" "n_rearrangements=1680" \
    $(printf '# three groups\nA 1.5\nA 2\nA 2.5\nB 3\nB 3.5\nC 4\nC 0.5\nC 9\nB 1\n' > $T/k3.txt; echo $T/k3.txt)
# two groups of equal size: Welch's t orders the splits as the mean difference
# does (samples/ptest/README.md), whose counts the host's shift algorithm gives
awk -F, 'NR == 1 || seen[$1]++ < 9' bench/data/ptest/welch_20_20.csv > $T/w9.csv
mean=$($P --json --quiet --bins 0 --stat mean --method shift $T/w9.csv)
want=$(for k in less equal greater abs_ge; do printf '%s=%s ' $k "$(printf '%s' "$mean" | sed -n "s/.*\"$k\": \([0-9]*\).*/\1/p")"; done)
case $mean in
*'"method": "shift"'*) expect "9 + 9 of welch_20_20.csv: --stat welch counts what the shift algorithm counts for --stat mean" \
                           "$want n_rearrangements=48620" --stat welch $T/w9.csv ;;
*) echo "FAIL --stat mean --method shift of 9 + 9 values: $mean" ;;
esac
expect "--tolerance: the band's values are counted in in_band" "exact=false in_band=0 equal=26" \
    --tolerance 1e-12 $D/mouse.csv
# R's write.csv: every name quoted, a row-name column with an empty name
# first; a quote inside a quoted field doubled (RFC 4180)
awk -F, 'NR == 1 { print "\"\",\"group\",\"value\""; next }
         { g = $1 == "control" ? "con\"\"trol,\"\"B\"\"" : $1; printf "\"%d\",\"%s\",%s\n", NR - 1, g, $2 }' \
    $D/mouse.csv > $T/rcsv.csv
expect "R's write.csv (quoted, row names): --group group gives the mice's counts, the names unquoted" \
    'greater=1587 abs_ge=3184 name="treatment" name="con\\"trol,\\"B\\""' --group group $T/rcsv.csv
expect "the report says integers when the data have no decimal places (JSON: decimals 0)" "decimals=0 exact=true" \
    $D/mouse.csv
out=$($P --quiet --bins 0 --backend cpu $D/mouse.csv 2>&1)
case $out in
*"10^-0"*) echo "FAIL the report says 10^-0: $out" ;;
*"exact (the data read as integers)"*) echo "PASS the report says 'integers' alone, not 'times 10^-0'" ;;
*) echo "FAIL the report's comparison line: $out" ;;
esac
out=$($P --quiet --bins 0 --backend cpu --test paired $D/sleep.csv 2>&1)
case $out in *"exact (the data read as integers times 10^-1)"*) echo "PASS the report says 10^-1 for one decimal place" ;;
*) echo "FAIL the report's comparison line for one decimal place: $out" ;; esac
# an infinite observed statistic (group B constant: var(A)/0) keeps the
# histogram's range finite, and the JSON is JSON (null for inf, no nan)
printf 'g,x\nA,0\nB,0\nA,0\nA,1\nA,1\nA,0\nB,0\n' > $T/inf.csv
for b in $backends; do
    $P --json --quiet --backend $b --stat var-ratio $T/inf.csv > $T/inf.json 2>&1
    if /usr/bin/python3 -c "
import json, math, sys
j = json.load(open(sys.argv[1]))
e = j['bin_edges']
ok = j['observed'] is None and j['greater'] == 0 and j['undefined'] == 1 and sum(j['histogram']) == 20
sys.exit(not (ok and len(e) == 21 and all(math.isfinite(x) for x in e) and e == sorted(e) and e[0] < e[-1]))
" $T/inf.json 2>/dev/null; then
        echo "PASS $b an infinite observed variance ratio: the JSON parses, null for it, 21 finite bin edges"
    else
        echo "FAIL $b an infinite observed variance ratio: $(head -c 400 $T/inf.json)"
    fi
done
# maxT: the table's columns line up though 11440ths run long
awk -F, 'NR == 1 { print "group,days,doubled"; next } { printf "%s,%s,%d\n", $1, $2, 2 * $2 + NR % 3 }' \
    $D/mouse.csv > $T/two.csv
$P --quiet --bins 0 --backend cpu --columns days,doubled $T/two.csv > $T/out 2>&1
awk '/^  column / { a = index($0, "|T| >= |t|"); b = index($0, "adjusted"); n = 0; next }
     a && /^  [a-z]/ { n++; if (substr($0, a - 2, 3) !~ /^  [0-9]$/ || substr($0, b - 2, 3) !~ /^  [0-9]$/) bad = 1 }
     END { exit !(a && n == 2 && !bad) }' $T/out \
    && echo "PASS maxT: the table's columns line up" || echo "FAIL maxT's table is not aligned: $(cat $T/out)"

# a C statistic: the mean difference again, counted in floating point
printf 'double s[2] = {0, 0};\nfor (int j = 0; j < 2; j++)\n    for (int i = start[j]; i < start[j + 1]; i++)\n        s[j] += x[i];\nreturn s[0] / (start[1] - start[0]) - s[1] / (start[2] - start[1]);\n' > $T/mean.c
printf 'return x[0] +;\n' > $T/bad.c
for b in $opencl $cuda; do
    out=$($P --json --quiet --statistic $T/mean.c --backend $b $D/mouse.csv 2>&1)
    case $out in
    *'"greater": 1587, '*'"abs_ge": 3184, '*) echo "PASS $b a C statistic (the mean difference) gives the mice's counts" ;;
    *) echo "FAIL $b a C statistic: $out" ;;
    esac
    out=$($P --quiet --statistic $T/bad.c --backend $b $D/mouse.csv 2>&1); rc=$?
    case "$rc $out" in
    "2 "*"bad.c:1:"[0-9]*": "*) [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] \
        && echo "PASS $b a C statistic that does not compile: FILE:LINE:COL: in one line, exit 2" \
        || echo "FAIL $b compile error on more than one line: $out" ;;
    *) echo "FAIL $b a C statistic that does not compile: exit $rc: $out" ;;
    esac
done
[ -n "$opencl" ] || echo "SKIP OpenCL: no OpenCL device"

# every ```c statistic block of the READMEs (tests/docs_check.sh leaves them
# to this script) runs on the mice, exit 0; the root README's claims its count
for md in README.md samples/ptest/README.md; do
    n=0
    for b in $(awk -v T="$T" -v md="$(echo $md | tr / _)" '
        /^```c statistic[ \t]*$/ { n++; file = T "/" md "_" n ".c"; printf "" > file; print file; inblock = 1; next }
        inblock && /^```/ { close(file); inblock = 0; next }
        inblock { print > file }' $md); do
        n=$((n + 1))
        for be in $opencl $cuda; do
            out=$($P --quiet --bins 0 --backend $be --statistic $b $D/mouse.csv 2>&1); rc=$?
            if [ $rc -ne 0 ]; then
                echo "FAIL $be the \`\`\`c statistic block $n of $md: exit $rc: $out"
            elif [ $md = README.md ] && ! printf '%s\n' "$out" | grep -q 'greater 2080/11440 '; then
                echo "FAIL $be the \`\`\`c statistic block $n of $md: not the 'greater 2080/11440' it claims: $out"
            else
                echo "PASS $be the \`\`\`c statistic block $n of $md runs on the mice$([ $md = README.md ] && echo ", greater 2080/11440 as it says")"
            fi
        done
    done
    [ $n -gt 0 ] || echo "FAIL $md has no \`\`\`c statistic block"
done

# refuse WHAT TEXT ARGS...: exit 2, one line on stderr holding TEXT, nothing on stdout
refuse() {
    what=$1 text=$2
    shift 2
    $P --quiet "$@" >$T/out 2>$T/err; rc=$?
    if [ $rc -eq 2 ] && [ ! -s $T/out ] && [ "$(wc -l < $T/err)" -eq 1 ] && grep -qF -- "$text" $T/err; then
        echo "PASS refused: $what"
    else
        echo "FAIL refused: $what: exit $rc, stderr: $(cat $T/err) stdout: $(head -c 200 $T/out)"
    fi
}
printf 'group,value\na,1\na,2\nb,3,4\nb,5\n' > $T/fields.csv
printf 'group,value\na,1\na,x\nb,3\nb,5\n' > $T/word.csv
printf 'group,value\na,0.1\na,2\nb,3\nb,1234567890123456.5\n' > $T/digits.csv
printf 'group,value\na,9007199254740993\na,2\nb,3\nb,5\n' > $T/big.csv
printf 'group,value\na,1\na,2\na,3\n' > $T/onegroup.csv
printf 'x,y\n1,2\n1,3\n1,4\n' > $T/constant.csv
printf 'group,value\na,1\na,\nb,3\nb,5\n' > $T/empty.csv
printf 'group,value\na,1\na,NA\nb,3\nb,5\n' > $T/na.csv
printf 'patient drug1 drug2\n1 0.7 1.9\n2 NA 0.8\n3 -0.2 1.1\n' > $T/na.txt
printf 'group,value\na,1\n,2\na,2\nb,3\nb,5\n' > $T/nolabel.csv
printf 'group;value\na;1,5\na;2\nb;3\nb;5\n' > $T/semicolon.csv
printf 'group,value\n"a,1\nb,2\n' > $T/unclosed.csv
refuse "a missing file" "no/such.csv" no/such.csv
refuse "a directory" "$T" "$T"
refuse "a line with another number of fields" "fields.csv:4: 3 fields where the first line has 2" $T/fields.csv
refuse "a word among the values" "word.csv:3: 'x' is not a number" $T/word.csv
refuse "data that would lose digits" "digits.csv:5: '1234567890123456.5' times 10^1 is 2^53 or more" $T/digits.csv
refuse "scipy's 17-digit example values lose digits" "scipy_doc_meandiff.csv:" $D/scipy_doc_meandiff.csv
refuse "an integer past 2^53" "big.csv:2: '9007199254740993' is 2^53 or more" $T/big.csv
refuse "an empty value: missing values are not supported" \
    "empty.csv:3: a missing value (''): missing values are not supported; remove the row" $T/empty.csv
refuse "NA: missing values are not supported" \
    "na.csv:3: a missing value ('NA'): missing values are not supported; remove the row" $T/na.csv
refuse "NA in a paired test" "na.txt:3: a missing value ('NA'): missing values are not supported" --test paired $T/na.txt
refuse "an empty label names its line, not a group ''" \
    "nolabel.csv:3: a missing label (''): missing values are not supported; remove the row" $T/nolabel.csv
refuse "';' between fields is named as no separator" "semicolon.csv:1: ';' is not a separator" $T/semicolon.csv
refuse "a quote not closed" "unclosed.csv:2: a quoted field is not closed" $T/unclosed.csv
refuse "R's row names taken for labels: the hint at --group" \
    "the label column, 1 (''), holds row numbers: name the label column with --group (the columns: '', group, value)" \
    $T/rcsv.csv
refuse "a C statistic on --backend cpu is a usage error, naming the backends that run it" \
    "a C statistic (--statistic) runs on --backend opencl or cuda" --backend cpu --statistic $T/mean.c $D/mouse.csv
refuse "one group" "two or more groups" $T/onegroup.csv
refuse "a constant column for Pearson's r" "column x is constant" --test pairings $T/constant.csv
refuse "no FILE" "give a data FILE"
refuse "an unknown option" "unknown option '--fast'" --fast $D/mouse.csv
refuse "--test" "--test 'both' is not independent" --test both $D/mouse.csv
refuse "--stat" "--stat 'median'" --stat median $D/mouse.csv
refuse "a statistic of another test" "--stat pearson does not go with an independent test" --stat pearson $D/mouse.csv
refuse "--bins" "--bins '5000' is not an integer from 0 to 1024" --bins 5000 $D/mouse.csv
refuse "--tolerance" "--tolerance '-1'" --tolerance -1 $D/mouse.csv
refuse "--hist-range" "--hist-range '2:1' is not LO:HI" --hist-range 2:1 $D/mouse.csv
refuse "--hist-range too narrow for the bins" "--hist-range '0:1e-320' is too narrow" --hist-range 0:1e-320 $D/mouse.csv
refuse "--columns: every column is listed" "no column 'weight' (the columns: pair, pot, crossed, self)" \
    --columns weight $D/zea_mays.csv
refuse "--group: every column is listed" "no column 'weight' for --group (the columns: group, value)" \
    --group weight $D/mouse.csv
refuse "--groups" "more than 8 groups, or one named twice" --groups control,control $D/mouse.csv
refuse "a value missing" "--bins needs a value" $D/mouse.csv --bins
refuse "--checkpoint-every alone" "--checkpoint-every goes with --checkpoint" --checkpoint-every 5 $D/mouse.csv

# refuse_exactly WHAT LINE ARGS...: exit 2, nothing on stdout, stderr exactly LINE
refuse_exactly() {
    what=$1 line=$2
    shift 2
    $P --quiet "$@" >$T/out 2>$T/err; rc=$?
    if [ $rc -eq 2 ] && [ ! -s $T/out ] && [ "$(cat $T/err)" = "$line" ]; then
        echo "PASS refused: $what"
    else
        echo "FAIL refused: $what: exit $rc, stderr: $(cat $T/err) (want: $line) stdout: $(head -c 200 $T/out)"
    fi
}
# refuse_file WHAT NAME TEXT MESSAGE [ARGS...]: $T/NAME, holding printf's
# TEXT, is refused with exactly "kperm-ptest: $T/NAME" MESSAGE
refuse_file() {
    what=$1 file=$T/$2 message=$4
    printf "$3" > "$file"
    shift 4
    refuse_exactly "$what" "kperm-ptest: $file$message" "$@" "$file"
}
# a label that reads as missing is refused as a missing value is, whatever
# its spelling (tests/ptest/reader_check.py draws every one)
missing=": missing values are not supported; remove the row"
refuse_file "a label NA is a missing value, not a group" nalabel.csv 'group,value\na,1\nNA,2\na,2\nb,3\nb,5\n' \
    ":3: a missing label ('NA')$missing"
refuse_file "a blank label (quoted) is a missing value" blanklabel.txt 'group value\na 1\n" " 2\na 2\nb 3\nb 5\n' \
    ":3: a missing label (' ')$missing"
refuse_file "two columns of one name" twice.csv 'g,g\na,1\na,2\nb,3\nb,5\n' \
    ":1: columns 1 and 2 are both named 'g': name each column once"
refuse_file "a header with commas over blank-separated rows: the separator named" commas_blanks.csv \
    'group,value\na 1\na 2\nb 3\nb 5\n' ":2: 1 field where the first line has 2 (separated by commas, as the first line is)"
refuse_file "a header with blanks over comma-separated rows: the separator named" blanks_commas.csv \
    'group value\na,1\na,2\nb,3\nb,5\n' ":2: 1 field where the first line has 2 (separated by blanks: the first line has no comma)"
refuse_file "a group of one value" groupofone.csv 'group,value\na,1\na,2\nb,3\nb,5\nc,4\n' \
    ": group 'c' has 1 value: every group needs two or more"
refuse_file "UTF-16 text, by its byte-order mark" utf16.csv '\377\376g\000,\000v\000\n\000' \
    ":1: UTF-16 text (its byte-order mark): save the file as UTF-8"
refuse_exactly "--groups naming a label not there lists the labels" \
    "kperm-ptest: $D/mouse.csv: --groups: no label 'treated' in the label column, 1 ('group'); its labels: treatment, control" \
    --groups treated,control $D/mouse.csv

# a UTF-8 byte-order mark is no part of the first name or number: before a
# header, the first column keeps its name; before a file without one, its
# first row is still a row (tests/ptest/reader_check.py: in random tables)
printf '\357\273\277group,value\na,1\na,2\nb,3\nb,5\n' > $T/bom_header.csv
expect "a UTF-8 byte-order mark before the header: --group group finds the first column" \
    'name="a" size=2 name="b"' --group group $T/bom_header.csv
printf '\357\273\2771,1\n1,2\n1,5\n2,3\n2,4\n' > $T/bom_numbers.csv
expect "a UTF-8 byte-order mark before a file without a header: the first row is a row (groups of 3 and 2)" \
    'name="1" size=3 name="2" size=2' --groups 1,2 $T/bom_numbers.csv

# a first line of numbers is read as data, and stderr says so in one line
# where its row is in the test (a header of years would be); not where
# --groups leaves it out
printf '2019,2020\n1,2\n3,4\n5,7\n' > $T/years.csv
$P --json --quiet --bins 0 --backend cpu --test paired $T/years.csv >$T/out 2>$T/err; rc=$?
note="kperm-ptest: $T/years.csv:1: note: the first line is all numbers, so it is read as data, not as a header (a header needs a name that is not a number)"
[ $rc -eq 0 ] && [ "$(cat $T/err)" = "$note" ] && grep -q '"size": 4}' $T/out \
    && echo "PASS a first line of numbers: read as data (4 pairs), the note on stderr" \
    || echo "FAIL a first line of numbers: exit $rc, stderr '$(cat $T/err)', want '$note': $(head -c 300 $T/out)"
printf '1,5\n2,1\n2,2\n3,3\n3,4\n' > $T/left_out.csv
$P --json --quiet --bins 0 --backend cpu --groups 2,3 $T/left_out.csv >$T/out 2>$T/err; rc=$?
[ $rc -eq 0 ] && [ ! -s $T/err ] && echo "PASS a first line of numbers that --groups leaves out: no note" \
    || echo "FAIL a first line of numbers left out: exit $rc, stderr '$(cat $T/err)'"

# --json is valid UTF-8 whatever bytes a label holds: one that is not UTF-8
# (0xE9, Latin-1's e-acute) is written \u00e9, the character Latin-1 gives it
printf 'g,v\n\351t\351,1\n\351t\351,2\nb,3\nb,5\n' > $T/latin1.csv
$P --json --quiet --bins 0 --backend cpu $T/latin1.csv > $T/latin1.json 2>&1
if grep -q '"name": "\\u00e9t\\u00e9"' $T/latin1.json && /usr/bin/python3 -c '
import json, sys
assert json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))["groups"][0]["name"] == "\u00e9t\u00e9"' $T/latin1.json; then
    echo "PASS --json: a Latin-1 label is escaped \\u00e9, the JSON valid UTF-8"
else
    echo "FAIL --json with a Latin-1 label: $(od -c $T/latin1.json | head -5)"
fi

# SIGINT without a checkpoint, on OpenCL (whose compiler may take SIGINT for
# itself): the run ends within 2 s, saying so, exit 130
if $P --list-devices | grep -q '^opencl [0-9]'; then
    awk 'BEGIN { srand(11); print "g,v"; for (i = 0; i < 34; i++) printf "%s,%d\n", i < 17 ? "a" : "b", int(rand() * 1000) }' \
        > $T/long.csv
    $P --quiet --force --bins 0 --backend opencl --stat welch $T/long.csv > /dev/null 2> $T/int.err &
    pid=$!
    sleep 5
    kill -INT $pid 2>/dev/null
    for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 $pid 2>/dev/null || break; sleep 0.2; done
    if kill -0 $pid 2>/dev/null; then
        kill -9 $pid; echo "FAIL SIGINT without a checkpoint (opencl): still running 2 s later"
    else
        wait $pid; rc=$?
        [ $rc -eq 130 ] && grep -q 'interrupted by signal 2' $T/int.err \
            && echo "PASS SIGINT without a checkpoint (opencl): ended within 2 s, exit 130, said so" \
            || echo "FAIL SIGINT without a checkpoint (opencl): exit $rc, $(cat $T/int.err)"
    fi
fi

# checkpoint: a run interrupted by SIGINT (its checkpoint written), resumed,
# gives the uninterrupted run's counts; a finished checkpoint answers at once
awk 'BEGIN { srand(7); print "x,y"; for (i = 0; i < 24; i++) printf "%d,%d\n", int(rand() * 100), int(rand() * 100) }' > $T/p24.csv
fields='"(less|equal|greater|abs_ge)": [0-9]*'
$P --json --quiet --bins 8 --backend cpu --test paired --method enumerate $T/p24.csv | grep -oE "$fields|\"histogram\": [^]]*" > $T/want
$P --json --quiet --bins 8 --backend cpu --test paired --method enumerate --checkpoint $T/ck --checkpoint-every 0.05 \
    --chunk 100000 \
    $T/p24.csv > $T/first 2>/dev/null &
pid=$!
sleep 0.6
kill -INT $pid 2>/dev/null
wait $pid; rc=$?
$P --json --quiet --bins 8 --backend cpu --test paired --method enumerate --checkpoint $T/ck $T/p24.csv > $T/second; rc2=$?
resumed=$(grep -oE '"resumed": [0-9]+' $T/second)
if [ $rc2 -eq 0 ] && grep -oE "$fields|\"histogram\": [^]]*" $T/second | cmp -s - $T/want; then
    echo "PASS checkpoint: interrupted (exit $rc) and resumed ($resumed), the counts and histogram of the run without one"
else
    echo "FAIL checkpoint: interrupted (exit $rc), resumed (exit $rc2): $(cat $T/second)"
fi
$P --json --quiet --bins 8 --backend cpu --test paired --method enumerate --checkpoint $T/ck $T/p24.csv > $T/third
grep -oE "$fields|\"histogram\": [^]]*" $T/third | cmp -s - $T/want && grep -q '"backend": "checkpoint"' $T/third \
    && echo "PASS checkpoint: a finished checkpoint gives the same answer at once" \
    || echo "FAIL checkpoint: the finished checkpoint: $(cat $T/third)"
refuse "a checkpoint of another test" "a checkpoint of another test" --bins 8 --backend cpu --test paired \
    --stat welch --checkpoint $T/ck $T/p24.csv

# a hopeless run (20! pairings) is refused with the estimate, exit 3
awk 'BEGIN { srand(3); print "x,y"; for (i = 0; i < 20; i++) printf "%d,%d\n", int(rand() * 100), int(rand() * 100) }' > $T/p20.csv
$P --backend cpu --test pairings --bins 0 $T/p20.csv > $T/out 2> $T/err; rc=$?
[ $rc -eq 3 ] && grep -q "days) for 2432902008176640000 rearrangements.*--resamples N estimates p.*--force runs it anyway" $T/err \
    && echo "PASS a hopeless run (20! pairings) is refused with its estimate and --resamples suggested, exit 3" \
    || echo "FAIL a hopeless run: exit $rc: $(cat $T/err)"

# the reader against Python's csv module on random tables, refusals word for word
/usr/bin/python3 tests/ptest/reader_check.py $P
# the brute force on random cases, every test type and statistic, each backend
/usr/bin/python3 tests/ptest/cli_check.py $P $backends
# maxT over several value columns against reference.maxt, random cases and the data sets
/usr/bin/python3 tests/ptest/maxt_check.py $P $backends
# the checkpoint reader: damaged and forged lines of its own, the sum made right
/usr/bin/python3 tests/ptest/checkpoint_check.py $P
# the mean difference counted on the host (--method shift, mitm) against enumeration, field for field
/usr/bin/python3 tests/ptest/linear_check.py $P
if [ -x build/kperm-ptest-mpi ] && command -v mpirun >/dev/null 2>&1; then
    out=$(mpirun --allow-run-as-root --oversubscribe -n 2 build/kperm-ptest-mpi --json --quiet --bins 0 $D/mouse.csv 2>&1)
    case $out in *'"greater": 1587, '*'"backend": "mpi"'*) echo "PASS kperm-ptest-mpi on 2 ranks: the mice's counts" ;;
    *) echo "FAIL kperm-ptest-mpi: $out" ;; esac
else
    echo "SKIP kperm-ptest-mpi: not built or no mpirun"
fi
if [ -n "$cuda" ] && [ -x build/kperm-ptest-mpi ] && command -v mpirun >/dev/null 2>&1; then
    out=$(mpirun --allow-run-as-root --oversubscribe -n 2 build/kperm-ptest-mpi --json --quiet --bins 0 --backend cuda \
          $D/mouse.csv 2>&1)
    case $out in *'"greater": 1587, '*'"backend": "mpi"'*) echo "PASS kperm-ptest-mpi --backend cuda on 2 ranks: the mice's counts" ;;
    *) echo "FAIL kperm-ptest-mpi --backend cuda: $out" ;; esac
fi
