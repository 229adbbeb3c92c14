#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# WPP end to end (issue 22).  Programs traced with WPP and built from the
# .tmh files etwwpp wrote write their messages through TraceMessage into
# a file session that enables their control GUID by flags and level with
# etwctl; etwdump formats them from the TMF files, and each message must
# be the text Windows' tracefmt prints for it -- the source's format with
# its arguments as tracefmt formats them (%!FUNC! the function's name as
# MSVC's __FUNCTION__ gives it, %!STATUS! as 0xC00000BB(STATUS_NOT_SUPPORTED),
# %p as the pointer's 16 hex digits, %d of a ULONG IOCTL code negative):
#
#  - etw-sample-wpp (tools/etw-sample-wpp): DoTraceMessage, TraceEvents,
#    TraceError{...}, printf conversions, %!HRESULT!, %!WINERROR!, the
#    other types of defaultwpp.ini, CUSTOM_TYPE, USESUFFIX;
#  - Microsoft's Windows-driver-samples, unchanged
#    (selftests/data/windows-driver-samples): the UMDF 2 single-component
#    power framework driver (pofx, C: WPP_INIT_TRACING in DriverEntry,
#    Trace{FLAGS=...}(LEVEL, MSG, ...), every one of its 24 statements)
#    and the simple device orientation sensor's hardware simulator (C++:
#    USEPREFIX, functions without MSG, a SENSOREXIT argument with _PRE and
#    _POST macros), run by wpp_host/ on a fake UMDF.
#
# Prints TAP.
ksft_skip=4

DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
CTL=$TOP/build/tools/etwctl
DUMP=$TOP/build/tools/etwdump
SAMPLE=$TOP/build/tools/etw-sample-wpp
TMF=$TOP/build/tools/wpp
WPP=$DIR/wpp
CG=8c9a5e31-2f4b-4d6e-9a1c-3b5d7e9fa1c3	# trace.h's WPP_DEFINE_CONTROL_GUID
POFX_CG=f9eb5c3a-c292-4c69-8b52-ccf043c25ab0	# pofx driver.h
SDO_CG=3c773167-f26d-4f72-a1de-95f1fd795840	# SensorsTrace.h

echo "TAP version 13"
if [ ! -c /dev/etw ]; then
	echo "1..0 # SKIP /dev/etw missing (etw.ko not loaded)"
	exit $ksft_skip
fi
for p in "$SAMPLE" "$DUMP" "$WPP/pofx_host" "$WPP/sdo_host"; do
	if [ ! -x "$p" ]; then
		echo "1..0 # SKIP $p not built (make tools selftests)"
		exit $ksft_skip
	fi
done
echo "1..9"

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
		sed 's/^/#   /' "$T/out" | head -n 40
	fi
}

# Processes are slow to start in the VM: the helpers below use few.
# $T/guids: "<message GUID> <program>" for the TMF files of each program.
for f in "$TMF"/*.tmf; do g=${f##*/}; echo "${g%.tmf} sample"; done > "$T/guids"
for f in "$WPP"/pofx/*.tmf; do g=${f##*/}; echo "${g%.tmf} pofx"; done >> "$T/guids"
for f in "$WPP"/sdo/*.tmf; do g=${f##*/}; echo "${g%.tmf} sdo"; done >> "$T/guids"

# session LEVEL FLAGS PLEVEL PFLAGS SLEVEL SFLAGS: one file session
# (etwctl record), $T/w.etl, with etw-sample-wpp's control GUID enabled at
# LEVEL/FLAGS, the pofx driver's at PLEVEL/PFLAGS, the sensor's at
# SLEVEL/SFLAGS, while the three programs run one after the other (their
# output in $T/<name>);
# then the messages, formatted with the TMF files of all three, one a
# line, go to $T/got.<program> -- pofx's queue handle as @QUEUE@.
session() {
	rm -f "$T/w.etl" "$T"/got.*
	"$CTL" record -o "$T/w.etl" -n $S -p $CG:$1:$2 -p $POFX_CG:$3:$4 -p $SDO_CG:$5:$6 -- \
		sh -c "'$SAMPLE' 2 > '$T/sample' 2>&1 && '$WPP/pofx_host' > '$T/pofx' 2>&1 &&
		       '$WPP/sdo_host' > '$T/sdo' 2>&1" > "$T/record" 2>&1
	while read -r k v; do [ "$k" = queue ] && QUEUE=$v; done < "$T/pofx"
	"$DUMP" -v --tmf "$TMF;$WPP/pofx;$WPP/sdo" "$T/w.etl" > "$T/dump" 2>&1
	awk -v dir="$T" -v q="$QUEUE" '
		NR == FNR { prog[$1] = $2; next }
		match($0, / \{[-0-9a-f]+\} /) && (i = index($0, " message=")) {
			g = substr($0, RSTART + 2, RLENGTH - 4)
			m = substr($0, i + 9)
			if (q != "" && (j = index(m, q)))
				m = substr(m, 1, j - 1) "@QUEUE@" substr(m, j + length(q))
			if (g in prog)
				print m > (dir "/got." prog[g])
		}' "$T/guids" "$T/dump"
	touch "$T/got.sample" "$T/got.pofx" "$T/got.sdo"
}

