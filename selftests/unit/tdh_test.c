// SPDX-License-Identifier: GPL-2.0-only
/*
 * TDH's pure parts, on the host:
 *  - TraceLogging metadata (reference §5.3): the reference's byte
 *    examples (C and C++ forms), tags, structs and arrays laid out as
 *    TDH lays them out, malformed metadata refused;
 *  - TdhFormatProperty: the text of every InType/OutType pair, maps,
 *    the buffer protocol and bad data; a char array as one string;
 *  - the two TraceLogging events Windows wrote into lxcore_kernel.etl,
 *    decoded from their own metadata by TdhGetEventInformation (seed 001,
 *    rule 9), to their field names and values, and TdhGetProperty(Size).
 * Built with ASan/UBSan where the toolchain can (tdh_test.mk).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>
#include <tdh.h>
#include "tdh_internal.h"
#include "shared/etw_utf.h"

#include "../kselftest_harness.h"

#ifndef ETL_UNIT_DIR
#define ETL_UNIT_DIR "."
#endif
#define LXCORE ETL_UNIT_DIR "/../data/lxcore_kernel.etl"

/* UTF-16 (from TDH) to UTF-8 in a static ring of buffers. */
static const char *narrow(const WCHAR *w)
{
	static char buf[8][4096];
	static int i;
	char *o = buf[i++ & 7];

	if (!w)
		return "(null)";
	etw_utf16_to_utf8(w, 4096, o, 4096);
	return o;
}

/* Parse TraceLogging metadata bytes into a TRACE_EVENT_INFO (malloc'ed). */
static TRACE_EVENT_INFO *tl_info(const uint8_t *meta, size_t n,
				 const uint8_t *traits, size_t tn, int *err)
{
	struct tdh_arena a = { 0 };
	struct tdh_schema s = { 0 };
	TRACE_EVENT_INFO *t = NULL;
	ULONG size = 0;

	*err = tdh_tl_parse(meta, n, traits, tn, &s, &a);
	if (!*err && tdh_schema_to_info(&s, NULL, &size) == ERROR_INSUFFICIENT_BUFFER) {
		t = malloc(size);
		if (t && tdh_schema_to_info(&s, t, &size))
			*err = -EIO;
	}
	tdh_arena_free(&a);
	return t;
}

#define PROP(t, i) (&(t)->EventPropertyInfoArray[i])
#define PNAME(t, i) narrow(TEI_PROPERTY_NAME(t, PROP(t, i)))

/* Reference §5.3: event "E" with TraceLoggingInt32(x, "x"), C form. */
TEST(tl_reference_example_c_form)
{
	static const uint8_t meta[] = { 0x09, 0x00, 0x80, 0x00, 'E', 0, 'x', 0, 0x07 };
	static const uint8_t traits[] = { 0x0D, 0x00, 'M', 'y', 'P', 'r', 'o', 'v',
					  'i', 'd', 'e', 'r', 0 };
	int err;
	TRACE_EVENT_INFO *t = tl_info(meta, sizeof(meta), traits, sizeof(traits), &err);

	ASSERT_EQ(0, err);
	ASSERT_NE(NULL, t);
	EXPECT_EQ(DecodingSourceTlg, t->DecodingSource);
	EXPECT_STREQ("E", narrow(TEI_EVENT_NAME(t)));
	EXPECT_STREQ("MyProvider", narrow(TEI_PROVIDER_NAME(t)));
	EXPECT_EQ(0, (int)t->Tags);
	ASSERT_EQ(1, t->PropertyCount);
	EXPECT_EQ(1, t->TopLevelPropertyCount);
	EXPECT_STREQ("x", PNAME(t, 0));
	EXPECT_EQ(TDH_INTYPE_INT32, PROP(t, 0)->nonStructType.InType);
	EXPECT_EQ(TDH_OUTTYPE_NULL, PROP(t, 0)->nonStructType.OutType);
	EXPECT_EQ(4, PROP(t, 0)->length);
	EXPECT_EQ(1, PROP(t, 0)->count);
	EXPECT_EQ(0, PROP(t, 0)->Flags);
	free(t);
}

/* ...and the C++ form (one tag byte), which decodes the same. */
TEST(tl_reference_example_cpp_form)
{
	static const uint8_t meta[] = { 0x08, 0x00, 0x00, 'E', 0, 'x', 0, 0x07 };
	int err;
	TRACE_EVENT_INFO *t = tl_info(meta, sizeof(meta), NULL, 0, &err);

	ASSERT_EQ(0, err);
	EXPECT_STREQ("E", narrow(TEI_EVENT_NAME(t)));
	EXPECT_EQ(0, t->ProviderNameOffset);	/* no traits: no name */
	ASSERT_EQ(1, t->PropertyCount);
	EXPECT_EQ(TDH_INTYPE_INT32, PROP(t, 0)->nonStructType.InType);
	free(t);
}

/*
 * Reference §5.3: "one byte 0x12 alone means tag 0x02400000"; the 4-byte
 * form; a field's tags follow its OutType byte (0x80 when it has none).
 */
