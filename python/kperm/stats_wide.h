/* stats_wide.h - the platform's integer types and exact integers past 64
 * bits for kperm.stats' kernel and kperm-ptest, in OpenCL C 1.2 (which has no
 * 128-bit type), CUDA and host C99 alike: a pair of 64-bit limbs, read as
 * unsigned or as two's complement as each function says, and the one 256-bit
 * operation the comparisons need, a*b against c*d. The caller keeps every
 * value inside its type: the host proves the bounds first
 * (python/kperm/stats.py, _bounds; samples/ptest/ptest_terms.c). Include it
 * after kperm's headers (kperm.cl, kperm_cuda_device.h or kperm.h). */
#ifndef KPERM_STATS_WIDE_H
#define KPERM_STATS_WIDE_H

/* One rule for every double on every backend: a*b + c rounds twice, never
 * fused into one fma, which compilers do by their own choice (clang and
 * POCL contract within an expression by default, gcc in GNU C modes, nvcc
 * unless told -fmad=false: kperm-ptest and kperm.stats build with it), and
 * which would give an observed statistic or a null value an ulp apart on
 * two backends, and so different counts within a tolerance. */
#if defined(__OPENCL_VERSION__)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
typedef ulong ps_u64;
typedef long ps_i64;
#define PS_FN static inline
#define ps_mulhi(a, b) mul_hi((ulong)(a), (ulong)(b))
#elif defined(__CUDACC__) || defined(__CUDACC_RTC__)
/* a build uses the part of these files its PS_WALK and PS_STAT select: no
 * remark for the static functions it leaves unused */
#pragma nv_diag_suppress 177
typedef unsigned long long ps_u64;
typedef long long ps_i64;
#define PS_FN static __device__ __forceinline__
#define ps_mulhi(a, b) __umul64hi(a, b)
#else /* host C99: the CPU backend of kperm-ptest runs the same code on threads */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif /* gcc contracts only outside ISO C modes (-std=gnu*), and the Makefile builds -std=c99 */
typedef unsigned long long ps_u64;
typedef long long ps_i64;
#define PS_FN static inline
#define ps_mulhi(a, b) kperm_internal_mulhi64(a, b)
#endif

typedef struct {
    ps_u64 lo, hi;
} ps_u128;

PS_FN ps_u128 ps_make(ps_u64 lo, ps_u64 hi)
{
    ps_u128 r;
    r.lo = lo;
    r.hi = hi;
    return r;
}

PS_FN ps_u128 ps_from_i64(ps_i64 a)
{
    return ps_make((ps_u64)a, a < 0 ? ~(ps_u64)0 : 0);
}

PS_FN ps_u128 ps_add(ps_u128 a, ps_u128 b)
{
    ps_u64 lo = a.lo + b.lo;
    return ps_make(lo, a.hi + b.hi + (lo < a.lo));
}

PS_FN ps_u128 ps_sub(ps_u128 a, ps_u128 b)
{
    return ps_make(a.lo - b.lo, a.hi - b.hi - (a.lo < b.lo));
}

PS_FN int ps_negative(ps_u128 a)
{
    return (ps_i64)a.hi < 0;
}

/* |a| of a two's complement value */
PS_FN ps_u128 ps_abs(ps_u128 a)
{
    return ps_negative(a) ? ps_sub(ps_make(0, 0), a) : a;
}

/* -1, 0, 1: the sign of a two's complement value */
PS_FN int ps_sign(ps_u128 a)
{
    return ps_negative(a) ? -1 : (a.lo | a.hi) != 0;
}

PS_FN int ps_cmp_u(ps_u128 a, ps_u128 b)
{
    if (a.hi != b.hi)
        return a.hi < b.hi ? -1 : 1;
    return a.lo < b.lo ? -1 : a.lo > b.lo;
}

PS_FN ps_u128 ps_mul_u64(ps_u64 a, ps_u64 b)
{
    return ps_make(a * b, ps_mulhi(a, b));
}

/* a*b of signed 64-bit values, exactly */
PS_FN ps_u128 ps_mul_i64(ps_i64 a, ps_i64 b)
{
    ps_u128 r = ps_mul_u64((ps_u64)a, (ps_u64)b);
    /* the unsigned product read a negative factor as factor + 2^64 */
    r.hi -= (a < 0 ? (ps_u64)b : 0) + (b < 0 ? (ps_u64)a : 0);
    return r;
}

/* a*k modulo 2^128, signed or unsigned alike */
PS_FN ps_u128 ps_mul_small(ps_u128 a, ps_u64 k)
{
    ps_u128 r = ps_mul_u64(a.lo, k);
    r.hi += a.hi * k;
    return r;
}

/* the value as a double, a read as two's complement */
PS_FN double ps_to_double(ps_u128 a)
{
    ps_u128 m = ps_abs(a);
    double d = (double)m.hi * 18446744073709551616.0 + (double)m.lo;
    return ps_negative(a) ? -d : d;
}

/* the 256-bit product a*b, unsigned, as four limbs, lowest first */
PS_FN void ps_mul_wide(ps_u128 a, ps_u128 b, ps_u64 *r)
{
    ps_u128 ll = ps_mul_u64(a.lo, b.lo), lh = ps_mul_u64(a.lo, b.hi);
    ps_u128 hl = ps_mul_u64(a.hi, b.lo), hh = ps_mul_u64(a.hi, b.hi);
    ps_u128 mid = ps_add(ps_add(ps_make(ll.hi, 0), ps_make(lh.lo, 0)), ps_make(hl.lo, 0));
    ps_u128 top = ps_add(ps_add(ps_make(lh.hi, 0), ps_make(hl.hi, 0)), ps_add(ps_make(mid.hi, 0), hh));
    r[0] = ll.lo;
    r[1] = mid.lo;
    r[2] = top.lo;
    r[3] = top.hi;
}

/* -1, 0, 1 as a*b is below, equal to, above c*d (unsigned) */
PS_FN int ps_cmp_products(ps_u128 a, ps_u128 b, ps_u128 c, ps_u128 d)
{
    ps_u64 x[4], y[4];
    int i;
    ps_mul_wide(a, b, x);
    ps_mul_wide(c, d, y);
    for (i = 3; i >= 0; i--)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

#endif /* KPERM_STATS_WIDE_H */
