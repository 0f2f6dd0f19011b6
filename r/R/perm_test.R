# perm_test.R - kperm's exact permutation tests, shaped as R's own tests.
# The counting is kperm-ptest's engine, compiled into this package
# (src/kperm_r.c); this file turns R's data into its table and options,
# shows the progress and makes the answer an htest.

# the statistics by kperm.stats' names, and kperm-ptest's for each
.statistics <- c(mean_difference = "mean", welch_t = "welch", variance_ratio = "var-ratio",
                 anova_f = "anova", pearson_r = "pearson", kendall_tau = "kendall",
                 mann_whitney = "mann-whitney", wilcoxon = "wilcoxon",
                 kruskal_wallis = "kruskal", jonckheere_terpstra = "jonckheere")

# what each statistic is, for the htest's print
.labels <- c(mean = "mean difference", welch = "Welch t", "var-ratio" = "variance ratio",
             anova = "F", pearson = "r", kendall = "tau", "mann-whitney" = "U", wilcoxon = "V",
             kruskal = "H", jonckheere = "JT", "regression-t" = "t", "regression-f" = "F")

# statistics that are at least 0, large against the null: their p-value is
# P(T >= t) whatever the alternative
.one_sided <- c("anova", "kruskal", "regression-f")

perm_test <- function(x, ...) UseMethod("perm_test")

perm_test.formula <- function(formula, data, subset, na.action,
                              type = c("independent", "pairings", "regression"), ...)
{
    type <- match.arg(type)
    if (missing(formula) || length(formula) != 3L)
        stop("'formula' missing or incorrect: y ~ g, y ~ g | s, y ~ x (pairings) or y ~ x + z (regression)")
    rhs <- formula[[3L]]
    has_strata <- is.call(rhs) && identical(rhs[[1L]], as.name("|"))
    frame_formula <- formula
    if (has_strata)
        frame_formula[[3L]] <- call("+", rhs[[2L]], rhs[[3L]])
    m <- match.call(expand.dots = FALSE)
    m$formula <- frame_formula
    m$... <- NULL
    m$type <- NULL
    m[[1L]] <- quote(stats::model.frame)
    mf <- eval(m, parent.frame())
    y <- mf[[1L]]
    terms <- mf[-1L]
    strata <- NULL
    if (has_strata) {
        strata <- terms[[length(terms)]]
        terms <- terms[-length(terms)]
    }
    dname <- paste(deparse1(formula[[2L]]), "by", deparse1(formula[[3L]]))
    if (type == "regression") {
        if (length(terms) < 1L)
            stop("a regression test: y ~ x + z1 + ...: x is tested, the z kept in the model")
        columns <- c(list(y = y), stats::setNames(terms, paste0("c", seq_along(terms))))
        return(.perm_run(columns, list(test = "regression", columns = paste(names(columns), collapse = ",")),
                         strata, dname, NULL, ...))
    }
    if (length(terms) != 1L)
        stop("one variable right of '~' (and strata after '|'): y ~ g or y ~ g | s")
    if (type == "pairings")
        return(.perm_run(list(x = terms[[1L]], y = y), list(test = "pairings", columns = "x,y"),
                         strata, dname, NULL, ...))
    .perm_groups(y, terms[[1L]], strata, dname, ...)
}

perm_test.default <- function(x, y = NULL, type = c("independent", "paired", "pairings"), strata = NULL, ...)
{
    type <- match.arg(type)
    xname <- deparse1(substitute(x))
    if (type == "independent") {
        samples <- if (is.list(x)) x else list(x, y)
        if (!is.list(x) && is.null(y))
            stop("an independent test needs two samples, x and y, or a list of samples")
        if (!is.null(strata))
            stop("strata go with the formula: perm_test(y ~ g | s, data)")
        labels <- if (is.list(x)) names(x) else c(xname, deparse1(substitute(y)))
        if (is.null(labels) || any(labels == "") || anyDuplicated(labels))
            labels <- if (is.list(x)) as.character(seq_along(samples)) else c("x", "y")
        groups <- factor(rep(seq_along(samples), lengths(samples)), seq_along(samples), labels)
        return(.perm_groups(unlist(samples, use.names = FALSE), groups, NULL,
                            paste(labels, collapse = " and "), ...))
    }
    if (is.null(y) || length(x) != length(y))
        stop(sprintf("a %s test needs x and y of the same length", type))
    dname <- paste(xname, "and", deparse1(substitute(y)))
    keep <- stats::complete.cases(x, y, if (is.null(strata)) x else strata)
    if (!is.null(strata))
        strata <- strata[keep]
    .perm_run(list(x = x[keep], y = y[keep]), list(test = type, columns = "x,y"), strata, dname, NULL, ...)
}

