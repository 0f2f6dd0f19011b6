#!/bin/sh
# checkpoint_links.sh LABEL COMMAND... - links planted beside a
# checkpoint (the run engine's, samples/run) by someone else: at the old
# temporary name CKPT.tmp, at names of the temporaries' pattern CKPT.tmp-*,
# at the lock CKPT.lock, and (as root, owned by another user in a sticky
# directory anyone may write, such as /tmp) at the checkpoint itself. Each
# link points at a victim file and at a path that does not exist. COMMAND,
# run in a fresh directory, saves its checkpoint as d/c.ckpt (its other
# paths absolute) every few milliseconds for a second or more; it must save
# through none of the links:
# the victim unchanged, the path not created; a link at the lock or another
# user's link at the checkpoint is refused (exit 2) with a message naming it.
label=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

pass() { echo "PASS $label checkpoint links: $1"; }
fail() { echo "FAIL $label checkpoint links: $1"; }

# fresh: an empty directory d (mode $1) with the victim beside it
fresh() {
    rm -rf d absent
    mkdir d
    chmod "$1" d
    printf 'victim\n' > victim
}

# intact NAME: the victim unchanged and nothing created at the absent path
intact() {
    if [ "$(cat victim)" = victim ] && [ ! -e absent ]; then return 0; fi
    fail "$1: the victim reads '$(cat victim)', absent $( [ -e absent ] && echo created || echo not created)"
    return 1
}

# temporaries: links planted once the run holds its lock (so after the
# start, where a run clears what a killed one left); SIGINT then saves: saved
# through none of them, the checkpoint whole
fresh 755
"$@" >/dev/null 2>err.txt &
run=$!
tries=0
while [ ! -e d/c.ckpt.lock ] && [ $tries -lt 200 ]; do sleep 0.01; tries=$((tries + 1)); done
ln -s ../victim d/c.ckpt.tmp
ln -s ../victim d/c.ckpt.tmp-AAAAAA
ln -s ../absent d/c.ckpt.tmp-zzzzzz
# a save after the links (each save is a new file), then SIGINT, which saves again
first=$(stat -c %i d/c.ckpt 2>/dev/null)
tries=0
while [ "$(stat -c %i d/c.ckpt 2>/dev/null)" = "$first" ] && [ $tries -lt 500 ]; do sleep 0.01; tries=$((tries + 1)); done
kill -INT $run
wait $run
rc=$?
if [ $rc -ne 130 ] || ! grep -q '^sum ' d/c.ckpt 2>/dev/null; then
    fail "a run beside links at its temporaries' names, SIGINT: exit $rc, $(cat err.txt)"
elif intact "links at CKPT.tmp and CKPT.tmp-*"; then
    pass "links at CKPT.tmp and CKPT.tmp-XXXXXX planted mid-run: saved, the victim unchanged, nothing created"
fi

# refused WHAT TEXT COMMAND...: COMMAND exits 2 with TEXT on stderr, the
# victim unchanged and nothing created
refused() {
    what=$1 text=$2
    shift 2
    "$@" >/dev/null 2>err.txt
    rc=$?
    if [ $rc -ne 2 ] || ! grep -q "$text" err.txt; then
        fail "$what: exit $rc, '$(cat err.txt)'; want exit 2 and '$text'"
    elif intact "$what"; then
        pass "$what: refused (exit 2), nothing written or created"
    fi
}

# the lock
for target in victim absent; do
    fresh 755
    ln -s ../$target d/c.ckpt.lock
    refused "a link at CKPT.lock to $target" 'c.ckpt.lock: a symbolic link, not followed' "$@"
done

# another user's link at the checkpoint itself, in a sticky directory anyone may write
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
    for target in victim absent; do
        fresh 1777
        ln -s ../$target d/c.ckpt
        chown -h nobody d/c.ckpt
        refused "another user's link at CKPT to $target in a sticky directory" 'belongs to another user' "$@"
    done
else
    echo "SKIP $label checkpoint links: another user's link at CKPT needs root (to give a link to nobody)"
fi
exit 0
