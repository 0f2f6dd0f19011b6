/* test_tsplib.c - the TSPLIB reader against matrices worked out for each file
 * (tests/tsp/good), every EXPLICIT format against the same matrix, and the
 * same geometry as coordinates and as weights; each file read again with a
 * UTF-8 byte-order mark before it. */
#include "tsplib.h"
#include "run_file.h"
#include "check.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N5 5
static const unsigned euc2d[N5][N5] = {{0, 5, 10, 5, 3}, {5, 0, 5, 3, 2}, {10, 5, 0, 7, 7}, {5, 3, 7, 0, 2}, {3, 2, 7, 2, 0}};
static const unsigned ceil2d[N5][N5] = {{0, 5, 10, 5, 4}, {5, 0, 5, 4, 3}, {10, 5, 0, 7, 8}, {5, 4, 7, 0, 3}, {4, 3, 8, 3, 0}};
static const unsigned man2d[N5][N5] = {{0, 7, 14, 5, 4}, {7, 0, 7, 4, 3}, {14, 7, 0, 9, 10}, {5, 4, 9, 0, 3}, {4, 3, 10, 3, 0}};
static const unsigned max2d[N5][N5] = {{0, 4, 8, 5, 3}, {4, 0, 4, 3, 2}, {8, 4, 0, 6, 5}, {5, 3, 6, 0, 2}, {3, 2, 5, 2, 0}};
static const unsigned att[N5][N5] = {{0, 4, 7, 4, 1}, {4, 0, 8, 3, 3}, {7, 8, 0, 5, 6}, {4, 3, 5, 0, 3}, {1, 3, 6, 3, 0}};
static const unsigned geo[N5][N5] = {{0, 510, 8115, 13553, 10740}, {510, 0, 8623, 13125, 10382},
                                     {8115, 8623, 0, 16013, 15307}, {13553, 13125, 16013, 0, 8577},
                                     {10740, 10382, 15307, 8577, 0}};
static const unsigned euc3d[N5][N5] = {{0, 3, 9, 2, 4}, {3, 0, 6, 4, 4}, {9, 6, 0, 9, 7}, {2, 4, 9, 0, 6}, {4, 4, 7, 6, 0}};
static const unsigned man3d[N5][N5] = {{0, 5, 15, 4, 6}, {5, 0, 10, 6, 5}, {15, 10, 0, 16, 11}, {4, 6, 16, 0, 9}, {6, 5, 11, 9, 0}};
static const unsigned max3d[N5][N5] = {{0, 2, 7, 2, 3}, {2, 0, 5, 3, 3}, {7, 5, 0, 7, 5}, {2, 3, 7, 0, 5}, {3, 3, 5, 5, 0}};
static const unsigned atsp[4][4] = {{0, 3, 9, 4}, {1, 0, 6, 8}, {2, 7, 0, 5}, {10, 4, 3, 0}};

static const struct {
    const char *file, *weight_type;
    const unsigned *matrix;
    int n, symmetric;
} cases[] = {
    {"euc2d", "EUC_2D", &euc2d[0][0], 5, 1},
    {"ceil2d", "CEIL_2D", &ceil2d[0][0], 5, 1},
    {"man2d", "MAN_2D", &man2d[0][0], 5, 1},
    {"max2d", "MAX_2D", &max2d[0][0], 5, 1},
    {"att", "ATT", &att[0][0], 5, 1},
    {"geo", "GEO", &geo[0][0], 5, 1},
    {"euc3d", "EUC_3D", &euc3d[0][0], 5, 1},
    {"man3d", "MAN_3D", &man3d[0][0], 5, 1},
    {"max3d", "MAX_3D", &max3d[0][0], 5, 1},
    /* the EUC_2D geometry again, as weights in every EXPLICIT format */
    {"explicit_full_matrix", "EXPLICIT", &euc2d[0][0], 5, 1},
    {"explicit_upper_row", "EXPLICIT", &euc2d[0][0], 5, 1},
    {"explicit_lower_row", "EXPLICIT", &euc2d[0][0], 5, 1},
    {"explicit_upper_diag_row", "EXPLICIT", &euc2d[0][0], 5, 1},
    {"explicit_lower_diag_row", "EXPLICIT", &euc2d[0][0], 5, 1},
    {"explicit_upper_col", "EXPLICIT", &euc2d[0][0], 5, 1},
    {"explicit_lower_col", "EXPLICIT", &euc2d[0][0], 5, 1},
    {"explicit_upper_diag_col", "EXPLICIT", &euc2d[0][0], 5, 1},
    {"explicit_lower_diag_col", "EXPLICIT", &euc2d[0][0], 5, 1},
    {"atsp_full", "EXPLICIT", &atsp[0][0], 4, 0},
};

/* a 3-city file of weight type `type` whose city 2 is at x on the first
 * axis, cities 1 and 3 at 0 and 1 (so d(1,2) is the longest) */
static int parse_far(const char *type, double x, tsp_instance *inst, char *err, size_t errsize)
{
    const char *z = strstr(type, "3D") ? " 0" : "";
    char text[512];
    snprintf(text, sizeof text, "NAME: far\nTYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: %s\nNODE_COORD_SECTION\n"
             "1 0 0%s\n2 %.17g 0%s\n3 1 0%s\nEOF\n", type, z, x, z, z);
    return tsp_parse("far.tsp", text, strlen(text), inst, err, errsize);
}

/* the largest weight is checked after TSPLIB's rounding, not before: a
 * distance that rounds to 2^31 - 1 is taken, one that rounds past it is
 * refused with the rounded value */
