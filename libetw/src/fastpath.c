// SPDX-License-Identifier: MIT
/*
 * The fast path's stage: each thread gets one stage from etw.ko
 * (ETW_IOC_STAGE_OPEN), maps it, and writes the records of every session
 * there with plain stores.  This file is the slow part: opening the
 * stage, wrapping its ring, asking the module for room when it is full
 * (ETW_IOC_STAGE_SEAL), growing it when the module advises, leaving it
 * when the module retired it, waiting for blocking sessions, thread exit
 * and fork.  The ring protocol is the uapi's ("Stages").
 *
 * ETW_FASTPATH=0 in the environment (read once) turns the fast path off:
 * every write then takes the ioctl path.
 */
#include <errno.h>
#include <stddef.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include <windows.h>
#include <evntprov.h>

#include "libetw.h"
#include "internal.h"
#include "fastpath.h"
#include "shared/etw_etl.h"

struct etw_fp_reg etw_fp_regs[ETW_MAX_REGS_PER_FD];
uint64_t etw_fp_plain[ETW_MAX_REGS_PER_FD] = {
	[ETW_MAX_REGS_PER_FD - 1] = 1,	/* etw_fp_unplain() */
};
const struct etw_fast_slot *etw_fp_map;
const struct etw_global_page *etw_fp_global;

__thread struct etw_fp_tls etw_fp_tls
	__attribute__((tls_model("initial-exec")));

intptr_t etw_fp_cpu_how;

/*
 * etw_fp_cpu_how, before main() and before the program's own
 * constructors (glibc has registered rseq for the main thread by then,
 * and does for every thread it starts): rseq's cpu_id
 * when registered, else TSC_AUX through RDTSCP where the CPU has it and
 * the kernel keeps the CPU number there (Linux writes (node << 12) | cpu
 * into every CPU's TSC_AUX when RDTSCP or RDPID exists, for the vDSO's
 * getcpu), else sched_getcpu().  TSC_AUX is believed only if it agrees
 * with sched_getcpu() (three tries: the thread may move between the two).
 */
__attribute__((constructor(101))) static void etw_fp_cpu_decide(void)
{
#if defined(__x86_64__)
	uint32_t a, b, c, d;
	int i;

#if defined(RSEQ_SIG)
	/* x86-64 keeps the rseq area in the thread's TCB, after the pointer */
	if (__rseq_size && __rseq_offset > 0) {
		etw_fp_cpu_how = (intptr_t)__rseq_offset +
				 (intptr_t)offsetof(struct rseq, cpu_id);
		return;
	}
#endif
	__asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000000u));
	if (a < 0x80000001u)
		return;
	__asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000001u));
	if (!(d & (1u << 27)))		/* CPUID.80000001H:EDX.RDTSCP */
		return;
	for (i = 0; i < 3; i++) {
		__asm__ volatile("rdtscp" : "=a"(a), "=d"(d), "=c"(c));
		if ((int)(c & 0xfff) == sched_getcpu()) {
			etw_fp_cpu_how = ETW_FP_CPU_RDTSCP;
			return;
		}
	}
#endif
}

/*
 * A thread that could not get a stage writes through the ioctl for this
 * many events before it asks again.
 */
#define FP_BACKOFF	4096

/*
 * The rest of a thread's state (heap): its stage and counters.
 * @next:	all threads' (their counters), under etw_fp.lock
 * @gen:	the fork generation it was made in
 * @id:		the stage, 0 for none
 * @map_len:	bytes mapped
 * @backoff:	writes left before the next try to open a stage
 * @staged:	the thread's count of inline writes (its etw_fp_tls.staged)
 */
struct etw_fp_thread {
	struct etw_fp_thread *next;
	uint32_t gen;
	uint32_t backoff;
	uint64_t *staged;
	uint64_t id;
	size_t map_len;
	uint64_t events, seals, stages, fallbacks, grows, waits;
};

