// SPDX-License-Identifier: GPL-2.0-only
/*
 * System loggers: which sessions are, the set of running ones that the
 * probes read (RCU), turning probe groups on and off as the union of
 * their EnableFlags changes, and TraceSetInformation /
 * TraceQueryInformation for them (ETW_IOC_SYSTEM_INFO).
 *
 * Locking: etw_ksys_mutex serialises attach, detach, flag updates, the
 * probe groups and the profile interval; it nests inside nothing of ours
 * but may be taken after etw_lock was dropped.  It is held across
 * tracepoint (un)registration, kprobe (un)registration and perf event
 * creation, which sleep.  Probes see only etw_ksys_active (RCU) and a
 * session's ksys->stacks (RCU).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_ksys.h"
#include "shared/etw_ioc.h"
#include "shared/etw_logic.h"

static DEFINE_MUTEX(etw_ksys_mutex);

/* Attached system loggers (etw_ksys_mutex). */
static struct etw_session *etw_ksys_sessions[ETW_KSYS_MAX];
/* Sessions counted against ETW_KSYS_MAX, started or starting. */
static atomic_t etw_ksys_count = ATOMIC_INIT(0);

/* TraceSampledProfileIntervalInfo, 100-ns units (etw_ksys_mutex). */
static u32 etw_kprofile_interval = 10000;

static struct etw_kgroup *const etw_kgroups[] = {
	&etw_kgroup_sched, &etw_kgroup_cswitch, &etw_kgroup_ready,
	&etw_kgroup_image, &etw_kgroup_disk, &etw_kgroup_syscall,
	&etw_kgroup_net, &etw_kgroup_profile,
};

/* ---- tracepoints by name -------------------------------------------------- */

static const char *const etw_ktp_names[] = {
	"sched_process_fork", "sched_process_exec", "sched_process_exit",
	"sched_switch", "sched_wakeup", "sched_wakeup_new",
	"block_bio_queue", "block_rq_complete", "sys_enter", "sys_exit",
	"inet_sock_set_state", "tcp_retransmit_skb", "sock_send_length",
	"sock_recv_length", "tcp_probe",
};

static struct tracepoint *etw_ktps[ARRAY_SIZE(etw_ktp_names)];

static void etw_ktp_find(struct tracepoint *tp, void *priv)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(etw_ktp_names); i++)
		if (!strcmp(tp->name, etw_ktp_names[i]))
			etw_ktps[i] = tp;
}

struct tracepoint *etw_ktp(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(etw_ktp_names); i++)
		if (!strcmp(name, etw_ktp_names[i]))
			return etw_ktps[i];
	return NULL;
}

/*
 * @prio orders the probes of one tracepoint (higher first; the default is
 * TRACEPOINT_DEFAULT_PRIO).  Context: etw_ksys_mutex held (a group's
 * enable).
 */
int etw_ktp_register_prio(const char *name, void *probe, int prio)
{
	struct tracepoint *tp = etw_ktp(name);

	lockdep_assert_held(&etw_ksys_mutex);
	if (!tp)
		return -ENOENT;
	return tracepoint_probe_register_prio(tp, probe, NULL, prio);
}

int etw_ktp_register(const char *name, void *probe)
{
	return etw_ktp_register_prio(name, probe, TRACEPOINT_DEFAULT_PRIO);
}

/* Context: etw_ksys_mutex held; the caller synchronizes afterwards. */
void etw_ktp_unregister(const char *name, void *probe)
{
	struct tracepoint *tp = etw_ktp(name);

	lockdep_assert_held(&etw_ksys_mutex);
	if (tp)
		WARN_ON_ONCE(tracepoint_probe_unregister(tp, probe, NULL));
}

/* ---- which sessions are system loggers --------------------------------------- */

static const u8 etw_system_trace_control_guid[16] = {
	/* 9e814aad-3204-11d2-9a82-006008a86939, Windows layout */
	0xad, 0x4a, 0x81, 0x9e, 0x04, 0x32, 0xd2, 0x11,
	0x9a, 0x82, 0x00, 0x60, 0x08, 0xa8, 0x69, 0x39,
};

#define ETW_KERNEL_LOGGER_NAME	"NT Kernel Logger"

