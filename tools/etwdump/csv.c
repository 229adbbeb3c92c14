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
#include "common/guid.h"

static void csv_begin(struct obuf *o)
{
	ob_lit(o, "Event Name, Type, Event ID, Version, Channel, Level, Opcode, Task, "
	       "Keyword, PID, TID, Processor Number, Instance ID, "
	       "Parent Instance ID, Activity ID, Related Activity ID, "
	       "Clock-Time, Kernel(ms), User(ms), User Data\n");
}

/* A quoted value: quotes doubled, line breaks as spaces. */
static void put_csv(struct obuf *o, const char *s, size_t n)
{
	const char *run = s, *end = s + n;

	ob_putc(o, '"');
	for (; s < end; s++) {
		if (*s != '"' && *s != '\n' && *s != '\r')
			continue;
		ob_put(o, run, (size_t)(s - run));
		run = s + 1;
		if (*s == '"')
			ob_lit(o, "\"\"");
		else
			ob_putc(o, ' ');
	}
	ob_put(o, run, (size_t)(s - run));
	ob_putc(o, '"');
}

static void put_csvs(struct obuf *o, const char *s)
{
	put_csv(o, s, strlen(s));
}

/* ", " and an unsigned number */
static void num(struct obuf *o, unsigned long long v)
{
	ob_lit(o, ", ");
	ob_u64(o, v);
}

/* ", 0x" and hex digits */
static void hex(struct obuf *o, unsigned long long v, int width)
{
	ob_lit(o, ", 0x");
	ob_hex(o, v, width, 1);
}

static void csv_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	static struct obuf flat;
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *ed = &h->EventDescriptor;
	long t = (long)(intptr_t)er->UserContext;
	ULONG res = t >= 0 && t < dump.nh ? dump.lf[t].LogfileHeader.TimerResolution : 0;
	const EVENT_HEADER_EXTENDED_DATA_ITEM *inst = NULL;
	unsigned i;

	if (d->provider) {
		put_csvs(o, d->provider);
	} else {
		ob_putc(o, '{');
		ob_guid(o, &h->ProviderId);
		ob_putc(o, '}');
	}
	ob_lit(o, ", ");
	if (d->event)
		put_csvs(o, d->event);
	else if (d->opcode)
		put_csvs(o, d->opcode);
	else
		ob_u64(o, ed->Opcode);
	for (i = 0; i < er->ExtendedDataCount; i++)
		if (er->ExtendedData[i].ExtType == EVENT_HEADER_EXT_TYPE_INSTANCE_INFO &&
		    er->ExtendedData[i].DataSize >= 8)
			inst = &er->ExtendedData[i];	/* the last one */
	num(o, ed->Id);
	num(o, ed->Version);
	num(o, ed->Channel);
	num(o, ed->Level);
	num(o, ed->Opcode);
	num(o, ed->Task);
	hex(o, ed->Keyword, 16);
	hex(o, h->ProcessId, 8);
	hex(o, h->ThreadId, 8);
	num(o, GetEventProcessorIndex(er));
	ob_lit(o, ", ");
	if (inst) {
		unsigned int a, b;

		memcpy(&a, (void *)(uintptr_t)inst->DataPtr, 4);
		memcpy(&b, (char *)(uintptr_t)inst->DataPtr + 4, 4);
		ob_u64(o, a);
		ob_lit(o, ", ");
		ob_u64(o, b);
	} else {
		ob_lit(o, ", ");
	}
	ob_lit(o, ", {");
	ob_guid(o, &h->ActivityId);
	ob_lit(o, "}, ");
	if (d->has_related) {
		ob_putc(o, '{');
		ob_guid(o, &d->related);
		ob_putc(o, '}');
	}
	ob_lit(o, ", ");
	ob_i64(o, h->TimeStamp.QuadPart);
	num(o, (unsigned long long)h->KernelTime * res / 10000);
	num(o, (unsigned long long)h->UserTime * res / 10000);
	if (d->ok) {
		for (i = 0; i < d->nfields; i++) {
			ob_lit(o, ", ");
			if (d->fields[i].type == DN_VALUE && d->fields[i].kind != DK_TEXT) {
				ob_puts(o, d->fields[i].text);
				continue;
			}
			/* one value, cut at 4,095 bytes as it always was */
			flat.len = 0;
			dnode_flat_ob(&flat, &d->fields[i], 4095);
			put_csv(o, flat.buf, flat.len);
		}
	} else if (d->string) {
		ob_lit(o, ", ");
		put_csvs(o, d->string);
	} else if (er->UserDataLength) {
		ob_lit(o, ", 0x");
		ob_hexbytes(o, er->UserData, er->UserDataLength, 0);
	}
	ob_putc(o, '\n');
}

const struct output output_csv = {
	.begin = csv_begin,
	.event = csv_event,
};
