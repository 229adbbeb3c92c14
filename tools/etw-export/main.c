// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-export: ship every event of this host's ETW sessions into
 * ClickHouse, lose none, and count what could not go.
 *
 *   etw-export [OPTIONS]                  follow what export.conf names
 *   etw-export --init-schema [OPTIONS]    create the tables on each server
 *   etw-export --status [--json]          how the running exporter does
 *
 * It follows real-time sessions (Session=) and exports .etl files as
 * they are completed (Files=); each event becomes one row of the events
 * table, keyed by where it came from (host, boot, session, file, number:
 * common/origin.h).  Rows go to a spool on disk first, in batches
 * (BatchRows, BatchSeconds), and from there to ClickHouse's HTTP
 * interface, at least once: a batch sent twice has the same keys, which
 * the table's ReplacingMergeTree keeps once (schema.sql).  While the
 * server cannot be reached the spool grows, up to SpoolLimit; beyond it
 * a session's events are dropped and counted (a file waits).  Every
 * interval a row per source says what ETW and the exporter lost (the
 * losses table) and a row says how the exporter does (the hosts table);
 * --status prints the same from the spool.
 *
 * SIGINT/SIGTERM: stop reading, keep what is not sent in the spool (the
 * next start sends it), exit 0.  --once: the files there now and the
 * sessions until they stop, everything shipped, then exit 0 with a line
 * saying what went (events, files, sessions, seconds); exit 1 with a
 * line saying why when nothing was shipped, or when no server took a
 * batch within --timeout seconds (what is not sent stays in the spool).
 */
#include <errno.h>
#include <getopt.h>
#include <time.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <curl/curl.h>

#include "etw-export.h"
#include "common/cli.h"

struct ex_config cfg;
volatile int ex_stopping;

static void usage(FILE *f)
{
	fprintf(f,
		"usage: etw-export [OPTIONS]                 export what the configuration names\n"
		"       etw-export --init-schema [OPTIONS]   create the tables on each server\n"
		"       etw-export --status [--json] [--spool DIR]\n"
		"  -c, --config FILE      the configuration (default %s)\n"
		"  -u, --url URL          a ClickHouse server's HTTP interface, e.g.\n"
		"                         http://127.0.0.1:8123 (repeatable: tried in turn)\n"
		"  -s, --session NAME     follow this real-time session (repeatable)\n"
		"  -f, --files PATTERN    export the .etl files matching it, each once it is\n"
		"                         complete (repeatable; quote the pattern)\n"
		"  --host NAME            this host's name in the rows (default: its hostname)\n"
		"  --database NAME        (default etw)   --cluster NAME (--init-schema; default\n"
		"                         etw, '' for a server without a cluster)\n"
		"  --spool DIR            (default %s)\n"
		"  --spool-limit SIZE     the spool's size at most (default 1G)\n"
		"  --on-full drop|wait    a full spool drops a session's events (counted) and\n"
		"                         makes a file wait, unless this says otherwise\n"
		"  --batch-rows N, --batch-seconds S, --batch-bytes SIZE\n"
		"                         a batch is sent at N rows (10000), after S s (2) or\n"
		"                         at SIZE (8M), whichever comes first\n"
		"  --max-row-bytes SIZE   a larger row is rejected and counted (default 1M)\n"
		"  --interval S           a losses and a hosts row each S s (default 60)\n"
		"  --replay-rate N        files: at most N events/s (default: as fast as it goes)\n"
		"  --retry-max S          pauses between retries double up to S s (default 30)\n"
		"  --timeout S            one request's time limit; with --once, how long the\n"
		"                         servers may fail before it gives up (default 60)\n"
		"  --connections N        batches in flight at once, each on its own\n"
		"                         connection (default: one per --url)\n"
		"  --gzip yes|no|auto     compress the batches (default auto: unless the\n"
		"                         server is on loopback);  --no-gzip: --gzip no\n"
		"  --once                 the files there now and the sessions until they\n"
		"                         stop; exit when everything is shipped\n"
		"  --init-schema          create the database and tables on each --url\n"
		"  --replicated           (--init-schema) Replicated tables, on the servers'\n"
		"                         ZooKeeper and {shard} and {replica} macros\n"
		"  --status               the exporter's state (--json: as JSON)\n"
		"  -v, --verbose          say more;  -h, --help;  --version\n",
		EX_DEFAULT_CONFIG, EX_DEFAULT_SPOOL);
}

