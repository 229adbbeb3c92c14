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
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/uuid.h>

#include "etw_internal.h"
#include "etw_buffer.h"
#include "etw_compat.h"
#include "etw_trace.h"
#include "shared/etw_ioc.h"
#include "shared/etw_etl.h"

/* The session table, by logger id (etw_lock). */
struct etw_session *etw_sessions[ETW_MAX_SESSIONS + 1];

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
static bool etw_may_start(void)
{
	return perfmon_capable() || etw_in_controller_group();
}

/**
 * etw_may_control() - may the caller control (or read) session @s?
 * @s:		the session
 *
 * Its owner may, and so may the privileged (CAP_PERFMON, CAP_SYS_ADMIN,
 * the controller group).
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
	kfree(s->disallow);
	kfree(s->log_file);
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
 * @err:	out: -ENOENT when there is no such session, -EPERM when the
 *		caller may not control it
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
		if (id >= 1 && id <= ETW_MAX_SESSIONS && etw_sessions[id] &&
		    etw_sessions[id]->handle == handle)
			s = etw_sessions[id];
	}
	if (!s) {
		*err = -ENOENT;
		return NULL;
	}
	if (!etw_may_control(s)) {
		*err = -EPERM;
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

static int etw_info_out(struct etw_session *s, u64 uinfo, u32 usize)
{
	struct etw_session_info si;

	if (!uinfo)
		return 0;
	etw_session_fill_info(s, &si);
	return etw_copy_out(u64_to_user_ptr(uinfo), usize, &si, sizeof(si));
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

long etw_ioctl_session_start(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_session_start req;
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

	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	kref_init(&s->ref);
	INIT_LIST_HEAD(&s->entries);
	mutex_init(&s->file_lock);
	s->owner = current_euid();
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
	etw_session_clock_init(s);

	s->pool = etw_pool_create(s);
	if (IS_ERR(s->pool)) {
		ret = PTR_ERR(s->pool);
		s->pool = NULL;
		goto out_free;
	}

	mutex_lock(&etw_lock);
	for (id = 1; id <= ETW_MAX_SESSIONS; id++) {
		struct etw_session *t = etw_sessions[id];

		if (!t)
			continue;
		/* Names are unique, case-insensitively; so are GUIDs. */
		if (etw_name_equal(t->name, t->name_len, s->name, s->name_len) ||
		    (!etw_guid_is_null(s->guid) && !etw_session_private(s) &&
		     !memcmp(t->guid, s->guid, 16))) {
			ret = -EEXIST;
			goto out_unlock;
		}
	}
	for (id = 1; id <= ETW_MAX_SESSIONS; id++)
		if (!etw_sessions[id])
			break;
	if (id > ETW_MAX_SESSIONS) {
		ret = -ENOSPC;
		goto out_unlock;
	}
	if (s->log_file) {
		/*
		 * One file, one session (reference 2.5: ERROR_BAD_PATHNAME).
		 * The check and the open happen under etw_lock so that two
		 * sessions cannot race for one file; opening a local file
		 * briefly holds up other control calls.
		 */
		if (etw_logfile_in_use(s->log_file)) {
			ret = -EBUSY;
			goto out_unlock;
		}
		s->logger_id = id;
		ret = etw_logfile_start(s);
		if (ret)
			goto out_unlock;
	}
	if (etw_guid_is_null(s->guid))
		guid_gen((guid_t *)s->guid);	/* Windows (little-endian) layout */
	s->logger_id = id;
	s->handle = (++etw_session_generation << 16) | id;
	etw_sessions[id] = s;
	etw_pool_start(s->pool);
	kref_get(&s->ref);	/* for the rest of this call */
	trace_etw_session_start(s->logger_id, s->name, s->params.log_file_mode,
				s->params.nr_buffers,
				s->params.buffer_size_kb * 1024);
	mutex_unlock(&etw_lock);

	ret = etw_info_out(s, req.info, req.info_size);
	etw_session_put(s);
	return ret;

out_unlock:
	mutex_unlock(&etw_lock);
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
	struct etw_reg *reg;
	struct etw_active *a;
	u32 i;

	lockdep_assert_held(&etw_lock);
	WRITE_ONCE(s->stopped, true);
	etw_sessions[s->logger_id] = NULL;
	list_for_each_entry(reg, &etw_regs, node) {
		a = rcu_dereference_protected(reg->active,
					      lockdep_is_held(&etw_lock));
		for (i = 0; a && i < a->n; i++) {
			if (a->e[i].session == s) {
				etw_reg_recompute(reg, s, NULL, wl);
				break;
			}
		}
	}
	list_for_each_entry_safe(e, tmp, &s->entries, node) {
		list_del(&e->node);
		etw_entry_free(e);
	}
	kfree(s->disallow);
	s->disallow = NULL;
	s->ndisallow = 0;
}

/*
 * After unlinking: wait (bounded) for the providers' callbacks, let
 * writers leave the buffers, then flush everything to the readers.
 *
 * Context: process context, no locks held.
 */
