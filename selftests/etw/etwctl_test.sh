#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etwctl and etw-sample end to end, with etw.ko loaded (as root, in the
# test VM): sessions (start/query/list/update/flush/stop, text and
# --json), the error paths and exit codes, enabling the sample provider
# and what its enable callback sees (seed 000: Level = max, MatchAny =
# OR, MatchAll = AND, SourceId, aggregate IsEnabled), capture state,
# filters, provider groups and disallow lists, group ACLs, and watching
# the module with bpftrace, and the providers list (EnumerateTraceGuidsEx).
# Prints TAP; skips only without /dev/etw.
#
# ETWCTL and ETW_SAMPLE override the tools (default: build/tools/).
ksft_skip=4
PLAN=59

DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
CTL=${ETWCTL:-$TOP/build/tools/etwctl}
SAMPLE=${ETW_SAMPLE:-$TOP/build/tools/etw-sample}

echo "TAP version 13"
if [ ! -c /dev/etw ]; then
	echo "1..0 # SKIP /dev/etw missing (etw.ko not loaded)"
	exit $ksft_skip
fi
if [ ! -x "$CTL" ] || [ ! -x "$SAMPLE" ]; then
	echo "1..0 # SKIP $CTL or $SAMPLE not built (make tools)"
	exit $ksft_skip
fi
echo "1..$PLAN"

T=$(mktemp -d /tmp/etwctl_test.XXXXXX)
mkdir -p "$T/json"
n=0 fail=0 nj=0
klog_start=$(dmesg | wc -l)

# Names unique to this run; GUIDs of the sample, a second and a third
# provider, a provider group and a SourceId.
S1=ctl$$a S2=ctl$$b S3=ctl$$c S4=ctl$$d S5=ctl$$e
PG=6a2c4e8b-3d5f-4a71-9b0c-e1d2f3a4b5c6
P2=6a2c4e8b-0000-4a71-9b0c-00000000e702
P3=6a2c4e8b-0000-4a71-9b0c-00000000e703
P4=6a2c4e8b-0000-4a71-9b0c-00000000e704
GRP=6a2c4e8b-0000-4a71-9b0c-0000000067a1
GRP2=6a2c4e8b-0000-4a71-9b0c-0000000067a2
SRC=11111111-2222-3333-4444-555555555555
PIDS=""
AS_NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"

cleanup() {
	for p in $PIDS; do
		kill -INT "$p" 2>/dev/null
	done
	for p in $PIDS; do
		wait "$p" 2>/dev/null
	done
	for s in $S1 $S2 $S3 $S4 $S5; do
		"$CTL" stop "$s" >/dev/null 2>&1
	done
	"$CTL" group-acl clear $GRP2 >/dev/null 2>&1
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
# result DESC STATUS: ok when STATUS is 0
result() { if [ "$2" = 0 ]; then ok "$1"; else nok "$1"; fi; }

# run ARGS...: etwctl with stdout in $T/out, stderr in $T/err, $rc
run() {
	"$CTL" "$@" > "$T/out" 2> "$T/err"
	rc=$?
	# Keep every --json output for the validity check at the end.
	case " $* " in
	*" --json "*) nj=$((nj + 1)); cp "$T/out" "$T/json/$nj.json" ;;
	esac
	return 0
}

# jcheck FILE EXPR [ARG...]: python EXPR over d = the JSON in FILE and
# a = the ARGs must be true.
jcheck() {
	python3 - "$@" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
a = sys.argv[3:]
ok = eval(sys.argv[2])
if not ok:
    print("#   json check failed: %s on %s" % (sys.argv[2], json.dumps(d)[:600]))
sys.exit(0 if ok else 1)
PY
}

# has FILE REGEX
has() { grep -Eq -- "$2" "$1"; }

# wait_for FILE REGEX [TENTHS]: until REGEX appears in FILE
wait_for() {
	i=0
	while ! grep -Eq -- "$2" "$1" 2>/dev/null; do
		i=$((i + 1))
		[ $i -gt "${3:-100}" ] && return 1
		sleep 0.1
	done
	return 0
}

# mark FILE: remember its length; since FILE: what was added after.
mark() { eval "mark_$(basename "$1" .out)=$(wc -l < "$1")"; }
since() {
	eval "m=\$mark_$(basename "$1" .out)"
	tail -n +$((m + 1)) "$1"
}
# sees FILE REGEX: a callback line added since the mark matches
sees() { since "$1" | grep -Eq -- "$2"; }

