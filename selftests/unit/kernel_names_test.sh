#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# A real Windows 10 NT Kernel Logger trace (selftests/data/
# shutdown_kernel.etl) comes out the same in every output (issue 32,
# point 4): every event is decoded -- Process Terminate (opcode 11) and
# Defunct (39), Image KernelBase (33) and HypercallPage (34), EventTrace
# PartitionInfoExtensionV2 (80) included, the classes of
# kmod/shared/etw_kevents.c -- so --json (and with it etw-export's rows,
# common/event_json.h) names each event as --summary, CSV, the report
# and CTF do, instead of an empty provider_name and a hex payload next
# to a summary line "Process  Type 11".  Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
E=$top/build/tools/etwdump
K=$top/selftests/data/shutdown_kernel.etl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
failed=0
echo "TAP version 13"
. "$here/tap_check.inc"
if [ ! -x "$E" ] || ! command -v jq > /dev/null; then
	echo "1..0 # SKIP $E not built, or no jq"
	exit 4
fi

"$E" --json "$K" > "$tmp/json" 2> /dev/null
"$E" --summary --json "$K" > "$tmp/sum" 2> /dev/null

undecoded() {
	jq -r 'select(.undecoded) | "\(.opcode) v\(.version) \(.provider): \(.undecoded)"' \
		"$tmp/json" | sort | uniq -c > "$tmp/bad"
	[ ! -s "$tmp/bad" ] || { echo "undecoded:"; cat "$tmp/bad"; return 1; }
}
check "every event of the Windows 10 kernel trace is decoded (--json has no 'undecoded')" undecoded

# provider:event:opcode count, from --json's events and from --summary.
same_names() {
	jq -r '"\(.provider_name):\(.event):\(.opcode)"' "$tmp/json" | sort | uniq -c |
		awk '{ print $2 "\t" $1 }' > "$tmp/json.names"
	jq -r '.event_types[] | "\(.provider):\(.event):\(.opcode)\t\(.events)"' "$tmp/sum" |
		sort > "$tmp/sum.names"
	diff "$tmp/sum.names" "$tmp/json.names"
}
check "--json names every event as --summary does (provider, event, count per opcode)" same_names

# The five classes Windows 10 adds, by name and with their fields.
want() {	# want OPCODE PROVIDER EVENT JQ-TEST
	jq -n -e --argjson op "$1" --arg p "$2" --arg e "$3" \
		"any(inputs; .opcode == \$op and .provider_name == \$p and .event == \$e and ($4))" \
		"$tmp/json" > /dev/null || { echo "opcode $1: no $2/$3 with $4:"; jq -c \
		--argjson op "$1" 'select(.opcode == $op)' "$tmp/json" | head -n 2; return 1; }
}
fields() {
	want 11 Process Terminate '.fields.ProcessId == 2100' &&
	want 39 Process Defunct '.fields.ImageFileName == "svchost.exe" and .fields.ProcessId == 496 and .fields.ExitTime == 132273837514816615' &&
	want 33 Image KernelBase '.fields.ImageBase == "0xFFFFF802424AB000"' &&
	want 34 Image HypercallPage '.fields.HypercallPageVa == "0xFFFFF80242310000"' &&
	want 80 EventTrace PartitionInfoExtensionV2 '.fields.PartitionId == "{00000000-0000-0000-0000-000000000000}" and .fields.PartitionType == 0'
}
check "Process Terminate (11) and Defunct (39, with its ExitTime), Image KernelBase (33) and HypercallPage (34), EventTrace PartitionInfoExtensionV2 (80): named, fields decoded" fields

csv_names() {
	"$E" --csv "$K" 2> /dev/null | awk -F ', ' 'NR > 1 { print $1 ":" $2 }' | tr -d '"' |
		sort | uniq -c | awk '{ print $2 "\t" $1 }' > "$tmp/csv.names"
	jq -r '.event_types[] | "\(.provider):\(.event)\t\(.events)"' "$tmp/sum" |
		sort > "$tmp/sum2.names"
	diff "$tmp/sum2.names" "$tmp/csv.names"
}
check "--csv names them as --summary does" csv_names

echo "1..$n"
exit $((failed != 0))
