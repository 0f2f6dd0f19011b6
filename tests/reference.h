/* reference.h - the tests' independent reference for lexicographic ranks, in
 * the host compiler's unsigned __int128 so that one version serves the 64-bit
 * and the 128-bit API: factorials by multiplication, unrank by Wong's
 * article's scan of a taken[] array. */
#ifndef KPERM_TEST_REFERENCE_H
#define KPERM_TEST_REFERENCE_H

#if !defined(__SIZEOF_INT128__)
#error "the tests' reference needs unsigned __int128 (gcc or clang)"
#endif

__extension__ typedef unsigned __int128 u128; /* pedantic C99 has no 128-bit type */

/* C(d, j) for 0 <= j <= d <= 128 by Pascal's additions, an independent
 * table: test_pascal_fill() once, then test_pascal[d][j] */
static u128 test_pascal[129][129];

static inline void test_pascal_fill(void)
{
    int d, j;
    for (d = 0; d <= 128; d++)
        for (j = 0; j <= d; j++)
            test_pascal[d][j] = j == 0 || j == d ? 1 : test_pascal[d - 1][j - 1] + test_pascal[d - 1][j];
}

static inline u128 fact128(int n)
{
    u128 f = 1;
    int i;
    for (i = 2; i <= n; i++)
        f *= (u128)i;
    return f;
}

static inline void ref_unrank128(u128 r, int n, kperm_u8 *p)
{
    int taken[64] = {0}, i, j;
    for (i = 0; i < n; i++) {
        u128 f = fact128(n - 1 - i), d = r / f;
        r %= f;
        for (j = 0;; j++)
            if (!taken[j] && d-- == 0)
                break;
        taken[j] = 1;
        p[i] = (kperm_u8)j;
    }
}

#endif
