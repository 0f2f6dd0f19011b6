#!/bin/sh
# sanitize.sh - on a GPU: compute-sanitizer's memcheck and racecheck over the
# CUDA vectors and over kperm-tsp's kernels on both search paths (the block
# search: random n = 11; the general 64-bit search: an ATSP of 9 cities whose
# weights are too wide for 32-bit keys), and under memcheck the pruned search
# (random n = 14, and n = 22, past the exhaustive search's 21 cities;
# racecheck on it takes more than the device tool's 10 minutes), run by the
# tests' build searching even what its start would settle. Each must report
# 0 errors.
export KPERM_TSP_SEARCH_ALL=1 # read by kperm-tsp-faults only
wide=build/wide9.tsp
awk 'BEGIN {
    n = 9; s = 7
    print "NAME: wide9\nTYPE: ATSP\nDIMENSION: 9\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION"
    for (i = 0; i < n; i++) {
        line = ""
        for (j = 0; j < n; j++) { s = (s * 1103515245 + 12345) % 2147483648; line = line " " (i == j ? 0 : 10000000 + s % 90000000) }
        print line
    }
    print "EOF" }' > $wide
for tool in memcheck racecheck; do
    for cmd in "build/test_cuda" "build/kperm-tsp --backend cuda --random 11 --seed 2" "build/kperm-tsp --backend cuda $wide" \
               "build/kperm-tsp-faults --prune --backend cuda --random 14 --seed 2" \
               "build/kperm-tsp-faults --prune --backend cuda --random 22"; do
        case "$tool $cmd" in racecheck*--prune*) continue ;; esac
        out=$(compute-sanitizer --tool $tool $cmd 2>&1)
        case $out in
        *"ERROR SUMMARY: 0 errors"*|*"RACECHECK SUMMARY: 0 hazards displayed (0 errors"*)
            echo "PASS compute-sanitizer --tool $tool $cmd: 0 errors" ;;
        *) printf '%s\n' "$out" | tail -n 8 | sed 's/^/# /'; echo "FAIL compute-sanitizer --tool $tool $cmd" ;;
        esac
    done
done
