/* kperm.cl - kperm for OpenCL C kernels.
 *
 * Build with the options kperm_cl_build_options() returns (-I for include/ and
 * cl/) and write  #include "kperm.cl"  in the kernel source; or prepend the
 * string kperm_cl_source() to the kernel source and pass no -I at all.
 * The tables are program-scope __constant arrays: nothing to upload.
 */
#ifndef KPERM_CL
#define KPERM_CL

#include "kperm.h"

#endif /* KPERM_CL */
