// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: print the events of .etl files or of a real-time session, in
 * the spirit of Windows tracerpt.  Uses only the public consumer API
 * (OpenTrace, ProcessTrace, CloseTrace).
 *
 *   etwdump [--json] [--raw-time] [--max N] [--quiet] {--session NAME | FILE.etl...}
 *
 * One line per event: time (ISO-8601 UTC with 100-ns digits, or the raw
 * session clock with --raw-time), CPU, PID/TID, provider, id, version,
 * level, keywords, opcode, task, flags, extended item types, payload in
 * hex (and decoded for string-only events); a TraceMessage (WPP) event
 * shows its message GUID and "msg=" its message number instead of the
 * descriptor (whose other fields it does not have).  --json prints one JSON
 * object per line instead.  At the end, or on SIGINT/SIGTERM while
 * following a session, a summary: events per provider, events and
 * buffers lost, buffers read.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>

#define MAX_FILES 64

struct provider_count {
	GUID guid;
	unsigned long long n;
};

static struct {
	int json, raw, quiet;
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
} g = { .lock = PTHREAD_MUTEX_INITIALIZER };

static void usage(FILE *f)
{
	fprintf(f,
		"usage: etwdump [--json] [--raw-time] [--max N] [--quiet]\n"
		"               {--session NAME | FILE.etl...}\n"
		"  --session NAME  follow a real-time session until it stops (or ^C)\n"
		"  FILE.etl...     read log files, merged by time (at most %d)\n"
		"  --json          one JSON object per line\n"
		"  --raw-time      raw session clock instead of UTC time\n"
		"  --max N         print at most N events\n"
		"  --quiet         print only the summary\n", MAX_FILES);
}

static const char *win32_name(ULONG e)
{
	switch (e) {
	case ERROR_SUCCESS: return "ERROR_SUCCESS";
	case ERROR_FILE_NOT_FOUND: return "ERROR_FILE_NOT_FOUND";
	case ERROR_PATH_NOT_FOUND: return "ERROR_PATH_NOT_FOUND";
	case ERROR_ACCESS_DENIED: return "ERROR_ACCESS_DENIED";
	case ERROR_INVALID_HANDLE: return "ERROR_INVALID_HANDLE";
	case ERROR_NOT_ENOUGH_MEMORY: return "ERROR_NOT_ENOUGH_MEMORY";
	case ERROR_BAD_LENGTH: return "ERROR_BAD_LENGTH";
	case ERROR_NOT_SUPPORTED: return "ERROR_NOT_SUPPORTED";
	case ERROR_INVALID_PARAMETER: return "ERROR_INVALID_PARAMETER";
	case ERROR_BAD_PATHNAME: return "ERROR_BAD_PATHNAME";
	case ERROR_BUSY: return "ERROR_BUSY";
	case ERROR_CANCELLED: return "ERROR_CANCELLED";
	case ERROR_FILE_CORRUPT: return "ERROR_FILE_CORRUPT";
	case ERROR_INVALID_TIME: return "ERROR_INVALID_TIME";
	case ERROR_WMI_INSTANCE_NOT_FOUND: return "ERROR_WMI_INSTANCE_NOT_FOUND";
	case ERROR_WMI_SERVER_UNAVAILABLE: return "ERROR_WMI_SERVER_UNAVAILABLE (is etw.ko loaded?)";
	case ERROR_CTX_CLOSE_PENDING: return "ERROR_CTX_CLOSE_PENDING";
	default: return "error";
	}
}

static void guid_str(const GUID *g, char out[37])
{
	snprintf(out, 37, "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 g->Data1, g->Data2, g->Data3, g->Data4[0], g->Data4[1],
		 g->Data4[2], g->Data4[3], g->Data4[4], g->Data4[5],
		 g->Data4[6], g->Data4[7]);
}

/* FILETIME (100 ns since 1601) as 2024-01-31T12:34:56.1234567Z */
static void iso_time(LONGLONG ft, char out[96])
{
	const long long epoch = 116444736000000000LL;
	long long rel = ft - epoch, secs = rel / 10000000, frac = rel % 10000000;
	struct tm tm;
	time_t t;

	if (frac < 0) {
		frac += 10000000;
		secs--;
	}
	t = (time_t)secs;
	if (!gmtime_r(&t, &tm)) {
		snprintf(out, 96, "%lld", ft);
		return;
	}
	snprintf(out, 96, "%04d-%02d-%02dT%02d:%02d:%02d.%07lldZ",
		 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		 tm.tm_min, tm.tm_sec, frac);
}

