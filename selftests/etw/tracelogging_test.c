// SPDX-License-Identifier: GPL-2.0-only
/*
 * TraceLogging (TraceLoggingProvider.h) through a real session: every
 * field macro of the SDK written by a provider, recorded by etw.ko into
 * a log file, read back with OpenTrace/ProcessTrace and decoded with
 * TdhGetEventInformation + TdhFormatProperty into the text a consumer
 * shows (seed 001, rule 9: TraceLogging events decode from the metadata
 * inside them).  Also: provider traits set at registration, with the
 * name always and the group of TraceLoggingOptionGroup (seed 004, rule 6);
 * TraceLoggingRegisterEx chaining the user's callback behind its own
 * (seed 000, rule 23); a disabled write preparing nothing; event-level
 * arguments; activity IDs.  TraceLoggingValue (C++ only) comes from
 * tracelogging_value.cc, linked in.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <TraceLoggingProvider.h>
#include <winmeta.h>

#include "tdh_decode.h"
#include "tracelogging_test.h"
#include "../kselftest_harness.h"

/* {5B6D1A3E-...}: this test's providers and group. */
#define TL_GUID (0x5b6d1a3e, 0x7c01, 0x4f2e, 0x91, 0x0a, 0x11, 0x22, 0x33, 0x44, 0x55, 0x01)
#define GRP_GUID (0x5b6d1a3e, 0x7c01, 0x4f2e, 0x91, 0x0a, 0x11, 0x22, 0x33, 0x44, 0x55, 0x02)
#define MEMBER_GUID (0x5b6d1a3e, 0x7c01, 0x4f2e, 0x91, 0x0a, 0x11, 0x22, 0x33, 0x44, 0x55, 0x03)
#define GUID_OF_(x) GUID_OF x
#define GUID_OF(l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
	{ l, w1, w2, { b1, b2, b3, b4, b5, b6, b7, b8 } }

TRACELOGGING_DEFINE_PROVIDER(g_tl, "LinuxEtw.Selftest.TraceLogging", TL_GUID);
TRACELOGGING_DEFINE_PROVIDER(g_member, "LinuxEtw.Selftest.GroupMember", MEMBER_GUID,
			     TraceLoggingOptionGroup GRP_GUID);

static const GUID tl_guid = GUID_OF_(TL_GUID);
static const GUID grp_guid = GUID_OF_(GRP_GUID);
static const GUID member_guid = GUID_OF_(MEMBER_GUID);

/* What each event must decode to. */
static struct {
	int n;
	const char *name[TD_MAX_EVENTS];
	const char *text[TD_MAX_EVENTS];
} want;

void expect_add(const char *name, const char *text)
{
	if (want.n < TD_MAX_EVENTS) {
		want.name[want.n] = name;
		want.text[want.n] = text;
		want.n++;
	}
}

#define W(name, expected, ...) do { \
		TraceLoggingWrite(g_tl, name, __VA_ARGS__); \
		expect_add(name, expected); \
	} while (0)

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[256];
	char file[1024];
};

static void props_init(struct props *b, ULONG mode, const char *file)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.LogFileMode = mode;
	b->p.BufferSize = 64;
	b->p.LoggerNameOffset = offsetof(struct props, name);
	if (file) {
		b->p.LogFileNameOffset = offsetof(struct props, file);
		snprintf(b->file, sizeof(b->file), "%s", file);
	}
}

FIXTURE(tl) {
	char name[64];
	char path[128];
	CONTROLTRACE_ID s;
	struct td_file f;
};

static unsigned int uniq;

FIXTURE_SETUP(tl)
{
	struct props b;

	if (access("/dev/etw", R_OK | W_OK))
		SKIP(return, "/dev/etw: %s", strerror(errno));
	uniq++;
	snprintf(self->name, sizeof(self->name), "tl-%d-%u", getpid(), uniq);
	snprintf(self->path, sizeof(self->path), "/tmp/tl-%d-%u.etl", getpid(), uniq);
	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL, self->path);
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&self->s, self->name, &b.p));
	want.n = 0;
}

FIXTURE_TEARDOWN(tl)
{
	struct props b;

	TraceLoggingUnregister(g_tl);
	TraceLoggingUnregister(g_member);
	if (self->s) {
		props_init(&b, 0, NULL);
		StopTraceA(self->s, NULL, &b.p);
	}
	unlink(self->path);
}

/* Stop the session and decode its file (events of @only). */
static int stop_and_read(FIXTURE_DATA(tl) *self, const GUID *only)
{
	struct props b;

	props_init(&b, 0, NULL);
	if (StopTraceA(self->s, NULL, &b.p))
		return -1;
	self->s = 0;
	return td_read(self->path, only, &self->f);
}

/* Every expected event once, with exactly its text. */
static void check_expected(struct __test_metadata *_metadata, const struct td_file *f)
{
	int i;

	for (i = 0; i < want.n; i++) {
		const struct td_event *e = td_find(f, want.name[i]);

		if (!e) {
			EXPECT_NE(NULL, e) TH_LOG("event %s not decoded", want.name[i]);
			continue;
		}
		EXPECT_STREQ(want.text[i], e->text) TH_LOG("event %s", want.name[i]);
		EXPECT_EQ(DecodingSourceTlg, e->source);
		EXPECT_STREQ("LinuxEtw.Selftest.TraceLogging", e->provider);
	}
	EXPECT_EQ(want.n, f->n);
}

#define FT1 { 0xf1d31dce, 0x01d659d6 }	/* 2020-07-14T12:04:36.9026510Z */
#define FT0 { 0xd53e8000, 0x019db1de }	/* 1970-01-01T00:00:00Z */
#define ST1 { 2024, 1, 3, 31, 12, 34, 56, 789 }
#define ST0 { 1601, 1, 1, 1, 0, 0, 0, 0 }
#define G1 { 0x0cd1c309, 0x0878, 0x4515, { 0x83, 0xdb, 0x74, 0x98, 0x43, 0xb3, 0xf5, 0xc9 } }
#define G0 { 0, 0, 0, { 0 } }
#define IP4 0x0302010a	/* 10.1.2.3 in network order */

