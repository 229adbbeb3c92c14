// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwbench: the performance targets of Linux ETW, each measured as a
 * ratio against an anchor taken in the same boot, on the same machine
 * (under emulation absolute numbers mean little; ratios travel).
 *
 *   etwbench [--json FILE] [--quick] [--verbose]
 *
 * --verbose prints every run's value before its median is taken.
 *
 * Benchmarks (median of several runs each, after one discarded warm-up
 * run for the per-call costs):
 *   event_enabled_disabled / empty_call        target <= 1.5
 *   event_write_64 / null_ioctl                target <= 1.4
 *   event_write_64 / trace_marker_raw_64       target <= 0.8
 *   extra session cost / one-session cost      target <= 0.3
 *   consumer rate / writer rate                target >= 5
 *   events lost, full-speed writer + consumer  target 0
 *   control plane with 100,000 / 1,000 registrations (control.c) <= 2
 *   TraceLogging and decoding (tracelogging.c): TraceLoggingWrite disabled
 *   vs an empty call <= 1.5, enabled vs EventWrite <= 1.1, etwdump --json
 *   decoding vs --no-decode >= 0.5
 *   NT Kernel Logger, each flag: traced / untraced workload (kernel.c)
 *                                              target <= 2 (all flags <= 4)
 *   the fast path and its peers (fastpath.c):
 *     fast EventWrite 64 B / null ioctl <= 0.5, / LTTng-UST <= 1.0;
 *     ioctl-path EventWrite / null ioctl <= 1.4; two fast writers / one
 *     >= 1.9; no loss with two fast writers and a consumer; the
 *     per-CPU prototypes and every peer reported against both anchors
 *
 * Writes use libetw's default path (the fast path where etw.ko offers it)
 * except where a benchmark says otherwise.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>
#include <linux/etw.h>

#include <libetw.h>

#include "etwbench.h"
#include "common/json.h"

int quick, verbose;

double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double median(double *v, int n)
{
	int i;

	if (verbose) {
		for (i = 0; i < n; i++)
			fprintf(stderr, " %.1f", v[i]);
		fprintf(stderr, "\n");
	}
	qsort(v, n, sizeof(*v), cmp_double);
	return v[n / 2];
}

/* ---- results ---------------------------------------------------------------- */

static struct result results[96];
static int nresults;

void add(const char *name, const char *what, double value,
		const char *unit, double anchor, const char *anchor_name,
		double ratio, const char *op, double target)
{
	struct result *r;

	if (nresults == (int)(sizeof(results) / sizeof(results[0])))
		return;
	r = &results[nresults++];
	r->name = name;
	r->what = what;
	r->value = value;
	r->unit = unit;
	r->anchor = anchor;
	r->anchor_name = anchor_name;
	r->ratio = ratio;
	r->op = op;
	r->target = target;
	/* "-": reported, no target */
	r->met = op[0] == '-' || (op[0] == '<' ? ratio <= target :
						 ratio >= target);
	r->min = r->max = 0;
}

void add_spread(double min, double max)
{
	if (!nresults)
		return;
	results[nresults - 1].min = min;
	results[nresults - 1].max = max;
}

/* ---- sessions and providers --------------------------------------------------- */

const GUID bench_provider = { 0xbe7cbe7c, 0x1111, 0x4222,
	{ 0x83, 0x33, 0x44, 0x44, 0x55, 0x55, 0x66, 0x66 } };

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[128];
};

CONTROLTRACE_ID start_session(const char *name, ULONG mode, ULONG kb,
			      ULONG minb, ULONG maxb)
{
	struct props b;
	CONTROLTRACE_ID h = 0;
	ULONG r;

	memset(&b, 0, sizeof(b));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b.p.LogFileMode = mode;
	b.p.BufferSize = kb;
	b.p.MinimumBuffers = minb;
	b.p.MaximumBuffers = maxb;
	b.p.LoggerNameOffset = offsetof(struct props, name);
	/* A session left by an interrupted run. */
	StopTraceA(0, name, &b.p);
	memset(&b, 0, sizeof(b));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b.p.LogFileMode = mode;
	b.p.BufferSize = kb;
	b.p.MinimumBuffers = minb;
	b.p.MaximumBuffers = maxb;
	b.p.LoggerNameOffset = offsetof(struct props, name);
	r = StartTraceA(&h, name, &b.p);
	if (r) {
		fprintf(stderr, "etwbench: StartTrace %s: %u\n", name, r);
		exit(1);
	}
	r = EnableTraceEx2(h, &bench_provider, 1, 5, 0, 0, 0, NULL);
	if (r) {
		fprintf(stderr, "etwbench: EnableTraceEx2: %u\n", r);
		exit(1);
	}
	return h;
}

