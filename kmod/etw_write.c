// SPDX-License-Identifier: GPL-2.0-only
/*
 * EventWriteEx: one ioctl per event.  TraceEvent(Instance) and
 * TraceMessage (classic providers, one session each) at the end.
 *
 * The event is described once (descriptor types, extended items, sizes),
 * then written to every session that wants it: the session's level and
 * keywords (seed 000, rule 15), its event-ID filter, the EventWriteEx
 * Filter bit and EXCLUDE_INPRIVATE.  For each, under the stream lock, the
 * timestamp is taken, room is reserved and the header, the extended items
 * and the descriptors' bytes are copied straight from user memory into
 * the buffer, concatenated without padding (seed 002, rule 8).
 *
 * Nothing may sleep under the stream lock, so the copies run with page
 * faults disabled; if one faults, the reservation is not committed, the
 * lock is dropped, the pages are faulted in and the write is retried for
 * the sessions that do not have the event yet.
 *
 * Kernel-mode providers (EtwWrite, etw_kprov.c) take the same path with
 * descriptors that point to kernel memory (etw_write_kernel()), from any
 * context but NMI.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/sched.h>
#include <linux/sched/cputime.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/pagemap.h>
#include <linux/math64.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_buffer.h"
#include "etw_ksys.h"
#include "etw_trace.h"
#include "shared/etw_etl.h"
#include "shared/etw_runs.h"

/* EVENT_DATA_DESCRIPTOR_TYPE_* (seed 002, rule 4) */
#define ETW_DESC_NONE			0
#define ETW_DESC_EVENT_METADATA		1
#define ETW_DESC_PROVIDER_METADATA	2
#define ETW_DESC_TIMESTAMP_OVERRIDE	3

#define ETW_STACK_DESCS			16

/* The CPU times of the writer (seed 003, rule 14): etw_internal.h. */
static inline void etw_put_cpu_times(u8 *at, const struct etw_session *s)
{
	etw_put_task_cpu_times(at, current, etw_session_private(s));
}

/**
 * struct etw_event - one event, described once for all its sessions
 * @w:		the request
 * @d:		its data descriptors (kernel copy)
 * @n:		how many
 * @kind:	per descriptor: ETW_DESC_* after honouring Type or not
 * @traits:	PROV_TRAITS from EventSetInformation (kernel memory), or NULL
 * @traits_len:	its size
 * @prov_meta:	index of a PROVIDER_METADATA descriptor used as PROV_TRAITS
 * @meta_size:	bytes of EVENT_METADATA (the EVENT_SCHEMA_TL item)
 * @payload:	bytes of user data
 * @ts_ptr:	user address of a TIMESTAMP_OVERRIDE value, or 0
 * @nitems:	extended items
 * @size:	header + items + user data
 * @flags:	EVENT_HEADER.Flags
 * @kernel:	a kernel-mode provider's event: @d and what it points to,
 *		@ts_ptr included, are kernel memory
 * @nested:	a kernel-mode event raised while this CPU holds a stream
 *		lock (from inside a writer): lost and counted, not written
 * @frames:	the writer's call stack (kernel copy), or NULL: its user
 *		frames (ETW_IOC_WRITE's @stack), or a kernel-mode event's
 *		kernel frames then the user frames of the current process
 * @nframes:	addresses at @frames
 * @nk:		of them, kernel frames (the first)
 * @me:		with kernel frames, whose process it is (etw_kowner())
 * @sfirst:	for the session being written: its first frame
 * @scount:	its frames (0: no STACK_TRACE64 item)
 * @sinfo:	for the session being written: the ETW_PROP_INFO items
 * @ssize:	for the session being written: the record's size with them
 * @key:	the EVENT_KEY, the same in every session (0: not drawn yet)
 */
struct etw_event {
	const struct etw_write *w;
	const struct etw_data_desc *d;
	u32 n;
	u8 kind[ETW_MAX_DATA_DESCRIPTORS];
	const u8 *traits;
	u32 traits_len;
	int prov_meta;
	u32 meta_size;
	u32 payload;
	u64 ts_ptr;
	u32 nitems;
	u32 size;
	u16 flags;
	bool kernel;
	bool nested;
	const u64 *frames;
	u32 nframes;
	u32 nk;
	kuid_t me;
	u32 sfirst;
	u32 scount;
	u32 sinfo;
	u32 ssize;
	u64 key;
};

/* EVENT_KEYs of the ioctl path (the stages' have the top bit clear). */
static atomic64_t etw_event_keys = ATOMIC64_INIT(0);

/*
 * Seed 002, rules 4-6: Type is honoured only for a registration that
 * opted in (traits set, or EventProviderUseDescriptorType); then
 * Reserved1/2 must be 0, provider metadata is ignored when traits were
 * set by EventSetInformation, and a timestamp override is 8 bytes.
 *
 * Context: rcu_read_lock() held (reads the registration).
 */
