/* ptest_cpu_variant.c - one variant of python/kperm/stats_kernel.h as host
 * C: the Makefile compiles this file once per line of ptest_variants.h, with
 * -DPS_WALK ... -DPS_COLUMNS and -DPTEST_ENTRY naming the variant's table. */
#include <math.h>
#include "kperm.h"
#include "stats_kernel.h"
#include "ptest_kernels.h"

extern const ptest_kernel PTEST_ENTRY;
const ptest_kernel PTEST_ENTRY = {PS_WALK, PS_STAT, PS_EXACT, PS_WIDE, PS_K, PS_COLUMNS, ps_values, ps_count, ps_maxt, ps_sample};
