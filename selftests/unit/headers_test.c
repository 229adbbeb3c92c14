// SPDX-License-Identifier: GPL-2.0-only
/*
 * libetw's Windows-compatible headers: what the static assertions inside
 * them cannot check.  Inline helpers (EventDescCreate, EventDataDescCreate,
 * GetEventProcessorIndex, EtwGetTraitFromProviderTraits), A/W selection
 * under UNICODE (with headers_unicode.c, built with UNICODE), TEXT(),
 * HRESULT_FROM_WIN32, GUIDs, unions and bitfields.
 *
 * This translation unit defines neither UNICODE nor INITGUID.
 */
#include <stdlib.h>
#include <string.h>

#include <windows.h>
#include <wmistr.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>

#include "headers_test.h"
#include "../kselftest_harness.h"

#define STR2(x) #x
#define STR(x) STR2(x)

/* Declared only: headers_unicode.c defines it under INITGUID. */
DEFINE_GUID(HeadersTestGuid, 0x01020304, 0x0506, 0x0708,
	    0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10);

/* Reference §0.1: without UNICODE the unsuffixed names select A. */
_Static_assert(__builtin_types_compatible_p(EVENT_TRACE_LOGFILE, EVENT_TRACE_LOGFILEA),
	       "EVENT_TRACE_LOGFILE is the A form without UNICODE");
_Static_assert(__builtin_types_compatible_p(__typeof__(&StartTrace), __typeof__(&StartTraceA)),
	       "StartTrace is StartTraceA without UNICODE");
_Static_assert(__builtin_types_compatible_p(TCHAR, char), "TCHAR is char without UNICODE");
_Static_assert(_Generic(TEXT("x"), char *: 1, default: 0), "TEXT() is a char string");
/* Usable in constant expressions, as in the SDK. */
_Static_assert(HRESULT_FROM_WIN32(ERROR_ACCESS_DENIED) == E_ACCESSDENIED, "HRESULT_FROM_WIN32");

static const char *const ansi_names[] = {
	STR(StartTrace), STR(ControlTrace), STR(StopTrace), STR(QueryTrace),
	STR(UpdateTrace), STR(FlushTrace), STR(QueryAllTraces), STR(OpenTrace),
	STR(RegisterTraceGuids), STR(EVENT_TRACE_LOGFILE), STR(PEVENT_TRACE_LOGFILE),
	STR(PEVENT_TRACE_BUFFER_CALLBACK), STR(KERNEL_LOGGER_NAME),
	STR(GLOBAL_LOGGER_NAME), STR(EVENT_LOGGER_NAME), NULL,
};

/* The A names above with their W counterparts, in the same order. */
static const char *const a_expected[] = {
	"StartTraceA", "ControlTraceA", "StopTraceA", "QueryTraceA",
	"UpdateTraceA", "FlushTraceA", "QueryAllTracesA", "OpenTraceA",
	"RegisterTraceGuidsA", "EVENT_TRACE_LOGFILEA", "PEVENT_TRACE_LOGFILEA",
	"PEVENT_TRACE_BUFFER_CALLBACKA", "\"NT Kernel Logger\"",
	"\"GlobalLogger\"", "\"EventLog\"",
};
static const char *const w_expected[] = {
	"StartTraceW", "ControlTraceW", "StopTraceW", "QueryTraceW",
	"UpdateTraceW", "FlushTraceW", "QueryAllTracesW", "OpenTraceW",
	"RegisterTraceGuidsW", "EVENT_TRACE_LOGFILEW", "PEVENT_TRACE_LOGFILEW",
	"PEVENT_TRACE_BUFFER_CALLBACKW", "u\"NT Kernel Logger\"",
	"u\"GlobalLogger\"", "u\"EventLog\"",
};

/* Reference §1.2: EventDescCreate(d, Id, Version, Channel, Level, Task, Opcode, Keyword). */
TEST(event_desc_create_argument_order)
{
	EVENT_DESCRIPTOR d;
	unsigned char raw[sizeof(d)];

	memset(&d, 0xA5, sizeof(d));
	EventDescCreate(&d, 0x1234, 5, 16, TRACE_LEVEL_INFORMATION, 0xBEEF, 7,
			0x8000000000000001ULL);
	EXPECT_EQ(0x1234, d.Id);
	EXPECT_EQ(5, d.Version);
	EXPECT_EQ(16, d.Channel);
	EXPECT_EQ(4, d.Level);
	EXPECT_EQ(0xBEEF, d.Task);	/* Task is the 5th value argument... */
	EXPECT_EQ(7, d.Opcode);		/* ...Opcode the 6th */
	EXPECT_EQ(0x8000000000000001ULL, d.Keyword);

	/* The same at the byte level (x86-64 offsets, little-endian). */
	memcpy(raw, &d, sizeof(raw));
	EXPECT_EQ(0x34, raw[0]);
	EXPECT_EQ(0x12, raw[1]);
	EXPECT_EQ(5, raw[2]);
	EXPECT_EQ(16, raw[3]);
	EXPECT_EQ(4, raw[4]);
	EXPECT_EQ(7, raw[5]);		/* Opcode @5 */
	EXPECT_EQ(0xEF, raw[6]);	/* Task @6 */
	EXPECT_EQ(0xBE, raw[7]);
	EXPECT_EQ(0x01, raw[8]);
	EXPECT_EQ(0x80, raw[15]);

	EXPECT_EQ(0x1234, EventDescGetId(&d));
	EXPECT_EQ(5, EventDescGetVersion(&d));
	EXPECT_EQ(0xBEEF, EventDescGetTask(&d));
	EXPECT_EQ(7, EventDescGetOpcode(&d));
	EXPECT_EQ(16, EventDescGetChannel(&d));
	EXPECT_EQ(4, EventDescGetLevel(&d));
	EXPECT_EQ(0x8000000000000001ULL, EventDescGetKeyword(&d));
}