static struct {
	int mode;			/* -1 not decided, 0 off, 1 on */
	int env_off;			/* ETW_FASTPATH=0 */
	int fd;
	uint32_t gen;			/* bumped in a forked child */
	pthread_mutex_t lock;		/* threads, totals, mode */
	pthread_once_t once;
	pthread_key_t key;
	struct etw_fp_thread *threads;
	uint64_t events, seals, stages, fallbacks;	/* of threads gone */
	const struct etw_fast_slot *map;	/* mapped, even while off */
} etw_fp = {
	.mode = -1,
	.fd = -1,
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.once = PTHREAD_ONCE_INIT,
};

/* Leave the thread's stage: the module collects it, then frees it. */
static void fp_stage_leave(struct etw_fp_thread *th, struct etw_fp_tls *t,
			   bool close_it)
{
	if (th->id && close_it) {
		struct etw_stage_ctl c = { .id = th->id };

		if (etw_fp.fd >= 0)
			ioctl(etw_fp.fd, ETW_IOC_STAGE_CLOSE, &c);
		munmap(t->meta, th->map_len);
	}
	th->id = 0;
	t->data = NULL;
	t->meta = NULL;
	t->pos = 0;
	t->limit = 0;
	t->size = 0;
}

/* Take @th off the list and fold its counters into the totals. */
static void fp_thread_unlist(struct etw_fp_thread *th)
{
	struct etw_fp_thread **pp;

	pthread_mutex_lock(&etw_fp.lock);
	for (pp = &etw_fp.threads; *pp; pp = &(*pp)->next)
		if (*pp == th) {
			*pp = th->next;
			break;
		}
	etw_fp.events += th->events + *th->staged;
	etw_fp.seals += th->seals;
	etw_fp.stages += th->stages;
	etw_fp.fallbacks += th->fallbacks;
	pthread_mutex_unlock(&etw_fp.lock);
}

/* Thread exit: the module collects the thread's stage and frees it. */
static void fp_thread_exit(void *arg)
{
	struct etw_fp_thread *th = arg;
	bool mine = th->gen == __atomic_load_n(&etw_fp.gen, __ATOMIC_RELAXED);

	fp_stage_leave(th, &etw_fp_tls, mine);
	if (mine)
		fp_thread_unlist(th);
	free(th);
}

static void fp_once(void)
{
	const char *e = getenv("ETW_FASTPATH");

	etw_fp.env_off = e && e[0] == '0';
	pthread_key_create(&etw_fp.key, fp_thread_exit);
}

/*
 * The device is open (@fd) and the enable map mapped: decide, map the
 * fast map and the global page.  Called under etw_prov.lock, once per
 * process (and again in a forked child).
 */
void etw_fp_init(int fd)
{
	struct etw_info info;
	void *map, *global;

	pthread_once(&etw_fp.once, fp_once);
	if (etw_fp.mode >= 0)
		return;
	etw_fp.fd = fd;
	if (etw_fp.env_off || etw_get_info(fd, &info) ||
	    !(info.features & ETW_FEAT_FASTPATH) ||
	    info.fast_max_record < ETW_FAST_MAX_RECORD) {
		__atomic_store_n(&etw_fp.mode, 0, __ATOMIC_RELEASE);
		return;
	}
	map = mmap(NULL, ETW_FAST_MAP_SIZE, PROT_READ, MAP_SHARED, fd,
		   ETW_MMAP_FAST_MAP);
	global = mmap(NULL, ETW_GLOBAL_PAGE_SIZE, PROT_READ, MAP_SHARED, fd,
		      ETW_MMAP_GLOBAL);
	if (map == MAP_FAILED || global == MAP_FAILED ||
	    ((struct etw_global_page *)global)->size <
	    offsetof(struct etw_global_page, congested) + 8) {
		if (map != MAP_FAILED)
			munmap(map, ETW_FAST_MAP_SIZE);
		if (global != MAP_FAILED)
			munmap(global, ETW_GLOBAL_PAGE_SIZE);
		__atomic_store_n(&etw_fp.mode, 0, __ATOMIC_RELEASE);
		return;
	}
	etw_fp.map = map;
	etw_fp_global = global;
	__atomic_store_n(&etw_fp_map, map, __ATOMIC_RELEASE);
	__atomic_store_n(&etw_fp.mode, 1, __ATOMIC_RELEASE);
}

