// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast path's collector logic (kmod/shared/etw_runs.c), as etw.ko
 * runs it: ring positions and the wrap, framing, planning into runs,
 * the order of runs per CPU (merging those that overlap in time), and
 * the check of a copy (what the module overwrites, what it drops and
 * counts, what it skips).  Documentation/design.rst, "Collecting".
 */
#include <stdlib.h>
#include "shared/etw_runs.h"
#include "shared/etw_etl.h"

#include "../kselftest_harness.h"

#define RING	4096

/* A ring and a writer's position in it, as the uapi says. */
struct tring {
	uint8_t data[RING] __attribute__((aligned(8)));
	struct etw_ring r;
	uint64_t pos, tail;
};

static void tring_init(struct tring *t, uint32_t size)
{
	memset(t, 0, sizeof(*t));
	t->r.data = t->data;
	t->r.size = size;
}

/* Stage an EVENT_HEADER64 of @len payload bytes; 0 when full. */
static uint32_t tput(struct tring *t, uint16_t slot, uint16_t cpu,
		     uint64_t sessions, uint64_t ts, uint16_t id, uint32_t len)
{
	uint32_t size = 80 + len, need = (size + 7) & ~7u;
	uint32_t off = (uint32_t)t->pos, lap = t->pos >> 32;
	uint8_t *h;

	if (off + need > t->r.size) {
		if (off < t->r.size)
			memset(t->data + off, 0, 2);
		t->pos = etw_pos(lap + 1, 0);
		off = 0;
	}
	h = t->data + off;
	memset(h, 0xEE, need);
	h[0] = size;
	h[1] = size >> 8;
	h[2] = ETL_HEADER_TYPE_EVENT_HEADER64;
	h[3] = ETL_MARKER_FLAGS;
	h[4] = h[5] = h[6] = h[7] = 0;
	memcpy(h + ETW_STASH_SLOT, &slot, 2);
	memcpy(h + ETW_STASH_CPU, &cpu, 2);
	memcpy(h + 0x10, &ts, 8);
	memcpy(h + ETW_STASH_SESSIONS, &sessions, 8);
	memcpy(h + 0x28, &id, 2);
	h[0x2C] = 4;				/* level */
	memset(h + 0x30, 0, 8);			/* keyword 0 */
	t->pos += need;
	return need;
}

/* --- positions and framing ------------------------------------------------- */

TEST(head_ok)
{
	struct etw_ring r = { .size = 3904 };

	EXPECT_TRUE(etw_ring_head_ok(&r, 0, 0));
	EXPECT_TRUE(etw_ring_head_ok(&r, 0, 3904));
	EXPECT_FALSE(etw_ring_head_ok(&r, 0, 3912));		/* past the ring */
	EXPECT_FALSE(etw_ring_head_ok(&r, 0, 13));		/* unaligned */
	EXPECT_FALSE(etw_ring_head_ok(&r, 800, 400));		/* behind */
	EXPECT_TRUE(etw_ring_head_ok(&r, 800, etw_pos(1, 400)));	/* next lap */
	EXPECT_TRUE(etw_ring_head_ok(&r, 800, etw_pos(1, 800)));
	EXPECT_FALSE(etw_ring_head_ok(&r, 800, etw_pos(1, 808)));	/* overtakes */
	EXPECT_FALSE(etw_ring_head_ok(&r, 800, etw_pos(2, 0)));	/* two laps */
}

TEST(peek_wraps_and_frames)
{
	static struct tring t;
	struct etw_peek p;
	uint64_t first;

	tring_init(&t, 1024);
	/* 4 records of 200 bytes, then a wrap marker, then 1 more */
	while ((uint32_t)t.pos + 200 <= 1024)
		tput(&t, 1, 0, 1, 10 + t.pos, 1, 120);
	first = t.pos;
	tput(&t, 1, 0, 1, 99999, 2, 120);
	EXPECT_EQ(etw_pos(1, 200), t.pos);
	EXPECT_EQ(1, etw_ring_peek(&t.r, first, t.pos, &p));
	EXPECT_EQ(etw_pos(1, 0), p.pos);		/* after the marker */
	EXPECT_EQ(99999, p.ts);
	EXPECT_EQ(0, etw_ring_peek(&t.r, t.pos, t.pos, &p));
	/* a lap that ends exactly needs no marker */
	tring_init(&t, 1000);
	tput(&t, 1, 0, 1, 5, 1, 920);			/* 1000 bytes */
	tput(&t, 1, 0, 1, 6, 2, 8);
	EXPECT_EQ(1, etw_ring_peek(&t.r, 1000, t.pos, &p));
	EXPECT_EQ(etw_pos(1, 0), p.pos);
	/* a size past the head, or below a header, cannot be framed */
	tring_init(&t, 1024);
	tput(&t, 1, 0, 1, 5, 1, 8);
	EXPECT_EQ(-EINVAL, etw_ring_peek(&t.r, 0, 80, &p));
	t.data[0] = 40;
	EXPECT_EQ(-EINVAL, etw_ring_peek(&t.r, 0, t.pos, &p));
}

