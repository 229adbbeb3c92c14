// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwwpp: a trace statement's format string.  printf conversions become
 * TMF arguments %10!spec!, %11!spec!, ... (WPP numbers user arguments
 * from 10; %1-%9 are the prefix's), each with the TMF item type that
 * says how many bytes it takes in the message:
 *
 *   %d %i (h, l)   ItemLong      int          %u %x %X %o   ItemULong
 *   %lld %I64d     ItemLongLong  long long    %llu %I64x    ItemULongLong
 *   %c             ItemChar      one byte     %p            ItemPtr
 *   %s             ItemString    char *       %S %ls %ws    ItemWString
 *   %e %f %g       ItemDouble    double
 *
 * and WPP's extended ones: %!STATUS! (ItemNTSTATUS), %!HRESULT!
 * (ItemHRESULT), %!WINERROR! (ItemWINERROR), %!bool! (ItemListLong
 * (false,true)), %!GUID! (ItemGuid, a GUID *), %!FUNC! (the function,
 * passed as a string: __func__), and %!FILE!, %!LINE!, %!FLAGS!,
 * %!LEVEL!, which etwwpp writes into the text itself.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "etwwpp.h"

#define CAT(buf, ...) do { size_t l_ = strlen(buf); \
	snprintf((buf) + l_, sizeof(buf) > l_ ? sizeof(buf) - l_ : 0, __VA_ARGS__); } while (0)

/* The string literal(s) of MSG, concatenated, without quotes. */
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

static struct wpp_arg *new_arg(struct wpp_state *s, struct wpp_call *c,
			       const char *item, const char *ctype)
{
	struct wpp_arg *a;

	if (c->nargs + (c->func_at >= 0) >= 32) {
		wpp_error(s, c->line, "more than 32 arguments");
		return NULL;
	}
	a = &c->args[c->nargs + (c->func_at >= 0)];
	a->item = item;
	a->ctype = ctype;
	return a;
}

