/* main.c - kperm from a C project through find_package(kperm). */
#include <stdio.h>
#include "kperm.h"
#include "derangements.h"

int main(void)
{
    int total = 0, chunk, got;
    for (chunk = 0; chunk < DERANGE_N; chunk++) {
        if ((got = derangements((kperm_rank)chunk * DERANGE_CHUNK, DERANGE_CHUNK, DERANGE_N)) < 0)
            return 1;
        total += got;
    }
    printf("C: %d derangements of %d (want %d)\n", total, DERANGE_N, DERANGE_WANT);
    return total != DERANGE_WANT;
}
