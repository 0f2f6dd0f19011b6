/* consumer.c - kperm from C through find_package(kperm): rank 5 of 4. */
#include <stdio.h>
#include "kperm.h"

int main(void)
{
    kperm_u8 p[4];
    if (kperm_unrank(5, 4, p) != KPERM_OK)
        return 1;
    printf("rank 5 of 4: %d %d %d %d\n", p[0], p[1], p[2], p[3]); /* 0 3 2 1 */
    return !(p[0] == 0 && p[1] == 3 && p[2] == 2 && p[3] == 1);
}
