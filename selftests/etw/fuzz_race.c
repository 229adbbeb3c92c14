// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_test: races steered on purpose.  Random calls rarely line up two
 * threads on one object at the right moment, so this operation keeps two
 * objects per process busy and holds a window open with a
 * userfaultfd-stalled output page:
 *
 *  - pool.sess[0], a real-time session with pool.cons[0] attached: a
 *    CONSUMER_WAIT flushes, then stalls copying its ready list while the
 *    other threads' WAITs on the same descriptor release buffers (some
 *    lists invalid).  The ready list must hold distinct indexes below
 *    the buffer count, whatever the others did.
 *  - pool.sess[1], a sequential file session: a QUERY stalls copying the
 *    log-file name while the other threads switch the file (UPDATE, see
 *    sess_pick()).  The name must be one of the paths we gave, whole.
 */
#include <stdlib.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "fuzz.h"

#define HOT_GUID	0	/* fz_guid_prov(): the pool's first provider */

static long raw(struct fz_thread *t, int op, unsigned long cmd, void *arg)
{
	long r;

	t->ts->cur_op = op;
	t->ts->call_start_ms = fz_now_ms();
	r = ioctl(t->pfd[0], cmd, arg) ? -errno : 0;
	t->ts->call_start_ms = 0;
	fz_count(t, op, r);
	return r;
}

/* Start the process's hot session @slot (0: real time, 1: a file). */
static void hot_start(struct fz_thread *t, int slot)
{
	struct fz_pool *pl = &t->p->pool;
	struct etw_session_start st = { 0 };
	struct etw_session_info si;
	struct fz_sess s = { 0 };
	char *name = fz_good(t, FZ_NAME_MAX + 1), *path = fz_good(t, 256);
	struct etw_enable en = { 0 };

	s.name.proc = t->p->index;
	s.name.k = 12 + slot;
	st.name = (uintptr_t)name;
	st.name_len = fz_name_bytes(&s.name, name);
	st.log_file_mode = slot ? ETW_MODE_FILE_MODE_SEQUENTIAL :
			   ETW_MODE_REAL_TIME | ETW_MODE_NO_PER_PROCESSOR_BUFFERING;
	st.buffer_size_kb = 4;
	st.min_buffers = 4;
	st.max_buffers = 16;
	if (slot) {
		st.log_file_len = sprintf(path, "%s/hot-p%d-%d.etl", fz->tmpdir,
					  t->p->index, t->log_seq++);
		st.log_file = (uintptr_t)path;
	}
	st.info = (uintptr_t)&si;
	st.info_size = sizeof(si);
	if (raw(t, OP_SESSION_START, ETW_IOC_SESSION_START, &st))
		return;
	fz_name_started(&s.name);
	s.handle = si.handle;
	s.logger = si.logger_id;
	s.mode = st.log_file_mode;
	s.has_file = slot;
	s.live = 1;
	en.session = si.handle;
	fz_guid_prov(en.guid, HOT_GUID);
	en.control_code = 1;
	en.level = 255;
	raw(t, OP_ENABLE, ETW_IOC_ENABLE, &en);
	pthread_mutex_lock(&pl->mu);
	pl->sess[slot] = s;
	pthread_mutex_unlock(&pl->mu);
}

/* A few events from this thread into whatever enables HOT_GUID. */
static void hot_write(struct fz_thread *t, int n)
{
	struct etw_write w = { 0 };
	struct etw_data_desc d;
	char *payload = fz_good(t, 256);

	if (!t->race_reg) {
		struct etw_register r = { 0 };

		fz_guid_prov(r.guid, HOT_GUID);
		if (raw(t, OP_REGISTER, ETW_IOC_REGISTER, &r))
			return;
		t->race_reg = r.handle;
	}
	memset(payload, 'h', 256);
	d.ptr = (uintptr_t)payload;
	d.size = 64 + fz_below(t, 192);
	d.type = 0;
	d.reserved1 = 0;
	d.reserved2 = 0;
	w.handle = t->race_reg;
	w.level = 4;
	w.count = 1;
	w.data = (uintptr_t)&d;
	while (n--)
		if (raw(t, OP_WRITE, ETW_IOC_WRITE, &w) == -ENOENT)
			t->race_reg = 0;	/* pfd[0] was reopened */
}

