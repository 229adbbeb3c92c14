// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast path's collector: moves the committed records of every stage
 * into the fast streams of the sessions they are for, merged by time,
 * one copy per run and session, checked and patched in the copy
 * (kmod/shared/etw_runs.c).  It runs from a worker every collect_ms
 * while stages take records, in a writer's STAGE_SEAL, at flushes, before
 * enable changes and at a file's release; and it retires idle stages,
 * frees those their writers left (etw_fast.c).  The sessions' fast
 * streams are in etw_fstream.c, blocking in etw_block.c.
 * Documentation/design.rst, "The fast path".
 *
 * Locking: etw_collect_mutex protects the list of stages, each stage's
 * collector fields, the table of served sessions, the sessions' fast
 * streams (pool->fstreams) and fast state, and the scratch arrays.
 * Registrations and their active lists are read under RCU.  Order:
 * etw_lock -> etw_collect_mutex -> pool->lock.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/moduleparam.h>
#include <linux/nospec.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "etw_internal.h"
#include "etw_buffer.h"
#include "etw_collect.h"
#include "etw_trace.h"
#include "shared/etw_etl.h"

static unsigned int etw_collect_interval_ms = 100;
module_param_named(collect_ms, etw_collect_interval_ms, uint, 0644);
MODULE_PARM_DESC(collect_ms,
		 "Milliseconds between two collects of the stages while they take records (10..1000)");

/* Runs one collect may plan (48 bytes each); more wait for the next. */
#define ETW_COLLECT_MAX_RUNS	65536

DEFINE_MUTEX(etw_collect_mutex);
LIST_HEAD(etw_collect_stages);

struct etw_collector etw_col;

static struct workqueue_struct *etw_collect_wq;

unsigned int etw_collect_ms(void)
{
	return clamp_val(READ_ONCE(etw_collect_interval_ms), 10, 1000);
}

/* --- scratch -------------------------------------------------------------- */

static void etw_collect_scratch_free(void)
{
	kvfree(etw_col.runs);
	kvfree(etw_col.heap);
	kvfree(etw_col.gpos);
	kvfree(etw_col.gleft);
	kvfree(etw_col.gneed);
	kvfree(etw_col.gkey);
	kvfree(etw_col.gprev);
	etw_col.runs = NULL;
	etw_col.heap = etw_col.gpos = etw_col.gleft = etw_col.gneed = NULL;
	etw_col.gkey = etw_col.gprev = NULL;
	etw_col.cap = 0;
}

/* Room for @want runs (doubling); false when it cannot grow. */
static bool etw_collect_grow_runs(u32 want)
{
	u32 cap = etw_col.cap ? etw_col.cap : 256;
	struct etw_run *runs;

	if (want <= etw_col.cap)
		return true;
	while (cap < want)
		cap *= 2;
	if (cap > ETW_COLLECT_MAX_RUNS)
		return false;
	runs = kvmalloc_array(cap, sizeof(*runs), GFP_KERNEL);
	if (!runs)
		return false;
	if (etw_col.runs)
		memcpy(runs, etw_col.runs, etw_col.cap * sizeof(*runs));
	kvfree(etw_col.runs);
	etw_col.runs = runs;
	kvfree(etw_col.heap);
	kvfree(etw_col.gpos);
	kvfree(etw_col.gleft);
	kvfree(etw_col.gneed);
	kvfree(etw_col.gkey);
	kvfree(etw_col.gprev);
	etw_col.heap = kvmalloc_array(cap, sizeof(u32), GFP_KERNEL);
	etw_col.gpos = kvmalloc_array(cap, sizeof(u32), GFP_KERNEL);
	etw_col.gleft = kvmalloc_array(cap, sizeof(u32), GFP_KERNEL);
	etw_col.gneed = kvmalloc_array(cap, sizeof(u32), GFP_KERNEL);
	etw_col.gkey = kvmalloc_array(cap, sizeof(u64), GFP_KERNEL);
	etw_col.gprev = kvmalloc_array(cap, sizeof(u64), GFP_KERNEL);
	if (!etw_col.heap || !etw_col.gpos || !etw_col.gleft || !etw_col.gneed || !etw_col.gkey ||
	    !etw_col.gprev) {
		/* Keep the runs; the merge scratch is back to none. */
		etw_col.cap = 0;
		kvfree(etw_col.heap);
		kvfree(etw_col.gpos);
		kvfree(etw_col.gleft);
		kvfree(etw_col.gneed);
		kvfree(etw_col.gkey);
		kvfree(etw_col.gprev);
		etw_col.heap = etw_col.gpos = etw_col.gleft = etw_col.gneed = NULL;
		etw_col.gkey = etw_col.gprev = NULL;
		return false;
	}
	etw_col.cap = cap;
	return true;
}

