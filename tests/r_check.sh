#!/bin/sh
# tests/r_check.sh - the R package: make r, then R CMD check --no-manual on
# its tarball (which runs r/tests: the published counts, coin's p-values,
# the errors), then tests/ptest/r_package_check.py: perm_test() counts what
# kperm-ptest counts. The check strips the debug information R's -g adds
# (R_STRIP_SHARED_LIB, --strip): with it the library is 16 MB, past the
# 5 MB the check notes. SKIP where R is missing (make deps installs it).
MAKE=${MAKE:-make}
B=${B:-build}
if ! command -v R >/dev/null 2>&1; then
    echo "SKIP the R package: R is not installed (make deps installs r-base-dev)"
    exit 0
fi
version=$(sed -n 's/^#define KPERM_VERSION "\([^"]*\)".*/\1/p' include/kperm/status.h)
$MAKE -s r "$B/kperm-ptest" || exit 1
dir=$B/r-check
rm -rf "$dir"
mkdir -p "$dir"
start=$(date +%s)
(cd "$dir" && MAKEFLAGS=-j2 R_STRIP_SHARED_LIB="strip --strip-debug" _R_CHECK_FUTURE_FILE_TIMESTAMPS_=false \
    R CMD check --no-manual --install-args=--strip "../kperm_$version.tar.gz") > "$dir/log" 2>&1
status=$(grep '^Status:' "$dir/log")
if [ "$status" = "Status: OK" ]; then
    echo "PASS the R package: R CMD check --no-manual: $status in $(($(date +%s) - start)) s (its tests: published counts, coin, errors)"
else
    grep -E 'NOTE|WARNING|ERROR' -A6 "$dir/log" | head -40
    tail -20 "$dir/log"
    echo "FAIL the R package: R CMD check --no-manual: ${status:-no status} ($dir/log)"
    exit 1
fi
/usr/bin/python3 tests/ptest/r_package_check.py "$B/kperm-ptest" "$dir/kperm.Rcheck"