# the values y in the groups g (in the order of g's levels)
.perm_groups <- function(y, g, strata, dname, ...)
{
    g <- droplevels(as.factor(g))
    if (nlevels(g) < 2L)
        stop("an independent test needs two or more groups")
    codes <- as.character(as.integer(g))
    .perm_run(list(group = codes, value = y),
              list(test = "independent", group = "group", columns = "value",
                   groups = paste(seq_len(nlevels(g)), collapse = ",")),
              strata, dname, levels(g), ...)
}

# numbers as the shortest text that reads back as them (as Python's repr
# and kperm-ptest's output), so that each is the decimal it was typed as
.text <- function(v)
{
    if (is.character(v))
        return(v)
    if (!is.numeric(v) && !is.logical(v))
        stop("the values must be numbers")
    v <- as.double(v)
    s <- rep("NA", length(v))
    todo <- !is.na(v)
    for (digits in 15:17) {
        s[todo] <- trimws(formatC(v[todo], digits = digits, format = "g"))
        todo <- todo & as.double(s) != v
    }
    s
}

.choice <- function(value, choices, what)
{
    if (!is.character(value) || length(value) != 1L || !value %in% choices)
        stop(sprintf("%s: one of %s", what, paste(sprintf("\"%s\"", choices), collapse = ", ")))
    value
}

# a whole number as text (counts past 2^53 may come as text)
.count <- function(value, what)
{
    if (is.null(value))
        return(NULL)
    text <- if (is.character(value)) value else format(value, scientific = FALSE, trim = TRUE)
    if (length(value) != 1L || !grepl("^[0-9]+$", text))
        stop(sprintf("%s: a whole number, 0 or more", what))
    text
}

# counts the table `columns` as options `test` ask, and makes the htest
.perm_run <- function(columns, test, strata, dname, group_names,
                      statistic = NULL, alternative = c("two.sided", "less", "greater"),
                      backend = c("auto", "cpu", "opencl", "cuda"), threads = NULL, device = NULL,
                      method = c("auto", "enumerate", "shift", "mitm"), tolerance = NULL,
                      scheme = c("freedman_lane", "permute_y"), n_resamples = NULL, seed = NULL,
                      progress = interactive())
{
    alternative <- match.arg(alternative)
    explicit_alternative <- !missing(alternative)
    backend <- match.arg(backend)
    method <- match.arg(method)
    scheme <- match.arg(scheme)
    opts <- test
    observed <- NULL
    if (!is.null(statistic)) {
        if (test$test == "regression")
            stop("a regression test's statistic is x's t (or F): give no statistic")
        opts$stat <- .statistics[[.choice(statistic, names(.statistics), "statistic")]]
    }
    if (test$test == "regression")
        opts$scheme <- sub("_", "-", scheme)
    if (!is.null(strata)) {
        strata <- as.factor(strata)
        columns$stratum <- as.character(as.integer(strata))
        opts$strata <- "stratum"
        if (alternative == "two.sided" && test$test == "independent" && identical(opts$stat %||% "mean", "mean")
            && length(unique(columns$group)) == 2L) {
            y <- columns$value
            observed <- mean(y[columns$group == "1"]) - mean(y[columns$group == "2"])
            columns$value <- .centred(y, strata)
        }
    }
    opts$backend <- backend
    opts$method <- method
    opts$threads <- .count(threads, "threads")
    opts$device <- if (is.null(device)) NULL else as.character(device)
    opts$resamples <- .count(n_resamples, "n_resamples")
    if (identical(opts$resamples, "0"))
        stop("n_resamples: 1 or more (NULL counts every rearrangement)")
    opts$seed <- .count(seed, "seed")
    if (!is.null(seed) && is.null(n_resamples))
        stop("seed goes with n_resamples")
    if (!is.null(tolerance)) {
        if (!is.numeric(tolerance) || length(tolerance) != 1L || !(tolerance >= 0))
            stop("tolerance: a number, 0 or more (relative to the observed statistic)")
        opts$tolerance <- .text(tolerance)
    }
    if (!is.null(threads) && !backend %in% c("auto", "cpu"))
        stop("threads go with backend \"cpu\"")
    cells <- unlist(lapply(columns, .text), use.names = FALSE)
    run <- .Call(kperm_r_open, names(columns), cells, opts)
    on.exit(.Call(kperm_r_close, run))
    answer <- .perm_walk(run, progress)
    if (nzchar(answer$notes))
        warning(answer$notes, call. = FALSE)
    if (!is.null(observed)) { # the data's own, not the centred values'
        answer$observed <- observed
        answer$null_range <- c(NA_real_, NA_real_)
    }
    .htest(answer, opts, alternative, explicit_alternative, dname, group_names)
}

