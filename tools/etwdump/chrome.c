// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --chrome FILE: the Trace Event JSON format that Perfetto's UI
 * and chrome://tracing load ({"traceEvents":[...]}, times in
 * microseconds).
 *
 *   - an event with opcode win:Start (1) opens a slice on its thread
 *     ("B"), the win:Stop (2) of the same activity ID closes it ("E"),
 *     also from another thread (the slice stays on the thread that
 *     started it, as long as slices nest there; otherwise the Stop is an
 *     instant event);
 *   - every other event is an instant event on its thread ("i");
 *   - an activity started with a related (parent) activity ID gets a
 *     flow arrow ("s" -> "f") from the parent's open slice to its own;
 *   - args: the event's fields, provider, id, level, keywords, the
 *     activity IDs; processes and threads are named "pid N".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwdump.h"
#include "view.h"

/* An activity whose Start slice is open. */
struct act {
	GUID id;
	ULONG pid, tid;
	long long ts_ns;
	int depth;		/* its place in the thread's stack (1 = outermost) */
	int open;
};

/* Per thread: how many slices are open (they must nest). */
struct thr {
	ULONG pid, tid;
	int depth;
	GUID top[64];		/* the open activities, innermost last */
};

static FILE *out;
static int first = 1;
static struct act *acts;
static size_t nacts, cap_acts;
static struct thr *thrs;
static size_t nthrs, cap_thrs;
static unsigned long long flows;
static ULONG *pids;
static size_t npids, cap_pids;

static struct thr *thread_of(ULONG pid, ULONG tid)
{
	size_t i;

	for (i = 0; i < nthrs; i++)
		if (thrs[i].pid == pid && thrs[i].tid == tid)
			return &thrs[i];
	if (nthrs == cap_thrs) {
		size_t c = cap_thrs ? 2 * cap_thrs : 64;
		struct thr *p = realloc(thrs, c * sizeof(*p));

		if (!p)
			return NULL;
		thrs = p;
		cap_thrs = c;
	}
	memset(&thrs[nthrs], 0, sizeof(thrs[0]));
	thrs[nthrs].pid = pid;
	thrs[nthrs].tid = tid;
	return &thrs[nthrs++];
}

static struct act *act_of(const GUID *id, int create)
{
	size_t i;

	for (i = 0; i < nacts; i++)
		if (acts[i].open && IsEqualGUID(&acts[i].id, id))
			return &acts[i];
	if (!create)
		return NULL;
	for (i = 0; i < nacts; i++)
		if (!acts[i].open)
			return &acts[i];
	if (nacts == cap_acts) {
		size_t c = cap_acts ? 2 * cap_acts : 64;
		struct act *p = realloc(acts, c * sizeof(*p));

		if (!p)
			return NULL;
		acts = p;
		cap_acts = c;
	}
	memset(&acts[nacts], 0, sizeof(acts[0]));
	return &acts[nacts++];
}

static void name_process(ULONG pid, ULONG tid)
{
	size_t i;

	for (i = 0; i < npids; i++)
		if (pids[i] == pid)
			return;
	if (npids == cap_pids) {
		size_t c = cap_pids ? 2 * cap_pids : 64;
		ULONG *p = realloc(pids, c * sizeof(*p));

		if (!p)
			return;
		pids = p;
		cap_pids = c;
	}
	pids[npids++] = pid;
	fprintf(out, "%s{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%u,\"tid\":%u,"
		"\"args\":{\"name\":\"pid %u\"}}", first ? "\n" : ",\n", pid, tid, pid);
	first = 0;
}

static void guid_text(const GUID *g, char buf[37])
{
	guid_str(g, buf);
}

/* The common members: name, cat, ph, ts, pid, tid. */
static void head(const char *ph, const struct view *v, ULONG pid, ULONG tid,
		 long long ts_ns)
{
	fprintf(out, "%s{\"name\":\"", first ? "\n" : ",\n");
	first = 0;
	put_json_str(out, v->task && (v->start || v->stop) ? v->task : v->event);
	fputs("\",\"cat\":\"", out);
	put_json_str(out, v->provider);
	fprintf(out, "\",\"ph\":\"%s\",\"ts\":%lld.%03lld,\"pid\":%u,\"tid\":%u",
		ph, ts_ns / 1000, (ts_ns < 0 ? -ts_ns : ts_ns) % 1000, pid, tid);
}

