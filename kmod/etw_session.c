// SPDX-License-Identifier: GPL-2.0-only
/*
 * Trace sessions: StartTrace, ControlTrace (QUERY, STOP, UPDATE, FLUSH),
 * QueryAllTraces, and who may do what.
 *
 * Sessions are global: they outlive the file (and process) that started
 * them and run until stopped or the module is unloaded.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/nospec.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/uuid.h>

#include "etw_internal.h"
#include "etw_buffer.h"
#include "etw_compat.h"
#include "etw_ksys.h"
#include "etw_trace.h"
#include "shared/etw_ioc.h"
#include "shared/etw_etl.h"

/* The session table, by logger id (etw_lock). */
struct etw_session *etw_sessions[ETW_MAX_SESSIONS + 1];

/*
 * Sessions being started (etw_lock): their logger id, name, GUID and log
 * file are taken, so that no other start or UPDATE can claim them, but
 * nobody else sees them until the log file is open and they move to
 * etw_sessions[].  The file is opened without etw_lock held.
 */
static struct etw_session *etw_starting[ETW_MAX_SESSIONS + 1];

/* Makes a stopped session's handle differ from later ones (etw_lock). */
static u64 etw_session_generation;

/*
 * The administrator's gid is a gid of the initial user namespace: a
 * process cannot become a member by mapping its own gid onto it in a
 * user namespace of its own.
 */
static bool etw_in_controller_group(void)
{
	int gid = READ_ONCE(etw_controller_gid);
	kgid_t kgid;

	if (gid < 0)
		return false;
	kgid = make_kgid(&init_user_ns, gid);
	return gid_valid(kgid) && in_group_p(kgid);
}

/* CAP_PERFMON / CAP_SYS_ADMIN, or the administrator's controller group. */
bool etw_may_start(void)
{
	return perfmon_capable() || etw_in_controller_group();
}

/**
 * etw_may_control() - may the caller control (or read) session @s?
 * @s:		the session
 *
 * Its owner may, and so may the privileged (CAP_PERFMON, CAP_SYS_ADMIN,
 * the controller group).
 *
 * Context: process context (the caller's credentials).
 * Return: true if the caller may.
 */
bool etw_may_control(const struct etw_session *s)
{
	return uid_eq(current_euid(), s->owner) || etw_may_start();
}

/**
 * etw_session_clock() - now, in the session's clock
 * @s:		the session
 *
 * QPC: CLOCK_MONOTONIC in ns (PerfFreq 10^9); system time: FILETIME;
 * CPU cycles: the cycle counter (reference section 6).
 *
 * Context: any but NMI (ktime_get_ns() and ktime_get_real_ns() are not
 * NMI-safe); writers call it under a stream lock.
 * Return: the time.
 */
u64 etw_session_clock(const struct etw_session *s)
{
	switch (s->params.clock_type) {
	case ETL_CLOCK_SYSTEM_TIME:
		return div_u64(ktime_get_real_ns(), 100) + ETL_FILETIME_UNIX_EPOCH;
	case ETL_CLOCK_CPU_CYCLE:
		return etw_cycles();
	default:
		return ktime_get_ns();
	}
}

static u64 etw_filetime_now(void)
{
	return div_u64(ktime_get_real_ns(), 100) + ETL_FILETIME_UNIX_EPOCH;
}

static void etw_session_free(struct kref *ref)
{
	struct etw_session *s = container_of(ref, struct etw_session, ref);

	etw_pool_destroy(s->pool);
	etw_ksys_free(s);
	if (s->user) {
		if (s->pool_bytes)
			etw_user_uncharge(s->user, ETW_Q_SESSION_BYTES,
					  s->pool_bytes);
		if (s->counted)
			etw_user_uncharge(s->user, ETW_Q_SESSIONS, 1);
		etw_user_put(s->user);
	}
	etw_images_free(s->img_seen);
	kfree(s->disallow);
	kfree(s->log_file);
	kfree(s->log_file_next);
	kfree(s->name);
	kfree(s);
}