static void race_wait(struct fz_thread *t)
{
	struct fz_pool *pl = &t->p->pool;
	struct etw_consumer_wait k = { 0 };
	struct fz_sess hs;
	struct fz_cons c;
	uint32_t *rel, *ready, i, j, nr;
	char *name;
	long r;

	pthread_mutex_lock(&pl->mu);
	hs = pl->sess[0];
	c = pl->cons[0];
	pthread_mutex_unlock(&pl->mu);
	if (!hs.live) {
		hot_start(t, 0);
		return;
	}
	if (c.fd < 0) {
		struct etw_consumer_open co = { 0 };
		struct fz_cons nc = { .fd = -1 }, old;

		name = fz_good(t, FZ_NAME_MAX + 1);
		co.name = (uintptr_t)name;
		co.name_len = fz_name_bytes(&hs.name, name);
		if (raw(t, OP_CONSUMER_OPEN, ETW_IOC_CONSUMER_OPEN, &co)) {
			pthread_mutex_lock(&pl->mu);
			if (pl->sess[0].handle == hs.handle)
				pl->sess[0].live = 0;	/* gone: start anew */
			pthread_mutex_unlock(&pl->mu);
			return;
		}
		nc.fd = co.fd;
		nc.nr = co.nr_buffers;
		nc.size = co.buffer_size;
		fz_cons_map(t, &nc);
		pthread_mutex_lock(&pl->mu);
		old = pl->cons[0];
		pl->cons[0] = nc;
		fz_fd_own(t, nc.fd, FZ_OWN_POOL_CONS(0));
		pthread_mutex_unlock(&pl->mu);
		if (old.fd >= 0)
			fz_cons_close(t, &old, FZ_OWN_POOL_CONS(0));
		return;
	}
	hot_write(t, 4 + fz_below(t, 40));
	nr = c.nr;
	rel = fz_good(t, 4 * 64);
	pthread_mutex_lock(&pl->mu);
	if (pl->cons[0].fd == c.fd) {
		memcpy(rel, pl->cons[0].held, 4 * pl->cons[0].nheld);
		k.release_count = pl->cons[0].nheld;
		pl->cons[0].nheld = 0;
	}
	pthread_mutex_unlock(&pl->mu);
	k.release = (uintptr_t)rel;
	k.flags = ETW_WAIT_F_FLUSH;
	k.ready_max = nr;
	ready = fz_place(t, P_UFFD, NULL, 4 * (nr + 1));
	k.ready = (uintptr_t)ready;
	if (__atomic_fetch_add(&pl->hot_cons, 1, __ATOMIC_RELAXED))
		__atomic_add_fetch(&fz->wait_overlaps, 1, __ATOMIC_RELAXED);
	t->ts->cur_op = OP_CONSUMER_WAIT;
	t->ts->call_start_ms = fz_now_ms();
	r = ioctl(c.fd, ETW_IOC_CONSUMER_WAIT, &k) ? -errno : 0;
	__atomic_sub_fetch(&pl->hot_cons, 1, __ATOMIC_RELAXED);
	t->ts->call_start_ms = 0;
	fz_count(t, OP_CONSUMER_WAIT, r);
	if (r == -EINVAL) {
		/* another thread released one of them first: none was */
		pthread_mutex_lock(&pl->mu);
		for (i = 0; i < k.release_count && pl->cons[0].fd == c.fd; i++)
			fz_held_add(&pl->cons[0], rel[i]);
		pthread_mutex_unlock(&pl->mu);
	}
	if (r)
		return;	/* (EINTR, EFAULT: released, or not; we let go) */
	if (k.ready_count > nr) {
		fz_violation(t, "CONSUMER_WAIT: %u ready of %u buffers",
			     k.ready_count, nr);
		return;
	}
	for (i = 0; i < k.ready_count; i++) {
		for (j = 0; j < i && ready[j] != ready[i]; j++)
			;
		if (ready[i] < nr && j == i)
			continue;
		fz_violation(t, "CONSUMER_WAIT with another thread on the fd: ready list of %u has %s %u at %u (of %u buffers)",
			     k.ready_count, ready[i] >= nr ? "index" : "a second",
			     ready[i], i, nr);
		break;
	}
	pthread_mutex_lock(&pl->mu);
	for (i = 0; i < k.ready_count && pl->cons[0].fd == c.fd; i++)
		if (ready[i] < nr)
			fz_held_add(&pl->cons[0], ready[i]);
	pthread_mutex_unlock(&pl->mu);
}

static void race_query(struct fz_thread *t)
{
	struct fz_pool *pl = &t->p->pool;
	struct etw_session_control k = { 0 };
	uint8_t pattern[4096], *buf;
	struct fz_sess hs;
	long r;

	pthread_mutex_lock(&pl->mu);
	hs = pl->sess[1];
	pthread_mutex_unlock(&pl->mu);
	if (!hs.live) {
		hot_start(t, 1);
		return;
	}
	memset(pattern, 0xAA, sizeof(pattern));
	buf = fz_place(t, P_UFFD, pattern, sizeof(pattern));
	k.handle = hs.handle;
	k.code = ETW_CONTROL_QUERY;
	k.log_file_buf = (uintptr_t)buf;
	k.log_file_buf_size = sizeof(pattern);
	pl->hot_session = hs.handle;
	r = raw(t, OP_SESSION_CONTROL, ETW_IOC_SESSION_CONTROL, &k);
	pl->hot_session = 0;
	if (r == -ENOENT) {
		pthread_mutex_lock(&pl->mu);
		if (pl->sess[1].handle == hs.handle)
			pl->sess[1].live = 0;
		pthread_mutex_unlock(&pl->mu);
	}
	if (!r)
		fz_check_path_out(t, buf, sizeof(pattern));
}

void fz_op_race(struct fz_thread *t)
{
	int wait_ok = !(fz->avoid & (FZ_AVOID_WAIT_RACE | FZ_AVOID_UFFD));
	int query_ok = !(fz->avoid & (FZ_AVOID_QUERY_RACE | FZ_AVOID_UFFD));

	if (t->p->role == ROLE_NOBODY)
		return;		/* cannot start the sessions */
	if (wait_ok && (!query_ok || fz_pct(t, 50)))
		race_wait(t);
	else if (query_ok)
		race_query(t);
}
