#!/bin/sh
# tests/device.sh - the whole test suite on the GPU machine (see README):
# NVIDIA's OpenCL driver is registered beside POCL, then tests/run.sh runs with
# the GPU visible. Usage on the device machine: sh tests/device.sh
mkdir -p /tmp/icd
echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
[ -f /etc/OpenCL/vendors/pocl.icd ] && cp /etc/OpenCL/vendors/pocl.icd /tmp/icd/
export OCL_ICD_VENDORS=/tmp/icd
export PATH="$PATH:/usr/local/cuda/bin"
# the Python with CuPy (often in its own virtual environment) for the CuPy tests
for p in /usr/bin/python3 $(command -v python3); do
    $p -c 'import cupy' 2>/dev/null && { export PYTHON=$p; break; }
done
nvidia-smi -L
make -s clean
make -s all >/dev/null 2>&1
KPERM_TSP_LARGE=1 NVCC=$(command -v nvcc) CUDA_SOURCES="$(ls tests/*.cu examples/*.cu samples/*/*/*.cu bench/*.cu 2>/dev/null)" \
    sh tests/run.sh

# the solver's own report on each backend, for the notes
for args in data/burma14.tsp "--random 13 --seed 1" "--random 14 --seed 1"; do
    for backend in cuda opencl cpu; do
        build/kperm-tsp --backend $backend $args | tr '\n' ' ' | sed 's/$/\n/'
    done
done
