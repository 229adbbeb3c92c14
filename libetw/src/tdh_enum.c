// SPDX-License-Identifier: MIT
/*
 * TDH questions about manifest providers: their events, keywords,
 * levels, channels, tasks, opcodes and maps, and the list of providers
 * TDH knows.  Strings are returned UTF-16 at offsets from the buffer's
 * start; ERROR_INSUFFICIENT_BUFFER gives the size needed.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "tdh_manifest.h"
#include "tdh_store.h"
#include "shared/etw_utf.h"

/* Measure-then-write helper: strings after a fixed part. */
struct out {
	uint8_t *buf;		/* NULL while measuring */
	ULONG room, len;
};

static ULONG out_str(struct out *o, const char *s)
{
	size_t bytes;
	ULONG off;

	if (!s)
		return 0;
	bytes = etw_utf8_to_utf16z(s, strlen(s), NULL, 0);
	off = o->len;
	if (o->buf)
		etw_utf8_to_utf16z(s, strlen(s), o->buf + off, bytes);
	o->len += (ULONG)bytes;
	return off;
}

ETW_EXPORT TDHSTATUS __stdcall TdhGetManifestEventInformation(
	LPGUID ProviderGuid, PEVENT_DESCRIPTOR EventDescriptor,
	PTRACE_EVENT_INFO Buffer, ULONG *BufferSize)
{
	struct tdh_arena a = { 0 };
	struct tdh_schema s;
	ULONG r;

	if (!ProviderGuid || !EventDescriptor || !BufferSize)
		return ERROR_INVALID_PARAMETER;
	r = tdh_store_schema(ProviderGuid, EventDescriptor, &s, &a);
	if (!r)
		r = tdh_schema_to_info(&s, *BufferSize ? Buffer : NULL, BufferSize);
	tdh_arena_free(&a);
	return r;
}

ETW_EXPORT TDHSTATUS __stdcall TdhEnumerateManifestProviderEvents(
	LPGUID ProviderGuid, PPROVIDER_EVENT_INFO Buffer, ULONG *BufferSize)
{
	const struct tdh_provider *p;
	ULONG need, i, n;

	if (!ProviderGuid || !BufferSize)
		return ERROR_INVALID_PARAMETER;
	p = tdh_store_lookup_locked(ProviderGuid);
	if (!p) {
		tdh_store_unlock();
		return ERROR_NOT_FOUND;
	}
	n = tdh_provider_nevents(p);
	need = (ULONG)(offsetof(PROVIDER_EVENT_INFO, EventDescriptorsArray) +
		       n * sizeof(EVENT_DESCRIPTOR));
	if (need < sizeof(PROVIDER_EVENT_INFO))
		need = sizeof(PROVIDER_EVENT_INFO);
	if (!Buffer || *BufferSize < need) {
		tdh_store_unlock();
		*BufferSize = need;
		return ERROR_INSUFFICIENT_BUFFER;
	}
	memset(Buffer, 0, need);
	Buffer->NumberOfEvents = n;
	for (i = 0; i < n; i++)
		Buffer->EventDescriptorsArray[i] = *tdh_provider_event_desc(p, i);
	tdh_store_unlock();
	*BufferSize = need;
	return ERROR_SUCCESS;
}

struct enum_ctx {
	struct out o;
	PROVIDER_ENUMERATION_INFO *pe;
	ULONG n;
};

static void enum_one(const struct tdh_provider *p, void *arg)
{
	struct enum_ctx *c = arg;
	ULONG name = out_str(&c->o, tdh_provider_name(p));

	if (c->pe) {
		TRACE_PROVIDER_INFO *t = &c->pe->TraceProviderInfoArray[c->n];

		t->ProviderGuid = *tdh_provider_guid(p);
		t->SchemaSource = 0;	/* manifest */
		t->ProviderNameOffset = name;
	}
	c->n++;
}

ETW_EXPORT TDHSTATUS __stdcall TdhEnumerateProviders(
	PPROVIDER_ENUMERATION_INFO pBuffer, ULONG *pBufferSize)
{
	struct enum_ctx c;
	ULONG fixed;
	int pass;

	if (!pBufferSize)
		return ERROR_INVALID_PARAMETER;
	tdh_store_lock_fresh();
	for (pass = 0; pass < 2; pass++) {
		memset(&c, 0, sizeof(c));
		tdh_store_each(enum_one, &c);	/* count */
		fixed = (ULONG)(offsetof(PROVIDER_ENUMERATION_INFO, TraceProviderInfoArray) +
				c.n * sizeof(TRACE_PROVIDER_INFO));
		if (fixed < sizeof(PROVIDER_ENUMERATION_INFO))
			fixed = sizeof(PROVIDER_ENUMERATION_INFO);
		if (pass == 0) {
			ULONG need = fixed + c.o.len;

			if (!pBuffer || *pBufferSize < need) {
				tdh_store_unlock();
				*pBufferSize = need;
				return ERROR_INSUFFICIENT_BUFFER;
			}
			continue;
		}
		memset(pBuffer, 0, fixed);
		c.n = 0;
		c.o.buf = (uint8_t *)pBuffer;
		c.o.len = fixed;
		c.pe = pBuffer;
		tdh_store_each(enum_one, &c);
		pBuffer->NumberOfProviders = c.n;
		*pBufferSize = c.o.len;
	}
	tdh_store_unlock();
	return ERROR_SUCCESS;
}

