// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_test: sessions (START, CONTROL, LIST), ENABLE and disallow lists;
 * stopping what a thread or process started when it is done.
 *
 * A thread owns a few sessions (t->sess) that only it stops, so it can
 * check answers about them: a stopped session's handle is ENOENT, its
 * name taken again in another case is EEXIST.  Sessions and consumers in
 * the process pool are anyone's: threads stop, switch and read them
 * under each other's feet.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "fuzz.h"

#define PG 4096UL

static const uint32_t modes[] = {
	ETW_MODE_REAL_TIME,
	ETW_MODE_REAL_TIME,
	ETW_MODE_REAL_TIME | ETW_MODE_NO_PER_PROCESSOR_BUFFERING,
	ETW_MODE_FILE_MODE_SEQUENTIAL,
	ETW_MODE_FILE_MODE_SEQUENTIAL,
	ETW_MODE_FILE_MODE_CIRCULAR,
	ETW_MODE_FILE_MODE_NEWFILE,
	ETW_MODE_FILE_MODE_APPEND,
	ETW_MODE_BUFFERING,
	ETW_MODE_REAL_TIME | ETW_MODE_FILE_MODE_SEQUENTIAL,
	ETW_MODE_REAL_TIME | ETW_MODE_FILE_MODE_SEQUENTIAL,
	ETW_MODE_PRIVATE_LOGGER,
	ETW_MODE_PRIVATE_LOGGER | ETW_MODE_PRIVATE_IN_PROC,
	ETW_MODE_REAL_TIME | ETW_MODE_USE_GLOBAL_SEQUENCE,
	ETW_MODE_FILE_MODE_SEQUENTIAL | ETW_MODE_USE_LOCAL_SEQUENCE,
	ETW_MODE_REAL_TIME | ETW_MODE_PRIVATE_LOGGER,		/* invalid */
	ETW_MODE_BUFFERING | ETW_MODE_REAL_TIME,		/* invalid */
	ETW_MODE_SYSTEM_LOGGER | ETW_MODE_REAL_TIME,		/* fuzz_ksys.c */
};

/* Bytes a session with these parameters would take (the kernel's rules). */
static uint64_t session_bytes(uint32_t mode, uint32_t kb, uint32_t minb,
			      uint32_t maxb)
{
	uint32_t streams = (mode & ETW_MODE_NO_PER_PROCESSOR_BUFFERING) ? 1 :
			   fz->ncpu;

	kb = kb == 0 ? 64 : kb < 4 ? 4 : kb > 16384 ? 16384 : kb;
	if (minb < 2 * streams)
		minb = 2 * streams;
	if (mode & ETW_MODE_BUFFERING)
		maxb = minb;
	else if (maxb == 0)
		maxb = minb + 2 * streams + 16;
	else if (maxb < minb)
		maxb = minb;
	return (uint64_t)maxb * kb * 1024;
}

/* Session memory is real memory in a 2 GiB VM: keep the fuzzer's small. */
static void geometry(struct fz_thread *t, struct etw_session_start *k)
{
	uint32_t r = fz_below(t, 100);
	uint64_t bytes;

	k->buffer_size_kb = r < 50 ? 0 : r < 80 ? 4 << fz_below(t, 5) :
			    r < 95 ? fz_u32(t, 16384) : 1 + fz_below(t, 100);
	k->min_buffers = fz_pct(t, 70) ? 0 : fz_u32(t, 16);
	k->max_buffers = fz_pct(t, 60) ? 0 : fz_u32(t, 32);
	bytes = session_bytes(k->log_file_mode, k->buffer_size_kb,
			      k->min_buffers, k->max_buffers);
	if (bytes > (fz_pct(t, 97) ? 4 : 16) << 20 && bytes <= 1ULL << 30) {
		if (fz_pct(t, 50)) {
			k->max_buffers = 0xffffffffu;	/* over 1 GiB: refused */
		} else {
			k->buffer_size_kb = 4 << fz_below(t, 4);
			k->min_buffers = 0;
			k->max_buffers = 0;
		}
	}
}

