#!/bin/sh
# tsp_handover.sh - kperm-tsp --prune --backend auto's hand-over from the
# host's cores to a GPU (samples/tsp/backends/tsp_handover.h), with the
# moment fixed by the test switch KPERM_TSP_HANDOVER_AFTER (under which the
# GPU side may be POCL's CPU device, so this runs where no GPU is; on a GPU
# machine it is the GPU):
#  - every instance of bench/data/optima.txt but p43 (the ATSP files searched
#    again without what the start settles, as tests/tsp_optima.sh does) and
#    random EUC_2D n = 30, seeds 1-5: the hand-over at once, after 64 units
#    and never, each with the length, tour and rank of --backend cpu;
#  - p43 killed with SIGKILL mid-run, once before the hand-over and once
#    after it, resumed from its checkpoint with the same tour;
#  - the hand-over at the GPU side's own moment (KPERM_TSP_HANDOVER_ANY),
#    which cuts the host's slice in progress short, on four instances;
#  - the GPU side opens only when the host would not finish first: never
#    on two files the start settles, by the host's pace on a lattice, at
#    once after a long start (KPERM_TSP_HANDOVER_TRACE says when);
#  - the report names the sides that searched and their units;
#  - kperm-tsp-mpi with 2 and 3 ranks, each with its own hand-over, and
#    with rank 1 killed or stopped mid-run: the job ends naming it, and the
#    rerun resumes from the checkpoint with the same tour;
#  - the host alone over 2000 small chunks (with or without a device).
B=${B:-build}
bin=$B/kperm-tsp-faults
plain=$B/kperm-tsp
dir=${TMPDIR:-/tmp}/tsp_handover.$$
mkdir -p "$dir"
bad=0
fail() { echo "# $*"; bad=1; }
# waits (up to 30 s) until checkpoint $1 records finished work
wait_done() {
    i=0
    while [ $i -lt 600 ] && ! grep -q '^done [1-9]' "$1" 2>/dev/null; do
        sleep 0.05
        i=$((i + 1))
    done
}
answer() { sed -n 's/.*\("length": [0-9]*, "tour": \[[0-9, ]*\], "rank": "\{0,1\}[0-9]*"\{0,1\}\).*/\1/p'; }

# the host alone, in chunks of 50 units on one thread: about 2000 chunks,
# each a slice or more (the slices once doubled past 2^64 to 0, and such a
# run spun for ever)
name="kperm-tsp --prune --backend auto on the host alone, 2000 small chunks, gives --backend cpu's answer"
want=$($plain --backend cpu --prune --quiet --json bench/data/ry48p.atsp | answer)
got=$(KPERM_TSP_HANDOVER_AFTER=1000000000 timeout 120 $plain --backend auto --prune --quiet --json --threads 1 --chunk 50 \
      bench/data/ry48p.atsp 2>"$dir/err" | answer)
[ "$got" = "$want" ] && echo "PASS $name" || echo "FAIL $name: '$got', want '$want' ($(head -c 200 "$dir/err"))"

if ! $plain --list-devices 2>/dev/null | grep -q '^\(opencl\|cuda\) [0-9]'; then
    echo "SKIP kperm-tsp --prune --backend auto hand-over: no OpenCL or CUDA device for its GPU side"
    exit 0
fi

name="kperm-tsp --prune --backend auto: the hand-over at once, after 64 units and never gives --backend cpu's length, tour and rank on 31 instances"
count=0
{ grep -v '^#' bench/data/optima.txt | grep -v p43 | cut -d' ' -f1; for s in 1 2 3 4 5; do echo "--random 30 --seed $s"; done; } \
    >"$dir/list"
while read -r args; do
    [ -n "$args" ] || continue
    want=$(KPERM_TSP_SEARCH_ALL=1 timeout 120 $bin --backend cpu --prune --quiet --json $args | answer)
    [ -n "$want" ] || { fail "$args: no answer from --backend cpu"; continue; }
    for after in 0 64 1000000000; do
        got=$(KPERM_TSP_SEARCH_ALL=1 KPERM_TSP_HANDOVER_AFTER=$after timeout 120 $bin --backend auto --prune --quiet \
              --json $args 2>"$dir/err" | answer)
        count=$((count + 1))
        [ "$got" = "$want" ] || fail "$args, hand-over after $after units: '$got', want '$want' ($(head -c 200 "$dir/err"))"
    done
done <"$dir/list"
[ $bad = 0 ] && echo "PASS $name ($count runs)" || echo "FAIL $name"

