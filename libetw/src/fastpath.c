// SPDX-License-Identifier: MIT
/*
 * The fast path's stages: each thread gets, per session it writes to, a
 * stage that etw.ko maps into the process (ETW_IOC_STAGE_OPEN), and
 * writes its events there with plain stores; the only system call is
 * ETW_IOC_STAGE_SEAL when a stage is full.  The record protocol (uapi
 * linux/etw.h, beside struct etw_stage_meta):
 *
 *	room?  else SEAL;  xchg(busy, 1);  ts = clock;  write;
 *	store_release(head);  store_release(busy, 0)
 *
 * ETW_FASTPATH=0 in the environment (read once) turns the fast path off:
 * every write then takes the ioctl path, as before.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#ifdef __x86_64__
#include <x86intrin.h>
#endif
#if __has_include(<sys/rseq.h>)
#include <sys/rseq.h>
#endif

#include <windows.h>
#include <evntprov.h>

#include "libetw.h"
#include "internal.h"
#include "fastpath.h"
#include "shared/etw_etl.h"

struct etw_fp_reg etw_fp_regs[ETW_MAX_REGS_PER_FD];

/*
 * Writes to a stage that could not be opened go the ioctl way for this
 * many events before the thread asks again.
 */
#define FP_BACKOFF	4096

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
} etw_fp = {
	.mode = -1,
	.fd = -1,
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.once = PTHREAD_ONCE_INIT,
};

__thread struct etw_fp_thread *etw_fp_self;
const struct etw_fast_slot *etw_fp_map;

static void fp_stage_free(struct etw_fp_stage *st, bool close_it)
{
	struct etw_stage_ctl c = { .id = st->id };

	if (close_it) {
		if (etw_fp.fd >= 0)
			ioctl(etw_fp.fd, ETW_IOC_STAGE_CLOSE, &c);
		munmap(st->meta, st->map_len);
	}
	free(st);
}

/* Take @t off the list and fold its counters into the totals. */
static void fp_thread_unlist(struct etw_fp_thread *t)
{
	struct etw_fp_thread **pp;

	pthread_mutex_lock(&etw_fp.lock);
	for (pp = &etw_fp.threads; *pp; pp = &(*pp)->next)
		if (*pp == t) {
			*pp = t->next;
			break;
		}
	etw_fp.events += t->events;
	etw_fp.seals += t->seals;
	etw_fp.stages += t->stages;
	etw_fp.fallbacks += t->fallbacks;
	pthread_mutex_unlock(&etw_fp.lock);
}

/* Thread exit: the module drains and frees the thread's stages. */
static void fp_thread_exit(void *arg)
{
	struct etw_fp_thread *t = arg;
	bool mine = t->gen == __atomic_load_n(&etw_fp.gen, __ATOMIC_RELAXED);
	uint32_t i;

	for (i = 1; i <= ETW_MAX_SESSIONS; i++)
		if (t->st[i])
			fp_stage_free(t->st[i], mine);
	if (mine)
		fp_thread_unlist(t);
	free(t);
}

static void fp_once(void)
{
	const char *e = getenv("ETW_FASTPATH");

	etw_fp.env_off = e && e[0] == '0';
	pthread_key_create(&etw_fp.key, fp_thread_exit);
}

/*
 * The device is open (@fd) and the enable map mapped: decide, map the
 * fast map.  Called under etw_prov.lock, once per process (and again in
 * a forked child).
 */
void etw_fp_init(int fd)
{
	struct etw_info info;
	void *map;

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
	if (map == MAP_FAILED) {
		__atomic_store_n(&etw_fp.mode, 0, __ATOMIC_RELEASE);
		return;
	}
	etw_fp_map = map;
	__atomic_store_n(&etw_fp.mode, 1, __ATOMIC_RELEASE);
}