TEST(event_desc_setters_and_zero)
{
	EVENT_DESCRIPTOR d;
	static const unsigned char zero[sizeof(EVENT_DESCRIPTOR)];

	memset(&d, 0xFF, sizeof(d));
	EventDescZero(&d);
	EXPECT_EQ(0, memcmp(&d, zero, sizeof(d)));

	/* Setters return the descriptor, so they chain. */
	EXPECT_EQ(&d, EventDescSetKeyword(EventDescSetChannel(EventDescSetLevel(
		EventDescSetOpcode(EventDescSetTask(EventDescSetVersion(
		EventDescSetId(&d, 9), 1), 300), 2), 5), 11), 0x10));
	EXPECT_EQ(9, d.Id);
	EXPECT_EQ(1, d.Version);
	EXPECT_EQ(300, d.Task);
	EXPECT_EQ(2, d.Opcode);
	EXPECT_EQ(5, d.Level);
	EXPECT_EQ(11, d.Channel);
	EXPECT_EQ(0x10, d.Keyword);
	EXPECT_EQ(&d, EventDescOrKeyword(&d, 0x3));
	EXPECT_EQ(0x13, d.Keyword);
}

/* Seed 002, rules 1-2 and 6: Ptr holds the address, Size the length, Reserved is 0. */
TEST(event_data_desc_create)
{
	EVENT_DATA_DESCRIPTOR d;
	unsigned char raw[sizeof(d)];
	static const char payload[] = "abc";

	memset(&d, 0xFF, sizeof(d));
	EventDataDescCreate(&d, payload, sizeof(payload));
	EXPECT_EQ((ULONGLONG)(ULONG_PTR)payload, d.Ptr);
	EXPECT_EQ(sizeof(payload), d.Size);
	EXPECT_EQ(0, d.Reserved);
	EXPECT_EQ(EVENT_DATA_DESCRIPTOR_TYPE_NONE, d.Type);
	EXPECT_EQ(0, d.Reserved1);
	EXPECT_EQ(0, d.Reserved2);
	memcpy(raw, &d, sizeof(raw));
	EXPECT_EQ(0, raw[12] | raw[13] | raw[14] | raw[15]);

	/* Type shares the union with Reserved (low byte). */
	d.Type = EVENT_DATA_DESCRIPTOR_TYPE_PROVIDER_METADATA;
	EXPECT_EQ(2, d.Reserved);

	memset(&d, 0xFF, sizeof(d));
	EventDataDescCreate(&d, NULL, 0);
	EXPECT_EQ(0, d.Ptr);
	EXPECT_EQ(0, d.Size);
	EXPECT_EQ(0, d.Reserved);
}

/* Reference §0.1: unsuffixed names are A without UNICODE, W with it. */
TEST(unicode_selects_w_names)
{
	const char *const *w = unicode_selected_names();
	int i;

	for (i = 0; ansi_names[i]; i++) {
		EXPECT_STREQ(a_expected[i], ansi_names[i]);
		ASSERT_NE(NULL, w[i]);
		EXPECT_STREQ(w_expected[i], w[i]);
	}
	EXPECT_EQ(NULL, w[i]);
	EXPECT_EQ(1, sizeof(TCHAR));
	EXPECT_EQ(2, unicode_tchar_size());
}

