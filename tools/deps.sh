#!/bin/sh
# tools/deps.sh - make deps: the Debian 12 (bookworm) packages the build and
# the tests use, each group with what it is for. As root the missing ones are
# installed with apt-get (waiting for another apt or dpkg to finish rather
# than failing on its lock); as anyone else the command is printed.
# NO_DEPS=1 skips it all. With the argument "build" (make run, make all),
# only the groups the samples need to build.
[ -z "$NO_DEPS" ] || exit 0

# "packages|what they are for", one group a line; the build's groups first
build_groups=2
groups='make gcc g++ pkg-config|building the library, the samples and the C tests
libssl-dev|SHA-256 for the checkpoints of both samples (the libcrypto of OpenSSL)
clang libclang-rt-14-dev|the second compiler, and the sanitizers the tests run under
pocl-opencl-icd ocl-icd-opencl-dev opencl-headers clinfo|OpenCL on the CPU (POCL): the OpenCL tests and backends
openmpi-bin libopenmpi-dev|the MPI builds of both samples and their tests
python3-venv python3-setuptools python3-wheel python3-pyopencl|the Python package, installed into a virtual environment and tested through PyOpenCL
python3-gmpy2|GMP for the exact counts of kperm.stats within strata (optional for users: 20-30 times faster products of big integers)
cmake|the CMake consumer test of make install
r-base-dev|the R package (make r) and its R CMD check
python3-scipy r-cran-coin r-bioc-multtest|the references kperm.stats and kperm-ptest are checked against (scipy, R'"'"'s coin and multtest)'

missing="" why=""
nl='
'
while IFS='|' read -r packages what; do
    lacking=""
    for p in $packages; do
        dpkg -s "$p" >/dev/null 2>&1 || lacking="$lacking $p"
    done
    [ -z "$lacking" ] && continue
    missing="$missing$lacking"
    why="$why  $lacking: $what$nl"
done <<END
$(if [ "$1" = build ]; then printf '%s\n' "$groups" | head -n $build_groups; else printf '%s\n' "$groups"; fi)
END
[ -z "$missing" ] && exit 0

grep -qs '^VERSION_CODENAME=bookworm' /etc/os-release ||
    echo "make deps: these are Debian 12 (bookworm) package names; another release may name them otherwise"
if [ "$(id -u)" != 0 ]; then
    printf 'make deps: missing Debian packages:\n%s' "$why"
    echo "make deps: run as root:"
    echo "  apt-get update && apt-get install -y$missing"
    exit 0
fi
printf 'make deps: installing with apt-get:\n%s' "$why"
# Another apt or dpkg (an unattended upgrade, a second make) holds its locks
# for its whole run: wait for it, at most 10 minutes, rather than fail at
# once. dpkg's lock has apt's own option for that; the package lists' lock
# (apt-get update) has none, so update is retried while the lock is the reason.
err=$(mktemp)
trap 'rm -f "$err"' EXIT
waited=0
until apt-get update -qq 2>"$err"; do
    if ! grep -q 'Could not get lock' "$err" || [ $waited -ge 600 ]; then
        cat "$err" >&2
        exit 1
    fi
    [ $waited -eq 0 ] && echo "make deps: another apt or dpkg is running; waiting for it to finish (at most 10 minutes)"
    sleep 5
    waited=$((waited + 5))
done
DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq $missing >/dev/null
