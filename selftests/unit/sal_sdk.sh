#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The Windows SDK's sal.h, specstrings.h and sdkddkver.h (issue 31,
# point 3):
#  - libetw/include/{sal,specstrings,driverspecs,concurrencysal,
#    sdkddkver}.h are what libetw/sal/gen_sal.py writes from the listings
#    (libetw/sal/sal.list: the SDK 10.0.22000's annotations; sdkddkver.list:
#    its version constants), not edited by hand;
#  - every annotation of the listing is defined, with its arity, and
#    expands to nothing, in C and C++ (the real headers' _In_count_x_(n),
#    _Ret_bytecount_(n), _Ret_opt_bytecount_(n) among them);
#  - every annotation Debian's mingw-w64 headers define (mingw-w64-common,
#    read here at test time) that expands to nothing there is defined
#    here too, and every version constant both sdkddkver.h define has the
#    same value;
#  - <windows.h> gives WINVER, _WIN32_WINNT, NTDDI_VERSION and _WIN32_IE
#    the SDK's defaults (the newest Windows: 0x0A00, NTDDI_WIN10_CO,
#    0x0A00), or what a program's _WIN32_WINNT implies;
#  - every C and C++ standard header still compiles after <windows.h>.
# Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
inc=$top/libetw/include
mingw=/usr/share/mingw-w64/include
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
notok() {
	n=$((n + 1))
	echo "not ok $n $1"
	sed 's/^/# /' "$tmp/out" | head -n 30
	failed=$((failed + 1))
}
skip() { n=$((n + 1)); echo "ok $n # SKIP $1"; }

# 1. generated from the listings
mkdir "$tmp/gen"
if python3 "$top/libetw/sal/gen_sal.py" "$tmp/gen" > "$tmp/out" 2>&1; then
	: > "$tmp/out"
	for h in sal specstrings driverspecs concurrencysal sdkddkver; do
		cmp "$tmp/gen/$h.h" "$inc/$h.h" >> "$tmp/out" 2>&1
	done
fi
if [ ! -s "$tmp/out" ]; then
	ok "the headers are what gen_sal.py writes from sal.list and sdkddkver.list"
else
	notok "the headers are what gen_sal.py writes from sal.list and sdkddkver.list"
fi

# 2. every listed annotation: defined, its arity, empty
awk '!/^#/ && NF >= 3 && $3 != "=" {
	call = $2
	if ($3 == "...") call = call "(x)"
	else if ($3 != "-") { call = call "("; for (i = 0; i < $3; i++) call = call (i ? "," : "") "x"; call = call ")" }
	printf "@@@ \"%s\" %s @@@END\n", $2, call
}' "$top/libetw/sal/sal.list" > "$tmp/calls"
# names that need -DLIBETW_SAL1_ALL (see sal.h)
printf '#include <specstrings.h>\n' > "$tmp/ann.c"
cat "$tmp/calls" >> "$tmp/ann.c"
for lang in c c++; do
	if gcc -E -P -x $lang -DLIBETW_SAL1_ALL -I"$inc" "$tmp/ann.c" > "$tmp/pp" 2> "$tmp/out" &&
	   grep -o '@@@ "[^"]*".*@@@END' "$tmp/pp" | grep -v '@@@ "[^"]*" @@@END' > "$tmp/out"; [ ! -s "$tmp/out" ] &&
	   [ "$(grep -c '@@@END' "$tmp/pp")" -eq "$(wc -l < "$tmp/calls")" ]; then
		ok "$lang: the $(wc -l < "$tmp/calls") annotations of the SDK's listing expand to nothing"
	else
		notok "$lang: the annotations of the SDK's listing expand to nothing"
	fi
done
cat > "$tmp/real.c" <<'EOF'
#include <windows.h>
/* annotations real headers use (issue 31) */
_Ret_bytecount_(n) void *alloc_bytes(_In_ SIZE_T n);
_Ret_opt_bytecount_(n) void *maybe_alloc(_In_ SIZE_T n);
void fill(_In_count_x_(n * 2) const int *a, _In_ SIZE_T n);
_Check_return_ _Success_(return == 0) int get(_Out_writes_bytes_all_(n) void *p, SIZE_T n);
_Acquires_lock_(*l) void lock(_Inout_ int *l);
_IRQL_requires_max_(PASSIVE_LEVEL) void passive(void);
__checkReturn int legacy(__in_ecount(n) const char *s, __out_bcount_opt(n) char *d, int n);
int main(void) { return 0; }
EOF
if gcc -std=c11 -Wall -Wextra -Werror -DPASSIVE_LEVEL=0 -I"$inc" -fsyntax-only "$tmp/real.c" > "$tmp/out" 2>&1 &&
   g++ -std=c++17 -Wall -Wextra -Werror -DPASSIVE_LEVEL=0 -I"$inc" -fsyntax-only -x c++ "$tmp/real.c" >> "$tmp/out" 2>&1; then
	ok "declarations with _Ret_bytecount_, _Ret_opt_bytecount_, _In_count_x_, lock, IRQL and SAL 1 annotations compile as C and C++"
