"""python_arrays.py - kperm for Python kernel writers, measured:
  1. host arrays: kperm.permutations(12) and kperm.combinations(52, 7),
     10^6 rows from a rank past the start, against itertools (islice into
     a numpy array) on one core;
  2. device arrays (CuPy): kperm.cupy.permutations(12), all 12! rows, in
     GB/s against the write ceiling (cudaMemset of the same buffer), and
     kperm.cupy.combinations against torch.combinations where that fits;
  3. Numba: the derangements of 13 by the block walk in a @numba.cuda.jit
     kernel (kperm.numba) against the same kernel in CUDA C (CuPy RawModule).
Times are medians of REPS runs after a warm-up: CUDA events on the GPU,
time.perf_counter on the host. Parts 2 and 3 need a GPU (CuPy; numba-cuda
and PyTorch where present).   python bench/python_arrays.py [REPS]"""
import itertools
import math
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import kperm  # noqa: E402


REPS = int(sys.argv[1]) if len(sys.argv) > 1 else 7


def host_median(fn):
    fn()
    times = []
    for _ in range(REPS):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


print("## 1. host arrays, 10^6 rows (median of %d, seconds)" % REPS)
for name, ours, theirs in (
        ("permutations(12) from rank 10^8", lambda: kperm.permutations(12, 10 ** 8, 10 ** 6),
         lambda: np.array(list(itertools.islice(itertools.permutations(range(12)), 10 ** 8, 10 ** 8 + 10 ** 6)),
                          np.uint8)),
        ("permutations(12) from rank 0", lambda: kperm.permutations(12, 0, 10 ** 6),
         lambda: np.array(list(itertools.islice(itertools.permutations(range(12)), 10 ** 6)), np.uint8)),
        ("combinations(52, 7) from rank 0", lambda: kperm.combinations(52, 7, 0, 10 ** 6),
         lambda: np.array(list(itertools.islice(itertools.combinations(range(52), 7), 10 ** 6)), np.uint8)),
        ("unrank(array of 10^6 ranks, 12)", lambda: kperm.unrank(np.arange(10 ** 6, dtype=np.uint64) * 400, 12),
         None)):
    a = host_median(ours)
    if theirs is None:
        print("| %s | %.3f s | | |" % (name, a))
        continue
    b = host_median(theirs)
    print("| %s | %.3f s | itertools %.3f s | %.1fx |" % (name, a, b, b / a))

try:
    import cupy
    cupy.cuda.runtime.getDeviceCount()
except Exception as e:
    print("SKIP parts 2 and 3: no CuPy or no GPU (%s)" % e)
    sys.exit(0)
import kperm.cupy  # noqa: E402


def gpu_median(fn):
    fn()
    cupy.cuda.runtime.deviceSynchronize()
    times = []
    for _ in range(REPS):
        start, stop = cupy.cuda.Event(), cupy.cuda.Event()
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(cupy.cuda.get_elapsed_time(start, stop) / 1e3)
    return statistics.median(times)


