// SPDX-License-Identifier: GPL-2.0-only
/*
 * The ETW policy in kmod/shared/etw_logic.c, as etw.ko runs it: the
 * enable test and its aggregation (seed 000), traits (seed 004), enable
 * filters and session parameters (reference sections 1.5, 2.3, 2.6).
 */
#include <stdlib.h>
#include "shared/etw_logic.h"

#include "../kselftest_harness.h"

static struct etw_level_kw kw(u8 level, u64 any, u64 all, u32 props)
{
	struct etw_level_kw s;

	etw_level_kw_set(&s, level, any, all, props, false);
	return s;
}

/* seed 000, rule 9: an event is written only if event.Level <= Level. */
TEST(rule9_level_filter)
{
	struct etw_level_kw s = kw(3, ~0ULL, 0, 0);

	EXPECT_TRUE(etw_level_kw_pass(&s, 1, 0x1));
	EXPECT_TRUE(etw_level_kw_pass(&s, 3, 0x1));
	EXPECT_FALSE(etw_level_kw_pass(&s, 4, 0x1));
	EXPECT_TRUE(etw_level_kw_pass(&s, 0, 0x1));	/* level 0 always */
}

/* reference 1.5 / 10.1: a controller's Level 0 means no level filter. */
TEST(level0_means_all_levels)
{
	struct etw_level_kw s = kw(0, ~0ULL, 0, 0);

	EXPECT_EQ(255, s.level);
	EXPECT_TRUE(etw_level_kw_pass(&s, 5, 1));
	EXPECT_TRUE(etw_level_kw_pass(&s, 255, 1));
}

/* seed 000, rule 11: keyword 0 or any bit of MatchAny. */
TEST(rule11_match_any)
{
	struct etw_level_kw s = kw(5, 0x6, 0, 0);

	EXPECT_TRUE(etw_level_kw_pass(&s, 4, 0));
	EXPECT_TRUE(etw_level_kw_pass(&s, 4, 0x2));
	EXPECT_TRUE(etw_level_kw_pass(&s, 4, 0x5));
	EXPECT_FALSE(etw_level_kw_pass(&s, 4, 0x1));
	EXPECT_FALSE(etw_level_kw_pass(&s, 4, 0x8));
}

/* seed 000, rule 13: keyword 0 or all bits of MatchAll. */
TEST(rule13_match_all)
{
	struct etw_level_kw s = kw(5, ~0ULL, 0x3, 0);

	EXPECT_TRUE(etw_level_kw_pass(&s, 4, 0));
	EXPECT_TRUE(etw_level_kw_pass(&s, 4, 0x3));
	EXPECT_TRUE(etw_level_kw_pass(&s, 4, 0x7));
	EXPECT_FALSE(etw_level_kw_pass(&s, 4, 0x1));
	EXPECT_FALSE(etw_level_kw_pass(&s, 4, 0x2));
}

/* seed 000, rule 15: the combined test (Any and All together). */
TEST(rule15_combined)
{
	struct etw_level_kw s = kw(4, 0xF0, 0x10, 0);

	EXPECT_TRUE(etw_level_kw_pass(&s, 4, 0x10));
	EXPECT_TRUE(etw_level_kw_pass(&s, 4, 0x30));
	EXPECT_FALSE(etw_level_kw_pass(&s, 4, 0x20));	/* Any ok, All not */
	EXPECT_FALSE(etw_level_kw_pass(&s, 4, 0x01));	/* neither */
	EXPECT_FALSE(etw_level_kw_pass(&s, 5, 0x10));	/* level */
	EXPECT_TRUE(etw_level_kw_pass(&s, 5, 0) == false);
	EXPECT_TRUE(etw_level_kw_pass(&s, 4, 0));
}

/* reference 1.5: MatchAny 0 is all keywords for EventRegister providers,
 * not for classic providers. */
TEST(match_any_zero_modern_vs_classic)
{
	struct etw_level_kw m, c;

	etw_level_kw_set(&m, 5, 0, 0, 0, false);
	etw_level_kw_set(&c, 5, 0, 0, 0, true);
	EXPECT_EQ(~0ULL, m.any);
	EXPECT_TRUE(etw_level_kw_pass(&m, 5, 0x8000));
	EXPECT_EQ(0, c.any);
	EXPECT_FALSE(etw_level_kw_pass(&c, 5, 0x8000));
}

