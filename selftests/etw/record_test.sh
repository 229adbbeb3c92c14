#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The daily jobs in one command, with etw.ko loaded (as root, in the test
# VM; issue 21): etwctl record around a command, for a duration and
# until ^C, to a file and in real time, with the NT Kernel Logger; its
# summary names the provider and the processes; etwdump --follow with a
# session of its own; no session is ever left behind (^C, SIGTERM, a
# closed pipe, a command that cannot start); providers named by their
# manifest's name in record, enable and providers (which shows the
# sessions enabling each); an earlier trace kept as FILE.old; errors
# that name the session or the path and say what to do.  Prints TAP; skips only without /dev/etw.
ksft_skip=4

DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
CTL=${ETWCTL:-$TOP/build/tools/etwctl}
DUMP=${ETWDUMP:-$TOP/build/tools/etwdump}
SAMPLE=${ETW_SAMPLE:-$TOP/build/tools/etw-sample}
SAMPLE_TL=$TOP/build/tools/etw-sample-tl
TLNAME=Linux-ETW-Sample-TL
TLGUID=7b3d5f9c-4e6a-4b82-8c1d-f2e3a4b5c6d7
NAME=Linux-ETW-Sample
GUID=6a2c4e8b-3d5f-4a71-9b0c-e1d2f3a4b5c6

echo "TAP version 13"
if [ ! -c /dev/etw ]; then
	echo "1..0 # SKIP /dev/etw missing (etw.ko not loaded)"
	exit $ksft_skip
fi
for t in "$CTL" "$DUMP" "$SAMPLE"; do
	[ -x "$t" ] || { echo "1..0 # SKIP $t not built (make tools)"; exit $ksft_skip; }
done

T=$(mktemp -d /tmp/record_test.XXXXXX)
n=0 fail=0
cleanup() {
	for s in $("$CTL" --json list 2>/dev/null | jq -r '.[].name' 2>/dev/null); do
		case "$s" in etwctl-record-*|etwdump-*|rec$$*) "$CTL" stop "$s" > /dev/null 2>&1 ;; esac
	done
	rm -rf "$T"
}
trap cleanup EXIT
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() {
	n=$((n + 1)); fail=$((fail + 1))
	echo "not ok $n $1"
	for f in "$T/out" "$T/err"; do
		[ -s "$f" ] && sed 's/^/#   /' "$f" | head -n 30
	done
}
result() { if [ "$2" = 0 ]; then ok "$1"; else nok "$1"; fi; }
# wait_listed PREFIX: until a session whose name starts so runs (5 s at most).
wait_listed() {
	for i in $(seq 1 50); do
		"$CTL" --json list | jq -e ".[] | select(.name | startswith(\"$1\"))" > /dev/null 2>&1 &&
			return 0
		sleep 0.1
	done
	return 1
}
# No session of ours is left: etwctl record's and etwdump --follow's.
no_session_left() {
	! "$CTL" --json list | jq -r '.[].name' | grep -Eq '^(etwctl-record-|etwdump-)'
}

# The sample's manifest, installed where every tool of this test looks.
mkdir -p "$T/man"
"$CTL" manifest install --dir "$T/man" "$TOP/tools/etw-sample.man" > /dev/null
export ETW_MANIFEST_PATH="$T/man"

# ---- record around a command, to a file -----------------------------------
"$CTL" record -o "$T/a.etl" -p "$NAME" -- "$SAMPLE" --count 5 --rate 0 --quiet \
	> "$T/out" 2> "$T/err"
rc=$?
[ $rc = 0 ] && grep -Eq "^ +7  $NAME +\{$GUID\}" "$T/out" &&
	grep -Eq "^ +[0-9]+  $NAME +RequestStart " "$T/out" &&
	grep -Eq "^ +7 +[0-9]+  etw-sample$" "$T/out" && no_session_left
result "record -p NAME -- CMD: the command's events, its summary names the provider, its events and the process; no session left" $?

"$DUMP" --summary --json "$T/a.etl" > "$T/out" 2> "$T/err"
jq -e "[.providers[] | select(.name == \"$NAME\" and .guid == \"$GUID\")][0].events == 7" "$T/out" > /dev/null
result "the file record wrote: etwdump --summary names the provider (7 events)" $?

