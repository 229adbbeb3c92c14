// SPDX-License-Identifier: GPL-2.0-only
/*
 * The ETL reader (kmod/shared/etw_etl_read.c) against the writer
 * (etw_etl_write.c) and hand-built records: round trips of every record
 * kind, one test per corruption class the reader guards against, and the
 * raw-time conversion.  Built with ASan/UBSan (etl_test.mk) and every
 * buffer handed to the reader is a heap block of exactly its length, so
 * a read past the end fails the test.  Section numbers: etl-format.md.
 */
#include <stdlib.h>
#include "shared/etw_etl.h"
#include "shared/etw_utf.h"

#include "../kselftest_harness.h"

#define BSIZE 4096

static const u8 prov[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
static const u8 act[16] = { 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8,
			    0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xaf, 0xb0 };
static const u8 event_trace_guid[16] = ETL_EVENT_TRACE_GUID_BYTES;

/* A buffer under construction; records are appended at .pos. */
struct bld {
	u8 *buf;
	u32 pos;
};

static void bld_init(struct bld *b, u16 cpu, u16 type)
{
	b->buf = aligned_alloc(8, BSIZE);
	etl_buffer_init(b->buf, BSIZE, cpu, 7, type);
	b->pos = ETL_BUFFER_HEADER_SIZE;
}

static void *bld_reserve(struct bld *b, u32 size)
{
	void *p = b->buf + b->pos;

	memset(p, 0, ETL_ALIGN8(size));
	b->pos += ETL_ALIGN8(size);
	return p;
}

/* An EVENT_HEADER64 record with @items (prebuilt) and @len bytes of data. */
static struct etl_event_header *put_event(struct bld *b, const void *items,
					  u32 items_len, const void *data,
					  u32 len, u64 ts)
{
	u32 size = sizeof(struct etl_event_header) + items_len + len;
	struct etl_event_header *e = bld_reserve(b, size);

	e->size = size;
	e->header_type = ETL_HEADER_TYPE_EVENT_HEADER64;
	e->marker_flags = ETL_MARKER_FLAGS;
	e->flags = items_len ? ETL_EH_FLAG_EXTENDED_INFO : 0;
	e->thread_id = 1234;
	e->process_id = 99;
	e->timestamp = ts;
	memcpy(e->provider_id, prov, 16);
	e->id = 42;
	e->version = 1;
	e->channel = 16;
	e->level = 4;
	e->opcode = 11;
	e->task = 300;
	e->keyword = 0x8000000000000001ULL;
	e->kernel_time = 5;
	e->user_time = 6;
	memcpy(e->activity_id, act, 16);
	if (items_len)
		memcpy((u8 *)(e + 1), items, items_len);
	memcpy((u8 *)(e + 1) + items_len, data, len);
	return e;
}

static struct etl_full_header *put_full(struct bld *b, u8 htype, u32 fixed,
					const void *data, u32 len, u64 ts)
{
	struct etl_full_header *h = bld_reserve(b, fixed + len);

	h->size = fixed + len;
	h->header_type = htype;
	h->marker_flags = ETL_MARKER_FLAGS;
	h->type = 12;
	h->level = 3;
	h->version = 2;
	h->thread_id = 77;
	h->process_id = 88;
	h->timestamp = ts;
	memcpy(h->guid, prov, 16);
	h->kernel_time = 9;
	h->user_time = 10;
	memcpy((u8 *)h + fixed, data, len);
	return h;
}

static struct etl_system_header *put_system(struct bld *b, u8 htype,
					    u32 fixed, u16 version, u16 hook,
					    const void *data, u32 len, u64 ts)
{
	struct etl_system_header *h = bld_reserve(b, fixed + len);

	h->version = version;
	h->header_type = htype;
	h->marker_flags = ETL_MARKER_FLAGS;
	h->size = fixed + len;
	h->hook_id = hook;
	if (htype == ETL_HEADER_TYPE_PERFINFO32 || htype == ETL_HEADER_TYPE_PERFINFO64) {
		memcpy(&h->thread_id, &ts, 8);
	} else {
		h->thread_id = 555;
		h->process_id = 4;
		h->system_time = ts;
	}
	if (fixed == sizeof(*h)) {
		h->kernel_time = 31;
		h->user_time = 32;
	}
	memcpy((u8 *)h + fixed, data, len);
	return h;
}

/* Seal and copy into an exactly-sized heap block (ASan sees overreads). */
static u8 *bld_finish(struct bld *b, u32 len)
{
	u8 *out;

	etl_buffer_seal(b->buf, b->pos, 1000, 5, 0);
	out = malloc(len);
	memcpy(out, b->buf, len < BSIZE ? len : BSIZE);
	free(b->buf);
	return out;
}

/* Walk @buf, return records seen (>= 0) or the error. */
static int walk(const u8 *buf, size_t len, struct etl_diag *diag)
{
	struct etl_buffer_info info;
	struct etl_record_iter it;
	struct etl_record rec;
	struct etl_ext_iter xi;
	struct etl_ext x;
	int rc, n = 0;

	rc = etl_buffer_parse(buf, len, &info, diag);
	if (rc < 0)
		return rc;
	etl_record_iter_init(&it, buf, &info);
	while ((rc = etl_record_next(&it, &rec)) > 0) {
		n++;
		etl_ext_iter_init(&xi, &rec);
		while (etl_ext_next(&xi, &x) > 0)
			;
	}
	if (rc < 0 && diag)
		*diag = it.diag;
	return rc < 0 ? rc : n;
}

/* One buffer with one event of each family the writer side produces. */
static u8 *sample_buffer(void)
{
	u8 items[64], *p = items;
	u8 ts_id[4] = { 9, 0, 0, 0 };
	u8 payload[13] = "hello, world";
	u8 inst_tail[24];
	struct etl_instance_header *ih;
	struct bld b;

	bld_init(&b, 3, ETL_BUFFER_TYPE_GENERIC);
	p = etl_put_ext_item(p, ETL_EXT_RELATED_ACTIVITYID, act, 16, true);
	p = etl_put_ext_item(p, ETL_EXT_TS_ID, ts_id, 4, false);
	put_event(&b, items, p - items, payload, sizeof(payload), 500);
	put_full(&b, ETL_HEADER_TYPE_FULL_HEADER64, sizeof(struct etl_full_header),
		 payload, 5, 501);
	memset(inst_tail, 0, sizeof(inst_tail));
	ih = (struct etl_instance_header *)put_full(&b, ETL_HEADER_TYPE_INSTANCE64,
						    sizeof(*ih), payload, 3, 502);
	ih->instance_id = 17;
	ih->parent_instance_id = 16;
	memcpy(ih->parent_guid, act, 16);
	return bld_finish(&b, BSIZE);
}

TEST(roundtrip_buffer_header)
{
	struct etl_buffer_info info;
	u8 *buf = sample_buffer();

	ASSERT_EQ(0, etl_buffer_parse(buf, BSIZE, &info, NULL));
	EXPECT_EQ(BSIZE, info.buffer_size);
	EXPECT_EQ(3, info.cpu);
	EXPECT_EQ(7, info.logger_id);
	EXPECT_EQ(1000, info.timestamp);
	EXPECT_EQ(5, info.sequence);
	EXPECT_EQ(ETL_BUFFER_FLAG_PROC_INDEX, info.buffer_flag);
	EXPECT_EQ(ETL_BUFFER_TYPE_GENERIC, info.buffer_type);
	EXPECT_EQ(ETL_BUFFER_STATE_FLUSH, info.state);
	EXPECT_EQ(0, info.flags);
	/* 72 + align8(80 + 24 + 16 + 13) + align8(48 + 5) + align8(72 + 3) */
	EXPECT_EQ(72 + 136 + 56 + 80, info.filled);
	free(buf);
}

TEST(roundtrip_records)
{
	struct etl_buffer_info info;
	struct etl_record_iter it;
	struct etl_record r;
	struct etl_ext_iter xi;
	struct etl_ext x;
	u8 *buf = sample_buffer();

	ASSERT_EQ(0, etl_buffer_parse(buf, BSIZE, &info, NULL));
	ASSERT_EQ(0, etl_record_iter_init(&it, buf, &info));

	/* EVENT_HEADER64 with two items */
	ASSERT_EQ(1, etl_record_next(&it, &r));
	EXPECT_EQ(ETL_REC_EVENT_HEADER64, r.kind);
	EXPECT_EQ(ETL_FAM_EVENT, r.family);
	EXPECT_EQ(8, r.pointer_size);
	EXPECT_EQ(72, r.offset);
	EXPECT_EQ(80 + 24 + 16 + 13, r.size);
	EXPECT_EQ(ETL_REC_HAS_TIME | ETL_REC_HAS_IDS, r.present);
	EXPECT_EQ(500, r.timestamp);
	EXPECT_EQ(1234, r.thread_id);
	EXPECT_EQ(99, r.process_id);
	EXPECT_EQ(0, memcmp(r.event.provider_id, prov, 16));
	EXPECT_EQ(0, memcmp(r.event.activity_id, act, 16));
	EXPECT_EQ(42, r.event.id);
	EXPECT_EQ(1, r.event.version);
	EXPECT_EQ(16, r.event.channel);
	EXPECT_EQ(4, r.event.level);
	EXPECT_EQ(11, r.event.opcode);
	EXPECT_EQ(300, r.event.task);
	EXPECT_EQ(0x8000000000000001ULL, r.event.keyword);
	EXPECT_EQ(5, r.event.kernel_time);
	EXPECT_EQ(6, r.event.user_time);
	EXPECT_EQ(5 | 6ULL << 32, r.event.processor_time);
	EXPECT_EQ(ETL_EH_FLAG_EXTENDED_INFO, r.event.flags);
	EXPECT_EQ(2, r.event.ext_count);
	EXPECT_EQ(40, r.event.ext_len);
	EXPECT_EQ(13, r.payload_len);
	EXPECT_EQ(0, memcmp(r.payload, "hello, world", 13));
	EXPECT_EQ(r.data + 80 + 40, r.payload);

	etl_ext_iter_init(&xi, &r);
	ASSERT_EQ(1, etl_ext_next(&xi, &x));
	EXPECT_EQ(ETL_EXT_RELATED_ACTIVITYID, x.ext_type);
	EXPECT_EQ(16, x.data_size);
	EXPECT_EQ(24, x.item_size);
	EXPECT_EQ(80, x.offset);
	EXPECT_EQ(0, memcmp(x.data, act, 16));
	ASSERT_EQ(1, etl_ext_next(&xi, &x));
	EXPECT_EQ(ETL_EXT_TS_ID, x.ext_type);
	EXPECT_EQ(4, x.data_size);
	EXPECT_EQ(16, x.item_size); /* section 3.3: 8 + align8(4) */
	EXPECT_EQ(9, x.data[0]);
	EXPECT_EQ(0, etl_ext_next(&xi, &x));
	EXPECT_EQ(0, etl_ext_next(&xi, &x));

	/* FULL_HEADER64 */
	ASSERT_EQ(1, etl_record_next(&it, &r));
	EXPECT_EQ(ETL_REC_FULL_HEADER64, r.kind);
	EXPECT_EQ(ETL_FAM_CLASSIC, r.family);
	EXPECT_EQ(72 + 136, r.offset);
	EXPECT_EQ(53, r.size);
	EXPECT_EQ(12, r.classic.type);
	EXPECT_EQ(3, r.classic.level);
	EXPECT_EQ(2, r.classic.version);
	EXPECT_EQ(77, r.thread_id);
	EXPECT_EQ(88, r.process_id);
	EXPECT_EQ(501, r.timestamp);
	EXPECT_EQ(0, memcmp(r.classic.guid, prov, 16));
	EXPECT_EQ(9, r.classic.kernel_time);
	EXPECT_EQ(10, r.classic.user_time);
	EXPECT_FALSE(r.classic.instance);
	EXPECT_EQ(5, r.payload_len);
	EXPECT_EQ(r.data + 48, r.payload);
	etl_ext_iter_init(&xi, &r);
	EXPECT_EQ(0, etl_ext_next(&xi, &x));

	/* INSTANCE64 */
	ASSERT_EQ(1, etl_record_next(&it, &r));
	EXPECT_EQ(ETL_REC_INSTANCE64, r.kind);
	EXPECT_EQ(ETL_FAM_CLASSIC, r.family);
	EXPECT_TRUE(r.classic.instance);
	EXPECT_EQ(17, r.classic.instance_id);
	EXPECT_EQ(16, r.classic.parent_instance_id);
	EXPECT_EQ(0, memcmp(r.classic.parent_guid, act, 16));
	EXPECT_EQ(502, r.timestamp);
	EXPECT_EQ(3, r.payload_len);
	EXPECT_EQ(r.data + 72, r.payload);

	/* then the end, and it stays the end */
	EXPECT_EQ(0, etl_record_next(&it, &r));
	EXPECT_EQ(0, etl_record_next(&it, &r));
	free(buf);
}

TEST(roundtrip_system_family)
{
	u64 pebs_pmc[3] = { 0x1111, 0x2222, 0x3333 };
	u8 data[7] = "abcdef";
	struct etl_buffer_info info;
	struct etl_record_iter it;
	struct etl_record r;
	struct bld b;
	u8 *buf;

	bld_init(&b, 0x105, ETL_BUFFER_TYPE_GENERIC);
	put_system(&b, ETL_HEADER_TYPE_SYSTEM64, 32, 2, 0x0A24, data, 7, 600);
	put_system(&b, ETL_HEADER_TYPE_COMPACT32, 24, 3, 0x0101, data, 2, 601);
	/* PEBS + 2 PMC counters before the payload (section 3.2) */
	{
		u8 tmp[24 + 7];

		memcpy(tmp, pebs_pmc, 24);
		memcpy(tmp + 24, data, 7);
		put_system(&b, ETL_HEADER_TYPE_PERFINFO64, 16, 0x8202, 0x0510,
			   tmp, sizeof(tmp), 602);
	}
	buf = bld_finish(&b, BSIZE);
	ASSERT_EQ(0, etl_buffer_parse(buf, BSIZE, &info, NULL));
	EXPECT_EQ(0x105, info.cpu);
	etl_record_iter_init(&it, buf, &info);

	ASSERT_EQ(1, etl_record_next(&it, &r));
	EXPECT_EQ(ETL_REC_SYSTEM64, r.kind);
	EXPECT_EQ(ETL_FAM_SYSTEM, r.family);
	EXPECT_EQ(0x0A, r.system.group);
	EXPECT_EQ(0x24, r.system.type);
	EXPECT_EQ(2, r.system.event_version);
	EXPECT_EQ(555, r.thread_id);
	EXPECT_EQ(4, r.process_id);
	EXPECT_EQ(600, r.timestamp);
	EXPECT_EQ(31, r.system.kernel_time);
	EXPECT_EQ(32, r.system.user_time);
	EXPECT_EQ(7, r.payload_len);
	EXPECT_EQ(r.data + 32, r.payload);
	EXPECT_EQ(NULL, r.system.ext);

	ASSERT_EQ(1, etl_record_next(&it, &r));
	EXPECT_EQ(ETL_REC_COMPACT32, r.kind);
	EXPECT_EQ(4, r.pointer_size);
	EXPECT_EQ(601, r.timestamp);
	EXPECT_EQ(555, r.thread_id);
	EXPECT_EQ(0, r.system.kernel_time);
	EXPECT_EQ(2, r.payload_len);
	EXPECT_EQ(r.data + 24, r.payload);

	ASSERT_EQ(1, etl_record_next(&it, &r));
	EXPECT_EQ(ETL_REC_PERFINFO64, r.kind);
	EXPECT_EQ(ETL_REC_HAS_TIME, r.present);
	EXPECT_EQ(602, r.timestamp);
	EXPECT_EQ(0, r.thread_id);
	EXPECT_EQ(1, r.system.pebs);
	EXPECT_EQ(2, r.system.pmc_count);
	EXPECT_EQ(24, r.system.ext_len);
	EXPECT_EQ(r.data + 16, r.system.ext);
	EXPECT_EQ(0, memcmp(r.system.ext, pebs_pmc, 24));
	EXPECT_EQ(7, r.payload_len);
	EXPECT_EQ(0, memcmp(r.payload, "abcdef", 7));
	EXPECT_EQ(0, etl_record_next(&it, &r));
	free(buf);
}

TEST(message_record)
{
	struct etl_buffer_info info;
	struct etl_record_iter it;
	struct etl_record r;
	struct bld b;
	u8 *p, *buf;
	u64 ts = 0x123456789ULL;

	bld_init(&b, 1, 0);
	/* section 3.6: header, then sequence, GUID, time, tid+pid, args */
	p = bld_reserve(&b, 8 + 4 + 16 + 8 + 8 + 3);
	p[0] = 8 + 4 + 16 + 8 + 8 + 3;
	p[3] = 0x90;
	p[4] = 0x34;	/* MessageNumber 0x1234 */
	p[5] = 0x12;
	p[6] = ETL_MSG_SEQUENCE | ETL_MSG_GUID | ETL_MSG_TIMESTAMP | ETL_MSG_SYSTEMINFO;
	p[8] = 77;
	memcpy(p + 12, prov, 16);
	memcpy(p + 28, &ts, 8);
	p[36] = 5;	/* ThreadId */
	p[40] = 6;	/* ProcessId */
	memcpy(p + 44, "xyz", 3);
	/* a COMPONENTID one without the optional time */
	p = bld_reserve(&b, 8 + 4 + 1);
	p[0] = 13;
	p[3] = 0x90;
	p[6] = ETL_MSG_COMPONENTID;
	p[8] = 0x44;
	p[12] = 'q';
	buf = bld_finish(&b, BSIZE);

	ASSERT_EQ(0, etl_buffer_parse(buf, BSIZE, &info, NULL));
	etl_record_iter_init(&it, buf, &info);
	ASSERT_EQ(1, etl_record_next(&it, &r));
	EXPECT_EQ(ETL_REC_MESSAGE, r.kind);
	EXPECT_EQ(ETL_FAM_MESSAGE, r.family);
	EXPECT_EQ(0x1234, r.message.message_number);
	EXPECT_EQ(77, r.message.sequence);
	EXPECT_EQ(0, memcmp(r.message.guid, prov, 16));
	EXPECT_EQ(ETL_REC_HAS_TIME | ETL_REC_HAS_IDS, r.present);
	EXPECT_EQ(ts, r.timestamp);
	EXPECT_EQ(5, r.thread_id);
	EXPECT_EQ(6, r.process_id);
	EXPECT_EQ(3, r.payload_len);
	EXPECT_EQ(0, memcmp(r.payload, "xyz", 3));
	ASSERT_EQ(1, etl_record_next(&it, &r));
	EXPECT_EQ(0x44, r.message.component_id);
	EXPECT_EQ(0, r.present);
	EXPECT_EQ(1, r.payload_len);
	EXPECT_EQ('q', r.payload[0]);
	EXPECT_EQ(0, etl_record_next(&it, &r));
	free(buf);
}

TEST(end_marker_stops_before_filled)
{
	struct etl_buffer_info info;
	struct etl_record_iter it;
	struct etl_record r;
	struct bld b;
	u8 *buf;

	bld_init(&b, 0, 0);
	put_event(&b, NULL, 0, "x", 1, 1);
	/* an 0xFFFFFFFF marker inside the filled bytes ends the records */
	memset(bld_reserve(&b, 16), 0xFF, 16);
	put_event(&b, NULL, 0, "y", 1, 2);
	buf = bld_finish(&b, BSIZE);
	ASSERT_EQ(0, etl_buffer_parse(buf, BSIZE, &info, NULL));
	etl_record_iter_init(&it, buf, &info);
	EXPECT_EQ(1, etl_record_next(&it, &r));
	EXPECT_EQ(0, etl_record_next(&it, &r));
	free(buf);
}

TEST(empty_buffer)
{
	struct etl_buffer_info info;
	struct etl_record_iter it;
	struct etl_record r;
	struct bld b;
	u8 *buf;

	bld_init(&b, 0, 0);
	buf = bld_finish(&b, BSIZE);
	ASSERT_EQ(0, etl_buffer_parse(buf, BSIZE, &info, NULL));
	EXPECT_EQ(72, info.filled);
	etl_record_iter_init(&it, buf, &info);
	EXPECT_EQ(0, etl_record_next(&it, &r));
	free(buf);
}

TEST(bad_arguments)
{
	struct etl_buffer_info info;
	struct etl_record_iter it;
	struct etl_record r;
	struct etl_logfile_info lf;
	u8 *buf = sample_buffer();

	EXPECT_EQ(-EINVAL, etl_buffer_parse(NULL, 100, &info, NULL));
	EXPECT_EQ(-EINVAL, etl_buffer_parse(buf, BSIZE, NULL, NULL));
	EXPECT_EQ(-EINVAL, etl_record_decode(NULL, 100, 72, &r, NULL));
	info.filled = 70;
	info.buffer_size = BSIZE;
	EXPECT_EQ(-EINVAL, etl_record_iter_init(&it, buf, &info));
	EXPECT_EQ(-EINVAL, etl_logfile_parse(NULL, &lf, NULL));
	EXPECT_EQ(-EINVAL, etl_clock_init(NULL, 1, 1, 1, 0, 0));
	EXPECT_STREQ("EVENT_HEADER64", etl_record_kind_name(ETL_REC_EVENT_HEADER64));
	EXPECT_STREQ("?", etl_record_kind_name(ETL_REC_KIND_COUNT));
	free(buf);
}

/* --- corruption classes, one each ---------------------------------------- */

#define OFF_OFFSET	offsetof(struct etl_buffer_header, offset)
#define OFF_SAVED	offsetof(struct etl_buffer_header, saved_offset)

static void put32(u8 *p, u32 v)
{
	memcpy(p, &v, 4);
}

TEST(bad_buffer_size)
{
	struct etl_diag d;
	u8 *buf = sample_buffer();

	/* section 2: BufferSize covers the 72-byte header at least */
	put32(buf, 64);
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("BufferSize smaller than the buffer header", d.why);
	put32(buf, BSIZE - 4);
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("BufferSize not a multiple of 8", d.why);
	/* larger than the bytes the caller has */
	put32(buf, BSIZE + 8);
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_EQ(0, d.offset);
	put32(buf, 0xFFFFFFF8);
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	/* and fewer than 72 bytes at all */
	put32(buf, BSIZE);
	EXPECT_EQ(-EBADMSG, walk(buf, 71, &d));
	EXPECT_EQ(3, walk(buf, BSIZE, &d));
	free(buf);
}

TEST(offset_beyond_buffer)
{
	struct etl_buffer_info info;
	struct etl_diag d;
	u8 *buf = sample_buffer();

	/* Offset bad, SavedOffset good: section 2 readers disagree on which
	 * to use; we fall back and say so
	 */
	put32(buf + OFF_OFFSET, BSIZE + 8);
	ASSERT_EQ(0, etl_buffer_parse(buf, BSIZE, &info, &d));
	EXPECT_EQ(ETL_BUFINFO_SAVED_OFFSET, info.flags);
	EXPECT_EQ(72 + 136 + 56 + 80, info.filled);
	EXPECT_EQ(3, walk(buf, BSIZE, &d));
	/* both bad */
	put32(buf + OFF_SAVED, BSIZE + 8);
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_EQ(OFF_OFFSET, d.offset);
	EXPECT_STREQ("Offset outside the buffer", d.why);
	/* below the header is as bad as past the end */
	put32(buf + OFF_OFFSET, 64);
	put32(buf + OFF_SAVED, 0);
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	free(buf);
}

TEST(offset_misaligned)
{
	struct etl_diag d;
	u8 *buf = sample_buffer();

	/* section 2: Offset is a multiple of 8 */
	put32(buf + OFF_OFFSET, 72 + 136 + 56 + 80 - 4);
	put32(buf + OFF_SAVED, 72 + 136 + 56 + 80 - 4);
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("Offset not a multiple of 8", d.why);
	free(buf);
}

TEST(record_misaligned)
{
	struct etl_record r;
	struct etl_diag d;
	u8 *buf = sample_buffer();

	/* section 3.1: records start at multiples of 8 */
	EXPECT_EQ(-EBADMSG, etl_record_decode(buf, BSIZE, 76, &r, &d));
	EXPECT_STREQ("record not 8-aligned", d.why);
	EXPECT_EQ(0, etl_record_decode(buf, BSIZE, 72, &r, &d));
	free(buf);
}

TEST(record_size_zero)
{
	struct etl_diag d;
	u8 *buf = sample_buffer();

	/* a zero marker (s4 would stop here; we call it corrupt) */
	put32(buf + 72 + 136, 0);
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_EQ(72 + 136, d.offset);
	EXPECT_STREQ("bad record marker", d.why);
	/* a good marker with Size 0 */
	buf[72 + 136] = 0;
	buf[72 + 136 + 1] = 0;
	buf[72 + 136 + 2] = ETL_HEADER_TYPE_FULL_HEADER64;
	buf[72 + 136 + 3] = ETL_MARKER_FLAGS;
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("record size smaller than its header", d.why);
	free(buf);
}

TEST(record_size_smaller_than_header)
{
	struct etl_diag d;
	u8 *buf = sample_buffer();

	/* section 3.1: EVENT_HEADER fixed size 0x50 */
	buf[72] = 0x48;
	buf[73] = 0;
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_EQ(72, d.offset);
	free(buf);
}

TEST(record_size_past_filled)
{
	struct etl_diag d;
	u8 *buf = sample_buffer();
	u32 last = 72 + 136 + 56;

	/* the INSTANCE record's Size reaches 8 bytes past Offset */
	buf[last] = 80 + 8 + 1;
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_EQ(last, d.offset);
	EXPECT_STREQ("record runs past the filled bytes", d.why);
	/* and an Offset that cuts a fixed header */
	buf[last] = 75;
	put32(buf + OFF_OFFSET, last + 64);
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("record header past the filled bytes", d.why);
	free(buf);
}

TEST(unknown_marker_and_type)
{
	struct etl_diag d;
	u8 *buf = sample_buffer();

	buf[72 + 3] = 0xB0;	/* TRACE_HEADER_ULONG32_TIME: never written */
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("bad record marker", d.why);
	buf[72 + 3] = 0xC0;
	buf[72 + 2] = 0x0C;	/* TIMED: "not used" */
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("unknown record header type", d.why);
	buf[72 + 2] = 0xFF;
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	free(buf);
}

TEST(error_record_is_reported)
{
	struct etl_buffer_info info;
	struct etl_record_iter it;
	struct etl_record r;
	u8 *buf = sample_buffer();

	/* HeaderType ERROR with Size at +0 (s4): a kind, not a failure */
	buf[72 + 136 + 2] = ETL_HEADER_TYPE_ERROR;
	ASSERT_EQ(0, etl_buffer_parse(buf, BSIZE, &info, NULL));
	etl_record_iter_init(&it, buf, &info);
	ASSERT_EQ(1, etl_record_next(&it, &r));
	ASSERT_EQ(1, etl_record_next(&it, &r));
	EXPECT_EQ(ETL_REC_ERROR, r.kind);
	EXPECT_EQ(ETL_FAM_ERROR, r.family);
	EXPECT_EQ(53, r.size);
	EXPECT_EQ(49, r.payload_len);
	ASSERT_EQ(1, etl_record_next(&it, &r));
	EXPECT_EQ(ETL_REC_INSTANCE64, r.kind);
	free(buf);
}

TEST(ext_item_overrunning)
{
	struct etl_diag d;
	u8 *buf = sample_buffer();
	u8 *item2 = buf + 72 + 80 + 24;

	/* second item says 32 bytes of data: runs past Size (133) */
	item2[0] = 40;
	item2[6] = 32;
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_EQ(72 + 80 + 24, d.offset);
	EXPECT_STREQ("extended item runs past the record", d.why);
	free(buf);
}

TEST(ext_item_size_mismatch)
{
	struct etl_diag d;
	u8 *buf = sample_buffer();
	u8 *item1 = buf + 72 + 80;

	/* section 3.3: ItemSize = 8 + DataSize rounded up to 8 */
	item1[0] = 28;			/* not a multiple of 8 */
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("extended item size not a multiple of 8", d.why);
	item1[0] = 32;			/* 8-aligned but DataSize is 16 */
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("extended item size does not match its DataSize", d.why);
	item1[0] = 0;			/* zero: would loop forever */
	item1[6] = 0;
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	free(buf);
}

TEST(ext_linkage_runs_off)
{
	struct etl_diag d;
	u8 *buf = sample_buffer();
	u8 *item2 = buf + 72 + 80 + 24;

	/* Linkage on the last item: the "next item" is the 13 user bytes,
	 * whose first two bytes ("he") make no valid ItemSize
	 */
	item2[4] = 1;
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_EQ(72 + 80 + 40, d.offset);
	/* with the user data gone the chain runs off the record */
	buf[72] = 80 + 40;
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("extended item header past the record (Linkage runs off)", d.why);
	/* EXTENDED_INFO with no room for an item at all */
	buf[72] = 80;
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	free(buf);
}

TEST(pebs_pmc_past_record)
{
	struct etl_diag d;
	struct bld b;
	u8 *buf;

	bld_init(&b, 0, 0);
	/* 7 PMC counters (56 bytes) announced, 8 bytes of payload */
	put_system(&b, ETL_HEADER_TYPE_SYSTEM64, 32, 0x0702, 0, "12345678", 8, 1);
	buf = bld_finish(&b, BSIZE);
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("PEBS/PMC extension runs past the record", d.why);
	free(buf);
}

TEST(message_fields_past_record)
{
	struct etl_diag d;
	struct bld b;
	u8 *p, *buf;

	bld_init(&b, 0, 0);
	p = bld_reserve(&b, 16);
	p[0] = 16;
	p[3] = 0x90;
	p[6] = ETL_MSG_GUID;	/* 16 more bytes, only 8 there */
	buf = bld_finish(&b, BSIZE);
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("message fields run past the record", d.why);
	buf[72 + 6] = ETL_MSG_GUID | ETL_MSG_COMPONENTID;
	EXPECT_EQ(-EBADMSG, walk(buf, BSIZE, &d));
	EXPECT_STREQ("message has both GUID and COMPONENTID", d.why);
	free(buf);
}

TEST(compressed_flag)
{
	struct etl_buffer_info info;
	struct etl_diag d;
	u8 *buf = sample_buffer();

	/*
	 * section 1: a compressed buffer is described for the caller to
	 * decompress: BufferSize = bytes on disk (any alignment), filled =
	 * the larger decompressed extent that SavedOffset (Windows' kernel)
	 * or Offset (its relogger) can name (etl-format.rst, "Compressed
	 * buffers")
	 */
	buf[offsetof(struct etl_buffer_header, buffer_flag)] |= ETL_BUFFER_FLAG_COMPRESSED;
	put32(buf + OFF_OFFSET, 3 * BSIZE);	/* the whole source buffer's */
	put32(buf + 4, 2 * BSIZE);		/* SavedOffset */
	put32(buf, BSIZE - 3);			/* BufferSize, unaligned */
	EXPECT_EQ(-EOPNOTSUPP, etl_buffer_parse(buf, BSIZE, &info, &d));
	EXPECT_EQ(BSIZE - 3, info.buffer_size);
	EXPECT_EQ(3, info.cpu);
	EXPECT_EQ(3 * BSIZE, info.filled);
	EXPECT_STREQ("compressed buffer", d.why);
	/* the relogger's: SavedOffset copied from its source, 0 */
	put32(buf + 4, 0);
	EXPECT_EQ(-EOPNOTSUPP, etl_buffer_parse(buf, BSIZE, &info, &d));
	EXPECT_EQ(3 * BSIZE, info.filled);
	/* neither is a decompressed size */
	put32(buf + 4, 13);
	put32(buf + OFF_OFFSET, 20u << 20);	/* over 16 MB */
	EXPECT_EQ(-EBADMSG, etl_buffer_parse(buf, BSIZE, &info, &d));
	EXPECT_STREQ("compressed buffer: neither SavedOffset nor Offset is a decompressed size",
		     d.why);
	put32(buf + OFF_OFFSET, 3 * BSIZE);
	/* more bytes than there are */
	put32(buf + 4, 2 * BSIZE);
	EXPECT_EQ(-EBADMSG, etl_buffer_parse(buf, BSIZE - 4, &info, &d));
	free(buf);
}

TEST(processor_number_without_proc_index)
{
	struct etl_buffer_info info;
	u8 *buf = sample_buffer();

	buf[0x28] = 0x05;
	buf[0x29] = 0x77;	/* Alignment byte, not part of the CPU */
	buf[offsetof(struct etl_buffer_header, buffer_flag)] &= ~ETL_BUFFER_FLAG_PROC_INDEX;
	ASSERT_EQ(0, etl_buffer_parse(buf, BSIZE, &info, NULL));
	EXPECT_EQ(5, info.cpu);
	buf[offsetof(struct etl_buffer_header, buffer_flag)] |= ETL_BUFFER_FLAG_PROC_INDEX;
	ASSERT_EQ(0, etl_buffer_parse(buf, BSIZE, &info, NULL));
	EXPECT_EQ(0x705, info.cpu);	/* section 2: mask 0x07FF */
	free(buf);
}

/* --- the logfile header ---------------------------------------------------- */

static const char logger[] = "etw_unit";
static const char logfile[] = "/tmp/x.etl";

static u32 put_utf16(u8 *p, const char *s)
{
	return (u32)etw_utf8_to_utf16z(s, strlen(s), p, 2 * strlen(s) + 2);
}

/* Buffer 0 with a header event of @wide form, names cut to @name_bytes. */
static u8 *header_buffer(bool wide, int name_bytes, u32 *rec_size)
{
	struct etl_logfile_header h;
	struct etl_system_header *sh;
	u8 body[512], *p = body;
	u32 fixed, n;
	struct bld b;

	memset(&h, 0, sizeof(h));
	h.buffer_size = BSIZE;
	h.version[0] = 10;
	h.version[2] = 1;
	h.version[3] = 5;
	h.provider_version = 19041;
	h.number_of_processors = 4;
	h.end_time = 133000000000000000ULL;
	h.timer_resolution = 156250;
	h.log_file_mode = 0x1;
	h.buffers_written = 2;
	h.start_buffers = 1;
	h.pointer_size = wide ? 8 : 4;
	h.events_lost = 3;
	h.cpu_speed_mhz = 2400;
	h.logger_name = 0x11;
	h.log_file_name = 0x22;
	h.time_zone[0] = 0xC4;		/* Bias -60 */
	h.time_zone[1] = 0xFF;
	h.time_zone[2] = 0xFF;
	h.time_zone[3] = 0xFF;
	h.boot_time = 132000000000000000ULL;
	h.perf_freq = 1000000000;
	h.start_time = 132999999999999999ULL;
	h.reserved_flags = ETL_CLOCK_QPC;
	h.buffers_lost = 1;
	if (wide) {
		memcpy(p, &h, sizeof(h));
		p += sizeof(h);
	} else {
		/* the x86 form: u32 slots, then everything 8 bytes earlier */
		memcpy(p, &h, 0x38);
		put32(p + 0x38, 0x11);
		put32(p + 0x3C, 0x22);
		memcpy(p + 0x40, (u8 *)&h + 0x48, ETL_LOGFILE_HEADER_SIZE - 0x48);
		p += ETL_LOGFILE_HEADER32_SIZE;
	}
	n = put_utf16(p, logger);
	n += put_utf16(p + n, logfile);
	if (name_bytes >= 0)
		n = name_bytes;
	p += n;

	bld_init(&b, 0, ETL_BUFFER_TYPE_HEADER);
	fixed = sizeof(*sh);
	sh = put_system(&b, wide ? ETL_HEADER_TYPE_SYSTEM64 : ETL_HEADER_TYPE_SYSTEM32,
			fixed, ETL_SYSTEM_TRACE_VERSION, 0, body, p - body,
			5000000000ULL);
	*rec_size = sh->size;
	return bld_finish(&b, BSIZE);
}

static int parse_header(const u8 *buf, struct etl_logfile_info *lf,
			struct etl_diag *d)
{
	struct etl_buffer_info info;
	struct etl_record_iter it;
	struct etl_record r;

	if (etl_buffer_parse(buf, BSIZE, &info, d) < 0)
		return -100;
	etl_record_iter_init(&it, buf, &info);
	if (etl_record_next(&it, &r) != 1)
		return -101;
	return etl_logfile_parse(&r, lf, d);
}

static bool utf16_is(const u8 *s, u32 units, const char *want)
{
	u32 i;

	if (units != strlen(want))
		return false;
	for (i = 0; i < units; i++)
		if (s[2 * i] != (u8)want[i] || s[2 * i + 1])
			return false;
	return true;
}

TEST(logfile_header64)
{
	struct etl_logfile_info lf;
	struct etl_diag d;
	u32 size;
	u8 *buf = header_buffer(true, -1, &size);

	/* section 4: 32 + 280 + names, not a multiple of 8 */
	EXPECT_EQ(32 + 280 + 18 + 22, size);
	ASSERT_EQ(0, parse_header(buf, &lf, &d));
	EXPECT_EQ(8, lf.pointer_width);
	EXPECT_EQ(ETL_HEADER_TYPE_SYSTEM64, lf.header_type);
	EXPECT_EQ(0, lf.names);
	EXPECT_EQ(5000000000ULL, lf.raw_time);
	EXPECT_EQ(555, lf.thread_id);
	EXPECT_EQ(BSIZE, lf.hdr.buffer_size);
	EXPECT_EQ(10, lf.hdr.version[0]);
	EXPECT_EQ(5, lf.hdr.version[3]);
	EXPECT_EQ(19041, lf.hdr.provider_version);
	EXPECT_EQ(4, lf.hdr.number_of_processors);
	EXPECT_EQ(133000000000000000ULL, lf.hdr.end_time);
	EXPECT_EQ(156250, lf.hdr.timer_resolution);
	EXPECT_EQ(2, lf.hdr.buffers_written);
	EXPECT_EQ(8, lf.hdr.pointer_size);
	EXPECT_EQ(3, lf.hdr.events_lost);
	EXPECT_EQ(2400, lf.hdr.cpu_speed_mhz);
	EXPECT_EQ(0x11, lf.hdr.logger_name);
	EXPECT_EQ(0x22, lf.hdr.log_file_name);
	EXPECT_EQ(0xC4, lf.hdr.time_zone[0]);
	EXPECT_EQ(132000000000000000ULL, lf.hdr.boot_time);
	EXPECT_EQ(1000000000, lf.hdr.perf_freq);
	EXPECT_EQ(132999999999999999ULL, lf.hdr.start_time);
	EXPECT_EQ(ETL_CLOCK_QPC, lf.hdr.reserved_flags);
	EXPECT_EQ(1, lf.hdr.buffers_lost);
	EXPECT_TRUE(utf16_is(lf.logger_name, lf.logger_name_len, logger));
	EXPECT_TRUE(utf16_is(lf.log_file_name, lf.log_file_name_len, logfile));
	free(buf);
}

TEST(logfile_header32)
{
	struct etl_logfile_info lf;
	struct etl_diag d;
	u32 size;
	u8 *buf = header_buffer(false, -1, &size);

	EXPECT_EQ(32 + 272 + 18 + 22, size);
	ASSERT_EQ(0, parse_header(buf, &lf, &d));
	EXPECT_EQ(4, lf.pointer_width);
	EXPECT_EQ(4, lf.hdr.pointer_size);
	EXPECT_EQ(0x11, lf.hdr.logger_name);
	EXPECT_EQ(0x22, lf.hdr.log_file_name);
	EXPECT_EQ(0xC4, lf.hdr.time_zone[0]);
	EXPECT_EQ(132000000000000000ULL, lf.hdr.boot_time);
	EXPECT_EQ(1000000000, lf.hdr.perf_freq);
	EXPECT_EQ(132999999999999999ULL, lf.hdr.start_time);
	EXPECT_EQ(ETL_CLOCK_QPC, lf.hdr.reserved_flags);
	EXPECT_EQ(1, lf.hdr.buffers_lost);
	EXPECT_TRUE(utf16_is(lf.logger_name, lf.logger_name_len, logger));
	EXPECT_TRUE(utf16_is(lf.log_file_name, lf.log_file_name_len, logfile));
	free(buf);
}

TEST(logfile_header_truncated)
{
	struct etl_logfile_info lf;
	struct etl_diag d;
	u32 size;
	u8 *buf = header_buffer(true, 0, &size);

	/* cut the record inside the 280-byte fixed part */
	buf[72 + 4] = 32 + 279 - 256;
	buf[72 + 5] = 1;
	EXPECT_EQ(-EBADMSG, parse_header(buf, &lf, &d));
	EXPECT_STREQ("logfile header truncated", d.why);
	EXPECT_EQ(72, d.offset);
	free(buf);
	/* a 32-bit header needs only 272 */
	buf = header_buffer(false, 0, &size);
	EXPECT_EQ(ETL_LF_LOGGER_NAME_MISSING | ETL_LF_LOG_FILE_NAME_MISSING,
		  parse_header(buf, &lf, &d));
	buf[72 + 4]--;
	EXPECT_EQ(-EBADMSG, parse_header(buf, &lf, &d));
	free(buf);
}

TEST(logfile_header_not_header_event)
{
	struct etl_logfile_info lf;
	struct etl_diag d;
	u32 size;
	u8 *buf = header_buffer(true, -1, &size);

	buf[72 + 6] = 5;	/* HookId 0x0005: HeaderExtension */
	EXPECT_EQ(-EBADMSG, parse_header(buf, &lf, &d));
	EXPECT_STREQ("logfile header record has HookId != 0", d.why);
	buf[72 + 6] = 0;
	buf[72 + 2] = ETL_HEADER_TYPE_PERFINFO64;
	EXPECT_EQ(-EBADMSG, parse_header(buf, &lf, &d));
	free(buf);
}

TEST(logfile_header_strings_missing)
{
	struct etl_logfile_info lf;
	struct etl_diag d;
	u32 size;
	u8 *buf;

	/* no strings at all: fixed part intact, report, do not fail */
	buf = header_buffer(true, 0, &size);
	EXPECT_EQ(ETL_LF_LOGGER_NAME_MISSING | ETL_LF_LOG_FILE_NAME_MISSING,
		  parse_header(buf, &lf, &d));
	EXPECT_EQ(NULL, lf.logger_name);
	EXPECT_EQ(NULL, lf.log_file_name);
	EXPECT_EQ(BSIZE, lf.hdr.buffer_size);
	free(buf);

	/* logger name complete, file name absent */
	buf = header_buffer(true, 18, &size);
	EXPECT_EQ(ETL_LF_LOG_FILE_NAME_MISSING, parse_header(buf, &lf, &d));
	EXPECT_TRUE(utf16_is(lf.logger_name, lf.logger_name_len, logger));
	EXPECT_EQ(NULL, lf.log_file_name);
	free(buf);

	/* logger name cut (odd byte count, no NUL) */
	buf = header_buffer(true, 7, &size);
	EXPECT_EQ(ETL_LF_LOGGER_NAME_TRUNCATED | ETL_LF_LOG_FILE_NAME_MISSING,
		  parse_header(buf, &lf, &d));
	EXPECT_EQ(3, lf.logger_name_len);
	free(buf);

	/* file name without its NUL */
	buf = header_buffer(true, 18 + 20, &size);
	EXPECT_EQ(ETL_LF_LOG_FILE_NAME_TRUNCATED, parse_header(buf, &lf, &d));
	EXPECT_TRUE(utf16_is(lf.log_file_name, lf.log_file_name_len, logfile));
	free(buf);

	/* a single stray byte */
	buf = header_buffer(true, 1, &size);
	EXPECT_EQ(ETL_LF_LOGGER_NAME_TRUNCATED | ETL_LF_LOG_FILE_NAME_MISSING,
		  parse_header(buf, &lf, &d));
	EXPECT_EQ(0, lf.logger_name_len);
	free(buf);
}

TEST(header_event_guid_constant)
{
	/* 68fdd900-4a3e-11d1-84f4-0000f80464e3 in memory order */
	EXPECT_EQ(0x00, event_trace_guid[0]);
	EXPECT_EQ(0x68, event_trace_guid[3]);
	EXPECT_EQ(0xe3, event_trace_guid[15]);
}

/* --- timestamps (section 5) ------------------------------------------------ */

TEST(clock_qpc_10mhz)
{
	struct etl_clock c;

	/* Windows samples: PerfFreq 10^7, so one tick = 100 ns */
	ASSERT_EQ(0, etl_clock_init(&c, ETL_CLOCK_QPC, 10000000, 3000,
				    132392018711387363ULL, 110988826450ULL));
	EXPECT_EQ(132392018711387363LL, etl_clock_to_filetime(&c, 110988826450ULL));
	EXPECT_EQ(132392018711387363LL + 1234567, etl_clock_to_filetime(&c, 110988826450ULL + 1234567));
	EXPECT_EQ(132392018711387363LL - 50, etl_clock_to_filetime(&c, 110988826400ULL));
}

TEST(clock_qpc_1ghz)
{
	struct etl_clock c;
	u64 start = 133000000000000000ULL, base = 987654321000ULL;

	/* Linux mapping: CLOCK_MONOTONIC ns, PerfFreq 10^9: 100 ns = 100 */
	ASSERT_EQ(0, etl_clock_init(&c, ETL_CLOCK_QPC, 1000000000, 0, start, base));
	EXPECT_EQ(1, c.mul);
	EXPECT_EQ(100, c.div);
	EXPECT_EQ((s64)start, etl_clock_to_filetime(&c, base + 99));
	EXPECT_EQ((s64)start + 1, etl_clock_to_filetime(&c, base + 100));
	/* one day later */
	EXPECT_EQ((s64)start + 864000000000LL,
		  etl_clock_to_filetime(&c, base + 86400000000000ULL));
	/* earlier than the header: truncated toward zero */
	EXPECT_EQ((s64)start - 1, etl_clock_to_filetime(&c, base - 199));
}

TEST(clock_qpc_odd_frequency)
{
	struct etl_clock c;

	/* ACPI PM timer 3579545 Hz: 3579545 ticks = 1 s = 10^7 units */
	ASSERT_EQ(0, etl_clock_init(&c, ETL_CLOCK_QPC, 3579545, 0, 1000, 0));
	EXPECT_EQ(1000 + 10000000, etl_clock_to_filetime(&c, 3579545));
	/* 10 years of ticks: 1129596230400000 ticks -> exact */
	EXPECT_EQ(1000 + 3155760000000000LL,
		  etl_clock_to_filetime(&c, 3579545ULL * 315576000ULL));
	/* floor(12345 * 10^7 / 3579545) = 34487 */
	EXPECT_EQ(1000 + 34487, etl_clock_to_filetime(&c, 12345));
}

TEST(clock_system_time)
{
	struct etl_clock c;
	u64 start = 133245763580175449ULL;

	/* raw values are FILETIMEs already: scale 1 */
	ASSERT_EQ(0, etl_clock_init(&c, ETL_CLOCK_SYSTEM_TIME, 0, 0, start, start - 7));
	EXPECT_EQ((s64)start + 7, etl_clock_to_filetime(&c, start));
	EXPECT_EQ((s64)start + 17, etl_clock_to_filetime(&c, start + 10));
}

TEST(clock_cpu_cycles)
{
	struct etl_clock c;

	/* 3000 MHz: 3000 cycles = 1 us = 10 units; scale 10/3000 = 1/300 */
	ASSERT_EQ(0, etl_clock_init(&c, ETL_CLOCK_CPU_CYCLE, 10000000, 3000, 5000, 1000000));
	EXPECT_EQ(1, c.mul);
	EXPECT_EQ(300, c.div);
	EXPECT_EQ(5000 + 10, etl_clock_to_filetime(&c, 1000000 + 3000));
	EXPECT_EQ(5000 + 10000000, etl_clock_to_filetime(&c, 1000000 + 3000000000ULL));
	/* 1992 MHz (section 4 sample): 10/1992 = 5/996 */
	ASSERT_EQ(0, etl_clock_init(&c, ETL_CLOCK_CPU_CYCLE, 0, 1992, 0, 0));
	EXPECT_EQ(5, c.mul);
	EXPECT_EQ(996, c.div);
	EXPECT_EQ(10000000, etl_clock_to_filetime(&c, 1992000000ULL));
	EXPECT_EQ(5, etl_clock_to_filetime(&c, 1000));	/* 5000/996 = 5.02 */
}

TEST(clock_rejects_unusable)
{
	struct etl_clock c;

	EXPECT_EQ(-EINVAL, etl_clock_init(&c, 0, 10000000, 3000, 0, 0));
	EXPECT_EQ(-EINVAL, etl_clock_init(&c, 4, 10000000, 3000, 0, 0));
	EXPECT_EQ(-EINVAL, etl_clock_init(&c, ETL_CLOCK_QPC, 0, 3000, 0, 0));
	EXPECT_EQ(-EINVAL, etl_clock_init(&c, ETL_CLOCK_CPU_CYCLE, 10000000, 0, 0, 0));
	/* a failed init leaves a clock that converts everything to 0 */
	EXPECT_EQ(0, etl_clock_to_filetime(&c, 12345));
}

TEST(clock_extremes_saturate)
{
	struct etl_clock c;
	const s64 max = (s64)(~0ULL >> 1);

	ASSERT_EQ(0, etl_clock_init(&c, ETL_CLOCK_SYSTEM_TIME, 0, 0, 100, 0));
	EXPECT_EQ(max, etl_clock_to_filetime(&c, ~0ULL));
	ASSERT_EQ(0, etl_clock_init(&c, ETL_CLOCK_SYSTEM_TIME, 0, 0, 100, 1000));
	EXPECT_EQ(0, etl_clock_to_filetime(&c, 0));
	/* 10^7 / 1 Hz: the product does not fit */
	ASSERT_EQ(0, etl_clock_init(&c, ETL_CLOCK_QPC, 1, 0, 0, 0));
	EXPECT_EQ(max, etl_clock_to_filetime(&c, 1ULL << 62));
	EXPECT_EQ(10000000LL << 20, etl_clock_to_filetime(&c, 1ULL << 20));
}

/* Random values against a 128-bit reference (test only: the reader
 * itself uses no 128-bit type).
 */
TEST(clock_matches_128bit_reference)
{
	static const u64 freqs[] = { 1, 3, 1000, 3579545, 10000000, 1000000000,
				     2399987654ULL, 1ULL << 40, (1ULL << 63) + 12345,
				     ~0ULL };
	u64 x = 88172645463325252ULL;
	struct etl_clock c;
	unsigned int i, j;

	for (i = 0; i < sizeof(freqs) / sizeof(freqs[0]); i++) {
		ASSERT_EQ(0, etl_clock_init(&c, ETL_CLOCK_QPC, freqs[i], 0,
					    1000, 0));
		for (j = 0; j < 20000; j++) {
			unsigned __int128 want;
			u64 raw;

			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			raw = j & 1 ? x : x >> (j % 64);
			want = (unsigned __int128)raw * 10000000 / freqs[i] + 1000;
			if (want > (u64)(~0ULL >> 1))
				want = ~0ULL >> 1;
			ASSERT_EQ((s64)want, etl_clock_to_filetime(&c, raw)) {
				TH_LOG("freq %llu raw %llu",
				       (unsigned long long)freqs[i],
				       (unsigned long long)raw);
			}
		}
	}
}

TEST_HARNESS_MAIN
