// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast path's collector: moves the committed records of every stage
 * into the fast streams of the sessions they are for, merged by time,
 * one copy per run and session, checked and patched in the copy
 * (kmod/shared/etw_collect.c).  It runs from a worker every collect_ms
 * while stages take records, in a writer's STAGE_SEAL, at flushes, before
 * enable changes and at a file's release; and it retires idle stages,
 * frees those their writers left, and keeps the blocking sessions'
 * congestion word.  Documentation/design.rst, "The fast path".
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
#include "etw_fast.h"
#include "etw_trace.h"
#include "shared/etw_collect.h"
#include "shared/etw_etl.h"

static unsigned int etw_collect_interval_ms = 100;
module_param_named(collect_ms, etw_collect_interval_ms, uint, 0644);
MODULE_PARM_DESC(collect_ms,
		 "Milliseconds between two collects of the stages while they take records (10..1000)");

static unsigned int etw_stage_idle_ms = 5000;
module_param_named(stage_idle_ms, etw_stage_idle_ms, uint, 0644);
MODULE_PARM_DESC(stage_idle_ms,
		 "A stage larger than a page that took no record for this long is shrunk to one page");

/* A writer's wait when its sessions stopped meanwhile: one pass. */
#define ETW_BLOCK_GONE_MS	10

/* Runs one collect may plan (48 bytes each); more wait for the next. */
#define ETW_COLLECT_MAX_RUNS	65536

DEFINE_MUTEX(etw_collect_mutex);
LIST_HEAD(etw_collect_stages);

/**
 * struct etw_collector - the collector's state (etw_collect_mutex)
 * @sess:	the sessions stages serve, by logger id, each referenced
 * @floor:	the last cutoff: every key given from now on is at least it
 * @base:	the last collect's "now" minus the margin: the next cutoff
 *		is at least it, whatever busy writers say
 * @moved:	records the last collect took
 * @waiting:	a collect waits for a blocking session's buffers: consumers'
 *		flushes do not wait for the mutex (they may hold the buffers)
 * @interval:	the worker's current period (ms): collect_ms while records
 *		come, doubling up to a second while none do
 * @runs:	scratch: planned runs
 * @cap:	entries of @runs and of each merge scratch array
 * @stages:	scratch: the stages planned, by index
 * @rings:	scratch: their rings
 * @scap:	entries of @stages and @rings
 * @heap:	merge scratch (etw_merge_init())
 * @gpos:	merge scratch
 * @gleft:	merge scratch
 * @gneed:	merge scratch
 * @gkey:	merge scratch
 * @gprev:	merge scratch
 * @work:	the periodic collect
 */
static struct etw_collector {
	struct etw_session *sess[ETW_MAX_SESSIONS + 1];
	u64 floor;
	u64 base;
	u64 moved;
	atomic_t waiting;
	unsigned int interval;
	struct etw_run *runs;
	u32 cap;
	struct etw_stage **stages;
	struct etw_ring *rings;
	u32 scap;
	u32 *heap, *gpos, *gleft, *gneed;
	u64 *gkey, *gprev;
	struct delayed_work work;
} ec;

static struct workqueue_struct *etw_collect_wq;

unsigned int etw_collect_ms(void)
{
	return clamp_val(READ_ONCE(etw_collect_interval_ms), 10, 1000);
}

/* --- scratch -------------------------------------------------------------- */

static void etw_collect_scratch_free(void)
{
	kvfree(ec.runs);
	kvfree(ec.heap);
	kvfree(ec.gpos);
	kvfree(ec.gleft);
	kvfree(ec.gneed);
	kvfree(ec.gkey);
	kvfree(ec.gprev);
	ec.runs = NULL;
	ec.heap = ec.gpos = ec.gleft = ec.gneed = NULL;
	ec.gkey = ec.gprev = NULL;
	ec.cap = 0;
}

