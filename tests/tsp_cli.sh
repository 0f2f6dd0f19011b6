#!/bin/sh
# tsp_cli.sh - kperm-tsp on every malformed file of tests/tsp/bad: exit status
# 2, nothing on stdout, and on stderr exactly the one line its EXPECTED gives,
# "kperm-tsp: FILE:LINE: message" (or "kperm-tsp: FILE: message"). Then the
# usage errors, --help, --version, --list-devices, --threads and OpenCL's
# --device.
bin=build/kperm-tsp
dir=tests/tsp/bad
bad=0 count=0
while IFS='|' read -r file line part; do
    case $file in '#'*|'') continue ;; esac
    count=$((count + 1))
    path=$dir/$file
    if [ "$line" = 0 ]; then prefix="kperm-tsp: $path: "; else prefix="kperm-tsp: $path:$line: "; fi
    out=$($bin --backend cpu "$path" 2>/tmp/kperm-tsp-err.$$)
    rc=$?
    err=$(cat /tmp/kperm-tsp-err.$$)
    if [ $rc -ne 2 ] || [ -n "$out" ] || [ "$err" != "$prefix$part" ]; then
        echo "FAIL kperm-tsp $path: exit $rc, stdout '$out', stderr '$err'; want exit 2 and '$prefix$part'"
        bad=$((bad + 1))
    fi
done < $dir/EXPECTED
rm -f /tmp/kperm-tsp-err.$$
[ $bad -eq 0 ] && echo "PASS kperm-tsp rejects $count malformed files: exit 2, the one line 'kperm-tsp: FILE:LINE: ...' expected, empty stdout"

usage_ok=1
for args in "" "--backend gpu data/burma14.tsp" "--random 2" "--random 22" "--random x" "--bogus" "--gpus 0 --random 5" "--gpus x --random 5" \
            "data/burma14.tsp data/burma14.tsp" "--random 5 data/burma14.tsp" "--seed" "--threads 0 --random 5" \
            "--threads x --random 5" "--threads 257 --random 5" "--backend cuda --threads 2 --random 5" \
            "--device cpu --random 5" "--backend cpu --device gpu --random 5" "--prune --random 65"; do
    out=$($bin $args 2>/dev/null)
    rc=$?
    if [ $rc -ne 2 ] || [ -n "$out" ]; then
        echo "FAIL kperm-tsp $args: exit $rc, stdout '$out'; want exit 2 and no output"
        usage_ok=0
    fi
done
[ $usage_ok -eq 1 ] && echo "PASS kperm-tsp usage errors exit 2 with nothing on stdout"

# a hopeless size is refused with its estimate, quickly, unless --force
start=$(date +%s)
out=$($bin --backend cpu --random 21 2>/tmp/kperm-tsp-err.$$)
rc=$?
err=$(cat /tmp/kperm-tsp-err.$$)
rm -f /tmp/kperm-tsp-err.$$
took=$(( $(date +%s) - start ))
case $err in
*days*--force*) ok=1 ;;
*) ok=0 ;;
esac
if [ $rc -eq 3 ] && [ -z "$out" ] && [ $ok -eq 1 ] && [ $took -lt 30 ]; then
    echo "PASS kperm-tsp refuses --random 21 on the CPU with its estimate (exit 3, ${took}s)"
else
    echo "FAIL kperm-tsp --random 21: exit $rc after ${took}s, stdout '$out', stderr '$err'; want exit 3 and an estimate"
fi
# --help documents every option and the exit statuses, on stdout, exit 0
out=$($bin --help 2>/dev/null)
rc=$?
missing=
for opt in --backend --gpus --device --threads --prune --list-devices --json --force --checkpoint --checkpoint-every \
           --chunk --version --help --random --seed KPERM_TSP_SIMD "Exit status"; do
    case $out in *"$opt"*) ;; *) missing="$missing $opt" ;; esac
done
if [ $rc -eq 0 ] && [ -z "$missing" ]; then
    echo "PASS kperm-tsp --help documents every option and the exit statuses (exit 0)"
else
    echo "FAIL kperm-tsp --help: exit $rc, missing:$missing"
fi

# --version: the header's KPERM_VERSION
want=$(sed -n 's/^#define KPERM_VERSION "\([^"]*\)".*/\1/p' include/kperm/status.h)
out=$($bin --version)
if [ "$out" = "kperm-tsp $want" ]; then
    echo "PASS kperm-tsp --version prints $want, the header's version"
