/* derangements.h - the program every CMake consumer runs, compiled as C, C++,
 * CUDA (host and device) and OpenCL C: how many of the permutations of n with
 * ranks first .. first + count - 1 have no fixed point, walking them with
 * kperm_next from kperm_unrank(first); -1 if either fails. The consumers split
 * the 7! = 5040 permutations of 7 into 7 chunks of 720 (the ranks that start
 * with 0, with 1, ...): !7 = 1854 derangements in all. */
#ifndef CONSUMER_DERANGEMENTS_H
#define CONSUMER_DERANGEMENTS_H

#define DERANGE_N 7
#define DERANGE_CHUNK 720
#define DERANGE_WANT 1854

#ifdef __CUDACC__
#define DERANGE_FN static __host__ __device__
#else
#define DERANGE_FN static
#endif

DERANGE_FN int derangements(kperm_rank first, int count, int n)
{
    kperm_u8 p[KPERM_MAX_N];
    int found = 0, i, fixed;
    if (kperm_unrank(first, n, p) != KPERM_OK)
        return -1;
    while (count-- > 0) {
        for (fixed = 0, i = 0; i < n; i++)
            fixed |= p[i] == i;
        found += !fixed;
        if (kperm_next(p, n) == KPERM_END && count > 0)
            return -1;
    }
    return found;
}

#endif
