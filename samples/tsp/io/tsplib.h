/* tsplib.h - reads a TSPLIB file (TSPLIB95) into a full integer distance matrix. */
#ifndef TSP_TSPLIB_H
#define TSP_TSPLIB_H

#include <stddef.h>
#include "tsp_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TSP_MAX_FILE (64L << 20)   /* bytes: the most a TSPLIB file may have (run_read_file) */
#define TSP_MAX_WEIGHT 2147483647L /* so that every tour length fits with room */
#define TSP_ERR_SIZE 512

typedef struct {
    char name[128];
    char type[8];          /* "TSP" or "ATSP" */
    char weight_type[16];  /* EUC_2D, GEO, EXPLICIT, ... */
    int n;
    int symmetric;         /* enumerate each tour once (TYPE: TSP) */
    unsigned dist[TSP_MAX_CITIES * TSP_MAX_CITIES]; /* d(i,j) = dist[i*n + j], 0-based */
} tsp_instance;

/* Reads path into *inst. Returns 0, or -1 with err holding one line
 * "PATH:LINE: what is wrong" (or "PATH: what is wrong"). */
int tsp_read(const char *path, tsp_instance *inst, char *err, size_t errsize);

/* The same from a buffer (size bytes, not necessarily NUL-terminated);
 * `path` only names it in messages. */
int tsp_parse(const char *path, const char *text, size_t size, tsp_instance *inst,
              char *err, size_t errsize);

/* A reproducible EUC_2D instance: n cities with integer coordinates in
 * [0, 1000) from splitmix64(seed). Returns -1 with err for a bad n. */
int tsp_random(int n, unsigned long long seed, tsp_instance *inst, char *err, size_t errsize);

#ifdef __cplusplus
}
#endif

#endif
