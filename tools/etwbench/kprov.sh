#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kprov.sh TOOLS KCHECK_KO: make bench's kernel-mode provider rows, in the
# bench VM after etwbench (etw.ko loaded).  etw_kcheck.ko times, in the
# kernel (ktime, thousandths of ns per call; see its header comment):
#   kprov_write_64_vs_tp        an enabled EtwWrite of 64 bytes into an
#                               in-memory (buffering) session, against
#                               a tracepoint with the same 64 bytes
#                               recorded by ftrace, in the same boot
#   kprov_enabled_check_vs_key  EtwEventEnabled on a provider no session
#                               enables, against a disabled static key
# Five interleaved rounds of each; the ratio's median (min..max).
set -u
TOOLS=$1
KCK=$2
CTL=$TOOLS/etwctl
DEV=/dev/etw-kcheck
BENCH_GUID=7c1e2a40-5b3d-4e6f-8a9b-0c1d2e3f4a71
EV=/sys/kernel/tracing/events/etw_kcheck/etw_kcheck_bench64/enable
ROUNDS=5

die() { echo "kprov.sh: $*" >&2; exit 1; }
kc() { printf '%s' "$1" > $DEV && cat $DEV; }
val() { sed -n "s/^$1 //p"; }

[ -r "$KCK" ] || die "$KCK: not built (make builds it after etw.ko)"
grep -q '^etw_kcheck ' /proc/modules || insmod "$KCK" || die "insmod $KCK failed"
[ -d /sys/kernel/tracing/events ] ||
	mount -t tracefs tracefs /sys/kernel/tracing 2> /dev/null
[ -w "$EV" ] || die "$EV: no tracefs"
"$CTL" start kprov-bench --buffering --buffer-kb 1024 > /dev/null ||
	die "etwctl start kprov-bench failed"
trap '"$CTL" stop kprov-bench > /dev/null 2>&1; echo 0 > "$EV"; rmmod etw_kcheck' EXIT
echo 1 > "$EV"

w="" t="" d="" a=""
i=0
while [ $i -lt $ROUNDS ]; do
	"$CTL" disable kprov-bench $BENCH_GUID > /dev/null 2>&1
	out=$(kc "bench-disabled 2000000") || die "bench-disabled failed"
	d="$d $(echo "$out" | val ns)"
	a="$a $(echo "$out" | val anchor)"
	"$CTL" enable kprov-bench $BENCH_GUID --level 5 --any 0x1 > /dev/null ||
		die "etwctl enable failed"
	out=$(kc "bench-write 200000") || die "bench-write failed"
	[ "$(echo "$out" | val fails)" = 0 ] || die "EtwWrite failed: $out"
	w="$w $(echo "$out" | val ns)"
	out=$(kc "bench-tp 200000") || die "bench-tp failed"
	[ "$(echo "$out" | val enabled)" = 1 ] || die "the tracepoint is not enabled"
	t="$t $(echo "$out" | val ns)"
	i=$((i + 1))
done

# row NAME UNIT ANCHOR_TEXT "values" "anchors": value and anchor are the
# medians; the ratio is per round, its median (min..max).
row() {
	echo "$4|$5" | awk -v name="$1" -v unit="$2" -v what="$3" -F'|' '
	function sort(a, n,   i, j, x) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
				x = a[j]; a[j] = a[j - 1]; a[j - 1] = x
			}
	}
	{
		n = split($1, v, " "); split($2, an, " ")
		for (i = 1; i <= n; i++) {
			r[i] = an[i] > 0 ? v[i] / an[i] : 0
			vs[i] = v[i] / 1000; as[i] = an[i] / 1000
		}
		sort(r, n); sort(vs, n); sort(as, n)
		m = int((n + 1) / 2)
		printf "%-36s %10.1f %-18s %10.1f  %-34s %.3f (%.3f..%.3f)\n",
		       name, vs[m], unit, as[m], what, r[m], r[1], r[n]
	}'
}
row kprov_write_64_vs_tp ns/op "64-byte tracepoint (ftrace)" "$w" "$t"
row kprov_enabled_check_vs_key ns/op "disabled static key" "$d" "$a"
