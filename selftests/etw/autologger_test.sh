#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Boot-time sessions (AutoLogger) with etw.ko loaded: `etwctl autologger`
# creates, lists and removes the files of an autologger.d directory, and
# starts them the way etw-autologger.service does when the module loads:
# the session runs and its providers are enabled before any registers,
# so a provider started afterwards is traced from its first event
# (seed 000: enabling before registration applies at registration).
# FileMax keeps older files, a bad file is reported with its line, and
# one session that cannot start does not keep the others from starting.
# Prints TAP; skips only without /dev/etw.
ksft_skip=4
PLAN=15

DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
CTL=${ETWCTL:-$TOP/build/tools/etwctl}
DUMP=${ETWDUMP:-$TOP/build/tools/etwdump}
SAMPLE=${ETW_SAMPLE:-$TOP/build/tools/etw-sample}
SGUID=6a2c4e8b-3d5f-4a71-9b0c-e1d2f3a4b5c6

echo "TAP version 13"
if [ ! -c /dev/etw ]; then
	echo "1..0 # SKIP /dev/etw missing (etw.ko not loaded)"
	exit $ksft_skip
fi
echo "1..$PLAN"

T=$(mktemp -d /tmp/autologger_test.XXXXXX)
A=$T/autologger.d
mkdir -p "$A"
B1=boot$$a B2=boot$$b B3=boot$$c
n=0 fail=0
cleanup() {
	"$CTL" autologger stop --dir "$A" >/dev/null 2>&1
	for s in $B1 $B2 $B3; do
		"$CTL" stop "$s" >/dev/null 2>&1
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
run() { "$CTL" "$@" > "$T/out" 2> "$T/err"; rc=$?; }
has() { grep -Eq -- "$2" "$1"; }

# ---- create, list ---------------------------------------------------
run autologger create $B1 --dir "$A" --file "$T/logs/$B1.etl" --file-max 3 \
	--buffer-kb 16 --flush-timer 1 --clock system \
	--provider $SGUID:verbose:0xffffffffffffffff
[ $rc = 0 ] && has "$A/$B1.conf" '^FileName='"$T/logs/$B1.etl"'$' &&
	has "$A/$B1.conf" '^FileMax=3$' && has "$A/$B1.conf" '^ClockType=system$' &&
	has "$A/$B1.conf" "^Guid=$SGUID\$" && has "$A/$B1.conf" '^EnableLevel=5$'
result "create writes the session and its provider (Windows AutoLogger value names)" $?

run autologger create $B1 --dir "$A" --realtime
[ $rc = 1 ] && has "$T/err" 'exists' && has "$A/$B1.conf" '^FileMax=3$'
result "create refuses to replace an existing session without --force" $?

run autologger create $B2 --dir "$A" --realtime --provider 11111111-2222-3333-4444-555555555555
run2=$rc
run --json autologger list --dir "$A"
[ $run2 = 0 ] && [ $rc = 0 ] && python3 - "$T/out" "$B1" "$B2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
names = [s["name"] for s in d]
assert names == sorted([sys.argv[2], sys.argv[3]]), names
assert all(not s["running"] and s["start"] for s in d)
PY
result "list --json: both sessions, sorted, configured to start, not running" $?

# ---- start: sessions first, providers later --------------------------
run autologger start --dir "$A"
[ $rc = 0 ] && has "$T/out" "Started boot session \"$B1\"" &&
	has "$T/out" "Started boot session \"$B2\""
result "start (no name) starts every Start=1 session" $?

run query $B1
[ $rc = 0 ] && has "$T/out" 'system' && has "$T/out" "$B1.etl"
result "the boot session runs with its configured clock and file" $?

run --json autologger list --dir "$A"
python3 - "$T/out" <<'PY'
import json, sys
assert all(s["running"] for s in json.load(open(sys.argv[1])))
PY
result "list shows the sessions running" $?

# The provider starts only now: its first event must be in the file.
"$SAMPLE" --count 5 --rate 0 --quiet > "$T/sample.out" 2>&1
written=$(sed -n 's/^ *events written *//p' "$T/sample.out")
run autologger stop --dir "$A"
[ $rc = 0 ] && has "$T/out" "Stopped boot session \"$B1\""
result "stop flushes and stops every configured session" $?

# sample_events FILE: the sample provider's events in FILE, one per line
# (-v: the lines with the provider's GUID).
sample_events() { "$DUMP" -v "$1" 2>&1 | grep -i "^[0-9].*$SGUID"; }
sample_events "$T/logs/$B1.etl" > "$T/dump.txt"
first=$(head -n 1 "$T/dump.txt")
got=$(wc -l < "$T/dump.txt")
[ -n "$written" ] && [ "$got" = "$written" ] &&
	echo "$first" | grep -q 'etw-sample starting'
result "a provider registered after the boot session started is traced from its first event ($got of ${written:-?})" $?
[ $? = 0 ] || sed 's/^/#   /' "$T/sample.out" | head -n 20

# ---- FileMax: the previous boot's file is kept -----------------------
run autologger start $B1 --dir "$A"
run1=$rc
run autologger stop $B1 --dir "$A"
[ $run1 = 0 ] && [ $rc = 0 ] && [ -s "$T/logs/$B1.etl.1" ] && [ -s "$T/logs/$B1.etl" ] &&
	[ "$(sample_events "$T/logs/$B1.etl.1" | wc -l)" = "$written" ]
result "FileMax=3: a second start keeps the first file as FILE.1" $?

# ---- failures ---------------------------------------------------------
"$CTL" start $B3 --realtime > /dev/null 2>&1
cat > "$A/$B3.conf" <<EOF
[Session]
FileName=$T/logs/$B3.etl
EOF
run autologger start --dir "$A"
[ $rc = 1 ] && has "$T/err" "boot session \"$B3\" not started" &&
	has "$T/out" "Started boot session \"$B1\"" && has "$T/out" "Started boot session \"$B2\""
result "a session that cannot start (name in use) fails alone; the others start; exit 1" $?
run autologger stop $B1 $B2 --dir "$A"
"$CTL" stop $B3 > /dev/null 2>&1

printf '[Session]\nBufferSize=lots\n' > "$A/$B3.conf"
run autologger start $B3 --dir "$A"
[ $rc = 1 ] && has "$T/err" "$B3.conf:2: bad value for BufferSize"
result "a bad value is reported with its file and line" $?

printf '[Session]\nColour=blue\n' > "$A/$B3.conf"
run autologger list --dir "$A"
[ $rc = 1 ] && has "$T/err" "$B3.conf:2: unknown key"
result "an unknown key is reported with its file and line" $?

run autologger create ../evil --dir "$A" --realtime
[ $rc = 2 ] && [ ! -e "$T/evil.conf" ]
result "a session name with a '/' is refused (no file outside the directory)" $?

# ---- remove ------------------------------------------------------------
"$CTL" autologger start $B2 --dir "$A" > /dev/null 2>&1
run autologger remove $B2 --stop --dir "$A"
[ $rc = 0 ] && [ ! -e "$A/$B2.conf" ] && ! "$CTL" query $B2 > /dev/null 2>&1
result "remove --stop deletes the file and stops the running session" $?

run autologger remove $B2 --dir "$A"
[ $rc = 1 ] && has "$T/err" 'No such file'
result "removing a session that is not configured fails" $?

[ $n = $PLAN ] || echo "# ran $n of $PLAN"
exit $((fail != 0))
