/* tsp_branch.h - the pruned search (--prune): a depth-first branch and bound
 * over the tours of one unit, one source for the C, CUDA and OpenCL backends.
 *
 * A unit fixes the first `fixed` cities after city 0: the k-permutation of
 * rank u of cities 1..n-1 (as values 0..n-2, kperm_kp_unrank). Below it each
 * node is a path from city 0; its children extend it by one city, visited
 * cheapest first. A node is skipped when its path length plus a lower bound
 * on the rest of the tour (tsp_bound_rest, tsp_bound.h, on the costs of a
 * tsp_relax) exceeds the shortest length known; a symmetric instance also skips the
 * orientation it does not count (the tour's last city below its first), and
 * any instance a path that visits a city before a smaller twin of it
 * (tsp_relax.twins).
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
    if (x->twins[last] & rest) {
        w->tally.pruned++; /* a twin of last below it still to come: the two exchanged come first in rank order */
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
 * work-item (tsp_branch_nodes). tsp_frontier.c runs the levels.
 *
 * Many tours may share the optimal length (a lattice has thousands), and
 * then what the search costs depends on how early a tour of small rank is
 * known to every work-item: the tie rule of tsp_branch_skip cuts every path
 * after it whose bound is the optimum, as the depth-first search of the C
 * backend does once its first units have found it. So every kernel starts
 * each work-item from the incumbent, the best tour of the device so far
 * (its work-items' bests folded between launches), each level is kept in
 * rank order (a parent's open children marked, counted and written in
 * order: tsp_level_*), and the last level is searched in chunks from its
 * smallest rank, the incumbent folded between them. The frontier skips
 * paths by the same tsp_branch_skip against a real tour, so it never loses
 * what the depth-first search would keep: the answer is the depth-first
 * one, in any order. The open paths are tsp_node (tsp_types.h). */

/* work-item item's own best raised to the incumbent when that is better */
KPERM_FN void tsp_item_join(TSP_GLOBAL tsp_item *item, const TSP_GLOBAL tsp_item *incumbent)
{
    tsp_best b = incumbent->best, mine = item->best;
    if (tsp_best_better(&b, &mine))
        item->best = b;
}

/* out[slot] = the path path[0..depth] of length base with rest left */
KPERM_FN void tsp_node_set(const kperm_u8 *path, int depth, kperm_u64 base, kperm_u64 rest, TSP_GLOBAL tsp_node *out)
{
    int i;
    out->base = base;
    out->rest = rest;
    out->depth = depth;
    for (i = 0; i <= depth; i++)
        out->path[i] = path[i];
}

/* The frontier's first level: out[u] is unit t->begin + u's fixed path if
 * it is open, else closed (no city left, so no children): the units' rank
 * order is the level's. */
KPERM_FN void tsp_branch_root(const TSP_GLOBAL kperm_u32 *d, const TSP_GLOBAL tsp_relax *x, const tsp_task *t,
                              kperm_u64 u, const TSP_GLOBAL tsp_item *incumbent, volatile TSP_GLOBAL kperm_u32 *shared,
                              TSP_GLOBAL tsp_node *out)
{
    kperm_u8 path[TSP_MAX_CITIES];
    kperm_u64 base, rest;
    tsp_brancher w = tsp_brancher_on(t, shared, *incumbent); /* bounds only: its tally is dropped */
    if (t->begin + u >= t->end)
        return;
    if (!tsp_branch_start(d, x, t, t->begin + u, path, &base, &rest, &w)) {
        path[0] = 0;
        tsp_node_set(path, 0, 0, 0, &out[u]);
    } else
        tsp_node_set(path, t->fixed, base, rest, &out[u]);
}

/* child k of the open path in (its k-th city left, in city order) into
 * path, *base and *rest; its depth is in->depth + 1 */
KPERM_FN void tsp_branch_child(const TSP_GLOBAL kperm_u32 *d, int n, const TSP_GLOBAL tsp_node *in, int k,
                               kperm_u8 *path, kperm_u64 *base, kperm_u64 *rest)
{
    int depth = in->depth, c = kperm_select64(in->rest, k), i;
    for (i = 0; i <= depth; i++)
        path[i] = in->path[i];
    path[depth + 1] = (kperm_u8)c;
    *base = in->base + d[path[depth] * n + c];
    *rest = in->rest & ~(KPERM_U64(1) << c);
}

/* the next level, first step: child k of open path in[i] (k = 0..r-1), if
 * it is open too, marked as bit k of open[2i..2i+1] (zero before) */
KPERM_FN void tsp_branch_expand(const TSP_GLOBAL kperm_u32 *d, const TSP_GLOBAL tsp_relax *x, const tsp_task *t,
                                const TSP_GLOBAL tsp_node *in, kperm_u32 i, int k,
                                const TSP_GLOBAL tsp_item *incumbent, volatile TSP_GLOBAL kperm_u32 *shared,
                                volatile TSP_GLOBAL kperm_u32 *open)
{
    kperm_u8 path[TSP_MAX_CITIES];
    kperm_u64 base, rest;
    tsp_brancher w = tsp_brancher_on(t, shared, *incumbent); /* bounds only: its tally is dropped */
    if (k >= kperm_popcount64(in[i].rest))
        return;
    tsp_branch_child(d, t->n, &in[i], k, path, &base, &rest);
    if (!tsp_branch_skip(d, x, t, path, in[i].depth + 1, base, rest, &w)) {
        volatile TSP_GLOBAL kperm_u32 *word = &open[2 * i + (kperm_u32)(k >> 5)];
        kperm_u32 bit = 1u << (k & 31);
#if defined(__OPENCL_VERSION__)
        atomic_or(word, bit);
#elif defined(__CUDA_ARCH__)
        atomicOr((unsigned *)word, bit);
#else
        __atomic_fetch_or(word, bit, __ATOMIC_RELAXED);
#endif
    }
}

/* One work-item below the open paths nodes[lo..hi): one at a time by
 * lo + *counter++, depth first, into its running best and tally in *item,
 * which first takes the incumbent if better. Each path is bounded again
 * first: the incumbent may have come since its level, and then the tie rule
 * closes it whole. A closed unit of the first level is passed over. */
KPERM_FN void tsp_branch_nodes(const TSP_GLOBAL kperm_u32 *d, const TSP_GLOBAL tsp_relax *x, const tsp_task *t,
                               const TSP_GLOBAL tsp_node *nodes, kperm_u32 lo, kperm_u32 hi,
                               volatile TSP_GLOBAL kperm_u32 *counter, volatile TSP_GLOBAL kperm_u32 *shared,
                               const TSP_GLOBAL tsp_item *incumbent, TSP_GLOBAL tsp_item *item)
{
    kperm_u8 path[TSP_MAX_CITIES];
    tsp_brancher w;
    kperm_u32 k;
    int i;
    tsp_item_join(item, incumbent);
    w = tsp_brancher_on(t, shared, *item);
    while ((k = lo + tsp_take(counter)) < hi) {
        for (i = 0; i <= nodes[k].depth; i++)
            path[i] = nodes[k].path[i];
        if (nodes[k].rest
            && !tsp_branch_skip(d, x, t, path, nodes[k].depth, nodes[k].base, nodes[k].rest, &w))
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

/* ---- a level in rank order: tsp_branch_expand marks each parent's open
 * children; tsp_level_sums counts them by groups of parents, tsp_level_offsets
 * turns the counts into where each group's children go, and
 * tsp_level_place writes them there, parent after parent, each parent's in
 * city order. Atomic appends would be faster to write but leave the level
 * in the order the work-items happened to finish. */

/* the exclusive prefix sum of the group's values v (work-item lid's), and
 * their total into *total; every work-item of the group calls it */
TSP_GROUP_FN kperm_u32 tsp_group_scan(kperm_u32 v, int lid, int size, TSP_LOCAL kperm_u32 *mem, kperm_u32 *total)
{
    kperm_u32 add, sum;
    int s;
    mem[lid] = v;
    TSP_BARRIER();
    for (s = 1; s < size; s <<= 1) { /* Hillis-Steele: mem[lid] sums the 2s values up to lid */
        add = lid >= s ? mem[lid - s] : 0;
        TSP_BARRIER();
        mem[lid] += add;
        TSP_BARRIER();
    }
    sum = mem[lid];
    *total = mem[size - 1];
    TSP_BARRIER(); /* mem is free again */
    return sum - v;
}

/* parent i's open children, as marked (0 past the level's nin) */
KPERM_FN kperm_u64 tsp_level_open(const TSP_GLOBAL kperm_u32 *open, kperm_u32 i, kperm_u32 nin)
{
    return i < nin ? open[2 * i] | (kperm_u64)open[2 * i + 1] << 32 : 0;
}

/* group g: the open children of parents g*size .. g*size + size - 1 into sums[g] */
TSP_GROUP_FN void tsp_level_sums(const TSP_GLOBAL kperm_u32 *open, kperm_u32 nin, int group, TSP_GLOBAL kperm_u32 *sums,
                                 int lid, int size, TSP_LOCAL kperm_u32 *mem)
{
    kperm_u32 total;
    tsp_group_scan((kperm_u32)kperm_popcount64(tsp_level_open(open, (kperm_u32)group * size + lid, nin)), lid, size,
                   mem, &total);
    if (lid == 0)
        sums[group] = total;
}

/* one group: the level's group sums, sums[0 .. the groups of nin parents),
 * into their exclusive prefix sums, and the whole level's count into *count */
TSP_GROUP_FN void tsp_level_offsets(TSP_GLOBAL kperm_u32 *sums, kperm_u32 nin, volatile TSP_GLOBAL kperm_u32 *count,
                                    int lid, int size, TSP_LOCAL kperm_u32 *mem)
{
    kperm_u32 groups = (nin + size - 1) / size, per = (groups + size - 1) / size, mine = 0, total, at, i, v;
    kperm_u32 lo = (kperm_u32)lid * per < groups ? (kperm_u32)lid * per : groups;
    kperm_u32 hi = lo + per < groups ? lo + per : groups;
    for (i = lo; i < hi; i++)
        mine += sums[i];
    at = tsp_group_scan(mine, lid, size, mem, &total);
    for (i = lo; i < hi; i++) {
        v = sums[i];
        sums[i] = at;
        at += v;
    }
    if (lid == 0)
        *count = total;
}

/* group g: parent i = g*size + lid writes its open children at out[sums[g]
 * + the open children of the group's parents before it ...] (those below
 * cap: the host sees the count past it) and clears its marks for the next
 * level */
TSP_GROUP_FN void tsp_level_place(const TSP_GLOBAL kperm_u32 *d, const tsp_task *t, const TSP_GLOBAL tsp_node *in,
                                  kperm_u32 nin, TSP_GLOBAL kperm_u32 *open, const TSP_GLOBAL kperm_u32 *sums,
                                  kperm_u32 cap, TSP_GLOBAL tsp_node *out, int group, int lid, int size,
                                  TSP_LOCAL kperm_u32 *mem)
{
    kperm_u8 path[TSP_MAX_CITIES];
    kperm_u32 i = (kperm_u32)group * size + lid, total, at;
    kperm_u64 kids = tsp_level_open(open, i, nin), base, rest;
    at = sums[group] + tsp_group_scan((kperm_u32)kperm_popcount64(kids), lid, size, mem, &total);
    if (kids)
        open[2 * i] = open[2 * i + 1] = 0;
    for (; kids && at < cap; kids &= kids - 1, at++) {
        tsp_branch_child(d, t->n, &in[i], kperm_lowest64(kids), path, &base, &rest);
        tsp_node_set(path, in[i].depth + 1, base, rest, &out[at]);
    }
}

#endif /* TSP_BARRIER */
#endif /* TSP_BRANCH_H */
