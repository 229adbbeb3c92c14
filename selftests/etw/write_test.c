// SPDX-License-Identifier: GPL-2.0-only
/*
 * The data plane of etw.ko through its raw ioctls: ETW_IOC_WRITE into
 * per-CPU buffers in the ETL layout, size limits, descriptor types,
 * filters, loss accounting and real-time consumers.  Buffers are walked
 * here with a few lines of independent code, not with libetw.
 */
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <pthread.h>
#include "etw_util.h"

#include "../kselftest_harness.h"

static unsigned int seq_no;

/* A consumer: the fd, the mapping, and everything fetched so far. */
struct cons {
	int fd;
	uint8_t *map;
	uint32_t bufsize, nbuf;
	uint32_t flags_out;
	uint64_t attach;
};

struct rec {
	const uint8_t *p;		/* EVENT_HEADER */
	uint16_t size, flags, id;
	uint64_t ts;
	const uint8_t *items;		/* first extended item, if any */
	const uint8_t *data;		/* user data */
	uint32_t len;
	uint32_t stream;
};

FIXTURE(wr) {
	int fd;
	uint8_t guid[16];
	char name[64];
	uint64_t session;
	uint64_t h;
	struct rec recs[20000];
	int nrecs;
};

FIXTURE_SETUP(wr)
{
	self->fd = etw_open();
	if (self->fd < 0)
		SKIP(return, "%s: %s", ETW_DEVICE_PATH, strerror(errno));
	etw_guid(self->guid, 0x3C, ++seq_no);
	self->guid[1] = getpid() & 0xFF;
	snprintf(self->name, sizeof(self->name), "wr-%d-%u", getpid(), seq_no);
	self->session = 0;
	self->nrecs = 0;
}

FIXTURE_TEARDOWN(wr)
{
	if (self->session)
		etw_stop(self->fd, self->session);
	close(self->fd);
}

static uint64_t start_geo(FIXTURE_DATA(wr) *self, uint32_t mode, uint32_t kb,
			  uint32_t minb, uint32_t maxb)
{
	uint64_t h = etw_start_geo(self->fd, self->name, mode, kb, minb, maxb,
				   NULL);

	if (h)
		self->session = h;
	return h;
}

static int write_ev(int fd, uint64_t h, uint16_t id, uint8_t level,
		    uint64_t kw, const struct etw_data_desc *d, uint32_t n,
		    uint64_t filter, uint32_t flags)
{
	struct etw_write w;

	memset(&w, 0, sizeof(w));
	w.handle = h;
	w.id = id;
	w.level = level;
	w.keyword = kw;
	w.filter = filter;
	w.flags = flags;
	w.count = n;
	w.data = (uintptr_t)d;
	memset(w.activity_id, 0xAC, 16);
	/* The fast path unless ETW_FASTPATH=0 (etw_stage_util.h). */
	if (!etw_stage_write(fd, &w, d))
		return 0;
	return ioctl(fd, ETW_IOC_WRITE, &w) ? -errno : 0;
}

static int cons_open(int fd, const char *name, struct cons *c)
{
	struct etw_consumer_open o;

	memset(&o, 0, sizeof(o));
	o.name = (uintptr_t)name;
	o.name_len = strlen(name);
	if (ioctl(fd, ETW_IOC_CONSUMER_OPEN, &o))
		return -errno;
	c->fd = o.fd;
	c->bufsize = o.buffer_size;
	c->nbuf = o.nr_buffers;
	c->flags_out = o.flags_out;
	c->attach = o.attach_time;
	c->map = mmap(NULL, (size_t)c->bufsize * c->nbuf, PROT_READ, MAP_SHARED,
		      c->fd, 0);
	return c->map == MAP_FAILED ? -errno : 0;
}

static void cons_close(struct cons *c)
{
	munmap(c->map, (size_t)c->bufsize * c->nbuf);
	close(c->fd);
}

static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint16_t rd16(const uint8_t *p) { uint16_t v; memcpy(&v, p, 2); return v; }
static uint64_t rd64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }

/*
 * Walk one buffer (etl-format sections 2, 3.3): records at 8-aligned
 * offsets from 72 to Offset@0x30, each an EVENT_HEADER (marker byte 2 =
 * 0x13, byte 3 = 0xC0).  Returns records added, -1 on a malformed buffer.
 */
