# SPDX-License-Identifier: GPL-2.0-only
#
# The interface of a header generated from a manifest -- by Windows'
# mc.exe -um or by etwmc -- as sorted lines that can be compared: what
# provider code uses by name, never the helper code around it.
#
#   guid NAME {...}                  provider GUIDs
#   define NAME VALUE                symbols: channels, levels, tasks,
#                                    opcodes, keywords, map entries,
#                                    NAME_value, MSG_ message ids
#   descriptor NAME {...}            EVENT_DESCRIPTOR initializers
#   write NAME(ARGS) TYPES           EventWrite<Event>'s parameters and the
#                                    C types its template function takes
#   enum NAME VALUE                  map entries (<map symbol><entry symbol>)
#   enabled NAME, assume NAME        EventEnabled<Event>, ..._AssumeEnabled
#   macro NAME                       EventRegister<P>, EventUnregister<P>,
#                                    <P>Handle, <P>_Context, <P>EnableBits
#
# Usage: awk -f mc_iface.awk header.h | sort
function norm_type(t) {
	gsub(/_In_reads_bytes_\([^)]*\)|_In_reads_\([^)]*\)|_In_opt_|_In_/, "", t)
	sub(/[ \t]*_Arg[0-9]+(_Len_)?[ \t]*,?[ \t]*$/, "", t)
	gsub(/[ \t]+/, " ", t)
	gsub(/ \*/, "*", t)
	sub(/^ /, "", t)
	sub(/ $/, "", t)
	if (t == "LPCSTR")
		t = "PCSTR"
	if (t == "LPCWSTR")
		t = "PCWSTR"
	return t
}
{ sub(/\r$/, "") }
/^EXTERN_C __declspec\(selectany\) const GUID / {
	l = $0
	sub(/^EXTERN_C __declspec\(selectany\) const GUID /, "", l)
	sub(/;$/, "", l)
	gsub(/ /, "", l)
	sub(/=/, " ", l)
	print "guid " l
	next
}
/^EXTERN_C __declspec\(selectany\) const EVENT_DESCRIPTOR / {
	l = $0
	sub(/^EXTERN_C __declspec\(selectany\) const EVENT_DESCRIPTOR /, "", l)
	sub(/;$/, "", l)
	gsub(/ /, "", l)
	sub(/=/, " ", l)
	print "descriptor " l
	next
}
/^EXTERN_C __declspec\(selectany\) (DECLSPEC_CACHEALIGN )?ULONG [A-Za-z0-9_]+EnableBits\[/ {
	l = $0
	sub(/.*ULONG /, "", l)
	sub(/\[.*/, "", l)
	print "macro " l
	next
}
/^EXTERN_C __declspec\(selectany\) MCGEN_TRACE_CONTEXT / {
	print "macro " $4
	next
}
# Map entries: typedef enum _<map symbol> { <map symbol><entry symbol> = v, }
/^typedef enum _[A-Za-z0-9_]+$/ { inenum = 1; next }
inenum && /^}/ { inenum = 0; next }
inenum && /=/ {
	l = $0
	gsub(/[ ,]/, "", l)
	sub(/=/, " ", l)
	split(l, kv, " ")
	print "enum " kv[1] " " (kv[2] == "-2147483647-1" ? "-2147483648" : kv[2])
	next
}
/^#define [A-Za-z_][A-Za-z0-9_]* +(0x[0-9A-Fa-f]+|[0-9]+)L?$/ {
	n = $2
	if (n ~ /^(MCGEN|McGen|_mcgen|MCGEN_)|_(def|ARGCOUNT|EventWriteActivity)$/)
		next
	print "define " n " " tolower($3)
	next
}
/^#define EventEnabled[A-Za-z0-9_]*\(\)/ {
	l = $2
	sub(/\(\)$/, "", l)
	print "enabled " substr(l, 13)
	next
}
/^#define EventWrite[A-Za-z0-9_]*\(/ {
	l = $0
	sub(/^#define EventWrite/, "", l)
	sub(/ *\\$/, "", l)
	name = l
	sub(/\(.*/, "", name)
	if (name ~ /_AssumeEnabled$/) {
		print "assume " substr(name, 1, length(name) - 14)
		next
	}
	args[name] = substr(l, length(name) + 1)
	wname = name
	next
}
# The template an event's macro calls: mc.exe names it in the macro
# (McTemplateU0xx(...) or _mcgen_PASTE2(McTemplateU0xx_, ...)), etwmc in
# _mcgen_TEMPLATE_FOR_<Event>.
wname != "" && /McTemplateU0[A-Za-z0-9_]*/ {
	t = $0
	sub(/.*McTemplateU0/, "McTemplateU0", t)
	sub(/[^A-Za-z0-9_].*/, "", t)
	sub(/_$/, "", t)
	tmpl[wname] = t
	wname = ""
	next
}
{ wname = wname != "" && /^ / ? wname : "" }
/^#define _mcgen_TEMPLATE_FOR_[A-Za-z0-9_]+ / {
	e = $2
	sub(/^_mcgen_TEMPLATE_FOR_/, "", e)
	t = $3
	sub(/^_mcgen_PASTE2\(/, "", t)
	sub(/_,?$/, "", t)
	tmpl[e] = t
	next
}
/^#define (EventRegister|EventUnregister|EventRegisterByGuid)[A-Za-z0-9_]*\(/ {
	l = $2
	sub(/\(.*/, "", l)
	print "macro " l
	next
}
/^#define [A-Za-z0-9_]+Handle \(/ {
	print "macro " $2
	next
}
# Template function bodies: the parameters after Descriptor.
/^(_mcgen_PASTE2\()?McTemplateU0[A-Za-z0-9_]*(_, MCGEN_EVENTWRITETRANSFER\))?\($/ {
	cur = $0
	sub(/^_mcgen_PASTE2\(/, "", cur)
	sub(/[^A-Za-z0-9_].*/, "", cur)
	sub(/_$/, "", cur)
	types[cur] = ""
	intmpl = 1
	next
}
intmpl && /^ *\)/ { intmpl = 0; next }
intmpl && /_Arg[0-9]/ {
	t = norm_type($0)
	types[cur] = types[cur] (types[cur] == "" ? "" : ", ") t
	next
}
END {
	for (e in args)
		print "write " e args[e] " [" ((e in tmpl) ? types[tmpl[e]] : "?") "]"
}
