/* SPDX-License-Identifier: MIT */
/*
 * TraceLoggingProvider.h - self-describing ETW events, the Windows SDK's
 * TraceLogging API (reference §5), for C (C99 and later) and C++ (C++11
 * and later), gcc and clang.
 *
 *     #include <windows.h>
 *     #include <TraceLoggingProvider.h>
 *
 *     TRACELOGGING_DEFINE_PROVIDER(g_hProvider, "MyProvider",
 *         (0xb3864c38, 0x4273, 0x58c5, 0x54, 0x5b, 0x8b, 0x36, 0x08, 0x34, 0x34, 0x71));
 *
 *     int main(int argc, char *argv[])
 *     {
 *         TraceLoggingRegister(g_hProvider);
 *         TraceLoggingWrite(g_hProvider, "MyEvent1",
 *             TraceLoggingString(argv[0], "arg0"),
 *             TraceLoggingInt32(argc));
 *         TraceLoggingUnregister(g_hProvider);
 *         return 0;
 *     }
 *
 * Every event carries its own decoding information: the event's metadata
 * (name, field names and types) is built by the compiler as a static
 * const object and travels with the event as an EVENT_METADATA data
 * descriptor; the provider's name (and group) are its traits, set with
 * EventSetInformation(EventProviderSetTraits) at registration (seed 004,
 * rule 6).  TDH (tdh.h) decodes them with no manifest.
 *
 * A write to a disabled provider costs one load (the level the enable
 * callback stored) and a branch; no data is prepared.  Names follow the
 * SDK; symbols starting with _tlg / _TLG / __etw_tlg are internal.
 * The SDK's rules apply: event and field names are string literals
 * without '\0'; at most 99 arguments and 128 descriptors per event; a
 * provider handle belongs to the module that defines it.
 *
 * Kernel mode: a Linux kernel module includes <etw_km.h> and this header
 * and writes the same macros; they register with EtwRegister and write
 * with the kernel writer of etw.ko (TLG_STATUS is then an NTSTATUS,
 * TraceLoggingWrite may be used in any context but NMI).  No floating
 * point in the kernel: the Float32/Float64 fields do not exist there.
 * Documentation/kernel-providers.rst.
 */
#ifndef _TRACELOGGINGPROVIDER_
#define _TRACELOGGINGPROVIDER_

#include "etw_wintypes.h"
#include "sal.h"
#include "winerror.h"
#include "guiddef.h"
#include "evntprov.h"
#ifdef _ETW_KM_
#include <etw_km.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifdef _ETW_KM_
typedef NTSTATUS TLG_STATUS;
typedef PETWENABLECALLBACK TLG_PENABLECALLBACK;
#else
typedef HRESULT TLG_STATUS;
typedef PENABLECALLBACK TLG_PENABLECALLBACK;
#endif

/* Field input types (wire encoding, reference §5.3). */
enum TlgIn_t {
	TlgInNULL,
	TlgInUNICODESTRING,
	TlgInANSISTRING,
	TlgInINT8,
	TlgInUINT8,
	TlgInINT16,
	TlgInUINT16,
	TlgInINT32,
	TlgInUINT32,
	TlgInINT64,
	TlgInUINT64,
	TlgInFLOAT,
	TlgInDOUBLE,
	TlgInBOOL32,
	TlgInBINARY,
	TlgInGUID,
	_TlgInPOINTER_unsupported,
	TlgInFILETIME,
	TlgInSYSTEMTIME,
	TlgInSID,
	TlgInHEXINT32,
	TlgInHEXINT64,
	TlgInCOUNTEDSTRING,
	TlgInCOUNTEDANSISTRING,
	_TlgInSTRUCT,
	TlgInCOUNTEDBINARY,
	_TlgInMax,
	TlgInINTPTR = TlgInINT64,	/* 64-bit targets */
	TlgInUINTPTR = TlgInUINT64,
	TlgInPOINTER = TlgInHEXINT64,
	TlgInLONG = TlgInINT32,		/* Windows LONG is 32 bits */
	TlgInULONG = TlgInUINT32,
	TlgInHEXLONG = TlgInHEXINT32,
	_TlgInCcount = 32,		/* fixed count in the metadata */
	TlgInVcount = 64,		/* UINT16 count in the data */
	_TlgInCustom = 96,
	_TlgInChain = 128,		/* an OutType byte follows */
	_TlgInTypeMask = 31,
	_TlgInCountMask = 96,
	_TlgInFlagMask = 224
};

/* Field output types: formatting hints; from 32 on, equal to TDH_OUTTYPE. */
enum TlgOut_t {
	TlgOutNULL,
	TlgOutNOPRINT,
	TlgOutSTRING,
	TlgOutBOOLEAN,
	TlgOutHEX,
	TlgOutPID,
	TlgOutTID,
	TlgOutPORT,
	TlgOutIPV4,
	TlgOutIPV6,
	TlgOutSOCKETADDRESS,
	TlgOutXML,
	TlgOutJSON,
	TlgOutWIN32ERROR,
	TlgOutNTSTATUS,
	TlgOutHRESULT,
	TlgOutFILETIME,
	TlgOutSIGNED,
	TlgOutUNSIGNED,
	TlgOutUTF8 = 35,
	TlgOutPKCS7_WITH_TYPE_INFO = 36,
	TlgOutCODE_POINTER = 37,
	TlgOutDATETIME_UTC = 38,
	_TlgOutMax,
	_TlgOutChain = 128,		/* tag bytes follow */
	_TlgOutTypeMask = 127
};

