/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwdump: what its files share (main.c has the overview).
 *
 *   main.c     options, opening the traces, ProcessTrace, exit status
 *   follow.c   --follow: a session of our own, started and stopped
 *   consume.c  the callbacks ProcessTrace calls; stopping (--max, signals)
 *   fmt.c      text, XML and times for the formats
 *   summary.c  the closing summary and --summary (common/evsum.h)
 *   header.c   --header
 *   filter.c   --provider, --level, --keywords, --id, --since, --until
 *   text.c     the text output (one line per event)
 *   json.c     the --json output (one object per line: common/event_json.h)
 *   csv.c      the --csv output (tracerpt -of CSV's columns)
 *   xml.c      the --xml output (tracerpt -of XML's events)
 *   damage.c   what ProcessTrace skipped in damaged files, and why
 *   chrome.c   --chrome FILE: Trace Event JSON (Perfetto, chrome://tracing)
 *   etl.c      --etl FILE: the events as an .etl file (converts perf.data)
 *   perfin.c   perf.data and EventHeader .dat inputs (common/perfdata.h)
 *   ctf.c      --ctf DIR: a CTF 1.8 trace (babeltrace2, Trace Compass)
 *   report*.c  --report FILE.html: the interactive report page
 *   stackev.c  events with their stacks, symbolized, for the views below
 *   calltree.c samples by call path (--cpu, the report's flame graph)
 *   stacks.c   --stacks: each event with its symbolized stack
 *   cpu.c      --cpu: CPU usage (sampled), process > thread > module > function
 *   waits.c    --waits: CPU usage (precise): running, ready, waiting, who readied whom
 *   perfscript.c --perf-script: what perf script prints (FlameGraph, speedscope, ...)
 *   pprof.c    --pprof FILE: a gzipped profile.proto (pprof, Pyroscope)
 *   view.c     an event's names and fields as the file formats see them
 *   progress.c progress on a terminal while reading
 *
 * What other tools share with etwdump is in tools/common/: decoding
 * (decode.h), the JSON writer (json.h), one event as JSON
 * (event_json.h), provider names (names.h), the summary (evsum.h),
 * sessions of our own (record.h).
 *
 * An output format is a struct output: how it prints one event and the
 * summary.  A new format is a new file with one, and an option in main.c
 * that points dump.out at it.  Formats that write files of their own
 * (--chrome, --ctf, --report) also have open and close; several may run
 * in one pass, and stdout then gets only the summary.
 */
#ifndef _TOOLS_ETWDUMP_H
#define _TOOLS_ETWDUMP_H

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>
#include <libetw.h>

#include "common/decode.h"
#include "common/evsum.h"
#include "common/obuf.h"
#include "common/origin.h"
#include "common/record.h"
#include "common/win32.h"

#define MAX_FILES 64

struct output {
	/*
	 * Standard output's formats write into @o, which consume.c writes
	 * out after each event (one fwrite: common/obuf.h).
	 */
	void (*begin)(struct obuf *o);		/* may be NULL */
	/* @d: the event decoded. */
	void (*event)(struct obuf *o, PEVENT_RECORD er, const struct decoded *d);
	void (*end)(struct obuf *o);		/* may be NULL */
	/*
	 * File formats: open @path before ProcessTrace ("-": standard
	 * output), close (finish and write out) after it; 0, or -1 with a
	 * message printed.  @o of event is then NULL.
	 */
	int (*open)(const char *path);
	int (*close)(const struct evsum *s, const struct evsum_info *in);
	/* Losses seen after a buffer (real time: as they happen). */
	void (*lost)(LONGLONG when, unsigned long long events,
		     unsigned long long buffers);
	/* Takes the closing summary on standard output (else stderr). */
	int summary_on_stdout;
};

extern const struct output output_text, output_json, output_csv, output_xml;
extern const struct output output_chrome, output_ctf, output_report, output_etl;
extern const struct output output_stacks, output_stacks_json, output_perf_script;
extern const struct output output_pprof;

/* The views of stacks (stackev.h): set up by the options. */
void stacks_init(int json);
void perf_script_init(void);
void cpu_init(int json);
void cpu_collect(void);
void cpu_print(FILE *f);
void waits_init(int json);
void waits_collect(void);
void waits_print(FILE *f);
struct json;
void cpu_json_members(struct json *j);
void waits_json_members(struct json *j);

#define MAX_FILTERS 64

/* What --provider, --level, --keywords and --id keep. */
struct filter {
	GUID guids[MAX_FILTERS];	/* -p GUID, *NAME, and names TDH knows */
	const char *names[MAX_FILTERS];	/* -p NAME: decoded names too */
	const char *given[MAX_FILTERS];	/* as the user wrote each */
	int nprov;
	unsigned long long hits[MAX_FILTERS];
	int level;			/* -1: any */
	ULONGLONG keywords;		/* 0: any */
	USHORT ids[256];
	int nids;
	FILETIME since, until;		/* 0: open */
};

#define MAX_FILE_OUTPUTS 4

struct file_output {
	const struct output *out;
	const char *path;
};

struct etwdump {
	const struct output *out;
	int raw, quiet, header, summary;
	int verbose;			/* -v: the text's whole header (text.c) */
	int cpu, waits;			/* --cpu, --waits: printed at the end */
	/* --identity: each trace's origin (host, boot, session, file, seq) */
	const char *identity;		/* the host's name, or NULL */
	struct origin *origin;		/* [MAX_FILES], or NULL */
	int no_decode;			/* --no-decode: hex payloads, no TDH */
	struct filter filter;
	int filtering;			/* -p, --level, --keywords or --id given */
	struct file_output fouts[MAX_FILE_OUTPUTS];	/* --chrome, --ctf, --report, --etl */
	int nfouts;
	int no_progress;
	const char *session;		/* --session NAME or --follow's, else NULL */
	struct rec rec;			/* --follow */
	int follow;
	double duration;		/* --follow --duration: seconds, 0: none */
	FILE *sumf;			/* where the closing summary goes */
	LONGLONG last_time;		/* of the last event delivered */
	unsigned long long max;		/* 0 = no limit */
	int nh;
	PROCESSTRACE_HANDLE h[MAX_FILES];
	EVENT_TRACE_LOGFILEA lf[MAX_FILES];
	ULONG events_lost[MAX_FILES];	/* as the last BufferCallback saw */
	ULONG buffers_lost[MAX_FILES];
	ULONG buffers_read[MAX_FILES];
	unsigned long long events, shown;
	struct obuf ob;			/* standard output's text of an event */
	struct evsum sum;
	size_t cur_type, cur_proc;	/* the event's in sum (the report's cells) */
	pthread_mutex_t lock;		/* closed, handles */
	int closed, interrupted;
	int stdout_gone;		/* its reader went away (stdout_gone()) */
	int stdout_said;		/* its error was said */
	struct timespec t0;
	const char *files[MAX_FILES];	/* the paths given; NULL: a session */
	int nfiles;
	struct etw_trace_damage_totals damage;
};

extern struct etwdump dump;

/* consume.c */
void close_all(void);
/*
 * Whether standard output's reader went away (etwdump ... | head): it
 * has what it wanted; etwdump then stops, says no more and exits 0.
 */
int stdout_gone(void);
VOID WINAPI on_event(PEVENT_RECORD er);
ULONG WINAPI on_buffer(PEVENT_TRACE_LOGFILEA lf);
void *signal_main(void *arg);

/* follow.c: --follow's session around ProcessTrace */
int follow_start(void);
void follow_stop(void);

/* damage.c */
void report_damage(void);
struct json;
void damage_json(struct json *j);	/* --summary --json's "damaged" */
void report_open_error(const char *file, ULONG err, const char *name);

/* fmt.c */
void ob_xml_str(struct obuf *o, const char *s);
void ob_text_value(struct obuf *o, const char *s);
void ob_text_value_n(struct obuf *o, const char *s, size_t n);	/* strlen(s) == n */
/* The event's time as the text formats show it (ISO-8601 UTC, or raw). */
void ob_event_time(struct obuf *o, LONGLONG t);
long long filetime_ns(LONGLONG ft);	/* ns since 1970 (raw: as is) */
int event_is_header(PEVENT_RECORD er);	/* the EventTrace header event */

/* header.c */
void print_header(FILE *f, int i, const char *logger);
struct json;
void header_json(struct json *j, int i);	/* --summary --json's "traces" */

/* filter.c */
int filter_provider(const char *arg);	/* -p: 0, or -1 (message printed) */
int filter_time(const char *arg, FILETIME *ft);	/* 0 or -1 */
int filter_before(PEVENT_RECORD er);		/* keep, judged by the header */
int filter_after(PEVENT_RECORD er, const struct decoded *d);	/* keep, by name */
void filter_warn(void);				/* -p that matched nothing */

/* summary.c */
void summary_info(ULONG status, struct evsum_info *in);
int summary(ULONG status);

/* perfin.c: 1 if the files are perf.data/.dat ones, 0 if .etl, -1 mixed */
int perf_inputs(void);
ULONG perf_process(void);	/* their events to on_event */

/* progress.c */
void progress_start(char *const *files, int nfiles);
void progress_stop(void);

#endif /* _TOOLS_ETWDUMP_H */
