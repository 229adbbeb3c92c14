// SPDX-License-Identifier: GPL-2.0-only
/*
 * EventHeader events and plain tracepoints in the TraceLogging form
 * (kmod/shared/etw_eventheader.c), what libtracepoint writes and the
 * perf.data reader builds: tracepoint names as LinuxTracepoints defines
 * them, the TraceLogging metadata of each encoding, the payloads that
 * must be rewritten (UTF-32, counted UTF-16, byte-order marks), and
 * malformed metadata or payloads refused without reading past them.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shared/etw_eventheader.h"
#include "../kselftest_harness.h"

static int tpname(const char *s, struct etw_eh_tpname *t)
{
	return etw_eh_tpname_parse(s, (u32)strlen(s), t);
}

TEST(tracepoint_names)
{
	struct etw_eh_tpname t;

	ASSERT_EQ(0, tpname("MyProvider_L5K1", &t));
	EXPECT_EQ(10, t.provider_len);
	EXPECT_EQ(5, t.level);
	EXPECT_EQ(1, t.keyword);
	EXPECT_EQ(0, t.options_len);
	EXPECT_EQ(NULL, t.group);
	/* The provider may hold '_'; attributes follow the last "_L". */
	ASSERT_EQ(0, tpname("My_Provider_L3Kf123456789abcdefGmsftHx", &t));
	EXPECT_EQ(0, memcmp(t.provider, "My_Provider", 11));
	EXPECT_EQ(11, t.provider_len);
	EXPECT_EQ(3, t.level);
	EXPECT_EQ(0xf123456789abcdefULL, t.keyword);
	ASSERT_NE(NULL, t.group);
	EXPECT_EQ(4, t.group_len);
	EXPECT_EQ(0, memcmp(t.group, "msft", 4));
	EXPECT_EQ(7, t.options_len);
	/* Not EventHeader names: plain tracepoints. */
	EXPECT_EQ(-EINVAL, tpname("simple_tracepoint", &t));
	EXPECT_EQ(-EINVAL, tpname("P_L0K1", &t));		/* level 0 */
	EXPECT_EQ(-EINVAL, tpname("P_L5KA", &t));		/* uppercase hex */
	EXPECT_EQ(-EINVAL, tpname("P_L5K", &t));		/* no keyword */
	EXPECT_EQ(-EINVAL, tpname("P_L5K1g", &t));		/* option letter */
	EXPECT_EQ(-EINVAL, tpname("P_L5K1G_", &t));		/* option value */
	EXPECT_EQ(0, tpname("P_L5K1GA", &t));			/* options G and A */
	EXPECT_EQ(-EINVAL, tpname("P:x_L5K1", &t));
	EXPECT_EQ(-EINVAL, tpname("P x_L5K1", &t));
	EXPECT_EQ(-EINVAL, tpname("_L5K1", &t));		/* no provider */
	EXPECT_EQ(-EINVAL, tpname("P_L100K1", &t));		/* level > 255 */
}

TEST(tracepoint_name_too_long)
{
	struct etw_eh_tpname t;
	char longname[300];

	memset(longname, 'a', 260);
	strcpy(longname + 260, "_L5K1");
	EXPECT_EQ(-EINVAL, tpname(longname, &t));
}

/* Metadata: "Ev\0" then fields given as raw bytes. */
static u32 meta_of(u8 *m, const void *fields, u32 n)
{
	memcpy(m, "Ev;a=b\0", 7);
	memcpy(m + 7, fields, n);
	return 7 + n;
}

static struct etw_eh_meta em;

