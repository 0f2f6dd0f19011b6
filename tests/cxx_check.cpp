// cxx_check.cpp - the host API compiles as C++ too (g++ -Wall -Wextra -Werror -pedantic).
#include "kperm.h"

int kperm_cxx_check(void)
{
    kperm_u8 p[4];
    kperm_rank r = 0;
    kperm_cursor c;
    int rc = kperm_unrank(5, 4, p);
    rc |= kperm_rank_of(p, 4, &r);
    rc |= kperm_cursor_init(&c, 4, 0, 24);
    return rc | kperm_next(p, 4) | kperm_prev(p, 4) | (int)r;
}
