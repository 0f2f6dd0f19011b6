/* run_digest.c - SHA-256 in hexadecimal (see run_digest.h). */
#include "run_digest.h"
#include <openssl/evp.h>

int run_digest(const void *data, size_t size, char hex[RUN_DIGEST_DIGITS + 1])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0, i;
    if (!EVP_Digest(data, size, md, &len, EVP_sha256(), NULL) || 2 * len != RUN_DIGEST_DIGITS)
        return -1;
    for (i = 0; i < len; i++) {
        hex[2 * i] = "0123456789abcdef"[md[i] >> 4];
        hex[2 * i + 1] = "0123456789abcdef"[md[i] & 15];
    }
    hex[2 * len] = 0;
    return 0;
}