static int etw_event_describe(struct etw_event *ev, struct etw_reg *reg)
{
	const struct etw_write *w = ev->w;
	bool use_type = READ_ONCE(reg->use_desc_type);
	u64 payload = 0, meta = 0;
	u32 i;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "needs rcu_read_lock()");
	/* Pairs with smp_store_release() in etw_set_traits(). */
	ev->traits = smp_load_acquire(&reg->traits);
	ev->traits_len = ev->traits ? reg->traits_len : 0;
	ev->prov_meta = -1;
	ev->ts_ptr = 0;
	for (i = 0; i < ev->n; i++) {
		const struct etw_data_desc *d = &ev->d[i];
		u8 kind = ETW_DESC_NONE;

		if (d->size && !ev->kernel &&
		    !access_ok(u64_to_user_ptr(d->ptr), d->size))
			return -EFAULT;
		if (use_type) {
			if (d->reserved1 || d->reserved2 ||
			    d->type > ETW_DESC_TIMESTAMP_OVERRIDE)
				return -EINVAL;
			kind = d->type;
		}
		ev->kind[i] = kind;
		switch (kind) {
		case ETW_DESC_EVENT_METADATA:
			meta += d->size;
			break;
		case ETW_DESC_PROVIDER_METADATA:
			if (ev->traits)
				break;	/* ignored: traits were set */
			if (ev->prov_meta >= 0)
				return -EINVAL;
			ev->prov_meta = i;
			break;
		case ETW_DESC_TIMESTAMP_OVERRIDE:
			if (d->size != 8 || ev->ts_ptr)
				return -EINVAL;
			ev->ts_ptr = d->ptr;
			break;
		default:
			payload += d->size;
			break;
		}
	}

	ev->nitems = 0;
	ev->size = sizeof(struct etl_event_header);
	if (w->flags & ETW_WRITE_F_RELATED) {
		ev->nitems++;
		ev->size += etl_ext_item_size(16);
	}
	if (ev->traits) {
		ev->nitems++;
		ev->size += etl_ext_item_size(ev->traits_len);
	} else if (ev->prov_meta >= 0) {
		ev->nitems++;
		ev->size += etl_ext_item_size(min_t(u32, ev->d[ev->prov_meta].size,
						    ETW_MAX_EVENT_SIZE + 1));
	}
	if (meta) {
		ev->nitems++;
		ev->size += etl_ext_item_size(min_t(u64, meta, ETW_MAX_EVENT_SIZE + 1));
	}
	ev->meta_size = min_t(u64, meta, ETW_MAX_EVENT_SIZE + 1);
	if (payload > ETW_MAX_EVENT_SIZE)
		payload = ETW_MAX_EVENT_SIZE + 1;	/* surely too big */
	ev->payload = payload;
	ev->size += payload;
	/*
	 * Seed 002, rule 9: an event over 64 KB - metadata included - is
	 * dropped by each session that wants it and counted lost there
	 * (etw_record_write()), not refused before any session sees it.
	 */
	if (ev->size > ETW_MAX_EVENT_SIZE)
		ev->size = ETW_MAX_EVENT_SIZE + 1;
	ev->flags = ev->nitems ? ETL_EH_FLAG_EXTENDED_INFO : 0;
	if (w->flags & ETW_WRITE_F_STRING_ONLY)
		ev->flags |= ETL_EH_FLAG_STRING_ONLY;
	return 0;
}

/*
 * Copy one user block.  Checks access_ok() itself; with page faults
 * disabled by the caller it never sleeps.  Returns non-zero if the range
 * is not user memory or the copy faulted.
 *
 * Events are mostly small: blocks up to 256 bytes are copied in 8-byte
 * words inside one user-access window, larger ones with the
 * architecture's raw copy.  Neither goes through hardened-usercopy's
 * object checks (the destination is our own buffer), whose vmalloc lookup
 * takes a global lock that writers on different CPUs would share.
 */
static unsigned long etw_copy_block(u8 *dst, u64 src, u32 size)
{
	const u8 __user *s = u64_to_user_ptr(src);
	u64 w;
	u8 b;

	if (size > 256)
		return access_ok(s, size) ? raw_copy_from_user(dst, s, size) :
					    size;
	if (!user_access_begin(s, size))
		return size;
	for (; size >= 8; size -= 8, s += 8, dst += 8) {
		unsafe_get_user(w, (const u64 __user *)s, fault);
		put_unaligned(w, (u64 *)dst);
	}
	for (; size; size--, s++, dst++) {
		unsafe_get_user(b, s, fault);
		*dst = b;
	}
	user_access_end();
	return 0;
fault:
	user_access_end();
	return 1;
}

/*
 * The blocks of @d back to back from @p (no padding), then zeros up to
 * @end.  Context: page faults disabled.  Return: 0 or -EFAULT.
 */
static int etw_copy_blocks(u8 *p, u8 *end, const struct etw_data_desc *d,
			   u32 n)
{
	u32 i;

	for (i = 0; i < n; i++) {
		if (!d[i].size)
			continue;
		if (etw_copy_block(p, d[i].ptr, d[i].size))
			return -EFAULT;
		p += d[i].size;
	}
	memset(p, 0, end - p);
	return 0;
}

/* One block of @ev's data: kernel memory, or user memory (may fault). */
static unsigned long etw_ev_copy(const struct etw_event *ev, u8 *dst, u64 src,
				 u32 size)
{
	if (ev->kernel) {
		memcpy(dst, (const void *)(uintptr_t)src, size);
		return 0;
	}
	return etw_copy_block(dst, src, size);
}

static u8 *etw_item_header(u8 *p, u16 type, u32 size, bool more)
{
	struct etl_ext_item *it = (void *)p;

	it->item_size = etl_ext_item_size(size);
	it->ext_type = type;
	it->linkage = more;
	it->data_size = size;
	/* Zero the padding now; the data is copied in afterwards. */
	if (size)
		memset(p + it->item_size - 8, 0, 8);
	return p + sizeof(*it);
}

/*
 * Fill the record at @dst (@need bytes, 8-aligned).
 * Context: stream lock held, page faults disabled.
 * Return: 0, or -EFAULT when a user copy faulted.
 */
