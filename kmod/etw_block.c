// SPDX-License-Identifier: GPL-2.0-only
/*
 * Blocking sessions (ETW_TRACE_BLOCKING_INFO): the records stages hold
 * back for a blocking session that has no free buffer (the collector
 * never waits for one), the congestion word of the global page, writers
 * waiting in ETW_IOC_STAGE_WAIT, the timeout after which a session is
 * stalled.  Documentation/design.rst, "Losses, blocking".
 *
 * Locking: etw_collect_mutex (the stages' holds, the collector's table
 * and the sessions' fast state); the congestion word with atomic bit
 * operations.
 */
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>

#include "etw_internal.h"
#include "etw_buffer.h"
#include "etw_collect.h"
#include "shared/etw_etl.h"

/* A writer's wait when its sessions stopped meanwhile: one pass. */
#define ETW_BLOCK_GONE_MS	10

/* --- records held back ---------------------------------------------------------- */

/*
 * Does @s keep what it has no buffer for in the stages (blocking, and not
 * stalled)?  Context: any.
 */
bool etw_block_holds(struct etw_session *s)
{
	return READ_ONCE(s->fast.block_ms) && !READ_ONCE(s->fast.stalled);
}

/*
 * @st's hold for the session of logger id @id, or NULL.
 * Context: etw_collect_mutex held.
 */
struct etw_hold *etw_hold_find(struct etw_stage *st, u16 id)
{
	u32 i;

	lockdep_assert_held(&etw_collect_mutex);
	if (!st->nholds)
		return NULL;
	for (i = 0; i < ETW_STAGE_HOLDS; i++)
		if (st->holds[i].id == id)
			return &st->holds[i];
	return NULL;
}

/* Mark every fast stream of @s: the next buffer says events were lost. */
static void etw_block_lost(struct etw_session *s, u32 n)
{
	u32 i;

	if (!n)
		return;
	atomic64_add(n, &s->pool->events_lost);
	for (i = 0; i < s->pool->nr_streams; i++)
		s->pool->fstreams[i].lost = true;
}

/**
 * etw_hold_skip() - @s found no buffer: @st keeps its records for it
 * @st:		the stage
 * @s:		a blocking session, served
 * @h:		its hold of @st, or NULL
 * @pos:	the first record of @st it did not get
 * @key:	the key that record is planned from again
 * @end:	the end of the piece @pos is in
 *
 * Every piece is given in ring order per stage (etw_merge), so what @s
 * got of @st is exactly what lies before @pos.  A hold that this collect
 * already set stays where it is.  With no slot left (ETW_STAGE_HOLDS
 * sessions hold @st already) the piece's records are lost for @s,
 * counted.
 *
 * Context: etw_collect_mutex held.
 */
void etw_hold_skip(struct etw_stage *st, struct etw_session *s,
		   struct etw_hold *h, u64 pos, u64 key, u64 end)
{
	u32 i;

	lockdep_assert_held(&etw_collect_mutex);
	if (h) {
		if (!h->fresh) {
			h->fresh = true;
			h->pos = pos;
			h->key = key;
		}
		return;
	}
	for (i = 0; i < ETW_STAGE_HOLDS && st->holds[i].id; i++)
		;
	if (i == ETW_STAGE_HOLDS) {
		rcu_read_lock();
		etw_block_lost(s, etw_lost_for(st, s, pos, end));
		rcu_read_unlock();
		return;
	}
	h = &st->holds[i];
	h->id = s->logger_id;
	h->fresh = true;
	h->pos = pos;
	h->key = key;
	st->nholds++;
	WRITE_ONCE(etw_col.nholds, etw_col.nholds + 1);
}

/*
 * @st's tail: its lowest hold, or done.  Published with release: every
 * read of the ring this collect made comes before the writer may reuse
 * it (the writer's acquire load of tail; uapi, "Memory ordering").
 * Context: etw_collect_mutex held.
 */
