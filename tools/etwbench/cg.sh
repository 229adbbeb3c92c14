#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make bench's instruction counts (issue 18): callgrind on the host counts
# the instructions of one event on each code path, a number that does not
# move from run to run (valgrind from Debian's package):
#
#   writer_64          EventWrite of 64 bytes into a stage (etwbench-cg write)
#   writer_64_vs_lttng the same against LTTng-UST's tracepoint with the same
#                      64-byte payload, its session daemon running
#   tl_vs_writeex      TraceLoggingWrite against EventWriteEx of the same
#                      bytes (traits, metadata, three fields)
#   eventheader_vs_tl  the same event from a LinuxTracepoints program
#                      (EventHeader's TraceLoggingWrite, Microsoft's
#                      libeventheader-tracepoint, our libtracepoint)
#                      against TraceLoggingWrite (issue 29: <= 1.1)
#   perfdata_vs_etl    etwdump --json per event of a perf.data file
#                      (TestOutput/pipe.data's samples 40 times over,
#                      tools/etwbench/perfdata_big.py) against the same
#                      events converted to .etl (issue 29: <= 1.0)
#   stack_per_frame    what a session that wants stacks adds to the writer,
#                      per frame: EventWrite from the bottom of a
#                      ten-function chain built without frame pointers
#                      (libunwind from .eh_frame), against the same write
#                      when no session wants stacks (etwbench-cg stack,
#                      stack0); divided by the frames the event carries
#   drain              the collector per record (plan, copy, check, patch),
#                      one thread's records on one CPU
#   drain_mixed        the same for 1,000 threads taking turns on two CPUs
#   symbolize_cached   a frame the symbolizer has seen (tools/common/
#                      symbolize.h; etwbench-sym: 10 frames of its own,
#                      looked up N times; issue 28: <= 500)
#
# then read.py's rows (issue 30): etwdump's outputs, ProcessTrace alone
# and TDH per event on real Windows traces, against babeltrace2 on the
# same events, and the resident memory while reading a 1 GB file.  Every
# row goes to OUT_JSON (null where a number could not be counted).
#
#   cg.sh BUILD_TOOLS_DIR OUT_JSON
#
# The copies are counted as glibc's vector loop: with rep movsb (what
# glibc picks above 2 KB, and what the kernel's memcpy is) valgrind counts
# one instruction per byte, which is not what the CPU retires.  Under
# valgrind glibc cannot register rseq, so the CPU number comes from
# sched_getcpu() (about 40 instructions more than the rseq load) for our
# writer and for LTTng-UST alike; and clock_gettime() is a system call
# (about 17 instructions counted, the vDSO's 40 to 60 not).
set -u
B=${1:?usage: cg.sh BUILD_TOOLS_DIR OUT_JSON}
OUT=${2:?usage: cg.sh BUILD_TOOLS_DIR OUT_JSON}
N=100000
TMP=$(mktemp -d)
trap 'lttng destroy -a >/dev/null 2>&1; [ -n "${SD:-}" ] && kill $SD 2>/dev/null; rm -rf "$TMP"' EXIT
export GLIBC_TUNABLES=glibc.cpu.x86_rep_movsb_threshold=4294967295

mkdir -p "$(dirname "$OUT")" || exit 1
if ! command -v valgrind >/dev/null; then
	echo "cg.sh: valgrind is missing (tools/deps.sh installs it)" >&2
	exit 1
fi

# Instructions per call of FUNC in PROG ARGS..., over N calls: one
# number, or "-" when it could not be counted.  A program that forks
# (LTTng-UST does) prints a "Collected" line per process: they are
# summed (a child that does not run FUNC counts 0).
count() {
	fn=$1 calls=$2
	shift 2
	valgrind --tool=callgrind --callgrind-out-file="$TMP/cg.out.%p" \
		--toggle-collect="$fn" "$@" > "$TMP/log" 2>&1 || {
		cat "$TMP/log" >&2
		echo -
		return
	}
	awk -v n="$calls" '/Collected :/ { s += $4; k++ }
		END { if (k && s > 0) printf "%.1f\n", s / n; else print "-" }' "$TMP/log"
}

w=$(count cg_loop_write $N "$B/etwbench-cg" write $N)
ex=$(count cg_loop_writeex $N "$B/etwbench-cg" writeex $N)
tl=$(count cg_loop_tl $N "$B/etwbench-cg" tl $N)
eh=$(count cg_loop_eh $N "$B/etwbench-cg" eventheader $N)
dr=$(count cg_loop $N "$B/etwbench-cg" drain $N)

# perf.data against .etl: the reading and decoding of each event.
TOPDIR=$(cd "$(dirname "$0")/../.." && pwd)
pd=- pe=-
if python3 "$TOPDIR/tools/etwbench/perfdata_big.py" \
	"$TOPDIR/selftests/data/linuxtracepoints/TestOutput/pipe.data" "$TMP/big.data" 40 \
	> /dev/null && "$B/etwdump" -q --no-progress --etl "$TMP/big.etl" "$TMP/big.data" \
	> /dev/null 2>&1; then
	ne=$("$B/etwdump" --no-progress --json "$TMP/big.data" 2>/dev/null | wc -l)
	pd=$(count perf_process "$ne" "$B/etwdump" --no-progress --json "$TMP/big.data")
	pe=$(count ProcessTrace "$((ne + 1))" "$B/etwdump" --no-progress --json "$TMP/big.etl")