TEST(tl_tags)
{
	static const uint8_t meta[] = {
		0, 0, 0x12, 'E', 0,
		'a', 0, 0x87, 0x80, 0x80, 0x80, 0x82, 0x23,	/* Int32, tags 0x123 */
		'b', 0, 0x84, 0x84, 0x0F,			/* UInt8 HEX, no tags */
	};
	uint8_t m[sizeof(meta)];
	int err;
	TRACE_EVENT_INFO *t;

	memcpy(m, meta, sizeof(m));
	m[0] = sizeof(m);
	t = tl_info(m, sizeof(m), NULL, 0, &err);
	ASSERT_EQ(0, err);
	EXPECT_EQ(0x02400000, (int)t->Tags);
	ASSERT_EQ(2, t->PropertyCount);
	EXPECT_EQ(PropertyHasTags, PROP(t, 0)->Flags);
	EXPECT_EQ(0x123, (int)PROP(t, 0)->Tags);
	EXPECT_EQ(TDH_INTYPE_INT32, PROP(t, 0)->nonStructType.InType);
	EXPECT_EQ(TDH_OUTTYPE_NULL, PROP(t, 0)->nonStructType.OutType);
	EXPECT_EQ(TDH_INTYPE_UINT8, PROP(t, 1)->nonStructType.InType);
	EXPECT_EQ(TDH_OUTTYPE_HEXINT8, PROP(t, 1)->nonStructType.OutType);
	free(t);
}

/*
 * Layout: top-level fields first, struct members after them; a
 * variable-count array gets its "<name>.Count" property; a fixed-count
 * one its count; binary becomes a counted binary.
 */
TEST(tl_structs_and_arrays_layout)
{
	static const uint8_t meta[] = {
		0, 0, 0x80, 0x00, 'E', 0,
		's', 0, 0x98, 0x02,		/* struct s, 2 members */
		'i', 0, 0x07,			/*   Int32 i */
		'n', 0, 0x98, 0x01,		/*   struct n, 1 member */
		'g', 0, 0x0f,			/*     GUID g */
		'v', 0, 0x48,			/* UInt32 array v (vcount) */
		'f', 0, 0x26, 0x03, 0x00,	/* UInt16[3] f (ccount) */
		'b', 0, 0x0e,			/* Binary b */
		'w', 0, 0x01,			/* UnicodeString w */
	};
	uint8_t m[sizeof(meta)];
	int err;
	TRACE_EVENT_INFO *t;

	memcpy(m, meta, sizeof(m));
	m[0] = sizeof(m);
	t = tl_info(m, sizeof(m), NULL, 0, &err);
	ASSERT_EQ(0, err);
	/* top: s, v.Count, v, f, b, w; then s's i, n; then n's g */
	ASSERT_EQ(9, t->PropertyCount);
	EXPECT_EQ(6, t->TopLevelPropertyCount);
	EXPECT_STREQ("s", PNAME(t, 0));
	EXPECT_EQ(PropertyStruct, PROP(t, 0)->Flags);
	EXPECT_EQ(6, PROP(t, 0)->structType.StructStartIndex);
	EXPECT_EQ(2, PROP(t, 0)->structType.NumOfStructMembers);
	EXPECT_STREQ("v.Count", PNAME(t, 1));
	EXPECT_EQ(TDH_INTYPE_UINT16, PROP(t, 1)->nonStructType.InType);
	EXPECT_STREQ("v", PNAME(t, 2));
	EXPECT_EQ(PropertyParamCount, PROP(t, 2)->Flags);
	EXPECT_EQ(1, PROP(t, 2)->countPropertyIndex);
	EXPECT_EQ(TDH_INTYPE_UINT32, PROP(t, 2)->nonStructType.InType);
	EXPECT_STREQ("f", PNAME(t, 3));
	EXPECT_EQ(PropertyParamFixedCount, PROP(t, 3)->Flags);
	EXPECT_EQ(3, PROP(t, 3)->count);
	EXPECT_EQ(2, PROP(t, 3)->length);
	EXPECT_STREQ("b", PNAME(t, 4));
	EXPECT_EQ(TDH_INTYPE_MANIFEST_COUNTEDBINARY, PROP(t, 4)->nonStructType.InType);
	EXPECT_STREQ("w", PNAME(t, 5));
	EXPECT_EQ(0, PROP(t, 5)->length);
	EXPECT_STREQ("i", PNAME(t, 6));
	EXPECT_STREQ("n", PNAME(t, 7));
	EXPECT_EQ(8, PROP(t, 7)->structType.StructStartIndex);
	EXPECT_EQ(1, PROP(t, 7)->structType.NumOfStructMembers);
	EXPECT_STREQ("g", PNAME(t, 8));
	EXPECT_EQ(16, PROP(t, 8)->length);
	free(t);
}