/* Generated from one table: each scalar, fixed-array and array field macro. */
static void write_scalars(void)
{
	{
		static const INT8 a[3] = { -5, 7, -128 };

		W("Int8", "v=-5", TraceLoggingInt8(a[0], "v"));
		W("Int8FixedArray", "v=[-5,7,-128]", TraceLoggingInt8FixedArray(a, 3, "v"));
		W("Int8Array", "v.Count=2; v=[-5,7]", TraceLoggingInt8Array(a, 2, "v"));
	}
	{
		static const UINT8 a[3] = { 250, 0, 1 };

		W("UInt8", "v=250", TraceLoggingUInt8(a[0], "v"));
		W("UInt8FixedArray", "v=[250,0,1]", TraceLoggingUInt8FixedArray(a, 3, "v"));
		W("UInt8Array", "v.Count=2; v=[250,0]", TraceLoggingUInt8Array(a, 2, "v"));
	}
	{
		static const INT16 a[3] = { -300, 2, 3 };

		W("Int16", "v=-300", TraceLoggingInt16(a[0], "v"));
		W("Int16FixedArray", "v=[-300,2,3]", TraceLoggingInt16FixedArray(a, 3, "v"));
		W("Int16Array", "v.Count=2; v=[-300,2]", TraceLoggingInt16Array(a, 2, "v"));
	}
	{
		static const UINT16 a[3] = { 65000, 1, 2 };

		W("UInt16", "v=65000", TraceLoggingUInt16(a[0], "v"));
		W("UInt16FixedArray", "v=[65000,1,2]", TraceLoggingUInt16FixedArray(a, 3, "v"));
		W("UInt16Array", "v.Count=2; v=[65000,1]", TraceLoggingUInt16Array(a, 2, "v"));
	}
	{
		static const INT32 a[3] = { -70000, 1, 2 };

		W("Int32", "v=-70000", TraceLoggingInt32(a[0], "v"));
		W("Int32FixedArray", "v=[-70000,1,2]", TraceLoggingInt32FixedArray(a, 3, "v"));
		W("Int32Array", "v.Count=2; v=[-70000,1]", TraceLoggingInt32Array(a, 2, "v"));
	}
	{
		static const UINT32 a[3] = { 4000000000u, 1, 2 };

		W("UInt32", "v=4000000000", TraceLoggingUInt32(a[0], "v"));
		W("UInt32FixedArray", "v=[4000000000,1,2]", TraceLoggingUInt32FixedArray(a, 3, "v"));
		W("UInt32Array", "v.Count=2; v=[4000000000,1]", TraceLoggingUInt32Array(a, 2, "v"));
	}
	{
		static const INT64 a[3] = { -5000000000LL, 1, 2 };

		W("Int64", "v=-5000000000", TraceLoggingInt64(a[0], "v"));
		W("Int64FixedArray", "v=[-5000000000,1,2]", TraceLoggingInt64FixedArray(a, 3, "v"));
		W("Int64Array", "v.Count=2; v=[-5000000000,1]", TraceLoggingInt64Array(a, 2, "v"));
	}
	{
		static const UINT64 a[3] = { 18000000000000000000ULL, 1, 2 };

		W("UInt64", "v=18000000000000000000", TraceLoggingUInt64(a[0], "v"));
		W("UInt64FixedArray", "v=[18000000000000000000,1,2]", TraceLoggingUInt64FixedArray(a, 3, "v"));
		W("UInt64Array", "v.Count=2; v=[18000000000000000000,1]", TraceLoggingUInt64Array(a, 2, "v"));
	}
	{
		static const INT_PTR a[3] = { -7, 1, 2 };

		W("IntPtr", "v=-7", TraceLoggingIntPtr(a[0], "v"));
		W("IntPtrFixedArray", "v=[-7,1,2]", TraceLoggingIntPtrFixedArray(a, 3, "v"));
		W("IntPtrArray", "v.Count=2; v=[-7,1]", TraceLoggingIntPtrArray(a, 2, "v"));
	}
	{
		static const UINT_PTR a[3] = { 7, 1, 2 };

		W("UIntPtr", "v=7", TraceLoggingUIntPtr(a[0], "v"));
		W("UIntPtrFixedArray", "v=[7,1,2]", TraceLoggingUIntPtrFixedArray(a, 3, "v"));
		W("UIntPtrArray", "v.Count=2; v=[7,1]", TraceLoggingUIntPtrArray(a, 2, "v"));
	}
	{
		static const LONG a[3] = { -8, 1, 2 };

		W("Long", "v=-8", TraceLoggingLong(a[0], "v"));
		W("LongFixedArray", "v=[-8,1,2]", TraceLoggingLongFixedArray(a, 3, "v"));
		W("LongArray", "v.Count=2; v=[-8,1]", TraceLoggingLongArray(a, 2, "v"));
	}
	{
		static const ULONG a[3] = { 8, 1, 2 };

		W("ULong", "v=8", TraceLoggingULong(a[0], "v"));
		W("ULongFixedArray", "v=[8,1,2]", TraceLoggingULongFixedArray(a, 3, "v"));
		W("ULongArray", "v.Count=2; v=[8,1]", TraceLoggingULongArray(a, 2, "v"));
	}
	{
		static const INT8 a[3] = { -1, 16, 0 };

		W("HexInt8", "v=0xFF", TraceLoggingHexInt8(a[0], "v"));
		W("HexInt8FixedArray", "v=[0xFF,0x10,0x0]", TraceLoggingHexInt8FixedArray(a, 3, "v"));
		W("HexInt8Array", "v.Count=2; v=[0xFF,0x10]", TraceLoggingHexInt8Array(a, 2, "v"));
	}
	{
		static const UINT8 a[3] = { 0xAB, 1, 0 };

		W("HexUInt8", "v=0xAB", TraceLoggingHexUInt8(a[0], "v"));
		W("HexUInt8FixedArray", "v=[0xAB,0x1,0x0]", TraceLoggingHexUInt8FixedArray(a, 3, "v"));
		W("HexUInt8Array", "v.Count=2; v=[0xAB,0x1]", TraceLoggingHexUInt8Array(a, 2, "v"));
	}
	{
		static const INT16 a[3] = { 0x1234, -1, 0 };

		W("HexInt16", "v=0x1234", TraceLoggingHexInt16(a[0], "v"));
		W("HexInt16FixedArray", "v=[0x1234,0xFFFF,0x0]", TraceLoggingHexInt16FixedArray(a, 3, "v"));
		W("HexInt16Array", "v.Count=2; v=[0x1234,0xFFFF]", TraceLoggingHexInt16Array(a, 2, "v"));
	}
	{
		static const UINT16 a[3] = { 0xBEEF, 1, 0 };

		W("HexUInt16", "v=0xBEEF", TraceLoggingHexUInt16(a[0], "v"));
		W("HexUInt16FixedArray", "v=[0xBEEF,0x1,0x0]", TraceLoggingHexUInt16FixedArray(a, 3, "v"));
		W("HexUInt16Array", "v.Count=2; v=[0xBEEF,0x1]", TraceLoggingHexUInt16Array(a, 2, "v"));
	}
	{
		static const INT32 a[3] = { -1, 0x10, 0 };

		W("HexInt32", "v=0xFFFFFFFF", TraceLoggingHexInt32(a[0], "v"));
		W("HexInt32FixedArray", "v=[0xFFFFFFFF,0x10,0x0]", TraceLoggingHexInt32FixedArray(a, 3, "v"));
		W("HexInt32Array", "v.Count=2; v=[0xFFFFFFFF,0x10]", TraceLoggingHexInt32Array(a, 2, "v"));
	}
	{
		static const UINT32 a[3] = { 0xDEADBEEF, 1, 0 };

		W("HexUInt32", "v=0xDEADBEEF", TraceLoggingHexUInt32(a[0], "v"));
		W("HexUInt32FixedArray", "v=[0xDEADBEEF,0x1,0x0]", TraceLoggingHexUInt32FixedArray(a, 3, "v"));
		W("HexUInt32Array", "v.Count=2; v=[0xDEADBEEF,0x1]", TraceLoggingHexUInt32Array(a, 2, "v"));
	}
	{
		static const INT64 a[3] = { 0x123456789LL, -1, 0 };

		W("HexInt64", "v=0x123456789", TraceLoggingHexInt64(a[0], "v"));
		W("HexInt64FixedArray", "v=[0x123456789,0xFFFFFFFFFFFFFFFF,0x0]", TraceLoggingHexInt64FixedArray(a, 3, "v"));
		W("HexInt64Array", "v.Count=2; v=[0x123456789,0xFFFFFFFFFFFFFFFF]", TraceLoggingHexInt64Array(a, 2, "v"));
	}
	{
		static const UINT64 a[3] = { 0xFEDCBA9876543210ULL, 1, 0 };

		W("HexUInt64", "v=0xFEDCBA9876543210", TraceLoggingHexUInt64(a[0], "v"));
		W("HexUInt64FixedArray", "v=[0xFEDCBA9876543210,0x1,0x0]", TraceLoggingHexUInt64FixedArray(a, 3, "v"));
		W("HexUInt64Array", "v.Count=2; v=[0xFEDCBA9876543210,0x1]", TraceLoggingHexUInt64Array(a, 2, "v"));
	}
	{
		static const INT_PTR a[3] = { 0x10, 0x20, 0 };

		W("HexIntPtr", "v=0x10", TraceLoggingHexIntPtr(a[0], "v"));
		W("HexIntPtrFixedArray", "v=[0x10,0x20,0x0]", TraceLoggingHexIntPtrFixedArray(a, 3, "v"));
		W("HexIntPtrArray", "v.Count=2; v=[0x10,0x20]", TraceLoggingHexIntPtrArray(a, 2, "v"));
	}
	{
		static const UINT_PTR a[3] = { 0x11, 0x21, 0 };

		W("HexUIntPtr", "v=0x11", TraceLoggingHexUIntPtr(a[0], "v"));
		W("HexUIntPtrFixedArray", "v=[0x11,0x21,0x0]", TraceLoggingHexUIntPtrFixedArray(a, 3, "v"));
		W("HexUIntPtrArray", "v.Count=2; v=[0x11,0x21]", TraceLoggingHexUIntPtrArray(a, 2, "v"));
	}
	{
		static const LONG a[3] = { 42, -1, 0 };

		W("HexLong", "v=0x2A", TraceLoggingHexLong(a[0], "v"));
		W("HexLongFixedArray", "v=[0x2A,0xFFFFFFFF,0x0]", TraceLoggingHexLongFixedArray(a, 3, "v"));
		W("HexLongArray", "v.Count=2; v=[0x2A,0xFFFFFFFF]", TraceLoggingHexLongArray(a, 2, "v"));
	}
	{
		static const ULONG a[3] = { 0x2B, 1, 0 };

		W("HexULong", "v=0x2B", TraceLoggingHexULong(a[0], "v"));
		W("HexULongFixedArray", "v=[0x2B,0x1,0x0]", TraceLoggingHexULongFixedArray(a, 3, "v"));
		W("HexULongArray", "v.Count=2; v=[0x2B,0x1]", TraceLoggingHexULongArray(a, 2, "v"));
	}
	{
		static const float a[3] = { 1.5f, -0.25f, 0 };

		W("Float32", "v=1.5", TraceLoggingFloat32(a[0], "v"));
		W("Float32FixedArray", "v=[1.5,-0.25,0]", TraceLoggingFloat32FixedArray(a, 3, "v"));
		W("Float32Array", "v.Count=2; v=[1.5,-0.25]", TraceLoggingFloat32Array(a, 2, "v"));
	}
	{
		static const double a[3] = { -2.25, 100.5, 0 };

		W("Float64", "v=-2.25", TraceLoggingFloat64(a[0], "v"));
		W("Float64FixedArray", "v=[-2.25,100.5,0]", TraceLoggingFloat64FixedArray(a, 3, "v"));
		W("Float64Array", "v.Count=2; v=[-2.25,100.5]", TraceLoggingFloat64Array(a, 2, "v"));
	}
	{
		static const BOOLEAN a[3] = { 1, 0, 1 };

		W("Boolean", "v=true", TraceLoggingBoolean(a[0], "v"));
		W("BooleanFixedArray", "v=[true,false,true]", TraceLoggingBooleanFixedArray(a, 3, "v"));
		W("BooleanArray", "v.Count=2; v=[true,false]", TraceLoggingBooleanArray(a, 2, "v"));
	}
	{
		static const INT32 a[3] = { 0, 1, 0 };

		W("Bool", "v=false", TraceLoggingBool(a[0], "v"));
		W("BoolFixedArray", "v=[false,true,false]", TraceLoggingBoolFixedArray(a, 3, "v"));
		W("BoolArray", "v.Count=2; v=[false,true]", TraceLoggingBoolArray(a, 2, "v"));
	}
	{
		static const char a[3] = { 'Z', 'a', '0' };

		W("Char", "v=Z", TraceLoggingChar(a[0], "v"));
		W("CharFixedArray", "v=[Z,a,0]", TraceLoggingCharFixedArray(a, 3, "v"));
		W("CharArray", "v.Count=2; v=[Z,a]", TraceLoggingCharArray(a, 2, "v"));
	}
	{
		static const char16_t a[3] = { 0xE9, 'x', 'y' };

		W("Char16", "v=\xc3\xa9", TraceLoggingChar16(a[0], "v"));
		W("Char16FixedArray", "v=[\xc3\xa9,x,y]", TraceLoggingChar16FixedArray(a, 3, "v"));
		W("Char16Array", "v.Count=2; v=[\xc3\xa9,x]", TraceLoggingChar16Array(a, 2, "v"));
	}
	{
		static const WCHAR a[3] = { 'w', 0x263A, 'q' };

		W("WChar", "v=w", TraceLoggingWChar(a[0], "v"));
		W("WCharFixedArray", "v=[w,\xe2\x98\xba,q]", TraceLoggingWCharFixedArray(a, 3, "v"));
		W("WCharArray", "v.Count=2; v=[w,\xe2\x98\xba]", TraceLoggingWCharArray(a, 2, "v"));
	}
	{
		static void const *const a[3] = { (void const *)0x1000, (void const *)0x2000, NULL };

		W("Pointer", "v=0x1000", TraceLoggingPointer(a[0], "v"));
		W("PointerFixedArray", "v=[0x1000,0x2000,0x0]", TraceLoggingPointerFixedArray(a, 3, "v"));
		W("PointerArray", "v.Count=2; v=[0x1000,0x2000]", TraceLoggingPointerArray(a, 2, "v"));
	}
	{
		static void const *const a[3] = { (void const *)0x3000, (void const *)0x4000, NULL };

		W("CodePointer", "v=0x3000", TraceLoggingCodePointer(a[0], "v"));
		W("CodePointerFixedArray", "v=[0x3000,0x4000,0x0]", TraceLoggingCodePointerFixedArray(a, 3, "v"));
		W("CodePointerArray", "v.Count=2; v=[0x3000,0x4000]", TraceLoggingCodePointerArray(a, 2, "v"));
	}
	{
		const struct _FILETIME a[3] = { FT1, FT0, FT0 };

		W("FileTime", "v=2020-07-14T12:04:36.9026510Z", TraceLoggingFileTime(a[0], "v"));
		W("FileTimeFixedArray", "v=[2020-07-14T12:04:36.9026510Z,1970-01-01T00:00:00.0000000Z,1970-01-01T00:00:00.0000000Z]", TraceLoggingFileTimeFixedArray(a, 3, "v"));
		W("FileTimeArray", "v.Count=2; v=[2020-07-14T12:04:36.9026510Z,1970-01-01T00:00:00.0000000Z]", TraceLoggingFileTimeArray(a, 2, "v"));
	}
	{
		const struct _FILETIME a[3] = { FT1, FT0, FT0 };

		W("FileTimeUtc", "v=2020-07-14T12:04:36.9026510Z", TraceLoggingFileTimeUtc(a[0], "v"));
		W("FileTimeUtcFixedArray", "v=[2020-07-14T12:04:36.9026510Z,1970-01-01T00:00:00.0000000Z,1970-01-01T00:00:00.0000000Z]", TraceLoggingFileTimeUtcFixedArray(a, 3, "v"));
		W("FileTimeUtcArray", "v.Count=2; v=[2020-07-14T12:04:36.9026510Z,1970-01-01T00:00:00.0000000Z]", TraceLoggingFileTimeUtcArray(a, 2, "v"));
	}
	{
		const struct _SYSTEMTIME a[3] = { ST1, ST0, ST0 };

		W("SystemTime", "v=2024-01-31T12:34:56.789", TraceLoggingSystemTime(a[0], "v"));
		W("SystemTimeFixedArray", "v=[2024-01-31T12:34:56.789,1601-01-01T00:00:00.000,1601-01-01T00:00:00.000]", TraceLoggingSystemTimeFixedArray(a, 3, "v"));
		W("SystemTimeArray", "v.Count=2; v=[2024-01-31T12:34:56.789,1601-01-01T00:00:00.000]", TraceLoggingSystemTimeArray(a, 2, "v"));
	}
	{
		const struct _SYSTEMTIME a[3] = { ST1, ST0, ST0 };

		W("SystemTimeUtc", "v=2024-01-31T12:34:56.789Z", TraceLoggingSystemTimeUtc(a[0], "v"));
		W("SystemTimeUtcFixedArray", "v=[2024-01-31T12:34:56.789Z,1601-01-01T00:00:00.000Z,1601-01-01T00:00:00.000Z]", TraceLoggingSystemTimeUtcFixedArray(a, 3, "v"));
		W("SystemTimeUtcArray", "v.Count=2; v=[2024-01-31T12:34:56.789Z,1601-01-01T00:00:00.000Z]", TraceLoggingSystemTimeUtcArray(a, 2, "v"));
	}
	{
		const GUID a[3] = { G1, G0, G0 };

		W("Guid", "v={0CD1C309-0878-4515-83DB-749843B3F5C9}", TraceLoggingGuid(a[0], "v"));
		W("GuidFixedArray", "v=[{0CD1C309-0878-4515-83DB-749843B3F5C9},{00000000-0000-0000-0000-000000000000},{00000000-0000-0000-0000-000000000000}]", TraceLoggingGuidFixedArray(a, 3, "v"));
		W("GuidArray", "v.Count=2; v=[{0CD1C309-0878-4515-83DB-749843B3F5C9},{00000000-0000-0000-0000-000000000000}]", TraceLoggingGuidArray(a, 2, "v"));
	}
	W("Pid", "v=1234", TraceLoggingPid(1234, "v"));
	W("Tid", "v=5678", TraceLoggingTid(5678, "v"));
	W("Port", "v=443", TraceLoggingPort(htons(443), "v"));
	W("IPv4Address", "v=10.1.2.3", TraceLoggingIPv4Address(IP4, "v"));
	W("WinError", "v=Access is denied.", TraceLoggingWinError(5, "v"));
	W("NTStatus", "v=Object Name not found.", TraceLoggingNTStatus((NTSTATUS)0xC0000034, "v"));
	W("HResult", "v=Unspecified error", TraceLoggingHResult((HRESULT)0x80004005, "v"));
	W("Errno", "v=2", TraceLoggingErrno(2, "v"));
}

