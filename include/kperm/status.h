/* kperm/status.h - return codes and size limits shared by every family. */
#ifndef KPERM_STATUS_H
#define KPERM_STATUS_H

#define KPERM_VERSION "0.2.0" /* the one version: make install and the Python package take it from here */

#define KPERM_OK 0
#define KPERM_END (-1)          /* next/prev walked past the last permutation */
#define KPERM_E_N (-2)          /* n (or k, or m) outside its allowed range */
#define KPERM_E_RANK (-3)       /* rank >= count, or a range with begin > end or end > count */
#define KPERM_E_PERM (-4)       /* input is not a permutation of the declared set */
#define KPERM_E_OVERFLOW (-5)   /* the count does not fit the rank type */
#define KPERM_E_TABLES (-6)     /* CUDA: kperm_cuda_upload_tables() was not called */
#define KPERM_E_ARG (-7)        /* other bad argument: split with parts == 0 or i >= parts */

#define KPERM_MAX_N 20          /* 20! < 2^64 <= 21! */
#define KPERM_MAX_MS_N 64       /* multisets: elements (and distinct values) at most */
#define KPERM_MAX_KP_N 64       /* k-permutations: n at most */
#define KPERM_MAX_N128 34       /* 34! < 2^128 <= 35! */

#endif /* KPERM_STATUS_H */
