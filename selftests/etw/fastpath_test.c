// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast path's ABI and its threat model (Documentation/design.rst,
 * "The fast path"; uapi linux/etw.h): stages, their meta page and
 * mapping rules, what the module overwrites, and writers that scribble,
 * lie, stop in the middle of a record, are killed, fork and exit while
 * honest writers and a consumer run: no splat (the VM runner checks the
 * kernel log), no consumer crash, every honest event delivered once.
 */
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/syscall.h>
#include "etw_util.h"

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>
#include <libetw.h>

#include "../kselftest_harness.h"

#define RT_MODE		0x00000100	/* EVENT_TRACE_REAL_TIME_MODE */
#define ONE_STREAM	0x10000000	/* EVENT_TRACE_NO_PER_PROCESSOR_BUFFERING */

static unsigned int seq_no;

FIXTURE(fp) {
	int fd;
	uint8_t guid[16];
	char name[64];
	uint64_t session;
	uint32_t logger;
	uint64_t h;
	uint32_t slot;
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
	close(self->fd);
}

/* A stage of ours: the ioctl, the mapping, a cursor. */
struct stage {
	int fd;
	struct etw_stage_open o;
	struct etw_stage_meta *m;
	uint8_t *data;
	uint32_t head;
};

static int stage_open(int fd, uint32_t logger, struct stage *s)
{
	memset(s, 0, sizeof(*s));
	s->fd = fd;
	s->o.logger_id = logger;
	if (ioctl(fd, ETW_IOC_STAGE_OPEN, &s->o))
		return -errno;
	s->m = mmap(NULL, s->o.map_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		    fd, (off_t)s->o.mmap_offset);
	if (s->m == MAP_FAILED)
		return -errno;
	s->data = (uint8_t *)s->m + s->m->data_offset;
	return 0;
}

static int stage_seal(struct stage *s)
{
	struct etw_stage_ctl c = { .id = s->o.id };

	s->head = 0;
	return ioctl(s->fd, ETW_IOC_STAGE_SEAL, &c) ? -errno : 0;
}

static uint64_t mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

/*
 * Stage one EVENT_HEADER64 record with @len payload bytes at @pay; the
 * fields the module owns are filled with lies (pid, tid, GUID, CPU
 * times).  @ts 0: now.  Returns its size in the stage.
 */
static uint32_t stage_event(struct stage *s, uint16_t slot, uint16_t id,
			    const void *pay, uint16_t len, uint64_t ts)
{
	struct etw_stage_rec *pre = (void *)(s->data + s->head);
	uint8_t *h = (uint8_t *)(pre + 1);
	uint16_t size = 80 + len;
	uint32_t need = 16 + ((size + 7) & ~7u), lie = 1;

	__atomic_exchange_n(&s->m->busy, 1, __ATOMIC_SEQ_CST);
	pre->timestamp = ts ? ts : mono();
	pre->size = size;
	pre->flags = 0;
	pre->slot = slot;
	pre->cpu = sched_getcpu();
	memset(h, 0xEE, need - 16);	/* lies everywhere */
	memcpy(h, &size, 2);
	h[2] = 0x13;
	h[3] = 0xC0;
	h[4] = h[5] = 0;		/* no items */
	h[6] = h[7] = 0;
	memcpy(h + 8, &lie, 4);		/* thread id 1 */
	memcpy(h + 12, &lie, 4);	/* process id 1 */
	memcpy(h + 0x28, &id, 2);
	h[0x2C] = 4;			/* level */
	memset(h + 0x30, 0, 8);		/* keyword 0 */
	memcpy(h + 80, pay, len);
	s->head += need;
	__atomic_store_n(&s->m->head, s->head, __ATOMIC_RELEASE);
	__atomic_store_n(&s->m->busy, 0, __ATOMIC_RELEASE);
	return need;
}

/* Read one real-time consumer's worth: every event, from the buffers. */
struct got {
	int n;
	uint16_t id[256];
	uint32_t pid[256], tid[256], cpu[256];
	uint64_t ts[256];
	uint8_t guid[256][16];
	uint32_t ktime[256];
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
	w.ready_max = 64;
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
		while (off < filled && g->n < 256) {
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
				g->n++;
			}
			off += (size + 7) & ~7u;
		}
	}
	munmap(map, (size_t)o.nr_buffers * o.buffer_size);
	close(o.fd);
	return 0;
}

