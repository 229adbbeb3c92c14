// SPDX-License-Identifier: MIT
/*
 * TDH for event records: TdhGetEventInformation (TraceLogging metadata
 * carried by the event, else a manifest), TdhGetPropertySize,
 * TdhGetProperty and TdhGetEventMapInformation.
 *
 * Classic (MOF) events are described from the NT Kernel Logger's classes
 * (tdh_kernel.c), as Windows' WMI repository has them, else from the
 * local MOF class store (tdh_mof.c, `etwctl mof install`).  Events TDH
 * cannot describe get ERROR_NOT_FOUND, as on Windows without the
 * provider's manifest: classic events of no installed class,
 * TraceMessage (WPP) events whose TMF is not found
 * (tdh_wpp_props.c describes those it finds), and string-only events
 * (EventWriteString: the payload is one UTF-16 string,
 * EVENT_HEADER_FLAG_STRING_ONLY tells consumers so).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "tdh_internal.h"
#include "shared/etw_utf.h"
#include "tdh_store.h"
#include "tdh_wpp.h"
#include "tdh_mof.h"

/* Pointer size of the event's writer: a TDH_CONTEXT, else the header flags. */
static ULONG event_psize(const EVENT_RECORD *e, ULONG n, const TDH_CONTEXT *c)
{
	ULONG i;

	for (i = 0; c && i < n; i++)
		if (c[i].ParameterType == TDH_CONTEXT_POINTERSIZE &&
		    (c[i].ParameterValue == 4 || c[i].ParameterValue == 8))
			return (ULONG)c[i].ParameterValue;
	return (e->EventHeader.Flags & EVENT_HEADER_FLAG_32_BIT_HEADER) ? 4 : 8;
}

static const EVENT_HEADER_EXTENDED_DATA_ITEM *ext_item(const EVENT_RECORD *e,
						       USHORT type)
{
	USHORT i;

	if (!e->ExtendedData)
		return NULL;
	for (i = 0; i < e->ExtendedDataCount; i++)
		if (e->ExtendedData[i].ExtType == type)
			return &e->ExtendedData[i];
	return NULL;
}

/*
 * The schema of @e into @s (strings in @a).  ERROR_SUCCESS, ERROR_NOT_FOUND,
 * ERROR_EVT_INVALID_EVENT_DATA (malformed TraceLogging metadata) or
 * ERROR_NOT_ENOUGH_MEMORY.
 */
static ULONG event_schema(const EVENT_RECORD *e, ULONG n, const TDH_CONTEXT *c,
			  struct tdh_schema *s, struct tdh_arena *a)
{
	const EVENT_HEADER_EXTENDED_DATA_ITEM *tl, *tr;
	const EVENT_HEADER *h = &e->EventHeader;
	int r;

	memset(s, 0, sizeof(*s));
	tl = ext_item(e, EVENT_HEADER_EXT_TYPE_EVENT_SCHEMA_TL);
	if (tl) {
		tr = ext_item(e, EVENT_HEADER_EXT_TYPE_PROV_TRAITS);
		r = tdh_tl_parse((const uint8_t *)(uintptr_t)tl->DataPtr,
				 tl->DataSize,
				 tr ? (const uint8_t *)(uintptr_t)tr->DataPtr : NULL,
				 tr ? tr->DataSize : 0, s, a);
		if (r)
			return r == -ENOMEM ? ERROR_NOT_ENOUGH_MEMORY :
					      ERROR_EVT_INVALID_EVENT_DATA;
		s->provider = h->ProviderId;
		s->desc = h->EventDescriptor;
		return ERROR_SUCCESS;
	}
	if (h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER) {
		r = tdh_kernel_schema(e, s, a);
		/* other classic events: the MOF class store (tdh_mof.c) */
		return r == ERROR_NOT_FOUND ? tdh_mof_schema(e, s, a) : (ULONG)r;
	}
	if (h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE)
		return tdh_wpp_schema(e, n, c, s, a);
	if (h->Flags & EVENT_HEADER_FLAG_STRING_ONLY)
		return ERROR_NOT_FOUND;
	return tdh_store_schema(&h->ProviderId, &h->EventDescriptor, s, a);
}

