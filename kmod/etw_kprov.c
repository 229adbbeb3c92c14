// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel-mode providers: the registration side of Windows' driver ETW
 * API (kmod/include/etw_km.h): EtwRegister, EtwUnregister,
 * EtwSetInformation, EtwEventEnabled, EtwProviderEnabled, the enable
 * callbacks, and what happens when a provider's module goes away.  The
 * writers are in etw_kprov_write.c, TraceLogging in etw_ktlg.c.
 *
 * A kernel registration is an ordinary struct etw_reg on a file of its
 * own, etw_kprov_file, so enabling and aggregation, groups, disallow lists,
 * event-ID filters, capture state, provider enumeration and the writer
 * treat it as they treat a process's registration.  What differs:
 *
 *  - its notifications are delivered by a kernel worker (etw_kcb_work),
 *    which runs the callbacks in process context and acknowledges them,
 *    so a control call waits (bounded) for kernel callbacks as it does
 *    for user ones; EtwRegister runs the first one itself;
 *  - it belongs to no process: PID and executable-name filters never
 *    select it, a private session only through its GUID;
 *  - struct etw_kprov keeps the callback, its context and who registered.
 *
 * Lifetime (Documentation/design.rst, "Kernel-mode providers"): a
 * registration does not pin its module.  EtwUnregister waits until no
 * callback of the registration runs (unless called from that callback)
 * and afterwards nothing of ours refers to the caller's code or data:
 * the traits are copied, and writers only read the caller's memory
 * during the call.  A module that goes with registrations left
 * (MODULE_STATE_GOING: its exit function returned, or its init failed)
 * has them unregistered by our notifier, while its code is still there.
 * etw.ko itself cannot go while a module that links to it is loaded.
 *
 * Locking: etw_lock protects etw_kprovs, each etw_kprov's @reg and
 * @running; @cb, @ctx and @owner never change.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kref.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include <etw_km.h>

/**
 * struct etw_kprov - a kernel-mode provider's side of a registration
 * @node:	on etw_kprovs (etw_lock)
 * @ref:	the registration holds one until it ends; a claim (a
 *		callback about to run or running) holds one
 * @reg:	the registration, NULL once it ended (etw_lock)
 * @running:	the task running its callback, or NULL (etw_lock)
 * @cb:		the enable callback, or NULL
 * @ctx:	its CallbackContext
 * @owner:	the registering module (THIS_MODULE of its EtwRegister or
 *		TraceLoggingRegister, inline in the headers; NULL for code
 *		built into the kernel): compared, never dereferenced
 */
struct etw_kprov {
	struct list_head node;
	struct kref ref;
	struct etw_reg *reg;
	struct task_struct *running;
	PETWENABLECALLBACK cb;
	void *ctx;
	const struct module *owner;
};

struct etw_file *etw_kprov_file;
/* etw_kprov_file's enable map, for etw_km.h's inline test. */
const struct __etw_km_slot *__etw_km_slots __read_mostly;
EXPORT_SYMBOL_NS_GPL(__etw_km_slots, ETW);
static LIST_HEAD(etw_kprovs);
static DECLARE_WAIT_QUEUE_HEAD(etw_kcb_wait);	/* a callback ended */
static struct workqueue_struct *etw_kcb_wq;
static u8 *etw_kcb_buf;				/* the worker's records */

static void etw_kcb_work_fn(struct work_struct *work);
static DECLARE_WORK(etw_kcb_work, etw_kcb_work_fn);

/*
 * What may sleep: EtwRegister, EtwUnregister, EtwSetInformation
 * (PASSIVE_LEVEL on Windows).  Enforced: a call from atomic context
 * warns once and fails.
 */
static bool etw_kctx_sleepable(void)
{
	might_sleep();
	return !WARN_ON_ONCE(!in_task() || irqs_disabled());
}

static void etw_kprov_release(struct kref *ref)
{
	kfree(container_of(ref, struct etw_kprov, ref));
}

