#!/bin/sh
# cmake_check.sh - make install into a scratch prefix, then a CMake project of
# its own (tests/cmake_consumer) that finds kperm with find_package(kperm 0.1
# CONFIG REQUIRED) alone: configure, build and run its C program, its OpenCL
# helper program where CMake finds OpenCL, and its CUDA program where nvcc is
# present (built; run on a GPU).
command -v cmake >/dev/null 2>&1 || { echo "SKIP CMake package: no cmake (make deps installs it)"; exit 0; }
prefix="$PWD/build/prefix"
work="$PWD/build/cmake_consumer"
rm -rf "$prefix" "$work"
${MAKE:-make} -s install PREFIX="$prefix" >/dev/null || { echo "FAIL make install"; exit 1; }
cuda=OFF
[ -n "$NVCC" ] && cuda=ON
if ! cmake -S tests/cmake_consumer -B "$work" -DCMAKE_PREFIX_PATH="$prefix" -DWITH_CUDA=$cuda \
        ${NVCC:+-DCMAKE_CUDA_COMPILER=$NVCC} >"$work.log" 2>&1 \
   || ! cmake --build "$work" >>"$work.log" 2>&1; then
    tail -n 20 "$work.log" | sed 's/^/# /'
    echo "FAIL CMake consumer: configure or build against the installed kperm"
    exit 1
fi
ok=1
"$work/consumer_c" >/dev/null || { echo "# consumer_c failed"; ok=0; }
if [ -x "$work/consumer_cl" ]; then "$work/consumer_cl" >/dev/null || { echo "# consumer_cl failed"; ok=0; }; fi
if [ -x "$work/consumer_cuda" ]; then "$work/consumer_cuda" >/dev/null || { echo "# consumer_cuda failed"; ok=0; }; fi
built=$(cd "$work" && ls consumer_c consumer_cl consumer_cuda 2>/dev/null | tr '\n' ' ')
[ $ok = 1 ] && echo "PASS CMake: find_package(kperm CONFIG) against the installed tree builds and runs: $built"
[ $ok = 1 ] || echo "FAIL CMake consumer programs"
