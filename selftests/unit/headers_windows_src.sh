#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Windows provider sources build unchanged (issue 8, item 4; porting.rst):
# a TraceLogging provider and a consumer using TDH, written as Windows
# code writes them (Windows-case header names, legacy SAL, L"" with
# -fshort-wchar, TEXT() otherwise), and the header etwmc generates from
# selftests/data/alltypes.man -- compiled with -Wall -Wextra -Werror as
# C (c99/gnu99/c11) and C++ (c++11/c++17), with and without -fshort-wchar,
# by gcc and clang; a C and a C++ unit including the mc header link into
# one program sharing its selectany data; and the tree `make install`
# writes serves the same sources through pkg-config's -I alone.
# Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
inc=$top/libetw/include
aliases=$top/build/libetw/include
etwmc=$top/build/tools/etwmc
lib=$top/build/libetw/libetw.a
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
failed=0
run() {
	desc=$1
	shift
	n=$((n + 1))
	if "$@" > "$tmp/out" 2>&1; then
		echo "ok $n $desc"
	else
		echo "not ok $n $desc"
		sed 's/^/# /' "$tmp/out" | head -n 30
		failed=$((failed + 1))
	fi
}
skip() {
	n=$((n + 1))
	echo "ok $n $1 # SKIP $2"
}

# A TraceLogging provider as Windows code writes it.
cat > "$tmp/tl.c" <<'EOF'
#define UNICODE
#include <Windows.h>
#include <Evntprov.h>
#include <TraceLoggingProvider.h>
#include <WinMeta.h>
#include <Tdh.h>
#include <WinError.h>

/* {3970F9CF-2C0C-4F11-B1CC-E3A1E9958833} */
TRACELOGGING_DEFINE_PROVIDER(g_hProvider, "Contoso.Sample",
	(0x3970f9cf, 0x2c0c, 0x4f11, 0xb1, 0xcc, 0xe3, 0xa1, 0xe9, 0x95, 0x88, 0x33));

static HRESULT __stdcall DoWork(__in int count, __in_ecount(count) const INT32 *values,
				__out_opt ULONG *written, _In_count_(4) const BYTE *ip6,
				_In_bytecount_(16) const void *blob)
{
	GUID activity;
	FILETIME ft;
	SYSTEMTIME st;

	ZeroMemory(&activity, sizeof(activity));
	ZeroMemory(&ft, sizeof(ft));
	ZeroMemory(&st, sizeof(st));

	TraceLoggingWrite(g_hProvider, "Started",
		TraceLoggingLevel(WINEVENT_LEVEL_INFO),
		TraceLoggingKeyword(0x10),
		TraceLoggingOpcode(WINEVENT_OPCODE_START),
		TraceLoggingInt32(count, "Count"),
		TraceLoggingInt32Array(values, (UINT16)count, "Values"),
		TraceLoggingWideString(TEXT("wide"), "Wide"),
		TraceLoggingString("narrow", "Narrow"),
		TraceLoggingUtf8String("utf8", "Utf8"),
		TraceLoggingCountedWideString(TEXT("abc"), 3, "Counted"),
		TraceLoggingGuid(activity, "Guid"),
		TraceLoggingFileTime(ft, "FileTime"),
		TraceLoggingSystemTime(st, "SystemTime"),
		TraceLoggingHResult(E_FAIL, "Hr"),
		TraceLoggingWinError(ERROR_ACCESS_DENIED, "Win32"),
		TraceLoggingNTStatus(0xC0000034, "NtStatus"),
		TraceLoggingIPv6Address(ip6, "Ip6"),
		TraceLoggingBinary(blob, 16, "Blob"),
		TraceLoggingStruct(2, "Point"),
			TraceLoggingInt32(1, "X"),
			TraceLoggingInt32(2, "Y"),
		TraceLoggingBool(TRUE, "Ok"),
		TraceLoggingPointer(blob, "Ptr"),
		TraceLoggingDescription("A sample event"));
	TraceLoggingWriteActivity(g_hProvider, "Activity", &activity, NULL,
		TraceLoggingLevel(WINEVENT_LEVEL_VERBOSE));
	if (written)
		*written = 1;
	return S_OK;
}

int tl_main(void);
int tl_main(void)
{
	static const INT32 v[2] = { 1, 2 };
	static const BYTE ip[16] = { 0 };
	ULONG w = 0;
	HRESULT hr = TraceLoggingRegister(g_hProvider);

	if (SUCCEEDED(hr)) {
		DoWork(2, v, &w, ip, ip);
		TraceLoggingUnregister(g_hProvider);
	}
	return TraceLoggingProviderEnabled(g_hProvider, 0, 0) ? 1 : 0;
}
EOF

# W functions with L"" literals (needs -fshort-wchar: WCHAR is wchar_t).
cat > "$tmp/wide.c" <<'EOF'
#include <Windows.h>
#include <Evntrace.h>
#include <Evntprov.h>
#include <TraceLoggingProvider.h>

