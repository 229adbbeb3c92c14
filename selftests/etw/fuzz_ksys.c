// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_test: system loggers (the NT Kernel Logger and SYSTEM_LOGGER_MODE
 * sessions) and ETW_IOC_SYSTEM_INFO (issue 19, part 3).
 *
 * A thread plays a system logger's life in one go: START (by the name
 * "NT Kernel Logger" in any case, or as a SYSTEM_LOGGER_MODE session;
 * random flag sets, sometimes SystemTraceControlGuid under another name
 * or a private mode), then a few of: stack walks (STACK_TRACING with
 * hook lists short, long, odd and random), its flags set, added to and
 * removed from (ENABLE_FLAGS: what EnableTraceEx2 with a System Provider
 * GUID does), queried, replaced by UPDATE, QUERY, the machine-wide
 * profile interval set and read; then STOP.  Each call's arguments are
 * mutated as everywhere in the fuzzer (sizes, reserved fields, flags,
 * pointers).  Now and then the session is left in the process pool for
 * the other threads' session calls and consumers, or the calls are
 * aimed at a pool session, a stopped one or a random handle.
 *
 * Sessions live for a few calls only: at most 8 system loggers run at
 * once, and what they record (every system call and context switch of
 * the fuzzer) must not slow its fixed number of calls much.  The run
 * saves the profile interval first and puts it back (fz_ksys_restore()).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "shared/etw_kevents.h"
#include "fuzz.h"

static const uint8_t system_trace_guid[16] = {
	/* 9e814aad-3204-11d2-9a82-006008a86939, Windows layout */
	0xad, 0x4a, 0x81, 0x9e, 0x04, 0x32, 0xd2, 0x11,
	0x9a, 0x82, 0x00, 0x60, 0x08, 0xa8, 0x69, 0x39,
};

/* Events stack walks are asked for: real hooks, mostly. */
static const uint16_t stack_hooks[] = {
	ETW_KH_PROCESS_START, ETW_KH_PROCESS_END, ETW_KH_THREAD_START,
	ETW_KH_CSWITCH, ETW_KH_READY_THREAD, ETW_KH_IMAGE_LOAD,
	ETW_KH_FILE_CREATE, ETW_KH_FILE_READ, ETW_KH_SYSCALL_ENTER,
	ETW_KH_SAMPLED_PROFILE, ETW_KH_DISK_READ_INIT, ETW_KH_TCP_SEND,
};

/* The flags whose sessions walk every task at start and stop. */
#define RUNDOWN_FLAGS	(ETW_KF_PROCESS | ETW_KF_THREAD | ETW_KF_IMAGE_LOAD | \
			 ETW_KF_PROCESS_COUNTERS)

/*
 * An EnableFlags set: implemented flags mostly, any bits sometimes.  The
 * rundowns cost most of a system logger's life (every task, its images),
 * so most sets have none.
 */
static uint32_t pick_flags(struct fz_thread *t)
{
	uint32_t r = fz_below(t, 100), f = (uint32_t)fz_rand(t);

	if (r < 10)
		return 0;
	if (r < 65)
		return f & ETW_KF_IMPLEMENTED & ~RUNDOWN_FLAGS;
	if (r < 90)
		return f & ETW_KF_IMPLEMENTED;
	if (r < 95)
		return ETW_KF_PROCESS | ETW_KF_THREAD | ETW_KF_IMAGE_LOAD |
		       ETW_KF_DISK_IO | ETW_KF_NETWORK_TCPIP;	/* tracelog's */
	return f;
}

/*
 * The session named @n if this thread started it (a start whose output
 * could not be written): its info, else NULL.  Left running, it would
 * hold one of the 8 system logger slots until the end of the run.
 */
static struct etw_session_info *adopt(struct fz_thread *t,
				      const struct fz_name *n)
{
	struct etw_session_info *si = fz_good(t, sizeof(*si));
	struct etw_session_control k = { .code = ETW_CONTROL_QUERY };
	char *buf = fz_good(t, FZ_NAME_MAX + 1);
	long r;

	k.name_len = fz_name_bytes(n, buf);
	k.name = (uintptr_t)buf;
	k.info = (uintptr_t)si;
	k.info_size = sizeof(*si);
	r = fz_call(t, OP_KSYS_CONTROL, t->pfd[0], ETW_IOC_SESSION_CONTROL, &k);
	if (r || si->owner_tid != (uint32_t)t->ts->tid ||
	    !(si->flags & ETW_SESSION_INFO_F_SYSTEM))
		return NULL;
	return si;
}

