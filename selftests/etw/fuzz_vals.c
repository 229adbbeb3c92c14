// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_test: the values calls are built from: numbers at the edges,
 * command numbers with fuzzed sizes, argument structs placed anywhere,
 * the run's provider and group GUIDs, session names (as recipes) and
 * log-file paths.
 */
#include <stdlib.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "fuzz.h"

#define PG 4096UL

uint32_t fz_u32(struct fz_thread *t, uint32_t limit)
{
	switch (fz_below(t, 12)) {
	case 0: return 0;
	case 1: return 1;
	case 2: return limit ? limit - 1 : 0;
	case 3: return limit;
	case 4: return limit + 1;
	case 5: return 0x7fffffff;
	case 6: return 0x80000000u;
	case 7: return 0xffffffffu;
	case 8: return 0xfffffffeu;
	case 9: return fz_below(t, 256);
	case 10: return limit ? fz_below(t, limit + 1) : 0;
	default: return (uint32_t)fz_rand(t);
	}
}

uint64_t fz_u64(struct fz_thread *t)
{
	switch (fz_below(t, 6)) {
	case 0: return 0;
	case 1: return ~0ULL;
	case 2: return 1ULL << 63;
	case 3: return fz_u32(t, 64);
	default: return fz_rand(t);
	}
}

void *fz_hole(struct fz_thread *t)
{
	return t->strad + PG - fz_below(t, 64);
}

static int readable(enum fz_ptr k)
{
	return k == P_GOOD || k == P_UFFD || k == P_RDONLY;
}

void fz_arg_make(struct fz_thread *t, struct fz_arg *a, unsigned long base,
		 const void *k, uint32_t known, uint32_t bad_pct)
{
	uint32_t n;
	uint8_t *buf;

	a->cmd = fz_cmd(t, base, &a->size_expect, &a->tail_nonzero, &a->size);
	n = a->size > known && a->size <= ETW_IOC_MAX_SIZE ? a->size : known;
	buf = fz_good(t, n);
	memcpy(buf, k, known);
	if (a->tail_nonzero)
		buf[known + fz_below(t, a->size - known)] = 1 + fz_below(t, 255);
	a->kind = fz_pick_ptr(t, bad_pct);
	if (a->kind == P_STRADDLE && n < 2)
		a->kind = P_GOOD;
	if ((a->kind == P_RDONLY || a->kind == P_UFFD) && n > PG)
		a->kind = P_GOOD;
	a->uptr = fz_place(t, a->kind, buf, n);
	a->kbuf = a->uptr;
	a->clean = !a->size_expect && !a->tail_nonzero &&
		   (a->kind == P_GOOD || a->kind == P_UFFD ||
		    (a->kind == P_RDONLY && !(_IOC_DIR(base) & _IOC_READ)));
	/* An older struct's size: the kernel sees the newer fields as 0. */
	if (a->size < known)
		a->clean = 0;
}

long fz_run(struct fz_thread *t, int op, int fd, struct fz_arg *a, int expect,
	    const char *why)
{
	long r = fz_call(t, op, fd, a->cmd, a->uptr);
	int e = 0;

	/* Shared descriptors may be closed and reused meanwhile: no oracle. */
	if (fd != t->pfd[0] && fd != t->pfd[1] && fd != t->pcons.fd)
		return r;
	if (a->size_expect && (!a->tail_nonzero || readable(a->kind)))
		e = a->size_expect;
	else if (a->clean)
		e = expect;
	if (e)
		fz_expect(t, op, r, e, "%s, size %u, ptr kind %d", why,
			  a->size, a->kind);
	return r;
}

int fz_out_ok(const struct fz_arg *a, long ret)
{
	return ret >= 0 && !a->size_expect && !a->tail_nonzero &&
	       (a->kind == P_GOOD || a->kind == P_UFFD);
}

/*
 * The first published size of @base's struct: sizeof today, but for the
 * structs that grew (uapi's ETW_*_SIZE_VER1).
 */
static uint32_t fz_ver0(unsigned long base)
{
	switch (_IOC_NR(base)) {
	case _IOC_NR(ETW_IOC_WRITE):
		return ETW_WRITE_SIZE_VER0;
	case _IOC_NR(ETW_IOC_TRACE_EVENT):
		return ETW_TRACE_EVENT_SIZE_VER0;
	case _IOC_NR(ETW_IOC_TRACE_MESSAGE):
		return ETW_TRACE_MESSAGE_SIZE_VER0;
	}
	return _IOC_SIZE(base);
}

