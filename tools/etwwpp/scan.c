// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwwpp: reading sources.  What WPP reads from them:
 *
 *   #define WPP_CONTROL_GUIDS \
 *       WPP_DEFINE_CONTROL_GUID(Name, (0x1234abcd,0x1,0x2,0x3,...), \
 *           WPP_DEFINE_BIT(FLAG_ONE) WPP_DEFINE_BIT(FLAG_TWO))
 *
 *   // begin_wpp config
 *   // FUNC TraceEvents(LEVEL, FLAGS, MSG, ...);
 *   // FUNC TraceError{LEVEL=TRACE_LEVEL_ERROR, FLAG=FLAG_ONE}(MSG, ...);
 *   // end_wpp
 *
 * and the trace statements: calls of DoTraceMessage(FLAG, MSG, ...) and
 * of the declared functions, outside comments, strings and directives.
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

static const char *skip_ws(const char *p)
{
	while (*p && isspace((unsigned char)*p))
		p++;
	return p;
}

static size_t ident_len(const char *p)
{
	size_t n = 0;

	if (!isalpha((unsigned char)*p) && *p != '_')
		return 0;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	return n;
}

static void copy_trim(char *out, size_t room, const char *p, size_t n)
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

/* "Name{FLAG=X,LEVEL=Y}(LEVEL, FLAGS, MSG, ...)" */
int wpp_add_func(struct wpp_state *s, const char *spec)
{
	struct wpp_func *f;
	const char *p = skip_ws(spec), *e;
	size_t n = ident_len(p);

	if (!n || s->nfuncs == sizeof(s->funcs) / sizeof(s->funcs[0]))
		return -1;
	f = &s->funcs[s->nfuncs];
	memset(f, 0, sizeof(*f));
	copy_trim(f->name, sizeof(f->name), p, n);
	p = skip_ws(p + n);
	if (*p == '{') {
		e = strchr(p, '}');
		if (!e)
			return -1;
		while (p < e) {
			const char *k = skip_ws(p + 1), *v, *end;

			v = strchr(k, '=');
			if (!v || v > e)
				break;
			end = v + 1;
			while (end < e && *end != ',')
				end++;
			if (!strncmp(k, "FLAG", 4))
				copy_trim(f->fixed_flag, sizeof(f->fixed_flag), v + 1, end - v - 1);
			else if (!strncmp(k, "LEVEL", 5))
				copy_trim(f->fixed_level, sizeof(f->fixed_level), v + 1, end - v - 1);
			p = end;
		}
		p = skip_ws(e + 1);
	}
	if (*p != '(')
		return -1;
	for (p++;;) {
		char name[32];

		p = skip_ws(p);
		n = ident_len(p);
		if (!n)
			break;
		copy_trim(name, sizeof(name), p, n);
		p = skip_ws(p + n);
		if (!strcmp(name, "MSG"))
			break;
		if (f->nparams == 8)
			return -1;
		strcpy(f->params[f->nparams++], name);
		if (*p != ',')
			return -1;
		p++;
	}
	if (!strstr(spec, "MSG"))
		return -1;
	s->nfuncs++;
	return 0;
}

