// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON writer (json.h).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "common/json.h"

void json_init(struct json *j, FILE *f)
{
	j->f = f;
	j->b = NULL;
	j->more = 0;
}

void json_init_buf(struct json *j, struct obuf *b)
{
	j->f = NULL;
	j->b = b;
	j->more = 0;
}

/* Text out: into the buffer, or the stream. */
static inline void put(struct json *j, const char *s, size_t n)
{
	if (j->b)
		ob_put(j->b, s, n);
	else
		fwrite_unlocked(s, 1, n, j->f);
}

static inline void putch(struct json *j, char c)
{
	if (j->b)
		ob_putc(j->b, c);
	else
		putc_unlocked(c, j->f);
}

#define put_lit(j, s) put((j), "" s, sizeof(s) - 1)

/* Bytes a JSON string cannot hold as they are: controls, '"', '\\', DEL, and the NUL that ends it. */
static const unsigned char special[256] = {
	[0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1,
	[0x06] = 1, [0x07] = 1, [0x08] = 1, [0x09] = 1, [0x0A] = 1, [0x0B] = 1,
	[0x0C] = 1, [0x0D] = 1, [0x0E] = 1, [0x0F] = 1, [0x10] = 1, [0x11] = 1,
	[0x12] = 1, [0x13] = 1, [0x14] = 1, [0x15] = 1, [0x16] = 1, [0x17] = 1,
	[0x18] = 1, [0x19] = 1, [0x1A] = 1, [0x1B] = 1, [0x1C] = 1, [0x1D] = 1,
	[0x1E] = 1, [0x1F] = 1, ['"'] = 1, ['\\'] = 1, [0x7F] = 1,
};

static void escape(struct json *j, const char *s)
{
	static const char hx[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)(s ? s : ""), *run = p;

	/* Runs of plain bytes at once: most strings have nothing to escape. */
	for (;; p++) {
		unsigned char c;
		char u[6] = { '\\', 'u', '0', '0', 0, 0 };

		while (!special[p[0]]) {
			if (special[p[1]]) {
				p += 1;
				break;
			}
			if (special[p[2]]) {
				p += 2;
				break;
			}
			if (special[p[3]]) {
				p += 3;
				break;
			}
			p += 4;
		}
		c = *p;
		if (p > run)
			put(j, (const char *)run, (size_t)(p - run));
		run = p + 1;
		if (!c)
			break;
		if (c == '"' || c == '\\') {
			putch(j, '\\');
			putch(j, (char)c);
		} else if (c == '\n') {
			put_lit(j, "\\n");
		} else if (c == '\r') {
			put_lit(j, "\\r");
		} else if (c == '\t') {
			put_lit(j, "\\t");
		} else {
			u[4] = hx[c >> 4];
			u[5] = hx[c & 15];
			put(j, u, 6);
		}
	}
}

void json_escape(FILE *f, const char *s)
{
	struct json j;

	json_init(&j, f);
	escape(&j, s);
}

void json_escape_buf(struct obuf *b, const char *s)
{
	struct json j;

	json_init_buf(&j, b);
	escape(&j, s);
}

static void sep(struct json *j)
{
	if (j->more)
		putch(j, ',');
	j->more = 1;
}

static void quoted(struct json *j, const char *s)
{
	putch(j, '"');
	escape(j, s);
	putch(j, '"');
}

void json_key(struct json *j, const char *k)
{
	sep(j);
	quoted(j, k);
	putch(j, ':');
	j->more = 0;
}

/* Before a value: its key, or the comma before an element. */
static void value(struct json *j, const char *k)
{
	if (k)
		json_key(j, k);
	else
		sep(j);
	j->more = 1;
}

void json_open(struct json *j, char c)
{
	sep(j);
	putch(j, c);
	j->more = 0;
}

void json_close(struct json *j, char c)
{
	putch(j, c);
	j->more = 1;
}

void json_str(struct json *j, const char *k, const char *v)
{
	value(j, k);
	if (v)
		quoted(j, v);
	else
		put_lit(j, "null");
}

void json_u64(struct json *j, const char *k, uint64_t v)
{
	char t[24], *s = ob_u64_text(t + sizeof(t), v);

	value(j, k);
	put(j, s, (size_t)(t + sizeof(t) - s));
}

void json_i64(struct json *j, const char *k, int64_t v)
{
	char t[24], *s = ob_u64_text(t + sizeof(t), v < 0 ? 0 - (uint64_t)v : (uint64_t)v);

	if (v < 0)
		*--s = '-';
	value(j, k);
	put(j, s, (size_t)(t + sizeof(t) - s));
}

void json_double(struct json *j, const char *k, double v)
{
	char t[32];
	int n;

	value(j, k);
	if (!isfinite(v)) {
		put_lit(j, "null");
		return;
	}
	n = snprintf(t, sizeof(t), "%.15g", v);
	put(j, t, n > 0 && (size_t)n < sizeof(t) ? (size_t)n : 0);
}

void json_bool(struct json *j, const char *k, int v)
{
	value(j, k);
	if (v)
		put_lit(j, "true");
	else
		put_lit(j, "false");
}

void json_num(struct json *j, const char *k, const char *text)
{
	value(j, k);
	put(j, text, strlen(text));
}

void json_end(struct json *j)
{
	putch(j, '\n');
	j->more = 0;
}
