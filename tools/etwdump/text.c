// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump's text output: one line per event, then (summary.c) a summary
 * of events per provider, the trace's span and what was lost.
 *
 * By default a short line, in the manner of perf script:
 *
 *   TIME [CPU] COMM PID/TID Provider/Event: name=value...
 *
 *   TIME the time of day (UTC, 100-ns digits); the first line, and the
 *   first of each new day, have the whole ISO-8601 time with its date
 *   (--raw-time: the raw session clock).  CPU three digits at least.
 *   COMM the process's name as the trace's process events give it (as
 *   the summary has it), "-" when it does not.  Provider/Event the
 *   names (label.h: a kernel event's type when undecoded); a provider
 *   without a name is its {GUID}, an event without one id=N (a classic
 *   event: op=N; TraceMessage: msg=N).  Then the fields as below; an
 *   undecoded payload's hex cut at 32 bytes ("..." after).
 *
 * With -v (--verbose), the whole header, as it always was:
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
#include "common/label.h"
#include "common/names.h"
#include "common/guid.h"

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

/* "Provider/Event" (either may be NULL) as one value, cut at 599 bytes. */
static void put_names(struct obuf *o, const char *provider, const char *event)
{
	char name[600];
	size_t a = provider ? strlen(provider) : 0, b;

	if (a > sizeof(name) - 1)
		a = sizeof(name) - 1;
	memcpy(name, provider ? provider : "", a);
	if (event && a < sizeof(name) - 1) {
		name[a++] = '/';
		b = strlen(event);
		if (b > sizeof(name) - 1 - a)
			b = sizeof(name) - 1 - a;
		memcpy(name + a, event, b);
		a += b;
	}
	name[a] = 0;
	ob_text_value(o, name);
}

/* " key=" and an unsigned number. */
static void num(struct obuf *o, const char *key, size_t klen, unsigned long long v)
{
	ob_put(o, key, klen);
	ob_u64(o, v);
}

#define NUM(o, key, v) num((o), "" key, sizeof(key) - 1, (v))

/*
 * The fields and message, a string-only event's string, or an undecoded
 * payload in hex (at most @max bytes of it), and the newline.
 */
static void put_payload(struct obuf *o, PEVENT_RECORD er, const struct decoded *d,
			unsigned max)
{
	unsigned i;

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
			ob_hexbytes(o, er->UserData,
				    er->UserDataLength < max ? er->UserDataLength : max, 0);
			if (er->UserDataLength > max)
				ob_lit(o, "...");
		}
		ob_lit(o, " (undecoded: ");
		ob_puts(o, d->reason);
		ob_putc(o, ')');
	}
	ob_putc(o, '\n');
}

static void text_full(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
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
		ob_putc(o, ' ');
		put_names(o, d->provider, d->event);
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
	put_payload(o, er, d, er->UserDataLength);
}

/* The time of day; the whole time on the first line and each new day's. */
static void put_time(struct obuf *o, LONGLONG t)
{
	static LONGLONG last_day = -1;
	LONGLONG day = t / (86400LL * 10000000);
	char at[96];

	if (dump.raw) {
		ob_i64(o, t);
		return;
	}
	iso_time(t, at);
	if (day == last_day && strlen(at) == 28) {
		ob_put(o, at + 11, 16);		/* HH:MM:SS.fffffff */
		return;
	}
	last_day = day;
	ob_puts(o, at);
}

/* The process's name, as the summary has it (the event was just counted). */
static const char *comm_of(const EVENT_HEADER *h)
{
	const struct evsum_process *p;

	if (dump.cur_proc >= dump.sum.nprocs)
		return NULL;
	p = &dump.sum.procs[dump.cur_proc];
	return p->pid == h->ProcessId ? p->name : NULL;
}

static void text_compact(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *ed = &h->EventDescriptor;
	const char *prov = d->provider, *ev = event_name(er, d), *comm = comm_of(h);
	ULONG cpu;

	if (!prov)
		prov = provider_name(&h->ProviderId);
	put_time(o, h->TimeStamp.QuadPart);
	cpu = GetEventProcessorIndex(er);
	ob_lit(o, " [");
	if (cpu < 100)
		ob_put(o, "00", cpu < 10 ? 2 : 1);
	ob_u64(o, cpu);
	ob_lit(o, "] ");
	if (comm && *comm)
		ob_text_value(o, comm);
	else
		ob_putc(o, '-');
	ob_putc(o, ' ');
	ob_u64(o, h->ProcessId);
	ob_putc(o, '/');
	ob_u64(o, h->ThreadId);
	ob_putc(o, ' ');
	if (prov) {
		put_names(o, prov, ev);
	} else {
		ob_putc(o, '{');
		ob_guid(o, &h->ProviderId);
		ob_putc(o, '}');
		if (ev) {
			ob_putc(o, '/');
			ob_text_value(o, ev);
		}
	}
	if (!ev) {
		if (h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE)
			NUM(o, " msg=", ed->Id);
		else if (h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER)
			NUM(o, " op=", ed->Opcode);
		else
			NUM(o, " id=", ed->Id);
	}
	ob_putc(o, ':');
	put_payload(o, er, d, 32);
}

static void text_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	if (dump.verbose)
		text_full(o, er, d);
	else
		text_compact(o, er, d);
}

const struct output output_text = {
	.event = text_event,
	.summary_on_stdout = 1,
};
