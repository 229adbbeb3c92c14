// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-sample: a manifest-style ETW provider, written as it would be on
 * Windows.  It plays a small request handler: each request is a
 * RequestStart/RequestStop pair tied together by an activity ID, slow
 * requests log a warning, and a verbose heartbeat string goes out with
 * EventWriteString.  When a session asks for its state (CAPTURE_STATE)
 * it writes a State event from the enable callback.
 *
 *   etw-sample [--count N] [--rate N] [--payload N] [--wait-enabled SECS]
 *              [--guid GUID] [--group GUID] [--quiet]
 *
 * Everything between the "provider" markers is the Windows code; the
 * rest is command-line handling.
 */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ----- provider --------------------------------------------------------- */
#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>

/* {6a2c4e8b-3d5f-4a71-9b0c-e1d2f3a4b5c6}  "Linux-ETW-Sample" */
static const GUID SampleProviderGuid = {
	0x6a2c4e8b, 0x3d5f, 0x4a71, { 0x9b, 0x0c, 0xe1, 0xd2, 0xf3, 0xa4, 0xb5, 0xc6 }
};

/* Keywords (the manifest's <keywords>). */
#define SAMPLE_KEYWORD_REQUEST	0x1ULL	/* request start/stop */
#define SAMPLE_KEYWORD_PERF	0x2ULL	/* slow-request warnings */
#define SAMPLE_KEYWORD_DEBUG	0x4ULL	/* heartbeat strings */
#define SAMPLE_KEYWORD_STATE	0x8ULL	/* capture-state rundown */

/* Tasks and opcodes (winmeta: 1 start, 2 stop, 3 DC start). */
#define SAMPLE_TASK_REQUEST	1
#define SAMPLE_TASK_STATE	2
#define SAMPLE_OPCODE_INFO	0
#define SAMPLE_OPCODE_START	1
#define SAMPLE_OPCODE_STOP	2
#define SAMPLE_OPCODE_DC_START	3

/* The provider's events, filled in by SampleEventsInit. */
static EVENT_DESCRIPTOR RequestStart;	/* Id 1: Url, RequestId */
static EVENT_DESCRIPTOR RequestStop;	/* Id 2: RequestId, Status, DurationNs, BlobSize, Blob */
static EVENT_DESCRIPTOR SlowRequest;	/* Id 3: RequestId, Milliseconds */
static EVENT_DESCRIPTOR ProviderState;	/* Id 100: EventsWritten, Rate, PayloadSize, Name */

static void SampleEventsInit(void)
{
	/*            descriptor      Id  Ver Chan Level                     Task                Opcode                  Keyword */
	EventDescCreate(&RequestStart, 1, 0, 0, TRACE_LEVEL_INFORMATION, SAMPLE_TASK_REQUEST, SAMPLE_OPCODE_START, SAMPLE_KEYWORD_REQUEST);
	EventDescCreate(&RequestStop, 2, 0, 0, TRACE_LEVEL_INFORMATION, SAMPLE_TASK_REQUEST, SAMPLE_OPCODE_STOP, SAMPLE_KEYWORD_REQUEST);
	EventDescCreate(&SlowRequest, 3, 0, 0, TRACE_LEVEL_WARNING, SAMPLE_TASK_REQUEST, SAMPLE_OPCODE_INFO, SAMPLE_KEYWORD_PERF);
	EventDescCreate(&ProviderState, 100, 0, 0, TRACE_LEVEL_INFORMATION, SAMPLE_TASK_STATE, SAMPLE_OPCODE_DC_START, SAMPLE_KEYWORD_STATE);
}

/* What the enable callback and the writer share. */
typedef struct _SAMPLE_CONTEXT {
	REGHANDLE RegHandle;
	volatile ULONG IsEnabled;	/* last IsEnabled seen */
	volatile UCHAR Level;
	volatile ULONGLONG MatchAnyKeyword;
	volatile ULONGLONG MatchAllKeyword;
	volatile ULONG Callbacks;
	ULONGLONG EventsWritten;	/* under CountLock */
	ULONG Rate;
	ULONG PayloadSize;
	BOOL Quiet;
} SAMPLE_CONTEXT;

static SAMPLE_CONTEXT Sample;

static void CountStatus(ULONG Status);

