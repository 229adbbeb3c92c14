// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_test: real-time consumers: CONSUMER_OPEN on /dev/etw, and on the
 * consumer descriptors CONSUMER_WAIT, poll, mmap, read and close.
 *
 * A thread may own one consumer (t->pcons) and check answers about it:
 * a release list naming a buffer it does not hold is EINVAL, a buffer is
 * never handed over twice, a held buffer's header names its size.  The
 * process's pool consumers are anyone's; pool.cons[0] is where two
 * threads' WAITs meet (see fuzz_race.c).
 */
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "fuzz.h"

#define PG 4096UL

/* The buffers a consumer holds, as a set (the caller locks a shared one). */
void fz_held_add(struct fz_cons *c, uint32_t idx)
{
	uint32_t i;

	for (i = 0; i < c->nheld; i++)
		if (c->held[i] == idx)
			return;
	if (c->nheld < 64)
		c->held[c->nheld++] = idx;
}

void fz_held_remove(struct fz_cons *c, const uint32_t *idx, uint32_t n)
{
	uint32_t i, j;

	for (j = 0; j < n; j++)
		for (i = 0; i < c->nheld; i++)
			if (c->held[i] == idx[j]) {
				c->held[i] = c->held[--c->nheld];
				break;
			}
}

void fz_cons_close(struct fz_thread *t, struct fz_cons *c, int owner)
{
	if (c->map)
		munmap(c->map, c->map_len);
	if (c->fd >= 0)
		fz_fd_close(t, c->fd, owner);
	memset(c, 0, sizeof(*c));
	c->fd = -1;
}

void fz_cons_map(struct fz_thread *t, struct fz_cons *c)
{
	size_t len = (size_t)c->nr * c->size;
	void *p;
	long r;

	if (!len || len > (64UL << 20))
		return;
	p = mmap(NULL, len, PROT_READ, MAP_SHARED, c->fd, 0);
	r = p == MAP_FAILED ? -errno : 0;
	fz_count(t, OP_CONS_MMAP, r);
	fz_expect(t, OP_CONS_MMAP, r, FZ_OK, "all %u buffers of %u bytes, read-only",
		  c->nr, c->size);
	if (r)
		return;
	fz_check_ro_map(t, OP_CONS_MMAP, p, len);
	c->map = p;
	c->map_len = len;
}

void fz_op_consumer_open(struct fz_thread *t)
{
	struct fz_pool *pl = &t->p->pool;
	struct etw_consumer_open k = { 0 };
	struct fz_cons c = { .fd = -1 }, old;
	int how, slot, clean, bad_info, e = 0;
	struct fz_sess s = fz_sess_pick(t, &how, &slot);
	struct fz_arg a;
	long r;
	uint32_t i;

	/* Mostly a running real-time session: consumers are what we want. */
	for (i = 0; i < 6 && !(s.live && (s.mode & ETW_MODE_REAL_TIME)) &&
		    how != 3 && fz_pct(t, 85); i++)
		s = fz_sess_pick(t, &how, &slot);
	if (!s.live && !s.name.k && fz_pct(t, 70))
		s.name = fz_name_pick(t);
	fz_sess_name(t, &s.name, &k.name, &k.name_len, &clean);
	fz_info_out(t, &k.info, &k.info_size, &bad_info);
	switch (fz_below(t, 40)) {
	case 0: k.flags = 1; break;
	case 1: k.__pad = 1; break;
	case 2: k.fd = 3; break;
	case 3: k.flags_out = 1; break;
	case 4: k.__reserved[1] = 1; break;
	}
	if (k.flags || k.__pad || k.fd || k.flags_out || k.__reserved[1] ||
	    bad_info)
		e = EINVAL;
	else if (how == 3 && clean)
		e = FZ_FAIL;
	fz_arg_make(t, &a, ETW_IOC_CONSUMER_OPEN, &k, sizeof(k), 4);
	r = fz_run(t, OP_CONSUMER_OPEN, t->pfd[fz_below(t, 2)], &a, e,
		   "in-fields, info size, or root's session");
	if (!fz_out_ok(&a, r))
		return;	/* failed, or the kernel closed it again */
	memcpy(&k, a.kbuf, sizeof(k));
	c.fd = k.fd;
	c.nr = k.nr_buffers;
	c.size = k.buffer_size;
	if (c.nr == 0 || c.size % 8 || c.size < 4096)
		fz_violation(t, "CONSUMER_OPEN: %u buffers of %u bytes", c.nr, c.size);
	if (fz_pct(t, 70))
		fz_cons_map(t, &c);
	if (t->pcons.fd < 0 && fz_pct(t, 50)) {
		fz_fd_own(t, c.fd, FZ_OWN_PCONS(t));
		t->pcons = c;
		return;
	}
	i = fz_below(t, FZ_POOL_CONS);
	pthread_mutex_lock(&pl->mu);
	if (pl->cons[0].fd < 0)
		i = 0;		/* the one two threads wait on */
	old = pl->cons[i];
	pl->cons[i] = c;
	fz_fd_own(t, c.fd, FZ_OWN_POOL_CONS(i));
	pthread_mutex_unlock(&pl->mu);
	if (old.fd >= 0)
		fz_count(t, OP_CONS_CLOSE, 0);
	fz_cons_close(t, &old, FZ_OWN_POOL_CONS(i));
}