/* Malformed metadata is refused, never read past. */
TEST(tl_malformed_metadata)
{
	static const uint8_t cases[][12] = {
		{ 2, 0 },					/* no name */
		{ 5, 0, 0x80, 0x00, 'E' },			/* name not terminated */
		{ 20, 0, 0x80, 0x00, 'E', 0 },			/* size beyond the item */
		{ 8, 0, 0x80, 0x00, 'E', 0, 'x', 0 },		/* field without InType */
		{ 9, 0, 0x80, 0x00, 'E', 0, 's', 0, 0x98 },	/* struct without count */
		{ 10, 0, 0x80, 0x00, 'E', 0, 's', 0, 0x98, 0x00 },	/* 0 members */
		{ 10, 0, 0x80, 0x00, 'E', 0, 's', 0, 0x98, 0x02 },	/* members missing */
		{ 10, 0, 0x80, 0x00, 'E', 0, 'f', 0, 0x26, 0x01 },	/* count cut */
		{ 11, 0, 0x80, 0x00, 'E', 0, 'a', 0, 0x87, 0x80, 0x80 },	/* tags cut */
		{ 7, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF },	/* five tag bytes */
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int err;
		TRACE_EVENT_INFO *t = tl_info(cases[i], sizeof(cases[i]), NULL, 0, &err);

		EXPECT_EQ(-EINVAL, err) TH_LOG("case %zu", i);
		free(t);
	}
}

/* --- TdhFormatProperty ---------------------------------------------------- */

static const char *fmt_map(const EVENT_MAP_INFO *map, USHORT in, USHORT out,
			   USHORT length, const void *data, USHORT n,
			   USHORT *used, ULONG *err)
{
	WCHAR buf[1024];
	ULONG size = sizeof(buf);
	USHORT u = 0xFFFF;

	*err = TdhFormatProperty(NULL, (PEVENT_MAP_INFO)map, 8, in, out, length,
				 n, (PBYTE)data, &size, buf, &u);
	if (used)
		*used = u;
	return *err ? "(error)" : narrow(buf);
}

static const char *fmt(USHORT in, USHORT out, const void *data, USHORT n)
{
	ULONG err;

	return fmt_map(NULL, in, out, 0, data, n, NULL, &err);
}

/* Integers: decimal by default, hex forms with 0x and no padding. */
TEST(format_integers)
{
	static const int8_t i8 = -5;
	static const uint16_t u16 = 0xFFFE;
	static const int32_t i32 = -123456;
	static const uint32_t u32 = 0x1A;
	static const int64_t i64 = -9000000000LL;
	static const uint64_t u64 = 18446744073709551615ULL;
	static const uint8_t port[2] = { 0x1F, 0x90 };		/* 8080, big-endian */
	static const uint8_t ip4[4] = { 192, 168, 1, 20 };

	EXPECT_STREQ("-5", fmt(TDH_INTYPE_INT8, 0, &i8, 1));
	EXPECT_STREQ("251", fmt(TDH_INTYPE_UINT8, 0, &i8, 1));
	EXPECT_STREQ("-5", fmt(TDH_INTYPE_UINT8, TDH_OUTTYPE_BYTE, &i8, 1));
	EXPECT_STREQ("65534", fmt(TDH_INTYPE_UINT16, 0, &u16, 2));
	EXPECT_STREQ("-2", fmt(TDH_INTYPE_UINT16, TDH_OUTTYPE_SHORT, &u16, 2));
	EXPECT_STREQ("0xFFFE", fmt(TDH_INTYPE_UINT16, TDH_OUTTYPE_HEXINT16, &u16, 2));
	EXPECT_STREQ("-123456", fmt(TDH_INTYPE_INT32, 0, &i32, 4));
	EXPECT_STREQ("-123456", fmt(TDH_INTYPE_INT32, TDH_OUTTYPE_INT, &i32, 4));
	EXPECT_STREQ("26", fmt(TDH_INTYPE_UINT32, 0, &u32, 4));
	EXPECT_STREQ("0x1A", fmt(TDH_INTYPE_HEXINT32, 0, &u32, 4));
	EXPECT_STREQ("0x1A", fmt(TDH_INTYPE_UINT32, TDH_OUTTYPE_HEXINT32, &u32, 4));
	EXPECT_STREQ("26", fmt(TDH_INTYPE_UINT32, TDH_OUTTYPE_PID, &u32, 4));
	EXPECT_STREQ("26", fmt(TDH_INTYPE_UINT32, TDH_OUTTYPE_TID, &u32, 4));
	EXPECT_STREQ("0x1A", fmt(TDH_INTYPE_UINT32, TDH_OUTTYPE_ERRORCODE, &u32, 4));
	EXPECT_STREQ("-9000000000", fmt(TDH_INTYPE_INT64, 0, &i64, 8));
	EXPECT_STREQ("18446744073709551615", fmt(TDH_INTYPE_UINT64, 0, &u64, 8));
	EXPECT_STREQ("0xFFFFFFFFFFFFFFFF", fmt(TDH_INTYPE_HEXINT64, 0, &u64, 8));
	EXPECT_STREQ("0xFFFFFFFFFFFFFFFF", fmt(TDH_INTYPE_POINTER, 0, &u64, 8));
	EXPECT_STREQ("8080", fmt(TDH_INTYPE_UINT16, TDH_OUTTYPE_PORT, port, 2));
	EXPECT_STREQ("192.168.1.20", fmt(TDH_INTYPE_UINT32, TDH_OUTTYPE_IPV4, ip4, 4));
	/* A pair Windows does not format falls back to the InType default. */
	EXPECT_STREQ("26", fmt(TDH_INTYPE_UINT32, TDH_OUTTYPE_GUID, &u32, 4));
}

