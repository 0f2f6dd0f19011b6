#!/bin/sh
# tsp_cli.sh - kperm-tsp on every malformed file of tests/tsp/bad: exit status
# 2, nothing on stdout, one line "FILE:LINE: message" (or "FILE: message") on
# stderr. Then the usage errors.
bin=build/kperm-tsp
dir=tests/tsp/bad
bad=0 count=0
while IFS='|' read -r file line part; do
    case $file in '#'*|'') continue ;; esac
    count=$((count + 1))
    path=$dir/$file
    if [ "$line" = 0 ]; then prefix="$path: "; else prefix="$path:$line: "; fi
    out=$($bin --backend cpu "$path" 2>/tmp/kperm-tsp-err.$$)
    rc=$?
    err=$(cat /tmp/kperm-tsp-err.$$)
    lines=$(printf '%s\n' "$err" | wc -l)
    case $err in
    "$prefix"*"$part"*) ok=1 ;;
    *) ok=0 ;;
    esac
    if [ $rc -ne 2 ] || [ -n "$out" ] || [ "$lines" -ne 1 ] || [ $ok -ne 1 ]; then
        echo "FAIL kperm-tsp $path: exit $rc, stdout '$out', stderr '$err'; want exit 2 and '$prefix...$part...'"
        bad=$((bad + 1))
    fi
done < $dir/EXPECTED
rm -f /tmp/kperm-tsp-err.$$
[ $bad -eq 0 ] && echo "PASS kperm-tsp rejects $count malformed files: exit 2, one FILE:LINE: line, empty stdout"

usage_ok=1
for args in "" "--backend gpu data/burma14.tsp" "--random 2" "--random 22" "--random x" "--bogus" "--gpus 0 --random 5" "--gpus x --random 5" \
            "data/burma14.tsp data/burma14.tsp" "--random 5 data/burma14.tsp" "--seed"; do
    out=$($bin $args 2>/dev/null)
    rc=$?
    if [ $rc -ne 2 ] || [ -n "$out" ]; then
        echo "FAIL kperm-tsp $args: exit $rc, stdout '$out'; want exit 2 and no output"
        usage_ok=0
    fi
done
[ $usage_ok -eq 1 ] && echo "PASS kperm-tsp usage errors exit 2 with nothing on stdout"

# a hopeless size is refused with its estimate, quickly, unless --force
start=$(date +%s)
out=$($bin --backend cpu --random 21 2>/tmp/kperm-tsp-err.$$)
rc=$?
err=$(cat /tmp/kperm-tsp-err.$$)
rm -f /tmp/kperm-tsp-err.$$
took=$(( $(date +%s) - start ))
case $err in
*days*--force*) ok=1 ;;
*) ok=0 ;;
esac
if [ $rc -eq 3 ] && [ -z "$out" ] && [ $ok -eq 1 ] && [ $took -lt 30 ]; then
    echo "PASS kperm-tsp refuses --random 21 on the CPU with its estimate (exit 3, ${took}s)"
else
    echo "FAIL kperm-tsp --random 21: exit $rc after ${took}s, stdout '$out', stderr '$err'; want exit 3 and an estimate"
fi
exit 0