/* TEXT() under UNICODE is a char16_t (WCHAR) literal, never wchar_t. */
TEST(text_is_utf16_under_unicode)
{
	static const WCHAR abc[] = { 'a', 'b', 'c', 0 };
	static const WCHAR nt[] = u"NT Kernel Logger";
	size_t size;
	const void *p;

	p = unicode_text_abc(&size);
	EXPECT_EQ(sizeof(abc), size);
	EXPECT_EQ(8, size);
	EXPECT_EQ(0, memcmp(p, abc, sizeof(abc)));

	p = unicode_kernel_logger_name(&size);
	EXPECT_EQ(sizeof(nt), size);
	EXPECT_EQ(0, memcmp(p, nt, sizeof(nt)));
	EXPECT_EQ(0, memcmp(p, KERNEL_LOGGER_NAMEW, sizeof(KERNEL_LOGGER_NAMEW)));

	/* Without UNICODE, TEXT() and KERNEL_LOGGER_NAME are plain char. */
	EXPECT_EQ(4, sizeof(TEXT("abc")));
	EXPECT_STREQ("NT Kernel Logger", KERNEL_LOGGER_NAME);
	EXPECT_STREQ(KERNEL_LOGGER_NAMEA, KERNEL_LOGGER_NAME);
}

/* Reference §0.3: HRESULT_FROM_WIN32(e) = e ? 0x80070000 | (e & 0xFFFF) : 0. */
TEST(hresult_from_win32)
{
	EXPECT_EQ(S_OK, HRESULT_FROM_WIN32(ERROR_SUCCESS));
	EXPECT_EQ(0, HRESULT_FROM_WIN32(0));
	EXPECT_EQ((HRESULT)0x80070005U, HRESULT_FROM_WIN32(ERROR_ACCESS_DENIED));
	EXPECT_EQ(E_ACCESSDENIED, HRESULT_FROM_WIN32(ERROR_ACCESS_DENIED));
	EXPECT_EQ(E_INVALIDARG, HRESULT_FROM_WIN32(ERROR_INVALID_PARAMETER));
	EXPECT_EQ(E_OUTOFMEMORY, HRESULT_FROM_WIN32(ERROR_OUTOFMEMORY));
	EXPECT_EQ((HRESULT)0x80070032U, HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED));
	EXPECT_EQ((HRESULT)0x80073A9DU, HRESULT_FROM_WIN32(ERROR_EVT_INVALID_EVENT_DATA));
	/* Only the low 16 bits of the code survive. */
	EXPECT_EQ((HRESULT)0x80072345U, HRESULT_FROM_WIN32(0x12345));
	EXPECT_EQ((HRESULT)0x80070000U, HRESULT_FROM_WIN32(0x10000));

	EXPECT_TRUE(FAILED(HRESULT_FROM_WIN32(ERROR_TIMEOUT)));
	EXPECT_TRUE(SUCCEEDED(HRESULT_FROM_WIN32(ERROR_SUCCESS)));
	EXPECT_TRUE(SUCCEEDED(S_FALSE));
	EXPECT_TRUE(FAILED(E_FAIL));
	EXPECT_EQ((HRESULT)0x80004005U, E_FAIL);
	EXPECT_EQ((HRESULT)0x8007000EU, E_OUTOFMEMORY);
	EXPECT_EQ((HRESULT)0x80070057U, E_INVALIDARG);
	EXPECT_EQ(ERROR_INVALID_PARAMETER, HRESULT_CODE(E_INVALIDARG));
	EXPECT_EQ(FACILITY_WIN32, HRESULT_FACILITY(E_INVALIDARG));
}

/* Reference §0.3: every Win32 code, by value. */
TEST(win32_error_values)
{
	static const struct { const char *name; long long have, want; } codes[] = {
#define C(name, value) { #name, name, value }
		C(ERROR_SUCCESS, 0), C(NO_ERROR, 0), C(ERROR_INVALID_FUNCTION, 1),
		C(ERROR_FILE_NOT_FOUND, 2), C(ERROR_PATH_NOT_FOUND, 3),
		C(ERROR_ACCESS_DENIED, 5), C(ERROR_INVALID_HANDLE, 6),
		C(ERROR_NOT_ENOUGH_MEMORY, 8), C(ERROR_BAD_FORMAT, 11),
		C(ERROR_INVALID_DATA, 13), C(ERROR_OUTOFMEMORY, 14),
		C(ERROR_BAD_LENGTH, 24), C(ERROR_HANDLE_EOF, 38),
		C(ERROR_NOT_SUPPORTED, 50), C(ERROR_INVALID_PARAMETER, 87),
		C(ERROR_DISK_FULL, 112), C(ERROR_INSUFFICIENT_BUFFER, 122),
		C(ERROR_INVALID_NAME, 123), C(ERROR_BAD_ARGUMENTS, 160),
		C(ERROR_BAD_PATHNAME, 161), C(ERROR_BUSY, 170),
		C(ERROR_ALREADY_EXISTS, 183), C(ERROR_INVALID_FLAG_NUMBER, 186),
		C(ERROR_MORE_DATA, 234), C(ERROR_NO_MORE_ITEMS, 259),
		C(ERROR_ARITHMETIC_OVERFLOW, 534), C(ERROR_NOACCESS, 998),
		C(ERROR_INVALID_FLAGS, 1004), C(ERROR_NOT_FOUND, 1168),
		C(ERROR_CANCELLED, 1223), C(ERROR_PRIVILEGE_NOT_HELD, 1314),
		C(ERROR_FILE_CORRUPT, 1392), C(ERROR_NO_SYSTEM_RESOURCES, 1450),
		C(ERROR_TIMEOUT, 1460), C(ERROR_INVALID_TIME, 1901),
		C(ERROR_WMI_GUID_NOT_FOUND, 4200), C(ERROR_WMI_INSTANCE_NOT_FOUND, 4201),
		C(ERROR_WMI_ALREADY_ENABLED, 4206), C(ERROR_WMI_SERVER_UNAVAILABLE, 4208),
		C(ERROR_WMI_ALREADY_DISABLED, 4212), C(ERROR_INVALID_STATE, 5023),
		C(ERROR_CTX_CLOSE_PENDING, 7007), C(ERROR_EVT_INVALID_EVENT_DATA, 15005),
		C(STATUS_LOG_FILE_FULL, 0xC0000188LL),
#undef C
	};
	size_t i;
	ULONG status = STATUS_LOG_FILE_FULL;	/* as EventWrite returns it */

	for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		if (codes[i].have != codes[i].want)
			TH_LOG("%s = %lld, want %lld", codes[i].name, codes[i].have, codes[i].want);
		EXPECT_EQ(codes[i].want, codes[i].have);
	}
	EXPECT_TRUE(status == STATUS_LOG_FILE_FULL);
}

