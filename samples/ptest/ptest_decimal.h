/* ptest_decimal.h - numbers read as the decimals they are written as, then
 * scaled by one power of ten into exact integers: "0.1" is 1/10, never the
 * double nearest it. */
#ifndef PTEST_DECIMAL_H
#define PTEST_DECIMAL_H

#include <stddef.h>

#define PTEST_LIMIT 9007199254740992.0 /* 2^53: every scaled value stays below it */

/* sign * coef * 10^exp, coef without trailing zeros (0 for zero) */
typedef struct {
    int sign;
    unsigned long long coef; /* ~0ULL: more digits than 64 bits hold */
    long exp;
} ptest_decimal;

/* [+-]digits[.digits][e[+-]digits] (digits on at least one side of the
 * point): 0, or -1 when s is not such a number */
int ptest_decimal_parse(const char *s, ptest_decimal *out);
int ptest_decimal_is_number(const char *s);

/* one value of a data set, where it was read */
typedef struct {
    const char *text;
    int line;
} ptest_source;

/* The values times 10^d, d the most decimal places any of them has, into
 * out[] and *decimals. Returns 0, or -1 with err "FILE:LINE: ..." naming
 * the value below the least double (which would read as 0), or else the
 * value that would lose digits (|value * 10^d| >= 2^53) and the one with
 * the most places. d is then at most 340. */
int ptest_decimal_scale(const ptest_decimal *x, const ptest_source *src, int count, const char *file,
                        long long *out, int *decimals, char *err, size_t errsize);

/* the shortest decimal text that reads back as x (as Python's repr) */
void ptest_format_double(char *buf, size_t size, double x);

#endif
