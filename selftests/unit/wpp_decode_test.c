// SPDX-License-Identifier: GPL-2.0-only
/*
 * WPP decoding on the host (libetw's tdh_wpp.c behind etwdump --tmf and
 * TdhGetWppMessage), with TraceMessage events built here and TMF files
 * written as tracewpp writes them:
 *  - every item type tracewpp's defaultwpp.ini gives a conversion, with
 *    the Windows printf specs of its TMFs (I64x, Iu, hd, 08lX, ...) and
 *    the sizes they take in the message; %p as Windows prints it;
 *  - %!STATUS! as tracefmt shows it (STATUS_SUCCESS, 0xC00000BB(NAME));
 *  - a TMF of Windows' own form: %!FUNC!/%!LEVEL!/%!FLAGS! from the
 *    #typev line's comment, argument expressions holding ", ";
 *  - data shorter than the format, an unknown message, the TDH API and
 *    its buffer protocol;
 *  - the NTSTATUS names against mingw-w64's ntstatus.h (an independent
 *    copy of the SDK's values).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <windows.h>
#include <evntcons.h>
#include <tdh.h>
#include "tdh_internal.h"
#include "tdh_wpp.h"
#include "shared/etw_utf.h"

#include "../kselftest_harness.h"

static const GUID msg_guid = { 0x1b2c3d4e, 0x5f60, 0x4172, { 0x83, 0x94, 0xa5, 0xb6, 0xc7, 0xd8,
							    0xe9, 0xfa } };
#define MSG_GUID_TEXT "1b2c3d4e-5f60-4172-8394-a5b6c7d8e9fa"

static char dir[64];

/* A TMF for msg_guid in a fresh directory: etwwpp's form and Windows'. */
static void write_tmf(void)
{
	char path[128];
	FILE *f;

	snprintf(dir, sizeof(dir), "/tmp/wpp_decode.XXXXXX");
	if (!mkdtemp(dir))
		abort();
	snprintf(path, sizeof(path), "%s/%s.tmf", dir, MSG_GUID_TEXT);
	f = fopen(path, "w");
	if (!f)
		abort();
	fputs("// PDB:  test\n" MSG_GUID_TEXT " test // SRC=t.c MJ= MN=\n"
	      "#typev t_c10 10 \"%0a=%10!d! b=%11!u! c=%12!x! d=%13!08lX! e=%14!ld!\" //   LEVEL=4 FLAGS=F\n"
	      "{\na, ItemLong -- 10\nb, ItemLong -- 11\nc, ItemLong -- 12\nd, ItemLong -- 13\n"
	      "e, ItemLong -- 14\n}\n"
	      "#typev t_c11 11 \"%0%10!hd! %11!u! %12!04hX! %13!c! %14!02x!\" //   LEVEL=4 FLAGS=F\n"
	      "{\na, ItemShort -- 10\nb, ItemShort -- 11\nc, ItemShort -- 12\nd, ItemChar -- 13\n"
	      "e, ItemChar -- 14\n}\n"
	      "#typev t_c12 12 \"%0%10!I64d! %11!I64u! %12!I64x! %13!I64X! %14!I64o!\" //   LEVEL=4 FLAGS=F\n"
	      "{\na, ItemLongLong -- 10\nb, ItemULongLong -- 11\nc, ItemLongLongX -- 12\n"
	      "d, ItemLongLongXX -- 13\ne, ItemLongLongO -- 14\n}\n"
	      "#typev t_c13 13 \"%0p=%10!p! id=%11!Id! iu=%12!Iu! ix=%13!016Ix!\" //   LEVEL=4 FLAGS=F\n"
	      "{\np, ItemPtr -- 10\nq, ItemPtr -- 11\nr, ItemPtr -- 12\ns, ItemPtr -- 13\n}\n"
	      "#typev t_c14 14 \"%0[%10!s!] [%11!s!] [%12!s!] [%13!s!] %14!.2f! %15!e!\" //   LEVEL=4 FLAGS=F\n"
	      "{\na, ItemString -- 10\nb, ItemWString -- 11\nc, ItemPString -- 12\n"
	      "d, ItemPWString -- 13\ne, ItemDouble -- 14\nf, ItemDouble -- 15\n}\n"
	      "#typev t_c15 15 \"%0%10!s! %11!s! %12!s! %13!s! %14!s! %15!s!\" //   LEVEL=4 FLAGS=F\n"
	      "{\na, ItemNTSTATUS -- 10\nb, ItemNTSTATUS -- 11\nc, ItemNTSTATUS -- 12\n"
	      "d, ItemListLong(false,true) -- 13\ne, ItemListByte(Low,APC,DPC) -- 14\n"
	      "f, ItemListByte(Low,APC,DPC) -- 15\n}\n"
	      "#typev t_c16 16 \"%0%10!s! %11!s! %12!s! %13!s!\" //   LEVEL=4 FLAGS=F\n"
	      "{\na, ItemIPAddr -- 10\nb, ItemPort -- 11\nc, ItemGuid -- 12\n"
	      "d, ItemSetLong(R,W,X) -- 13\n}\n"
	      /* Windows' form: %!FUNC! etc. from the comment, expressions with ", " */
	      "#typev t_c17 17 \"%0%!FUNC!: %10!d!%%, %!LEVEL! %!FLAGS!\\t%11!s!\\n\" //   "
	      "LEVEL=TRACE_LEVEL_ERROR FLAGS=TRACE_IO FUNC=CQueue::OnRead\n"
	      "{\nmax(a, b), ItemLong -- 10\nf(x, \"y, z\"), ItemString -- 11\n}\n", f);
	fclose(f);
}

