// SPDX-License-Identifier: GPL-2.0-only
/*
 * Enabling: EnableTraceEx2 entries per session, the per-registration
 * aggregate over sessions (seed 000: Level = max, MatchAny = OR,
 * MatchAll = AND), provider groups and disallow lists (seed 004).
 *
 * Whenever what a registration should see may have changed, the caller
 * (holding etw_lock) runs etw_reg_recompute(): it collects the entries
 * that apply, publishes the aggregate in the registration's enable-map
 * slot, swaps in a new RCU list of sessions for writers, and queues an
 * enable notification when the provider asked for callbacks.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/jhash.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "etw_internal.h"
#include "shared/etw_runs.h"
#include "etw_trace.h"
#include "shared/etw_ioc.h"

/* Orders enables: a classic provider follows the latest (etw_lock). */
static u64 etw_enable_seq;

/* Scratch for etw_reg_entries() callers (etw_lock). */
struct etw_session *etw_scratch_s[ETW_MAX_SESSIONS];
struct etw_entry *etw_scratch_e[ETW_MAX_SESSIONS];

static unsigned int etw_max_entries = 4096;
module_param_named(max_entries_per_session, etw_max_entries, uint, 0644);
MODULE_PARM_DESC(max_entries_per_session,
		 "Providers and groups one session may enable");

static u32 etw_entry_hash(const u8 *guid)
{
	return jhash(guid, 16, 0);
}

/**
 * etw_entry_find() - session @s's entry for a provider or group GUID
 * @s:		the session
 * @guid:	provider GUID, or group GUID with @group
 * @group:	look for a group entry
 *
 * Context: etw_lock held.
 * Return: the entry or NULL.
 */
struct etw_entry *etw_entry_find(struct etw_session *s, const u8 *guid,
				 bool group)
{
	struct etw_entry *e;

	lockdep_assert_held(&etw_lock);
	hash_for_each_possible(s->ehash, e, hnode, etw_entry_hash(guid))
		if (e->group == group && !memcmp(e->guid, guid, 16))
			return e;
	return NULL;
}

/* Context: etw_lock held. */
static void etw_entry_link(struct etw_session *s, struct etw_entry *e)
{
	lockdep_assert_held(&etw_lock);
	list_add_tail(&e->node, &s->entries);
	hash_add(s->ehash, &e->hnode, etw_entry_hash(e->guid));
	s->nentries++;
}

/* Context: etw_lock held.  The caller frees @e with etw_entry_free(). */
void etw_entry_unlink(struct etw_session *s, struct etw_entry *e)
{
	lockdep_assert_held(&etw_lock);
	list_del(&e->node);
	hash_del(&e->hnode);
	s->nentries--;
}

static bool etw_disallowed(struct etw_session *s, const u8 *guid)
{
	u32 i;

	for (i = 0; i < s->ndisallow; i++)
		if (!memcmp(s->disallow[i], guid, 16))
			return true;
	return false;
}

/**
 * etw_reg_entries() - the enable entries that apply to a registration
 * @reg:	the registration
 * @sessions:	out: their sessions (room for ETW_MAX_SESSIONS)
 * @entries:	out: the entries
 *
 * A session's direct enable of the provider GUID applies; failing that,
 * its enable of the provider's group, unless the provider is on the
 * session's disallow list (seed 004, rules 9 and 11).  PID and
 * EXECUTABLE_NAME filters and private sessions restrict by process (a
 * private session: its owner's registrations and its provider's).  A
 * classic provider serves only the latest enabling session.
 *
 * Context: etw_lock held.
 * Return: the number of entries.
 */
u32 etw_reg_entries(struct etw_reg *reg, struct etw_session **sessions,
		    struct etw_entry **entries)
{
	bool classic = reg->flags & ETW_REG_F_CLASSIC;
	u32 id, n = 0;

	lockdep_assert_held(&etw_lock);
	for (id = 1; id <= ETW_MAX_SESSIONS; id++) {
		struct etw_session *s = etw_sessions[id];
		struct etw_entry *e;

		if (!s)
			continue;
		/*
		 * A private session: its owner's registrations, and the
		 * registrations of its provider (Wnode.Guid) in any process -
		 * on Windows the session runs in the process that registers
		 * that provider (issue 9; differences in api-mapping.rst).
		 */
		if (etw_session_private(s) && reg->tgid != s->owner_tgid &&
		    memcmp(reg->guid, s->guid, 16))
			continue;
		e = etw_entry_find(s, reg->guid, false);
		if (!e && reg->has_group && !etw_disallowed(s, reg->guid))
			e = etw_entry_find(s, reg->group, true);
		if (!e)
			continue;
		if (e->pids.size && !etw_pid_filter_match(&e->pids, reg->tgid))
			continue;
		if (e->exe.size &&
		    !etw_exe_filter_match(&e->exe, reg->exe, reg->exe_len))
			continue;
		if (classic && n) {
			if (e->seq < entries[0]->seq)
				continue;
			n = 0;
		}
		sessions[n] = s;
		entries[n++] = e;
	}
	return n;
}