/**
 * etw_ksys_classify() - is a new session a system logger?
 * @name:	its name (NUL-terminated)
 * @name_len:	bytes of @name
 * @mode:	its LogFileMode
 * @guid:	its GUID (may be set to SystemTraceControlGuid)
 *
 * Return: 1 for a system logger, 0 for an ordinary session, -EINVAL for
 * SystemTraceControlGuid under another name (reference 2.5) or a private
 * system logger (it records the machine, not a process).
 */
int etw_ksys_classify(const char *name, u32 name_len, u32 mode, u8 *guid)
{
	bool kname = etw_name_equal(name, name_len, ETW_KERNEL_LOGGER_NAME,
				    strlen(ETW_KERNEL_LOGGER_NAME));

	if (!memcmp(guid, etw_system_trace_control_guid, 16) && !kname)
		return -EINVAL;
	if (!kname && !(mode & ETW_MODE_SYSTEM_LOGGER))
		return 0;
	if (mode & (ETW_MODE_PRIVATE_LOGGER | ETW_MODE_PRIVATE_IN_PROC))
		return -EINVAL;
	if (kname)
		memcpy(guid, etw_system_trace_control_guid, 16);
	return 1;
}

/**
 * etw_ksys_prepare() - count a new system logger and give it its state
 * @s:		the session being started (not yet visible)
 * @privileged:	its starter has CAP_PERFMON or CAP_SYS_ADMIN
 *
 * Undone by etw_ksys_free().
 * Return: 0, -ENOSPC (ETW_KSYS_MAX run already) or -ENOMEM.
 */
int etw_ksys_prepare(struct etw_session *s, bool privileged)
{
	s->ksys = kzalloc(sizeof(*s->ksys), GFP_KERNEL_ACCOUNT);
	if (!s->ksys)
		return -ENOMEM;
	if (atomic_inc_return(&etw_ksys_count) > ETW_KSYS_MAX) {
		atomic_dec(&etw_ksys_count);
		return -ENOSPC;
	}
	s->ksys->counted = true;
	s->ksys->privileged = privileged;
	s->ksys->flags = s->enable_flags;
	return 0;
}

/**
 * etw_ksys_may_read() - may the caller have session @s's events?
 * @s:		a session
 *
 * A system logger's events, read in real time or written to a file the
 * caller names (UPDATE's switch, FLUSH's snapshot), are its starter's
 * and the privileged's (CAP_PERFMON, CAP_SYS_ADMIN) alone: they hold
 * what the starter's privilege let it see (kernel addresses, other
 * users' command lines), which another member of the controller group
 * may not.  Other sessions: whoever may control them.
 *
 * Context: process context.
 * Return: true if the caller may.
 */
bool etw_ksys_may_read(const struct etw_session *s)
{
	return !s->ksys || perfmon_capable() || uid_eq(current_euid(), s->owner);
}

/* ---- the set the probes read --------------------------------------------------- */

/* How long a probe group nobody wants stays registered. */
#define ETW_KSYS_LINGER	(2 * HZ)

static void etw_ksys_linger_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(etw_ksys_linger, etw_ksys_linger_fn);

/* Publish the attached sessions and turn probe groups on and off. */
static void etw_ksys_publish(void)
{
	struct etw_ksys_active *a, *old;
	bool unwanted = false;
	unsigned int i;

	lockdep_assert_held(&etw_ksys_mutex);
	a = kzalloc(sizeof(*a), GFP_KERNEL | __GFP_NOFAIL);
	for (i = 0; i < ETW_KSYS_MAX; i++) {
		struct etw_session *s = etw_ksys_sessions[i];

		if (!s)
			continue;
		a->e[a->n].s = s;
		a->e[a->n].flags = s->ksys->flags;
		a->flags |= s->ksys->flags;
		a->n++;
	}
	/* Groups go on before the events they feed are wanted... */
	for (i = 0; i < ARRAY_SIZE(etw_kgroups); i++) {
		struct etw_kgroup *g = etw_kgroups[i];
		int ret;

		if (!g->on && (a->flags & g->flags)) {
			ret = g->enable();
			if (ret)
				pr_warn_ratelimited("kernel events: %s unavailable (%d)\n",
						    g->name, ret);
			else
				g->on = true;
		}
	}
	old = rcu_replace_pointer(etw_ksys_active, a,
				  lockdep_is_held(&etw_ksys_mutex));
	/*
	 * ...and off once nobody has wanted them for ETW_KSYS_LINGER: the
	 * probes test the published flags, so a lingering group writes
	 * nothing.  Every registration patches kernel text on every CPU
	 * (text_poke_bp()); a controller starting and stopping sessions in
	 * a loop would otherwise patch at its own pace.
	 */
	for (i = 0; i < ARRAY_SIZE(etw_kgroups); i++)
		if (etw_kgroups[i]->on && !(a->flags & etw_kgroups[i]->flags))
			unwanted = true;
	if (unwanted)
		mod_delayed_work(system_wq, &etw_ksys_linger, ETW_KSYS_LINGER);
	if (old)
		kfree_rcu(old, rcu);
}