static void count_provider(const GUID *guid)
{
	size_t i;

	for (i = 0; i < g.nprov; i++) {
		if (IsEqualGUID(&g.prov[i].guid, guid)) {
			g.prov[i].n++;
			return;
		}
	}
	if (g.nprov == g.prov_cap) {
		size_t cap = g.prov_cap ? 2 * g.prov_cap : 16;
		struct provider_count *p = realloc(g.prov, cap * sizeof(*p));

		if (!p)
			return;
		g.prov = p;
		g.prov_cap = cap;
	}
	g.prov[g.nprov].guid = *guid;
	g.prov[g.nprov].n = 1;
	g.nprov++;
}

/* UTF-16LE (@n bytes) to UTF-8 on @f, JSON-escaped when @json. */
static void put_utf16(FILE *f, const unsigned char *s, size_t n, int json)
{
	size_t i;

	for (i = 0; i + 1 < n; i += 2) {
		unsigned int c = s[i] | s[i + 1] << 8;

		if (!c)
			break;
		if (c >= 0xD800 && c < 0xDC00 && i + 3 < n) {
			unsigned int c2 = s[i + 2] | s[i + 3] << 8;

			if (c2 >= 0xDC00 && c2 < 0xE000) {
				c = 0x10000 + ((c - 0xD800) << 10) + (c2 - 0xDC00);
				i += 2;
			} else {
				c = 0xFFFD;
			}
		} else if (c >= 0xD800 && c < 0xE000) {
			c = 0xFFFD;
		}
		if (json && (c == '"' || c == '\\')) {
			fprintf(f, "\\%c", c);
		} else if (c < 0x20) {
			if (json)
				fprintf(f, "\\u%04x", c);
			else
				fputc(c == '\n' || c == '\t' ? ' ' : '?', f);
		} else if (c < 0x80) {
			fputc(c, f);
		} else if (c < 0x800) {
			fputc(0xC0 | c >> 6, f);
			fputc(0x80 | (c & 0x3F), f);
		} else if (c < 0x10000) {
			fputc(0xE0 | c >> 12, f);
			fputc(0x80 | ((c >> 6) & 0x3F), f);
			fputc(0x80 | (c & 0x3F), f);
		} else {
			fputc(0xF0 | c >> 18, f);
			fputc(0x80 | ((c >> 12) & 0x3F), f);
			fputc(0x80 | ((c >> 6) & 0x3F), f);
			fputc(0x80 | (c & 0x3F), f);
		}
	}
}

static void put_hex(FILE *f, const void *p, size_t n)
{
	static const char hx[] = "0123456789abcdef";
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++) {
		fputc(hx[b[i] >> 4], f);
		fputc(hx[b[i] & 15], f);
	}
}

/* Stop after --max events: close every handle (ProcessTrace returns). */
static void close_all(void)
{
	int i;

	pthread_mutex_lock(&g.lock);
	if (!g.closed) {
		g.closed = 1;
		for (i = 0; i < g.nh; i++)
			CloseTrace(g.h[i]);
	}
	pthread_mutex_unlock(&g.lock);
}

