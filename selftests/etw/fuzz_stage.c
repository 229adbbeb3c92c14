// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_test: the fast path (uapi linux/etw.h, "The fast path"):
 * STAGE_OPEN, SEAL, CLOSE and WAIT with fuzzed arguments, the stage
 * mapping with fuzzed lengths, offsets and protections, and the writer's
 * side of the contract broken at random: bytes, head (laps, the busy
 * bit), the stash and the records themselves scribbled, also by other
 * threads while the collector reads them, then sealed, flushed or
 * closed; and rings filled with records that frame, alternating CPUs,
 * naming blocking sessions (flood()).  The oracles are the ABI's: bad flags and reserved fields are
 * EINVAL, an executable or longer mapping fails; the module must survive
 * all the rest (the kernel log is checked).
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"

#define PG	((size_t)getpagesize())

/* One stage of this thread: the last one opened, or none. */
static __thread struct {
	int fd;
	uint64_t id;
	struct etw_stage_meta *m;
	size_t len;
} st = { .fd = -1 };

/*
 * The stage another thread may scribble over while the collector reads
 * it: the last one any thread mapped, unmapped by its owner under the
 * lock.
 */
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static struct etw_stage_meta *shared_m;

static void stage_unmap(struct fz_thread *t)
{
	pthread_mutex_lock(&shared_lock);
	if (shared_m == st.m)
		shared_m = NULL;
	pthread_mutex_unlock(&shared_lock);
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
	int fdi = fz_below(t, 2), fd = t->pfd[fdi], e = 0;
	long r;

	k.want = fz_pct(t, 70) ? fz_below(t, 300000) : (uint32_t)fz_u64(t);
	if (fz_pct(t, 5))
		k.flags = 1u << fz_below(t, 32);
	if (fz_pct(t, 5))
		k.__reserved[fz_below(t, 2)] = fz_u64(t) | 1;
	if (fz_pct(t, 3))
		k.id = 1 + fz_below(t, 8);
	if (fz_pct(t, 3))
		k.__pad = 1 + fz_below(t, 8);
	if (k.flags || k.__reserved[0] || k.__reserved[1] || k.id || k.__pad)
		e = EINVAL;
	fz_arg_make(t, &a, ETW_IOC_STAGE_OPEN, &k, sizeof(k), 4);
	r = fz_run(t, OP_STAGE_OPEN, fd, &a, e, "bad flags, reserved or out fields");
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
	/* another thread may close it (a random id) between the two calls */
	if (r)
		st.m = NULL;
	if (st.m && (st.m->version != ETW_STAGE_VERSION ||
		     st.m->data_offset + (size_t)st.m->data_size > st.len ||
		     st.m->id != st.id))
		fz_violation(t, "stage meta: version %u data %u+%u in %zu",
			     st.m->version, st.m->data_offset,
			     st.m->data_size, st.len);
	if (st.m) {
		pthread_mutex_lock(&shared_lock);
		shared_m = st.m;
		pthread_mutex_unlock(&shared_lock);
	}
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

/* Scribble over @m: bytes, a record with a lying header and stash, head. */
static void scribble(struct fz_thread *t, struct etw_stage_meta *m)
{
	uint8_t *d = (uint8_t *)m + m->data_offset;
	uint32_t size = m->data_size, n, i;

	n = fz_below(t, 64);
	for (i = 0; i < n; i++)
		d[fz_below(t, size)] = (uint8_t)fz_rand(t);
	if (fz_pct(t, 40) && size > 96) {	/* a record that lies */
		uint8_t *h = d + 8 * fz_below(t, (size - 96) / 8);
		uint16_t v = fz_pct(t, 50) ? 48 + 8 * fz_below(t, 64) :
					     (uint16_t)fz_rand(t);
		uint64_t w = fz_u64(t);

		memcpy(h, &v, 2);
		h[2] = fz_pct(t, 70) ? 0x13 : fz_pct(t, 50) ? 0x14 :
						(uint8_t)fz_rand(t);
		h[3] = fz_pct(t, 80) ? 0xC0 : (uint8_t)fz_rand(t);
		v = (uint16_t)fz_below(t, ETW_MAX_REGS_PER_FD + 2);
		memcpy(h + ETW_STASH_SLOT, &v, 2);
		v = (uint16_t)(fz_pct(t, 80) ? fz_below(t, 4) : fz_rand(t));
		memcpy(h + ETW_STASH_CPU, &v, 2);
		w = fz_pct(t, 50) ? fz_u64(t) : w >> 20;
		memcpy(h + 0x10, &w, 8);			/* time */
		w = fz_pct(t, 70) ? ~0ULL : fz_u64(t);
		memcpy(h + ETW_STASH_SESSIONS, &w, 8);		/* sessions */
	}
	switch (fz_below(t, 5)) {
	case 0:	/* a plausible head: this lap or the next, maybe busy */
		m->head = ((m->tail >> 32) + fz_below(t, 2)) << 32 |
			  8 * (uint64_t)fz_below(t, size / 8 + 2) |
			  fz_below(t, 2);
		break;
	case 1:
		m->head = fz_u64(t);
		break;
	case 2:	/* busy forever, or not */
		m->head ^= 1;
		break;
	case 3:	/* the module's fields are its own: it ignores the page */
		m->tail = fz_u64(t);
		m->state = (uint32_t)fz_rand(t);
		break;
	default:
		m->head = m->tail;
		break;
	}
}

/*
 * A writer that writes into a ring the module retired gets SIGBUS
 * (design.rst, Retiring): the module zapped all but the first page.  The
 * scribbler ignores state, so that is its expected fate; it jumps out
 * of the scribble instead of dying.  Any other SIGBUS still kills.
 */
static __thread sigjmp_buf *bus_jmp;

static void on_bus(int sig)
{
	if (bus_jmp)
		siglongjmp(*bus_jmp, 1);
	signal(SIGBUS, SIG_DFL);
	raise(SIGBUS);
}

static void fz_stage_bus_handler(void)
{
	struct sigaction sa = { .sa_handler = on_bus };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}

static void scribble_retired_ok(struct fz_thread *t, struct etw_stage_meta *m)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	sigjmp_buf jb;

	pthread_once(&once, fz_stage_bus_handler);
	if (sigsetjmp(jb, 1)) {
		bus_jmp = NULL;
		__atomic_add_fetch(&fz->stage_bus, 1, __ATOMIC_RELAXED);
		return;
	}
	bus_jmp = &jb;
	scribble(t, m);
	bus_jmp = NULL;
}

