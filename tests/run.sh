#!/bin/sh
# tests/run.sh - every step of `make test`, or with the argument "quick" (make
# test-quick) the library's steps alone: the core on every compiler and under
# the sanitizers, the contract, users' builds, OpenCL, the Python package and
# the documentation, but not the TSP sample, fuzzing or make install. Each step
# says what it runs ("-- NAME ...") and then prints PASS/FAIL/SKIP lines (a
# step that prints none is judged by its exit status); the last line is the
# tally. Called by the Makefile with NVCC, CUDA_SOURCES and MAKE set.
B=build
MAKE=${MAKE:-make}
quick=$([ "$1" = quick ] && echo 1)
# tests/test_stats.py draws fewer random cases in quick mode
[ -z "$quick" ] || export KPERM_QUICK=1
passed=0 failed=0 skipped=0

record() {
    echo "$1"
    case $1 in
    PASS*) passed=$((passed + 1)) ;;
    FAIL*) failed=$((failed + 1)) ;;
    SKIP*) skipped=$((skipped + 1)) ;;
    esac
}

# step NAME COMMAND...
step() {
    name=$1
    shift
    echo "-- $name ..." # before the step, which may run for minutes (the fuzzing, the solver)
    out=$("$@" 2>&1)
    rc=$?
    results=$(printf '%s\n' "$out" | grep -E '^(PASS|FAIL|SKIP) ')
    if [ -z "$results" ]; then
        if [ $rc -eq 0 ]; then results="PASS $name"; else results="FAIL $name (exit status $rc)"; fi
    elif [ $rc -ne 0 ] && ! printf '%s\n' "$results" | grep -q '^FAIL'; then
        results="$results
FAIL $name (exit status $rc)"
    fi
    if printf '%s\n' "$results" | grep -q '^FAIL'; then
        printf '%s\n' "$out" | grep -vE '^(PASS|FAIL|SKIP) ' | tail -n 25 | sed 's/^/# /'
    fi
    while IFS= read -r line; do
        record "$line"
    done <<END
$results
END
}

# build TARGET, then run it with ARGS
build_run() {
    target=$1
    shift
    $MAKE -s "$target" && "$target" "$@"
}

have_gpu() {
    command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1
}

# the library's test programs built first on every core (failures ignored
# here: each step builds its own again and reports what failed)
cores=$(nproc 2>/dev/null || echo 2)
core_tests="test_lex test_families test_walk test_skip test_family_cursors test_comb test_sjt test_gray test_wide test_contract \
    test_contract_orders"
prebuild="$B/test_lex_gcc $B/cxx_check.o"
for t in $core_tests; do
    [ $t = test_lex ] || prebuild="$prebuild $B/$t"
    command -v clang >/dev/null 2>&1 && prebuild="$prebuild $B/${t}_san"
done
command -v clang >/dev/null 2>&1 && prebuild="$prebuild $B/test_lex_clang"
[ -f /usr/include/CL/cl.h ] && prebuild="$prebuild $B/test_cl $B/derangements_cl $B/python_fixtures"
$MAKE -s -k -j"$cores" $prebuild >/dev/null 2>&1
# make test-quick: nvcc, the slowest compiler, builds test_cuda on one core
# beside the steps below, which mostly keep to the other
if [ -n "$quick" ] && [ -n "$NVCC" ]; then
    $MAKE -s $B/test_cuda >/dev/null 2>&1 &
    cuda_build=$!
fi
# the Python package's checks, the longest step and mostly one core's wait on
# Python and POCL: in make test-quick they run beside the steps below from
# here (their files are build/venv*, build/v*, build/python_data), and their
# lines are reported in the step's place
python_checks="$MAKE -s $B/python_fixtures && sh tests/python_check.sh"
if [ -n "$quick" ] && [ -f /usr/include/CL/cl.h ]; then
    rm -f $B/python_check.rc
    (sh -c "$python_checks" >$B/python_check.out 2>&1; echo $? >$B/python_check.rc) &
    python_run=$!
fi

step "host C tests, gcc -std=c99 -Wall -Wextra -Werror -pedantic" build_run $B/test_lex_gcc "[gcc] "
if command -v clang >/dev/null 2>&1; then
    step "host C tests, clang -std=c99 -Wall -Wextra -Werror -pedantic" build_run $B/test_lex_clang "[clang] "
    step "host C tests, clang -fsanitize=address,undefined" build_run $B/test_lex_san "[asan+ubsan] "
else
    record "SKIP host C tests under clang and the sanitizers: clang not found (make deps installs it)"
