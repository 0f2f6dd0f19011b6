"""test_cupy_arrays.py - kperm.cupy.permutations, combinations,
k_permutations and multiset_permutations made on the GPU, against the host's
kperm.permutations and the others (themselves tested against itertools by
test_arrays.py): whole spaces, ranges that start and end inside a kernel
block, ranges past 2^32, bad arguments; and zero-copy to PyTorch through
DLPack where PyTorch is present. Prints SKIP without CuPy or a GPU.
    python test_cupy_arrays.py"""
import sys

import kperm

try:
    import cupy
    import numpy as np

    cupy.cuda.runtime.getDeviceCount()
except Exception as e:  # no CuPy, or no GPU
    print("SKIP python: kperm.cupy arrays: %s" % e)
    sys.exit(0)
import kperm.cupy  # noqa: E402

failed = 0


def check(ok, what):
    global failed
    print("%s cupy arrays: %s" % ("PASS" if ok else "FAIL", what))
    failed += not ok


def same(device, host):
    return device.dtype == cupy.uint8 and device.shape == host.shape and (device.get() == host).all()


ok = True
for n in range(1, 10):  # every permutation, and ranges across the 4096-row kernel blocks
    ok &= same(kperm.cupy.permutations(n), kperm.permutations(n))
    total = kperm.count(n)
    for start, count in ((total // 3, total // 3 + 1), (4095, 4098), (total - 1, 1), (total, 0)):
        if start + count <= total:
            ok &= same(kperm.cupy.permutations(n, start, count), kperm.permutations(n, start, count))
check(ok, "permutations of n = 1..9: whole, and ranges across blocks")
ok = True
for n, start, count in ((12, 123456789, 1000003), (13, 2 ** 32 - 5000, 10000), (20, 2 ** 61 + 12345, 70000),
                        (17, 3 * 10 ** 14, 5000)):
    ok &= same(kperm.cupy.permutations(n, start, count), kperm.permutations(n, start, count))
check(ok, "permutations of 12, 13, 17, 20 from ranks past 2^32 and 2^61")
ok = True
for n in (5, 13, 14, 15, 16):  # the block path, from starts off its multiples of 4! and of 4 bytes
    for start in (1, 3, 7, 13, 23, 10 ** 6 + 5):
        for count in (1, 5, 4099, 70001):
            if start + count <= kperm.count(n):
                ok &= same(kperm.cupy.permutations(n, start, count), kperm.permutations(n, start, count))
    ok &= same(kperm.cupy.permutations(np.int64(n), np.uint64(77), np.int32(40)), kperm.permutations(n, 77, 40))
check(ok, "permutations of 5, 13..16 from unaligned starts, counts ending mid-block; numpy integers as arguments")
ok = True
for n in range(0, 12):
    for k in range(0, n + 1):
        ok &= same(kperm.cupy.combinations(n, k), kperm.combinations(n, k))
for n, k, start, count in ((52, 7, 10 ** 8, 300000), (64, 32, 2 ** 60, 5000), (64, 1, 0, 64), (40, 20, 7, 9000)):
    ok &= same(kperm.cupy.combinations(n, k, start, count), kperm.combinations(n, k, start, count))
check(ok, "combinations: every (n, k) up to 11 whole, C(52, 7), C(64, 32) past 2^60, C(40, 20)")
ok = True
for n, k in ((1, 1), (5, 2), (7, 7), (9, 4), (12, 3)):
    ok &= same(kperm.cupy.k_permutations(n, k), kperm.k_permutations(n, k))
for n, k, start, count in ((64, 8, 2 ** 40, 20000), (30, 13, 10 ** 15, 5000)):
    ok &= same(kperm.cupy.k_permutations(n, k, start, count), kperm.k_permutations(n, k, start, count))
check(ok, "k-permutations: whole spaces and P(64, 8), P(30, 13) past 2^40")
ok = True
for counts in ([1], [2, 1], [3, 0, 2], [2, 2, 2, 2], [1, 1, 1, 1, 1, 1, 1]):
    ok &= same(kperm.cupy.multiset_permutations(counts), kperm.multiset_permutations(counts))
for counts, start, count in (([4, 4, 4, 4, 4], 10 ** 9, 30000), ([1] * 10 + [5, 5], 10 ** 11, 20000)):
    ok &= same(kperm.cupy.multiset_permutations(counts, start, count),
               kperm.multiset_permutations(counts, start, count))
check(ok, "multiset permutations: whole spaces and 20 and 20 elements from ranks past 2^32")

for call, args, status in ((kperm.cupy.permutations, (21,), kperm.E_N), (kperm.cupy.permutations, (5, 121), kperm.E_RANK),
                           (kperm.cupy.permutations, (5, 100, 21), kperm.E_RANK),
                           (kperm.cupy.combinations, (65, 3), kperm.E_N), (kperm.cupy.combinations, (5, 6), kperm.E_N),
                           (kperm.cupy.k_permutations, (5, 0), kperm.E_N),
                           (kperm.cupy.multiset_permutations, ([1, -1],), kperm.E_N),
                           (kperm.cupy.permutations, (5, -1), kperm.E_RANK), (kperm.cupy.permutations, ("5",), kperm.E_ARG),
                           (kperm.cupy.permutations, (np.int64(21),), kperm.E_N),
                           (kperm.cupy.combinations, (np.int64(128), 64, 2 ** 100, 5), kperm.E_N)):
    try:
        call(*args)
        check(False, "%s%r raised nothing" % (call.__name__, args))
    except kperm.Error as e:
        check(e.status == status, "%s%r: %s" % (call.__name__, args, e))

try:
    import torch
except ImportError:
    print("SKIP cupy arrays: DLPack to PyTorch: no PyTorch")
else:
    rows = kperm.cupy.combinations(52, 7, 0, 1000)
    t = torch.from_dlpack(rows)
    rows[0, 0] = 51  # the tensor shares the array's memory
    check(t.shape == (1000, 7) and t.dtype == torch.uint8 and int(t[0, 0]) == 51 and t.is_cuda
          and t[1:].cpu().numpy().tolist() == kperm.combinations(52, 7, 1, 999).tolist(),
          "torch.from_dlpack(kperm.cupy.combinations(52, 7, 0, 1000)): zero-copy, same rows")
sys.exit(failed != 0)