int wide_main(void);
int wide_main(void)
{
	struct { EVENT_TRACE_PROPERTIES p; WCHAR name[64]; } b;
	CONTROLTRACE_ID h = 0;
	EVENT_TRACE_LOGFILEW lf;
	LPCWSTR s = L"session";
	WCHAR buf[8] = L"abc";
	REGHANDLE reg = 0;

	ZeroMemory(&b, sizeof(b));
	ZeroMemory(&lf, sizeof(lf));
	lf.LoggerName = (LPWSTR)L"session";
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.LoggerNameOffset = sizeof(b.p);
	(void)buf;
	(void)lf;
	EventWriteString(reg, 0, 0, L"message");
	/* The NT Kernel Logger samples' calls (issue 22): the W names are L"". */
	{
		LPCWSTR names[4] = { KERNEL_LOGGER_NAMEW, GLOBAL_LOGGER_NAMEW,
				     EVENT_LOGGER_NAMEW, DIAG_LOGGER_NAMEW };
		static const wchar_t kl[] = KERNEL_LOGGER_NAMEW;

		(void)names;
		(void)kl;
		ControlTraceW(0, KERNEL_LOGGER_NAMEW, &b.p, EVENT_TRACE_CONTROL_QUERY);
	}
	return (int)StartTraceW(&h, s, &b.p) + (int)ControlTraceW(0, L"session", &b.p, 1) +
	       (int)sizeof(TEXT("x"));
}
EOF

# A consumer with TDH, W and A forms.
cat > "$tmp/tdh.c" <<'EOF'
#include <Windows.h>
#include <Evntrace.h>
#include <Evntcons.h>
#include <Tdh.h>

int tdh_main(PEVENT_RECORD e);
int tdh_main(PEVENT_RECORD e)
{
	ULONG size = 0;
	PTRACE_EVENT_INFO info = NULL;
	TDHSTATUS st = TdhGetEventInformation(e, 0, NULL, info, &size);
	WCHAR out[64];
	LPCWSTR kernel = KERNEL_LOGGER_NAMEW;	/* u"" or L"": WCHAR either way */
	USHORT used = 0;

	if (st == ERROR_INSUFFICIENT_BUFFER)
		st = TdhFormatProperty(info, NULL, 8, TDH_INTYPE_INT32, TDH_OUTTYPE_NULL,
				       4, e->UserDataLength, (PBYTE)e->UserData, &size,
				       out, &used);
	(void)kernel;
	return (int)st;
}
EOF

have_etwmc=0
if [ -x "$etwmc" ] && "$etwmc" -h "$tmp" "$top/selftests/data/alltypes.man"; then
	have_etwmc=1
	cat > "$tmp/mc.c" <<'EOF'
#define UNICODE
#include <Windows.h>
#include <Evntprov.h>
#include "alltypes.h"

const void *mc_context(void);
const void *mc_context(void) { return &ALLTYPES_PROVIDER_Context; }
int mc_main(void);
int mc_main(void)
{
	static const INT32 arr[2] = { 1, 2 };
	static const UINT32 fixed[3] = { 7, 8, 9 };
	static const INT32 pts[4] = { 1, 2, 3, 4 };
	static const UCHAR bin[3] = { 1, 2, 3 };

	EventRegisterLinuxEtw_Selftest_AllTypes();
	EventWriteEvStrings(TEXT("u"), "a", "utf8", TEXT("<x/>"), "{}", TEXT("abcd"),
			    1, TEXT("c"), 1, "c", 3, bin, NULL);
	EventWriteEvArrays(2, arr, fixed, 3, bin, sizeof(pts), pts, 1);
	EventWriteEvMaps(1, 2, 3);
	EventUnregisterLinuxEtw_Selftest_AllTypes();
	return EventEnabledEvInts() ? 1 : 0;
}
EOF
fi

# compile LANG STD WCHAR CC FILE: -c with the Windows-case names resolving.
compile() {
	cc=$1 lang=$2 std=$3 file=$4
	shift 4
	$cc -x "$lang" -std="$std" -Wall -Wextra -Werror "$@" -I"$inc" -I"$aliases" \
		-I"$tmp" -c "$tmp/$file" -o "$tmp/out.o"
}

