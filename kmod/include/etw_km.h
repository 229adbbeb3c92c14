/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * etw_km.h - kernel-mode ETW providers: the driver API of Windows' wdm.h
 * (EtwRegister, EtwEventEnabled, EtwWrite, ...) for Linux kernel modules,
 * exported by etw.ko to GPL modules in the symbol namespace ETW.
 *
 *	#include <etw_km.h>
 *	MODULE_IMPORT_NS(ETW);
 *
 * The types are those of the user-mode headers (evntprov.h: REGHANDLE,
 * EVENT_DESCRIPTOR, EVENT_DATA_DESCRIPTOR, ...), read in kernel mode
 * (_ETW_KM_): no libc, no floating point.  <TraceLoggingProvider.h> works
 * on top of this header.  Build against etw.ko's Module.symvers
 * (KBUILD_EXTRA_SYMBOLS); Documentation/kernel-providers.rst has the
 * details, the contexts each call may be made from, and the rules for
 * unloading.
 *
 * Contexts (enforced: a call from the wrong one warns once and fails):
 *   EtwRegister, EtwUnregister, EtwSetInformation
 *		process context, may sleep (Windows: PASSIVE_LEVEL)
 *   EtwEventEnabled, EtwProviderEnabled
 *		any context, NMI included
 *   EtwWrite, EtwWriteTransfer, EtwWriteEx, EtwWriteString
 *		any context but NMI: process, softirq, hard interrupt, with
 *		or without locks held (Windows: any IRQL)
 *   EtwActivityIdControl
 *		EVENT_ACTIVITY_CTRL_CREATE_ID: any context but NMI; the
 *		others act on the calling task: task context (Windows: below
 *		DISPATCH_LEVEL)
 * Enable callbacks (PETWENABLECALLBACK) run in process context, in a
 * kernel worker of etw.ko or in the thread calling EtwRegister, never
 * two at once for one registration.
 */
#ifndef _ETW_KM_H
#define _ETW_KM_H

#ifndef __KERNEL__
#error "etw_km.h is for kernel modules; user space uses <evntprov.h>"
#endif
#ifndef _ETW_KM_
#define _ETW_KM_ 1
#endif

#include <linux/module.h>

#include "evntprov.h"

/* The symbol namespace of the exports: MODULE_IMPORT_NS(ETW). */
#define ETW_SYMBOL_NAMESPACE ETW

/* NTSTATUS values the calls return (ntstatus.h). */
#define STATUS_SUCCESS			((NTSTATUS)0x00000000L)
#define STATUS_BUFFER_OVERFLOW		((NTSTATUS)0x80000005L)
#define STATUS_UNSUCCESSFUL		((NTSTATUS)0xC0000001L)
#define STATUS_INVALID_HANDLE		((NTSTATUS)0xC0000008L)
#define STATUS_INVALID_PARAMETER	((NTSTATUS)0xC000000DL)
#define STATUS_NO_MEMORY		((NTSTATUS)0xC0000017L)
#define STATUS_OBJECT_NAME_COLLISION	((NTSTATUS)0xC0000035L)
#define STATUS_INTEGER_OVERFLOW		((NTSTATUS)0xC0000095L)
#define STATUS_INSUFFICIENT_RESOURCES	((NTSTATUS)0xC000009AL)
#define STATUS_NOT_SUPPORTED		((NTSTATUS)0xC00000BBL)
#define STATUS_INVALID_DEVICE_STATE	((NTSTATUS)0xC0000184L)
#define STATUS_LOG_FILE_FULL		((NTSTATUS)0xC0000188L)

#ifndef NT_SUCCESS
#define NT_SUCCESS(Status) (((NTSTATUS)(Status)) >= 0)
#endif

/*
 * The enable callback, PETWENABLECALLBACK (evntprov.h, kernel mode:
 * SourceId, ControlCode, Level, MatchAnyKeyword, MatchAllKeyword,
 * FilterData, CallbackContext; seed 000): ControlCode is
 * EVENT_CONTROL_CODE_{DISABLE,ENABLE}_PROVIDER or _CAPTURE_STATE; Level
 * and the keywords are the combination over the enabling sessions;
 * FilterData (only valid during the call) is the sessions' provider-side
 * filter, one EVENT_FILTER_HEADER per session when several gave one.
 */

