# The published and documented exact counts of samples/ptest/data's sets
# (samples/ptest/data/README.md), on the cpu backend and on "auto".
library(kperm)
data_file <- function(name) read.csv(system.file("extdata", name, package = "kperm"))
check <- function(res, numerator, n, p) {
    stopifnot(identical(res$exact$numerator, numerator), identical(res$exact$n_rearrangements, n),
              identical(res$p.value, p))
}
for (backend in c("cpu", "auto")) {
    mice <- data_file("mouse.csv")
    mice$group <- factor(mice$group, levels = c("treatment", "control"))
    res <- perm_test(value ~ group, data = mice, alternative = "greater", backend = backend)
    check(res, "1613", "11440", 1613 / 11440)
    stopifnot(res$counts[["greater"]] == 1587, res$counts[["equal"]] == 26, res$counts[["abs_ge"]] == 3184)
    # the same as two vectors, and enumerated rather than shifted
    res <- perm_test(mice$value[mice$group == "treatment"], mice$value[mice$group == "control"],
                     alternative = "greater", method = "enumerate", backend = backend)
    check(res, "1613", "11440", 1613 / 11440)

    zea <- data_file("zea_mays.csv")
    res <- perm_test(zea$crossed, zea$self, type = "paired", backend = backend)
    check(res, "1726", "32768", 1726 / 32768)
    stopifnot(res$p.value == 0.05267333984375)

    sleep <- data_file("sleep.csv")
    res <- perm_test(sleep$drug2, sleep$drug1, type = "paired", alternative = "greater", backend = backend)
    check(res, "2", "1024", 2 / 1024)
    res <- perm_test(sleep$drug2, sleep$drug1, type = "paired", statistic = "wilcoxon", backend = backend)
    check(res, "4", "1024", 0.00390625)

    collagen <- data_file("scipy_tutorial_collagen_proline.csv")
    res <- perm_test(proline ~ collagen, data = collagen, type = "pairings", alternative = "greater",
                     backend = backend)
    check(res, "28", "5040", 28 / 5040)
    res <- perm_test(collagen$collagen, collagen$proline, type = "pairings", statistic = "kendall_tau",
                     backend = backend)
    stopifnot(identical(unname(res$exact$counts[c("less", "equal", "greater")]), c("4732", "140", "168")))
    check(res, "628", "5040", 628 / 5040)
}
