// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwbench: the write path at application scale (issue 18), into a
 * sequential log-file session at default settings, read back with
 * ProcessTrace:
 *
 *   scale_<threads>x<period>: threads writing one 64-byte EventWrite
 *     each every period -- written, delivered, counted lost, file bytes
 *     per delivered event, stage memory per thread (resident bytes of
 *     the stage mappings, /proc/self/smaps, while the threads are idle)
 *     targets: 0 lost; <= 130 file bytes per event at 1,000 threads;
 *     <= 4 KB per idle thread
 *   scale_2_flat_out, scale_2_flat_out_blocking: two threads flat out,
 *     the default mode (ETW's drop-and-count) and the blocking mode
 *     (target: 0 lost)
 *   lossless_rate: two writers at rising rates; the highest rate the
 *     default file session carries without loss, against one writer's
 *     flat-out rate (target >= 0.5)
 *   cpu_per_event_2_writers: CPU time per event of each of two writers
 *     flat out (the thread's CPU clock), against one writer's (target
 *     <= 1.1: scaling without contention)
 *
 * Every row writes for ETWBENCH_SCALE_SECONDS (default 10; --quick 2).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>
#include <libetw.h>

#include "etwbench.h"

#define FILE_PATH	"/tmp/etwbench-scale.etl"
#define SESSION		"etwbench-scale"

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[64];
	char file[128];
};

static void props_init(struct props *b, ULONG mode)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.LogFileMode = mode;
	b->p.LoggerNameOffset = offsetof(struct props, name);
	b->p.LogFileNameOffset = offsetof(struct props, file);
	snprintf(b->file, sizeof(b->file), "%s", FILE_PATH);
}

/* A default sequential file session enabling the bench provider. */
static CONTROLTRACE_ID file_session(ULONG block_ms)
{
	struct props b;
	CONTROLTRACE_ID h = 0;

	props_init(&b, 0);
	StopTraceA(0, SESSION, &b.p);	/* left by an interrupted run */
	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL);
	unlink(FILE_PATH);
	if (StartTraceA(&h, SESSION, &b.p) ||
	    (block_ms && TraceSetInformation(h, ETW_TRACE_BLOCKING_INFO,
					     &block_ms, sizeof(block_ms))) ||
	    EnableTraceEx2(h, &bench_provider, 1, 5, 0, 0, 0, NULL)) {
		fprintf(stderr, "etwbench: cannot start %s\n", SESSION);
		exit(1);
	}
	return h;
}

static ULONG file_stop(CONTROLTRACE_ID h)
{
	struct props b;

	props_init(&b, 0);
	if (StopTraceA(h, NULL, &b.p))
		return ~0U;
	return b.p.EventsLost;
}

static volatile long read_back;

static void WINAPI count_cb(PEVENT_RECORD r)
{
	if (IsEqualGUID(&r->EventHeader.ProviderId, &bench_provider))
		read_back++;
}

static long file_events(void)
{
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE ph;

	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = FILE_PATH;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = count_cb;
	read_back = 0;
	ph = OpenTraceA(&lf);
	if (ph == INVALID_PROCESSTRACE_HANDLE)
		return -1;
	ProcessTrace(&ph, 1, NULL, NULL);
	CloseTrace(ph);
	return read_back;
}

static long file_bytes(void)
{
	struct stat st;

	return stat(FILE_PATH, &st) ? -1 : st.st_size;
}

/* Resident bytes of this process's stage mappings (/proc/self/smaps). */
static long stage_rss(void)
{
	char line[512];
	long rss = 0;
	int in = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long off;
		long kb;

		if (sscanf(line, "%*x-%*x %*s %llx", &off) == 1 &&
		    strchr(line, '/'))
			in = strstr(line, "/dev/etw") &&
			     off >= ETW_MMAP_STAGE_BASE;
		else if (sscanf(line, "%*x-%*x %*s %llx", &off) == 1)
			in = 0;
		else if (in && sscanf(line, "Rss: %ld kB", &kb) == 1)
			rss += kb * 1024;
	}
	fclose(f);
	return rss;
}

static double thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* ---- threads at a period ----------------------------------------------------- */

/*
 * Memory is measured after the row's threads have been idle this long,
 * with etw.ko's stage_idle_ms set to IDLE_MS meanwhile: an idle thread's
 * grown stage is back to one page by then (admin-guide, stage_idle_ms).
 */
#define IDLE_MS		400
#define IDLE_US		1200000

static int stage_idle_param(const char *v, char *old, size_t n)
{
	const char *path = "/sys/module/etw/parameters/stage_idle_ms";
	FILE *f = fopen(path, "r");

	if (old && f && !fgets(old, (int)n, f))
		old[0] = 0;
	if (f)
		fclose(f);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(v, f);
	return fclose(f);
}