#define TRACELOGGING_PROTOCOL_MICROSOFT_RESERVED0	0
#define TRACELOGGING_PROTOCOL_MICROSOFT_RESERVED1	1
#define TRACELOGGING_PROTOCOL_MICROSOFT_RESERVED2	2
#define TRACELOGGING_PROTOCOL_MICROSOFT_RESERVED3	3
#define TRACELOGGING_PROTOCOL_MICROSOFT_RESERVED4	4

/*
 * A provider's state, in the defining module's data.  LevelPlus1 is 0
 * while no session enables the provider, else the enabled level + 1
 * (256 = all levels); the keywords are the enable callback's.  Not a
 * Windows layout: only this header and libetw read it.
 */
struct _TlgProvider_t {
	UINT32 LevelPlus1;
	UINT32 Reserved;
	ULONGLONG KeywordAny;
	ULONGLONG KeywordAll;
	REGHANDLE RegHandle;
	TLG_PENABLECALLBACK EnableCallback;	/* TraceLoggingRegisterEx's */
	PVOID CallbackContext;
	const void *ProviderMetadataPtr;	/* traits blob (reference §1.6) */
	GUID ProviderId;
};
typedef struct _TlgProvider_t const *TraceLoggingHProvider;

/*
 * libetw's side (LIBETW_1.2), or etw.ko's in kernel mode; use the
 * TraceLogging* names instead.
 */
#ifdef _ETW_KM_
/* Kernel mode: the registration is the calling module's (THIS_MODULE). */
TLG_STATUS __etw_tlg_register_km(TraceLoggingHProvider hProvider,
				 TLG_PENABLECALLBACK pEnableCallback,
				 PVOID pCallbackContext, struct module *owner);
#define __etw_tlg_register(h, cb, ctx) \
	__etw_tlg_register_km(h, cb, ctx, THIS_MODULE)
#else
TLG_STATUS __etw_tlg_register(TraceLoggingHProvider hProvider,
			      TLG_PENABLECALLBACK pEnableCallback,
			      PVOID pCallbackContext);
#endif
void __etw_tlg_unregister(TraceLoggingHProvider hProvider);
void __etw_tlg_write(TraceLoggingHProvider hProvider, const void *pEventMetadata,
		     ULONG64 filter, ULONG flags, LPCGUID pActivityId,
		     LPCGUID pRelatedActivityId, ULONG cData,
		     PEVENT_DATA_DESCRIPTOR pData);

#ifdef __cplusplus
}
#endif

#include "etw_tlg_impl.h"

/* --- Providers --- */

#define _TLG_GUID_imp(l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
	{ l, w1, w2, { b1, b2, b3, b4, b5, b6, b7, b8 } }
#define _TLG_GUID(id) _TLG_GUID_imp id

/* TraceLoggingOptionGroup: a group trait (size 19, type 1, GUID). */
/*
 * _TLG_CAT(_tlgOptD, options)() is _tlgOptD() (nothing) without an option,
 * _tlgOptD_tlgGroup(...)() with one; the trailing () is eaten.
 */
#define _TLG_EAT(...)
#define _tlgOptD()
#define _tlgOptI()
#define _tlgOptD_tlgGroup(...) \
	UINT16 _tlgGroupSize; UINT8 _tlgGroupType; UINT8 _tlgGroupId[16]; _TLG_EAT
#define _tlgOptI_tlgGroup(l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
	, 19, EtwProviderTraitTypeGroup, { \
	(UINT8)(l), (UINT8)((l) >> 8), (UINT8)((l) >> 16), (UINT8)((l) >> 24), \
	(UINT8)(w1), (UINT8)((w1) >> 8), (UINT8)(w2), (UINT8)((w2) >> 8), \
	b1, b2, b3, b4, b5, b6, b7, b8 } _TLG_EAT

/*
 * TRACELOGGING_DEFINE_PROVIDER_STORAGE(storage, "Name", (g1, ..., g11)
 * [, TraceLoggingOptionGroup(...)]): the provider's state and its traits
 * blob (UINT16 size, UTF-8 name, NUL, [group trait]) as static objects.
 */
#define TRACELOGGING_DEFINE_PROVIDER_STORAGE(storageVariable, providerName, providerId, ...) \
	static const struct _TLG_PACKED { \
		UINT16 _tlgSize; \
		char _tlgName[sizeof(providerName)]; \
		_TLG_CAT(_tlgOptD, __VA_ARGS__)() \
	} _TLG_PASTE(_tlgMeta_, storageVariable) = { \
		(UINT16)sizeof(_TLG_PASTE(_tlgMeta_, storageVariable)), \
		providerName _TLG_CAT(_tlgOptI, __VA_ARGS__)() }; \
	static struct _TlgProvider_t storageVariable = { \
		0, 0, 0, 0, 0, NULL, NULL, \
		&_TLG_PASTE(_tlgMeta_, storageVariable), _TLG_GUID(providerId) }

#ifdef __cplusplus
#define _TLG_EXTERN_CONST extern const
#else
#define _TLG_EXTERN_CONST const
#endif

