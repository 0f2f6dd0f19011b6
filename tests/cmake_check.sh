#!/bin/sh
# cmake_check.sh - make install into a scratch prefix (once), then one CMake
# project per language under tests/cmake_consumer/ that finds it with
# find_package(kperm 0.2 CONFIG REQUIRED) alone, each compiled with warnings
# as errors and counting the derangements of 7 (derangements.h):
#   c/       C only; cxx/ C++ only
#   cuda/    CUDA only (no C, no C++): configured and built wherever nvcc is
#            ($NVCC; none given: SKIP), its GPU program run where nvidia-smi -L
#            lists a GPU, its kperm::opencl program (host only) run anywhere
#   opencl/  C with kperm::opencl, run on the first OpenCL device (POCL in CI)
#   version/ which find_package(kperm X.Y) requests the installed kperm meets
# Where CL/cl.h is installed, kperm::opencl must be defined (REQUIRE_OPENCL
# in the C++ and the CUDA project).
# One PASS, FAIL or SKIP line per project or run; exit status 1 on a FAIL.
command -v cmake >/dev/null 2>&1 || { echo "SKIP CMake package: no cmake (make deps installs it)"; exit 0; }
prefix="$PWD/build/prefix"
work="$PWD/build/cmake_consumer"
rm -rf "$prefix" "$work"
mkdir -p "$work"
${MAKE:-make} -s install PREFIX="$prefix" >"$work/install.log" 2>&1 ||
    { tail -n 15 "$work/install.log" | sed 's/^/# /'; echo "FAIL make install PREFIX=build/prefix"; exit 1; }
failed=0
fail() { echo "FAIL $*"; failed=1; }
opencl=OFF
[ -f /usr/include/CL/cl.h ] && opencl=ON

# build NAME [cmake options]: configures and builds tests/cmake_consumer/NAME
# in $work/NAME against the installed kperm; shows the log's tail if it fails
build() {
    name=$1
    shift
    if cmake -S "tests/cmake_consumer/$name" -B "$work/$name" -DCMAKE_PREFIX_PATH="$prefix" \
            -DREQUIRE_OPENCL=$opencl "$@" >"$work/$name.log" 2>&1 &&
       cmake --build "$work/$name" >>"$work/$name.log" 2>&1; then
        return 0
    fi
    tail -n 15 "$work/$name.log" | sed 's/^/# /'
    return 1
}

# run PROGRAM: runs $work/PROGRAM, its output behind '# '; its exit status
run() {
    "$work/$1" >"$work/$1.out" 2>&1
    rc=$?
    sed 's/^/# /' "$work/$1.out"
    return $rc
}

for lang in c cxx; do
    what="CMake $([ $lang = c ] && echo C || echo C++)-only project: kperm::kperm, -Wall -Wextra -Werror -pedantic"
    if ! build $lang; then fail "$what: configure or build"
    elif run $lang/consumer_$lang; then echo "PASS $what, 1854 derangements of 7"
    else fail "$what: the program's count"; fi
done

what="CMake CUDA-only project (no C, no C++): kperm::kperm, -Werror all-warnings"
if [ -z "$NVCC" ]; then
    echo "SKIP $what: NVCC not set"
elif ! build cuda -DCMAKE_CUDA_COMPILER="$NVCC"; then
    fail "$what: configure or build with $NVCC"
else
    echo "PASS $what: configured and built with $NVCC"
    if [ -x "$work/cuda/consumer_cuda_cl" ]; then
        if run cuda/consumer_cuda_cl; then echo "PASS CMake CUDA-only project: kperm::opencl links and runs"
        else fail "CMake CUDA-only project: the kperm::opencl program"; fi
    fi
    if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
        echo "SKIP CMake CUDA-only project's GPU program: no GPU (nvidia-smi -L)"
    elif run cuda/consumer_cuda; then echo "PASS CMake CUDA-only project's GPU program: 1854 derangements of 7"
    else fail "CMake CUDA-only project's GPU program"; fi
fi

what="CMake C project with kperm::opencl (OpenCL's library and kperm_cl)"
if [ $opencl = OFF ]; then
    echo "SKIP $what: no /usr/include/CL/cl.h"
elif ! build opencl; then
    fail "$what: configure or build"
else
    run opencl/consumer_opencl
    case $? in
    0) echo "PASS $what: a kernel with #include \"kperm.cl\" counted 1854 derangements of 7" ;;
    77) echo "SKIP $what: built, but no OpenCL device to run on" ;;
    *) fail "$what: the program" ;;
    esac
fi

what="CMake find_package(kperm VERSION): 0.x wants the same minor, 1.x the same major"
if cmake -S tests/cmake_consumer/version -B "$work/version" -DCMAKE_PREFIX_PATH="$prefix" >"$work/version.log" 2>&1; then
    sed -n 's/^-- checked: /# /p' "$work/version.log"
    echo "PASS $what"
else
    grep -A2 '^CMake Error' "$work/version.log" | sed 's/^/# /'
    fail "$what"
fi
exit $failed
