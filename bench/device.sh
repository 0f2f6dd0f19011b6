#!/bin/sh
# bench/device.sh - on the GPU machine: build the benchmarks, keep the SASS
# instruction mix of the kernels that matter, run make bench.
#   sh bench/device.sh [--quick]        ($OUT, if set, receives the logs)
export PATH="$PATH:/usr/local/cuda/bin"
out=${OUT:-build}
mkdir -p "$out"
make -s build/bench_cuda || exit 1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
for k in k_unrank_kperm k_unrank_seed k_fused_blocks k_mat_kperm; do
    cuobjdump -sass build/bench_cuda | awk -v k="$k" '
        /Function :/ { on = index($0, k) > 0; name = $3 }
        on && /^ +\/\*[0-9a-f]+\*\/ +[A-Z@]/ { n[name]++ }
        END { for (f in n) print n[f], "SASS instructions in", f }'
done | sort -k5 > "$out/sass_counts.txt"
cat "$out/sass_counts.txt"
build/bench_cuda "$@" | tee "$out/bench.txt"
