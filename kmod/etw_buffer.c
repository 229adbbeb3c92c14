// SPDX-License-Identifier: GPL-2.0-only
/*
 * Session buffers: BufferSize bytes each, a 72-byte WMI_BUFFER_HEADER at
 * the start of every one (seed 002, rule 10), allocated when the session
 * starts as one area (etw_umem.c: charged to the controller's memory
 * cgroup, a whole number of pages) so that real-time consumers can map
 * all of it read-only.
 *
 * Each stream (a CPU, or the single stream without per-processor
 * buffering) fills one buffer at a time under its spinlock; events never
 * span buffers.  A full or flushed buffer is sealed in the ETL layout and
 * handed over, in order, to every reader (real-time consumers, the log
 * file); a reader returns it when done, and the last return frees it.
 * With no reader, sealed buffers wait in the backlog for the first
 * consumer (real time) or form a ring whose oldest buffer is reused
 * (buffering mode).  When no buffer is free the event is lost and
 * counted.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitmap.h>
#include <linux/moduleparam.h>
#include <linux/nospec.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "etw_internal.h"
#include "etw_buffer.h"
#include "etw_fast.h"
#include "etw_trace.h"
#include "shared/etw_etl.h"

static unsigned int etw_max_consumers = 32;
module_param_named(max_consumers_per_session, etw_max_consumers, uint, 0644);
MODULE_PARM_DESC(max_consumers_per_session,
		 "Real-time consumers one session may have at once");

DEFINE_PER_CPU(unsigned int, etw_stream_depth);

static void etw_pool_flush_work(struct work_struct *work);
static void etw_pool_wake_work(struct irq_work *w);

struct etw_pool *etw_pool_create(struct etw_session *s)
{
	struct etw_pool *pool;
	u32 i;
	int ret;

	pool = kzalloc(sizeof(*pool), GFP_KERNEL_ACCOUNT);
	if (!pool)
		return ERR_PTR(-ENOMEM);
	pool->session = s;
	pool->nr = s->params.nr_buffers;
	pool->size = s->params.buffer_size_kb * 1024;
	pool->nr_streams = s->params.nr_streams;
	pool->buffering = s->params.log_file_mode & ETW_MODE_BUFFERING;
	raw_spin_lock_init(&pool->lock);
	INIT_LIST_HEAD(&pool->free);
	INIT_LIST_HEAD(&pool->backlog);
	INIT_LIST_HEAD(&pool->ring);
	INIT_LIST_HEAD(&pool->readers);
	atomic64_set(&pool->events_lost, 0);
	atomic64_set(&pool->fast_written, 0);
	INIT_DELAYED_WORK(&pool->flush_work, etw_pool_flush_work);
	init_irq_work(&pool->wake_work, etw_pool_wake_work);

	pool->bufs = kvcalloc(pool->nr, sizeof(*pool->bufs),
			      GFP_KERNEL_ACCOUNT);
	pool->streams = kvcalloc(pool->nr_streams, sizeof(*pool->streams),
				 GFP_KERNEL_ACCOUNT);
	/* A single stream stays single: the fast path does not serve it. */
	if (pool->nr_streams > 1)
		pool->fstreams = kvcalloc(pool->nr_streams,
					  sizeof(*pool->fstreams),
					  GFP_KERNEL_ACCOUNT);
	if (!pool->bufs || !pool->streams ||
	    (pool->nr_streams > 1 && !pool->fstreams)) {
		etw_pool_destroy(pool);
		return ERR_PTR(-ENOMEM);
	}
	ret = etw_umem_alloc(&pool->mem, (size_t)pool->nr * pool->size);
	if (ret) {
		etw_pool_destroy(pool);
		return ERR_PTR(ret);
	}
	pool->area = pool->mem.vaddr;
	for (i = 0; i < pool->nr; i++) {
		struct etw_buf *b = &pool->bufs[i];

		b->index = i;
		b->data = pool->area + (size_t)i * pool->size;
		list_add_tail(&b->node, &pool->free);
	}
	pool->nr_free = pool->nr;
	for (i = 0; i < pool->nr_streams; i++) {
		raw_spin_lock_init(&pool->streams[i].lock);
		pool->streams[i].id = i;
		if (pool->fstreams) {
			raw_spin_lock_init(&pool->fstreams[i].lock);
			pool->fstreams[i].id = i;
		}
	}
	return pool;
}

