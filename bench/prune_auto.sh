#!/bin/sh
# bench/prune_auto.sh - kperm-tsp --prune --backend auto against the same
# build's --backend cpu and --backend cuda, whole-process seconds (process
# start to printed answer, the median of REPS runs each), on every instance
# of bench/data/optima.txt, random EUC_2D n = 30 (seeds 1-5) and the
# generated instances of bench/tsp_instances.py; then auto over the faster
# of the two and over cuda, the three lengths, and the units each side of
# auto's hand-over searched. LIST (instances separated by ';') replaces the
# set. On a CUDA machine:   sh bench/prune_auto.sh
bin=${BIN:-build/kperm-tsp}
reps=${REPS:-3}
gen=${TMPDIR:-/tmp}/prune_auto_instances
tmp=${TMPDIR:-/tmp}/prune_auto.$$
mkdir -p "$tmp"
python3 bench/tsp_instances.py "$gen" >/dev/null || exit 1
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
run() {
    lens=""
    for b in cpu cuda auto; do
        : >"$tmp/w"
        i=0
        while [ $i -lt "$reps" ]; do
            s=$(date +%s.%N)
            timeout 200 "$bin" --prune --json --quiet --backend $b "$@" >"$tmp/j" 2>/dev/null
            e=$(date +%s.%N)
            awk -v a="$s" -v b="$e" 'BEGIN { printf "%.4f\n", b - a }' >>"$tmp/w"
            i=$((i + 1))
        done
        eval "t_$b=$(median <"$tmp/w")"
        lens="$lens $(sed -n 's/.*"length": \([0-9]*\),.*/\1/p' "$tmp/j")"
        [ $b = auto ] && units=$(sed -n 's/.*"units": {\([^}]*\)}.*/\1/p' "$tmp/j")
    done
    awk -v c="$t_cpu" -v g="$t_cuda" -v a="$t_auto" -v l="$lens" -v u="$units" -v n="$*" 'BEGIN {
        f = c < g ? c : g
        printf "| %s | %.3f | %.3f | %.3f | %.2f | %.2f |%s | %s |\n", n, c, g, a, a / f, a / g, l, u }'
}
echo "| instance | cpu s | cuda s | auto s | auto / faster | auto / cuda | length (cpu, cuda, auto) | auto's units |"
echo "|---|---|---|---|---|---|---|---|"
if [ -n "$LIST" ]; then
    echo "$LIST" | tr ';' '\n'
else
    grep -v '^#' bench/data/optima.txt | cut -d' ' -f1
    for s in 1 2 3 4 5; do echo "--random 30 --seed $s"; done
    ls "$gen"/*.tsp
fi | while read -r args; do [ -n "$args" ] && run $args; done
rm -rf "$tmp"