void fz_sess_name(struct fz_thread *t, const struct fz_name *n,
		      __u64 *ptr, uint32_t *len, int *clean)
{
	char *buf = fz_good(t, FZ_NAME_MAX + 1);
	enum fz_ptr k;

	*len = fz_name_bytes(n, buf);
	*ptr = (uintptr_t)fz_in(t, buf, *len ? *len : 1, 3, &k);
	if (*len == 0 && fz_pct(t, 50))
		*ptr = 0;
	*clean = *len && *len <= ETW_MAX_NAME_BYTES && n->variant != 4 &&
		 (k == P_GOOD || k == P_UFFD || k == P_RDONLY);
}

void fz_info_out(struct fz_thread *t, __u64 *info, uint32_t *size,
		     int *bad)
{
	uint32_t r = fz_below(t, 100);
	enum fz_ptr k;

	*bad = 0;
	*size = sizeof(struct etw_session_info);
	if (r < 8) {
		*size = fz_below(t, sizeof(struct etw_session_info));
		*bad = 1;
	} else if (r < 12) {
		*size = ETW_IOC_MAX_SIZE + 1 + fz_below(t, 100);
		*bad = 1;
	} else if (r < 18) {
		*size = sizeof(struct etw_session_info) + fz_below(t, 512);
	}
	if (r >= 18 && r < 25) {
		*info = 0;
		*bad = 0;
		return;
	}
	*info = (uintptr_t)fz_out(t, *size > ETW_IOC_MAX_SIZE ? 16 : *size, 6, &k);
	if (!*info)
		*bad = 0;	/* no output asked: size is not looked at */
}

static void publish_root(struct fz_thread *t, const struct fz_sess *s)
{
	uint32_t i;

	if (t->p->role != ROLE_ROOT)
		return;
	i = fz_below(t, FZ_SHARED_SESS);
	fz->root_sess[i] = s->handle;
	fz->root_name[i] = s->name;
}

static int sess_running(struct fz_thread *t, uint64_t handle);

