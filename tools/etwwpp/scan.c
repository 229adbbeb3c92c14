// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwwpp: reading sources -- the trace statements: calls of
 * DoTraceMessage(FLAG, MSG, ...) and of the functions the configuration
 * declares, outside comments, strings and directives.  The control GUIDs
 * and flags are not read here: the .tmh expands WPP_CONTROL_GUIDS.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwwpp.h"

void wpp_error(struct wpp_state *s, unsigned line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "etwwpp: %s:%u: ", s->file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	s->errors++;
}

const char *wpp_skip_ws(const char *p)
{
	while (*p && isspace((unsigned char)*p))
		p++;
	return p;
}

size_t wpp_ident_len(const char *p)
{
	size_t n = 0;

	if (!isalpha((unsigned char)*p) && *p != '_')
		return 0;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	return n;
}

void wpp_copy_trim(char *out, size_t room, const char *p, size_t n)
{
	while (n && isspace((unsigned char)*p)) {
		p++;
		n--;
	}
	while (n && isspace((unsigned char)p[n - 1]))
		n--;
	if (n >= room)
		n = room - 1;
	memcpy(out, p, n);
	out[n] = 0;
}

/* Skip a comment, string or char literal at p; return the next char. */
static const char *skip_lexeme(const char *p, unsigned *line)
{
	if (p[0] == '/' && p[1] == '/') {
		while (*p && *p != '\n')
			p++;
		return p;
	}
	if (p[0] == '/' && p[1] == '*') {
		for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
			*line += *p == '\n';
		return *p ? p + 2 : p;
	}
	if (*p == '"' || *p == '\'') {
		char q = *p++;

		for (; *p && *p != q; p++) {
			if (*p == '\\' && p[1])
				p++;
			*line += *p == '\n';
		}
		return *p ? p + 1 : p;
	}
	return NULL;
}

/*
 * The arguments of a call from just after its '(': top-level comma-
 * separated, trimmed, at most @max (more is an error: NULL).  Returns
 * the character after the ')'.
 */
const char *wpp_call_args(const char *p, char args[][256], unsigned max,
			  unsigned *n, unsigned *line)
{
	int depth = 0;
	const char *start = p, *q;

	*n = 0;
	while (*p) {
		if ((q = skip_lexeme(p, line))) {
			p = q;
			continue;
		}
		if (*p == '\n')
			(*line)++;
		if (*p == '(' || *p == '[' || *p == '{')
			depth++;
		else if ((*p == ')' || *p == ']' || *p == '}') && depth)
			depth--;
		else if ((*p == ',' || *p == ')') && !depth) {
			if (*n == max)
				return NULL;
			wpp_copy_trim(args[(*n)++], 256, start, p - start);
			if (*p == ')') {
				if (*n == 1 && !args[0][0])
					*n = 0;		/* f() */
				return p + 1;
			}
			start = p + 1;
		}
		p++;
	}
	return NULL;
}

static const struct wpp_affix *affix(const struct wpp_state *s, const char *func,
				     int suffix)
{
	unsigned i;

	for (i = 0; i < s->naffixes; i++)
		if (s->affixes[i].suffix == suffix && !strcmp(s->affixes[i].func, func))
			return &s->affixes[i];
	return NULL;
}

/* An affix's format and arguments, or the default prefix %!STDPREFIX!. */
static int format_affix(struct wpp_state *s, struct wpp_call *c, int suffix)
{
	static char exprs[WPP_MAX_PARAMS + 1][256];
	const struct wpp_affix *a = affix(s, c->f->name, suffix);

	if (!a)
		return suffix ? 0 : wpp_format(s, c, "\"%!STDPREFIX!\"", exprs, 0, -1);
	if (!a->nexprs)
		return 0;		/* NOPREFIX */
	memcpy(exprs, a->exprs, sizeof(a->exprs));
	return wpp_format(s, c, exprs[0], exprs + 1, a->nexprs - 1, -1);
}

