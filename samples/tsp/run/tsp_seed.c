/* tsp_seed.c - the pruned search's first tour (see tsp_seed.h). */
#include "tsp_seed.h"
#include <string.h>

static unsigned long long tour_length(const tsp_instance *inst, const int *t)
{
    unsigned long long sum = 0;
    int i;
    for (i = 0; i < inst->n; i++)
        sum += inst->dist[t[i] * inst->n + t[(i + 1) % inst->n]];
    return sum;
}

/* t[a..b] reversed (2-opt) */
static void reverse(int *t, int a, int b)
{
    for (; a < b; a++, b--) {
        int x = t[a];
        t[a] = t[b];
        t[b] = x;
    }
}

/* t[a..a+len-1] moved to stand before position `to` of what remains */
static void move(int *t, int n, int a, int len, int to)
{
    int seg[3], rest[TSP_MAX_CITIES], k = 0, i;
    memcpy(seg, t + a, sizeof *seg * (size_t)len);
    for (i = 0; i < n; i++)
        if (i < a || i >= a + len)
            rest[k++] = t[i];
    memcpy(t, rest, sizeof *t * (size_t)to);
    memcpy(t + to, seg, sizeof *seg * (size_t)len);
    memcpy(t + to + len, rest + to, sizeof *t * (size_t)(k - to));
}

/* the first improving move of t applied: 1, or 0 when none improves */
static int improve(const tsp_instance *inst, int *t, unsigned long long *len)
{
    int n = inst->n, a, b, k, to, trial[TSP_MAX_CITIES];
    for (a = 1; a < n; a++) /* city 1 (index 0) stays first */
        for (b = a + 1; b < n; b++) {
            memcpy(trial, t, sizeof *t * (size_t)n);
            reverse(trial, a, b);
            if (tour_length(inst, trial) < *len) {
                memcpy(t, trial, sizeof *t * (size_t)n);
                *len = tour_length(inst, t);
                return 1;
            }
        }
    for (k = 1; k <= 3; k++)
        for (a = 1; a + k <= n; a++)
            for (to = 1; to <= n - k; to++) {
                memcpy(trial, t, sizeof *t * (size_t)n);
                move(trial, n, a, k, to);
                if (tour_length(inst, trial) < *len) {
                    memcpy(t, trial, sizeof *t * (size_t)n);
                    *len = tour_length(inst, t);
                    return 1;
                }
            }
    return 0;
}

unsigned long long tsp_seed_length(const tsp_instance *inst)
{
    int t[TSP_MAX_CITIES], used[TSP_MAX_CITIES] = {0}, n = inst->n, i, j;
    unsigned long long len;
    t[0] = 0;
    used[0] = 1;
    for (i = 1; i < n; i++) { /* nearest neighbour */
        int best = -1;
        for (j = 0; j < n; j++)
            if (!used[j] && (best < 0 || inst->dist[t[i - 1] * n + j] < inst->dist[t[i - 1] * n + best]))
                best = j;
        t[i] = best;
        used[best] = 1;
    }
    len = tour_length(inst, t);
    while (improve(inst, t, &len))
        ;
    return len;
}