static uint64_t lost(FIXTURE_DATA(fp) *self)
{
	struct etw_session_info si;

	memset(&si, 0, sizeof(si));
	etw_control(self->fd, self->session, ETW_CONTROL_QUERY, &si);
	return si.events_lost;
}

/* GET_INFO announces the fast path and its limits. */
TEST_F(fp, info)
{
	struct etw_info info;

	memset(&info, 0, sizeof(info));
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_GET_INFO, &info));
	EXPECT_TRUE(info.features & ETW_FEAT_FASTPATH);
	EXPECT_EQ(ETW_FAST_MAX_RECORD, info.fast_max_record);
	EXPECT_EQ(4096 - 72, info.fast_max_record);
	EXPECT_EQ(ETW_MAX_STAGES_PER_FD, info.max_stages_per_fd);
}

/* STAGE_OPEN checks its argument and who may have a stage. */
TEST_F(fp, open_rules)
{
	struct etw_stage_open o;
	struct etw_session_info si;
	uint64_t other;
	int fd2;

	memset(&o, 0, sizeof(o));
	o.logger_id = self->logger;
	o.flags = 1;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_OPEN, &o));
	EXPECT_EQ(EINVAL, errno);
	memset(&o, 0, sizeof(o));
	o.logger_id = self->logger;
	o.__reserved[1] = 1;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_OPEN, &o));
	EXPECT_EQ(EINVAL, errno);
	memset(&o, 0, sizeof(o));
	o.logger_id = self->logger;
	o.id = 3;			/* out fields are 0 on input */
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_OPEN, &o));
	EXPECT_EQ(EINVAL, errno);
	memset(&o, 0, sizeof(o));
	o.logger_id = 0;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_OPEN, &o));
	EXPECT_EQ(EINVAL, errno);
	o.logger_id = ETW_MAX_SESSIONS + 1;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_OPEN, &o));
	EXPECT_EQ(EINVAL, errno);
	/* A file none of whose registrations the session enables: no. */
	fd2 = etw_open();
	ASSERT_GE(fd2, 0);
	o.logger_id = self->logger;
	EXPECT_EQ(-1, ioctl(fd2, ETW_IOC_STAGE_OPEN, &o));
	EXPECT_EQ(ENOENT, errno);
	close(fd2);
	/* A single-stream session stays single: the ioctl path only. */
	snprintf(self->name, sizeof(self->name), "fp1-%d-%u", getpid(), seq_no);
	other = etw_start_geo(self->fd, self->name, RT_MODE | ONE_STREAM, 0, 0,
			      0, &si);
	ASSERT_NE(0, other);
	ASSERT_EQ(0, etw_enable(self->fd, other, self->guid, 5, 0, 0));
	memset(&o, 0, sizeof(o));
	o.logger_id = si.logger_id;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_OPEN, &o));
	EXPECT_EQ(EOPNOTSUPP, errno);
	etw_stop(self->fd, other);
}

