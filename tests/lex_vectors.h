/* lex_vectors.h - the cross-backend test vectors and their host C results. */
#ifndef KPERM_TEST_LEX_VECTORS_H
#define KPERM_TEST_LEX_VECTORS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Number of vectors; *in receives 5 words per vector (free() it). */
size_t kperm_test_lex_vectors(unsigned long long **in);

/* the bytes of one vector's record (KPERM_TEST_RECORD) */
extern const size_t kperm_test_record;

/* Runs the body on the host (C99) into out (kperm_test_record bytes a vector). */
void kperm_test_lex_host(const unsigned long long *in, unsigned char *out, size_t count);

/* Index of the first vector whose record differs, or count when none does;
 * prints the first difference. */
size_t kperm_test_lex_compare(const unsigned long long *in, const unsigned char *got,
                              const unsigned char *want, size_t count);

#ifdef __cplusplus
}
#endif

#endif