struct paced {
	REGHANDLE h;
	long period_ns;		/* 0: flat out */
	double seconds;
	pthread_barrier_t *start, *idle, *done;
	long written;
	double cpu_ns;
};

static void *paced_main(void *arg)
{
	static unsigned char payload[64];
	struct paced *p = arg;
	EVENT_DATA_DESCRIPTOR data;
	EVENT_DESCRIPTOR d;
	double end, c0;
	long n = 0;

	EventDescCreate(&d, 7, 0, 0, 4, 0, 0, 0x1);
	EventDataDescCreate(&data, payload, sizeof(payload));
	pthread_barrier_wait(p->start);
	end = now_ns() + p->seconds * 1e9;
	c0 = thread_cpu_ns();
	if (p->period_ns) {
		/*
		 * Bursts at least a millisecond apart, so that the rate is
		 * the one asked for although a sleep costs tens of
		 * microseconds (under emulation, more).
		 */
		long k = p->period_ns >= 1000000 ? 1 : 1000000 / p->period_ns;
		long step = k * p->period_ns, j;
		struct timespec next;

		clock_gettime(CLOCK_MONOTONIC, &next);
		while (now_ns() < end) {
			for (j = 0; j < k; j++)
				EventWrite(p->h, &d, 1, &data);
			n += k;
			next.tv_nsec += step;
			while (next.tv_nsec >= 1000000000L) {
				next.tv_nsec -= 1000000000L;
				next.tv_sec++;
			}
			clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next,
					NULL);
		}
	} else {
		while (now_ns() < end) {
			int k;

			for (k = 0; k < 64; k++)
				EventWrite(p->h, &d, 1, &data);
			n += 64;
		}
	}
	p->cpu_ns = thread_cpu_ns() - c0;
	p->written = n;
	if (p->idle) {
		pthread_barrier_wait(p->idle);
		pthread_barrier_wait(p->done);
	}
	return NULL;
}

struct row {
	long written, delivered, lost;
	double bytes_per_event, mem_per_thread, cpu_ns_per_event;
};

/*
 * @n threads, each writing every @period_ns (0: flat out) for @seconds
 * into a fresh default file session (@block_ms: blocking mode).
 */
static void run_row(REGHANDLE h, int n, long period_ns, double seconds,
		    ULONG block_ms, struct row *out)
{
	pthread_barrier_t start, idle, done;
	struct paced *p = calloc(n, sizeof(*p));
	pthread_t *t = calloc(n, sizeof(*t));
	CONTROLTRACE_ID s = file_session(block_ms);
	double cpu = 0;
	long rss, rss0;
	int i;

	pthread_barrier_init(&start, NULL, n);
	pthread_barrier_init(&idle, NULL, n + 1);
	pthread_barrier_init(&done, NULL, n + 1);
	memset(out, 0, sizeof(*out));
	rss0 = stage_rss();	/* the stages of threads not in this row */
	for (i = 0; i < n; i++) {
		p[i].h = h;
		p[i].period_ns = period_ns;
		p[i].seconds = seconds;
		p[i].start = &start;
		p[i].idle = &idle;
		p[i].done = &done;
		pthread_create(&t[i], NULL, paced_main, &p[i]);
	}
	pthread_barrier_wait(&idle);	/* every thread wrote, now idle */
	/* Idle long enough for a grown stage to retire (bench_scale()). */
	usleep(IDLE_US);
	rss = stage_rss() - rss0;
	pthread_barrier_wait(&done);
	for (i = 0; i < n; i++) {
		pthread_join(t[i], NULL);
		out->written += p[i].written;
		cpu += p[i].cpu_ns;
	}
	out->lost = file_stop(s);
	out->delivered = file_events();
	out->bytes_per_event = out->delivered > 0 ?
			       (double)file_bytes() / out->delivered : -1;
	out->mem_per_thread = (double)rss / n;
	out->cpu_ns_per_event = out->written ? cpu / out->written : -1;
	if (verbose)
		fprintf(stderr, "scale %d x %ld ns: written %ld delivered %ld "
			"lost %ld, %.0f B/event, %.0f B/thread\n", n, period_ns,
			out->written, out->delivered, out->lost,
			out->bytes_per_event, out->mem_per_thread);
	unlink(FILE_PATH);
	free(p);
	free(t);
}

static const char *key(const char *name, const char *suffix)
{
	char buf[128];

	snprintf(buf, sizeof(buf), "%s%s", name, suffix);
	return strdup(buf);
}

