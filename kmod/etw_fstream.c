// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sessions' side of the fast path: each served session's fast
 * streams (the per-CPU buffers only the collector fills), its start and
 * stop as the collector sees them, flushes, and the watermark bound.
 * Documentation/design.rst, "Collecting" and "Watermark".
 *
 * Locking: a session's fast streams and fast state are the collector's
 * (etw_collect_mutex); buffers go to and from the pool under pool->lock.
 */
#include <linux/mutex.h>

#include "etw_internal.h"
#include "etw_buffer.h"
#include "etw_collect.h"
#include "shared/etw_etl.h"

/* --- fast streams ------------------------------------------------------------- */

/*
 * Seal @fs's current buffer, if it holds records.  Its TimeStamp (the
 * flush time) is its last record's key, not the time of the collect:
 * the collector copies records from the past, and the next buffer's
 * records may be as old as that, raised to the same floor.  A stream's
 * buffers then cover time ranges that do not overlap (seed 001, rule
 * 14), which readers chain them by (consumer_test
 * kernel_written_file_and_real_time: a flush time after the next
 * buffer's first record put the two in different chains, and records
 * of equal keys were delivered out of their order).
 * Context: etw_collect_mutex held.
 */
void etw_fstream_seal(struct etw_session *s, struct etw_stream *fs,
			     u16 flags)
{
	struct etw_pool *pool = s->pool;
	struct etw_buf *b = fs->cur;

	lockdep_assert_held(&etw_collect_mutex);
	if (!b)
		return;
	fs->cur = NULL;
	if (fs->lost)
		flags |= ETL_BUFFER_FLAG_EVENTS_LOST;
	fs->lost = false;
	if (fs->offset > ETL_BUFFER_HEADER_SIZE)
		etw_pool_hand_over(pool, b, fs->offset, fs->last_ts, flags,
				   fs->id);
	else
		etw_pool_give_back(pool, b);
}

/* A buffer with room for records in @fs, or false (lost: no buffer). */
bool etw_fstream_room(struct etw_session *s, struct etw_stream *fs)
{
	int err;

	if (fs->cur && fs->offset + ETW_REC_MIN <= s->pool->size)
		return true;
	etw_fstream_seal(s, fs, 0);
	fs->cur = etw_pool_take(s->pool, fs->id, &err);
	fs->offset = ETL_BUFFER_HEADER_SIZE;
	return fs->cur;
}

/*
 * The session's watermark bound: nothing below the cutoff stays in a
 * stage, nothing below a fast stream's first time is unsealed.
 * Context: etw_collect_mutex held.
 */
void etw_fast_publish_wm(struct etw_session *s)
{
	struct etw_pool *pool = s->pool;
	u64 wm = min(etw_col.floor, s->fast.hold_key);
	u32 i;

	lockdep_assert_held(&etw_collect_mutex);
	for (i = 0; i < pool->nr_streams; i++) {
		struct etw_stream *fs = &pool->fstreams[i];

		if (fs->cur && fs->offset > ETL_BUFFER_HEADER_SIZE &&
		    fs->first_ts < wm)
			wm = fs->first_ts;
	}
	WRITE_ONCE(s->fast.wm, wm);
}

/* --- sessions ---------------------------------------------------------------------- */

void etw_fast_session_init(struct etw_session *s)
{
	s->fast.served = false;
	s->fast.wm = U64_MAX;
	s->fast.block_ms = 0;
	s->fast.stalled = false;
	s->fast.holds = 0;
	s->fast.hold_key = U64_MAX;
	s->fast.stuck = 0;
	s->fast.failed = false;
	s->fast.got = false;
}

bool etw_fast_serves(const struct etw_session *s)
{
	return READ_ONCE(s->fast.served);
}