/*
 * Register a provider.  Sessions that enabled ProviderId already apply
 * before the call returns, their callback included.  On failure
 * *RegHandle is 0.  STATUS_SUCCESS, STATUS_INVALID_PARAMETER,
 * STATUS_NO_MEMORY or STATUS_INSUFFICIENT_RESOURCES (too many kernel
 * registrations).
 */
NTSTATUS __etw_register(LPCGUID ProviderId, PETWENABLECALLBACK EnableCallback,
			PVOID CallbackContext, PREGHANDLE RegHandle,
			struct module *owner);

/*
 * Inline, so that the registration knows its module (THIS_MODULE): a
 * module unloaded with it still registered has it ended then, whatever
 * its code looks like (a tail call from its init function, a helper).
 */
static inline NTSTATUS EtwRegister(
	_In_ LPCGUID ProviderId,
	_In_opt_ PETWENABLECALLBACK EnableCallback,
	_In_opt_ PVOID CallbackContext,
	_Out_ PREGHANDLE RegHandle)
{
	return __etw_register(ProviderId, EnableCallback, CallbackContext,
			      RegHandle, THIS_MODULE);
}

/*
 * Unregister.  When it returns, no callback of the registration runs or
 * will run, and etw.ko holds nothing of the caller's: the module may go.
 * A module must unregister everything it registered before its exit
 * function returns (as a Windows driver does in its unload routine).
 * STATUS_SUCCESS or STATUS_INVALID_HANDLE.
 */
NTSTATUS EtwUnregister(_In_ REGHANDLE RegHandle);

/* Would an event of this descriptor's level and keyword be written? */
BOOLEAN EtwEventEnabled(
	_In_ REGHANDLE RegHandle,
	_In_ PCEVENT_DESCRIPTOR EventDescriptor);

/* ...of this level and keyword (0 = any)? */
BOOLEAN EtwProviderEnabled(
	_In_ REGHANDLE RegHandle,
	_In_ UCHAR Level,
	_In_ ULONGLONG Keyword);

/*
 * The enable slots of the kernel-mode registrations, etw.ko's (read only;
 * registration handle H is slot H - 1; the layout of the uapi's struct
 * etw_enable_slot, pinned by etw.ko).  EtwEventEnabled and
 * EtwProviderEnabled test the slot's enabled byte inline, so that a
 * provider no session enables costs a load and a branch, not a call (a
 * disabled static key's order); the call above then tests the level
 * and keywords.  A module built before this header had the inline test
 * calls the same exported functions.
 */
struct __etw_km_slot {
	u32 seq;
	u8 enabled;
	u8 __rest[27];
};
#define __ETW_KM_SLOTS	2048
extern const struct __etw_km_slot *__etw_km_slots;

static __always_inline bool __etw_km_enabled(REGHANDLE RegHandle)
{
	u32 slot = (u32)RegHandle - 1;

	/* Set before etw.ko's init returned, so before any caller's init. */
	return slot < __ETW_KM_SLOTS && READ_ONCE(__etw_km_slots[slot].enabled);
}

static __always_inline BOOLEAN __etw_km_event_enabled(REGHANDLE RegHandle,
						      PCEVENT_DESCRIPTOR d)
{
	return __etw_km_enabled(RegHandle) && EtwEventEnabled(RegHandle, d);
}

static __always_inline BOOLEAN __etw_km_provider_enabled(REGHANDLE RegHandle,
							 UCHAR Level,
							 ULONGLONG Keyword)
{
	return __etw_km_enabled(RegHandle) &&
	       EtwProviderEnabled(RegHandle, Level, Keyword);
}

#define EtwEventEnabled(RegHandle, EventDescriptor) \
	__etw_km_event_enabled(RegHandle, EventDescriptor)
#define EtwProviderEnabled(RegHandle, Level, Keyword) \
	__etw_km_provider_enabled(RegHandle, Level, Keyword)