# What tracefmt prints for each statement the programs run, in order, with
# the statement's level.  pofx (4 information, 2 error): driver.c, HwSim.c.
cat > "$T/pofx.all" <<'EOF'
4|"DriverEntry Entry of driver"
4|"SingleCompEvtDeviceAdd Entry\n"
4|"AssignS0IdleSettings Entry\n"
4|"AssignS0IdleSettings Exit\n"
4|"HwSimInitialize Entry\n"
4|"HwSimInitialize Exit\n"
4|"SingleCompEvtDeviceAdd Exit\n"
4|"SingleCompEvtIoDeviceControl Entry\n"
4|"HwSimReadComponent Entry\n"
4|"HwSimReadComponent Exit\n"
4|"SingleCompEvtIoDeviceControl Exit\n"
4|"SingleCompEvtIoDeviceControl Entry\n"
2|"SingleCompEvtIoDeviceControl -Unsupported IoControlCode. Expected: -1879022592. Actual: 4660. 0xC00000BB(STATUS_NOT_SUPPORTED)."
4|"SingleCompEvtIoDeviceControl Entry\n"
2|"SingleCompEvtIoDeviceControl - IOCTL -1879022592 was dispatched from WDFQUEUE @QUEUE@ when the component was not in an active condition."
4|"HwSimReadComponent Entry\n"
4|"HwSimReadComponent Exit\n"
4|"SingleCompEvtIoDeviceControl Exit\n"
4|"SingleCompEvtIoDeviceControl Entry\n"
2|"SingleCompEvtIoDeviceControl - WdfRequestRetrieveOutputBuffer failed with 0xC0000023(STATUS_BUFFER_TOO_SMALL)."
4|"SingleCompEvtIoDeviceControl Entry\n"
4|"HwSimReadComponent Entry\n"
2|"HwSimReadComponent - Expected device to be powered on, but it was not."
4|"HwSimReadComponent Exit\n"
4|"SingleCompEvtIoDeviceControl Exit\n"
2|"SingleCompEvtIoRead -Reads are currently not supported: 0xC00000BB(STATUS_NOT_SUPPORTED)."
2|"SingleCompEvtIoWrite -Writes are currently not supported: 0xC00000BB(STATUS_NOT_SUPPORTED)."
4|"SingleCompEvtDeviceAdd Entry\n"
2|"SingleCompEvtDeviceAdd - WdfDeviceCreate failed with 0xC000009A(STATUS_INSUFFICIENT_RESOURCES)."
4|"SingleCompEvtDeviceAdd Entry\n"
2|"SingleCompEvtDeviceAdd - WdfIoQueueCreate for IoDeviceControl failed with 0xC000009A(STATUS_INSUFFICIENT_RESOURCES)."
4|"SingleCompEvtDeviceAdd Entry\n"
2|"SingleCompEvtDeviceAdd - WdfDeviceConfigureRequestDispatching for WdfRequestTypeDeviceControl failed with 0xC000009A(STATUS_INSUFFICIENT_RESOURCES)."
4|"SingleCompEvtDeviceAdd Entry\n"
4|"AssignS0IdleSettings Entry\n"
2|"AssignS0IdleSettings - WdfDeviceAssignS0IdleSettings failed with 0xC000009A(STATUS_INSUFFICIENT_RESOURCES)."
4|"AssignS0IdleSettings Exit\n"
4|"SingleCompEvtDeviceAdd Entry\n"
4|"AssignS0IdleSettings Entry\n"
4|"AssignS0IdleSettings Exit\n"
2|"SingleCompEvtDeviceAdd - WdfDeviceCreateDeviceInterface failed with 0xC000009A(STATUS_INSUFFICIENT_RESOURCES)."
4|"SingleCompEvtDeviceAdd Entry\n"
4|"AssignS0IdleSettings Entry\n"
4|"AssignS0IdleSettings Exit\n"
4|"HwSimInitialize Entry\n"
2|"HwSimInitialize - WdfObjectAllocateContext failed with 0xC000009A(STATUS_INSUFFICIENT_RESOURCES)"
4|"SingleCompEvtDriverCleanup Entry\n"
EOF