void etw_session_put(struct etw_session *s)
{
	kref_put(&s->ref, etw_session_free);
}

/**
 * etw_session_find() - a running session the caller may control, by name
 * or handle
 * @handle:	session handle, used when @name is NULL
 * @name:	kernel copy of the name, or NULL
 * @name_len:	bytes of @name
 * @err:	out: -ENOENT when there is no such session, for callers that
 *		may start sessions; -EPERM for everyone else, whether the
 *		session is missing or only not theirs, so that an
 *		unprivileged caller cannot learn which sessions exist by
 *		probing names or handles (Windows answers non-administrators
 *		ERROR_ACCESS_DENIED)
 *
 * Context: etw_lock held.
 * Return: the session with a reference taken, or NULL.
 */
struct etw_session *etw_session_find(u64 handle, const char *name,
				     u32 name_len, int *err)
{
	struct etw_session *s = NULL;
	u32 id;

	lockdep_assert_held(&etw_lock);
	if (name) {
		for (id = 1; id <= ETW_MAX_SESSIONS; id++) {
			struct etw_session *t = etw_sessions[id];

			if (t && etw_name_equal(t->name, t->name_len, name,
						name_len)) {
				s = t;
				break;
			}
		}
	} else {
		id = handle & 0xFFFF;
		if (id >= 1 && id <= ETW_MAX_SESSIONS) {
			id = array_index_nospec(id, ETW_MAX_SESSIONS + 1);
			if (etw_sessions[id] && etw_sessions[id]->handle == handle)
				s = etw_sessions[id];
		}
	}
	if (!s || !etw_may_control(s)) {
		*err = etw_may_start() ? -ENOENT : -EPERM;
		return NULL;
	}
	kref_get(&s->ref);
	return s;
}

void etw_session_fill_info(struct etw_session *s, struct etw_session_info *si)
{
	memset(si, 0, sizeof(*si));
	si->handle = s->handle;
	si->logger_id = s->logger_id;
	si->log_file_mode = s->params.log_file_mode;
	memcpy(si->guid, s->guid, 16);
	si->buffer_size_kb = s->params.buffer_size_kb;
	si->min_buffers = s->params.min_buffers;
	si->max_buffers = s->params.max_buffers;
	si->max_file_size = s->params.max_file_size;
	si->flush_timer = s->params.flush_timer;
	si->clock_type = s->params.clock_type;
	si->enable_flags = s->enable_flags;
	si->owner_uid = from_kuid_munged(current_user_ns(), s->owner);
	si->flags = READ_ONCE(s->stopped) ? ETW_SESSION_INFO_F_STOPPED : 0;
	if (s->ksys)
		si->flags |= ETW_SESSION_INFO_F_SYSTEM;
	if (READ_ONCE(s->fast.block_ms))
		si->flags |= ETW_SESSION_INFO_F_BLOCKING;
	si->start_time = s->start_time;
	si->start_raw = s->start_raw;
	si->perf_freq = s->perf_freq;
	si->boot_time = s->boot_time;
	si->cpu_speed_mhz = s->cpu_mhz;
	si->nr_streams = s->params.nr_streams;
	si->name_len = s->name_len;
	si->log_file_len = s->log_file_len;
	si->owner_pid = s->owner_tgid;
	si->owner_tid = s->owner_tid;
	etw_pool_stats(s->pool, si);
}

static int etw_info_size_check(u64 uinfo, u32 usize)
{
	if (uinfo && (usize < ETW_SESSION_INFO_SIZE_VER0 ||
		      usize > ETW_IOC_MAX_SIZE))
		return -EINVAL;
	return 0;
}

