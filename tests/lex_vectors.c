/* lex_vectors.c - builds the cross-backend vectors and runs their body as C. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rng.h"
#include "kperm.h"
#define KPERM_TEST_GLOBAL
#include "lex_body.h"
#include "lex_vectors.h"

const size_t kperm_test_record = KPERM_TEST_RECORD;

typedef unsigned long long u64;

static u64 rng_state = 42;
static u64 rng(void)
{
    return test_splitmix(&rng_state);
}

static u64 *vec;
static size_t nvec, cap;

static void add(u64 kind, u64 a, u64 b, u64 c, u64 d)
{
    if (nvec == cap) {
        cap = cap ? 2 * cap : 1024;
        vec = (u64 *)realloc(vec, cap * KPERM_TEST_WORDS * sizeof *vec);
        if (!vec) {
            fprintf(stderr, "lex_vectors: out of memory\n");
            exit(1);
        }
    }
    vec[nvec * 5 + 0] = kind;
    vec[nvec * 5 + 1] = a;
    vec[nvec * 5 + 2] = b;
    vec[nvec * 5 + 3] = c;
    vec[nvec * 5 + 4] = d;
    nvec++;
}

size_t kperm_test_lex_vectors(unsigned long long **in)
{
    static const int bad_n[] = {0, -1, -7, 21, 22, 200};
    int n, k;
    u64 f;
    vec = NULL;
    nvec = cap = 0;
    for (n = 1; n <= KPERM_MAX_N; n++) {
        kperm_count(n, &f);
        add(0, 1000 + n, 0, 0, 0);
        add(0, 1000 + n, f - 1, 0, 0);
        add(0, 1000 + n, f, 0, 0);
        add(0, 1000 + n, ~0ULL, 0, 0);
        for (k = 0; k < 200; k++)
            add(0, 1000 + n, rng() % f, (u64)(k % 3), rng());
        for (k = 0; k < 8; k++) {
            u64 b = rng() % (f + 1), e = b + rng() % (f - b + 1);
            if (e - b > 300)
                e = b + 300;
            add(2, 1000 + n, b, e, 1000);
        }
        if (n > 16) { /* across the cursor word's wraps, every 16! ranks */
            u64 f16;
            kperm_count(16, &f16);
            for (k = 0; k < 4; k++) {
                u64 at = (1 + rng() % (f / f16 - 1)) * f16;
                add(2, 1000 + n, at - 30, at + 30, 1000);
            }
        }
        add(2, 1000 + n, 0, f, 50);
        add(2, 1000 + n, f, f, 50);
        add(2, 1000 + n, 1, 0, 50);
        add(2, 1000 + n, 0, f + 1, 50);
    }
    for (n = 1; n <= 18; n++) {
        kperm_count(n, &f);
        for (k = 0; k < 60; k++) {
            int s = 1 + k % 12;
            u64 list = 0, fs;
            int v, m = 0;
            for (v = 0; v < 16 && m < s; v++) /* s ascending values out of 0..15 */
                if ((int)(rng() % (u64)(16 - v)) < s - m)
                    list |= (u64)v << (4 * m++);
            kperm_count(s, &fs);
            add(3, 1000 + n, k == 0 ? f - 1 : k == 1 ? f : rng() % f, list, (u64)s | (rng() % fs) << 8);
        }
    }
    for (n = 1; n <= 16; n++) { /* the block walk (7) and the packed cursor (8) */
        int kind;
        kperm_count(n, &f);
        for (kind = 7; kind <= 8; kind++) {
            for (k = 0; k < 8; k++) {
                u64 b = rng() % (f + 1), e = b + rng() % (f - b + 1);
                if (e - b > 400)
                    e = b + 400;
                add((u64)kind, 1000 + n, b, e, 1000);
            }
            add((u64)kind, 1000 + n, 0, f, 300);
            add((u64)kind, 1000 + n, f - (f > 250 ? 250 : f), f, 1000);
            add((u64)kind, 1000 + n, f, f, 50);
            add((u64)kind, 1000 + n, 1, 0, 50);
            add((u64)kind, 1000 + n, 0, f + 1, 50);
        }
    }
    add(7, 1017, 0, 1, 5);
    add(8, 1017, 0, 1, 5);
    for (k = 0; k < 6; k++) {
        add(7, (u64)(1000 + bad_n[k]), 0, 1, 5);
        add(8, (u64)(1000 + bad_n[k]), 0, 1, 5);
        add(3, (u64)(1000 + bad_n[k]), 0, 0, 0);
        add(0, (u64)(1000 + bad_n[k]), 0, 0, 0);
        add(2, (u64)(1000 + bad_n[k]), 0, 1, 5);
    }
    for (k = 0; k < 600; k++) { /* multisets of up to 32 elements over up to 6 values */
        kperm_u8 counts[16];
        u64 packed = 0, count;
        int m = 1 + (int)(rng() % 6), v, total = 0;
        for (v = 0; v < m; v++) {
            counts[v] = (kperm_u8)(rng() % 7);
            total += counts[v];
            packed |= (u64)counts[v] << (4 * v);
        }
        if (kperm_ms_count(counts, m, &count) != KPERM_OK || total > 32) {
            add(4, (u64)(1000 + m), 0, packed, 0); /* an error record */
            continue;
        }
        add(4, (u64)(1000 + m), k % 50 == 0 ? count : rng() % count, packed, (u64)(k % 4 == 1));
    }
    for (n = 1; n <= 20; n++) { /* skips (11): ranks first, last, random; every k and two bad ones */
        kperm_count(n, &f);
        for (k = -1; k <= n; k++) {
            add(11, 1000 + n, 0, (u64)(long long)k, rng());
            add(11, 1000 + n, f - 1, (u64)(long long)k, rng());
            add(11, 1000 + n, rng() % f, (u64)(long long)k, rng() % 4);
        }
        for (k = 0; k < 6; k++) { /* skipping cursors and walk (12) */
            u64 b = rng() % f, e = b + rng() % (f - b + 1);
            add(12, 1000 + n, b, e - b > 3000 ? b + 3000 : e, rng());
        }
        add(12, 1000 + n, 0, f, rng());
        add(12, 1000 + n, 1, 0, 0);
    }
    for (k = 0; k < 6; k++) {
        add(11, (u64)(1000 + bad_n[k]), 0, 0, 1);
        add(12, (u64)(1000 + bad_n[k]), 0, 1, 0);
    }
    add(4, 1000, 0, 1, 0);
    add(4, 1017, 0, 1, 0);
    for (k = 0; k < 600; k++) { /* k-permutations up to n = 64, k <= 32 */
        int nn = 1 + (int)(rng() % 64), kk = 1 + (int)(rng() % (nn < 32 ? nn : 32));
        u64 count;
        if (kperm_kp_count(nn, kk, &count) != KPERM_OK) {
            add(5, (u64)(1000 + nn), 0, (u64)kk, 0);
            continue;
        }
        add(5, (u64)(1000 + nn), k % 50 == 0 ? count : rng() % count, (u64)kk, (u64)(k % 4 == 1));
    }
    for (k = 0; k < 300; k++) { /* the multiset packed cursor (9): up to 16 elements over up to 15 values */
        kperm_u8 counts[15];
        u64 a, count = 0, b, e;
        int m = 1 + (int)(rng() % 15), v, total = 0;
        for (a = (u64)m << 60, v = 0; v < m; v++) {
            counts[v] = (kperm_u8)(rng() % (v < 3 ? 5 : 2));
            total += counts[v];
            a |= (u64)counts[v] << (4 * v);
        }
        if (total < 1 || total > 16 || kperm_ms_count(counts, m, &count) != KPERM_OK) {
            add(9, a, 0, 1, 5); /* an error record */
            continue;
        }
        b = k % 10 == 0 ? count - count % 7 : rng() % (count + 1);
        e = b + rng() % (count - b + 1);
        add(9, a, b, e, 400);
    }
    for (k = 0; k < 300; k++) { /* the k-permutation cursor (10): n <= 64, k <= 9 (9: the error) */
        int nn = 1 + (int)(rng() % 64), kk = 1 + (int)(rng() % (nn < 9 ? nn : 9));
        u64 count = 0, b, e;
        kperm_kp_count(nn, kk, &count);
        b = k % 10 == 0 ? count - count % 5 : rng() % (count + 1);
        e = b + rng() % (count - b + 1);
        add(10, (u64)(1000 + nn + 100 * kk), b, e, 400);
    }
    add(5, 1000, 0, 1, 0);
    add(5, 1065, 0, 1, 0);
    add(5, 1010, 0, 11, 0);
    for (k = 0; k < 600; k++) { /* 128-bit ranks: n = 1..35, ranks below n! (and n! itself) */
        int nn = 1 + k % 35;
        kperm_rank128 total, r;
        if (kperm_count128(nn, &total) != KPERM_OK) {
            add(6, (u64)(1000 + nn), 0, 0, 0);
            continue;
        }
        r.lo = rng();
        r.hi = total.hi ? rng() % total.hi : 0;
        if (!total.hi)
            r.lo %= total.lo;
        if (k % 70 == 3)
            r = total;
        add(6, (u64)(1000 + nn), r.lo, r.hi, 0);
    }
    for (k = 0; k < 800; k++) { /* combinations (13), n <= 64 and bad ones, k <= 32 mostly */
        int nn = (int)(rng() % 67) - 1, kk = nn > 0 ? (int)(rng() % (u64)(nn < 32 ? nn + 1 : 33)) : (int)(rng() % 3);
        u64 count = 1;
        if (kperm_comb_count(nn, kk, &count) != KPERM_OK || count == 0)
            count = 1;
        add(13, (u64)(1000 + nn), k % 40 == 0 ? count : rng() % count, (u64)kk,
            (u64)(k % 4) | (u64)(kperm_u32)(int)(rng() % (u64)(kk + 2) - 1) << 8);
    }
    add(13, 1000, 0, 0, 0);
    add(13, 1064, 0, 32, 0);
    for (k = 0; k < 300; k++) { /* the combination cursor (14), skipping */
        int nn = (int)(rng() % 65), kk = (int)(rng() % (u64)(nn + 1));
        u64 count = 0, b, e;
        kperm_comb_count(nn, kk, &count);
        b = k % 10 == 0 ? count - count % 5 : rng() % (count + 1);
        e = b + rng() % (count - b + 1);
        add(14, (u64)(1000 + nn + 100 * kk), b, e, rng());
    }
    add(14, 1000 + 65 + 100, 0, 1, 0);
    add(14, 1000 + 10 + 300, 5, 4, 0);
    for (k = 0; k < 300; k++) { /* combinations, 128-bit ranks (15): n <= 128, bad n and ranks */
        int nn = k % 50 == 0 ? 129 : (int)(rng() % 129), kk = (int)(rng() % (u64)(nn + 1));
        kperm_rank128 total = {1, 0};
        u64 lo = rng(), hi = 0;
        kperm_comb_count128(nn, kk, &total);
        if (total.hi)
            hi = rng() % total.hi;
        else
            lo %= total.lo;
        if (k % 30 == 7)
            lo = total.lo, hi = total.hi;
        add(15, (u64)(1000 + nn), lo, hi, (u64)kk);
    }
    for (n = 0; n <= 21; n++) { /* plain changes (16) */
        kperm_count(n >= 1 && n <= 20 ? n : 1, &f);
        for (k = 0; k < 30; k++) {
            u64 b = k == 0 ? f - 1 : k == 1 ? f : rng() % f, e = b + rng() % 600;
            add(16, (u64)(1000 + n), b, e > f ? f : e, (u64)(k % 3) | rng() % 64 << 2 | (u64)(k % 5 ? 500 : 30) << 8);
        }
    }
    for (k = 0; k < 200; k++) { /* multiset plans (17): small enough for the record, and errors */
        static const u64 shapes[] = {0x111, 0x13, 0x31, 0x7, 0x12, 0x21, 0x1, 0x3, 0x11, 0x101, 0x1001};
        u64 packed = shapes[k % 11], count = 1;
        kperm_u8 counts[16];
        int v, m = 0;
        for (v = 0; v < 16; v++) {
            counts[v] = (kperm_u8)((packed >> (4 * v)) & 15u);
            m = counts[v] ? v + 1 : m; /* up to the last value present */
        }
        if (kperm_ms_count(counts, m, &count) != KPERM_OK)
            count = 1;
        add(17, (u64)(1000 + m), k % 13 == 0 ? count : rng() % count, packed, 0);
    }
    add(17, 1000, 0, 0x111, 0);                   /* m = 0 */
    add(17, 1013, 0, 0x1111111111111ull, 0);      /* 14 * 3^12 entries: no plan */
    add(17, 1002, 0, 0xff, 0);                    /* 31 * 17 entries: made, not stored */
    for (k = 0; k < 360; k++) { /* the 128-bit cursor and split (18): n = 0..35, across the word's wraps */
        int nn = k % 36;
        kperm_rank128 total = {0, 0}, r, f16 = {0, 0};
        u64 len = k % 9 == 0 ? 0 : rng() % 1200, parts = k % 17 == 0 ? 0 : 1 + rng() % (k % 2 ? 7 : ~0u);
        kperm_count128(nn, &total);
        kperm_count128(16, &f16);
        r.lo = rng();
        r.hi = total.hi ? rng() % total.hi : 0;
        if (!total.hi)
            r.lo = total.lo ? r.lo % total.lo : 0;
        if (nn > 16 && k % 3 == 1) { /* a few ranks before a multiple of 16! */
            r.lo -= r.lo % f16.lo;
            r.hi = r.lo < 600 && r.hi == 0 ? 0 : r.hi;
            r.lo = r.lo >= 600 || r.hi ? r.lo - 600 : 0;
        }
        if (k % 40 == 5) { /* the range ends at n! (or passes it) */
            r = total;
            r.hi -= r.lo < len;
            r.lo -= len;
        }
        add(18, (u64)(1000 + nn), r.lo, r.hi, len | (rng() % (parts + 1)) << 16 | parts << 32);
    }
    for (k = 0; k < 400; k++) { /* Gray code subsets (19): n = -1..65, ranges to 600, bad ranks and ranges */
        int nn = k % 67 - 1;
        u64 all = nn <= 0 ? 0 : nn >= 64 ? ~0ULL : (1ULL << nn) - 1, b = rng() & all, e;
        if (k % 9 == 0)
            b = all - rng() % (all < 300 ? all + 1 : 300); /* near the last */
        e = b + rng() % 600;
        e = e < b || e > all ? all + (nn < 64) : e; /* (to 2^n, or 2^64 - 1 for n = 64) */
        if (k % 23 == 5)
            b = e + 1; /* begin > end, or a rank past the last */
        add(19, (u64)(1000 + nn), b, k % 31 == 7 ? all + 2 : e, (u64)(k % 4) | rng() % 64 << 2 | (rng() % 3 ? rng() % 5000 : rng()) << 8);
    }
    for (k = 0; k < 400; k++) { /* revolving door (20): n = -1..65, k <= n + 1 */
        int nn = k % 67 - 1, kk = nn < 0 ? 0 : (int)(rng() % (u64)(nn + 2));
        u64 count = 1, b, e;
        if (kperm_comb_count(nn, kk, &count) != KPERM_OK || count == 0)
            count = 1;
        b = k % 11 == 0 ? count - 1 - rng() % 100 % count : rng() % count;
        e = b + rng() % 600;
        e = e < b || e > count ? count : e;
        if (k % 29 == 3)
            b = count; /* the count itself: KPERM_E_RANK */
        add(20, (u64)(1000 + nn + 100 * kk), b, k % 37 == 8 ? count + 1 : e, (u64)(k % 4) | rng() % 64 << 2 | (rng() % 256) << 8);
    }
    for (k = -9; k <= 2; k++) /* kperm_strerror (21): every status, an unknown one each side */
        add(21, (u64)(1000 + k), 0, 0, 0);
    kperm_count(20, &f);
    for (k = 0; k < 500; k++) {
        u64 b = rng() % f, e = b + rng() % (f - b), parts = 1 + rng() % (k < 250 ? 5000 : ~0ULL);
        add(1, b, e, parts, rng() % parts);
    }
    add(1, 0, ~0ULL, ~0ULL, ~0ULL - 1);
    add(1, 5, 4, 1, 0);
    add(1, 0, 4, 0, 0);
    add(1, 0, 4, 3, 3);
    *in = vec;
    return nvec;
}

void kperm_test_lex_host(const unsigned long long *in, unsigned char *out, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++)
        kperm_test_lex_body((kperm_u32)i, in, out);
}

size_t kperm_test_lex_compare(const unsigned long long *in, const unsigned char *got,
                              const unsigned char *want, size_t count)
{
    size_t i;
    int b;
    for (i = 0; i < count; i++) {
        const unsigned char *g = got + i * KPERM_TEST_RECORD, *w = want + i * KPERM_TEST_RECORD;
        if (memcmp(g, w, KPERM_TEST_RECORD) == 0)
            continue;
        for (b = 0; g[b] == w[b]; b++)
            ;
        printf("# vector %zu (kind %llu, %llu, %llu, %llu, %llu): byte %d is %u, host C has %u\n",
               i, in[5 * i], in[5 * i + 1], in[5 * i + 2], in[5 * i + 3], in[5 * i + 4],
               b, g[b], w[b]);
        return i;
    }
    return count;
}