/* The field macros beyond the scalars: strings, binary, structs, packing. */
struct bufdesc {
	USHORT Length;
	const void *Buffer;
};

static void write_others(void)
{
	static const char s8[] = "h\xc3\xa9llo";
	static const WCHAR w16[] = u"w\u00efde";
	static const char *nul;
	static const WCHAR *wnul;
	static const STRING as = { 3, 4, (PCHAR)"xyz!" };
	static const UNICODE_STRING us = { 4, 6, (PWSTR)u"uvw" };
	static const UINT8 bin[] = { 1, 2, 3 }, cafe[] = { 0xCA, 0xFE };
	static const UINT8 v6[16] = { [15] = 1 };
	static const UINT8 v6b[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 5 };
	/* A Windows SOCKADDR_IN: family 2, port 80 (big-endian), 10.0.0.1. */
	static const UINT8 sin[16] = { 2, 0, 0, 80, 10, 0, 0, 1 };
	static const struct bufdesc bb = { 2, cafe }, bb6 = { 16, v6 };
	static const struct { BYTE rev, cnt, auth[6]; DWORD sub[1]; } sid = {
		1, 1, { 0, 0, 0, 0, 0, 5 }, { 18 } };
	static const UINT32 seven = 7;
	static const INT32 pair[2] = { 1, 2 }, quad[4] = { 1, 2, 3, 4 };
	static const UINT16 two = 2;
	static const UINT8 cbin[] = { 1, 2 };

	W("String", "v=hello", TraceLoggingString("hello", "v"));
	W("StringNull", "v=", TraceLoggingString(nul, "v"));
	W("Utf8String", "v=h\xc3\xa9llo", TraceLoggingUtf8String(s8, "v"));
	W("String16", "v=wide", TraceLoggingString16(u"wide", "v"));
	W("WideString", "v=w\xc3\xaf" "de", TraceLoggingWideString(w16, "v"));
	W("WideStringNull", "v=", TraceLoggingWideString(wnul, "v"));
	W("CountedString", "v=abc", TraceLoggingCountedString("abcdef", 3, "v"));
	W("CountedUtf8String", "v=h\xc3\xa9", TraceLoggingCountedUtf8String(s8, 3, "v"));
	W("CountedString16", "v=wi", TraceLoggingCountedString16(u"wide", 2, "v"));
	W("CountedWideString", "v=w\xc3\xaf", TraceLoggingCountedWideString(w16, 2, "v"));
	W("AnsiString", "v=xyz", TraceLoggingAnsiString(&as, "v"));
	W("UnicodeString", "v=uv", TraceLoggingUnicodeString(&us, "v"));
	W("Binary", "v=0x010203", TraceLoggingBinary(bin, 3, "v"));
	W("BinaryEx", "v=::1", TraceLoggingBinaryEx(v6, 16, TlgOutIPV6, "v"));
	W("SocketAddress", "v=10.0.0.1:80", TraceLoggingSocketAddress(sin, sizeof(sin), "v"));
	W("IPv6Address", "v=2001:db8::5", TraceLoggingIPv6Address(v6b, "v"));
	W("BinaryBuffer", "v=0xCAFE", TraceLoggingBinaryBuffer(&bb, struct bufdesc, "v"));
	W("BinaryBufferEx", "v=::1",
	  TraceLoggingBinaryBufferEx(&bb6, struct bufdesc, TlgOutIPV6, "v"));
	W("Sid", "v=S-1-5-18", TraceLoggingSid(&sid, "v"));
	W("Struct", "s={a=1,b=x}; after=2", TraceLoggingStruct(2, "s"),
	  TraceLoggingInt32(1, "a"), TraceLoggingString("x", "b"),
	  TraceLoggingInt32(2, "after"));
	W("NestedStruct", "o={i={x=1,y=2},z=3}", TraceLoggingStruct(2, "o"),
	  TraceLoggingStruct(2, "i"), TraceLoggingInt32(1, "x"),
	  TraceLoggingInt32(2, "y"), TraceLoggingInt32(3, "z"));
	W("PackedField", "v=7", TraceLoggingPackedField(&seven, 4, TlgInUINT32, "v"));
	W("PackedFieldEx", "v=0x7",
	  TraceLoggingPackedFieldEx(&seven, 4, TlgInUINT32, TlgOutHEX, "v"));
	W("PackedMetadata", "a=1; b=2", TraceLoggingPackedData(pair, 8),
	  TraceLoggingPackedMetadata(TlgInINT32, "a"),
	  TraceLoggingPackedMetadataEx(TlgInINT32, TlgOutSIGNED, "b"));
	W("PackedStruct", "r={l=1,t=2}", TraceLoggingPackedData(pair, 8),
	  TraceLoggingPackedStruct(2, "r"), TraceLoggingPackedMetadata(TlgInINT32, "l"),
	  TraceLoggingPackedMetadata(TlgInINT32, "t"));
	W("PackedStructArray", "r.Count=2; r=[{l=1,t=2},{l=3,t=4}]",
	  TraceLoggingPackedData(&two, 2), TraceLoggingPackedData(quad, 16),
	  TraceLoggingPackedStructArray(2, "r"),
	  TraceLoggingPackedMetadata(TlgInINT32, "l"),
	  TraceLoggingPackedMetadata(TlgInINT32, "t"));
	W("Custom", "v=0x0102", TraceLoggingCustom(cbin, 2, 5, (0x0A, 0x0B), 2, "v"));
	W("DefaultName", "seven=7", TraceLoggingUInt32(seven));
	W("Described", "v=1", TraceLoggingInt32(1, "v", "a description", 0x0ABCDEF),
	  TraceLoggingDescription("event description"),
	  TraceLoggingCustomAttribute("key", "value"));
	TraceLoggingWrite(g_tl, "NoFields");
	expect_add("NoFields", "");
	/* 97 fields + level + keyword: 99 arguments, the SDK maximum. */
	TraceLoggingWrite(g_tl, "NinetyNine", TraceLoggingLevel(4), TraceLoggingKeyword(0x1),
		TraceLoggingUInt8(1, "f1"), TraceLoggingUInt8(2, "f2"), TraceLoggingUInt8(3, "f3"), TraceLoggingUInt8(4, "f4"), TraceLoggingUInt8(5, "f5"), TraceLoggingUInt8(6, "f6"), TraceLoggingUInt8(7, "f7"), TraceLoggingUInt8(8, "f8"), TraceLoggingUInt8(9, "f9"), TraceLoggingUInt8(10, "f10"), TraceLoggingUInt8(11, "f11"), TraceLoggingUInt8(12, "f12"), TraceLoggingUInt8(13, "f13"), TraceLoggingUInt8(14, "f14"), TraceLoggingUInt8(15, "f15"), TraceLoggingUInt8(16, "f16"), TraceLoggingUInt8(17, "f17"), TraceLoggingUInt8(18, "f18"), TraceLoggingUInt8(19, "f19"), TraceLoggingUInt8(20, "f20"), TraceLoggingUInt8(21, "f21"), TraceLoggingUInt8(22, "f22"), TraceLoggingUInt8(23, "f23"), TraceLoggingUInt8(24, "f24"), TraceLoggingUInt8(25, "f25"), TraceLoggingUInt8(26, "f26"), TraceLoggingUInt8(27, "f27"), TraceLoggingUInt8(28, "f28"), TraceLoggingUInt8(29, "f29"), TraceLoggingUInt8(30, "f30"), TraceLoggingUInt8(31, "f31"), TraceLoggingUInt8(32, "f32"), TraceLoggingUInt8(33, "f33"), TraceLoggingUInt8(34, "f34"), TraceLoggingUInt8(35, "f35"), TraceLoggingUInt8(36, "f36"), TraceLoggingUInt8(37, "f37"), TraceLoggingUInt8(38, "f38"), TraceLoggingUInt8(39, "f39"), TraceLoggingUInt8(40, "f40"), TraceLoggingUInt8(41, "f41"), TraceLoggingUInt8(42, "f42"), TraceLoggingUInt8(43, "f43"), TraceLoggingUInt8(44, "f44"), TraceLoggingUInt8(45, "f45"), TraceLoggingUInt8(46, "f46"), TraceLoggingUInt8(47, "f47"), TraceLoggingUInt8(48, "f48"), TraceLoggingUInt8(49, "f49"), TraceLoggingUInt8(50, "f50"), TraceLoggingUInt8(51, "f51"), TraceLoggingUInt8(52, "f52"), TraceLoggingUInt8(53, "f53"), TraceLoggingUInt8(54, "f54"), TraceLoggingUInt8(55, "f55"), TraceLoggingUInt8(56, "f56"), TraceLoggingUInt8(57, "f57"), TraceLoggingUInt8(58, "f58"), TraceLoggingUInt8(59, "f59"), TraceLoggingUInt8(60, "f60"), TraceLoggingUInt8(61, "f61"), TraceLoggingUInt8(62, "f62"), TraceLoggingUInt8(63, "f63"), TraceLoggingUInt8(64, "f64"), TraceLoggingUInt8(65, "f65"), TraceLoggingUInt8(66, "f66"), TraceLoggingUInt8(67, "f67"), TraceLoggingUInt8(68, "f68"), TraceLoggingUInt8(69, "f69"), TraceLoggingUInt8(70, "f70"), TraceLoggingUInt8(71, "f71"), TraceLoggingUInt8(72, "f72"), TraceLoggingUInt8(73, "f73"), TraceLoggingUInt8(74, "f74"), TraceLoggingUInt8(75, "f75"), TraceLoggingUInt8(76, "f76"), TraceLoggingUInt8(77, "f77"), TraceLoggingUInt8(78, "f78"), TraceLoggingUInt8(79, "f79"), TraceLoggingUInt8(80, "f80"), TraceLoggingUInt8(81, "f81"), TraceLoggingUInt8(82, "f82"), TraceLoggingUInt8(83, "f83"), TraceLoggingUInt8(84, "f84"), TraceLoggingUInt8(85, "f85"), TraceLoggingUInt8(86, "f86"), TraceLoggingUInt8(87, "f87"), TraceLoggingUInt8(88, "f88"), TraceLoggingUInt8(89, "f89"), TraceLoggingUInt8(90, "f90"), TraceLoggingUInt8(91, "f91"), TraceLoggingUInt8(92, "f92"), TraceLoggingUInt8(93, "f93"), TraceLoggingUInt8(94, "f94"), TraceLoggingUInt8(95, "f95"), TraceLoggingUInt8(96, "f96"), TraceLoggingUInt8(97, "f97"));
	expect_add("NinetyNine", "f1=1; f2=2; f3=3; f4=4; f5=5; f6=6; f7=7; f8=8; f9=9; f10=10; f11=11; f12=12; f13=13; f14=14; f15=15; f16=16; f17=17; f18=18; f19=19; f20=20; f21=21; f22=22; f23=23; f24=24; f25=25; f26=26; f27=27; f28=28; f29=29; f30=30; f31=31; f32=32; f33=33; f34=34; f35=35; f36=36; f37=37; f38=38; f39=39; f40=40; f41=41; f42=42; f43=43; f44=44; f45=45; f46=46; f47=47; f48=48; f49=49; f50=50; f51=51; f52=52; f53=53; f54=54; f55=55; f56=56; f57=57; f58=58; f59=59; f60=60; f61=61; f62=62; f63=63; f64=64; f65=65; f66=66; f67=67; f68=68; f69=69; f70=70; f71=71; f72=72; f73=73; f74=74; f75=75; f76=76; f77=77; f78=78; f79=79; f80=80; f81=81; f82=82; f83=83; f84=84; f85=85; f86=86; f87=87; f88=88; f89=89; f90=90; f91=91; f92=92; f93=93; f94=94; f95=95; f96=96; f97=97");
}

