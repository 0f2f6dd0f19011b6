// main.cpp - kperm from a C++ project through find_package(kperm).
#include <cstdio>
#include "kperm.h"
#include "derangements.h"

int main()
{
    int total = 0;
    for (int chunk = 0; chunk < DERANGE_N; chunk++) {
        int got = derangements(static_cast<kperm_rank>(chunk) * DERANGE_CHUNK, DERANGE_CHUNK, DERANGE_N);
        if (got < 0)
            return 1;
        total += got;
    }
    std::printf("C++: %d derangements of %d (want %d)\n", total, DERANGE_N, DERANGE_WANT);
    return total != DERANGE_WANT;
}