/* Room for @want runs (doubling); false when it cannot grow. */
static bool etw_collect_grow_runs(u32 want)
{
	u32 cap = ec.cap ? ec.cap : 256;
	struct etw_run *runs;

	if (want <= ec.cap)
		return true;
	while (cap < want)
		cap *= 2;
	if (cap > ETW_COLLECT_MAX_RUNS)
		return false;
	runs = kvmalloc_array(cap, sizeof(*runs), GFP_KERNEL);
	if (!runs)
		return false;
	if (ec.runs)
		memcpy(runs, ec.runs, ec.cap * sizeof(*runs));
	kvfree(ec.runs);
	ec.runs = runs;
	kvfree(ec.heap);
	kvfree(ec.gpos);
	kvfree(ec.gleft);
	kvfree(ec.gneed);
	kvfree(ec.gkey);
	kvfree(ec.gprev);
	ec.heap = kvmalloc_array(cap, sizeof(u32), GFP_KERNEL);
	ec.gpos = kvmalloc_array(cap, sizeof(u32), GFP_KERNEL);
	ec.gleft = kvmalloc_array(cap, sizeof(u32), GFP_KERNEL);
	ec.gneed = kvmalloc_array(cap, sizeof(u32), GFP_KERNEL);
	ec.gkey = kvmalloc_array(cap, sizeof(u64), GFP_KERNEL);
	ec.gprev = kvmalloc_array(cap, sizeof(u64), GFP_KERNEL);
	if (!ec.heap || !ec.gpos || !ec.gleft || !ec.gneed || !ec.gkey ||
	    !ec.gprev) {
		/* Keep the runs; the merge scratch is back to none. */
		ec.cap = 0;
		kvfree(ec.heap);
		kvfree(ec.gpos);
		kvfree(ec.gleft);
		kvfree(ec.gneed);
		kvfree(ec.gkey);
		kvfree(ec.gprev);
		ec.heap = ec.gpos = ec.gleft = ec.gneed = NULL;
		ec.gkey = ec.gprev = NULL;
		return false;
	}
	ec.cap = cap;
	return true;
}

