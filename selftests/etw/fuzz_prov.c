// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_test: the provider side of /dev/etw (REGISTER, UNREGISTER,
 * SET_INFO, NOTIFY_ACK, WRITE, TRACE_EVENT, TRACE_MESSAGE, NEW_IDS,
 * GET_INFO), group ACLs and QUERY_GUIDS.
 *
 * Each operation builds a valid argument from live state most of the
 * time, then mutates it; where one mutation alone decides the answer and
 * the call is otherwise clean, the answer is checked (fz_run).
 */
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "fuzz.h"

#define PG 4096UL

/* ---- descriptors ------------------------------------------------------------- */

int fz_pool_fd(struct fz_thread *t)
{
	struct fz_pool *pl = &t->p->pool;
	uint32_t i = fz_below(t, FZ_POOL_FDS);
	int fd;

	pthread_mutex_lock(&pl->mu);
	if (pl->fd[i] < 0) {
		pl->fd[i] = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC |
				 (fz_pct(t, 50) ? O_NONBLOCK : 0));
		fz_count(t, OP_OPEN, pl->fd[i] < 0 ? -errno : 0);
		fz_fd_own(t, pl->fd[i], FZ_OWN_POOL_FD(i));
	}
	fd = pl->fd[i];
	pthread_mutex_unlock(&pl->mu);
	return fd;
}

int fz_fd_pick(struct fz_thread *t, int *priv)
{
	if (fz_pct(t, 75)) {
		*priv = 1;
		return t->pfd[fz_below(t, 2)];
	}
	*priv = 0;
	return fz_pool_fd(t);
}

/* A registration handle: mostly a live one of @fd's, else anything. */
static uint64_t reg_pick(struct fz_thread *t, int fdi, int *kind,
			 struct fz_reg **reg)
{
	struct fz_pool *pl = &t->p->pool;
	uint32_t r = fz_below(t, 100), i;
	uint64_t h;

	*reg = NULL;
	*kind = 0;	/* 0 unknown, 1 live on this fd, 2 certainly ENOENT */
	if (r < 65 && t->nreg) {
		for (i = 0; i < 4; i++) {
			struct fz_reg *g = &t->reg[fz_below(t, t->nreg)];

			if (g->fdi == fdi) {
				*reg = g;
				*kind = 1;
				return g->handle;
			}
		}
	}
	if (r < 78 && t->stale_reg[0]) {
		*kind = 2;
		return t->stale_reg[fz_below(t, FZ_STALE)] ?: t->stale_reg[0];
	}
	if (r < 86 && fdi == 0 && t->other_file_reg) {
		*kind = 2;	/* a live handle of the other file */
		return t->other_file_reg;
	}
	if (r < 93) {
		pthread_mutex_lock(&pl->mu);
		h = pl->reg[fz_below(t, FZ_POOL_REGS)].handle;
		pthread_mutex_unlock(&pl->mu);
		return h;
	}
	if (r < 96) {
		*kind = 2;	/* a slot number with generation 0 */
		return 1 + fz_below(t, 8);
	}
	return fz_u64(t);
}

void fz_reg_forget(struct fz_thread *t, uint64_t handle)
{
	int i;

	for (i = 0; i < t->nreg; i++) {
		if (t->reg[i].handle != handle)
			continue;
		t->stale_reg[fz_below(t, FZ_STALE)] = handle;
		if (t->other_file_reg == handle)
			t->other_file_reg = 0;
		t->reg[i] = t->reg[--t->nreg];
		return;
	}
}

/* ---- GET_INFO, NEW_IDS -------------------------------------------------------- */

