// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwwpp: a trace statement's format string.  Each conversion becomes a
 * TMF argument %10!spec!, %11!spec!, ... (WPP numbers arguments from 10;
 * %1-%9 are the prefix's) with the TMF item type that says how many bytes
 * it takes in the message -- the types of tracewpp's defaultwpp.ini:
 *
 *   %d %i %u %x %X %o (and l)  ItemLong      32 bits      %c  ItemChar
 *   %hd %hu %hx ...            ItemShort     16 bits      %C  ItemShort
 *   %I64d %lld                 ItemLongLong  %I64u %llu   ItemULongLong
 *   %I64x %llx ...             ItemLongLongX/XX/O
 *   %p                         ItemPtr       %Id %Iu %Ix  ItemPtr
 *   %s %hs                     ItemString    %S %ws %ls   ItemWString
 *   %wZ                        ItemPWString (a PCUNICODE_STRING)
 *   %e %f %g                   ItemDouble
 *
 * and the extended %!NAME! ones: STATUS/status, HRESULT/hresult,
 * WINERROR/winerr, GUID/guid, bool, bool8, bool16, BOOLEAN, irql,
 * IPADDR/ipaddr, PORT/port, the XINT-style fixed formats, the base types
 * (SINT, ULONG, ...), CUSTOM_TYPE names; %!FUNC! (the function, passed as
 * a string), and %!FILE!, %!LINE!, %!FLAGS!, %!LEVEL!, %!SPACE!,
 * %!STDPREFIX! (%0), which etwwpp writes into the text itself.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "etwwpp.h"

#define CAT(buf, ...) do { size_t l_ = strlen(buf); \
	snprintf((buf) + l_, sizeof(buf) > l_ ? sizeof(buf) - l_ : 0, __VA_ARGS__); } while (0)

struct wpp_type {
	const char *name, *item, *ctype;
	int kind;
	const char *spec;	/* the TMF format; "" = the conversion itself */
};

