/* test_tsp_start.c - what the pruned search starts from. The first tour
 * (samples/tsp/run/tsp_seed.c): on random symmetric and asymmetric instances
 * of 3..64 cities, a tour of every city once, its length the sum of its
 * edges, a symmetric one in the orientation the search counts, no longer
 * than the nearest-neighbour tour it starts from, the same on a second call;
 * on every TSPLIB file of bench/data/optima.txt, no shorter than the
 * published optimum, and on ft53 (ATSP) the optimum. The edges tsp_bound.c
 * drops: on random instances of 9 cities (weights wide and tie-heavy),
 * every tour through a dropped edge, all 8! of them enumerated, is longer
 * than the first tour. The first tour moved to the smallest rank of its
 * length (samples/tsp/run/tsp_dive.c): on tie-heavy instances of 9 cities
 * (weights 1..3, lattices, a hub) and
 * on ATSP instances of weights 1..1000, whenever the root bound proves the
 * first tour optimal, the first tour of that length in rank order, all 8!
 * tours enumerated; otherwise, or with a cap of one path, the first tour
 * untouched. The assignment problem's branch and bound
 * (samples/tsp/bound/tsp_assign.c): on ATSP instances of 4..9 cities
 * (weights 1..3, 1..1000, many zeros, lattices, a hub), from the first
 * tour or from a poor one, the optimum and, finding ties, the first tour of
 * it in rank order, all tours enumerated; with a small cap, a tour no
 * longer than the start's; on n = 12..16 the length of Held-Karp's
 * dynamic programming; its duals feasible and no more than the optimum. */
#include "tsp_seed.h"
#include "tsp_dive.h"
#include "tsp_bound.h"
#include "tsp_assign.h"
#include "held_karp.h"
#include "kperm.h"
#include "check.h"
#include "rng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng_state = 11;

/* the length of `best` recomputed, or 0 when it is not a tour of inst */
static unsigned long long tour_of(const tsp_instance *inst, const tsp_best *best)
{
    int seen[TSP_MAX_CITIES] = {0}, n = inst->n, i, at = 0;
    unsigned long long sum = 0;
    seen[0] = 1;
    for (i = 0; i < n - 1; i++) {
        int c = best->tour[i];
        if (c <= 0 || c >= n || seen[c]++)
            return 0;
        sum += inst->dist[at * n + c];
        at = c;
    }
    return sum + inst->dist[at * n];
}

static unsigned long long nearest_neighbour(const tsp_instance *inst)
{
    int used[TSP_MAX_CITIES] = {0}, n = inst->n, at = 0, i, j;
    unsigned long long sum = 0;
    used[0] = 1;
    for (i = 1; i < n; i++) {
        int near = -1;
        for (j = 0; j < n; j++)
            if (!used[j] && (near < 0 || inst->dist[at * n + j] < inst->dist[at * n + near]))
                near = j;
        sum += inst->dist[at * n + near];
        used[near] = 1;
        at = near;
    }
    return sum + inst->dist[at * n];
}

static void check_seed(const tsp_instance *inst, const char *what)
{
    tsp_best a, b;
    tsp_seed_tour(inst, &a);
    tsp_seed_tour(inst, &b);
    CHECK(tour_of(inst, &a) == a.length && a.length > 0, "%s: not a tour of its length %llu", what,
          (unsigned long long)a.length);
    CHECK(!inst->symmetric || inst->n < 3 || a.tour[0] < a.tour[inst->n - 2], "%s: the orientation not counted", what);
    CHECK(a.length <= nearest_neighbour(inst), "%s: %llu, longer than the nearest-neighbour tour", what,
          (unsigned long long)a.length);
    CHECK(memcmp(&a, &b, sizeof a) == 0, "%s: another tour on the second call", what);
}

static void test_random(void)
{
    static tsp_instance inst;
    char err[TSP_ERR_SIZE], what[64];
    int n, k, i;
    check_begin("tsp_seed_tour: random TSP and ATSP n = 3..64, a tour, its length, orientation, repeatable");
    for (n = 3; n <= TSP_MAX_CITIES; n++) {
        CHECK(tsp_random(n, (unsigned long long)n, &inst, err, sizeof err) == 0, "tsp_random: %s", err);
        snprintf(what, sizeof what, "EUC_2D n = %d", n);
        check_seed(&inst, what);
        inst.symmetric = 0; /* the same size, asymmetric weights 1..1000 */
        for (k = 0; k < n; k++)
            for (i = 0; i < n; i++)
                inst.dist[k * n + i] = k == i ? 0 : 1 + (unsigned)(test_splitmix(&rng_state) % 1000);
        snprintf(what, sizeof what, "ATSP n = %d", n);
        check_seed(&inst, what);
    }
    check_end();
}