void fz_op_get_info(struct fz_thread *t)
{
	struct etw_info k = { 0 };
	struct fz_arg a;
	int priv, fd = fz_fd_pick(t, &priv), mut = 0;
	long r;

	if (fz_pct(t, 5)) {
		k.flags = 1u << fz_below(t, 32);
		mut = 1;
	} else if (fz_pct(t, 5)) {
		k.__reserved[fz_below(t, 3)] = fz_u64(t) | 1;
		mut = 1;
	} else if (fz_pct(t, 3)) {	/* output-only fields, 0 on input */
		if (fz_pct(t, 50))
			k.fast_max_record = 1 + fz_below(t, 100);
		else
			k.max_stages_per_fd = 1 + fz_below(t, 100);
		mut = 1;
	}
	fz_arg_make(t, &a, ETW_IOC_GET_INFO, &k, sizeof(k), 8);
	r = fz_run(t, OP_GET_INFO, fd, &a, !priv ? 0 : mut ? EINVAL : FZ_OK,
		   mut ? "unknown flag or reserved bits" : "clean");
	if (priv && fz_out_ok(&a, r) && a.size == sizeof(k)) {
		struct etw_info *o = a.kbuf;

		if (o->abi_version != ETW_ABI_VERSION || o->page_size != PG ||
		    o->size != sizeof(k) || o->max_sessions != ETW_MAX_SESSIONS)
			fz_violation(t, "GET_INFO: abi %u page %u size %u max_sessions %u",
				     o->abi_version, o->page_size, o->size,
				     o->max_sessions);
	}
}

void fz_op_new_ids(struct fz_thread *t)
{
	struct etw_new_ids k = { 0 };
	struct fz_arg a;
	int priv, fd = fz_fd_pick(t, &priv), mut = 0;
	long r;

	k.count = fz_pct(t, 80) ? 1 + fz_below(t, 64) : fz_u32(t, 65536);
	if (k.count == 0 || k.count > 65536)
		mut = 1;
	switch (fz_below(t, 25)) {
	case 0: k.__pad = 1; mut = 1; break;
	case 1: k.first = fz_u64(t) | 1; mut = 1; break;
	case 2: k.boot_id = fz_u64(t) | 1; mut = 1; break;
	case 3: k.__reserved = 1; mut = 1; break;
	}
	fz_arg_make(t, &a, ETW_IOC_NEW_IDS, &k, sizeof(k), 8);
	r = fz_run(t, OP_NEW_IDS, fd, &a, !priv ? 0 : mut ? EINVAL : FZ_OK,
		   mut ? "count 0 or > 65536, or non-zero in-fields" : "clean");
	if (fz_out_ok(&a, r) && a.size == sizeof(k) &&
	    ((struct etw_new_ids *)a.kbuf)->first == 0)
		fz_violation(t, "NEW_IDS: first id 0");
}

/* ---- REGISTER, UNREGISTER ------------------------------------------------------ */

void fz_op_register(struct fz_thread *t)
{
	struct fz_pool *pl = &t->p->pool;
	struct etw_register k = { 0 };
	struct fz_arg a;
	int priv, fdi = fz_below(t, 2), fd, mut = 0;
	long r;

	if (fz_pct(t, 75)) {
		priv = 1;
		fd = t->pfd[fdi];
		if (t->nreg >= FZ_PRIV_REGS) {
			fz_op_unregister(t);
			return;
		}
	} else {
		priv = 0;
		fd = fz_pool_fd(t);
	}
	fz_guid_pick(t, k.guid);
	k.flags = fz_below(t, 4) & (fz_pct(t, 70) ? ETW_REG_F_CALLBACK : 3);
	switch (fz_below(t, 30)) {
	case 0: k.flags |= 1u << (2 + fz_below(t, 30)); mut = 1; break;
	case 1: k.slot = 1 + fz_below(t, 10); mut = 1; break;
	case 2: k.handle = fz_u64(t) | 1; mut = 1; break;
	case 3: k.notify_seq = 1; mut = 1; break;
	case 4: k.__reserved[fz_below(t, 2)] = 1; mut = 1; break;
	}
	fz_arg_make(t, &a, ETW_IOC_REGISTER, &k, sizeof(k), 6);
	r = fz_run(t, OP_REGISTER, fd, &a, !priv ? 0 : mut ? EINVAL : FZ_OK,
		   mut ? "unknown flag, in-fields or reserved bits" : "clean");
	if (!fz_out_ok(&a, r) || a.size < sizeof(k))
		return;
	memcpy(&k, a.kbuf, sizeof(k));
	if (!k.handle) {
		fz_violation(t, "REGISTER: handle 0");
		return;
	}
	if (priv) {
		struct fz_reg *g = &t->reg[t->nreg++];

		g->fdi = fdi;
		g->traits = 0;
		g->handle = k.handle;
		g->flags = k.flags;
		memcpy(g->guid, k.guid, 16);
		if (fdi == 1 && fz_pct(t, 30))
			t->other_file_reg = k.handle;
	} else {
		uint32_t i = fz_below(t, FZ_POOL_REGS);

		pthread_mutex_lock(&pl->mu);
		pl->reg[i].fd = fd;
		pl->reg[i].handle = k.handle;
		pthread_mutex_unlock(&pl->mu);
	}
}

