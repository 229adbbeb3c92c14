// SPDX-License-Identifier: MIT
/*
 * TdhFormatProperty: one value as text, by InType (how the bytes are laid
 * out) and OutType (how they are shown), following the output types of
 * the instrumentation manifest schema:
 *
 *   integers          decimal (signed for INT*, BYTE/SHORT/INT/LONG)
 *   HEXINT*, pointers "0x" and upper-case hex digits, no padding
 *   BOOLEAN           "true" / "false"
 *   FLOAT, DOUBLE     shortest text that reads back as the same value
 *   GUID              {XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}
 *   FILETIME          2024-01-31T12:34:56.1234567Z (UTC)
 *   SYSTEMTIME        2024-01-31T12:34:56.123 ("Z" with DATETIME_UTC)
 *   SID               S-1-5-21-...
 *   binary            "0x" and two upper-case hex digits a byte
 *   PORT              the big-endian value in decimal
 *   IPV4, IPV6        dotted quad; RFC 5952 text
 *   SOCKETADDRESS     a.b.c.d:port, [v6]:port, else hex
 *   WIN32ERROR, NTSTATUS, HRESULT  English message text, or
 *                     "Unknown Win32 Error code: 0x5A4" etc.
 *   strings           UTF-16 and ANSI (read as UTF-8, else Latin-1) text
 *   value maps        the map's text for the value, else the number
 *   bit maps          the texts of the bits set, " | " between them, any
 *                     bit without text as 0x...
 *
 * Windows inserts Unicode direction marks in culture-sensitive dates;
 * we do not.  Pairs Windows does not format fall back to the InType's
 * default, as Windows does.
 */
#include <arpa/inet.h>
#include <endian.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "tdh_internal.h"
#include "shared/etw_utf.h"
#include "shared/etw_etl.h"

/* The text being built: in the caller's buffer until it outgrows it. */
struct sb {
	char *s;
	size_t len, cap;
	int oom;
	int heap;		/* s was malloc'ed */
};

/* Room for @n more bytes and a NUL, growing: 0 when out of memory. */
static int sb_grow(struct sb *b, size_t n)
{
	size_t cap = b->cap ? b->cap : 64;
	char *p;

	if (b->oom)
		return 0;
	while (cap < b->len + n + 1)
		cap *= 2;
	p = b->heap ? realloc(b->s, cap) : malloc(cap);
	if (!p) {
		b->oom = 1;
		return 0;
	}
	if (!b->heap && b->len)
		memcpy(p, b->s, b->len);
	b->s = p;
	b->cap = cap;
	b->heap = 1;
	return 1;
}

/* Room for @n more bytes and a NUL; 0 when out of memory. */
static inline int sb_reserve(struct sb *b, size_t n)
{
	if (b->len + n + 1 <= b->cap)
		return 1;
	return sb_grow(b, n);
}

