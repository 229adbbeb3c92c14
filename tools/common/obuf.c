// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tools' output buffer (obuf.h).
 */
#include <errno.h>
#include <stdlib.h>

#include "common/obuf.h"
#include "common/guid.h"
#include "tdh_internal.h"

void ob_grow(struct obuf *b, size_t n)
{
	size_t cap = b->cap ? b->cap : 4096;
	char *p;

	while (cap - b->len < n + 1)	/* + 1: room for ob_str()'s NUL */
		cap *= 2;
	p = realloc(b->buf, cap);
	if (!p) {
		fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
		exit(1);
	}
	b->buf = p;
	b->cap = cap;
}

char *ob_u64_text(char *end, uint64_t v)
{
	char t[20];
	size_t n = tdh_dec_text(t, v);

	memcpy(end - n, t, n);
	return end - n;
}

void ob_u64(struct obuf *b, uint64_t v)
{
	ob_commit(b, tdh_dec_text(ob_room(b, 20), v));
}

void ob_i64(struct obuf *b, int64_t v)
{
	char *o = ob_room(b, 21);

	if (v < 0)
		*o++ = '-';
	ob_commit(b, (v < 0) + tdh_dec_text(o, v < 0 ? 0 - (uint64_t)v : (uint64_t)v));
}

void ob_hex(struct obuf *b, uint64_t v, int width, int upper)
{
	ob_commit(b, tdh_hex_text(ob_room(b, 16), v, width < 0 ? 0 : (unsigned)width, upper));
}

void ob_hexbytes(struct obuf *b, const void *p, size_t n, int upper)
{
	const char *hx = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	const unsigned char *x = p;
	char *o = ob_room(b, 2 * n);
	size_t i;

	for (i = 0; i < n; i++) {
		*o++ = hx[x[i] >> 4];
		*o++ = hx[x[i] & 15];
	}
	ob_commit(b, 2 * n);
}

void ob_guid(struct obuf *b, const GUID *g)
{
	etw_guid_str(g, ob_room(b, ETW_GUID_STR_LEN));
	ob_commit(b, ETW_GUID_STR_LEN - 3);	/* 36 characters */
}

int ob_write(struct obuf *b, FILE *f)
{
	size_t n = b->len;

	b->len = 0;
	return n && fwrite_unlocked(b->buf, 1, n, f) != n ? -1 : 0;
}

void ob_free(struct obuf *b)
{
	free(b->buf);
	b->buf = NULL;
	b->len = b->cap = 0;
}