static void ksys_start(struct fz_thread *t)
{
	struct etw_session_start k = { 0 };
	struct etw_session_info *si;
	struct fz_sess s = { 0 };
	struct fz_arg a;
	int clean, kname, e = 0, bad = 0;
	enum fz_ptr pk;
	char *path;
	long r;

	kname = fz_pct(t, 60);
	if (kname) {
		s.name.variant = fz_pct(t, 80) ? 7 : 8;	/* NT Kernel Logger */
		if (fz_pct(t, 3)) {
			s.name.len = 1 + fz_below(t, 15);	/* another name */
			kname = 0;
		}
	} else {
		/*
		 * A name of its own, new at each start (255 starts before
		 * one comes back): a predecessor it published stays in the
		 * process's pool, where other threads' control calls by
		 * that name must not reach this one.
		 */
		s.name.proc = t->p->index;
		s.name.k = 64 + t->idx;
		s.name.gen = 1 + t->ksys_gen++ % 255;
	}
	fz_sess_name(t, &s.name, &k.name, &k.name_len, &clean);
	k.log_file_mode = kname && fz_pct(t, 70) ? 0 : ETW_MODE_SYSTEM_LOGGER;
	if (fz_pct(t, 50)) {
		k.log_file_mode |= ETW_MODE_REAL_TIME;
	} else {
		k.log_file_mode |= ETW_MODE_FILE_MODE_SEQUENTIAL;
		path = fz_good(t, 200);
		k.log_file_len = sprintf(path, "%s/k%d-t%d-%d.etl", fz->tmpdir,
					 t->p->index, t->idx, t->log_seq++);
		k.log_file = (uintptr_t)fz_in(t, path, k.log_file_len, 3, &pk);
		s.has_file = 1;
	}
	if (fz_pct(t, 5)) {
		k.log_file_mode |= ETW_MODE_PRIVATE_LOGGER;	/* never private */
		bad = 1;
	}
	if (fz_pct(t, 10)) {
		memcpy(k.guid, system_trace_guid, 16);
		/* SystemTraceControlGuid names the NT Kernel Logger only */
		bad |= !kname;
	}
	k.buffer_size_kb = fz_pct(t, 80) ? 4 << fz_below(t, 5) : fz_u32(t, 64);
	k.max_buffers = fz_pct(t, 80) ? 0 : fz_below(t, 40);
	k.enable_flags = pick_flags(t);
	k.clock_type = fz_below(t, 4);
	k.flush_timer = fz_below(t, 2);
	si = fz_out(t, sizeof(*si), 3, &pk);
	k.info = (uintptr_t)si;
	k.info_size = sizeof(*si);
	if (fz_pct(t, 3))
		k.flags = 1u << fz_below(t, 32);
	if (k.flags)
		e = EINVAL;
	else if (t->p->role == ROLE_NOBODY)
		e = EPERM;
	else if (bad)
		e = FZ_FAIL;
	if (!clean)
		e = 0;
	fz_arg_make(t, &a, ETW_IOC_SESSION_START, &k, sizeof(k), 3);
	r = fz_run(t, OP_KSYS_START, t->pfd[fz_below(t, 2)], &a, e,
		   "system logger: flags, privilege, GUID or private mode");
	if (r != 0 && r != -EFAULT && r != -EINTR)
		return;
	fz_name_started(&s.name);	/* it may have started */
	if (r || (pk != P_GOOD && pk != P_UFFD)) {
		/* Only the output failed?  Then it is ours: take it back. */
		si = adopt(t, &s.name);
		if (!si)
			return;
	} else if (!(si->flags & ETW_SESSION_INFO_F_SYSTEM)) {
		fz_violation(t, "START of a system logger: info flags %#x without SYSTEM",
			     si->flags);
	}
	s.handle = si->handle;
	s.logger = si->logger_id;
	s.mode = k.log_file_mode;
	s.live = 1;
	t->ksys = s;
	t->ksys_flags = si->enable_flags;
	__atomic_add_fetch(&fz->ksys_started, 1, __ATOMIC_RELAXED);
}

/*
 * Whether only this thread changes its logger's EnableFlags.  Not when
 * it is the NT Kernel Logger: a predecessor this process published
 * (ksys_publish) stays in the pool under the same well-known name, and
 * another thread's control call by that name reaches the new one (other
 * system loggers get a new name at each start, ksys_start()).
 */
static int ksys_flags_ours(const struct fz_thread *t)
{
	return t->ksys.name.variant != 7 && t->ksys.name.variant != 8;
}

