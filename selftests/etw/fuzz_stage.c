// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_test: the fast path (uapi linux/etw.h, "The fast path"):
 * STAGE_OPEN, SEAL and CLOSE with fuzzed arguments, the stage mapping
 * with fuzzed lengths, offsets and protections, and the writer's side of
 * the contract broken at random: bytes, head, busy and the records
 * themselves scribbled, then sealed, flushed or closed.  The oracles are
 * the ABI's: bad flags and reserved fields are EINVAL, an id that is no
 * stage of ours ENOENT, an executable or longer mapping fails; the
 * module must survive all the rest (the kernel log is checked).
 */
#include <errno.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"

#define PG	((size_t)getpagesize())

/* One stage of this thread: the last one opened, or none. */
static __thread struct {
	int fd;
	uint32_t id;
	struct etw_stage_meta *m;
	size_t len;
} st = { .fd = -1 };

static void stage_unmap(struct fz_thread *t)
{
	if (st.m)
		fz_count(t, OP_MUNMAP, munmap(st.m, st.len) ? -errno : 0);
	st.m = NULL;
}

/*
 * The thread is about to close @fd and open another file: a stage on it
 * is gone with it (the mapping keeps the old file, but the number will
 * name another one, perhaps not /dev/etw at all, and SEAL or CLOSE on it
 * would be judged by the wrong oracle).
 */
void fz_stage_fd_closing(struct fz_thread *t, int fd)
{
	if (st.fd != fd)
		return;
	stage_unmap(t);
	st.fd = -1;
}

static void op_open(struct fz_thread *t)
{
	struct etw_stage_open k = { 0 };
	struct fz_arg a;
	int fdi = fz_below(t, 2), fd = t->pfd[fdi], e = 0, i;
	long r;

	k.logger_id = (uint32_t)(fz_pct(t, 80) ? 1 + fz_below(t, ETW_MAX_SESSIONS) :
				 fz_u64(t));
	for (i = 0; i < FZ_PRIV_SESS && fz_pct(t, 70); i++)
		if (t->sess[i].live && t->sess[i].logger)
			k.logger_id = t->sess[i].logger;
	if (fz_pct(t, 5))
		k.flags = 1u << fz_below(t, 32);
	if (fz_pct(t, 5))
		k.__reserved[fz_below(t, 2)] = fz_u64(t) | 1;
	if (fz_pct(t, 3))
		k.id = 1 + fz_below(t, 8);
	if (k.flags || k.__reserved[0] || k.__reserved[1] || k.id ||
	    k.logger_id < 1 || k.logger_id > ETW_MAX_SESSIONS)
		e = EINVAL;
	fz_arg_make(t, &a, ETW_IOC_STAGE_OPEN, &k, sizeof(k), 4);
	r = fz_run(t, OP_STAGE_OPEN, fd, &a, e, "bad flags, reserved, id or logger");
	if (r || !fz_out_ok(&a, r))
		return;
	memcpy(&k, a.kbuf, sizeof(k));
	stage_unmap(t);
	st.fd = fd;
	st.id = k.id;
	st.len = k.map_size;
	t->ts->cur_op = OP_STAGE_MMAP;
	st.m = mmap(NULL, st.len, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		    (off_t)k.mmap_offset);
	r = st.m == MAP_FAILED ? -errno : 0;
	fz_count(t, OP_STAGE_MMAP, r);
	/* a stage may close (its session stopped) between the two calls */
	if (r)
		st.m = NULL;
	if (st.m && (st.m->version != ETW_STAGE_VERSION ||
		     st.m->data_offset + (size_t)st.m->data_size > st.len))
		fz_violation(t, "stage meta page: version %u data %u+%u in %zu",
			     st.m->version, st.m->data_offset,
			     st.m->data_size, st.len);
}

