/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A stage written from the ABI alone (uapi linux/etw.h, "The fast
 * path"), with room for lies: what the tests of the fast path's threat
 * model write with (fastpath_test, collector_test).  Include after
 * etw_util.h.
 */
#ifndef _ETW_STAGE_RAW_H
#define _ETW_STAGE_RAW_H

#include <sched.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <time.h>

/* A stage of ours, written from the ABI with room for lies. */
struct stage {
	int fd;
	struct etw_stage_open o;
	struct etw_stage_meta *m;
	uint8_t *data;
	uint64_t pos;
};

static int stage_open(int fd, uint32_t want, struct stage *s)
{
	memset(s, 0, sizeof(*s));
	s->fd = fd;
	s->o.want = want;
	if (ioctl(fd, ETW_IOC_STAGE_OPEN, &s->o))
		return -errno;
	s->m = mmap(NULL, s->o.map_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		    fd, (off_t)s->o.mmap_offset);
	if (s->m == MAP_FAILED)
		return -errno;
	s->data = (uint8_t *)s->m + s->m->data_offset;
	return 0;
}

static int stage_seal(struct stage *s, uint32_t need)
{
	struct etw_stage_ctl c = { .id = s->o.id, .need = need };

	return ioctl(s->fd, ETW_IOC_STAGE_SEAL, &c) ? -errno : (int)c.advice;
}

static uint64_t mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

/* Room for @need bytes at s->pos by the uapi's rules (wrap, SEAL). */
static bool no_seal;	/* full: fail instead of asking the module */

static int stage_room(struct stage *s, uint32_t need)
{
	int i;

	for (i = 0; i < 4; i++) {
		uint64_t tail = s->m->tail;
		uint32_t hl = s->pos >> 32, ho = (uint32_t)s->pos;
		uint32_t tl = tail >> 32, to = (uint32_t)tail;

		if ((tl == hl && ho + need <= s->m->data_size) ||
		    (tl + 1 == hl && ho + need <= to))
			return 0;
		if (tl == hl && need <= to) {
			if (ho < s->m->data_size)
				memset(s->data + ho, 0, 2);
			s->pos = (uint64_t)(hl + 1) << 32;
			continue;
		}
		if (no_seal || stage_seal(s, need) < 0)
			return -1;
	}
	return -1;
}

/*
 * Stage one EVENT_HEADER64 record of slot @slot for @sessions, with
 * @len payload bytes at @pay; the fields the module owns hold lies
 * (0xEE), but for the stash.  @ts 0: now.  Not committed: the caller
 * stores head (stage_commit()), or lies about it.  Returns its bytes.
 */
static uint32_t stage_put(struct stage *s, uint16_t slot, uint64_t sessions,
			  uint16_t id, const void *pay, uint16_t len, uint64_t ts)
{
	uint16_t size = 80 + len, cpu = sched_getcpu();
	uint32_t need = (size + 7) & ~7u;
	uint8_t *h;

	if (stage_room(s, need))
		return 0;
	h = s->data + (uint32_t)s->pos;
	__atomic_store_n(&s->m->head, s->pos | 1, __ATOMIC_RELAXED);
	memset(h, 0xEE, need);		/* lies everywhere */
	memcpy(h, &size, 2);
	h[2] = 0x13;
	h[3] = 0xC0;
	h[4] = h[5] = 0;		/* no items */
	h[6] = h[7] = 0;		/* the stash's flags */
	memcpy(h + ETW_STASH_SLOT, &slot, 2);
	memcpy(h + ETW_STASH_CPU, &cpu, 2);
	if (!ts)
		ts = mono();
	memcpy(h + 0x10, &ts, 8);
	memcpy(h + ETW_STASH_SESSIONS, &sessions, 8);
	memcpy(h + 0x28, &id, 2);
	h[0x2C] = 4;			/* level */
	memset(h + 0x30, 0, 8);		/* keyword 0 */
	memcpy(h + 80, pay, len);
	return need;
}

static void stage_commit(struct stage *s, uint32_t need)
{
	s->pos += need;
	__atomic_store_n(&s->m->head, s->pos, __ATOMIC_RELEASE);
}

static uint32_t stage_event(struct stage *s, uint16_t slot, uint64_t sessions,
			    uint16_t id, const void *pay, uint16_t len,
			    uint64_t ts)
{
	uint32_t need = stage_put(s, slot, sessions, id, pay, len, ts);

	if (need)
		stage_commit(s, need);
	return need;
}

#endif /* _ETW_STAGE_RAW_H */