TEST(metadata_to_tracelogging)
{
	/* "x" value32 signed; "s" zstring_char8 default; "g" value128 uuid
	 * with tag 0x1234; "a" value16 carray[3] hex. */
	static const u8 f[] = {
		'x', 0, 0x80 | 4, 2,
		's', 0, 7,
		'g', 0, 0x80 | 6, 0x80 | 15, 0x34, 0x12,
		'a', 0, 0x80 | 0x20 | 3, 3, 3, 0,
	};
	static const u8 want[] = {
		0, 0,			/* size */
		0x80, 0x80, 0x81, 0x02,	/* event tag 0x82 */
		'E', 'v', ';', 'a', '=', 'b', 0,
		'x', 0, 7,				/* INT32 */
		's', 0, 0x80 | 2, 35,			/* ANSISTRING, UTF8 */
		'g', 0, 0x80 | 15, 0x80 | (0x60 + 15), 0x80, 0x80, 0xA4, 0x34,
		'a', 0, 0x80 | 0x20 | 6, 4, 3, 0,	/* UINT16[3], HEX */
	};
	u8 m[64], out[128];
	u32 flags;
	int n;

	ASSERT_EQ(0, etw_eh_meta_parse(m, meta_of(m, f, sizeof(f)), &em));
	EXPECT_EQ(4, em.n);
	n = etw_eh_tl_meta(&em, 0x82, out, sizeof(out), &flags);
	ASSERT_EQ((int)sizeof(want), n);
	EXPECT_EQ(sizeof(want), out[0] | out[1] << 8);
	EXPECT_EQ(0, memcmp(out + 2, want + 2, sizeof(want) - 2));
	EXPECT_EQ(0, flags);
	/* Too little room: -E2BIG, never a write past it. */
	memset(out, 0xEE, sizeof(out));
	EXPECT_EQ(-E2BIG, etw_eh_tl_meta(&em, 0x82, out, 20, &flags));
	EXPECT_EQ(0xEE, out[20]);
}

TEST(structs_and_arrays)
{
	/* struct "st" of 2 (varray), members "k" value8 string8, "z"
	 * zstring_char32; then a struct that says 5 members and has 1. */
	static const u8 f[] = {
		's', 't', 0, 0x80 | 0x40 | 1, 2,
		'k', 0, 0x80 | 2, 10,
		'z', 0, 9,
		'c', 0, 0x80 | 1, 5,
		'v', 0, 3,
	};
	static const u8 pay[] = {
		2, 0,				/* two elements */
		'A', 'h', 0, 0, 0, 0, 0, 0, 0,
		'B', 0x00, 0xF6, 0x01, 0, 0, 0, 0, 0,	/* U+1F600 */
		7, 0,
	};
	static const u8 want[] = {
		2, 0,
		'A', 'h', 0, 0, 0,
		'B', 0x3D, 0xD8, 0x00, 0xDE, 0, 0,
		7, 0,
	};
	u8 m[64], out[256];
	u32 flags;
	int n;

	ASSERT_EQ(0, etw_eh_meta_parse(m, meta_of(m, f, sizeof(f)), &em));
	EXPECT_EQ(1, em.f[3].fmt);	/* the cut struct has what is there */
	n = etw_eh_tl_meta(&em, 0, out, sizeof(out), &flags);
	ASSERT_GT(n, 0);
	EXPECT_EQ(ETW_EH_TRANSCODE, flags);
	n = etw_eh_transcode(&em, pay, sizeof(pay), out, sizeof(out));
	ASSERT_EQ((int)sizeof(want), n);
	EXPECT_EQ(0, memcmp(out, want, sizeof(want)));
	/* Cut anywhere: refused, not read past. */
	for (n = 0; n < (int)sizeof(pay) - 2; n++) {
		EXPECT_EQ(-EINVAL, etw_eh_transcode(&em, pay, (u32)n, out, sizeof(out)));
	}
}

