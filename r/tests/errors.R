# Bad input gets R's error naming the problem, and a run left unclosed is
# freed by its finalizer.
library(kperm)
fails <- function(expr, pattern) {
    msg <- tryCatch({
        expr
        ""
    }, error = conditionMessage)
    if (!grepl(pattern, msg))
        stop(sprintf("expected an error matching '%s', got '%s'", pattern, msg))
}
d <- data.frame(y = c(1, 2, 3, 4, 5, 6), g = rep(c("a", "b"), 3))
fails(perm_test(y ~ g, data = d, statistic = "median"), "statistic: one of")
fails(perm_test(y ~ g, data = d, backend = "tpu"), "should be one of")
fails(perm_test(y ~ g, data = d[d$g == "a", ]), "two or more groups")
fails(perm_test(c("a", "b"), c("c", "d", "e")), "not a number|number")
fails(perm_test(1:3, 1:4, type = "paired"), "same length")
fails(perm_test(y ~ g, data = d, threads = -1), "whole number")
fails(perm_test(y ~ g, data = d, seed = 3), "seed goes with n_resamples")
fails(perm_test(y ~ g, data = d, statistic = "pearson_r"), "pearson")
fails(perm_test(y ~ g, data = d, statistic = "anova_f", alternative = "less"), "P\\(T >= t\\)")
fails(perm_test(y ~ g, data = d, n_resamples = 0), "resamples")
# the engine's refusals in perm_test()'s words
set.seed(1)
fails(perm_test(round(rnorm(40), 1), round(rnorm(40), 1), statistic = "welch_t"), "^statistic welch: 80 .*n_resamples = N")
fails(perm_test(y ~ g, data = data.frame(y = 1:6, g = rep(c("a", "b", "c"), 2)), method = "shift"), "^method shift")
# NA values are dropped, as R's tests drop them
d$y[2] <- NA
stopifnot(perm_test(y ~ g, data = d, backend = "cpu")$n_rearrangements == choose(5, 2))
# Monte Carlo: p = (count + 1) / (N + 1)
r <- perm_test(round(rnorm(30), 2), round(rnorm(30), 2), n_resamples = 999, seed = 1, backend = "cpu")
stopifnot(r$n_resamples == 999, r$exact$n_rearrangements == "118264581564861424", grepl("^Monte Carlo", r$method),
          sum(r$counts[c("less", "equal", "greater", "undefined")]) == 999)
# a run that would take past max_seconds is refused after a second's pace
set.seed(2)
fails(perm_test(round(rnorm(30), 1), round(rnorm(30), 1), statistic = "welch_t", backend = "cpu",
                max_seconds = 60), "max_seconds")
# values written with an exponent, centred within strata
e <- data.frame(y = c(1e-5, 3e-5, 2e-5, 5e-5, 4e-5, 6e-5), g = c("a", "b", "a", "b", "b", "a"),
                s = c(1, 1, 1, 2, 2, 2))
stopifnot(perm_test(y ~ g | s, data = e, backend = "cpu")$p.value == perm_test(I(y * 1e5) ~ g | s, data = e,
                                                                                 backend = "cpu")$p.value)
invisible(gc())
