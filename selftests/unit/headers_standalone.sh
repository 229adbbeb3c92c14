#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# libetw's Windows-compatible headers compile on their own and together,
# as strict C11 and as C++11, with and without UNICODE; a realistic
# Windows-style ETW program (headers_sample.c) compiles unchanged; a
# WPP-style provider compiles and links with libetw; the
# documented portability rules hold.  Prints TAP.
#
# Both languages are checked with -pedantic-errors: the headers are ISO
# C11 (no GNU dialect needed) and C++11; the nameless structs the Windows
# layouts need, an extension in C++, are marked __extension__.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
inc=$top/libetw/include
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

CFLAGS_C="-std=c11 -Wall -Wextra -Werror -pedantic-errors -fsyntax-only -I$inc"
CFLAGS_CXX="-std=c++11 -x c++ -Wall -Wextra -Werror -pedantic-errors -fsyntax-only -I$inc"

# Every public header except libetw.h (the native layer, which needs uapi/).
headers=$(cd "$inc" && ls *.h | grep -vx libetw.h)
nheaders=$(echo "$headers" | wc -l)

n=0
failed=0
# run DESC CMD...: one TAP line; on failure the compiler output as comments.
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
# run_fail DESC CMD...: the command must fail (a rule that must be enforced).
run_fail() {
	desc=$1
	shift
	n=$((n + 1))
	if "$@" > "$tmp/out" 2>&1; then
		echo "not ok $n $desc"
		echo "# compiled, but should have been rejected"
		failed=$((failed + 1))
	else
		echo "ok $n $desc"
	fi
}
skip() {
	n=$((n + 1))
	echo "ok $n $1 # SKIP $2"
}

echo "TAP version 13"
planned=$((nheaders * 4 + 23))
echo "1..$planned"

# 1. Each header alone.  (A declaration follows the #include because ISO C
#    forbids an empty translation unit, which sal.h alone would be.)
for h in $headers; do
	printf '#include <%s>\nint libetw_standalone_anchor;\n' "$h" > "$tmp/one.c"
	run "$h alone, C11" gcc $CFLAGS_C "$tmp/one.c"
	run "$h alone, C11 UNICODE" gcc $CFLAGS_C -DUNICODE "$tmp/one.c"
	run "$h alone, C++11" g++ $CFLAGS_CXX "$tmp/one.c"
	run "$h alone, C++11 UNICODE" g++ $CFLAGS_CXX -DUNICODE "$tmp/one.c"
done

# 2. All together, twice, in reverse order (guards and shared definitions).
: > "$tmp/all.c"
for h in $(echo "$headers" | sort -r) $headers; do
	echo "#include <$h>" >> "$tmp/all.c"
done
run "all headers twice, reverse order, C11" gcc $CFLAGS_C "$tmp/all.c"
run "all headers twice, reverse order, C++11" g++ $CFLAGS_CXX "$tmp/all.c"

# 3. The Windows-style sample program.
run "sample program, C11" gcc $CFLAGS_C "$here/headers_sample.c"
run "sample program, C11 UNICODE" gcc $CFLAGS_C -DUNICODE "$here/headers_sample.c"
run "sample program, C++11" g++ $CFLAGS_CXX "$here/headers_sample.c"
run "sample program, C++11 UNICODE" g++ $CFLAGS_CXX -DUNICODE "$here/headers_sample.c"
if command -v clang > /dev/null 2>&1 && command -v clang++ > /dev/null 2>&1; then
	run "sample program, clang C11 UNICODE" clang $CFLAGS_C -DUNICODE "$here/headers_sample.c"
	run "sample program, clang++ C++11 UNICODE" clang++ $CFLAGS_CXX -DUNICODE "$here/headers_sample.c"
else
	skip "sample program, clang C11 UNICODE" "clang not installed"
	skip "sample program, clang++ C++11 UNICODE" "clang++ not installed"
fi

# 3b. A WPP-style provider (RegisterTraceGuids, TraceMessage, TraceMessageVa)
#     compiles unchanged and links with libetw.
cat > "$tmp/wpp.c" <<'EOF'
#include <windows.h>
#include <evntrace.h>

