/* python_fixtures.c - what tests/test_python.py checks the package against,
 * from the C side: the cross-backend vectors and their host C records
 * (DIR/vectors_in.bin, DIR/vectors_want.bin) and kperm_cl_source()
 * (DIR/cl_source.txt).   python_fixtures DIR */
#include "kperm.h"
#include "kperm_cl.h"
#include "lex_vectors.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int write_file(const char *dir, const char *name, const void *data, size_t size)
{
    char path[4096];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size) {
        fprintf(stderr, "python_fixtures: cannot write %s\n", path);
        if (f)
            fclose(f);
        return 1;
    }
    return fclose(f) != 0;
}

int main(int argc, char **argv)
{
    unsigned long long *in = NULL;
    size_t count = kperm_test_lex_vectors(&in);
    unsigned char *want = (unsigned char *)malloc(count * kperm_test_record);
    const char *source = kperm_cl_source();
    int rc;
    if (argc != 2 || !want)
        return 2;
    kperm_test_lex_host(in, want, count);
    rc = write_file(argv[1], "vectors_in.bin", in, count * 5 * sizeof *in)
         || write_file(argv[1], "vectors_want.bin", want, count * kperm_test_record)
         || write_file(argv[1], "cl_source.txt", source, strlen(source));
    free(in);
    free(want);
    return rc;
}
