// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: what ProcessTrace calls (EventRecordCallback, BufferCallback),
 * and how it is stopped: after --max events, or on SIGINT/SIGTERM.
 */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "etwdump.h"

/* Stop after --max events: close every handle (ProcessTrace returns). */
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

/*
 * Filter, decode, count the event, and print it in the output format
 * unless --quiet (which decodes only what a name filter needs).
 */
VOID WINAPI on_event(PEVENT_RECORD er)
{
	const EVENT_HEADER *h = &er->EventHeader;
	char guid[37], when[96];
	static struct decoded d;
	int header = IsEqualGUID(&h->ProviderId, &EventTraceGuid);
	int i;

	if (dump.max && dump.shown >= dump.max)
		return;		/* draining after --max */
	if (!filter_before(er)) {
		/* --header shows the log file's header whatever the filters. */
		if (header && dump.header && !dump.no_decode && decode_event(er, &d) &&
		    d.event && !strcmp(d.event, "Header"))
			print_header(stdout, (int)(intptr_t)er->UserContext,
				     dump.out->json_header, d.fields[d.nfields - 2].text);
		return;
	}
	if (dump.no_decode) {
		memset(&d, 0, sizeof(d));
		d.reason = "--no-decode";
		if (!filter_after(er, &d))
			return;
	} else if (!dump.quiet || dump.nfouts || dump.filter.nnames ||
		   (header && dump.header)) {
		decode_event(er, &d);
		if (!filter_after(er, &d))
			return;
	}
	__atomic_store_n(&dump.events, dump.events + 1, __ATOMIC_RELAXED);
	count_provider(&h->ProviderId);
	dump.last_time = h->TimeStamp.QuadPart;
	for (i = 0; i < dump.nfouts; i++)
		dump.fouts[i].out->event(NULL, er, &d, NULL, NULL);
	if (header && dump.header && d.ok && d.event && !strcmp(d.event, "Header"))
		print_header(stdout, (int)(intptr_t)er->UserContext,
			     dump.out->json_header, d.fields[d.nfields - 2].text);
	if (dump.quiet)
		goto out;
	guid_str(&h->ProviderId, guid);
	if (dump.raw)
		snprintf(when, sizeof(when), "%lld", h->TimeStamp.QuadPart);
	else
		iso_time(h->TimeStamp.QuadPart, when);
	dump.out->event(stdout, er, &d, guid, when);
out:
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

/* SIGINT/SIGTERM: CloseTrace, so ProcessTrace drains and returns. */
void *signal_main(void *arg)
{
	sigset_t *set = arg;
	int sig;

	for (;;) {
		if (sigwait(set, &sig))
			continue;
		dump.interrupted = 1;
		close_all();
	}
	return NULL;
}