/* The meta page describes the stage; the mapping obeys its rules. */
TEST_F(fp, meta_page_and_mapping)
{
	struct etw_stage_ctl c;
	struct stage s;
	void *p;
	int status;
	pid_t pid;

	ASSERT_EQ(0, stage_open(self->fd, self->logger, &s));
	EXPECT_EQ(ETW_STAGE_META_SIZE, s.m->size);
	EXPECT_EQ(ETW_STAGE_VERSION, s.m->version);
	EXPECT_EQ((uint32_t)getpagesize(), s.m->data_offset);
	EXPECT_EQ(8192 - 72, s.m->data_size);
	EXPECT_EQ(self->session, s.m->session);
	EXPECT_EQ(self->logger, s.m->logger_id);
	EXPECT_EQ(1, s.m->clock_type);		/* QPC */
	EXPECT_EQ(ETW_FAST_MAX_RECORD, s.m->max_record);
	EXPECT_EQ(0, s.m->head);
	EXPECT_EQ(0, s.m->closed);
	EXPECT_GE(s.o.map_size, s.m->data_offset + s.m->data_size);
	/* Never executable, never longer, nowhere else. */
	EXPECT_EQ(-1, mprotect(s.m, getpagesize(), PROT_READ | PROT_EXEC));
	p = mmap(NULL, s.o.map_size, PROT_READ | PROT_EXEC, MAP_SHARED,
		 self->fd, (off_t)s.o.mmap_offset);
	EXPECT_EQ(MAP_FAILED, p);
	p = mmap(NULL, s.o.map_size + getpagesize(), PROT_READ, MAP_SHARED,
		 self->fd, (off_t)s.o.mmap_offset);
	EXPECT_EQ(MAP_FAILED, p);
	p = mmap(NULL, getpagesize(), PROT_READ, MAP_SHARED, self->fd,
		 (off_t)(s.o.mmap_offset + getpagesize()));
	EXPECT_EQ(MAP_FAILED, p);
	/* fork: MADV_DOFORK is refused, and the child has no mapping nor
	 * any say over the stage, although it holds the file. */
	EXPECT_EQ(-1, madvise(s.m, s.o.map_size, MADV_DOFORK));
	EXPECT_EQ(EINVAL, errno);
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		unsigned char vec;

		if (mincore(s.m, getpagesize(), &vec) == 0)
			_exit(1);	/* still mapped in the child */
		p = mmap(NULL, s.o.map_size, PROT_READ | PROT_WRITE,
			 MAP_SHARED, self->fd, (off_t)s.o.mmap_offset);
		if (p != MAP_FAILED)
			_exit(2);	/* the parent's stage, mapped */
		c = (struct etw_stage_ctl){ .id = s.o.id };
		if (ioctl(self->fd, ETW_IOC_STAGE_SEAL, &c) == 0 ||
		    errno != ENOENT)
			_exit(3);
		_exit(0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	/* Bad ids; bad flags. */
	c = (struct etw_stage_ctl){ .id = 999 };
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_SEAL, &c));
	EXPECT_EQ(ENOENT, errno);
	c = (struct etw_stage_ctl){ .id = s.o.id, .flags = 1 };
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_SEAL, &c));
	EXPECT_EQ(EINVAL, errno);
	c = (struct etw_stage_ctl){ .id = s.o.id };
	EXPECT_EQ(0, ioctl(self->fd, ETW_IOC_STAGE_CLOSE, &c));
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_STAGE_SEAL, &c));
	EXPECT_EQ(ENOENT, errno);
}

/*
 * What the module owns it writes itself: the writer's pid, tid, GUID and
 * CPU times are lies here, the records carry the truth; the CPU of each
 * record is the buffer's ProcessorIndex; a session stop drains and
 * closes the stage.
 */
TEST_F(fp, module_owned_fields)
{
	struct got g;
	struct stage s;
	cpu_set_t set;
	int i, ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	uint32_t v;

	ASSERT_EQ(0, stage_open(self->fd, self->logger, &s));
	for (i = 0; i < 6; i++) {
		CPU_ZERO(&set);
		CPU_SET(i % ncpu, &set);
		ASSERT_EQ(0, sched_setaffinity(0, sizeof(set), &set));
		v = i;
		stage_event(&s, self->slot, 100 + i, &v, 4, 0);
	}
	ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
	ASSERT_EQ(6, g.n);
	for (i = 0; i < 6; i++) {
		int k;

		for (k = 0; k < 6 && g.id[k] != 100 + i; k++)
			;
		ASSERT_LT(k, 6);
		EXPECT_EQ((uint32_t)getpid(), g.pid[k]);
		EXPECT_EQ((uint32_t)syscall(SYS_gettid), g.tid[k]);
		EXPECT_EQ(0, memcmp(g.guid[k], self->guid, 16));
		EXPECT_NE(0xEEEEEEEE, g.ktime[k]);
		EXPECT_EQ((uint32_t)(i % ncpu), g.cpu[k]);
	}
	EXPECT_EQ(0, lost(self));
	/* Stop: whatever was committed is drained, then the stage closes. */
	v = 99;
	stage_event(&s, self->slot, 99, &v, 4, 0);
	ASSERT_EQ(0, etw_stop(self->fd, self->session));
	self->session = 0;
	EXPECT_NE(0, s.m->closed);
	EXPECT_EQ(-ESHUTDOWN, stage_seal(&s));
}

/*
 * Lies in sizes, heads, kinds, items, slots and times: each costs only
 * the liar's own record (counted lost), never the module, never the
 * honest record written after it; times are kept at or below the drain
 * and never below the watermark already given.
 */