/*
 * TRACELOGGING_DEFINE_PROVIDER(hProvider, "Name", (g1, ..., g11) [, option]):
 * define the provider's storage and the handle variable hProvider
 * (external linkage; unregistered until TraceLoggingRegister).
 */
#define TRACELOGGING_DEFINE_PROVIDER(handleVariable, providerName, providerId, ...) \
	TRACELOGGING_DEFINE_PROVIDER_STORAGE(_tlgProv_##handleVariable, \
		providerName, providerId, __VA_ARGS__); \
	_TLG_EXTERN_CONST TraceLoggingHProvider handleVariable = \
		&_tlgProv_##handleVariable

/* Declare a handle defined elsewhere (extern "C" in C++ headers shared with C). */
#define TRACELOGGING_DECLARE_PROVIDER(handleVariable) \
	extern const TraceLoggingHProvider handleVariable

/* Provider option: membership of a provider group (seed 004, rule 6). */
#define TraceLoggingOptionGroup(g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11) \
	_tlgGroup(g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11)

/* --- The provider API --- */

/*
 * Register with ETW (EventRegister) and set the provider's traits (name,
 * group) with EventSetInformation.  The handle must be unregistered.
 * pEnableCallback, if given, receives every enable notification after
 * TraceLogging has recorded it (seed 000, rule 23).  On failure the
 * handle stays a no-op and the HRESULT says why.
 */
ETW_INLINE TLG_STATUS TraceLoggingRegisterEx(
	_Inout_ TraceLoggingHProvider hProvider,
	_In_opt_ TLG_PENABLECALLBACK pEnableCallback,
	_In_opt_ PVOID pCallbackContext)
{
	return __etw_tlg_register(hProvider, pEnableCallback, pCallbackContext);
}

ETW_INLINE TLG_STATUS TraceLoggingRegister(_Inout_ TraceLoggingHProvider hProvider)
{
	return __etw_tlg_register(hProvider, NULL, NULL);
}

/* Unregister; writes become no-ops until the next TraceLoggingRegister. */
ETW_INLINE void TraceLoggingUnregister(_Inout_ TraceLoggingHProvider hProvider)
{
	__etw_tlg_unregister(hProvider);
}

/*
 * EventSetInformation on the provider's registration, as an HRESULT
 * (kernel mode: EtwSetInformation's NTSTATUS).
 */
ETW_INLINE TLG_STATUS TraceLoggingSetInformation(
	_Inout_ TraceLoggingHProvider hProvider,
	_In_ EVENT_INFO_CLASS informationClass,
	_In_reads_bytes_opt_(cbInformation) PVOID pvInformation,
	_In_ ULONG cbInformation)
{
#ifdef _ETW_KM_
	return EtwSetInformation(hProvider->RegHandle, informationClass,
				 pvInformation, cbInformation);
#else
	ULONG e = EventSetInformation(hProvider->RegHandle, informationClass,
				      pvInformation, cbInformation);

	return HRESULT_FROM_WIN32(e);
#endif
}

/* Is an event of this level and keyword wanted?  0 = any level / keyword. */
#define _tlgEnabled(hProvider, level, keyword) \
	((UINT32)(level) < (hProvider)->LevelPlus1 && \
	 ((keyword) == 0 || \
	  (((keyword) & (hProvider)->KeywordAny) != 0 && \
	   ((keyword) & (hProvider)->KeywordAll) == (hProvider)->KeywordAll)))

ETW_INLINE BOOLEAN TraceLoggingProviderEnabled(
	_In_ TraceLoggingHProvider hProvider,
	UCHAR eventLevel,
	ULONGLONG eventKeyword)
{
	return _tlgEnabled(hProvider, eventLevel, eventKeyword) ? TRUE : FALSE;
}

/* The GUID given to TRACELOGGING_DEFINE_PROVIDER. */
ETW_INLINE GUID TraceLoggingProviderId(_In_ TraceLoggingHProvider hProvider)
{
	return hProvider->ProviderId;
}

/* --- Writing events --- */

/* TraceLoggingWrite(hProvider, "EventName", args...): thread's activity ID. */
#define TraceLoggingWrite(hProvider, eventName, ...) \
	_tlgWriteImp(hProvider, eventName, 0, 0, NULL, NULL, __VA_ARGS__)

/* ...with explicit activity and related activity IDs (may be NULL). */
#define TraceLoggingWriteActivity(hProvider, eventName, pActivityId, pRelatedActivityId, ...) \
	_tlgWriteImp(hProvider, eventName, 0, 0, pActivityId, pRelatedActivityId, __VA_ARGS__)

/* ...with EventWriteEx's session filter mask and flags. */
#define TraceLoggingWriteEx(hProvider, eventName, filter, flags, pActivityId, pRelatedActivityId, ...) \
	_tlgWriteImp(hProvider, eventName, filter, flags, pActivityId, pRelatedActivityId, __VA_ARGS__)

/* --- Event-level arguments (metadata only; compile-time constants) --- */
#define TraceLoggingLevel(eventLevel) (_tlgLevel, eventLevel)		/* default 5; last wins */
#define TraceLoggingOpcode(eventOpcode) (_tlgOpcode, eventOpcode)	/* default 0; last wins */
#define TraceLoggingKeyword(eventKeyword) (_tlgKeyword, eventKeyword)	/* OR'ed */
#define TraceLoggingChannel(eventChannel) (_tlgChannel, eventChannel)	/* default 11; last wins */
/* 28-bit tag, OR'ed; the C encoding keeps bits 0x0FFFC000 (two bytes). */
#define TraceLoggingEventTag(eventTag) (_tlgEvtTag, eventTag)
/* Descriptions and custom attributes go to the PDB on Windows: no effect. */
#define TraceLoggingDescription(description) (_tlgNone, description)
#define TraceLoggingCustomAttribute(key, value) (_tlgNone, key)

