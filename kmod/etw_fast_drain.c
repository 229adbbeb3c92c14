// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast path: draining a stage into its session's buffers.
 *
 * A stage is memory its writer can change at any moment, so nothing it
 * says is trusted.  It is read through the module's own mapping (no user
 * access, no fault); head and each record's prefix are read once into
 * kernel memory and checked; a record is copied into the session buffer
 * of its CPU (a buffer taken off the free list, which nobody else reads
 * or writes until it is handed over) and decoded and checked there, by
 * the same reader consumers use; then the fields the writer may not
 * choose are overwritten: process and thread id, provider GUID, CPU
 * times, the private-session flag, the provider traits, and the
 * timestamp, bounded so that stream order and the consumers' watermark
 * hold whatever the writer did.  A record that fails is dropped and
 * counted in EventsLost.  Documentation/design.rst, "The fast path".
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/nospec.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "etw_internal.h"
#include "etw_buffer.h"
#include "etw_fast.h"
#include "etw_trace.h"
#include "shared/etw_etl.h"

#define ETW_DRAIN_BUCKETS	4
#define ETW_DROP		1	/* not wanted by the session: not a loss */

/* The session buffer a drain fills for one CPU. */
struct etw_bucket {
	struct etw_buf *b;
	u32 off;
	u16 cpu;
	bool lost;
};

/**
 * struct etw_drain - one drain of one stage
 * @st:		the stage (locked)
 * @s:		its session
 * @pool:	the session's buffers
 * @now:	the session time at the start: no record is later
 * @wm_max:	the highest watermark given out before @now was read
 * @mono:	a clock that never goes back (QPC, cycles): raise times
 * @private:	a private session (ProcessorTime, PRIVATE_SESSION)
 * @seal_flags:	ETL_BUFFER_FLAG_* of the buffers it hands over
 * @written:	records stored
 * @lost:	records lost (counted in EventsLost)
 * @cpu_times:	the owner thread's CPU times (the EVENT_HEADER form)
 * @slot:	the registration slot of @reg, @ae (a cache, under RCU)
 * @reg:	the registration of the last record, or NULL
 * @ae:		its entry for this session, or NULL
 * @bk:		open buffers, one per CPU met
 * @nbk:	entries of @bk in use
 */
struct etw_drain {
	struct etw_stage *st;
	struct etw_session *s;
	struct etw_pool *pool;
	u64 now;
	u64 wm_max;
	bool mono;
	bool private;
	u16 seal_flags;
	u32 written;
	u32 lost;
	u8 cpu_times[8];
	u32 slot;
	struct etw_reg *reg;
	const struct etw_active_entry *ae;
	struct etw_bucket bk[ETW_DRAIN_BUCKETS];
	u32 nbk;
};

static void etw_bucket_seal(struct etw_drain *d, struct etw_bucket *bk)
{
	if (!bk->b)
		return;
	if (bk->off > ETL_BUFFER_HEADER_SIZE)
		etw_pool_hand_over(d->pool, bk->b, bk->off, d->now,
				   d->seal_flags | (bk->lost ?
				   ETL_BUFFER_FLAG_EVENTS_LOST : 0), bk->cpu);
	else
		etw_pool_give_back(d->pool, bk->b);
	bk->b = NULL;
	bk->lost = false;
}

/*
 * Room for @need bytes in the buffer of @cpu: the records of one CPU go
 * to one buffer until it is full.  With more CPUs than buckets the
 * oldest bucket is sealed and reused.  Return: the bucket, with *@err 0,
 * or with *@err < 0 when no buffer is free (the record is lost).
 */
