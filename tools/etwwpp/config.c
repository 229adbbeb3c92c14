// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwwpp: WPP configuration -- -func options and the begin_wpp config
 * blocks of scanned headers and sources:
 *
 *   // begin_wpp config
 *   // FUNC TraceEvents(LEVEL, FLAGS, MSG, ...);
 *   // FUNC TraceError{LEVEL=TRACE_LEVEL_ERROR, FLAGS=Error}(MSG, ...);
 *   // USEPREFIX (SENSOR_FunctionExit, "%!STDPREFIX! %!FUNC! exit: %!STATUS!", __status);
 *   // FUNC SENSOR_FunctionExit{LEVEL=TRACE_LEVEL_VERBOSE,FLAGS=EntryExit}(SENSOREXIT);
 *   // CUSTOM_TYPE(state, ItemListLong(Idle, Busy));
 *   // end_wpp
 *
 * Statements end with ';', the comment markers of each line are dropped,
 * and the first thing that looks like a call is the statement ("FUNC "
 * and prose before it are skipped).  USEPREFIX, USESUFFIX, NOPREFIX and CUSTOM_TYPE
 * (TYPEMACRO) are understood; other commands (DEFINE_FLAVOR, WPP_FLAGS,
 * ...) are not supported and named on stderr.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwwpp.h"

/* "Name{K=V,...}(P1, P2, MSG, ...)" */
int wpp_add_func(struct wpp_state *s, const char *spec)
{
	struct wpp_func *f;
	const char *p = wpp_skip_ws(spec), *e;
	size_t n = wpp_ident_len(p);

	if (!n || s->nfuncs == sizeof(s->funcs) / sizeof(s->funcs[0]))
		return -1;
	f = &s->funcs[s->nfuncs];
	memset(f, 0, sizeof(*f));
	wpp_copy_trim(f->name, sizeof(f->name), p, n);
	p = wpp_skip_ws(p + n);
	if (*p == '{') {
		e = strchr(p, '}');
		if (!e)
			return -1;
		for (p++; p < e;) {
			const char *k = wpp_skip_ws(p), *v = strchr(k, '='), *end;

			if (!v || v > e || f->nfixed == WPP_MAX_PARAMS)
				return -1;
			for (end = v + 1; end < e && *end != ','; end++)
				;
			wpp_copy_trim(f->fixed_key[f->nfixed], sizeof(f->fixed_key[0]), k, v - k);
			wpp_copy_trim(f->fixed_val[f->nfixed], sizeof(f->fixed_val[0]),
				      v + 1, end - v - 1);
			if (!wpp_ident_len(f->fixed_key[f->nfixed]))
				return -1;
			f->nfixed++;
			p = end + (end < e);
		}
		p = wpp_skip_ws(e + 1);
	}
	if (*p++ != '(')
		return -1;
	for (;;) {
		char name[32];

		p = wpp_skip_ws(p);
		if (!strncmp(p, "...", 3)) {
			f->has_args = 1;
			p = wpp_skip_ws(p + 3);
			break;
		}
		n = wpp_ident_len(p);
		if (!n)
			break;
		wpp_copy_trim(name, sizeof(name), p, n);
		p = wpp_skip_ws(p + n);
		if (!strcmp(name, "MSG")) {
			f->has_msg = 1;
		} else {
			if (f->has_msg || f->nparams == WPP_MAX_PARAMS)
				return -1;
			strcpy(f->params[f->nparams++], name);
		}
		if (*p != ',')
			break;
		p++;
	}
	if (*p != ')')
		return -1;
	s->nfuncs++;
	return 0;
}

static int add_affix(struct wpp_state *s, char args[][256], unsigned n, int suffix)
{
	struct wpp_affix *a;
	unsigned i;

	if (!n || !wpp_ident_len(args[0]) || n > WPP_MAX_PARAMS + 2)
		return -1;
	for (i = 0; i < s->naffixes; i++)
		if (!strcmp(s->affixes[i].func, args[0]) && s->affixes[i].suffix == suffix)
			break;
	if (i == sizeof(s->affixes) / sizeof(s->affixes[0]))
		return -1;
	a = &s->affixes[i];
	if (i == s->naffixes)
		s->naffixes++;
	memset(a, 0, sizeof(*a));
	snprintf(a->func, sizeof(a->func), "%.127s", args[0]);
	a->suffix = suffix;
	for (i = 1; i < n; i++)
		memcpy(a->exprs[a->nexprs++], args[i], 256);
	if (a->nexprs && args[1][0] != '"')
		return -1;
	return 0;
}