/* Turn off the groups @wanted does not need.  Context: etw_ksys_mutex. */
static void etw_ksys_groups_off(u32 wanted)
{
	bool unregistered = false;
	unsigned int i;

	lockdep_assert_held(&etw_ksys_mutex);
	for (i = 0; i < ARRAY_SIZE(etw_kgroups); i++) {
		struct etw_kgroup *g = etw_kgroups[i];

		if (g->on && !(wanted & g->flags)) {
			g->disable();
			g->on = false;
			unregistered = true;
		}
	}
	if (unregistered)
		tracepoint_synchronize_unregister();
}

static void etw_ksys_linger_fn(struct work_struct *work)
{
	struct etw_ksys_active *a;

	mutex_lock(&etw_ksys_mutex);
	a = rcu_dereference_protected(etw_ksys_active,
				      lockdep_is_held(&etw_ksys_mutex));
	etw_ksys_groups_off(a ? a->flags : 0);
	mutex_unlock(&etw_ksys_mutex);
}

/**
 * etw_ksys_attach() - a started system logger begins to receive events
 * @s:		the session, in the table, referenced by the caller
 *
 * Turns on what its flags need, then writes the start rundown (DCStart of
 * every process, thread and image).  A session stopped meanwhile is left
 * alone.
 *
 * Context: process context, no locks held.
 */
void etw_ksys_attach(struct etw_session *s)
{
	unsigned int i;
	bool added = false;

	mutex_lock(&etw_ksys_mutex);
	if (!READ_ONCE(s->stopped) && !s->ksys->detached) {
		for (i = 0; i < ETW_KSYS_MAX; i++) {
			if (!etw_ksys_sessions[i]) {
				etw_ksys_sessions[i] = s;
				added = true;
				break;
			}
		}
		if (added)
			etw_ksys_publish();
	}
	mutex_unlock(&etw_ksys_mutex);
	if (added)
		etw_krundown_start(s);
}

/**
 * etw_ksys_detach() - a stopping system logger receives no more live
 * events
 * @s:		the session, unlinked from the table (s->stopped)
 *
 * Probes that saw it may still be writing until a grace period passes;
 * STOP's worker waits for one (synchronize_rcu) before its rundown.
 *
 * Context: process context, no locks held.
 */
void etw_ksys_detach(struct etw_session *s)
{
	unsigned int i;

	if (!s->ksys)
		return;
	mutex_lock(&etw_ksys_mutex);
	s->ksys->detached = true;
	for (i = 0; i < ETW_KSYS_MAX; i++) {
		if (etw_ksys_sessions[i] == s) {
			etw_ksys_sessions[i] = NULL;
			etw_ksys_publish();
		}
	}
	if (s->ksys->counted) {
		s->ksys->counted = false;
		atomic_dec(&etw_ksys_count);
	}
	mutex_unlock(&etw_ksys_mutex);
}

/**
 * etw_ksys_set_flags() - a system logger's EnableFlags change
 * @s:		the session (referenced)
 * @flags:	new flags (replace), or bits to add or remove
 * @op:		ETW_SYSINFO_F_SET, _ADD or _REMOVE
 *
 * Context: process context, no locks held.
 * Return: 0, or -ENOENT when the session stopped.
 */