/*
 * Claim @kp for running its callback: wait until no other task runs
 * one, then mark it ours.  False when the registration ended meanwhile.
 * On success the caller holds a reference until etw_kprov_unclaim().
 * Context: etw_lock held; drops it to wait.
 */
static bool etw_kprov_claim(struct etw_kprov *kp)
{
	lockdep_assert_held(&etw_lock);
	kref_get(&kp->ref);
	while (kp->running) {
		mutex_unlock(&etw_lock);
		wait_event(etw_kcb_wait, !READ_ONCE(kp->running));
		mutex_lock(&etw_lock);
	}
	if (!kp->reg) {
		kref_put(&kp->ref, etw_kprov_release);
		return false;
	}
	WRITE_ONCE(kp->running, current);
	return true;
}

/* Context: process context, no locks held. */
static void etw_kprov_unclaim(struct etw_kprov *kp)
{
	mutex_lock(&etw_lock);
	WRITE_ONCE(kp->running, NULL);
	kref_put(&kp->ref, etw_kprov_release);
	mutex_unlock(&etw_lock);
	wake_up_all(&etw_kcb_wait);
}

/*
 * Run @kp's callback for notification @n (SourceId, control code,
 * aggregate, the sessions' filter data after it).
 * Context: process context, no locks held; @kp claimed.
 */
static void etw_kprov_call(struct etw_kprov *kp,
			   const struct etw_notification *n)
{
	EVENT_FILTER_DESCRIPTOR fd, *pfd = NULL;
	GUID source;

	if (n->filter_size) {
		fd.Ptr = (ULONGLONG)(uintptr_t)(n + 1);
		fd.Size = n->filter_size;
		fd.Type = n->filter_type;
		pfd = &fd;
	}
	memcpy(&source, n->source_id, sizeof(source));
	kp->cb(&source, n->code, n->level, n->match_any, n->match_all, pfd,
	       kp->ctx);
}

/* Deliver one record taken from etw_kprov_file's queue.  Context: as above. */
static void etw_kcb_deliver(const struct etw_notification *n)
{
	struct etw_kprov *kp = NULL;
	struct etw_reg *reg;
	bool claimed = false;

	mutex_lock(&etw_lock);
	reg = etw_reg_lookup(etw_kprov_file, n->handle);
	if (reg)	/* else: unregistered since the record was taken */
		kp = reg->kprov;
	if (kp && kp->cb)
		claimed = etw_kprov_claim(kp);
	mutex_unlock(&etw_lock);
	if (!claimed)
		return;
	etw_kprov_call(kp, n);
	etw_kprov_unclaim(kp);
}

/*
 * The worker: take what is queued for kernel providers, run the
 * callbacks one after the other, acknowledge, until nothing is left.
 */
static void etw_kcb_work_fn(struct work_struct *work)
{
	const struct etw_notification *n;
	u32 used, off;
	u64 last;

	for (;;) {
		mutex_lock(&etw_lock);
		used = etw_notify_take(etw_kprov_file, etw_kcb_buf,
				       ETW_NOTIFY_MAX_SIZE);
		mutex_unlock(&etw_lock);
		if (!used)
			return;
		last = 0;
		for (off = 0; off < used; off += n->size) {
			n = (const void *)(etw_kcb_buf + off);
			etw_kcb_deliver(n);
			last = n->seq;
		}
		etw_notify_ack(etw_kprov_file, last);
		cond_resched();
	}
}

/**
 * etw_kprov_kick() - kernel providers have notifications queued
 *
 * Context: etw_lock held (etw_notify.c); does not sleep.
 */
void etw_kprov_kick(void)
{
	lockdep_assert_held(&etw_lock);
	queue_work(etw_kcb_wq, &etw_kcb_work);
}

/*
 * End @kp's registration: it leaves the index and its file, and when no
 * callback of it runs any more (a callback that unregisters its own
 * provider is not waited for), the registration's reference goes.
 * Context: etw_lock held; drops it to wait.
 */