/**
 * etw_slot_publish() - publish reg->agg in the registration's enable slot
 * @reg:	the registration
 *
 * Context: etw_lock held (the only writer of the slot).
 */
void etw_slot_publish(struct etw_reg *reg)
{
	struct etw_enable_slot *slot = &reg->file->map[reg->slot];
	u32 seq = READ_ONCE(slot->seq);
	u8 flags = 0;

	lockdep_assert_held(&etw_lock);
	if (reg->agg.kw.keyword0)
		flags |= ETW_SLOT_KEYWORD0;
	if (reg->flags & ETW_REG_F_CLASSIC)
		flags |= ETW_SLOT_CLASSIC;
	if (reg->stack)
		flags |= ETW_SLOT_STACK;

	/* Seqcount writer; see struct etw_enable_slot in the uapi. */
	WRITE_ONCE(slot->seq, seq + 1);
	smp_wmb();	/* odd seq is visible before any field changes */
	WRITE_ONCE(slot->enabled, reg->agg.n ? 1 : 0);
	WRITE_ONCE(slot->level, reg->agg.kw.level);
	WRITE_ONCE(slot->flags, flags);
	WRITE_ONCE(slot->match_any, reg->agg.kw.any);
	WRITE_ONCE(slot->match_all, reg->agg.kw.all);
	WRITE_ONCE(slot->logger, reg->logger);
	etw_fast_publish(reg);
	smp_wmb();	/* fields are visible before the even seq */
	WRITE_ONCE(slot->seq, seq + 2);
}

static bool etw_reg_has_session(struct etw_reg *reg, struct etw_session *s)
{
	struct etw_active *a;
	u32 i;

	a = rcu_dereference_protected(reg->active, lockdep_is_held(&etw_lock));
	for (i = 0; a && i < a->n; i++)
		if (a->e[i].session == s)
			return true;
	return false;
}

/**
 * etw_file_fast_sessions() - the sessions @ef's stages can have records for
 * @ef:		a file whose registrations' fast sessions changed
 *
 * The collector copies a stage's records to no other session, and
 * throws away what a file with none writes (nobody wants it: records
 * written under an older state were collected before it changed).
 *
 * Context: etw_lock held.
 */
void etw_file_fast_sessions(struct etw_file *ef)
{
	u32 slot, seen = 0;
	u64 mask = 0;

	lockdep_assert_held(&etw_lock);
	for (slot = 0; ef->regs && slot < ETW_MAX_REGS_PER_FD &&
	     seen < ef->nregs; slot++) {
		struct etw_reg *reg = rcu_dereference_protected(ef->regs[slot],
						lockdep_is_held(&etw_lock));

		if (reg) {
			mask |= reg->fast_sessions;
			seen++;
		}
	}
	WRITE_ONCE(ef->fast_sessions, mask);
}

/**
 * etw_active_changed() - the sessions whose state for a registration
 * changes from @old to @new
 * @old:	its active list, or NULL
 * @new:	the one replacing it, or NULL
 *
 * Context: etw_lock held.
 * Return: bit (logger_id - 1) per session in @old whose entry is gone or
 * differs in @new.
 */
u64 etw_active_changed(const struct etw_active *old,
		       const struct etw_active *new)
{
	u64 mask = 0;
	u32 i, j;

	lockdep_assert_held(&etw_lock);
	for (i = 0; old && i < old->n; i++) {
		const struct etw_active_entry *a = &old->e[i];
		bool same = false;

		for (j = 0; new && j < new->n && !same; j++) {
			const struct etw_active_entry *b = &new->e[j];

			same = b->session == a->session && b->props == a->props &&
			       b->idf == a->idf && b->swf == a->swf &&
			       !memcmp(&b->kw, &a->kw, sizeof(b->kw));
		}
		if (!same)
			mask |= 1ULL << (a->session->logger_id - 1);
	}
	return mask;
}

