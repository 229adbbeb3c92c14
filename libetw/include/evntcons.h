/* SPDX-License-Identifier: MIT */
/*
 * evntcons.h - what an event consumer receives: EVENT_RECORD, its
 * EVENT_HEADER and extended data items, plus the provider-traits parser.
 * Names, layouts and values are those of the Windows SDK header of the
 * same name (reference §3.4, §3.5, §1.6).
 */
#ifndef _LIBETW_EVNTCONS_H
#define _LIBETW_EVNTCONS_H

#include "etw_wintypes.h"
#include "sal.h"
#include "guiddef.h"
#include "wmistr.h"
#include "evntrace.h"
#include "evntprov.h"

#ifndef EVNTCONS_INLINE
#define EVNTCONS_INLINE ETW_INLINE
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* EVENT_HEADER_EXTENDED_DATA_ITEM.ExtType (reference §3.5) */
#define EVENT_HEADER_EXT_TYPE_RELATED_ACTIVITYID	0x0001
#define EVENT_HEADER_EXT_TYPE_SID			0x0002
#define EVENT_HEADER_EXT_TYPE_TS_ID			0x0003
#define EVENT_HEADER_EXT_TYPE_INSTANCE_INFO		0x0004
#define EVENT_HEADER_EXT_TYPE_STACK_TRACE32		0x0005
#define EVENT_HEADER_EXT_TYPE_STACK_TRACE64		0x0006
#define EVENT_HEADER_EXT_TYPE_PEBS_INDEX		0x0007
#define EVENT_HEADER_EXT_TYPE_PMC_COUNTERS		0x0008
#define EVENT_HEADER_EXT_TYPE_PSM_KEY			0x0009
#define EVENT_HEADER_EXT_TYPE_EVENT_KEY			0x000A
#define EVENT_HEADER_EXT_TYPE_EVENT_SCHEMA_TL		0x000B
#define EVENT_HEADER_EXT_TYPE_PROV_TRAITS		0x000C
#define EVENT_HEADER_EXT_TYPE_PROCESS_START_KEY		0x000D
#define EVENT_HEADER_EXT_TYPE_CONTROL_GUID		0x000E
#define EVENT_HEADER_EXT_TYPE_QPC_DELTA			0x000F
#define EVENT_HEADER_EXT_TYPE_CONTAINER_ID		0x0010
#define EVENT_HEADER_EXT_TYPE_STACK_KEY32		0x0011
#define EVENT_HEADER_EXT_TYPE_STACK_KEY64		0x0012
#define EVENT_HEADER_EXT_TYPE_MAX			0x0013

#ifndef EVENT_HEADER_EXTENDED_DATA_ITEM_DEF
#define EVENT_HEADER_EXTENDED_DATA_ITEM_DEF
/*
 * One extended data item of an event (16 bytes): ExtType says what
 * DataPtr points to (DataSize bytes); Linkage is set when another item
 * follows.
 */
typedef struct _EVENT_HEADER_EXTENDED_DATA_ITEM {
	USHORT Reserved1;
	USHORT ExtType;
	ETW_NAMELESS struct {
		USHORT Linkage : 1;
		USHORT Reserved2 : 15;
	};
	USHORT DataSize;
	ULONGLONG DataPtr;
} EVENT_HEADER_EXTENDED_DATA_ITEM, *PEVENT_HEADER_EXTENDED_DATA_ITEM;
#endif

/* Payloads of the extended data items. */
typedef struct _EVENT_EXTENDED_ITEM_INSTANCE {
	ULONG InstanceId;
	ULONG ParentInstanceId;
	GUID ParentGuid;
} EVENT_EXTENDED_ITEM_INSTANCE, *PEVENT_EXTENDED_ITEM_INSTANCE;

typedef struct _EVENT_EXTENDED_ITEM_RELATED_ACTIVITYID {
	GUID RelatedActivityId;
} EVENT_EXTENDED_ITEM_RELATED_ACTIVITYID, *PEVENT_EXTENDED_ITEM_RELATED_ACTIVITYID;

