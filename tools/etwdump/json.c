// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --json: one JSON object per line for each event, and a last
 * line {"summary":{...}}.  A decoded event has "fields": an object of its
 * fields by name (integers and reals as numbers, booleans as true/false,
 * everything else as the string TdhFormatProperty gives; arrays as
 * arrays, structs as objects), with "provider_name", "event" and the
 * level/task/opcode/keyword/channel names and "message" when known; one
 * that cannot be decoded has "payload" (hex) and "undecoded" (why).
 */
#include <stdio.h>

#include "etwdump.h"

static void put_str_or_null(FILE *f, const char *key, const char *s)
{
	if (!s)
		return;
	fputs(",\"", f);
	fputs(key, f);
	fputs("\":\"", f);
	put_json_str(f, s);
	putc_unlocked('"', f);
}

static void put_node(FILE *f, const struct dnode *n)
{
	unsigned i;

	switch (n->type) {
	case DN_VALUE:
		if (n->kind == DK_TEXT) {
			putc_unlocked('"', f);
			put_json_str(f, n->text);
			putc_unlocked('"', f);
		} else {
			fputs(n->text, f);
		}
		break;
	case DN_ARRAY:
		putc_unlocked('[', f);
		for (i = 0; i < n->nkids; i++) {
			if (i)
				putc_unlocked(',', f);
			put_node(f, &n->kids[i]);
		}
		putc_unlocked(']', f);
		break;
	case DN_STRUCT:
		putc_unlocked('{', f);
		for (i = 0; i < n->nkids; i++) {
			if (i)
				putc_unlocked(',', f);
			putc_unlocked('"', f);
			put_json_str(f, n->kids[i].name);
			fputs("\":", f);
			put_node(f, &n->kids[i]);
		}
		putc_unlocked('}', f);
		break;
	}
}

static void json_event(FILE *f, PEVENT_RECORD er, const struct decoded *d,
		       const char *guid, const char *when)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *ed = &h->EventDescriptor;
	char g[40];
	USHORT i;

	fprintf(f, "{\"%s\":%s%s%s,\"cpu\":%u,\"pid\":%u,\"tid\":%u,"
		"\"provider\":\"%s\",\"id\":%u,\"version\":%u,\"level\":%u,"
		"\"channel\":%u,\"keywords\":\"0x%llx\",\"opcode\":%u,"
		"\"task\":%u,\"flags\":\"0x%04x\"",
		dump.raw ? "ts" : "time", dump.raw ? "" : "\"", when,
		dump.raw ? "" : "\"", GetEventProcessorIndex(er),
		h->ProcessId, h->ThreadId, guid, ed->Id, ed->Version, ed->Level,
		ed->Channel, ed->Keyword, ed->Opcode, ed->Task, h->Flags);
	put_str_or_null(f, "provider_name", d->provider);
	put_str_or_null(f, "event", d->event);
	put_str_or_null(f, "level_name", d->level);
	put_str_or_null(f, "task_name", d->task);
	put_str_or_null(f, "opcode_name", d->opcode);
	put_str_or_null(f, "keywords_name", d->keywords);
	put_str_or_null(f, "channel_name", d->channel);
	if (!IsEqualGUID(&h->ActivityId, &GUID_NULL)) {
		guid_str(&h->ActivityId, g);
		fprintf(f, ",\"activity\":\"%s\"", g);
	}
	if (d->has_related) {
		guid_str(&d->related, g);
		fprintf(f, ",\"related_activity\":\"%s\"", g);
	}
	fputs(",\"ext\":[", f);
	for (i = 0; i < er->ExtendedDataCount; i++)
		fprintf(f, "%s%u", i ? "," : "", er->ExtendedData[i].ExtType);
	putc_unlocked(']', f);
	if (d->next) {
		fputs(",\"ext_data\":{", f);
		for (i = 0; i < d->next; i++) {
			fprintf(f, "%s\"%s\":\"", i ? "," : "", d->ext[i].name);
			put_json_str(f, d->ext[i].text);
			putc_unlocked('"', f);
		}
		putc_unlocked('}', f);
	}
	fprintf(f, ",\"len\":%u", er->UserDataLength);
	if (d->ok) {
		fputs(",\"fields\":{", f);
		for (i = 0; i < d->nfields; i++) {
			if (i)
				putc_unlocked(',', f);
			putc_unlocked('"', f);
			put_json_str(f, d->fields[i].name);
			fputs("\":", f);
			put_node(f, &d->fields[i]);
		}
		putc_unlocked('}', f);
		put_str_or_null(f, "message", d->message);
	} else {
		fputs(",\"payload\":\"", f);
		put_hex(f, er->UserData, er->UserDataLength);
		putc_unlocked('"', f);
		put_str_or_null(f, "string", d->string);
		put_str_or_null(f, "undecoded", d->reason);
	}
	fputs_unlocked("}\n", f);
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
	.json_header = 1,
	.damage = json_damage,
};
