// SPDX-License-Identifier: MIT
/*
 * TDH helpers: a bump allocator for schemas, UTF-8 <-> UTF-16, the sizes
 * of the fixed-size input types, numbers as digits.
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

/* --- numbers as text, without printf (every integer of every event) --- */

/* "00" "01" ... "99": two digits a step. */
static const char dec_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

size_t tdh_dec_text(char *buf, uint64_t v)
{
	static const uint64_t pow10[20] = {
		1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
		10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
		100000000000ULL, 1000000000000ULL, 10000000000000ULL,
		100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
		100000000000000000ULL, 1000000000000000000ULL,
		10000000000000000000ULL,
	};
	size_t n, i;

	for (n = 1; n < 20 && v >= pow10[n]; n++)
		;
	for (i = n; i >= 2; i -= 2, v /= 100)
		memcpy(buf + i - 2, dec_pairs + 2 * (v % 100), 2);
	if (i)
		buf[0] = (char)('0' + v);
	return n;
}

size_t tdh_hex_text(char *buf, uint64_t v, unsigned width, int upper)
{
	const char *hx = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	size_t n = v ? (size_t)(67 - __builtin_clzll(v)) / 4 : 1, i;

	if (n < width)
		n = width > 16 ? 16 : width;
	for (i = n; i--; v >>= 4)
		buf[i] = hx[v & 15];
	return n;
}

uint64_t tdh_hash(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, b + i, 8);
		h = (h ^ w) * 1099511628211ULL;
		h ^= h >> 29;
	}
	for (; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ULL;
	return h;
}