void fz_op_unregister(struct fz_thread *t)
{
	struct etw_unregister k = { 0 };
	struct fz_reg *g;
	struct fz_arg a;
	int priv, fdi = fz_below(t, 2), fd, kind, mut = 0, e = 0;
	long r;

	priv = fz_pct(t, 85);
	fd = priv ? t->pfd[fdi] : fz_pool_fd(t);
	k.handle = reg_pick(t, fdi, &kind, &g);
	if (fz_pct(t, 4)) {
		k.__reserved = fz_u64(t) | 1;
		mut = 1;
	}
	if (priv)
		e = mut ? EINVAL : kind == 1 ? FZ_OK : kind == 2 ? ENOENT : 0;
	fz_arg_make(t, &a, ETW_IOC_UNREGISTER, &k, sizeof(k), 6);
	r = fz_run(t, OP_UNREGISTER, fd, &a, e,
		   mut ? "reserved bits" : kind == 1 ? "a live handle" :
		   "a stale handle, another file's, or generation 0");
	if (r == 0 && priv && kind == 1)
		fz_reg_forget(t, k.handle);
}

/* ---- SET_INFO ---------------------------------------------------------------------- */

/* A traits blob (seed 004): valid, or broken in one way. */
static uint32_t traits_blob(struct fz_thread *t, uint8_t *b, int *valid,
			    int *group)
{
	uint32_t n = 2, len, i;
	uint8_t g[16];

	*valid = 1;
	*group = 0;
	len = fz_pct(t, 90) ? 1 + fz_below(t, 12) : fz_below(t, 1000);
	for (i = 0; i < len; i++)
		b[n++] = 'a' + fz_below(t, 26);
	b[n++] = 0;
	if (fz_pct(t, 40)) {
		*group = 1;
		fz_guid_group(g, fz_below(t, FZ_NGROUP));
		b[n] = 19; b[n + 1] = 0; b[n + 2] = ETW_TRAIT_TYPE_GROUP;
		memcpy(b + n + 3, g, 16);
		n += 19;
	}
	if (fz_pct(t, 20)) {
		fz_guid_prov(g, fz_below(t, FZ_NPROV));
		b[n] = 19; b[n + 1] = 0; b[n + 2] = ETW_TRAIT_TYPE_DECODE_GUID;
		memcpy(b + n + 3, g, 16);
		n += 19;
	}
	switch (fz_below(t, 12)) {
	case 0:	/* a second group */
		b[n] = 19; b[n + 1] = 0; b[n + 2] = ETW_TRAIT_TYPE_GROUP;
		n += 19;
		*valid = !*group;
		*group = 1;
		break;
	case 1:	/* a trait of type 0 */
		b[n] = 3; b[n + 1] = 0; b[n + 2] = 0;
		n += 3;
		*valid = 0;
		break;
	case 2:	/* a trait whose size runs past the end */
		b[n] = 40; b[n + 1] = 0; b[n + 2] = 7;
		n += 3;
		*valid = 0;
		break;
	case 3:	/* the name not terminated */
		n--;
		b[n++] = 'z';
		if (*group || n > 2 + len + 1)
			break;
		*valid = 0;
		break;
	}
	b[0] = n & 0xff;
	b[1] = n >> 8;
	if (fz_pct(t, 5)) {	/* TraitsSize disagrees */
		b[0] ^= 1 + fz_below(t, 255);
		*valid = 0;
	}
	return n;
}

