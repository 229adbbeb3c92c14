// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast path's ABI and its threat model (Documentation/design.rst,
 * "The fast path"; uapi linux/etw.h): stages, their meta area and
 * mapping rules, the ring, what the module overwrites, fan-out to
 * several sessions, writers that scribble, lie, stay busy, are killed,
 * fork and exit while honest writers and a consumer run; a thousand
 * threads packed into shared buffers; stages that grow and are retired;
 * blocking sessions.
 */
#include <sched.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include "etw_util.h"

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>
#include <libetw.h>

#include "../kselftest_harness.h"
#include "stage_raw.h"

#define RT_MODE		0x00000100	/* EVENT_TRACE_REAL_TIME_MODE */
#define ONE_STREAM	0x10000000	/* EVENT_TRACE_NO_PER_PROCESSOR_BUFFERING */
#define PAGE		4096u

static unsigned int seq_no;

FIXTURE(fp) {
	int fd;
	uint8_t guid[16];
	char name[64];
	uint64_t session;
	uint32_t logger;
	uint64_t h;
	uint32_t slot;
	int ofd;		/* a second session's, when a test starts one */
	uint64_t other;
};

FIXTURE_SETUP(fp)
{
	struct etw_session_info si;

	self->fd = etw_open();
	if (self->fd < 0)
		SKIP(return, "%s: %s", ETW_DEVICE_PATH, strerror(errno));
	etw_guid(self->guid, 0xFA, ++seq_no);
	self->guid[1] = getpid() & 0xFF;
	snprintf(self->name, sizeof(self->name), "fp-%d-%u", getpid(), seq_no);
	self->session = etw_start_geo(self->fd, self->name, RT_MODE, 8, 0, 64,
				      &si);
	ASSERT_NE(0, self->session);
	self->logger = si.logger_id;
	self->h = etw_reg(self->fd, self->guid, 0, &self->slot, NULL);
	ASSERT_NE(0, self->h);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
}

FIXTURE_TEARDOWN(fp)
{
	if (self->session)
		etw_stop(self->fd, self->session);
	if (self->other)
		etw_stop(self->ofd, self->other);
	if (self->ofd > 0)
		close(self->ofd);
	close(self->fd);
}

/* Read one real-time consumer's worth: every event, from the buffers. */
struct got {
	int n;
	uint16_t id[512];
	uint32_t pid[512], tid[512], cpu[512];
	uint64_t ts[512];
	uint8_t guid[512][16];
	uint32_t ktime[512];
	int nbuf;
	uint64_t flush[64];	/* each buffer's TimeStamp */
	uint64_t last[64];	/* and its last event's */
};

static int consume(int fd, const char *name, struct got *g, uint64_t *wm)
{
	struct etw_consumer_open o;
	struct etw_consumer_wait w;
	uint32_t ready[64], i;
	uint8_t *map;

	memset(&o, 0, sizeof(o));
	o.name = (uintptr_t)name;
	o.name_len = strlen(name);
	if (ioctl(fd, ETW_IOC_CONSUMER_OPEN, &o))
		return -errno;
	map = mmap(NULL, (size_t)o.nr_buffers * o.buffer_size, PROT_READ,
		   MAP_SHARED, o.fd, 0);
	memset(&w, 0, sizeof(w));
	w.ready = (uintptr_t)ready;
	w.ready_max = 64;	/* g->flush[] */
	w.flags = ETW_WAIT_F_FLUSH;
	if (map == MAP_FAILED || ioctl(o.fd, ETW_IOC_CONSUMER_WAIT, &w))
		return -errno;
	if (wm)
		*wm = w.watermark;
	memset(g, 0, sizeof(*g));
	for (i = 0; i < w.ready_count; i++) {
		const uint8_t *b = map + (size_t)ready[i] * o.buffer_size;
		uint32_t off = 72, filled;

		memcpy(&filled, b + 0x30, 4);
		memcpy(&g->flush[g->nbuf], b + 0x10, 8);
		g->last[g->nbuf] = 0;
		while (off < filled && g->n < 512) {
			const uint8_t *p = b + off;
			uint16_t size;

			memcpy(&size, p, 2);
			if (p[2] == 0x13) {
				memcpy(&g->id[g->n], p + 0x28, 2);
				memcpy(&g->tid[g->n], p + 8, 4);
				memcpy(&g->pid[g->n], p + 12, 4);
				memcpy(&g->ts[g->n], p + 0x10, 8);
				memcpy(g->guid[g->n], p + 0x18, 16);
				memcpy(&g->ktime[g->n], p + 0x38, 4);
				memcpy(&g->cpu[g->n], b + 0x28, 2);
				g->last[g->nbuf] = g->ts[g->n];
				g->n++;
			}
			off += (size + 7) & ~7u;
		}
		g->nbuf++;
	}
	munmap(map, (size_t)o.nr_buffers * o.buffer_size);
	close(o.fd);
	return 0;
}

static uint64_t lost_of(int fd, uint64_t session)
{
	struct etw_session_info si;

	memset(&si, 0, sizeof(si));
	etw_control(fd, session, ETW_CONTROL_QUERY, &si);
	return si.events_lost;
}

static int find_id(const struct got *g, uint16_t id)
{
	int k;

	for (k = 0; k < g->n; k++)
		if (g->id[k] == id)
			return k;
	return -1;
}

/* GET_INFO announces the fast path and its limits. */
TEST_F(fp, info)
{
	struct etw_info info;

	memset(&info, 0, sizeof(info));
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_GET_INFO, &info));
	EXPECT_TRUE(info.features & ETW_FEAT_FASTPATH);
	EXPECT_FALSE(info.features & ETW_FEAT_FASTPATH_V1);
	EXPECT_EQ(ETW_FAST_MAX_RECORD, info.fast_max_record);
	EXPECT_EQ(4096 - 72, info.fast_max_record);
	EXPECT_EQ(ETW_MAX_STAGES_PER_FD, info.max_stages_per_fd);
}

/*
 * STAGE_OPEN checks its argument; a stage serves every session, so any
 * file may have one; its size is the smallest class that holds what was
 * asked (1, 4, 16, 64 pages).
 */
TEST_F(fp, open_rules)
{
	static const uint32_t want[] = { 0, 1000, PAGE, 20000, 60000, 1 << 30 };
	static const uint32_t pages[] = { 1, 1, 4, 16, 16, 64 };
	struct etw_stage_open o;
	struct stage s;
	uint64_t last = 0;
	unsigned int i;
	int fd2;

	memset(&o, 0, sizeof(o));
	o.flags = 1;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_OPEN, &o));
	EXPECT_EQ(EINVAL, errno);
	memset(&o, 0, sizeof(o));
	o.__reserved[1] = 1;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_OPEN, &o));
	EXPECT_EQ(EINVAL, errno);
	memset(&o, 0, sizeof(o));
	o.id = 3;			/* out fields are 0 on input */
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_OPEN, &o));
	EXPECT_EQ(EINVAL, errno);
	/* A file that registered nothing: its stage serves whatever comes. */
	fd2 = etw_open();
	ASSERT_GE(fd2, 0);
	ASSERT_EQ(0, stage_open(fd2, 0, &s));
	EXPECT_EQ(PAGE, s.o.map_size);
	munmap(s.m, s.o.map_size);
	close(fd2);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct etw_stage_ctl c;

		ASSERT_EQ(0, stage_open(self->fd, want[i], &s));
		EXPECT_EQ(pages[i] * PAGE, s.o.map_size);
		EXPECT_EQ(pages[i] * PAGE - ETW_STAGE_META_SIZE, s.m->data_size);
		/* Offsets are never used again. */
		EXPECT_GT(s.o.id, last);
		EXPECT_EQ(ETW_MMAP_STAGE_BASE + s.o.id * ETW_STAGE_MMAP_STRIDE,
			  s.o.mmap_offset);
		last = s.o.id;
		c = (struct etw_stage_ctl){ .id = s.o.id };
		EXPECT_EQ(0, ioctl(self->fd, ETW_IOC_STAGE_CLOSE, &c));
		munmap(s.m, s.o.map_size);
	}
}

