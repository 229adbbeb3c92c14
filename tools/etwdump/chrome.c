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
 *     instant event); a slice has its task's name;
 *   - every other event is an instant event on its thread ("i"), with
 *     its event's name: so are a classic (MOF) event's types 1 and 2
 *     (Thread/Start, Image/Unload), which begin and end nothing;
 *   - an activity started with a related (parent) activity ID gets a
 *     flow arrow ("s" -> "f") from the parent's open slice to its own;
 *   - args: the event's fields, provider, id, level, keywords, the
 *     activity IDs; processes are named as the summary names them (the
 *     trace's process events), else "pid N";
 *   - the trace's samples (PerfInfo/SampledProfile), with their stacks
 *     symbolized (stackev.h), as "samples" ({cpu, tid, ts, name
 *     "cpu-clock", sf, weight 1}) whose "sf" is a frame of
 *     "stackFrames" ({name, category: the module, parent}): one frame per
 *     call path, so that each sample's stack is the chain of parents.
 *     Both only when the trace has samples.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwdump.h"
#include "calltree.h"
#include "common/json.h"
#include "view.h"

/* An activity whose Start slice is open. */
struct act {
	GUID id;
	ULONG pid, tid;
	long long ts_ns;
	int depth;		/* its place in the thread's stack (1 = outermost) */
	int open;
	size_t next;		/* in its bucket, or the free list: index + 1 */
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
static size_t nacts, cap_acts, free_acts;	/* free_acts: index + 1 */
static size_t *abuckets, nabuckets;		/* open activities by ID: index + 1 */
static struct thr *thrs;
static size_t nthrs, cap_thrs;
static unsigned *ttab;				/* threads by (pid, tid): index + 1 */
static size_t ttab_size;
static unsigned long long flows;
static struct calltree frames;		/* the samples' call paths: stackFrames */
static struct obuf samples;		/* the "samples" elements, written at the end */
static unsigned long long nsamples;

/* A sample: its call path's node is its "sf". */
static void chrome_sample(const struct sev *e)
{
	static unsigned f[1024];
	unsigned n, at = 0, i;
	struct json sj;

	if (e->kind != SEV_SAMPLE)
		return;
	n = ct_stack(e, f, 1024);
	ct_add(&frames, f, n, 1);
	/* the node of the path: follow it down from the root */
	for (i = 0; i < n; i++) {
		unsigned k;

		for (k = frames.nodes[at].child; k && frames.nodes[k].func != f[i];
		     k = frames.nodes[k].next)
			;
		at = k;
	}
	json_init_buf(&sj, &samples);
	sj.more = nsamples++ > 0;
	ob_putc(&samples, sj.more ? ',' : ' ');
	ob_putc(&samples, '\n');
	sj.more = 0;
	json_open(&sj, '{');
	json_u64(&sj, "cpu", e->cpu);
	json_u64(&sj, "pid", e->pid);
	json_u64(&sj, "tid", e->tid);
	{
		long long ns = filetime_ns(e->time);
		char t[48];

		snprintf(t, sizeof(t), "%lld.%03lld", ns / 1000, (ns < 0 ? -ns : ns) % 1000);
		json_num(&sj, "ts", t);
	}
	json_str(&sj, "name", "cpu-clock");
	json_u64(&sj, "sf", at);
	json_u64(&sj, "weight", 1);
	json_close(&sj, '}');
}

/* "samples" and "stackFrames", after traceEvents. */
static void chrome_samples(void)
{
	char id[24], t[4200];
	size_t i;

	if (!nsamples)
		return;
	json_key(&j, "samples");
	putc_unlocked('[', out);
	fwrite(samples.buf, 1, samples.len, out);
	fputs("\n]", out);
	j.more = 1;
	json_key(&j, "stackFrames");
	json_open(&j, '{');
	for (i = 1; i < frames.n; i++) {
		const struct ct_func *fn = &ct_funcs[frames.nodes[i].func];

		snprintf(id, sizeof(id), "%zu", i);
		json_key(&j, id);
		json_open(&j, '{');
		snprintf(t, sizeof(t), "%s", fn->name);
		json_str(&j, "name", t);
		json_str(&j, "category", fn->module);
		if (frames.nodes[i].parent) {
			snprintf(id, sizeof(id), "%u", frames.nodes[i].parent);
			json_str(&j, "parent", id);
		}
		json_close(&j, '}');
	}
	json_close(&j, '}');
	ob_free(&samples);
	ct_free(&frames);
}

static uint64_t mix64(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

static size_t thr_hash(ULONG pid, ULONG tid)
{
	return (size_t)mix64((uint64_t)pid << 32 | tid);
}

/* The thread's entry, found in a hash table or made. */
static struct thr *thread_of(ULONG pid, ULONG tid)
{
	size_t k, i;
	unsigned at;

	if (2 * (nthrs + 1) > ttab_size) {
		size_t ns = ttab_size ? 2 * ttab_size : 256;
		unsigned *t = calloc(ns, sizeof(*t));

		if (!t)
			return NULL;
		for (i = 0; i < nthrs; i++) {
			k = thr_hash(thrs[i].pid, thrs[i].tid) & (ns - 1);
			while (t[k])
				k = (k + 1) & (ns - 1);
			t[k] = (unsigned)i + 1;
		}
		free(ttab);
		ttab = t;
		ttab_size = ns;
	}
	k = thr_hash(pid, tid) & (ttab_size - 1);
	while ((at = ttab[k])) {
		if (thrs[at - 1].pid == pid && thrs[at - 1].tid == tid)
			return &thrs[at - 1];
		k = (k + 1) & (ttab_size - 1);
	}
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
	ttab[k] = (unsigned)++nthrs;
	return &thrs[nthrs - 1];
}

static size_t act_bucket(const GUID *id)
{
	uint64_t a, b;

	memcpy(&a, id, 8);
	memcpy(&b, (const char *)id + 8, 8);
	return (size_t)mix64(a ^ mix64(b)) & (nabuckets - 1);
}

/* Room for more open activities than buckets / 2: the chains again. */
static int act_room(void)
{
	size_t n = nabuckets ? 2 * nabuckets : 256, i, *b;

	if (nacts < nabuckets)
		return 0;
	b = calloc(n, sizeof(*b));
	if (!b)
		return -1;
	free(abuckets);
	abuckets = b;
	nabuckets = n;
	for (i = 0; i < nacts; i++) {
		if (!acts[i].open)
			continue;
		b = &abuckets[act_bucket(&acts[i].id)];
		acts[i].next = *b;
		*b = i + 1;
	}
	return 0;
}

/* The open activity @id, by a hash of it; or a new one if @create. */
static struct act *act_of(const GUID *id, int create)
{
	size_t i, *b;

	for (i = nabuckets ? abuckets[act_bucket(id)] : 0; i; i = acts[i - 1].next)
		if (acts[i - 1].open && IsEqualGUID(&acts[i - 1].id, id))
			return &acts[i - 1];
	if (!create || act_room())
		return NULL;
	if (free_acts) {
		i = free_acts - 1;
		free_acts = acts[i].next;
	} else {
		if (nacts == cap_acts) {
			size_t c = cap_acts ? 2 * cap_acts : 64;
			struct act *p = realloc(acts, c * sizeof(*p));

			if (!p)
				return NULL;
			acts = p;
			cap_acts = c;
		}
		i = nacts++;
	}
	memset(&acts[i], 0, sizeof(acts[0]));
	acts[i].id = *id;
	acts[i].open = 1;
	b = &abuckets[act_bucket(id)];
	acts[i].next = *b;
	*b = i + 1;
	return &acts[i];
}

/* Its slice is closed: out of its bucket, onto the free list. */
static void act_close(struct act *a)
{
	size_t i = (size_t)(a - acts) + 1, *p = &abuckets[act_bucket(&a->id)];

	while (*p && *p != i)
		p = &acts[*p - 1].next;
	if (*p)
		*p = a->next;
	a->open = 0;
	a->next = free_acts;
	free_acts = i;
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

/*
 * The common members: name, cat, ph, ts, pid, tid.  A slice ("B", "E")
 * is named after its task, which its Start and Stop share; an instant
 * after its event.
 */
static void head(const char *ph, const struct view *v, ULONG pid, ULONG tid,
		 long long ts_ns)
{
	int slice = *ph == 'B' || *ph == 'E';

	element();
	json_str(&j, "name", slice && v->task ? v->task : v->event);
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
		a->pid = h->ProcessId;
		a->tid = h->ThreadId;
		a->ts_ns = t;
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
			act_close(a);
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
	if (out != stdout)	/* (standard output's is main.c's) */
		setvbuf(out, NULL, _IOFBF, 256 * 1024);
	sev_sink(chrome_sample, SEV_WANT_SAMPLES);
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
	chrome_samples();
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
	if (out == stdout && stdout_gone())
		ret = 0;	/* its reader went away: not an error */
	if (ret)
		fprintf(stderr, "etwdump: --chrome: could not write all of it\n");
	free(acts);
	free(abuckets);
	free(thrs);
	free(ttab);
	return ret;
}

const struct output output_chrome = {
	.event = chrome_event,
	.open = chrome_open,
	.close = chrome_close,
};