void fz_op_set_info(struct fz_thread *t)
{
	static const uint32_t classes[] = {
		ETW_INFO_SET_TRAITS, ETW_INFO_SET_TRAITS, ETW_INFO_SET_TRAITS,
		ETW_INFO_USE_DESCRIPTOR_TYPE, ETW_INFO_BINARY_TRACK, 1, 4,
		0x7fffffff,
	};
	struct etw_set_info k = { 0 };
	uint8_t *blob = fz_good(t, 70000), one = fz_below(t, 3);
	struct fz_reg *g;
	struct fz_arg a;
	enum fz_ptr dk = P_GOOD;
	int fdi = fz_below(t, 2), fd = t->pfd[fdi], kind, valid = 0, group;
	int e = 0;
	uint32_t len;
	long r;

	k.handle = reg_pick(t, fdi, &kind, &g);
	k.info_class = classes[fz_below(t, 8)];
	if (k.info_class == ETW_INFO_SET_TRAITS) {
		len = traits_blob(t, blob, &valid, &group);
		if (fz_pct(t, 5)) {
			len = fz_u32(t, ETW_MAX_TRAITS_SIZE);
			valid = 0;
			if (len > 70000)
				k.data = (uintptr_t)fz_hole(t);
		}
		k.length = len;
		if (!k.data)
			k.data = (uintptr_t)fz_in(t, blob, len > 70000 ? 0 : len,
						  6, &dk);
	} else {
		k.length = fz_pct(t, 85) ? 1 : fz_u32(t, 2);
		k.data = (uintptr_t)fz_in(t, &one, 1, 6, &dk);
	}
	if (fz_pct(t, 3))
		k.__reserved = 1;
	if (k.__reserved)
		e = EINVAL;
	else if (k.length && !k.data)
		e = EINVAL;
	else if (k.info_class != ETW_INFO_SET_TRAITS &&
		 k.info_class != ETW_INFO_USE_DESCRIPTOR_TYPE &&
		 k.info_class != ETW_INFO_BINARY_TRACK)
		e = EOPNOTSUPP;
	else if (k.info_class == ETW_INFO_BINARY_TRACK && kind)
		e = kind == 1 ? FZ_OK : ENOENT;
	else if (k.info_class == ETW_INFO_SET_TRAITS && valid && kind == 1 &&
		 g->traits && (dk == P_GOOD || dk == P_RDONLY))
		e = EEXIST;	/* seed 004, rule 2: set once */
	fz_arg_make(t, &a, ETW_IOC_SET_INFO, &k, sizeof(k), 6);
	r = fz_run(t, OP_SET_INFO, fd, &a, e, "class, reserved, handle or repeat");
	if (r == 0 && kind == 1 && k.info_class == ETW_INFO_SET_TRAITS)
		g->traits = 1;
}

void fz_op_notify_ack(struct fz_thread *t)
{
	struct etw_notify_ack k = { 0 };
	struct fz_arg a;
	int priv, fd = fz_fd_pick(t, &priv), e;

	k.seq = fz_pct(t, 60) ? fz_below(t, 1 << 20) : fz_u64(t);
	if (fz_pct(t, 4))
		k.__reserved = 1;
	e = k.__reserved || k.seq > (uint64_t)INT64_MAX ? EINVAL : FZ_OK;
	fz_arg_make(t, &a, ETW_IOC_NOTIFY_ACK, &k, sizeof(k), 6);
	fz_run(t, OP_NOTIFY_ACK, fd, &a, priv ? e : 0,
	       e == EINVAL ? "seq > INT64_MAX or reserved bits" : "clean");
}

/* ---- writing ------------------------------------------------------------------------ */

