/* SPDX-License-Identifier: MIT */
/*
 * tdh.h - the Trace Data Helper: what an event's fields are and what
 * they contain, for consumers (reference §7).  Names, values and x86-64
 * layouts are those of the Windows SDK header of the same name.
 *
 * Decoding information comes from the event itself (TraceLogging: its
 * EVENT_SCHEMA_TL and PROV_TRAITS extended items) or from instrumentation
 * manifests: loaded by the process (TdhLoadManifest*) or installed for
 * every process on the machine (etwctl manifest install; see
 * Documentation/api-mapping.rst for where TDH looks).  Every string a
 * TDH function returns is UTF-16 (WCHAR), every offset counts bytes
 * from the start of the caller's buffer.
 */
#ifndef _LIBETW_TDH_H
#define _LIBETW_TDH_H

#include "etw_wintypes.h"
#include "sal.h"
#include "guiddef.h"
#include "evntprov.h"
#include "evntcons.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef ULONG TDHSTATUS;
#define TDHAPI TDHSTATUS __stdcall

/* Input types: how a property's bytes are laid out. */
enum _TDH_IN_TYPE {
	TDH_INTYPE_NULL,
	TDH_INTYPE_UNICODESTRING,
	TDH_INTYPE_ANSISTRING,
	TDH_INTYPE_INT8,
	TDH_INTYPE_UINT8,
	TDH_INTYPE_INT16,
	TDH_INTYPE_UINT16,
	TDH_INTYPE_INT32,
	TDH_INTYPE_UINT32,
	TDH_INTYPE_INT64,
	TDH_INTYPE_UINT64,
	TDH_INTYPE_FLOAT,
	TDH_INTYPE_DOUBLE,
	TDH_INTYPE_BOOLEAN,		/* 4 bytes */
	TDH_INTYPE_BINARY,
	TDH_INTYPE_GUID,
	TDH_INTYPE_POINTER,		/* 4 or 8 bytes (header flags) */
	TDH_INTYPE_FILETIME,
	TDH_INTYPE_SYSTEMTIME,
	TDH_INTYPE_SID,
	TDH_INTYPE_HEXINT32,
	TDH_INTYPE_HEXINT64,
	TDH_INTYPE_MANIFEST_COUNTEDSTRING,	/* UINT16 byte count + UTF-16 */
	TDH_INTYPE_MANIFEST_COUNTEDANSISTRING,	/* UINT16 byte count + chars */
	TDH_INTYPE_RESERVED24,
	TDH_INTYPE_MANIFEST_COUNTEDBINARY,	/* UINT16 byte count + bytes */
	/* MOF (WBEM) only */
	TDH_INTYPE_COUNTEDSTRING = 300,
	TDH_INTYPE_COUNTEDANSISTRING,
	TDH_INTYPE_REVERSEDCOUNTEDSTRING,
	TDH_INTYPE_REVERSEDCOUNTEDANSISTRING,
	TDH_INTYPE_NONNULLTERMINATEDSTRING,
	TDH_INTYPE_NONNULLTERMINATEDANSISTRING,
	TDH_INTYPE_UNICODECHAR,
	TDH_INTYPE_ANSICHAR,
	TDH_INTYPE_SIZET,
	TDH_INTYPE_HEXDUMP,
	TDH_INTYPE_WBEMSID
};