/**
 * etw_reg_recompute() - bring a registration up to date
 * @reg:	the registration
 * @touched:	the session a control call changed, or NULL
 * @source_id:	SourceId for the notification, NULL for GUID_NULL
 * @wl:		collects the notification to wait for, or NULL
 *
 * A provider that asked for callbacks is notified when its aggregate
 * changed, and also whenever @touched enabled it before or enables it
 * now: every reconfiguration by a session is reported, even one that
 * leaves the aggregate as it was (seed 000, rules 5 and 19).
 *
 * Context: etw_lock held; may sleep (allocation).
 */
void etw_reg_recompute(struct etw_reg *reg, struct etw_session *touched,
		       const u8 *source_id, struct etw_waitlist *wl)
{
	bool classic = reg->flags & ETW_REG_F_CLASSIC;
	struct etw_session **s = etw_scratch_s;
	struct etw_entry **e = etw_scratch_e;
	struct etw_active *active = NULL, *old;
	struct etw_aggregate agg;
	u64 logger = 0, fast = 0;
	bool changed, force = false, other = false, stack = false;
	bool info = false;
	u32 i, n;

	lockdep_assert_held(&etw_lock);
	if (touched)
		force = etw_reg_has_session(reg, touched);
	n = etw_reg_entries(reg, s, e);
	etw_aggregate_init(&agg);
	if (n) {
		/* Small and not worth failing a control call over. */
		active = kzalloc(struct_size(active, e, n),
				 GFP_KERNEL_ACCOUNT | __GFP_NOFAIL);
		active->n = n;
	}
	for (i = 0; i < n; i++) {
		struct etw_active_entry *ae = &active->e[i];

		ae->session = s[i];
		etw_level_kw_set(&ae->kw, e[i]->level, e[i]->any, e[i]->all,
				 e[i]->props, classic);
		ae->props = e[i]->props;
		ae->idf = e[i]->idf;
		ae->swf = e[i]->swf;
		if (ae->props & ETW_PROP_STACK_TRACE)
			stack = true;
		if (ae->props & ETW_PROP_INFO)
			info = true;
		etw_aggregate_add(&agg, &ae->kw);
		if (etw_fast_serves(s[i]))
			fast |= 1ULL << (s[i]->logger_id - 1);
		else
			other = true;
		if (s[i] == touched)
			force = true;
	}
	if (classic && n) {
		/* GetTraceEnableLevel reports the controller's own value. */
		agg.kw.level = e[0]->level;
		logger = s[0]->handle;
	}

	changed = memcmp(&agg, &reg->agg, sizeof(agg)) || logger != reg->logger;
	/* Staged records are judged by the state they were written under. */
	old = rcu_dereference_protected(reg->active, lockdep_is_held(&etw_lock));
	etw_fast_drain_reg(reg, etw_active_changed(old, active));
	reg->agg = agg;
	reg->logger = logger;
	reg->fast_sessions = fast;
	reg->fast_other = other;
	WRITE_ONCE(reg->stack, stack);
	reg->info = info;
	etw_file_fast_sessions(reg->file);
	etw_slot_publish(reg);

	old = rcu_replace_pointer(reg->active, active,
				  lockdep_is_held(&etw_lock));
	if (old)
		kfree_rcu(old, rcu);

	if ((reg->flags & ETW_REG_F_CALLBACK) && (force || changed))
		etw_notify_state(reg, source_id, wl);
}

static void etw_entry_free_rcu(struct rcu_head *head)
{
	struct etw_entry *e = container_of(head, struct etw_entry, rcu);

	kfree(e->pids.data);
	kfree(e->exe.data);
	kfree(e->idf);
	kfree(e->swf);
	kfree(e->pf_data);
	kfree(e);
}

/*
 * Writers may still hold an active list pointing at e->idf, so entries
 * go away after a grace period.
 */
void etw_entry_free(struct etw_entry *e)
{
	call_rcu(&e->rcu, etw_entry_free_rcu);
}

/* The filters of one enable call, copied in and checked. */
struct etw_filters_in {
	u32 n;
	struct etw_filter_view v[ETW_MAX_FILTERS];
	struct etw_filter_set set;
};

static void etw_filters_free(struct etw_filters_in *f)
{
	u32 i;

	for (i = 0; i < f->n; i++)
		kfree(f->v[i].data);
	f->n = 0;
}