/* @n data descriptors, mostly sane; returns the user address. */
static void *descs(struct fz_thread *t, uint32_t n, int typed, int *clean)
{
	struct etw_data_desc *d = fz_good(t, (n ? n : 1) * sizeof(*d));
	uint32_t i, sz;
	enum fz_ptr k;

	*clean = 1;
	for (i = 0; i < n && i < 256; i++) {
		uint32_t r = fz_below(t, 100);

		sz = r < 70 ? fz_below(t, 64) : r < 90 ? fz_below(t, 2048) :
		     r < 95 ? fz_below(t, 70000) : fz_u32(t, 65535);
		if (sz > 70000) {
			d[i].ptr = (uintptr_t)fz_hole(t);
			*clean = 0;
		} else {
			void *src = fz_good(t, sz);

			memset(src, 'a' + i, sz);
			d[i].ptr = (uintptr_t)fz_in(t, src, sz, 5, &k);
			if (k != P_GOOD && k != P_UFFD && k != P_RDONLY)
				*clean = 0;
		}
		d[i].size = sz;
		if (typed && fz_pct(t, 20))
			d[i].type = fz_below(t, 5);
		if (fz_pct(t, 2))
			d[i].reserved1 = 1;
		if (fz_pct(t, 2))
			d[i].reserved2 = 1;
	}
	return fz_in(t, d, (n ? n : 1) * sizeof(*d), 4, &k);
}

/* A logger id to write to: a session we know, else anything. */
static uint64_t logger_pick(struct fz_thread *t)
{
	int i = fz_below(t, FZ_PRIV_SESS);

	if (fz_pct(t, 60) && t->sess[i].live && t->sess[i].logger)
		return t->sess[i].logger;
	if (fz_pct(t, 70))
		return 1 + fz_below(t, ETW_MAX_SESSIONS);
	return fz_u64(t);
}

/*
 * A writer's stack as the writes carry it: good frames (any values: the
 * module checks a count and reads them once), too many, a hole, a
 * pointer without a count, a generation without a stack.
 */
/* Returns 1 when the pointer is a hole. */
static int stack_pick(struct fz_thread *t, __u64 *ptr, __u32 *n,
		      __u32 *gen)
{
	int hole = 0;

	uint64_t *f = fz_good(t, 8 * (ETW_MAX_STACK_FRAMES + 8));
	uint32_t i;

	*n = fz_pct(t, 80) ? 1 + fz_below(t, ETW_MAX_STACK_FRAMES) :
			     fz_u32(t, ETW_MAX_STACK_FRAMES + 8);
	for (i = 0; i < *n && i < ETW_MAX_STACK_FRAMES + 8; i++)
		f[i] = fz_u64(t);
	*ptr = fz_pct(t, 90) ? (uintptr_t)f : fz_pct(t, 50) ? 0 :
	       (hole = 1, (uintptr_t)fz_hole(t));
	if (fz_pct(t, 5))
		*n = 0;
	/* fz_hole() ends a page before an unmapped one: short reads fit. */
	if (hole)
		hole = (uint64_t)*n * 8 > (uintptr_t)(t->strad + PG) - *ptr;
	*gen = fz_pct(t, 80) ? fz_rand(t) : 0;
	return hole;
}

static int stack_bad(uint64_t ptr, uint32_t n, uint32_t gen)
{
	return n > ETW_MAX_STACK_FRAMES || (n && !ptr) || (!n && (ptr || gen));
}

/*
 * A valid stack read across a hole faults (it is read once, right after
 * the descriptors); the fuzzer's own mappings change under it, so such a
 * call gets no other expectation either.
 */
static int stack_fault(int hole, uint64_t ptr, uint32_t n, uint32_t gen)
{
	return hole && !stack_bad(ptr, n, gen) && n;
}

