/* test_cuda.cu - the lexicographic vectors on the GPU, byte for byte against
 * host C, and the documented behaviour of a kernel launched before
 * kperm_cuda_upload_tables(). Prints SKIP lines where no GPU works. */
#include "kperm_cuda.h"
#define KPERM_TEST_GLOBAL
#include "lex_body.h"
#include "lex_vectors.h"
#include "check.h"
#include <stdlib.h>
#include <string.h>

__global__ void lex_kernel(const kperm_u64 *in, kperm_u8 *out, unsigned count)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count)
        kperm_test_lex_body(i, in, out);
}

/* runs the kernel over the vectors; 0 on success */
static int run(const unsigned long long *in, unsigned char *got, size_t count)
{
    kperm_u64 *din = NULL;
    kperm_u8 *dout = NULL;
    size_t out_size = count * KPERM_TEST_RECORD;
    cudaError_t e = cudaMalloc(&din, count * KPERM_TEST_WORDS * sizeof *din);
    if (e == cudaSuccess) e = cudaMalloc(&dout, out_size);
    if (e == cudaSuccess) e = cudaMemcpy(din, in, count * KPERM_TEST_WORDS * sizeof *din, cudaMemcpyHostToDevice);
    if (e == cudaSuccess) e = cudaMemset(dout, 0x5a, out_size);
    if (e == cudaSuccess) {
        lex_kernel<<<(unsigned)((count + 127) / 128), 128>>>(din, dout, (unsigned)count);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess) e = cudaMemcpy(got, dout, out_size, cudaMemcpyDeviceToHost);
    cudaFree(din);
    cudaFree(dout);
    if (e != cudaSuccess)
        check_fail("CUDA error: %s", cudaGetErrorString(e));
    return e != cudaSuccess;
}

/* Before the upload every call that needs a table returns KPERM_E_TABLES (even
 * for a bad n: the missing table is checked first) and leaves its output as it
 * was; the table-free calls (split, multisets and their plans,
 * k-permutations, 128-bit counts and combinations with 128-bit ranks, the
 * Gray code, the revolving door's next) still work. */
