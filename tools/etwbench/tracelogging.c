// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwbench: TraceLogging and decoding (issue 8's targets).
 *
 *   tl_write_disabled: TraceLoggingWrite of 3 fields on a registered but
 *     disabled provider, against an empty non-inlined call   <= 1.5
 *   tl_write_enabled: the same write recorded by a session, against the
 *     EventWrite of the same 3 fields (no metadata) to it     <= 1.1
 *   tl_write_vs_same_event: against EventWriteEx of the same event
 *     (traits and metadata as typed descriptors, by hand)     <= 1.1
 *   etwdump_json_decode: etwdump --json with every TraceLogging field
 *     decoded through TDH, events/s, against etwdump --json --no-decode
 *     (the hex dump etwdump printed before decoding)           >= 0.5
 *
 * $ETWBENCH_TL_ETL names where the decoded events' file is kept.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <TraceLoggingProvider.h>

#include "etwbench.h"
#include "tl_same.h"

extern char **environ;

#define ROUNDS	41

/*
 * The enabled-write rounds and the etwdump runs are timed in CPU time
 * (the thread's, the child's): on a shared machine a preemption would
 * otherwise land in one side of a ratio.  The disabled write, compared
 * with main.c's empty call, is timed like it, by the clock.
 */
static clockid_t tl_clock = CLOCK_MONOTONIC;

static double clock_ns(void)
{
	struct timespec ts;

	clock_gettime(tl_clock, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* {BE7CBE7C-1111-4222-8333-444455556677} */
TRACELOGGING_DEFINE_PROVIDER(g_bench_tl, "LinuxEtw.Bench.TraceLogging",
	(0xbe7cbe7c, 0x1111, 0x4222, 0x83, 0x33, 0x44, 0x44, 0x55, 0x55, 0x66, 0x77));
static const GUID tl_guid = { 0xbe7cbe7c, 0x1111, 0x4222,
	{ 0x83, 0x33, 0x44, 0x44, 0x55, 0x55, 0x66, 0x77 } };

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[128];
	char file[256];
};

static void props_init(struct props *b, ULONG mode, const char *file, ULONG nbuf)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.LogFileMode = mode;
	b->p.BufferSize = 64;
	b->p.MinimumBuffers = nbuf;
	b->p.MaximumBuffers = nbuf;
	b->p.LoggerNameOffset = offsetof(struct props, name);
	if (file) {
		b->p.LogFileNameOffset = offsetof(struct props, file);
		snprintf(b->file, sizeof(b->file), "%s", file);
	}
}

static CONTROLTRACE_ID session(const char *name, ULONG mode, const char *file,
			       ULONG nbuf)
{
	struct props b;
	CONTROLTRACE_ID h = 0;

	props_init(&b, 0, NULL, 0);
	StopTraceA(0, name, &b.p);	/* left by an interrupted run */
	props_init(&b, mode, file, nbuf);
	if (StartTraceA(&h, name, &b.p) ||
	    EnableTraceEx2(h, &tl_guid, EVENT_CONTROL_CODE_ENABLE_PROVIDER, 5, 0, 0, 0, NULL)) {
		fprintf(stderr, "etwbench: cannot start session %s\n", name);
		exit(1);
	}
	return h;
}

/* Stop; the events the session lost. */
static ULONG stop(CONTROLTRACE_ID h)
{
	struct props b;

	props_init(&b, 0, NULL, 0);
	if (StopTraceA(h, NULL, &b.p))
		return 0;
	return b.p.EventsLost;
}

static double tl_write(long n)
{
	double t0 = clock_ns();
	long i;

	for (i = 0; i < n; i++)
		TraceLoggingWrite(g_bench_tl, "Bench",
				  TraceLoggingLevel(4),
				  TraceLoggingInt32((INT32)i, "Index"),
				  TraceLoggingUInt32(7, "Seven"),
				  TraceLoggingUInt64((UINT64)i * 3, "Triple"));
	return (clock_ns() - t0) / n;
}