/**
 * etw_session_snapshot() - what a control call reports about @s
 * @s:		the session (referenced)
 * @si:		out: its properties and statistics
 * @log_file:	out: a copy of its log file's name, or NULL (with @si's
 *		log_file_len 0); NULL skips it
 *
 * The name of the log file can change (UPDATE) and the old one is freed,
 * so it is copied here, under etw_lock, and copied to user space only
 * after the lock is dropped.
 *
 * Context: process context; takes etw_lock.
 * Return: 0 or -ENOMEM.
 */
static int etw_session_snapshot(struct etw_session *s,
				struct etw_session_info *si, char **log_file)
{
	int ret = 0;

	mutex_lock(&etw_lock);
	etw_session_fill_info(s, si);
	if (log_file) {
		*log_file = NULL;
		if (s->log_file) {
			*log_file = kmemdup(s->log_file, s->log_file_len + 1,
					    GFP_KERNEL_ACCOUNT);
			if (!*log_file)
				ret = -ENOMEM;
		}
	}
	mutex_unlock(&etw_lock);
	return ret;
}

/* Copy a NUL-terminated string out if it fits; the length is reported. */
static int etw_str_out(u64 ubuf, u32 size, const char *str, u32 len)
{
	if (!ubuf || !size || !str)
		return 0;
	if (len + 1 > size)
		return 0;
	return copy_to_user(u64_to_user_ptr(ubuf), str, len + 1) ? -EFAULT : 0;
}

/*
 * Is another session (running or being started) writing @path, or about
 * to switch to it?  Context: etw_lock held.
 */
bool etw_logfile_in_use(const char *path)
{
	struct etw_session *const *tbl[] = { etw_sessions, etw_starting };
	u32 i, id;

	lockdep_assert_held(&etw_lock);
	for (i = 0; i < ARRAY_SIZE(tbl); i++) {
		for (id = 1; id <= ETW_MAX_SESSIONS; id++) {
			const struct etw_session *t = tbl[i][id];

			if (t && ((t->log_file && !strcmp(t->log_file, path)) ||
				  (t->log_file_next &&
				   !strcmp(t->log_file_next, path))))
				return true;
		}
	}
	return false;
}

/**
 * etw_session_settle_log_file() - end an UPDATE's reservation of a file
 * @s:		the session
 * @switched:	the session now writes to the reserved file
 *
 * Context: process context; takes etw_lock.
 */
void etw_session_settle_log_file(struct etw_session *s, bool switched)
{
	mutex_lock(&etw_lock);
	if (switched && s->log_file_next) {
		swap(s->log_file, s->log_file_next);
		s->log_file_len = strlen(s->log_file);
	}
	kfree(s->log_file_next);
	s->log_file_next = NULL;
	mutex_unlock(&etw_lock);
}

/*
 * May @s take a logger id?  Its name (case-insensitively) and its GUID
 * must be free among running sessions and sessions being started.
 * Context: etw_lock held.
 */
static bool etw_session_conflicts(const struct etw_session *s)
{
	struct etw_session *const *tbl[] = { etw_sessions, etw_starting };
	u32 i, id;

	lockdep_assert_held(&etw_lock);
	for (i = 0; i < ARRAY_SIZE(tbl); i++) {
		for (id = 1; id <= ETW_MAX_SESSIONS; id++) {
			const struct etw_session *t = tbl[i][id];

			if (!t)
				continue;
			if (etw_name_equal(t->name, t->name_len, s->name,
					   s->name_len))
				return true;
			if (!etw_guid_is_null(s->guid) &&
			    !etw_session_private(s) &&
			    !memcmp(t->guid, s->guid, 16))
				return true;
		}
	}
	return false;
}

/* A logger id neither running nor being started, or 0.  etw_lock held. */
static u32 etw_session_free_id(void)
{
	u32 id;

	for (id = 1; id <= ETW_MAX_SESSIONS; id++)
		if (!etw_sessions[id] && !etw_starting[id])
			return id;
	return 0;
}

