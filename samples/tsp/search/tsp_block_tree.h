/* tsp_block_tree.h - the body of a block's tree, written once for every
 * width: tsp_search.h instantiates it on kperm_u32 (one block: CUDA, OpenCL,
 * the scalar C path), tsp_simd.c on GCC vectors (one block a lane). Define
 * before including: TSP_TREE_FN (the function's name), TSP_TREE_T (the
 * value type), TSP_TREE_BLOCK (a block type with to, home, dd of TSP_TREE_T),
 * TSP_TREE_MIN(a, b), TSP_TREE_SKIP(k, g) (1: no lane counts group g) and
 * TSP_TREE_KEEP(k, g, key) (key with NO_TOUR in the lanes where group g does
 * not count). It undefines them at its end, ready for the next width.
 *
 * key[i6]: the least length * 128 + index over the orders ending at suffix
 * city i6 (the index: the order's place among them, in rank order), or
 * TSP_NONE32; returns the least key. An order's index digits are the ranks
 * of its first four cities among those not yet placed (without i6), the
 * place values 24, 6, 2 and 1. The last bracket of to[i1] + dd[i1][i2] +
 * dd[i2][i3] + dd[i3][i4] + (dd[i4][i5] + dd[i5][i6] + home[i6]) is summed
 * once per group; two running minima, so consecutive leaves do not wait on
 * each other. */
KPERM_FN TSP_TREE_T TSP_TREE_FN(const TSP_TREE_BLOCK *k, TSP_TREE_T *key)
{
    TSP_TREE_T least = k->to[0] * 0 + TSP_NONE32;
    int i1, i2, i3, i4, i6;
    TSP_UNROLL
    for (i6 = 0; i6 < TSP_SUFFIX; i6++) {
        TSP_TREE_T tail[TSP_SUFFIX][TSP_SUFFIX], best0 = least * 0 + TSP_NONE32, best1 = best0;
        key[i6] = best0;
        if (TSP_TREE_SKIP(k, i6)) /* a test at run time on every instance: it also keeps the compiler
                                    * from hoisting all six groups' tails at once (registers) */
            continue;
        TSP_UNROLL
        for (i1 = 0; i1 < TSP_SUFFIX; i1++) {
            TSP_UNROLL
            for (i2 = 0; i2 < TSP_SUFFIX; i2++) /* with the last digit: 1 if i1 comes after i2 */
                tail[i1][i2] = k->dd[i1][i2] + k->dd[i2][i6] + k->home[i6] + (kperm_u32)(i1 > i2);
        }
        TSP_UNROLL
        for (i1 = 0; i1 < TSP_SUFFIX; i1++) {
            if (i1 == i6)
                continue;
            TSP_UNROLL
            for (i2 = 0; i2 < TSP_SUFFIX; i2++) {
                TSP_TREE_T s2 = k->to[i1] + k->dd[i1][i2] + (kperm_u32)(24 * (i1 - (i1 > i6)) +
                                                                        6 * (i2 - (i2 > i6) - (i2 > i1)));
                if (i2 == i6 || i2 == i1)
                    continue;
                TSP_UNROLL
                for (i3 = 0; i3 < TSP_SUFFIX; i3++) {
                    TSP_TREE_T s3 = s2 + k->dd[i2][i3] + (kperm_u32)(2 * (i3 - (i3 > i6) - (i3 > i1) - (i3 > i2)));
                    if (i3 == i6 || i3 == i1 || i3 == i2)
                        continue;
                    TSP_UNROLL
                    for (i4 = 0; i4 < TSP_SUFFIX; i4++) {
                        int i5 = 15 - i1 - i2 - i3 - i4 - i6; /* the one index left */
                        TSP_TREE_T len;
                        if (i4 == i6 || i4 == i1 || i4 == i2 || i4 == i3)
                            continue;
                        len = s3 + k->dd[i3][i4] + tail[i4][i5];
                        if (i4 < i5)
                            best0 = TSP_TREE_MIN(len, best0);
                        else
                            best1 = TSP_TREE_MIN(len, best1);
                    }
                }
            }
        }
        key[i6] = TSP_TREE_KEEP(k, i6, TSP_TREE_MIN(best0, best1));
        least = TSP_TREE_MIN(key[i6], least);
    }
    return least;
}

#undef TSP_TREE_FN
#undef TSP_TREE_T
#undef TSP_TREE_BLOCK
#undef TSP_TREE_MIN
#undef TSP_TREE_SKIP
#undef TSP_TREE_KEEP