/* The EventWrite a manifest provider would make with the same fields. */
static double event_write(REGHANDLE h, long n)
{
	EVENT_DATA_DESCRIPTOR d[3];
	EVENT_DESCRIPTOR desc;
	INT32 index;
	UINT32 seven = 7;
	UINT64 triple;
	double t0;
	long i;

	EventDescCreate(&desc, 1, 0, 0, 4, 0, 0, 0);
	t0 = clock_ns();
	for (i = 0; i < n; i++) {
		index = (INT32)i;
		triple = (UINT64)i * 3;
		EventDataDescCreate(&d[0], &index, sizeof(index));
		EventDataDescCreate(&d[1], &seven, sizeof(seven));
		EventDataDescCreate(&d[2], &triple, sizeof(triple));
		EventWrite(h, &desc, 3, d);
	}
	return (clock_ns() - t0) / n;
}

/*
 * The same event as tl_write's, written by hand: EventWriteEx on the
 * TraceLogging registration with the provider traits and the event's
 * metadata as typed descriptors -- what TraceLoggingWrite expands to,
 * so the difference is the macro's own cost.
 */
static double event_write_same_bytes(long n)
{
	const UINT16 *traits = g_bench_tl->ProviderMetadataPtr;
	EVENT_DESCRIPTOR desc;
	double t0;
	long i;

	EventDescCreate(&desc, 0, 0, 11, 4, 0, 0, 0);
	t0 = clock_ns();
	for (i = 0; i < n; i++)
		tl_same_bytes(g_bench_tl->RegHandle, traits, &desc, i);
	return (clock_ns() - t0) / n;
}

/* Events of the shape Windows components write (the lxcore ones). */
static void write_decodable(long n)
{
	static const GUID inst = { 0x12345678, 0x9abc, 0xdef0,
				   { 1, 2, 3, 4, 5, 6, 7, 8 } };
	long i;

	for (i = 0; i < n; i++) {
		/* Paced, so the file writer keeps up and nothing is lost. */
		if (i && !(i % 1000))
			usleep(2000);
		TraceLoggingWrite(g_bench_tl, "BreakPoint",
				  TraceLoggingLevel(2),
				  TraceLoggingKeyword(0x400000000000),
				  TraceLoggingInt32(2, "ErrorLevel"),
				  TraceLoggingGuid(inst, "instanceId"),
				  TraceLoggingInt32((INT32)i, "LxPid"),
				  TraceLoggingInt32(-1, "LxTid"),
				  TraceLoggingUInt32(0xf0000000u, "LxNs"),
				  TraceLoggingWideString(u"/usr/bin/bench", "ExecutablePath"),
				  TraceLoggingString("LxpDrvFsTypeMount", "Function"),
				  TraceLoggingUInt32(10528, "Line"),
				  TraceLoggingString("Failed to open volume, result -2\n",
						     "Message"),
				  TraceLoggingHResult((HRESULT)0x80070005, "Hr"),
				  TraceLoggingFileTime(((FILETIME){ 0xf1d31dce, 0x01d659d6 }),
						       "When"));
	}
}

