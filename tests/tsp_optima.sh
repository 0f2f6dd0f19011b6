#!/bin/sh
# tsp_optima.sh - kperm-tsp --prune on real data: every symmetric TSPLIB file
# of bench/data/optima.txt and br17 (the asymmetric ones with a strong enough
# bound) solved on the C backend to its published optimum, with a tour whose
bin=build/kperm-tsp
bad=0
count=0
while read -r file opt; do
    case "$file" in ''|\#*) continue ;; esac
    case "$file" in *.atsp) [ "$(basename "$file")" = br17.atsp ] || continue ;; esac
    out=$($bin --backend cpu --prune --quiet --json "$file" 2>&1)
    len=$(echo "$out" | sed -n 's/.*"length": \([0-9]*\),.*/\1/p')
    count=$((count + 1))
    if [ "$len" != "$opt" ]; then
        echo "FAIL kperm-tsp --prune $file: length '$len', published optimum $opt ($(echo "$out" | head -c 200))"
        bad=1
    fi
done < bench/data/optima.txt
[ $bad = 0 ] && echo "PASS kperm-tsp --prune reaches the published optimum of $count TSPLIB instances (14..58 cities, br17)"
