/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwwpp: a WPP preprocessor in the spirit of tracewpp.  For each source
 * file it writes <file>.tmh -- included by the source after its
 * WPP_CONTROL_GUIDS -- with one macro per trace statement (DoTraceMessage
 * and the functions -func or a begin_wpp config block declares) that
 * asks the statement's WPP_<ARGS>_ENABLED macro and writes the message
 * with TraceMessage, and a TMF file, <message GUID>.tmf, that tells a
 * consumer how to format those messages.
 *
 *   main.c   options, the files, writing the .tmh and .tmf
 *   config.c begin_wpp config blocks: FUNC, USEPREFIX/USESUFFIX/NOPREFIX,
 *            CUSTOM_TYPE
 *   scan.c   reading sources: the trace statements
 *   format.c a statement's format string: TMF text and argument types
 */
#ifndef _TOOLS_ETWWPP_H
#define _TOOLS_ETWWPP_H

#include <stdio.h>

#define WPP_MAX 512		/* trace statements per source file */
#define WPP_MAX_ARGS 32		/* arguments per message */
#define WPP_MAX_PARAMS 8	/* a function's arguments before MSG */

/*
 * USEPREFIX(Func, "format", args...), USESUFFIX(...), NOPREFIX(Func): a
 * format string with its own argument expressions, put before (after)
 * each message of Func.
 */
struct wpp_affix {
	char func[128];
	int suffix;
	char exprs[WPP_MAX_PARAMS + 1][256];	/* the format literal, args */
	unsigned nexprs;			/* 0: NOPREFIX */
};

/*
 * A trace function: DoTraceMessage(LEVEL, MSG, ...) or one that -func or
 * a config block declares, Name{K=V,...}(P1, P2, MSG, ...).  Its "goo"
 * -- the fixed arguments first, then the call's -- names the macros the
 * code supplies: WPP_K_P1_P2_ENABLED(...), _LOGGER, _PRE, _POST.
 */
struct wpp_func {
	char name[128];
	char params[WPP_MAX_PARAMS][32];	/* the arguments before MSG */
	unsigned nparams;
	char fixed_key[WPP_MAX_PARAMS][32];	/* {LEVEL=X, FLAGS=Y} */
	char fixed_val[WPP_MAX_PARAMS][128];
	unsigned nfixed;
	int has_msg;			/* MSG: a format string argument */
	int has_args;			/* "...": arguments of the format */
	int level_is_flag;		/* DoTraceMessage: its LEVEL is a flag */
};

/* A type of CUSTOM_TYPE(name, ItemListLong(a,b,...)). */
struct wpp_custom {
	char name[64];
	char item[512];			/* ItemListLong(a,b,...) */
	const char *ctype;
};

/* One argument of a message, as the TMF describes it. */
struct wpp_arg {
	char expr[256];		/* C expression */
	const char *item;	/* ItemLong, ItemString, ... (may be custom) */
	const char *ctype;	/* the log function's parameter type */
	int kind;		/* how it is passed to TraceMessage: WPP_K_* */
	int callarg;		/* the call's argument number, or -1 */
};

enum { WPP_K_VALUE, WPP_K_STRING, WPP_K_WSTRING, WPP_K_USTRING, WPP_K_GUID,
       WPP_K_FUNC };

struct wpp_call {
	const struct wpp_func *f;
	unsigned line, number;
	char goo[WPP_MAX_PARAMS * 2][160];	/* the goo values, in order */
	unsigned ngoo;
	const char *flag, *level;	/* for the TMF and %!FLAGS!/%!LEVEL! */
	char text[2048];	/* the TMF message text: %0, %10!d! ... */
	struct wpp_arg args[WPP_MAX_ARGS];
	unsigned nargs;
	unsigned ncallargs;	/* the call's own arguments after MSG */
	int func_at;		/* index of the %!FUNC! argument, or -1 */
};

struct wpp_state {
	struct wpp_func funcs[64];
	unsigned nfuncs;
	struct wpp_custom customs[64];
	unsigned ncustoms;
	struct wpp_affix affixes[64];
	unsigned naffixes;
	struct wpp_call calls[WPP_MAX];
	unsigned ncalls;
	char file[256];		/* the source being read */
	int errors;
};

/* config.c */
int wpp_add_func(struct wpp_state *s, const char *spec);
void wpp_scan_config(struct wpp_state *s, const char *text);

/* scan.c */
void wpp_scan_calls(struct wpp_state *s, const char *text);
const char *wpp_skip_ws(const char *p);
size_t wpp_ident_len(const char *p);
void wpp_copy_trim(char *out, size_t room, const char *p, size_t n);
const char *wpp_call_args(const char *p, char args[][256], unsigned max,
			  unsigned *n, unsigned *line);

/*
 * format.c: append format @fmt (string literals, as in the source) with
 * argument expressions @exprs (call arguments @first_callarg.. when
 * @first_callarg >= 0) to c->text and c->args.
 */
int wpp_format(struct wpp_state *s, struct wpp_call *c, const char *fmt,
	       char exprs[][256], unsigned nexprs, int first_callarg);

void wpp_error(struct wpp_state *s, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* _TOOLS_ETWWPP_H */
