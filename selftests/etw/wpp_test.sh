#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# WPP end to end (issue 22): etw-sample-wpp, a program traced with WPP
# (DoTraceMessage, TraceEvents(LEVEL, FLAGS, ...), TraceError{...}, %!FUNC!,
# %!STATUS!, %!HRESULT!, %!WINERROR!, printf conversions) and built from
# the .tmh etwwpp wrote, writes its messages through TraceMessage into a
# file session that enables its control GUID by flags and level with
# etwctl; etwdump formats them from the TMF file (--tmf, and
# TRACE_FORMAT_SEARCH_PATH), and without it says so.  Prints TAP.
ksft_skip=4

DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
CTL=$TOP/build/tools/etwctl
DUMP=$TOP/build/tools/etwdump
SAMPLE=$TOP/build/tools/etw-sample-wpp
TMF=$TOP/build/tools/wpp
CG=8c9a5e31-2f4b-4d6e-9a1c-3b5d7e9fa1c3	# trace.h's WPP_DEFINE_CONTROL_GUID

echo "TAP version 13"
if [ ! -c /dev/etw ]; then
	echo "1..0 # SKIP /dev/etw missing (etw.ko not loaded)"
	exit $ksft_skip
fi
if [ ! -x "$SAMPLE" ] || [ ! -x "$DUMP" ]; then
	echo "1..0 # SKIP $SAMPLE or $DUMP not built (make tools)"
	exit $ksft_skip
fi
echo "1..6"

T=$(mktemp -d /tmp/wpp_test.XXXXXX)
S=wpp$$
trap '"$CTL" stop $S >/dev/null 2>&1; rm -rf "$T"' EXIT
n=0 fail=0
check() {
	n=$((n + 1))
	if [ "$2" = 0 ]; then
		echo "ok $n $1"
	else
		fail=$((fail + 1))
		echo "not ok $n $1"
		sed 's/^/#   /' "$T/out" | head -n 30
	fi
}

# run LEVEL FLAGS: two rounds of the sample into $T/w.etl
run() {
	rm -f "$T/w.etl"
	"$CTL" start $S --file "$T/w.etl" >/dev/null &&
	"$CTL" enable $S $CG --level "$1" --any "$2" >/dev/null &&
	"$SAMPLE" 2 >/dev/null &&
	"$CTL" stop $S >/dev/null
}

# Flags TRACE_INIT|TRACE_WORK (0x3), level 4 (information): the
# information messages, not the verbose one nor TraceError's (flag 0x4).
run 4 0x3
"$DUMP" --tmf "$TMF" "$T/w.etl" > "$T/out" 2>&1
grep -o 'message=\("[^"]*"\|[^ ]*\)' "$T/out" > "$T/msgs"
cat > "$T/want" <<'EOF'
message="starting 2 rounds, char x, 0% done"
message="DoWork: round 0 of widgets (wide), mask 0x0000beef"
message="DoWork: round 1 of widgets (wide), mask 0x0000beef"
message=done
EOF
diff -u "$T/want" "$T/msgs" >> "$T/out"
check "flags 0x3, level 4: the four messages those enable, formatted from the TMF as the source wrote them" $?

grep -q 'verbose detail\|failed' "$T/msgs"
[ $? = 1 ]
check "a message above the level or of a flag not enabled is not written" $?

# Level 5 (verbose), flags TRACE_WORK|TRACE_ERRORS (0x6).
run 5 0x6
"$DUMP" --tmf "$TMF" "$T/w.etl" > "$T/out" 2>&1
grep -q 'message="verbose detail 1000000000000 at 0x' "$T/out" &&
	! grep -q 'starting' "$T/out"
check "flags 0x6, level 5: the verbose message (%I64d, %p), not TRACE_INIT's" $?

grep 'DoWork failed' "$T/out" | grep -o 'message="[^"]*"' > "$T/fail"
cat > "$T/want" <<'EOF'
message="DoWork failed: An invalid parameter was passed to a service or function., Access is denied., The system cannot find the file specified."
EOF
diff -u "$T/want" "$T/fail" >> "$T/out"
check "TraceError{LEVEL,FLAG}: %!FUNC!, %!STATUS!, %!HRESULT!, %!WINERROR! as their text" $?

TRACE_FORMAT_SEARCH_PATH="/nonexistent;$TMF" "$DUMP" "$T/w.etl" > "$T/out" 2>&1
grep -q 'message="DoWork: round 1 of widgets (wide), mask 0x0000beef"' "$T/out"
check "TRACE_FORMAT_SEARCH_PATH finds the TMF in the second directory" $?

env -u TRACE_FORMAT_SEARCH_PATH "$DUMP" "$T/w.etl" > "$T/out" 2>&1
grep -q 'undecoded: TraceMessage (WPP) event: no TMF file' "$T/out"
check "without a TMF the messages stay undecoded and etwdump says why" $?

[ $fail = 0 ]