/*
 * Every field macro, through a session and TDH.  Seed 001, rule 9: each
 * decodes from the metadata inside the event (DecodingSourceTlg).
 */
TEST_F(tl, every_field_macro_round_trips)
{
	ASSERT_EQ(S_OK, TraceLoggingRegister(g_tl));
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s, &tl_guid, 1, 5, 0, 0, 0, NULL));
	ASSERT_TRUE(TraceLoggingProviderEnabled(g_tl, 5, 0));
	write_scalars();
	write_others();
	write_values();
	ASSERT_LT(150, want.n);
	ASSERT_LE(0, stop_and_read(self, &tl_guid));
	check_expected(_metadata, &self->f);
}

/*
 * Seed 004, rule 6: TraceLoggingRegister sets the provider traits by
 * itself -- the name always, the group from TraceLoggingOptionGroup --
 * so every event carries them, and enabling the group enables the
 * provider (rule 9).
 */
TEST_F(tl, registration_sets_traits_name_and_group)
{
	static const UINT8 grp_trait[19] = { 19, 0, 1, 0x3e, 0x1a, 0x6d, 0x5b, 0x01, 0x7c,
					     0x2e, 0x4f, 0x91, 0x0a, 0x11, 0x22, 0x33,
					     0x44, 0x55, 0x02 };
	ENABLE_TRACE_PARAMETERS ep = { 0 };
	const struct td_event *e;

	ASSERT_EQ(S_OK, TraceLoggingRegister(g_member));
	EXPECT_FALSE(TraceLoggingProviderEnabled(g_member, 0, 0));
	ep.Version = ENABLE_TRACE_PARAMETERS_VERSION_2;
	ep.EnableProperty = EVENT_ENABLE_PROPERTY_PROVIDER_GROUP;
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s, &grp_guid, 1, 4, 0, 0, 0, &ep));
	EXPECT_TRUE(TraceLoggingProviderEnabled(g_member, 4, 0));
	EXPECT_FALSE(TraceLoggingProviderEnabled(g_member, 5, 0));
	TraceLoggingWrite(g_member, "Member", TraceLoggingLevel(4), TraceLoggingInt32(3, "n"));
	TraceLoggingWrite(g_member, "TooVerbose", TraceLoggingLevel(5));
	ASSERT_EQ(1, stop_and_read(self, &member_guid));
	e = td_find(&self->f, "Member");
	ASSERT_NE(NULL, e);
	EXPECT_STREQ("n=3", e->text);
	EXPECT_STREQ("LinuxEtw.Selftest.GroupMember", e->provider);
	ASSERT_TRUE(e->has_traits);
	EXPECT_STREQ("LinuxEtw.Selftest.GroupMember", e->traits_name);
	/* UINT16 size, name, NUL, then the group trait. */
	ASSERT_EQ(2 + 30 + 19, e->traits_len);
	EXPECT_EQ(0, memcmp(e->traits + 32, grp_trait, 19));
}

