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