fi
step "multisets, k-permutations, 128-bit ranks" build_run $B/test_families
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] families" build_run $B/test_families_san "[asan+ubsan] "
fi
step "block walk, packed cursor, kperm_packed_next" build_run $B/test_walk
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] block walk, packed cursor" build_run $B/test_walk_san "[asan+ubsan] "
fi
step "prefix skip: bytes, packed, multisets, ranks, the cursor" build_run $B/test_skip
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] prefix skip" build_run $B/test_skip_san "[asan+ubsan] "
fi
step "multiset packed cursor, k-permutation cursor" build_run $B/test_family_cursors
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] family cursors" build_run $B/test_family_cursors_san "[asan+ubsan] "
fi
step "combinations: itertools order, the 128-bit calls, skips, the cursor" build_run $B/test_comb
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] combinations" build_run $B/test_comb_san "[asan+ubsan] "
fi
step "plain changes: Algorithm P, the recursive definition, the cursor" build_run $B/test_sjt
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] plain changes" build_run $B/test_sjt_san "[asan+ubsan] "
fi
step "minimal-change orders: the Gray code and the revolving door against their recursive definitions, Algorithm R, the cursors, skips" \
    build_run $B/test_gray
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] minimal-change orders" build_run $B/test_gray_san "[asan+ubsan] "
fi
step "n past 20: next and prev for any n, the 128-bit split and cursor" build_run $B/test_wide
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] n past 20" build_run $B/test_wide_san "[asan+ubsan] "
fi
step "every API function on inputs outside its contract" build_run $B/test_contract
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] every API function on inputs outside its contract" build_run $B/test_contract_san "[asan+ubsan] "
fi
step "minimal-change orders: every call on inputs outside its contract" build_run $B/test_contract_orders
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] minimal-change orders: every call on inputs outside its contract" \
        build_run $B/test_contract_orders_san "[asan+ubsan] "
fi
step "every public function is called by a contract test" sh tests/contract_coverage.sh
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] the cross-backend vectors' host records" \
        sh -c "$MAKE -s $B/python_fixtures_san && mkdir -p $B/fixtures_san && $B/python_fixtures_san $B/fixtures_san"
fi
step "the core compiles as C++ (g++ -Wall -Wextra -Werror -pedantic)" $MAKE -s $B/cxx_check.o
step "users' builds: run-time n kernels with every warning an error (nvcc, gcc, clang, C++, OpenCL build logs, PyOpenCL)" \
    sh tests/user_build_check.sh

if [ -f /usr/include/CL/cl.h ]; then
    step "opencl vectors" build_run $B/test_cl "$PWD/tests"
    step "README OpenCL example runs and counts 1334961 derangements" build_run $B/derangements_cl
    if [ -n "$python_run" ]; then
        wait $python_run
        step "python package (pip install ./python), PyOpenCL" \
            sh -c 'cat "$1"; exit "$(cat "$2" 2>/dev/null || echo 1)"' - $B/python_check.out $B/python_check.rc
    else
        step "python package (pip install ./python), PyOpenCL" sh -c "$python_checks"
    fi
else
    record "SKIP opencl tests: no OpenCL headers (make deps installs them)"
fi
step "documentation: every public function has an entry, every code block compiles and runs" sh tests/docs_check.sh

# the end of the library's steps: what follows is the TSP sample, fuzzing,
# make install and every CUDA file
tally() {
    echo "$passed passed, $failed failed, $skipped skipped"
    [ "$failed" -eq 0 ]
}
if [ -n "$quick" ]; then
    if [ -n "$NVCC" ]; then
        wait $cuda_build # then make finds it built, or fails again and says why
        step "nvcc -arch=sm_90 -Werror all-warnings compiles tests/test_cuda.cu" $MAKE -s $B/test_cuda
        if have_gpu; then step "cuda tests" $B/test_cuda; fi
    fi
    tally
    exit
fi

step "tsplib reader, gcc -Werror" build_run $B/test_tsplib
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] tsplib reader" build_run $B/test_tsplib_san "[asan+ubsan] "
    step "fuzzing the tsplib and checkpoint readers, ${FUZZ_SECONDS}s each (libFuzzer, ASan, UBSan): no crash, leak or report" \
        $MAKE -s fuzz FUZZ_SECONDS="$FUZZ_SECONDS"
fi
step "kperm-tsp error messages" sh -c "$MAKE -s $B/kperm-tsp && sh tests/tsp_cli.sh"
step "kperm-tsp --prune on TSPLIB files: the published optima" sh -c "$MAKE -s $B/kperm-tsp $B/kperm-tsp-faults && sh tests/tsp_optima.sh"
step "kperm-tsp --prune --backend auto: the hand-over to a GPU forced early, late and never, killed and resumed, MPI" \
    sh -c "$MAKE -s $B/kperm-tsp $B/kperm-tsp-faults $(command -v mpicc >/dev/null 2>&1 && echo $B/kperm-tsp-mpi) && sh tests/tsp_handover.sh"