static void etw_session_clock_init(struct etw_session *s)
{
	u64 real = ktime_get_real_ns();

	s->boot_time = div_u64(real - ktime_get_boottime_ns(), 100) +
		       ETL_FILETIME_UNIX_EPOCH;
	/* The start FILETIME and the raw start time are read together. */
	s->start_time = etw_filetime_now();
	s->start_raw = etw_session_clock(s);
	s->cpu_mhz = max_t(u32, div_u64(etw_cycles_per_sec(), 1000000), 1);
	switch (s->params.clock_type) {
	case ETL_CLOCK_SYSTEM_TIME:
		s->perf_freq = 10000000;
		break;
	case ETL_CLOCK_CPU_CYCLE:
		s->perf_freq = etw_cycles_per_sec();
		break;
	default:
		s->perf_freq = NSEC_PER_SEC;
		break;
	}
}

/* Charge the caller's quotas for @s; undone by etw_session_free(). */
static int etw_session_charge(struct etw_session *s)
{
	bool exempt = etw_quota_exempt();
	u64 bytes = (u64)s->params.nr_buffers * s->params.buffer_size_kb * 1024;
	int ret;

	s->user = etw_user_get(current_euid());
	if (!s->user)
		return -ENOMEM;
	ret = etw_user_charge(s->user, ETW_Q_SESSIONS, 1, exempt);
	if (ret)
		return ret;
	s->counted = true;
	ret = etw_user_charge(s->user, ETW_Q_SESSION_BYTES, bytes, exempt);
	if (ret)
		return ret;
	s->pool_bytes = bytes;
	return 0;
}

long etw_ioctl_session_start(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_session_start req;
	struct etw_session_info si;
	struct etw_session *s;
	u32 id;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags || !etw_mem_is_zero(req.__reserved, sizeof(req.__reserved)))
		return -EINVAL;
	/* Output checks come first: a session must not start for nothing. */
	ret = etw_info_size_check(req.info, req.info_size);
	if (ret)
		return ret;
	if (!etw_may_start())
		return -EPERM;

	s = kzalloc(sizeof(*s), GFP_KERNEL_ACCOUNT);
	if (!s)
		return -ENOMEM;
	kref_init(&s->ref);
	INIT_LIST_HEAD(&s->entries);
	hash_init(s->ehash);
	sema_init(&s->file_sem, 1);
	etw_fast_session_init(s);
	s->owner = current_euid();
	s->kaddrs = perfmon_capable();
	s->owner_tgid = task_tgid_nr(current);
	s->owner_tid = task_pid_nr(current);
	s->enable_flags = req.enable_flags;
	memcpy(s->guid, req.guid, 16);
	s->name = etw_strndup_user(u64_to_user_ptr(req.name), req.name_len,
				   ETW_MAX_NAME_BYTES, &ret);
	if (!s->name)
		goto out_free;
	s->name_len = req.name_len;
	if (req.log_file) {
		s->log_file = etw_strndup_user(u64_to_user_ptr(req.log_file),
					       req.log_file_len,
					       ETW_MAX_PATH_BYTES, &ret);
		if (!s->log_file)
			goto out_free;
		s->log_file_len = req.log_file_len;
		if (s->log_file[0] != '/') {
			ret = -EINVAL;	/* libetw makes paths absolute */
			goto out_free;
		}
	} else if (req.log_file_len) {
		ret = -EINVAL;
		goto out_free;
	}

	s->params.log_file_mode = req.log_file_mode;
	s->params.buffer_size_kb = req.buffer_size_kb;
	s->params.min_buffers = req.min_buffers;
	s->params.max_buffers = req.max_buffers;
	s->params.max_file_size = req.max_file_size;
	s->params.flush_timer = req.flush_timer;
	s->params.clock_type = req.clock_type;
	s->params.has_log_file = s->log_file != NULL;
	ret = etw_session_params_check(&s->params, nr_cpu_ids);
	if (ret)
		goto out_free;
	/* The NT Kernel Logger and SYSTEM_LOGGER_MODE sessions (issue 11). */
	ret = etw_ksys_classify(s->name, s->name_len, s->params.log_file_mode,
				s->guid);
	if (ret > 0)
		ret = etw_ksys_prepare(s, perfmon_capable());
	if (ret)
		goto out_free;
	ret = etw_session_charge(s);
	if (ret)
		goto out_free;
	etw_session_clock_init(s);

	s->pool = etw_pool_create(s);
	if (IS_ERR(s->pool)) {
		ret = PTR_ERR(s->pool);
		s->pool = NULL;
		goto out_free;
	}

	/* Claim a logger id, the name, the GUID and the file... */
	mutex_lock(&etw_lock);
	id = etw_session_free_id();
	if (etw_session_conflicts(s))
		ret = -EEXIST;
	else if (!id)
		ret = -ENOSPC;
	/* One file, one session (reference 2.5: ERROR_BAD_PATHNAME). */
	else if (s->log_file && etw_logfile_in_use(s->log_file))
		ret = -EBUSY;
	if (!ret) {
		s->logger_id = id;
		etw_starting[id] = s;
	}
	mutex_unlock(&etw_lock);
	if (ret)
		goto out_free;

	/* ...open the file without holding up anyone else... */
	if (s->log_file)
		ret = etw_logfile_start(s);

	/* ...and start, or give everything back. */
	mutex_lock(&etw_lock);
	etw_starting[id] = NULL;
	if (!ret) {
		if (etw_guid_is_null(s->guid))
			guid_gen((guid_t *)s->guid);	/* Windows layout */
		s->handle = (++etw_session_generation << 16) | id;
		etw_sessions[id] = s;
		etw_fast_session_start(s);
		if (s->ksys)
			kref_get(&s->ref);	/* for etw_ksys_attach() */
		etw_pool_start(s->pool);
		trace_etw_session_start(s->logger_id, s->name,
					s->params.log_file_mode,
					s->params.nr_buffers,
					s->params.buffer_size_kb * 1024);
		etw_session_fill_info(s, &si);
	}
	mutex_unlock(&etw_lock);
	if (ret)
		goto out_free;
	if (s->ksys) {
		/* Live kernel events, then the DCStart rundown. */
		etw_ksys_attach(s);
		etw_session_put(s);
	}

	if (req.info)
		return etw_copy_out(u64_to_user_ptr(req.info), req.info_size,
				    &si, sizeof(si));
	return 0;

