#!/bin/sh
# tools/r_package.sh DIR VERSION B - assembles the R package's source tree
# in DIR (make r then runs R CMD build on it): r/ as it is, and in src/ the
# engine's sources as they are in this tree (samples/ptest, samples/run,
# include, python/kperm's statistics, the texts the build B embedded for
# OpenCL and NVRTC), so that the package and kperm-ptest compile one source.
# The C backend's variants, which the Makefile compiles from one file with
# -D flags, become one small file each.
set -e
dir=$1 version=$2 b=$3
rm -rf "$dir"
mkdir -p "$dir/src/kperm" "$dir/src/body" "$dir/inst/extdata"
cp -R r/DESCRIPTION r/NAMESPACE r/R r/man r/tests r/configure r/cleanup "$dir/"
sed -i "s/@VERSION@/$version/" "$dir/DESCRIPTION"
printf 'YEAR: 2026\nCOPYRIGHT HOLDER: The kperm authors\n' > "$dir/LICENSE"
cp r/src/*.c r/src/Makevars.in "$dir/src/"
cp include/kperm.h "$dir/src/"
cp include/kperm/*.h "$dir/src/kperm/"
cp python/kperm/stats_*.h samples/ptest/*.h samples/run/run_crew.h samples/run/run_file.h samples/run/run_job.h \
    samples/common/cl_build_quiet.h cl/kperm_cl.h "$dir/src/"
for f in samples/ptest/*.c; do
    case $(basename "$f") in
    # the program's own: its options, report, checkpoints' sample, C statistics' trial and notes on stderr
    ptest_main.c | ptest_report.c | ptest_sample.c | ptest_guard.c | ptest_user_check.c | ptest_note.c) ;;
    ptest_cpu_variant.c) cp "$f" "$dir/src/body/" ;;
    *) cp "$f" "$dir/src/" ;;
    esac
done
cp samples/run/run_crew.c samples/run/run_file.c samples/common/cl_build_quiet.c "$dir/src/"
cp "$b/ptest/ptest_stats_text.c" "$b/ptest/ptest_cuda_text.c" "$b/kperm_cl_source.c" "$dir/src/"
# one file a variant: PTEST_VARIANT(W, S, E, X, K, C) and PTEST_STRATA_VARIANT(W, S, E, X, K)
variant() { # FILE ENTRY DEFINES...
    file=$1 entry=$2
    shift 2
    {
        echo "/* one variant of the C backend (ptest_variants.h), written by tools/r_package.sh */"
        for d in "$@"; do echo "#define $d"; done
        echo "#define PTEST_ENTRY $entry"
        echo '#include "body/ptest_cpu_variant.c"'
    } > "$dir/src/$file"
}
for v in $(sed -n 's/^PTEST_VARIANT(\(.*\))$/\1/p' samples/ptest/ptest_variants.h | tr -d ' ' | tr , _); do
    set -- $(echo "$v" | tr _ ' ')
    variant "variant_$v.c" "ptest_cpu_$v" "PS_WALK $1" "PS_STAT $2" "PS_EXACT $3" "PS_WIDE $4" "PS_K $5" \
        "PS_COLUMNS $6"
done
for v in $(sed -n 's/^PTEST_STRATA_VARIANT(\(.*\))$/\1/p' samples/ptest/ptest_strata_variants.h | tr -d ' ' | tr , _); do
    set -- $(echo "$v" | tr _ ' ')
    variant "strata_$v.c" "ptest_cpu_strata_$v" "PS_WALK $1" "PS_STAT $2" "PS_EXACT $3" "PS_WIDE $4" "PS_K $5" \
        "PS_COLUMNS 1" "PS_STRATA 1"
done
cp samples/ptest/data/mouse.csv samples/ptest/data/zea_mays.csv samples/ptest/data/sleep.csv \
    samples/ptest/data/scipy_tutorial_collagen_proline.csv samples/ptest/data/plantgrowth.csv \
    samples/ptest/data/warpbreaks.csv "$dir/inst/extdata/"