#define V WPP_K_VALUE
static const struct wpp_type types[] = {
	/* printf conversions: length modifier and conversion */
	{ "d", "ItemLong", "LONG", V, "d" }, { "i", "ItemLong", "LONG", V, "d" },
	{ "u", "ItemLong", "ULONG", V, "u" }, { "x", "ItemLong", "ULONG", V, "x" },
	{ "X", "ItemLong", "ULONG", V, "X" }, { "o", "ItemLong", "ULONG", V, "o" },
	{ "ld", "ItemLong", "LONG", V, "ld" }, { "li", "ItemLong", "LONG", V, "ld" },
	{ "lu", "ItemLong", "ULONG", V, "u" }, { "lx", "ItemLong", "ULONG", V, "x" },
	{ "lX", "ItemLong", "ULONG", V, "X" }, { "lo", "ItemLong", "ULONG", V, "o" },
	{ "hd", "ItemShort", "SHORT", V, "hd" }, { "hi", "ItemShort", "SHORT", V, "hd" },
	{ "hu", "ItemShort", "USHORT", V, "u" }, { "hx", "ItemShort", "USHORT", V, "x" },
	{ "hX", "ItemShort", "USHORT", V, "X" }, { "ho", "ItemShort", "USHORT", V, "o" },
	{ "c", "ItemChar", "signed char", V, "c" }, { "hc", "ItemChar", "signed char", V, "c" },
	{ "C", "ItemShort", "SHORT", V, "hd" }, { "wc", "ItemShort", "SHORT", V, "hd" },
	{ "lc", "ItemShort", "SHORT", V, "hd" },
	{ "I64d", "ItemLongLong", "LONGLONG", V, "I64d" },
	{ "I64u", "ItemULongLong", "ULONGLONG", V, "I64u" },
	{ "I64x", "ItemLongLongX", "LONGLONG", V, "I64x" },
	{ "I64X", "ItemLongLongXX", "LONGLONG", V, "I64X" },
	{ "I64o", "ItemLongLongO", "LONGLONG", V, "I64o" },
	{ "lld", "ItemLongLong", "LONGLONG", V, "I64d" },
	{ "llu", "ItemULongLong", "ULONGLONG", V, "I64u" },
	{ "llx", "ItemLongLongX", "LONGLONG", V, "I64x" },
	{ "llX", "ItemLongLongXX", "LONGLONG", V, "I64X" },
	{ "llo", "ItemLongLongO", "LONGLONG", V, "I64o" },
	{ "Id", "ItemPtr", "LONG_PTR", V, "Id" }, { "Iu", "ItemPtr", "ULONG_PTR", V, "Iu" },
	{ "Ix", "ItemPtr", "ULONG_PTR", V, "Ix" }, { "IX", "ItemPtr", "ULONG_PTR", V, "IX" },
	{ "Io", "ItemPtr", "ULONG_PTR", V, "Io" },
	{ "p", "ItemPtr", "const void *", V, "p" },
	{ "s", "ItemString", "const char *", WPP_K_STRING, "s" },
	{ "hs", "ItemString", "const char *", WPP_K_STRING, "s" },
	{ "S", "ItemWString", "const WCHAR *", WPP_K_WSTRING, "s" },
	{ "ws", "ItemWString", "const WCHAR *", WPP_K_WSTRING, "s" },
	{ "ls", "ItemWString", "const WCHAR *", WPP_K_WSTRING, "s" },
	{ "wZ", "ItemPWString", "PCUNICODE_STRING", WPP_K_USTRING, "s" },
	{ "e", "ItemDouble", "double", V, "" }, { "E", "ItemDouble", "double", V, "" },
	{ "f", "ItemDouble", "double", V, "" }, { "g", "ItemDouble", "double", V, "" },
	{ "G", "ItemDouble", "double", V, "" },
	/* %!NAME! */
	{ "STATUS", "ItemNTSTATUS", "LONG", V, "s" }, { "status", "ItemNTSTATUS", "LONG", V, "s" },
	{ "HRESULT", "ItemHRESULT", "LONG", V, "s" }, { "hresult", "ItemHRESULT", "LONG", V, "s" },
	{ "WINERROR", "ItemWINERROR", "ULONG", V, "s" },
	{ "winerr", "ItemWINERROR", "ULONG", V, "s" },
	{ "GUID", "ItemGuid", "const GUID *", WPP_K_GUID, "s" },
	{ "guid", "ItemGuid", "const GUID *", WPP_K_GUID, "s" },
	{ "bool", "ItemListLong(false,true)", "LONG", V, "s" },
	{ "bool16", "ItemListShort(false,true)", "SHORT", V, "s" },
	{ "bool8", "ItemListByte(false,true)", "UCHAR", V, "s" },
	{ "BOOLEAN", "ItemListByte(FALSE,TRUE)", "UCHAR", V, "s" },
	{ "irql", "ItemListByte(Low,APC,DPC)", "UCHAR", V, "s" },
	{ "IPADDR", "ItemIPAddr", "ULONG", V, "s" }, { "ipaddr", "ItemIPAddr", "ULONG", V, "s" },
	{ "PORT", "ItemPort", "USHORT", V, "s" }, { "port", "ItemPort", "USHORT", V, "s" },
	{ "XBYTE", "ItemChar", "signed char", V, "02x" },
	{ "XSHORT", "ItemShort", "SHORT", V, "04hX" },
	{ "XINT", "ItemLong", "LONG", V, "08x" }, { "XLONG", "ItemLong", "LONG", V, "08lX" },
	{ "XINT64", "ItemLongLongX", "LONGLONG", V, "I64x" },
	{ "XXINT64", "ItemLongLongXX", "LONGLONG", V, "I64X" },
	{ "OINT64", "ItemLongLongO", "LONGLONG", V, "I64o" },
	{ "SBYTE", "ItemChar", "signed char", V, "c" }, { "UBYTE", "ItemChar", "UCHAR", V, "c" },
	{ "SSHORT", "ItemShort", "SHORT", V, "hd" }, { "USHORT", "ItemShort", "USHORT", V, "hu" },
	{ "SINT", "ItemLong", "LONG", V, "d" }, { "UINT", "ItemLong", "ULONG", V, "u" },
	{ "SLONG", "ItemLong", "LONG", V, "ld" }, { "ULONG", "ItemLong", "ULONG", V, "lu" },
	{ "SINT64", "ItemLongLong", "LONGLONG", V, "I64d" },
	{ "UINT64", "ItemULongLong", "ULONGLONG", V, "I64u" },
	{ "DOUBLE", "ItemDouble", "double", V, "g" },
	{ "PTR", "ItemPtr", "const void *", V, "p" }, { "HANDLE", "ItemPtr", "const void *", V, "p" },
	{ "SLONGPTR", "ItemPtr", "LONG_PTR", V, "Id" },
	{ "ULONGPTR", "ItemPtr", "ULONG_PTR", V, "Iu" },
	{ "XLONGPTR", "ItemPtr", "LONG_PTR", V, "Ix" },
	{ "ASTR", "ItemString", "const char *", WPP_K_STRING, "s" },
	{ "WSTR", "ItemWString", "const WCHAR *", WPP_K_WSTRING, "s" },
	{ "USTR", "ItemPWString", "PCUNICODE_STRING", WPP_K_USTRING, "s" },
};
#undef V

