#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Microsoft's own LinuxTracepoints test provider (TestProviderC.c and
# TestProviderCommon.h, unchanged; ltp_testprov runs it), linked with
# this project's libtracepoint instead of Microsoft's, with etw.ko
# loaded (issue 29).  The rules checked: the program builds unchanged
# and, statically linked or with libtracepoint.so.1 first on the library
# path, writes its events into an ETW session that names the providers
# (etwctl record -p *NAME, -p NAME while registered, -p
# Provider_L5K1); etwdump decodes them as Microsoft's decoder decoded
# the same program's events in TestOutput/perf.data (names, fields,
# levels, keywords, ids, opcodes, tags, activity IDs) -- the events of
# its current version, as in TestOutput/EventHeaderInterceptorLE64.dat
# (TestOutput/perf.data is of an older one); etwctl providers
# lists the EventHeader providers with their tracepoints; a group is
# enabled by its name; an EventHeaderDynamic.h program's run-time events
# (ltp_dynamic.cc) decode too.  Prints TAP; skips only without /dev/etw.
ksft_skip=4

DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
CTL=${ETWCTL:-$TOP/build/tools/etwctl}
DUMP=${ETWDUMP:-$TOP/build/tools/etwdump}
PROV=$DIR/ltp_testprov
PROV_SO=$DIR/ltp_testprov_so
DYN=$DIR/ltp_dynamic
CMP="python3 $TOP/selftests/unit/linuxtracepoints_cmp.py"
EXPECT=$TOP/selftests/data/linuxtracepoints/TestOutput/EventHeaderInterceptorLE64.dat.linux.json

echo "TAP version 13"
if [ ! -c /dev/etw ]; then
	echo "1..0 # SKIP /dev/etw missing (etw.ko not loaded)"
	exit $ksft_skip
fi
for t in "$CTL" "$DUMP" "$PROV" "$PROV_SO" "$DYN"; do
	[ -x "$t" ] || { echo "1..0 # SKIP $t not built"; exit $ksft_skip; }
done
echo "1..8"

T=$(mktemp -d /tmp/ltp_test.XXXXXX)
n=0 fail=0
cleanup() {
	for s in ltp$$ ltpg$$; do "$CTL" stop "$s" > /dev/null 2>&1; done
	[ -n "${HOLD:-}" ] && kill "$HOLD" 2> /dev/null
	rm -rf "$T"
}
trap cleanup EXIT
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() {
	n=$((n + 1)); fail=$((fail + 1))
	echo "not ok $n $1"
	for f in "$T/out" "$T/err" "$T/cmp"; do
		[ -s "$f" ] && sed 's/^/#   /' "$f" | head -n 30
	done
}
result() { if [ "$2" = 0 ]; then ok "$1"; else nok "$1"; fi; }

# record FILE PROGRAM: the test provider's two providers, by name hash.
record() {
	"$CTL" record -o "$1" -p '*TestProviderC:5:ffffffffffffffff' \
		-p '*TestProviderCpp:5:ffffffffffffffff' -- "$2" > "$T/out" 2> "$T/err"
}
# decoded FILE: etwdump's JSON of FILE matches Microsoft's decode.
decoded() {
	"$DUMP" --no-progress --json "$1" > "$T/json" 2>> "$T/err" &&
		$CMP --recorded "$EXPECT" "$T/json" > "$T/cmp"
}

record "$T/static.etl" "$PROV"
rc=$?
grep -q "TestC: ok" "$T/out" && [ $rc = 0 ]
result "TestProviderC.c, unchanged, linked statically: TestC passes" $?
decoded "$T/static.etl"
rc=$?
result "its events decode as LinuxTracepoints decoded them (TestOutput)" $rc
[ $rc = 0 ] && tail -n 1 "$T/cmp" | sed 's/^/# compared: /' 

LD_LIBRARY_PATH=$TOP/build/libetw/tracepoint:$TOP/build/libetw record "$T/so.etl" "$PROV_SO" &&
	grep -q "TestC: ok" "$T/out" && decoded "$T/so.etl"
result "the same with libtracepoint.so.1 first on the library path" $?

# A provider by one of its tracepoint names: that tracepoint's level and
# keyword (Provider_L<level>K<keyword>, as perf-collect names them).
"$CTL" record -o "$T/named.etl" -p TestProviderC_L1Kf123456789abcdef -- "$PROV" \
	> "$T/out" 2> "$T/err"
rc=$?
"$DUMP" --no-progress --json "$T/named.etl" 2>> "$T/err" | grep -v '"EventTrace"' |
	python3 -c '