step "kperm-tsp --prune on several GPUs of one process (CUDA)" \
    sh -c "$MAKE -s $B/kperm-tsp $B/kperm-tsp-faults && sh tests/tsp_gpus.sh"
step "kperm-tsp abuse: checkpoints, FIFOs, full disks, overflows, stalled ranks" \
    sh -c "$MAKE -s $B/kperm-tsp $(command -v mpicc >/dev/null 2>&1 && echo $B/kperm-tsp-mpi) && sh tests/tsp_abuse.sh"
step "kperm-tsp faults" sh -c "$MAKE -s $B/kperm-tsp $B/kperm-tsp-faults && sh tests/tsp_faults.sh"
step "kperm-tsp block search = general search" build_run $B/test_tsp_search
step "kperm-tsp start: first tour, dropped edges, rank-order walk, assignment branch and bound" build_run $B/test_tsp_start
if command -v clang >/dev/null 2>&1; then
    step "[clang] kperm-tsp block search, SIMD paths" build_run $B/test_tsp_search_clang "[clang] "
    step "[asan+ubsan] kperm-tsp start" build_run $B/test_tsp_start_san "[asan+ubsan] "
fi
step "kperm-tsp solver" build_run $B/test_tsp
step "run engine: chunk pool and checkpoint file, with kperm-tsp's sample" build_run $B/test_run_pool
if command -v clang >/dev/null 2>&1; then
    step "[asan+ubsan] run engine: chunk pool and checkpoint file" build_run $B/test_run_pool_san "[asan+ubsan] "
fi
step "run engine: the C backends' crew of threads" build_run $B/test_run_crew
if command -v clang >/dev/null 2>&1; then
    step "[tsan] run engine: the C backends' crew of threads" build_run $B/test_run_crew_tsan "[tsan] "
fi
if command -v mpicc >/dev/null 2>&1; then
    step "kperm-tsp checkpoint/resume and kperm-tsp-mpi" sh -c "$MAKE -s $B/kperm-tsp $B/kperm-tsp-mpi && sh tests/tsp_resume.sh"
else
    step "kperm-tsp checkpoint/resume" sh -c "$MAKE -s $B/kperm-tsp && sh tests/tsp_resume.sh"
fi
step "kperm-ptest: exact counts against the brute force, textbook p-values, errors, checkpoint and resume, MPI" \
    sh -c "$MAKE -s $B/kperm-ptest $(command -v mpicc >/dev/null 2>&1 && echo $B/kperm-ptest-mpi) && sh tests/ptest_cli.sh"
step "kperm-ptest: C statistics refused, stopped and bounded (tests/ptest/statistic_check.py)" \
    sh -c "$MAKE -s $B/kperm-ptest && /usr/bin/python3 tests/ptest/statistic_check.py $B/kperm-ptest \$($B/kperm-ptest --list-devices | grep -oE '^(opencl|cuda) [0-9]' | cut -d' ' -f1 | sort -u)"
step "kperm-ptest and kperm.stats: a regression coefficient's exact test against the brute force (tests/ptest/regression_check.py)" \
    sh -c "$MAKE -s $B/kperm-ptest && /usr/bin/python3 tests/ptest/regression_check.py $B/kperm-ptest cpu \$($B/kperm-ptest --list-devices | grep -oE '^(opencl|cuda) [0-9]' | cut -d' ' -f1 | sort -u)"
step "kperm-ptest: what a C statistic's trial in a child process hands back" build_run $B/test_ptest_guard
step "kperm-ptest's join of two groups = the kernel's walk, field for field; the screen decides continuous data" \
    build_run $B/test_ptest_join
step "kperm-ptest at the edges of the doubles (1e-323 to 2^53): the brute force's counts; CPU = OpenCL in --tolerance mode" \
    sh -c "$MAKE -s $B/kperm-ptest && /usr/bin/python3 tests/ptest/numeric_check.py $B/kperm-ptest"
step "kperm-ptest --strata and kperm.stats strata=: the brute force within strata, one stratum, R's coin (tests/ptest/strata_check.py)" \
    sh -c "$MAKE -s $B/kperm-ptest && /usr/bin/python3 tests/ptest/strata_check.py $B/kperm-ptest"