/* Room for @want planned stages. */
static bool etw_collect_grow_stages(u32 want)
{
	u32 cap = ec.scap ? ec.scap : 64;
	struct etw_stage **stages;
	struct etw_ring *rings;

	if (want <= ec.scap)
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
	if (ec.scap) {
		memcpy(stages, ec.stages, ec.scap * sizeof(*stages));
		memcpy(rings, ec.rings, ec.scap * sizeof(*rings));
	}
	kvfree(ec.stages);
	kvfree(ec.rings);
	ec.stages = stages;
	ec.rings = rings;
	ec.scap = cap;
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

/* --- fast streams ------------------------------------------------------------- */

/* Seal @fs's current buffer, if it holds records.  Context: the mutex. */
static void etw_fstream_seal(struct etw_session *s, struct etw_stream *fs,
			     u16 flags)
{
	struct etw_pool *pool = s->pool;
	struct etw_buf *b = fs->cur;

	if (!b)
		return;
	fs->cur = NULL;
	if (fs->lost)
		flags |= ETL_BUFFER_FLAG_EVENTS_LOST;
	fs->lost = false;
	if (fs->offset > ETL_BUFFER_HEADER_SIZE)
		etw_pool_hand_over(pool, b, fs->offset, etw_session_clock(s),
				   flags, fs->id);
	else
		etw_pool_give_back(pool, b);
}

/* A buffer with room for records in @fs, or false (lost: no buffer). */
static bool etw_fstream_room(struct etw_session *s, struct etw_stream *fs)
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
 * No free buffer in @s: a blocking session's records wait for its readers
 * (the log file's worker, consumers), up to its timeout, polling; then it
 * is stalled (its losses are counted until it recovers), or stops.  Not
 * for a fatal signal of the task that runs the collect (a writer's SEAL,
 * a process's exit): the records it copies are everyone's, and the wait
 * is bounded.  Whoever else needs the mutex meanwhile waits as well:
 * Documentation/design.rst, "Losses, blocking".
 *
 * Context: etw_collect_mutex held, RCU held (dropped while waiting: @s is
 * referenced by the collector's table).
 */
static bool etw_fstream_wait(struct etw_session *s, struct etw_stream *fs)
	__must_hold(RCU)
{
	u32 ms = READ_ONCE(s->fast.block_ms);
	unsigned long end;
	bool ok = false;

	if (!ms || READ_ONCE(s->fast.stalled))
		return false;
	end = jiffies + msecs_to_jiffies(ms);
	rcu_read_unlock();
	atomic_inc(&ec.waiting);
	for (;;) {
		if (etw_fstream_room(s, fs)) {
			ok = true;
			break;
		}
		if (READ_ONCE(s->pool->stopped) || READ_ONCE(s->fast.stalled))
			break;
		if (time_after(jiffies, end)) {
			WRITE_ONCE(s->fast.stalled, true);
			clear_bit(s->logger_id - 1,
				  (unsigned long *)&etw_global->congested);
			break;
		}
		usleep_range(500, 1000);
	}
	atomic_dec(&ec.waiting);
	rcu_read_lock();
	return ok;
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
			struct etw_session *s = ec.sess[id];

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
		struct etw_run *run = &ec.runs[i];
		struct etw_stage *st = ec.stages[run->stage];

		if (run->last_key > cut) {
			if (run->first_key <= cut)
				etw_run_trim(&ec.rings[run->stage], run, cut);
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
		ec.runs[n++] = *run;
	}
	return n;
}

/*
 * Give up the pages of an idle stage but its first, if its writer is
 * provably outside its ring: design.rst, "Retiring".  Context: the mutex.
 */
static void etw_stage_retire(struct etw_stage *st)
{
	u64 head, freed;

	WRITE_ONCE(st->meta->state, ETW_STAGE_S_RETIRED);
	smp_mb();	/* state before on_cpu: pairs with the scheduler's */
	if (etw_task_on_cpu(st->task))
		goto undo;
	head = READ_ONCE(st->meta->head);
	if (head != st->tail)
		goto undo;	/* busy, or records came meanwhile */
	/* From now on its writer leaves it at its next event. */
	st->retired = true;
	etw_stage_zap(st, PAGE_SIZE);
	freed = (st->mem.nr_pages - 1) << PAGE_SHIFT;
	if (etw_umem_shrink(&st->mem, 1))
		return;		/* keeps its pages; freed when closed */
	st->data = (u8 *)st->mem.vaddr + ETW_STAGE_META_SIZE;
	st->data_size = PAGE_SIZE - ETW_STAGE_META_SIZE;
	etw_user_uncharge(st->user, ETW_Q_STAGE_BYTES, freed);
	st->charged -= freed;
	return;
undo:
	WRITE_ONCE(st->meta->state, ETW_STAGE_S_OPEN);
}

/*
 * After a collect: free a stage its writer left (CLOSE, or the thread is
 * gone) once it is empty; retire one that was idle long enough.
 * Context: etw_collect_mutex held.
 */
static void etw_stage_housekeep(struct etw_stage *st, u64 now)
{
	bool empty = st->retired || (!st->busy && st->tail == st->end);

	if (!st->closed && (READ_ONCE(st->task->flags) & PF_EXITING)) {
		struct etw_ring r = { .data = st->data, .size = st->data_size };
		u64 head;

		/* A thread that exited without closing it (raw clone()). */
		if (xa_erase(&st->file->stages, st->id) == st) {
			atomic_dec(&st->file->nstages);
			etw_stage_put(st);
		}
		st->closed = true;
		/*
		 * Its last records may have been committed after this collect
		 * read head: its head store came before PF_EXITING was set.
		 */
		smp_rmb();
		/* Acquire: the records below head are read after it. */
		head = smp_load_acquire(&st->meta->head) & ~7ULL;
		if (!st->retired && head != st->tail &&
		    etw_ring_head_ok(&r, st->tail, head))
			empty = false;
	}
	/* Records still there (above the cutoff) go at the next collect. */
	if (st->closed && empty) {
		etw_collect_free(st);
		return;
	}
	if (!st->retired && !st->closed && empty && st->mem.nr_pages > 1 &&
	    now - st->took > (u64)READ_ONCE(etw_stage_idle_ms) * NSEC_PER_MSEC)
		etw_stage_retire(st);
}

/*
 * The session's watermark bound: nothing below the cutoff stays in a
 * stage, nothing below a fast stream's first time is unsealed.
 * Context: etw_collect_mutex held.
 */
static void etw_fast_publish_wm(struct etw_session *s)
{
	struct etw_pool *pool = s->pool;
	u64 wm = ec.floor;
	u32 i;

	for (i = 0; i < pool->nr_streams; i++) {
		struct etw_stream *fs = &pool->fstreams[i];

		if (fs->cur && fs->offset > ETL_BUFFER_HEADER_SIZE &&
		    fs->first_ts < wm)
			wm = fs->first_ts;
	}
	WRITE_ONCE(s->fast.wm, wm);
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
				cut = min(cut, max3(pk.ts, st->key, ec.floor));
			continue;
		}
		ec.stages[nst] = st;
		ec.rings[nst] = r;
		pl = (struct etw_plan) {
			.pos = st->tail, .end = st->end, .key = st->key,
			.lo = ec.floor, .cutoff = cut0, .stage = nst,
		};
		for (;;) {
			etw_plan_stage(&r, &pl, ec.runs, &nruns, ec.cap);
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
	cut = max(cut, ec.base);
	if (cut < cut0)
		nruns = etw_collect_trim(nruns, cut);

	etw_merge_init(&m, ec.runs, nruns, ec.floor, ec.rings, ec.heap,
		       ec.gpos, ec.gleft, ec.gkey, ec.gprev, ec.gneed);
	i = 0;
	while (etw_merge_next(&m, &pc)) {
		u64 bits = pc.run->sessions;

		st = ec.stages[pc.run->stage];
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
			if (id <= ETW_MAX_SESSIONS && ec.sess[id])
				etw_emit_piece(ec.sess[id], st, &pc);
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
	ec.floor = max(ec.floor, cut);
	ec.base = max(ec.base, cut0);
	ec.moved = moved;
	for (i = 1; i <= ETW_MAX_SESSIONS; i++) {
		struct etw_session *s = ec.sess[i];

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
	for (i = 0; i < 2 && ec.floor < t; i++)
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
	if (ec.moved)
		ec.interval = ms;
	else
		ec.interval = min(max(ec.interval, ms) * 2, 1000U);
	mutex_unlock(&etw_collect_mutex);
	/* No stage: nothing to collect until one is opened (a kick). */
	if (any)
		queue_delayed_work(etw_collect_wq, &ec.work,
				   msecs_to_jiffies(ec.interval));
}

/* Stages exist: make sure the worker runs (at collect_ms from now). */
void etw_collect_kick(void)
{
	if (!delayed_work_pending(&ec.work))
		queue_delayed_work(etw_collect_wq, &ec.work,
				   msecs_to_jiffies(etw_collect_ms()));
}

/* --- sessions ---------------------------------------------------------------------- */

void etw_fast_session_init(struct etw_session *s)
{
	s->fast.served = false;
	s->fast.wm = U64_MAX;
	s->fast.block_ms = 0;
	s->fast.stalled = false;
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
	ec.sess[s->logger_id] = s;
	WRITE_ONCE(s->fast.served, true);
	/* Nothing it gets is earlier than the last cutoff. */
	s->fast.wm = ec.floor;
	mutex_unlock(&etw_collect_mutex);
}

/* Seal every fast stream of @s that holds records.  Context: the mutex. */
static void etw_fast_seal_all(struct etw_session *s, u16 flags)
{
	u32 i;

	for (i = 0; i < s->pool->nr_streams; i++)
		etw_fstream_seal(s, &s->pool->fstreams[i], flags);
}

/**
 * etw_fast_session_stop() - the session stopped: its last fast buffers
 * @s:		a session that left the table and every active list
 *
 * The collect before its registrations' active lists changed took what
 * the stages held for it; this hands over the partly filled buffers
 * before the pool's last flush.
 *
 * Context: process context, no locks held.
 */
void etw_fast_session_stop(struct etw_session *s)
{
	bool was;

	/* A collect waiting for its buffers gives up: it stops. */
	WRITE_ONCE(s->fast.stalled, true);
	mutex_lock(&etw_collect_mutex);
	was = s->fast.served;
	if (was) {
		ec.sess[s->logger_id] = NULL;
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
 * @hint:	a consumer's or the FlushTimer's flush: skipped while a
 *		collect waits for a blocking session's buffers (this
 *		consumer may hold them; the next flush will do)
 *
 * Context: process context; may sleep; no spinlock held.
 */
void etw_fast_flush(struct etw_session *s, bool hint)
{
	if (!etw_fast_serves(s))
		return;
	if (hint) {
		/* A collect under way does the job (and may wait for us). */
		if (atomic_read(&ec.waiting) ||
		    !mutex_trylock(&etw_collect_mutex))
			return;
		etw_collect();
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

/* --- blocking sessions ------------------------------------------------------------ */

/**
 * etw_block_set() - make @s blocking (@ms > 0) or not
 * @s:		the session
 * @ms:		timeout, 0..ETW_MAX_BLOCK_MS
 *
 * Context: etw_lock held.
 * Return: 0.
 */
int etw_block_set(struct etw_session *s, u32 ms)
{
	lockdep_assert_held(&etw_lock);
	mutex_lock(&etw_collect_mutex);
	WRITE_ONCE(s->fast.block_ms, ms);
	WRITE_ONCE(s->fast.stalled, false);
	etw_pool_block_update(s->pool);
	mutex_unlock(&etw_collect_mutex);
	return 0;
}

/**
 * etw_block_wait() - wait while a blocking session among @sessions is
 * congested
 * @sessions:	bit (logger_id - 1) per session the writer's event is for
 *
 * Runs collects meanwhile (what the stages hold moves as buffers free
 * up).  After the longest timeout of those sessions, the ones still
 * congested are marked stalled: nobody waits for them until they
 * recover.
 *
 * Context: process context; takes etw_collect_mutex; may sleep.
 * Return: 0, or -EINTR on a fatal signal.
 */
int etw_block_wait(u64 sessions)
{
	unsigned long *word = (unsigned long *)&etw_global->congested;
	unsigned long deadline = 0;
	u64 mask = sessions & READ_ONCE(etw_global->congested);
	bool first = true;

	while (mask) {
		u64 bits;

		if (mutex_lock_killable(&etw_collect_mutex))
			return -EINTR;
		if (first) {
			u32 ms = 0;

			for (bits = mask; bits; bits &= bits - 1) {
				struct etw_session *s = ec.sess[__ffs64(bits) + 1];

				if (s)
					ms = max(ms, READ_ONCE(s->fast.block_ms));
			}
			deadline = jiffies + msecs_to_jiffies(ms ? ms :
						ETW_BLOCK_GONE_MS);
			first = false;
		}
		etw_collect();
		mask &= READ_ONCE(etw_global->congested);
		if (mask && time_after(jiffies, deadline)) {
			for (bits = mask; bits; bits &= bits - 1) {
				u32 bit = __ffs64(bits);
				struct etw_session *s = ec.sess[bit + 1];

				if (s)
					WRITE_ONCE(s->fast.stalled, true);
				clear_bit(bit, word);
			}
			mask = 0;
		}
		mutex_unlock(&etw_collect_mutex);
		if (!mask)
			break;
		if (schedule_timeout_killable(1) && fatal_signal_pending(current))
			return -EINTR;
		if (fatal_signal_pending(current))
			return -EINTR;
	}
	return 0;
}

/**
 * etw_block_info() - ETW_IOC_SYSTEM_INFO's BLOCKING class
 * @req:	the request (flags checked by the caller)
 *
 * SET takes a __u32 timeout (0: not blocking); a query returns it.
 *
 * Context: process context; takes etw_lock.
 * Return: 0, -EINVAL, -ENOSPC (a query's @length too small), -EFAULT,
 * -ENOENT or -EPERM (no session the caller may control).
 */
int etw_block_info(struct etw_system_info *req)
{
	struct etw_session *s;
	u32 ms;
	int ret;

	if (req->flags & ETW_SYSINFO_F_SET) {
		if (req->length != sizeof(ms))
			return -EINVAL;
		if (copy_from_user(&ms, u64_to_user_ptr(req->data), sizeof(ms)))
			return -EFAULT;
		if (ms > ETW_MAX_BLOCK_MS)
			return -EINVAL;
	}
	mutex_lock(&etw_lock);
	s = etw_session_find(req->session, NULL, 0, &ret);
	if (s && (req->flags & ETW_SYSINFO_F_SET))
		ret = etw_block_set(s, ms);
	else if (s)
		ms = READ_ONCE(s->fast.block_ms);
	mutex_unlock(&etw_lock);
	if (!s)
		return ret;
	etw_session_put(s);
	if (req->flags & ETW_SYSINFO_F_SET)
		return ret;
	req->needed = sizeof(ms);
	if (req->length < sizeof(ms))
		return -ENOSPC;
	return copy_to_user(u64_to_user_ptr(req->data), &ms, sizeof(ms)) ?
	       -EFAULT : 0;
}

/* --- module ------------------------------------------------------------------------ */

int etw_collect_init(void)
{
	etw_collect_wq = alloc_workqueue("etw_collect", WQ_UNBOUND, 1);
	if (!etw_collect_wq)
		return -ENOMEM;
	INIT_DELAYED_WORK(&ec.work, etw_collect_workfn);
	ec.interval = etw_collect_ms();
	return 0;
}

/* Every file is released and every session stopped (module exit). */
void etw_collect_exit(void)
{
	cancel_delayed_work_sync(&ec.work);
	destroy_workqueue(etw_collect_wq);
	mutex_lock(&etw_collect_mutex);
	WARN_ON(!list_empty(&etw_collect_stages));
	etw_collect_scratch_free();
	kvfree(ec.stages);
	kvfree(ec.rings);
	ec.stages = NULL;
	ec.rings = NULL;
	ec.scap = 0;
	mutex_unlock(&etw_collect_mutex);
}
