/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Session buffers.  See etw_buffer.c and Documentation/design.rst.
 */
#ifndef _ETW_BUFFER_H
#define _ETW_BUFFER_H

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/types.h>

/**
 * struct etw_buf - one buffer of a session
 * @node:	on the pool's free list or backlog (pool->lock)
 * @index:	position in the area (consumers name buffers by index)
 * @data:	its BufferSize bytes in the area
 */
struct etw_buf {
	struct list_head node;
	u32 index;
	void *data;
};

/**
 * struct etw_stream - one stream of buffers (a CPU, or the only one)
 * @lock:	protects everything below
 * @cur:	buffer being filled, or NULL
 * @offset:	write offset in @cur
 */
struct etw_stream {
	spinlock_t lock;
	struct etw_buf *cur;
	u32 offset;
} ____cacheline_aligned_in_smp;

/**
 * struct etw_pool - the buffers of one session
 * @session:	owner
 * @area:	nr * size bytes, vmalloc_user()
 * @nr:		buffers
 * @size:	bytes per buffer
 * @bufs:	per-buffer state
 * @streams:	nr_streams streams
 * @nr_streams:	CPUs, or 1 with EVENT_TRACE_NO_PER_PROCESSOR_BUFFERING
 * @lock:	free list, counters below
 * @free:	free buffers
 * @nr_free:	buffers on @free
 * @buffers_written: buffers handed over
 * @rt_buffers_lost: RealTimeBuffersLost
 * @log_buffers_lost: LogBuffersLost
 * @events_lost: EventsLost
 * @events_written: events stored
 */
struct etw_pool {
	struct etw_session *session;
	void *area;
	u32 nr;
	u32 size;
	struct etw_buf *bufs;
	struct etw_stream *streams;
	u32 nr_streams;
	spinlock_t lock;
	struct list_head free;
	u32 nr_free;
	u32 buffers_written;
	u32 rt_buffers_lost;
	u32 log_buffers_lost;
	atomic64_t events_lost;
	atomic64_t events_written;
};

#endif /* _ETW_BUFFER_H */