static void GuidToText(LPCGUID g, char *buf, size_t size)
{
	snprintf(buf, size, "{%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x}",
		 g->Data1, g->Data2, g->Data3, g->Data4[0], g->Data4[1],
		 g->Data4[2], g->Data4[3], g->Data4[4], g->Data4[5],
		 g->Data4[6], g->Data4[7]);
}

/*
 * The capture-state response: one event describing the provider.
 * Returns its status, or ERROR_NOT_FOUND when the sessions do not want
 * it (level or keywords).
 */
static ULONG WriteStateEvent(SAMPLE_CONTEXT *ctx)
{
	static const WCHAR Name[] = u"Linux-ETW-Sample";
	EVENT_DATA_DESCRIPTOR data[4];
	ULONGLONG written;
	ULONG status;

	if (!EventEnabled(ctx->RegHandle, &ProviderState))
		return ERROR_NOT_FOUND;
	written = __atomic_load_n(&ctx->EventsWritten, __ATOMIC_RELAXED);
	EventDataDescCreate(&data[0], &written, sizeof(written));
	EventDataDescCreate(&data[1], &ctx->Rate, sizeof(ctx->Rate));
	EventDataDescCreate(&data[2], &ctx->PayloadSize, sizeof(ctx->PayloadSize));
	EventDataDescCreate(&data[3], Name, sizeof(Name));
	status = EventWrite(ctx->RegHandle, &ProviderState, 4, data);
	CountStatus(status);
	return status;
}

/*
 * PENABLECALLBACK: record what the sessions want (Level = most verbose,
 * MatchAny = OR, MatchAll = AND over them) and answer CAPTURE_STATE.
 * Short, and no session control from in here.
 */
static VOID NTAPI SampleEnableCallback(LPCGUID SourceId, ULONG IsEnabled,
				       UCHAR Level, ULONGLONG MatchAnyKeyword,
				       ULONGLONG MatchAllKeyword,
				       PEVENT_FILTER_DESCRIPTOR FilterData,
				       PVOID CallbackContext)
{
	SAMPLE_CONTEXT *ctx = CallbackContext;
	const char *what;
	char source[48];
	ULONG status = ERROR_SUCCESS;

	switch (IsEnabled) {
	case EVENT_CONTROL_CODE_DISABLE_PROVIDER:
		what = "DISABLE";
		ctx->IsEnabled = IsEnabled;
		break;
	case EVENT_CONTROL_CODE_ENABLE_PROVIDER:
		what = "ENABLE";
		ctx->Level = Level;
		ctx->MatchAnyKeyword = MatchAnyKeyword;
		ctx->MatchAllKeyword = MatchAllKeyword;
		ctx->IsEnabled = IsEnabled;
		break;
	case EVENT_CONTROL_CODE_CAPTURE_STATE:
		what = "CAPTURE_STATE";
		status = WriteStateEvent(ctx);
		break;
	default:
		return;		/* ignore codes we do not know (seed 000, 7) */
	}
	__atomic_add_fetch(&ctx->Callbacks, 1, __ATOMIC_RELAXED);
	if (ctx->Quiet)
		return;
	GuidToText(SourceId, source, sizeof(source));
	printf("etw-sample: callback IsEnabled=%lu (%s) SourceId=%s Level=%u "
	       "MatchAnyKeyword=0x%llx MatchAllKeyword=0x%llx",
	       (unsigned long)IsEnabled, what, source, Level, MatchAnyKeyword,
	       MatchAllKeyword);
	if (FilterData)
		printf(" FilterData=Type 0x%08lx, %lu bytes",
		       (unsigned long)FilterData->Type,
		       (unsigned long)FilterData->Size);
	printf("\n");
	if (IsEnabled == EVENT_CONTROL_CODE_CAPTURE_STATE) {
		if (status == ERROR_NOT_FOUND)
			printf("etw-sample: state event not wanted (Level %u, keyword 0x%llx)\n",
			       ProviderState.Level, ProviderState.Keyword);
		else
			printf("etw-sample: state event written, status %lu\n",
			       (unsigned long)status);
	}
	fflush(stdout);
}