static VOID WINAPI on_event(PEVENT_RECORD er)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *d = &h->EventDescriptor;
	char guid[37], when[96];
	FILE *f = stdout;
	USHORT i;

	if (g.max && g.shown >= g.max)
		return;		/* draining after --max */
	g.events++;
	count_provider(&h->ProviderId);
	if (g.quiet)
		goto out;
	guid_str(&h->ProviderId, guid);
	if (g.raw)
		snprintf(when, sizeof(when), "%lld", h->TimeStamp.QuadPart);
	else
		iso_time(h->TimeStamp.QuadPart, when);

	if (g.json) {
		fprintf(f, "{\"%s\":%s%s%s,\"cpu\":%u,\"pid\":%u,\"tid\":%u,"
			"\"provider\":\"%s\",\"id\":%u,\"version\":%u,\"level\":%u,"
			"\"channel\":%u,\"keywords\":\"0x%llx\",\"opcode\":%u,"
			"\"task\":%u,\"flags\":\"0x%04x\",\"ext\":[",
			g.raw ? "ts" : "time", g.raw ? "" : "\"", when,
			g.raw ? "" : "\"", GetEventProcessorIndex(er),
			h->ProcessId, h->ThreadId, guid, d->Id, d->Version, d->Level,
			d->Channel, d->Keyword, d->Opcode, d->Task, h->Flags);
		for (i = 0; i < er->ExtendedDataCount; i++)
			fprintf(f, "%s%u", i ? "," : "", er->ExtendedData[i].ExtType);
		fprintf(f, "],\"len\":%u,\"payload\":\"", er->UserDataLength);
		put_hex(f, er->UserData, er->UserDataLength);
		fputc('"', f);
		if (h->Flags & EVENT_HEADER_FLAG_STRING_ONLY) {
			fputs(",\"string\":\"", f);
			put_utf16(f, er->UserData, er->UserDataLength, 1);
			fputc('"', f);
		}
		fputs("}\n", f);
	} else {
		if (h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE)
			/*
			 * TraceMessage (WPP): the provider is the message
			 * GUID (zero without one), msg the message number;
			 * the descriptor's other fields are always 0.
			 */
			fprintf(f, "%s cpu=%u pid=%u tid=%u {%s} msg=%u "
				"flags=0x%04x ext=[", when,
				GetEventProcessorIndex(er), h->ProcessId,
				h->ThreadId, guid, d->Id, h->Flags);
		else
			fprintf(f, "%s cpu=%u pid=%u tid=%u {%s} id=%u v=%u "
				"lvl=%u kw=0x%llx op=%u task=%u flags=0x%04x ext=[",
				when, GetEventProcessorIndex(er), h->ProcessId,
				h->ThreadId, guid, d->Id, d->Version, d->Level,
				d->Keyword, d->Opcode, d->Task, h->Flags);
		for (i = 0; i < er->ExtendedDataCount; i++)
			fprintf(f, "%s%u", i ? "," : "", er->ExtendedData[i].ExtType);
		fprintf(f, "] len=%u", er->UserDataLength);
		if (h->Flags & EVENT_HEADER_FLAG_STRING_ONLY) {
			fputs(" string=\"", f);
			put_utf16(f, er->UserData, er->UserDataLength, 0);
			fputc('"', f);
		}
		if (er->UserDataLength) {
			fputs(" data=", f);
			put_hex(f, er->UserData, er->UserDataLength);
		}
		fputc('\n', f);
	}
out:
	g.shown++;
	if (g.max && g.shown >= g.max)
		close_all();
}

static ULONG WINAPI on_buffer(PEVENT_TRACE_LOGFILEA lf)
{
	long i = (long)(intptr_t)lf->Context;

	if (i >= 0 && i < MAX_FILES) {
		g.buffers_read[i] = lf->BuffersRead;
		g.events_lost[i] = lf->EventsLost;
		g.buffers_lost[i] = lf->LogfileHeader.BuffersLost;
	}
	return TRUE;
}

/* SIGINT/SIGTERM: CloseTrace, so ProcessTrace drains and returns. */
static void *signal_main(void *arg)
{
	sigset_t *set = arg;
	int sig;

	for (;;) {
		if (sigwait(set, &sig))
			continue;
		g.interrupted = 1;
		close_all();
	}
	return NULL;
}

static int cmp_prov(const void *a, const void *b)
{
	const struct provider_count *x = a, *y = b;

	return x->n < y->n ? 1 : x->n > y->n ? -1 : 0;
}

