#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etwdump on the files Windows wrote (selftests/data/), no etw.ko needed:
# the two TraceLogging events of lxcore_kernel.etl decoded to their field
# names and values in the text, JSON (jq), CSV and XML (xmllint) forms;
# the filters (provider by name and GUID, level, keywords, id, time
# window), --header, --max, --no-decode; and an event no manifest
# describes (powershell.etl) kept in hex with the reason; the compact
# default line on shutdown_kernel.etl: its shape, the date on the first
# line only, at most 80 columns before the fields (160 for a kernel event
# with few fields), the process name of a pid the trace names, -v's
# fields, -v's old line, an event without names.  Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
E=$top/build/tools/etwdump
L=$top/selftests/data/lxcore_kernel.etl
P=$top/selftests/data/powershell.etl
K=$top/selftests/data/shutdown_kernel.etl
LX=Microsoft.Windows.Subsystem.LxCore
LXG=0cd1c309-0878-4515-83db-749843b3f5c9
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
failed=0
planned=30
echo "TAP version 13"
echo "1..$planned"
. "$here/tap_check.inc"
if [ ! -x "$E" ]; then
	for i in $(seq 1 $planned); do
		echo "ok $i etwdump # SKIP $E not built"
	done
	exit 0
fi

# events FILE ARGS...: etwdump's event count (its summary line).
events() {
	f=$1
	shift
	"$E" "$@" "$f" 2>&1 | sed -n 's/^--- \([0-9]*\) events.*/\1/p'
}
is() {	# is WANT GOT
	[ "$1" = "$2" ] || { echo "want '$1', got '$2'"; return 1; }
}

text1='ErrorLevel=2 instanceId={00000000-0000-0000-0000-000000000000} LxPid=-1 LxTid=-1 LxNs=0 ExecutablePath="" Function=LxpDrvFsTypeMount Line=10528 Message="Failed to open volume C:\\WINDOWS\\system32\\lxss\\tools, result -2\n"'
text2='ErrorLevel=2 instanceId={00000000-0000-0000-0000-000000000000} LxPid=-1 LxTid=-1 LxNs=0 ExecutablePath="" Function=LxpInstanceStart Line=2659 Message="[0xc0000034] LxpInstanceInitialize\n"'
"$E" -v "$L" > "$tmp/text" 2>/dev/null	# -v: the whole header (ext=)
check "lxcore event 1: provider/event name and every field" \
	sh -c 'grep -F "$1/BreakPoint " "$2" | sed -n 1p | grep -qF -- "$3"' _ "$LX" "$tmp/text" "$text1"
check "lxcore event 2: provider/event name and every field" \
	sh -c 'grep -F "$1/BreakPoint " "$2" | sed -n 2p | grep -qF -- "$3"' _ "$LX" "$tmp/text" "$text2"
check "the traits item shows the provider name, the schema item its kind" \
	grep -q "ext=\[12,11\]" "$tmp/text"

"$E" --json "$L" > "$tmp/json" 2>/dev/null
check "--json: one valid JSON object per line" jq -e . "$tmp/json"
check "--json: fields as an object, numbers as numbers" sh -c '
	jq -e "select(.event == \"BreakPoint\") | .fields |
	       .LxPid == -1 and .Line == 10528 and .Function == \"LxpDrvFsTypeMount\" and
	       .Message == \"Failed to open volume C:\\\\WINDOWS\\\\system32\\\\lxss\\\\tools, result -2\\n\"" "$1" |
	sed -n 1p | grep -qx true' _ "$tmp/json"
check "--json: provider name and the traits in ext_data" sh -c '
	jq -e "select(.event == \"BreakPoint\") | .provider_name == \"$2\" and .ext_data.traits == \"$2\"" "$1" |
	sort -u | grep -qx true' _ "$tmp/json" "$LX"
check "--json: one shape, every line an event (the summary is not in it)" sh -c '
	[ "$(wc -l < "$1")" = 4 ] && jq -e "has(\"provider\") and has(\"id\") and has(\"len\")" "$1" | sort -u | grep -qx true' _ "$tmp/json"