/* Provider traits: the name, and a provider group if one is given. */
static ULONG SetTraits(REGHANDLE h, LPCGUID Group)
{
	static const char Name[] = "Linux-ETW-Sample";
	UCHAR traits[2 + sizeof(Name) + 3 + sizeof(GUID)];
	USHORT size = 2 + sizeof(Name), tsize = 3 + sizeof(GUID);

	memcpy(traits + 2, Name, sizeof(Name));
	if (Group) {
		memcpy(traits + size, &tsize, 2);
		traits[size + 2] = EtwProviderTraitTypeGroup;
		memcpy(traits + size + 3, Group, sizeof(GUID));
		size += tsize;
	}
	memcpy(traits, &size, 2);
	return EventSetInformation(h, EventProviderSetTraits, traits, size);
}
/* ----- end of provider ------------------------------------------------- */

/* Write statistics; the callback thread writes state events too. */
#define MAX_CODES 16
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
	ULONG code;
	unsigned long long n;
} errors[MAX_CODES];
static unsigned long long skipped, failed;

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* Count the status of one EventWrite* call. */
static void CountStatus(ULONG st)
{
	int i;

	pthread_mutex_lock(&count_lock);
	if (st == ERROR_SUCCESS) {
		__atomic_add_fetch(&Sample.EventsWritten, 1, __ATOMIC_RELAXED);
	} else {
		failed++;
		for (i = 0; i < MAX_CODES && errors[i].n; i++)
			if (errors[i].code == st)
				break;
		if (i == MAX_CODES)
			i = MAX_CODES - 1;	/* lump the rest together */
		errors[i].code = st;
		errors[i].n++;
	}
	pthread_mutex_unlock(&count_lock);
}

static const char *status_name(ULONG st)
{
	switch (st) {
	case ERROR_INVALID_PARAMETER: return "ERROR_INVALID_PARAMETER";
	case ERROR_INVALID_HANDLE: return "ERROR_INVALID_HANDLE";
	case ERROR_ARITHMETIC_OVERFLOW: return "ERROR_ARITHMETIC_OVERFLOW";
	case ERROR_MORE_DATA: return "ERROR_MORE_DATA";
	case ERROR_NOT_ENOUGH_MEMORY: return "ERROR_NOT_ENOUGH_MEMORY";
	case STATUS_LOG_FILE_FULL: return "STATUS_LOG_FILE_FULL";
	case ERROR_ACCESS_DENIED: return "ERROR_ACCESS_DENIED";
	case ERROR_ALREADY_EXISTS: return "ERROR_ALREADY_EXISTS";
	case ERROR_NOT_SUPPORTED: return "ERROR_NOT_SUPPORTED";
	case ERROR_WMI_SERVER_UNAVAILABLE: return "ERROR_WMI_SERVER_UNAVAILABLE";
	default: return "ERROR_?";
	}
}

/*
 * Write event number @k of the request cycle.  Each request is an
 * activity of its own whose start names the process's activity
 * (@parent) as its related activity.
 */
static void write_one(unsigned long long k, unsigned char *blob,
		      const GUID *parent)
{
	static const WCHAR Url[] = u"/api/v1/orders?id=42";
	static GUID activity;
	static ULONG request_id, status = 200;
	static ULONGLONG duration;
	EVENT_DATA_DESCRIPTOR d[5];
	USHORT blob_size = (USHORT)Sample.PayloadSize;
	ULONG ms;

	switch (k % 4) {
	case 0:	/* a request begins: a new activity, related to @parent */
		request_id++;
		EventActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_ID, &activity);
		if (!EventEnabled(Sample.RegHandle, &RequestStart)) {
			skipped++;
			return;
		}
		EventDataDescCreate(&d[0], Url, sizeof(Url));
		EventDataDescCreate(&d[1], &request_id, sizeof(request_id));
		CountStatus(EventWriteTransfer(Sample.RegHandle, &RequestStart,
						&activity, parent, 2, d));
		return;
	case 1:	/* it ends, in the same activity, with a binary blob */
		if (!EventEnabled(Sample.RegHandle, &RequestStop)) {
			skipped++;
			return;
		}
		duration = 1000000ULL + (k % 97) * 10000ULL;
		memset(blob, (int)(request_id & 0xFF), blob_size);
		EventDataDescCreate(&d[0], &request_id, sizeof(request_id));
		EventDataDescCreate(&d[1], &status, sizeof(status));
		EventDataDescCreate(&d[2], &duration, sizeof(duration));
		EventDataDescCreate(&d[3], &blob_size, sizeof(blob_size));
		EventDataDescCreate(&d[4], blob, blob_size);
		CountStatus(EventWriteTransfer(Sample.RegHandle, &RequestStop,
						&activity, NULL, 5, d));
		return;
	case 2:	/* a warning, in the thread's activity (the process's) */
		if (!EventEnabled(Sample.RegHandle, &SlowRequest)) {
			skipped++;
			return;
		}
		ms = (ULONG)(duration / 1000000ULL);
		EventDataDescCreate(&d[0], &request_id, sizeof(request_id));
		EventDataDescCreate(&d[1], &ms, sizeof(ms));
		CountStatus(EventWrite(Sample.RegHandle, &SlowRequest, 2, d));
		return;
	default: /* a verbose heartbeat string */
		if (!EventProviderEnabled(Sample.RegHandle, TRACE_LEVEL_VERBOSE,
					  SAMPLE_KEYWORD_DEBUG)) {
			skipped++;
			return;
		}
		CountStatus(EventWriteString(Sample.RegHandle,
					      TRACE_LEVEL_VERBOSE,
					      SAMPLE_KEYWORD_DEBUG,
					      u"heartbeat: request handler alive"));
		return;
	}
}