# ---- info ------------------------------------------------------------

run info
[ $rc = 0 ] && has "$T/out" 'ABI version +1'
result "info: text" $?

run --json info
[ $rc = 0 ] && jcheck "$T/out" 'd["abi_version"] == 1 and "sessions" in d["features"]'
result "info --json: abi_version and features" $?
LOGFILE=0
jcheck "$T/out" '"logfile" in d["features"]' >/dev/null 2>&1 && LOGFILE=1

# ---- sessions ----------------------------------------------------------

run start $S1 --buffer-kb 16 --flush-timer 2 --clock system --max-buffers 32
[ $rc = 0 ] && has "$T/out" "^Session +$S1\$" && has "$T/out" '^Mode .*real-time' &&
	has "$T/out" '^Buffer size +16 KB'
result "start: real-time session, text output" $?

run start --json $S2 --buffering --no-per-cpu --min-buffers 4
[ $rc = 0 ] && jcheck "$T/out" 'd["name"] == a[0] and d["modes"] == ["buffering", "no-per-cpu"] and d["streams"] == 1 and d["clock"] == "qpc" and d["logger_id"] > 0' $S2
result "start --json: buffering, one stream, default clock" $?

run query $S1
[ $rc = 0 ] && has "$T/out" '^Flush timer +2 s' && has "$T/out" '^Clock +system' &&
	has "$T/out" '^Buffers \(min/max\) +[0-9]+ / 32'
result "query: text output" $?

run --json query $S1
[ $rc = 0 ] && jcheck "$T/out" 'd["name"] == a[0] and d["buffer_size_kb"] == 16 and d["flush_timer"] == 2 and d["clock"] == "system" and "real-time" in d["modes"] and d["log_file"] is None and d["handle"] & 0xFFFF == d["logger_id"]' $S1
result "query --json: fields" $?
LID1=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["logger_id"])' "$T/out")

run list
[ $rc = 0 ] && has "$T/out" '^SESSION +ID +MODE' && has "$T/out" "^$S1 +$LID1 +real-time" &&
	has "$T/out" "^$S2 .*buffering, no-per-cpu"
result "list: table" $?

run list --json
[ $rc = 0 ] && jcheck "$T/out" 'isinstance(d, list) and {a[0], a[1]} <= {s["name"] for s in d}' $S1 $S2
result "list --json: array" $?

# Blocking mode (a Linux ETW extension): writers wait rather than lose.
run start x$$blk --blocking=250
r1=$rc; has "$T/out" '^Writers +wait up to 250 ms for free buffers'; r2=$?
run --json query x$$blk
r3=$rc; jcheck "$T/out" 'd["blocking_ms"] == 250'; r4=$?
run stop x$$blk
[ $r1 = 0 ] && [ $r2 = 0 ] && [ $r3 = 0 ] && [ $r4 = 0 ] && [ $rc = 0 ] &&
	run --json query $S1 && jcheck "$T/out" 'd["blocking_ms"] == 0'
result "start --blocking=250: query shows it; default sessions do not block" $?

run start $S1
[ $rc = 1 ] && grep -qx "etwctl: session '$S1': StartTrace: ERROR_ALREADY_EXISTS (183)" "$T/err" &&
	grep -q "a session of this name runs" "$T/err"
result "duplicate name: exit 1, the session named, ERROR_ALREADY_EXISTS, what to do" $?

run --json start $S1 --realtime
[ $rc = 1 ] && jcheck "$T/out" 'd["error"] == "ERROR_ALREADY_EXISTS" and d["code"] == 183 and d["api"] == "StartTrace"'
result "duplicate name --json: error object" $?

run query nosuch$$
[ $rc = 1 ] && grep -qx "etwctl: session 'nosuch$$': QueryTrace: ERROR_WMI_INSTANCE_NOT_FOUND (4201)" "$T/err"
result "query unknown session: named, ERROR_WMI_INSTANCE_NOT_FOUND" $?

run stop nosuch$$
r1=$rc; grep -q "StopTrace: ERROR_WMI_INSTANCE_NOT_FOUND (4201)" "$T/err"; r2=$?
run --json enable nosuch$$ $PG
[ $r1 = 1 ] && [ $r2 = 0 ] && [ $rc = 1 ] &&
	jcheck "$T/out" 'd["code"] == 4201 and d["command"] == "enable"'