ULONG stop_session(CONTROLTRACE_ID h, EVENT_TRACE_PROPERTIES *out)
{
	struct props b;

	memset(&b, 0, sizeof(b));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.LoggerNameOffset = offsetof(struct props, name);
	if (out) {
		ULONG r = StopTraceA(h, NULL, &b.p);

		*out = b.p;
		return r;
	}
	return StopTraceA(h, NULL, &b.p);
}

static void flush_session(CONTROLTRACE_ID h)
{
	struct props b;

	memset(&b, 0, sizeof(b));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.LoggerNameOffset = offsetof(struct props, name);
	FlushTraceA(h, NULL, &b.p);
}

/* ---- 1: EventEnabled vs an empty call ------------------------------------------- */

__attribute__((noinline)) static int empty(int x)
{
	__asm__ volatile("" ::: "memory");
	return x;
}

static int (*volatile empty_fn)(int) = empty;

static double bench_empty(long n)
{
	double t0 = now_ns();
	int acc = 0;
	long i;

	for (i = 0; i < n; i++)
		acc += empty_fn((int)i);
	__asm__ volatile("" :: "r"(acc));
	return (now_ns() - t0) / n;
}

static double bench_enabled(REGHANDLE h, long n)
{
	EVENT_DESCRIPTOR d;
	double t0;
	int acc = 0;
	long i;

	EventDescCreate(&d, 1, 0, 0, 4, 0, 0, 0x1);
	t0 = now_ns();
	for (i = 0; i < n; i++) {
		__asm__ volatile("" ::: "memory");
		acc += EventEnabled(h, &d);
	}
	__asm__ volatile("" :: "r"(acc));
	return (now_ns() - t0) / n;
}

/* ---- 2, 3: EventWrite vs a null ioctl and ftrace ---------------------------------- */

double bench_null_ioctl(int fd, long n)
{
	double t0 = now_ns();
	long i;

	for (i = 0; i < n; i++)
		ioctl(fd, _IO(ETW_IOC_MAGIC, 0xFE));	/* -ENOTTY at once */
	return (now_ns() - t0) / n;
}

double bench_write(REGHANDLE h, long n, ULONG *err)
{
	static unsigned char payload[64];
	EVENT_DATA_DESCRIPTOR data;
	EVENT_DESCRIPTOR d;
	double t0;
	long i;

	EventDescCreate(&d, 7, 0, 0, 4, 0, 0, 0x1);
	EventDataDescCreate(&data, payload, sizeof(payload));
	*err = 0;
	t0 = now_ns();
	for (i = 0; i < n; i++) {
		ULONG r = EventWrite(h, &d, 1, &data);

		if (r)
			*err = r;
	}
	return (now_ns() - t0) / n;
}

double bench_marker_raw(long n)
{
	unsigned char buf[64] = { 0 };
	double t0;
	long i;
	int fd = open("/sys/kernel/tracing/trace_marker_raw", O_WRONLY);

	if (fd < 0)
		return -1;
	memcpy(buf, "\x01\x00\x00\x00", 4);	/* the raw marker's id */
	t0 = now_ns();
	for (i = 0; i < n; i++)
		if (write(fd, buf, sizeof(buf)) != sizeof(buf))
			break;
	t0 = (now_ns() - t0) / (i ? i : 1);
	close(fd);
	return i == n ? t0 : -1;
}

/* ---- 4: two writers on two CPUs ------------------------------------------------------ */

struct writer {
	REGHANDLE h;
	int cpu;
	double seconds;
	long n;
	pthread_barrier_t *start;
};