/* A forked child has no stage (the mapping is not inherited). */
void etw_fp_atfork_child(void)
{
	struct etw_fp_tls *t = &etw_fp_tls;
	uint32_t i;

	if (etw_fp.map)
		munmap((void *)etw_fp.map, ETW_FAST_MAP_SIZE);
	if (etw_fp_global)
		munmap((void *)etw_fp_global, ETW_GLOBAL_PAGE_SIZE);
	etw_fp.map = NULL;
	etw_fp_map = NULL;
	etw_fp_global = NULL;
	etw_fp.fd = -1;
	etw_fp.gen++;
	etw_fp.threads = NULL;
	pthread_mutex_init(&etw_fp.lock, NULL);
	if (etw_fp.mode > 0)
		etw_fp.mode = -1;	/* decided again with the new file */
	/* Its stage is the parent's: forget it, it is not mapped here. */
	t->data = NULL;
	t->meta = NULL;
	t->pos = 0;
	t->limit = 0;
	t->size = 0;
	memset(etw_fp_regs, 0, sizeof(etw_fp_regs));
	for (i = 0; i < ETW_MAX_REGS_PER_FD; i++)
		etw_fp_plain[i] = etw_fp_unplain(i);
}

static struct etw_fp_thread *fp_thread(void)
{
	struct etw_fp_thread *th = pthread_getspecific(etw_fp.key);

	if (th && th->gen == etw_fp.gen)
		return th;
	th = calloc(1, sizeof(*th));
	if (!th)
		return NULL;
	th->gen = etw_fp.gen;
	th->staged = &etw_fp_tls.staged;
	pthread_mutex_lock(&etw_fp.lock);
	th->next = etw_fp.threads;
	etw_fp.threads = th;
	pthread_mutex_unlock(&etw_fp.lock);
	pthread_setspecific(etw_fp.key, th);
	return th;
}

/* Where records may end in pos's lap, given the module's tail. */
static uint32_t fp_limit(const struct etw_fp_tls *t, uint64_t tail)
{
	uint32_t hl = ETW_STAGE_POS_LAP(t->pos), tl = ETW_STAGE_POS_LAP(tail);

	if (tl == hl)
		return t->size;
	if (tl + 1 == hl && ETW_STAGE_POS_OFF(tail) >= ETW_STAGE_POS_OFF(t->pos))
		return ETW_STAGE_POS_OFF(tail);
	return ETW_STAGE_POS_OFF(t->pos);	/* nothing: ask the module */
}

/* Open a stage whose ring holds @want bytes, map it, make it current. */
static int fp_stage_open(struct etw_fp_thread *th, struct etw_fp_tls *t,
			 uint32_t want)
{
	struct etw_stage_open req = { .want = want };
	struct etw_stage_meta *m;
	void *map;

	if (ioctl(etw_fp.fd, ETW_IOC_STAGE_OPEN, &req))
		return -1;
	map = mmap(NULL, req.map_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		   etw_fp.fd, (off_t)req.mmap_offset);
	m = map;
	/* The meta area describes itself: read only what we know. */
	if (map == MAP_FAILED || m->size < offsetof(struct etw_stage_meta, collects) ||
	    m->version != ETW_STAGE_VERSION || m->data_offset >= req.map_size ||
	    m->data_size > req.map_size - m->data_offset || m->data_size < 1024 ||
	    (m->data_size & 7) || m->id != req.id) {
		struct etw_stage_ctl c = { .id = req.id };

		if (map != MAP_FAILED)
			munmap(map, req.map_size);
		ioctl(etw_fp.fd, ETW_IOC_STAGE_CLOSE, &c);
		return -1;
	}
	th->id = req.id;
	th->map_len = req.map_size;
	th->stages++;
	t->meta = m;
	t->data = (uint8_t *)map + m->data_offset;
	t->size = m->data_size;
	t->pos = __atomic_load_n(&m->head, __ATOMIC_RELAXED) & ~7ULL;
	t->limit = fp_limit(t, __atomic_load_n(&m->tail, __ATOMIC_RELAXED));
	return 0;
}