matrix() {
	cc=$1 cxx=$2 who=$3
	for std in c99 gnu99 c11; do
		for w in "" -fshort-wchar; do
			# u"" literals are C11 (gcc also takes them in gnu99, clang
			# does not): before C11, TEXT() under UNICODE needs -fshort-wchar.
			[ "$std" != c11 ] && [ -z "$w" ] && continue
			run "$who $std ${w:-(char16_t WCHAR)}: TraceLogging provider" \
				compile "$cc" c "$std" tl.c $w
			run "$who $std ${w:-(char16_t WCHAR)}: TDH consumer" \
				compile "$cc" c "$std" tdh.c $w
			if [ $have_etwmc = 1 ]; then
				run "$who $std ${w:-(char16_t WCHAR)}: etwmc header" \
					compile "$cc" c "$std" mc.c $w
			else
				skip "$who $std ${w:-(char16_t WCHAR)}: etwmc header" "no $etwmc"
			fi
		done
		run "$who $std -fshort-wchar: L\"\" to W functions" \
			compile "$cc" c "$std" wide.c -fshort-wchar
	done
	for std in c++11 c++17; do
		for w in "" -fshort-wchar; do
			run "$who $std ${w:-(char16_t WCHAR)}: TraceLogging provider" \
				compile "$cxx" c++ "$std" tl.c $w
			run "$who $std ${w:-(char16_t WCHAR)}: TDH consumer" \
				compile "$cxx" c++ "$std" tdh.c $w
			if [ $have_etwmc = 1 ]; then
				run "$who $std ${w:-(char16_t WCHAR)}: etwmc header" \
					compile "$cxx" c++ "$std" mc.c $w
			else
				skip "$who $std ${w:-(char16_t WCHAR)}: etwmc header" "no $etwmc"
			fi
		done
		run "$who $std -fshort-wchar: L\"\" to W functions, no -fpermissive" \
			compile "$cxx" c++ "$std" wide.c -fshort-wchar
	done
}

echo "TAP version 13"
echo "1..60"
matrix gcc g++ gcc
if command -v clang > /dev/null 2>&1 && command -v clang++ > /dev/null 2>&1; then
	matrix clang clang++ clang
else
	for i in $(seq 1 29); do
		skip "clang matrix $i" "clang not installed (tools/deps.sh installs it)"
	done
fi

# One C and one C++ unit with the mc header: one context, one set of
# enable bits (selectany defined once, never a NULL symbol).
cat > "$tmp/mcmain.c" <<'EOF'
#include <Windows.h>
#include "alltypes.h"
const void *mc_context(void);
const void *cxx_context(void);
int main(void)
{
	const void *volatile bits = LinuxEtw_Selftest_AllTypesEnableBits;

	return !(mc_context() == cxx_context() &&
		 mc_context() == (const void *)&ALLTYPES_PROVIDER_Context &&
		 ALLTYPES_PROVIDER_Context.EnableBitMask == LinuxEtw_Selftest_AllTypesEnableBits &&
		 bits != NULL &&
		 ALLTYPES_PROVIDER.Data1 == 0x6c3b2a90);
}
EOF
printf '#include <Windows.h>\n#include "alltypes.h"\nextern "C" const void *cxx_context(void);\nconst void *cxx_context(void) { return &ALLTYPES_PROVIDER_Context; }\n' > "$tmp/mcxx.cc"
mixed() {
	gcc -std=c11 -Wall -Wextra -Werror -I"$inc" -I"$aliases" -I"$tmp" -c "$tmp/mc.c" -o "$tmp/mc.o" &&
	gcc -std=c11 -Wall -Wextra -Werror -I"$inc" -I"$aliases" -I"$tmp" -c "$tmp/mcmain.c" -o "$tmp/mcmain.o" &&
	g++ -std=c++11 -Wall -Wextra -Werror -I"$inc" -I"$aliases" -I"$tmp" -c "$tmp/mcxx.cc" -o "$tmp/mcxx.o" &&
	g++ "$tmp/mcmain.o" "$tmp/mc.o" "$tmp/mcxx.o" "$lib" -pthread \
		$(pkg-config --libs libxml-2.0) -o "$tmp/mixed" &&
	"$tmp/mixed"
}
if [ $have_etwmc = 1 ] && [ -f "$lib" ]; then
	run "C and C++ units with the etwmc header link to one context and one set of enable bits" mixed
else
	skip "C and C++ units with the etwmc header link to one context" "etwmc or libetw.a not built"
fi

# `make install`'s tree: the Windows spellings next to the headers, found
# through pkg-config's Cflags alone.
installed() {
	make -s -C "$top/libetw" O="$top/build" DESTDIR="$tmp/root" PREFIX=/usr install &&
	cflags=$(PKG_CONFIG_PATH="$tmp/root/usr/lib/pkgconfig" pkg-config \
		--define-variable=prefix="$tmp/root/usr" --cflags libetw) &&
	echo "$cflags" | grep -q -- "-I$tmp/root/usr/include/etw" &&
	gcc -std=c11 -Wall -Wextra -Werror $cflags -c "$tmp/tl.c" -o "$tmp/inst.o" &&
	g++ -std=c++11 -Wall -Wextra -Werror -fshort-wchar $cflags -x c++ -c "$tmp/wide.c" -o "$tmp/inst.o" &&
	test -f "$tmp/root/usr/include/etw/Windows.h"
}
run "make install: Windows.h, Evntprov.h, Tdh.h, ... through pkg-config's -I" installed

[ "$n" -eq 60 ] || { echo "# ran $n tests, planned 60"; exit 1; }
[ "$failed" -eq 0 ]
