/* SPDX-License-Identifier: MIT */
/*
 * evntprov.h - the ETW provider API: register a provider, learn whether
 * anybody listens, write events.  Names, layouts and values are those of
 * the Windows SDK header of the same name (reference §1).
 */
#ifndef _LIBETW_EVNTPROV_H
#define _LIBETW_EVNTPROV_H

#include "etw_wintypes.h"	/* and <string.h> */
#include "sal.h"
#include "guiddef.h"

#ifndef EVNTPROV_PFORCEINLINE
#define EVNTPROV_PFORCEINLINE ETW_INLINE
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* --- Constants (reference §1.1) --- */
#define EVENT_MIN_LEVEL				0
#define EVENT_MAX_LEVEL				0xFF

/* EventActivityIdControl ControlCode */
#define EVENT_ACTIVITY_CTRL_GET_ID		1	/* copy the thread's ID out */
#define EVENT_ACTIVITY_CTRL_SET_ID		2	/* set the thread's ID */
#define EVENT_ACTIVITY_CTRL_CREATE_ID		3	/* make a new ID */
#define EVENT_ACTIVITY_CTRL_GET_SET_ID		4	/* swap with the thread's ID */
#define EVENT_ACTIVITY_CTRL_CREATE_SET_ID	5	/* out: old ID; thread: new ID */

#define MAX_EVENT_DATA_DESCRIPTORS		128
#define MAX_EVENT_FILTER_DATA_SIZE		1024
#define MAX_EVENT_FILTER_PAYLOAD_SIZE		4096
#define MAX_EVENT_FILTER_EVENT_NAME_SIZE	4096
#define MAX_EVENT_FILTERS_COUNT			13
#define MAX_EVENT_FILTER_PID_COUNT		8
#define MAX_EVENT_FILTER_EVENT_ID_COUNT		64

/* EVENT_FILTER_DESCRIPTOR.Type */
#define EVENT_FILTER_TYPE_NONE			0x00000000
#define EVENT_FILTER_TYPE_SCHEMATIZED		0x80000000	/* provider-side blob */
#define EVENT_FILTER_TYPE_SYSTEM_FLAGS		0x80000001	/* internal */
#define EVENT_FILTER_TYPE_TRACEHANDLE		0x80000002	/* rundown one session */
#define EVENT_FILTER_TYPE_PID			0x80000004
#define EVENT_FILTER_TYPE_EXECUTABLE_NAME	0x80000008
#define EVENT_FILTER_TYPE_PACKAGE_ID		0x80000010
#define EVENT_FILTER_TYPE_PACKAGE_APP_ID	0x80000020
#define EVENT_FILTER_TYPE_PAYLOAD		0x80000100
#define EVENT_FILTER_TYPE_EVENT_ID		0x80000200
#define EVENT_FILTER_TYPE_EVENT_NAME		0x80000400	/* TraceLogging only */
#define EVENT_FILTER_TYPE_STACKWALK		0x80001000
#define EVENT_FILTER_TYPE_STACKWALK_NAME	0x80002000	/* TraceLogging only */
#define EVENT_FILTER_TYPE_STACKWALK_LEVEL_KW	0x80004000
#define EVENT_FILTER_TYPE_CONTAINER		0x80008000

/*
 * EVENT_DATA_DESCRIPTOR.Type; honoured only once the provider opted in with
 * EventSetInformation(EventProviderSetTraits or
 * EventProviderUseDescriptorType) (seed 002, rules 4-5).
 */
#define EVENT_DATA_DESCRIPTOR_TYPE_NONE			0	/* payload */
#define EVENT_DATA_DESCRIPTOR_TYPE_EVENT_METADATA	1	/* TraceLogging schema */
#define EVENT_DATA_DESCRIPTOR_TYPE_PROVIDER_METADATA	2	/* provider traits */
#define EVENT_DATA_DESCRIPTOR_TYPE_TIMESTAMP_OVERRIDE	3	/* 64-bit timestamp */
#define EVENT_DATA_DESCRIPTOR_TYPE_RESERVED1		4

/* EventWriteEx Flags */
#define EVENT_WRITE_FLAG_NO_FAULTING		0x00000001	/* kernel mode only */
#define EVENT_WRITE_FLAG_INPRIVATE		0x00000002

