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
#include "common/guid.h"

static void xml_begin(struct obuf *o)
{
	ob_lit(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Events>\n");
}

static void xml_end(struct obuf *o)
{
	ob_lit(o, "</Events>\n");
}

/* <name>text</name> on a line of its own, if there is a text. */
static void elem(struct obuf *o, const char *name, const char *text)
{
	if (!text)
		return;
	ob_lit(o, "\t\t<");
	ob_puts(o, name);
	ob_putc(o, '>');
	ob_xml_str(o, text);
	ob_lit(o, "</");
	ob_puts(o, name);
	ob_lit(o, ">\n");
}

/* <name>number</name> */
static void num(struct obuf *o, const char *name, unsigned long long v)
{
	ob_lit(o, "\t\t<");
	ob_puts(o, name);
	ob_putc(o, '>');
	ob_u64(o, v);
	ob_lit(o, "</");
	ob_puts(o, name);
	ob_lit(o, ">\n");
}

/* name="number" */
static void attr(struct obuf *o, const char *name, unsigned long long v)
{
	ob_putc(o, ' ');
	ob_puts(o, name);
	ob_lit(o, "=\"");
	ob_u64(o, v);
	ob_putc(o, '"');
}

static void xml_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	static struct obuf flat;
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *ed = &h->EventDescriptor;
	long t = (long)(intptr_t)er->UserContext;
	ULONG res = t >= 0 && t < dump.nh ? dump.lf[t].LogfileHeader.TimerResolution : 0;
	char g[ETW_GUID_STR_LEN];
	unsigned i;
	size_t n;

	ob_lit(o, "<Event xmlns=\"http://schemas.microsoft.com/win/2004/08/events/event\">\n"
	       "\t<System>\n\t\t<Provider");
	if (d->provider) {
		ob_lit(o, " Name=\"");
		ob_xml_str(o, d->provider);
		ob_putc(o, '"');
	}
	etw_guid_str(&h->ProviderId, g);
	for (i = 0; g[i]; i++)
		g[i] = (char)(g[i] >= 'a' && g[i] <= 'f' ? g[i] - 32 : g[i]);
	ob_lit(o, " Guid=\"{");
	ob_puts(o, g);
	ob_lit(o, "}\" />\n");
	num(o, "EventID", ed->Id);
	num(o, "Version", ed->Version);
	num(o, "Level", ed->Level);
	num(o, "Task", ed->Task);
	num(o, "Opcode", ed->Opcode);
	ob_lit(o, "\t\t<Keywords>0x");
	ob_hex(o, ed->Keyword, 1, 1);
	ob_lit(o, "</Keywords>\n\t\t<TimeCreated SystemTime=\"");
	/* SystemTime with 9 fractional digits, as Windows writes it. */
	n = o->len;
	ob_event_time(o, h->TimeStamp.QuadPart);
	if (o->len - n > 1 && o->buf[o->len - 1] == 'Z' && o->len - n + 2 < 96) {
		o->len--;
		ob_lit(o, "00Z");
	}
	ob_lit(o, "\" />\n\t\t<Correlation");
	if (!IsEqualGUID(&h->ActivityId, &GUID_NULL)) {
		ob_lit(o, " ActivityID=\"{");
		ob_guid(o, &h->ActivityId);
		ob_lit(o, "}\"");
	}
	if (d->has_related) {
		ob_lit(o, " RelatedActivityID=\"{");
		ob_guid(o, &d->related);
		ob_lit(o, "}\"");
	}
	ob_lit(o, " />\n\t\t<Execution");
	attr(o, "ProcessID", h->ProcessId);
	attr(o, "ThreadID", h->ThreadId);
	attr(o, "ProcessorID", GetEventProcessorIndex(er));
	attr(o, "KernelTime", (unsigned long long)h->KernelTime * res / 10000);
	attr(o, "UserTime", (unsigned long long)h->UserTime * res / 10000);
	ob_lit(o, " />\n");
	num(o, "Channel", ed->Channel);
	ob_lit(o, "\t\t<Computer />\n\t</System>\n");
	if (d->ok) {
		ob_lit(o, "\t<EventData>\n");
		for (i = 0; i < d->nfields; i++) {
			ob_lit(o, "\t\t<Data Name=\"");
			ob_xml_str(o, d->fields[i].name);
			ob_lit(o, "\">");
			/* one value, cut at 4,095 bytes as it always was */
			flat.len = 0;
			dnode_flat_ob(&flat, &d->fields[i], 4095);
			ob_xml_str(o, ob_str(&flat));
			ob_lit(o, "</Data>\n");
		}
		ob_lit(o, "\t</EventData>\n");
	} else if (d->string) {
		ob_lit(o, "\t<EventData>\n\t\t<Data>");
		ob_xml_str(o, d->string);
		ob_lit(o, "</Data>\n\t</EventData>\n");
	} else {
		ob_lit(o, "\t<BinaryEventData>");
		ob_hexbytes(o, er->UserData, er->UserDataLength, 1);
		ob_lit(o, "</BinaryEventData>\n\t<!-- undecoded: ");
		ob_xml_str(o, d->reason);
		ob_lit(o, " -->\n");
	}
	if (d->provider || d->level || d->task || d->event || d->opcode ||
	    d->keywords || d->message || d->channel) {
		ob_lit(o, "\t<RenderingInfo Culture=\"en-US\">\n");
		elem(o, "Level", d->level);
		elem(o, "Opcode", d->opcode);
		if (d->keywords) {
			const char *k = d->keywords, *e;

			ob_lit(o, "\t\t<Keywords>\n");
			while (*k) {
				e = strstr(k, ", ");
				ob_lit(o, "\t\t\t<Keyword>");
				flat.len = 0;
				n = e ? (size_t)(e - k) : strlen(k);
				ob_put(&flat, k, n < 4095 ? n : 4095);
				ob_xml_str(o, ob_str(&flat));
				ob_lit(o, "</Keyword>\n");
				if (!e)
					break;
				k = e + 2;
			}
			ob_lit(o, "\t\t</Keywords>\n");
		}
		elem(o, "Task", d->task ? d->task : d->event);
		elem(o, "Message", d->message);
		elem(o, "Channel", d->channel);
		elem(o, "Provider", d->provider);
		ob_lit(o, "\t</RenderingInfo>\n");
	}
	ob_lit(o, "</Event>\n");
}

const struct output output_xml = {
	.begin = xml_begin,
	.event = xml_event,
	.end = xml_end,
};