static int etw_event_fill(const struct etw_event *ev, u8 *dst, u32 need,
			  u64 ts, struct etw_session *s, const u8 *guid)
{
	const struct etw_write *w = ev->w;
	struct etl_event_header *h = (void *)dst;
	u32 items = ev->nitems, i;
	u8 *p = dst + sizeof(*h);

	h->size = ev->ssize;
	h->header_type = ETL_HEADER_TYPE_EVENT_HEADER64;
	h->marker_flags = ETL_MARKER_FLAGS;
	h->flags = ev->flags;
	if (etw_session_private(s))
		h->flags |= ETL_EH_FLAG_PRIVATE_SESSION;
	h->event_property = 0;
	h->thread_id = task_pid_nr(current);
	h->process_id = task_tgid_nr(current);
	h->timestamp = ts;
	memcpy(h->provider_id, guid, 16);
	h->id = w->id;
	h->version = w->version;
	h->channel = w->channel;
	h->level = w->level;
	h->opcode = w->opcode;
	h->task = w->task;
	h->keyword = w->keyword;
	etw_put_cpu_times((u8 *)&h->kernel_time, s);
	memcpy(h->activity_id, w->activity_id, 16);

	items += hweight32(ev->sinfo) + !!ev->scount;
	if (items)
		h->flags |= ETL_EH_FLAG_EXTENDED_INFO;
	if (w->flags & ETW_WRITE_F_RELATED)
		p = etl_put_ext_item(p, ETL_EXT_RELATED_ACTIVITYID,
				     w->related_activity_id, 16, --items > 0);
	if (ev->traits) {
		p = etl_put_ext_item(p, ETL_EXT_PROV_TRAITS, ev->traits,
				     ev->traits_len, --items > 0);
	} else if (ev->prov_meta >= 0) {
		const struct etw_data_desc *d = &ev->d[ev->prov_meta];

		p = etw_item_header(p, ETL_EXT_PROV_TRAITS, d->size, --items > 0);
		if (etw_ev_copy(ev, p, d->ptr, d->size))
			return -EFAULT;
		p += ETL_ALIGN8(d->size);
	}
	if (ev->meta_size) {
		u8 *q = etw_item_header(p, ETL_EXT_EVENT_SCHEMA_TL,
					ev->meta_size, --items > 0);

		p = q + ETL_ALIGN8(ev->meta_size);
		for (i = 0; i < ev->n; i++) {
			if (ev->kind[i] != ETW_DESC_EVENT_METADATA)
				continue;
			if (etw_ev_copy(ev, q, ev->d[i].ptr, ev->d[i].size))
				return -EFAULT;
			q += ev->d[i].size;
		}
	}
	if (ev->sinfo & ETW_PROP_SID) {
		p = etw_item_header(p, ETL_EXT_SID, ETW_INFO_SID_SIZE, --items > 0);
		etw_put_unix_sid(p, from_kuid_munged(&init_user_ns,
						     current_euid()));
		p += ETW_INFO_SID_SIZE;
	}
	if (ev->sinfo & ETW_PROP_TS_ID) {
		u32 sid = etw_task_session_id(current);

		p = etl_put_ext_item(p, ETL_EXT_TS_ID, &sid, 4, --items > 0);
	}
	if (ev->sinfo & ETW_PROP_PROCESS_START_KEY) {
		u64 k = etw_process_start_key(current);

		p = etl_put_ext_item(p, ETL_EXT_PROCESS_START_KEY, &k, 8,
				     --items > 0);
	}
	if (ev->sinfo & ETW_PROP_EVENT_KEY)
		p = etl_put_ext_item(p, ETL_EXT_EVENT_KEY, &ev->key, 8,
				     --items > 0);
	if (ev->scount) {
		/* The last item: MatchId 0, then the return addresses. */
		u8 *q = etw_item_header(p, ETL_EXT_STACK_TRACE64,
					8 + 8 * ev->scount, false);

		memset(q, 0, 8);
		memcpy(q + 8, ev->frames + ev->sfirst, 8 * ev->scount);
		p = q + 8 + 8 * ev->scount;
	}
	/* User data: the blocks back to back, no padding (seed 002, 8). */
	for (i = 0; i < ev->n; i++) {
		if (ev->kind[i] != ETW_DESC_NONE || !ev->d[i].size)
			continue;
		if (etw_ev_copy(ev, p, ev->d[i].ptr, ev->d[i].size))
			return -EFAULT;
		p += ev->d[i].size;
	}
	memset(p, 0, dst + need - p);	/* record padding */
	return 0;
}

/*
 * The items session @s gets with @ev beyond its own: the ETW_PROP_INFO
 * ones it asked for (SID S-1-22-1-uid, TS_ID its session id,
 * PROCESS_START_KEY, EVENT_KEY), and a stack.  Which frames of @ev's
 * stack it gets: none unless it
 * enabled the provider with EVENT_ENABLE_PROPERTY_STACK_TRACE and its
 * stack-walk filters pass the event; kernel frames only if it may see
 * kernel addresses (its starter had CAP_PERFMON or CAP_SYS_ADMIN), the
 * user frames of a kernel-mode event's process only then or if the
 * process is its starter's (the rules of the NT Kernel Logger's
 * StackWalk events); and none when the record would not fit the
 * session's buffers with them (the event is kept without).  Sets
 * @ev->sfirst and @ev->scount; returns the record's size.
 * Context: rcu_read_lock() held.
 */
