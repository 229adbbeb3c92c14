// SPDX-License-Identifier: GPL-2.0-only
/*
 * Classic events decoded from the local MOF class store (issue 31,
 * point 4), public API only: with data/mof/contoso_files.mof in the
 * store ($ETW_MOF_PATH), TdhGetEventInformation describes a classic
 * event of its classes as Windows does from the WMI repository
 * (DecodingSourceWbem, provider name the provider class, task the event
 * class's DisplayName, opcode the EventTypeName of the event type, the
 * properties in WmiDataId order with the types their MOF types and the
 * qualifiers format, StringTermination, pointer and extension give);
 * TdhGetProperty and TdhFormatProperty give the values; EventVersion
 * picks the older layout for an older event; without the class, or after
 * the file is removed, ERROR_NOT_FOUND.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <windows.h>
#include <evntcons.h>
#include <tdh.h>

#include "../kselftest_harness.h"

#ifndef ETL_UNIT_DIR
#define ETL_UNIT_DIR "."
#endif
#define MOF ETL_UNIT_DIR "/../data/mof/contoso_files.mof"

static const GUID fileop = { 0x9e8d7c6b, 0x5a49, 0x4382, { 0xb1, 0xa0, 0xf9, 0xe8, 0xd7, 0xc6,
							  0xb5, 0xa4 } };

static char dir[64];

static void install(void)
{
	char cmd[512];

	snprintf(dir, sizeof(dir), "/tmp/tdh_mof.XXXXXX");
	if (!mkdtemp(dir))
		abort();
	snprintf(cmd, sizeof(cmd), "cp '%s' '%s/'", MOF, dir);
	if (system(cmd))
		abort();
	setenv("ETW_MOF_PATH", dir, 1);
}

static void uninstall(void)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		abort();
}

static uint8_t data[256];

/* A Rename (type @type) of version @version, as the provider logs it. */
static USHORT make_event(EVENT_RECORD *e, UCHAR type, UCHAR version)
{
	static const char16_t old[] = u"a.txt", nw[] = u"b.txt";
	static const GUID act = { 0x11223344, 0x5566, 0x7788, { 1, 2, 3, 4, 5, 6, 7, 8 } };
	uint8_t *p = data;
	uint64_t obj = 0xffff8000deadbeefULL, bytes = 4096;
	uint32_t flags = 0x2a, ip = 0x0100007f;
	uint16_t port = 0x5000, len = 10;	/* 80 in network order */

	memcpy(p, &obj, 8); p += 8;
	memcpy(p, &flags, 4); p += 4;
	memcpy(p, old, sizeof(old)); p += sizeof(old);
	memcpy(p, &len, 2); p += 2;
	memcpy(p, nw, 10); p += 10;
	memcpy(p, &act, 16); p += 16;
	memcpy(p, &ip, 4); p += 4;
	memcpy(p, &port, 2); p += 2;
	memcpy(p, "\x01\x02\x03\x04", 4); p += 4;
	memcpy(p, &bytes, 8); p += 8;
	memcpy(p, "done", 5); p += 5;
	memset(e, 0, sizeof(*e));
	e->EventHeader.Flags = EVENT_HEADER_FLAG_CLASSIC_HEADER | EVENT_HEADER_FLAG_64_BIT_HEADER;
	e->EventHeader.ProviderId = fileop;
	e->EventHeader.EventDescriptor.Opcode = type;
	e->EventHeader.EventDescriptor.Version = version;
	e->UserData = data;
	e->UserDataLength = (USHORT)(p - data);
	return e->UserDataLength;
}

static void narrow(const WCHAR *w, char *s, size_t n)
{
	size_t i;

	for (i = 0; w && w[i] && i + 1 < n; i++)
		s[i] = (char)w[i];
	s[i] = 0;
}

static TRACE_EVENT_INFO *info(EVENT_RECORD *e, ULONG *st)
{
	ULONG size = 0;
	TRACE_EVENT_INFO *t;

	*st = TdhGetEventInformation(e, 0, NULL, NULL, &size);
	if (*st != ERROR_INSUFFICIENT_BUFFER)
		return NULL;
	t = malloc(size);
	*st = TdhGetEventInformation(e, 0, NULL, t, &size);
	if (*st) {
		free(t);
		return NULL;
	}
	return t;
}

static const char *str(const TRACE_EVENT_INFO *t, ULONG off, char *buf, size_t n)
{
	narrow(off ? (const WCHAR *)((const BYTE *)t + off) : NULL, buf, n);
	return buf;
}

/* Property @i formatted as a consumer does (TdhGetProperty, TdhFormatProperty). */
static ULONG format(EVENT_RECORD *e, const TRACE_EVENT_INFO *t, ULONG i, char *out, size_t n)
{
	const EVENT_PROPERTY_INFO *p = &t->EventPropertyInfoArray[i];
	PROPERTY_DATA_DESCRIPTOR pd = { 0 };
	BYTE val[256];
	WCHAR text[256];
	ULONG size = 0, tsize = sizeof(text), r;
	USHORT used;

	pd.PropertyName = (ULONGLONG)(uintptr_t)((const BYTE *)t + p->NameOffset);
	pd.ArrayIndex = 0xFFFFFFFF;
	r = TdhGetPropertySize(e, 0, NULL, 1, &pd, &size);
	if (!r)
		r = size <= sizeof(val) ? TdhGetProperty(e, 0, NULL, 1, &pd, size, val) :
					  ERROR_INSUFFICIENT_BUFFER;
	if (!r)
		r = TdhFormatProperty((TRACE_EVENT_INFO *)t, NULL, 8, p->nonStructType.InType,
				      p->nonStructType.OutType, p->length, (USHORT)size, val,
				      &tsize, text, &used);
	narrow(r ? NULL : text, out, n);
	return r;
}

