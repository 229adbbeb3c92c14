// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-export's shippers: the spool's batches, oldest first, each as one
 * INSERT INTO DB.TABLE FORMAT JSONEachRow to ClickHouse's HTTP interface
 * (libcurl: a connection kept alive per shipper, TLS with the system's CA
 * store or CAFile=; the body gzip-compressed unless the server refuses
 * it or, with Gzip=auto, is on loopback).
 *
 * A batch is removed from the spool only when the server answered 200 --
 * with insert_distributed_sync (DistributedSync=yes, the default), only
 * when every shard has its rows, so that nothing the spool let go waits
 * in a server's queue for a shard that is down.
 * Any other outcome is retried: on the next server of the list (Url=,
 * in order), and when none took it, after a pause that doubles from
 * 0.5 s up to RetryMaxSeconds (30 s; with jitter).  A batch the server refuses for its
 * data (a parse error: never for rows we wrote, but a server is not
 * ours) is split in halves until the rows it refuses are found; those
 * are counted (rejected, in the hosts table and --status) and kept in
 * the spool's "rejected" file, the others go in.  If every row of a
 * batch is refused, the fault is the server's (a changed table), not the
 * rows': the batch waits, like any other failure, and --status says why.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <curl/curl.h>
#include <zlib.h>

#include "etw-export.h"

/*
 * The shippers: Connections= threads (one per server by default), each
 * with its own connection, taking the spool's batches in turn; shipper
 * i starts on server i (mod the list) and moves on when it fails, so a
 * cluster's nodes share the inserts and a node down leaves the others
 * busy.
 */
struct shipper {
	pthread_t thread;
	CURL *curl;
	int url_i;			/* the server in use */
	int started;
};

static struct shipper shippers[EX_MAX_URLS];
static int nshippers, quit;
static CURL *query_curl;		/* ship_query's (--init-schema) */
static int gzip_ok = 1;			/* 0 once a server refused it */
static char gzip_url[EX_MAX_URLS];	/* Gzip= for each server */
static struct ship_stats stats;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static struct waker wake = WAKER_INIT;
static int gave_up;			/* --once: the server did not answer in time */
static char gave_up_why[512];		/* ... and why (stats_lock) */

static double now_secs(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* The answer's body (its start: enough for ClickHouse's message). */
struct answer {
	char text[4096];
	size_t len;
	char *all;			/* ship_query: the whole of it */
	size_t all_len;
	int keep_all;
};

static size_t on_body(char *p, size_t size, size_t n, void *arg)
{
	struct answer *a = arg;
	size_t len = size * n, k;

	k = sizeof(a->text) - 1 - a->len;
	if (k > len)
		k = len;
	memcpy(a->text + a->len, p, k);
	a->len += k;
	a->text[a->len] = 0;
	if (a->keep_all) {
		char *m = realloc(a->all, a->all_len + len + 1);

		if (!m)
			return 0;
		a->all = m;
		memcpy(a->all + a->all_len, p, len);
		a->all_len += len;
		a->all[a->all_len] = 0;
	}
	return len;
}

/* gzip @in into a malloc'ed buffer; NULL when out of memory. */
static unsigned char *gzip(const char *in, size_t len, size_t *out_len)
{
	z_stream z;
	size_t cap = deflateBound(NULL, len) + 64;
	unsigned char *out = malloc(cap);

	if (!out)
		return NULL;
	memset(&z, 0, sizeof(z));
	/* Level 1: on loopback and LANs the CPU is the cost, not the bytes. */
	if (deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
		free(out);
		return NULL;
	}
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)len;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	if (deflate(&z, Z_FINISH) != Z_STREAM_END) {
		deflateEnd(&z);
		free(out);
		return NULL;
	}
	*out_len = z.total_out;
	deflateEnd(&z);
	return out;
}

/*
 * Gzip=auto: is @url's server on this host?  Compressing costs CPU
 * and saves nothing on loopback (28 % of the exporter's instructions on
 * a kernel trace: Documentation/testing.rst, make bench).
 */
