// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --xml: the events as `tracerpt -of XML` writes them: an
 * <Events> document of <Event> elements in the Windows event schema
 * (http://schemas.microsoft.com/win/2004/08/events/event) -- <System>
 * with the header, <EventData> with one <Data Name=".."> per field
 * (<BinaryEventData> in hex when the event is not decoded), and
 * <RenderingInfo> with the names TDH knows.  The summary goes to
 * standard error, so standard output stays one XML document.
 */
#include <stdio.h>
#include <string.h>

#include "etwdump.h"
#include "etw_guid.h"

static void xml_begin(FILE *f)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Events>\n", f);
}

static void xml_end(FILE *f)
{
	fputs("</Events>\n", f);
}

static void elem(FILE *f, const char *name, const char *text)
{
	if (!text)
		return;
	fprintf(f, "\t\t<%s>", name);
	put_xml_str(f, text);
	fprintf(f, "</%s>\n", name);
}

static void xml_event(FILE *f, PEVENT_RECORD er, const struct decoded *d,
		      const char *guid, const char *when)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *ed = &h->EventDescriptor;
	long t = (long)(intptr_t)er->UserContext;
	ULONG res = t >= 0 && t < dump.nh ? dump.lf[t].LogfileHeader.TimerResolution : 0;
	char g[40], flat[4096], stime[96];
	unsigned i;
	size_t n;

	/* SystemTime with 9 fractional digits, as Windows writes it. */
	snprintf(stime, sizeof(stime), "%s", when);
	n = strlen(stime);
	if (n > 1 && stime[n - 1] == 'Z' && n + 2 < sizeof(stime))
		memcpy(stime + n - 1, "00Z", 4);
	fputs("<Event xmlns=\"http://schemas.microsoft.com/win/2004/08/events/event\">\n"
	      "\t<System>\n\t\t<Provider", f);
	if (d->provider) {
		fputs(" Name=\"", f);
		put_xml_str(f, d->provider);
		fputc('"', f);
	}
	for (i = 0; guid[i]; i++)
		g[i] = (char)(guid[i] >= 'a' && guid[i] <= 'f' ? guid[i] - 32 : guid[i]);
	g[i] = 0;
	fprintf(f, " Guid=\"{%s}\" />\n", g);
	fprintf(f, "\t\t<EventID>%u</EventID>\n\t\t<Version>%u</Version>\n"
		"\t\t<Level>%u</Level>\n\t\t<Task>%u</Task>\n\t\t<Opcode>%u</Opcode>\n"
		"\t\t<Keywords>0x%llX</Keywords>\n"
		"\t\t<TimeCreated SystemTime=\"%s\" />\n\t\t<Correlation",
		ed->Id, ed->Version, ed->Level, ed->Task, ed->Opcode, ed->Keyword,
		stime);
	if (!IsEqualGUID(&h->ActivityId, &GUID_NULL)) {
		etw_guid_str(&h->ActivityId, g);
		fprintf(f, " ActivityID=\"{%s}\"", g);
	}
	if (d->has_related) {
		etw_guid_str(&d->related, g);
		fprintf(f, " RelatedActivityID=\"{%s}\"", g);
	}
	fprintf(f, " />\n\t\t<Execution ProcessID=\"%u\" ThreadID=\"%u\" "
		"ProcessorID=\"%u\" KernelTime=\"%llu\" UserTime=\"%llu\" />\n"
		"\t\t<Channel>%u</Channel>\n\t\t<Computer />\n\t</System>\n",
		h->ProcessId, h->ThreadId, GetEventProcessorIndex(er),
		(unsigned long long)h->KernelTime * res / 10000,
		(unsigned long long)h->UserTime * res / 10000, ed->Channel);
	if (d->ok) {
		fputs("\t<EventData>\n", f);
		for (i = 0; i < d->nfields; i++) {
			fputs("\t\t<Data Name=\"", f);
			put_xml_str(f, d->fields[i].name);
			fputs("\">", f);
			dnode_flat(&d->fields[i], flat, sizeof(flat));
			put_xml_str(f, flat);
			fputs("</Data>\n", f);
		}
		fputs("\t</EventData>\n", f);
	} else if (d->string) {
		fputs("\t<EventData>\n\t\t<Data>", f);
		put_xml_str(f, d->string);
		fputs("</Data>\n\t</EventData>\n", f);
	} else {
		fputs("\t<BinaryEventData>", f);
		for (i = 0; i < er->UserDataLength; i++)
			fprintf(f, "%02X", ((const unsigned char *)er->UserData)[i]);
		fputs("</BinaryEventData>\n\t<!-- undecoded: ", f);
		put_xml_str(f, d->reason);
		fputs(" -->\n", f);
	}
	if (d->provider || d->level || d->task || d->event || d->opcode ||
	    d->keywords || d->message || d->channel) {
		fputs("\t<RenderingInfo Culture=\"en-US\">\n", f);
		elem(f, "Level", d->level);
		elem(f, "Opcode", d->opcode);
		if (d->keywords) {
			const char *k = d->keywords, *e;

			fputs("\t\t<Keywords>\n", f);
			while (*k) {
				e = strstr(k, ", ");
				fputs("\t\t\t<Keyword>", f);
				snprintf(flat, sizeof(flat), "%.*s", (int)(e ? e - k : (long)strlen(k)), k);
				put_xml_str(f, flat);
				fputs("</Keyword>\n", f);
				if (!e)
					break;
				k = e + 2;
			}
			fputs("\t\t</Keywords>\n", f);
		}
		elem(f, "Task", d->task ? d->task : d->event);
		elem(f, "Message", d->message);
		elem(f, "Channel", d->channel);
		elem(f, "Provider", d->provider);
		fputs("\t</RenderingInfo>\n", f);
	}
	fputs("</Event>\n", f);
}

const struct output output_xml = {
	.begin = xml_begin,
	.event = xml_event,
	.end = xml_end,
};
