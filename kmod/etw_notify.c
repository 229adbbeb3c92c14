// SPDX-License-Identifier: GPL-2.0-only
/*
 * Enable notifications (PENABLECALLBACK, seed 000) and the waits of the
 * control calls that cause them.
 *
 * Each file has a queue of notifications in sequence order.  A
 * registration has at most one "state" notification queued: a newer
 * change moves it to the tail with a new sequence number, and the record
 * read(2) returns carries the registration's state at read time, so the
 * callback sees the resulting configuration (seed 000, rule 19).
 * CAPTURE_STATE requests are queued one by one and never merged.
 * User space acknowledges what its callbacks handled; a control call
 * waits, bounded, until every notification it caused is acknowledged or
 * its file is gone.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/sched/signal.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_trace.h"
#include "shared/etw_ioc.h"

/* Pending capture-state requests per file beyond which new ones drop. */
#define ETW_MAX_CAPTURE_PENDING	1024

static atomic64_t etw_notify_seq = ATOMIC64_INIT(0);
static DECLARE_WAIT_QUEUE_HEAD(etw_ack_wq);

/* Context: etw_lock held; may sleep. */
static void etw_waitlist_add(struct etw_waitlist *wl, struct etw_file *ef,
			     u64 seq)
{
	u32 i;

	lockdep_assert_held(&etw_lock);
	if (!wl)
		return;
	for (i = 0; i < wl->n; i++) {
		if (wl->e[i].file == ef) {
			wl->e[i].seq = max(wl->e[i].seq, seq);
			return;
		}
	}
	if (wl->n == wl->cap) {
		u32 cap = wl->cap ? wl->cap * 2 : 8;
		void *e = krealloc_array(wl->e, cap, sizeof(wl->e[0]),
					 GFP_KERNEL_ACCOUNT);

		if (!e)
			return;	/* we just do not wait for this one */
		wl->e = e;
		wl->cap = cap;
	}
	kref_get(&ef->ref);
	wl->e[wl->n].file = ef;
	wl->e[wl->n].seq = seq;
	wl->n++;
}

static void etw_notify_queued(struct etw_file *ef, struct etw_notify_item *it,
			      struct etw_waitlist *wl)
{
	struct etw_reg *reg = it->reg;

	list_add_tail(&it->node, &ef->notify);
	etw_waitlist_add(wl, ef, it->seq);
	trace_etw_notify(reg->handle, reg->guid,
			 it->capture ? ETW_CTRL_CAPTURE_STATE :
			 (reg->agg.n ? ETW_CTRL_ENABLE_PROVIDER :
			  ETW_CTRL_DISABLE_PROVIDER),
			 reg->agg.kw.level, reg->agg.kw.any, reg->agg.kw.all,
			 it->seq);
	if (ef->kernel)
		etw_kprov_kick();	/* kernel providers: etw_kprov.c */
	else
		wake_up_interruptible(&ef->notify_wq);
}

/**
 * etw_notify_state() - tell a provider its enable state changed
 * @reg:	the registration (with ETW_REG_F_CALLBACK)
 * @source_id:	SourceId of the caller, or NULL for GUID_NULL
 * @wl:		collects what to wait for, or NULL
 *
 * Context: etw_lock held.
 */
void etw_notify_state(struct etw_reg *reg, const u8 *source_id,
		      struct etw_waitlist *wl)
{
	struct etw_file *ef = reg->file;
	struct etw_notify_item *it = &reg->state_item;

	lockdep_assert_held(&etw_lock);
	if (ef->dead)
		return;
	if (reg->state_queued) {
		list_del(&it->node);
	} else {
		reg->state_queued = true;
		WRITE_ONCE(ef->npending, ef->npending + 1);
	}
	it->seq = atomic64_inc_return(&etw_notify_seq);
	it->capture = false;
	if (source_id)
		memcpy(it->source_id, source_id, 16);
	else
		memset(it->source_id, 0, 16);
	etw_notify_queued(ef, it, wl);
}

/**
 * etw_notify_capture() - ask a provider to log its state
 * @reg:	the registration (with ETW_REG_F_CALLBACK)
 * @source_id:	SourceId of the caller
 * @wl:		collects what to wait for, or NULL
 *
 * Context: etw_lock held; may sleep.
 */