void etw_stage_set_tail(struct etw_stage *st)
{
	u64 tail = st->done, tkey = st->key;
	u32 i;

	lockdep_assert_held(&etw_collect_mutex);
	for (i = 0; st->nholds && i < ETW_STAGE_HOLDS; i++) {
		const struct etw_hold *h = &st->holds[i];

		if (h->id && (h->pos < tail || (h->pos == tail && h->key < tkey))) {
			tail = h->pos;
			tkey = h->key;
		}
	}
	st->tail = tail;
	st->tkey = tkey;
	/* Pairs with the writer's smp_load_acquire() of tail (fastpath.c). */
	smp_store_release(&st->meta->tail, tail);
}

static void etw_hold_free(struct etw_stage *st, struct etw_hold *h)
{
	memset(h, 0, sizeof(*h));
	st->nholds--;
	WRITE_ONCE(etw_col.nholds, etw_col.nholds - 1);
}

/**
 * etw_hold_drop() - give up what @st holds for a session
 * @st:		the stage
 * @h:		its hold
 *
 * The records are counted lost for the session (those that were its:
 * etw_lost_for()), and the stage's tail moves on.
 *
 * Context: etw_collect_mutex held.
 */
void etw_hold_drop(struct etw_stage *st, struct etw_hold *h)
{
	struct etw_session *s = etw_col.sess[h->id];

	lockdep_assert_held(&etw_collect_mutex);
	if (s) {
		rcu_read_lock();
		etw_block_lost(s, etw_lost_for(st, s, h->pos, st->done));
		rcu_read_unlock();
	}
	etw_hold_free(st, h);
	etw_stage_set_tail(st);
}

/*
 * After a collect that planned @st: a hold it did not set again was
 * satisfied (its session got every record it was due), the others stay.
 * Context: etw_collect_mutex held.
 */
void etw_hold_commit(struct etw_stage *st)
{
	u32 i;

	lockdep_assert_held(&etw_collect_mutex);
	for (i = 0; st->nholds && i < ETW_STAGE_HOLDS; i++) {
		struct etw_hold *h = &st->holds[i];

		if (!h->id)
			continue;
		if (h->fresh)
			h->fresh = false;
		else
			etw_hold_free(st, h);
	}
	etw_stage_set_tail(st);
}

/*
 * The sessions whose holds go at this collect: stuck for a whole blocking
 * timeout (their readers took no buffer back; they are stalled now: their
 * losses are counted until half their buffers are free), or no longer
 * blocking.  Context: etw_collect_mutex held.
 */
u64 etw_block_purge_mask(u64 now)
{
	u64 mask = 0;
	u32 i;

	lockdep_assert_held(&etw_collect_mutex);
	if (!etw_col.nholds)
		return 0;
	for (i = 1; i <= ETW_MAX_SESSIONS; i++) {
		struct etw_session *s = etw_col.sess[i];
		u32 ms;

		if (!s || !READ_ONCE(s->fast.holds))
			continue;
		ms = READ_ONCE(s->fast.block_ms);
		if (ms && !READ_ONCE(s->fast.stalled) &&
		    (!s->fast.stuck ||
		     now - s->fast.stuck <= (u64)ms * NSEC_PER_MSEC))
			continue;
		if (ms)
			WRITE_ONCE(s->fast.stalled, true);
		mask |= 1ULL << (i - 1);
	}
	return mask;
}

/*
 * After a collect: each session's holds, the lowest key they hold (its
 * watermark's bound), whether it is stuck, and its congestion bit.
 * Context: etw_collect_mutex held.
 */