out_free:
	etw_session_put(s);
	return ret;
}

/*
 * Take @s out of the table and out of every registration: providers see
 * DISABLE (or the remaining sessions' ENABLE) with SourceId GUID_NULL.
 * The active lists are replaced before the entries are freed.
 *
 * Context: etw_lock held.
 */
static void etw_session_unlink(struct etw_session *s, struct etw_waitlist *wl)
{
	struct etw_entry *e, *tmp;

	lockdep_assert_held(&etw_lock);
	WRITE_ONCE(s->stopped, true);
	etw_sessions[s->logger_id] = NULL;
	/* Only the registrations the session's entries reach can change. */
	list_for_each_entry_safe(e, tmp, &s->entries, node) {
		etw_entry_unlink(s, e);
		etw_recompute_guid(e->guid, e->group, s, NULL, wl);
		etw_entry_free(e);
	}
	kfree(s->disallow);
	s->disallow = NULL;
	s->ndisallow = 0;
}

/*
 * UPDATE, under etw_lock: may @s take these changes?  A new log file is
 * reserved in s->log_file_next until the switch is over.
 */
static int etw_update_check(struct etw_session *s,
			    const struct etw_session_control *req,
			    const char *path)
{
	lockdep_assert_held(&etw_lock);
	if (etw_session_private(s) && (req->max_buffers || req->log_file_mode))
		return -EINVAL;	/* private: file and timer only */
	if (!path)
		return 0;
	if (s->log_file_next || etw_logfile_in_use(path))
		return -EBUSY;
	s->log_file_next = kstrdup(path, GFP_KERNEL_ACCOUNT);
	return s->log_file_next ? 0 : -ENOMEM;
}

