#!/bin/sh
# ptest.sh - kperm-ptest on the issue's targets, each on every backend this
# build has (cuda, opencl on a GPU, the CPU's cores), and a table: device,
# command, seconds (the median of 3 runs after a warm-up, kperm-ptest's own
# "seconds": the search, not the start or the kernel's compilation),
# rearrangements/s. The data are bench/data/ptest's (README there).
#
#   sh bench/ptest.sh            the full sizes (for a GPU machine: hours on a CPU)
#   sh bench/ptest.sh --small    the first rows of each, to check the commands
#
# Run from the repository root after make build/kperm-ptest.
P=${P:-build/kperm-ptest}
D=bench/data/ptest
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
small=$([ "$1" = --small ] && echo 1)

# data NAME ROWS: the file, or with --small its header and first ROWS rows
# (welch: ROWS of each group)
data() {
    if [ -z "$small" ]; then echo $D/$1; return; fi
    case $1 in
    welch*) awk -F, -v k=$2 'NR == 1 || seen[$1]++ < k' $D/$1 > $T/$1 ;;
    *) head -n $(($2 + 1)) $D/$1 > $T/$1 ;;
    esac
    echo $T/$1
}
welch=$(data welch_20_20.csv 8)
welch22=$(data welch_22_22.csv 8)
maxt=$(data maxt_32x10.csv 12)
kendall=$(data kendall_14.csv 8)
pearson=$(data pearson_15.csv 9)
maxt_cols=$(head -n 1 $D/maxt_32x10.csv)

devices=""
backends=$($P --list-devices | awk '$1 == "cuda" && $2 ~ /^[0-9]/ { c = 1 } $1 == "opencl" && $2 ~ /^[0-9]/ { o = 1 }
    END { if (c) printf "cuda "; if (o) printf "opencl "; print "cpu" }')
printf '%-8s %-78s %12s %16s\n' device command seconds rearrangements/s
for b in $backends; do
    for args in "--stat welch $welch" \
                "--stat welch $welch22" \
                "--test paired --stat welch --columns $maxt_cols $maxt" \
                "--test pairings --stat kendall $kendall" \
                "--test pairings --stat pearson $pearson"; do
        cmd="$P --backend $b --json --quiet --force --bins 0 $args"
        $cmd > $T/warm 2>&1 || { printf '%-8s %-78s %s\n' $b "$args" "FAIL: $(head -c 200 $T/warm)"; continue; }
        for i in 1 2 3; do $cmd | grep -o '"seconds": [0-9.]*' | cut -d' ' -f2; done | sort -g > $T/s
        n=$(grep -o '"n_rearrangements": [0-9]*' $T/warm | cut -d' ' -f2)
        s=$(sed -n 2p $T/s)
        dev=$(grep -o '"device": "[^"]*"' $T/warm | cut -d'"' -f4)
        printf '%-8s %-78s %12s %16.4g\n' "$b" "$(echo "$args" | sed "s|$T/|bench/data/ptest/|")" "$s" \
            "$(awk -v n="$n" -v s="$s" 'BEGIN { print (s > 0) ? n / s : 0 }')"
        case $devices in *"$b: $dev"*) ;; *) devices="$devices
#   $b: $dev" ;; esac
    done
done
echo "# the devices:$devices"
