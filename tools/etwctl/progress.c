// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl stop and flush: progress while the call waits.  Stopping a
 * session with a log file writes out every buffer it holds before
 * returning, which takes a while for large sessions; on a terminal, a
 * line on stderr shows how large the file has grown, rewritten five
 * times a second (etw_progress.h: only on a terminal, only after half a
 * second, erased at the end).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "etwctl.h"
#include "etw_progress.h"

static struct {
	pthread_t thread;
	int running, stopping;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	const char *verb, *session;
	char file[ETW_MAX_PATH_BYTES + 1];
} wp = { .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER };

static long long file_size(void)
{
	struct stat st;

	return wp.file[0] && !stat(wp.file, &st) ? (long long)st.st_size : -1;
}

static void show(double secs)
{
	long long sz = file_size();

	if (sz >= 0)
		etw_progress_line("etwctl: %s %s: %s has %.1f MB, %.0f s",
				  wp.verb, wp.session, wp.file, sz / 1048576.0, secs);
	else
		etw_progress_line("etwctl: %s %s: waiting for its buffers, %.0f s",
				  wp.verb, wp.session, secs);
}

static void *progress_main(void *arg)
{
	struct timespec start, now, until;
	long delay = etw_progress_delay_ms();
	double secs;

	(void)arg;
	clock_gettime(CLOCK_MONOTONIC, &start);
	pthread_mutex_lock(&wp.mu);
	if (delay <= 0)
		show(0);
	for (;;) {
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += 200000000;
		if (until.tv_nsec >= 1000000000) {
			until.tv_nsec -= 1000000000;
			until.tv_sec++;
		}
		while (!wp.stopping && pthread_cond_timedwait(&wp.cv, &wp.mu, &until) == 0)
			;
		if (wp.stopping)
			break;
		clock_gettime(CLOCK_MONOTONIC, &now);
		secs = (now.tv_sec - start.tv_sec) + (now.tv_nsec - start.tv_nsec) / 1e9;
		if (secs * 1000 >= delay)
			show(secs);
	}
	pthread_mutex_unlock(&wp.mu);
	etw_progress_clear();
	return NULL;
}

/*
 * Before a stop or flush of @session ("stopping", "flushing"): on a
 * terminal, find its log file and start the progress line.
 */
void wait_progress_start(const char *verb, const char *session)
{
	struct props *b;

	if (json || !etw_progress_tty())
		return;
	b = props_new();
	if (QueryTraceA(0, session, &b->p) == ERROR_SUCCESS && props_file(b))
		snprintf(wp.file, sizeof(wp.file), "%s", props_file(b));
	free(b);
	wp.verb = verb;
	wp.session = session;
	if (pthread_create(&wp.thread, NULL, progress_main, NULL) == 0)
		wp.running = 1;
}

void wait_progress_stop(void)
{
	if (!wp.running)
		return;
	pthread_mutex_lock(&wp.mu);
	wp.stopping = 1;
	pthread_cond_signal(&wp.cv);
	pthread_mutex_unlock(&wp.mu);
	pthread_join(wp.thread, NULL);
	wp.running = 0;
}
