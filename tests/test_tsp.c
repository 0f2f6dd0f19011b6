/* test_tsp.c - kperm-tsp on every backend it has, through its --json output:
 * optima against a Held-Karp reference (bench/held_karp.h), on random
 * symmetric (--random) and asymmetric (ATSP files) instances n = 4..11 and on
 * burma14; the printed tour is a permutation from city 1 whose recomputed
 * length is the printed one; all-equal instances give rank 0's tour; all
 * backends print the same tour. Every run is repeated with --prune, which
 * must print the same length and tour (so the same rank) as the exhaustive
 * search, with its own unit depth and again with units of one city and of
 * all but one or four (kperm-tsp-faults with KPERM_TSP_UNIT_CITIES); the same
 * for random TSP and ATSP n = 5..11 with planted twins (cities whose rows
 * and columns are equal: several classes, city 1 among them, with ties),
 * which --prune visits in increasing order only, and with near twins (the
 * same but asymmetric between the two), which it must not take for twins. Random
 * n = 12, 13 (TSP, and ATSP with ties), n = 12 lattices (TSP, ATSP) and a
 * hub at distance 0 from every city with all tours tied (TSP, ATSP; weights
 * 3 and 2^31 - 1: the bound must reach the optimum exactly, so the tie rule
 * closes the search at once): --prune on every backend against the
 * exhaustive C backend; n = 16..20: --prune against Held-Karp, settled at the
 * start and searched (KPERM_TSP_SEARCH_ALL=1); n = 40: a
 * valid tour with its rank as a JSON string; an 8 x 8 lattice: every
 * backend's --prune, searching although the start settles it, prints the C
 * backend's tour, the devices with at most 4 times its tours evaluated and
 * paths skipped (a small-rank tour must close the frontier's ties as the
 * depth-first search's does), and settled at the start the same tour with
 * no tour evaluated. Runs with units of another depth search what the
 * start would settle (kperm-tsp-faults, KPERM_TSP_SEARCH_ALL=1). KPERM_TSP_LARGE=1 adds
 * exhaustive random n = 12, 13, 14 everywhere (for the GPU run). */
#include "tsplib.h"
#include "held_karp.h"
#include "check.h"
#include "rng.h"
#include <stdlib.h>
#include <string.h>

#define BIN "build/kperm-tsp"
#define UNITS_BIN "build/kperm-tsp-faults"
/* the test build with nothing settled before the search (tsp_start.h): the
 * backends' search itself, on instances the start would settle */
#define SEARCH_BIN "KPERM_TSP_SEARCH_ALL=1 " UNITS_BIN
#define DIR "build/tsp_tests"

typedef struct {
    unsigned long long length, visited, pruned; /* pruned: paths skipped (--prune), else 0 */
    int tour[TSP_MAX_CITIES], n;
    int rank_string; /* the rank came as a JSON string of digits */
    char rank[100];  /* the rank's digits (64! has 90) */
} answer;

static const char *all_backends[] = {"cpu", "opencl", "cuda"};
static const char *backends[3];
static int nbackends;

/* runs bin (with its environment) on backend and args; 0 with *a filled
 * from its JSON, else the exit status */
static int run_bin(const char *bin, const char *backend, const char *args, answer *a)
{
    char cmd[1024], out[4096];
    const char *p;
    size_t got;
    FILE *f;
    int i, rc;
    snprintf(cmd, sizeof cmd, "%s --json --backend %s %s 2>/dev/null", bin, backend, args);
    f = popen(cmd, "r");
    if (!f)
        return -1;
    got = fread(out, 1, sizeof out - 1, f);
    out[got] = 0;
    rc = pclose(f);
    if (rc != 0)
        return rc;
    p = strstr(out, "\"rank\": ");
    a->rank_string = p && p[8] == '"' && strspn(p + 9, "0123456789") > 15 && p[9 + strspn(p + 9, "0123456789")] == '"';
    a->rank[0] = 0;
    if (p) {
        size_t digits = strspn(p + 8 + (p[8] == '"'), "0123456789");
        if (digits == 0 || digits >= sizeof a->rank)
            return -2;
        memcpy(a->rank, p + 8 + (p[8] == '"'), digits);
        a->rank[digits] = 0;
    }
    p = strstr(out, "\"length\": ");
    if (!p || sscanf(p, "\"length\": %llu", &a->length) != 1 || !(p = strstr(out, "\"visited\": "))
        || sscanf(p, "\"visited\": %llu", &a->visited) != 1 || !(p = strstr(out, "\"tour\": [")))
        return -2;
    p += 9;
    for (i = 0; i < TSP_MAX_CITIES && *p != ']'; i++) {
        char *end;
        a->tour[i] = (int)strtol(p, &end, 10);
        p = end;
        while (*p == ',' || *p == ' ')
            p++;
    }
    a->n = i;
    p = strstr(out, "\"pruned_prefixes\": ");
    a->pruned = 0;
    if (p && sscanf(p, "\"pruned_prefixes\": %llu", &a->pruned) != 1)
        return -2;
    return 0;
}

