/* ptest_decimal.c - decimals as exact integers (ptest_decimal.h). */
#include "ptest_decimal.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_EXP 100000L /* exponents past this are refused as out of range anyway */

int ptest_decimal_parse(const char *s, ptest_decimal *out)
{
    unsigned long long c = 0;
    long exp = 0, e = 0;
    int digits = 0, overflow = 0, point = 0, esign = 1;
    out->sign = 1;
    if (*s == '+' || *s == '-')
        out->sign = *s++ == '-' ? -1 : 1;
    for (;; s++) {
        if (*s == '.' && !point) {
            point = 1;
            continue;
        }
        if (!isdigit((unsigned char)*s))
            break;
        digits++;
        if (c > (~0ULL - 9) / 10) { /* past 19 digits: only whether it is zero still matters */
            overflow |= *s != '0';
            exp += !point;
        } else {
            c = c * 10 + (unsigned)(*s - '0');
            exp -= point;
        }
    }
    if (!digits)
        return -1;
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-')
            esign = *s++ == '-' ? -1 : 1;
        if (!isdigit((unsigned char)*s))
            return -1;
        for (; isdigit((unsigned char)*s); s++)
            e = e < MAX_EXP ? e * 10 + (*s - '0') : e;
    }
    if (*s)
        return -1;
    exp += esign * e;
    while (c && c % 10 == 0 && !overflow) {
        c /= 10;
        exp++;
    }
    out->coef = overflow ? ~0ULL : c;
    out->exp = out->coef ? exp : 0;
    return 0;
}

int ptest_decimal_is_number(const char *s)
{
    ptest_decimal x;
    return ptest_decimal_parse(s, &x) == 0;
}

/* coef * 10^p if below 2^53: 0, else -1 */
static int scaled(unsigned long long coef, long p, long long *out)
{
    double limit = PTEST_LIMIT;
    if (coef == 0) {
        *out = 0;
        return 0;
    }
    if (p < 0 || p > 15 || (double)coef >= limit) /* p < 0 cannot happen: d covers every exponent */
        return -1;
    while (p-- > 0) {
        if ((double)coef * 10 >= limit)
            return -1;
        coef *= 10;
    }
    *out = (long long)coef;
    return 0;
}

int ptest_decimal_scale(const ptest_decimal *x, const ptest_source *src, int count, const char *file,
                        long long *out, int *decimals, char *err, size_t errsize)
{
    long d = 0;
    int i, most = 0;
    for (i = 0; i < count; i++)
        if (x[i].coef && strtod(src[i].text, NULL) == 0) { /* so d stays within a double's exponents */
            snprintf(err, errsize, "%s:%d: '%s' underflows: it is below the least double (4.9e-324) and would "
                     "read as 0; rescale the data", file, src[i].line, src[i].text);
            return -1;
        }
    for (i = 0; i < count; i++)
        if (-x[i].exp > d) {
            d = -x[i].exp;
            most = i;
        }
    for (i = 0; i < count; i++) {
        long long v;
        if (scaled(x[i].coef, x[i].exp + d, &v) == 0) {
            out[i] = x[i].sign * v;
            continue;
        }
        if (d == 0)
            snprintf(err, errsize, "%s:%d: '%s' is 2^53 or more in magnitude: exact sums need every value below 2^53; "
                     "rescale the data", file, src[i].line, src[i].text);
        else
            snprintf(err, errsize, "%s:%d: '%s' times 10^%ld is 2^53 or more, and exact sums need every value times "
                     "10^d below 2^53, d = %ld the most decimal places a value has ('%s', line %d): round the data to "
                     "the digits they carry, or rescale them", file, src[i].line, src[i].text, d, d,
                     src[most].text, src[most].line);
        return -1;
    }
    *decimals = (int)d;
    return 0;
}

void ptest_format_double(char *buf, size_t size, double x)
{
    int digits;
    if (x != x || x - x != 0) {
        snprintf(buf, size, "%s", x != x ? "nan" : x > 0 ? "inf" : "-inf");
        return;
    }
    for (digits = 1; digits < 17; digits++) {
        snprintf(buf, size, "%.*g", digits, x);
        if (strtod(buf, NULL) == x)
            return;
    }
    snprintf(buf, size, "%.17g", x);
}