/* --- planning ----------------------------------------------------------------- */

TEST(plan_runs_cutoff_and_keys)
{
	static struct tring t;
	struct etw_run runs[16];
	struct etw_plan pl;
	uint32_t n = 0;

	tring_init(&t, RING);
	tput(&t, 1, 0, 1, 100, 1, 8);
	tput(&t, 1, 0, 1, 90, 2, 8);		/* earlier: raised to 100 */
	tput(&t, 1, 1, 1, 120, 3, 8);		/* another CPU: a new run */
	tput(&t, 1, 1, 1, 130, 4, 8);
	tput(&t, 1, 0, 1, 500, 5, 8);		/* above the cutoff */
	pl = (struct etw_plan){ .pos = 0, .end = t.pos, .key = 0, .lo = 95,
				.cutoff = 200, .stage = 7 };
	EXPECT_EQ(4, etw_plan_stage(&t.r, &pl, runs, &n, 16));
	ASSERT_EQ(2, n);
	EXPECT_EQ(100, runs[0].first_key);
	EXPECT_EQ(100, runs[0].last_key);
	EXPECT_EQ(2, runs[0].count);
	EXPECT_EQ(0, runs[0].cpu);
	EXPECT_EQ(7, runs[0].stage);
	EXPECT_EQ(120, runs[1].first_key);
	EXPECT_EQ(130, runs[1].last_key);
	EXPECT_EQ(1, runs[1].cpu);
	EXPECT_EQ(4 * 88, pl.pos);		/* the fifth stays */
	EXPECT_EQ(130, pl.key);
	EXPECT_FALSE(pl.bad);
	/* the cutoff inside a run: the key is the last planned record's */
	n = 0;
	pl = (struct etw_plan){ .pos = 2 * 88, .end = t.pos, .cutoff = 125 };
	EXPECT_EQ(1, etw_plan_stage(&t.r, &pl, runs + 8, &n, 8));
	EXPECT_EQ(120, pl.key);
	EXPECT_EQ(3 * 88, pl.pos);
	/* trimming a run to a lower cutoff */
	etw_run_trim(&t.r, &runs[1], 125);
	EXPECT_EQ(1, runs[1].count);
	EXPECT_EQ(88, runs[1].len);
	EXPECT_EQ(120, runs[1].last_key);
	/* the array fills up: planning stops, says so */
	n = 0;
	pl = (struct etw_plan){ .pos = 0, .end = t.pos, .cutoff = 1000 };
	etw_plan_stage(&t.r, &pl, runs, &n, 1);
	EXPECT_TRUE(pl.full);
	EXPECT_EQ(1, n);
	EXPECT_EQ(2 * 88, pl.pos);
	/* keys below lo are raised to it */
	n = 0;
	pl = (struct etw_plan){ .pos = 0, .end = t.pos, .lo = 1000,
				.cutoff = 2000 };
	etw_plan_stage(&t.r, &pl, runs, &n, 16);
	EXPECT_EQ(1000, runs[0].first_key);
	EXPECT_EQ(1000, runs[n - 1].last_key);
}

/* --- ordering runs ------------------------------------------------------------- */

static void merge_all(struct etw_run *runs, uint32_t n, struct etw_ring *rings,
		      struct etw_piece *out, uint32_t *nout)
{
	static uint32_t heap[64], gpos[64], gleft[64], gneed[64], top[64];
	static uint64_t gkey[64], gprev[64];
	static struct etw_mcpu cpus[64];
	struct etw_merge_scratch x = {
		heap, gpos, gleft, gneed, gkey, gprev, cpus, top,
	};
	struct etw_merge m;

