"""test_cupy.py - the installed kperm package with CuPy (on a GPU machine):
the cross-backend vectors compiled by NVRTC through cupy.RawModule with
kperm.cuda_options(), first before kperm.cupy.upload_tables (every call
that needs a table must give KPERM_E_TABLES), then after it, byte-identical
to host C.   python test_cupy.py FIXTURES_DIR TESTS_DIR"""
import os
import sys

import kperm
import kperm.cupy

fixtures, tests = sys.argv[1], sys.argv[2]
try:
    import cupy
    import numpy as np

    cupy.cuda.runtime.getDeviceCount()
except Exception as e:  # no CuPy, or no GPU
    print("SKIP python: CuPy vectors: %s" % e)
    sys.exit(0)

SRC = r'''
#include "kperm_cuda_device.h"
#define KPERM_TEST_GLOBAL
#include "lex_body.h"
extern "C" __global__ void kperm_test_lex(const kperm_u64 *in, kperm_u8 *out, unsigned count)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count)
        kperm_test_lex_body(i, in, out);
}
'''
vin = np.fromfile(os.path.join(fixtures, "vectors_in.bin"), dtype=np.uint64)
want = np.fromfile(os.path.join(fixtures, "vectors_want.bin"), dtype=np.uint8)
count = len(vin) // 5
record = len(want) // count  # the bytes of one vector's record
mod = cupy.RawModule(code=SRC, options=kperm.cuda_options() + ("-I" + tests,))
kernel = mod.get_function("kperm_test_lex")
din = cupy.asarray(vin)
failed = 0
for uploaded in (False, True):
    if uploaded:
        kperm.cupy.upload_tables(mod)
    dout = cupy.full(count * record, 0x5A, dtype=cupy.uint8)
    kernel(((count + 127) // 128,), (128,), (din, dout, np.uint32(count)))
    got = cupy.asnumpy(dout)
    if uploaded:
        bad = np.nonzero(got != want)[0]
        ok = len(bad) == 0
        what = "after kperm.cupy.upload_tables: byte-identical to host C"
    else:  # kind 0 (unrank) records: status byte KPERM_E_TABLES (-6)
        kinds = vin[0::5]
        ok = bool(np.all(got.reshape(count, record)[kinds == 0, 0] == 256 - 6))
        what = "before the upload: unrank gives KPERM_E_TABLES"
    print(("PASS" if ok else "FAIL") + " python: CuPy RawModule lex vectors (%d) %s on %s"
          % (count, what, cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()))
    failed += not ok
sys.exit(failed != 0)