void fz_op_session_start(struct fz_thread *t)
{
	struct fz_pool *pl = &t->p->pool;
	struct etw_session_start k = { 0 };
	struct fz_sess s = { 0 };
	struct fz_arg a;
	int slot = -1, clean, bad_info, fifo = 0, pclean, collide = 0, i, e;
	uint64_t collide_handle = 0;
	char *path;
	long r;

	for (i = 0; i < FZ_PRIV_SESS; i++)
		if (!t->sess[i].live)
			slot = i;
	if (slot >= 0 && fz_pct(t, 60)) {
		s.name.proc = t->p->index;
		s.name.k = 16 + t->idx * FZ_PRIV_SESS + slot;
		s.name.variant = fz_pct(t, 90) ? 0 : fz_pct(t, 50) ? 2 : 3;
	} else {
		slot = -1;
		s.name = fz_name_pick(t);
		i = fz_below(t, FZ_PRIV_SESS);
		if (fz_pct(t, 10) && t->sess[i].live && !t->sess[i].name.len &&
		    t->sess[i].name.variant == 0) {
			/* The name of a running session, other case: EEXIST. */
			s.name = t->sess[i].name;
			s.name.variant = 1;
			collide = 1;
			collide_handle = t->sess[i].handle;
		}
	}
	fz_sess_name(t, &s.name, &k.name, &k.name_len, &clean);
	k.log_file_mode = collide ? ETW_MODE_REAL_TIME :
			  fz_pct(t, 95) ? modes[fz_below(t, 18)] :
			  (uint32_t)fz_rand(t);
	if (!collide)
		geometry(t, &k);
	if (k.log_file_mode & (ETW_MODE_FILE_MODE_CIRCULAR |
			       ETW_MODE_FILE_MODE_NEWFILE) || fz_pct(t, 20))
		k.max_file_size = fz_pct(t, 90) ? 1 + fz_below(t, 4) : fz_u32(t, 8);
	if (fz_pct(t, 10))
		k.log_file_mode |= ETW_MODE_USE_KBYTES_FOR_SIZE;
	k.flush_timer = fz_pct(t, 90) ? fz_below(t, 3) : fz_u32(t, 10);
	k.clock_type = collide ? 0 : fz_pct(t, 95) ? fz_below(t, 4) : fz_u32(t, 3);
	if (k.log_file_mode & ETW_MODE_FILE_MODE_APPEND && fz_pct(t, 70))
		k.clock_type = 2;
	k.enable_flags = fz_rand(t);
	if (fz_pct(t, 5))
		fz_guid_pick(t, k.guid);
	if (!collide && ((k.log_file_mode & (ETW_MODE_FILE_MODE_SEQUENTIAL |
			   ETW_MODE_FILE_MODE_CIRCULAR | ETW_MODE_FILE_MODE_NEWFILE |
			   ETW_MODE_FILE_MODE_APPEND)) || fz_pct(t, 10))) {
		enum fz_ptr pk;

		path = fz_good(t, ETW_MAX_PATH_BYTES + 2);
		k.log_file_len = fz_path(t, path, &fifo, &pclean);
		k.log_file = (uintptr_t)fz_in(t, path, k.log_file_len, 3, &pk);
		if (fz_pct(t, 3))
			k.log_file_len = fz_u32(t, ETW_MAX_PATH_BYTES);
		if (fz_pct(t, 2))
			k.log_file = 0;
		s.has_file = 1;
	}
	fz_info_out(t, &k.info, &k.info_size, &bad_info);
	if (fz_pct(t, 3))
		k.flags = 1u << fz_below(t, 32);
	if (fz_pct(t, 3))
		k.__reserved[fz_below(t, 2)] = fz_u64(t) | 1;
	/* (The controller group's user may be over its session quota first.) */
	e = k.flags || k.__reserved[0] || k.__reserved[1] || bad_info ? EINVAL :
	    t->p->role == ROLE_NOBODY ? EPERM :
	    collide && clean && t->p->role == ROLE_ROOT ? EEXIST : 0;
	fz_arg_make(t, &a, ETW_IOC_SESSION_START, &k, sizeof(k), 4);
	if (fifo) {
		t->ts->fifo_call = 1;
		__atomic_add_fetch(&fz->fifo_calls, 1, __ATOMIC_RELAXED);
	}
	/* EEXIST is checked below, once we know the session still ran. */
	r = fz_run(t, OP_SESSION_START, t->pfd[fz_below(t, 2)], &a,
		   e == EEXIST ? 0 : e,
		   e == EINVAL ? "flags, reserved or info size" :
		   "needs privilege");
	if (e == EEXIST && a.clean && !a.size_expect && r != -EEXIST &&
	    r != -EINTR && sess_running(t, collide_handle))
		fz_expect(t, OP_SESSION_START, r, EEXIST,
			  "a running session's name, size %u, ptr kind %d",
			  a.size, a.kind);
	t->ts->fifo_call = 0;
	t->ts->reported = 0;
	if (r != 0 && r != -EFAULT && r != -EINTR)
		return;
	/* It may have started (EFAULT: only the output failed). */
	fz_name_started(&s.name);
	if (r)
		return;
	s.mode = k.log_file_mode;
	s.live = 1;
	if (k.info && k.info_size >= sizeof(struct etw_session_info)) {
		/* It succeeded, so the output is there (good or stalled memory). */
		struct etw_session_info *si = (void *)(uintptr_t)k.info;

		s.handle = si->handle;
		s.logger = si->logger_id;
		if (si->free_buffers > si->number_of_buffers)
			fz_violation(t, "START: %u free of %u buffers",
				     si->free_buffers, si->number_of_buffers);
	}
	if (slot >= 0 && s.name.variant != 4) {
		t->sess[slot] = s;
		publish_root(t, &s);
		return;
	}
	i = FZ_HOT_SESS + fz_below(t, FZ_POOL_SESS - FZ_HOT_SESS);
	pthread_mutex_lock(&pl->mu);
	pl->sess[i] = s;
	pthread_mutex_unlock(&pl->mu);
	publish_root(t, &s);
}

/* A session to act on: *how 1 = own and live, 2 = own and stopped. */
struct fz_sess fz_sess_pick(struct fz_thread *t, int *how, int *slot)
{
	struct fz_pool *pl = &t->p->pool;
	struct fz_sess s = { 0 };
	uint32_t r = fz_below(t, 100), i;

