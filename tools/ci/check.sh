#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check.sh KDIR KVER: everything `make check` runs, after the build.
#   1. lint: W=1, sparse, checkpatch on the module        (host)
#   2. kselftests with the fresh etw.ko loaded             (qemu VM)
#      and the suites that write events again with ETW_FASTPATH=0 (the
#      ioctl path; the first run takes the fast path), while
#   3. unit: the freestanding logic, libetw's ABI          (host, beside
#      the VM at nice 19; the server tests after it, alone)
# Prints a summary per part and ends with one line "N passed, N failed".
# A kernel test that skips counts as a failure here: in the VM the module
# is loaded and we are root, so nothing has a reason to skip.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
KDIR=$1
KVER=$2
OUT=$TOP/build/check
SUM="awk -f $TOP/tools/ci/tap-summary"
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$TOP" || exit 1
# Each part's seconds, for the summary (where the loop's time goes).
t0=$(date +%s)
lap() { t1=$(date +%s); printf '%s %d\n' "$1" $((t1 - t0)) >> "$OUT/times"; t0=$t1; }

echo "== lint (W=1, sparse, checkpatch)"
"$TOP/tools/ci/lint.sh" "$KDIR" | tee "$OUT/lint.tap"
lap lint

# The host unit tests run beside the VM, at nice 19: TCG keeps about one
# of the two cores busy (qemu used 1.1 cores in a 30 s sample), and CFS
# gives a nice-19 task 1.5% of a core both want, so the VM's timing
# hardly changes.  Those that start servers of their own and time their
# connections (ClickHouse, ZooKeeper: UNIT_ALONE) run after the VM, alone,
# and print the whole TAP.  A build that fails is a failure, never an
# empty (and so clean) result.
UNIT="make -s --no-print-directory -C selftests unit UNIT_TAPDIR=$OUT/unit.d"
{
	u0=$(date +%s)
	if ! make -s --no-print-directory -C selftests all > "$OUT/build.log" 2>&1; then
		echo "TAP version 13"
		echo "1..1"
		echo "not ok 1 the selftests build (see build/check/build.log)"
		tail -n 20 "$OUT/build.log" | sed 's/^/# /'
	fi
	nice -n 19 $UNIT UNIT_PART=shared
	echo $(($(date +%s) - u0)) > "$OUT/unit-beside.secs"
} > "$OUT/unit-beside.tap" 2>&1 &
upid=$!

echo "== kernel selftests in qemu ($KVER), the host unit tests beside it"
"$TOP/tools/ci/vm-selftests.sh" "$OUT" \
	"etw.ko unloaded cleanly, kernel log free of BUG/WARNING/Oops/lockdep" \
	--kver "$KVER"
lap "kernel selftests (VM)"
wait $upid
lap "waiting for the host unit tests"

echo "== host unit tests"
{
	cat "$OUT/unit-beside.tap"
	$UNIT UNIT_PART=alone
	make -s --no-print-directory -C libetw check-abi
} 2>&1 | tee "$OUT/unit.tap"
lap "host unit tests alone (ClickHouse, ZooKeeper), ABI"
echo "host unit tests beside the VM $(cat "$OUT/unit-beside.secs" 2>/dev/null || echo '?')" >> "$OUT/times"

echo "== summary"
$SUM -v label="lint" "$OUT/lint.tap" > "$OUT/lint.sum"
$SUM -v label="host unit tests" "$OUT/unit.tap" > "$OUT/unit.sum"
$SUM -v label="kernel selftests (VM)" -v skip_fails=1 "$OUT/kernel.tap" > "$OUT/kernel.sum"
$SUM -v label="kernel selftests, ETW_FASTPATH=0 (VM)" -v skip_fails=1 \
	"$OUT/kernel-ioctl.tap" > "$OUT/kernel-ioctl.sum"
grep -v '^TOTALS' "$OUT/lint.sum" "$OUT/unit.sum" "$OUT/kernel.sum" \
	"$OUT/kernel-ioctl.sum" | sed 's/^[^:]*\.sum://'
awk '{ s = $NF; $NF = ""; printf "time: %s%d s\n", $0, s }' "$OUT/times"
cat "$OUT"/*.sum | awk '/^TOTALS/ { p += $2; f += $3 }
	END { printf "%d passed, %d failed\n", p, f; exit f != 0 }'
