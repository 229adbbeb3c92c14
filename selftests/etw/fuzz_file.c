// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_test: /dev/etw as a file: commands that do not exist, read(2) of
 * notifications, poll(2), mmap(2) of the enable map, and opening and
 * closing descriptors while other threads use them.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "fuzz.h"

#define PG 4096UL

void fz_op_bad_cmd(struct fz_thread *t)
{
	static const uint8_t magics[] = { ETW_IOC_MAGIC, ETW_IOC_MAGIC, 0xE6, 0xE8 };
	uint32_t nr, dir, size, magic = magics[fz_below(t, 4)];
	int fd = t->pfd[fz_below(t, 2)], priv = 1;
	long r;

	if (fz_pct(t, 20) && t->pcons.fd >= 0)
		fd = t->pcons.fd;	/* consumer fds know only WAIT */
	do {
		nr = fz_below(t, 256);
		dir = fz_below(t, 4);
		size = fz_pct(t, 80) ? fz_below(t, 256) : fz_below(t, 16384);
	} while (magic == ETW_IOC_MAGIC &&
		 ((fd != t->pcons.fd && nr <= 0x0F) ||
		  (fd != t->pcons.fd && nr >= 0x10 && nr <= 0x19) ||
		  nr == 0x20 || nr == 0x21));
	r = fz_call(t, OP_BAD_CMD, fd, _IOC(dir, magic, nr, size),
		    fz_place(t, fz_pick_ptr(t, 30), NULL, size));
	fz_expect(t, OP_BAD_CMD, r, priv ? ENOTTY : 0,
		  "command %02x:%02x dir %u size %u", magic, nr, dir, size);
}

/* ---- read, poll, mmap, open, close ------------------------------------------------------ */

void fz_op_read(struct fz_thread *t)
{
	static const uint32_t sizes[] = { 0, 1, 79, 80, 88, 4096, 65536,
					  ETW_NOTIFY_MAX_SIZE, 1 << 20 };
	int priv, fd = fz_fd_pick(t, &priv), nonblock = fd == t->pfd[1];
	struct pollfd pf = { .fd = fd, .events = POLLIN };
	uint32_t n = sizes[fz_below(t, 9)];
	enum fz_ptr k = P_GOOD;
	uint8_t *buf;
	ssize_t r;

	if (!nonblock && fz_pct(t, 95) && poll(&pf, 1, 0) != 1)
		return;
	buf = n > 70000 ? fz_hole(t) : fz_out(t, n ? n : 1, 5, &k);
	t->ts->cur_op = OP_READ;
	t->ts->call_start_ms = fz_now_ms();
	r = read(fd, buf, n);
	t->ts->call_start_ms = 0;
	fz_count(t, OP_READ, r < 0 ? -errno : 0);
	if (priv && n < sizeof(struct etw_notification) && k != P_KERNEL &&
	    k != P_NONCANON)
		fz_expect(t, OP_READ, r < 0 ? -errno : 0, EINVAL,
			  "a %u-byte buffer", n);
	if (r > 0 && k == P_GOOD && n <= 70000) {
		struct etw_notification *no = (void *)buf;
		ssize_t off = 0;
		uint64_t last = 0;

		while (off + (ssize_t)sizeof(*no) <= r) {
			no = (void *)(buf + off);
			if (no->size < sizeof(*no) || no->size % 8 ||
			    off + no->size > (size_t)r) {
				fz_violation(t, "read: notification of %u bytes at %zd of %zd",
					     no->size, off, r);
				return;
			}
			last = no->seq;
			off += no->size;
		}
		if (fz_pct(t, 80)) {
			struct etw_notify_ack ack = { .seq = last };

			fz_count(t, OP_NOTIFY_ACK,
				 ioctl(fd, ETW_IOC_NOTIFY_ACK, &ack) ? -errno : 0);
		}
	}
}

void fz_op_poll(struct fz_thread *t)
{
	struct fz_pool *pl = &t->p->pool;
	struct pollfd pf[6];
	int i, r;

	pf[0].fd = t->pfd[0];
	pf[1].fd = t->pfd[1];
	pf[2].fd = t->pcons.fd;
	pthread_mutex_lock(&pl->mu);
	pf[3].fd = pl->fd[fz_below(t, FZ_POOL_FDS)];
	pf[4].fd = pl->cons[fz_below(t, FZ_POOL_CONS)].fd;
	pthread_mutex_unlock(&pl->mu);
	pf[5].fd = -1;
	for (i = 0; i < 6; i++)
		pf[i].events = POLLIN | (fz_pct(t, 10) ? POLLOUT | POLLPRI : 0);
	r = poll(pf, 6, fz_pct(t, 90) ? 0 : fz_below(t, 20));
	fz_count(t, OP_POLL, r < 0 ? -errno : 0);
}

static void pool_map_add(struct fz_thread *t, void *addr, size_t len)
{
	struct fz_pool *pl = &t->p->pool;
	uint32_t i = fz_below(t, FZ_POOL_MAPS);
	void *old;
	size_t olen;

	pthread_mutex_lock(&pl->mu);
	old = pl->map[i].addr;
	olen = pl->map[i].len;
	pl->map[i].addr = addr;
	pl->map[i].len = len;
	pthread_mutex_unlock(&pl->mu);
	if (old)
		fz_count(t, OP_MUNMAP, munmap(old, olen) ? -errno : 0);
}