static const struct wpp_type *find_type(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (!strcmp(types[i].name, name))
			return &types[i];
	return NULL;
}

/* The string literal(s) of a format, concatenated, without quotes. */
static int literal(const char *msg, char *out, size_t room)
{
	size_t k = 0;
	const char *p = msg;

	out[0] = 0;
	while (*p) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		if (*p == 'L' && p[1] == '"')
			p++;
		if (*p != '"')
			return -1;
		for (p++; *p && *p != '"'; p++) {
			if (*p == '\\' && p[1] && k + 2 < room)
				out[k++] = *p++;
			if (k + 1 < room)
				out[k++] = *p;
		}
		if (*p != '"')
			return -1;
		p++;
	}
	out[k] = 0;
	return 0;
}

static struct wpp_arg *new_arg(struct wpp_state *s, struct wpp_call *c)
{
	struct wpp_arg *a;

	if (c->nargs == WPP_MAX_ARGS) {
		wpp_error(s, c->line, "more than %d arguments", WPP_MAX_ARGS);
		return NULL;
	}
	a = &c->args[c->nargs++];
	memset(a, 0, sizeof(*a));
	a->callarg = -1;
	return a;
}

/* %!NAME! that etwwpp writes into the text; 1 if @name was one. */
static int text_type(struct wpp_state *s, struct wpp_call *c, const char *name)
{
	const char *base = strrchr(s->file, '/');

	if (!strcmp(name, "FILE"))
		CAT(c->text, "%s", base ? base + 1 : s->file);
	else if (!strcmp(name, "LINE"))
		CAT(c->text, "%u", c->line);
	else if (!strcmp(name, "FLAGS") || !strcmp(name, "KEYWORDS"))
		CAT(c->text, "%s", c->flag);
	else if (!strcmp(name, "LEVEL"))
		CAT(c->text, "%s", *c->level ? c->level : "0");
	else if (!strcmp(name, "SPACE"))
		CAT(c->text, " ");
	else if (!strcmp(name, "STDPREFIX"))
		CAT(c->text, "%%0");
	else
		return 0;
	return 1;
}