result "stop/enable unknown session: ERROR_WMI_INSTANCE_NOT_FOUND" $?

bad=""
for args in "start" "start x$$ --mode circular" "start x$$ --clock sundial" \
	    "start x$$ --buffer-kb lots" "start x$$ --blocking=0" \
	    "start x$$ --blocking=60001" "enable $S1 not-a-guid" \
	    "enable $S1 $PG --event-ids 1,x" "enable $S1 $PG --level 256" \
	    "enable $S1 $PG --property nonsense" "enable $S1 $PG --pid 1,2,3,4,5,6,7,8,9" \
	    "disallow frob $S1" "group-acl set $GRP2 user:1" "frobnicate" \
	    "query $S1 extra" "update $S1 --realtime maybe" \
	    "providers not-a-guid" "providers $PG extra"; do
	# shellcheck disable=SC2086
	run $args
	[ $rc = 2 ] || bad="$bad [$args: $rc]"
done
[ -z "$bad" ] || echo "# not exit 2:$bad"
result "usage errors exit 2" "$([ -z "$bad" ]; echo $?)"

run update --json $S1 --flush-timer 3 --max-buffers 40
[ $rc = 0 ] && jcheck "$T/out" 'd["flush_timer"] == 3 and d["max_buffers"] == 40 and "real-time" in d["modes"]'
result "update: flush timer and max buffers, real time kept" $?

run update --json $S1 --realtime off
r1=$rc; cp "$T/out" "$T/off.json"
run update --json $S1 --realtime on
[ $r1 = 0 ] && jcheck "$T/off.json" '"real-time" not in d["modes"] and d["flush_timer"] == 3' &&
	[ $rc = 0 ] && jcheck "$T/out" '"real-time" in d["modes"]'
result "update: --realtime off, then on" $?

run flush $S1
r1=$rc; has "$T/out" "^Flushed session \"$S1\""; r2=$?
run --json flush $S2
[ $r1 = 0 ] && [ $r2 = 0 ] && [ $rc = 0 ] && jcheck "$T/out" 'd["name"] == a[0]' $S2
result "flush: text and --json" $?

# Log files (etw.ko reports the 'logfile' feature).
[ $LOGFILE = 1 ]
result "info: the logfile feature is there" $?
run --json start $S3 --file "$T/s3.etl" --max-file-mb 8
[ $rc = 0 ] && jcheck "$T/out" 'd["log_file"] == a[0] and "sequential" in d["modes"] and d["max_file_size_mb"] == 8' "$T/s3.etl"
result "start --file: sequential log file session" $?
run update $S3 --file "$T/s3b.etl"
[ $rc = 0 ] && run --json query $S3 && jcheck "$T/out" 'd["log_file"] == a[0]' "$T/s3b.etl"
result "update --file: a file session switches files" $?
run stop $S3
[ $rc = 0 ] && [ -s "$T/s3.etl" ] && [ -s "$T/s3b.etl" ]
result "stop: both log files are written" $?
(cd "$T" && "$CTL" --json start $S3 --file rel.etl --mode circular --max-file-mb 1 > "$T/out" 2> "$T/err")
rc=$?; nj=$((nj + 1)); cp "$T/out" "$T/json/$nj.json"
[ $rc = 0 ] && jcheck "$T/out" 'd["log_file"] == a[0] and "circular" in d["modes"]' "$T/rel.etl"
result "start --file: a relative path is made absolute" $?
"$CTL" stop $S3 > /dev/null 2>&1

# A real-time session has no file to switch (documented).
run update $S2 --file "$T/s2.etl"
[ $rc = 1 ] && grep -q "UpdateTrace: ERROR_NOT_SUPPORTED (50)" "$T/err"
result "update --file: ERROR_NOT_SUPPORTED on a real-time-only session" $?

run start $S4 --private --clock cycles
r1=$rc
run --json list
r2=$(jcheck "$T/out" 'a[0] not in [s["name"] for s in d]' $S4; echo $?)
run --json query $S4
[ $r1 = 0 ] && [ "$r2" = 0 ] && jcheck "$T/out" '"private" in d["modes"] and d["clock"] == "cycles"'
result "private session: not listed, but queried by name" $?
run stop $S4

