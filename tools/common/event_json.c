// SPDX-License-Identifier: GPL-2.0-only
/*
 * One event as one JSON object (event_json.h).
 *
 * The object is written straight into an output buffer (common/obuf.h):
 * the members' keys are literals written whole with their commas, the
 * fields' keys are escaped once per name (a small cache), numbers go in
 * as TDH wrote them.  A writer on a stdio stream gets the object in one
 * fwrite.  The commas follow the JSON writer's rule (json.h): what is
 * written here sets j->more as its functions would.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/event_json.h"
#include "common/fmt.h"
#include "common/guid.h"

/* A literal (its length known at compile time) into @o. */
#define LIT(o, s) ob_lit(o, s)

/* ,"key":number -- every member but the first has its comma */
#define U64(o, k, v) do { LIT(o, ",\"" k "\":"); ob_u64(o, v); } while (0)

/* A string that needs escaping. */
static void str(struct obuf *o, const char *s)
{
	ob_putc(o, '"');
	json_escape_buf(o, s);
	ob_putc(o, '"');
}

#define OPT_STR(o, k, s) do { if (s) { LIT(o, ",\"" k "\":"); str(o, s); } } while (0)

/* ,"key":"xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" (a GUID needs no escaping) */
#define GUID_STR(o, k, g) do { LIT(o, ",\"" k "\":\""); ob_guid(o, g); ob_putc(o, '"'); } while (0)

/*
 * A field's name as its "name": key, escaped once: the names of an
 * event kind come back with every event of it.  A small cache by the
 * name's address: a node's name lives, unchanged, as long as the program
 * (decode.h), so its address is the name.
 */
struct key_cache {
	const char *name;	/* the address it was made for */
	char *key;		/* "name": escaped */
	size_t len;
};

static __thread struct key_cache keys[256];

static void field_key(struct obuf *o, const char *name)
{
	struct key_cache *c = &keys[((uintptr_t)name >> 3) & 255];
	struct obuf k = { 0 };

	if (c->name == name) {
		ob_put(o, c->key, c->len);
		return;
	}
	str(&k, name);
	ob_putc(&k, ':');
	free(c->key);
	c->key = k.buf;
	c->len = k.len;
	c->name = name;
	ob_put(o, c->key, c->len);
}

/* @n's value: a number, a string, an array or an object. */
static void node(struct obuf *o, const struct dnode *n)
{
	unsigned i;

	switch (n->type) {
	case DN_VALUE:
		if (n->kind == DK_TEXT && !n->is_int) {
			str(o, n->text);
		} else if (n->kind == DK_TEXT) {	/* hex: "0x..." needs no escaping */
			ob_putc(o, '"');
			ob_put(o, n->text, n->len);
			ob_putc(o, '"');
		} else {
			ob_put(o, n->text, n->len);
		}
		break;
	case DN_ARRAY:
	case DN_STRUCT:
		ob_putc(o, n->type == DN_ARRAY ? '[' : '{');
		for (i = 0; i < n->nkids; i++) {
			if (i)
				ob_putc(o, ',');
			if (n->type == DN_STRUCT)
				field_key(o, n->kids[i].name ? n->kids[i].name : "");
			node(o, &n->kids[i]);
		}
		ob_putc(o, n->type == DN_ARRAY ? ']' : '}');
		break;
	}
}

static void fields(struct obuf *o, const struct decoded *d)
{
	unsigned i;

	ob_putc(o, '{');
	for (i = 0; i < d->nfields; i++) {
		if (i)
			ob_putc(o, ',');
		field_key(o, d->fields[i].name ? d->fields[i].name : "");
		node(o, &d->fields[i]);
	}
	ob_putc(o, '}');
}

static void ext_data(struct obuf *o, const struct decoded *d)
{
	unsigned i;

	ob_putc(o, '{');
	for (i = 0; i < d->next; i++) {
		if (i)
			ob_putc(o, ',');
		str(o, d->ext[i].name);
		ob_putc(o, ':');
		str(o, d->ext[i].text);
	}
	ob_putc(o, '}');
}