void fz_op_consumer_wait(struct fz_thread *t)
{
	struct fz_pool *pl = &t->p->pool;
	struct etw_consumer_wait k = { 0 };
	struct fz_cons *c, snap;
	int priv, fd, e, e_pre = 0, e_list = 0, ci = -1;
	uint32_t *rel, *ready, i, n, nr;
	enum fz_ptr rk = P_GOOD, dk = P_GOOD;
	struct fz_arg a;
	long r;

	if (t->pcons.fd >= 0 && fz_pct(t, 50)) {
		priv = 1;
		c = &t->pcons;
		snap = *c;
	} else {
		priv = 0;
		ci = !(fz->avoid & FZ_AVOID_WAIT_RACE) && fz_pct(t, 60) ? 0 :
		     fz_below(t, FZ_POOL_CONS);
		c = &pl->cons[ci];
		pthread_mutex_lock(&pl->mu);
		snap = *c;
		pthread_mutex_unlock(&pl->mu);
	}
	fd = snap.fd;
	nr = snap.nr ? snap.nr : 8;
	if (fd < 0 && fz_pct(t, 90)) {
		fz_op_consumer_open(t);
		return;
	}
	if (fd < 0 || fz_pct(t, 3)) {
		fd = t->pfd[fz_below(t, 2)];	/* /dev/etw has no WAIT */
		priv = 2;
	}
	n = snap.nheld;
	rel = fz_good(t, 4 * (nr + 8));
	for (i = 0; i < n; i++)
		rel[i] = snap.held[i];
	if (fz_pct(t, priv == 1 ? 5 : ci == 0 ? 25 : 3)) {
		/*
		 * Not held, or twice.  On the shared consumer this also
		 * scribbles on what another thread's WAIT may be copying.
		 */
		rel[n] = fz_pct(t, 50) ? nr + fz_below(t, 100) :
			 (n ? rel[0] : nr);
		n++;
		e_list = EINVAL;
	}
	k.release_count = fz_pct(t, 95) ? n : fz_u32(t, nr);
	if (k.release_count > nr)
		e_pre = EINVAL;
	else if (k.release_count != n)
		e_list = 0;	/* some of them, or zeros: either answer */
	if (k.release_count)
		k.release = (uintptr_t)(k.release_count > nr + 8 ? fz_hole(t) :
			    fz_in(t, rel, 4 * k.release_count, 5, &rk));
	k.ready_max = fz_pct(t, 80) ? nr : fz_u32(t, nr);
	/* Room for any pool this descriptor may name by now (fd reuse). */
	ready = fz_out(t, 4 * 4097, 5, &dk);
	if (ci == 0 && !(fz->avoid & (FZ_AVOID_WAIT_RACE | FZ_AVOID_UFFD)) &&
	    fz_pct(t, 30)) {
		/* Stall the copy of the ready list while others WAIT. */
		dk = P_UFFD;
		ready = fz_place(t, P_UFFD, NULL, 4 * (nr + 1));
	}
	if (k.ready_max > 4097 && dk == P_GOOD)
		ready = fz_hole(t);	/* claims more than there is */
	k.ready = (uintptr_t)ready;
	k.timeout_ms = fz_pct(t, 75) ? 0 : fz_pct(t, 95) ? fz_below(t, 20) :
		       fz_u32(t, 100);
	k.flags = fz_pct(t, 30) ? ETW_WAIT_F_FLUSH : 0;
	switch (fz_below(t, 40)) {
	case 0: k.flags |= 1u << (1 + fz_below(t, 31)); e_pre = EINVAL; break;
	case 1: k.__reserved[0] = 1; e_pre = EINVAL; break;
	case 2: if (k.release_count) { k.release = 0; e_pre = EINVAL; } break;
	case 3: k.ready = 0; if (k.ready_max) e_pre = EINVAL; break;
	}
	/* A bad list is EINVAL only if the list reached the kernel. */
	e = e_pre ? e_pre :
	    (rk == P_GOOD || rk == P_UFFD || rk == P_RDONLY) ? e_list : 0;
	if (priv == 2)
		e = ENOTTY;
	fz_arg_make(t, &a, ETW_IOC_CONSUMER_WAIT, &k, sizeof(k), 4);
	if (priv == 2) {
		/* /dev/etw knows no 0x21, whatever the size. */
		a.size_expect = ENOTTY;
		a.tail_nonzero = 0;
	}
	if (ci == 0 && __atomic_fetch_add(&pl->hot_cons, 1, __ATOMIC_RELAXED))
		__atomic_add_fetch(&fz->wait_overlaps, 1, __ATOMIC_RELAXED);
	r = fz_run(t, OP_CONSUMER_WAIT, fd, &a, priv ? e : 0,
		   "flags, reserved, a bad release list, or not a consumer");
	if (ci == 0)
		__atomic_sub_fetch(&pl->hot_cons, 1, __ATOMIC_RELAXED);
	if (priv == 2)
		return;
	if (r == -EFAULT || r == -EINTR) {
		/*
		 * EINTR comes after the release; EFAULT before or after it
		 * (and after the fetch): which buffers we hold is unknown.
		 */
		if (!priv)
			pthread_mutex_lock(&pl->mu);
		if (c->fd == snap.fd && r == -EINTR)
			fz_held_remove(c, rel, k.release_count < n ?
				       k.release_count : n);
		else if (c->fd == snap.fd)
			c->nheld = 0;
		if (!priv)
			pthread_mutex_unlock(&pl->mu);
	}
	if (r < 0)
		return;
	/* Released: forget them, then take what was handed over. */
	if (!priv)
		pthread_mutex_lock(&pl->mu);
	if (c->fd == snap.fd)
		fz_held_remove(c, rel, k.release_count < n ? k.release_count : n);
	if (!priv)
		pthread_mutex_unlock(&pl->mu);
	if (!fz_out_ok(&a, r) || (dk != P_GOOD && dk != P_UFFD) ||
	    a.size < sizeof(k))
		return;
	memcpy(&k, a.kbuf, sizeof(k));
	if (k.ready_count > nr || k.ready_count > k.ready_max) {
		fz_violation(t, "CONSUMER_WAIT: %u ready of max %u, %u buffers",
			     k.ready_count, k.ready_max, nr);
		return;
	}
	if (!priv)
		pthread_mutex_lock(&pl->mu);
	for (i = 0; i < k.ready_count; i++) {
		uint32_t idx = ready[i], j;

		if (idx >= nr) {
			fz_violation(t, "CONSUMER_WAIT: buffer index %u of %u", idx, nr);
			continue;
		}
		for (j = 0; priv && j < c->nheld; j++)
			if (c->held[j] == idx)
				fz_violation(t, "CONSUMER_WAIT: buffer %u handed over twice",
					     idx);
		for (j = 0; j < i && ready[j] != idx; j++)
			;
		if (j < i) {
			fz_violation(t, "CONSUMER_WAIT: buffer %u twice in one ready list of %u",
				     idx, k.ready_count);
			break;
		}
		if (c->fd == snap.fd)
			fz_held_add(c, idx);
		/* A buffer we hold is sealed: its header names its size. */
		if (priv && c->map && *(uint32_t *)((uint8_t *)c->map +
					(size_t)idx * c->size) != c->size)
			fz_violation(t, "CONSUMER_WAIT: buffer %u header says %u bytes, not %u",
				     idx, *(uint32_t *)((uint8_t *)c->map +
							(size_t)idx * c->size),
				     c->size);
	}
	if (!priv)
		pthread_mutex_unlock(&pl->mu);
}