TEST(classic_event_of_an_installed_class)
{
	static const struct {
		const char *name;
		USHORT in, out;
		const char *value;
	} want[] = {
		{ "FileObject", TDH_INTYPE_POINTER, TDH_OUTTYPE_NULL, "0xFFFF8000DEADBEEF" },
		{ "Flags", TDH_INTYPE_UINT32, TDH_OUTTYPE_HEXINT32, "0x2A" },
		{ "OldName", TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_NULL, "a.txt" },
		{ "NewName", TDH_INTYPE_COUNTEDSTRING, TDH_OUTTYPE_NULL, "b.txt" },
		{ "Activity", TDH_INTYPE_GUID, TDH_OUTTYPE_NULL, "{11223344-5566-7788-0102-030405060708}" },
		{ "Server", TDH_INTYPE_UINT32, TDH_OUTTYPE_IPV4, "127.0.0.1" },
		{ "ServerPort", TDH_INTYPE_UINT16, TDH_OUTTYPE_PORT, "80" },
		{ "Tag", TDH_INTYPE_UINT8, TDH_OUTTYPE_NULL, NULL },
		{ "Bytes", TDH_INTYPE_SIZET, TDH_OUTTYPE_NULL, NULL },
		{ "Note", TDH_INTYPE_ANSISTRING, TDH_OUTTYPE_NULL, "done" },
	};
	EVENT_RECORD e;
	TRACE_EVENT_INFO *t;
	char buf[256];
	ULONG st, i;

	install();
	make_event(&e, 11, 1);
	t = info(&e, &st);
	ASSERT_EQ(ERROR_SUCCESS, st);
	EXPECT_EQ(DecodingSourceWbem, t->DecodingSource);
	EXPECT_STREQ("ContosoFiles", str(t, t->ProviderNameOffset, buf, sizeof(buf)));
	EXPECT_STREQ("FileOp", str(t, t->TaskNameOffset, buf, sizeof(buf)));
	EXPECT_STREQ("Move", str(t, t->OpcodeNameOffset, buf, sizeof(buf)));
	ASSERT_EQ(sizeof(want) / sizeof(want[0]), t->PropertyCount);
	for (i = 0; i < t->PropertyCount; i++) {
		const EVENT_PROPERTY_INFO *p = &t->EventPropertyInfoArray[i];

		EXPECT_STREQ(want[i].name, str(t, p->NameOffset, buf, sizeof(buf)));
		EXPECT_EQ(want[i].in, p->nonStructType.InType);
		EXPECT_EQ(want[i].out, p->nonStructType.OutType);
		if (!want[i].value)
			continue;
		EXPECT_EQ(ERROR_SUCCESS, format(&e, t, i, buf, sizeof(buf))) {
			TH_LOG("%s", want[i].name);
		}
		EXPECT_STREQ(want[i].value, buf);
	}
	/* the four-byte Tag array */
	EXPECT_EQ(4, t->EventPropertyInfoArray[7].count);
	free(t);
	/* EventType{10, 11}: type 10 is the Rename of the same class */
	make_event(&e, 10, 1);
	t = info(&e, &st);
	ASSERT_EQ(ERROR_SUCCESS, st);
	EXPECT_STREQ("Rename", str(t, t->OpcodeNameOffset, buf, sizeof(buf)));
	free(t);
	uninstall();
}

TEST(event_version_picks_the_older_class)
{
	EVENT_RECORD e;
	TRACE_EVENT_INFO *t;
	char buf[64];
	ULONG st;

	install();
	make_event(&e, 10, 0);
	t = info(&e, &st);
	ASSERT_EQ(ERROR_SUCCESS, st);
	EXPECT_EQ(2, t->PropertyCount);
	EXPECT_STREQ("OldName", str(t, t->EventPropertyInfoArray[1].NameOffset, buf, sizeof(buf)));
	EXPECT_EQ(TDH_INTYPE_ANSISTRING, t->EventPropertyInfoArray[1].nonStructType.InType);
	free(t);
	uninstall();
}

TEST(without_the_class_not_found)
{
	EVENT_RECORD e;
	ULONG size = 0;
	char path[128];

	install();
	make_event(&e, 12, 1);	/* no class has EventType 12 */
	EXPECT_EQ(ERROR_NOT_FOUND, TdhGetEventInformation(&e, 0, NULL, NULL, &size));
	make_event(&e, 10, 1);
	e.EventHeader.ProviderId.Data1 ^= 1;	/* no class has this GUID */
	EXPECT_EQ(ERROR_NOT_FOUND, TdhGetEventInformation(&e, 0, NULL, NULL, &size));
	/* the file gone: the store reads its directory again */
	make_event(&e, 10, 1);
	EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER, TdhGetEventInformation(&e, 0, NULL, NULL, &size));
	snprintf(path, sizeof(path), "%s/contoso_files.mof", dir);
	unlink(path);
	EXPECT_EQ(ERROR_NOT_FOUND, TdhGetEventInformation(&e, 0, NULL, NULL, &size));
	uninstall();
}

TEST_HARNESS_MAIN