static void check_before_upload(const unsigned long long *in, const unsigned char *got,
                                const unsigned char *want, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++) {
        const unsigned char *g = got + i * KPERM_TEST_RECORD, *w = want + i * KPERM_TEST_RECORD;
        int j;
        if (in[5 * i] == 0) {
            CHECK((signed char)g[0] == KPERM_E_TABLES, "vector %zu: unrank gave %d", i, (signed char)g[0]);
            for (j = 0; j < KPERM_MAX_N; j++)
                CHECK(g[1 + j] == KPERM_TEST_POISON, "vector %zu: unrank wrote its output", i);
            CHECK((signed char)g[72] == KPERM_E_TABLES, "vector %zu: count gave %d", i, (signed char)g[72]);
            for (j = 0; j < 8; j++)
                CHECK(g[73 + j] == (unsigned char)(0xfedcba9876543210ULL >> (8 * j)),
                      "vector %zu: count wrote its output", i);
        } else if (in[5 * i] == 6) { /* unrank128 reads the factorials; count128 needs none */
            CHECK((signed char)g[0] == KPERM_E_TABLES, "vector %zu: unrank128 gave %d", i, (signed char)g[0]);
            for (j = 0; j < KPERM_MAX_N128; j++)
                CHECK(g[1 + j] == KPERM_TEST_POISON, "vector %zu: unrank128 wrote its output", i);
            CHECK(memcmp(g + 52, w + 52, 17) == 0, "vector %zu: count128 needs no table but differs", i);
        } else if (in[5 * i] == 13) { /* combinations read the binomials */
            CHECK((signed char)g[0] == KPERM_E_TABLES && (signed char)g[33] == KPERM_E_TABLES,
                  "vector %zu: comb_unrank gave %d, %d", i, (signed char)g[0], (signed char)g[33]);
            for (j = 0; j < 8; j++)
                CHECK(g[34 + j] == (unsigned char)(0x0123456789abcdefULL >> (8 * j)),
                      "vector %zu: comb_unrank_mask wrote its output", i);
        } else if (in[5 * i] == 16) { /* plain changes: unrank and the cursor read the factorials */
            CHECK((signed char)g[0] == KPERM_E_TABLES && (signed char)g[30] == KPERM_E_TABLES && g[31] == 0,
                  "vector %zu: sjt_unrank gave %d, cursor %d", i, (signed char)g[0], (signed char)g[30]);
        } else if (in[5 * i] == 20) { /* the revolving door: all but next read the binomials */
            CHECK((signed char)g[0] == KPERM_E_TABLES && (signed char)g[9] == KPERM_E_TABLES &&
                      (signed char)g[43] == KPERM_E_TABLES,
                  "vector %zu: revdoor unrank gave %d, rank_of %d, cursor %d", i, (signed char)g[0], (signed char)g[9],
                  (signed char)g[43]);
            for (j = 0; j < 8; j++)
                CHECK(g[1 + j] == (unsigned char)(0x0123456789abcdefULL >> (8 * j)) && g[10 + j] == g[1 + j] &&
                          g[44 + j] == 0,
                      "vector %zu: revdoor unrank or rank_of wrote its output, or the cursor visited", i);
            CHECK(memcmp(g + 18, w + 18, 25) == 0, "vector %zu: revdoor next needs no table but differs", i);
        } else if (in[5 * i] == 1 || in[5 * i] == 4 || in[5 * i] == 5 || in[5 * i] == 9 || in[5 * i] == 10 ||
                   in[5 * i] == 15 || in[5 * i] == 17 || in[5 * i] == 19 || in[5 * i] == 21) { /* 21: strerror */
            CHECK(memcmp(g, w, KPERM_TEST_RECORD) == 0, "vector %zu (kind %llu) needs no table but differs", i, in[5 * i]);
        } else if (in[5 * i] == 3) {
            CHECK((signed char)g[0] == KPERM_E_TABLES, "vector %zu: unrank_packed gave %d", i, (signed char)g[0]);
            for (j = 0; j < 8; j++)
                CHECK(g[1 + j] == (unsigned char)(0x0123456789abcdefULL >> (8 * j)),
                      "vector %zu: unrank_packed wrote its output", i);
            CHECK(memcmp(g + 9, w + 9, 8) == 0, "vector %zu: arrange_packed needs no table but differs", i);
        } else if (in[5 * i] == 11) { /* the skips: kperm_skip_rank needs the factorials */
            CHECK((signed char)g[21] == KPERM_E_TABLES && g[22] == 77,
                  "vector %zu: skip_rank gave %d or wrote its output", i, (signed char)g[21]);
        } else { /* the cursors and the block walk (kinds 2, 7, 8, 12, 14) */
            CHECK((signed char)g[0] == KPERM_E_TABLES && g[1] == 0,
                  "vector %zu: cursor_init gave %d and visited", i, (signed char)g[0]);
        }
    }
}

int main(void)
{
    int ndev = 0;
    cudaDeviceProp prop;
    unsigned long long *in;
    size_t count;
    unsigned char *want, *got;
    char name[512];
    if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
        check_skip("cuda lex vectors before the table upload", "no CUDA device");
        check_skip("cuda lex vectors", "no CUDA device");
        return 0;
    }
    cudaGetDeviceProperties(&prop, 0);
    count = kperm_test_lex_vectors(&in);
    want = (unsigned char *)malloc(count * KPERM_TEST_RECORD);
    got = (unsigned char *)malloc(count * KPERM_TEST_RECORD);
    kperm_test_lex_host(in, want, count);

    snprintf(name, sizeof name, "cuda lex vectors (%zu) before the table upload: KPERM_E_TABLES, outputs untouched, on %s", count, prop.name);
    check_begin(name);
    if (run(in, got, count) == 0)
        check_before_upload(in, got, want, count);
    check_end();

    snprintf(name, sizeof name, "cuda lex vectors (%zu) byte-identical to host C on %s", count, prop.name);
    check_begin(name);
    if (kperm_cuda_upload_tables() != cudaSuccess)
        check_fail("kperm_cuda_upload_tables failed");
    else if (run(in, got, count) == 0 && kperm_test_lex_compare(in, got, want, count) != count)
        check_fail("records differ from host C");
    check_end();
    free(in);
    free(want);
    free(got);
    return check_any_failed;
}
