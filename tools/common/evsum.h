/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The summary of a trace (tracerpt -summary): events per provider, per
 * event type and per process, the trace's first and last event, and what
 * was lost.  etwdump (--summary and its closing lines, the report page)
 * and etwctl record count with it, so their numbers agree.
 *
 * An event type is what identifies an event: provider, id, version,
 * opcode and task (classic events differ by opcode alone: Image/DCStart
 * and Image/Unload are both id 0), and for TraceLogging the event's
 * name.  A process is named by the trace's own process events
 * (Process/Start, DCStart, End, DCEnd: ImageFileName of ProcessId), the
 * last one seen for a pid; when reading a live session of this machine,
 * by /proc/PID/comm when the trace has none.  The machine's name is the
 * ComputerName of the trace's SystemConfig/CPU event, when it has one.
 */
#ifndef _TOOLS_COMMON_EVSUM_H
#define _TOOLS_COMMON_EVSUM_H

#include <stddef.h>
#include <stdio.h>

#include <windows.h>
#include <evntcons.h>
#include <libetw.h>

#include "common/decode.h"
#include "common/json.h"

struct evsum_type {
	GUID guid;
	USHORT id, task;
	UCHAR version, opcode, level;	/* level: of the first such event */
	int tl;				/* TraceLogging: keyed by name too */
	char *provider, *event;		/* label.h */
	unsigned long long n;
};

struct evsum_provider {
	GUID guid;
	char *name;
	unsigned long long n;
};

struct evsum_process {
	ULONG pid;
	char *name;			/* NULL: not known */
	unsigned long long n;
};

struct evsum {
	unsigned long long events;
	LONGLONG first, last;		/* the times of the first and last event */
	int live;			/* events of this machine, now: /proc names */
	char *host;			/* SystemConfig/CPU's ComputerName, or NULL */
	struct evsum_type *types;
	struct evsum_provider *provs;
	struct evsum_process *procs;
	size_t ntypes, nprovs, nprocs;
	/* private */
	size_t cap_types, cap_provs, cap_procs;
	unsigned *tab;			/* open addressing: index + 1, 0 empty */
	size_t tab_size;
	unsigned *ptab;
	size_t ptab_size;
	size_t last_type, last_prov;	/* the last event's, + 1 (0: none) */
	size_t last_proc;
	ULONG last_pid;
};

/* What the summary says beside the counts. */
struct evsum_info {
	const char *const *files;	/* the traces read, or NULL */
	int nfiles;
	const char *session;		/* or the session followed */
	ULONG status;			/* what ProcessTrace returned */
	unsigned long long events_lost, buffers_lost, buffers_read;
	double read_secs;		/* how long reading took */
	int interrupted;		/* stopped by a signal */
	int raw;			/* times are the raw session clock */
	struct etw_trace_damage_totals damage;
};

void evsum_init(struct evsum *s);
void evsum_free(struct evsum *s);

/*
 * Count @er (decoded as @d, or NULL).  Returns its type's index in
 * s->types; *@proc gets its process's index in s->procs.  Indexes stay
 * what they are while counting.
 */
size_t evsum_add(struct evsum *s, PEVENT_RECORD er, const struct decoded *d,
		 size_t *proc);

/*
 * Indexes of s->types, s->provs or s->procs, most events first (ties:
 * first seen first), malloc'ed; NULL when empty or out of memory.
 */
size_t *evsum_order(const struct evsum *s, char what);	/* 't', 'p', 'r' */

/* Name process @pid, unless the trace named it (a program it started). */
void evsum_name_process(struct evsum *s, ULONG pid, const char *name);

/* A process's name, or "pid N" into @buf. */
const char *evsum_process_name(const struct evsum_process *p, char *buf,
			       size_t size);

/*
 * The whole summary as text (tracerpt -summary's tables), or as the
 * members of a JSON object (the caller opens and closes it, and may add
 * its own): files or session, events, events_lost, buffers_lost,
 * buffers_read, status, interrupted, first, last, span_seconds,
 * read_seconds, damage, providers, event_types, processes.
 */
void evsum_print(FILE *f, const struct evsum *s, const struct evsum_info *in);
/* One element of the lists: {guid, name, events}; {guid, provider, event,
 * id, version, opcode, task, level, events}; {pid, name, events}. */
void evsum_json_provider(struct json *j, const struct evsum *s, size_t i);
void evsum_json_type(struct json *j, const struct evsum *s, size_t i);
void evsum_json_process(struct json *j, const struct evsum *s, size_t i);
/*
 * One list ("providers", "event_types" or "processes" for @what 'p',
 * 't', 'r'): most events first when @sorted (processes without events
 * left out), else in the order of the indexes.
 */
void evsum_json_list(struct json *j, const struct evsum *s, char what, int sorted);
void evsum_json_members(struct json *j, const struct evsum *s,
			const struct evsum_info *in);

/* The trace's span as text: "FIRST to LAST (SPAN)"; "" without events. */
const char *evsum_span(const struct evsum *s, int raw, char *buf, size_t size);

#endif /* _TOOLS_COMMON_EVSUM_H */