/*
 * Write an event.  ActivityId NULL means the calling task's activity ID
 * (EtwActivityIdControl; none outside task context).  STATUS_SUCCESS
 * when every session that wants the event stored it, else the status of
 * a session that lost it (counted there): STATUS_INTEGER_OVERFLOW (over
 * 64 KB), STATUS_BUFFER_OVERFLOW (larger than a buffer),
 * STATUS_NO_MEMORY (no free buffer), STATUS_LOG_FILE_FULL (a real-time
 * session without consumer is full); STATUS_INVALID_HANDLE,
 * STATUS_INVALID_PARAMETER.
 */
NTSTATUS EtwWrite(
	_In_ REGHANDLE RegHandle,
	_In_ PCEVENT_DESCRIPTOR EventDescriptor,
	_In_opt_ LPCGUID ActivityId,
	_In_range_(0, MAX_EVENT_DATA_DESCRIPTORS) ULONG UserDataCount,
	_In_reads_opt_(UserDataCount) PEVENT_DATA_DESCRIPTOR UserData);

/* EtwWrite with a related activity ID (the RELATED_ACTIVITYID item). */
NTSTATUS EtwWriteTransfer(
	_In_ REGHANDLE RegHandle,
	_In_ PCEVENT_DESCRIPTOR EventDescriptor,
	_In_opt_ LPCGUID ActivityId,
	_In_opt_ LPCGUID RelatedActivityId,
	_In_range_(0, MAX_EVENT_DATA_DESCRIPTORS) ULONG UserDataCount,
	_In_reads_opt_(UserDataCount) PEVENT_DATA_DESCRIPTOR UserData);

/*
 * EtwWriteTransfer with a session-exclusion Filter mask (bit
 * InstanceId-1 skips that session, see the callback's FilterData) and
 * Flags: EVENT_WRITE_FLAG_NO_FAULTING (accepted: kernel memory never
 * faults here) and EVENT_WRITE_FLAG_INPRIVATE.
 */
NTSTATUS EtwWriteEx(
	_In_ REGHANDLE RegHandle,
	_In_ PCEVENT_DESCRIPTOR EventDescriptor,
	_In_ ULONG64 Filter,
	_In_ ULONG Flags,
	_In_opt_ LPCGUID ActivityId,
	_In_opt_ LPCGUID RelatedActivityId,
	_In_range_(0, MAX_EVENT_DATA_DESCRIPTORS) ULONG UserDataCount,
	_In_reads_opt_(UserDataCount) PEVENT_DATA_DESCRIPTOR UserData);

/* An event whose payload is one NUL-terminated UTF-16 string. */
NTSTATUS EtwWriteString(
	_In_ REGHANDLE RegHandle,
	_In_ UCHAR Level,
	_In_ ULONGLONG Keyword,
	_In_opt_ LPCGUID ActivityId,
	_In_ PCWSTR String);

/*
 * EventProviderSetTraits (the traits blob: name, group; copied),
 * EventProviderUseDescriptorType (one BOOLEAN) or
 * EventProviderBinaryTrackInfo (accepted, no effect).  A kernel provider
 * may join any provider group.  STATUS_SUCCESS, STATUS_INVALID_HANDLE,
 * STATUS_INVALID_PARAMETER, STATUS_NO_MEMORY, STATUS_NOT_SUPPORTED,
 * STATUS_OBJECT_NAME_COLLISION (traits are set once).
 */
NTSTATUS EtwSetInformation(
	_In_ REGHANDLE RegHandle,
	_In_ EVENT_INFO_CLASS InformationClass,
	_In_reads_bytes_opt_(InformationLength) PVOID EventInformation,
	_In_ ULONG InformationLength);

/*
 * Create (EVENT_ACTIVITY_CTRL_CREATE_ID: the machine-wide sequence user
 * space draws from too), get or set the calling task's activity ID.
 * STATUS_SUCCESS, STATUS_INVALID_PARAMETER, STATUS_INVALID_DEVICE_STATE
 * (outside task context), STATUS_INSUFFICIENT_RESOURCES.
 */
NTSTATUS EtwActivityIdControl(
	_In_ ULONG ControlCode,
	_Inout_ LPGUID ActivityId);

#endif /* _ETW_KM_H */
