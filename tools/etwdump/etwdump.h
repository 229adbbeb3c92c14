/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwdump: what its files share (main.c has the overview).
 *
 *   main.c     options, opening the traces, ProcessTrace, exit status
 *   consume.c  the callbacks ProcessTrace calls; stopping (--max, signals)
 *   fmt.c      GUIDs, times, UTF-16 and hex as text
 *   summary.c  events per provider, losses, the closing summary
 *   decode.c   an event's fields through TDH, its extended items
 *   header.c   the EventTrace header event, and --header
 *   filter.c   --provider, --level, --keywords, --id, --since, --until
 *   text.c     the text output (one line per event)
 *   json.c     the --json output (one object per line)
 *   csv.c      the --csv output (tracerpt -of CSV's columns)
 *   xml.c      the --xml output (tracerpt -of XML's events)
 *   damage.c   what ProcessTrace skipped in damaged files, and why
 *   chrome.c   --chrome FILE: Trace Event JSON (Perfetto, chrome://tracing)
 *   ctf.c      --ctf DIR: a CTF 1.8 trace (babeltrace2, Trace Compass)
 *   report.c   --report FILE.html: a visual summary, one self-contained page
 *   report_svg.c  the report's charts (inline SVG)
 *   view.c     an event's names and fields as the file formats see them
 *   progress.c progress on a terminal while reading
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

#include "decode.h"

#define MAX_FILES 64

struct provider_count {
	GUID guid;
	unsigned long long n;
};

/* What the summary reports, added up over every trace. */
struct totals {
	ULONG status;			/* what ProcessTrace returned */
	unsigned long long events;
	unsigned long long events_lost, buffers_lost, buffers_read;
	double secs;
	int interrupted;
	const struct provider_count *prov;	/* most events first */
	size_t nprov;
	struct etw_trace_damage_totals damage;	/* of every file */
};

struct output {
	void (*begin)(FILE *f);		/* may be NULL */
	/* @d: decoded; @guid: the provider as text; @when: the time as text. */
	void (*event)(FILE *f, PEVENT_RECORD er, const struct decoded *d,
		      const char *guid, const char *when);
	void (*end)(FILE *f);		/* may be NULL */
	void (*summary)(FILE *f, const struct totals *t);
	int json_header;		/* --header as a JSON object */
	/* One damaged place of @file that ProcessTrace skipped. */
	void (*damage)(const char *file, const struct etw_trace_damage *d);
	/*
	 * File formats: open @path before ProcessTrace, close (finish and
	 * write out) after it; 0, or -1 with a message printed.  @f of
	 * event and summary is then NULL.
	 */
	int (*open)(const char *path);
	int (*close)(const struct totals *t);
	/* Losses seen after a buffer (real time: as they happen). */
	void (*lost)(LONGLONG when, unsigned long long events,
		     unsigned long long buffers);
};

extern const struct output output_text, output_json, output_csv, output_xml;

/* What --provider, --level, --keywords and --id keep. */
struct filter {
	GUID guids[64];
	int nguids;
	const char *names[64];
	int nnames;
	int level;			/* -1: any */
	ULONGLONG keywords;		/* 0: any */
	USHORT ids[256];
	int nids;
	FILETIME since, until;		/* 0: open */
};

extern const struct output output_chrome, output_ctf, output_report;

#define MAX_FILE_OUTPUTS 3

struct file_output {
	const struct output *out;
	const char *path;
};

struct etwdump {
	const struct output *out;
	int raw, quiet, header;
	int no_decode;			/* --no-decode: hex payloads, no TDH */
	struct filter filter;
	struct file_output fouts[MAX_FILE_OUTPUTS];	/* --chrome, --ctf, --report */
	int nfouts;
	int no_progress;
	const char *session;		/* --session NAME, else NULL */
	LONGLONG last_time;		/* of the last event delivered */
	unsigned long long max;		/* 0 = no limit */
	int nh;
	PROCESSTRACE_HANDLE h[MAX_FILES];
	EVENT_TRACE_LOGFILEA lf[MAX_FILES];
	ULONG events_lost[MAX_FILES];	/* as the last BufferCallback saw */
	ULONG buffers_lost[MAX_FILES];
	ULONG buffers_read[MAX_FILES];
	unsigned long long events, shown;
	struct provider_count *prov;
	size_t nprov, prov_cap;
	pthread_mutex_t lock;		/* closed, handles */
	int closed, interrupted;
	struct timespec t0;
	const char *files[MAX_FILES];	/* the paths given; NULL: a session */
	struct etw_trace_damage_totals damage;
};

extern struct etwdump dump;

/* consume.c */
void close_all(void);
VOID WINAPI on_event(PEVENT_RECORD er);
ULONG WINAPI on_buffer(PEVENT_TRACE_LOGFILEA lf);
void *signal_main(void *arg);

/* damage.c */
void report_damage(void);
void report_open_error(const char *file, ULONG err, const char *name);

/* fmt.c */
void guid_str(const GUID *g, char out[37]);
void iso_time(LONGLONG ft, char out[96]);
void put_utf16(FILE *f, const unsigned char *s, size_t n, int json);
void put_hex(FILE *f, const void *p, size_t n);
void put_json_str(FILE *f, const char *s);
void put_xml_str(FILE *f, const char *s);
void put_text_value(FILE *f, const char *s);

/* header.c */
void print_header(FILE *f, int i, int json, const char *logger);

/* filter.c */
int filter_option(const char *opt, const char *arg);	/* 1 taken, 0 not, -1 bad */
int filter_before(PEVENT_RECORD er);			/* keep, judged by the header */
int filter_after(PEVENT_RECORD er, const struct decoded *d);	/* keep, by name */
const char *filter_usage(void);

/* summary.c */
void count_provider(const GUID *guid);
int summary(ULONG status);

/* fmt.c: shared by the file formats */
long long filetime_ns(LONGLONG ft);	/* ns since 1970 (raw: as is) */
int event_is_header(PEVENT_RECORD er);	/* the EventTrace header event */

/* progress.c */
void progress_start(char *const *files, int nfiles);
void progress_stop(void);

#endif /* _TOOLS_ETWDUMP_H */