void etw_pool_destroy(struct etw_pool *pool)
{
	if (!pool)
		return;
	irq_work_sync(&pool->wake_work);
	etw_umem_free(&pool->mem);
	kvfree(pool->bufs);
	kvfree(pool->streams);
	kvfree(pool->fstreams);
	kfree(pool);
}

/* Arm the FlushTimer (seconds; 0 = flush only when full, on FLUSH, at stop). */
void etw_pool_start(struct etw_pool *pool)
{
	u32 secs = READ_ONCE(pool->session->params.flush_timer);

	if (secs && !pool->buffering)
		schedule_delayed_work(&pool->flush_work, secs * HZ);
}

static void etw_pool_flush_work(struct work_struct *work)
{
	struct etw_pool *pool = container_of(to_delayed_work(work),
					     struct etw_pool, flush_work);

	etw_pool_flush_hint(pool, true);
	etw_pool_start(pool);
}

/**
 * etw_pool_block_update() - a blocking session's congestion, from its
 * free buffers
 * @pool:	the session's pool
 *
 * A blocking session with fewer than half its buffers free, or records
 * held back for it in stages, is congested (its bit in the global page:
 * its writers wait, whichever path they write through), unless it is
 * stalled (a timeout passed) and has not recovered since.  Kept as
 * buffers are taken and given back, and by the collector.
 *
 * Context: any; pool->lock held or not (atomic bit operations; a stale
 * nr_free is corrected at the next take or give-back).
 */
void etw_pool_block_update(struct etw_pool *pool)
{
	struct etw_session *s = pool->session;
	unsigned long *word = (unsigned long *)&etw_global->congested;
	u32 bit = s->logger_id - 1;
	bool cong;

	if (!READ_ONCE(s->fast.block_ms)) {
		if (test_bit(bit, word))
			clear_bit(bit, word);
		return;
	}
	cong = !READ_ONCE(pool->stopped) &&
	       (READ_ONCE(pool->nr_free) * 2 < pool->nr ||
		READ_ONCE(s->fast.holds));
	if (!cong && READ_ONCE(s->fast.stalled))
		WRITE_ONCE(s->fast.stalled, false);
	if (cong && !READ_ONCE(s->fast.stalled))
		set_bit(bit, word);
	else if (test_bit(bit, word))
		clear_bit(bit, word);
}

/* Context: pool->lock held.  A buffer to fill, or NULL. */
static struct etw_buf *etw_pool_get(struct etw_pool *pool)
{
	struct etw_buf *b = NULL;

	lockdep_assert_held(&pool->lock);
	if (!list_empty(&pool->free)) {
		b = list_first_entry(&pool->free, struct etw_buf, node);
		pool->nr_free--;
		etw_pool_block_update(pool);
	} else if (pool->buffering && !list_empty(&pool->ring)) {
		/* Buffering mode: the oldest buffer is reused, not lost. */
		b = list_first_entry(&pool->ring, struct etw_buf, node);
	} else if (pool->nr_readers > pool->nr_consumers &&
		   !list_empty(&pool->backlog)) {
		/*
		 * Real time and a log file, no consumer yet: the file has
		 * everything, so the oldest real-time buffer the file is done
		 * with goes, counted as RealTimeBuffersLost.
		 */
		b = list_first_entry(&pool->backlog, struct etw_buf, node);
		if (b->refs)
			return NULL;
		b->in_backlog = false;
		pool->rt_buffers_lost++;
	}
	if (b)
		list_del(&b->node);
	return b;
}

/* Context: pool->lock held.  The last reader let go of @b. */
static void etw_pool_put(struct etw_pool *pool, struct etw_buf *b)
{
	lockdep_assert_held(&pool->lock);
	list_add_tail(&b->node, &pool->free);
	pool->nr_free++;
	etw_pool_block_update(pool);
}

