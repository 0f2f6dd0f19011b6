/* tsp_report.c - the text report and the --json object of one tsp_report. */
#include "tsp_report.h"
#include "run_json.h"
#include <stdio.h>
#include <string.h>

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
    run_json_string(inst->name);
    printf(", \"n\": %d, \"type\": \"%s\", \"length\": %llu, \"tour\": [1", inst->n, inst->type, r->length);
    for (i = 1; i < inst->n; i++)
        printf(", %d", r->tour[i]);
    printf("], \"rank\": ");
    json_count(r->rank);
    printf(", \"backend\": \"%s\", \"device\": ", r->backend);
    run_json_string(r->device);
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
        run_json_string(r->per_rank[i].device);
        printf(", \"searched_tours\": ");
        json_count(r->per_rank[i].searched);
        if (r->per_rank[i].handover)
            printf(", \"units\": {\"cpu\": %llu, \"gpu\": %llu, \"gpu_backend\": \"%s\"}", r->per_rank[i].cpu_units,
                   r->per_rank[i].gpu_units, r->per_rank[i].gpu);
        printf("}");
    }
    printf("]}\n");
}

/* a hand-over's shares: "units: cpu 12, cuda 3456" */
static void work(const tsp_report_rank *w, const char *lead)
{
    if (!w->handover)
        return;
    printf("%sunits searched: cpu %llu", lead, w->cpu_units);
    if (w->gpu[0])
        printf(", %s %llu", w->gpu, w->gpu_units);
    else
        printf(" (no GPU opened)");
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
    for (i = 0; r->per_rank && r->ranks > 1 && i < r->ranks; i++) {
        printf("  rank %d: %s (%s), %s tours", i, r->per_rank[i].backend, r->per_rank[i].device,
               r->per_rank[i].searched);
        work(&r->per_rank[i], ", ");
        printf("\n");
    }
    if (r->per_rank && r->ranks == 1 && r->per_rank[0].handover) {
        work(&r->per_rank[0], "work: ");
        printf("\n");
    }
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
