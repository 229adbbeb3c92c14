// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwwpp: WPP software tracing for Linux ETW, in the spirit of tracewpp.
 *
 *   etwwpp [-func:SPEC]... [-scan:FILE]... [-odir:DIR] [-tmf:DIR] [-p:NAME]
 *          SOURCE...
 *
 *   -func:SPEC  a trace function besides DoTraceMessage(FLAG, MSG, ...),
 *               e.g. -func:TraceEvents(LEVEL,FLAGS,MSG,...) or
 *               -func:TraceError{LEVEL=TRACE_LEVEL_ERROR,FLAGS=F}(MSG,...)
 *   -scan:FILE  also read FILE's begin_wpp config blocks (a trace.h)
 *   -odir:DIR   where <source base name>.tmh go (default .)
 *   -tmf:DIR    where the <message GUID>.tmf files go (default: -odir)
 *   -p:NAME     the TMF's friendly name (default: the source's directory)
 *   -km, -um, -dll, -cfgdir:, -ext:, -gen:   accepted for tracewpp's sake
 *               (user mode only)
 *
 * Exit status 0, 1 when a source cannot be read or a statement cannot be
 * compiled (the message names file and line), 2 on a usage error.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "etwwpp.h"
#include "common/cli.h"
#include "common/file.h"

/*
 * The file @path whole (etw_slurp()); NULL with errno (EISDIR: a
 * directory, EILSEQ: a NUL byte in it, so no C source -- a binary file
 * such as a .etl given by mistake).
 */
static char *source(const char *path)
{
	size_t n;
	char *buf = etw_slurp(path, &n);

	if (buf && memchr(buf, 0, n)) {
		free(buf);
		errno = EILSEQ;
		return NULL;
	}
	return buf;
}

/* Why @path could not be read (source()'s errno). */
static void cannot_read(const char *path)
{
	if (errno == EILSEQ)
		fprintf(stderr, "etwwpp: %s: not C source (it has NUL bytes: a binary file?); "
			"give the .c or .cpp files that call the trace functions\n", path);
	else if (errno == EISDIR)
		fprintf(stderr, "etwwpp: %s: a directory; give the source files in it\n", path);
	else
		fprintf(stderr, "etwwpp: %s: %s\n", path, strerror(errno));
}

static void ident(const char *s, char *out, size_t room)
{
	size_t k = 0;

	for (; *s && k + 1 < room; s++)
		out[k++] = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
			   (*s >= '0' && *s <= '9') ? *s : '_';
	out[k] = 0;
}

/*
 * Windows ignores case: hardwaresimulator.cpp may include
 * "HardwareSimulator.tmh".  The .tmh takes the spelling the source's own
 * #include gives it.
 */
static void tmh_spelling(const char *text, char *name)
{
	const char *p = text;
	size_t n = strlen(name);

	while ((p = strstr(p, ".tmh")) != NULL) {
		const char *q = p;

		while (q > text && q[-1] != '"' && q[-1] != '<' && q[-1] != '/' &&
		       q[-1] != '\\' && q[-1] != '\n')
			q--;
		if ((size_t)(p - q) == n && !strncasecmp(q, name, n)) {
			memcpy(name, q, n);
			return;
		}
		p += 4;
	}
}

/* The message GUID of a source: from its name and text (FNV-1a). */
static void message_guid(const char *base, const char *text, unsigned char g[16])
{
	uint64_t h1 = 0xcbf29ce484222325ULL, h2 = 0x84222325cbf29ce4ULL;
	const char *p;
	int i;

	for (p = base; *p; p++) {
		h1 = (h1 ^ (unsigned char)*p) * 0x100000001b3ULL;
		h2 = (h2 ^ (unsigned char)*p) * 0x100000001b3ULL;
	}
	for (p = text; *p; p++)
		h2 = (h2 ^ (unsigned char)*p) * 0x100000001b3ULL;
	for (i = 0; i < 8; i++) {
		g[i] = (unsigned char)(h1 >> (8 * i));
		g[8 + i] = (unsigned char)(h2 >> (8 * i));
	}
	g[6] = (g[6] & 0x0F) | 0x80;	/* RFC 4122 version 8 (custom) */
	g[8] = (g[8] & 0x3F) | 0x80;
}