/*
 * Wake the readers that were handed buffers, one at a time, with no lock
 * held: a consumer's wait queue (a spinlock_t, which sleeps on
 * PREEMPT_RT) and the log-file worker's queue_work() may both wake a
 * task, which takes run-queue locks that a scheduler tracepoint writing
 * a kernel event may already hold.  A reader is freed only after
 * etw_reader_detach() synced with this work, so @r stays valid after the
 * lock is dropped.
 */
static void etw_pool_wake_work(struct irq_work *w)
{
	struct etw_pool *pool = container_of(w, struct etw_pool, wake_work);
	struct etw_reader *r, *found;
	unsigned long flags;

	for (;;) {
		found = NULL;
		raw_spin_lock_irqsave(&pool->lock, flags);
		list_for_each_entry(r, &pool->readers, node) {
			if (r->wake) {
				r->wake = false;
				found = r;
				break;
			}
		}
		raw_spin_unlock_irqrestore(&pool->lock, flags);
		if (!found)
			return;
		if (found->kick)
			found->kick(found->kick_arg);
		else
			wake_up_interruptible(&found->wq);
	}
}

/* Context: pool->lock held.  Wake @r soon (see etw_pool_wake_work()). */
static void etw_reader_notify(struct etw_pool *pool, struct etw_reader *r)
{
	lockdep_assert_held(&pool->lock);
	r->wake = true;
	irq_work_queue(&pool->wake_work);
}

/* Context: pool->lock held.  Queue a sealed buffer to @r. */
static void etw_reader_push(struct etw_pool *pool, struct etw_reader *r,
			    struct etw_buf *b)
{
	lockdep_assert_held(&pool->lock);
	r->ring[r->head % pool->nr] = b->index;
	r->head++;
	__set_bit(b->index, r->held);
	b->refs++;
	etw_reader_notify(pool, r);
}

/*
 * Seal @b, @filled bytes of records (8-aligned, header included), and
 * hand it over to every reader, or keep it for later ones.  @flags adds
 * ETL_BUFFER_FLAG_* (FLUSH_MARKER for a flush, EVENTS_LOST).
 * Context: pool->lock held.
 */
static void etw_buf_handover_locked(struct etw_pool *pool, struct etw_buf *b,
				    u32 filled, u64 now, u16 flags, u32 stream)
{
	struct etw_reader *r;
	u64 seq;

	lockdep_assert_held(&pool->lock);
	seq = ++pool->seq;
	etl_buffer_seal(b->data, filled, now, seq, flags);
	pool->buffers_written++;
	trace_etw_buffer_handover(pool->session->logger_id, stream, b->index,
				  filled, seq);
	list_for_each_entry(r, &pool->readers, node)
		etw_reader_push(pool, r, b);
	if (pool->nr_consumers)
		return;
	if (pool->buffering) {
		list_add_tail(&b->node, &pool->ring);
	} else if (READ_ONCE(pool->session->params.log_file_mode) &
		   ETW_MODE_REAL_TIME) {
		/* Kept for the first consumer (seed 001, rule 15). */
		list_add_tail(&b->node, &pool->backlog);
		b->in_backlog = true;
	} else if (!b->refs) {
		etw_pool_put(pool, b);	/* real time turned off, no file */
	}
}

/*
 * Seal the stream's current buffer and hand it over; @flags adds
 * ETL_BUFFER_FLAG_FLUSH_MARKER to a buffer sealed by a flush.
 * Context: st->lock held; takes pool->lock.
 */
static void etw_stream_handover(struct etw_pool *pool, struct etw_stream *st,
				u64 now, u16 flags)
{
	struct etw_buf *b = st->cur;

	lockdep_assert_held(&st->lock);
	st->cur = NULL;
	if (st->lost)
		flags |= ETL_BUFFER_FLAG_EVENTS_LOST;
	st->lost = false;
	raw_spin_lock(&pool->lock);	/* interrupts are off: st->lock */
	etw_buf_handover_locked(pool, b, st->offset, now, flags, st->id);
	raw_spin_unlock(&pool->lock);
}