	etw_merge_init(&m, runs, n, 0, rings, &x);
	*nout = 0;
	while (etw_merge_next(&m, &out[*nout]))
		(*nout)++;
}

/* Runs of different CPUs, or apart in time, are whole pieces. */
TEST(merge_whole_runs)
{
	static struct tring a, b;
	struct etw_ring rings[2];
	struct etw_run runs[8];
	struct etw_piece pc[32];
	struct etw_plan pl;
	uint32_t n = 0, np, i;

	tring_init(&a, RING);
	tring_init(&b, RING);
	for (i = 0; i < 5; i++) {	/* interleaved in time, other CPUs */
		tput(&a, 1, 0, 1, 100 + 2 * i, i, 8);
		tput(&b, 1, 1, 1, 101 + 2 * i, 10 + i, 8);
	}
	rings[0] = a.r;
	rings[1] = b.r;
	pl = (struct etw_plan){ .end = a.pos, .cutoff = ~0ULL, .stage = 0 };
	etw_plan_stage(&a.r, &pl, runs, &n, 8);
	pl = (struct etw_plan){ .end = b.pos, .cutoff = ~0ULL, .stage = 1 };
	etw_plan_stage(&b.r, &pl, runs, &n, 8);
	merge_all(runs, n, rings, pc, &np);
	ASSERT_EQ(2, np);
	EXPECT_EQ(5, pc[0].count);
	EXPECT_EQ(5, pc[1].count);
	EXPECT_FALSE(pc[0].single);
	EXPECT_EQ(0, pc[0].run->cpu);
	EXPECT_EQ(1, pc[1].run->cpu);
}

/* Threads taking turns on one CPU: merged record by record, in time. */
TEST(merge_overlapping_runs)
{
	static struct tring a, b;
	struct etw_ring rings[2];
	struct etw_run runs[8];
	struct etw_piece pc[32];
	struct etw_plan pl;
	uint32_t n = 0, np, i;
	uint64_t last = 0;

	tring_init(&a, RING);
	tring_init(&b, RING);
	for (i = 0; i < 5; i++) {
		tput(&a, 1, 0, 1, 100 + 2 * i, i, 8);
		tput(&b, 1, 0, 1, 101 + 2 * i, 10 + i, 8);
	}
	tput(&b, 1, 0, 1, 500, 20, 8);
	rings[0] = a.r;
	rings[1] = b.r;
	pl = (struct etw_plan){ .end = a.pos, .cutoff = ~0ULL, .stage = 0 };
	etw_plan_stage(&a.r, &pl, runs, &n, 8);
	pl = (struct etw_plan){ .end = b.pos, .cutoff = ~0ULL, .stage = 1 };
	etw_plan_stage(&b.r, &pl, runs, &n, 8);
	merge_all(runs, n, rings, pc, &np);
	ASSERT_EQ(11, np);
	for (i = 0; i < np; i++) {
		EXPECT_TRUE(pc[i].single);
		EXPECT_EQ(1, pc[i].count);
		EXPECT_GE(pc[i].lo, last);
		EXPECT_EQ(pc[i].lo, pc[i].hi);
		EXPECT_EQ(100 + (i < 10 ? i : 400), pc[i].lo);
		last = pc[i].lo;
	}
}

/* A run whose bytes stop framing after planning is given up whole. */
TEST(merge_lost_rest)
{
	static struct tring a, b;
	struct etw_ring rings[2];
	struct etw_run runs[8];
	struct etw_piece pc[32];
	struct etw_plan pl;
	uint32_t n = 0, np, i, lost = 0, got = 0;

	tring_init(&a, RING);
	tring_init(&b, RING);
	for (i = 0; i < 4; i++) {
		tput(&a, 1, 0, 1, 100 + 2 * i, i, 8);
		tput(&b, 1, 0, 1, 101 + 2 * i, 10 + i, 8);
	}
	rings[0] = a.r;
	rings[1] = b.r;
	pl = (struct etw_plan){ .end = a.pos, .cutoff = ~0ULL, .stage = 0 };
	etw_plan_stage(&a.r, &pl, runs, &n, 8);
	pl = (struct etw_plan){ .end = b.pos, .cutoff = ~0ULL, .stage = 1 };
	etw_plan_stage(&b.r, &pl, runs, &n, 8);
	b.data[88] = 0xFF;		/* b's second record: past its run */
	b.data[89] = 0x0F;
	merge_all(runs, n, rings, pc, &np);
	for (i = 0; i < np; i++) {
		if (pc[i].lost)
			lost += pc[i].count;
		else
			got += pc[i].count;
	}
	EXPECT_EQ(5, got);		/* a's 4 and b's first */
	EXPECT_EQ(3, lost);
}

