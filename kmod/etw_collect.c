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
 * collector fields (its holds too), the table of served sessions, the
 * sessions' fast streams (pool->fstreams) and fast state, and the
 * scratch.  The collector never sleeps for a buffer: what a blocking
 * session has no room for stays in its stage (etw_block.c).
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

/*
 * Runs one collect may plan (48 bytes each); more wait for the next.
 * Each stage with records has a share of them (design.rst, "Collecting"),
 * at least ETW_COLLECT_MIN_RUNS.
 */
#define ETW_COLLECT_MAX_RUNS	65536
#define ETW_COLLECT_MIN_RUNS	16

DEFINE_MUTEX(etw_collect_mutex);
LIST_HEAD(etw_collect_stages);

struct etw_collector etw_col;

static struct workqueue_struct *etw_collect_wq;

unsigned int etw_collect_ms(void)
{
	return clamp_val(READ_ONCE(etw_collect_interval_ms), 10, 1000);
}

/* --- scratch -------------------------------------------------------------- */

static void etw_merge_scratch_free(struct etw_merge_scratch *x)
{
	kvfree(x->heap);
	kvfree(x->gpos);
	kvfree(x->gleft);
	kvfree(x->gneed);
	kvfree(x->gkey);
	kvfree(x->gprev);
	x->heap = x->gpos = x->gleft = x->gneed = NULL;
	x->gkey = x->gprev = NULL;
}

/* Room for @want runs (doubling, up to the limit); false when it cannot. */
static bool etw_collect_grow_runs(u32 want)
{
	struct etw_merge_scratch *x = &etw_col.mx, n = *x;
	u32 cap = etw_col.cap ? etw_col.cap : 256;
	struct etw_run *runs;

	if (want <= etw_col.cap)
		return true;
	while (cap < want)
		cap *= 2;
	if (cap > ETW_COLLECT_MAX_RUNS)
		return false;
	runs = kvmalloc_array(cap, sizeof(*runs), GFP_KERNEL);
	n.heap = kvmalloc_array(cap, sizeof(u32), GFP_KERNEL);
	n.gpos = kvmalloc_array(cap, sizeof(u32), GFP_KERNEL);
	n.gleft = kvmalloc_array(cap, sizeof(u32), GFP_KERNEL);
	n.gneed = kvmalloc_array(cap, sizeof(u32), GFP_KERNEL);
	n.gkey = kvmalloc_array(cap, sizeof(u64), GFP_KERNEL);
	n.gprev = kvmalloc_array(cap, sizeof(u64), GFP_KERNEL);
	if (!runs || !n.heap || !n.gpos || !n.gleft || !n.gneed || !n.gkey ||
	    !n.gprev) {
		kvfree(runs);
		etw_merge_scratch_free(&n);
		return false;
	}
	if (etw_col.runs)
		memcpy(runs, etw_col.runs, etw_col.cap * sizeof(*runs));
	kvfree(etw_col.runs);
	etw_merge_scratch_free(x);
	etw_col.runs = runs;
	*x = n;
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
			v->swf = a->e[i].swf;
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
 * Was the record at @pk for @s: its stash names @s, its slot a
 * registration of @st's file that @s enables, and @s's filter (level and
 * keywords, event IDs, EXCLUDE_INPRIVATE) would keep it?  Only then is
 * its loss @s's: a stage's claims about other sessions charge them
 * nothing, and what @s's filter skips is not lost, as on the ioctl path.
 * The fields are read once from the ring: a liar decides only about its
 * own records.  Context: etw_collect_mutex and RCU held.
 */
static bool etw_rec_for(struct etw_stage *st, struct etw_session *s,
			const struct etw_peek *pk)
{
	const u8 *rec = st->data + ETW_STAGE_POS_OFF(pk->pos);
	struct etw_emit e = { .s = s, .st = st };
	struct etw_slot_view v;
	u16 flags;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "needs rcu_read_lock()");
	lockdep_assert_held(&etw_collect_mutex);
	if (!(pk->sessions & (1ULL << (s->logger_id - 1))) ||
	    !etw_emit_slot(&e, get_unaligned_le16(rec + ETW_STASH_SLOT), &v) ||
	    !v.kw)
		return false;
	if (pk->kind != ETL_HEADER_TYPE_EVENT_HEADER64 ||
	    pk->need < sizeof(struct etl_event_header))
		return true;	/* a bad record of its own: lost */
	flags = get_unaligned_le16(rec + ETW_STASH_FLAGS);
	return etw_level_kw_pass(v.kw,
			READ_ONCE(rec[offsetof(struct etl_event_header, level)]),
			get_unaligned_le64(rec + offsetof(struct etl_event_header,
							  keyword))) &&
	       (!v.idf || etw_id_filter_pass(v.idf, get_unaligned_le16(rec +
			offsetof(struct etl_event_header, id)))) &&
	       !((flags & ETW_STAGE_REC_INPRIVATE) &&
		 (v.props & ETW_PROP_EXCLUDE_INPRIVATE));
}