static void etw_kprov_end(struct etw_kprov *kp)
{
	lockdep_assert_held(&etw_lock);
	etw_reg_destroy(kp->reg);
	kp->reg = NULL;
	list_del(&kp->node);
	while (kp->running && kp->running != current) {
		mutex_unlock(&etw_lock);
		wait_event(etw_kcb_wait, !READ_ONCE(kp->running));
		mutex_lock(&etw_lock);
	}
	kref_put(&kp->ref, etw_kprov_release);
}

/* The NTSTATUS of a control-side errno (writes: etw_kprov_write.c). */
static NTSTATUS etw_kstatus(int err)
{
	switch (err) {
	case 0:
		return STATUS_SUCCESS;
	case -ENOENT:
		return STATUS_INVALID_HANDLE;
	case -ENOMEM:
		return STATUS_NO_MEMORY;
	case -ENOSPC:
	case -EDQUOT:
		return STATUS_INSUFFICIENT_RESOURCES;
	case -EEXIST:
		return STATUS_OBJECT_NAME_COLLISION;
	case -EOPNOTSUPP:
		return STATUS_NOT_SUPPORTED;
	default:
		return STATUS_INVALID_PARAMETER;
	}
}

/**
 * __etw_register() - EtwRegister, on behalf of @owner
 * @ProviderId:	as EtwRegister's
 * @EnableCallback: as EtwRegister's
 * @CallbackContext: as EtwRegister's
 * @RegHandle:	as EtwRegister's
 * @owner:	the registering module (EtwRegister passes THIS_MODULE):
 *		what it leaves registered ends when it goes
 *		(etw_kprov_module_event())
 *
 * Context: process context, may sleep.
 * Return: an NTSTATUS, as EtwRegister's.
 */
NTSTATUS __etw_register(LPCGUID ProviderId, PETWENABLECALLBACK EnableCallback,
			PVOID CallbackContext, PREGHANDLE RegHandle,
			struct module *owner)
{
	struct etw_notification *first = NULL;
	struct etw_kprov *kp;
	struct etw_reg *reg;
	bool claimed = false;
	int ret = -ENOMEM;

	if (RegHandle)
		*RegHandle = 0;
	if (!etw_kctx_sleepable())
		return STATUS_INVALID_DEVICE_STATE;
	if (!ProviderId || !RegHandle)
		return STATUS_INVALID_PARAMETER;

	kp = kzalloc(sizeof(*kp), GFP_KERNEL);
	reg = kzalloc(sizeof(*reg), GFP_KERNEL);
	if (EnableCallback)
		first = kvmalloc(ETW_NOTIFY_MAX_SIZE, GFP_KERNEL);
	if (!kp || !reg || (EnableCallback && !first))
		goto out_free;
	/* Kernel registrations count against no limit (root's record). */
	reg->user = etw_user_get(GLOBAL_ROOT_UID);
	if (!reg->user)
		goto out_free;
	ret = etw_user_charge(reg->user, ETW_Q_REGS, 1, true);
	if (ret)
		goto out_put_user;
	memcpy(reg->guid, ProviderId, 16);
	reg->flags = EnableCallback ? ETW_REG_F_CALLBACK : 0;
	reg->file = etw_kprov_file;
	INIT_LIST_HEAD(&reg->state_item.node);
	reg->state_item.reg = reg;
	reg->kprov = kp;
	kref_init(&kp->ref);
	kp->reg = reg;
	kp->cb = EnableCallback;
	kp->ctx = CallbackContext;
	kp->owner = owner;

	mutex_lock(&etw_lock);
	ret = etw_reg_insert(etw_kprov_file, reg);
	if (ret) {
		mutex_unlock(&etw_lock);
		goto out_uncharge;
	}
	list_add_tail(&kp->node, &etw_kprovs);
	*RegHandle = reg->handle;
	/* Enabled already: the first callback runs before we return. */
	if (first && etw_notify_take_reg(reg, (u8 *)first))
		claimed = etw_kprov_claim(kp);
	mutex_unlock(&etw_lock);
	if (claimed) {
		etw_kprov_call(kp, first);
		etw_kprov_unclaim(kp);
	}
	kvfree(first);
	return STATUS_SUCCESS;

out_uncharge:
	etw_user_uncharge(reg->user, ETW_Q_REGS, 1);
out_put_user:
	etw_user_put(reg->user);
out_free:
	kvfree(first);
	kfree(reg);
	kfree(kp);
	return etw_kstatus(ret);
}
EXPORT_SYMBOL_NS_GPL(__etw_register, ETW);

