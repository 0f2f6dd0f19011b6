/* ptest_result.c - adding up the results of ranges of ranks (ptest.h). */
#include "ptest.h"
#include <string.h>

void ptest_result_empty(ptest_result *r)
{
    memset(r, 0, sizeof *r);
    r->lo = 1.7976931348623157e308;
    r->hi = -1.7976931348623157e308;
}

void ptest_result_fold(ptest_result *into, const ptest_result *part, int bins, int cols)
{
    int i;
    for (i = 0; i < cols; i++) {
        into->maxt[i][0] += part->maxt[i][0];
        into->maxt[i][1] += part->maxt[i][1];
    }
    for (i = 0; i < PTEST_COUNTS; i++)
        into->counts[i] += part->counts[i];
    into->lo = part->lo < into->lo ? part->lo : into->lo;
    into->hi = part->hi > into->hi ? part->hi : into->hi;
    for (i = 0; i < bins; i++)
        into->hist[i] += part->hist[i];
}

void ptest_result_settle(ptest_result *r, const ptest_big_result *big, int bins)
{
    int i;
    for (i = 0; i < PTEST_COUNTS; i++)
        r->counts[i] = ptest_big_fits(&big->counts[i]) ? ptest_big_low(&big->counts[i]) : ~0ULL;
    for (i = 0; i < bins; i++)
        r->hist[i] = ptest_big_fits(&big->hist[i]) ? ptest_big_low(&big->hist[i]) : ~0ULL;
}