/**
 * etw_pool_take() - a free buffer for a drain of the fast path
 * @pool:	the pool
 * @cpu:	ProcessorIndex of the buffer
 * @err:	out: -ENOSPC (no free buffer) or -ENOBUFS (real time, the
 *		backlog holds every buffer)
 *
 * The buffer is the caller's (no list holds it) until it hands it over
 * with etw_pool_hand_over() or gives it back with etw_pool_give_back().
 *
 * Context: takes pool->lock.
 * Return: the buffer, initialised (records start at 72), or NULL.
 */
struct etw_buf *etw_pool_take(struct etw_pool *pool, u16 cpu, int *err)
{
	unsigned long irqf;
	struct etw_buf *b;

	raw_spin_lock_irqsave(&pool->lock, irqf);
	b = pool->stopped ? NULL : etw_pool_get(pool);
	if (!b)
		*err = !pool->nr_consumers && !list_empty(&pool->backlog) ?
		       -ENOBUFS : -ENOSPC;
	raw_spin_unlock_irqrestore(&pool->lock, irqf);
	if (b)
		etl_buffer_init(b->data, pool->size, cpu,
				pool->session->logger_id,
				ETL_BUFFER_TYPE_GENERIC);
	return b;
}

/* Seal and hand over a buffer from etw_pool_take().  Takes pool->lock. */
void etw_pool_hand_over(struct etw_pool *pool, struct etw_buf *b, u32 filled,
			u64 now, u16 flags, u32 stream)
{
	unsigned long irqf;

	raw_spin_lock_irqsave(&pool->lock, irqf);
	etw_buf_handover_locked(pool, b, filled, now, flags, stream);
	raw_spin_unlock_irqrestore(&pool->lock, irqf);
}

/* A buffer from etw_pool_take() that holds nothing goes back. */
void etw_pool_give_back(struct etw_pool *pool, struct etw_buf *b)
{
	unsigned long irqf;

	raw_spin_lock_irqsave(&pool->lock, irqf);
	etw_pool_put(pool, b);
	raw_spin_unlock_irqrestore(&pool->lock, irqf);
}

/**
 * etw_stream_reserve() - room for one event in a stream
 * @pool:	the session's pool
 * @st:		the stream (locked)
 * @need:	bytes, 8-aligned, <= pool->size - 72
 * @ts:		the event's timestamp (also the seal time of a full buffer)
 * @err:	out: -ENOSPC (no free buffer) or -ENOBUFS (real time, the
 *		backlog holds every buffer)
 *
 * Context: st->lock held (etw_stream_lock(): interrupts off); takes
 * pool->lock.
 * Return: where to write, or NULL (the event is lost; not yet counted).
 */
void *etw_stream_reserve(struct etw_pool *pool, struct etw_stream *st,
			 u32 need, u64 ts, int *err)
{
	struct etw_buf *b;

	lockdep_assert_held(&st->lock);
	if (st->cur && st->offset + need <= pool->size)
		goto have;
	if (st->cur)
		etw_stream_handover(pool, st, ts, 0);
	raw_spin_lock(&pool->lock);
	b = etw_pool_get(pool);
	if (!b)
		*err = !pool->nr_consumers && !list_empty(&pool->backlog) ?
		       -ENOBUFS : -ENOSPC;
	raw_spin_unlock(&pool->lock);
	if (!b) {
		st->lost = true;
		return NULL;
	}
	etl_buffer_init(b->data, pool->size, st->id, pool->session->logger_id,
			ETL_BUFFER_TYPE_GENERIC);
	st->cur = b;
	st->offset = ETL_BUFFER_HEADER_SIZE;
have:
	if (st->offset == ETL_BUFFER_HEADER_SIZE)
		st->first_ts = ts;
	return st->cur->data + st->offset;
}

/*
 * Hand over every partly filled buffer (FlushTrace, FlushTimer, stop),
 * then what the fast path's stages hold and its partly filled buffers
 * (etw_collect.c).
 * Context: process context; may sleep.
 */
