#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etwdump as a daily tool on the Windows files of selftests/data, no
# etw.ko needed (issue 21): --summary per provider and event type
# (tracerpt -summary) on a real NT Kernel Logger trace, its numbers
# checked against an independent parser (etl_count.py) and against
# --json's event stream; kernel classes under their own names, process
# names from the trace's process events, the trace's span apart from
# the reading time; the options (getopt_long, --version, an unknown
# option named, bad values and conflicting options refused, "-" for
# standard output); a provider filter that matches nothing says so.
# And the frictions of daily use issue 32 found, by its points: char
# arrays are strings, as Windows' decoders show them, in text, JSON, CSV
# and XML -- AMSI's "Raw Script" is its script's text, not one element a
# character; an array stops at its NUL (8); a usage error says first
# what is wrong -- no trace given, an option's file missing (--chrome
# x.etl took the trace for its output) -- then the synopsis, not the
# whole help (9); --chrome names an instant
# after its event: the kernel's Image/Unload is "Unload", not "Image";
# only a Start/Stop slice has its task's name (11); 'etwdump ... | head'
# ends quietly, exit 0, no "Broken pipe" (18).
# Prints TAP.  $ETWDUMP: another etwdump (an older tree's, to see the
# issue 32 checks fail there).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
E=${ETWDUMP:-$top/build/tools/etwdump}
A=$top/selftests/data/amsi.etl
K=$top/selftests/data/shutdown_kernel.etl
L=$top/selftests/data/lxcore_kernel.etl
P=$top/selftests/data/powershell.etl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
failed=0
echo "TAP version 13"
# check DESC CMD...: one TAP line; on failure what it printed.
check() {
	desc=$1
	shift
	n=$((n + 1))
	if (cd "$tmp" && "$@") > "$tmp/why" 2>&1; then
		echo "ok $n $desc"
	else
		echo "not ok $n $desc"
		sed 's/^/# /' "$tmp/why" | head -n 20
		failed=$((failed + 1))
	fi
}
if [ ! -x "$E" ] || [ ! -x "$here/golden_trace" ] || ! command -v jq > /dev/null; then
	echo "1..0 # SKIP $E or golden_trace not built, or no jq"
	exit 4
fi

"$E" --summary --json "$K" > "$tmp/sum.json" 2> "$tmp/sum.err"
"$E" --summary "$K" > "$tmp/sum.txt" 2>&1
"$E" --json "$K" > "$tmp/ev.json" 2> "$tmp/ev.err"

