/* run_digest.h - SHA-256 (OpenSSL's libcrypto) as the checkpoint writes it:
 * 64 lowercase hexadecimal digits. It fingerprints a sample's problem (every
 * byte of its data and options) and sums each checkpoint file, so that a
 * file of another problem, or a damaged one, cannot pass by accident or by a
 * collision made on purpose, as it could with a short or non-cryptographic
 * hash. It proves nothing about who wrote a file: anyone who may write the
 * checkpoint can write a valid one, so a checkpoint is trusted as the data
 * are. */
#ifndef RUN_DIGEST_H
#define RUN_DIGEST_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RUN_DIGEST_DIGITS 64 /* hexadecimal digits of a SHA-256 */

/* the SHA-256 of size bytes into hex (RUN_DIGEST_DIGITS digits and a NUL);
 * -1 when libcrypto fails (out of memory) */
int run_digest(const void *data, size_t size, char hex[RUN_DIGEST_DIGITS + 1]);

#ifdef __cplusplus
}
#endif

#endif
