#!/bin/sh
# bench/prune_mpi.sh - kperm-tsp --prune on one GPU against two GPUs of one
# host: one process with both (--gpus 2), and kperm-tsp-mpi on two ranks,
# each with its own GPU (a rank takes the GPU of its local rank), --backend
# cuda and auto. Whole-process seconds (process start to printed answer,
# mpirun's start included; the median of REPS runs each; FAILED where a run
# failed), then each over one GPU, and the four lengths. LIST (instances
# separated by ';') replaces the set: grid9x7, the generated file that takes
# one CUDA process more than 2 s on an H200, two generated files that take
# 1-2 s, and p43 (about 1 s). On a machine with 2 GPUs and
# Open MPI:   sh bench/prune_mpi.sh
bin=${BIN:-build/kperm-tsp}
mpibin=${MPIBIN:-build/kperm-tsp-mpi}
reps=${REPS:-3}
gen=${TMPDIR:-/tmp}/prune_mpi_instances
tmp=${TMPDIR:-/tmp}/prune_mpi.$$
mpirun="mpirun --oversubscribe"
[ "$(id -u)" = 0 ] && mpirun="$mpirun --allow-run-as-root"
mkdir -p "$tmp"
python3 bench/tsp_instances.py "$gen" grid9x7 grid7x9 unif64_s23 >/dev/null || exit 1
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# time_of NAME COMMAND...: the median whole-process seconds into t_NAME, the length into l_NAME
time_of() {
    name=$1
    failed=""
    shift
    : >"$tmp/w"
    i=0
    while [ $i -lt "$reps" ]; do
        s=$(date +%s.%N)
        timeout 300 "$@" --prune --json --quiet <"/dev/null" >"$tmp/j" 2>/dev/null || failed=1 # mpirun reads stdin: the list
        e=$(date +%s.%N)
        awk -v a="$s" -v b="$e" 'BEGIN { printf "%.4f\n", b - a }' >>"$tmp/w"
        i=$((i + 1))
    done
    eval "t_$name=$(median <"$tmp/w")"
    [ -z "$failed" ] || eval "t_$name=FAILED"
    eval "l_$name=$(sed -n 's/.*"length": \([0-9]*\),.*/\1/p' "$tmp/j")"
}
echo "| instance | 1 GPU s | 1 process, 2 GPUs s | mpirun -np 2 cuda s | mpirun -np 2 auto s | 2 GPUs / 1 GPU: 1 process, -np 2 cuda, -np 2 auto | lengths |"
echo "|---|---|---|---|---|---|---|"
if [ -n "$LIST" ]; then
    echo "$LIST" | tr ';' '\n'
else
    printf '%s\n' "$gen/grid9x7.tsp" "$gen/grid7x9.tsp" "$gen/unif64_s23.tsp" bench/data/p43.atsp
fi | while read -r file; do
    [ -n "$file" ] || continue
    time_of one "$bin" --backend cuda --gpus 1 "$file"
    time_of two "$bin" --backend cuda --gpus 2 "$file"
    time_of mpi2 $mpirun -np 2 "$mpibin" --backend cuda "$file"
    time_of auto2 $mpirun -np 2 "$mpibin" --backend auto "$file"
    awk -v f="$(basename "$file")" -v g="$t_one" -v g2="$t_two" -v m2="$t_mpi2" -v a2="$t_auto2" \
        -v l="$l_one $l_two $l_mpi2 $l_auto2" '
        function num(x) { return x ~ /^[0-9.]+$/ && x > 0 }
        function t(x) { return num(x) ? sprintf("%.3f", x) : x }
        function r(a, b) { return num(a) && num(b) ? sprintf("%.2f", a / b) : "-" }
        BEGIN { printf "| %s | %s | %s | %s | %s | %s, %s, %s | %s |\n", f, t(g), t(g2), t(m2), t(a2), r(g2, g), r(m2, g), r(a2, g), l }'
done
rm -rf "$tmp"
