#!/bin/sh
# contract_coverage.sh - every public function of the core (a KPERM_FN in
# include/kperm/ whose name is not kperm_internal_) is called by a contract
# test (tests/test_contract*.c), and every host helper of cu/ and cl/ by the
# CUDA or OpenCL tests. Run from the repository root; one PASS or FAIL line.
public=$(awk '/^KPERM_FN/ && match($0, /kperm_[a-z0-9_]+\(/) { print substr($0, RSTART, RLENGTH - 1) }' \
    include/kperm/*.h | grep -v '^kperm_internal_' | sort -u)
helpers=$(grep -h '^[a-z].*[ *]kperm_[a-z0-9_]*(' cu/kperm_cuda.h cl/kperm_cl.h | grep -o 'kperm_[a-z0-9_]*(' | tr -d '(' |
    sort -u)
if [ -z "$public" ] || [ -z "$helpers" ]; then
    echo "FAIL contract coverage: no public function found (has the KPERM_FN convention changed?)"
    exit 1
fi
missing=""
for f in $public; do
    grep -qw "$f" tests/test_contract*.c || missing="$missing $f"
done
for f in $helpers; do
    grep -qw "$f" tests/test_cl.c tests/test_cuda.cu || missing="$missing $f"
done
if [ -n "$missing" ]; then
    echo "FAIL contract coverage: never called by a contract test:$missing"
    exit 1
fi
echo "PASS contract coverage: all $(echo "$public" | wc -l) core functions in tests/test_contract*.c, the $(echo "$helpers" | wc -l) host helpers in the CUDA and OpenCL tests"