# ---- the sample provider -----------------------------------------------

"$SAMPLE" --count 0 --rate 20 --wait-enabled 60 > "$T/p1.out" 2>&1 &
P1=$!
PIDS="$PIDS $P1"
wait_for "$T/p1.out" "provider \{$PG\} pid $P1"
result "etw-sample prints its provider GUID and pid" $?
mark "$T/p1.out"

run enable $S1 $PG --level 3 --any 0x5 --all 0x4 --source $SRC
[ $rc = 0 ] && has "$T/out" '^Level +3' &&
	sees "$T/p1.out" "IsEnabled=1 \(ENABLE\) SourceId=\{$SRC\} Level=3 MatchAnyKeyword=0x5 MatchAllKeyword=0x4"
result "enable: callback gets Level, keywords and the SourceId" $?

mark "$T/p1.out"
run --json enable $S2 $PG --level 1 --any 0x3 --all 0x6
[ $rc = 0 ] && jcheck "$T/out" 'd["level"] == 1 and d["match_any_keyword"] == 3 and d["session"] == a[0]' $S2 &&
	sees "$T/p1.out" "IsEnabled=1 \(ENABLE\) SourceId=\{0{8}-0{4}-0{4}-0{4}-0{12}\} Level=3 MatchAnyKeyword=0x7 MatchAllKeyword=0x4"
result "two sessions (levels 3 and 1): Level 3, Any OR, All AND" $?

# ---- providers (EnumerateTraceGuidsEx) -----------------------------------

run --json query $S2
LID2=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["logger_id"])' "$T/out")
if [ "$LID1" -lt "$LID2" ]; then SESS="$S1,$S2"; else SESS="$S2,$S1"; fi

run providers
[ $rc = 0 ] && has "$T/out" '^PROVIDER +NAME +INSTANCES +KIND +PIDS +SESSIONS' &&
	has "$T/out" "^\{$PG\} +[^ ]+ +1 +modern +$P1 +$SESS\$"
result "providers: the sample, its pid and both sessions by name" $?

run --json providers
[ $rc = 0 ] && jcheck "$T/out" 'isinstance(d, list) and [p for p in d if p["guid"] == a[0] and p["instances"] == 1 and p["pids"] == [int(a[1])] and not p["classic"] and not p["pre_enabled"] and p["logger_ids"] == sorted([int(a[2]), int(a[3])])]' $PG $P1 $LID1 $LID2
result "providers --json: an array with the sample" $?

run providers $PG
[ $rc = 0 ] && has "$T/out" "^Instance +pid $P1, EventRegister\$" &&
	has "$T/out" "^  Enabled by +$S1 \(logger $LID1\)" &&
	has "$T/out" "^  Enabled by +$S2 \(logger $LID2\)" &&
	has "$T/out" '^    MatchAllKeyword +0x0000000000000006$'
result "providers GUID: the instance and each enabling session" $?

run --json providers $PG
[ $rc = 0 ] && jcheck "$T/out" 'd["guid"] == a[0] and len(d["instances"]) == 1 and d["instances"][0]["pid"] == int(a[1]) and not d["instances"][0]["classic"] and sorted((e["session"], e["logger_id"], e["level"], e["match_any_keyword"], e["match_all_keyword"]) for e in d["instances"][0]["enabled_by"]) == sorted([(a[2], int(a[4]), 3, 5, 4), (a[3], int(a[5]), 1, 3, 6)])' $PG $P1 $S1 $S2 $LID1 $LID2
result "providers --json GUID: level and keywords per session" $?

$AS_NOBODY "$CTL" --json providers $PG > "$T/out" 2> "$T/err"
[ $? = 0 ] && jcheck "$T/out" 'd["instances"][0]["pid"] == int(a[0]) and sorted(e["logger_id"] for e in d["instances"][0]["enabled_by"]) == sorted([int(a[1]), int(a[2])]) and all(e["session"] is None for e in d["instances"][0]["enabled_by"])' $P1 $LID1 $LID2
result "providers as another user: pid and loggers, no session names" $?

run providers $P4
[ $rc = 1 ] && grep -qx "etwctl: EnumerateTraceGuidsEx: ERROR_WMI_GUID_NOT_FOUND (4200)" "$T/err"
result "providers GUID nobody registers: ERROR_WMI_GUID_NOT_FOUND" $?