/* The schema of @e as a malloc'ed TRACE_EVENT_INFO (the cache's builder). */
static ULONG build_info(const EVENT_RECORD *e, TRACE_EVENT_INFO **info, ULONG *size)
{
	struct tdh_arena a = { 0 };
	struct tdh_schema s;
	ULONG r;

	*info = NULL;
	*size = 0;
	/* cacheable(): no context but the pointer size, which it ignores */
	r = event_schema(e, 0, NULL, &s, &a);
	if (!r) {
		r = tdh_schema_to_info(&s, NULL, size);
		if (r == ERROR_INSUFFICIENT_BUFFER) {
			*info = malloc(*size);
			r = *info ? tdh_schema_to_info(&s, *info, size) :
				    ERROR_NOT_ENOUGH_MEMORY;
			if (r) {
				free(*info);
				*info = NULL;
			}
		}
	}
	tdh_arena_free(&a);
	return r;
}

/*
 * The answer comes from the schema cache (tdh_cache.c), decoded once per
 * kind of event, unless a context other than the pointer size is given
 * (the answer may then depend on it) or the event is a TraceMessage
 * (WPP: its format lives in TMF files found by a search path, which the
 * cache does not watch).
 */
static int cacheable(const EVENT_RECORD *e, ULONG n, const TDH_CONTEXT *c)
{
	ULONG i;

	if (e->EventHeader.Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE)
		return 0;
	for (i = 0; i < n; i++)
		if (c[i].ParameterType != TDH_CONTEXT_POINTERSIZE)
			return 0;
	return 1;
}

ETW_EXPORT TDHSTATUS __stdcall TdhGetEventInformation(
	PEVENT_RECORD Event, ULONG TdhContextCount, PTDH_CONTEXT TdhContext,
	PTRACE_EVENT_INFO Buffer, ULONG *BufferSize)
{
	struct tdh_arena a = { 0 };
	struct tdh_schema s;
	ULONG r;

	if (!Event || !BufferSize || (TdhContextCount && !TdhContext))
		return ERROR_INVALID_PARAMETER;
	if (cacheable(Event, TdhContextCount, TdhContext))
		return tdh_cache_event_info(Event, build_info, *BufferSize ? Buffer : NULL,
					    BufferSize);
	r = event_schema(Event, TdhContextCount, TdhContext, &s, &a);
	if (!r)
		r = tdh_schema_to_info(&s, *BufferSize ? Buffer : NULL, BufferSize);
	tdh_arena_free(&a);
	return r;
}

static ULONG property_loc(PEVENT_RECORD e, ULONG nc, PTDH_CONTEXT c,
			  ULONG npd, PPROPERTY_DATA_DESCRIPTOR pd,
			  struct tdh_loc *loc)
{
	const struct tdh_cached *entry = NULL;
	const TRACE_EVENT_INFO *tei;
	TRACE_EVENT_INFO *own = NULL;
	ULONG r, size;

	if (!e || !npd || !pd || (nc && !c))
		return ERROR_INVALID_PARAMETER;
	if (cacheable(e, nc, c)) {
		r = tdh_cache_get(e, build_info, &entry);
		tei = r ? NULL : tdh_cached_info(entry, &size);
	} else {
		/* (a context: as TdhGetEventInformation answers with it) */
		size = 0;
		r = TdhGetEventInformation(e, nc, c, NULL, &size);
		if (r == ERROR_INSUFFICIENT_BUFFER) {
			own = malloc(size);
			r = own ? TdhGetEventInformation(e, nc, c, own, &size) :
				  ERROR_NOT_ENOUGH_MEMORY;
		} else if (!r) {
			r = ERROR_INVALID_DATA;
		}
		tei = own;
	}
	if (!r)
		r = tdh_locate(tei, e->UserData, e->UserDataLength, event_psize(e, nc, c),
			       pd, npd, loc);
	tdh_cache_put(entry);
	free(own);
	return r;
}