	*how = 0;
	*slot = -1;
	if (t->p->role == ROLE_NOBODY && r < 60) {
		i = fz_below(t, FZ_SHARED_SESS);
		s.handle = fz->root_sess[i];
		s.name = fz->root_name[i];
		s.live = s.handle != 0;
		*how = 3;	/* root's: never ours to control */
		return s;
	}
	if (r < 50) {
		i = fz_below(t, FZ_PRIV_SESS);
		if (t->sess[i].live) {
			*slot = i;
			*how = 1;
			return t->sess[i];
		}
	}
	if (r < 60 && t->stale_sess[0]) {
		s.handle = t->stale_sess[fz_below(t, FZ_STALE)] ?: t->stale_sess[0];
		*how = 2;
		return s;
	}
	if (r < 92) {
		i = fz_below(t, FZ_POOL_SESS);
		if (pl->hot_session && !(fz->avoid & FZ_AVOID_QUERY_RACE) &&
		    fz_pct(t, 50)) {
			for (i = 0; i < FZ_POOL_SESS; i++)
				if (pl->sess[i].handle == pl->hot_session)
					break;
			if (i == FZ_POOL_SESS)
				i = 0;
		}
		pthread_mutex_lock(&pl->mu);
		s = pl->sess[i];
		pthread_mutex_unlock(&pl->mu);
		*slot = 100 + i;
		return s;
	}
	s.handle = fz_pct(t, 50) ? fz_u64(t) : 1 + fz_below(t, ETW_MAX_SESSIONS);
	s.name = fz_name_pick(t);
	return s;
}

static void sess_stopped(struct fz_thread *t, int slot, uint64_t handle)
{
	struct fz_pool *pl = &t->p->pool;

	if (slot >= 0 && slot < FZ_PRIV_SESS) {
		t->sess[slot].live = 0;
		if (handle)
			t->stale_sess[fz_below(t, FZ_STALE)] = handle;
	} else if (slot >= 100) {
		pthread_mutex_lock(&pl->mu);
		if (pl->sess[slot - 100].handle == handle)
			memset(&pl->sess[slot - 100], 0, sizeof(pl->sess[0]));
		pthread_mutex_unlock(&pl->mu);
	}
}

/* QUERY a session by @handle, else by @name: 0 or -errno (counted). */
static long sess_query(struct fz_thread *t, uint64_t handle,
		       const struct fz_name *name)
{
	struct etw_session_control k = { .code = ETW_CONTROL_QUERY };
	long r;

	k.handle = handle;
	if (!handle) {
		char *buf = fz_good(t, FZ_NAME_MAX + 1);

		k.name_len = fz_name_bytes(name, buf);
		k.name = (uintptr_t)buf;
	}
	r = ioctl(t->pfd[0], ETW_IOC_SESSION_CONTROL, &k) ? -errno : 0;
	fz_count(t, OP_SESSION_CONTROL, r);
	return r;
}

/*
 * Is the session of @handle running now?  When it is after a start that
 * took its name, it was during that start too (a session never comes
 * back): only then must the start have been EEXIST.  Another thread may
 * have stopped it meanwhile (stops by random or stale handles and names).
 */
static int sess_running(struct fz_thread *t, uint64_t handle)
{
	return handle && !sess_query(t, handle, NULL);
}

/* Is our session @slot still running?  Forget it if not. */
static void sess_verify(struct fz_thread *t, int slot)
{
	struct fz_sess *s = &t->sess[slot];
	long r;

	r = sess_query(t, s->handle, &s->name);
	if (r == -ENOENT)
		sess_stopped(t, slot, s->handle);
}

/* A returned log-file path must be a path we gave, whole. */
void fz_check_path_out(struct fz_thread *t, const uint8_t *b, uint32_t n)
{
	uint32_t i;

	if (b[0] == 0xAA)
		return;		/* nothing written: it did not fit */
	for (i = 0; i < n && b[i]; i++)
		if (b[i] < 0x20 || b[i] > 0x7e)
			break;
	if (i == n)
		fz_violation(t, "QUERY: log file name written without a NUL");
	else if (b[i] || b[0] != '/')
		fz_violation(t, "QUERY: log file name has byte %#x at %u: not a path we gave",
			     b[i], i);
}

