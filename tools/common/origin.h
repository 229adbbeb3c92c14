/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Where an event comes from, as a fleet store keys it (etw-export's rows,
 * etwdump --json --identity): the host, its boot, the session and when it
 * started, the file, and the event's number in that stream.  Read twice,
 * the same event gets the same six values, so a store can drop the second
 * copy (tools/etw-export/schema.sql keys its tables on them).
 *
 *   a live session: boot_id is this machine's boot
 *     (/proc/sys/kernel/random/boot_id), start the session's start time
 *     (FILETIME), file is "", seq counts the events read from 1
 *     (etw-export adds its run number, run << 40, so that its restarts
 *     never reuse a number);
 *   a file: boot_id names the boot the file was recorded in (the ETW
 *     name hash of "boot:" and its header's BootTime: the same for every
 *     file of that boot), session is the logger name its header event
 *     gives, start its header's StartTime, file its base name, seq the
 *     event's number in the file (the header event is 1).
 */
#ifndef _TOOLS_COMMON_ORIGIN_H
#define _TOOLS_COMMON_ORIGIN_H

#include <stddef.h>

#include <windows.h>
#include <evntcons.h>
#include <evntrace.h>

#include "common/json.h"

struct origin {
	char host[256];
	char boot_id[40];	/* xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx */
	char session[256];
	unsigned long long start;	/* FILETIME */
	char file[256];
	unsigned long long seq;	/* the event's number */
};

/* This machine's name (gethostname) into @buf; 0 or -1. */
int origin_hostname(char *buf, size_t size);

/*
 * The trace @lf opened (OpenTrace filled its LogfileHeader): a live
 * session of this machine (LoggerName) or a file (LogFileName), read on
 * the host named @host.  A file's session is its name without ".etl"
 * until origin_header() learns the logger's.
 */
void origin_init(struct origin *o, const char *host, const EVENT_TRACE_LOGFILEA *lf);

/*
 * If @er is the trace's header event (EventTrace, opcode 0), take the
 * logger's name from it as the session.  Returns whether it was.
 */
int origin_header(struct origin *o, PEVENT_RECORD er);

/* The six members: "host", "boot_id", "session", "start", "file", "seq". */
void origin_json(struct json *j, const struct origin *o);

#endif /* _TOOLS_COMMON_ORIGIN_H */