enum {
	O_HOST = 0x100, O_DATABASE, O_CLUSTER, O_SPOOL, O_SPOOL_LIMIT, O_ON_FULL,
	O_BATCH_ROWS, O_BATCH_SECS, O_BATCH_BYTES, O_MAX_ROW, O_INTERVAL,
	O_REPLAY_RATE, O_RETRY_MAX, O_CONNECTIONS, O_GZIP, O_TIMEOUT,	/* export.conf keys */
	O_NO_GZIP, O_REPLICATED, O_ONCE, O_INIT_SCHEMA, O_STATUS, O_JSON, O_VERSION,
};

static const struct option options[] = {
	{ "config", required_argument, NULL, 'c' },
	{ "url", required_argument, NULL, 'u' },
	{ "session", required_argument, NULL, 's' },
	{ "files", required_argument, NULL, 'f' },
	{ "host", required_argument, NULL, O_HOST },
	{ "database", required_argument, NULL, O_DATABASE },
	{ "cluster", required_argument, NULL, O_CLUSTER },
	{ "spool", required_argument, NULL, O_SPOOL },
	{ "spool-limit", required_argument, NULL, O_SPOOL_LIMIT },
	{ "on-full", required_argument, NULL, O_ON_FULL },
	{ "batch-rows", required_argument, NULL, O_BATCH_ROWS },
	{ "batch-seconds", required_argument, NULL, O_BATCH_SECS },
	{ "batch-bytes", required_argument, NULL, O_BATCH_BYTES },
	{ "max-row-bytes", required_argument, NULL, O_MAX_ROW },
	{ "interval", required_argument, NULL, O_INTERVAL },
	{ "replay-rate", required_argument, NULL, O_REPLAY_RATE },
	{ "retry-max", required_argument, NULL, O_RETRY_MAX },
	{ "connections", required_argument, NULL, O_CONNECTIONS },
	{ "gzip", required_argument, NULL, O_GZIP },
	{ "timeout", required_argument, NULL, O_TIMEOUT },
	{ "no-gzip", no_argument, NULL, O_NO_GZIP },
	{ "replicated", no_argument, NULL, O_REPLICATED },
	{ "once", no_argument, NULL, O_ONCE },
	{ "init-schema", no_argument, NULL, O_INIT_SCHEMA },
	{ "status", no_argument, NULL, O_STATUS },
	{ "json", no_argument, NULL, O_JSON },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, O_VERSION },
	{ 0 }
};

/* The options that are export.conf's keys too. */
static const char *const conf_key[] = {
	[O_HOST - O_HOST] = "Host", [O_DATABASE - O_HOST] = "Database",
	[O_CLUSTER - O_HOST] = "Cluster", [O_SPOOL - O_HOST] = "Spool",
	[O_SPOOL_LIMIT - O_HOST] = "SpoolLimit", [O_ON_FULL - O_HOST] = "OnFull",
	[O_BATCH_ROWS - O_HOST] = "BatchRows", [O_BATCH_SECS - O_HOST] = "BatchSeconds",
	[O_BATCH_BYTES - O_HOST] = "BatchBytes", [O_MAX_ROW - O_HOST] = "MaxRowBytes",
	[O_INTERVAL - O_HOST] = "Interval", [O_REPLAY_RATE - O_HOST] = "ReplayRate",
	[O_RETRY_MAX - O_HOST] = "RetryMaxSeconds", [O_CONNECTIONS - O_HOST] = "Connections",
	[O_GZIP - O_HOST] = "Gzip", [O_TIMEOUT - O_HOST] = "Timeout",
};

struct mode {
	int init_schema, status, json;
	const char *config;
	/* Lists given on the command line replace the configuration's. */
	const char *urls[EX_MAX_URLS], *sessions[EX_MAX_SOURCES], *files[EX_MAX_SOURCES];
	int nurls, nsessions, nfiles;
};

static int add(const char **list, int *n, int max, const char *v, const char *opt)
{
	if (*n == max) {
		fprintf(stderr, "etw-export: %s: at most %d\n", opt, max);
		return -1;
	}
	list[(*n)++] = v;
	return 0;
}