/* Mappings the ABI refuses: executable, longer, misplaced. */
static void op_bad_map(struct fz_thread *t)
{
	off_t off = (off_t)(ETW_MMAP_STAGE_BASE +
			    (uint64_t)st.id * ETW_STAGE_MMAP_STRIDE);
	void *p;
	long r;
	int how = fz_below(t, 3);

	if (!st.m)
		return;
	t->ts->cur_op = OP_STAGE_MMAP;
	if (how == 0)
		p = mmap(NULL, st.len, PROT_READ | PROT_EXEC, MAP_SHARED, st.fd,
			 off);
	else if (how == 1)
		p = mmap(NULL, st.len + PG, PROT_READ, MAP_SHARED, st.fd, off);
	else
		p = mmap(NULL, PG, PROT_READ, MAP_SHARED, st.fd, off + PG);
	r = p == MAP_FAILED ? -errno : 0;
	fz_count(t, OP_STAGE_MMAP, r);
	if (!r) {
		fz_violation(t, "stage mapping %d accepted", how);
		munmap(p, how == 1 ? st.len + PG : how ? PG : st.len);
	}
}

/* The writer's side of the contract, broken. */
static void op_scribble(struct fz_thread *t)
{
	uint8_t *d;
	uint32_t n, i;

	if (!st.m || st.m->data_size == 0)
		return;
	d = (uint8_t *)st.m + st.m->data_offset;
	n = fz_below(t, 64);
	for (i = 0; i < n; i++)
		d[fz_below(t, st.m->data_size)] = (uint8_t)fz_rand(t);
	if (fz_pct(t, 30)) {	/* a record prefix that lies */
		struct etw_stage_rec *pre = (void *)(d + 8 * fz_below(t,
						     st.m->data_size / 8 - 2));

		pre->size = (uint16_t)fz_rand(t);
		pre->slot = (uint16_t)fz_below(t, ETW_MAX_REGS_PER_FD + 2);
		pre->cpu = (uint16_t)fz_rand(t);
		pre->flags = fz_pct(t, 80) ? 0 : (uint16_t)fz_rand(t);
		pre->timestamp = fz_u64(t);
	}
	switch (fz_below(t, 4)) {
	case 0:
		st.m->head = 8 * (uint64_t)fz_below(t, st.m->data_size / 8 + 2);
		break;
	case 1:
		st.m->head = fz_u64(t);
		break;
	case 2:
		st.m->busy = (uint32_t)fz_rand(t);
		break;
	default:
		st.m->tail = fz_u64(t);	/* the module's copy is its own */
		break;
	}
}

static void op_ctl(struct fz_thread *t, int close_it)
{
	struct etw_stage_ctl k = { 0 };
	struct fz_arg a;
	int fd = st.m ? st.fd : t->pfd[fz_below(t, 2)], e = 0;
	long r;

	k.id = st.m && fz_pct(t, 85) ? st.id : fz_u32(t, ETW_MAX_STAGES_PER_FD);
	if (fz_pct(t, 4))
		k.flags = 1u << fz_below(t, 32);
	if (fz_pct(t, 4))
		k.__reserved = fz_u64(t) | 1;
	if (k.flags || k.__reserved)
		e = EINVAL;
	else if (k.id >= ETW_MAX_STAGES_PER_FD)
		e = ENOENT;
	fz_arg_make(t, &a, close_it ? ETW_IOC_STAGE_CLOSE : ETW_IOC_STAGE_SEAL,
		    &k, sizeof(k), 4);
	r = fz_run(t, close_it ? OP_STAGE_CLOSE : OP_STAGE_SEAL, fd, &a, e,
		   "bad flags, reserved or id");
	if (close_it && !r && st.m && k.id == st.id)
		stage_unmap(t);
}

void fz_op_stage(struct fz_thread *t)
{
	switch (fz_below(t, 8)) {
	case 0:
	case 1:
		op_open(t);
		break;
	case 2:
		op_bad_map(t);
		break;
	case 3:
	case 4:
		op_scribble(t);
		break;
	case 5:
	case 6:
		op_ctl(t, 0);
		break;
	default:
		op_ctl(t, 1);
		break;
	}
}