void fz_op_session_control(struct fz_thread *t)
{
	struct fz_pool *pl = &t->p->pool;
	struct etw_session_control k = { 0 };
	int how, slot, clean = 1, bad_info, fifo = 0, pclean, e = 0, hot = 0;
	struct fz_sess s = fz_sess_pick(t, &how, &slot);
	uint32_t r = fz_below(t, 100), lfb_len = 0;
	uint8_t *lfb = NULL, *pattern;
	struct fz_arg a;
	enum fz_ptr lk = P_GOOD;
	char *path;
	long ret;

	k.code = r < 35 ? ETW_CONTROL_QUERY : r < 60 ? ETW_CONTROL_UPDATE :
		 r < 78 ? ETW_CONTROL_FLUSH : r < 95 ? ETW_CONTROL_STOP :
		 fz_u32(t, 3);
	if (s.handle && pl->hot_session == s.handle && fz_pct(t, 70))
		k.code = ETW_CONTROL_UPDATE;
	k.handle = s.handle;
	if ((!s.handle && s.live) || fz_pct(t, how == 3 ? 50 : 20))
		fz_sess_name(t, &s.name, &k.name, &k.name_len, &clean);
	if (k.code == ETW_CONTROL_UPDATE) {
		k.flush_timer = fz_pct(t, 70) ? 0 : fz_u32(t, 5);
		k.max_buffers = fz_pct(t, 80) ? 0 : fz_u32(t, 64);
		k.log_file_mode = fz_pct(t, 90) ? (s.mode & ETW_MODE_REAL_TIME) :
				  (uint32_t)fz_rand(t);
		k.enable_flags = fz_rand(t);
	}
	if ((k.code == ETW_CONTROL_UPDATE && (s.has_file || fz_pct(t, 20))) ||
	    (k.code != ETW_CONTROL_UPDATE && fz_pct(t, 8))) {
		enum fz_ptr pk;

		path = fz_good(t, ETW_MAX_PATH_BYTES + 2);
		k.log_file_len = fz_path(t, path, &fifo, &pclean);
		if ((fz->avoid & FZ_AVOID_SWITCH_FAIL) && !pclean) {
			k.log_file_len = sprintf(path, "%s/p%d-t%d-%d.etl",
						 fz->tmpdir, t->p->index, t->idx,
						 t->log_seq++);
			fifo = 0;
		}
		k.log_file = (uintptr_t)fz_in(t, path, k.log_file_len, 3, &pk);
	}
	fz_info_out(t, &k.info, &k.info_size, &bad_info);
	if (fz_pct(t, 40)) {
		k.name_buf_size = fz_pct(t, 90) ? fz_below(t, 64) : fz_u32(t, 4096);
		k.name_buf = (uintptr_t)(k.name_buf_size > 4096 ? fz_hole(t) :
			     fz_out(t, k.name_buf_size ? k.name_buf_size : 1, 6, &lk));
	}
	if (fz_pct(t, 50)) {
		lfb_len = fz_pct(t, 90) ? 256 : fz_u32(t, 4096);
		if (lfb_len > 4096) {
			k.log_file_buf = (uintptr_t)fz_hole(t);
		} else {
			pattern = fz_good(t, lfb_len ? lfb_len : 1);
			memset(pattern, 0xAA, lfb_len);
			lk = fz_pick_ptr(t, 6);
			if (how != 3 && s.has_file && k.code == ETW_CONTROL_QUERY &&
			    !(fz->avoid & (FZ_AVOID_QUERY_RACE | FZ_AVOID_UFFD)) &&
			    slot >= 100 && fz_pct(t, 50))
				lk = P_UFFD;	/* stall while others switch its file */
			if (lk == P_UFFD && (fz->avoid & FZ_AVOID_QUERY_RACE))
				lk = P_GOOD;
			lfb = fz_place(t, lk, pattern, lfb_len ? lfb_len : 1);
			k.log_file_buf = (uintptr_t)lfb;
			hot = lk == P_UFFD && slot >= 100;
		}
		k.log_file_buf_size = lfb_len;
	}
	switch (fz_below(t, 40)) {
	case 0: k.flags = 1u << fz_below(t, 32); break;
	case 1: k.__pad = 1; break;
	case 2: k.__reserved[fz_below(t, 2)] = 1; break;
	case 3: k.name_len = 1 + fz_below(t, 8); k.name = 0; break;
	}
	if (k.flags || k.__pad || k.__reserved[0] || k.__reserved[1] ||
	    k.code > ETW_CONTROL_FLUSH || bad_info || (!k.name && k.name_len) ||
	    (!k.name && !k.log_file && k.log_file_len))
		e = EINVAL;
	else if (!k.name && k.code == ETW_CONTROL_UPDATE &&
		 (k.log_file_mode & ~ETW_MODE_REAL_TIME))
		e = EINVAL;
	else if (!k.name && !k.log_file && how == 2)
		e = ENOENT;	/* a stopped session's handle names nothing */
	else if (!k.log_file && how == 3 && clean)
		e = FZ_FAIL;	/* root's session: not ours to control */
	fz_arg_make(t, &a, ETW_IOC_SESSION_CONTROL, &k, sizeof(k), 4);
	if (fifo) {
		t->ts->fifo_call = 1;
		__atomic_add_fetch(&fz->fifo_calls, 1, __ATOMIC_RELAXED);
	}
	if (hot)
		pl->hot_session = s.handle;
	else if (k.code == ETW_CONTROL_UPDATE && k.log_file && s.handle &&
		 pl->hot_session == s.handle)
		__atomic_add_fetch(&fz->query_races, 1, __ATOMIC_RELAXED);
	ret = fz_run(t, OP_SESSION_CONTROL, t->pfd[fz_below(t, 2)], &a, e,
		     "flags, code, info size, stale or foreign session");
	if (hot)
		pl->hot_session = 0;
	t->ts->fifo_call = 0;
	t->ts->reported = 0;
	if (ret == 0 && k.code == ETW_CONTROL_STOP)
		sess_stopped(t, slot, s.handle);
	else if (k.code == ETW_CONTROL_STOP && slot >= 0 && slot < FZ_PRIV_SESS &&
		 (ret == -EFAULT || ret == -EINTR))
		sess_verify(t, slot);	/* stopped, and only the output failed? */
	if (ret == 0 && lfb && lfb_len && (lk == P_GOOD || lk == P_UFFD) &&
	    k.code != ETW_CONTROL_STOP)
		fz_check_path_out(t, lfb, lfb_len);
	if (ret == 0 && k.code == ETW_CONTROL_UPDATE && k.log_file && slot >= 0 &&
	    slot < FZ_PRIV_SESS)
		t->sess[slot].has_file = 1;
}

