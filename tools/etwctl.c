// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl: control Linux ETW sessions, in the spirit of Windows tracelog
 * and logman.  Human-readable output by default, --json for scripts.
 *
 * Built on the public Windows API of libetw (StartTrace, ControlTrace and
 * its forms, QueryAllTraces, EnableTraceEx2, TraceSetInformation,
 * TraceQueryInformation, EnumerateTraceGuidsEx) and the native layer
 * (etw_get_info); raw ioctls only for what has no Windows API:
 * provider-group ACLs.
 *
 * Exit status: 0 success, 1 an API call failed, 2 usage error.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/ioctl.h>

#include <windows.h>
#include <evntrace.h>
#include <evntprov.h>

#include "libetw.h"
#include "etw_guid.h"

#define EXIT_API	1
#define EXIT_USAGE	2

static int json;		/* --json */
static const char *cur_cmd;	/* for messages */

/* ===== Win32 status codes by name ===================================== */

#define E(x) { x, #x }
static const struct {
	ULONG code;
	const char *name;
} win32_names[] = {
	E(ERROR_SUCCESS), E(ERROR_INVALID_FUNCTION), E(ERROR_FILE_NOT_FOUND),
	E(ERROR_PATH_NOT_FOUND), E(ERROR_ACCESS_DENIED),
	E(ERROR_INVALID_HANDLE), E(ERROR_NOT_ENOUGH_MEMORY),
	E(ERROR_BAD_FORMAT), E(ERROR_INVALID_DATA), E(ERROR_OUTOFMEMORY),
	E(ERROR_BAD_LENGTH), E(ERROR_HANDLE_EOF), E(ERROR_NOT_SUPPORTED),
	E(ERROR_INVALID_PARAMETER), E(ERROR_DISK_FULL),
	E(ERROR_INSUFFICIENT_BUFFER), E(ERROR_INVALID_NAME),
	E(ERROR_BAD_ARGUMENTS), E(ERROR_BAD_PATHNAME), E(ERROR_BUSY),
	E(ERROR_ALREADY_EXISTS), E(ERROR_INVALID_FLAG_NUMBER),
	E(ERROR_MORE_DATA), E(ERROR_NO_MORE_ITEMS),
	E(ERROR_ARITHMETIC_OVERFLOW), E(ERROR_NOACCESS), E(ERROR_INVALID_FLAGS),
	E(ERROR_NOT_FOUND), E(ERROR_CANCELLED), E(ERROR_PRIVILEGE_NOT_HELD),
	E(ERROR_FILE_CORRUPT), E(ERROR_NO_SYSTEM_RESOURCES), E(ERROR_TIMEOUT),
	E(ERROR_INVALID_TIME), E(ERROR_WMI_GUID_NOT_FOUND),
	E(ERROR_WMI_INSTANCE_NOT_FOUND), E(ERROR_WMI_ALREADY_ENABLED),
	E(ERROR_WMI_SERVER_UNAVAILABLE), E(ERROR_WMI_ALREADY_DISABLED),
	E(ERROR_INVALID_STATE), E(ERROR_CTX_CLOSE_PENDING),
	E(ERROR_EVT_INVALID_EVENT_DATA), E(STATUS_LOG_FILE_FULL),
};
#undef E

static const char *win32_name(ULONG code)
{
	size_t i;

	for (i = 0; i < sizeof(win32_names) / sizeof(win32_names[0]); i++)
		if (win32_names[i].code == code)
			return win32_names[i].name;
	return "ERROR_UNKNOWN";
}

/* ===== JSON output ===================================================== */

/* Whether the next member/element needs a comma before it. */
static int j_more;

static void j_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c == '\n')
			fputs("\\n", stdout);
		else if (c == '\t')
			fputs("\\t", stdout);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void j_sep(void)
{
	if (j_more)
		putchar(',');
	j_more = 1;
}

static void j_open(char c)
{
	putchar(c);
	j_more = 0;
}

static void j_close(char c)
{
	putchar(c);
	j_more = 1;
}

/* "key": -- then the value */
static void j_key(const char *k)
{
	j_sep();
	j_string(k);
	putchar(':');
	j_more = 0;
}

static void j_str(const char *k, const char *v)
{
	j_key(k);
	if (v)
		j_string(v);
	else
		fputs("null", stdout);
	j_more = 1;
}

static void j_u64(const char *k, uint64_t v)
{
	j_key(k);
	printf("%" PRIu64, v);
	j_more = 1;
}

static void j_bool(const char *k, int v)
{
	j_key(k);
	fputs(v ? "true" : "false", stdout);
	j_more = 1;
}

/* An element of an array. */
static void j_elem_str(const char *v)
{
	j_sep();
	j_string(v);
}

static void j_end(void)
{
	putchar('\n');
	j_more = 0;
}

/* ===== Human-readable output ========================================== */

/* One aligned "key  value" line. */
static void kv(const char *key, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void kv(const char *key, const char *fmt, ...)
{
	va_list ap;

	printf("%-24s ", key);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* ===== Errors ========================================================== */

/*
 * An API call failed: "etwctl: StartTrace: ERROR_ALREADY_EXISTS (183)" on
 * stderr (and a JSON object on stdout with --json).  Returns EXIT_API.
 */
static int api_fail(const char *api, ULONG status, const char *hint)
{
	fprintf(stderr, "etwctl: %s: %s (%u)\n", api, win32_name(status),
		status);
	if (hint)
		fprintf(stderr, "etwctl: %s\n", hint);
	if (json) {
		j_open('{');
		j_str("command", cur_cmd);
		j_str("api", api);
		j_str("error", win32_name(status));
		j_u64("code", status);
		if (hint)
			j_str("hint", hint);
		j_close('}');
		j_end();
	}
	return EXIT_API;
}

/* A native-layer call failed with -errno. */
static int native_fail(const char *what, int err)
{
	const char *name = strerrorname_np(-err);

	fprintf(stderr, "etwctl: %s: %s (%d): %s\n", what,
		name ? name : "E?", -err, etw_strerror(err));
	if (json) {
		j_open('{');
		j_str("command", cur_cmd);
		j_str("api", what);
		j_str("error", name ? name : "E?");
		j_u64("errno", (uint64_t)-err);
		j_close('}');
		j_end();
	}
	return EXIT_API;
}

static void usage_cmd(FILE *f, const char *name);

static int usage_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int usage_err(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "etwctl %s: ", cur_cmd ? cur_cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (cur_cmd)
		usage_cmd(stderr, cur_cmd);
	return EXIT_USAGE;
}

/* ===== Argument parsing ================================================ */

static int parse_u64(const char *s, int base, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!*s || *s == '-')
		return -1;
	errno = 0;
	v = strtoull(s, &end, base);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

static int parse_u32(const char *s, uint32_t max, ULONG *out)
{
	uint64_t v;

	if (parse_u64(s, 0, max, &v))
		return -1;
	*out = (ULONG)v;
	return 0;
}

static int parse_level(const char *s, UCHAR *out)
{
	static const char *const names[] = {
		"none", "critical", "error", "warning", "information", "verbose",
	};
	ULONG v;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcasecmp(s, names[i])) {
			*out = (UCHAR)i;
			return 0;
		}
	}
	if (!strcasecmp(s, "info")) {
		*out = TRACE_LEVEL_INFORMATION;
		return 0;
	}
	if (parse_u32(s, 255, &v))
		return -1;
	*out = (UCHAR)v;
	return 0;
}

static const char *guid_text(const GUID *g, char *buf)
{
	return etw_guid_str(g, buf);
}

/* ===== EVENT_TRACE_PROPERTIES with room for both names =============== */

/*
 * One allocation: the struct, the session name at LoggerNameOffset, the
 * log file name at LogFileNameOffset (reference 2.2), zeroed.
 */
struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[ETW_MAX_NAME_BYTES + 1];
	char file[ETW_MAX_PATH_BYTES + 1];
};

static void props_init(struct props *b)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.LoggerNameOffset = offsetof(struct props, name);
	b->p.LogFileNameOffset = offsetof(struct props, file);
}

static struct props *props_new(void)
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
static unsigned int logger_id(CONTROLTRACE_ID h)
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
static const char *mode_text(ULONG mode, char *buf, size_t size)
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

static const char *clock_name(ULONG c)
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
static const char *filetime_text(LONGLONG ft, char *buf, size_t size)
{
	struct tm tm;
	time_t t;

	if (ft <= 116444736000000000LL) {
		snprintf(buf, size, "-");
		return buf;
	}
	t = (time_t)((ft - 116444736000000000LL) / 10000000);
	gmtime_r(&t, &tm);
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return buf;
}

static const char *props_name(const struct props *b)
{
	return b->name;
}