unsigned long fz_cmd(struct fz_thread *t, unsigned long base, int *expect,
		     int *tail_nonzero, uint32_t *size)
{
	uint32_t known = _IOC_SIZE(base), dir = _IOC_DIR(base);
	uint32_t nr = _IOC_NR(base), r = fz_below(t, 100), sz = known;

	*expect = 0;
	*tail_nonzero = 0;
	if (r < 84) {
		sz = known;
	} else if (r < 88) {
		/*
		 * Below the first size is EINVAL; from it to today's, the
		 * older struct (the newer fields are zero here anyway).
		 */
		sz = fz_below(t, known);
		if (sz < fz_ver0(base))
			*expect = EINVAL;
	} else if (r < 95) {
		sz = known + 1 + (fz_pct(t, 70) ? fz_below(t, 64) :
				  fz_below(t, ETW_IOC_MAX_SIZE - known));
		*tail_nonzero = r >= 92;
		if (*tail_nonzero)
			*expect = E2BIG;	/* when the rest is clean */
	} else if (r < 97) {
		sz = ETW_IOC_MAX_SIZE + 1 +
		     fz_below(t, _IOC_SIZEMASK - ETW_IOC_MAX_SIZE);
		*expect = E2BIG;
	} else if (r < 99) {
		uint32_t d;

		do {
			d = fz_below(t, 4);
		} while (d == dir);
		dir = d;
		*expect = ENOTTY;
	} else {
		static const uint8_t unused[] = { 0x09, 0x0b, 0x1a, 0x1f, 0x22,
						  0x30, 0x7f, 0xff };

		nr = unused[fz_below(t, sizeof(unused))];
		*expect = ENOTTY;
	}
	*size = sz;
	return _IOC(dir, ETW_IOC_MAGIC, nr, sz);
}

/* ---- pools of values ------------------------------------------------------ */

void fz_guid_prov(uint8_t g[16], uint32_t i)
{
	memset(g, 0xF2, 16);
	memcpy(g + 4, &fz->run_id, 4);
	g[0] = (uint8_t)i;
}

void fz_guid_group(uint8_t g[16], uint32_t i)
{
	memset(g, 0xF3, 16);
	memcpy(g + 4, &fz->run_id, 4);
	g[0] = (uint8_t)i;
}

void fz_guid_pick(struct fz_thread *t, uint8_t g[16])
{
	uint32_t r = fz_below(t, 100);
	uint64_t a, b;

	if (r < 80) {
		fz_guid_prov(g, fz_below(t, FZ_NPROV));
	} else if (r < 90) {
		fz_guid_group(g, fz_below(t, FZ_NGROUP));
	} else if (r < 95) {
		memset(g, 0, 16);
	} else {
		a = fz_rand(t);
		b = fz_rand(t);
		memcpy(g, &a, 8);
		memcpy(g + 8, &b, 8);
		g[15] = 0xF4;	/* never one of the pools above */
	}
}

uint32_t fz_name_bytes(const struct fz_name *n, char *out)
{
	uint32_t len, i;

	len = snprintf(out, FZ_NAME_MAX, "fz%08x.p%u.s%u", fz->run_id,
		       n->proc, n->k);
	if (n->gen)
		len += snprintf(out + len, FZ_NAME_MAX - len, ".g%u", n->gen);
	switch (n->variant) {
	case 1:		/* the same name, other case */
		for (i = 0; i < len; i++)
			if (out[i] >= 'a' && out[i] <= 'z')
				out[i] -= 32;
		break;
	case 2:		/* the longest name */
		memset(out + len, 'x', ETW_MAX_NAME_BYTES - len);
		len = ETW_MAX_NAME_BYTES;
		break;
	case 3:		/* UTF-8 */
		len += snprintf(out + len, FZ_NAME_MAX - len, "-\xc3\xa9\xe2\x9c\x93");
		break;
	case 4:		/* an embedded NUL */
		out[3] = 0;
		break;
	case 5:		/* one byte too long */
		memset(out + len, 'y', FZ_NAME_MAX - len);
		len = ETW_MAX_NAME_BYTES + 1;
		break;
	case 6:		/* empty */
		len = 0;
		break;
	case 7:		/* the NT Kernel Logger (fuzz_ksys.c), not the run's */
		len = sprintf(out, "NT Kernel Logger");
		break;
	case 8:
		len = sprintf(out, "nt KERNEL logger");
		break;
	}
	if (n->len && n->len < len)
		len = n->len;
	return len;
}