static u32 etw_event_stack_for(struct etw_event *ev,
			       const struct etw_active_entry *ae)
{
	const struct etw_write *w = ev->w;
	struct etw_session *s = ae->session;
	u32 size;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "needs rcu_read_lock()");
	u32 base = ev->size;

	ev->sfirst = 0;
	ev->scount = 0;
	ev->sinfo = ae->props & ETW_PROP_INFO;
	if (ev->sinfo) {
		if ((ev->sinfo & ETW_PROP_EVENT_KEY) && !ev->key)
			ev->key = (u64)atomic64_inc_return(&etw_event_keys) |
				  1ULL << 63;
		base += (ev->sinfo & ETW_PROP_SID ?
			 etl_ext_item_size(ETW_INFO_SID_SIZE) : 0) +
			hweight32(ev->sinfo & ~ETW_PROP_SID) * 16;
		if (base > ETW_MAX_EVENT_SIZE ||
		    ETL_ALIGN8(base) > s->pool->size - ETL_BUFFER_HEADER_SIZE) {
			ev->sinfo = 0;	/* the event without them */
			base = ev->size;
		}
	}
	if (!ev->nframes || !(ae->props & ETW_PROP_STACK_TRACE) ||
	    !etw_stack_filter_pass(ae->swf, w->id, w->level, w->keyword))
		return base;
	if (!s->kaddrs) {
		if (ev->nk && !uid_eq(s->owner, ev->me))
			return base;	/* another user's process */
		ev->sfirst = ev->nk;
	}
	ev->scount = ev->nframes - ev->sfirst;
	if (!ev->scount)
		return base;
	size = base + etl_ext_item_size(8 + 8 * ev->scount);
	if (size > ETW_MAX_EVENT_SIZE ||
	    ETL_ALIGN8(size) > s->pool->size - ETL_BUFFER_HEADER_SIZE) {
		ev->scount = 0;
		return base;
	}
	return size;
}

/* What one record is: an EVENT_HEADER event, a classic one, a message. */
struct etw_classic_ctx;
struct etw_msg_ctx;
enum etw_rec { ETW_REC_EVENT, ETW_REC_CLASSIC, ETW_REC_MESSAGE };

static int etw_classic_fill(const struct etw_classic_ctx *c, u8 *dst, u32 need,
			    u64 ts, const struct etw_session *s);
static int etw_message_fill(const struct etw_msg_ctx *c, u8 *dst, u32 need,
			    u64 ts);

/* An event session @s wanted and could not store: counted and traced. */
static int etw_record_lost(struct etw_session *s, const u8 *guid, u16 id,
			   u32 size, int err)
{
	atomic64_inc(&s->pool->events_lost);
	trace_etw_drop(s->logger_id, guid, id, size, err);
	return err;
}

/*
 * The TIMESTAMP_OVERRIDE value at @ts_ptr: kernel memory for a kernel-mode
 * event, else user memory.  Context: page faults disabled.
 */
static __always_inline int etw_ts_override(enum etw_rec kind, const void *ctx,
					   u64 ts_ptr, u64 *ts)
{
	if (kind == ETW_REC_EVENT && ((const struct etw_event *)ctx)->kernel) {
		*ts = get_unaligned((const u64 *)(uintptr_t)ts_ptr);
		return 0;
	}
	return __get_user(*ts, (u64 __user *)u64_to_user_ptr(ts_ptr));
}

/*
 * Write one record of @size bytes to session @s: check the limits, take
 * the time (or read the override at @ts_ptr) and room under the stream
 * lock, fill it (a direct call: no indirect branch on the hot path),
 * commit.
 * Context: rcu_read_lock() held (keeps @s alive).
 * Return: 0, -E2BIG, -EMSGSIZE, -ENOSPC, -ENOBUFS (lost and counted), or
 * -EFAULT (nothing written: retry after faulting in).
 */
static __always_inline int etw_record_write(struct etw_session *s, u32 size,
					    u64 ts_ptr, enum etw_rec kind,
					    const void *ctx, const u8 *guid,
					    u16 id)
{
	struct etw_pool *pool = s->pool;
	struct etw_stream *st;
	u32 need = ETL_ALIGN8(size);
	unsigned long flags;
	int err = 0, fault;
	u64 ts;
	u8 *dst;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "needs rcu_read_lock()");
	/* Seed 002, rule 9: over 64 KB in all is dropped. */
	if (size > ETW_MAX_EVENT_SIZE)
		err = -E2BIG;
	/* Rule 10: it must fit a buffer minus its 72-byte header. */
	else if (need > pool->size - ETL_BUFFER_HEADER_SIZE)
		err = -EMSGSIZE;
	if (err)
		goto lost;
	st = &pool->streams[pool->nr_streams == 1 ? 0 : raw_smp_processor_id()];

	pagefault_disable();
	if (ts_ptr && etw_ts_override(kind, ctx, ts_ptr, &ts)) {
		pagefault_enable();
		return -EFAULT;
	}
	etw_stream_lock(st, flags);
	if (!ts_ptr)
		ts = etw_session_clock(s);
	dst = etw_stream_reserve(pool, st, need, ts, &err);
	if (!dst) {
		etw_stream_unlock(st, flags);
		pagefault_enable();
		goto lost;
	}
	if (kind == ETW_REC_EVENT)
		fault = etw_event_fill(ctx, dst, need, ts, s, guid);
	else if (kind == ETW_REC_CLASSIC)
		fault = etw_classic_fill(ctx, dst, need, ts, s);
	else
		fault = etw_message_fill(ctx, dst, need, ts);
	if (fault < 0) {
		etw_stream_unlock(st, flags);	/* not committed */
		pagefault_enable();
		return -EFAULT;
	}
	st->offset += need;
	st->events_written += 1 + fault;	/* and a StackWalk event */
	etw_stream_unlock(st, flags);
	pagefault_enable();
	trace_etw_write(s->logger_id, guid, id, size);
	return 0;

lost:
	return etw_record_lost(s, guid, id, size, err);
}

/*
 * Context: rcu_read_lock() held.  @done: sessions (bit logger_id - 1)
 * that already have the event.
 */