TEST(format_booleans_chars_reals)
{
	static const int32_t t = 1, f = 0;
	static const uint8_t yes = 1, c = 'A', latin1 = 0xE9;
	static const uint16_t w = 0x263A;	/* U+263A */
	static const float fl = 1.5f, third = 1.0f / 3;
	static const double d = 0.1, big = 1e300;

	EXPECT_STREQ("true", fmt(TDH_INTYPE_BOOLEAN, 0, &t, 4));
	EXPECT_STREQ("false", fmt(TDH_INTYPE_BOOLEAN, TDH_OUTTYPE_BOOLEAN, &f, 4));
	EXPECT_STREQ("true", fmt(TDH_INTYPE_UINT8, TDH_OUTTYPE_BOOLEAN, &yes, 1));
	EXPECT_STREQ("A", fmt(TDH_INTYPE_UINT8, TDH_OUTTYPE_STRING, &c, 1));
	EXPECT_STREQ("\xc3\xa9", fmt(TDH_INTYPE_INT8, TDH_OUTTYPE_STRING, &latin1, 1));
	EXPECT_STREQ("\xe2\x98\xba", fmt(TDH_INTYPE_UINT16, TDH_OUTTYPE_STRING, &w, 2));
	EXPECT_STREQ("1.5", fmt(TDH_INTYPE_FLOAT, 0, &fl, 4));
	EXPECT_STREQ("0.33333334", fmt(TDH_INTYPE_FLOAT, 0, &third, 4));
	EXPECT_STREQ("0.1", fmt(TDH_INTYPE_DOUBLE, 0, &d, 8));
	EXPECT_STREQ("1e+300", fmt(TDH_INTYPE_DOUBLE, TDH_OUTTYPE_DOUBLE, &big, 8));
}

/*
 * A char array is one string (issue 32, point 8: "Windows' decoders show
 * them as strings"): the characters TdhFormatProperty gives its
 * elements one by one, up to the first NUL; 8-bit ones read as
 * ANSISTRING is read (UTF-8 where valid).  The whole array is consumed.
 */
static const char *chars(USHORT in, USHORT out, uint32_t count, const void *data,
			 USHORT n, USHORT *used, ULONG *err)
{
	static char buf[64], keep[8192];
	char *text = NULL;
	size_t len = 0;

	*err = tdh_format_chars_utf8(in, out, count, n, data, buf, sizeof(buf),
				     &text, &len, used);
	if (*err)
		return "(error)";
	snprintf(keep, sizeof(keep), "%s", text);
	if (text != buf)
		free(text);
	return strlen(keep) == len ? keep : "(bad length)";
}

TEST(format_char_arrays)
{
	static const uint16_t w[] = { 'I', 'W', ',', 0x263A, 0, 'x' };
	static const char a[] = { 'a', ',', 'b', ' ', 0, 'z' };
	static const char u8[] = { 'h', (char)0xc3, (char)0xa9, '!' };
	static uint16_t big[3000];
	char joined[64] = "";
	USHORT used = 0;
	ULONG err;
	int i;

	for (i = 0; i < 4; i++)
		strcat(joined, fmt(TDH_INTYPE_UINT16, TDH_OUTTYPE_STRING, &w[i], 2));
	EXPECT_STREQ("IW,\xe2\x98\xba", joined);
	/* TraceLoggingChar16Array: UINT16 shown as STRING */
	EXPECT_STREQ(joined, chars(TDH_INTYPE_UINT16, TDH_OUTTYPE_STRING, 6, w,
				   sizeof(w), &used, &err));
	EXPECT_EQ(12, used);
	EXPECT_STREQ(joined, chars(TDH_INTYPE_UNICODECHAR, 0, 6, w, sizeof(w), &used, &err));
	/* TraceLoggingCharArray, ANSICHAR: to the NUL */
	EXPECT_STREQ("a,b ", chars(TDH_INTYPE_UINT8, TDH_OUTTYPE_STRING, 6, a,
				   sizeof(a), &used, &err));
	EXPECT_EQ(6, used);
	EXPECT_STREQ("a,b ", chars(TDH_INTYPE_ANSICHAR, 0, 6, a, sizeof(a), &used, &err));
	EXPECT_STREQ("a,b ", chars(TDH_INTYPE_INT8, TDH_OUTTYPE_STRING, 6, a, 6, &used, &err));
	/* no NUL: all of it; UTF-8 as ANSISTRING reads it */
	EXPECT_STREQ(fmt(TDH_INTYPE_ANSISTRING, 0, "h\xc3\xa9!", 5),
		     chars(TDH_INTYPE_UINT8, TDH_OUTTYPE_STRING, 4, u8, 4, &used, &err));
	EXPECT_STREQ("h\xc3\xa9!", chars(TDH_INTYPE_ANSICHAR, 0, 4, u8, 4, &used, &err));
	EXPECT_STREQ("", chars(TDH_INTYPE_UNICODECHAR, 0, 0, w, 0, &used, &err));
	EXPECT_EQ(0, used);
	/* longer than the caller's buffer: malloc'ed */
	for (i = 0; i < 3000; i++)
		big[i] = 'a' + i % 26;
	EXPECT_EQ(3000, strlen(chars(TDH_INTYPE_UINT16, TDH_OUTTYPE_STRING, 3000, big,
				     sizeof(big), &used, &err)));
	EXPECT_EQ(6000, used);
	/* shorter than its count; numbers are not characters */
	chars(TDH_INTYPE_UINT16, TDH_OUTTYPE_STRING, 6, w, 11, &used, &err);
	EXPECT_EQ(ERROR_EVT_INVALID_EVENT_DATA, err);
	EXPECT_EQ(0, tdh_char_size(TDH_INTYPE_UINT16, 0));
	EXPECT_EQ(0, tdh_char_size(TDH_INTYPE_UINT8, TDH_OUTTYPE_HEXINT8));
	EXPECT_EQ(0, tdh_char_size(TDH_INTYPE_INT16, TDH_OUTTYPE_STRING));
	EXPECT_EQ(2, tdh_char_size(TDH_INTYPE_UNICODECHAR, TDH_OUTTYPE_STRING));
	EXPECT_EQ(1, tdh_char_size(TDH_INTYPE_ANSICHAR, 0));
	chars(TDH_INTYPE_UINT32, TDH_OUTTYPE_STRING, 1, w, 4, &used, &err);
	EXPECT_EQ(ERROR_INVALID_PARAMETER, err);
}