/* reference 1.5: EVENT_ENABLE_PROPERTY_IGNORE_KEYWORD_0 makes keyword-0
 * events fail. */
TEST(ignore_keyword0)
{
	struct etw_level_kw s = kw(5, ~0ULL, 0, ETW_PROP_IGNORE_KEYWORD_0);

	EXPECT_FALSE(etw_level_kw_pass(&s, 1, 0));
	EXPECT_TRUE(etw_level_kw_pass(&s, 1, 1));
}

/* seed 000, rule 10: Level is the max over sessions (3 and 1 give 3). */
TEST(rule10_level_is_max)
{
	struct etw_aggregate a;
	struct etw_level_kw s3 = kw(3, 1, 0, 0), s1 = kw(1, 1, 0, 0);

	etw_aggregate_init(&a);
	etw_aggregate_add(&a, &s3);
	etw_aggregate_add(&a, &s1);
	EXPECT_EQ(2, a.n);
	EXPECT_EQ(3, a.kw.level);
	etw_aggregate_init(&a);
	etw_aggregate_add(&a, &s1);
	etw_aggregate_add(&a, &s3);
	EXPECT_EQ(3, a.kw.level);
}

/* seed 000, rule 12: MatchAnyKeyword is the OR over sessions. */
TEST(rule12_any_is_or)
{
	struct etw_aggregate a;
	struct etw_level_kw x = kw(4, 0x0F, 0, 0), y = kw(4, 0xF00, 0, 0);

	etw_aggregate_init(&a);
	etw_aggregate_add(&a, &x);
	etw_aggregate_add(&a, &y);
	EXPECT_EQ(0xF0FULL, a.kw.any);
}

/* seed 000, rule 14: MatchAllKeyword is the AND over sessions. */
TEST(rule14_all_is_and)
{
	struct etw_aggregate a;
	struct etw_level_kw x = kw(4, ~0ULL, 0x0F, 0), y = kw(4, ~0ULL, 0x3C, 0);

	etw_aggregate_init(&a);
	etw_aggregate_add(&a, &x);
	etw_aggregate_add(&a, &y);
	EXPECT_EQ(0x0CULL, a.kw.all);
}

/* Level 0 from one session makes the aggregate 255 (reference 10.1). */
TEST(aggregate_level0_wins)
{
	struct etw_aggregate a;
	struct etw_level_kw x = kw(3, 1, 0, 0), y = kw(0, 1, 0, 0);

	etw_aggregate_init(&a);
	etw_aggregate_add(&a, &x);
	etw_aggregate_add(&a, &y);
	EXPECT_EQ(255, a.kw.level);
}

/* Keyword-0 events pass the aggregate if any session lets them through. */
TEST(aggregate_keyword0)
{
	struct etw_aggregate a;
	struct etw_level_kw x = kw(3, 1, 0, ETW_PROP_IGNORE_KEYWORD_0);
	struct etw_level_kw y = kw(3, 1, 0, 0);

	etw_aggregate_init(&a);
	etw_aggregate_add(&a, &x);
	EXPECT_FALSE(etw_level_kw_pass(&a.kw, 1, 0));
	etw_aggregate_add(&a, &y);
	EXPECT_TRUE(etw_level_kw_pass(&a.kw, 1, 0));
}

/* --- traits: seed 004, rules 3-5 and 7 ----------------------------------- */

static const unsigned char group_guid[16] = {
	0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88,
	0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff, 0x00 };

/* Build "MyProvider" + a group trait + a custom trait 200 of 2 bytes. */
static unsigned int build_traits(unsigned char *b, int with_group, int custom)
{
	unsigned int n = 2;

	memcpy(b + n, "MyProvider", 11);
	n += 11;
	if (with_group) {
		b[n] = 19; b[n + 1] = 0; b[n + 2] = ETW_TRAIT_TYPE_GROUP;
		memcpy(b + n + 3, group_guid, 16);
		n += 19;
	}
	if (custom) {
		b[n] = 5; b[n + 1] = 0; b[n + 2] = 200; b[n + 3] = 0xAB; b[n + 4] = 0xCD;
		n += 5;
	}
	b[0] = n & 0xFF;
	b[1] = n >> 8;
	return n;
}

