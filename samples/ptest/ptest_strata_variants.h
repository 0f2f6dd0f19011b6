/* ptest_strata_variants.h - the C backend's variants of the walk within
 * strata (python/kperm/stats_strata.h, PS_STRATA 1): two groups, one value
 * column, each line PTEST_STRATA_VARIANT(STAT, EXACT, WIDE). The Makefile
 * compiles ptest_cpu_variant.c once per line; ptest_cpu.c lists them. */
PTEST_STRATA_VARIANT(1, 1, 0)
PTEST_STRATA_VARIANT(1, 1, 1)
PTEST_STRATA_VARIANT(1, 0, 0)
PTEST_STRATA_VARIANT(1, 0, 1)
PTEST_STRATA_VARIANT(2, 1, 0)
PTEST_STRATA_VARIANT(2, 1, 1)
PTEST_STRATA_VARIANT(2, 0, 0)
PTEST_STRATA_VARIANT(2, 0, 1)
PTEST_STRATA_VARIANT(3, 1, 0)
PTEST_STRATA_VARIANT(3, 1, 1)
PTEST_STRATA_VARIANT(3, 0, 0)
PTEST_STRATA_VARIANT(3, 0, 1)