struct fz_name fz_name_pick(struct fz_thread *t)
{
	struct fz_name n = { 0 };
	uint32_t r = fz_below(t, 100);

	n.proc = fz_pct(t, 85) ? t->p->index : fz_below(t, fz->nprocs);
	n.k = fz_below(t, 12);
	if (r >= 70)
		n.variant = 1 + fz_below(t, 6);
	if (fz_pct(t, 4))
		n.len = 3 + 4 * fz_below(t, 3);	/* a prefix: another name */
	return n;
}

/*
 * Would the kernel take these bytes as a name?  Judged on the bytes, not
 * the variant: a prefix (n->len) of a variant 4 or 5 name can be valid
 * ("fz1"), and a session started under it must be stopped at the end.
 */
int fz_name_valid(const struct fz_name *n)
{
	char buf[FZ_NAME_MAX + 1];
	uint32_t len = fz_name_bytes(n, buf);

	return len && len <= ETW_MAX_NAME_BYTES && !memchr(buf, 0, len);
}

void fz_name_started(const struct fz_name *n)
{
	uint32_t i, max = __atomic_load_n(&fz->nstarted, __ATOMIC_ACQUIRE);

	if (!fz_name_valid(n))
		return;		/* a name the kernel refuses */
	for (i = 0; i < max && i < FZ_MAX_STARTED; i++)
		if (!memcmp(&fz->started[i], n, sizeof(*n)))
			return;
	i = __atomic_fetch_add(&fz->nstarted, 1, __ATOMIC_ACQ_REL);
	if (i < FZ_MAX_STARTED)
		fz->started[i] = *n;
}

uint32_t fz_path(struct fz_thread *t, char *out, int *fifo, int *clean)
{
	uint32_t r = fz_below(t, 100), len;

	*fifo = 0;
	*clean = 0;
	if (r < 60) {
		*clean = 1;
		return sprintf(out, "%s/p%d-t%d-%d.etl", fz->tmpdir,
			       t->p->index, t->idx, t->log_seq++);
	}
	if (r < 66)
		return sprintf(out, "%s/p%d-t%d-%d-%%d.etl", fz->tmpdir,
			       t->p->index, t->idx, t->log_seq++);
	if (r < 72)
		return sprintf(out, "%s/p%d-t%d-%d.etl", fz->tmpdir,
			       t->p->index, fz_below(t, fz->nthreads),
			       fz_below(t, t->log_seq + 1));	/* maybe in use */
	if (r < 77)
		return sprintf(out, "%s/missing-dir/x.etl", fz->tmpdir);
	if (r < 80)
		return sprintf(out, "rel-%d.etl", t->idx);	/* relative */
	if (r < 82 && !(fz->avoid & FZ_AVOID_FIFO)) {
		*fifo = 1;
		return sprintf(out, "%s", fz->fifo);
	}
	if (r < 85) {
		static const char *const special[] = {
			"/proc/version", "/proc/self/comm", "/dev/null", "/",
		};
		return sprintf(out, "%s", special[fz_below(t, 4)]);
	}
	if (r < 88)
		return sprintf(out, "%s", fz->tmpdir);	/* a directory */
	if (r < 92) {
		/* a path at (or one past) the longest the ABI takes */
		len = ETW_MAX_PATH_BYTES + (fz_pct(t, 50) ? 1 : 0);
		memset(out, 'a', len);
		out[0] = '/';
		return len;
	}
	if (r < 96) {
		len = sprintf(out, "%s/nul-%d.etl", fz->tmpdir, t->idx);
		out[fz_below(t, len - 1) + 1] = 0;	/* an embedded NUL */
		return len;
	}
	return sprintf(out, "%s/p%d-t%d-%d-%%s%%n.etl", fz->tmpdir,
		       t->p->index, t->idx, t->log_seq++);
}

