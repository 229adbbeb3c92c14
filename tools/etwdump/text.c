// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump's text output: one line per event, then a summary of events
 * per provider and of what was lost.
 */
#include <stdio.h>

#include "etwdump.h"

static void text_event(FILE *f, PEVENT_RECORD er, const char *guid,
		       const char *when)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *d = &h->EventDescriptor;
	USHORT i;

	if (h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE)
		/*
		 * TraceMessage (WPP): the provider is the message
		 * GUID (zero without one), msg the message number;
		 * the descriptor's other fields are always 0.
		 */
		fprintf(f, "%s cpu=%u pid=%u tid=%u {%s} msg=%u "
			"flags=0x%04x ext=[", when,
			GetEventProcessorIndex(er), h->ProcessId,
			h->ThreadId, guid, d->Id, h->Flags);
	else
		fprintf(f, "%s cpu=%u pid=%u tid=%u {%s} id=%u v=%u "
			"lvl=%u kw=0x%llx op=%u task=%u flags=0x%04x ext=[",
			when, GetEventProcessorIndex(er), h->ProcessId,
			h->ThreadId, guid, d->Id, d->Version, d->Level,
			d->Keyword, d->Opcode, d->Task, h->Flags);
	for (i = 0; i < er->ExtendedDataCount; i++)
		fprintf(f, "%s%u", i ? "," : "", er->ExtendedData[i].ExtType);
	fprintf(f, "] len=%u", er->UserDataLength);
	if (h->Flags & EVENT_HEADER_FLAG_STRING_ONLY) {
		fputs(" string=\"", f);
		put_utf16(f, er->UserData, er->UserDataLength, 0);
		fputc('"', f);
	}
	/* Kernel events by field name, the others as bytes. */
	if (!kernel_fields(f, er, 0) && er->UserDataLength) {
		fputs(" data=", f);
		put_hex(f, er->UserData, er->UserDataLength);
	}
	fputc('\n', f);
}

static void text_summary(FILE *f, const struct totals *t)
{
	char guid[37];
	size_t i;

	fprintf(f, "--- %llu events in %.3f s (%.0f events/s)%s\n", t->events,
		t->secs, t->secs > 0 ? t->events / t->secs : 0.0,
		t->interrupted ? ", interrupted" : "");
	for (i = 0; i < t->nprov; i++) {
		guid_str(&t->prov[i].guid, guid);
		fprintf(f, "  {%s} %llu\n", guid, t->prov[i].n);
	}
	fprintf(f, "events lost: %llu, buffers lost: %llu, buffers read: %llu\n",
		t->events_lost, t->buffers_lost, t->buffers_read);
	if (t->damage.damages)
		fprintf(f, "damaged places skipped: %u (records %u, buffer tails %u, "
			"buffers %u, duplicates %u; %llu bytes)\n",
			t->damage.damages, t->damage.records, t->damage.tails,
			t->damage.buffers, t->damage.duplicates,
			(unsigned long long)t->damage.bytes);
}

/* Text: the damage on stderr, beside the events on stdout. */
static void text_damage(const char *file, const struct etw_trace_damage *d)
{
	fprintf(stderr, "etwdump: %s: %s\n", file, d->reason);
}

const struct output output_text = {
	.event = text_event,
	.summary = text_summary,
	.damage = text_damage,
};