static int walk(FIXTURE_DATA(wr) *self, const uint8_t *b, uint32_t bufsize)
{
	uint32_t filled = rd32(b + 0x30), off = 72;
	uint64_t last = 0;
	int n = 0;

	if (rd32(b) != bufsize || rd32(b + 4) != filled || filled > bufsize ||
	    filled % 8 || rd32(b + 0x2C) != 3 || !(rd16(b + 0x34) & 0x20))
		return -1;
	/* The tail is 0xFF. */
	if (filled < bufsize && b[bufsize - 1] != 0xFF)
		return -1;
	while (off < filled) {
		struct rec *r = &self->recs[self->nrecs];
		const uint8_t *p = b + off;

		if (p[2] != 0x13 || p[3] != 0xC0)
			return -1;
		r->p = p;
		r->size = rd16(p);
		r->flags = rd16(p + 4);
		r->ts = rd64(p + 0x10);
		r->id = rd16(p + 0x28);
		r->stream = rd16(b + 0x28);
		r->items = (r->flags & 1) ? p + 80 : NULL;
		r->data = p + 80;
		if (r->items) {
			const uint8_t *it = r->items;

			for (;;) {
				uint16_t isz = rd16(it), link = rd16(it + 4);

				it += isz;
				if (!(link & 1))
					break;
			}
			r->data = it;
		}
		r->len = r->size - (r->data - p);
		if (r->size < 80 || off + r->size > filled || r->ts < last)
			return -1;	/* also: time never goes back in a buffer */
		last = r->ts;
		off += (r->size + 7) & ~7u;
		if (self->nrecs < 19999)
			self->nrecs++;
		n++;
	}
	return n;
}

/* Fetch everything available (flushing partial buffers) and walk it. */
static int drain(FIXTURE_DATA(wr) *self, struct cons *c, int flush,
		 uint32_t *status)
{
	uint32_t ready[4096];
	struct etw_consumer_wait w;
	int total = 0, n;
	uint32_t i;

	memset(&w, 0, sizeof(w));
	w.ready = (uintptr_t)ready;
	w.ready_max = 4096;
	w.flags = flush ? ETW_WAIT_F_FLUSH : 0;
	if (ioctl(c->fd, ETW_IOC_CONSUMER_WAIT, &w))
		return -errno;
	for (i = 0; i < w.ready_count; i++) {
		n = walk(self, c->map + (size_t)ready[i] * c->bufsize, c->bufsize);
		if (n < 0)
			return -EBADMSG;
		total += n;
	}
	/* Give them back. */
	memset(&w, 0, sizeof(w));
	w.release = (uintptr_t)ready;
	w.release_count = i;
	if (i && ioctl(c->fd, ETW_IOC_CONSUMER_WAIT, &w))
		return -errno;
	if (status)
		*status = w.status;
	return total;
}

static struct etw_session_info query(FIXTURE_DATA(wr) *self)
{
	struct etw_session_info si;

	memset(&si, 0, sizeof(si));
	etw_control(self->fd, self->session, ETW_CONTROL_QUERY, &si);
	return si;
}

/* seed 002, rules 3, 7 and 8: each Size counts bytes; the blocks are
 * concatenated, no padding. */
TEST_F(wr, payload_is_concatenation_without_padding)
{
	struct etw_data_desc d[3] = {
		{ (uintptr_t)"abc", 3, 0, 0, 0 },
		{ (uintptr_t)"DEFGH", 5, 0, 0, 0 },
		{ (uintptr_t)"i", 1, 0, 0, 0 },
	};
	struct cons c;

	ASSERT_NE(0, start_geo(self, 0x100, 0, 0, 0));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));
	ASSERT_EQ(0, write_ev(self->fd, self->h, 42, 4, 1, d, 3, 0, 0));
	ASSERT_EQ(1, drain(self, &c, 1, NULL));
	EXPECT_EQ(80 + 9, self->recs[0].size);
	EXPECT_EQ(9, self->recs[0].len);
	EXPECT_EQ(0, memcmp(self->recs[0].data, "abcDEFGHi", 9));
	EXPECT_EQ(42, self->recs[0].id);
	/* Header fields: provider, level, keyword, pid/tid, activity id. */
	EXPECT_EQ(0, memcmp(self->recs[0].p + 0x18, self->guid, 16));
	EXPECT_EQ(4, self->recs[0].p[0x2C]);
	EXPECT_EQ(1, rd64(self->recs[0].p + 0x30));
	EXPECT_EQ((uint32_t)getpid(), rd32(self->recs[0].p + 0x0C));
	EXPECT_EQ(0xAC, self->recs[0].p[0x40]);
	EXPECT_EQ(0, self->recs[0].flags);	/* no extended items */
	/* It took the path ETW_FASTPATH asks for. */
	EXPECT_EQ(etw_fast_wanted() ? 1 : 0, etw_stage_writes);
	cons_close(&c);
}