TEST(format_guid_times_sid)
{
	static const GUID g = { 0x0cd1c309, 0x0878, 0x4515,
				{ 0x83, 0xdb, 0x74, 0x98, 0x43, 0xb3, 0xf5, 0xc9 } };
	static const uint64_t ft = 132392018769026510ULL;	/* 2020-07-14T12:04:36.9026510Z */
	static const uint16_t st[8] = { 2024, 1, 3, 31, 12, 34, 56, 789 };
	static const uint8_t sid[] = { 1, 1, 0, 0, 0, 0, 0, 5, 18, 0, 0, 0 };
	static const uint8_t sid5[] = { 1, 5, 0, 0, 0, 0, 0, 5, 21, 0, 0, 0,
					1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0,
					0xE9, 0x03, 0, 0 };

	EXPECT_STREQ("{0CD1C309-0878-4515-83DB-749843B3F5C9}",
		     fmt(TDH_INTYPE_GUID, 0, &g, 16));
	EXPECT_STREQ("2020-07-14T12:04:36.9026510Z", fmt(TDH_INTYPE_FILETIME, 0, &ft, 8));
	EXPECT_STREQ("2020-07-14T12:04:36.9026510Z",
		     fmt(TDH_INTYPE_FILETIME, TDH_OUTTYPE_DATETIME_UTC, &ft, 8));
	EXPECT_STREQ("2024-01-31T12:34:56.789", fmt(TDH_INTYPE_SYSTEMTIME, 0, st, 16));
	EXPECT_STREQ("2024-01-31T12:34:56.789Z",
		     fmt(TDH_INTYPE_SYSTEMTIME, TDH_OUTTYPE_DATETIME_UTC, st, 16));
	EXPECT_STREQ("S-1-5-18", fmt(TDH_INTYPE_SID, 0, sid, sizeof(sid)));
	EXPECT_STREQ("S-1-5-21-1-2-3-1001", fmt(TDH_INTYPE_SID, 0, sid5, sizeof(sid5)));
}

/* Win32 errors, NTSTATUS and HRESULT: message text, else Windows' fallback. */
TEST(format_error_codes)
{
	static const uint32_t denied = 5, odd = 11001, ntnf = 0xC0000034,
		ntodd = 0xC0DE0001, hr = 0x80070005, hrfail = 0x80004005,
		hrodd = 0x8BADF00D;

	EXPECT_STREQ("Access is denied.", fmt(TDH_INTYPE_UINT32, TDH_OUTTYPE_WIN32ERROR, &denied, 4));
	EXPECT_STREQ("Unknown Win32 Error code: 0x2AF9",
		     fmt(TDH_INTYPE_UINT32, TDH_OUTTYPE_WIN32ERROR, &odd, 4));
	EXPECT_STREQ("Object Name not found.",
		     fmt(TDH_INTYPE_UINT32, TDH_OUTTYPE_NTSTATUS, &ntnf, 4));
	EXPECT_STREQ("Unknown NTSTATUS Error code: 0xC0DE0001",
		     fmt(TDH_INTYPE_UINT32, TDH_OUTTYPE_NTSTATUS, &ntodd, 4));
	EXPECT_STREQ("Access is denied.", fmt(TDH_INTYPE_INT32, TDH_OUTTYPE_HRESULT, &hr, 4));
	EXPECT_STREQ("Unspecified error", fmt(TDH_INTYPE_INT32, TDH_OUTTYPE_HRESULT, &hrfail, 4));
	EXPECT_STREQ("Unknown HResult Error code: 0x8BADF00D",
		     fmt(TDH_INTYPE_INT32, TDH_OUTTYPE_HRESULT, &hrodd, 4));
}

