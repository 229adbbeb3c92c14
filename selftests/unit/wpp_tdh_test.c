// SPDX-License-Identifier: GPL-2.0-only
/*
 * WPP events through TDH's property API (issue 31, point 2), public API
 * only, as Microsoft's WPP consumers use it: TdhGetEventInformation
 * describes a WPP event once its TMF is found (DecodingSourceWPP and the
 * properties FormattedString, FunctionName, ComponentName,
 * SubComponentName, FileName, LineNumber, SequenceNum, LevelName,
 * FlagsName, GuidName, GuidTypeName, ThreadId, SystemTime, ...);
 * TdhGetPropertySize/TdhGetProperty give their values and
 * TdhFormatProperty formats them; FormattedString is the text
 * TdhGetWppMessage gives.  Every TMF lookup Windows offers finds the TMF:
 * TDH_CONTEXT_WPP_TMFSEARCHPATH and TDH_CONTEXT_WPP_TMFFILE in the call's
 * contexts, TRACE_FORMAT_SEARCH_PATH, and a decoding handle
 * (TdhSetDecodingParameter + TdhGetWppProperty).  Without a TMF: still
 * ERROR_NOT_FOUND, as on Windows.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <windows.h>
#include <evntcons.h>
#include <tdh.h>

#include "../kselftest_harness.h"
#include "shared/etw_etl.h"

static const GUID msg_guid = { 0x6a1b2c3d, 0x4e5f, 0x4061, { 0x82, 0x93, 0xa4, 0xb5, 0xc6, 0xd7,
							    0xe8, 0xf9 } };
#define MSG_GUID_TEXT "6a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9"
#define MSG_TEXT "Queue::OnRead: 42 bytes from dev7 (TRACE_LEVEL_ERROR)"

static char dir[64], tmf[128];

/* A TMF as tracewpp writes it, in a fresh directory. */
static void write_tmf(void)
{
	FILE *f;

	snprintf(dir, sizeof(dir), "/tmp/wpp_tdh.XXXXXX");
	if (!mkdtemp(dir))
		abort();
	snprintf(tmf, sizeof(tmf), "%s/%s.tmf", dir, MSG_GUID_TEXT);
	f = fopen(tmf, "w");
	if (!f)
		abort();
	fputs("// PDB:  queue.pdb\n" MSG_GUID_TEXT " queuedrv // SRC=queue.c MJ= MN=\n"
	      "#typev queue_c214 10 \"%0%!FUNC!: %10!d! bytes from %11!s! (%!LEVEL!)\" //   "
	      "LEVEL=TRACE_LEVEL_ERROR FLAGS=TRACE_QUEUE FUNC=Queue::OnRead "
	      "COMPNAME=Queue SUBCOMP=Read\n"
	      "{\nlen, ItemLong -- 10\nname, ItemString -- 11\n}\n", f);
	fclose(f);
}

static void remove_tmf(void)
{
	unlink(tmf);
	rmdir(dir);
}

static uint8_t data[16];

static void make_event(EVENT_RECORD *e)
{
	int32_t len = 42;

	memcpy(data, &len, 4);
	memcpy(data + 4, "dev7", 5);
	memset(e, 0, sizeof(*e));
	e->EventHeader.Flags = EVENT_HEADER_FLAG_TRACE_MESSAGE | EVENT_HEADER_FLAG_64_BIT_HEADER;
	e->EventHeader.ProviderId = msg_guid;
	e->EventHeader.EventDescriptor.Id = 10;
	e->EventHeader.ThreadId = 4242;
	e->EventHeader.ProcessId = 77;
	/* 2026-12-02 01:02:03.456 UTC */
	e->EventHeader.TimeStamp.QuadPart = (1796173323LL + ETL_UNIX_EPOCH_SECONDS) * 10000000LL + 4560000;
	e->BufferContext.ProcessorIndex = 3;
	e->UserData = data;
	e->UserDataLength = 9;
}

static void to_utf16(const char *s, WCHAR *w, size_t n)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < n; i++)
		w[i] = (WCHAR)(unsigned char)s[i];
	w[i] = 0;
}

static void to_utf8(const WCHAR *w, char *s, size_t n)
{
	size_t i;

	for (i = 0; w[i] && i + 1 < n; i++)
		s[i] = (char)w[i];
	s[i] = 0;
}

/*
 * Property @name of @e, as a consumer formats it: TdhGetPropertySize,
 * TdhGetProperty, then TdhFormatProperty with the TRACE_EVENT_INFO's
 * types.  Into @out; the status of the first call that failed.
 */
