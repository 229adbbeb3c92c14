// SPDX-License-Identifier: GPL-2.0-only
/*
 * Blocking sessions (ETW_TRACE_BLOCKING_INFO): the congestion word of
 * the global page, writers waiting in ETW_IOC_STAGE_WAIT, the timeout
 * after which a session is stalled.  Documentation/design.rst, "Losses,
 * blocking".
 *
 * Locking: etw_collect_mutex (the collector's table and the sessions'
 * fast state); the congestion word with atomic bit operations.
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
bool etw_fstream_wait(struct etw_session *s, struct etw_stream *fs)
	__must_hold(RCU)
{
	u32 ms = READ_ONCE(s->fast.block_ms);
	unsigned long end;
	bool ok = false;

	if (!ms || READ_ONCE(s->fast.stalled))
		return false;
	end = jiffies + msecs_to_jiffies(ms);
	rcu_read_unlock();
	atomic_inc(&etw_col.waiting);
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
	atomic_dec(&etw_col.waiting);
	rcu_read_lock();
	return ok;
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
				struct etw_session *s = etw_col.sess[__ffs64(bits) + 1];

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