/**
 * EtwUnregister() - end a kernel-mode provider's registration
 * @RegHandle:	what EtwRegister gave
 *
 * The registration leaves the index and its file; then, unless this is
 * called from the registration's own enable callback, it waits until no
 * callback of it runs.  When it returns nothing of etw.ko refers to the
 * caller's code or data: its module may go.
 *
 * Context: process context, may sleep; takes etw_lock.  From atomic
 * context it warns once and fails.
 * Return: STATUS_SUCCESS, STATUS_INVALID_HANDLE (not a registration, or
 * already ended) or STATUS_INVALID_DEVICE_STATE (atomic context).
 */
NTSTATUS EtwUnregister(REGHANDLE RegHandle)
{
	struct etw_reg *reg;

	if (!etw_kctx_sleepable())
		return STATUS_INVALID_DEVICE_STATE;
	mutex_lock(&etw_lock);
	reg = etw_reg_lookup(etw_kprov_file, RegHandle);
	if (reg)
		etw_kprov_end(reg->kprov);
	mutex_unlock(&etw_lock);
	return reg ? STATUS_SUCCESS : STATUS_INVALID_HANDLE;
}
EXPORT_SYMBOL_NS_GPL(EtwUnregister, ETW);

/**
 * EtwSetInformation() - set a kernel-mode provider's traits or options
 * @RegHandle:	the registration
 * @InformationClass: EventProviderSetTraits (the traits blob: name,
 *		group; copied, set once; a kernel provider may join any
 *		group), EventProviderUseDescriptorType (one BOOLEAN) or
 *		EventProviderBinaryTrackInfo (accepted, no effect)
 * @EventInformation: the class's data, @InformationLength bytes
 * @InformationLength: its size
 *
 * Context: process context, may sleep; takes etw_lock.  From atomic
 * context it warns once and fails.
 * Return: STATUS_SUCCESS, STATUS_INVALID_HANDLE, STATUS_INVALID_PARAMETER
 * (a bad size or blob), STATUS_NO_MEMORY, STATUS_OBJECT_NAME_COLLISION
 * (the traits were set already), STATUS_NOT_SUPPORTED (another class),
 * STATUS_INVALID_DEVICE_STATE (atomic context).
 */
NTSTATUS EtwSetInformation(REGHANDLE RegHandle,
			   EVENT_INFO_CLASS InformationClass,
			   PVOID EventInformation, ULONG InformationLength)
{
	struct etw_reg *reg;
	u8 *blob;

	if (!etw_kctx_sleepable())
		return STATUS_INVALID_DEVICE_STATE;
	if (InformationLength && !EventInformation)
		return STATUS_INVALID_PARAMETER;
	switch (InformationClass) {
	case EventProviderSetTraits:
		if (InformationLength < 3 ||
		    InformationLength > ETW_MAX_TRAITS_SIZE)
			return STATUS_INVALID_PARAMETER;
		blob = kmemdup(EventInformation, InformationLength, GFP_KERNEL);
		if (!blob)
			return STATUS_NO_MEMORY;
		return etw_kstatus(etw_traits_install(etw_kprov_file, RegHandle, blob,
						      InformationLength, true));
	case EventProviderUseDescriptorType:
		if (InformationLength != 1)
			return STATUS_INVALID_PARAMETER;
		fallthrough;
	case EventProviderBinaryTrackInfo:	/* accepted, no effect */
		mutex_lock(&etw_lock);
		reg = etw_reg_lookup(etw_kprov_file, RegHandle);
		if (reg && InformationClass == EventProviderUseDescriptorType)
			WRITE_ONCE(reg->use_desc_type,
				   *(const u8 *)EventInformation != 0);
		mutex_unlock(&etw_lock);
		return reg ? STATUS_SUCCESS : STATUS_INVALID_HANDLE;
	default:
		return STATUS_NOT_SUPPORTED;
	}
}
EXPORT_SYMBOL_NS_GPL(EtwSetInformation, ETW);

