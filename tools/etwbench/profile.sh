#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make bench's profile_cost (issue 28): what profiling at 1 kHz with
# stacks costs the traced program, against perf record -F 1000 -g on the
# same workload.  profile_hot -n N (selftests/etw/profile_hot.c) does a
# fixed amount of work and prints the CPU and wall time it took; it runs
# untraced, under etwctl record --profile and under perf record -g
# (cpu-clock, as the VM has no PMU), ROUNDS times interleaved.  Printed:
# the median, min and max of each ratio over the rounds.  Runs in the VM
# (make bench), as root.
#
#   profile.sh OUT_JSON [ROUNDS [N]]
set -u
OUT=${1:?usage: profile.sh OUT_JSON [ROUNDS [N]]}
ROUNDS=${2:-5}
N=${3:-4000000}
TOP=$(cd "$(dirname "$0")/../.." && pwd)
HOT=$TOP/selftests/etw/profile_hot
CTL=$TOP/build/tools/etwctl
T=$(mktemp -d /tmp/profile_bench.XXXXXX)
trap 'rm -rf "$T"' EXIT

if [ ! -x "$HOT" ] || ! command -v perf > /dev/null; then
	echo "profile.sh: needs $HOT (make selftests) and perf (linux-perf)" >&2
	exit 1
fi
# cpu and wall seconds of one run, from profile_hot's last line
run() {
	"$@" > "$T/out" 2>&1 || { sed 's/^/profile.sh: /' "$T/out" >&2; echo "- -"; return; }
	sed -n 's/.*cpu \([0-9.]*\) s, wall \([0-9.]*\) s.*/\1 \2/p' "$T/out" | tail -1
}
: > "$T/rows"
i=0
while [ $i -lt "$ROUNDS" ]; do
	b=$(run "$HOT" -n "$N")
	e=$(run "$CTL" record --profile -o "$T/p.etl" -- "$HOT" -n "$N")
	p=$(run perf record -q -e cpu-clock -F 1000 -g -o "$T/perf.data" -- "$HOT" -n "$N")
	echo "$b $e $p" >> "$T/rows"
	i=$((i + 1))
done
python3 - "$T/rows" "$OUT" "$ROUNDS" "$N" <<'PY'
import json, statistics, sys

rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
def col(k):
    return [float(r[k]) for r in rows if len(r) == 6 and "-" not in r]
base_c, etw_c, perf_c = col(0), col(2), col(4)
base_w, etw_w, perf_w = col(1), col(3), col(5)
def stats(a, b):
    r = [x / y for x, y in zip(a, b) if y > 0]
    return (statistics.median(r), min(r), max(r)) if r else (None, None, None)
res = []
print("%-28s %8s %8s %8s" % ("profile_cost (ratio)", "median", "min", "max"))
for name, a, b, target in (
        ("etw_vs_perf_cpu", etw_c, perf_c, "<= 1.0"),
        ("etw_vs_perf_wall", etw_w, perf_w, ""),
        ("etw_vs_untraced_cpu", etw_c, base_c, ""),
        ("perf_vs_untraced_cpu", perf_c, base_c, "")):
    m, lo, hi = stats(a, b)
    print("%-28s %8s %8s %8s  %s" % (name, *("%.3f" % v if v else "-" for v in (m, lo, hi)), target))
    r = {"name": "profile_" + name, "ratio": m, "min": lo, "max": hi}
    if target:
        r["target"] = target
    res.append(r)
json.dump({"command": "make bench (tools/etwbench/profile.sh)", "rounds": int(sys.argv[3]),
           "iterations_a_percent": int(sys.argv[4]), "results": res},
          open(sys.argv[2], "w"), indent=1)
PY