static const char *props_file(const struct props *b)
{
	return b->p.LogFileNameOffset && b->file[0] ? b->file : NULL;
}

/* TraceStreamCount for a running session; 0 if it cannot be had. */
static ULONG stream_count(CONTROLTRACE_ID h)
{
	ULONG n = 0, len = 0;

	if (TraceQueryInformation(h, TraceStreamCount, &n, sizeof(n), &len))
		return 0;
	return n;
}

static void session_json_members(const struct props *b, ULONG streams)
{
	const EVENT_TRACE_PROPERTIES *p = &b->p;
	char g[ETW_GUID_STR_LEN], t[64];
	size_t i;

	j_str("name", props_name(b));
	j_u64("logger_id", logger_id(p->Wnode.HistoricalContext));
	j_u64("handle", p->Wnode.HistoricalContext);
	j_str("guid", guid_text(&p->Wnode.Guid, g));
	j_u64("log_file_mode", p->LogFileMode);
	j_key("modes");
	j_open('[');
	for (i = 0; i < sizeof(mode_names) / sizeof(mode_names[0]); i++)
		if (p->LogFileMode & mode_names[i].bit)
			j_elem_str(mode_names[i].name);
	j_close(']');
	j_str("clock", clock_name(p->Wnode.ClientContext));
	j_str("log_file", props_file(b));
	j_u64("buffer_size_kb", p->BufferSize);
	j_u64("min_buffers", p->MinimumBuffers);
	j_u64("max_buffers", p->MaximumBuffers);
	j_u64("max_file_size_mb", p->MaximumFileSize);
	j_u64("flush_timer", p->FlushTimer);
	j_u64("enable_flags", p->EnableFlags);
	j_u64("number_of_buffers", p->NumberOfBuffers);
	j_u64("free_buffers", p->FreeBuffers);
	j_u64("events_lost", p->EventsLost);
	j_u64("buffers_written", p->BuffersWritten);
	j_u64("log_buffers_lost", p->LogBuffersLost);
	j_u64("real_time_buffers_lost", p->RealTimeBuffersLost);
	if (streams)
		j_u64("streams", streams);
	j_str("start_time", filetime_text(p->Wnode.TimeStamp.QuadPart, t,
					  sizeof(t)));
}

static void session_text(const struct props *b, ULONG streams)
{
	const EVENT_TRACE_PROPERTIES *p = &b->p;
	char g[ETW_GUID_STR_LEN], m[256], t[64];

	kv("Session", "%s", props_name(b));
	kv("Logger id", "%u", logger_id(p->Wnode.HistoricalContext));
	kv("Handle", "0x%016llx", p->Wnode.HistoricalContext);
	kv("Guid", "{%s}", guid_text(&p->Wnode.Guid, g));
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
	if (p->EnableFlags)
		kv("Enable flags", "0x%08x", p->EnableFlags);
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
static void session_show(const struct props *b, ULONG streams)
{
	if (json) {
		j_open('{');
		session_json_members(b, streams);
		j_close('}');
		j_end();
	} else {
		session_text(b, streams);
	}
}

/* Look a session up by name; its handle in *h.  Prints the error. */
static int session_lookup(const char *name, CONTROLTRACE_ID *h)
{
	struct props *b = props_new();
	ULONG st;

	st = QueryTraceA(0, name, &b->p);
	*h = b->p.Wnode.HistoricalContext;
	free(b);
	if (st != ERROR_SUCCESS)
		return api_fail("QueryTrace", st, NULL);
	return 0;
}

/* Whether the loaded etw.ko reports a feature (ETW_FEAT_*). */
static int have_feature(uint64_t bit)
{
	struct etw_info info;

	return etw_get_info(-1, &info) == 0 && (info.features & bit);
}

static const char *logfile_hint(ULONG st)
{
	if (st == ERROR_NOT_SUPPORTED && !have_feature(ETW_FEAT_LOGFILE))
		return "this etw.ko does not support log files yet (no 'logfile' feature)";
	return NULL;
}

static const char *update_file_hint(ULONG st)
{
	const char *h = logfile_hint(st);

	if (h || st != ERROR_NOT_SUPPORTED)
		return h;
	return "this etw.ko cannot switch a running session's log file yet";
}

/* ===== Option plumbing ================================================= */

enum {
	OPT_JSON = 0x100, OPT_HELP,
	OPT_REALTIME, OPT_FILE, OPT_MODE, OPT_BUFFERING, OPT_NO_PER_CPU,
	OPT_BUFFER_KB, OPT_MIN_BUFFERS, OPT_MAX_BUFFERS, OPT_MAX_FILE_MB,
	OPT_FLUSH_TIMER, OPT_CLOCK, OPT_PRIVATE, OPT_GUID,
	OPT_LEVEL, OPT_ANY, OPT_ALL, OPT_GROUP, OPT_SOURCE, OPT_PROPERTY,
	OPT_PID, OPT_EXE, OPT_EVENT_IDS, OPT_TIMEOUT,
};

#define COMMON_OPTS \
	{ "json", no_argument, NULL, OPT_JSON }, \
	{ "help", no_argument, NULL, OPT_HELP }

/*
 * getopt_long over a subcommand's argv (argv[0] = the command).  Returns
 * the option, -1 at the end, or 0 after handling --json; -2 for --help,
 * -3 for an error (message printed).
 */
static int next_opt(int argc, char **argv, const struct option *opts)
{
	int c;

	for (;;) {
		c = getopt_long(argc, argv, ":h", opts, NULL);
		switch (c) {
		case OPT_JSON:
			json = 1;
			continue;
		case 'h':
		case OPT_HELP:
			return -2;
		case ':':
			usage_err("option '%s' needs a value", argv[optind - 1]);
			return -3;
		case '?':
			usage_err("unknown option '%s'", argv[optind - 1]);
			return -3;
		default:
			return c;
		}
	}
}

/* Positional arguments after option parsing. */
static int nargs(int argc)
{
	return argc - optind;
}

/* Option loop epilogue: -2 help (exit 0), -3 usage error. */
static int opt_end(int c)
{
	if (c == -2) {
		usage_cmd(stdout, cur_cmd);
		return 0;
	}
	return EXIT_USAGE;
}

static int arg_guid(const char *s, GUID *g, const char *what)
{
	if (etw_guid_parse(s, g))
		return usage_err("%s '%s' is not a GUID "
				 "(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)",
				 what, s);
	return 0;
}

/* ===== info ============================================================ */

static const struct {
	uint64_t bit;
	const char *name;
} feature_names[] = {
	{ ETW_FEAT_INFO, "info" },
	{ ETW_FEAT_PROVIDERS, "providers" },
	{ ETW_FEAT_SESSIONS, "sessions" },
	{ ETW_FEAT_WRITE, "write" },
	{ ETW_FEAT_CONSUMERS, "consumers" },
	{ ETW_FEAT_CLASSIC, "classic" },
	{ ETW_FEAT_LOGFILE, "logfile" },
	{ ETW_FEAT_MESSAGE, "message" },
	{ ETW_FEAT_QUERY, "query" },
};

static int cmd_info(int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	struct etw_info info;
	unsigned int i;
	int c, ret;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc))
		return usage_err("too many arguments");
	ret = etw_get_info(-1, &info);
	if (ret)
		return native_fail("ETW_IOC_GET_INFO", ret);
	if (json) {
		j_open('{');
		j_u64("abi_version", info.abi_version);
		j_key("features");
		j_open('[');
		for (i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
			if (info.features & feature_names[i].bit)
				j_elem_str(feature_names[i].name);
		j_close(']');
		j_u64("feature_bits", info.features);
		j_u64("nr_cpu_ids", info.nr_cpu_ids);
		j_u64("max_sessions", info.max_sessions);
		j_u64("max_regs_per_fd", info.max_regs_per_fd);
		j_u64("max_event_size", info.max_event_size);
		j_u64("buffer_header_size", info.buffer_header_size);
		j_u64("min_buffer_kb", info.min_buffer_kb);
		j_u64("max_buffer_kb", info.max_buffer_kb);
		j_u64("max_filters", info.max_filters);
		j_u64("page_size", info.page_size);
		j_close('}');
		j_end();
		return 0;
	}
	kv("etw.ko ABI version", "%u", info.abi_version);
	printf("%-24s 0x%016" PRIx64, "Features", (uint64_t)info.features);
	for (i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
		if (info.features & feature_names[i].bit)
			printf(" %s", feature_names[i].name);
	printf("\n");
	kv("CPUs (nr_cpu_ids)", "%u", info.nr_cpu_ids);
	kv("Max sessions", "%u", info.max_sessions);
	kv("Max registrations", "%u per open file", info.max_regs_per_fd);
	kv("Max event size", "%u bytes", info.max_event_size);
	kv("Buffer header", "%u bytes", info.buffer_header_size);
	kv("Buffer size", "%u..%u KB", info.min_buffer_kb, info.max_buffer_kb);
	kv("Filters per enable", "%u", info.max_filters);
	kv("Page size", "%u", info.page_size);
	return 0;
}

/* ===== start =========================================================== */

static int parse_mode(const char *s, ULONG *mode)
{
	static const struct {
		const char *name;
		ULONG bit;
	} modes[] = {
		{ "sequential", EVENT_TRACE_FILE_MODE_SEQUENTIAL },
		{ "circular", EVENT_TRACE_FILE_MODE_CIRCULAR },
		{ "append", EVENT_TRACE_FILE_MODE_APPEND },
		{ "newfile", EVENT_TRACE_FILE_MODE_NEWFILE },
	};
	size_t i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (!strcmp(s, modes[i].name)) {
			*mode = modes[i].bit;
			return 0;
		}
	}
	return -1;
}