static void *writer_main(void *arg)
{
	static unsigned char payload[64];
	struct writer *w = arg;
	EVENT_DATA_DESCRIPTOR data;
	EVENT_DESCRIPTOR d;
	double end;
	long i = 0;

	pin(w->cpu);
	EventDescCreate(&d, 7, 0, 0, 4, 0, 0, 0x1);
	EventDataDescCreate(&data, payload, sizeof(payload));
	pthread_barrier_wait(w->start);
	end = now_ns() + w->seconds * 1e9;
	while (now_ns() < end) {
		int k;

		for (k = 0; k < 256; k++)
			EventWrite(w->h, &d, 1, &data);
		i += 256;
	}
	w->n = i;
	return NULL;
}

double writers_rate(REGHANDLE h, int nthreads, double seconds)
{
	struct writer w[2];
	pthread_t t[2];
	pthread_barrier_t b;
	double rate = 0;
	int i;

	pthread_barrier_init(&b, NULL, nthreads);
	for (i = 0; i < nthreads; i++) {
		w[i].h = h;
		w[i].cpu = i;
		w[i].seconds = seconds;
		w[i].start = &b;
		pthread_create(&t[i], NULL, writer_main, &w[i]);
	}
	for (i = 0; i < nthreads; i++) {
		pthread_join(t[i], NULL);
		rate += w[i].n / seconds;
	}
	pthread_barrier_destroy(&b);
	return rate;
}

/* ---- 6, 7: the consumer ----------------------------------------------------------------- */

static volatile long delivered;
static long expect;
static CONTROLTRACE_ID stop_when_done;
static double t_first, t_last;

static void WINAPI on_event(PEVENT_RECORD r)
{
	if (!IsEqualGUID(&r->EventHeader.ProviderId, &bench_provider))
		return;		/* the synthetic header event */
	delivered++;
	if (expect && delivered == expect && stop_when_done) {
		t_last = now_ns();
		struct props b;

		memset(&b, 0, sizeof(b));
		b.p.Wnode.BufferSize = sizeof(b);
		b.p.LoggerNameOffset = offsetof(struct props, name);
		/* From the callback: a plain stop, no callbacks to wait for. */
		StopTraceA(stop_when_done, NULL, &b.p);
		stop_when_done = 0;
	}
}

static PROCESSTRACE_HANDLE open_rt(const char *name)
{
	EVENT_TRACE_LOGFILEA lf;

	memset(&lf, 0, sizeof(lf));
	lf.LoggerName = (char *)name;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME |
			      PROCESS_TRACE_MODE_EVENT_RECORD |
			      PROCESS_TRACE_MODE_RAW_TIMESTAMP;
	lf.EventRecordCallback = on_event;
	return OpenTraceA(&lf);
}

static void *process_main(void *arg)
{
	PROCESSTRACE_HANDLE h = *(PROCESSTRACE_HANDLE *)arg;

	ProcessTrace(&h, 1, NULL, NULL);
	return NULL;
}

/* Rate at which ProcessTrace delivers @n buffered events (events/s). */
static double consumer_rate(REGHANDLE h, long n)
{
	const char *name = "etwbench-drain";
	PROCESSTRACE_HANDLE ph;
	CONTROLTRACE_ID s;
	ULONG err;

	/* Room for all of them: 64 KB x 512. */
	s = start_session(name, EVENT_TRACE_REAL_TIME_MODE, 64, 8, 512);
	bench_write(h, n, &err);
	/* Everything sealed: the consumer need not wait for the FlushTimer. */
	flush_session(s);
	delivered = 0;
	expect = n;
	stop_when_done = s;
	ph = open_rt(name);
	if (ph == INVALID_PROCESSTRACE_HANDLE)
		return -1;
	/* From ProcessTrace's start to the last event's callback. */
	t_first = now_ns();
	ProcessTrace(&ph, 1, NULL, NULL);
	CloseTrace(ph);
	if (stop_when_done)
		stop_session(s, NULL);
	if (delivered < n)
		return -1;
	return delivered / ((t_last - t_first) / 1e9);
}

/* A full-speed writer with default buffers and one consumer: lost? */
static long full_speed_lost(REGHANDLE h, long n, long *got)
{
	const char *name = "etwbench-live";
	EVENT_TRACE_PROPERTIES out;
	PROCESSTRACE_HANDLE ph;
	CONTROLTRACE_ID s;
	pthread_t t;
	ULONG err;

	s = start_session(name, EVENT_TRACE_REAL_TIME_MODE, 0, 0, 0);
	delivered = 0;
	expect = 0;
	stop_when_done = 0;
	ph = open_rt(name);
	if (ph == INVALID_PROCESSTRACE_HANDLE)
		return -1;
	pthread_create(&t, NULL, process_main, &ph);
	usleep(100000);
	pin(0);
	bench_write(h, n, &err);
	stop_session(s, &out);
	pthread_join(t, NULL);
	CloseTrace(ph);
	*got = delivered;
	return out.EventsLost;
}