void fz_op_write(struct fz_thread *t)
{
	struct etw_write k = { 0 };
	struct fz_reg *g;
	struct fz_arg a;
	int fdi = fz_below(t, 2), fd = t->pfd[fdi], kind, dclean, e = 0, hole = 0;

	k.handle = reg_pick(t, fdi, &kind, &g);
	k.id = fz_below(t, 16);
	k.level = fz_below(t, 8);
	k.keyword = fz_pct(t, 50) ? 0 : fz_u64(t);
	k.version = fz_below(t, 3);
	k.opcode = fz_below(t, 12);
	k.task = fz_below(t, 5);
	k.channel = fz_below(t, 20);
	if (fz_pct(t, 10))
		k.filter = fz_u64(t);
	k.flags = fz_below(t, 8);
	if (fz_pct(t, 3))
		k.flags |= 1u << (3 + fz_below(t, 29));
	k.count = fz_pct(t, 90) ? fz_below(t, 6) :
		  fz_pct(t, 70) ? fz_below(t, ETW_MAX_DATA_DESCRIPTORS + 2) :
		  fz_u32(t, ETW_MAX_DATA_DESCRIPTORS);
	if (k.count)
		k.data = (uintptr_t)descs(t, k.count > 200 ? 200 : k.count, 1,
					  &dclean);
	if (k.count > 200)
		k.data = (uintptr_t)fz_hole(t);
	memset(k.activity_id, fz_below(t, 256), 16);
	if (k.flags & ETW_WRITE_F_RELATED)
		memset(k.related_activity_id, fz_below(t, 256), 16);
	if (fz_pct(t, 5))
		hole = stack_pick(t, &k.stack, &k.stack_count, &k.image_gen);
	if (k.flags & ~ETW_WRITE_FLAGS_MASK || k.count > ETW_MAX_DATA_DESCRIPTORS ||
	    stack_bad(k.stack, k.stack_count, k.image_gen))
		e = EINVAL;
	else if (stack_fault(hole, k.stack, k.stack_count, k.image_gen))
		e = 0;
	else if (!k.count && kind == 2)
		e = ENOENT;
	fz_arg_make(t, &a, ETW_IOC_WRITE, &k, sizeof(k), 4);
	fz_run(t, OP_WRITE, fd, &a, e, "unknown flag, > 128 descriptors or stale handle");
}

void fz_op_trace_event(struct fz_thread *t)
{
	struct etw_trace_event k = { 0 };
	struct fz_reg *g;
	struct fz_arg a;
	int fdi = fz_below(t, 2), fd = t->pfd[fdi], kind, dclean, e = 0, hole = 0;

	k.handle = reg_pick(t, fdi, &kind, &g);
	k.logger = logger_pick(t);
	fz_guid_pick(t, k.guid);
	k.type = fz_below(t, 256);
	k.level = fz_below(t, 8);
	k.version = fz_below(t, 3);
	k.flags = fz_below(t, 2);
	if (fz_pct(t, 3))
		k.flags |= 1u << (1 + fz_below(t, 31));
	k.count = fz_pct(t, 90) ? fz_below(t, 5) : fz_u32(t, 16);
	if (k.count && k.count <= 200)
		k.data = (uintptr_t)descs(t, k.count, 0, &dclean);
	else if (k.count)
		k.data = (uintptr_t)fz_hole(t);
	k.instance_id = fz_below(t, 100);
	k.parent_instance_id = fz_below(t, 100);
	if (fz_pct(t, 3))
		k.__pad = 1;
	if (fz_pct(t, 3))
		k.__reserved = 1;
	if (fz_pct(t, 5))
		hole = stack_pick(t, &k.stack, &k.stack_count, &k.image_gen);
	if (k.flags & ~ETW_TRACE_FLAGS_MASK || k.__pad || k.__reserved ||
	    k.count > 16 || k.logger < 1 || k.logger > ETW_MAX_SESSIONS ||
	    stack_bad(k.stack, k.stack_count, k.image_gen))
		e = EINVAL;
	else if (stack_fault(hole, k.stack, k.stack_count, k.image_gen))
		e = 0;
	fz_arg_make(t, &a, ETW_IOC_TRACE_EVENT, &k, sizeof(k), 4);
	fz_run(t, OP_TRACE_EVENT, fd, &a, e,
	       "unknown flag, padding, reserved, > 16 descriptors or logger id");
}

