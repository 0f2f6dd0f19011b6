/* tsp_seed.c - the pruned search's first tour (see tsp_seed.h). */
#include "tsp_seed.h"
#include "kperm/bits.h"
#include <string.h>

#define SPAN 5 /* bridge_near's stretches: 1..SPAN cities (5 finds ft53's optimum, 3..20 otherwise do not) */
#define KICKS_PER_CITY 10 /* kicks tried in each phase: KICKS_PER_CITY * n */

/* a tour t[0..n-1] (t[0] = city 0, t[n] = t[0] again) with the prefix sums
 * of its edges travelled forwards, fwd[i] = d(t[0],t[1]) + ... +
 * d(t[i-1],t[i]), and backwards, back[i] = d(t[1],t[0]) + ... */
typedef struct {
    const kperm_u32 *d;
    const kperm_u8 (*near)[TSP_MAX_CITIES]; /* near[c]: the other cities by d(c, .), nearest first */
    int n, t[TSP_MAX_CITIES + 1], pos[TSP_MAX_CITIES]; /* pos: t's inverse */
    kperm_u64 active; /* the cities whose exchanges are still to be tried (exchanges) */
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
        w->pos[w->t[i]] = i;
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

static void order(int *a, int *b)
{
    if (*a > *b) {
        int x = *a;
        *a = *b;
        *b = x;
    }
}

/* t[a..m] and t[m+1..e] swapped, each in its own direction */
static void swap_blocks(tour *w, int a, int m, int e)
{
    reverse(w->t, a, m);
    reverse(w->t, m + 1, e);
    reverse(w->t, a, e);
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

/* the cities at both ends of the edge t[i] -> t[i + 1], whose moves are to
 * be tried again: a move that changes the edges near a city can make one of
 * its own moves improve (the rest stay as they were, so a local search only
 * retries the cities of changed edges: don't-look bits) */
static void wake(tour *w, int i)
{
    w->active |= KPERM_U64(1) << w->t[i] | KPERM_U64(1) << w->t[i + 1];
}

/* the first improving segment exchange whose x1 is t[i] applied: 1, or 0
 * when none improves. Three edges x1 -> y1, x2 -> y2, x3 -> y3 (in tour
 * order) cut the tour into y1..x2, y2..x3 and y3..x1, put back as x1 ->
 * y2..x3 -> y1..x2 -> y3: no stretch reversed, the move of an asymmetric
 * instance (it holds or-opt's unreversed moves, and the 3-opt move "or3opt").
 * Its gain is the sum over a of d(x_a, y_a) - d(x_a, y_a+1), so an
 * improving one has a term > 0: some x_a's new successor is nearer than its
 * old one. So y2 runs over the cities nearer to x1 than y1, x3 over the
 * rest of the tour; O(n) per such city. */
static int exchange_at(tour *w, int i)
{
    int n = w->n, k;
    const int *t = w->t;
    int x1 = t[i], y1 = t[i + 1];
    long long kept = edge(w, x1, y1);
    for (k = 0; k < n - 1 && edge(w, x1, w->near[x1][k]) < kept; k++) {
        int q = (w->pos[w->near[x1][k]] + n - 1) % n, r; /* y2 = t[q + 1], x2 = t[q], q != i as y2 != y1 */
        long long open = kept + edge(w, t[q], t[q + 1]) - edge(w, x1, t[q + 1]);
        for (r = (q + 1) % n; r != i; r = (r + 1) % n)
            if (edge(w, t[q], t[r + 1]) + edge(w, t[r], y1) < open + edge(w, t[r], t[r + 1])) {
                int cut[3] = {i, q, r};
                order(&cut[0], &cut[1]);
                order(&cut[1], &cut[2]);
                order(&cut[0], &cut[1]);
                wake(w, i);
                wake(w, q);
                wake(w, r);
                swap_blocks(w, cut[0] + 1, cut[1], cut[2]);
                return 1;
            }
    }
    return 0;
}

/* a local optimum under segment exchanges: each city woken tried in turn
 * (lowest first), asleep again once none of its exchanges improves */
static void exchanges(tour *w)
{
    while (w->active) {
        int c = kperm_lowest64(w->active);
        if (!exchange_at(w, w->pos[c]))
            w->active &= ~(KPERM_U64(1) << c);
    }
}

/* xorshift64: the kicks' fixed pseudo-random sequence */
static int pick(unsigned long long *s, int below)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (int)(*s % (unsigned long long)below);
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

/* a local kick for the segment exchanges: t[c0..c3 - 1] (c0 >= 1, c3 <= n)
 * cut into B C D of 1..SPAN cities each, put together as D C B. Four edges
 * change (B C D -> C B D, the double bridge above, changes three: a segment
 * exchange, which the exchanges would merely undo), near one another, so
 * the local search mends a small part of the tour; the cities of the cut
 * edges are woken. */
static void bridge_near(tour *w, unsigned long long *s)
{
    int c[4], out[TSP_MAX_CITIES], k, i, span = (w->n - 1) / 3 < SPAN ? (w->n - 1) / 3 : SPAN;
    c[0] = 1 + pick(s, w->n - 3 * span);
    for (i = 1; i < 4; i++)
        c[i] = c[i - 1] + 1 + pick(s, span);
    for (i = 0; i < 4; i++)
        wake(w, c[i] - 1);
    k = c[0];
    for (i = c[2]; i < c[3]; i++)
        out[k++] = w->t[i];
    for (i = c[1]; i < c[2]; i++)
        out[k++] = w->t[i];
    for (i = c[0]; i < c[1]; i++)
        out[k++] = w->t[i];
    memcpy(w->t + c[0], out + c[0], sizeof *out * (size_t)(c[3] - c[0]));
    resum(w);
}

/* iterated local search from the local optimum *w: kicks times, a kick
 * and the local search on a copy, kept when shorter */
static void iterate(tour *w, void (*perturb)(tour *, unsigned long long *), void (*local)(tour *), int kicks,
                    unsigned long long *s)
{
    static tour trial; /* static: a tour is about 1.5 KB, kept off small stacks */
    int i;
    for (i = 0; i < kicks; i++) {
        trial = *w;
        perturb(&trial, s);
        local(&trial);
        if (length(&trial) < length(w))
            *w = trial;
    }
}

/* near[c]: the cities but c by d(c, .), nearest first (ties: lower first) */
static void nearest_first(const tour *w, kperm_u8 (*near)[TSP_MAX_CITIES])
{
    int c, i, k;
    for (c = 0; c < w->n; c++)
        for (i = k = 0; i < w->n; i++) {
            int j = k++;
            if (i == c) {
                k--;
                continue;
            }
            for (; j > 0 && edge(w, c, near[c][j - 1]) > edge(w, c, i); j--)
                near[c][j] = near[c][j - 1];
            near[c][j] = (kperm_u8)i;
        }
}

void tsp_seed_tour(const tsp_instance *inst, tsp_best *best)
{
    static tour w;
    static kperm_u8 near[TSP_MAX_CITIES][TSP_MAX_CITIES];
    int used[TSP_MAX_CITIES] = {0}, n = inst->n, i, j, kicks = n >= 8 ? KICKS_PER_CITY * n : 0;
    unsigned long long s = 0x9e3779b97f4a7c15ULL;
    w.d = inst->dist;
    w.n = n;
    w.near = (const kperm_u8(*)[TSP_MAX_CITIES])near;
    nearest_first(&w, near);
    w.t[0] = 0;
    used[0] = 1;
    for (i = 1; i < n; i++) { /* nearest neighbour */
        int next = -1;
        for (j = 0; j < n; j++)
            if (!used[j] && (next < 0 || edge(&w, w.t[i - 1], j) < edge(&w, w.t[i - 1], next)))
                next = j;
        w.t[i] = next;
        used[next] = 1;
    }
    resum(&w);
    improve(&w);
    iterate(&w, kick, improve, kicks, &s);
    w.active = ~KPERM_U64(0) >> (64 - n);
    exchanges(&w);
    iterate(&w, bridge_near, exchanges, kicks, &s);
    if (inst->symmetric && w.t[1] > w.t[n - 1])
        reverse(w.t, 1, n - 1);
    *best = tsp_best_none();
    best->length = (kperm_u64)length(&w);
    best->rank = 0;
    for (i = 1; i < n; i++)
        best->tour[i - 1] = (kperm_u8)w.t[i];
}
