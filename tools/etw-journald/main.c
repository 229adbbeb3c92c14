// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-journald: forward the events of Event Log channels to the systemd
 * journal, the way Windows feeds its Event Log from ETW.
 *
 *   etw-journald [--config FILE] [--session NAME]
 *                [--provider PROVIDER[:CHANNEL,...]]... [--print]
 *
 * It starts a real-time session (EtwJournal), enables in it every
 * provider whose installed manifest has Admin, Operational or Analytic
 * channels and every provider of its configuration, reads the session
 * with ProcessTrace and sends each event of such a channel to journald
 * as a structured entry (forward.c).  journalctl then shows them, and
 * systemd-journal-upload carries them to other machines.  SIGHUP reads
 * the configuration and the manifests again and enables what is new;
 * SIGINT/SIGTERM stop the session and exit.  etw-journald.service runs
 * it as soon as etw.ko is loaded.
 *
 * Exit status: 0 after a signal or when the session was stopped, 1 when
 * the session could not be started or read, 2 on a usage error.
 */
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etw-journald.h"
#include "common/cli.h"
#include "common/names.h"
#include "common/guid.h"

struct jd jd = {
	.use_manifests = 1,
	.user_max_priority = JD_DEFAULT_USER_MAX_PRIORITY,
};

static PROCESSTRACE_HANDLE trace = INVALID_PROCESSTRACE_HANDLE;
static CONTROLTRACE_ID session_id;
static int enabled[JD_MAX_PROVIDERS];
static int stopping;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[1024];
};

static void props_init(struct props *b)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	/*
	 * QPC (CLOCK_MONOTONIC), read raw: the time writer.c compares with a
	 * process's start (forward.c turns it into wall-clock time).
	 */
	b->p.Wnode.ClientContext = 1;
	b->p.LogFileMode = EVENT_TRACE_REAL_TIME_MODE;
	b->p.FlushTimer = 1;
	b->p.LoggerNameOffset = offsetof(struct props, name);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: etw-journald [--config FILE] [--session NAME]\n"
		"                    [--provider PROVIDER[:CHANNEL,...]]... [--print]\n"
		"  --config FILE     the configuration (default %s)\n"
		"  --session NAME    the real-time session to start and read (default %s)\n"
		"  --provider PROVIDER[:CHANNEL,...]\n"
		"                    also forward this provider's events of these channels\n"
		"                    (a GUID, *NAME for its name hash, or a name as etwctl\n"
		"                    takes it: an installed manifest's, a registered one's)\n"
		"                    (default 8,9,10: System, Application, Security)\n"
		"  --print           print the entries (journal export format) instead\n"
		"  --help            this help;  --version  the version\n",
		JD_DEFAULT_CONFIG, JD_DEFAULT_SESSION);
}

/* Providers without a manifest and without Channels=: the Event Log's. */
static void defaults(void)
{
	int i, c, any;

	for (i = 0; i < jd.nprov; i++) {
		struct jd_provider *p = &jd.prov[i];

		for (c = 0, any = 0; c < 256; c++)
			any |= p->chan[c] != CH_NONE;
		if (!any && !p->manifest)
			p->chan[8] = p->chan[9] = p->chan[10] = CH_ADMIN;
	}
}

/* Enable what is not enabled yet; a provider of Debug channels only is not. */
static void enable_new(void)
{
	char g[ETW_GUID_STR_LEN];
	int i, c, want;
	ULONG st;

	pthread_mutex_lock(&lock);
	for (i = 0; i < jd.nprov; i++) {
		struct jd_provider *p = &jd.prov[i];

		if (enabled[i])
			continue;
		for (c = 0, want = 0; c < 256; c++)
			want |= p->chan[c] != CH_NONE && p->chan[c] != CH_DEBUG;
		if (!want)
			continue;
		st = EnableTraceEx2(session_id, &p->guid, EVENT_CONTROL_CODE_ENABLE_PROVIDER,
				    p->level, p->any, 0, 0, NULL);
		if (st != ERROR_SUCCESS) {
			fprintf(stderr, "etw-journald: EnableTraceEx2 %s: %lu\n",
				etw_guid_str(&p->guid, g), (unsigned long)st);
			continue;
		}
		enabled[i] = 1;
		fprintf(stderr, "etw-journald: forwarding %s%s%s%s\n",
			etw_guid_str(&p->guid, g), p->name[0] ? " (" : "", p->name,
			p->name[0] ? ")" : "");
	}
	pthread_mutex_unlock(&lock);
}

static int load(void)
{
	jd.user_max_priority = JD_DEFAULT_USER_MAX_PRIORITY;
	if (config_read(jd.config, jd.config != NULL &&
			strcmp(jd.config, JD_DEFAULT_CONFIG)))
		return -1;
	if (jd.use_manifests)
		manifests_read();
	defaults();
	return 0;
}

