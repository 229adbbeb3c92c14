// SPDX-License-Identifier: GPL-2.0-only
/*
 * TDH's manifest side, on the host: selftests/data/alltypes.man read
 * with libxml2 and answered for by TdhLoadManifest(FromMemory),
 * TdhEnumerateProviders, TdhEnumerateManifestProviderEvents,
 * TdhGetManifestEventInformation (names, strings, properties with their
 * counts, lengths and structs), TdhEnumerate/QueryProviderFieldInformation
 * and TdhGetEventMapInformation; the errors of a missing file, bad XML,
 * a document that is not a manifest and references that do not resolve;
 * and the installed-manifest directories ($ETW_MANIFEST_PATH).
 * Built with ASan/UBSan where the toolchain can (tdh_xml_test.mk).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>
#include <tdh.h>
#include "tdh_internal.h"
#include "shared/etw_utf.h"

#include "../kselftest_harness.h"

#ifndef UNIT_DIR
#define UNIT_DIR "."
#endif
#define ALLTYPES UNIT_DIR "/../data/alltypes.man"

static const GUID alltypes = { 0x6c3b2a90, 0x5d4e, 0x4f11,
			       { 0x8a, 0x2b, 0x0c, 0x1d, 0x2e, 0x3f, 0x4a, 0x5b } };

static const char *narrow(const WCHAR *w)
{
	static char buf[8][1024];
	static int i;
	char *o = buf[i++ & 7];

	if (!w)
		return "(null)";
	etw_utf16_to_utf8(w, 1024, o, 1024);
	return o;
}

/* UTF-8 to a static UTF-16 string. */
static PWSTR w16(const char *s)
{
	static WCHAR buf[4][1024];
	static int i;
	WCHAR *o = buf[i++ & 3];

	etw_utf8_to_utf16z(s, strlen(s), o, sizeof(buf[0]));
	return o;
}

static char *slurp(const char *path, ULONG *n)
{
	FILE *f = fopen(path, "rb");
	char *b = malloc(1 << 20);
	size_t got = 0;

	if (f && b) {
		got = fread(b, 1, (1 << 20) - 1, f);
		b[got] = 0;
	}
	if (f)
		fclose(f);
	*n = (ULONG)got;
	return b;
}

#define AT(buf, off) ((off) ? narrow((const WCHAR *)((const BYTE *)(buf) + (off))) : "")

/* TRACE_EVENT_INFO of one descriptor (malloc'ed) or NULL with *st. */
static TRACE_EVENT_INFO *info(USHORT id, UCHAR version, ULONG *st)
{
	EVENT_DESCRIPTOR d = { .Id = id, .Version = version };
	TRACE_EVENT_INFO *t;
	ULONG size = 0;
	GUID g = alltypes;

	*st = TdhGetManifestEventInformation(&g, &d, NULL, &size);
	if (*st != ERROR_INSUFFICIENT_BUFFER)
		return NULL;
	t = malloc(size);
	*st = TdhGetManifestEventInformation(&g, &d, t, &size);
	if (*st) {
		free(t);
		return NULL;
	}
	return t;
}

FIXTURE(mf) {
	char *xml;
	ULONG len;
};

FIXTURE_SETUP(mf)
{
	setenv("ETW_MANIFEST_PATH", "/nonexistent/etw-unit", 1);
	self->xml = slurp(ALLTYPES, &self->len);
	ASSERT_LT(1000, self->len);
	ASSERT_EQ(ERROR_SUCCESS, TdhLoadManifestFromMemory(self->xml, self->len));
}

FIXTURE_TEARDOWN(mf)
{
	TdhUnloadManifestFromMemory(self->xml, self->len);
	free(self->xml);
}

TEST_F(mf, provider_is_enumerated)
{
	PROVIDER_ENUMERATION_INFO *p;
	ULONG size = 0, i;
	int found = 0;

	ASSERT_EQ(ERROR_INSUFFICIENT_BUFFER, TdhEnumerateProviders(NULL, &size));
	p = malloc(size);
	ASSERT_EQ(ERROR_SUCCESS, TdhEnumerateProviders(p, &size));
	for (i = 0; i < p->NumberOfProviders; i++) {
		TRACE_PROVIDER_INFO *t = &p->TraceProviderInfoArray[i];

		if (IsEqualGUID(&t->ProviderGuid, &alltypes)) {
			found++;
			EXPECT_EQ(0, t->SchemaSource);
			EXPECT_STREQ("LinuxEtw-Selftest-AllTypes", AT(p, t->ProviderNameOffset));
		}
	}
	EXPECT_EQ(1, found);
	free(p);
}