/*
 * Records that frame (review 3's ground, issue 27): a ring filled with
 * well-formed records of random sizes, CPUs that alternate (one-record
 * runs, or none the machine has), slots of our registrations or none,
 * times past, present and future, stashes naming our sessions (made
 * blocking now and then, with a short timeout: the collector holds
 * records back for them) or every session; committed with an honest or
 * a lying head, then often sealed.  The module must survive it all,
 * charge only the liar, and wait for nobody's reader.
 */
static void flood(struct fz_thread *t, struct etw_stage_meta *m)
{
	uint8_t *d = (uint8_t *)m + m->data_offset;
	uint32_t size = m->data_size, off, lap, n, i, alt = fz_below(t, 3);
	uint64_t now = fz_now_ms() * 1000000ULL, head;

	head = __atomic_load_n(&m->head, __ATOMIC_RELAXED) & ~7ULL;
	off = (uint32_t)head;
	lap = head >> 32;
	if (off >= size)
		return;
	n = fz_pct(t, 50) ? fz_below(t, 4096) : fz_below(t, 32);
	for (i = 0; i < n; i++) {
		uint16_t sz = fz_pct(t, 60) ? 48 + 8 * fz_below(t, 4) :
			      (uint16_t)(48 + fz_below(t, 4000));
		uint32_t need = (sz + 7) & ~7u;
		uint16_t slot, cpu;
		uint64_t ts, sess;
		uint8_t *h;

		if (off + need > size)
			break;
		h = d + off;
		memset(h, 0, need);
		memcpy(h, &sz, 2);
		h[2] = fz_pct(t, 85) ? 0x13 : 0x14;
		h[3] = 0xC0;
		if (t->nreg && fz_pct(t, 80))
			slot = (uint16_t)(t->reg[fz_below(t, t->nreg)].handle - 1);
		else
			slot = (uint16_t)fz_below(t, ETW_MAX_REGS_PER_FD + 2);
		memcpy(h + ETW_STASH_SLOT, &slot, 2);
		cpu = alt == 0 ? (uint16_t)(i & 1) : alt == 1 ?
		      (uint16_t)fz_below(t, 4) : (uint16_t)fz_rand(t);
		memcpy(h + ETW_STASH_CPU, &cpu, 2);
		ts = fz_pct(t, 80) ? now : fz_pct(t, 50) ? now - fz_below(t, 1000000000) :
		     now + fz_below(t, 1000000000);
		memcpy(h + 0x10, &ts, 8);
		if (fz_pct(t, 30)) {
			sess = ~0ULL;
		} else {
			struct fz_sess ss = t->sess[fz_below(t, FZ_PRIV_SESS)];

			sess = ss.logger ? 1ULL << (ss.logger - 1) : fz_u64(t);
		}
		memcpy(h + (h[2] == 0x13 ? ETW_STASH_SESSIONS :
			    ETW_STASH_CLASSIC_SESSIONS), &sess, 8);
		if (h[2] == 0x13) {
			h[0x2C] = (uint8_t)fz_below(t, 6);	/* level */
			if (fz_pct(t, 5))
				h[6] = 1;	/* INPRIVATE */
		}
		off += need;
	}
	head = (uint64_t)lap << 32 | off;
	if (fz_pct(t, 10))
		head += 8 * (1 + fz_below(t, 64));	/* a lie */
	__atomic_store_n(&m->head, head, __ATOMIC_RELEASE);
}

