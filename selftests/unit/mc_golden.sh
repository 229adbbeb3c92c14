#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etwmc against mc.exe (issue 22): one manifest per construct of the event
# schema in selftests/data/mc/ -- channels (with and without symbols,
# imported, numbered), levels/tasks/opcodes/keywords (with and without
# symbols, task opcodes, eventGUID, notLogged), maps, templates (every
# inType alone, as a fixed and a counted array, lengths, structs),
# localized strings and message tables, and the provider of Microsoft's
# "Writing Manifest-based Events" page -- compiled by etwmc; the header's
# interface (mc_iface.awk: names, values, descriptors, MSG_ ids, map
# enums, EventWrite parameters and their C types) must equal the golden
# <name>.iface, which states what mc.exe writes for that manifest (the
# rules were checked against real mc.exe 10 headers).  Each header then
# compiles as C and C++ with -fshort-wchar, and the calls Windows-era
# samples make (a chid-only channel, CHAR* for an Int8 array,
# <map symbol><entry symbol>, MSG_ ids) compile in C++.  And against real
# mc.exe output: Microsoft's Windows-classic-samples keep the C# classes
# mc.exe generated for two manifests (data/mc/classic-samples, MIT): each
# event's descriptor -- id, version, channel, level, opcode, task,
# keywords, the values channels and keyword bits are numbered with -- and
# its EventWrite parameters must be what etwmc's header gives them; and
# mc.exe 10's own header for libsir's manifest (data/mc/libsir, MIT) must
# be contained in etwmc's, value for value.
# Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
etwmc=$top/build/tools/etwmc
data=$top/selftests/data/mc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
notok() {
	n=$((n + 1))
	echo "not ok $n $1"
	sed 's/^/# /' "$tmp/out" | head -n 40
	failed=$((failed + 1))
}

for man in "$data"/*.man; do
	name=$(basename "$man" .man)
	if ! "$etwmc" -um -h "$tmp" "$man" > "$tmp/out" 2>&1; then
		notok "$name: etwmc compiles the manifest"
		continue
	fi
	awk -f "$here/mc_iface.awk" "$tmp/$name.h" | LC_ALL=C sort > "$tmp/$name.iface"
	if diff -u "$data/$name.iface" "$tmp/$name.iface" > "$tmp/out"; then
		ok "$name: the header's names, values and types are mc.exe's ($(wc -l < "$data/$name.iface") lines)"
	else
		notok "$name: the header's names, values and types are mc.exe's"
	fi
	printf '#include <windows.h>\n#include "%s.h"\nint main(void) { return 0; }\n' "$name" > "$tmp/$name.c"
	cp "$tmp/$name.c" "$tmp/$name.cc"
	if cc -std=c11 -fshort-wchar -Wall -Wextra -Werror -I"$top/libetw/include" -I"$tmp" \
			-fsyntax-only "$tmp/$name.c" > "$tmp/out" 2>&1 &&
	   c++ -std=c++17 -fshort-wchar -Wall -Wextra -Werror -I"$top/libetw/include" -I"$tmp" \
			-fsyntax-only "$tmp/$name.cc" > "$tmp/out" 2>&1; then
		ok "$name: the header compiles as C and C++"
	else
		notok "$name: the header compiles as C and C++"
	fi
done

# What Windows-era provider code writes against these headers, in C++.
cat > "$tmp/calls.cc" <<'EOF'
#include <windows.h>
#include "channels.h"
#include "maps.h"
#include "templates.h"
#include "messages.h"
int main(void)
{
	INT8 int8s[4] = { 1, 2, 3, 4 };
	ULONG v = VMapSymbolVMapValue_2 + BMapSymbolBMapValue_1;
	ULONG ids = MSG_Event_First + MSG_CUSTOM_ONE + MSG_Table_Two;

	EventRegisterContoso_Templates();
	EventWriteEv_Int8_Array((CHAR *)int8s);
	EventWriteEv_UnicodeString_Array(4, (PCWSTR)L"a\0b\0c\0d\0");
	EventWriteMapped(v, v, 7);
	EventWriteInAdmin();
	EventUnregisterContoso_Templates();
	return (int)(ids + CHANNELS_PROVIDER_CHANNEL_1 + OPERATIONAL_CHANNEL);
}
EOF
if c++ -std=c++17 -fshort-wchar -Wall -Wextra -Werror -I"$top/libetw/include" -I"$tmp" \
		-fsyntax-only "$tmp/calls.cc" > "$tmp/out" 2>&1; then
	ok "Windows-era calls (CHAR* Int8 array, map enum names, MSG_ ids, chid-only channel) compile in C++"
else
	notok "Windows-era calls (CHAR* Int8 array, map enum names, MSG_ ids, chid-only channel) compile in C++"
fi

# Real mc.exe output: the C# classes of Windows-classic-samples.
for cs in "$data"/classic-samples/*Events.cs; do
	name=$(basename "$cs" Events.cs)
	if ! "$etwmc" -um -h "$tmp" "$data/classic-samples/$name.man" > "$tmp/out" 2>&1; then
		notok "$name (mc.exe's C# output): etwmc compiles the manifest"
		continue
	fi
	awk -f "$here/mc_cs.awk" "$cs" | LC_ALL=C sort > "$tmp/$name.cs.iface"
	awk -f "$here/mc_iface.awk" "$tmp/$name.h" | grep -E '^(descriptor|write) ' |
		sed 's/ \[.*//' | LC_ALL=C sort > "$tmp/$name.iface"
	if [ -s "$tmp/$name.cs.iface" ] &&
	   diff -u "$tmp/$name.cs.iface" "$tmp/$name.iface" > "$tmp/out"; then
		ok "$name: $(grep -c '^descriptor' "$tmp/$name.iface") event descriptors and EventWrite parameters as mc.exe generated them"
	else
		notok "$name: event descriptors and EventWrite parameters as mc.exe generated them"
	fi
done

# Real mc.exe output: mc.exe 10's header for libsir's manifest
# (data/mc/libsir, MIT; mc -uc, so no macros or EventWrite functions):
# every define, descriptor and MSG_ id it has, etwmc's header has, with
# the same value -- the event ids of the Application log, winmeta's
# strings, the channel's keyword bit.
for h in "$data"/libsir/*.h; do
	name=$(basename "$h" .h)
	if ! "$etwmc" -um -h "$tmp" "$data/libsir/$name.man" > "$tmp/out" 2>&1; then
		notok "$name (mc.exe 10's header): etwmc compiles the manifest"
		continue
	fi
	tr -d '\r' < "$h" | awk -f "$here/mc_iface.awk" | LC_ALL=C sort > "$tmp/$name.mc.iface"
	awk -f "$here/mc_iface.awk" "$tmp/$name.h" | LC_ALL=C sort > "$tmp/$name.iface"
	if [ -s "$tmp/$name.mc.iface" ] &&
	   LC_ALL=C comm -23 "$tmp/$name.mc.iface" "$tmp/$name.iface" > "$tmp/out" &&
	   [ ! -s "$tmp/out" ]; then
		ok "$name: $(wc -l < "$tmp/$name.mc.iface") defines, descriptors and MSG_ ids as mc.exe 10 wrote them"
	else
		notok "$name: defines, descriptors and MSG_ ids as mc.exe 10 wrote them (missing or different:)"
	fi
done

echo "1..$n"
[ "$failed" -eq 0 ]
