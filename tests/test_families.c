/* test_families.c - multisets, k-permutations and 128-bit ranks against
 * brute force: every sequence enumerated and filtered, in lexicographic order;
 * 128-bit arithmetic against the host compiler's unsigned __int128. */
#include "kperm.h"
#include "check.h"
#include "rng.h"
#include "reference.h"
#include <string.h>

typedef unsigned long long u64;

static u64 rng_state = 77;
static u64 rng(void)
{
    return test_splitmix(&rng_state);
}

static int first_diff(const kperm_u8 *a, const kperm_u8 *b, int n)
{
    int i = 0;
    while (i < n && a[i] == b[i])
        i++;
    return i;
}

/* the next sequence of length n over values 0..m-1 (odometer); 0 after the last */
static int odometer(kperm_u8 *s, int n, int m)
{
    int i;
    for (i = n - 1; i >= 0; i--) {
        if (++s[i] < m)
            return 1;
        s[i] = 0;
    }
    return 0;
}

/* every multiset of n <= 8 elements over m <= 4 values (zero counts too) */
static void test_multiset_exhaustive(void)
{
    kperm_u8 counts[4], seq[8], got[8], prev[8], walk[8];
    int m, n, code;
    check_begin("multiset: every multiset of up to 8 elements over up to 4 values vs brute force");
    for (m = 1; m <= 4; m++)
        for (code = 0; code < 9 * 9 * 9 * 9; code++) {
            int v, c = code;
            u64 r = 0, count = 0, back;
            n = 0;
            for (v = 0; v < m; v++) {
                counts[v] = (kperm_u8)(c % 9);
                c /= 9;
                n += counts[v];
            }
            if (c || n < 1 || n > 8)
                continue;
            memset(seq, 0, sizeof seq);
            do { /* sequences in lex order, those with the right counts */
                int have[4] = {0, 0, 0, 0}, i, ok = 1;
                for (i = 0; i < n; i++)
                    have[seq[i]]++;
                for (v = 0; v < m; v++)
                    ok &= have[v] == counts[v];
                if (!ok)
                    continue;
                CHECK(kperm_ms_unrank(r, counts, m, got) == KPERM_OK && memcmp(got, seq, (size_t)n) == 0,
                      "m=%d n=%d rank %llu", m, n, r);
                CHECK(kperm_ms_rank_of(seq, counts, m, &back) == KPERM_OK && back == r, "m=%d rank_of %llu", m, r);
                if (r > 0) {
                    int pv;
                    memcpy(walk, prev, (size_t)n);
                    pv = kperm_ms_next(walk, n);
                    CHECK(pv == first_diff(prev, seq, n) && memcmp(walk, seq, (size_t)n) == 0,
                          "m=%d n=%d next to rank %llu: pivot %d", m, n, r, pv);
                }
                memcpy(prev, seq, (size_t)n);
                r++;
            } while (odometer(seq, n, m));
            CHECK(kperm_ms_count(counts, m, &count) == KPERM_OK && count == r, "m=%d n=%d count %llu, brute force %llu",
                  m, n, count, r);
            CHECK(kperm_ms_unrank(r, counts, m, got) == KPERM_E_RANK, "m=%d n=%d rank = count accepted", m, n);
            memcpy(walk, prev, (size_t)n);
            CHECK(kperm_ms_next(walk, n) == KPERM_END, "m=%d n=%d: next after the last", m, n);
        }
    check_end();
}

