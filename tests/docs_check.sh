#!/bin/sh
# docs_check.sh - the documentation cannot rot unnoticed. Prints PASS, FAIL
# and SKIP lines (and "# " lines with a failure's details):
#
# (a) every public function has an entry in docs/: every KPERM_FN function
#     of include/kperm/*.h not named kperm_internal_*, and the functions
#     declared in cu/kperm_cuda.h and cl/kperm_cl.h, is named in backticks in
#     a heading (##, ### or ####) of some docs/*.md; and every kperm_ name in
#     such a heading is defined somewhere in include/, cu/ or cl/.
# (b) every code block of README.md, docs/*.md, samples/tsp/README.md,
#     samples/ptest/README.md, samples/run/README.md, tests/README.md,
#     r/README.md and examples/README.md compiles, by its info string:
#       ```c               a whole C99 program: gcc -std=c99 -Wall -Wextra
#                          -Werror -pedantic -Iinclude, then run (exit 0)
#       ```c fragment      statements: compiled and run as the body of
#                          main() after #include <stdio.h> and "kperm.h"
#       ```c declarations  prototypes: compiled (gcc -fsyntax-only, the flags
#                          above, -Icl) after #include "kperm.h" and
#                          "kperm_cl.h", so each must match the header's
#       ```c opencl        an OpenCL host program: also -Icl, linked with
#                          build/libkperm_cl.a -lOpenCL, run on the first
#                          OpenCL device
#       ```cpp             a whole C++ program: g++ -Wall -Wextra -Werror
#                          -pedantic -Iinclude, then run
#       ```opencl          an OpenCL C kernel source: built on the first
#                          OpenCL device (POCL here) with -I include -I cl
#       ```cuda            a whole CUDA program: nvcc -arch=sm_90 -Werror
#                          all-warnings -Iinclude -Icu; run where a GPU is
#       ```cuda declarations  the same after #include "kperm_cuda.h" (nvcc -c)
#       ```python          python3 -m py_compile
#       ```r               R's parse() (where R is)
#       ```c statistic     a C statistic's body for kperm-ptest --statistic:
#                          tests/ptest_cli.sh runs it on the data it names
#       ```sh ```text ```cmake ```json (or none): shown, not compiled
#     A block right after a line <!-- file: PATH --> must also equal PATH,
#     byte for byte (the examples that the tests build and run).
# (c) every relative link in those files and in bench/*.md leads to a file
#     of the repository, every .tsp/.atsp file a shell block names exists,
#     and the LICENSE is the license the Python package declares.
#
# Run from anywhere; works in build/docs_check. Takes a few seconds (nvcc,
# where present, most of them).
cd "$(dirname "$0")/.." || exit 1
T=build/docs_check
rm -rf "$T" && mkdir -p "$T" || { echo "FAIL docs: cannot make $T"; exit 1; }
MAKE=${MAKE:-make}
NVCC=${NVCC:-$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })}
CFLAGS="-std=c99 -Wall -Wextra -Werror -pedantic -Iinclude"
DOCS="README.md docs/*.md samples/tsp/README.md samples/ptest/README.md samples/run/README.md tests/README.md r/README.md"
[ -f examples/README.md ] && DOCS="$DOCS examples/README.md"
failed=0
fail() { echo "FAIL $*"; failed=1; }