/*
 * A fresh mapping must be read-only for good: mprotect(PROT_WRITE)
 * fails with EACCES (the kernel took VM_MAYWRITE away).
 */
void fz_check_ro_map(struct fz_thread *t, int op, void *p, size_t len)
{
	int r = mprotect(p, len, PROT_READ | PROT_WRITE) ? -errno : 0;

	fz_expect(t, op, r, EACCES, "mprotect(PROT_WRITE) of a read-only map");
}

void fz_op_mmap(struct fz_thread *t)
{
	static const size_t lens[] = { PG, ETW_ENABLE_MAP_SIZE,
				       ETW_ENABLE_MAP_SIZE, ETW_ENABLE_MAP_SIZE + PG, 3 * PG };
	int priv, fd = fz_fd_pick(t, &priv), e = FZ_OK;
	size_t len = lens[fz_below(t, 5)];
	int prot = PROT_READ, flags = fz_pct(t, 90) ? MAP_SHARED : MAP_PRIVATE;
	off_t off = fz_pct(t, 95) ? 0 : PG * (1 + fz_below(t, 16));
	const struct etw_enable_slot *s;
	void *p;
	long r;
	int i;

	if (fz_pct(t, 8))
		prot |= fz_pct(t, 50) ? PROT_WRITE : PROT_EXEC;
	if (flags == MAP_PRIVATE && (prot & PROT_WRITE))
		flags = MAP_SHARED;
	if (off == ETW_MMAP_FAST_MAP && len <= ETW_FAST_MAP_SIZE)
		e = prot != PROT_READ ? EPERM : FZ_OK;	/* the fast map */
	else if (len > ETW_ENABLE_MAP_SIZE || off)
		e = EINVAL;
	else if (prot != PROT_READ)
		e = EPERM;
	t->ts->cur_op = OP_MMAP;
	p = mmap(NULL, len, prot, flags, fd, off);
	r = p == MAP_FAILED ? -errno : 0;
	fz_count(t, OP_MMAP, r);
	fz_expect(t, OP_MMAP, r, priv ? e : 0, "enable map, length %zu offset %ld prot %d",
		  len, (long)off, prot);
	if (r)
		return;
	if (prot == PROT_READ && flags == MAP_SHARED)
		fz_check_ro_map(t, OP_MMAP, p, len);
	/* The kernel publishes; reading any slot must work. */
	s = p;
	for (i = 0; i < 4; i++)
		(void)__atomic_load_n(&s[fz_below(t, len / sizeof(*s))].seq,
				      __ATOMIC_ACQUIRE);
	if (priv && fz_pct(t, 50))
		fz_count(t, OP_MUNMAP, munmap(p, len) ? -errno : 0);
	else
		pool_map_add(t, p, len);
}

void fz_op_open_close(struct fz_thread *t)
{
	struct fz_pool *pl = &t->p->pool;
	uint32_t r = fz_below(t, 100), i;
	int fd, j;

	if (r < 55) {
		/* Close a shared file whatever the other threads do with it. */
		i = fz_below(t, FZ_POOL_FDS);
		pthread_mutex_lock(&pl->mu);
		fd = pl->fd[i];
		pl->fd[i] = -1;
		pthread_mutex_unlock(&pl->mu);
		if (fd >= 0)
			fz_count(t, OP_CLOSE, fz_fd_close(t, fd, FZ_OWN_POOL_FD(i)));
		fz_pool_fd(t);
	} else if (r < 80) {
		i = fz_below(t, FZ_POOL_CONS);
		pthread_mutex_lock(&pl->mu);
		fd = pl->cons[i].fd;
		pl->cons[i].fd = -1;
		pthread_mutex_unlock(&pl->mu);
		if (fd >= 0)
			fz_count(t, OP_CONS_CLOSE,
				 fz_fd_close(t, fd, FZ_OWN_POOL_CONS(i)));
	} else if (r < 92) {
		/* Reopen a private file: its handles must be ENOENT now. */
		i = fz_below(t, 2);
		fz_stage_fd_closing(t, t->pfd[i]);
		fz_count(t, OP_CLOSE, fz_fd_close(t, t->pfd[i], FZ_OWN_PFD(t, i)));
		for (j = t->nreg - 1; j >= 0; j--)
			if (t->reg[j].fdi == (int)i)
				fz_reg_forget(t, t->reg[j].handle);
		t->pfd[i] = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC |
				 (i ? O_NONBLOCK : 0));
		fz_count(t, OP_OPEN, t->pfd[i] < 0 ? -errno : 0);
		fz_fd_own(t, t->pfd[i], FZ_OWN_PFD(t, i));
		if (t->pfd[i] < 0) {
			fz_violation(t, "reopening /dev/etw: %s", strerror(errno));
			t->pfd[i] = open("/dev/null", O_RDONLY | O_CLOEXEC);
		}
	} else {
		i = fz_below(t, FZ_POOL_MAPS);
		pthread_mutex_lock(&pl->mu);
		if (pl->map[i].addr) {
			fz_count(t, OP_MUNMAP,
				 munmap(pl->map[i].addr, pl->map[i].len) ? -errno : 0);
			pl->map[i].addr = NULL;
		}
		pthread_mutex_unlock(&pl->mu);
	}
}
