// SPDX-License-Identifier: GPL-2.0-only
/*
 * One event as one JSON object (event_json.h).
 */
#include <stdio.h>

#include "common/event_json.h"
#include "common/fmt.h"
#include "etw_guid.h"

static void node(struct json *j, const char *key, const struct dnode *n)
{
	unsigned i;

	switch (n->type) {
	case DN_VALUE:
		if (n->kind == DK_TEXT)
			json_str(j, key, n->text);
		else
			json_num(j, key, n->text);
		break;
	case DN_ARRAY:
	case DN_STRUCT:
		if (key)
			json_key(j, key);
		json_open(j, n->type == DN_ARRAY ? '[' : '{');
		for (i = 0; i < n->nkids; i++)
			node(j, n->type == DN_ARRAY ? NULL : n->kids[i].name, &n->kids[i]);
		json_close(j, n->type == DN_ARRAY ? ']' : '}');
		break;
	}
}

static void opt_str(struct json *j, const char *key, const char *s)
{
	if (s)
		json_str(j, key, s);
}

/* The payload as hex: one string, written straight out. */
static void payload(struct json *j, PEVENT_RECORD er)
{
	json_key(j, "payload");
	putc_unlocked('"', j->f);
	put_hex(j->f, er->UserData, er->UserDataLength);
	putc_unlocked('"', j->f);
	j->more = 1;
}

/*
 * An object member written as a string holding its JSON text: the object
 * goes to a memory stream of this thread first.
 */
struct nested {
	FILE *f;
	char *buf;
	size_t len;
};

static __thread struct nested nest;

static struct json *nested_begin(struct json *outer, struct json *inner)
{
	if (!nest.f)
		nest.f = open_memstream(&nest.buf, &nest.len);
	if (!nest.f)
		return outer;	/* out of memory: the object as it is */
	rewind(nest.f);
	json_init(inner, nest.f);
	return inner;
}

static void nested_end(struct json *outer, struct json *inner, const char *key)
{
	if (inner == outer)
		return;
	putc_unlocked(0, nest.f);
	fflush(nest.f);
	json_str(outer, key, nest.buf);
}

static void fields(struct json *j, const struct decoded *d)
{
	unsigned i;

	json_open(j, '{');
	for (i = 0; i < d->nfields; i++)
		node(j, d->fields[i].name ? d->fields[i].name : "", &d->fields[i]);
	json_close(j, '}');
}

static void ext_data(struct json *j, const struct decoded *d)
{
	unsigned i;

	json_open(j, '{');
	for (i = 0; i < d->next; i++)
		json_str(j, d->ext[i].name, d->ext[i].text);
	json_close(j, '}');
}

/* "key": the object @fn writes, or a string of its text. */
static void object(struct json *j, const char *key, int as_text,
		   void (*fn)(struct json *, const struct decoded *),
		   const struct decoded *d)
{
	struct json in, *w = j;

	if (as_text)
		w = nested_begin(j, &in);
	if (w == j)
		json_key(j, key);
	fn(w, d);
	nested_end(j, w, key);
}

void event_json(struct json *j, PEVENT_RECORD er, const struct decoded *d,
		int raw_time)
{
	struct event_json_opts o = { .raw_time = raw_time };

	event_json_opts(j, er, d, &o);
}

void event_json_opts(struct json *j, PEVENT_RECORD er, const struct decoded *d,
		     const struct event_json_opts *o)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *ed = &h->EventDescriptor;
	char g[ETW_GUID_STR_LEN], t[96];
	USHORT i;

	json_open(j, '{');
	if (o->origin)
		origin_json(j, o->origin);
	if (o->raw_time) {
		json_i64(j, "ts", h->TimeStamp.QuadPart);
	} else {
		iso_time(h->TimeStamp.QuadPart, t);
		json_str(j, "time", t);
	}
	json_u64(j, "cpu", GetEventProcessorIndex(er));
	json_u64(j, "pid", h->ProcessId);
	json_u64(j, "tid", h->ThreadId);
	json_str(j, "provider", etw_guid_str(&h->ProviderId, g));
	json_u64(j, "id", ed->Id);
	json_u64(j, "version", ed->Version);
	json_u64(j, "level", ed->Level);
	json_u64(j, "channel", ed->Channel);
	json_u64(j, "keywords", ed->Keyword);
	json_u64(j, "opcode", ed->Opcode);
	json_u64(j, "task", ed->Task);
	snprintf(t, sizeof(t), "0x%04x", h->Flags);
	json_str(j, "flags", t);
	opt_str(j, "provider_name", d->provider);
	opt_str(j, "event", d->event);
	opt_str(j, "level_name", d->level);
	opt_str(j, "task_name", d->task);
	opt_str(j, "opcode_name", d->opcode);
	opt_str(j, "keywords_name", d->keywords);
	opt_str(j, "channel_name", d->channel);
	if (!IsEqualGUID(&h->ActivityId, &GUID_NULL))
		json_str(j, "activity", etw_guid_str(&h->ActivityId, g));
	if (d->has_related)
		json_str(j, "related_activity", etw_guid_str(&d->related, g));
	json_key(j, "ext");
	json_open(j, '[');
	for (i = 0; i < er->ExtendedDataCount; i++)
		json_u64(j, NULL, er->ExtendedData[i].ExtType);
	json_close(j, ']');
	if (d->next)
		object(j, "ext_data", o->nested_as_text, ext_data, d);
	json_u64(j, "len", er->UserDataLength);
	if (d->ok) {
		object(j, "fields", o->nested_as_text, fields, d);
		opt_str(j, "message", d->message);
	} else {
		payload(j, er);
		opt_str(j, "string", d->string);
		opt_str(j, "undecoded", d->reason);
	}
	json_close(j, '}');
}