/* The body of #define WPP_CONTROL_GUIDS, continuation lines joined. */
static void control_guids(struct wpp_state *s, const char *text)
{
	const char *p = strstr(text, "WPP_CONTROL_GUIDS");
	char body[8192];
	size_t k = 0;

	while (p) {
		const char *line = p;

		while (line > text && line[-1] != '\n')
			line--;
		line = skip_ws(line);
		if (*line == '#' && strstr(line, "define") && strstr(line, "define") < p)
			break;
		p = strstr(p + 1, "WPP_CONTROL_GUIDS");
	}
	if (!p)
		return;
	for (p += strlen("WPP_CONTROL_GUIDS"); *p && k + 1 < sizeof(body); p++) {
		if (*p == '\\' && p[1] == '\n') {
			p++;
			continue;
		}
		if (*p == '\n')
			break;
		body[k++] = *p;
	}
	body[k] = 0;
	for (p = strstr(body, "WPP_DEFINE_CONTROL_GUID"); p && s->nctls < 16;
	     p = strstr(p + 1, "WPP_DEFINE_CONTROL_GUID")) {
		struct wpp_control *c = &s->ctls[s->nctls];
		const char *q = skip_ws(p + strlen("WPP_DEFINE_CONTROL_GUID"));
		const char *next = strstr(p + 1, "WPP_DEFINE_CONTROL_GUID");
		size_t n;
		unsigned i;

		if (*q++ != '(')
			continue;
		q = skip_ws(q);
		n = ident_len(q);
		copy_trim(c->name, sizeof(c->name), q, n);
		q = strchr(q, '(');
		if (!q || sscanf(q, "(%i ,%i ,%i ,%i ,%i ,%i ,%i ,%i ,%i ,%i ,%i )",
				 &c->g[0], &c->g[1], &c->g[2], &c->g[3], &c->g[4], &c->g[5],
				 &c->g[6], &c->g[7], &c->g[8], &c->g[9], &c->g[10]) != 11) {
			wpp_error(s, 0, "WPP_DEFINE_CONTROL_GUID(%s, ...): the GUID is not "
				  "(0xXXXXXXXX,0xXXXX,0xXXXX,0xXX,...)", c->name);
			continue;
		}
		for (i = 0, q = strstr(q, "WPP_DEFINE_BIT"); q && (!next || q < next) &&
		     s->nflags < 256; q = strstr(q + 1, "WPP_DEFINE_BIT"), i++) {
			const char *b = skip_ws(q + strlen("WPP_DEFINE_BIT"));

			if (*b++ != '(')
				break;
			b = skip_ws(b);
			copy_trim(s->flags[s->nflags].name, sizeof(s->flags[0].name), b,
				  ident_len(b));
			s->flags[s->nflags].ctl = s->nctls;
			s->flags[s->nflags].bit = i;
			s->nflags++;
		}
		s->nctls++;
	}
}

void wpp_scan_config(struct wpp_state *s, const char *text)
{
	const char *p = text, *end;

	if (!s->nctls)
		control_guids(s, text);
	while ((p = strstr(p, "begin_wpp config")) != NULL) {
		end = strstr(p, "end_wpp");
		if (!end)
			break;
		for (p = strstr(p, "FUNC "); p && p < end; p = strstr(p + 1, "FUNC ")) {
			char spec[512];
			const char *e = p + 5;

			while (*e && *e != ';' && *e != '\n')
				e++;
			copy_trim(spec, sizeof(spec), p + 5, e - p - 5);
			if (wpp_add_func(s, spec))
				wpp_error(s, 0, "cannot read the WPP config line \"FUNC %s\"", spec);
		}
		p = end;
	}
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

/* The arguments of a call: top-level comma-separated, trimmed. */
static const char *call_args(const char *p, char args[][256], unsigned *n,
			     unsigned *line)
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
			if (*n < 40)
				copy_trim(args[(*n)++], 256, start, p - start);
			if (*p == ')')
				return p + 1;
			start = p + 1;
		}
		p++;
	}
	return NULL;
}

static void trace_call(struct wpp_state *s, const struct wpp_func *f,
		       unsigned line, char args[][256], unsigned nargs)
{
	struct wpp_call *c;
	unsigned i;

	if (nargs < f->nparams + 1) {
		wpp_error(s, line, "%s needs %u arguments before the format string",
			  f->name, f->nparams);
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
	memcpy(c->flag, f->fixed_flag, sizeof(c->flag));
	memcpy(c->level, f->fixed_level, sizeof(c->level));
	for (i = 0; i < f->nparams; i++) {
		if (!strcmp(f->params[i], "LEVEL"))
			snprintf(c->level, sizeof(c->level), "%s", args[i]);
		else if (!strcmp(f->params[i], "FLAGS") || !strcmp(f->params[i], "FLAG"))
			snprintf(c->flag, sizeof(c->flag), "%s", args[i]);
	}
	if (!wpp_format(s, c, args[f->nparams], args + f->nparams + 1,
			nargs - f->nparams - 1))
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
		n = ident_len(p);
		if (!n) {
			p++;
			continue;
		}
		for (i = 0; i < s->nfuncs; i++)
			if (strlen(s->funcs[i].name) == n && !strncmp(p, s->funcs[i].name, n))
				break;
		q = skip_ws(p + n);
		if (i < s->nfuncs && *q == '(') {
			static char args[40][256];
			unsigned nargs, at = line;
			const char *e;

			for (e = p + n; e < q; e++)
				line += *e == '\n';
			e = call_args(q + 1, args, &nargs, &line);
			if (!e) {
				wpp_error(s, at, "unterminated call of %s", s->funcs[i].name);
				return;
			}
			trace_call(s, &s->funcs[i], at, args, nargs);
			p = e;
			continue;
		}
		p += n;
	}
}
