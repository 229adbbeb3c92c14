/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The JSON writer of the tools (etwctl --json, etwdump --json and
 * --summary --json, the --chrome and report files): values written one at
 * a time to a stdio stream, the commas placed for the caller.
 *
 *	struct json j;
 *
 *	json_init(&j, stdout);
 *	json_open(&j, '{');
 *	json_str(&j, "name", "x");		// "name":"x"
 *	json_key(&j, "ids");
 *	json_open(&j, '[');
 *	json_u64(&j, NULL, 7);			// an element: no key
 *	json_close(&j, ']');
 *	json_close(&j, '}');
 *	json_end(&j);				// newline
 *
 * Strings are UTF-8 and escaped as RFC 8259 asks (", \, control
 * characters; DEL as \u007f).  Writes use the stream unlocked: one
 * thread writes a stream at a time.  json_init_buf() writes into an
 * output buffer instead (common/obuf.h), which the caller writes out:
 * what a program writing many objects does, one fwrite per object.
 */
#ifndef _TOOLS_COMMON_JSON_H
#define _TOOLS_COMMON_JSON_H

#include <stdint.h>
#include <stdio.h>

#include "common/obuf.h"

struct json {
	FILE *f;		/* NULL: into b */
	struct obuf *b;
	int more;		/* a member or element came before */
};

void json_init(struct json *j, FILE *f);
void json_init_buf(struct json *j, struct obuf *b);

/* '{' or '[' (after a key, or as an element), and their close. */
void json_open(struct json *j, char c);
void json_close(struct json *j, char c);

/* "key": -- the value follows. */
void json_key(struct json *j, const char *k);

/*
 * A member (@k the key) or an element (@k NULL).  json_str writes null
 * for a NULL @v; json_num writes @text as it is (a JSON number the
 * caller has checked).
 */
void json_str(struct json *j, const char *k, const char *v);
void json_u64(struct json *j, const char *k, uint64_t v);
void json_i64(struct json *j, const char *k, int64_t v);
void json_double(struct json *j, const char *k, double v);
void json_bool(struct json *j, const char *k, int v);
void json_num(struct json *j, const char *k, const char *text);


/* The end of a document: a newline; the next value starts afresh. */
void json_end(struct json *j);

/* @s (UTF-8) escaped as the inside of a JSON string, on @f or into @b. */
void json_escape(FILE *f, const char *s);
void json_escape_buf(struct obuf *b, const char *s);

#endif /* _TOOLS_COMMON_JSON_H */