/* Seed 000, rule 23: TraceLogging's own callback, then the user's. */
static struct {
	int n;
	ULONG is_enabled;
	UCHAR level;
	ULONGLONG any, all;
	PVOID ctx;
	BOOLEAN enabled_inside;	/* TraceLoggingProviderEnabled, in the callback */
} cb;

static VOID NTAPI user_callback(LPCGUID src, ULONG is_enabled, UCHAR level,
				ULONGLONG any, ULONGLONG all,
				PEVENT_FILTER_DESCRIPTOR fd, PVOID ctx)
{
	(void)src;
	(void)fd;
	cb.n++;
	cb.is_enabled = is_enabled;
	cb.level = level;
	cb.any = any;
	cb.all = all;
	cb.ctx = ctx;
	cb.enabled_inside = TraceLoggingProviderEnabled(g_tl, level, 0x2);
}

TEST_F(tl, register_ex_chains_the_user_callback)
{
	static int context;

	memset(&cb, 0, sizeof(cb));
	ASSERT_EQ(S_OK, TraceLoggingRegisterEx(g_tl, user_callback, &context));
	/* Registering twice is refused; the handle stays usable. */
	EXPECT_EQ(HRESULT_FROM_WIN32(ERROR_INVALID_STATE), TraceLoggingRegister(g_tl));
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s, &tl_guid, 1, 3, 0x6, 0x2, 0, NULL));
	EXPECT_EQ(1, cb.n);
	EXPECT_EQ(EVENT_CONTROL_CODE_ENABLE_PROVIDER, cb.is_enabled);
	EXPECT_EQ(3, cb.level);
	EXPECT_EQ(0x6, cb.any);
	EXPECT_EQ(0x2, cb.all);
	EXPECT_EQ(&context, cb.ctx);
	/* TraceLogging recorded the state before calling the user. */
	EXPECT_TRUE(cb.enabled_inside);
	EXPECT_TRUE(TraceLoggingProviderEnabled(g_tl, 3, 0x6));
	EXPECT_FALSE(TraceLoggingProviderEnabled(g_tl, 4, 0x6));	/* level */
	EXPECT_FALSE(TraceLoggingProviderEnabled(g_tl, 3, 0x4));	/* all: 0x2 */
	EXPECT_FALSE(TraceLoggingProviderEnabled(g_tl, 3, 0x8));	/* any */
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s, &tl_guid, 0, 0, 0, 0, 0, NULL));
	EXPECT_EQ(2, cb.n);
	EXPECT_EQ(EVENT_CONTROL_CODE_DISABLE_PROVIDER, cb.is_enabled);
	EXPECT_FALSE(TraceLoggingProviderEnabled(g_tl, 0, 0));
	/* Unregistered: no more callbacks, writes are no-ops. */
	TraceLoggingUnregister(g_tl);
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s, &tl_guid, 1, 5, 0, 0, 0, NULL));
	EXPECT_EQ(2, cb.n);
	TraceLoggingWrite(g_tl, "AfterUnregister");
	/* ...and registering again works. */
	ASSERT_EQ(S_OK, TraceLoggingRegister(g_tl));
	EXPECT_TRUE(TraceLoggingProviderEnabled(g_tl, 5, 0));
	TraceLoggingWrite(g_tl, "AfterReregister");
	ASSERT_EQ(1, stop_and_read(self, &tl_guid));
	EXPECT_NE(NULL, td_find(&self->f, "AfterReregister"));
}

