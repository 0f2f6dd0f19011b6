# permutation_test.py - docs/stats.md's example: exact permutation tests of
# treated against control, over every one of the C(12, 6) = 924 ways to split
# the 12 observations into two groups of 6, on a GPU (CuPy) or any OpenCL
# device (PyOpenCL).
import kperm.stats

treated = [19.2, 21.5, 23.1, 24.8, 25.0, 26.3]
control = [17.9, 18.4, 20.0, 20.7, 22.2, 23.4]

res = kperm.stats.permutation_test((treated, control), "mean_difference", alternative="greater")
print("mean difference %.4f: %d of %d splits as large, p = %.4f"
      % (res.statistic, res.greater + res.equal, res.n_rearrangements, res.pvalue))

# a statistic of your own, in C: the difference of the two medians
MEDIAN_DIFFERENCE = r"""
double median[2];
for (int j = 0; j < 2; j++) {
    double s[64];
    int n = start[j + 1] - start[j];
    for (int i = 0; i < n; i++) {          /* insertion sort of sample j */
        int p = i;
        for (; p > 0 && s[p - 1] > x[start[j] + i]; p--)
            s[p] = s[p - 1];
        s[p] = x[start[j] + i];
    }
    median[j] = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}
return median[0] - median[1];
"""
res = kperm.stats.permutation_test((treated, control), MEDIAN_DIFFERENCE, alternative="greater")
print("median difference %.2f: %d of %d splits as large, p = %.4f"
      % (res.statistic, res.greater + res.equal, res.n_rearrangements, res.pvalue))