static void op_ctl(struct fz_thread *t, int close_it);

/* Now and then one of our sessions blocks, with a short timeout. */
static void maybe_blocking(struct fz_thread *t)
{
	struct etw_system_info k = { 0 };
	struct fz_sess *ss = &t->sess[fz_below(t, FZ_PRIV_SESS)];
	uint32_t ms = fz_pct(t, 30) ? 0 : 1 + fz_below(t, 800);

	if (!ss->live || !ss->handle || !fz_pct(t, 10))
		return;
	k.session = ss->handle;
	k.info_class = ETW_SYSINFO_BLOCKING;
	k.flags = ETW_SYSINFO_F_SET;
	k.data = (uintptr_t)&ms;
	k.length = sizeof(ms);
	fz_count(t, OP_SYSTEM_INFO,
		 ioctl(t->pfd[0], ETW_IOC_SYSTEM_INFO, &k) ? -errno : 0);
}

static void op_flood(struct fz_thread *t)
{
	maybe_blocking(t);
	if (!st.m || !st.m->data_size || st.m->state)
		return;
	if (fz_pct(t, 20))
		scribble_retired_ok(t, st.m);	/* bytes on top of them */
	{
		static pthread_once_t once = PTHREAD_ONCE_INIT;
		sigjmp_buf jb;

		pthread_once(&once, fz_stage_bus_handler);
		if (sigsetjmp(jb, 1)) {
			bus_jmp = NULL;
			__atomic_add_fetch(&fz->stage_bus, 1, __ATOMIC_RELAXED);
			return;
		}
		bus_jmp = &jb;
		flood(t, st.m);
		bus_jmp = NULL;
	}
	if (fz_pct(t, 60))
		op_ctl(t, 0);	/* SEAL */
}

/* The writer's side of the contract, broken: ours, or another thread's. */
static void op_scribble(struct fz_thread *t)
{
	if (fz_pct(t, 30)) {
		pthread_mutex_lock(&shared_lock);
		if (shared_m)
			scribble_retired_ok(t, shared_m);
		pthread_mutex_unlock(&shared_lock);
		return;
	}
	if (st.m && st.m->data_size)
		scribble_retired_ok(t, st.m);
}

static void op_ctl(struct fz_thread *t, int close_it)
{
	struct etw_stage_ctl k = { 0 };
	struct fz_arg a;
	int fd = st.m ? st.fd : t->pfd[fz_below(t, 2)], e = 0;
	long r;

	k.id = st.m && fz_pct(t, 85) ? st.id : fz_u64(t);
	if (!close_it)
		k.need = fz_pct(t, 80) ? fz_below(t, 5000) : (uint32_t)fz_u64(t);
	if (fz_pct(t, 4))
		k.flags = 1u << fz_below(t, 32);
	if (fz_pct(t, 4))
		k.__reserved = fz_u64(t) | 1;
	if (fz_pct(t, 3))
		k.advice = 1;
	if (fz_pct(t, 3))
		k.tail = fz_u64(t) | 1;
	if (close_it && fz_pct(t, 3))
		k.need = 1;
	if (k.flags || k.__reserved || k.advice || k.tail ||
	    (close_it && k.need))
		e = EINVAL;
	fz_arg_make(t, &a, close_it ? ETW_IOC_STAGE_CLOSE : ETW_IOC_STAGE_SEAL,
		    &k, sizeof(k), 4);
	r = fz_run(t, close_it ? OP_STAGE_CLOSE : OP_STAGE_SEAL, fd, &a, e,
		   "bad flags, reserved, advice, tail or need");
	if (close_it && !r && st.m && k.id == st.id)
		stage_unmap(t);
}

/* STAGE_WAIT: random sessions; congested blocking ones make it wait. */
static void op_wait(struct fz_thread *t)
{
	struct etw_stage_wait k = { 0 };
	struct fz_arg a;
	int e = 0;

	k.sessions = fz_pct(t, 50) ? fz_u64(t) : 1ULL << fz_below(t, 64);
	if (fz_pct(t, 4))
		k.flags = 1u << fz_below(t, 32);
	if (fz_pct(t, 4))
		k.__reserved[fz_below(t, 2)] = fz_u64(t) | 1;
	if (k.flags || k.__reserved[0] || k.__reserved[1])
		e = EINVAL;
	fz_arg_make(t, &a, ETW_IOC_STAGE_WAIT, &k, sizeof(k), 4);
	fz_run(t, OP_STAGE_SEAL, t->pfd[fz_below(t, 2)], &a, e,
	       "bad flags or reserved");
}

void fz_op_stage(struct fz_thread *t)
{
	switch (fz_below(t, 11)) {
	case 9:
	case 10:
		op_flood(t);
		break;
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
	case 8:
		op_wait(t);
		break;
	default:
		op_ctl(t, 1);
		break;
	}
}
