/* ptest_user_check.h - what a C statistic's body may hold before any
 * compiler sees it. It runs inside kperm-ptest, so it may not reach files
 * through the preprocessor (#include, __has_include, _Pragma ...) nor write
 * output (printf ...: stdout is the report's), and it is one C source: no
 * NUL byte. The rules are read off the text by a small lexer that errs on
 * the side of refusing: wherever it could read a line otherwise than a
 * compiler would (trigraphs, a backslash before blanks, a lone carriage
 * return, raw strings), the body is refused. python/kperm/_stats_device.py
 * keeps the same rules for kperm.stats. */
#ifndef PTEST_USER_CHECK_H
#define PTEST_USER_CHECK_H

#include <stddef.h>

/* 0 when the size bytes of body keep the rules, else -1 with err as
 * "FILE:LINE: WHY" */
int ptest_user_check(const char *body, size_t size, const char *file, char *err, size_t errsize);

#endif