TEST(guid_compare_and_layout)
{
	GUID a = { 0x9e814aad, 0x3204, 0x11d2, { 0x9a, 0x82, 0x00, 0x60, 0x08, 0xa8, 0x69, 0x39 } };
	GUID b = a;
	/* Reference §0.1: Data1..Data3 little-endian in memory, Data4 as bytes. */
	static const unsigned char stcg[16] = {
		0xad, 0x4a, 0x81, 0x9e, 0x04, 0x32, 0xd2, 0x11,
		0x9a, 0x82, 0x00, 0x60, 0x08, 0xa8, 0x69, 0x39,
	};
	static const unsigned char zero[16];

	EXPECT_TRUE(IsEqualGUID(&a, &b));
	EXPECT_TRUE(InlineIsEqualGUID(&a, &b));
	EXPECT_TRUE(IsEqualGUID(&a, &SystemTraceControlGuid));
	EXPECT_EQ(0, memcmp(&SystemTraceControlGuid, stcg, 16));
	b.Data4[7] ^= 1;
	EXPECT_FALSE(IsEqualGUID(&a, &b));
	EXPECT_FALSE(InlineIsEqualGUID(&a, &b));
	b = a;
	b.Data1 ^= 0x80000000;
	EXPECT_FALSE(IsEqualGUID(&a, &b));

	EXPECT_EQ(0, memcmp(&GUID_NULL, zero, 16));
	EXPECT_TRUE(IsEqualGUID(&GUID_NULL, &IID_NULL));
	EXPECT_FALSE(IsEqualGUID(&GUID_NULL, &EventTraceGuid));

	/* Reference §2.4: the well-known GUIDs, by value. */
	EXPECT_EQ(0x68fdd900, EventTraceGuid.Data1);
	EXPECT_EQ(0x4a3e, EventTraceGuid.Data2);
	EXPECT_EQ(0x11d1, EventTraceGuid.Data3);
	EXPECT_EQ(0xe3, EventTraceGuid.Data4[7]);
	EXPECT_EQ(0x01853a65, EventTraceConfigGuid.Data1);
	EXPECT_EQ(0x35, EventTraceConfigGuid.Data4[7]);
	EXPECT_EQ(0x0811c1af, DefaultTraceSecurityGuid.Data1);
	EXPECT_EQ(0x13, DefaultTraceSecurityGuid.Data4[7]);
	EXPECT_EQ(0x3595ab5c, PrivateLoggerNotificationGuid.Data1);
	EXPECT_EQ(0xb1, PrivateLoggerNotificationGuid.Data4[7]);
}

/* guiddef.h: DEFINE_GUID declares here and defines in the INITGUID unit. */
TEST(define_guid_initguid_rule)
{
	EXPECT_EQ(0x01020304, HeadersTestGuid.Data1);
	EXPECT_EQ(0x0506, HeadersTestGuid.Data2);
	EXPECT_EQ(0x0708, HeadersTestGuid.Data3);
	EXPECT_EQ(0x10, HeadersTestGuid.Data4[7]);
}

/*
 * EtwGetTraitFromProviderTraits on a copy of the blob in a heap block of
 * exactly its declared size, so an over-read is caught under ASan.
 */
struct trait_result {
	int found;
	size_t offset;		/* of the returned data, from the blob start */
	USHORT size;
};

static struct trait_result find_trait(const void *blob, size_t len, UCHAR type)
{
	struct trait_result r = { 0, 0, 0 };
	unsigned char *copy = malloc(len);
	PVOID trait = (PVOID)&r;	/* garbage: must be reset */
	USHORT size = 0xFFFF;