/* The meta area describes the stage; the mapping obeys its rules. */
TEST_F(fp, meta_and_mapping)
{
	struct etw_stage_ctl c;
	struct stage s;
	void *p;
	int status;
	pid_t pid;

	ASSERT_EQ(0, stage_open(self->fd, 0, &s));
	EXPECT_EQ(ETW_STAGE_META_SIZE, s.m->size);
	EXPECT_EQ(ETW_STAGE_VERSION, s.m->version);
	EXPECT_EQ(ETW_STAGE_META_SIZE, s.m->data_offset);
	EXPECT_EQ(PAGE - ETW_STAGE_META_SIZE, s.m->data_size);
	EXPECT_EQ(1, s.m->clock_type);		/* CLOCK_MONOTONIC ns */
	EXPECT_EQ((PAGE - ETW_STAGE_META_SIZE) / 2, s.m->max_record);
	EXPECT_EQ(s.o.id, s.m->id);
	EXPECT_EQ(0, s.m->head);
	EXPECT_EQ(0, s.m->tail);
	EXPECT_EQ(ETW_STAGE_S_OPEN, s.m->state);
	/* Never executable, never longer, nowhere else. */
	EXPECT_EQ(-1, mprotect(s.m, PAGE, PROT_READ | PROT_EXEC));
	p = mmap(NULL, s.o.map_size, PROT_READ | PROT_EXEC, MAP_SHARED,
		 self->fd, (off_t)s.o.mmap_offset);
	EXPECT_EQ(MAP_FAILED, p);
	p = mmap(NULL, s.o.map_size + PAGE, PROT_READ, MAP_SHARED, self->fd,
		 (off_t)s.o.mmap_offset);
	EXPECT_EQ(MAP_FAILED, p);
	p = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, self->fd,
		 (off_t)(s.o.mmap_offset + PAGE));
	EXPECT_EQ(MAP_FAILED, p);
	/* fork: MADV_DOFORK is refused, and the child has no mapping nor
	 * any say over the stage, although it holds the file. */
	EXPECT_EQ(-1, madvise(s.m, s.o.map_size, MADV_DOFORK));
	EXPECT_EQ(EINVAL, errno);
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		unsigned char vec;

		if (mincore(s.m, PAGE, &vec) == 0)
			_exit(1);	/* still mapped in the child */
		p = mmap(NULL, s.o.map_size, PROT_READ | PROT_WRITE,
			 MAP_SHARED, self->fd, (off_t)s.o.mmap_offset);
		if (p != MAP_FAILED)
			_exit(2);	/* the parent's stage, mapped */
		c = (struct etw_stage_ctl){ .id = s.o.id };
		if (ioctl(self->fd, ETW_IOC_STAGE_SEAL, &c) == 0 ||
		    errno != ENOENT)
			_exit(3);
		if (ioctl(self->fd, ETW_IOC_STAGE_CLOSE, &c) == 0 ||
		    errno != ENOENT)
			_exit(4);
		_exit(0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	/* Bad ids; bad flags; out fields. */
	c = (struct etw_stage_ctl){ .id = 999999 };
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_SEAL, &c));
	EXPECT_EQ(ENOENT, errno);
	c = (struct etw_stage_ctl){ .id = s.o.id, .flags = 1 };
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_SEAL, &c));
	EXPECT_EQ(EINVAL, errno);
	c = (struct etw_stage_ctl){ .id = s.o.id, .advice = 1 };
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_SEAL, &c));
	EXPECT_EQ(EINVAL, errno);
	c = (struct etw_stage_ctl){ .id = s.o.id, .need = 8 };
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_CLOSE, &c));
	EXPECT_EQ(EINVAL, errno);
	c = (struct etw_stage_ctl){ .id = s.o.id };
	EXPECT_EQ(0, ioctl(self->fd, ETW_IOC_STAGE_CLOSE, &c));
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_SEAL, &c));
	EXPECT_EQ(ENOENT, errno);
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_CLOSE, &c));
	EXPECT_EQ(ENOENT, errno);
	/* A closed stage cannot be mapped again. */
	p = mmap(NULL, s.o.map_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		 self->fd, (off_t)s.o.mmap_offset);
	EXPECT_EQ(MAP_FAILED, p);
}

/*
 * What the module owns it writes itself: the writer's pid, tid, GUID and
 * CPU times are lies here, the records carry the truth; the CPU of each
 * record is its buffer's ProcessorIndex; one record for two sessions is
 * written once and reaches both; a session it does not name, or that
 * does not enable its provider, gets nothing.
 */
TEST_F(fp, module_owned_fields_and_fan_out)
{
	struct etw_session_info si, si3;
	uint64_t s2, s3, both;
	struct got g;
	struct stage s;
	cpu_set_t set;
	char n2[80], n3[80];
	int i, k, ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	uint32_t v;

	snprintf(n2, sizeof(n2), "%s-2", self->name);
	snprintf(n3, sizeof(n3), "%s-3", self->name);
	s2 = etw_start_geo(self->fd, n2, RT_MODE, 8, 0, 64, &si);
	ASSERT_NE(0, s2);
	ASSERT_EQ(0, etw_enable(self->fd, s2, self->guid, 5, 0, 0));
	s3 = etw_start_geo(self->fd, n3, RT_MODE, 8, 0, 64, &si3);
	ASSERT_NE(0, s3);		/* enables nothing of ours */
	both = 1ULL << (self->logger - 1) | 1ULL << (si.logger_id - 1) |
	       1ULL << (si3.logger_id - 1);
	ASSERT_EQ(0, stage_open(self->fd, 0, &s));
	for (i = 0; i < 6; i++) {
		CPU_ZERO(&set);
		CPU_SET(i % ncpu, &set);
		ASSERT_EQ(0, sched_setaffinity(0, sizeof(set), &set));
		v = i;
		ASSERT_NE(0, stage_event(&s, self->slot, both, 100 + i, &v, 4, 0));
	}
	usleep(20);	/* past the collector's margin */
	for (k = 0; k < 2; k++) {
		ASSERT_EQ(0, consume(self->fd, k ? n2 : self->name, &g, NULL));
		ASSERT_EQ(6, g.n);
		for (i = 0; i < 6; i++) {
			int j = find_id(&g, 100 + i);

			ASSERT_LE(0, j);
			EXPECT_EQ((uint32_t)getpid(), g.pid[j]);
			EXPECT_EQ((uint32_t)syscall(SYS_gettid), g.tid[j]);
			EXPECT_EQ(0, memcmp(g.guid[j], self->guid, 16));
			EXPECT_NE(0xEEEEEEEE, g.ktime[j]);
			EXPECT_EQ((uint32_t)(i % ncpu), g.cpu[j]);
		}
	}
	ASSERT_EQ(0, consume(self->fd, n3, &g, NULL));
	EXPECT_EQ(0, g.n);
	EXPECT_EQ(0, lost_of(self->fd, self->session));
	EXPECT_EQ(0, lost_of(self->fd, s2));
	EXPECT_EQ(0, lost_of(self->fd, s3));
	etw_stop(self->fd, s2);
	etw_stop(self->fd, s3);
	/* Stop: whatever was committed before it is delivered. */
	v = 99;
	stage_event(&s, self->slot, 1ULL << (self->logger - 1), 99, &v, 4, 0);
	memset(&si, 0, sizeof(si));
	ASSERT_EQ(0, etw_control(self->fd, self->session, ETW_CONTROL_QUERY,
				 &si));
	EXPECT_EQ(0, etw_stop(self->fd, self->session));
	self->session = 0;
}