/* Output types: how a property is shown. */
enum _TDH_OUT_TYPE {
	TDH_OUTTYPE_NULL,
	TDH_OUTTYPE_STRING,
	TDH_OUTTYPE_DATETIME,
	TDH_OUTTYPE_BYTE,
	TDH_OUTTYPE_UNSIGNEDBYTE,
	TDH_OUTTYPE_SHORT,
	TDH_OUTTYPE_UNSIGNEDSHORT,
	TDH_OUTTYPE_INT,
	TDH_OUTTYPE_UNSIGNEDINT,
	TDH_OUTTYPE_LONG,
	TDH_OUTTYPE_UNSIGNEDLONG,
	TDH_OUTTYPE_FLOAT,
	TDH_OUTTYPE_DOUBLE,
	TDH_OUTTYPE_BOOLEAN,
	TDH_OUTTYPE_GUID,
	TDH_OUTTYPE_HEXBINARY,
	TDH_OUTTYPE_HEXINT8,
	TDH_OUTTYPE_HEXINT16,
	TDH_OUTTYPE_HEXINT32,
	TDH_OUTTYPE_HEXINT64,
	TDH_OUTTYPE_PID,
	TDH_OUTTYPE_TID,
	TDH_OUTTYPE_PORT,
	TDH_OUTTYPE_IPV4,
	TDH_OUTTYPE_IPV6,
	TDH_OUTTYPE_SOCKETADDRESS,
	TDH_OUTTYPE_CIMDATETIME,
	TDH_OUTTYPE_ETWTIME,
	TDH_OUTTYPE_XML,
	TDH_OUTTYPE_ERRORCODE,
	TDH_OUTTYPE_WIN32ERROR,
	TDH_OUTTYPE_NTSTATUS,
	TDH_OUTTYPE_HRESULT,
	TDH_OUTTYPE_CULTURE_INSENSITIVE_DATETIME,
	TDH_OUTTYPE_JSON,
	TDH_OUTTYPE_UTF8,
	TDH_OUTTYPE_PKCS7_WITH_TYPE_INFO,
	TDH_OUTTYPE_CODE_POINTER,
	TDH_OUTTYPE_DATETIME_UTC,
	TDH_OUTTYPE_REDUCEDSTRING = 300,
	TDH_OUTTYPE_NOPRINT
};

/* EVENT_PROPERTY_INFO.Flags */
typedef enum _PROPERTY_FLAGS {
	PropertyStruct = 0x1,			/* structType is valid */
	PropertyParamLength = 0x2,		/* length is a property index */
	PropertyParamCount = 0x4,		/* count is a property index */
	PropertyWBEMXmlFragment = 0x8,
	PropertyParamFixedLength = 0x10,
	PropertyParamFixedCount = 0x20,		/* an array even if count is 1 */
	PropertyHasTags = 0x40,
	PropertyHasCustomSchema = 0x80
} PROPERTY_FLAGS;

/* One property of an event (24 bytes). */
typedef struct _EVENT_PROPERTY_INFO {
	PROPERTY_FLAGS Flags;
	ULONG NameOffset;
	ETW_NAMELESS union {
		struct {
			USHORT InType;
			USHORT OutType;
			ULONG MapNameOffset;
		} nonStructType;
		struct {
			USHORT StructStartIndex;
			USHORT NumOfStructMembers;
			ULONG padding;
		} structType;
		struct {
			USHORT InType;
			USHORT OutType;
			ULONG CustomSchemaOffset;
		} customSchemaType;
	};
	ETW_NAMELESS union {
		USHORT count;
		USHORT countPropertyIndex;
	};
	ETW_NAMELESS union {
		USHORT length;
		USHORT lengthPropertyIndex;
	};
	ETW_NAMELESS union {
		ULONG Reserved;
		ETW_NAMELESS struct {
			ULONG Tags : 28;
		};
	};
} EVENT_PROPERTY_INFO, *PEVENT_PROPERTY_INFO;

/* Where the decoding information came from. */
typedef enum _DECODING_SOURCE {
	DecodingSourceXMLFile,		/* a manifest */
	DecodingSourceWbem,		/* MOF */
	DecodingSourceWPP,
	DecodingSourceTlg,		/* TraceLogging */
	DecodingSourceMax
} DECODING_SOURCE;

typedef enum _TEMPLATE_FLAGS {
	TEMPLATE_EVENT_DATA = 1,
	TEMPLATE_USER_DATA = 2,
	TEMPLATE_CONTROL_GUID = 4
} TEMPLATE_FLAGS;

