#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etwdump's default text line on Windows traces (selftests/data/), issue
# 32, point 7: "a compact default text line, in the manner of perf
# script: time, CPU, process name and pid/tid, provider/event names,
# fields.  The full header goes behind --header or -v" (-v: --header is
# the log file's header).
#
#   TIME [CPU] COMM PID/TID Provider/Event: fields
#
# shutdown_kernel.etl (a Windows kernel trace with process events): every
# line has that shape, the date on the first line only (one day), the
# part before the fields at most 80 columns and a kernel event with few
# fields (Process/Terminate) at most 160; a pid the trace names
# (csrss.exe, 428) has its name; each line's fields are -v's; -v is the
# old line.  powershell.etl: an event with no names is its {GUID} id=N,
# its hex cut at 32 bytes.  Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
E=${ETWDUMP:-$top/build/tools/etwdump}
K=$top/selftests/data/shutdown_kernel.etl
P=$top/selftests/data/powershell.etl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
failed=0
planned=8
echo "TAP version 13"
echo "1..$planned"
# check DESC CMD...: one TAP line; on failure what the check printed.
check() {
	desc=$1
	shift
	n=$((n + 1))
	if "$@" > "$tmp/why" 2>&1; then
		echo "ok $n $desc"
	else
		echo "not ok $n $desc"
		sed 's/^/# /' "$tmp/why" | head -n 20 | cut -c1-300
		failed=$((failed + 1))
	fi
}
if [ ! -x "$E" ]; then
	echo "1..0 # SKIP $E not built"
	exit 4
fi

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

[ $failed = 0 ]
