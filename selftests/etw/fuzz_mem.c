// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_test: where the arguments live.
 *
 * Every pointer the fuzzer hands the kernel (the argument struct, and
 * the buffers it points to) is placed by one of these kinds:
 *
 *   P_GOOD      ordinary memory (sometimes misaligned)
 *   P_NULL      0
 *   P_UNMAPPED  an address in a PROT_NONE region
 *   P_RDONLY    a read-only alias of a page we filled: reads work, the
 *               kernel's writes fault
 *   P_STRADDLE  the object starts near the end of a page followed by a
 *               PROT_NONE page: the first bytes work, the rest faults
 *   P_KERNEL    a kernel address
 *   P_NONCANON  a non-canonical address
 *   P_UFFD      a page registered with userfaultfd: the kernel's access
 *               blocks until the process's handler thread fills it, after
 *               a random delay (0 to 300 ms), with the bytes the fuzzer
 *               meant to pass.  This is how windows such as "a copy to
 *               user space after dropping a lock" are held open.
 *
 * A stalled page is armed again (MADV_DONTNEED) after each call.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include "fuzz.h"

#define PG		4096UL
#define GOOD_BYTES	(1024UL * 1024)

static uint8_t *uffd_base;	/* FZ_MAX_THREADS * FZ_UFFD_PAGES pages */
static uint8_t *uffd_shadow;