static TRACEHANDLE reg;
static TRACELOGGER_HANDLE logger;
static const GUID ctl = { 0x6d2a5c0e, 0x1b2c, 0x4d3e, { 1, 2, 3, 4, 5, 6, 7, 8 } };

static ULONG WINAPI Control(WMIDPREQUESTCODE code, PVOID ctx, ULONG *size, PVOID buf)
{
	UNREFERENCED_PARAMETER(ctx);
	UNREFERENCED_PARAMETER(size);
	if (code == WMI_ENABLE_EVENTS)
		logger = GetTraceLoggerHandle(buf);
	return ERROR_SUCCESS;
}

static ULONG Wpp(USHORT id, ...)
{
	va_list ap;
	ULONG r;

	va_start(ap, id);
	r = TraceMessageVa(logger, TRACE_MESSAGE_SEQUENCE | TRACE_MESSAGE_GUID |
			   TRACE_MESSAGE_TIMESTAMP | TRACE_MESSAGE_SYSTEMINFO,
			   &ctl, id, ap);
	va_end(ap);
	return r;
}

int main(void)
{
	ULONG v = 7;

	if (RegisterTraceGuids(Control, NULL, &ctl, 0, NULL, NULL, NULL, &reg))
		return 1;
	TraceMessage(logger, TRACE_MESSAGE_COMPONENTID, &ctl, 1, &v, sizeof(v), NULL);
	Wpp(2, &v, sizeof(v), NULL);
	return (int)UnregisterTraceGuids(reg);
}
EOF
lib=$top/build/libetw/libetw.a
if [ -f "$lib" ]; then
	run "WPP-style provider links with libetw, C11" \
		gcc -std=c11 -Wall -Wextra -Werror -pedantic-errors -I"$inc" \
		"$tmp/wpp.c" "$lib" -pthread -o "$tmp/wpp"
	run "WPP-style provider links with libetw, C++11" \
		g++ -std=c++11 -Wall -Wextra -Werror -pedantic-errors -I"$inc" \
		-x c++ "$tmp/wpp.c" -x none "$lib" -pthread -o "$tmp/wpp++"
else
	skip "WPP-style provider links with libetw, C11" "$lib not built"
	skip "WPP-style provider links with libetw, C++11" "$lib not built"
fi

# 3c. Every function the headers declare (gcc -aux-info lists them) is
#     exported by libetw.so: nothing declared fails at link time.
printf '#include <windows.h>\n#include <evntprov.h>\n#include <evntrace.h>\n#include <evntcons.h>\n#include <wmistr.h>\n#include <tdh.h>\n#include <TraceLoggingProvider.h>\n' > "$tmp/decl.c"
so=$top/build/libetw/libetw.so
all_exported() {
	gcc -std=c11 -I"$inc" -aux-info "$tmp/aux" -fsyntax-only "$tmp/decl.c" || return 1
	grep -F "$inc/" "$tmp/aux" | grep -v '\*/ static ' |
		sed -E 's@^/\*[^*]*\*/ @@; s/^([^(]*[ *])([A-Za-z_][A-Za-z0-9_]*) \(.*/\2/' |
		sort -u > "$tmp/declared"
	[ "$(wc -l < "$tmp/declared")" -ge 40 ] || { echo "too few declarations found"; return 1; }
	nm -D --defined-only "$so" | awk '{ print $3 }' | sed 's/@.*//' | sort -u > "$tmp/exported"
	missing=$(comm -23 "$tmp/declared" "$tmp/exported")
	[ -z "$missing" ] || { echo "declared but not exported:" $missing; return 1; }
}
if [ -f "$so" ]; then
	run "every function the headers declare is exported by libetw.so" all_exported
else
	skip "every function the headers declare is exported by libetw.so" "$so not built"
fi

# 3d. The seeds name the header of each API: it compiles from that header
#     alone, with the signature the seed gives.
cat > "$tmp/seed0.c" <<'EOF'
#include <evntprov.h>
_Static_assert(__builtin_types_compatible_p(PENABLECALLBACK,
	VOID (NTAPI *)(LPCGUID, ULONG, UCHAR, ULONGLONG, ULONGLONG,
		       PEVENT_FILTER_DESCRIPTOR, PVOID)), "seed 000, rule 1");