/*
 * Lies in sizes, heads, kinds, items, slots, the stash and times: each
 * costs only the liar's own records (counted lost), never the module,
 * never the honest record written after it; times stay within what the
 * collector allows, and a record from the future waits in the ring until
 * the writer's SEAL gives it up (counted).
 */
TEST_F(fp, lies_cost_only_the_liar)
{
	uint64_t me = 1ULL << (self->logger - 1), wm = 0, before, after;
	uint64_t liar;
	uint32_t v = 7, need, oslot;
	struct etw_session_info si;
	uint8_t oguid[16];
	char oname[80];
	struct got g;
	struct stage s;
	cpu_set_t set;
	uint8_t *h;
	int i, k;

	/*
	 * Another session, enabling another writer's provider: the liar's
	 * stash names it too, and it must be charged nothing (DEVELOPERS.md:
	 * a lying writer may spoil its own events, never harm anyone
	 * else's).
	 */
	self->ofd = etw_open();
	ASSERT_LE(0, self->ofd);
	memcpy(oguid, self->guid, 16);
	oguid[15] ^= 0x5A;
	snprintf(oname, sizeof(oname), "%s-other", self->name);
	self->other = etw_start_geo(self->ofd, oname, RT_MODE, 8, 0, 64, &si);
	ASSERT_NE(0, self->other);
	liar = me | 1ULL << (si.logger_id - 1);
	ASSERT_NE(0, etw_reg(self->ofd, oguid, 0, &oslot, NULL));
	ASSERT_EQ(0, etw_enable(self->ofd, self->other, oguid, 5, 0, 0));

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	ASSERT_EQ(0, sched_setaffinity(0, sizeof(set), &set));
	ASSERT_EQ(0, stage_open(self->fd, 0, &s));
	/* 1: a record that claims more than was committed (2 follows) */
	need = stage_event(&s, self->slot, me, 1, &v, 4, 0);
	h = s.data + (uint32_t)s.pos - need;
	h[0] = 0xF0;
	h[1] = 0x0F;				/* Size 4080: past head */
	stage_event(&s, self->slot, me, 2, &v, 4, 0);
	usleep(20);
	ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
	EXPECT_EQ(0, g.n);
	EXPECT_EQ(0, lost_of(self->fd, self->session));	/* not framed */
	/* 2: a head past the ring, unaligned, laps ahead: nothing taken */
	s.m->head = s.m->data_size + 8;
	ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
	s.m->head = 13;
	ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
	s.m->head = 5ULL << 32;
	ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
	EXPECT_EQ(0, g.n);
	/* start again where the module's tail is */
	s.pos = s.m->tail;
	/* 3: a wrong kind, a bad marker, a size its record denies */
	need = stage_put(&s, self->slot, liar, 4, &v, 4, 0);
	s.data[(uint32_t)s.pos + 2] = 0x0D;		/* ERROR records */
	stage_commit(&s, need);
	need = stage_put(&s, self->slot, liar, 5, &v, 4, 0);
	s.data[(uint32_t)s.pos + 3] = 0x12;		/* marker */
	stage_commit(&s, need);
	/* 4: an extended item that runs off; an unknown item type */
	need = stage_put(&s, self->slot, liar, 7, &v, 8, 0);
	h = s.data + (uint32_t)s.pos;
	h[4] = 1;					/* EXTENDED_INFO */
	h[80] = 200;					/* ItemSize */
	stage_commit(&s, need);
	need = stage_put(&s, self->slot, liar, 8, &v, 8, 0);
	h = s.data + (uint32_t)s.pos;
	h[4] = 1;
	memcpy(h + 80, "\x08\x00\x05\x00\x00\x00\x00\x00", 8);	/* STACK32 */
	stage_commit(&s, need);
	/* 5: a slot that is no registration of ours; bad stash flags */
	stage_event(&s, 2047, liar, 9, &v, 4, 0);
	need = stage_put(&s, self->slot, liar, 10, &v, 4, 0);
	s.data[(uint32_t)s.pos + ETW_STASH_FLAGS + 1] = 0x80;
	stage_commit(&s, need);
	/* 6: a CPU it did not plan: the copy no longer frames the run */
	/* 7: a time from the far past (raised), one from the future (waits) */
	stage_event(&s, self->slot, me, 12, &v, 4, 1);
	before = mono();
	/* 8: the honest one */
	stage_event(&s, self->slot, me, 13, &v, 4, 0);
	usleep(20);
	ASSERT_EQ(0, consume(self->fd, self->name, &g, &wm));
	after = mono();
	/*
	 * The kind, marker, item and flag lies (4, 5, 7, 8, 10) are lost
	 * and counted in this session, which enables their registration,
	 * and not in the other, which does not though the stash names it;
	 * 9 names no registration of the stage's file, so nobody's (one
	 * unregistered before the collect took it raced its own
	 * EventUnregister): skipped; 12 and 13 are stored, 12 with its
	 * time raised to the collector's floor.
	 */
	for (i = 0, k = 0; i < g.n; i++)
		k |= 1 << g.id[i];
	EXPECT_EQ((1 << 12) | (1 << 13), k);
	EXPECT_EQ(2, g.n);
	EXPECT_EQ(5, lost_of(self->fd, self->session));
	EXPECT_EQ(0, lost_of(self->ofd, self->other));
	for (i = 0; i < g.n; i++) {
		EXPECT_LE(g.ts[i], after);	/* no future */
		EXPECT_GT(g.ts[i], 1);		/* raised */
		if (i)
			EXPECT_GE(g.ts[i], g.ts[i - 1]);
	}
	EXPECT_LE(g.ts[find_id(&g, 13)], after);
	EXPECT_GE(g.ts[find_id(&g, 13)], before);	/* honest: unchanged */
	/* A record written "before" the watermark lands at or after it. */
	stage_event(&s, self->slot, me, 14, &v, 4, 1);
	usleep(20);
	ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
	ASSERT_EQ(1, g.n);
	EXPECT_GE(g.ts[0], wm);
	/*
	 * From the future: it waits in the ring; when the ring is full of
	 * such records, SEAL gives them up (counted) so the writer goes on.
	 */
	k = 0;
	no_seal = true;
	while (stage_event(&s, self->slot, liar, 15, &v, 4, ~0ULL >> 1))
		k++;
	no_seal = false;
	ASSERT_GT(k, 10);
	ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
	EXPECT_EQ(0, g.n);
	EXPECT_EQ(5, lost_of(self->fd, self->session));
	EXPECT_LE(0, stage_seal(&s, 1024));
	EXPECT_EQ(5 + k, lost_of(self->fd, self->session));
	EXPECT_EQ(0, lost_of(self->ofd, self->other));
	s.pos = s.m->tail;
	stage_event(&s, self->slot, me, 16, &v, 4, 0);
	usleep(20);
	ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
	ASSERT_EQ(1, g.n);
	EXPECT_EQ(16, g.id[0]);
	EXPECT_EQ(0, etw_stop(self->ofd, self->other));
	self->other = 0;
}

/* Full rings wrap: records across several laps arrive once, in order. */
TEST_F(fp, ring_wraps)
{
	uint64_t me = 1ULL << (self->logger - 1);
	uint32_t v;
	struct got g;
	struct stage s;
	int i, n = 0, seals = 0;

	ASSERT_EQ(0, stage_open(self->fd, 0, &s));
	for (i = 0; i < 150; i++) {
		uint8_t pay[120];

		memset(pay, i, sizeof(pay));
		v = i;
		memcpy(pay, &v, 4);
		ASSERT_NE(0, stage_event(&s, self->slot, me, 1000 + i, pay,
					 sizeof(pay), 0));
		if (!(i % 40)) {
			usleep(20);
			ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
			n += g.n;
			seals++;
		}
	}
	usleep(20);
	ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
	n += g.n;
	EXPECT_EQ(150, n);
	EXPECT_GE(ETW_STAGE_POS_LAP(s.pos), 3);	/* 150 x 200 B in 3904 B */
	EXPECT_EQ(0, lost_of(self->fd, self->session));
}