static void rounded_limit(void)
{
    static const char *const types[] = {"EUC_2D", "MAN_2D", "MAX_2D", "EUC_3D", "MAN_3D", "MAX_3D"};
    tsp_instance inst;
    char err[TSP_ERR_SIZE];
    unsigned k;
    check_begin("tsplib reader: a distance of 2147483647.49 rounds to 2^31 - 1 and is taken; 2147483647.5 is refused "
                "as 2147483648");
    for (k = 0; k < sizeof types / sizeof types[0]; k++) {
        CHECK(parse_far(types[k], 2147483647.49, &inst, err, sizeof err) == 0 && inst.dist[1] == 2147483647u,
              "%s: 2147483647.49 gave %s", types[k], err);
        CHECK(parse_far(types[k], 2147483647.5, &inst, err, sizeof err) == -1
              && strstr(err, "from city 1 to city 2, 2147483648 once rounded") && strstr(err, "exceeds 2147483647"),
              "%s: 2147483647.5: %s", types[k], err);
    }
    /* ATT rounds up: x = sqrt(10) r gives the pseudo-Euclidean distance r */
    CHECK(parse_far("ATT", sqrt(10.0) * 2147483646.5, &inst, err, sizeof err) == 0 && inst.dist[1] == 2147483647u,
          "ATT: 2147483646.5 gave %s", err);
    CHECK(parse_far("ATT", sqrt(10.0) * 2147483647.25, &inst, err, sizeof err) == -1
          && strstr(err, "2147483648 once rounded"), "ATT: 2147483647.25: %s", err);
    check_end();
}

/* path with a UTF-8 byte-order mark before its first byte (as Windows'
 * editors write one) gives *want, the instance without it */
static void with_bom(const char *path, const tsp_instance *want)
{
    static tsp_instance got;
    char err[TSP_ERR_SIZE];
    long size;
    int absent;
    char *text = run_read_file(path, TSP_MAX_FILE, "TSPLIB file", &size, &absent, err, sizeof err), *bom;
    if (!text || !(bom = (char *)malloc((size_t)size + 3))) {
        check_fail("%s: %s", path, text ? "out of memory" : err);
        free(text);
        return;
    }
    memcpy(bom, "\xef\xbb\xbf", 3);
    memcpy(bom + 3, text, (size_t)size);
    if (tsp_parse(path, bom, (size_t)size + 3, &got, err, sizeof err))
        check_fail("with a byte-order mark: %s", err);
    else
        CHECK(got.n == want->n && strcmp(got.name, want->name) == 0
              && memcmp(got.dist, want->dist, sizeof got.dist) == 0, "%s with a byte-order mark: another instance", path);
    free(bom);
    free(text);
}

int main(int argc, char **argv)
{
    unsigned k;
    int i;
    char path[512], err[TSP_ERR_SIZE];
    tsp_instance inst, geo_burma;
    const char *dir = "tests/tsp/good";
    if (argc > 1)
        check_prefix = argv[1];
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char name[600];
        snprintf(path, sizeof path, "%s/%s.tsp", dir, cases[k].file);
        snprintf(name, sizeof name, "tsplib reader: %s.tsp (%s) gives its stated matrix, after a UTF-8 byte-order "
                 "mark too", cases[k].file, cases[k].weight_type);
        check_begin(name);
        if (tsp_read(path, &inst, err, sizeof err)) {
            check_fail("%s", err);
        } else {
            CHECK(inst.n == cases[k].n && inst.symmetric == cases[k].symmetric
                  && strcmp(inst.weight_type, cases[k].weight_type) == 0 && strcmp(inst.name, cases[k].file) == 0,
                  "n %d symmetric %d type %s name %s", inst.n, inst.symmetric, inst.weight_type, inst.name);
            for (i = 0; i < cases[k].n * cases[k].n; i++)
                CHECK(inst.dist[i] == cases[k].matrix[i], "d(%d,%d) = %u, want %u", i / cases[k].n + 1,
                      i % cases[k].n + 1, inst.dist[i], cases[k].matrix[i]);
            with_bom(path, &inst);
        }
        check_end();
    }
    check_begin("tsplib reader: burma14 (GEO, truncated degrees) row 1 is the published one");
    if (tsp_read("data/burma14.tsp", &geo_burma, err, sizeof err))
        check_fail("%s", err);
    else {
        static const unsigned row1[14] = {0, 153, 510, 706, 966, 581, 455, 70, 160, 372, 157, 567, 342, 398};
        for (i = 0; i < 14; i++)
            CHECK(geo_burma.dist[i] == row1[i] && geo_burma.dist[i * 14] == row1[i], "d(1,%d) = %u, want %u",
                  i + 1, geo_burma.dist[i], row1[i]);
    }
    check_end();
    rounded_limit();
    check_begin("tsp_random is reproducible and seed-dependent");
    {
        tsp_instance a, b, c;
        CHECK(tsp_random(12, 7, &a, err, sizeof err) == 0 && tsp_random(12, 7, &b, err, sizeof err) == 0
              && tsp_random(12, 8, &c, err, sizeof err) == 0, "%s", err);
        CHECK(memcmp(a.dist, b.dist, sizeof a.dist) == 0, "same seed, different instances");
        CHECK(memcmp(a.dist, c.dist, sizeof a.dist) != 0, "different seeds, same instance");
        CHECK(tsp_random(2, 1, &a, err, sizeof err) == -1 && tsp_random(65, 1, &a, err, sizeof err) == -1,
              "n = 2 or 65 accepted");
    }
    check_end();
    return check_any_failed;
}