static int etw_filters_copy(struct etw_filters_in *f, u64 uptr, u32 count,
			    bool group)
{
	struct etw_filter_desc d[ETW_MAX_FILTERS];
	u32 i, max;
	int ret;

	f->n = 0;
	if (!count)
		return etw_filters_check(NULL, 0, group, &f->set);
	if (count > ETW_MAX_FILTERS || !uptr)
		return -EINVAL;
	if (copy_from_user(d, u64_to_user_ptr(uptr), sizeof(d[0]) * count))
		return -EFAULT;
	for (i = 0; i < count; i++) {
		max = d[i].type == ETW_FILTER_TYPE_PAYLOAD ||
		      d[i].type == ETW_FILTER_TYPE_EVENT_NAME ?
		      ETW_MAX_FILTER_PAYLOAD_SIZE : ETW_MAX_FILTER_DATA_SIZE;
		f->v[i].type = d[i].type;
		f->v[i].size = d[i].size;
		f->v[i].data = NULL;
		f->n = i + 1;
		if (d[i].size > max || (d[i].size && !d[i].ptr)) {
			ret = -EINVAL;
			goto out_free;
		}
		if (!d[i].size)
			continue;
		f->v[i].data = kmalloc(d[i].size, GFP_KERNEL_ACCOUNT);
		if (!f->v[i].data) {
			ret = -ENOMEM;
			goto out_free;
		}
		if (copy_from_user((void *)f->v[i].data,
				   u64_to_user_ptr(d[i].ptr), d[i].size)) {
			ret = -EFAULT;
			goto out_free;
		}
	}
	ret = etw_filters_check(f->v, f->n, group, &f->set);
	if (ret)
		goto out_free;
	return 0;

out_free:
	etw_filters_free(f);
	return ret;
}

/*
 * Move the checked filters into entry @e.  Its old filters may still be
 * used by writers through active lists; they are returned in a husk the
 * caller frees with etw_entry_free() after recomputing those lists.
 */
static struct etw_entry *etw_entry_take_filters(struct etw_entry *e,
						struct etw_filters_in *f,
						struct etw_id_filter *idf,
						struct etw_stack_filter *swf)
{
	struct etw_entry *husk = NULL;
	u32 i;

	if (e->pids.data || e->exe.data || e->idf || e->swf || e->pf_data) {
		husk = kzalloc(sizeof(*husk), GFP_KERNEL_ACCOUNT | __GFP_NOFAIL);
		husk->pids = e->pids;
		husk->exe = e->exe;
		husk->idf = e->idf;
		husk->swf = e->swf;
		husk->pf_data = e->pf_data;
	}
	memset(&e->pids, 0, sizeof(e->pids));
	memset(&e->exe, 0, sizeof(e->exe));
	e->idf = NULL;
	e->swf = NULL;
	e->pf_data = NULL;
	e->pf_size = 0;
	e->pf_type = 0;

	for (i = 0; i < f->n; i++) {
		struct etw_filter_view *v = &f->v[i];

		if (v == f->set.pid) {
			e->pids = *v;
		} else if (v == f->set.exe) {
			e->exe = *v;
		} else if (v == f->set.provider) {
			e->pf_type = v->type;
			e->pf_size = v->size;
			e->pf_data = (void *)v->data;
		} else {
			kfree(v->data);	/* compiled (EVENT_ID) or ignored */
		}
		v->data = NULL;
	}
	e->idf = idf;
	e->swf = swf;
	f->n = 0;
	return husk;
}

/* Direct enables of one GUID by distinct sessions. */
static u32 etw_direct_sessions(const u8 *guid)
{
	u32 id, n = 0;

	for (id = 1; id <= ETW_MAX_SESSIONS; id++)
		if (etw_sessions[id] && etw_entry_find(etw_sessions[id], guid, false))
			n++;
	return n;
}

/* What etw_index_for_each() passes to etw_recompute_one(). */
struct etw_recompute_arg {
	struct etw_session *touched;
	const u8 *source_id;
	struct etw_waitlist *wl;
};

static void etw_recompute_one(struct etw_reg *reg, void *arg)
{
	struct etw_recompute_arg *a = arg;

	etw_reg_recompute(reg, a->touched, a->source_id, a->wl);
}

/**
 * etw_recompute_guid() - recompute every registration a GUID reaches
 * @guid:	provider GUID, or group GUID with @group
 * @group:	the members of group @guid
 * @touched:	as for etw_reg_recompute()
 * @source_id:	as for etw_reg_recompute()
 * @wl:		as for etw_reg_recompute()
 *
 * Context: etw_lock held.
 */