static void *signal_main(void *arg)
{
	sigset_t *set = arg;
	int sig;

	for (;;) {
		if (sigwait(set, &sig))
			continue;
		if (sig == SIGHUP) {
			fprintf(stderr, "etw-journald: reloading\n");
			if (!load())
				enable_new();
			continue;
		}
		stopping = 1;
		CloseTrace(trace);
	}
	return NULL;
}

static ULONG start_session(void)
{
	struct props b;
	ULONG st;

	props_init(&b);
	st = StartTraceA(&session_id, jd.session, &b.p);
	if (st == ERROR_ALREADY_EXISTS) {
		/* Left by an etw-journald that died: start afresh. */
		props_init(&b);
		ControlTraceA(0, jd.session, &b.p, EVENT_TRACE_CONTROL_STOP);
		props_init(&b);
		st = StartTraceA(&session_id, jd.session, &b.p);
	}
	return st;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "session", required_argument, NULL, 's' },
		{ "provider", required_argument, NULL, 'p' },
		{ "print", no_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	EVENT_TRACE_LOGFILEA lf;
	pthread_t sig_thread;
	struct props b;
	sigset_t set;
	ULONG st;
	int c;

	jd.config = JD_DEFAULT_CONFIG;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
		case 'c':
			jd.config = optarg;
			break;
		case 's':
			jd.session = optarg;
			break;
		case 'p': {
			char *colon = strchr(optarg, ':'), err[256];
			struct jd_provider *p;
			GUID g;

			if (colon)
				*colon = 0;
			if (provider_lookup(optarg, &g, NULL, err, sizeof(err))) {
				fprintf(stderr, "etw-journald: --provider %s: %s\n", optarg, err);
				return 2;
			}
			if (!(p = provider_get(&g)) || (colon && parse_channels(colon + 1, p))) {
				fprintf(stderr, "etw-journald: --provider %s:%s: want "
					"PROVIDER[:CHANNEL,...], channels 0..255\n",
					optarg, colon ? colon + 1 : "");
				return 2;
			}
			break;
		}
		case 'P':
			jd.print = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			cli_version();
			return 0;
		default:
			cli_bad_option(c, argv);
			return 2;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return 2;
	}
	{
		const char *cli_session = jd.session;

		if (load())
			return 1;
		if (cli_session)
			jd.session = cli_session;
	}
	if (!jd.session)
		jd.session = JD_DEFAULT_SESSION;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, NULL);

	st = start_session();
	if (st != ERROR_SUCCESS) {
		fprintf(stderr, "etw-journald: StartTrace %s: %lu%s\n", jd.session,
			(unsigned long)st, st == ERROR_WMI_SERVER_UNAVAILABLE ?
			" (is etw.ko loaded?)" : "");
		return 1;
	}
	enable_new();

	memset(&lf, 0, sizeof(lf));
	lf.LoggerName = (LPSTR)jd.session;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME |
			      PROCESS_TRACE_MODE_EVENT_RECORD |
			      PROCESS_TRACE_MODE_RAW_TIMESTAMP;
	lf.EventRecordCallback = on_event;
	trace = OpenTraceA(&lf);
	if (trace == INVALID_PROCESSTRACE_HANDLE) {
		fprintf(stderr, "etw-journald: OpenTrace %s: %lu\n", jd.session,
			(unsigned long)GetLastError());
		props_init(&b);
		ControlTraceA(session_id, NULL, &b.p, EVENT_TRACE_CONTROL_STOP);
		return 1;
	}
	jd.perf_freq = lf.LogfileHeader.PerfFreq.QuadPart > 0 ?
		       (unsigned long long)lf.LogfileHeader.PerfFreq.QuadPart :
		       1000000000ULL;
	if (pthread_create(&sig_thread, NULL, signal_main, &set) == 0)
		pthread_detach(sig_thread);
	fprintf(stderr, "etw-journald: reading session %s\n", jd.session);
	st = ProcessTrace(&trace, 1, NULL, NULL);
	if (!stopping)
		CloseTrace(trace);
	props_init(&b);
	ControlTraceA(session_id, NULL, &b.p, EVENT_TRACE_CONTROL_STOP);
	fprintf(stderr, "etw-journald: %llu events forwarded, %llu not of an "
		"Event Log channel; %llu lowered to priority %d (writer not "
		"root), %llu of an unknown writer\n", jd.forwarded, jd.skipped,
		jd.lowered, jd.user_max_priority, jd.unknown);
	if (st != ERROR_SUCCESS && st != ERROR_CANCELLED && !stopping) {
		fprintf(stderr, "etw-journald: ProcessTrace: %lu\n", (unsigned long)st);
		return 1;
	}
	return 0;
}