int etw_ksys_set_flags(struct etw_session *s, u32 flags, u32 op)
{
	int ret = 0;

	mutex_lock(&etw_ksys_mutex);
	if (s->ksys->detached) {
		ret = -ENOENT;
	} else {
		if (op & ETW_SYSINFO_F_ADD)
			flags = s->ksys->flags | flags;
		else if (op & ETW_SYSINFO_F_REMOVE)
			flags = s->ksys->flags & ~flags;
		WRITE_ONCE(s->ksys->flags, flags);
		WRITE_ONCE(s->enable_flags, flags);
		etw_ksys_publish();
	}
	mutex_unlock(&etw_ksys_mutex);
	return ret;
}

/* The session is freed: give back its state (after etw_ksys_detach()). */
void etw_ksys_free(struct etw_session *s)
{
	struct etw_ksys *k = s->ksys;

	if (!k)
		return;
	if (k->counted)
		atomic_dec(&etw_ksys_count);
	/* Not published any more, and a grace period passed since. */
	kfree(rcu_dereference_protected(k->stacks, true));
	kfree(k);
	s->ksys = NULL;
}

u32 etw_ksys_profile_interval(void)
{
	return READ_ONCE(etw_kprofile_interval);
}

/* ---- ETW_IOC_SYSTEM_INFO ---------------------------------------------------------- */

static int etw_ksys_set_stacks(struct etw_session *s, u64 udata, u32 len)
{
	struct etw_kstack_set *set = NULL, *old;
	u16 ids[ETW_MAX_STACK_EVENTS];
	u32 n = len / sizeof(u16), i;

	if (len % sizeof(u16) || n > ETW_MAX_STACK_EVENTS)
		return -EINVAL;
	if (n) {
		if (copy_from_user(ids, u64_to_user_ptr(udata),
				   n * sizeof(ids[0])))
			return -EFAULT;
		set = kzalloc(sizeof(*set), GFP_KERNEL_ACCOUNT);
		if (!set)
			return -ENOMEM;
		for (i = 0; i < n; i++)
			__set_bit(ids[i], set->hooks);
	}
	mutex_lock(&etw_ksys_mutex);
	old = rcu_replace_pointer(s->ksys->stacks, set,
				  lockdep_is_held(&etw_ksys_mutex));
	mutex_unlock(&etw_ksys_mutex);
	if (old)
		kfree_rcu(old, rcu);
	return 0;
}

/* PerfInfo/SetInterval to the system loggers that profile. */
static void etw_ksys_interval_event(u32 now, u32 before)
{
	u8 p[ETW_KP_INTERVAL_FIXED + 12];
	struct etw_krec r = {
		.hook = ETW_KH_PROFILE_SET_INTERVAL,
		.version = ETW_KV_PROFILE_INTERVAL, .data = p,
		.tid = task_pid_nr(current), .pid = task_tgid_nr(current),
	};

	put_unaligned_le32(0, p + ETW_KP_INTERVAL_SOURCE);	/* ProfileTime */
	put_unaligned_le32(now, p + ETW_KP_INTERVAL_NEW);
	put_unaligned_le32(before, p + ETW_KP_INTERVAL_OLD);
	r.len = ETW_KP_INTERVAL_FIXED +
		etw_kput_wstr(p + ETW_KP_INTERVAL_FIXED, 12, "Timer", 5);
	etw_kemit(ETW_KF_PROFILE, &r);
}

static int etw_ksys_interval(struct etw_system_info *req)
{
	u32 v[2];

	if (req->flags & ETW_SYSINFO_F_SET) {
		if (req->length != sizeof(v))
			return -EINVAL;
		if (copy_from_user(v, u64_to_user_ptr(req->data), sizeof(v)))
			return -EFAULT;
		if (v[0] != 0)	/* ProfileTime is the only source */
			return -EOPNOTSUPP;
		v[1] = clamp_t(u32, v[1], 1221, 1000000);
		mutex_lock(&etw_ksys_mutex);
		if (v[1] != etw_kprofile_interval) {
			etw_ksys_interval_event(v[1], etw_kprofile_interval);
			WRITE_ONCE(etw_kprofile_interval, v[1]);
			if (etw_kgroup_profile.on) {	/* new period */
				etw_kgroup_profile.disable();
				etw_kgroup_profile.on =
					!etw_kgroup_profile.enable();
			}
		}
		mutex_unlock(&etw_ksys_mutex);
		return 0;
	}
	req->needed = sizeof(v);
	if (req->length < sizeof(v))
		return -ENOSPC;
	if (copy_from_user(v, u64_to_user_ptr(req->data), sizeof(v)))
		return -EFAULT;
	if (v[0] != 0)
		return -EOPNOTSUPP;
	v[1] = etw_ksys_profile_interval();
	return copy_to_user(u64_to_user_ptr(req->data), v, sizeof(v)) ?
	       -EFAULT : 0;
}

