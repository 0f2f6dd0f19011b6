# kperm - see README.md.  make | make test | make test-quick | make run | make deps | make install PREFIX=... | make uninstall
PREFIX ?= /usr/local
B := build
CC ?= cc
NVCC ?= $(firstword $(shell command -v nvcc 2>/dev/null) $(wildcard /usr/local/cuda/bin/nvcc))
OPENCL := $(wildcard /usr/include/CL/cl.h)
MPICC ?= $(shell command -v mpicc 2>/dev/null)

STRICT := -std=c99 -Wall -Wextra -Werror -pedantic
CFLAGS ?= -O2
INC := -Iinclude -Icl -Itests
ARCH := sm_90
NVCCFLAGS := -arch=$(ARCH) -O3 -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -Iinclude -Icu -Itests
SANITIZE := -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# The build's configuration, as found on this machine: everything built depends
# on this stamp, rewritten only when the configuration changes, so a compiler,
# flag or library that appears later (make deps installing OpenCL after a
# make run, say) rebuilds what was built without it.
STAMP := $(B)/config.stamp
STAMP_TEXT := CC=$(CC) CFLAGS=$(CFLAGS) NVCC=$(NVCC) NVCCFLAGS=$(NVCCFLAGS) OPENCL=$(OPENCL) MPICC=$(MPICC)

