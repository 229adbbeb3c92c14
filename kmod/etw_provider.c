// SPDX-License-Identifier: GPL-2.0-only
/*
 * Provider registrations (EventRegister, RegisterTraceGuids), their
 * traits and group membership (EventSetInformation, seed 004), and who
 * may join a provider group.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/file.h>
#include <linux/mm.h>
#include <linux/nospec.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_trace.h"
#include "shared/etw_ioc.h"

/* Makes handles of reused slots differ (etw_lock). */
static u32 etw_reg_generation;

/**
 * etw_reg_lookup() - find a registration of @ef by handle
 * @ef:		the file
 * @handle:	user-supplied handle
 *
 * Context: rcu_read_lock() or etw_lock held.
 * Return: the registration, or NULL.
 */
struct etw_reg *etw_reg_lookup(struct etw_file *ef, u64 handle)
{
	struct etw_reg __rcu **regs = READ_ONCE(ef->regs);
	u32 slot = (u32)handle - 1;
	struct etw_reg *reg;

	if (!regs || slot >= ETW_MAX_REGS_PER_FD)
		return NULL;
	slot = array_index_nospec(slot, ETW_MAX_REGS_PER_FD);
	reg = rcu_dereference_check(regs[slot], lockdep_is_held(&etw_lock));
	if (!reg || reg->handle != handle)
		return NULL;
	return reg;
}

static void etw_reg_exe_name(struct etw_reg *reg)
{
	struct name_snapshot name;
	struct file *exe = NULL;

	if (!current->mm)
		return;
	rcu_read_lock();
	exe = etw_get_file_rcu(&current->mm->exe_file);
	rcu_read_unlock();
	if (!exe)
		return;
	take_dentry_name_snapshot(&name, exe->f_path.dentry);
	reg->exe_len = strscpy(reg->exe, name.name.name, sizeof(reg->exe));
	if ((int)reg->exe_len < 0)
		reg->exe_len = sizeof(reg->exe) - 1;
	release_dentry_name_snapshot(&name);
	fput(exe);
}

/**
 * etw_reg_insert() - enter a new registration in its file and the index
 * @ef:		the file (reg->file)
 * @reg:	the registration, filled in but for slot and handle
 *
 * Sessions that enabled the GUID before it registered apply now; the
 * callback (SourceId GUID_NULL, seed 000 rule 3) is queued, and the
 * registering side runs it before its EventRegister returns.
 *
 * Context: etw_lock held; may sleep.
 * Return: 0, -ENOMEM or -ENOSPC.
 */
int etw_reg_insert(struct etw_file *ef, struct etw_reg *reg)
{
	u32 slot;
	int ret;

	lockdep_assert_held(&etw_lock);
	ret = etw_file_alloc_map(ef);
	if (ret)
		return ret;
	if (ef->nregs >= ETW_MAX_REGS_PER_FD)
		return -ENOSPC;
	for (slot = 0; slot < ETW_MAX_REGS_PER_FD; slot++)
		if (!rcu_access_pointer(ef->regs[slot]))
			break;
	reg->slot = slot;
	etw_reg_generation++;
	reg->handle = ((u64)etw_reg_generation << 32) | (slot + 1);
	ret = etw_index_add(reg);
	if (ret)
		return ret;
	rcu_assign_pointer(ef->regs[slot], reg);
	ef->nregs++;
	etw_reg_recompute(reg, NULL, NULL, NULL);
	trace_etw_register(reg->handle, reg->guid, reg->tgid, reg->flags);
	return 0;
}

long etw_ioctl_register(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_register r;
	struct etw_reg *reg;
	int ret;

	ret = copy_struct_from_user(&r, sizeof(r), uarg, usize);
	if (ret)
		return ret;
	if (r.flags & ~ETW_REG_FLAGS_MASK || r.slot || r.handle ||
	    r.notify_seq || !etw_mem_is_zero(r.__reserved, sizeof(r.__reserved)))
		return -EINVAL;

	reg = kzalloc(sizeof(*reg), GFP_KERNEL_ACCOUNT);
	if (!reg)
		return -ENOMEM;
	reg->user = etw_user_get(current_euid());
	if (!reg->user) {
		kfree(reg);
		return -ENOMEM;
	}
	ret = etw_user_charge(reg->user, ETW_Q_REGS, 1, etw_quota_exempt());
	if (ret)
		goto out_put_user;
	memcpy(reg->guid, r.guid, 16);
	reg->flags = r.flags;
	reg->file = ef;
	reg->tgid = task_tgid_nr(current);
	reg->pid = get_task_pid(current, PIDTYPE_TGID);
	etw_reg_exe_name(reg);
	INIT_LIST_HEAD(&reg->state_item.node);
	reg->state_item.reg = reg;

	mutex_lock(&etw_lock);
	ret = etw_reg_insert(ef, reg);
	if (ret)
		goto out_unlock;
	/* libetw runs the first callback before EventRegister returns. */
	r.slot = reg->slot;
	r.handle = reg->handle;
	r.notify_seq = reg->state_queued ? reg->state_item.seq : 0;
	mutex_unlock(&etw_lock);

	return etw_copy_out(uarg, usize, &r, sizeof(r));

out_unlock:
	mutex_unlock(&etw_lock);
	put_pid(reg->pid);
	etw_user_uncharge(reg->user, ETW_Q_REGS, 1);
out_put_user:
	etw_user_put(reg->user);
	kfree(reg);
	return ret;
}

