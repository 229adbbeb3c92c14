#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check-debug.sh: everything `make check-debug` runs (after `make all`).
#   1. the debug kernel: built, or taken from the cache   (tools/vm/debug-kernel.sh)
#   2. etw.ko (and etw_detect.ko, and the kernel-mode provider modules
#      kprov_test.sh loads) build against it with W=1, no warning
#   3. the detectors fail a run: etw_detect.ko's deliberate bugs, in a
#      VM boot of their own, must each be reported, and the run must fail
#   4. every kselftest, the fuzzer and the stress test in their long mode
#      in the debug kernel, then etw.ko unloaded and a kmemleak scan;
#      any report in the kernel log or any leak of etw.ko fails the run
# Prints a summary per part and ends with one line "N passed, N failed".
#
# ETW_FUZZ_CALLS (default 100000) and ETW_STRESS_SECONDS (default 120)
# are passed to the tests in the VM.  The debug kernel fuzzes at 650 to
# 1,100 calls/s since the stage ioctls joined the mix (200,000 calls took
# 319 s), so 100,000 calls keep CI near its hour; ETW_FUZZ_CALLS=1000000
# is the long run (15 to 25 minutes).  ETW_DEBUG_KERNEL=1 tells the tests that pace
# writers that the kernel is 10 to 50 times slower.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$TOP/build/check-debug
SUM="awk -f $TOP/tools/ci/tap-summary"
FUZZ_CALLS=${ETW_FUZZ_CALLS:-100000}
STRESS_SECONDS=${ETW_STRESS_SECONDS:-120}
# Every detector report, not only the first KASAN one.
APPEND="kasan_multi_shot"
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$TOP" || exit 1
start=$(date +%s)

# skip_rest FILE N WHY: the parts that cannot run, as failures.
not_run() {
	echo "TAP version 13"
	echo "1..1"
	echo "not ok 1 $1 (not run: $2)"
}

echo "== debug kernel"
{
	echo "TAP version 13"
	echo "1..1"
	if DK=$("$TOP/tools/vm/debug-kernel.sh"); then
		echo "ok 1 debug kernel: linux-source-6.1 + tools/vm/debug.config, every option verified ($DK)"
	else
		DK=""
		echo "not ok 1 debug kernel: linux-source-6.1 + tools/vm/debug.config, every option verified"
	fi
	echo "$DK" > "$OUT/dk"
} 2>&1 | tee "$OUT/kernel-build.tap"
DK=$(cat "$OUT/dk")
t_kernel=$(date +%s)

echo "== etw.ko against the debug kernel (W=1)"
# Copies, so the module built for Debian's kernel at the top of the tree
# stays as it is.
build_mod() {	# build_mod NAME DIR FILES...: TAP line for one module
	name=$1; dir=$2; shift 2
	rm -rf "$dir"
	mkdir -p "$dir"
	cp -r "$@" "$dir/"
	# -g: line numbers for the module's frames in a report
	# (scripts/faddr2line); the debug kernel itself has none.
	if make -C "$DK/build" M="$dir" W=1 KCFLAGS=-g modules > "$dir.log" 2>&1 &&
	   ! grep -q 'warning:' "$dir.log"; then
		echo "ok $n $name builds against the debug kernel with W=1 and no warnings"
	else
		echo "not ok $n $name builds against the debug kernel with W=1 and no warnings"
		grep -E 'warning:|error:' "$dir.log" | head -n 20 | sed 's/^/# /'
	fi
}
if [ -n "$DK" ]; then
	{
		echo "TAP version 13"
		echo "1..3"
		# libetw: the headers etw.ko reads in kernel mode
		# (libetw/include: evntprov.h, TraceLoggingProvider.h).
		n=1 build_mod etw.ko "$OUT/mod" Kbuild kmod uapi libetw
		n=2 build_mod etw_detect.ko "$OUT/detect-mod" \
			selftests/detectors/Kbuild selftests/detectors/etw_detect.c
		# kprov_test.sh's provider modules, on top of that etw.ko.
		if tools/ci/kprov-build.sh "$DK/build" "$OUT/mod/Module.symvers" \
			"$TOP" "$OUT/kprov" 2> "$OUT/kprov.err"; then
			echo "ok 3 the kernel-mode provider modules (etw_sample_km.ko, etw_kcheck.ko, etw_ktail.ko) build against it with W=1 and no warnings"
		else
			echo "not ok 3 the kernel-mode provider modules (etw_sample_km.ko, etw_kcheck.ko, etw_ktail.ko) build against it with W=1 and no warnings"
			sed 's/^/# /' "$OUT/kprov.err"
		fi
	} 2>&1 | tee "$OUT/lint.tap"
else
	not_run "etw.ko builds against the debug kernel" "no debug kernel" |
		tee "$OUT/lint.tap"
fi