# ry48p (a long start) and the lattice grid5x11 (by the host's pace) hand
# over; the others do or not by their pace
name="kperm-tsp --prune --backend auto: the hand-over when the GPU side opens, cutting the host's slice short, gives --backend cpu's answer"
bad=0
python3 bench/tsp_instances.py "$dir/gen" >/dev/null || fail "bench/tsp_instances.py failed"
for args in bench/data/ry48p.atsp "$dir/gen/grid5x11.tsp" bench/data/gr48.tsp bench/data/eil51.tsp "--random 30 --seed 1"; do
    want=$($plain --backend cpu --prune --quiet --json $args | answer)
    got=$(KPERM_TSP_HANDOVER_ANY=1 timeout 120 $plain --backend auto --prune --quiet --json $args 2>"$dir/err" | answer)
    [ "$got" = "$want" ] || fail "$args: '$got', want '$want' ($(head -c 200 "$dir/err"))"
done
[ $bad = 0 ] && echo "PASS $name" || echo "FAIL $name"

# when the GPU side begins to open: never where the host finishes first
# (a process that ends while CUDA starts up waits for the driver): here two
# files whose short start settles them, so that no timing decides it; by
# the host's pace for a lattice whose start is short (its projection is a
# hundred seconds); at once after a long start (ry48p's assignment bound).
# The GPU side's units are not asked for: POCL's first kernel build may take
# longer than the host's search.
name="kperm-tsp --prune --backend auto: the GPU side opens only for a search the host would not finish first"
bad=0
for args in data/burma14.tsp bench/data/ftv33.atsp; do
    out=$(KPERM_TSP_HANDOVER_ANY=1 KPERM_TSP_HANDOVER_TRACE=1 timeout 120 $plain --backend auto --prune $args 2>&1)
    echo "$out" | grep -q 'hand-over:' && fail "$args: $(echo "$out" | grep 'hand-over:')"
    echo "$out" | grep -q '^work: units searched: cpu 0 (no GPU opened)$' || fail "$args: $(echo "$out" | grep '^work')"
done
want=$($plain --backend cpu --prune --quiet --json "$dir/gen/grid5x11.tsp" | answer)
for args in "$dir/gen/grid5x11.tsp:the GPU opens: the host's projected" "bench/data/ry48p.atsp:the GPU opens at once"; do
    file=${args%%:*}
    [ "$file" = bench/data/ry48p.atsp ] && want=$($plain --backend cpu --prune --quiet --json $file | answer)
    KPERM_TSP_HANDOVER_ANY=1 KPERM_TSP_HANDOVER_TRACE=1 timeout 120 $plain --backend auto --prune --json $file \
        >"$dir/out" 2>"$dir/err"
    grep -q "hand-over: ${args#*:}" "$dir/err" || fail "$file: want '${args#*:}': $(head -c 300 "$dir/err")"
    got=$(answer <"$dir/out")
    [ "$got" = "$want" ] || fail "$file: '$got', want '$want'"
done
[ $bad = 0 ] && echo "PASS $name" || echo "FAIL $name"

name="kperm-tsp --prune --backend auto: the report names the sides that searched and their units"
bad=0
out=$(KPERM_TSP_HANDOVER_AFTER=40 $plain --backend auto --prune bench/data/ry48p.atsp 2>/dev/null)
echo "$out" | grep -q '^backend: cpu+\(opencl\|cuda\) (' || fail "backend line: $(echo "$out" | grep '^backend')"
echo "$out" | grep -q '^work: units searched: cpu 40, \(opencl\|cuda\) [1-9][0-9]*$' || fail "work line: $(echo "$out" | grep '^work')"
json=$(KPERM_TSP_HANDOVER_AFTER=1000000000 $plain --backend auto --prune --json bench/data/ry48p.atsp 2>/dev/null)
echo "$json" | grep -q '"backend": "cpu".*"units": {"cpu": [1-9][0-9]*, "gpu": 0, "gpu_backend": "\(opencl\|cuda\)"}' \
    || fail "--json, never handed over: $(echo "$json" | head -c 400)"
[ $bad = 0 ] && echo "PASS $name" || echo "FAIL $name"