static void test_tsplib(void)
{
    static tsp_instance inst;
    char line[256], path[200], err[TSP_ERR_SIZE];
    unsigned long long optimum;
    int files = 0;
    FILE *f = fopen("bench/data/optima.txt", "r");
    check_begin("tsp_seed_tour: every TSPLIB file of bench/data/optima.txt, a tour no shorter than its optimum, ft53's optimum");
    CHECK(f != NULL, "bench/data/optima.txt: cannot open (run from the repository's root)");
    while (f && fgets(line, sizeof line, f))
        if (line[0] != '#' && sscanf(line, "%199s %llu", path, &optimum) == 2) {
            tsp_best b;
            files++;
            CHECK(tsp_read(path, &inst, err, sizeof err) == 0, "%s", err);
            tsp_seed_tour(&inst, &b);
            check_seed(&inst, path);
            CHECK(b.length >= optimum, "%s: %llu, below the optimum %llu", path, (unsigned long long)b.length, optimum);
            /* the asymmetric moves' own case: nearest neighbour, 2-opt and or-opt stop at 6984 */
            CHECK(strcmp(path, "bench/data/ft53.atsp") != 0 || b.length == optimum, "%s: %llu, not the optimum %llu",
                  path, (unsigned long long)b.length, optimum);
        }
    CHECK(files >= 20, "only %d files listed", files);
    if (f)
        fclose(f);
    check_end();
}

/* the length of the tour 0, p[0] + 1, ..., p[n-2] + 1 of inst (p: an order of 0..n-2) */
static unsigned long long length_of(const tsp_instance *inst, const kperm_u8 *p)
{
    unsigned long long len = 0;
    int n = inst->n, at = 0, i;
    for (i = 0; i <= n - 1; i++) {
        int to = i < n - 1 ? p[i] + 1 : 0;
        len += inst->dist[at * n + to];
        at = to;
    }
    return len;
}

/* the shortest tour through each edge i -> j of inst, all (n-1)! tours
 * enumerated, into through[i * n + j] */
static void shortest_through(const tsp_instance *inst, unsigned long long *through)
{
    kperm_u8 p[TSP_MAX_CITIES];
    int n = inst->n, i;
    for (i = 0; i < n * n; i++)
        through[i] = ~0ULL;
    for (i = 0; i < n - 1; i++)
        p[i] = (kperm_u8)i;
    do {
        unsigned long long len = length_of(inst, p);
        int at;
        for (at = 0, i = 0; i <= n - 1; i++) {
            int to = i < n - 1 ? p[i] + 1 : 0;
            if (len < through[at * n + to])
                through[at * n + to] = len;
            at = to;
        }
    } while (kperm_next(p, n - 1) != KPERM_END);
}

static void test_dropped_edges(void)
{
    static tsp_instance inst;
    static tsp_relax x;
    unsigned long long through[9 * 9];
    int trial, i, j, n = 9, kinds[3] = {0};
    check_begin("tsp_bound_root: every tour through a dropped edge is longer than the first tour (n = 9, all tours)");
    for (trial = 0; trial < 120; trial++) {
        int kind = trial % 3; /* symmetric wide, asymmetric wide, asymmetric weights 1..3 */
        inst.n = n;
        inst.symmetric = kind == 0;
        for (i = 0; i < n; i++)
            for (j = 0; j <= i; j++) {
                unsigned a = 1 + (unsigned)(test_splitmix(&rng_state) % (kind == 2 ? 3 : 1000));
                unsigned b = kind == 0 ? a : 1 + (unsigned)(test_splitmix(&rng_state) % (kind == 2 ? 3 : 1000));
                inst.dist[i * n + j] = i == j ? 0 : a;
                inst.dist[j * n + i] = i == j ? 0 : b;
            }
        tsp_seed_tour(&inst, &x.first);
        tsp_bound_root(inst.dist, inst.n, inst.symmetric, x.first.length, &x);
        shortest_through(&inst, through);
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                if (i != j && !((x.allowed[i] >> j) & 1)) {
                    kinds[kind]++;
                    CHECK(through[i * n + j] > x.first.length, "trial %d: edge %d -> %d dropped, a tour of %llu through it, "
                          "first tour %llu", trial, i, j, through[i * n + j], (unsigned long long)x.first.length);
                    CHECK(x.cost[i * n + j] == TSP_FORBIDDEN, "trial %d: edge %d -> %d dropped but not priced out", trial,
                          i, j);
                }
    }
    CHECK(kinds[0] > 0 && kinds[1] > 0, "too few edges dropped to test (%d, %d, %d)", kinds[0], kinds[1], kinds[2]);
    check_end();
}

