// SPDX-License-Identifier: GPL-2.0-only
/*
 * EVENT_TRACE_PROPERTIES blocks with room for both names: made, shown
 * (text or JSON), and filled by looking a session up by name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "etwctl.h"
#include "autologger.h"
#include "shared/etw_etl.h"

void props_init(struct props *b)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.LoggerNameOffset = offsetof(struct props, name);
	b->p.LogFileNameOffset = offsetof(struct props, file);
}

struct props *props_new(void)
{
	struct props *b = malloc(sizeof(*b));

	if (!b) {
		fprintf(stderr, "etwctl: out of memory\n");
		exit(EXIT_API);
	}
	props_init(b);
	return b;
}

/* The logger id is the low 16 bits of a session handle (uapi/linux/etw.h). */
unsigned int logger_id(CONTROLTRACE_ID h)
{
	return (unsigned int)(h & 0xFFFF);
}

static const struct {
	ULONG bit;
	const char *name;
} mode_names[] = {
	{ EVENT_TRACE_FILE_MODE_SEQUENTIAL, "sequential" },
	{ EVENT_TRACE_FILE_MODE_CIRCULAR, "circular" },
	{ EVENT_TRACE_FILE_MODE_APPEND, "append" },
	{ EVENT_TRACE_FILE_MODE_NEWFILE, "newfile" },
	{ EVENT_TRACE_FILE_MODE_PREALLOCATE, "preallocate" },
	{ EVENT_TRACE_NONSTOPPABLE_MODE, "nonstoppable" },
	{ EVENT_TRACE_SECURE_MODE, "secure" },
	{ EVENT_TRACE_REAL_TIME_MODE, "real-time" },
	{ EVENT_TRACE_BUFFERING_MODE, "buffering" },
	{ EVENT_TRACE_PRIVATE_LOGGER_MODE, "private" },
	{ EVENT_TRACE_USE_KBYTES_FOR_SIZE, "kbytes-for-size" },
	{ EVENT_TRACE_USE_GLOBAL_SEQUENCE, "global-sequence" },
	{ EVENT_TRACE_USE_LOCAL_SEQUENCE, "local-sequence" },
	{ EVENT_TRACE_PRIVATE_IN_PROC, "private-in-proc" },
	{ EVENT_TRACE_USE_PAGED_MEMORY, "paged-memory" },
	{ EVENT_TRACE_SYSTEM_LOGGER_MODE, "system-logger" },
	{ EVENT_TRACE_INDEPENDENT_SESSION_MODE, "independent" },
	{ EVENT_TRACE_NO_PER_PROCESSOR_BUFFERING, "no-per-cpu" },
};

/* "real-time, no-per-cpu" (or "none") into @buf. */
const char *mode_text(ULONG mode, char *buf, size_t size)
{
	size_t i, n = 0;

	buf[0] = 0;
	for (i = 0; i < sizeof(mode_names) / sizeof(mode_names[0]); i++)
		if (mode & mode_names[i].bit)
			n += snprintf(buf + n, n < size ? size - n : 0, "%s%s",
				      n ? ", " : "", mode_names[i].name);
	if (!n)
		snprintf(buf, size, "none");
	return buf;
}

const char *clock_name(ULONG c)
{
	switch (c) {
	case 0:
	case 1:
		return "qpc";
	case 2:
		return "system";
	case 3:
		return "cycles";
	default:
		return "unknown";
	}
}

/* FILETIME (100 ns since 1601) as ISO 8601 UTC. */
const char *filetime_text(LONGLONG ft, char *buf, size_t size)
{
	struct tm tm;
	time_t t;

	if (ft <= (LONGLONG)ETL_FILETIME_UNIX_EPOCH) {
		snprintf(buf, size, "-");
		return buf;
	}
	t = (time_t)((ft - (LONGLONG)ETL_FILETIME_UNIX_EPOCH) / 10000000);
	gmtime_r(&t, &tm);
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return buf;
}

const char *props_name(const struct props *b)
{
	return b->name;
}

const char *props_file(const struct props *b)
{
	return b->p.LogFileNameOffset && b->file[0] ? b->file : NULL;
}

/* TraceStreamCount for a running session; 0 if it cannot be had. */
ULONG stream_count(CONTROLTRACE_ID h)
{
	ULONG n = 0, len = 0;

	if (TraceQueryInformation(h, TraceStreamCount, &n, sizeof(n), &len))
		return 0;
	return n;
}