/* "_K1_K2": the goo of a function, naming WPP_K1_K2_ENABLED and co. */
static void goo_id(const struct wpp_func *f, char *out, size_t room)
{
	unsigned i;

	out[0] = 0;
	for (i = 0; i < f->nfixed + f->nparams; i++)
		snprintf(out + strlen(out), room - strlen(out), "_%s",
			 i < f->nfixed ? f->fixed_key[i] : f->params[i - f->nfixed]);
}

/*
 * The goo macros a statement uses: _PRE and _POST default to nothing;
 * for the usual LEVEL/FLAGS goos, _ENABLED and _LOGGER default to "the
 * flag is on (and the session's level is at least LEVEL)", so a source
 * that defines none still builds.  Other goos need the code's own, as
 * with tracewpp.
 */
static void emit_goo(FILE *f, const struct wpp_func *fn, const char *goo)
{
	static const char *const lf[] = { "_LEVEL_FLAGS", "_LEVEL_FLAG", "_FLAGS_LEVEL",
					  "_FLAG_LEVEL", "_FLAGS", "_FLAG" };
	char names[512] = "";
	unsigned i;

	for (i = 0; i < fn->nfixed + fn->nparams; i++)
		snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
			 i ? ", " : "", i < fn->nfixed ? fn->fixed_key[i] :
			 fn->params[i - fn->nfixed]);
	fprintf(f, "#ifndef WPP%s_PRE\n#define WPP%s_PRE(%s)\n#endif\n"
		"#ifndef WPP%s_POST\n#define WPP%s_POST(%s)\n#endif\n",
		goo, goo, names, goo, goo, names);
	for (i = 0; i < sizeof(lf) / sizeof(lf[0]) && strcmp(goo, lf[i]); i++)
		;
	if (i < sizeof(lf) / sizeof(lf[0])) {
		const char *fl = strstr(goo, "FLAGS") ? "FLAGS" : "FLAG";

		fprintf(f, "#ifndef WPP%s_ENABLED\n#define WPP%s_ENABLED(%s) (WPP_LEVEL_ENABLED(%s)",
			goo, goo, names, fl);
		if (strstr(goo, "LEVEL"))
			fprintf(f, " && WPP_CONTROL(WPP_BIT_ ## %s).Level >= (LEVEL)", fl);
		fprintf(f, ")\n#endif\n#ifndef WPP%s_LOGGER\n#define WPP%s_LOGGER(%s) "
			"WPP_LEVEL_LOGGER(%s)\n#endif\n", goo, goo, names, fl);
	}
}

/* Parameter @i of the log function: its name in the call macro. */
static void arg_value(FILE *f, const struct wpp_arg *a)
{
	if (a->kind == WPP_K_FUNC)
		fputs("WPP_ETW_FUNCTION", f);
	else if (a->callarg >= 0)
		fprintf(f, "(WPP_A%d)", a->callarg);
	else
		fprintf(f, "(%s)", a->expr);
}