typedef struct _EVENT_EXTENDED_ITEM_TS_ID {
	ULONG SessionId;
} EVENT_EXTENDED_ITEM_TS_ID, *PEVENT_EXTENDED_ITEM_TS_ID;

typedef struct _EVENT_EXTENDED_ITEM_STACK_TRACE32 {
	ULONG64 MatchId;
	ULONG Address[ANYSIZE_ARRAY];
} EVENT_EXTENDED_ITEM_STACK_TRACE32, *PEVENT_EXTENDED_ITEM_STACK_TRACE32;

typedef struct _EVENT_EXTENDED_ITEM_STACK_TRACE64 {
	ULONG64 MatchId;
	ULONG64 Address[ANYSIZE_ARRAY];
} EVENT_EXTENDED_ITEM_STACK_TRACE64, *PEVENT_EXTENDED_ITEM_STACK_TRACE64;

typedef struct _EVENT_EXTENDED_ITEM_STACK_KEY32 {
	ULONG64 MatchId;
	ULONG StackKey;
	ULONG Padding;
} EVENT_EXTENDED_ITEM_STACK_KEY32, *PEVENT_EXTENDED_ITEM_STACK_KEY32;

typedef struct _EVENT_EXTENDED_ITEM_STACK_KEY64 {
	ULONG64 MatchId;
	ULONG64 StackKey;
} EVENT_EXTENDED_ITEM_STACK_KEY64, *PEVENT_EXTENDED_ITEM_STACK_KEY64;

typedef struct _EVENT_EXTENDED_ITEM_PEBS_INDEX {
	ULONG64 PebsIndex;
} EVENT_EXTENDED_ITEM_PEBS_INDEX, *PEVENT_EXTENDED_ITEM_PEBS_INDEX;

typedef struct _EVENT_EXTENDED_ITEM_PMC_COUNTERS {
	ULONG64 Counter[ANYSIZE_ARRAY];
} EVENT_EXTENDED_ITEM_PMC_COUNTERS, *PEVENT_EXTENDED_ITEM_PMC_COUNTERS;

typedef struct _EVENT_EXTENDED_ITEM_PROCESS_START_KEY {
	ULONG64 ProcessStartKey;
} EVENT_EXTENDED_ITEM_PROCESS_START_KEY, *PEVENT_EXTENDED_ITEM_PROCESS_START_KEY;

typedef struct _EVENT_EXTENDED_ITEM_EVENT_KEY {
	ULONG64 Key;
} EVENT_EXTENDED_ITEM_EVENT_KEY, *PEVENT_EXTENDED_ITEM_EVENT_KEY;

/* EVENT_HEADER.EventProperty */
#define EVENT_HEADER_PROPERTY_XML		0x0001	/* needs a manifest */
#define EVENT_HEADER_PROPERTY_FORWARDED_XML	0x0002
#define EVENT_HEADER_PROPERTY_LEGACY_EVENTLOG	0x0004	/* needs a MOF class */
#define EVENT_HEADER_PROPERTY_RELOGGABLE	0x0008

/* EVENT_HEADER.Flags */
#define EVENT_HEADER_FLAG_EXTENDED_INFO		0x0001	/* ExtendedData present */
#define EVENT_HEADER_FLAG_PRIVATE_SESSION	0x0002	/* use ProcessorTime */
#define EVENT_HEADER_FLAG_STRING_ONLY		0x0004	/* payload: UTF-16 string */
#define EVENT_HEADER_FLAG_TRACE_MESSAGE		0x0008	/* TraceMessage / WPP */
#define EVENT_HEADER_FLAG_NO_CPUTIME		0x0010	/* use ProcessorTime */
#define EVENT_HEADER_FLAG_32_BIT_HEADER		0x0020
#define EVENT_HEADER_FLAG_64_BIT_HEADER		0x0040
#define EVENT_HEADER_FLAG_DECODE_GUID		0x0080	/* ProviderId is decode GUID */
#define EVENT_HEADER_FLAG_CLASSIC_HEADER	0x0100	/* from TraceEvent */
#define EVENT_HEADER_FLAG_PROCESSOR_INDEX	0x0200	/* use ProcessorIndex */
#define EVENT_HEADER_FLAG_RESERVED1		0x0400