static void etw_reg_free_rcu(struct rcu_head *head)
{
	struct etw_reg *reg = container_of(head, struct etw_reg, rcu);

	put_pid(reg->pid);
	kfree(reg->traits);
	kfree(reg);
}

/**
 * etw_reg_destroy() - end a registration
 * @reg:	the registration
 *
 * It leaves its file and the index, publishes "disabled", loses its
 * pending notifications and gives its quotas back; its memory goes
 * after a grace period (writers may still hold it under RCU).
 *
 * Context: etw_lock held.
 */
void etw_reg_destroy(struct etw_reg *reg)
{
	struct etw_file *ef = reg->file;
	struct etw_active *old;

	lockdep_assert_held(&etw_lock);
	/* What its stages hold was written while it lived. */
	old = rcu_dereference_protected(reg->active, lockdep_is_held(&etw_lock));
	etw_fast_drain_reg(reg, etw_active_changed(old, NULL));
	etw_index_remove(reg);
	etw_notify_drop_reg(reg);

	/* Publish "disabled" so a stale EventEnabled() says no. */
	etw_aggregate_init(&reg->agg);
	reg->logger = 0;
	reg->fast_sessions = 0;
	reg->fast_other = false;
	etw_slot_publish(reg);

	RCU_INIT_POINTER(ef->regs[reg->slot], NULL);
	ef->nregs--;
	etw_file_fast_sessions(ef);
	old = rcu_dereference_protected(reg->active, lockdep_is_held(&etw_lock));
	RCU_INIT_POINTER(reg->active, NULL);
	if (old)
		kfree_rcu(old, rcu);
	trace_etw_unregister(reg->handle, reg->guid, reg->tgid);
	/* The quotas are given back now; the memory after a grace period. */
	etw_user_uncharge(reg->user, ETW_Q_REGS, 1);
	if (reg->traits)
		etw_user_uncharge(reg->user, ETW_Q_TRAITS, reg->traits_len);
	etw_user_put(reg->user);
	reg->user = NULL;
	call_rcu(&reg->rcu, etw_reg_free_rcu);
}

long etw_ioctl_unregister(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_unregister u;
	struct etw_reg *reg;
	int ret;

	ret = copy_struct_from_user(&u, sizeof(u), uarg, usize);
	if (ret)
		return ret;
	if (u.__reserved)
		return -EINVAL;
	/* Its own records held back for blocking sessions go first. */
	etw_fast_wait_held(ef);
	mutex_lock(&etw_lock);
	reg = etw_reg_lookup(ef, u.handle);
	if (reg)
		etw_reg_destroy(reg);
	else
		ret = -ENOENT;
	mutex_unlock(&etw_lock);
	return ret;
}

void etw_file_unregister_all(struct etw_file *ef)
{
	u32 slot;

	mutex_lock(&etw_lock);
	for (slot = 0; ef->regs && ef->nregs && slot < ETW_MAX_REGS_PER_FD; slot++) {
		struct etw_reg *reg = rcu_dereference_protected(ef->regs[slot],
					lockdep_is_held(&etw_lock));

		if (reg)
			etw_reg_destroy(reg);
	}
	mutex_unlock(&etw_lock);
}

/* ---- group ACLs ----------------------------------------------------------- */

/**
 * struct etw_group_acl_k - who may join one provider group
 * @node:	on etw_group_acls (etw_lock)
 * @group:	group GUID
 * @n:		entries in @e
 * @e:		allowed users and groups, as kernel ids (resolved in the
 *		setter's user namespace when set, so a joiner cannot map its
 *		own ids onto them in a namespace of its own)
 */