int wpp_format(struct wpp_state *s, struct wpp_call *c, const char *msg,
	       char exprs[][256], unsigned nexprs, int first_callarg)
{
	char fmt[2048];
	const char *p;
	unsigned used = 0;

	if (literal(msg, fmt, sizeof(fmt))) {
		wpp_error(s, c->line, "the format of %s is not a string literal: %.60s",
			  c->f->name, msg);
		return -1;
	}
	for (p = fmt; *p; p++) {
		char spec[32], name[64];
		const struct wpp_type *t = NULL;
		const struct wpp_custom *cu = NULL;
		struct wpp_arg *a;
		size_t k = 0;
		unsigned i;

		if (*p != '%') {
			CAT(c->text, "%c", *p);
			continue;
		}
		if (p[1] == '%') {
			CAT(c->text, "%%%%");
			p++;
			continue;
		}
		/* flags, width, precision */
		for (p++; *p && strchr("-+ #0123456789.", *p) && k + 8 < sizeof(spec); p++)
			spec[k++] = *p;
		spec[k] = 0;
		if (*p == '*') {
			wpp_error(s, c->line, "a '*' width or precision is not supported by WPP");
			return -1;
		}
		if (*p == '!') {	/* %!NAME! */
			const char *e = strchr(p + 1, '!');

			if (!e || e - p - 1 >= (int)sizeof(name)) {
				wpp_error(s, c->line, "unterminated %%! in the format");
				return -1;
			}
			memcpy(name, p + 1, e - p - 1);
			name[e - p - 1] = 0;
			p = e;
			if (text_type(s, c, name))
				continue;
			if (!strcmp(name, "FUNC")) {
				if (c->func_at < 0) {
					a = new_arg(s, c);
					if (!a)
						return -1;
					a->item = "ItemString";
					a->ctype = "const char *";
					a->kind = WPP_K_FUNC;
					snprintf(a->expr, sizeof(a->expr), "__FUNCTION__");
					c->func_at = (int)(a - c->args);
				}
				CAT(c->text, "%%%d!s!", 10 + c->func_at);
				continue;
			}
			t = find_type(name);
			for (i = 0; !t && i < s->ncustoms; i++)
				if (!strcmp(s->customs[i].name, name))
					cu = &s->customs[i];
			if (!t && !cu) {
				wpp_error(s, c->line, "%%!%s! is not a WPP type etwwpp knows "
					  "(a CUSTOM_TYPE with ItemListByte/Short/Long, or one of "
					  "defaultwpp.ini's)", name);
				return -1;
			}
		} else {
			/* printf: length modifier and conversion */
			static const char *const lens[] = { "I64", "ll", "I", "h", "l", "w", "" };

			for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++)
				if (!strncmp(p, lens[i], strlen(lens[i])))
					break;
			snprintf(name, sizeof(name), "%s%c", lens[i], p[strlen(lens[i])]);
			p += strlen(lens[i]);
			if (!*p) {
				wpp_error(s, c->line, "the format ends in a conversion");
				return -1;
			}
			t = find_type(name);
			if (!t) {
				wpp_error(s, c->line, "%%%s%s is not a conversion WPP knows",
					  spec, name);
				return -1;
			}
		}
		if (used == nexprs) {
			wpp_error(s, c->line, "%%%s has no argument", name);
			return -1;
		}
		a = new_arg(s, c);
		if (!a)
			return -1;
		a->item = t ? t->item : cu->item;
		a->ctype = t ? t->ctype : cu->ctype;
		a->kind = t ? t->kind : WPP_K_VALUE;
		a->callarg = first_callarg >= 0 ? first_callarg + (int)used : -1;
		snprintf(a->expr, sizeof(a->expr), "%s", exprs[used++]);
		CAT(c->text, "%%%u!%s%s!", 10 + (unsigned)(a - c->args), spec,
		    !t ? "s" : *t->spec ? t->spec : name);
	}
	if (used != nexprs) {
		wpp_error(s, c->line, "%u arguments for %u conversions", nexprs, used);
		return -1;
	}
	return 0;
}