void fz_op_trace_message(struct fz_thread *t)
{
	struct etw_trace_message k = { 0 };
	struct fz_reg *g;
	struct fz_arg a;
	int fdi = fz_below(t, 2), fd = t->pfd[fdi], kind, dclean, e = 0, hole = 0;

	k.handle = reg_pick(t, fdi, &kind, &g);
	k.logger = logger_pick(t);
	k.flags = fz_below(t, 256) & (fz_pct(t, 90) ? ETW_MSG_FLAGS_MASK : 0xff);
	if (fz_pct(t, 2))
		k.flags |= 1u << (8 + fz_below(t, 24));
	k.number = fz_below(t, 100);
	if ((k.flags & ETW_MSG_GUID) || fz_pct(t, 3))
		fz_guid_pick(t, k.guid);
	if ((k.flags & ETW_MSG_COMPONENTID) || fz_pct(t, 3))
		k.component_id = fz_rand(t);
	k.count = fz_pct(t, 90) ? fz_below(t, 5) :
		  fz_u32(t, ETW_MAX_DATA_DESCRIPTORS);
	if (k.count && k.count <= 200)
		k.data = (uintptr_t)descs(t, k.count, 0, &dclean);
	else if (k.count)
		k.data = (uintptr_t)fz_hole(t);
	if (fz_pct(t, 3))
		k.__pad = 1;
	if (fz_pct(t, 3))
		k.__reserved[fz_below(t, 2)] = 1;
	if (fz_pct(t, 5))
		hole = stack_pick(t, &k.stack, &k.stack_count, &k.image_gen);
	if (k.flags & ~ETW_MSG_FLAGS_MASK || stack_bad(k.stack, k.stack_count, k.image_gen) ||
	    ((k.flags & ETW_MSG_GUID) && (k.flags & ETW_MSG_COMPONENTID)) ||
	    ((k.flags & ETW_MSG_POINTER32) && (k.flags & ETW_MSG_POINTER64)) ||
	    k.__pad || k.__reserved[0] || k.__reserved[1] ||
	    (!(k.flags & ETW_MSG_GUID) && memcmp(k.guid, (uint8_t[16]){ 0 }, 16)) ||
	    (!(k.flags & ETW_MSG_COMPONENTID) && k.component_id) ||
	    k.count > ETW_MAX_DATA_DESCRIPTORS ||
	    k.logger < 1 || k.logger > ETW_MAX_SESSIONS)
		e = EINVAL;
	else if (stack_fault(hole, k.stack, k.stack_count, k.image_gen))
		e = 0;
	fz_arg_make(t, &a, ETW_IOC_TRACE_MESSAGE, &k, sizeof(k), 4);
	fz_run(t, OP_TRACE_MESSAGE, fd, &a, e, "flags, GUID, component, padding, count or logger id");
}

/* ---- group ACLs, QUERY_GUIDS --------------------------------------------------------- */

void fz_op_set_group_acl(struct fz_thread *t)
{
	static const uint32_t ids[] = { 0, 65534, FZ_GROUP_UID, FZ_GROUP_GID,
					4244, 0xffffffffu };
	struct etw_group_acl k = { 0 };
	struct etw_acl_entry *ent;
	struct fz_arg a;
	int priv, fd = fz_fd_pick(t, &priv), mut = 0, e;
	uint32_t i, n;
	enum fz_ptr dk;

	if (fz_pct(t, 95))
		fz_guid_group(k.group, fz_below(t, FZ_NGROUP));
	k.flags = fz_pct(t, 60) ? ETW_GROUP_ACL_F_RESTRICT : 0;
	n = fz_pct(t, 90) ? fz_below(t, 4) : fz_u32(t, ETW_MAX_ACL_ENTRIES);
	if (k.flags || fz_pct(t, 5))
		k.count = n;
	ent = fz_good(t, 8 * (n > 200 ? 1 : n + 1));
	for (i = 0; i < n && i < 200; i++) {
		ent[i].type = fz_pct(t, 95) ? 1 + fz_below(t, 2) : fz_u32(t, 3);
		ent[i].id = ids[fz_below(t, 6)];
	}
	k.entries = (uintptr_t)(n > 200 ? fz_hole(t) :
				fz_in(t, ent, 8 * (n ? n : 1), 5, &dk));
	if (fz_pct(t, 3))
		k.flags |= 1u << (1 + fz_below(t, 31));
	if (fz_pct(t, 3))
		k.__reserved = 1;
	if (k.flags & ~ETW_GROUP_ACL_FLAGS_MASK || k.__reserved ||
	    k.count > ETW_MAX_ACL_ENTRIES || etw_mem_zero16(k.group) ||
	    (!(k.flags & ETW_GROUP_ACL_F_RESTRICT) && k.count))
		mut = 1;
	e = mut ? EINVAL : t->p->role != ROLE_ROOT ? EPERM : 0;
	fz_arg_make(t, &a, ETW_IOC_SET_GROUP_ACL, &k, sizeof(k), 5);
	fz_run(t, OP_SET_GROUP_ACL, fd, &a, priv ? e : 0,
	       mut ? "flags, reserved, count or null group" :
	       "needs CAP_SYS_ADMIN");
}

