// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: what ProcessTrace calls (EventRecordCallback, BufferCallback),
 * and how it is stopped: after --max events, when standard output is
 * closed, after --follow's --duration, or on SIGINT/SIGTERM/SIGHUP.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "etwdump.h"
#include "stackev.h"
#include "common/fmt.h"
#include "common/names.h"
#include "common/guid.h"
#include "shared/etw_kevents.h"

/* Close every handle: ProcessTrace drains what it has and returns. */
void close_all(void)
{
	int i;

	pthread_mutex_lock(&dump.lock);
	if (!dump.closed) {
		dump.closed = 1;
		for (i = 0; i < dump.nh; i++)
			CloseTrace(dump.h[i]);
	}
	pthread_mutex_unlock(&dump.lock);
}

int stdout_gone(void)
{
	struct pollfd p = { .fd = STDOUT_FILENO };

	/* a pipe without a reader polls as an error (and writes fail EPIPE) */
	if (!dump.stdout_gone && ferror_unlocked(stdout) &&
	    poll(&p, 1, 0) == 1 && (p.revents & POLLERR))
		dump.stdout_gone = 1;
	return dump.stdout_gone;
}

/*
 * Standard output failed (a format wrote to it, or consume.c): stop.
 * The error is said once, unless the reader went away.
 */
static void stdout_failed(int err)
{
	if (err == EPIPE)
		dump.stdout_gone = 1;
	if (!stdout_gone() && !dump.stdout_said) {
		dump.stdout_said = 1;
		fprintf(stderr, "etwdump: standard output: %s\n", strerror(err));
	}
	close_all();
}

/* Whether the formats need the fields, or only the names. */
static int need_fields(PEVENT_RECORD er)
{
	return !dump.quiet || dump.nfouts || dump.header ||
	       /* the summary names processes from the kernel's process events */
	       ((er->EventHeader.Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER) &&
		kgroup_of(&er->EventHeader.ProviderId) == ETW_KG_PROCESS);
}

/*
 * Filter, decode, count the event, and print it in the output format
 * unless --quiet or --summary.
 */
VOID WINAPI on_event(PEVENT_RECORD er)
{
	const EVENT_HEADER *h = &er->EventHeader;
	static struct decoded d;
	int header = event_is_header(er);
	int i, keep;

	if (dump.closed || (dump.max && dump.shown >= dump.max))
		return;		/* draining after --max, a signal, a closed stdout */
	/* the views of stacks: images, threads, StackWalks, whatever is kept */
	if (sev_nsinks)
		sev_observe(er);
	if (dump.origin) {
		/* Numbered as delivered, whatever the filters keep. */
		struct origin *o = &dump.origin[(intptr_t)er->UserContext];

		o->seq++;
		if (header)
			origin_header(o, er);
	}
	/* (the time window is ProcessTrace's) */
	keep = !dump.filtering || filter_before(er);
	if (!keep) {
		memset(&d, 0, sizeof(d));
	} else if (dump.no_decode) {
		memset(&d, 0, sizeof(d));
		d.reason = "--no-decode";
	} else if (need_fields(er)) {
		decode_event(er, &d);
	} else {
		decode_names(er, &d);
	}
	if (!keep || (dump.filtering && !filter_after(er, &d))) {
		/* --header shows the log file's header whatever the filters. */
		if (header && dump.header && !dump.no_decode && (d.ok || decode_event(er, &d)) &&
		    d.event && !strcmp(d.event, "Header"))
			print_header(stdout, (int)(intptr_t)er->UserContext,
				     d.fields[d.nfields - 2].text);
		return;
	}
	__atomic_store_n(&dump.events, dump.events + 1, __ATOMIC_RELAXED);
	dump.cur_type = evsum_add(&dump.sum, er, dump.no_decode ? NULL : &d, &dump.cur_proc);
	dump.last_time = h->TimeStamp.QuadPart;
	if (sev_nsinks)
		sev_add(er, &d);
	for (i = 0; i < dump.nfouts; i++)
		dump.fouts[i].out->event(NULL, er, &d);
	if (header && dump.header && d.ok && d.event && !strcmp(d.event, "Header"))
		print_header(stdout, (int)(intptr_t)er->UserContext,
			     d.fields[d.nfields - 2].text);
	if (!dump.quiet) {
		/* The event's text, then one write (stdout's buffer: main.c). */
		dump.out->event(&dump.ob, er, &d);
		ob_write(&dump.ob, stdout);
	}
	/* (also --chrome - and --report -: stop, and --follow cleans up) */
	if (ferror_unlocked(stdout))
		stdout_failed(errno);
	dump.shown++;
	if (dump.max && dump.shown >= dump.max)
		close_all();
}

ULONG WINAPI on_buffer(PEVENT_TRACE_LOGFILEA lf)
{
	long i = (long)(intptr_t)lf->Context;

	if (i >= 0 && i < MAX_FILES) {
		unsigned long long ev = lf->EventsLost, bu = lf->LogfileHeader.BuffersLost;
		int k;

		/* Losses seen now (real time: as they happen), to the formats. */
		if (ev > dump.events_lost[i] || bu > dump.buffers_lost[i])
			for (k = 0; k < dump.nfouts; k++)
				if (dump.fouts[k].out->lost)
					dump.fouts[k].out->lost(dump.last_time,
						ev > dump.events_lost[i] ? ev - dump.events_lost[i] : 0,
						bu > dump.buffers_lost[i] ? bu - dump.buffers_lost[i] : 0);
		dump.buffers_read[i] = lf->BuffersRead;
		dump.events_lost[i] = lf->EventsLost;
		dump.buffers_lost[i] = lf->LogfileHeader.BuffersLost;
	}
	return TRUE;
}

/*
 * The signals, and --duration: --follow stops its session, whose last
 * buffers then reach ProcessTrace before it returns; otherwise
 * CloseTrace, and ProcessTrace returns with what it has.
 */
static void stop(void)
{
	if (dump.follow)
		follow_stop();
	else
		close_all();
}

void *signal_main(void *arg)
{
	sigset_t *set = arg;
	struct timespec end, left;
	int sig, timed = dump.duration > 0;

	deadline_in(&end, dump.duration);
	for (;;) {
		if (timed) {
			if (!deadline_left(&end, &left)) {
				timed = 0;
				stop();
				continue;
			}
			sig = sigtimedwait(set, NULL, &left);
			if (sig < 0)
				continue;
		} else if (sigwait(set, &sig)) {
			continue;
		}
		dump.interrupted = 1;
		stop();
	}
	return NULL;
}
