// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --chrome FILE: the Trace Event JSON format that Perfetto's UI
 * and chrome://tracing load ({"traceEvents":[...]}, times in
 * microseconds); FILE "-" is standard output.
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
 *     activity IDs; processes are named as the summary names them (the
 *     trace's process events), else "pid N".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwdump.h"
#include "common/json.h"
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
static struct json j;
static struct act *acts;
static size_t nacts, cap_acts;
static struct thr *thrs;
static size_t nthrs, cap_thrs;
static unsigned long long flows;

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

/* A time in microseconds with its nanoseconds ("12.345"). */
static void ts(const char *key, long long ns)
{
	char t[48];

	snprintf(t, sizeof(t), "%s%lld.%03lld", ns < 0 && ns > -1000 ? "-" : "",
		 ns / 1000, (ns < 0 ? -ns : ns) % 1000);
	json_num(&j, key, t);
}

/* One element of traceEvents begins: on a line of its own. */
static void element(void)
{
	putc_unlocked('\n', out);
	json_open(&j, '{');
}

/* The common members: name, cat, ph, ts, pid, tid. */
static void head(const char *ph, const struct view *v, ULONG pid, ULONG tid,
		 long long ts_ns)
{
	element();
	json_str(&j, "name", v->task && (v->start || v->stop) ? v->task : v->event);
	json_str(&j, "cat", v->provider);
	json_str(&j, "ph", ph);
	ts("ts", ts_ns);
	json_u64(&j, "pid", pid);
	json_u64(&j, "tid", tid);
}

static void args(PEVENT_RECORD er, const struct view *v)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *d = &h->EventDescriptor;
	char g[ETW_GUID_STR_LEN];
	unsigned i;

	json_key(&j, "args");
	json_open(&j, '{');
	json_str(&j, "provider", v->provider);
	json_str(&j, "provider_guid", v->guid);
	json_str(&j, "event", v->event);
	json_u64(&j, "id", d->Id);
	json_u64(&j, "level", d->Level);
	snprintf(g, sizeof(g), "0x%llx", d->Keyword);
	json_str(&j, "keywords", g);
	json_u64(&j, "opcode", d->Opcode);
	json_u64(&j, "task", d->Task);
	json_u64(&j, "cpu", GetEventProcessorIndex(er));
	if (!IsEqualGUID(&h->ActivityId, &GUID_NULL))
		json_str(&j, "activity", etw_guid_str(&h->ActivityId, g));
	if (v->has_related)
		json_str(&j, "related_activity", etw_guid_str(&v->related, g));
	for (i = 0; i < v->nfields; i++) {
		const struct vfield *f = &v->fields[i];

		if (f->number && !f->hex)
			json_num(&j, f->name, f->text);
		else
			json_str(&j, f->name, f->text);
	}
	json_close(&j, '}');
	json_close(&j, '}');
}

static void flow(const char *ph, long long ts_ns, ULONG pid, ULONG tid)
{
	element();
	json_str(&j, "name", "activity");
	json_str(&j, "cat", "flow");
	json_str(&j, "ph", ph);
	if (*ph == 'f')
		json_str(&j, "bp", "e");
	json_u64(&j, "id", flows);
	ts("ts", ts_ns);
	json_u64(&j, "pid", pid);
	json_u64(&j, "tid", tid);
	json_close(&j, '}');
}

static void chrome_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	const EVENT_HEADER *h = &er->EventHeader;
	long long t = filetime_ns(h->TimeStamp.QuadPart);
	int has_act = !IsEqualGUID(&h->ActivityId, &GUID_NULL);
	struct thr *th = thread_of(h->ProcessId, h->ThreadId);
	struct view v;
	struct act *a;

	(void)o;
	if (event_is_header(er) || !th)
		return;
	view_of(er, d, &v);

	if (v.start && has_act && th->depth < 64 && (a = act_of(&h->ActivityId, 1))) {
		/* A flow from the parent's open slice, if there is one. */
		struct act *parent = v.has_related ? act_of(&v.related, 0) : NULL;

		if (parent) {
			flows++;
			flow("s", t, parent->pid, parent->tid);
		}
		head("B", &v, h->ProcessId, h->ThreadId, t);
		args(er, &v);
		if (parent)
			flow("f", t, h->ProcessId, h->ThreadId);
		a->id = h->ActivityId;
		a->pid = h->ProcessId;
		a->tid = h->ThreadId;
		a->ts_ns = t;
		a->open = 1;
		th->top[th->depth++] = h->ActivityId;
		a->depth = th->depth;
		return;
	}
	if (v.stop && has_act && (a = act_of(&h->ActivityId, 0))) {
		struct thr *st = thread_of(a->pid, a->tid);

		/* Close it where it was opened, if it is innermost there. */
		if (st && st->depth == a->depth &&
		    IsEqualGUID(&st->top[st->depth - 1], &h->ActivityId)) {
			head("E", &v, a->pid, a->tid, t);
			args(er, &v);
			st->depth--;
			a->open = 0;
			return;
		}
	}
	head("i", &v, h->ProcessId, h->ThreadId, t);
	json_str(&j, "s", "t");
	args(er, &v);
}

static int chrome_open(const char *path)
{
	out = strcmp(path, "-") ? fopen(path, "w") : stdout;
	if (!out) {
		perror(path);
		return -1;
	}
	json_init(&j, out);
	json_open(&j, '{');
	json_str(&j, "displayTimeUnit", "ns");
	json_key(&j, "traceEvents");
	json_open(&j, '[');
	return 0;
}

/* Close what is still open at the end, so every "B" has its "E". */
static int chrome_close(const struct evsum *s, const struct evsum_info *in)
{
	char name[64];
	size_t i;
	int ret;

	for (i = 0; i < nthrs; i++) {
		while (thrs[i].depth > 0) {
			thrs[i].depth--;
			element();
			json_str(&j, "ph", "E");
			ts("ts", filetime_ns(dump.last_time));
			json_u64(&j, "pid", thrs[i].pid);
			json_u64(&j, "tid", thrs[i].tid);
			json_close(&j, '}');
		}
	}
	/* The processes' names, now that the trace's process events are in. */
	for (i = 0; i < s->nprocs; i++) {
		if (!s->procs[i].n)
			continue;
		element();
		json_str(&j, "ph", "M");
		json_str(&j, "name", "process_name");
		json_u64(&j, "pid", s->procs[i].pid);
		json_key(&j, "args");
		json_open(&j, '{');
		json_str(&j, "name", evsum_process_name(&s->procs[i], name, sizeof(name)));
		json_close(&j, '}');
		json_close(&j, '}');
	}
	putc_unlocked('\n', out);
	json_close(&j, ']');
	json_key(&j, "metadata");
	json_open(&j, '{');
	json_str(&j, "tool", "etwdump");
	json_u64(&j, "events", s->events);
	json_u64(&j, "events_lost", in->events_lost);
	json_u64(&j, "buffers_lost", in->buffers_lost);
	json_close(&j, '}');
	json_close(&j, '}');
	json_end(&j);
	ret = ferror(out) ? -1 : 0;
	if (out == stdout ? fflush(out) : fclose(out))
		ret = -1;
	if (ret)
		fprintf(stderr, "etwdump: --chrome: could not write all of it\n");
	free(acts);
	free(thrs);
	return ret;
}

const struct output output_chrome = {
	.event = chrome_event,
	.open = chrome_open,
	.close = chrome_close,
};