/*
 * A writer that keeps its stage busy while moving its head a little at
 * every collect (an unprivileged user's process) delays an honest
 * writer's events to a real-time consumer by at most a collect interval
 * past the FlushTimer, not without limit.
 */
struct creep_arg {
	const uint8_t *guid;
	volatile int *stop;
};

static int creeper(void *arg)
{
	struct creep_arg *a = arg;
	struct stage s;
	uint32_t slot, v = 0;
	int fd = etw_open();

	if (fd < 0 || !etw_reg(fd, a->guid, 0, &slot, NULL) ||
	    stage_open(fd, 0, &s))
		return 1;
	while (!*a->stop) {
		/* A record committed, then busy again with an old time. */
		uint32_t need = stage_put(&s, slot, ~0ULL, 1, &v, 4, 1);

		if (!need)
			return 2;
		stage_commit(&s, need);
		__atomic_store_n(&s.m->head, s.pos | 1, __ATOMIC_RELEASE);
		usleep(50000);
	}
	return 0;
}

static volatile long creep_seen;
static volatile uint64_t creep_lag;

static void WINAPI creep_cb(PEVENT_RECORD r)
{
	uint64_t sent, now = mono();

	if (r->EventHeader.EventDescriptor.Id != 77 || r->UserDataLength != 8)
		return;
	memcpy(&sent, r->UserData, 8);
	if (now - sent > creep_lag)
		creep_lag = now - sent;
	creep_seen++;
}

static void *creep_consume(void *arg)
{
	ProcessTrace(arg, 1, NULL, NULL);
	return NULL;
}

TEST_F(fp, busy_creeper_delays_nobody)
{
	volatile int *stop;
	struct creep_arg a = { self->guid, NULL };
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE ph;
	EVENT_DATA_DESCRIPTOR d;
	EVENT_DESCRIPTOR ed;
	REGHANDLE reg;
	pthread_t ct;
	pid_t pid;
	uint64_t t;
	int i, status;

	stop = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, stop);
	a.stop = stop;
	memset(&lf, 0, sizeof(lf));
	lf.LoggerName = self->name;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME |
			      PROCESS_TRACE_MODE_EVENT_RECORD |
			      PROCESS_TRACE_MODE_RAW_TIMESTAMP;
	lf.EventRecordCallback = creep_cb;
	ph = OpenTraceA(&lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, ph);
	ASSERT_EQ(0, pthread_create(&ct, NULL, creep_consume, &ph));
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0)
		_exit(etw_as_nobody(creeper, &a));
	ASSERT_EQ(0, EventRegister((const GUID *)self->guid, NULL, NULL, &reg));
	EventDescCreate(&ed, 77, 0, 0, 4, 0, 0, 0);
	EventDataDescCreate(&d, &t, sizeof(t));
	for (i = 0; i < 60; i++) {	/* 6 s: the lag used to grow all along */
		t = mono();
		EXPECT_EQ(0, EventWrite(reg, &ed, 1, &d));
		usleep(100000);
	}
	*stop = 1;
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	usleep(1500000);		/* a FlushTimer and a collect */
	EventUnregister(reg);
	ASSERT_EQ(0, etw_stop(self->fd, self->session));
	self->session = 0;
	pthread_join(ct, NULL);
	CloseTrace(ph);
	TH_LOG("%ld of 60 events, the longest delay %.2f s", creep_seen,
	       creep_lag / 1e9);
	EXPECT_EQ(60, creep_seen);
	/* FlushTimer 1 s + one collect interval + the consumer's wakeup */
	EXPECT_LT(creep_lag, 2500000000ULL);
	munmap((void *)stop, PAGE);
}

/* ---- a thousand threads ----------------------------------------------------- */

#define THREADS		1000
#define PER_THREAD	20

static const GUID many_guid = { 0x3A7E3A7E, 0x1000, 0x2000, { 1, 2, 3, 4, 5, 6, 7, 8 } };

struct many {
	REGHANDLE reg;
	pthread_barrier_t *start, *idle, *done;
	unsigned int failed;
	unsigned int next;	/* the threads' turns within a period */
	useconds_t period;
};

/*
 * The period between a thread's events: 50 ms (20,000 events/s from the
 * thousand threads).  The debug kernel (ETW_DEBUG_KERNEL=1, set by
 * check-debug.sh) runs the module 10 to 50 times slower under KASAN and
 * lockdep, so the same rate would be a flat-out load there: 250 ms.
 */
static useconds_t many_period(void)
{
	const char *e = getenv("ETW_DEBUG_KERNEL");

	return e && e[0] == '1' ? 250000 : 50000;
}

static void *many_main(void *arg)
{
	struct many *m = arg;
	EVENT_DATA_DESCRIPTOR d;
	EVENT_DESCRIPTOR ed;
	uint8_t pay[64];
	int i;

	memset(pay, 0x5A, sizeof(pay));
	EventDescCreate(&ed, 5, 0, 0, 4, 0, 0, 1);
	EventDataDescCreate(&d, pay, sizeof(pay));
	pthread_barrier_wait(m->start);
	/* A server's threads are not in step: each has its turn in a period. */
	usleep(m->period / THREADS *
	       __atomic_fetch_add(&m->next, 1, __ATOMIC_RELAXED));
	for (i = 0; i < PER_THREAD; i++) {
		if (EventWrite(m->reg, &ed, 1, &d))
			__atomic_add_fetch(&m->failed, 1, __ATOMIC_RELAXED);
		usleep(m->period);
	}
	pthread_barrier_wait(m->idle);	/* idle: the test reads smaps */
	pthread_barrier_wait(m->done);
	return NULL;
}

/* Resident bytes of this process's stage mappings (/proc/self/smaps). */
static long stage_rss(long *mappings)
{
	char line[512], path[64];
	long rss = 0, n = 0;
	bool in = false;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long off;
		long kb;

		if (sscanf(line, "%*x-%*x %*s %llx %*s %*u %63s", &off, path) == 2 ||
		    sscanf(line, "%*x-%*x %*s %llx", &off) == 1) {
			in = strstr(line, "/dev/etw") &&
			     off >= ETW_MMAP_STAGE_BASE;
			n += in;
		} else if (in && sscanf(line, "Rss: %ld kB", &kb) == 1) {
			rss += kb * 1024;
		}
	}
	fclose(f);
	if (mappings)
		*mappings = n;
	return rss;
}

static long file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) ? -1 : st.st_size;
}

/*
 * A thousand threads writing a 64-byte event every 50 ms (each in its
 * turn; 250 ms in the debug kernel: many_period) into a default
 * log-file session: nothing lost, the records packed into shared
 * buffers (the file at most 1.3 times their bytes), one page per idle
 * thread.  The events are read back with ProcessTrace.
 */
/* The suite also runs with ETW_FASTPATH=0 (testing.rst): no stages then. */
static bool stages_off(void)
{
	const char *e = getenv("ETW_FASTPATH");

	return e && e[0] == '0';
}

static volatile long many_read;
static GUID read_guid;		/* whose events many_cb counts */

static void WINAPI many_cb(PEVENT_RECORD r)
{
	if (IsEqualGUID(&r->EventHeader.ProviderId, &read_guid))
		many_read++;
}