/* CPU time (user + system) of `etwdump ARGS... FILE > /dev/null`, seconds. */
static double run_etwdump(const char *etwdump, const char *file, int decode)
{
	char *argv[] = { (char *)etwdump, "--json", decode ? NULL : "--no-decode",
			 NULL, NULL };
	posix_spawn_file_actions_t fa;
	struct rusage ru;
	pid_t pid;
	int st;

	if (decode) {
		argv[2] = (char *)file;
	} else {
		argv[3] = (char *)file;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	if (posix_spawn(&pid, etwdump, &fa, NULL, argv, environ)) {
		posix_spawn_file_actions_destroy(&fa);
		return -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	if (wait4(pid, &st, 0, &ru) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		return -1;
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

void bench_tracelogging(double empty_ns, long n)
{
	double v[RUNS], tl[ROUNDS], ew[ROUNDS], sb[ROUNDS], r[ROUNDS], r2[ROUNDS];
	double disabled_ns, dec = 0, raw = 0;
	const char *keep = getenv("ETWBENCH_TL_ETL");	/* keep the file there */
	char etwdump[4096], file[4096];
	REGHANDLE h = 0;
	CONTROLTRACE_ID s;
	ssize_t len;
	long nev = quick ? 20000 : 100000;
	ULONG lost;
	int i;

	if (TraceLoggingRegister(g_bench_tl) ||
	    EventRegister(&tl_guid, NULL, NULL, &h)) {
		fprintf(stderr, "etwbench: TraceLoggingRegister failed\n");
		return;
	}

	/* Disabled: one load and a branch. */
	for (i = -1; i < RUNS; i++)	/* run -1 warms up */
		v[i < 0 ? 0 : i] = tl_write(n * 50);
	disabled_ns = median(v, RUNS);
	add("tl_write_disabled", "TraceLoggingWrite, 3 fields, provider disabled",
	    disabled_ns, "ns/op", empty_ns, "empty non-inlined call",
	    disabled_ns / empty_ns, "<=", 1.5);

	/*
	 * Enabled, one session, one CPU: against EventWrite of the same data,
	 * in short alternating rounds (order swapped each round) so that
	 * drift in a shared machine hits both alike; the ratio is the median
	 * of the rounds' ratios.
	 */
	s = session("etwbench-tl", EVENT_TRACE_BUFFERING_MODE, NULL, 64);
	tl_clock = CLOCK_THREAD_CPUTIME_ID;
	tl_write(n / 10);			/* warm up */
	event_write(h, n / 10);
	for (i = 0; i < ROUNDS; i++) {
		double a, b, c;

		if (i & 1) {
			c = event_write_same_bytes(n / 20);
			b = event_write(h, n / 20);
			a = tl_write(n / 20);
		} else {
			a = tl_write(n / 20);
			b = event_write(h, n / 20);
			c = event_write_same_bytes(n / 20);
		}
		r[i] = a / b;
		r2[i] = a / c;
		tl[i] = a;
		ew[i] = b;
		sb[i] = c;
	}
	if (verbose)
		printf("  tl %.1f ns, EventWrite %.1f ns (medians of %d rounds)\n",
		       median(tl, ROUNDS), median(ew, ROUNDS), ROUNDS);
	tl_clock = CLOCK_MONOTONIC;
	add("tl_write_enabled", "TraceLoggingWrite, 3 fields, 1 session (CPU time, median of round ratios)",
	    median(tl, ROUNDS), "ns/op", median(ew, ROUNDS), "EventWrite of the same 3 fields",
	    median(r, ROUNDS), "<=", 1.1);
	add("tl_write_vs_same_event", "TraceLoggingWrite, 3 fields, 1 session (CPU time, median of round ratios)",
	    median(tl, ROUNDS), "ns/op", median(sb, ROUNDS), "EventWriteEx of the same event bytes",
	    median(r2, ROUNDS), "<=", 1.1);
	stop(s);

	/* etwdump --json, decoded against not. */
	len = readlink("/proc/self/exe", etwdump, sizeof(etwdump) - 16);
	if (len <= 0)
		goto out;
	etwdump[len] = 0;
	strcpy(strrchr(etwdump, '/') + 1, "etwdump");
	snprintf(file, sizeof(file), "%s", keep ? keep : "/tmp/etwbench-tl.etl");
	/* 32 MB of buffers: the whole run fits if the file writer lags. */
	s = session("etwbench-tl-file", EVENT_TRACE_FILE_MODE_SEQUENTIAL, file, 512);
	write_decodable(nev);
	lost = stop(s);
	if (lost)
		printf("  (the file session lost %u of %ld events)\n", lost, nev);
	nev -= lost;
	run_etwdump(etwdump, file, 1);		/* warm the page cache */
	for (i = 0; i < RUNS; i++) {
		double a = run_etwdump(etwdump, file, 0), b = run_etwdump(etwdump, file, 1);

		if (a <= 0 || b <= 0) {
			fprintf(stderr, "etwbench: %s failed\n", etwdump);
			goto out_file;
		}
		v[i] = a / b;		/* = decoded rate / undecoded rate */
		raw += nev / a / RUNS;
		dec += nev / b / RUNS;
		if (verbose)
			printf("  etwdump --json %.0f events/s, --no-decode %.0f events/s\n",
			       nev / b, nev / a);
	}
	add("etwdump_json_decode", "etwdump --json, TraceLogging fields decoded (CPU time; mean rates, median ratio)",
	    dec, "events/s", raw, "etwdump --json --no-decode",
	    median(v, RUNS), ">=", 0.5);
out_file:
	if (!keep)
		unlink(file);
out:
	EventUnregister(h);
	TraceLoggingUnregister(g_bench_tl);
}