/* An event's schema: 112 bytes, then PropertyCount EVENT_PROPERTY_INFOs. */
typedef struct _TRACE_EVENT_INFO {
	GUID ProviderGuid;
	GUID EventGuid;
	EVENT_DESCRIPTOR EventDescriptor;
	DECODING_SOURCE DecodingSource;
	ULONG ProviderNameOffset;
	ULONG LevelNameOffset;
	ULONG ChannelNameOffset;
	ULONG KeywordsNameOffset;
	ULONG TaskNameOffset;
	ULONG OpcodeNameOffset;
	ULONG EventMessageOffset;
	ULONG ProviderMessageOffset;
	ULONG BinaryXMLOffset;
	ULONG BinaryXMLSize;
	ETW_NAMELESS union {
		ULONG EventNameOffset;
		ULONG ActivityIDNameOffset;
	};
	ETW_NAMELESS union {
		ULONG EventAttributesOffset;
		ULONG RelatedActivityIDNameOffset;
	};
	ULONG PropertyCount;
	ULONG TopLevelPropertyCount;
	ETW_NAMELESS union {
		TEMPLATE_FLAGS Flags;
		ETW_NAMELESS struct {
			ULONG Reserved : 4;
			ULONG Tags : 28;
		};
	};
	EVENT_PROPERTY_INFO EventPropertyInfoArray[ANYSIZE_ARRAY];
} TRACE_EVENT_INFO, *PTRACE_EVENT_INFO;

/* Which property TdhGetProperty(Size) means: name and array element. */
typedef struct _PROPERTY_DATA_DESCRIPTOR {
	ULONGLONG PropertyName;		/* PCWSTR */
	ULONG ArrayIndex;		/* ULONG_MAX: the whole property */
	ULONG Reserved;
} PROPERTY_DATA_DESCRIPTOR, *PPROPERTY_DATA_DESCRIPTOR;

typedef enum _TDH_CONTEXT_TYPE {
	TDH_CONTEXT_WPP_TMFFILE,
	TDH_CONTEXT_WPP_TMFSEARCHPATH,
	TDH_CONTEXT_WPP_GMT,
	TDH_CONTEXT_POINTERSIZE,	/* ParameterValue: 4 or 8 */
	TDH_CONTEXT_PDB_PATH,
	TDH_CONTEXT_MAXIMUM
} TDH_CONTEXT_TYPE;

typedef struct _TDH_CONTEXT {
	ULONGLONG ParameterValue;
	TDH_CONTEXT_TYPE ParameterType;
	ULONG ParameterSize;
} TDH_CONTEXT, *PTDH_CONTEXT;

/* Value and bit maps (manifest <valueMap> / <bitMap>). */
typedef enum _MAP_FLAGS {
	EVENTMAP_INFO_FLAG_MANIFEST_VALUEMAP = 0x1,
	EVENTMAP_INFO_FLAG_MANIFEST_BITMAP = 0x2,
	EVENTMAP_INFO_FLAG_MANIFEST_PATTERNMAP = 0x4,
	EVENTMAP_INFO_FLAG_WBEM_VALUEMAP = 0x8,
	EVENTMAP_INFO_FLAG_WBEM_BITMAP = 0x10,
	EVENTMAP_INFO_FLAG_WBEM_FLAG = 0x20,
	EVENTMAP_INFO_FLAG_WBEM_NO_MAP = 0x40
} MAP_FLAGS;

typedef enum _MAP_VALUETYPE {
	EVENTMAP_ENTRY_VALUETYPE_ULONG,
	EVENTMAP_ENTRY_VALUETYPE_STRING
} MAP_VALUETYPE;

typedef struct _EVENT_MAP_ENTRY {
	ULONG OutputOffset;
	ETW_NAMELESS union {
		ULONG Value;
		ULONG InputOffset;
	};
} EVENT_MAP_ENTRY, *PEVENT_MAP_ENTRY;

