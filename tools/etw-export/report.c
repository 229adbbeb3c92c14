// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-export: what it says about itself, each interval (Interval=,
 * --interval; 60 s by default) -- a row in the losses table per source
 * being read (and a last one, final, when a source ends), a row in the
 * hosts table, and status.json in the spool, which etw-export --status
 * prints.  The interval also seals batches that waited BatchSeconds.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/utsname.h>

#include "etw-export.h"
#include "common/json.h"

static pthread_t thread;
static int started;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;	/* rows */
static struct waker wake = WAKER_INIT;
static struct seg rows[T_COUNT];
static time_t t_started;
static char boot_id[40];

/*
 * One row (a JSON object written by @fn) into the batch of @t, if the
 * spool has room (@lim).
 */
static void add_row(enum table t, enum limit lim, void (*fn)(struct json *, void *), void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	struct json j;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return;
	json_init(&j, f);
	json_open(&j, '{');
	fn(&j, arg);
	json_close(&j, '}');
	json_end(&j);
	if (!fclose(f)) {
		pthread_mutex_lock(&lock);
		seg_add(&rows[t], buf, len, lim);
		pthread_mutex_unlock(&lock);
	}
	free(buf);
}

static void loss_members(struct json *j, void *arg)
{
	struct source *s = arg;
	const struct src_slot *v = src_cur(s->st);

	json_str(j, "host", s->origin.host);
	json_str(j, "boot_id", s->origin.boot_id);
	json_str(j, "session", s->origin.session);
	json_u64(j, "start", s->origin.start);
	json_str(j, "file", s->origin.file);
	json_u64(j, "time", (uint64_t)time(NULL));
	json_u64(j, "rows", v->checkpoint);
	json_u64(j, "events_lost", v->events_lost);
	json_u64(j, "buffers_lost", v->buffers_lost);
	json_u64(j, "dropped", v->dropped);
	json_u64(j, "rejected", v->rejected);
	json_double(j, "lag_seconds", spool_lag());
	json_u64(j, "final", v->final ? 1 : 0);
}

/*
 * A row per interval while a source is read (skipped when the spool is
 * full: the totals only grow, the next row has them), and its last one,
 * final, whatever the spool holds.
 */
void report_source(struct source *s)
{
	add_row(T_LOSSES, src_cur(s->st)->final ? LIM_NONE : LIM_REPORT, loss_members, s);
}

/* Everything dropped and rejected, by every source the state knows. */
static void totals(uint64_t *dropped, uint64_t *rejected)
{
	int i;

	pthread_mutex_lock(&spool.lock);
	*dropped = spool.st->retired_dropped;
	*rejected = spool.st->retired_rejected;
	for (i = 0; i < EX_MAX_SOURCES; i++) {
		const struct src_state *s = &spool.st->src[i];

		if (s->used) {
			*dropped += s->slot[s->cur & 1].dropped;
			*rejected += s->slot[s->cur & 1].rejected;
		}
	}
	*rejected += spool.st->rejected_by_server;
	pthread_mutex_unlock(&spool.lock);
}

static void host_members(struct json *j, void *arg)
{
	struct ship_stats ss;
	struct utsname u;
	uint64_t dropped, rejected;

	(void)arg;
	ship_stats(&ss);
	totals(&dropped, &rejected);
	uname(&u);
	json_str(j, "host", cfg.host);
	json_str(j, "boot_id", boot_id);
	json_u64(j, "time", (uint64_t)time(NULL));
	json_u64(j, "started", (uint64_t)t_started);
	json_str(j, "version", ETW_VERSION);
	json_str(j, "kernel", u.release);
	json_u64(j, "spool_bytes", spool.bytes);
	json_u64(j, "spool_limit", cfg.spool_limit);
	json_double(j, "lag_seconds", spool_lag());
	json_u64(j, "rows_sent", spool.st->rows_sent);
	json_u64(j, "dropped", dropped);
	json_u64(j, "rejected", rejected);
	json_str(j, "last_error", ss.last_error);
}

void report_host(void)
{
	add_row(T_HOSTS, LIM_REPORT, host_members, NULL);
}