static int etw_write_sessions(struct etw_file *ef, struct etw_event *ev,
			      u64 *done)
{
	const struct etw_write *w = ev->w;
	struct etw_active *a;
	struct etw_reg *reg;
	int ret, err = 0;
	u32 i;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "needs rcu_read_lock()");
	reg = etw_reg_lookup(ef, w->handle);
	if (!reg)
		return -ENOENT;
	a = rcu_dereference(reg->active);
	if (!a)
		return 0;	/* nobody listens: ERROR_SUCCESS */
	ret = etw_event_describe(ev, reg);
	if (ret)
		return ret;
	for (i = 0; i < a->n; i++) {
		const struct etw_active_entry *ae = &a->e[i];
		u64 bit = 1ULL << (ae->session->logger_id - 1);

		if (*done & bit)
			continue;
		if (!etw_level_kw_pass(&ae->kw, w->level, w->keyword))
			continue;
		if (ae->idf && !etw_id_filter_pass(ae->idf, w->id))
			continue;
		if (w->filter & bit)	/* EventWriteEx Filter */
			continue;
		if ((w->flags & ETW_WRITE_F_INPRIVATE) &&
		    (ae->props & ETW_PROP_EXCLUDE_INPRIVATE))
			continue;
		if (unlikely(ev->nested)) {
			ret = etw_record_lost(ae->session, reg->guid, w->id,
					      ev->size, -EDEADLK);
		} else {
			u32 size = etw_event_stack_for(ev, ae);

			ev->ssize = size;

			ret = etw_record_write(ae->session, size,
					       ev->ts_ptr, ETW_REC_EVENT, ev,
					       reg->guid, w->id);
		}
		if (ret == -EFAULT)
			return ret;
		*done |= bit;
		if (ret)
			err = ret;
	}
	return err;
}

static int etw_fault_in(const struct etw_data_desc *d, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		if (d[i].size &&
		    fault_in_readable(u64_to_user_ptr(d[i].ptr), d[i].size))
			return -EFAULT;
	return 0;
}

/*
 * The congested blocking sessions that would take an event of @w: the
 * write waits for them first, as a stage's writer does.
 */
static u64 etw_write_congested(struct etw_file *ef, const struct etw_write *w)
{
	u64 cong = READ_ONCE(etw_global->congested), mask = 0;
	struct etw_active *a;
	struct etw_reg *reg;
	u32 i;

	rcu_read_lock();
	reg = etw_reg_lookup(ef, w->handle);
	a = reg ? rcu_dereference(reg->active) : NULL;
	for (i = 0; a && i < a->n; i++)
		mask |= 1ULL << (a->e[i].session->logger_id - 1);
	rcu_read_unlock();
	return mask & cong & ~w->filter;
}

/*
 * Before an event with a stack: describe the writer's images to the
 * sessions that have not seen them (etw_images.c).
 */
static void etw_images_for(struct etw_file *ef, u64 handle, u32 gen)
{
	u64 mask = etw_images_wanted(ef, handle, gen);

	if (mask)
		etw_images_describe(ef, handle, mask);
}

long etw_ioctl_write(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_data_desc stack[ETW_STACK_DESCS], *d = stack;
	struct etw_event ev;
	struct etw_write w;
	u64 *frames = NULL, done = 0;
	int ret, tries = 0;

	if (likely(usize == sizeof(w))) {
		if (etw_copy_block((u8 *)&w, (u64)(uintptr_t)uarg, sizeof(w)))
			return -EFAULT;
	} else {
		ret = copy_struct_from_user(&w, sizeof(w), uarg, usize);
		if (ret)
			return ret;
	}
	if (w.flags & ~ETW_WRITE_FLAGS_MASK ||
	    w.count > ETW_MAX_DATA_DESCRIPTORS || (w.count && !w.data) ||
	    w.stack_count > ETW_MAX_STACK_FRAMES ||
	    (w.stack_count && !w.stack) ||
	    (!w.stack_count && (w.stack || w.image_gen)))
		return -EINVAL;
	if (w.count > ETW_STACK_DESCS) {
		d = kmalloc_array(w.count, sizeof(*d), GFP_KERNEL_ACCOUNT);
		if (!d)
			return -ENOMEM;
	}
	if (w.count && etw_copy_block((u8 *)d, w.data, w.count * sizeof(*d))) {
		ret = -EFAULT;
		goto out;
	}
	/* The writer's user stack, read once. */
	if (w.stack_count) {
		frames = kmalloc_array(w.stack_count, sizeof(*frames),
				       GFP_KERNEL_ACCOUNT);
		if (!frames) {
			ret = -ENOMEM;
			goto out;
		}
		if (etw_copy_block((u8 *)frames, w.stack,
				   w.stack_count * sizeof(*frames))) {
			ret = -EFAULT;
			goto out;
		}
		etw_images_for(ef, w.handle, w.image_gen);
	}
	if (unlikely(READ_ONCE(etw_global->congested))) {
		u64 mask = etw_write_congested(ef, &w);

		ret = mask ? etw_block_wait(mask) : 0;
		if (ret)
			goto out;
	}
	ev.w = &w;
	ev.d = d;
	ev.n = w.count;
	ev.kernel = false;
	ev.nested = false;
	ev.frames = frames;
	ev.nframes = frames ? w.stack_count : 0;
	ev.nk = 0;
	ev.key = 0;
	ev.sinfo = 0;
	ev.scount = 0;
	for (;;) {
		rcu_read_lock();
		ret = etw_write_sessions(ef, &ev, &done);
		rcu_read_unlock();
		if (ret != -EFAULT || tries++ >= 3)
			break;
		ret = etw_fault_in(d, w.count);
		if (ret)
			break;
		cond_resched();
	}
out:
	if (d != stack)
		kfree(d);
	kfree(frames);
	return ret;
}

