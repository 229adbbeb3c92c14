// SPDX-License-Identifier: MIT
/*
 * TraceLogging providers (TraceLoggingProvider.h): registration, the
 * enable callback that keeps the provider's level and keywords (what
 * TraceLoggingWrite tests before preparing any data), and the write.
 * Reference §5.2.
 */
#include <string.h>

#include <windows.h>
#include <evntprov.h>
#include <TraceLoggingProvider.h>

#include "internal.h"
#include "provider.h"
#include "shared/etw_tlg_state.h"

/* The handle is const for users; libetw owns the state behind it. */
static struct _TlgProvider_t *tlg_state(TraceLoggingHProvider h)
{
	return (struct _TlgProvider_t *)h;
}

/*
 * Record what the sessions want (etw_tlg_set_state()), then hand the
 * notification on to the callback given to TraceLoggingRegisterEx.
 */
static VOID NTAPI tlg_enable_callback(LPCGUID SourceId, ULONG IsEnabled,
				      UCHAR Level, ULONGLONG MatchAnyKeyword,
				      ULONGLONG MatchAllKeyword,
				      PEVENT_FILTER_DESCRIPTOR FilterData,
				      PVOID CallbackContext)
{
	struct _TlgProvider_t *p = CallbackContext;

	etw_tlg_set_state(p, IsEnabled, Level, MatchAnyKeyword, MatchAllKeyword);
	if (p->EnableCallback)
		p->EnableCallback(SourceId, IsEnabled, Level, MatchAnyKeyword,
				  MatchAllKeyword, FilterData, p->CallbackContext);
}

ETW_EXPORT TLG_STATUS __etw_tlg_register(TraceLoggingHProvider hProvider,
					 TLG_PENABLECALLBACK pEnableCallback,
					 PVOID pCallbackContext)
{
	struct _TlgProvider_t *p = tlg_state(hProvider);
	const UINT16 *traits;
	REGHANDLE h = 0;
	ULONG e;

	if (!p)
		return HRESULT_FROM_WIN32(ERROR_INVALID_PARAMETER);
	if (p->RegHandle)
		return HRESULT_FROM_WIN32(ERROR_INVALID_STATE);
	p->LevelPlus1 = 0;
	p->KeywordAny = 0;
	p->KeywordAll = 0;
	p->EnableCallback = pEnableCallback;
	p->CallbackContext = pCallbackContext;
	e = EventRegister(&p->ProviderId, tlg_enable_callback, p, &h);
	if (e != ERROR_SUCCESS) {
		p->EnableCallback = NULL;
		p->CallbackContext = NULL;
		return HRESULT_FROM_WIN32(e);
	}
	p->RegHandle = h;
	/*
	 * The name (and group) go with every event as provider traits; the
	 * call also makes ETW honour the descriptor types of the write.
	 * Its result is ignored, as the SDK does.
	 */
	traits = p->ProviderMetadataPtr;
	if (traits) {
		UINT16 size;

		memcpy(&size, traits, sizeof(size));
		EventSetInformation(h, EventProviderSetTraits, (PVOID)traits, size);
	}
	return S_OK;
}

ETW_EXPORT void __etw_tlg_unregister(TraceLoggingHProvider hProvider)
{
	struct _TlgProvider_t *p = tlg_state(hProvider);

	if (!p || !p->RegHandle)
		return;
	EventUnregister(p->RegHandle);
	p->RegHandle = 0;
	__atomic_store_n(&p->LevelPlus1, 0, __ATOMIC_RELAXED);
	p->EnableCallback = NULL;
	p->CallbackContext = NULL;
}

/*
 * The event: descriptor 0 is the provider traits (PROVIDER_METADATA),
 * descriptor 1 the event metadata (EVENT_METADATA), the rest payload.
 * pEventMetadata starts with channel, level, opcode and keyword (11
 * bytes), then the TraceLogging metadata blob (its UINT16 size first).
 * Id and Version are 0: decoders identify TraceLogging events by their
 * metadata, not by the descriptor.
 */
ETW_EXPORT void __etw_tlg_write(TraceLoggingHProvider hProvider,
				const void *pEventMetadata, ULONG64 filter,
				ULONG flags, LPCGUID pActivityId,
				LPCGUID pRelatedActivityId, ULONG cData,
				PEVENT_DATA_DESCRIPTOR pData)
{
	const UINT8 *m = pEventMetadata;
	const UINT16 *traits = hProvider->ProviderMetadataPtr;
	EVENT_DESCRIPTOR d;
	UINT16 size;

	d.Id = 0;
	d.Version = 0;
	d.Channel = m[0];
	d.Level = m[1];
	d.Opcode = m[2];
	d.Task = 0;
	memcpy(&d.Keyword, m + 3, sizeof(d.Keyword));

	memcpy(&size, traits, sizeof(size));
	pData[0].Ptr = (ULONGLONG)(ULONG_PTR)traits;
	pData[0].Size = size;
	pData[0].Reserved = EVENT_DATA_DESCRIPTOR_TYPE_PROVIDER_METADATA;
	memcpy(&size, m + 11, sizeof(size));
	pData[1].Ptr = (ULONGLONG)(ULONG_PTR)(m + 11);
	pData[1].Size = size;
	pData[1].Reserved = EVENT_DATA_DESCRIPTOR_TYPE_EVENT_METADATA;
	etw_write_ex_from(hProvider->RegHandle, &d, filter, flags, pActivityId,
			  pRelatedActivityId, cData, pData,
			  __builtin_return_address(0));
}