TEST_F_TIMEOUT(fp, thousand_threads_pack, 240)
{
	struct {
		EVENT_TRACE_PROPERTIES p;
		char name[64];
		char file[128];
	} b;
	pthread_barrier_t start, idle, done;
	static pthread_t t[THREADS];
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE ph;
	CONTROLTRACE_ID h;
	struct many m;
	long rss, maps, fsize, records;
	char path[128];
	int i;

	snprintf(path, sizeof(path), "/tmp/fp-many-%d.etl", getpid());
	memset(&b, 0, sizeof(b));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b.p.LogFileMode = EVENT_TRACE_FILE_MODE_SEQUENTIAL;
	b.p.LoggerNameOffset = offsetof(typeof(b), name);
	b.p.LogFileNameOffset = offsetof(typeof(b), file);
	strcpy(b.file, path);
	snprintf(b.name, sizeof(b.name), "fp-many-%d", getpid());
	ASSERT_EQ(0, StartTraceA(&h, b.name, &b.p));
	ASSERT_EQ(0, EnableTraceEx2(h, &many_guid, 1, 5, 0, 0, 0, NULL));
	read_guid = many_guid;
	memset(&m, 0, sizeof(m));
	m.period = many_period();
	ASSERT_EQ(0, EventRegister(&many_guid, NULL, NULL, &m.reg));
	pthread_barrier_init(&start, NULL, THREADS + 1);
	pthread_barrier_init(&idle, NULL, THREADS + 1);
	pthread_barrier_init(&done, NULL, THREADS + 1);
	m.start = &start;
	m.idle = &idle;
	m.done = &done;
	for (i = 0; i < THREADS; i++)
		ASSERT_EQ(0, pthread_create(&t[i], NULL, many_main, &m));
	pthread_barrier_wait(&start);
	pthread_barrier_wait(&idle);
	rss = stage_rss(&maps);
	pthread_barrier_wait(&done);
	for (i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	EventUnregister(m.reg);
	memset(&b.p, 0, sizeof(b.p));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.LoggerNameOffset = offsetof(typeof(b), name);
	b.p.LogFileNameOffset = offsetof(typeof(b), file);
	ASSERT_EQ(0, ControlTraceA(h, NULL, &b.p, EVENT_TRACE_CONTROL_STOP));
	fsize = file_size(path);
	records = (long)THREADS * PER_THREAD * (80 + 64);
	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = path;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = many_cb;
	ph = OpenTraceA(&lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, ph);
	EXPECT_EQ(0, ProcessTrace(&ph, 1, NULL, NULL));
	CloseTrace(ph);
	unlink(path);
	TH_LOG("%d threads x %d events: %ld read back, %u lost, %u write "
	       "errors; file %ld bytes for %ld bytes of records (%.2fx, "
	       "%.0f B per event); %ld stage mappings, %ld bytes resident "
	       "(%.0f B per thread)", THREADS, PER_THREAD, many_read,
	       b.p.EventsLost, m.failed, fsize, records,
	       (double)fsize / records, (double)fsize / (THREADS * PER_THREAD),
	       maps, rss, (double)rss / THREADS);
	EXPECT_EQ(0, m.failed);
	EXPECT_EQ(0, b.p.EventsLost);
	EXPECT_EQ((long)THREADS * PER_THREAD, many_read);
	EXPECT_LE(fsize, records * 13 / 10);
	if (stages_off()) {
		EXPECT_EQ(0, maps);	/* ETW_FASTPATH=0: the ioctl only */
	} else {
		EXPECT_GE(maps, THREADS);
		EXPECT_LE(rss, (long)THREADS * PAGE);
	}
}

/* ---- growing and retiring --------------------------------------------------- */


static int write_param(const char *name, const char *v, char *old, size_t n)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/module/etw/parameters/%s", name);
	f = fopen(path, "r");
	if (!f || !fgets(old, n, f))
		return -1;
	fclose(f);
	f = fopen(path, "w");
	if (!f || fputs(v, f) < 0)
		return -1;
	return fclose(f);
}

/*
 * A thread writing flat out gets a larger stage; idle for stage_idle_ms,
 * the stage is retired (its pages but the first freed and unmapped); its
 * next event opens a one-page stage; every event arrives.
 */
TEST_F(fp, grow_then_retire)
{
	struct etw_fastpath_stats a, b, c;
	EVENT_DATA_DESCRIPTOR d;
	EVENT_DESCRIPTOR ed;
	REGHANDLE reg;
	uint8_t pay[64];
	char old[32];
	long rss_busy, rss_idle, maps;
	struct got g;
	int i, n = 0;

	ASSERT_EQ(0, write_param("stage_idle_ms", "300", old, sizeof(old)));
	ASSERT_EQ(0, EventRegister((const GUID *)self->guid, NULL, NULL, &reg));
	EventDescCreate(&ed, 9, 0, 0, 4, 0, 0, 0);
	EventDataDescCreate(&d, pay, sizeof(pay));
	memset(pay, 1, sizeof(pay));
	etw_fastpath_stats(&a);
	for (i = 0; i < 300; i++) {
		EXPECT_EQ(0, EventWrite(reg, &ed, 1, &d));
		if (!(i % 60)) {
			ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
			n += g.n;
		}
	}
	etw_fastpath_stats(&b);
	rss_busy = stage_rss(&maps);
	usleep(1500000);	/* idle: retired at a collect after 300 ms */
	rss_idle = stage_rss(NULL);
	EXPECT_EQ(0, EventWrite(reg, &ed, 1, &d));
	etw_fastpath_stats(&c);
	usleep(20);
	ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
	n += g.n;
	EventUnregister(reg);
	write_param("stage_idle_ms", old, old, sizeof(old));
	TH_LOG("stages %llu -> %llu -> %llu; resident %ld -> %ld bytes; %d "
	       "events", (unsigned long long)a.stages,
	       (unsigned long long)b.stages, (unsigned long long)c.stages,
	       rss_busy, rss_idle, n);
	if (stages_off()) {
		/* ETW_FASTPATH=0: no stage, every event by the ioctl */
		EXPECT_EQ(0, c.stages);
		EXPECT_EQ(0, rss_busy);
	} else {
		EXPECT_GT(b.stages, a.stages + 1);	/* it grew */
		EXPECT_GT(rss_busy, (long)PAGE);
		EXPECT_EQ((long)PAGE, rss_idle);	/* retired: one page */
		EXPECT_EQ(b.stages + 1, c.stages);	/* a new stage */
	}
	EXPECT_EQ(301, n);
	EXPECT_EQ(0, lost_of(self->fd, self->session));
}

/*
 * A fast stream's buffer says it was flushed at its last event's time,
 * not at the collect's: the collector copies records from the past, so
 * the next buffer's first record may be older than the collect, and a
 * stream's buffers must cover time ranges that do not overlap (seed
 * 001, rule 14; readers chain a CPU's buffers by these times).
 */
TEST_F(fp, fast_buffer_flush_time_is_its_last_event)
{
	uint64_t me = 1ULL << (self->logger - 1), t0, call;
	uint32_t v = 7;
	struct got g;
	struct stage s;
	int i;

	ASSERT_EQ(0, stage_open(self->fd, 0, &s));
	t0 = mono();
	for (i = 0; i < 3; i++)
		ASSERT_NE(0, stage_event(&s, self->slot, me, 20 + i, &v, 4,
					 t0 - 3000000 + i * 1000000));
	usleep(2000);
	call = mono();
	ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
	ASSERT_EQ(3, g.n);
	ASSERT_EQ(1, g.nbuf);
	EXPECT_EQ(g.ts[2], g.flush[0]);
	EXPECT_EQ(g.last[0], g.flush[0]);
	EXPECT_GT(call, g.flush[0]);
}

/* ---- blocking sessions ------------------------------------------------------- */