# ---- (a) the public functions and the entries of docs/
{
    awk '/^KPERM_FN/ && match($0, /kperm_[a-z0-9_]+\(/) { print substr($0, RSTART, RLENGTH - 1) }' include/kperm/*.h
    grep -h '^[a-z].*[ *]kperm_[a-z0-9_]*(' cu/kperm_cuda.h cl/kperm_cl.h | grep -o 'kperm_[a-z0-9_]*(' | tr -d '('
} | grep -v '^kperm_internal_' | sort -u >"$T/public"
grep -h '^###* ' docs/*.md 2>/dev/null | grep -o '`kperm_[A-Za-z0-9_]*' | tr -d '`' | sort -u >"$T/entries"
missing=$(comm -23 "$T/public" "$T/entries")
if [ ! -s "$T/public" ]; then
    fail "docs: no public function found in include/ (has the KPERM_FN convention changed?)"
elif [ -n "$missing" ]; then
    for f in $missing; do fail "docs: $f has no entry (a heading naming \`$f\`) in docs/"; done
else
    echo "PASS docs: every public function ($(wc -l <"$T/public")) has an entry in docs/"
fi
stale=""
for f in $(comm -13 "$T/public" "$T/entries"); do
    grep -rqw -- "$f" include cu cl || stale="$stale $f"
done
[ -z "$stale" ] && echo "PASS docs: every kperm_ name in a docs/ heading is defined in the headers" \
    || fail "docs: headings name what the headers do not define:$stale"

# ---- (b) the code blocks
# Each block goes to $T/bNNN.src; $T/blocks gets "NNN|info|FILE:LINE|PATH of a file marker"
for md in $DOCS; do
    [ -f "$md" ] || continue
    awk -v md="$md" -v T="$T" -v start="$(($(cat "$T/count" 2>/dev/null || echo 0)))" '
        BEGIN { n = start }
        !inblock && /^<!-- file: .* -->$/ { marker = $3; next }
        !inblock && /^ *```/ {
            indent = match($0, /```/) - 1
            info = substr($0, indent + 4); sub(/[ \t]+$/, "", info)
            n++; file = sprintf("%s/b%03d.src", T, n); printf "" > file
            printf "%03d|%s|%s:%d|%s\n", n, info, md, NR, marker >> (T "/blocks")
            marker = ""; inblock = 1; next
        }
        inblock && /^ *```[ \t]*$/ { close(file); inblock = 0; next }
        inblock { line = $0; if (indent) line = substr(line, 1, indent) ~ /^ *$/ ? substr(line, indent + 1) : line; print line >> file; next }
        /[^ \t]/ && !/^<!--/ { marker = "" }
        END { print n > (T "/count"); if (inblock) printf "%s: a code block is not closed\n", md > "/dev/stderr" }
    ' "$md" 2>>"$T/unclosed"
done
[ -s "$T/unclosed" ] && fail "docs: $(cat "$T/unclosed")"

have_gpu() { command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; }
opencl_ok=""
if [ -f /usr/include/CL/cl.h ]; then
    cat >"$T/clbuild.c" <<'EOF'
/* clbuild FILE OPTIONS: builds the OpenCL C source FILE on the first device
 * of the first platform; 77 when there is none */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    static char text[1 << 20], log[1 << 16];
    const char *src = text;
    cl_platform_id plat; cl_device_id dev; cl_int err; cl_context ctx; cl_program prog;
    FILE *f = argc == 3 ? fopen(argv[1], "r") : NULL;
    size_t len = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (!f) return 2;
    fclose(f);
    text[len] = 0;
    if (clGetPlatformIDs(1, &plat, NULL) || clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)) return 77;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    if (clBuildProgram(prog, 1, &dev, argv[2], NULL, NULL) != CL_SUCCESS) {
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        fprintf(stderr, "%s\n", log);
        return 1;
    }
    return 0;
}
EOF
    if gcc -std=c99 -Wall -Wextra -Werror -o "$T/clbuild" "$T/clbuild.c" -lOpenCL 2>"$T/clbuild.log"; then
        printf '__kernel void k(void) {}\n' >"$T/empty.cl"
        "$T/clbuild" "$T/empty.cl" "" 2>/dev/null
        case $? in 0) opencl_ok=1 ;; 77) opencl_why="no OpenCL device" ;; *) opencl_why="an empty kernel does not build" ;; esac
    else
        opencl_why="no OpenCL library to link"
    fi
else
    opencl_why="no OpenCL headers (make deps installs them)"
fi
gpu=""; have_gpu && gpu=1

# compile (and run) block $1 of kind $2; details of a failure to $T/b$1.log
check_block() {
    b=$T/b$1
    case $2 in
    c)  cp "$b.src" "$b.c" && gcc $CFLAGS -o "$b" "$b.c" >"$b.log" 2>&1 && timeout 60 "$b" >>"$b.log" 2>&1 ;;
    "c fragment")
        { printf '#include <stdio.h>\n#include "kperm.h"\n\nint main(void)\n{\n'; cat "$b.src"; printf 'return 0;\n}\n'; } >"$b.c" &&
            gcc $CFLAGS -o "$b" "$b.c" >"$b.log" 2>&1 && timeout 60 "$b" >>"$b.log" 2>&1 ;;
    "c declarations")
        { printf '#include "kperm.h"\n#include "kperm_cl.h"\n\n'; cat "$b.src"; } >"$b.c" &&
            gcc $CFLAGS -Icl -fsyntax-only "$b.c" >"$b.log" 2>&1 ;;
    "cuda declarations")
        [ -n "$NVCC" ] || return 77
        { printf '#include "kperm_cuda.h"\n\n'; cat "$b.src"; } >"$b.cu" &&
            "$NVCC" -arch=sm_90 -Werror all-warnings -Iinclude -Icu -c -o "$b.o" "$b.cu" >"$b.log" 2>&1 ;;
    "c opencl")
        [ -n "$opencl_ok" ] || return 77
        [ -f build/libkperm_cl.a ] || $MAKE -s build/libkperm_cl.a >"$b.log" 2>&1 || return 1
        cp "$b.src" "$b.c" && gcc $CFLAGS -Icl -o "$b" "$b.c" build/libkperm_cl.a -lOpenCL >"$b.log" 2>&1 &&
            timeout 120 "$b" >>"$b.log" 2>&1 ;;
    cpp)
        cp "$b.src" "$b.cpp" && g++ -Wall -Wextra -Werror -pedantic -Iinclude -o "$b" "$b.cpp" >"$b.log" 2>&1 &&
            timeout 60 "$b" >>"$b.log" 2>&1 ;;
    opencl)
        [ -n "$opencl_ok" ] || return 77
        cp "$b.src" "$b.cl" && timeout 120 "$T/clbuild" "$b.cl" "-I $PWD/include -I $PWD/cl" >"$b.log" 2>&1 ;;
    cuda)
        [ -n "$NVCC" ] || return 77
        cp "$b.src" "$b.cu" && "$NVCC" -arch=sm_90 -Werror all-warnings -Iinclude -Icu -o "$b" "$b.cu" >"$b.log" 2>&1 || return 1
        [ -n "$gpu" ] || return 78
        timeout 120 "$b" >>"$b.log" 2>&1 ;;
    python) cp "$b.src" "$b.py" && python3 -m py_compile "$b.py" >"$b.log" 2>&1 ;;
    r)
        command -v Rscript >/dev/null 2>&1 || return 77
        cp "$b.src" "$b.R" && Rscript -e "invisible(parse('$b.R'))" >"$b.log" 2>&1 ;;
    # a kperm-ptest --statistic body: tests/ptest_cli.sh runs each one
    "c statistic") return 76 ;;
    sh | text | cmake | json | "") return 76 ;;
    *) echo "unknown info string \"$2\" (see tests/docs_check.sh)" >"$b.log"; return 1 ;;
    esac
}