CORE := include/kperm.h $(wildcard include/kperm/*.h)
CUDA_SOURCES := $(wildcard tests/*.cu examples/*.cu samples/*/*/*.cu bench/*.cu)

.PHONY: all test test-quick deps install uninstall clean run fuzz bench r FORCE openssl-headers
all: $(B)/libkperm_cl.a $(B)/kperm-tsp $(if $(MPICC),$(B)/kperm-tsp-mpi) $(B)/kperm-ptest $(if $(MPICC),$(B)/kperm-ptest-mpi) $(if $(OPENCL),$(B)/derangements_cl) $(if $(NVCC),$(B)/derangements $(B)/plain_changes)

$(STAMP): FORCE
	@mkdir -p $(B)
	@echo '$(STAMP_TEXT)' | cmp -s - $@ || echo '$(STAMP_TEXT)' > $@
# what a link or an archive takes: the prerequisites but the stamp
INPUTS = $(filter-out $(STAMP),$^)

# --- the run engine the samples share (samples/run/README.md): the pool, the
# jobs, the coordinator, checkpoints; built from its own folder alone. Each
# sample links one job: run_job_local.o (one process) or run_job_mpi.o (MPI).
RUN := samples/run
RUN_HEADERS := $(wildcard $(RUN)/*.h) $(CORE)
RUN_OBJS := $(addprefix $(B)/run/,run_pool.o run_checkpoint.o run_text.o run_file.o run_engine.o run_output.o \
                                  run_crew.o run_meter.o run_digest.o)
RUN_LIBS := -lcrypto # run_digest.c: SHA-256 from OpenSSL's libcrypto
# what the samples' OpenCL backends share (samples/common): clBuildProgram with stderr muted
COMMON := samples/common
$(B)/common/%.o: $(COMMON)/%.c $(wildcard $(COMMON)/*.h) $(STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(STRICT) $(CFLAGS) -I$(COMMON) -c $< -o $@
$(B)/run/%.o: $(RUN)/%.c $(RUN_HEADERS) $(STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(STRICT) $(CFLAGS) -Iinclude -I$(RUN) -c $< -o $@
# run_digest.c includes OpenSSL's <openssl/evp.h>: where it is missing, say
# which package brings it rather than leave a compiler error
$(B)/run/run_digest.o: | openssl-headers
openssl-headers:
	@echo '#include <openssl/evp.h>' | $(CC) -E -x c - >/dev/null 2>&1 || { echo "kperm's samples need \
	OpenSSL's libcrypto headers (SHA-256 for checkpoints): apt-get install libssl-dev, or make deps as root"; exit 1; }
$(B)/run/run_job_mpi.o: $(RUN)/run_job_mpi.c $(RUN_HEADERS) $(STAMP)
	@mkdir -p $(dir $@)
	$(MPICC) $(STRICT) $(CFLAGS) -Iinclude -I$(RUN) -c $< -o $@

# --- the TSP sample: the C backend always, OpenCL and CUDA where they build.
# Its folders: search/ (the search every backend runs), bound/ (--prune's
# bounds: the search's and the root's), backends/, run/ (its side of the run
# engine: the sample, --prune's units and first tour), io/ (the TSPLIB
# reader, the report).
TSP := samples/tsp
TSP_DIRS := $(TSP) $(TSP)/search $(TSP)/bound $(TSP)/backends $(TSP)/run $(TSP)/io
TSP_INC := -Iinclude $(addprefix -I,$(TSP_DIRS)) -I$(RUN) -I$(COMMON)
TSP_HEADERS := $(foreach d,$(TSP_DIRS),$(wildcard $(d)/*.h)) $(RUN_HEADERS) $(wildcard $(COMMON)/*.h)
TSPLIB_C := $(TSP)/io/tsplib.c $(RUN)/run_file.c
SIMD_C := $(TSP)/backends/tsp_simd.c
# the engine's pool and checkpoint with kperm-tsp's sample: the unit tests and the fuzz target
RUN_POOL_C := $(RUN)/run_pool.c $(RUN)/run_checkpoint.c $(RUN)/run_text.c $(RUN)/run_meter.c $(RUN)/run_digest.c \
              $(TSP)/run/tsp_sample.c $(TSP)/run/tsp_units.c
vpath %.c $(TSP_DIRS)
vpath %.cu $(TSP)/backends
# every object but the job: kperm-tsp links run_job_local.o, kperm-tsp-mpi run_job_mpi.o
TSP_OBJS := $(addprefix $(B)/tsp/,main.o tsplib.o tsp_report.o tsp_cpu.o tsp_handover.o tsp_simd.o tsp_sample.o \
                                   tsp_seed.o tsp_dive.o tsp_start.o tsp_units.o tsp_bound.o tsp_assign.o) $(RUN_OBJS) \
            $(if $(OPENCL),$(B)/tsp/tsp_opencl.o $(B)/tsp/tsp_kernel_source.o $(B)/common/cl_build_quiet.o) \
            $(if $(NVCC),$(B)/tsp/tsp_cuda.o) $(if $(OPENCL)$(NVCC),$(B)/tsp/tsp_frontier.o)
TSP_DEFS := $(if $(OPENCL),-DTSP_HAVE_OPENCL) $(if $(NVCC),-DTSP_HAVE_CUDA)
TSP_LIBS := $(if $(OPENCL),-lOpenCL) $(RUN_LIBS) -lpthread -lm
TSP_LINK = $(if $(NVCC),$(NVCC) -arch=$(ARCH),$(CC))

# kperm-tsp-faults: kperm-tsp whose OpenCL and CUDA backends fail on request
# (KPERM_TSP_FAULT_CL_BUILD, KPERM_TSP_FAULT_CUDA_MALLOC) and whose pruned
# search takes its unit depth from KPERM_TSP_UNIT_CITIES and searches what
# its start would settle with KPERM_TSP_SEARCH_ALL=1, for the tests
# only: the objects of build/tsp_faults are built with -DTSP_FAULTS
FAULTY := tsp_units.o tsp_start.o $(if $(OPENCL),tsp_opencl.o) $(if $(NVCC),tsp_cuda.o)
FAULT_OBJS := $(filter-out $(addprefix $(B)/tsp/,$(FAULTY)),$(TSP_OBJS)) $(addprefix $(B)/tsp_faults/,$(FAULTY))
$(B)/tsp_faults/%.o: TSP_DEFS += -DTSP_FAULTS
$(B)/tsp_faults/%.o: NVCC_DEFS := -DTSP_FAULTS

# (a pattern rule with two targets would make both at once: one rule each)
TSP_CC = @mkdir -p $(dir $@) && $(CC) $(STRICT) $(CFLAGS) $(TSP_INC) $(TSP_DEFS) -c $< -o $@
TSP_NVCC = @mkdir -p $(dir $@) && $(NVCC) $(NVCCFLAGS) $(TSP_INC) $(NVCC_DEFS) -c $< -o $@
$(B)/tsp/%.o: %.c $(TSP_HEADERS) $(STAMP)
	$(TSP_CC)
$(B)/tsp_faults/%.o: %.c $(TSP_HEADERS) $(STAMP)
	$(TSP_CC)
$(B)/tsp/%.o: %.cu $(TSP_HEADERS) cu/kperm_cuda.h $(STAMP)
	$(TSP_NVCC)
$(B)/tsp_faults/%.o: %.cu $(TSP_HEADERS) cu/kperm_cuda.h $(STAMP)
	$(TSP_NVCC)
$(B)/tsp/tsp_kernel_source.c: $(B)/cl_embed tools/cl_inline.awk $(TSP)/backends/tsp_kernel.cl $(TSP_HEADERS) cl/kperm.cl $(STAMP)
	@mkdir -p $(dir $@)
	awk -f tools/cl_inline.awk $(TSP)/backends/tsp_kernel.cl $(TSP_DIRS) include cl > $@.cl
	$(B)/cl_embed tsp_kernel_source_text < $@.cl > $@.tmp && mv $@.tmp $@
$(B)/tsp/tsp_kernel_source.o: $(B)/tsp/tsp_kernel_source.c $(STAMP)
	$(CC) $(STRICT) $(CFLAGS) -c $< -o $@
$(B)/kperm-tsp: $(TSP_OBJS) $(B)/run/run_job_local.o $(STAMP)
	$(TSP_LINK) $(INPUTS) $(TSP_LIBS) -o $@
$(B)/kperm-tsp-faults: $(FAULT_OBJS) $(B)/run/run_job_local.o $(STAMP)
	$(TSP_LINK) $(INPUTS) $(TSP_LIBS) -o $@

# kperm-tsp-mpi: the same program on the ranks of an MPI job, where mpicc is found
$(B)/kperm-tsp-mpi: $(TSP_OBJS) $(B)/run/run_job_mpi.o $(STAMP)
	$(if $(NVCC),$(NVCC) -ccbin $(MPICC) -arch=$(ARCH),$(MPICC)) $(INPUTS) $(TSP_LIBS) $(if $(NVCC),-lstdc++) -o $@

run:
	@NO_DEPS="$(NO_DEPS)" sh tools/deps.sh build
	@$(MAKE) -s $(B)/kperm-tsp
	$(B)/kperm-tsp data/burma14.tsp

# --- the permutation-test sample (samples/ptest/README.md). Its statistics
# are python/kperm/stats_kernel.h, the one source kperm.stats runs too: the C
# backend compiles it once per line of ptest_variants.h (host C, one variant
# per walk, statistic, comparison, width and group count), OpenCL builds it at
# run time from its text embedded here, CUDA at run time through NVRTC. The
# run (checkpoints, progress, MPI) is samples/run's.
PTEST := samples/ptest
PSTATS := python/kperm
PTEST_INC := -Iinclude -I$(PTEST) -I$(PSTATS) -I$(RUN) -I$(COMMON) -Icl
PTEST_HEADERS := $(wildcard $(PTEST)/*.h) $(wildcard $(PSTATS)/stats_*.h) $(RUN_HEADERS) $(wildcard $(COMMON)/*.h)
PTEST_VARIANTS := $(shell sed -n 's/^PTEST_VARIANT(\(.*\))$$/\1/p' $(PTEST)/ptest_variants.h | tr -d ' ' | tr , _)
PTEST_STRATA_VARIANTS := $(shell sed -n 's/^PTEST_STRATA_VARIANT(\(.*\))$$/\1/p' $(PTEST)/ptest_strata_variants.h | tr -d ' ' | tr , _)
PTEST_OBJS := $(addprefix $(B)/ptest/,ptest_main.o ptest_table.o ptest_decimal.o ptest_problem.o ptest_terms.o \
                                     ptest_range.o ptest_cpu.o ptest_backend.o ptest_result.o ptest_sample.o \
                                     ptest_answer.o ptest_report.o ptest_linear.o ptest_strata.o ptest_steps.o \
                                     ptest_note.o ptest_join.o ptest_user_check.o ptest_guard.o ptest_regression.o \
                                     ptest_rank.o ptest_kruskal.o ptest_resample.o ptest_bigcount.o) \
              $(patsubst %,$(B)/ptest/variant_%.o,$(PTEST_VARIANTS)) $(RUN_OBJS) \
              $(patsubst %,$(B)/ptest/strata_%.o,$(PTEST_STRATA_VARIANTS)) \
              $(if $(OPENCL)$(NVCC),$(B)/ptest/ptest_device.o $(B)/ptest/ptest_stats_text.o) \
              $(if $(OPENCL),$(B)/ptest/ptest_opencl.o $(B)/common/cl_build_quiet.o $(B)/libkperm_cl.a) \
              $(if $(NVCC),$(B)/ptest/ptest_cuda.o $(B)/ptest/ptest_cuda_text.o)
PTEST_DEFS := $(if $(OPENCL),-DPTEST_HAVE_OPENCL) $(if $(NVCC),-DPTEST_HAVE_CUDA)
# CUDA: NVRTC from nvcc's toolkit, found at run time through the rpath; the
# driver (libcuda.so.1) is not linked but opened at run time by
# ptest_cuda.c, so that the program starts on a machine without one
# nvcc may be a wrapper script (CI's /usr/local/bin/nvcc): its toolkit's root
# is the TOP that nvcc itself reports, not the directory the command lies in.
CUDA_ROOT := $(if $(NVCC),$(realpath $(shell $(NVCC) --dryrun -E -x cu /dev/null 2>&1 | sed -n 's/^\#\$$ TOP=//p')))
PTEST_CUDA_LIBS := -L$(CUDA_ROOT)/lib64 -Wl,-rpath,$(CUDA_ROOT)/lib64 -lnvrtc -ldl
PTEST_LIBS := $(if $(OPENCL),-lOpenCL) $(if $(NVCC),$(PTEST_CUDA_LIBS)) $(RUN_LIBS) -lpthread -lm
# cuda.h is not -pedantic clean: a system header's warnings are not reported
$(B)/ptest/ptest_cuda.o: PTEST_INC += -isystem $(CUDA_ROOT)/include
# the join's screen (ptest_join.c) is vectorized: -O3, no trapping math and
# no errno from sqrt (its comparisons and roots may then be done on every
# lane; no result changes)
$(B)/ptest/ptest_join.o: PTEST_OPT := -O3 -fno-trapping-math -fno-math-errno -fopenmp-simd
$(B)/ptest/%.o: $(PTEST)/%.c $(PTEST_HEADERS) $(CORE) $(STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(STRICT) $(CFLAGS) $(PTEST_OPT) $(PTEST_INC) $(PTEST_DEFS) -c $< -o $@
# variant_W_S_E_X_K.o: PS_WALK W, PS_STAT S, PS_EXACT E, PS_WIDE X, PS_K K
$(B)/ptest/variant_%.o: $(PTEST)/ptest_cpu_variant.c $(PTEST_HEADERS) $(CORE) $(STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(STRICT) $(CFLAGS) $(PTEST_INC) $(foreach i,1 2 3 4 5 6,-D$(word $(i),PS_WALK PS_STAT PS_EXACT PS_WIDE \
	    PS_K PS_COLUMNS)=$(word $(i),$(subst _, ,$*))) -DPTEST_ENTRY=ptest_cpu_$* -c $< -o $@
# strata_W_S_E_X_K.o: the walk within strata (PS_STRATA) of PS_WALK W, PS_STAT S, PS_EXACT E, PS_WIDE X, PS_K K
$(B)/ptest/strata_%.o: $(PTEST)/ptest_cpu_variant.c $(PTEST_HEADERS) $(CORE) $(STAMP)
	$(CC) $(STRICT) $(CFLAGS) $(PTEST_INC) $(foreach i,1 2 3 4 5,-D$(word $(i),PS_WALK PS_STAT PS_EXACT PS_WIDE \
	    PS_K)=$(word $(i),$(subst _, ,$*))) -DPS_COLUMNS=1 -DPS_STRATA=1 -DPTEST_ENTRY=ptest_cpu_strata_$* -c $< -o $@
$(B)/ptest/ptest_stats_text.c: $(B)/cl_embed tools/cl_inline.awk $(wildcard $(PSTATS)/stats_*.h) $(STAMP)
	@mkdir -p $(dir $@)
	awk -f tools/cl_inline.awk $(PSTATS)/stats_kernel.h $(PSTATS) > $@.cl
	$(B)/cl_embed ptest_stats_kernel_text < $@.cl > $@.tmp && mv $@.tmp $@
# kperm for NVRTC: cu/kperm_cuda_device.h with its includes inlined, so that
# the program needs no header files at run time (as the OpenCL one)
$(B)/ptest/ptest_cuda_text.c: $(B)/cl_embed tools/cl_inline.awk cu/kperm_cuda_device.h $(CORE) $(STAMP)
	@mkdir -p $(dir $@)
	awk -f tools/cl_inline.awk cu/kperm_cuda_device.h cu include > $@.cu
	$(B)/cl_embed ptest_cuda_kperm_text < $@.cu > $@.tmp && mv $@.tmp $@
$(B)/ptest/ptest_stats_text.o $(B)/ptest/ptest_cuda_text.o: %.o: %.c $(STAMP)
	$(CC) $(STRICT) $(CFLAGS) -c $< -o $@
$(B)/kperm-ptest: $(PTEST_OBJS) $(B)/run/run_job_local.o $(STAMP)
	$(CC) $(INPUTS) $(PTEST_LIBS) -o $@
# the C backend's join against the kernel's walk
PTEST_JOIN_TEST_OBJS := $(addprefix $(B)/ptest/,ptest_table.o ptest_decimal.o ptest_problem.o ptest_terms.o \
                        ptest_cpu.o ptest_backend.o ptest_result.o ptest_join.o ptest_strata.o ptest_regression.o \
                        ptest_rank.o ptest_kruskal.o ptest_linear.o ptest_range.o ptest_bigcount.o ptest_note.o) \
                        $(patsubst %,$(B)/ptest/variant_%.o,$(PTEST_VARIANTS)) $(B)/run/run_file.o $(B)/run/run_crew.o \
                        $(patsubst %,$(B)/ptest/strata_%.o,$(PTEST_STRATA_VARIANTS))
$(B)/test_ptest_join: tests/test_ptest_join.c $(PTEST_JOIN_TEST_OBJS) $(PTEST_HEADERS) $(CORE) $(STAMP)
	$(CC) $(STRICT) $(CFLAGS) $(PTEST_INC) -Itests $< $(PTEST_JOIN_TEST_OBJS) -lpthread -lm -o $@
# what a C statistic's trial in a child process hands back to its parent
$(B)/test_ptest_guard: tests/test_ptest_guard.c $(B)/ptest/ptest_guard.o $(PTEST_HEADERS) $(STAMP)
	$(CC) $(STRICT) $(CFLAGS) $(PTEST_INC) $< $(B)/ptest/ptest_guard.o -o $@
# the CUDA backend's NVRTC builds, which CI (nvcc, no GPU) can check
$(B)/test_ptest_nvrtc: tests/test_ptest_nvrtc.c $(PTEST)/ptest_cuda.c $(addprefix $(B)/ptest/,ptest_device.o \
                       ptest_stats_text.o ptest_cuda_text.o ptest_backend.o) $(PTEST_HEADERS) $(CORE) $(STAMP)
	$(CC) $(STRICT) $(CFLAGS) $(PTEST_INC) -isystem $(CUDA_ROOT)/include $< $(filter %.o,$^) $(PTEST_CUDA_LIBS) -o $@
# kperm-ptest-mpi: the same program on the ranks of an MPI job, where mpicc is found
$(B)/kperm-ptest-mpi: $(PTEST_OBJS) $(B)/run/run_job_mpi.o $(STAMP)
	$(MPICC) $(INPUTS) $(PTEST_LIBS) -o $@

# --- benchmarks (materialize, unrank, fused and the TSP kernel): CUDA and OpenCL on the GPU; results
# in bench/RESULTS.md
BENCH_DEPS := bench/bench_cuda.h bench/bench_body.h bench/bench_fold.h bench/bench_host.h $(CORE)
$(B)/bench_cuda: bench/bench_cuda.cu $(BENCH_DEPS) cu/kperm_cuda.h $(STAMP) | $(B)
	$(NVCC) $(NVCCFLAGS) -Ibench $< -o $@
$(B)/bench_cl: bench/bench_cl.c $(BENCH_DEPS) tests/cl_util.h $(B)/libkperm_cl.a $(STAMP)
	$(CC) $(STRICT) $(CFLAGS) $(INC) -Ibench $< $(B)/libkperm_cl.a -lOpenCL -o $@
$(B)/bench_tsp_cpu: bench/bench_tsp_cpu.c bench/held_karp.h bench/tsp_v1.h $(SIMD_C) $(TSPLIB_C) $(TSP_HEADERS) $(STAMP) | $(B)
	$(CC) $(STRICT) -D_POSIX_C_SOURCE=200809L $(CFLAGS) $(TSP_INC) -Ibench $< $(SIMD_C) $(TSPLIB_C) -lm -o $@
$(B)/bench_tsp: bench/bench_tsp.cu bench/held_karp.h bench/tsp_v1.h $(BENCH_DEPS) $(TSP_HEADERS) $(TSPLIB_C) cu/kperm_cuda.h $(STAMP) | $(B)
	$(NVCC) $(NVCCFLAGS) -Ibench $(TSP_INC) $< $(TSPLIB_C) -o $@
# what ending costs while CUDA starts up: bench/cuda_exit_cost.cu
$(B)/cuda_exit_cost: bench/cuda_exit_cost.cu $(STAMP) | $(B)
	$(NVCC) $(NVCCFLAGS) $< -lpthread -o $@
# where a pruned search's work lies, unit by unit: bench/tsp_unit_costs.c
$(B)/tsp_unit_costs: bench/tsp_unit_costs.c $(addprefix $(B)/tsp/,tsp_cpu.o tsp_simd.o tsp_units.o tsp_seed.o tsp_dive.o \
                    tsp_start.o tsp_bound.o tsp_assign.o tsplib.o) $(B)/run/run_crew.o $(B)/run/run_file.o $(TSP_HEADERS) $(STAMP) | $(B)
	$(CC) $(STRICT) -D_POSIX_C_SOURCE=200809L $(CFLAGS) $(TSP_INC) $< $(filter %.o,$^) -lpthread -lm -o $@
bench: $(if $(NVCC),$(B)/bench_cuda $(B)/bench_tsp) $(if $(OPENCL),$(B)/bench_cl) $(B)/kperm-tsp $(B)/bench_tsp_cpu $(B)/tsp_unit_costs $(if $(NVCC),$(B)/cuda_exit_cost)
	$(if $(NVCC),$(B)/bench_cuda,@echo "SKIP CUDA benchmarks: nvcc not found")
	$(if $(OPENCL),$(B)/bench_cl bench,@echo "SKIP OpenCL benchmarks: no OpenCL headers")
	$(if $(NVCC),$(B)/bench_tsp data,@echo "SKIP TSP kernel benchmark: nvcc not found")
	$(B)/bench_tsp_cpu data
	sh bench/tsp_backends.sh

# --- TSP tests: the reader (also under the sanitizers), the solver through its CLI
$(B)/test_tsplib: tests/test_tsplib.c $(TSPLIB_C) $(TSP_HEADERS) tests/check.h tests/rng.h $(STAMP) | $(B)
	$(CC) $(STRICT) $(CFLAGS) $(TSP_INC) -Itests $< $(TSPLIB_C) -lm -o $@
$(B)/test_tsplib_san: tests/test_tsplib.c $(TSPLIB_C) $(TSP_HEADERS) tests/check.h tests/rng.h $(STAMP) | $(B)
	clang $(STRICT) $(SANITIZE) $(TSP_INC) -Itests $< $(TSPLIB_C) -lm -o $@
TSP_START_C := $(addprefix $(TSP)/,run/tsp_seed.c run/tsp_dive.c run/tsp_start.c bound/tsp_bound.c bound/tsp_assign.c) $(TSPLIB_C)
$(B)/test_tsp_start: tests/test_tsp_start.c $(TSP_START_C) $(TSP_HEADERS) bench/held_karp.h tests/check.h tests/rng.h $(STAMP) | $(B)
	$(CC) $(STRICT) $(CFLAGS) $(TSP_INC) -Itests -Ibench $< $(TSP_START_C) -lm -o $@
$(B)/test_tsp_start_san: tests/test_tsp_start.c $(TSP_START_C) $(TSP_HEADERS) bench/held_karp.h tests/check.h tests/rng.h $(STAMP) | $(B)
	clang $(STRICT) $(SANITIZE) $(TSP_INC) -Itests -Ibench $< $(TSP_START_C) -lm -o $@
$(B)/test_tsp: tests/test_tsp.c $(TSPLIB_C) $(TSP_HEADERS) tests/check.h tests/rng.h $(B)/kperm-tsp $(B)/kperm-tsp-faults $(STAMP)
	$(CC) $(STRICT) -D_POSIX_C_SOURCE=200809L $(CFLAGS) $(TSP_INC) -Itests -Ibench $< $(TSPLIB_C) -lm -o $@
# (realloc wrapped: the test fails it on request, out of memory mid-run)
$(B)/test_run_pool: tests/test_run_pool.c tests/check.h tests/rng.h $(RUN_POOL_C) $(TSPLIB_C) $(TSP_HEADERS) $(STAMP) | $(B)
	$(CC) $(STRICT) $(CFLAGS) $(TSP_INC) -Itests $< $(RUN_POOL_C) $(TSPLIB_C) $(RUN_LIBS) -lm -Wl,--wrap=realloc -o $@
$(B)/test_run_pool_san: tests/test_run_pool.c tests/check.h tests/rng.h $(RUN_POOL_C) $(TSPLIB_C) $(TSP_HEADERS) $(STAMP) | $(B)
	clang $(STRICT) $(SANITIZE) $(TSP_INC) -Itests $< $(RUN_POOL_C) $(TSPLIB_C) $(RUN_LIBS) -lm -Wl,--wrap=realloc -o $@
# the C backends' crew, and under ThreadSanitizer
$(B)/test_run_crew: tests/test_run_crew.c tests/check.h $(RUN)/run_crew.c $(RUN)/run_crew.h $(STAMP) | $(B)
	$(CC) $(STRICT) $(CFLAGS) -I$(RUN) -Itests $< $(RUN)/run_crew.c -lpthread -o $@
$(B)/test_run_crew_tsan: tests/test_run_crew.c tests/check.h $(RUN)/run_crew.c $(RUN)/run_crew.h $(STAMP) | $(B)
	clang $(STRICT) -O1 -g -fsanitize=thread -I$(RUN) -Itests $< $(RUN)/run_crew.c -lpthread -o $@

# libFuzzer on the TSPLIB reader and on the checkpoint reader, seeded with
# every test file and the corpora kept in tests/fuzz (tests/fuzz/CAMPAIGN.md);
# any crash, leak or sanitizer report fails. FUZZ_SECONDS bounds each
# target's run (make test uses it too).
FUZZ_SECONDS ?= 60
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $(TSP_INC)
$(B)/fuzz_tsplib: tests/fuzz/fuzz_tsplib.c $(TSPLIB_C) $(TSP_HEADERS) $(STAMP) | $(B)
	clang $(FUZZ_FLAGS) $< $(TSPLIB_C) -lm -o $@
$(B)/fuzz_checkpoint: tests/fuzz/fuzz_checkpoint.c $(RUN_POOL_C) $(TSPLIB_C) $(TSP_HEADERS) $(STAMP) | $(B)
	clang $(FUZZ_FLAGS) $< $(RUN_POOL_C) $(TSPLIB_C) $(RUN_LIBS) -lm -o $@
fuzz: $(B)/fuzz_tsplib $(B)/fuzz_checkpoint
	rm -rf $(B)/fuzz && mkdir -p $(B)/fuzz/tsplib $(B)/fuzz/checkpoint
	cp tests/tsp/good/*.tsp tests/tsp/bad/*.tsp data/*.tsp $(wildcard tests/fuzz/tsplib/*) $(B)/fuzz/tsplib/
	cp tests/fuzz/checkpoint/* $(B)/fuzz/checkpoint/
	$(B)/fuzz_tsplib -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -timeout=10 \
	    -artifact_prefix=$(B)/ $(B)/fuzz/tsplib
	$(B)/fuzz_checkpoint -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -timeout=10 \
	    -artifact_prefix=$(B)/ $(B)/fuzz/checkpoint

$(B):
	mkdir -p $(B)

# --- the OpenCL host helper: the core as one string (tools/cl_inline.awk
# inlines the includes, as the Python package's build does), and build options
$(B)/cl_embed: tools/cl_embed.c $(STAMP) | $(B)
	$(CC) $(STRICT) -O2 $< -o $@
$(B)/kperm_cl_source.c: $(B)/cl_embed tools/cl_inline.awk cl/kperm.cl $(CORE) $(STAMP)
	awk -f tools/cl_inline.awk cl/kperm.cl include > $@.cl
	$(B)/cl_embed kperm_cl_source_text < $@.cl > $@.tmp && mv $@.tmp $@

$(B)/%.o: $(B)/%.c $(STAMP)
	$(CC) $(STRICT) $(CFLAGS) -c $< -o $@

$(B)/kperm_cl.o: cl/kperm_cl.c cl/kperm_cl.h $(STAMP) | $(B)
	$(CC) $(STRICT) $(CFLAGS) -Icl -DKPERM_CL_INCLUDE_DIR='"$(CURDIR)/include"' \
	    -DKPERM_CL_DIR='"$(CURDIR)/cl"' -c $< -o $@

$(B)/libkperm_cl.a: $(B)/kperm_cl.o $(B)/kperm_cl_source.o $(STAMP)
	rm -f $@ && ar rcs $@ $(INPUTS)

# --- tests: host C under gcc, clang and the sanitizers. Each core test is
# built with $(CC) and, as NAME_san, with clang's ASan and UBSan.
CORE_TESTS := test_families test_walk test_skip test_family_cursors test_contract test_comb test_sjt test_wide \
              test_gray test_contract_orders
TEST_DEPS := tests/check.h tests/rng.h tests/reference.h $(CORE) $(STAMP)
$(addprefix $(B)/,$(CORE_TESTS)): $(B)/%: tests/%.c $(TEST_DEPS) | $(B)
	$(CC) $(STRICT) $(CFLAGS) $(INC) $< -o $@
$(addprefix $(B)/,$(addsuffix _san,test_lex $(CORE_TESTS))): $(B)/%_san: tests/%.c $(TEST_DEPS) | $(B)
	clang $(STRICT) $(SANITIZE) $(INC) $< -o $@
$(B)/test_lex_gcc $(B)/test_lex_clang: $(B)/test_lex_%: tests/test_lex.c $(TEST_DEPS) | $(B)
	$* $(STRICT) $(CFLAGS) $(INC) $< -o $@
$(B)/test_tsp_search $(B)/test_tsp_search_clang: tests/test_tsp_search.c tests/check.h tests/rng.h $(SIMD_C) \
                                                $(TSP_HEADERS) $(STAMP) | $(B)
	$(if $(findstring clang,$@),clang,$(CC)) $(STRICT) -D_POSIX_C_SOURCE=200809L $(CFLAGS) $(INC) $(TSP_INC) $< $(SIMD_C) -o $@
$(B)/python_fixtures: tests/python_fixtures.c $(B)/lex_vectors.o $(B)/libkperm_cl.a $(STAMP) | $(B)
	$(CC) $(STRICT) $(CFLAGS) $(INC) $< $(B)/lex_vectors.o $(B)/libkperm_cl.a -o $@
# the vectors' host C records (every kind, bad input included) under the sanitizers
$(B)/python_fixtures_san: tests/python_fixtures.c tests/lex_vectors.c tests/lex_vectors.h tests/lex_body.h $(B)/libkperm_cl.a $(STAMP)
	clang $(STRICT) $(SANITIZE) $(INC) $< tests/lex_vectors.c $(B)/libkperm_cl.a -o $@
# C++ users of the host API: the core must also be valid C++
$(B)/cxx_check.o: tests/cxx_check.cpp $(CORE) $(STAMP) | $(B)
	g++ -std=c++11 -Wall -Wextra -Werror -pedantic -O2 $(INC) -c $< -o $@

$(B)/lex_vectors.o: tests/lex_vectors.c tests/lex_vectors.h tests/rng.h tests/lex_body.h $(CORE) $(STAMP) | $(B)
	$(CC) $(STRICT) $(CFLAGS) $(INC) -c $< -o $@
$(B)/test_cl: tests/test_cl.c tests/cl_util.h $(B)/lex_vectors.o $(B)/libkperm_cl.a $(STAMP)
	$(CC) $(STRICT) $(CFLAGS) $(INC) $< $(B)/lex_vectors.o $(B)/libkperm_cl.a -lOpenCL -o $@
$(B)/test_cuda: tests/test_cuda.cu tests/lex_body.h $(B)/lex_vectors.o $(CORE) cu/kperm_cuda.h $(STAMP)
	$(NVCC) $(NVCCFLAGS) $< $(B)/lex_vectors.o -o $@

# --- the README's examples, built from the files it shows
$(B)/derangements_cl: examples/derangements_cl.c $(B)/libkperm_cl.a $(STAMP)
	$(CC) $(STRICT) $(CFLAGS) $(INC) $< $(B)/libkperm_cl.a -lOpenCL -o $@
$(B)/derangements $(B)/plain_changes: $(B)/%: examples/%.cu $(CORE) cu/kperm_cuda.h $(STAMP) | $(B)
	$(NVCC) $(NVCCFLAGS) $< -o $@

# one object per .cu file: CI has no GPU, but every CUDA file must still compile
$(B)/nvcc/%.o: %.cu $(CORE) cu/kperm_cuda.h $(STAMP)
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) -Ibench $(TSP_INC) -c $< -o $@

# make test: everything (the library, the samples, install, fuzzing); make
# test-quick: the library alone (tests/run.sh says which steps)
RUN_TESTS = NVCC="$(NVCC)" CUDA_SOURCES="$(CUDA_SOURCES)" MAKE="$(MAKE)" FUZZ_SECONDS="$(FUZZ_SECONDS)" sh tests/run.sh
test:
	@$(MAKE) -s deps
	@$(RUN_TESTS)
test-quick:
	@$(MAKE) -s deps
	@$(RUN_TESTS) quick

# the Debian 12 packages the build and the tests use, each with its reason
# (tools/deps.sh): installed when run as root, else the command is printed
deps:
	@NO_DEPS="$(NO_DEPS)" sh tools/deps.sh

# --- install: headers, the OpenCL include file, the helper library, the
# pkg-config files (kperm: headers and helper; kperm-opencl: that and OpenCL),
# the CMake package (lib/cmake/kperm). DESTDIR stages the tree elsewhere (for
# packagers); the paths built in are PREFIX's. make uninstall removes it all.
CLDIR = $(PREFIX)/share/kperm
VERSION := $(shell sed -n 's/^\#define KPERM_VERSION "\([^"]*\)".*/\1/p' include/kperm/status.h)
INSTALLED_HEADERS := kperm.h kperm_cuda.h kperm_cuda_device.h kperm_cl.h
INSTALLED := $(addprefix include/,$(INSTALLED_HEADERS)) include/kperm share/kperm lib/libkperm_cl.a \
             lib/pkgconfig/kperm.pc lib/pkgconfig/kperm-opencl.pc lib/cmake/kperm
$(B)/install/kperm_cl.o: cl/kperm_cl.c cl/kperm_cl.h
	@mkdir -p $(dir $@)
	$(CC) $(STRICT) $(CFLAGS) -Icl -DKPERM_CL_INCLUDE_DIR='"$(PREFIX)/include"' \
	    -DKPERM_CL_DIR='"$(CLDIR)"' -c $< -o $@

install: $(B)/kperm_cl_source.o
	rm -f $(B)/install/kperm_cl.o && $(MAKE) -s $(B)/install/kperm_cl.o PREFIX="$(PREFIX)"
	mkdir -p $(DESTDIR)$(PREFIX)/include/kperm $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	    $(DESTDIR)$(PREFIX)/lib/cmake/kperm $(DESTDIR)$(CLDIR)
	cp include/kperm.h cu/kperm_cuda.h cu/kperm_cuda_device.h cl/kperm_cl.h $(DESTDIR)$(PREFIX)/include/
	cp include/kperm/*.h $(DESTDIR)$(PREFIX)/include/kperm/
	cp cl/kperm.cl $(DESTDIR)$(CLDIR)/
	rm -f $(DESTDIR)$(PREFIX)/lib/libkperm_cl.a
	ar rcs $(DESTDIR)$(PREFIX)/lib/libkperm_cl.a $(B)/install/kperm_cl.o $(B)/kperm_cl_source.o
	sed -e 's|@VERSION@|$(VERSION)|' tools/kperm.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/kperm.pc
	sed -e 's|@VERSION@|$(VERSION)|' tools/kperm-opencl.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/kperm-opencl.pc
	sed -e 's|@VERSION@|$(VERSION)|' tools/kperm-config.cmake.in > $(DESTDIR)$(PREFIX)/lib/cmake/kperm/kperm-config.cmake
	sed -e 's|@VERSION@|$(VERSION)|' tools/kperm-config-version.cmake.in \
	    > $(DESTDIR)$(PREFIX)/lib/cmake/kperm/kperm-config-version.cmake

uninstall:
	rm -rf $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))

# --- the R package (r/README.md): its source tree from r/ and this tree's
# engine sources (tools/r_package.sh), made a source package by R CMD build
R_PACKAGE := $(B)/kperm_$(VERSION).tar.gz
r: $(R_PACKAGE)
$(R_PACKAGE): tools/r_package.sh $(wildcard r/* r/R/* r/src/* r/man/* r/tests/*) $(wildcard $(PTEST)/*.c) \
              $(PTEST_HEADERS) $(CORE) $(B)/ptest/ptest_stats_text.c $(B)/ptest/ptest_cuda_text.c \
              $(B)/kperm_cl_source.c $(STAMP)
	@command -v R >/dev/null || { echo "make r: R is not installed (make deps installs r-base-dev)"; exit 1; }
	sh tools/r_package.sh $(B)/r/kperm $(VERSION) $(B)
	cd $(B) && R CMD build --no-build-vignettes r/kperm

clean:
	rm -rf $(B)