void etw_pool_flush(struct etw_pool *pool)
{
	etw_pool_flush_hint(pool, false);
}

/*
 * etw_pool_flush() for the FlushTimer (@hint): the fast path's part is
 * skipped while a collect runs (etw_fast_flush()).  A consumer's
 * ETW_WAIT_F_FLUSH is a whole etw_pool_flush().
 */
void etw_pool_flush_hint(struct etw_pool *pool, bool hint)
{
	u64 now = etw_session_clock(pool->session);
	unsigned long flags;
	u32 i;

	for (i = 0; i < pool->nr_streams; i++) {
		struct etw_stream *st = &pool->streams[i];

		etw_stream_lock(st, flags);
		if (st->cur && st->offset > ETL_BUFFER_HEADER_SIZE)
			etw_stream_handover(pool, st, now,
					    ETL_BUFFER_FLAG_FLUSH_MARKER);
		etw_stream_unlock(st, flags);
	}
	etw_fast_flush(pool->session, hint);
}

/*
 * The session stopped and no writer is left (after a grace period):
 * flush what remains and tell the readers nothing more will come.
 */
void etw_pool_stop(struct etw_pool *pool)
{
	struct etw_reader *r;
	unsigned long flags;
	u32 i;

	cancel_delayed_work_sync(&pool->flush_work);
	etw_pool_flush(pool);
	raw_spin_lock_irqsave(&pool->lock, flags);
	for (i = 0; i < pool->nr_streams; i++) {
		struct etw_stream *st = &pool->streams[i];

		if (st->cur) {	/* empty current buffers go back */
			etw_pool_put(pool, st->cur);
			st->cur = NULL;
		}
		/* The collector no longer serves the session. */
		st = pool->fstreams ? &pool->fstreams[i] : NULL;
		if (st && st->cur) {
			etw_pool_put(pool, st->cur);
			st->cur = NULL;
		}
	}
	pool->stopped = true;
	etw_pool_block_update(pool);	/* nobody waits for it any more */
	list_for_each_entry(r, &pool->readers, node)
		etw_reader_notify(pool, r);
	raw_spin_unlock_irqrestore(&pool->lock, flags);
}

/**
 * etw_pool_watermark() - raw time below which every event was handed over
 * @pool:	the pool
 * @now:	session time read before the sweep
 *
 * Writers take their timestamp under the stream lock, so an event not in
 * a sealed buffer when its stream is visited is either in the current
 * buffer (no earlier than first_ts) or will get a later time than @now.
 * The fast path bounds it too (etw_fast_watermark()).
 *
 * Context: process context; may sleep.
 * Return: the watermark, in the session's clock (at most @now).
 */
u64 etw_pool_watermark(struct etw_pool *pool, u64 now)
{
	unsigned long flags;
	u64 wm = now;
	u32 i;

	for (i = 0; i < pool->nr_streams; i++) {
		struct etw_stream *st = &pool->streams[i];

		etw_stream_lock(st, flags);
		if (st->cur && st->offset > ETL_BUFFER_HEADER_SIZE &&
		    st->first_ts < wm)
			wm = st->first_ts;
		etw_stream_unlock(st, flags);
	}
	return etw_fast_watermark(pool->session, now, wm);
}

static void etw_reader_free(struct etw_reader *r)
{
	kvfree(r->ring);
	bitmap_free(r->held);
	bitmap_free(r->fetched);
	kfree(r);
}

/**
 * etw_reader_attach() - a new reader of @pool
 * @pool:	the pool
 * @now:	session time now
 * @kick:	for internal readers (the log file): called, no lock held,
 *		after buffers were queued; NULL for consumers
 * @kick_arg:	its argument
 *
 * The first reader of a session that buffered events without one gets
 * them all (seed 001, rule 15); a reader attaching while another reads
 * gets only what is sealed from now on (rule 16).
 *
 * Return: the reader or an ERR_PTR.
 */