/* ETW_SYSINFO_BLOCKING: set, query, limits; shown in the session info. */
TEST_F(fp, blocking_info)
{
	struct etw_system_info q;
	struct etw_session_info si;
	uint32_t ms = 250, out = 0;

	memset(&q, 0, sizeof(q));
	q.session = self->session;
	q.info_class = ETW_SYSINFO_BLOCKING;
	q.flags = ETW_SYSINFO_F_SET;
	q.data = (uintptr_t)&ms;
	q.length = 4;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SYSTEM_INFO, &q))
		TH_LOG("set: %s", strerror(errno));
	q.flags = 0;
	q.data = (uintptr_t)&out;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SYSTEM_INFO, &q))
		TH_LOG("query: %s", strerror(errno));
	EXPECT_EQ(250, out);
	EXPECT_EQ(4, q.needed);
	memset(&si, 0, sizeof(si));
	ASSERT_EQ(0, etw_control(self->fd, self->session, ETW_CONTROL_QUERY,
				 &si));
	EXPECT_TRUE(si.flags & ETW_SESSION_INFO_F_BLOCKING);
	q.needed = 0;	/* out only: a request carrying one is refused */
	q.flags = ETW_SYSINFO_F_SET;
	q.data = (uintptr_t)&ms;
	ms = ETW_MAX_BLOCK_MS + 1;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_SYSTEM_INFO, &q));
	EXPECT_EQ(EINVAL, errno);
	q.length = 8;
	ms = 1;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_SYSTEM_INFO, &q));
	EXPECT_EQ(EINVAL, errno);
	q.length = 4;
	ms = 0;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SYSTEM_INFO, &q))
		TH_LOG("set 0: %s", strerror(errno));
	ASSERT_EQ(0, etw_control(self->fd, self->session, ETW_CONTROL_QUERY,
				 &si));
	EXPECT_FALSE(si.flags & ETW_SESSION_INFO_F_BLOCKING);
	q.session = 0xFFFF;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_SYSTEM_INFO, &q));
	EXPECT_EQ(ENOENT, errno);
}

/*
 * A blocking session that has no buffer when a new stage's first record
 * (ring position 0) comes keeps the record in the stage for itself, and
 * gives it up, counted, when it stops (design.rst, "Losses, blocking";
 * DEVELOPERS.md: never an event lost without being counted).  Before
 * the fix the collector took position 0 for "nothing left": the record
 * went, neither delivered nor counted (blocking_flat_out's rare miss,
 * where a writer's stage grows into a new one).
 */
TEST_F(fp, blocking_holds_a_new_stages_first_record)
{
	struct etw_session_info si;
	struct etw_system_info q;
	uint32_t ms = 30000;
	uint8_t pay[200];
	uint64_t bit, lost;
	struct stage a, b;
	char oname[80];
	int i;

	memset(pay, 0x5B, sizeof(pay));
	self->ofd = etw_open();
	ASSERT_LE(0, self->ofd);
	snprintf(oname, sizeof(oname), "%s-blk", self->name);
	/* No consumer and 16 KB of buffers at most. */
	self->other = etw_start_geo(self->ofd, oname, RT_MODE, 4, 2, 4, &si);
	ASSERT_NE(0, self->other);
	bit = 1ULL << (si.logger_id - 1);
	ASSERT_EQ(0, etw_enable(self->ofd, self->other, self->guid, 5, 0, 0));
	/* Not blocking yet: 33 KB of records fill it, the rest is counted. */
	ASSERT_EQ(0, stage_open(self->fd, 1 << 20, &a));
	for (i = 0; i < 120; i++)
		ASSERT_NE(0, stage_event(&a, self->slot, bit, 1, pay,
					 sizeof(pay), 0));
	usleep(1000);
	ASSERT_LE(0, stage_seal(&a, 0));
	EXPECT_EQ(a.m->head, a.m->tail);
	lost = lost_of(self->ofd, self->other);
	ASSERT_LT(0, lost);
	/* Blocking from now on. */
	memset(&q, 0, sizeof(q));
	q.session = self->other;
	q.info_class = ETW_SYSINFO_BLOCKING;
	q.flags = ETW_SYSINFO_F_SET;
	q.data = (uintptr_t)&ms;
	q.length = sizeof(ms);
	ASSERT_EQ(0, ioctl(self->ofd, ETW_IOC_SYSTEM_INFO, &q));
	/* A new stage: its first record, at position 0, finds no buffer. */
	ASSERT_EQ(0, stage_open(self->fd, 0, &b));
	ASSERT_EQ(0, b.pos);
	ASSERT_NE(0, stage_event(&b, self->slot, bit, 2, pay, 8, 0));
	usleep(1000);
	ASSERT_LE(0, stage_seal(&b, 0));
	/* Held: the writer still sees it in its ring. */
	EXPECT_EQ(0, b.m->tail);
	EXPECT_EQ(lost, lost_of(self->ofd, self->other));
	/* Stopping gives it up, counted. */
	memset(&si, 0, sizeof(si));
	ASSERT_EQ(0, etw_control(self->ofd, self->other, ETW_CONTROL_STOP,
				 &si));
	self->other = 0;
	EXPECT_EQ(lost + 1, si.events_lost);
}

/* Flat-out writers: thread index and sequence in each payload. */
#define FLAT_MAX	(1L << 22)
static uint8_t *flat_seen[2];
static long flat_failed[2];

struct flat_arg {
	REGHANDLE reg;
	uint32_t idx;
};

static void *flat_out(void *arg)
{
	struct flat_arg *a = arg;
	EVENT_DATA_DESCRIPTOR d;
	EVENT_DESCRIPTOR ed;
	uint8_t pay[64];
	uint64_t end = mono() + 1500000000ULL;
	long n = 0;

	memset(pay, 3, sizeof(pay));
	EventDescCreate(&ed, 11, 0, 0, 4, 0, 0, 1);
	EventDataDescCreate(&d, pay, sizeof(pay));
	while (mono() < end && n < FLAT_MAX - 64) {
		int k;

		for (k = 0; k < 64; k++, n++) {
			uint64_t tag = (uint64_t)a->idx << 32 | (uint64_t)n;

			memcpy(pay, &tag, sizeof(tag));
			if (EventWrite(a->reg, &ed, 1, &d))
				flat_failed[a->idx]++;
		}
	}
	return (void *)n;
}

static void WINAPI flat_cb(PEVENT_RECORD r)
{
	uint64_t tag;

	if (!IsEqualGUID(&r->EventHeader.ProviderId, &read_guid) ||
	    r->UserDataLength < sizeof(tag))
		return;
	memcpy(&tag, r->UserData, sizeof(tag));
	if (tag >> 32 < 2 && (uint32_t)tag < FLAT_MAX)
		flat_seen[tag >> 32][(uint32_t)tag]++;
	many_read++;
}

/*
 * Two writers flat out into a log-file session with few buffers: in
 * blocking mode they wait for the file instead of losing events, and
 * every event is in the file.  A blocking timeout of @ms: the session
 * stays congested for much longer than a short one while its file keeps
 * taking buffers back, so a writer must count the timeout from the
 * session's last progress, not from the start of its wait (design.rst,
 * "Losses, blocking").
 */