static void summary(ULONG status)
{
	struct timespec t1;
	unsigned long long elost = 0, blost = 0, bread = 0;
	double secs;
	char guid[37];
	FILE *f = stdout;
	size_t i;
	int k;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (t1.tv_sec - g.t0.tv_sec) + (t1.tv_nsec - g.t0.tv_nsec) / 1e9;
	for (k = 0; k < g.nh; k++) {
		elost += g.events_lost[k];
		blost += g.buffers_lost[k];
		bread += g.buffers_read[k];
	}
	qsort(g.prov, g.nprov, sizeof(*g.prov), cmp_prov);
	if (g.json) {
		fprintf(f, "{\"summary\":{\"events\":%llu,\"status\":%u,"
			"\"events_lost\":%llu,\"buffers_lost\":%llu,"
			"\"buffers_read\":%llu,\"seconds\":%.3f,\"providers\":{",
			g.events, status, elost, blost, bread, secs);
		for (i = 0; i < g.nprov; i++) {
			guid_str(&g.prov[i].guid, guid);
			fprintf(f, "%s\"%s\":%llu", i ? "," : "", guid, g.prov[i].n);
		}
		fprintf(f, "}}}\n");
		return;
	}
	fprintf(f, "--- %llu events in %.3f s (%.0f events/s)%s\n", g.events,
		secs, secs > 0 ? g.events / secs : 0.0,
		g.interrupted ? ", interrupted" : "");
	for (i = 0; i < g.nprov; i++) {
		guid_str(&g.prov[i].guid, guid);
		fprintf(f, "  {%s} %llu\n", guid, g.prov[i].n);
	}
	fprintf(f, "events lost: %llu, buffers lost: %llu, buffers read: %llu\n",
		elost, blost, bread);
}

int main(int argc, char **argv)
{
	const char *session = NULL;
	const char *files[MAX_FILES];
	int nfiles = 0, i;
	sigset_t set;
	pthread_t sig_thread;
	ULONG status;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			g.json = 1;
		} else if (!strcmp(argv[i], "--raw-time")) {
			g.raw = 1;
		} else if (!strcmp(argv[i], "--quiet")) {
			g.quiet = 1;
		} else if (!strcmp(argv[i], "--max") && i + 1 < argc) {
			char *end;

			g.max = strtoull(argv[++i], &end, 0);
			if (*end || !g.max) {
				fprintf(stderr, "etwdump: --max wants a positive number\n");
				return 2;
			}
		} else if (!strcmp(argv[i], "--session") && i + 1 < argc) {
			session = argv[++i];
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			usage(stderr);
			return 2;
		} else if (nfiles == MAX_FILES) {
			fprintf(stderr, "etwdump: at most %d files\n", MAX_FILES);
			return 2;
		} else {
			files[nfiles++] = argv[i];
		}
	}
	if (!!session == !!nfiles) {
		usage(stderr);
		return 2;
	}

	/* Signals go to one thread, which closes the traces. */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	if (pthread_create(&sig_thread, NULL, signal_main, &set) == 0)
		pthread_detach(sig_thread);

	g.nh = session ? 1 : nfiles;
	for (i = 0; i < g.nh; i++) {
		EVENT_TRACE_LOGFILEA *lf = &g.lf[i];

		memset(lf, 0, sizeof(*lf));
		if (session) {
			lf->LoggerName = (LPSTR)session;
			lf->ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME;
		} else {
			lf->LogFileName = (LPSTR)files[i];
		}
		lf->ProcessTraceMode |= PROCESS_TRACE_MODE_EVENT_RECORD;
		if (g.raw)
			lf->ProcessTraceMode |= PROCESS_TRACE_MODE_RAW_TIMESTAMP;
		lf->EventRecordCallback = on_event;
		lf->BufferCallback = on_buffer;
		lf->Context = (PVOID)(intptr_t)i;
		pthread_mutex_lock(&g.lock);
		g.h[i] = OpenTraceA(lf);
		pthread_mutex_unlock(&g.lock);
		if (g.h[i] == INVALID_PROCESSTRACE_HANDLE) {
			ULONG e = GetLastError();

			fprintf(stderr, "etwdump: %s: OpenTrace: %s (%u)\n",
				session ? session : files[i], win32_name(e), e);
			g.nh = i;
			close_all();
			return 1;
		}
		/* Files: the losses the header recorded (updated per buffer). */
		g.events_lost[i] = lf->LogfileHeader.EventsLost;
		g.buffers_lost[i] = lf->LogfileHeader.BuffersLost;
	}

	clock_gettime(CLOCK_MONOTONIC, &g.t0);
	status = ProcessTrace(g.h, g.nh, NULL, NULL);
	fflush(stdout);
	summary(status);
	close_all();
	if (status != ERROR_SUCCESS && status != ERROR_CANCELLED) {
		fprintf(stderr, "etwdump: ProcessTrace: %s (%u)\n",
			win32_name(status), status);
		return 1;
	}
	return 0;
}
