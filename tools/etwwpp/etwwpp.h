/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwwpp: a WPP preprocessor in the spirit of tracewpp.  For each source
 * file it writes <file>.tmh -- included by the source after its
 * WPP_CONTROL_GUIDS -- with one macro per trace statement (DoTraceMessage
 * and the functions -func or a begin_wpp config block declares) that
 * tests the statement's flag (and level) and writes the message with
 * TraceMessage, and a TMF file, <message GUID>.tmf, that tells a
 * consumer how to format those messages.
 *
 *   main.c   options, the files, writing the .tmh and .tmf
 *   scan.c   reading sources: control GUIDs, config blocks, trace calls
 *   format.c a statement's format string: TMF text and argument types
 */
#ifndef _TOOLS_ETWWPP_H
#define _TOOLS_ETWWPP_H

#include <stdio.h>

#define WPP_MAX 512

/* A trace function: DoTraceMessage(FLAG, MSG, ...) or -func's. */
struct wpp_func {
	char name[128];
	char params[8][32];	/* the names before MSG: LEVEL, FLAGS, ... */
	unsigned nparams;
	char fixed_flag[128];	/* FUNC Name{FLAG=X}(...) */
	char fixed_level[128];	/* FUNC Name{LEVEL=X}(...) */
};

struct wpp_flag {
	char name[128];
	unsigned ctl, bit;
};

struct wpp_control {
	char name[128];
	unsigned g[11];		/* the GUID as WPP_DEFINE_CONTROL_GUID gives it */
};

/* One argument of a message, as the TMF describes it. */
struct wpp_arg {
	char expr[256];		/* C expression ("" for __func__) */
	const char *item;	/* ItemLong, ItemString, ... */
	const char *ctype;	/* the inline function's parameter type */
};

struct wpp_call {
	const struct wpp_func *f;
	unsigned line, number;
	char flag[128], level[128];
	char text[2048];	/* the TMF message text, %10!d! ... */
	struct wpp_arg args[32];
	unsigned nargs;		/* user arguments (not __func__) */
	int func_at;		/* index of the %!FUNC! argument, or -1 */
	char funcname[128];
};

struct wpp_state {
	struct wpp_func funcs[64];
	unsigned nfuncs;
	struct wpp_control ctls[16];
	unsigned nctls;
	struct wpp_flag flags[256];
	unsigned nflags;
	struct wpp_call calls[WPP_MAX];
	unsigned ncalls;
	char file[256];		/* the source being read */
	int errors;
};

/* scan.c */
int wpp_add_func(struct wpp_state *s, const char *spec);
void wpp_scan_config(struct wpp_state *s, const char *text);
void wpp_scan_calls(struct wpp_state *s, const char *text);

/* format.c: fill c->text and c->args from MSG and the argument list. */
int wpp_format(struct wpp_state *s, struct wpp_call *c, const char *msg,
	       char args[][256], unsigned nargs);

void wpp_error(struct wpp_state *s, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* _TOOLS_ETWWPP_H */