static void blocking_flat_out(struct __test_metadata *_metadata,
			      FIXTURE_DATA(fp) *self, uint32_t ms)
{
	struct {
		EVENT_TRACE_PROPERTIES p;
		char name[64];
		char file[128];
	} b;
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE ph;
	CONTROLTRACE_ID h;
	struct flat_arg fa[2];
	GUID guid;
	REGHANDLE reg;
	pthread_t t[2];
	void *r;
	long written = 0, n[2], missing = 0, dup = 0, failed;
	char path[128];
	int i;

	snprintf(path, sizeof(path), "/tmp/fp-block-%d.etl", getpid());
	memset(&b, 0, sizeof(b));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b.p.LogFileMode = EVENT_TRACE_FILE_MODE_SEQUENTIAL;
	b.p.BufferSize = 8;
	b.p.MinimumBuffers = 4;
	b.p.MaximumBuffers = 8;
	b.p.LoggerNameOffset = offsetof(typeof(b), name);
	b.p.LogFileNameOffset = offsetof(typeof(b), file);
	strcpy(b.file, path);
	snprintf(b.name, sizeof(b.name), "fp-block-%d", getpid());
	ASSERT_EQ(0, StartTraceA(&h, b.name, &b.p));
	ASSERT_EQ(0, TraceSetInformation(h, ETW_TRACE_BLOCKING_INFO, &ms,
					 sizeof(ms)));
	/* A provider of its own: the fixture's session has no consumer. */
	memcpy(&guid, self->guid, sizeof(guid));
	guid.Data4[7] ^= 0x5A;
	ASSERT_EQ(0, EnableTraceEx2(h, &guid, 1, 5, 0, 0, 0, NULL));
	ASSERT_EQ(0, EventRegister(&guid, NULL, NULL, &reg));
	for (i = 0; i < 2; i++) {
		flat_seen[i] = calloc(FLAT_MAX, 1);
		ASSERT_NE(NULL, flat_seen[i]);
		flat_failed[i] = 0;
		fa[i].reg = reg;
		fa[i].idx = i;
		ASSERT_EQ(0, pthread_create(&t[i], NULL, flat_out, &fa[i]));
	}
	for (i = 0; i < 2; i++) {
		pthread_join(t[i], &r);
		n[i] = (long)r;
		written += n[i];
	}
	EventUnregister(reg);
	memset(&b.p, 0, sizeof(b.p));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.LoggerNameOffset = offsetof(typeof(b), name);
	b.p.LogFileNameOffset = offsetof(typeof(b), file);
	ASSERT_EQ(0, ControlTraceA(h, NULL, &b.p, EVENT_TRACE_CONTROL_STOP));
	many_read = 0;
	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = path;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = flat_cb;
	read_guid = guid;
	ph = OpenTraceA(&lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, ph);
	EXPECT_EQ(0, ProcessTrace(&ph, 1, NULL, NULL));
	CloseTrace(ph);
	failed = flat_failed[0] + flat_failed[1];
	for (i = 0; i < 2; i++) {
		long j, from = -1;

		for (j = 0; j <= n[i]; j++) {
			if (j < n[i] && flat_seen[i][j] > 1)
				dup += flat_seen[i][j] - 1;
			if (j < n[i] && !flat_seen[i][j]) {
				missing++;
				if (from < 0)
					from = j;
			} else if (from >= 0) {
				TH_LOG("thread %d: events %ld..%ld of %ld missing",
				       i, from, j - 1, n[i]);
				from = -1;
			}
		}
		free(flat_seen[i]);
	}
	TH_LOG("%ld written flat out by 2 threads (%ld failed), %ld in the file (%ld missing, %ld twice), %u lost",
	       written, failed, many_read, missing, dup, b.p.EventsLost);
	/* A file that lost anything is kept for etwdump. */
	if (missing || dup || b.p.EventsLost)
		TH_LOG("kept %s", path);
	else
		unlink(path);
	EXPECT_EQ(0, b.p.EventsLost);
	EXPECT_EQ(0, failed);
	EXPECT_EQ(0, dup);
	/* Every event is in the file (the miss blocking_holds_a_new_stages_first_record pins). */
	EXPECT_EQ(0, missing);
}

TEST_F(fp, blocking_flat_out_loses_nothing)
{
	blocking_flat_out(_metadata, self, 5000);
}

/* The same with a timeout of 300 ms: slow is not stuck. */
TEST_F(fp, blocking_slow_session_is_not_stalled)
{
	blocking_flat_out(_metadata, self, 300);
}

/* ---- many processes at once ------------------------------------------------ */

#define HONEST		3
#define PER_HONEST	4000
#define MAGIC		0x484F4E45u	/* "HONE" */

struct hpay {
	uint32_t magic, writer, seq, pid;
};

/* What the adversaries did, in memory they share with the test. */
struct adv_count {
	long scribbles, forged, heads, stuck, seals, victim_events, forks;
	long honest_failed;	/* EventWrite calls that said "lost" */
};
static struct adv_count *ac;

static const GUID honest_guid = { 0x40E57000, 0x1, 0x2, { 3, 4, 5, 6, 7, 8, 9, 10 } };

static struct {
	pthread_mutex_t mu;
	uint8_t seen[HONEST][PER_HONEST];
	long dup, corrupt, other, total;
	pid_t pid[HONEST];
} hc = { .mu = PTHREAD_MUTEX_INITIALIZER };

static VOID WINAPI honest_cb(PEVENT_RECORD r)
{
	struct hpay p;
	int w;

	hc.total++;
	/* Whose it is says the kernel-stamped process id, not the payload. */
	for (w = 0; w < HONEST && hc.pid[w] != (pid_t)r->EventHeader.ProcessId; w++)
		;
	if (w == HONEST) {
		hc.other++;	/* an adversary's, whatever it claims */
		return;
	}
	memset(&p, 0, sizeof(p));
	if (r->UserDataLength == sizeof(p))
		memcpy(&p, r->UserData, sizeof(p));
	if (!IsEqualGUID(&r->EventHeader.ProviderId, &honest_guid) ||
	    r->UserDataLength != sizeof(p) || p.magic != MAGIC ||
	    p.writer != (uint32_t)w || p.seq >= PER_HONEST ||
	    p.pid != r->EventHeader.ProcessId) {
		hc.corrupt++;	/* taken for an honest writer's: must not be */
		return;
	}
	if (hc.seen[w][p.seq]++)
		hc.dup++;
}

/* An honest provider through libetw (the fast path unless ETW_FASTPATH=0). */
static void honest_main(int w, int go)
{
	EVENT_DATA_DESCRIPTOR d;
	EVENT_DESCRIPTOR ed;
	struct hpay p = { MAGIC, (uint32_t)w, 0, (uint32_t)getpid() };
	REGHANDLE reg;
	char c;
	int i;

	if (EventRegister(&honest_guid, NULL, NULL, &reg))
		_exit(20);
	if (read(go, &c, 1) != 1)
		_exit(21);
	EventDescCreate(&ed, 1, 0, 0, 4, 0, 0, 0);
	EventDataDescCreate(&d, &p, sizeof(p));
	for (i = 0; i < PER_HONEST; i++) {
		p.seq = i;
		/* only the ioctl path can say "lost" here; counted too */
		if (EventWrite(reg, &ed, 1, &d))
			__atomic_add_fetch(&ac->honest_failed, 1,
					   __ATOMIC_RELAXED);
		if (!(i & 15))
			usleep(10000);	/* seconds among the adversaries */
	}
	EventUnregister(reg);
	_exit(0);
}

/*
 * Random bytes over its stage, random heads, seals, busy forever, and
 * records that claim to be the honest writers' (their provider, pid and
 * payload).
 */