/* UPDATE, under etw_lock, after a file switch (if any) succeeded. */
static void etw_update_apply(struct etw_session *s,
			     const struct etw_session_control *req)
{
	lockdep_assert_held(&etw_lock);
	if (s->stopped)
		return;
	if (req->flush_timer) {
		WRITE_ONCE(s->params.flush_timer, req->flush_timer);
		if (!s->pool->buffering)	/* it has no timer */
			mod_delayed_work(system_wq, &s->pool->flush_work,
					 req->flush_timer * HZ);
	}
	if (req->max_buffers)
		s->params.max_buffers = max(req->max_buffers,
					    s->params.min_buffers);
	/* LogFileMode 0 turns real time off, REAL_TIME_MODE on. */
	s->params.log_file_mode = (s->params.log_file_mode &
				   ~ETW_MODE_REAL_TIME) | req->log_file_mode;
	if (!s->ksys)	/* a system logger's go through etw_ksys.c */
		s->enable_flags = req->enable_flags;
}

/* Does ControlTrace @code with a file name on @s need the file work? */
static bool etw_control_uses_path(struct etw_session *s, u32 code)
{
	if (code == ETW_CONTROL_UPDATE)
		return true;
	/*
	 * FLUSH and STOP of a buffering-mode session write a snapshot of
	 * its memory to the file; other sessions ignore the name there
	 * (Windows callers pass their StartTrace properties back).
	 */
	return (s->params.log_file_mode & ETW_MODE_BUFFERING) &&
	       (code == ETW_CONTROL_FLUSH || code == ETW_CONTROL_STOP);
}

long etw_ioctl_session_control(struct etw_file *ef, void __user *uarg,
			       u32 usize)
{
	struct etw_waitlist wl = { 0 };
	struct etw_session_control req;
	struct etw_session_info si;
	struct etw_session *s;
	char *name = NULL, *path = NULL, *log_file = NULL;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags || req.__pad ||
	    !etw_mem_is_zero(req.__reserved, sizeof(req.__reserved)) ||
	    req.code > ETW_CONTROL_FLUSH)
		return -EINVAL;
	ret = etw_info_size_check(req.info, req.info_size);
	if (ret)
		return ret;
	if (req.name) {
		name = etw_strndup_user(u64_to_user_ptr(req.name), req.name_len,
					ETW_MAX_NAME_BYTES, &ret);
		if (!name)
			return ret;
	} else if (req.name_len) {
		return -EINVAL;
	}
	if (req.code == ETW_CONTROL_UPDATE &&
	    (req.log_file_mode & ~ETW_MODE_REAL_TIME)) {
		ret = -EINVAL;
		goto out_name;
	}
	if (req.log_file) {
		path = etw_strndup_user(u64_to_user_ptr(req.log_file),
					req.log_file_len, ETW_MAX_PATH_BYTES,
					&ret);
		if (!path)
			goto out_name;
		if (path[0] != '/' || req.code == ETW_CONTROL_QUERY) {
			ret = -EINVAL;
			goto out_name;
		}
	} else if (req.log_file_len) {
		ret = -EINVAL;
		goto out_name;
	}

	mutex_lock(&etw_lock);
	s = etw_session_find(req.handle, name, req.name_len, &ret);
	if (!s) {
		mutex_unlock(&etw_lock);
		goto out_name;
	}
	if (path && !etw_control_uses_path(s, req.code)) {
		kfree(path);
		path = NULL;
	}
	/* A file the caller names gets the session's events. */
	if (path && !etw_ksys_may_read(s)) {
		mutex_unlock(&etw_lock);
		ret = -EACCES;
		goto out_put;
	}
	/* Changing which kernel events are traced needs privilege. */
	if (req.code == ETW_CONTROL_UPDATE && s->ksys &&
	    req.enable_flags != READ_ONCE(s->enable_flags) &&
	    !etw_may_start()) {
		mutex_unlock(&etw_lock);
		ret = -EPERM;
		goto out_put;
	}
	switch (req.code) {
	case ETW_CONTROL_FLUSH:
		etw_pool_flush(s->pool);
		break;
	case ETW_CONTROL_UPDATE:
		ret = etw_update_check(s, &req, path);
		break;
	case ETW_CONTROL_STOP:
		etw_session_unlink(s, &wl);
		break;
	}
	mutex_unlock(&etw_lock);
	if (ret)
		goto out_put;

	if (req.code == ETW_CONTROL_STOP) {
		etw_ksys_detach(s);	/* no more live kernel events */
		/* Bounded wait for the providers' DISABLE callbacks. */
		etw_waitlist_wait(&wl, etw_callback_timeout_ms);
		etw_waitlist_release(&wl);
		ret = etw_fileop_run(s, req.code, path);
		path = NULL;
		etw_session_put(s);	/* the table's reference */
	} else if (path) {
		ret = etw_fileop_run(s, req.code, path);
		path = NULL;
	}
	if (ret)
		goto out_put;
	if (req.code == ETW_CONTROL_UPDATE) {
		mutex_lock(&etw_lock);
		etw_update_apply(s, &req);
		mutex_unlock(&etw_lock);
		if (s->ksys)
			etw_ksys_set_flags(s, req.enable_flags,
					   ETW_SYSINFO_F_SET);
	}

	ret = etw_session_snapshot(s, &si, req.log_file_buf ? &log_file : NULL);
	if (!ret && req.info)
		ret = etw_copy_out(u64_to_user_ptr(req.info), req.info_size,
				   &si, sizeof(si));
	if (!ret)
		ret = etw_str_out(req.name_buf, req.name_buf_size, s->name,
				  s->name_len);
	if (!ret && log_file)
		ret = etw_str_out(req.log_file_buf, req.log_file_buf_size,
				  log_file, si.log_file_len);
	kfree(log_file);
