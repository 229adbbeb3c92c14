#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tools/vm/stale-int3, which decides that etw-vm boots a run again: it
# must know QEMU's stale-int3 defect (a CPU trapping on int3 where memory
# holds another byte; excerpts of the consoles of a make check that hit
# it on 2026-11-28, as a soft lockup, and of a check-pkg on 2026-12-02,
# as an Oops) and nothing else -- a real int3 left in kernel text, a
# soft lockup without int3, a normal run.  Prints TAP.
set -u
S=$(cd "$(dirname "$0")/../.." && pwd)/tools/vm/stale-int3
T=$(mktemp -d /tmp/stale_int3.XXXXXX)
trap 'rm -rf "$T"' EXIT
n=0 fail=0
check() {	# DESC WANT FILE: WANT 0 = the hang is recognised
	n=$((n + 1))
	"$S" "$3"; got=$?
	if [ "$got" = "$2" ]; then echo "ok $n $1"; else
		echo "not ok $n $1 (exit $got, want $2)"; fail=$((fail + 1)); fi
}

cat > "$T/hang" <<'LOG'
[  176.422011] watchdog: BUG: soft lockup - CPU#0 stuck for 45s! [kernel_test:1927]
[  176.427437] NMI backtrace for cpu 1
[  176.427607] RIP: 0010:exc_int3+0x4e/0x120
[  176.427904] Code: 4c 63 ff 85 c0 74 34 48 89 df 5b 5d e9 3b 39 00 00 e8 16 37 00 00 48 89 df 89 c5 e8 5c 4c 63 ff 85 c0 0f 84 8a 00 00 00 89 ee <48> 89 df 5b
[  176.428139] Call Trace:
[  176.428211]  <TASK>
[  176.428291]  asm_exc_int3+0x35/0x40
[  176.428328] RIP: 0010:__schedule+0x1bc/0xa00
[  176.428343] Code: 0f 84 91 06 00 00 48 83 43 70 01 4c 89 a3 60 09 00 00 49 83 07 01 66 41 83 bd f0 07 00 00 00 0f 85 a9 06 00 00 e9 53 03 00 00 <e9> f7 02 00
[  176.429063]  schedule+0x5a/0xd0
[  176.430581] Kernel panic - not syncing: softlockup: hung tasks
[  176.506755]  text_poke_bp_batch+0xb7/0x300
LOG
sed 's/<e9> f7 02 00/<cc> f7 02 00/' "$T/hang" > "$T/real-int3"
grep -v 'asm_exc_int3' "$T/hang" > "$T/other-lockup"
grep -v 'Kernel panic' "$T/hang" > "$T/no-panic"
printf '[    3.1] etw: loaded\n[  100.2] reboot: Power down\n' > "$T/normal"
# The other face (check-pkg's 6.12 VM, 2026-12-02, hardening_test making
# its first memory cgroup, which flips the memcg static keys): the stale
# int3 trapped after the patch was done, and the kernel died of it.
cat > "$T/oops" <<'LOG'
[   93.264609] Oops: int3: 0000 [#1] PREEMPT SMP NOPTI
[   93.264888] CPU: 1 UID: 0 PID: 1880 Comm: hardening_test Tainted: G           OE      6.12.117+deb12-amd64 #1  Debian 6.12.117-1~deb12u1
[   93.265044] RIP: 0010:kmem_cache_free+0x105/0x450
[   93.265193] Code: c9 69 20 01 49 8b 44 24 08 4d 89 e5 a8 01 0f 85 f6 01 00 00 0f 1f 44 00 00 31 c0 41 80 7d 33 f5 48 89 5c 24 10 4c 0f 45 e8 66 <90> 4d 8b 45 38
[   93.265473] Call Trace:
[   93.265632]  seq_release+0x25/0x30
[   93.265672]  kernfs_fop_release+0x45/0xd0
[   93.266331] Kernel panic - not syncing: Fatal exception in interrupt
LOG
sed 's/<90> 4d 8b/<cc> 4d 8b/' "$T/oops" > "$T/oops-real-int3"
grep -v 'Kernel panic' "$T/oops" > "$T/oops-no-panic"
sed 's/Oops: int3/Oops: general protection fault/' "$T/oops" > "$T/other-oops"

echo "TAP version 13"
echo "1..9"
check "a CPU trapping on int3 where memory holds e9, then the soft-lockup panic: the emulator's hang" 0 "$T/hang"
check "the same with int3 (cc) really in memory: a kernel bug, not retried" 1 "$T/real-int3"
check "a soft lockup without an int3 frame: not retried" 1 "$T/other-lockup"
check "the int3 frames without the panic (the run went on): not retried" 1 "$T/no-panic"
check "a normal console: not retried" 1 "$T/normal"
check "an Oops on int3 where memory holds 90, then the panic: the emulator's defect" 0 "$T/oops"
check "the same Oops with int3 (cc) really in memory: a kernel bug, not retried" 1 "$T/oops-real-int3"
check "the int3 Oops without a panic: not retried" 1 "$T/oops-no-panic"
check "another Oops at the same place: not retried" 1 "$T/other-oops"
exit $((fail != 0))
