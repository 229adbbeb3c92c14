// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-export's threads wait for their next round on a waker, so that
 * stopping cuts the wait short.
 */
#include "etw-export.h"

int waker_until(struct waker *w, const volatile int *stop, const struct timespec *when)
{
	int stopped;

	pthread_mutex_lock(&w->lock);
	stopped = __atomic_load_n(stop, __ATOMIC_ACQUIRE);
	if (!stopped) {
		pthread_cond_timedwait(&w->cond, &w->lock, when);
		stopped = __atomic_load_n(stop, __ATOMIC_ACQUIRE);
	}
	pthread_mutex_unlock(&w->lock);
	return stopped ? -1 : 0;
}

void waker_deadline(struct timespec *t, double secs)
{
	clock_gettime(CLOCK_REALTIME, t);
	t->tv_sec += (time_t)secs;
	t->tv_nsec += (long)((secs - (time_t)secs) * 1e9);
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

int waker_sleep(struct waker *w, const volatile int *stop, double secs)
{
	struct timespec t;

	waker_deadline(&t, secs);
	return waker_until(w, stop, &t);
}

void waker_stop(struct waker *w, volatile int *stop)
{
	pthread_mutex_lock(&w->lock);
	__atomic_store_n(stop, 1, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
}
