/* tsp_branch.h - the pruned search (--prune): a depth-first branch and bound
 * over the tours of one unit, one source for the C, CUDA and OpenCL backends.
 *
 * A unit fixes the first `fixed` cities after city 0: the k-permutation of
 * rank u of cities 1..n-1 (as values 0..n-2, kperm_kp_unrank). Below it each
 * node is a path from city 0; its children extend it by one city, visited
 * cheapest first. A node is skipped when its path length plus a lower bound
 * on the rest of the tour (tsp_bound_rest, tsp_bound.h, on the costs of a
 * tsp_relax) exceeds the shortest length known; a symmetric instance also skips the
 * orientation it does not count (the tour's last city below its first).
 *
 * The answer is the exhaustive search's, ties included: the shortest tour
 * whose city sequence is lexicographically smallest, which is its smallest
 * rank. A node is never skipped for a tour as short as the shortest known,
 * unless every tour below it is also lexicographically greater than the
 * work-item's own best of that length (tsp_path_after), so the visiting
 * order changes the time, never the answer (README, "Pruning"). */
#ifndef TSP_BRANCH_H
#define TSP_BRANCH_H

#include "kperm.h"
#include "tsp_types.h"
#include "tsp_bound.h"

/* The shortest length known is shared by every work-item of a device
 * through one 32-bit word: lengths of 2^32 - 1 and over are not shared,
 * which only prunes less. */
KPERM_FN kperm_u64 tsp_shared_get(volatile TSP_GLOBAL kperm_u32 *shared)
{
#if defined(__OPENCL_VERSION__) || defined(__CUDA_ARCH__)
    kperm_u32 v = *shared;
#else
    kperm_u32 v = __atomic_load_n(shared, __ATOMIC_RELAXED);
#endif
    return v == TSP_NONE32 ? TSP_NONE : v;
}