/*
 * seed 002, rule 10: a 32 KB buffer takes events up to 32,696 bytes;
 * rule 9: over 64 KB in all is dropped.  Both sides, each loss counted.
 */
TEST_F(wr, size_limits_both_sides)
{
	static uint8_t big[70000];
	struct etw_data_desc d = { (uintptr_t)big, 0, 0, 0, 0 };
	struct etw_session_info si;
	struct cons c;

	ASSERT_NE(0, start_geo(self, 0x100, 32, 0, 0));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));

	d.size = 32696 - 80;		/* exactly fits */
	EXPECT_EQ(0, write_ev(self->fd, self->h, 1, 4, 0, &d, 1, 0, 0));
	d.size = 32696 - 80 + 1;	/* one byte too many */
	EXPECT_EQ(-EMSGSIZE, write_ev(self->fd, self->h, 2, 4, 0, &d, 1, 0, 0));
	d.size = 65536;			/* over 64 KB in all */
	EXPECT_EQ(-E2BIG, write_ev(self->fd, self->h, 3, 4, 0, &d, 1, 0, 0));
	d.size = 65535 - 80;		/* 64 KB, but not in a 32 KB buffer */
	EXPECT_EQ(-EMSGSIZE, write_ev(self->fd, self->h, 4, 4, 0, &d, 1, 0, 0));
	si = query(self);
	EXPECT_EQ(3, si.events_lost);
	EXPECT_EQ(1, drain(self, &c, 1, NULL));
	EXPECT_EQ(32696, self->recs[0].size);
	EXPECT_EQ(1, self->recs[0].id);
	cons_close(&c);
}

/*
 * seed 002, rules 4 and 5: Type counts only after the provider opted in;
 * then EVENT_METADATA and PROVIDER_METADATA become extended items and
 * TIMESTAMP_OVERRIDE replaces the time.
 */
TEST_F(wr, descriptor_types_need_opt_in)
{
	uint64_t ts = 0x1122334455667788ULL;
	struct etw_data_desc d[4] = {
		{ (uintptr_t)"\x0b\x00PROVMETA", 10, 2, 0, 0 },
		{ (uintptr_t)"EVMETA", 6, 1, 0, 0 },
		{ (uintptr_t)"payload", 7, 0, 0, 0 },
		{ (uintptr_t)&ts, 8, 3, 0, 0 },
	};
	struct etw_set_info si = { 0 };
	const uint8_t *it;
	struct cons c;
	uint8_t one = 1;

	ASSERT_NE(0, start_geo(self, 0x100, 0, 0, 0));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));

	/* Not opted in: every block is payload (rule 5). */
	ASSERT_EQ(0, write_ev(self->fd, self->h, 1, 4, 0, d, 4, 0, 0));
	/* Opted in with EventProviderUseDescriptorType. */
	si.handle = self->h;
	si.info_class = ETW_INFO_USE_DESCRIPTOR_TYPE;
	si.length = 1;
	si.data = (uintptr_t)&one;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SET_INFO, &si));
	ASSERT_EQ(0, write_ev(self->fd, self->h, 2, 4, 0, d, 4, 0, 0));
	/* Reserved1/2 must then be 0 (rule 6). */
	d[2].reserved1 = 1;
	EXPECT_EQ(-EINVAL, write_ev(self->fd, self->h, 3, 4, 0, d, 4, 0, 0));
	d[2].reserved1 = 0;

	ASSERT_EQ(2, drain(self, &c, 1, NULL));
	EXPECT_EQ(10 + 6 + 7 + 8, self->recs[0].len);
	EXPECT_EQ(0, self->recs[0].flags);
	EXPECT_EQ(7, self->recs[1].len);
	EXPECT_EQ(0, memcmp(self->recs[1].data, "payload", 7));
	EXPECT_EQ(ts, self->recs[1].ts);
	EXPECT_EQ(1, self->recs[1].flags & 1);
	it = self->recs[1].items;
	EXPECT_EQ(0x0C, rd16(it + 2));		/* PROV_TRAITS first */
	EXPECT_EQ(10, rd16(it + 6));
	EXPECT_EQ(24, rd16(it));		/* 8 + 10 rounded to 8 */
	EXPECT_EQ(1, rd16(it + 4) & 1);		/* linkage */
	EXPECT_EQ(0, memcmp(it + 10, "PROVMETA", 8));
	it += rd16(it);
	EXPECT_EQ(0x0B, rd16(it + 2));		/* EVENT_SCHEMA_TL */
	EXPECT_EQ(6, rd16(it + 6));
	EXPECT_EQ(0, rd16(it + 4) & 1);
	EXPECT_EQ(0, memcmp(it + 8, "EVMETA", 6));
	cons_close(&c);
}

