#!/bin/sh
# r_ptest.sh - the R package against kperm-ptest and against R's coin.
#
# 1. Welch's t of n + n (the first n of each group of
#    bench/data/ptest/welch_20_20.csv), every split enumerated on BACKEND:
#    kperm-ptest's "seconds" and perm_test()'s $seconds (both the search
#    alone), the median of REPS runs after a warm-up, and the rates.
# 2. The mean difference of two groups, a case coin's exact oneway_test
#    counts too (its shift algorithm): the wall time of coin's call and of
#    perm_test()'s, the median of REPS; data drawn in R from fixed seeds.
#
#   sh bench/r_ptest.sh [BACKEND [SIZES]]   (default: cpu "12 14 16")
#
# Run from the repository root after make build/kperm-ptest r, with the
# package installed where R finds it (R_LIBS=DIR); part 2 where coin is.
P=${P:-build/kperm-ptest}
backend=${1:-cpu}
sizes=${2:-12 14 16}
REPS=${REPS:-5}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '%-28s %14s %14s %14s %14s %8s\n' "Welch, $backend" "cli seconds" "R seconds" "cli /s" "R /s" "R / cli"
for n in $sizes; do
    f=$T/welch_$n.csv
    awk -F, -v k=$n 'NR == 1 || seen[$1]++ < k' bench/data/ptest/welch_20_20.csv > $f
    $P --quiet --json --bins 0 --backend $backend --stat welch $f > /dev/null
    cli=$(for i in $(seq $REPS); do $P --quiet --json --bins 0 --backend $backend --stat welch $f |
        sed 's/.*"seconds": \([0-9.e+-]*\).*/\1/'; done | median)
    total=$($P --quiet --json --bins 0 --backend $backend --stat welch $f | sed 's/.*"n_rearrangements": \([0-9]*\).*/\1/')
    r=$(Rscript -e "library(kperm); d <- read.csv('$f'); d\$group <- factor(d\$group, levels = unique(d\$group))
        run <- function() perm_test(value ~ group, data = d, statistic = 'welch_t', backend = '$backend',
                                    progress = FALSE)\$seconds
        invisible(run()); cat(median(replicate($REPS, run())), '\n')")
    awk -v n=$n -v N=$total -v c=$cli -v r=$r 'BEGIN { printf "%-28s %14.6f %14.6f %14.4g %14.4g %8.3f\n",
        n " + " n " (" N ")", c, r, N / c, N / r, c / r }'
done
echo
Rscript -e "if (!requireNamespace('coin', quietly = TRUE)) quit(); library(kperm)
cases <- list(c(10, 100, 0), c(12, 1000, 2), c(12, 10000, 2), c(15, 1000, 2), c(20, 1000, 1), c(25, 100, 0))
cat(sprintf('%-40s %12s %12s %12s %10s\n', 'mean difference (coin exact oneway_test)', 'coin s', 'kperm s',
            'rearr.', 'coin/kperm'))
for (k in cases) {
    set.seed(k[1] * 7 + k[2])
    d <- data.frame(value = round(runif(2 * k[1], 0, k[2]), k[3]), group = factor(rep(c('A', 'B'), each = k[1])))
    t_coin <- t_kperm <- numeric($REPS)
    for (i in seq_len($REPS)) { # wall times of the whole calls, in microseconds (system.time has ms)
        t0 <- Sys.time()
        pc <- coin::pvalue(coin::oneway_test(value ~ group, data = d, distribution = 'exact'))
        t1 <- Sys.time()
        r <- perm_test(value ~ group, data = d, backend = '$backend', progress = FALSE)
        t2 <- Sys.time()
        t_coin[i] <- as.double(t1 - t0, units = 'secs')
        t_kperm[i] <- as.double(t2 - t1, units = 'secs')
    }
    t_coin <- median(t_coin)
    t_kperm <- median(t_kperm)
    stopifnot(abs(pc - r\$p.value) <= 1e-12)
    cat(sprintf('%-40s %12.6f %12.6f %12.3g %10.0f\n', sprintf('%d + %d, values to %g, %d decimals (%s)', k[1], k[1],
                k[2], k[3], r\$counted_by[['method']]), t_coin, t_kperm, r\$n_rearrangements, t_coin / t_kperm))
}"