/* The session's blocking timeout (ms), 0 when writers drop and count. */
static ULONG blocking_ms(const EVENT_TRACE_PROPERTIES *p)
{
	ULONG ms = 0, len = 0;

	if (TraceQueryInformation(p->Wnode.HistoricalContext,
				  ETW_TRACE_BLOCKING_INFO, &ms, sizeof(ms),
				  &len) != ERROR_SUCCESS)
		return 0;
	return ms;
}

void session_json_members(const struct props *b, ULONG streams)
{
	const EVENT_TRACE_PROPERTIES *p = &b->p;
	char g[ETW_GUID_STR_LEN], t[64];
	size_t i;

	json_str(&jout, "name", props_name(b));
	json_u64(&jout, "logger_id", logger_id(p->Wnode.HistoricalContext));
	json_u64(&jout, "handle", p->Wnode.HistoricalContext);
	json_str(&jout, "guid", etw_guid_str(&p->Wnode.Guid, g));
	json_u64(&jout, "log_file_mode", p->LogFileMode);
	json_key(&jout, "modes");
	json_open(&jout, '[');
	for (i = 0; i < sizeof(mode_names) / sizeof(mode_names[0]); i++)
		if (p->LogFileMode & mode_names[i].bit)
			json_str(&jout, NULL, mode_names[i].name);
	json_close(&jout, ']');
	json_str(&jout, "clock", clock_name(p->Wnode.ClientContext));
	json_str(&jout, "log_file", props_file(b));
	json_u64(&jout, "buffer_size_kb", p->BufferSize);
	json_u64(&jout, "min_buffers", p->MinimumBuffers);
	json_u64(&jout, "max_buffers", p->MaximumBuffers);
	json_u64(&jout, "max_file_size_mb", p->MaximumFileSize);
	json_u64(&jout, "flush_timer", p->FlushTimer);
	json_u64(&jout, "blocking_ms", blocking_ms(p));
	json_u64(&jout, "enable_flags", p->EnableFlags);
	json_u64(&jout, "number_of_buffers", p->NumberOfBuffers);
	json_u64(&jout, "free_buffers", p->FreeBuffers);
	json_u64(&jout, "events_lost", p->EventsLost);
	json_u64(&jout, "buffers_written", p->BuffersWritten);
	json_u64(&jout, "log_buffers_lost", p->LogBuffersLost);
	json_u64(&jout, "real_time_buffers_lost", p->RealTimeBuffersLost);
	if (streams)
		json_u64(&jout, "streams", streams);
	json_str(&jout, "start_time", filetime_text(p->Wnode.TimeStamp.QuadPart, t,
					  sizeof(t)));
}

static void session_text(const struct props *b, ULONG streams)
{
	const EVENT_TRACE_PROPERTIES *p = &b->p;
	char g[ETW_GUID_STR_LEN], m[256], t[64];

	kv("Session", "%s", props_name(b));
	kv("Logger id", "%u", logger_id(p->Wnode.HistoricalContext));
	kv("Handle", "0x%016llx", p->Wnode.HistoricalContext);
	kv("Guid", "{%s}", etw_guid_str(&p->Wnode.Guid, g));
	kv("Mode", "0x%08x (%s)", p->LogFileMode,
	   mode_text(p->LogFileMode, m, sizeof(m)));
	kv("Clock", "%s", clock_name(p->Wnode.ClientContext));
	kv("Log file", "%s", props_file(b) ? props_file(b) : "-");
	kv("Buffer size", "%u KB", p->BufferSize);
	kv("Buffers (min/max)", "%u / %u", p->MinimumBuffers,
	   p->MaximumBuffers);
	kv("Buffers allocated", "%u (%u free)", p->NumberOfBuffers,
	   p->FreeBuffers);
	if (p->MaximumFileSize)
		kv("Maximum file size", "%u MB", p->MaximumFileSize);
	else
		kv("Maximum file size", "unlimited");
	kv("Flush timer", "%u s", p->FlushTimer);
	if (blocking_ms(p))
		kv("Writers", "wait up to %u ms for free buffers (blocking)",
		   blocking_ms(p));
	if (p->EnableFlags) {
		char names[512];

		kv("Enable flags", "0x%08x (%s)", p->EnableFlags,
		   kflags_text(p->EnableFlags, names, sizeof(names)));
	}
	if (streams)
		kv("Buffer streams", "%u", streams);
	kv("Events lost", "%u", p->EventsLost);
	kv("Buffers written", "%u", p->BuffersWritten);
	kv("Log buffers lost", "%u", p->LogBuffersLost);
	kv("Real-time buffers lost", "%u", p->RealTimeBuffersLost);
	kv("Started", "%s", filetime_text(p->Wnode.TimeStamp.QuadPart, t,
					  sizeof(t)));
}