static void emit_call(FILE *f, const struct wpp_state *s, const struct wpp_call *c,
		      const char *id)
{
	const struct wpp_func *fn = c->f;
	char goo[512];
	unsigned i;

	goo_id(fn, goo, sizeof(goo));
	fprintf(f, "\n// %s(%u): %s, message %u\n", s->file, c->line, fn->name, c->number);
	fprintf(f, "static inline void WppEtwLog_%s%u(TRACEHANDLE WPP_logger, LPCGUID WPP_guid",
		id, c->line);
	for (i = 0; i < c->nargs; i++)
		fprintf(f, ", %s WPP_a%u", c->args[i].ctype, i);
	fputs(")\n{\n", f);
	for (i = 0; i < c->nargs; i++) {
		switch (c->args[i].kind) {
		case WPP_K_STRING:
			fprintf(f, "\tconst char *WPP_v%u = WPP_a%u ? WPP_a%u : \"NULL\";\n", i, i, i);
			break;
		case WPP_K_WSTRING:
			fprintf(f, "\tstatic const WCHAR WPP_null%u[] = { 'N', 'U', 'L', 'L', 0 };\n"
				"\tconst WCHAR *WPP_v%u = WPP_a%u ? WPP_a%u : WPP_null%u;\n",
				i, i, i, i, i);
			break;
		case WPP_K_USTRING:
			fprintf(f, "\tstatic const WCHAR WPP_null%u[] = { 'N', 'U', 'L', 'L' };\n"
				"\tUSHORT WPP_n%u = WPP_a%u ? WPP_a%u->Length : (USHORT)sizeof(WPP_null%u);\n"
				"\tconst void *WPP_v%u = WPP_a%u && WPP_a%u->Length ? "
				"(const void *)WPP_a%u->Buffer : (const void *)WPP_null%u;\n",
				i, i, i, i, i, i, i, i, i, i);
			break;
		case WPP_K_GUID:
			fprintf(f, "\tstatic const GUID WPP_zero%u;\n"
				"\tconst GUID *WPP_v%u = WPP_a%u ? WPP_a%u : &WPP_zero%u;\n",
				i, i, i, i, i);
			break;
		case WPP_K_FUNC:
			fprintf(f, "\tchar WPP_fn%u[256];\n\tconst char *WPP_v%u = "
				"WppEtwFuncName(WPP_a%u, WPP_fn%u, sizeof(WPP_fn%u));\n",
				i, i, i, i, i);
			break;
		}
	}
	fprintf(f, "\tTraceMessage(WPP_logger, WPP_ETW_MESSAGE_FLAGS, WPP_guid, %u", c->number);
	for (i = 0; i < c->nargs; i++) {
		switch (c->args[i].kind) {
		case WPP_K_STRING:
		case WPP_K_FUNC:
			fprintf(f, ",\n\t\t     (const void *)WPP_v%u, strlen(WPP_v%u) + 1", i, i);
			break;
		case WPP_K_WSTRING:
			fprintf(f, ",\n\t\t     (const void *)WPP_v%u, WppEtwWideBytes(WPP_v%u)", i, i);
			break;
		case WPP_K_USTRING:
			fprintf(f, ",\n\t\t     (const void *)&WPP_n%u, sizeof(USHORT), WPP_v%u, "
				"(size_t)WPP_n%u", i, i, i);
			break;
		case WPP_K_GUID:
			fprintf(f, ",\n\t\t     (const void *)WPP_v%u, sizeof(GUID)", i);
			break;
		default:
			fprintf(f, ",\n\t\t     (const void *)&WPP_a%u, sizeof(WPP_a%u)", i, i);
		}
	}
	fputs(",\n\t\t     (const void *)NULL);\n}\n", f);

	emit_goo(f, fn, goo);
	/* WPP_CALL_<file><line>(P0, ..., MSG, A0, ...): the statement */
	fprintf(f, "#define WPP_CALL_%s%u(", id, c->line);
	for (i = 0; i < fn->nparams; i++)
		fprintf(f, "%sWPP_P%u", i ? ", " : "", i);
	if (fn->has_msg)
		fprintf(f, "%sWPP_MSG", fn->nparams ? ", " : "");
	for (i = 0; i < c->ncallargs; i++)
		fprintf(f, "%sWPP_A%u", fn->nparams + fn->has_msg + i ? ", " : "", i);
	fprintf(f, ") \\\n\tWPP%s_PRE(", goo);
#define GOO_VALUES() do { \
		for (i = 0; i < fn->nfixed + fn->nparams; i++) \
			if (i < fn->nfixed) \
				fprintf(f, "%s%s", i ? ", " : "", fn->fixed_val[i]); \
			else \
				fprintf(f, "%sWPP_P%u", i ? ", " : "", i - fn->nfixed); \
	} while (0)
	GOO_VALUES();
	fprintf(f, ") do { \\\n\tif (WPP%s_ENABLED(", goo);
	GOO_VALUES();
	fprintf(f, ")) \\\n\t\tWppEtwLog_%s%u(WPP%s_LOGGER(", id, c->line, goo);
	GOO_VALUES();
	/* the LOGGER macro ends with a comma, as tracewpp's */
	fprintf(f, ") &WPP_ETW_MessageGuid_%s", id);
	for (i = 0; i < c->nargs; i++) {
		fputs(", ", f);
		arg_value(f, &c->args[i]);
	}
	fprintf(f, "); \\\n\t} while (0) WPP%s_POST(", goo);
	GOO_VALUES();
	fputs(")\n", f);