/* CUSTOM_TYPE(name, ItemListLong(a,b,...) [, spec]) */
static int add_custom(struct wpp_state *s, char args[][256], unsigned n)
{
	static const struct { const char *item, *ctype; } lists[] = {
		{ "ItemListByte(", "UCHAR" }, { "ItemListShort(", "USHORT" },
		{ "ItemListLong(", "ULONG" },
	};
	struct wpp_custom *c;
	const char *p;
	size_t k;
	unsigned i;

	if (n < 2 || !wpp_ident_len(args[0]) ||
	    s->ncustoms == sizeof(s->customs) / sizeof(s->customs[0]))
		return -1;
	for (i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		if (!strncmp(args[1], lists[i].item, strlen(lists[i].item)))
			break;
	if (i == sizeof(lists) / sizeof(lists[0]))
		return -1;
	c = &s->customs[s->ncustoms++];
	snprintf(c->name, sizeof(c->name), "%.63s", args[0]);
	for (p = args[1], k = 0; *p && k + 1 < sizeof(c->item); p++)
		if (!isspace((unsigned char)*p))
			c->item[k++] = *p;	/* the TMF's item has no spaces */
	c->item[k] = 0;
	c->ctype = lists[i].ctype;
	return 0;
}

/* One statement of a config block, comment markers already gone. */
static void statement(struct wpp_state *s, const char *st)
{
	static char args[WPP_MAX_PARAMS + 4][256];
	const char *p = wpp_skip_ws(st), *q;
	char cmd[64];
	unsigned n, line = 0;
	int r = 0;

	/* Like tracewpp, take the first thing that looks like a call. */
	while (*p) {
		size_t n = wpp_ident_len(p);

		q = wpp_skip_ws(p + n);
		if (n && strncmp(p, "FUNC", n) && (*q == '(' || *q == '{'))
			break;
		p += n ? n : 1;
	}
	if (!*p)
		return;
	wpp_copy_trim(cmd, sizeof(cmd), p, wpp_ident_len(p));
	q = wpp_skip_ws(p + strlen(cmd));
	if (!strcmp(cmd, "USEPREFIX") || !strcmp(cmd, "USESUFFIX") ||
	    !strcmp(cmd, "NOPREFIX") || !strcmp(cmd, "CUSTOM_TYPE") ||
	    !strcmp(cmd, "TYPEMACRO")) {
		if (*q != '(' || !wpp_call_args(q + 1, args, WPP_MAX_PARAMS + 4, &n, &line))
			r = -1;
		else if (cmd[0] == 'U')
			r = add_affix(s, args, n, cmd[3] == 'S');
		else if (cmd[0] == 'N')
			r = n == 1 ? add_affix(s, args, n, 0) : -1;
		else
			r = add_custom(s, args, n);
	} else if (*cmd && (*q == '(' || *q == '{')) {
		if (!strcmp(cmd, "DEFINE_FLAVOR") || !strcmp(cmd, "DEFINE_SIMPLE_TYPE") ||
		    !strcmp(cmd, "DEFINE_CPLX_TYPE") || !strncmp(cmd, "WPP_", 4) ||
		    !strcmp(cmd, "INCLUDE") || !strcmp(cmd, "SCANFORMACROS") ||
		    !strcmp(cmd, "TRACERANGE") || !strcmp(cmd, "PUBLIC_FILTER")) {
			fprintf(stderr, "etwwpp: %s: the WPP config command %s is not supported, "
				"ignored\n", s->file, cmd);
			return;
		}
		r = wpp_add_func(s, p);
	} else {
		r = -1;
	}
	if (r)
		wpp_error(s, 0, "cannot read the WPP config statement \"%.200s\"", p);
}

/* The statements between "begin_wpp config" and "end_wpp". */
static void block(struct wpp_state *s, const char *p, const char *end)
{
	char *buf = malloc(end - p + 1), *o = buf;
	int in_str = 0;

	if (!buf)
		return;
	while (p < end) {
		const char *eol = memchr(p, '\n', end - p);

		eol = eol ? eol : end;
		p = wpp_skip_ws(p);
		while (p < eol && (*p == '/' || *p == '*'))
			p++;
		for (; p < eol; p++) {
			if (*p == '"' && p[-1] != '\\')
				in_str = !in_str;
			if (*p == ';' && !in_str) {
				*o = 0;
				statement(s, buf);
				o = buf;
				continue;
			}
			if (*p != '\r')
				*o++ = *p;
		}
		*o++ = ' ';
		p = eol + (eol < end);
	}
	*o = 0;
	statement(s, buf);
	free(buf);
}

void wpp_scan_config(struct wpp_state *s, const char *text)
{
	const char *p = text, *end;

	while ((p = strstr(p, "begin_wpp config")) != NULL) {
		p += strlen("begin_wpp config");
		end = strstr(p, "end_wpp");
		if (!end) {
			wpp_error(s, 0, "a begin_wpp config block without end_wpp");
			break;
		}
		p = memchr(p, '\n', end - p);
		if (p)
			block(s, p + 1, end);
		p = end;
	}
}
