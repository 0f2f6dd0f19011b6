/* held_karp.h - the optimal tour length by Held-Karp dynamic programming over
 * subsets: the reference every TSP result is checked against. */
#ifndef BENCH_HELD_KARP_H
#define BENCH_HELD_KARP_H

#include <stdlib.h>
#include "tsplib.h"

static unsigned long long held_karp(const tsp_instance *t)
{
    int n = t->n, m = n - 1, full = (1 << m) - 1, mask, j, k;
    unsigned long long *dp = (unsigned long long *)malloc(sizeof *dp * (size_t)(full + 1) * (size_t)m),
                       best = ~0ULL;
    for (mask = 1; mask <= full; mask++)
        for (j = 0; j < m; j++) {
            unsigned long long v = ~0ULL;
            if (!(mask >> j & 1))
                continue;
            if (mask == 1 << j)
                v = t->dist[j + 1];
            else
                for (k = 0; k < m; k++)
                    if (k != j && (mask >> k & 1) && dp[(size_t)(mask ^ 1 << j) * m + k] != ~0ULL) {
                        unsigned long long c = dp[(size_t)(mask ^ 1 << j) * m + k] + t->dist[(k + 1) * n + j + 1];
                        if (c < v)
                            v = c;
                    }
            dp[(size_t)mask * m + j] = v;
        }
    for (j = 0; j < m; j++) {
        unsigned long long c = dp[(size_t)full * m + j] + t->dist[(j + 1) * n];
        if (c < best)
            best = c;
    }
    free(dp);
    return best;
}

#endif