# p43: about 7-17 s on the 2-core machine; its first checkpoint with
# finished work after a fraction of a second
name="kperm-tsp --prune --backend auto killed with SIGKILL before and after the hand-over resumes with the same tour"
bad=0
pargs="--backend auto --prune --quiet bench/data/p43.atsp"
want=$(timeout 300 $plain --backend cpu --prune --quiet --json bench/data/p43.atsp | answer)
p43=$want
for after in 1000000000 200; do
    ck=$dir/ck.$after
    KPERM_TSP_HANDOVER_AFTER=$after $plain $pargs --checkpoint $ck --checkpoint-every 0.2 >/dev/null 2>&1 & # killed below
    pid=$!
    wait_done $ck
    if kill -9 $pid 2>/dev/null; then
        wait $pid 2>/dev/null
        out=$(KPERM_TSP_HANDOVER_AFTER=$after timeout 300 $plain $pargs --json --checkpoint $ck 2>"$dir/err")
        got=$(echo "$out" | answer)
        [ "$got" = "$want" ] || fail "hand-over after $after units: resumed '$got', want '$want' ($(head -c 200 "$dir/err"))"
        echo "$out" | grep -q '"resumed_tours": "\{0,1\}[1-9]' || fail "hand-over after $after units: nothing resumed"
    else
        wait $pid 2>/dev/null
        fail "hand-over after $after units: the run ended before the kill"
    fi
done
[ $bad = 0 ] && echo "PASS $name" || echo "FAIL $name"
name="kperm-tsp-mpi --prune --backend auto: 2 and 3 ranks, each handing over to its own GPU side, give --backend cpu's answer"
bad=0
mpibin=$B/kperm-tsp-mpi
mpirun="mpirun --allow-run-as-root --oversubscribe"
if command -v mpirun >/dev/null 2>&1 && [ -x $mpibin ]; then
    for args in bench/data/ry48p.atsp "--random 30 --seed 4"; do
        want=$($plain --backend cpu --prune --quiet --json $args | answer)
        for np in 2 3; do
            got=$(KPERM_TSP_HANDOVER_AFTER=64 timeout 300 $mpirun -x KPERM_TSP_HANDOVER_AFTER \
                  -np $np $mpibin --backend auto --prune --quiet --json $args 2>"$dir/err" | answer)
            [ "$got" = "$want" ] || fail "$args, $np ranks: '$got', want '$want' ($(head -c 300 "$dir/err"))"
        done
    done
    [ $bad = 0 ] && echo "PASS $name" || echo "FAIL $name"

    # rank_pid PATTERN RANK: the process of that MPI rank among those matching PATTERN
    rank_pid() {
        for p in $(pgrep -f "$1"); do
            tr '\0' '\n' </proc/$p/environ 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2" && echo $p
        done
    }
    name="kperm-tsp-mpi --prune --backend auto, 2 ranks handing over: rank 1 killed (SIGKILL) or stopped (SIGSTOP) mid-run ends the job naming it, and the rerun resumes with the same tour"
    bad=0
    margs="--backend auto --prune --quiet --worker-timeout 2 bench/data/p43.atsp"
    for sig in KILL STOP; do
        ck=$dir/mpi.$sig
        # the first checkpoint after 0.05 s: two H200s search p43 in 0.34 s
        KPERM_TSP_HANDOVER_AFTER=64 timeout 120 $mpirun -x KPERM_TSP_HANDOVER_AFTER -np 2 $mpibin $margs --checkpoint $ck \
            --checkpoint-every 0.05 >/dev/null 2>"$dir/mpi.err" &
        job=$!
        wait_done $ck
        r1=$(rank_pid "$mpibin $margs --checkpoint $ck" 1) # $ck names this test's job alone
        [ -n "$r1" ] && kill -$sig $r1
        wait $job
        rc=$?
        pkill -KILL -f "$mpibin $margs --checkpoint $ck" 2>/dev/null
        if [ -z "$r1" ]; then
            fail "SIG$sig: no rank 1 to signal (the job had ended: $(head -c 200 "$dir/mpi.err"))"
            continue
        fi
        # killed, Open MPI names the rank; stopped, rank 0 does
        named=$([ $sig = KILL ] && echo "rank 1" || echo "rank 1 has not answered")
        [ $rc -ne 0 ] && grep -q "$named" "$dir/mpi.err" || fail "SIG$sig: exit $rc, $(head -c 300 "$dir/mpi.err")"
        out=$(KPERM_TSP_HANDOVER_AFTER=64 timeout 300 $mpirun -x KPERM_TSP_HANDOVER_AFTER -np 2 $mpibin $margs --json \
              --checkpoint $ck 2>"$dir/err")
        [ "$(echo "$out" | answer)" = "$p43" ] || fail "SIG$sig, resumed: '$(echo "$out" | answer)', want '$p43' ($(head -c 200 "$dir/err"))"
        echo "$out" | grep -q '"resumed_tours": "\{0,1\}[1-9]' || fail "SIG$sig: nothing resumed"
    done
    [ $bad = 0 ] && echo "PASS $name" || echo "FAIL $name"
else
    echo "SKIP $name: mpirun or $mpibin not found"
fi
rm -rf "$dir"