void etw_recompute_guid(const u8 *guid, bool group, struct etw_session *touched,
			const u8 *source_id, struct etw_waitlist *wl)
{
	struct etw_recompute_arg a = {
		.touched = touched, .source_id = source_id, .wl = wl,
	};

	lockdep_assert_held(&etw_lock);
	etw_index_for_each(guid, group, etw_recompute_one, &a);
}

struct etw_capture_arg {
	struct etw_session *s;
	const u8 *source_id;
	struct etw_waitlist *wl;
};

static void etw_capture_one(struct etw_reg *reg, void *arg)
{
	struct etw_capture_arg *a = arg;

	if ((reg->flags & ETW_REG_F_CALLBACK) && etw_reg_has_session(reg, a->s))
		etw_notify_capture(reg, a->source_id, a->wl);
}

long etw_ioctl_enable(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_waitlist wl = { 0 };
	struct etw_capture_arg capture;
	struct etw_filters_in *f;
	struct etw_id_filter *idf = NULL;
	struct etw_stack_filter *swf = NULL;
	struct etw_img_seen *seen = NULL;
	struct etw_enable req;
	struct etw_session *s;
	struct etw_entry *e, *husk;
	const u8 *source;
	bool group;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags & ~ETW_ENABLE_FLAGS_MASK ||
	    !etw_mem_is_zero(req.__pad, sizeof(req.__pad)) ||
	    !etw_mem_is_zero(req.__reserved, sizeof(req.__reserved)) ||
	    req.control_code > ETW_CTRL_CAPTURE_STATE ||
	    req.enable_property & ~ETW_PROP_MASK ||
	    etw_guid_is_null(req.guid))
		return -EINVAL;
	group = req.enable_property & ETW_PROP_PROVIDER_GROUP;
	if (req.flags & ETW_ENABLE_F_LEGACY) {
		/* EnableTrace: no SourceId (seed 000, rule 3), no MatchAll. */
		memset(req.source_id, 0, sizeof(req.source_id));
		req.match_all = 0;
	}

	f = kzalloc(sizeof(*f), GFP_KERNEL_ACCOUNT);
	if (!f)
		return -ENOMEM;
	if (req.control_code == ETW_CTRL_ENABLE_PROVIDER) {
		ret = etw_filters_copy(f, req.filters, req.filter_count, group);
		if (ret)
			goto out_free;
		if (f->set.event_id) {
			idf = kzalloc(sizeof(*idf), GFP_KERNEL_ACCOUNT);
			if (!idf) {
				ret = -ENOMEM;
				goto out_free;
			}
			etw_id_filter_compile(f->set.event_id, idf);
		}
		if (f->set.stackwalk || f->set.stackwalk_lk) {
			/* Stack-walk filters need stacks (reference 2.6). */
			if (!(req.enable_property & ETW_PROP_STACK_TRACE)) {
				ret = -EINVAL;
				goto out_free;
			}
			swf = kzalloc(sizeof(*swf), GFP_KERNEL_ACCOUNT);
			if (!swf) {
				ret = -ENOMEM;
				goto out_free;
			}
			etw_stack_filter_compile(&f->set, swf);
		}
	}
	source = req.source_id;
	if (req.control_code == ETW_CTRL_ENABLE_PROVIDER &&
	    (req.enable_property & ETW_PROP_STACK_TRACE)) {
		seen = etw_images_alloc();	/* the session may have one */
		if (!seen) {
			ret = -ENOMEM;
			goto out_free;
		}
	}

	mutex_lock(&etw_lock);
	s = etw_session_find(req.session, NULL, 0, &ret);
	if (!s)
		goto out_unlock;
	if (seen && !s->img_seen) {
		/* Pairs with etw_images_wanted()'s smp_load_acquire(). */
		smp_store_release(&s->img_seen, seen);
		seen = NULL;
	}
	/* Seed 004, rule 12: private sessions cannot control groups. */
	if (group && etw_session_private(s)) {
		ret = -EINVAL;
		goto out_put;
	}
	trace_etw_enable(s->logger_id, req.guid, req.control_code, req.level,
			 req.match_any, req.match_all, req.enable_property);

	e = etw_entry_find(s, req.guid, group);
	switch (req.control_code) {
	case ETW_CTRL_ENABLE_PROVIDER:
		if (!e) {
			if ((!group && etw_direct_sessions(req.guid) >=
					ETW_MAX_SESSIONS_PER_PROVIDER) ||
			    s->nentries >= READ_ONCE(etw_max_entries)) {
				ret = -ENOSPC;
				goto out_put;
			}
			e = kzalloc(sizeof(*e), GFP_KERNEL_ACCOUNT);
			if (!e) {
				ret = -ENOMEM;
				goto out_put;
			}
			memcpy(e->guid, req.guid, 16);
			e->group = group;
			etw_entry_link(s, e);
		}
		e->level = req.level;
		e->any = req.match_any;
		e->all = req.match_all;
		e->props = req.enable_property;
		e->legacy = req.flags & ETW_ENABLE_F_LEGACY;
		memcpy(e->source_id, req.source_id, 16);
		e->seq = ++etw_enable_seq;
		/* Each call replaces the session's filters (reference 2.6). */
		husk = etw_entry_take_filters(e, f, idf, swf);
		idf = NULL;
		swf = NULL;
		etw_recompute_guid(req.guid, group, s, source, &wl);
		if (husk)
			etw_entry_free(husk);
		break;
	case ETW_CTRL_DISABLE_PROVIDER:
		if (!e)
			break;	/* nothing enabled: nothing to do */
		etw_entry_unlink(s, e);
		etw_recompute_guid(req.guid, group, s, source, &wl);
		etw_entry_free(e);
		break;
	case ETW_CTRL_CAPTURE_STATE:
		capture.s = s;
		capture.source_id = source;
		capture.wl = &wl;
		etw_index_for_each(req.guid, group, etw_capture_one, &capture);
		break;
	}
