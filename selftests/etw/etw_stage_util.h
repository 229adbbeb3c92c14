/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fast path written from the ABI alone (uapi linux/etw.h, "The fast
 * path"), without libetw, so that the raw-ioctl suites (write_test,
 * consumer_test) run on it too: etw_stage_write() stores an ETW_IOC_WRITE
 * request in the calling thread's stage of each session the fast map
 * lists, or says to take the ioctl.  ETW_FASTPATH=0 turns it off.
 *
 * Like libetw it leaves to the ioctl what only the ioctl can do:
 * descriptor types, records over fast_max_record, handles it did not see
 * registered (etw_reg() notes them), and pointers into the first 64 KB
 * (what these tests use as bad pointers: a store from them would fault
 * here instead of failing with EFAULT).
 */
#ifndef _ETW_STAGE_UTIL_H
#define _ETW_STAGE_UTIL_H

#include <sched.h>
#include <time.h>
#include <sys/syscall.h>
#ifdef __x86_64__
#include <x86intrin.h>
#endif

#define ETW_TS_MAX	4	/* stages one thread keeps (one per fd) */
#define ETW_KNOWN_MAX	64	/* handles one process registers */

struct etw_tstage {
	pid_t pid;		/* 0: free; another pid: inherited by fork */
	int fd;
	uint64_t id, pos;
	uint32_t size;
	struct etw_stage_meta *m;
	uint8_t *data;
	size_t len;
};

static __thread struct etw_tstage etw_ts[ETW_TS_MAX];
static struct {
	pid_t pid;
	int fd;
	uint64_t handle;
	uint32_t traits_len;
	const struct etw_fast_slot *fmap;
} etw_known[ETW_KNOWN_MAX];
static pthread_mutex_t etw_known_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile long etw_stage_writes;	/* records this process staged */

static inline int etw_fast_wanted(void)
{
	const char *e = getenv("ETW_FASTPATH");

	return !(e && e[0] == '0');
}

/* A registration the fast path may write for (etw_reg() calls this). */
static inline void etw_fast_note_reg(int fd, uint64_t handle)
{
	int i;

	pthread_mutex_lock(&etw_known_lock);
	for (i = 0; i < ETW_KNOWN_MAX; i++) {
		if (etw_known[i].pid != getpid()) {
			memset(&etw_known[i], 0, sizeof(etw_known[i]));
			etw_known[i].pid = getpid();
			etw_known[i].fd = fd;
			etw_known[i].handle = handle;
			break;
		}
	}
	pthread_mutex_unlock(&etw_known_lock);
}

/* EventSetInformation(SetTraits) was called for @handle. */
static inline void etw_fast_note_traits(uint64_t handle, uint32_t len)
{
	int i;

	for (i = 0; i < ETW_KNOWN_MAX; i++)
		if (etw_known[i].pid == getpid() && etw_known[i].handle == handle)
			etw_known[i].traits_len = len;
}

static inline uint64_t etw_tclock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

/* This thread's stage on @fd, opened on first use (or after a retire). */
static inline struct etw_tstage *etw_tstage_get(int fd)
{
	struct etw_stage_open o;
	struct etw_tstage *t = NULL;
	void *map;
	int i;

	for (i = 0; i < ETW_TS_MAX; i++) {
		struct etw_tstage *x = &etw_ts[i];

		if (x->pid == getpid() && x->fd == fd) {
			if (!x->m->state)
				return x;
			/* Retired or closed: leave it, as libetw does. */
			struct etw_stage_ctl c = { .id = x->id };

			ioctl(fd, ETW_IOC_STAGE_CLOSE, &c);
			munmap(x->m, x->len);
			x->pid = 0;
		}
		if (x->pid != getpid() && !t)
			t = x;
	}
	if (!t)
		return NULL;
	memset(&o, 0, sizeof(o));
	if (ioctl(fd, ETW_IOC_STAGE_OPEN, &o))
		return NULL;
	map = mmap(NULL, o.map_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		   (off_t)o.mmap_offset);
	if (map == MAP_FAILED)
		return NULL;
	t->m = map;
	t->data = (uint8_t *)map + t->m->data_offset;
	t->size = t->m->data_size;
	t->pos = 0;
	t->id = o.id;
	t->len = o.map_size;
	t->fd = fd;
	t->pid = getpid();
	return t;
}

/*
 * Room for @need bytes at t->pos, by the uapi's rules: to the end of the
 * ring while the module's tail is in our lap, else to its offset; a wrap
 * (a zero __u16 where the record would start) when the next lap has room
 * before tail; else STAGE_SEAL.
 */
static inline int etw_tstage_room(struct etw_tstage *t, uint32_t need)
{
	int tries;

	for (tries = 0; tries < 4; tries++) {
		uint64_t tail = __atomic_load_n(&t->m->tail, __ATOMIC_ACQUIRE);
		uint32_t hl = t->pos >> 32, ho = (uint32_t)t->pos;
		uint32_t tl = tail >> 32, to = (uint32_t)tail;
		struct etw_stage_ctl c = { .id = t->id, .need = need };

		if (tl == hl && ho + need <= t->size)
			return 0;
		if (tl + 1 == hl && ho + need <= to)
			return 0;
		if (tl == hl && need <= to) {
			__atomic_store_n(&t->m->head, t->pos | 1, __ATOMIC_RELAXED);
			__atomic_thread_fence(__ATOMIC_SEQ_CST);
			if (t->m->state)
				return -1;
			if (ho < t->size)
				memset(t->data + ho, 0, 2);
			t->pos = (uint64_t)(hl + 1) << 32;
			__atomic_store_n(&t->m->head, t->pos, __ATOMIC_RELEASE);
			continue;
		}
		if (ioctl(t->fd, ETW_IOC_STAGE_SEAL, &c))
			return -1;
	}
	return -1;
}

