// SPDX-License-Identifier: GPL-2.0-only
/*
 * Session buffers: BufferSize bytes each, a 72-byte WMI_BUFFER_HEADER at
 * the start of every one (seed 002, rule 10), allocated when the session
 * starts as one vmalloc_user() area so that real-time consumers can map
 * all of it read-only.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "etw_internal.h"
#include "etw_buffer.h"
#include "shared/etw_etl.h"

struct etw_pool *etw_pool_create(struct etw_session *s)
{
	struct etw_pool *pool;
	u32 i;

	pool = kzalloc(sizeof(*pool), GFP_KERNEL);
	if (!pool)
		return ERR_PTR(-ENOMEM);
	pool->session = s;
	pool->nr = s->params.nr_buffers;
	pool->size = s->params.buffer_size_kb * 1024;
	pool->nr_streams = s->params.nr_streams;
	spin_lock_init(&pool->lock);
	INIT_LIST_HEAD(&pool->free);

	pool->area = vmalloc_user((size_t)pool->nr * pool->size);
	pool->bufs = kvcalloc(pool->nr, sizeof(*pool->bufs), GFP_KERNEL);
	pool->streams = kvcalloc(pool->nr_streams, sizeof(*pool->streams),
				 GFP_KERNEL);
	if (!pool->area || !pool->bufs || !pool->streams) {
		etw_pool_destroy(pool);
		return ERR_PTR(-ENOMEM);
	}
	for (i = 0; i < pool->nr; i++) {
		struct etw_buf *b = &pool->bufs[i];

		b->index = i;
		b->data = pool->area + (size_t)i * pool->size;
		etl_buffer_init(b->data, pool->size, 0, 0,
				ETL_BUFFER_TYPE_GENERIC);
		list_add_tail(&b->node, &pool->free);
	}
	pool->nr_free = pool->nr;
	for (i = 0; i < pool->nr_streams; i++)
		spin_lock_init(&pool->streams[i].lock);
	return pool;
}

void etw_pool_destroy(struct etw_pool *pool)
{
	if (!pool)
		return;
	vfree(pool->area);
	kvfree(pool->bufs);
	kvfree(pool->streams);
	kfree(pool);
}

void etw_pool_stats(struct etw_pool *pool, struct etw_session_info *si)
{
	unsigned long flags;

	spin_lock_irqsave(&pool->lock, flags);
	si->number_of_buffers = pool->nr;
	si->free_buffers = pool->nr_free;
	si->buffers_written = pool->buffers_written;
	si->real_time_buffers_lost = pool->rt_buffers_lost;
	si->log_buffers_lost = pool->log_buffers_lost;
	spin_unlock_irqrestore(&pool->lock, flags);
	si->events_lost = (u32)min_t(u64, atomic64_read(&pool->events_lost),
				     U32_MAX);
	si->events_written = atomic64_read(&pool->events_written);
}
