#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Microsoft's LinuxTracepoints files (selftests/data/linuxtracepoints/
# TestOutput: a perf.data file, the same as a pipe, an EventHeader
# capture) read by etwdump, no etw.ko needed.  The rule checked
# (issue 29, Documentation/linux-tracepoints.rst): etwdump decodes every
# event of them as Microsoft's own decoder does -- EventHeader events by
# their metadata, other tracepoints by the formats in the file -- with
# the same names, field values, times, CPUs, processes, threads, levels,
# keywords, opcodes and activity IDs (linuxtracepoints_cmp.py says which
# differences are notation only), in every output format; --etl converts
# them into an .etl file that decodes the same, each EventHeader event
# carrying its provider traits and TraceLogging metadata; damaged files
# give a message naming them, not a crash.  Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
E=$top/build/tools/etwdump
T=$top/selftests/data/linuxtracepoints/TestOutput
CMP="python3 $here/linuxtracepoints_cmp.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
failed=0
planned=13
echo "TAP version 13"
echo "1..$planned"
. "$here/tap_check.inc"
if [ ! -x "$E" ]; then
	for i in $(seq 1 $planned); do
		echo "ok $i linuxtracepoints # SKIP $E not built"
	done
	exit 0
fi

# same FILE [--by-time]: etwdump --json of FILE decodes as Microsoft's.
same() {
	f=$1
	shift
	"$E" --no-progress --json "$T/$f" > "$tmp/$f.jsonl" 2> "$tmp/err" ||
		{ cat "$tmp/err"; return 1; }
	$CMP "$T/$f.linux.json" "$tmp/$f.jsonl"
}
# same_etl FILE: FILE converted to .etl decodes as Microsoft's.
same_etl() {
	f=$1
	"$E" --no-progress -q --etl "$tmp/$f.etl" "$T/$f" 2> "$tmp/err" ||
		{ cat "$tmp/err"; return 1; }
	"$E" --no-progress --json "$tmp/$f.etl" > "$tmp/$f.etl.jsonl" 2> "$tmp/err" ||
		{ cat "$tmp/err"; return 1; }
	$CMP --by-time "$T/$f.linux.json" "$tmp/$f.etl.jsonl"
}

check "EventHeader capture (.dat): every event as LinuxTracepoints decodes it" \
	same EventHeaderInterceptorLE64.dat
check "perf record's perf.data: sched_switch by its format, EventHeader by metadata" \
	same perf.data
check "perf.data written to a pipe: the same events" same pipe.data
check "perf.data converted with --etl decodes the same" same_etl perf.data
check "pipe.data converted with --etl decodes the same" same_etl pipe.data
check "the .dat capture converted with --etl decodes the same" \
	same_etl EventHeaderInterceptorLE64.dat

# Every EventHeader event in the .etl carries traits (12) and TraceLogging
# metadata (11): what Windows' TDH decodes it by.
tl_in_etl() {
	python3 - "$tmp/perf.data.etl.jsonl" <<'EOF'
import json, sys
bad = 0
for line in open(sys.argv[1]):
    e = json.loads(line)
    if e.get("provider_name", "").startswith("TestProvider") and e.get("ext") != [12, 11] \
            and e.get("ext") != [1, 12, 11]:
        bad += 1
        print("no traits/metadata:", e.get("event"), e.get("ext"))
sys.exit(1 if bad else 0)
EOF
}
check "each EventHeader event in the .etl has PROV_TRAITS and EVENT_SCHEMA_TL" tl_in_etl

formats() {
	"$E" --no-progress -v "$T/perf.data" > "$tmp/text" 2>&1 &&
	grep -q 'TestProviderC/CScalars3 id=1000 v=11 lvl=4 kw=0x85 op=3' "$tmp/text" &&
	"$E" --no-progress --csv "$T/perf.data" > "$tmp/csv" 2>/dev/null &&
	grep -q 'sched_switch' "$tmp/csv" &&
	"$E" --no-progress --xml "$T/perf.data" > "$tmp/xml" 2>/dev/null &&
	grep -q 'TestProviderCpp' "$tmp/xml" &&
	"$E" --no-progress --summary --json "$T/pipe.data" > "$tmp/sum" 2>/dev/null &&
	grep -q '"TestProviderC"' "$tmp/sum"
}
check "text, CSV, XML and --summary show the perf.data events" formats

filters() {
	c=$("$E" --no-progress -p TestProviderC --json "$T/perf.data" 2>/dev/null | wc -l)
	[ "$c" -eq 113 ] || { echo "-p TestProviderC: $c events, not 113"; return 1; }
	c=$("$E" --no-progress --level 1 --json "$T/perf.data" 2>/dev/null |
		grep -c '"provider_name":"TestProvider')
	[ "$c" -eq 2 ] || { echo "--level 1: $c EventHeader events, not 2"; return 1; }
}
check "filters by provider name and level apply to perf.data events" filters

truncated() {
	head -c 50000 "$T/perf.data" > "$tmp/cut.data"
	"$E" --no-progress --json "$tmp/cut.data" > "$tmp/cut" 2> "$tmp/cuterr"
	s=$?
	[ $s -le 1 ] || { echo "exit $s"; cat "$tmp/cuterr"; return 1; }
	grep -q "cut.data" "$tmp/cuterr" || { cat "$tmp/cuterr"; return 1; }
}
check "a cut perf.data file: an error naming it, no crash" truncated

garbage() {
	{ printf 'PERFILE2'; head -c 4096 /dev/urandom; } > "$tmp/junk.data"
	"$E" --no-progress "$tmp/junk.data" > /dev/null 2> "$tmp/junkerr"
	s=$?
	[ $s -eq 1 ] && grep -q "junk.data" "$tmp/junkerr" ||
		{ echo "exit $s"; cat "$tmp/junkerr"; return 1; }
}
check "a perf.data magic before garbage: exit 1 with the file named" garbage

damaged() {
	# Bytes flipped inside the data section: events still read, never a crash.
	cp "$T/perf.data" "$tmp/flip.data"
	python3 - "$tmp/flip.data" <<'EOF'
import random, sys
b = bytearray(open(sys.argv[1], "rb").read())
r = random.Random(29)
for _ in range(400):
    i = r.randrange(4096, len(b) - 4096)
    b[i] = r.randrange(256)
open(sys.argv[1], "wb").write(b)
EOF
	"$E" --no-progress --json "$tmp/flip.data" > /dev/null 2> "$tmp/fliperr"
	s=$?
	[ $s -le 1 ] || { echo "exit $s"; tail -5 "$tmp/fliperr"; return 1; }
}
check "400 bytes of perf.data scribbled over: no crash" damaged

mixed() {
	"$E" --no-progress "$T/perf.data" "$top/selftests/data/lxcore_kernel.etl" \
		> /dev/null 2> "$tmp/mixerr"
	[ $? -ne 0 ] && grep -q "not with .etl files" "$tmp/mixerr"
}
check "perf.data and .etl in one command: refused with a reason" mixed

[ $failed -eq 0 ]