static struct etw_bucket *etw_bucket_room(struct etw_drain *d, u16 cpu,
					  u32 need, int *err)
{
	struct etw_bucket *bk = NULL;
	u32 i;

	*err = 0;
	for (i = 0; i < d->nbk; i++)
		if (d->bk[i].cpu == cpu)
			bk = &d->bk[i];
	if (!bk) {
		if (d->nbk < ETW_DRAIN_BUCKETS) {
			bk = &d->bk[d->nbk++];
		} else {
			bk = &d->bk[0];
			etw_bucket_seal(d, bk);
		}
		bk->cpu = cpu;
		bk->b = NULL;
		bk->lost = false;
	}
	if (bk->b && bk->off + need <= d->pool->size)
		return bk;
	etw_bucket_seal(d, bk);
	bk->b = etw_pool_take(d->pool, cpu, err);
	bk->off = ETL_BUFFER_HEADER_SIZE;
	if (!bk->b)
		bk->lost = true;
	return bk;
}

/*
 * Copy a record of @need bytes (8-aligned, both ends 8-aligned) out of
 * the stage, a word at a time: each word of memory the writer may change
 * is read once, and small copies stay cheap where a string instruction
 * is not (the ioctl path's etw_copy_block() does the same).
 */
static void etw_copy_words(u8 *dst, const u8 *src, u32 need)
{
	u64 *d = (u64 *)dst;
	const u64 *s = (const u64 *)src;
	u32 i;

	for (i = 0; i < need / 8; i++)
		d[i] = READ_ONCE(s[i]);
}

/* The time a record gets: the writer's, bounded (see the file comment). */
static u64 etw_drain_time(struct etw_drain *d, u64 ts)
{
	struct etw_stage *st = d->st;

	if (d->mono) {
		u64 lo = max3(st->last_ts, d->wm_max, st->cut);

		if (ts < lo)
			ts = lo;
	}
	if (ts > d->now)
		ts = d->now;
	st->last_ts = ts;
	return ts;
}

/* The registration's entry for this session, or NULL.  Context: RCU. */
static const struct etw_active_entry *etw_drain_entry(struct etw_drain *d,
						      struct etw_reg *reg)
{
	struct etw_active *a = rcu_dereference(reg->active);
	u32 i;

	for (i = 0; a && i < a->n; i++)
		if (a->e[i].session == d->s)
			return &a->e[i];
	return NULL;
}

/*
 * The extended items of the EVENT_HEADER64 copy at @h (@size bytes),
 * as etl_record_decode() frames them (etl-format section 3.3): each
 * ItemSize = 8 + DataSize rounded up to 8, inside the record, chained by
 * Linkage; only RELATED_ACTIVITYID (16 bytes), EVENT_SCHEMA_TL and
 * PROV_TRAITS, once each.  The traits the module holds replace the
 * writer's.  Return: 0 or -EINVAL.
 */
static int etw_drain_items(struct etl_event_header *h, u32 size,
			   const u8 *traits, u32 traits_len)
{
	u8 *p = (u8 *)h;
	u32 pos = sizeof(*h), seen = 0;
	struct etl_ext_item *it;

	do {
		if (size - pos < sizeof(*it))
			return -EINVAL;
		it = (void *)(p + pos);
		if (it->item_size != etl_ext_item_size(it->data_size) ||
		    it->item_size > size - pos)
			return -EINVAL;
		switch (it->ext_type) {
		case ETL_EXT_RELATED_ACTIVITYID:
			if (it->data_size != 16)
				return -EINVAL;
			break;
		case ETL_EXT_EVENT_SCHEMA_TL:
			break;
		case ETL_EXT_PROV_TRAITS:
			/* The traits the module holds, never the writer's. */
			if (traits) {
				if (it->data_size != traits_len)
					return -EINVAL;
				memcpy(it + 1, traits, traits_len);
			}
			break;
		default:
			return -EINVAL;
		}
		if (seen & (1U << (it->ext_type & 15)))
			return -EINVAL;
		seen |= 1U << (it->ext_type & 15);
		pos += it->item_size;
	} while (it->linkage & 1);
	if (traits && !(seen & (1U << (ETL_EXT_PROV_TRAITS & 15))))
		return -EINVAL;
	return 0;
}