static void args(PEVENT_RECORD er, const struct view *v)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *d = &h->EventDescriptor;
	char g[37];
	unsigned i;

	fputs(",\"args\":{", out);
	fputs("\"provider\":\"", out);
	put_json_str(out, v->provider);
	fprintf(out, "\",\"provider_guid\":\"%s", v->guid);
	fprintf(out, "\",\"event\":\"");
	put_json_str(out, v->event);
	fprintf(out, "\",\"id\":%u,\"level\":%u,\"keywords\":\"0x%llx\",\"opcode\":%u,"
		"\"task\":%u,\"cpu\":%u", d->Id, d->Level, d->Keyword, d->Opcode,
		d->Task, GetEventProcessorIndex(er));
	if (!IsEqualGUID(&h->ActivityId, &GUID_NULL)) {
		guid_text(&h->ActivityId, g);
		fprintf(out, ",\"activity\":\"%s\"", g);
	}
	if (v->has_related) {
		guid_text(&v->related, g);
		fprintf(out, ",\"related_activity\":\"%s\"", g);
	}
	for (i = 0; i < v->nfields; i++) {
		fputs(",\"", out);
		put_json_str(out, v->fields[i].name);
		if (v->fields[i].number) {
			fprintf(out, "\":%s", v->fields[i].text);
		} else {
			fputs("\":\"", out);
			put_json_str(out, v->fields[i].text);
			fputc('"', out);
		}
	}
	fputs("}}", out);
}

static void chrome_event(FILE *f, PEVENT_RECORD er, const struct decoded *d,
	const char *guid, const char *when)
{
	const EVENT_HEADER *h = &er->EventHeader;
	long long ts = filetime_ns(h->TimeStamp.QuadPart);
	int has_act = !IsEqualGUID(&h->ActivityId, &GUID_NULL);
	struct thr *t = thread_of(h->ProcessId, h->ThreadId);
	struct view v;
	struct act *a;

	(void)f;
	(void)guid;
	(void)when;
	if (event_is_header(er) || !t)
		return;
	view_of(er, d, &v);
	name_process(h->ProcessId, h->ThreadId);

	if (v.start && has_act && t->depth < 64 && (a = act_of(&h->ActivityId, 1))) {
		/* A flow from the parent's open slice, if there is one. */
		struct act *parent = v.has_related ? act_of(&v.related, 0) : NULL;

		if (parent) {
			flows++;
			fprintf(out, ",\n{\"name\":\"activity\",\"cat\":\"flow\",\"ph\":\"s\","
				"\"id\":%llu,\"ts\":%lld.%03lld,\"pid\":%u,\"tid\":%u}",
				flows, ts / 1000, (ts < 0 ? -ts : ts) % 1000,
				parent->pid, parent->tid);
		}
		head("B", &v, h->ProcessId, h->ThreadId, ts);
		args(er, &v);
		if (parent)
			fprintf(out, ",\n{\"name\":\"activity\",\"cat\":\"flow\",\"ph\":\"f\","
				"\"bp\":\"e\",\"id\":%llu,\"ts\":%lld.%03lld,\"pid\":%u,\"tid\":%u}",
				flows, ts / 1000, (ts < 0 ? -ts : ts) % 1000,
				h->ProcessId, h->ThreadId);
		a->id = h->ActivityId;
		a->pid = h->ProcessId;
		a->tid = h->ThreadId;
		a->ts_ns = ts;
		a->open = 1;
		t->top[t->depth++] = h->ActivityId;
		a->depth = t->depth;
		return;
	}
	if (v.stop && has_act && (a = act_of(&h->ActivityId, 0))) {
		struct thr *st = thread_of(a->pid, a->tid);

		/* Close it where it was opened, if it is innermost there. */
		if (st && st->depth == a->depth &&
		    IsEqualGUID(&st->top[st->depth - 1], &h->ActivityId)) {
			head("E", &v, a->pid, a->tid, ts);
			args(er, &v);
			st->depth--;
			a->open = 0;
			return;
		}
	}
	head("i", &v, h->ProcessId, h->ThreadId, ts);
	fputs(",\"s\":\"t\"", out);
	args(er, &v);
}

static int chrome_open(const char *path)
{
	out = fopen(path, "w");
	if (!out) {
		perror(path);
		return -1;
	}
	fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", out);
	return 0;
}

static void chrome_summary(FILE *f, const struct totals *t)
{
	(void)f;
	(void)t;
}

/* Close what is still open at the end, so every "B" has its "E". */
static int chrome_close(const struct totals *t)
{
	size_t i;
	int ret;

	for (i = 0; i < nthrs; i++) {
		while (thrs[i].depth > 0) {
			thrs[i].depth--;
			fprintf(out, ",\n{\"ph\":\"E\",\"ts\":%lld.%03lld,\"pid\":%u,\"tid\":%u}",
				filetime_ns(dump.last_time) / 1000,
				filetime_ns(dump.last_time) % 1000,
				thrs[i].pid, thrs[i].tid);
		}
	}
	fprintf(out, "\n],\"metadata\":{\"tool\":\"etwdump\",\"events\":%llu,"
		"\"events_lost\":%llu,\"buffers_lost\":%llu}}\n",
		t->events, t->events_lost, t->buffers_lost);
	ret = ferror(out) ? -1 : 0;
	if (fclose(out))
		ret = -1;
	free(acts);
	free(thrs);
	free(pids);
	return ret;
}

const struct output output_chrome = {
	.event = chrome_event,
	.summary = chrome_summary,
	.open = chrome_open,
	.close = chrome_close,
};
