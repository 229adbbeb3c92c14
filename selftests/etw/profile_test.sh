#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Issue 28, 7: a CPU profile taken by this project agrees with perf's.
# profile_hot (profile_hot.c) spends known shares of its time in known
# functions -- two in the executable, one in a shared library, one
# inlined into another, one small -- built without frame pointers.  It
# is profiled in the same boot by
#
#   etwctl record --profile -o p.etl -- profile_hot   (then etwdump --cpu)
#   perf record -e cpu-clock -F 1000 -g -- profile_hot (then perf report)
#
# and each of perf's five hottest functions has, in etwdump --cpu, a
# share of the process's samples within 5 percentage points of perf's
# (the inlined function counted in the function it is inlined into, as
# perf report's symbols count it; etwdump names it, as inlined).
#
# Needs root, etw.ko ($ETW_KO) and Debian's linux-perf.  Prints TAP.
ksft_skip=4
DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
CTL=$TOP/build/tools/etwctl
DUMP=$TOP/build/tools/etwdump
HOT=$DIR/profile_hot
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n $1"; }

echo "TAP version 13"
if [ "$(id -u)" != 0 ] || [ -z "${ETW_KO:-}" ]; then
	echo "1..0 # SKIP needs root and ETW_KO=path/to/etw.ko"
	exit $ksft_skip
fi
echo "1..4"
grep -q '^etw ' /proc/modules || insmod "$ETW_KO"
T=$(mktemp -d /tmp/profile_test.XXXXXX)
trap 'rm -rf "$T"' EXIT

if "$CTL" record --profile -o "$T/p.etl" -- "$HOT" 2 > "$T/rec.out" 2>&1 &&
   "$DUMP" --cpu --json "$T/p.etl" > "$T/cpu.json" 2> "$T/cpu.err"; then
	ok "etwctl record --profile -- profile_hot, then etwdump --cpu --json"
else
	nok "etwctl record --profile -- profile_hot, then etwdump --cpu --json"
	sed 's/^/# /' "$T/rec.out" "$T/cpu.err" | tail -20
fi
if command -v perf > /dev/null &&
   perf record -q -e cpu-clock -F 1000 -g -o "$T/perf.data" -- "$HOT" 2 \
	> "$T/perf.out" 2>&1 &&
   perf report -i "$T/perf.data" --stdio --no-children --sort sym \
	--percent-limit 0 -q > "$T/perf.rep" 2> "$T/perf.err"; then
	ok "perf record -g -- profile_hot, then perf report (Debian's linux-perf)"
else
	nok "perf record -g -- profile_hot, then perf report (tools/deps.sh installs linux-perf)"
	sed 's/^/# /' "$T/perf.out" "$T/perf.err" 2>/dev/null | tail -10
fi

python3 - "$T/cpu.json" "$T/perf.rep" > "$T/cmp" 2>&1 <<'PY'
import json, re, sys

cpu = json.load(open(sys.argv[1]))
procs = [p for p in cpu["processes"] if p.get("name") == "profile_hot"]
if not procs:
    print("no process profile_hot in etwdump --cpu")
    sys.exit(1)
p = procs[0]
ours = {}
for f in p["functions"]:
    # hot_d is inlined into hot_e: perf's symbol is hot_e
    name = "hot_e" if f["function"] == "hot_d" else f["function"]
    ours[name] = ours.get(name, 0) + 100.0 * f["exclusive"] / p["samples"]
perf = []
for line in open(sys.argv[2]):
    m = re.match(r"\s*([\d.]+)%\s+\[[.k]\]\s+(\S+)", line)
    if m:
        perf.append((m.group(2), float(m.group(1))))
perf.sort(key=lambda x: -x[1])
bad = 0
print("function          perf    etwdump  difference")
for name, share in perf[:5]:
    mine = ours.get(name, 0.0)
    d = mine - share
    print("%-16s %6.2f%%  %6.2f%%  %+6.2f" % (name, share, mine, d))
    bad += abs(d) > 5
inl = [f for f in p["functions"] if f["function"] == "hot_d" and f["exclusive"]]
print("hot_d named (inlined into hot_e):", "yes" if inl else "no")
sys.exit(1 if bad or len(perf) < 5 or not inl else 0)
PY
rc=$?
sed 's/^/# /' "$T/cmp"
if [ $rc = 0 ]; then
	ok "each of perf's five hottest functions has its share within 5 points in etwdump --cpu"
else
	nok "each of perf's five hottest functions has its share within 5 points in etwdump --cpu"
fi
if python3 -c '
import json, sys
p = [p for p in json.load(open(sys.argv[1]))["processes"] if p.get("name") == "profile_hot"][0]
f = {x["function"]: x for x in p["functions"]}
# the library function, named from its own file; the inlined one by DWARF
sys.exit(0 if f.get("hotlib_c", {}).get("module") == "libprofile_hot.so" and
         f.get("hot_d", {}).get("exclusive", 0) > 0 else 1)' "$T/cpu.json"; then
	ok "etwdump --cpu names the library's function in its module and the inlined function"
else
	nok "etwdump --cpu names the library's function in its module and the inlined function"
fi
[ $fail = 0 ]