"$E" --csv "$L" > "$tmp/csv" 2>/dev/null
check "--csv: tracerpt's header line" sh -c 'head -n 1 "$1" | grep -qx "Event Name, Type, Event ID, Version, Channel, Level, Opcode, Task, Keyword, PID, TID, Processor Number, Instance ID, Parent Instance ID, Activity ID, Related Activity ID, Clock-Time, Kernel(ms), User(ms), User Data"' _ "$tmp/csv"
check "--csv: the lxcore rows with their values" sh -c '
	grep -F "\"$2\", \"BreakPoint\", 0, 0, 11, 2, 0, 0, 0x0000400000000000, 0x000016F4, 0x00000B34, 3," "$1" |
	grep -qF "2, \"{00000000-0000-0000-0000-000000000000}\", -1, -1, 0, \"\", \"LxpInstanceStart\", 2659, \"[0xc0000034] LxpInstanceInitialize \""' _ "$tmp/csv" "$LX"

"$E" --xml "$L" > "$tmp/xml" 2>/dev/null
if command -v xmllint > /dev/null 2>&1; then
	check "--xml: well-formed (xmllint)" xmllint --noout "$tmp/xml"
else
	n=$((n + 1)); echo "ok $n --xml: well-formed # SKIP no xmllint"
fi
check "--xml: <Data Name=...> per field, RenderingInfo names" sh -c '
	grep -q "<Data Name=\"Function\">LxpDrvFsTypeMount</Data>" "$1" &&
	grep -q "<Data Name=\"LxPid\">-1</Data>" "$1" &&
	grep -q "<Task>BreakPoint</Task>" "$1"' _ "$tmp/xml"

check "--provider NAME (any case): the two lxcore events" is 2 "$(events "$L" --provider microsoft.windows.subsystem.lxcore)"
check "--provider GUID: the same" is 2 "$(events "$L" --provider "$LXG")"
check "--provider of another: nothing (the EventTrace header too)" is 0 "$(events "$L" --provider 11111111-2222-3333-4444-555555555555)"
check "--level 1: the lxcore events (level 2) out, EventTrace's in" is 2 "$(events "$L" --level 1)"
check "--keywords 0x1: the lxcore events (0x400000000000) out" is 2 "$(events "$L" --keywords 0x1)"
check "--since between the two: only the second" sh -c '
	"$1" --provider "$2" --since 2020-07-14T12:04:36.9030000Z "$3" 2>/dev/null | grep -c LxpInstanceStart | grep -qx 1 &&
	! "$1" --provider "$2" --since 2020-07-14T12:04:36.9030000Z "$3" 2>/dev/null | grep -q LxpDrvFsTypeMount' _ "$E" "$LX" "$L"
check "--header: the log file header first, whatever the filters" sh -c '
	"$1" --header --provider "$2" "$3" 2>/dev/null | head -n 3 | grep -q "^logger name: *lxcore_kernel"' _ "$E" "$LX" "$L"
check "--max 1: one event" is 1 "$(events "$L" --max 1)"
check "--no-decode: hex payloads and the reason" sh -c '
	"$1" --no-decode --provider "$2" "$3" 2>/dev/null | grep -q "data=0200000000.*(undecoded: --no-decode)"' _ "$E" "$LXG" "$L"
check "an event no manifest describes stays hex and says why" sh -c '
	"$1" "$2" 2>/dev/null | grep "id=7937" | sed -n 1p | grep -q "data=.*(undecoded: no manifest for this provider and event)"' _ "$E" "$P"
check "--json undecoded: payload and reason" sh -c '
	"$1" --json "$2" 2>/dev/null | jq -e "select(.id == 7937) | .undecoded == \"no manifest for this provider and event\" and (.payload | length) > 0" |
	sort -u | grep -qx true' _ "$E" "$P"

# ---- the default line (issue 32, point 7: "a compact default text
# line, in the manner of perf script: time, CPU, process name and
# pid/tid, provider/event names, fields.  The full header goes behind
# --header or -v"; -v, since --header is the log file's header):
#   TIME [CPU] COMM PID/TID Provider/Event: fields
# on shutdown_kernel.etl, a Windows kernel trace with process events.
# The event lines (not the closing summary's).
"$E" --no-progress "$K" 2> /dev/null | sed '/^--- /,$d' > "$tmp/k"
"$E" --no-progress -v "$K" 2> /dev/null | sed '/^--- /,$d' > "$tmp/kv"

