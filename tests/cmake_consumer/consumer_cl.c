/* consumer_cl.c - kperm's OpenCL helper through find_package(kperm): the
 * generated source and the build options are there. */
#include <stdio.h>
#include <string.h>
#include "kperm_cl.h"

int main(void)
{
    printf("kperm_cl_source: %zu characters; options: %s\n", strlen(kperm_cl_source()), kperm_cl_build_options());
    return strstr(kperm_cl_source(), "kperm_unrank") == NULL;
}