static void add_row(const char *name, const char *what, const struct row *r,
		    double bytes_target)
{
	add(key(name, "_lost"), what, r->lost, "events lost", r->written,
	    "events written", r->lost, "<=", 0);
	add(key(name, "_delivered"), what, r->delivered, "events read back",
	    r->written, "events written",
	    r->written ? (double)r->delivered / r->written : 0, ">=", 1);
	add(key(name, "_file_bytes"), what, r->bytes_per_event, "B/event",
	    144, "a 64-byte event's record", r->bytes_per_event,
	    bytes_target > 0 ? "<=" : "-", bytes_target > 0 ? bytes_target : 0);
	add(key(name, "_memory"), what, r->mem_per_thread, "B/idle thread",
	    4096, "one page", r->mem_per_thread, "<=", 4096);
}

/* Flat-out rate of @n writers (events/s in all). */
static double flat_rate(REGHANDLE h, int n, double seconds, double *cpu)
{
	struct row r;

	run_row(h, n, 0, seconds, 0, &r);
	if (cpu)
		*cpu = r.cpu_ns_per_event;
	return r.written / seconds;
}

void bench_scale(REGHANDLE h)
{
	double secs = quick ? 2 : 10, one, cpu1[RUNS], cpu2[RUNS], c;
	double rate, lo = 0, best = 0;
	struct row r;
	int i;

	const char *env = getenv("ETWBENCH_SCALE_SECONDS");
	char old_idle[32] = "5000";
	char idle[16];

	if (env && atof(env) > 0)
		secs = atof(env);
	snprintf(idle, sizeof(idle), "%d", IDLE_MS);
	if (stage_idle_param(idle, old_idle, sizeof(old_idle)))
		fprintf(stderr, "etwbench: cannot set stage_idle_ms: memory "
			"per idle thread includes grown stages\n");
	run_row(h, 1, 1000000, secs, 0, &r);
	add_row("scale_1x1ms", "1 thread, an event every 1 ms", &r, -1);
	run_row(h, 200, 100000000, secs, 0, &r);
	add_row("scale_200x100ms", "200 threads, an event every 100 ms each",
		&r, -1);
	run_row(h, 1000, 100000000, secs, 0, &r);
	add_row("scale_1000x100ms", "1,000 threads, an event every 100 ms each",
		&r, 130);
	run_row(h, 2, 0, secs, 0, &r);
	add("scale_2_flat_out", "2 threads flat out, default mode: lost",
	    r.lost, "events lost", r.written, "events written",
	    r.written ? (double)r.lost / r.written : 0, "-", 0);
	run_row(h, 2, 0, secs, 5000, &r);
	add("scale_2_flat_out_blocking", "2 threads flat out, blocking mode: lost",
	    r.lost, "events lost", r.written, "events written", r.lost,
	    "<=", 0);
	add("scale_2_flat_out_blocking_read", "2 threads flat out, blocking mode: delivered",
	    r.delivered, "events", r.written, "events written",
	    r.written ? (double)r.delivered / r.written : 0, ">=", 1);

	/* CPU time per event: 2 writers against 1, interleaved. */
	for (i = 0; i < RUNS; i++) {
		flat_rate(h, 1, quick ? 1 : 2, &cpu1[i]);
		flat_rate(h, 2, quick ? 1 : 2, &cpu2[i]);
	}
	c = median(cpu2, RUNS) / median(cpu1, RUNS);
	add("cpu_per_event_2_writers", "CPU time per event per writer, 2 writers flat out",
	    median(cpu2, RUNS), "ns/event", median(cpu1, RUNS),
	    "the same, 1 writer", c, "<=", 1.1);

	/* The highest two-writer rate a default file session carries. */
	one = flat_rate(h, 1, quick ? 1 : 3, NULL);
	for (rate = one / 32; rate <= one * 4; rate *= 1.4) {
		long period = (long)(2e9 / rate);	/* two writers */
		double got;

		run_row(h, 2, period, quick ? 1 : 3, 0, &r);
		got = r.written / (quick ? 1.0 : 3.0);
		if (r.lost) {
			lo = got;
			break;
		}
		best = got;
		if (got < rate * 0.8)
			break;	/* the writers cannot go faster */
	}
	stage_idle_param(old_idle, NULL, 0);
	if (verbose)
		fprintf(stderr, "lossless up to %.0f/s, loss at %.0f/s; one "
			"writer flat out %.0f/s\n", best, lo, one);
	add("lossless_rate", "highest 2-writer rate into a default file session with 0 lost",
	    best, "events/s", one, "1 writer flat out", best / one, ">=", 0.5);
}
