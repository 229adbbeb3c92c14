#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etwdump's viewers on traces recorded here, with etw.ko loaded: nested
# activities across threads become slices that close where they opened
# and a flow arrow from the parent's slice to the child's (--chrome);
# the same trace in CTF for babeltrace2; losses of a real-time session
# marked in the report; a real-time session converted as it runs; the
# progress line of `etwctl stop` on a terminal.  Prints TAP; skips only
# without /dev/etw.
ksft_skip=4
PLAN=7
DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
CTL=${ETWCTL:-$TOP/build/tools/etwctl}
DUMP=${ETWDUMP:-$TOP/build/tools/etwdump}
SAMPLE=${ETW_SAMPLE:-$TOP/build/tools/etw-sample}
PG=5e1f0c2d-7a3b-4c5d-9e8f-0a1b2c3d4e5f
SGUID=6a2c4e8b-3d5f-4a71-9b0c-e1d2f3a4b5c6

echo "TAP version 13"
if [ ! -c /dev/etw ]; then
	echo "1..0 # SKIP /dev/etw missing (etw.ko not loaded)"
	exit $ksft_skip
fi
echo "1..$PLAN"
T=$(mktemp -d /tmp/viewers_test.XXXXXX)
S1=view$$a S2=view$$b S3=view$$c
n=0 fail=0
cleanup() {
	for s in $S1 $S2 $S3; do "$CTL" stop $s > /dev/null 2>&1; done
	rm -rf "$T"
}
trap cleanup EXIT
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n $1"; [ -s "$T/why" ] && sed 's/^/#   /' "$T/why" | head -n 30; }
result() { if [ "$2" = 0 ]; then ok "$1"; else nok "$1"; fi; : > "$T/why"; }

# A provider with a parent activity on one thread and a child activity
# (its related activity: the parent) on another, the child's Stop
# written from a third thread.
cat > "$T/nested.c" <<'EOF'
#include <pthread.h>
#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>

static const GUID P = { 0x5e1f0c2d, 0x7a3b, 0x4c5d,
	{ 0x9e, 0x8f, 0x0a, 0x1b, 0x2c, 0x3d, 0x4e, 0x5f } };
static REGHANDLE h;
static GUID parent, child;
static EVENT_DESCRIPTOR start, stop, work;

static void *child_stop(void *a)
{
	(void)a;
	EventWriteTransfer(h, &stop, &child, NULL, 0, NULL);
	return NULL;
}

static void *child_main(void *a)
{
	pthread_t t;

	(void)a;
	EventActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_ID, &child);
	EventWriteTransfer(h, &start, &child, &parent, 0, NULL);
	EventWriteTransfer(h, &work, &child, NULL, 0, NULL);
	pthread_create(&t, NULL, child_stop, NULL);
	pthread_join(t, NULL);
	return NULL;
}

int main(void)
{
	pthread_t t;

	EventRegister(&P, NULL, NULL, &h);
	EventDescCreate(&start, 1, 0, 0, TRACE_LEVEL_INFORMATION, 10, 1, 1);
	EventDescCreate(&stop, 2, 0, 0, TRACE_LEVEL_INFORMATION, 10, 2, 1);
	EventDescCreate(&work, 3, 0, 0, TRACE_LEVEL_VERBOSE, 0, 0, 1);
	EventActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_ID, &parent);
	EventWriteTransfer(h, &start, &parent, NULL, 0, NULL);
	pthread_create(&t, NULL, child_main, NULL);
	pthread_join(t, NULL);
	EventWriteTransfer(h, &stop, &parent, NULL, 0, NULL);
	EventUnregister(h);
	return 0;
}
EOF
cc -O2 -Wall -Werror -D_GNU_SOURCE -I"$TOP/uapi" -I"$TOP/libetw/include" "$T/nested.c" \
	-o "$T/nested" "$TOP/build/libetw/libetw.a" -lfwnt -pthread 2> "$T/why"
"$CTL" start $S1 --file "$T/nested.etl" > /dev/null 2>> "$T/why" &&
	"$CTL" enable $S1 $PG > /dev/null 2>> "$T/why" && "$T/nested" 2>> "$T/why" &&
	"$CTL" stop $S1 > /dev/null 2>> "$T/why" &&
	"$DUMP" --chrome "$T/nested.json" --ctf "$T/nested.ctf" "$T/nested.etl" > /dev/null 2>> "$T/why"
result "a provider with nested activities over three threads, recorded and converted" $?