static int parse_guid(const char *s, GUID *g)
{
	unsigned int d1, d2, d3, b[8];
	int n = 0;

	if (*s == '{')
		s++;
	if (sscanf(s, "%8x-%4x-%4x-%2x%2x-%2x%2x%2x%2x%2x%2x%n", &d1, &d2,
		   &d3, &b[0], &b[1], &b[2], &b[3], &b[4], &b[5], &b[6], &b[7],
		   &n) != 11 || n != 36 || (s[n] && strcmp(s + n, "}")))
		return -1;
	g->Data1 = d1;
	g->Data2 = (USHORT)d2;
	g->Data3 = (USHORT)d3;
	for (n = 0; n < 8; n++)
		g->Data4[n] = (UCHAR)b[n];
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: etw-sample [--count N] [--rate N] [--payload N] [--wait-enabled SECS]\n"
		"                  [--guid GUID] [--group GUID] [--quiet]\n"
		"  --count N          events to write (default 20; 0 = until interrupted)\n"
		"  --rate N           events per second (default 10; 0 = as fast as possible)\n"
		"  --payload N        bytes of binary blob in RequestStop (default 16, max 60000)\n"
		"  --wait-enabled S   wait up to S seconds for a session to enable the provider\n"
		"  --guid GUID        register under another provider GUID\n"
		"  --group GUID       join a provider group (EventSetInformation traits)\n"
		"  --quiet            print only the provider line and the summary\n"
		"  --help, --version\n");
}

static unsigned long parse_num(const char *opt, const char *s, unsigned long max)
{
	char *end;
	unsigned long v;

	if (!strncmp(opt, "rate", 4) && strlen(s) > 2 &&
	    !strcmp(s + strlen(s) - 2, "/s")) {
		static char tmp[32];

		snprintf(tmp, sizeof(tmp), "%.*s", (int)(strlen(s) - 2), s);
		s = tmp;
	}
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || !*s || *end || *s == '-' || v > max) {
		fprintf(stderr, "etw-sample: --%s: a number up to %lu\n", opt, max);
		exit(2);
	}
	return v;
}