TEST(strings_rewritten)
{
	/* counted char16 (count in units: bytes in TL), counted char32,
	 * zstring_char16 with utf_bom (swapped BOM), counted char8 json
	 * with a UTF-8 BOM, zstring_char32 hex_bytes. */
	static const u8 f[] = {
		'a', 0, 11,
		'b', 0, 12,
		'c', 0, 0x80 | 8, 12,
		'd', 0, 0x80 | 10, 14,
		'e', 0, 0x80 | 9, 9,
	};
	static const u8 pay[] = {
		2, 0, 'h', 0, 'i', 0,
		1, 0, 'x', 0, 0, 0,
		0xFE, 0xFF, 0, 'o', 0, 'k', 0, 0,	/* big-endian, its BOM */
		5, 0, 0xEF, 0xBB, 0xBF, '{', '}',
		'q', 0, 0, 0, 0, 0, 0, 0,
	};
	static const u8 want[] = {
		4, 0, 'h', 0, 'i', 0,
		2, 0, 'x', 0,
		'o', 0, 'k', 0, 0, 0,
		2, 0, '{', '}',
		4, 0, 'q', 0, 0, 0,
	};
	u8 m[64], out[256];
	u32 flags;
	int n;

	ASSERT_EQ(0, etw_eh_meta_parse(m, meta_of(m, f, sizeof(f)), &em));
	ASSERT_GT(etw_eh_tl_meta(&em, 0, out, sizeof(out), &flags), 0);
	EXPECT_EQ(ETW_EH_TRANSCODE, flags);
	n = etw_eh_transcode(&em, pay, sizeof(pay), out, sizeof(out));
	ASSERT_EQ((int)sizeof(want), n);
	EXPECT_EQ(0, memcmp(out, want, sizeof(want)));
	EXPECT_EQ(-E2BIG, etw_eh_transcode(&em, pay, sizeof(pay), out, 10));
}

TEST(malformed_metadata)
{
	static const struct {
		const char *what;
		u8 f[8];
		u32 n;
	} bad[] = {
		{ "empty struct", { 's', 0, 0x80 | 1, 0 }, 4 },
		{ "carray of 0", { 'a', 0, 0x20 | 2, 0, 0 }, 5 },
		{ "both array flags", { 'a', 0, 0x60 | 2 }, 3 },
		{ "unknown encoding", { 'a', 0, 30 }, 3 },
		{ "invalid encoding", { 'a', 0, 0 }, 3 },
		{ "format byte cut", { 'a', 0, 0x80 | 2 }, 3 },
		{ "tag cut", { 'a', 0, 0x80 | 2, 0x80, 1 }, 5 },
		{ "name without NUL", { 'a', 'b' }, 2 },
		{ "no encoding", { 'a', 0 }, 2 },
	};
	u8 m[64];
	unsigned i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		TH_LOG("%s", bad[i].what);
		EXPECT_EQ(-EINVAL, etw_eh_meta_parse(m, meta_of(m, bad[i].f, bad[i].n),
						     &em));
	}
	EXPECT_EQ(-EINVAL, etw_eh_meta_parse((const u8 *)"noname", 6, &em));
}

TEST(random_bytes_never_read_past)
{
	u8 *m = malloc(64), *pay = malloc(64), out[512];
	unsigned seed = 29, it;
	u32 flags;

	ASSERT_NE(NULL, m);
	ASSERT_NE(NULL, pay);
	for (it = 0; it < 20000; it++) {
		u32 ml = (u32)(rand_r(&seed) % 64), pl = (u32)(rand_r(&seed) % 64), k;

		for (k = 0; k < ml; k++)
			m[k] = (u8)rand_r(&seed);
		for (k = 0; k < pl; k++)
			pay[k] = (u8)rand_r(&seed);
		if (etw_eh_meta_parse(m, ml, &em))
			continue;
		etw_eh_tl_meta(&em, (u16)it, out, sizeof(out), &flags);
		etw_eh_transcode(&em, pay, pl, out, sizeof(out));
	}
	free(m);
	free(pay);
}