/*
 * EVENT_HEADER64, the copy at @dst of @size bytes: its frame (the checks
 * etl_record_decode() makes, on the module's aligned copy), the
 * session's own filter (seed 000, rule 15; the event-ID filter;
 * EXCLUDE_INPRIVATE), the extended items, then the fields the module
 * owns.  Context: RCU.
 */
static int etw_drain_event(struct etw_drain *d, struct etw_reg *reg,
			   const struct etw_active_entry *ae,
			   const struct etw_stage_rec *pre, u8 *dst, u32 size)
{
	struct etl_event_header *h = (void *)dst;
	u16 flags = h->flags;
	const u8 *traits;
	int ret;

	if (size < sizeof(*h) || h->size != size ||
	    h->marker_flags != ETL_MARKER_FLAGS ||
	    (flags & ~(ETL_EH_FLAG_EXTENDED_INFO | ETL_EH_FLAG_STRING_ONLY)))
		return -EINVAL;
	/* Pairs with smp_store_release() in etw_set_traits(). */
	traits = smp_load_acquire(&reg->traits);
	if (flags & ETL_EH_FLAG_EXTENDED_INFO) {
		ret = etw_drain_items(h, size, traits,
				      traits ? reg->traits_len : 0);
		if (ret)
			return ret;
	} else if (traits) {
		return -EINVAL;		/* the ioctl path would add them */
	}
	if (!etw_level_kw_pass(&ae->kw, h->level, h->keyword))
		return ETW_DROP;
	if (ae->idf && !etw_id_filter_pass(ae->idf, h->id))
		return ETW_DROP;
	if ((pre->flags & ETW_STAGE_REC_INPRIVATE) &&
	    (ae->props & ETW_PROP_EXCLUDE_INPRIVATE))
		return ETW_DROP;

	h->flags = flags | (d->private ? ETL_EH_FLAG_PRIVATE_SESSION : 0);
	h->event_property = 0;
	h->thread_id = d->st->tid;
	h->process_id = d->st->tgid;
	h->timestamp = etw_drain_time(d, pre->timestamp);
	memcpy(h->provider_id, reg->guid, 16);
	memcpy(dst + offsetof(struct etl_event_header, kernel_time),
	       d->cpu_times, 8);
	return 0;
}

/* FULL_HEADER64 / INSTANCE64 (TraceEvent): a classic registration's. */
static int etw_drain_classic(struct etw_drain *d, struct etw_reg *reg,
			     const struct etw_stage_rec *pre, u8 *dst)
{
	struct etl_full_header *h = (void *)dst;

	if (!(reg->flags & ETW_REG_F_CLASSIC))
		return -EINVAL;
	h->thread_id = d->st->tid;
	h->process_id = d->st->tgid;
	h->timestamp = etw_drain_time(d, pre->timestamp);
	memcpy(dst + offsetof(struct etl_full_header, kernel_time),
	       d->cpu_times, 8);
	return 0;
}

/*
 * MESSAGE (TraceMessage): with its own time, without a sequence number
 * (those are drawn in write order, on the ioctl path).  The header and
 * its optional fields are written again from what was decoded.
 */
static int etw_drain_message(struct etw_drain *d, struct etw_reg *reg,
			     const struct etw_stage_rec *pre,
			     const struct etl_record *rec, u8 *dst)
{
	struct etl_rec_message m = rec->message;
	u16 fl = m.option_flags;

	if (!(reg->flags & ETW_REG_F_CLASSIC) || rec->header_type ||
	    (fl & ~ETW_MSG_FLAGS_MASK) || etl_message_flags_check(fl) ||
	    (fl & ETW_MSG_SEQUENCE) || !(fl & ETW_MSG_TIMESTAMP))
		return -EINVAL;
	etl_message_put_header(dst, rec->size, &m,
			       etw_drain_time(d, pre->timestamp),
			       d->st->tid, d->st->tgid);
	return 0;
}

