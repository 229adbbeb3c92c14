// SPDX-License-Identifier: GPL-2.0-only
/*
 * TDH on EventHeader events (libetw/src/tdh_eventheader.c), as consumers
 * call it: TdhGetEventInformation and TdhFormatProperty on a record in
 * the TraceLogging form libtracepoint and the perf.data reader build.
 * The rules checked (Documentation/linux-tracepoints.rst): an EventHeader
 * provider's event name loses its ";attribute=value" suffixes to
 * EventAttributesOffset, its field names theirs; another provider's
 * names stay as they are; Linux ETW's EventHeader OutTypes format as
 * LinuxTracepoints' decoder does (errno, time_t, booleans, RFC 4122
 * UUIDs, IPv6, UTF-32 characters, counted values).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <windows.h>
#include <evntcons.h>
#include <tdh.h>

#include "shared/etw_eventheader.h"
#include "shared/etw_utf.h"
#include "../kselftest_harness.h"

static struct etw_eh_meta em;

struct rec {
	EVENT_RECORD er;
	EVENT_HEADER_EXTENDED_DATA_ITEM x[2];
	uint8_t tl[512], traits[128];
};

/* A record of metadata @f (@n bytes, after "Ev;a=b;;c\0"), payload @p. */
static void build(struct rec *r, const void *f, uint32_t n, const void *p,
		  uint32_t plen, int eventheader)
{
	static uint8_t m[256];
	uint32_t flags;
	int tl, tr;

	memcpy(m, "Ev;a=b;;c", 10);
	memcpy(m + 10, f, n);
	memset(r, 0, sizeof(*r));
	if (etw_eh_meta_parse(m, 10 + n, &em))
		abort();
	tl = etw_eh_tl_meta(&em, 0, r->tl, sizeof(r->tl), &flags);
	tr = etw_eh_traits("Prov", 4, eventheader ? "Prov_L5K1" : NULL, 9, NULL,
			   r->traits, sizeof(r->traits));
	if (tl < 0 || tr < 0)
		abort();
	r->x[0].ExtType = EVENT_HEADER_EXT_TYPE_PROV_TRAITS;
	r->x[0].DataSize = (USHORT)tr;
	r->x[0].DataPtr = (uintptr_t)r->traits;
	r->x[1].ExtType = EVENT_HEADER_EXT_TYPE_EVENT_SCHEMA_TL;
	r->x[1].DataSize = (USHORT)tl;
	r->x[1].DataPtr = (uintptr_t)r->tl;
	r->er.EventHeader.Flags = EVENT_HEADER_FLAG_EXTENDED_INFO |
				  EVENT_HEADER_FLAG_64_BIT_HEADER;
	r->er.ExtendedDataCount = 2;
	r->er.ExtendedData = r->x;
	r->er.UserData = (void *)p;
	r->er.UserDataLength = (USHORT)plen;
}

static TRACE_EVENT_INFO *info(PEVENT_RECORD er)
{
	ULONG size = 0;
	TRACE_EVENT_INFO *t;

	if (TdhGetEventInformation(er, 0, NULL, NULL, &size) != ERROR_INSUFFICIENT_BUFFER)
		return NULL;
	t = malloc(size);
	if (t && TdhGetEventInformation(er, 0, NULL, t, &size)) {
		free(t);
		return NULL;
	}
	return t;
}

static const char *str_at(const TRACE_EVENT_INFO *t, ULONG off, char *buf, size_t n)
{
	if (!off)
		return "(none)";
	etw_utf16_to_utf8((const uint8_t *)t + off, SIZE_MAX, buf, n);
	return buf;
}

/* Property @i's value as TdhFormatProperty gives it. */
static const char *value(TRACE_EVENT_INFO *t, PEVENT_RECORD er, ULONG i,
			 const uint8_t *data, USHORT len, char *out, size_t n)
{
	const EVENT_PROPERTY_INFO *p = &t->EventPropertyInfoArray[i];
	WCHAR buf[256];
	ULONG size = sizeof(buf);
	USHORT used;

	(void)er;
	if (TdhFormatProperty(t, NULL, 8, p->nonStructType.InType,
			      p->nonStructType.OutType, p->length, len,
			      (PBYTE)data, &size, buf, &used))
		return "(error)";
	etw_utf16_to_utf8(buf, SIZE_MAX, out, n);
	return out;
}

TEST(attributes_of_eventheader_names)
{
	static const uint8_t f[] = { 'x', ';', 'f', '=', '1', 0, 4 };
	static const uint32_t x = 7;
	char a[64], b[64];
	struct rec r;
	TRACE_EVENT_INFO *t;

	build(&r, f, sizeof(f), &x, 4, 1);
	t = info(&r.er);
	ASSERT_NE(NULL, t);
	EXPECT_STREQ("Ev", str_at(t, t->EventNameOffset, a, sizeof(a)));
	EXPECT_STREQ("a=b;;c", str_at(t, t->EventAttributesOffset, b, sizeof(b)));
	EXPECT_STREQ("x", str_at(t, t->EventPropertyInfoArray[0].NameOffset, a, sizeof(a)));
	EXPECT_STREQ("Prov", str_at(t, t->ProviderNameOffset, b, sizeof(b)));
	free(t);
	/* Not an EventHeader provider: the names as they are. */
	build(&r, f, sizeof(f), &x, 4, 0);
	t = info(&r.er);
	ASSERT_NE(NULL, t);
	EXPECT_STREQ("Ev;a=b;;c", str_at(t, t->EventNameOffset, a, sizeof(a)));
	EXPECT_EQ(0, t->EventAttributesOffset);
	EXPECT_STREQ("x;f=1", str_at(t, t->EventPropertyInfoArray[0].NameOffset, b, sizeof(b)));
	free(t);
}

TEST(linux_formats)
{
	/* errno, time32, bool32 (2), uuid, ipv6, char32, counted errno. */
	static const uint8_t f[] = {
		'e', 0, 0x80 | 4, 4,
		't', 0, 0x80 | 4, 6,
		'b', 0, 0x80 | 4, 7,
		'u', 0, 0x80 | 6, 15,
		'6', 0, 0x80 | 6, 17,
		'c', 0, 0x80 | 4, 11,
		'n', 0, 0x80 | 13, 4,
	};
	static const struct __attribute__((packed)) {
		int32_t e, t, b;
		uint8_t u[16], v6[16];
		uint32_t c;
		uint16_t nlen;
		int32_t n;
	} p = { 2, 2000000000, 2,
		{ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 },
		{ 0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 },
		0x1F600, 4, 13 };
	static const char *const want[] = {
		"ENOENT(2)", "2033-05-18T03:33:20", "2",
		"01020304-0506-0708-090a-0b0c0d0e0f10", "fe80::1",
		"\xf0\x9f\x98\x80", "EACCES(13)",
	};
	const uint8_t *d = (const uint8_t *)&p;
	uint32_t off[] = { 0, 4, 8, 12, 28, 44, 48 }, len[] = { 4, 4, 4, 16, 16, 4, 6 };
	char out[128];
	struct rec r;
	TRACE_EVENT_INFO *t;
	unsigned i;

	build(&r, f, sizeof(f), &p, sizeof(p), 1);
	t = info(&r.er);
	ASSERT_NE(NULL, t);
	ASSERT_EQ(7, t->TopLevelPropertyCount);
	for (i = 0; i < 7; i++)
		EXPECT_STREQ(want[i], value(t, &r.er, i, d + off[i], (USHORT)len[i],
					    out, sizeof(out)));
	free(t);
}

TEST_HARNESS_MAIN
