#!/bin/sh
# estimate_stall.sh LABEL COMMAND... - the run engine's (samples/run)
# estimate is not fooled by a stall: COMMAND, an exact run of an hour or two
# (within the day past which a run is refused as hopeless), is stopped with
# SIGSTOP 0.1 s after its start for 0.7 s, then continued; 2 s later it must
# still be running, not refused (exit 3) on an estimate that counted the
# stall as search. It is then killed.
label=$1
shift
"$@" >/dev/null 2>/tmp/estimate_stall.$$ &
run=$!
sleep 0.1
kill -STOP $run
sleep 0.7
kill -CONT $run
sleep 2
if kill -0 $run 2>/dev/null; then
    echo "PASS $label: stopped 0.7 s early in an exact run of hours, not refused as hopeless"
    kill -KILL $run
    wait $run 2>/dev/null
else
    wait $run
    echo "FAIL $label: stopped 0.7 s early in an exact run of hours: exit $?, $(cat /tmp/estimate_stall.$$)"
fi
rm -f /tmp/estimate_stall.$$
exit 0