TEST_F(fp, lies_cost_only_the_liar)
{
	struct etw_stage_rec *pre;
	uint64_t wm = 0, after;
	struct got g;
	struct stage s;
	cpu_set_t set;
	uint32_t v = 7;
	uint8_t *h;
	int i, k;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	ASSERT_EQ(0, sched_setaffinity(0, sizeof(set), &set));
	ASSERT_EQ(0, stage_open(self->fd, self->logger, &s));
	/* 1: a record whose prefix claims more than was committed */
	stage_event(&s, self->slot, 1, &v, 4, 0);
	pre = (void *)s.data;
	pre->size = 4000;
	stage_event(&s, self->slot, 2, &v, 4, 0);	/* swallowed by 1 */
	ASSERT_EQ(0, stage_seal(&s));
	/* 2: a head past the data area, unaligned, backwards */
	s.m->head = s.m->data_size + 8;
	ASSERT_EQ(0, stage_seal(&s));
	s.m->head = 13;
	ASSERT_EQ(0, stage_seal(&s));
	stage_event(&s, self->slot, 3, &v, 4, 0);
	s.m->head = 0;		/* took it back: never seen, not counted */
	ASSERT_EQ(0, stage_seal(&s));
	/* 3: a wrong kind, a bad marker, a size its record denies */
	stage_event(&s, self->slot, 4, &v, 4, 0);
	h = s.data + s.head - 104 + 16;
	h[2] = 0x0D;					/* ERROR records */
	stage_event(&s, self->slot, 5, &v, 4, 0);
	h = s.data + s.head - 104 + 16;
	h[3] = 0x12;
	stage_event(&s, self->slot, 6, &v, 4, 0);
	h = s.data + s.head - 104 + 16;
	h[0] = 200;					/* Size != prefix */
	/* 4: an extended item that runs off; an unknown item type */
	stage_event(&s, self->slot, 7, &v, 4, 0);
	h = s.data + s.head - 104 + 16;
	h[4] = 1;					/* EXTENDED_INFO */
	h[80] = 200;					/* ItemSize */
	stage_event(&s, self->slot, 8, &v, 4, 0);
	h = s.data + s.head - 104 + 16;
	h[4] = 1;
	memcpy(h + 80, "\x08\x00\x05\x00\x00\x00\x00\x00", 8);	/* STACK32 */
	/* 5: a slot that is no registration of ours; a bad prefix flag */
	stage_event(&s, 2047, 9, &v, 4, 0);
	stage_event(&s, self->slot, 10, &v, 4, 0);
	pre = (void *)(s.data + s.head - 104);
	pre->flags = 0x8000;
	/* 6: times from the future and the far past */
	stage_event(&s, self->slot, 11, &v, 4, ~0ULL >> 1);
	stage_event(&s, self->slot, 12, &v, 4, 1);
	/* 7: the honest one */
	stage_event(&s, self->slot, 13, &v, 4, 0);
	ASSERT_EQ(0, consume(self->fd, self->name, &g, &wm));
	after = mono();
	/*
	 * Lost and counted: 1 (with 2, which it swallowed), the two bad
	 * heads, 4 to 8 and 10; 9 is no registration of ours (dropped,
	 * not counted, as a write for a disabled provider); 11, 12, 13
	 * are stored, 11 and 12 with times the module bounded.
	 */
	for (i = 0, k = 0; i < g.n; i++)
		k |= 1 << g.id[i];
	EXPECT_EQ((1 << 11) | (1 << 12) | (1 << 13), k);
	EXPECT_EQ(3, g.n);
	EXPECT_EQ(1 + 2 + 5 + 1, lost(self));
	for (i = 0; i < g.n; i++) {
		EXPECT_LE(g.ts[i], after);	/* no future */
		if (i)
			EXPECT_GE(g.ts[i], g.ts[i - 1]);
	}
	/* A record written "before" the watermark lands after it. */
	stage_event(&s, self->slot, 14, &v, 4, 1);
	ASSERT_EQ(0, consume(self->fd, self->name, &g, NULL));
	ASSERT_EQ(1, g.n);
	EXPECT_GE(g.ts[0], wm);
}

/*
 * A writer stopped inside a record (busy, nothing committed) holds the
 * watermark back only until two flushes found it so; the record, never
 * committed, is never delivered; the honest writer's events all are.
 */