/* reference 5.3 example: "MyProvider", no group. */
TEST(traits_reference_example)
{
	static const unsigned char blob[] = { 0x0D, 0x00, 'M', 'y', 'P', 'r',
		'o', 'v', 'i', 'd', 'e', 'r', 0x00 };
	struct etw_traits_info ti;

	ASSERT_EQ(0, etw_traits_parse(blob, sizeof(blob), &ti));
	EXPECT_EQ(10, ti.name_len);
	EXPECT_EQ(0, memcmp(ti.name, "MyProvider", 10));
	EXPECT_FALSE(ti.has_group);
	EXPECT_EQ(0, ti.ntraits);
}

/* seed 004, rules 3-5 and 7: name, a group trait, a custom trait kept. */
TEST(traits_group_and_custom)
{
	unsigned char b[64];
	unsigned int n = build_traits(b, 1, 1);
	struct etw_traits_info ti;

	ASSERT_EQ(0, etw_traits_parse(b, n, &ti));
	EXPECT_TRUE(ti.has_group);
	EXPECT_EQ(0, memcmp(ti.group, group_guid, 16));
	EXPECT_EQ(2, ti.ntraits);
}

/* seed 004, rules 3-4: every malformation is rejected. */
TEST(traits_malformed)
{
	unsigned char b[64];
	unsigned int n;
	struct etw_traits_info ti;

	n = build_traits(b, 1, 1);
	EXPECT_EQ(-EINVAL, etw_traits_parse(b, n - 1, &ti));	/* size != len */
	EXPECT_EQ(-EINVAL, etw_traits_parse(b, 2, &ti));	/* too short */
	EXPECT_EQ(-EINVAL, etw_traits_parse(NULL, 0, &ti));

	/* Name without NUL. */
	memcpy(b, "\x05\x00" "abc", 5);
	EXPECT_EQ(-EINVAL, etw_traits_parse(b, 5, &ti));

	/* Trait size < 3. */
	n = build_traits(b, 0, 1);
	b[13] = 2;
	EXPECT_EQ(-EINVAL, etw_traits_parse(b, n, &ti));

	/* Trait overrunning the blob. */
	n = build_traits(b, 0, 1);
	b[13] = 6;
	EXPECT_EQ(-EINVAL, etw_traits_parse(b, n, &ti));

	/* Trailing bytes too few for a trait header. */
	n = build_traits(b, 0, 0);
	b[n] = 1; b[n + 1] = 0;
	n += 2;
	b[0] = n;
	EXPECT_EQ(-EINVAL, etw_traits_parse(b, n, &ti));

	/* Group trait with a short GUID. */
	n = build_traits(b, 1, 0);
	b[13] = 18;
	b[0] = n - 1;
	EXPECT_EQ(-EINVAL, etw_traits_parse(b, n - 1, &ti));

	/* Type 0. */
	n = build_traits(b, 0, 1);
	b[15] = 0;
	EXPECT_EQ(-EINVAL, etw_traits_parse(b, n, &ti));

	/* Two group traits. */
	n = build_traits(b, 1, 0);
	memcpy(b + n, b + 13, 19);
	n += 19;
	b[0] = n;
	EXPECT_EQ(-EINVAL, etw_traits_parse(b, n, &ti));
}

/* The parser never reads outside the blob: fuzz it under ASan-less
 * bounds by placing each blob at the end of a guard-checked buffer. */
TEST(traits_fuzz)
{
	unsigned char base[64], b[80];
	unsigned int n, i, iter, ok = 0;
	struct etw_traits_info ti;

	srand(4);
	n = build_traits(base, 1, 1);
	for (iter = 0; iter < 200000; iter++) {
		unsigned int len = n, flips = 1 + rand() % 4;

		memcpy(b, base, n);
		for (i = 0; i < flips; i++)
			b[rand() % n] ^= 1u << (rand() % 8);
		if (rand() % 4 == 0)
			len = rand() % (n + 1);
		if (etw_traits_parse(b, len, &ti) == 0) {
			ok++;
			/* Whatever passes is self-consistent. */
			ASSERT_LE(ti.name_len + 3, len);
			ASSERT_EQ(0, ti.name[ti.name_len]);
		}
	}
	/* Some mutations (e.g. in the name or custom data) stay valid. */
	EXPECT_GT(ok, 0);
}

