/* run_json.h - a string as a JSON string on stdout, for the samples' --json
 * reports: always valid JSON and valid UTF-8, whatever bytes the string
 * holds (a file name, a column name or a label from the user's data). */
#ifndef RUN_JSON_H
#define RUN_JSON_H

#include <stdio.h>

/* the length of the well-formed UTF-8 sequence at s (1..4; no overlong
 * forms, surrogates or code points past U+10FFFF), or 0 */
static inline int run_utf8_length(const unsigned char *s)
{
    int len = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3
            : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0, i;
    for (i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) || (s[0] == 0xf0 && s[1] < 0x90)
        || (s[0] == 0xf4 && s[1] >= 0x90))
        return 0;
    return len;
}

/* s in double quotes, escaped: '"' and '\' with a backslash, control
 * characters as \u00XX, and a byte that is not part of a well-formed UTF-8
 * sequence (a Latin-1 name, say) as \u00XX too: the character Latin-1 gives
 * it, so that no byte is lost and Latin-1 text reads as it was meant */
static inline void run_json_string(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    putchar('"');
    while (*u) {
        int len = run_utf8_length(u);
        if (*u == '"' || *u == '\\')
            printf("\\%c", *u);
        else if (*u < 32 || *u == 127 || len == 0)
            printf("\\u%04x", *u);
        else {
            fwrite(u, 1, (size_t)len, stdout);
            u += len;
            continue;
        }
        u++;
    }
    putchar('"');
}

#endif