/* A WPP event's property: its values do not lie in the event's data. */
static bool wpp_event(const EVENT_RECORD *e, ULONG npd, const PROPERTY_DATA_DESCRIPTOR *pd)
{
	return e && npd == 1 && pd && pd->PropertyName &&
	       (e->EventHeader.Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE);
}

ETW_EXPORT TDHSTATUS __stdcall TdhGetPropertySize(
	PEVENT_RECORD pEvent, ULONG TdhContextCount, PTDH_CONTEXT pTdhContext,
	ULONG PropertyDataCount, PPROPERTY_DATA_DESCRIPTOR pPropertyData,
	ULONG *pPropertySize)
{
	struct tdh_loc loc;
	ULONG r;

	if (!pPropertySize)
		return ERROR_INVALID_PARAMETER;
	if (wpp_event(pEvent, PropertyDataCount, pPropertyData)) {
		*pPropertySize = 0;
		r = tdh_wpp_property(pEvent, TdhContextCount, pTdhContext, NULL,
				     (const WCHAR *)(uintptr_t)pPropertyData->PropertyName,
				     NULL, pPropertySize);
		return r == ERROR_INSUFFICIENT_BUFFER ? ERROR_SUCCESS : r;
	}
	r = property_loc(pEvent, TdhContextCount, pTdhContext,
			 PropertyDataCount, pPropertyData, &loc);
	if (!r)
		*pPropertySize = loc.size;
	return r;
}

ETW_EXPORT TDHSTATUS __stdcall TdhGetProperty(
	PEVENT_RECORD pEvent, ULONG TdhContextCount, PTDH_CONTEXT pTdhContext,
	ULONG PropertyDataCount, PPROPERTY_DATA_DESCRIPTOR pPropertyData,
	ULONG BufferSize, PBYTE pBuffer)
{
	struct tdh_loc loc;
	ULONG r;

	if (!pBuffer && BufferSize)
		return ERROR_INVALID_PARAMETER;
	if (wpp_event(pEvent, PropertyDataCount, pPropertyData))
		return tdh_wpp_property(pEvent, TdhContextCount, pTdhContext, NULL,
					(const WCHAR *)(uintptr_t)pPropertyData->PropertyName,
					pBuffer, &BufferSize);
	r = property_loc(pEvent, TdhContextCount, pTdhContext,
			 PropertyDataCount, pPropertyData, &loc);
	if (r)
		return r;
	if (BufferSize < loc.size)
		return ERROR_INSUFFICIENT_BUFFER;
	memcpy(pBuffer, (const uint8_t *)pEvent->UserData + loc.off, loc.size);
	return ERROR_SUCCESS;
}

ETW_EXPORT TDHSTATUS __stdcall TdhGetEventMapInformation(
	PEVENT_RECORD pEvent, PWSTR pMapName, PEVENT_MAP_INFO pBuffer,
	ULONG *pBufferSize)
{
	char name[512];

	if (!pEvent || !pMapName || !pBufferSize)
		return ERROR_INVALID_PARAMETER;
	/* TraceLogging events have no maps. */
	if (ext_item(pEvent, EVENT_HEADER_EXT_TYPE_EVENT_SCHEMA_TL))
		return ERROR_NOT_FOUND;
	if (etw_utf16_to_utf8(pMapName, 512, NULL, SIZE_MAX) >= sizeof(name))
		return ERROR_NOT_FOUND;
	etw_utf16_to_utf8(pMapName, 512, name, sizeof(name));
	return tdh_store_map_info(&pEvent->EventHeader.ProviderId, name,
				  *pBufferSize ? pBuffer : NULL, pBufferSize);
}
