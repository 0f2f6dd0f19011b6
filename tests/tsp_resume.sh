#!/bin/sh
# tsp_resume.sh - checkpoint and resume, and kperm-tsp-mpi against kperm-tsp:
#  - mpirun -np 1, 2, 3 on the C backend gives the same answer (length, tour,
#    rank, tours) as kperm-tsp on random TSP and ATSP n = 9..12, tie-heavy and
#    all-equal instances and every file in data/;
#  - a run killed (SIGKILL) after it wrote a checkpoint, one stopped by
#    SIGTERM, and an MPI job whose rank 1 is killed: each rerun gives the
#    uninterrupted answer, resumed_tours + searched_tours = tours, and skips
#    what was done; a pruned run of 48 cities killed likewise resumes with
#    the uninterrupted length and tour;
#  - corrupt, truncated, empty, other-instance and version 1 checkpoints
#    (FNV-1a sums made right): exit 2, one line "FILE: ...", the file
#    untouched;
#  - links planted beside a checkpoint are never written through
#    (tests/checkpoint_links.sh).
# Prints PASS/FAIL/SKIP lines.
bin=build/kperm-tsp
mpibin=build/kperm-tsp-mpi
dir=build/resume_tests
rm -rf $dir && mkdir -p $dir
MPIRUN="mpirun --allow-run-as-root --oversubscribe"

# the answer of a --json line: length, tour, rank and tours
answer() {
    sed -n 's/.*\("length": [0-9]*, "tour": \[[0-9, ]*\], "rank": [0-9]*\).*"tours": \([0-9]*\),.*/\1, tours \2/p'
}
field() { # NAME < json: the first number called NAME (top level: before "devices")
    grep -o "\"$1\": [0-9]*" | head -n 1 | sed 's/.*: //'
}
fail() { echo "FAIL $name: $*"; bad=1; }

# an n x n matrix file: kind atsp (random 0..999), ties (0..2, ATSP), equal (all 7, TSP)
matrix() {
    awk -v n="$2" -v kind="$1" -v seed="$3" 'BEGIN {
        srand(seed)
        print "NAME: " kind "-" n; print "TYPE: " (kind == "equal" ? "TSP" : "ATSP"); print "DIMENSION: " n
        print "EDGE_WEIGHT_TYPE: EXPLICIT"; print "EDGE_WEIGHT_FORMAT: FULL_MATRIX"; print "EDGE_WEIGHT_SECTION"
        for (i = 0; i < n; i++) {
            line = ""
            for (j = 0; j < n; j++)
                line = line " " (i == j ? 0 : kind == "equal" ? 7 : kind == "ties" ? int(rand() * 3) : int(rand() * 1000))
            print line
        }
        print "EOF" }'
}

# waits (up to 20 s) until checkpoint $1 records finished work; 0 if it does
wait_done() {
    i=0
    while [ $i -lt 400 ]; do
        d=$(sed -n 's/^done \([0-9]*\) .*/\1/p' "$1" 2>/dev/null)
        [ -n "$d" ] && [ "$d" -gt 0 ] && return 0
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}

# the rerun of ARGS with checkpoint $ck: the answer $want, resumed work, and
# resumed + searched = tours
check_resume() {
    out=$("$@" --json --checkpoint "$ck" 2>$dir/err)
    rc=$?
    got=$(echo "$out" | answer)
    resumed=$(echo "$out" | field resumed_tours)
    searched=$(echo "$out" | field searched_tours)
    tours=$(echo "$out" | field tours)
    if [ $rc -ne 0 ] || [ "$got" != "$want" ]; then
        fail "rerun: exit $rc, answer '$got', want '$want' ($(head -c 300 $dir/err))"
    elif [ -z "$resumed" ] || [ "$resumed" -eq 0 ] || [ "$searched" -ge "$tours" ] \
         || [ $((resumed + searched)) -ne "$tours" ]; then
        fail "rerun: resumed $resumed + searched $searched should be tours $tours, with resumed > 0"
    fi
}