/* A forked child has no stage (the mappings are not inherited). */
void etw_fp_atfork_child(void)
{
	if (etw_fp_map)
		munmap((void *)etw_fp_map, ETW_FAST_MAP_SIZE);
	etw_fp_map = NULL;
	etw_fp.fd = -1;
	etw_fp.gen++;
	etw_fp.threads = NULL;
	pthread_mutex_init(&etw_fp.lock, NULL);
	if (etw_fp.mode > 0)
		etw_fp.mode = -1;	/* decided again with the new file */
	if (etw_fp_self) {
		/* its stages are the parent's: forget them, unmapped */
		etw_fp_self = NULL;
	}
	memset(etw_fp_regs, 0, sizeof(etw_fp_regs));
}

bool etw_fp_on(void)
{
	return __atomic_load_n(&etw_fp.mode, __ATOMIC_ACQUIRE) > 0;
}

/* The enable slot's seqcount covers the fast map too (uapi). */
uint64_t etw_fp_sessions(uint32_t slot)
{
	const volatile ETW_ENABLE_SLOT *s = __etw_enable_map + slot;
	const volatile struct etw_fast_slot *f = etw_fp_map + slot;
	uint64_t bits;
	uint32_t seq;

	for (;;) {
		seq = __atomic_load_n(&s->Seq, __ATOMIC_ACQUIRE);
		bits = f->sessions;
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (!(seq & 1) &&
		    __atomic_load_n(&s->Seq, __ATOMIC_RELAXED) == seq)
			return bits;
	}
}

static struct etw_fp_thread *fp_thread(void)
{
	struct etw_fp_thread *t = etw_fp_self;

	if (t)
		return t;	/* a forked child forgot its parent's */
	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->gen = etw_fp.gen;
	pthread_mutex_lock(&etw_fp.lock);
	t->next = etw_fp.threads;
	etw_fp.threads = t;
	pthread_mutex_unlock(&etw_fp.lock);
	pthread_setspecific(etw_fp.key, t);
	etw_fp_self = t;
	return t;
}

/* A stage of session @logger_id for this thread, mapped and checked. */
static struct etw_fp_stage *fp_stage_open(uint32_t logger_id)
{
	struct etw_stage_open req = { .logger_id = logger_id };
	struct etw_stage_meta *m;
	struct etw_fp_stage *st;
	void *map;

	if (ioctl(etw_fp.fd, ETW_IOC_STAGE_OPEN, &req))
		return NULL;
	map = mmap(NULL, req.map_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		   etw_fp.fd, (off_t)req.mmap_offset);
	st = calloc(1, sizeof(*st));
	if (map == MAP_FAILED || !st)
		goto fail;
	m = map;
	/* The meta page describes itself: read only what we know. */
	if (m->size < offsetof(struct etw_stage_meta, drains) ||
	    m->version != ETW_STAGE_VERSION || m->data_offset >= req.map_size ||
	    m->data_size > req.map_size - m->data_offset ||
	    m->data_size < ETW_FAST_MAX_RECORD + sizeof(struct etw_stage_rec))
		goto fail;
	st->meta = m;
	st->data = (uint8_t *)map + m->data_offset;
	st->size = m->data_size;
	st->head = (uint32_t)m->head;
	st->id = req.id;
	st->clock = m->clock_type;
	st->logger_id = logger_id;
	st->session = m->session;
	st->map_len = req.map_size;
	return st;

fail:
	if (map != MAP_FAILED)
		munmap(map, req.map_size);
	free(st);
	{
		struct etw_stage_ctl c = { .id = req.id };

		ioctl(etw_fp.fd, ETW_IOC_STAGE_CLOSE, &c);
	}
	return NULL;
}