typedef struct _EVENT_MAP_INFO {
	ULONG NameOffset;
	MAP_FLAGS Flag;
	ULONG EntryCount;
	ETW_NAMELESS union {
		MAP_VALUETYPE MapEntryValueType;
		ULONG FormatStringOffset;
	};
	EVENT_MAP_ENTRY MapEntryArray[ANYSIZE_ARRAY];
} EVENT_MAP_INFO, *PEVENT_MAP_INFO;

/* A provider's keywords, levels, channels, tasks or opcodes. */
typedef enum _EVENT_FIELD_TYPE {
	EventKeywordInformation,
	EventLevelInformation,
	EventChannelInformation,
	EventTaskInformation,
	EventOpcodeInformation,
	EventInformationMax
} EVENT_FIELD_TYPE;

typedef struct _PROVIDER_FIELD_INFO {
	ULONG NameOffset;
	ULONG DescriptionOffset;
	ULONGLONG Value;
} PROVIDER_FIELD_INFO, *PPROVIDER_FIELD_INFO;

typedef struct _PROVIDER_FIELD_INFOARRAY {
	ULONG NumberOfElements;
	EVENT_FIELD_TYPE FieldType;
	PROVIDER_FIELD_INFO FieldInfoArray[ANYSIZE_ARRAY];
} PROVIDER_FIELD_INFOARRAY, *PPROVIDER_FIELD_INFOARRAY;

/* Providers TDH knows (TdhEnumerateProviders). */
typedef struct _TRACE_PROVIDER_INFO {
	GUID ProviderGuid;
	ULONG SchemaSource;		/* 0 manifest, 1 MOF */
	ULONG ProviderNameOffset;
} TRACE_PROVIDER_INFO;

typedef struct _PROVIDER_ENUMERATION_INFO {
	ULONG NumberOfProviders;
	ULONG Reserved;
	TRACE_PROVIDER_INFO TraceProviderInfoArray[ANYSIZE_ARRAY];
} PROVIDER_ENUMERATION_INFO, *PPROVIDER_ENUMERATION_INFO;

/* A manifest provider's events (TdhEnumerateManifestProviderEvents). */
typedef struct _PROVIDER_EVENT_INFO {
	ULONG NumberOfEvents;
	ULONG Reserved;
	EVENT_DESCRIPTOR EventDescriptorsArray[ANYSIZE_ARRAY];
} PROVIDER_EVENT_INFO, *PPROVIDER_EVENT_INFO;

/* --- Functions (reference §7); each returns a Win32 status --- */

/* The schema of an event: TRACE_EVENT_INFO + properties + strings. */
TDHSTATUS __stdcall TdhGetEventInformation(
	_In_ PEVENT_RECORD Event,
	_In_ ULONG TdhContextCount,
	_In_reads_opt_(TdhContextCount) PTDH_CONTEXT TdhContext,
	_Out_writes_bytes_opt_(*BufferSize) PTRACE_EVENT_INFO Buffer,
	_Inout_ ULONG *BufferSize);

/* Size in bytes of a property's data (nested: one descriptor per level). */
TDHSTATUS __stdcall TdhGetPropertySize(
	_In_ PEVENT_RECORD pEvent,
	_In_ ULONG TdhContextCount,
	_In_reads_opt_(TdhContextCount) PTDH_CONTEXT pTdhContext,
	_In_ ULONG PropertyDataCount,
	_In_reads_(PropertyDataCount) PPROPERTY_DATA_DESCRIPTOR pPropertyData,
	_Out_ ULONG *pPropertySize);

/* A property's raw data. */
TDHSTATUS __stdcall TdhGetProperty(
	_In_ PEVENT_RECORD pEvent,
	_In_ ULONG TdhContextCount,
	_In_reads_opt_(TdhContextCount) PTDH_CONTEXT pTdhContext,
	_In_ ULONG PropertyDataCount,
	_In_reads_(PropertyDataCount) PPROPERTY_DATA_DESCRIPTOR pPropertyData,
	_In_ ULONG BufferSize,
	_Out_writes_bytes_(BufferSize) PBYTE pBuffer);