/* --- checking a copy ------------------------------------------------------------ */

static const uint8_t pguid[16] = { 0xAA, 0xBB, 0xCC, 1, 2, 3, 4, 5, 6, 7, 8, 9,
				   10, 11, 12, 13 };
static struct etw_level_kw kw4;
static int drops;

static bool slot_fn(void *ctx, uint32_t slot, struct etw_slot_view *v)
{
	memset(v, 0, sizeof(*v));
	if (slot == 9)
		return false;			/* no registration */
	v->guid = pguid;
	v->kw = slot == 3 ? NULL : &kw4;	/* 3: not enabled here */
	return true;
}

static void drop_fn(void *ctx, const uint8_t *rec, int err)
{
	drops++;
}

static struct etw_patch patch(void)
{
	struct etw_patch p = {
		.tid = 1234, .pid = 567, .cpu_times = 0x1111222233334444ULL,
		.sessbit = 1, .cpu = 0, .slot = slot_fn, .drop = drop_fn,
	};

	etw_level_kw_set(&kw4, 4, 0, 0, 0, false);
	return p;
}

TEST(check_patches_and_filters)
{
	static struct tring t;
	static uint8_t buf[RING] __attribute__((aligned(8)));
	struct etw_patch p = patch();
	struct etw_check res;
	uint64_t v;
	uint32_t u;

	tring_init(&t, RING);
	tput(&t, 1, 0, 1, 100, 1, 4);		/* kept */
	tput(&t, 3, 0, 1, 101, 2, 8);		/* not enabled: skipped */
	/* unregistered since its drain: written after it, skipped */
	tput(&t, 9, 0, 1, 102, 3, 8);
	tput(&t, 9, 0, 2, 102, 8, 8);		/* not for it, none: skipped */
	tput(&t, 1, 0, 2, 103, 4, 8);		/* another session's: skipped */
	tput(&t, 1, 5, 1, 104, 5, 8);		/* a CPU it did not plan: lost */
	tput(&t, 1, 0, 1, 105, 6, 8);
	t.data[t.pos - 88 + 3] = 0x12;		/* bad marker: lost */
	/*
	 * A lying stage's bad records charge only sessions they were for
	 * (DEVELOPERS.md: a lying writer never harms anyone else's): a
	 * stash naming this session but a slot it does not enable, and a
	 * stash not naming it, are skipped, however bad.
	 */
	tput(&t, 3, 5, 1, 105, 9, 8);		/* wrong CPU, not enabled */
	tput(&t, 1, 5, 2, 105, 10, 8);		/* wrong CPU, not for it */
	tput(&t, 3, 0, 1, 105, 11, 8);
	t.data[t.pos - 88 + 3] = 0x12;		/* bad marker, not enabled */
	tput(&t, 1, 0, 2, 105, 12, 8);
	t.data[t.pos - 88 + 3] = 0x12;		/* bad marker, not for it */
	tput(&t, 1, 0, 1, 50, 7, 8);		/* a time below lo: raised */
	memcpy(buf, t.data, t.pos);
	drops = 0;
	etw_collect_check(buf, t.pos, false, 90, 1000, &p, &res);
	EXPECT_EQ(2, res.kept);
	EXPECT_EQ(8, res.skipped);
	EXPECT_EQ(2, res.lost);
	EXPECT_EQ(2, drops);
	EXPECT_FALSE(res.desync);
	EXPECT_EQ(t.pos, res.src);
	EXPECT_EQ(88 + 88, res.used);		/* compacted */
	/* the first: the truth where the writer lied, padding zeroed */
	memcpy(&u, buf + 8, 4);
	EXPECT_EQ(1234, u);
	memcpy(&u, buf + 12, 4);
	EXPECT_EQ(567, u);
	memcpy(&v, buf + 0x10, 8);
	EXPECT_EQ(100, v);
	EXPECT_EQ(0, memcmp(buf + 0x18, pguid, 16));
	memcpy(&v, buf + 0x38, 8);
	EXPECT_EQ(0x1111222233334444ULL, v);
	EXPECT_EQ(0, buf[6] | buf[7]);		/* EventProperty */
	EXPECT_EQ(0, buf[84] | buf[85] | buf[86] | buf[87]);
	/* the second kept is record 7, raised to the last key (100) */
	memcpy(&v, buf + 88 + 0x10, 8);
	EXPECT_EQ(100, v);
	memcpy(&u, buf + 88 + 0x28, 2);
	EXPECT_EQ(7, u & 0xFFFF);
}