void fz_op_session_list(struct fz_thread *t)
{
	struct etw_session_list k = { 0 };
	struct fz_arg a;
	uint32_t r = fz_below(t, 100);
	int e = 0, live = 0, i;
	enum fz_ptr hk = P_GOOD;
	long ret;

	k.capacity = r < 70 ? fz_below(t, 65) : fz_u32(t, 64);
	if (k.capacity)
		k.handles = (uintptr_t)(k.capacity > 64 ? fz_hole(t) :
					fz_out(t, 8 * k.capacity, 6, &hk));
	switch (fz_below(t, 30)) {
	case 0: k.flags = 1; break;
	case 1: k.__pad = 1; break;
	case 2: k.__reserved = 1; break;
	case 3: k.count = 1; break;
	case 4: k.handles = 0; break;
	}
	if (k.flags || k.__pad || k.__reserved || k.count ||
	    (k.capacity && !k.handles))
		e = EINVAL;
	else if (hk == P_GOOD && k.capacity <= 64)
		e = FZ_OK;
	fz_arg_make(t, &a, ETW_IOC_SESSION_LIST, &k, sizeof(k), 4);
	ret = fz_run(t, OP_SESSION_LIST, t->pfd[fz_below(t, 2)], &a, e,
		     "in-fields or handles");
	if (!fz_out_ok(&a, ret) || a.size < sizeof(k))
		return;
	memcpy(&k, a.kbuf, sizeof(k));
	for (i = 0; i < FZ_PRIV_SESS; i++)
		if (t->sess[i].live && t->sess[i].handle &&
		    !(t->sess[i].mode & (ETW_MODE_PRIVATE_LOGGER |
					 ETW_MODE_PRIVATE_IN_PROC)))
			live++;
	if (t->p->role == ROLE_NOBODY && k.count)
		fz_violation(t, "SESSION_LIST: uid 65534 sees %u sessions", k.count);
	if ((int)k.count < live)
		fz_violation(t, "SESSION_LIST: %u sessions, %d of them ours alone",
			     k.count, live);
}

/* ---- ENABLE, disallow lists ------------------------------------------------------------ */