props = cupy.cuda.runtime.getDeviceProperties(0)
print("\n## 2. device arrays on %s (median of %d)" % (props["name"].decode(), REPS))
rows = math.factorial(12)
buf = cupy.empty(rows * 12, cupy.uint8)
store = cupy.RawKernel(r"""extern "C" __global__ void store(uint4 *out, unsigned long long words) {
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < words;
         i += (unsigned long long)gridDim.x * blockDim.x)
        out[i] = make_uint4(0, 0, 0, 0);
}""", "store")
# the write ceiling as bench_cuda measures it: a plain kernel of 16-byte stores
ceiling = rows * 12 / gpu_median(lambda: store((props["multiProcessorCount"] * 8,), (512,),
                                               (buf, np.uint64(rows * 12 // 16))))
memset = rows * 12 / gpu_median(lambda: cupy.cuda.runtime.memsetAsync(buf.data.ptr, 0, buf.nbytes, 0))
del buf
print("write ceiling over %.2f GB: plain 16-byte stores %.1f GB/s (cudaMemset %.1f GB/s)"
      % (rows * 12 / 1e9, ceiling / 1e9, memset / 1e9))
for name, call, size in (("permutations(12), all 12!", lambda: kperm.cupy.permutations(12), rows * 12),
                         ("permutations(12, 10^8, 10^8)", lambda: kperm.cupy.permutations(12, 10 ** 8, 10 ** 8),
                          10 ** 8 * 12),
                         ("permutations(13, 1, 10^8), a start off 4!", lambda: kperm.cupy.permutations(13, 1, 10 ** 8),
                          10 ** 8 * 13),
                         ("permutations(16, 0, 10^8)", lambda: kperm.cupy.permutations(16, 0, 10 ** 8), 10 ** 8 * 16),
                         ("combinations(52, 7), all", lambda: kperm.cupy.combinations(52, 7), math.comb(52, 7) * 7),
                         ("k_permutations(16, 6), all", lambda: kperm.cupy.k_permutations(16, 6), math.perm(16, 6) * 6),
                         ("multiset_permutations([3]*4), all", lambda: kperm.cupy.multiset_permutations([3] * 4),
                          369600 * 12)):
    t = gpu_median(call)
    print("| %s | %.2f ms | %.1f GB/s | %.1f%% of the write ceiling (%.1f%% of cudaMemset's) |"
          % (name, t * 1e3, size / t / 1e9, 100 * size / t / ceiling, 100 * size / t / memset))
    cupy.get_default_memory_pool().free_all_blocks()
try:
    import torch
except ImportError:
    print("SKIP torch.combinations: no PyTorch")
else:
    for n, k in ((32, 5), (52, 4), (40, 5)):
        x = torch.arange(n, device="cuda", dtype=torch.uint8)
        theirs = gpu_median(lambda: torch.combinations(x, k))
        ours = gpu_median(lambda: torch.from_dlpack(kperm.cupy.combinations(n, k)))
        same = (torch.combinations(x, k).cpu().numpy() == kperm.combinations(n, k)).all()
        print("| combinations(%d, %d), %d rows | kperm.cupy %.3f ms | torch.combinations %.3f ms | %.1fx | equal: %s |"
              % (n, k, math.comb(n, k), ours * 1e3, theirs * 1e3, theirs / ours, same))
        torch.cuda.empty_cache()
    try:
        torch.combinations(torch.arange(52, device="cuda", dtype=torch.uint8), 7)
        print("torch.combinations(52, 7): ran")
    except Exception as e:  # what a user meets: the n^k meshgrid
        print("torch.combinations(52, 7): %s" % str(e).splitlines()[0][:160])

if not hasattr(np, "row_stack"):  # numba-cuda 0.30 reads np.row_stack, which numpy 2.5 removed
    np.row_stack = np.vstack
try:
    from numba import cuda
    import kperm.numba as kn
    from kperm.numba import STATE_WORDS
except ImportError as e:
    print("SKIP part 3: %s" % e)
    sys.exit(0)

IDENT = sum(i << (4 * i) for i in range(13))
ONES = sum(1 << (4 * i) for i in range(13))


@cuda.jit
def derangements_numba(n, total, out):
    t = cuda.grid(1)
    part = cuda.local.array(2, np.uint64)
    w = cuda.local.array(STATE_WORDS, np.uint64)
    kn.split(0, total, cuda.gridsize(1), t, part)
    kn.walk_init(w, n, part[0], part[1])
    found = 0
    while kn.walk_block(w):
        for k in range(kn.walk_first(w), kn.walk_last(w)):
            x = kn.walk_word(w, k) ^ np.uint64(IDENT)  # a 0 nibble: a fixed point
            found += ((x - np.uint64(ONES)) & ~x & np.uint64(8 * ONES)) == 0
    out[t] = found


SRC = r"""
#include "kperm_cuda_device.h"
extern "C" __global__ void derangements(int n, unsigned long long total, unsigned long long *out) {
    kperm_rank b, e;  kperm_walk w;  unsigned long long found = 0;
    kperm_u64 t = (kperm_u64)blockIdx.x * blockDim.x + threadIdx.x, threads = (kperm_u64)gridDim.x * blockDim.x;
    kperm_split(0, total, threads, t, &b, &e);
    kperm_walk_init(&w, n, b, e);
    while (kperm_walk_block(&w))
        for (kperm_u32 k = w.first; k < w.last; k++) {
            kperm_u64 x = kperm_walk_word(&w, k) ^ %dULL;  /* a 0 nibble: a fixed point */
            found += ((x - %dULL) & ~x & %dULL) == 0;
        }
    out[t] = found;
}""" % (IDENT, ONES, 8 * ONES)
blocks, threads = props["multiProcessorCount"] * 16, 256
total = kperm.count(13)
out = cupy.zeros(blocks * threads, cupy.uint64)
mod = cupy.RawModule(code=SRC, options=kperm.cuda_options())
kperm.cupy.upload_tables(mod)
c_kernel = mod.get_function("derangements")
t_c = gpu_median(lambda: c_kernel((blocks,), (threads,), (np.int32(13), np.uint64(total), out)))
found_c = int(out.sum())
out[:] = 0
t_numba = gpu_median(lambda: derangements_numba[blocks, threads](13, total, out))
found_numba = int(out.sum())
print("\n## 3. derangements of 13 (%d blocks of %d threads, median of %d)" % (blocks, threads, REPS))
print("| CUDA C (CuPy RawModule) | %.2f ms | %.1f G/s | %d |" % (t_c * 1e3, total / t_c / 1e9, found_c))
print("| Numba (kperm.numba) | %.2f ms | %.1f G/s | %d |" % (t_numba * 1e3, total / t_numba / 1e9, found_numba))
print("Numba / CUDA C time: %.3f (target <= 1.5); counts equal: %s" % (t_numba / t_c, found_c == found_numba == 2290792932))