static int run(const char *backend, const char *args, answer *a)
{
    return run_bin(BIN, backend, args, a);
}

/* tour starts at city 1, visits each city once, and its length is a->length */
static int tour_ok(const tsp_instance *t, const answer *a)
{
    int seen[TSP_MAX_CITIES] = {0}, i;
    unsigned long long len = 0;
    if (a->n != t->n || a->tour[0] != 1)
        return 0;
    for (i = 0; i < t->n; i++) {
        int c = a->tour[i] - 1;
        if (c < 0 || c >= t->n || seen[c]++)
            return 0;
        len += t->dist[c * t->n + a->tour[(i + 1) % t->n] - 1];
    }
    return len == a->length;
}

static void write_matrix(const char *path, const char *type, const tsp_instance *t)
{
    FILE *f = fopen(path, "w");
    int i, j;
    fprintf(f, "NAME: %s\nTYPE: %s\nDIMENSION: %d\nEDGE_WEIGHT_TYPE: EXPLICIT\n"
               "EDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n", path, type, t->n);
    for (i = 0; i < t->n; i++) {
        for (j = 0; j < t->n; j++)
            fprintf(f, " %u", t->dist[i * t->n + j]);
        fprintf(f, "\n");
    }
    fprintf(f, "EOF\n");
    fclose(f);
}

static unsigned long long rng_state = 2024;
static unsigned rng(void)
{
    return (unsigned)(test_splitmix(&rng_state) >> 32);
}

/* --prune on `backend` against the exhaustive answer `want`, with its own
 * unit depth, then searching what the start would settle with units of one
 * city and of n - 2 (up to 8 cities) or 4 */
static void check_pruned(const char *what, const char *backend, const char *args, const answer *want)
{
    char pruned[300], units[300];
    answer a;
    int rc, pass;
    snprintf(pruned, sizeof pruned, "--prune %s", args);
    for (pass = 0; pass < 3; pass++) {
        snprintf(units, sizeof units, "KPERM_TSP_UNIT_CITIES=%d " SEARCH_BIN, pass == 1 ? 1 : want->n <= 8 ? want->n - 2 : 4);
        memset(&a, 0, sizeof a);
        rc = run_bin(pass ? units : BIN, backend, pruned, &a);
        if (rc) {
            check_fail("%s --prune%s on %s: kperm-tsp failed (%d)", what, pass ? " (units)" : "", backend, rc);
            continue;
        }
        CHECK(a.length == want->length && a.n == want->n && memcmp(a.tour, want->tour, sizeof *a.tour * a.n) == 0
                  && strcmp(a.rank, want->rank) == 0,
              "%s --prune%s on %s: length %llu, tour 1 %d %d ..., rank %s; exhaustive: %llu, 1 %d %d ..., rank %s",
              what, pass ? " (units)" : "", backend, a.length, a.tour[1], a.tour[2], a.rank, want->length,
              want->tour[1], want->tour[2], want->rank);
    }
}

/* t: n cities, weights below `range` (a symmetric one when symmetric) */
static void random_matrix(tsp_instance *t, int n, unsigned range, int symmetric)
{
    int i, j;
    t->n = n;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            t->dist[i * n + j] = i == j ? 0 : symmetric && j < i ? t->dist[j * n + i] : rng() % range;
}