run enable $S1 $P4 --level 2 --any 0x9
run --json providers $P4
[ $rc = 0 ] && jcheck "$T/out" 'd["instances"][0]["pre_enabled"] and d["instances"][0]["pid"] == 0 and [(e["logger_id"], e["level"], e["match_any_keyword"]) for e in d["instances"][0]["enabled_by"]] == [(int(a[0]), 2, 9)]' $LID1
r1=$?
run providers
[ $r1 = 0 ] && [ $rc = 0 ] && has "$T/out" "^\{$P4\} +- +1 +pre-enabled +- +$S1\$"
result "providers: an enabled, unregistered GUID is pre-enabled" $?
run disable $S1 $P4

mark "$T/p1.out"
run capture $S1 $PG
[ $rc = 0 ] && sees "$T/p1.out" 'IsEnabled=2 \(CAPTURE_STATE\)' &&
	sees "$T/p1.out" 'state event (written|not wanted)'
result "capture: CAPTURE_STATE reaches the callback" $?

mark "$T/p1.out"
run disable $S2 $PG
[ $rc = 0 ] && sees "$T/p1.out" 'IsEnabled=1 \(ENABLE\) .*Level=3 MatchAnyKeyword=0x5 MatchAllKeyword=0x4'
result "disable one of two sessions: still ENABLE, with the other's values" $?

mark "$T/p1.out"
run --json disable $S1 $PG
[ $rc = 0 ] && jcheck "$T/out" 'd["command"] == "disable"' &&
	sees "$T/p1.out" 'IsEnabled=0 \(DISABLE\)'
result "disable the last session: DISABLE" $?

mark "$T/p1.out"
run enable $S1 $PG --level verbose --pid $P1 --exe etw-sample \
	--event-ids +1,2,3 --property ignore_keyword_0 --timeout 5000
[ $rc = 0 ] && has "$T/out" "^PID filter +$P1" && has "$T/out" '^Event ID filter +only 1,2,3' &&
	has "$T/out" '^EnableProperty +0x00000010 \(ignore_keyword_0\)' &&
	sees "$T/p1.out" 'IsEnabled=1 \(ENABLE\) .*Level=5'
result "enable with PID, executable and event-ID filters" $?

mark "$T/p1.out"
run enable $S1 $PG --level 5 --pid 1
r1=$rc; sees "$T/p1.out" 'IsEnabled=0 \(DISABLE\)'; r2=$?
mark "$T/p1.out"
run enable $S1 $PG --level 5 --exe 'nothere;etw-sample'
[ $r1 = 0 ] && [ $r2 = 0 ] && [ $rc = 0 ] && sees "$T/p1.out" 'IsEnabled=1 \(ENABLE\)'
result "PID filter excludes the sample, executable list includes it" $?
run disable $S1 $PG

# ---- provider groups and disallow lists --------------------------------

"$SAMPLE" --guid $P2 --group $GRP --count 0 --rate 20 > "$T/p2.out" 2>&1 &
P2PID=$!
PIDS="$PIDS $P2PID"
wait_for "$T/p2.out" "member of provider group \{$GRP\}"
mark "$T/p2.out"
mark "$T/p1.out"
run enable $S2 $GRP --group --level 4 --any 0x3
[ $rc = 0 ] && has "$T/out" "^Provider group +\{$GRP\}" &&
	sees "$T/p2.out" 'IsEnabled=1 \(ENABLE\) .*Level=4 MatchAnyKeyword=0x3' &&
	! sees "$T/p1.out" 'callback'
result "group enable reaches the member, not the others" $?

mark "$T/p2.out"
run disallow set $S2 $P2
[ $rc = 0 ] && has "$T/out" "^Disallowed providers +\{$P2\}" &&
	sees "$T/p2.out" 'IsEnabled=0 \(DISABLE\)'
result "disallow set: the member is disabled" $?

run --json disallow show $S2
[ $rc = 0 ] && jcheck "$T/out" 'd["disallowed"] == [a[0]] and d["session"] == a[1]' $P2 $S2
result "disallow show --json" $?

mark "$T/p2.out"
run --json disallow clear $S2
[ $rc = 0 ] && jcheck "$T/out" 'd["disallowed"] == []' &&
	sees "$T/p2.out" 'IsEnabled=1 \(ENABLE\) .*Level=4'