TEST(format_strings)
{
	static const uint8_t w[] = { 'h', 0, 0xE9, 0, 'l', 0, 0x3D, 0xD8, 0x00, 0xDE, 0, 0, 'x', 0 };
	static const char a[] = "caf\xc3\xa9\0tail";
	static const uint8_t latin1[] = { 'c', 'a', 'f', 0xE9, 0 };
	static const uint8_t cw[] = { 4, 0, 'o', 0, 'k', 0, '!', 0 };
	static const uint8_t ca[] = { 2, 0, 'o', 'k', '!' };
	USHORT used;
	ULONG err;

	/* NUL-terminated UTF-16, a surrogate pair, consumed up to the NUL. */
	EXPECT_STREQ("h\xc3\xa9l\xf0\x9f\x98\x80",
		     fmt_map(NULL, TDH_INTYPE_UNICODESTRING, 0, 0, w, sizeof(w), &used, &err));
	EXPECT_EQ(12, used);
	EXPECT_STREQ("caf\xc3\xa9", fmt_map(NULL, TDH_INTYPE_ANSISTRING, TDH_OUTTYPE_UTF8, 0,
					      a, sizeof(a), &used, &err));
	EXPECT_EQ(6, used);
	EXPECT_STREQ("caf\xc3\xa9", fmt(TDH_INTYPE_ANSISTRING, 0, latin1, sizeof(latin1)));
	/* A length in characters for UTF-16, bytes for ANSI. */
	EXPECT_STREQ("h\xc3\xa9", fmt_map(NULL, TDH_INTYPE_UNICODESTRING, 0, 2, w, sizeof(w),
					  &used, &err));
	EXPECT_EQ(4, used);
	/* Counted forms: UINT16 byte count, then the text. */
	EXPECT_STREQ("ok", fmt_map(NULL, TDH_INTYPE_MANIFEST_COUNTEDSTRING, 0, 0, cw,
				   sizeof(cw), &used, &err));
	EXPECT_EQ(6, used);
	EXPECT_STREQ("ok", fmt_map(NULL, TDH_INTYPE_MANIFEST_COUNTEDANSISTRING, 0, 0, ca,
				   sizeof(ca), &used, &err));
	EXPECT_EQ(4, used);
	EXPECT_STREQ("", fmt(TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_NOPRINT, w, sizeof(w)));
}

TEST(format_binary_and_addresses)
{
	static const uint8_t bin[] = { 0x01, 0x02, 0xFF };
	static const uint8_t cbin[] = { 3, 0, 0xDE, 0xAD, 0x0F };
	static const uint8_t v6[16] = { [15] = 1 };
	static const uint8_t v6b[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 5 };
	static const uint8_t sin[16] = { 2, 0, 0x00, 0x50, 10, 0, 0, 1 };
	static const uint8_t sin6[28] = { 23, 0, 0x01, 0xBB, 0, 0, 0, 0, [23] = 1 };
	USHORT used;
	ULONG err;

	EXPECT_STREQ("0x0102FF", fmt_map(NULL, TDH_INTYPE_BINARY, 0, 3, bin, 3, &used, &err));
	EXPECT_EQ(3, used);
	EXPECT_STREQ("0xDEAD0F", fmt(TDH_INTYPE_MANIFEST_COUNTEDBINARY, 0, cbin, sizeof(cbin)));
	/* IPv6 with length 0: 16 bytes (TdhFormatProperty remarks). */
	EXPECT_STREQ("::1", fmt_map(NULL, TDH_INTYPE_BINARY, TDH_OUTTYPE_IPV6, 0, v6, 16,
				    &used, &err));
	EXPECT_EQ(16, used);
	EXPECT_STREQ("2001:db8::5", fmt_map(NULL, TDH_INTYPE_BINARY, TDH_OUTTYPE_IPV6, 16,
					    v6b, 16, &used, &err));
	EXPECT_STREQ("10.0.0.1:80", fmt_map(NULL, TDH_INTYPE_BINARY, TDH_OUTTYPE_SOCKETADDRESS,
					    sizeof(sin), sin, sizeof(sin), &used, &err));
	EXPECT_STREQ("[::1]:443", fmt_map(NULL, TDH_INTYPE_BINARY, TDH_OUTTYPE_SOCKETADDRESS,
					  sizeof(sin6), sin6, sizeof(sin6), &used, &err));
}

