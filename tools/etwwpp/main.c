// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwwpp: WPP software tracing for Linux ETW, in the spirit of tracewpp.
 *
 *   etwwpp [-func:SPEC]... [-scan:FILE]... [-odir:DIR] [-tmf:DIR] SOURCE...
 *
 *   -func:SPEC  a trace function besides DoTraceMessage(FLAG, MSG, ...),
 *               e.g. -func:TraceEvents(LEVEL,FLAGS,MSG,...) or
 *               -func:TraceError{LEVEL=TRACE_LEVEL_ERROR,FLAG=F}(MSG,...)
 *   -scan:FILE  also read FILE (a header with WPP_CONTROL_GUIDS or a
 *               begin_wpp config block)
 *   -odir:DIR   where <source base name>.tmh go (default .)
 *   -tmf:DIR    where the <message GUID>.tmf files go (default: -odir)
 *   -km, -um, -dll   accepted for tracewpp's sake (user mode only)
 *
 * Exit status 0, 1 when a source cannot be read or a statement cannot be
 * compiled (the message names file and line), 2 on a usage error.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwwpp.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, r;

	if (!f)
		return NULL;
	do {
		if (n + 4096 + 1 > cap) {
			char *b = realloc(buf, cap = cap * 2 + 8192);

			if (!b) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = b;
		}
		r = fread(buf + n, 1, 4096, f);
		n += r;
	} while (r);
	fclose(f);
	buf[n] = 0;
	return buf;
}

static void ident(const char *s, char *out, size_t room)
{
	size_t k = 0;

	for (; *s && k + 1 < room; s++)
		out[k++] = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
			   (*s >= '0' && *s <= '9') ? *s : '_';
	out[k] = 0;
}

/* The message GUID of a source: stable, from its name (FNV-1a). */
static void message_guid(const char *base, const char *ctl, unsigned char g[16])
{
	uint64_t h1 = 0xcbf29ce484222325ULL, h2 = 0x84222325cbf29ce4ULL;
	const char *p;
	int i;

	for (p = base; *p; p++) {
		h1 = (h1 ^ (unsigned char)*p) * 0x100000001b3ULL;
		h2 = (h2 ^ (unsigned char)*p) * 0x100000001b3ULL;
	}
	for (p = ctl; *p; p++)
		h2 = (h2 ^ (unsigned char)*p) * 0x100000001b3ULL;
	for (i = 0; i < 8; i++) {
		g[i] = (unsigned char)(h1 >> (8 * i));
		g[8 + i] = (unsigned char)(h2 >> (8 * i));
	}
	g[6] = (g[6] & 0x0F) | 0x80;	/* RFC 4122 version 8 (custom) */
	g[8] = (g[8] & 0x3F) | 0x80;
}

static const struct wpp_flag *find_flag(const struct wpp_state *s, const char *name)
{
	unsigned i;

	for (i = 0; i < s->nflags; i++)
		if (!strcmp(s->flags[i].name, name))
			return &s->flags[i];
	return NULL;
}