result "disallow clear: the member is enabled again" $?

mark "$T/p2.out"
run --json disable $S2 $GRP --group
[ $rc = 0 ] && jcheck "$T/out" 'd["group"] == a[0]' $GRP &&
	sees "$T/p2.out" 'IsEnabled=0 \(DISABLE\)'
result "group disable" $?

# ---- group ACLs --------------------------------------------------------

run group-acl set $GRP2 uid:12345 gid:54321
[ $rc = 0 ] && has "$T/out" '^Restricted +yes' && has "$T/out" '^Allowed +uid 12345' &&
	has "$T/out" '^ +gid 54321'
result "group-acl set" $?

run --json group-acl show $GRP2
[ $rc = 0 ] && jcheck "$T/out" 'd["restricted"] is True and d["allowed"] == [{"uid": 12345}, {"gid": 54321}]'
result "group-acl show --json" $?

$AS_NOBODY "$SAMPLE" --group $GRP2 --count 1 --quiet > "$T/out" 2> "$T/err"
[ $? = 1 ] && grep -q 'ERROR_ACCESS_DENIED (5)' "$T/err"
result "a user not on the ACL may not join the group" $?

run group-acl set $GRP2 uid:65534
$AS_NOBODY "$SAMPLE" --group $GRP2 --count 1 --quiet > "$T/out" 2> "$T/err"
result "a user on the ACL may join" $?

$AS_NOBODY "$CTL" group-acl clear $GRP2 > "$T/out" 2> "$T/err"
[ $? = 1 ] && grep -q 'ETW_IOC_SET_GROUP_ACL: EPERM (1)' "$T/err"
result "group-acl without CAP_SYS_ADMIN: EPERM" $?

run --json group-acl clear $GRP2
[ $rc = 0 ] && jcheck "$T/out" 'd["restricted"] is False and d["allowed"] == []'
result "group-acl clear" $?

for p in $PIDS; do
	kill -INT "$p" 2>/dev/null
	wait "$p" 2>/dev/null
done
PIDS=""
has "$T/p1.out" '^etw-sample: summary' && has "$T/p1.out" '^  events written +[0-9]+$'
result "etw-sample stops on SIGINT with a summary" $?

# ---- bpftrace ------------------------------------------------------------

# bpftrace_start FILE PROGRAM: in the background ($BT), until attached.
# It prints "Attaching N probes..." just before attaching: give it a
# moment more.  (Under emulation it takes 10-20 s to get there.)
# $BT_WAIT: the seconds it took.
bpftrace_start() {
	timeout -s INT -k 10 150 bpftrace -e "$2" > "$1" 2>&1 &
	BT=$!
	BT_T0=$(date +%s)
	i=0
	while kill -0 $BT 2>/dev/null && ! grep -q '^Attaching' "$1"; do
		i=$((i + 1))
		[ $i -gt 240 ] && break
		sleep 0.5
	done
	sleep 1
	BT_WAIT=$(($(date +%s) - BT_T0))
	grep -q '^Attaching' "$1"
}

# bpftrace_stop: SIGINT (timeout passes it on) makes bpftrace print its
# maps and exit; a SIGINT that arrives too early can go unnoticed, so
# repeat it until bpftrace is gone (timeout kills it at the latest 160 s
# after it started: it must not outlive the test, it pins etw.ko).
bpftrace_stop() {
	i=0
	while kill -0 $BT 2>/dev/null; do
		[ $((i % 10)) = 0 ] && kill -INT $BT 2>/dev/null
		i=$((i + 1))
		sleep 0.5
	done
	wait $BT
}