static void *filters(struct fz_thread *t, uint32_t n, int group)
{
	static const uint32_t types[] = {
		ETW_FILTER_TYPE_PID, ETW_FILTER_TYPE_EXECUTABLE_NAME,
		ETW_FILTER_TYPE_EVENT_ID, ETW_FILTER_TYPE_PAYLOAD,
		ETW_FILTER_TYPE_SCHEMATIZED, ETW_FILTER_TYPE_EVENT_NAME,
		ETW_FILTER_TYPE_STACKWALK, 0x1234, 0,
	};
	struct etw_filter_desc *f = fz_good(t, 16 * (n ? n : 1));
	uint32_t i, sz;
	uint8_t *d;
	enum fz_ptr k;

	(void)group;
	for (i = 0; i < n && i < 64; i++) {
		f[i].type = fz_pct(t, 95) ? types[fz_below(t, 9)] : fz_rand(t);
		sz = fz_pct(t, 80) ? fz_below(t, 64) : fz_u32(t, 4096);
		f[i].size = sz;
		if (sz > 8192) {
			f[i].ptr = (uintptr_t)fz_hole(t);
			continue;
		}
		d = fz_good(t, sz ? sz : 1);
		if (f[i].type == ETW_FILTER_TYPE_EVENT_ID && sz >= 4) {
			d[0] = fz_below(t, 2);	/* FilterIn */
			d[2] = (sz - 4) / 2;	/* Count */
		} else if (f[i].type == ETW_FILTER_TYPE_PID) {
			uint32_t pid = getpid();

			memcpy(d, &pid, sz < 4 ? sz : 4);
		} else {
			memset(d, 'f', sz);
			if (sz)
				d[sz - 1] = 0;
		}
		f[i].ptr = (uintptr_t)fz_in(t, d, sz ? sz : 1, 4, &k);
	}
	return fz_in(t, f, 16 * (n ? n : 1), 4, &k);
}

void fz_op_enable(struct fz_thread *t)
{
	struct etw_enable k = { 0 };
	int how, slot, e = 0, mut = 0;
	struct fz_sess s = fz_sess_pick(t, &how, &slot);
	uint32_t r = fz_below(t, 100);
	struct fz_arg a;

	k.session = s.handle;
	fz_guid_pick(t, k.guid);
	if (fz_pct(t, 15)) {
		fz_guid_group(k.guid, fz_below(t, FZ_NGROUP));
		k.enable_property |= ETW_PROP_PROVIDER_GROUP;
	}
	k.control_code = r < 60 ? 1 : r < 85 ? 0 : r < 95 ? 2 : fz_u32(t, 2);
	if (fz_pct(t, 20))
		k.enable_property |= fz_rand(t) & ETW_PROP_MASK;
	if (fz_pct(t, 3))
		k.enable_property |= 1u << (12 + fz_below(t, 20));
	k.level = fz_below(t, 256);
	k.match_any = fz_pct(t, 40) ? 0 : fz_u64(t);
	k.match_all = fz_pct(t, 70) ? 0 : fz_u64(t);
	memset(k.source_id, fz_below(t, 3), 16);
	k.timeout_ms = fz_pct(t, 70) ? 0 : fz_pct(t, 95) ? fz_below(t, 50) :
		       fz_u32(t, 100);
	k.flags = fz_pct(t, 85) ? 0 : fz_pct(t, 70) ? ETW_ENABLE_F_LEGACY :
		  fz_rand(t);
	k.filter_count = fz_pct(t, 70) ? 0 : fz_pct(t, 90) ? 1 + fz_below(t, 3) :
			 fz_u32(t, ETW_MAX_FILTERS);
	if (k.filter_count)
		k.filters = (uintptr_t)(k.filter_count > 64 ? fz_hole(t) :
			    filters(t, k.filter_count,
				    k.enable_property & ETW_PROP_PROVIDER_GROUP));
	switch (fz_below(t, 40)) {
	case 0: k.__pad[fz_below(t, 3)] = 1; break;
	case 1: k.__reserved[fz_below(t, 2)] = 1; break;
	}
	if (k.flags & ~ETW_ENABLE_FLAGS_MASK || k.__pad[0] || k.__pad[1] ||
	    k.__pad[2] || k.__reserved[0] || k.__reserved[1] ||
	    k.control_code > ETW_CTRL_CAPTURE_STATE ||
	    k.enable_property & ~ETW_PROP_MASK || etw_mem_zero16(k.guid))
		mut = 1;
	if (mut)
		e = EINVAL;
	else if (!k.filter_count || k.control_code != 1)
		e = how == 2 ? ENOENT : how == 3 ? FZ_FAIL : 0;
	fz_arg_make(t, &a, ETW_IOC_ENABLE, &k, sizeof(k), 4);
	fz_run(t, OP_ENABLE, t->pfd[fz_below(t, 2)], &a, e,
	       "flags, padding, code, properties, GUID, stale or foreign session");
}