/*
 * The ring is full (or the record needs a larger one): the module
 * collects in our context.  Then grow if it advises.  Return 0 when
 * there is room, -1 for the ioctl path.
 */
static int fp_seal(struct etw_fp_thread *th, struct etw_fp_tls *t,
		   uint32_t need)
{
	struct etw_stage_ctl c = { .id = th->id, .need = need };

	if (ioctl(etw_fp.fd, ETW_IOC_STAGE_SEAL, &c)) {
		if (errno == ESHUTDOWN)
			fp_stage_leave(th, t, true);	/* reopened by the caller */
		return errno == ESHUTDOWN ? 0 : -1;
	}
	th->seals++;
	t->limit = fp_limit(t, c.tail);
	if ((c.advice & ETW_STAGE_A_GROW) && t->size < UINT32_MAX / 8) {
		struct etw_fp_tls old = *t;
		uint64_t old_id = th->id;
		size_t old_len = th->map_len;
		uint32_t want = t->size * 4 > need * 4 ? t->size * 4 : need * 4;

		if (!fp_stage_open(th, t, want)) {
			struct etw_stage_ctl cc = { .id = old_id };

			/* The old one is collected, then freed by the module. */
			ioctl(etw_fp.fd, ETW_IOC_STAGE_CLOSE, &cc);
			munmap(old.meta, old_len);
			th->grows++;
		}
	}
	return 0;
}

/*
 * Wrap to the next lap: a zero __u16 where the record would start (if
 * the lap does not end exactly).  The ring may have been retired
 * meanwhile: busy, a full barrier, then state (uapi).
 */
