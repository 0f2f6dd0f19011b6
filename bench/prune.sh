#!/bin/sh
# bench/prune.sh - kperm-tsp --prune (its goals in bench/RESULTS.md): each instance on each
# backend present, REPS runs, the median of the search seconds kperm-tsp
# reports and of the whole run (process start to printed answer), with the
# tours visited and the prefixes skipped. Then the largest random n in reach.
#   sh bench/prune.sh [backend ...]       (default: cuda opencl cpu)
bin=${BIN:-build/kperm-tsp}
reps=${REPS:-5}
backends=${*:-cuda opencl cpu}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
field() { sed -n "s/.*\"$1\": \([^,]*\),.*/\1/p" "$2" | tr -d '"'; }
echo "| instance | n | backend | length | search s (median of $reps) | whole run s (median) | visited | pruned prefixes | exhaustive tours |"
echo "|---|---|---|---|---|---|---|---|---|"
for args in "data/burma14.tsp" "bench/data/gr17.tsp" "--random 16 --seed 1" "--random 18 --seed 1" "--random 20 --seed 1" \
            "--random 20 --seed 2" "--random 20 --seed 3" "--random 21 --seed 1"; do
    for b in $backends; do
        : >/tmp/prune_s; : >/tmp/prune_w; ok=1
        i=0
        while [ $i -lt $reps ]; do
            start=$(date +%s.%N)
            $bin --json --prune --backend $b $args >/tmp/prune.json 2>/dev/null || { ok=0; break; }
            end=$(date +%s.%N)
            field seconds /tmp/prune.json >>/tmp/prune_s
            awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f\n", b - a }' >>/tmp/prune_w
            i=$((i + 1))
        done
        [ $ok = 1 ] || { echo "| $args | | $b | not available here | | | | | |"; continue; }
        printf "| %s | %s | %s | %s | %.4f | %.4f | %s | %s | %s |\n" "$(field name /tmp/prune.json)" \
            "$(field n /tmp/prune.json)" "$(field device /tmp/prune.json | cut -c1-40)" "$(field length /tmp/prune.json)" \
            "$(median </tmp/prune_s)" "$(median </tmp/prune_w)" "$(field visited /tmp/prune.json)" \
            "$(field pruned_prefixes /tmp/prune.json)" "$(field tours /tmp/prune.json)"
    done
done
# past 21 cities (units, tsp_units.h): one run each, LIMIT seconds at most
echo
echo "| random EUC_2D, seed 1 | backend | length | search s | whole run s | visited | pruned prefixes |"
echo "|---|---|---|---|---|---|---|"
for n in ${WIDE:-22 24 25 26 28 30}; do
    for b in $backends; do
        start=$(date +%s.%N)
        if timeout ${LIMIT:-600} $bin --json --prune --backend $b --random $n --seed 1 >/tmp/prune.json 2>/dev/null; then
            end=$(date +%s.%N)
            printf "| n = %s | %s | %s | %s | %s | %s | %s |\n" $n "$(field device /tmp/prune.json | cut -c1-40)" \
                "$(field length /tmp/prune.json)" "$(field seconds /tmp/prune.json)" \
                "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')" \
                "$(field visited /tmp/prune.json)" "$(field pruned_prefixes /tmp/prune.json)"
        else
            echo "| n = $n | $b | not solved within ${LIMIT:-600} s (or not available) | | | | |"
        fi
    done
done