/*
 * seed 001, rule 13 (and seed 002, rule 4): an event written with a
 * timestamp override keeps its place in the stream, so an override older
 * than the events before it is delivered out of time order.
 */
TEST_F(wr, timestamp_override_can_be_out_of_order)
{
	struct etw_data_desc d[2] = {
		{ (uintptr_t)"x", 1, 0, 0, 0 },
		{ 0, 8, 3, 0, 0 },	/* TIMESTAMP_OVERRIDE */
	};
	struct etw_set_info si = { 0 };
	struct cons c;
	cpu_set_t set;
	uint64_t old;
	uint8_t one = 1;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	ASSERT_EQ(0, sched_setaffinity(0, sizeof(set), &set));
	ASSERT_NE(0, start_geo(self, 0x100, 0, 0, 0));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	si.handle = self->h;
	si.info_class = ETW_INFO_USE_DESCRIPTOR_TYPE;
	si.length = 1;
	si.data = (uintptr_t)&one;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SET_INFO, &si));
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));
	ASSERT_EQ(0, write_ev(self->fd, self->h, 1, 4, 0, d, 1, 0, 0));
	ASSERT_EQ(1, drain(self, &c, 1, NULL));
	old = self->recs[0].ts - 1000;	/* older than event 1 */
	self->nrecs = 0;
	d[1].ptr = (uintptr_t)&old;
	ASSERT_EQ(0, write_ev(self->fd, self->h, 2, 4, 0, d, 2, 0, 0));
	ASSERT_EQ(0, write_ev(self->fd, self->h, 3, 4, 0, d, 1, 0, 0));
	ASSERT_EQ(2, drain(self, &c, 1, NULL));
	EXPECT_EQ(2, self->recs[0].id);
	EXPECT_EQ(old, self->recs[0].ts);
	EXPECT_EQ(3, self->recs[1].id);
	EXPECT_GT(self->recs[1].ts, old + 1000);
	cons_close(&c);
}

/* seed 002, rule 4: provider metadata is ignored once traits were set by
 * EventSetInformation; seed 004, rules 1 and 8: the kernel keeps the blob
 * as given and it reaches every event as PROV_TRAITS (the cost rule 8
 * warns about). */
TEST_F(wr, traits_reach_every_event)
{
	static const uint8_t traits[] = { 7, 0, 'T', 'r', 'a', 'i', 0 };
	struct etw_data_desc d[2] = {
		{ (uintptr_t)"\x0b\x00PROVMETA", 10, 2, 0, 0 },
		{ (uintptr_t)"x", 1, 0, 0, 0 },
	};
	struct etw_set_info si = { 0 };
	struct cons c;
	int i;

	ASSERT_NE(0, start_geo(self, 0x100, 0, 0, 0));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	si.handle = self->h;
	si.info_class = ETW_INFO_SET_TRAITS;
	si.length = sizeof(traits);
	si.data = (uintptr_t)traits;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SET_INFO, &si));
	etw_fast_note_traits(self->h, sizeof(traits));
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));
	for (i = 0; i < 3; i++)
		ASSERT_EQ(0, write_ev(self->fd, self->h, i, 4, 0, i ? d + 1 : d,
				      i ? 1 : 2, 0, 0));
	ASSERT_EQ(3, drain(self, &c, 1, NULL));
	for (i = 0; i < 3; i++) {
		const uint8_t *it = self->recs[i].items;

		ASSERT_NE(NULL, it);
		EXPECT_EQ(0x0C, rd16(it + 2));
		EXPECT_EQ(sizeof(traits), rd16(it + 6));
		EXPECT_EQ(0, memcmp(it + 8, traits, sizeof(traits)));
		EXPECT_EQ(0, rd16(it + 4) & 1);	/* the only item */
		EXPECT_EQ(1, self->recs[i].len);
	}
	cons_close(&c);
}

