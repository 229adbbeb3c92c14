#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# vm-selftests.sh OUT DESC [etw-vm options...]: the kselftests of
# selftests/etw in one VM boot, as TAP in OUT/kernel.tap (used by
# check.sh and check-debug.sh); in the same boot the suites that write
# events run again with ETW_FASTPATH=0 (the ioctl path; the first run
# takes the fast path), as TAP in OUT/kernel-ioctl.tap.  DESC describes what the VM run itself
# checks (its own TAP line, after the suite's).  The suite must be built
# on the host first: the guest sees the tree read-only.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$1
DESC=$2
shift 2
mkdir -p "$OUT/vm"
rm -f "$OUT/vm/kselftest.tap" "$OUT/vm/kselftest-ioctl.tap" "$OUT/vm/build.rc" \
	"$OUT/vm/times.txt"
cd "$TOP" || exit 1

# The suites whose events go through the fast path by default (all of
# them run again through the ioctl; ETW_IOCTL_SUITES: those named).
FALLBACK=${ETW_IOCTL_SUITES:-write_test consumer_test logfile_test classic_test message_test fastpath_test}

# ETW_SHELL_SUITES: the shell suites of this run (default: all of them;
# check-debug.sh names those of tools/ci/kernel-suites.sh).
SUITES=${ETW_SHELL_SUITES:-}

# Inside the VM: run the suite; its TAP goes to the console and to a file.
tools/vm/etw-vm --module "$TOP/etw.ko" --out "$OUT/vm" \
	--env "FALLBACK=$FALLBACK" --env "SUITES=$SUITES" "$@" -- \
	sh -c ': > "$ETW_VM_OUT/times.txt"
	       make -s --no-print-directory -C selftests all \
		> "$ETW_VM_OUT/build.log" 2>&1; echo $? > "$ETW_VM_OUT/build.rc"
	       # Each suite'"'"'s seconds, from the end of the one before
	       # (mawk -W interactive: line by line, as the lines come).
	       timed() {
		mawk -W interactive -v f="$ETW_VM_OUT/times.txt" -v p="$1" '"'"'
		    BEGIN { t = systime() } { print; fflush() }
		    /^(not )?ok [0-9]+ selftests: / {
			n = systime(); sub(/^(not )?ok [0-9]+ selftests: etw: /, "")
			printf "%5d s  %s%s\n", n - t, p, $1 >> f; t = n }'"'"'
	       }
	       set --
	       if [ -n "$SUITES" ]; then set -- TEST_PROGS="$SUITES"; fi
	       make -s --no-print-directory -C selftests run_tests "$@" 2>&1 |
	       timed "" | tee "$ETW_VM_OUT/kselftest.tap"
	       echo "== the same suites through the ioctl (ETW_FASTPATH=0)"
	       ETW_FASTPATH=0 make -s --no-print-directory -C selftests/etw \
		run_tests TEST_PROGS= TEST_GEN_PROGS="$FALLBACK" 2>&1 |
	       timed "ETW_FASTPATH=0 " | tee "$ETW_VM_OUT/kselftest-ioctl.tap"
	       true'
vmrc=$?
if [ -r "$OUT/vm/times.txt" ]; then
	echo "== each suite's time in the VM"
	cat "$OUT/vm/times.txt"
fi
{
	if [ "$(cat "$OUT/vm/build.rc" 2>/dev/null)" != 0 ]; then
		echo "not ok 1 selftests: up to date and runnable in the VM"
		tail -n 20 "$OUT/vm/build.log" 2>/dev/null | sed 's/^/# /'
	fi
	if ! grep -q '^ok [0-9]' "$OUT/vm/kselftest.tap" 2>/dev/null; then
		echo "not ok 1 selftests: the suite reported no result"
	fi
	if [ $vmrc = 0 ]; then
		echo "ok 1 vm: $DESC"
		sed 's/^/# /' "$OUT/vm/vm-retried.txt" 2>/dev/null
	else
		echo "not ok 1 vm: $DESC"
		sed 's/^/# /' "$OUT/vm/vm-verdict.txt" 2>/dev/null
	fi
	cat "$OUT/vm/kselftest.tap" 2>/dev/null
} > "$OUT/kernel.tap"
{
	if ! grep -q '^ok [0-9]' "$OUT/vm/kselftest-ioctl.tap" 2>/dev/null; then
		echo "not ok 1 selftests with ETW_FASTPATH=0: no result"
	fi
	cat "$OUT/vm/kselftest-ioctl.tap" 2>/dev/null
} > "$OUT/kernel-ioctl.tap"
exit $vmrc