struct etw_reader *etw_reader_attach(struct etw_pool *pool, u64 now,
				     void (*kick)(void *arg), void *kick_arg)
{
	struct etw_reader *r;
	struct etw_buf *b, *tmp;
	unsigned long flags;

	r = kzalloc(sizeof(*r), GFP_KERNEL_ACCOUNT);
	if (!r)
		return ERR_PTR(-ENOMEM);
	r->ring = kvcalloc(pool->nr, sizeof(*r->ring), GFP_KERNEL_ACCOUNT);
	r->held = bitmap_zalloc(pool->nr, GFP_KERNEL_ACCOUNT);
	r->fetched = bitmap_zalloc(pool->nr, GFP_KERNEL_ACCOUNT);
	if (!r->ring || !r->held || !r->fetched) {
		etw_reader_free(r);
		return ERR_PTR(-ENOMEM);
	}
	init_waitqueue_head(&r->wq);
	r->attach_ts = now;
	r->kick = kick;
	r->kick_arg = kick_arg;

	raw_spin_lock_irqsave(&pool->lock, flags);
	if (!kick && pool->nr_consumers >= READ_ONCE(etw_max_consumers)) {
		raw_spin_unlock_irqrestore(&pool->lock, flags);
		etw_reader_free(r);
		return ERR_PTR(-ENOSPC);
	}
	if (!kick && !pool->nr_consumers) {
		r->backlog = true;
		list_for_each_entry_safe(b, tmp, &pool->backlog, node) {
			list_del(&b->node);
			b->in_backlog = false;
			etw_reader_push(pool, r, b);
		}
	}
	list_add_tail(&r->node, &pool->readers);
	pool->nr_readers++;
	if (!kick)
		pool->nr_consumers++;
	raw_spin_unlock_irqrestore(&pool->lock, flags);
	return r;
}

/* Context: pool->lock held. */
static void etw_reader_drop(struct etw_pool *pool, struct etw_reader *r,
			    u32 idx)
{
	struct etw_buf *b = &pool->bufs[idx];

	lockdep_assert_held(&pool->lock);
	__clear_bit(idx, r->held);
	__clear_bit(idx, r->fetched);
	if (--b->refs == 0 && !b->in_backlog)
		etw_pool_put(pool, b);
}

/*
 * The reader went away.  Buffers handed to it but never fetched count
 * as RealTimeBuffersLost; everything it held is released.  It is freed
 * after the pool's wakeup work, which may still be waking it, is done.
 */
void etw_reader_detach(struct etw_pool *pool, struct etw_reader *r)
{
	unsigned long flags;
	u32 idx;

	raw_spin_lock_irqsave(&pool->lock, flags);
	list_del(&r->node);
	pool->nr_readers--;
	if (!r->kick) {
		pool->nr_consumers--;
		pool->rt_buffers_lost += r->head - r->tail;
	}
	for_each_set_bit(idx, r->held, pool->nr)
		etw_reader_drop(pool, r, idx);
	raw_spin_unlock_irqrestore(&pool->lock, flags);
	irq_work_sync(&pool->wake_work);
	etw_reader_free(r);
}

/**
 * etw_reader_release() - give back buffers the reader is done with
 * @pool:	the pool
 * @r:		the reader
 * @idx:	buffer indexes (from user space for consumers), a kernel
 *		array nobody else writes while this runs (the caller's lock)
 * @n:		how many
 *
 * All or nothing: if one index is not a buffer the reader fetched (or
 * comes twice), nothing is released.  A buffer still queued to it is not
 * the reader's to release: freed, it would be refilled and queued again
 * while its first entry is still in the ring.  The first pass checks each
 * index and marks it (clearing its fetched bit catches repeats); the
 * second releases exactly the indexes the first pass checked,
 * bounds-checked again so that no index is used unchecked.
 *
 * Return: 0 or -EINVAL.
 */
