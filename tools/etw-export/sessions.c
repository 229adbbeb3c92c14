// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-export: the real-time sessions it follows (Session= in
 * export.conf, --session), one thread each.  A session that does not run
 * (yet, or any more) is looked for again every two seconds; when it
 * stops, its last losses row says so (final) and the thread waits for it
 * to start again.  The session is not ours: it is started by etwctl, an
 * autologger or an application, and etw-export only reads it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "etw-export.h"
#include "common/record.h"
#include "common/win32.h"

struct follower {
	struct source src;
	pthread_t thread;
	int started, ended;
};

static struct follower fol[EX_MAX_SOURCES];
static int nfol, nread;
static struct waker wake = WAKER_INIT;

static void *follow_main(void *arg)
{
	struct follower *f = arg;
	struct source *s = &f->src;
	ULONG last_err = 0, st;

	while (!ex_stopping) {
		if (source_open(s)) {
			ULONG e = GetLastError();

			if (cfg.once) {
				fprintf(stderr, "etw-export: session '%s': OpenTrace: %s (%u)\n",
					s->name, win32_name(e), e);
				break;
			}
			if (e != last_err) {
				const char *hint = module_hint();

				fprintf(stderr, "etw-export: session '%s': OpenTrace: %s (%u)%s%s; "
					"trying again every 2 s\n", s->name, win32_name(e), e,
					hint ? "; " : "", hint ? hint : "");
				last_err = e;
			}
			waker_sleep(&wake, &ex_stopping, 2);
			continue;
		}
		last_err = 0;
		__atomic_add_fetch(&nread, 1, __ATOMIC_RELAXED);
		fprintf(stderr, "etw-export: following session '%s'\n", s->name);
		source_register(s);
		st = source_run(s);
		source_flush(s, 1);
		source_unregister(s);
		pthread_mutex_lock(&s->mu);
		/* The session ended (not us stopping): its last row says so. */
		source_commit(s, !ex_stopping);
		report_source(s);
		pthread_mutex_unlock(&s->mu);
		if (!ex_stopping)
			fprintf(stderr, "etw-export: session '%s' ended (%s); %llu events\n",
				s->name, win32_name(st), (unsigned long long)s->taken);
		if (cfg.once)
			break;
		waker_sleep(&wake, &ex_stopping, 2);
	}
	__atomic_store_n(&f->ended, 1, __ATOMIC_RELEASE);
	return NULL;
}

int sessions_read(void)
{
	return __atomic_load_n(&nread, __ATOMIC_RELAXED);
}

int sessions_done(void)
{
	int i;

	for (i = 0; i < nfol; i++)
		if (!__atomic_load_n(&fol[i].ended, __ATOMIC_ACQUIRE))
			return 0;
	return 1;
}

int sessions_start(void)
{
	int i;

	for (i = 0; i < cfg.nsessions; i++) {
		struct follower *f = &fol[nfol];
		struct source *s = &f->src;

		memset(f, 0, sizeof(*f));
		pthread_mutex_init(&s->mu, NULL);
		s->name = cfg.sessions[i];
		snprintf(s->key, sizeof(s->key), "session %s", s->name);
		s->st = spool_source(s->key);
		if (!s->st) {
			fprintf(stderr, "etw-export: too many sources (at most %d)\n",
				EX_MAX_SOURCES);
			return -1;
		}
		if (pthread_create(&f->thread, NULL, follow_main, f)) {
			fprintf(stderr, "etw-export: cannot start a thread: %s\n", strerror(errno));
			return -1;
		}
		f->started = 1;
		nfol++;
	}
	return 0;
}

void sessions_stop(void)
{
	int i;

	waker_stop(&wake, &ex_stopping);
	for (i = 0; i < nfol; i++)
		source_close(&fol[i].src);
	for (i = 0; i < nfol; i++) {
		if (fol[i].started)
			pthread_join(fol[i].thread, NULL);
		fol[i].started = 0;
	}
}