/* A value map and a bit map built the way TdhGetEventMapInformation does. */
static EVENT_MAP_INFO *make_map(int bitmap, const uint32_t *v, const char *const *s,
				unsigned n)
{
	size_t size = 4096, off;
	EVENT_MAP_INFO *m = calloc(1, size);
	unsigned i;

	m->Flag = bitmap ? EVENTMAP_INFO_FLAG_MANIFEST_BITMAP :
			   EVENTMAP_INFO_FLAG_MANIFEST_VALUEMAP;
	m->EntryCount = n;
	off = offsetof(EVENT_MAP_INFO, MapEntryArray) + n * sizeof(EVENT_MAP_ENTRY);
	for (i = 0; i < n; i++) {
		char t[64];

		snprintf(t, sizeof(t), "%s ", s[i]);	/* manifests' trailing space */
		m->MapEntryArray[i].Value = v[i];
		m->MapEntryArray[i].OutputOffset = (ULONG)off;
		off += etw_utf8_to_utf16z(t, strlen(t), (char *)m + off, 128);
	}
	return m;
}

TEST(format_maps)
{
	static const uint32_t vv[] = { 1, 2 }, bv[] = { 1, 4, 8 };
	static const char *const vs[] = { "Red", "Green" }, *const bs[] = { "Read", "Write", "Exec" };
	EVENT_MAP_INFO *vm = make_map(0, vv, vs, 2), *bm = make_map(1, bv, bs, 3);
	static const uint32_t two = 2, nine = 9, odd = 7, zero = 0;
	ULONG err;

	EXPECT_STREQ("Green", fmt_map(vm, TDH_INTYPE_UINT32, 0, 0, &two, 4, NULL, &err));
	EXPECT_STREQ("9", fmt_map(vm, TDH_INTYPE_UINT32, 0, 0, &nine, 4, NULL, &err));
	EXPECT_STREQ("Read | Exec", fmt_map(bm, TDH_INTYPE_UINT32, 0, 0, &nine, 4, NULL, &err));
	EXPECT_STREQ("Read | Write | 0x2", fmt_map(bm, TDH_INTYPE_UINT32, 0, 0, &odd, 4, NULL, &err));
	EXPECT_STREQ("0x0", fmt_map(bm, TDH_INTYPE_UINT32, 0, 0, &zero, 4, NULL, &err));
	/* Without the map: the number (TdhFormatProperty, MapInfo). */
	EXPECT_STREQ("2", fmt(TDH_INTYPE_UINT32, 0, &two, 4));
	free(vm);
	free(bm);
}

/* The buffer protocol, short data, bad arguments. */
TEST(format_buffer_protocol_and_errors)
{
	static const uint32_t v = 123456;
	static const uint8_t sid_bad[] = { 1, 16, 0, 0, 0, 0, 0, 5 };
	WCHAR buf[8];
	ULONG size = 0;
	USHORT used = 0;

	EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER,
		  TdhFormatProperty(NULL, NULL, 8, TDH_INTYPE_UINT32, 0, 4, 4, (PBYTE)&v,
				    &size, NULL, &used));
	EXPECT_EQ(14, size);	/* "123456" and the NUL, UTF-16 */
	size = 6;
	EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER,
		  TdhFormatProperty(NULL, NULL, 8, TDH_INTYPE_UINT32, 0, 4, 4, (PBYTE)&v,
				    &size, buf, &used));
	EXPECT_EQ(14, size);
	size = sizeof(buf);
	ASSERT_EQ(ERROR_SUCCESS,
		  TdhFormatProperty(NULL, NULL, 8, TDH_INTYPE_UINT32, 0, 4, 4, (PBYTE)&v,
				    &size, buf, &used));
	EXPECT_EQ(14, size);
	EXPECT_EQ(4, used);
	EXPECT_STREQ("123456", narrow(buf));
	size = sizeof(buf);
	EXPECT_EQ(ERROR_EVT_INVALID_EVENT_DATA,
		  TdhFormatProperty(NULL, NULL, 8, TDH_INTYPE_UINT32, 0, 4, 3, (PBYTE)&v,
				    &size, buf, &used));
	EXPECT_EQ(ERROR_EVT_INVALID_EVENT_DATA,
		  TdhFormatProperty(NULL, NULL, 8, TDH_INTYPE_SID, 0, 0, sizeof(sid_bad),
				    (PBYTE)sid_bad, &size, buf, &used));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  TdhFormatProperty(NULL, NULL, 8, TDH_INTYPE_UINT32, 0, 4, 4, (PBYTE)&v,
				    NULL, buf, &used));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  TdhFormatProperty(NULL, NULL, 8, TDH_INTYPE_UINT32, 0, 4, 4, NULL,
				    &size, buf, &used));
	/* Text longer than the formatter's first buffer (512 bytes). */
	{
		static uint8_t big[700];
		static WCHAR wide[2048];
		unsigned k;

		for (k = 0; k < sizeof(big); k++)
			big[k] = (uint8_t)k;
		size = 0;
		EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER,
			  TdhFormatProperty(NULL, NULL, 8, TDH_INTYPE_BINARY, 0, sizeof(big),
					    sizeof(big), big, &size, NULL, &used));
		EXPECT_EQ((2 + 2 * sizeof(big) + 1) * 2, size);
		size = sizeof(wide);
		ASSERT_EQ(ERROR_SUCCESS,
			  TdhFormatProperty(NULL, NULL, 8, TDH_INTYPE_BINARY, 0, sizeof(big),
					    sizeof(big), big, &size, wide, &used));
		EXPECT_EQ(sizeof(big), used);
		EXPECT_EQ('0', wide[0]);
		EXPECT_EQ('B', wide[2 + 2 * 699]);	/* 699 = 0x2BB */
		EXPECT_EQ('B', wide[2 + 2 * 699 + 1]);
		EXPECT_EQ(0, wide[2 + 2 * sizeof(big)]);
	}
}