#ifndef EVENT_HEADER_DEF
#define EVENT_HEADER_DEF
/*
 * Fixed part of every event (80 bytes).  TimeStamp is a FILETIME unless
 * the trace is processed with PROCESS_TRACE_MODE_RAW_TIMESTAMP.
 */
typedef struct _EVENT_HEADER {
	USHORT Size;
	USHORT HeaderType;		/* reserved */
	USHORT Flags;			/* EVENT_HEADER_FLAG_* */
	USHORT EventProperty;		/* EVENT_HEADER_PROPERTY_* */
	ULONG ThreadId;
	ULONG ProcessId;
	LARGE_INTEGER TimeStamp;
	GUID ProviderId;
	EVENT_DESCRIPTOR EventDescriptor;
	ETW_NAMELESS union {
		ETW_NAMELESS struct {
			ULONG KernelTime;
			ULONG UserTime;
		};
		ULONG64 ProcessorTime;
	};
	GUID ActivityId;
} EVENT_HEADER, *PEVENT_HEADER;
#endif

#ifndef EVENT_RECORD_DEF
#define EVENT_RECORD_DEF
/*
 * An event as PEVENT_RECORD_CALLBACK receives it (112 bytes).  Its
 * pointers are valid only during the callback.  (EVENT_RECORD and
 * PEVENT_RECORD are declared in evntrace.h.)
 */
struct _EVENT_RECORD {
	EVENT_HEADER EventHeader;
	ETW_BUFFER_CONTEXT BufferContext;
	USHORT ExtendedDataCount;
	USHORT UserDataLength;
	PEVENT_HEADER_EXTENDED_DATA_ITEM ExtendedData;
	PVOID UserData;
	PVOID UserContext;		/* EVENT_TRACE_LOGFILE.Context */
};
#endif

/* Both also live in evntrace.h (which this header includes). */
#ifndef _LIBETW_EVENT_ENABLE_PROPERTY
#define _LIBETW_EVENT_ENABLE_PROPERTY
#define EVENT_ENABLE_PROPERTY_SID			0x00000001
#define EVENT_ENABLE_PROPERTY_TS_ID			0x00000002
#define EVENT_ENABLE_PROPERTY_STACK_TRACE		0x00000004
#define EVENT_ENABLE_PROPERTY_PSM_KEY			0x00000008
#define EVENT_ENABLE_PROPERTY_IGNORE_KEYWORD_0		0x00000010
#define EVENT_ENABLE_PROPERTY_PROVIDER_GROUP		0x00000020
#define EVENT_ENABLE_PROPERTY_ENABLE_KEYWORD_0		0x00000040
#define EVENT_ENABLE_PROPERTY_PROCESS_START_KEY		0x00000080
#define EVENT_ENABLE_PROPERTY_EVENT_KEY			0x00000100
#define EVENT_ENABLE_PROPERTY_EXCLUDE_INPRIVATE		0x00000200
#define EVENT_ENABLE_PROPERTY_ENABLE_SILOS		0x00000400
#define EVENT_ENABLE_PROPERTY_SOURCE_CONTAINER_TRACKING	0x00000800
#endif
#ifndef _LIBETW_PROCESS_TRACE_MODE
#define _LIBETW_PROCESS_TRACE_MODE
#define PROCESS_TRACE_MODE_REAL_TIME		0x00000100
#define PROCESS_TRACE_MODE_RAW_TIMESTAMP	0x00001000
#define PROCESS_TRACE_MODE_EVENT_RECORD		0x10000000
#endif

/*
 * The CPU an event was logged on: BufferContext.ProcessorIndex when the
 * header says EVENT_HEADER_FLAG_PROCESSOR_INDEX, else ProcessorNumber.
 */
EVNTCONS_INLINE ULONG GetEventProcessorIndex(_In_ PCEVENT_RECORD EventRecord)
{
	if ((EventRecord->EventHeader.Flags & EVENT_HEADER_FLAG_PROCESSOR_INDEX) != 0)
		return EventRecord->BufferContext.ProcessorIndex;
	return EventRecord->BufferContext.ProcessorNumber;
}