/* The session, as text or as one JSON object. */
void session_show(const struct props *b, ULONG streams)
{
	if (json) {
		json_open(&jout, '{');
		session_json_members(b, streams);
		json_close(&jout, '}');
		json_end(&jout);
	} else {
		session_text(b, streams);
	}
}

/* Look a session up by name; its handle in *h.  Prints the error. */
int session_lookup(const char *name, CONTROLTRACE_ID *h)
{
	struct props *b = props_new();
	ULONG st;

	set_what("session '%s'", name);
	st = QueryTraceA(0, name, &b->p);
	*h = b->p.Wnode.HistoricalContext;
	free(b);
	if (st != ERROR_SUCCESS)
		return api_fail("QueryTrace", st, NULL);
	return 0;
}

const char *logfile_hint(ULONG st)
{
	if (st == ERROR_NOT_SUPPORTED && !have_feature(ETW_FEAT_LOGFILE))
		return "this etw.ko does not support log files yet (no 'logfile' feature)";
	return NULL;
}

/* Copy a file path into the properties block (at LogFileNameOffset). */
int props_set_file(struct props *b, const char *path)
{
	if (strlen(path) >= sizeof(b->file))
		return usage_err("log file path too long");
	strcpy(b->file, path);
	return 0;
}


/* ===== the session options etwctl start and autologger create share === */

#define FILE_MODES	(EVENT_TRACE_FILE_MODE_SEQUENTIAL | \
			 EVENT_TRACE_FILE_MODE_CIRCULAR | \
			 EVENT_TRACE_FILE_MODE_APPEND | \
			 EVENT_TRACE_FILE_MODE_NEWFILE)

int session_opt(int c, const char *arg, EVENT_TRACE_PROPERTIES *p,
		ULONG *file_mode)
{
	ULONG *u;
	const char *what;

	switch (c) {
	case OPT_MODE:
		if (al_parse_mode(arg, file_mode) || (*file_mode & ~FILE_MODES))
			return usage_err("--mode: sequential, circular, append or newfile");
		return 0;
	case OPT_CLOCK:
		if (al_parse_clock(arg, &p->Wnode.ClientContext))
			return usage_err("--clock: qpc, system or cycles");
		return 0;
	case OPT_BUFFER_KB:
		u = &p->BufferSize;
		what = "--buffer-kb: a number of KB";
		break;
	case OPT_MIN_BUFFERS:
		u = &p->MinimumBuffers;
		what = "--min-buffers: a number";
		break;
	case OPT_MAX_BUFFERS:
		u = &p->MaximumBuffers;
		what = "--max-buffers: a number";
		break;
	case OPT_MAX_FILE_MB:
		u = &p->MaximumFileSize;
		what = "--max-file-mb: a number of MB";
		break;
	case OPT_FLUSH_TIMER:
		u = &p->FlushTimer;
		what = "--flush-timer: a number of seconds";
		break;
	default:
		return -1;
	}
	if (parse_u32(arg, UINT32_MAX, u))
		return usage_err("%s", what);
	return 0;
}

void session_default_mode(EVENT_TRACE_PROPERTIES *p, int has_file)
{
	if (has_file) {
		/* A log file without a mode is a sequential one. */
		if (!(p->LogFileMode & FILE_MODES))
			p->LogFileMode |= EVENT_TRACE_FILE_MODE_SEQUENTIAL;
	} else if (!(p->LogFileMode & (EVENT_TRACE_REAL_TIME_MODE |
				      EVENT_TRACE_BUFFERING_MODE |
				      EVENT_TRACE_PRIVATE_LOGGER_MODE))) {
		/* Events must go somewhere: real time unless told otherwise. */
		p->LogFileMode |= EVENT_TRACE_REAL_TIME_MODE;
	}
}
