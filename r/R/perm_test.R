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
        .stop("'formula' missing or incorrect: y ~ g, y ~ g | s, y ~ x (pairings) or y ~ x + z (regression)")
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
            .stop("a regression test: y ~ x + z1 + ...: x is tested, the z kept in the model")
        columns <- c(list(y), terms)
        names(columns) <- names(mf)[seq_along(columns)] # the user's, for the engine's messages
        if (any(grepl(",", names(columns))) || anyDuplicated(names(columns)))
            names(columns) <- c("y", paste0("x", seq_along(terms)))
        return(.perm_run(columns, list(test = "regression", columns = paste(names(columns), collapse = ",")),
                         strata, dname, NULL, ...))
    }
    if (length(terms) != 1L)
        .stop("one variable right of '~' (and strata after '|'): y ~ g or y ~ g | s")
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
        samples <- lapply(if (is.list(x)) x else list(x, y), function(s) s[!is.na(s)]) # as t.test drops them
        if (!is.list(x) && is.null(y))
            .stop("an independent test needs two samples, x and y, or a list of samples")
        if (!is.null(strata))
            .stop("strata go with the formula: perm_test(y ~ g | s, data)")
        labels <- if (is.list(x)) names(x) else c(xname, deparse1(substitute(y)))
        if (is.null(labels) || any(labels == "") || anyDuplicated(labels))
            labels <- if (is.list(x)) as.character(seq_along(samples)) else c("x", "y")
        groups <- factor(rep(seq_along(samples), lengths(samples)), seq_along(samples), labels)
        return(.perm_groups(unlist(samples, use.names = FALSE), groups, NULL,
                            paste(labels, collapse = " and "), ...))
    }
    if (is.null(y))
        .stop(sprintf("a %s test needs y: perm_test(x, y, type = \"%s\")", type, type))
    if (length(x) != length(y))
        .stop(sprintf("a %s test needs x and y of the same length, not %d and %d", type, length(x), length(y)))
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
        .stop("an independent test needs two or more groups")
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
    if (is.character(v) || is.factor(v)) # labels (a regression's categorical column: the engine's dummies)
        return(as.character(v))
    if (!is.numeric(v) && !is.logical(v))
        .stop("the values must be numbers")
    v <- as.double(v)
    s <- rep("NA", length(v))
    todo <- !is.na(v)
    for (digits in 15:17) {
        s[todo] <- trimws(formatC(v[todo], digits = digits, format = "g"))
        todo[todo] <- as.double(s[todo]) != v[todo]
    }
    s
}

.choice <- function(value, choices, what)
{
    if (!is.character(value) || length(value) != 1L || !value %in% choices)
        .stop(sprintf("%s: one of %s", what, paste(sprintf("\"%s\"", choices), collapse = ", ")))
    value
}

# a whole number as text (counts past 2^53 may come as text)
.count <- function(value, what)
{
    if (is.null(value))
        return(NULL)
    text <- if (is.character(value)) value else format(value, scientific = FALSE, trim = TRUE)
    if (length(value) != 1L || !grepl("^[0-9]+$", text))
        .stop(sprintf("%s: a whole number, 0 or more", what))
    text
}