echo "== the detectors report, and a report fails the run"
if [ -n "$DK" ] && [ -r "$OUT/detect-mod/etw_detect.ko" ]; then
	tools/vm/etw-vm --kernel "$DK/bzImage" --append "$APPEND" --kmemleak \
		--module "$OUT/detect-mod/etw_detect.ko" --out "$OUT/detect" \
		--mem 3072 --timeout 900 --quiet -- \
		sh -c 'sh tools/vm/detector-test.sh > "$ETW_VM_OUT/detect.tap" 2>&1'
	rc=$?
	# detector-test.sh's 8 results, then the verdict's 3.
	{
		echo "TAP version 13"
		echo "1..11"
		grep -E '^(not )?ok [0-9]|^#' "$OUT/detect/detect.tap" 2>/dev/null
		if [ $rc != 0 ]; then
			echo "ok 9 detectors: etw-vm fails a run with detector reports"
		else
			echo "not ok 9 detectors: etw-vm fails a run with detector reports"
		fi
		if grep -q 'FAIL: the kernel log has' "$OUT/detect/vm-verdict.txt" 2>/dev/null; then
			echo "ok 10 detectors: the verdict names the bad kernel-log lines"
		else
			echo "not ok 10 detectors: the verdict names the bad kernel-log lines"
		fi
		if grep -q 'FAIL: kmemleak: [1-9][0-9]* object(s) leaked by etw_detect' \
				"$OUT/detect/vm-verdict.txt" 2>/dev/null; then
			echo "ok 11 detectors: kmemleak after the unload finds the module's leak"
		else
			echo "not ok 11 detectors: kmemleak after the unload finds the module's leak"
			sed 's/^/# /' "$OUT/detect/vm-verdict.txt" 2>/dev/null | head -n 20
		fi
	} > "$OUT/detect.tap"
	cat "$OUT/detect.tap"
else
	not_run "detectors" "no debug kernel or no etw_detect.ko" |
		tee "$OUT/detect.tap"
fi
t_detect=$(date +%s)

echo "== kernel selftests in the debug kernel (fuzz $FUZZ_CALLS calls, stress ${STRESS_SECONDS}s)"
if [ -n "$DK" ] && [ -r "$OUT/mod/etw.ko" ]; then
	# ETW_KSFT_TIMEOUT: the per-test timeout of selftests/etw/settings;
	# the long fuzz and stress runs and the detectors' overhead need more.
	# bpftrace (etwctl_test.sh) builds tracepoint arguments with kernel
	# types: from BTF on Debian's kernels, from the debug kernel's headers
	# here (no BTF: pahole would slow its build down).  Through the
	# ioctl (ETW_FASTPATH=0) again only three of the six writing suites:
	# make check runs all six that way, the fuzzer's and the stress
	# test's writes take the ioctl here too, and consumer_test, classic_test
	# and fastpath_test would add 4 minutes to CI's hour.
	# The shell suites that test the kernel (tools/ci/kernel-suites.sh),
	# less etwctl_test.sh: it is mostly bpftrace compiling its scripts
	# (283 s here, 59 s in Debian's kernel) and runs in make check and in
	# check-pkg's 6.12.
	ETW_SHELL_SUITES="$("$TOP/tools/ci/kernel-suites.sh" etwctl_test.sh)" \
	ETW_IOCTL_SUITES="write_test logfile_test message_test" \
	"$TOP/tools/ci/vm-selftests.sh" "$OUT" \
		"etw.ko unloaded cleanly, no detector report in the kernel log, kmemleak: nothing leaked by etw.ko" \
		--kernel "$DK/bzImage" --append "$APPEND" --kmemleak \
		--module "$OUT/mod/etw.ko" --mem 3072 --timeout 5400 \
		--env ETW_KPROV_DIR="$OUT/kprov" \
		--env ETW_FUZZ_CALLS="$FUZZ_CALLS" \
		--env ETW_STRESS_SECONDS="$STRESS_SECONDS" \
		--env ETW_DEBUG_KERNEL=1 \
		--env ETW_KSFT_TIMEOUT=2400 \
		--env BPFTRACE_KERNEL_SOURCE="$DK/src" \
		--env BPFTRACE_KERNEL_BUILD="$DK/build"
else
	not_run "kernel selftests in the debug kernel" "no debug kernel or no etw.ko" \
		> "$OUT/kernel.tap"
	not_run "kernel selftests in the debug kernel, ETW_FASTPATH=0" \
		"no debug kernel or no etw.ko" > "$OUT/kernel-ioctl.tap"
fi
end=$(date +%s)

echo "== summary"
$SUM -v label="debug kernel" "$OUT/kernel-build.tap" > "$OUT/kernel-build.sum"
$SUM -v label="lint (debug kernel)" "$OUT/lint.tap" > "$OUT/lint.sum"
$SUM -v label="detectors" "$OUT/detect.tap" > "$OUT/detect.sum"
$SUM -v label="kernel selftests (debug VM)" -v skip_fails=1 "$OUT/kernel.tap" > "$OUT/kernel.sum"
$SUM -v label="kernel selftests, ETW_FASTPATH=0 (debug VM)" -v skip_fails=1 \
	"$OUT/kernel-ioctl.tap" > "$OUT/kernel-ioctl.sum"
for f in kernel-build lint detect kernel kernel-ioctl; do
	grep -v '^TOTALS' "$OUT/$f.sum"
done
echo "time: debug kernel $((t_kernel - start)) s, detectors $((t_detect - t_kernel)) s," \
     "selftests $((end - t_detect)) s, in all $((end - start)) s"
cat "$OUT"/*.sum | awk '/^TOTALS/ { p += $2; f += $3 }
	END { printf "%d passed, %d failed\n", p, f; exit f != 0 }'
