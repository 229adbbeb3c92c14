#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etwdump's outputs stay byte for byte what they were (issue 30: "text,
# JSON and CSV stay byte-identical to today's"): every output of every
# Windows trace in selftests/data -- text, --json, --csv, --xml,
# --summary (text and JSON), --chrome, and --ctf as babeltrace2 reads it
# with its metadata -- of two longer traces made of copies of them
# (three of shutdown_kernel.etl, three of amsi.etl, each copy later than
# the one before: etwbench-read repeat), and of a synthetic trace of
# what those lack (golden_trace.c: every type and map of alltypes.man,
# decoded with it, TraceLogging structs, arrays and reals, extended
# items), against the digests in golden/SHA256SUMS.  What may differ between runs is set aside first:
# the reading time of the summaries and the CTF trace's random UUID.
# Also text and JSON with --raw-time, JSON with --identity, and text
# with --no-decode.  The text modes (text, text_raw, nodecode) are -v's
# whole line, as it always was; text_compact is the default line (issue
# 32, point 7: "a compact default text line, in the manner of perf
# script ... the full header goes behind -v").  (/work/shared/data/etl holds the same
# lxcore_kernel.etl and powershell.etl, byte for byte.)  For the small
# traces golden/ also keeps the outputs themselves (xz), so a failure
# shows the first lines that differ.
#
#   etwdump_golden.sh           check (TAP)
#   etwdump_golden.sh --update  write golden/ from the etwdump built now
#                               (after a change meant to alter outputs)
# $ETWDUMP: another etwdump (the one of an older tree, say).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
E=${ETWDUMP:-$top/build/tools/etwdump}
R=$top/build/tools/etwbench-read
S=$here/golden_trace
G=$here/golden
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

update=0
[ "${1:-}" = --update ] && update=1

traces="amsi lxcore_kernel powershell shutdown_kernel amsi_x3 shutdown_kernel_x3 synthetic"
small="amsi lxcore_kernel powershell synthetic"
modes="text json csv xml summary summary_json chrome ctf text_raw json_raw json_identity nodecode text_compact"

echo "TAP version 13"
for x in "$E" "$R" "$S"; do
	if [ ! -x "$x" ]; then
		echo "1..0 # SKIP $x not built"
		exit 4
	fi
done
if ! command -v babeltrace2 > /dev/null || ! command -v xz > /dev/null; then
	echo "1..0 # SKIP babeltrace2 or xz missing (tools/deps.sh installs them)"
	exit 4
fi

# The traces under short names (outputs name the files they read).
cd "$tmp" || exit 1
for t in amsi lxcore_kernel powershell shutdown_kernel; do
	ln -s "$top/selftests/data/$t.etl" "$t.etl"
done
"$R" repeat amsi.etl amsi_x3.etl 3 || exit 1
"$R" repeat shutdown_kernel.etl shutdown_kernel_x3.etl 3 || exit 1
"$S" synthetic.etl || exit 1

# output TRACE MODE: that output on stdout, what may vary set aside.
output() {
	f=$1.etl
	# the synthetic trace's manifest events are decoded with their manifest
	case $1 in
	synthetic) set -- "$1" "$2" --manifest "$top/selftests/data/alltypes.man" ;;
	*) set -- "$1" "$2" ;;
	esac
	m=$2
	shift 2
	case $m in
	text)	"$E" --no-progress -v "$@" "$f" 2> /dev/null |
		sed 's/; read in [0-9.]* s$/; read in - s/' ;;
	text_compact)
		"$E" --no-progress "$@" "$f" 2> /dev/null |
		sed 's/; read in [0-9.]* s$/; read in - s/' ;;
	json)	"$E" --no-progress "$@" --json "$f" 2> /dev/null ;;
	text_raw)
		"$E" --no-progress -v "$@" --raw-time "$f" 2> /dev/null |
		sed 's/; read in [0-9.]* s$/; read in - s/' ;;
	json_raw)
		"$E" --no-progress "$@" --raw-time --json "$f" 2> /dev/null ;;
	json_identity)
		"$E" --no-progress "$@" --json --identity=golden "$f" 2> /dev/null ;;
	nodecode)
		"$E" --no-progress -v "$@" --no-decode "$f" 2> /dev/null |
		sed 's/; read in [0-9.]* s$/; read in - s/' ;;
	csv)	"$E" --no-progress "$@" --csv "$f" 2> /dev/null ;;
	xml)	"$E" --no-progress "$@" --xml "$f" 2> /dev/null ;;
	summary)
		"$E" --no-progress "$@" --summary "$f" 2> /dev/null |
		sed 's/^Read in: .*/Read in: -/' ;;
	summary_json)
		"$E" --no-progress "$@" --summary --json "$f" 2> /dev/null |
		sed 's/"read_seconds":[0-9.e+-]*/"read_seconds":0/' ;;
	chrome)	"$E" --no-progress "$@" --chrome - "$f" 2> /dev/null ;;
	ctf)	rm -rf ctf
		"$E" --no-progress "$@" --ctf ctf "$f" > /dev/null 2>&1
		sed 's/uuid = "[0-9a-f-]*"/uuid = "-"/' ctf/metadata
		babeltrace2 ctf 2> /dev/null ;;
	esac
}

if [ $update = 1 ]; then
	mkdir -p "$G"
	rm -f "$G"/*.xz
	: > "$G/SHA256SUMS"
	for t in $traces; do
		for m in $modes; do
			output "$t" "$m" > "$t.$m"
			sha256sum "$t.$m" >> "$G/SHA256SUMS"
			case " $small " in
			*" $t "*) xz -9 -c "$t.$m" > "$G/$t.$m.xz" ;;
			esac
		done
	done
	echo "1..1"
	echo "ok 1 golden/ written ($(wc -l < "$G/SHA256SUMS") outputs)"
	exit 0
fi

n=0
failed=0
echo "1..$(($(echo $traces | wc -w) * $(echo $modes | wc -w)))"
for t in $traces; do
	for m in $modes; do
		n=$((n + 1))
		output "$t" "$m" > "$t.$m"
		want=$(awk -v f="$t.$m" '$2 == f { print $1 }' "$G/SHA256SUMS")
		got=$(sha256sum < "$t.$m" | cut -d' ' -f1)
		if [ -n "$want" ] && [ "$want" = "$got" ]; then
			echo "ok $n $t $m: as before"
			continue
		fi
		echo "not ok $n $t $m: differs from golden/SHA256SUMS ($(wc -l < "$t.$m") lines)"
		failed=$((failed + 1))
		if [ -f "$G/$t.$m.xz" ]; then
			xz -dc "$G/$t.$m.xz" > "$t.$m.want"
			diff "$t.$m.want" "$t.$m" | head -n 10 | cut -c1-300 | sed 's/^/# /'
		fi
	done
done
[ $failed = 0 ]