TEST_F(mf, events_are_enumerated)
{
	PROVIDER_EVENT_INFO *e;
	ULONG size = 0;
	GUID g = alltypes;

	ASSERT_EQ(ERROR_INSUFFICIENT_BUFFER, TdhEnumerateManifestProviderEvents(&g, NULL, &size));
	e = malloc(size);
	ASSERT_EQ(ERROR_SUCCESS, TdhEnumerateManifestProviderEvents(&g, e, &size));
	ASSERT_EQ(9, e->NumberOfEvents);
	EXPECT_EQ(1, e->EventDescriptorsArray[0].Id);
	EXPECT_EQ(4, e->EventDescriptorsArray[0].Level);
	EXPECT_EQ(1, e->EventDescriptorsArray[0].Task);
	EXPECT_EQ(10, e->EventDescriptorsArray[0].Opcode);
	EXPECT_EQ(16, e->EventDescriptorsArray[0].Channel);
	/* As mc.exe compiles it: channel C2, the provider's second, adds bit 62. */
	EXPECT_EQ(0x4000000000000001ULL, e->EventDescriptorsArray[0].Keyword);
	EXPECT_EQ(1, e->EventDescriptorsArray[1].Id);
	EXPECT_EQ(1, e->EventDescriptorsArray[1].Version);
	EXPECT_EQ(9, e->EventDescriptorsArray[2].Channel);	/* Application */
	EXPECT_EQ(0x8000000000000003ULL, e->EventDescriptorsArray[2].Keyword);	/* C1: bit 63 */
	free(e);
}

/* Names and strings of an event: the en-US resources, else the names. */
TEST_F(mf, event_information_names_and_messages)
{
	ULONG st;
	TRACE_EVENT_INFO *t = info(1, 0, &st);

	ASSERT_NE(NULL, t) TH_LOG("status %u", st);
	EXPECT_EQ(DecodingSourceXMLFile, t->DecodingSource);
	EXPECT_STREQ("LinuxEtw-Selftest-AllTypes", AT(t, t->ProviderNameOffset));
	EXPECT_STREQ("Information", AT(t, t->LevelNameOffset));
	EXPECT_STREQ("Doing work", AT(t, t->TaskNameOffset));
	EXPECT_STREQ("Beginning", AT(t, t->OpcodeNameOffset));
	EXPECT_STREQ("LinuxEtw-Selftest-AllTypes/Operational", AT(t, t->ChannelNameOffset));
	EXPECT_STREQ("The alpha keyword", AT(t, t->KeywordsNameOffset));
	EXPECT_STREQ("i32 is %5 and u8 is %2 (100%%)", AT(t, t->EventMessageOffset));
	EXPECT_STREQ("The all-types selftest provider", AT(t, t->ProviderMessageOffset));
	EXPECT_EQ(14, t->PropertyCount);
	EXPECT_EQ(14, t->TopLevelPropertyCount);
	EXPECT_STREQ("i8", AT(t, t->EventPropertyInfoArray[0].NameOffset));
	EXPECT_EQ(TDH_INTYPE_INT8, t->EventPropertyInfoArray[0].nonStructType.InType);
	EXPECT_EQ(TDH_INTYPE_POINTER, t->EventPropertyInfoArray[13].nonStructType.InType);
	free(t);

	/* A custom level by its message; a task without one by its name. */
	t = info(6, 0, &st);
	ASSERT_NE(NULL, t);
	EXPECT_STREQ("Chatty", AT(t, t->LevelNameOffset));
	EXPECT_STREQ("Idle", AT(t, t->TaskNameOffset));
	EXPECT_STREQ("ColorMap", AT(t, t->EventPropertyInfoArray[0].nonStructType.MapNameOffset));
	free(t);

	/* Keyword names: a list of strings, each NUL-ended, then an empty one. */
	t = info(2, 0, &st);
	ASSERT_NE(NULL, t);
	EXPECT_STREQ("Warning", AT(t, t->LevelNameOffset));
	EXPECT_STREQ("Application", AT(t, t->ChannelNameOffset));
	if (t) {
		const WCHAR *k = (const WCHAR *)((const BYTE *)t + t->KeywordsNameOffset);
		size_t n1 = 0;

		EXPECT_STREQ("The alpha keyword", narrow(k));
		while (k[n1])
			n1++;
		EXPECT_STREQ("Beta", narrow(k + n1 + 1));
		n1 += 1;
		while (k[n1])
			n1++;
		EXPECT_EQ(0, k[n1 + 1]);
	}
	free(t);

	t = info(8, 0, &st);
	ASSERT_NE(NULL, t);
	EXPECT_STREQ("Global opcode", AT(t, t->OpcodeNameOffset));
	EXPECT_STREQ("Nothing to say.", AT(t, t->EventMessageOffset));
	EXPECT_EQ(0, t->PropertyCount);
	free(t);

	EXPECT_EQ(NULL, info(99, 0, &st));
	EXPECT_EQ(ERROR_NOT_FOUND, st);
	EXPECT_EQ(NULL, info(1, 7, &st));
	EXPECT_EQ(ERROR_NOT_FOUND, st);
}