if command -v bpftrace > /dev/null; then
	# One bpftrace for the three tests (each start costs 10-20 s under
	# emulation).  "Attaching" comes before the attach: run a sample of
	# P4 (byte 15 of the GUID is 4) again and again until the probes have
	# fired on its registration and its event; the first pid printed must
	# be one of those samples'.  P4's events only tell that the probe
	# fires; P3's are counted, from a sample started after.
	run --json start $S5 --buffering --buffer-kb 64 --min-buffers 8
	LID5=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["logger_id"])' "$T/out")
	run enable $S5 $P3 --level 5
	run enable $S5 $P4 --level 5
	bpftrace_start "$T/bt2.out" 'tracepoint:etw:etw_register { printf("REG %d\n", args->tgid); } tracepoint:etw:etw_write { if (args->guid[15] == 4) { printf("WARM\n"); } else { @[args->logger_id] = count(); @guid[buf(args->guid, 16)] = count(); } }'
	r1=$?
	PIDS=" "
	i=0
	while ! { grep -q '^WARM' "$T/bt2.out" && grep -q '^REG ' "$T/bt2.out"; } &&
		kill -0 $BT 2>/dev/null && [ $i -lt 40 ]; do
		"$SAMPLE" --guid $P4 --count 1 --rate 0 --wait-enabled 10 --quiet > /dev/null 2>&1 &
		PIDS="$PIDS$! "
		wait $!
		i=$((i + 1))
		sleep 0.5
	done
	REG=$(sed -n 's/^REG //p' "$T/bt2.out" | head -n 1)
	[ $r1 = 0 ] && [ -n "$REG" ] && case "$PIDS" in *" $REG "*) true ;; *) false ;; esac
	r=$?
	result "bpftrace: etw_register shows the sample's pid" $r
	[ $r = 0 ] || { echo "# samples:$PIDS"; sed 's/^/#   /' "$T/bt2.out" | head -n 20; }
	grep -q '^WARM' "$T/bt2.out" || r1=1
	"$SAMPLE" --guid $P3 --count 200 --rate 0 --wait-enabled 10 --quiet > "$T/p3.out" 2>&1
	r2=$?
	bpftrace_stop
	W=$(sed -n 's/^  events written *//p' "$T/p3.out")
	echo "# sample wrote $W events (exit $r2); bpftrace attached in $BT_WAIT s, fired after $i warm-up runs (exit $r1), counted: $(grep '^@' "$T/bt2.out" | tr '\n' ' ')"
	[ $r1 = 0 ] && [ $r2 = 0 ] && [ "${W:-0}" -ge 200 ] && grep -qx "@\[$LID5\]: $W" "$T/bt2.out"
	r=$?
	result "bpftrace: etw_write events per logger id match the sample's count" $r
	if [ $r != 0 ]; then
		grep -v '^@' "$T/bt2.out" | grep -v '^WARM\|^REG ' | head -n 20 | sed 's/^/#   bpftrace: /'
		sed 's/^/#   sample: /' "$T/p3.out" | head -n 20
	fi
	grep -q "^@guid\[.*\]: $W\$" "$T/bt2.out"
	result "bpftrace: events per provider, keyed by buf(args->guid, 16)" $?
else
	for d in "etw_register" "events per logger id" "events per provider"; do
		n=$((n + 1)); echo "ok $n bpftrace: $d # SKIP bpftrace not installed"
	done
fi

# ---- stop, and what is left ----------------------------------------------

run stop $S1
[ $rc = 0 ] && has "$T/out" "^Stopped session \"$S1\"" && has "$T/out" '^Events lost +[0-9]+'
result "stop: text" $?

run --json stop $S2
r1=$rc
run stop $S5
[ $r1 = 0 ] && jcheck "$T/json/$nj.json" 'd["name"] == a[0]' $S2
result "stop --json" $?

run --json list
[ $rc = 0 ] && jcheck "$T/out" 'not [s for s in d if s["name"].startswith(a[0])]' "ctl$$"
result "no session of ours is left" $?

python3 - "$T"/json/*.json <<'PY'
import json, sys
bad = []
for f in sys.argv[1:]:
    text = open(f).read()
    try:
        if text.count("\n") != 1:
            raise ValueError("not one line")
        json.loads(text)
    except Exception as e:
        bad.append("%s: %s: %r" % (f, e, text[:200]))
for b in bad:
    print("#   " + b)
sys.exit(1 if bad or len(sys.argv) < 20 else 0)
PY
result "every --json output ($nj) is one valid JSON document" $?

dmesg | tail -n +$((klog_start + 1)) > "$T/klog"
! grep -Eq 'BUG:|WARNING:|Oops|general protection|lockdep|circular locking' "$T/klog"
result "kernel log clean" $?

if [ $n != $PLAN ]; then
	echo "# ran $n tests, planned $PLAN"
	fail=$((fail + 1))
fi
[ $fail = 0 ]