struct etw_group_acl_k {
	struct list_head node;
	u8 group[16];
	u32 n;
	struct {
		u32 type;
		kuid_t uid;
		kgid_t gid;
	} e[];
};

static LIST_HEAD(etw_group_acls);

static struct etw_group_acl_k *etw_acl_find(const u8 *group)
{
	struct etw_group_acl_k *a;

	lockdep_assert_held(&etw_lock);
	list_for_each_entry(a, &etw_group_acls, node)
		if (!memcmp(a->group, group, 16))
			return a;
	return NULL;
}

/* Seed 004, rule 10: joining a group may require permission. */
static bool etw_may_join(const u8 *group)
{
	struct etw_group_acl_k *a = etw_acl_find(group);
	u32 i;

	if (!a || capable(CAP_SYS_ADMIN))
		return true;
	for (i = 0; i < a->n; i++) {
		if (a->e[i].type == ETW_ACL_UID &&
		    uid_eq(current_euid(), a->e[i].uid))
			return true;
		if (a->e[i].type == ETW_ACL_GID && in_group_p(a->e[i].gid))
			return true;
	}
	return false;
}

long etw_ioctl_set_group_acl(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_group_acl req;
	struct etw_group_acl_k *a = NULL, *old;
	u32 i;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags & ~ETW_GROUP_ACL_FLAGS_MASK || req.__reserved ||
	    req.count > ETW_MAX_ACL_ENTRIES || etw_guid_is_null(req.group))
		return -EINVAL;
	if (!(req.flags & ETW_GROUP_ACL_F_RESTRICT) && req.count)
		return -EINVAL;
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;

	if (req.flags & ETW_GROUP_ACL_F_RESTRICT) {
		struct etw_acl_entry *in;

		in = memdup_user(u64_to_user_ptr(req.entries),
				 sizeof(*in) * req.count);
		if (IS_ERR(in))
			return PTR_ERR(in);
		a = kzalloc(struct_size(a, e, req.count), GFP_KERNEL_ACCOUNT);
		if (!a) {
			kfree(in);
			return -ENOMEM;
		}
		memcpy(a->group, req.group, 16);
		a->n = req.count;
		for (i = 0; i < a->n; i++) {
			a->e[i].type = in[i].type;
			a->e[i].uid = make_kuid(current_user_ns(), in[i].id);
			a->e[i].gid = make_kgid(current_user_ns(), in[i].id);
			if ((in[i].type == ETW_ACL_UID && !uid_valid(a->e[i].uid)) ||
			    (in[i].type == ETW_ACL_GID && !gid_valid(a->e[i].gid)) ||
			    (in[i].type != ETW_ACL_UID && in[i].type != ETW_ACL_GID)) {
				kfree(in);
				kfree(a);
				return -EINVAL;
			}
		}
		kfree(in);
	}

	mutex_lock(&etw_lock);
	old = etw_acl_find(req.group);
	if (old)
		list_del(&old->node);
	if (a)
		list_add(&a->node, &etw_group_acls);
	mutex_unlock(&etw_lock);
	kfree(old);
	return 0;
}

long etw_ioctl_get_group_acl(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_group_acl req;
	struct etw_group_acl_k *a;
	struct etw_acl_entry *copy = NULL;
	u32 i, n = 0;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags || req.__reserved || etw_guid_is_null(req.group))
		return -EINVAL;

	mutex_lock(&etw_lock);
	a = etw_acl_find(req.group);
	if (a) {
		n = a->n;
		copy = kcalloc(n, sizeof(*copy), GFP_KERNEL_ACCOUNT);
		if (!copy && n) {
			mutex_unlock(&etw_lock);
			return -ENOMEM;
		}
		for (i = 0; i < n; i++) {
			copy[i].type = a->e[i].type;
			copy[i].id = a->e[i].type == ETW_ACL_UID ?
				from_kuid_munged(current_user_ns(), a->e[i].uid) :
				from_kgid_munged(current_user_ns(), a->e[i].gid);
		}
	}
	mutex_unlock(&etw_lock);

	if (copy && copy_to_user(u64_to_user_ptr(req.entries), copy,
				 sizeof(copy[0]) * min(n, req.count)))
		ret = -EFAULT;
	kfree(copy);
	if (ret)
		return ret;
	req.flags = a ? ETW_GROUP_ACL_F_RESTRICT : 0;
	req.count = n;
	return etw_copy_out(uarg, usize, &req, sizeof(req));
}