#undef GOO_VALUES
}

/*
 * Once per translation unit: the control GUIDs and flags, by expanding
 * the code's WPP_CONTROL_GUIDS as tracewpp's templates do -- WPP_BIT_<flag>
 * is (control << 16) + bit + 1, the GUID is given as (l,w1,w2,w3,ll).
 */
static const char controls[] =
"#ifndef WPP_ETW_CONTROLS_DEFINED\n"
"#define WPP_ETW_CONTROLS_DEFINED\n"
"#ifndef WPP_CONTROL_GUIDS\n"
"#error \"define WPP_CONTROL_GUIDS before including a .tmh\"\n"
"#endif\n"
"#undef WPP_DEFINE_CONTROL_GUID\n"
"#undef WPP_DEFINE_BIT\n"
"#define WPP_DEFINE_CONTROL_GUID(Name, Guid, Bits) WPP_ETW_CTL_ ## Name,\n"
"enum WPP_ETW_CTL_NAMES { WPP_CONTROL_GUIDS WPP_ETW_NCTL };\n"
"#undef WPP_DEFINE_CONTROL_GUID\n"
"#define WPP_DEFINE_CONTROL_GUID(Name, Guid, Bits) \\\n"
"\tWPP_ETW_BLOCK_START_ ## Name = WPP_ETW_CTL_ ## Name * 0x10000, Bits \\\n"
"\tWPP_ETW_BLOCK_END_ ## Name,\n"
"#define WPP_DEFINE_BIT(Name) WPP_BIT_ ## Name,\n"
"enum WPP_ETW_DEFINE_BIT_NAMES { WPP_CONTROL_GUIDS };\n"
"#undef WPP_DEFINE_CONTROL_GUID\n"
"#undef WPP_DEFINE_BIT\n"
"#define WPP_DEFINE_CONTROL_GUID(Name, Guid, Bits) WPP_ETW_GUID Guid,\n"
"static const GUID WPP_ETW_ControlGuid[] = { WPP_CONTROL_GUIDS };\n"
"#undef WPP_DEFINE_CONTROL_GUID\n"
"#define WPP_INIT_TRACING(...) WppEtwInit(WPP_ETW_ControlGuid, WPP_ETW_NCTL)\n"
"#define WPP_CLEANUP(...) WppEtwCleanup(WPP_ETW_NCTL)\n"
"#endif\n";

