/* user_host.c - the body as a host program, built as C99 and, with -x c++,
 * as C++11: n, k, j and the rank come from the command line. */
#include <stdio.h>
#include <stdlib.h>
#include "kperm.h"
#include "user_body.h"

static kperm_u64 plan[KPERM_MAX_MS_PLAN];

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6, k = argc > 2 ? atoi(argv[2]) : 2, j = argc > 3 ? atoi(argv[3]) : 1;
    kperm_rank rank = argc > 4 ? strtoull(argv[4], NULL, 10) : 7;
    user_ms_make_plan(n, plan);
    printf("%llx\n", (unsigned long long)user_body(n, k, j, rank, 4, 1, plan, kperm_comb_table));
    return 0;
}