/* A session for SYSTEM_INFO or UPDATE: *own when it is t->ksys, live. */
static uint64_t ksys_target(struct fz_thread *t, int *own)
{
	struct fz_sess s;
	int how, slot;
	uint32_t r = fz_below(t, 100);

	*own = 0;
	if (r < 75 && t->ksys.live) {
		*own = 1;
		return t->ksys.handle;
	}
	if (r < 80)
		return 0;
	if (r < 95) {
		s = fz_sess_pick(t, &how, &slot);
		return s.handle;
	}
	return fz_u64(t);
}

static void ksys_info(struct fz_thread *t)
{
	struct etw_system_info k = { 0 };
	uint32_t r = fz_below(t, 100), n = 0, i, f, v0 = 0;
	int own, e = 0, set;
	enum fz_ptr dk = P_GOOD;
	uint8_t *d = NULL;
	struct fz_arg a;
	long ret;

	k.session = ksys_target(t, &own);
	k.info_class = r < 30 ? ETW_SYSINFO_STACK_TRACING :
		       r < 65 ? ETW_SYSINFO_ENABLE_FLAGS :
		       r < 90 ? ETW_SYSINFO_PROFILE_INTERVAL :
		       r < 95 ? fz_below(t, 9) : fz_u32(t, 64);
	r = fz_below(t, 100);
	switch (k.info_class) {
	case ETW_SYSINFO_STACK_TRACING:
		k.flags = r < 90 ? ETW_SYSINFO_F_SET : 0;
		n = fz_pct(t, 90) ? fz_below(t, 13) : fz_u32(t, ETW_MAX_STACK_EVENTS);
		k.length = n > 4096 ? 2 * fz_below(t, 300) : 2 * n;
		if (fz_pct(t, 3))
			k.length |= 1;
		d = fz_good(t, k.length + 2);
		for (i = 0; i + 1 < k.length; i += 2) {
			uint16_t h = fz_pct(t, 90) ?
				     stack_hooks[fz_below(t, sizeof(stack_hooks) / 2)] :
				     (uint16_t)fz_rand(t);

			memcpy(d + i, &h, 2);
		}
		k.data = (uintptr_t)fz_in(t, d, k.length + 1, 3, &dk);
		break;
	case ETW_SYSINFO_ENABLE_FLAGS:
		k.flags = r < 25 ? 0 : r < 50 ? ETW_SYSINFO_F_SET :
			  r < 75 ? ETW_SYSINFO_F_SET | ETW_SYSINFO_F_ADD :
			  ETW_SYSINFO_F_SET | ETW_SYSINFO_F_REMOVE;
		k.length = fz_pct(t, 85) ? (k.flags ? 4 * (1 + fz_below(t, 8)) : 32) :
			   fz_u32(t, 32);
		d = fz_good(t, 36);
		f = pick_flags(t);
		memcpy(d, &f, 4);
		if (k.flags)
			k.data = (uintptr_t)fz_in(t, d, k.length < 36 ? k.length + 1 : 36,
						   3, &dk);
		else
			k.data = (uintptr_t)fz_out(t, k.length < 36 ? k.length + 1 : 36,
						    3, &dk);
		break;
	case ETW_SYSINFO_PROFILE_INTERVAL:
		/* Machine-wide, and restarting the profile is costly: rarely set. */
		k.flags = r < 8 ? ETW_SYSINFO_F_SET : 0;
		k.length = fz_pct(t, 90) ? 8 : fz_u32(t, 16);
		d = fz_good(t, 16);
		v0 = fz_pct(t, 95) ? 0 : fz_u32(t, 4);
		f = fz_pct(t, 80) ? 1221 + fz_below(t, 30000) : fz_u32(t, 1000000);
		memcpy(d, &v0, 4);
		memcpy(d + 4, &f, 4);
		/* a query reads the source too: in and out */
		k.data = (uintptr_t)fz_in(t, d, 16, 3, &dk);
		if (!k.flags && dk == P_RDONLY)
			dk = P_NULL;	/* not writable: no oracle */
		break;
	default:
		k.length = fz_below(t, 64);
		k.data = (uintptr_t)fz_good(t, 64);
		k.flags = fz_below(t, 8);
	}
	switch (fz_below(t, 40)) {
	case 0: k.flags |= 1u << fz_below(t, 32); break;
	case 1: k.needed = 1 + fz_below(t, 64); break;
	case 2: k.__reserved[fz_below(t, 2)] = fz_u64(t) | 1; break;
	case 3: k.data = 0; break;
	}
	f = k.flags;
	set = f & ETW_SYSINFO_F_SET;
	if (f & ~ETW_SYSINFO_FLAGS_MASK || k.needed || k.__reserved[0] ||
	    k.__reserved[1] || (k.length && !k.data) ||
	    ((f & (ETW_SYSINFO_F_ADD | ETW_SYSINFO_F_REMOVE)) &&
	     (k.info_class != ETW_SYSINFO_ENABLE_FLAGS || !set ||
	      ((f & ETW_SYSINFO_F_ADD) && (f & ETW_SYSINFO_F_REMOVE)))))
		e = EINVAL;
	else if (k.info_class < ETW_SYSINFO_STACK_TRACING ||
		 k.info_class > ETW_SYSINFO_PROFILE_INTERVAL)
		e = EOPNOTSUPP;
	else if (t->p->role == ROLE_NOBODY)
		e = EPERM;
	else if (k.info_class == ETW_SYSINFO_PROFILE_INTERVAL)
		e = set && k.length != 8 ? EINVAL :
		    !set && k.length < 8 ? ENOSPC :
		    dk != P_GOOD && dk != P_UFFD ? 0 :
		    v0 ? EOPNOTSUPP : FZ_OK;
	else if (!own)
		e = 0;
	else if (k.info_class == ETW_SYSINFO_STACK_TRACING)
		e = !set ? EOPNOTSUPP :
		    k.length % 2 || k.length / 2 > ETW_MAX_STACK_EVENTS ? EINVAL :
		    !k.length || dk == P_GOOD || dk == P_UFFD ||
		    dk == P_RDONLY ? FZ_OK : 0;
	else if (set)
		e = k.length < 4 || k.length > 32 ? EINVAL :
		    dk == P_GOOD || dk == P_UFFD || dk == P_RDONLY ? FZ_OK : 0;
	else
		e = k.length < 32 ? ENOSPC :
		    dk == P_GOOD || dk == P_UFFD ? FZ_OK : 0;
	fz_arg_make(t, &a, ETW_IOC_SYSTEM_INFO, &k, sizeof(k), 3);
	ret = fz_run(t, OP_SYSTEM_INFO, t->pfd[fz_below(t, 2)], &a, e,
		     "flags, class, length, needed, reserved, privilege, own session");
	if (own && ret == 0 && k.info_class == ETW_SYSINFO_STACK_TRACING)
		__atomic_add_fetch(&fz->ksys_stacks, 1, __ATOMIC_RELAXED);
	if (!own || !a.clean || a.size_expect ||
	    k.info_class != ETW_SYSINFO_ENABLE_FLAGS)
		return;
	if (ret == 0 && set) {
		memcpy(&f, d, 4);
		if (k.flags & ETW_SYSINFO_F_ADD)
			t->ksys_flags |= f;
		else if (k.flags & ETW_SYSINFO_F_REMOVE)
			t->ksys_flags &= ~f;
		else
			t->ksys_flags = f;
	} else if (ret == 0 && (dk == P_GOOD || dk == P_UFFD)) {
		memcpy(&f, (void *)(uintptr_t)k.data, 4);
		if (f != t->ksys_flags && ksys_flags_ours(t))
			fz_violation(t, "SYSTEM_INFO: EnableFlags %#x, set %#x",
				     f, t->ksys_flags);
	} else if (ret == -ENOSPC && a.kind == P_GOOD &&
		   ((struct etw_system_info *)a.kbuf)->needed != 32) {
		fz_violation(t, "SYSTEM_INFO: ENOSPC with needed %u, not 32",
			     ((struct etw_system_info *)a.kbuf)->needed);
	}
}