out_put:
	etw_session_put(s);
out_name:
	kfree(path);
	kfree(name);
	return ret;
}

long etw_ioctl_session_list(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_session_list req;
	u64 handles[ETW_MAX_SESSIONS];
	u32 id, n = 0;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags || req.__pad || req.__reserved || req.count ||
	    (req.capacity && !req.handles))
		return -EINVAL;

	mutex_lock(&etw_lock);
	for (id = 1; id <= ETW_MAX_SESSIONS; id++) {
		struct etw_session *s = etw_sessions[id];

		/* Private sessions are not listed (reference 2.5). */
		if (s && !etw_session_private(s) && etw_may_control(s))
			handles[n++] = s->handle;
	}
	mutex_unlock(&etw_lock);

	if (copy_to_user(u64_to_user_ptr(req.handles), handles,
			 sizeof(u64) * min(n, req.capacity)))
		return -EFAULT;
	req.count = n;
	return etw_copy_out(uarg, usize, &req, sizeof(req));
}

/*
 * Module unload: stop what is still running, log files finished as by
 * STOP.  No /dev/etw file is open (each pins the module), so nothing can
 * start or control a session meanwhile.
 */
void etw_sessions_exit(void)
{
	struct etw_waitlist wl = { 0 };
	struct etw_session *stopped[ETW_MAX_SESSIONS];
	u32 id, n = 0;

	mutex_lock(&etw_lock);
	for (id = 1; id <= ETW_MAX_SESSIONS; id++) {
		if (etw_sessions[id]) {
			stopped[n] = etw_sessions[id];
			etw_session_unlink(stopped[n++], &wl);
		}
	}
	mutex_unlock(&etw_lock);
	etw_waitlist_release(&wl);
	for (id = 0; id < n; id++) {
		etw_ksys_detach(stopped[id]);
		etw_fileop_run(stopped[id], ETW_CONTROL_STOP, NULL);
		etw_session_put(stopped[id]);
	}
}