python3 - "$T/nested.json" > "$T/why" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["traceEvents"]
ev = [e for e in d if e.get("cat") == "5e1f0c2d-7a3b-4c5d-9e8f-0a1b2c3d4e5f"]
B = [e for e in ev if e["ph"] == "B"]
E = [e for e in ev if e["ph"] == "E"]
assert len(B) == 2 and len(E) == 2, [e["ph"] for e in ev]
parent, child = B
assert parent["tid"] != child["tid"]
# Each slice closes on the thread that opened it, the child first.
assert E[0]["tid"] == child["tid"] and E[1]["tid"] == parent["tid"], (E, B)
assert child["args"]["related_activity"] == parent["args"]["activity"]
s = [e for e in d if e["ph"] == "s"]
f = [e for e in d if e["ph"] == "f"]
assert len(s) == 1 and len(f) == 1 and s[0]["id"] == f[0]["id"]
assert s[0]["tid"] == parent["tid"] and f[0]["tid"] == child["tid"] and f[0]["bp"] == "e"
assert parent["ts"] <= s[0]["ts"] <= E[1]["ts"], "the flow leaves from inside the parent's slice"
i = [e for e in ev if e["ph"] == "i"]
assert len(i) == 1 and i[0]["args"]["id"] == 3 and i[0]["tid"] == child["tid"]
PY
result "--chrome: Start/Stop are slices closed where they opened, the child's Stop from another thread; a flow from the parent's slice to the child's" $?

babeltrace2 "$T/nested.ctf" > "$T/bt.txt" 2> "$T/why"
[ $? = 0 ] && [ ! -s "$T/why" ] && [ "$(grep -c "$PG:Event [123]:" "$T/bt.txt")" = 5 ]
result "--ctf: babeltrace2 prints the 5 events without an error" $?

# ---- losses: a real-time session with nobody reading and few buffers ----
"$CTL" start $S2 --realtime --buffer-kb 4 --min-buffers 2 --max-buffers 2 \
	--flush-timer 1 > /dev/null 2> "$T/why" &&
	"$CTL" enable $S2 $SGUID > /dev/null 2>> "$T/why" &&
	"$SAMPLE" --count 3000 --rate 0 --payload 200 --quiet > /dev/null 2>> "$T/why"
"$DUMP" --session $S2 --report "$T/lost.html" --chrome "$T/lost.json" > "$T/lost.out" 2>> "$T/why" &
dp=$!
sleep 2
"$SAMPLE" --count 5 --rate 0 --quiet > /dev/null 2>> "$T/why"
sleep 2
"$CTL" stop $S2 > /dev/null 2>> "$T/why"
wait $dp
rc=$?
lost=$(sed -n 's/^events lost: \([0-9]*\),.*/\1/p' "$T/lost.out")
# The page's data (the script draws it; the host's viewers_test runs the
# page in Chromium): the losses, where they were seen, and the events.
page_data() {
	python3 -c '
import json, re, sys
s = open(sys.argv[1]).read()
d = json.loads(re.search(r"<script type=\"application/json\" id=\"etw-data\">(.*?)</script>", s, re.S).group(1))
print(d["events_lost"], len(d["losses"]), d["events"], d["session"])' "$1"
}
set -- $(page_data "$T/lost.html")
[ $rc = 0 ] && [ "${lost:-0}" -gt 0 ] && [ "$1" = "$lost" ] && [ "$2" -ge 1 ] &&
	python3 -c "import json,sys; d=json.load(open('$T/lost.json')); assert d['metadata']['events_lost'] == $lost"
result "a real-time session that lost events: the report marks them (${lost:-0} lost, seen ${2:-0} times), the JSON says so" $?

grep -q "<title>ETW trace: $S2</title>" "$T/lost.html" && [ "${3:-0}" -gt 0 ] && [ "$4" = "$S2" ]
result "--report on a real-time session: named in the title, events counted" $?

# ---- etwctl stop on a terminal ------------------------------------------------
"$CTL" start $S3 --file "$T/big.etl" --buffer-kb 64 --max-buffers 64 > /dev/null 2> "$T/why" &&
	"$CTL" enable $S3 $SGUID > /dev/null 2>> "$T/why" &&
	"$SAMPLE" --count 2000 --rate 0 --payload 1000 --quiet > /dev/null 2>> "$T/why"
script -qec "ETW_PROGRESS_DELAY_MS=0 TERM=xterm $CTL stop $S3" /dev/null > "$T/tty.out" 2>&1
grep -aq "etwctl: stopping $S3: $T/big.etl has [0-9.]* MB" "$T/tty.out" &&
	grep -aq "Stopped session \"$S3\"" "$T/tty.out"
result "etwctl stop on a terminal: a progress line (the log file's size) until it returns" $?
cat "$T/tty.out" | tr '\r' '\n' | sed 's/^/#   /' | head -n 3

"$CTL" start $S3 --file "$T/big2.etl" > /dev/null 2>&1
ETW_PROGRESS_DELAY_MS=0 "$CTL" stop $S3 > "$T/out" 2> "$T/err"
[ ! -s "$T/err" ]
result "etwctl stop not on a terminal: no progress line" $?

[ $n = $PLAN ] || echo "# ran $n of $PLAN"
exit $((fail != 0))