else
	notok "declarations with _Ret_bytecount_, _Ret_opt_bytecount_, _In_count_x_, lock, IRQL and SAL 1 annotations compile as C and C++"
fi

# 3. against mingw-w64's headers
names() { sed -n 's/^#define \([A-Za-z_][A-Za-z0-9_]*\).*/\1/p' | LC_ALL=C sort -u; }
if [ -r "$mingw/sal.h" ] && [ -r "$mingw/specstrings.h" ]; then
	gcc -E -dM -x c /dev/null | names > "$tmp/base"
	{ printf '#include <sal.h>\n#include <specstrings.h>\n'; } > "$tmp/m.c"
	gcc -E -dM -I"$mingw" -x c "$tmp/m.c" 2>/dev/null > "$tmp/m.dm"
	names < "$tmp/m.dm" | LC_ALL=C comm -23 - "$tmp/base" |
		grep -E '^(_[A-Z][A-Za-z0-9_]*_|__[a-z][A-Za-z0-9_]*)$' > "$tmp/m.names"
	# those that expand to nothing with mingw-w64's own headers
	awk -v dm="$tmp/m.dm" 'BEGIN {
		while ((getline l < dm) > 0)
			if (match(l, /^#define [A-Za-z_][A-Za-z0-9_]*(\([^)]*\))?/)) {
				h = substr(l, 9, RLENGTH - 8); nm = h; sub(/\(.*/, "", nm)
				ar[nm] = (h ~ /\(/) ? gsub(/,/, ",", h) + 1 : -1
				if (h ~ /\(\)/) ar[nm] = 0
			}
	} {
		c = $1
		if (ar[$1] >= 0) { c = c "("; for (i = 0; i < ar[$1]; i++) c = c (i ? "," : "") "x"; c = c ")" }
		printf "@@@ \"%s\" %s @@@END\n", $1, c
	}' "$tmp/m.names" > "$tmp/m.calls"
	cat "$tmp/m.c" "$tmp/m.calls" > "$tmp/m2.c"
	gcc -E -P -I"$mingw" -x c "$tmp/m2.c" 2>/dev/null |
		sed -n 's/^@@@ "\([^"]*\)" *@@@END$/\1/p' | LC_ALL=C sort -u > "$tmp/m.empty"
	printf '#include <specstrings.h>\n' > "$tmp/o.c"
	gcc -E -dM -DLIBETW_SAL1_ALL -I"$inc" -x c "$tmp/o.c" | names > "$tmp/o.names"
	LC_ALL=C comm -23 "$tmp/m.empty" "$tmp/o.names" > "$tmp/out"
	if [ -s "$tmp/m.empty" ] && [ ! -s "$tmp/out" ]; then
		ok "every one of mingw-w64's $(wc -l < "$tmp/m.empty") empty annotations is defined"
	else
		notok "every one of mingw-w64's empty annotations is defined (missing:)"
	fi
else
	skip "mingw-w64's sal.h and specstrings.h (mingw-w64-common) not installed"
fi
if [ -r "$mingw/sdkddkver.h" ]; then
	{ printf '#include <sdkddkver.h>\n'; sed -n 's/^#define \(\(_WIN32_WINNT_\|_WIN32_IE_\|NTDDI_\)[A-Za-z0-9_]*\)[ \t].*/\1/p' "$mingw/sdkddkver.h" |
		grep -v '^NTDDI_VERSION$' | LC_ALL=C sort -u | sed 's/.*/@@@ "&" & @@@END/'; } > "$tmp/v.c"
	gcc -E -P -I"$mingw" -x c "$tmp/v.c" | grep @@@ | tr A-Z a-z > "$tmp/v.mingw"
	gcc -E -P -I"$inc" -x c "$tmp/v.c" | grep @@@ | tr A-Z a-z > "$tmp/v.ours"
	diff "$tmp/v.mingw" "$tmp/v.ours" | grep '^>' > "$tmp/out"
	# a constant mingw-w64 has that the SDK's listing lacks stays undefined
	# here (its name comes back unexpanded): not a mismatch
	if [ -s "$tmp/v.mingw" ] && ! grep -v '@@@ "\([A-Za-z_0-9]*\)" \1 @@@END' "$tmp/out" > /dev/null; then
		ok "sdkddkver.h: the $(wc -l < "$tmp/v.mingw") version constants mingw-w64 has have its values"
	else
		notok "sdkddkver.h: the version constants mingw-w64 has have its values"
	fi
else
	skip "mingw-w64's sdkddkver.h (mingw-w64-common) not installed"
fi

# 4. the defaults
cat > "$tmp/ver.c" <<'EOF'
#include <windows.h>
#if !defined(WANT_WINNT)
#if _WIN32_WINNT != 0x0A00 || WINVER != 0x0A00 || NTDDI_VERSION != NTDDI_WIN10_CO || \
	NTDDI_VERSION != 0x0A00000B || _WIN32_IE != 0x0A00
#error not the defaults of the SDK
#endif
#elif WANT_WINNT == 0x0601
#if _WIN32_WINNT != 0x0601 || WINVER != 0x0601 || NTDDI_VERSION != NTDDI_WIN7 || _WIN32_IE != _WIN32_IE_IE80
#error not what _WIN32_WINNT 0x0601 implies
#endif
#endif
#if OSVER(NTDDI_WIN10_CO) != NTDDI_WIN10 || SPVER(NTDDI_WIN6SP2) != 2 || SUBVER(NTDDI_WIN10_CO) != 0x0B
#error OSVER/SPVER/SUBVER
#endif
#if NTDDI_VERSION >= NTDDI_WIN8 && _WIN32_WINNT >= _WIN32_WINNT_WIN8
int newer_than_windows_7;
#endif
int main(void) { return 0; }
EOF
if gcc -std=c11 -Wall -Werror -I"$inc" -fsyntax-only "$tmp/ver.c" > "$tmp/out" 2>&1 &&
   gcc -std=c11 -Wall -Werror -I"$inc" -D_WIN32_WINNT=0x0601 -DWANT_WINNT=0x0601 -fsyntax-only "$tmp/ver.c" >> "$tmp/out" 2>&1; then
	ok "windows.h: WINVER, _WIN32_WINNT, NTDDI_VERSION, _WIN32_IE default to the newest Windows, or follow _WIN32_WINNT"
else
	notok "windows.h: WINVER, _WIN32_WINNT, NTDDI_VERSION, _WIN32_IE default to the newest Windows, or follow _WIN32_WINNT"
fi

# 5. the standard headers after <windows.h>
cxx=$(cd /usr/include/c++/* 2>/dev/null && ls | grep -v -E '\.h$|^(bits|debug|ext|experimental|parallel|pstl|tr1|tr2|decimal|backward|x86_64-linux-gnu|coroutine)$' | sort | head -200)
{ printf '#include <windows.h>\n'; for h in $cxx; do printf '#include <%s>\n' "$h"; done; printf 'int main() { return 0; }\n'; } > "$tmp/std.cc"
: > "$tmp/out"
for s in 11 17 20; do
	g++ -std=c++$s -fshort-wchar -I"$inc" -fsyntax-only "$tmp/std.cc" >> "$tmp/out" 2>&1
done
{ printf '#include <windows.h>\n'; for h in assert.h ctype.h errno.h fenv.h float.h inttypes.h limits.h locale.h math.h setjmp.h signal.h stdarg.h stddef.h stdint.h stdio.h stdlib.h string.h time.h uchar.h wchar.h wctype.h pthread.h unistd.h fcntl.h dirent.h envz.h sys/stat.h sys/socket.h sys/mman.h sys/ioctl.h link.h; do printf '#include <%s>\n' "$h"; done; printf 'int main(void) { return 0; }\n'; } > "$tmp/std.c"
gcc -std=gnu11 -D_GNU_SOURCE -I"$inc" -fsyntax-only "$tmp/std.c" >> "$tmp/out" 2>&1
if [ ! -s "$tmp/out" ]; then
	ok "every C++ standard header (C++11, 17, 20) and the common C ones compile after <windows.h>"
else
	notok "every C++ standard header (C++11, 17, 20) and the common C ones compile after <windows.h>"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