/*
 * PENABLECALLBACK IsEnabled values.  The SDK defines them in evntrace.h;
 * they are here too so a provider needs only this header.
 */
#ifndef EVENT_CONTROL_CODE_DISABLE_PROVIDER
#define EVENT_CONTROL_CODE_DISABLE_PROVIDER	0
#define EVENT_CONTROL_CODE_ENABLE_PROVIDER	1
#define EVENT_CONTROL_CODE_CAPTURE_STATE	2
#endif

/* --- Types (reference §1.2) --- */

/* A provider registration from EventRegister; 0 = none (writes are no-ops). */
typedef ULONGLONG REGHANDLE, *PREGHANDLE;

/*
 * One block of event payload (seed 002, rule 1): Ptr is a 64-bit integer
 * holding the address, Size its length in bytes.  Reserved (or Type,
 * Reserved1, Reserved2) must be zero unless the provider opted in to Type.
 */
typedef struct _EVENT_DATA_DESCRIPTOR {
	ULONGLONG Ptr;
	ULONG Size;
	ETW_NAMELESS union {
		ULONG Reserved;
		ETW_NAMELESS struct {
			UCHAR Type;
			UCHAR Reserved1;
			USHORT Reserved2;
		};
	};
} EVENT_DATA_DESCRIPTOR, *PEVENT_DATA_DESCRIPTOR;

#ifndef EVENT_DESCRIPTOR_DEF
#define EVENT_DESCRIPTOR_DEF
/*
 * What an event is: Id+Version identify a manifest event; Level (1
 * critical .. 5 verbose, 0 always passes) and Keyword (category bits, 0 =
 * uncategorised) are what sessions filter on.  16 bytes.
 */
typedef struct _EVENT_DESCRIPTOR {
	USHORT Id;
	UCHAR Version;
	UCHAR Channel;
	UCHAR Level;
	UCHAR Opcode;
	USHORT Task;
	ULONGLONG Keyword;
} EVENT_DESCRIPTOR, *PEVENT_DESCRIPTOR;
typedef const EVENT_DESCRIPTOR *PCEVENT_DESCRIPTOR;
#endif

/* Filter data a controller passes to EnableTraceEx2 (Type = EVENT_FILTER_TYPE_*). */
#ifndef _LIBETW_EVENT_FILTER_DESCRIPTOR_TYPEDEF
#define _LIBETW_EVENT_FILTER_DESCRIPTOR_TYPEDEF
typedef struct _EVENT_FILTER_DESCRIPTOR
	EVENT_FILTER_DESCRIPTOR, *PEVENT_FILTER_DESCRIPTOR;
#endif
struct _EVENT_FILTER_DESCRIPTOR {
	ULONGLONG Ptr;
	ULONG Size;
	ULONG Type;
};

/* Header of each element of a schematized filter chain. */
typedef struct _EVENT_FILTER_HEADER {
	USHORT Id;
	UCHAR Version;
	UCHAR Reserved[5];
	ULONGLONG InstanceId;
	ULONG Size;
	ULONG NextOffset;
} EVENT_FILTER_HEADER, *PEVENT_FILTER_HEADER;

/* EVENT_ID / STACKWALK filter: FilterIn ? only these IDs : all but these. */
typedef struct _EVENT_FILTER_EVENT_ID {
	BOOLEAN FilterIn;
	UCHAR Reserved;
	USHORT Count;
	USHORT Events[ANYSIZE_ARRAY];
} EVENT_FILTER_EVENT_ID, *PEVENT_FILTER_EVENT_ID;

/*
 * EVENT_NAME / STACKWALK_NAME filter: NameCount NUL-terminated UTF-8 names
 * follow in Names; applies to enabled events matching Level/keywords.
 */
typedef struct _EVENT_FILTER_EVENT_NAME {
	ULONGLONG MatchAnyKeyword;
	ULONGLONG MatchAllKeyword;
	UCHAR Level;
	BOOLEAN FilterIn;
	USHORT NameCount;
	UCHAR Names[ANYSIZE_ARRAY];
} EVENT_FILTER_EVENT_NAME, *PEVENT_FILTER_EVENT_NAME;