static ULONG property(EVENT_RECORD *e, ULONG nc, TDH_CONTEXT *c, TRACE_EVENT_INFO *tei,
		      const char *name, char *out, size_t room)
{
	WCHAR wname[64], text[512];
	PROPERTY_DATA_DESCRIPTOR pd;
	ULONG size = 0, r, i, tsize = sizeof(text);
	USHORT used;
	BYTE value[1024];
	const EVENT_PROPERTY_INFO *p = NULL;

	out[0] = 0;
	to_utf16(name, wname, 64);
	for (i = 0; i < tei->PropertyCount; i++) {
		char n[64];

		to_utf8((const WCHAR *)((BYTE *)tei + tei->EventPropertyInfoArray[i].NameOffset),
			n, sizeof(n));
		if (!strcmp(n, name))
			p = &tei->EventPropertyInfoArray[i];
	}
	if (!p)
		return ERROR_NOT_FOUND;
	memset(&pd, 0, sizeof(pd));
	pd.PropertyName = (ULONGLONG)(uintptr_t)wname;
	pd.ArrayIndex = 0xFFFFFFFF;
	r = TdhGetPropertySize(e, nc, c, 1, &pd, &size);
	if (r)
		return r;
	if (size > sizeof(value))
		return ERROR_INSUFFICIENT_BUFFER;
	r = TdhGetProperty(e, nc, c, 1, &pd, size, value);
	if (r)
		return r;
	r = TdhFormatProperty(tei, NULL, 8, p->nonStructType.InType, p->nonStructType.OutType,
			      p->length, (USHORT)size, value, &tsize, text, &used);
	if (r)
		return r;
	to_utf8(text, out, room);
	return ERROR_SUCCESS;
}

static TRACE_EVENT_INFO *info(EVENT_RECORD *e, ULONG nc, TDH_CONTEXT *c, ULONG *status)
{
	ULONG size = 0;
	TRACE_EVENT_INFO *tei;

	*status = TdhGetEventInformation(e, nc, c, NULL, &size);
	if (*status != ERROR_INSUFFICIENT_BUFFER)
		return NULL;
	tei = malloc(size);
	*status = TdhGetEventInformation(e, nc, c, tei, &size);
	if (*status) {
		free(tei);
		return NULL;
	}
	return tei;
}

/* What a WPP consumer gets for the event, with contexts @c. */
static void expect_properties(struct __test_metadata *_metadata, ULONG nc, TDH_CONTEXT *c)
{
	static const char *const want[][2] = {
		{ "FormattedString", MSG_TEXT },
		{ "FunctionName", "Queue::OnRead" },
		{ "ComponentName", "Queue" },
		{ "SubComponentName", "Read" },
		{ "FileName", "queue.c" },
		{ "LineNumber", "214" },
		{ "SequenceNum", "0" },
		{ "LevelName", "TRACE_LEVEL_ERROR" },
		{ "FlagsName", "TRACE_QUEUE" },
		{ "GuidName", "queuedrv" },
		{ "GuidTypeName", "queue_c214" },
		{ "ThreadId", "4242" },
		{ "ProcessId", "77" },
		{ "CpuNumber", "3" },
		{ "TraceGuid", "{" MSG_GUID_TEXT "}" },
	};
	EVENT_RECORD e;
	TRACE_EVENT_INFO *tei;
	char got[512];
	ULONG st;
	size_t i;

	make_event(&e);
	tei = info(&e, nc, c, &st);
	ASSERT_EQ(ERROR_SUCCESS, st);
	EXPECT_EQ(DecodingSourceWPP, tei->DecodingSource);
	EXPECT_EQ(0, memcmp(&tei->ProviderGuid, &msg_guid, sizeof(GUID)));
	EXPECT_LE(20, tei->PropertyCount);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		st = property(&e, nc, c, tei, want[i][0], got, sizeof(got));
		EXPECT_EQ(ERROR_SUCCESS, st) {
			TH_LOG("%s: status %u", want[i][0], st);
		}
		for (char *q = got; *q; q++)	/* GUIDs: either case */
			if (i == sizeof(want) / sizeof(want[0]) - 1 && *q >= 'A' && *q <= 'F')
				*q += 'a' - 'A';
		EXPECT_STREQ(want[i][1], got);
	}
	/* SystemTime: a SYSTEMTIME of the event's time */
	EXPECT_EQ(ERROR_SUCCESS, property(&e, nc, c, tei, "SystemTime", got, sizeof(got)));
	EXPECT_NE(NULL, strstr(got, "2026")) {
		TH_LOG("SystemTime %s", got);
	}
	free(tei);
}