static int parse_clock(const char *s, ULONG *clock)
{
	if (!strcmp(s, "qpc"))
		*clock = 1;
	else if (!strcmp(s, "system"))
		*clock = 2;
	else if (!strcmp(s, "cycles"))
		*clock = 3;
	else
		return -1;
	return 0;
}

/* Copy a file path into the properties block (at LogFileNameOffset). */
static int props_set_file(struct props *b, const char *path)
{
	if (strlen(path) >= sizeof(b->file))
		return usage_err("log file path too long");
	strcpy(b->file, path);
	return 0;
}

static const char *start_hint(ULONG st, const EVENT_TRACE_PROPERTIES *p)
{
	const char *h = logfile_hint(st);

	if (h)
		return h;
	if (st == ERROR_ACCESS_DENIED)
		return "starting a session needs CAP_PERFMON or CAP_SYS_ADMIN, "
		       "or the etw.ko controller_gid group";
	if (st == ERROR_INVALID_PARAMETER &&
	    (p->LogFileMode & (EVENT_TRACE_FILE_MODE_CIRCULAR |
			       EVENT_TRACE_FILE_MODE_NEWFILE)) &&
	    !p->MaximumFileSize)
		return "circular and newfile modes need --max-file-mb";
	return NULL;
}

static int cmd_start(int argc, char **argv)
{
	static const struct option opts[] = {
		COMMON_OPTS,
		{ "realtime", no_argument, NULL, OPT_REALTIME },
		{ "file", required_argument, NULL, OPT_FILE },
		{ "mode", required_argument, NULL, OPT_MODE },
		{ "buffering", no_argument, NULL, OPT_BUFFERING },
		{ "no-per-cpu", no_argument, NULL, OPT_NO_PER_CPU },
		{ "buffer-kb", required_argument, NULL, OPT_BUFFER_KB },
		{ "min-buffers", required_argument, NULL, OPT_MIN_BUFFERS },
		{ "max-buffers", required_argument, NULL, OPT_MAX_BUFFERS },
		{ "max-file-mb", required_argument, NULL, OPT_MAX_FILE_MB },
		{ "flush-timer", required_argument, NULL, OPT_FLUSH_TIMER },
		{ "clock", required_argument, NULL, OPT_CLOCK },
		{ "private", no_argument, NULL, OPT_PRIVATE },
		{ "guid", required_argument, NULL, OPT_GUID },
		{ 0 }
	};
	struct props *b = props_new();
	EVENT_TRACE_PROPERTIES *p = &b->p;
	CONTROLTRACE_ID h = 0;
	ULONG file_mode = 0, st;
	const char *file = NULL;
	int c, ret = EXIT_USAGE;

	while ((c = next_opt(argc, argv, opts)) != -1) {
		switch (c) {
		case OPT_REALTIME:
			p->LogFileMode |= EVENT_TRACE_REAL_TIME_MODE;
			break;
		case OPT_FILE:
			file = optarg;
			break;
		case OPT_MODE:
			if (parse_mode(optarg, &file_mode)) {
				usage_err("--mode: sequential, circular, append or newfile");
				goto out;
			}
			break;
		case OPT_BUFFERING:
			p->LogFileMode |= EVENT_TRACE_BUFFERING_MODE;
			break;
		case OPT_NO_PER_CPU:
			p->LogFileMode |= EVENT_TRACE_NO_PER_PROCESSOR_BUFFERING;
			break;
		case OPT_PRIVATE:
			p->LogFileMode |= EVENT_TRACE_PRIVATE_LOGGER_MODE;
			break;
		case OPT_BUFFER_KB:
			if (parse_u32(optarg, UINT32_MAX, &p->BufferSize)) {
				usage_err("--buffer-kb: a number of KB");
				goto out;
			}
			break;
		case OPT_MIN_BUFFERS:
			if (parse_u32(optarg, UINT32_MAX, &p->MinimumBuffers)) {
				usage_err("--min-buffers: a number");
				goto out;
			}
			break;
		case OPT_MAX_BUFFERS:
			if (parse_u32(optarg, UINT32_MAX, &p->MaximumBuffers)) {
				usage_err("--max-buffers: a number");
				goto out;
			}
			break;
		case OPT_MAX_FILE_MB:
			if (parse_u32(optarg, UINT32_MAX, &p->MaximumFileSize)) {
				usage_err("--max-file-mb: a number of MB");
				goto out;
			}
			break;
		case OPT_FLUSH_TIMER:
			if (parse_u32(optarg, UINT32_MAX, &p->FlushTimer)) {
				usage_err("--flush-timer: a number of seconds");
				goto out;
			}
			break;
		case OPT_CLOCK:
			if (parse_clock(optarg, &p->Wnode.ClientContext)) {
				usage_err("--clock: qpc, system or cycles");
				goto out;
			}
			break;
		case OPT_GUID:
			if (arg_guid(optarg, &p->Wnode.Guid, "--guid"))
				goto out;
			break;
		default:
			ret = opt_end(c);
			goto out;
		}
	}
	if (nargs(argc) != 1) {
		usage_err(nargs(argc) ? "too many arguments" : "which session?");
		goto out;
	}
	if (file_mode && !file) {
		usage_err("--mode needs --file");
		goto out;
	}
	if (file) {
		if (props_set_file(b, file))
			goto out;
		/* A log file without a mode is a sequential one. */
		p->LogFileMode |= file_mode ? file_mode :
					      EVENT_TRACE_FILE_MODE_SEQUENTIAL;
	} else {
		p->LogFileNameOffset = 0;
		/* Events must go somewhere: real time unless told otherwise. */
		if (!(p->LogFileMode & (EVENT_TRACE_REAL_TIME_MODE |
					EVENT_TRACE_BUFFERING_MODE |
					EVENT_TRACE_PRIVATE_LOGGER_MODE)))
			p->LogFileMode |= EVENT_TRACE_REAL_TIME_MODE;
	}

	st = StartTraceA(&h, argv[optind], p);
	if (st != ERROR_SUCCESS) {
		ret = api_fail("StartTrace", st, start_hint(st, p));
		goto out;
	}
	/*
	 * Show the session as it runs (the log file path made absolute,
	 * the geometry as adjusted): query it by its new handle.
	 */
	props_init(b);
	st = QueryTraceA(h, NULL, p);
	if (st != ERROR_SUCCESS) {
		ret = api_fail("QueryTrace", st, NULL);
		goto out;
	}
	if (!json)
		printf("Started session \"%s\".\n", props_name(b));
	session_show(b, stream_count(h));
	ret = 0;
out:
	free(b);
	return ret;
}

/* ===== stop, flush, query ============================================= */

/* stop, flush and query: one session name, ControlTrace, show it. */
static int control_simple(int argc, char **argv, ULONG code, const char *api,
			  const char *done)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	struct props *b;
	ULONG st, streams = 0;
	int c;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc) != 1)
		return usage_err(nargs(argc) ? "too many arguments" :
					       "which session?");
	b = props_new();
	st = ControlTraceA(0, argv[optind], &b->p, code);
	if (st != ERROR_SUCCESS) {
		free(b);
		return api_fail(api, st, NULL);
	}
	if (code != EVENT_TRACE_CONTROL_STOP)
		streams = stream_count(b->p.Wnode.HistoricalContext);
	if (!json && done)
		printf("%s session \"%s\".\n", done, props_name(b));
	session_show(b, streams);
	free(b);
	return 0;
}

static int cmd_stop(int argc, char **argv)
{
	return control_simple(argc, argv, EVENT_TRACE_CONTROL_STOP,
			      "StopTrace", "Stopped");
}

static int cmd_flush(int argc, char **argv)
{
	return control_simple(argc, argv, EVENT_TRACE_CONTROL_FLUSH,
			      "FlushTrace", "Flushed");
}