static struct etw_fp_stage *fp_stage(struct etw_fp_thread *t,
				     uint32_t logger_id)
{
	struct etw_fp_stage *st = t->st[logger_id];

	if (st && !__atomic_load_n(&st->meta->closed, __ATOMIC_RELAXED))
		return st;
	if (st) {		/* its session stopped */
		fp_stage_free(st, true);
		t->st[logger_id] = NULL;
	}
	if (t->backoff[logger_id]) {
		t->backoff[logger_id]--;
		return NULL;
	}
	st = fp_stage_open(logger_id);
	if (!st) {
		t->backoff[logger_id] = FP_BACKOFF;
		return NULL;
	}
	t->stages++;
	t->st[logger_id] = st;
	return st;
}

/*
 * The slow part of etw_fp_reserve() (fastpath.h): this thread's stage of
 * session @logger_id opened, or full and sealed.  Return it, or NULL for
 * the ioctl path.
 */
struct etw_fp_stage *etw_fp_stage_slow(uint32_t logger_id, uint32_t need)
{
	struct etw_fp_thread *t = fp_thread();
	struct etw_fp_stage *st;

	if (!t || logger_id < 1 || logger_id > ETW_MAX_SESSIONS)
		return NULL;
	st = fp_stage(t, logger_id);
	if (!st || need > st->size) {
		t->fallbacks++;
		return NULL;
	}
	if (st->head + need > st->size) {
		struct etw_stage_ctl c = { .id = st->id };

		/* Full: the module drains it and it starts over. */
		if (ioctl(etw_fp.fd, ETW_IOC_STAGE_SEAL, &c)) {
			t->fallbacks++;
			return NULL;	/* closed meanwhile: next time */
		}
		t->seals++;
		st->head = 0;
	}
	return st;
}

void etw_fp_seal_sessions(uint64_t sessions)
{
	struct etw_fp_thread *t = etw_fp_self;

	if (!t)
		return;
	while (sessions) {
		uint32_t logger = (uint32_t)__builtin_ctzll(sessions) + 1;
		struct etw_fp_stage *st = t->st[logger];

		sessions &= sessions - 1;
		if (st && st->head) {
			struct etw_stage_ctl c = { .id = st->id };

			if (!ioctl(etw_fp.fd, ETW_IOC_STAGE_SEAL, &c)) {
				st->head = 0;
				t->seals++;
			}
		}
	}
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
	if (!on && etw_fp.mode > 0)
		__atomic_store_n(&etw_fp.mode, 0, __ATOMIC_RELEASE);
	else if (on && etw_fp_map)
		__atomic_store_n(&etw_fp.mode, 1, __ATOMIC_RELEASE);
	else if (on && etw_fp.mode == 0 && etw_fp.fd >= 0)
		etw_fp.mode = -1;	/* decide again, mapping the map */
	pthread_mutex_unlock(&etw_fp.lock);
	if (on && etw_fp.mode < 0 && etw_fp.fd >= 0)
		etw_fp_init(etw_fp.fd);
	return was;
}

void etw_fp_fallback(void)
{
	struct etw_fp_thread *t = etw_fp_self;

	if (t)
		t->fallbacks++;
}

ETW_EXPORT int etw_fastpath_stats(struct etw_fastpath_stats *out)
{
	struct etw_fp_thread *t;

	if (!out)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	pthread_mutex_lock(&etw_fp.lock);
	out->events = etw_fp.events;
	out->seals = etw_fp.seals;
	out->stages = etw_fp.stages;
	out->fallbacks = etw_fp.fallbacks;
	for (t = etw_fp.threads; t; t = t->next) {
		out->events += __atomic_load_n(&t->events, __ATOMIC_RELAXED);
		out->seals += __atomic_load_n(&t->seals, __ATOMIC_RELAXED);
		out->stages += __atomic_load_n(&t->stages, __ATOMIC_RELAXED);
		out->fallbacks += __atomic_load_n(&t->fallbacks,
						  __ATOMIC_RELAXED);
	}
	out->enabled = etw_fp.mode > 0;
	pthread_mutex_unlock(&etw_fp.lock);
	return 0;
}