/* --- filters: reference 2.6, seed 004 rule 13 ----------------------------- */

TEST(filters_valid_set)
{
	unsigned int pids[2] = { 100, 200 };
	unsigned char ids[] = { 1, 0, 3, 0, 7, 0, 1, 0, 5, 0 };
	struct etw_filter_view f[4] = {
		{ ETW_FILTER_TYPE_PID, sizeof(pids), pids },
		{ ETW_FILTER_TYPE_EXECUTABLE_NAME, 12, "a.out;b.exe" },
		{ ETW_FILTER_TYPE_EVENT_ID, sizeof(ids), ids },
		{ ETW_FILTER_TYPE_SCHEMATIZED, 4, "abcd" },
	};
	struct etw_filter_set fs;
	struct etw_id_filter idf;

	ASSERT_EQ(0, etw_filters_check(f, 4, false, &fs));
	EXPECT_EQ(&f[0], fs.pid);
	EXPECT_EQ(&f[1], fs.exe);
	EXPECT_EQ(&f[2], fs.event_id);
	EXPECT_EQ(&f[3], fs.provider);
	EXPECT_TRUE(etw_pid_filter_match(fs.pid, 200));
	EXPECT_FALSE(etw_pid_filter_match(fs.pid, 300));
	EXPECT_TRUE(etw_exe_filter_match(fs.exe, "/usr/bin/B.EXE", 14));
	EXPECT_TRUE(etw_exe_filter_match(fs.exe, "a.out", 5));
	EXPECT_FALSE(etw_exe_filter_match(fs.exe, "/bin/a.outx", 11));
	etw_id_filter_compile(fs.event_id, &idf);
	EXPECT_TRUE(etw_id_filter_pass(&idf, 1));
	EXPECT_TRUE(etw_id_filter_pass(&idf, 5));
	EXPECT_TRUE(etw_id_filter_pass(&idf, 7));
	EXPECT_FALSE(etw_id_filter_pass(&idf, 2));
	ids[0] = 0;	/* FilterIn FALSE: the listed IDs are excluded */
	etw_id_filter_compile(fs.event_id, &idf);
	EXPECT_FALSE(etw_id_filter_pass(&idf, 5));
	EXPECT_TRUE(etw_id_filter_pass(&idf, 6));
}

TEST(filters_invalid)
{
	unsigned int pids[9] = { 0 };
	unsigned char ids[] = { 1, 0, 3, 0, 7, 0, 1, 0 };
	struct etw_filter_view f[2];
	struct etw_filter_set fs;

	/* Same type twice. */
	f[0] = (struct etw_filter_view){ ETW_FILTER_TYPE_PID, 4, pids };
	f[1] = f[0];
	EXPECT_EQ(-EINVAL, etw_filters_check(f, 2, false, &fs));
	/* More than 8 PIDs; a partial PID. */
	f[0].size = sizeof(pids);
	EXPECT_EQ(-EINVAL, etw_filters_check(f, 1, false, &fs));
	f[0].size = 6;
	EXPECT_EQ(-EINVAL, etw_filters_check(f, 1, false, &fs));
	/* EVENT_ID count disagreeing with the size. */
	f[0] = (struct etw_filter_view){ ETW_FILTER_TYPE_EVENT_ID, sizeof(ids), ids };
	EXPECT_EQ(-EINVAL, etw_filters_check(f, 1, false, &fs));
	/* Two provider-side filters (seed 000, rule 16: one per session). */
	f[0] = (struct etw_filter_view){ ETW_FILTER_TYPE_SCHEMATIZED, 4, "abcd" };
	f[1] = (struct etw_filter_view){ 7, 4, "abcd" };
	EXPECT_EQ(-EINVAL, etw_filters_check(f, 2, false, &fs));
	/* More than 13 filters. */
	EXPECT_EQ(-EINVAL, etw_filters_check(f, 14, false, &fs));
	/* Executable name not NUL-terminated. */
	f[0] = (struct etw_filter_view){ ETW_FILTER_TYPE_EXECUTABLE_NAME, 4, "abcd" };
	EXPECT_EQ(-EINVAL, etw_filters_check(f, 1, false, &fs));
}