static int cmd_query(int argc, char **argv)
{
	return control_simple(argc, argv, EVENT_TRACE_CONTROL_QUERY,
			      "QueryTrace", NULL);
}

/* ===== update ========================================================== */

static int cmd_update(int argc, char **argv)
{
	static const struct option opts[] = {
		COMMON_OPTS,
		{ "flush-timer", required_argument, NULL, OPT_FLUSH_TIMER },
		{ "max-buffers", required_argument, NULL, OPT_MAX_BUFFERS },
		{ "realtime", required_argument, NULL, OPT_REALTIME },
		{ "file", required_argument, NULL, OPT_FILE },
		{ 0 }
	};
	ULONG flush = 0, maxbuf = 0, st;
	const char *file = NULL;
	struct props *cur, *b;
	int c, realtime = -1;

	while ((c = next_opt(argc, argv, opts)) != -1) {
		switch (c) {
		case OPT_FLUSH_TIMER:
			if (parse_u32(optarg, UINT32_MAX, &flush) || !flush)
				return usage_err("--flush-timer: seconds, at least 1");
			break;
		case OPT_MAX_BUFFERS:
			if (parse_u32(optarg, UINT32_MAX, &maxbuf) || !maxbuf)
				return usage_err("--max-buffers: a number, at least 1");
			break;
		case OPT_REALTIME:
			if (!strcmp(optarg, "on"))
				realtime = 1;
			else if (!strcmp(optarg, "off"))
				realtime = 0;
			else
				return usage_err("--realtime: on or off");
			break;
		case OPT_FILE:
			file = optarg;
			break;
		default:
			return opt_end(c);
		}
	}
	if (nargs(argc) != 1)
		return usage_err(nargs(argc) ? "too many arguments" :
					       "which session?");

	/*
	 * UpdateTrace changes what it is given: FlushTimer and
	 * MaximumBuffers 0 keep, LogFileNameOffset 0 keeps the file, but
	 * LogFileMode 0 turns real time off and EnableFlags is replaced.
	 * So read the current mode and flags first and pass them on.
	 */
	cur = props_new();
	st = QueryTraceA(0, argv[optind], &cur->p);
	if (st != ERROR_SUCCESS) {
		free(cur);
		return api_fail("QueryTrace", st, NULL);
	}
	b = props_new();
	b->p.FlushTimer = flush;
	b->p.MaximumBuffers = maxbuf;
	b->p.EnableFlags = cur->p.EnableFlags;
	b->p.LogFileMode = cur->p.LogFileMode & EVENT_TRACE_REAL_TIME_MODE;
	if (realtime >= 0)
		b->p.LogFileMode = realtime ? EVENT_TRACE_REAL_TIME_MODE : 0;
	free(cur);
	if (file) {
		if (props_set_file(b, file)) {
			free(b);
			return EXIT_USAGE;
		}
	} else {
		b->p.LogFileNameOffset = 0;
	}
	st = UpdateTraceA(0, argv[optind], &b->p);
	free(b);
	if (st != ERROR_SUCCESS)
		return api_fail("UpdateTrace", st, file ? update_file_hint(st) :
						      NULL);
	/* Show the session as it is now, log file name included. */
	b = props_new();
	st = QueryTraceA(0, argv[optind], &b->p);
	if (st != ERROR_SUCCESS) {
		free(b);
		return api_fail("QueryTrace", st, NULL);
	}
	if (!json)
		printf("Updated session \"%s\".\n", props_name(b));
	session_show(b, stream_count(b->p.Wnode.HistoricalContext));
	free(b);
	return 0;
}

/* ===== list ============================================================ */

static int cmd_list(int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	PEVENT_TRACE_PROPERTIES arr[ETW_MAX_SESSIONS];
	struct props *blocks;
	ULONG count = 0, st, i;
	int c, w = 7;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc))
		return usage_err("too many arguments");
	blocks = calloc(ETW_MAX_SESSIONS, sizeof(*blocks));
	if (!blocks) {
		fprintf(stderr, "etwctl: out of memory\n");
		return EXIT_API;
	}
	for (i = 0; i < ETW_MAX_SESSIONS; i++) {
		props_init(&blocks[i]);
		arr[i] = &blocks[i].p;
	}
	st = QueryAllTracesA(arr, ETW_MAX_SESSIONS, &count);
	if (st != ERROR_SUCCESS && st != ERROR_MORE_DATA) {
		free(blocks);
		return api_fail("QueryAllTraces", st, NULL);
	}
	if (json) {
		j_open('[');
		for (i = 0; i < count; i++) {
			j_sep();
			j_open('{');
			session_json_members(&blocks[i], 0);
			j_close('}');
		}
		j_close(']');
		j_end();
		free(blocks);
		return 0;
	}
	for (i = 0; i < count; i++)
		if ((int)strlen(props_name(&blocks[i])) > w)
			w = (int)strlen(props_name(&blocks[i]));
	printf("%-*s %4s  %-24s %8s %9s %11s %12s  %s\n", w, "SESSION", "ID",
	       "MODE", "BUFFER", "BUFFERS", "EVENTS LOST", "BUFS WRITTEN",
	       "LOG FILE");
	for (i = 0; i < count; i++) {
		const struct props *b = &blocks[i];
		const EVENT_TRACE_PROPERTIES *p = &b->p;
		char m[256], buf[32], nb[32];

		snprintf(buf, sizeof(buf), "%u KB", p->BufferSize);
		snprintf(nb, sizeof(nb), "%u/%u", p->NumberOfBuffers,
			 p->MaximumBuffers);
		printf("%-*s %4u  %-24s %8s %9s %11u %12u  %s\n", w,
		       props_name(b), logger_id(p->Wnode.HistoricalContext),
		       mode_text(p->LogFileMode, m, sizeof(m)), buf, nb,
		       p->EventsLost, p->BuffersWritten,
		       props_file(b) ? props_file(b) : "-");
	}
	if (!count)
		printf("(no sessions)\n");
	free(blocks);
	return 0;
}

/* ===== enable, disable, capture ====================================== */

static const struct {
	const char *name;
	ULONG bit;
} property_names[] = {
	{ "sid", EVENT_ENABLE_PROPERTY_SID },
	{ "ts_id", EVENT_ENABLE_PROPERTY_TS_ID },
	{ "stack_trace", EVENT_ENABLE_PROPERTY_STACK_TRACE },
	{ "psm_key", EVENT_ENABLE_PROPERTY_PSM_KEY },
	{ "ignore_keyword_0", EVENT_ENABLE_PROPERTY_IGNORE_KEYWORD_0 },
	{ "provider_group", EVENT_ENABLE_PROPERTY_PROVIDER_GROUP },
	{ "enable_keyword_0", EVENT_ENABLE_PROPERTY_ENABLE_KEYWORD_0 },
	{ "process_start_key", EVENT_ENABLE_PROPERTY_PROCESS_START_KEY },
	{ "event_key", EVENT_ENABLE_PROPERTY_EVENT_KEY },
	{ "exclude_inprivate", EVENT_ENABLE_PROPERTY_EXCLUDE_INPRIVATE },
	{ "enable_silos", EVENT_ENABLE_PROPERTY_ENABLE_SILOS },
	{ "source_container_tracking",
	  EVENT_ENABLE_PROPERTY_SOURCE_CONTAINER_TRACKING },
};

/* "sid,0x10,stack_trace": names (either '_' or '-') or hex values. */
static int parse_properties(const char *s, ULONG *out)
{
	char *copy = strdup(s), *tok, *save = NULL;
	int ret = 0;

	if (!copy)
		return -1;
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		uint64_t v;
		size_t i;
		char *q;

		for (q = tok; *q; q++)
			if (*q == '-')
				*q = '_';
		for (i = 0; i < sizeof(property_names) / sizeof(property_names[0]); i++)
			if (!strcasecmp(tok, property_names[i].name))
				break;
		if (i < sizeof(property_names) / sizeof(property_names[0]))
			*out |= property_names[i].bit;
		else if (!parse_u64(tok, 16, UINT32_MAX, &v))
			*out |= (ULONG)v;
		else
			ret = -1;
	}
	free(copy);
	return ret;
}

static void property_text(ULONG props, char *buf, size_t size)
{
	size_t i, n = 0;

	buf[0] = 0;
	for (i = 0; i < sizeof(property_names) / sizeof(property_names[0]); i++)
		if (props & property_names[i].bit)
			n += snprintf(buf + n, n < size ? size - n : 0, "%s%s",
				      n ? ", " : "", property_names[i].name);
	if (!n)
		snprintf(buf, size, "none");
}

