/* bench_tsp_cpu.c - the C backend's search on one core, in one run: the block
 * search before the 6! block tree (tsp_v1.h: blocks of 5!, scalar), the block search
 * of every backend now (blocks of 6!, scalar), and the vector paths of
 * tsp_simd.c on each instruction set this CPU has. Single-threaded, so the
 * rates are per core; every method's (length, rank) must equal the others'
 * and the optimum Held-Karp's. Medians of 3 (wall clock, CLOCK_MONOTONIC).
 *
 *   bench_tsp_cpu [DATA_DIR] */
#include "tsp_simd.h"
#include "tsp_search.h"
#include "tsp_v1.h"
#include "held_karp.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { V1, SCALAR, AVX2, AVX512, METHODS };
static const char *names[METHODS] = {"scalar, previous (5!)", "scalar (6!)", "avx2", "avx512"};
static const char *sets[METHODS] = {NULL, "scalar", "avx2", "avx512"};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* one whole search by method m: seconds; (*len, *rank) its answer */
static double search(int m, const tsp_instance *t, kperm_u64 *len, kperm_rank *rank)
{
    kperm_rank total = 0;
    tsp_task task;
    double t0;
    kperm_count(t->n - 1, &total);
    task = tsp_task_on(tsp_task_of(0, total, TSP_NONE, 0), t->n, t->symmetric, TSP_BLOCKS);
    *len = TSP_NONE;
    *rank = TSP_NONE;
    t0 = now();
    if (m == V1)
        tsp_v1_search_blocks(t->dist, t->n, t->symmetric, 0, total / TSP_V1_BLOCK, len, rank);
    else
        tsp_simd_search(t->dist, &task, 0, 1, len, rank);
    return now() - t0;
}

static void instance(const tsp_instance *t)
{
    kperm_u64 opt = held_karp(t), len[METHODS], l;
    kperm_rank rank[METHODS], r, total = 0;
    double s[METHODS];
    int m, rep;
    kperm_count(t->n - 1, &total);
    for (m = 0; m < METHODS; m++) {
        double runs[3];
        if (sets[m]) {
            setenv("KPERM_TSP_SIMD", sets[m], 1);
            if (strcmp(tsp_simd_name(), sets[m]) != 0) {
                printf("| %-16s | %2d | %-28s | not on this CPU | | | |\n", t->name, t->n, names[m]);
                s[m] = 0;
                continue;
            }
        }
        for (rep = 0; rep < 3; rep++)
            runs[rep] = search(m, t, &len[m], &rank[m]);
        s[m] = runs[0] < runs[1] ? (runs[1] < runs[2] ? runs[1] : runs[0] < runs[2] ? runs[2] : runs[0])
                                 : (runs[0] < runs[2] ? runs[0] : runs[1] < runs[2] ? runs[2] : runs[1]);
        l = len[m];
        r = rank[m];
        if (l != opt || r != rank[V1]) {
            printf("%s %s: WRONG, length %llu (Held-Karp %llu), rank %llu (before: %llu)\n", t->name, names[m], l, opt,
                   r, rank[V1]);
            exit(1);
        }
        printf("| %-16s | %2d | %-28s | %8.3f | %9.4g | %5.2fx |\n", t->name, t->n, names[m], s[m],
               (double)(t->symmetric ? total / 2 : total) / s[m], s[V1] / s[m]);
    }
}

int main(int argc, char **argv)
{
    static tsp_instance t;
    char err[TSP_ERR_SIZE], path[600];
    printf("one core; tours per second count each symmetric tour once; median of 3\n");
    printf("| instance | n | method | s | tours/s per core | vs before |\n|---|---|---|---|---|---|\n");
    if (tsp_random(13, 1, &t, err, sizeof err) == 0)
        instance(&t);
    snprintf(path, sizeof path, "%s/burma14.tsp", argc > 1 ? argv[1] : "data");
    if (tsp_read(path, &t, err, sizeof err)) {
        printf("bench_tsp_cpu: %s\n", err);
        return 1;
    }
    instance(&t);
    return 0;
}
