// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump's text output: one line per event, then (summary.c) a summary
 * of events per provider, the trace's span and what was lost.
 *
 *   TIME cpu=C pid=P tid=T {GUID} [Provider[/Event]] id=.. v=.. lvl=..
 *   kw=.. op=.. task=.. flags=.. [activity={..}] [related={..}] ext=[..]
 *   [item=value...] then the fields as name=value (strings quoted when
 *   needed, arrays [a,b], structs {m=v}) and message="..." -- or, for an
 *   event TDH cannot decode, len=N data=HEX (undecoded: why).
 */
#include <stdio.h>
#include <string.h>

#include "etwdump.h"
#include "common/fmt.h"
#include "etw_guid.h"

static void put_node(FILE *f, const struct dnode *n)
{
	unsigned i;

	if (n->type == DN_VALUE) {
		if (n->kind == DK_TEXT)
			put_text_value(f, n->text);
		else
			fputs(n->text, f);
		return;
	}
	fputc(n->type == DN_ARRAY ? '[' : '{', f);
	for (i = 0; i < n->nkids; i++) {
		if (i)
			fputc(',', f);
		if (n->kids[i].name)
			fprintf(f, "%s=", n->kids[i].name);
		put_node(f, &n->kids[i]);
	}
	fputc(n->type == DN_ARRAY ? ']' : '}', f);
}

static void text_event(FILE *f, PEVENT_RECORD er, const struct decoded *d,
		       const char *guid, const char *when)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *ed = &h->EventDescriptor;
	char g[ETW_GUID_STR_LEN];
	USHORT i;

	fprintf(f, "%s cpu=%u pid=%u tid=%u {%s}", when,
		GetEventProcessorIndex(er), h->ProcessId, h->ThreadId, guid);
	if (d->provider || d->event) {
		char name[600];

		snprintf(name, sizeof(name), "%s%s%s", d->provider ? d->provider : "",
			 d->event ? "/" : "", d->event ? d->event : "");
		fputc(' ', f);
		put_text_value(f, name);
	}
	if (h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE)
		/*
		 * TraceMessage (WPP): the provider is the message GUID (zero
		 * without one), msg the message number; the descriptor's
		 * other fields are always 0.
		 */
		fprintf(f, " msg=%u flags=0x%04x", ed->Id, h->Flags);
	else
		fprintf(f, " id=%u v=%u lvl=%u kw=0x%llx op=%u task=%u flags=0x%04x",
			ed->Id, ed->Version, ed->Level, ed->Keyword, ed->Opcode,
			ed->Task, h->Flags);
	if (!IsEqualGUID(&h->ActivityId, &GUID_NULL)) {
		etw_guid_str(&h->ActivityId, g);
		fprintf(f, " activity={%s}", g);
	}
	if (d->has_related) {
		etw_guid_str(&d->related, g);
		fprintf(f, " related={%s}", g);
	}
	fputs(" ext=[", f);
	for (i = 0; i < er->ExtendedDataCount; i++)
		fprintf(f, "%s%u", i ? "," : "", er->ExtendedData[i].ExtType);
	fputc(']', f);
	for (i = 0; i < d->next; i++) {
		if (!strcmp(d->ext[i].name, "traits"))
			continue;	/* shown as the provider's name */
		fprintf(f, " %s=", d->ext[i].name);
		put_text_value(f, d->ext[i].text);
	}
	if (d->ok) {
		for (i = 0; i < d->nfields; i++) {
			fprintf(f, " %s=", d->fields[i].name);
			put_node(f, &d->fields[i]);
		}
		if (d->message) {
			fputs(" message=", f);
			put_text_value(f, d->message);
		}
	} else if (d->string) {
		fputs(" string=", f);
		put_text_value(f, d->string);
	} else {
		fprintf(f, " len=%u", er->UserDataLength);
		if (er->UserDataLength) {
			fputs(" data=", f);
			put_hex(f, er->UserData, er->UserDataLength);
		}
		fprintf(f, " (undecoded: %s)", d->reason);
	}
	fputc('\n', f);
}

const struct output output_text = {
	.event = text_event,
	.summary_on_stdout = 1,
};