/* STACKWALK_LEVEL_KW filter. */
typedef struct _EVENT_FILTER_LEVEL_KW {
	ULONGLONG MatchAnyKeyword;
	ULONGLONG MatchAllKeyword;
	UCHAR Level;
	BOOLEAN FilterIn;
} EVENT_FILTER_LEVEL_KW, *PEVENT_FILTER_LEVEL_KW;

/* EventSetInformation classes. */
typedef enum _EVENT_INFO_CLASS {
	EventProviderBinaryTrackInfo = 0,	/* log the registering binary's path */
	EventProviderSetReserved1 = 1,
	EventProviderSetTraits = 2,		/* traits blob; also honours Type */
	EventProviderUseDescriptorType = 3,	/* BOOLEAN: honour Type or not */
	EventProviderSetReserved2 = 4,
	MaxEventInfo = 5
} EVENT_INFO_CLASS;

/*
 * Provider trait types (reference §1.6, seed 004).  The SDK declares this
 * in evntcons.h; it is here too for providers building traits blobs.
 */
#ifndef _LIBETW_ETW_PROVIDER_TRAIT_TYPE
#define _LIBETW_ETW_PROVIDER_TRAIT_TYPE
typedef enum {
	EtwProviderTraitTypeGroup = 1,	/* data: 16-byte provider group GUID */
	EtwProviderTraitDecodeGuid = 2,	/* data: decode GUID (if not control GUID) */
	EtwProviderTraitTypeMax = 3
} ETW_PROVIDER_TRAIT_TYPE;
#endif

/*
 * Called on enable, disable and capture-state notifications (seed 000).
 * Level and keywords are the combination over all enabled sessions;
 * FilterData is only valid during the call.
 */
typedef VOID (NTAPI *PENABLECALLBACK)(
	_In_ LPCGUID SourceId,
	_In_ ULONG IsEnabled,
	_In_ UCHAR Level,
	_In_ ULONGLONG MatchAnyKeyword,
	_In_ ULONGLONG MatchAllKeyword,
	_In_opt_ PEVENT_FILTER_DESCRIPTOR FilterData,
	_Inout_opt_ PVOID CallbackContext);

#ifdef _ETW_KM_
/*
 * The driver API's enable callback (wdm.h; etw_km.h's EtwRegister):
 * PENABLECALLBACK's arguments, the second named ControlCode.
 */
typedef VOID (NTAPI *PETWENABLECALLBACK)(
	_In_ LPCGUID SourceId,
	_In_ ULONG ControlCode,
	_In_ UCHAR Level,
	_In_ ULONGLONG MatchAnyKeyword,
	_In_ ULONGLONG MatchAllKeyword,
	_In_opt_ PEVENT_FILTER_DESCRIPTOR FilterData,
	_Inout_opt_ PVOID CallbackContext);
#endif

/*
 * --- Functions (reference §1.4); each returns a Win32 status ---
 *
 * User mode only: kernel mode (_ETW_KM_) has the driver API of etw_km.h
 * instead (EtwRegister, EtwWrite, ...), with the types above.
 */
#ifndef _ETW_KM_

/* Register a provider; on failure *RegHandle is 0. */
ULONG EVNTAPI EventRegister(
	_In_ LPCGUID ProviderId,
	_In_opt_ PENABLECALLBACK EnableCallback,
	_In_opt_ PVOID CallbackContext,
	_Out_ PREGHANDLE RegHandle);

/* Unregister; no callbacks run afterwards. */
ULONG EVNTAPI EventUnregister(_In_ REGHANDLE RegHandle);

/* Set traits, descriptor-type use, ... (EVENT_INFO_CLASS). */
ULONG EVNTAPI EventSetInformation(
	_In_ REGHANDLE RegHandle,
	_In_ EVENT_INFO_CLASS InformationClass,
	_In_reads_bytes_(InformationLength) PVOID EventInformation,
	_In_ ULONG InformationLength);

#ifdef __cplusplus
}
#endif

/* EventEnabled and EventProviderEnabled: the hot-path enable checks. */
#include "etw_fastpath.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Write an event with the thread's activity ID. */
ULONG EVNTAPI EventWrite(
	_In_ REGHANDLE RegHandle,
	_In_ PCEVENT_DESCRIPTOR EventDescriptor,
	_In_range_(0, MAX_EVENT_DATA_DESCRIPTORS) ULONG UserDataCount,
	_In_reads_opt_(UserDataCount) PEVENT_DATA_DESCRIPTOR UserData);