void etw_notify_capture(struct etw_reg *reg, const u8 *source_id,
			struct etw_waitlist *wl)
{
	struct etw_file *ef = reg->file;
	struct etw_notify_item *it;

	lockdep_assert_held(&etw_lock);
	if (ef->dead)
		return;
	/*
	 * A process that does not read its notifications must not make the
	 * queue grow without bound: per file and per user, further requests
	 * are dropped (the provider's owner is charged, never exempt).
	 */
	if (ef->ncapture >= ETW_MAX_CAPTURE_PENDING ||
	    etw_user_charge(reg->user, ETW_Q_NOTIFY, 1, false)) {
		pr_warn_ratelimited("tgid %u does not read its notifications; capture-state request dropped\n",
				    reg->tgid);
		return;
	}
	it = kzalloc(sizeof(*it), GFP_KERNEL_ACCOUNT);
	if (!it) {
		etw_user_uncharge(reg->user, ETW_Q_NOTIFY, 1);
		return;
	}
	it->reg = reg;
	it->capture = true;
	it->seq = atomic64_inc_return(&etw_notify_seq);
	memcpy(it->source_id, source_id, 16);
	ef->ncapture++;
	WRITE_ONCE(ef->npending, ef->npending + 1);
	etw_notify_queued(ef, it, wl);
}

static void etw_notify_remove(struct etw_file *ef, struct etw_notify_item *it)
{
	list_del_init(&it->node);
	WRITE_ONCE(ef->npending, ef->npending - 1);
	if (it->capture) {
		ef->ncapture--;
		etw_user_uncharge(it->reg->user, ETW_Q_NOTIFY, 1);
		kfree(it);
	} else {
		it->reg->state_queued = false;
	}
}

/* Context: etw_lock held.  No callback for @reg after it unregistered. */
void etw_notify_drop_reg(struct etw_reg *reg)
{
	struct etw_file *ef = reg->file;
	struct etw_notify_item *it, *tmp;

	lockdep_assert_held(&etw_lock);
	list_for_each_entry_safe(it, tmp, &ef->notify, node)
		if (it->reg == reg)
			etw_notify_remove(ef, it);
}

/*
 * Provider-side filter data for the callback (seed 000, rule 16): one
 * filter from each enabling session that gave one.  A single filter is
 * passed as it came; several are passed as one SCHEMATIZED descriptor
 * whose data chains EVENT_FILTER_HEADERs (NextOffset), one per session,
 * each with InstanceId = the session's EventWriteEx Filter bit.
 */
#define ETW_FILTER_HEADER_SIZE	24

static u64 etw_session_bit(const struct etw_session *s)
{
	return 1ULL << (s->logger_id - 1);
}

/*
 * Write the filter data for @reg at @out, or with @out NULL only compute
 * its size.  The caller checks the room first: filter data is never cut.
 */
static u32 etw_filter_data(struct etw_reg *reg, u8 *out, u32 *type)
{
	struct etw_session **sess = etw_scratch_s;
	struct etw_entry **ent = etw_scratch_e;
	u32 i, n, nf = 0, size = 0, last = 0;

	n = etw_reg_entries(reg, sess, ent);
	for (i = 0; i < n; i++)
		if (ent[i]->pf_size)
			nf++;
	*type = 0;
	if (!nf)
		return 0;
	for (i = 0; i < n; i++) {
		struct etw_entry *e = ent[i];
		bool raw = e->pf_type == ETW_FILTER_TYPE_SCHEMATIZED &&
			   e->pf_size >= ETW_FILTER_HEADER_SIZE;
		u32 need;
		u8 *h;

		if (!e->pf_size)
			continue;
		if (nf == 1) {
			*type = e->pf_type;
			if (!out)
				return e->pf_size;
			memcpy(out, e->pf_data, e->pf_size);
			if (raw)	/* InstanceId of EVENT_FILTER_HEADER */
				put_unaligned_le64(etw_session_bit(sess[i]), out + 8);
			return e->pf_size;
		}
		need = (raw ? 0 : ETW_FILTER_HEADER_SIZE) + e->pf_size;
		if (out) {
			h = out + size;
			if (raw) {
				memcpy(h, e->pf_data, e->pf_size);
			} else {
				memset(h, 0, ETW_FILTER_HEADER_SIZE);
				put_unaligned_le32(need, h + 16);	/* Size */
				memcpy(h + ETW_FILTER_HEADER_SIZE, e->pf_data,
				       e->pf_size);
			}
			put_unaligned_le64(etw_session_bit(sess[i]), h + 8);
			put_unaligned_le32(0, h + 20);		/* NextOffset */
			if (size)
				put_unaligned_le32(size - last, out + last + 20);
		}
		last = size;
		size += ALIGN(need, 8);
	}
	*type = ETW_FILTER_TYPE_SCHEMATIZED;
	return size;
}