static void etw_session_finish(struct etw_session *s, struct etw_waitlist *wl)
{
	struct etw_session_info si;

	etw_waitlist_wait(wl, etw_callback_timeout_ms);
	etw_waitlist_release(wl);
	synchronize_rcu();
	etw_pool_stop(s->pool);
	mutex_lock(&s->file_lock);
	etw_logfile_stop(s);
	mutex_unlock(&s->file_lock);
	etw_pool_stats(s->pool, &si);
	trace_etw_session_stop(s->logger_id, s->name, si.events_written,
			       si.events_lost);
}

/*
 * The UPDATE of ControlTrace (reference 2.5): FlushTimer (0 keeps),
 * MaximumBuffers (0 keeps), LogFileMode (0 = real time off, REAL_TIME_MODE
 * = on), EnableFlags.  A failed UPDATE changes nothing (issue 9), so with
 * a new log file this runs only after the switch succeeded.
 *
 * Context: etw_lock held.
 */
static void etw_session_update(struct etw_session *s,
			       const struct etw_session_control *req)
{
	lockdep_assert_held(&etw_lock);
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
	s->enable_flags = req->enable_flags;
}

/*
 * ControlTrace with a log-file name: UPDATE switches a sequential file
 * session to it; FLUSH and STOP of a buffering-mode session write a
 * snapshot of its memory to it (other sessions ignore the name there:
 * Windows callers pass their StartTrace properties back).  Returns 0 or
 * -errno; @path stays the caller's.
 *
 * Context: process context, no locks held; @s referenced.
 */
static int etw_session_file_op(struct etw_session *s, u32 code, char *path)
{
	bool buffering = s->params.log_file_mode & ETW_MODE_BUFFERING;
	char *old;
	int ret;

	mutex_lock(&s->file_lock);
	if (buffering && (code == ETW_CONTROL_FLUSH || code == ETW_CONTROL_STOP)) {
		ret = etw_logfile_snapshot(s, path);
	} else if (code == ETW_CONTROL_UPDATE && !READ_ONCE(s->stopped)) {
		/* the switch keeps its own copy of @path, whatever happens */
		old = kstrdup(path, GFP_KERNEL_ACCOUNT);
		ret = old ? etw_logfile_switch(s, path) : -ENOMEM;
		if (!ret) {
			mutex_lock(&etw_lock);
			swap(s->log_file, old);
			s->log_file_len = strlen(s->log_file);
			mutex_unlock(&etw_lock);
		}
		kfree(old);
	} else if (code == ETW_CONTROL_UPDATE) {
		ret = -EINVAL;	/* stopped meanwhile */
	} else {
		ret = 0;	/* FLUSH/STOP of a file session: nothing extra */
	}
	mutex_unlock(&s->file_lock);
	return ret;
}

long etw_ioctl_session_control(struct etw_file *ef, void __user *uarg,
			       u32 usize)
{
	struct etw_waitlist wl = { 0 };
	struct etw_session_control req;
	struct etw_session *s;
	char *name = NULL, *path = NULL;
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
	if (!s)
		goto out_unlock;
	switch (req.code) {
	case ETW_CONTROL_QUERY:
		break;
	case ETW_CONTROL_FLUSH:
		etw_pool_flush(s->pool);
		break;
	case ETW_CONTROL_UPDATE:
		if (path && etw_logfile_in_use(path)) {
			ret = -EBUSY;
			goto out_put;
		}
		if (etw_session_private(s) && (req.max_buffers ||
					       req.log_file_mode)) {
			ret = -EINVAL;	/* private: file and timer only */
			goto out_put;
		}
		/* with a new file: only once the switch worked (below) */
		if (!path)
			etw_session_update(s, &req);
		break;
	case ETW_CONTROL_STOP:
		etw_session_unlink(s, &wl);
		break;
	}
	mutex_unlock(&etw_lock);

	if (req.code == ETW_CONTROL_STOP) {
		etw_session_finish(s, &wl);
		etw_session_put(s);	/* the table's reference */
	}
	if (path) {
		ret = etw_session_file_op(s, req.code, path);
		if (ret < 0)
			goto out_put_nolock;	/* nothing of the UPDATE applied */
		if (req.code == ETW_CONTROL_UPDATE) {
			mutex_lock(&etw_lock);
			if (!READ_ONCE(s->stopped))
				etw_session_update(s, &req);
			mutex_unlock(&etw_lock);
		}
	}

	ret = etw_info_out(s, req.info, req.info_size);
	if (!ret)
		ret = etw_str_out(req.name_buf, req.name_buf_size, s->name,
				  s->name_len);
	if (!ret)
		ret = etw_str_out(req.log_file_buf, req.log_file_buf_size,
				  s->log_file, s->log_file_len);
out_put_nolock:
	etw_session_put(s);
	kfree(path);
	kfree(name);
	return ret;

out_put:
	etw_session_put(s);
out_unlock:
	mutex_unlock(&etw_lock);
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

/* Module unload: stop what is still running. */
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
	synchronize_rcu();
	for (id = 0; id < n; id++) {
		etw_pool_stop(stopped[id]->pool);
		etw_session_put(stopped[id]);
	}
}