/* UPDATE a system logger's flags (ControlTrace), or QUERY it. */
static void ksys_control(struct fz_thread *t)
{
	struct etw_session_control k = { 0 };
	struct etw_session_info *si;
	int own, e = 0;
	enum fz_ptr ik;
	struct fz_arg a;
	long ret;

	k.handle = ksys_target(t, &own);
	k.code = fz_pct(t, 60) ? ETW_CONTROL_UPDATE : ETW_CONTROL_QUERY;
	if (k.code == ETW_CONTROL_UPDATE) {
		k.enable_flags = pick_flags(t);
		k.log_file_mode = own ? t->ksys.mode & ETW_MODE_REAL_TIME : 0;
		if (fz_pct(t, 10))
			k.flush_timer = fz_below(t, 3);
	}
	si = fz_out(t, sizeof(*si), 3, &ik);
	k.info = (uintptr_t)si;
	k.info_size = sizeof(*si);
	if (fz_pct(t, 3))
		k.flags = 1;
	e = k.flags ? EINVAL : t->p->role == ROLE_NOBODY ? FZ_FAIL :
	    !k.handle ? ENOENT : own && ik == P_GOOD ? FZ_OK : 0;
	fz_arg_make(t, &a, ETW_IOC_SESSION_CONTROL, &k, sizeof(k), 3);
	ret = fz_run(t, OP_KSYS_CONTROL, t->pfd[fz_below(t, 2)], &a, e,
		     "UPDATE or QUERY of a system logger");
	if (!own || !a.clean || a.size_expect)
		return;
	/*
	 * An UPDATE is applied before its info is written: one whose info
	 * could not be written (EFAULT, or a stall a signal cut short) or
	 * was not checked may have changed the flags all the same.
	 */
	if (k.code == ETW_CONTROL_UPDATE &&
	    (ret == -EFAULT || ret == -EINTR || (!ret && ik != P_GOOD))) {
		struct etw_session_info *now = adopt(t, &t->ksys.name);

		if (now)	/* the flags as the module has them now */
			t->ksys_flags = now->enable_flags;
		return;
	}
	if (ret || ik != P_GOOD)
		return;
	if (k.code == ETW_CONTROL_UPDATE)
		t->ksys_flags = k.enable_flags;
	if (!(si->flags & ETW_SESSION_INFO_F_SYSTEM) ||
	    (si->enable_flags != t->ksys_flags && ksys_flags_ours(t)))
		fz_violation(t, "%s of a system logger: info flags %#x, EnableFlags %#x (set %#x)",
			     k.code == ETW_CONTROL_UPDATE ? "UPDATE" : "QUERY",
			     si->flags, si->enable_flags, t->ksys_flags);
}

