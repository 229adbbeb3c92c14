// SPDX-License-Identifier: MIT
/*
 * A schema as the public TRACE_EVENT_INFO: the fixed part, the property
 * array, then every string (UTF-16, NUL-terminated, 2-byte aligned) at
 * the offsets the structure gives.
 */
#include <string.h>

#include "tdh_internal.h"
#include "shared/etw_utf.h"

struct info_writer {
	uint8_t *buf;		/* NULL: only measure */
	ULONG room, len;
};

/* Append @s as UTF-16; returns its offset (0 for NULL: "none"). */
static ULONG info_str(struct info_writer *w, const char *s)
{
	size_t bytes;
	ULONG off;

	if (!s)
		return 0;
	bytes = etw_utf8_to_utf16z(s, strlen(s), NULL, 0);
	off = w->len;
	if (w->buf && off + bytes <= w->room)
		etw_utf8_to_utf16z(s, strlen(s), w->buf + off, bytes);
	w->len += (ULONG)bytes;
	return off;
}

/* A '\n'-separated list as UTF-16 strings ending with an empty one. */
static ULONG info_multi(struct info_writer *w, const char *s)
{
	ULONG off;
	const char *p;

	if (!s)
		return 0;
	off = w->len;
	for (p = s;;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		size_t bytes = etw_utf8_to_utf16z(p, n, NULL, 0);

		if (w->buf && w->len + bytes <= w->room)
			etw_utf8_to_utf16z(p, n, w->buf + w->len, bytes);
		w->len += (ULONG)bytes;
		if (!e)
			break;
		p = e + 1;
	}
	if (w->buf && w->len + 2 <= w->room)
		memset(w->buf + w->len, 0, 2);
	w->len += 2;
	return off;
}

ULONG tdh_schema_to_info(const struct tdh_schema *s, TRACE_EVENT_INFO *buf,
			 ULONG *size)
{
	size_t fixed = offsetof(TRACE_EVENT_INFO, EventPropertyInfoArray) +
		       (size_t)s->nprops * sizeof(EVENT_PROPERTY_INFO);
	struct info_writer w;
	TRACE_EVENT_INFO *t;
	uint32_t i;
	int pass;

	if (fixed < sizeof(TRACE_EVENT_INFO))
		fixed = sizeof(TRACE_EVENT_INFO);
	/* Pass 0 measures, pass 1 writes (when it fits). */
	for (pass = 0; pass < 2; pass++) {
		w.buf = pass ? (uint8_t *)buf : NULL;
		w.room = *size;
		w.len = (ULONG)fixed;
		t = (TRACE_EVENT_INFO *)w.buf;
		if (t) {
			memset(t, 0, fixed);
			t->ProviderGuid = s->provider;
			t->EventGuid = s->event_guid;
			t->EventDescriptor = s->desc;
			t->DecodingSource = s->source;
			t->PropertyCount = s->nprops;
			t->TopLevelPropertyCount = s->ntop;
			t->Tags = s->tags & 0x0FFFFFFF;
		}
#define STR(field, str) do { ULONG o = info_str(&w, (str)); \
		if (t) t->field = o; } while (0)
		STR(ProviderNameOffset, s->provider_name);
		STR(LevelNameOffset, s->level_name);
		STR(ChannelNameOffset, s->channel_name);
		{
			ULONG o = info_multi(&w, s->keywords_name);

			if (t)
				t->KeywordsNameOffset = o;
		}
		STR(TaskNameOffset, s->task_name);
		STR(OpcodeNameOffset, s->opcode_name);
		STR(EventMessageOffset, s->message);
		STR(ProviderMessageOffset, s->provider_message);
		STR(EventNameOffset, s->event_name);
		STR(EventAttributesOffset, s->event_attributes);
#undef STR
		for (i = 0; i < s->nprops; i++) {
			const struct tdh_prop *p = &s->props[i];
			EVENT_PROPERTY_INFO *e = t ? &t->EventPropertyInfoArray[i] : NULL;
			ULONG name = info_str(&w, p->name);
			ULONG map = info_str(&w, p->map);

			if (!e)
				continue;
			e->Flags = (PROPERTY_FLAGS)p->flags;
			e->NameOffset = name;
			if (p->flags & PropertyStruct) {
				e->structType.StructStartIndex = p->struct_start;
				e->structType.NumOfStructMembers = p->struct_members;
			} else {
				e->nonStructType.InType = p->in;
				e->nonStructType.OutType = p->out;
				e->nonStructType.MapNameOffset = map;
			}
			e->count = p->count;
			e->length = p->length;
			e->Tags = p->tags & 0x0FFFFFFF;
		}
		if (pass == 0 && w.len > *size) {
			*size = w.len;
			return ERROR_INSUFFICIENT_BUFFER;
		}
		if (!buf) {
			*size = w.len;
			return ERROR_INSUFFICIENT_BUFFER;
		}
	}
	*size = w.len;
	return ERROR_SUCCESS;
}