/* --- lxcore_kernel.etl: the two TraceLogging events Windows wrote -------- */

struct lx {
	int n;
	char text[2][1024];
	ULONG psize[2], msg[2];
};

/* Every top-level property of @e as "name=value;", the MS sample's loop. */
static void describe(PEVENT_RECORD e, char *out, size_t room)
{
	ULONG size = 0, i;
	TRACE_EVENT_INFO *t;
	PBYTE p = e->UserData;
	USHORT left = e->UserDataLength;
	size_t len;

	if (TdhGetEventInformation(e, 0, NULL, NULL, &size) != ERROR_INSUFFICIENT_BUFFER)
		return;
	t = malloc(size);
	if (TdhGetEventInformation(e, 0, NULL, t, &size)) {
		free(t);
		return;
	}
	len = snprintf(out, room, "%s/%s:", narrow(TEI_PROVIDER_NAME(t)), narrow(TEI_EVENT_NAME(t)));
	for (i = 0; i < t->TopLevelPropertyCount; i++) {
		EVENT_PROPERTY_INFO *pi = &t->EventPropertyInfoArray[i];
		WCHAR buf[1024];
		ULONG bs = sizeof(buf);
		USHORT used = 0;

		if (TdhFormatProperty(t, NULL, 8, pi->nonStructType.InType,
				      pi->nonStructType.OutType, pi->length, left, p,
				      &bs, buf, &used))
			break;
		len += snprintf(out + len, room - len, " %s=%s;",
				narrow(TEI_PROPERTY_NAME(t, pi)), narrow(buf));
		p += used;
		left -= used;
	}
	free(t);
}

static VOID WINAPI lx_event(PEVENT_RECORD e)
{
	struct lx *lx = e->UserContext;
	PROPERTY_DATA_DESCRIPTOR pd = { 0 };
	ULONG size = 0;

	if (lx->n >= 2 || !(e->EventHeader.Flags & EVENT_HEADER_FLAG_EXTENDED_INFO))
		return;
	describe(e, lx->text[lx->n], sizeof(lx->text[0]));
	pd.PropertyName = (ULONGLONG)(uintptr_t)u"LxPid";
	pd.ArrayIndex = 0xFFFFFFFF;
	lx->psize[lx->n] = TdhGetPropertySize(e, 0, NULL, 1, &pd, &size) ? 0 : size;
	pd.PropertyName = (ULONGLONG)(uintptr_t)u"Message";
	lx->msg[lx->n] = TdhGetPropertySize(e, 0, NULL, 1, &pd, &size) ? 0 : size;
	lx->n++;
}

/*
 * Seed 001, rule 9: TraceLogging events decode with TdhGetEventInformation
 * from the metadata inside the event -- here events Windows wrote.
 */
TEST(lxcore_tracelogging_events_decoded)
{
	EVENT_TRACE_LOGFILEA lf = { 0 };
	PROCESSTRACE_HANDLE h;
	struct lx lx = { 0 };

	lf.LogFileName = LXCORE;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = lx_event;
	lf.Context = &lx;
	h = OpenTraceA(&lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, h);
	ASSERT_EQ(ERROR_SUCCESS, ProcessTrace(&h, 1, NULL, NULL));
	CloseTrace(h);
	ASSERT_EQ(2, lx.n);
	EXPECT_STREQ("Microsoft.Windows.Subsystem.LxCore/BreakPoint: ErrorLevel=2;"
		     " instanceId={00000000-0000-0000-0000-000000000000}; LxPid=-1;"
		     " LxTid=-1; LxNs=0; ExecutablePath=; Function=LxpDrvFsTypeMount;"
		     " Line=10528; Message=Failed to open volume"
		     " C:\\WINDOWS\\system32\\lxss\\tools, result -2\n;", lx.text[0]);
	EXPECT_STREQ("Microsoft.Windows.Subsystem.LxCore/BreakPoint: ErrorLevel=2;"
		     " instanceId={00000000-0000-0000-0000-000000000000}; LxPid=-1;"
		     " LxTid=-1; LxNs=0; ExecutablePath=; Function=LxpInstanceStart;"
		     " Line=2659; Message=[0xc0000034] LxpInstanceInitialize\n;", lx.text[1]);
	/* TdhGetPropertySize finds properties by name in the same data. */
	EXPECT_EQ(4, lx.psize[0]);
	EXPECT_EQ(65, lx.msg[0]);
	EXPECT_EQ(36, lx.msg[1]);
}

TEST_HARNESS_MAIN