void fz_op_disallow(struct fz_thread *t)
{
	struct etw_disallow k = { 0 };
	int how, slot, e = 0, set = fz_pct(t, 60);
	struct fz_sess s = fz_sess_pick(t, &how, &slot);
	uint8_t (*g)[16];
	struct fz_arg a;
	enum fz_ptr gk = P_GOOD;
	uint32_t i;

	k.session = s.handle;
	k.count = fz_pct(t, 85) ? fz_below(t, 6) : fz_u32(t, ETW_MAX_DISALLOW);
	if (k.count > 1100) {
		k.guids = (uintptr_t)fz_hole(t);
	} else if (k.count) {
		g = fz_good(t, 16 * k.count);
		for (i = 0; i < k.count; i++)
			fz_guid_pick(t, g[i]);
		k.guids = (uintptr_t)fz_in(t, g, 16 * k.count, 5, &gk);
	}
	switch (fz_below(t, 30)) {
	case 0: k.flags = 1; break;
	case 1: k.__reserved = 1; break;
	case 2: k.guids = 0; break;
	}
	if (k.flags || k.__reserved || (k.count && !k.guids) ||
	    (set && k.count > ETW_MAX_DISALLOW))
		e = EINVAL;
	else if (!k.count)
		e = how == 2 ? ENOENT : how == 3 ? FZ_FAIL : 0;
	fz_arg_make(t, &a, set ? ETW_IOC_SET_DISALLOW : ETW_IOC_GET_DISALLOW,
		    &k, sizeof(k), 4);
	fz_run(t, set ? OP_SET_DISALLOW : OP_GET_DISALLOW,
	       t->pfd[fz_below(t, 2)], &a, e,
	       "flags, reserved, count, stale or foreign session");
}

/* ---- cleanup ---------------------------------------------------------------------- */

static void stop_sess(struct fz_thread *t, int fd, const struct fz_sess *s)
{
	struct etw_session_control k = { .code = ETW_CONTROL_STOP };
	char *name = fz_good(t, FZ_NAME_MAX + 1);

	k.handle = s->handle;
	if (!s->handle || s->name.len || s->name.variant) {
		k.name_len = fz_name_bytes(&s->name, name);
		k.name = (uintptr_t)name;
	}
	fz_count(t, OP_SESSION_CONTROL,
		 ioctl(fd, ETW_IOC_SESSION_CONTROL, &k) ? -errno : 0);
}

void fz_thread_cleanup(struct fz_thread *t)
{
	int i;

	fz_mem_reset(t);
	for (i = 0; i < FZ_PRIV_SESS; i++)
		if (t->sess[i].live)
			stop_sess(t, t->pfd[0], &t->sess[i]);
	fz_ksys_cleanup(t);
	fz_cons_close(t, &t->pcons, FZ_OWN_PCONS(t));
	fz_fd_close(t, t->pfd[0], FZ_OWN_PFD(t, 0));
	fz_fd_close(t, t->pfd[1], FZ_OWN_PFD(t, 1));
	fz_mem_thread_fini(t);
}

void fz_pool_cleanup(struct fz_proc *p)
{
	struct fz_pool *pl = &p->pool;
	struct fz_thread *t = &p->th[0];
	int i, fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);

	t->good = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; fd >= 0 && t->good != MAP_FAILED && i < FZ_POOL_SESS; i++)
		if (pl->sess[i].live)
			stop_sess(t, fd, &pl->sess[i]);
	if (fd >= 0)
		close(fd);
	for (i = 0; i < FZ_POOL_CONS; i++)
		fz_cons_close(t, &pl->cons[i], FZ_OWN_POOL_CONS(i));
	for (i = 0; i < FZ_POOL_FDS; i++)
		if (pl->fd[i] >= 0)
			fz_fd_close(t, pl->fd[i], FZ_OWN_POOL_FD(i));
	for (i = 0; i < FZ_POOL_MAPS; i++)
		if (pl->map[i].addr)
			munmap(pl->map[i].addr, pl->map[i].len);
}