/* Sleep until the absolute time @t advanced by @ns. */
static void pace(struct timespec *t, long long ns)
{
	t->tv_nsec += ns % 1000000000LL;
	t->tv_sec += ns / 1000000000LL;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_nsec -= 1000000000L;
		t->tv_sec++;
	}
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, t, NULL) == EINTR &&
	       !stop)
		;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "count", required_argument, NULL, 'c' },
		{ "rate", required_argument, NULL, 'r' },
		{ "payload", required_argument, NULL, 'p' },
		{ "wait-enabled", required_argument, NULL, 'w' },
		{ "guid", required_argument, NULL, 'g' },
		{ "group", required_argument, NULL, 'G' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	unsigned long long count = 20, k;
	unsigned long wait_s = 0;
	GUID provider = SampleProviderGuid, group, parent;
	int c, has_group = 0, i;
	char text[48];
	unsigned char *blob;
	struct timespec t;
	ULONG st;

	Sample.Rate = 10;
	Sample.PayloadSize = 16;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'c':
			count = parse_num("count", optarg, ~0UL);
			break;
		case 'r':
			Sample.Rate = (ULONG)parse_num("rate", optarg, 1000000);
			break;
		case 'p':
			Sample.PayloadSize = (ULONG)parse_num("payload", optarg, 60000);
			break;
		case 'w':
			wait_s = parse_num("wait-enabled", optarg, 86400);
			break;
		case 'g':
		case 'G':
			if (parse_guid(optarg, c == 'g' ? &provider : &group)) {
				fprintf(stderr, "etw-sample: '%s' is not a GUID\n", optarg);
				return 2;
			}
			has_group |= c == 'G';
			break;
		case 'q':
			Sample.Quiet = TRUE;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("etw-sample (Linux ETW) %s\n", ETW_VERSION);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	blob = calloc(1, Sample.PayloadSize + 1);
	if (!blob)
		return 1;

	/* ----- provider: register, traits, write, unregister ----------- */
	SampleEventsInit();
	GuidToText(&provider, text, sizeof(text));
	printf("etw-sample: provider %s pid %d\n", text, (int)getpid());
	st = EventRegister(&provider, SampleEnableCallback, &Sample,
			   &Sample.RegHandle);
	if (st != ERROR_SUCCESS) {
		fprintf(stderr, "etw-sample: EventRegister: %s (%lu)\n",
			status_name(st), (unsigned long)st);
		return 1;
	}
	st = SetTraits(Sample.RegHandle, has_group ? &group : NULL);
	if (st != ERROR_SUCCESS) {
		fprintf(stderr, "etw-sample: EventSetInformation(EventProviderSetTraits): %s (%lu)\n",
			status_name(st), (unsigned long)st);
		EventUnregister(Sample.RegHandle);
		return 1;
	}
	if (has_group && !Sample.Quiet) {
		GuidToText(&group, text, sizeof(text));
		printf("etw-sample: member of provider group %s\n", text);
	}

	if (wait_s) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		/* The callback records the state (it ran in EventRegister
		 * already if a session enabled us before we started). */
		for (k = 0; !stop && k < wait_s * 100ULL &&
		     Sample.IsEnabled != EVENT_CONTROL_CODE_ENABLE_PROVIDER; k++)
			pace(&t, 10000000LL);
		if (Sample.IsEnabled != EVENT_CONTROL_CODE_ENABLE_PROVIDER) {
			fprintf(stderr, "etw-sample: no session enabled the provider within %lu s\n",
				wait_s);
			EventUnregister(Sample.RegHandle);
			return 1;
		}
	}

	/* The process's own activity: the thread's activity ID from now on,
	 * and the related activity of every request. */
	EventActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_SET_ID, &parent);
	EventActivityIdControl(EVENT_ACTIVITY_CTRL_GET_ID, &parent);
	if (EventProviderEnabled(Sample.RegHandle, TRACE_LEVEL_INFORMATION, 0))
		CountStatus(EventWriteString(Sample.RegHandle,
					     TRACE_LEVEL_INFORMATION, 0,
					     u"etw-sample starting"));

	clock_gettime(CLOCK_MONOTONIC, &t);
	for (k = 0; !stop && (count == 0 || k < count); k++) {
		write_one(k, blob, &parent);
		if (Sample.Rate)
			pace(&t, 1000000000LL / Sample.Rate);
	}

	if (EventProviderEnabled(Sample.RegHandle, TRACE_LEVEL_INFORMATION, 0))
		CountStatus(EventWriteString(Sample.RegHandle,
					     TRACE_LEVEL_INFORMATION, 0,
					     u"etw-sample stopping"));
	EventUnregister(Sample.RegHandle);
	/* ----- end of provider ------------------------------------------ */

	printf("etw-sample: summary\n");
	printf("  request events     %llu\n", k);
	printf("  events written     %llu\n", Sample.EventsWritten);
	printf("  not enabled        %llu\n", skipped);
	printf("  write errors       %llu\n", failed);
	for (i = 0; i < MAX_CODES && errors[i].n; i++)
		printf("    %s (%lu)  %llu\n", status_name(errors[i].code),
		       (unsigned long)errors[i].code, errors[i].n);
	printf("  callbacks          %lu\n", (unsigned long)Sample.Callbacks);
	free(blob);
	return 0;
}
