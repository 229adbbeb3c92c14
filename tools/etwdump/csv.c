// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --csv: the columns of `tracerpt -of CSV` -- a header row, then
 * one row per event: Event Name (the provider's name or {GUID}), Type (the
 * TraceLogging event's name or the opcode's name), Event ID, Version,
 * Channel, Level, Opcode, Task, Keyword, PID, TID, Processor Number,
 * Instance ID, Parent Instance ID, Activity ID, Related Activity ID,
 * Clock-Time (100-ns units), Kernel(ms), User(ms), then the User Data:
 * one column per field (text in double quotes, arrays and structs as one
 * value), or the payload in hex when the event is not decoded.  The
 * closing summary goes to standard error: standard output is one table.
 */
#include <stdio.h>
#include <string.h>

#include "etwdump.h"
#include "common/fmt.h"
#include "etw_guid.h"

static void csv_begin(FILE *f)
{
	fputs("Event Name, Type, Event ID, Version, Channel, Level, Opcode, Task, "
	      "Keyword, PID, TID, Processor Number, Instance ID, "
	      "Parent Instance ID, Activity ID, Related Activity ID, "
	      "Clock-Time, Kernel(ms), User(ms), User Data\n", f);
}

static void put_csv(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
	}
	fputc('"', f);
}

static void csv_event(FILE *f, PEVENT_RECORD er, const struct decoded *d,
		      const char *guid, const char *when)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *ed = &h->EventDescriptor;
	long t = (long)(intptr_t)er->UserContext;
	ULONG res = t >= 0 && t < dump.nh ? dump.lf[t].LogfileHeader.TimerResolution : 0;
	char g[ETW_GUID_STR_LEN], inst[16] = "", parent[16] = "";
	char flat[4096];
	unsigned i;

	(void)when;
	if (d->provider)
		put_csv(f, d->provider);
	else
		fprintf(f, "{%s}", guid);
	fputs(", ", f);
	if (d->event)
		put_csv(f, d->event);
	else if (d->opcode)
		put_csv(f, d->opcode);
	else
		fprintf(f, "%u", ed->Opcode);
	for (i = 0; i < er->ExtendedDataCount; i++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *x = &er->ExtendedData[i];
		unsigned int a, b;

		if (x->ExtType == EVENT_HEADER_EXT_TYPE_INSTANCE_INFO && x->DataSize >= 8) {
			memcpy(&a, (void *)(uintptr_t)x->DataPtr, 4);
			memcpy(&b, (char *)(uintptr_t)x->DataPtr + 4, 4);
			snprintf(inst, sizeof(inst), "%u", a);
			snprintf(parent, sizeof(parent), "%u", b);
		}
	}
	fprintf(f, ", %u, %u, %u, %u, %u, %u, 0x%016llX, 0x%08X, 0x%08X, %u, %s, %s, ",
		ed->Id, ed->Version, ed->Channel, ed->Level, ed->Opcode, ed->Task,
		ed->Keyword, h->ProcessId, h->ThreadId, GetEventProcessorIndex(er),
		inst, parent);
	etw_guid_str(&h->ActivityId, g);
	fprintf(f, "{%s}, ", g);
	if (d->has_related) {
		etw_guid_str(&d->related, g);
		fprintf(f, "{%s}", g);
	}
	fprintf(f, ", %lld, %llu, %llu", h->TimeStamp.QuadPart,
		(unsigned long long)h->KernelTime * res / 10000,
		(unsigned long long)h->UserTime * res / 10000);
	if (d->ok) {
		for (i = 0; i < d->nfields; i++) {
			fputs(", ", f);
			if (d->fields[i].type == DN_VALUE && d->fields[i].kind != DK_TEXT) {
				fputs(d->fields[i].text, f);
				continue;
			}
			dnode_flat(&d->fields[i], flat, sizeof(flat));
			put_csv(f, flat);
		}
	} else if (d->string) {
		fputs(", ", f);
		put_csv(f, d->string);
	} else if (er->UserDataLength) {
		fputs(", 0x", f);
		put_hex(f, er->UserData, er->UserDataLength);
	}
	fputc('\n', f);
}

const struct output output_csv = {
	.begin = csv_begin,
	.event = csv_event,
};
