// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which events go to the journal, and how.  An event goes when its
 * provider's channel (the descriptor's Channel) is an Admin, Operational
 * or Analytic channel of its manifest, or one of the channels the
 * configuration names for a provider without a manifest (a TraceLogging
 * provider; by default the Event Log's System, Application and Security
 * channels, 8, 9 and 10).  Debug channels, and events of no channel,
 * stay out, as in Windows' Event Log.
 *
 * The journal entry, one field per line of etw-journald(8):
 *
 *   MESSAGE            the manifest's message with its values filled in,
 *                      else "Provider: Event (channel)" and the fields,
 *                      or the event's string (EventWriteString)
 *   PRIORITY           from the level: critical 2, error 3, warning 4,
 *                      information and "log always" 6, verbose 7; no
 *                      higher than UserMaxPriority= (err) unless the
 *                      writer is root
 *   SYSLOG_IDENTIFIER  etw/ and the provider's name (or GUID), letters,
 *                      digits and ._- kept: any program may register any
 *                      provider name, so the entry never passes for one
 *                      of a program's own (sshd, kernel)
 *   ETW_PROVIDER, ETW_PROVIDER_GUID, ETW_EVENT_ID, ETW_EVENT_VERSION,
 *   ETW_LEVEL, ETW_KEYWORDS, ETW_OPCODE, ETW_TASK, ETW_CHANNEL,
 *   ETW_CHANNEL_NAME, ETW_CHANNEL_TYPE, ETW_PID, ETW_TID, ETW_CPU,
 *   ETW_TIMESTAMP (us since 1970), ETW_ACTIVITY_ID,
 *   ETW_RELATED_ACTIVITY_ID
 *   ETW_EVENT_NAME, ETW_TASK_NAME, ETW_OPCODE_NAME, ETW_LEVEL_NAME,
 *   ETW_KEYWORDS_NAME  the names TDH gives (TraceLogging, manifest)
 *   ETW_DATA_<NAME>    each field of the payload decoded by TDH, by name
 *                      (upper case, other characters '_'); an event TDH
 *                      cannot decode: ETW_PAYLOAD in hex and
 *                      ETW_DECODE_ERROR, why
 *   OBJECT_PID, OBJECT_UID, OBJECT_COMM
 *                      the writing process (the pid etw.ko recorded),
 *                      its real uid and name, when writer.c could tell
 *                      (journald adds OBJECT_EXE, ... of a running one);
 *                      else none, and ETW_WRITER_UNKNOWN=1
 *
 * What a writer chooses (provider name, level, message, fields) is its
 * word; who it is comes from the kernel and /proc, never from the event.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/uio.h>

#include <systemd/sd-journal.h>

#include "etw-journald.h"
#include "common/guid.h"
#include "common/decode.h"

#define MAX_IOV 128

struct entry {
	struct iovec iov[MAX_IOV];
	int n;
};

static void add(struct entry *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add(struct entry *e, const char *fmt, ...)
{
	va_list ap;
	char *s;

	if (e->n == MAX_IOV)
		return;
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) >= 0) {
		e->iov[e->n].iov_base = s;
		e->iov[e->n].iov_len = strlen(s);
		e->n++;
	}
	va_end(ap);
}

static void entry_free(struct entry *e)
{
	while (e->n)
		free(e->iov[--e->n].iov_base);
}

const char *chan_type_name(enum chan_type t)
{
	static const char *const names[] = {
		"", "Admin", "Operational", "Analytic", "Debug",
	};

	return names[t];
}

static int priority(UCHAR level)
{
	static const int map[] = { 6, 2, 3, 4, 6, 7 };

	return level < 6 ? map[level] : 7;
}

/* SYSLOG_IDENTIFIER: etw/ and the provider's name, tame characters only. */
static void identifier(const char *pname, char *out, size_t n)
{
	size_t i, o = snprintf(out, n, "etw/");

	for (i = 0; pname[i] && o + 1 < n && i < 64; i++, o++) {
		char c = pname[i];

		out[o] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			 (c >= '0' && c <= '9') || c == '.' || c == '_' ||
			 c == '-' ? c : '_';
	}
	out[o] = 0;
}

