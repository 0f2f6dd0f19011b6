/* kperm/strerror.h - a status code as a sentence, for messages and logs. */
#ifndef KPERM_STRERROR_H
#define KPERM_STRERROR_H

#include "platform.h"
#include "status.h"

/* OpenCL C keeps string literals in the __constant address space, and a
 * pointer into it must say so; C and CUDA need only const. */
#if defined(__OPENCL_VERSION__)
#define KPERM_TEXT __constant char
#else
#define KPERM_TEXT const char
#endif

/* The text for a status any kperm call returns: "success" for KPERM_OK and
 * for the positions (> 0) that next, prev and skip return, the meaning of
 * each KPERM_E_* code, and "unknown kperm status" for anything else. Never
 * NULL; the text is static (nothing to free). Needs no tables. */
KPERM_FN KPERM_TEXT *kperm_strerror(int status)
{
    switch (status) {
    case KPERM_END:
        return "walked past the end and wrapped round (not an error)";
    case KPERM_E_N:
        return "a size (n, k or m) outside its allowed range";
    case KPERM_E_RANK:
        return "a rank not below the count, or a range with begin > end or end > count";
    case KPERM_E_PERM:
        return "the input is not an element of the declared set";
    case KPERM_E_OVERFLOW:
        return "the count does not fit the rank type";
    case KPERM_E_TABLES:
        return "CUDA: the tables were not uploaded (kperm_cuda_upload_tables)";
    case KPERM_E_ARG:
        return "a bad argument (parts, position, cursor or plan)";
    default:
        return status >= 0 ? "success" : "unknown kperm status";
    }
}

#endif /* KPERM_STRERROR_H */