out_put:
	etw_session_put(s);
out_unlock:
	mutex_unlock(&etw_lock);
	if (!ret) {
		ret = etw_waitlist_wait(&wl, req.timeout_ms ? req.timeout_ms :
					etw_callback_timeout_ms);
		/* Timeout 0: bounded wait, but not an error (reference 2.6). */
		if (ret == -ETIMEDOUT && !req.timeout_ms)
			ret = 0;
	}
	etw_waitlist_release(&wl);
out_free:
	etw_images_free(seen);
	kfree(idf);
	kfree(swf);
	etw_filters_free(f);
	kfree(f);
	return ret;
}

/* ---- disallow lists ------------------------------------------------------- */

long etw_ioctl_set_disallow(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_waitlist wl = { 0 };
	struct etw_disallow req;
	struct etw_session *s;
	struct etw_entry *e;
	u8 (*list)[16] = NULL;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags || req.__reserved || req.count > ETW_MAX_DISALLOW ||
	    (req.count && !req.guids))
		return -EINVAL;
	if (req.count) {
		list = kmalloc_array(req.count, 16, GFP_KERNEL_ACCOUNT);
		if (!list)
			return -ENOMEM;
		if (copy_from_user(list, u64_to_user_ptr(req.guids),
				   16 * req.count)) {
			kfree(list);
			return -EFAULT;
		}
	}

	mutex_lock(&etw_lock);
	s = etw_session_find(req.session, NULL, 0, &ret);
	if (!s)
		goto out_unlock;
	swap(s->disallow, list);
	s->ndisallow = req.count;
	/*
	 * Seed 004, rule 11: effective at once, for group members only, and
	 * only this session's group enables depend on its list.
	 */
	list_for_each_entry(e, &s->entries, node)
		if (e->group)
			etw_recompute_guid(e->guid, true, NULL, NULL, &wl);
	etw_session_put(s);
out_unlock:
	mutex_unlock(&etw_lock);
	kfree(list);
	if (!ret)	/* a bounded wait; running late is not an error */
		etw_waitlist_wait(&wl, etw_callback_timeout_ms);
	etw_waitlist_release(&wl);
	return ret;
}

long etw_ioctl_get_disallow(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_disallow req;
	struct etw_session *s;
	u8 (*copy)[16] = NULL;
	u32 n = 0;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags || req.__reserved || (req.count && !req.guids))
		return -EINVAL;

	mutex_lock(&etw_lock);
	s = etw_session_find(req.session, NULL, 0, &ret);
	if (!s)
		goto out_unlock;
	n = s->ndisallow;
	if (n) {
		copy = kmemdup(s->disallow, 16 * n, GFP_KERNEL_ACCOUNT);
		if (!copy)
			ret = -ENOMEM;
	}
	etw_session_put(s);
out_unlock:
	mutex_unlock(&etw_lock);
	if (!ret && copy && copy_to_user(u64_to_user_ptr(req.guids), copy,
					 16 * min(n, req.count)))
		ret = -EFAULT;
	kfree(copy);
	if (ret)
		return ret;
	req.count = n;
	return etw_copy_out(uarg, usize, &req, sizeof(req));
}