void etw_block_account(u64 now)
{
	u32 n[ETW_MAX_SESSIONS + 1] = { 0 };
	struct etw_stage *st;
	u32 i;

	lockdep_assert_held(&etw_collect_mutex);
	for (i = 1; i <= ETW_MAX_SESSIONS; i++)
		if (etw_col.sess[i])
			etw_col.sess[i]->fast.hold_key = U64_MAX;
	if (etw_col.nholds) {
		list_for_each_entry(st, &etw_collect_stages, cnode) {
			for (i = 0; st->nholds && i < ETW_STAGE_HOLDS; i++) {
				struct etw_hold *h = &st->holds[i];
				struct etw_session *s;

				s = h->id ? etw_col.sess[h->id] : NULL;
				if (!s)
					continue;
				n[h->id]++;
				s->fast.hold_key = min(s->fast.hold_key, h->key);
			}
		}
	}
	for (i = 1; i <= ETW_MAX_SESSIONS; i++) {
		struct etw_session *s = etw_col.sess[i];

		if (!s)
			continue;
		if (s->fast.failed && !s->fast.got) {
			if (!s->fast.stuck)
				s->fast.stuck = now;
		} else {
			s->fast.stuck = 0;
		}
		if (READ_ONCE(s->fast.holds) != n[i]) {
			WRITE_ONCE(s->fast.holds, n[i]);
			etw_pool_block_update(s->pool);
		}
	}
}

/*
 * Give up what stages hold for @s (it stops).  Context: etw_collect_mutex
 * held.
 */
void etw_block_forget(struct etw_session *s)
{
	struct etw_stage *st;
	struct etw_hold *h;

	lockdep_assert_held(&etw_collect_mutex);
	if (!etw_col.nholds)
		return;
	list_for_each_entry(st, &etw_collect_stages, cnode) {
		h = etw_hold_find(st, s->logger_id);
		if (h)
			etw_hold_drop(st, h);
	}
	WRITE_ONCE(s->fast.holds, 0);
	s->fast.hold_key = U64_MAX;
}

/**
 * etw_block_release() - give up what @ef's stages hold for @sessions
 * @ef:		a file whose registration's state is about to change
 * @sessions:	bit (logger_id - 1) per session whose state for it changes
 *
 * Held records are judged when they are copied, by the state then; for
 * these sessions that would be a state they were not written under, so
 * they are counted lost now, judged by the state they were written under
 * (Documentation/design.rst, "Losses, blocking").
 *
 * Context: etw_lock held; takes etw_collect_mutex.
 */
void etw_block_release(struct etw_file *ef, u64 sessions)
{
	struct etw_stage *st;
	u32 i;

	lockdep_assert_held(&etw_lock);
	if (!sessions || !READ_ONCE(etw_col.nholds))
		return;
	mutex_lock(&etw_collect_mutex);
	list_for_each_entry(st, &etw_collect_stages, cnode) {
		if (st->file != ef || !st->nholds)
			continue;
		for (i = 0; i < ETW_STAGE_HOLDS; i++) {
			struct etw_hold *h = &st->holds[i];

			if (h->id && (sessions & (1ULL << (h->id - 1))))
				etw_hold_drop(st, h);
		}
	}
	etw_block_account(ktime_get_ns());
	mutex_unlock(&etw_collect_mutex);
}

/**
 * etw_stage_held_ms() - what @st holds back, and whether it moved
 * @st:		a stage
 * @moved:	set if a session holding @st got records in the last
 *		collect (it is slow, not stuck), else left alone
 *
 * Context: etw_collect_mutex held.
 * Return: the longest blocking timeout of the sessions @st holds records
 * back for (0: it holds none).
 */
u32 etw_stage_held_ms(struct etw_stage *st, bool *moved)
{
	u32 i, ms = 0;

	lockdep_assert_held(&etw_collect_mutex);
	for (i = 0; st->nholds && i < ETW_STAGE_HOLDS; i++) {
		struct etw_session *s = st->holds[i].id ?
			etw_col.sess[st->holds[i].id] : NULL;

		if (!s)
			continue;
		ms = max(ms, READ_ONCE(s->fast.block_ms));
		if (s->fast.got)
			*moved = true;
	}
	return ms;
}

