// SPDX-License-Identifier: GPL-2.0-only
/*
 * TDH and the NT Kernel Logger's events (libetw/src/tdh_kernel.c):
 * TdhGetEventInformation describes a kernel record as Windows' TDH does
 * from the MOF classes (DecodingSourceWbem, provider MSNT_SystemTrace,
 * task the class, opcode the event type, the MOF property names), and
 * TdhGetProperty / TdhFormatProperty read its values.  Records are built
 * here in the layouts etw.ko writes (kmod/shared/etw_kevents.h).
 */
#include <stdlib.h>
#include <string.h>
#include <windows.h>
#include <evntcons.h>
#include <evntrace.h>
#include <tdh.h>

#include "../kselftest_harness.h"
#include "shared/etw_kevents.h"

static void put32(u8 *p, u32 v)
{
	memcpy(p, &v, 4);
}

static void put64(u8 *p, u64 v)
{
	memcpy(p, &v, 8);
}

static void record(EVENT_RECORD *e, const GUID *g, u8 type, u8 version,
		   void *data, u16 len)
{
	memset(e, 0, sizeof(*e));
	e->EventHeader.Flags = EVENT_HEADER_FLAG_CLASSIC_HEADER |
			       EVENT_HEADER_FLAG_64_BIT_HEADER;
	e->EventHeader.ProviderId = *g;
	e->EventHeader.EventDescriptor.Opcode = type;
	e->EventHeader.EventDescriptor.Version = version;
	e->UserData = data;
	e->UserDataLength = len;
}

static TRACE_EVENT_INFO *info_of(EVENT_RECORD *e, ULONG *status)
{
	TRACE_EVENT_INFO *t;
	ULONG size = 0;

	*status = TdhGetEventInformation(e, 0, NULL, NULL, &size);
	if (*status != ERROR_INSUFFICIENT_BUFFER)
		return NULL;
	t = malloc(size);
	*status = TdhGetEventInformation(e, 0, NULL, t, &size);
	if (*status) {
		free(t);
		return NULL;
	}
	return t;
}

static void u8of(const TRACE_EVENT_INFO *t, ULONG off, char *out, size_t n)
{
	const WCHAR *w = (const WCHAR *)((const char *)t + off);
	size_t i;

	for (i = 0; off && w[i] && i + 1 < n; i++)
		out[i] = (char)w[i];
	out[off ? i : 0] = 0;
}

/* The index of property @name, or -1. */
static int prop(const TRACE_EVENT_INFO *t, const char *name)
{
	char s[64];
	ULONG i;

	for (i = 0; i < t->PropertyCount; i++) {
		u8of(t, t->EventPropertyInfoArray[i].NameOffset, s, sizeof(s));
		if (!strcmp(s, name))
			return (int)i;
	}
	return -1;
}

/* TdhFormatProperty of every property up to @name's; its text. */
static const char *format(EVENT_RECORD *e, TRACE_EVENT_INFO *t,
			  const char *name)
{
	static char out[512];
	const u8 *p = e->UserData;
	USHORT left = e->UserDataLength;
	ULONG i;

	for (i = 0; i < t->PropertyCount; i++) {
		const EVENT_PROPERTY_INFO *pi = &t->EventPropertyInfoArray[i];
		WCHAR buf[256];
		ULONG size = sizeof(buf);
		USHORT used = 0;
		char s[64];
		size_t k;

		if (TdhFormatProperty(t, NULL, 8, pi->nonStructType.InType,
				      pi->nonStructType.OutType, pi->length,
				      left, (PBYTE)p, &size, buf, &used))
			return NULL;
		u8of(t, pi->NameOffset, s, sizeof(s));
		if (!strcmp(s, name)) {
			for (k = 0; k < size / 2 && buf[k] && k + 1 < sizeof(out); k++)
				out[k] = (char)buf[k];
			out[k] = 0;
			return out;
		}
		p += used;
		left -= used;
	}
	return NULL;
}

