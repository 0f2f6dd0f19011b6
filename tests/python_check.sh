#!/bin/sh
# python_check.sh - the README's install command as written (`python3 -m venv
# v && v/bin/pip install --no-index ./python`, with the python3 on PATH: no
# package index, the package's own build backend) and its editable install
# (pip install --no-index -e ./python), then the same two into virtual
# environments that see Debian's PyOpenCL and numpy (their system site
# packages) for tests/test_python.py against the C library's fixtures,
# tests/test_stats.py (kperm.stats), tests/test_arrays.py (host arrays),
# tests/test_numba.py (its import error without numba-cuda), the README's
# PyOpenCL example, and where CuPy and a GPU are present tests/test_cupy.py,
# tests/test_cupy_arrays.py, tests/test_numba.py's kernels (with numba-cuda),
# tests/test_stats.py on CuPy and the README's CuPy example.
B=build
venv=$B/venv
# runs a Python test script in $B; a script that stops without a FAIL line of
# its own (an exception) still counts as one failure
run_py() {
    out=$(cd $B && "$@" 2>&1); rc=$?
    [ -n "$out" ] && echo "$out"
    if [ $rc -ne 0 ] && ! echo "$out" | grep -q '^FAIL'; then
        echo "FAIL python: $* stopped with status $rc"
    fi
}
if command -v python3 >/dev/null 2>&1 && python3 -c 'import ensurepip' 2>/dev/null; then
    rm -rf $B/v && python3 -m venv $B/v && $B/v/bin/pip install -q --no-index ./python >$B/pip.log 2>&1 \
        && $B/v/bin/python -c 'import kperm, os; assert os.path.exists(os.path.join(kperm.get_cl_include(), "kperm.cl"))' \
        && echo "PASS python: python3 -m venv v && v/bin/pip install --no-index ./python (the README's command)" \
        || { sed 's/^/# /' $B/pip.log | tail -n 15; echo "FAIL python: the README's install command"; }
    # editable: kperm runs from python/kperm, the headers from include/ (checked from build/, away from python/)
    rm -rf $B/ve && python3 -m venv $B/ve && $B/ve/bin/pip install -q --no-index -e ./python >$B/pip.log 2>&1 \
        && (cd $B && ve/bin/python -c 'import kperm, os; assert os.path.exists(os.path.join(kperm.get_include(), "kperm.h")) and kperm.unrank(5, 3) == [2, 1, 0]') \
        && echo "PASS python: python3 -m venv v && v/bin/pip install --no-index -e ./python (editable): import kperm finds its headers" \
        || { sed 's/^/# /' $B/pip.log | tail -n 15; echo "FAIL python: the editable install with python3"; }
fi
# Debian's python3, whose site packages hold python3-pyopencl (a python3
# earlier on PATH, e.g. pyenv's, would not see them); PYTHON overrides
py=${PYTHON:-/usr/bin/python3}
[ -x "$py" ] || py=$(command -v python3) || { echo "SKIP python package: no python3"; exit 0; }
$py -c 'import ensurepip' 2>/dev/null || { echo "SKIP python package: no venv/ensurepip (make deps installs python3-venv)"; exit 0; }
rm -rf $venv && $py -m venv --system-site-packages $venv || { echo "FAIL python: creating the venv"; exit 1; }
if $venv/bin/pip install -q --no-index ./python >$B/pip.log 2>&1; then
    echo "PASS python: pip install ./python (offline) into a virtual environment"
else
    sed 's/^/# /' $B/pip.log | tail -n 15
    echo "FAIL python: pip install ./python"
    exit 1
fi
mkdir -p $B/python_data && $B/python_fixtures $B/python_data || { echo "FAIL python: fixtures"; exit 1; }
run_py ../$venv/bin/python ../tests/test_python.py python_data ../tests
# host arrays against itertools; kperm.numba without numba-cuda (an ImportError naming it)
run_py ../$venv/bin/python ../tests/test_arrays.py
run_py ../$venv/bin/python ../tests/test_numba.py
# kperm.stats on PyOpenCL against scipy and the brute force of tests/ptest
run_py ../$venv/bin/python ../tests/test_stats.py pyopencl
# the same tests on the editable install, which reads the repository's headers
rm -rf $B/venv_editable && $py -m venv --system-site-packages $B/venv_editable \
    || { echo "FAIL python: creating the editable install's venv"; exit 1; }
if $B/venv_editable/bin/pip install -q --no-index -e ./python >$B/pip.log 2>&1; then
    echo "PASS python: pip install -e ./python (offline, editable) into a virtual environment"
    run_py ../$B/venv_editable/bin/python ../tests/test_python.py python_data ../tests editable
else
    sed 's/^/# /' $B/pip.log | tail -n 15
    echo "FAIL python: pip install -e ./python"
fi
if $venv/bin/python -c 'import pyopencl' 2>/dev/null; then
    out=$($venv/bin/python examples/derangements_pyopencl.py 2>&1)
    case $out in
    *"derangements of 10: 1334961"*) echo "PASS README PyOpenCL example counts 1334961 derangements" ;;
    *) echo "FAIL README PyOpenCL example: $out" ;;
    esac
else
    echo "SKIP README PyOpenCL example: no PyOpenCL (make deps installs python3-pyopencl)"
fi
# CuPy: where the interpreter has it (often in its own virtual environment,
# which a new venv would not see), the package installed with --target
if $py -c 'import cupy; cupy.cuda.runtime.getDeviceCount()' 2>/dev/null; then
    rm -rf $B/pylib
    $py -m pip install -q --no-index --target $B/pylib ./python >$B/pip.log 2>&1 \
        || { sed 's/^/# /' $B/pip.log | tail -n 15; echo "FAIL python: pip install --target for CuPy"; exit 1; }
    run_py env PYTHONPATH=pylib $py ../tests/test_cupy.py python_data ../tests
    run_py env PYTHONPATH=pylib $py ../tests/test_cupy_arrays.py
    run_py env PYTHONPATH=pylib $py ../tests/test_numba.py
    run_py env PYTHONPATH=pylib $py ../tests/test_stats.py cupy
    out=$(PYTHONPATH=$B/pylib $py examples/derangements_cupy.py 2>&1)
    case $out in
    *"derangements of 10: 1334961"*) echo "PASS README CuPy example counts 1334961 derangements" ;;
    *) echo "FAIL README CuPy example: $out" ;;
    esac
else
    echo "SKIP python: CuPy vectors and arrays, kperm.numba kernels, kperm.stats on CuPy and the README CuPy example: no CuPy or no GPU for $py"
fi