/* Does a session want @handle's events with stacks?  Context: RCU. */
static bool etw_reg_wants_stack(struct etw_file *ef, u64 handle)
{
	struct etw_reg *reg = etw_reg_lookup(ef, handle);

	return reg && READ_ONCE(reg->stack);
}

/**
 * etw_write_kernel() - write a kernel-mode provider's event
 * @ef:		the kernel file (etw_kprov.c)
 * @w:		the event: @w->data unused, @w->count descriptors at @d
 * @d:		descriptors of kernel memory
 *
 * Context: any but NMI.  Never sleeps and never waits for a blocking
 * session: what finds no buffer is lost and counted, and so is an event
 * raised while this CPU holds a stream lock (-EDEADLK: a probe reached
 * from inside a writer; a task holding one runs with interrupts off, so
 * the count of this CPU is ours even if we migrate after reading it).
 * Return: as etw_ioctl_write(), or -EDEADLK.
 */
int etw_write_kernel(struct etw_file *ef, const struct etw_write *w,
		     const struct etw_data_desc *d)
{
	struct etw_event ev;
	u64 done = 0;
	int ret;

	ev.w = w;
	ev.d = d;
	ev.n = w->count;
	ev.kernel = true;
	ev.nested = this_cpu_read(etw_stream_depth) != 0;
	ev.frames = NULL;
	ev.nframes = 0;
	ev.nk = 0;
	ev.key = 0;
	ev.sinfo = 0;
	ev.scount = 0;
	rcu_read_lock();
	if (!ev.nested && etw_reg_wants_stack(ef, w->handle)) {
		/* Kernel frames, then the current process's user frames. */
		preempt_disable();
		ev.frames = etw_kstack_get(true, &ev.nframes, &ev.nk);
		ev.me = etw_kowner(current);
	}
	ret = etw_write_sessions(ef, &ev, &done);
	if (ev.frames) {
		etw_kstack_put(ev.frames);
		preempt_enable();
	}
	rcu_read_unlock();
	return ret;
}


/* ---- TraceEvent / TraceEventInstance (classic providers) ---------------- */

/**
 * struct etw_rec_stack - the StackWalk event that follows a classic record
 * @frames:	the writer's user frames (kernel copy), or NULL
 * @n:		frames at @frames
 * @on:		this session gets them (set per session before the write)
 */
struct etw_rec_stack {
	const u64 *frames;
	u32 n;
	bool on;
};

struct etw_classic_ctx {
	const struct etw_trace_event *t;
	const struct etw_data_desc *d;
	struct etw_rec_stack st;
	u32 hdr;
	u32 size;
};

/*
 * Read the user frames of a classic or message request once, into a
 * kernel copy (@st->frames, kfree()d by the caller).
 */
static bool etw_rec_stack_bad(u64 uptr, u32 n, u32 gen)
{
	return n > ETW_MAX_STACK_FRAMES || (n && !uptr) || (!n && (uptr || gen));
}

static int etw_rec_stack_copy(struct etw_rec_stack *st, u64 uptr, u32 n)
{
	u64 *frames;

	st->frames = NULL;
	st->n = 0;
	st->on = false;
	if (!n)
		return 0;
	frames = kmalloc_array(n, sizeof(*frames), GFP_KERNEL_ACCOUNT);
	if (!frames)
		return -ENOMEM;
	if (copy_from_user(frames, u64_to_user_ptr(uptr), n * sizeof(*frames))) {
		kfree(frames);
		return -EFAULT;
	}
	st->frames = frames;
	st->n = n;
	return 0;
}


/*
 * Does session entry @ae get @st's frames after a record of @size bytes
 * at @level?  Classic records have no extended items, so the stack is a
 * StackWalk event after the record, as the NT Kernel Logger writes them.
 * A classic event's id is 0 to stack-walk filters (what a consumer sees
 * as its Id) and its keyword 0.  Return: the bytes to reserve.
 */
static u32 etw_rec_stack_for(struct etw_rec_stack *st,
			     const struct etw_active_entry *ae, u32 size,
			     u8 level)
{
	const struct etw_session *s = ae->session;
	u32 all = ETL_ALIGN8(size) + (st->n ? etw_kstackwalk_need(st->n) : 0);

	st->on = st->n && (ae->props & ETW_PROP_STACK_TRACE) &&
		 etw_stack_filter_pass(ae->swf, 0, level, 0) &&
		 all <= ETW_MAX_EVENT_SIZE &&
		 all <= s->pool->size - ETL_BUFFER_HEADER_SIZE;
	return st->on ? all : size;
}

/*
 * The StackWalk event after the record of @size bytes at @dst (of @need
 * reserved), if this session gets one.  Return: 0, or 1 (the events
 * written beyond the record).  Context: stream lock held.
 */
static int etw_rec_stack_fill(const struct etw_rec_stack *st, u8 *dst,
			      u32 size, u32 need, u64 ts)
{
	if (!st->on || need == ETL_ALIGN8(size))
		return 0;
	etw_kstackwalk_put(dst + ETL_ALIGN8(size), task_pid_nr(current),
			   task_tgid_nr(current), ts, st->frames, st->n);
	return 1;
}