/* Process/Start v4 of pid 4321 (parent 1), uid 1000, "sh -c x". */
static u16 process_start(u8 *b)
{
	static const char cmd[] = "sh -c x";
	u16 n = ETW_KP_PROC_FIXED, i;

	memset(b, 0, 512);
	put64(b + ETW_KP_PROC_KEY, 0x1234);
	put32(b + ETW_KP_PROC_PID, 4321);
	put32(b + ETW_KP_PROC_PPID, 1);
	put64(b + n, 1);				/* TOKEN_USER.Sid != 0 */
	n += ETW_KSID_TOKEN_SIZE;
	b[n] = 1;					/* S-1-22-1-1000 */
	b[n + 1] = 2;
	b[n + 7] = 22;
	put32(b + n + 8, 1);
	put32(b + n + 12, 1000);
	n += ETW_KSID_SIZE;
	memcpy(b + n, "sh", 3);				/* ImageFileName */
	n += 3;
	for (i = 0; i < sizeof(cmd); i++, n += 2)	/* CommandLine */
		b[n] = (u8)cmd[i];
	n += 4;		/* PackageFullName, ApplicationId: empty */
	return n;
}

TEST(process_start_as_windows_tdh_describes_it)
{
	u8 b[512];
	EVENT_RECORD e;
	TRACE_EVENT_INFO *t;
	PROPERTY_DATA_DESCRIPTOR d = { 0 };
	ULONG st, pid = 0;
	char s[64];

	record(&e, &ProcessGuid, 1, ETW_KV_PROCESS, b, process_start(b));
	t = info_of(&e, &st);
	ASSERT_EQ(ERROR_SUCCESS, st);
	EXPECT_EQ(DecodingSourceWbem, t->DecodingSource);
	u8of(t, t->ProviderNameOffset, s, sizeof(s));
	EXPECT_STREQ("MSNT_SystemTrace", s);
	u8of(t, t->TaskNameOffset, s, sizeof(s));
	EXPECT_STREQ("Process", s);
	u8of(t, t->OpcodeNameOffset, s, sizeof(s));
	EXPECT_STREQ("Start", s);
	EXPECT_EQ(12, t->PropertyCount);
	EXPECT_EQ(0, prop(t, "UniqueProcessKey"));
	EXPECT_EQ(TDH_INTYPE_POINTER,
		  t->EventPropertyInfoArray[0].nonStructType.InType);
	EXPECT_EQ(TDH_INTYPE_WBEMSID,
		  t->EventPropertyInfoArray[prop(t, "UserSID")].nonStructType.InType);
	EXPECT_EQ(TDH_INTYPE_ANSISTRING,
		  t->EventPropertyInfoArray[prop(t, "ImageFileName")].nonStructType.InType);
	/* values, as a TDH consumer reads them */
	d.PropertyName = (ULONGLONG)(uintptr_t)u"ProcessId";
	d.ArrayIndex = 0xFFFFFFFF;	/* not an array */
	EXPECT_EQ(ERROR_SUCCESS, TdhGetProperty(&e, 0, NULL, 1, &d, 4, (PBYTE)&pid));
	EXPECT_EQ(4321, pid);
	EXPECT_STREQ("S-1-22-1-1000", format(&e, t, "UserSID"));
	EXPECT_STREQ("sh", format(&e, t, "ImageFileName"));
	EXPECT_STREQ("sh -c x", format(&e, t, "CommandLine"));
	EXPECT_STREQ("0x1234", format(&e, t, "UniqueProcessKey"));
	free(t);
}

TEST(process_without_a_sid)
{
	u8 b[64] = { 0 };
	EVENT_RECORD e;
	TRACE_EVENT_INFO *t;
	ULONG st;
	u16 n = ETW_KP_PROC_FIXED + 4;	/* TOKEN_USER.Sid 0: 4 bytes */

	memcpy(b + n, "x", 2);
	n += 2;
	n += 6;				/* three empty UTF-16 strings */
	record(&e, &ProcessGuid, 2, ETW_KV_PROCESS, b, n);
	t = info_of(&e, &st);
	ASSERT_EQ(ERROR_SUCCESS, st);
	EXPECT_STREQ("", format(&e, t, "UserSID"));
	EXPECT_STREQ("x", format(&e, t, "ImageFileName"));
	free(t);
}