/* Counts, lengths and structs as EVENT_PROPERTY_INFO flags and indexes. */
TEST_F(mf, event_information_arrays_lengths_structs)
{
	ULONG st;
	TRACE_EVENT_INFO *t = info(7, 0, &st);
	EVENT_PROPERTY_INFO *p;

	ASSERT_NE(NULL, t) TH_LOG("status %u", st);
	/* n, arr, fixed, blen, varbin, pts{x,y}, tail: 7 top level + 2 members. */
	ASSERT_EQ(9, t->PropertyCount);
	ASSERT_EQ(7, t->TopLevelPropertyCount);
	p = t->EventPropertyInfoArray;
	EXPECT_STREQ("arr", AT(t, p[1].NameOffset));
	EXPECT_TRUE(p[1].Flags & PropertyParamCount);
	EXPECT_EQ(0, p[1].countPropertyIndex);
	EXPECT_STREQ("fixed", AT(t, p[2].NameOffset));
	EXPECT_TRUE(p[2].Flags & PropertyParamFixedCount);
	EXPECT_EQ(3, p[2].count);
	EXPECT_STREQ("varbin", AT(t, p[4].NameOffset));
	EXPECT_TRUE(p[4].Flags & PropertyParamLength);
	EXPECT_EQ(3, p[4].lengthPropertyIndex);
	EXPECT_STREQ("pts", AT(t, p[5].NameOffset));
	EXPECT_TRUE(p[5].Flags & PropertyStruct);
	EXPECT_EQ(7, p[5].structType.StructStartIndex);
	EXPECT_EQ(2, p[5].structType.NumOfStructMembers);
	EXPECT_EQ(2, p[5].count);
	EXPECT_STREQ("tail", AT(t, p[6].NameOffset));
	EXPECT_STREQ("x", AT(t, p[7].NameOffset));
	EXPECT_STREQ("y", AT(t, p[8].NameOffset));
	free(t);

	/* Fixed lengths: a 4-character string, an IPv6 address. */
	t = info(3, 0, &st);
	ASSERT_NE(NULL, t);
	p = t->EventPropertyInfoArray;
	EXPECT_STREQ("fixed", AT(t, p[5].NameOffset));
	EXPECT_EQ(4, p[5].length);
	EXPECT_TRUE(p[5].Flags & PropertyParamFixedLength);
	EXPECT_EQ(TDH_INTYPE_MANIFEST_COUNTEDBINARY, p[8].nonStructType.InType);
	free(t);
	t = info(4, 0, &st);
	ASSERT_NE(NULL, t);
	p = t->EventPropertyInfoArray;
	EXPECT_EQ(TDH_OUTTYPE_IPV6, p[5].nonStructType.OutType);
	EXPECT_EQ(16, p[5].length);
	free(t);
}

