// SPDX-License-Identifier: MIT
/*
 * TDH for EventHeader events (Microsoft's LinuxTracepoints), which reach
 * consumers as TraceLogging events (kmod/shared/etw_eventheader.h):
 *
 *   - the values of Linux ETW's own OutTypes, ETW_TL_OUT_EH(format), as
 *     LinuxTracepoints' decoder shows them: errno as "EPERM(1)", time_t
 *     as "2033-05-18T03:33:20" (UTC), booleans as true/false or the
 *     number, RFC 4122 UUIDs, IPv6 addresses, hex dumps of values,
 *     UTF-32 characters, and counted values of a fixed-size format
 *     (empty: nothing);
 *   - an EventHeader provider's names (its traits carry the
 *     ETW_TRAIT_TYPE_EVENTHEADER trait): "name;attribute=value" is the
 *     event's name and its attributes (TRACE_EVENT_INFO's
 *     EventAttributesOffset, ";;" an escaped ';'), a field's attributes
 *     are not shown.
 */
#include <arpa/inet.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tdh_internal.h"
#include "shared/etw_eventheader.h"
#include "shared/etw_utf.h"

static uint64_t rd(const uint8_t *p, uint32_t n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

static int64_t sext(uint64_t v, uint32_t n)
{
	return n < 8 ? (int64_t)(v << (64 - 8 * n)) >> (64 - 8 * n) : (int64_t)v;
}

static int hexbytes(const uint8_t *p, uint32_t n, char *buf, size_t room)
{
	size_t k = 0;
	uint32_t i;

	if (room)
		buf[0] = 0;
	for (i = 0; i < n && k + 4 <= room; i++)
		k += (size_t)snprintf(buf + k, room - k, i ? " %02x" : "%02x", p[i]);
	return (int)k;
}

/* Does format @fmt take a value of @n bytes (eventheader.h's table)? */
static int eh_size_ok(unsigned fmt, uint32_t n)
{
	switch (fmt) {
	case ETW_EH_FMT_UNSIGNED_INT:
	case ETW_EH_FMT_SIGNED_INT:
	case ETW_EH_FMT_HEX_INT:
		return n == 1 || n == 2 || n == 4 || n == 8;
	case ETW_EH_FMT_ERRNO:
	case ETW_EH_FMT_PID:
		return n == 4;
	case ETW_EH_FMT_TIME:
	case ETW_EH_FMT_FLOAT:
		return n == 4 || n == 8;
	case ETW_EH_FMT_BOOLEAN:
		return n == 1 || n == 2 || n == 4;
	case ETW_EH_FMT_STRING8:
		return n == 1;
	case ETW_EH_FMT_STRING_UTF:
		return n == 1 || n == 2 || n == 4;
	case ETW_EH_FMT_UUID:
		return n == 16;
	case ETW_EH_FMT_PORT:
		return n == 2;
	case ETW_EH_FMT_IP_ADDRESS:
	case ETW_EH_FMT_IP_ADDRESS_OBSOLETE:
		return n == 4 || n == 16;
	case ETW_EH_FMT_HEX_BYTES:
		return 1;
	default:
		return 0;
	}
}

/* The character @c as UTF-8 (U+FFFD for what is not one). */
static int utf8_char(uint32_t c, char *buf, size_t room)
{
	uint8_t b[ETW_UTF8_MAX + 1];
	unsigned k;

	if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		c = 0xFFFD;
	k = etw_utf8_encode(c, b);
	b[k] = 0;
	return snprintf(buf, room, "%s", (const char *)b);
}

/*
 * One value of @n bytes as EventHeader format @fmt shows it; -2 when
 * the format takes no value of that size.
 */
static int eh_value(unsigned fmt, const uint8_t *p, uint32_t n,
		    char *buf, size_t room)
{
	uint64_t u = n <= 8 ? rd(p, n) : 0;
	int64_t s = sext(u, n);
	const char *name;
	struct tm tm;
	time_t t;

	if (!eh_size_ok(fmt, n))
		return -2;
	switch (fmt) {
	case ETW_EH_FMT_ERRNO:
		name = s > 0 && s < 4096 ? strerrorname_np((int)s) : NULL;
		if (name)
			return snprintf(buf, room, "%s(%" PRId64 ")", name, s);
		return snprintf(buf, room, "ERRNO(%" PRId64 ")", s);
	case ETW_EH_FMT_TIME:
		t = (time_t)s;
		if (gmtime_r(&t, &tm))
			return snprintf(buf, room, "%d-%02d-%02dT%02d:%02d:%02d",
					tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
					tm.tm_hour, tm.tm_min, tm.tm_sec);
		return snprintf(buf, room, "TIME(%" PRId64 ")", s);
	case ETW_EH_FMT_BOOLEAN:
		/* 0 and 1 by name; others as LinuxTracepoints shows them. */
		if (u == 0 || u == 1)
			return snprintf(buf, room, "%s", u ? "true" : "false");
		return n == 4 ? snprintf(buf, room, "%" PRId64, s) :
				snprintf(buf, room, "%" PRIu64, u);
	case ETW_EH_FMT_UUID:
		return snprintf(buf, room, "%02x%02x%02x%02x-%02x%02x-%02x%02x-"
				"%02x%02x-%02x%02x%02x%02x%02x%02x", p[0], p[1], p[2],
				p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10],
				p[11], p[12], p[13], p[14], p[15]);
	case ETW_EH_FMT_IP_ADDRESS:
	case ETW_EH_FMT_IP_ADDRESS_OBSOLETE:
		if (inet_ntop(n == 4 ? AF_INET : AF_INET6, p, buf, (socklen_t)room))
			return (int)strlen(buf);
		return -1;
	case ETW_EH_FMT_STRING8:
		return utf8_char(p[0], buf, room);	/* Latin-1 */
	case ETW_EH_FMT_STRING_UTF:
		return utf8_char((uint32_t)u, buf, room);
	case ETW_EH_FMT_PORT:
		return snprintf(buf, room, "%u", (unsigned)(p[0] << 8 | p[1]));
	case ETW_EH_FMT_PID:
		return snprintf(buf, room, "%" PRId64, s);	/* pid_t is signed */
	case ETW_EH_FMT_UNSIGNED_INT:
		return snprintf(buf, room, "%" PRIu64, u);
	case ETW_EH_FMT_SIGNED_INT:
		return snprintf(buf, room, "%" PRId64, s);
	case ETW_EH_FMT_HEX_INT:
		return snprintf(buf, room, "0x%" PRIX64, u);
	case ETW_EH_FMT_FLOAT:
		if (n == 4) {
			float f;

			memcpy(&f, p, 4);
			return snprintf(buf, room, "%.9g", f);
		}
		{
			double d;

			memcpy(&d, p, 8);
			return snprintf(buf, room, "%.17g", d);
		}
	default:
		return hexbytes(p, n, buf, room);
	}
}