/* RELATED_ACTIVITYID item for EventWriteTransfer/Ex (reference 1.4). */
TEST_F(wr, related_activity_id_item)
{
	struct etw_write w;
	struct cons c;
	const uint8_t *it;

	ASSERT_NE(0, start_geo(self, 0x100, 0, 0, 0));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));
	memset(&w, 0, sizeof(w));
	w.handle = self->h;
	w.flags = ETW_WRITE_F_RELATED;
	memset(w.related_activity_id, 0x5E, 16);
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_WRITE, &w));
	ASSERT_EQ(1, drain(self, &c, 1, NULL));
	it = self->recs[0].items;
	ASSERT_NE(NULL, it);
	EXPECT_EQ(0x01, rd16(it + 2));
	EXPECT_EQ(16, rd16(it + 6));
	EXPECT_EQ(0x5E, it[8]);
	EXPECT_EQ(0, self->recs[0].len);
	cons_close(&c);
}

/* Sessions get what their level, keywords, event-ID filter and the
 * EventWriteEx Filter bits let through (seed 000, rule 15). */
TEST_F(wr, per_session_filtering)
{
	uint8_t ids[] = { 1, 0, 2, 0, 10, 0, 11, 0 };	/* only 10, 11 */
	struct etw_filter_desc f = { (uintptr_t)ids, sizeof(ids), 0x80000200 };
	struct etw_session_info si;
	struct cons c;
	uint64_t bit;

	ASSERT_NE(0, start_geo(self, 0x100, 0, 0, 0));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable_ex(self->fd, self->session, self->guid, 1, 3,
				   0x6, 0x2, 0, NULL, 100, &f, 1));
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));
	si = query(self);
	bit = 1ULL << (si.logger_id - 1);
	ASSERT_EQ(0, write_ev(self->fd, self->h, 10, 3, 0x2, NULL, 0, 0, 0)); /* in */
	ASSERT_EQ(0, write_ev(self->fd, self->h, 10, 4, 0x2, NULL, 0, 0, 0)); /* level */
	ASSERT_EQ(0, write_ev(self->fd, self->h, 10, 3, 0x4, NULL, 0, 0, 0)); /* all */
	ASSERT_EQ(0, write_ev(self->fd, self->h, 10, 3, 0x8, NULL, 0, 0, 0)); /* any */
	ASSERT_EQ(0, write_ev(self->fd, self->h, 11, 1, 0, NULL, 0, 0, 0));   /* kw 0 */
	ASSERT_EQ(0, write_ev(self->fd, self->h, 12, 1, 0x2, NULL, 0, 0, 0)); /* id */
	ASSERT_EQ(0, write_ev(self->fd, self->h, 10, 1, 0x2, NULL, 0, bit, 0)); /* Filter */
	ASSERT_EQ(2, drain(self, &c, 1, NULL));
	EXPECT_EQ(10, self->recs[0].id);
	EXPECT_EQ(11, self->recs[1].id);
	si = query(self);
	EXPECT_EQ(2, si.events_written);
	EXPECT_EQ(0, si.events_lost);	/* filtered is not lost */
	cons_close(&c);
}

/*
 * seed 001, rules 15-16: without a consumer a real-time session buffers
 * until its buffers are full (then losses are counted); the first
 * consumer gets the buffered events; a second only what comes later.
 * Exact accounting: written = delivered + lost.
 */
TEST_F(wr, backlog_first_and_second_consumer_and_exact_losses)
{
	struct etw_data_desc d;
	struct etw_session_info si;
	struct cons c1, c2;
	char payload[200];
	int i, written = 0, lost_calls = 0, got1, got2, r;

	memset(payload, 'p', sizeof(payload));
	d = (struct etw_data_desc){ (uintptr_t)payload, sizeof(payload), 0, 0, 0 };
	ASSERT_NE(0, start_geo(self, 0x100 | 0x10000000 /* one stream */, 4, 2, 4));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	/* 4 buffers of 4 KB: about 4 * 14 events of 280 bytes fit. */
	for (i = 0; i < 200; i++) {
		r = write_ev(self->fd, self->h, i, 4, 0, &d, 1, 0, 0);
		written++;
		if (r) {
			EXPECT_EQ(-ENOBUFS, r);	/* STATUS_LOG_FILE_FULL */
			lost_calls++;
		}
	}
	si = query(self);
	EXPECT_EQ(lost_calls, si.events_lost);
	EXPECT_GT(lost_calls, 100);

	ASSERT_EQ(0, cons_open(self->fd, self->name, &c1));
	EXPECT_TRUE(c1.flags_out & ETW_CONSUMER_F_BACKLOG);
	got1 = drain(self, &c1, 1, NULL);
	EXPECT_EQ(written - lost_calls, got1);
	EXPECT_EQ(0, self->recs[0].id);		/* the oldest first */

	ASSERT_EQ(0, cons_open(self->fd, self->name, &c2));
	EXPECT_FALSE(c2.flags_out & ETW_CONSUMER_F_BACKLOG);
	ASSERT_EQ(0, write_ev(self->fd, self->h, 999, 4, 0, &d, 1, 0, 0));
	self->nrecs = 0;
	got2 = drain(self, &c2, 1, NULL);
	EXPECT_EQ(1, got2);
	EXPECT_EQ(999, self->recs[0].id);
	EXPECT_GE(self->recs[0].ts, c2.attach);
	self->nrecs = 0;
	EXPECT_EQ(1, drain(self, &c1, 0, NULL));
	cons_close(&c2);
	cons_close(&c1);
}