/* the first tour in rank order of the shortest length, all (n-1)! tours
 * enumerated in rank order (a symmetric tour's smaller-rank orientation is
 * the one the search counts) */
static void first_shortest(const tsp_instance *inst, tsp_best *best)
{
    kperm_u8 p[TSP_MAX_CITIES];
    int n = inst->n, i;
    best->length = ~0ULL;
    for (i = 0; i < n - 1; i++)
        p[i] = (kperm_u8)i;
    do {
        unsigned long long len = length_of(inst, p);
        if (len < best->length) {
            best->length = len;
            for (i = 0; i < n - 1; i++)
                best->tour[i] = (kperm_u8)(p[i] + 1);
        }
    } while (kperm_next(p, n - 1) != KPERM_END);
}

static void test_dive(void)
{
    static tsp_instance inst;
    static tsp_relax x;
    tsp_best seed, want;
    kperm_u64 bound;
    int trial, i, j, n = 9, moved = 0, kept = 0, dived;
    check_begin("tsp_dive_first: the first tour of the optimal length in rank order when the root bound proves the "
                "first tour optimal, else the first tour untouched (n = 9, all tours)");
    for (trial = 0; trial < 200; trial++) {
        /* weights 1..3 (TSP, ATSP), a 3 x 3 Manhattan lattice, a hub, ATSP weights 1..1000 */
        int kind = trial % 5, hub = trial % n, wide = kind == 4 ? 1000 : 3;
        inst.n = n;
        inst.symmetric = kind != 1 && kind != 4;
        for (i = 0; i < n; i++)
            for (j = 0; j <= i; j++) {
                unsigned a = 1 + (unsigned)(test_splitmix(&rng_state) % wide);
                unsigned b = inst.symmetric ? a : 1 + (unsigned)(test_splitmix(&rng_state) % wide);
                if (kind == 2)
                    a = b = (unsigned)(abs(i % 3 - j % 3) + abs(i / 3 - j / 3));
                if (kind == 3)
                    a = b = i == hub || j == hub ? 1 : 2;
                inst.dist[i * n + j] = i == j ? 0 : a;
                inst.dist[j * n + i] = i == j ? 0 : b;
            }
        memset(&x, 0, sizeof x);
        tsp_seed_tour(&inst, &x.first);
        seed = x.first;
        first_shortest(&inst, &want);
        bound = tsp_bound_root(inst.dist, inst.n, inst.symmetric, x.first.length, &x);
        CHECK(!tsp_dive_first(&inst, &x, bound, 1) && memcmp(&x.first, &seed, sizeof seed) == 0,
              "trial %d: a walk of one path gave up without leaving the first tour as it was", trial);
        dived = tsp_dive_first(&inst, &x, bound, (long)TSP_DIVE_STEPS * n * n);
        CHECK(dived || kind == 0 || kind == 1 || kind == 4, "trial %d: no dive on the lattice or the hub", trial);
        if (dived) {
            moved++;
            CHECK(x.first.length == want.length && memcmp(x.first.tour, want.tour, (size_t)n - 1) == 0,
                  "trial %d: the dive's tour (length %llu) is not the first shortest (length %llu)", trial,
                  (unsigned long long)x.first.length, (unsigned long long)want.length);
        } else {
            kept++;
            CHECK(memcmp(&x.first, &seed, sizeof seed) == 0, "trial %d: the first tour changed without a dive", trial);
        }
    }
    CHECK(moved > 40 && kept > 0, "too few cases of each kind (%d moved, %d kept)", moved, kept);
    check_end();
}

/* inst: an ATSP instance of n cities of the given kind (0: weights 1..3,
 * 1: 1..1000, 2: mostly 0, 3: a lattice with one more going down the
 * numbering, 4: a hub at 0 from every city) */