/* Every InType/OutType pair of the manifest as TDH numbers it. */
TEST_F(mf, event_information_types)
{
	static const struct { USHORT id, prop, in, out; } want[] = {
		{ 1, 0, TDH_INTYPE_INT8, TDH_OUTTYPE_BYTE },
		{ 1, 5, TDH_INTYPE_UINT32, TDH_OUTTYPE_UNSIGNEDINT },
		{ 1, 8, TDH_INTYPE_HEXINT32, TDH_OUTTYPE_HEXINT32 },
		{ 1, 10, TDH_INTYPE_FLOAT, TDH_OUTTYPE_FLOAT },
		{ 1, 12, TDH_INTYPE_BOOLEAN, TDH_OUTTYPE_BOOLEAN },
		{ 2, 0, TDH_INTYPE_UINT8, TDH_OUTTYPE_STRING },
		{ 2, 4, TDH_INTYPE_UINT16, TDH_OUTTYPE_PORT },
		{ 2, 9, TDH_INTYPE_UINT32, TDH_OUTTYPE_IPV4 },
		{ 2, 10, TDH_INTYPE_UINT32, TDH_OUTTYPE_WIN32ERROR },
		{ 2, 11, TDH_INTYPE_UINT32, TDH_OUTTYPE_NTSTATUS },
		{ 2, 12, TDH_INTYPE_UINT32, TDH_OUTTYPE_ERRORCODE },
		{ 2, 13, TDH_INTYPE_UINT32, TDH_OUTTYPE_ETWTIME },
		{ 2, 15, TDH_INTYPE_INT32, TDH_OUTTYPE_HRESULT },
		{ 3, 2, TDH_INTYPE_ANSISTRING, TDH_OUTTYPE_UTF8 },
		{ 3, 3, TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_XML },
		{ 3, 4, TDH_INTYPE_ANSISTRING, TDH_OUTTYPE_JSON },
		{ 3, 6, TDH_INTYPE_MANIFEST_COUNTEDSTRING, TDH_OUTTYPE_STRING },
		{ 4, 0, TDH_INTYPE_GUID, TDH_OUTTYPE_GUID },
		{ 4, 1, TDH_INTYPE_FILETIME, TDH_OUTTYPE_DATETIME },
		{ 4, 3, TDH_INTYPE_SID, TDH_OUTTYPE_STRING },
		{ 4, 6, TDH_INTYPE_BINARY, TDH_OUTTYPE_SOCKETADDRESS },
		{ 5, 0, TDH_INTYPE_FILETIME, TDH_OUTTYPE_DATETIME_UTC },
		{ 5, 1, TDH_INTYPE_FILETIME, TDH_OUTTYPE_CULTURE_INSENSITIVE_DATETIME },
	};
	unsigned i;
	ULONG st;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		TRACE_EVENT_INFO *t = info(want[i].id, 0, &st);
		EVENT_PROPERTY_INFO *p;

		ASSERT_NE(NULL, t);
		p = &t->EventPropertyInfoArray[want[i].prop];
		EXPECT_EQ(want[i].in, p->nonStructType.InType)
			TH_LOG("event %u property %u", want[i].id, want[i].prop);
		EXPECT_EQ(want[i].out, p->nonStructType.OutType)
			TH_LOG("event %u property %u", want[i].id, want[i].prop);
		free(t);
	}
}

