/* kperm/platform.h - the only file that knows which compiler is reading the core.
 *
 * Three backends read the same algorithm headers:
 *   - plain C99 (gcc, clang, or the host pass of nvcc),
 *   - CUDA device code (nvcc, __CUDA_ARCH__ defined),
 *   - OpenCL C 1.2 (__OPENCL_VERSION__ defined).
 * Like Random123's features/ headers and hashcat's inc_vendor.h, this file maps
 * a handful of macros and types onto each; the algorithms use nothing else.
 */
#ifndef KPERM_PLATFORM_H
#define KPERM_PLATFORM_H

#if defined(__OPENCL_VERSION__)

typedef uchar kperm_u8;
typedef uint kperm_u32;
typedef ulong kperm_u64;
#define KPERM_FN static inline
#define KPERM_U64(x) x##UL
#define KPERM_HOST_TABLE(type, name) __constant type name
#define KPERM_GLOBAL __global

#elif defined(__CUDACC__)

#ifndef KPERM_CUDA_DEVICE_H
#error "CUDA sources include cu/kperm_cuda.h (or, for NVRTC, cu/kperm_cuda_device.h): it declares the device tables"
#endif
typedef unsigned char kperm_u8;
typedef unsigned int kperm_u32;
typedef unsigned long long kperm_u64;
#define KPERM_FN static __host__ __device__ __forceinline__
#define KPERM_U64(x) x##ULL
#if defined(KPERM_CUDA_TABLES_IN_SOURCE)
/* NVRTC code that no host call can fill (Numba's linked sources): the
 * tables are defined, initialised, in device memory (cu/kperm_cuda_device.h) */
#define KPERM_HOST_TABLE(type, name) static __device__ const type name
#else
#define KPERM_HOST_TABLE(type, name) static const type name
#endif
#define KPERM_GLOBAL

#else

typedef unsigned char kperm_u8;
typedef unsigned int kperm_u32;
typedef unsigned long long kperm_u64;
#define KPERM_FN static inline
#define KPERM_U64(x) x##ULL
#define KPERM_HOST_TABLE(type, name) static const type name
#define KPERM_GLOBAL

#endif

/* KPERM_GLOBAL qualifies a pointer to memory the caller shares across
 * work-items (a multiset's plan): OpenCL C 1.2 has no generic address space,
 * so there it is __global; CUDA's and C's pointers need nothing. */

/* KPERM_TABLE(t) names table t as the running code sees it: the __constant__
 * copy that cu/kperm_cuda.h declares as t##_device when nvcc compiles for the
 * GPU, the initialised array from tables.h everywhere else (also in CUDA code
 * built with KPERM_CUDA_TABLES_IN_SOURCE). */
#if defined(__CUDA_ARCH__) && !defined(KPERM_CUDA_TABLES_IN_SOURCE)
#define KPERM_TABLE(name) name##_device
#else
#define KPERM_TABLE(name) name
#endif

typedef kperm_u64 kperm_rank;

/* KPERM_UNROLL before a loop whose trip count becomes a constant once a
 * literal n is inlined: the loop unrolls, array indices become constants, and
 * the arrays stay in registers instead of local memory. OpenCL C has an
 * attribute for it, which NVIDIA's compiler honours where it ignores
 * "#pragma unroll".
 *
 * With a run-time n the loop cannot unroll, and clang-based OpenCL compilers
 * (POCL's, among others) then warn "loop not unrolled" (-Wpass-failed) into
 * the build log, which PyOpenCL raises as a CompilerWarning. The optimizer
 * reports it after inlining, at the function the loop ended up in: the
 * user's kernel, where no push/pop around the core's text reaches (only with
 * -g does it point into the core). So the warning is off from here to the end
 * of the program, for the user's own unroll requests too; NVIDIA's compiler,
 * which keeps the hint, gives no such warning. */
#if defined(__OPENCL_VERSION__)
#define KPERM_UNROLL __attribute__((opencl_unroll_hint))
#if defined(__clang__) && defined(__has_warning)
#if __has_warning("-Wpass-failed")
#pragma clang diagnostic ignored "-Wpass-failed"
#endif
#endif
#elif defined(__CUDA_ARCH__)
#define KPERM_UNROLL _Pragma("unroll")
#else
#define KPERM_UNROLL
#endif

KPERM_FN int kperm_internal_popcount32(kperm_u32 x)
{
#if defined(__OPENCL_VERSION__)
    return (int)popcount(x);
#elif defined(__CUDA_ARCH__)
    return __popc(x);
#elif defined(__GNUC__)
    return __builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
#endif
}

KPERM_FN int kperm_popcount64(kperm_u64 x)
{
    return kperm_internal_popcount32((kperm_u32)x) + kperm_internal_popcount32((kperm_u32)(x >> 32));
}

/* the high 64 bits of a * b */
KPERM_FN kperm_u64 kperm_internal_mulhi64(kperm_u64 a, kperm_u64 b)
{
#if defined(__OPENCL_VERSION__)
    return mul_hi(a, b);
#elif defined(__CUDA_ARCH__)
    return __umul64hi(a, b);
#else
    kperm_u64 al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    kperm_u64 lo = al * bl, m1 = ah * bl + (lo >> 32), m2 = al * bh + (m1 & 0xffffffffu);
    return ah * bh + (m1 >> 32) + (m2 >> 32);
#endif
}

/* index of the highest set bit of x != 0 */
KPERM_FN int kperm_internal_highest32(kperm_u32 x)
{
#if defined(__OPENCL_VERSION__)
    return 31 - (int)clz(x);
#elif defined(__CUDA_ARCH__)
    return 31 - __clz((int)x);
#elif defined(__GNUC__)
    return 31 - __builtin_clz(x);
#else
    int i = 0;
    while (x >>= 1)
        i++;
    return i;
#endif
}

/* index of the highest set bit of x, or -1 for x = 0 (the GPUs' clz gives
 * 64 for 0; the host's builtin is undefined there, so it is tested) */
KPERM_FN int kperm_highest64(kperm_u64 x)
{
#if defined(__OPENCL_VERSION__)
    return 63 - (int)clz(x);
#elif defined(__CUDA_ARCH__)
    return 63 - __clzll((long long)x);
#elif defined(__GNUC__)
    return x ? 63 - __builtin_clzll(x) : -1;
#else
    int i = -1;
    for (; x; x >>= 1)
        i++;
    return i;
#endif
}

#endif /* KPERM_PLATFORM_H */
