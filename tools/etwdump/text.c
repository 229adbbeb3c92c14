// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump's text output: one line per event, then (summary.c) a summary
 * of events per provider, the trace's span and what was lost.
 *
 *   TIME cpu=C pid=P tid=T {GUID} [Provider[/Event]] id=.. v=.. lvl=..
 *   kw=.. op=.. task=.. flags=.. [activity={..}] [related={..}] ext=[..]
 *   [item=value...] then the fields as name=value (strings quoted when
 *   needed, arrays [a,b] -- a char array is one string --, structs {m=v})
 *   and message="..." -- or, for an
 *   event TDH cannot decode, len=N data=HEX (undecoded: why).
 */
#include <stdio.h>
#include <string.h>

#include "etwdump.h"
#include "common/fmt.h"
#include "etw_guid.h"

static void put_node(struct obuf *o, const struct dnode *n)
{
	unsigned i;

	if (n->type == DN_VALUE) {
		/* an integer's text (digits, 0x and hex) is one word */
		if (n->kind == DK_TEXT && !n->is_int)
			ob_text_value_n(o, n->text, n->len);
		else
			ob_put(o, n->text, n->len);
		return;
	}
	ob_putc(o, n->type == DN_ARRAY ? '[' : '{');
	for (i = 0; i < n->nkids; i++) {
		if (i)
			ob_putc(o, ',');
		if (n->kids[i].name) {
			ob_puts(o, n->kids[i].name);
			ob_putc(o, '=');
		}
		put_node(o, &n->kids[i]);
	}
	ob_putc(o, n->type == DN_ARRAY ? ']' : '}');
}

/* " key=" and an unsigned number. */
static void num(struct obuf *o, const char *key, size_t klen, unsigned long long v)
{
	ob_put(o, key, klen);
	ob_u64(o, v);
}

#define NUM(o, key, v) num((o), "" key, sizeof(key) - 1, (v))

static void text_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *ed = &h->EventDescriptor;
	USHORT i;

	ob_event_time(o, h->TimeStamp.QuadPart);
	NUM(o, " cpu=", GetEventProcessorIndex(er));
	NUM(o, " pid=", h->ProcessId);
	NUM(o, " tid=", h->ThreadId);
	ob_lit(o, " {");
	ob_guid(o, &h->ProviderId);
	ob_putc(o, '}');
	if (d->provider || d->event) {
		/* "Provider/Event" as one value, cut as it always was (599 bytes) */
		char name[600];
		size_t a = d->provider ? strlen(d->provider) : 0, b;

		if (a > sizeof(name) - 1)
			a = sizeof(name) - 1;
		memcpy(name, d->provider ? d->provider : "", a);
		if (d->event && a < sizeof(name) - 1) {
			name[a++] = '/';
			b = strlen(d->event);
			if (b > sizeof(name) - 1 - a)
				b = sizeof(name) - 1 - a;
			memcpy(name + a, d->event, b);
			a += b;
		}
		name[a] = 0;
		ob_putc(o, ' ');
		ob_text_value(o, name);
	}
	if (h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE) {
		/*
		 * TraceMessage (WPP): the provider is the message GUID (zero
		 * without one), msg the message number; the descriptor's
		 * other fields are always 0.
		 */
		NUM(o, " msg=", ed->Id);
	} else {
		NUM(o, " id=", ed->Id);
		NUM(o, " v=", ed->Version);
		NUM(o, " lvl=", ed->Level);
		ob_lit(o, " kw=0x");
		ob_hex(o, ed->Keyword, 1, 0);
		NUM(o, " op=", ed->Opcode);
		NUM(o, " task=", ed->Task);
	}
	ob_lit(o, " flags=0x");
	ob_hex(o, h->Flags, 4, 0);
	if (!IsEqualGUID(&h->ActivityId, &GUID_NULL)) {
		ob_lit(o, " activity={");
		ob_guid(o, &h->ActivityId);
		ob_putc(o, '}');
	}
	if (d->has_related) {
		ob_lit(o, " related={");
		ob_guid(o, &d->related);
		ob_putc(o, '}');
	}
	ob_lit(o, " ext=[");
	for (i = 0; i < er->ExtendedDataCount; i++) {
		if (i)
			ob_putc(o, ',');
		ob_u64(o, er->ExtendedData[i].ExtType);
	}
	ob_putc(o, ']');
	for (i = 0; i < d->next; i++) {
		if (!strcmp(d->ext[i].name, "traits"))
			continue;	/* shown as the provider's name */
		ob_putc(o, ' ');
		ob_puts(o, d->ext[i].name);
		ob_putc(o, '=');
		ob_text_value(o, d->ext[i].text);
	}
	if (d->ok) {
		for (i = 0; i < d->nfields; i++) {
			ob_putc(o, ' ');
			ob_puts(o, d->fields[i].name);
			ob_putc(o, '=');
			put_node(o, &d->fields[i]);
		}
		if (d->message) {
			ob_lit(o, " message=");
			ob_text_value(o, d->message);
		}
	} else if (d->string) {
		ob_lit(o, " string=");
		ob_text_value(o, d->string);
	} else {
		NUM(o, " len=", er->UserDataLength);
		if (er->UserDataLength) {
			ob_lit(o, " data=");
			ob_hexbytes(o, er->UserData, er->UserDataLength, 0);
		}
		ob_lit(o, " (undecoded: ");
		ob_puts(o, d->reason);
		ob_putc(o, ')');
	}
	ob_putc(o, '\n');
}

const struct output output_text = {
	.event = text_event,
	.summary_on_stdout = 1,
};