void etw_groups_exit(void)
{
	struct etw_group_acl_k *a, *tmp;

	list_for_each_entry_safe(a, tmp, &etw_group_acls, node) {
		list_del(&a->node);
		kfree(a);
	}
}

/* ---- EventSetInformation ------------------------------------------------- */

/**
 * etw_traits_install() - set a registration's traits blob (seed 004)
 * @ef:		the registration's file
 * @handle:	the registration
 * @blob:	the blob, kmalloc()ed: always taken over (kept or freed)
 * @len:	its bytes
 * @kernel:	a kernel-mode provider's: it may join any group, and its
 *		bytes count against no limit
 *
 * Context: process context, no locks held; takes etw_lock.
 * Return: 0, -EINVAL (not a traits blob), -ENOENT, -EEXIST (set once
 * already), -EACCES (a group it may not join), -EDQUOT, -ENOMEM.
 */
int etw_traits_install(struct etw_file *ef, u64 handle, u8 *blob, u32 len,
		       bool kernel)
{
	struct etw_traits_info ti;
	struct etw_reg *reg;
	int ret;

	ret = etw_traits_parse(blob, len, &ti);
	if (ret)
		goto out_free;

	mutex_lock(&etw_lock);
	reg = etw_reg_lookup(ef, handle);
	if (!reg) {
		ret = -ENOENT;
		goto out_unlock;
	}
	/* Seed 004, rule 2: traits are set once per registration. */
	if (reg->traits) {
		ret = -EEXIST;
		goto out_unlock;
	}
	if (ti.has_group && !kernel && !etw_may_join(ti.group)) {
		ret = -EACCES;
		goto out_unlock;
	}
	ret = etw_user_charge(reg->user, ETW_Q_TRAITS, len,
			      kernel || etw_quota_exempt());
	if (ret)
		goto out_unlock;
	if (ti.has_group) {
		ret = etw_index_join(reg, ti.group);
		if (ret) {
			etw_user_uncharge(reg->user, ETW_Q_TRAITS, len);
			goto out_unlock;
		}
	}
	reg->traits_len = len;
	/* Writers read traits_len after seeing the pointer (acquire). */
	smp_store_release(&reg->traits, blob);
	blob = NULL;
	/* Setting traits also turns on EVENT_DATA_DESCRIPTOR.Type. */
	WRITE_ONCE(reg->use_desc_type, true);
	if (ti.has_group) {
		memcpy(reg->group, ti.group, 16);
		reg->has_group = true;
		/* A group enabled before the provider joined applies now. */
		etw_reg_recompute(reg, NULL, NULL, NULL);
	}
out_unlock:
	mutex_unlock(&etw_lock);
out_free:
	kfree(blob);
	return ret;
}

static int etw_set_traits(struct etw_file *ef, u64 handle,
			  const void __user *udata, u32 len)
{
	u8 *blob;

	if (len < 3 || len > ETW_MAX_TRAITS_SIZE || !udata)
		return -EINVAL;
	blob = kmalloc(len, GFP_KERNEL_ACCOUNT);
	if (!blob)
		return -ENOMEM;
	if (copy_from_user(blob, udata, len)) {
		kfree(blob);
		return -EFAULT;
	}
	return etw_traits_install(ef, handle, blob, len, false);
}

long etw_ioctl_set_info(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_set_info si;
	struct etw_reg *reg;
	u8 v;
	int ret;

	ret = copy_struct_from_user(&si, sizeof(si), uarg, usize);
	if (ret)
		return ret;
	if (si.__reserved)
		return -EINVAL;
	if (si.length && !si.data)
		return -EINVAL;

	switch (si.info_class) {
	case ETW_INFO_SET_TRAITS:
		return etw_set_traits(ef, si.handle, u64_to_user_ptr(si.data),
				      si.length);
	case ETW_INFO_USE_DESCRIPTOR_TYPE:
		if (si.length != 1)
			return -EINVAL;
		if (get_user(v, (u8 __user *)u64_to_user_ptr(si.data)))
			return -EFAULT;
		mutex_lock(&etw_lock);
		reg = etw_reg_lookup(ef, si.handle);
		if (reg)
			WRITE_ONCE(reg->use_desc_type, v != 0);
		mutex_unlock(&etw_lock);
		return reg ? 0 : -ENOENT;
	case ETW_INFO_BINARY_TRACK:
		/* Accepted; binary-path events are not emitted. */
		mutex_lock(&etw_lock);
		reg = etw_reg_lookup(ef, si.handle);
		mutex_unlock(&etw_lock);
		return reg ? 0 : -ENOENT;
	default:
		return -EOPNOTSUPP;
	}
}