	memcpy(copy, blob, len);
	EtwGetTraitFromProviderTraits(copy, type, &trait, &size);
	if (trait) {
		r.found = 1;
		r.offset = (size_t)((unsigned char *)trait - copy);
	}
	r.size = size;
	free(copy);
	return r;
}

/* Reference §5.3 example: "MyProvider", no traits. */
static const unsigned char tr_name_only[] = {
	0x0D, 0x00, 'M', 'y', 'P', 'r', 'o', 'v', 'i', 'd', 'e', 'r', 0x00,
};

/* "P" + a group trait (size 19, type 1, GUID) — seed 004 rules 3-5. */
static const unsigned char tr_group[] = {
	0x17, 0x00, 'P', 0x00,
	0x13, 0x00, 0x01,
	0xad, 0x4a, 0x81, 0x9e, 0x04, 0x32, 0xd2, 0x11,
	0x9a, 0x82, 0x00, 0x60, 0x08, 0xa8, 0x69, 0x39,
};

/* "AB" + custom type 200 (2 bytes) + decode GUID (type 2) + group (type 1). */
static const unsigned char tr_many[] = {
	0x30, 0x00, 'A', 'B', 0x00,
	0x05, 0x00, 200, 0xCA, 0xFE,
	0x13, 0x00, 0x02, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
	0x13, 0x00, 0x01, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
};

TEST(traits_good_blobs)
{
	struct trait_result r;

	ASSERT_EQ(sizeof(tr_group), tr_group[0]);
	ASSERT_EQ(sizeof(tr_many), tr_many[0]);

	r = find_trait(tr_name_only, sizeof(tr_name_only), EtwProviderTraitTypeGroup);
	EXPECT_FALSE(r.found);
	EXPECT_EQ(0, r.size);

	r = find_trait(tr_group, sizeof(tr_group), EtwProviderTraitTypeGroup);
	ASSERT_TRUE(r.found);
	EXPECT_EQ(7, r.offset);
	EXPECT_EQ(16, r.size);	/* TraitSize - 3 = the group GUID */
	EXPECT_EQ(0, memcmp(tr_group + r.offset, &SystemTraceControlGuid, 16));

	r = find_trait(tr_group, sizeof(tr_group), EtwProviderTraitDecodeGuid);
	EXPECT_FALSE(r.found);

	/* A custom (>= 128) trait is skipped over to find the group... */
	r = find_trait(tr_many, sizeof(tr_many), EtwProviderTraitTypeGroup);
	ASSERT_TRUE(r.found);
	EXPECT_EQ(5 + 5 + 19 + 3, r.offset);
	EXPECT_EQ(16, r.size);
	EXPECT_EQ(16, tr_many[r.offset]);
	/* ...and found itself. */
	r = find_trait(tr_many, sizeof(tr_many), 200);
	ASSERT_TRUE(r.found);
	EXPECT_EQ(8, r.offset);
	EXPECT_EQ(2, r.size);
	EXPECT_EQ(0xCA, tr_many[r.offset]);
	r = find_trait(tr_many, sizeof(tr_many), EtwProviderTraitDecodeGuid);
	ASSERT_TRUE(r.found);
	EXPECT_EQ(13, r.offset);
	EXPECT_EQ(16, r.size);
	r = find_trait(tr_many, sizeof(tr_many), 77);
	EXPECT_FALSE(r.found);
}

TEST(traits_unaligned_blob)
{
	unsigned char buf[sizeof(tr_group) + 1];
	PVOID trait = NULL;
	USHORT size = 0;

	/* Reference §1.6: byte-packed; an odd address must work. */
	memcpy(buf + 1, tr_group, sizeof(tr_group));
	EtwGetTraitFromProviderTraits(buf + 1, EtwProviderTraitTypeGroup, &trait, &size);
	EXPECT_EQ((void *)(buf + 1 + 7), trait);
	EXPECT_EQ(16, size);
}

/* Reference §1.6: size < 3 -> not found. */
TEST(traits_too_small)
{
	static const unsigned char two[] = { 0x02, 0x00 };
	static const unsigned char zero[] = { 0x00, 0x00, 0x00 };
	/* Declared size 2, but a valid-looking group trait follows in memory. */
	static const unsigned char lying[] = {
		0x02, 0x00, 0x00, 0x13, 0x00, 0x01,
		1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
	};
	static const unsigned char empty_name[] = { 0x03, 0x00, 0x00 };
	struct trait_result r;

	r = find_trait(two, sizeof(two), 0);
	EXPECT_FALSE(r.found);
	EXPECT_EQ(0, r.size);
	r = find_trait(zero, sizeof(zero), 0);
	EXPECT_FALSE(r.found);
	r = find_trait(lying, sizeof(lying), EtwProviderTraitTypeGroup);
	EXPECT_FALSE(r.found);
	r = find_trait(empty_name, sizeof(empty_name), 0);
	EXPECT_FALSE(r.found);
}

