#!/bin/sh
# tsp_gpus.sh - kperm-tsp --prune on several GPUs of one process: each GPU
# searches its part of every chunk in a host thread of its own
# (samples/tsp/backends/tsp_cuda.cu). On every instance of
# bench/data/optima.txt (searched although the start settles some,
# KPERM_TSP_SEARCH_ALL=1), random EUC_2D n = 30 (seeds 1-3) and the
# generated lattice grid5x11 and uniform unif64_s12, --backend cuda on 2 and
# 3 GPUs gives --backend cpu's length, tour and rank. The fault tests'
# build opens them on the GPUs there are (KPERM_TSP_CUDA_SLOTS, modulo the
# GPUs seen), so that this runs on one GPU too; on a host with several,
# --gpus all is checked as well. SKIP where there is no CUDA device.
B=${B:-build}
faults=$B/kperm-tsp-faults
plain=$B/kperm-tsp
name="kperm-tsp --prune --backend cuda on 2 and 3 GPUs of one process gives --backend cpu's length, tour and rank"
if ! $plain --list-devices 2>/dev/null | grep -q '^cuda [0-9]'; then
    echo "SKIP $name: no CUDA device"
    exit 0
fi
dir=${TMPDIR:-/tmp}/tsp_gpus.$$
mkdir -p "$dir"
answer() { sed -n 's/.*\("length": [0-9]*, "tour": \[[0-9, ]*\], "rank": "\{0,1\}[0-9]*"\{0,1\}\).*/\1/p'; }
bad=0
count=0
several=$([ "$($plain --list-devices | grep -c '^cuda [0-9]')" -ge 2 ] && echo 1)
if ! python3 bench/tsp_instances.py "$dir" grid5x11 unif64_s12 >/dev/null; then
    echo "FAIL $name: bench/tsp_instances.py failed"
    rm -rf "$dir"
    exit 0
fi
{
    grep -v '^#' bench/data/optima.txt | cut -d' ' -f1
    for s in 1 2 3; do echo "--random 30 --seed $s"; done
    echo "$dir/grid5x11.tsp"
    echo "$dir/unif64_s12.tsp"
} >"$dir/list"
while read -r args; do
    want=$(KPERM_TSP_SEARCH_ALL=1 timeout 300 $faults --backend cpu --prune --quiet --json $args </dev/null | answer)
    [ -n "$want" ] || { echo "# $args: no answer from --backend cpu"; bad=1; continue; }
    for slots in 2 3 ${several:+all}; do
        if [ "$slots" = all ]; then
            out=$(KPERM_TSP_SEARCH_ALL=1 timeout 300 $faults --backend cuda --gpus all --prune --quiet --json $args \
                  </dev/null 2>"$dir/err")
            opened='"device": "[0-9]* x '
        else
            out=$(KPERM_TSP_SEARCH_ALL=1 KPERM_TSP_CUDA_SLOTS=$slots timeout 300 $faults --backend cuda --prune --quiet \
                  --json $args </dev/null 2>"$dir/err")
            opened="\"device\": \"$slots x "
        fi
        got=$(echo "$out" | answer)
        count=$((count + 1))
        [ "$got" = "$want" ] || { echo "# $args, $slots GPUs: '$got', want '$want' ($(head -c 200 "$dir/err"))"; bad=1; }
        echo "$out" | grep -q "$opened" || { echo "# $args, $slots GPUs: not opened as such: $(echo "$out" | head -c 300)"; bad=1; }
    done
done <"$dir/list"
[ $bad = 0 ] && echo "PASS $name ($count runs)" || echo "FAIL $name"

name="kperm-tsp --gpus past 16 (the most a process uses) is refused, naming it"
err=$($plain --backend cuda --gpus 17 --prune data/burma14.tsp 2>&1 >/dev/null)
rc=$?
[ $rc -eq 4 ] && [ "$err" = "kperm-tsp: cuda: --gpus 17: a process uses at most 16" ] && echo "PASS $name" \
    || echo "FAIL $name: exit $rc, '$err'"
rm -rf "$dir"