static void test_multiset_large(void)
{
    kperm_u8 counts[KPERM_MAX_MS_N], perm[KPERM_MAX_MS_N], keep[KPERM_MAX_MS_N];
    kperm_rank count = 99, r;
    int k, v;
    check_begin("multiset: counts built without overflow, overflow reported, round trips, error paths");
    counts[0] = counts[1] = counts[2] = 10;
    CHECK(kperm_ms_count(counts, 3, &count) == KPERM_OK && count == 5550996791340ULL, "30 of 3 values: %llu", count);
    counts[0] = 60;
    counts[1] = 4;
    CHECK(kperm_ms_count(counts, 2, &count) == KPERM_OK && count == 635376ULL, "C(64,4): %llu", count);
    for (v = 0; v < 64; v++)
        counts[v] = 1;
    count = 99;
    CHECK(kperm_ms_count(counts, 64, &count) == KPERM_E_OVERFLOW && count == 99, "64! accepted");
    CHECK(kperm_ms_count(counts, 20, &count) == KPERM_OK && count == 2432902008176640000ULL, "20 distinct");
    for (k = 0; k < 2000; k++) { /* random multisets whose count fits: round trips */
        int m = 2 + (int)(rng() % 6), n = 0;
        for (v = 0; v < m; v++) {
            counts[v] = (kperm_u8)(rng() % 7);
            n += counts[v];
        }
        if (n < 1 || kperm_ms_count(counts, m, &count) != KPERM_OK)
            continue;
        r = rng() % count;
        CHECK(kperm_ms_unrank(r, counts, m, perm) == KPERM_OK, "unrank %llu", r);
        CHECK(kperm_ms_rank_of(perm, counts, m, &count) == KPERM_OK && count == r, "round trip %llu", r);
        perm[(int)(rng() % (u64)n)] = (kperm_u8)m; /* a value outside the multiset */
        count = 5;
        CHECK(kperm_ms_rank_of(perm, counts, m, &count) == KPERM_E_PERM && count == 5, "bad value accepted");
    }
    counts[0] = 2;
    counts[1] = 1;
    perm[0] = 0; perm[1] = 1; perm[2] = 1; /* wrong counts */
    CHECK(kperm_ms_rank_of(perm, counts, 2, &count) == KPERM_E_PERM, "wrong counts accepted");
    memset(keep, 0xee, sizeof keep);
    memcpy(perm, keep, sizeof perm);
    CHECK(kperm_ms_unrank(0, counts, 0, perm) == KPERM_E_N, "m = 0");
    CHECK(kperm_ms_unrank(0, counts, 65, perm) == KPERM_E_N, "m = 65");
    counts[0] = counts[1] = 0;
    CHECK(kperm_ms_unrank(0, counts, 2, perm) == KPERM_E_N, "n = 0");
    counts[0] = 40;
    counts[1] = 30;
    CHECK(kperm_ms_unrank(0, counts, 2, perm) == KPERM_E_N, "n = 70");
    CHECK(memcmp(perm, keep, sizeof perm) == 0, "a rejected call wrote its output");
    CHECK(kperm_ms_next(perm, 0) == KPERM_E_N && kperm_ms_next(perm, -1) == KPERM_E_N, "next with bad n");
    check_end();
}

/* every (n, k) with n <= 8 against all sequences of k distinct values */
static void test_kp_exhaustive(void)
{
    kperm_u8 seq[8], got[8], prev[8], walk[8];
    int n, k;
    check_begin("k-permutations: every (n, k), n <= 8, vs brute force; next pivots and wrap");
    for (n = 1; n <= 8; n++)
        for (k = 1; k <= n; k++) {
            u64 r = 0, count = 0, back;
            memset(seq, 0, sizeof seq);
            do {
                int seen = 0, i, ok = 1;
                for (i = 0; i < k; i++) {
                    ok &= !(seen >> seq[i] & 1);
                    seen |= 1 << seq[i];
                }
                if (!ok)
                    continue;
                CHECK(kperm_kp_unrank(r, n, k, got) == KPERM_OK && memcmp(got, seq, (size_t)k) == 0, "n=%d k=%d rank %llu", n, k, r);
                CHECK(kperm_kp_rank_of(seq, n, k, &back) == KPERM_OK && back == r, "n=%d k=%d rank_of %llu", n, k, r);
                if (r > 0) {
                    int pv;
                    memcpy(walk, prev, (size_t)k);
                    pv = kperm_kp_next(walk, n, k);
                    CHECK(pv == first_diff(prev, seq, k) && memcmp(walk, seq, (size_t)k) == 0,
                          "n=%d k=%d next to %llu: pivot %d", n, k, r, pv);
                }
                memcpy(prev, seq, (size_t)k);
                r++;
            } while (odometer(seq, k, n));
            CHECK(kperm_kp_count(n, k, &count) == KPERM_OK && count == r, "n=%d k=%d count %llu vs %llu", n, k, count, r);
            memcpy(walk, prev, (size_t)k);
            CHECK(kperm_kp_next(walk, n, k) == KPERM_END && walk[0] == 0 && walk[k - 1] == k - 1, "n=%d k=%d wrap", n, k);
            CHECK(kperm_kp_unrank(r, n, k, got) == KPERM_E_RANK, "n=%d k=%d rank = count", n, k);
        }
    check_end();
}