check "every line: TIME [CPU] COMM PID/TID Provider/Event: (the date on the first line only)" awk '
	NR == 1 && !/^2020-02-28T09:03:47\.7445790Z / { print "line 1: " $0; bad = 1 }
	NR > 1 && !/^[0-2][0-9]:[0-5][0-9]:[0-5][0-9]\.[0-9][0-9][0-9][0-9][0-9][0-9][0-9] / { print "line " NR ": " $0; bad = 1 }
	!/^[^ ]+ \[[0-9][0-9][0-9]+\] [^ ]+ [0-9]+\/[0-9]+ [^ :]+:( |$)/ { print "line " NR ": " $0; bad = 1 }
	END { exit bad || NR < 17000 }' "$tmp/k"

check "before the fields at most 80 columns; a kernel event with few fields (Process/Terminate) at most 160" awk '
	{ i = index($0, ": "); if (!i) i = length($0) }
	i > 80 { print "line " NR " (" i "): " $0; bad = 1 }
	$5 == "Process/Terminate:" { t++; if (length($0) > 160) { print length($0) ": " $0; bad = 1 } }
	END { exit bad || !t }' "$tmp/k"

check "no GUID, id=, lvl=, kw=, flags= or ext= before the fields of named events" awk '
	{ i = index($0, ": "); h = i ? substr($0, 1, i) : $0 }
	h ~ /[{=]/ { print "line " NR ": " $0; bad = 1 }
	END { exit bad }' "$tmp/k"

# the trace names pid 428 (its summary's processes), and its lines say so
check "a pid the trace names has its name: csrss.exe 428/TID" sh -c '
	"$1" --no-progress --summary "$2" 2> /dev/null | grep -Eq "^ *[0-9]+ +428 +csrss\.exe$" &&
	grep -Eq "^[^ ]+ \[[0-9]+\] csrss\.exe 428/[0-9]+ Thread/DCStart: ProcessId=428 " "$3" &&
	! grep -E " [^ ]+ 428/" "$3" | grep -v " csrss\.exe 428/" | head -n 3 | grep .' _ "$E" "$K" "$tmp/k"

check "a pid the trace does not name is -: the first line (pid 4156's thread before any process event)" \
	grep -Eq '^[^ ]+ \[000\] - 4/4156 EventTrace/Header: ' "$tmp/k"

# Each line's fields are -v's fields: the same text after the header.
check "each line has -v's fields, byte for byte" sh -c '
	sed -E "s/^[^ ]+ \[[0-9]+\] [^ ]+ [0-9]+\/[0-9]+ [^ ]+:( |$)//" "$1" > "$3.f" &&
	sed -E "s/^.* ext=\[[0-9,]*\]( |$)//" "$2" > "$3.vf" &&
	[ "$(wc -l < "$1")" = "$(wc -l < "$2")" ] && cmp "$3.f" "$3.vf"' _ "$tmp/k" "$tmp/kv" "$tmp/x"

check "-v: the old line (ISO time cpu= pid= tid= {GUID} Provider/Event id= v= lvl= kw= op= task= flags= ext=)" \
	grep -Eq '^2020-02-28T17:15:47\.4130615Z cpu=0 pid=428 tid=444 \{3d6fa8d1-fe05-11d0-9dda-00c04fd7ba7c\} Thread/DCStart id=0 v=3 lvl=0 kw=0x0 op=3 task=0 flags=0x0[0-9a-f]{3} ext=\[\] ProcessId=428 ' "$tmp/kv"

check "an event without names: {GUID} id=N:, its hex cut at 32 bytes" sh -c '
	"$1" --no-progress --max 3 "$2" 2> /dev/null | sed -n 3p |
	grep -Eqx "15:12:38\.0204599 \[002\] - 17480/18944 \{a0c1853b-5c40-4b15-8766-3cf1c58f985a\} id=7937: len=1368 data=[0-9a-f]{64}\.\.\. \(undecoded: no manifest for this provider and event\)"' _ "$E" "$P"

[ "$n" -eq "$planned" ] || { echo "# ran $n tests, planned $planned"; exit 1; }
[ "$failed" -eq 0 ]