TEST(image_load_is_the_image_class_in_the_process_group)
{
	u8 b[128] = { 0 };
	EVENT_RECORD e;
	TRACE_EVENT_INFO *t;
	ULONG st;
	char s[32];

	put64(b + ETW_KP_IMG_BASE, 0x400000);
	memcpy(b + ETW_KP_IMG_FIXED, "/\0b\0i\0n\0", 8);
	record(&e, &ProcessGuid, 10, ETW_KV_IMAGE, b, ETW_KP_IMG_FIXED + 10);
	t = info_of(&e, &st);
	ASSERT_EQ(ERROR_SUCCESS, st);
	u8of(t, t->TaskNameOffset, s, sizeof(s));
	EXPECT_STREQ("Image", s);
	u8of(t, t->OpcodeNameOffset, s, sizeof(s));
	EXPECT_STREQ("Load", s);
	EXPECT_STREQ("0x400000", format(&e, t, "ImageBase"));
	EXPECT_STREQ("/bin", format(&e, t, "FileName"));
	free(t);
}

TEST(a_stack_has_the_frames_its_record_holds)
{
	u8 b[ETW_KP_STACK_FIXED + 3 * 8] = { 0 };
	EVENT_RECORD e;
	TRACE_EVENT_INFO *t;
	ULONG st;

	put32(b + 8, 77);			/* StackProcess */
	put64(b + ETW_KP_STACK_FIXED + 16, 0x7f0000001234ULL);
	record(&e, &StackWalkGuid, 32, ETW_KV_STACKWALK, b, sizeof(b));
	t = info_of(&e, &st);
	ASSERT_EQ(ERROR_SUCCESS, st);
	EXPECT_EQ(6, t->PropertyCount);
	EXPECT_EQ(5, prop(t, "Stack3"));
	EXPECT_EQ(-1, prop(t, "Stack4"));
	EXPECT_STREQ("77", format(&e, t, "StackProcess"));
	EXPECT_STREQ("0x7F0000001234", format(&e, t, "Stack3"));
	free(t);
}

TEST(what_tdh_does_not_describe)
{
	u8 b[512];
	EVENT_RECORD e;
	ULONG st;
	u16 n = process_start(b);

	/* another version of the class */
	record(&e, &ProcessGuid, 1, 3, b, n);
	EXPECT_EQ(NULL, info_of(&e, &st));
	EXPECT_EQ(ERROR_NOT_FOUND, st);
	/* a 32-bit writer's record (4-byte pointers) */
	record(&e, &ProcessGuid, 1, ETW_KV_PROCESS, b, n);
	e.EventHeader.Flags = EVENT_HEADER_FLAG_CLASSIC_HEADER |
			      EVENT_HEADER_FLAG_32_BIT_HEADER;
	EXPECT_EQ(NULL, info_of(&e, &st));
	EXPECT_EQ(ERROR_NOT_FOUND, st);
	/* a classic event of another provider */
	record(&e, &SystemTraceControlGuid, 1, ETW_KV_PROCESS, b, n);
	EXPECT_EQ(NULL, info_of(&e, &st));
	EXPECT_EQ(ERROR_NOT_FOUND, st);
}

TEST(a_short_record_fails_its_reads_not_the_schema)
{
	u8 b[512];
	EVENT_RECORD e;
	TRACE_EVENT_INFO *t;
	PROPERTY_DATA_DESCRIPTOR d = { 0 };
	ULONG st, v;

	process_start(b);
	record(&e, &ProcessGuid, 1, ETW_KV_PROCESS, b, 10);
	t = info_of(&e, &st);
	ASSERT_EQ(ERROR_SUCCESS, st);
	d.PropertyName = (ULONGLONG)(uintptr_t)u"SessionId";
	d.ArrayIndex = 0xFFFFFFFF;	/* not an array */
	EXPECT_NE(ERROR_SUCCESS, TdhGetProperty(&e, 0, NULL, 1, &d, 4, (PBYTE)&v));
	free(t);
}

TEST_HARNESS_MAIN
