#!/bin/sh
# user_build_check.sh - a user's build of kperm says nothing at all: the
# kernels of tests/user_build/ (every public family, n and k kernel
# arguments, so that no loop of the core has a constant trip count) built
# with every warning an error, by nvcc, by gcc, clang, g++ and clang++, and
# through clBuildProgram and PyOpenCL on every OpenCL device present, whose
# build logs must be empty. One PASS/FAIL/SKIP line per check; run from the
# repository root. NVCC, PYTHON and CC override the compilers.
B=build/user_build
D=tests/user_build
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
PYTHON=${PYTHON:-/usr/bin/python3}
mkdir -p $B
failed=0

# result NAME LOG STATUS: the line, and for a failure the log behind '# '
result() {
    if [ "$3" -eq 0 ]; then
        echo "PASS $1"
    else
        sed 's/^/# /' "$2" | head -n 20
        echo "FAIL $1"
        failed=1
    fi
}

# nvcc takes longest: it runs in the background while the rest goes on
if [ -x "$NVCC" ] || command -v "$NVCC" >/dev/null 2>&1; then
    "$NVCC" -arch=sm_90 -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -Iinclude -Icu \
        -c $D/user_cuda.cu -o $B/user_cuda.o >$B/nvcc.log 2>&1 &
    nvcc_pid=$!
fi

# the host program: gcc's -Wmaybe-uninitialized looks through the inlined
# core only when optimizing, and differently at each level (make test-quick,
# KPERM_QUICK set: -O2 alone)
levels=$([ -n "$KPERM_QUICK" ] && echo -O2 || echo -O0 -O1 -O2 -O3)
for cc in gcc clang g++ clang++; do
    case $cc in
    *++) lang="-x c++ -std=c++11" ;;
    *) lang="-std=c99" ;;
    esac
    if ! command -v $cc >/dev/null 2>&1; then
        echo "SKIP $cc: not installed (make deps)"
        continue
    fi
    rc=0
    for opt in $levels; do
        echo "$cc $lang $opt" >$B/$cc.log
        $cc $lang -Wall -Wextra -Wpedantic -Werror $opt -Iinclude $D/user_host.c -o $B/host_$cc >>$B/$cc.log 2>&1 ||
            { rc=1; break; }
    done
    result "$cc $lang -Wall -Wextra -Wpedantic -Werror $(echo $levels | sed 's/ .* /../'): run-time n, no warning" \
        $B/$cc.log $rc
done

# OpenCL: the build log of clBuildProgram, through the C helper library
if [ -f /usr/include/CL/cl.h ]; then
    if make -s build/libkperm_cl.a >$B/cl.log 2>&1 &&
        ${CC:-cc} -std=c99 -Wall -Wextra -Werror -O2 -Itests -Icl $D/cl_build_log.c build/libkperm_cl.a \
            -lOpenCL -o $B/cl_build_log >>$B/cl.log 2>&1; then
        # POCL's kernel cache would hand back a build, and no log, from before
        POCL_KERNEL_CACHE=0 $B/cl_build_log $D/user_body.h $D/user_kernel.cl || failed=1
    else
        result "OpenCL build log: building tests/user_build/cl_build_log.c" $B/cl.log 1
    fi
else
    echo "SKIP OpenCL build log: no OpenCL headers (make deps)"
fi

# PyOpenCL: the package as pip installs it from this tree, into a virtual
# environment that sees the system's PyOpenCL
if ! "$PYTHON" -c 'import pyopencl' >/dev/null 2>&1; then
    echo "SKIP PyOpenCL build: no PyOpenCL for $PYTHON (make deps installs python3-pyopencl)"
elif rm -rf $B/venv && "$PYTHON" -m venv --system-site-packages $B/venv >$B/pip.log 2>&1 &&
    $B/venv/bin/pip install -q --no-index ./python >>$B/pip.log 2>&1; then
    $B/venv/bin/python -W error $D/pyopencl_check.py $D/user_body.h $D/user_kernel.cl || failed=1
else
    result "PyOpenCL build: pip install ./python into $B/venv" $B/pip.log 1
fi

if [ -n "$nvcc_pid" ]; then
    wait $nvcc_pid
    result "nvcc -arch=sm_90 -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror: run-time n, no warning" \
        $B/nvcc.log $?
else
    echo "SKIP nvcc: no $NVCC"
fi
exit $failed