# counts the table `columns` as options `test` ask, and makes the htest
.perm_run <- function(columns, test, strata, dname, group_names,
                      statistic = NULL, alternative = c("two.sided", "less", "greater"),
                      backend = c("auto", "cpu", "opencl", "cuda"), threads = NULL, device = NULL,
                      method = c("auto", "enumerate", "shift", "mitm"), tolerance = NULL,
                      scheme = c("freedman_lane", "permute_y"), n_resamples = NULL, seed = NULL,
                      progress = interactive(), max_seconds = 86400)
{
    explicit_alternative <- !missing(alternative)
    alternative <- match.arg(alternative)
    backend <- match.arg(backend)
    method <- match.arg(method)
    scheme <- match.arg(scheme)
    opts <- test
    if (!is.null(statistic)) {
        if (test$test == "regression")
            .stop("a regression test's statistic is x's t: give no statistic")
        opts$stat <- .statistics[[.choice(statistic, names(.statistics), "statistic")]]
    }
    if (test$test == "regression")
        opts$scheme <- sub("_", "-", scheme)
    if (!is.null(strata)) {
        strata <- as.factor(strata)
        columns$stratum <- as.character(as.integer(strata))
        opts$strata <- "stratum"
    }
    opts$backend <- backend
    opts$method <- method
    opts$threads <- .count(threads, "threads")
    opts$device <- if (is.null(device)) NULL else as.character(device)
    opts$resamples <- .count(n_resamples, "n_resamples")
    if (identical(opts$resamples, "0"))
        .stop("n_resamples: 1 or more (NULL counts every rearrangement)")
    opts$seed <- .count(seed, "seed")
    if (!is.null(seed) && is.null(n_resamples))
        .stop("seed goes with n_resamples")
    if (!is.null(tolerance)) {
        if (!is.numeric(tolerance) || length(tolerance) != 1L || !(tolerance >= 0))
            .stop("tolerance: a number, 0 or more (relative to the observed statistic)")
        opts$tolerance <- .text(tolerance)
    }
    if (!is.null(threads) && !backend %in% c("auto", "cpu"))
        .stop("threads go with backend \"cpu\"")
    if (!is.numeric(max_seconds) || length(max_seconds) != 1L || !(max_seconds > 0))
        .stop("max_seconds: a number of seconds above 0 (Inf: no limit)")
    answer <- .perm_count(columns, opts, progress, max_seconds)
    centred <- if (alternative == "two.sided" && !is.null(strata)) .centring(columns, opts, strata)
    if (!is.null(centred)) { # |T - E T| >= |t - E T| within strata: coin's two-sided comparison
        again <- .perm_count(centred$columns, centred$opts, progress, max_seconds)
        answer$counts[4L] <- again$counts[4L]
        answer$numerators[4L] <- again$numerators[4L]
        answer$pvalues[4L] <- again$pvalues[4L]
    }
    .htest(answer, opts, alternative, explicit_alternative, dname, group_names, !is.null(centred))
}

.stop <- function(...) stop(..., call. = FALSE)

# seconds in the unit a person reads them in: "40 s", "39 min", "5.2 h", "3.1e+04 days"
.duration <- function(seconds)
{
    if (seconds < 120)
        return(sprintf("%.0f s", seconds))
    if (seconds < 7200)
        return(sprintf("%.0f min", seconds / 60))
    if (seconds < 172800)
        return(sprintf("%.1f h", seconds / 3600))
    sprintf("%.3g days", seconds / 86400)
}

# the engine's messages in perm_test()'s words: its options are
# kperm-ptest's, its rows those of the table perm_test() made
.r_words <- function(message)
{
    words <- c("--resamples N" = "n_resamples = N", "--resamples" = "n_resamples", "--stat " = "statistic ",
               "--method " = "method ", "--tolerance" = "tolerance", "--backend " = "backend ",
               "--threads" = "threads", "--strata" = "strata", "--seed" = "seed", "--force" = "max_seconds = Inf")
    for (w in names(words))
        message <- gsub(w, words[[w]], message, fixed = TRUE)
    sub("^data:([0-9]+): ", "row \\1 of the data: ", message)
}

# one run of the engine over the table: its answer
.perm_count <- function(columns, opts, progress, max_seconds)
{
    cells <- unlist(lapply(columns, .text), use.names = FALSE)
    run <- tryCatch(.Call(kperm_r_open, names(columns), cells, opts),
                    error = function(e) .stop(.r_words(conditionMessage(e))))
    on.exit(.Call(kperm_r_close, run))
    answer <- .perm_walk(run, progress, max_seconds)
    if (nzchar(answer$notes))
        warning(answer$notes, call. = FALSE)
    answer
}