/*
 * Build the record for @it at @out; returns its size, 0 if it does not
 * fit in @room (at most ETW_NOTIFY_MAX_SIZE is ever needed).
 */
static u32 etw_notify_build(struct etw_notify_item *it, u8 *out, u32 room)
{
	struct etw_reg *reg = it->reg;
	struct etw_notification *n = (void *)out;
	u32 fsize = 0, ftype = 0, size;

	if (reg->agg.n)
		fsize = etw_filter_data(reg, NULL, &ftype);
	size = sizeof(*n) + ALIGN(fsize, 8);
	if (WARN_ON_ONCE(size > ETW_NOTIFY_MAX_SIZE) || room < size)
		return 0;
	memset(n, 0, sizeof(*n));
	n->handle = reg->handle;
	n->seq = it->seq;
	memcpy(n->source_id, it->source_id, 16);
	if (reg->flags & ETW_REG_F_CLASSIC)
		n->flags |= ETW_NOTIFY_F_CLASSIC;
	n->logger = reg->logger;
	if (it->capture)
		n->code = ETW_CTRL_CAPTURE_STATE;
	else
		n->code = reg->agg.n ? ETW_CTRL_ENABLE_PROVIDER :
				       ETW_CTRL_DISABLE_PROVIDER;
	if (reg->agg.n) {
		n->level = reg->agg.kw.level;
		n->match_any = reg->agg.kw.any;
		n->match_all = reg->agg.kw.all;
		if (fsize)
			etw_filter_data(reg, out + sizeof(*n), &ftype);
		n->filter_size = fsize;
		n->filter_type = ftype;
		memset(out + sizeof(*n) + fsize, 0, ALIGN(fsize, 8) - fsize);
	}
	n->size = size;
	return size;
}

/**
 * etw_notify_take() - take queued notifications as records
 * @ef:		the file
 * @out:	where the records go
 * @room:	its bytes
 *
 * As many whole records as fit, in sequence order; each carries its
 * registration's state now.  They count as read (NOTIFY_ACK may
 * acknowledge them).
 *
 * Context: etw_lock held.
 * Return: bytes used, 0 when nothing was queued or the first record
 * does not fit.
 */
u32 etw_notify_take(struct etw_file *ef, u8 *out, u32 room)
{
	u64 last_seq = 0;
	u32 used = 0;

	lockdep_assert_held(&etw_lock);
	while (!list_empty(&ef->notify)) {
		struct etw_notify_item *it;
		u32 size;

		it = list_first_entry(&ef->notify, struct etw_notify_item, node);
		size = etw_notify_build(it, out + used, room - used);
		if (!size)
			break;
		used += size;
		last_seq = it->seq;
		etw_notify_remove(ef, it);
	}
	if (last_seq > ef->delivered)
		WRITE_ONCE(ef->delivered, last_seq);
	return used;
}

/**
 * etw_notify_take_reg() - take one registration's queued state record
 * @reg:	the registration
 * @out:	where the record goes (ETW_NOTIFY_MAX_SIZE bytes)
 *
 * For a registering thread that runs its first callback itself: the
 * record leaves the queue out of order, so it does not count as read,
 * and nobody waits for it (registering is not a control call).
 *
 * Context: etw_lock held.
 * Return: bytes used, 0 when nothing was queued for @reg.
 */