/* A copy cut short (the buffer's end) stops at the last whole record. */
TEST(check_split_and_desync)
{
	static struct tring t;
	static uint8_t buf[RING] __attribute__((aligned(8)));
	struct etw_patch p = patch();
	struct etw_check res;

	tring_init(&t, RING);
	tput(&t, 1, 0, 1, 100, 1, 8);
	tput(&t, 1, 0, 1, 101, 2, 8);
	tput(&t, 1, 0, 1, 102, 3, 8);
	memcpy(buf, t.data, t.pos);
	etw_collect_check(buf, 200, true, 0, ~0ULL, &p, &res);
	EXPECT_EQ(2, res.kept);
	EXPECT_EQ(176, res.src);
	EXPECT_FALSE(res.desync);
	/* the same cut without "more": the run does not frame */
	memcpy(buf, t.data, t.pos);
	etw_collect_check(buf, 200, false, 0, ~0ULL, &p, &res);
	EXPECT_TRUE(res.desync);
	/* a size below any header: desync */
	memcpy(buf, t.data, t.pos);
	buf[88] = 16;
	buf[89] = 0;
	etw_collect_check(buf, t.pos, false, 0, ~0ULL, &p, &res);
	EXPECT_EQ(1, res.kept);
	EXPECT_TRUE(res.desync);
}

/*
 * Many stages, random CPUs and times, random cutoffs over several
 * collects: every record is given exactly once, each CPU's keys never
 * go back, and a record whose time was never below a cutoff keeps it.
 */
#define NST	6

TEST(random_collects_keep_order)
{
	static struct tring st[NST];
	static struct etw_run runs[4096];
	static uint32_t heap[4096], gpos[4096], gleft[4096], gneed[4096];
	static uint32_t top[4096];
	static uint64_t gkey[4096], gprev[4096];
	static struct etw_mcpu cpus[4096];
	struct etw_merge_scratch x = {
		heap, gpos, gleft, gneed, gkey, gprev, cpus, top,
	};
	struct etw_ring rings[NST];
	uint64_t key[NST] = { 0 }, clock = 1000, floor = 0, last[4] = { 0 };
	uint32_t written = 0, given = 0, round, s, changed = 0;

	srand(42);
	for (s = 0; s < NST; s++)
		tring_init(&st[s], 1024 + 64 * s);
	for (round = 0; round < 400; round++) {
		struct etw_merge m;
		struct etw_piece pc;
		uint64_t cut;
		uint32_t n = 0;

		/* writers: a few records each, times rising per stage */
		for (s = 0; s < NST; s++) {
			uint32_t k, burst = rand() % 5;

			for (k = 0; k < burst; k++) {
				uint64_t end = st[s].pos;
				uint32_t lap = end >> 32, to = (uint32_t)st[s].tail;
				uint32_t room = (st[s].tail >> 32) == lap ?
						st[s].r.size - (uint32_t)end + to :
						to - (uint32_t)end;

				if (room < 200)
					break;
				clock += 1 + rand() % 7;
				tput(&st[s], 1, rand() % 3, 1, clock, s,
				     8 * (rand() % 10));
				written++;
			}
		}
		/* a collect up to a cutoff a little behind "now" */
		cut = clock - rand() % 20;
		if (cut < floor)
			cut = floor;
		for (s = 0; s < NST; s++) {
			struct etw_plan pl = {
				.pos = st[s].tail, .end = st[s].pos,
				.key = key[s], .lo = floor, .cutoff = cut,
				.stage = s,
			};

			etw_plan_stage(&st[s].r, &pl, runs, &n, 4096);
			ASSERT_FALSE(pl.bad);
			st[s].tail = pl.pos;
			key[s] = pl.key;
			rings[s] = st[s].r;
		}
		etw_merge_init(&m, runs, n, floor, rings, &x);
		while (etw_merge_next(&m, &pc)) {
			ASSERT_FALSE(pc.lost);
			ASSERT_LE(pc.lo, pc.hi);
			ASSERT_GE(pc.lo, last[pc.run->cpu]);
			ASSERT_LE(pc.hi, cut);
			if (pc.single && pc.lo != *(uint64_t *)(st[pc.run->stage]
					.data + pc.off + 0x10))
				changed++;
			last[pc.run->cpu] = pc.hi;
			given += pc.count;
		}
		floor = cut;
	}
	EXPECT_GT(written, 1000);
	EXPECT_GE(given + 5 * NST, written);	/* a few wait past the end */
	EXPECT_LE(given, written);
	EXPECT_EQ(0, changed);			/* honest times kept */
}