int wpp_format(struct wpp_state *s, struct wpp_call *c, const char *msg,
	       char args[][256], unsigned nargs)
{
	char fmt[2048];
	const char *p;
	unsigned used = 0;

	if (literal(msg, fmt, sizeof(fmt))) {
		wpp_error(s, c->line, "the format of %s is not a string literal", c->f->name);
		return -1;
	}
	for (p = fmt; *p; p++) {
		char spec[32];
		struct wpp_arg *a;
		size_t k = 0;

		if (*p != '%') {
			CAT(c->text, "%c", *p);
			continue;
		}
		if (p[1] == '%') {
			CAT(c->text, "%%%%");
			p++;
			continue;
		}
		if (p[1] == '!') {	/* %!NAME! */
			const char *e = strchr(p + 2, '!');
			char name[32];

			if (!e || e - p - 2 >= (int)sizeof(name)) {
				wpp_error(s, c->line, "unterminated %%! in the format");
				return -1;
			}
			memcpy(name, p + 2, e - p - 2);
			name[e - p - 2] = 0;
			p = e;
			if (!strcmp(name, "FILE")) {
				CAT(c->text, "%s", s->file);
				continue;
			}
			if (!strcmp(name, "LINE")) {
				CAT(c->text, "%u", c->line);
				continue;
			}
			if (!strcmp(name, "FLAGS")) {
				CAT(c->text, "%s", c->flag);
				continue;
			}
			if (!strcmp(name, "LEVEL")) {
				CAT(c->text, "%s", *c->level ? c->level : "0");
				continue;
			}
			if (!strcmp(name, "FUNC")) {
				if (c->func_at < 0) {
					c->func_at = (int)(c->nargs);
					c->args[c->func_at].item = "ItemString";
					c->args[c->func_at].ctype = "const char *";
					c->args[c->func_at].expr[0] = 0;
				}
				CAT(c->text, "%%%u!s!", 10 + c->func_at);
					continue;
			}
			if (used == nargs) {
				wpp_error(s, c->line, "%%!%s! has no argument", name);
				return -1;
			}
			if (!strcmp(name, "STATUS"))
				a = new_arg(s, c, "ItemNTSTATUS", "LONG");
			else if (!strcmp(name, "HRESULT"))
				a = new_arg(s, c, "ItemHRESULT", "LONG");
			else if (!strcmp(name, "WINERROR"))
				a = new_arg(s, c, "ItemWINERROR", "ULONG");
			else if (!strcmp(name, "bool"))
				a = new_arg(s, c, "ItemListLong(false,true)", "int");
			else if (!strcmp(name, "GUID"))
				a = new_arg(s, c, "ItemGuid", "const GUID *");
			else {
				wpp_error(s, c->line, "unknown format %%!%s!", name);
				return -1;
			}
			if (!a)
				return -1;
			snprintf(a->expr, sizeof(a->expr), "%s", args[used++]);
			CAT(c->text, "%%%u!s!", 10 + c->nargs + (c->func_at >= 0));
			c->nargs++;
			continue;
		}
		/* printf: flags, width, precision, length, conversion */
		for (p++; *p && strchr("-+ #0123456789.", *p) && k + 8 < sizeof(spec); p++)
			spec[k++] = *p;
		if (*p == '*') {
			wpp_error(s, c->line, "a '*' width is not supported");
			return -1;
		}
		{
			int ll = 0, wide = 0;

			if (!strncmp(p, "I64", 3)) {
				ll = 1;
				memcpy(spec + k, "ll", 2);
				k += 2;
				p += 3;
			} else if (!strncmp(p, "I32", 3)) {
				p += 3;
			} else if (!strncmp(p, "ll", 2)) {
				ll = 1;
				memcpy(spec + k, "ll", 2);
				k += 2;
				p += 2;
			} else if (*p == 'l' || *p == 'w') {
				wide = 1;	/* %ls, %ws; %ld is an int on Windows */
				p++;
			} else if (*p == 'h' || *p == 'z' || *p == 'I') {
				ll = *p != 'h' && sizeof(void *) == 8;
				if (ll) {
					memcpy(spec + k, "ll", 2);
					k += 2;
				}
				p += p[0] == 'h' && p[1] == 'h' ? 2 : 1;
			}
			if (!*p) {
				wpp_error(s, c->line, "the format ends in a conversion");
				return -1;
			}
			if (used == nargs) {
				wpp_error(s, c->line, "%%%c has no argument", *p);
				return -1;
			}
			switch (*p) {
			case 'd': case 'i':
				a = ll ? new_arg(s, c, "ItemLongLong", "long long") :
					 new_arg(s, c, "ItemLong", "int");
				break;
			case 'u': case 'x': case 'X': case 'o':
				a = ll ? new_arg(s, c, "ItemULongLong", "unsigned long long") :
					 new_arg(s, c, "ItemULong", "unsigned int");
				break;
			case 'c':
				a = new_arg(s, c, "ItemChar", "int");
				break;
			case 'p':
				a = new_arg(s, c, "ItemPtr", "const void *");
				break;
			case 's':
				a = wide ? new_arg(s, c, "ItemWString", "const WCHAR *") :
					   new_arg(s, c, "ItemString", "const char *");
				break;
			case 'S':
				a = new_arg(s, c, "ItemWString", "const WCHAR *");
				break;
			case 'e': case 'E': case 'f': case 'g': case 'G':
				a = new_arg(s, c, "ItemDouble", "double");
				break;
			default:
				wpp_error(s, c->line, "unknown conversion %%%c", *p);
				return -1;
			}
			if (!a)
				return -1;
			spec[k++] = *p == 'S' ? 's' : *p;
			spec[k] = 0;
			snprintf(a->expr, sizeof(a->expr), "%s", args[used++]);
			CAT(c->text, "%%%u!%s!", 10 + c->nargs + (c->func_at >= 0), spec);
			c->nargs++;
		}
	}
	if (used != nargs) {
		wpp_error(s, c->line, "%u arguments for %u conversions", nargs, used);
		return -1;
	}
	return 0;
}