/*
 * Store @w (its descriptors at @d) the way EventWrite's fast path does:
 * once, for every session the fast map serves, the stash in the fields
 * the module overwrites.  Return: 0 done, 1 take the ioctl (with
 * @w->filter widened by the sessions staged).
 */
static inline int etw_stage_write(int fd, struct etw_write *w,
				  const struct etw_data_desc *d)
{
	uint32_t slot = (uint32_t)w->handle - 1, size = 80, traits = 0, need;
	uint32_t i, more;
	uint64_t want, word, ts;
	struct etw_tstage *t;
	uint8_t *p, *h;
	int k;

	if (!etw_fast_wanted() || w->count > ETW_MAX_DATA_DESCRIPTORS)
		return 1;
	for (k = 0; k < ETW_KNOWN_MAX; k++)
		if (etw_known[k].pid == getpid() && etw_known[k].fd == fd &&
		    etw_known[k].handle == w->handle)
			break;
	if (k == ETW_KNOWN_MAX)
		return 1;
	if (!etw_known[k].fmap) {
		void *f = mmap(NULL, ETW_FAST_MAP_SIZE, PROT_READ, MAP_SHARED,
			       fd, ETW_MMAP_FAST_MAP);

		if (f == MAP_FAILED)
			return 1;
		etw_known[k].fmap = f;
	}
	traits = etw_known[k].traits_len;
	for (i = 0; i < w->count; i++) {
		if (d[i].type || d[i].reserved1 || d[i].reserved2 ||
		    (d[i].size && d[i].ptr < 65536))
			return 1;
		size += d[i].size;
	}
	if (w->flags & ETW_WRITE_F_RELATED)
		size += 24;
	if (traits)
		size += 8 + ((traits + 7) & ~7u);
	if (size > ETW_FAST_MAX_RECORD)
		return 1;
	word = __atomic_load_n(&etw_known[k].fmap[slot].word, __ATOMIC_RELAXED);
	want = __atomic_load_n(&etw_known[k].fmap[slot].sessions,
			       __ATOMIC_RELAXED) & ~w->filter;
	if (!word || !want)
		return word ? 1 : 0;
	t = etw_tstage_get(fd);
	need = (size + 7) & ~7u;
	if (!t || need > t->size / 2 || etw_tstage_room(t, need))
		return 1;
	__atomic_store_n(&t->m->head, t->pos | 1, __ATOMIC_RELAXED);
	if (__atomic_load_n(&t->m->state, __ATOMIC_RELAXED)) {
		__atomic_store_n(&t->m->head, t->pos, __ATOMIC_RELAXED);
		return 1;
	}
	ts = etw_tclock();
	h = t->data + (uint32_t)t->pos;
	memset(h, 0, need);
	memcpy(h, &size, 2);
	h[2] = 0x13;				/* EVENT_HEADER64 */
	h[3] = 0xC0;
	more = !!(w->flags & ETW_WRITE_F_RELATED) + !!traits;
	h[4] = more ? 1 : 0;			/* EXTENDED_INFO */
	if (w->flags & ETW_WRITE_F_STRING_ONLY)
		h[4] |= 4;
	if (w->flags & ETW_WRITE_F_INPRIVATE)	/* the stash: flags */
		h[ETW_STASH_FLAGS] = ETW_STAGE_REC_INPRIVATE;
	memcpy(h + ETW_STASH_SLOT, &slot, 2);	/* the stash: slot, CPU */
	i = sched_getcpu();
	memcpy(h + ETW_STASH_CPU, &i, 2);
	memcpy(h + 0x10, &ts, 8);
	memcpy(h + ETW_STASH_SESSIONS, &want, 8);	/* the stash: sessions */
	memcpy(h + 0x28, &w->id, 2);
	h[0x2A] = w->version;
	h[0x2B] = w->channel;
	h[0x2C] = w->level;
	h[0x2D] = w->opcode;
	memcpy(h + 0x2E, &w->task, 2);
	memcpy(h + 0x30, &w->keyword, 8);
	memcpy(h + 0x40, w->activity_id, 16);
	p = h + 80;
	if (w->flags & ETW_WRITE_F_RELATED) {
		uint16_t it[4] = { 24, 1, --more > 0, 16 };

		memcpy(p, it, 8);
		memcpy(p + 8, w->related_activity_id, 16);
		p += 24;
	}
	if (traits) {	/* the module writes the traits themselves */
		uint16_t it[4] = { 8 + ((traits + 7) & ~7u), 0x0C, 0, traits };

		memcpy(p, it, 8);
		p += it[0];
	}
	for (i = 0; i < w->count; i++) {
		memcpy(p, (const void *)(uintptr_t)d[i].ptr, d[i].size);
		p += d[i].size;
	}
	t->pos += need;
	__atomic_store_n(&t->m->head, t->pos, __ATOMIC_RELEASE);
	__atomic_add_fetch(&etw_stage_writes, 1, __ATOMIC_RELAXED);
	w->filter |= want;
	return (word & ETW_FAST_W_IOCTL) ? 1 : 0;
}

#endif /* _ETW_STAGE_UTIL_H */
