// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --json: one JSON object per line for each event, and a last
 * line {"summary":{...}}.
 */
#include <stdio.h>

#include "etwdump.h"

static void json_event(FILE *f, PEVENT_RECORD er, const char *guid,
		       const char *when)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *d = &h->EventDescriptor;
	USHORT i;

	fprintf(f, "{\"%s\":%s%s%s,\"cpu\":%u,\"pid\":%u,\"tid\":%u,"
		"\"provider\":\"%s\",\"id\":%u,\"version\":%u,\"level\":%u,"
		"\"channel\":%u,\"keywords\":\"0x%llx\",\"opcode\":%u,"
		"\"task\":%u,\"flags\":\"0x%04x\",\"ext\":[",
		dump.raw ? "ts" : "time", dump.raw ? "" : "\"", when,
		dump.raw ? "" : "\"", GetEventProcessorIndex(er),
		h->ProcessId, h->ThreadId, guid, d->Id, d->Version, d->Level,
		d->Channel, d->Keyword, d->Opcode, d->Task, h->Flags);
	for (i = 0; i < er->ExtendedDataCount; i++)
		fprintf(f, "%s%u", i ? "," : "", er->ExtendedData[i].ExtType);
	fprintf(f, "],\"len\":%u,\"payload\":\"", er->UserDataLength);
	put_hex(f, er->UserData, er->UserDataLength);
	fputc('"', f);
	kernel_fields(f, er, 1);
	if (h->Flags & EVENT_HEADER_FLAG_STRING_ONLY) {
		fputs(",\"string\":\"", f);
		put_utf16(f, er->UserData, er->UserDataLength, 1);
		fputc('"', f);
	}
	fputs("}\n", f);
}

static void json_summary(FILE *f, const struct totals *t)
{
	char guid[37];
	size_t i;

	fprintf(f, "{\"summary\":{\"events\":%llu,\"status\":%u,"
		"\"events_lost\":%llu,\"buffers_lost\":%llu,"
		"\"buffers_read\":%llu,\"seconds\":%.3f,\"providers\":{",
		t->events, t->status, t->events_lost, t->buffers_lost,
		t->buffers_read, t->secs);
	for (i = 0; i < t->nprov; i++) {
		guid_str(&t->prov[i].guid, guid);
		fprintf(f, "%s\"%s\":%llu", i ? "," : "", guid, t->prov[i].n);
	}
	fputc('}', f);
	if (t->damage.damages)
		fprintf(f, ",\"damage\":{\"damages\":%u,\"records\":%u,\"tails\":%u,"
			"\"buffers\":%u,\"duplicates\":%u,\"bytes\":%llu}",
			t->damage.damages, t->damage.records, t->damage.tails,
			t->damage.buffers, t->damage.duplicates,
			(unsigned long long)t->damage.bytes);
	fprintf(f, "}}\n");
}

/* {"damage":{"file":...,"kind":...,"buffer":...,...}} on stdout. */
static void json_damage(const char *file, const struct etw_trace_damage *d)
{
	FILE *f = stdout;

	fputs("{\"damage\":{\"file\":\"", f);
	put_json_str(f, file);
	fprintf(f, "\",\"kind\":\"%s\",\"buffer\":%lld,\"file_offset\":%llu,"
		"\"bytes\":%llu,\"reason\":\"", etw_damage_kind_name(d->kind),
		(long long)d->buffer, (unsigned long long)d->file_offset,
		(unsigned long long)d->bytes);
	put_json_str(f, d->reason);
	fputs("\"}}\n", f);
}

const struct output output_json = {
	.event = json_event,
	.summary = json_summary,
	.damage = json_damage,
};