fi
mx=$(count cg_loop $N "$B/etwbench-cg" mixed $N)
s0=$(count cg_loop_stack $N "$B/etwbench-cg" stack0 $N)
s1=$(count cg_loop_stack $N "$B/etwbench-cg" stack $N)
sf=$("$B/etwbench-cg" stack 100 | awk '/frames an event/ { print $2 }')
spf=$(case "$s0$s1$sf" in *-*|"") echo -;; *)
	awk -v a="$s1" -v b="$s0" -v f="$sf" 'BEGIN { printf "%.1f", (a - b) / f }';; esac)
sy=$(count cg_loop $((N * 10)) "$B/etwbench-sym" $N)

# LTTng-UST: a session daemon of our own, the event enabled and started.
lt=-
if command -v lttng-sessiond >/dev/null && [ -x "$B/etwbench-lttng" ]; then
	export LTTNG_HOME="$TMP"
	lttng-sessiond --no-kernel > "$TMP/sd.log" 2>&1 &
	SD=$!
	sleep 1
	if lttng create cg --output="$TMP/trace" >/dev/null 2>&1 &&
	   lttng enable-event -u etwbench:ev64 >/dev/null 2>&1 &&
	   lttng start >/dev/null 2>&1; then
		# cg_loop runs 1,000 warm-up calls, then N
		lt=$(count cg_loop $((N + 1000)) "$B/etwbench-lttng" $N cg)
	fi
fi

# A ratio, or "-" when either side was not counted.
ratio() {
	case "$1$2" in *-*) echo -; return;; esac
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else printf "-" }'
}
met() {
	{ [ "$2" = - ] || [ "$1" = - ]; } && { echo -; return; }
	awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN {
	print (op == "<=" ? v <= t : v >= t) ? "yes" : "NO" }'
}

printf '%-22s %12s %-22s %10s %-28s %s\n' benchmark instructions per ratio target met
row() {	# name value per ratio op target
	printf '%-22s %12s %-22s %10s %-28s %s\n' "$1" "$2" "$3" "$4" "$5 $6" \
		"$(met "$4" "$5" "$6")"
}
row writer_64 "$w" "64-byte EventWrite" "$w" "<=" 130
row writer_64_vs_lttng "$w" "vs LTTng-UST's $lt" "$(ratio "$w" "$lt")" "<=" 0.2
row tl_vs_writeex "$tl" "vs EventWriteEx's $ex" "$(ratio "$tl" "$ex")" "<=" 1.05
row eventheader_vs_tl "$eh" "vs TraceLoggingWrite's $tl" "$(ratio "$eh" "$tl")" "<=" 1.1
row perfdata_vs_etl "$pd" "per event, vs .etl's $pe" "$(ratio "$pd" "$pe")" "<=" 1.0
row stack_per_frame "$spf" "$sf frames: $s1 vs $s0" "$spf" "<=" 150
row drain "$dr" "per record" "$dr" "<=" 60
row drain_mixed "$mx" "per record, 1,000 thr." "$mx" "-" 0
row symbolize_cached "$sy" "per frame, cached" "$sy" "<=" 500

# The consumer's rows (issue 30): etwdump, the floor and TDH against
# babeltrace2, and the resident memory while reading a 1 GB file.
rc=0
echo
python3 "$(dirname "$0")/read.py" "$B" --rows "$TMP/read.json" || rc=1

# The JSON, written by Python's json module so that it is JSON whatever
# a count gave: "-" (not counted) becomes null.
python3 - "$OUT" "$(valgrind --version)" "$TMP/read.json" \
	writer_64 "$w" "<= 130" \
	lttng_ust_64 "$lt" "" \
	writer_64_vs_lttng "$(ratio "$w" "$lt")" "<= 0.2" \
	writeex_tl_event "$ex" "" \
	tl_write "$tl" "" \
	tl_vs_writeex "$(ratio "$tl" "$ex")" "<= 1.05" \
	eventheader_write "$eh" "" \
	eventheader_vs_tl "$(ratio "$eh" "$tl")" "<= 1.1" \
	perfdata_decode_event "$pd" "" \
	etl_decode_event "$pe" "" \
	perfdata_vs_etl "$(ratio "$pd" "$pe")" "<= 1.0" \
	stack_write "$s1" "" \
	stack_nostack_write "$s0" "" \
	stack_per_frame "$spf" "<= 150" \
	drain "$dr" "<= 60" \
	drain_mixed "$mx" "" \
	symbolize_cached "$sy" "<= 500" <<'EOF' && saved=1
import json, math, os, sys

out, tool, more = sys.argv[1:4]
args = sys.argv[4:]
results = []
for i in range(0, len(args), 3):
    name, value, target = args[i:i + 3]
    try:
        v = float(value)
        v = v if math.isfinite(v) else None
    except ValueError:
        v = None
    r = {"name": name, ("ratio" if "_vs_" in name else "instructions"): v}
    if target:
        r["target"] = target
    results.append(r)
if os.path.exists(more):
    results += json.load(open(more))
with open(out, "w") as f:
    json.dump({"command": "make bench (tools/etwbench/cg.sh)", "tool": tool,
               "results": results}, f, indent=1, allow_nan=False)
    f.write("\n")
EOF
[ -n "${saved:-}" ] && echo "saved $OUT" || rc=1
exit $rc