/* A server's URL that is none (no http:// or https://, no host): said. */
static int bad_url(const char *url)
{
	CURLU *u = curl_url();
	char *scheme = NULL, *host = NULL;
	int bad = 1;

	if (u && !curl_url_set(u, CURLUPART_URL, url, 0) &&
	    !curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) &&
	    !curl_url_get(u, CURLUPART_HOST, &host, 0))
		bad = strcmp(scheme, "http") && strcmp(scheme, "https");
	curl_free(scheme);
	curl_free(host);
	curl_url_cleanup(u);
	if (bad)
		fprintf(stderr, "etw-export: --url %s: not a server's URL; give its HTTP "
			"interface, e.g. http://127.0.0.1:8123\n", url);
	return bad;
}

/* First pass: where the configuration is, and the lists. */
static int parse(int argc, char **argv, struct mode *m)
{
	const char *why;
	int c, r;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":c:u:s:f:vh", options, NULL)) != -1) {
		switch (c) {
		case 'c':
			m->config = optarg;
			break;
		case 'u':
			if (bad_url(optarg) ||
			    add(m->urls, &m->nurls, EX_MAX_URLS, optarg, "--url"))
				return 2;
			break;
		case 's':
			if (add(m->sessions, &m->nsessions, EX_MAX_SOURCES / 2, optarg, "--session"))
				return 2;
			break;
		case 'f':
			if (add(m->files, &m->nfiles, EX_MAX_SOURCES, optarg, "--files"))
				return 2;
			break;
		case O_NO_GZIP:
		case O_REPLICATED:
		case O_ONCE:
		case 'v':
			break;
		case O_INIT_SCHEMA:
			m->init_schema = 1;
			break;
		case O_STATUS:
			m->status = 1;
			break;
		case O_JSON:
			m->json = 1;
			break;
		case 'h':
			usage(stdout);
			return -1;
		case O_VERSION:
			cli_version();
			return -1;
		default:
			if (c >= O_HOST && c <= O_TIMEOUT) {
				/* Checked now, applied after the configuration. */
				struct ex_config tmp;

				config_defaults(&tmp);
				r = config_set(&tmp, conf_key[c - O_HOST], optarg, &why);
				if (r) {
					fprintf(stderr, "etw-export: %s %s: %s\n", argv[optind - 2],
						optarg, why);
					return 2;
				}
				break;
			}
			cli_bad_option(c, argv);
			return 2;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "etw-export: '%s': not an option (sessions: -s NAME, "
			"files: -f PATTERN)\n", argv[optind]);
		return 2;
	}
	return 0;
}

/* Second pass, after the configuration: the command line over it. */
static void apply(int argc, char **argv, const struct mode *m)
{
	const char *why;
	int c, i;

	optind = 0;
	while ((c = getopt_long(argc, argv, ":c:u:s:f:vh", options, NULL)) != -1) {
		if (c >= O_HOST && c <= O_TIMEOUT)
			config_set(&cfg, conf_key[c - O_HOST], optarg, &why);
		else if (c == O_NO_GZIP)
			cfg.gzip = 0;
		else if (c == O_REPLICATED)
			cfg.replicated = 1;
		else if (c == O_ONCE)
			cfg.once = 1;
		else if (c == 'v')
			cfg.verbose = 1;
	}
	if (m->nurls) {
		memcpy(cfg.urls, m->urls, sizeof(m->urls));
		cfg.nurls = m->nurls;
	}
	if (m->nsessions) {
		memcpy(cfg.sessions, m->sessions, sizeof(m->sessions));
		cfg.nsessions = m->nsessions;
	}
	if (m->nfiles) {
		memcpy(cfg.files, m->files, sizeof(m->files));
		cfg.nfiles = m->nfiles;
	}
	/* "http://h:8123/" and "http://h:8123" alike. */
	for (i = 0; i < cfg.nurls; i++) {
		size_t n = strlen(cfg.urls[i]);

		if (n && cfg.urls[i][n - 1] == '/' && !strchr(cfg.urls[i] + 8, '?')) {
			char *u = strdup(cfg.urls[i]);

			if (u) {
				u[n - 1] = 0;
				cfg.urls[i] = u;
			}
		}
	}
}

/* Whether --once has nothing more to read. */
static int all_read(void)
{
	return files_done() && sessions_done();
}

static int signalled;		/* SIGINT or SIGTERM ended the run */