/* Keywords, levels, channels, tasks and opcodes a provider declares. */
TEST_F(mf, provider_field_information)
{
	PROVIDER_FIELD_INFOARRAY *f = malloc(65536);
	ULONG size = 65536, i;
	GUID g = alltypes;
	int chatty = 0, info_level = 0;

	ASSERT_EQ(ERROR_SUCCESS, TdhEnumerateProviderFieldInformation(&g,
		  EventKeywordInformation, f, &size));
	ASSERT_EQ(2, f->NumberOfElements);
	EXPECT_STREQ("Alpha", AT(f, f->FieldInfoArray[0].NameOffset));
	EXPECT_STREQ("The alpha keyword", AT(f, f->FieldInfoArray[0].DescriptionOffset));
	EXPECT_EQ(1, f->FieldInfoArray[0].Value);
	EXPECT_STREQ("Beta", AT(f, f->FieldInfoArray[1].NameOffset));

	size = 65536;
	ASSERT_EQ(ERROR_SUCCESS, TdhEnumerateProviderFieldInformation(&g,
		  EventLevelInformation, f, &size));
	for (i = 0; i < f->NumberOfElements; i++) {
		if (f->FieldInfoArray[i].Value == 16)
			chatty = !strcmp("Chatty", AT(f, f->FieldInfoArray[i].NameOffset));
		if (f->FieldInfoArray[i].Value == 4)
			info_level = !strcmp("win:Informational",
					     AT(f, f->FieldInfoArray[i].NameOffset));
	}
	EXPECT_TRUE(chatty);
	EXPECT_TRUE(info_level);

	size = 65536;
	ASSERT_EQ(ERROR_SUCCESS, TdhEnumerateProviderFieldInformation(&g,
		  EventChannelInformation, f, &size));
	EXPECT_EQ(2, f->NumberOfElements);

	size = 65536;
	ASSERT_EQ(ERROR_SUCCESS, TdhQueryProviderFieldInformation(&g, 2,
		  EventTaskInformation, f, &size));
	ASSERT_EQ(1, f->NumberOfElements);
	EXPECT_STREQ("Idle", AT(f, f->FieldInfoArray[0].NameOffset));

	size = 65536;
	ASSERT_EQ(ERROR_SUCCESS, TdhQueryProviderFieldInformation(&g, 0x3,
		  EventKeywordInformation, f, &size));
	EXPECT_EQ(2, f->NumberOfElements);
	size = 65536;
	EXPECT_EQ(ERROR_NOT_FOUND, TdhQueryProviderFieldInformation(&g, 0x4,
		  EventKeywordInformation, f, &size));

	/* The buffer protocol. */
	size = 4;
	EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER, TdhEnumerateProviderFieldInformation(&g,
		  EventKeywordInformation, f, &size));
	EXPECT_LT(sizeof(PROVIDER_FIELD_INFOARRAY), size);
	free(f);
}

/* A map through an event record of the provider. */
TEST_F(mf, map_information)
{
	EVENT_RECORD e = { 0 };
	EVENT_MAP_INFO *m = malloc(4096);
	ULONG size = 4096;

	e.EventHeader.ProviderId = alltypes;
	e.EventHeader.EventDescriptor.Id = 6;
	ASSERT_EQ(ERROR_SUCCESS, TdhGetEventMapInformation(&e, w16("FlagMap"), m, &size));
	EXPECT_EQ(EVENTMAP_INFO_FLAG_MANIFEST_BITMAP, m->Flag & EVENTMAP_INFO_FLAG_MANIFEST_BITMAP);
	ASSERT_EQ(3, m->EntryCount);
	EXPECT_EQ(4, m->MapEntryArray[2].Value);
	EXPECT_STREQ("Exec ", AT(m, m->MapEntryArray[2].OutputOffset));
	EXPECT_STREQ("FlagMap", AT(m, m->NameOffset));
	size = 4096;
	ASSERT_EQ(ERROR_SUCCESS, TdhGetEventMapInformation(&e, w16("ColorMap"), m, &size));
	EXPECT_EQ(EVENTMAP_INFO_FLAG_MANIFEST_VALUEMAP, m->Flag & EVENTMAP_INFO_FLAG_MANIFEST_VALUEMAP);
	EXPECT_EQ(2, m->EntryCount);
	size = 4096;
	EXPECT_EQ(ERROR_NOT_FOUND, TdhGetEventMapInformation(&e, w16("NoSuchMap"), m, &size));
	free(m);
}

/* Unloaded, the provider is unknown again. */
TEST_F(mf, unload)
{
	ULONG st;

	ASSERT_EQ(ERROR_SUCCESS, TdhUnloadManifestFromMemory(self->xml, self->len));
	EXPECT_EQ(NULL, info(1, 0, &st));
	EXPECT_EQ(ERROR_NOT_FOUND, st);
	EXPECT_EQ(ERROR_NOT_FOUND, TdhUnloadManifestFromMemory(self->xml, self->len));
	ASSERT_EQ(ERROR_SUCCESS, TdhLoadManifestFromMemory(self->xml, self->len));
}