static void cleanup_tmf(void)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s.tmf", dir, MSG_GUID_TEXT);
	unlink(path);
	rmdir(dir);
}

/* The formatted message @number with data @d of @n bytes, or "<errno>". */
static const char *fmt(unsigned number, const void *d, size_t n)
{
	static char out[4096];
	EVENT_RECORD e;
	int r;

	memset(&e, 0, sizeof(e));
	e.EventHeader.Flags = EVENT_HEADER_FLAG_TRACE_MESSAGE | EVENT_HEADER_FLAG_64_BIT_HEADER;
	e.EventHeader.ProviderId = msg_guid;
	e.EventHeader.EventDescriptor.Id = (USHORT)number;
	e.UserData = (PVOID)d;
	e.UserDataLength = (USHORT)n;
	r = tdh_wpp_format(&e, dir, out, sizeof(out));
	if (r)
		snprintf(out, sizeof(out), "<%d>", r);
	return out;
}

#define PUT(p, v) do { memcpy(p, &(v), sizeof(v)); p += sizeof(v); } while (0)

TEST(longs_shorts_chars)
{
	uint8_t d[64], *p = d;
	int32_t a = -5, e = -1879022592;
	uint32_t b = 4294967295u, c = 0xbeef, dd = 0xab;
	int16_t s1 = -2, s2 = -1, s3 = 0x1f;
	int8_t c1 = 'x', c2 = 7;

	write_tmf();
	PUT(p, a); PUT(p, b); PUT(p, c); PUT(p, dd); PUT(p, e);
	EXPECT_STREQ("a=-5 b=4294967295 c=beef d=000000AB e=-1879022592", fmt(10, d, p - d));
	p = d;
	PUT(p, s1); PUT(p, s2); PUT(p, s3); PUT(p, c1); PUT(p, c2);
	/* %hd signed; %u and %hX of a 16-bit item: its 16 bits */
	EXPECT_STREQ("-2 65535 001F x 07", fmt(11, d, p - d));
	cleanup_tmf();
}

TEST(int64_and_pointers)
{
	uint8_t d[64], *p = d;
	int64_t a = -1000000000000LL, c = 0xabcdefLL;
	uint64_t b = 18446744073709551615ULL, ptr = 0x00007ffc12345678ULL, neg = (uint64_t)-3;

	write_tmf();
	PUT(p, a); PUT(p, b); PUT(p, c); PUT(p, c); PUT(p, c);
	EXPECT_STREQ("-1000000000000 18446744073709551615 abcdef ABCDEF 52746757",
		     fmt(12, d, p - d));
	p = d;
	PUT(p, ptr); PUT(p, neg); PUT(p, ptr); PUT(p, ptr);
	/* %p: Windows' hex digits without 0x; %Id/%Iu/%Ix pointer-sized */
	EXPECT_STREQ("p=00007FFC12345678 id=-3 iu=140720613906040 ix=00007ffc12345678",
		     fmt(13, d, p - d));
	cleanup_tmf();
}

TEST(strings_and_doubles)
{
	uint8_t d[128], *p = d;
	static const WCHAR w[] = { 'w', 0x00e9, 0 }, cw[] = { 'c', 'w' };
	uint16_t n1 = 3, n2 = sizeof(cw);
	double x = 3.14159, y = 1e-5;

	write_tmf();
	memcpy(p, "abc", 4); p += 4;
	memcpy(p, w, sizeof(w)); p += sizeof(w);
	PUT(p, n1); memcpy(p, "xyz", 3); p += 3;	/* counted: no NUL */
	PUT(p, n2); memcpy(p, cw, sizeof(cw)); p += sizeof(cw);
	PUT(p, x); PUT(p, y);
	EXPECT_STREQ("[abc] [w\xc3\xa9] [xyz] [cw] 3.14 1.000000e-05", fmt(14, d, p - d));
	/* one byte short of the last double: not formatted */
	EXPECT_STREQ("<-22>", fmt(14, d, p - d - 1));
	cleanup_tmf();
}

TEST(status_lists_sets)
{
	uint8_t d[64], *p = d;
	uint32_t s0 = 0, s1 = 0xC00000BB, s2 = 0xC0001234, t = 1;
	uint8_t l1 = 2, l2 = 9;

	write_tmf();
	PUT(p, s0); PUT(p, s1); PUT(p, s2); PUT(p, t); PUT(p, l1); PUT(p, l2);
	/* tracefmt's %!STATUS!: the symbol; a list's name, else the value */
	EXPECT_STREQ("STATUS_SUCCESS 0xC00000BB(STATUS_NOT_SUPPORTED) 0xC0001234 true DPC 9",
		     fmt(15, d, p - d));
	cleanup_tmf();
}