/* FULL_HEADER64 or INSTANCE64 record (etl-format sections 3.4, 3.5). */
static int etw_classic_fill(const struct etw_classic_ctx *c, u8 *dst, u32 need,
			    u64 ts, const struct etw_session *s)
{
	const struct etw_trace_event *t = c->t;
	struct etl_instance_header *ih = (void *)dst;
	struct etl_full_header *h = &ih->full;

	h->size = c->size;
	h->header_type = (t->flags & ETW_TRACE_F_INSTANCE) ?
			 ETL_HEADER_TYPE_INSTANCE64 : ETL_HEADER_TYPE_FULL_HEADER64;
	h->marker_flags = ETL_MARKER_FLAGS;
	h->type = t->type;
	h->level = t->level;
	h->version = t->version;
	h->thread_id = task_pid_nr(current);
	h->process_id = task_tgid_nr(current);
	h->timestamp = ts;
	memcpy(h->guid, t->guid, 16);
	etw_put_cpu_times((u8 *)&h->kernel_time, s);
	if (t->flags & ETW_TRACE_F_INSTANCE) {
		ih->instance_id = t->instance_id;
		ih->parent_instance_id = t->parent_instance_id;
		memcpy(ih->parent_guid, t->parent_guid, 16);
	}
	if (etw_copy_blocks(dst + c->hdr, dst + ETL_ALIGN8(c->size), c->d,
			    t->count))
		return -EFAULT;
	return etw_rec_stack_fill(&c->st, dst, c->size, need, ts);
}

/*
 * The entry of session @logger if it enables the classic registration
 * @handle of @ef, else NULL.  A classic event goes only to the session that enables
 * the provider (reference 4).
 * Context: rcu_read_lock() held (keeps the registration and session).
 */
static const struct etw_active_entry *
etw_classic_session(struct etw_file *ef, u64 handle, u64 logger,
		    struct etw_reg **regp)
{
	struct etw_active *a;
	struct etw_reg *reg;
	u32 i;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "needs rcu_read_lock()");
	reg = etw_reg_lookup(ef, handle);
	if (!reg || !(reg->flags & ETW_REG_F_CLASSIC))
		return NULL;
	*regp = reg;
	a = rcu_dereference(reg->active);
	for (i = 0; a && i < a->n; i++)
		if (a->e[i].session->logger_id == logger)
			return &a->e[i];
	return NULL;	/* that session does not enable it (any more) */
}

/*
 * Run @write (a one-session classic or message write) under RCU; a copy
 * that faulted is retried, a few times, after faulting the user pages in.
 * Context: process context, no locks held.
 */
static int etw_one_session_write(int (*write)(struct etw_file *ef, void *ctx),
				 struct etw_file *ef, void *ctx,
				 const struct etw_data_desc *d, u32 count)
{
	int ret, tries = 0;

	for (;;) {
		rcu_read_lock();
		ret = write(ef, ctx);
		rcu_read_unlock();
		if (ret != -EFAULT || tries++ >= 3)
			return ret;
		ret = etw_fault_in(d, count);
		if (ret)
			return ret;
		cond_resched();
	}
}

/* Context: rcu_read_lock() held. */
static int etw_classic_write(struct etw_file *ef, void *ctx)
{
	struct etw_classic_ctx *c = ctx;
	const struct etw_trace_event *t = c->t;
	const struct etw_active_entry *ae;
	struct etw_reg *reg;
	u32 size;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "needs rcu_read_lock()");
	ae = etw_classic_session(ef, t->handle, t->logger, &reg);
	if (!ae)
		return -ENOENT;
	size = etw_rec_stack_for(&c->st, ae, c->size, t->level);
	return etw_record_write(ae->session, size, 0, ETW_REC_CLASSIC, c,
				t->guid, t->type);
}

long etw_ioctl_trace_event(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_data_desc d[16];
	struct etw_trace_event t;
	struct etw_classic_ctx c = { .t = &t, .d = d };
	u64 size;
	int ret;
	u32 i;

	ret = copy_struct_from_user(&t, sizeof(t), uarg, usize);
	if (ret)
		return ret;
	if (t.flags & ~ETW_TRACE_FLAGS_MASK || t.__pad || t.__reserved ||
	    t.count > ARRAY_SIZE(d) || (t.count && !t.data) ||
	    t.logger < 1 || t.logger > ETW_MAX_SESSIONS ||
	    etw_rec_stack_bad(t.stack, t.stack_count, t.image_gen))
		return -EINVAL;
	if (t.count && copy_from_user(d, u64_to_user_ptr(t.data),
				      t.count * sizeof(d[0])))
		return -EFAULT;
	ret = etw_rec_stack_copy(&c.st, t.stack, t.stack_count);
	if (ret)
		return ret;
	c.hdr = (t.flags & ETW_TRACE_F_INSTANCE) ?
		sizeof(struct etl_instance_header) :
		sizeof(struct etl_full_header);
	size = c.hdr;
	for (i = 0; i < t.count; i++) {
		if (d[i].size &&
		    !access_ok(u64_to_user_ptr(d[i].ptr), d[i].size)) {
			ret = -EFAULT;
			goto out;
		}
		size += d[i].size;
	}
	/* Seed 003, rule 3: Size must fit the buffer minus 72 bytes. */
	if (size > ETW_MAX_EVENT_SIZE) {
		ret = -EMSGSIZE;
		goto out;
	}
	c.size = size;
	if (c.st.n)
		etw_images_for(ef, t.handle, t.image_gen);
	ret = etw_one_session_write(etw_classic_write, ef, &c, d, t.count);
out:
	kfree(c.st.frames);
	return ret;
}

/* ---- TraceMessage (WPP) --------------------------------------------------- */

/*
 * TraceMessage sequence numbers of the sessions started with
 * EVENT_TRACE_USE_GLOBAL_SEQUENCE, shared by all of them; sessions with
 * EVENT_TRACE_USE_LOCAL_SEQUENCE count in session->msg_seq.  The first
 * number drawn is 1 (reference 2.3, TraceMessage).
 */
static atomic_t etw_msg_global_seq = ATOMIC_INIT(0);

/**
 * struct etw_msg_ctx - one message, described once
 * @m:		the request
 * @d:		its argument descriptors (kernel copy)
 * @st:		the StackWalk event after it
 * @seq:	the counter to draw the sequence number from, or NULL
 * @hdr:	bytes of the header and its optional fields
 * @size:	the whole record (no padding)
 */
