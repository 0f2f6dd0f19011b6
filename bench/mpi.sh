#!/bin/sh
# bench/mpi.sh - kperm-tsp-mpi on the GPUs of one host:
#  1. random n = 17 (N) on one GPU (kperm-tsp --gpus 1) against
#     mpirun -np 2 kperm-tsp-mpi (one GPU per rank), medians of 3, search
#     seconds and wall seconds (process start to printed answer), same answer;
#  2. the overhead of one chunk: random n = 16 (N2) with the default chunks against
#     --chunk ORDERS that cuts it into about 4000 chunks, in one process and
#     under MPI: (t_small - t_default) / (chunks_small - chunks_default).
# The numbers feed the prediction table in README.md (model in RESULTS.md).
bin=build/kperm-tsp
mpibin=build/kperm-tsp-mpi
MPIRUN="mpirun --allow-run-as-root --oversubscribe"
n=${N:-17}
out=${OUT:-build}
mkdir -p "$out"

num() { grep -o "\"$1\": [0-9.e+]*" | head -n 1 | sed 's/.*: //'; }
answer() { grep -o '"length": [0-9]*, "tour": \[[0-9, ]*\], "rank": [0-9]*'; }
median3() { printf '%s\n' "$@" | sort -g | sed -n 2p; }

# run LABEL CMD...: 3 runs; prints "LABEL search_median wall_median answer"
run3() {
    label=$1
    shift
    s="" w="" a=""
    for i in 1 2 3; do
        t0=$(date +%s.%N)
        "$@" > $out/mpi_run.json 2>$out/mpi_run.err || { echo "FAILED $label: $(head -c 600 $out/mpi_run.err)"; return 1; }
        t1=$(date +%s.%N)
        s="$s $(num seconds < $out/mpi_run.json)"
        w="$w $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')"
        a=$(answer < $out/mpi_run.json)
    done
    echo "$label $(median3 $s) $(median3 $w) $a"
}

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mpirun --version | head -n 1
$bin --gpus 1 --random 12 >/dev/null # warm-up
one=$(run3 one-gpu $bin --gpus 1 --json --random $n --seed 1) || { echo "$one"; exit 1; }
two=$(run3 mpi-np2 $MPIRUN -np 2 $mpibin --json --random $n --seed 1) || { echo "$two"; exit 1; }
both=$(run3 one-process-2-gpus $bin --gpus all --json --random $n --seed 1) || { echo "$both"; exit 1; }
echo "$one"
echo "$two"
echo "$both"
echo "$one" | cut -d' ' -f4- > $out/a1
echo "$two" | cut -d' ' -f4- > $out/a2
same=$(cmp -s $out/a1 $out/a2 && echo "same answer" || echo "DIFFERENT ANSWERS")
echo
echo "| random n = $n, seed 1 | search seconds (median of 3) | wall seconds (median of 3) | vs one GPU (search / wall) |"
echo "|---|---|---|---|"
for r in "$one" "$two" "$both"; do
    set -- $r
    echo "$1 $2 $3" | awk -v s1="$(echo "$one" | cut -d' ' -f2)" -v w1="$(echo "$one" | cut -d' ' -f3)" \
        '{ printf "| %s | %.3f | %.3f | %.3f / %.3f |\n", $1, $2, $3, $2 / s1, $3 / w1 }'
done
echo "($same: $(cat $out/a1))"

# ---- overhead per chunk, n = 16 (N2)
n2=${N2:-16}
echo
total=$(awk -v n=$n2 'BEGIN { f = 1; for (i = 2; i < n; i++) f *= i; printf "%.0f", f }') # (n2-1)!
small=$((total / 4000 / 120 * 120))
echo "| n = $n2 | default chunks: search s | --chunk $small (about 4000 chunks): search s | overhead per chunk |"
echo "|---|---|---|---|"
for mode in one-process mpi-np2; do
    if [ $mode = one-process ]; then cmd="$bin --gpus 1"; ranks=1; else cmd="$MPIRUN -np 2 $mpibin"; ranks=2; fi
    d=$(run3 default $cmd --json --random $n2 --seed 1) || { echo "$d"; continue; }
    c=$(run3 small $cmd --json --random $n2 --seed 1 --chunk $small) || { echo "$c"; continue; }
    td=$(echo "$d" | cut -d' ' -f2)
    tc=$(echo "$c" | cut -d' ' -f2)
    # default chunks take about 0.25 s each: td / 0.25 * ranks of them
    awk -v m="$mode" -v td="$td" -v tc="$tc" -v r="$ranks" -v t="$total" -v s="$small" 'BEGIN {
        cs = t / s; cd = td / 0.25 * r; if (cd < r) cd = r
        printf "| %s | %.4f | %.4f | %.1f us per chunk per rank |\n", m, td, tc, (tc - td) * r / (cs - cd) * 1e6 }'
done