/* The name has no NUL within the blob: nothing after it is a trait. */
TEST(traits_name_without_nul)
{
	static const unsigned char blob[] = { 0x06, 0x00, 'a', 'b', 'c', 'd' };
	/* Same, but with a well-formed trait after the declared end. */
	static const unsigned char beyond[] = {
		0x06, 0x00, 'a', 'b', 'c', 'd',
		0x05, 0x00, 0x01, 0xAA, 0xBB,
	};
	struct trait_result r;
	PVOID trait = (PVOID)blob;
	USHORT size = 1;

	r = find_trait(blob, sizeof(blob), 0);
	EXPECT_FALSE(r.found);
	r = find_trait(blob, sizeof(blob), 'd');
	EXPECT_FALSE(r.found);
	EtwGetTraitFromProviderTraits((PVOID)beyond, EtwProviderTraitTypeGroup, &trait, &size);
	EXPECT_EQ(NULL, trait);
	EXPECT_EQ(0, size);
}

/* Reference §1.6: stop on TraitSize < 3. */
TEST(traits_trait_size_below_3)
{
	/* A 2-byte "trait" of the wanted type, then a valid group trait. */
	static const unsigned char blob[] = {
		0x1A, 0x00, 'N', 0x00,
		0x02, 0x00, 0x01,
		0x13, 0x00, 0x01, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
	};
	static const unsigned char zero_size[] = {
		0x1A, 0x00, 'N', 0x00,
		0x00, 0x00, 0x01,
		0x13, 0x00, 0x01, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
	};
	struct trait_result r;

	ASSERT_EQ(sizeof(blob), blob[0]);
	r = find_trait(blob, sizeof(blob), EtwProviderTraitTypeGroup);
	EXPECT_FALSE(r.found);
	EXPECT_EQ(0, r.size);
	r = find_trait(zero_size, sizeof(zero_size), EtwProviderTraitTypeGroup);
	EXPECT_FALSE(r.found);
}

/* Reference §1.6: a trait is returned only if it fits in the blob. */
TEST(traits_trait_overruns_blob)
{
	/* Group trait claims 19 bytes, but the blob ends 4 bytes early. */
	static const unsigned char cut[] = {
		0x14, 0x00, 'N', 0x00,
		0x13, 0x00, 0x01, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
	};
	/* A huge first trait of another type: the walk must not go past the end. */
	static const unsigned char huge[] = {
		0x0C, 0x00, 'N', 0x00,
		0xFF, 0xFF, 0x05,
		0x05, 0x00, 0x01, 0xAA, 0xBB,
	};
	/* One or two bytes left after a trait: no room for another header. */
	static const unsigned char tail1[] = {
		0x09, 0x00, 'N', 0x00, 0x04, 0x00, 0xC8, 0x11, 0x03,
	};
	static const unsigned char tail2[] = {
		0x0A, 0x00, 'N', 0x00, 0x04, 0x00, 0xC8, 0x11, 0x13, 0x00,
	};
	struct trait_result r;

	ASSERT_EQ(sizeof(cut), cut[0]);
	r = find_trait(cut, sizeof(cut), EtwProviderTraitTypeGroup);
	EXPECT_FALSE(r.found);
	EXPECT_EQ(0, r.size);
	r = find_trait(huge, sizeof(huge), EtwProviderTraitTypeGroup);
	EXPECT_FALSE(r.found);
	r = find_trait(tail1, sizeof(tail1), 0x03);
	EXPECT_FALSE(r.found);
	r = find_trait(tail2, sizeof(tail2), 0x00);
	EXPECT_FALSE(r.found);
	/* The complete trait before the tail is still found. */
	r = find_trait(tail2, sizeof(tail2), 200);
	ASSERT_TRUE(r.found);
	EXPECT_EQ(7, r.offset);
	EXPECT_EQ(1, r.size);
}

/* Reference §3.4: ProcessorIndex with EVENT_HEADER_FLAG_PROCESSOR_INDEX, else ProcessorNumber. */
TEST(get_event_processor_index)
{
	EVENT_RECORD rec;

	memset(&rec, 0, sizeof(rec));
	rec.BufferContext.ProcessorIndex = 0x0102;
	EXPECT_EQ(0x02, rec.BufferContext.ProcessorNumber);
	EXPECT_EQ(0x01, rec.BufferContext.Alignment);
	EXPECT_EQ(0x02, GetEventProcessorIndex(&rec));
	rec.EventHeader.Flags = EVENT_HEADER_FLAG_PROCESSOR_INDEX;
	EXPECT_EQ(0x0102, GetEventProcessorIndex(&rec));
	rec.EventHeader.Flags = EVENT_HEADER_FLAG_PROCESSOR_INDEX | EVENT_HEADER_FLAG_EXTENDED_INFO;
	rec.BufferContext.ProcessorIndex = 300;
	EXPECT_EQ(300, GetEventProcessorIndex(&rec));
	rec.EventHeader.Flags = EVENT_HEADER_FLAG_EXTENDED_INFO | EVENT_HEADER_FLAG_CLASSIC_HEADER;
	EXPECT_EQ(300 & 0xFF, GetEventProcessorIndex(&rec));
}

