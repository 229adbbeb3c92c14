// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --waits: CPU usage (precise) from the context switches and
 * wake-ups (Thread/CSwitch, Thread/ReadyThread), as WPA's "CPU Usage
 * (Precise)" shows it: per thread the time it ran, was ready (runnable,
 * not running) and waited, and its switches in; and who readied whom,
 * how often, after what wait, from which stack (the ReadyThread's
 * StackWalk: the readying thread's).
 *
 * A thread runs from its switch-in to its switch-out on that CPU; a
 * thread switched out Ready (preempted) is ready from then, one switched
 * out otherwise waits until a ReadyThread names it (or, without one,
 * until it runs again), then is ready until it runs.  Only intervals the
 * trace closes count: what a thread did before its first event or after
 * its last is not known.  The idle thread (0) is not shown.  --json: one
 * object.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwdump.h"
#include "calltree.h"
#include "common/json.h"

#define MAX_DEPTH	1024

enum { TS_UNKNOWN, TS_RUNNING, TS_READY, TS_WAITING };

struct wthread {
	uint32_t tid, pid;
	int state;
	LONGLONG since;
	uint64_t running, ready, waiting;	/* in trace time units */
	uint64_t switches;
};

/* Wake-ups of one thread by one thread from one stack. */
struct wake {
	uint32_t tid, by_tid;
	unsigned *stack;	/* functions, outermost first */
	unsigned depth;
	uint64_t n, waited;
};

static struct wthread *thr;
static size_t nthr;
static struct wake *wakes;
static size_t nwakes;
static uint64_t nswitch, nready;
static int enabled, printing, as_json;

static struct wthread *thread_of(uint32_t tid)
{
	static size_t last;
	size_t i;

	if (last < nthr && thr[last].tid == tid)
		return &thr[last];
	for (i = 0; i < nthr; i++)
		if (thr[i].tid == tid)
			return &thr[last = i];
	thr = sev_grow(thr, nthr + 1, sizeof(*thr));
	memset(&thr[nthr], 0, sizeof(*thr));
	thr[nthr].tid = tid;
	return &thr[last = nthr++];
}

static void readied(const struct sev *e, uint64_t waited)
{
	static unsigned f[MAX_DEPTH];
	unsigned n = e->has_stack ? ct_stack(e, f, MAX_DEPTH) : 0;
	size_t i;

	for (i = 0; i < nwakes; i++)
		if (wakes[i].tid == e->readied_tid && wakes[i].by_tid == e->tid &&
		    wakes[i].depth == n && !memcmp(wakes[i].stack, f, n * sizeof(*f)))
			break;
	if (i == nwakes) {
		wakes = sev_grow(wakes, nwakes + 1, sizeof(*wakes));
		memset(&wakes[i], 0, sizeof(*wakes));
		wakes[i].tid = e->readied_tid;
		wakes[i].by_tid = e->tid;
		wakes[i].stack = sev_grow(NULL, n + 1, sizeof(*f));
		memcpy(wakes[i].stack, f, n * sizeof(*f));
		wakes[i].depth = n;
		nwakes++;
	}
	wakes[i].n++;
	wakes[i].waited += waited;
}

static void waits_sink(const struct sev *e)
{
	struct wthread *t;
	uint64_t w = 0;

	if (e->kind == SEV_CSWITCH) {
		nswitch++;
		if (e->old_tid) {
			t = thread_of(e->old_tid);
			if (t->state == TS_RUNNING)
				t->running += (uint64_t)(e->time - t->since);
			t->state = e->old_state == 1 ? TS_READY : TS_WAITING;
			t->since = e->time;
		}
		if (e->new_tid) {
			t = thread_of(e->new_tid);
			if (t->state == TS_READY)
				t->ready += (uint64_t)(e->time - t->since);
			else if (t->state == TS_WAITING)
				t->waiting += (uint64_t)(e->time - t->since);
			t->state = TS_RUNNING;
			t->since = e->time;
			t->switches++;
		}
	} else if (e->kind == SEV_READY) {
		nready++;
		t = thread_of(e->readied_tid);
		if (e->readied_pid)
			t->pid = e->readied_pid;
		if (t->state == TS_WAITING) {
			w = (uint64_t)(e->time - t->since);
			t->waiting += w;
			t->state = TS_READY;
			t->since = e->time;
		}
		readied(e, w);
		if (e->pid)
			thread_of(e->tid)->pid = e->pid;
	}
}

void waits_init(int json)
{
	if (!enabled)
		sev_sink(waits_sink, SEV_WANT_SWITCHES);
	enabled = 1;
	printing = 1;
	as_json = json;
}

/* ---- printing ---------------------------------------------------------------------- */

/* Trace time units as ns (FILETIME: 100 ns; --raw-time: as they are). */
static uint64_t ns(uint64_t t)
{
	return dump.raw ? t : t * 100;
}

static const char *who(uint32_t tid, char *buf, size_t n)
{
	uint32_t pid = thread_of(tid)->pid;
	char name[128];

	if (!pid)
		pid = sev_pid_of(tid);
	snprintf(buf, n, "%s (%u) thread %u", sev_process_name(pid, name, sizeof(name)), pid, tid);
	return buf;
}

static int by_running(const void *a, const void *b)
{
	const struct wthread *x = a, *y = b;

	if (x->running != y->running)
		return x->running < y->running ? 1 : -1;
	return (x->tid > y->tid) - (x->tid < y->tid);
}

static int by_count(const void *a, const void *b)
{
	const struct wake *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return (x->tid > y->tid) - (x->tid < y->tid);
}

static void print_text(FILE *f)
{
	char a[256], b[256];
	size_t i, k;

	fprintf(f, "CPU usage (precise): %llu context switches, %llu wake-ups\n",
		(unsigned long long)nswitch, (unsigned long long)nready);
	fprintf(f, "%14s %14s %14s %9s  %s\n", "Running (ms)", "Ready (ms)", "Waiting (ms)",
		"Switches", "Thread");
	for (i = 0; i < nthr; i++)
		fprintf(f, "%14.3f %14.3f %14.3f %9llu  %s\n", ns(thr[i].running) / 1e6,
			ns(thr[i].ready) / 1e6, ns(thr[i].waiting) / 1e6,
			(unsigned long long)thr[i].switches, who(thr[i].tid, a, sizeof(a)));
	if (!nwakes)
		return;
	fprintf(f, "\nWho readied whom (the readying stack, innermost first):\n");
	for (i = 0; i < nwakes; i++) {
		const struct wake *w = &wakes[i];

		fprintf(f, "  %s readied by %s: %llu times, after waiting %.3f ms\n",
			who(w->tid, a, sizeof(a)), who(w->by_tid, b, sizeof(b)),
			(unsigned long long)w->n, ns(w->waited) / 1e6);
		for (k = w->depth; k-- > 0;)
			fprintf(f, "      %s!%s\n", ct_funcs[w->stack[k]].module,
				ct_funcs[w->stack[k]].name);
	}
}

static void prepare(void)
{
	size_t i;

	/* the idle thread is not a thread of anyone's */
	for (i = 0; i < nthr; i++)
		if (!thr[i].tid)
			thr[i--] = thr[--nthr];
	qsort(thr, nthr, sizeof(*thr), by_running);
	qsort(wakes, nwakes, sizeof(*wakes), by_count);
}

/* The members of --waits --json's object into @jp (also the report's). */
void waits_json_members(struct json *jp)
{
	struct json j = *jp;
	char a[256];
	size_t i, k;

	prepare();
	json_u64(&j, "context_switches", nswitch);
	json_u64(&j, "ready_events", nready);
	json_key(&j, "threads");
	json_open(&j, '[');
	for (i = 0; i < nthr; i++) {
		json_open(&j, '{');
		who(thr[i].tid, a, sizeof(a));
		json_u64(&j, "pid", thr[i].pid ? thr[i].pid : sev_pid_of(thr[i].tid));
		json_u64(&j, "tid", thr[i].tid);
		json_str(&j, "thread", a);
		json_u64(&j, "running_ns", ns(thr[i].running));
		json_u64(&j, "ready_ns", ns(thr[i].ready));
		json_u64(&j, "waiting_ns", ns(thr[i].waiting));
		json_u64(&j, "switches", thr[i].switches);
		json_close(&j, '}');
	}
	json_close(&j, ']');
	json_key(&j, "readied");
	json_open(&j, '[');
	for (i = 0; i < nwakes; i++) {
		const struct wake *w = &wakes[i];

		json_open(&j, '{');
		json_u64(&j, "tid", w->tid);
		json_str(&j, "thread", who(w->tid, a, sizeof(a)));
		json_u64(&j, "by_tid", w->by_tid);
		json_str(&j, "by_thread", who(w->by_tid, a, sizeof(a)));
		json_u64(&j, "count", w->n);
		json_u64(&j, "waited_ns", ns(w->waited));
		json_key(&j, "stack");
		json_open(&j, '[');
		for (k = w->depth; k-- > 0;)
			json_str(&j, NULL, ct_funcs[w->stack[k]].name);
		json_close(&j, ']');
		json_close(&j, '}');
	}
	json_close(&j, ']');
	*jp = j;
}

void waits_print(FILE *f)
{
	struct json j;

	if (!printing)
		return;
	if (!as_json) {
		prepare();
		print_text(f);
		return;
	}
	json_init(&j, f);
	json_open(&j, '{');
	waits_json_members(&j);
	json_close(&j, '}');
	json_end(&j);
}

/* Whether the trace had context switches or wake-ups (the report). */
int waits_any(void)
{
	return nswitch || nready;
}

/* For the report alone, without printing. */
void waits_collect(void)
{
	if (!enabled)
		sev_sink(waits_sink, SEV_WANT_SWITCHES);
	enabled = 1;
}
