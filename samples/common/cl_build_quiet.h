/* cl_build_quiet.h - clBuildProgram for the samples' OpenCL backends
 * (kperm-tsp, kperm-ptest) with stderr muted meanwhile. */
#ifndef CL_BUILD_QUIET_H
#define CL_BUILD_QUIET_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

/* clBuildProgram(prog, 1, &dev, options, NULL, NULL) with file descriptor 2
 * pointed at /dev/null for the call: POCL's compiler writes its diagnostics
 * ("1 error generated.") straight to it, and what matters of them is in the
 * build log, which the samples report as one line */
cl_int cl_build_quietly(cl_program prog, cl_device_id dev, const char *options);

/* whether dev takes NVIDIA's compiler options (-cl-nv-maxrregcount=N ...):
 * it lists the extension cl_nv_compiler_options */
int cl_has_nv_options(cl_device_id dev);

#endif