struct etw_msg_ctx {
	const struct etw_trace_message *m;
	const struct etw_data_desc *d;
	struct etw_rec_stack st;
	atomic_t *seq;
	u32 hdr;
	u32 size;
};

/*
 * MESSAGE record (etl-format section 3.6): the arguments are copied
 * first, so that a fault (which leaves the record uncommitted) draws no
 * sequence number; then the header.  Only stored messages are numbered.
 * Context: stream lock held, page faults disabled.
 */
static int etw_message_fill(const struct etw_msg_ctx *c, u8 *dst, u32 need,
			    u64 ts)
{
	const struct etw_trace_message *m = c->m;
	struct etl_rec_message h;

	if (etw_copy_blocks(dst + c->hdr, dst + ETL_ALIGN8(c->size), c->d,
			    m->count))
		return -EFAULT;

	h.message_number = m->number;
	h.option_flags = m->flags;
	h.sequence = 0;	/* no sequence mode: the field is there, 0 */
	if ((m->flags & ETW_MSG_SEQUENCE) && c->seq)
		h.sequence = (u32)atomic_inc_return(c->seq);
	h.component_id = m->component_id;
	memcpy(h.guid, m->guid, 16);
	etl_message_put_header(dst, c->size, &h, ts, task_pid_nr(current),
			       task_tgid_nr(current));
	return etw_rec_stack_fill(&c->st, dst, c->size, need, ts);
}

/* Context: rcu_read_lock() held. */
static int etw_message_write(struct etw_file *ef, void *ctx)
{
	struct etw_msg_ctx *c = ctx;
	const struct etw_trace_message *m = c->m;
	const struct etw_active_entry *ae;
	struct etw_session *s;
	struct etw_reg *reg;
	u32 mode, size;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "needs rcu_read_lock()");
	ae = etw_classic_session(ef, m->handle, m->logger, &reg);
	if (!ae)
		return -ENOENT;
	s = ae->session;
	/* A message's level is TRACE_LEVEL_NONE to stack-walk filters. */
	size = etw_rec_stack_for(&c->st, ae, c->size, 0);
	mode = s->params.log_file_mode;
	if (mode & ETW_MODE_USE_GLOBAL_SEQUENCE)
		c->seq = &etw_msg_global_seq;
	else if (mode & ETW_MODE_USE_LOCAL_SEQUENCE)
		c->seq = &s->msg_seq;
	else
		c->seq = NULL;
	/* Tracepoints name the message GUID, or the provider without one. */
	return etw_record_write(s, size, 0, ETW_REC_MESSAGE, c,
				(m->flags & ETW_MSG_GUID) ? m->guid : reg->guid,
				m->number);
}

static int etw_message_check(const struct etw_trace_message *m)
{
	if (m->flags & ~ETW_MSG_FLAGS_MASK || etl_message_flags_check(m->flags))
		return -EINVAL;
	if (m->__pad || m->__reserved[0] || m->__reserved[1])
		return -EINVAL;
	if (!(m->flags & ETW_MSG_GUID) && !etw_guid_is_null(m->guid))
		return -EINVAL;
	if (!(m->flags & ETW_MSG_COMPONENTID) && m->component_id)
		return -EINVAL;
	if (m->count > ETW_MAX_DATA_DESCRIPTORS || (m->count && !m->data))
		return -EINVAL;
	if (m->logger < 1 || m->logger > ETW_MAX_SESSIONS ||
	    etw_rec_stack_bad(m->stack, m->stack_count, m->image_gen))
		return -EINVAL;
	return 0;
}

long etw_ioctl_trace_message(struct etw_file *ef, void __user *uarg,
			     u32 usize)
{
	struct etw_data_desc stack[ETW_STACK_DESCS], *d = stack;
	struct etw_trace_message m;
	struct etw_msg_ctx c = { .m = &m };
	u64 size;
	int ret;
	u32 i;

	ret = copy_struct_from_user(&m, sizeof(m), uarg, usize);
	if (ret)
		return ret;
	ret = etw_message_check(&m);
	if (ret)
		return ret;
	if (m.count > ETW_STACK_DESCS) {
		d = kmalloc_array(m.count, sizeof(*d), GFP_KERNEL_ACCOUNT);
		if (!d)
			return -ENOMEM;
	}
	if (m.count && copy_from_user(d, u64_to_user_ptr(m.data),
				      m.count * sizeof(*d))) {
		ret = -EFAULT;
		goto out_free;
	}
	c.d = d;
	c.hdr = etl_message_header_size(m.flags);
	size = c.hdr;
	for (i = 0; i < m.count; i++) {
		if (d[i].type || d[i].reserved1 || d[i].reserved2) {
			ret = -EINVAL;
			goto out_free;
		}
		if (d[i].size &&
		    !access_ok(u64_to_user_ptr(d[i].ptr), d[i].size)) {
			ret = -EFAULT;
			goto out_free;
		}
		size += d[i].size;
	}
	/* Too big is lost and counted by the session, as for EventWrite. */
	c.size = min_t(u64, size, ETW_MAX_EVENT_SIZE + 1);
	ret = etw_rec_stack_copy(&c.st, m.stack, m.stack_count);
	if (ret)
		goto out_free;
	if (c.st.n)
		etw_images_for(ef, m.handle, m.image_gen);
	ret = etw_one_session_write(etw_message_write, ef, &c, d, m.count);
	kfree(c.st.frames);
	/* Over 64 KB or over a buffer: both "too large" (ERROR_MORE_DATA). */
	if (ret == -E2BIG)
		ret = -EMSGSIZE;
out_free:
	if (d != stack)
		kfree(d);
	return ret;
}