static void trace_call(struct wpp_state *s, const struct wpp_func *f,
		       unsigned line, char args[][256], unsigned nargs)
{
	unsigned need = f->nparams + (unsigned)f->has_msg, i;
	struct wpp_call *c;

	if (nargs < need || (!f->has_args && nargs != need)) {
		wpp_error(s, line, "%s takes %s%u argument%s (%u given)", f->name,
			  f->has_args ? "at least " : "", need, need == 1 ? "" : "s", nargs);
		return;
	}
	if (s->ncalls == WPP_MAX) {
		wpp_error(s, line, "more than %d trace statements in one file", WPP_MAX);
		return;
	}
	c = &s->calls[s->ncalls];
	memset(c, 0, sizeof(*c));
	c->f = f;
	c->line = line;
	c->number = 10 + s->ncalls;	/* tracewpp numbers messages from 10 */
	c->func_at = -1;
	c->flag = c->level = "";
	/* The goo: the fixed arguments, then the call's (tracewpp's order). */
	for (i = 0; i < f->nfixed; i++)
		wpp_copy_trim(c->goo[c->ngoo++], sizeof(c->goo[0]), f->fixed_val[i],
			      strlen(f->fixed_val[i]));
	for (i = 0; i < f->nparams; i++)
		wpp_copy_trim(c->goo[c->ngoo++], sizeof(c->goo[0]), args[i], strlen(args[i]));
	for (i = 0; i < c->ngoo; i++) {
		const char *key = i < f->nfixed ? f->fixed_key[i] : f->params[i - f->nfixed];

		if (!strcmp(key, "LEVEL") && !f->level_is_flag)
			c->level = c->goo[i];
		else if (!strcmp(key, "FLAGS") || !strcmp(key, "FLAG") ||
			 (!strcmp(key, "LEVEL") && f->level_is_flag))
			c->flag = c->goo[i];
	}
	c->ncallargs = nargs - need;
	if (format_affix(s, c, 0) ||
	    (f->has_msg && wpp_format(s, c, args[f->nparams], args + need, nargs - need, 0)) ||
	    (!f->has_msg && nargs > need && wpp_format(s, c, "\"\"", args + need,
							  nargs - need, 0)) ||
	    format_affix(s, c, 1))
		return;
	s->ncalls++;
}

void wpp_scan_calls(struct wpp_state *s, const char *text)
{
	const char *p = text, *q;
	unsigned line = 1, i;
	int bol = 1;

	while (*p) {
		size_t n;

		if ((q = skip_lexeme(p, &line))) {
			p = q;
			continue;
		}
		if (*p == '\n') {
			line++;
			bol = 1;
			p++;
			continue;
		}
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (bol && *p == '#') {	/* a directive, with its continuations */
			while (*p && *p != '\n') {
				if (*p == '\\' && p[1] == '\n') {
					line++;
					p++;
				}
				p++;
			}
			continue;
		}
		bol = 0;
		n = wpp_ident_len(p);
		if (!n) {
			p++;
			continue;
		}
		for (i = 0; i < s->nfuncs; i++)
			if (strlen(s->funcs[i].name) == n && !strncmp(p, s->funcs[i].name, n))
				break;
		q = wpp_skip_ws(p + n);
		if (i < s->nfuncs && *q == '(') {
			static char args[WPP_MAX_PARAMS + WPP_MAX_ARGS + 2][256];
			unsigned nargs, at = line;
			const char *e;

			for (e = p + n; e < q; e++)
				line += *e == '\n';
			e = wpp_call_args(q + 1, args, sizeof(args) / sizeof(args[0]), &nargs,
					  &line);
			if (!e) {
				wpp_error(s, at, "a call of %s that does not end or has too many "
					  "arguments", s->funcs[i].name);
				return;
			}
			trace_call(s, &s->funcs[i], at, args, nargs);
			p = e;
			continue;
		}
		p += n;
	}
}
