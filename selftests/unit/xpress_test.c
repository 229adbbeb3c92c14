// SPDX-License-Identifier: GPL-2.0-only
/*
 * The XPRESS encoder of kmod/shared/etw_xpress.c (the compressed buffers
 * of EVENT_TRACE_COMPRESSED_MODE files, issue 9 defect 7) against an
 * independent decoder, libfwnt's LZXPRESS ([MS-XCA] Plain LZ77): every
 * input comes back byte for byte - empty, tiny, incompressible, runs,
 * matches of every length class (3..9 in the word, 10..24 in a half
 * byte, then a byte, then 16 bits) and of offsets up to 8,192, the
 * records of real ETL buffers; output never exceeds the room given.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <libfwnt.h>
#include "shared/etw_xpress.h"

#include "../kselftest_harness.h"

#ifndef ETL_UNIT_DIR
#define ETL_UNIT_DIR "."
#endif

static u8 work[ETL_XPRESS_WORKSPACE];

/* Compress @n bytes with room @cap, decompress with libfwnt, compare. */
static int roundtrip(const u8 *in, u32 n, u32 cap, u32 *clen)
{
	u8 *c = malloc(cap + 1), *d = malloc(n + 64);
	size_t dn = n;
	libfwnt_error_t *e = NULL;
	int rc, ok;

	c[cap] = 0x5A;		/* a canary past the room */
	rc = etl_xpress_compress(in, n, c, cap, work);
	if (c[cap] != 0x5A)
		abort();
	if (rc < 0) {
		free(c);
		free(d);
		return rc;
	}
	*clen = rc;
	ok = libfwnt_lzxpress_decompress(c, rc, d, &dn, &e) == 1 && dn == n &&
	     !memcmp(d, in, n);
	if (e)
		libfwnt_error_free(&e);
	free(c);
	free(d);
	return ok ? 0 : -EBADMSG;
}

static u64 rng = 88172645463325252ULL;

static u32 rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (u32)rng;
}

TEST(small_inputs)
{
	static const u8 abc[] = "abcabcabcabcabcabcabcabc";
	u32 clen, n;

	for (n = 0; n <= sizeof(abc) - 1; n++)
		EXPECT_EQ(0, roundtrip(abc, n, 64, &clen)) {
			TH_LOG("%u bytes", n);
		}
	/* 24 bytes of "abc": 3 literals and one match */
	EXPECT_EQ(0, roundtrip(abc, 24, 64, &clen));
	EXPECT_GT(24, clen);
}

TEST(runs_and_every_length_class)
{
	u8 *in = malloc(200000);
	u32 len, clen;

	/* a run of one byte compresses to little */
	memset(in, 'z', 200000);
	EXPECT_EQ(0, roundtrip(in, 200000, 200000, &clen));
	EXPECT_GT(100, clen);
	/* a random prefix, then a copy of it of length len: every class */
	for (len = 3; len < 70000; len += len < 40 ? 1 : len < 400 ? 7 : 997) {
		u32 i;

		for (i = 0; i < len && i < 8000; i++)
			in[i] = rnd();
		memcpy(in + 8000, in, len < 8000 ? len : 8000);
		for (i = 8000; i < 8000 + len; i++)
			in[i] = in[i - 8000];
		EXPECT_EQ(0, roundtrip(in, 8000 + len, 2 * (8000 + len) + 64, &clen)) {
			TH_LOG("match length %u", len);
		}
	}
	free(in);
}

TEST(offsets_to_8192)
{
	u8 *in = malloc(40000);
	u32 off, clen, i;

	for (off = 1; off <= 9000; off += off < 64 ? 1 : 61) {
		for (i = 0; i < 40000; i++)
			in[i] = i < off ? (u8)rnd() : in[i - off];
		EXPECT_EQ(0, roundtrip(in, 40000, 90000, &clen)) {
			TH_LOG("offset %u", off);
		}
	}
	free(in);
}

TEST(incompressible_and_no_room)
{
	u8 *in = malloc(65536);
	u32 i, clen, cap;

	for (i = 0; i < 65536; i++)
		in[i] = rnd();
	/* room for the literals and a flag word per 32: it fits */
	EXPECT_EQ(0, roundtrip(in, 65536, 65536 + 65536 / 32 * 4 + 8, &clen));
	/* not in the room of the input: -ENOSPC, nothing written past it */
	EXPECT_EQ(-ENOSPC, roundtrip(in, 65536, 65536, &clen));
	for (cap = 0; cap < 64; cap++)
		EXPECT_EQ(-ENOSPC, roundtrip(in, 100, cap, &clen));
	free(in);
}

TEST(random_mixtures)
{
	u8 *in = malloc(100000);
	int round;

	for (round = 0; round < 200; round++) {
		u32 n = rnd() % 100000, i = 0, clen;

		while (i < n) {
			u32 k = 1 + rnd() % 300;

			if (i > 10 && rnd() % 2) {
				u32 back = 1 + rnd() % (i < 9000 ? i : 9000);

				for (; k && i < n; k--, i++)
					in[i] = in[i - back];
			} else {
				for (; k && i < n; k--, i++)
					in[i] = rnd() % (1 + rnd() % 256);
			}
		}
		EXPECT_EQ(0, roundtrip(in, n, 2 * n + 64, &clen)) {
			TH_LOG("round %d, %u bytes", round, n);
		}
	}
	free(in);
}

/* The records of real buffers (a Windows file): they shrink and come back. */
TEST(etl_buffers)
{
	const char *path = ETL_UNIT_DIR "/../data/powershell.etl";
	struct stat st;
	FILE *f = fopen(path, "rb");
	u64 in = 0, out = 0;
	u8 *d;
	u32 b, clen;

	ASSERT_NE(NULL, f);
	ASSERT_EQ(0, fstat(fileno(f), &st));
	d = malloc(st.st_size);
	ASSERT_EQ((size_t)st.st_size, fread(d, 1, st.st_size, f));
	fclose(f);
	for (b = 0; b < st.st_size / 8192; b++) {
		const u8 *buf = d + b * 8192;
		u32 filled = buf[0x30] | buf[0x31] << 8 | buf[0x32] << 16;

		ASSERT_EQ(0, roundtrip(buf + 72, filled - 72, 8192, &clen));
		in += filled - 72;
		out += clen;
	}
	TH_LOG("records of %ld buffers: %llu bytes -> %llu", st.st_size / 8192,
	       (unsigned long long)in, (unsigned long long)out);
	EXPECT_LT(out * 2, in);
	free(d);
}

TEST(bad_arguments)
{
	u8 out[16];

	EXPECT_EQ(-EINVAL, etl_xpress_compress(NULL, 5, out, 16, work));
	EXPECT_EQ(-EINVAL, etl_xpress_compress(out, 5, NULL, 16, work));
	EXPECT_EQ(-EINVAL, etl_xpress_compress(out, 5, out, 16, NULL));
}

TEST_HARNESS_MAIN