/* Until the spool is empty; 0, or -1 on a signal or when shipping gave up. */
static int wait_shipped(const sigset_t *set)
{
	struct timespec tick = { 0, 50 * 1000 * 1000 };
	char why[8];

	while (!spool_empty()) {
		if (sigtimedwait(set, NULL, &tick) > 0) {
			signalled = 1;
			return -1;
		}
		if (ship_failed(why, sizeof(why)))
			return -1;
	}
	return 0;
}

static double since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) + (t.tv_nsec - t0->tv_nsec) / 1e9;
}

/*
 * --once is over: one line saying what was shipped, or why nothing or
 * not everything was.  The exit status: 0 when events were shipped and
 * nothing is left behind for want of a server, else 1.
 */
static int once_report(const struct timespec *t0)
{
	struct ship_stats ss;
	struct files_counts fc;
	char why[512];
	int nsess = sessions_read();

	ship_stats(&ss);
	files_counts(&fc);
	if (ship_failed(why, sizeof(why))) {
		fprintf(stderr, "etw-export: --once: gave up: %s; %llu events shipped, the rest "
			"stays in %s for the next run\n", why, (unsigned long long)ss.events_sent,
			spool.dir);
		return 1;
	}
	if (signalled)
		return 0;
	if (!ss.events_sent) {
		fprintf(stderr, "etw-export: --once: nothing shipped: %s\n",
			fc.exported ? "the files exported had no events" :
			nsess ? "the sessions had no events" :
			cfg.nfiles ? "no file to export (what --files gave is said above)" :
			"no session could be read");
		return 1;
	}
	printf("etw-export: %llu events shipped (%u file%s, %d session%s) to %s in %.1f s\n",
	       (unsigned long long)ss.events_sent, fc.exported, fc.exported == 1 ? "" : "s",
	       nsess, nsess == 1 ? "" : "s", ss.url ? ss.url : cfg.urls[0], since(t0));
	fflush(stdout);
	return 0;
}

static int run(void)
{
	sigset_t set;
	struct timespec tick = { 0, 200 * 1000 * 1000 }, t0;
	char why[8];
	int sig, drain = 0, ret = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);

	if (spool_open(cfg.spool))
		return 1;
	if (ship_start() || report_start() || sessions_start() || files_start()) {
		ex_stopping = 1;
		sessions_stop();
		files_stop();
		report_stop();
		ship_stop();
		spool_close();
		return 1;
	}
	for (;;) {
		sig = sigtimedwait(&set, NULL, &tick);
		if (sig == SIGHUP)
			continue;	/* nothing to reload: the configuration is read at start */
		if (sig > 0) {
			signalled = 1;
			break;
		}
		if (cfg.once && ship_failed(why, sizeof(why)))
			break;
		if (cfg.once && all_read()) {
			drain = 1;
			break;
		}
	}
	ex_stopping = 1;
	sessions_stop();
	files_stop();
	report_stop();
	/*
	 * --once: everything shipped, then a last hosts row saying so (an
	 * empty spool), shipped too.  A signal stops the waiting.
	 */
	if (drain && !wait_shipped(&set)) {
		report_host();
		report_seal();
		wait_shipped(&set);
	}
	ship_stop();
	report_final_status();
	if (cfg.once)
		ret = once_report(&t0);
	spool_close();
	return ret;
}

int main(int argc, char **argv)
{
	struct mode m;
	char host[256];
	int r;

	memset(&m, 0, sizeof(m));
	config_defaults(&cfg);
	r = parse(argc, argv, &m);
	if (r)
		return r < 0 ? 0 : r;
	if (config_read(&cfg, m.config ? m.config : EX_DEFAULT_CONFIG, m.config != NULL))
		return 2;
	apply(argc, argv, &m);
	if (m.status)
		return report_status(cfg.spool, m.json);
	if (!cfg.nurls) {
		fprintf(stderr, "etw-export: which server? (--url http://HOST:8123, or Url= in %s)\n",
			m.config ? m.config : EX_DEFAULT_CONFIG);
		return 2;
	}
	if (config_credentials(&cfg))
		return 2;
	if (m.init_schema)
		return schema_init();
	if (!cfg.nsessions && !cfg.nfiles) {
		fprintf(stderr, "etw-export: nothing to export: give sessions (-s NAME, Session=) "
			"or files (-f PATTERN, Files=)\n");
		return 2;
	}
	if (!cfg.host) {
		if (origin_hostname(host, sizeof(host))) {
			perror("etw-export: gethostname");
			return 1;
		}
		cfg.host = strdup(host);
	}
	return run();
}