/* Room for @want planned stages. */
static bool etw_collect_grow_stages(u32 want)
{
	u32 cap = etw_col.scap ? etw_col.scap : 64;
	struct etw_stage **stages;
	struct etw_ring *rings;

	if (want <= etw_col.scap)
		return true;
	while (cap < want)
		cap *= 2;
	stages = kvmalloc_array(cap, sizeof(*stages), GFP_KERNEL);
	rings = kvmalloc_array(cap, sizeof(*rings), GFP_KERNEL);
	if (!stages || !rings) {
		kvfree(stages);
		kvfree(rings);
		return false;
	}
	if (etw_col.scap) {
		memcpy(stages, etw_col.stages, etw_col.scap * sizeof(*stages));
		memcpy(rings, etw_col.rings, etw_col.scap * sizeof(*rings));
	}
	kvfree(etw_col.stages);
	kvfree(etw_col.rings);
	etw_col.stages = stages;
	etw_col.rings = rings;
	etw_col.scap = cap;
	return true;
}

/* --- resolving registrations ------------------------------------------------ */

/**
 * struct etw_emit - one session's copy of one piece
 * @s:		the session
 * @st:		the stage the piece comes from
 */
struct etw_emit {
	struct etw_session *s;
	struct etw_stage *st;
};

/* etw_slot_fn for etw_collect_check().  Context: RCU. */
static bool etw_emit_slot(void *ctx, u32 slot, struct etw_slot_view *v)
{
	struct etw_emit *e = ctx;
	struct etw_reg __rcu **regs = READ_ONCE(e->st->file->regs);
	struct etw_active *a;
	struct etw_reg *reg;
	u32 i;

	if (!regs || slot >= ETW_MAX_REGS_PER_FD)
		return false;
	reg = rcu_dereference(regs[array_index_nospec(slot,
						      ETW_MAX_REGS_PER_FD)]);
	if (!reg)
		return false;
	memset(v, 0, sizeof(*v));
	v->guid = reg->guid;
	/* Pairs with smp_store_release() in etw_set_traits(). */
	v->traits = smp_load_acquire(&reg->traits);
	v->traits_len = v->traits ? reg->traits_len : 0;
	v->classic = reg->flags & ETW_REG_F_CLASSIC;
	a = rcu_dereference(reg->active);
	for (i = 0; a && i < a->n; i++) {
		if (a->e[i].session == e->s) {
			v->kw = &a->e[i].kw;
			v->idf = a->e[i].idf;
			v->props = a->e[i].props;
			break;
		}
	}
	return true;
}

static const u8 etw_null_guid[16];

/* etw_drop_fn: the ioctl path's drop tracepoint, for the same records. */
static void etw_emit_drop(void *ctx, const u8 *rec, int err)
{
	struct etw_emit *e = ctx;

	trace_etw_drop(e->s->logger_id, etw_null_guid,
		       rec[2] == ETL_HEADER_TYPE_EVENT_HEADER64 ?
		       get_unaligned_le16(rec + 0x28) : rec[4],
		       get_unaligned_le16(rec), err);
}

/* The ioctl path's write tracepoint for the records now in @p..@end. */
static void etw_emit_trace(u16 logger_id, const u8 *p, const u8 *end)
{
	while (p < end) {
		u32 size = get_unaligned_le16(p);

		if (p[2] == ETL_HEADER_TYPE_EVENT_HEADER64)
			trace_etw_write(logger_id, p + 0x18,
					get_unaligned_le16(p + 0x28), size);
		else
			trace_etw_write(logger_id, p + 0x18, p[4], size);
		p += ETL_ALIGN8(size);
	}
}

/* --- what a stage loses ------------------------------------------------------ */

