/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A session of our own, for one job: started with the providers the user
 * named (-p NAME[:LEVEL[:KEYWORDS]], --kernel FLAGS), to a log file or
 * real time, and stopped again whatever happens -- etwctl record and
 * etwdump --follow.  Messages name the session, the file and the
 * provider, and say what to do.
 */
#ifndef _TOOLS_COMMON_RECORD_H
#define _TOOLS_COMMON_RECORD_H

#include <stdio.h>
#include <time.h>

#include <windows.h>
#include <evntrace.h>

#define REC_MAX_PROVIDERS 64

struct rec_provider {
	GUID guid;
	const char *spec;	/* as the user gave it */
	UCHAR level;
	ULONGLONG any;		/* MatchAnyKeyword (0: every event) */
};

#define REC_MAX_KSTACKS 16

struct rec {
	const char *session;	/* its name */
	const char *file;	/* the log file, or NULL: real time */
	ULONG kflags;		/* NT Kernel Logger flags: a system logger */
	ULONG buffer_kb;	/* 0: the default */
	ULONG props;		/* EVENT_ENABLE_PROPERTY_* of every provider */
	ULONG interval;		/* the sampled profile's, 100 ns (0: default) */
	/* kernel events that get a StackWalk event (TraceStackTracingInfo) */
	CLASSIC_EVENT_ID kstacks[REC_MAX_KSTACKS];
	ULONG nkstacks;
	struct rec_provider prov[REC_MAX_PROVIDERS];
	int nprov;
	CONTROLTRACE_ID h;
	int running;
};

/*
 * Add -p @spec: a provider (names.h) and, after ':', a level and a
 * keyword mask (hexadecimal).  0, or -1 with the message printed.
 */
int rec_add_provider(struct rec *r, const char *spec);

/*
 * --kernel @flags (process,thread,img,...); 0, or -1 with the message
 * printed; "help" (or "list"): the flags listed on stdout, 1.
 */
int rec_add_kernel(struct rec *r, const char *flags);
/* Whether @s is "help" or "list": the flags are to be listed. */
int rec_kernel_help_asked(const char *s);
/* The kernel flags, their names and events, as perf list lists events. */
void rec_kernel_help(FILE *f);
/*
 * Option @opt's @flags have no flag at @bad (etw_kflags_parse's): say
 * which item, alone, and where the list is; returns -1.
 */
int rec_kernel_bad(const char *opt, const char *flags, unsigned int bad);

/*
 * A CPU profile, as perf record -g takes one: samples every
 * 10,000,000 / @hz 100 ns units, context switches, wake-ups (ReadyThread),
 * processes, threads and images, with a StackWalk event after each
 * sample, switch and wake-up; with @stacks the providers' events carry
 * their stacks too (EVENT_ENABLE_PROPERTY_STACK_TRACE).
 */
void rec_profile(struct rec *r, unsigned int hz, int stacks);

/*
 * Start the session and enable its providers; on a failure, stop what
 * was started.  0, or -1 with the message printed.
 */
int rec_start(struct rec *r);

/*
 * Stop it, if it runs (its buffers written out, or handed to its
 * real-time consumer); once, from whichever thread calls first.
 * @lost_events and @lost_buffers (may be NULL) get the session's
 * losses.  0, or -1 with the message printed.
 */
int rec_stop(struct rec *r, unsigned long long *lost_events,
	     unsigned long long *lost_buffers);

/* A deadline @secs from now (CLOCK_MONOTONIC), for --duration. */
void deadline_in(struct timespec *end, double secs);
/* The time left until @end into *@left: 1, or 0 once it has passed. */
int deadline_left(const struct timespec *end, struct timespec *left);

/*
 * Why a call that needs etw.ko may have failed: a hint when /dev/etw is
 * missing ("is etw.ko loaded? ..."), else NULL.
 */
const char *module_hint(void);

#endif /* _TOOLS_COMMON_RECORD_H */