/* plants `classes` classes of twins in t (symmetric stays symmetric): each
 * a source city (city 1 too) whose row and column are copied to 1 or 2
 * other cities, every distance inside the class then set to one weight
 * below `range` both ways; the classes are disjoint. Twins are such cities
 * but city 1: kperm-tsp --prune visits them in increasing order only. near:
 * the first class's first two cities at 0 from the first to the second and
 * `range` back, so not twins (a tour that has them adjacent changes its
 * length when they are exchanged), and likely adjacent, first to second, in
 * the optimum, which visits them in decreasing order half the time. */
static void plant_twins(tsp_instance *t, int classes, unsigned range, int near)
{
    int order[TSP_MAX_CITIES], n = t->n, used = 0, i, j, c, k;
    for (i = 0; i < n; i++)
        order[i] = i;
    for (i = n - 1; i > 0; i--) { /* the cities shuffled: each class the next ones */
        j = (int)(rng() % (unsigned)(i + 1));
        k = order[i];
        order[i] = order[j];
        order[j] = k;
    }
    for (c = 0; c < classes && used + 2 <= n; c++) {
        int size = 2 + (int)(rng() % 2), *member = order + used, s = member[0];
        unsigned w = rng() % range;
        size = size < n - used ? size : n - used;
        used += size;
        for (i = 1; i < size; i++)
            for (k = 0; k < n; k++) {
                t->dist[member[i] * n + k] = t->dist[s * n + k];
                t->dist[k * n + member[i]] = t->dist[k * n + s];
            }
        for (i = 0; i < size; i++)
            for (j = 0; j < size; j++)
                t->dist[member[i] * n + member[j]] = i == j ? 0 : w;
        if (near && c == 0) {
            t->dist[member[0] * n + member[1]] = 0;
            t->dist[member[1] * n + member[0]] = range;
        }
    }
}

/* every backend on args (of t): a valid tour of length opt (0: any), the
 * same tour everywhere; past 21 cities the rank a JSON string of digits */
static void check_agree(const char *args, const tsp_instance *t, unsigned long long opt)
{
    answer first, a;
    int b, all;
    memset(&first, 0, sizeof first);
    for (b = 0; b < nbackends; b++)
        for (all = 0; all < 2; all++) { /* settled at the start where it can be, then searched */
            memset(&a, 0, sizeof a);
            if (run_bin(all ? SEARCH_BIN : BIN, backends[b], args, &a)) {
                check_fail("%s on %s%s: kperm-tsp failed", args, backends[b], all ? " (searched)" : "");
                continue;
            }
            CHECK(tour_ok(t, &a) && (!opt || a.length == opt), "%s on %s%s: length %llu, Held-Karp %llu", args,
                  backends[b], all ? " (searched)" : "", a.length, opt);
            CHECK(t->n <= 21 || a.rank_string, "%s on %s: the rank is not a JSON string", args, backends[b]);
            if (b == 0 && !all)
                first = a;
            CHECK(memcmp(a.tour, first.tour, sizeof a.tour) == 0, "%s: %s%s prints another tour than %s", args,
                  backends[b], all ? " (searched)" : "", backends[0]);
        }
}

/* every backend on one instance: the Held-Karp optimum, a valid tour, and the
 * same tour everywhere, pruned too (rank0: the tour of rank 0) */
static void check_instance(const char *what, const char *args, const tsp_instance *t, int rank0)
{
    answer first, a;
    unsigned long long opt = held_karp(t);
    int b, i;
    memset(&a, 0, sizeof a);
    for (b = 0; b < nbackends; b++) {
        int rc = run(backends[b], args, &a);
        if (rc) {
            check_fail("%s on %s: kperm-tsp failed (%d)", what, backends[b], rc);
            continue;
        }
        check_pruned(what, backends[b], args, &a);
        CHECK(a.length == opt, "%s on %s: length %llu, Held-Karp %llu", what, backends[b], a.length, opt);
        CHECK(tour_ok(t, &a), "%s on %s: the tour is not a tour of length %llu", what, backends[b], a.length);
        if (b == 0)
            first = a;
        else
            CHECK(memcmp(a.tour, first.tour, sizeof a.tour) == 0, "%s: %s prints another tour than %s", what,
                  backends[b], backends[0]);
        for (i = 0; rank0 && i < t->n; i++)
            CHECK(a.tour[i] == i + 1, "%s on %s: not rank 0's tour 1 2 3 ...", what, backends[b]);
    }
}