/*
 * The records of @st from @from to @end that were @s's, as the ring
 * frames them now (a copy that stopped framing: what still frames).
 * Context: etw_collect_mutex and RCU held.
 */
u32 etw_lost_for(struct etw_stage *st, struct etw_session *s, u64 from,
		 u64 end)
{
	struct etw_ring r = { .data = st->data, .size = st->data_size };
	struct etw_peek pk;
	u32 n = 0;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "needs rcu_read_lock()");
	lockdep_assert_held(&etw_collect_mutex);
	while (etw_ring_peek(&r, from, end, &pk) > 0) {
		n += etw_rec_for(st, s, &pk);
		from = etw_peek_next(&pk);
	}
	return n;
}

/*
 * What the collector tells about the owner, read once per collect: its
 * CPU times in the form @s wants, its uid, session id and process start
 * key (the ETW_PROP_INFO items).
 */
static u64 etw_stage_times(struct etw_stage *st, bool private)
{
	if (!st->have_times) {
		etw_put_task_cpu_times((u8 *)&st->times[0], st->task, false);
		etw_put_task_cpu_times((u8 *)&st->times[1], st->task, true);
		st->uid = from_kuid_munged(&init_user_ns, task_euid(st->task));
		st->ts_id = etw_task_session_id(st->task);
		st->start_key = etw_process_start_key(st->task);
		st->have_times = true;
	}
	return st->times[private];
}

/*
 * The EVENT_KEY of the record at ring position @pos of @st: the stage's
 * serial and the record's byte offset since the stage began, the same
 * in every session's copy (etw_patch.key_base).
 */
static u64 etw_stage_event_key(const struct etw_stage *st, u64 pos)
{
	u64 abs = (u64)ETW_STAGE_POS_LAP(pos) * st->data_size +
		  ETW_STAGE_POS_OFF(pos);

	return st->id << 40 | (abs & ((1ULL << 40) - 1));
}

/**
 * etw_emit_piece() - copy a piece, from @from on, into a session's fast
 * stream
 * @s:		a served session the piece is for
 * @st:		its stage
 * @pc:		the piece
 * @from:	the ring position to start at (a record in the piece)
 * @lo:		the key its first record is raised to
 * @left:	out: the position of the first record left for @s
 * @key:	out: the key that record is planned from
 *
 * One copy per buffer the piece fills (usually one), checked and patched
 * in the collector's scratch, so that only what @s keeps reaches the
 * buffer (etw_collect_copy()).  Records that find no buffer are lost and
 * counted, unless @s is a blocking session: then they stay in the stage.
 *
 * Context: etw_collect_mutex held; takes RCU.
 * Return: true if records are left for @s (*@left, *@key).  A position
 * says nothing by itself: a new stage's first record is at 0.
 */