/* ---- main ----------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
	double v[RUNS], empty_ns, enabled_ns, ioctl_ns, write_ns, marker_ns;
	double cost[5], extra, drain, writer;
	const char *json = NULL;
	CONTROLTRACE_ID sess[4];
	char names[4][32];
	long n, got = 0, lost;
	REGHANDLE h = 0;
	struct utsname u;
	struct json j;
	ULONG err;
	int i, k, fd, ncpu = sysconf(_SC_NPROCESSORS_ONLN), kernel_only = 0;
	FILE *out;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json") && i + 1 < argc)
			json = argv[++i];
		else if (!strcmp(argv[i], "--quick"))
			quick = 1;
		else if (!strcmp(argv[i], "--verbose"))
			verbose = 1;
		else if (!strcmp(argv[i], "--kernel-only"))
			kernel_only = 1;	/* the NT Kernel Logger's flags */
	}
	n = quick ? 20000 : 200000;
	if (kernel_only)
		goto kernel;
	if (EventRegister(&bench_provider, NULL, NULL, &h)) {
		fprintf(stderr, "etwbench: EventRegister failed (etw.ko?)\n");
		return 1;
	}
	fd = open(ETW_DEVICE_PATH, O_RDWR);
	pin(0);

	/* 1. EventEnabled on a disabled provider. */
	for (i = -1; i < RUNS; i++)	/* run -1 warms up */
		v[i < 0 ? 0 : i] = bench_empty(n * 50);
	empty_ns = median(v, RUNS);
	for (i = -1; i < RUNS; i++)	/* run -1 warms up */
		v[i < 0 ? 0 : i] = bench_enabled(h, n * 50);
	enabled_ns = median(v, RUNS);
	add("event_enabled_disabled", "EventEnabled, provider disabled",
	    enabled_ns, "ns/op", empty_ns, "empty non-inlined call",
	    enabled_ns / empty_ns, "<=", 1.5);

	/* 2, 3. EventWrite of 64 bytes to one session, one CPU. */
	sess[0] = start_session("etwbench-1", EVENT_TRACE_BUFFERING_MODE,
				64, 64, 64);
	for (i = -1; i < RUNS; i++)	/* run -1 warms up */
		v[i < 0 ? 0 : i] = bench_null_ioctl(fd, n);
	ioctl_ns = median(v, RUNS);
	for (i = -1; i < RUNS; i++)	/* run -1 warms up */
		v[i < 0 ? 0 : i] = bench_write(h, n, &err);
	write_ns = median(v, RUNS);
	if (verbose) {
		struct etw_fastpath_stats fs;

		etw_fastpath_stats(&fs);
		fprintf(stderr, "fast path: on %u, %llu staged, %llu seals, "
			"%llu stages, %llu through the ioctl; err %u\n",
			fs.enabled, (unsigned long long)fs.events,
			(unsigned long long)fs.seals,
			(unsigned long long)fs.stages,
			(unsigned long long)fs.fallbacks, err);
	}
	cost[1] = write_ns;
	add("event_write_64_vs_ioctl", "EventWrite 64 B, 1 session, 1 CPU",
	    write_ns, "ns/op", ioctl_ns, "null ioctl on /dev/etw",
	    write_ns / ioctl_ns, "<=", 1.4);
	for (i = -1; i < RUNS; i++)	/* run -1 warms up */
		v[i < 0 ? 0 : i] = bench_marker_raw(n);
	marker_ns = median(v, RUNS);
	if (marker_ns > 0)
		add("event_write_64_vs_ftrace", "EventWrite 64 B, 1 session, 1 CPU",
		    write_ns, "ns/op", marker_ns, "trace_marker_raw write of 64 B",
		    write_ns / marker_ns, "<=", 0.8);

	/*
	 * 4. Scaling is CPU time per event per writer (scale.c), not the
	 * wall-clock rate of two writers on a loaded 2-core host.
	 */
	/* 5. Each additional session. */
	pin(0);
	for (k = 2; k <= 4; k++) {
		snprintf(names[k - 1], sizeof(names[0]), "etwbench-%d", k);
		sess[k - 1] = start_session(names[k - 1],
					    EVENT_TRACE_BUFFERING_MODE, 64, 64, 64);
		for (i = -1; i < RUNS; i++)	/* run -1 warms up */
			v[i < 0 ? 0 : i] = bench_write(h, n, &err);
		cost[k] = median(v, RUNS);
	}
	extra = (cost[4] - cost[1]) / 3;
	add("extra_session", "added cost per extra session (1 -> 4)",
	    extra, "ns/op", cost[1], "one-session EventWrite",
	    extra / cost[1], "<=", 0.3);
	for (k = 0; k < 4; k++)
		stop_session(sess[k], NULL);

	/* 6. The consumer drains faster than a writer produces. */
	writer = 1e9 / write_ns;
	for (i = 0; i < 3; i++)
		v[i] = consumer_rate(h, quick ? 20000 : 100000);
	drain = median(v, 3);
	if (drain > 0)
		add("consumer_drain", "events/s delivered by ProcessTrace",
		    drain, "events/s", writer, "one writer's events/s",
		    drain / writer, ">=", 5);

	/* 7. A full-speed writer with default buffers loses nothing. */
	lost = full_speed_lost(h, n, &got);
	add("full_speed_no_loss", "events lost: full-speed writer, default buffers, 1 consumer",
	    lost, "events", n, "events written", lost, "<=", 0);

	/* 8. Issue 10: the fast path and its peers, same boot. */
	bench_fastpath(h, fd, ioctl_ns, marker_ns, n);

	/* 8b. Issue 18: threads at a period, flat out, the lossless rate. */
	bench_scale(h);

	EventUnregister(h);
	close(fd);

	/* 8. TraceLogging writes and decoding. */
	pin(0);
	bench_tracelogging(empty_ns, n);

	/* 9. The control plane does not grow with registrations. */
	bench_control_plane();

	/* 10. The NT Kernel Logger, flag by flag. */
