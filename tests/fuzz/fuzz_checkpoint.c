/* fuzz_checkpoint.c - libFuzzer target for the checkpoint reader (make fuzz):
 * any bytes, as they are and with a valid "sum" line appended (so that the
 * parser behind the checksum is reached), must load into a fresh pool or give
 * one error, never a crash, a leak or a sanitizer report; a loaded pool must
 * be consistent. The instance is random n = 9, seed 1, which the seed in
 * tests/fuzz/checkpoint was written for. */
#include "run_checkpoint.h"
#include "tsp_sample.h"
#include "kperm.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static tsp_instance inst;
    static tsp_sample sample;
    static int ready;
    char err[TSP_ERR_SIZE], *text = (char *)malloc(size + RUN_CHECKPOINT_SUM_LINE);
    kperm_rank total = 0;
    int pass;
    if (!ready) {
        tsp_random(9, 1, &inst, err, sizeof err);
        tsp_sample_init(&sample, &inst, 0, TSP_NONE, 0);
        ready = 1;
    }
    kperm_count(8, &total);
    for (pass = 0; pass < 2; pass++) {
        run_pool p;
        tsp_item result;
        size_t n = size;
        memcpy(text, data, size);
        if (pass && run_checkpoint_sum(text, size, text + size) == 0)
            n += strlen(text + size);
        text[n] = 0;
        run_pool_init(&p, &sample.run, &result, 1, 0);
        if (run_checkpoint_read(text, n, "fuzz", &p, err, sizeof err) == 1 && p.done_ranks > total)
            __builtin_trap(); /* a loaded checkpoint never claims more than the instance has */
        run_pool_free(&p);
    }
    free(text);
    return 0;
}