static int on_loopback(const char *url)
{
	CURLU *u = curl_url();
	char *host = NULL;
	int r = 0;

	if (u && !curl_url_set(u, CURLUPART_URL, url, 0) &&
	    !curl_url_get(u, CURLUPART_HOST, &host, 0))
		r = !strcasecmp(host, "localhost") || !strncmp(host, "127.", 4) ||
		    !strcmp(host, "[::1]");
	curl_free(host);
	curl_url_cleanup(u);
	return r;
}

/* @url plus "?query=..." (or "&query=..."), escaped; malloc'ed. */
static char *with_query(CURL *curl, const char *url, const char *sql, const char *more)
{
	char *q = curl_easy_escape(curl, sql, 0), *s = NULL;

	if (q && asprintf(&s, "%s%cquery=%s%s", url, strchr(url, '?') ? '&' : '?', q,
			  more ? more : "") < 0)
		s = NULL;
	curl_free(q);
	return s;
}

static void setup(CURL *c)
{
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_TCP_KEEPALIVE, 1L);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, cfg.timeout < 5 ? (long)(cfg.timeout * 1000) :
			 5000L);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, (long)(cfg.timeout * 1000));
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
	if (cfg.user)
		curl_easy_setopt(c, CURLOPT_USERNAME, cfg.user);
	if (cfg.password)
		curl_easy_setopt(c, CURLOPT_PASSWORD, cfg.password);
	if (cfg.ca_file)
		curl_easy_setopt(c, CURLOPT_CAINFO, cfg.ca_file);
}

/*
 * POST @body to @url: the HTTP status (0: no answer; *@err says why),
 * the answer in @a.
 */
static long post(CURL *curl, const char *url, const char *who, const void *body, size_t len,
		 int gz, struct answer *a, char *err, size_t errlen)
{
	struct curl_slist *h = NULL;
	char cerr[CURL_ERROR_SIZE] = "";
	long code = 0;
	CURLcode r;

	a->len = 0;
	a->text[0] = 0;
	curl_easy_setopt(curl, CURLOPT_URL, url);
	curl_easy_setopt(curl, CURLOPT_POST, 1L);
	curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
	curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
	curl_easy_setopt(curl, CURLOPT_WRITEDATA, a);
	curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, cerr);
	h = curl_slist_append(h, "Content-Type: application/x-ndjson");
	/* No "Expect: 100-continue" round trip before a large batch. */
	h = curl_slist_append(h, "Expect:");
	if (gz)
		h = curl_slist_append(h, "Content-Encoding: gzip");
	curl_easy_setopt(curl, CURLOPT_HTTPHEADER, h);
	r = curl_easy_perform(curl);
	if (r == CURLE_OK)
		curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
	else
		snprintf(err, errlen, "%s: %s", who, cerr[0] ? cerr : curl_easy_strerror(r));
	curl_easy_setopt(curl, CURLOPT_HTTPHEADER, NULL);
	curl_slist_free_all(h);
	return code;
}

/* ClickHouse's "Code: N" of an error answer, or 0. */
static int ch_code(const char *text)
{
	const char *p = strstr(text, "Code: ");

	return p ? atoi(p + 6) : 0;
}

/* Errors that say the data is wrong (parsing, types, sizes). */
static int data_error(int code)
{
	static const int codes[] = {
		6,	/* CANNOT_PARSE_TEXT */
		26,	/* CANNOT_PARSE_QUOTED_STRING */
		27,	/* CANNOT_PARSE_INPUT_ASSERTION_FAILED */
		32,	/* ATTEMPT_TO_READ_AFTER_EOF */
		33,	/* CANNOT_READ_ALL_DATA */
		38,	/* CANNOT_PARSE_DATE */
		41,	/* CANNOT_PARSE_DATETIME */
		53,	/* TYPE_MISMATCH */
		69,	/* ARGUMENT_OUT_OF_BOUND */
		70,	/* CANNOT_CONVERT_TYPE */
		72,	/* CANNOT_PARSE_NUMBER */
		117,	/* INCORRECT_DATA */
		131,	/* TOO_LARGE_STRING_SIZE */
		376,	/* CANNOT_PARSE_UUID */
	};
	size_t i;

	for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
		if (code == codes[i])
			return 1;
	return 0;
}

enum outcome { SENT, DATA, FAILED };