void fz_op_get_group_acl(struct fz_thread *t)
{
	struct etw_group_acl k = { 0 };
	struct fz_arg a;
	int priv, fd = fz_fd_pick(t, &priv), e = 0;
	enum fz_ptr dk;

	if (fz_pct(t, 95))
		fz_guid_group(k.group, fz_below(t, FZ_NGROUP));
	k.count = fz_pct(t, 80) ? fz_below(t, 70) : fz_u32(t, 64);
	k.entries = (uintptr_t)(k.count > 70 ? fz_hole(t) :
				fz_out(t, 8 * (k.count ? k.count : 1), 6, &dk));
	if (fz_pct(t, 3))
		k.flags = 1;
	if (fz_pct(t, 3))
		k.__reserved = 1;
	if (k.flags || k.__reserved || etw_mem_zero16(k.group))
		e = EINVAL;
	fz_arg_make(t, &a, ETW_IOC_GET_GROUP_ACL, &k, sizeof(k), 5);
	fz_run(t, OP_GET_GROUP_ACL, fd, &a, priv ? e : 0,
	       "flags, reserved or null group");
}

void fz_op_query_guids(struct fz_thread *t)
{
	struct etw_query_guids k = { 0 };
	struct fz_arg a;
	int priv, fd = fz_fd_pick(t, &priv), e = 0;
	uint32_t r = fz_below(t, 100);
	enum fz_ptr dk;

	k.query = r < 40 ? ETW_QUERY_GUID_LIST : r < 75 ? ETW_QUERY_GUID_INFO :
		  r < 85 ? ETW_QUERY_GUID_NAME : r < 95 ? ETW_QUERY_GUID_PROCESS :
		  fz_u32(t, 3);
	if (k.query == ETW_QUERY_GUID_INFO || k.query == ETW_QUERY_GUID_NAME ||
	    fz_pct(t, 3))
		fz_guid_pick(t, k.guid);
	r = fz_below(t, 100);
	k.buf_size = r < 20 ? 0 : r < 80 ? fz_below(t, 8192) :
		     fz_u32(t, 1 << 20);
	if (k.buf_size)
		k.buf = (uintptr_t)(k.buf_size > 8192 ? fz_hole(t) :
				    fz_out(t, k.buf_size, 6, &dk));
	else if (fz_pct(t, 10))
		k.buf = (uintptr_t)fz_good(t, 16);
	switch (fz_below(t, 30)) {
	case 0: k.flags = 1; break;
	case 1: k.needed = 1; break;
	case 2: k.count = 1; break;
	case 3: k.__pad = 1; break;
	case 4: k.__reserved[1] = 1; break;
	}
	if (k.flags || k.needed || k.count || k.__pad || k.__reserved[1] ||
	    (k.buf_size && !k.buf))
		e = EINVAL;
	else if (k.query > ETW_QUERY_GUID_PROCESS && k.query != ETW_QUERY_GUID_NAME)
		e = EOPNOTSUPP;
	else if (k.query != ETW_QUERY_GUID_INFO && k.query != ETW_QUERY_GUID_NAME &&
		 !etw_mem_zero16(k.guid))
		e = EINVAL;
	fz_arg_make(t, &a, ETW_IOC_QUERY_GUIDS, &k, sizeof(k), 5);
	fz_run(t, OP_QUERY_GUIDS, fd, &a, priv ? e : 0,
	       "in-fields, query class or GUID");
}