EOF
cat > "$tmp/seed1.c" <<'EOF'
#include <evntrace.h>
_Static_assert(__builtin_types_compatible_p(PEVENT_RECORD_CALLBACK,
	VOID (WINAPI *)(PEVENT_RECORD)), "seed 001, rule 1");
EOF
cat > "$tmp/seed2.c" <<'EOF'
#include <evntprov.h>
_Static_assert(sizeof(EVENT_DATA_DESCRIPTOR) == 16, "seed 002, rule 1");
EOF
cat > "$tmp/seed3.c" <<'EOF'
#include <evntrace.h>
_Static_assert(sizeof(EVENT_INSTANCE_HEADER) == 56, "seed 003, rule 2");
EOF
run "seed 000, rules 1 and 24: PENABLECALLBACK from evntprov.h alone" \
	gcc -std=gnu11 -Wall -Werror -fsyntax-only -I"$inc" "$tmp/seed0.c"
run "seed 001, rules 1 and 18: PEVENT_RECORD_CALLBACK from evntrace.h alone" \
	gcc -std=gnu11 -Wall -Werror -fsyntax-only -I"$inc" "$tmp/seed1.c"
run "seed 002, rule 11: EVENT_DATA_DESCRIPTOR from evntprov.h alone" \
	gcc -std=gnu11 -Wall -Werror -fsyntax-only -I"$inc" "$tmp/seed2.c"
run "seed 003, rule 17: EVENT_INSTANCE_HEADER from evntrace.h alone" \
	gcc -std=gnu11 -Wall -Werror -fsyntax-only -I"$inc" "$tmp/seed3.c"

# 4. _UNICODE alone also selects the W forms (reference §0.1).
cat > "$tmp/tunicode.c" <<'EOF'
#include <windows.h>
#include <evntrace.h>
_Static_assert(__builtin_types_compatible_p(EVENT_TRACE_LOGFILE, EVENT_TRACE_LOGFILEW), "W");
_Static_assert(__builtin_types_compatible_p(__typeof__(&OpenTrace), __typeof__(&OpenTraceW)), "W");
_Static_assert(_Generic(TEXT("x"), WCHAR *: 1, default: 0), "TEXT is UTF-16");
_Static_assert(_Generic(_T("x"), WCHAR *: 1, default: 0), "_T is UTF-16");
EOF
run "_UNICODE alone selects W names and UTF-16 TEXT()" gcc $CFLAGS_C -D_UNICODE "$tmp/tunicode.c"

# 5. WCHAR is char16_t: a wchar_t L"" literal is not an LPCWSTR (use TEXT() or u"").
printf '#include <windows.h>\nLPCWSTR s = L"x";\n' > "$tmp/lstr.c"
run_fail "L\"\" literal is rejected as LPCWSTR, C11" gcc $CFLAGS_C "$tmp/lstr.c"
run_fail "L\"\" literal is rejected as LPCWSTR, C++11" g++ $CFLAGS_CXX "$tmp/lstr.c"

# 6. The headers do not break glibc, Linux uapi or libstdc++ headers included
#    after them (sal.h keeps __in/__out/__reserved/__callback undefined).
cat > "$tmp/sys.cc" <<'EOF'
#include <windows.h>
#include <evntcons.h>
#include <sys/stat.h>
#include <link.h>
#include <algorithm>
#include <string>
#include <vector>
static_assert(sizeof(struct statx) == 256, "struct statx layout intact");
int f(std::vector<int> &v) { std::sort(v.begin(), v.end()); return (int)std::string("x").size(); }
EOF
run "system and C++ library headers after ours" g++ $CFLAGS_CXX -D_GNU_SOURCE "$tmp/sys.cc"

# 7. ...and the SAL 1 spellings are there on request.
cat > "$tmp/sal1.c" <<'EOF'
#define LIBETW_SAL1_ALL
#include <windows.h>
void f(__in int a, __out int *b, __inout int *c, __in_opt void *d, __reserved void *e,
       __in_ecount(2) const int *g, __out_bcount(4) void *h);