static void set_error(const char *e)
{
	pthread_mutex_lock(&stats_lock);
	snprintf(stats.last_error, sizeof(stats.last_error), "%s", e);
	stats.up = 0;
	if (!stats.down_since)
		stats.down_since = time(NULL);
	stats.failures++;
	pthread_mutex_unlock(&stats_lock);
}

/* One INSERT of @rows (@len bytes) into @t on the server in use. */
static enum outcome insert(struct shipper *sh, enum table t, const char *rows, size_t len)
{
	const char *server = cfg.urls[sh->url_i];
	char sql[256], err[512] = "";
	struct answer a;
	unsigned char *z = NULL;
	size_t zlen = 0;
	char *url;
	long code;
	int gz = __atomic_load_n(&gzip_ok, __ATOMIC_RELAXED) && gzip_url[sh->url_i];

	snprintf(sql, sizeof(sql), "INSERT INTO %s.%s FORMAT JSONEachRow",
		 cfg.database, table_name[t]);
	url = with_query(sh->curl, server, sql, cfg.distributed_sync ?
			 "&input_format_skip_unknown_fields=1&insert_distributed_sync=1" :
			 "&input_format_skip_unknown_fields=1");
	if (!url)
		return FAILED;
	if (gz)
		z = gzip(rows, len, &zlen);
	a.keep_all = 0;
	gz = z != NULL;		/* gzip() may have failed: then plain */
	code = post(sh->curl, url, server, gz ? (void *)z : (void *)rows, gz ? zlen : len, gz,
		    &a, err, sizeof(err));
	free(z);
	pthread_mutex_lock(&stats_lock);
	stats.requests++;
	stats.gzip_requests += gz;
	pthread_mutex_unlock(&stats_lock);
	if (gz && (code == 415 || (code >= 400 && (strstr(a.text, "ncoding") ||
						  strstr(a.text, "ompress"))))) {
		/* This server (or a proxy before it) takes no gzip. */
		fprintf(stderr, "etw-export: %s refuses gzip (%ld); sending plain\n",
			server, code);
		__atomic_store_n(&gzip_ok, 0, __ATOMIC_RELAXED);
		pthread_mutex_lock(&stats_lock);
		stats.requests++;
		pthread_mutex_unlock(&stats_lock);
		code = post(sh->curl, url, server, rows, len, 0, &a, err, sizeof(err));
	}
	free(url);
	if (code == 200) {
		pthread_mutex_lock(&stats_lock);
		stats.up = 1;
		stats.url = server;
		stats.down_since = 0;
		stats.failures = 0;
		pthread_mutex_unlock(&stats_lock);
		return SENT;
	}
	if (code) {
		a.text[strcspn(a.text, "\n")] = 0;
		snprintf(err, sizeof(err), "%s: HTTP %ld: %.300s", server, code, a.text);
		if (data_error(ch_code(a.text))) {
			set_error(err);
			return DATA;
		}
	}
	set_error(err);
	if (cfg.verbose)
		fprintf(stderr, "etw-export: %s\n", err);
	return FAILED;
}

/*
 * @rows refused for their data: halves, down to the rows refused alone.
 * Returns the rows that went in (*@refused those refused), or -1 when a
 * part failed otherwise (then nothing is settled: retry).
 */
static long split(struct shipper *sh, enum table t, const char *rows, size_t len,
		  long nrows, long *refused, char **bad, size_t *badlen)
{
	const char *mid;
	long k, a, b;
	enum outcome o;

	if (nrows <= 1) {
		o = insert(sh, t, rows, len);
		if (o == FAILED)
			return -1;
		if (o == SENT)
			return 1;
		/* Refused alone: keep it aside. */
		char *m = realloc(*bad, *badlen + len);

		if (m) {
			memcpy(m + *badlen, rows, len);
			*bad = m;
			*badlen += len;
		}
		(*refused)++;
		return 0;
	}
	/* The middle row's start. */
	for (mid = rows, k = 0; k < nrows / 2; k++)
		mid = memchr(mid, '\n', (size_t)(rows + len - mid)) + 1;
	o = insert(sh, t, rows, (size_t)(mid - rows));
	if (o == FAILED)
		return -1;
	a = o == SENT ? nrows / 2 : split(sh, t, rows, (size_t)(mid - rows), nrows / 2,
					  refused, bad, badlen);
	if (a < 0)
		return -1;
	o = insert(sh, t, mid, (size_t)(rows + len - mid));
	if (o == FAILED)
		return -1;
	b = o == SENT ? nrows - nrows / 2 : split(sh, t, mid, (size_t)(rows + len - mid),
						   nrows - nrows / 2, refused, bad, badlen);
	return b < 0 ? -1 : a + b;
}