/* A disabled write evaluates nothing and writes nothing. */
static int calls;

static int side_effect(void)
{
	return ++calls;
}

TEST_F(tl, disabled_write_prepares_nothing)
{
	calls = 0;
	/* Unregistered. */
	TraceLoggingWrite(g_tl, "Unregistered", TraceLoggingInt32(side_effect(), "n"));
	ASSERT_EQ(S_OK, TraceLoggingRegister(g_tl));
	/* Registered, no session yet. */
	TraceLoggingWrite(g_tl, "NotEnabled", TraceLoggingInt32(side_effect(), "n"));
	EXPECT_EQ(0, calls);
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s, &tl_guid, 1, 3, 0x1, 0, 0, NULL));
	/* Above the level, or outside the keywords. */
	TraceLoggingWrite(g_tl, "Verbose", TraceLoggingLevel(5),
			  TraceLoggingInt32(side_effect(), "n"));
	TraceLoggingWrite(g_tl, "OtherKeyword", TraceLoggingLevel(2),
			  TraceLoggingKeyword(0x4), TraceLoggingInt32(side_effect(), "n"));
	EXPECT_EQ(0, calls);
	TraceLoggingWrite(g_tl, "Wanted", TraceLoggingLevel(2), TraceLoggingKeyword(0x1),
			  TraceLoggingInt32(side_effect(), "n"));
	EXPECT_EQ(1, calls);
	ASSERT_EQ(1, stop_and_read(self, &tl_guid));
	EXPECT_STREQ("n=1", self->f.ev[0].text);
}

