#!/bin/sh
# bench/device.sh - on the GPU machine: build the benchmarks, keep the SASS
# instruction counts of the kernels that matter, run both benchmarks (what
# make bench runs), with NVIDIA's OpenCL registered beside POCL.
#   sh bench/device.sh [--quick]        ($OUT, if set, receives the logs)
export PATH="$PATH:/usr/local/cuda/bin"
out=${OUT:-build}
mkdir -p "$out"
mkdir -p /tmp/icd
echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
[ -f /etc/OpenCL/vendors/pocl.icd ] && cp /etc/OpenCL/vendors/pocl.icd /tmp/icd/
export OCL_ICD_VENDORS=/tmp/icd
make -s build/bench_cuda build/bench_cl || exit 1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
for k in k_unrank k_fused_blocks k_mat_kperm; do
    cuobjdump -sass build/bench_cuda | awk -v k="$k" '
        /Function :/ { on = index($0, k) > 0; name = $3 }
        on && /^ +\/\*[0-9a-f]+\*\/ +[A-Z@]/ { n[name]++ }
        END { for (f in n) print n[f], "SASS instructions in", f }'
done | sort -k5 > "$out/sass_counts.txt"
cat "$out/sass_counts.txt"
build/bench_cuda "$@" | tee "$out/bench_cuda.txt"
build/bench_cl bench "$@" | tee "$out/bench_cl.txt"
make -s build/bench_tsp build/kperm-tsp || exit 1
build/bench_tsp data | tee "$out/bench_tsp.txt"
make -s build/bench_tsp_cpu && build/bench_tsp_cpu data | tee "$out/bench_tsp_cpu.txt"
sh bench/tsp_backends.sh | tee "$out/tsp_backends.txt"