/* seed 004, rule 13: event-name, event-ID and payload filters do not apply
 * to provider groups. */
TEST(rule13_group_filters_rejected)
{
	unsigned char ids[] = { 1, 0, 1, 0, 7, 0 };
	struct etw_filter_view f;
	struct etw_filter_set fs;

	f = (struct etw_filter_view){ ETW_FILTER_TYPE_EVENT_ID, sizeof(ids), ids };
	EXPECT_EQ(0, etw_filters_check(&f, 1, false, &fs));
	EXPECT_EQ(-EINVAL, etw_filters_check(&f, 1, true, &fs));
	f = (struct etw_filter_view){ ETW_FILTER_TYPE_EVENT_NAME, 8, "xxxxxxx" };
	EXPECT_EQ(-EINVAL, etw_filters_check(&f, 1, true, &fs));
	EXPECT_EQ(-EOPNOTSUPP, etw_filters_check(&f, 1, false, &fs));
	f = (struct etw_filter_view){ ETW_FILTER_TYPE_PAYLOAD, 8, "xxxxxxx" };
	EXPECT_EQ(-EINVAL, etw_filters_check(&f, 1, true, &fs));
}

/* --- session parameters: reference 2.2, 2.3 ------------------------------- */

static int params(u32 mode, bool file, u32 maxsize, struct etw_session_params *p)
{
	memset(p, 0, sizeof(*p));
	p->log_file_mode = mode;
	p->has_log_file = file;
	p->max_file_size = maxsize;
	return etw_session_params_check(p, 4);
}

TEST(session_params_defaults)
{
	struct etw_session_params p;

	ASSERT_EQ(0, params(ETW_MODE_REAL_TIME, false, 0, &p));
	EXPECT_EQ(64, p.buffer_size_kb);
	EXPECT_EQ(4, p.nr_streams);
	EXPECT_EQ(8, p.min_buffers);		/* 2 per CPU */
	EXPECT_GE(p.max_buffers, p.min_buffers);
	EXPECT_EQ(1, p.flush_timer);		/* real time: 0 -> 1 s */
	EXPECT_EQ(1, p.clock_type);		/* ClientContext 0 -> QPC */
	ASSERT_EQ(0, params(ETW_MODE_REAL_TIME | ETW_MODE_NO_PER_PROCESSOR_BUFFERING,
			    false, 0, &p));
	EXPECT_EQ(1, p.nr_streams);
	EXPECT_EQ(2, p.min_buffers);
	ASSERT_EQ(0, params(ETW_MODE_BUFFERING, false, 0, &p));
	EXPECT_EQ(p.min_buffers, p.max_buffers);	/* MaximumBuffers ignored */
}

TEST(session_params_clamps)
{
	struct etw_session_params p = { .log_file_mode = ETW_MODE_REAL_TIME,
		.buffer_size_kb = 1, .min_buffers = 100, .max_buffers = 3 };

	ASSERT_EQ(0, etw_session_params_check(&p, 2));
	EXPECT_EQ(4, p.buffer_size_kb);
	EXPECT_EQ(100, p.max_buffers);
	p.buffer_size_kb = 100000;
	p.min_buffers = 4;
	p.max_buffers = 2;
	ASSERT_EQ(0, etw_session_params_check(&p, 2));
	EXPECT_EQ(16384, p.buffer_size_kb);
	EXPECT_EQ(4, p.max_buffers);
	p.clock_type = 4;
	EXPECT_EQ(-EINVAL, etw_session_params_check(&p, 2));
	/* 1 GB per session at most. */
	p.clock_type = 1;
	p.max_buffers = 100;
	EXPECT_EQ(-ENOMEM, etw_session_params_check(&p, 2));
}

