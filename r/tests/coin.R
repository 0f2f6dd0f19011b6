# The same p-values as R's coin (its exact oneway_test and wilcox_test,
# without and within strata) on random data with ties.
if (requireNamespace("coin", quietly = TRUE)) {
    library(kperm)
    set.seed(20261129)
    same <- function(a, b) abs(a - b) <= 1e-10 * max(a, b)
    for (case in 1:20) {
        n1 <- sample(3:9, 1)
        n2 <- sample(3:9, 1)
        d <- data.frame(y = sample(0:6, n1 + n2, replace = TRUE),
                        g = factor(rep(c("a", "b"), c(n1, n2))),
                        s = factor(sample(c("s1", "s2"), n1 + n2, replace = TRUE)))
        for (alternative in c("two.sided", "less", "greater")) {
            ours <- perm_test(y ~ g, data = d, alternative = alternative, backend = "cpu")$p.value
            theirs <- coin::pvalue(coin::oneway_test(y ~ g, data = d, distribution = "exact",
                                                     alternative = alternative))
            if (!same(ours, theirs))
                stop(sprintf("case %d oneway_test %s: kperm %.17g, coin %.17g", case, alternative, ours, theirs))
            ours <- perm_test(y ~ g, data = d, statistic = "mann_whitney", alternative = alternative,
                              backend = "cpu")$p.value
            theirs <- coin::pvalue(coin::wilcox_test(y ~ g, data = d, distribution = "exact",
                                                     alternative = alternative))
            if (!is.na(theirs) && !same(ours, theirs))
                stop(sprintf("case %d wilcox_test %s: kperm %.17g, coin %.17g", case, alternative, ours, theirs))
        }
        if (all(table(d$g, d$s) > 0)) {
            ours <- perm_test(y ~ g | s, data = d, backend = "cpu")$p.value
            theirs <- coin::pvalue(coin::oneway_test(y ~ g | s, data = d, distribution = "exact"))
            if (!same(ours, theirs))
                stop(sprintf("case %d oneway_test within strata: kperm %.17g, coin %.17g", case, ours, theirs))
        }
    }
}
