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
	j->more = 0;
}

void json_escape(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : ""), *run = p;

	/* Runs of plain bytes at once: most strings have nothing to escape. */
	for (;; p++) {
		unsigned char c = *p;

		if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7F)
			continue;
		if (p > run)
			fwrite_unlocked(run, 1, (size_t)(p - run), f);
		run = p + 1;
		if (!c)
			break;
		if (c == '"' || c == '\\') {
			putc_unlocked('\\', f);
			putc_unlocked(c, f);
		} else if (c == '\n') {
			fputs_unlocked("\\n", f);
		} else if (c == '\r') {
			fputs_unlocked("\\r", f);
		} else if (c == '\t') {
			fputs_unlocked("\\t", f);
		} else {
			fprintf(f, "\\u%04x", c);
		}
	}
}

static void sep(struct json *j)
{
	if (j->more)
		putc_unlocked(',', j->f);
	j->more = 1;
}

static void quoted(FILE *f, const char *s)
{
	putc_unlocked('"', f);
	json_escape(f, s);
	putc_unlocked('"', f);
}

void json_key(struct json *j, const char *k)
{
	sep(j);
	quoted(j->f, k);
	putc_unlocked(':', j->f);
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
	putc_unlocked(c, j->f);
	j->more = 0;
}

void json_close(struct json *j, char c)
{
	putc_unlocked(c, j->f);
	j->more = 1;
}

void json_str(struct json *j, const char *k, const char *v)
{
	value(j, k);
	if (v)
		quoted(j->f, v);
	else
		fputs_unlocked("null", j->f);
}

void json_u64(struct json *j, const char *k, uint64_t v)
{
	value(j, k);
	fprintf(j->f, "%" PRIu64, v);
}

void json_i64(struct json *j, const char *k, int64_t v)
{
	value(j, k);
	fprintf(j->f, "%" PRId64, v);
}

void json_double(struct json *j, const char *k, double v)
{
	value(j, k);
	if (isfinite(v))
		fprintf(j->f, "%.15g", v);
	else
		fputs_unlocked("null", j->f);
}

void json_bool(struct json *j, const char *k, int v)
{
	value(j, k);
	fputs_unlocked(v ? "true" : "false", j->f);
}

void json_num(struct json *j, const char *k, const char *text)
{
	value(j, k);
	fputs_unlocked(text, j->f);
}

void json_end(struct json *j)
{
	putc_unlocked('\n', j->f);
	j->more = 0;
}