step "kperm.stats: the dynamic programs of Kruskal-Wallis and Jonckheere-Terpstra against the brute force (tests/ptest/rank_dp_check.py)" \
    /usr/bin/python3 tests/ptest/rank_dp_check.py
step "kperm.stats and kperm-ptest past 64 observations: counts past 2^63 against a plain dynamic program, coin (tests/ptest/large_check.py)" \
    sh -c "$MAKE -s $B/kperm-ptest && /usr/bin/python3 tests/ptest/large_check.py $B/kperm-ptest"
step "kperm-ptest and kperm.stats rank statistics with ties: the brute force, R's coin (tests/ptest/rank_check.py)" \
    sh -c "$MAKE -s $B/kperm-ptest && /usr/bin/python3 tests/ptest/rank_check.py $B/kperm-ptest cpu \$($B/kperm-ptest --list-devices | grep -oE '^(opencl|cuda) [0-9]' | cut -d' ' -f1 | sort -u)"
step "the R package: R CMD check, its tests; perm_test() counts as kperm-ptest (tests/r_check.sh)" \
    env MAKE="$MAKE" B="$B" sh tests/r_check.sh
step "make install, then pkg-config --cflags kperm" sh tests/install_check.sh
step "make install, then find_package(kperm CONFIG) from CMake" sh tests/cmake_check.sh
# the brute force kperm.stats is tested against, itself against scipy, R's
# coin and multtest (each a SKIP where R or the package is missing) and the
# published p-values
if /usr/bin/python3 -c 'import scipy' 2>/dev/null; then
    step "tests/ptest/reference.py against scipy, R's coin and multtest, and the published p-values" \
        /usr/bin/python3 tests/ptest/check_reference.py
    step "kperm.stats called as scipy: its doc examples, Python statistics, random rearrangements" \
        /usr/bin/python3 tests/ptest/scipy_calls_check.py
    step "kperm.stats n_resamples: random rearrangements on the device, the same as numpy's draws (tests/ptest/resample_check.py)" \
        /usr/bin/python3 tests/ptest/resample_check.py
    step "kperm-ptest --resamples: the CLI's draws counted as kperm.stats' on each backend, refusals (tests/ptest/resample_cli_check.py)" \
        sh -c "$MAKE -s $B/kperm-ptest && /usr/bin/python3 tests/ptest/resample_cli_check.py $B/kperm-ptest cpu \$($B/kperm-ptest --list-devices | grep -oE '^(opencl|cuda) [0-9]' | cut -d' ' -f1 | sort -u)"
else
    record "SKIP tests/ptest/check_reference.py: no scipy for /usr/bin/python3 (make deps installs python3-scipy)"
fi

if [ -z "$NVCC" ]; then
    record "SKIP nvcc compiles every .cu file: nvcc not found"
else
    for f in $CUDA_SOURCES; do
        step "nvcc -arch=sm_90 -Werror all-warnings compiles $f" $MAKE -s "$B/nvcc/${f%.cu}.o"
    done
    # kperm.cupy's array kernel (NVRTC's at run time) in shapes of every path:
    # the block path at n = 12 and 16 (the largest stage), cursors, bytes
    step "nvcc -arch=sm_90 -Werror all-warnings compiles kperm.cupy's array kernel in 8 shapes" sh -c '
        for v in "1 12 12 0" "1 16 16 0" "1 20 20 0" "1 4 4 0" "2 52 7 0" "2 64 63 0" "3 30 17 0" "4 64 64 64"; do
            set -- $v
            $0 -arch=sm_90 -Werror all-warnings -I include -I cu -x cu -DKA_FAMILY=$1 -DKA_N=$2 -DKA_L=$3 -DKA_M=$4 \
                -c python/kperm/arrays_kernel.h -o '"$B"'/arrays_kernel.o || { echo "in shape $v"; exit 1; }
        done' "$NVCC"
    step "cuda tests" build_run $B/test_cuda
    step "NVRTC compiles kperm-ptest's statistics in every variant; a C statistic's error in one line" \
        build_run $B/test_ptest_nvrtc
    if have_gpu; then
        step "README CUDA example runs and counts 1334961 derangements" build_run $B/derangements
        step "README plain-changes example: the adjacent differences of all 12! sum to 22832409600" build_run $B/plain_changes
        if command -v compute-sanitizer >/dev/null 2>&1; then
            step "compute-sanitizer memcheck and racecheck" sh -c "$MAKE -s $B/test_cuda $B/kperm-tsp $B/kperm-tsp-faults && sh tests/sanitize.sh"
        else
            record "SKIP compute-sanitizer: not found"
        fi
    else
        record "SKIP README CUDA examples run: no GPU"
    fi
fi

tally