/* seed 001, rule 14: within a stream, buffers cover disjoint, rising
 * time ranges; the watermark makes a k-way merge safe. */
TEST_F(wr, streams_and_watermark)
{
	struct etw_consumer_wait w;
	uint32_t ready[512];
	struct cons c;
	cpu_set_t set;
	int cpu, i, n = 0, ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	uint64_t last[64] = { 0 };

	ASSERT_NE(0, start_geo(self, 0x100, 4, 0, 64));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));
	for (i = 0; i < 400; i++) {
		cpu = i % ncpu;
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		sched_setaffinity(0, sizeof(set), &set);
		ASSERT_EQ(0, write_ev(self->fd, self->h, i, 4, 0, NULL, 0, 0, 0));
	}
	CPU_ZERO(&set);
	for (i = 0; i < ncpu; i++)
		CPU_SET(i, &set);
	sched_setaffinity(0, sizeof(set), &set);

	memset(&w, 0, sizeof(w));
	w.ready = (uintptr_t)ready;
	w.ready_max = 512;
	w.flags = ETW_WAIT_F_FLUSH;
	ASSERT_EQ(0, ioctl(c.fd, ETW_IOC_CONSUMER_WAIT, &w));
	EXPECT_NE(0, w.watermark);
	for (i = 0; i < (int)w.ready_count; i++) {
		const uint8_t *b = c.map + (size_t)ready[i] * c.bufsize;
		uint32_t stream = rd16(b + 0x28);
		int k;

		self->nrecs = 0;
		ASSERT_GT(walk(self, b, c.bufsize), 0);
		ASSERT_LT(stream, 64);
		/* Rising per stream, all below the watermark. */
		for (k = 0; k < self->nrecs; k++) {
			EXPECT_GE(self->recs[k].ts, last[stream]);
			last[stream] = self->recs[k].ts;
			EXPECT_LT(self->recs[k].ts, w.watermark);
		}
		n += self->nrecs;
	}
	EXPECT_EQ(400, n);
	cons_close(&c);
}

/* NO_PER_PROCESSOR_BUFFERING: one stream in strict order, so events from
 * different CPUs never tie or swap (seed 001, rule 12). */
TEST_F(wr, no_per_processor_buffering_is_one_stream)
{
	struct cons c;
	cpu_set_t set;
	int i, ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	ASSERT_NE(0, start_geo(self, 0x100 | 0x10000000, 4, 0, 64));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));
	for (i = 0; i < 300; i++) {
		CPU_ZERO(&set);
		CPU_SET(i % ncpu, &set);
		sched_setaffinity(0, sizeof(set), &set);
		ASSERT_EQ(0, write_ev(self->fd, self->h, i, 4, 0, NULL, 0, 0, 0));
	}
	ASSERT_EQ(300, drain(self, &c, 1, NULL));
	for (i = 0; i < 300; i++) {
		EXPECT_EQ(i, self->recs[i].id);
		EXPECT_EQ(0, self->recs[i].stream);
		if (i)
			EXPECT_GE(self->recs[i].ts, self->recs[i - 1].ts);
	}
	cons_close(&c);
}

/*
 * seed 001, rule 15 with a log file too: the file reads the session from
 * the start, yet the first real-time consumer still gets what was
 * buffered before it attached.
 */