static unsigned long long clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* The event's raw QPC time in ns of CLOCK_MONOTONIC. */
static unsigned long long event_ns(const EVENT_HEADER *h)
{
	unsigned long long t = (unsigned long long)h->TimeStamp.QuadPart;

	if (jd.perf_freq == 1000000000ULL)
		return t;
	return t / jd.perf_freq * 1000000000ULL +
	       t % jd.perf_freq * 1000000000ULL / jd.perf_freq;
}

static struct jd_provider *find(const GUID *g)
{
	int i;

	for (i = 0; i < jd.nprov; i++)
		if (IsEqualGUID(&jd.prov[i].guid, g))
			return &jd.prov[i];
	return NULL;
}

/* --print: the journal export format, one entry then a blank line. */
static void print_entry(const struct entry *e)
{
	int i;

	for (i = 0; i < e->n; i++)
		printf("%.*s\n", (int)e->iov[i].iov_len, (const char *)e->iov[i].iov_base);
	printf("\n");
	fflush(stdout);
}

VOID WINAPI on_event(PEVENT_RECORD er)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *d = &h->EventDescriptor;
	struct jd_provider *p = find(&h->ProviderId);
	char guid[ETW_GUID_STR_LEN], act[ETW_GUID_STR_LEN], ident[80];
	const char *pname;
	enum chan_type t;
	struct entry e = { .n = 0 };
	static struct decoded dd;
	struct jd_writer w;
	unsigned long long ns;
	USHORT i;
	int r, prio;

	if (IsEqualGUID(&h->ProviderId, &EventTraceGuid))
		return;		/* the session's own header event */
	if (!p || (t = p->chan[d->Channel]) == CH_NONE || t == CH_DEBUG) {
		jd.skipped++;
		return;
	}
	etw_guid_str(&h->ProviderId, guid);
	pname = p->name[0] ? p->name : guid;

	decode_event(er, &dd);
	if (!p->name[0] && dd.provider)
		pname = dd.provider;
	if (h->Flags & EVENT_HEADER_FLAG_STRING_ONLY) {
		add(&e, "MESSAGE=%s", dd.string ? dd.string : "");
	} else if (dd.ok && dd.message) {
		add(&e, "MESSAGE=%s", dd.message);
	} else {
		char text[2048];
		size_t n = 0;
		unsigned k;

		n += snprintf(text, sizeof(text), "%s: %s (%s)", pname,
			      dd.ok && dd.event ? dd.event : "event",
			      p->chan_name[d->Channel] ? p->chan_name[d->Channel] :
			      chan_type_name(t));
		for (k = 0; dd.ok && k < dd.nfields && n < sizeof(text); k++) {
			n += snprintf(text + n, sizeof(text) - n, "%s%s=", k ? ", " : ": ",
				      dd.fields[k].name ? dd.fields[k].name : "field");
			if (n < sizeof(text))
				n += dnode_flat(&dd.fields[k], text + n, sizeof(text) - n);
		}
		add(&e, "MESSAGE=%s", text);
	}
	ns = event_ns(h);
	writer_lookup(h->ProcessId, ns, &w);
	prio = priority(d->Level);
	if (!w.root && prio < jd.user_max_priority) {
		prio = jd.user_max_priority;
		jd.lowered++;
	}
	identifier(pname, ident, sizeof(ident));
	add(&e, "PRIORITY=%d", prio);
	add(&e, "SYSLOG_IDENTIFIER=%s", ident);
	add(&e, "ETW_PROVIDER=%s", pname);
	add(&e, "ETW_PROVIDER_GUID=%s", guid);
	add(&e, "ETW_EVENT_ID=%u", d->Id);
	if (dd.ok && dd.event)
		add(&e, "ETW_EVENT_NAME=%s", dd.event);
	if (dd.ok && dd.task)
		add(&e, "ETW_TASK_NAME=%s", dd.task);
	if (dd.ok && dd.opcode)
		add(&e, "ETW_OPCODE_NAME=%s", dd.opcode);
	if (dd.ok && dd.level)
		add(&e, "ETW_LEVEL_NAME=%s", dd.level);
	if (dd.ok && dd.keywords)
		add(&e, "ETW_KEYWORDS_NAME=%s", dd.keywords);
	add(&e, "ETW_EVENT_VERSION=%u", d->Version);
	add(&e, "ETW_LEVEL=%u", d->Level);
	add(&e, "ETW_KEYWORDS=0x%llx", (unsigned long long)d->Keyword);
	add(&e, "ETW_OPCODE=%u", d->Opcode);
	add(&e, "ETW_TASK=%u", d->Task);
	add(&e, "ETW_CHANNEL=%u", d->Channel);
	if (p->chan_name[d->Channel])
		add(&e, "ETW_CHANNEL_NAME=%s", p->chan_name[d->Channel]);
	add(&e, "ETW_CHANNEL_TYPE=%s", chan_type_name(t));
	add(&e, "ETW_PID=%u", h->ProcessId);
	add(&e, "ETW_TID=%u", h->ThreadId);
	add(&e, "ETW_CPU=%u", GetEventProcessorIndex(er));
	add(&e, "ETW_TIMESTAMP=%llu", (ns + clock_ns(CLOCK_REALTIME) -
				      clock_ns(CLOCK_MONOTONIC)) / 1000);
	if (!IsEqualGUID(&h->ActivityId, &GUID_NULL)) {
		etw_guid_str(&h->ActivityId, act);
		add(&e, "ETW_ACTIVITY_ID=%s", act);
	}
	for (i = 0; i < er->ExtendedDataCount; i++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *x = &er->ExtendedData[i];

		if (x->ExtType == EVENT_HEADER_EXT_TYPE_RELATED_ACTIVITYID &&
		    x->DataSize >= sizeof(GUID)) {
			etw_guid_str((const GUID *)(uintptr_t)x->DataPtr, act);
			add(&e, "ETW_RELATED_ACTIVITY_ID=%s", act);
		}
	}
	if (dd.ok) {
		unsigned k;

		for (k = 0; k < dd.nfields; k++) {
			char key[128], *q, *val = malloc(8192);
			const char *nm = dd.fields[k].name ? dd.fields[k].name : "FIELD";

			if (!val)
				break;
			dnode_flat(&dd.fields[k], val, 8192);
			snprintf(key, sizeof(key), "ETW_DATA_%s", nm);
			/* Journal field names: A-Z, 0-9 and '_'. */
			for (q = key + 9; *q; q++)
				*q = (*q >= 'a' && *q <= 'z') ? (char)(*q - 32) :
				     ((*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9')) ?
				     *q : '_';
			add(&e, "%s=%s", key, val);
			free(val);
		}
	} else if (!(h->Flags & EVENT_HEADER_FLAG_STRING_ONLY) && er->UserDataLength) {
		const unsigned char *b = er->UserData;
		char *hex = malloc(2 * er->UserDataLength + 1);
		ULONG k;

		if (hex) {
			for (k = 0; k < er->UserDataLength; k++)
				sprintf(hex + 2 * k, "%02x", b[k]);
			add(&e, "ETW_PAYLOAD=%s", hex);
			free(hex);
		}
		if (dd.reason)
			add(&e, "ETW_DECODE_ERROR=%s", dd.reason);
	}
	if (w.known) {
		add(&e, "OBJECT_PID=%u", h->ProcessId);
		add(&e, "OBJECT_UID=%u", (unsigned int)w.uid);
		add(&e, "OBJECT_COMM=%s", w.comm);
	} else {
		add(&e, "ETW_WRITER_UNKNOWN=1");
		jd.unknown++;
	}

	if (jd.print) {
		print_entry(&e);
	} else {
		r = sd_journal_sendv(e.iov, e.n);
		if (r < 0)
			fprintf(stderr, "etw-journald: sd_journal_sendv: %s\n", strerror(-r));
	}
	jd.forwarded++;
	entry_free(&e);
}