/*
 * The enable test on a registration's published slot (the seqcount of
 * struct etw_enable_slot), in any context: a disabled provider costs one
 * load.  A reader never waits for the writer, which it may have
 * interrupted on this CPU: a slot found changing answers "enabled", and
 * the writer, which tests each session's own level and keywords, has
 * the last word.  A stale handle reads whatever its slot holds now.
 */
static bool etw_kslot_pass(REGHANDLE RegHandle, u8 level, u64 keyword)
{
	const struct etw_enable_slot *s;
	struct etw_level_kw kw;
	u32 slot = (u32)RegHandle - 1, seq, tries;
	bool pass;

	if (slot >= ETW_MAX_REGS_PER_FD)
		return false;
	s = &etw_kprov_file->map[slot];
	if (!READ_ONCE(s->enabled))
		return false;
	for (tries = 0; tries < 4; tries++) {
		/* Pairs with etw_slot_publish()'s last smp_wmb() */
		seq = smp_load_acquire(&s->seq);
		if (seq & 1)
			continue;
		kw.level = READ_ONCE(s->level);
		kw.keyword0 = READ_ONCE(s->flags) & ETW_SLOT_KEYWORD0;
		kw.any = READ_ONCE(s->match_any);
		kw.all = READ_ONCE(s->match_all);
		pass = READ_ONCE(s->enabled) &&
		       etw_level_kw_pass(&kw, level, keyword);
		smp_rmb();	/* the fields before the second seq read */
		if (READ_ONCE(s->seq) == seq)
			return pass;
	}
	return true;
}

/* The exported functions themselves, not etw_km.h's inline tests. */
#undef EtwEventEnabled
#undef EtwProviderEnabled

/**
 * EtwEventEnabled() - would an event of this descriptor be written?
 * @RegHandle:	the registration
 * @EventDescriptor: the event (its Level and Keyword are tested)
 *
 * Reads the registration's published enable slot: a disabled provider
 * costs one load.  A slot found changing answers TRUE (the writer tests
 * each session again).
 *
 * Context: any, NMI included; takes no lock and never waits.
 * Return: TRUE if some session may want it; FALSE if none does, for a
 * NULL @EventDescriptor, or for a handle out of range (a stale handle
 * reads whatever its slot holds now).
 */
BOOLEAN EtwEventEnabled(REGHANDLE RegHandle,
			PCEVENT_DESCRIPTOR EventDescriptor)
{
	return EventDescriptor &&
	       etw_kslot_pass(RegHandle, EventDescriptor->Level,
			      EventDescriptor->Keyword);
}
EXPORT_SYMBOL_NS_GPL(EtwEventEnabled, ETW);

/**
 * EtwProviderEnabled() - would an event of this level and keyword be
 * written?
 * @RegHandle:	the registration
 * @Level:	the event's level (0: any)
 * @Keyword:	the event's keywords (0: any)
 *
 * As EtwEventEnabled(), with the level and keyword given.
 *
 * Context: any, NMI included; takes no lock and never waits.
 * Return: TRUE if some session may want it, else FALSE.
 */
BOOLEAN EtwProviderEnabled(REGHANDLE RegHandle, UCHAR Level,
			   ULONGLONG Keyword)
{
	return etw_kslot_pass(RegHandle, Level, Keyword);
}
EXPORT_SYMBOL_NS_GPL(EtwProviderEnabled, ETW);

/*
 * Does @kp belong to @mod: registered by it (the THIS_MODULE its headers
 * passed), or with a callback in its code?
 */
static bool etw_kprov_of(const struct etw_kprov *kp, const struct module *mod)
{
	return kp->owner == mod ||
	       (kp->cb && within_module((unsigned long)kp->cb, mod));
}