/* A map (value map or bit map) a property refers to by name. */
TDHSTATUS __stdcall TdhGetEventMapInformation(
	_In_ PEVENT_RECORD pEvent,
	_In_ PWSTR pMapName,
	_Out_writes_bytes_opt_(*pBufferSize) PEVENT_MAP_INFO pBuffer,
	_Inout_ ULONG *pBufferSize);

/* One value as text (UTF-16), consuming it from UserData. */
TDHSTATUS __stdcall TdhFormatProperty(
	_In_ PTRACE_EVENT_INFO EventInfo,
	_In_opt_ PEVENT_MAP_INFO MapInfo,
	_In_ ULONG PointerSize,
	_In_ USHORT PropertyInType,
	_In_ USHORT PropertyOutType,
	_In_ USHORT PropertyLength,
	_In_ USHORT UserDataLength,
	_In_reads_bytes_(UserDataLength) PBYTE UserData,
	_Inout_ PULONG BufferSize,
	_Out_writes_bytes_opt_(*BufferSize) PWCHAR Buffer,
	_Out_ PUSHORT UserDataConsumed);

/*
 * WPP (TraceMessage) events: a decoding handle carries the TMF search
 * path (TDH_CONTEXT_WPP_TMFSEARCHPATH: directories of <GUID>.tmf files,
 * ';'-separated; TDH_CONTEXT_WPP_TMFFILE: one file); without one,
 * TRACE_FORMAT_SEARCH_PATH.  TdhGetWppMessage formats the event's
 * message (UTF-16); ERROR_NOT_FOUND when no TMF describes it.
 */
typedef PVOID TDH_HANDLE, *PTDH_HANDLE;

TDHSTATUS __stdcall TdhOpenDecodingHandle(_Out_ PTDH_HANDLE Handle);
TDHSTATUS __stdcall TdhCloseDecodingHandle(_In_ TDH_HANDLE Handle);
TDHSTATUS __stdcall TdhSetDecodingParameter(
	_In_ TDH_HANDLE Handle,
	_In_ PTDH_CONTEXT TdhContext);
TDHSTATUS __stdcall TdhGetWppMessage(
	_In_ TDH_HANDLE Handle,
	_In_ PEVENT_RECORD EventRecord,
	_Inout_ PULONG BufferSize,
	_Out_writes_bytes_opt_(*BufferSize) PBYTE Buffer);
/*
 * One property of a WPP event (FormattedString, FunctionName,
 * ComponentName, SubComponentName, SequenceNum, LevelName, FlagsName,
 * GuidName, GuidTypeName, SystemTime, ThreadId, ...): the types
 * TdhGetEventInformation gives them for WPP events, which it describes
 * with DecodingSourceWPP once their TMF is found (its TDH_CONTEXT_WPP_*
 * contexts, else TRACE_FORMAT_SEARCH_PATH).
 */
TDHSTATUS __stdcall TdhGetWppProperty(
	_In_ TDH_HANDLE Handle,
	_In_ PEVENT_RECORD EventRecord,
	_In_ PWSTR PropertyName,
	_Inout_ PULONG BufferSize,
	_Out_writes_bytes_opt_(*BufferSize) PBYTE Buffer);

/* Providers with installed or loaded manifests. */
TDHSTATUS __stdcall TdhEnumerateProviders(
	_Out_writes_bytes_opt_(*pBufferSize) PPROVIDER_ENUMERATION_INFO pBuffer,
	_Inout_ ULONG *pBufferSize);

/* A provider's keywords, levels, channels, tasks or opcodes. */
TDHSTATUS __stdcall TdhEnumerateProviderFieldInformation(
	_In_ LPGUID pGuid,
	_In_ EVENT_FIELD_TYPE EventFieldType,
	_Out_writes_bytes_opt_(*pBufferSize) PPROVIDER_FIELD_INFOARRAY pBuffer,
	_Inout_ ULONG *pBufferSize);