static int etw_ksys_flags_info(struct etw_session *s,
			       struct etw_system_info *req)
{
	u32 masks[8] = { 0 };

	if (req->flags & ETW_SYSINFO_F_SET) {
		if (req->length < sizeof(u32) || req->length > sizeof(masks))
			return -EINVAL;
		if (copy_from_user(masks, u64_to_user_ptr(req->data),
				   sizeof(u32)))
			return -EFAULT;
		return etw_ksys_set_flags(s, masks[0], req->flags);
	}
	req->needed = sizeof(masks);
	if (req->length < sizeof(masks))
		return -ENOSPC;
	masks[0] = READ_ONCE(s->ksys->flags);
	return copy_to_user(u64_to_user_ptr(req->data), masks, sizeof(masks)) ?
	       -EFAULT : 0;
}

long etw_ioctl_system_info(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_system_info req;
	struct etw_session *s = NULL;
	u32 f;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	f = req.flags;
	if (f & ~ETW_SYSINFO_FLAGS_MASK || req.needed ||
	    !etw_mem_is_zero(req.__reserved, sizeof(req.__reserved)) ||
	    ((f & (ETW_SYSINFO_F_ADD | ETW_SYSINFO_F_REMOVE)) &&
	     (req.info_class != ETW_SYSINFO_ENABLE_FLAGS ||
	      !(f & ETW_SYSINFO_F_SET) ||
	      (f & ETW_SYSINFO_F_ADD && f & ETW_SYSINFO_F_REMOVE))) ||
	    (req.length && !req.data))
		return -EINVAL;
	if (req.info_class == ETW_SYSINFO_BLOCKING) {
		/* Any session its controllers may control (not kernel-wide). */
		ret = etw_block_info(&req);
		goto out;
	}
	if (req.info_class != ETW_SYSINFO_STACK_TRACING &&
	    req.info_class != ETW_SYSINFO_ENABLE_FLAGS &&
	    req.info_class != ETW_SYSINFO_PROFILE_INTERVAL)
		return -EOPNOTSUPP;
	/* Machine-wide kernel tracing: the privilege of starting sessions. */
	if (!etw_may_start())
		return -EPERM;

	if (req.info_class == ETW_SYSINFO_PROFILE_INTERVAL) {
		ret = etw_ksys_interval(&req);
		goto out;
	}
	mutex_lock(&etw_lock);
	s = etw_session_find(req.session, NULL, 0, &ret);
	mutex_unlock(&etw_lock);
	if (!s)
		return ret;
	if (!s->ksys) {
		ret = -ENOENT;
	} else if (req.info_class == ETW_SYSINFO_STACK_TRACING) {
		ret = (f & ETW_SYSINFO_F_SET) ?
		      etw_ksys_set_stacks(s, req.data, req.length) :
		      -EOPNOTSUPP;
	} else {
		ret = etw_ksys_flags_info(s, &req);
	}
	etw_session_put(s);
out:
	if (ret && ret != -ENOSPC)
		return ret;
	if (etw_copy_out(uarg, usize, &req, sizeof(req)))
		return -EFAULT;
	return ret;
}

/* ---- module ----------------------------------------------------------------------- */

int etw_ksys_init(void)
{
	for_each_kernel_tracepoint(etw_ktp_find, NULL);
	return etw_kwrite_init();
}

/*
 * Every session was detached (etw_sessions_exit): groups still lingering
 * go off now, and no probe of ours runs afterwards.
 */
void etw_ksys_exit(void)
{
	cancel_delayed_work_sync(&etw_ksys_linger);
	mutex_lock(&etw_ksys_mutex);
	etw_ksys_groups_off(0);
	mutex_unlock(&etw_ksys_mutex);
	kfree(rcu_dereference_protected(etw_ksys_active, true));
	RCU_INIT_POINTER(etw_ksys_active, NULL);
	etw_kwrite_exit();
}
