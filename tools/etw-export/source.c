// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-export: the events of a source (a real-time session, or one .etl
 * file) as rows in the spool.  ProcessTrace calls on_event for each;
 * it is decoded with TDH and written as one JSON line -- etwdump --json
 * --identity's object (common/event_json.h) with "ts" the FILETIME and
 * the fields as JSON text, which is what the events table's columns take
 * (schema.sql).
 *
 * Each event gets its key (common/origin.h): a file's events are
 * numbered from 1 in the file, so reading it again after a restart gives
 * the same keys, and the events up to the source's checkpoint (already in
 * the spool) are skipped; a live session's are numbered from 1 plus this
 * run's number << 40, since a session's events are read once.
 *
 * What cannot go is counted in the source's state (spool.c) and shipped
 * in the losses table: a row larger than MaxRowBytes (rejected; kept in
 * the spool's "rejected" file), an event of a live session that found
 * the spool full (dropped).  Whatever goes in, then, is in the spool
 * before the checkpoint passes it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "etw-export.h"
#include "common/decode.h"
#include "common/event_json.h"
#include "common/json.h"

/* The decoder's results live until its next call: one event at a time. */
static pthread_mutex_t decode_lock = PTHREAD_MUTEX_INITIALIZER;

/* One event's row, built here before it goes to its batch. */
static __thread FILE *rowf;
static __thread char *rowbuf;
static __thread size_t rowlen;

/* The source's state as it is now, committed (spool.c has why). */
void source_commit(struct source *s, int final)
{
	struct src_slot v = *src_cur(s->st);

	v.checkpoint = s->taken;
	v.dropped = s->dropped;
	v.rejected = s->rejected;
	v.start = s->origin.start;
	v.events_lost = s->lf.EventsLost;
	v.buffers_lost = s->lf.LogfileHeader.BuffersLost;
	v.final = final;
	src_commit(s->st, &v);
}

/*
 * Begin reading @s (OpenTrace filled s->lf): its origin, and its state --
 * the same run of the source (same start time) goes on from where it
 * was; another begins at 0.
 */
void source_begin(struct source *s)
{
	struct src_slot *cur = src_cur(s->st), v;

	origin_init(&s->origin, cfg.host, &s->lf);
	if (cur->start != s->origin.start || (!s->is_file && cur->final)) {
		memset(&v, 0, sizeof(v));
		v.start = s->origin.start;
		src_commit(s->st, &v);
		cur = src_cur(s->st);
	}
	s->dropped = cur->dropped;
	s->rejected = cur->rejected;
	s->skip = s->is_file ? cur->checkpoint : 0;
	s->taken = 0;
	clock_gettime(CLOCK_MONOTONIC, &s->paced);
	seg_init(&s->seg, T_EVENTS);
}

/* Write what is buffered and commit; seal the batch when due (or @seal). */
int source_flush(struct source *s, int seal)
{
	struct timespec now;
	int r = 0;

	pthread_mutex_lock(&s->mu);
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (s->seg.fd >= 0)
		r = seal || seg_due(&s->seg, &now) ? seg_seal(&s->seg) : seg_flush(&s->seg);
	if (!r)
		source_commit(s, 0);
	pthread_mutex_unlock(&s->mu);
	return r;
}

/* --replay-rate: a file's events no faster than that. */
static void pace(struct source *s)
{
	struct timespec now, t;
	double ahead;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ahead = (double)(s->taken - s->skip) / cfg.replay_rate -
		((now.tv_sec - s->paced.tv_sec) + (now.tv_nsec - s->paced.tv_nsec) / 1e9);
	if (ahead > 0.001) {
		t.tv_sec = (time_t)ahead;
		t.tv_nsec = (long)((ahead - (double)t.tv_sec) * 1e9);
		nanosleep(&t, NULL);
	}
}

/* The row of @er into rowbuf/rowlen; 0, or -1 when out of memory. */
static int encode(struct source *s, PEVENT_RECORD er)
{
	static struct decoded d;
	struct event_json_opts o = {
		.raw_time = 1,		/* opened without RAW_TIMESTAMP: FILETIME */
		.origin = &s->origin,
		.nested_as_text = 1,
	};
	struct json j;

	if (!rowf)
		rowf = open_memstream(&rowbuf, &rowlen);
	if (!rowf)
		return -1;
	rewind(rowf);
	pthread_mutex_lock(&decode_lock);
	decode_event(er, &d);
	json_init(&j, rowf);
	event_json_opts(&j, er, &d, &o);
	json_end(&j);
	pthread_mutex_unlock(&decode_lock);
	if (fflush(rowf))
		return -1;
	return 0;
}

/* A row that cannot go: counted, and kept for a person to look at. */
static void reject(struct source *s, const char *why)
{
	char note[256];

	s->rejected++;
	snprintf(note, sizeof(note), "# %s %s seq %llu: %s (%zu bytes)\n",
		 s->is_file ? "file" : "session", s->name,
		 (unsigned long long)s->origin.seq, why, rowlen);
	spool_keep_rejected(note, strlen(note));
	/* The row's beginning: where it came from, what it was. */
	spool_keep_rejected(rowbuf, rowlen > 4096 ? 4096 : rowlen);
	if (rowlen > 4096)
		spool_keep_rejected("...\n", 4);
	seg_flush(&s->seg);
	source_commit(s, 0);
}

VOID WINAPI source_event(PEVENT_RECORD er)
{
	struct source *s = er->UserContext;
	int r;

	if (s->is_file && ex_stopping)
		return;		/* read again from the checkpoint next time */
	s->taken++;
	if (er->EventHeader.Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER)
		origin_header(&s->origin, er);
	if (s->taken <= s->skip)
		return;		/* in the spool already (an earlier run) */
	if (cfg.replay_rate > 0 && s->is_file)
		pace(s);
	s->origin.seq = s->is_file ? s->taken : (spool.st->run << 40) | s->taken;
	pthread_mutex_lock(&s->mu);
	if (encode(s, er)) {
		reject(s, "out of memory");
		goto out;
	}
	if (rowlen > cfg.max_row_bytes) {
		reject(s, "larger than MaxRowBytes");
		goto out;
	}
	while ((r = seg_add(&s->seg, rowbuf, rowlen, LIM_EVENTS)) == 1) {
		if (cfg.on_full == FULL_WAIT || (cfg.on_full == FULL_DEFAULT && s->is_file)) {
			/* A file keeps its events: wait for the shipper to make room. */
			seg_seal(&s->seg);
			source_commit(s, 0);
			pthread_mutex_unlock(&s->mu);
			r = spool_wait_room(rowlen);
			pthread_mutex_lock(&s->mu);
			if (!r)
				continue;
			/* Stopping: the events from here on are read again next time. */
			s->taken--;
			goto out;
		}
		/* What the spool holds is committed first, then the drop. */
		s->dropped++;
		seg_flush(&s->seg);
		source_commit(s, 0);
		goto out;
	}
	if (r < 0) {
		/* The disk failed us: stop (a file is read again next time). */
		fprintf(stderr, "etw-export: cannot write the spool; stopping\n");
		ex_stopping = 1;
		if (s->is_file) {
			s->taken--;
		} else {
			s->dropped++;
			source_commit(s, 0);
		}
		goto out;
	}
	if (s->seg.rows >= cfg.batch_rows || s->seg.bytes >= cfg.batch_bytes) {
		seg_seal(&s->seg);
		source_commit(s, 0);
	}
out:
	pthread_mutex_unlock(&s->mu);
}

ULONG WINAPI source_buffer(PEVENT_TRACE_LOGFILEA lf)
{
	struct source *s = lf->Context;

	/* The events of this buffer are out of ETW's hands: write them. */
	source_flush(s, 0);
	/* Stopping, a file ends here (a session drains what it has). */
	return !(s->is_file && ex_stopping);
}

int source_open(struct source *s)
{
	memset(&s->lf, 0, sizeof(s->lf));
	if (s->is_file) {
		s->lf.LogFileName = (LPSTR)s->name;
	} else {
		s->lf.LoggerName = (LPSTR)s->name;
		s->lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME;
	}
	s->lf.ProcessTraceMode |= PROCESS_TRACE_MODE_EVENT_RECORD;
	s->lf.EventRecordCallback = source_event;
	s->lf.BufferCallback = source_buffer;
	s->lf.Context = s;
	pthread_mutex_lock(&s->mu);
	s->h = ex_stopping ? INVALID_PROCESSTRACE_HANDLE : OpenTraceA(&s->lf);
	s->live = s->h != INVALID_PROCESSTRACE_HANDLE;
	pthread_mutex_unlock(&s->mu);
	return s->live ? 0 : -1;
}

ULONG source_run(struct source *s)
{
	ULONG st;

	source_begin(s);
	st = ProcessTrace(&s->h, 1, NULL, NULL);
	pthread_mutex_lock(&s->mu);
	if (s->live)
		CloseTrace(s->h);
	s->live = 0;
	pthread_mutex_unlock(&s->mu);
	return st;
}

void source_close(struct source *s)
{
	pthread_mutex_lock(&s->mu);
	if (s->live)
		CloseTrace(s->h);
	s->live = 0;
	pthread_mutex_unlock(&s->mu);
}

/* ---- the sources being read, for the reporter ---- */

static struct source *reg[EX_MAX_SOURCES];
static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;

void source_register(struct source *s)
{
	int i;

	pthread_mutex_lock(&reg_lock);
	for (i = 0; i < EX_MAX_SOURCES; i++) {
		if (!reg[i]) {
			reg[i] = s;
			break;
		}
	}
	pthread_mutex_unlock(&reg_lock);
}

void source_unregister(struct source *s)
{
	int i;

	pthread_mutex_lock(&reg_lock);
	for (i = 0; i < EX_MAX_SOURCES; i++)
		if (reg[i] == s)
			reg[i] = NULL;
	pthread_mutex_unlock(&reg_lock);
}

void sources_tick(int rows)
{
	int i;

	pthread_mutex_lock(&reg_lock);
	for (i = 0; i < EX_MAX_SOURCES; i++) {
		if (!reg[i])
			continue;
		source_flush(reg[i], 0);
		if (!rows)
			continue;
		pthread_mutex_lock(&reg[i]->mu);
		report_source(reg[i]);
		pthread_mutex_unlock(&reg[i]->mu);
	}
	pthread_mutex_unlock(&reg_lock);
}
