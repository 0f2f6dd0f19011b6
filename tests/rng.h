/* rng.h - splitmix64, the tests' one pseudo-random source; each test keeps
 * its own state (and seed), so its sequence does not depend on the others. */
#ifndef KPERM_TEST_RNG_H
#define KPERM_TEST_RNG_H

static inline unsigned long long test_splitmix(unsigned long long *state)
{
    unsigned long long z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#endif