/*
 * Was the record at @pk for @s: its stash names @s and its slot a
 * registration of @st's file that @s enables?  Only then is its loss
 * @s's: a stage's claims about other sessions charge them nothing.
 * Context: etw_collect_mutex and RCU held.
 */
static bool etw_rec_for(struct etw_stage *st, struct etw_session *s,
			const struct etw_peek *pk)
{
	struct etw_emit e = { .s = s, .st = st };
	struct etw_slot_view v;

	return (pk->sessions & (1ULL << (s->logger_id - 1))) &&
	       etw_emit_slot(&e, get_unaligned_le16(st->data +
			ETW_STAGE_POS_OFF(pk->pos) + ETW_STASH_SLOT), &v) &&
	       v.kw;
}

/*
 * The records of @st from @from to @end that were @s's, as the ring
 * frames them now (a copy that stopped framing: what still frames).
 * Context: etw_collect_mutex and RCU held.
 */
static u32 etw_lost_for(struct etw_stage *st, struct etw_session *s,
			u64 from, u64 end)
{
	struct etw_ring r = { .data = st->data, .size = st->data_size };
	struct etw_peek pk;
	u32 n = 0;

	while (etw_ring_peek(&r, from, end, &pk) > 0) {
		n += etw_rec_for(st, s, &pk);
		from = etw_peek_next(&pk);
	}
	return n;
}

/* The owner's CPU times in the form @s wants, read once per collect. */
static u64 etw_stage_times(struct etw_stage *st, bool private)
{
	if (!st->have_times) {
		etw_put_task_cpu_times((u8 *)&st->times[0], st->task, false);
		etw_put_task_cpu_times((u8 *)&st->times[1], st->task, true);
		st->have_times = true;
	}
	return st->times[private];
}

/**
 * etw_emit_piece() - copy one piece into one session's fast stream
 * @s:		a served session the piece is for
 * @st:		its stage
 * @pc:		the piece
 *
 * One copy per buffer the piece fills (usually one), checked and patched
 * in the copy.  Records that find no buffer are lost and counted.
 *
 * Context: etw_collect_mutex held; takes RCU.
 */
static void etw_emit_piece(struct etw_session *s, struct etw_stage *st,
			   const struct etw_piece *pc)
{
	struct etw_pool *pool = s->pool;
	u16 cpu = pc->run->cpu < pool->nr_streams ? pc->run->cpu : 0;
	struct etw_stream *fs = &pool->fstreams[cpu];
	struct etw_emit e = { .s = s, .st = st };
	struct etw_patch p = {
		.tid = st->tid,
		.pid = st->tgid,
		.sessbit = 1ULL << (s->logger_id - 1),
		.cpu = pc->run->cpu,
		.private = etw_session_private(s),
		.slot = etw_emit_slot,
		.drop = etw_emit_drop,
		.ctx = &e,
	};
	u32 done = 0, kept = 0, lost = 0, size = pool->size;
	u64 lo = pc->lo, from = etw_pos(ETW_STAGE_POS_LAP(pc->run->pos), pc->off);
	struct etw_check res;

	p.cpu_times = etw_stage_times(st, p.private);
	rcu_read_lock();
	while (done < pc->len) {
		u32 n, at;
		u8 *dst;

		if (!etw_fstream_room(s, fs) && !etw_fstream_wait(s, fs)) {
			lost += etw_lost_for(st, s, from + done, from + pc->len);
			fs->lost = true;
			break;
		}
		at = fs->offset;
		dst = (u8 *)fs->cur->data + at;
		n = min(size - at, pc->len - done);
		memcpy(dst, st->data + pc->off + done, n);
		etw_collect_check(dst, n, n < pc->len - done, lo, pc->hi, &p,
				  &res);
		if (res.kept && at == ETL_BUFFER_HEADER_SIZE)
			fs->first_ts = get_unaligned_le64(dst + 0x10);
		if (res.kept && trace_etw_write_enabled())
			etw_emit_trace(s->logger_id, dst, dst + res.used);
		fs->offset += res.used;
		done += res.src;
		kept += res.kept;
		lost += res.lost;
		lo = res.key;
		if (res.desync) {
			lost += etw_lost_for(st, s, from + done, from + pc->len);
			break;
		}
		if (res.src)
			continue;
		if (at > ETL_BUFFER_HEADER_SIZE) {
			/* The next record wants a buffer of its own. */
			etw_fstream_seal(s, fs, 0);
			continue;
		}
		/* Too large for a whole buffer (seed 002, rule 10): lost. */
		n = ETL_ALIGN8(get_unaligned_le16(dst));
		if (n < ETW_REC_MIN || n > pc->len - done) {
			lost += etw_lost_for(st, s, from + done, from + pc->len);
			break;
		}
		lost += etw_lost_for(st, s, from + done, from + done + n);
		done += n;
	}
	rcu_read_unlock();
	if (kept)
		atomic64_add(kept, &pool->fast_written);
	if (lost) {
		atomic64_add(lost, &pool->events_lost);
		fs->lost = true;
	}
}