/* The one field with this value (keywords: the bits it matches). */
TDHSTATUS __stdcall TdhQueryProviderFieldInformation(
	_In_ LPGUID pGuid,
	_In_ ULONGLONG EventFieldValue,
	_In_ EVENT_FIELD_TYPE EventFieldType,
	_Out_writes_bytes_opt_(*pBufferSize) PPROVIDER_FIELD_INFOARRAY pBuffer,
	_Inout_ ULONG *pBufferSize);

/* Load / unload a manifest (.man XML) for this process. */
TDHSTATUS __stdcall TdhLoadManifest(_In_ PWSTR Manifest);
TDHSTATUS __stdcall TdhUnloadManifest(_In_ PWSTR Manifest);
TDHSTATUS __stdcall TdhLoadManifestFromMemory(
	_In_reads_bytes_(cbData) LPCVOID pData,
	_In_ ULONG cbData);
TDHSTATUS __stdcall TdhUnloadManifestFromMemory(
	_In_reads_bytes_(cbData) LPCVOID pData,
	_In_ ULONG cbData);
/* Manifests embedded in an ELF binary by etwmc (its .etw_manifest section). */
TDHSTATUS __stdcall TdhLoadManifestFromBinary(_In_ PWSTR BinaryPath);

/* The schema of a manifest event, without an event record. */
TDHSTATUS __stdcall TdhGetManifestEventInformation(
	_In_ LPGUID ProviderGuid,
	_In_ PEVENT_DESCRIPTOR EventDescriptor,
	_Out_writes_bytes_opt_(*BufferSize) PTRACE_EVENT_INFO Buffer,
	_Inout_ ULONG *BufferSize);

/* The events a manifest provider defines. */
TDHSTATUS __stdcall TdhEnumerateManifestProviderEvents(
	_In_ LPGUID ProviderGuid,
	_Out_writes_bytes_opt_(*BufferSize) PPROVIDER_EVENT_INFO Buffer,
	_Inout_ ULONG *BufferSize);

#ifdef __cplusplus
}
#endif

/* --- Accessors for the strings inside the structures (SDK helpers) --- */
#define _TDH_STR(base, off) ((off) ? (PWSTR)((PBYTE)(base) + (off)) : (PWSTR)NULL)

