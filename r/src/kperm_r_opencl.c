/* kperm_r_opencl.c - the core's OpenCL source for the OpenCL backend
 * (cl/kperm_cl.h's kperm_cl_source), from the text the package's build
 * embedded; the package needs none of cl/kperm_cl.c's paths. */
#include "kperm_cl.h"

extern const char kperm_cl_source_text[];

const char *kperm_cl_source(void)
{
    return kperm_cl_source_text;
}
