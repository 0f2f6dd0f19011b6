/* kperm_cl.h - host helper for OpenCL programs that use kperm. */
#ifndef KPERM_CL_H
#define KPERM_CL_H

#ifdef __cplusplus
extern "C" {
#endif

/* The whole kperm core as one OpenCL C source string, generated at build time
 * from the same headers that host C and CUDA compile. Prepend it to a kernel
 * source that then needs no #include and no -I option. */
const char *kperm_cl_source(void);

/* Options for clBuildProgram that let a kernel source say #include "kperm.cl":
 * -I for the installed (or, in the source tree, the tree's) include/ and cl/.
 * An installation moved to another prefix is found through the environment
 * variable KPERM_PREFIX (the prefix it now has: its include/ and share/kperm/);
 * kperm_cl_source() needs no path at all. The string is the library's own
 * (with KPERM_PREFIX, rebuilt by each call). Where the directory it names
 * holds no kperm.cl (an installation moved without KPERM_PREFIX), it still
 * returns the options, and writes one line to stderr that says so and names
 * KPERM_PREFIX. */
const char *kperm_cl_build_options(void);

#ifdef __cplusplus
}
#endif

#endif /* KPERM_CL_H */