static int fp_wrap(struct etw_fp_tls *t)
{
	uint32_t off = (uint32_t)t->pos;

	__atomic_store_n(&t->meta->head, t->pos | ETW_STAGE_BUSY,
			 __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (__atomic_load_n(&t->meta->state, __ATOMIC_RELAXED)) {
		__atomic_store_n(&t->meta->head, t->pos, __ATOMIC_RELAXED);
		return -1;
	}
	if (off < t->size)
		*(uint16_t *)(t->data + off) = 0;
	t->pos = ((uint64_t)ETW_STAGE_POS_LAP(t->pos) + 1) << 32;
	__atomic_store_n(&t->meta->head, t->pos, __ATOMIC_RELEASE);
	return 0;
}

int etw_fp_room(uint32_t need)
{
	struct etw_fp_tls *t = &etw_fp_tls;
	struct etw_fp_thread *th;
	int tries;

	if (!etw_fp_on())
		return -1;
	th = fp_thread();
	if (!th)
		return -1;
	for (tries = 0; tries < 6; tries++) {
		struct etw_stage_meta *m = t->meta;
		uint64_t tail;

		if (!m) {
			if (th->backoff) {
				th->backoff--;
				break;
			}
			if (fp_stage_open(th, t, need * 4)) {
				th->backoff = FP_BACKOFF;
				break;
			}
			m = t->meta;
		}
		if (__atomic_load_n(&m->state, __ATOMIC_RELAXED)) {
			/* Retired (idle) or closed: leave it for a new one. */
			fp_stage_leave(th, t, true);
			continue;
		}
		if (need > t->size / 2) {
			/* The module grows the stage for it, if it can. */
			if (fp_seal(th, t, need))
				break;
			continue;
		}
		tail = __atomic_load_n(&m->tail, __ATOMIC_ACQUIRE);
		t->limit = fp_limit(t, tail);
		if ((uint32_t)t->pos + need <= t->limit)
			return 0;
		if (ETW_STAGE_POS_LAP(tail) == ETW_STAGE_POS_LAP(t->pos) &&
		    need <= ETW_STAGE_POS_OFF(tail) &&
		    (uint32_t)t->pos + need > t->size) {
			if (fp_wrap(t))
				continue;
			t->limit = fp_limit(t, tail);
			return 0;
		}
		if (fp_seal(th, t, need))
			break;
	}
	th->fallbacks++;
	return -1;
}

void etw_fp_block(uint64_t sessions)
{
	struct etw_stage_wait w = { .sessions = sessions };
	struct etw_fp_thread *th = fp_thread();

	if (th)
		th->waits++;
	ioctl(etw_fp.fd, ETW_IOC_STAGE_WAIT, &w);
}

ULONG etw_fp_stamp(uint32_t need)
{
	struct etw_fp_tls *t = &etw_fp_tls;

	etw_fp_commit(t, t->data + (uint32_t)t->pos, need);
	t->staged++;
	return ERROR_SUCCESS;
}

ULONG etw_fp_stamp_data(uint32_t need, uint32_t n,
			const EVENT_DATA_DESCRIPTOR *data)
{
	struct etw_fp_tls *t = &etw_fp_tls;
	uint8_t *p = t->data + (uint32_t)t->pos + sizeof(struct etl_event_header);
	uint32_t i;

	for (i = 0; i < n; i++) {
		memcpy(p, (const void *)(uintptr_t)data[i].Ptr, data[i].Size);
		p += data[i].Size;
	}
	return etw_fp_stamp(need);
}

/* --- Linux ETW extensions (libetw.h) ------------------------------------ */

ETW_EXPORT int etw_fastpath_set(int on)
{
	int fd = etw_dev_fd(), was;

	if (fd < 0)
		return fd;
	pthread_once(&etw_fp.once, fp_once);
	pthread_mutex_lock(&etw_fp.lock);
	was = etw_fp.mode > 0;
	etw_fp.env_off = !on;
	if (!on && etw_fp.mode > 0) {
		__atomic_store_n(&etw_fp_map, NULL, __ATOMIC_RELEASE);
		__atomic_store_n(&etw_fp.mode, 0, __ATOMIC_RELEASE);
	} else if (on && etw_fp.map) {
		__atomic_store_n(&etw_fp_map, etw_fp.map, __ATOMIC_RELEASE);
		__atomic_store_n(&etw_fp.mode, 1, __ATOMIC_RELEASE);
	} else if (on && etw_fp.mode == 0 && etw_fp.fd >= 0) {
		etw_fp.mode = -1;	/* decide again, mapping the map */
	}
	pthread_mutex_unlock(&etw_fp.lock);
	if (on && etw_fp.mode < 0 && etw_fp.fd >= 0)
		etw_fp_init(etw_fp.fd);
	return was;
}

void etw_fp_fallback(void)
{
	struct etw_fp_thread *th = fp_thread();

	if (th)
		th->fallbacks++;
}

ETW_EXPORT int etw_fastpath_stats(struct etw_fastpath_stats *out)
{
	struct etw_fp_thread *th;

	if (!out)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	pthread_mutex_lock(&etw_fp.lock);
	out->events = etw_fp.events;
	out->seals = etw_fp.seals;
	out->stages = etw_fp.stages;
	out->fallbacks = etw_fp.fallbacks;
	for (th = etw_fp.threads; th; th = th->next) {
		out->events += __atomic_load_n(&th->events, __ATOMIC_RELAXED) +
			       __atomic_load_n(th->staged, __ATOMIC_RELAXED);
		out->seals += __atomic_load_n(&th->seals, __ATOMIC_RELAXED);
		out->stages += __atomic_load_n(&th->stages, __ATOMIC_RELAXED);
		out->fallbacks += __atomic_load_n(&th->fallbacks,
						  __ATOMIC_RELAXED);
	}
	out->enabled = etw_fp.mode > 0;
	pthread_mutex_unlock(&etw_fp.lock);
	return 0;
}