/*
 * One stage's records on several CPUs, ties of keys across stages: the
 * merge gives every stage's pieces in ring order (so a session that
 * stops taking pieces has had a prefix of each stage: the collector's
 * holds), every CPU's keys never go back, and every record comes once.
 */
TEST(merge_gives_each_stage_in_ring_order)
{
	static struct tring st[NST];
	static struct etw_run runs[4096];
	static uint32_t heap[4096], gpos[4096], gleft[4096], gneed[4096];
	static uint32_t top[4096];
	static uint64_t gkey[4096], gprev[4096];
	static struct etw_mcpu cpus[4096];
	struct etw_merge_scratch x = {
		heap, gpos, gleft, gneed, gkey, gprev, cpus, top,
	};
	struct etw_ring rings[NST];
	uint32_t round, s, bad = 0;

	srand(7);
	for (round = 0; round < 300; round++) {
		uint64_t next[NST], last[4] = { 0 }, t = 1000;
		uint32_t n = 0, given = 0, written = 0;
		struct etw_merge m;
		struct etw_piece pc;

		for (s = 0; s < NST; s++) {
			uint32_t k, cnt = rand() % 12;

			tring_init(&st[s], RING);
			for (k = 0; k < cnt; k++) {
				/* equal times often: a busy writer's, raised */
				t += rand() % 3 == 0 ? 0 : rand() % 4;
				tput(&st[s], 1, rand() % 4, 1, t, k, 8);
				written++;
			}
			next[s] = 0;
			rings[s] = st[s].r;
		}
		for (s = 0; s < NST; s++) {
			struct etw_plan pl = {
				.end = st[s].pos, .cutoff = ~0ULL, .stage = s,
			};

			etw_plan_stage(&st[s].r, &pl, runs, &n, 4096);
		}
		etw_merge_init(&m, runs, n, 0, rings, &x);
		while (etw_merge_next(&m, &pc)) {
			uint32_t sg = pc.run->stage;

			ASSERT_FALSE(pc.lost);
			/* ring order within a stage: the piece starts where the
			 * stage's last one ended */
			if (pc.off != next[sg])
				bad++;
			next[sg] = pc.off + pc.len;
			ASSERT_GE(pc.lo, last[pc.run->cpu]);
			last[pc.run->cpu] = pc.hi;
			given += pc.count;
		}
		ASSERT_EQ(written, given);
	}
	EXPECT_EQ(0, bad);
}

/* A record naming a CPU the machine does not have is in a run apart. */
TEST(plan_bad_cpus_run_apart)
{
	static struct tring t;
	struct etw_run runs[8];
	struct etw_plan pl;
	uint32_t n = 0;

	tring_init(&t, RING);
	tput(&t, 1, 0, 1, 100, 1, 8);
	tput(&t, 1, 9999, 1, 101, 2, 8);
	tput(&t, 1, 7, 1, 102, 3, 8);
	tput(&t, 1, 0, 1, 103, 4, 8);
	pl = (struct etw_plan){ .end = t.pos, .cutoff = ~0ULL, .ncpu = 4 };
	etw_plan_stage(&t.r, &pl, runs, &n, 8);
	ASSERT_EQ(3, n);
	EXPECT_EQ(0, runs[0].cpu);
	EXPECT_EQ(ETW_RUN_BADCPU, runs[1].cpu);
	EXPECT_EQ(2, runs[1].count);	/* 9999 and 7: both bad */
	EXPECT_EQ(0, runs[2].cpu);
	EXPECT_EQ(4, pl.records);
}