static void emit_call(FILE *f, const struct wpp_state *s, const struct wpp_call *c,
		      const char *id, const struct wpp_flag *fl)
{
	unsigned i, n = c->nargs + (c->func_at >= 0);
	const struct wpp_func *fn = c->f;
	char level[160];

	fprintf(f, "\n// %s(%u): %s, message %u\n", s->file, c->line, fn->name, c->number);
	fprintf(f, "static inline void WppEtwLog_%s%u(const char *WPP_fmt", id, c->line);
	for (i = 0; i < n; i++)
		if ((int)i != c->func_at)
			fprintf(f, ", %s WPP_a%u", c->args[i].ctype, i);
	if (c->func_at >= 0)
		fprintf(f, ", const char *WPP_a%d", c->func_at);
	fputs(")\n{\n\t(void)WPP_fmt;\n", f);
	for (i = 0; i < n; i++) {
		const char *it = c->args[i].item;

		if (!strcmp(it, "ItemString"))
			fprintf(f, "\tconst char *WPP_v%u = WPP_a%u ? WPP_a%u : \"NULL\";\n", i, i, i);
		else if (!strcmp(it, "ItemWString"))
			fprintf(f, "\tstatic const WCHAR WPP_null%u[] = { 'N', 'U', 'L', 'L', 0 };\n"
				"\tconst WCHAR *WPP_v%u = WPP_a%u ? WPP_a%u : WPP_null%u;\n",
				i, i, i, i, i);
		else if (!strcmp(it, "ItemChar"))
			fprintf(f, "\tchar WPP_v%u = (char)WPP_a%u;\n", i, i);
		else if (!strcmp(it, "ItemGuid"))
			fprintf(f, "\tstatic const GUID WPP_zero%u;\n"
				"\tconst GUID *WPP_v%u = WPP_a%u ? WPP_a%u : &WPP_zero%u;\n",
				i, i, i, i, i);
	}
	fprintf(f, "\tTraceMessage(WPP_ETW_Controls[%u].Logger, WPP_ETW_MESSAGE_FLAGS,\n"
		"\t\t     &WPP_ETW_MessageGuid_%s, %u", fl->ctl, id, c->number);
	for (i = 0; i < n; i++) {
		const char *it = c->args[i].item;

		if (!strcmp(it, "ItemString"))
			fprintf(f, ",\n\t\t     (const void *)WPP_v%u, strlen(WPP_v%u) + 1", i, i);
		else if (!strcmp(it, "ItemWString"))
			fprintf(f, ",\n\t\t     (const void *)WPP_v%u, WppEtwWideBytes(WPP_v%u)", i, i);
		else if (!strcmp(it, "ItemChar"))
			fprintf(f, ",\n\t\t     (const void *)&WPP_v%u, (size_t)1", i);
		else if (!strcmp(it, "ItemGuid"))
			fprintf(f, ",\n\t\t     (const void *)WPP_v%u, sizeof(GUID)", i);
		else
			fprintf(f, ",\n\t\t     (const void *)&WPP_a%u, sizeof(WPP_a%u)", i, i);
	}
	fputs(",\n\t\t     (const void *)NULL);\n}\n", f);

	if (*c->level) {
		for (i = 0; i < fn->nparams && strcmp(fn->params[i], "LEVEL"); i++)
			;
		snprintf(level, sizeof(level), "(%s)", i < fn->nparams ? "LEVEL" : c->level);
	} else {
		snprintf(level, sizeof(level), "0");
	}
	fprintf(f, "#define WPP_CALL_%s%u(", id, c->line);
	for (i = 0; i < fn->nparams; i++)
		fprintf(f, "%s, ", fn->params[i]);
	fprintf(f, "...) do { \\\n\tif (WppEtwEnabled(%u, %u, %s)) \\\n"
		"\t\tWppEtwLog_%s%u(__VA_ARGS__%s); \\\n} while (0)\n",
		fl->ctl, fl->bit, level, id, c->line, c->func_at >= 0 ? ", __func__" : "");
}

