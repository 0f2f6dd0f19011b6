/* test_tsp_seed.c - the pruned search's first tour (samples/tsp/run/tsp_seed.c):
 * on random symmetric and asymmetric instances of 3..64 cities, a tour of
 * every city once, its length the sum of its edges, a symmetric one in the
 * orientation the search counts, no longer than the nearest-neighbour tour
 * it starts from, the same on a second call; on every TSPLIB file of
 * bench/data/optima.txt, no shorter than the published optimum. */
#include "tsp_seed.h"
#include "check.h"
#include "rng.h"
#include <stdio.h>
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
    check_begin("tsp_seed_tour: every TSPLIB file of bench/data/optima.txt, a tour no shorter than its optimum");
    CHECK(f != NULL, "bench/data/optima.txt: cannot open (run from the repository's root)");
    while (f && fgets(line, sizeof line, f))
        if (line[0] != '#' && sscanf(line, "%199s %llu", path, &optimum) == 2) {
            tsp_best b;
            files++;
            CHECK(tsp_read(path, &inst, err, sizeof err) == 0, "%s", err);
            tsp_seed_tour(&inst, &b);
            check_seed(&inst, path);
            CHECK(b.length >= optimum, "%s: %llu, below the optimum %llu", path, (unsigned long long)b.length, optimum);
        }
    CHECK(files >= 20, "only %d files listed", files);
    if (f)
        fclose(f);
    check_end();
}

int main(void)
{
    test_random();
    test_tsplib();
    return check_any_failed;
}
