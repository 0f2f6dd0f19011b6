#!/bin/sh
# bench/prune.sh - kperm-tsp --prune (its goals in bench/RESULTS.md) on every
# instance of bench/data/optima.txt and on random EUC_2D n = 30 (seeds 1-5):
# per backend, the median of REPS whole runs (process start to printed
# answer, as a user waits), whether the length is the published optimum, the
# root's lower bound and its gap, the tours evaluated; then, per instance,
# the first backend's speed-up over the last (the GPU over the host's cores).
# A run past LIMIT seconds is stopped and reported with what its last
# progress line said: the share closed, the best length, the bound, the gap.
# SKIP, an extended regular expression, leaves out the instances it matches.
#   sh bench/prune.sh [backend ...]       (default: cuda cpu)
bin=${BIN:-build/kperm-tsp}
reps=${REPS:-3}
limit=${LIMIT:-120}
backends=${*:-cuda cpu}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
field() { sed -n "s/.*\"$1\": \([^,]*\),.*/\1/p" "$2" | tr -d '"'; }
tmp=${TMPDIR:-/tmp}/prune.$$
mkdir -p "$tmp"
instances() {
    { grep -v '^#' bench/data/optima.txt; for s in 1 2 3 4 5; do echo "--random 30 --seed $s" -; done; } |
        grep -Ev "${SKIP:-^$}"
}
echo "| instance | n | backend | length | optimum | whole run s (median of $reps) | lower bound | root gap | tours evaluated |"
echo "|---|---|---|---|---|---|---|---|---|"
instances | while read -r a1 a2 a3 a4 a5; do
    if [ "$a1" = "--random" ]; then args="$a1 $a2 $a3 $a4"; opt=$a5; else args=$a1; opt=$a2; fi
    first=""
    for b in $backends; do
        : >"$tmp/w"; ok=1; i=0
        while [ $i -lt "$reps" ]; do
            start=$(date +%s.%N)
            timeout "$limit" "$bin" --json --prune --backend "$b" $args >"$tmp/json" 2>"$tmp/err" || { ok=0; break; }
            end=$(date +%s.%N)
            awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f\n", b - a }' >>"$tmp/w"
            i=$((i + 1))
        done
        if [ $ok = 0 ]; then
            echo "| $args | | $b | not solved within $limit s: $(grep 'closed' "$tmp/err" | tail -n 1 | cut -d: -f2- | tr '|' ' ') | $opt | | | | |"
            continue
        fi
        len=$(field length "$tmp/json"); bound=$(field bound "$tmp/json"); w=$(median <"$tmp/w")
        [ "$opt" = "-" ] || [ "$len" = "$opt" ] || len="$len (WRONG)"
        printf "| %s | %s | %s | %s | %s | %.3f | %s | %s | %s |\n" "$(field name "$tmp/json")" "$(field n "$tmp/json")" \
            "$(field device "$tmp/json" | cut -c1-36)" "$len" "$opt" "$w" "$bound" \
            "$(awk -v l="$(field length "$tmp/json")" -v b="$bound" 'BEGIN { printf "%.2f%%", 100 * (l - b) / l }')" \
            "$(field visited "$tmp/json")"
        [ -n "$first" ] || first=$w
        last=$w
    done
    [ -n "$first" ] && [ "$first" != "$last" ] && echo "|  |  | speed-up of $(echo $backends | cut -d' ' -f1) over $(echo $backends | awk '{ print $NF }') | | | $(awk -v f="$first" -v l="$last" 'BEGIN { printf "%.2fx", l / f }') | | | |"
done
rm -rf "$tmp"