/*
 * A module is going (its exit function returned, or its init failed)
 * and its code is still there: what it left registered ends now, its
 * running callbacks waited for.
 */
static int etw_kprov_module_event(struct notifier_block *nb,
				  unsigned long action, void *data)
{
	struct module *mod = data;
	struct etw_kprov *kp;

	if (action != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&etw_lock);
again:
	list_for_each_entry(kp, &etw_kprovs, node) {
		if (!etw_kprov_of(kp, mod))
			continue;
		pr_warn("module %s left provider %pUl registered; unregistering it (call EtwUnregister before unloading)\n",
			mod->name, kp->reg->guid);
		etw_kprov_end(kp);	/* may drop the lock: start over */
		goto again;
	}
	mutex_unlock(&etw_lock);
	return NOTIFY_OK;
}

static struct notifier_block etw_kprov_nb = {
	.notifier_call = etw_kprov_module_event,
};

int etw_kprov_init(void)
{
	int ret = -ENOMEM;

	etw_kprov_file = kzalloc(sizeof(*etw_kprov_file), GFP_KERNEL);
	if (!etw_kprov_file)
		return -ENOMEM;
	kref_init(&etw_kprov_file->ref);
	etw_kprov_file->cred = get_current_cred();
	INIT_LIST_HEAD(&etw_kprov_file->notify);
	init_waitqueue_head(&etw_kprov_file->notify_wq);
	etw_fast_file_init(etw_kprov_file);
	etw_kprov_file->kernel = true;
	mutex_lock(&etw_lock);
	ret = etw_file_alloc_map(etw_kprov_file);
	mutex_unlock(&etw_lock);
	if (ret)
		goto out_put;
	BUILD_BUG_ON(sizeof(struct __etw_km_slot) != sizeof(struct etw_enable_slot));
	BUILD_BUG_ON(offsetof(struct __etw_km_slot, enabled) !=
		     offsetof(struct etw_enable_slot, enabled));
	BUILD_BUG_ON(__ETW_KM_SLOTS != ETW_MAX_REGS_PER_FD);
	WRITE_ONCE(__etw_km_slots,
		   (const struct __etw_km_slot *)etw_kprov_file->map);
	ret = -ENOMEM;
	etw_kcb_buf = kvmalloc(ETW_NOTIFY_MAX_SIZE, GFP_KERNEL);
	if (!etw_kcb_buf)
		goto out_put;
	etw_kcb_wq = alloc_ordered_workqueue("etw_kcb", 0);
	if (!etw_kcb_wq)
		goto out_buf;
	ret = etw_kactivity_init();
	if (ret)
		goto out_wq;
	ret = register_module_notifier(&etw_kprov_nb);
	if (ret)
		goto out_activity;
	return 0;

out_activity:
	etw_kactivity_exit();
out_wq:
	destroy_workqueue(etw_kcb_wq);
out_buf:
	kvfree(etw_kcb_buf);
out_put:
	WRITE_ONCE(__etw_km_slots, NULL);
	etw_file_put(etw_kprov_file);
	etw_kprov_file = NULL;
	return ret;
}

/*
 * Module exit: every module that registered is gone (each held a
 * reference on etw.ko), so nothing is left to unregister; what the
 * sessions' stop queued is delivered to nobody.
 */
void etw_kprov_exit(void)
{
	struct etw_kprov *kp;

	unregister_module_notifier(&etw_kprov_nb);
	mutex_lock(&etw_lock);
	while (!list_empty(&etw_kprovs)) {
		kp = list_first_entry(&etw_kprovs, struct etw_kprov, node);
		WARN_ON_ONCE(1);
		etw_kprov_end(kp);
	}
	mutex_unlock(&etw_lock);
	destroy_workqueue(etw_kcb_wq);
	etw_notify_file_dead(etw_kprov_file);
	etw_kactivity_exit();
	kvfree(etw_kcb_buf);
	WRITE_ONCE(__etw_km_slots, NULL);
	etw_file_put(etw_kprov_file);
	etw_kprov_file = NULL;
}
