#!/bin/sh
# tsp_optima.sh - kperm-tsp --prune on real data: every TSPLIB file of
# bench/data/optima.txt solved on the C backend to its published optimum.
# p43 (6-11 s on 2 cores) and ftv55 (3-7 s) take longest; p43's 30 pairs of
# twins are what its search and its bound's ascent need to finish at all
# (without them the ascent stalled 52.7 % below the optimum), and br17
# (17 pairs) is the only other file with twins. Each file has 120 s,
# so a bound that stalls again fails instead of running on for hours.
bin=build/kperm-tsp
bad=0
count=0
while read -r file opt; do
    case "$file" in ''|\#*) continue ;; esac
    out=$(timeout 120 $bin --backend cpu --prune --quiet --json "$file" 2>&1)
    rc=$?
    len=$(echo "$out" | sed -n 's/.*"length": \([0-9]*\),.*/\1/p')
    count=$((count + 1))
    if [ "$len" != "$opt" ]; then
        echo "FAIL kperm-tsp --prune $file: length '$len', published optimum $opt$([ $rc = 124 ] && echo ', not solved in 120 s') ($(echo "$out" | head -c 200))"
        bad=1
    fi
done < bench/data/optima.txt
[ $bad = 0 ] && echo "PASS kperm-tsp --prune reaches the published optimum of $count TSPLIB instances (14..58 cities, TSP and ATSP)"
