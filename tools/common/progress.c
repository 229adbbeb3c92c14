// SPDX-License-Identifier: GPL-2.0-only
/*
 * The progress thread of the command-line tools (common/progress.h), in
 * libetwtools.a: etwctl and etwdump give it their own show().
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "common/progress.h"

static struct {
	pthread_t thread;
	int running, stopping, shown;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	void (*show)(double secs);
} pr = { .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER };

void etw_progress_line(const char *fmt, ...)
{
	va_list ap;

	fputs("\r\033[K", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fflush(stderr);
	pr.shown = 1;
}

static void progress_clear(void)
{
	if (pr.shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		pr.shown = 0;
	}
}

static void *progress_main(void *arg)
{
	struct timespec start, now, until;
	long delay = etw_progress_delay_ms();
	double secs;

	(void)arg;
	clock_gettime(CLOCK_MONOTONIC, &start);
	pthread_mutex_lock(&pr.mu);
	if (delay <= 0)
		pr.show(0);	/* at once: the first line, before any wait */
	for (;;) {
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += 200000000;
		if (until.tv_nsec >= 1000000000) {
			until.tv_nsec -= 1000000000;
			until.tv_sec++;
		}
		while (!pr.stopping && pthread_cond_timedwait(&pr.cv, &pr.mu, &until) == 0)
			;
		if (pr.stopping)
			break;
		clock_gettime(CLOCK_MONOTONIC, &now);
		secs = (now.tv_sec - start.tv_sec) + (now.tv_nsec - start.tv_nsec) / 1e9;
		if (secs * 1000 >= delay)
			pr.show(secs);
	}
	pthread_mutex_unlock(&pr.mu);
	progress_clear();
	return NULL;
}

void etw_progress_start(void (*show)(double secs))
{
	pr.show = show;
	if (pthread_create(&pr.thread, NULL, progress_main, NULL) == 0)
		pr.running = 1;
}

void etw_progress_stop(void)
{
	if (!pr.running)
		return;
	pthread_mutex_lock(&pr.mu);
	pr.stopping = 1;
	pthread_cond_signal(&pr.cv);
	pthread_mutex_unlock(&pr.mu);
	pthread_join(pr.thread, NULL);
	pr.running = 0;
	pr.stopping = 0;	/* a later start shows progress again */
}