/*
 * Event-level arguments become the EVENT_DESCRIPTOR: the last level,
 * opcode and channel win, keywords are OR'ed; the defaults are level 5,
 * opcode 0, channel 11.  TraceLoggingWriteActivity passes activity IDs.
 */
TEST_F(tl, event_level_arguments_and_activity_ids)
{
	static const GUID act = { 0xAC, 1, 2, { 3, 4, 5, 6, 7, 8, 9, 10 } };
	static const GUID rel = { 0x3E1, 1, 2, { 3, 4, 5, 6, 7, 8, 9, 10 } };
	const struct td_event *e;

	ASSERT_EQ(S_OK, TraceLoggingRegister(g_tl));
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s, &tl_guid, 1, 0, 0, 0, 0, NULL));
	TraceLoggingWrite(g_tl, "Defaults");
	TraceLoggingWrite(g_tl, "Set", TraceLoggingLevel(1), TraceLoggingLevel(WINEVENT_LEVEL_WARNING),
			  TraceLoggingOpcode(WINEVENT_OPCODE_START), TraceLoggingKeyword(0x10),
			  TraceLoggingKeyword(0x1000000000ULL), TraceLoggingChannel(9),
			  TraceLoggingEventTag(0x0FE00000));
	TraceLoggingWriteActivity(g_tl, "Activity", &act, &rel, TraceLoggingInt32(1, "v"));
	TraceLoggingWriteEx(g_tl, "Ex", 0, 0, &act, NULL, TraceLoggingInt32(2, "v"));
	ASSERT_EQ(4, stop_and_read(self, &tl_guid));
	e = td_find(&self->f, "Defaults");
	ASSERT_NE(NULL, e);
	EXPECT_EQ(5, e->header.EventDescriptor.Level);
	EXPECT_EQ(0, e->header.EventDescriptor.Opcode);
	EXPECT_EQ(11, e->header.EventDescriptor.Channel);
	EXPECT_EQ(0, e->header.EventDescriptor.Keyword);
	e = td_find(&self->f, "Set");
	ASSERT_NE(NULL, e);
	EXPECT_EQ(3, e->header.EventDescriptor.Level);
	EXPECT_EQ(1, e->header.EventDescriptor.Opcode);
	EXPECT_EQ(9, e->header.EventDescriptor.Channel);
	EXPECT_EQ(0x1000000010ULL, e->header.EventDescriptor.Keyword);
	e = td_find(&self->f, "Activity");
	ASSERT_NE(NULL, e);
	EXPECT_TRUE(IsEqualGUID(&act, &e->header.ActivityId));
	ASSERT_TRUE(e->has_related);
	EXPECT_TRUE(IsEqualGUID(&rel, &e->related));
	e = td_find(&self->f, "Ex");
	ASSERT_NE(NULL, e);
	EXPECT_STREQ("v=2", e->text);
	EXPECT_TRUE(IsEqualGUID(&act, &e->header.ActivityId));
	EXPECT_FALSE(e->has_related);
}

TEST_HARNESS_MAIN
