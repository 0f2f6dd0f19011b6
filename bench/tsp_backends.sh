#!/bin/sh
# bench/tsp_backends.sh - the backends benchmark and the end-to-end targets,
# through kperm-tsp itself: the same instances on every backend (the search
# seconds kperm-tsp reports), then OpenCL's CPU device (POCL) against the C
# backend, then whole runs from process start to printed answer.
bin=${BIN:-build/kperm-tsp}
row() { # backend, args: one table row from kperm-tsp --json
    $bin --json --backend "$@" 2>/dev/null | awk -v b="$1" -F'[:,]' '{
        for (i = 1; i <= NF; i++) { gsub(/[ "{}]/, "", $i) }
        for (i = 1; i < NF; i++) {
            if ($i == "name") name = $(i+1); if ($i == "n") n = $(i+1); if ($i == "length") len = $(i+1)
            if ($i == "seconds") s = $(i+1); if ($i == "tours_per_second") r = $(i+1)
        }
        printf "| %s | %s | %s | %s | %.4f | %.4g |\n", name, n, b, len, s, r }'
}
gpu=0
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 && gpu=1
echo "| instance | n | backend | optimum | search seconds | tours/s |"
echo "|---|---|---|---|---|---|"
if [ $gpu = 1 ]; then
    for n in 13 14 15 16 17; do
        for b in cuda opencl; do row $b --random $n --seed 1; done
    done
    for b in cuda opencl; do row $b data/burma14.tsp; done
fi
# the CPU: the C backend on every core, and OpenCL with only POCL registered
for n in 12 13 14; do
    row cpu --random $n --seed 1
    if [ -n "$OCL_ICD_VENDORS" ] && [ -f "$OCL_ICD_VENDORS/pocl.icd" ]; then
        mkdir -p /tmp/icd-pocl && cp "$OCL_ICD_VENDORS/pocl.icd" /tmp/icd-pocl/
        (export OCL_ICD_VENDORS=/tmp/icd-pocl; row opencl --random $n --seed 1)
    else
        row opencl --random $n --seed 1
    fi
done
[ $gpu = 1 ] || { echo "SKIP the GPU rows and the end-to-end runs: no GPU"; exit 0; }
echo
echo "| end to end (process start to printed answer), --backend auto | seconds |"
echo "|---|---|"
for n in 16 17; do
    start=$(date +%s.%N)
    $bin --random $n --seed 1 >/tmp/tsp_e2e.txt 2>&1
    end=$(date +%s.%N)
    printf "| kperm-tsp --random %s --seed 1 (length %s, %s) | %s |\n" $n \
        "$(sed -n 's/optimal length: //p' /tmp/tsp_e2e.txt)" "$(sed -n 's/backend: //p' /tmp/tsp_e2e.txt)" \
        "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')"
done
