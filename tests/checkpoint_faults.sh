#!/bin/sh
# checkpoint_faults.sh LABEL COMMAND... - the run engine's (samples/run)
# checkpoint when a run is stopped or its disk fails: SIGHUP saves it as
# SIGTERM does (exit 129, the message naming the file); when the disk fills
# mid-run (a small tmpfs, as root) the SIGINT message says what the file
# still holds from the last save that succeeded, never that it holds the
# work done, with one line for the failing saves; on a file system mounted
# read-only the run is refused (exit 2) for its directory, not as a
# read-only file. COMMAND, run in a fresh directory, saves
# its checkpoint as d/c.ckpt every few milliseconds (its other paths
# absolute) and runs for a second or more.
label=$1
shift
work=$(mktemp -d)
trap 'umount "$work/d" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 1
mkdir d

pass() { echo "PASS $label checkpoint: $1"; }
fail() { echo "FAIL $label checkpoint: $1"; }

# started: COMMAND in the background ($run), once its search has saved (at
# most 5 s): the file replaced after the save the program makes before the
# search (each save is a new file), so that the engine catches signals
started() {
    rm -f d/c.ckpt
    "$@" >/dev/null 2>err.txt &
    run=$!
    tries=0 first=""
    while [ $tries -lt 500 ]; do
        now=$(stat -c %i d/c.ckpt 2>/dev/null)
        [ -z "$first" ] && first=$now
        [ -n "$first" ] && [ "$now" != "$first" ] && break
        sleep 0.01
        tries=$((tries + 1))
    done
}

started "$@"
kill -HUP $run
wait $run
rc=$?
if [ $rc -eq 129 ] && grep -q 'interrupted by signal 1; the work done is in d/c.ckpt' err.txt \
    && grep -q '^sum ' d/c.ckpt; then
    pass "SIGHUP saves it, as SIGTERM (exit 129, the message names it)"
else
    fail "SIGHUP: exit $rc, stderr '$(cat err.txt)'"
fi

if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=256k tmpfs d 2>/dev/null; then
    started "$@"
    dd if=/dev/zero of=d/fill bs=4k 2>/dev/null # the disk full from here
    sleep 0.3
    kill -INT $run
    wait $run
    rc=$?
    failed=$(grep -c 'cannot write the checkpoint' err.txt)
    if [ $rc -eq 130 ] && grep -q 'interrupted by signal 2; the work done since the last save, .* ago, is lost: d/c.ckpt holds .*% of the ranks' err.txt \
        && ! grep -q 'the work done is in' err.txt && [ "$failed" = 1 ] && grep -q '^sum ' d/c.ckpt; then
        pass "a disk full mid-run: SIGINT says what the last save kept, one line for the failing saves"
    else
        fail "a disk full mid-run, then SIGINT: exit $rc, stderr '$(cat err.txt)'"
    fi
    rm -f d/fill
    mount -o remount,ro d
    "$@" >/dev/null 2>err.txt
    rc=$?
    if [ $rc -eq 2 ] && grep -q "d/c.ckpt: cannot write the checkpoint: its directory d is not writable (Read-only file system)" err.txt \
        && [ "$(grep -c '' err.txt)" = 1 ]; then
        pass "on a file system mounted read-only: refused for its directory (exit 2)"
    else
        fail "on a file system mounted read-only: exit $rc, stderr '$(cat err.txt)'"
    fi
    umount d
else
    echo "SKIP $label checkpoint: a full disk and a read-only file system need root and a tmpfs mount"
fi
exit 0