typedef void (__callback *cb_t)(void);
EOF
run "LIBETW_SAL1_ALL defines the legacy SAL spellings" gcc $CFLAGS_C "$tmp/sal1.c"

# 8. DEFINE_GUID under INITGUID in two translation units links, as the
#    SDK's "selectany" definitions do; without INITGUID it only declares.
cat > "$tmp/g1.c" <<'EOF'
#include <initguid.h>
#include <evntprov.h>
DEFINE_GUID(TwiceGuid, 0x11111111, 0x2222, 0x3333, 4, 5, 6, 7, 8, 9, 10, 11);
const GUID *g1(void) { return &TwiceGuid; }
EOF
cat > "$tmp/g2.c" <<'EOF'
#define INITGUID
#include <windows.h>
DEFINE_GUID(TwiceGuid, 0x11111111, 0x2222, 0x3333, 4, 5, 6, 7, 8, 9, 10, 11);
const GUID *g2(void) { return &TwiceGuid; }
EOF
cat > "$tmp/gmain.c" <<'EOF'
#include <windows.h>
DEFINE_GUID(TwiceGuid, 0x11111111, 0x2222, 0x3333, 4, 5, 6, 7, 8, 9, 10, 11);
const GUID *g1(void);
const GUID *g2(void);
int main(void) { return !(g1() == g2() && g1() == &TwiceGuid && TwiceGuid.Data4[7] == 11); }
EOF
build_guids() {
	"$@" -std=c11 -Wall -Wextra -Werror -I"$inc" -c "$tmp/g1.c" -o "$tmp/g1.o" &&
	"$@" -std=c11 -Wall -Wextra -Werror -I"$inc" -c "$tmp/g2.c" -o "$tmp/g2.o" &&
	"$@" -std=c11 -Wall -Wextra -Werror -I"$inc" "$tmp/gmain.c" "$tmp/g1.o" "$tmp/g2.o" \
		-o "$tmp/guids" && "$tmp/guids"
}
run "DEFINE_GUID with INITGUID in two C units links to one GUID" build_guids gcc
build_guids_cxx() {
	for f in g1 g2 gmain; do
		g++ -std=c++11 -x c++ -Wall -Wextra -Werror -I"$inc" -c "$tmp/$f.c" -o "$tmp/$f.o" || return 1
	done
	g++ "$tmp/gmain.o" "$tmp/g1.o" "$tmp/g2.o" -o "$tmp/guids" && "$tmp/guids"
}
run "DEFINE_GUID with INITGUID in two C++ units links to one GUID" build_guids_cxx

# 9. The headers' inline helpers do not depend on the program's FORCEINLINE
#    (C99 `inline` without `static` would leave them undefined at -O0).
cat > "$tmp/inl.c" <<'EOF'
#define FORCEINLINE inline
#include <windows.h>
#include <evntcons.h>
int main(void)
{
	EVENT_DESCRIPTOR d;
	EVENT_DATA_DESCRIPTOR dd;
	EVENT_RECORD r;
	PVOID t;
	USHORT sz;
	static UCHAR blob[3] = { 3, 0, 0 };

	EventDescCreate(&d, 1, 0, 0, 4, 2, 1, 0);
	EventDataDescCreate(&dd, &d, sizeof(d));
	ZeroMemory(&r, sizeof(r));
	EtwGetTraitFromProviderTraits(blob, 1, &t, &sz);
	return (int)GetEventProcessorIndex(&r) + EventDescGetTask(&d) - 2 +
	       !IsEqualGUID(&GUID_NULL, &GUID_NULL) + (t != NULL);
}
EOF
build_inl() {
	gcc -std=c11 -O0 -Wall -Wextra -Werror -I"$inc" "$tmp/inl.c" -o "$tmp/inl" && "$tmp/inl"
}
run "inline helpers link at -O0 whatever FORCEINLINE is" build_inl

if [ "$n" -ne "$planned" ]; then
	echo "# ran $n tests but planned $planned"
	exit 1
fi
[ "$failed" -eq 0 ]
