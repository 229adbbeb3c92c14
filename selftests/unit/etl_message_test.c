// SPDX-License-Identifier: GPL-2.0-only
/*
 * TraceMessage records: the freestanding MESSAGE encoder of
 * kmod/shared/etw_etl_write.c (the code etw.ko fills its buffers with)
 * against the reader of etw_etl_read.c, for every combination of option
 * flags.  Rules checked, by source:
 *
 *   etl-format.md 3.6:  marker: reserved byte 0 and 0x90 (the u16 at +2 is
 *                       0x9000); MessageNumber u16@4, OptionFlags u16@6;
 *                       then, only for set bits and in this order, u32
 *                       sequence, GUID or u32 component id, u64 raw time,
 *                       u32 thread id + u32 process id, then the packed
 *                       arguments.
 *   reference 4 (TRACE_MESSAGE_*): GUID and COMPONENTID are mutually
 *                       exclusive; the defined bits are 0x01..0x80.
 *   our decision:       POINTER32 and POINTER64 are mutually exclusive.
 *
 * Built with ASan/UBSan when available (etl_message_test.mk): every record is
 * decoded from a heap block of exactly the buffer's length.
 */
#include <stdlib.h>
#include "shared/etw_etl.h"

#include "../kselftest_harness.h"

#define BSIZE 1024

static const u8 mguid[16] = { 0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe,
			      1, 2, 3, 4, 5, 6, 7, 8 };

static int bits(u32 f, u32 b)
{
	return (f & b) != 0;
}

/* Reference 4 / etl-format 3.6: which flag sets are valid. */
TEST(flags_check)
{
	u32 f;

	for (f = 0; f < 0x20000; f++) {
		int want = !(f & ~0xFFu) &&
			   !(bits(f, ETL_MSG_GUID) && bits(f, ETL_MSG_COMPONENTID)) &&
			   !(bits(f, ETL_MSG_POINTER32) && bits(f, ETL_MSG_POINTER64));

		ASSERT_EQ(want ? 0 : -EINVAL, etl_message_flags_check(f)) {
			TH_LOG("flags 0x%x", f);
		}
	}
	EXPECT_EQ(-EINVAL, etl_message_flags_check(0x80000000u));
	EXPECT_EQ(-EINVAL, etl_message_flags_check(0x100));	/* FLAG_MASK bits */
	EXPECT_EQ(0, etl_message_flags_check(ETL_MSG_PERFORMANCE_TIMESTAMP));
}

/* etl-format 3.6: the header grows by exactly the announced fields. */
TEST(header_size)
{
	u32 f;

	for (f = 0; f <= 0xFF; f++) {
		u32 want = 8 + 4 * bits(f, ETL_MSG_SEQUENCE) +
			   (bits(f, ETL_MSG_GUID) ? 16 :
			    4 * bits(f, ETL_MSG_COMPONENTID)) +
			   8 * bits(f, ETL_MSG_TIMESTAMP) +
			   8 * bits(f, ETL_MSG_SYSTEMINFO);

		if (etl_message_flags_check(f))
			continue;
		EXPECT_EQ(want, etl_message_header_size(f)) {
			TH_LOG("flags 0x%x", f);
		}
	}
}