static bool etw_emit_piece(struct etw_session *s, struct etw_stage *st,
			   const struct etw_piece *pc, u64 from, u64 lo,
			   u64 *left, u64 *key)
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
	u64 end = etw_pos(ETW_STAGE_POS_LAP(pc->run->pos), pc->off + pc->len);
	u32 done = 0, kept = 0, lost = 0, len = end - from;
	u32 off = ETW_STAGE_POS_OFF(from), size = pool->size;
	struct etw_check res;
	bool held = false;

	lockdep_assert_held(&etw_collect_mutex);
	p.cpu_times = etw_stage_times(st, p.private);
	p.uid = st->uid;
	p.ts_id = st->ts_id;
	p.start_key = st->start_key;
	rcu_read_lock();
	while (done < len) {
		u32 n, at;
		u8 *dst;

		if (!etw_fstream_room(s, fs)) {
			if (etw_block_holds(s)) {
				*left = from + done;	/* kept for it */
				held = true;
				break;
			}
			lost += etw_lost_for(st, s, from + done, end);
			fs->lost = true;
			break;
		}
		at = fs->offset;
		dst = (u8 *)fs->cur->data + at;
		p.key_base = etw_stage_event_key(st, from + done);
		etw_collect_copy(dst, size - at, st->data + off + done,
				 len - done, false, etw_col.copy, lo, pc->hi,
				 &p, &res);
		if (res.kept && at == ETL_BUFFER_HEADER_SIZE)
			fs->first_ts = get_unaligned_le64(dst + 0x10);
		if (res.kept)
			fs->last_ts = res.key;	/* its flush time */
		if (res.kept && trace_etw_write_enabled())
			etw_emit_trace(s->logger_id, dst, dst + res.used);
		fs->offset += res.used;
		done += res.src;
		kept += res.kept;
		lost += res.lost;
		lo = res.key;
		if (res.desync) {
			lost += etw_lost_for(st, s, from + done, end);
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
		n = ETL_ALIGN8(get_unaligned_le16(etw_col.copy));
		if (n < ETW_REC_MIN || n > len - done) {
			lost += etw_lost_for(st, s, from + done, end);
			break;
		}
		lost += etw_lost_for(st, s, from + done, from + done + n);
		done += n;
	}
	rcu_read_unlock();
	*key = lo;
	if (kept) {
		atomic64_add(kept, &pool->fast_written);
		s->fast.got = true;
	}
	if (lost) {
		atomic64_add(lost, &pool->events_lost);
		fs->lost = true;
	}
	return held;
}

/*
 * Give @s what it is due of @pc: a held run's records only from where
 * @s's hold starts (the others had them), nothing once @s found no
 * buffer in this collect (it holds the stage from there on).
 * Context: etw_collect_mutex held.
 */
static void etw_emit_to(struct etw_session *s, struct etw_stage *st,
			const struct etw_piece *pc)
{
	struct etw_hold *h = etw_hold_find(st, s->logger_id);
	u64 start = etw_pos(ETW_STAGE_POS_LAP(pc->run->pos), pc->off);
	u64 end = start + pc->len, lo = pc->lo, at, key;

	lockdep_assert_held(&etw_collect_mutex);
	if (pc->run->flags & ETW_RUN_HELD) {
		if (!h || h->pos >= end)
			return;		/* it had these */
		if (h->pos > start) {
			start = h->pos;
			lo = max(lo, h->key);
		}
	}
	if (s->fast.failed) {
		etw_hold_skip(st, s, h, start, lo, end);
		return;
	}
	if (etw_emit_piece(s, st, pc, start, lo, &at, &key)) {
		s->fast.failed = true;
		etw_hold_skip(st, s, h, at, key, end);
	}
}

/*
 * A piece whose records are lost (they stopped framing since they were
 * planned, or name no CPU of the machine): counted for the sessions they
 * were for; a held run's only for the sessions holding it, from where
 * each hold starts.  Context: etw_collect_mutex held.
 */
static void etw_emit_lost(struct etw_stage *st, const struct etw_piece *pc)
{
	u64 from = etw_pos(ETW_STAGE_POS_LAP(pc->run->pos), pc->off);
	u64 end = from + pc->len;
	u32 i;

	lockdep_assert_held(&etw_collect_mutex);
	if (!(pc->run->flags & ETW_RUN_HELD)) {
		etw_count_lost(st, from, end);
		return;
	}
	rcu_read_lock();
	for (i = 0; i < ETW_STAGE_HOLDS; i++) {
		struct etw_hold *h = &st->holds[i];
		struct etw_session *s = h->id ? etw_col.sess[h->id] : NULL;

		if (s && h->pos < end)
			atomic64_add(etw_lost_for(st, s, max(from, h->pos), end),
				     &s->pool->events_lost);
	}
	rcu_read_unlock();
}