/* Everything an enable/disable/capture call was asked to do. */
struct enable_req {
	const char *session;
	GUID provider;
	ULONG code;
	UCHAR level;
	ULONGLONG any, all;
	ULONG props;
	ULONG timeout;
	int has_source;
	GUID source;
	ULONG pids[MAX_EVENT_FILTER_PID_COUNT];
	ULONG npids;
	char exe[MAX_EVENT_FILTER_DATA_SIZE];
	int has_ids;
	BOOLEAN ids_in;
	USHORT ids[MAX_EVENT_FILTER_EVENT_ID_COUNT];
	USHORT nids;
};

static int parse_pids(const char *s, struct enable_req *r)
{
	char *copy = strdup(s), *tok, *save = NULL;
	int ret = 0;

	if (!copy)
		return -1;
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		ULONG v;

		if (r->npids == MAX_EVENT_FILTER_PID_COUNT ||
		    parse_u32(tok, INT32_MAX, &v) || !v)
			ret = -1;
		else
			r->pids[r->npids++] = v;
	}
	free(copy);
	return ret;
}

/* --exe a;b may be given more than once: the names are joined with ';'. */
static int add_exe(const char *s, struct enable_req *r)
{
	size_t n = strlen(r->exe), add = strlen(s);

	if (!add || n + add + 2 > sizeof(r->exe))
		return -1;
	if (n)
		r->exe[n++] = ';';
	memcpy(r->exe + n, s, add + 1);
	return 0;
}

/* "[+|-]ID,ID,...": + (default) = only these IDs, - = all but these. */
static int parse_event_ids(const char *s, struct enable_req *r)
{
	char *copy, *tok, *save = NULL;
	int ret = 0;

	r->ids_in = TRUE;
	if (*s == '+' || *s == '-')
		r->ids_in = *s++ == '+';
	copy = strdup(s);
	if (!copy)
		return -1;
	r->nids = 0;
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		ULONG v;

		if (r->nids == MAX_EVENT_FILTER_EVENT_ID_COUNT ||
		    parse_u32(tok, 0xFFFF, &v))
			ret = -1;
		else
			r->ids[r->nids++] = (USHORT)v;
	}
	free(copy);
	if (!r->nids)
		ret = -1;
	r->has_ids = !ret;
	return ret;
}

static const char *control_code_name(ULONG code)
{
	switch (code) {
	case EVENT_CONTROL_CODE_DISABLE_PROVIDER:
		return "disable";
	case EVENT_CONTROL_CODE_ENABLE_PROVIDER:
		return "enable";
	default:
		return "capture-state";
	}
}

static void enable_show(const struct enable_req *r, CONTROLTRACE_ID h)
{
	char g[ETW_GUID_STR_LEN], s[ETW_GUID_STR_LEN], pr[512];
	ULONG i;

	property_text(r->props, pr, sizeof(pr));
	if (json) {
		j_open('{');
		j_str("command", control_code_name(r->code));
		j_str("session", r->session);
		j_u64("logger_id", logger_id(h));
		j_str(r->props & EVENT_ENABLE_PROPERTY_PROVIDER_GROUP ?
		      "group" : "provider", guid_text(&r->provider, g));
		if (r->code == EVENT_CONTROL_CODE_ENABLE_PROVIDER) {
			j_u64("level", r->level);
			j_u64("match_any_keyword", r->any);
			j_u64("match_all_keyword", r->all);
			j_u64("enable_property", r->props);
		}
		j_str("source_id", r->has_source ?
		      guid_text(&r->source, s) : NULL);
		if (r->npids) {
			j_key("pids");
			j_open('[');
			for (i = 0; i < r->npids; i++) {
				j_sep();
				printf("%u", r->pids[i]);
			}
			j_close(']');
		}
		if (r->exe[0])
			j_str("exe", r->exe);
		if (r->has_ids) {
			j_bool("event_ids_in", r->ids_in);
			j_key("event_ids");
			j_open('[');
			for (i = 0; i < r->nids; i++) {
				j_sep();
				printf("%u", r->ids[i]);
			}
			j_close(']');
		}
		j_u64("timeout_ms", r->timeout);
		j_close('}');
		j_end();
		return;
	}
	kv("Session", "%s (logger %u)", r->session, logger_id(h));
	kv(r->props & EVENT_ENABLE_PROPERTY_PROVIDER_GROUP ?
	   "Provider group" : "Provider", "{%s}", guid_text(&r->provider, g));
	kv("Action", "%s", control_code_name(r->code));
	if (r->code == EVENT_CONTROL_CODE_ENABLE_PROVIDER) {
		kv("Level", "%u", r->level);
		kv("MatchAnyKeyword", "0x%016llx", r->any);
		kv("MatchAllKeyword", "0x%016llx", r->all);
		kv("EnableProperty", "0x%08x (%s)", r->props, pr);
	}
	if (r->has_source)
		kv("SourceId", "{%s}", guid_text(&r->source, s));
	if (r->npids) {
		printf("%-24s", "PID filter");
		for (i = 0; i < r->npids; i++)
			printf(" %u", r->pids[i]);
		printf("\n");
	}
	if (r->exe[0])
		kv("Executable filter", "%s", r->exe);
	if (r->has_ids) {
		printf("%-24s %s", "Event ID filter",
		       r->ids_in ? "only" : "all but");
		for (i = 0; i < r->nids; i++)
			printf("%s%u", i ? "," : " ", r->ids[i]);
		printf("\n");
	}
}

/* EnableTraceEx2 with the filters of @r. */
static int enable_call(struct enable_req *r)
{
	EVENT_FILTER_DESCRIPTOR f[3];
	ENABLE_TRACE_PARAMETERS ep;
	union {
		EVENT_FILTER_EVENT_ID id;
		unsigned char raw[4 + 2 * MAX_EVENT_FILTER_EVENT_ID_COUNT];
	} ids;
	CONTROLTRACE_ID h;
	ULONG nf = 0, st;
	int ret;

	ret = session_lookup(r->session, &h);
	if (ret)
		return ret;
	if (r->npids) {
		f[nf].Ptr = (ULONGLONG)(uintptr_t)r->pids;
		f[nf].Size = r->npids * sizeof(ULONG);
		f[nf++].Type = EVENT_FILTER_TYPE_PID;
	}
	if (r->exe[0]) {
		f[nf].Ptr = (ULONGLONG)(uintptr_t)r->exe;
		f[nf].Size = (ULONG)strlen(r->exe) + 1;
		f[nf++].Type = EVENT_FILTER_TYPE_EXECUTABLE_NAME;
	}
	if (r->has_ids) {
		memset(&ids, 0, sizeof(ids));
		ids.id.FilterIn = r->ids_in;
		ids.id.Count = r->nids;
		memcpy(ids.raw + offsetof(EVENT_FILTER_EVENT_ID, Events),
		       r->ids, r->nids * sizeof(USHORT));
		f[nf].Ptr = (ULONGLONG)(uintptr_t)&ids;
		f[nf].Size = 4 + 2 * r->nids;
		f[nf++].Type = EVENT_FILTER_TYPE_EVENT_ID;
	}
	memset(&ep, 0, sizeof(ep));
	ep.Version = ENABLE_TRACE_PARAMETERS_VERSION_2;
	ep.EnableProperty = r->props;
	if (r->has_source)
		ep.SourceId = r->source;
	ep.EnableFilterDesc = nf ? f : NULL;
	ep.FilterDescCount = nf;

	st = EnableTraceEx2(h, &r->provider, r->code, r->level, r->any, r->all,
			    r->timeout, &ep);
	if (st != ERROR_SUCCESS)
		return api_fail("EnableTraceEx2", st,
				st == ERROR_TIMEOUT ?
				"a provider's enable callback did not finish in time" :
				NULL);
	enable_show(r, h);
	return 0;
}