static u32 ld32(const u8 *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static u64 ld64(const u8 *p)
{
	return ld32(p) | (u64)ld32(p + 4) << 32;
}

/* etl-format 3.6: the bytes of one record with every field. */
TEST(golden_bytes)
{
	struct etl_rec_message m = {
		.message_number = 0x1234,
		.option_flags = ETL_MSG_SEQUENCE | ETL_MSG_GUID |
				ETL_MSG_TIMESTAMP | ETL_MSG_SYSTEMINFO |
				ETL_MSG_POINTER64,
		.sequence = 0xA1B2C3D4,
	};
	u8 rec[64], *args;

	memset(rec, 0xEE, sizeof(rec));
	memcpy(m.guid, mguid, 16);
	args = etl_message_put_header(rec, 44 + 3, &m, 0x1122334455667788ULL,
				      0x0BADF00D, 0x00C0FFEE);
	ASSERT_EQ(rec + 44, args);
	EXPECT_EQ(47, rec[0] | rec[1] << 8);
	EXPECT_EQ(0, rec[2]);			/* reserved byte */
	EXPECT_EQ(0x90, rec[3]);		/* TRACE_HEADER_FLAG | MESSAGE */
	EXPECT_EQ(0x9000, rec[2] | rec[3] << 8);	/* what etl-parser wants */
	EXPECT_EQ(0x1234, rec[4] | rec[5] << 8);
	EXPECT_EQ(0xAB, rec[6] | rec[7] << 8);
	EXPECT_EQ(0xA1B2C3D4u, ld32(rec + 8));
	EXPECT_EQ(0, memcmp(rec + 12, mguid, 16));
	EXPECT_EQ(0x1122334455667788ULL, ld64(rec + 28));
	EXPECT_EQ(0x0BADF00Du, ld32(rec + 36));
	EXPECT_EQ(0x00C0FFEEu, ld32(rec + 40));
	EXPECT_EQ(0xEE, rec[44]);		/* nothing written past it */

	/* COMPONENTID instead of GUID: a u32 where the GUID was. */
	m.option_flags = ETL_MSG_COMPONENTID | ETL_MSG_TIMESTAMP;
	m.component_id = 0x55AA33CC;
	memset(rec, 0xEE, sizeof(rec));
	args = etl_message_put_header(rec, 20, &m, 7, 1, 2);
	ASSERT_EQ(rec + 20, args);
	EXPECT_EQ(0x55AA33CCu, ld32(rec + 8));
	EXPECT_EQ(7, ld64(rec + 12));
	EXPECT_EQ(0xEE, rec[20]);
}

/*
 * Write one message per valid flag set into a buffer and read it back:
 * every field the flags announce comes back, the others are absent, and
 * the arguments are the bytes after the announced fields.
 */
TEST(round_trip_every_flag_set)
{
	u8 args[40];
	u32 f, i;

	for (i = 0; i < sizeof(args); i++)
		args[i] = (u8)(0x41 + i);
	for (f = 0; f <= 0xFF; f++) {
		struct etl_rec_message m = { 0 };
		struct etl_buffer_info info;
		struct etl_record_iter it;
		struct etl_record r;
		u32 hdr, len = f % 23, size, pos = ETL_BUFFER_HEADER_SIZE;
		u64 ts = 0;
		int skim;
		u8 *buf, *heap;

		if (etl_message_flags_check(f))
			continue;
		buf = aligned_alloc(8, BSIZE);
		ASSERT_NE(NULL, buf);
		etl_buffer_init(buf, BSIZE, 3, 5, ETL_BUFFER_TYPE_GENERIC);
		m.message_number = (u16)(f * 257);
		m.option_flags = (u16)f;
		m.sequence = 1000 + f;
		m.component_id = 0x77000000 | f;
		memcpy(m.guid, mguid, 16);
		m.guid[15] = (u8)f;
		hdr = etl_message_header_size(f);
		size = hdr + len;
		memset(buf + pos, 0, ETL_ALIGN8(size));
		memcpy(etl_message_put_header(buf + pos, size, &m, 5000 + f,
					      300 + f, 400 + f), args, len);
		pos += ETL_ALIGN8(size);
		etl_buffer_seal(buf, pos, 9, 1, 0);

		heap = malloc(BSIZE);
		ASSERT_NE(NULL, heap);
		memcpy(heap, buf, BSIZE);
		free(buf);
		ASSERT_EQ(0, etl_buffer_parse(heap, BSIZE, &info, NULL));
		ASSERT_EQ(0, etl_record_iter_init(&it, heap, &info));
		ASSERT_EQ(1, etl_record_next(&it, &r)) {
			TH_LOG("flags 0x%x: %s", f, it.diag.why);
		}
		EXPECT_EQ(ETL_REC_MESSAGE, r.kind);
		EXPECT_EQ(ETL_FAM_MESSAGE, r.family);
		EXPECT_EQ(0x90, r.marker_flags);
		EXPECT_EQ(0, r.header_type);
		EXPECT_EQ(size, r.size);
		EXPECT_EQ((u16)(f * 257), r.message.message_number);
		EXPECT_EQ(f, r.message.option_flags);
		EXPECT_EQ(bits(f, ETL_MSG_SEQUENCE) ? 1000 + f : 0,
			  r.message.sequence);
		if (f & ETL_MSG_GUID) {
			EXPECT_EQ(0, memcmp(r.message.guid, m.guid, 16));
		} else {
			static const u8 zero[16];

			EXPECT_EQ(0, memcmp(r.message.guid, zero, 16));
		}
		EXPECT_EQ(bits(f, ETL_MSG_COMPONENTID) ? (0x77000000 | f) : 0,
			  r.message.component_id);
		EXPECT_EQ(bits(f, ETL_MSG_TIMESTAMP), !!(r.present & ETL_REC_HAS_TIME));
		EXPECT_EQ(bits(f, ETL_MSG_TIMESTAMP) ? 5000 + f : 0, r.timestamp);
		EXPECT_EQ(bits(f, ETL_MSG_SYSTEMINFO), !!(r.present & ETL_REC_HAS_IDS));
		EXPECT_EQ(bits(f, ETL_MSG_SYSTEMINFO) ? 300 + f : 0, r.thread_id);
		EXPECT_EQ(bits(f, ETL_MSG_SYSTEMINFO) ? 400 + f : 0, r.process_id);
		EXPECT_EQ(len, r.payload_len);
		EXPECT_EQ(heap + ETL_BUFFER_HEADER_SIZE + hdr, r.payload);
		EXPECT_EQ(0, memcmp(r.payload, args, len));
		EXPECT_EQ(0, etl_record_next(&it, &r));
		/* The skim finds the same time, or none, and the end. */
		ASSERT_EQ(0, etl_record_iter_init(&it, heap, &info));
		skim = etl_record_skim(&it, &ts);
		EXPECT_EQ(bits(f, ETL_MSG_TIMESTAMP) ? 1 : 2, skim);
		EXPECT_EQ(bits(f, ETL_MSG_TIMESTAMP) ? 5000 + f : 0, ts);
		EXPECT_EQ(0, etl_record_skim(&it, &ts));
		free(heap);
	}
}

/* A record that announces more fields than it holds is corrupt. */
TEST(short_record_rejected)
{
	struct etl_rec_message m = { .option_flags = ETL_MSG_GUID | ETL_MSG_SYSTEMINFO };
	struct etl_record r;
	u8 *buf = aligned_alloc(8, BSIZE);
	u32 hdr = etl_message_header_size(m.option_flags);

	ASSERT_NE(NULL, buf);
	etl_buffer_init(buf, BSIZE, 0, 1, ETL_BUFFER_TYPE_GENERIC);
	memset(buf + ETL_BUFFER_HEADER_SIZE, 0, 64);
	etl_message_put_header(buf + ETL_BUFFER_HEADER_SIZE, hdr - 1, &m, 0, 0, 0);
	EXPECT_EQ(-EBADMSG, etl_record_decode(buf, ETL_BUFFER_HEADER_SIZE + 64,
					       ETL_BUFFER_HEADER_SIZE, &r, NULL));
	etl_message_put_header(buf + ETL_BUFFER_HEADER_SIZE, hdr, &m, 0, 0, 0);
	EXPECT_EQ(0, etl_record_decode(buf, ETL_BUFFER_HEADER_SIZE + 64,
				       ETL_BUFFER_HEADER_SIZE, &r, NULL));
	EXPECT_EQ(0, r.payload_len);
	free(buf);
}

TEST_HARNESS_MAIN