/*
 * The registration in @slot and its entry for this session, remembered
 * from the last record (most records of a stage are one provider's).
 * Context: RCU, held since the cache was filled (etw_stage_drain()).
 */
static struct etw_reg *etw_drain_reg(struct etw_drain *d, u32 slot,
				     const struct etw_active_entry **ae)
{
	struct etw_reg __rcu **regs = READ_ONCE(d->st->file->regs);

	if (d->reg && d->slot == slot) {
		*ae = d->ae;
		return d->reg;
	}
	slot = array_index_nospec(slot, ETW_MAX_REGS_PER_FD);
	d->slot = slot;
	d->reg = regs ? rcu_dereference(regs[slot]) : NULL;
	d->ae = d->reg ? etw_drain_entry(d, d->reg) : NULL;
	if (!d->ae)
		d->reg = NULL;
	*ae = d->ae;
	return d->reg;
}

/*
 * One staged record: @pre (a kernel copy of its prefix) and its bytes at
 * @src in the stage.
 * Context: RCU (etw_stage_drain() holds it over a batch of records).
 * Return: 0 stored, ETW_DROP (not wanted), or -errno (lost and counted).
 */
static int etw_drain_record(struct etw_drain *d,
			    const struct etw_stage_rec *pre, const u8 *src)
{
	const struct etw_active_entry *ae;
	u32 size = pre->size, need = ETL_ALIGN8(size), i;
	struct etw_bucket *bk;
	struct etl_record rec;
	struct etw_reg *reg;
	const u8 *tguid;	/* what the ioctl path's tracepoints name */
	u16 tp_id = 0;
	u8 *dst;
	int ret;

	if (pre->flags & ~ETW_STAGE_REC_FLAGS_MASK ||
	    pre->slot >= ETW_MAX_REGS_PER_FD)
		return -EINVAL;
	reg = etw_drain_reg(d, pre->slot, &ae);
	if (!reg)
		return ETW_DROP;	/* unregistered, or no longer enabled */
	/* Seed 002, rule 10: it must fit a buffer minus its header. */
	if (need > d->pool->size - ETL_BUFFER_HEADER_SIZE)
		return -EMSGSIZE;
	bk = etw_bucket_room(d, pre->cpu < d->pool->nr_streams ? pre->cpu : 0,
			     need, &ret);
	if (ret)
		return ret;
	dst = bk->b->data + bk->off;
	etw_copy_words(dst, src, need);
	for (i = size; i < need; i++)	/* padding: not the writer's */
		dst[i] = 0;
	/* From here on only the copy is looked at. */
	tguid = reg->guid;
	if (dst[2] == ETL_HEADER_TYPE_EVENT_HEADER64) {
		tp_id = get_unaligned_le16(dst + 0x28);	/* Id */
		ret = etw_drain_event(d, reg, ae, pre, dst, size);
		goto out;
	}
	ret = -EINVAL;
	if (etl_record_decode(bk->b->data, bk->off + need, bk->off, &rec,
			      NULL) || rec.size != size)
		goto out;
	switch (rec.kind) {
	case ETL_REC_FULL_HEADER64:
	case ETL_REC_INSTANCE64:
		if (rec.marker_flags != ETL_MARKER_FLAGS)
			goto out;
		tguid = rec.classic.guid;	/* the event class */
		tp_id = rec.classic.type;
		ret = etw_drain_classic(d, reg, pre, dst);
		break;
	case ETL_REC_MESSAGE:
		if (rec.message.option_flags & ETL_MSG_GUID)
			tguid = rec.message.guid;
		tp_id = rec.message.message_number;
		ret = etw_drain_message(d, reg, pre, &rec, dst);
		break;
	default:
		goto out;
	}
out:
	if (!ret) {
		bk->off += need;
		d->written++;
		/* the ioctl path's tracepoints, for the same records */
		trace_etw_write(d->s->logger_id, tguid, tp_id, size);
	} else if (ret < 0) {
		trace_etw_drop(d->s->logger_id, tguid, tp_id, size, ret);
	}
	return ret;
}

