#!/bin/sh
# tests/device.sh - the whole test suite on the GPU machine (see README):
# NVIDIA's OpenCL driver is registered beside POCL, then tests/run.sh runs with
# the GPU visible. Usage on the device machine: sh tests/device.sh
mkdir -p /tmp/icd
echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
[ -f /etc/OpenCL/vendors/pocl.icd ] && cp /etc/OpenCL/vendors/pocl.icd /tmp/icd/
export OCL_ICD_VENDORS=/tmp/icd
export PATH="$PATH:/usr/local/cuda/bin"
nvidia-smi -L
make -s clean
make -s all >/dev/null 2>&1
NVCC=$(command -v nvcc) CUDA_SOURCES="$(ls tests/*.cu examples/*.cu samples/*/*.cu bench/*.cu 2>/dev/null)" \
    sh tests/run.sh
