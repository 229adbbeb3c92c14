// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-user quotas: what one user (an euid) may make the module hold.
 *
 * Every allocation a user causes is charged to the memory cgroup of the
 * task that caused it (GFP_KERNEL_ACCOUNT); on top of that, these counts
 * are bounded per user, so that a user who may open /dev/etw (everyone)
 * cannot pin unbounded kernel memory by opening many files, and a member
 * of the controller group cannot take every session slot or gigabytes of
 * buffers.  Documentation/admin-guide.rst lists the limits.
 *
 * A task with CAP_SYS_RESOURCE is not held to the limits (it is still
 * counted, so that what it frees is uncharged exactly).
 *
 * Locking: etw_user_lock (spinlock, process context only) protects the
 * table and the reference counts reaching zero; the counters are atomic.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/hashtable.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "etw_internal.h"

static unsigned int etw_max_regs_per_user = 65536;
module_param_named(max_regs_per_user, etw_max_regs_per_user, uint, 0644);
MODULE_PARM_DESC(max_regs_per_user,
		 "Provider registrations one user may hold (all files)");

static unsigned int etw_max_traits_kb_per_user = 16384;
module_param_named(max_traits_kb_per_user, etw_max_traits_kb_per_user, uint,
		   0644);
MODULE_PARM_DESC(max_traits_kb_per_user,
		 "Provider-traits bytes one user may hold, in KiB");

static unsigned int etw_max_notify_per_user = 65536;
module_param_named(max_notify_per_user, etw_max_notify_per_user, uint, 0644);
MODULE_PARM_DESC(max_notify_per_user,
		 "Capture-state notifications queued for one user's providers");

static unsigned int etw_max_sessions_per_user = 16;
module_param_named(max_sessions_per_user, etw_max_sessions_per_user, uint,
		   0644);
MODULE_PARM_DESC(max_sessions_per_user,
		 "Sessions one user may run at once");

static unsigned int etw_max_session_mb_per_user;
module_param_named(max_session_mb_per_user, etw_max_session_mb_per_user, uint,
		   0644);
MODULE_PARM_DESC(max_session_mb_per_user,
		 "Session buffer memory one user may hold, in MiB (0: a quarter of RAM)");

static unsigned int etw_max_stage_kb_per_user = 262144;
module_param_named(max_stage_kb_per_user, etw_max_stage_kb_per_user, uint,
		   0644);
MODULE_PARM_DESC(max_stage_kb_per_user,
		 "Fast-path stage memory one user's threads may hold, in KiB");

#define ETW_USER_HASH_BITS	6

static DEFINE_HASHTABLE(etw_users, ETW_USER_HASH_BITS);
static DEFINE_SPINLOCK(etw_user_lock);

static struct etw_user *etw_user_find(kuid_t uid)
{
	struct etw_user *u;

	hash_for_each_possible(etw_users, u, node, __kuid_val(uid))
		if (uid_eq(u->uid, uid))
			return u;
	return NULL;
}

/**
 * etw_user_get() - the quota record of @uid, created on first use
 * @uid:	the user
 *
 * Context: process context; may sleep.
 * Return: a referenced record, or NULL (no memory).
 */
struct etw_user *etw_user_get(kuid_t uid)
{
	struct etw_user *u, *n;

	spin_lock(&etw_user_lock);
	u = etw_user_find(uid);
	if (u)
		refcount_inc(&u->ref);
	spin_unlock(&etw_user_lock);
	if (u)
		return u;

	n = kzalloc(sizeof(*n), GFP_KERNEL_ACCOUNT);
	if (!n)
		return NULL;
	n->uid = uid;
	refcount_set(&n->ref, 1);

	spin_lock(&etw_user_lock);
	u = etw_user_find(uid);
	if (u) {
		refcount_inc(&u->ref);
	} else {
		hash_add(etw_users, &n->node, __kuid_val(uid));
		u = n;
		n = NULL;
	}
	spin_unlock(&etw_user_lock);
	kfree(n);
	return u;
}

/* Context: process context.  Drops what etw_user_get() returned. */
void etw_user_put(struct etw_user *u)
{
	if (!u)
		return;
	spin_lock(&etw_user_lock);
	if (!refcount_dec_and_test(&u->ref)) {
		spin_unlock(&etw_user_lock);
		return;
	}
	hash_del(&u->node);
	spin_unlock(&etw_user_lock);
	WARN_ON_ONCE(atomic64_read(&u->used[ETW_Q_REGS]) ||
		     atomic64_read(&u->used[ETW_Q_SESSIONS]));
	kfree(u);
}

static u64 etw_quota_limit(enum etw_quota q)
{
	switch (q) {
	case ETW_Q_REGS:
		return READ_ONCE(etw_max_regs_per_user);
	case ETW_Q_TRAITS:
		return (u64)READ_ONCE(etw_max_traits_kb_per_user) * 1024;
	case ETW_Q_NOTIFY:
		return READ_ONCE(etw_max_notify_per_user);
	case ETW_Q_SESSIONS:
		return READ_ONCE(etw_max_sessions_per_user);
	case ETW_Q_SESSION_BYTES:
		if (READ_ONCE(etw_max_session_mb_per_user))
			return (u64)READ_ONCE(etw_max_session_mb_per_user) << 20;
		return ((u64)totalram_pages() << PAGE_SHIFT) / 4;
	case ETW_Q_STAGE_BYTES:
		return (u64)READ_ONCE(etw_max_stage_kb_per_user) * 1024;
	default:
		return 0;
	}
}

/* Is the calling task above the per-user limits (CAP_SYS_RESOURCE)? */
bool etw_quota_exempt(void)
{
	return capable(CAP_SYS_RESOURCE);
}

/**
 * etw_user_charge() - count @n more of @q against @u
 * @u:		the user
 * @q:		what
 * @n:		how much
 * @exempt:	count it but do not enforce the limit (etw_quota_exempt()
 *		of the task the charge is for)
 *
 * Context: any; does not sleep.
 * Return: 0, or -EDQUOT (nothing charged).
 */
int etw_user_charge(struct etw_user *u, enum etw_quota q, u64 n, bool exempt)
{
	s64 now = atomic64_add_return(n, &u->used[q]);

	if (!exempt && (u64)now > etw_quota_limit(q)) {
		atomic64_sub(n, &u->used[q]);
		return -EDQUOT;
	}
	return 0;
}

void etw_user_uncharge(struct etw_user *u, enum etw_quota q, u64 n)
{
	WARN_ON_ONCE(atomic64_sub_return(n, &u->used[q]) < 0);
}