TEST(addresses_guids)
{
	uint8_t d[64], *p = d;
	static const uint8_t ip[4] = { 192, 168, 1, 20 }, port[2] = { 0x1f, 0x90 };
	uint32_t set = 5;

	write_tmf();
	memcpy(p, ip, 4); p += 4;
	memcpy(p, port, 2); p += 2;
	memcpy(p, &msg_guid, 16); p += 16;
	PUT(p, set);
	EXPECT_STREQ("192.168.1.20 8080 " MSG_GUID_TEXT " R|X", fmt(16, d, p - d));
	cleanup_tmf();
}

TEST(windows_tmf_form)
{
	uint8_t d[64], *p = d;
	int32_t a = 42;

	write_tmf();
	PUT(p, a);
	memcpy(p, "q", 2); p += 2;
	EXPECT_STREQ("CQueue::OnRead: 42%, TRACE_LEVEL_ERROR TRACE_IO\tq\n", fmt(17, d, p - d));
	/* a message number the TMF does not have */
	EXPECT_STREQ("<-2>", fmt(99, d, p - d));
	cleanup_tmf();
}

TEST(tdh_get_wpp_message)
{
	TDH_HANDLE h = NULL;
	TDH_CONTEXT ctx;
	WCHAR path[64], buf[128];
	EVENT_RECORD e;
	ULONG size = 0;
	uint8_t d[8];
	int32_t a = 1;
	char text[128];

	write_tmf();
	memcpy(d, &a, 4);
	memcpy(d + 4, "z", 2);
	memset(&e, 0, sizeof(e));
	e.EventHeader.Flags = EVENT_HEADER_FLAG_TRACE_MESSAGE;
	e.EventHeader.ProviderId = msg_guid;
	e.EventHeader.EventDescriptor.Id = 17;
	e.UserData = d;
	e.UserDataLength = 6;
	ASSERT_EQ(ERROR_SUCCESS, TdhOpenDecodingHandle(&h));
	etw_utf8_to_utf16z(dir, strlen(dir), path, sizeof(path));
	ctx.ParameterValue = (ULONGLONG)(uintptr_t)path;
	ctx.ParameterType = TDH_CONTEXT_WPP_TMFSEARCHPATH;
	ctx.ParameterSize = 0;
	ASSERT_EQ(ERROR_SUCCESS, TdhSetDecodingParameter(h, &ctx));
	EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER, TdhGetWppMessage(h, &e, &size, NULL));
	EXPECT_EQ(2 * (strlen("CQueue::OnRead: 1%, TRACE_LEVEL_ERROR TRACE_IO\tz\n") + 1), size);
	ASSERT_EQ(ERROR_SUCCESS, TdhGetWppMessage(h, &e, &size, (PBYTE)buf));
	etw_utf16_to_utf8(buf, sizeof(buf) / 2, text, sizeof(text));
	EXPECT_STREQ("CQueue::OnRead: 1%, TRACE_LEVEL_ERROR TRACE_IO\tz\n", text);
	e.EventHeader.EventDescriptor.Id = 99;
	EXPECT_EQ(ERROR_NOT_FOUND, TdhGetWppMessage(h, &e, &size, (PBYTE)buf));
	e.EventHeader.EventDescriptor.Id = 17;
	e.UserDataLength = 3;
	EXPECT_EQ(ERROR_EVT_INVALID_EVENT_DATA, TdhGetWppMessage(h, &e, &size, (PBYTE)buf));
	EXPECT_EQ(ERROR_SUCCESS, TdhCloseDecodingHandle(h));
	cleanup_tmf();
}

static int mismatches, checked;
static const char *mingw_text;

static void against_mingw(const char *name, uint32_t code)
{
	char key[96], *p;
	unsigned long v;

	snprintf(key, sizeof(key), "#define %s ", name);
	p = strstr(mingw_text, key);
	if (!p || !(p = strstr(p, "0x")) || (v = strtoul(p, NULL, 16), v != code)) {
		fprintf(stderr, "# %s 0x%08X: mingw-w64 says %s\n", name, code, p ? p : "nothing");
		mismatches++;
	}
	checked++;
}

TEST(ntstatus_names_are_the_sdk_values)
{
	FILE *f = fopen("/usr/share/mingw-w64/include/ntstatus.h", "r");
	static char text[1 << 20];
	size_t n;

	if (!f)
		SKIP(return, "mingw-w64-common is not installed (tools/deps.sh)");
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = 0;
	mingw_text = text;
	tdh_ntstatus_list(against_mingw);
	EXPECT_EQ(0, mismatches);
	EXPECT_LT(60, checked);
	EXPECT_STREQ("STATUS_INSUFFICIENT_RESOURCES", tdh_ntstatus_name(0xC000009A));
}

TEST_HARNESS_MAIN