static int enable_common(int argc, char **argv, ULONG code)
{
	static const struct option enable_opts[] = {
		COMMON_OPTS,
		{ "level", required_argument, NULL, OPT_LEVEL },
		{ "any", required_argument, NULL, OPT_ANY },
		{ "all", required_argument, NULL, OPT_ALL },
		{ "group", no_argument, NULL, OPT_GROUP },
		{ "source", required_argument, NULL, OPT_SOURCE },
		{ "property", required_argument, NULL, OPT_PROPERTY },
		{ "pid", required_argument, NULL, OPT_PID },
		{ "exe", required_argument, NULL, OPT_EXE },
		{ "event-ids", required_argument, NULL, OPT_EVENT_IDS },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ 0 }
	};
	static const struct option other_opts[] = {
		COMMON_OPTS,
		{ "group", no_argument, NULL, OPT_GROUP },
		{ "source", required_argument, NULL, OPT_SOURCE },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ 0 }
	};
	struct enable_req *r;
	uint64_t v;
	int c, ret = EXIT_USAGE;

	r = calloc(1, sizeof(*r));
	if (!r)
		return EXIT_API;
	r->code = code;
	r->level = code == EVENT_CONTROL_CODE_ENABLE_PROVIDER ?
		   EVENT_MAX_LEVEL : 0;
	while ((c = next_opt(argc, argv, code == EVENT_CONTROL_CODE_ENABLE_PROVIDER ?
			     enable_opts : other_opts)) != -1) {
		switch (c) {
		case OPT_LEVEL:
			if (parse_level(optarg, &r->level)) {
				usage_err("--level: 0..255 or critical, error, warning, information, verbose");
				goto out;
			}
			break;
		case OPT_ANY:
		case OPT_ALL:
			if (parse_u64(optarg, 16, UINT64_MAX, &v)) {
				usage_err("%s: a hexadecimal keyword mask",
					  c == OPT_ANY ? "--any" : "--all");
				goto out;
			}
			if (c == OPT_ANY)
				r->any = v;
			else
				r->all = v;
			break;
		case OPT_GROUP:
			r->props |= EVENT_ENABLE_PROPERTY_PROVIDER_GROUP;
			break;
		case OPT_SOURCE:
			if (arg_guid(optarg, &r->source, "--source"))
				goto out;
			r->has_source = 1;
			break;
		case OPT_PROPERTY:
			if (parse_properties(optarg, &r->props)) {
				usage_err("--property: a name (sid, ts_id, stack_trace, "
					  "ignore_keyword_0, enable_keyword_0, "
					  "provider_group, ...) or a hex value");
				goto out;
			}
			break;
		case OPT_PID:
			if (parse_pids(optarg, r)) {
				usage_err("--pid: 1 to %d process ids",
					  MAX_EVENT_FILTER_PID_COUNT);
				goto out;
			}
			break;
		case OPT_EXE:
			if (add_exe(optarg, r)) {
				usage_err("--exe: executable names, ';'-separated");
				goto out;
			}
			break;
		case OPT_EVENT_IDS:
			if (parse_event_ids(optarg, r)) {
				usage_err("--event-ids: [+|-]ID,ID,... (1 to %d IDs)",
					  MAX_EVENT_FILTER_EVENT_ID_COUNT);
				goto out;
			}
			break;
		case OPT_TIMEOUT:
			if (parse_u32(optarg, UINT32_MAX, &r->timeout)) {
				usage_err("--timeout: milliseconds");
				goto out;
			}
			break;
		default:
			ret = opt_end(c);
			goto out;
		}
	}
	if (nargs(argc) != 2) {
		usage_err(nargs(argc) > 2 ? "too many arguments" :
			  "needs a session name and a provider GUID");
		goto out;
	}
	r->session = argv[optind];
	if (arg_guid(argv[optind + 1], &r->provider, "provider"))
		goto out;
	ret = enable_call(r);
out:
	free(r);
	return ret;
}

static int cmd_enable(int argc, char **argv)
{
	return enable_common(argc, argv, EVENT_CONTROL_CODE_ENABLE_PROVIDER);
}

static int cmd_disable(int argc, char **argv)
{
	return enable_common(argc, argv, EVENT_CONTROL_CODE_DISABLE_PROVIDER);
}

static int cmd_capture(int argc, char **argv)
{
	return enable_common(argc, argv, EVENT_CONTROL_CODE_CAPTURE_STATE);
}

/* ===== disallow ======================================================== */

static void guid_list_show(const char *session, const GUID *g, ULONG n)
{
	char t[ETW_GUID_STR_LEN];
	ULONG i;

	if (json) {
		j_open('{');
		j_str("session", session);
		j_key("disallowed");
		j_open('[');
		for (i = 0; i < n; i++)
			j_elem_str(guid_text(&g[i], t));
		j_close(']');
		j_close('}');
		j_end();
		return;
	}
	kv("Session", "%s", session);
	if (!n)
		kv("Disallowed providers", "(none)");
	for (i = 0; i < n; i++)
		kv(i ? "" : "Disallowed providers", "{%s}",
		   guid_text(&g[i], t));
}

/* TraceQueryInformation(TraceDisallowListQuery), growing the buffer. */
static int disallow_query(CONTROLTRACE_ID h, GUID **out, ULONG *n)
{
	ULONG len = 0, need = 0, st;
	GUID *g = NULL;

	for (;;) {
		st = TraceQueryInformation(h, TraceDisallowListQuery, g, len,
					   &need);
		if (st == ERROR_SUCCESS)
			break;
		if (st != ERROR_BAD_LENGTH || need <= len) {
			free(g);
			return api_fail("TraceQueryInformation", st, NULL);
		}
		free(g);
		len = need;
		g = malloc(len);
		if (!g)
			return EXIT_API;
	}
	*out = g;
	*n = need / sizeof(GUID);
	return 0;
}

static int cmd_disallow(int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	const char *sub, *session;
	CONTROLTRACE_ID h;
	GUID *g = NULL;
	ULONG n = 0, st;
	int c, i, ret;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc) < 2)
		return usage_err("needs set|clear|show and a session name");
	sub = argv[optind];
	session = argv[optind + 1];
	if (!strcmp(sub, "set")) {
		n = (ULONG)(argc - optind - 2);
		if (!n)
			return usage_err("set: which provider GUIDs?");
		g = calloc(n, sizeof(*g));
		if (!g)
			return EXIT_API;
		for (i = 0; i < (int)n; i++) {
			if (arg_guid(argv[optind + 2 + i], &g[i], "provider")) {
				free(g);
				return EXIT_USAGE;
			}
		}
	} else if (!strcmp(sub, "clear") || !strcmp(sub, "show")) {
		if (nargs(argc) != 2)
			return usage_err("too many arguments");
	} else {
		return usage_err("unknown subcommand '%s' (set, clear, show)",
				 sub);
	}

	ret = session_lookup(session, &h);
	if (ret) {
		free(g);
		return ret;
	}
	if (strcmp(sub, "show")) {
		st = TraceSetInformation(h, TraceSetDisallowList, g,
					 n * sizeof(GUID));
		free(g);
		g = NULL;
		if (st != ERROR_SUCCESS)
			return api_fail("TraceSetInformation", st, NULL);
	}
	/* Show the list as the kernel now has it. */
	ret = disallow_query(h, &g, &n);
	if (ret)
		return ret;
	guid_list_show(session, g, n);
	free(g);
	return 0;
}

/* ===== group-acl ======================================================= */

static int parse_acl_entry(const char *s, struct etw_acl_entry *e)
{
	ULONG id;

	if (!strncmp(s, "uid:", 4))
		e->type = ETW_ACL_UID;
	else if (!strncmp(s, "gid:", 4))
		e->type = ETW_ACL_GID;
	else
		return -1;
	if (parse_u32(s + 4, UINT32_MAX - 1, &id))
		return -1;
	e->id = id;
	return 0;
}

static int group_acl_show(const GUID *group)
{
	struct etw_acl_entry e[ETW_MAX_ACL_ENTRIES];
	struct etw_group_acl req;
	char t[ETW_GUID_STR_LEN];
	int fd, restricted;
	uint32_t i;

	fd = etw_dev_fd();
	if (fd < 0)
		return native_fail("open " ETW_DEVICE_PATH, fd);
	memset(&req, 0, sizeof(req));
	memcpy(req.group, group, 16);
	req.entries = (uintptr_t)e;
	req.count = ETW_MAX_ACL_ENTRIES;
	if (ioctl(fd, ETW_IOC_GET_GROUP_ACL, &req))
		return native_fail("ETW_IOC_GET_GROUP_ACL", -errno);
	restricted = !!(req.flags & ETW_GROUP_ACL_F_RESTRICT);
	if (req.count > ETW_MAX_ACL_ENTRIES)
		req.count = ETW_MAX_ACL_ENTRIES;
	if (json) {
		j_open('{');
		j_str("group", guid_text(group, t));
		j_bool("restricted", restricted);
		j_key("allowed");
		j_open('[');
		for (i = 0; i < req.count; i++) {
			j_sep();
			j_open('{');
			j_u64(e[i].type == ETW_ACL_UID ? "uid" : "gid", e[i].id);
			j_close('}');
		}
		j_close(']');
		j_close('}');
		j_end();
		return 0;
	}
	kv("Provider group", "{%s}", guid_text(group, t));
	kv("Restricted", "%s", restricted ? "yes (only the entries below and "
	   "CAP_SYS_ADMIN may join)" : "no (anyone may join)");
	for (i = 0; i < req.count; i++)
		kv(i ? "" : "Allowed", "%s %u",
		   e[i].type == ETW_ACL_UID ? "uid" : "gid", e[i].id);
	return 0;
}