/*
 * status.json and status (the same as text): each written whole, then
 * renamed over the old one.
 */
static void write_status(int running)
{
	struct ship_stats ss;
	uint64_t dropped, rejected, bytes, waiting;
	char *tbuf = NULL;
	size_t tlen = 0;
	struct json j;
	FILE *f, *t;
	double lag = spool_lag();
	int fd, i;

	ship_stats(&ss);
	totals(&dropped, &rejected);
	pthread_mutex_lock(&spool.lock);
	bytes = spool.bytes;
	waiting = spool.nq;
	pthread_mutex_unlock(&spool.lock);
	fd = openat(spool.dirfd, "status.json.new", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	t = open_memstream(&tbuf, &tlen);
	if (!f || !t) {
		if (f)
			fclose(f);
		if (t)
			fclose(t);
		free(tbuf);
		return;
	}
	json_init(&j, f);
	json_open(&j, '{');
	json_str(&j, "host", cfg.host);
	json_u64(&j, "pid", (uint64_t)getpid());
	json_bool(&j, "running", running);
	json_u64(&j, "started", (uint64_t)t_started);
	json_u64(&j, "time", (uint64_t)time(NULL));
	json_str(&j, "server", ss.url);
	json_bool(&j, "server_up", ss.up);
	json_str(&j, "last_error", ss.last_error);
	json_u64(&j, "down_seconds", ss.down_since ? (uint64_t)(time(NULL) - ss.down_since) : 0);
	json_u64(&j, "failures", ss.failures);
	json_u64(&j, "spool_bytes", bytes);
	json_u64(&j, "spool_limit", cfg.spool_limit);
	json_u64(&j, "batches_waiting", waiting);
	json_double(&j, "lag_seconds", lag);
	json_u64(&j, "rows_sent", spool.st->rows_sent);
	json_u64(&j, "batches_sent", spool.st->sent_batches);
	json_u64(&j, "retries", ss.retries);
	json_u64(&j, "connections", (uint64_t)ss.connections);
	json_u64(&j, "requests", ss.requests);
	json_u64(&j, "gzip_requests", ss.gzip_requests);
	json_u64(&j, "dropped", dropped);
	json_u64(&j, "rejected", rejected);
	json_u64(&j, "rejected_by_server", spool.st->rejected_by_server);
	fprintf(t, "host:           %s (pid %d)\n", cfg.host, (int)getpid());
	if (ss.down_since)
		fprintf(t, "server:         %s, failing for %.0f s (%llu requests failed since "
			"the last that went)\n", ss.url ? ss.url : "-",
			difftime(time(NULL), ss.down_since), (unsigned long long)ss.failures);
	else
		fprintf(t, "server:         %s, %s\n", ss.url ? ss.url : "-",
			ss.up ? "up" : "not reached yet");
	if (ss.last_error[0])
		fprintf(t, "last error:     %s\n", ss.last_error);
	fprintf(t, "spool:          %llu of %llu bytes, %llu batches waiting, "
		"the oldest for %.0f s\n", (unsigned long long)bytes,
		cfg.spool_limit, (unsigned long long)waiting, lag);
	fprintf(t, "sent:           %llu rows in %llu batches (%llu retries this run)\n",
		(unsigned long long)spool.st->rows_sent,
		(unsigned long long)spool.st->sent_batches, (unsigned long long)ss.retries);
	fprintf(t, "this run:       %llu INSERTs on %d connection(s), %llu gzip-compressed\n",
		(unsigned long long)ss.requests, ss.connections,
		(unsigned long long)ss.gzip_requests);
	fprintf(t, "not sent:       %llu dropped (spool full), %llu rejected "
		"(%llu by the server)\n", (unsigned long long)dropped,
		(unsigned long long)rejected, (unsigned long long)spool.st->rejected_by_server);
	json_key(&j, "sources");
	json_open(&j, '[');
	pthread_mutex_lock(&spool.lock);
	for (i = 0; i < EX_MAX_SOURCES; i++) {
		const struct src_state *s = &spool.st->src[i];
		const struct src_slot *v = &s->slot[s->cur & 1];

		if (!s->used)
			continue;
		json_open(&j, '{');
		json_str(&j, "source", s->key);
		json_u64(&j, "rows", v->checkpoint);
		json_u64(&j, "events_lost", v->events_lost);
		json_u64(&j, "buffers_lost", v->buffers_lost);
		json_u64(&j, "dropped", v->dropped);
		json_u64(&j, "rejected", v->rejected);
		json_bool(&j, "final", (int)v->final);
		json_close(&j, '}');
		fprintf(t, "%s: %llu events read%s; ETW lost %llu events, %llu buffers; "
			"%llu dropped, %llu rejected\n", s->key,
			(unsigned long long)v->checkpoint, v->final ? " (ended)" : "",
			(unsigned long long)v->events_lost, (unsigned long long)v->buffers_lost,
			(unsigned long long)v->dropped, (unsigned long long)v->rejected);
	}
	pthread_mutex_unlock(&spool.lock);
	json_close(&j, ']');
	json_close(&j, '}');
	json_end(&j);
	if (!fclose(f))
		renameat(spool.dirfd, "status.json.new", spool.dirfd, "status.json");
	if (!fclose(t)) {
		fd = openat(spool.dirfd, "status.new", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (fd >= 0 && write(fd, tbuf, tlen) == (ssize_t)tlen && !close(fd))
			renameat(spool.dirfd, "status.new", spool.dirfd, "status");
		else if (fd >= 0)
			close(fd);
	}
	free(tbuf);
}

void report_seal(void)
{
	int t;

	pthread_mutex_lock(&lock);
	for (t = 0; t < T_COUNT; t++)
		seg_seal(&rows[t]);
	pthread_mutex_unlock(&lock);
}

static void *report_main(void *arg)
{
	struct timespec next, now;
	double since = 0;

	(void)arg;
	clock_gettime(CLOCK_REALTIME, &next);
	while (!ex_stopping) {
		/* Status each second; batches due by age each BatchSeconds. */
		next.tv_sec += 1;
		waker_until(&wake, &ex_stopping, &next);
		clock_gettime(CLOCK_REALTIME, &now);
		if (now.tv_sec > next.tv_sec + 5)
			next = now;	/* the clock jumped */
		since += 1;
		if (since >= cfg.interval) {
			since = 0;
			sources_tick(1);
			report_host();
			report_seal();
		} else {
			sources_tick(0);
		}
		write_status(1);
	}
	return NULL;
}

int report_start(void)
{
	int t;

	FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");

	strcpy(boot_id, "00000000-0000-0000-0000-000000000000");
	if (f) {
		if (!fgets(boot_id, sizeof(boot_id), f))
			strcpy(boot_id, "00000000-0000-0000-0000-000000000000");
		boot_id[strcspn(boot_id, "\n")] = 0;
		fclose(f);
	}
	t_started = time(NULL);
	for (t = 0; t < T_COUNT; t++)
		seg_init(&rows[t], (enum table)t);
	report_host();
	report_seal();
	write_status(1);
	if (pthread_create(&thread, NULL, report_main, NULL))
		return -1;
	started = 1;
	return 0;
}

/* After the sources stopped: their last rows, sealed. */
void report_stop(void)
{
	waker_stop(&wake, &ex_stopping);
	if (started)
		pthread_join(thread, NULL);
	started = 0;
	report_seal();
}

void report_final_status(void)
{
	write_status(0);
}

int report_status(const char *dir, int json)
{
	char path[4096], buf[65536];
	size_t n;
	FILE *f;
	int fd, running;

	snprintf(path, sizeof(path), "%s/%s", dir, json ? "status.json" : "status");
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "etw-export: %s: %s (has etw-export run with --spool %s?)\n",
			path, strerror(errno), dir);
		return 1;
	}
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	/* Running: someone holds the spool's lock. */
	snprintf(path, sizeof(path), "%s/lock", dir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	running = fd >= 0 && flock(fd, LOCK_SH | LOCK_NB) && errno == EWOULDBLOCK;
	if (fd >= 0)
		close(fd);
	if (!json)
		printf("etw-export: %s (spool %s)\n", running ? "running" : "not running", dir);
	fputs(buf, stdout);
	return 0;
}
