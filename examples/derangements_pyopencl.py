# derangements_pyopencl.py - the README's PyOpenCL example: derangements of
# 10 (no element in its own place), counted by kperm's walk on any OpenCL device.
import numpy as np
import pyopencl as cl
import kperm

SRC = kperm.cl_source() + r"""
__kernel void count(int n, ulong total, __global ulong *out) {
    kperm_rank b, e;  kperm_walk w;  ulong c = 0;
    kperm_split(0, total, get_global_size(0), get_global_id(0), &b, &e);
    kperm_walk_init(&w, n, b, e);
    while (kperm_walk_block(&w))
        for (uint k = w.first; k < w.last; k++) {
            ulong x = kperm_walk_word(&w, k) ^ 0x9876543210UL;  /* 0 nibble: a fixed point */
            c += ((x - 0x1111111111UL) & ~x & 0x8888888888UL) == 0;
        }
    out[get_global_id(0)] = c;
}"""
ctx = cl.create_some_context(interactive=False)
queue = cl.CommandQueue(ctx)
prog = cl.Program(ctx, SRC).build()
out = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, 8 * 4096)
prog.count(queue, (4096,), None, np.int32(10), np.uint64(3628800), out)
counts = np.empty(4096, np.uint64)
cl.enqueue_copy(queue, counts, out)
print("derangements of 10:", counts.sum())  # 1334961