# The sensor simulator (5 verbose: SENSOR_FunctionEnter/Exit, 2 error).
cat > "$T/sdo.all" <<'EOF'
5|" SENSOR _HardwareSimulator::Initialize FunctionEnter"
5|" SENSOR _HardwareSimulator::InitializeInternal FunctionEnter"
5|" SENSOR _HardwareSimulator::InitializeInternal FunctionExit: STATUS_SUCCESS"
5|" SENSOR _HardwareSimulator::Initialize FunctionExit: STATUS_SUCCESS"
5|" SENSOR _HardwareSimulator::Start FunctionEnter"
5|" SENSOR _HardwareSimulator::Start FunctionExit: STATUS_SUCCESS"
5|" SENSOR _HardwareSimulator::OnTimerExpire FunctionEnter"
5|" SENSOR _HardwareSimulator::OnTimerExpire FunctionExit: STATUS_SUCCESS"
5|" SENSOR _HardwareSimulator::GetOrientation FunctionEnter"
5|" SENSOR _HardwareSimulator::GetOrientation FunctionExit: STATUS_SUCCESS"
5|" SENSOR _HardwareSimulator::Stop FunctionEnter"
5|" SENSOR _HardwareSimulator::Stop FunctionExit: STATUS_SUCCESS"
5|" SENSOR _HardwareSimulator::Initialize FunctionEnter"
2|"SDOS _HardwareSimulator::Initialize WdfObjectCreate failed 0xC000009A(STATUS_INSUFFICIENT_RESOURCES)"
5|" SENSOR _HardwareSimulator::Initialize FunctionExit: 0xC000009A(STATUS_INSUFFICIENT_RESOURCES)"
5|" SENSOR _HardwareSimulator::Initialize FunctionEnter"
5|" SENSOR _HardwareSimulator::InitializeInternal FunctionEnter"
2|"SDOS _HardwareSimulator::InitializeInternal WdfWaitLockCreate failed 0xC000009A(STATUS_INSUFFICIENT_RESOURCES)"
5|" SENSOR _HardwareSimulator::InitializeInternal FunctionExit: 0xC000009A(STATUS_INSUFFICIENT_RESOURCES)"
5|" SENSOR _HardwareSimulator::Initialize FunctionExit: STATUS_SUCCESS"
5|" SENSOR _HardwareSimulator::Initialize FunctionEnter"
5|" SENSOR _HardwareSimulator::InitializeInternal FunctionEnter"
2|"SDOS _HardwareSimulator::InitializeInternal WdfTimerCreate failed 0xC000009A(STATUS_INSUFFICIENT_RESOURCES)"
5|" SENSOR _HardwareSimulator::InitializeInternal FunctionExit: 0xC000009A(STATUS_INSUFFICIENT_RESOURCES)"
5|" SENSOR _HardwareSimulator::Initialize FunctionExit: STATUS_SUCCESS"
EOF