/**
 * etw_stage_drain() - move a stage's committed records to the session
 * @st:		the stage, locked, not closed
 * @how:	ETW_DRAIN_FLUSH (a flush: FLUSH_MARKER), ETW_DRAIN_RESET
 *		(SEAL: the writer waits; start the stage over)
 *
 * Work is bounded by the stage's size; losses are counted.  The buffers
 * are handed over before tail moves, so the watermark (which reads tail)
 * never skips a record that is neither handed over nor pending.
 *
 * Context: st->lock held; process context; may sleep.
 * Return: 0.
 */
int etw_stage_drain(struct etw_stage *st, u32 how)
{
	struct etw_session *s = st->session;
	struct etw_drain d = {
		.st = st,
		.s = s,
		.pool = s->pool,
		.private = etw_session_private(s),
		.mono = s->params.clock_type != ETL_CLOCK_SYSTEM_TIME,
		.seal_flags = how & ETW_DRAIN_FLUSH ?
			      ETL_BUFFER_FLAG_FLUSH_MARKER : 0,
	};
	struct etw_stage_meta *m = st->meta;
	u32 pos = st->tail, end, n = 0, i;
	u64 head;

	lockdep_assert_held(&st->lock);
	/* The owner's CPU times as of this drain (seed 003, rule 14). */
	etw_put_task_cpu_times(d.cpu_times, st->task, d.private);
	/* The watermark given out so far is no later than this "now". */
	d.wm_max = READ_ONCE(s->fast.wm_max);
	smp_rmb();	/* wm_max before the clock: it came from an earlier one */
	d.now = etw_session_clock(s);

	/* Pairs with the writer's store_release of head (uapi contract). */
	head = smp_load_acquire(&m->head);
	if (head > st->data_size || (head & 7) || head < pos) {
		end = pos;	/* head is not one the writer could set */
		d.lost++;
	} else {
		end = head;
	}
	rcu_read_lock();
	while (end - pos >= sizeof(struct etw_stage_rec)) {
		struct etw_stage_rec pre;
		u32 need;

		memcpy(&pre, st->data + pos, sizeof(pre));	/* once */
		need = ETL_ALIGN8(pre.size);
		if (pre.size < ETL_MESSAGE_HEADER_SIZE ||
		    need > end - pos - sizeof(pre)) {
			d.lost++;	/* the rest cannot be framed */
			break;
		}
		if (etw_drain_record(&d, &pre, st->data + pos + sizeof(pre)) < 0)
			d.lost++;
		pos += sizeof(pre) + need;
		if (!(++n & 255)) {
			/* forget the cached registration with RCU */
			d.reg = NULL;
			rcu_read_unlock();
			cond_resched();
			rcu_read_lock();
		}
	}
	rcu_read_unlock();
	for (i = 0; i < d.nbk; i++)
		etw_bucket_seal(&d, &d.bk[i]);
	if (d.lost)
		atomic64_add(d.lost, &d.pool->events_lost);
	if (d.written)
		atomic64_add(d.written, &d.pool->fast_written);

	/* Handed over: only now may the watermark pass these records. */
	if (st->last_ts > st->floor)
		WRITE_ONCE(st->floor, st->last_ts);
	if (how & ETW_DRAIN_RESET)
		end = 0;
	/* The floor and the hand-over before tail: the watermark reads tail. */
	smp_store_release(&st->tail, end);
	if (how & ETW_DRAIN_RESET)
		WRITE_ONCE(m->head, 0);
	WRITE_ONCE(m->tail, st->tail);
	WRITE_ONCE(m->drains, m->drains + 1);
	return 0;
}