TEST(event_information_with_the_search_path_context)
{
	WCHAR path[128];
	TDH_CONTEXT c = { 0 };

	write_tmf();
	unsetenv("TRACE_FORMAT_SEARCH_PATH");
	to_utf16(dir, path, 128);
	c.ParameterValue = (ULONGLONG)(uintptr_t)path;
	c.ParameterType = TDH_CONTEXT_WPP_TMFSEARCHPATH;
	expect_properties(_metadata, 1, &c);
	remove_tmf();
}

TEST(event_information_with_the_tmf_file_context)
{
	WCHAR path[160];
	TDH_CONTEXT c[2] = { { 0 } };

	write_tmf();
	unsetenv("TRACE_FORMAT_SEARCH_PATH");
	to_utf16(tmf, path, 160);
	c[0].ParameterValue = 8;
	c[0].ParameterType = TDH_CONTEXT_POINTERSIZE;
	c[1].ParameterValue = (ULONGLONG)(uintptr_t)path;
	c[1].ParameterType = TDH_CONTEXT_WPP_TMFFILE;
	expect_properties(_metadata, 2, c);
	remove_tmf();
}

TEST(event_information_with_trace_format_search_path)
{
	write_tmf();
	setenv("TRACE_FORMAT_SEARCH_PATH", dir, 1);
	expect_properties(_metadata, 0, NULL);
	unsetenv("TRACE_FORMAT_SEARCH_PATH");
	remove_tmf();
}

/* FormattedString is what TdhGetWppMessage gives: the same handle, both APIs. */
TEST(decoding_handle_properties_and_message_agree)
{
	TDH_HANDLE h = NULL;
	TDH_CONTEXT c = { 0 };
	WCHAR path[128], msg[256], prop[256], name[32];
	ULONG size = sizeof(msg), psize = sizeof(prop);
	EVENT_RECORD e;
	char a[256], b[256];

	write_tmf();
	unsetenv("TRACE_FORMAT_SEARCH_PATH");
	make_event(&e);
	ASSERT_EQ(ERROR_SUCCESS, TdhOpenDecodingHandle(&h));
	to_utf16(dir, path, 128);
	c.ParameterValue = (ULONGLONG)(uintptr_t)path;
	c.ParameterType = TDH_CONTEXT_WPP_TMFSEARCHPATH;
	ASSERT_EQ(ERROR_SUCCESS, TdhSetDecodingParameter(h, &c));
	ASSERT_EQ(ERROR_SUCCESS, TdhGetWppMessage(h, &e, &size, (PBYTE)msg));
	to_utf16("FormattedString", name, 32);
	ASSERT_EQ(ERROR_SUCCESS, TdhGetWppProperty(h, &e, name, &psize, (PBYTE)prop));
	to_utf8(msg, a, sizeof(a));
	to_utf8(prop, b, sizeof(b));
	EXPECT_STREQ(MSG_TEXT, a);
	EXPECT_STREQ(a, b);
	/* the buffer protocol */
	psize = 2;
	EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER, TdhGetWppProperty(h, &e, name, &psize, (PBYTE)prop));
	EXPECT_EQ(2 * (strlen(MSG_TEXT) + 1), psize);
	to_utf16("NoSuchProperty", name, 32);
	psize = sizeof(prop);
	EXPECT_EQ(ERROR_NOT_FOUND, TdhGetWppProperty(h, &e, name, &psize, (PBYTE)prop));
	EXPECT_EQ(ERROR_SUCCESS, TdhCloseDecodingHandle(h));
	remove_tmf();
}

/* As on Windows: no TMF, no description. */
TEST(without_a_tmf_not_found)
{
	EVENT_RECORD e;
	ULONG size = 0;
	WCHAR name[32];
	PROPERTY_DATA_DESCRIPTOR pd = { 0 };

	unsetenv("TRACE_FORMAT_SEARCH_PATH");
	make_event(&e);
	EXPECT_EQ(ERROR_NOT_FOUND, TdhGetEventInformation(&e, 0, NULL, NULL, &size));
	to_utf16("FormattedString", name, 32);
	pd.PropertyName = (ULONGLONG)(uintptr_t)name;
	EXPECT_EQ(ERROR_NOT_FOUND, TdhGetPropertySize(&e, 0, NULL, 1, &pd, &size));
}

TEST_HARNESS_MAIN