# Within strata the statistics below are not centred at 0 under the null
# where the groups' shares differ between strata, so |T| >= |t| is not
# coin's two-sided comparison; it is for the same statistic of values
# centred within their strata (.centred), whose one-sided counts are the
# same as the data's. The table and options of that second run, or NULL:
# the mean difference and Mann-Whitney's U of two groups (its scores
# twice the midranks of all the data, as the engine's and coin's), and
# Pearson's r of pairings.
.centring <- function(columns, opts, strata)
{
    stat <- opts$stat %||% (if (opts$test == "pairings") "pearson" else "mean")
    if (opts$test == "independent" && length(unique(columns$group)) == 2L && stat %in% c("mean", "mann-whitney")) {
        values <- if (stat == "mean") columns$value else 2 * rank(columns$value)
        columns$value <- .centred(values, strata)
        opts$stat <- "mean"
    } else if (opts$test == "pairings" && stat == "pearson")
        columns$x <- .centred(columns$x, strata)
    else
        return(NULL)
    list(columns = columns, opts = opts)
}

# walks the run a step (0.2 s) at a time to its end; a progress bar on runs
# longer than a second, and a refusal after one when the time left would
# pass max_seconds. An interrupt stops it between two chunks (the C side's
# R_CheckUserInterrupt), and .perm_count's on.exit frees the run.
.perm_walk <- function(run, progress, max_seconds)
{
    start <- proc.time()[["elapsed"]]
    bar <- NULL
    estimated <- FALSE
    repeat {
        done <- .Call(kperm_r_step, run, 0.2)
        if (done >= 1)
            break
        elapsed <- proc.time()[["elapsed"]] - start
        if (!estimated && elapsed > 1 && done > 0) { # a second's pace, as kperm-ptest's refusal of hopeless runs
            estimated <- TRUE
            left <- elapsed * (1 - done) / done
            if (left > max_seconds)
                .stop(sprintf(paste("about %s more at the pace measured: past max_seconds = %g;",
                                    "n_resamples = N estimates the p-value from N random rearrangements,",
                                    "max_seconds = Inf counts them all"), .duration(left), max_seconds))
        }
        if (is.null(bar) && isTRUE(progress) && elapsed > 1)
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
.htest <- function(a, opts, alternative, explicit_alternative, dname, group_names, centred)
{
    kind <- if (opts$test == "regression") paste0("regression-", tolower(a$statistic)) else a$statistic
    names(a$pvalues) <- c("less", "greater", "two.sided (2*min)", "abs")
    if (kind %in% .one_sided) {
        if (explicit_alternative && alternative == "less")
            .stop(sprintf("the %s statistic is large against the null: its p-value is P(T >= t), not \"less\"",
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
                   null_range = a$null_range, centred_within_strata = centred,
                   counted_by = c(method = a$method, backend = a$backend, device = a$device),
                   seconds = a$seconds),
              class = "htest")
}

# The values centred within their strata, exactly: L y - L S_s / N_s in
# units of the last decimal place, S_s and N_s a stratum's sum and size, L
# the least common multiple of the denominators of the strata's means.
# Within strata the mean difference (or r) of these is proportional to that
# of y less its expectation under the null, so |T| >= |t| is coin's
# two-sided comparison; the one-sided counts are the data's own.
.centred <- function(y, strata)
{
    text <- .text(y)
    exponent <- suppressWarnings(as.integer(sub("^[^eE]*[eE]?", "", text)))
    exponent[is.na(exponent)] <- 0L
    places <- pmax(0L, nchar(sub("^[^.]*\\.?", "", sub("[eE].*$", "", text))) - exponent)
    scaled <- round(as.double(y) * 10^max(places))
    strata <- droplevels(strata)
    sizes <- tabulate(as.integer(strata), nlevels(strata))
    sums <- vapply(split(scaled, strata), sum, 0)
    gcd <- function(a, b) if (b == 0) a else gcd(b, a %% b)
    common <- mapply(gcd, sizes, abs(sums))
    lcm <- Reduce(function(a, b) a / gcd(a, b) * b, sizes / common, 1)
    s <- as.integer(strata)
    centred <- lcm * scaled - (lcm / (sizes / common))[s] * (sums / common)[s]
    if (!all(is.finite(centred)) || max(abs(sums), abs(scaled) * lcm, abs(centred)) >= 2^53)
        .stop("two-sided within strata: the values centred within their strata need more than 53 bits; ",
              "give alternative = \"less\" or \"greater\", or round the values")
    sprintf("%.0f", centred)
}

`%||%` <- function(a, b) if (is.null(a)) b else a

# the backends this build of the package has, as backend = names them
kperm_backends <- function() .Call(kperm_r_backends)