/* --- Field arguments --- */
#define _tlgArgS(type, in, hasout, out, value, namestr, ...) \
	(_tlgS, type, in, hasout, out, _TLG_NAME(namestr, __VA_ARGS__), \
	 _TLG_HASTAG(__VA_ARGS__), _TLG_TAG(__VA_ARGS__), value)
#define _tlgArgR(type, in, hasout, out, value, namestr, ...) \
	(_tlgR, type, in, hasout, out, _TLG_NAME(namestr, __VA_ARGS__), \
	 _TLG_HASTAG(__VA_ARGS__), _TLG_TAG(__VA_ARGS__), value)
#define _tlgArgFA(type, in, hasout, out, p, n, namestr, ...) \
	(_tlgFA, type, (in) | _TlgInCcount, hasout, out, _TLG_NAME(namestr, __VA_ARGS__), \
	 _TLG_HASTAG(__VA_ARGS__), _TLG_TAG(__VA_ARGS__), p, n)
#define _tlgArgA(type, in, hasout, out, p, n, namestr, ...) \
	(_tlgA, type, (in) | TlgInVcount, hasout, out, _TLG_NAME(namestr, __VA_ARGS__), \
	 _TLG_HASTAG(__VA_ARGS__), _TLG_TAG(__VA_ARGS__), p, n)
#define _tlgArgK(kind, type, in, hasout, out, rest, namestr, ...) \
	(kind, type, in, hasout, out, _TLG_NAME(namestr, __VA_ARGS__), \
	 _TLG_HASTAG(__VA_ARGS__), _TLG_TAG(__VA_ARGS__), _TLG_FLATTEN rest)