/* --- counting what a stage loses -------------------------------------------- */

/*
 * The records of @st from @from to @end are lost: count each in the
 * served sessions it was for (etw_rec_for()).
 * Context: etw_collect_mutex held.
 */
void etw_count_lost(struct etw_stage *st, u64 from, u64 end)
{
	struct etw_ring r = { .data = st->data, .size = st->data_size };
	struct etw_peek pk;
	u32 n = 0;

	lockdep_assert_held(&etw_collect_mutex);
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
 * Its committed records are counted lost (those held back, for the
 * sessions holding them only) and tail moves past them, so that its
 * writer can go on (STAGE_SEAL with a ring full of records from the
 * future) or the stage can be freed (its file is going).
 *
 * Context: etw_collect_mutex held.
 */
void etw_collect_drop_stage(struct etw_stage *st)
{
	struct etw_ring r = { .data = st->data, .size = st->data_size };
	u64 end = READ_ONCE(st->meta->head) & ~7ULL;
	u32 i;

	lockdep_assert_held(&etw_collect_mutex);
	for (i = 0; i < ETW_STAGE_HOLDS; i++)
		if (st->holds[i].id)
			etw_hold_drop(st, &st->holds[i]);
	if (st->retired || !etw_ring_head_ok(&r, st->done, end))
		return;
	etw_count_lost(st, st->done, end);
	st->done = end;
	etw_stage_set_tail(st);
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
 * Return: true if it has (or if the module can do nothing about it: the
 * stage is retired, or its head is not one the writer could have set).
 */
bool etw_collect_room(struct etw_stage *st, u32 need)
{
	struct etw_ring r = { .data = st->data, .size = st->data_size };
	u64 head = READ_ONCE(st->meta->head) & ~7ULL;
	u32 hl = ETW_STAGE_POS_LAP(head), ho = ETW_STAGE_POS_OFF(head);
	u32 tl = ETW_STAGE_POS_LAP(st->tail), to = ETW_STAGE_POS_OFF(st->tail);

	lockdep_assert_held(&etw_collect_mutex);
	if (st->retired || !etw_ring_head_ok(&r, st->tail, head))
		return true;	/* nothing the module could do */
	if (hl == tl)
		return need <= st->data_size - ho || need <= to;
	return need <= to - ho;
}

/* --- the collect: scan, plan, emit, commit ------------------------------------------ */

/*
 * Read every stage's head.  Return how many have records to plan (new
 * ones, or held back ones); bound *@cut by the busy writers whose
 * stages are empty; give up what is held for the sessions in @purge.
 * Context: etw_collect_mutex held.
 */
static u32 etw_collect_scan(u64 now, u64 *cut, u64 purge)
{
	struct etw_stage *st;
	u32 active = 0, i;

	lockdep_assert_held(&etw_collect_mutex);
	list_for_each_entry(st, &etw_collect_stages, cnode) {
		struct etw_ring r = { .data = st->data, .size = st->data_size };
		u64 head;

		st->pending = false;
		st->busy = false;
		st->trimmed = false;
		st->truncated = false;
		st->have_times = false;
		st->planned = false;
		st->take = st->done;
		st->take_key = st->key;
		st->end = st->done;
		for (i = 0; st->nholds && i < ETW_STAGE_HOLDS; i++) {
			struct etw_hold *h = &st->holds[i];

			if (h->id && (!etw_col.sess[h->id] ||
				      (purge & (1ULL << (h->id - 1)))))
				etw_hold_drop(st, h);
		}
		if (st->retired)
			continue;
		/* Pairs with the writer's store_release of head. */
		head = smp_load_acquire(&st->meta->head);
		/* A thread in exit() runs no user code: it never commits. */
		st->busy = (head & ETW_STAGE_BUSY) &&
			   !(READ_ONCE(st->task->flags) & PF_EXITING);
		/* A head it could not have set gives nothing new. */
		if (etw_ring_head_ok(&r, st->done, head & ~7ULL))
			st->end = head & ~7ULL;
		/*
		 * No session enables a registration of its file: its records
		 * are nobody's (those written under an earlier state were
		 * collected when it changed), not even a liar's to count.
		 */
		st->sessions = READ_ONCE(st->file->fast_sessions);
		if (!st->sessions && !st->nholds && st->end != st->done) {
			st->done = st->end;
			st->key = max(st->key, etw_col.floor);
			etw_stage_set_tail(st);
			st->took = now;
		}
		if (st->end == st->done && !st->nholds) {
			/* Its next record is no earlier than its last one. */
			if (st->busy && st->key < *cut)
				*cut = st->key;
			continue;
		}
		active++;
	}
	return active;
}

/*
 * Plan @st's records: those held back (from its tail to done, their keys
 * as they were, for the sessions holding them), then new ones (from done,
 * below the cutoff @cut0, at most @budget runs).  Lowers *@cut where a
 * busy writer or a stage not planned says so.
 * Context: etw_collect_mutex held.
 */
static void etw_collect_plan(struct etw_stage *st, u32 *nst, u32 *nruns,
			     u32 budget, u64 cut0, u64 *cut)
{
	struct etw_ring r = { .data = st->data, .size = st->data_size };
	u32 first = *nruns, limit;
	struct etw_plan pl;

	lockdep_assert_held(&etw_collect_mutex);
	if (!etw_collect_grow_stages(*nst + 1))
		goto not_planned;
	etw_col.stages[*nst] = st;
	etw_col.rings[*nst] = r;
	if (st->nholds) {
		/* All or nothing: the holds' positions must stay true. */
		pl = (struct etw_plan) {
			.pos = st->tail, .end = st->done, .key = st->tkey,
			.cutoff = U64_MAX, .stage = *nst, .ncpu = nr_cpu_ids,
			.flags = ETW_RUN_HELD,
		};
		for (;;) {
			etw_plan_stage(&r, &pl, etw_col.runs, nruns, etw_col.cap);
			if (!pl.full || !etw_collect_grow_runs(*nruns + 1))
				break;
		}
		if (pl.full) {
			*nruns = first;
			goto not_planned;
		}
		if (pl.bad) {
			/* Its writer scribbled over what it held: lost. */
			u32 i;

			*nruns = first;
			for (i = 0; i < ETW_STAGE_HOLDS; i++)
				if (st->holds[i].id)
					etw_hold_drop(st, &st->holds[i]);
		}
	}
	st->planned = true;
	(*nst)++;
	if (st->end == st->done)
		return;
	limit = min_t(u32, *nruns + budget, ETW_COLLECT_MAX_RUNS);
	pl = (struct etw_plan) {
		.pos = st->done, .end = st->end, .key = st->key,
		.lo = etw_col.floor, .cutoff = cut0, .stage = *nst - 1,
		.ncpu = nr_cpu_ids,
	};
	for (;;) {
		etw_plan_stage(&r, &pl, etw_col.runs, nruns,
			       min(etw_col.cap, limit));
		if (!pl.full || etw_col.cap >= limit ||
		    !etw_collect_grow_runs(*nruns + 1))
			break;
	}
	st->take = pl.pos;
	st->take_key = pl.key;
	st->bad = pl.bad;
	st->pending = pl.pos != st->end && !pl.bad;
	/*
	 * A stage whose share of the table ran out goes on next time, its
	 * records raised to that collect's floor: its writer's cost, and
	 * no reason to hold anyone else's records back.
	 */
	st->truncated = pl.full;
	if (!pl.full && st->busy && !st->pending && pl.key < *cut)
		*cut = pl.key;
	return;

not_planned:
	/* No memory to plan it this time: nothing later than it goes. */
	st->pending = true;
	if (st->end != st->done) {
		struct etw_peek pk;

		if (etw_ring_peek(&r, st->done, st->end, &pk) > 0)
			*cut = min(*cut, max3(pk.ts, st->key, etw_col.floor));
	}
}

/*
 * Lower the plan to @cut: new runs (in planning order, each stage's in
 * ring order) with keys above it shrink or go, and each stage's "take"
 * ends where its kept records end.  Held runs are below every cutoff.
 */
static u32 etw_collect_trim(u32 nruns, u64 cut)
{
	u32 i, n = 0;

	for (i = 0; i < nruns; i++) {
		struct etw_run *run = &etw_col.runs[i];
		struct etw_stage *st = etw_col.stages[run->stage];

		if (run->flags & ETW_RUN_HELD) {
			etw_col.runs[n++] = *run;
			continue;
		}
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

/*
 * The planned runs, merged in time, to the sessions they are for.
 * Return the records given.  Context: etw_collect_mutex held.
 */
static u64 etw_collect_emit(u32 nruns, u64 floor)
{
	struct etw_merge m;
	struct etw_piece pc;
	u64 moved = 0;
	u32 i = 0;

	lockdep_assert_held(&etw_collect_mutex);
	etw_merge_init(&m, etw_col.runs, nruns, floor, etw_col.rings,
		       &etw_col.mx);
	while (etw_merge_next(&m, &pc)) {
		struct etw_stage *st = etw_col.stages[pc.run->stage];
		u64 bits = pc.run->sessions & st->sessions;

		if (pc.lost || pc.run->cpu == ETW_RUN_BADCPU) {
			etw_emit_lost(st, &pc);
			continue;
		}
		moved += pc.count;
		while (bits) {
			u32 id = __ffs64(bits) + 1;

			bits &= bits - 1;
			if (id <= ETW_MAX_SESSIONS && etw_col.sess[id])
				etw_emit_to(etw_col.sess[id], st, &pc);
		}
		if (!(++i & 63))
			cond_resched();
	}
	return moved;
}

/*
 * After the emit: tails, holds, housekeeping.
 * Context: etw_collect_mutex held.
 */
static void etw_collect_commit(u64 now)
{
	struct etw_stage *st, *tmp;

	lockdep_assert_held(&etw_collect_mutex);
	list_for_each_entry_safe(st, tmp, &etw_collect_stages, cnode) {
		if (st->planned) {
			if (st->bad) {
				/* The rest cannot be framed: lost. */
				etw_count_lost(st, st->take, st->end);
				st->take = st->end;
			}
			if (st->take != st->done) {
				st->took = now;
				WRITE_ONCE(st->meta->collects,
					   st->meta->collects + 1);
			}
			st->done = st->take;
			st->key = st->take_key;
			etw_hold_commit(st);
		}
		etw_stage_housekeep(st, now);
	}
}

/**
 * etw_collect() - one collect: every stage's committed records below the
 * cutoff into the sessions' fast streams
 * @first:	a stage to plan first, with all the room it needs (its
 *		writer's STAGE_SEAL), or NULL
 *
 * The stages with records share the run table (ETW_COLLECT_MAX_RUNS):
 * @first takes what it needs, each other stage at most the rest divided
 * by the stages still to plan, in an order that rotates, so that no
 * stage's records keep another's from being collected.
 *
 * Context: etw_collect_mutex held; process context; may sleep.
 */
void etw_collect(struct etw_stage *first)
{
	u64 now, cut, cut0, floor;
	struct etw_stage *st, *rot = NULL;
	u32 nst = 0, nruns = 0, active, i;

	lockdep_assert_held(&etw_collect_mutex);
	now = ktime_get_ns();
	smp_mb();	/* "now" before any head: design.rst, "Collecting" */
	cut0 = now - ETW_COLLECT_MARGIN_NS;
	cut = cut0;
	for (i = 1; i <= ETW_MAX_SESSIONS; i++) {
		if (etw_col.sess[i]) {
			etw_col.sess[i]->fast.failed = false;
			etw_col.sess[i]->fast.got = false;
		}
	}

	active = etw_collect_scan(now, &cut, etw_block_purge_mask(now));
	if (first && first->end == first->done && !first->nholds)
		first = NULL;
	if (first)
		etw_collect_plan(first, &nst, &nruns, ETW_COLLECT_MAX_RUNS,
				 cut0, &cut);
	list_for_each_entry(st, &etw_collect_stages, cnode) {
		u32 left, budget;

		if (st == first || st->retired ||
		    (st->end == st->done && !st->nholds))
			continue;
		left = active - nst;
		budget = left ? (ETW_COLLECT_MAX_RUNS - min_t(u32, nruns,
				 ETW_COLLECT_MAX_RUNS)) / left : 0;
		etw_collect_plan(st, &nst, &nruns,
				 max_t(u32, budget, ETW_COLLECT_MIN_RUNS), cut0,
				 &cut);
		if (st->truncated && !rot)
			rot = st;
	}
	/* A writer busy forever holds the cutoff back one collect at most. */
	cut = max(cut, etw_col.base);
	if (cut < cut0)
		nruns = etw_collect_trim(nruns, cut);

	/* Held runs keep their keys, below the floor: the merge starts there. */
	floor = etw_col.floor;
	for (i = 0; i < nst; i++)
		if (etw_col.stages[i]->nholds)
			floor = min(floor, etw_col.stages[i]->tkey);
	etw_col.moved = etw_collect_emit(nruns, floor);
	etw_collect_commit(now);
	/* The first stage cut short by its share goes first next time. */
	if (rot)
		list_rotate_to_front(&rot->cnode, &etw_collect_stages);
	etw_col.floor = max(etw_col.floor, cut);
	etw_col.base = max(etw_col.base, cut0);
	etw_block_account(now);
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
 * if a writer busy at the first collect held its cutoff back.  Records
 * a blocking session has no room for stay in their stages.
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
		etw_collect(NULL);
	mutex_unlock(&etw_collect_mutex);
}

/* --- the worker ------------------------------------------------------------------ */

static void etw_collect_workfn(struct work_struct *work)
{
	unsigned int ms = etw_collect_ms();
	bool any;

	mutex_lock(&etw_collect_mutex);
	etw_collect(NULL);
	any = !list_empty(&etw_collect_stages);
	if (etw_col.moved || etw_col.nholds)
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
	u32 ncpu = nr_cpu_ids + 1;	/* and ETW_RUN_BADCPU */

	etw_col.copy = kvmalloc(ETW_COPY_SCRATCH, GFP_KERNEL);
	etw_col.mx.cpus = kvmalloc_array(ncpu, sizeof(*etw_col.mx.cpus),
					 GFP_KERNEL);
	etw_col.mx.top = kvmalloc_array(ncpu, sizeof(u32), GFP_KERNEL);
	etw_collect_wq = alloc_workqueue("etw_collect", WQ_UNBOUND, 1);
	if (!etw_col.copy || !etw_col.mx.cpus || !etw_col.mx.top ||
	    !etw_collect_wq)
		goto out_free;
	INIT_DELAYED_WORK(&etw_col.work, etw_collect_workfn);
	etw_col.interval = etw_collect_ms();
	return 0;

out_free:
	if (etw_collect_wq)
		destroy_workqueue(etw_collect_wq);
	kvfree(etw_col.mx.top);
	kvfree(etw_col.mx.cpus);
	kvfree(etw_col.copy);
	return -ENOMEM;
}

/* Every file is released and every session stopped (module exit). */
void etw_collect_exit(void)
{
	cancel_delayed_work_sync(&etw_col.work);
	destroy_workqueue(etw_collect_wq);
	mutex_lock(&etw_collect_mutex);
	WARN_ON(!list_empty(&etw_collect_stages));
	kvfree(etw_col.runs);
	etw_col.runs = NULL;
	etw_col.cap = 0;
	etw_merge_scratch_free(&etw_col.mx);
	kvfree(etw_col.mx.cpus);
	kvfree(etw_col.mx.top);
	etw_col.mx.cpus = NULL;
	etw_col.mx.top = NULL;
	kvfree(etw_col.stages);
	kvfree(etw_col.rings);
	etw_col.stages = NULL;
	etw_col.rings = NULL;
	etw_col.scap = 0;
	kvfree(etw_col.copy);
	etw_col.copy = NULL;
	mutex_unlock(&etw_collect_mutex);
}