kernel:
	bench_kernel_flags();

	uname(&u);
	printf("%-32s %14s %-14s %14s  %-34s %8s %-17s %-8s %s\n",
	       "benchmark", "value", "unit", "anchor", "anchor is", "ratio",
	       "(min..max)", "target", "met");
	for (i = 0; i < nresults; i++) {
		struct result *r = &results[i];
		char spread[40] = "";

		if (r->min || r->max)
			snprintf(spread, sizeof(spread), "(%.3f..%.3f)",
				 r->min, r->max);
		printf("%-32s %14.1f %-14s %14.1f  %-34s %8.3f %-17s %s %-5g %s\n",
		       r->name, r->value, r->unit, r->anchor, r->anchor_name,
		       r->ratio, spread, r->op, r->target, r->met ? "yes" : "NO");
	}
	if (!json)
		return 0;
	out = fopen(json, "w");
	if (!out) {
		perror(json);
		return 1;
	}
	json_init(&j, out);
	json_open(&j, '{');
	json_str(&j, "kernel", u.release);
	json_i64(&j, "cpus", ncpu);
	json_i64(&j, "events_per_run", n);
	json_str(&j, "command", "make bench");
	json_key(&j, "results");
	json_open(&j, '[');
	for (i = 0; i < nresults; i++) {
		struct result *r = &results[i];
		char target[48];

		snprintf(target, sizeof(target), "%s %g", r->op, r->target);
		json_open(&j, '{');
		json_str(&j, "name", r->name);
		json_str(&j, "what", r->what);
		json_double(&j, "value", r->value);
		json_str(&j, "unit", r->unit);
		json_double(&j, "anchor", r->anchor);
		json_str(&j, "anchor_is", r->anchor_name);
		json_double(&j, "ratio", r->ratio);
		json_double(&j, "ratio_min", r->min);
		json_double(&j, "ratio_max", r->max);
		json_str(&j, "target", target);
		json_bool(&j, "met", r->met);
		json_close(&j, '}');
	}
	json_close(&j, ']');
	json_i64(&j, "received_full_speed", got);
	json_close(&j, '}');
	json_end(&j);
	if (fclose(out)) {
		perror(json);
		return 1;
	}
	printf("saved %s\n", json);
	return 0;
}