static long count_rows(const char *p, size_t len)
{
	long n = 0;
	size_t i;

	for (i = 0; i < len; i++)
		n += p[i] == '\n';
	return n;
}

/*
 * --once: the batch could not be shipped for --timeout seconds (since
 * @since): say why, once, and stop shipping (the batch stays in the
 * spool).  main.c sees ship_failed() and ends the run.
 */
static void give_up(double since, int tries)
{
	pthread_mutex_lock(&stats_lock);
	if (!gave_up)
		snprintf(gave_up_why, sizeof(gave_up_why), "no server took a batch in %.0f s "
			 "(%d tries; --timeout %g): %s", now_secs() - since, tries, cfg.timeout,
			 stats.last_error);
	__atomic_store_n(&gave_up, 1, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&stats_lock);
}

int ship_failed(char *why, size_t len)
{
	if (!__atomic_load_n(&gave_up, __ATOMIC_ACQUIRE))
		return 0;
	pthread_mutex_lock(&stats_lock);
	snprintf(why, len, "%s", gave_up_why);
	pthread_mutex_unlock(&stats_lock);
	return 1;
}

/* Ship batch @s, trying the servers in turn and waiting between rounds. */
static int ship_one(struct shipper *sh, const struct sealed *s)
{
	double backoff = cfg.retry_max < 0.5 ? cfg.retry_max : 0.5;
	double since = now_secs(), pause, left;
	char *buf;
	size_t len;
	long nrows, refused, sent;
	int tried, refusals = 0;

	if (spool_read(s, &buf, &len)) {
		fprintf(stderr, "etw-export: spool %s: batch %016llx: %s; skipped\n",
			spool.dir, (unsigned long long)s->no, strerror(errno));
		spool_done(s, 0);
		return 0;
	}
	nrows = count_rows(buf, len);
	for (tried = 0;; tried++) {
		enum outcome o = len ? insert(sh, s->table, buf, len) : SENT;

		if (o == SENT) {
			spool_done(s, (uint64_t)nrows);
			pthread_mutex_lock(&stats_lock);
			stats.rows_sent += (uint64_t)nrows;
			stats.batches_sent++;
			if (s->table == T_EVENTS)
				stats.events_sent += (uint64_t)nrows;
			pthread_mutex_unlock(&stats_lock);
			break;
		}
		if (o == DATA) {
			char *bad = NULL;
			size_t badlen = 0;

			refused = 0;
			sent = split(sh, s->table, buf, len, nrows, &refused, &bad, &badlen);
			if (sent > 0) {
				/* Some rows went in: the others are the bad ones. */
				spool_keep_rejected(bad, badlen);
				pthread_mutex_lock(&spool.lock);
				spool.st->rejected_by_server += (uint64_t)refused;
				pthread_mutex_unlock(&spool.lock);
				fprintf(stderr, "etw-export: the server refused %ld of %ld rows "
					"(kept in %s/rejected): %s\n", refused, nrows,
					spool.dir, stats.last_error);
				free(bad);
				spool_done(s, (uint64_t)sent);
				if (s->table == T_EVENTS) {
					pthread_mutex_lock(&stats_lock);
					stats.events_sent += (uint64_t)sent;
					pthread_mutex_unlock(&stats_lock);
				}
				break;
			}
			free(bad);
			/*
			 * All refused (or a failure): the server's fault (a
			 * table changed), and the batch waits -- but a batch of
			 * one row refused alone round after round is that row's.
			 */
			if (sent == 0 && nrows == 1 && ++refusals >= 5) {
				spool_keep_rejected(buf, len);
				pthread_mutex_lock(&spool.lock);
				spool.st->rejected_by_server++;
				pthread_mutex_unlock(&spool.lock);
				spool_done(s, 0);
				break;
			}
		}
		/* The next server, and after a round of them a pause. */
		pthread_mutex_lock(&stats_lock);
		stats.retries++;
		pthread_mutex_unlock(&stats_lock);
		sh->url_i = (sh->url_i + 1) % cfg.nurls;
		if ((tried + 1) % cfg.nurls)
			continue;
		pause = backoff * (0.75 + 0.5 * (double)rand() / RAND_MAX);
		if (cfg.once) {
			/* A server that does not answer in --timeout ends the run. */
			left = since + cfg.timeout - now_secs();
			if (left <= 0) {
				give_up(since, tried + 1);
				free(buf);
				spool_release(s);
				return -1;
			}
			if (pause > left)
				pause = left;
		}
		if (waker_sleep(&wake, &quit, pause)) {
			free(buf);
			spool_release(s);
			return -1;
		}
		backoff = backoff * 2 > cfg.retry_max ? cfg.retry_max : backoff * 2;
	}
	free(buf);
	return 0;
}