# ---- checkpoint and resume, one process
ck=$dir/ck
args="--backend cpu --random 14 --seed 5"
want=$($bin $args --json | answer)

name="kperm-tsp --checkpoint: killed with SIGKILL after a checkpoint, the rerun resumes with the same answer"
bad=0
$bin $args --checkpoint $ck --checkpoint-every 0.2 >/dev/null 2>&1 &
pid=$!
if wait_done $ck; then
    kill -9 $pid
    wait $pid 2>/dev/null
    cp $ck $dir/ck.killed
    check_resume $bin $args
else
    kill -9 $pid 2>/dev/null
    fail "no checkpoint with finished work appeared"
fi
[ $bad = 0 ] && echo "PASS $name (resumed $resumed + searched $searched tours)"

name="kperm-tsp --checkpoint: a finished checkpoint answers at once, searching nothing"
bad=0
out=$($bin $args --json --checkpoint $ck)
[ "$(echo "$out" | answer)" = "$want" ] || fail "answer '$(echo "$out" | answer)', want '$want'"
[ "$(echo "$out" | field searched_tours)" = 0 ] || fail "it searched again: $out"
[ $bad = 0 ] && echo "PASS $name"

name="kperm-tsp --checkpoint: SIGTERM writes the checkpoint at once (exit 143), the rerun resumes"
bad=0
rm -f $ck
# tiny chunks make this run slow (about 70 us of overhead for 12000 orders), so
# that it is still running at the signal on any machine; the rerun uses the
# default chunks: the checkpoint does not depend on them
$bin $args --chunk 12000 --checkpoint $ck --checkpoint-every 1000 >/dev/null 2>$dir/term.err &
pid=$!
sleep 1
kill -TERM $pid
wait $pid
rc=$?
if [ $rc -ne 143 ] || ! grep -q "^done [1-9]" $ck; then
    fail "exit $rc (want 143), checkpoint: $(sed -n '/^done/p' $ck), stderr: $(cat $dir/term.err)"
else
    check_resume $bin $args
fi
[ $bad = 0 ] && echo "PASS $name"

# p43 (asymmetric): about 6.5 s pruned on the 2-core machine, its first
# checkpoint with finished work after 0.4 s; a smaller instance finishes
# before the kill, or (ry48p) closes its first chunk only at the end
name="kperm-tsp --prune --checkpoint: 43 cities killed with SIGKILL after a checkpoint, mid-run, the rerun resumes with the same tour"
bad=0
pargs="--backend cpu --prune --quiet bench/data/p43.atsp"
ckp=$dir/ck.pruned
tour_of() { sed -n 's/.*\("length": [0-9]*, "tour": \[[0-9, ]*\]\).*/\1/p'; }
pwant=$($bin $pargs --json | tour_of)
$bin $pargs --checkpoint $ckp --checkpoint-every 0.2 >/dev/null 2>&1 &
pid=$!
if wait_done $ckp; then
    kill -9 $pid 2>/dev/null || fail "the run ended before the kill: nothing was interrupted"
    wait $pid 2>/dev/null
    out=$($bin $pargs --json --checkpoint $ckp 2>$dir/err)
    [ "$(echo "$out" | tour_of)" = "$pwant" ] && [ -n "$pwant" ] || fail "rerun: '$(echo "$out" | tour_of)', want '$pwant'"
    echo "$out" | grep -q '"resumed_tours": "\{0,1\}[1-9]' || fail "nothing resumed: $(echo "$out" | head -c 300)"
    grep -q '^best [0-9]* tour [0-9 ]*$' $ckp || fail "the checkpoint's best line is not a tour: $(grep '^best' $ckp)"
else
    kill -9 $pid 2>/dev/null
    fail "no checkpoint with finished work appeared"
fi
[ $bad = 0 ] && echo "PASS $name"