ETW_INLINE PWSTR EMI_MAP_NAME(PEVENT_MAP_INFO MapInfo)
{
	return _TDH_STR(MapInfo, MapInfo->NameOffset);
}
ETW_INLINE PWSTR EMI_MAP_FORMAT(PEVENT_MAP_INFO MapInfo)
{
	return (MapInfo->Flag & EVENTMAP_INFO_FLAG_MANIFEST_PATTERNMAP) ?
		_TDH_STR(MapInfo, MapInfo->FormatStringOffset) : (PWSTR)NULL;
}
ETW_INLINE PWSTR EMI_MAP_OUTPUT(PEVENT_MAP_INFO MapInfo, PEVENT_MAP_ENTRY Map)
{
	return _TDH_STR(MapInfo, Map->OutputOffset);
}
ETW_INLINE PWSTR EMI_MAP_INPUT(PEVENT_MAP_INFO MapInfo, PEVENT_MAP_ENTRY Map)
{
	return ((MapInfo->Flag & EVENTMAP_INFO_FLAG_MANIFEST_PATTERNMAP) &&
		Map->InputOffset) ? (PWSTR)((PBYTE)MapInfo + Map->InputOffset) :
				    (PWSTR)NULL;
}
ETW_INLINE PWSTR TEI_MAP_NAME(PTRACE_EVENT_INFO EventInfo, PEVENT_PROPERTY_INFO Property)
{
	return _TDH_STR(EventInfo, Property->nonStructType.MapNameOffset);
}
ETW_INLINE PWSTR TEI_PROPERTY_NAME(PTRACE_EVENT_INFO EventInfo, PEVENT_PROPERTY_INFO Property)
{
	return _TDH_STR(EventInfo, Property->NameOffset);
}
ETW_INLINE PWSTR TEI_PROVIDER_NAME(PTRACE_EVENT_INFO EventInfo)
{
	return _TDH_STR(EventInfo, EventInfo->ProviderNameOffset);
}
ETW_INLINE PWSTR TEI_LEVEL_NAME(PTRACE_EVENT_INFO EventInfo)
{
	return _TDH_STR(EventInfo, EventInfo->LevelNameOffset);
}
ETW_INLINE PWSTR TEI_CHANNEL_NAME(PTRACE_EVENT_INFO EventInfo)
{
	return _TDH_STR(EventInfo, EventInfo->ChannelNameOffset);
}
ETW_INLINE PWSTR TEI_KEYWORDS_NAME(PTRACE_EVENT_INFO EventInfo)
{
	return _TDH_STR(EventInfo, EventInfo->KeywordsNameOffset);
}
ETW_INLINE PWSTR TEI_TASK_NAME(PTRACE_EVENT_INFO EventInfo)
{
	return _TDH_STR(EventInfo, EventInfo->TaskNameOffset);
}
ETW_INLINE PWSTR TEI_OPCODE_NAME(PTRACE_EVENT_INFO EventInfo)
{
	return _TDH_STR(EventInfo, EventInfo->OpcodeNameOffset);
}
ETW_INLINE PWSTR TEI_EVENT_MESSAGE(PTRACE_EVENT_INFO EventInfo)
{
	return _TDH_STR(EventInfo, EventInfo->EventMessageOffset);
}
ETW_INLINE PWSTR TEI_PROVIDER_MESSAGE(PTRACE_EVENT_INFO EventInfo)
{
	return _TDH_STR(EventInfo, EventInfo->ProviderMessageOffset);
}
ETW_INLINE PWSTR TEI_ACTIVITYID_NAME(PTRACE_EVENT_INFO EventInfo)
{
	return _TDH_STR(EventInfo, EventInfo->ActivityIDNameOffset);
}
ETW_INLINE PWSTR TEI_EVENT_NAME(PTRACE_EVENT_INFO EventInfo)
{
	return _TDH_STR(EventInfo, EventInfo->EventNameOffset);
}
ETW_INLINE PWSTR TEI_RELATEDACTIVITYID_NAME(PTRACE_EVENT_INFO EventInfo)
{
	return _TDH_STR(EventInfo, EventInfo->RelatedActivityIDNameOffset);
}
ETW_INLINE PWSTR PFI_FIELD_NAME(PPROVIDER_FIELD_INFOARRAY FieldInfoArray, PPROVIDER_FIELD_INFO FieldInfo)
{
	return _TDH_STR(FieldInfoArray, FieldInfo->NameOffset);
}
ETW_INLINE PWSTR PFI_FIELD_MESSAGE(PPROVIDER_FIELD_INFOARRAY FieldInfoArray, PPROVIDER_FIELD_INFO FieldInfo)
{
	return _TDH_STR(FieldInfoArray, FieldInfo->DescriptionOffset);
}
ETW_INLINE PWSTR PEI_PROVIDER_NAME(PPROVIDER_ENUMERATION_INFO ProviderEnum, TRACE_PROVIDER_INFO *ProviderInfo)
{
	return _TDH_STR(ProviderEnum, ProviderInfo->ProviderNameOffset);
}