/* Provider trait types (also in evntprov.h). */
#ifndef _LIBETW_ETW_PROVIDER_TRAIT_TYPE
#define _LIBETW_ETW_PROVIDER_TRAIT_TYPE
typedef enum {
	EtwProviderTraitTypeGroup = 1,	/* data: 16-byte provider group GUID */
	EtwProviderTraitDecodeGuid = 2,	/* data: decode GUID (if not control GUID) */
	EtwProviderTraitTypeMax = 3
} ETW_PROVIDER_TRAIT_TYPE;
#endif

/*
 * Find the first trait of type TraitType in a provider traits blob
 * (reference §1.6, seed 004, rules 3-4):
 *
 *   UINT16 TraitsSize (whole blob) | UTF-8 name | NUL | traits...
 *   trait: UINT16 TraitSize (whole trait) | UINT8 Type | data
 *
 * All integers little-endian, byte-packed, no alignment required.  On a
 * match *Trait points to the trait's data and *Size is TraitSize - 3;
 * otherwise both are NULL/0.  A blob smaller than 3 bytes, a trait smaller
 * than 3 bytes (the walk stops) or a trait running past the blob's end is
 * never returned.  ProviderTraits must point to at least TraitsSize bytes
 * (and at least 2).  Unlike the SDK's version, this one never reads a byte
 * past TraitsSize, even on a truncated trait header; results are the same.
 */
EVNTCONS_INLINE VOID EtwGetTraitFromProviderTraits(
	_In_ PVOID ProviderTraits,
	_In_ UCHAR TraitType,
	_Out_ PVOID *Trait,
	_Out_ PUSHORT Size)
{
	PUCHAR Blob = (PUCHAR)ProviderTraits;
	size_t const ByteCount = (size_t)Blob[0] | ((size_t)Blob[1] << 8);
	size_t Offset, NameLength;

	*Trait = NULL;
	*Size = 0;

	if (ByteCount < 3)
		return;

	/* Skip the size and the name with its NUL (strnlen(name, ByteCount - 3) + 1). */
	for (NameLength = 0; NameLength < ByteCount - 3; NameLength++)
		if (Blob[2 + NameLength] == 0)
			break;
	Offset = 2 + NameLength + 1;

	while (Offset < ByteCount) {
		size_t TraitByteCount;

		if (ByteCount - Offset < 3)
			return;		/* no room for a trait header */
		TraitByteCount = (size_t)Blob[Offset] | ((size_t)Blob[Offset + 1] << 8);
		if (TraitByteCount < 3)
			return;		/* malformed: stop */
		if (Blob[Offset + 2] == TraitType && TraitByteCount <= ByteCount - Offset) {
			*Trait = (PVOID)(Blob + Offset + 3);
			*Size = (USHORT)(TraitByteCount - 3);
			return;
		}
		Offset += TraitByteCount;
	}
}

/* EventAccessControl operations (the functions are not provided yet). */
typedef enum {
	EventSecuritySetDACL,
	EventSecuritySetSACL,
	EventSecurityAddDACL,
	EventSecurityAddSACL,
	EventSecurityMax
} EVENTSECURITYOPERATION;

#ifdef __cplusplus
}
#endif

/* --- Layout, x86-64 --- */

/* Reference §3.5: EVENT_HEADER_EXTENDED_DATA_ITEM, 16 bytes. */
ETW_ASSERT_SIZE(EVENT_HEADER_EXTENDED_DATA_ITEM, 16);
ETW_ASSERT_OFFSET(EVENT_HEADER_EXTENDED_DATA_ITEM, Reserved1, 0);
ETW_ASSERT_OFFSET(EVENT_HEADER_EXTENDED_DATA_ITEM, ExtType, 2);
ETW_ASSERT_OFFSET(EVENT_HEADER_EXTENDED_DATA_ITEM, DataSize, 6);
ETW_ASSERT_OFFSET(EVENT_HEADER_EXTENDED_DATA_ITEM, DataPtr, 8);