/* What TdhLoadManifest says about files that are not manifests. */
TEST(load_errors)
{
	static const char *const bad[] = {
		"<instrumentationManifest",				/* not XML */
		"<?xml version=\"1.0\"?><events/>",			/* other root */
		"<instrumentationManifest xmlns=\"http://schemas.microsoft.com/win/2004/08/events\">"
		"<instrumentation><events><provider name=\"P\" guid=\"{6c3b2a90-5d4e-4f11-8a2b-0c1d2e3f4a5c}\">"
		"<events><event value=\"1\" template=\"Missing\"/></events>"
		"</provider></events></instrumentation></instrumentationManifest>",
		"<instrumentationManifest xmlns=\"http://schemas.microsoft.com/win/2004/08/events\">"
		"<instrumentation><events><provider name=\"P\" guid=\"not-a-guid\">"
		"</provider></events></instrumentation></instrumentationManifest>",
	};
	char path[] = "/tmp/tdh-unit-XXXXXX";
	unsigned i;
	int fd;

	setenv("ETW_MANIFEST_PATH", "/nonexistent/etw-unit", 1);
	EXPECT_EQ(ERROR_INVALID_PARAMETER, TdhLoadManifest(NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, TdhLoadManifest(w16("")));
	EXPECT_EQ(ERROR_FILE_NOT_FOUND, TdhLoadManifest(w16("/nonexistent/x.man")));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, TdhLoadManifestFromMemory(NULL, 3));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		EXPECT_EQ(ERROR_XML_PARSE_ERROR,
			  TdhLoadManifestFromMemory(bad[i], (ULONG)strlen(bad[i])))
			TH_LOG("case %u", i);
	fd = mkstemp(path);
	ASSERT_LE(0, fd);
	ASSERT_EQ((ssize_t)strlen(bad[0]), write(fd, bad[0], strlen(bad[0])));
	close(fd);
	EXPECT_EQ(ERROR_XML_PARSE_ERROR, TdhLoadManifest(w16(path)));
	/* A file that is not ELF, or ELF without the section. */
	EXPECT_EQ(ERROR_RESOURCE_NOT_FOUND, TdhLoadManifestFromBinary(w16(path)));
	unlink(path);
	EXPECT_EQ(ERROR_RESOURCE_NOT_FOUND, TdhLoadManifestFromBinary(w16("/proc/self/exe")));
	EXPECT_EQ(ERROR_FILE_NOT_FOUND, TdhLoadManifestFromBinary(w16("/nonexistent/x")));
	EXPECT_EQ(ERROR_NOT_FOUND, TdhUnloadManifest(w16("/nonexistent/x.man")));
}

/* Installed manifests: the *.man of $ETW_MANIFEST_PATH's directories. */
TEST(installed_directories)
{
	char dir[] = "/tmp/tdh-unit-dir-XXXXXX", path[256], cmd[300];
	EVENT_DESCRIPTOR d = { .Id = 1 };
	GUID g = alltypes;
	ULONG size = 0;

	ASSERT_NE(NULL, mkdtemp(dir));
	snprintf(path, sizeof(path), "/nonexistent:%s", dir);
	setenv("ETW_MANIFEST_PATH", path, 1);
	EXPECT_EQ(ERROR_NOT_FOUND, TdhGetManifestEventInformation(&g, &d, NULL, &size));
	snprintf(cmd, sizeof(cmd), "cp %s %s/alltypes.man && echo junk > %s/junk.man",
		 ALLTYPES, dir, dir);
	ASSERT_EQ(0, system(cmd));
	/* Looked at again at most once a second. */
	usleep(1100 * 1000);
	EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER, TdhGetManifestEventInformation(&g, &d, NULL, &size));
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ASSERT_EQ(0, system(cmd));
	usleep(1100 * 1000);
	EXPECT_EQ(ERROR_NOT_FOUND, TdhGetManifestEventInformation(&g, &d, NULL, &size));
}

TEST_HARNESS_MAIN