/* --- counting what a stage loses -------------------------------------------- */

/*
 * The records of @st from @from to @end are lost: count each in the
 * served sessions it was for (etw_rec_for()).
 * Context: etw_collect_mutex held.
 */
static void etw_count_lost(struct etw_stage *st, u64 from, u64 end)
{
	struct etw_ring r = { .data = st->data, .size = st->data_size };
	struct etw_peek pk;
	u32 n = 0;

	while (etw_ring_peek(&r, from, end, &pk) > 0) {
		u64 bits = pk.sessions;

		rcu_read_lock();
		while (bits) {
			u32 id = __ffs64(bits) + 1;
			struct etw_session *s = etw_col.sess[id];

			bits &= bits - 1;
			if (s && etw_rec_for(st, s, &pk))
				atomic64_inc(&s->pool->events_lost);
		}
		rcu_read_unlock();
		from = etw_peek_next(&pk);
		if (!(++n & 255))
			cond_resched();
	}
}

/**
 * etw_collect_drop_stage() - give up what a stage still holds
 * @st:		the stage
 *
 * Its committed records are counted lost and tail moves past them, so
 * that its writer can go on (STAGE_SEAL with a ring full of records from
 * the future) or the stage can be freed (its file is going).
 *
 * Context: etw_collect_mutex held.
 */
void etw_collect_drop_stage(struct etw_stage *st)
{
	struct etw_ring r = { .data = st->data, .size = st->data_size };
	u64 end = READ_ONCE(st->meta->head) & ~7ULL;

	lockdep_assert_held(&etw_collect_mutex);
	if (st->retired || !etw_ring_head_ok(&r, st->tail, end))
		return;
	etw_count_lost(st, st->tail, end);
	st->tail = end;
	WRITE_ONCE(st->meta->tail, end);
}

/**
 * etw_collect_room() - has the writer of @st room for @need bytes?
 * @st:		the stage
 * @need:	bytes
 *
 * As the writer computes it (uapi): to the end of the ring while tail is
 * in the writer's lap, else to tail's offset; a wrap to the next lap
 * needs @need bytes before tail's offset.
 *
 * Context: etw_collect_mutex held.
 */
bool etw_collect_room(struct etw_stage *st, u32 need)
{
	struct etw_ring r = { .data = st->data, .size = st->data_size };
	u64 head = READ_ONCE(st->meta->head) & ~7ULL;
	u32 hl = ETW_STAGE_POS_LAP(head), ho = ETW_STAGE_POS_OFF(head);
	u32 tl = ETW_STAGE_POS_LAP(st->tail), to = ETW_STAGE_POS_OFF(st->tail);

	if (st->retired || !etw_ring_head_ok(&r, st->tail, head))
		return true;	/* nothing the module could do */
	if (hl == tl)
		return need <= st->data_size - ho || need <= to;
	return need <= to - ho;
}

/* --- the collect ------------------------------------------------------------------- */

/*
 * Lower the plan to @cut: runs (in planning order, each stage's in ring
 * order) with keys above it shrink or go, and each stage's "take" ends
 * where its kept records end.
 */
static u32 etw_collect_trim(u32 nruns, u64 cut)
{
	u32 i, n = 0;

	for (i = 0; i < nruns; i++) {
		struct etw_run *run = &etw_col.runs[i];
		struct etw_stage *st = etw_col.stages[run->stage];

		if (run->last_key > cut) {
			if (run->first_key <= cut)
				etw_run_trim(&etw_col.rings[run->stage], run, cut);
			else
				run->count = 0;
			if (!st->trimmed) {
				st->trimmed = true;
				st->take = run->count ? run->pos + run->len :
							run->pos;
				st->take_key = run->count ? run->last_key :
							    st->take_key;
			}
			if (!run->count)
				continue;
		} else if (!st->trimmed) {
			st->take_key = run->last_key;
		}
		etw_col.runs[n++] = *run;
	}
	return n;
}