static void test_kp_large(void)
{
    kperm_u8 perm[KPERM_MAX_KP_N], keep[KPERM_MAX_KP_N];
    kperm_rank count = 7, r, back;
    int t;
    check_begin("k-permutations: large n round trips, overflow, error paths");
    for (t = 0; t < 20000; t++) {
        int n = 9 + (int)(rng() % 56), k = 1 + (int)(rng() % 10);
        if (k > n || kperm_kp_count(n, k, &count) != KPERM_OK)
            continue;
        r = t % 3 == 0 ? count - 1 : rng() % count;
        CHECK(kperm_kp_unrank(r, n, k, perm) == KPERM_OK && kperm_kp_rank_of(perm, n, k, &back) == KPERM_OK && back == r,
              "n=%d k=%d rank %llu", n, k, r);
    }
    count = 7;
    CHECK(kperm_kp_count(64, 10, &count) == KPERM_OK && count == 64ULL * 63 * 62 * 61 * 60 * 59 * 58 * 57 * 56 * 55,
          "P(64, 10)");
    count = 7;
    CHECK(kperm_kp_count(21, 20, &count) == KPERM_E_OVERFLOW && count == 7, "P(21, 20) fits?");
    CHECK(kperm_kp_count(64, 11, &count) == KPERM_E_OVERFLOW, "P(64, 11) fits?");
    memset(keep, 0xee, sizeof keep);
    memcpy(perm, keep, sizeof perm);
    CHECK(kperm_kp_unrank(0, 0, 1, perm) == KPERM_E_N && kperm_kp_unrank(0, 65, 1, perm) == KPERM_E_N
          && kperm_kp_unrank(0, 5, 0, perm) == KPERM_E_N && kperm_kp_unrank(0, 5, 6, perm) == KPERM_E_N,
          "bad n or k accepted");
    CHECK(memcmp(perm, keep, sizeof perm) == 0, "a rejected unrank wrote its output");
    perm[0] = 3; perm[1] = 3;
    CHECK(kperm_kp_rank_of(perm, 5, 2, &count) == KPERM_E_PERM && kperm_kp_next(perm, 5, 2) == KPERM_E_PERM, "repeat");
    perm[1] = 5;
    CHECK(kperm_kp_rank_of(perm, 5, 2, &count) == KPERM_E_PERM && kperm_kp_next(perm, 5, 2) == KPERM_E_PERM, "value n");
    perm[0] = 63; perm[1] = 62;
    CHECK(kperm_kp_next(perm, 64, 2) == KPERM_END && perm[0] == 0 && perm[1] == 1, "last of P(64,2)");
    check_end();
}

static void test_rank128(void)
{
    kperm_u8 p[KPERM_MAX_N128], e[KPERM_MAX_N128], keep[KPERM_MAX_N128];
    kperm_rank128 r, c, back;
    int n, k;
    check_begin("128-bit ranks: n = 1..34 vs unsigned __int128, boundaries, 35 rejected");
    for (n = 1; n <= KPERM_MAX_N128; n++) {
        u128 total = fact128(n);
        CHECK(kperm_count128(n, &c) == KPERM_OK && c.lo == (u64)total && c.hi == (u64)(total >> 64), "count128(%d)", n);
        for (k = 0; k < (n >= 21 ? 3000 : 200); k++) {
            u128 x = (((u128)rng() << 64) | rng()) % total;
            if (k == 0) x = 0;
            if (k == 1) x = total - 1;
            r.lo = (u64)x;
            r.hi = (u64)(x >> 64);
            ref_unrank128(x, n, e);
            CHECK(kperm_unrank128(r, n, p) == KPERM_OK && memcmp(p, e, (size_t)n) == 0, "n=%d rank %d", n, k);
            CHECK(kperm_rank128_of(p, n, &back) == KPERM_OK && back.lo == r.lo && back.hi == r.hi, "n=%d round trip", n);
        }
        memset(keep, 0xee, sizeof keep);
        memcpy(p, keep, sizeof p);
        r.lo = (u64)total;
        r.hi = (u64)(total >> 64);
        CHECK(kperm_unrank128(r, n, p) == KPERM_E_RANK && memcmp(p, keep, sizeof p) == 0, "n=%d rank n! accepted", n);
    }
    CHECK(kperm_count128(35, &c) == KPERM_E_N && kperm_count128(0, &c) == KPERM_E_N, "n = 35 or 0 accepted");
    r.lo = r.hi = 0;
    CHECK(kperm_unrank128(r, 35, p) == KPERM_E_N && kperm_rank128_of(p, 35, &back) == KPERM_E_N, "n = 35 accepted");
    for (k = 0; k < 34; k++)
        p[k] = (kperm_u8)k;
    p[5] = 40;
    CHECK(kperm_rank128_of(p, 34, &back) == KPERM_E_PERM, "value >= n accepted");
    p[5] = 6;
    CHECK(kperm_rank128_of(p, 34, &back) == KPERM_E_PERM, "repeat accepted");
    check_end();
}

