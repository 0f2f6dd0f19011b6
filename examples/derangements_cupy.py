# derangements_cupy.py - the README's CuPy example: derangements of 10 (no
# element in its own place), counted by kperm's walk in a CuPy RawModule.
import cupy as cp
import numpy as np
import kperm
import kperm.cupy

SRC = r"""
#include "kperm_cuda_device.h"
extern "C" __global__ void count(int n, unsigned long long total, unsigned long long *out) {
    kperm_rank b, e;  kperm_walk w;  unsigned long long c = 0;
    kperm_u64 t = (kperm_u64)blockIdx.x * blockDim.x + threadIdx.x, threads = (kperm_u64)gridDim.x * blockDim.x;
    kperm_split(0, total, threads, t, &b, &e);
    kperm_walk_init(&w, n, b, e);
    while (kperm_walk_block(&w))
        for (unsigned k = w.first; k < w.last; k++) {
            kperm_u64 x = kperm_walk_word(&w, k) ^ 0x9876543210ULL;  /* 0 nibble: a fixed point */
            c += ((x - 0x1111111111ULL) & ~x & 0x8888888888ULL) == 0;
        }
    out[t] = c;
}"""
mod = cp.RawModule(code=SRC, options=kperm.cuda_options())
kperm.cupy.upload_tables(mod)  # once, before the first kernel
out = cp.zeros(4096, dtype=cp.uint64)
mod.get_function("count")((16,), (256,), (np.int32(10), np.uint64(3628800), out))
print("derangements of 10:", int(out.sum()))  # 1334961