/**
 * etw_collect() - one collect: every stage's committed records below the
 * cutoff into the sessions' fast streams
 *
 * Context: etw_collect_mutex held; process context; may sleep.
 */
void etw_collect(void)
{
	u64 now, cut, cut0, moved = 0;
	struct etw_stage *st, *tmp;
	struct etw_merge m;
	struct etw_piece pc;
	u32 nst = 0, nruns = 0, i;
	bool full = false;

	lockdep_assert_held(&etw_collect_mutex);
	now = ktime_get_ns();
	smp_mb();	/* "now" before any head: design.rst, "Collecting" */
	cut0 = now - ETW_COLLECT_MARGIN_NS;
	cut = cut0;

	list_for_each_entry(st, &etw_collect_stages, cnode) {
		struct etw_ring r = { .data = st->data, .size = st->data_size };
		struct etw_plan pl;
		u64 head;

		st->pending = false;
		st->busy = false;
		st->trimmed = false;
		st->have_times = false;
		st->take = st->tail;
		st->take_key = st->key;
		st->planned = false;
		if (st->retired)
			continue;
		/* Pairs with the writer's store_release of head. */
		head = smp_load_acquire(&st->meta->head);
		/* A thread in exit() runs no user code: it never commits. */
		st->busy = (head & ETW_STAGE_BUSY) &&
			   !(READ_ONCE(st->task->flags) & PF_EXITING);
		st->end = head & ~7ULL;
		if (!etw_ring_head_ok(&r, st->tail, st->end)) {
			st->end = st->tail;	/* a head it could not set */
			continue;
		}
		if (st->end == st->tail) {
			/* Its next record is no earlier than its last one. */
			if (st->busy && st->key < cut)
				cut = st->key;
			continue;
		}
		if (full || !etw_collect_grow_stages(nst + 1)) {
			/* Not planned this time: nothing later than it goes. */
			struct etw_peek pk;

			st->pending = true;
			if (etw_ring_peek(&r, st->tail, st->end, &pk) > 0)
				cut = min(cut, max3(pk.ts, st->key, etw_col.floor));
			continue;
		}
		etw_col.stages[nst] = st;
		etw_col.rings[nst] = r;
		pl = (struct etw_plan) {
			.pos = st->tail, .end = st->end, .key = st->key,
			.lo = etw_col.floor, .cutoff = cut0, .stage = nst,
		};
		for (;;) {
			etw_plan_stage(&r, &pl, etw_col.runs, &nruns, etw_col.cap);
			if (!pl.full || !etw_collect_grow_runs(nruns + 1))
				break;
		}
		nst++;
		st->planned = true;
		st->take = pl.pos;
		st->take_key = pl.key;
		st->bad = pl.bad;
		st->pending = pl.pos != st->end && !pl.bad;
		if (pl.full) {
			struct etw_peek pk;

			full = true;
			if (etw_ring_peek(&r, pl.pos, st->end, &pk) > 0)
				cut = min(cut, max(pk.ts, pl.key));
		} else if (st->busy && !st->pending && pl.key < cut) {
			cut = pl.key;
		}
	}
	/* A writer busy forever holds the cutoff back one collect at most. */
	cut = max(cut, etw_col.base);
	if (cut < cut0)
		nruns = etw_collect_trim(nruns, cut);

	etw_merge_init(&m, etw_col.runs, nruns, etw_col.floor, etw_col.rings, etw_col.heap,
		       etw_col.gpos, etw_col.gleft, etw_col.gkey, etw_col.gprev, etw_col.gneed);
	i = 0;
	while (etw_merge_next(&m, &pc)) {
		u64 bits = pc.run->sessions;

		st = etw_col.stages[pc.run->stage];
		if (pc.lost) {
			/* A run that stopped framing since it was planned. */
			u64 from = etw_pos(ETW_STAGE_POS_LAP(pc.run->pos),
					   pc.off);

			etw_count_lost(st, from, from + pc.len);
			continue;
		}
		moved += pc.count;
		while (bits) {
			u32 id = __ffs64(bits) + 1;

			bits &= bits - 1;
			if (id <= ETW_MAX_SESSIONS && etw_col.sess[id])
				etw_emit_piece(etw_col.sess[id], st, &pc);
		}
		if (!(++i & 63))
			cond_resched();
	}

	list_for_each_entry_safe(st, tmp, &etw_collect_stages, cnode) {
		if (st->planned) {
			if (st->bad) {
				/* The rest cannot be framed: lost. */
				etw_count_lost(st, st->take, st->end);
				st->take = st->end;
			}
			if (st->take != st->tail) {
				st->took = now;
				WRITE_ONCE(st->meta->collects,
					   st->meta->collects + 1);
			}
			st->tail = st->take;
			st->key = st->take_key;
			WRITE_ONCE(st->meta->tail, st->tail);
		}
		etw_stage_housekeep(st, now);
	}
	etw_col.floor = max(etw_col.floor, cut);
	etw_col.base = max(etw_col.base, cut0);
	etw_col.moved = moved;
	for (i = 1; i <= ETW_MAX_SESSIONS; i++) {
		struct etw_session *s = etw_col.sess[i];

		if (s)
			etw_fast_publish_wm(s);
	}
}