static void atsp_of(tsp_instance *inst, int n, int kind)
{
    int i, j, hub = (int)(test_splitmix(&rng_state) % (unsigned)n), w = (int)(3 + n / 3);
    inst->n = n;
    inst->symmetric = 0;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            unsigned r = (unsigned)(test_splitmix(&rng_state) >> 33);
            inst->dist[i * n + j] = i == j ? 0
                                    : kind == 0 ? 1 + r % 3
                                    : kind == 1 ? 1 + r % 1000
                                    : kind == 2 ? (r % 4 == 0 ? 1 + r % 7 : 0)
                                    : kind == 3 ? (unsigned)(abs(i % w - j % w) + abs(i / w - j / w) + (j < i))
                                                : (i == hub || j == hub ? 0 : 1 + r % 2);
        }
}

static void test_assign(void)
{
    static tsp_instance inst;
    tsp_best start, got, want;
    tsp_s64 u[TSP_MAX_CITIES], v[TSP_MAX_CITIES];
    int trial, i, j, n, capped = 0;
    check_begin("tsp_assign_prove: the optimum and its first tour in rank order (ATSP n = 4..9, all tours), a "
                "capped search a tour no longer than its start, Held-Karp's length (n = 12..16), feasible duals");
    for (trial = 0; trial < 600; trial++) {
        long long ap = 0;
        n = 4 + trial % 6;
        atsp_of(&inst, n, trial / 6 % 5);
        first_shortest(&inst, &want);
        tsp_assign_duals(inst.dist, n, u, v);
        for (i = 0; i < n; i++) {
            ap += u[i] + v[i];
            for (j = 0; j < n; j++)
                CHECK(i == j || (tsp_s64)inst.dist[i * n + j] - u[i] - v[j] >= 0,
                      "trial %d: the arc %d -> %d's reduced cost is negative", trial, i, j);
        }
        CHECK(ap <= (long long)want.length, "trial %d: the assignment %lld above the optimum %llu", trial, ap,
              (unsigned long long)want.length);
        if (trial % 2)
            tsp_seed_tour(&inst, &start);
        else { /* a poor start: cities in order */
            for (i = 0; i < n - 1; i++)
                start.tour[i] = (kperm_u8)(i + 1);
            start.length = 0;
            start.length = tour_of(&inst, &start);
        }
        got = start;
        CHECK(tsp_assign_prove(inst.dist, n, &got, 1000000, 1) && got.length == want.length
                  && memcmp(got.tour, want.tour, (size_t)n - 1) == 0,
              "trial %d (n = %d): length %llu, not the first shortest tour (length %llu)", trial, n,
              (unsigned long long)got.length, (unsigned long long)want.length);
        got = start;
        CHECK(tsp_assign_prove(inst.dist, n, &got, 1000000, 0) && got.length == want.length
                  && tour_of(&inst, &got) == got.length,
              "trial %d (n = %d): without ties, length %llu, not an optimal tour (%llu)", trial, n,
              (unsigned long long)got.length, (unsigned long long)want.length);
        got = start;
        if (!tsp_assign_prove(inst.dist, n, &got, 2, 1)) {
            capped++;
            CHECK(tour_of(&inst, &got) == got.length
                      && (got.length < start.length
                          || (got.length == start.length && memcmp(got.tour, start.tour, (size_t)n - 1) <= 0)),
                  "trial %d: capped at 2 subproblems, not a tour as short as the start's and no later", trial);
        } else
            CHECK(got.length == want.length && memcmp(got.tour, want.tour, (size_t)n - 1) == 0,
                  "trial %d: settled within 2 subproblems, but not the first shortest tour", trial);
    }
    CHECK(capped > 50, "only %d searches reached the cap of 2 subproblems", capped);
    for (n = 12; n <= 16; n++)
        for (trial = 0; trial < 4; trial++) {
            atsp_of(&inst, n, trial % 2);
            tsp_seed_tour(&inst, &got);
            CHECK(tsp_assign_prove(inst.dist, n, &got, 10000000, 1) && got.length == held_karp(&inst)
                      && tour_of(&inst, &got) == got.length,
                  "n = %d, trial %d: length %llu, Held-Karp %llu", n, trial, (unsigned long long)got.length,
                  held_karp(&inst));
        }
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    test_random();
    test_tsplib();
    test_dropped_edges();
    test_dive();
    test_assign();
    return check_any_failed;
}
