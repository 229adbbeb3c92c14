#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etw.ko loads and unloads cleanly, repeatedly; /dev/etw follows it; an
# open descriptor pins the module.  Needs root and $ETW_KO (set by
# tools/vm/etw-vm).  Leaves the module loaded, as it found it.
ksft_skip=4
TOP=$(cd "$(dirname "$0")/../.." && pwd)
CTL=$TOP/build/tools/etwctl
SAMPLE=$TOP/build/tools/etw-sample
DUMP=$TOP/build/tools/etwdump
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n $1"; }

echo "TAP version 13"
if [ "$(id -u)" != 0 ] || [ -z "${ETW_KO:-}" ] || [ ! -r "$ETW_KO" ]; then
	echo "1..0 # SKIP needs root and ETW_KO=path/to/etw.ko"
	exit $ksft_skip
fi
echo "1..5"
grep -q '^etw ' /proc/modules || insmod "$ETW_KO"

# 1. 20 unload/load cycles, the device node following the module.
good=1
i=0
while [ $i -lt 20 ]; do
	rmmod etw || { good=0; break; }
	[ -e /dev/etw ] && { echo "# /dev/etw still present after rmmod"; good=0; break; }
	insmod "$ETW_KO" || { good=0; break; }
	[ -c /dev/etw ] || { echo "# /dev/etw missing after insmod"; good=0; break; }
	i=$((i + 1))
done
[ $good = 1 ] && ok "20 unload/load cycles" || nok "20 unload/load cycles (failed at $i)"

# 2. An open descriptor holds a reference: rmmod must refuse.
exec 7<>/dev/etw
if rmmod etw 2>/dev/null; then
	nok "open /dev/etw pins the module"
	insmod "$ETW_KO"
else
	ok "open /dev/etw pins the module"
fi

# 3. Closing the last descriptor lets it go.
exec 7>&-
if rmmod etw; then ok "unload after the last close"; else nok "unload after the last close"; fi

# 4. Unloading with a file session running stops it as STOP does: every
#    event reaches the file and buffer 0 gets its final counts and
#    EndTime (before: the log file, its reader and its credentials leaked,
#    and the file kept only what the writer had flushed on its own).
insmod "$ETW_KO"
F=/tmp/etw-reload-$$.etl
G=5e1f0ad0-0000-4000-8000-00000000e7b5
good=0
if "$CTL" start reload-file --file "$F" > /dev/null &&
   "$CTL" enable reload-file $G --level 5 > /dev/null &&
   "$SAMPLE" --guid $G --count 300 --rate 0 --wait-enabled 10 --quiet > "$F.out" &&
   rmmod etw; then
	wrote=$(sed -n 's/^  events written *//p' "$F.out")
	got=$("$DUMP" --summary --json "$F" | python3 -c '
import json, sys
s = json.loads(sys.stdin.read())
print(sum(p["events"] for p in s["providers"] if p["guid"] == sys.argv[1]), s["status"])' $G)
	end=$(python3 -c '
import struct, sys
b = open(sys.argv[1], "rb").read()
# buffer 0: 72-byte buffer header, then the SYSTEM_TRACE_HEADER (32) and
# TRACE_LOGFILE_HEADER, whose EndTime is at offset 16
print(struct.unpack_from("<Q", b, 72 + 32 + 16)[0])' "$F")
	echo "# sample wrote $wrote; after rmmod: events, status = $got; EndTime = $end"
	[ "$got" = "$wrote 0" ] && [ "$end" != 0 ] && good=1
fi
[ $good = 1 ] && ok "unload finishes a running file session" ||
	nok "unload finishes a running file session"
rm -f "$F" "$F.out"

# 5. Load again; the log holds no error from any of this.
grep -q '^etw ' /proc/modules || insmod "$ETW_KO"
if dmesg | grep -E 'BUG:|WARNING:|Oops|general protection' >/dev/null; then
	nok "kernel log clean after reload cycles"
else
	ok "kernel log clean after reload cycles"
fi
[ $fail = 0 ]