TEST(events_taken_apart)
{
	static const u8 ev[] = {
		0x07, 2, 0x34, 0x12, 0x78, 0x56, 1, 4,	/* header */
		32, 0, 0x02, 0x80,			/* activity, chained */
		1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
		17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32,
		3, 0, 1, 0, 'E', 'v', 0,		/* metadata */
		0xAB,					/* payload */
	};
	struct etw_eh_event e;
	u8 be[8] = { 0x01, 0, 0, 0, 0, 0, 0, 4 };
	u8 cut[sizeof(ev)];
	u32 n;

	ASSERT_EQ(0, etw_eh_parse(ev, sizeof(ev), &e));
	EXPECT_EQ(0x1234, e.id);
	EXPECT_EQ(0x5678, e.tag);
	EXPECT_EQ(2, e.version);
	EXPECT_EQ(1, e.opcode);
	EXPECT_EQ(4, e.level);
	EXPECT_EQ(ev + 12, e.activity);
	EXPECT_EQ(ev + 28, e.related);
	EXPECT_EQ(3, e.meta_len);
	EXPECT_EQ(1, e.payload_len);
	EXPECT_EQ(0xAB, e.payload[0]);
	EXPECT_EQ(-EPROTONOSUPPORT, etw_eh_parse(be, 8, &e));
	for (n = 0; n < sizeof(ev) - 1; n++) {
		memcpy(cut, ev, n);
		if (n > 8 && n < 48) {
			EXPECT_EQ(-EINVAL, etw_eh_parse(cut, n, &e));
		}
	}
	/* Activity data of 20 bytes: refused. */
	memcpy(cut, ev, sizeof(ev));
	cut[8] = 20;
	EXPECT_EQ(-EINVAL, etw_eh_parse(cut, sizeof(ev), &e));
}

TEST(plain_tracepoints)
{
	static const char fmt[] =
		"name: sched_switch\nID: 317\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
		"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
		"\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
		"\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
		"\tfield:__data_loc char[] msg;\toffset:28;\tsize:4;\tsigned:0;\n";
	struct etw_tp_field f[8];
	u8 data[64] = { 0 }, out[128];
	int n;

	n = etw_tp_args_parse("u32 a; char b[4]; __rel_loc char[] c; u64 d",
			      44, f, 8);
	ASSERT_EQ(4, n);
	EXPECT_EQ(8, f[0].offset);
	EXPECT_EQ(12, f[1].offset);
	EXPECT_EQ(ETW_TPF_CHARS, f[1].kind);
	EXPECT_EQ(16, f[2].offset);
	EXPECT_EQ(ETW_TPF_REL_LOC, f[2].kind);
	EXPECT_EQ(20, f[3].offset);

	/* The user's payload: a, "hi\0\0", rel_loc to "yo\0" after d. */
	memcpy(data, "\x01\0\0\0hi\0\0", 8);
	data[8] = 8;		/* rel_loc: offset 8 after its end, 3 bytes */
	data[10] = 3;
	memcpy(data + 12, "\x02\0\0\0\0\0\0\0yo", 11);
	n = etw_tp_transcode(f, 4, data, 23, ETW_TP_USER_BASE, out, sizeof(out));
	ASSERT_EQ(4 + 3 + 3 + 8, n);
	EXPECT_EQ(0, memcmp(out, "\x01\0\0\0hi\0yo\0\x02\0\0\0\0\0\0\0", 18));
	/* A rel_loc pointing past the data: refused. */
	data[8] = 60;
	EXPECT_EQ(-EINVAL, etw_tp_transcode(f, 4, data, 23, ETW_TP_USER_BASE,
					    out, sizeof(out)));

	EXPECT_EQ(-EINVAL, etw_tp_args_parse("float x", 7, f, 8));
	EXPECT_EQ(-E2BIG, etw_tp_args_parse("u8 a; u8 b; u8 c", 16, f, 2));

	n = etw_tp_format_parse(fmt, sizeof(fmt) - 1, f, 8);
	ASSERT_EQ(3, n);		/* common_* left out */
	EXPECT_EQ(ETW_TPF_CHARS, f[0].kind);
	EXPECT_EQ(24, f[1].offset);
	EXPECT_EQ(1, f[1].is_signed);
	EXPECT_EQ(ETW_TPF_DATA_LOC, f[2].kind);
	memset(data, 0, sizeof(data));
	memcpy(data + 8, "swapper", 8);
	data[24] = 7;
	data[28] = 32;		/* data_loc: offset 32, 2 bytes */
	data[30] = 2;
	memcpy(data + 32, "m", 2);
	n = etw_tp_transcode(f, 3, data, 34, 0, out, sizeof(out));
	ASSERT_EQ(8 + 4 + 2, n);
	EXPECT_EQ(0, memcmp(out, "swapper\0\x07\0\0\0m\0", 14));
	ASSERT_GT(etw_tp_tl_meta("sched_switch", 12, f, 3, out, sizeof(out)), 0);
}

TEST_HARNESS_MAIN