/* The fields of @t that @match accepts, as PROVIDER_FIELD_INFOARRAY. */
static ULONG field_info(LPGUID guid, EVENT_FIELD_TYPE t, int query,
			ULONGLONG value, PPROVIDER_FIELD_INFOARRAY buf,
			ULONG *size)
{
	const struct tdh_provider *p;
	const struct tdh_field *f;
	struct out o = { 0 };
	unsigned n, i, k;
	ULONG fixed;
	int pass;

	if (!guid || !size || t >= EventInformationMax)
		return ERROR_INVALID_PARAMETER;
	p = tdh_store_lookup_locked(guid);
	if (!p) {
		tdh_store_unlock();
		return ERROR_NOT_FOUND;
	}
	n = tdh_provider_fields(p, t, &f);
	for (pass = 0; pass < 2; pass++) {
		for (i = 0, k = 0; i < n; i++) {
			ULONG name, desc;

			if (query && (t == EventKeywordInformation ?
				      !(f[i].value && (f[i].value & value) == f[i].value) :
				      f[i].value != value))
				continue;
			if (pass == 0) {
				k++;
				continue;
			}
			name = out_str(&o, f[i].name);
			desc = out_str(&o, f[i].message);
			buf->FieldInfoArray[k].NameOffset = name;
			buf->FieldInfoArray[k].DescriptionOffset = desc;
			buf->FieldInfoArray[k].Value = f[i].value;
			k++;
		}
		if (!k) {
			tdh_store_unlock();
			return ERROR_NOT_FOUND;
		}
		fixed = (ULONG)(offsetof(PROVIDER_FIELD_INFOARRAY, FieldInfoArray) +
				k * sizeof(PROVIDER_FIELD_INFO));
		if (pass == 0) {
			o.len = fixed;
			for (i = 0; i < n; i++) {
				if (query && (t == EventKeywordInformation ?
					      !(f[i].value && (f[i].value & value) == f[i].value) :
					      f[i].value != value))
					continue;
				out_str(&o, f[i].name);
				out_str(&o, f[i].message);
			}
			if (!buf || *size < o.len) {
				tdh_store_unlock();
				*size = o.len;
				return ERROR_INSUFFICIENT_BUFFER;
			}
			memset(buf, 0, fixed);
			buf->NumberOfElements = k;
			buf->FieldType = t;
			o.buf = (uint8_t *)buf;
			o.len = fixed;
		}
	}
	tdh_store_unlock();
	*size = o.len;
	return ERROR_SUCCESS;
}

ETW_EXPORT TDHSTATUS __stdcall TdhEnumerateProviderFieldInformation(
	LPGUID pGuid, EVENT_FIELD_TYPE EventFieldType,
	PPROVIDER_FIELD_INFOARRAY pBuffer, ULONG *pBufferSize)
{
	return field_info(pGuid, EventFieldType, 0, 0, pBuffer, pBufferSize);
}

ETW_EXPORT TDHSTATUS __stdcall TdhQueryProviderFieldInformation(
	LPGUID pGuid, ULONGLONG EventFieldValue, EVENT_FIELD_TYPE EventFieldType,
	PPROVIDER_FIELD_INFOARRAY pBuffer, ULONG *pBufferSize)
{
	return field_info(pGuid, EventFieldType, 1, EventFieldValue, pBuffer,
			  pBufferSize);
}

/*
 * EVENT_MAP_INFO of a manifest map.  As on Windows, each entry's text
 * ends with a space (TdhFormatProperty ignores it).
 */
ULONG tdh_store_map_info(const GUID *provider, const char *name,
			 EVENT_MAP_INFO *buf, ULONG *size)
{
	const struct tdh_map_entry *e;
	const struct tdh_provider *p;
	struct out o = { 0 };
	unsigned n, i;
	int bitmap;
	ULONG fixed, nameoff;
	char text[1024];

	p = tdh_store_lookup_locked(provider);
	if (!p || tdh_provider_map(p, name, &bitmap, &e, &n)) {
		tdh_store_unlock();
		return ERROR_NOT_FOUND;
	}
	fixed = (ULONG)(offsetof(EVENT_MAP_INFO, MapEntryArray) +
			n * sizeof(EVENT_MAP_ENTRY));
	if (fixed < sizeof(EVENT_MAP_INFO))
		fixed = sizeof(EVENT_MAP_INFO);
	o.len = fixed;
	out_str(&o, name);
	for (i = 0; i < n; i++) {
		snprintf(text, sizeof(text), "%s ", e[i].text ? e[i].text : "");
		out_str(&o, text);
	}
	if (!buf || *size < o.len) {
		tdh_store_unlock();
		*size = o.len;
		return ERROR_INSUFFICIENT_BUFFER;
	}
	memset(buf, 0, fixed);
	o.buf = (uint8_t *)buf;
	o.len = fixed;
	nameoff = out_str(&o, name);
	buf->NameOffset = nameoff;
	buf->Flag = bitmap ? EVENTMAP_INFO_FLAG_MANIFEST_BITMAP :
			     EVENTMAP_INFO_FLAG_MANIFEST_VALUEMAP;
	buf->EntryCount = n;
	buf->MapEntryValueType = EVENTMAP_ENTRY_VALUETYPE_ULONG;
	for (i = 0; i < n; i++) {
		snprintf(text, sizeof(text), "%s ", e[i].text ? e[i].text : "");
		buf->MapEntryArray[i].OutputOffset = out_str(&o, text);
		buf->MapEntryArray[i].Value = e[i].value;
	}
	tdh_store_unlock();
	*size = o.len;
	return ERROR_SUCCESS;
}