static int write_outputs(struct wpp_state *s, const char *odir, const char *tmfdir)
{
	const char *base = strrchr(s->file, '/');
	char name[256], id[256], path[4096], gs[40];
	unsigned char g[16];
	unsigned i, j;
	FILE *f, *t;

	base = base ? base + 1 : s->file;
	snprintf(name, sizeof(name), "%s", base);
	ident(name, id, sizeof(id));
	if (strrchr(name, '.'))
		*strrchr(name, '.') = 0;
	message_guid(base, s->nctls ? s->ctls[0].name : "", g);
	snprintf(gs, sizeof(gs), "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 g[3], g[2], g[1], g[0], g[5], g[4], g[7], g[6], g[8], g[9], g[10], g[11],
		 g[12], g[13], g[14], g[15]);

	for (i = 0; i < s->ncalls; i++)
		if (!find_flag(s, s->calls[i].flag))
			wpp_error(s, s->calls[i].line, "\"%s\" is not a WPP_DEFINE_BIT of "
				  "WPP_CONTROL_GUIDS", s->calls[i].flag);
	if (s->errors)
		return 1;

	snprintf(path, sizeof(path), "%s/%s.tmh", odir, name);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "etwwpp: %s: %s\n", path, strerror(errno));
		return 1;
	}
	fprintf(f, "// Generated by etwwpp from %s: WPP tracing through libetw's TraceMessage.\n"
		"// Do not edit; include it after WPP_CONTROL_GUIDS.  Format: %s/%s.tmf\n\n"
		"#include <etw_wpp.h>\n\n#undef WPP_THIS_FILE\n#define WPP_THIS_FILE %s\n\n",
		s->file, tmfdir, gs, id);
	fprintf(f, "static const GUID WPP_ETW_MessageGuid_%s = {0x%02x%02x%02x%02x, 0x%02x%02x, "
		"0x%02x%02x, {0x%02x, 0x%02x, 0x%02x, 0x%02x, 0x%02x, 0x%02x, 0x%02x, 0x%02x}};\n",
		id, g[3], g[2], g[1], g[0], g[5], g[4], g[7], g[6], g[8], g[9], g[10], g[11],
		g[12], g[13], g[14], g[15]);
	fputs("static const GUID WPP_ETW_ControlGuid[] = {\n", f);
	for (i = 0; i < s->nctls; i++) {
		const unsigned *v = s->ctls[i].g;

		fprintf(f, "\t{0x%08x, 0x%04x, 0x%04x, {0x%02x, 0x%02x, 0x%02x, 0x%02x, 0x%02x, "
			"0x%02x, 0x%02x, 0x%02x}}, /* %s */\n", v[0], v[1], v[2], v[3], v[4],
			v[5], v[6], v[7], v[8], v[9], v[10], s->ctls[i].name);
	}
	fputs("};\nstatic const GUID *const WPP_ETW_ControlGuids[] = {", f);
	for (i = 0; i < s->nctls; i++)
		fprintf(f, " &WPP_ETW_ControlGuid[%u],", i);
	fprintf(f, " NULL };\n\n#define WPP_INIT_TRACING(...) WppEtwInit(WPP_ETW_ControlGuids, %u)\n"
		"#define WPP_CLEANUP(...) WppEtwCleanup(%u)\n", s->nctls, s->nctls);
	for (i = 0; i < s->nflags; i++)
		fprintf(f, "#define WPP_BIT_%s 0x%xu\n", s->flags[i].name, 1u << s->flags[i].bit);
	for (i = 0; i < s->nfuncs; i++)
		fprintf(f, "#undef %s\n#define %s WPP_ETW_CALL\n", s->funcs[i].name,
			s->funcs[i].name);
	for (i = 0; i < s->ncalls; i++)
		emit_call(f, s, &s->calls[i], id, find_flag(s, s->calls[i].flag));
	if (fclose(f)) {
		fprintf(stderr, "etwwpp: %s: %s\n", path, strerror(errno));
		return 1;
	}

	snprintf(path, sizeof(path), "%s/%s.tmf", tmfdir, gs);
	t = fopen(path, "w");
	if (!t) {
		fprintf(stderr, "etwwpp: %s: %s\n", path, strerror(errno));
		return 1;
	}
	fprintf(t, "// PDB:  etwwpp\n%s %s // SRC=%s MJ= MN=\n", gs,
		s->nctls ? s->ctls[0].name : name, base);
	for (i = 0; i < s->ncalls; i++) {
		const struct wpp_call *c = &s->calls[i];
		unsigned n = c->nargs + (c->func_at >= 0);

		fprintf(t, "#typev %s%u %u \"%%0%s\" //   LEVEL=%s FLAGS=%s\n{\n", id, c->line,
			c->number, c->text, *c->level ? c->level : "0", c->flag);
		for (j = 0; j < n; j++)
			fprintf(t, "%s, %s -- %u\n", (int)j == c->func_at ? "__func__" :
				c->args[j].expr, c->args[j].item, 10 + j);
		fputs("}\n", t);
	}
	if (fclose(t)) {
		fprintf(stderr, "etwwpp: %s: %s\n", path, strerror(errno));
		return 1;
	}
	return 0;
}