void fz_op_consumer_misc(struct fz_thread *t)
{
	struct fz_pool *pl = &t->p->pool;
	struct fz_cons *c = &t->pcons;
	uint32_t r = fz_below(t, 100);
	struct pollfd pf;
	size_t len;
	char b[16];
	void *p;
	long ret;
	int fd;

	if (c->fd < 0) {
		pthread_mutex_lock(&pl->mu);
		fd = pl->cons[fz_below(t, FZ_POOL_CONS)].fd;
		pthread_mutex_unlock(&pl->mu);
		pf.fd = fd;
		pf.events = POLLIN;
		ret = poll(&pf, 1, 0);
		fz_count(t, OP_CONS_POLL, ret < 0 ? -errno : 0);
		return;
	}
	if (r < 30) {
		pf.fd = c->fd;
		pf.events = POLLIN;
		ret = poll(&pf, 1, fz_pct(t, 90) ? 0 : 5);
		fz_count(t, OP_CONS_POLL, ret < 0 ? -errno : 0);
	} else if (r < 45) {
		/* A consumer descriptor has no read(). */
		ret = read(c->fd, b, sizeof(b)) < 0 ? -errno : 0;
		fz_count(t, OP_CONS_READ, ret);
		fz_expect(t, OP_CONS_READ, ret, EINVAL, "read of a consumer fd");
	} else if (r < 85) {
		int prot = PROT_READ, e = FZ_OK;
		off_t off = 0;

		len = (size_t)c->nr * c->size;
		if (len % PG)
			e = 0;	/* cons_map() reports that one */
		switch (fz_below(t, 5)) {
		case 0: len += PG; e = EINVAL; break;
		case 1: off = PG; e = EINVAL; break;
		case 2: prot |= PROT_WRITE; e = e ? EPERM : 0; break;
		case 3: len = PG; break;
		}
		if (len > (64UL << 20))
			return;
		p = mmap(NULL, len, prot, MAP_SHARED, c->fd, off);
		ret = p == MAP_FAILED ? -errno : 0;
		fz_count(t, OP_CONS_MMAP, ret);
		fz_expect(t, OP_CONS_MMAP, ret, e, "length %zu offset %ld prot %d",
			  len, (long)off, prot);
		if (!ret)
			munmap(p, len);
	} else {
		fz_count(t, OP_CONS_CLOSE, 0);
		fz_cons_close(t, c, FZ_OWN_PCONS(t));
	}
}