/* Write an event with explicit activity IDs (NULL = thread's / none). */
ULONG EVNTAPI EventWriteTransfer(
	_In_ REGHANDLE RegHandle,
	_In_ PCEVENT_DESCRIPTOR EventDescriptor,
	_In_opt_ LPCGUID ActivityId,
	_In_opt_ LPCGUID RelatedActivityId,
	_In_range_(0, MAX_EVENT_DATA_DESCRIPTORS) ULONG UserDataCount,
	_In_reads_opt_(UserDataCount) PEVENT_DATA_DESCRIPTOR UserData);

/* EventWriteTransfer plus a session-exclusion Filter mask and Flags. */
ULONG EVNTAPI EventWriteEx(
	_In_ REGHANDLE RegHandle,
	_In_ PCEVENT_DESCRIPTOR EventDescriptor,
	_In_ ULONG64 Filter,
	_In_ ULONG Flags,
	_In_opt_ LPCGUID ActivityId,
	_In_opt_ LPCGUID RelatedActivityId,
	_In_range_(0, MAX_EVENT_DATA_DESCRIPTORS) ULONG UserDataCount,
	_In_reads_opt_(UserDataCount) PEVENT_DATA_DESCRIPTOR UserData);

/* Write an event whose payload is one NUL-terminated UTF-16 string. */
ULONG EVNTAPI EventWriteString(
	_In_ REGHANDLE RegHandle,
	_In_ UCHAR Level,
	_In_ ULONGLONG Keyword,
	_In_ PCWSTR String);

/* Get, set or create activity IDs (EVENT_ACTIVITY_CTRL_*). */
ULONG EVNTAPI EventActivityIdControl(
	_In_ ULONG ControlCode,
	_Inout_ LPGUID ActivityId);
#endif /* !_ETW_KM_ */

/* --- Header-only helpers --- */

/* Fill a data descriptor; Reserved must be (and is) set to 0 (seed 002). */
EVNTPROV_PFORCEINLINE VOID EventDataDescCreate(
	_Out_ PEVENT_DATA_DESCRIPTOR EventDataDescriptor,
	_In_reads_bytes_(DataSize) const VOID *DataPtr,
	_In_ ULONG DataSize)
{
	EventDataDescriptor->Ptr = (ULONGLONG)(ULONG_PTR)DataPtr;
	EventDataDescriptor->Size = DataSize;
	EventDataDescriptor->Reserved = 0;
}

/* Fill an event descriptor.  Note the order: Task comes before Opcode. */
EVNTPROV_PFORCEINLINE VOID EventDescCreate(
	_Out_ PEVENT_DESCRIPTOR EventDescriptor,
	_In_ USHORT Id,
	_In_ UCHAR Version,
	_In_ UCHAR Channel,
	_In_ UCHAR Level,
	_In_ USHORT Task,
	_In_ UCHAR Opcode,
	_In_ ULONGLONG Keyword)
{
	EventDescriptor->Id = Id;
	EventDescriptor->Version = Version;
	EventDescriptor->Channel = Channel;
	EventDescriptor->Level = Level;
	EventDescriptor->Task = Task;
	EventDescriptor->Opcode = Opcode;
	EventDescriptor->Keyword = Keyword;
}

EVNTPROV_PFORCEINLINE VOID EventDescZero(_Out_ PEVENT_DESCRIPTOR EventDescriptor)
{
	memset(EventDescriptor, 0, sizeof(EVENT_DESCRIPTOR));
}

EVNTPROV_PFORCEINLINE USHORT EventDescGetId(_In_ PCEVENT_DESCRIPTOR EventDescriptor)
{
	return EventDescriptor->Id;
}

EVNTPROV_PFORCEINLINE UCHAR EventDescGetVersion(_In_ PCEVENT_DESCRIPTOR EventDescriptor)
{
	return EventDescriptor->Version;
}

EVNTPROV_PFORCEINLINE USHORT EventDescGetTask(_In_ PCEVENT_DESCRIPTOR EventDescriptor)
{
	return EventDescriptor->Task;
}

EVNTPROV_PFORCEINLINE UCHAR EventDescGetOpcode(_In_ PCEVENT_DESCRIPTOR EventDescriptor)
{
	return EventDescriptor->Opcode;
}

