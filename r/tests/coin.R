# The same p-values as R's coin on random data with ties: its exact
# oneway_test and wilcox_test, without and within strata (unbalanced: the
# two-sided comparison of the statistic centred within strata); and
# pairings within strata against every order, compared as coin's
# independence_test compares.
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
        if (all(table(d$g, d$s) > 0)) # within strata, unbalanced: the two-sided p of the centred statistic
            for (alternative in c("two.sided", "less", "greater")) {
                ours <- perm_test(y ~ g | s, data = d, alternative = alternative, backend = "cpu")$p.value
                theirs <- coin::pvalue(coin::oneway_test(y ~ g | s, data = d, distribution = "exact",
                                                         alternative = alternative))
                if (!same(ours, theirs))
                    stop(sprintf("case %d oneway_test within strata %s: kperm %.17g, coin %.17g", case,
                                 alternative, ours, theirs))
                ours <- perm_test(y ~ g | s, data = d, statistic = "mann_whitney", alternative = alternative,
                                  backend = "cpu")$p.value
                theirs <- coin::pvalue(coin::wilcox_test(y ~ g | s, data = d, distribution = "exact",
                                                         alternative = alternative))
                if (!is.na(theirs) && !same(ours, theirs))
                    stop(sprintf("case %d wilcox_test within strata %s: kperm %.17g, coin %.17g", case,
                                 alternative, ours, theirs))
            }
        # pairings within strata (coin has no exact test of them): Pearson's r against every order of y
        # within the strata, |sum(x y) - E| >= |observed - E| as coin's independence_test compares
        p <- data.frame(x = sample(0:5, 8, replace = TRUE), y = sample(0:5, 8, replace = TRUE),
                        s = factor(rep(c("s1", "s2"), c(3, 5))))
        ours <- perm_test(y ~ x | s, data = p, type = "pairings", backend = "cpu")$p.value
        orders <- function(v) if (length(v) <= 1) list(v) else
            do.call(c, lapply(seq_along(v), function(i) lapply(orders(v[-i]), function(o) c(v[i], o))))
        a <- which(p$s == "s1")
        b <- which(p$s == "s2")
        expected <- sum(tapply(p$x, p$s, sum) * tapply(p$y, p$s, sum) / table(p$s))
        observed <- abs(sum(p$x * p$y) - expected)
        at_least <- 0
        for (oa in orders(a)) for (ob in orders(b))
            at_least <- at_least + (abs(sum(p$x[c(a, b)] * p$y[c(oa, ob)]) - expected) >= observed - 1e-9)
        theirs <- at_least / (factorial(3) * factorial(5))
        if (!same(ours, theirs))
            stop(sprintf("case %d pairings within strata: kperm %.17g, every order %.17g", case, ours, theirs))
    }
}