# An earlier trace is kept as FILE.old, as perf keeps perf.data.old (issue 32).
"$CTL" record -o "$T/a.etl" -p "$NAME" -- "$SAMPLE" --count 2 --rate 0 --quiet \
	> "$T/out" 2> "$T/err"
rc=$?
[ $rc = 0 ] && grep -q "records to $T/a.etl (the earlier one is now $T/a.etl.old)" "$T/err" &&
	"$DUMP" --summary --json "$T/a.etl.old" 2> /dev/null |
		jq -e "[.providers[] | select(.name == \"$NAME\")][0].events == 7" > /dev/null &&
	"$DUMP" --summary --json "$T/a.etl" 2> /dev/null |
		jq -e "[.providers[] | select(.name == \"$NAME\")][0].events == 4" > /dev/null
result "record -o FILE again: the earlier trace is kept as FILE.old (its 7 events), said; FILE has the new one" $?

"$CTL" record -o "$T/b.etl" -p "$NAME" -- sh -c 'exit 3' > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 3 ] && grep -q "exited with status 3" "$T/err" && no_session_left
result "record -- CMD exits with the command's status" $?

"$CTL" record -o "$T/c.etl" -p "$NAME" -- /no/such/program > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 1 ] && grep -q "/no/such/program: No such file or directory" "$T/err" && no_session_left
result "record -- a command that cannot start: said, exit 1, no session left" $?

# ---- until ^C, SIGTERM; --duration -------------------------------------------
for sig in INT TERM; do
	"$CTL" record -o "$T/d.etl" -p "$NAME" > "$T/out" 2> "$T/err" &
	pid=$!
	wait_listed etwctl-record-
	"$SAMPLE" --count 3 --rate 0 --quiet > /dev/null 2>&1
	kill -$sig $pid
	wait $pid
	rc=$?
	[ $rc = 0 ] && grep -Eq "^ +5  $NAME +\{$GUID\}" "$T/out" && no_session_left
	result "record until SIG$sig: stopped, the summary of what came, no session left" $?
done

start=$(date +%s%N)
"$CTL" --json record -d 0.5 -o "$T/e.etl" -p "$NAME" > "$T/out" 2> "$T/err"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ $rc = 0 ] && [ $ms -ge 500 ] && jq -e '.command == "record" and .events >= 1' "$T/out" > /dev/null &&
	no_session_left
result "record -d 0.5 --json: stops after half a second ($ms ms), one JSON summary" $?

# ---- real time, with the NT Kernel Logger --------------------------------------
"$CTL" --json record --realtime --kernel process -- sh -c '/bin/true; /bin/true' \
	> "$T/out" 2> "$T/err"
rc=$?
[ $rc = 0 ] && jq -e '([.event_types[] | select(.provider == "Process" and .event == "Start")][0].events >= 3) and
	([.processes[] | select(.name == "true")] | length >= 1) and .session != null' "$T/out" > /dev/null &&
	no_session_left
result "record --realtime --kernel process -- CMD: Process/Start of the command's children, named" $?

# ---- etwdump --follow ---------------------------------------------------------
"$DUMP" -v --follow -p "$NAME" --max 4 > "$T/out" 2> "$T/err" &
pid=$!
wait_listed etwdump-
"$SAMPLE" --count 5 --rate 0 --quiet > /dev/null 2>&1
wait $pid
rc=$?
[ $rc = 0 ] && [ "$(grep -c "{$GUID} $NAME" "$T/out")" = 3 ] &&
	grep -q "{$GUID} $NAME/RequestStart " "$T/out" && no_session_left
result "etwdump -v --follow -p NAME --max 4: its own session, the events decoded by name, then stopped" $?

"$DUMP" --follow -p "$NAME" > "$T/out" 2> "$T/err" &
pid=$!
wait_listed etwdump-
kill -INT $pid
wait $pid
rc=$?
[ $rc = 0 ] && grep -q '^--- .*interrupted' "$T/out" && no_session_left
result "etwdump --follow until ^C: the summary, no session left" $?