static void *ship_main(void *arg)
{
	struct shipper *sh = arg;
	struct sealed s;
	int r;

	while (!__atomic_load_n(&quit, __ATOMIC_ACQUIRE)) {
		r = spool_next(&s, 1.0);
		if (r < 0)
			break;
		if (r > 0)
			continue;
		if (ship_one(sh, &s))
			break;
	}
	return NULL;
}

int ship_start(void)
{
	int i;

	if (curl_global_init(CURL_GLOBAL_DEFAULT))
		return -1;
	stats.url = cfg.urls[0];
	srand((unsigned)time(NULL) ^ (unsigned)getpid());
	for (i = 0; i < cfg.nurls; i++)
		gzip_url[i] = cfg.gzip == GZIP_AUTO ? !on_loopback(cfg.urls[i]) : !!cfg.gzip;
	nshippers = cfg.connections ? cfg.connections : cfg.nurls;
	stats.connections = nshippers;
	for (i = 0; i < nshippers; i++) {
		struct shipper *sh = &shippers[i];

		sh->curl = curl_easy_init();
		if (!sh->curl)
			return -1;
		setup(sh->curl);
		sh->url_i = i % cfg.nurls;
		if (pthread_create(&sh->thread, NULL, ship_main, sh))
			return -1;
		sh->started = 1;
	}
	return 0;
}

void ship_stop(void)
{
	int i;

	waker_stop(&wake, &quit);
	pthread_mutex_lock(&spool.lock);
	spool.closing = 1;
	pthread_cond_broadcast(&spool.changed);
	pthread_mutex_unlock(&spool.lock);
	for (i = 0; i < nshippers; i++) {
		struct shipper *sh = &shippers[i];

		if (sh->started)
			pthread_join(sh->thread, NULL);
		sh->started = 0;
		if (sh->curl)
			curl_easy_cleanup(sh->curl);
		sh->curl = NULL;
	}
	nshippers = 0;
}

void ship_stats(struct ship_stats *s)
{
	pthread_mutex_lock(&stats_lock);
	*s = stats;
	pthread_mutex_unlock(&stats_lock);
}

int ship_query(const char *url, const char *sql, char **out, char *err, size_t errlen)
{
	struct answer a;
	char *u;
	long code;
	int r = -1;

	if (!query_curl) {
		if (curl_global_init(CURL_GLOBAL_DEFAULT) || !(query_curl = curl_easy_init())) {
			snprintf(err, errlen, "libcurl did not start");
			return -1;
		}
		setup(query_curl);
	}
	memset(&a, 0, sizeof(a));
	a.keep_all = 1;
	u = with_query(query_curl, url, "", NULL);
	if (!u) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	/* "?query=" empty: the statement is the body. */
	code = post(query_curl, u, url, sql, strlen(sql), 0, &a, err, errlen);
	free(u);
	if (code == 200) {
		r = 0;
	} else if (code) {
		a.text[strcspn(a.text, "\n")] = 0;
		snprintf(err, errlen, "HTTP %ld: %s", code, a.text);
	}
	if (out && !r) {
		*out = a.all ? a.all : strdup("");
		a.all = NULL;
	}
	free(a.all);
	return r;
}
