/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The tools' output buffer: text built in memory by appending, then
 * written out whole (one fwrite for an event, not one stdio call per
 * piece).  Appends are inline -- a bounds check and a copy; numbers, hex
 * and GUIDs are formatted without printf.  Memory grows as needed; out of
 * memory the program exits, as the decoder's arena does.
 *
 *	struct obuf o = { 0 };
 *
 *	ob_lit(&o, "pid=");
 *	ob_u64(&o, 42);
 *	ob_putc(&o, '\n');
 *	ob_write(&o, stdout);		// fwrite_unlocked, then empty again
 *	ob_free(&o);
 */
#ifndef _TOOLS_COMMON_OBUF_H
#define _TOOLS_COMMON_OBUF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <guiddef.h>

struct obuf {
	char *buf;
	size_t len, cap;
};

/* Room for @n more bytes (exits when out of memory). */
void ob_grow(struct obuf *b, size_t n);

/* Where @n bytes may be written; ob_commit() says how many were. */
static inline char *ob_room(struct obuf *b, size_t n)
{
	if (b->cap - b->len < n)
		ob_grow(b, n);
	return b->buf + b->len;
}

static inline void ob_commit(struct obuf *b, size_t n)
{
	b->len += n;
}

static inline void ob_put(struct obuf *b, const void *p, size_t n)
{
	memcpy(ob_room(b, n), p, n);
	b->len += n;
}

static inline void ob_putc(struct obuf *b, char c)
{
	*ob_room(b, 1) = c;
	b->len++;
}

static inline void ob_puts(struct obuf *b, const char *s)
{
	ob_put(b, s, strlen(s));
}

/* A string literal, its length known at compile time. */
#define ob_lit(b, s) ob_put((b), "" s, sizeof(s) - 1)

/* The NUL after the text (not counted in len): b->buf is then a string. */
static inline const char *ob_str(struct obuf *b)
{
	*ob_room(b, 1) = 0;
	return b->buf;
}

/* Decimal digits of @v ending at @end (no NUL); returns where they start. */
char *ob_u64_text(char *end, uint64_t v);

void ob_u64(struct obuf *b, uint64_t v);
void ob_i64(struct obuf *b, int64_t v);

/* @v in hexadecimal, at least @width digits (zero-padded), no "0x". */
void ob_hex(struct obuf *b, uint64_t v, int width, int upper);

/* @n bytes as two hex digits each. */
void ob_hexbytes(struct obuf *b, const void *p, size_t n, int upper);

/* xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (lower case, no braces). */
void ob_guid(struct obuf *b, const GUID *g);

/* Write what is buffered to @f and empty it; 0, or -1 if short. */
int ob_write(struct obuf *b, FILE *f);

void ob_free(struct obuf *b);

#endif /* _TOOLS_COMMON_OBUF_H */