static void usage(FILE *f)
{
	fputs("usage: etwwpp [-func:SPEC]... [-scan:FILE]... [-odir:DIR] [-tmf:DIR] SOURCE...\n"
	      "  writes DIR/<source>.tmh for each source and <message GUID>.tmf\n"
	      "  -func:SPEC  a trace function, e.g. -func:TraceEvents(LEVEL,FLAGS,MSG,...)\n"
	      "  -scan:FILE  also read WPP_CONTROL_GUIDS / begin_wpp config from FILE\n", f);
}

int main(int argc, char **argv)
{
	static struct wpp_state s;
	const char *odir = ".", *tmfdir = NULL, *scans[32];
	unsigned nscans = 0, nsrc = 0, i;
	int a, rc = 0;

	wpp_add_func(&s, "DoTraceMessage(FLAG,MSG,...)");
	for (a = 1; a < argc; a++) {
		const char *o = argv[a];

		if (!strcmp(o, "--help")) {
			usage(stdout);
			return 0;
		} else if (!strncmp(o, "-func:", 6)) {
			if (wpp_add_func(&s, o + 6)) {
				fprintf(stderr, "etwwpp: %s: expected -func:Name(LEVEL,FLAGS,MSG,...)\n", o);
				return 2;
			}
		} else if (!strncmp(o, "-scan:", 6) && nscans < 32) {
			scans[nscans++] = o + 6;
		} else if (!strncmp(o, "-odir:", 6)) {
			odir = o + 6;
		} else if (!strncmp(o, "-tmf:", 5)) {
			tmfdir = o + 5;
		} else if (!strcmp(o, "-km") || !strcmp(o, "-um") || !strcmp(o, "-dll") ||
			   !strncmp(o, "-cfgdir:", 8) || !strncmp(o, "-ext:", 5) ||
			   !strncmp(o, "-gen:", 5)) {
			;
		} else if (o[0] == '-') {
			fprintf(stderr, "etwwpp: unknown option %s\n", o);
			usage(stderr);
			return 2;
		} else {
			nsrc++;
		}
	}
	if (!nsrc) {
		usage(stderr);
		return 2;
	}
	if (!tmfdir)
		tmfdir = odir;
	for (i = 0; i < nscans; i++) {
		char *text = slurp(scans[i]);

		if (!text) {
			fprintf(stderr, "etwwpp: %s: %s\n", scans[i], strerror(errno));
			return 1;
		}
		snprintf(s.file, sizeof(s.file), "%s", scans[i]);
		wpp_scan_config(&s, text);
		free(text);
	}
	for (a = 1; a < argc; a++) {
		struct wpp_state *st;
		char *text;

		if (argv[a][0] == '-')
			continue;
		text = slurp(argv[a]);
		if (!text) {
			fprintf(stderr, "etwwpp: %s: %s\n", argv[a], strerror(errno));
			rc = 1;
			continue;
		}
		/* Each source starts from the options' and scanned files' state. */
		st = malloc(sizeof(*st));
		if (!st) {
			free(text);
			return 1;
		}
		memcpy(st, &s, sizeof(*st));
		st->ncalls = 0;
		snprintf(st->file, sizeof(st->file), "%s", argv[a]);
		wpp_scan_config(st, text);
		wpp_scan_calls(st, text);
		if (st->errors || write_outputs(st, odir, tmfdir))
			rc = 1;
		free(st);
		free(text);
	}
	return rc;
}
