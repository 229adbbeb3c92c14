// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON writer: one value at a time on stdout, commas placed by
 * tracking whether a member or element came before.
 */
#include <inttypes.h>
#include <stdio.h>

#include "etwctl.h"

/* ===== JSON output ===================================================== */

/* Whether the next member/element needs a comma before it. */
static int j_more;

static void j_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c == '\n')
			fputs("\\n", stdout);
		else if (c == '\t')
			fputs("\\t", stdout);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

void j_sep(void)
{
	if (j_more)
		putchar(',');
	j_more = 1;
}

void j_open(char c)
{
	putchar(c);
	j_more = 0;
}

void j_close(char c)
{
	putchar(c);
	j_more = 1;
}

/* "key": -- then the value */
void j_key(const char *k)
{
	j_sep();
	j_string(k);
	putchar(':');
	j_more = 0;
}

void j_str(const char *k, const char *v)
{
	j_key(k);
	if (v)
		j_string(v);
	else
		fputs("null", stdout);
	j_more = 1;
}

void j_u64(const char *k, uint64_t v)
{
	j_key(k);
	printf("%" PRIu64, v);
	j_more = 1;
}

void j_bool(const char *k, int v)
{
	j_key(k);
	fputs(v ? "true" : "false", stdout);
	j_more = 1;
}

/* An element of an array. */
void j_elem_str(const char *v)
{
	j_sep();
	j_string(v);
}

void j_end(void)
{
	putchar('\n');
	j_more = 0;
}