( "$DUMP" --follow -p "$NAME" | head -n 1 > "$T/out" ) 2> "$T/err" &
pid=$!
wait_listed etwdump-
"$SAMPLE" --count 3 --rate 0 --quiet > /dev/null 2>&1
"$SAMPLE" --count 3 --rate 0 --quiet > /dev/null 2>&1
wait $pid
# quietly (issue 32, point 18): no "standard output: Broken pipe"; the
# line is the compact one (issue 32, point 7: "--follow uses the same
# default"): TIME [CPU] COMM PID/TID Provider/Event:
[ -s "$T/out" ] && [ ! -s "$T/err" ] && no_session_left &&
	grep -Eq '^[0-9TZ:.-]+ \[[0-9]{3,}\] [^ ]+ [0-9]+/[0-9]+ [^ ]+:( |$)' "$T/out"
result "etwdump --follow | head -n 1: a compact line, stops when the pipe closes, nothing on stderr, no session left" $?

# The source's host name in a CTF trace of a live session (SystemConfig/CPU).
"$DUMP" --follow --kernel process --duration 1 --ctf "$T/live.ctf" > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 0 ] && grep -q "hostname = \"$(uname -n)\";" "$T/live.ctf/metadata" &&
	babeltrace2 "$T/live.ctf" 2> "$T/err" | grep -q "$(uname -n) Process:" && no_session_left
result "etwdump --follow --kernel process --ctf: the trace's host name, babeltrace2 reads it" $?

# ---- names in enable and providers; errors ------------------------------------
"$CTL" start rec$$ > /dev/null 2>&1
"$SAMPLE" --count 0 --rate 5 --quiet > "$T/sample" 2>&1 &
spid=$!
sleep 0.5
"$CTL" enable rec$$ "$NAME" --level 4 > "$T/out" 2> "$T/err"
rc=$?
"$CTL" providers > "$T/out2" 2>> "$T/err"
"$CTL" --json providers > "$T/out3" 2>> "$T/err"
kill $spid 2> /dev/null
wait $spid 2> /dev/null
"$CTL" stop rec$$ > /dev/null 2>&1
[ $rc = 0 ] && grep -q "{$GUID}" "$T/out" &&
	grep -Eq "^\{$GUID\} $NAME +1 .* rec$$\$" "$T/out2" &&
	jq -e ".[] | select(.guid == \"$GUID\") | .name == \"$NAME\" and .sessions == [\"rec$$\"]" "$T/out3" > /dev/null
result "enable SESSION NAME; providers shows the name and the session enabling it (text and JSON)" $?

# A TraceLogging provider has no manifest: its registration's traits name it.
"$CTL" start rec$$ > /dev/null 2>&1
"$SAMPLE_TL" --count 1 --linger 3 > /dev/null 2>&1 &
tpid=$!
sleep 0.5
"$CTL" enable rec$$ "$TLNAME" > "$T/out" 2> "$T/err"
rc=$?
"$CTL" --json providers > "$T/out2" 2>> "$T/err"
kill $tpid 2> /dev/null
wait $tpid 2> /dev/null
"$CTL" stop rec$$ > /dev/null 2>&1
[ $rc = 0 ] && grep -q "{$TLGUID}" "$T/out" &&
	jq -e ".[] | select(.guid == \"$TLGUID\") | .name == \"$TLNAME\"" "$T/out2" > /dev/null
result "a registered TraceLogging provider by its name (its traits): enable and providers" $?

"$CTL" enable rec$$x NoSuchProvider > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 2 ] && grep -q "no provider is named 'NoSuchProvider'.*'\*NoSuchProvider'" "$T/err"
result "enable with an unknown provider name: usage error naming it, and *NAME suggested" $?

"$CTL" stop nosuch$$ > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 1 ] && grep -q "session 'nosuch$$': StopTrace: ERROR_WMI_INSTANCE_NOT_FOUND" "$T/err" &&
	grep -q "no session of this name runs" "$T/err"
result "stop of no such session names it and says what to do" $?

"$CTL" start rec$$ --file /no/such/dir/x.etl > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 1 ] && grep -q "session 'rec$$', log file '/no/such/dir/x.etl': StartTrace" "$T/err" &&
	grep -q "directory must exist" "$T/err" && ! "$CTL" query rec$$ > /dev/null 2>&1
result "start on a bad path names the session and the path" $?

echo "1..$n"
[ "$fail" = 0 ]