static int write_outputs(struct wpp_state *s, const char *text, const char *odir,
			 const char *tmfdir, const char *project)
{
	const char *base = strrchr(s->file, '/');
	char name[256], id[256], path[4096], gs[40], dir[256];
	unsigned char g[16];
	unsigned i, j;
	FILE *f, *t;

	base = base ? base + 1 : s->file;
	snprintf(name, sizeof(name), "%s", base);
	ident(name, id, sizeof(id));
	if (strrchr(name, '.'))
		*strrchr(name, '.') = 0;
	tmh_spelling(text, name);
	message_guid(base, text, g);
	snprintf(gs, sizeof(gs), "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 g[3], g[2], g[1], g[0], g[5], g[4], g[7], g[6], g[8], g[9], g[10], g[11],
		 g[12], g[13], g[14], g[15]);
	/* The TMF's friendly name: -p, else the source's directory. */
	if (project) {
		snprintf(dir, sizeof(dir), "%s", project);
	} else {
		snprintf(dir, sizeof(dir), "%.*s", base > s->file ? (int)(base - s->file - 1) : 0,
			 s->file);
		if (strrchr(dir, '/'))
			memmove(dir, strrchr(dir, '/') + 1, strlen(strrchr(dir, '/')));
		if (!dir[0])
			snprintf(dir, sizeof(dir), "%s", name);
	}

	snprintf(path, sizeof(path), "%s/%s.tmh", odir, name);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "etwwpp: %s: %s\n", path, strerror(errno));
		return 1;
	}
	fprintf(f, "// Generated by etwwpp from %s: WPP tracing through libetw's TraceMessage.\n"
		"// Do not edit; include it after WPP_CONTROL_GUIDS.  Format: %s/%s.tmf\n\n"
		"#include <etw_wpp.h>\n\n%s\n#undef WPP_THIS_FILE\n#define WPP_THIS_FILE %s\n\n",
		s->file, tmfdir, gs, controls, id);
	fprintf(f, "static const GUID WPP_ETW_MessageGuid_%s = {0x%02x%02x%02x%02x, 0x%02x%02x, "
		"0x%02x%02x, {0x%02x, 0x%02x, 0x%02x, 0x%02x, 0x%02x, 0x%02x, 0x%02x, 0x%02x}};\n",
		id, g[3], g[2], g[1], g[0], g[5], g[4], g[7], g[6], g[8], g[9], g[10], g[11],
		g[12], g[13], g[14], g[15]);
	for (i = 0; i < s->nfuncs; i++)
		fprintf(f, "#undef %s\n#define %s WPP_ETW_CALL\n", s->funcs[i].name,
			s->funcs[i].name);
	for (i = 0; i < s->ncalls; i++)
		emit_call(f, s, &s->calls[i], id);
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
	fprintf(t, "// PDB:  etwwpp\n%s %s // SRC=%s MJ= MN=\n", gs, dir, base);
	for (i = 0; i < s->ncalls; i++) {
		const struct wpp_call *c = &s->calls[i];

		fprintf(t, "#typev %s%u %u \"%s\" //   LEVEL=%s FLAGS=%s\n{\n", id, c->line,
			c->number, c->text, *c->level ? c->level : "0", c->flag);
		for (j = 0; j < c->nargs; j++)
			fprintf(t, "%s, %s -- %u\n", c->args[j].expr, c->args[j].item, 10 + j);
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
	      "  -scan:FILE  also read begin_wpp config blocks from FILE\n"
	      "  -p:NAME     the TMF's friendly name (default: the source's directory)\n"
	      "  --help, --version\n", f);
}

int main(int argc, char **argv)
{
	static struct wpp_state s;
	const char *odir = ".", *tmfdir = NULL, *scans[32], *project = NULL;
	unsigned nscans = 0, nsrc = 0, i;
	int a, rc = 0;

	/* defaultwpp.ini's DoTraceMessage: its "LEVEL" is a flag name */
	wpp_add_func(&s, "DoTraceMessage(LEVEL,MSG,...)");
	s.funcs[0].level_is_flag = 1;
	for (a = 1; a < argc; a++) {
		const char *o = argv[a];

		if (!strcmp(o, "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(o, "--version")) {
			cli_version();
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
		} else if (!strncmp(o, "-p:", 3)) {
			project = o + 3;
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
		char *text = source(scans[i]);

		if (!text) {
			cannot_read(scans[i]);
			return 1;
		}
		snprintf(s.file, sizeof(s.file), "%s", scans[i]);
		wpp_scan_config(&s, text);
		free(text);
	}
	if (s.errors)
		return 1;
	for (a = 1; a < argc; a++) {
		struct wpp_state *st;
		char *text;

		if (argv[a][0] == '-')
			continue;
		text = source(argv[a]);
		if (!text) {
			cannot_read(argv[a]);
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
		if (st->errors || write_outputs(st, text, odir, tmfdir, project))
			rc = 1;
		free(st);
		free(text);
	}
	return rc;
}