static int cmd_group_acl(int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	struct etw_acl_entry e[ETW_MAX_ACL_ENTRIES];
	struct etw_group_acl req;
	const char *sub;
	GUID group;
	int c, i, n, fd;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc) < 2)
		return usage_err("needs set|clear|show and a group GUID");
	sub = argv[optind];
	if (arg_guid(argv[optind + 1], &group, "group"))
		return EXIT_USAGE;
	n = argc - optind - 2;
	if (!strcmp(sub, "show") || !strcmp(sub, "clear")) {
		if (n)
			return usage_err("too many arguments");
	} else if (strcmp(sub, "set")) {
		return usage_err("unknown subcommand '%s' (set, clear, show)",
				 sub);
	}
	if (n > ETW_MAX_ACL_ENTRIES)
		return usage_err("at most %d entries", ETW_MAX_ACL_ENTRIES);
	for (i = 0; i < n; i++)
		if (parse_acl_entry(argv[optind + 2 + i], &e[i]))
			return usage_err("'%s': entries are uid:N or gid:N",
					 argv[optind + 2 + i]);

	if (strcmp(sub, "show")) {
		fd = etw_dev_fd();
		if (fd < 0)
			return native_fail("open " ETW_DEVICE_PATH, fd);
		memset(&req, 0, sizeof(req));
		memcpy(req.group, &group, 16);
		if (!strcmp(sub, "set")) {
			req.flags = ETW_GROUP_ACL_F_RESTRICT;
			req.entries = (uintptr_t)e;
			req.count = (uint32_t)n;
		}
		if (ioctl(fd, ETW_IOC_SET_GROUP_ACL, &req)) {
			int err = -errno;

			if (err == -EPERM)
				fprintf(stderr, "etwctl: setting a group ACL needs CAP_SYS_ADMIN\n");
			return native_fail("ETW_IOC_SET_GROUP_ACL", err);
		}
	}
	return group_acl_show(&group);
}

/* ===== providers ======================================================= */

/*
 * A whole EnumerateTraceGuidsEx answer in a malloc'ed *out (NULL when
 * empty), growing the buffer while providers come and go.
 */
static ULONG enum_query(TRACE_QUERY_INFO_CLASS c, const GUID *in, void **out,
			ULONG *len)
{
	ULONG st, size = 0, need = 0;
	void *buf = NULL, *p;

	for (;;) {
		st = EnumerateTraceGuidsEx(c, (PVOID)in, in ? sizeof(*in) : 0,
					   buf, size, &need);
		if (st != ERROR_INSUFFICIENT_BUFFER)
			break;
		p = realloc(buf, need);
		if (!p) {
			st = ERROR_NOT_ENOUGH_MEMORY;
			break;
		}
		buf = p;
		size = need;
	}
	if (st != ERROR_SUCCESS) {
		free(buf);
		return st;
	}
	*out = buf;
	*len = need;
	return ERROR_SUCCESS;
}

/* Session names by logger id, for the sessions QueryAllTraces shows us. */
struct session_names {
	char *name[ETW_MAX_SESSIONS + 1];
};

static void session_names_get(struct session_names *sn)
{
	PEVENT_TRACE_PROPERTIES arr[ETW_MAX_SESSIONS];
	struct props *blocks;
	ULONG count = 0, i, st, id;

	memset(sn, 0, sizeof(*sn));
	blocks = calloc(ETW_MAX_SESSIONS, sizeof(*blocks));
	if (!blocks)
		return;
	for (i = 0; i < ETW_MAX_SESSIONS; i++) {
		props_init(&blocks[i]);
		arr[i] = &blocks[i].p;
	}
	st = QueryAllTracesA(arr, ETW_MAX_SESSIONS, &count);
	for (i = 0; (st == ERROR_SUCCESS || st == ERROR_MORE_DATA) &&
		    i < count; i++) {
		id = logger_id(blocks[i].p.Wnode.HistoricalContext);
		if (id <= ETW_MAX_SESSIONS && !sn->name[id])
			sn->name[id] = strdup(props_name(&blocks[i]));
	}
	free(blocks);
}

static void session_names_free(struct session_names *sn)
{
	size_t i;

	for (i = 0; i <= ETW_MAX_SESSIONS; i++)
		free(sn->name[i]);
}

static const char *session_name(const struct session_names *sn, USHORT id)
{
	return id <= ETW_MAX_SESSIONS ? sn->name[id] : NULL;
}

static const char *instance_kind(ULONG flags)
{
	if (flags & TRACE_PROVIDER_FLAG_PRE_ENABLE)
		return "pre-enabled (a session enables it, no process registers it)";
	if (flags & TRACE_PROVIDER_FLAG_LEGACY)
		return "RegisterTraceGuids (classic)";
	return "EventRegister";
}

/* The instances of a TraceGuidQueryInfo answer, by NextOffset. */
static TRACE_PROVIDER_INSTANCE_INFO *instance_at(void *info, ULONG len,
						 TRACE_PROVIDER_INSTANCE_INFO *prev)
{
	char *p, *end = (char *)info + len;

	if (!prev)
		p = (char *)info + sizeof(TRACE_GUID_INFO);
	else if (prev->NextOffset)
		p = (char *)prev + prev->NextOffset;
	else
		return NULL;
	if (p + sizeof(*prev) > end)
		return NULL;
	if (p + sizeof(*prev) + ((TRACE_PROVIDER_INSTANCE_INFO *)p)->EnableCount *
	    sizeof(TRACE_ENABLE_INFO) > end)
		return NULL;
	return (TRACE_PROVIDER_INSTANCE_INFO *)p;
}

static void enable_info_json(const TRACE_ENABLE_INFO *e,
			     const struct session_names *sn)
{
	size_t i;

	j_sep();
	j_open('{');
	j_u64("logger_id", e->LoggerId);
	j_str("session", session_name(sn, e->LoggerId));
	j_u64("level", e->Level);
	j_u64("match_any_keyword", e->MatchAnyKeyword);
	j_u64("match_all_keyword", e->MatchAllKeyword);
	j_u64("enable_property", e->EnableProperty);
	j_key("properties");
	j_open('[');
	for (i = 0; i < sizeof(property_names) / sizeof(property_names[0]); i++)
		if (e->EnableProperty & property_names[i].bit)
			j_elem_str(property_names[i].name);
	j_close(']');
	j_close('}');
}

/* One provider in detail: its instances and what enables each. */
static int provider_show(const GUID *g)
{
	TRACE_PROVIDER_INSTANCE_INFO *inst = NULL;
	const TRACE_ENABLE_INFO *e;
	struct session_names sn;
	char t[ETW_GUID_STR_LEN], pr[512];
	void *info = NULL;
	ULONG len = 0, st, i, n;

	st = enum_query(TraceGuidQueryInfo, g, &info, &len);
	if (st != ERROR_SUCCESS)
		return api_fail("EnumerateTraceGuidsEx", st,
				st == ERROR_WMI_GUID_NOT_FOUND ?
				"no process registers this provider and no session enables it" :
				NULL);
	session_names_get(&sn);
	n = ((TRACE_GUID_INFO *)info)->InstanceCount;
	if (json) {
		j_open('{');
		j_str("guid", guid_text(g, t));
		j_key("instances");
		j_open('[');
		for (i = 0; i < n && (inst = instance_at(info, len, inst)); i++) {
			j_sep();
			j_open('{');
			j_u64("pid", inst->Pid);
			j_u64("flags", inst->Flags);
			j_bool("classic", inst->Flags & TRACE_PROVIDER_FLAG_LEGACY);
			j_bool("pre_enabled",
			       inst->Flags & TRACE_PROVIDER_FLAG_PRE_ENABLE);
			j_key("enabled_by");
			j_open('[');
			e = (const TRACE_ENABLE_INFO *)(inst + 1);
			for (ULONG k = 0; k < inst->EnableCount; k++)
				enable_info_json(&e[k], &sn);
			j_close(']');
			j_close('}');
		}
		j_close(']');
		j_close('}');
		j_end();
		goto out;
	}
	kv("Provider", "{%s}", guid_text(g, t));
	kv("Instances", "%u", n);
	for (i = 0; i < n && (inst = instance_at(info, len, inst)); i++) {
		if (inst->Flags & TRACE_PROVIDER_FLAG_PRE_ENABLE)
			kv("Instance", "%s", instance_kind(inst->Flags));
		else if (inst->Pid)
			kv("Instance", "pid %u, %s", inst->Pid,
			   instance_kind(inst->Flags));
		else
			kv("Instance", "pid ? (not in this pid namespace), %s",
			   instance_kind(inst->Flags));
		if (!inst->EnableCount)
			kv("  Enabled by", "(no session)");
		e = (const TRACE_ENABLE_INFO *)(inst + 1);
		for (ULONG k = 0; k < inst->EnableCount; k++) {
			const char *name = session_name(&sn, e[k].LoggerId);

			property_text(e[k].EnableProperty, pr, sizeof(pr));
			kv("  Enabled by", "%s (logger %u)", name ? name : "?",
			   e[k].LoggerId);
			kv("    Level", "%u", e[k].Level);
			kv("    MatchAnyKeyword", "0x%016llx",
			   (unsigned long long)e[k].MatchAnyKeyword);
			kv("    MatchAllKeyword", "0x%016llx",
			   (unsigned long long)e[k].MatchAllKeyword);
			kv("    EnableProperty", "0x%08x (%s)",
			   e[k].EnableProperty, pr);
		}
	}
out:
	session_names_free(&sn);
	free(info);
	return 0;
}