/* Reference §3.5: USHORT Linkage:1, Reserved2:15 at offset 4. */
TEST(extended_data_item_bitfield)
{
	EVENT_HEADER_EXTENDED_DATA_ITEM item;
	unsigned char raw[sizeof(item)];

	memset(&item, 0, sizeof(item));
	item.Linkage = 1;
	item.DataSize = 0x1234;
	memcpy(raw, &item, sizeof(raw));
	EXPECT_EQ(0x01, raw[4]);
	EXPECT_EQ(0x00, raw[5]);
	EXPECT_EQ(0x34, raw[6]);

	memset(&item, 0, sizeof(item));
	item.Reserved2 = 0x7FFF;
	memcpy(raw, &item, sizeof(raw));
	EXPECT_EQ(0xFE, raw[4]);
	EXPECT_EQ(0xFF, raw[5]);
	EXPECT_EQ(0, raw[6]);
	EXPECT_EQ(0, (int)item.Linkage);
}

/* Seed 003, rule 5: Version = Type | Level << 8 | Class.Version << 16. */
TEST(instance_header_version_rollup)
{
	EVENT_INSTANCE_HEADER h;
	EVENT_TRACE_HEADER t;

	memset(&h, 0, sizeof(h));
	h.Class.Type = EVENT_TRACE_TYPE_START;
	h.Class.Level = TRACE_LEVEL_INFORMATION;
	h.Class.Version = 0x0203;
	EXPECT_EQ(0x02030401u, h.Version);
	h.Flags = WNODE_FLAG_TRACED_GUID | WNODE_FLAG_USE_MOF_PTR;
	EXPECT_EQ(0x00120000u, h.EventId | h.Flags);
	EXPECT_EQ(0x0012000000000000ull, h.ProcessorTime);

	memset(&t, 0, sizeof(t));
	t.Class.Type = EVENT_TRACE_TYPE_END;
	t.Class.Level = TRACE_LEVEL_ERROR;
	EXPECT_EQ(0x0202u, t.Version);
	t.GuidPtr = 0x1122334455667788ull;
	EXPECT_EQ(0x55667788u, t.Guid.Data1);
}

static VOID WINAPI record_cb(PEVENT_RECORD rec)
{
	(void)rec;
}

/* Seed 001, rule 3: EventCallback and EventRecordCallback share storage. */
TEST(logfile_callback_union)
{
	EVENT_TRACE_LOGFILEA lf;
	PEVENT_RECORD_CALLBACK cb = record_cb;

	memset(&lf, 0, sizeof(lf));
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME | PROCESS_TRACE_MODE_EVENT_RECORD;
	EXPECT_EQ(0x10000100u, lf.LogFileMode);
	lf.EventRecordCallback = record_cb;
	EXPECT_EQ(0, memcmp(&lf.EventCallback, &cb, sizeof(cb)));
}

/* Reference §2.2: properties are allocated with the names after the struct. */
TEST(trace_properties_allocation)
{
	const char name[] = "MySession";
	const char file[] = "/tmp/my.etl";
	ULONG size = sizeof(EVENT_TRACE_PROPERTIES) + sizeof(name) + sizeof(file);
	PEVENT_TRACE_PROPERTIES p = calloc(1, size);
	EVENT_TRACE_PROPERTIES_V2 v2;

	ASSERT_NE(NULL, p);
	p->Wnode.BufferSize = size;
	p->Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	p->Wnode.ClientContext = 1;
	p->LoggerNameOffset = sizeof(EVENT_TRACE_PROPERTIES);
	p->LogFileNameOffset = sizeof(EVENT_TRACE_PROPERTIES) + sizeof(name);
	memcpy((char *)p + p->LoggerNameOffset, name, sizeof(name));
	memcpy((char *)p + p->LogFileNameOffset, file, sizeof(file));
	EXPECT_EQ(120, p->LoggerNameOffset);
	EXPECT_STREQ("/tmp/my.etl", (char *)p + p->LogFileNameOffset);
	p->Wnode.HistoricalContext = 0x1122334455667788ull;
	EXPECT_EQ(0x55667788u, p->Wnode.Version);
	EXPECT_EQ(0x11223344u, p->Wnode.Linkage);
	free(p);

	/* V2 bitfields live in the low bits of their unions. */
	memset(&v2, 0, sizeof(v2));
	v2.VersionNumber = 2;
	EXPECT_EQ(2, v2.V2Control);
	v2.Wow = 1;
	EXPECT_EQ(1, v2.V2Options);
	v2.ExcludeKernelStack = 1;
	EXPECT_EQ(9, v2.V2Options);
}