KPERM_FN void tsp_shared_min(volatile TSP_GLOBAL kperm_u32 *shared, kperm_u64 length)
{
    kperm_u32 v = length < TSP_NONE32 ? (kperm_u32)length : TSP_NONE32;
#if defined(__OPENCL_VERSION__)
    atomic_min(shared, v);
#elif defined(__CUDA_ARCH__)
    atomicMin((unsigned *)shared, v);
#else
    kperm_u32 old = __atomic_load_n(shared, __ATOMIC_RELAXED);
    while (v < old && !__atomic_compare_exchange_n(shared, &old, v, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
#endif
}

/* whether every city of `rest` is below `first`: then every tour through the
 * path ends below its first city, the orientation a symmetric instance does
 * not count */
KPERM_FN int tsp_all_below(kperm_u64 rest, int first)
{
    return first >= 63 || (rest >> (first + 1)) == 0;
}

/* whether every tour that starts with path[1..depth] is lexicographically
 * greater than `best` (a tour's cities after city 0) */
KPERM_FN int tsp_path_after(const kperm_u8 *path, int depth, const kperm_u8 *best)
{
    int i;
    for (i = 1; i <= depth; i++)
        if (path[i] != best[i - 1])
            return path[i] > best[i - 1];
    return 0;
}

/* a work-item's state in the search of its units: its best and tally, and
 * the shortest length known on its device (shared) and before (known) */
typedef struct {
    tsp_best best;
    tsp_tally tally;
    kperm_u64 known;
    volatile TSP_GLOBAL kperm_u32 *shared;
} tsp_brancher;

/* Whether the path path[0..depth] (path[0] = 0) of length `base`, with the
 * cities of rest still to visit, is skipped; a complete tour is folded into
 * the best instead (and then skipped too). */
KPERM_FN int tsp_branch_skip(const TSP_GLOBAL kperm_u32 *d, const TSP_GLOBAL tsp_relax *x, const tsp_task *t,
                             const kperm_u8 *path, int depth, kperm_u64 base, kperm_u64 rest, tsp_brancher *w)
{
    int n = t->n, last = path[depth], i;
    kperm_u64 known = tsp_shared_get(w->shared), own = w->best.length, total = base + d[last * n];
    tsp_s64 bound, scale = x->scale;
    known = known < w->known ? known : w->known;
    known = own < known ? own : known;
    if (!((x->allowed[path[depth - 1]] >> last) & 1) || (!rest && !(x->allowed[last] & 1))) {
        w->tally.pruned++; /* a dropped edge: every tour through it is longer than the first tour */
        return 1;
    }
    if (!rest) {
        if ((t->symmetric && path[1] > last) || total > known || (total == own && tsp_path_after(path, depth, w->best.tour)))
            return 1;
        w->best.length = total;
        for (i = 1; i <= depth; i++)
            w->best.tour[i - 1] = path[i];
        w->tally.visited++;
        tsp_shared_min(w->shared, total);
        return 1;
    }
    if (t->symmetric && depth >= 1 && tsp_all_below(rest, path[1]))
        return 1;
    bound = (tsp_s64)base * scale + tsp_bound_rest(x, n, t->symmetric, last, rest);
    /* bound / scale rounded up is the bound in lengths: above known, nothing
     * below beats it; equal to own, nothing below beats own unless it comes
     * first in rank order */
    if ((known != TSP_NONE && bound > (tsp_s64)known * scale)
        || (own != TSP_NONE && bound > ((tsp_s64)own - 1) * scale && tsp_path_after(path, depth, w->best.tour))) {
        w->tally.pruned++;
        return 1;
    }
    return 0;
}

/* the children of the path ending at `last`: the cities of rest, cheapest
 * step (in relaxed costs) first, into kid[0..r-1]; r */
KPERM_FN int tsp_branch_children(const TSP_GLOBAL tsp_relax *x, int n, int last, kperm_u64 rest, kperm_u8 *kid)
{
    int r = 0, i;
    for (; rest; rest &= rest - 1) {
        int c = kperm_lowest64(rest);
        tsp_s64 k = x->cost[last * n + c] + x->inner[c];
        for (i = r++; i > 0 && x->cost[last * n + kid[i - 1]] + x->inner[kid[i - 1]] > k; i--)
            kid[i] = kid[i - 1];
        kid[i] = (kperm_u8)c;
    }
    return r;
}

/* Unit u's fixed path: path[0..t->fixed] (path[0] = 0), its length *base
 * and the cities left *rest; 0 when the bound (or the orientation) cuts it
 * on the way, which w tallies. */
KPERM_FN int tsp_branch_start(const TSP_GLOBAL kperm_u32 *d, const TSP_GLOBAL tsp_relax *x, const tsp_task *t,
                              kperm_rank u, kperm_u8 *path, kperm_u64 *base, kperm_u64 *rest, tsp_brancher *w)
{
    kperm_u8 pre[TSP_MAX_CITIES];
    int n = t->n, depth;
    if (kperm_kp_unrank(u, n - 1, t->fixed, pre) != KPERM_OK)
        return 0;
    path[0] = 0;
    *base = 0;
    *rest = tsp_cities_after_first(n);
    for (depth = 1; depth <= t->fixed; depth++) {
        path[depth] = (kperm_u8)(pre[depth - 1] + 1);
        *base += d[path[depth - 1] * n + path[depth]];
        *rest &= ~(KPERM_U64(1) << path[depth]);
        if (tsp_branch_skip(d, x, t, path, depth, *base, *rest, w))
            return 0;
    }
    return 1;
}

/* Depth first below the path path[0..top] of length base0 with the cities
 * of rest left, into w; without recursion (OpenCL C has none): level k's
 * children are kid[at[k] .. end[k]), the next to visit kid[at[k]], each
 * level's above the last. */
KPERM_FN void tsp_branch_below(const TSP_GLOBAL kperm_u32 *d, const TSP_GLOBAL tsp_relax *x, const tsp_task *t,
                               kperm_u8 *path, int top, kperm_u64 base0, kperm_u64 rest, tsp_brancher *w)
{
    kperm_u8 kid[TSP_MAX_CITIES * (TSP_MAX_CITIES + 1) / 2];
    int at[TSP_MAX_CITIES], end[TSP_MAX_CITIES];
    kperm_u64 base[TSP_MAX_CITIES];
    int n = t->n, depth = top, i;
    base[top] = base0;
    at[depth] = 0;
    end[depth] = tsp_branch_children(x, n, path[depth], rest, kid);
    while (depth >= top) {
        if (at[depth] == end[depth]) { /* level done: back up */
            if (--depth >= top)
                rest |= KPERM_U64(1) << path[depth + 1];
            continue;
        }
        i = kid[at[depth]++];
        path[depth + 1] = (kperm_u8)i;
        base[depth + 1] = base[depth] + d[path[depth] * n + i];
        rest &= ~(KPERM_U64(1) << i);
        if (tsp_branch_skip(d, x, t, path, depth + 1, base[depth + 1], rest, w)) {
            rest |= KPERM_U64(1) << i;
            continue;
        }
        at[depth + 1] = end[depth];
        end[depth + 1] = end[depth] + tsp_branch_children(x, n, i, rest, kid + end[depth]);
        depth++;
    }
}

/* Searches unit u of the task (t->fixed cities fixed) into w, depth first. */
KPERM_FN void tsp_branch_unit(const TSP_GLOBAL kperm_u32 *d, const TSP_GLOBAL tsp_relax *x, const tsp_task *t,
                              kperm_rank u, tsp_brancher *w)
{
    kperm_u8 path[TSP_MAX_CITIES];
    kperm_u64 base, rest;
    if (tsp_branch_start(d, x, t, u, path, &base, &rest, w))
        tsp_branch_below(d, x, t, path, t->fixed, base, rest, w);
}

/* one more unit of the task for this work-item: the counter's old value */
KPERM_FN kperm_u32 tsp_take(volatile TSP_GLOBAL kperm_u32 *counter)
{
#if defined(__OPENCL_VERSION__)
    return atomic_inc(counter);
#elif defined(__CUDA_ARCH__)
    return atomicAdd((unsigned *)counter, 1u);
#else
    return __atomic_fetch_add(counter, 1u, __ATOMIC_RELAXED);
#endif
}

/* a work-item's running best and tally before its first unit: the first
 * tour (tsp_seed.h) as its own best, nothing counted */
KPERM_FN tsp_item tsp_item_first(const TSP_GLOBAL tsp_relax *x)
{
    tsp_item i;
    i.best = x->first;
    i.tally.visited = i.tally.pruned = 0;
    return i;
}

/* a work-item's brancher on task t, from its running best and tally */
KPERM_FN tsp_brancher tsp_brancher_on(const tsp_task *t, volatile TSP_GLOBAL kperm_u32 *shared, tsp_item from)
{
    tsp_brancher w;
    w.best = from.best;
    w.tally = from.tally;
    w.known = t->known;
    w.shared = shared;
    return w;
}

/* One work-item on the task: units begin + *counter++ until end (units
 * differ widely in size, so they are taken one at a time), folded into its
 * own best and tally, kept in *item from one task to the next (the host
 * sets *counter to 0 before each task). */
KPERM_FN void tsp_branch_units(const TSP_GLOBAL kperm_u32 *d, const TSP_GLOBAL tsp_relax *x, const tsp_task *t,
                               volatile TSP_GLOBAL kperm_u32 *counter, volatile TSP_GLOBAL kperm_u32 *shared,
                               TSP_GLOBAL tsp_item *item)
{
    tsp_brancher w = tsp_brancher_on(t, shared, *item);
    kperm_u64 u;
    while ((u = t->begin + tsp_take(counter)) < t->end)
        tsp_branch_unit(d, x, t, u, &w);
    item->best = w.best;
    item->tally = w.tally;
}

/* ---- the breadth-first frontier (the device backends) -------------------
 * A device bounds the first levels breadth first, one work-item per child of
 * every open path, so that its whole width works on one level at a time;
 * the paths left open below them are then searched depth first, one per
 * work-item (tsp_branch_nodes). The frontier skips paths by the same
 * tsp_branch_skip, its own best always the first tour, so it never loses
 * what the depth-first search would keep: the answer is the depth-first
 * one. The open paths are tsp_node (tsp_types.h); tsp_frontier.c runs the
 * levels. */

/* a brancher that only bounds: its own best stays the first tour, so that
 * the tie rule applies to it */
KPERM_FN tsp_brancher tsp_bounder(const tsp_task *t, const TSP_GLOBAL tsp_relax *x, volatile TSP_GLOBAL kperm_u32 *shared)
{
    return tsp_brancher_on(t, shared, tsp_item_first(x));
}

/* out[*count++] = p (dropped past cap: the host sees *count > cap) */
KPERM_FN void tsp_node_put(const kperm_u8 *path, int depth, kperm_u64 base, kperm_u64 rest,
                           volatile TSP_GLOBAL kperm_u32 *count, kperm_u32 cap, TSP_GLOBAL tsp_node *out)
{
    kperm_u32 slot = tsp_take(count);
    int i;
    if (slot >= cap)
        return;
    out[slot].base = base;
    out[slot].rest = rest;
    out[slot].depth = depth;
    for (i = 0; i <= depth; i++)
        out[slot].path[i] = path[i];
}

/* the frontier's first level: unit t->begin + u, if its fixed path is open */
KPERM_FN void tsp_branch_root(const TSP_GLOBAL kperm_u32 *d, const TSP_GLOBAL tsp_relax *x, const tsp_task *t,
                              kperm_u64 u, volatile TSP_GLOBAL kperm_u32 *shared, volatile TSP_GLOBAL kperm_u32 *count,
                              kperm_u32 cap, TSP_GLOBAL tsp_node *out)
{
    kperm_u8 path[TSP_MAX_CITIES];
    kperm_u64 base, rest;
    tsp_brancher w = tsp_bounder(t, x, shared);
    if (t->begin + u < t->end && tsp_branch_start(d, x, t, t->begin + u, path, &base, &rest, &w))
        tsp_node_put(path, t->fixed, base, rest, count, cap, out);
}

/* the next level: child k of open path in[i] (k = 0..r-1: its k-th city
 * left), if it is open too */
KPERM_FN void tsp_branch_expand(const TSP_GLOBAL kperm_u32 *d, const TSP_GLOBAL tsp_relax *x, const tsp_task *t,
                                const TSP_GLOBAL tsp_node *in, int k, volatile TSP_GLOBAL kperm_u32 *shared,
                                volatile TSP_GLOBAL kperm_u32 *count, kperm_u32 cap, TSP_GLOBAL tsp_node *out)
{
    kperm_u8 path[TSP_MAX_CITIES];
    kperm_u64 rest = in->rest, base;
    int depth = in->depth, c, i;
    tsp_brancher w = tsp_bounder(t, x, shared);
    if (k >= kperm_popcount64(rest))
        return;
    c = kperm_select64(rest, k);
    for (i = 0; i <= depth; i++)
        path[i] = in->path[i];
    path[depth + 1] = (kperm_u8)c;
    base = in->base + d[path[depth] * t->n + c];
    rest &= ~(KPERM_U64(1) << c);
    if (!tsp_branch_skip(d, x, t, path, depth + 1, base, rest, &w))
        tsp_node_put(path, depth + 1, base, rest, count, cap, out);
}

/* One work-item below the open paths nodes[0..count): one at a time by
 * *counter++, depth first, into its running best and tally in *item. */
KPERM_FN void tsp_branch_nodes(const TSP_GLOBAL kperm_u32 *d, const TSP_GLOBAL tsp_relax *x, const tsp_task *t,
                               const TSP_GLOBAL tsp_node *nodes, kperm_u32 count, volatile TSP_GLOBAL kperm_u32 *counter,
                               volatile TSP_GLOBAL kperm_u32 *shared, TSP_GLOBAL tsp_item *item)
{
    kperm_u8 path[TSP_MAX_CITIES];
    tsp_brancher w = tsp_brancher_on(t, shared, *item);
    kperm_u32 k;
    int i;
    while ((k = tsp_take(counter)) < count) {
        for (i = 0; i <= nodes[k].depth; i++)
            path[i] = nodes[k].path[i];
        tsp_branch_below(d, x, t, path, nodes[k].depth, nodes[k].base, nodes[k].rest, &w);
    }
    item->best = w.best;
    item->tally = w.tally;
}

#ifdef TSP_BARRIER

/* the fold's fast memory: one best and tally per work-item of a group */
typedef struct {
    tsp_best best[TSP_GROUP];
    tsp_tally tally[TSP_GROUP];
} tsp_branch_scratch;

/* The pruned search's fold: the work-items' running bests (shorter, then
 * first in rank order) and their tallies (summed), by `groups` groups at
 * once, group g folding its share of items[0..count) into out[g]. The
 * device backends run it over every work-item's item with TSP_FOLD_GROUPS
 * groups, then over those groups' results with one: one group alone would
 * read every item at one multiprocessor's pace after every task. size is a
 * power of two. */
TSP_GROUP_FN void tsp_branch_fold(TSP_GLOBAL const tsp_item *items, int count, int group, int groups,
                                  TSP_GLOBAL tsp_item *out, int lid, int size, TSP_LOCAL tsp_branch_scratch *mem)
{
    int per = (count + groups - 1) / groups, end = (group + 1) * per < count ? (group + 1) * per : count, i, s;
    tsp_best mine = tsp_best_none();
    tsp_tally sum = {0, 0};
    for (i = group * per + lid; i < end; i += size) {
        tsp_best b = items[i].best;
        if (tsp_best_better(&b, &mine))
            mine = b;
        sum.visited += items[i].tally.visited;
        sum.pruned += items[i].tally.pruned;
    }
    mem->best[lid] = mine;
    mem->tally[lid] = sum;
    TSP_BARRIER();
    for (s = size / 2; s > 0; s >>= 1) {
        if (lid < s) {
            tsp_best b = mem->best[lid + s];
            if (tsp_best_better(&b, &mine)) {
                mine = b;
                mem->best[lid] = b;
            }
            mem->tally[lid].visited += mem->tally[lid + s].visited;
            mem->tally[lid].pruned += mem->tally[lid + s].pruned;
        }
        TSP_BARRIER();
    }
    if (lid == 0) {
        out[group].best = mem->best[0];
        out[group].tally = mem->tally[0];
    }
}

#endif /* TSP_BARRIER */
#endif /* TSP_BRANCH_H */