: >"$T/ok"
while IFS="|" read -r id info where marker; do
    if [ -n "$marker" ] && ! cmp -s "$T/b$id.src" "$marker"; then
        fail "docs: the block at $where differs from $marker, which it says it shows"
    fi
    check_block "$id" "$info"
    case $? in
    0) echo "$where compiled" >>"$T/ok" ;;
    76) echo "$where shown" >>"$T/shown" ;;
    77) echo "$info" >>"$T/skipped" ;;
    78) echo "$where" >>"$T/notrun"; echo "$where compiled" >>"$T/ok" ;;
    *)  fail "docs: the \`\`\`$info block at $where"
        tail -n 12 "$T/b$id.log" | sed 's/^/# /' ;;
    esac
done <"$T/blocks"
n_ok=$(wc -l <"$T/ok")
n_shown=$( [ -f "$T/shown" ] && wc -l <"$T/shown" || echo 0)
echo "PASS docs: $n_ok code blocks compile, and run where they can ($n_shown shell and text blocks are shown, not compiled)"
[ -f "$T/skipped" ] && grep -q cuda "$T/skipped" &&
    echo "SKIP docs: $(grep -c cuda "$T/skipped") CUDA blocks not compiled: nvcc not found"
[ -f "$T/skipped" ] && grep -q opencl "$T/skipped" &&
    echo "SKIP docs: $(grep -c opencl "$T/skipped") OpenCL blocks not built: $opencl_why"
[ -f "$T/notrun" ] && echo "SKIP docs: $(wc -l <"$T/notrun") CUDA programs compiled but not run: no GPU"

# ---- (c) links, TSPLIB files, the license
bad=""
for md in $DOCS bench/*.md; do
    [ -f "$md" ] || continue
    dir=$(dirname "$md")
    for link in $(grep -o '](\([^)#: ]*\)\(#[^)]*\)\?)' "$md" | sed 's/^](//; s/)$//; s/#.*//' | sort -u); do
        [ -z "$link" ] && continue
        [ -e "$dir/$link" ] || bad="$bad $md:$link"
    done
done
if grep -n '\.\./shared\|shared/' $DOCS bench/*.md >"$T/shared" 2>/dev/null; then
    bad="$bad $(cut -d: -f1,2 "$T/shared" | tr '\n' ' ')(a path outside the repository)"
fi
[ -z "$bad" ] && echo "PASS docs: every relative link leads to a file of the repository" \
    || fail "docs: links to nothing:$bad"
missing=$(for md in $DOCS; do
    [ -f "$md" ] && awk '/^ *```sh/ { sh = 1; next } /^ *```/ { sh = 0 } sh' "$md"
done | grep -o '[A-Za-z0-9_./-]*\.a\{0,1\}tsp\b' | sort -u | while read -r f; do
    case $f in */*) [ -f "$f" ] || printf '%s ' "$f" ;; esac
done)
[ -z "$missing" ] && echo "PASS docs: every .tsp file the shell blocks name exists" \
    || fail "docs: the shell blocks name files that are not in the repository: $missing"
if head -1 LICENSE | grep -q '^MIT License$' && grep -q 'License: MIT' python/kperm_build.py; then
    echo "PASS LICENSE is the MIT license the Python package declares"
else
    fail "LICENSE and the Python package's License disagree"
fi
exit $failed