name="kperm-tsp: corrupt, truncated, empty, foreign and unwritable checkpoints exit 2 with one line, untouched"
bad=0
sed 's/^best \([0-9]*\)/best 1\1/' $dir/ck.killed > $dir/corrupt
head -c 120 $dir/ck.killed > $dir/truncated
: > $dir/empty
printf 'kperm-tsp checkpoint 1\nfingerprint 00\n' > $dir/short
printf '\177ELF\001\002garbage' > $dir/binary
cp $dir/ck.killed $dir/foreign
# the file as version 1 wrote it, its FNV-1a sum made right: refused as such
/usr/bin/python3 -c '
import sys
def fnv(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h
lines = open(sys.argv[1], "rb").read().split(b"\n")[:-2]
lines[0], lines[1] = b"kperm-tsp checkpoint 1", b"fingerprint %016x" % fnv(b"n")
body = b"\n".join(lines) + b"\n"
open(sys.argv[2], "wb").write(body + b"sum %016x\n" % fnv(body))' $dir/ck.killed $dir/version1
for f in corrupt truncated empty short binary foreign version1; do
    cp $dir/$f $dir/$f.before
    other=""
    [ $f = foreign ] && other="--seed 6"
    out=$($bin $args $other --checkpoint $dir/$f 2>$dir/err)
    rc=$?
    lines=$(wc -l < $dir/err)
    if [ $rc -ne 2 ] || [ -n "$out" ] || [ "$lines" -ne 1 ] || ! grep -q "^kperm-tsp: $dir/$f: " $dir/err \
       || ! cmp -s $dir/$f $dir/$f.before; then
        fail "$f: exit $rc, stdout '$out', stderr '$(cat $dir/err)'"
    fi
done
grep -q "version1: a checkpoint of kperm-tsp version 1, not 2" $dir/err || fail "version1: $(cat $dir/err)"
out=$($bin $args --checkpoint $dir/no/such/dir/ck 2>$dir/err)
rc=$?
[ $rc -eq 2 ] && grep -q "^kperm-tsp: $dir/no/such/dir/ck: cannot write" $dir/err || fail "unwritable: exit $rc, $(cat $dir/err)"
[ $bad = 0 ] && echo "PASS $name"

# ---- kperm-tsp-mpi
if ! command -v mpirun >/dev/null 2>&1 || [ ! -x $mpibin ]; then
    echo "SKIP kperm-tsp-mpi tests: mpirun or $mpibin not found (make deps installs Open MPI)"
    exit 0
fi

name="kperm-tsp-mpi -np 1, 2, 3 (C backend) = kperm-tsp: random TSP and ATSP n = 9..12, ties, all equal, data/*.tsp"
bad=0
count=0
spread=0
for n in 9 10 11 12; do
    matrix atsp $n $n > $dir/atsp$n.tsp
done
matrix ties 10 1 > $dir/ties10.tsp
matrix ties 11 2 > $dir/ties11.tsp
matrix equal 9 0 > $dir/equal9.tsp
set -- "--random 9 --seed 1" "--random 10 --seed 2" "--random 11 --seed 3" "--random 12 --seed 4" \
    $dir/atsp9.tsp $dir/atsp10.tsp $dir/atsp11.tsp $dir/atsp12.tsp $dir/ties10.tsp $dir/ties11.tsp $dir/equal9.tsp
for f in data/*.tsp; do set -- "$@" "$f"; done
for inst in "$@"; do
    ref=$($bin --backend cpu --json $inst)
    want=$(echo "$ref" | answer)
    # about 50 chunks, so that every rank gets some (data/ files: the default sizes)
    tours=$(echo "$ref" | field tours)
    chunk=""
    case $inst in data/*) ;; *) chunk="--chunk $((tours / 25 + 1))" ;; esac
    [ -z "$want" ] && fail "kperm-tsp $inst gave no answer"
    for np in 1 2 3; do
        out=$($MPIRUN -np $np $mpibin --backend cpu --json $chunk $inst 2>$dir/err)
        got=$(echo "$out" | answer)
        count=$((count + 1))
        [ "$got" = "$want" ] || fail "-np $np $inst: '$got', kperm-tsp '$want' ($(head -c 300 $dir/err))"
        busy=$(echo "$out" | grep -o '"searched_tours": [1-9]' | wc -l)
        [ "$busy" -gt 2 ] && spread=$((spread + 1)) # the total and at least two ranks
    done
    case $inst in
    *equal9*) echo "$want" | grep -q '"tour": \[1, 2, 3, 4, 5, 6, 7, 8, 9\]' || fail "equal9: not rank 0's tour: $want" ;;
    esac
done
[ $spread -ge 8 ] || fail "only $spread multi-rank runs spread the work over two ranks or more"
[ $bad = 0 ] && echo "PASS $name ($count runs, $spread spread over several ranks)"

if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
    name="kperm-tsp-mpi -np 2 on the GPUs (one per rank) = kperm-tsp on the C backend, random n = 12, 13, ATSP 12"
    bad=0
    for inst in "--random 12 --seed 7" "--random 13 --seed 8" $dir/atsp12.tsp; do
        want=$($bin --backend cpu --json $inst | answer)
        out=$($MPIRUN -np 2 $mpibin --json $inst 2>$dir/err)
        [ "$(echo "$out" | answer)" = "$want" ] || fail "$inst: '$(echo "$out" | answer)', want '$want' ($(head -c 300 $dir/err))"
    done
    echo "$out" | grep -q '"backend": "cuda"' || fail "not on CUDA: $out"
    [ $bad = 0 ] && echo "PASS $name"
fi

name="kperm-tsp-mpi: bad arguments and bad files are reported once by rank 0, exit 2"
bad=0
for a in "--bogus" "--random 2" "tests/tsp/bad/empty.tsp" "--checkpoint $dir/corrupt $args"; do
    out=$($MPIRUN -np 3 $mpibin $a 2>$dir/err)
    rc=$?
    ours=$(grep -c '^kperm-tsp-mpi: \|^tests/\|^build/\|^--random' $dir/err)
    [ $rc -eq 2 ] && [ -z "$out" ] && [ "$ours" -eq 1 ] || fail "$a: exit $rc, $ours lines of ours: $(cat $dir/err)"
done
[ $bad = 0 ] && echo "PASS $name"

name="kperm-tsp-mpi -np 2: rank 1 killed, the job ends naming it, the rerun resumes with the same answer"
bad=0
rm -f $ck
want=$($bin $args --json | answer)
$MPIRUN -np 2 $mpibin $args --checkpoint $ck --checkpoint-every 0.2 >/dev/null 2>$dir/kill.err &
job=$!
killed=""
if wait_done $ck; then
    for p in $(pgrep -f "$mpibin"); do
        if tr '\0' '\n' < /proc/$p/environ 2>/dev/null | grep -qx OMPI_COMM_WORLD_RANK=1; then
            kill -9 $p && killed=$p
        fi
    done
fi
start=$(date +%s)
wait $job
rc=$?
took=$(( $(date +%s) - start ))
if [ -z "$killed" ]; then
    fail "no checkpoint with finished work, or no rank 1 to kill"
elif [ $rc -eq 0 ] || [ $took -gt 30 ] || ! grep -q "rank 1" $dir/kill.err; then
    fail "after the kill: exit $rc after ${took}s; stderr: $(head -c 400 $dir/kill.err)"
else
    check_resume $MPIRUN -np 2 $mpibin $args
fi
[ $bad = 0 ] && echo "PASS $name (ended ${took}s after the kill; resumed $resumed + searched $searched tours)"

# links planted beside the checkpoint: nothing written through them
sh tests/checkpoint_links.sh kperm-tsp "$PWD/$bin" --quiet --backend cpu --threads 1 --random 14 --checkpoint-every 0.01 \
    --checkpoint d/c.ckpt
exit 0