/*
 * Review 3, finding 3: what a session does not keep (another session's
 * records, a slot it does not enable, an INPRIVATE event it excludes)
 * never reaches the buffer it maps, not even past the offset.
 */
TEST(copy_keeps_only_what_the_session_keeps)
{
	static struct tring t;
	static uint8_t dst[RING] __attribute__((aligned(8)));
	static uint8_t scratch[ETW_COPY_SCRATCH] __attribute__((aligned(8)));
	static const char secret[] = "SECRET-PAYLOAD!";
	struct etw_patch p = patch();
	struct etw_check res;
	uint32_t i;

	tring_init(&t, RING);
	tput(&t, 1, 0, 1, 100, 1, 16);		/* kept */
	memcpy(t.data + t.pos - 16, "kept-payload-ok", 16);
	tput(&t, 1, 0, 2, 101, 2, 16);		/* another session's */
	memcpy(t.data + t.pos - 16, secret, 16);
	tput(&t, 3, 0, 1, 102, 3, 16);		/* a slot it does not enable */
	memcpy(t.data + t.pos - 16, secret, 16);
	tput(&t, 9, 0, 1, 103, 4, 16);		/* no registration */
	memcpy(t.data + t.pos - 16, secret, 16);
	tput(&t, 1, 0, 1, 104, 5, 16);		/* kept */
	memset(dst, 0x5A, sizeof(dst));
	etw_collect_copy(dst, sizeof(dst), t.data, t.pos, false, scratch, 0,
			 ~0ULL, &p, &res);
	EXPECT_EQ(2, res.kept);
	EXPECT_EQ(3, res.skipped);
	EXPECT_EQ(t.pos, res.src);
	EXPECT_EQ(2 * 96, res.used);
	for (i = 0; i + sizeof(secret) - 1 <= sizeof(dst); i++)
		ASSERT_NE(0, memcmp(dst + i, secret, sizeof(secret) - 1));
	for (i = res.used; i < sizeof(dst); i++)
		ASSERT_EQ(0x5A, dst[i]);	/* untouched past what was kept */
	/* a copy cut by the room: the last record whole or not at all */
	etw_collect_copy(dst, 100, t.data, t.pos, false, scratch, 0, ~0ULL,
			 &p, &res);
	EXPECT_EQ(1, res.kept);
	EXPECT_EQ(96, res.src);
	EXPECT_FALSE(res.desync);
}

/* Stage a record with a STACK_TRACE64 item of @nf frames (the last item). */
static uint32_t tput_stack(struct tring *t, uint16_t slot, uint64_t ts,
			   uint16_t id, uint32_t nf, bool related)
{
	uint32_t items = (related ? 24 : 0) + 8 + 8 + 8 * nf;
	uint32_t size = 80 + items + 8, need = (size + 7) & ~7u, i;
	uint32_t off = (uint32_t)t->pos;
	uint8_t *h = t->data + off, *p;

	memset(h, 0, need);
	h[0] = size;
	h[1] = size >> 8;
	h[2] = ETL_HEADER_TYPE_EVENT_HEADER64;
	h[3] = ETL_MARKER_FLAGS;
	h[4] = ETL_EH_FLAG_EXTENDED_INFO;
	memcpy(h + ETW_STASH_SLOT, &slot, 2);
	memcpy(h + 0x10, &ts, 8);
	h[ETW_STASH_SESSIONS] = 1;
	memcpy(h + 0x28, &id, 2);
	h[0x2C] = 4;
	p = h + 80;
	if (related) {
		p[0] = 24;		/* ItemSize */
		p[2] = ETL_EXT_RELATED_ACTIVITYID;
		p[4] = 1;		/* Linkage */
		p[6] = 16;		/* DataSize */
		memset(p + 8, 0x77, 16);
		p += 24;
	}
	p[0] = 8 + 8 + 8 * nf;
	p[2] = ETL_EXT_STACK_TRACE64;
	p[6] = 8 + 8 * nf;
	for (i = 0; i < nf; i++) {
		uint64_t a = 0x400000 + i;

		memcpy(p + 16 + 8 * i, &a, 8);
	}
	p += 16 + 8 * nf;
	memcpy(p, "PAYLOAD", 8);
	t->pos += need;
	return need;
}

