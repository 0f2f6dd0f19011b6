/* tsp_bound.h - the pruned search's lower bound on the rest of a tour, one
 * source for the kernels (through tsp_search.h) and for the host, which
 * prunes whole units with it past 21 cities (tsp_units.c). */
#ifndef TSP_BOUND_H
#define TSP_BOUND_H

#include "kperm.h"
#include "tsp_types.h"

KPERM_FN kperm_u32 tsp_min32(kperm_u32 a, kperm_u32 b)
{
    return a < b ? a : b;
}

/* A lower bound on the rest of a tour whose path so far ends at city `last`:
 * through the cities city[left[0..r-1]] (r >= 1) and home to city 0. That
 * rest is an edge from last into them, a path through them, which is a
 * spanning tree of them, and an edge home: so it is at least the cheapest
 * such edges plus their least spanning tree (Prim's, O(r^2); an edge costs
 * the cheaper of its two directions, so ATSP is bounded too). */
KPERM_FN kperm_u64 tsp_rest_bound(const TSP_LOCAL kperm_u32 *d, int n, int last, const kperm_u8 *city,
                                  const kperm_u8 *left, int r)
{
    kperm_u32 key[TSP_MAX_CITIES], out = TSP_NONE32, home = TSP_NONE32;
    kperm_u64 tree = 0;
    kperm_u32 todo = ((kperm_u32)1 << r) - 2; /* left[0] starts the tree */
    int j, at = city[left[0]];
    for (j = 0; j < r; j++) {
        int c = city[left[j]];
        out = tsp_min32(out, d[last * n + c]);
        home = tsp_min32(home, d[c * n]);
        key[j] = TSP_NONE32;
    }
    while (todo) {
        kperm_u32 least = TSP_NONE32;
        int next = 0;
        for (j = 1; j < r; j++)
            if (todo >> j & 1) {
                int c = city[left[j]];
                key[j] = tsp_min32(key[j], tsp_min32(d[at * n + c], d[c * n + at]));
                if (key[j] < least) {
                    least = key[j];
                    next = j;
                }
            }
        tree += least;
        todo &= ~((kperm_u32)1 << next);
        at = city[left[next]];
    }
    return tree + out + home;
}

/* whether every city of city[left[0..r-1]] is below `first`: then every
 * tour of the prefix ends below its first city, the orientation a symmetric
 * instance does not count (tsp_search_range) */
KPERM_FN int tsp_all_below(const kperm_u8 *city, const kperm_u8 *left, int r, int first)
{
    int j;
    for (j = 0; j < r; j++)
        if (city[left[j]] > first)
            return 0;
    return 1;
}

/* the cities of `rest`, ascending, into city[]; how many */
KPERM_FN int tsp_sub_cities(kperm_u64 rest, kperm_u8 *city)
{
    int m = 0;
    for (; rest && m < TSP_MAX_CITIES; rest &= rest - 1)
        city[m++] = (kperm_u8)kperm_lowest64(rest);
    return m;
}

#endif /* TSP_BOUND_H */