/* --- Layouts, x86-64 (reference §7) --- */
ETW_ASSERT_SIZE(EVENT_PROPERTY_INFO, 24);
ETW_ASSERT_OFFSET(EVENT_PROPERTY_INFO, NameOffset, 4);
ETW_ASSERT_OFFSET(EVENT_PROPERTY_INFO, nonStructType.InType, 8);
ETW_ASSERT_OFFSET(EVENT_PROPERTY_INFO, nonStructType.OutType, 10);
ETW_ASSERT_OFFSET(EVENT_PROPERTY_INFO, nonStructType.MapNameOffset, 12);
ETW_ASSERT_OFFSET(EVENT_PROPERTY_INFO, structType.StructStartIndex, 8);
ETW_ASSERT_OFFSET(EVENT_PROPERTY_INFO, structType.NumOfStructMembers, 10);
ETW_ASSERT_OFFSET(EVENT_PROPERTY_INFO, customSchemaType.CustomSchemaOffset, 12);
ETW_ASSERT_OFFSET(EVENT_PROPERTY_INFO, count, 16);
ETW_ASSERT_OFFSET(EVENT_PROPERTY_INFO, countPropertyIndex, 16);
ETW_ASSERT_OFFSET(EVENT_PROPERTY_INFO, length, 18);
ETW_ASSERT_OFFSET(EVENT_PROPERTY_INFO, lengthPropertyIndex, 18);
ETW_ASSERT_OFFSET(EVENT_PROPERTY_INFO, Reserved, 20);

ETW_ASSERT_SIZE(TRACE_EVENT_INFO, 136);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, EventGuid, 16);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, EventDescriptor, 32);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, DecodingSource, 48);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, ProviderNameOffset, 52);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, LevelNameOffset, 56);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, ChannelNameOffset, 60);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, KeywordsNameOffset, 64);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, TaskNameOffset, 68);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, OpcodeNameOffset, 72);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, EventMessageOffset, 76);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, ProviderMessageOffset, 80);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, BinaryXMLOffset, 84);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, BinaryXMLSize, 88);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, EventNameOffset, 92);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, ActivityIDNameOffset, 92);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, EventAttributesOffset, 96);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, RelatedActivityIDNameOffset, 96);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, PropertyCount, 100);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, TopLevelPropertyCount, 104);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, Flags, 108);
ETW_ASSERT_OFFSET(TRACE_EVENT_INFO, EventPropertyInfoArray, 112);

ETW_ASSERT_SIZE(PROPERTY_DATA_DESCRIPTOR, 16);
ETW_ASSERT_OFFSET(PROPERTY_DATA_DESCRIPTOR, ArrayIndex, 8);
ETW_ASSERT_OFFSET(PROPERTY_DATA_DESCRIPTOR, Reserved, 12);
ETW_ASSERT_SIZE(TDH_CONTEXT, 16);
ETW_ASSERT_OFFSET(TDH_CONTEXT, ParameterType, 8);
ETW_ASSERT_OFFSET(TDH_CONTEXT, ParameterSize, 12);

ETW_ASSERT_SIZE(EVENT_MAP_ENTRY, 8);
ETW_ASSERT_SIZE(EVENT_MAP_INFO, 24);
ETW_ASSERT_OFFSET(EVENT_MAP_INFO, Flag, 4);
ETW_ASSERT_OFFSET(EVENT_MAP_INFO, EntryCount, 8);
ETW_ASSERT_OFFSET(EVENT_MAP_INFO, MapEntryValueType, 12);
ETW_ASSERT_OFFSET(EVENT_MAP_INFO, MapEntryArray, 16);

ETW_ASSERT_SIZE(PROVIDER_FIELD_INFO, 16);
ETW_ASSERT_OFFSET(PROVIDER_FIELD_INFO, Value, 8);
ETW_ASSERT_SIZE(PROVIDER_FIELD_INFOARRAY, 24);
ETW_ASSERT_OFFSET(PROVIDER_FIELD_INFOARRAY, FieldInfoArray, 8);
ETW_ASSERT_SIZE(TRACE_PROVIDER_INFO, 24);
ETW_ASSERT_OFFSET(TRACE_PROVIDER_INFO, ProviderNameOffset, 20);
ETW_ASSERT_SIZE(PROVIDER_ENUMERATION_INFO, 32);
ETW_ASSERT_OFFSET(PROVIDER_ENUMERATION_INFO, TraceProviderInfoArray, 8);
ETW_ASSERT_SIZE(PROVIDER_EVENT_INFO, 24);
ETW_ASSERT_OFFSET(PROVIDER_EVENT_INFO, EventDescriptorsArray, 8);

#endif /* _LIBETW_TDH_H */