/* Scalars: TraceLoggingInt32(value, ["name", ["description", [tags]]]) */
#define TraceLoggingInt8(value, ...) \
	_tlgArgS(INT8, TlgInINT8, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingUInt8(value, ...) \
	_tlgArgS(UINT8, TlgInUINT8, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingInt16(value, ...) \
	_tlgArgS(INT16, TlgInINT16, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingUInt16(value, ...) \
	_tlgArgS(UINT16, TlgInUINT16, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingInt32(value, ...) \
	_tlgArgS(INT32, TlgInINT32, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingUInt32(value, ...) \
	_tlgArgS(UINT32, TlgInUINT32, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingInt64(value, ...) \
	_tlgArgS(INT64, TlgInINT64, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingUInt64(value, ...) \
	_tlgArgS(UINT64, TlgInUINT64, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingIntPtr(value, ...) \
	_tlgArgS(INT_PTR, TlgInINTPTR, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingUIntPtr(value, ...) \
	_tlgArgS(UINT_PTR, TlgInUINTPTR, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingLong(value, ...) \
	_tlgArgS(LONG, TlgInLONG, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingULong(value, ...) \
	_tlgArgS(ULONG, TlgInULONG, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingHexInt8(value, ...) \
	_tlgArgS(INT8, TlgInUINT8, 1, TlgOutHEX, value, #value, __VA_ARGS__)
#define TraceLoggingHexUInt8(value, ...) \
	_tlgArgS(UINT8, TlgInUINT8, 1, TlgOutHEX, value, #value, __VA_ARGS__)
#define TraceLoggingHexInt16(value, ...) \
	_tlgArgS(INT16, TlgInUINT16, 1, TlgOutHEX, value, #value, __VA_ARGS__)
#define TraceLoggingHexUInt16(value, ...) \
	_tlgArgS(UINT16, TlgInUINT16, 1, TlgOutHEX, value, #value, __VA_ARGS__)
#define TraceLoggingHexInt32(value, ...) \
	_tlgArgS(INT32, TlgInHEXINT32, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingHexUInt32(value, ...) \
	_tlgArgS(UINT32, TlgInHEXINT32, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingHexInt64(value, ...) \
	_tlgArgS(INT64, TlgInHEXINT64, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingHexUInt64(value, ...) \
	_tlgArgS(UINT64, TlgInHEXINT64, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingHexIntPtr(value, ...) \
	_tlgArgS(INT_PTR, TlgInPOINTER, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingHexUIntPtr(value, ...) \
	_tlgArgS(UINT_PTR, TlgInPOINTER, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingHexLong(value, ...) \
	_tlgArgS(LONG, TlgInHEXLONG, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingHexULong(value, ...) \
	_tlgArgS(ULONG, TlgInHEXLONG, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingFloat32(value, ...) \
	_tlgArgS(float, TlgInFLOAT, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingFloat64(value, ...) \
	_tlgArgS(double, TlgInDOUBLE, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingBoolean(value, ...) \
	_tlgArgS(BOOLEAN, TlgInUINT8, 1, TlgOutBOOLEAN, value, #value, __VA_ARGS__)
#define TraceLoggingBool(value, ...) \
	_tlgArgS(INT32, TlgInBOOL32, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingChar(value, ...) \
	_tlgArgS(char, TlgInUINT8, 1, TlgOutSTRING, value, #value, __VA_ARGS__)
#define TraceLoggingChar16(value, ...) \
	_tlgArgS(char16_t, TlgInUINT16, 1, TlgOutSTRING, value, #value, __VA_ARGS__)
#define TraceLoggingWChar(value, ...) \
	_tlgArgS(WCHAR, TlgInUINT16, 1, TlgOutSTRING, value, #value, __VA_ARGS__)
#define TraceLoggingPointer(value, ...) \
	_tlgArgS(void const *, TlgInPOINTER, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingCodePointer(value, ...) \
	_tlgArgS(void const *, TlgInPOINTER, 1, TlgOutCODE_POINTER, value, #value, __VA_ARGS__)
#define TraceLoggingPid(value, ...) \
	_tlgArgS(UINT32, TlgInUINT32, 1, TlgOutPID, value, #value, __VA_ARGS__)
#define TraceLoggingTid(value, ...) \
	_tlgArgS(UINT32, TlgInUINT32, 1, TlgOutTID, value, #value, __VA_ARGS__)
#define TraceLoggingPort(value, ...) \
	_tlgArgS(UINT16, TlgInUINT16, 1, TlgOutPORT, value, #value, __VA_ARGS__)
#define TraceLoggingIPv4Address(value, ...) \
	_tlgArgS(UINT32, TlgInUINT32, 1, TlgOutIPV4, value, #value, __VA_ARGS__)
#define TraceLoggingWinError(value, ...) \
	_tlgArgS(UINT32, TlgInUINT32, 1, TlgOutWIN32ERROR, value, #value, __VA_ARGS__)
#define TraceLoggingNTStatus(value, ...) \
	_tlgArgS(NTSTATUS, TlgInUINT32, 1, TlgOutNTSTATUS, value, #value, __VA_ARGS__)
#define TraceLoggingHResult(value, ...) \
	_tlgArgS(HRESULT, TlgInINT32, 1, TlgOutHRESULT, value, #value, __VA_ARGS__)
#define TraceLoggingErrno(value, ...) \
	_tlgArgS(INT32, TlgInINT32, 0, 0, value, #value, __VA_ARGS__)
/* GUID, FILETIME, SYSTEMTIME values (in C: lvalues or compound literals) */
#define TraceLoggingFileTime(value, ...) \
	_tlgArgR(struct _FILETIME, TlgInFILETIME, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingFileTimeUtc(value, ...) \
	_tlgArgR(struct _FILETIME, TlgInFILETIME, 1, TlgOutDATETIME_UTC, value, #value, __VA_ARGS__)
#define TraceLoggingSystemTime(value, ...) \
	_tlgArgR(struct _SYSTEMTIME, TlgInSYSTEMTIME, 0, 0, value, #value, __VA_ARGS__)
#define TraceLoggingSystemTimeUtc(value, ...) \
	_tlgArgR(struct _SYSTEMTIME, TlgInSYSTEMTIME, 1, TlgOutDATETIME_UTC, value, #value, __VA_ARGS__)
#define TraceLoggingGuid(value, ...) \
	_tlgArgR(GUID, TlgInGUID, 0, 0, value, #value, __VA_ARGS__)

/* Fixed-count arrays: cValues must be a compile-time constant, not 0. */
#define TraceLoggingInt8FixedArray(pValues, cValues, ...) \
	_tlgArgFA(INT8, TlgInINT8, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingUInt8FixedArray(pValues, cValues, ...) \
	_tlgArgFA(UINT8, TlgInUINT8, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingInt16FixedArray(pValues, cValues, ...) \
	_tlgArgFA(INT16, TlgInINT16, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingUInt16FixedArray(pValues, cValues, ...) \
	_tlgArgFA(UINT16, TlgInUINT16, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingInt32FixedArray(pValues, cValues, ...) \
	_tlgArgFA(INT32, TlgInINT32, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingUInt32FixedArray(pValues, cValues, ...) \
	_tlgArgFA(UINT32, TlgInUINT32, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingInt64FixedArray(pValues, cValues, ...) \
	_tlgArgFA(INT64, TlgInINT64, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingUInt64FixedArray(pValues, cValues, ...) \
	_tlgArgFA(UINT64, TlgInUINT64, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingIntPtrFixedArray(pValues, cValues, ...) \
	_tlgArgFA(INT_PTR, TlgInINTPTR, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingUIntPtrFixedArray(pValues, cValues, ...) \
	_tlgArgFA(UINT_PTR, TlgInUINTPTR, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingLongFixedArray(pValues, cValues, ...) \
	_tlgArgFA(LONG, TlgInLONG, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingULongFixedArray(pValues, cValues, ...) \
	_tlgArgFA(ULONG, TlgInULONG, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexInt8FixedArray(pValues, cValues, ...) \
	_tlgArgFA(INT8, TlgInUINT8, 1, TlgOutHEX, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexUInt8FixedArray(pValues, cValues, ...) \
	_tlgArgFA(UINT8, TlgInUINT8, 1, TlgOutHEX, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexInt16FixedArray(pValues, cValues, ...) \
	_tlgArgFA(INT16, TlgInUINT16, 1, TlgOutHEX, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexUInt16FixedArray(pValues, cValues, ...) \
	_tlgArgFA(UINT16, TlgInUINT16, 1, TlgOutHEX, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexInt32FixedArray(pValues, cValues, ...) \
	_tlgArgFA(INT32, TlgInHEXINT32, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexUInt32FixedArray(pValues, cValues, ...) \
	_tlgArgFA(UINT32, TlgInHEXINT32, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexInt64FixedArray(pValues, cValues, ...) \
	_tlgArgFA(INT64, TlgInHEXINT64, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexUInt64FixedArray(pValues, cValues, ...) \
	_tlgArgFA(UINT64, TlgInHEXINT64, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexIntPtrFixedArray(pValues, cValues, ...) \
	_tlgArgFA(INT_PTR, TlgInPOINTER, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexUIntPtrFixedArray(pValues, cValues, ...) \
	_tlgArgFA(UINT_PTR, TlgInPOINTER, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexLongFixedArray(pValues, cValues, ...) \
	_tlgArgFA(LONG, TlgInHEXLONG, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexULongFixedArray(pValues, cValues, ...) \
	_tlgArgFA(ULONG, TlgInHEXLONG, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingFloat32FixedArray(pValues, cValues, ...) \
	_tlgArgFA(float, TlgInFLOAT, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingFloat64FixedArray(pValues, cValues, ...) \
	_tlgArgFA(double, TlgInDOUBLE, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingBooleanFixedArray(pValues, cValues, ...) \
	_tlgArgFA(BOOLEAN, TlgInUINT8, 1, TlgOutBOOLEAN, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingBoolFixedArray(pValues, cValues, ...) \
	_tlgArgFA(INT32, TlgInBOOL32, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingCharFixedArray(pValues, cValues, ...) \
	_tlgArgFA(char, TlgInUINT8, 1, TlgOutSTRING, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingChar16FixedArray(pValues, cValues, ...) \
	_tlgArgFA(char16_t, TlgInUINT16, 1, TlgOutSTRING, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingWCharFixedArray(pValues, cValues, ...) \
	_tlgArgFA(WCHAR, TlgInUINT16, 1, TlgOutSTRING, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingPointerFixedArray(pValues, cValues, ...) \
	_tlgArgFA(void const *, TlgInPOINTER, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingCodePointerFixedArray(pValues, cValues, ...) \
	_tlgArgFA(void const *, TlgInPOINTER, 1, TlgOutCODE_POINTER, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingFileTimeFixedArray(pValues, cValues, ...) \
	_tlgArgFA(struct _FILETIME, TlgInFILETIME, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingFileTimeUtcFixedArray(pValues, cValues, ...) \
	_tlgArgFA(struct _FILETIME, TlgInFILETIME, 1, TlgOutDATETIME_UTC, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingSystemTimeFixedArray(pValues, cValues, ...) \
	_tlgArgFA(struct _SYSTEMTIME, TlgInSYSTEMTIME, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingSystemTimeUtcFixedArray(pValues, cValues, ...) \
	_tlgArgFA(struct _SYSTEMTIME, TlgInSYSTEMTIME, 1, TlgOutDATETIME_UTC, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingGuidFixedArray(pValues, cValues, ...) \
	_tlgArgFA(GUID, TlgInGUID, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)

/* Variable-count arrays: UINT16 count, then the values. */
#define TraceLoggingInt8Array(pValues, cValues, ...) \
	_tlgArgA(INT8, TlgInINT8, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingUInt8Array(pValues, cValues, ...) \
	_tlgArgA(UINT8, TlgInUINT8, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingInt16Array(pValues, cValues, ...) \
	_tlgArgA(INT16, TlgInINT16, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingUInt16Array(pValues, cValues, ...) \
	_tlgArgA(UINT16, TlgInUINT16, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingInt32Array(pValues, cValues, ...) \
	_tlgArgA(INT32, TlgInINT32, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingUInt32Array(pValues, cValues, ...) \
	_tlgArgA(UINT32, TlgInUINT32, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingInt64Array(pValues, cValues, ...) \
	_tlgArgA(INT64, TlgInINT64, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingUInt64Array(pValues, cValues, ...) \
	_tlgArgA(UINT64, TlgInUINT64, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingIntPtrArray(pValues, cValues, ...) \
	_tlgArgA(INT_PTR, TlgInINTPTR, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingUIntPtrArray(pValues, cValues, ...) \
	_tlgArgA(UINT_PTR, TlgInUINTPTR, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingLongArray(pValues, cValues, ...) \
	_tlgArgA(LONG, TlgInLONG, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingULongArray(pValues, cValues, ...) \
	_tlgArgA(ULONG, TlgInULONG, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexInt8Array(pValues, cValues, ...) \
	_tlgArgA(INT8, TlgInUINT8, 1, TlgOutHEX, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexUInt8Array(pValues, cValues, ...) \
	_tlgArgA(UINT8, TlgInUINT8, 1, TlgOutHEX, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexInt16Array(pValues, cValues, ...) \
	_tlgArgA(INT16, TlgInUINT16, 1, TlgOutHEX, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexUInt16Array(pValues, cValues, ...) \
	_tlgArgA(UINT16, TlgInUINT16, 1, TlgOutHEX, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexInt32Array(pValues, cValues, ...) \
	_tlgArgA(INT32, TlgInHEXINT32, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexUInt32Array(pValues, cValues, ...) \
	_tlgArgA(UINT32, TlgInHEXINT32, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexInt64Array(pValues, cValues, ...) \
	_tlgArgA(INT64, TlgInHEXINT64, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexUInt64Array(pValues, cValues, ...) \
	_tlgArgA(UINT64, TlgInHEXINT64, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexIntPtrArray(pValues, cValues, ...) \
	_tlgArgA(INT_PTR, TlgInPOINTER, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexUIntPtrArray(pValues, cValues, ...) \
	_tlgArgA(UINT_PTR, TlgInPOINTER, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexLongArray(pValues, cValues, ...) \
	_tlgArgA(LONG, TlgInHEXLONG, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingHexULongArray(pValues, cValues, ...) \
	_tlgArgA(ULONG, TlgInHEXLONG, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingFloat32Array(pValues, cValues, ...) \
	_tlgArgA(float, TlgInFLOAT, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingFloat64Array(pValues, cValues, ...) \
	_tlgArgA(double, TlgInDOUBLE, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingBooleanArray(pValues, cValues, ...) \
	_tlgArgA(BOOLEAN, TlgInUINT8, 1, TlgOutBOOLEAN, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingBoolArray(pValues, cValues, ...) \
	_tlgArgA(INT32, TlgInBOOL32, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingCharArray(pValues, cValues, ...) \
	_tlgArgA(char, TlgInUINT8, 1, TlgOutSTRING, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingChar16Array(pValues, cValues, ...) \
	_tlgArgA(char16_t, TlgInUINT16, 1, TlgOutSTRING, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingWCharArray(pValues, cValues, ...) \
	_tlgArgA(WCHAR, TlgInUINT16, 1, TlgOutSTRING, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingPointerArray(pValues, cValues, ...) \
	_tlgArgA(void const *, TlgInPOINTER, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingCodePointerArray(pValues, cValues, ...) \
	_tlgArgA(void const *, TlgInPOINTER, 1, TlgOutCODE_POINTER, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingFileTimeArray(pValues, cValues, ...) \
	_tlgArgA(struct _FILETIME, TlgInFILETIME, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingFileTimeUtcArray(pValues, cValues, ...) \
	_tlgArgA(struct _FILETIME, TlgInFILETIME, 1, TlgOutDATETIME_UTC, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingSystemTimeArray(pValues, cValues, ...) \
	_tlgArgA(struct _SYSTEMTIME, TlgInSYSTEMTIME, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingSystemTimeUtcArray(pValues, cValues, ...) \
	_tlgArgA(struct _SYSTEMTIME, TlgInSYSTEMTIME, 1, TlgOutDATETIME_UTC, pValues, cValues, #pValues, __VA_ARGS__)
#define TraceLoggingGuidArray(pValues, cValues, ...) \
	_tlgArgA(GUID, TlgInGUID, 0, 0, pValues, cValues, #pValues, __VA_ARGS__)

/* Strings: NUL-terminated (NULL = ""), or counted (cch characters). */
#define TraceLoggingString(pszValue, ...) \
	_tlgArgK(_tlgSz, char, TlgInANSISTRING, 0, 0, (pszValue), #pszValue, __VA_ARGS__)
#define TraceLoggingUtf8String(pszValue, ...) \
	_tlgArgK(_tlgSz, char, TlgInANSISTRING, 1, TlgOutUTF8, (pszValue), #pszValue, __VA_ARGS__)
#define TraceLoggingString16(pszValue, ...) \
	_tlgArgK(_tlgWsz, char16_t, TlgInUNICODESTRING, 0, 0, (pszValue), #pszValue, __VA_ARGS__)
#define TraceLoggingWideString(pszValue, ...) \
	_tlgArgK(_tlgWsz, WCHAR, TlgInUNICODESTRING, 0, 0, (pszValue), #pszValue, __VA_ARGS__)
#define TraceLoggingCountedString(pchValue, cchValue, ...) \
	_tlgArgK(_tlgCS, char, TlgInCOUNTEDANSISTRING, 0, 0, (pchValue, cchValue), #pchValue, __VA_ARGS__)
#define TraceLoggingCountedUtf8String(pchValue, cchValue, ...) \
	_tlgArgK(_tlgCS, char, TlgInCOUNTEDANSISTRING, 1, TlgOutUTF8, (pchValue, cchValue), #pchValue, __VA_ARGS__)
#define TraceLoggingCountedString16(pchValue, cchValue, ...) \
	_tlgArgK(_tlgCS, char16_t, TlgInCOUNTEDSTRING, 0, 0, (pchValue, cchValue), #pchValue, __VA_ARGS__)
#define TraceLoggingCountedWideString(pchValue, cchValue, ...) \
	_tlgArgK(_tlgCS, WCHAR, TlgInCOUNTEDSTRING, 0, 0, (pchValue, cchValue), #pchValue, __VA_ARGS__)
/* PSTRING / PANSI_STRING and PUNICODE_STRING (Length in bytes). */
#define TraceLoggingAnsiString(pValue, ...) \
	_tlgArgK(_tlgBuf, struct _STRING, TlgInCOUNTEDANSISTRING, 0, 0, (pValue), #pValue, __VA_ARGS__)
#define TraceLoggingUnicodeString(pValue, ...) \
	_tlgArgK(_tlgBuf, struct _UNICODE_STRING, TlgInCOUNTEDSTRING, 0, 0, (pValue), #pValue, __VA_ARGS__)

/* Binary data: UINT16 byte count, then the bytes. */
#define TraceLoggingBinary(pValue, cbValue, ...) \
	_tlgArgK(_tlgB, void, TlgInBINARY, 0, 0, (pValue, cbValue), #pValue, __VA_ARGS__)
#define TraceLoggingBinaryEx(pValue, cbValue, outType, ...) \
	_tlgArgK(_tlgB, void, TlgInBINARY, 1, outType, (pValue, cbValue), #pValue, __VA_ARGS__)
#define TraceLoggingSocketAddress(pValue, cbValue, ...) \
	_tlgArgK(_tlgB, void, TlgInBINARY, 1, TlgOutSOCKETADDRESS, (pValue, cbValue), #pValue, __VA_ARGS__)
/* 16 bytes, e.g. &sin6.sin6_addr */
#define TraceLoggingIPv6Address(pValue, ...) \
	_tlgArgK(_tlgB, void, TlgInBINARY, 1, TlgOutIPV6, (pValue, 16), #pValue, __VA_ARGS__)
/* A struct with Length (bytes) and Buffer members. */
#define TraceLoggingBinaryBuffer(pValue, dataType, ...) \
	_tlgArgK(_tlgBuf, dataType, TlgInBINARY, 0, 0, (pValue), #pValue, __VA_ARGS__)
#define TraceLoggingBinaryBufferEx(pValue, dataType, outType, ...) \
	_tlgArgK(_tlgBuf, dataType, TlgInBINARY, 1, outType, (pValue), #pValue, __VA_ARGS__)

/* A SID: 8 + 4 * SubAuthorityCount bytes. */
#define TraceLoggingSid(pValue, ...) \
	_tlgArgK(_tlgSid, SID, TlgInSID, 0, 0, (pValue), #pValue, __VA_ARGS__)

/* TraceLoggingStruct(fieldCount, "name", ...): the next fieldCount fields form one. */
#define TraceLoggingStruct(fieldCount, name, ...) \
	(_tlgStruct, , _TlgInSTRUCT, 1, fieldCount, name, \
	 _TLG_HASTAG2(__VA_ARGS__), _TLG_TAG2(__VA_ARGS__))

/* Manual packing (advanced): metadata and data given separately. */
#define TraceLoggingPackedField(pValue, cbValue, inType, ...) \
	_tlgArgK(_tlgPF, void, inType, 0, 0, (pValue, cbValue), #pValue, __VA_ARGS__)
#define TraceLoggingPackedFieldEx(pValue, cbValue, inType, outType, ...) \
	_tlgArgK(_tlgPF, void, inType, 1, outType, (pValue, cbValue), #pValue, __VA_ARGS__)
#define TraceLoggingPackedMetadata(inType, name, ...) \
	(_tlgPM, , inType, 0, 0, name, _TLG_HASTAG2(__VA_ARGS__), _TLG_TAG2(__VA_ARGS__))
#define TraceLoggingPackedMetadataEx(inType, outType, name, ...) \
	(_tlgPM, , inType, 1, outType, name, _TLG_HASTAG2(__VA_ARGS__), _TLG_TAG2(__VA_ARGS__))
#define TraceLoggingPackedStruct(fieldCount, name, ...) \
	(_tlgStruct, , _TlgInSTRUCT, 1, fieldCount, name, \
	 _TLG_HASTAG2(__VA_ARGS__), _TLG_TAG2(__VA_ARGS__))
#define TraceLoggingPackedStructArray(fieldCount, name, ...) \
	(_tlgStruct, , _TlgInSTRUCT | TlgInVcount, 1, fieldCount, name, \
	 _TLG_HASTAG2(__VA_ARGS__), _TLG_TAG2(__VA_ARGS__))
#define TraceLoggingPackedData(pValue, cbValue) (_tlgPD, pValue, cbValue)

/* A field serialized by a custom protocol (1..31), with its schema bytes. */
#define TraceLoggingCustom(pValue, cbValue, protocol, bSchema, cbSchema, ...) \
	_tlgArgK(_tlgCustom, void, (protocol) | _TlgInCustom, 0, 0, (pValue, cbValue, bSchema, cbSchema), #pValue, __VA_ARGS__)

#ifdef __cplusplus
/* C++: the field type is deduced from the value's type. */
#define TraceLoggingValue(value, ...) \
	_tlgArgK(_tlgV, , 0, 0, 0, (value), #value, __VA_ARGS__)
#endif

#ifdef _ETW_KM_
/* No floating point in the kernel. */
#undef TraceLoggingFloat32
#undef TraceLoggingFloat64
#undef TraceLoggingFloat32FixedArray
#undef TraceLoggingFloat64FixedArray
#undef TraceLoggingFloat32Array
#undef TraceLoggingFloat64Array
#endif

/* Layout of the provider state (ours; pinned so C and C++ agree). */
ETW_ASSERT_SIZE(struct _TlgProvider_t, 72);
ETW_ASSERT_OFFSET(struct _TlgProvider_t, RegHandle, 24);
ETW_ASSERT_OFFSET(struct _TlgProvider_t, ProviderId, 56);

#endif /* _TRACELOGGINGPROVIDER_ */
