/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Session buffers.  See etw_buffer.c and Documentation/design.rst.
 *
 * A buffer is FREE (on pool->free), CURRENT (a stream writes into it),
 * HANDED OVER (readers hold it: refs > 0), or, when no reader exists,
 * BACKLOG (real time: waiting for the first consumer) or RING (buffering
 * mode: the newest buffers, reused oldest first).
 */
#ifndef _ETW_BUFFER_H
#define _ETW_BUFFER_H

#include <linux/atomic.h>
#include <linux/irq_work.h>
#include <linux/list.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "etw_umem.h"

struct etw_session;

/**
 * struct etw_buf - one buffer of a session
 * @node:	on pool->free, pool->backlog or pool->ring (pool->lock)
 * @index:	position in the area (consumers name buffers by index)
 * @refs:	readers that hold it (pool->lock)
 * @in_backlog:	on pool->backlog, waiting for the first consumer; counts
 *		like a reference (pool->lock)
 * @data:	its BufferSize bytes in the area
 */
struct etw_buf {
	struct list_head node;
	u32 index;
	u32 refs;
	bool in_backlog;
	void *data;
};

/**
 * struct etw_stream - one stream of buffers (a CPU, or the only one)
 * @lock:	protects everything below; a raw spinlock taken with
 *		interrupts off (etw_stream_lock()), because the kernel's own
 *		events (etw_kwrite.c) are written from tracepoints in any
 *		context up to hard interrupts, also on PREEMPT_RT
 * @id:		stream number (ProcessorIndex in the buffer header)
 * @cur:	buffer being filled, or NULL
 * @offset:	write offset in @cur (>= 72)
 * @first_ts:	timestamp of the first event in @cur
 * @last_ts:	a fast stream's: the key of the last record copied into
 *		@cur, its TimeStamp when sealed (etw_fstream_seal())
 * @lost:	events were lost since @cur was sealed last
 * @events_written: events stored through this stream
 */
struct etw_stream {
	raw_spinlock_t lock;
	u32 id;
	struct etw_buf *cur;
	u32 offset;
	u64 first_ts;
	u64 last_ts;
	bool lost;
	u64 events_written;
} ____cacheline_aligned_in_smp;

/**
 * struct etw_reader - who buffers are handed over to: a real-time
 * consumer, or the log-file writer
 * @node:	on pool->readers (pool->lock)
 * @ring:	hand-over queue of buffer indexes, pool->nr entries
 * @head:	next slot the pool fills (pool->lock)
 * @tail:	next slot the reader fetches (pool->lock)
 * @held:	bitmap of buffers queued or handed to this reader, not yet
 *		released (each holds a reference)
 * @fetched:	bitmap of those it fetched: the only ones it may release
 *		(a queued one released would be reused while still queued,
 *		and handed over twice)
 * @wq:		the reader waits here
 * @attach_ts:	session time at attach
 * @backlog:	this reader received the backlog
 * @kick:	called when buffers were queued (from the pool's irq_work,
 *		no lock held); NULL for consumers, which are woken through
 *		@wq instead
 * @kick_arg:	its argument
 * @wake:	buffers were queued since the last wakeup (pool->lock)
 */
struct etw_reader {
	struct list_head node;
	u32 *ring;
	u32 head;
	u32 tail;
	unsigned long *held;
	unsigned long *fetched;
	wait_queue_head_t wq;
	u64 attach_ts;
	bool backlog;
	void (*kick)(void *arg);
	void *kick_arg;
	bool wake;
};