static inline void sb_add(struct sb *b, const char *s, size_t n)
{
	if (!sb_reserve(b, n))
		return;
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

__attribute__((format(printf, 2, 3)))
static void sb_printf(struct sb *b, const char *fmt, ...)
{
	char tmp[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n > 0)
		sb_add(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

/* Decimal without printf (the common case of every integer field). */
static void sb_u64(struct sb *b, uint64_t u, int neg)
{
	char *o;

	if (!sb_reserve(b, 21))
		return;
	o = b->s + b->len;
	if (neg)
		*o++ = '-';
	b->len = (size_t)(o - b->s) + tdh_dec_text(o, u);
	b->s[b->len] = 0;
}

static void sb_i64(struct sb *b, int64_t s)
{
	sb_u64(b, s < 0 ? 0 - (uint64_t)s : (uint64_t)s, s < 0);
}

/* "0x" and upper-case hex digits, no padding: "0x%" PRIX64 without printf. */
static void sb_hexu(struct sb *b, uint64_t u)
{
	char *o;

	if (!sb_reserve(b, 18))
		return;
	o = b->s + b->len;
	o[0] = '0';
	o[1] = 'x';
	b->len += 2 + tdh_hex_text(o + 2, u, 1, 1);
	b->s[b->len] = 0;
}

static void sb_hex(struct sb *b, const uint8_t *p, size_t n)
{
	static const char hx[] = "0123456789ABCDEF";
	char buf[128];
	size_t i, k = 0;

	sb_add(b, "0x", 2);
	for (i = 0; i < n; i++) {
		buf[k++] = hx[p[i] >> 4];
		buf[k++] = hx[p[i] & 15];
		if (k == sizeof(buf)) {
			sb_add(b, buf, k);
			k = 0;
		}
	}
	sb_add(b, buf, k);
}

/* One code point as UTF-8. */
static void sb_cp(struct sb *b, uint32_t c)
{
	u8 u[ETW_UTF8_MAX];

	sb_add(b, (const char *)u, etw_utf8_encode(c, u));
}

/*
 * UTF-16LE bytes, up to a NUL: converted straight into the text.  A run
 * of ASCII is copied a unit at a time; the rest goes through the one
 * converter (kmod/shared/etw_utf.c).
 */
static void sb_utf16(struct sb *b, const uint8_t *p, size_t bytes)
{
	size_t units = bytes / 2, room = 3 * units + 1, i;
	char *o;

	if (!sb_reserve(b, room))
		return;
	o = b->s + b->len;
	/* two units a step while both are ASCII and not NUL */
	for (i = 0; i + 2 <= units; i += 2) {
		uint32_t w;

		memcpy(&w, p + 2 * i, 4);
		w = le32toh(w);
		if ((w & 0xFF80FF80u) || !(w & 0xFF) || !(w & 0xFF0000))
			break;
		o[i] = (char)w;
		o[i + 1] = (char)(w >> 16);
	}
	for (; i < units && !p[2 * i + 1] && p[2 * i] && p[2 * i] < 0x80; i++)
		o[i] = (char)p[2 * i];
	b->len += i;
	if (i < units && (p[2 * i] || p[2 * i + 1]))
		b->len += etw_utf16_to_utf8(p + 2 * i, units - i, b->s + b->len, room - i);
	else
		b->s[b->len] = 0;
}

/* 8-bit text up to a NUL: UTF-8 where valid, else each byte as Latin-1. */
static void sb_ansi(struct sb *b, const uint8_t *p, size_t n)
{
	size_t i = 0;

	while (i < n && p[i]) {
		uint32_t c = p[i];

		if (c < 0x80) {		/* a run of ASCII at once */
			size_t k = i + 1;

			while (k < n && p[k] && p[k] < 0x80)
				k++;
			sb_add(b, (const char *)p + i, k - i);
			i = k;
			continue;
		}
		{
			int more = (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 :
				   (c & 0xF8) == 0xF0 ? 3 : -1;
			int j, ok = more > 0 && i + more < n + 0;

			for (j = 1; ok && j <= more; j++)
				ok = i + j < n && (p[i + j] & 0xC0) == 0x80;
			if (ok) {
				sb_add(b, (const char *)p + i, more + 1);
				i += more + 1;
				continue;
			}
			sb_cp(b, c);	/* Latin-1 */
			i++;
		}
	}
}

static uint64_t rd_le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	unsigned i;

	if (n == 8 || n == 4 || n == 2 || n == 1) {
		/* the integer sizes: one load (the data is little-endian) */
		memcpy(&v, p, n);
		return le64toh(v);
	}
	for (i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}
/* Shortest %g text that reads back as the same value. */
static void sb_real(struct sb *b, double v, int is_float)
{
	char buf[64];
	int prec;

	if (isnan(v)) {
		sb_add(b, "NaN", 3);
		return;
	}
	if (isinf(v)) {
		if (v < 0)
			sb_add(b, "-Infinity", 9);
		else
			sb_add(b, "Infinity", 8);
		return;
	}
	for (prec = 1; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		if (is_float ? (float)strtod(buf, NULL) == (float)v :
			       strtod(buf, NULL) == v)
			break;
	}
	sb_add(b, buf, strlen(buf));
}

/* {XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}: Data1-3 little-endian. */
static void sb_guid(struct sb *b, const uint8_t *p)
{
	static const char hx[] = "0123456789ABCDEF";
	static const signed char order[16] = { 3, 2, 1, 0, -1, 5, 4, -1, 7, 6, -1,
						8, 9, -1, 10, 11 };
	char t[38];
	int i, k = 0;

	t[k++] = '{';
	for (i = 0; i < 16; i++) {
		if (order[i] < 0) {
			t[k++] = '-';
			continue;
		}
		t[k++] = hx[p[order[i]] >> 4];
		t[k++] = hx[p[order[i]] & 15];
	}
	for (i = 12; i < 16; i++) {
		t[k++] = hx[p[i] >> 4];
		t[k++] = hx[p[i] & 15];
	}
	t[k++] = '}';
	sb_add(b, t, (size_t)k);
}

/* @v in @n decimal digits, zero-padded, at @t. */
static void put_dec(char *t, unsigned long long v, int n)
{
	while (n--) {
		t[n] = (char)('0' + v % 10);
		v /= 10;
	}
}

/*
 * The civil (proleptic Gregorian) date of day @z since 1970-01-01, as
 * gmtime_r gives it: Howard Hinnant's days-to-civil, a few divisions
 * instead of gmtime's table walk (a time is on every event's line).
 */
static void civil_from_days(int64_t z, int64_t *y, unsigned *m, unsigned *d)
{
	int64_t era, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	yoe = z - era * 146097;					/* [0, 146096] */
	yoe = (yoe - yoe / 1460 + yoe / 36524 - yoe / 146096) / 365;	/* [0, 399] */
	doy = z - era * 146097 - (365 * yoe + yoe / 4 - yoe / 100);	/* [0, 365] */
	mp = (5 * doy + 2) / 153;				/* [0, 11] */
	*d = (unsigned)(doy - (153 * mp + 2) / 5 + 1);
	*m = (unsigned)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

size_t tdh_filetime_text(uint64_t ft, char *out, size_t size)
{
	const int64_t epoch = (int64_t)ETL_FILETIME_UNIX_EPOCH;
	int64_t rel = (int64_t)ft - epoch, secs = rel / 10000000, frac = rel % 10000000;
	int64_t days, sod, year;
	unsigned mon, mday;
	char t[] = "YYYY-MM-DDTHH:MM:SS.FFFFFFFZ";
	int n;

	if (frac < 0) {
		frac += 10000000;
		secs--;
	}
	days = secs / 86400;
	sod = secs % 86400;
	if (sod < 0) {
		sod += 86400;
		days--;
	}
	civil_from_days(days, &year, &mon, &mday);
	if (year < 0 || year > 9999) {
		n = snprintf(out, size, "%04" PRId64 "-%02u-%02uT%02u:%02u:%02u.%07" PRId64 "Z",
			     year, mon, mday, (unsigned)(sod / 3600),
			     (unsigned)(sod / 60 % 60), (unsigned)(sod % 60), frac);
		return n < 0 ? 0 : (size_t)n;
	}
	/* The common case without printf. */
	put_dec(t, (unsigned long long)year, 4);
	put_dec(t + 5, mon, 2);
	put_dec(t + 8, mday, 2);
	put_dec(t + 11, (unsigned long long)(sod / 3600), 2);
	put_dec(t + 14, (unsigned long long)(sod / 60 % 60), 2);
	put_dec(t + 17, (unsigned long long)(sod % 60), 2);
	put_dec(t + 20, (unsigned long long)frac, 7);
	n = (int)sizeof(t) - 1;
	if (size) {
		size_t k = (size_t)n < size - 1 ? (size_t)n : size - 1;

		memcpy(out, t, k);
		out[k] = 0;
	}
	return (size_t)n;
}

static void sb_filetime(struct sb *b, uint64_t ft)
{
	char t[64];

	sb_add(b, t, tdh_filetime_text(ft, t, sizeof(t)));
}

static void sb_systemtime(struct sb *b, const uint8_t *p, int utc)
{
	/* "%04u-%02u-%02uT%02u:%02u:%02u.%03u", without printf when it fits */
	static const unsigned at[7] = { 0, 2, 6, 8, 10, 12, 14 };	/* wDayOfWeek skipped */
	static const unsigned pos[7] = { 0, 5, 8, 11, 14, 17, 20 };
	static const unsigned width[7] = { 4, 2, 2, 2, 2, 2, 3 };
	char t[] = "YYYY-MM-DDTHH:MM:SS.FFFZ";
	unsigned v[7], i;

	for (i = 0; i < 7; i++) {
		v[i] = (unsigned)rd_le(p + at[i], 2);
		if (v[i] >= (width[i] == 4 ? 10000u : width[i] == 3 ? 1000u : 100u)) {
			sb_printf(b, "%04u-%02u-%02uT%02u:%02u:%02u.%03u%s",
				  (unsigned)rd_le(p, 2), (unsigned)rd_le(p + 2, 2),
				  (unsigned)rd_le(p + 6, 2), (unsigned)rd_le(p + 8, 2),
				  (unsigned)rd_le(p + 10, 2), (unsigned)rd_le(p + 12, 2),
				  (unsigned)rd_le(p + 14, 2), utc ? "Z" : "");
			return;
		}
	}
	for (i = 0; i < 7; i++)
		put_dec(t + pos[i], v[i], (int)width[i]);
	sb_add(b, t, utc ? 24 : 23);
}

/* ConvertSidToStringSid: S-R-A-S1-S2-... */
static void sb_sid(struct sb *b, const uint8_t *p)
{
	uint64_t auth = 0;
	unsigned i;

	for (i = 0; i < 6; i++)
		auth = auth << 8 | p[2 + i];
	sb_add(b, "S-", 2);
	sb_u64(b, p[0], 0);
	if (auth >> 32) {
		sb_printf(b, "-0x%012" PRIX64, auth);
	} else {
		sb_add(b, "-", 1);
		sb_u64(b, auth, 0);
	}
	for (i = 0; i < p[1]; i++) {
		sb_add(b, "-", 1);
		sb_u64(b, (uint32_t)rd_le(p + 8 + 4 * i, 4), 0);
	}
}

/* a.b.c.d from four bytes */
static void sb_dotted(struct sb *b, const uint8_t *p)
{
	int i;

	for (i = 0; i < 4; i++) {
		if (i)
			sb_add(b, ".", 1);
		sb_u64(b, p[i], 0);
	}
}

static void sb_ipv6(struct sb *b, const uint8_t *p)
{
	char s[INET6_ADDRSTRLEN];

	if (inet_ntop(AF_INET6, p, s, sizeof(s)))
		sb_add(b, s, strlen(s));
	else
		sb_hex(b, p, 16);
}

/*
 * A SOCKADDR (Windows families: AF_INET 2, AF_INET6 23; a Linux
 * sockaddr_in6 says 10): address and port, else hex.
 */
static void sb_sockaddr(struct sb *b, const uint8_t *p, uint32_t n)
{
	uint32_t family = n >= 2 ? (uint32_t)rd_le(p, 2) : 0;
	uint32_t port = n >= 4 ? (uint32_t)(p[2] << 8 | p[3]) : 0;

	if (family == 2 && n >= 8) {
		sb_dotted(b, p + 4);
		sb_add(b, ":", 1);
		sb_u64(b, port, 0);
	} else if ((family == 23 || family == 10) && n >= 24) {
		sb_add(b, "[", 1);
		sb_ipv6(b, p + 8);
		sb_add(b, "]:", 2);
		sb_u64(b, port, 0);
	} else {
		sb_hex(b, p, n);
	}
}

/* The map text for @v, or NULL. */
static const WCHAR *map_text(const EVENT_MAP_INFO *m, uint32_t v)
{
	ULONG i;

	for (i = 0; i < m->EntryCount; i++)
		if (m->MapEntryArray[i].Value == v)
			return (const WCHAR *)((const uint8_t *)m +
					       m->MapEntryArray[i].OutputOffset);
	return NULL;
}

/* A map entry's text, without the trailing space manifests give it. */
static void sb_maptext(struct sb *b, const WCHAR *w)
{
	size_t n = 0;

	while (w[n])
		n++;
	while (n && w[n - 1] == ' ')
		n--;
	sb_utf16(b, (const uint8_t *)w, 2 * n);
}

static int sb_map(struct sb *b, const EVENT_MAP_INFO *m, uint64_t v)
{
	const WCHAR *t;
	ULONG i;
	int first = 1;
	uint32_t left = (uint32_t)v;

	if (m->Flag & (EVENTMAP_INFO_FLAG_MANIFEST_BITMAP |
		       EVENTMAP_INFO_FLAG_WBEM_BITMAP)) {
		for (i = 0; i < m->EntryCount; i++) {
			uint32_t bit = m->MapEntryArray[i].Value;

			if (!bit || (v & bit) != bit)
				continue;
			if (!first)
				sb_add(b, " | ", 3);
			sb_maptext(b, (const WCHAR *)((const uint8_t *)m +
				   m->MapEntryArray[i].OutputOffset));
			left &= ~bit;
			first = 0;
		}
		if (left || first) {
			if (!first)
				sb_add(b, " | ", 3);
			sb_hexu(b, left);
		}
		return 1;
	}
	t = map_text(m, (uint32_t)v);
	if (!t)
		return 0;
	sb_maptext(b, t);
	return 1;
}

static int is_int_in(uint16_t in)
{
	return (in >= TDH_INTYPE_INT8 && in <= TDH_INTYPE_UINT64) ||
	       in == TDH_INTYPE_HEXINT32 || in == TDH_INTYPE_HEXINT64 ||
	       in == TDH_INTYPE_BOOLEAN || in == TDH_INTYPE_POINTER ||
	       in == TDH_INTYPE_SIZET || in == TDH_INTYPE_UNICODECHAR ||
	       in == TDH_INTYPE_ANSICHAR;
}

static int is_signed_in(uint16_t in)
{
	return in == TDH_INTYPE_INT8 || in == TDH_INTYPE_INT16 ||
	       in == TDH_INTYPE_INT32 || in == TDH_INTYPE_INT64;
}

static void sb_bool(struct sb *b, uint64_t u)
{
	if (u)
		sb_add(b, "true", 4);
	else
		sb_add(b, "false", 5);
}

static void fmt_int(struct sb *b, uint16_t in, uint16_t out,
		    const uint8_t *p, uint32_t size)
{
	uint64_t u = rd_le(p, size);
	int64_t s = tdh_sign_extend(u, size);
	char text[160];

	switch (out) {
	case TDH_OUTTYPE_STRING:
		if (in == TDH_INTYPE_UINT16 || in == TDH_INTYPE_UNICODECHAR)
			sb_utf16(b, p, 2);
		else
			sb_cp(b, (uint32_t)(u & 0xFF));	/* Latin-1 */
		return;
	case TDH_OUTTYPE_BYTE: case TDH_OUTTYPE_SHORT:
	case TDH_OUTTYPE_INT: case TDH_OUTTYPE_LONG:
		sb_i64(b, s);
		return;
	case TDH_OUTTYPE_UNSIGNEDBYTE: case TDH_OUTTYPE_UNSIGNEDSHORT:
	case TDH_OUTTYPE_UNSIGNEDINT: case TDH_OUTTYPE_UNSIGNEDLONG:
	case TDH_OUTTYPE_PID: case TDH_OUTTYPE_TID: case TDH_OUTTYPE_ETWTIME:
		sb_u64(b, u, 0);
		return;
	case TDH_OUTTYPE_HEXINT8: case TDH_OUTTYPE_HEXINT16:
	case TDH_OUTTYPE_HEXINT32: case TDH_OUTTYPE_HEXINT64:
	case TDH_OUTTYPE_ERRORCODE: case TDH_OUTTYPE_CODE_POINTER:
		sb_hexu(b, u);
		return;
	case TDH_OUTTYPE_BOOLEAN:
		sb_bool(b, u);
		return;
	case TDH_OUTTYPE_PORT:
		if (size == 2) {
			sb_u64(b, (unsigned)(p[0] << 8 | p[1]), 0);
			return;
		}
		break;
	case TDH_OUTTYPE_IPV4:
		if (size == 4) {
			sb_dotted(b, p);
			return;
		}
		break;
	case TDH_OUTTYPE_WIN32ERROR: case TDH_OUTTYPE_NTSTATUS:
	case TDH_OUTTYPE_HRESULT:
		tdh_error_text(out, (uint32_t)u, text, sizeof(text));
		sb_add(b, text, strlen(text));
		return;
	case TDH_OUTTYPE_DATETIME: case TDH_OUTTYPE_DATETIME_UTC:
	case TDH_OUTTYPE_CULTURE_INSENSITIVE_DATETIME:
		if (size == 8) {
			sb_filetime(b, u);
			return;
		}
		break;
	}
	/* The InType's default. */
	switch (in) {
	case TDH_INTYPE_HEXINT32: case TDH_INTYPE_HEXINT64:
	case TDH_INTYPE_POINTER: case TDH_INTYPE_SIZET:
		sb_hexu(b, u);
		break;
	case TDH_INTYPE_BOOLEAN:
		sb_bool(b, u);
		break;
	case TDH_INTYPE_UNICODECHAR:
		sb_utf16(b, p, 2);
		break;
	case TDH_INTYPE_ANSICHAR:
		sb_cp(b, (uint32_t)(u & 0xFF));
		break;
	default:
		if (is_signed_in(in))
			sb_i64(b, s);
		else
			sb_u64(b, u, 0);
	}
}

/* Bytes a counted value's payload starts after, and its length. */
static void counted(uint16_t in, const uint8_t *p, uint32_t size,
		    const uint8_t **q, uint32_t *n)
{
	switch (in) {
	case TDH_INTYPE_MANIFEST_COUNTEDSTRING:
	case TDH_INTYPE_MANIFEST_COUNTEDANSISTRING:
	case TDH_INTYPE_MANIFEST_COUNTEDBINARY:
	case TDH_INTYPE_COUNTEDSTRING:
	case TDH_INTYPE_COUNTEDANSISTRING:
	case TDH_INTYPE_REVERSEDCOUNTEDSTRING:
	case TDH_INTYPE_REVERSEDCOUNTEDANSISTRING:
		*q = p + 2;
		*n = size - 2;
		return;
	case TDH_INTYPE_HEXDUMP:
		*q = p + 4;
		*n = size - 4;
		return;
	default:
		*q = p;
		*n = size;
	}
}

/* tdh_internal.h: fmt_int()'s text for the commonest integers. */
int tdh_int_class(uint16_t in, uint16_t out, uint32_t psize, uint32_t *size)
{
	int cls = out == TDH_OUTTYPE_NULL ? TDH_INT_UDEC : TDH_INT_HEX;

	if (out != TDH_OUTTYPE_NULL && (out < TDH_OUTTYPE_HEXINT8 || out > TDH_OUTTYPE_HEXINT64))
		return TDH_INT_NONE;
	switch (in) {
	case TDH_INTYPE_INT8: case TDH_INTYPE_INT16:
	case TDH_INTYPE_INT32: case TDH_INTYPE_INT64:
		if (cls == TDH_INT_UDEC)
			cls = TDH_INT_SDEC;
		break;
	case TDH_INTYPE_UINT8: case TDH_INTYPE_UINT16:
	case TDH_INTYPE_UINT32: case TDH_INTYPE_UINT64:
		break;
	case TDH_INTYPE_HEXINT32: case TDH_INTYPE_HEXINT64:
	case TDH_INTYPE_POINTER: case TDH_INTYPE_SIZET:
		cls = TDH_INT_HEX;
		break;
	default:
		return TDH_INT_NONE;
	}
	*size = tdh_intype_size(in, psize);
	return cls;
}

size_t tdh_int_text(int cls, uint32_t size, uint64_t u, char *buf)
{
	size_t k = 0;

	if (cls == TDH_INT_HEX) {
		buf[k++] = '0';
		buf[k++] = 'x';
		k += tdh_hex_text(buf + k, u, 1, 1);
	} else {
		if (cls == TDH_INT_SDEC) {
			int64_t s = tdh_sign_extend(u, size);

			if (s < 0) {
				buf[k++] = '-';
				u = 0 - (uint64_t)s;
			}
		}
		k += tdh_dec_text(buf + k, u);
	}
	buf[k] = 0;
	return k;
}

uint32_t tdh_format_int_fast(uint16_t in, uint16_t out, uint32_t psize,
			     const uint8_t *p, uint32_t avail, char *buf, size_t *len)
{
	uint32_t size;
	int cls = tdh_int_class(in, out, psize, &size);

	if (!cls || avail < size)
		return 0;
	*len = tdh_int_text(cls, size, rd_le(p, size), buf);
	return size;
}

/* The text built, as tdh_format_utf8() returns it. */
static ULONG sb_done(struct sb *b, char **text, size_t *len)
{
	if (b->oom) {
		if (b->heap)
			free(b->s);
		return ERROR_NOT_ENOUGH_MEMORY;
	}
	*text = b->s;
	*len = b->len;
	return ERROR_SUCCESS;
}

/*
 * tdh_internal.h.  fmt_int() shows one of these values as a character;
 * an array of them is text.
 */
uint32_t tdh_char_size(uint16_t in, uint16_t out)
{
	switch (in) {
	case TDH_INTYPE_ANSICHAR:
		return out == TDH_OUTTYPE_NULL || out == TDH_OUTTYPE_STRING;
	case TDH_INTYPE_UNICODECHAR:
		return out == TDH_OUTTYPE_NULL || out == TDH_OUTTYPE_STRING ? 2 : 0;
	case TDH_INTYPE_INT8:
	case TDH_INTYPE_UINT8:
		return out == TDH_OUTTYPE_STRING;
	case TDH_INTYPE_UINT16:
		return out == TDH_OUTTYPE_STRING ? 2 : 0;
	default:
		return 0;
	}
}

ULONG tdh_format_chars_utf8(USHORT in, USHORT out, uint32_t count,
			    USHORT avail, const uint8_t *data, char *buf,
			    size_t cap, char **text, size_t *len, USHORT *used)
{
	struct sb b = { .s = buf, .cap = cap };
	uint32_t each = tdh_char_size(in, out);
	ULONG r;

	if (!each || count > 0xFFFF)
		return ERROR_INVALID_PARAMETER;
	if (count * each > avail)
		return ERROR_EVT_INVALID_EVENT_DATA;
	sb_add(&b, "", 0);
	/* up to a NUL, as the string InTypes are read */
	if (each == 2)
		sb_utf16(&b, data, 2 * count);
	else
		sb_ansi(&b, data, count);
	r = sb_done(&b, text, len);
	if (!r)
		*used = (USHORT)(count * each);
	return r;
}

ULONG tdh_format_utf8(const EVENT_MAP_INFO *map, ULONG psize, USHORT in,
		      USHORT out, USHORT length, USHORT avail,
		      const uint8_t *data, char *buf, size_t cap,
		      char **text, size_t *len, USHORT *used)
{
	struct sb b = { .s = buf, .cap = cap };
	const uint8_t *q;
	uint32_t size, n;
	ULONG r;
	int bad;

	if (psize != 4 && psize != 8)
		psize = 8;
	if (!map && cap >= 24) {
		/* The common case first: an integer shown as fmt_int() shows it. */
		size = tdh_format_int_fast(in, out, psize, data, avail, buf, len);
		if (size) {
			*text = buf;
			*used = (USHORT)size;
			return ERROR_SUCCESS;
		}
	}
	size = tdh_value_size(in, out, length, data, avail, psize, &bad);
	if (bad)
		return ERROR_EVT_INVALID_EVENT_DATA;
	sb_add(&b, "", 0);
	if (tdh_eh_format(in, out, data, size, b.s, b.cap) >= 0) {
		b.len = strlen(b.s);	/* EventHeader formats (Linux ETW's) */
		goto done;
	}
	if (is_int_in(in)) {
		if (!(map && sb_map(&b, map, rd_le(data, size > 8 ? 8 : size))))
			fmt_int(&b, in, out, data, size);
		goto done;
	}
	counted(in, data, size, &q, &n);
	switch (in) {
	case TDH_INTYPE_NULL:
		break;
	case TDH_INTYPE_FLOAT: {
		float f;

		memcpy(&f, data, 4);
		sb_real(&b, f, 1);
		break;
	}
	case TDH_INTYPE_DOUBLE: {
		double d;

		memcpy(&d, data, 8);
		sb_real(&b, d, 0);
		break;
	}
	case TDH_INTYPE_GUID:
		sb_guid(&b, data);
		break;
	case TDH_INTYPE_FILETIME:
		sb_filetime(&b, rd_le(data, 8));
		break;
	case TDH_INTYPE_SYSTEMTIME:
		sb_systemtime(&b, data, out == TDH_OUTTYPE_DATETIME_UTC);
		break;
	case TDH_INTYPE_SID:
		sb_sid(&b, data);
		break;
	case TDH_INTYPE_WBEMSID:
		if (size > 4)	/* else no SID (tdh_value_size) */
			sb_sid(&b, data + 2 * psize);
		break;
	case TDH_INTYPE_UNICODESTRING:
	case TDH_INTYPE_MANIFEST_COUNTEDSTRING:
	case TDH_INTYPE_COUNTEDSTRING:
	case TDH_INTYPE_REVERSEDCOUNTEDSTRING:
	case TDH_INTYPE_NONNULLTERMINATEDSTRING:
		if (out != TDH_OUTTYPE_NOPRINT)
			sb_utf16(&b, q, n);
		break;
	case TDH_INTYPE_ANSISTRING:
	case TDH_INTYPE_MANIFEST_COUNTEDANSISTRING:
	case TDH_INTYPE_COUNTEDANSISTRING:
	case TDH_INTYPE_REVERSEDCOUNTEDANSISTRING:
	case TDH_INTYPE_NONNULLTERMINATEDANSISTRING:
		if (out != TDH_OUTTYPE_NOPRINT)
			sb_ansi(&b, q, n);
		break;
	default:	/* BINARY, counted binary, HEXDUMP */
		if (out == TDH_OUTTYPE_IPV6 && n == 16)
			sb_ipv6(&b, q);
		else if (out == TDH_OUTTYPE_SOCKETADDRESS)
			sb_sockaddr(&b, q, n);
		else if (out == TDH_OUTTYPE_STRING)
			sb_ansi(&b, q, n);
		else if (out != TDH_OUTTYPE_NOPRINT)
			sb_hex(&b, q, n);
		break;
	}
done:
	r = sb_done(&b, text, len);
	if (!r)
		*used = (USHORT)size;
	return r;
}

ETW_EXPORT TDHSTATUS __stdcall TdhFormatProperty(
	PTRACE_EVENT_INFO EventInfo, PEVENT_MAP_INFO MapInfo, ULONG PointerSize,
	USHORT PropertyInType, USHORT PropertyOutType, USHORT PropertyLength,
	USHORT UserDataLength, PBYTE UserData, PULONG BufferSize,
	PWCHAR Buffer, PUSHORT UserDataConsumed)
{
	char small[512], *text = NULL;
	size_t bytes, len = 0;
	USHORT used = 0;
	ULONG r;

	(void)EventInfo;
	if (!BufferSize || !UserDataConsumed || (!UserData && UserDataLength))
		return ERROR_INVALID_PARAMETER;
	r = tdh_format_utf8(MapInfo, PointerSize, PropertyInType,
			    PropertyOutType, PropertyLength, UserDataLength,
			    UserData, small, sizeof(small), &text, &len, &used);
	if (r)
		return r;
	/* One pass: converted into Buffer as far as it goes, counted anyway. */
	bytes = etw_utf8_to_utf16z(text, len, NULL, 0);
	if (Buffer && *BufferSize >= bytes)
		etw_utf8_to_utf16z(text, len, Buffer, bytes);
	if (text != small)
		free(text);
	*UserDataConsumed = used;
	if (!Buffer || *BufferSize < bytes) {
		*BufferSize = (ULONG)bytes;
		return ERROR_INSUFFICIENT_BUFFER;
	}
	*BufferSize = (ULONG)bytes;
	return ERROR_SUCCESS;
}
