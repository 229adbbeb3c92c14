#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etwwpp on the host (issue 22): the Windows sources wpp_test.sh builds
# are Microsoft's, unchanged (each file's git blob id is the upstream one
# selftests/data/windows-driver-samples/README.md lists); etwwpp reads
# them as tracewpp does (every trace statement of the pofx driver, the
# .tmh spelled as the C++ source's #include spells it); and sources it
# cannot compile get exit status 1 and a message naming file and line,
# options it does not know exit status 2.  Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
etwwpp=$top/build/tools/etwwpp
wds=$top/selftests/data/windows-driver-samples
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
failed=0
result() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n $2"
	else
		echo "not ok $n $2"
		sed 's/^/# /' "$tmp/out" | head -n 20
		failed=$((failed + 1))
	fi
}

if command -v git > /dev/null; then
	: > "$tmp/out"
	sed -n 's/^| `\([^`]*\)` | `\([0-9a-f]\{40\}\)` |.*/\1 \2/p' "$wds/README.md" |
	while read -r f id; do
		got=$(git hash-object --no-filters "$wds/$f")
		[ "$got" = "$id" ] || echo "$f: blob $got, upstream $id" >> "$tmp/out"
	done
	[ -s "$tmp/out" ] || [ "$(grep -c '` | `[0-9a-f]\{40\}`' "$wds/README.md")" != 10 ]
	result $(( $? == 0 )) "the 10 Windows sample files are upstream's, unchanged (git blob ids)"
else
	n=$((n + 1))
	echo "ok $n the Windows sample files are upstream's # SKIP git not installed"
fi

pofx=$wds/pofx/UMDF2/Driver/SingleComp
"$etwwpp" -um -scan:"$pofx/driver.h" -odir:"$tmp" "$pofx/driver.c" "$pofx/HwSim.c" > "$tmp/out" 2>&1 &&
	[ "$(cat "$tmp"/*.tmf | grep -c '^#typev')" = 24 ] &&
	[ "$(cat "$tmp"/*.tmf | grep -c '^#typev.*LEVEL=TRACE_LEVEL_ERROR FLAGS=MYDRIVER_ALL_INFO$')" = 12 ]
result $? "pofx: driver.c and HwSim.c give 24 messages, 12 of them errors, with their flag"

sdo=$wds/sensors/SimpleDeviceOrientationSensor
"$etwwpp" -scan:"$sdo/SensorsTrace.h" -odir:"$tmp" "$sdo/hardwaresimulator.cpp" > "$tmp/out" 2>&1 &&
	[ -f "$tmp/HardwareSimulator.tmh" ] && [ ! -f "$tmp/hardwaresimulator.tmh" ]
result $? "the C++ simulator's .tmh is HardwareSimulator.tmh, as its #include spells it"

# bad SOURCE WANT: etwwpp on SOURCE (with a config of two functions)
# exits 1 and prints WANT.
cat > "$tmp/trace.h" <<'CFG'
// begin_wpp config
// FUNC TraceEvents(LEVEL, FLAGS, MSG, ...);
// FUNC Leave{LEVEL=5, FLAGS=F}(EXP);
// end_wpp
CFG
bad() {
	printf '%s\n' "$1" > "$tmp/bad.c"
	"$etwwpp" -scan:"$tmp/trace.h" -odir:"$tmp" "$tmp/bad.c" > "$tmp/out" 2>&1
	rc=$?
	[ $rc = 1 ] && grep -qF "$2" "$tmp/out"
	result $? "a bad statement: exit 1 (got $rc) and \"$2\""
}
bad 'void f(void) { TraceEvents(4, F, "%!NOSUCH!", 1); }' 'bad.c:1: %!NOSUCH! is not a WPP type'
bad 'void f(void) { TraceEvents(4, F, "%d %d", 1); }' 'bad.c:1: %d has no argument'
bad 'void f(void) {
TraceEvents(4, F, "x", 1); }' 'bad.c:2: 1 arguments for 0 conversions'
bad 'void f(void) { TraceEvents(4, "x"); }' 'bad.c:1: TraceEvents takes at least 3 arguments (2 given)'
bad 'void f(void) { Leave(1, 2); }' 'bad.c:1: Leave takes 1 argument (2 given)'
bad 'void f(void) { TraceEvents(4, F, fmt); }' 'bad.c:1: the format of TraceEvents is not a string literal'
bad 'void f(void) { TraceEvents(4, F, "%*d", 1, 2); }' "bad.c:1: a '*' width"
bad 'void f(void) { TraceEvents(4, F, "x"' 'bad.c:1: a call of TraceEvents that does not end'
bad '// begin_wpp config
// FUNC Broken{LEVEL}(MSG);
// end_wpp' 'cannot read the WPP config statement "Broken{LEVEL}(MSG)"'

"$etwwpp" -nosuch "$tmp/bad.c" > "$tmp/out" 2>&1
[ $? = 2 ] && grep -q 'unknown option -nosuch' "$tmp/out"
result $? "an unknown option: exit 2, named"

echo "1..$n"
[ "$failed" -eq 0 ]