/* Every provider: one line (or object) each. */
static int providers_list(void)
{
	GUID *list = NULL;
	void *info;
	ULONG len = 0, st, i, n;
	char t[ETW_GUID_STR_LEN];

	st = enum_query(TraceGuidQueryList, NULL, (void **)&list, &len);
	if (st != ERROR_SUCCESS)
		return api_fail("EnumerateTraceGuidsEx", st,
				st == ERROR_NOT_SUPPORTED && !have_feature(ETW_FEAT_QUERY) ?
				"this etw.ko cannot enumerate providers (no 'query' feature)" :
				NULL);
	n = len / sizeof(GUID);
	if (json)
		j_open('[');
	else
		printf("%-38s %9s  %-11s %-20s %s\n", "PROVIDER", "INSTANCES",
		       "KIND", "PIDS", "LOGGERS");
	for (i = 0; i < n; i++) {
		TRACE_PROVIDER_INSTANCE_INFO *inst = NULL;
		ULONG ilen = 0, k, ni, pre = 0, classic = 0;	/* instances */
		uint64_t loggers[2] = { 0, 0 };
		char pids[256] = "", lg[256] = "";
		size_t pn = 0, ln = 0;

		/* Gone since the list was taken: skip it. */
		info = NULL;
		if (enum_query(TraceGuidQueryInfo, &list[i], &info, &ilen))
			continue;
		ni = ((TRACE_GUID_INFO *)info)->InstanceCount;
		if (json) {
			j_sep();
			j_open('{');
			j_str("guid", guid_text(&list[i], t));
			j_u64("instances", ni);
			j_key("pids");
			j_open('[');
		}
		for (k = 0; k < ni && (inst = instance_at(info, ilen, inst)); k++) {
			const TRACE_ENABLE_INFO *e = (const void *)(inst + 1);
			ULONG x;

			pre |= !!(inst->Flags & TRACE_PROVIDER_FLAG_PRE_ENABLE);
			classic += !!(inst->Flags & TRACE_PROVIDER_FLAG_LEGACY);
			if (!(inst->Flags & TRACE_PROVIDER_FLAG_PRE_ENABLE)) {
				if (json) {
					j_sep();
					printf("%u", inst->Pid);
				} else if (pn < sizeof(pids)) {
					pn += snprintf(pids + pn, sizeof(pids) - pn,
						       "%s%u", pn ? "," : "", inst->Pid);
				}
			}
			for (x = 0; x < inst->EnableCount; x++)
				if (e[x].LoggerId < 128)
					loggers[e[x].LoggerId / 64] |=
						1ULL << (e[x].LoggerId % 64);
		}
		if (json) {
			j_close(']');
			j_bool("classic", classic == ni);
			j_bool("pre_enabled", pre);
			j_key("logger_ids");
			j_open('[');
		}
		for (k = 0; k < 128; k++) {
			if (!(loggers[k / 64] & (1ULL << (k % 64))))
				continue;
			if (json) {
				j_sep();
				printf("%u", k);
			} else if (ln < sizeof(lg)) {
				ln += snprintf(lg + ln, sizeof(lg) - ln, "%s%u",
					       ln ? "," : "", k);
			}
		}
		if (json) {
			j_close(']');
			j_close('}');
		} else {
			printf("{%s} %9u  %-11s %-20s %s\n", guid_text(&list[i], t),
			       ni, pre ? "pre-enabled" : classic == ni ? "classic" :
			       classic ? "mixed" : "modern",
			       pn ? pids : "-", ln ? lg : "-");
		}
		free(info);
	}
	if (json) {
		j_close(']');
		j_end();
	} else if (!n) {
		printf("(no providers)\n");
	}
	free(list);
	return 0;
}

static int cmd_providers(int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	GUID g;
	int c;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc) > 1)
		return usage_err("too many arguments");
	if (nargs(argc) == 0)
		return providers_list();
	if (arg_guid(argv[optind], &g, "provider"))
		return EXIT_USAGE;
	return provider_show(&g);
}

/* ===== The command table =============================================== */

static int cmd_help(int argc, char **argv);

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *synopsis;
	const char *help;
} commands[] = {
	{ "start", cmd_start,
	  "NAME [--realtime] [--file PATH] [--mode sequential|circular|append|newfile]\n"
	  "        [--buffering] [--no-per-cpu] [--buffer-kb N] [--min-buffers N]\n"
	  "        [--max-buffers N] [--max-file-mb N] [--flush-timer S]\n"
	  "        [--clock qpc|system|cycles] [--private] [--guid GUID]",
	  "start a session (StartTrace); real time unless --file, --buffering or --private" },
	{ "stop", cmd_stop, "NAME", "stop a session, flushing its buffers (StopTrace)" },
	{ "flush", cmd_flush, "NAME", "hand over partly filled buffers now (FlushTrace)" },
	{ "query", cmd_query, "NAME", "show a session's properties and statistics (QueryTrace)" },
	{ "update", cmd_update,
	  "NAME [--flush-timer S] [--max-buffers N] [--realtime on|off] [--file PATH]",
	  "change a running session (UpdateTrace)" },
	{ "list", cmd_list, "", "list the sessions you may control (QueryAllTraces)" },
	{ "enable", cmd_enable,
	  "NAME GUID [--level N] [--any HEX] [--all HEX] [--group] [--source GUID]\n"
	  "        [--property NAME|HEX ...] [--pid N ...] [--exe NAMES]\n"
	  "        [--event-ids [+|-]ID,ID...] [--timeout MS]",
	  "enable a provider (or with --group a provider group) in a session (EnableTraceEx2)" },
	{ "disable", cmd_disable, "NAME GUID [--group] [--source GUID] [--timeout MS]",
	  "disable a provider or group in a session" },
	{ "capture", cmd_capture, "NAME GUID [--group] [--source GUID] [--timeout MS]",
	  "ask a provider the session enables to log its state (CAPTURE_STATE)" },
	{ "disallow", cmd_disallow, "set NAME GUID... | clear NAME | show NAME",
	  "a session's disallow list: providers its group enables skip (TraceSetInformation)" },
	{ "group-acl", cmd_group_acl,
	  "set GROUPGUID {uid:N|gid:N}... | clear GROUPGUID | show GROUPGUID",
	  "who may join a provider group (setting needs CAP_SYS_ADMIN)" },
	{ "providers", cmd_providers, "[GUID]",
	  "list providers, or one provider's instances and sessions (EnumerateTraceGuidsEx)" },
	{ "info", cmd_info, "", "the ABI version, features and limits of etw.ko" },
	{ "help", cmd_help, "[COMMAND]", "this help, or one command's" },
};

#define NR_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static const struct command *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < NR_COMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

static void usage_cmd(FILE *f, const char *name)
{
	const struct command *c = find_command(name);

	if (!c)
		return;
	fprintf(f, "usage: etwctl [--json] %s%s%s\n  %s\n", c->name,
		c->synopsis[0] ? " " : "", c->synopsis, c->help);
}

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: etwctl [--json] COMMAND [ARGS]\n"
		   "Control Linux ETW sessions and providers (Windows tracelog/logman style).\n\n"
		   "commands:\n");
	for (i = 0; i < NR_COMMANDS; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\nGUIDs are written xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (braces optional).\n"
		   "--json prints one JSON object per command (an array for list and providers).\n"
		   "Exit status: 0 success, 1 an API call failed, 2 usage error.\n"
		   "'etwctl help COMMAND' shows a command's options.\n");
}

static int cmd_help(int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	int c;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc) == 0) {
		usage(stdout);
		return 0;
	}
	if (!find_command(argv[optind]))
		return usage_err("no command '%s'", argv[optind]);
	usage_cmd(stdout, argv[optind]);
	return 0;
}

int main(int argc, char **argv)
{
	const struct command *c;
	int i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = 1;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "etwctl: unknown option '%s'\n", argv[i]);
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (i >= argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	c = find_command(argv[i]);
	if (!c) {
		fprintf(stderr, "etwctl: unknown command '%s'\n", argv[i]);
		usage(stderr);
		return EXIT_USAGE;
	}
	cur_cmd = c->name;
	opterr = 0;
	optind = 1;
	return c->fn(argc - i, argv + i);
}