int main(void)
{
    tsp_instance t;
    char err[TSP_ERR_SIZE], args[256], name[256];
    answer a;
    int n, b, k, large = getenv("KPERM_TSP_LARGE") != NULL;
    if (system("mkdir -p " DIR) != 0)
        return 1;
    for (b = 0; b < 3; b++) {
        int rc = run(all_backends[b], "--random 5", &a);
        if (rc == 0)
            backends[nbackends++] = all_backends[b];
        else {
            snprintf(name, sizeof name, "kperm-tsp --backend %s", all_backends[b]);
            check_skip(name, "not built in or no device here");
        }
    }
    for (n = 4; n <= 11; n++) {
        snprintf(name, sizeof name, "kperm-tsp optimum = Held-Karp, n = %d, symmetric and asymmetric, on %d backends",
                 n, nbackends);
        check_begin(name);
        for (k = 0; k < 3; k++) {
            snprintf(args, sizeof args, "--random %d --seed %d", n, k);
            tsp_random(n, (unsigned long long)k, &t, err, sizeof err);
            check_instance(args, args, &t, 0);
        }
        /* k = 2: many ties; k >= 3: weights so large that the solver takes its
         * general 64-bit search instead of the 32-bit block search, ATSP and TSP */
        for (k = 0; k < 5; k++) {
            int i, j;
            for (i = 0; i < n; i++)
                for (j = 0; j < n; j++)
                    t.dist[i * n + j] = i == j ? 0 : k == 2 ? rng() % 3 : k >= 3 ? (1u << 30) + rng() % 1000 : rng() % 1000;
            if (k == 4)
                for (i = 0; i < n; i++)
                    for (j = 0; j < i; j++)
                        t.dist[i * n + j] = t.dist[j * n + i];
            t.n = n;
            snprintf(args, sizeof args, DIR "/%s-%d-%d.tsp", k == 4 ? "tsp" : "atsp", n, k);
            write_matrix(args, k == 4 ? "TSP" : "ATSP", &t);
            check_instance(args, args, &t, 0);
        }
        check_end();
    }
    for (n = 5; n <= 11; n++) {
        /* twins: --prune visits them in increasing order only, the ascent
         * steps by their mean; the exhaustive search knows nothing of them */
        snprintf(name, sizeof name, "kperm-tsp --prune = exhaustive (length, tour, rank) = Held-Karp with planted "
                 "twins (1 to 3 classes of 2 or 3 cities, city 1 among them too) and near twins, n = %d, TSP and ATSP, "
                 "with ties, on %d backends", n, nbackends);
        check_begin(name);
        for (k = 0; k < 8; k++) {
            /* k = 2, 3, 7: many ties; k = 6, 7: the first class near twins
             * (asymmetric between its cities), which must not be taken for twins */
            unsigned range = k == 2 || k == 3 || k == 7 ? 3 : k == 4 || k == 5 ? 1u << 30 : 1000;
            int symmetric = k % 2 == 0 && k < 6;
            random_matrix(&t, n, range, symmetric);
            plant_twins(&t, k >= 6 ? 2 : 1 + k / 2, range, k >= 6);
            snprintf(args, sizeof args, DIR "/twins-%s-%d-%d.tsp", symmetric ? "tsp" : "atsp", n, k);
            write_matrix(args, symmetric ? "TSP" : "ATSP", &t);
            check_instance(args, args, &t, 0);
        }
        check_end();
    }
    check_begin("kperm-tsp: all tours equal (TSP and ATSP, n = 9) gives rank 0's tour on every backend");
    for (k = 0; k < 2; k++) {
        int i;
        t.n = 9;
        for (i = 0; i < 81; i++)
            t.dist[i] = i % 10 ? 7 : 0;
        snprintf(args, sizeof args, DIR "/equal-%d.tsp", k);
        write_matrix(args, k ? "ATSP" : "TSP", &t);
        check_instance(args, args, &t, 1);
    }
    check_end();
    check_begin("kperm-tsp: burma14 = 3323 = Held-Karp, one tour on every backend");
    if (tsp_read("data/burma14.tsp", &t, err, sizeof err))
        check_fail("%s", err);
    else {
        CHECK(held_karp(&t) == 3323, "Held-Karp says %llu", held_karp(&t));
        check_instance("burma14", "data/burma14.tsp", &t, 0);
    }
    check_end();
    check_begin("kperm-tsp --prune: gr17 = 2085 = Held-Karp, one tour on every backend");
    if (tsp_read("bench/data/gr17.tsp", &t, err, sizeof err))
        check_fail("%s", err);
    else {
        answer first;
        memset(&first, 0, sizeof first);
        CHECK(held_karp(&t) == 2085, "Held-Karp says %llu", held_karp(&t));
        for (b = 0; b < nbackends; b++) {
            memset(&a, 0, sizeof a);
            if (run(backends[b], "--prune bench/data/gr17.tsp", &a)) {
                check_fail("gr17 --prune on %s: kperm-tsp failed", backends[b]);
                continue;
            }
            CHECK(a.length == 2085 && tour_ok(&t, &a), "gr17 --prune on %s: length %llu", backends[b], a.length);
            if (b == 0)
                first = a;
            CHECK(memcmp(a.tour, first.tour, sizeof a.tour) == 0, "gr17 --prune: %s prints another tour", backends[b]);
        }
    }
    check_end();
    for (n = 12; n <= 13; n++) {
        snprintf(name, sizeof name, "kperm-tsp --prune = exhaustive (length, tour, rank), random n = %d, TSP and "
                 "ATSP with ties, %d backends", n, nbackends);
        check_begin(name);
        for (k = 0; k < 2; k++) {
            if (k == 0)
                snprintf(args, sizeof args, "--random %d --seed %d", n, n);
            else {
                random_matrix(&t, n, 5, 0);
                snprintf(args, sizeof args, DIR "/atsp-ties-%d.tsp", n);
                write_matrix(args, "ATSP", &t);
            }
            memset(&a, 0, sizeof a);
            if (run("cpu", args, &a))
                check_fail("%s on cpu: kperm-tsp failed", args);
            for (b = 0; b < nbackends; b++)
                check_pruned(args, backends[b], args, &a);
        }
        check_end();
    }
    snprintf(name, sizeof name, "kperm-tsp --prune = exhaustive (length, tour, rank): ATSP lattices, and a hub "
             "at distance 0 whose tours all tie (weights 3 and 2^31 - 1), closed at once, n = 12, %d backends",
             nbackends);
    check_begin(name);
    for (k = 0; k < 6; k++) {
        int i, j, hub = 5;
        t.n = 12;
        for (i = 0; i < t.n; i++)
            for (j = 0; j < t.n; j++) /* lattice: a 3 x 4 grid, Manhattan, one more going down the numbering */
                t.dist[i * t.n + j] = i == j ? 0
                                      : k < 2 ? (unsigned)(abs(i % 4 - j % 4) + abs(i / 4 - j / 4) + (k == 1 && j < i))
                                      : i == hub || j == hub ? 0
                                                             : k % 2 ? 3u : 2147483647u;
        for (i = 0; k >= 4 && i < t.n; i++) /* the hub, asymmetric: leaving it dearer than entering it */
            if (i != hub)
                t.dist[hub * t.n + i] = 1;
        snprintf(args, sizeof args, DIR "/ties-%d.tsp", k);
        write_matrix(args, k == 0 || k == 2 || k == 3 ? "TSP" : "ATSP", &t);
        memset(&a, 0, sizeof a);
        if (run("cpu", args, &a))
            check_fail("%s on cpu: kperm-tsp failed", args);
        for (b = 0; b < nbackends; b++)
            check_pruned(args, backends[b], args, &a);
        if (k >= 2) {
            answer p;
            char pruned[300];
            snprintf(pruned, sizeof pruned, "--prune %s", args);
            memset(&p, 0, sizeof p);
            CHECK(run_bin(SEARCH_BIN, "cpu", pruned, &p) == 0 && p.visited <= 1000, "%s --prune: %llu tours visited (of 11! orders), not closed at once",
                  args, p.visited);
        }
    }
    check_end();
    for (n = 16; n <= 20; n++) {
        snprintf(name, sizeof name, "kperm-tsp --prune = Held-Karp, random n = %d, TSP and ATSP, one tour on %d "
                 "backends", n, nbackends);
        check_begin(name);
        for (k = 0; k < 2; k++) {
            if (k == 0) {
                snprintf(args, sizeof args, "--prune --random %d --seed %d", n, n);
                tsp_random(n, (unsigned long long)n, &t, err, sizeof err);
            } else {
                random_matrix(&t, n, 1000, 0);
                snprintf(args, sizeof args, "--prune " DIR "/atsp-%d.tsp", n);
                write_matrix(args + 8, "ATSP", &t);
            }
            check_agree(args, &t, held_karp(&t));
        }
        check_end();
    }
    check_begin("kperm-tsp --prune: random n = 40, a valid tour on every backend, its rank a JSON string");
    tsp_random(40, 40, &t, err, sizeof err);
    check_agree("--prune --random 40 --seed 40", &t, 0);
    check_end();
    snprintf(name, sizeof name, "kperm-tsp --prune: an 8 x 8 lattice (thousands of optimal tours), the C backend's "
             "tour on %d backends, in at most 4 times its tours and skipped paths (+ 4, + 10 000)", nbackends);
    check_begin(name);
    {
        /* the device frontier used to find tours of its own in every
         * work-item and bound its levels against the first tour only:
         * 11.7 million paths skipped on POCL, 2.1 * 10^9 on the H100, where
         * the C backend's depth first search skips 240 000 */
        FILE *f = fopen(DIR "/lattice64.tsp", "w");
        answer c;
        int i;
        if (f) {
            fprintf(f, "NAME: lattice64\nTYPE: TSP\nDIMENSION: 64\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n");
            for (i = 0; i < 64; i++)
                fprintf(f, "%d %d %d\n", i + 1, i % 8 * 10, i / 8 * 10);
            if (fclose(f) != 0)
                f = NULL;
        }
        memset(&c, 0, sizeof c);
        if (!f || run_bin(SEARCH_BIN, "cpu", "--prune " DIR "/lattice64.tsp", &c))
            check_fail("lattice64 --prune on cpu: kperm-tsp failed");
        else
            CHECK(c.length == 640, "lattice64 --prune on cpu: length %llu, not 640", c.length);
        memset(&a, 0, sizeof a); /* settled by the start (the bound proves the first tour optimal) */
        CHECK(f && run("cpu", "--prune " DIR "/lattice64.tsp", &a) == 0 && a.length == c.length && a.visited == 0
                  && memcmp(a.tour, c.tour, sizeof *a.tour * a.n) == 0,
              "lattice64 --prune on cpu, settled at the start: length %llu, %llu tours evaluated, tour 1 %d %d ...",
              a.length, a.visited, a.tour[1], a.tour[2]);
        for (b = 1; f && b < nbackends; b++) { /* backends[0]: the C backend, always built */
            memset(&a, 0, sizeof a);
            if (run_bin(SEARCH_BIN, backends[b], "--prune " DIR "/lattice64.tsp", &a)) {
                check_fail("lattice64 --prune on %s: kperm-tsp failed", backends[b]);
                continue;
            }
            CHECK(a.length == c.length && a.n == c.n && memcmp(a.tour, c.tour, sizeof *a.tour * a.n) == 0,
                  "lattice64 --prune on %s: length %llu, tour 1 %d %d ...; cpu: %llu, 1 %d %d ...", backends[b],
                  a.length, a.tour[1], a.tour[2], c.length, c.tour[1], c.tour[2]);
            CHECK(a.visited <= 4 * c.visited + 4 && a.pruned <= 4 * c.pruned + 10000,
                  "lattice64 --prune on %s: %llu tours evaluated, %llu paths skipped; cpu: %llu, %llu", backends[b],
                  a.visited, a.pruned, c.visited, c.pruned);
        }
    }
    check_end();
    for (n = 12; large && n <= 14; n++) {
        snprintf(name, sizeof name, "kperm-tsp optimum = Held-Karp, random n = %d, one tour on %d backends", n, nbackends);
        check_begin(name);
        snprintf(args, sizeof args, "--random %d --seed 1", n);
        tsp_random(n, 1, &t, err, sizeof err);
        check_instance(args, args, &t, 0);
        check_end();
    }
    return check_any_failed;
}