# want.<program>.<level>: the lines of <program>.all at most that level.
awk -F'|' -v dir="$T" '
	FNR == 1 { p = FILENAME; sub(/.*\//, "", p); sub(/\.all$/, "", p) }
	{ for (l = 2; l <= 5; l++) if ($1 <= l) print $2 > (dir "/want." p "." l) }
' "$T/pofx.all" "$T/sdo.all"
npofx=0; while read -r l; do npofx=$((npofx + 1)); done < "$T/want.pofx.4"
npofxe=0; while read -r l; do npofxe=$((npofxe + 1)); done < "$T/want.pofx.2"
nsdo=0; while read -r l; do nsdo=$((nsdo + 1)); done < "$T/want.sdo.5"

# Session 1.  etw-sample-wpp: TRACE_INIT|TRACE_WORK (0x3), level 4 (its
# information messages, not the verbose one nor TraceError's, flag 0x4).
# pofx: MYDRIVER_ALL_INFO (0x1), level 4: every statement.  Sensor:
# EntryExit|Error (0x21), level 5: SENSOR_FunctionEnter/Exit (USEPREFIX
# "%!STDPREFIX! SENSOR %!FUNC! FunctionExit: %!STATUS!" with the __status
# its _PRE macro declares) and TraceError.
session 4 0x3 4 0x1 5 0x21
cat > "$T/want" <<'EOF'
"starting 2 rounds, char x, 0% done"
"DoWork: round 0 of widgets (wide), mask 0x0000beef"
"DoWork: round 1 of widgets (wide), mask 0x0000beef"
"-7 65535 123456789012 uni! 8c9a5e31-2f4b-4d6e-9a1c-3b5d7e9fa1c3 true 192.168.1.20 8080 0000002a Done (Types, suffix)"
done
EOF
diff -u "$T/want" "$T/got.sample" > "$T/out"
check "etw-sample-wpp, flags 0x3, level 4: the five messages those enable, as the source wrote them (%hd, %Iu, %wZ, %!GUID!, %!bool!, %!IPADDR!, %!PORT!, %!XINT!, a CUSTOM_TYPE, a USESUFFIX)" $?

{ diff -u "$T/want.pofx.4" "$T/got.pofx"; cat "$T/pofx"; } > "$T/out"
check "pofx (C, unchanged): flag 0x1, level 4: all $npofx messages of driver.c and HwSim.c, each as tracefmt prints it" $?

{ diff -u "$T/want.sdo.5" "$T/got.sdo"; cat "$T/sdo"; } > "$T/out"
check "sensor simulator (C++, unchanged): flags 0x21, level 5: all $nsdo messages, %!FUNC! as Class::Method" $?

# Session 2.  etw-sample-wpp: TRACE_WORK|TRACE_ERRORS (0x6), level 5.
# pofx at level 2: its errors alone (its WPP_FLAGS_LEVEL_ENABLED: the
# session's level >= the statement's).  The sensor: flag Error (0x20)
# alone at level 5: TraceError's messages, not SENSOR_FunctionEnter/Exit's
# (flag EntryExit).
session 5 0x6 2 0x1 5 0x20
grep -Eq '^"verbose detail 1000000000000 at [0-9A-F]{16}"$' "$T/got.sample" &&
	! grep -q 'starting' "$T/got.sample"
cp "$T/got.sample" "$T/out"
check "etw-sample-wpp, flags 0x6, level 5: the verbose message (%I64d, %p as Windows prints it), not TRACE_INIT's" $?

grep 'DoWork failed' "$T/got.sample" > "$T/fail"
echo '"DoWork failed: 0xC000000D(STATUS_INVALID_PARAMETER), Access is denied., The system cannot find the file specified."' > "$T/want"
diff -u "$T/want" "$T/fail" > "$T/out"
check "TraceError{LEVEL,FLAG}: %!FUNC!, %!STATUS!, %!HRESULT!, %!WINERROR!" $?

diff -u "$T/want.pofx.2" "$T/got.pofx" > "$T/out"
check "pofx: level 2: its $npofxe error messages only" $?

diff -u "$T/want.sdo.2" "$T/got.sdo" > "$T/out"
check "sensor simulator: flag Error (0x20) alone at level 5: its 3 TraceError messages, not EntryExit's" $?

TRACE_FORMAT_SEARCH_PATH="/nonexistent;$TMF" "$DUMP" "$T/w.etl" > "$T/out" 2>&1
grep -q 'message="DoWork: round 1 of widgets (wide), mask 0x0000beef"' "$T/out"
check "TRACE_FORMAT_SEARCH_PATH finds the TMF in the second directory" $?

env -u TRACE_FORMAT_SEARCH_PATH "$DUMP" "$T/w.etl" > "$T/out" 2>&1
grep -q 'undecoded: TraceMessage (WPP) event: no TMF file' "$T/out"
check "without a TMF the messages stay undecoded and etwdump says why" $?

[ $fail = 0 ]