EVNTPROV_PFORCEINLINE UCHAR EventDescGetChannel(_In_ PCEVENT_DESCRIPTOR EventDescriptor)
{
	return EventDescriptor->Channel;
}

EVNTPROV_PFORCEINLINE UCHAR EventDescGetLevel(_In_ PCEVENT_DESCRIPTOR EventDescriptor)
{
	return EventDescriptor->Level;
}

EVNTPROV_PFORCEINLINE ULONGLONG EventDescGetKeyword(_In_ PCEVENT_DESCRIPTOR EventDescriptor)
{
	return EventDescriptor->Keyword;
}

/* The setters return the descriptor, so calls can be chained. */
EVNTPROV_PFORCEINLINE PEVENT_DESCRIPTOR EventDescSetId(
	_In_ PEVENT_DESCRIPTOR EventDescriptor, _In_ USHORT Id)
{
	EventDescriptor->Id = Id;
	return EventDescriptor;
}

EVNTPROV_PFORCEINLINE PEVENT_DESCRIPTOR EventDescSetVersion(
	_In_ PEVENT_DESCRIPTOR EventDescriptor, _In_ UCHAR Version)
{
	EventDescriptor->Version = Version;
	return EventDescriptor;
}

EVNTPROV_PFORCEINLINE PEVENT_DESCRIPTOR EventDescSetTask(
	_In_ PEVENT_DESCRIPTOR EventDescriptor, _In_ USHORT Task)
{
	EventDescriptor->Task = Task;
	return EventDescriptor;
}

EVNTPROV_PFORCEINLINE PEVENT_DESCRIPTOR EventDescSetOpcode(
	_In_ PEVENT_DESCRIPTOR EventDescriptor, _In_ UCHAR Opcode)
{
	EventDescriptor->Opcode = Opcode;
	return EventDescriptor;
}

EVNTPROV_PFORCEINLINE PEVENT_DESCRIPTOR EventDescSetLevel(
	_In_ PEVENT_DESCRIPTOR EventDescriptor, _In_ UCHAR Level)
{
	EventDescriptor->Level = Level;
	return EventDescriptor;
}

EVNTPROV_PFORCEINLINE PEVENT_DESCRIPTOR EventDescSetChannel(
	_In_ PEVENT_DESCRIPTOR EventDescriptor, _In_ UCHAR Channel)
{
	EventDescriptor->Channel = Channel;
	return EventDescriptor;
}

EVNTPROV_PFORCEINLINE PEVENT_DESCRIPTOR EventDescSetKeyword(
	_In_ PEVENT_DESCRIPTOR EventDescriptor, _In_ ULONGLONG Keyword)
{
	EventDescriptor->Keyword = Keyword;
	return EventDescriptor;
}

/* Add keyword bits to the descriptor's Keyword. */
EVNTPROV_PFORCEINLINE PEVENT_DESCRIPTOR EventDescOrKeyword(
	_In_ PEVENT_DESCRIPTOR EventDescriptor, _In_ ULONGLONG Keyword)
{
	EventDescriptor->Keyword |= Keyword;
	return EventDescriptor;
}

#ifdef __cplusplus
}
#endif

/* --- Layout, x86-64 (reference §1.2) --- */
ETW_ASSERT_SIZE(REGHANDLE, 8);

/* Reference §1.2: EVENT_DESCRIPTOR, 16 bytes, align 8. */
ETW_ASSERT_SIZE(EVENT_DESCRIPTOR, 16);
ETW_ASSERT_ALIGN(EVENT_DESCRIPTOR, 8);
ETW_ASSERT_OFFSET(EVENT_DESCRIPTOR, Id, 0);
ETW_ASSERT_OFFSET(EVENT_DESCRIPTOR, Version, 2);
ETW_ASSERT_OFFSET(EVENT_DESCRIPTOR, Channel, 3);
ETW_ASSERT_OFFSET(EVENT_DESCRIPTOR, Level, 4);
ETW_ASSERT_OFFSET(EVENT_DESCRIPTOR, Opcode, 5);
ETW_ASSERT_OFFSET(EVENT_DESCRIPTOR, Task, 6);
ETW_ASSERT_OFFSET(EVENT_DESCRIPTOR, Keyword, 8);