int tdh_eh_format(uint16_t in, uint16_t out, const uint8_t *p, uint32_t size,
		  char *buf, size_t room)
{
	unsigned fmt = out - ETW_TL_OUT_EH_BASE;
	int counted = in == TDH_INTYPE_MANIFEST_COUNTEDBINARY ||
		      in == TDH_INTYPE_MANIFEST_COUNTEDANSISTRING;
	int r;

	if (!ETW_TL_OUT_IS_EH(out) || !room)
		return -1;
	if (counted) {
		/* UINT16 length, then a value of the format (empty: none). */
		if (size < 2)
			return -1;
		p += 2;
		size -= 2;
		if (!size) {
			buf[0] = 0;
			return 0;
		}
	}
	r = eh_value(fmt, p, size, buf, room);
	if (r == -2) {
		/* Not a size of the format: the encoding's default format. */
		if (in == TDH_INTYPE_MANIFEST_COUNTEDANSISTRING)
			return -1;	/* a string, as TDH shows them */
		r = hexbytes(p, size, buf, room);
	}
	return r < 0 || (size_t)r >= room ? -1 : r;
}

/* Is @traits (@len bytes) an EventHeader provider's? */
int tdh_eh_traits(const uint8_t *traits, size_t len)
{
	size_t pos;
	const uint8_t *z;

	if (!traits || len < 3)
		return 0;
	z = memchr(traits + 2, 0, len - 2);
	if (!z)
		return 0;
	for (pos = (size_t)(z - traits) + 1; pos + 3 <= len;) {
		size_t ts = traits[pos] | traits[pos + 1] << 8;

		if (ts < 3 || pos + ts > len)
			return 0;
		if (traits[pos + 2] == ETW_TRAIT_TYPE_EVENTHEADER)
			return 1;
		pos += ts;
	}
	return 0;
}

/*
 * Split "name;attr=value;..." in place: the name ends at the first ';'
 * (names have none); the attributes after it are returned as they are
 * (";;" an escaped ';'), or NULL.
 */
char *tdh_eh_split(char *name)
{
	char *p = strchr(name, ';');

	if (!p)
		return NULL;
	*p = 0;
	return p + 1;
}