/* the planned unrank against kperm_ms_unrank (itself checked by brute force
 * above): every rank of random multisets of up to 12 elements, random ranks
 * of larger ones up to the plan's size, the plan's entries against
 * kperm_ms_count of each sub-multiset, and every error */
static void test_ms_plan(void)
{
    static kperm_u64 plan[KPERM_MAX_MS_PLAN];
    int t;
    check_begin("multiset plans: plan entries = counts of the sub-multisets, planned unrank = kperm_ms_unrank, errors");
    for (t = 0; t < 3000; t++) {
        kperm_u8 counts[8], sub[8], got[64], want[64], keep[64];
        kperm_u32 states = 0, s, stride;
        kperm_rank total = 0, r;
        int m = 1 + (int)(rng() % 8), v, n = 0, rc;
        for (v = 0; v < m; v++)
            n += counts[v] = (kperm_u8)(rng() % (t < 1500 ? 4 : 9));
        rc = kperm_ms_plan_size(counts, m, &states);
        if (rc != KPERM_OK) {
            memset(plan, 0xa5, sizeof plan);
            CHECK(kperm_ms_plan(counts, m, plan) == rc && plan[0] == 0xa5a5a5a5a5a5a5a5ull, "plan on error %d", rc);
            memset(got, 0xee, sizeof got);
            if (rc != KPERM_E_OVERFLOW) /* (counts that overflow have no plan to pass: kperm_ms_plan refuses them) */
                CHECK(kperm_ms_unrank_plan(0, counts, m, plan, got) == rc && got[0] == 0xee, "unrank_plan on error %d", rc);
            continue;
        }
        CHECK(kperm_ms_plan(counts, m, plan) == KPERM_OK, "plan");
        for (s = 0; s < states; s++) { /* entry s: size L = s / P, then the digits (r_v + 1) of all values but the last */
            kperm_rank c = 0;
            int size = 0, last, used_up = 0;
            for (v = 0, stride = 1; v < m - 1; stride *= counts[v] + 2u, v++) {
                int digit = (int)(s / stride % (counts[v] + 2u));
                used_up |= digit == 0;
                size += sub[v] = (kperm_u8)(digit - 1);
            }
            last = (int)(s / stride) - size; /* stride is now P */
            if (used_up || last < 0 || last > counts[m - 1])
                c = 0; /* no such sub-multiset */
            else if (size + last == 0)
                c = 1;
            else {
                sub[m - 1] = (kperm_u8)last;
                kperm_ms_count(sub, m, &c);
            }
            CHECK(plan[s] == c, "plan entry %u of a %d-value multiset", s, m);
        }
        CHECK(states == (kperm_u32)(n + 1) * stride, "%u entries for size %d, groups of %u", states, n, stride);
        kperm_ms_count(counts, m, &total);
        for (r = 0; r < total && r < 3000; r++) {
            kperm_rank rank = n <= 12 && total <= 3000 ? r : rng() % total;
            kperm_ms_unrank(rank, counts, m, want);
            CHECK(kperm_ms_unrank_plan(rank, counts, m, plan, got) == KPERM_OK && !memcmp(got, want, (size_t)n),
                  "unrank_plan rank %llu of a %d-value multiset", rank, m);
        }
        memset(got, 0xee, sizeof got);
        memcpy(keep, got, sizeof got);
        CHECK(kperm_ms_unrank_plan(total, counts, m, plan, got) == KPERM_E_RANK && !memcmp(got, keep, sizeof got),
              "unrank_plan at the count");
    }
    {
        kperm_u8 wide[13] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, out[13];
        kperm_u32 states = 0;
        CHECK(kperm_ms_plan_size(wide, 7, &states) == KPERM_OK && states == 8u * 729u, "8 groups of 3^6");
        states = 0;
        CHECK(kperm_ms_plan_size(wide, 13, &states) == KPERM_E_ARG && states == 0, "14 * 3^12 entries refused");
        CHECK(kperm_ms_unrank_plan(0, wide, 13, plan, out) == KPERM_E_ARG, "unrank_plan with no possible plan");
        CHECK(kperm_ms_plan_size(wide, 0, &states) == KPERM_E_N && kperm_ms_plan_size(wide, 65, &states) == KPERM_E_N,
              "bad m");
    }
    check_end();
}

int main(int argc, char **argv)
{
    if (argc > 1)
        check_prefix = argv[1];
    test_multiset_exhaustive();
    test_multiset_large();
    test_kp_exhaustive();
    test_kp_large();
    test_rank128();
    test_ms_plan();
    return check_any_failed;
}
