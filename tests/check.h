/* check.h - the tests' tiny harness: each test prints one line
 *   PASS name | FAIL name: first failure (and how many) | SKIP name: reason
 * and tests/run.sh counts the lines. */
#ifndef KPERM_TEST_CHECK_H
#define KPERM_TEST_CHECK_H

#include <stdio.h>
#include <stdarg.h>

static const char *check_prefix = ""; /* e.g. "[clang] ", to tell builds apart */
static const char *check_name;
static long check_failures;
static int check_any_failed;

static inline void check_begin(const char *name)
{
    check_name = name;
    check_failures = 0;
}

static inline void check_fail(const char *fmt, ...)
{
    va_list ap;
    if (check_failures++ == 0) {
        printf("FAIL %s%s: ", check_prefix, check_name);
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
        printf("\n");
    }
}

static inline void check_end(void)
{
    if (check_failures == 0)
        printf("PASS %s%s\n", check_prefix, check_name);
    else {
        printf("FAIL %s%s: %ld failures in all\n", check_prefix, check_name, check_failures);
        check_any_failed = 1;
    }
    fflush(stdout);
}

static inline void check_skip(const char *name, const char *why)
{
    printf("SKIP %s: %s\n", name, why);
    fflush(stdout);
}

#define CHECK(cond, ...) do { if (!(cond)) check_fail(__VA_ARGS__); } while (0)

#endif