/* Reference §3.5: extended item payloads. */
ETW_ASSERT_SIZE(EVENT_EXTENDED_ITEM_RELATED_ACTIVITYID, 16);
ETW_ASSERT_SIZE(EVENT_EXTENDED_ITEM_INSTANCE, 24);
ETW_ASSERT_OFFSET(EVENT_EXTENDED_ITEM_INSTANCE, ParentInstanceId, 4);
ETW_ASSERT_OFFSET(EVENT_EXTENDED_ITEM_INSTANCE, ParentGuid, 8);
ETW_ASSERT_SIZE(EVENT_EXTENDED_ITEM_TS_ID, 4);
ETW_ASSERT_OFFSET(EVENT_EXTENDED_ITEM_STACK_TRACE32, Address, 8);
ETW_ASSERT_OFFSET(EVENT_EXTENDED_ITEM_STACK_TRACE64, Address, 8);
ETW_ASSERT_SIZE(EVENT_EXTENDED_ITEM_STACK_TRACE64, 16);
ETW_ASSERT_SIZE(EVENT_EXTENDED_ITEM_STACK_KEY32, 16);
ETW_ASSERT_OFFSET(EVENT_EXTENDED_ITEM_STACK_KEY32, StackKey, 8);
ETW_ASSERT_OFFSET(EVENT_EXTENDED_ITEM_STACK_KEY32, Padding, 12);
ETW_ASSERT_SIZE(EVENT_EXTENDED_ITEM_STACK_KEY64, 16);
ETW_ASSERT_OFFSET(EVENT_EXTENDED_ITEM_STACK_KEY64, StackKey, 8);
ETW_ASSERT_SIZE(EVENT_EXTENDED_ITEM_PEBS_INDEX, 8);
ETW_ASSERT_SIZE(EVENT_EXTENDED_ITEM_PMC_COUNTERS, 8);
ETW_ASSERT_SIZE(EVENT_EXTENDED_ITEM_PROCESS_START_KEY, 8);
ETW_ASSERT_SIZE(EVENT_EXTENDED_ITEM_EVENT_KEY, 8);

/* Reference §3.4: EVENT_HEADER, 80 bytes. */
ETW_ASSERT_SIZE(EVENT_HEADER, 80);
ETW_ASSERT_OFFSET(EVENT_HEADER, Size, 0);
ETW_ASSERT_OFFSET(EVENT_HEADER, HeaderType, 2);
ETW_ASSERT_OFFSET(EVENT_HEADER, Flags, 4);
ETW_ASSERT_OFFSET(EVENT_HEADER, EventProperty, 6);
ETW_ASSERT_OFFSET(EVENT_HEADER, ThreadId, 8);
ETW_ASSERT_OFFSET(EVENT_HEADER, ProcessId, 12);
ETW_ASSERT_OFFSET(EVENT_HEADER, TimeStamp, 16);
ETW_ASSERT_OFFSET(EVENT_HEADER, ProviderId, 24);
ETW_ASSERT_OFFSET(EVENT_HEADER, EventDescriptor, 40);
ETW_ASSERT_OFFSET(EVENT_HEADER, KernelTime, 56);
ETW_ASSERT_OFFSET(EVENT_HEADER, UserTime, 60);
ETW_ASSERT_OFFSET(EVENT_HEADER, ProcessorTime, 56);
ETW_ASSERT_OFFSET(EVENT_HEADER, ActivityId, 64);

/* Reference §3.4: EVENT_RECORD, 112 bytes. */
ETW_ASSERT_SIZE(EVENT_RECORD, 112);
ETW_ASSERT_OFFSET(EVENT_RECORD, EventHeader, 0);
ETW_ASSERT_OFFSET(EVENT_RECORD, BufferContext, 80);
ETW_ASSERT_OFFSET(EVENT_RECORD, ExtendedDataCount, 84);
ETW_ASSERT_OFFSET(EVENT_RECORD, UserDataLength, 86);
ETW_ASSERT_OFFSET(EVENT_RECORD, ExtendedData, 88);
ETW_ASSERT_OFFSET(EVENT_RECORD, UserData, 96);
ETW_ASSERT_OFFSET(EVENT_RECORD, UserContext, 104);

#endif /* _LIBETW_EVNTCONS_H */