import json, sys
names = [json.loads(l)["event"] for l in sys.stdin]
print(names)
sys.exit(0 if names == ["CScalars2"] else 1)' > "$T/cmp"
prc=$?
[ $rc = 0 ] && [ $prc = 0 ]
result "record -p TestProviderC_L1Kf123456789abcdef: level 1, that keyword: CScalars2" $?

# A group by its name (the G option's): enables TestProviderC's msft
# tracepoints, and only those.
"$CTL" start ltpg$$ --file "$T/group.etl" > "$T/out" 2> "$T/err" &&
	"$CTL" enable ltpg$$ msft --group --level 5 --any ffffffffffffffff >> "$T/out" 2>> "$T/err"
rc=$?
[ $rc = 0 ] && "$PROV" > /dev/null 2>&1
"$CTL" stop ltpg$$ >> "$T/out" 2>> "$T/err"
"$DUMP" --no-progress --json "$T/group.etl" 2>> "$T/err" | grep -v '"EventTrace"' |
	python3 -c '
import json, sys
names = sorted(json.loads(l)["event"] for l in sys.stdin)
print(names)
sys.exit(0 if names == ["EventCG", "EventCppG"] else 1)' > "$T/cmp"
result "etwctl enable --group msft: the group's members' events only" $?

# etwctl providers while ltp_testprov holds TestProviderC registered.
"$PROV" hold "$T/ready" > /dev/null 2>&1 &
HOLD=$!
for i in $(seq 1 100); do
	[ -e "$T/ready" ] && break
	sleep 0.05
done
"$CTL" --json providers > "$T/prov.json" 2> "$T/err"
"$CTL" providers > "$T/prov.txt" 2>> "$T/err"
rm -f "$T/ready"
wait "$HOLD" 2> /dev/null
HOLD=
python3 - "$T/prov.json" > "$T/cmp" <<'EOF2'
import json, sys
provs = json.load(open(sys.argv[1]))
p = [x for x in provs if x.get("name") == "TestProviderC"]
if not p:
    print("TestProviderC not listed:", [x.get("name") for x in provs])
    sys.exit(1)
tps = p[0].get("tracepoints", [])
print("tracepoints:", tps)
want = {"TestProviderC_L5K0", "TestProviderC_L1Kf123456789abcdef", "TestProviderC_L4K85"}
sys.exit(0 if want <= set(tps) else 1)
EOF2
grep -q "tracepoints:.*TestProviderC_L5K0" "$T/prov.txt"
result "etwctl providers: TestProviderC with its tracepoints (text and JSON)" $?

"$DUMP" --no-progress --json "$T/static.etl" 2> /dev/null |
	python3 -c '
import json, sys
for line in sys.stdin:
    e = json.loads(line)
    if e.get("event") == "CScalars3":
        ok = e["id"] == 1000 and e["version"] == 11 and e["level"] == 4 and \
            e["keywords"] == 0x85 and e["opcode"] == 3
        sys.exit(0 if ok else 1)
sys.exit(1)'
result "CScalars3: id 1000, version 11, level 4, keyword 0x85, opcode 3 in the ETW header" $?

# EventHeaderDynamic.h: metadata built at run time, in a reused buffer.
"$CTL" record -o "$T/dyn.etl" -p '*TpDynProvider:5:ffffffffffffffff' -- "$DYN" \
	> "$T/out" 2> "$T/err"
rc=$?
"$DUMP" --no-progress --json "$T/dyn.etl" 2>> "$T/err" | grep -v '"EventTrace"' |
	python3 -c '
import json, sys
ev = {e["event"]: e for e in map(json.loads, sys.stdin)}
one, two = ev.get("DynOne"), ev.get("DynTwo")
print(ev)
ok = one and two and one["fields"] == {"u32": 42, "guid":
    "01020304-0506-0708-090a-0b0c0d0e0f10", "str": "dyn"} and one["id"] == 5 and \
    one["version"] == 1 and one["level"] == 4 and one["keywords"] == 2 and \
    two["fields"] == {"i16": -3, "wide": "\U0001F600x"} and \
    two.get("activity") == "04030201-0605-0807-090a-0b0c0d0e0f10"
sys.exit(0 if ok else 1)' > "$T/cmp"
prc=$?
grep -q "dynamic: ok" "$T/out" && [ $rc = 0 ] && [ $prc = 0 ]
result "EventHeaderDynamic.h's run-time events: ids, fields, UUID, UTF-32, activity" $?

[ $fail = 0 ]