/* reference 2.3: the LogFileMode combinations StartTrace refuses. */
TEST(session_params_forbidden_mixes)
{
	struct etw_session_params p;

	EXPECT_EQ(-EINVAL, params(ETW_MODE_FILE_MODE_SEQUENTIAL | ETW_MODE_FILE_MODE_CIRCULAR, true, 1, &p));
	EXPECT_EQ(-EINVAL, params(ETW_MODE_FILE_MODE_SEQUENTIAL | ETW_MODE_FILE_MODE_NEWFILE, true, 1, &p));
	EXPECT_EQ(-EINVAL, params(ETW_MODE_FILE_MODE_CIRCULAR | ETW_MODE_FILE_MODE_APPEND, true, 1, &p));
	EXPECT_EQ(-EINVAL, params(ETW_MODE_FILE_MODE_APPEND | ETW_MODE_REAL_TIME, true, 1, &p));
	EXPECT_EQ(-EINVAL, params(ETW_MODE_BUFFERING | ETW_MODE_REAL_TIME, false, 0, &p));
	EXPECT_EQ(-EINVAL, params(ETW_MODE_BUFFERING | ETW_MODE_FILE_MODE_SEQUENTIAL, true, 0, &p));
	EXPECT_EQ(-EINVAL, params(ETW_MODE_REAL_TIME | ETW_MODE_PRIVATE_LOGGER, false, 0, &p));
	EXPECT_EQ(-EINVAL, params(ETW_MODE_FILE_MODE_NEWFILE | ETW_MODE_PRIVATE_LOGGER, true, 1, &p));
	EXPECT_EQ(-EINVAL, params(ETW_MODE_USE_GLOBAL_SEQUENCE | ETW_MODE_USE_LOCAL_SEQUENCE | ETW_MODE_REAL_TIME, false, 0, &p));
	/* Circular and newfile need MaximumFileSize; file modes need a file. */
	EXPECT_EQ(-EINVAL, params(ETW_MODE_FILE_MODE_CIRCULAR, true, 0, &p));
	EXPECT_EQ(-EINVAL, params(ETW_MODE_FILE_MODE_NEWFILE, true, 0, &p));
	EXPECT_EQ(-EINVAL, params(ETW_MODE_FILE_MODE_SEQUENTIAL, false, 0, &p));
	/* Nowhere to deliver events. */
	EXPECT_EQ(-EINVAL, params(0, false, 0, &p));
	/* Unknown bits. */
	EXPECT_EQ(-EINVAL, params(ETW_MODE_REAL_TIME | 0x40000000, false, 0, &p));
	/* Valid ones. */
	EXPECT_EQ(0, params(ETW_MODE_FILE_MODE_CIRCULAR, true, 10, &p));
	EXPECT_EQ(0, params(ETW_MODE_FILE_MODE_SEQUENTIAL | ETW_MODE_REAL_TIME, true, 0, &p));
	EXPECT_EQ(0, params(0, true, 0, &p));	/* a file alone is sequential */
	/* System loggers (the NT Kernel Logger, issue 11), never private. */
	EXPECT_EQ(0, params(ETW_MODE_SYSTEM_LOGGER | ETW_MODE_REAL_TIME, false, 0, &p));
	EXPECT_EQ(-EINVAL, params(ETW_MODE_SYSTEM_LOGGER | ETW_MODE_PRIVATE_LOGGER, false, 0, &p));
	/* Compressed buffers (issue 9): not in a ring, not appended. */
	EXPECT_EQ(0, params(ETW_MODE_COMPRESSED | ETW_MODE_FILE_MODE_SEQUENTIAL, true, 0, &p));
	EXPECT_EQ(0, params(ETW_MODE_COMPRESSED | ETW_MODE_FILE_MODE_NEWFILE, true, 5, &p));
	EXPECT_EQ(-EOPNOTSUPP, params(ETW_MODE_COMPRESSED | ETW_MODE_FILE_MODE_CIRCULAR, true, 10, &p));
	EXPECT_EQ(-EOPNOTSUPP, params(ETW_MODE_COMPRESSED | ETW_MODE_FILE_MODE_APPEND, true, 0, &p));
}

/* reference 2.2: session names are case-insensitive. */
TEST(names_case_insensitive)
{
	EXPECT_TRUE(etw_name_equal("MySession", 9, "mysESSION", 9));
	EXPECT_FALSE(etw_name_equal("MySession", 9, "MySessio", 8));
	EXPECT_FALSE(etw_name_equal("a-b", 3, "a_b", 3));
}

TEST_HARNESS_MAIN
