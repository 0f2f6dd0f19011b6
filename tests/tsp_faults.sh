#!/bin/sh
# tsp_faults.sh - the failures a user meets on a real machine, each one line on
# stderr, nothing on stdout, the documented exit status; never a crash or a
# wrong answer. build/kperm-tsp-faults fails on request (TSP_FAULTS build):
# KPERM_TSP_FAULT_CL_BUILD breaks the OpenCL kernel's source,
# KPERM_TSP_FAULT_CUDA_MALLOC fails the first CUDA allocation. Then the
# checkpoint on SIGHUP and on a disk that fills mid-run
# (tests/checkpoint_faults.sh), and a stall early in gr17's exact run of an
# hour or two, which must not be refused as hopeless (tests/estimate_stall.sh).
bin=build/kperm-tsp
faults=build/kperm-tsp-faults
args="--random 12 --seed 4" # 11! orders: past the CPU trial, so auto tries OpenCL
want=$($bin --json --backend cpu $args | sed 's/.*"length": \([0-9]*\).*"rank": \([0-9]*\).*/\1 \2/')
err=/tmp/kperm-tsp-faults.$$

# expect NAME STATUS STDERR_PATTERN LINES COMMAND...: exit STATUS, stderr of
# LINES lines matching the pattern (besides the OpenCL backend's line that it
# is building its kernel); with status 0, stdout the normal answer
expect() {
    name=$1 status=$2 pattern=$3 lines=$4
    shift 4
    out=$("$@" 2>$err)
    rc=$?
    text=$(grep -v '^opencl: building the search kernel' $err)
    n=$(printf '%s' "$text" | grep -c '')
    got=$(printf '%s' "$out" | sed 's/.*"length": \([0-9]*\).*"rank": \([0-9]*\).*/\1 \2/')
    case $text in
    *$pattern*) match=1 ;;
    *) match=0 ;;
    esac
    if [ $rc -eq $status ] && [ $match = 1 ] && [ "$n" -eq "$lines" ] \
       && { { [ $status -ne 0 ] && [ -z "$out" ]; } || { [ $status -eq 0 ] && [ "$got" = "$want" ]; }; }; then
        echo "PASS kperm-tsp fault: $name (exit $rc, $n line(s) on stderr)"
    else
        echo "FAIL kperm-tsp fault: $name: exit $rc, stdout '$out', stderr '$text'"
    fi
}

gpu=0
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 && gpu=1
if [ $gpu = 0 ]; then
    expect "--backend cuda without a GPU or driver" 4 "cuda" 1 $bin --json --backend cuda $args
fi
mkdir -p /tmp/kperm-no-icd.$$ # an ICD directory with no vendor in it
expect "--backend opencl with no OpenCL platform" 4 "no OpenCL platform" 1 \
    env OCL_ICD_VENDORS=/tmp/kperm-no-icd.$$ OCL_ICD_FILENAMES= $bin --json --backend opencl $args
rmdir /tmp/kperm-no-icd.$$
if $bin --list-devices | grep -q '^opencl [0-9]'; then
    expect "an OpenCL kernel that does not build: its log's error line" 4 "injected build failure" 1 \
        env KPERM_TSP_FAULT_CL_BUILD=1 $faults --json --backend opencl --device 0:0 $args
    if [ $gpu = 0 ]; then # with a GPU, auto takes CUDA and never builds for OpenCL
        expect "--backend auto when OpenCL fails to build: one warning, then the C backend" 0 \
            "warning: opencl: building the kernel failed" 1 \
            env KPERM_TSP_FAULT_CL_BUILD=1 KPERM_TSP_SIMD=scalar $faults --json $args
    fi
else
    echo "SKIP kperm-tsp fault: OpenCL build failure: no OpenCL device"
fi
if [ $gpu = 1 ]; then
    expect "cudaMalloc failing" 4 "out of memory" 1 \
        env KPERM_TSP_FAULT_CUDA_MALLOC=1 $faults --json --backend cuda $args
    expect "--backend auto when CUDA setup fails: one warning, then the next backend" 0 \
        "warning: cuda: setting up" 1 env KPERM_TSP_FAULT_CUDA_MALLOC=1 $faults --json $args
else
    echo "SKIP kperm-tsp fault: cudaMalloc failing: no GPU"
fi
rm -f $err
sh tests/checkpoint_faults.sh kperm-tsp "$PWD/$bin" --quiet --backend cpu --threads 1 --random 14 \
    --checkpoint-every 0.01 --checkpoint d/c.ckpt
sh tests/estimate_stall.sh "kperm-tsp estimate" $bin --backend cpu --quiet bench/data/gr17.tsp