/**
 * etw_collect_until() - collect every record committed before @t
 * @t:		a time of the monotonic clock (ns)
 *
 * Waits until the cutoff can pass @t (the margin), then collects, twice
 * if a writer busy at the first collect held its cutoff back.
 *
 * Context: process context; takes etw_collect_mutex; may sleep.
 */
void etw_collect_until(u64 t)
{
	u64 now = ktime_get_ns();
	int i;

	if (now < t + ETW_COLLECT_MARGIN_NS)
		usleep_range((t + ETW_COLLECT_MARGIN_NS - now) / NSEC_PER_USEC + 1,
			     (t + ETW_COLLECT_MARGIN_NS - now) / NSEC_PER_USEC + 20);
	mutex_lock(&etw_collect_mutex);
	for (i = 0; i < 2 && etw_col.floor < t; i++)
		etw_collect();
	mutex_unlock(&etw_collect_mutex);
}

/* --- the worker ------------------------------------------------------------------ */

static void etw_collect_workfn(struct work_struct *work)
{
	unsigned int ms = etw_collect_ms();
	bool any;

	mutex_lock(&etw_collect_mutex);
	etw_collect();
	any = !list_empty(&etw_collect_stages);
	if (etw_col.moved)
		etw_col.interval = ms;
	else
		etw_col.interval = min(max(etw_col.interval, ms) * 2, 1000U);
	mutex_unlock(&etw_collect_mutex);
	/* No stage: nothing to collect until one is opened (a kick). */
	if (any)
		queue_delayed_work(etw_collect_wq, &etw_col.work,
				   msecs_to_jiffies(etw_col.interval));
}

/* Stages exist: make sure the worker runs (at collect_ms from now). */
void etw_collect_kick(void)
{
	if (!delayed_work_pending(&etw_col.work))
		queue_delayed_work(etw_collect_wq, &etw_col.work,
				   msecs_to_jiffies(etw_collect_ms()));
}

/* --- module ------------------------------------------------------------------------ */

int etw_collect_init(void)
{
	etw_collect_wq = alloc_workqueue("etw_collect", WQ_UNBOUND, 1);
	if (!etw_collect_wq)
		return -ENOMEM;
	INIT_DELAYED_WORK(&etw_col.work, etw_collect_workfn);
	etw_col.interval = etw_collect_ms();
	return 0;
}

/* Every file is released and every session stopped (module exit). */
void etw_collect_exit(void)
{
	cancel_delayed_work_sync(&etw_col.work);
	destroy_workqueue(etw_collect_wq);
	mutex_lock(&etw_collect_mutex);
	WARN_ON(!list_empty(&etw_collect_stages));
	etw_collect_scratch_free();
	kvfree(etw_col.stages);
	kvfree(etw_col.rings);
	etw_col.stages = NULL;
	etw_col.rings = NULL;
	etw_col.scap = 0;
	mutex_unlock(&etw_collect_mutex);
}

