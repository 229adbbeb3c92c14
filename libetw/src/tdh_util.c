// SPDX-License-Identifier: MIT
/*
 * TDH helpers: a bump allocator for schemas, UTF-8 <-> UTF-16, the sizes
 * of the fixed-size input types.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tdh_internal.h"

/*
 * The arena is a list of chunks, so what it handed out never moves:
 * each chunk starts with a pointer to the previous one.
 */
void *tdh_alloc(struct tdh_arena *a, size_t n)
{
	size_t off = (a->len + 7) & ~(size_t)7;
	void *p;

	if (a->failed)
		return NULL;
	if (!a->buf || off + n > a->cap) {
		size_t cap = n + 16 > 4096 ? n + 16 : 4096;
		char *c = malloc(cap);

		if (!c) {
			a->failed = 1;
			return NULL;
		}
		memcpy(c, &a->buf, sizeof(char *));
		a->buf = c;
		a->cap = cap;
		off = 16;
	}
	p = a->buf + off;
	memset(p, 0, n);
	a->len = off + n;
	return p;
}

char *tdh_strndup(struct tdh_arena *a, const char *s, size_t n)
{
	char *p = tdh_alloc(a, n + 1);

	if (p) {
		memcpy(p, s, n);
		p[n] = 0;
	}
	return p;
}

void tdh_arena_free(struct tdh_arena *a)
{
	while (a->buf) {
		char *prev;

		memcpy(&prev, a->buf, sizeof(char *));
		free(a->buf);
		a->buf = prev;
	}
	a->len = a->cap = 0;
	a->failed = 0;
}

/* Decode one UTF-8 sequence at s[*i] (n bytes); bad bytes are U+FFFD. */
static uint32_t utf8_next(const unsigned char *s, size_t n, size_t *i)
{
	uint32_t c = s[*i], min;
	int k, more;

	(*i)++;
	if (c < 0x80)
		return c;
	if ((c & 0xE0) == 0xC0) {
		more = 1;
		c &= 0x1F;
		min = 0x80;
	} else if ((c & 0xF0) == 0xE0) {
		more = 2;
		c &= 0x0F;
		min = 0x800;
	} else if ((c & 0xF8) == 0xF0) {
		more = 3;
		c &= 0x07;
		min = 0x10000;
	} else {
		return 0xFFFD;
	}
	for (k = 0; k < more; k++) {
		if (*i >= n || (s[*i] & 0xC0) != 0x80)
			return 0xFFFD;
		c = (c << 6) | (s[(*i)++] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c < 0xE000))
		return 0xFFFD;
	return c;
}

size_t tdh_utf8_to_utf16(const char *s, size_t n, WCHAR *out, size_t room)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, w = 0;

	while (i < n && u[i]) {
		uint32_t c;

		if (u[i] < 0x80) {		/* ASCII, the common case */
			if (w + 1 < room)
				out[w] = u[i];
			w++;
			i++;
			continue;
		}
		c = utf8_next(u, n, &i);
		if (c >= 0x10000) {
			c -= 0x10000;
			if (w + 2 < room) {
				out[w] = (WCHAR)(0xD800 + (c >> 10));
				out[w + 1] = (WCHAR)(0xDC00 + (c & 0x3FF));
			}
			w += 2;
		} else {
			if (w + 1 < room)
				out[w] = (WCHAR)c;
			w++;
		}
	}
	if (room)
		out[w < room ? w : room - 1] = 0;
	return w + 1;
}

size_t tdh_utf16_to_utf8(const WCHAR *s, size_t n, char *out, size_t room)
{
	size_t i, w = 0;

	for (i = 0; i < n && s[i]; i++) {
		uint32_t c = s[i];
		unsigned char b[4];
		int k, len;

		if (c >= 0xD800 && c < 0xDC00 && i + 1 < n &&
		    s[i + 1] >= 0xDC00 && s[i + 1] < 0xE000) {
			c = 0x10000 + ((c - 0xD800) << 10) + (s[i + 1] - 0xDC00);
			i++;
		} else if (c >= 0xD800 && c < 0xE000) {
			c = 0xFFFD;
		}
		if (c < 0x80) {
			b[0] = (unsigned char)c;
			len = 1;
		} else if (c < 0x800) {
			b[0] = (unsigned char)(0xC0 | c >> 6);
			b[1] = (unsigned char)(0x80 | (c & 0x3F));
			len = 2;
		} else if (c < 0x10000) {
			b[0] = (unsigned char)(0xE0 | c >> 12);
			b[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
			b[2] = (unsigned char)(0x80 | (c & 0x3F));
			len = 3;
		} else {
			b[0] = (unsigned char)(0xF0 | c >> 18);
			b[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
			b[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
			b[3] = (unsigned char)(0x80 | (c & 0x3F));
			len = 4;
		}
		for (k = 0; k < len; k++, w++)
			if (w + 1 < room)
				out[w] = (char)b[k];
	}
	if (room)
		out[w < room ? w : room - 1] = 0;
	return w + 1;
}

uint32_t tdh_intype_size(uint16_t in, uint32_t psize)
{
	switch (in) {
	case TDH_INTYPE_INT8:
	case TDH_INTYPE_UINT8:
	case TDH_INTYPE_ANSICHAR:
		return 1;
	case TDH_INTYPE_INT16:
	case TDH_INTYPE_UINT16:
	case TDH_INTYPE_UNICODECHAR:
		return 2;
	case TDH_INTYPE_INT32:
	case TDH_INTYPE_UINT32:
	case TDH_INTYPE_FLOAT:
	case TDH_INTYPE_BOOLEAN:
	case TDH_INTYPE_HEXINT32:
		return 4;
	case TDH_INTYPE_INT64:
	case TDH_INTYPE_UINT64:
	case TDH_INTYPE_DOUBLE:
	case TDH_INTYPE_HEXINT64:
	case TDH_INTYPE_FILETIME:
		return 8;
	case TDH_INTYPE_GUID:
	case TDH_INTYPE_SYSTEMTIME:
		return 16;
	case TDH_INTYPE_POINTER:
	case TDH_INTYPE_SIZET:
		return psize;
	default:
		return 0;
	}
}
