/* ptest_bigcount.h - exact counts past 2^64. The host counts up to
 * PTEST_HOST_MAXN observations without enumerating (ptest_linear.h), and
 * their rearrangements pass 2^64 soon (C(200, 100) is about 2^196): such a
 * count is a ptest_big, an unsigned integer of fixed width in 32-bit limbs
 * (a plain array, which MPI may send as bytes). Also what the report needs
 * of them: decimal text, and the double nearest a fraction. */
#ifndef PTEST_BIGCOUNT_H
#define PTEST_BIGCOUNT_H

#include <stddef.h>

#define PTEST_BIG_LIMBS 32 /* 1024 bits: past 2^1000 >= C(1000, 500), 2^1000 (PTEST_HOST_MAXN) */
#define PTEST_BIG_DIGITS 320 /* its decimal text: 309 digits and the terminating 0 fit */

typedef struct {
    unsigned int limb[PTEST_BIG_LIMBS]; /* least significant first */
} ptest_big;

void ptest_big_set(ptest_big *a, unsigned long long value);

/* whether a is below 2^64, and then its value */
int ptest_big_fits(const ptest_big *a);
unsigned long long ptest_big_low(const ptest_big *a);

/* a's 64-bit word j: (a >> 64j) mod 2^64 */
unsigned long long ptest_big_word(const ptest_big *a, int j);

/* -1, 0 or 1 as a < b, a == b, a > b */
int ptest_big_cmp(const ptest_big *a, const ptest_big *b);

/* a += b; a -= b (b <= a); a *= m; a *= b; a <<= bits. The caller keeps every
 * result below 2^1024 (the counts stay below 2^(PTEST_HOST_MAXN + 1)). */
void ptest_big_add(ptest_big *a, const ptest_big *b);
void ptest_big_sub(ptest_big *a, const ptest_big *b);
void ptest_big_mul_small(ptest_big *a, unsigned int m);
void ptest_big_mul(ptest_big *a, const ptest_big *b);
void ptest_big_shift_left(ptest_big *a, int bits);

/* the binomial coefficient C(n, k), n <= PTEST_HOST_MAXN + 1 */
void ptest_big_binomial(int n, int k, ptest_big *out);

/* a in decimal into buf (PTEST_BIG_DIGITS bytes): buf */
char *ptest_big_text(const ptest_big *a, char *buf);

/* num / den (0 <= num <= den, den > 0) as the double nearest it, ties to
 * even: the fraction correctly rounded (a count over the rearrangements) */
double ptest_big_ratio(const ptest_big *num, const ptest_big *den);

#endif
