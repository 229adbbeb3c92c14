// SPDX-License-Identifier: GPL-2.0-only
/*
 * TraceLogging in kernel mode: what <TraceLoggingProvider.h>'s macros
 * call when a kernel module uses them (the user-mode side of the same
 * contract is libetw/src/tlg.c).  Registration goes through EtwRegister
 * with an enable callback that keeps the provider's level and keywords
 * in its state (what TraceLoggingWrite tests before preparing any data),
 * and sets the traits (name, group) with EtwSetInformation; a write is
 * one EtwWriteEx with the traits and the event's metadata as typed
 * descriptors (seed 002), in any context but NMI.
 */
#include <linux/compiler.h>
#include <linux/export.h>

#include "etw_compat.h"		/* get_unaligned() */
#include <etw_km.h>

#include <TraceLoggingProvider.h>
#include "shared/etw_tlg_state.h"

/* The handle is const for users; etw.ko owns the state behind it. */
static struct _TlgProvider_t *etw_tlg_state(TraceLoggingHProvider h)
{
	return (struct _TlgProvider_t *)h;
}

/*
 * Record what the sessions want (etw_tlg_set_state()), then hand the
 * notification on to the callback given to TraceLoggingRegisterEx.
 */
static VOID NTAPI etw_tlg_callback(LPCGUID SourceId, ULONG ControlCode,
				   UCHAR Level, ULONGLONG MatchAnyKeyword,
				   ULONGLONG MatchAllKeyword,
				   PEVENT_FILTER_DESCRIPTOR FilterData,
				   PVOID CallbackContext)
{
	struct _TlgProvider_t *p = CallbackContext;

	etw_tlg_set_state(p, ControlCode, Level, MatchAnyKeyword,
			  MatchAllKeyword);
	if (p->EnableCallback)
		p->EnableCallback(SourceId, ControlCode, Level, MatchAnyKeyword,
				  MatchAllKeyword, FilterData,
				  p->CallbackContext);
}

/**
 * __etw_tlg_register_km() - TraceLoggingRegister(Ex) in kernel mode
 * @hProvider:	the provider (TRACELOGGING_DEFINE_PROVIDER)
 * @pEnableCallback: TraceLoggingRegisterEx's callback, or NULL
 * @pCallbackContext: its context
 * @owner:	the registering module (the headers pass THIS_MODULE): what
 *		it leaves registered ends when it goes
 *
 * Registers through __etw_register() with a callback that keeps the
 * provider's level and keywords in its state (what TraceLoggingWrite
 * tests), then sets the traits (name, group) with EtwSetInformation();
 * that result is ignored, as the SDK does.
 *
 * Context: process context, may sleep; takes etw_lock.
 * Return: STATUS_SUCCESS, STATUS_INVALID_PARAMETER (no provider),
 * STATUS_INVALID_DEVICE_STATE (registered already, or atomic context), or
 * the status of __etw_register().
 */
TLG_STATUS __etw_tlg_register_km(TraceLoggingHProvider hProvider,
				 TLG_PENABLECALLBACK pEnableCallback,
				 PVOID pCallbackContext, struct module *owner)
{
	struct _TlgProvider_t *p = etw_tlg_state(hProvider);
	const UINT16 *traits;
	REGHANDLE h = 0;
	NTSTATUS st;

	if (!p)
		return STATUS_INVALID_PARAMETER;
	if (p->RegHandle)
		return STATUS_INVALID_DEVICE_STATE;
	p->LevelPlus1 = 0;
	p->KeywordAny = 0;
	p->KeywordAll = 0;
	p->EnableCallback = pEnableCallback;
	p->CallbackContext = pCallbackContext;
	/* The registration is the calling module's (unload safety). */
	st = __etw_register(&p->ProviderId, etw_tlg_callback, p, &h, owner);
	if (!NT_SUCCESS(st)) {
		p->EnableCallback = NULL;
		p->CallbackContext = NULL;
		return st;
	}
	WRITE_ONCE(p->RegHandle, h);
	/* Name and group, for every event; the result is ignored (SDK). */
	traits = p->ProviderMetadataPtr;
	if (traits)
		EtwSetInformation(h, EventProviderSetTraits, (PVOID)traits,
				  get_unaligned(traits));
	return STATUS_SUCCESS;
}
EXPORT_SYMBOL_NS_GPL(__etw_tlg_register_km, ETW);

/**
 * __etw_tlg_unregister() - TraceLoggingUnregister in kernel mode
 * @hProvider:	the provider; nothing happens if it is not registered
 *
 * EtwUnregister(), then the provider reads as disabled.
 *
 * Context: process context, may sleep; takes etw_lock.
 * Return: nothing.
 */
void __etw_tlg_unregister(TraceLoggingHProvider hProvider)
{
	struct _TlgProvider_t *p = etw_tlg_state(hProvider);

	if (!p || !p->RegHandle)
		return;
	EtwUnregister(p->RegHandle);
	WRITE_ONCE(p->RegHandle, 0);
	WRITE_ONCE(p->LevelPlus1, 0);
	p->EnableCallback = NULL;
	p->CallbackContext = NULL;
}
EXPORT_SYMBOL_NS_GPL(__etw_tlg_unregister, ETW);

/**
 * __etw_tlg_write() - one TraceLoggingWrite in kernel mode
 * @hProvider:	the provider
 * @pEventMetadata: channel, level, opcode and keyword (11 bytes), then
 *		the TraceLogging metadata (its UINT16 size first)
 * @filter:	as EtwWriteEx()'s Filter
 * @flags:	as EtwWriteEx()'s Flags
 * @pActivityId: the event's activity ID, or NULL
 * @pRelatedActivityId: a related activity ID, or NULL
 * @cData:	descriptors at @pData, the first two reserved
 * @pData:	descriptor 0 is filled with the provider traits
 *		(PROVIDER_METADATA), descriptor 1 with the event metadata
 *		(EVENT_METADATA); the rest is payload
 *
 * Context: any but NMI, as EtwWriteEx().
 * Return: nothing; a loss is counted in the sessions, as EtwWriteEx()'s.
 */
void __etw_tlg_write(TraceLoggingHProvider hProvider,
		     const void *pEventMetadata, ULONG64 filter, ULONG flags,
		     LPCGUID pActivityId, LPCGUID pRelatedActivityId,
		     ULONG cData, PEVENT_DATA_DESCRIPTOR pData)
{
	const UINT8 *m = pEventMetadata;
	const UINT16 *traits = hProvider->ProviderMetadataPtr;
	EVENT_DESCRIPTOR d = {
		.Channel = m[0],
		.Level = m[1],
		.Opcode = m[2],
		.Keyword = get_unaligned((const ULONGLONG *)(m + 3)),
	};

	pData[0].Ptr = (ULONGLONG)(uintptr_t)traits;
	pData[0].Size = get_unaligned(traits);
	pData[0].Reserved = EVENT_DATA_DESCRIPTOR_TYPE_PROVIDER_METADATA;
	pData[1].Ptr = (ULONGLONG)(uintptr_t)(m + 11);
	pData[1].Size = get_unaligned((const UINT16 *)(m + 11));
	pData[1].Reserved = EVENT_DATA_DESCRIPTOR_TYPE_EVENT_METADATA;
	EtwWriteEx(READ_ONCE(hProvider->RegHandle), &d, filter, flags,
		   pActivityId, pRelatedActivityId, cData, pData);
}
EXPORT_SYMBOL_NS_GPL(__etw_tlg_write, ETW);