int fz_mem_proc_init(struct fz_proc *p)
{
	size_t n = (size_t)FZ_MAX_THREADS * FZ_UFFD_PAGES * PG;

	p->unmapped = mmap(NULL, 16 * PG, PROT_NONE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p->unmapped == MAP_FAILED)
		return -1;
	uffd_base = mmap(NULL, n, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uffd_shadow = mmap(NULL, n, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (uffd_base == MAP_FAILED || uffd_shadow == MAP_FAILED)
		return -1;
	p->uffd = -1;
	if (!(fz->avoid & FZ_AVOID_UFFD)) {
		struct uffdio_api api = { .api = UFFD_API };
		struct uffdio_register reg = {
			.range = { .start = (uintptr_t)uffd_base, .len = n },
			.mode = UFFDIO_REGISTER_MODE_MISSING,
		};
		int fd = syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK);

		if (fd < 0)
			return -1;
		/* Far above the numbers /dev/etw files get (see fuzz_test.c). */
		p->uffd = fcntl(fd, F_DUPFD_CLOEXEC, 1000);
		close(fd);
		if (p->uffd < 0 || ioctl(p->uffd, UFFDIO_API, &api) ||
		    ioctl(p->uffd, UFFDIO_REGISTER, &reg))
			return -1;
	}
	return 0;
}

void fz_mem_proc_fini(struct fz_proc *p)
{
	if (p->uffd >= 0)
		close(p->uffd);
}

/* Resolves faults on the stalled pages after a random delay. */
static void *uffd_main(void *arg)
{
	struct fz_proc *p = arg;
	struct fz_thread rt = { .rng = p->uffd_rng };

	while (!p->done) {
		struct pollfd pf = { .fd = p->uffd, .events = POLLIN };
		struct uffd_msg msg;
		struct uffdio_copy cp;
		uint64_t page, ms, t0;

		if (poll(&pf, 1, 50) <= 0)
			continue;
		if (read(p->uffd, &msg, sizeof(msg)) != sizeof(msg))
			continue;
		if (msg.event != UFFD_EVENT_PAGEFAULT)
			continue;
		page = (msg.arg.pagefault.address - (uintptr_t)uffd_base) / PG;
		switch (fz_below(&rt, 10)) {
		case 0: case 1: case 2: case 3: case 4: case 5:
			ms = fz_below(&rt, 3);
			break;
		case 6: case 7: case 8:
			ms = 2 + fz_below(&rt, 30);
			break;
		default:
			ms = 50 + fz_below(&rt, 250);
			break;
		}
		t0 = fz_now_ms();
		if (ms) {
			struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

			nanosleep(&ts, NULL);
		}
		cp.dst = (uintptr_t)uffd_base + page * PG;
		cp.src = (uintptr_t)uffd_shadow + page * PG;
		cp.len = PG;
		cp.mode = 0;
		cp.copy = 0;
		ioctl(p->uffd, UFFDIO_COPY, &cp);	/* EEXIST: someone was first */
		__atomic_add_fetch(&fz->uffd_stalls, 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&fz->stalled_ms, fz_now_ms() - t0,
				   __ATOMIC_RELAXED);
	}
	return NULL;
}

int fz_uffd_start(struct fz_proc *p)
{
	if (p->uffd < 0)
		return 0;
	return pthread_create(&p->uffd_thread, NULL, uffd_main, p);
}

int fz_mem_thread_init(struct fz_thread *t)
{
	int mfd;

	t->good = mmap(NULL, GOOD_BYTES, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	t->strad = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (t->good == MAP_FAILED || t->strad == MAP_FAILED ||
	    mprotect(t->strad + PG, PG, PROT_NONE))
		return -1;
	mfd = memfd_create("fz-alias", MFD_CLOEXEC);
	if (mfd < 0 || ftruncate(mfd, PG))
		return -1;
	t->rw_alias = mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
	t->ro_alias = mmap(NULL, PG, PROT_READ, MAP_SHARED, mfd, 0);
	close(mfd);
	if (t->rw_alias == MAP_FAILED || t->ro_alias == MAP_FAILED)
		return -1;
	t->uffd_area = uffd_base + (size_t)t->idx * FZ_UFFD_PAGES * PG;
	t->uffd_shadow = uffd_shadow + (size_t)t->idx * FZ_UFFD_PAGES * PG;
	t->good_used = 0;
	t->uffd_used = 0;
	return 0;
}

void fz_mem_thread_fini(struct fz_thread *t)
{
	munmap(t->good, GOOD_BYTES);
	munmap(t->strad, 2 * PG);
	munmap(t->rw_alias, PG);
	munmap(t->ro_alias, PG);
}

void fz_mem_reset(struct fz_thread *t)
{
	uint32_t i;

	for (i = 0; i < FZ_UFFD_PAGES; i++) {
		if (!(t->uffd_used & (1u << i)))
			continue;
		/* Arm the page again: the next access faults and stalls. */
		madvise(t->uffd_area + i * PG, PG, MADV_DONTNEED);
		memset(t->uffd_shadow + i * PG, 0, PG);
	}
	t->uffd_used = 0;
	t->good_used = 0;
}

void *fz_good(struct fz_thread *t, size_t len)
{
	size_t at = (t->good_used + 15) & ~15UL;
	uint8_t *p;

	if (at + len + 16 > GOOD_BYTES)
		at = 0;		/* wrap: only this call's objects matter */
	/* Sometimes misaligned: the kernel must not care. */
	if (fz_pct(t, 5))
		at += 1 + fz_below(t, 7);
	p = t->good + at;
	memset(p, 0, len);
	t->good_used = at + len;
	return p;
}

enum fz_ptr fz_pick_ptr(struct fz_thread *t, uint32_t bad_pct)
{
	if (!(fz->avoid & FZ_AVOID_UFFD) && fz_pct(t, 3))
		return P_UFFD;
	if (!fz_pct(t, bad_pct))
		return P_GOOD;
	return (enum fz_ptr)(P_NULL + fz_below(t, P_UFFD - P_NULL));
}

static uint8_t *uffd_slot(struct fz_thread *t, size_t len, size_t *off)
{
	uint32_t i;

	if (len > PG || t->p->uffd < 0)
		return NULL;
	for (i = 0; i < FZ_UFFD_PAGES; i++) {
		if (t->uffd_used & (1u << i))
			continue;
		t->uffd_used |= 1u << i;
		*off = len < PG ? fz_below(t, (uint32_t)(PG - len + 1)) & ~7UL : 0;
		return t->uffd_shadow + i * PG;
	}
	return NULL;
}

void *fz_place(struct fz_thread *t, enum fz_ptr kind, const void *src,
	       size_t len)
{
	uint8_t *p, *shadow;
	size_t off, k;

	switch (kind) {
	case P_NULL:
		return NULL;
	case P_UNMAPPED:
		return t->p->unmapped + fz_below(t, 16 * PG - 64);
	case P_KERNEL:
		return (void *)(uintptr_t)(fz_pct(t, 50) ?
			0xffffffff81000000ULL + fz_below(t, 1 << 24) :
			0xffff888000000000ULL + (fz_rand(t) & 0xffffffff0ULL));
	case P_NONCANON:
		return (void *)(uintptr_t)(0x0000800000000000ULL +
					   (fz_rand(t) & 0xffffffff0ULL));
	case P_RDONLY:
		if (len > PG)
			break;
		off = len < PG ? fz_below(t, (uint32_t)(PG - len + 1)) : 0;
		if (src)
			memcpy(t->rw_alias + off, src, len);
		else
			memset(t->rw_alias + off, 0, len);
		return t->ro_alias + off;
	case P_STRADDLE:
		if (len < 2 || len > PG)
			break;
		/* k bytes fit before the hole, the rest would not. */
		k = 1 + fz_below(t, (uint32_t)len - 1);
		p = t->strad + PG - k;
		if (src)
			memcpy(p, src, k);
		return p;
	case P_UFFD:
		shadow = uffd_slot(t, len, &off);
		if (!shadow)
			break;
		if (src)
			memcpy(shadow + off, src, len);
		return t->uffd_area + (shadow - t->uffd_shadow) + off;
	default:
		break;
	}
	p = fz_good(t, len ? len : 1);
	if (src)
		memcpy(p, src, len);
	return p;
}

void *fz_in(struct fz_thread *t, const void *src, size_t len, uint32_t bad_pct,
	    enum fz_ptr *kind)
{
	enum fz_ptr k = fz_pick_ptr(t, bad_pct);

	/* Read-only memory is fine for input: treat it as good. */
	if ((k == P_RDONLY || k == P_STRADDLE || k == P_UFFD) && len > PG)
		k = P_GOOD;
	if (k == P_STRADDLE && len < 2)
		k = P_GOOD;
	if (kind)
		*kind = k;
	return fz_place(t, k, src, len);
}

void *fz_out(struct fz_thread *t, size_t len, uint32_t bad_pct,
	     enum fz_ptr *kind)
{
	return fz_in(t, NULL, len, bad_pct, kind);
}