int etw_reader_release(struct etw_pool *pool, struct etw_reader *r,
		       const u32 *idx, u32 n)
{
	unsigned long flags;
	u32 i, j, k;

	raw_spin_lock_irqsave(&pool->lock, flags);
	for (i = 0; i < n; i++) {
		k = READ_ONCE(idx[i]);
		if (k >= pool->nr)
			goto bad;
		k = array_index_nospec(k, pool->nr);
		if (!test_bit(k, r->fetched))
			goto bad;
		__clear_bit(k, r->fetched);
	}
	for (i = 0; i < n; i++) {
		k = READ_ONCE(idx[i]);
		if (WARN_ON_ONCE(k >= pool->nr))
			continue;
		k = array_index_nospec(k, pool->nr);
		etw_reader_drop(pool, r, k);
	}
	raw_spin_unlock_irqrestore(&pool->lock, flags);
	return 0;

bad:
	for (j = 0; j < i; j++)	/* undo the first pass */
		__set_bit(array_index_nospec(idx[j], pool->nr), r->fetched);
	raw_spin_unlock_irqrestore(&pool->lock, flags);
	return -EINVAL;
}

/* Fetch up to @max handed-over buffers; *@drained: the queue is empty. */
u32 etw_reader_fetch(struct etw_pool *pool, struct etw_reader *r, u32 *out,
		     u32 max, bool *drained)
{
	unsigned long flags;
	u32 n = 0;

	raw_spin_lock_irqsave(&pool->lock, flags);
	while (n < max && r->tail != r->head) {
		out[n] = r->ring[r->tail % pool->nr];
		__set_bit(out[n++], r->fetched);
		r->tail++;
	}
	*drained = r->tail == r->head;
	raw_spin_unlock_irqrestore(&pool->lock, flags);
	return n;
}

/*
 * Undo the last etw_reader_fetch() of @n buffers, which the reader could
 * not be told about (its list did not reach user space): they are queued
 * again, first.  Only the reader's owner fetches (under its own lock), so
 * nothing else moved the tail meanwhile.
 */
void etw_reader_unfetch(struct etw_pool *pool, struct etw_reader *r, u32 n)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&pool->lock, flags);
	while (n--) {
		r->tail--;
		__clear_bit(r->ring[r->tail % pool->nr], r->fetched);
	}
	raw_spin_unlock_irqrestore(&pool->lock, flags);
}

void etw_pool_stats(struct etw_pool *pool, struct etw_session_info *si)
{
	unsigned long flags;
	u64 written = 0;
	u32 i;

	for (i = 0; i < pool->nr_streams; i++)
		written += READ_ONCE(pool->streams[i].events_written);
	written += atomic64_read(&pool->fast_written);
	raw_spin_lock_irqsave(&pool->lock, flags);
	si->number_of_buffers = pool->nr;
	si->free_buffers = pool->nr_free;
	si->buffers_written = pool->buffers_written;
	si->real_time_buffers_lost = pool->rt_buffers_lost;
	si->log_buffers_lost = pool->log_buffers_lost;
	si->consumers = pool->nr_consumers;
	raw_spin_unlock_irqrestore(&pool->lock, flags);
	si->events_lost = (u32)min_t(u64, atomic64_read(&pool->events_lost),
				     U32_MAX);
	si->events_written = written;
}

/*
 * Buffering mode: take every buffer of the ring, oldest first, so that a
 * snapshot can be written without writers reusing them meanwhile.
 */
u32 etw_pool_take_ring(struct etw_pool *pool, u32 *out)
{
	struct etw_buf *b, *tmp;
	unsigned long flags;
	u32 n = 0;

	raw_spin_lock_irqsave(&pool->lock, flags);
	list_for_each_entry_safe(b, tmp, &pool->ring, node) {
		list_del(&b->node);
		out[n++] = b->index;
	}
	raw_spin_unlock_irqrestore(&pool->lock, flags);
	return n;
}

/* Put them back, in the same order, at the old end of the ring. */
void etw_pool_return_ring(struct etw_pool *pool, const u32 *idx, u32 n)
{
	unsigned long flags;
	u32 i;

	raw_spin_lock_irqsave(&pool->lock, flags);
	for (i = n; i > 0; i--)
		list_add(&pool->bufs[idx[i - 1]].node, &pool->ring);
	raw_spin_unlock_irqrestore(&pool->lock, flags);
}