static void scribbler_main(int seed)
{
	struct stage s;
	uint32_t slot, i;
	int fd = etw_open();
	uint8_t g[16];

	memcpy(g, &honest_guid, 16);
	srand(seed);
	if (!etw_reg(fd, g, 0, &slot, NULL) || stage_open(fd, rand() % 60000, &s))
		_exit(30);
	for (i = 0;; i++) {
		struct hpay p = { MAGIC, rand() % HONEST, rand() % PER_HONEST,
				  hc.pid[rand() % HONEST] };
		uint32_t k, n = rand() % 4;

		switch (rand() % 4) {
		case 0:		/* noise */
			for (k = 0; k < 256; k++)
				s.data[rand() % s.m->data_size] = rand();
			s.m->head = (uint64_t)rand() << 3;
			__atomic_add_fetch(&ac->scribbles, 1, __ATOMIC_RELAXED);
			break;
		case 1:		/* forged honest events, then lies */
			s.pos = s.m->tail;
			for (k = 0; k < n; k++)
				stage_event(&s, slot, ~0ULL, 1, &p, sizeof(p),
					    rand() & 1 ? 0 : (uint64_t)rand());
			if (rand() & 1)
				*(uint16_t *)(s.data + (uint32_t)s.m->tail) =
					rand();
			__atomic_add_fetch(&ac->forged, n, __ATOMIC_RELAXED);
			break;
		case 2:		/* a head anywhere */
			s.m->head = ((uint64_t)rand() << 32) | rand();
			__atomic_add_fetch(&ac->heads, 1, __ATOMIC_RELAXED);
			break;
		default:	/* stuck in the middle of a record */
			s.m->head |= rand() & 1;
			__atomic_add_fetch(&ac->stuck, 1, __ATOMIC_RELAXED);
			break;
		}
		if (rand() % 16 == 0) {
			stage_seal(&s, rand() % 8192);
			__atomic_add_fetch(&ac->seals, 1, __ATOMIC_RELAXED);
		}
		if (!(i & 7))
			usleep(2000);
	}
}

/* A writer killed at a random point, again and again. */
static void victim_main(void)
{
	uint8_t g[16];
	uint32_t slot, v = 0;
	struct stage s;
	int fd = etw_open();

	memcpy(g, &honest_guid, 16);
	if (!etw_reg(fd, g, 0, &slot, NULL) || stage_open(fd, 0, &s))
		_exit(40);
	for (;;) {
		stage_event(&s, slot, ~0ULL, 2, &v, 4, 0);
		__atomic_add_fetch(&ac->victim_events, 1, __ATOMIC_RELAXED);
		if (!(++v & 7))
			usleep(1000);
	}
}

/* Forks children that write and exit; writes in between. */
static void forker_main(void)
{
	EVENT_DATA_DESCRIPTOR d;
	EVENT_DESCRIPTOR ed;
	REGHANDLE reg;
	uint32_t v = 0;

	EventDescCreate(&ed, 3, 0, 0, 4, 0, 0, 0);
	EventDataDescCreate(&d, &v, sizeof(v));
	if (EventRegister(&honest_guid, NULL, NULL, &reg))
		_exit(50);
	for (;;) {
		pid_t c;
		int i;

		for (i = 0; i < 50; i++)
			EventWrite(reg, &ed, 1, &d);
		c = fork();
		__atomic_add_fetch(&ac->forks, 1, __ATOMIC_RELAXED);
		if (c == 0) {
			REGHANDLE r2;

			/* the parent's handle means nothing here */
			EventWrite(reg, &ed, 1, &d);
			if (!EventRegister(&honest_guid, NULL, NULL, &r2))
				for (i = 0; i < 50; i++)
					EventWrite(r2, &ed, 1, &d);
			_exit(0);
		}
		if (c > 0)
			waitpid(c, NULL, 0);
	}
}

static void *consumer_main(void *arg)
{
	PROCESSTRACE_HANDLE *ph = arg;

	ProcessTrace(ph, 1, NULL, NULL);
	return NULL;
}

/*
 * Adversaries against honest writers and a consumer, all at once for a
 * few seconds: every honest event is delivered exactly once, no forged
 * one is taken for an honest one, the consumer survives, the kernel
 * stays quiet (the VM runner checks its log).
 */
TEST_F(fp, adversaries_and_honest_writers)
{
	pid_t honest[HONEST], adv[3], victim = 0;
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE ph;
	struct etw_session_info si;
	pthread_t ct;
	int go[2], i, w, status, kills = 0, missing = 0;

	ac = mmap(NULL, sizeof(*ac), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, ac);
	/*
	 * Room for what the consumer has not read yet: the adversaries
	 * attack the fast path, not the session's capacity (a flood loses
	 * events through any path).
	 */
	ASSERT_EQ(0, etw_stop(self->fd, self->session));
	self->session = etw_start_geo(self->fd, self->name, RT_MODE, 64, 0, 128,
				      &si);
	ASSERT_NE(0, self->session);
	self->logger = si.logger_id;
	/* the honest provider, enabled by this session */
	ASSERT_EQ(0, etw_enable(self->fd, self->session,
				(const uint8_t *)&honest_guid, 5, 0, 0));
	memset(&lf, 0, sizeof(lf));
	lf.LoggerName = self->name;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME |
			      PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = honest_cb;
	ph = OpenTraceA(&lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, ph);
	ASSERT_EQ(0, pthread_create(&ct, NULL, consumer_main, &ph));
	ASSERT_EQ(0, pipe(go));
	for (w = 0; w < HONEST; w++) {
		honest[w] = fork();
		ASSERT_GE(honest[w], 0);
		if (honest[w] == 0)
			honest_main(w, go[0]);
		hc.pid[w] = honest[w];
	}
	for (i = 0; i < 2; i++) {
		adv[i] = fork();
		ASSERT_GE(adv[i], 0);
		if (adv[i] == 0)
			scribbler_main(1000 + i);
	}
	adv[2] = fork();
	ASSERT_GE(adv[2], 0);
	if (adv[2] == 0)
		forker_main();
	usleep(200000);
	ASSERT_EQ(HONEST, write(go[1], "GGG", HONEST));
	/* Kill victims at random points until the honest writers are done. */
	for (;;) {
		int done = 0;

		if (victim) {
			kill(victim, SIGKILL);
			waitpid(victim, NULL, 0);
			kills++;
		}
		victim = fork();
		ASSERT_GE(victim, 0);
		if (victim == 0)
			victim_main();
		usleep(20000 + rand() % 60000);
		for (w = 0; w < HONEST; w++)
			if (honest[w] && waitpid(honest[w], &status, WNOHANG) ==
			    honest[w]) {
				EXPECT_TRUE(WIFEXITED(status));
				EXPECT_EQ(0, WEXITSTATUS(status));
				honest[w] = 0;
			}
		for (w = 0; w < HONEST; w++)
			done += !honest[w];
		if (done == HONEST)
			break;
	}
	kill(victim, SIGKILL);
	waitpid(victim, NULL, 0);
	for (i = 0; i < 3; i++) {
		kill(adv[i], SIGKILL);
		waitpid(adv[i], NULL, 0);
	}
	memset(&si, 0, sizeof(si));
	ASSERT_EQ(0, etw_control(self->fd, self->session, ETW_CONTROL_STOP, &si));
	self->session = 0;
	pthread_join(ct, NULL);
	CloseTrace(ph);
	for (w = 0; w < HONEST; w++)
		for (i = 0; i < PER_HONEST; i++)
			missing += !hc.seen[w][i];
	TH_LOG("%d honest x %d events: %d missing, %ld duplicated, %ld "
	       "corrupt; adversaries: %ld scribbles, %ld forged honest "
	       "records, %ld wild heads, %ld stuck marks, %ld seals, %d "
	       "writers killed after %ld events, %ld forks; %ld of their "
	       "events delivered as theirs; the session counted %u lost; "
	       "%ld honest writes failed",
	       HONEST, PER_HONEST, missing, hc.dup, hc.corrupt, ac->scribbles,
	       ac->forged, ac->heads, ac->stuck, ac->seals, kills,
	       ac->victim_events, ac->forks, hc.other, si.events_lost,
	       ac->honest_failed);
	EXPECT_EQ(ac->honest_failed, missing);
	EXPECT_EQ(0, ac->honest_failed);
	EXPECT_EQ(0, hc.dup);
	EXPECT_EQ(0, hc.corrupt);
	EXPECT_GT(kills, 0);
}

TEST_HARNESS_MAIN
