/* lex_kernel.cl - the OpenCL driver's kernel around tests/lex_body.h. The test
 * puts the kperm core in front of it either as #include "kperm.cl" (with -I) or
 * as the kperm_cl_source() string. */
#define KPERM_TEST_GLOBAL __global
#include "lex_body.h"

__kernel void kperm_test_lex(__global const ulong *in, __global uchar *out, uint count)
{
    uint i = (uint)get_global_id(0);
    if (i < count)
        kperm_test_lex_body(i, in, out);
}

/* kperm_comb_unrank_mask_in over a table in a __global buffer: in holds
 * (n, k, rank) triples, out receives each call's status and mask */
__kernel void kperm_test_comb_in(__global const ulong *binomials, __global const ulong *in, __global ulong *out,
                                 uint count)
{
    uint i = (uint)get_global_id(0);
    ulong mask = 0x5a5a;
    if (i < count) {
        out[2 * i] = (ulong)(long)kperm_comb_unrank_mask_in(binomials, in[3 * i + 2], (int)in[3 * i], (int)in[3 * i + 1], &mask);
        out[2 * i + 1] = mask;
    }
}