else
    echo "FAIL kperm-tsp --version: '$out'; header $want"
fi

# every backend this machine can build is in the program, whatever the order
# of make run, make deps and make test (objects depend on the build's
# configuration: a make run before make deps must not leave OpenCL out)
out=$($bin --backend opencl --random 5 2>&1)
if [ -f /usr/include/CL/cl.h ] && printf '%s' "$out" | grep -q 'not built into'; then
    echo "FAIL kperm-tsp lacks OpenCL though its headers are installed: '$out' (a stale object?)"
else
    echo "PASS kperm-tsp has every backend whose headers are installed"
fi

# --list-devices names the CPU, and an OpenCL device where one is installed
out=$($bin --list-devices 2>&1)
rc=$?
has_cl=0
case $out in *"opencl 0:0"*) has_cl=1 ;; esac
case $out in
"cpu "*|*"
cpu "*) [ $rc -eq 0 ] && echo "PASS kperm-tsp --list-devices lists the CPU (and $has_cl OpenCL device 0:0)" ;;
*) echo "FAIL kperm-tsp --list-devices: exit $rc, output '$out'" ;;
esac

# no GPU: --list-devices says so plainly (the CUDA runtime's own words would
# be "CUDA driver version is insufficient")
if strings $bin | grep -q 'no CUDA device'; then # CUDA built in
    if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
        line=$($bin --list-devices 2>&1 | grep '^cuda')
        [ "$line" = "cuda        no CUDA device" ] && echo "PASS kperm-tsp --list-devices says 'no CUDA device' without a GPU" \
            || echo "FAIL kperm-tsp --list-devices without a GPU: '$line'"
    fi
fi

# --threads N: that many threads, the same answer
one=$($bin --json --backend cpu --threads 1 --random 11 --seed 3 2>/dev/null)
all=$($bin --json --backend cpu --random 11 --seed 3 2>/dev/null)
case $one in
*'"device": "1 thread on'*)
    if [ "$(printf '%s' "$one" | sed 's/.*"rank": \([0-9]*\).*/\1/')" = "$(printf '%s' "$all" | sed 's/.*"rank": \([0-9]*\).*/\1/')" ]; then
        echo "PASS kperm-tsp --threads 1 runs one thread and gives the answer of all cores"
    else
        echo "FAIL kperm-tsp --threads 1: '$one' against '$all'"
    fi ;;
*) echo "FAIL kperm-tsp --threads 1: '$one'" ;;
esac

# OpenCL's --device: cpu equals the C backend on every file in data/; a device
# that does not exist is one line and exit 4
if [ $has_cl = 1 ]; then
    ok=1
    for f in data/*.tsp; do
        a=$($bin --json --backend opencl --device cpu "$f" 2>/dev/null | sed 's/.*"length": \([0-9]*\).*"rank": \([0-9]*\).*/\1 \2/')
        b=$($bin --json --backend cpu "$f" 2>/dev/null | sed 's/.*"length": \([0-9]*\).*"rank": \([0-9]*\).*/\1 \2/')
        [ -n "$a" ] && [ "$a" = "$b" ] || { ok=0; echo "# $f: opencl --device cpu '$a', cpu '$b'"; }
    done
    [ $ok = 1 ] && echo "PASS kperm-tsp --backend opencl --device cpu = --backend cpu on every file in data/"
    [ $ok = 1 ] || echo "FAIL kperm-tsp --backend opencl --device cpu differs from --backend cpu"
    out=$($bin --backend opencl --device 9:9 --random 9 2>/tmp/kperm-tsp-err.$$)
    rc=$?
    err=$(cat /tmp/kperm-tsp-err.$$)
    rm -f /tmp/kperm-tsp-err.$$
    case $err in
    *"no device 9:9"*) [ $rc -eq 4 ] && [ -z "$out" ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] \
        && echo "PASS kperm-tsp --device 9:9 (none such): one line, exit 4" \
        || echo "FAIL kperm-tsp --device 9:9: exit $rc, stdout '$out', stderr '$err'" ;;
    *) echo "FAIL kperm-tsp --device 9:9: exit $rc, stderr '$err'" ;;
    esac
else
    echo "SKIP kperm-tsp --device: no OpenCL device here"
fi
exit 0