/**
 * etw_fast_session_start() - stages serve @s from now on, if they can
 * @s:		a session entering the table
 *
 * Not with one stream (EVENT_TRACE_NO_PER_PROCESSOR_BUFFERING: a single
 * stream stays single), and only with the QPC clock: a system-time
 * event's time is the system clock when it is written (seed 001, rule
 * 11: set back meanwhile, a later event is older), which a stage's
 * monotonic time converted at a collect would not be; the CPU cycle
 * counter is not the stages' clock either.
 *
 * Context: etw_lock held.
 */
void etw_fast_session_start(struct etw_session *s)
{
	lockdep_assert_held(&etw_lock);
	if (!s->pool->fstreams || s->params.clock_type != ETL_CLOCK_QPC)
		return;
	mutex_lock(&etw_collect_mutex);
	kref_get(&s->ref);
	etw_col.sess[s->logger_id] = s;
	WRITE_ONCE(s->fast.served, true);
	/* Nothing it gets is earlier than the last cutoff. */
	s->fast.wm = etw_col.floor;
	mutex_unlock(&etw_collect_mutex);
}

/*
 * Seal every fast stream of @s that holds records.
 * Context: etw_collect_mutex held.
 */
static void etw_fast_seal_all(struct etw_session *s, u16 flags)
{
	u32 i;

	lockdep_assert_held(&etw_collect_mutex);
	for (i = 0; i < s->pool->nr_streams; i++)
		etw_fstream_seal(s, &s->pool->fstreams[i], flags);
}

/**
 * etw_fast_session_stop() - the session stopped: its last fast buffers
 * @s:		a session that left the table and every active list
 *
 * The collect before its registrations' active lists changed took what
 * the stages had for it (what they held back for it, having no buffer,
 * was counted lost then); this gives up what is still held (records
 * that were not its: nothing to count) and hands over the partly
 * filled buffers before the pool's last flush.  Nothing waits for its
 * readers.
 *
 * Context: process context, no locks held.
 */
void etw_fast_session_stop(struct etw_session *s)
{
	bool was;

	WRITE_ONCE(s->fast.stalled, true);	/* it holds nothing more */
	mutex_lock(&etw_collect_mutex);
	was = s->fast.served;
	if (was) {
		etw_block_forget(s);
		etw_col.sess[s->logger_id] = NULL;
		WRITE_ONCE(s->fast.served, false);
		etw_fast_seal_all(s, ETL_BUFFER_FLAG_FLUSH_MARKER);
		clear_bit(s->logger_id - 1,
			  (unsigned long *)&etw_global->congested);
		WRITE_ONCE(s->fast.wm, U64_MAX);
	}
	mutex_unlock(&etw_collect_mutex);
	if (was)
		etw_session_put(s);
}

/**
 * etw_fast_flush() - a flush of @s: what the stages hold up to now, then
 * its partly filled fast buffers
 * @s:		the session
 * @hint:	the FlushTimer's flush: skipped while a collect runs
 *		(the next one does the job)
 *
 * Context: process context; may sleep; no spinlock held.
 */
void etw_fast_flush(struct etw_session *s, bool hint)
{
	if (!etw_fast_serves(s))
		return;
	if (hint) {
		/* A collect under way does the job. */
		if (!mutex_trylock(&etw_collect_mutex))
			return;
		etw_collect(NULL);
	} else {
		etw_collect_until(ktime_get_ns());
		mutex_lock(&etw_collect_mutex);
	}
	if (s->fast.served) {
		etw_fast_seal_all(s, ETL_BUFFER_FLAG_FLUSH_MARKER);
		etw_fast_publish_wm(s);
	}
	mutex_unlock(&etw_collect_mutex);
}

/**
 * etw_fast_watermark() - bound a session's watermark by the fast path
 * @s:		the session
 * @now:	the session time read before the sweep began
 * @wm:		the watermark of the kernel streams
 *
 * Context: any; lockless.
 * Return: the watermark.
 */
u64 etw_fast_watermark(struct etw_session *s, u64 now, u64 wm)
{
	return min(wm, READ_ONCE(s->fast.wm));
}