TEST_F(wr, backlog_with_a_log_file)
{
	struct etw_session_start st;
	struct etw_session_info si;
	char path[96];
	struct cons c;
	int i;

	snprintf(path, sizeof(path), "/tmp/%s.etl", self->name);
	memset(&st, 0, sizeof(st));
	st.name = (uintptr_t)self->name;
	st.name_len = strlen(self->name);
	st.log_file_mode = 0x100 | 0x1;	/* REAL_TIME | SEQUENTIAL */
	st.log_file = (uintptr_t)path;
	st.log_file_len = strlen(path);
	st.info = (uintptr_t)&si;
	st.info_size = sizeof(si);
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SESSION_START, &st));
	self->session = si.handle;
	EXPECT_EQ((uint32_t)getpid(), si.owner_pid);
	EXPECT_EQ((uint32_t)syscall(SYS_gettid), si.owner_tid);
	EXPECT_EQ(0, si.consumers);	/* the file is not a consumer */
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	for (i = 0; i < 10; i++)
		ASSERT_EQ(0, write_ev(self->fd, self->h, i, 4, 0, NULL, 0, 0, 0));
	etw_control(self->fd, self->session, ETW_CONTROL_FLUSH, NULL);
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));
	EXPECT_TRUE(c.flags_out & ETW_CONSUMER_F_BACKLOG);
	EXPECT_EQ(10, drain(self, &c, 1, NULL));
	EXPECT_EQ(0, self->recs[0].id);
	cons_close(&c);
	unlink(path);
}

/* No consumer and no reader means nothing to map; the ABI refuses
 * writable mappings and foreign buffer indexes. */
TEST_F(wr, consumer_abi_checks)
{
	struct etw_consumer_wait w;
	uint32_t bad = 12345, pair[2];
	struct cons c;
	void *p;

	ASSERT_NE(0, start_geo(self, 0x100, 0, 0, 0));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));
	p = mmap(NULL, c.bufsize, PROT_READ | PROT_WRITE, MAP_SHARED, c.fd, 0);
	EXPECT_EQ(MAP_FAILED, p);
	memset(&w, 0, sizeof(w));
	w.release = (uintptr_t)&bad;
	w.release_count = 1;
	EXPECT_EQ(-1, ioctl(c.fd, ETW_IOC_CONSUMER_WAIT, &w));
	EXPECT_EQ(EINVAL, errno);
	/* All or nothing: a good index next to a bad one is not released,
	 * and nothing is handed over by the failed call. */
	ASSERT_EQ(0, write_ev(self->fd, self->h, 1, 4, 0, NULL, 0, 0, 0));
	memset(&w, 0, sizeof(w));
	w.ready = (uintptr_t)pair;
	w.ready_max = 1;
	w.flags = ETW_WAIT_F_FLUSH;
	ASSERT_EQ(0, ioctl(c.fd, ETW_IOC_CONSUMER_WAIT, &w));
	ASSERT_EQ(1, w.ready_count);
	pair[1] = bad;
	ASSERT_EQ(0, write_ev(self->fd, self->h, 2, 4, 0, NULL, 0, 0, 0));
	memset(&w, 0, sizeof(w));
	w.release = (uintptr_t)pair;
	w.release_count = 2;
	w.ready = (uintptr_t)&bad;
	w.ready_max = 1;
	w.flags = ETW_WAIT_F_FLUSH;
	EXPECT_EQ(-1, ioctl(c.fd, ETW_IOC_CONSUMER_WAIT, &w));
	EXPECT_EQ(EINVAL, errno);
	memset(&w, 0, sizeof(w));
	w.release = (uintptr_t)pair;
	w.release_count = 1;	/* still held: releasing it now works */
	EXPECT_EQ(0, ioctl(c.fd, ETW_IOC_CONSUMER_WAIT, &w));
	cons_close(&c);
	/* Not a real-time session: no consumer. */
	EXPECT_EQ(0, etw_stop(self->fd, self->session));
	self->session = 0;
	ASSERT_NE(0, start_geo(self, 0x400 /* BUFFERING */, 0, 0, 0));
	EXPECT_EQ(-EINVAL, cons_open(self->fd, self->name, &c));
	EXPECT_EQ(-ENOENT, cons_open(self->fd, "no-such-session", &c));
}

struct writer {
	int fd;
	uint64_t h;
	volatile int stop;
	long n;
};

static void *writer_main(void *arg)
{
	struct writer *wr = arg;
	char buf[64] = "event";
	struct etw_data_desc d = { (uintptr_t)buf, sizeof(buf), 0, 0, 0 };

	while (!wr->stop) {
		write_ev(wr->fd, wr->h, 7, 4, 0, &d, 1, 0, 0);
		wr->n++;
	}
	return NULL;
}

/* A session stopped while writers run: everything written before the
 * stop arrives, the consumer sees the end, writers carry on unharmed. */
