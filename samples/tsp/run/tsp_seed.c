/* tsp_seed.c - the pruned search's first tour (see tsp_seed.h). */
#include "tsp_seed.h"
#include <string.h>

#define KICKS_PER_CITY 10 /* double bridges tried: KICKS_PER_CITY * n */

/* a tour t[0..n-1] (t[0] = city 0, t[n] = t[0] again) with the prefix sums
 * of its edges travelled forwards, fwd[i] = d(t[0],t[1]) + ... +
 * d(t[i-1],t[i]), and backwards, back[i] = d(t[1],t[0]) + ... */
typedef struct {
    const kperm_u32 *d;
    int n, t[TSP_MAX_CITIES + 1];
    long long fwd[TSP_MAX_CITIES + 1], back[TSP_MAX_CITIES + 1];
} tour;

static long long edge(const tour *w, int a, int b)
{
    return w->d[a * w->n + b];
}

static void resum(tour *w)
{
    int i;
    w->t[w->n] = w->t[0];
    w->fwd[0] = w->back[0] = 0;
    for (i = 0; i < w->n; i++) {
        w->fwd[i + 1] = w->fwd[i] + edge(w, w->t[i], w->t[i + 1]);
        w->back[i + 1] = w->back[i] + edge(w, w->t[i + 1], w->t[i]);
    }
}

static long long length(const tour *w)
{
    return w->fwd[w->n];
}

/* what travelling t[a..b] backwards costs more than forwards */
static long long turned(const tour *w, int a, int b)
{
    return (w->back[b] - w->back[a]) - (w->fwd[b] - w->fwd[a]);
}

static void reverse(int *t, int a, int b)
{
    for (; a < b; a++, b--) {
        int x = t[a];
        t[a] = t[b];
        t[b] = x;
    }
}

/* t[a..e] taken out (reversed when flip) and put back between t[p] and
 * t[p + 1] of the tour (p outside a-1..e) */
static void move(tour *w, int a, int e, int p, int flip)
{
    int out[TSP_MAX_CITIES], k = 0, i;
    for (i = 0; i < w->n; i++) {
        if (i >= a && i <= e)
            continue;
        out[k++] = w->t[i];
        if (i == p) {
            int j;
            for (j = 0; j <= e - a; j++)
                out[k++] = w->t[flip ? e - j : a + j];
        }
    }
    memcpy(w->t, out, sizeof *out * (size_t)w->n);
    resum(w);
}

/* the first improving 2-opt move applied: 1, or 0 when none improves */
static int two_opt(tour *w)
{
    int n = w->n, a, b;
    const int *t = w->t;
    for (a = 1; a < n; a++) /* city 0 stays first */
        for (b = a + 1; b < n; b++)
            if (edge(w, t[a - 1], t[b]) + edge(w, t[a], t[b + 1]) + turned(w, a, b)
                < edge(w, t[a - 1], t[a]) + edge(w, t[b], t[b + 1])) {
                reverse(w->t, a, b);
                resum(w);
                return 1;
            }
    return 0;
}

/* the first improving or-opt move applied: 1, or 0 when none improves */
static int or_opt(tour *w)
{
    int n = w->n, k, a, p, flip;
    const int *t = w->t;
    for (k = 1; k <= 3; k++)
        for (a = 1; a + k - 1 < n; a++) {
            int e = a + k - 1;
            long long cut = edge(w, t[a - 1], t[a]) + edge(w, t[e], t[e + 1]) - edge(w, t[a - 1], t[e + 1]);
            for (p = 0; p < n; p++) {
                if (p >= a - 1 && p <= e)
                    continue;
                for (flip = 0; flip < 2; flip++) {
                    long long in = flip ? edge(w, t[p], t[e]) + edge(w, t[a], t[p + 1]) + turned(w, a, e)
                                        : edge(w, t[p], t[a]) + edge(w, t[e], t[p + 1]);
                    if (in < cut + edge(w, t[p], t[p + 1])) {
                        move(w, a, e, p, flip);
                        return 1;
                    }
                }
            }
        }
    return 0;
}

static void improve(tour *w)
{
    while (two_opt(w) || or_opt(w))
        ;
}

/* xorshift64: the kicks' fixed pseudo-random sequence */
static int pick(unsigned long long *s, int below)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (int)(*s % (unsigned long long)below);
}

static void order(int *a, int *b)
{
    if (*a > *b) {
        int x = *a;
        *a = *b;
        *b = x;
    }
}

/* the double bridge: t[1..n-1] cut into A B C D at three points, put
 * together as A C B D (no stretch reversed, so an ATSP tour keeps its
 * directions) */
static void kick(tour *w, unsigned long long *s)
{
    int cut[3], out[TSP_MAX_CITIES], k = 1, i;
    do { /* three distinct points in 1..n-1, sorted */
        for (i = 0; i < 3; i++)
            cut[i] = 1 + pick(s, w->n - 1);
        order(&cut[0], &cut[1]);
        order(&cut[1], &cut[2]);
        order(&cut[0], &cut[1]);
    } while (cut[0] == cut[1] || cut[1] == cut[2]);
    out[0] = w->t[0];
    for (i = 1; i < cut[0]; i++)
        out[k++] = w->t[i];
    for (i = cut[1]; i < cut[2]; i++)
        out[k++] = w->t[i];
    for (i = cut[0]; i < cut[1]; i++)
        out[k++] = w->t[i];
    for (i = cut[2]; i < w->n; i++)
        out[k++] = w->t[i];
    memcpy(w->t, out, sizeof *out * (size_t)w->n);
    resum(w);
}

void tsp_seed_tour(const tsp_instance *inst, tsp_best *best)
{
    static tour w, trial; /* static: a tour is about 1 KB, kept off small stacks */
    int used[TSP_MAX_CITIES] = {0}, n = inst->n, i, j, kicks = n >= 8 ? KICKS_PER_CITY * n : 0;
    unsigned long long s = 0x9e3779b97f4a7c15ULL;
    w.d = inst->dist;
    w.n = n;
    w.t[0] = 0;
    used[0] = 1;
    for (i = 1; i < n; i++) { /* nearest neighbour */
        int near = -1;
        for (j = 0; j < n; j++)
            if (!used[j] && (near < 0 || edge(&w, w.t[i - 1], j) < edge(&w, w.t[i - 1], near)))
                near = j;
        w.t[i] = near;
        used[near] = 1;
    }
    resum(&w);
    improve(&w);
    for (i = 0; i < kicks; i++) {
        trial = w;
        kick(&trial, &s);
        improve(&trial);
        if (length(&trial) < length(&w))
            w = trial;
    }
    if (inst->symmetric && w.t[1] > w.t[n - 1])
        reverse(w.t, 1, n - 1);
    *best = tsp_best_none();
    best->length = (kperm_u64)length(&w);
    best->rank = 0;
    for (i = 1; i < n; i++)
        best->tour[i - 1] = (kperm_u8)w.t[i];
}