/**
 * struct etw_pool - the buffers of one session
 * @session:	owner
 * @mem:	the pages of the buffers (whole pages: nr * size rounded up)
 * @area:	their kernel address, nr * size bytes used
 * @nr:		buffers
 * @size:	bytes per buffer
 * @bufs:	per-buffer state
 * @streams:	nr_streams streams
 * @fstreams:	nr_streams fast streams, filled only by the fast path's
 *		collector under etw_collect_mutex (their @lock is unused);
 *		NULL with a single stream
 * @nr_streams:	CPUs, or 1 with EVENT_TRACE_NO_PER_PROCESSOR_BUFFERING
 * @buffering:	EVENT_TRACE_BUFFERING_MODE: reuse the oldest buffer
 * @lock:	lists, readers and counters below; raw, interrupts off
 *		(nests inside a stream lock, which kernel events take in
 *		any context)
 * @free:	free buffers
 * @nr_free:	buffers on @free
 * @backlog:	sealed buffers no reader took yet (real time)
 * @ring:	sealed buffers kept in buffering mode
 * @readers:	consumers and the log-file writer
 * @nr_readers:	entries on @readers
 * @nr_consumers: real-time consumers among them
 * @seq:	sequence number of the next sealed buffer
 * @stopped:	the session stopped; the last buffers were handed over
 * @buffers_written: buffers sealed and handed over
 * @rt_buffers_lost: RealTimeBuffersLost
 * @log_buffers_lost: LogBuffersLost
 * @events_lost: EventsLost (atomic: losses come from any path)
 * @fast_written: events stored by the fast path's collector
 * @flush_work:	the FlushTimer
 * @wake_work:	wakes readers and kicks the log file after buffers were
 *		handed over; nothing that wakes a task runs under a stream
 *		or pool lock (a writer may be a scheduler tracepoint that
 *		holds a run-queue lock)
 */
struct etw_pool {
	struct etw_session *session;
	struct etw_umem mem;
	void *area;
	u32 nr;
	u32 size;
	struct etw_buf *bufs;
	struct etw_stream *streams;
	struct etw_stream *fstreams;
	u32 nr_streams;
	bool buffering;
	raw_spinlock_t lock;
	struct list_head free;
	u32 nr_free;
	struct list_head backlog;
	struct list_head ring;
	struct list_head readers;
	u32 nr_readers;
	u32 nr_consumers;
	u64 seq;
	bool stopped;
	u32 buffers_written;
	u32 rt_buffers_lost;
	u32 log_buffers_lost;
	atomic64_t events_lost;
	atomic64_t fast_written;
	struct delayed_work flush_work;
	struct irq_work wake_work;
};

/*
 * Stream locks: raw, interrupts off, and counted per CPU so that a kernel
 * event raised while this CPU holds a stream lock (a tracepoint reached
 * from inside a writer) is dropped instead of deadlocking.
 */
DECLARE_PER_CPU(unsigned int, etw_stream_depth);

#define etw_stream_lock(st, flags)					\
	do {								\
		raw_spin_lock_irqsave(&(st)->lock, flags);		\
		__this_cpu_inc(etw_stream_depth);			\
	} while (0)

#define etw_stream_unlock(st, flags)					\
	do {								\
		__this_cpu_dec(etw_stream_depth);			\
		raw_spin_unlock_irqrestore(&(st)->lock, flags);		\
	} while (0)

/* Writers: reserve @need bytes on @st, sealing and replacing a full buffer. */
void *etw_stream_reserve(struct etw_pool *pool, struct etw_stream *st,
			 u32 need, u64 ts, int *err);
void etw_pool_flush(struct etw_pool *pool);
void etw_pool_block_update(struct etw_pool *pool);
void etw_pool_flush_hint(struct etw_pool *pool, bool hint);
/* The fast path's collector (etw_collect.c). */
struct etw_buf *etw_pool_take(struct etw_pool *pool, u16 cpu, int *err);
void etw_pool_hand_over(struct etw_pool *pool, struct etw_buf *b, u32 filled,
			u64 now, u16 flags, u32 stream);
void etw_pool_give_back(struct etw_pool *pool, struct etw_buf *b);
void etw_pool_stop(struct etw_pool *pool);
void etw_pool_start(struct etw_pool *pool);

struct etw_reader *etw_reader_attach(struct etw_pool *pool, u64 now,
				     void (*kick)(void *arg), void *kick_arg);
u32 etw_pool_take_ring(struct etw_pool *pool, u32 *out);
void etw_pool_return_ring(struct etw_pool *pool, const u32 *idx, u32 n);
void etw_reader_detach(struct etw_pool *pool, struct etw_reader *r);
int etw_reader_release(struct etw_pool *pool, struct etw_reader *r,
		       const u32 *idx, u32 n);
u32 etw_reader_fetch(struct etw_pool *pool, struct etw_reader *r, u32 *out,
		     u32 max, bool *drained);
void etw_reader_unfetch(struct etw_pool *pool, struct etw_reader *r, u32 n);
u64 etw_pool_watermark(struct etw_pool *pool, u64 now);

#endif /* _ETW_BUFFER_H */
