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
 * EVENT_HEADER64: the session's own filter (seed 000, rule 15; the
 * event-ID filter; EXCLUDE_INPRIVATE), the extended items, then the
 * fields the module owns.  Context: RCU.
 */
static int etw_drain_event(struct etw_drain *d, struct etw_reg *reg,
			   const struct etw_active_entry *ae,
			   const struct etw_stage_rec *pre,
			   const struct etl_record *rec, u8 *dst)
{
	const struct etl_rec_event *ev = &rec->event;
	struct etl_event_header *h = (void *)dst;
	const u8 *traits;
	struct etl_ext_iter it;
	struct etl_ext item;
	u32 seen = 0, traits_len;
	int rc;

	if (ev->flags & ~(ETL_EH_FLAG_EXTENDED_INFO | ETL_EH_FLAG_STRING_ONLY))
		return -EINVAL;
	if (!etw_level_kw_pass(&ae->kw, ev->level, ev->keyword))
		return ETW_DROP;
	if (ae->idf && !etw_id_filter_pass(ae->idf, ev->id))
		return ETW_DROP;
	if ((pre->flags & ETW_STAGE_REC_INPRIVATE) &&
	    (ae->props & ETW_PROP_EXCLUDE_INPRIVATE))
		return ETW_DROP;

	/* Pairs with smp_store_release() in etw_set_traits(). */
	traits = smp_load_acquire(&reg->traits);
	traits_len = traits ? reg->traits_len : 0;
	etl_ext_iter_init(&it, rec);
	while ((rc = etl_ext_next(&it, &item)) > 0) {
		u32 bit = 1U << (item.ext_type & 15);

		if (seen & bit)
			return -EINVAL;
		seen |= bit;
		switch (item.ext_type) {
		case ETL_EXT_RELATED_ACTIVITYID:
			if (item.data_size != 16)
				return -EINVAL;
			break;
		case ETL_EXT_EVENT_SCHEMA_TL:
			break;
		case ETL_EXT_PROV_TRAITS:
			/* The traits the module holds, never the writer's. */
			if (traits) {
				if (item.data_size != traits_len)
					return -EINVAL;
				memcpy(dst + item.offset +
				       sizeof(struct etl_ext_item), traits,
				       traits_len);
			}
			break;
		default:
			return -EINVAL;
		}
	}
	if (rc < 0)
		return -EINVAL;
	if (traits && !(seen & (1U << (ETL_EXT_PROV_TRAITS & 15))))
		return -EINVAL;

	h->flags = ev->flags | (d->private ? ETL_EH_FLAG_PRIVATE_SESSION : 0);
	h->event_property = 0;
	h->thread_id = d->st->tid;
	h->process_id = d->st->tgid;
	h->timestamp = etw_drain_time(d, pre->timestamp);
	memcpy(h->provider_id, reg->guid, 16);
	etw_put_task_cpu_times((u8 *)&h->kernel_time, d->st->task, d->private);
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
	etw_put_task_cpu_times((u8 *)&h->kernel_time, d->st->task, d->private);
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
 * One staged record: @pre (a kernel copy of its prefix) and its bytes at
 * @src in the stage.
 * Return: 0 stored, ETW_DROP (not wanted), or -errno (lost and counted).
 */
static int etw_drain_record(struct etw_drain *d,
			    const struct etw_stage_rec *pre, const u8 *src)
{
	struct etw_reg __rcu **regs = READ_ONCE(d->st->file->regs);
	const struct etw_active_entry *ae;
	u32 size = pre->size, need = ETL_ALIGN8(size), slot = pre->slot;
	struct etw_bucket *bk;
	struct etl_record rec;
	struct etw_reg *reg;
	u8 *dst;
	int ret;

	if (pre->flags & ~ETW_STAGE_REC_FLAGS_MASK ||
	    slot >= ETW_MAX_REGS_PER_FD || !regs)
		return -EINVAL;
	slot = array_index_nospec(slot, ETW_MAX_REGS_PER_FD);
	rcu_read_lock();
	reg = rcu_dereference(regs[slot]);
	ae = reg ? etw_drain_entry(d, reg) : NULL;
	ret = ETW_DROP;		/* unregistered, or no longer enabled */
	if (!ae)
		goto out;
	/* Seed 002, rule 10: it must fit a buffer minus its header. */
	ret = -EMSGSIZE;
	if (need > d->pool->size - ETL_BUFFER_HEADER_SIZE)
		goto out;
	bk = etw_bucket_room(d, pre->cpu < d->pool->nr_streams ? pre->cpu : 0,
			     need, &ret);
	if (ret)
		goto out;
	dst = bk->b->data + bk->off;
	memcpy(dst, src, size);
	memset(dst + size, 0, need - size);
	/* From here on only the copy is looked at. */
	ret = -EINVAL;
	if (etl_record_decode(bk->b->data, bk->off + need, bk->off, &rec,
			      NULL) || rec.size != size)
		goto out;
	switch (rec.kind) {
	case ETL_REC_EVENT_HEADER64:
		if (rec.marker_flags != ETL_MARKER_FLAGS)
			goto out;
		ret = etw_drain_event(d, reg, ae, pre, &rec, dst);
		break;
	case ETL_REC_FULL_HEADER64:
	case ETL_REC_INSTANCE64:
		if (rec.marker_flags != ETL_MARKER_FLAGS)
			goto out;
		ret = etw_drain_classic(d, reg, pre, dst);
		break;
	case ETL_REC_MESSAGE:
		ret = etw_drain_message(d, reg, pre, &rec, dst);
		break;
	default:
		goto out;
	}
	if (!ret) {
		bk->off += need;
		d->written++;
	}
out:
	rcu_read_unlock();
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
		if (!(++n & 63))
			cond_resched();
	}
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