# walks the run a step (0.2 s) at a time to its end; a progress bar on runs
# longer than a second. An interrupt stops it between two chunks (the C
# side's R_CheckUserInterrupt), and .perm_run's on.exit frees the run.
.perm_walk <- function(run, progress)
{
    start <- proc.time()[["elapsed"]]
    bar <- NULL
    repeat {
        done <- .Call(kperm_r_step, run, 0.2)
        if (done >= 1)
            break
        if (is.null(bar) && isTRUE(progress) && proc.time()[["elapsed"]] - start > 1)
            bar <- utils::txtProgressBar(style = 3)
        if (!is.null(bar))
            utils::setTxtProgressBar(bar, done)
    }
    if (!is.null(bar)) {
        utils::setTxtProgressBar(bar, 1)
        close(bar)
    }
    .Call(kperm_r_answer, run)
}

# the answer a as R's tests return theirs
.htest <- function(a, opts, alternative, explicit_alternative, dname, group_names)
{
    kind <- if (opts$test == "regression") paste0("regression-", tolower(a$statistic)) else a$statistic
    names(a$pvalues) <- c("less", "greater", "two.sided (2*min)", "abs")
    if (kind %in% .one_sided) {
        if (explicit_alternative && alternative == "less")
            stop(sprintf("the %s statistic is large against the null: its p-value is P(T >= t), not \"less\"",
                         .labels[[kind]]))
        alternative <- "greater"
        which <- "abs"
    } else
        which <- switch(alternative, less = "less", greater = "greater",
                        two.sided = if (kind == "var-ratio") "two.sided (2*min)" else "abs")
    counts <- stats::setNames(as.numeric(a$counts), c("less", "equal", "greater", "abs_ge", "in_band", "undefined"))
    sampled <- a$method == "monte-carlo"
    label <- .labels[[kind]]
    # a Monte Carlo run's counts are over its draws, a$n_rearrangements; its
    # n_rearrangements is every one it drew from, as kperm-ptest and kperm.stats say
    method <- if (sampled)
        sprintf("Monte Carlo permutation test (kperm): %s, %s random rearrangements of %s", label,
                a$n_rearrangements, a$drawn_from)
    else sprintf("Exact permutation test (kperm): %s, all %s rearrangements", label, a$n_rearrangements)
    structure(list(statistic = stats::setNames(a$observed, label), p.value = a$pvalues[[which]],
                   alternative = alternative, method = method, data.name = dname,
                   n_rearrangements = as.numeric(a$drawn_from),
                   n_resamples = if (sampled) as.numeric(a$n_rearrangements), counts = counts,
                   p.values = a$pvalues,
                   exact = list(n_rearrangements = a$drawn_from,
                                counts = stats::setNames(a$counts, names(counts)),
                                numerator = a$numerators[[match(which, names(a$pvalues))]]),
                   groups = stats::setNames(a$sizes, if (is.null(group_names)) a$groups else group_names),
                   exact_comparison = a$exact, tolerance = a$tolerance, decimals = a$decimals,
                   null_range = a$null_range,
                   counted_by = c(method = a$method, backend = a$backend, device = a$device),
                   seconds = a$seconds),
              class = "htest")
}

# The values centred within their strata, exactly: L y - (L / N_s) S_s in
# units of the last decimal place, L the least common multiple of the
# strata's sizes N_s, S_s a stratum's sum. Within strata the mean
# difference of these is proportional to that of y less its expectation
# under the null, so |T| >= |t| is coin's two-sided comparison; y's own
# mean difference is not centred at 0 where the groups' shares differ
# between strata. The one-sided counts are the same either way.
.centred <- function(y, strata)
{
    text <- .text(y)
    places <- nchar(sub("^[^.]*\\.?", "", sub("[eE].*$", "", text)))
    if (any(grepl("[eE]", text)))
        stop("two-sided within strata: write the values without exponents")
    scaled <- round(as.double(y) * 10^max(places))
    sizes <- tabulate(as.integer(strata), nlevels(strata))
    sums <- vapply(split(scaled, strata), sum, 0)
    gcd <- function(a, b) if (b == 0) a else gcd(b, a %% b)
    lcm <- Reduce(function(a, b) if (b == 0) a else a / gcd(a, b) * b, sizes, 1)
    centred <- lcm * scaled - (lcm / sizes[as.integer(strata)]) * sums[as.integer(strata)]
    if (!all(is.finite(centred)) || max(abs(centred), abs(scaled) * lcm) >= 2^53)
        stop("two-sided within strata: the values centred within their strata need more than 53 bits; ",
             "give alternative = \"less\" or \"greater\"")
    sprintf("%.0f", centred)
}

`%||%` <- function(a, b) if (is.null(a)) b else a

# the backends this build of the package has, as backend = names them
kperm_backends <- function() .Call(kperm_r_backends)
