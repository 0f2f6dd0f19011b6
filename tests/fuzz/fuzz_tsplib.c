/* fuzz_tsplib.c - libFuzzer target for the TSPLIB reader (make fuzz): any
 * bytes must give an instance or one error line, never a crash, a leak or a
 * sanitizer report. */
#include "tsplib.h"
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static tsp_instance inst;
    char err[TSP_ERR_SIZE];
    if (tsp_parse("fuzz", (const char *)data, size, &inst, err, sizeof err) == 0
        && (inst.n < TSP_MIN_CITIES || inst.n > TSP_MAX_CITIES))
        __builtin_trap(); /* an accepted instance must have a valid size */
    return 0;
}