/* STOP the thread's system logger: it must go. */
static void ksys_stop(struct fz_thread *t)
{
	struct etw_session_control k = { .code = ETW_CONTROL_STOP };
	long r;

	k.handle = t->ksys.handle;
	r = fz_call(t, OP_KSYS_CONTROL, t->pfd[0], ETW_IOC_SESSION_CONTROL, &k);
	fz_expect(t, OP_KSYS_CONTROL, r, FZ_OK, "STOP of its system logger");
	t->stale_sess[fz_below(t, FZ_STALE)] = t->ksys.handle;
	t->ksys.live = 0;
}

/* Leave it running, for anyone in the process to use and stop. */
static void ksys_publish(struct fz_thread *t)
{
	struct fz_pool *pl = &t->p->pool;
	int i = FZ_HOT_SESS + fz_below(t, FZ_POOL_SESS - FZ_HOT_SESS);

	pthread_mutex_lock(&pl->mu);
	if (!pl->sess[i].live) {
		pl->sess[i] = t->ksys;
		t->ksys.live = 0;
	}
	pthread_mutex_unlock(&pl->mu);
	if (t->ksys.live)
		ksys_stop(t);
}

void fz_op_ksys(struct fz_thread *t)
{
	uint32_t n, i;

	if (fz_pct(t, 25) || t->p->role == ROLE_NOBODY) {
		/* calls on no logger of ours: pool, stale, random, none */
		if (fz_pct(t, 60))
			ksys_info(t);
		else
			ksys_control(t);
		if (t->p->role == ROLE_NOBODY && fz_pct(t, 30))
			ksys_start(t);
		return;
	}
	ksys_start(t);
	n = 1 + fz_below(t, 6);
	for (i = 0; i < n; i++) {
		if (fz_pct(t, 70))
			ksys_info(t);
		else
			ksys_control(t);
		fz_mem_reset(t);
	}
	if (!t->ksys.live)
		return;
	if (fz_pct(t, 5))
		ksys_publish(t);
	else
		ksys_stop(t);
}

void fz_ksys_cleanup(struct fz_thread *t)
{
	if (t->ksys.live)
		ksys_stop(t);
}

/* The machine-wide profile interval, saved before the run. */
static uint32_t saved_interval;

static int interval(int fd, uint32_t flags, uint32_t *v)
{
	uint32_t d[2] = { 0, *v };
	struct etw_system_info k = {
		.info_class = ETW_SYSINFO_PROFILE_INTERVAL, .flags = flags,
		.data = (uintptr_t)d, .length = sizeof(d),
	};
	int r = ioctl(fd, ETW_IOC_SYSTEM_INFO, &k) ? -errno : 0;

	*v = d[1];
	return r;
}

int fz_ksys_save(int fd)
{
	return interval(fd, 0, &saved_interval);
}

/* Put the interval back; 0, or -1 when it could not be. */
int fz_ksys_restore(int fd)
{
	uint32_t now = saved_interval;

	if (interval(fd, ETW_SYSINFO_F_SET, &now))
		return -1;
	now = 0;
	return interval(fd, 0, &now) || now != saved_interval ? -1 : 0;
}