/* Does any stage of @ef hold records?  The longest timeout, in *@ms. */
static bool etw_block_file_held(struct etw_file *ef, u32 *ms, bool *moved)
{
	struct etw_stage *st;
	bool held = false;

	if (!etw_col.nholds)
		return false;
	list_for_each_entry(st, &etw_collect_stages, cnode) {
		if (st->file != ef || !st->nholds)
			continue;
		held = true;
		*ms = max(*ms, etw_stage_held_ms(st, moved));
	}
	return held;
}

/**
 * etw_fast_wait_held() - the writer waits for what its stages hold
 * @ef:		its file, about to unregister a provider
 *
 * Every record its stages have committed until now is collected first
 * (those that find no buffer in a blocking session are held back for
 * it, not lost).  Held records are copied as their readers free
 * buffers: collects run meanwhile until none is held, or a fatal
 * signal, or the longest timeout among those sessions (and a second
 * more) passes without a collect that gave one of them a record (after
 * which the collector gives the holds up, counted).  Nobody else waits:
 * no lock is held between the collects.
 *
 * Context: process context, no locks held.
 */
void etw_fast_wait_held(struct etw_file *ef)
{
	unsigned long deadline = 0;
	bool held, moved;
	u32 ms = 0;

	if (etw_fast_file_pending(ef))
		etw_collect_until(ktime_get_ns());
	while (READ_ONCE(etw_col.nholds)) {
		if (mutex_lock_killable(&etw_collect_mutex))
			return;
		/* Anything held?  Then whether a collect moves it. */
		held = etw_block_file_held(ef, &ms, &moved);
		if (held) {
			moved = false;
			etw_collect(NULL);
			held = etw_block_file_held(ef, &ms, &moved);
		}
		mutex_unlock(&etw_collect_mutex);
		if (!held)
			return;
		if (!deadline || moved)
			deadline = jiffies + msecs_to_jiffies(ms) + HZ;
		if (time_after(jiffies, deadline) ||
		    schedule_timeout_killable(1) || fatal_signal_pending(current))
			return;
	}
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
	s->fast.stuck = 0;
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
 * up).  After the longest timeout of those sessions without progress
 * (a collect that gave none of them a record), the ones still congested
 * are marked stalled: nobody waits for them until they recover.
 *
 * Context: process context; takes etw_collect_mutex; may sleep.
 * Return: 0, or -EINTR on a fatal signal.
 */
int etw_block_wait(u64 sessions)
{
	unsigned long *word = (unsigned long *)&etw_global->congested;
	unsigned long deadline = 0, span = 0;
	u64 mask = sessions & READ_ONCE(etw_global->congested);

	while (mask) {
		bool moved = false;
		u64 bits;

		if (mutex_lock_killable(&etw_collect_mutex))
			return -EINTR;
		if (!span) {
			u32 ms = 0;

			for (bits = mask; bits; bits &= bits - 1) {
				struct etw_session *s = etw_col.sess[__ffs64(bits) + 1];

				if (s)
					ms = max(ms, READ_ONCE(s->fast.block_ms));
			}
			span = msecs_to_jiffies(ms ? ms : ETW_BLOCK_GONE_MS);
			deadline = jiffies + span;
		}
		etw_collect(NULL);
		mask &= READ_ONCE(etw_global->congested);
		/*
		 * A session whose reader took buffers back in that collect
		 * is slow, not stuck (other writers may fill what it frees):
		 * the timeout counts from its last progress.
		 */
		for (bits = mask; bits; bits &= bits - 1) {
			struct etw_session *s = etw_col.sess[__ffs64(bits) + 1];

			if (s && s->fast.got)
				moved = true;
		}
		if (moved)
			deadline = jiffies + span;
		if (mask && time_after(jiffies, deadline)) {
			for (bits = mask; bits; bits &= bits - 1) {
				u32 bit = __ffs64(bits);
				struct etw_session *s = etw_col.sess[bit + 1];

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

