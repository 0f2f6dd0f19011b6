/* tsp_unit_costs.c - where a pruned search's work lies: every unit of an
 * instance (tsp_units.h) searched alone by the C backend on one thread,
 * with the start's first tour as the shortest known, and the units that
 * cost the most with their share of the whole. A unit is what the run
 * engine hands a rank (MPI) or a backend: a search whose work sits in one
 * unit cannot be shared among ranks.
 *
 *   tsp_unit_costs FILE [CITIES]   (CITIES: a unit's fixed cities; default
 *                                  kperm-tsp's) */
#include "tsp_backend.h"
#include "tsp_start.h"
#include "tsp_units.h"
#include "tsplib.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SHOWN 5            /* the costliest units listed */
#define MAX_UNITS 100000000 /* units timed one by one: at most this many */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    static tsp_instance inst;
    static tsp_relax relax;
    kperm_u64 bound, top[SHOWN] = {0};
    double cost[SHOWN] = {0}, sum = 0;
    char err[TSP_ERR_SIZE];
    tsp_backend b;
    tsp_place place;
    kperm_rank total, u;
    double units = 1;
    char *end = NULL;
    long p = 0;
    int i, k;
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: tsp_unit_costs FILE [CITIES]\n");
        return 2;
    }
    if (tsp_read(argv[1], &inst, err, sizeof err)) {
        fprintf(stderr, "tsp_unit_costs: %s\n", err);
        return 2;
    }
    if (argc == 3)
        p = strtol(argv[2], &end, 10);
    else
        p = tsp_unit_cities(inst.n, 1);
    for (i = 0; i < p && i < inst.n - 1; i++)
        units *= (double)(inst.n - 1 - i);
    if ((argc == 3 && (*argv[2] == '\0' || *end != '\0')) || p < 1 || p > inst.n - 1 || units > MAX_UNITS) {
        fprintf(stderr, "tsp_unit_costs: CITIES '%s': 1..%d, and at most %d units\n", argc == 3 ? argv[2] : "",
                inst.n - 1, MAX_UNITS);
        return 2;
    }
    tsp_start(&inst, &relax, &bound);
    memset(&place, 0, sizeof place);
    place.threads = 1;
    place.prune = 1;
    place.quiet = 1;
    place.relax = &relax;
    if (tsp_cpu_open(&b, &inst, 0, &place, err, sizeof err)) {
        fprintf(stderr, "tsp_unit_costs: %s\n", err);
        return 4;
    }
    total = tsp_unit_total(inst.n, (int)p);
    for (u = 0; u < total; u++) {
        tsp_task t = tsp_task_of(u, u + 1, relax.first.length, (int)p);
        double s = now(), c;
        if (b.search(&b, &t, err, sizeof err)) {
            fprintf(stderr, "tsp_unit_costs: %s\n", err);
            return 4;
        }
        c = now() - s;
        sum += c;
        for (i = 0; i < SHOWN && cost[i] >= c; i++)
            ;
        for (k = SHOWN - 1; k > i; k--) {
            cost[k] = cost[k - 1];
            top[k] = top[k - 1];
        }
        if (i < SHOWN) {
            cost[i] = c;
            top[i] = (kperm_u64)u;
        }
    }
    b.close(&b);
    printf("%s: %d cities, units of %ld cities: %llu units, %.3f s on one thread; first tour %llu, bound %llu\n",
           argv[1], inst.n, p, (unsigned long long)total, sum, (unsigned long long)relax.first.length,
           (unsigned long long)bound);
    for (i = 0; i < SHOWN && i < (int)total; i++)
        printf("  unit %llu: %.3f s, %.1f%%\n", (unsigned long long)top[i], cost[i], sum > 0 ? 100 * cost[i] / sum : 0);
    return 0;
}
