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