u32 etw_notify_take_reg(struct etw_reg *reg, u8 *out)
{
	u32 size;

	lockdep_assert_held(&etw_lock);
	if (!reg->state_queued)
		return 0;
	size = etw_notify_build(&reg->state_item, out, ETW_NOTIFY_MAX_SIZE);
	if (size)
		etw_notify_remove(reg->file, &reg->state_item);
	return size;
}

ssize_t etw_notify_read(struct etw_file *ef, char __user *buf, size_t count,
			bool nonblock)
{
	u32 room = min_t(size_t, count, 256 * 1024), used = 0;
	u8 *kbuf;
	int ret;

	if (count < sizeof(struct etw_notification))
		return -EINVAL;
	while (!READ_ONCE(ef->npending)) {
		if (nonblock)
			return -EAGAIN;
		ret = wait_event_interruptible(ef->notify_wq,
					       READ_ONCE(ef->npending));
		if (ret)
			return ret;
	}
	kbuf = kvmalloc(room, GFP_KERNEL_ACCOUNT);
	if (!kbuf)
		return -ENOMEM;

	mutex_lock(&etw_lock);
	used = etw_notify_take(ef, kbuf, room);
	mutex_unlock(&etw_lock);

	if (!used)
		ret = -EINVAL;	/* the buffer cannot hold the first record */
	else if (copy_to_user(buf, kbuf, used))
		ret = -EFAULT;
	else
		ret = used;
	kvfree(kbuf);
	return ret;
}

/**
 * etw_notify_ack() - the callbacks of @ef's notifications up to @seq ran
 * @ef:		the file
 * @seq:	the last sequence number handled
 *
 * Context: any process context, no locks needed.
 */
void etw_notify_ack(struct etw_file *ef, u64 seq)
{
	s64 old;

	/* What was never read cannot have been handled. */
	seq = min(seq, READ_ONCE(ef->delivered));
	old = atomic64_read(&ef->acked);
	while (old < (s64)seq) {
		s64 cur = atomic64_cmpxchg(&ef->acked, old, seq);

		if (cur == old)
			break;
		old = cur;
	}
	wake_up_all(&etw_ack_wq);
}

long etw_ioctl_notify_ack(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_notify_ack a;
	int ret;

	ret = copy_struct_from_user(&a, sizeof(a), uarg, usize);
	if (ret)
		return ret;
	if (a.__reserved || a.seq > (u64)S64_MAX)
		return -EINVAL;
	etw_notify_ack(ef, a.seq);
	return 0;
}

/**
 * etw_waitlist_wait() - wait until the notifications a call caused are
 * acknowledged
 * @wl:		what to wait for
 * @timeout_ms:	bound of the whole wait
 *
 * A dead file (its process exited) counts as done: a stuck or dead
 * process cannot hang the controller.
 *
 * Context: process context, no locks held.
 * Return: 0, -ETIMEDOUT or -ERESTARTSYS.
 */
int etw_waitlist_wait(struct etw_waitlist *wl, unsigned int timeout_ms)
{
	unsigned long left = msecs_to_jiffies(timeout_ms);
	u32 i;
	long r;

	for (i = 0; i < wl->n; i++) {
		struct etw_file *ef = wl->e[i].file;
		s64 seq = wl->e[i].seq;

		r = wait_event_interruptible_timeout(etw_ack_wq,
				atomic64_read(&ef->acked) >= seq ||
				READ_ONCE(ef->dead), left ? left : 1);
		if (r < 0)
			return r;
		if (r == 0)
			return -ETIMEDOUT;
		left = r;
	}
	return 0;
}

void etw_waitlist_release(struct etw_waitlist *wl)
{
	u32 i;

	for (i = 0; i < wl->n; i++)
		etw_file_put(wl->e[i].file);
	kfree(wl->e);
	wl->e = NULL;
	wl->n = 0;
	wl->cap = 0;
}

/* The file is closing: nobody will read or acknowledge any more. */
void etw_notify_file_dead(struct etw_file *ef)
{
	struct etw_notify_item *it, *tmp;

	mutex_lock(&etw_lock);
	WRITE_ONCE(ef->dead, true);
	list_for_each_entry_safe(it, tmp, &ef->notify, node)
		etw_notify_remove(ef, it);
	mutex_unlock(&etw_lock);
	wake_up_all(&etw_ack_wq);
}