TEST(base_types)
{
	LARGE_INTEGER li;
	ULARGE_INTEGER uli;

	/* Reference §0.1: LONG is 32-bit and signed, ULONG unsigned, BOOLEAN a byte. */
	EXPECT_TRUE((LONG)-1 < 0);
	EXPECT_TRUE((ULONG)-1 == 0xFFFFFFFFu);
	EXPECT_TRUE((ULONG64)-1 == 0xFFFFFFFFFFFFFFFFull);
	EXPECT_EQ(1, sizeof(BOOLEAN));
	EXPECT_EQ(4, sizeof(BOOL));
	EXPECT_EQ(2, sizeof(WCHAR));

	li.QuadPart = 0x1122334455667788ll;
	EXPECT_EQ(0x55667788u, li.LowPart);
	EXPECT_EQ(0x11223344, li.HighPart);
	EXPECT_EQ(0x55667788u, li.u.LowPart);
	li.QuadPart = -2;
	EXPECT_EQ(-1, li.HighPart);
	uli.QuadPart = 0xFFFFFFFF00000001ull;
	EXPECT_EQ(0xFFFFFFFFu, uli.HighPart);

	/* Reference §3.1: INVALID_PROCESSTRACE_HANDLE is all ones on 64-bit. */
	EXPECT_EQ(0xFFFFFFFFFFFFFFFFull, INVALID_PROCESSTRACE_HANDLE);
	EXPECT_EQ((HANDLE)(LONG_PTR)-1, INVALID_HANDLE_VALUE);
}

/* Spot checks of values that are easy to get wrong. */
TEST(constant_values)
{
	/* Seed 000, rule 4 */
	EXPECT_EQ(0, EVENT_CONTROL_CODE_DISABLE_PROVIDER);
	EXPECT_EQ(1, EVENT_CONTROL_CODE_ENABLE_PROVIDER);
	EXPECT_EQ(2, EVENT_CONTROL_CODE_CAPTURE_STATE);
	/* Reference §1.6: SDK values, DecodeGuid included */
	EXPECT_EQ(1, EtwProviderTraitTypeGroup);
	EXPECT_EQ(2, EtwProviderTraitDecodeGuid);
	EXPECT_EQ(3, EtwProviderTraitTypeMax);
	/* Seed 002, rule 4 */
	EXPECT_EQ(3, EVENT_DATA_DESCRIPTOR_TYPE_TIMESTAMP_OVERRIDE);
	/* Reference §2.1 */
	EXPECT_EQ(0x20000, WNODE_FLAG_TRACED_GUID);
	EXPECT_EQ(0x800000, WNODE_FLAG_VERSIONED_PROPERTIES);
	EXPECT_EQ(0xFF000000u, WNODE_FLAG_SEVERITY_MASK);
	/* Reference §2.3, §2.6, §3.1, §3.5 */
	EXPECT_EQ(0x10000000u, EVENT_TRACE_NO_PER_PROCESSOR_BUFFERING);
	EXPECT_EQ(0x80000000u, EVENT_TRACE_ADDTO_TRIAGE_DUMP);
	EXPECT_EQ(0x20, EVENT_ENABLE_PROPERTY_PROVIDER_GROUP);
	EXPECT_EQ(0x800, EVENT_ENABLE_PROPERTY_SOURCE_CONTAINER_TRACKING);
	EXPECT_EQ(2, ENABLE_TRACE_PARAMETERS_VERSION_2);
	EXPECT_EQ(0x10000000, PROCESS_TRACE_MODE_EVENT_RECORD);
	EXPECT_EQ(0x13, EVENT_HEADER_EXT_TYPE_MAX);
	EXPECT_EQ(0x0C, EVENT_HEADER_EXT_TYPE_PROV_TRAITS);
	/* Reference §2.7 */
	EXPECT_EQ(10, TraceSetDisallowList);
	EXPECT_EQ(19, TraceMaxLoggersQuery);
	EXPECT_EQ(28, TraceContextRegisterInfo);
	EXPECT_EQ(29, MaxTraceSetInfoClass);
	/* Reference §4 */
	EXPECT_EQ(4, WMI_ENABLE_EVENTS);
	EXPECT_EQ(5, WMI_DISABLE_EVENTS);
	EXPECT_EQ(10, WMI_CAPTURE_STATE);
	EXPECT_EQ(16, MAX_MOF_FIELDS);
	EXPECT_EQ(120, ETW_REFRENCE_TYPE_VALUE);
	/* Reference §1.2 */
	EXPECT_EQ(3, EventProviderUseDescriptorType);
	EXPECT_EQ(5, MaxEventInfo);
}

TEST_HARNESS_MAIN