TEST_F(fp, stuck_writer_is_cut)
{
	struct etw_consumer_open o;
	struct etw_consumer_wait w;
	uint32_t ready[64];
	struct stage s;
	uint64_t t0, wm[3];
	int i;

	ASSERT_EQ(0, stage_open(self->fd, self->logger, &s));
	__atomic_exchange_n(&s.m->busy, 1, __ATOMIC_SEQ_CST);
	memset(s.data, 0x13, 64);		/* half a record, never committed */
	t0 = mono();
	memset(&o, 0, sizeof(o));
	o.name = (uintptr_t)self->name;
	o.name_len = strlen(self->name);
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_CONSUMER_OPEN, &o));
	for (i = 0; i < 3; i++) {
		memset(&w, 0, sizeof(w));
		w.ready = (uintptr_t)ready;
		w.ready_max = 64;
		w.flags = ETW_WAIT_F_FLUSH;
		ASSERT_EQ(0, ioctl(o.fd, ETW_IOC_CONSUMER_WAIT, &w));
		wm[i] = w.watermark;
		EXPECT_EQ(0, w.ready_count);
		usleep(1000);
	}
	EXPECT_LT(wm[0], t0);		/* held at the stage's floor */
	EXPECT_GT(wm[2], t0);		/* cut: free again */
	close(o.fd);
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

/* Random bytes over its stages, random heads, seals, and records that
 * claim to be the honest writers' (their provider, pid and payload). */
static void scribbler_main(const char *name, uint32_t logger, int seed)
{
	struct stage s;
	uint32_t slot, i;
	int fd = etw_open();
	uint64_t h;
	uint8_t g[16];

	memcpy(g, &honest_guid, 16);
	srand(seed);
	h = etw_reg(fd, g, 0, &slot, NULL);
	if (!h)
		_exit(30);
	while (stage_open(fd, logger, &s))
		usleep(1000);	/* until the session enables it */
	for (i = 0;; i++) {
		struct hpay p = { MAGIC, rand() % HONEST, rand() % PER_HONEST,
				  hc.pid[rand() % HONEST] };
		uint32_t k, n = rand() % 4;

		switch (rand() % 4) {
		case 0:		/* noise */
			for (k = 0; k < 256; k++)
				s.data[rand() % s.m->data_size] = rand();
			s.m->head = (rand() % (s.m->data_size / 8)) * 8;
			__atomic_add_fetch(&ac->scribbles, 1, __ATOMIC_RELAXED);
			break;
		case 1:		/* forged honest events, then lies */
			s.head = 0;
			for (k = 0; k < n; k++)
				stage_event(&s, slot, 1, &p, sizeof(p), 0);
			if (rand() & 1)
				((struct etw_stage_rec *)s.data)->size = rand();
			__atomic_add_fetch(&ac->forged, n, __ATOMIC_RELAXED);
			break;
		case 2:		/* a head anywhere */
			s.m->head = rand();
			__atomic_add_fetch(&ac->heads, 1, __ATOMIC_RELAXED);
			break;
		default:	/* stuck in the middle of a record */
			s.m->busy = rand() & 1;
			__atomic_add_fetch(&ac->stuck, 1, __ATOMIC_RELAXED);
			break;
		}
		/*
		 * Each SEAL of a scribbled stage hands over a session buffer
		 * or two for a few records (a drain fills buffers of its own):
		 * sealed at the rate a record-sized flood through the ioctl
		 * would use them, the consumer of a loaded TCG guest cannot
		 * follow, and the honest writers lose events to the session's
		 * capacity, which is not what this test is about.
		 */
		if (rand() % 16 == 0) {
			stage_seal(&s);
			__atomic_add_fetch(&ac->seals, 1, __ATOMIC_RELAXED);
		}
		if (!(i & 7))
			usleep(2000);
	}
}

/* A writer killed at a random point, again and again. */
static void victim_main(uint32_t logger)
{
	uint8_t g[16];
	uint32_t slot, v = 0;
	struct stage s;
	int fd = etw_open();

	memcpy(g, &honest_guid, 16);
	if (!etw_reg(fd, g, 0, &slot, NULL))
		_exit(40);
	while (stage_open(fd, logger, &s))
		usleep(1000);
	for (;;) {
		if (s.head + 200 > s.m->data_size)
			stage_seal(&s);
		stage_event(&s, slot, 2, &v, 4, 0);
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
 * Issue 10's adversaries against honest writers and a consumer, all at
 * once for a few seconds: every honest event is delivered exactly once,
 * no forged one is taken for an honest one, the consumer survives, the
 * kernel stays quiet (the VM runner checks its log).
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
			scribbler_main(self->name, self->logger, 1000 + i);
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
			victim_main(self->logger);
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
