/* tsp_report.c - the text report and the --json object of one tsp_report. */
#include "tsp_report.h"
#include <stdio.h>
#include <string.h>

/* the length of the well-formed UTF-8 sequence at s (1..4; no overlong
 * forms, surrogates or code points past U+10FFFF), or 0 */
static int utf8_length(const unsigned char *s)
{
    int len = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3
            : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0, i;
    for (i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) || (s[0] == 0xf0 && s[1] < 0x90)
        || (s[0] == 0xf4 && s[1] >= 0x90))
        return 0;
    return len;
}

/* s as a JSON string, always valid UTF-8: a byte that is not part of a
 * well-formed sequence (a Latin-1 file name, say) becomes \u00XX, the
 * character Latin-1 gives it */
static void json_string(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    putchar('"');
    while (*u) {
        int len = utf8_length(u);
        if (*u == '"' || *u == '\\')
            printf("\\%c", *u);
        else if (*u < 32 || *u == 127 || len == 0)
            printf("\\u%04x", *u);
        else {
            fwrite(u, 1, (size_t)len, stdout);
            u += len;
            continue;
        }
        u++;
    }
    putchar('"');
}

/* a count in decimal: a JSON number up to 2^53, where every reader still
 * holds it exactly, a string past it */
static void json_count(const char *decimal)
{
    size_t k = strlen(decimal);
    int exact = k < 16 || (k == 16 && strcmp(decimal, "9007199254740992") <= 0);
    printf(exact ? "%s" : "\"%s\"", decimal);
}

static void write_json(const tsp_report *r)
{
    const tsp_instance *inst = r->inst;
    int i;
    printf("{\"name\": ");
    json_string(inst->name);
    printf(", \"n\": %d, \"type\": \"%s\", \"length\": %llu, \"tour\": [1", inst->n, inst->type, r->length);
    for (i = 1; i < inst->n; i++)
        printf(", %d", r->tour[i]);
    printf("], \"rank\": ");
    json_count(r->rank);
    printf(", \"backend\": \"%s\", \"device\": ", r->backend);
    json_string(r->device);
    printf(", \"tours\": ");
    json_count(r->tours);
    printf(", \"seconds\": %.6f, \"tours_per_second\": %.6g, \"resumed_tours\": ", r->seconds,
           r->tours_per_second);
    json_count(r->resumed);
    printf(", \"searched_tours\": ");
    json_count(r->searched);
    printf(", \"prune\": %s, \"visited\": ", r->prune ? "true" : "false");
    if (r->prune)
        printf("%llu, \"bound\": %llu, \"start_seconds\": %.6f", r->tally.visited, r->bound, r->start_seconds);
    else
        json_count(r->searched);
    printf(", \"pruned_prefixes\": %llu, \"ranks\": %d, \"devices\": [", r->tally.pruned, r->ranks);
    for (i = 0; r->per_rank && i < r->ranks; i++) {
        printf("%s{\"rank\": %d, \"backend\": \"%s\", \"device\": ", i ? ", " : "", i, r->per_rank[i].backend);
        json_string(r->per_rank[i].device);
        printf(", \"searched_tours\": ");
        json_count(r->per_rank[i].searched);
        printf("}");
    }
    printf("]}\n");
}

static void write_text(const tsp_report *r)
{
    const tsp_instance *inst = r->inst;
    int i;
    printf("instance: %s (%d cities, %s, %s)\n", inst->name, inst->n, inst->type, inst->weight_type);
    printf("optimal length: %llu\n", r->length);
    printf("tour: 1");
    for (i = 1; i < inst->n; i++)
        printf(" %d", r->tour[i]);
    printf("\nbackend: %s (%s)\n", r->backend, r->device);
    for (i = 0; r->per_rank && r->ranks > 1 && i < r->ranks; i++)
        printf("  rank %d: %s (%s), %s tours\n", i, r->per_rank[i].backend, r->per_rank[i].device,
               r->per_rank[i].searched);
    printf("tours%s: %s%s\n", r->prune ? "" : " evaluated", r->tours,
           inst->symmetric ? " (each tour once, not with its reverse)" : "");
    if (r->prune)
        printf("pruned: %llu tours evaluated, %llu paths skipped; lower bound %llu (gap %.2f%%)\n", r->tally.visited,
               r->tally.pruned, r->bound, r->length ? 100.0 * (double)(r->length - r->bound) / (double)r->length : 0.0);
    if (r->resumed_from)
        printf("resumed: %s tours were done before, from %s\n", r->resumed, r->resumed_from);
    printf("time: %.3f s, %.4g tours%s/s\n", r->seconds, r->tours_per_second, r->prune ? " evaluated" : "");
    if (r->prune)
        printf("start: %.3f s before the search (first tour, bounds, assignment)\n", r->start_seconds);
}

void tsp_report_write(const tsp_report *r, int json)
{
    if (json)
        write_json(r);
    else
        write_text(r);
}
