#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# detector-test.sh: runs inside tools/vm/etw-vm on the debug kernel with
# selftests/detectors/etw_detect.ko loaded (tools/ci/check-debug.sh).  Sets
# off each deliberate bug of the module and checks, as TAP, that the
# kernel reported it and that tools/vm/klog-patterns matches the report.
# Last, it leaks one object: kmemleak must find it after the unload.
# The run as a whole must then fail; check-debug.sh checks that.
TOP=$(cd "$(dirname "$0")/../.." && pwd)
P=/sys/module/etw_detect/parameters/trigger
PAT=$(mktemp)
sed '/^#/d;/^$/d' "$TOP/tools/vm/klog-patterns" > "$PAT"
LOG=$(mktemp)

# trigger NAME: what the kernel logged while the trigger ran.
trigger() {
	before=$(dmesg | wc -l)
	echo "$1" > "$P"
	sleep 1
	dmesg | tail -n +$((before + 1)) > "$LOG"
}

n=0
# check NAME EXPECTED DETECTOR
check() {
	n=$((n + 1))
	trigger "$1"
	if grep -qE "$2" "$LOG" && grep -qEf "$PAT" "$LOG"; then
		echo "ok $n detectors: $3 reports '$1', and klog-patterns matches it"
	else
		echo "not ok $n detectors: $3 reports '$1', and klog-patterns matches it"
		echo "# expected /$2/ in:"
		head -n 20 "$LOG" | sed 's/^/#   /'
	fi
}

echo "TAP version 13"
echo "1..8"
if [ ! -w "$P" ]; then
	echo "Bail out! etw_detect.ko is not loaded"
	exit 1
fi
# lockdep first: any report that taints the kernel (KASAN) turns it off.
check lockdep 'WARNING: possible circular locking dependency detected' lockdep
check atomic-sleep 'BUG: sleeping function called from invalid context' DEBUG_ATOMIC_SLEEP
check list 'list_add corruption' DEBUG_LIST
check odebug 'ODEBUG: free active .*timer_list' DEBUG_OBJECTS
check ubsan 'UBSAN: shift-out-of-bounds' UBSAN
check kfence 'BUG: KFENCE: ' KFENCE
check kasan 'BUG: KASAN: use-after-free' KASAN
# kmemleak is judged by etw-vm after the unload; here only the trigger.
n=$((n + 1))
if echo leak > "$P"; then
	echo "ok $n detectors: 'leak' left an object for kmemleak"
else
	echo "not ok $n detectors: 'leak' left an object for kmemleak"
fi
rm -f "$PAT" "$LOG"
exit 0