/* Seed 002, rule 1: EVENT_DATA_DESCRIPTOR layout (16 bytes). */
ETW_ASSERT_SIZE(EVENT_DATA_DESCRIPTOR, 16);
ETW_ASSERT_OFFSET(EVENT_DATA_DESCRIPTOR, Ptr, 0);
ETW_ASSERT_OFFSET(EVENT_DATA_DESCRIPTOR, Size, 8);
ETW_ASSERT_OFFSET(EVENT_DATA_DESCRIPTOR, Reserved, 12);
ETW_ASSERT_OFFSET(EVENT_DATA_DESCRIPTOR, Type, 12);
ETW_ASSERT_OFFSET(EVENT_DATA_DESCRIPTOR, Reserved1, 13);
ETW_ASSERT_OFFSET(EVENT_DATA_DESCRIPTOR, Reserved2, 14);
/* Seed 002, rule 2: Ptr is 64 bits on every build. */
ETW_STATIC_ASSERT(sizeof(((EVENT_DATA_DESCRIPTOR *)0)->Ptr) == 8,
		  "EVENT_DATA_DESCRIPTOR.Ptr must be 64-bit");

ETW_ASSERT_SIZE(EVENT_FILTER_DESCRIPTOR, 16);
ETW_ASSERT_OFFSET(EVENT_FILTER_DESCRIPTOR, Ptr, 0);
ETW_ASSERT_OFFSET(EVENT_FILTER_DESCRIPTOR, Size, 8);
ETW_ASSERT_OFFSET(EVENT_FILTER_DESCRIPTOR, Type, 12);

ETW_ASSERT_SIZE(EVENT_FILTER_HEADER, 24);
ETW_ASSERT_OFFSET(EVENT_FILTER_HEADER, Id, 0);
ETW_ASSERT_OFFSET(EVENT_FILTER_HEADER, Version, 2);
ETW_ASSERT_OFFSET(EVENT_FILTER_HEADER, Reserved, 3);
ETW_ASSERT_OFFSET(EVENT_FILTER_HEADER, InstanceId, 8);
ETW_ASSERT_OFFSET(EVENT_FILTER_HEADER, Size, 16);
ETW_ASSERT_OFFSET(EVENT_FILTER_HEADER, NextOffset, 20);

/* Reference §1.2: 4 + 2 * Count bytes; sizeof covers one element. */
ETW_ASSERT_SIZE(EVENT_FILTER_EVENT_ID, 6);
ETW_ASSERT_OFFSET(EVENT_FILTER_EVENT_ID, FilterIn, 0);
ETW_ASSERT_OFFSET(EVENT_FILTER_EVENT_ID, Reserved, 1);
ETW_ASSERT_OFFSET(EVENT_FILTER_EVENT_ID, Count, 2);
ETW_ASSERT_OFFSET(EVENT_FILTER_EVENT_ID, Events, 4);

ETW_ASSERT_SIZE(EVENT_FILTER_EVENT_NAME, 24);
ETW_ASSERT_OFFSET(EVENT_FILTER_EVENT_NAME, MatchAnyKeyword, 0);
ETW_ASSERT_OFFSET(EVENT_FILTER_EVENT_NAME, MatchAllKeyword, 8);
ETW_ASSERT_OFFSET(EVENT_FILTER_EVENT_NAME, Level, 16);
ETW_ASSERT_OFFSET(EVENT_FILTER_EVENT_NAME, FilterIn, 17);
ETW_ASSERT_OFFSET(EVENT_FILTER_EVENT_NAME, NameCount, 18);
ETW_ASSERT_OFFSET(EVENT_FILTER_EVENT_NAME, Names, 20);

/* Reference §1.2: 24 bytes with tail padding. */
ETW_ASSERT_SIZE(EVENT_FILTER_LEVEL_KW, 24);
ETW_ASSERT_OFFSET(EVENT_FILTER_LEVEL_KW, MatchAnyKeyword, 0);
ETW_ASSERT_OFFSET(EVENT_FILTER_LEVEL_KW, MatchAllKeyword, 8);
ETW_ASSERT_OFFSET(EVENT_FILTER_LEVEL_KW, Level, 16);
ETW_ASSERT_OFFSET(EVENT_FILTER_LEVEL_KW, FilterIn, 17);

ETW_ASSERT_SIZE(EVENT_INFO_CLASS, 4);

#endif /* _LIBETW_EVNTPROV_H */