# --- the summary of a Windows kernel trace ----------------------------
# Classic events differ by opcode alone (id 0): Image/DCStart, Unload,
# DCEnd and Load are four event types, not one (issue 21).
check "--summary: Image events by type (DCStart 6745, Unload 4791, DCEnd 2145, Load 72)" sh -c '
	for want in DCStart:3:6745 Unload:2:4791 DCEnd:4:2145 Load:10:72; do
		ev=${want%%:*}; rest=${want#*:}; op=${rest%%:*}; cnt=${rest#*:}
		jq -e --arg ev "$ev" --argjson op "$op" --argjson n "$cnt" \
			"[.event_types[] | select(.provider == \"Image\" and .event == \$ev and .opcode == \$op)] |
			 length == 1 and .[0].events == \$n" "$1" > /dev/null || { echo "no $want"; exit 1; }
	done' _ "$tmp/sum.json"
check "--summary: every (class, opcode) count equals the independent parser's (etl_count.py)" sh -c '
	python3 "$1" "$2" | sed -n "s/^hook\.\([0-9]*\)\.\([0-9]*\) \([0-9]*\)$/\1 \2 \3/p" | sort > want
	# the consumer names Image/Load (group 3, type 10) by the Image class, as Windows does
	jq -r ".event_types[] | \"\(.guid) \(.opcode) \(.events)\"" "$3" |
	sed -e "s/^68fdd900-[^ ]* /0 /" -e "s/^3d6fa8d0-[^ ]* /3 /" -e "s/^3d6fa8d1-[^ ]* /5 /" \
	    -e "s/^2cb15d1d-[^ ]* 10 /3 10 /" -e "s/^2cb15d1d-[^ ]* /20 /" | sort > got
	diff want got' _ "$here/etl_count.py" "$K" "$tmp/sum.json"
check "--summary: the kernel's classes by their own names (Image, Thread, Process, EventTrace), no MSNT_SystemTrace" sh -c '
	[ "$(jq -r "[.providers[].name] | sort | join(\",\")" "$1")" = "EventTrace,Image,Process,Thread" ] &&
	! grep -q MSNT_SystemTrace "$2"' _ "$tmp/sum.json" "$tmp/sum.txt"
check "--summary: processes named by the trace's process events (explorer.exe, System)" sh -c '
	jq -e "[.processes[] | select(.pid == 3856)][0].name == \"explorer.exe\" and
	       [.processes[] | select(.pid == 4)][0].name == \"System\"" "$1" > /dev/null' _ "$tmp/sum.json"
check "--summary: the trace's span (8 hours), not the reading time" sh -c '
	jq -e ".span_seconds > 29500 and .span_seconds < 29600 and .read_seconds < 60 and
	       .first == \"2020-02-28T09:03:47.7445790Z\"" "$1" > /dev/null &&
	grep -q "^Trace span:  2020-02-28T09:03:47.7445790Z to .* (8h12m03s)" "$2"' _ "$tmp/sum.json" "$tmp/sum.txt"
check "--summary and --json agree: events per (provider, id, version, opcode, task)" sh -c '
	jq -r "select(.time) | \"\(.provider) \(.id) \(.version) \(.opcode) \(.task)\"" "$1" | sort | uniq -c |
		awk "{print \$2, \$3, \$4, \$5, \$6, \$1}" | sort > a
	jq -r ".event_types[] | \"\(.guid) \(.id) \(.version) \(.opcode) \(.task) \(.events)\"" "$2" | sort > b
	diff a b && [ "$(jq .events "$2")" = 17078 ]' _ "$tmp/ev.json" "$tmp/sum.json"
check "--summary (text): tracerpt-like tables of event types, providers and processes" sh -c '
	grep -Eq "^ +6745  Image +DCStart +0 +3 +3 +0  \{2cb15d1d-5fc1-11d2-abe1-00a0c911f518\}" "$1" &&
	grep -Eq "^ +13755  Image +\{2cb15d1d" "$1" && grep -Eq "^ +354 +3856  explorer.exe" "$1"' _ "$tmp/sum.txt"
check "--json: only events on stdout; the closing summary (with the span) on stderr" sh -c '
	[ "$(wc -l < "$1")" = 17078 ] && ! grep -q "\"summary\"" "$1" &&
	grep -q "^--- 17078 events, 2020-02-28T09:03:47.7445790Z to .* (8h12m03s); read in" "$2"' _ "$tmp/ev.json" "$tmp/ev.err"
check "TraceLogging event types keyed by name too (lxcore's BreakPoint)" sh -c '
	"$1" --summary --json "$2" | jq -e "[.event_types[] | select(.event == \"BreakPoint\")][0].events == 2" > /dev/null' _ "$E" "$L"

# --- options ----------------------------------------------------------
check "--version" sh -c '"$1" --version | grep -Eqx "etwdump \(Linux ETW\) [0-9]+\.[0-9]+\.[0-9]+"' _ "$E"
check "an unknown option is named (exit 2)" sh -c '
	"$1" --bogus "$2" 2> err; [ $? = 2 ] && grep -q "unknown option .--bogus." err' _ "$E" "$L"
check "--max -1 and --max 0 are refused (exit 2)" sh -c '
	"$1" --max -1 "$2" 2> err; [ $? = 2 ] && grep -q -- "--max -1" err &&
	"$1" --max 0 "$2" 2> /dev/null; [ $? = 2 ]' _ "$E" "$L"
check "--json --csv: two formats refused, both named" sh -c '
	"$1" --json --csv "$2" 2> err; [ $? = 2 ] && grep -q -- "--json and --csv" err' _ "$E" "$L"
check "--summary --xml, --header --json: refused" sh -c '
	"$1" --summary --xml "$2" 2> /dev/null; [ $? = 2 ] &&
	"$1" --header --json "$2" 2> /dev/null; [ $? = 2 ]' _ "$E" "$L"
check "--chrome -: the Trace Event JSON on stdout, no file named -" sh -c '
	"$1" --chrome - "$2" > out 2> err && jq -e ".traceEvents | length > 0" out > /dev/null &&
	[ ! -e ./- ] && grep -q "^--- 4 events" err' _ "$E" "$L"
check "--chrome - with --json: both want stdout, refused" sh -c '
	"$1" --chrome - --json "$2" 2> /dev/null; [ $? = 2 ]' _ "$E" "$L"
check "a session and files, --kernel without --follow: refused" sh -c '
	"$1" --session x "$2" 2> /dev/null; [ $? = 2 ] &&
	"$1" --kernel process "$2" 2> /dev/null; [ $? = 2 ]' _ "$E" "$L"
check "-p NOSUCH: no event, and it says so with the trace's providers" sh -c '
	"$1" -p NoSuchProvider "$2" > out 2> err; [ $? = 0 ] &&
	grep -q "^--- 0 events" out &&
	grep -q "^etwdump: -p NoSuchProvider: no event of this provider; the trace.s providers: .*0cd1c309-0878-4515-83db-749843b3f5c9" err' _ "$E" "$L"
check "-p by a kernel class name (Image) and by *NAME (its hash GUID: none here)" sh -c '
	[ "$("$1" --summary --json -p Image "$2" | jq .events)" = 13755 ] &&
	[ "$("$1" --summary --json -p "*Image" "$2" 2> /dev/null | jq .events)" = 0 ]' _ "$E" "$K"
check "a file that is not there: named, exit 1" sh -c '
	"$1" /no/such.etl 2> err; [ $? = 1 ] && grep -q "/no/such.etl: OpenTrace: ERROR_FILE_NOT_FOUND (2): .*No such file" err' _ "$E"
check "--session without etw.ko: says to load it" sh -c '
	[ -e /dev/etw ] && exit 0
	"$1" --session nosuch 2> err; [ $? = 1 ] && grep -q "is etw.ko loaded" err' _ "$E"

# --- issue 32, point 8: char arrays are strings -------------------------
# AMSI writes each script twice: Script (a string) and Raw Script (a
# Char16 array with its count), the same text.
"$E" --no-progress --json "$A" > "$tmp/amsi.json" 2> /dev/null
"$here/golden_trace" "$tmp/syn.etl" > /dev/null
check "point 8: --json: AMSI's Raw Script (a char array) is one string, its script's text, in all 19 events" sh -c '
	jq -se "[.[] | select(.fields[\"Raw Script\"]) | .fields] | length == 19 and
		all((.[\"Raw Script\"] | type == \"string\") and .[\"Raw Script\"] == .Script)" \
		"$1" > /dev/null' _ "$tmp/amsi.json"
check "point 8: text: Raw Script=\"IWshShell3.Run(...)\" quoted as a string, not [I,W,s,h,...]" sh -c '
	"$1" --no-progress "$2" > out 2> /dev/null &&
	grep -qF "Raw Script=\"IWshShell3.Run(\\\"powershell.exe -nop -w 1 -enc RwBlAHQALQBBAGwAaQBhAHMA\\\", \\\"0\\\", \\\"true\\\");\\r\\n\"" out &&
	grep -q " Raw Script=Get-Alias$" out && ! grep -q "Raw Script=\[" out' _ "$E" "$A"
check "point 8: --csv and --xml: the Raw Script column and Data are the text" sh -c '
	"$1" --no-progress --csv "$2" 2> /dev/null | grep -q ", 9, \"Get-Alias\"$" &&
	"$1" --no-progress --xml "$2" 2> /dev/null | grep -q "<Data Name=\"Raw Script\">Get-Alias</Data>" &&
	! "$1" --no-progress --xml "$2" 2> /dev/null | grep -q "<Data Name=\"Raw Script\">\["' _ "$E" "$A"
check "point 8: Char8 and Char16 arrays (TraceLogging) to their first NUL, UTF-8 read as such; a UInt8 array stays numbers" sh -c '
	"$1" --no-progress --json "$2" 2> /dev/null | jq -se "[.[] | select(.event == \"Chars\")] |
		length == 1 and (.[0].fields | .a == \"a,b c\" and .n == \"ab\" and
		.u == \"h\u00e9!\" and .w == \"w\u00e9,\" and .k == \"ok\" and .x == [1,2,3])" > /dev/null &&
	"$1" --no-progress "$2" 2> /dev/null | grep -q " a=\"a,b c\" n.Count=5 n=ab .* k=ok x.Count=3 x=\[1,2,3\]$"' _ "$E" "$tmp/syn.etl"

# --- issue 32, point 9: a usage error says what is wrong first -------------
# usage_error WANT CMD...: exit 2; WANT the first line, then the synopsis
# and where the options are, not the whole help.
usage_error() {
	want=$1
	shift
	"$@" > out 2> err
	rc=$?
	cat err
	[ $rc = 2 ] && [ ! -s out ] && [ "$(head -n 1 err)" = "$want" ] &&
		sed -n 2p err | grep -q "^usage: etwdump \[OPTIONS\] FILE.etl" &&
		[ "$(tail -n 1 err)" = "'etwdump --help' lists the options" ] &&
		[ "$(wc -l < err)" -le 6 ]
}
cp "$L" "$tmp/x.etl"
check "point 9: no trace given: 'which trace?' first, then the synopsis (exit 2)" \
	usage_error "etwdump: which trace? give FILE.etl, --session NAME or --follow -p PROVIDER" "$E"
trace_taken() {
	usage_error "etwdump: --chrome needs an output file: --chrome OUT.json FILE.etl (is x.etl the trace?)" \
		"$E" --chrome x.etl && cmp x.etl "$L"
}
check "point 9: --chrome x.etl: --chrome needs an output file, the trace is not written over" trace_taken
value_missing() {
	usage_error "etwdump: --chrome needs an output file: --chrome OUT.json FILE.etl" "$E" x.etl --chrome &&
	usage_error "etwdump: --report needs an output file: --report OUT.html FILE.etl (is x.etl the trace?)" \
		"$E" --report x.etl &&
	usage_error "etwdump: --ctf needs an output directory: --ctf DIR FILE.etl" "$E" x.etl --ctf
}
check "point 9: FILE.etl --chrome, --report x.etl, --ctf: the option and its form named" value_missing

# --- issue 32, point 11: --chrome names instants after their events -------
check "point 11: --chrome: the kernel's Unload, Start and End are instants named after their event, not their class" sh -c '
	"$1" --no-progress --chrome - "$2" 2> /dev/null | jq -e ".traceEvents | map(select(.ph == \"i\")) |
		all(.name == .args.event) and
		(map(select(.cat == \"Image\" and .name == \"Unload\")) | length == 4791) and
		(map(select(.cat == \"Thread\" and .name == \"Start\")) | length == 350) and
		(map(select(.cat == \"Process\" and .name == \"End\")) | length == 60) and
		(map(select(.name == .cat)) | length == 0)" > /dev/null' _ "$E" "$K"
check "point 11: --chrome: a win:Start and win:Stop of one activity (not classic) are still a slice" sh -c '
	"$1" --no-progress --chrome - "$2" 2> /dev/null |
		jq -e "[.traceEvents[] | select(.ph == \"B\" or .ph == \"E\") | .ph] == [\"B\", \"E\"]" > /dev/null' _ "$E" "$P"

# --- issue 32, point 18: etwdump ... | head ---------------------------------
# head_of ARGS...: etwdump ARGS on the kernel trace (megabytes of output)
# into head -n 1, which leaves after a line: exit 0, nothing on stderr.
head_of() {
	{ "$E" --no-progress "$@" "$K" 2> err; echo $? > rc; } | head -n 1 > out
	cat err
	[ "$(cat rc)" = 0 ] && [ "$(wc -l < out)" = 1 ] && [ ! -s err ]
}
heads() {
	head_of && head_of --json && head_of --csv && head_of --xml &&
		head_of --chrome - && head_of --stacks
}
check "point 18: etwdump ... | head -n 1: exit 0 and nothing on stderr (text, --json, --csv, --xml, --chrome -, --stacks)" heads

echo "1..$n"
[ "$failed" -eq 0 ]