TEST_F(wr, stop_while_writers_run)
{
	struct writer w = { 0 };
	pthread_t t[2];
	struct cons c;
	uint32_t status = 0;
	int got = 0, r, i;

	ASSERT_NE(0, start_geo(self, 0x100, 64, 0, 256));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));
	w.fd = self->fd;
	w.h = self->h;
	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, writer_main, &w);
	for (i = 0; i < 5; i++) {
		usleep(20000);
		self->nrecs = 0;
		r = drain(self, &c, 0, NULL);
		ASSERT_GE(r, 0);
		got += r;
	}
	ASSERT_EQ(0, etw_stop(self->fd, self->session));
	self->session = 0;
	do {
		self->nrecs = 0;
		r = drain(self, &c, 0, &status);
		ASSERT_GE(r, 0);
		got += r;
	} while (!(status & ETW_WAIT_STOPPED));
	w.stop = 1;
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	EXPECT_GT(got, 0);
	EXPECT_LE(got, w.n);
	cons_close(&c);
}

/* A consumer killed mid-stream and a writer killed mid-write leave the
 * session working; the buffers the dead consumer never fetched are
 * RealTimeBuffersLost. */
TEST_F(wr, killed_consumer_and_writer)
{
	struct etw_data_desc d;
	struct etw_session_info si;
	char payload[1000];
	struct cons c;
	pid_t pc, pw;
	int status, i;

	memset(payload, 'k', sizeof(payload));
	d = (struct etw_data_desc){ (uintptr_t)payload, sizeof(payload), 0, 0, 0 };
	ASSERT_NE(0, start_geo(self, 0x100, 4, 0, 64));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));

	pc = fork();
	ASSERT_GE(pc, 0);
	if (pc == 0) {
		struct cons cc;

		if (cons_open(self->fd, self->name, &cc))
			_exit(1);
		pause();
		_exit(0);
	}
	usleep(200000);
	for (i = 0; i < 40; i++)
		write_ev(self->fd, self->h, i, 4, 0, &d, 1, 0, 0);
	etw_control(self->fd, self->session, ETW_CONTROL_FLUSH, NULL);
	kill(pc, SIGKILL);
	waitpid(pc, &status, 0);
	si = query(self);
	EXPECT_GT(si.real_time_buffers_lost, 0);
	EXPECT_EQ(si.number_of_buffers, si.free_buffers);

	pw = fork();
	ASSERT_GE(pw, 0);
	if (pw == 0) {
		int fd = etw_open();
		uint64_t h = etw_reg(fd, self->guid, 0, NULL, NULL);

		for (;;)
			write_ev(fd, h, 1, 4, 0, &d, 1, 0, 0);
	}
	usleep(100000);
	kill(pw, SIGKILL);
	waitpid(pw, &status, 0);
	/* The new consumer gets what the dead writer left, then more. */
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));
	EXPECT_GT(drain(self, &c, 1, NULL), 0);
	EXPECT_EQ(0, write_ev(self->fd, self->h, 77, 4, 0, &d, 1, 0, 0));
	self->nrecs = 0;
	EXPECT_EQ(1, drain(self, &c, 1, NULL));
	EXPECT_EQ(77, self->recs[0].id);
	cons_close(&c);
}

/* Bad input to ETW_IOC_WRITE is refused, and a bad payload pointer is
 * EFAULT without anything written. */
TEST_F(wr, write_rejects_bad_input)
{
	struct etw_data_desc d = { 16, 10, 0, 0, 0 };
	struct etw_write w;
	struct cons c;

	ASSERT_NE(0, start_geo(self, 0x100, 0, 0, 0));
	self->h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_EQ(0, etw_enable(self->fd, self->session, self->guid, 5, 0, 0));
	ASSERT_EQ(0, cons_open(self->fd, self->name, &c));
	EXPECT_EQ(-EFAULT, write_ev(self->fd, self->h, 1, 4, 0, &d, 1, 0, 0));
	EXPECT_EQ(-ENOENT, write_ev(self->fd, self->h + 1, 1, 4, 0, NULL, 0, 0, 0));
	memset(&w, 0, sizeof(w));
	w.handle = self->h;
	w.count = 129;
	w.data = 16;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_WRITE, &w));
	EXPECT_EQ(EINVAL, errno);
	w.count = 0;
	w.flags = 0x100;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_WRITE, &w));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, drain(self, &c, 1, NULL));
	cons_close(&c);
}

TEST_HARNESS_MAIN