static struct etw_level_kw kw_stack;
static struct etw_stack_filter swf_in7;
static uint32_t view_props;
static const struct etw_stack_filter *view_swf;

static bool slot_stack(void *ctx, uint32_t slot, struct etw_slot_view *v)
{
	memset(v, 0, sizeof(*v));
	v->guid = pguid;
	v->kw = &kw_stack;
	v->props = view_props;
	v->swf = view_swf;
	return true;
}

/*
 * Issue 28: a record's STACK_TRACE64 item stays only for a session that
 * asked for stacks (EVENT_ENABLE_PROPERTY_STACK_TRACE) and whose
 * stack-walk filter takes the event; for the others it is taken out of
 * the copy (the record shrinks, the item chain or EXTENDED_INFO is
 * mended).  A stack item that is not last, or of a bad size, loses the
 * record.
 */
TEST(check_keeps_or_strips_stacks)
{
	static struct tring t;
	static uint8_t buf[RING] __attribute__((aligned(8)));
	struct etw_patch p = patch();
	struct etw_check res;
	uint32_t n1, n2;
	struct etw_filter_view fv;
	struct etw_filter_set set;
	uint8_t ids[6] = { 1, 0, 1, 0, 7, 0 };	/* FilterIn, Count 1, id 7 */

	etw_level_kw_set(&kw_stack, 5, 0, 0, 0, false);
	p.slot = slot_stack;
	tring_init(&t, RING);
	n1 = tput_stack(&t, 1, 100, 7, 5, false);
	n2 = tput_stack(&t, 1, 101, 8, 5, true);

	/* A session with stacks: both whole. */
	view_props = ETW_PROP_STACK_TRACE;
	view_swf = NULL;
	memcpy(buf, t.data, t.pos);
	etw_collect_check(buf, t.pos, false, 0, ~0ULL, &p, &res);
	EXPECT_EQ(2, res.kept);
	EXPECT_EQ(n1 + n2, res.used);

	/* Without: both shorter by the item, the payload intact. */
	view_props = 0;
	memcpy(buf, t.data, t.pos);
	etw_collect_check(buf, t.pos, false, 0, ~0ULL, &p, &res);
	EXPECT_EQ(2, res.kept);
	EXPECT_EQ(n1 - 56 + n2 - 56, res.used);
	EXPECT_EQ(0, buf[4] & ETL_EH_FLAG_EXTENDED_INFO);	/* no item left */
	EXPECT_EQ(0, memcmp(buf + 80, "PAYLOAD", 8));
	EXPECT_TRUE(buf[n1 - 56 + 4] & ETL_EH_FLAG_EXTENDED_INFO);
	EXPECT_EQ(0, buf[n1 - 56 + 80 + 4] & 1);	/* related: now the last */
	EXPECT_EQ(0, memcmp(buf + n1 - 56 + 80 + 24, "PAYLOAD", 8));

	/* STACKWALK FilterIn {7}: event 7 keeps it, event 8 loses it. */
	fv.type = ETW_FILTER_TYPE_STACKWALK;
	fv.size = sizeof(ids);
	fv.data = ids;
	memset(&set, 0, sizeof(set));
	set.stackwalk = &fv;
	etw_stack_filter_compile(&set, &swf_in7);
	view_props = ETW_PROP_STACK_TRACE;
	view_swf = &swf_in7;
	memcpy(buf, t.data, t.pos);
	etw_collect_check(buf, t.pos, false, 0, ~0ULL, &p, &res);
	EXPECT_EQ(2, res.kept);
	EXPECT_EQ(n1 + n2 - 56, res.used);

	/* A stack item that says more follow: lost. */
	memcpy(buf, t.data, t.pos);
	buf[80 + 4] = 1;
	view_swf = NULL;
	drops = 0;
	etw_collect_check(buf, n1, false, 0, ~0ULL, &p, &res);
	EXPECT_EQ(0, res.kept);
	EXPECT_EQ(1, res.lost);
}

TEST_HARNESS_MAIN