/*
 * ,"key": and the object @fn writes, or a string of its text (for a
 * store whose columns are strings).
 */
static void object(struct obuf *o, const char *key, int as_text,
		   void (*fn)(struct obuf *, const struct decoded *),
		   const struct decoded *d)
{
	static __thread struct obuf nest;

	ob_putc(o, ',');
	str(o, key);
	ob_putc(o, ':');
	if (!as_text) {
		fn(o, d);
		return;
	}
	nest.len = 0;
	fn(&nest, d);
	str(o, ob_str(&nest));
}

void event_json(struct json *j, PEVENT_RECORD er, const struct decoded *d,
		int raw_time)
{
	struct event_json_opts o = { .raw_time = raw_time };

	event_json_opts(j, er, d, &o);
}

void event_json_opts(struct json *j, PEVENT_RECORD er, const struct decoded *d,
		     const struct event_json_opts *opt)
{
	static __thread struct obuf tmp;
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *ed = &h->EventDescriptor;
	struct obuf *o = j->b ? j->b : &tmp;
	struct json oj;
	USHORT i;

	/* Its first member: a comma before the object, if one came before. */
	if (j->more)
		ob_putc(o, ',');
	ob_putc(o, '{');
	if (opt->origin) {
		json_init_buf(&oj, o);
		origin_json(&oj, opt->origin);
		ob_putc(o, ',');
	}
	if (opt->raw_time) {
		LIT(o, "\"ts\":");
		ob_i64(o, h->TimeStamp.QuadPart);
	} else {
		LIT(o, "\"time\":\"");
		iso_time(h->TimeStamp.QuadPart, ob_room(o, 96));
		ob_commit(o, strlen(o->buf + o->len));
		ob_putc(o, '"');
	}
	U64(o, "cpu", GetEventProcessorIndex(er));
	U64(o, "pid", h->ProcessId);
	U64(o, "tid", h->ThreadId);
	GUID_STR(o, "provider", &h->ProviderId);
	U64(o, "id", ed->Id);
	U64(o, "version", ed->Version);
	U64(o, "level", ed->Level);
	U64(o, "channel", ed->Channel);
	U64(o, "keywords", ed->Keyword);
	U64(o, "opcode", ed->Opcode);
	U64(o, "task", ed->Task);
	LIT(o, ",\"flags\":\"0x");
	ob_hex(o, h->Flags, 4, 0);
	ob_putc(o, '"');
	OPT_STR(o, "provider_name", d->provider);
	OPT_STR(o, "event", d->event);
	OPT_STR(o, "level_name", d->level);
	OPT_STR(o, "task_name", d->task);
	OPT_STR(o, "opcode_name", d->opcode);
	OPT_STR(o, "keywords_name", d->keywords);
	OPT_STR(o, "channel_name", d->channel);
	if (!IsEqualGUID(&h->ActivityId, &GUID_NULL))
		GUID_STR(o, "activity", &h->ActivityId);
	if (d->has_related)
		GUID_STR(o, "related_activity", &d->related);
	LIT(o, ",\"ext\":[");
	for (i = 0; i < er->ExtendedDataCount; i++) {
		if (i)
			ob_putc(o, ',');
		ob_u64(o, er->ExtendedData[i].ExtType);
	}
	ob_putc(o, ']');
	if (d->next)
		object(o, "ext_data", opt->nested_as_text, ext_data, d);
	U64(o, "len", er->UserDataLength);
	if (d->ok) {
		object(o, "fields", opt->nested_as_text, fields, d);
		OPT_STR(o, "message", d->message);
	} else {
		LIT(o, ",\"payload\":\"");
		ob_hexbytes(o, er->UserData, er->UserDataLength, 0);
		ob_putc(o, '"');
		OPT_STR(o, "string", d->string);
		OPT_STR(o, "undecoded", d->reason);
	}
	ob_putc(o, '}');
	j->more = 1;
	if (!j->b)
		ob_write(o, j->f);
}
